//! Picker models derived from the core's tables (pure; rendered by `components::select_field`).
//!
//! Every select has an "unset" entry showing SGLang's default, and always contains the
//! current value: a value the tables do not know (from a hand-edited URL, or a choice
//! another release does not have) is shown as an extra "not valid here" entry, so the
//! picker never lies about the state while the diagnostics explain the problem.

use preflight_core::domains::arch::archs_for;
use preflight_core::domains::flags::{FlagKind, FlagSpec};
use preflight_core::domains::gpu::{DEFAULT_CUDA, GPUS, Vendor, find_gpu};
use preflight_core::{LaunchConfig, SglangVersion};

use crate::state::CUSTOM_GPU;

/// One `<option>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Opt {
    /// The value sent on change (empty = unset).
    pub value: String,
    /// What the user reads.
    pub label: String,
    /// Why choosing it would make the launch fail or risky (the rule and SGLang's message),
    /// shown as the option's tooltip; the label then carries the rule code.
    pub reason: Option<String>,
}

impl Opt {
    fn new(value: impl Into<String>, label: impl Into<String>) -> Opt {
        Opt {
            value: value.into(),
            label: label.into(),
            reason: None,
        }
    }
}

/// What choosing each value of a picker would do: value → (mark for the label, e.g.
/// `✕ ATTN001`, and the words for the tooltip). Values that leave the launch starting are
/// absent, and so are values that fail exactly as the launch does with the flag unset (the
/// failure is another flag's).
pub type Reasons = std::collections::BTreeMap<String, (String, String)>;

/// The reasons of one flag's values on `cfg` ([`preflight_core::matrix::option_reasons`]).
pub fn reasons_for(cfg: &LaunchConfig, flag: &FlagSpec, v: SglangVersion) -> Reasons {
    use preflight_core::report::VerdictClass;
    let Some(choices) = flag.choices(v) else {
        return Reasons::new();
    };
    let values: Vec<&str> = std::iter::once("").chain(choices.iter().copied()).collect();
    let cells = preflight_core::matrix::option_reasons(cfg, flag.name, &values);
    // what the launch does with the flag unset: a value that fails the same way says nothing
    // about the value (the failure comes from elsewhere, e.g. a crash of another flag)
    let unset = cells
        .iter()
        .find(|(v, _)| v.is_empty())
        .map(|(_, c)| (c.class, c.code.clone()));
    let some_value_works = cells.iter().any(|(_, c)| {
        matches!(
            c.class,
            VerdictClass::Starts | VerdictClass::StartsWithRisks
        )
    });
    cells
        .into_iter()
        .filter(|(value, c)| {
            if value.is_empty() {
                // unset fails: worth saying when another value of this flag avoids it
                some_value_works
            } else {
                unset.as_ref() != Some(&(c.class, c.code.clone()))
            }
        })
        .filter_map(|(value, c)| {
            let icon = match c.class {
                VerdictClass::Refused => "✕",
                VerdictClass::Crashes => "⚡",
                VerdictClass::StartsWithRisks => "!",
                _ => return None,
            };
            let code = c.code.clone().unwrap_or_default();
            let words = format!(
                "{}: {code} {}",
                c.class.label(),
                c.message.clone().unwrap_or_default()
            );
            Some((value, (format!("{icon} {code}"), words)))
        })
        .collect()
}

/// An `<optgroup>` (no label = options at the top level).
#[derive(Clone, Debug, PartialEq)]
pub struct OptGroup {
    /// Group label.
    pub label: Option<String>,
    /// Its options.
    pub options: Vec<Opt>,
}

/// A select: its groups and the value currently selected.
#[derive(Clone, Debug, PartialEq)]
pub struct SelectModel {
    /// Groups in display order.
    pub groups: Vec<OptGroup>,
    /// The selected value (always one of the options).
    pub selected: String,
}

impl SelectModel {
    /// A model selecting `current` (empty = unset), adding it when no option has it.
    fn new(mut groups: Vec<OptGroup>, current: Option<&str>, invalid_note: &str) -> SelectModel {
        let selected = current.unwrap_or_default().to_string();
        let known = groups
            .iter()
            .flat_map(|g| &g.options)
            .any(|o| o.value == selected);
        if !known {
            groups.push(OptGroup {
                label: None,
                options: vec![Opt::new(
                    selected.clone(),
                    format!("{selected} ({invalid_note})"),
                )],
            });
        }
        SelectModel { groups, selected }
    }

    /// Every option, flattened (for tests and lookups).
    pub fn options(&self) -> impl Iterator<Item = &Opt> {
        self.groups.iter().flat_map(|g| &g.options)
    }
}

fn top(options: Vec<Opt>) -> OptGroup {
    OptGroup {
        label: None,
        options,
    }
}

/// Label of the "unset" entry of a flag picker.
pub fn unset_label(default_label: &str) -> String {
    format!("unset · SGLang default: {default_label}")
}

/// The SGLang release picker.
pub fn version_select(cfg: &LaunchConfig) -> SelectModel {
    let mut opts = vec![Opt::new(
        "",
        format!("latest modelled ({})", SglangVersion::LATEST),
    )];
    opts.extend(
        SglangVersion::all()
            .rev()
            .map(|v| Opt::new(v.as_str(), v.as_str())),
    );
    SelectModel::new(vec![top(opts)], cfg.sglang.as_deref(), "not modelled")
}

/// The GPU picker: catalogue products grouped by family, then a custom capability.
pub fn gpu_select(cfg: &LaunchConfig) -> SelectModel {
    let mut groups: Vec<OptGroup> = vec![top(vec![Opt::new("", "— no GPU —")])];
    for g in GPUS {
        let detail = match (g.vendor, g.gfx) {
            (Vendor::Amd, Some(gfx)) => gfx.to_string(),
            _ => format!("SM{}{}", g.capability.0, g.capability.1),
        };
        let opt = Opt::new(
            g.name,
            format!("{} · {detail} · {} GB", g.name, g.memory_gb),
        );
        match groups.last_mut() {
            Some(last) if last.label.as_deref() == Some(g.family) => last.options.push(opt),
            _ => groups.push(OptGroup {
                label: Some(g.family.to_string()),
                options: vec![opt],
            }),
        }
    }
    groups.push(OptGroup {
        label: Some("Other".into()),
        options: vec![Opt::new(CUSTOM_GPU, "Custom compute capability…")],
    });
    let current = match (&cfg.gpu, &cfg.compute_capability) {
        (Some(name), _) => Some(find_gpu(name).map_or(name.as_str(), |g| g.name)),
        (None, Some(_)) => Some(CUSTOM_GPU),
        (None, None) => None,
    };
    SelectModel::new(groups, current, "not in the catalogue")
}

/// CUDA versions offered by the CUDA picker.
const CUDA_VERSIONS: &[&str] = &["13.0", "12.9", "12.8", "12.6", "12.4", "12.1"];

/// The CUDA (torch build) picker.
pub fn cuda_select(cfg: &LaunchConfig) -> SelectModel {
    let mut opts = vec![Opt::new(
        "",
        format!("unset · default: {}.{}", DEFAULT_CUDA.0, DEFAULT_CUDA.1),
    )];
    opts.extend(CUDA_VERSIONS.iter().map(|v| Opt::new(*v, *v)));
    SelectModel::new(
        vec![top(opts)],
        cfg.cuda_version.as_deref(),
        "not a CUDA version",
    )
}

/// The architecture picker: `label — name`.
pub fn arch_select(cfg: &LaunchConfig) -> SelectModel {
    let mut opts = vec![Opt::new("", "unset · from the model path")];
    // every architecture the selected release's model registry serves
    opts.extend(
        archs_for(preflight_core::version_of(cfg))
            .map(|a| Opt::new(a.name, format!("{} — {}", a.label, a.name))),
    );
    SelectModel::new(vec![top(opts)], cfg.arch.as_deref(), "unknown architecture")
}

/// The picker of a flag with a closed choice list for `v`, its options marked with
/// `reasons` when given; `None` for other kinds.
pub fn flag_select(
    flag: &FlagSpec,
    v: SglangVersion,
    current: Option<&str>,
    reasons: Option<&Reasons>,
) -> Option<SelectModel> {
    let choices = flag.choices(v)?;
    let mut opts = vec![Opt::new("", unset_label(flag.default_label))];
    opts.extend(choices.iter().map(|c| Opt::new(*c, *c)));
    if let Some(r) = reasons {
        for o in &mut opts {
            if let Some((mark, words)) = r.get(&o.value) {
                o.label = format!("{} · {mark}", o.label);
                o.reason = Some(words.clone());
            }
        }
    }
    let note = format!("not a choice in {v}");
    Some(SelectModel::new(vec![top(opts)], current, &note))
}

/// Suggested values of a free-text or integer flag (offered in a `<datalist>`).
pub fn flag_suggestions(flag: &FlagSpec) -> Vec<String> {
    match flag.kind {
        FlagKind::Text(vals) => vals.iter().map(|s| s.to_string()).collect(),
        FlagKind::Int(vals) => vals.iter().map(|i| i.to_string()).collect(),
        FlagKind::Choice | FlagKind::Bool => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::from_query;
    use preflight_core::domains::flags::{FLAGS, find_flag};

    #[test]
    fn current_value_is_always_an_option() {
        let cfg = from_query("?gpu=%3Cscript%3E&arch=x&kv-cache-dtype=%22&sglang=9&cuda=zz");
        for m in [
            gpu_select(&cfg),
            arch_select(&cfg),
            version_select(&cfg),
            cuda_select(&cfg),
            flag_select(
                find_flag("kv_cache_dtype").unwrap(),
                SglangVersion::LATEST,
                cfg.arg("kv_cache_dtype").as_deref(),
                None,
            )
            .unwrap(),
        ] {
            assert!(m.options().any(|o| o.value == m.selected), "{m:?}");
            let shown = m.options().find(|o| o.value == m.selected).unwrap();
            assert!(shown.label.ends_with(')'), "{m:?}");
        }
        assert_eq!(gpu_select(&cfg).selected, "<script>");
    }

    #[test]
    fn gpu_picker_groups_by_family_and_resolves_spellings() {
        let m = gpu_select(&from_query("?gpu=rtx5090"));
        assert_eq!(m.selected, "RTX 5090");
        let sm120 = m
            .groups
            .iter()
            .find(|g| g.label.as_deref() == Some("Blackwell (SM120)"))
            .unwrap();
        assert!(sm120.options.iter().any(|o| o.value == "RTX 5090"));
        assert_eq!(gpu_select(&from_query("?cc=12.1")).selected, CUSTOM_GPU);
        assert_eq!(gpu_select(&from_query("?gpu=")).selected, "");
        // no family is split in two groups
        let mut labels: Vec<_> = m.groups.iter().filter_map(|g| g.label.clone()).collect();
        let n = labels.len();
        labels.dedup();
        assert_eq!(labels.len(), n);
    }

    #[test]
    fn choice_lists_follow_the_release() {
        let f = find_flag("kv_cache_dtype").unwrap();
        let cfg = from_query("?kv-cache-dtype=fp4_e2m1");
        let cur = cfg.arg("kv_cache_dtype");
        let old = flag_select(f, SglangVersion::V0_5_19, cur.as_deref(), None).unwrap();
        let new = flag_select(f, SglangVersion::V0_5_23, cur.as_deref(), None).unwrap();
        assert!(old.options().any(|o| o.label == "fp4_e2m1"));
        assert!(
            new.options()
                .any(|o| o.label == "fp4_e2m1 (not a choice in 0.5.23)")
        );
        for flag in FLAGS {
            if let Some(m) = flag_select(flag, SglangVersion::LATEST, None, None) {
                assert_eq!(m.selected, "");
                assert!(m.groups[0].options[0].label.contains(flag.default_label));
            }
        }
    }
}
