//! Corrected flags: a search over small changes to the configuration, each verified by
//! the validator itself: a fix's corrected launch raises no error, and a known kernel crash
//! (`KERN*`, stage kernel) is an error too.
//!
//! Which changes are tried: single changes over the keys the errors name; when none is clean,
//! two steps (past SGLang's first exception, then past the one it revealed), pairs over the
//! keys of one error, then every named flag back to SGLang's default (and one step past the
//! error that meets). A change of GPU is tried only when no software fix exists; it is marked
//! [`Fix::changes_hardware`] and never becomes the corrected launch.
//!
//! Rank, best first: a corrected launch that leaves no warning (any stage; warnings SGLang
//! raises anyway with the named flags at their defaults do not count) before one that leaves
//! warnings; then one that keeps the launch's GPUs before one that resizes it, and among those
//! the fewest GPUs added or removed, more before fewer (the user chose the GPUs for the
//! model's memory, which Preflight does not model); then fewer changed keys; then removing a
//! flag (back to SGLang's default) before setting one; then the order values are tried in (the common, least risky
//! values first, then SGLang's choice order). A value that argparse reads as the release's
//! default is the same launch as removing the flag and is not tried. Spellings SGLang reads as
//! one value ([`SYNONYMS`]) never make two fixes: the user's own spelling is kept when the
//! launch uses one of them, else the canonical one; deprecated aliases are never proposed.

use crate::args::ServerArgs;
use crate::config::LaunchConfig;
use crate::domains::flags::{FlagKind, find_env, find_flag};
use crate::domains::gpu::GPUS;
use crate::pyfmt::PyVal;
use crate::report::{Change, Diagnostic, Fix, Severity};
use crate::version::{SglangVersion, VersionRange};

/// Spellings SGLang reads as one value of a field.
pub struct Synonyms {
    /// The `ServerArgs` fields whose values they are.
    pub keys: &'static [&'static str],
    /// The canonical spelling: the one SGLang's code rewrites the others to, or names first.
    pub canonical: &'static str,
    /// The other spellings.
    pub others: &'static [&'static str],
    /// The others are deprecated aliases (SGLang logs a deprecation and rewrites them): they are
    /// never proposed, whatever the user wrote.
    pub deprecated: bool,
    /// The releases in which SGLang's code says so.
    pub releases: VersionRange,
    /// Where SGLang's code says so (`file:line@version`).
    pub source: &'static str,
}

const ATTENTION_KEYS: &[&str] = &[
    "attention_backend",
    "prefill_attention_backend",
    "decode_attention_backend",
    "speculative_draft_attention_backend",
];

/// The spellings SGLang treats as the same value, from its own code. Validation still decides
/// per spelling (`--attention-backend trtllm_mla` accepts `bf16` only,
/// `arg_groups/overrides.py:1214@0.5.23`): two spellings collapse into one fix only when both
/// are clean.
pub static SYNONYMS: &[Synonyms] = &[
    Synonyms {
        keys: &["kv_cache_dtype", "speculative_draft_kv_cache_dtype"],
        canonical: "bfloat16",
        others: &["bf16"],
        deprecated: false,
        releases: VersionRange::ALL,
        // `elif server_args_kv_cache_dtype in ("bf16", "bfloat16"): kv_cache_dtype = torch.bfloat16`;
        // DSA rewrites bf16 to bfloat16 (arg_groups/overrides.py:539-540@0.5.23)
        source: "python/sglang/srt/mem_cache/kv_cache_dtype.py:74@0.5.23",
    },
    Synonyms {
        keys: &["dtype"],
        canonical: "float16",
        others: &["half"],
        deprecated: false,
        releases: VersionRange::ALL,
        // `_STR_DTYPE_TO_TORCH_DTYPE = {"half": torch.float16, "float16": torch.float16, ...}`
        source: "python/sglang/srt/configs/model_config.py:2274@0.5.23",
    },
    Synonyms {
        keys: &["dtype"],
        canonical: "float32",
        others: &["float"],
        deprecated: false,
        releases: VersionRange::ALL,
        source: "python/sglang/srt/configs/model_config.py:2274@0.5.23",
    },
    Synonyms {
        keys: ATTENTION_KEYS,
        canonical: "dsa",
        others: &["nsa"],
        deprecated: true,
        releases: VersionRange::ALL,
        // `"nsa",  # Deprecated alias for "dsa"`
        source: "python/sglang/srt/arg_groups/choices.py:75@0.5.23",
    },
    Synonyms {
        keys: ATTENTION_KEYS,
        canonical: "dsv4",
        others: &["compressed"],
        deprecated: true,
        releases: VersionRange::ALL,
        // `"compressed",  # Deprecated alias for "dsv4"`
        source: "python/sglang/srt/arg_groups/choices.py:78@0.5.23",
    },
    Synonyms {
        keys: ATTENTION_KEYS,
        canonical: "cutedsl_mla",
        others: &["tokenspeed_mla"],
        deprecated: true,
        releases: VersionRange::V23,
        // `"tokenspeed_mla",  # Deprecated alias for "cutedsl_mla"` (its own backend before)
        source: "python/sglang/srt/arg_groups/choices.py:87@0.5.23",
    },
];

/// The synonym class of a value of `key` in release `v`, if it has one.
fn synonyms_of(key: &str, value: &str, v: SglangVersion) -> Option<&'static Synonyms> {
    SYNONYMS.iter().find(|s| {
        s.releases.contains(v)
            && s.keys.contains(&key)
            && (s.canonical == value || s.others.contains(&value))
    })
}

/// The canonical spelling of a value (the value itself when it has no synonym).
pub fn canonical<'a>(key: &str, value: &'a str, v: SglangVersion) -> &'a str {
    match synonyms_of(key, value, v) {
        Some(s) => s.canonical,
        None => value,
    }
}

/// Whether a value is a deprecated alias (never proposed).
fn deprecated_alias(key: &str, value: &str, v: SglangVersion) -> bool {
    synonyms_of(key, value, v).is_some_and(|s| s.deprecated && s.canonical != value)
}

/// The spelling a fix uses for a value of `key`: the user's own when the launch writes one of
/// its synonyms anywhere (in any field), else the canonical one.
fn preferred_spelling(cfg: &LaunchConfig, key: &str, value: &str, v: SglangVersion) -> String {
    let Some(s) = synonyms_of(key, value, v).filter(|s| !s.deprecated) else {
        return value.to_string();
    };
    let spellings = std::iter::once(s.canonical).chain(s.others.iter().copied());
    let used = |w: &str| {
        cfg.args
            .values()
            .any(|x| x.as_str().is_some_and(|t| t == w))
    };
    spellings
        .clone()
        .find(|w| used(w))
        .unwrap_or(s.canonical)
        .to_string()
}

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

/// Whether a backend value is worth proposing on this vendor: fixes never suggest another
/// vendor's kernels, platform-only backends (Ascend, Intel, MiniCPM, LLaDA2, QSA), separately
/// installed kernels (Tencent's hpc_ops; tokenspeed_mla before 0.5.23, `find_spec("tokenspeed_mla")`
/// in `utils/common.py:398@0.5.22`, a deprecated alias from 0.5.23), or the CUDA-graph-less
/// torch_native / flex_attention.
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
        "tokenspeed_mla",
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

/// The text of a field's default in release `v` (`None` when the default is `None` or not a
/// plain value).
fn default_text(defaults: &ServerArgs, key: &str) -> Option<String> {
    match defaults.get(key)? {
        PyVal::Str(s) => Some(s),
        PyVal::Int(i) => Some(i.to_string()),
        PyVal::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The values a key may be changed to, in the order they are tried (`None` = remove the
/// flag, first). A value equal to the release's default is the same launch as removing the
/// flag and deprecated aliases are never proposed; both are left out.
fn candidates(key: &str, v: SglangVersion, defaults: &ServerArgs) -> Vec<Option<String>> {
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
    let mut values: Vec<String> = Vec::new();
    if let Some(f) = find_flag(key) {
        match f.kind {
            FlagKind::Choice => values.extend(
                f.choices(v)
                    .unwrap_or_default()
                    .iter()
                    .map(|s| s.to_string()),
            ),
            FlagKind::Int(vals) => values.extend(vals.iter().map(|i| i.to_string())),
            FlagKind::Text(vals) => values.extend(vals.iter().map(|s| s.to_string())),
            FlagKind::Bool => values.push("true".into()),
        }
    } else if let Some(o) = crate::sglang_cli::find_dest(key, v) {
        // a flag Preflight does not model: removal, or one of its argparse choices
        values.extend(o.choices.iter().map(|c| c.to_string()));
    }
    let default = default_text(defaults, key);
    out.extend(
        values
            .into_iter()
            .filter(|s| Some(s) != default.as_ref() && !deprecated_alias(key, s, v))
            .map(Some),
    );
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

/// A clean change set and what ranks it.
struct Candidate {
    fix: Fix,
    /// The corrected launch leaves a warning (any stage) that SGLang's defaults for the model
    /// and GPU do not raise anyway.
    warned: bool,
    /// The fix changes how the launch spreads over GPUs ([`RESIZING`], [`gpus`]): the user chose the
    /// GPUs for the model's memory, which Preflight does not model, so a fix that keeps them
    /// ranks first (`--ep-size 2` before `remove --tp-size` for a 235B model on eight GPUs).
    resizes: bool,
    /// The corrected launch's GPUs minus the user's ([`gpus`]): among resizing fixes the
    /// smallest change ranks first, and of two equally near the one with more GPUs (the weights
    /// that needed the user's GPUs still fit): `--tp-size 4` before `--tp-size 2` before
    /// `remove --tp-size` for a 128-head model on `--tp-size 3`.
    gpu_change: i64,
    /// Changed keys.
    changes: usize,
    /// Keys set (rather than removed).
    sets: usize,
    /// Sum of the values' positions in their keys' candidate lists.
    order: usize,
    /// Values spelled otherwise than [`preferred_spelling`].
    respelled: usize,
    /// The changes with every value in its canonical spelling, sorted (synonyms are equal).
    canon: Vec<(String, Option<String>)>,
}

/// The flags whose change changes how the model's layers are split over the GPUs; a fix that
/// changes none of them still resizes the launch when it changes [`gpus`].
const RESIZING: &[&str] = &["tp_size", "pp_size", "nnodes"];

/// The GPUs a launch spreads over: `--tp-size × --pp-size`, times `--dp-size` without DP
/// attention (with `--enable-dp-attention` the data-parallel attention ranks live inside the TP
/// group, `--dp-size` at most `--tp-size`). Dropping `--enable-dp-attention` from `--tp-size 8
/// --dp-size 2` doubles it; `--dp-size 8` under DP attention keeps it.
fn gpus(cfg: &LaunchConfig, v: SglangVersion) -> i64 {
    let a = crate::args::parse(cfg, v).args;
    let dp = if a.enable_dp_attention {
        1
    } else {
        a.dp_size.max(1)
    };
    a.tp_size.max(1) * a.pp_size.max(1) * dp
}

impl Candidate {
    fn rank(&self) -> (bool, bool, i64, bool, usize, usize, usize) {
        (
            self.warned,
            self.resizes,
            self.gpu_change.abs(),
            self.gpu_change < 0,
            self.changes,
            self.sets,
            self.order,
        )
    }
}

/// A change set that gets past SGLang's first exception but meets another one.
struct Partial {
    changes: Vec<(String, Option<String>)>,
    /// The corrected launch's diagnostics (the error it meets).
    diags: Vec<Diagnostic>,
}

/// The codes of the errors among `diags`, in order.
fn error_codes(diags: &[Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.code.to_string())
        .collect()
}

/// Most partial single changes kept per error for the pair step.
const PARTIALS_PER_ERROR: usize = 12;

/// The keys a fix search may change: the modifiable flags the errors of `diags` name.
fn error_keys(diags: &[Diagnostic], v: SglangVersion) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for d in diags.iter().filter(|d| d.severity == Severity::Error) {
        for k in &d.flags {
            if modifiable(k, v) && !keys.iter().any(|x| x == k) {
                keys.push(k.to_string());
            }
        }
    }
    keys
}

fn baseline_with(
    cfg: &LaunchConfig,
    keys: &[String],
    evaluate: &dyn Fn(&LaunchConfig) -> Vec<Diagnostic>,
) -> Vec<String> {
    let mut base = cfg.clone();
    for k in keys {
        base.set_key(k, None);
    }
    evaluate(&base)
        .into_iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| d.code.to_string())
        .collect()
}

/// SGLang's own warnings for the launch's model and GPU: the warning codes of `cfg` with every
/// flag the errors of `diags` name left to its default. A fix whose corrected launch leaves
/// only these causes no warning (ATTN111 warns on every default DeepSeek-V3 launch on SM100:
/// it must not push SGLang's default backend out of the fixes). The fix ranking uses it.
pub fn baseline_warnings(cfg: &LaunchConfig, diags: &[Diagnostic]) -> Vec<String> {
    let v = crate::version_of(cfg);
    baseline_with(cfg, &error_keys(diags, v), &crate::diagnose)
}

/// Finds verified fixes for the errors of `diags` (which were produced for `cfg`),
/// best first (see the module docs); `evaluate` is the validator without fix search.
///
/// Single changes over the keys the errors name come first. SGLang stops at its first
/// exception, so when none is clean, a change that gets past the first error and meets
/// another is extended by a change over the keys of the new one (two errors, one two-flag
/// fix, without trying every pair of values); then pairs of values over the keys of one
/// error; then every named flag removed. A change of GPU is tried only when no software fix
/// exists. The breadth stops early once [`MAX_FIXES`] fixes that leave no warning are found.
pub fn search(
    cfg: &LaunchConfig,
    v: SglangVersion,
    diags: &[Diagnostic],
    evaluate: &dyn Fn(&LaunchConfig) -> Vec<Diagnostic>,
) -> Vec<Fix> {
    let errors = error_codes(diags);
    let keys = error_keys(diags, v);
    let amd = cfg
        .gpu
        .as_deref()
        .and_then(crate::domains::gpu::find_gpu)
        .is_some_and(|g| g.vendor == crate::domains::gpu::Vendor::Amd);
    let defaults = ServerArgs::defaults(v);
    let cache: std::cell::RefCell<Vec<(String, Vec<Option<String>>)>> = Default::default();
    // the candidate values of a key, computed once per search
    let values_of = |k: &str| -> Vec<Option<String>> {
        if let Some((_, c)) = cache.borrow().iter().find(|(key, _)| key == k) {
            return c.clone();
        }
        let c: Vec<Option<String>> = candidates(k, v, &defaults)
            .into_iter()
            .filter(|x| x.as_deref().is_none_or(|x| suggestible(k, x, amd)))
            .collect();
        cache.borrow_mut().push((k.to_string(), c.clone()));
        c
    };
    let baseline = baseline_with(cfg, &keys, evaluate);
    let base_gpus = gpus(cfg, v);
    let mut found: Vec<Candidate> = Vec::new();
    let mut partials: Vec<Partial> = Vec::new();
    // Evaluates a change set; records it as a fix when no error is left and returns the
    // corrected launch's diagnostics otherwise.
    let try_changes = |changes: Vec<(String, Option<String>)>,
                       hardware: bool,
                       found: &mut Vec<Candidate>|
     -> Option<Vec<Diagnostic>> {
        let fixed = apply(cfg, &changes);
        if fixed == *cfg {
            return None;
        }
        let out = evaluate(&fixed);
        if out.iter().any(|d| d.severity == Severity::Error) {
            return Some(out);
        }
        let warned = out
            .iter()
            .any(|d| d.severity == Severity::Warning && !baseline.iter().any(|b| b == d.code));
        let sets = changes.iter().filter(|(_, v)| v.is_some()).count();
        let fixed_gpus = gpus(&fixed, v);
        let resizes =
            changes.iter().any(|(k, _)| RESIZING.contains(&k.as_str())) || fixed_gpus != base_gpus;
        let order: usize = changes
            .iter()
            .map(|(k, val)| values_of(k).iter().position(|c| c == val).unwrap_or(99))
            .sum();
        let respelled = changes
            .iter()
            .filter(|(k, val)| {
                val.as_deref()
                    .is_some_and(|x| preferred_spelling(cfg, k, x, v) != x)
            })
            .count();
        let mut canon: Vec<(String, Option<String>)> = changes
            .iter()
            .map(|(k, val)| {
                (
                    k.clone(),
                    val.as_deref().map(|x| canonical(k, x, v).to_string()),
                )
            })
            .collect();
        canon.sort();
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
            warned,
            resizes,
            gpu_change: fixed_gpus - base_gpus,
            changes: changes.len(),
            sets,
            order,
            respelled,
            canon,
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
    // enough fixes that leave no warning: the rest cannot rank before them
    let enough = |found: &[Candidate]| found.iter().filter(|c| !c.warned).count() >= MAX_FIXES;

    // single changes
    let first = errors.first().cloned();
    for k in &keys {
        for val in values_of(k) {
            if cfg.get_key(k) == val {
                continue;
            }
            let change = vec![(k.clone(), val.clone())];
            if let Some(out) = try_changes(change.clone(), false, &mut found) {
                // SGLang stops at its first exception: a change that gets past it and meets
                // another error is half of a two-step fix
                let remaining = error_codes(&out);
                if remaining.first() != first.as_ref()
                    && !errors.iter().any(|e| remaining.contains(e))
                {
                    partials.push(Partial {
                        changes: change,
                        diags: out,
                    });
                }
            }
        }
    }
    // two steps: past the first error, then past the one it revealed
    let next_step = |p: &Partial, found: &mut Vec<Candidate>| {
        let step1 = apply(cfg, &p.changes);
        let mut keys2: Vec<String> = Vec::new();
        for d in p.diags.iter().filter(|d| d.severity == Severity::Error) {
            for k in &d.flags {
                if modifiable(k, v)
                    && !keys2.iter().any(|x| x == k)
                    && p.changes.iter().all(|(c, _)| c != k)
                {
                    keys2.push(k.to_string());
                }
            }
        }
        for k in &keys2 {
            for val in values_of(k) {
                if step1.get_key(k) == val {
                    continue;
                }
                let mut changes = p.changes.clone();
                changes.push((k.clone(), val));
                try_changes(changes, false, found);
            }
        }
    };
    if found.is_empty() {
        for p in partials.iter().take(PARTIALS_PER_ERROR * 2) {
            next_step(p, &mut found);
            if enough(&found) {
                break;
            }
        }
    }
    // otherwise pairs over the keys of a single error (two flags of one rule)
    if found.is_empty() {
        'pairs: for (i, k1) in keys.iter().enumerate() {
            for k2 in keys.iter().skip(i + 1) {
                for v1 in values_of(k1) {
                    if cfg.get_key(k1) == v1 {
                        continue;
                    }
                    for v2 in values_of(k2) {
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
                if enough(&found) {
                    break 'pairs;
                }
            }
        }
    }
    // otherwise every flag the errors name back to SGLang's default (a known crash often names
    // three), then one more step past the error that meets
    let named: Vec<(String, Option<String>)> = keys
        .iter()
        .filter(|k| cfg.get_key(k).is_some())
        .map(|k| (k.clone(), None))
        .collect();
    if found.is_empty()
        && named.len() >= 2
        && let Some(out) = try_changes(named.clone(), false, &mut found)
    {
        next_step(
            &Partial {
                changes: named,
                diags: out,
            },
            &mut found,
        );
    }
    found.sort_by_key(Candidate::rank);
    let mut kept: Vec<Candidate> = Vec::new();
    for c in found {
        match kept
            .iter_mut()
            .find(|k| k.canon == c.canon || k.fix.config == c.fix.config)
        {
            // synonyms are one fix, in the preferred spelling when it is as clean
            Some(k) => {
                if k.canon == c.canon && k.warned == c.warned && c.respelled < k.respelled {
                    *k = c;
                }
            }
            None => kept.push(c),
        }
    }
    let mut fixes: Vec<Fix> = kept.into_iter().map(|c| c.fix).take(MAX_FIXES).collect();
    if !fixes.is_empty() {
        return fixes;
    }

    // no software fix: a change of hardware
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
