//! DeepSeek-V4 (`DeepseekV4ForCausalLM`).

use super::RuleInfo;
use crate::report::{Severity, Stage};
use crate::version::{SglangVersion, VersionRange};

const BACKEND: &str = "python/sglang/srt/layers/attention/deepseek_v4_backend.py";
const PROVIDER: &str = "python/sglang/srt/arg_groups/model_overrides/deepseek_v4.py";
const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";
const HOOK: &str = "python/sglang/srt/arg_groups/deepseek_v4_hook.py";

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
        "DeepSeek-V4 with a resolved --speculative-eagle-topk > 1 (only reachable with DSPARK)."
    ),
    solutions: doc_list!["Use --speculative-eagle-topk 1."],
    flags: &["speculative_eagle_topk"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","speculative_algorithm":"DSPARK","speculative_eagle_topk":2,"speculative_num_steps":3,"speculative_num_draft_tokens":6}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","speculative_algorithm":"DSPARK","speculative_eagle_topk":1,"speculative_num_steps":3,"speculative_num_draft_tokens":4}"#,
    ))),
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

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &Q8_PREFILL_SM90,
    &Q8_PREFILL_DV512,
    &ATTN_FORCED,
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
];
