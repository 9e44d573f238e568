//! SGLang releases as data.
//!
//! A release is an index into the generated table [`crate::generated::releases::RELEASES`]
//! (oldest first), so adding a release appends one row and one constant
//! (`scripts/add-release.sh X.Y.Z`); nothing else in the code names the list of releases.
//! A release is *modelled* once every rule has been checked against its code (see
//! `docs/adding-a-release.md`); other known releases are listed (their option tables exist)
//! but Preflight does not claim to judge them.
//!
//! Rules, messages and sources carry [`VersionRange`]s: open ranges (`since`, optional
//! inclusive `until`), so a rule that has not changed needs no edit when a release is added.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

pub use crate::generated::releases::RELEASES;

/// One row of the release table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Release {
    /// The version as PyPI spells it, e.g. `"0.5.23"`.
    pub version: &'static str,
    /// The git tag on GitHub (`v0.5.23`), used for source links.
    pub tag: &'static str,
    /// True when every rule has been checked against this release's code.
    pub modelled: bool,
}

/// An SGLang release Preflight knows (see the module docs).
///
/// Ordered by release. Constants such as [`SglangVersion::V0_5_23`] are generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SglangVersion(pub(crate) u8);

impl SglangVersion {
    /// The newest modelled release, used when a configuration names none.
    pub const LATEST: SglangVersion = latest_modelled();

    /// Every modelled release, oldest first.
    pub fn all() -> impl DoubleEndedIterator<Item = SglangVersion> + Clone {
        Self::known().filter(|v| v.info().modelled)
    }

    /// Every release with extracted tables (modelled or not), oldest first.
    pub fn known() -> impl DoubleEndedIterator<Item = SglangVersion> + Clone {
        (0..RELEASES.len() as u8).map(SglangVersion)
    }

    /// The oldest known release.
    pub const OLDEST: SglangVersion = SglangVersion(0);

    /// Its row of the release table.
    pub fn info(self) -> &'static Release {
        &RELEASES[(self.0 as usize).min(RELEASES.len() - 1)]
    }

    /// Whether every rule has been checked against this release.
    pub fn is_modelled(self) -> bool {
        self.info().modelled
    }

    /// The version string as PyPI spells it, e.g. `"0.5.23"`.
    pub fn as_str(self) -> &'static str {
        self.info().version
    }

    /// The git tag of the release on GitHub (`v0.5.23`), used for source links.
    pub fn git_tag(self) -> &'static str {
        self.info().tag
    }

    /// Parses `"0.5.23"`, `"v0.5.23"`, `"0.5.23.post1"` or `"0.5.23-cu129"`-style strings
    /// into a known release (modelled or not); `"latest"` is the newest modelled release (as
    /// the `lmsysorg/sglang:latest` image is read).
    ///
    /// Returns `None` for a release Preflight has no tables for.
    pub fn parse_known(s: &str) -> Option<SglangVersion> {
        if s.trim().eq_ignore_ascii_case("latest") {
            return Some(SglangVersion::LATEST);
        }
        let s = s.trim().trim_start_matches(['v', 'V']);
        let base: String = s
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .next()
            .unwrap_or("")
            .trim_end_matches('.')
            .to_string();
        let base = base.split('.').take(3).collect::<Vec<_>>().join(".");
        Self::known().find(|v| v.as_str() == base)
    }

    /// Like [`SglangVersion::parse_known`], but only modelled releases.
    pub fn parse(s: &str) -> Option<SglangVersion> {
        Self::parse_known(s).filter(|v| v.is_modelled())
    }

    /// The modelled release nearest to `self` (itself when modelled; ties go to the newer).
    pub fn nearest_modelled(self) -> SglangVersion {
        Self::all()
            .min_by_key(|m| (m.0.abs_diff(self.0), std::cmp::Reverse(m.0)))
            .unwrap_or(Self::LATEST)
    }
}

const fn latest_modelled() -> SglangVersion {
    let mut i = RELEASES.len();
    while i > 0 {
        i -= 1;
        if RELEASES[i].modelled {
            return SglangVersion(i as u8);
        }
    }
    SglangVersion(0)
}

impl fmt::Display for SglangVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for SglangVersion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for SglangVersion {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        SglangVersion::parse_known(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown SGLang release {s:?}")))
    }
}

/// A range of releases: from `since` (inclusive) up to `until` (inclusive), or open-ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionRange {
    /// First release the item applies to.
    pub since: SglangVersion,
    /// Last release the item applies to (inclusive); `None` = every later release too.
    pub until: Option<SglangVersion>,
}

impl VersionRange {
    /// Every release.
    pub const ALL: VersionRange = VersionRange::since(SglangVersion::OLDEST);
    /// Only 0.5.19 (the seed documents' wording).
    pub const V19: VersionRange = VersionRange::until(SglangVersion::V0_5_19);
    /// 0.5.23 and later.
    pub const V23: VersionRange = VersionRange::since(SglangVersion::V0_5_23);

    /// `v` and every later release.
    pub const fn since(v: SglangVersion) -> VersionRange {
        VersionRange {
            since: v,
            until: None,
        }
    }

    /// Every release up to `v` (inclusive).
    pub const fn until(v: SglangVersion) -> VersionRange {
        VersionRange {
            since: SglangVersion::OLDEST,
            until: Some(v),
        }
    }

    /// From `a` to `b`, both inclusive.
    pub const fn between(a: SglangVersion, b: SglangVersion) -> VersionRange {
        VersionRange {
            since: a,
            until: Some(b),
        }
    }

    /// Exactly one release.
    pub const fn only(v: SglangVersion) -> VersionRange {
        VersionRange::between(v, v)
    }

    /// Whether `v` lies in the range.
    pub fn contains(self, v: SglangVersion) -> bool {
        self.since <= v && self.until.is_none_or(|u| v <= u)
    }

    /// The newest known release in the range.
    pub fn last(self) -> SglangVersion {
        let newest = SglangVersion((RELEASES.len() - 1) as u8);
        self.until.map_or(newest, |u| u.min(newest))
    }

    /// Human form: `0.5.19–0.5.23`, `0.5.20 and later`, or a single version.
    pub fn label(self) -> String {
        match self.until {
            Some(u) if u == self.since => self.since.to_string(),
            Some(u) => format!("{}–{}", self.since, u),
            None => format!("{} and later", self.since),
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
        assert_eq!(
            SglangVersion::parse_known("0.5.21"),
            Some(SglangVersion::V0_5_21)
        );
    }

    #[test]
    fn releases_are_ordered_and_ranges_open() {
        let all: Vec<_> = SglangVersion::known().collect();
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(all.len(), RELEASES.len());
        assert!(SglangVersion::LATEST.is_modelled());
        let r = VersionRange::since(SglangVersion::V0_5_21);
        assert!(!r.contains(SglangVersion::V0_5_20));
        assert!(r.contains(SglangVersion::V0_5_23));
        assert!(VersionRange::until(SglangVersion::V0_5_21).contains(SglangVersion::V0_5_19));
        assert!(!VersionRange::until(SglangVersion::V0_5_21).contains(SglangVersion::V0_5_22));
        assert_eq!(
            SglangVersion::V0_5_21.nearest_modelled(),
            SglangVersion::V0_5_19.max(SglangVersion::V0_5_21.nearest_modelled())
        );
        let json = serde_json::to_string(&SglangVersion::V0_5_23).unwrap();
        assert_eq!(json, "\"0.5.23\"");
    }
}
