//! Releases side by side, and what changes on an upgrade: the same launch checked against
//! several SGLang releases with the one check API ([`crate::check`]), each release parsing the
//! launch with its own option table and judging it with its own checks.

use crate::check::{CheckOptions, Checked, check, check_config};
use crate::config::LaunchConfig;
use crate::report::{Severity, VerdictClass};
use crate::version::SglangVersion;
use serde::Serialize;

/// One release's verdict on the launch.
#[derive(Clone, Debug, Serialize)]
pub struct ReleaseRow {
    /// The release asked for.
    pub sglang: String,
    /// Whether Preflight models it (otherwise the verdict is "cannot judge").
    pub modelled: bool,
    /// The verdict class.
    pub class: VerdictClass,
    /// The verdict in plain words.
    pub headline: String,
    /// The first error (or known crash): code and SGLang's message.
    pub first: Option<Finding>,
    /// The values SGLang runs (the shown rows of the resolved-field table), `key=text`.
    pub runs: Vec<(String, String)>,
}

/// A finding named in a comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    /// Rule or parse code.
    pub code: String,
    /// The message.
    pub message: String,
}

/// A difference between two releases for the launch.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// The verdict changed, e.g. valid on 0.5.21, refused on 0.5.23.
    Verdict {
        /// The older release and its verdict.
        from: (String, VerdictClass),
        /// The newer release and its verdict.
        to: (String, VerdictClass),
        /// The error behind the newer verdict, if any.
        because: Option<Finding>,
    },
    /// An error only the newer release raises.
    NewError {
        /// The release.
        sglang: String,
        /// The error.
        finding: Finding,
    },
    /// An error the newer release no longer raises.
    GoneError {
        /// The release.
        sglang: String,
        /// The error.
        finding: Finding,
    },
    /// The same error, worded differently by the newer release.
    Reworded {
        /// The newer release.
        sglang: String,
        /// The rule.
        code: String,
        /// The older wording.
        from: String,
        /// The newer wording.
        to: String,
    },
    /// A resolved value changed (backend, page size, KV dtype, ...).
    Value {
        /// The field.
        key: String,
        /// Older release and value (`""` = not set).
        from: (String, String),
        /// Newer release and value.
        to: (String, String),
    },
}

impl Change {
    /// The change in plain words.
    pub fn describe(&self) -> String {
        match self {
            Change::Verdict { from, to, because } => {
                let why = because
                    .as_ref()
                    .map(|f| format!(": {} {}", f.code, f.message))
                    .unwrap_or_default();
                format!(
                    "{} on {}, {} on {}{why}",
                    from.1.label(),
                    from.0,
                    to.1.label(),
                    to.0
                )
            }
            Change::NewError { sglang, finding } => {
                format!("new in {sglang}: {} {}", finding.code, finding.message)
            }
            Change::GoneError { sglang, finding } => {
                format!("gone in {sglang}: {} {}", finding.code, finding.message)
            }
            Change::Reworded {
                sglang, code, to, ..
            } => format!("{code} is worded differently in {sglang}: {to}"),
            Change::Value { key, from, to } => {
                let show = |v: &str| {
                    if v.is_empty() {
                        "unset".to_string()
                    } else {
                        v.to_string()
                    }
                };
                format!(
                    "{key}: {} on {} → {} on {}",
                    show(&from.1),
                    from.0,
                    show(&to.1),
                    to.0
                )
            }
        }
    }
}

/// A launch across releases.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// One row per release, oldest first.
    pub rows: Vec<ReleaseRow>,
    /// What changes from each release to the next.
    pub changes: Vec<Change>,
}

/// Every release Preflight knows (modelled or not), oldest first.
pub fn all_releases() -> Vec<SglangVersion> {
    SglangVersion::known().collect()
}

fn row(v: SglangVersion, c: &Checked) -> ReleaseRow {
    if !v.is_modelled() {
        // what the nearest modelled release says is not this release's verdict
        return ReleaseRow {
            sglang: v.to_string(),
            modelled: false,
            class: VerdictClass::CannotJudge,
            headline: c.headline.clone(),
            first: None,
            runs: Vec::new(),
        };
    }
    let first = c
        .parse
        .iter()
        .find(|d| d.severity == Severity::Error)
        .map(|d| Finding {
            code: d.code.to_string(),
            message: d.message.clone(),
        })
        .or_else(|| {
            c.report.as_ref().and_then(|r| {
                r.diagnostics
                    .iter()
                    .find(|d| d.severity == Severity::Error && d.code != "INPUT004")
                    .map(|d| Finding {
                        code: d.code.to_string(),
                        message: d.message.clone(),
                    })
            })
        });
    let runs = c
        .report
        .as_ref()
        .map(|r| {
            r.resolved
                .iter()
                .filter(|f| f.shown && !f.value.is_null())
                .map(|f| (f.key.to_string(), f.text.to_string()))
                .collect()
        })
        .unwrap_or_default();
    ReleaseRow {
        sglang: v.to_string(),
        modelled: v.is_modelled(),
        class: c.class,
        headline: c.headline.clone(),
        first,
        runs,
    }
}

/// The differences between two rows (older `a`, newer `b`).
pub fn diff(a: &ReleaseRow, b: &ReleaseRow) -> Vec<Change> {
    let mut out = Vec::new();
    if a.class != b.class {
        // the verdict line names the error that makes the difference
        out.push(Change::Verdict {
            from: (a.sglang.clone(), a.class),
            to: (b.sglang.clone(), b.class),
            because: b.first.clone().or_else(|| a.first.clone()),
        });
    } else if let (Some(x), Some(y)) = (&a.first, &b.first)
        && x.code == y.code
        && x.message != y.message
    {
        out.push(Change::Reworded {
            sglang: b.sglang.clone(),
            code: y.code.clone(),
            from: x.message.clone(),
            to: y.message.clone(),
        });
    } else if a.first != b.first {
        if let Some(x) = &a.first {
            out.push(Change::GoneError {
                sglang: b.sglang.clone(),
                finding: x.clone(),
            });
        }
        if let Some(y) = &b.first {
            out.push(Change::NewError {
                sglang: b.sglang.clone(),
                finding: y.clone(),
            });
        }
    }
    // values only when both start: an error stops resolution half-way
    let starts = |r: &ReleaseRow| {
        matches!(
            r.class,
            VerdictClass::Starts | VerdictClass::StartsWithRisks | VerdictClass::Crashes
        )
    };
    if starts(a) && starts(b) {
        let mut keys: Vec<&String> = a.runs.iter().map(|(k, _)| k).collect();
        for (k, _) in &b.runs {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
        for k in keys {
            let get = |r: &ReleaseRow| {
                r.runs
                    .iter()
                    .find(|(kk, _)| kk == k)
                    .map(|(_, v)| v.clone())
                    .unwrap_or_default()
            };
            let (x, y) = (get(a), get(b));
            if x != y {
                out.push(Change::Value {
                    key: k.clone(),
                    from: (a.sglang.clone(), x),
                    to: (b.sglang.clone(), y),
                });
            }
        }
    }
    out
}

fn compare_with(releases: &[SglangVersion], run: &dyn Fn(SglangVersion) -> Checked) -> Comparison {
    let rows: Vec<ReleaseRow> = releases.iter().map(|v| row(*v, &run(*v))).collect();
    // differences between consecutive modelled releases: an unmodelled one says nothing
    let modelled: Vec<&ReleaseRow> = rows.iter().filter(|r| r.modelled).collect();
    let changes = modelled.windows(2).flat_map(|w| diff(w[0], w[1])).collect();
    Comparison { rows, changes }
}

/// A pasted launch across `releases` (each parses it with its own options).
pub fn compare_text(text: &str, opts: &CheckOptions, releases: &[SglangVersion]) -> Comparison {
    compare_with(releases, &|v| {
        let o = CheckOptions {
            sglang: Some(v.to_string()),
            ..opts.clone()
        };
        check(text, &o, None)
    })
}

/// A configuration across `releases`.
pub fn compare_config(
    cfg: &LaunchConfig,
    opts: &CheckOptions,
    releases: &[SglangVersion],
) -> Comparison {
    compare_with(releases, &|v| {
        let o = CheckOptions {
            sglang: Some(v.to_string()),
            ..opts.clone()
        };
        check_config(cfg, &o)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_side_by_side() {
        let opts = CheckOptions {
            gpu: Some("DGX Spark".into()),
            ..Default::default()
        };
        let cmd = "python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype fp8_e4m3 --dsa-prefill-backend trtllm --dsa-decode-backend trtllm";
        let c = compare_text(cmd, &opts, &all_releases());
        assert_eq!(c.rows.len(), all_releases().len());
        // both modelled releases refuse it, with their own wording
        let first = |v: &str| {
            c.rows
                .iter()
                .find(|r| r.sglang == v)
                .and_then(|r| r.first.clone())
                .unwrap()
        };
        assert_eq!(first("0.5.19").code, "DSA002");
        assert_ne!(first("0.5.19").message, first("0.5.23").message);
        // every row says whether its release is modelled; one that is not cannot be judged
        // (every known release is modelled today; `scripts/add-release.sh` adds new ones
        // unmodelled)
        for r in &c.rows {
            let v = SglangVersion::parse(&r.sglang).unwrap();
            assert_eq!(r.modelled, v.is_modelled(), "{}", r.sglang);
            assert_eq!(
                r.class == VerdictClass::CannotJudge,
                !r.modelled,
                "{}",
                r.sglang
            );
        }
        // the same refusal, worded differently by 0.5.23
        assert!(
            c.changes
                .iter()
                .any(|ch| matches!(ch, Change::Reworded { code, .. } if code == "DSA002"))
        );
    }
}
