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
/// Whether a backend value is worth proposing on this vendor: fixes never suggest another
/// vendor's kernels, platform-only backends (Ascend, Intel, MiniCPM, LLaDA2, QSA), Tencent's
/// separately installed hpc_ops, or the CUDA-graph-less torch_native / flex_attention.
fn suggestible(key: &str, value: &str, amd: bool) -> bool {
    const NEVER: &[&str] = &[
        "ascend",
        "intel_amx",
        "intel_xpu",
        "minicpm_flashattn",
        "minicpm_flashinfer",
        "llada2_cfg_flashinfer",
        "qsa",
        "hpc_ops",
        "torch_native",
        "flex_attention",
        "wave",
    ];
    if NEVER.contains(&value) {
        return false;
    }
    let dsa_side = key == "dsa_prefill_backend" || key == "dsa_decode_backend";
    let attention = key.ends_with("attention_backend");
    if amd {
        (!attention || matches!(value, "triton" | "aiter" | "dsa" | "dsv4"))
            && (!dsa_side || matches!(value, "triton" | "aiter" | "tilelang"))
    } else {
        value != "aiter" && !(dsa_side && value == "triton")
    }
}

/// Values tried first for a key (most common, least risky), before the rest of its choices.
fn preferred(key: &str) -> &'static [&'static str] {
    match key {
        "kv_cache_dtype" => &["fp8_e4m3", "bf16", "bfloat16"],
        "attention_backend" | "prefill_attention_backend" | "decode_attention_backend" => {
            &["flashinfer", "triton", "fa3", "trtllm_mha", "trtllm_mla"]
        }
        _ => &[],
    }
}

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
            FlagKind::Choice => out.extend(
                f.choices(v)
                    .unwrap_or_default()
                    .iter()
                    // a value equal to SGLang's default is the same fix as removing the flag
                    .filter(|s| !ALIASES.contains(s) && **s != f.default_label)
                    .map(|s| Some(s.to_string())),
            ),
            FlagKind::Int(vals) => out.extend(vals.iter().map(|i| Some(i.to_string()))),
            FlagKind::Text(vals) => out.extend(vals.iter().map(|s| Some(s.to_string()))),
            FlagKind::Bool => out.push(Some("true".into())),
        }
    } else if let Some(o) = crate::sglang_cli::find_dest(key, v) {
        // a flag Preflight does not model: removal, or one of its argparse choices
        out.extend(o.choices.iter().map(|c| Some(c.to_string())));
    }
    let pref = preferred(key);
    out.sort_by_key(|c| match c {
        None => 0,
        Some(v) => pref
            .iter()
            .position(|p| p == v)
            .map_or(pref.len() + 1, |i| i + 1),
    });
    out
}

fn modifiable(key: &str, v: SglangVersion) -> bool {
    key == "cuda_version"
        || key
            .strip_prefix("env.")
            .is_some_and(|n| find_env(n).is_some())
        || find_flag(key).is_some()
        || crate::sglang_cli::find_dest(key, v).is_some()
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

/// A single change that gets past SGLang's first exception but meets another one.
struct Partial {
    change: (String, Option<String>),
}

/// Most partial single changes kept per error for the pair step.
const PARTIALS_PER_ERROR: usize = 12;

/// Finds verified fixes for the errors of `diags` (which were produced for `cfg`),
/// best first; `evaluate` is the validator without fix search.
///
/// Single changes over the keys the errors name come first. SGLang stops at its first
/// exception, so when none is clean, a change that gets past the first error and meets
/// another is extended by a change over the keys of the new one (two errors, one two-flag
/// fix, without trying every pair of values).
pub fn search(
    cfg: &LaunchConfig,
    v: SglangVersion,
    diags: &[Diagnostic],
    evaluate: &dyn Fn(&LaunchConfig) -> Vec<Diagnostic>,
) -> Vec<Fix> {
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.code.clone())
        .collect();
    let mut keys: Vec<String> = Vec::new();
    for d in diags.iter().filter(|d| d.severity == Severity::Error) {
        for k in &d.flags {
            if modifiable(k, v) && !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    let amd = cfg
        .gpu
        .as_deref()
        .and_then(crate::domains::gpu::find_gpu)
        .is_some_and(|g| g.vendor == crate::domains::gpu::Vendor::Amd);
    let mut found: Vec<Candidate> = Vec::new();
    let mut partials: Vec<Partial> = Vec::new();
    // Evaluates a change set; records it as a fix when no error is left and returns the
    // remaining error codes otherwise.
    let try_changes = |changes: Vec<(String, Option<String>)>,
                       hardware: bool,
                       found: &mut Vec<Candidate>|
     -> Option<Vec<String>> {
        let fixed = apply(cfg, &changes);
        if fixed == *cfg {
            return None;
        }
        let out = evaluate(&fixed);
        let remaining: Vec<String> = out
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.code.clone())
            .collect();
        if !remaining.is_empty() {
            return Some(remaining);
        }
        let kernel_warnings = out.iter().filter(|d| d.stage == Stage::Kernel).count();
        let sets = changes.iter().filter(|(_, v)| v.is_some()).count();
        let order: usize = changes
            .iter()
            .map(|(k, val)| candidates(k, v).iter().position(|c| c == val).unwrap_or(99))
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
        None
    };

    // single changes
    let first = errors.first().cloned();
    for k in &keys {
        for val in candidates(k, v) {
            if val.as_deref().is_some_and(|x| !suggestible(k, x, amd)) {
                continue;
            }
            if cfg.get_key(k) == val {
                continue;
            }
            if let Some(remaining) = try_changes(vec![(k.clone(), val.clone())], false, &mut found)
            {
                // SGLang stops at its first exception: a change that gets past it and meets
                // another error is half of a two-step fix
                if remaining.first() != first.as_ref()
                    && !errors.iter().any(|e| remaining.contains(e))
                {
                    partials.push(Partial {
                        change: (k.clone(), val),
                    });
                }
            }
        }
    }
    // two steps: past the first error, then past the one it revealed
    if found.is_empty() {
        for p in partials.iter().take(PARTIALS_PER_ERROR * 2) {
            let step1 = apply(cfg, std::slice::from_ref(&p.change));
            let next = evaluate(&step1);
            let mut keys2: Vec<String> = Vec::new();
            for d in next.iter().filter(|d| d.severity == Severity::Error) {
                for k in &d.flags {
                    if modifiable(k, v) && !keys2.contains(k) && *k != p.change.0 {
                        keys2.push(k.clone());
                    }
                }
            }
            for k in &keys2 {
                for val in candidates(k, v) {
                    if val.as_deref().is_some_and(|x| !suggestible(k, x, amd)) {
                        continue;
                    }
                    if step1.get_key(k) == val {
                        continue;
                    }
                    try_changes(
                        vec![p.change.clone(), (k.clone(), val.clone())],
                        false,
                        &mut found,
                    );
                }
            }
            if found.len() >= MAX_FIXES {
                break;
            }
        }
    }
    // otherwise pairs over the keys of a single error (two flags of one rule)
    if found.is_empty() {
        for (i, k1) in keys.iter().enumerate() {
            for k2 in keys.iter().skip(i + 1) {
                for v1 in candidates(k1, v)
                    .into_iter()
                    .filter(|x| x.as_deref().is_none_or(|x| suggestible(k1, x, amd)))
                {
                    if cfg.get_key(k1) == v1 {
                        continue;
                    }
                    for v2 in candidates(k2, v)
                        .into_iter()
                        .filter(|x| x.as_deref().is_none_or(|x| suggestible(k2, x, amd)))
                    {
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
                if found.len() >= MAX_FIXES {
                    break;
                }
            }
        }
    }
    found.sort_by_key(|c| c.rank);
    // a change that walks into a known kernel failure is no fix when a clean one exists
    if found.iter().any(|c| c.rank.2 == 0) {
        found.retain(|c| c.rank.2 == 0);
    }
    found.dedup_by(|a, b| a.fix.config == b.fix.config);
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
