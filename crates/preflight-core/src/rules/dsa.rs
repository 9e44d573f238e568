//! DeepSeek Sparse Attention (DSA, formerly NSA): DeepSeek-V3.2 and GLM-5.

use super::RuleInfo;
use crate::report::{Severity, Stage};
use crate::version::{SglangVersion, VersionRange};

const SM120_FILE: &str = "python/sglang/kernels/ops/attention/flash_mla_sm120.py";
const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";
const DSA_BACKEND: &str = "python/sglang/srt/layers/attention/dsa_backend.py";
const DSV2_PROVIDER: &str = "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py";

/// Seed 1, first ValueError of `_validate_flashinfer_sparse_mla_backend`.
pub static FISPARSE_REQUIRES_GLM_SM12_FP8: RuleInfo = RuleInfo {
    code: "DSA001",
    name: "flashinfer-sparse-mla-requires-glm-sm12-fp8",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch={model_arch!r}, sm_major={device_sm_major}, kv_cache_dtype={kv_cache_dtype}, prefill_impl={prefill_impl!r}, decode_impl={decode_impl!r}.",
    )],
    sources: &[
        (VersionRange::V19, SM120_FILE, 589),
        (VersionRange::only(SglangVersion::V0_5_20), SM120_FILE, 695),
        (VersionRange::only(SglangVersion::V0_5_21), SM120_FILE, 695),
        (VersionRange::only(SglangVersion::V0_5_22), SM120_FILE, 695),
        (VersionRange::V23, SM120_FILE, 695),
    ],
    title: doc!("flashinfer_sparse_mla needs GLM DSA, an SM120/SM121 GPU and an FP8 KV cache"),
    explanation: doc!(
        "The flashinfer_sparse_mla kernels were written for one combination only: a GLM-5 DSA model (GlmMoeDsaForCausalLM or its NextN draft) on an NVIDIA SM120/SM121 GPU (RTX 50xx, RTX PRO Blackwell, DGX Spark) with an fp8_e4m3 KV cache. When the DSA backend is constructed, SGLang refuses any other model, GPU, KV dtype or AMD device."
    ),
    trigger: doc!(
        "--dsa-prefill-backend or --dsa-decode-backend is flashinfer_sparse_mla, and the model is not GLM DSA, or the GPU's SM major is not 12, or the KV cache is not torch.float8_e4m3fn, or the device is ROCm."
    ),
    situations: doc!(
        "A bf16 KV cache with GLM-5 on an RTX 5090; reusing a GLM-5 SM120 recipe for DeepSeek-V3.2; running it on a B200 or H100."
    ),
    solutions: doc_list![
        "Use --kv-cache-dtype fp8_e4m3 (GLM DSA on SM120/SM121).",
        "Drop the flashinfer_sparse_mla flags and let SGLang choose the DSA backends.",
        "Run on an SM120/SM121 GPU.",
    ],
    flags: &[
        "dsa_prefill_backend",
        "dsa_decode_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Seed 1, second ValueError: on GLM DSA + SM12x + FP8 only flashinfer_sparse_mla
/// (0.5.20+: or triton_sparse_mla) is allowed.
pub static GLM_SM12_FP8_ONLY_FISPARSE: RuleInfo = RuleInfo {
    code: "DSA002",
    name: "glm-sm12-fp8-only-flashinfer-sparse-mla",
    stage: Stage::Construction,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla, but got {sorted(unsupported)}.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla (default) or triton_sparse_mla (prefill), but got {sorted(unsupported)}.",
        ),
    ],
    sources: &[
        (VersionRange::V19, SM120_FILE, 599),
        (VersionRange::only(SglangVersion::V0_5_20), SM120_FILE, 705),
        (VersionRange::only(SglangVersion::V0_5_21), SM120_FILE, 705),
        (VersionRange::only(SglangVersion::V0_5_22), SM120_FILE, 708),
        (VersionRange::V23, SM120_FILE, 708),
    ],
    title: doc!("GLM DSA with an FP8 KV cache on SM120/SM121 must use flashinfer_sparse_mla"),
    explanation: doc!(
        "On SM120/SM121 GPUs a GLM-5 model with an fp8_e4m3 KV cache can only run the sparse-MLA kernels SGLang ships for that GPU: flashinfer_sparse_mla (and, from 0.5.22, triton_sparse_mla for prefill). Other DSA kernels (trtllm, flashmla_*, fa3, tilelang) are refused when the backend is constructed."
    ),
    trigger: doc!(
        "GLM DSA model, SM major 12, fp8_e4m3 KV cache, not ROCm, and a DSA prefill or decode backend outside the allowed set."
    ),
    situations: doc!(
        "Copying a B200 recipe (trtllm DSA backends) to an RTX PRO 6000; setting only one side, so SGLang fills the other with flashinfer_sparse_mla and the explicit side is refused."
    ),
    solutions: doc_list![
        "Remove --dsa-prefill-backend / --dsa-decode-backend (SGLang then picks flashinfer_sparse_mla for both).",
        "Set both to flashinfer_sparse_mla.",
        "Use --kv-cache-dtype bfloat16 if you need another DSA kernel.",
    ],
    flags: &[
        "dsa_prefill_backend",
        "dsa_decode_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"trtllm","dsa_decode_backend":"trtllm"}"#,
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--attention-backend dsa` chosen by default for DSA models.
pub static ATTN_DEFAULT_DSA: RuleInfo = RuleInfo {
    code: "DSA100",
    name: "dsa-attention-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Use dsa attention backend for DeepSeek with DSA.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py",
            46,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            DSV2_PROVIDER,
            89,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            DSV2_PROVIDER,
            82,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            DSV2_PROVIDER,
            104,
        ),
        (VersionRange::V23, DSV2_PROVIDER, 104),
    ],
    title: doc!("DSA models get the dsa attention backend"),
    explanation: doc!(
        "With no attention flag set, SGLang runs DeepSeek Sparse Attention models (DeepSeek-V3.2, GLM-5) on its dsa backend, whose prefill and decode kernels are chosen by --dsa-prefill-backend / --dsa-decode-backend."
    ),
    trigger: doc!(
        "A DSA model and none of --attention-backend, --prefill-attention-backend, --decode-attention-backend set."
    ),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// DSA page size forced to 64 × index_kpool.
pub static PAGE_DSA: RuleInfo = RuleInfo {
    code: "DSA101",
    name: "dsa-page-size",
    severity: Severity::Info,
    exception: None,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "Setting page size to 64 for DeepSeek DSA.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "Setting page size to {page_size} for DeepSeek DSA.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            DSV2_PROVIDER,
            174,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_19),
            DSV2_PROVIDER,
            102,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            DSV2_PROVIDER,
            145,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            DSV2_PROVIDER,
            138,
        ),
        (VersionRange::V23, DSV2_PROVIDER, 173),
    ],
    title: doc!("DSA models run with page size 64"),
    explanation: doc!(
        "SGLang forces the KV-cache page size of DSA models to 64 × index_kpool (64 for DeepSeek-V3.2 and GLM-5), overriding --page-size."
    ),
    trigger: doc!("A DSA model on CUDA (or ROCm with the aiter preshuffle path)."),
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// DSA KV dtype default: `auto` → fp8_e4m3 on SM ≥ 10, bfloat16 otherwise.
pub static KV_DEFAULT_DSA: RuleInfo = RuleInfo {
    code: "DSA102",
    name: "dsa-kv-cache-dtype-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Setting KV cache dtype to {kv_cache_dtype} for DeepSeek DSA on SM{major} device.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 512),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 510),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 607),
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 632),
        (VersionRange::V23, OVERRIDES, 536),
    ],
    title: doc!("DSA models resolve --kv-cache-dtype auto by GPU"),
    explanation: doc!(
        "For DSA models SGLang turns `--kv-cache-dtype auto` into fp8_e4m3 on GPUs with SM major ≥ 10 (Blackwell, including RTX 50xx and DGX Spark) and into bfloat16 otherwise (Hopper, Ampere, Ada, and AMD, whose torch capability reads 9)."
    ),
    trigger: doc!("A DSA model with --kv-cache-dtype auto (the default)."),
    flags: &["kv_cache_dtype"],
    ..RuleInfo::BASE
};

/// Warning when a DSA backend is set but the KV dtype is left on auto.
pub static KV_AUTO_WITH_DSA_BACKEND: RuleInfo = RuleInfo {
    code: "DSA103",
    name: "dsa-backend-with-auto-kv",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "When specifying --dsa-prefill-backend or --dsa-decode-backend, you should also explicitly set --kv-cache-dtype (e.g., 'fp8_e4m3' or 'bfloat16'). DeepSeek V3.2 defaults to FP8 KV cache which may not be compatible with all backends.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 623),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 590),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 493),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 495),
        (VersionRange::V23, OVERRIDES, 519),
    ],
    title: doc!("Set the KV dtype explicitly when choosing DSA backends"),
    explanation: doc!(
        "The KV dtype of a DSA model depends on the GPU when left on auto, and many DSA kernels support only one of fp8_e4m3 and bfloat16."
    ),
    trigger: doc!("A DSA backend flag is set and --kv-cache-dtype is auto."),
    flags: &["kv_cache_dtype"],
    ..RuleInfo::BASE
};

/// DSA KV dtype must be bfloat16 or fp8_e4m3.
pub static KV_ALLOWED_DSA: RuleInfo = RuleInfo {
    code: "DSA104",
    name: "dsa-kv-cache-dtype",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "DeepSeek DSA only supports bf16/bfloat16 or fp8_e4m3 kv_cache_dtype",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 637),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 612),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 515),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 517),
        (VersionRange::V23, OVERRIDES, 541),
    ],
    title: doc!("DSA models need a bfloat16 or fp8_e4m3 KV cache"),
    explanation: doc!(
        "DeepSeek Sparse Attention kernels read only bfloat16 or fp8_e4m3 KV caches; fp8_e5m2, mxfp8 and the FP4 formats are refused during argument resolution."
    ),
    trigger: doc!("A DSA model whose --kv-cache-dtype resolves outside {bfloat16, fp8_e4m3}."),
    situations: doc!("Reusing an fp8_e5m2 or nvfp4 KV flag from a dense-model recipe."),
    solutions: doc_list!["Use --kv-cache-dtype fp8_e4m3 or bfloat16, or leave it on auto."],
    flags: &["kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e5m2"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"bfloat16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSA split backend defaults for GLM on SM12x with FP8.
pub static SPLIT_DEFAULT_GLM_SM12: RuleInfo = RuleInfo {
    code: "DSA105",
    name: "dsa-backends-glm-sm12-fp8",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Set DSA backends for GLM FP8 KV Cache on SM120/SM121: prefill={prefill}, decode={decode}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 705),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 738),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 642),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 647),
        (VersionRange::V23, OVERRIDES, 671),
    ],
    title: doc!("GLM DSA on SM120/SM121 with FP8 gets flashinfer_sparse_mla"),
    explanation: doc!(
        "For GlmMoeDsaForCausalLM on an SM120/SM121 GPU with an fp8_e4m3 KV cache, SGLang fills each unset DSA backend with flashinfer_sparse_mla, the only sparse-MLA kernel it ships for that combination."
    ),
    trigger: doc!(
        "GlmMoeDsaForCausalLM, SM major 12, KV fp8_e4m3, not ROCm, and a DSA backend left unset."
    ),
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    ..RuleInfo::BASE
};

/// DSA split backend defaults (general case).
pub static SPLIT_DEFAULT: RuleInfo = RuleInfo {
    code: "DSA106",
    name: "dsa-backends-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Set DSA backends for {kv_cache_dtype} KV Cache: prefill={prefill}, decode={decode}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 749),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 790),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 694),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 713),
        (VersionRange::V23, OVERRIDES, 737),
    ],
    title: doc!("SGLang picks the DSA prefill and decode kernels"),
    explanation: doc!(
        "Unset DSA backends are chosen from the KV dtype and the GPU: with fp8_e4m3, trtllm on SM ≥ 10 and flashmla_kv below; with bfloat16, flashmla_sparse for prefill and trtllm (SM ≥ 10) or fa3 for decode; triton on ROCm."
    ),
    trigger: doc!("A DSA model with --dsa-prefill-backend or --dsa-decode-backend unset."),
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    ..RuleInfo::BASE
};

/// The triton DSA backend is ROCm-only.
pub static TRITON_ROCM_ONLY: RuleInfo = RuleInfo {
    code: "DSA107",
    name: "dsa-triton-rocm-only",
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "The triton DSA backend is only supported on ROCm/HIP. Pick an alternative DSA backend for CUDA (flashmla_kv on Hopper, trtllm on Blackwell).",
    )],
    versions: VersionRange::since(SglangVersion::V0_5_20),
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 633),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 536),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 539),
        (VersionRange::V23, OVERRIDES, 563),
    ],
    title: doc!("The triton DSA backend runs only on AMD"),
    explanation: doc!(
        "SGLang's triton DSA kernels are the ROCm path; on NVIDIA GPUs they are refused during argument resolution."
    ),
    trigger: doc!("An NVIDIA GPU and triton as --dsa-prefill-backend or --dsa-decode-backend."),
    solutions: doc_list![
        "Use flashmla_kv on Hopper or trtllm on Blackwell, or leave the DSA backends unset.",
    ],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","dsa_decode_backend":"triton"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// flashmla_sparse_q8 DSA prefill is SM90-only (raw capability, no CUDA-version check).
pub static Q8_SM90_ONLY: RuleInfo = RuleInfo {
    code: "DSA108",
    name: "dsa-flashmla-sparse-q8-sm90",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "--dsa-prefill-backend flashmla_sparse_q8 is SM90-only; got compute capability sm_{device_sm_major}x.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), DSA_BACKEND, 420),
        (VersionRange::only(SglangVersion::V0_5_20), DSA_BACKEND, 456),
        (VersionRange::only(SglangVersion::V0_5_21), DSA_BACKEND, 509),
        (VersionRange::only(SglangVersion::V0_5_22), DSA_BACKEND, 453),
        (VersionRange::V23, DSA_BACKEND, 461),
    ],
    title: doc!("flashmla_sparse_q8 DSA prefill needs a Hopper GPU"),
    explanation: doc!(
        "The FP8-compute sparse prefill kernel exists only for SM90 (Hopper). SGLang checks the raw compute capability when the DSA backend is constructed."
    ),
    trigger: doc!("--dsa-prefill-backend flashmla_sparse_q8 on a GPU whose SM major is not 9."),
    solutions: doc_list![
        "Use flashmla_sparse (bf16 compute) or leave --dsa-prefill-backend unset.",
        "Run on H100/H200/H20/GH200.",
    ],
    flags: &["dsa_prefill_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"flashmla_sparse_q8","dsa_decode_backend":"flashmla_kv"}"#,
        r#"{"gpu":"H100","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"flashmla_sparse_q8","dsa_decode_backend":"flashmla_kv"}"#,
    ))),
    ..RuleInfo::BASE
};

/// triton_sparse_mla head limit.
pub static TRITON_SPARSE_MLA_HEADS: RuleInfo = RuleInfo {
    code: "DSA109",
    name: "dsa-triton-sparse-mla-heads",
    stage: Stage::Construction,
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "triton_sparse_mla is validated up to 32 query heads per rank; got num_q_heads={num_q_heads}. Raise the attention TP degree or use another DSA prefill backend.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), DSA_BACKEND, 371),
        (VersionRange::V23, DSA_BACKEND, 379),
    ],
    title: doc!("triton_sparse_mla supports at most 32 query heads per GPU"),
    explanation: doc!(
        "The Triton sparse-MLA prefill kernel was validated only up to 32 query heads per tensor-parallel rank; with more heads per GPU SGLang refuses it."
    ),
    trigger: doc!(
        "--dsa-prefill-backend triton_sparse_mla and num_attention_heads / tp_size > 32."
    ),
    situations: doc!("GLM-5 (64 heads) on a single GPU."),
    solutions: doc_list![
        "Raise --tp-size so each rank has ≤ 32 heads.",
        "Use flashinfer_sparse_mla or leave the DSA backend unset.",
    ],
    flags: &["dsa_prefill_backend", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"DGX Spark","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"triton_sparse_mla"}"#,
        r#"{"gpu":"DGX Spark","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"triton_sparse_mla","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// triton_sparse_mla needs SM90+.
pub static TRITON_SPARSE_MLA_SM: RuleInfo = RuleInfo {
    code: "DSA110",
    name: "dsa-triton-sparse-mla-sm90",
    stage: Stage::Construction,
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "triton_sparse_mla requires SM90 (Hopper) or newer; got sm_major={device_sm_major}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), DSA_BACKEND, 366),
        (VersionRange::V23, DSA_BACKEND, 374),
    ],
    title: doc!("triton_sparse_mla needs Hopper or newer"),
    explanation: doc!("The Triton sparse-MLA prefill kernel needs SM90 or newer."),
    trigger: doc!("--dsa-prefill-backend triton_sparse_mla on an SM8x GPU."),
    solutions: doc_list!["Leave --dsa-prefill-backend unset."],
    flags: &["dsa_prefill_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"A100","arch":"GlmMoeDsaForCausalLM","dsa_prefill_backend":"triton_sparse_mla","tp_size":2}"#,
        r#"{"gpu":"H100","arch":"GlmMoeDsaForCausalLM","dsa_prefill_backend":"triton_sparse_mla","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// triton_sparse_mla is CUDA-only.
pub static TRITON_SPARSE_MLA_ROCM: RuleInfo = RuleInfo {
    code: "DSA111",
    name: "dsa-triton-sparse-mla-cuda-only",
    stage: Stage::Construction,
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "triton_sparse_mla is a CUDA prefill backend; on ROCm use the existing tilelang / aiter DSA paths.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), DSA_BACKEND, 361),
        (VersionRange::V23, DSA_BACKEND, 369),
    ],
    title: doc!("triton_sparse_mla does not run on AMD"),
    explanation: doc!(
        "The Triton sparse-MLA prefill path is CUDA-only; ROCm has its own DSA kernels."
    ),
    trigger: doc!("--dsa-prefill-backend triton_sparse_mla on an AMD GPU."),
    solutions: doc_list!["Leave --dsa-prefill-backend unset (ROCm gets triton)."],
    flags: &["dsa_prefill_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"GlmMoeDsaForCausalLM","dsa_prefill_backend":"triton_sparse_mla","tp_size":2}"#,
        r#"{"gpu":"MI300X","arch":"GlmMoeDsaForCausalLM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// dsa attention backend on a non-DSA model.
pub static MODEL_ONLY: RuleInfo = RuleInfo {
    code: "DSA112",
    name: "dsa-backend-needs-dsa-model",
    stage: Stage::Construction,
    exception: Some("AssertionError"),
    messages: &[(VersionRange::ALL, "DSA backend only supports DeepSeek DSA")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), DSA_BACKEND, 319),
        (VersionRange::only(SglangVersion::V0_5_20), DSA_BACKEND, 331),
        (VersionRange::only(SglangVersion::V0_5_21), DSA_BACKEND, 376),
        (VersionRange::only(SglangVersion::V0_5_22), DSA_BACKEND, 520),
        (VersionRange::V23, DSA_BACKEND, 528),
    ],
    title: doc!("The dsa attention backend needs a DSA model"),
    explanation: doc!(
        "--attention-backend dsa (or its old name nsa) builds DeepSeek Sparse Attention, which needs the model's sparse indexer (index_topk). Dense and plain MLA models are refused."
    ),
    trigger: doc!("dsa/nsa as an attention backend for a model without DSA."),
    solutions: doc_list!["Remove --attention-backend dsa; SGLang picks a backend for the model."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"dsa"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// q8 prefill KV dtype.
pub static Q8_KV_DTYPE: RuleInfo = RuleInfo {
    code: "DSA113",
    name: "dsa-flashmla-sparse-q8-kv-dtype",
    stage: Stage::Construction,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "--dsa-prefill-backend flashmla_sparse_q8 is native FP8 and requires --kv-cache-dtype fp8_e4m3 (got kv_cache_dtype={kv_cache_dtype}); use --dsa-prefill-backend flashmla_sparse for the bf16 path.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--dsa-prefill-backend flashmla_sparse_q8 computes attention in FP8 and reads a bfloat16 or fp8_e4m3 KV cache; got kv_cache_dtype={kv_cache_dtype}.",
        ),
    ],
    sources: &[
        (VersionRange::V19, DSA_BACKEND, 414),
        (VersionRange::only(SglangVersion::V0_5_20), DSA_BACKEND, 450),
        (VersionRange::only(SglangVersion::V0_5_21), DSA_BACKEND, 503),
        (VersionRange::only(SglangVersion::V0_5_22), DSA_BACKEND, 428),
        (VersionRange::V23, DSA_BACKEND, 437),
    ],
    title: doc!("flashmla_sparse_q8 reads only bfloat16 or fp8_e4m3 KV caches"),
    explanation: doc!(
        "The q8 DSA prefill kernel reads a bfloat16 or fp8_e4m3 KV cache (0.5.19: fp8_e4m3 only)."
    ),
    trigger: doc!("--dsa-prefill-backend flashmla_sparse_q8 with another KV dtype."),
    solutions: doc_list!["Use --kv-cache-dtype fp8_e4m3 (or bfloat16 on 0.5.20+)."],
    flags: &["kv_cache_dtype", "dsa_prefill_backend"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"bfloat16","dsa_prefill_backend":"flashmla_sparse_q8","dsa_decode_backend":"fa3"}"#,
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"flashmla_sparse_q8","dsa_decode_backend":"flashmla_kv"}"#,
    ))),
    ..RuleInfo::BASE
};

/// q8 prefill with an unpacked FP8 pool.
pub static Q8_UNPACKED: RuleInfo = RuleInfo {
    code: "DSA114",
    name: "dsa-flashmla-sparse-q8-unpacked-pool",
    stage: Stage::Construction,
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--dsa-prefill-backend flashmla_sparse_q8 requires either a bfloat16 KV cache or the packed fp8_e4m3 pool; got an unpacked fp8_e4m3 pool (a trtllm backend keeps the raw layout). Use --kv-cache-dtype bfloat16.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), DSA_BACKEND, 446),
        (VersionRange::V23, DSA_BACKEND, 454),
    ],
    title: doc!("flashmla_sparse_q8 cannot read the raw FP8 layout a trtllm DSA backend keeps"),
    explanation: doc!(
        "With an fp8_e4m3 KV cache the DSA pool is packed unless a trtllm DSA backend (or both sides tilelang) keeps the raw layout; the q8 prefill reads only the packed layout."
    ),
    trigger: doc!(
        "flashmla_sparse_q8 prefill, fp8_e4m3 KV, and a trtllm decode backend (or tilelang on both sides)."
    ),
    solutions: doc_list!["Use --dsa-decode-backend flashmla_kv, or --kv-cache-dtype bfloat16."],
    flags: &["dsa_decode_backend", "kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"flashmla_sparse_q8","dsa_decode_backend":"trtllm"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"flashmla_sparse_q8","dsa_decode_backend":"flashmla_kv"}"#,
    ))),
    ..RuleInfo::BASE
};

/// q8 as decode backend.
pub static Q8_DECODE: RuleInfo = RuleInfo {
    code: "DSA115",
    name: "dsa-flashmla-sparse-q8-decode",
    stage: Stage::Construction,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "--dsa-decode-backend flashmla_sparse_q8 is not supported: flashmla_sparse_q8 is a prefill-only backend. For FP8, use --dsa-prefill-backend flashmla_sparse_q8 together with --dsa-decode-backend flashmla_kv.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--dsa-decode-backend flashmla_sparse_q8 is not supported: flashmla_sparse_q8 is a prefill-only backend. Pair it with a decode backend that reads the KV cache dtype (flashmla_kv for fp8_e4m3; tilelang or fa3 for bfloat16).",
        ),
    ],
    sources: &[
        (VersionRange::V19, DSA_BACKEND, 429),
        (VersionRange::only(SglangVersion::V0_5_22), DSA_BACKEND, 476),
        (VersionRange::only(SglangVersion::V0_5_20), DSA_BACKEND, 465),
        (VersionRange::only(SglangVersion::V0_5_21), DSA_BACKEND, 518),
        (VersionRange::V23, DSA_BACKEND, 484),
    ],
    title: doc!("flashmla_sparse_q8 is prefill-only"),
    explanation: doc!(
        "There is no q8 decode kernel; pick a decode backend that reads the KV dtype."
    ),
    trigger: doc!("--dsa-decode-backend flashmla_sparse_q8."),
    solutions: doc_list!["Use --dsa-decode-backend flashmla_kv (fp8_e4m3) or fa3 (bfloat16)."],
    flags: &["dsa_decode_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_decode_backend":"flashmla_sparse_q8"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_decode_backend":"flashmla_kv"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CUDA TileLang FP8 needs both sides tilelang.
pub static TILELANG_BOTH: RuleInfo = RuleInfo {
    code: "DSA116",
    name: "dsa-tilelang-fp8-both-sides",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "CUDA TileLang FP8 KV requires both DSA backends to be tilelang; raw and scaled FP8 KV layouts cannot be mixed.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 548),
        (VersionRange::V23, OVERRIDES, 573),
    ],
    title: doc!("TileLang DSA with an FP8 KV cache must be used on both sides"),
    explanation: doc!(
        "On CUDA the TileLang DSA kernels read FP8 KV in a raw layout that other DSA kernels cannot share."
    ),
    trigger: doc!("NVIDIA GPU, fp8_e4m3 KV, tilelang on exactly one DSA side."),
    solutions: doc_list![
        "Set both --dsa-prefill-backend and --dsa-decode-backend to tilelang, or use bfloat16 KV.",
    ],
    flags: &[
        "dsa_prefill_backend",
        "dsa_decode_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"tilelang"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CUDA TileLang FP8 has no decode context parallelism.
pub static TILELANG_DCP: RuleInfo = RuleInfo {
    code: "DSA122",
    name: "dsa-tilelang-fp8-dcp",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "CUDA TileLang FP8 KV does not support --dcp-size > 1.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 553),
        (VersionRange::V23, OVERRIDES, 577),
    ],
    title: doc!("TileLang DSA with an FP8 KV cache has no decode context parallelism"),
    explanation: doc!(
        "On CUDA the TileLang DSA kernels with an FP8 KV cache are not written for a KV cache split across decode-context-parallel ranks."
    ),
    trigger: doc!("NVIDIA GPU, fp8_e4m3 KV, tilelang on both DSA sides, --dcp-size above 1."),
    solutions: doc_list![
        "Drop --dcp-size.",
        "Use --kv-cache-dtype bfloat16 with tilelang, or another DSA backend.",
    ],
    flags: &[
        "dcp_size",
        "kv_cache_dtype",
        "dsa_prefill_backend",
        "dsa_decode_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang","tp_size":8,"dcp_size":2}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// CUDA TileLang FP8 needs SM89+.
pub static TILELANG_SM89: RuleInfo = RuleInfo {
    code: "DSA117",
    name: "dsa-tilelang-fp8-sm89",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "CUDA TileLang FP8 KV requires SM89 or newer.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 559),
        (VersionRange::V23, OVERRIDES, 583),
    ],
    title: doc!("TileLang DSA with an FP8 KV cache needs SM89+"),
    explanation: doc!("The TileLang FP8 kernels need FP8 tensor cores (Ada or newer)."),
    trigger: doc!("NVIDIA GPU below SM89, fp8_e4m3 KV, tilelang on both DSA sides."),
    solutions: doc_list!["Use --kv-cache-dtype bfloat16."],
    flags: &[
        "kv_cache_dtype",
        "dsa_prefill_backend",
        "dsa_decode_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"A100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Tilelang FP8 on CUDA, refused up to 0.5.21.
pub static TILELANG_FP8_V19: RuleInfo = RuleInfo {
    code: "DSA118",
    name: "dsa-tilelang-fp8-cuda-0-5-19",
    versions: VersionRange::until(SglangVersion::V0_5_21),
    messages: &[
        (
            VersionRange::V19,
            "The tilelang DSA prefill/decode kernels only support an fp8_e4m3 KV cache on ROCm/HIP; on CUDA they require a bfloat16 KV cache. Use --kv-cache-dtype bfloat16 with the tilelang backend, or keep --kv-cache-dtype fp8_e4m3 and pick an fp8-capable DSA backend (flashmla_kv on Hopper, trtllm on Blackwell).",
        ),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_21),
            "The tilelang DSA prefill/decode kernels only support an fp8_e4m3 KV cache on ROCm/HIP; on CUDA they require a bfloat16 KV cache. Use --kv-cache-dtype bfloat16, or keep --kv-cache-dtype fp8_e4m3 and pick an fp8-capable DSA backend (flashmla_kv on Hopper, trtllm on Blackwell).",
        ),
    ],
    sources: &[
        (VersionRange::V19, OVERRIDES, 660),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 641),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 544),
    ],
    title: doc!("Up to 0.5.21: TileLang DSA on NVIDIA needs a bfloat16 KV cache"),
    explanation: doc!(
        "Up to 0.5.21 the TileLang DSA kernels read FP8 KV only on ROCm; from 0.5.22 CUDA accepts an FP8 KV cache when both DSA sides are tilelang on SM89 or newer (DSA116, DSA117)."
    ),
    trigger: doc!("0.5.19–0.5.21, NVIDIA GPU, fp8_e4m3 KV, tilelang on either DSA side."),
    solutions: doc_list!["Use --kv-cache-dtype bfloat16."],
    flags: &[
        "kv_cache_dtype",
        "dsa_prefill_backend",
        "dsa_decode_backend",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang"}"#,
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"bfloat16","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang"}"#,
    ))),
    ..RuleInfo::BASE
};

/// ROCm DSA page 1.
pub static PAGE_DSA_ROCM: RuleInfo = RuleInfo {
    code: "DSA119",
    name: "dsa-page-size-rocm",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Setting page size to 1 for DeepSeek DSA on ROCm (aiter preshuffle paged-MQA path unavailable: needs Triton>=3.5.0 or AITER_ENABLE_AOT_GLUON_PA_MQA_LOGITS=1).",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py",
            95,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            DSV2_PROVIDER,
            138,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            DSV2_PROVIDER,
            131,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            DSV2_PROVIDER,
            157,
        ),
        (VersionRange::V23, DSV2_PROVIDER, 156),
    ],
    title: doc!("DSA on AMD runs with page size 1 unless the aiter preshuffle path is on"),
    explanation: doc!(
        "The 64-token DSA pages on ROCm need the aiter preshuffle paged-MQA path: SGLANG_USE_AITER=1 and either AITER_ENABLE_AOT_GLUON_PA_MQA_LOGITS=1 or a Triton ≥ 3.5 build. Preflight cannot see the Triton version and, like the reference oracle's ROCm environment, assumes the gluon path is available only with AITER_ENABLE_AOT_GLUON_PA_MQA_LOGITS=1; otherwise SGLang uses 1-token pages."
    ),
    trigger: doc!("A DSA model on an AMD GPU without SGLANG_USE_AITER=1."),
    flags: &["page_size", "env.SGLANG_USE_AITER"],
    ..RuleInfo::BASE
};

/// Dense-attention threshold log.
pub static DENSE_THRESHOLD: RuleInfo = RuleInfo {
    code: "DSA120",
    name: "dsa-dense-threshold",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Set dense attention kv len threshold to model index_topk={index_topk} for DeepSeek with DSA.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_hook.py",
            166,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/model_hook.py",
            206,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_hook.py",
            260,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/model_hook.py",
            293,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/arg_groups/model_hook.py",
            293,
        ),
    ],
    title: doc!("Short sequences use dense attention"),
    explanation: doc!(
        "Sequences shorter than the model's index_topk are attended densely; SGLang sets the threshold to index_topk."
    ),
    trigger: doc!("A DSA model with SGLANG_DSA_PREFILL_DENSE_ATTN_KV_LEN_THRESHOLD unset."),
    ..RuleInfo::BASE
};

/// DSA models with learnable attention sinks need a bfloat16 KV cache (0.5.20 and later).
pub static KV_LEARNABLE_SINK: RuleInfo = RuleInfo {
    code: "DSA121",
    name: "dsa-learnable-sink-kv-cache-dtype",
    versions: VersionRange::since(crate::version::SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(crate::version::SglangVersion::V0_5_20),
        "Learnable DSA attention sinks require a bfloat16 KV cache; got kv_cache_dtype={kv_cache_dtype}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 504),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 502),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 599),
        (VersionRange::V23, OVERRIDES, 528),
    ],
    title: doc!("DSA models with learnable sinks need a bfloat16 KV cache"),
    explanation: doc!(
        "A DeepSeek Sparse Attention model whose config.json sets `learnable_sink` (e.g. Hunyuan V4) keeps its KV cache in bfloat16: any other explicit --kv-cache-dtype is refused during argument resolution, and auto resolves to bfloat16 even on Blackwell."
    ),
    trigger: doc!(
        "A DSA model with `learnable_sink: true` and --kv-cache-dtype other than auto, bf16 or bfloat16."
    ),
    solutions: doc_list!["Use --kv-cache-dtype bfloat16, or leave it on auto."],
    flags: &["kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"HYV4ForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
        r#"{"gpu":"H100","arch":"HYV4ForCausalLM","kv_cache_dtype":"bfloat16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &KV_LEARNABLE_SINK,
    &FISPARSE_REQUIRES_GLM_SM12_FP8,
    &GLM_SM12_FP8_ONLY_FISPARSE,
    &ATTN_DEFAULT_DSA,
    &PAGE_DSA,
    &KV_DEFAULT_DSA,
    &KV_AUTO_WITH_DSA_BACKEND,
    &KV_ALLOWED_DSA,
    &SPLIT_DEFAULT_GLM_SM12,
    &SPLIT_DEFAULT,
    &TRITON_ROCM_ONLY,
    &Q8_SM90_ONLY,
    &TRITON_SPARSE_MLA_HEADS,
    &TRITON_SPARSE_MLA_SM,
    &TRITON_SPARSE_MLA_ROCM,
    &MODEL_ONLY,
    &Q8_KV_DTYPE,
    &Q8_UNPACKED,
    &Q8_DECODE,
    &TILELANG_BOTH,
    &TILELANG_DCP,
    &TILELANG_SM89,
    &TILELANG_FP8_V19,
    &PAGE_DSA_ROCM,
    &DENSE_THRESHOLD,
];
