//! The rule catalogue as the rule pages show it (pure): every rule and every parser code,
//! with the facets the list filters on, derived from the catalogue's own data.
//!
//! How the facets are derived (shown on the page too):
//! - **GPU family**: the family of the GPU in the rule's example configuration, and the
//!   families the rule's trigger, title or message names (a product such as `H100`, an `SMxx`
//!   tag such as `SM90` or `SM12x`, `Hopper`/`Ampere`/`Ada`, `AMD`/`ROCm`/`HIP`). A trigger
//!   may name a family to exclude it ("the GPU is none of SM90/SM100"): the filter finds
//!   rules that *mention* a family.
//! - **Backend**: the values of `*_backend` keys in the example, and the backend names
//!   (the modelled backend flags' choices) the trigger, title or message names.
//! - **Model family**: the family of the example's architecture.
//! - **Stage** and **SGLang version**: the rule's own fields.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use preflight_core::catalogue::{self, ParseCodeView, RuleView};
use preflight_core::domains::arch::find_arch;
use preflight_core::domains::flags::{FLAGS, FlagKind};
use preflight_core::domains::gpu::{GPUS, Vendor, find_gpu};
use preflight_core::{LaunchConfig, SglangVersion, Stage};

use crate::route::RuleFilter;

/// The stage key of parser codes (they have no [`Stage`]).
pub const PARSE_STAGE: &str = "parse";

/// One entry of the list: a rule or a parser code.
#[derive(Clone, Debug)]
pub struct Entry {
    /// `DSA001`, `PARSE010`.
    pub code: &'static str,
    /// Kebab-case name.
    pub name: &'static str,
    /// One-line title.
    pub title: &'static str,
    /// `error`, `warning`, `info`.
    pub severity: preflight_core::Severity,
    /// Stage key (`construction`, or [`PARSE_STAGE`]).
    pub stage: &'static str,
    /// Stage label.
    pub stage_label: &'static str,
    /// Releases the entry exists in.
    pub versions: Vec<&'static str>,
    /// GPU families mentioned.
    pub gpu_families: BTreeSet<&'static str>,
    /// Backends mentioned.
    pub backends: BTreeSet<&'static str>,
    /// Model families of the example.
    pub model_families: BTreeSet<&'static str>,
    /// Lower-case text searched: code, name, title, messages.
    search: String,
    /// The rule, for rules.
    pub rule: Option<RuleView>,
    /// The parser code, for parser codes.
    pub parse: Option<ParseCodeView>,
}

/// Key of a stage (the serialized name).
pub fn stage_key(s: Stage) -> &'static str {
    match s {
        Stage::Input => "input",
        Stage::Argparse => "argparse",
        Stage::Resolution => "resolution",
        Stage::Startup => "startup",
        Stage::Construction => "construction",
        Stage::Kernel => "kernel",
    }
}

/// Stages in pipeline order: (key, label).
pub fn stages() -> Vec<(&'static str, &'static str)> {
    let mut v: Vec<(&'static str, &'static str)> = [
        Stage::Input,
        Stage::Argparse,
        Stage::Resolution,
        Stage::Startup,
        Stage::Construction,
        Stage::Kernel,
    ]
    .iter()
    .map(|s| (stage_key(*s), s.label()))
    .collect();
    v.push((PARSE_STAGE, "pasted launch (parser)"));
    v
}

/// GPU family labels in catalogue order.
pub fn gpu_families() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for g in GPUS {
        if !out.contains(&g.family) {
            out.push(g.family);
        }
    }
    out
}

/// Words of a text (letters, digits, `_`, `.`), for whole-word matching.
fn words(text: &str) -> BTreeSet<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// GPU families a text names.
fn families_named(text: &str) -> BTreeSet<&'static str> {
    let ws = words(text);
    let lower: BTreeSet<String> = ws.iter().map(|w| w.to_ascii_lowercase()).collect();
    let mut out = BTreeSet::new();
    for g in GPUS {
        let (maj, min) = g.capability;
        let nvidia = g.vendor == Vendor::Nvidia;
        let tags = [
            format!("sm{maj}{min}"),
            format!("sm{maj}x"),
            format!("sm_{maj}{min}"),
        ];
        let by_tag = nvidia && tags.iter().any(|t| lower.contains(t));
        let by_name = text.contains(g.name)
            && text
                .split(g.name)
                .skip(1)
                .all(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric()));
        let by_word = match g.family {
            "Hopper" => lower.contains("hopper"),
            "Ampere" => lower.contains("ampere"),
            "Ada Lovelace" => lower.contains("ada"),
            "AMD Instinct" => ["amd", "rocm", "hip"].iter().any(|w| lower.contains(*w)),
            _ => false,
        };
        if by_tag || by_name || by_word {
            out.insert(g.family);
        }
    }
    out
}

/// Every backend name the modelled backend flags accept (any release).
fn backend_names() -> &'static BTreeSet<&'static str> {
    static NAMES: OnceLock<BTreeSet<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut out = BTreeSet::new();
        for f in FLAGS.iter().filter(|f| f.name.ends_with("_backend")) {
            match f.kind {
                FlagKind::Choice => {
                    for v in SglangVersion::all() {
                        out.extend(f.choices(v).unwrap_or_default().iter().copied());
                    }
                }
                FlagKind::Text(vals) => out.extend(vals.iter().copied()),
                _ => {}
            }
        }
        out.remove("auto");
        out.remove("");
        out
    })
}

fn example_config(r: &RuleView) -> Option<LaunchConfig> {
    r.bad_config()
}

fn rule_entry(r: RuleView) -> Entry {
    let mut prose = format!("{} {}", r.title, r.trigger);
    for m in &r.messages {
        prose.push(' ');
        prose.push_str(m.template);
    }
    let mut gpu_families = families_named(&prose);
    let mut backends: BTreeSet<&'static str> = BTreeSet::new();
    let mut model_families = BTreeSet::new();
    let known = backend_names();
    for w in words(&prose) {
        if let Some(b) = known.get(w) {
            backends.insert(*b);
        }
    }
    if let Some(cfg) = example_config(&r) {
        if let Some(g) = cfg.gpu.as_deref().and_then(find_gpu) {
            gpu_families.insert(g.family);
        }
        if let Some(a) = cfg.arch.as_deref().and_then(find_arch) {
            model_families.insert(a.label);
        }
        for (k, v) in &cfg.args {
            if k.ends_with("_backend")
                && let Some(b) = v.as_str().and_then(|s| known.get(s))
            {
                backends.insert(*b);
            }
        }
    }
    let mut search = format!("{} {} {}", r.code, r.name, r.title);
    for m in &r.messages {
        search.push(' ');
        search.push_str(m.template);
    }
    let info = preflight_core::rules::find(r.code);
    Entry {
        code: r.code,
        name: r.name,
        title: r.title,
        severity: r.severity,
        stage: stage_key(r.stage),
        stage_label: r.stage.label(),
        versions: SglangVersion::all()
            .filter(|v| info.is_some_and(|i| i.applies_to(*v)))
            .map(|v| v.as_str())
            .collect(),
        gpu_families,
        backends,
        model_families,
        search: search.to_lowercase(),
        rule: Some(r),
        parse: None,
    }
}

fn parse_entry(p: ParseCodeView) -> Entry {
    Entry {
        code: p.code,
        name: p.name,
        title: p.title,
        severity: p.severity,
        stage: PARSE_STAGE,
        stage_label: "pasted launch (parser)",
        versions: SglangVersion::all().map(|v| v.as_str()).collect(),
        gpu_families: BTreeSet::new(),
        backends: BTreeSet::new(),
        model_families: BTreeSet::new(),
        search: format!("{} {} {} {}", p.code, p.name, p.title, p.explanation).to_lowercase(),
        rule: None,
        parse: Some(p),
    }
}

/// Every entry: the rules by code, then the parser codes (computed once).
pub fn entries() -> &'static [Entry] {
    static ALL: OnceLock<Vec<Entry>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut v: Vec<Entry> = catalogue::rules().into_iter().map(rule_entry).collect();
        v.extend(catalogue::parse_codes().into_iter().map(parse_entry));
        v
    })
}

/// The entry of a code (case-insensitive).
pub fn find(code: &str) -> Option<&'static Entry> {
    let c = code.trim().to_ascii_uppercase();
    entries().iter().find(|e| e.code == c)
}

impl Entry {
    /// Whether the entry passes the filter.
    pub fn matches(&self, f: &RuleFilter) -> bool {
        let q = f.q.to_lowercase();
        q.split_whitespace().all(|w| self.search.contains(w))
            && (f.gpu.is_empty() || self.gpu_families.contains(f.gpu.as_str()))
            && (f.backend.is_empty() || self.backends.contains(f.backend.as_str()))
            && (f.model.is_empty() || self.model_families.contains(f.model.as_str()))
            && (f.stage.is_empty() || self.stage == f.stage)
            && (f.version.is_empty() || self.versions.contains(&f.version.as_str()))
    }
}

/// The entries passing the filter.
pub fn filter(f: &RuleFilter) -> Vec<&'static Entry> {
    entries().iter().filter(|e| e.matches(f)).collect()
}

/// Values offered by a filter: those at least one entry has, in a stable order.
pub struct Facets {
    /// GPU families (catalogue order).
    pub gpu: Vec<&'static str>,
    /// Backends (alphabetical).
    pub backend: Vec<&'static str>,
    /// Model families (alphabetical).
    pub model: Vec<&'static str>,
}

/// The facet values.
pub fn facets() -> Facets {
    let all = entries();
    let gpu = gpu_families()
        .into_iter()
        .filter(|g| all.iter().any(|e| e.gpu_families.contains(g)))
        .collect();
    let backend: BTreeSet<&'static str> = all.iter().flat_map(|e| e.backends.clone()).collect();
    let model: BTreeSet<&'static str> = all.iter().flat_map(|e| e.model_families.clone()).collect();
    Facets {
        gpu,
        backend: backend.into_iter().collect(),
        model: model.into_iter().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(f: &RuleFilter) -> Vec<&'static str> {
        filter(f).iter().map(|e| e.code).collect()
    }

    #[test]
    fn every_rule_and_parser_code_is_listed_once() {
        let all = entries();
        assert_eq!(
            all.len(),
            preflight_core::rules::all().len() + catalogue::parse_codes().len()
        );
        let mut seen = BTreeSet::new();
        assert!(all.iter().all(|e| seen.insert(e.code)));
        assert_eq!(codes(&RuleFilter::default()).len(), all.len());
        assert!(find("dsa001").is_some());
        assert!(find("PARSE010").is_some_and(|e| e.parse.is_some()));
    }

    #[test]
    fn search_reads_code_title_and_message() {
        let f = |q: &str| RuleFilter {
            q: q.into(),
            ..RuleFilter::default()
        };
        assert!(codes(&f("dsa001")).contains(&"DSA001"));
        // a phrase of the message only
        let c = codes(&f("FP8 KV cache on NVIDIA SM120/SM121"));
        assert!(c.contains(&"DSA001") && c.contains(&"DSA002"), "{c:?}");
        assert!(!c.contains(&"ATTN001"), "{c:?}");
        assert!(codes(&f("flashmla_sparse_q8 SM90")).contains(&"DSV4001"));
        assert!(codes(&f("no such words anywhere")).is_empty());
    }

    #[test]
    fn facets_follow_the_example_and_the_trigger() {
        let dsa001 = find("DSA001").unwrap();
        assert!(
            dsa001.gpu_families.contains("Blackwell (SM120)"),
            "{:?}",
            dsa001.gpu_families
        );
        assert!(dsa001.backends.contains("flashinfer_sparse_mla"));
        assert!(
            dsa001.model_families.contains("GLM-5 (MLA + DSA)"),
            "{:?}",
            dsa001.model_families
        );
        assert_eq!(dsa001.stage, "construction");
        let dsv4 = find("DSV4001").unwrap();
        assert!(
            dsv4.gpu_families.contains("Hopper"),
            "{:?}",
            dsv4.gpu_families
        );
        assert!(dsv4.gpu_families.contains("Blackwell (SM100)"));
        let f = RuleFilter {
            backend: "flashinfer_sparse_mla".into(),
            stage: "construction".into(),
            version: "0.5.19".into(),
            ..RuleFilter::default()
        };
        let c = codes(&f);
        assert!(c.contains(&"DSA001") && c.contains(&"DSA002"), "{c:?}");
        let only_new = RuleFilter {
            version: "0.5.19".into(),
            ..RuleFilter::default()
        };
        assert!(!codes(&only_new).contains(&"DSV4005")); // 0.5.23 only
        let fc = facets();
        assert!(fc.gpu.contains(&"Hopper") && fc.backend.contains(&"trtllm"));
        assert!(fc.model.contains(&"DeepSeek-V4"));
    }
}
