//! HiSparse (`--enable-hisparse`; `arg_groups/hisparse_hook.py::validate_hisparse`, which
//! `check_server_args` runs at start-up through the `_hisparse_validation` pass,
//! `validation_hook.py:312@0.5.23`), and the HiSparse arm of `_dsa_split_backend_resolution`
//! (`arg_groups/overrides.py`). The logic is in `pipeline/hisparse.rs` and `pipeline/model.rs`.

use super::{RuleInfo, Unmodelled};
use crate::report::{Severity, Stage};
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/hisparse_hook.py";
const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";

/// HiSparse supports only some DSA backends
pub static DSA_BACKEND: RuleInfo = RuleInfo {
    code: "HSP001",
    name: "hisparse-dsa-backend",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_19),
        "HiSparse supports DSA {label} backend(s) {sorted(allowed_backends)} on this platform with --kv-cache-dtype={kv_cache_dtype}, but got --dsa-{label}-backend={backend}. Please use one of {sorted(allowed_backends)}, or omit the option to let SGLang pick a backend for this platform.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_19), HOOK, 55)],
    title: doc!("HiSparse supports only some DSA backends"),
    explanation: doc!(
        "With --enable-hisparse SGLang picks HiSparse's own DSA backends (flashmla_sparse for a BF16 KV cache, flashmla_kv for FP8, tilelang on ROCm) and at start-up refuses an explicit --dsa-prefill-backend / --dsa-decode-backend outside HiSparse's set: flashmla_sparse with BF16; flashmla_kv or flashinfer_sparse_mla with FP8 on CUDA; tilelang, triton (0.5.20+) or aiter on ROCm."
    ),
    trigger: doc!(
        "--enable-hisparse on a DSA model and a DSA backend outside HiSparse's set for the platform and KV dtype."
    ),
    solutions: doc_list![
        "Remove --dsa-prefill-backend / --dsa-decode-backend and let SGLang pick.",
        "Use one of the backends the message lists."
    ],
    flags: &[
        "dsa_prefill_backend",
        "dsa_decode_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"dsa_decode_backend":"fa3"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiSparse does not support mixed chunked prefill
pub static MIXED_CHUNK: RuleInfo = RuleInfo {
    code: "HSP003",
    name: "hisparse-mixed-chunk",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-hisparse does not support --enable-mixed-chunk yet.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_22), HOOK, 84)],
    title: doc!("HiSparse does not support mixed chunked prefill"),
    explanation: doc!(
        "A mixed prefill/decode batch cannot merge the HiSparse decode batch, so SGLang 0.5.22+ refuses --enable-mixed-chunk with --enable-hisparse."
    ),
    trigger: doc!(
        "--enable-hisparse (on a supported model, radix cache off) and --enable-mixed-chunk."
    ),
    solutions: doc_list!["Drop --enable-mixed-chunk."],
    flags: &["enable_mixed_chunk", "enable_hisparse"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"enable_mixed_chunk":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiSparse needs a DSA, DeepSeek-V4 (or, from 0.5.21, MiniMax-M3 sparse) model
pub static MODEL: RuleInfo = RuleInfo {
    code: "HSP004",
    name: "hisparse-model",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_20),
            "--enable-hisparse is only supported for DSA (DeepSeek Sparse Attention) models (e.g., DeepSeek V3.2, GLM-5) and DeepSeek V4 now. ",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "--enable-hisparse is only supported for DSA (DeepSeek Sparse Attention) models (e.g., DeepSeek V3.2, GLM-5), DeepSeek V4, and MiniMax M3 now. ",
        ),
    ],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_20),
            HOOK,
            94,
        ),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 96),
        (VersionRange::since(SglangVersion::V0_5_22), HOOK, 104),
    ],
    title: doc!("HiSparse needs a DSA, DeepSeek-V4 (or, from 0.5.21, MiniMax-M3 sparse) model"),
    explanation: doc!(
        "Hierarchical sparse attention exists for DeepSeek Sparse Attention models (DeepSeek-V3.2, GLM-5, ...; a DeepSeek-V3 checkpoint counts only with an index_topk), DeepSeek-V4 and, from 0.5.21, MiniMax-M3 sparse; SGLang refuses --enable-hisparse on any other model at start-up."
    ),
    trigger: doc!("--enable-hisparse on another model."),
    solutions: doc_list!["Drop --enable-hisparse."],
    flags: &["enable_hisparse"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_hisparse":true,"disable_radix_cache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disable_radix_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiSparse needs --disable-radix-cache
pub static RADIX: RuleInfo = RuleInfo {
    code: "HSP005",
    name: "hisparse-radix-cache",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_19),
        "Hierarchical sparse attention currently requires --disable-radix-cache.",
    )],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_20),
            HOOK,
            99,
        ),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 101),
        (VersionRange::since(SglangVersion::V0_5_22), HOOK, 109),
    ],
    title: doc!("HiSparse needs --disable-radix-cache"),
    explanation: doc!(
        "HiSparse does not work with prefix caching yet; SGLang requires the radix cache to be turned off."
    ),
    trigger: doc!("--enable-hisparse on a supported model without --disable-radix-cache."),
    solutions: doc_list!["Add --disable-radix-cache."],
    flags: &["disable_radix_cache", "enable_hisparse"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiSparse speculative decoding needs --speculative-eagle-topk 1
pub static SPEC_TOPK: RuleInfo = RuleInfo {
    code: "HSP006",
    name: "hisparse-spec-topk",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "The minimal HiSparse spec integration supports linear speculation only; use --speculative-eagle-topk 1.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_22), HOOK, 119)],
    title: doc!("HiSparse speculative decoding needs --speculative-eagle-topk 1"),
    explanation: doc!(
        "HiSparse supports linear (chain) speculation only; SGLang 0.5.22+ refuses a speculative top-k above 1."
    ),
    trigger: doc!(
        "--enable-hisparse, a speculative algorithm and a resolved --speculative-eagle-topk other than 1."
    ),
    solutions: doc_list!["Use --speculative-eagle-topk 1."],
    flags: &["speculative_eagle_topk"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"MiniMaxM3SparseForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"speculative_algorithm":"EAGLE","speculative_eagle_topk":4,"speculative_num_steps":3,"speculative_num_draft_tokens":8}"#,
        r#"{"gpu":"H100","arch":"MiniMaxM3SparseForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"speculative_algorithm":"EAGLE","speculative_eagle_topk":1,"speculative_num_steps":3,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiSparse speculative decoding does not support --speculative-adaptive
pub static SPEC_ADAPTIVE: RuleInfo = RuleInfo {
    code: "HSP007",
    name: "hisparse-spec-adaptive",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "HiSparse speculative decoding uses statically sized swap state; --speculative-adaptive is not supported.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_22), HOOK, 124)],
    title: doc!("HiSparse speculative decoding does not support --speculative-adaptive"),
    explanation: doc!(
        "HiSparse's swap state is sized statically, so SGLang 0.5.22+ refuses adaptive speculation with it."
    ),
    trigger: doc!("--enable-hisparse, a speculative algorithm and --speculative-adaptive."),
    solutions: doc_list!["Drop --speculative-adaptive."],
    flags: &["speculative_adaptive"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"speculative_algorithm":"EAGLE","speculative_eagle_topk":1,"speculative_num_steps":3,"speculative_num_draft_tokens":4,"speculative_adaptive":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"speculative_algorithm":"EAGLE","speculative_eagle_topk":1,"speculative_num_steps":3,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiSparse on ROCm DeepSeek-V4 needs the packed KV layout
pub static ROCM_UNIFIED_KV: RuleInfo = RuleInfo {
    code: "HSP008",
    name: "hisparse-rocm-unified-kv",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_19),
        "--enable-hisparse is not supported with the unified-KV path on ROCm(SGLANG_HACK_FLASHMLA_BACKEND=unified_kv_triton) for DeepSeek-V4: HiSparse currently requires the separate packed KV layout. Either set SGLANG_HACK_FLASHMLA_BACKEND=triton, or run without --enable-hisparse.",
    )],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_20),
            HOOK,
            115,
        ),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 117),
        (VersionRange::since(SglangVersion::V0_5_22), HOOK, 141),
    ],
    title: doc!("HiSparse on ROCm DeepSeek-V4 needs the packed KV layout"),
    explanation: doc!(
        "On ROCm, SGLANG_HACK_FLASHMLA_BACKEND=unified_kv_triton selects DeepSeek-V4's unified KV pool, to which HiSparse's allocator cannot attach; SGLang refuses the combination at start-up."
    ),
    trigger: doc!(
        "--enable-hisparse with DeepSeek-V4 on an AMD GPU and SGLANG_HACK_FLASHMLA_BACKEND=unified_kv_triton."
    ),
    solutions: doc_list![
        "Set SGLANG_HACK_FLASHMLA_BACKEND=triton.",
        "Drop --enable-hisparse."
    ],
    flags: &["enable_hisparse", "env.SGLANG_HACK_FLASHMLA_BACKEND"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"env":{"SGLANG_HACK_FLASHMLA_BACKEND":"unified_kv_triton"}}"#,
        r#"{"gpu":"MI300X","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"env":{"SGLANG_HACK_FLASHMLA_BACKEND":"triton"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiSparse does not support TileLang DSA kernels with an FP8 KV cache on CUDA
pub static TILELANG_FP8: RuleInfo = RuleInfo {
    code: "HSP009",
    name: "hisparse-cuda-tilelang-fp8",
    stage: Stage::Resolution,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "CUDA TileLang FP8 KV does not support HiSparse.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 668),
        (VersionRange::V23, OVERRIDES, 692),
    ],
    title: doc!("HiSparse does not support TileLang DSA kernels with an FP8 KV cache on CUDA"),
    explanation: doc!(
        "When HiSparse picks the DSA backends (0.5.22+), an explicit tilelang prefill or decode backend with an fp8_e4m3 KV cache on an NVIDIA GPU is refused."
    ),
    trigger: doc!(
        "--enable-hisparse on a DSA model, NVIDIA GPU, fp8_e4m3 KV cache and a tilelang DSA backend."
    ),
    solutions: doc_list![
        "Drop the tilelang DSA backend (HiSparse picks flashmla_kv).",
        "Use a bfloat16 KV cache."
    ],
    flags: &[
        "dsa_prefill_backend",
        "dsa_decode_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"tilelang"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_hisparse":true,"disable_radix_cache":true,"kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// HiSparse picks its own DSA backends
pub static BACKENDS_DEFAULT: RuleInfo = RuleInfo {
    code: "HSP100",
    name: "hisparse-dsa-backends-default",
    severity: Severity::Warning,
    stage: Stage::Resolution,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_19),
        "HiSparse enabled ({kv_cache_dtype}): using DSA backends prefill={prefill}, decode={decode}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 721),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 760),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 664),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 679),
        (VersionRange::V23, OVERRIDES, 703),
    ],
    title: doc!("HiSparse picks its own DSA backends"),
    explanation: doc!(
        "With --enable-hisparse on a DSA model, SGLang fills the DSA backends you did not set with HiSparse's: flashmla_sparse for a BF16 KV cache, flashmla_kv for FP8, tilelang on ROCm (instead of the usual defaults)."
    ),
    trigger: doc!("--enable-hisparse on a DSA model."),
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &DSA_BACKEND,
    &MIXED_CHUNK,
    &MODEL,
    &RADIX,
    &SPEC_TOPK,
    &SPEC_ADAPTIVE,
    &ROCM_UNIFIED_KV,
    &TILELANG_FP8,
    &BACKENDS_DEFAULT,
];

/// The HiSparse sites not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[Unmodelled {
    file: HOOK,
    function: "validate_hisparse_kv_cache_dtype",
    message: "",
    reason: "Unreachable: it runs only on the DSA path with a resolved KV dtype other than bfloat16, fp8_e4m3 or auto, but a DSA model's KV dtype is resolved to bfloat16 or fp8_e4m3 first (_dsa_kv_cache_dtype_default refuses anything else, DSA rules), DeepSeek-V4's pass asserts the same, and MiniMax-M3 returns before it.",
}];
