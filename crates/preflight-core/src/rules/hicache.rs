//! Hierarchical KV cache (`arg_groups/hicache_hook.py`).

use super::{RuleInfo, Unmodelled};
use crate::version::{SglangVersion, VersionRange as R};

const HOOK: &str = "python/sglang/srt/arg_groups/hicache_hook.py";

const V19: SglangVersion = SglangVersion::V0_5_19;
const V20: SglangVersion = SglangVersion::V0_5_20;
const V21: SglangVersion = SglangVersion::V0_5_21;
const V22: SglangVersion = SglangVersion::V0_5_22;
const V23: SglangVersion = SglangVersion::V0_5_23;

/// --hicache-host-memory-fraction must be in (0, 1].
pub static HOST_FRACTION: RuleInfo = RuleInfo {
    code: "HIC001",
    name: "hicache-host-memory-fraction-range",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "--hicache-host-memory-fraction must be in (0, 1].",
    )],
    sources: &[(R::between(V21, V22), HOOK, 98), (R::since(V23), HOOK, 117)],
    title: doc!("--hicache-host-memory-fraction must be in (0, 1]"),
    explanation: doc!(
        "The fraction of host memory HiCache may take is checked on every launch (0.5.21+), HiCache on or not."
    ),
    trigger: doc!("--hicache-host-memory-fraction <= 0 or > 1."),
    solutions: doc_list!["Use a fraction in (0, 1]."],
    flags: &["hicache_host_memory_fraction"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","hicache_host_memory_fraction":1.5}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-linker-mla-dedup needs the Mooncake unified-cache linker.
pub static LINKER_MLA_DEDUP: RuleInfo = RuleInfo {
    code: "HIC003",
    name: "linker-mla-dedup-needs-mooncake",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "--enable-linker-mla-dedup requires the Mooncake linker.",
    )],
    sources: &[(R::between(V21, V22), HOOK, 30), (R::since(V23), HOOK, 43)],
    title: doc!("--enable-linker-mla-dedup needs the Mooncake unified-cache linker"),
    explanation: doc!("MLA de-duplication is a feature of the Mooncake external linker (0.5.21+)."),
    trigger: doc!(
        "--enable-linker-mla-dedup without --enable-unified-cache-external-linker and --unified-cache-external-linker-backend mooncake."
    ),
    solutions: doc_list![
        "Drop --enable-linker-mla-dedup.",
        "Enable the Mooncake linker.",
    ],
    flags: &[
        "enable_linker_mla_dedup",
        "enable_unified_cache_external_linker",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linker_mla_dedup":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The unified-cache external linker needs the default radix cache.
pub static LINKER_RADIX: RuleInfo = RuleInfo {
    code: "HIC004",
    name: "unified-cache-linker-needs-radix",
    versions: R::since(V23),
    messages: &[(
        R::since(V23),
        "--enable-unified-cache-external-linker requires the default UnifiedRadixCache with radix caching enabled.",
    )],
    sources: &[(R::since(V23), HOOK, 46)],
    title: doc!("The unified-cache external linker needs the default radix cache"),
    explanation: doc!(
        "The external linker hooks into the default UnifiedRadixCache; with the radix cache disabled (by the user or by an earlier step, e.g. a PD decode server) or another --radix-cache-backend it is refused (0.5.23)."
    ),
    trigger: doc!(
        "--enable-unified-cache-external-linker with disable_radix_cache or --radix-cache-backend."
    ),
    solutions: doc_list![
        "Drop --disable-radix-cache.",
        "Drop --enable-unified-cache-external-linker.",
    ],
    flags: &[
        "enable_unified_cache_external_linker",
        "disable_radix_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_cache_external_linker":true,"disable_radix_cache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_cache_external_linker":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// The unified-cache external linker and HiCache are mutually exclusive.
pub static LINKER_HICACHE: RuleInfo = RuleInfo {
    code: "HIC005",
    name: "unified-cache-linker-hicache",
    versions: R::since(V20),
    messages: &[(
        R::since(V20),
        "--enable-unified-cache-external-linker and --enable-hierarchical-cache are mutually exclusive.",
    )],
    sources: &[
        (R::only(V20), HOOK, 28),
        (R::between(V21, V22), HOOK, 33),
        (R::since(V23), HOOK, 51),
    ],
    title: doc!("The unified-cache external linker and HiCache are mutually exclusive"),
    explanation: doc!("Both replace the radix cache's host tier (0.5.20+)."),
    trigger: doc!("--enable-unified-cache-external-linker with --enable-hierarchical-cache."),
    solutions: doc_list!["Drop one of them."],
    flags: &[
        "enable_unified_cache_external_linker",
        "enable_hierarchical_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_cache_external_linker":true,"enable_hierarchical_cache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_cache_external_linker":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// The unified-cache external linker does not use --hicache-storage-backend.
pub static LINKER_STORAGE: RuleInfo = RuleInfo {
    code: "HIC006",
    name: "unified-cache-linker-storage",
    versions: R::since(V20),
    messages: &[(
        R::since(V20),
        "--enable-unified-cache-external-linker does not use --hicache-storage-backend.",
    )],
    sources: &[
        (R::only(V20), HOOK, 33),
        (R::between(V21, V22), HOOK, 38),
        (R::since(V23), HOOK, 56),
    ],
    title: doc!("The unified-cache external linker does not use --hicache-storage-backend"),
    explanation: doc!(
        "The linker brings its own storage; a HiCache storage backend is refused with it (0.5.20+)."
    ),
    trigger: doc!("--enable-unified-cache-external-linker with --hicache-storage-backend."),
    solutions: doc_list!["Drop --hicache-storage-backend."],
    flags: &[
        "enable_unified_cache_external_linker",
        "hicache_storage_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_cache_external_linker":true,"hicache_storage_backend":"file"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_cache_external_linker":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --hicache-host-memory-mode buffer_only needs --hicache-storage-backend.
pub static BUFFER_ONLY_STORAGE: RuleInfo = RuleInfo {
    code: "HIC009",
    name: "hicache-buffer-only-needs-storage",
    messages: &[(
        R::ALL,
        "--hicache-host-memory-mode buffer_only requires a storage backend (--hicache-storage-backend): host memory is only a staging buffer and all cached data lives in storage.",
    )],
    sources: &[
        (R::until(V19), HOOK, 193),
        (R::only(V20), HOOK, 206),
        (R::between(V21, V22), HOOK, 232),
        (R::since(V23), HOOK, 273),
    ],
    title: doc!("--hicache-host-memory-mode buffer_only needs --hicache-storage-backend"),
    explanation: doc!(
        "In buffer_only mode host memory is only a staging buffer and all cached data lives in storage."
    ),
    trigger: doc!(
        "HiCache (or a PD decode server) with --hicache-host-memory-mode buffer_only and no --hicache-storage-backend."
    ),
    solutions: doc_list![
        "Add --hicache-storage-backend.",
        "Use --hicache-host-memory-mode cache.",
    ],
    flags: &["hicache_host_memory_mode", "hicache_storage_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_hierarchical_cache":true,"hicache_host_memory_mode":"buffer_only"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_hierarchical_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// buffer_only host memory cannot use write_back (0.5.19-0.5.21).
pub static BUFFER_ONLY_WRITE_BACK: RuleInfo = RuleInfo {
    code: "HIC010",
    name: "hicache-buffer-only-write-back",
    versions: R::until(V21),
    messages: &[(
        R::until(V21),
        "--hicache-host-memory-mode buffer_only does not support --hicache-write-policy write_back; use write_through or write_through_selective.",
    )],
    sources: &[
        (R::until(V19), HOOK, 199),
        (R::only(V20), HOOK, 212),
        (R::only(V21), HOOK, 238),
    ],
    title: doc!("buffer_only host memory cannot use write_back (0.5.19-0.5.21)"),
    explanation: doc!(
        "Up to 0.5.21 buffer_only refuses the write_back policy (the default is write_through); from 0.5.22 SGLang switches it to write_through instead."
    ),
    trigger: doc!(
        "--hicache-host-memory-mode buffer_only with a storage backend and --hicache-write-policy write_back (SGLang 0.5.19-0.5.21)."
    ),
    solutions: doc_list!["Use --hicache-write-policy write_through."],
    flags: &["hicache_write_policy"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_hierarchical_cache":true,"hicache_host_memory_mode":"buffer_only","hicache_storage_backend":"file","hicache_write_policy":"write_back","sglang":"0.5.21"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_hierarchical_cache":true,"hicache_host_memory_mode":"buffer_only","hicache_storage_backend":"file","hicache_write_policy":"write_through","sglang":"0.5.21"}"#,
    ))),
    ..RuleInfo::BASE
};

/// buffer_only host memory is not supported on a PD decode server.
pub static BUFFER_ONLY_DECODE: RuleInfo = RuleInfo {
    code: "HIC011",
    name: "hicache-buffer-only-decode",
    messages: &[(
        R::ALL,
        "--hicache-host-memory-mode buffer_only is not supported on decode instances: the decode-side prefetch and offload paths bypass the buffer-mode pipeline, fetching without its prefix context and never consuming its staged holds. Prefill instances share the standard scheduler path and are supported.",
    )],
    sources: &[
        (R::until(V19), HOOK, 205),
        (R::only(V20), HOOK, 218),
        (R::only(V21), HOOK, 244),
        (R::only(V22), HOOK, 249),
        (R::since(V23), HOOK, 290),
    ],
    title: doc!("buffer_only host memory is not supported on a PD decode server"),
    explanation: doc!(
        "The decode-side prefetch and offload paths bypass the buffer-mode pipeline."
    ),
    trigger: doc!(
        "A PD decode server with --hicache-host-memory-mode buffer_only (and a storage backend)."
    ),
    solutions: doc_list!["Use --hicache-host-memory-mode cache on the decode server."],
    flags: &["hicache_host_memory_mode", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","hicache_host_memory_mode":"buffer_only","hicache_storage_backend":"file","hicache_write_policy":"write_through"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","hicache_storage_backend":"file","hicache_write_policy":"write_through"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decode host receive needs the layer_first HiCache layout.
pub static HOST_RECEIVE_LAYOUT: RuleInfo = RuleInfo {
    code: "HIC012",
    name: "hicache-host-receive-layout",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "The resolved HiCache storage layout {cfg.hicache_mem_layout!r} cannot share the layer_first decode host pool used by KV transfer",
    )],
    sources: &[(R::between(V21, V22), HOOK, 72), (R::since(V23), HOOK, 91)],
    title: doc!("Decode host receive needs the layer_first HiCache layout"),
    explanation: doc!(
        "With decode host KV buffering the HiCache host pool is shared with KV transfer and must stay layer_first; a storage backend that forces another layout (mooncake) is refused (0.5.21+)."
    ),
    trigger: doc!(
        "Decode host receive on, HiCache active, and a layout rewritten away from layer_first (e.g. --hicache-storage-backend mooncake)."
    ),
    solutions: doc_list![
        "Leave --disaggregation-decode-host-receive-threshold at its default.",
        "Use another storage backend.",
    ],
    flags: &[
        "disaggregation_decode_host_receive_threshold",
        "hicache_storage_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_host_receive_threshold":0.5,"hicache_storage_backend":"mooncake"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","hicache_storage_backend":"mooncake"}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiCache storage (L3) with DCP is not supported (0.5.19-0.5.22).
pub static DCP_L3: RuleInfo = RuleInfo {
    code: "HIC013",
    name: "hicache-dcp-storage",
    exception: Some("NotImplementedError"),
    versions: R::until(V22),
    messages: &[(
        R::until(V22),
        "--hicache-storage-backend (L3) with --dcp-size > 1 is not supported yet: under DCP each rank holds a distinct interleaved MLA KV shard, so the rank-0-only replicated-MLA backup and the storage keys must become dcp_rank-aware first. Run HiCache+DCP with L1/L2 only.",
    )],
    sources: &[
        (R::until(V19), HOOK, 77),
        (R::only(V20), HOOK, 90),
        (R::between(V21, V22), HOOK, 116),
    ],
    title: doc!("HiCache storage (L3) with DCP is not supported (0.5.19-0.5.22)"),
    explanation: doc!(
        "Under DCP each rank holds a distinct interleaved MLA KV shard; up to 0.5.22 HiCache with DCP runs with L1/L2 only."
    ),
    trigger: doc!(
        "--enable-hierarchical-cache, --dcp-size > 1 and --hicache-storage-backend (SGLang 0.5.19-0.5.22)."
    ),
    solutions: doc_list!["Drop --hicache-storage-backend."],
    flags: &["hicache_storage_backend", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true,"hicache_storage_backend":"file","sglang":"0.5.22"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true,"sglang":"0.5.22"}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiCache L3 with DCP does not support buffer_only host memory (0.5.23).
pub static DCP_BUFFER_ONLY: RuleInfo = RuleInfo {
    code: "HIC014",
    name: "hicache-dcp-buffer-only",
    exception: Some("NotImplementedError"),
    versions: R::since(V23),
    messages: &[(
        R::since(V23),
        "HiCache L3 with DCP does not support buffer_only host memory.",
    )],
    sources: &[(R::since(V23), HOOK, 138)],
    title: doc!("HiCache L3 with DCP does not support buffer_only host memory (0.5.23)"),
    explanation: doc!(
        "0.5.23 allows HiCache storage with DCP, but not in buffer_only host-memory mode."
    ),
    trigger: doc!(
        "--enable-hierarchical-cache, --dcp-size > 1, a storage backend and --hicache-host-memory-mode buffer_only (SGLang 0.5.23)."
    ),
    solutions: doc_list!["Use --hicache-host-memory-mode cache."],
    flags: &["hicache_host_memory_mode", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true,"hicache_storage_backend":"file","hicache_host_memory_mode":"buffer_only"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true,"hicache_storage_backend":"file"}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiCache with DCP supports only DSPARK speculative decoding.
pub static DCP_SPEC: RuleInfo = RuleInfo {
    code: "HIC015",
    name: "hicache-dcp-speculative",
    exception: Some("NotImplementedError"),
    messages: &[(
        R::ALL,
        "HiCache with --dcp-size > 1 only supports DSPARK speculative decoding; other draft-model host pools have no DCP index translation.",
    )],
    sources: &[
        (R::until(V19), HOOK, 85),
        (R::only(V20), HOOK, 98),
        (R::between(V21, V22), HOOK, 124),
        (R::since(V23), HOOK, 142),
    ],
    title: doc!("HiCache with DCP supports only DSPARK speculative decoding"),
    explanation: doc!("Other draft models' host pools have no DCP index translation."),
    trigger: doc!(
        "--enable-hierarchical-cache, --dcp-size > 1 and a speculative algorithm other than DSPARK (as given, before upper-casing)."
    ),
    solutions: doc_list!["Drop --speculative-algorithm.", "Drop --dcp-size."],
    flags: &["speculative_algorithm", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true,"speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// LMCache with DCP is not supported.
pub static DCP_LMCACHE: RuleInfo = RuleInfo {
    code: "HIC016",
    name: "hicache-dcp-lmcache",
    exception: Some("NotImplementedError"),
    messages: &[(
        R::ALL,
        "--enable-lmcache with --dcp-size > 1 is not supported: LMCache has no DCP-aware index translation.",
    )],
    sources: &[
        (R::until(V19), HOOK, 91),
        (R::only(V20), HOOK, 104),
        (R::between(V21, V22), HOOK, 130),
        (R::since(V23), HOOK, 148),
    ],
    title: doc!("LMCache with DCP is not supported"),
    explanation: doc!("LMCache has no DCP-aware index translation."),
    trigger: doc!("--enable-hierarchical-cache, --dcp-size > 1 and --enable-lmcache."),
    solutions: doc_list!["Drop --enable-lmcache."],
    flags: &["enable_lmcache", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true,"enable_lmcache":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiSparse with DCP is not supported.
pub static DCP_HISPARSE: RuleInfo = RuleInfo {
    code: "HIC017",
    name: "hicache-dcp-hisparse",
    exception: Some("NotImplementedError"),
    messages: &[(
        R::ALL,
        "--enable-hisparse with --dcp-size > 1 is not supported: the HiSparse host pool is constructed without DCP translation.",
    )],
    sources: &[
        (R::until(V19), HOOK, 96),
        (R::only(V20), HOOK, 109),
        (R::between(V21, V22), HOOK, 135),
        (R::since(V23), HOOK, 153),
    ],
    title: doc!("HiSparse with DCP is not supported"),
    explanation: doc!("The HiSparse host pool is built without DCP translation."),
    trigger: doc!("--enable-hierarchical-cache, --dcp-size > 1 and --enable-hisparse."),
    solutions: doc_list!["Drop --enable-hisparse."],
    flags: &["enable_hisparse", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true,"enable_hisparse":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiCache with DCP needs an MLA model.
pub static DCP_MHA: RuleInfo = RuleInfo {
    code: "HIC018",
    name: "hicache-dcp-mha",
    exception: Some("NotImplementedError"),
    messages: &[(
        R::ALL,
        "HiCache with --dcp-size > 1 is only supported for MLA models: the index translation lives in MLATokenToKVPoolHost, and the MHA host pool has none.",
    )],
    sources: &[
        (R::until(V19), HOOK, 101),
        (R::only(V20), HOOK, 114),
        (R::between(V21, V22), HOOK, 140),
        (R::since(V23), HOOK, 158),
    ],
    title: doc!("HiCache with DCP needs an MLA model"),
    explanation: doc!(
        "The DCP index translation lives in the MLA host pool; the MHA host pool has none."
    ),
    trigger: doc!("--enable-hierarchical-cache and --dcp-size > 1 on a model without MLA."),
    solutions: doc_list!["Drop --dcp-size.", "Drop --enable-hierarchical-cache."],
    flags: &["dcp_size", "enable_hierarchical_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"dcp_size":2,"enable_hierarchical_cache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"dcp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of the module.
pub static RULES: &[&RuleInfo] = &[
    &HOST_FRACTION,
    &LINKER_MLA_DEDUP,
    &LINKER_RADIX,
    &LINKER_HICACHE,
    &LINKER_STORAGE,
    &BUFFER_ONLY_STORAGE,
    &BUFFER_ONLY_WRITE_BACK,
    &BUFFER_ONLY_DECODE,
    &HOST_RECEIVE_LAYOUT,
    &DCP_L3,
    &DCP_BUFFER_ONLY,
    &DCP_SPEC,
    &DCP_LMCACHE,
    &DCP_HISPARSE,
    &DCP_MHA,
];

/// HiCache checks deliberately not modelled.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: HOOK,
        function: "handle_hicache",
        message: "--unified-cache-external-linker-config must be a JSON object",
        reason: "Unreachable from the command line: argparse parses the option as JSON, and the linker configuration's contents are not modelled.",
    },
    Unmodelled {
        file: HOOK,
        function: "validate_hicache_host_memory_mode",
        message: "hicache_host_memory_mode must be",
        reason: "Unreachable from the command line: argparse's choices for --hicache-host-memory-mode (cache, buffer_only) refuse any other value first.",
    },
    Unmodelled {
        file: HOOK,
        function: "validate_hicache_host_memory_mode",
        message: "requires a host pool size",
        reason: "Unreachable: handle_hicache_ratio_default always sets --hicache-ratio outside decode servers before this check (its comment says it guards against that defaulting regressing).",
    },
];
