//! Known kernel-stage failures: configurations SGLang accepts at argument resolution and backend
//! construction that then fail when a kernel is compiled or first runs (or during CUDA-graph
//! capture). These are not SGLang argument checks: each cites the public report or kernel source
//! that shows the failure, and quotes the error users see.

use super::RuleInfo;
use crate::report::{Severity, Stage};
use crate::version::VersionRange;

/// Defaults for the kernel-stage warnings.
const KERNEL: RuleInfo = RuleInfo {
    severity: Severity::Error,
    stage: Stage::Kernel,
    exception: None,
    raised_by_sglang: false,
    ..RuleInfo::BASE
};

/// trtllm_mla prefill outside SM100/SM103.
pub static TRTLLM_MLA_PREFILL: RuleInfo = RuleInfo {
    code: "KERN001",
    name: "trtllm-mla-prefill-sm100-only",
    exception: Some("RuntimeError"),
    messages: &[(
        VersionRange::ALL,
        "Error in function 'TllmGenFmhaRunner' at /workspace/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:30: Unsupported architecture",
    )],
    title: "trtllm_mla prefill kernels exist only for SM100/SM103",
    explanation: "SGLang's argument check lets trtllm_mla run on any Blackwell GPU, but its prefill always calls FlashInfer's trtllm-gen ragged attention, which is built only for SM100/SM103 (decode on SM12x dispatches to XQA and works). On RTX 50xx, RTX PRO 6000, DGX Spark and Jetson Thor the first prefill (or CUDA-graph capture) fails.",
    trigger: "An MLA model whose prefill backend resolves to trtllm_mla on an SM110/SM12x GPU.",
    situations: "A B200 DeepSeek recipe (--attention-backend trtllm_mla) reused on an RTX PRO 6000 or DGX Spark.",
    solutions: &[
        "Use --prefill-attention-backend flashinfer and keep trtllm_mla for decode.",
        "Use --attention-backend triton.",
    ],
    flags: &["prefill_attention_backend", "attention_backend"],
    example: Some((
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla"}"#,
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","prefill_attention_backend":"flashinfer"}"#,
    )),
    evidence: Some("https://github.com/sgl-project/sglang/issues/24633"),
    ..KERNEL
};

/// trtllm_mla decode on SM12x (XQA) needs 128 heads per rank.
pub static TRTLLM_MLA_XQA_HEADS: RuleInfo = RuleInfo {
    code: "KERN002",
    name: "trtllm-mla-decode-xqa-heads",
    exception: Some("ValueError"),
    messages: &[(
        VersionRange::ALL,
        "XQA MLA only supports 128 query heads (head_group_ratio=128), got {heads} query heads",
    )],
    title: "trtllm_mla decode on SM12x needs exactly 128 query heads per GPU",
    explanation: "On SM120/SM121 FlashInfer runs trtllm_mla decode with its XQA MLA kernel, compiled only for 128 query heads per rank. DeepSeek-V3/R1 works at TP1 (or with DP attention); TP2/4/8 and 64-head models (Kimi K2.5) fail at CUDA-graph capture or the first decode.",
    trigger: "trtllm_mla decode, SM12x GPU, num_attention_heads / attention-TP size ≠ 128.",
    solutions: &[
        "Use --decode-attention-backend flashinfer or triton.",
        "Use DP attention so each rank keeps 128 heads.",
    ],
    flags: &["decode_attention_backend", "attention_backend", "tp_size"],
    example: Some((
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","prefill_attention_backend":"flashinfer","tp_size":4}"#,
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","prefill_attention_backend":"flashinfer"}"#,
    )),
    evidence: Some("https://github.com/flashinfer-ai/flashinfer/issues/2745"),
    ..KERNEL
};

/// DSA trtllm on SM12x / SM110.
pub static DSA_TRTLLM: RuleInfo = RuleInfo {
    code: "KERN003",
    name: "dsa-trtllm-sm100-only",
    exception: Some("InternalError"),
    messages: &[(
        VersionRange::ALL,
        "Error in function 'TllmGenFmhaRunner' at .../flashinfer/trtllm/fmha/fmhaRunner.cuh:37: Unsupported architecture",
    )],
    title: "The trtllm DSA kernels exist only for SM100/SM103",
    explanation: "SGLang picks the trtllm DSA backends on every GPU with SM major ≥ 10 (except GLM-5 with FP8 on SM12x), but FlashInfer's trtllm-gen sparse MLA kernels ship no SM12x or SM110 binaries: the first forward (FlashInfer autotune) fails. This hits DeepSeek-V3.2 on RTX PRO 6000 / DGX Spark and GLM-5 with a bfloat16 KV cache there.",
    trigger: "A DSA model with trtllm as DSA prefill or decode backend (the default on SM ≥ 10) on an SM110/SM12x GPU.",
    situations: "DeepSeek-V3.2 with default flags on an RTX PRO 6000; GLM-5 with --kv-cache-dtype bfloat16 on an RTX 5090.",
    solutions: &[
        "For GLM-5 on SM12x use --kv-cache-dtype fp8_e4m3 (SGLang then picks flashinfer_sparse_mla).",
        "Run DSA models on Hopper or SM100.",
    ],
    flags: &[
        "dsa_prefill_backend",
        "dsa_decode_backend",
        "kv_cache_dtype",
    ],
    example: Some((
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV32ForCausalLM"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM"}"#,
    )),
    evidence: Some("https://github.com/sgl-project/sglang/issues/40286"),
    ..KERNEL
};

/// FlashMLA sparse kernels outside SM90/SM10x.
pub static FLASHMLA_SPARSE: RuleInfo = RuleInfo {
    code: "KERN004",
    name: "flashmla-sparse-sm90-sm100-only",
    exception: Some("RuntimeError"),
    messages: &[(
        VersionRange::ALL,
        "Sparse Attention Forward Kernel is only supported on SM90a and SM100f architectures.",
    )],
    title: "FlashMLA sparse kernels exist only for SM90 and SM100/SM103",
    explanation: "The flashmla_sparse / flashmla_kv / flashmla_auto DSA backends call FlashMLA's sparse kernels, built for SM90 and SM10x only (sparse decode raises \"Unsupported architecture for sparse decode fwd\"). On Ampere/Ada — where flashmla_sparse is the default bfloat16 prefill — and on SM110/SM12x the first forward fails.",
    trigger: "A DSA model with a FlashMLA sparse DSA backend on a GPU whose SM major is not 9 or 10.",
    solutions: &[
        "Run DSA models on Hopper or SM100.",
        "On SM12x use GLM-5 with fp8_e4m3 (flashinfer_sparse_mla).",
    ],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: Some((
        r#"{"gpu":"A100","arch":"DeepseekV32ForCausalLM","env":{"SGLANG_FP8_PAGED_MQA_LOGITS_TORCH":"1"}}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM"}"#,
    )),
    evidence: Some("https://github.com/sgl-project/sglang/issues/31578"),
    ..KERNEL
};

/// DSA fa3 decode outside SM90.
pub static DSA_FA3: RuleInfo = RuleInfo {
    code: "KERN005",
    name: "dsa-fa3-sm90-only",
    exception: Some("NotImplementedError"),
    messages: &[(
        VersionRange::ALL,
        "flash_attn at sgl-kernel is only supported on sm90 and above",
    )],
    title: "The DSA fa3 kernels need Hopper",
    explanation: "The DSA fa3 path runs a 576/512 MLA FlashAttention-3 kernel that exists only in the SM90 build; on Ampere/Ada (where fa3 is the default bfloat16 DSA decode) there is no working kernel, and on Blackwell the call is refused.",
    trigger: "A DSA model with fa3 as DSA prefill or decode backend on a GPU whose SM major is not 9.",
    solutions: &["Run DSA models on Hopper or SM100."],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: Some((
        r#"{"gpu":"L40S","arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"tilelang","dsa_decode_backend":"fa3","kv_cache_dtype":"bfloat16","env":{"SGLANG_FP8_PAGED_MQA_LOGITS_TORCH":"1"}}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"tilelang","dsa_decode_backend":"fa3","kv_cache_dtype":"bfloat16"}"#,
    )),
    evidence: Some("https://github.com/sgl-project/sglang/issues/35420"),
    ..KERNEL
};

/// DSA indexer (DeepGEMM paged MQA logits) on SM8x / SM110.
pub static DSA_INDEXER: RuleInfo = RuleInfo {
    code: "KERN006",
    name: "dsa-indexer-deepgemm-arch",
    exception: Some("RuntimeError"),
    messages: &[(
        VersionRange::ALL,
        "Assertion error (csrc/apis/attention.hpp:211): Unsupported architecture",
    )],
    title: "The DSA indexer's DeepGEMM kernels need SM90 or SM10x",
    explanation: "DSA models score tokens with DeepGEMM's paged MQA-logits kernels, implemented for SM90 and SM10x (and SM12x in sgl-deep-gemm). On Ampere/Ada and Jetson Thor the first forward fails unless SGLANG_FP8_PAGED_MQA_LOGITS_TORCH=1 selects the torch fallback.",
    trigger: "A DSA model on an NVIDIA GPU with SM major 8 or 11, without SGLANG_FP8_PAGED_MQA_LOGITS_TORCH=1.",
    solutions: &[
        "Set SGLANG_FP8_PAGED_MQA_LOGITS_TORCH=1 (slower).",
        "Run DSA models on Hopper or Blackwell.",
    ],
    flags: &["env.SGLANG_FP8_PAGED_MQA_LOGITS_TORCH"],
    example: Some((
        r#"{"gpu":"A100","arch":"DeepseekV32ForCausalLM"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM"}"#,
    )),
    evidence: Some("https://github.com/sgl-project/sglang/issues/23657"),
    ..KERNEL
};

/// DSA tilelang bf16 on SM12x exceeds shared memory.
pub static DSA_TILELANG_SMEM: RuleInfo = RuleInfo {
    code: "KERN007",
    name: "dsa-tilelang-sm12-smem",
    exception: Some("InternalError"),
    messages: &[(
        VersionRange::ALL,
        "Failed to set the allowed dynamic shared memory size to 169984",
    )],
    title: "TileLang DSA kernels exceed SM12x shared memory",
    explanation: "The TileLang DSA kernels need about 166 KB of shared memory per block; SM120/SM121 allow about 99 KB, so kernel initialisation fails.",
    trigger: "A DSA model with tilelang as a DSA backend and a bfloat16 KV cache on an SM12x GPU.",
    solutions: &["For GLM-5 use --kv-cache-dtype fp8_e4m3 and the default DSA backends."],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: Some((
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bfloat16","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang"}"#,
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
    )),
    evidence: Some("https://github.com/sgl-project/sglang/pull/36507"),
    ..KERNEL
};

/// Dense FlashMLA decode is SM90-only.
pub static FLASHMLA_DENSE: RuleInfo = RuleInfo {
    code: "KERN008",
    name: "flashmla-dense-sm90-only",
    exception: Some("RuntimeError"),
    messages: &[(
        VersionRange::ALL,
        "Dense decode MLA is only supported on SM90a architecture",
    )],
    title: "The flashmla attention backend runs only on Hopper",
    explanation: "--attention-backend flashmla uses FlashMLA's dense decode kernel, which exists only for SM90. SGLang does not check this; on Ampere, Ada and every Blackwell GPU (B200/B300 included) CUDA-graph capture or the first decode fails.",
    trigger: "An MLA model with flashmla as attention or decode backend on a GPU whose SM major is not 9.",
    solutions: &["On Blackwell use trtllm_mla; elsewhere use triton or flashinfer."],
    flags: &["attention_backend", "decode_attention_backend"],
    example: Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"flashmla"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"flashmla"}"#,
    )),
    evidence: Some(
        "https://github.com/sgl-project/sglang/blob/1a15f42d856aa4cb1f78be66870d81cc29043fcf/test/registered/attention/unittests/KNOWN_FAILURES.md",
    ),
    ..KERNEL
};

/// FA4 with FP8 KV off SM10x.
pub static FA4_FP8: RuleInfo = RuleInfo {
    code: "KERN009",
    name: "fa4-fp8-kv-sm100-only",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "FP8 is only supported on SM100 (compute capability 10.x) for FA4 CuTe.",
    )],
    title: "FA4 reads an FP8 KV cache only on SM100/SM103",
    explanation: "With an FP8 KV cache, FA4 decode casts queries to FP8, which FlashAttention-4's CuTe kernels support only on SM10x; on Hopper, Jetson Thor and RTX 50xx decode fails at CUDA-graph capture.",
    trigger: "fa4 as decode backend, --kv-cache-dtype fp8_e4m3/fp8_e5m2, GPU SM major not 10.",
    solutions: &[
        "Use flashinfer (or trtllm_mha) for decode.",
        "Use a bf16 KV cache.",
    ],
    flags: &[
        "decode_attention_backend",
        "attention_backend",
        "kv_cache_dtype",
    ],
    example: Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"fa4","kv_cache_dtype":"fp8_e4m3"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"fa4","decode_attention_backend":"flashinfer","kv_cache_dtype":"fp8_e4m3"}"#,
    )),
    evidence: Some("https://github.com/sgl-project/sglang/issues/23985"),
    ..KERNEL
};

/// CUDA-only backend on ROCm.
pub static CUDA_ONLY_ON_ROCM: RuleInfo = RuleInfo {
    code: "KERN010",
    name: "cuda-backend-on-rocm",
    exception: Some("ImportError"),
    messages: &[(
        VersionRange::ALL,
        "{backend} is a CUDA-only attention backend: on ROCm it fails when its kernels are imported or first run.",
    )],
    title: "This attention backend does not exist on AMD GPUs",
    explanation: "flashinfer (and trtllm_mha, trtllm_mla, cutedsl_mla, which call it), fa3, fa4 and flashmla are CUDA-only packages. SGLang does not check the vendor — the FA3 gate even passes because ROCm reports SM 9.x — and the launch fails at import or first forward. (Preflight's wording: there is no stable SGLang message.)",
    trigger: "An AMD GPU with one of flashinfer, fa3, fa4, flashmla, trtllm_mha, trtllm_mla, cutedsl_mla as a backend.",
    solutions: &["Use aiter or triton on AMD GPUs."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","attention_backend":"flashinfer"}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM"}"#,
    )),
    evidence: Some("https://github.com/sgl-project/sglang/issues/1911"),
    ..KERNEL
};

/// AMD-only backend on NVIDIA.
pub static AMD_ONLY_ON_CUDA: RuleInfo = RuleInfo {
    code: "KERN011",
    name: "amd-backend-on-cuda",
    exception: Some("ImportError"),
    messages: &[(
        VersionRange::ALL,
        "{backend} is an AMD-only attention backend: on NVIDIA GPUs it fails when its kernels are first used.",
    )],
    title: "aiter and wave exist only on AMD GPUs",
    explanation: "aiter prints \"aiter is AMD specific kernel library. Please make sure aiter is installed on your AMD device.\" and then fails on first use; wave imports AMD's wave_lang. SGLang does not check the vendor. (Preflight's wording: there is no stable SGLang message.)",
    trigger: "An NVIDIA GPU with aiter or wave as a backend.",
    solutions: &["Leave the backend unset, or use flashinfer/triton."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"aiter"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    )),
    evidence: Some(
        "https://github.com/sgl-project/sglang/blob/v0.5.23/python/sglang/srt/layers/attention/aiter_backend.py#L70",
    ),
    ..KERNEL
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &TRTLLM_MLA_PREFILL,
    &TRTLLM_MLA_XQA_HEADS,
    &DSA_TRTLLM,
    &FLASHMLA_SPARSE,
    &DSA_FA3,
    &DSA_INDEXER,
    &DSA_TILELANG_SMEM,
    &FLASHMLA_DENSE,
    &FA4_FP8,
    &CUDA_ONLY_ON_ROCM,
    &AMD_ONLY_ON_CUDA,
];
