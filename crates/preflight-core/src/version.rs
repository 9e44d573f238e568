//! SGLang releases that Preflight models.

use serde::{Deserialize, Serialize};
use std::fmt;

/// An SGLang release whose launch checks Preflight reproduces.
///
/// Ordered by release: `V0_5_19 < V0_5_23`. The newest is the default
/// ([`SglangVersion::LATEST`]). Rules carry the range of versions they apply to
/// ([`VersionRange`]); messages and source lines that changed between releases are
/// stored per range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SglangVersion {
    /// sglang 0.5.19 (PyPI wheel): the release the two seed documents were written against.
    #[serde(rename = "0.5.19")]
    V0_5_19,
    /// sglang 0.5.23 (PyPI wheel): the pinned release every rule is verified against.
    #[serde(rename = "0.5.23")]
    V0_5_23,
}

impl SglangVersion {
    /// The newest modelled release, used when a configuration names none.
    pub const LATEST: SglangVersion = SglangVersion::V0_5_23;
    /// Every modelled release, oldest first.
    pub const ALL: [SglangVersion; 2] = [SglangVersion::V0_5_19, SglangVersion::V0_5_23];

    /// The version string as PyPI spells it, e.g. `"0.5.23"`.
    pub fn as_str(self) -> &'static str {
        match self {
            SglangVersion::V0_5_19 => "0.5.19",
            SglangVersion::V0_5_23 => "0.5.23",
        }
    }

    /// The git tag of the release on GitHub (`v0.5.23`), used for source links.
    pub fn git_tag(self) -> &'static str {
        match self {
            SglangVersion::V0_5_19 => "v0.5.19",
            SglangVersion::V0_5_23 => "v0.5.23",
        }
    }

    /// Parses `"0.5.23"`, `"v0.5.23"` or `"0.5.23.post1"`-style strings.
    ///
    /// Returns `None` for a release Preflight does not model.
    pub fn parse(s: &str) -> Option<SglangVersion> {
        let s = s.trim().trim_start_matches(['v', 'V']);
        let base: String = s
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .next()
            .unwrap_or("")
            .trim_end_matches('.')
            .to_string();
        let base = base.split('.').take(3).collect::<Vec<_>>().join(".");
        SglangVersion::ALL.into_iter().find(|v| v.as_str() == base)
    }
}

impl fmt::Display for SglangVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An inclusive range of modelled SGLang releases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionRange {
    /// First release the item applies to.
    pub from: SglangVersion,
    /// Last release the item applies to (inclusive).
    pub to: SglangVersion,
}

impl VersionRange {
    /// Every modelled release.
    pub const ALL: VersionRange = VersionRange {
        from: SglangVersion::V0_5_19,
        to: SglangVersion::V0_5_23,
    };
    /// Only 0.5.19.
    pub const V19: VersionRange = VersionRange {
        from: SglangVersion::V0_5_19,
        to: SglangVersion::V0_5_19,
    };
    /// Only 0.5.23.
    pub const V23: VersionRange = VersionRange {
        from: SglangVersion::V0_5_23,
        to: SglangVersion::V0_5_23,
    };

    /// Whether `v` lies in the range.
    pub fn contains(self, v: SglangVersion) -> bool {
        self.from <= v && v <= self.to
    }

    /// Human form: `0.5.19–0.5.23` or a single version.
    pub fn label(self) -> String {
        if self.from == self.to {
            self.from.to_string()
        } else {
            format!("{}–{}", self.from, self.to)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_release_spellings() {
        assert_eq!(SglangVersion::parse("0.5.23"), Some(SglangVersion::V0_5_23));
        assert_eq!(
            SglangVersion::parse("v0.5.19"),
            Some(SglangVersion::V0_5_19)
        );
        assert_eq!(
            SglangVersion::parse("0.5.23.post1"),
            Some(SglangVersion::V0_5_23)
        );
        assert_eq!(
            SglangVersion::parse("0.5.23-cu129"),
            Some(SglangVersion::V0_5_23)
        );
        assert_eq!(SglangVersion::parse("0.4.0"), None);
        assert_eq!(SglangVersion::parse(""), None);
    }
}
