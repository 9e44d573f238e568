//! Known kernel-stage failures: configurations SGLang accepts at argument resolution and backend
//! construction that then fail when a kernel is compiled or first runs (or during CUDA-graph
//! capture). These are not SGLang argument checks: each cites the public report or kernel source
//! that shows the failure, and quotes the error users see.

use super::RuleInfo;
use crate::report::{Severity, Stage};
use crate::version::{SglangVersion, VersionRange};

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
    exception: Some("InternalError"),
    messages: &[(
        VersionRange::ALL,
        "Error in function 'TllmGenFmhaRunner' at .../flashinfer/trtllm/fmha/fmhaRunner.cuh:37: Unsupported architecture",
    )],
    variants: &[
        "Error in function 'TllmGenFmhaRunner' at /workspace/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:30: Unsupported architecture",
    ],
    title: doc!("trtllm_mla prefill kernels exist only for SM100/SM103"),
    explanation: doc!(
        "SGLang's argument check lets trtllm_mla run on any Blackwell GPU, but its prefill always calls FlashInfer's trtllm-gen ragged attention, whose runner accepts only SM100/SM103/SM107 (`FLASHINFER_CHECK(mSM == kSM_100 || mSM == kSM_103 || mSM == kSM_107, \"Unsupported architecture\")`, flashinfer/data/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:37 in flashinfer 0.6.18, 0.7.1 and 0.7.2, the versions SGLang 0.5.19–0.5.23 pin; decode on SM12x dispatches to XQA and works). On SM110 and SM12x GPUs the first prefill (or CUDA-graph capture) fails with tvm.error.InternalError (flashinfer 0.6.7.post2 printed the same check as a RuntimeError at /workspace/include/…/fmhaRunner.cuh:30)."
    ),
    trigger: doc!(
        "An MLA model whose prefill backend resolves to trtllm_mla on an SM110/SM12x GPU."
    ),
    situations: doc!(
        "A B200 DeepSeek recipe (--attention-backend trtllm_mla) reused on an RTX PRO 6000 or DGX Spark."
    ),
    solutions: doc_list![
        "Use --prefill-attention-backend flashinfer and keep trtllm_mla for decode.",
        "Use --attention-backend triton.",
    ],
    flags: &["prefill_attention_backend", "attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla"}"#,
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","prefill_attention_backend":"flashinfer"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/issues/24633")),
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
    title: doc!("trtllm_mla decode on SM12x needs exactly 128 query heads per GPU"),
    explanation: doc!(
        "On SM120/SM121 FlashInfer runs trtllm_mla decode with its XQA MLA kernel, compiled only for 128 query heads per rank. DeepSeek-V3/R1 works at TP1 (or with DP attention); TP2/4/8 and 64-head models (Kimi K2.5) fail at CUDA-graph capture or the first decode."
    ),
    trigger: doc!("trtllm_mla decode, SM12x GPU, num_attention_heads / attention-TP size ≠ 128."),
    solutions: doc_list![
        "Use --decode-attention-backend flashinfer or triton.",
        "Use DP attention so each rank keeps 128 heads.",
    ],
    flags: &["decode_attention_backend", "attention_backend", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","prefill_attention_backend":"flashinfer","tp_size":4}"#,
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","prefill_attention_backend":"flashinfer"}"#,
    ))),
    evidence: doc_opt!(Some(
        "https://github.com/flashinfer-ai/flashinfer/issues/2745"
    )),
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
    title: doc!("The trtllm DSA kernels exist only for SM100/SM103"),
    explanation: doc!(
        "SGLang picks the trtllm DSA backends on every GPU with SM major ≥ 10 (except GLM-5 with FP8 on SM12x) and accepts --dsa-prefill-backend / --dsa-decode-backend trtllm on any GPU; it calls FlashInfer with backend=\"trtllm-gen\" (python/sglang/srt/layers/attention/dsa_backend.py:3982@0.5.23), whose runner accepts only SM100/SM103/SM107 (fmhaRunner.cuh:37 in flashinfer 0.6.18–0.7.2): the first forward (FlashInfer autotune) fails everywhere else. This hits DeepSeek-V3.2 on RTX PRO 6000 / DGX Spark, GLM-5 with a bfloat16 KV cache there, and a trtllm DSA backend set by hand on Hopper or Ampere."
    ),
    trigger: doc!(
        "A DSA model with trtllm as DSA prefill or decode backend (the default on SM ≥ 10) on an NVIDIA GPU whose SM major is not 10."
    ),
    situations: doc!(
        "DeepSeek-V3.2 with default flags on an RTX PRO 6000; GLM-5 with --kv-cache-dtype bfloat16 on an RTX 5090."
    ),
    solutions: doc_list![
        "For GLM-5 on SM12x use --kv-cache-dtype fp8_e4m3 (SGLang then picks flashinfer_sparse_mla).",
        "Run DSA models on Hopper or SM100.",
    ],
    flags: &[
        "dsa_prefill_backend",
        "dsa_decode_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV32ForCausalLM"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/issues/40286")),
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
    variants: &[
        "Unsupported architecture for sparse decode fwd",
        "Sparse Attention Decode Kernel (sparse_decode_fwd) is only supported on SM100f architectures.",
        "Sparse Attention Prefill Kernel (sparse_prefill_fwd) is only supported on SM100f architectures.",
    ],
    title: doc!("FlashMLA sparse kernels exist only for SM90 and SM100/SM103"),
    explanation: doc!(
        "The flashmla_sparse / flashmla_kv / flashmla_auto DSA backends call FlashMLA's sparse kernels, built for SM90 and SM10x only (sparse decode raises \"Unsupported architecture for sparse decode fwd\"). On Ampere/Ada — where flashmla_sparse is the default bfloat16 prefill — and on SM110/SM12x the first forward fails."
    ),
    trigger: doc!(
        "A DSA model with a FlashMLA sparse DSA backend on a GPU whose SM major is not 9 or 10."
    ),
    solutions: doc_list![
        "Run DSA models on Hopper or SM100.",
        "On SM12x use GLM-5 with fp8_e4m3 (flashinfer_sparse_mla).",
    ],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"A100","arch":"DeepseekV32ForCausalLM","env":{"SGLANG_FP8_PAGED_MQA_LOGITS_TORCH":"1"}}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/issues/31578")),
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
    title: doc!("The DSA fa3 kernels need Hopper (Blackwell)"),
    explanation: doc!(
        "The DSA fa3 path runs a 576/512 MLA FlashAttention-3 kernel that exists only in the SM90 build; on Blackwell SGLang's FA3 wrapper refuses the call (python/sglang/kernels/ops/attention/flash_attention_v3.py:137-139@0.5.23, raised when the SM major is not 8 or 9). Ampere/Ada fail inside FA3 instead (KERN018)."
    ),
    trigger: doc!(
        "A DSA model with fa3 as DSA prefill or decode backend on a GPU whose SM major is neither 8 nor 9 (Blackwell; Volta too)."
    ),
    solutions: doc_list!["Run DSA models on Hopper or SM100."],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"tilelang","dsa_decode_backend":"fa3","kv_cache_dtype":"bfloat16"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"tilelang","dsa_decode_backend":"fa3","kv_cache_dtype":"bfloat16"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/issues/35420")),
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
    title: doc!("The DSA indexer's DeepGEMM kernels need SM90 or SM10x"),
    explanation: doc!(
        "DSA models score tokens with DeepGEMM's paged MQA-logits kernels, implemented for SM90 and SM10x (and SM12x in sgl-deep-gemm). On Ampere/Ada and Jetson Thor the first forward fails unless SGLANG_FP8_PAGED_MQA_LOGITS_TORCH=1 selects the torch fallback."
    ),
    trigger: doc!(
        "A DSA model on an NVIDIA GPU with SM major 8 or 11, without SGLANG_FP8_PAGED_MQA_LOGITS_TORCH=1."
    ),
    solutions: doc_list![
        "Set SGLANG_FP8_PAGED_MQA_LOGITS_TORCH=1 (slower).",
        "Run DSA models on Hopper or Blackwell.",
    ],
    flags: &["env.SGLANG_FP8_PAGED_MQA_LOGITS_TORCH"],
    example: doc_opt!(Some((
        r#"{"gpu":"A100","arch":"DeepseekV32ForCausalLM"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/issues/23657")),
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
    title: doc!("TileLang DSA kernels exceed SM12x shared memory"),
    explanation: doc!(
        "The TileLang DSA kernels need about 166 KB of shared memory per block; SM120/SM121 allow about 99 KB, so kernel initialisation fails."
    ),
    trigger: doc!(
        "A DSA model with tilelang as a DSA backend and a bfloat16 KV cache on an SM12x GPU."
    ),
    solutions: doc_list!["For GLM-5 use --kv-cache-dtype fp8_e4m3 and the default DSA backends."],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bfloat16","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang"}"#,
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/pull/36507")),
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
    variants: &["Dense FP8 MLA is only supported on SM90"],
    title: doc!("The flashmla attention backend runs only on Hopper"),
    explanation: doc!(
        "--attention-backend flashmla uses FlashMLA's dense decode kernel, which exists only for SM90. SGLang does not check this; on Ampere, Ada and every Blackwell GPU (B200/B300 included) CUDA-graph capture or the first decode fails."
    ),
    trigger: doc!(
        "An MLA model with flashmla as attention or decode backend on a GPU whose SM major is not 9."
    ),
    solutions: doc_list!["On Blackwell use trtllm_mla; elsewhere use triton or flashinfer."],
    flags: &["attention_backend", "decode_attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"flashmla"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"flashmla"}"#,
    ))),
    evidence: doc_opt!(Some(
        "https://github.com/sgl-project/sglang/blob/1a15f42d856aa4cb1f78be66870d81cc29043fcf/test/registered/attention/unittests/KNOWN_FAILURES.md",
    )),
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
    title: doc!("FA4 reads an FP8 KV cache only on SM100/SM103"),
    explanation: doc!(
        "With an FP8 KV cache, FA4 decode casts queries to FP8, which FlashAttention-4's CuTe kernels support only on SM10x; on Hopper, Jetson Thor and RTX 50xx decode fails at CUDA-graph capture."
    ),
    trigger: doc!(
        "fa4 as decode backend, --kv-cache-dtype fp8_e4m3/fp8_e5m2, GPU SM major not 10."
    ),
    solutions: doc_list![
        "Use flashinfer (or trtllm_mha) for decode.",
        "Use a bf16 KV cache.",
    ],
    flags: &[
        "decode_attention_backend",
        "attention_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"fa4","kv_cache_dtype":"fp8_e4m3"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"fa4","decode_attention_backend":"flashinfer","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/issues/23985")),
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
    title: doc!("This attention backend does not exist on AMD GPUs"),
    explanation: doc!(
        "flashinfer (and trtllm_mha, trtllm_mla, cutedsl_mla, which call it), fa3, fa4 and flashmla are CUDA-only packages. SGLang does not check the vendor — the FA3 gate even passes because ROCm reports SM 9.x — and the launch fails at import or first forward. (Preflight's wording: there is no stable SGLang message.)"
    ),
    trigger: doc!(
        "An AMD GPU with one of flashinfer, fa3, fa4, flashmla, trtllm_mha, trtllm_mla, cutedsl_mla as a backend."
    ),
    solutions: doc_list!["Use aiter or triton on AMD GPUs."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","attention_backend":"flashinfer"}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/issues/1911")),
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
    variants: &[
        "aiter is AMD specific kernel library. Please make sure aiter is installed on your AMD device.",
    ],
    title: doc!("aiter and wave exist only on AMD GPUs"),
    explanation: doc!(
        "aiter prints \"aiter is AMD specific kernel library. Please make sure aiter is installed on your AMD device.\" and then fails on first use; wave imports AMD's wave_lang. SGLang does not check the vendor. (Preflight's wording: there is no stable SGLang message.)"
    ),
    trigger: doc!("An NVIDIA GPU with aiter or wave as a backend."),
    solutions: doc_list!["Leave the backend unset, or use flashinfer/triton."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"aiter"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    evidence: doc_opt!(Some(
        "https://github.com/sgl-project/sglang/blob/v0.5.23/python/sglang/srt/layers/attention/aiter_backend.py#L70",
    )),
    ..KERNEL
};

/// trtllm_mla decode on SM110: FlashInfer routes it to XQA, which is SM12x-only.
pub static TRTLLM_MLA_DECODE_SM110: RuleInfo = RuleInfo {
    code: "KERN012",
    name: "trtllm-mla-decode-sm110",
    exception: Some("ValueError"),
    messages: &[(
        VersionRange::ALL,
        "XQA MLA requires SM120a (CUDA >= 12.8) or SM121a (CUDA >= 12.9)",
    )],
    title: doc!("trtllm_mla decode has no kernel on SM110"),
    explanation: doc!(
        "SGLang's trtllm_mla check accepts every Blackwell GPU (`is_blackwell`, python/sglang/srt/arg_groups/overrides.py:1210@0.5.23) and its decode calls flashinfer.decode.trtllm_batch_decode_with_kv_cache_mla without a backend (python/sglang/srt/layers/attention/trtllm_mla_backend.py:1036-1041@0.5.23). FlashInfer's backend=\"auto\" picks XQA on every GPU whose SM major is not 10 (flashinfer/mla/_core.py:4209 in flashinfer 0.7.2, :3921 in 0.7.1, :3837 in 0.6.18), and XQA then refuses anything that is not SM12x (:4304 / :4016 / :3853). On SM110 (Jetson Thor) CUDA-graph capture or the first decode fails. Read from FlashInfer's code; no public report yet."
    ),
    trigger: doc!(
        "An MLA model whose decode backend resolves to trtllm_mla on a GPU of SM major 11."
    ),
    solutions: doc_list![
        "Use --attention-backend triton (or flashinfer) on SM110.",
        "Use --decode-attention-backend triton and keep another prefill backend.",
    ],
    flags: &["decode_attention_backend", "attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"Jetson Thor","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","prefill_attention_backend":"triton"}"#,
        r#"{"gpu":"Jetson Thor","arch":"DeepseekV3ForCausalLM","attention_backend":"triton"}"#,
    ))),
    evidence: doc_opt!(Some(
        "flashinfer-python 0.7.2 wheel: flashinfer/mla/_core.py:4209 (cc[0] != 10 -> backend = \"xqa\") and :4304 (is_sm12x_supported check)",
    )),
    ..KERNEL
};

/// FlashInfer's MLA wrapper falls back to FA2 on Blackwell (pinned FlashInfer ≤ 0.7.1).
pub static FLASHINFER_MLA_FA2_FALLBACK: RuleInfo = RuleInfo {
    code: "KERN013",
    name: "flashinfer-mla-decode-fa2-fallback",
    severity: Severity::Warning,
    exception: Some("UserWarning"),
    versions: VersionRange::until(SglangVersion::V0_5_22),
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "BatchMLAPagedAttentionWrapper: backend='auto' selected 'fa2' on SM{sm}, which is not Blackwell-native and gives poor MLA decode performance. For decode, use flashinfer.mla.trtllm_batch_decode_with_kv_cache_mla (Blackwell-native trtllm-gen); backend='cutlass' is the closest in-wrapper alternative but may be slower than this fallback for decode shapes.",
        ),
        (
            VersionRange::between(SglangVersion::V0_5_22, SglangVersion::V0_5_22),
            "BatchMLAPagedAttentionWrapper: backend='auto' selected 'fa2' on SM{sm}, which is not Blackwell-native and gives poor MLA decode performance. For decode, use flashinfer.mla.trtllm_batch_decode_with_kv_cache_mla (Blackwell-native trtllm-gen); backend='cutile' is the native in-wrapper cuda.tile alternative.",
        ),
    ],
    title: doc!("The flashinfer MLA backend decodes on the slow FA2 path on SM100/SM103"),
    explanation: doc!(
        "SGLang's flashinfer MLA backend builds BatchMLAPagedAttentionWrapper(backend=\"auto\") (python/sglang/srt/layers/attention/flashinfer_mla_backend.py:304@0.5.19, :306@0.5.22). FlashInfer 0.6.18 (pinned by SGLang 0.5.19–0.5.21) resolves \"auto\" to FA2 on every GPU that is not SM90a (flashinfer/utils.py:699) and warns that this gives poor MLA decode performance (flashinfer/mla/_core.py:2041); FlashInfer 0.7.1 (SGLang 0.5.22) routes only SM100 to its native kernels (flashinfer/mla/_batch_mla/_auto_policy.py:78), 0.7.2 (SGLang 0.5.23) SM100 and SM103 (:50). Measured on B200: 0.569 ms vs 0.190 ms for trtllm-gen decode at sequence 4096, batch 128 (3.0×, sgl-project/sglang#26557). flashinfer is SGLang's MLA default on SM100/SM103 for models without a trtllm_mla override. A risk, not a failure: the launch works, slower."
    ),
    trigger: doc!(
        "An MLA model with flashinfer as decode backend on SM100 with SGLang ≤ 0.5.21, or on SM103 with SGLang ≤ 0.5.22."
    ),
    situations: doc!(
        "An MLA model other than DeepSeek (whose override picks trtllm_mla) on a B200 with default flags; --attention-backend flashinfer copied from an older recipe."
    ),
    solutions: doc_list![
        "Use --attention-backend trtllm_mla (Blackwell-native decode).",
        "Upgrade to SGLang 0.5.23 (FlashInfer 0.7.2 routes SM100 and SM103 to native kernels).",
    ],
    flags: &["decode_attention_backend", "attention_backend", "sglang"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"flashinfer"}"#,
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/pull/26557")),
    ..KERNEL
};

/// FA3 on SM89: sgl-kernel accepts it, the launch fails.
pub static FA3_SM89: RuleInfo = RuleInfo {
    code: "KERN014",
    name: "fa3-sm89-invalid-argument",
    exception: Some("RuntimeError"),
    messages: &[(
        VersionRange::ALL,
        "CUDA error (_deps/repo-flash-attention-src/hopper/flash_fwd_launch_template.h:203): invalid argument",
    )],
    title: doc!("FA3 fails on SM89 (Ada) GPUs"),
    explanation: doc!(
        "SGLang's fa3 check allows SM major 8 for non-MLA models (`assert (major == 8 and not runner.use_mla_backend) or major == 9`, python/sglang/srt/layers/attention/attention_registry.py:243@0.5.23, :220@0.5.19), and SGLang's FA3 wrapper accepts major 8 too (`_is_fa3_supported`, python/sglang/kernels/ops/attention/flash_attention_v3.py:84@0.5.19 and @0.5.23, whose comment warns that \"FA3 can fail without a enough shared memory for a some shapes\"), but the FA3 build in sgl-kernel (flash_ops.abi3.so: sm_80, sm_86, sm_90a; no sm_89) fails on an SM89 GPU at the first kernel launch — CUDA-graph capture — with a CUDA \"invalid argument\" (sgl-project/sglang#38980: RTX 4080 SUPER, sglang-kernel 0.4.5 and 0.4.6.post1; 0.4.7–0.4.10 ship the same flash_ops targets). SGLang picks fa3 itself on SM8x for deterministic inference."
    ),
    trigger: doc!(
        "A non-MLA model with fa3 as prefill or decode backend on a GPU of compute capability 8.9."
    ),
    situations: doc!(
        "A Hopper recipe with --attention-backend fa3 reused on an L40S, L4 or RTX 4090; --enable-deterministic-inference on an Ada GPU without an attention backend."
    ),
    solutions: doc_list![
        "Use --attention-backend flashinfer (SGLang's default on SM89).",
        "Use --attention-backend triton.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"L40S","arch":"LlamaForCausalLM","attention_backend":"fa3"}"#,
        r#"{"gpu":"L40S","arch":"LlamaForCausalLM"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/sgl-project/sglang/issues/38980")),
    ..KERNEL
};

/// The aiter DSA backend on NVIDIA: its names are imported only on ROCm.
pub static DSA_AITER_ON_CUDA: RuleInfo = RuleInfo {
    code: "KERN015",
    name: "dsa-aiter-on-cuda",
    exception: Some("NameError"),
    messages: &[(
        VersionRange::ALL,
        "aiter is an AMD-only DSA backend: on NVIDIA GPUs its kernels and helpers are not imported and the first forward fails.",
    )],
    variants: &["name 'fp8_dtype' is not defined"],
    title: doc!("The aiter DSA backend exists only on AMD GPUs"),
    explanation: doc!(
        "SGLang accepts --dsa-prefill-backend aiter / --dsa-decode-backend aiter on any GPU, but the DSA backend imports aiter, fp8_dtype and get_valid_kv_indices only `if _is_hip` (python/sglang/srt/layers/attention/dsa_backend.py:147-163@0.5.23, :139-141@0.5.19) and sets the aiter buffers only on ROCm (:621-635@0.5.23). On an NVIDIA GPU the first aiter forward reads a name that does not exist: in 0.5.23 `NameError: name 'fp8_dtype' is not defined` (:3625 and :3712@0.5.23); earlier releases fail on the ROCm-only attributes first. (Preflight's wording: the exact text differs by release and by which side runs first.) Read from SGLang's code; no public report."
    ),
    trigger: doc!("A DSA model with aiter as DSA prefill or decode backend on an NVIDIA GPU."),
    solutions: doc_list!["Leave the DSA backends unset (SGLang picks a CUDA one)."],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","dsa_decode_backend":"aiter"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM"}"#,
    ))),
    evidence: doc_opt!(Some(
        "https://github.com/sgl-project/sglang/blob/v0.5.23/python/sglang/srt/layers/attention/dsa_backend.py#L147-L163",
    )),
    ..KERNEL
};

/// aiter (SGLang's ROCm default) on RDNA GPUs.
pub static AITER_ON_RDNA: RuleInfo = RuleInfo {
    code: "KERN016",
    name: "aiter-on-rdna",
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "aiter has no kernels for {gfx}: the aiter attention backend fails when its kernels are built or first run.",
    )],
    variants: &[
        "Unknown GPU architecture: {gfx}. Supported architectures: {archs}",
        "One of GPU archs of {archs} is invalid or not supported",
    ],
    title: doc!(
        "aiter, SGLang's default attention backend on AMD, does not run on Radeon (RDNA) GPUs"
    ),
    explanation: doc!(
        "On every ROCm GPU SGLang picks aiter for MHA models (and for MLA models with 16 or 128 KV heads) unless a backend is given (python/sglang/srt/arg_groups/model_override_base.py:327@0.5.23, :322@0.5.19). aiter is built for CDNA Instinct GPUs: the PyPI amd-aiter 0.1.7.post2.dev18 wheel ships assembly kernels for gfx942 and gfx950 only (aiter_meta/hsa/), its chip table has no gfx1201 (aiter/jit/utils/chip_info.py:13-20; unknown archs raise \"Unknown GPU architecture: …\" at :65-67 and :77-79) and its JIT accepts gfx90a, gfx940-942, gfx1100 and gfx950 only (aiter/jit/core.py:304-317). On RDNA3 (gfx11xx) and RDNA4 (gfx120x) the JIT build or the first forward fails (AMD: ROCm/TheRock#7700 for Radeon PRO W7900, Radeon AI PRO R9700, RX 9070 XT; sgl-project/sglang#36867 for gfx1100 during JIT). The exact error depends on the aiter build, so the message is Preflight's wording (the variants are aiter's). SGLANG_USE_AITER=0 does not change the attention default (model_override_base.py does not read it)."
    ),
    trigger: doc!(
        "aiter as attention, prefill or decode backend (SGLang's default on ROCm) on a GPU whose gfx arch is gfx11xx or gfx120x."
    ),
    situations: doc!("A default launch on a Radeon PRO W7900, RX 7900 XTX or RX 9070 XT."),
    solutions: doc_list!["Use --attention-backend triton."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"Radeon RX 9070 XT","arch":"LlamaForCausalLM"}"#,
        r#"{"gpu":"Radeon RX 9070 XT","arch":"LlamaForCausalLM","attention_backend":"triton"}"#,
    ))),
    evidence: doc_opt!(Some("https://github.com/ROCm/TheRock/issues/7700")),
    ..KERNEL
};

/// tokenspeed_mla (0.5.19–0.5.22) compiles its prefill kernel at start-up; SM100/SM103 only.
pub static TOKENSPEED_MLA_PREFILL_ARCH: RuleInfo = RuleInfo {
    code: "KERN017",
    name: "tokenspeed-mla-prefill-sm100-only",
    exception: Some("NotImplementedError"),
    versions: VersionRange::until(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::until(SglangVersion::V0_5_22),
        "MLA prefill not implemented for arch={arch}.",
    )],
    title: doc!("tokenspeed_mla's prefill kernels exist only for SM100/SM103"),
    explanation: doc!(
        "SGLang 0.5.19–0.5.22 lets tokenspeed_mla run on any Blackwell GPU (`is_blackwell`, python/sglang/srt/arg_groups/overrides.py:1229-1231@0.5.19) and its backend pre-compiles the prefill kernels when it is built, calling tokenspeed_mla.mla_prefill._enable_ex2_emulation() (python/sglang/srt/layers/attention/tokenspeed_mla_backend.py:153@0.5.19, :155@0.5.22). tokenspeed_mla 0.1.8 (the pinned version) implements it for sm_100…sm_100f and sm_103…sm_103f only and raises otherwise (tokenspeed_mla/mla_prefill.py:91-101), so on SM110 and SM12x GPUs the model runner fails at start-up. ({arch} is the CuTe DSL architecture of the GPU.) The PyPI tokenspeed_mla 0.1.8 is an x86_64 wheel only. From 0.5.23 tokenspeed_mla is an alias of cutedsl_mla, which SGLang itself refuses off SM100."
    ),
    trigger: doc!(
        "tokenspeed_mla as attention, prefill or decode backend on a GPU of SM major 11 or 12, SGLang 0.5.19–0.5.22."
    ),
    solutions: doc_list![
        "On SM12x use --attention-backend trtllm_mla with --prefill-attention-backend flashinfer (128 heads per rank), or triton.",
        "Use --attention-backend triton.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"tokenspeed_mla","kv_cache_dtype":"fp8_e4m3"}"#,
        r#"{"sglang":"0.5.19","gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV3ForCausalLM","attention_backend":"triton"}"#,
    ))),
    evidence: doc_opt!(Some(
        "tokenspeed_mla 0.1.8 wheel: tokenspeed_mla/mla_prefill.py:91-101"
    )),
    ..KERNEL
};

/// DSA fa3 on SM8x: FA3 refuses a V head dim that differs from Q/K's.
pub static DSA_FA3_SM8X: RuleInfo = RuleInfo {
    code: "KERN018",
    name: "dsa-fa3-sm8x-v-headdim",
    exception: Some("RuntimeError"),
    messages: &[(
        VersionRange::ALL,
        "Only Hopper supports different V headdim",
    )],
    title: doc!("The DSA fa3 kernels need Hopper (Ampere/Ada)"),
    explanation: doc!(
        "On SM8x SGLang's default bfloat16 DSA decode backend is fa3 (python/sglang/srt/arg_groups/overrides.py:726@0.5.23: trtllm if major >= 10 else fa3) and sgl-kernel's is_fa3_supported accepts major 8, so SGLang's own \"only supported on sm90\" error is not raised. The DSA fa3 path calls flash_attn_with_kvcache with qv (V head dim 512 ≠ Q/K head dim, python/sglang/srt/layers/attention/dsa_backend.py:2786@0.5.23), which FA3's mha_fwd allows only on SM90 (TORCH_CHECK(dprops->major == 9, \"Only Hopper supports different V headdim\"), text present in sgl_kernel/flash_ops.abi3.so of sglang-kernel 0.4.6.post1–0.4.10)."
    ),
    trigger: doc!("A DSA model with fa3 as DSA prefill or decode backend on a GPU of SM major 8."),
    solutions: doc_list!["Run DSA models on Hopper or SM100."],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"L40S","arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"tilelang","dsa_decode_backend":"fa3","kv_cache_dtype":"bfloat16","env":{"SGLANG_FP8_PAGED_MQA_LOGITS_TORCH":"1"}}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"tilelang","dsa_decode_backend":"fa3","kv_cache_dtype":"bfloat16"}"#,
    ))),
    evidence: doc_opt!(Some(
        "sglang-kernel 0.4.10 x86_64 wheel: sgl_kernel/flash_ops.abi3.so .rodata 'Only Hopper supports different V headdim' (docs/kernels/wheel-archs.json)",
    )),
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
    &TRTLLM_MLA_DECODE_SM110,
    &FLASHINFER_MLA_FA2_FALLBACK,
    &FA3_SM89,
    &DSA_AITER_ON_CUDA,
    &AITER_ON_RDNA,
    &TOKENSPEED_MLA_PREFILL_ARCH,
    &DSA_FA3_SM8X,
];
