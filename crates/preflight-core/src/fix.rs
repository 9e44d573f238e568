//! Corrected flags: a search over small changes to the configuration, each verified by
//! the validator itself (the corrected configuration raises no error).
//!
//! Candidates, in rank order: changes that keep the GPU and the model (fewest changed
//! keys first; among equals, fewer kernel-stage warnings, then removing a flag before
//! setting one, then SGLang's choice order), then a change of GPU.

use crate::config::LaunchConfig;
use crate::domains::flags::{FlagKind, find_env, find_flag};
use crate::domains::gpu::GPUS;
use crate::report::{Change, Diagnostic, Fix, Severity, Stage};
use crate::version::SglangVersion;

/// Deprecated aliases never proposed as fixes.
const ALIASES: &[&str] = &["nsa", "compressed", "tokenspeed_mla"];

/// GPUs tried for a hardware change, in order of preference.
const HARDWARE: &[&str] = &[
    "h100",
    "b200",
    "rtx-5090",
    "dgx-spark",
    "b300",
    "a100",
    "l40s",
    "jetson-thor",
    "mi300x",
    "mi355x",
];

/// Most non-hardware fixes kept per diagnostic.
pub const MAX_FIXES: usize = 3;

/// The values a key may be changed to (`None` = remove the flag).
fn candidates(key: &str, v: SglangVersion) -> Vec<Option<String>> {
    let mut out: Vec<Option<String>> = vec![None];
    if let Some(name) = key.strip_prefix("env.") {
        if let Some(e) = find_env(name) {
            out.extend(
                e.values
                    .iter()
                    .filter(|s| !s.is_empty())
                    .map(|s| Some(s.to_string())),
            );
        }
        return out;
    }
    if key == "cuda_version" {
        out.extend(["12.9", "13.0"].iter().map(|s| Some(s.to_string())));
        return out;
    }
    if let Some(f) = find_flag(key) {
        match f.kind {
            FlagKind::Choice(c) => out.extend(
                c(v).iter()
                    .filter(|s| !ALIASES.contains(s))
                    .map(|s| Some(s.to_string())),
            ),
            FlagKind::Int(vals) => out.extend(vals.iter().map(|i| Some(i.to_string()))),
            FlagKind::Text(vals) => out.extend(vals.iter().map(|s| Some(s.to_string()))),
            FlagKind::Bool => out.push(Some("true".into())),
        }
    }
    out
}

fn modifiable(key: &str) -> bool {
    key == "cuda_version"
        || key
            .strip_prefix("env.")
            .is_some_and(|n| find_env(n).is_some())
        || find_flag(key).is_some()
}

fn apply(cfg: &LaunchConfig, changes: &[(String, Option<String>)]) -> LaunchConfig {
    let mut c = cfg.clone();
    for (k, v) in changes {
        c.set_key(k, v.as_deref());
    }
    c
}

struct Candidate {
    fix: Fix,
    rank: (bool, usize, usize, usize, usize),
}

/// Finds verified fixes for the errors of `diags` (which were produced for `cfg`),
/// best first; `evaluate` is the validator without fix search.
pub fn search(
    cfg: &LaunchConfig,
    v: SglangVersion,
    diags: &[Diagnostic],
    evaluate: &dyn Fn(&LaunchConfig) -> Vec<Diagnostic>,
) -> Vec<Fix> {
    let mut keys: Vec<String> = Vec::new();
    for d in diags.iter().filter(|d| d.severity == Severity::Error) {
        for k in &d.flags {
            if modifiable(k) && !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    let mut found: Vec<Candidate> = Vec::new();
    let try_changes =
        |changes: Vec<(String, Option<String>)>, hardware: bool, found: &mut Vec<Candidate>| {
            let fixed = apply(cfg, &changes);
            if fixed == *cfg {
                return;
            }
            let out = evaluate(&fixed);
            if out.iter().any(|d| d.severity == Severity::Error) {
                return;
            }
            let kernel_warnings = out.iter().filter(|d| d.stage == Stage::Kernel).count();
            let sets = changes.iter().filter(|(_, v)| v.is_some()).count();
            let order: usize = changes
                .iter()
                .map(|(k, v)| {
                    candidates(k, v_of(cfg))
                        .iter()
                        .position(|c| c == v)
                        .unwrap_or(99)
                })
                .sum();
            let changes: Vec<Change> = changes
                .into_iter()
                .map(|(k, to)| Change {
                    from: cfg.get_key(&k),
                    key: k,
                    to,
                })
                .collect();
            let title = changes
                .iter()
                .map(Change::describe)
                .collect::<Vec<_>>()
                .join(", ");
            let command = crate::command::render_command(&fixed);
            found.push(Candidate {
                rank: (hardware, changes.len(), kernel_warnings, sets, order),
                fix: Fix {
                    title,
                    changes,
                    changes_hardware: hardware,
                    config: fixed,
                    command,
                },
            });
        };
    fn v_of(cfg: &LaunchConfig) -> SglangVersion {
        cfg.sglang
            .as_deref()
            .and_then(SglangVersion::parse)
            .unwrap_or(SglangVersion::LATEST)
    }

    // single changes
    for k in &keys {
        for val in candidates(k, v) {
            if cfg.get_key(k) != val {
                try_changes(vec![(k.clone(), val)], false, &mut found);
            }
        }
    }
    // pairs, only when no single change works
    if found.is_empty() {
        for (i, k1) in keys.iter().enumerate() {
            for k2 in keys.iter().skip(i + 1) {
                for v1 in candidates(k1, v) {
                    if cfg.get_key(k1) == v1 {
                        continue;
                    }
                    for v2 in candidates(k2, v) {
                        if cfg.get_key(k2) == v2 {
                            continue;
                        }
                        try_changes(
                            vec![(k1.clone(), v1.clone()), (k2.clone(), v2)],
                            false,
                            &mut found,
                        );
                    }
                }
            }
        }
    }
    found.sort_by_key(|a| a.rank);
    let mut fixes: Vec<Fix> = found.into_iter().map(|c| c.fix).take(MAX_FIXES).collect();

    // a change of hardware, last
    let current = cfg
        .gpu
        .as_deref()
        .and_then(crate::domains::gpu::find_gpu)
        .map(|g| g.id);
    let mut hw_found = Vec::new();
    for id in HARDWARE {
        if Some(*id) == current {
            continue;
        }
        if let Some(g) = GPUS.iter().find(|g| g.id == *id) {
            try_changes(
                vec![("gpu".into(), Some(g.name.to_string()))],
                true,
                &mut hw_found,
            );
            if !hw_found.is_empty() {
                break;
            }
        }
    }
    fixes.extend(hw_found.into_iter().map(|c| c.fix));
    fixes
}
