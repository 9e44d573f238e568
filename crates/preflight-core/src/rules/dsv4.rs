//! DeepSeek-V4 (`DeepseekV4ForCausalLM`).

use super::{RuleInfo, Unmodelled};
use crate::report::{Severity, Stage};
use crate::version::{SglangVersion, VersionRange};

const BACKEND: &str = "python/sglang/srt/layers/attention/deepseek_v4_backend.py";
const PROVIDER: &str = "python/sglang/srt/arg_groups/model_overrides/deepseek_v4.py";
const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";
const HOOK: &str = "python/sglang/srt/arg_groups/deepseek_v4_hook.py";
const HIP_BACKEND: &str = "python/sglang/srt/layers/attention/deepseek_v4_backend_hip_radix.py";

/// Seed 2, first ValueError: q8 sparse prefill needs SM90 (`is_sm90_supported()`: major 9 and CUDA ≥ 12.3).
pub static Q8_PREFILL_SM90: RuleInfo = RuleInfo {
    code: "DSV4001",
    name: "dsv4-flashmla-sparse-q8-requires-sm90",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs.",
    )],
    sources: &[
        (VersionRange::V19, BACKEND, 578),
        (VersionRange::only(SglangVersion::V0_5_20), BACKEND, 653),
        (VersionRange::only(SglangVersion::V0_5_21), BACKEND, 1156),
        (VersionRange::only(SglangVersion::V0_5_22), BACKEND, 1204),
        (VersionRange::V23, BACKEND, 1326),
    ],
    title: doc!("DeepSeek-V4's flashmla_sparse_q8 prefill needs a Hopper GPU with CUDA ≥ 12.3"),
    explanation: doc!(
        "The quantized (q8 KV, FP8 compute) sparse prefill of DeepSeek-V4 is built on SM90 kernels. When the DeepSeek-V4 attention backend is constructed, SGLang checks get_platform().is_sm90 — an NVIDIA GPU with SM major 9 and a CUDA ≥ 12.3 torch build — and refuses everything else. The environment variable SGLANG_DSV4_Q8KV8_PREFILL, when set, decides on its own whether the q8 path is used: 1/true/yes/on turns it on even with --dsv4-prefill-backend auto."
    ),
    trigger: doc!(
        "The q8 prefill is selected (--dsv4-prefill-backend flashmla_sparse_q8 with SGLANG_DSV4_Q8KV8_PREFILL unset, or SGLANG_DSV4_Q8KV8_PREFILL=1/true/yes/on) and the GPU is not SM90 with CUDA ≥ 12.3."
    ),
    situations: doc!(
        "Reusing an H100 DeepSeek-V4 launch on A100, L40S, B200 or an RTX 50xx; SGLANG_DSV4_Q8KV8_PREFILL=1 left in a container's environment; an H100 with a CUDA 12.1 torch build."
    ),
    solutions: doc_list![
        "Use --dsv4-prefill-backend auto (or flashmla_sparse), and unset SGLANG_DSV4_Q8KV8_PREFILL.",
        "Run on an SM90 GPU (H100/H200/H20/GH200) with CUDA ≥ 12.3.",
    ],
    flags: &[
        "dsv4_prefill_backend",
        "env.SGLANG_DSV4_Q8KV8_PREFILL",
        "cuda_version",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"auto"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Seed 2, second ValueError: q8 prefill needs d_v = 512.
pub static Q8_PREFILL_DV512: RuleInfo = RuleInfo {
    code: "DSV4002",
    name: "dsv4-flashmla-sparse-q8-requires-dv512",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "DeepSeek-V4 flashmla_sparse_q8 prefill requires d_v=512, got {head_dim_v}.",
    )],
    sources: &[
        (VersionRange::V19, BACKEND, 582),
        (VersionRange::only(SglangVersion::V0_5_20), BACKEND, 657),
        (VersionRange::only(SglangVersion::V0_5_21), BACKEND, 1160),
        (VersionRange::only(SglangVersion::V0_5_22), BACKEND, 1208),
        (VersionRange::V23, BACKEND, 1330),
    ],
    title: doc!("DeepSeek-V4's q8 prefill needs a 512-dim value head"),
    explanation: doc!(
        "The q8 sparse prefill kernel is specialised for DeepSeek-V4's 512-dim latent head (448 + 64). In 0.5.19 and 0.5.23 the check cannot fire: SGLang's ModelConfig sets a DeepSeek-V4 model's v_head_dim to its head_dim (configs/model_config.py:1425@0.5.23, :975@0.5.19, whatever the config or --json-model-override-args say), and the constructor asserts head_dim == 512 before it (deepseek_v4_backend.py:1249)."
    ),
    trigger: doc!(
        "The q8 prefill is selected and the model's v_head_dim is not 512 (unreachable: see the explanation)."
    ),
    solutions: doc_list!["Use --dsv4-prefill-backend auto."],
    flags: &["dsv4_prefill_backend", "env.SGLANG_DSV4_Q8KV8_PREFILL"],
    example: None,
    ..RuleInfo::BASE
};

/// DeepSeek-V4 always runs the dsv4 backend with page size 256.
pub static ATTN_FORCED: RuleInfo = RuleInfo {
    code: "DSV4100",
    name: "dsv4-attention-forced",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Use dsv4 attention backend for {model_arch}, setting page_size to {page_size}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), PROVIDER, 43),
        (VersionRange::only(SglangVersion::V0_5_20), PROVIDER, 42),
        (VersionRange::only(SglangVersion::V0_5_21), PROVIDER, 62),
        (VersionRange::only(SglangVersion::V0_5_22), PROVIDER, 62),
        (VersionRange::V23, PROVIDER, 62),
    ],
    title: doc!("DeepSeek-V4 always uses the dsv4 backend and page size 256"),
    explanation: doc!(
        "SGLang replaces --attention-backend with dsv4 for DeepSeek-V4, whatever was asked, and sets the page size to 256 (128 on NPU). --prefill/--decode-attention-backend are not replaced on CUDA."
    ),
    trigger: doc!("Model architecture DeepseekV4ForCausalLM."),
    flags: &["attention_backend", "page_size"],
    ..RuleInfo::BASE
};

/// DeepSeek-V4 with FP4 experts: the flashinfer_mxfp4 MoE runner.
pub static MXFP4_RUNNER: RuleInfo = RuleInfo {
    code: "DSV4104",
    name: "dsv4-flashinfer-mxfp4-runner",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Use flashinfer_mxfp4 as MoE runner backend for {model_arch}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), PROVIDER, 73),
        (VersionRange::only(SglangVersion::V0_5_20), PROVIDER, 72),
        (VersionRange::only(SglangVersion::V0_5_21), PROVIDER, 88),
        (VersionRange::only(SglangVersion::V0_5_22), PROVIDER, 88),
        (VersionRange::V23, PROVIDER, 88),
    ],
    title: doc!("DeepSeek-V4's FP4 experts run on flashinfer_mxfp4"),
    explanation: doc!(
        "With --moe-runner-backend auto and no all-to-all backend, SGLang's DeepSeek-V4 provider picks flashinfer_mxfp4 for a checkpoint whose routed experts are MXFP4 (the released DeepSeek-V4 checkpoints) on SM90, SM100 and SM120 CUDA GPUs, unless SGLANG_DSV4_FP4_DEQUANT is set. Quantization checks that follow read that runner: --quantization nvfp4_online, for one, then refuses it."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with FP4 experts, --moe-runner-backend auto, --moe-a2a-backend none, on SM90/SM100/SM120."
    ),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// DeepSeek-V4 KV dtype: auto → fp8_e4m3.
pub static KV_DEFAULT: RuleInfo = RuleInfo {
    code: "DSV4101",
    name: "dsv4-kv-cache-dtype-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Setting KV cache dtype to fp8_e4m3 for {model_arch}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 919),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 963),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 861),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 880),
        (VersionRange::V23, OVERRIDES, 904),
    ],
    title: doc!("DeepSeek-V4 resolves --kv-cache-dtype auto to fp8_e4m3"),
    explanation: doc!("DeepSeek-V4's KV pool is FP8 by default."),
    trigger: doc!("DeepseekV4ForCausalLM with --kv-cache-dtype auto."),
    flags: &["kv_cache_dtype"],
    ..RuleInfo::BASE
};

/// DeepSeek-V4 KV dtype must be fp8_e4m3 or bfloat16 (the short `bf16` spelling fails).
pub static KV_ALLOWED: RuleInfo = RuleInfo {
    code: "DSV4102",
    name: "dsv4-kv-cache-dtype",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "{kv_cache_dtype} is not supported for {model_arch}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 922),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 966),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 864),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 883),
        (VersionRange::V23, OVERRIDES, 907),
    ],
    title: doc!("DeepSeek-V4 needs --kv-cache-dtype fp8_e4m3 or bfloat16"),
    explanation: doc!(
        "SGLang asserts that DeepSeek-V4's KV dtype is exactly fp8_e4m3 or bfloat16. The short spelling bf16, accepted elsewhere, fails this assertion, as do fp8_e5m2, mxfp8 and the FP4 formats."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM and --kv-cache-dtype other than auto, fp8_e4m3 or bfloat16."
    ),
    situations: doc!("Writing bf16 instead of bfloat16."),
    solutions: doc_list![
        "Use --kv-cache-dtype bfloat16 (not bf16) or fp8_e4m3, or leave it on auto."
    ],
    flags: &["kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","kv_cache_dtype":"bf16"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","kv_cache_dtype":"bfloat16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSV4 speculative algorithm.
pub static SPEC_ALGO: RuleInfo = RuleInfo {
    code: "DSV4003",
    name: "dsv4-speculative-algorithm",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "Only EAGLE and DSPARK speculative algorithms are supported for {model_arch}",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 148),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 189),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 97),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 103),
        (VersionRange::V23, HOOK, 149),
    ],
    title: doc!("DeepSeek-V4 speculates only with EAGLE or DSPARK"),
    explanation: doc!(
        "The check reads --speculative-algorithm exactly as typed, before SGLang upper-cases it and maps NEXTN to EAGLE: NEXTN, eagle (lower case) and EAGLE3 are all refused."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM and --speculative-algorithm other than exactly EAGLE or DSPARK."
    ),
    solutions: doc_list![
        "Use --speculative-algorithm EAGLE --speculative-eagle-topk 1 (with steps and draft tokens).",
    ],
    flags: &[
        "speculative_algorithm",
        "speculative_eagle_topk",
        "speculative_num_steps",
        "speculative_num_draft_tokens",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","speculative_algorithm":"NEXTN","speculative_eagle_topk":1,"speculative_num_steps":3,"speculative_num_draft_tokens":4}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","speculative_algorithm":"EAGLE","speculative_eagle_topk":1,"speculative_num_steps":3,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSV4 EAGLE topk 1.
pub static SPEC_TOPK: RuleInfo = RuleInfo {
    code: "DSV4004",
    name: "dsv4-eagle-topk-1",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "Only EAGLE speculative algorithm with topk == 1 is supported for {model_arch}",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 153),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 196),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 104),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 110),
        (VersionRange::V23, HOOK, 156),
    ],
    title: doc!("DeepSeek-V4 EAGLE needs an explicit --speculative-eagle-topk 1"),
    explanation: doc!(
        "The check runs before SGLang fills in speculative defaults, so EAGLE without an explicit --speculative-eagle-topk 1 is refused too."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM, --speculative-algorithm EAGLE, --speculative-eagle-topk not 1 (or unset)."
    ),
    solutions: doc_list![
        "Add --speculative-eagle-topk 1 --speculative-num-steps 3 --speculative-num-draft-tokens 4.",
    ],
    flags: &[
        "speculative_eagle_topk",
        "speculative_num_steps",
        "speculative_num_draft_tokens",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","speculative_algorithm":"EAGLE"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","speculative_algorithm":"EAGLE","speculative_eagle_topk":1,"speculative_num_steps":3,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// flashmla_mega needs V4.1.
pub static MEGA: RuleInfo = RuleInfo {
    code: "DSV4005",
    name: "dsv4-flashmla-mega",
    versions: VersionRange::V23,
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::V23,
        "--dsv4-attn-backend flashmla_mega requires DeepSeek-V4.1 on SM100/SM103.",
    )],
    sources: &[(VersionRange::V23, HOOK, 97)],
    title: doc!("flashmla_mega needs DeepSeek-V4.1 on SM100/SM103"),
    explanation: doc!(
        "The mega kernel exists for DeepSeek-V4.1 (model_type deepseek_v41) on SM100/SM103 only."
    ),
    trigger: doc!(
        "--dsv4-attn-backend flashmla_mega with a DeepSeek-V4 (not V4.1) checkpoint or another GPU."
    ),
    solutions: doc_list!["Use --dsv4-attn-backend auto."],
    flags: &["dsv4_attn_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"flashmla_mega"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"auto"}"#,
    ))),
    ..RuleInfo::BASE
};

/// dsv4 trtllm needs SM100.
pub static TRTLLM_SM100: RuleInfo = RuleInfo {
    code: "DSV4006",
    name: "dsv4-trtllm-sm100",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--dsv4-attn-backend trtllm requires an SM100/SM103 (Blackwell) GPU.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 140),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 48),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 54),
        (VersionRange::V23, HOOK, 104),
    ],
    title: doc!("DeepSeek-V4's trtllm attention needs SM100/SM103"),
    explanation: doc!("The TRT-LLM DeepSeek-V4 attention kernels are built for SM100/SM103."),
    trigger: doc!("--dsv4-attn-backend trtllm on another GPU."),
    solutions: doc_list!["Use --dsv4-attn-backend auto."],
    flags: &["dsv4_attn_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// dsv4 trtllm needs fp8 KV.
pub static TRTLLM_KV: RuleInfo = RuleInfo {
    code: "DSV4007",
    name: "dsv4-trtllm-fp8-kv",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--dsv4-attn-backend trtllm requires kv_cache_dtype=fp8_e4m3, got {kv_cache_dtype}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 144),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 52),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 58),
        (VersionRange::V23, HOOK, 108),
    ],
    title: doc!("DeepSeek-V4's trtllm attention needs an fp8_e4m3 KV cache"),
    explanation: doc!("The TRT-LLM DeepSeek-V4 path reads a uniform FP8 KV pool."),
    trigger: doc!("--dsv4-attn-backend trtllm with --kv-cache-dtype bfloat16."),
    solutions: doc_list!["Use --kv-cache-dtype fp8_e4m3 (or auto)."],
    flags: &["kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm","kv_cache_dtype":"bfloat16"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm"}"#,
    ))),
    ..RuleInfo::BASE
};

/// MTP topk > 1 at construction.
pub static MTP_TOPK: RuleInfo = RuleInfo {
    code: "DSV4008",
    name: "dsv4-mtp-topk",
    stage: Stage::Construction,
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "MTP Topk > 1 not supported for DeepSeek V4",
    )],
    sources: &[
        (VersionRange::V19, BACKEND, 589),
        (VersionRange::only(SglangVersion::V0_5_20), BACKEND, 665),
        (VersionRange::only(SglangVersion::V0_5_21), BACKEND, 1168),
        (VersionRange::only(SglangVersion::V0_5_22), BACKEND, 1216),
        (VersionRange::V23, BACKEND, 1338),
    ],
    title: doc!("DeepSeek-V4 MTP supports top-k 1 only"),
    explanation: doc!("The DeepSeek-V4 attention backend verifies chain drafts only."),
    trigger: doc!(
        "DeepSeek-V4 with a resolved --speculative-eagle-topk > 1. Not reachable from a launch: EAGLE with top-k > 1 is refused earlier by the DeepSeek-V4 model hook and DSPARK forces top-k 1 (_handle_dspark, speculative_hook.py:774-789@0.5.23; SPEC109)."
    ),
    solutions: doc_list!["Use --speculative-eagle-topk 1."],
    flags: &["speculative_eagle_topk"],
    ..RuleInfo::BASE
};

/// max_running_requests 256.
pub static MAX_RUNNING: RuleInfo = RuleInfo {
    code: "DSV4103",
    name: "dsv4-max-running-requests",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Setting max_running_requests to 256 for {model_arch}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 143),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 184),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 92),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 98),
        (VersionRange::V23, HOOK, 144),
    ],
    title: doc!("DeepSeek-V4 caps concurrency at 256 requests"),
    explanation: doc!(
        "Without --max-running-requests SGLang limits DeepSeek-V4 to 256 running requests."
    ),
    trigger: doc!("DeepseekV4ForCausalLM without --max-running-requests."),
    ..RuleInfo::BASE
};

/// dsv4 backend head_dim 512.
pub static HEAD_DIM: RuleInfo = RuleInfo {
    code: "DSV4009",
    name: "dsv4-backend-head-dim",
    stage: Stage::Construction,
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "DSV4 MQA head_dim = qk_nope_head_dim(448) + qk_rope_head_dim(64) = 512",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), BACKEND, 545),
        (VersionRange::only(SglangVersion::V0_5_20), BACKEND, 624),
        (VersionRange::only(SglangVersion::V0_5_21), BACKEND, 1102),
        (VersionRange::only(SglangVersion::V0_5_22), BACKEND, 1140),
        (VersionRange::V23, BACKEND, 1249),
    ],
    title: doc!("The dsv4 attention backend serves only DeepSeek-V4"),
    explanation: doc!(
        "The dsv4 backend (old name: compressed) is DeepSeek-V4's own attention; on CUDA its constructor asserts the model's 512-dim MQA head, so any other model (or a prefill/decode flag set to dsv4 for one) fails."
    ),
    trigger: doc!(
        "dsv4 (or compressed) as a prefill or decode backend for a model whose head_dim is not 512, on an NVIDIA GPU."
    ),
    solutions: doc_list![
        "Remove dsv4 from the attention flags; SGLang picks it by itself for DeepSeek-V4.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"dsv4"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// dsv4 backend page 256.
pub static PAGE_256: RuleInfo = RuleInfo {
    code: "DSV4010",
    name: "dsv4-backend-page-size",
    stage: Stage::Construction,
    exception: Some("AssertionError"),
    messages: &[(VersionRange::ALL, "the system hardcodes page_size=256")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), BACKEND, 555),
        (VersionRange::only(SglangVersion::V0_5_20), BACKEND, 634),
        (VersionRange::only(SglangVersion::V0_5_21), BACKEND, 1111),
        (VersionRange::only(SglangVersion::V0_5_22), BACKEND, 1149),
        (VersionRange::V23, BACKEND, 1258),
    ],
    title: doc!("DeepSeek-V4 runs only with page size 256"),
    explanation: doc!(
        "SGLang sets DeepSeek-V4's page size to 256, but a split prefill/decode backend that snaps the page size (trtllm_mha, trtllm_mla, cutedsl_mla → 64; flashmla → 64) changes it again, and the dsv4 backend then asserts 256."
    ),
    trigger: doc!(
        "DeepSeek-V4 with a --prefill/--decode-attention-backend that rewrites the page size."
    ),
    solutions: doc_list![
        "Remove --prefill-attention-backend / --decode-attention-backend; DeepSeek-V4 always uses dsv4.",
    ],
    flags: &["prefill_attention_backend", "decode_attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","decode_attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `DeepseekV4HipRadixBackend.__init__` (`deepseek_v4_backend_hip_radix.py:923@0.5.23`): the
/// dsv4 backend on ROCm asserts the 512-dim MQA head too.
pub static HIP_HEAD_DIM: RuleInfo = RuleInfo {
    code: "DSV4023",
    name: "dsv4-hip-backend-head-dim",
    stage: Stage::Construction,
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "DSV4 MQA head_dim = qk_nope_head_dim(448) + qk_rope_head_dim(64) = 512",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HIP_BACKEND, 437),
        (VersionRange::only(SglangVersion::V0_5_20), HIP_BACKEND, 454),
        (VersionRange::only(SglangVersion::V0_5_21), HIP_BACKEND, 578),
        (VersionRange::only(SglangVersion::V0_5_22), HIP_BACKEND, 882),
        (VersionRange::V23, HIP_BACKEND, 923),
    ],
    title: doc!("The dsv4 attention backend serves only DeepSeek-V4, on ROCm too"),
    explanation: doc!(
        "On AMD GPUs `create_dsv4_backend` builds DeepseekV4HipRadixBackend, whose constructor asserts the model's 512-dim MQA head like the CUDA backend's (DSV4009): any other model with dsv4 (or compressed) as its prefill or decode backend fails when the backends are built."
    ),
    trigger: doc!(
        "dsv4 (or compressed) as a prefill or decode backend for a model whose head_dim is not 512, on an AMD GPU."
    ),
    solutions: doc_list![
        "Remove dsv4 from the attention flags; SGLang picks it by itself for DeepSeek-V4.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","attention_backend":"dsv4"}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `DeepseekV4HipRadixBackend.__init__` (`deepseek_v4_backend_hip_radix.py:932@0.5.23`): page
/// size 256 on ROCm.
pub static HIP_PAGE_256: RuleInfo = RuleInfo {
    code: "DSV4024",
    name: "dsv4-hip-backend-page-size",
    stage: Stage::Construction,
    exception: Some("AssertionError"),
    messages: &[(VersionRange::ALL, "the system hardcodes page_size=256")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HIP_BACKEND, 447),
        (VersionRange::only(SglangVersion::V0_5_20), HIP_BACKEND, 464),
        (VersionRange::only(SglangVersion::V0_5_21), HIP_BACKEND, 587),
        (VersionRange::only(SglangVersion::V0_5_22), HIP_BACKEND, 891),
        (VersionRange::V23, HIP_BACKEND, 932),
    ],
    title: doc!("The dsv4 attention backend on ROCm runs only with page size 256"),
    explanation: doc!(
        "DeepseekV4HipRadixBackend, the dsv4 backend on AMD GPUs, asserts page size 256 after the head check (as the CUDA backend does, DSV4010): a split prefill/decode backend that snaps the page size for DeepSeek-V4 (flashmla → 64) makes it fail. SGLang builds the decode backend first; Preflight assumes that backend's kernels import on the machine (on ROCm an import error of that backend may come first)."
    ),
    trigger: doc!(
        "DeepSeek-V4 on an AMD GPU whose resolved page size is not 256 when the dsv4 backend is built."
    ),
    solutions: doc_list![
        "Remove --prefill-attention-backend / --decode-attention-backend; DeepSeek-V4 always uses dsv4.",
    ],
    flags: &[
        "prefill_attention_backend",
        "decode_attention_backend",
        "page_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"DeepseekV4ForCausalLM","decode_attention_backend":"flashmla"}"#,
        r#"{"gpu":"MI300X","arch":"DeepseekV4ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `apply_deepseek_v4_defaults` (`deepseek_v4_hook.py:112-114@0.5.23`): trtllm without HiSparse.
pub static TRTLLM_HISPARSE: RuleInfo = RuleInfo {
    code: "DSV4011",
    name: "dsv4-trtllm-no-hisparse",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--dsv4-attn-backend trtllm does not support enable_hisparse.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 148),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 56),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 62),
        (VersionRange::V23, HOOK, 112),
    ],
    title: doc!("DeepSeek-V4's trtllm attention backend does not support HiSparse"),
    explanation: doc!(
        "The trtllm DeepSeek-V4 attention backend keeps a uniform FP8 KV pool that the hierarchical sparse-attention host pool does not implement; SGLang asserts --enable-hisparse is off when --dsv4-attn-backend trtllm is chosen (after the SM100 and KV-dtype checks)."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --dsv4-attn-backend trtllm and --enable-hisparse (0.5.20 and later)."
    ),
    solutions: doc_list!["Remove --enable-hisparse, or use --dsv4-attn-backend auto."],
    flags: &["enable_hisparse", "dsv4_attn_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm","enable_hisparse":true}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `apply_deepseek_v4_defaults` (`deepseek_v4_hook.py:115-120@0.5.23`): trtllm without context parallelism.
pub static TRTLLM_CP: RuleInfo = RuleInfo {
    code: "DSV4012",
    name: "dsv4-trtllm-no-context-parallel",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--dsv4-attn-backend trtllm does not support context parallelism (prefill CP, attention CP, or decode CP).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 151),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 59),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 65),
        (VersionRange::V23, HOOK, 115),
    ],
    title: doc!("DeepSeek-V4's trtllm attention backend does not support context parallelism"),
    explanation: doc!(
        "SGLang asserts that the trtllm DeepSeek-V4 backend runs without prefill CP (--enable-prefill-cp), attention CP (--attn-cp-size > 1) and decode CP (--dcp-size > 1), as the launch gives them when the model hook runs."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --dsv4-attn-backend trtllm and --enable-prefill-cp, --attn-cp-size > 1 or --dcp-size > 1 (0.5.20 and later)."
    ),
    solutions: doc_list!["Drop the context-parallel flags, or use --dsv4-attn-backend auto."],
    flags: &[
        "enable_prefill_cp",
        "attn_cp_size",
        "dcp_size",
        "dsv4_attn_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm","tp_size":8,"dcp_size":2}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// `apply_deepseek_v4_defaults` (`deepseek_v4_hook.py:123-126@0.5.23`): trtllm without PD disaggregation.
pub static TRTLLM_PD: RuleInfo = RuleInfo {
    code: "DSV4013",
    name: "dsv4-trtllm-no-pd",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            "--dsv4-attn-backend trtllm does not support PD disaggregation yet (uniform-FP8 KV layout is not part of the PD handshake; see https://github.com/sgl-project/sglang/issues/37838).",
        ),
        (
            VersionRange::V23,
            "--dsv4-attn-backend trtllm does not support PD disaggregation yet (untested; see https://github.com/sgl-project/sglang/issues/37838).",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 162),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 70),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 76),
        (VersionRange::V23, HOOK, 123),
    ],
    title: doc!("DeepSeek-V4's trtllm attention backend does not support PD disaggregation yet"),
    explanation: doc!(
        "The uniform-FP8 KV layout of the trtllm DeepSeek-V4 backend has not been run under prefill/decode disaggregation (sgl-project/sglang#37838); SGLang asserts --disaggregation-mode null."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --dsv4-attn-backend trtllm and --disaggregation-mode prefill or decode (0.5.20 and later)."
    ),
    solutions: doc_list!["Use --dsv4-attn-backend auto on PD servers."],
    flags: &["disaggregation_mode", "dsv4_attn_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm","disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `apply_deepseek_v4_defaults` (`deepseek_v4_hook.py:129-132@0.5.23`): trtllm needs chunked prefill.
pub static TRTLLM_CHUNKED: RuleInfo = RuleInfo {
    code: "DSV4014",
    name: "dsv4-trtllm-needs-chunked-prefill",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--dsv4-attn-backend trtllm requires chunked prefill (--chunked-prefill-size > 0).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 169),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 77),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 83),
        (VersionRange::V23, HOOK, 129),
    ],
    title: doc!("DeepSeek-V4's trtllm attention backend needs chunked prefill"),
    explanation: doc!(
        "The trtllm-gen semaphore buffer is sized from the prefill chunk bound; with chunked prefill disabled (--chunked-prefill-size -1 or 0) a single long request has no bound, so SGLang asserts a positive chunk size."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --dsv4-attn-backend trtllm and --chunked-prefill-size <= 0 (0.5.20 and later)."
    ),
    solutions: doc_list!["Leave --chunked-prefill-size unset or set it positive."],
    flags: &["chunked_prefill_size", "dsv4_attn_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm","chunked_prefill_size":-1}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"trtllm"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `validate_deepseek_v4_cp` (`deepseek_v4_hook.py:167-170@0.5.23`): the CP strategy.
pub static CP_STRATEGY: RuleInfo = RuleInfo {
    code: "DSV4015",
    name: "dsv4-cp-strategy",
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "DeepSeekV4 only supports interleave CP strategy, got {cfg.cp_strategy}",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "DeepSeekV4 only supports interleave/zigzag CP strategy, got {cfg.cp_strategy}",
        ),
    ],
    sources: &[
        (VersionRange::V19, HOOK, 165),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 208),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 116),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 122),
        (VersionRange::V23, HOOK, 168),
    ],
    title: doc!("DeepSeek-V4 prefill CP needs --cp-strategy interleave"),
    explanation: doc!(
        "With --enable-prefill-cp, SGLang's DeepSeek-V4 CP validation (run in the model hook, before the generic context-parallel checks) accepts only the interleave strategy (zigzag too from 0.5.21, for NPU only); an unset --cp-strategy is refused as None."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --enable-prefill-cp and --cp-strategy unset or another strategy."
    ),
    solutions: doc_list!["Set --cp-strategy interleave."],
    flags: &["cp_strategy", "enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `validate_deepseek_v4_cp` (`deepseek_v4_hook.py:172-176@0.5.23`): zigzag only on NPU.
pub static CP_ZIGZAG: RuleInfo = RuleInfo {
    code: "DSV4016",
    name: "dsv4-cp-zigzag-npu-only",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "DeepSeekV4 zigzag CP requires the NPU backend; the CUDA backend reindexes with interleave order.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "DeepSeekV4 zigzag CP requires the NPU backend; CUDA/HIP backends reindex with interleave order.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 121),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 127),
        (VersionRange::V23, HOOK, 173),
    ],
    title: doc!("DeepSeek-V4 zigzag CP runs only on Ascend NPUs"),
    explanation: doc!(
        "The CUDA and ROCm DeepSeek-V4 CP paths reindex tokens in interleave order; SGLang refuses --cp-strategy zigzag anywhere but on NPU."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --enable-prefill-cp --cp-strategy zigzag on a GPU (0.5.21 and later)."
    ),
    solutions: doc_list!["Use --cp-strategy interleave."],
    flags: &["cp_strategy"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"zigzag"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `validate_deepseek_v4_cp` (`deepseek_v4_hook.py:177-186@0.5.23`): ROCm prefill CP needs dsv4 for both phases.
pub static CP_HIP_BACKENDS: RuleInfo = RuleInfo {
    code: "DSV4017",
    name: "dsv4-cp-hip-backends",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "DeepSeekV4 prefill CP on HIP requires the dsv4 attention backend for both phases, got prefill={prefill_backend!r}, decode={decode_backend!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 136),
        (VersionRange::V23, HOOK, 182),
    ],
    title: doc!("DeepSeek-V4 prefill CP on ROCm needs the dsv4 backend for prefill and decode"),
    explanation: doc!(
        "On ROCm, SGLang checks the resolved prefill and decode backends (each split flag, else --attention-backend, which DeepSeek-V4 forces to dsv4): both must be dsv4 under prefill CP."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM on an AMD GPU with --enable-prefill-cp and --prefill-attention-backend or --decode-attention-backend other than dsv4 (0.5.22 and later)."
    ),
    solutions: doc_list!["Leave --prefill-attention-backend and --decode-attention-backend unset."],
    flags: &["prefill_attention_backend", "decode_attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI355X","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave","decode_attention_backend":"triton"}"#,
        r#"{"gpu":"MI355X","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `validate_deepseek_v4_cp` (`deepseek_v4_hook.py:187-203@0.5.23`): ROCm prefill CP feature exclusions.
pub static CP_HIP_FEATURE: RuleInfo = RuleInfo {
    code: "DSV4018",
    name: "dsv4-cp-hip-unsupported-feature",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "DeepSeekV4 prefill CP on HIP does not support {feature} yet.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 155),
        (VersionRange::V23, HOOK, 201),
    ],
    title: doc!(
        "DeepSeek-V4 prefill CP on ROCm does not support multi-node, DeepSeek-V4.1, decoder SWA replay or two-batch overlap"
    ),
    explanation: doc!(
        "On ROCm, SGLang refuses DeepSeek-V4 prefill CP across nodes (--nnodes > 1), for DeepSeek-V4.1 checkpoints, with --enable-decoder-swa-bounded-replay and with --enable-two-batch-overlap, in that order."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM on an AMD GPU with --enable-prefill-cp and one of --nnodes > 1, a deepseek_v41 checkpoint, --enable-decoder-swa-bounded-replay, --enable-two-batch-overlap (0.5.22 and later)."
    ),
    solutions: doc_list!["Drop the listed feature, or prefill CP."],
    flags: &[
        "nnodes",
        "enable_decoder_swa_bounded_replay",
        "enable_two_batch_overlap",
        "enable_prefill_cp",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"MI355X","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave","enable_two_batch_overlap":true}"#,
        r#"{"gpu":"MI355X","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `validate_deepseek_v4_cp` (`deepseek_v4_hook.py:223-225@0.5.23`): no attention DP under CP.
pub static CP_DP_ATTN: RuleInfo = RuleInfo {
    code: "DSV4019",
    name: "dsv4-cp-no-dp-attention",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "For round-robin split mode, dp attention is not supported.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 199),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 227),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 142),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 177),
        (VersionRange::V23, HOOK, 223),
    ],
    title: doc!("DeepSeek-V4 prefill CP does not combine with data parallelism"),
    explanation: doc!(
        "DeepSeek-V4's round-robin CP split spreads the whole TP group over CP ranks; SGLang asserts there is a single attention-DP group (--dp-size 1; 0.5.22+: attention DP width, --attn-dp-size times --dp-size, of 1) on CUDA and ROCm."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --enable-prefill-cp --cp-strategy interleave and --dp-size > 1 (0.5.22+: or --attn-dp-size > 1)."
    ),
    solutions: doc_list!["Use --dp-size 1 (and --attn-dp-size 1) with prefill CP."],
    flags: &["dp_size", "attn_dp_size", "enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave","dp_size":2}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `validate_deepseek_v4_cp` (`deepseek_v4_hook.py:226-228@0.5.23`): CP within one machine.
pub static CP_SINGLE_NODE: RuleInfo = RuleInfo {
    code: "DSV4020",
    name: "dsv4-cp-single-machine",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "Context parallel only supports single machine (tp_size <= 8). Cross-machine CP has precision issues.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 202),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 230),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 145),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 180),
        (VersionRange::V23, HOOK, 226),
    ],
    title: doc!("DeepSeek-V4 prefill CP is limited to one machine (--tp-size <= 8)"),
    explanation: doc!(
        "SGLang asserts --tp-size <= 8 under DeepSeek-V4 prefill CP: cross-machine CP has precision issues."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --enable-prefill-cp --cp-strategy interleave and --tp-size > 8."
    ),
    solutions: doc_list!["Use --tp-size 8 or less with prefill CP."],
    flags: &["tp_size", "enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":16,"nnodes":2,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `validate_deepseek_v4_cp` (`deepseek_v4_hook.py:229-234@0.5.23`): the MoE all-to-all backends under CP.
pub static CP_A2A: RuleInfo = RuleInfo {
    code: "DSV4021",
    name: "dsv4-cp-a2a-backend",
    messages: &[(
        VersionRange::ALL,
        "DeepSeekV4 CP supports moe_a2a_backend in {supported_a2a_backends}, got {cfg.moe_a2a_backend!r}.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 207),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 235),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 150),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 185),
        (VersionRange::V23, HOOK, 231),
    ],
    title: doc!(
        "DeepSeek-V4 prefill CP supports only the none, deepep, megamoe and mori all-to-all backends"
    ),
    explanation: doc!(
        "SGLang's DeepSeek-V4 CP validation accepts --moe-a2a-backend none, deepep, megamoe or mori."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --enable-prefill-cp --cp-strategy interleave and another --moe-a2a-backend."
    ),
    solutions: doc_list!["Use --moe-a2a-backend deepep (or none)."],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave","moe_a2a_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `validate_deepseek_v41_features` (`deepseek_v4_hook.py:276-281@0.5.23`): encoder SWA replay is a DeepSeek-V4.1 feature.
pub static ENCODER_REPLAY_V41: RuleInfo = RuleInfo {
    code: "DSV4022",
    name: "dsv4-encoder-swa-replay-needs-v41",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--enable-encoder-swa-bounded-replay requires DeepSeek-V4.1",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 177),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 212),
        (VersionRange::V23, HOOK, 278),
    ],
    title: doc!("--enable-encoder-swa-bounded-replay needs a DeepSeek-V4.1 checkpoint"),
    explanation: doc!(
        "Encoder SWA bounded replay exists only for DeepSeek-V4.1 (model_type deepseek_v41); for a DeepSeek-V4 checkpoint of another model_type SGLang refuses the flag before its CP validation."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM whose config.json model_type is not deepseek_v41, with --enable-encoder-swa-bounded-replay (0.5.21 and later)."
    ),
    solutions: doc_list!["Remove --enable-encoder-swa-bounded-replay."],
    flags: &["enable_encoder_swa_bounded_replay"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","enable_encoder_swa_bounded_replay":true}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The DeepSeek-V4.1 feature checks: Preflight models no deepseek_v41 checkpoint.
const V41: &str = "A DeepSeek-V4.1 check (model_type deepseek_v41): Preflight has no DeepSeek-V4.1 reference config and does not port its resolution (the flashmla_mega default, the SWA replay budgets, the DSpark PD and CUDA-graph constraints), so it cannot judge these launches. The non-V4.1 refusal of --enable-encoder-swa-bounded-replay is modelled (DSV4022).";

/// Checks of DeepSeek-V4's hook that are deliberately not modelled.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: HOOK,
        function: "validate_deepseek_v41_encoder_replay_budget",
        message: "",
        reason: V41,
    },
    Unmodelled {
        file: HOOK,
        function: "validate_deepseek_v41_features",
        message: "DeepSeek-V4.1 TRT-LLM requires",
        reason: V41,
    },
    Unmodelled {
        file: HOOK,
        function: "validate_deepseek_v41_features",
        message: "DeepSeek-V4.1 DSpark PD requires",
        reason: V41,
    },
    Unmodelled {
        file: HOOK,
        function: "validate_deepseek_v41_features",
        message: "does not support {feature} yet",
        reason: V41,
    },
    Unmodelled {
        file: HOOK,
        function: "validate_deepseek_v41_features",
        message: "encoder SWA replay requires",
        reason: V41,
    },
    Unmodelled {
        file: HOOK,
        function: "validate_deepseek_v41_features",
        message: "cannot be combined with {feature} yet",
        reason: V41,
    },
];

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &Q8_PREFILL_SM90,
    &Q8_PREFILL_DV512,
    &ATTN_FORCED,
    &MXFP4_RUNNER,
    &KV_DEFAULT,
    &KV_ALLOWED,
    &SPEC_ALGO,
    &SPEC_TOPK,
    &MEGA,
    &TRTLLM_SM100,
    &TRTLLM_KV,
    &MTP_TOPK,
    &MAX_RUNNING,
    &HEAD_DIM,
    &PAGE_256,
    &HIP_HEAD_DIM,
    &HIP_PAGE_256,
    &TRTLLM_HISPARSE,
    &TRTLLM_CP,
    &TRTLLM_PD,
    &TRTLLM_CHUNKED,
    &CP_STRATEGY,
    &CP_ZIGZAG,
    &CP_HIP_BACKENDS,
    &CP_HIP_FEATURE,
    &CP_DP_ATTN,
    &CP_SINGLE_NODE,
    &CP_A2A,
    &ENCODER_REPLAY_V41,
];
