//! The rule catalogue: one [`RuleInfo`] per SGLang check or rewrite (and per Preflight
//! input check), with SGLang's message per release, its source line, and the
//! explanation shown to users. The logic that decides when a rule fires lives in
//! [`crate::pipeline`], which mirrors SGLang's own functions in SGLang's order; the
//! catalogue is data.
//!
//! Codes are a permanent contract: never reuse or renumber one. See `docs/adding-a-rule.md`.

// Without `docs`, the constants that hold shared explanations are unused.
#![cfg_attr(not(feature = "docs"), allow(dead_code))]

use crate::report::{Severity, SourceLoc, Stage};
use crate::version::{SglangVersion, VersionRange};

// A rule's documentation (title, explanation, trigger, situations, solutions, example,
// evidence) is only compiled in with the `docs` feature (on by default): the embedded
// element builds the core without it, since it shows verdicts and messages only and its
// full layout fetches the texts from `rules.json` (see `tests/coverage.rs`). Every field is
// wrapped by `scripts/wrap-rule-docs.py`; without `docs` a text is "", a list empty, an
// option None.

/// A documentation text of a [`RuleInfo`]: the text with the `docs` feature, `""` without.
#[cfg(feature = "docs")]
macro_rules! doc {
    ($s:expr) => {
        $s
    };
}
#[cfg(not(feature = "docs"))]
macro_rules! doc {
    ($s:expr) => {
        ""
    };
}
/// A documentation list of a [`RuleInfo`] (`solutions`): the list with `docs`, empty without.
#[cfg(feature = "docs")]
macro_rules! doc_list {
    [$($s:expr),* $(,)?] => {
        &[$($s),*]
    };
}
#[cfg(not(feature = "docs"))]
macro_rules! doc_list {
    [$($s:expr),* $(,)?] => {
        &[]
    };
}
/// An optional documentation field of a [`RuleInfo`] (`example`, `evidence`): the value
/// with `docs`, `None` without.
#[cfg(feature = "docs")]
macro_rules! doc_opt {
    ($s:expr) => {
        $s
    };
}
#[cfg(not(feature = "docs"))]
macro_rules! doc_opt {
    ($s:expr) => {
        None
    };
}

pub mod args;
pub mod attention;
pub mod context;
pub mod cp_tp;
pub mod det;
pub mod dsa;
pub mod dsv4;
pub mod hicache;
pub mod hisparse;
pub mod input;
pub mod kernel;
pub mod kv;
pub mod kv_shard;
pub mod linear;
pub mod lora;
pub mod mega_moe;
pub mod model;
pub mod model_overrides;
pub mod moe;
pub mod moe_budget;
pub mod parallel;
pub mod pd;
pub mod serving;
pub mod sp;
pub mod sp_muse;
pub mod spec;
pub mod validation;

/// A message template for a range of releases, in SGLang's f-string syntax
/// (`{x!r}` = `repr`); see [`crate::pyfmt::render`].
pub type Msg = (VersionRange, &'static str);

/// A source line for a range of releases: (range, repository-relative file, 1-based line).
pub type Src = (VersionRange, &'static str, u32);

/// Catalogue entry for one rule.
#[derive(Debug)]
pub struct RuleInfo {
    /// Stable code, e.g. `DSA001`.
    pub code: &'static str,
    /// Kebab-case name.
    pub name: &'static str,
    /// Severity of the diagnostic.
    pub severity: Severity,
    /// When it happens.
    pub stage: Stage,
    /// Python exception class for SGLang errors (`ValueError`, `AssertionError`, …).
    pub exception: Option<&'static str>,
    /// Releases the rule exists in.
    pub versions: VersionRange,
    /// SGLang's message (or log line) per release range.
    pub messages: &'static [Msg],
    /// Other texts users see for the same failure, in the same template syntax: for kernel-stage
    /// rules the kernel package's wording in other versions or on another code path (the
    /// message is the one the modelled releases' pinned packages print). Empty for most rules.
    pub variants: &'static [&'static str],
    /// Where SGLang raises or logs it, per release range.
    pub sources: &'static [Src],
    /// One-line title.
    pub title: &'static str,
    /// What it means, in plain words.
    pub explanation: &'static str,
    /// When it happens (the trigger condition, in words).
    pub trigger: &'static str,
    /// Common situations that lead to it.
    pub situations: &'static str,
    /// Solutions, best first.
    pub solutions: &'static [&'static str],
    /// Keys involved (`ServerArgs` names, `gpu`, `arch`, `env.NAME`); the fix search varies these.
    pub flags: &'static [&'static str],
    /// A configuration (LaunchConfig JSON) on which the rule fires, and a corrected one on
    /// which it does not; both are checked by the catalogue tests.
    pub example: Option<(&'static str, &'static str)>,
    /// True when SGLang raises/logs it; false for Preflight's own checks and known kernel failures.
    pub raised_by_sglang: bool,
    /// For kernel-stage warnings: the public report or kernel source that shows the failure.
    pub evidence: Option<&'static str>,
}

impl RuleInfo {
    /// Defaults for struct-update syntax.
    pub const BASE: RuleInfo = RuleInfo {
        code: "",
        name: "",
        severity: Severity::Error,
        stage: Stage::Resolution,
        exception: Some("ValueError"),
        versions: VersionRange::ALL,
        messages: &[],
        variants: &[],
        sources: &[],
        title: "",
        explanation: "",
        trigger: "",
        situations: "",
        solutions: &[],
        flags: &[],
        example: None,
        raised_by_sglang: true,
        evidence: None,
    };

    /// The message template in force for `v` (the newest one when none matches).
    pub fn message(&self, v: SglangVersion) -> &'static str {
        self.messages
            .iter()
            .find(|(r, _)| r.contains(v))
            .or_else(|| self.messages.last())
            .map(|(_, m)| *m)
            .unwrap_or("")
    }

    /// The source location for `v`, as `SourceLoc` with a GitHub link at the release tag.
    pub fn source(&self, v: SglangVersion) -> Option<SourceLoc> {
        let (r, file, line) = self
            .sources
            .iter()
            .find(|(r, _, _)| r.contains(v))
            .or_else(|| self.sources.last())?;
        let ver = if r.contains(v) { v } else { r.last() };
        Some(SourceLoc {
            file,
            line: *line,
            version: ver.as_str(),
            tag: ver.git_tag(),
        })
    }

    /// The rule's page as Markdown (title, message per release, meaning, trigger, situations,
    /// solutions, example, stage, source links): `docs/rules/CODE.md`, `preflight explain CODE`.
    pub fn page_markdown(&self) -> String {
        use std::fmt::Write;
        let mut o = String::new();
        let _ = writeln!(
            o,
            "# {}: {}
",
            self.code, self.title
        );
        let kind = match (self.severity, self.exception) {
            (crate::report::Severity::Error, Some(e)) => format!("error (`{e}`)"),
            (crate::report::Severity::Error, None) => "error".to_string(),
            (crate::report::Severity::Warning, _) => "warning".to_string(),
            (crate::report::Severity::Info, _) => "info (silent rewrite or default)".to_string(),
        };
        let _ = writeln!(o, "- **Name:** `{}`", self.name);
        let _ = writeln!(o, "- **Kind:** {kind}");
        let _ = writeln!(o, "- **When:** {}", self.stage.label());
        let _ = writeln!(o, "- **SGLang versions:** {}", self.versions.label());
        if !self.raised_by_sglang {
            let _ = writeln!(o, "- **Raised by:** Preflight (not an SGLang message)");
        }
        let _ = writeln!(o, "\n## Message\n");
        for (range, m) in self.messages {
            let _ = writeln!(
                o,
                "{}:\n\n```text\n{}\n```\n",
                range.label(),
                if m.is_empty() {
                    "(empty: a bare `assert`)"
                } else {
                    m
                }
            );
        }
        if !self.variants.is_empty() {
            let _ = writeln!(o, "Also seen as:\n");
            for v in self.variants {
                let _ = writeln!(o, "```text\n{v}\n```\n");
            }
        }
        let _ = writeln!(o, "## What it means\n\n{}\n", self.explanation);
        if !self.trigger.is_empty() {
            let _ = writeln!(o, "## When it happens\n\n{}\n", self.trigger);
        }
        if !self.situations.is_empty() {
            let _ = writeln!(o, "## Common situations\n\n{}\n", self.situations);
        }
        if !self.solutions.is_empty() {
            let _ = writeln!(o, "## Solutions\n");
            for (i, s) in self.solutions.iter().enumerate() {
                let _ = writeln!(o, "{}. {s}", i + 1);
            }
            o.push('\n');
        }
        if let Some((bad, good)) = self.example {
            let _ = writeln!(
                o,
                "## Example\n\nFires on:\n\n```json\n{bad}\n```\n\nCorrected:\n\n```json\n{good}\n```\n"
            );
        }
        if !self.sources.is_empty() || self.evidence.is_some() {
            let _ = writeln!(o, "## Source\n");
            for v in crate::version::SglangVersion::all() {
                if let Some(src) = self
                    .sources
                    .iter()
                    .any(|(r, _, _)| r.contains(v))
                    .then(|| self.source(v))
                    .flatten()
                {
                    let _ = writeln!(o, "- [`{}`]({})", src.cite(), src.url());
                }
            }
            if let Some(e) = self.evidence {
                let _ = writeln!(o, "- Evidence: <{e}>");
            }
        }
        o
    }

    /// Whether the rule exists in release `v`.
    pub fn applies_to(&self, v: SglangVersion) -> bool {
        self.versions.contains(v)
    }
}

/// An SGLang check (raise, assert or log line) Preflight deliberately does not model, with
/// the reason (it needs weights, a live device, other processes, a platform outside the
/// catalogue, ...). Each rules module lists its own in `UNMODELLED`; `docs/coverage.md`
/// accounts for every upstream site with a rule or one of these.
#[derive(Debug)]
pub struct Unmodelled {
    /// Repository-relative file, e.g. `python/sglang/srt/arg_groups/parallel_hook.py`.
    pub file: &'static str,
    /// The enclosing function as SGLang names it (qualified for methods: `Class.method`).
    pub function: &'static str,
    /// A literal part of the message that tells the site apart within the function; `""`
    /// covers every site of the function.
    pub message: &'static str,
    /// Why it is not modelled.
    pub reason: &'static str,
}

/// Every unmodelled SGLang check, across the rules modules.
pub fn unmodelled() -> Vec<&'static Unmodelled> {
    let mut v: Vec<&'static Unmodelled> = Vec::new();
    for list in UNMODELLED_LISTS {
        v.extend(list.iter());
    }
    v
}

/// The `UNMODELLED` list of every rules module (add a module's list here).
static UNMODELLED_LISTS: &[&[Unmodelled]] = &[
    parallel::UNMODELLED,
    spec::UNMODELLED,
    moe::UNMODELLED,
    moe_budget::UNMODELLED,
    mega_moe::UNMODELLED,
    sp::UNMODELLED,
    sp_muse::UNMODELLED,
    pd::UNMODELLED,
    serving::UNMODELLED,
    hicache::UNMODELLED,
    linear::UNMODELLED,
    kv::UNMODELLED,
    kv_shard::UNMODELLED,
    cp_tp::UNMODELLED,
    attention::UNMODELLED,
    validation::UNMODELLED,
    context::UNMODELLED,
    lora::UNMODELLED,
    args::UNMODELLED,
    hisparse::UNMODELLED,
    model::UNMODELLED,
    model_overrides::UNMODELLED,
    dsv4::UNMODELLED,
];

/// Every rule, sorted by code.
pub fn all() -> Vec<&'static RuleInfo> {
    let mut v: Vec<&'static RuleInfo> = Vec::new();
    v.extend_from_slice(input::RULES);
    v.extend_from_slice(attention::RULES);
    v.extend_from_slice(dsa::RULES);
    v.extend_from_slice(dsv4::RULES);
    v.extend_from_slice(det::RULES);
    v.extend_from_slice(kv::RULES);
    v.extend_from_slice(kv_shard::RULES);
    v.extend_from_slice(cp_tp::RULES);
    v.extend_from_slice(linear::RULES);
    v.extend_from_slice(model::RULES);
    v.extend_from_slice(model_overrides::RULES);
    v.extend_from_slice(parallel::RULES);
    v.extend_from_slice(spec::RULES);
    v.extend_from_slice(kernel::RULES);
    v.extend_from_slice(moe::RULES);
    v.extend_from_slice(moe_budget::RULES);
    v.extend_from_slice(mega_moe::RULES);
    v.extend_from_slice(sp::RULES);
    v.extend_from_slice(sp_muse::RULES);
    v.extend_from_slice(pd::RULES);
    v.extend_from_slice(serving::RULES);
    v.extend_from_slice(hicache::RULES);
    v.extend_from_slice(context::RULES);
    v.extend_from_slice(validation::RULES);
    v.extend_from_slice(lora::RULES);
    v.extend_from_slice(args::RULES);
    v.extend_from_slice(hisparse::RULES);
    v.sort_by_key(|r| r.code);
    v
}

/// Looks a rule up by code (case-insensitive).
pub fn find(code: &str) -> Option<&'static RuleInfo> {
    let c = code.trim().to_ascii_uppercase();
    all().into_iter().find(|r| r.code == c)
}
