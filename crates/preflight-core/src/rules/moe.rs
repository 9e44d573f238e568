//! Mixture-of-experts kernels and all-to-all backends: `arg_groups/moe_hook.py`
//! (`handle_moe_kernel_config`, `handle_a2a_moe`, `handle_flashinfer_a2a_dispatch_type`, the
//! FlashInfer MegaMOE validators), the MoE passes of `arg_groups/overrides.py` it runs
//! (`_moe_runner_backend_quant_constraints`, `_a2a_ep_size`), `arg_groups/mega_moe_hook.py`
//! (`handle_mega_moe`, 0.5.21+ compat checks) and the MoE runner defaults of the model
//! overrides. The logic is in `pipeline/moe.rs`, at SGLang's positions in
//! `run_resolution_pipeline`.

use super::{RuleInfo, Unmodelled};
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

/// --moe-runner-backend flashinfer_cutlass supports only ModelOpt FP4/FP8/mixed or BF16
pub static FI_CUTLASS_QUANT: RuleInfo = RuleInfo {
    code: "MOE002",
    name: "flashinfer-cutlass-moe-quantization",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Invalid quantization '{view.quantization}'. \nFlashInfer Cutlass MOE supports only: 'modelopt_fp4', 'modelopt_fp8', 'modelopt_mixed', or bfloat16 (None).",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            45,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            49,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            54,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            81,
        ),
    ],
    title: doc!(
        "--moe-runner-backend flashinfer_cutlass supports only ModelOpt FP4/FP8/mixed or BF16"
    ),
    explanation: doc!(
        "The FlashInfer CUTLASS fused-MoE kernels exist for ModelOpt NVFP4/FP8 (and mixed) checkpoints and for unquantized BF16 weights; any other --quantization is refused."
    ),
    trigger: doc!(
        "--moe-runner-backend flashinfer_cutlass with --quantization other than modelopt_fp4, modelopt_fp8, modelopt_mixed or none."
    ),
    solutions: doc_list![
        "Remove --quantization (BF16), or use a ModelOpt FP4/FP8 checkpoint.",
        "Use another --moe-runner-backend (leave it auto).",
    ],
    flags: &["moe_runner_backend", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"flashinfer_cutlass","quantization":"fp8"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"flashinfer_cutlass"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-runner-backend flashinfer_cutlass needs --ep-size 1 or --tp-size
pub static FI_CUTLASS_EP: RuleInfo = RuleInfo {
    code: "MOE003",
    name: "flashinfer-cutlass-moe-ep-size",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "The expert parallel size must be 1 or the same as the tensor parallel size",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            51,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            53,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            57,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            62,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            89,
        ),
    ],
    title: doc!("--moe-runner-backend flashinfer_cutlass needs --ep-size 1 or --tp-size"),
    explanation: doc!(
        "The FlashInfer CUTLASS MoE runner shards experts either not at all or across the whole TP group; a partial expert-parallel width is refused."
    ),
    trigger: doc!(
        "--moe-runner-backend flashinfer_cutlass with --ep-size other than 1 and --tp-size."
    ),
    solutions: doc_list!["Set --ep-size to 1 or to --tp-size."],
    flags: &["ep_size", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":2,"moe_runner_backend":"flashinfer_cutlass"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":8,"moe_runner_backend":"flashinfer_cutlass"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-runner-backend flashinfer_cutedsl needs an NVFP4 checkpoint
pub static FI_CUTEDSL_QUANT: RuleInfo = RuleInfo {
    code: "MOE004",
    name: "flashinfer-cutedsl-moe-quantization",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Invalid quantization '{view.quantization}'. \nFlashInfer CuteDSL MOE currently supports only: 'modelopt_fp4', 'modelopt_mixed' (with NVFP4 MoE layers), 'nvfp4_online', or hybrid NVFP4 models.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            58,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            60,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            64,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            69,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            96,
        ),
    ],
    title: doc!("--moe-runner-backend flashinfer_cutedsl needs an NVFP4 checkpoint"),
    explanation: doc!(
        "The FlashInfer CuTe DSL MoE kernels run NVFP4 experts only: --quantization modelopt_fp4, modelopt_mixed (with NVFP4 MoE layers), nvfp4_online, or a hybrid NVFP4 checkpoint."
    ),
    trigger: doc!(
        "--moe-runner-backend flashinfer_cutedsl with any other quantization (including none)."
    ),
    solutions: doc_list![
        "Use an NVFP4 checkpoint (--quantization modelopt_fp4), or leave --moe-runner-backend auto.",
    ],
    flags: &["moe_runner_backend", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"flashinfer_cutedsl"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-runner-backend flashinfer_cutedsl needs --ep-size 1 or --tp-size
pub static FI_CUTEDSL_EP: RuleInfo = RuleInfo {
    code: "MOE005",
    name: "flashinfer-cutedsl-moe-ep-size",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "The expert parallel size must be 1 or the same as the tensor parallel size",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            62,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            66,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            70,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            75,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            102,
        ),
    ],
    title: doc!("--moe-runner-backend flashinfer_cutedsl needs --ep-size 1 or --tp-size"),
    explanation: doc!(
        "The FlashInfer CuTe DSL MoE runner shards experts either not at all or across the whole TP group; a partial expert-parallel width is refused."
    ),
    trigger: doc!(
        "--moe-runner-backend flashinfer_cutedsl with --ep-size other than 1 and --tp-size."
    ),
    solutions: doc_list!["Set --ep-size to 1 or to --tp-size."],
    flags: &["ep_size", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":2,"moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":8,"moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-runner-backend flashinfer_cutedsl works only with no, DeepEP or FlashInfer all-to-all
pub static FI_CUTEDSL_A2A: RuleInfo = RuleInfo {
    code: "MOE006",
    name: "flashinfer-cutedsl-moe-a2a-backend",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "flashinfer_cutedsl supports moe_a2a_backend='none', 'deepep', or 'flashinfer', got '{view.moe_a2a_backend}'.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            66,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            70,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            74,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            79,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            106,
        ),
    ],
    title: doc!(
        "--moe-runner-backend flashinfer_cutedsl works only with no, DeepEP or FlashInfer all-to-all"
    ),
    explanation: doc!(
        "The CuTe DSL MoE runner has dispatch handlers for the DeepEP and FlashInfer all-to-all backends only (or none)."
    ),
    trigger: doc!(
        "--moe-runner-backend flashinfer_cutedsl with --moe-a2a-backend other than none, deepep and flashinfer."
    ),
    solutions: doc_list!["Use --moe-a2a-backend deepep or flashinfer (or none)."],
    flags: &["moe_a2a_backend", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4","moe_a2a_backend":"mooncake"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Per-token NVFP4 activations of the CuTe DSL MoE runner do not work with DeepEP
pub static FI_CUTEDSL_PER_TOKEN: RuleInfo = RuleInfo {
    code: "MOE007",
    name: "flashinfer-cutedsl-per-token-nvfp4-deepep",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "flashinfer_cutedsl per-token NVFP4 activation requires moe_a2a_backend='none' or 'flashinfer'.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            78,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            82,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            86,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            91,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            118,
        ),
    ],
    title: doc!("Per-token NVFP4 activations of the CuTe DSL MoE runner do not work with DeepEP"),
    explanation: doc!(
        "With --quantization nvfp4_online or SGLANG_FLASHINFER_NVFP4_PER_TOKEN_ACTIVATION, the CuTe DSL runner quantizes activations per token, which DeepEP dispatch does not carry."
    ),
    trigger: doc!(
        "--moe-runner-backend flashinfer_cutedsl --moe-a2a-backend deepep with --quantization nvfp4_online or SGLANG_FLASHINFER_NVFP4_PER_TOKEN_ACTIVATION=1."
    ),
    solutions: doc_list!["Use --moe-a2a-backend none or flashinfer."],
    flags: &["moe_a2a_backend", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_runner_backend":"flashinfer_cutedsl","quantization":"nvfp4_online","moe_a2a_backend":"deepep"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_runner_backend":"flashinfer_cutedsl","quantization":"nvfp4_online"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-runner-backend flashinfer_trtllm supports only FP4/FP8/compressed-tensors or BF16
pub static FI_TRTLLM_QUANT: RuleInfo = RuleInfo {
    code: "MOE008",
    name: "flashinfer-trtllm-moe-quantization",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Invalid quantization '{view.quantization}'. \nFlashInfer TRTLLM MOE supports only: 'modelopt_fp4', 'nvfp4_online', 'fp8', 'modelopt_fp8', 'modelopt_mixed', 'compressed-tensors', or bfloat16 (None).",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            84,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            88,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            92,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            97,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            124,
        ),
    ],
    title: doc!(
        "--moe-runner-backend flashinfer_trtllm supports only FP4/FP8/compressed-tensors or BF16"
    ),
    explanation: doc!(
        "The TensorRT-LLM-gen fused-MoE kernels of FlashInfer cover NVFP4, FP8/MXFP8, ModelOpt and compressed-tensors checkpoints and BF16; any other --quantization is refused."
    ),
    trigger: doc!(
        "--moe-runner-backend flashinfer_trtllm (or experimental_sgl_trtllm) with another --quantization."
    ),
    solutions: doc_list!["Use --quantization fp8, or leave --moe-runner-backend auto."],
    flags: &["moe_runner_backend", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"flashinfer_trtllm","quantization":"w8a8_fp8"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"flashinfer_trtllm","quantization":"fp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-runner-backend flashinfer_trtllm_routed supports only FP8/MXFP8/NVFP4 or BF16
pub static FI_TRTLLM_ROUTED_QUANT: RuleInfo = RuleInfo {
    code: "MOE009",
    name: "flashinfer-trtllm-routed-moe-quantization",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_22),
            "Invalid quantization '{view.quantization}'. \nFlashInfer TRTLLM routed MOE supports only: 'fp8', 'mxfp8', 'modelopt_fp4', 'modelopt_mixed', 'nvfp4_online', or bfloat16 (None).",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "Invalid quantization '{view.quantization}'. \nFlashInfer TRTLLM routed MOE supports only: 'fp8', 'mxfp8', 'modelopt_fp4', 'modelopt_mixed', 'nvfp4_online', 'minimax_m3_nvfp4', or bfloat16 (None).",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            96,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            102,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            106,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            111,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            138,
        ),
    ],
    title: doc!(
        "--moe-runner-backend flashinfer_trtllm_routed supports only FP8/MXFP8/NVFP4 or BF16"
    ),
    explanation: doc!(
        "The routed TensorRT-LLM-gen MoE kernels cover FP8, MXFP8 and NVFP4 checkpoints and BF16; any other --quantization is refused."
    ),
    trigger: doc!("--moe-runner-backend flashinfer_trtllm_routed with another --quantization."),
    solutions: doc_list!["Use --quantization fp8, or leave --moe-runner-backend auto."],
    flags: &["moe_runner_backend", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"flashinfer_trtllm_routed","quantization":"w8a8_fp8"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"flashinfer_trtllm_routed","quantization":"fp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// FP8/MXFP8 CUTLASS MoE needs --ep-size 1
pub static CUTLASS_FP8_EP: RuleInfo = RuleInfo {
    code: "MOE010",
    name: "cutlass-fp8-moe-ep-size",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "FP8/MXFP8 Cutlass MoE is only supported with ep_size == 1",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            116,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            124,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            128,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            133,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            161,
        ),
    ],
    title: doc!("FP8/MXFP8 CUTLASS MoE needs --ep-size 1"),
    explanation: doc!(
        "SGLang's own CUTLASS FP8/MXFP8 MoE runner does not support expert parallelism."
    ),
    trigger: doc!(
        "--moe-runner-backend cutlass with --quantization fp8 or mxfp8 and an expert-parallel size above 1 (an all-to-all backend also sets it to --tp-size)."
    ),
    solutions: doc_list!["Remove --ep-size, or use another --moe-runner-backend."],
    flags: &["ep_size", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":8,"moe_runner_backend":"cutlass","quantization":"fp8"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_runner_backend":"cutlass","quantization":"fp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --quantization nvfp4_online needs a FlashInfer TRT-LLM or CuTe DSL MoE runner
pub static NVFP4_ONLINE_RUNNER: RuleInfo = RuleInfo {
    code: "MOE011",
    name: "nvfp4-online-moe-runner",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_22),
            "--quantization nvfp4_online supports only --moe-runner-backend flashinfer_trtllm or flashinfer_trtllm_routed, or flashinfer_cutedsl.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "--quantization nvfp4_online supports only --moe-runner-backend flashinfer_trtllm or flashinfer_trtllm_routed, or flashinfer_cutedsl; flashinfer_megamoe requires --moe-a2a-backend flashinfer_megamoe and SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16=1.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/overrides.py",
            1480,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/overrides.py",
            1526,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/overrides.py",
            1404,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/overrides.py",
            1428,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/overrides.py",
            1471,
        ),
    ],
    title: doc!("--quantization nvfp4_online needs a FlashInfer TRT-LLM or CuTe DSL MoE runner"),
    explanation: doc!(
        "Online NVFP4 quantization runs the experts on the FlashInfer TRT-LLM-gen (plain or routed) or CuTe DSL kernels; another explicit --moe-runner-backend is refused."
    ),
    trigger: doc!(
        "--quantization nvfp4_online on SM100 with --moe-runner-backend other than auto, flashinfer_trtllm, flashinfer_trtllm_routed, flashinfer_cutedsl."
    ),
    solutions: doc_list!["Leave --moe-runner-backend auto (flashinfer_trtllm)."],
    flags: &["moe_runner_backend", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","quantization":"nvfp4_online","moe_runner_backend":"triton"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","quantization":"nvfp4_online"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --flashinfer-a2a-dispatch-type needs --moe-a2a-backend flashinfer
pub static DISPATCH_NEEDS_FI: RuleInfo = RuleInfo {
    code: "MOE012",
    name: "flashinfer-a2a-dispatch-type-needs-flashinfer",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--flashinfer-a2a-dispatch-type requires --moe-a2a-backend flashinfer.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            260,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            265,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            270,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            311,
        ),
    ],
    title: doc!("--flashinfer-a2a-dispatch-type needs --moe-a2a-backend flashinfer"),
    explanation: doc!(
        "The dispatch dtype only applies to the FlashInfer all-to-all; with another backend SGLang refuses an explicit value."
    ),
    trigger: doc!(
        "--flashinfer-a2a-dispatch-type other than auto without --moe-a2a-backend flashinfer."
    ),
    solutions: doc_list!["Remove --flashinfer-a2a-dispatch-type."],
    flags: &["flashinfer_a2a_dispatch_type", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","flashinfer_a2a_dispatch_type":"bf16"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend flashinfer needs attention DP across the whole TP group
pub static FI_A2A_TOPOLOGY: RuleInfo = RuleInfo {
    code: "MOE013",
    name: "flashinfer-a2a-needs-full-attention-dp",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "Flashinfer MoE A2A is only supported with dp_size == tp_size and --enable-dp-attention",
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "Flashinfer MoE A2A is only supported with --attn-dp-size equal to --tp-size",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "Flashinfer MoE A2A requires --attn-dp-size equal to --tp-size, except for Muse Spark TP4/EP4 or TP8/EP8 prefill sequence parallelism.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            256,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            400,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            398,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            408,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            475,
        ),
    ],
    title: doc!("--moe-a2a-backend flashinfer needs attention DP across the whole TP group"),
    explanation: doc!(
        "The FlashInfer all-to-all needs one attention-DP group per rank (attention DP size equal to --tp-size) so every rank holds its own tokens (0.5.23 also accepts Muse Spark prefill sequence parallelism at TP4/EP4 or TP8/EP8)."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer without attention DP of size --tp-size (--attn-dp-size N from 0.5.22; --dp-size N --enable-dp-attention before)."
    ),
    solutions: doc_list![
        "Add --attn-dp-size equal to --tp-size (before 0.5.22: --dp-size N --enable-dp-attention).",
        "Use another --moe-a2a-backend.",
    ],
    flags: &[
        "moe_a2a_backend",
        "attn_dp_size",
        "dp_size",
        "enable_dp_attention",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend flashinfer needs a FlashInfer or DeepGEMM MoE runner
pub static FI_A2A_RUNNER: RuleInfo = RuleInfo {
    code: "MOE014",
    name: "flashinfer-a2a-moe-runner",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "FlashInfer MoE A2A is supported with flashinfer_cutlass, flashinfer_cutedsl, flashinfer_trtllm, flashinfer_trtllm_routed, or deep_gemm.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            280,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            450,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            448,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            455,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            531,
        ),
    ],
    title: doc!("--moe-a2a-backend flashinfer needs a FlashInfer or DeepGEMM MoE runner"),
    explanation: doc!(
        "The FlashInfer all-to-all feeds only the FlashInfer CUTLASS, CuTe DSL and TRT-LLM runners and DeepGEMM; the runner must be set explicitly (auto is not resolved to one of them here)."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer with --moe-runner-backend auto, triton or another runner."
    ),
    solutions: doc_list![
        "Set --moe-runner-backend flashinfer_cutlass, flashinfer_cutedsl, flashinfer_trtllm or deep_gemm.",
    ],
    flags: &["moe_runner_backend", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The CuTe DSL FP4 MoE runner supports only DeepEP low-latency dispatch
pub static DEEPEP_CUTEDSL_NORMAL: RuleInfo = RuleInfo {
    code: "MOE015",
    name: "deepep-normal-with-cutedsl",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "flashinfer_cutedsl FP4 MoE only supports DeepEP low_latency dispatch (masked layout). DeepEP normal (prefill) dispatch has no CuteDSL FP4 handler. Pass --deepep-mode low_latency or auto.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            159,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            303,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            308,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            313,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            377,
        ),
    ],
    title: doc!("The CuTe DSL FP4 MoE runner supports only DeepEP low-latency dispatch"),
    explanation: doc!(
        "DeepEP normal (prefill) dispatch has no CuTe DSL FP4 handler; SGLang refuses --deepep-mode normal with it (auto is turned into low_latency)."
    ),
    trigger: doc!(
        "--moe-a2a-backend deepep --moe-runner-backend flashinfer_cutedsl --deepep-mode normal."
    ),
    solutions: doc_list!["Use --deepep-mode low_latency or auto."],
    flags: &["deepep_mode", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"deepep","moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4","deepep_mode":"normal"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"deepep","moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4","deepep_mode":"low_latency"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend pplx supports only low-latency mode
pub static PPLX_NORMAL: RuleInfo = RuleInfo {
    code: "MOE016",
    name: "pplx-low-latency-only",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "moe_a2a_backend='pplx' only supports low-latency mode; set --deepep-mode to 'low_latency' or 'auto'.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            315,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            485,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            483,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            501,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            577,
        ),
    ],
    title: doc!("--moe-a2a-backend pplx supports only low-latency mode"),
    explanation: doc!(
        "The pplx all-to-all kernels implement only the low-latency (masked) dispatch."
    ),
    trigger: doc!("--moe-a2a-backend pplx --deepep-mode normal."),
    solutions: doc_list!["Use --deepep-mode low_latency or auto."],
    flags: &["deepep_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"pplx","deepep_mode":"normal","chunked_prefill_size":128}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"pplx","deepep_mode":"low_latency","chunked_prefill_size":128}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend pplx needs attention DP with at least 2 groups
pub static PPLX_DP: RuleInfo = RuleInfo {
    code: "MOE017",
    name: "pplx-needs-attention-dp",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "moe_a2a_backend='pplx' requires --enable-dp-attention with at least 2 DP groups (--dp-size >= 2).",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "moe_a2a_backend='pplx' requires attention DP with at least 2 groups (--attn-dp-size >= 2).",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            329,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            499,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            497,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            515,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            591,
        ),
    ],
    title: doc!("--moe-a2a-backend pplx needs attention DP with at least 2 groups"),
    explanation: doc!(
        "pplx-kernels' AllToAll needs more than one DP group (the attention DP size); without attention DP its construction fails deep in the kernel, so SGLang refuses it up front."
    ),
    trigger: doc!(
        "--moe-a2a-backend pplx without attention DP of at least 2 (--attn-dp-size from 0.5.22; --dp-size with --enable-dp-attention before)."
    ),
    solutions: doc_list![
        "Add --attn-dp-size 2 or more (before 0.5.22: --dp-size N --enable-dp-attention).",
    ],
    flags: &[
        "attn_dp_size",
        "dp_size",
        "enable_dp_attention",
        "moe_a2a_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"pplx","chunked_prefill_size":128}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"pplx","chunked_prefill_size":128}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend pplx needs the DeepGEMM MoE runner
pub static PPLX_RUNNER: RuleInfo = RuleInfo {
    code: "MOE018",
    name: "pplx-needs-deep-gemm",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "moe_a2a_backend='pplx' is only supported with --moe-runner-backend deep_gemm (or auto).",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            337,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            507,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            505,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            523,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            599,
        ),
    ],
    title: doc!("--moe-a2a-backend pplx needs the DeepGEMM MoE runner"),
    explanation: doc!(
        "pplx runs the masked DeepGEMM expert path; another explicit --moe-runner-backend is refused (auto becomes deep_gemm)."
    ),
    trigger: doc!(
        "--moe-a2a-backend pplx with --moe-runner-backend other than auto and deep_gemm."
    ),
    solutions: doc_list!["Remove --moe-runner-backend (auto) or use deep_gemm."],
    flags: &["moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"pplx","moe_runner_backend":"triton","chunked_prefill_size":128}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"pplx","chunked_prefill_size":128}"#,
    ))),
    ..RuleInfo::BASE
};

/// pplx's per-rank dispatch buffer must hold the chunked-prefill size
pub static PPLX_BUDGET: RuleInfo = RuleInfo {
    code: "MOE019",
    name: "pplx-dispatch-token-budget",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK (default 128) must be >= the per-rank pplx dispatch tokens (chunked_prefill_size, or the decode cuda-graph batch size)",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            353,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            523,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            521,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            539,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            615,
        ),
    ],
    title: doc!("pplx's per-rank dispatch buffer must hold the chunked-prefill size"),
    explanation: doc!(
        "The pplx dispatch buffer holds SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK tokens per rank (default 128); the per-rank chunked-prefill size (and the decode CUDA-graph batch size when set) must fit. Only an explicit --chunked-prefill-size is checked by Preflight: the default comes from the GPU memory heuristics, which are not ported."
    ),
    trigger: doc!(
        "--moe-a2a-backend pplx with --chunked-prefill-size (divided by the attention DP size) above the buffer."
    ),
    solutions: doc_list![
        "Lower --chunked-prefill-size, or raise SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK.",
    ],
    flags: &["chunked_prefill_size", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"pplx","chunked_prefill_size":4096}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"pplx","chunked_prefill_size":128}"#,
    ))),
    ..RuleInfo::BASE
};

/// MoRI's per-rank dispatch buffer must hold the chunked-prefill size
pub static MORI_BUDGET: RuleInfo = RuleInfo {
    code: "MOE020",
    name: "mori-dispatch-token-budget",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK (default 4096) must be >= the per-rank MoRI dispatch tokens (chunked_prefill_size by default)",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            305,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            475,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            473,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            491,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            567,
        ),
    ],
    title: doc!("MoRI's per-rank dispatch buffer must hold the chunked-prefill size"),
    explanation: doc!(
        "The MoRI dispatch buffer holds SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK tokens per rank (default 4096); the chunked-prefill size must fit. Only an explicit --chunked-prefill-size is checked by Preflight."
    ),
    trigger: doc!("--moe-a2a-backend mori with --chunked-prefill-size above the buffer."),
    solutions: doc_list![
        "Lower --chunked-prefill-size, or raise SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK.",
    ],
    flags: &["chunked_prefill_size", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"mori","chunked_prefill_size":8192}"#,
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"mori","chunked_prefill_size":4096}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend deepep_v2 is validated for a few architectures only
pub static DEEPEP_V2_ARCH: RuleInfo = RuleInfo {
    code: "MOE021",
    name: "deepep-v2-model-architecture",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "DeepEP v2 MoE is not validated for {architecture!r}; supported architectures are {sorted(validated_architectures)}. Other model workflows may require an all-reduce after A2A combine. Use --moe-a2a-backend deepep.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "DeepEP v2 MoE is not validated for {architecture!r}. The model package must register its architecture with register_deepep_v2_model, because its combine and post-expert reduction semantics must be validated first.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            452,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            622,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            620,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            650,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            726,
        ),
    ],
    title: doc!("--moe-a2a-backend deepep_v2 is validated for a few architectures only"),
    explanation: doc!(
        "DeepEP v2 is allowed only for architectures whose combine and post-expert reduction semantics were validated (a fixed list up to 0.5.20; a registry from 0.5.21: DeepSeek-V3/V4, Qwen3-MoE, GLM-5 Next, and from 0.5.22 GLM-MoE-DSA and MiMo-V2)."
    ),
    trigger: doc!("--moe-a2a-backend deepep_v2 with another architecture."),
    solutions: doc_list!["Use --moe-a2a-backend deepep."],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MixtralForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2","env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"gpu":"B200","arch":"MixtralForCausalLM","tp_size":8,"moe_a2a_backend":"deepep"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DeepEP v2 cannot run deterministic inference (up to 0.5.20)
pub static DEEPEP_V2_DETERMINISTIC: RuleInfo = RuleInfo {
    code: "MOE022",
    name: "deepep-v2-deterministic",
    exception: Some("ValueError"),
    versions: VersionRange::until(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::until(SglangVersion::V0_5_20),
        "DeepEP v2 does not forward deterministic=True to ElasticBuffer, so deterministic sorting remains disabled. Disable --enable-deterministic-inference or use --moe-a2a-backend deepep.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            185,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            329,
        ),
    ],
    title: doc!("DeepEP v2 cannot run deterministic inference (up to 0.5.20)"),
    explanation: doc!(
        "Up to 0.5.20 DeepEP v2 did not forward deterministic=True to its ElasticBuffer, so SGLang refused --enable-deterministic-inference with it."
    ),
    trigger: doc!("--moe-a2a-backend deepep_v2 --enable-deterministic-inference (0.5.19, 0.5.20)."),
    solutions: doc_list![
        "Disable --enable-deterministic-inference or use --moe-a2a-backend deepep."
    ],
    flags: &["enable_deterministic_inference", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.20","gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2","enable_deterministic_inference":true,"env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.20","gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2","env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend deepep_v2 needs the DeepGEMM MoE runner
pub static DEEPEP_V2_RUNNER: RuleInfo = RuleInfo {
    code: "MOE023",
    name: "deepep-v2-needs-deep-gemm",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DeepEP v2 MoE currently supports only --moe-runner-backend deep_gemm. Got {resolved_runner!r}. Add a runner adapter before enabling DeepEP v2 with other MoE runners.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            203,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            347,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            345,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            350,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            414,
        ),
    ],
    title: doc!("--moe-a2a-backend deepep_v2 needs the DeepGEMM MoE runner"),
    explanation: doc!(
        "DeepEP v2 has a runner adapter for DeepGEMM only; auto becomes deep_gemm, any other runner is refused."
    ),
    trigger: doc!(
        "--moe-a2a-backend deepep_v2 with --moe-runner-backend other than auto and deep_gemm (or a model default that picked another runner)."
    ),
    solutions: doc_list!["Remove --moe-runner-backend (auto) or use deep_gemm."],
    flags: &["moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2","moe_runner_backend":"triton","env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2","env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// DeepEP v2 does not support two- or single-batch overlap
pub static DEEPEP_V2_OVERLAP: RuleInfo = RuleInfo {
    code: "MOE024",
    name: "deepep-v2-overlap",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DeepEP v2 MoE has not implemented the TBO/SBO overlap hooks yet. Disable --enable-two-batch-overlap and --enable-single-batch-overlap when using --moe-a2a-backend deepep_v2.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            210,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            354,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            352,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            357,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            421,
        ),
    ],
    title: doc!("DeepEP v2 does not support two- or single-batch overlap"),
    explanation: doc!("DeepEP v2 has no TBO/SBO overlap hooks yet."),
    trigger: doc!(
        "--moe-a2a-backend deepep_v2 with --enable-two-batch-overlap or --enable-single-batch-overlap."
    ),
    solutions: doc_list!["Disable the overlap flags, or use --moe-a2a-backend deepep."],
    flags: &["enable_two_batch_overlap", "enable_single_batch_overlap"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2","enable_two_batch_overlap":true,"env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2","env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// DeepEP v2 does not support fused shared experts
pub static DEEPEP_V2_FUSION: RuleInfo = RuleInfo {
    code: "MOE025",
    name: "deepep-v2-shared-experts-fusion",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DeepEP v2 MoE has not validated fused shared experts yet. Remove --enforce-shared-experts-fusion when using --moe-a2a-backend deepep_v2.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            216,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            360,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            358,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            363,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            427,
        ),
    ],
    title: doc!("DeepEP v2 does not support fused shared experts"),
    explanation: doc!(
        "Fused shared experts are not validated with DeepEP v2; SGLang disables the fusion and refuses --enforce-shared-experts-fusion."
    ),
    trigger: doc!("--moe-a2a-backend deepep_v2 --enforce-shared-experts-fusion."),
    solutions: doc_list!["Remove --enforce-shared-experts-fusion."],
    flags: &["enforce_shared_experts_fusion"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2","enforce_shared_experts_fusion":true,"env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2","env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// --deepep-v2-mode direct works within one node only
pub static DEEPEP_V2_DIRECT_NODES: RuleInfo = RuleInfo {
    code: "MOE026",
    name: "deepep-v2-direct-single-node",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--deepep-v2-mode direct is NVLink-only and cannot run across nodes (nnodes={cfg.nnodes}); pass --deepep-v2-mode hybrid.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            369,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            433,
        ),
    ],
    title: doc!("--deepep-v2-mode direct works within one node only"),
    explanation: doc!("DeepEP v2's direct mode uses NVLink only and cannot cross nodes (0.5.22+)."),
    trigger: doc!(
        "--moe-a2a-backend deepep_v2 with --deepep-v2-mode direct (the default) and --nnodes > 1."
    ),
    solutions: doc_list!["Pass --deepep-v2-mode hybrid."],
    flags: &["deepep_v2_mode", "nnodes"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":16,"nnodes":2,"moe_a2a_backend":"deepep_v2","env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":16,"nnodes":2,"moe_a2a_backend":"deepep_v2","deepep_v2_mode":"hybrid","env":{"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend flashinfer_megamoe is validated for a few architectures only
pub static FI_MEGAMOE_ARCH: RuleInfo = RuleInfo {
    code: "MOE027",
    name: "flashinfer-megamoe-architecture",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "FlashInfer MegaMOE is not validated for model architectures {architectures}. Supported architectures: {sorted(validated_architectures)}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            212,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            217,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            222,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            258,
        ),
    ],
    title: doc!("--moe-a2a-backend flashinfer_megamoe is validated for a few architectures only"),
    explanation: doc!(
        "FlashInfer MegaMOE (0.5.20+) is allowed only for the DeepSeek, GLM-4 MoE / GLM-MoE-DSA, Nemotron-H, Qwen2/3-MoE (and from 0.5.23 Beam and Kimi-K3) architectures."
    ),
    trigger: doc!("--moe-a2a-backend flashinfer_megamoe with another architecture."),
    solutions: doc_list!["Use another --moe-a2a-backend."],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MixtralForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8"}"#,
        r#"{"gpu":"B200","arch":"MixtralForCausalLM","tp_size":8,"attn_dp_size":8,"quantization":"mxfp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// FlashInfer MegaMOE needs an MXFP8 or NVFP4 checkpoint
pub static FI_MEGAMOE_QUANT: RuleInfo = RuleInfo {
    code: "MOE028",
    name: "flashinfer-megamoe-quantization",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            "FlashInfer MegaMOE currently supports only MXFP8, ModelOpt NVFP4, FP4-expert, or hybrid NVFP4 MoE checkpoints; got quantization={quantization!r}. Standard FP8 MoE checkpoints are not supported.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "FlashInfer MegaMOE currently supports only MXFP8, ModelOpt NVFP4, FP4-expert, hybrid NVFP4 MoE checkpoints, or nvfp4_online with SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16=1; got quantization={quantization!r}. Standard FP8 MoE checkpoints are not supported.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            225,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            230,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            235,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            275,
        ),
    ],
    title: doc!("FlashInfer MegaMOE needs an MXFP8 or NVFP4 checkpoint"),
    explanation: doc!(
        "FlashInfer MegaMOE runs MXFP8, ModelOpt NVFP4, FP4-expert and hybrid NVFP4 MoE checkpoints (0.5.23: also nvfp4_online with the W4A16 CuTe DSL path); standard FP8 and BF16 are refused."
    ),
    trigger: doc!("--moe-a2a-backend flashinfer_megamoe with another quantization."),
    solutions: doc_list!["Use an MXFP8 or NVFP4 checkpoint (--quantization mxfp8 / modelopt_fp4)."],
    flags: &["quantization", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// FlashInfer MegaMOE needs attention DP across the whole TP group
pub static FI_MEGAMOE_TOPOLOGY: RuleInfo = RuleInfo {
    code: "MOE029",
    name: "flashinfer-megamoe-full-attention-dp",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_21),
            "FlashInfer MegaMOE is only supported with dp_size == tp_size and --enable-dp-attention",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "FlashInfer MegaMOE is only supported with --attn-dp-size equal to --tp-size",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            267,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            272,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            277,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            325,
        ),
    ],
    title: doc!("FlashInfer MegaMOE needs attention DP across the whole TP group"),
    explanation: doc!("FlashInfer MegaMOE needs attention DP size equal to --tp-size."),
    trigger: doc!("--moe-a2a-backend flashinfer_megamoe without attention DP of size --tp-size."),
    solutions: doc_list![
        "Add --attn-dp-size equal to --tp-size (before 0.5.22: --dp-size N --enable-dp-attention).",
    ],
    flags: &["attn_dp_size", "dp_size", "enable_dp_attention"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// FlashInfer MegaMOE needs --moe-runner-backend flashinfer_megamoe
pub static FI_MEGAMOE_RUNNER: RuleInfo = RuleInfo {
    code: "MOE030",
    name: "flashinfer-megamoe-runner",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "FlashInfer MegaMOE a2a backend requires --moe-runner-backend flashinfer_megamoe",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            274,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            279,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            284,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            332,
        ),
    ],
    title: doc!("FlashInfer MegaMOE needs --moe-runner-backend flashinfer_megamoe"),
    explanation: doc!(
        "The FlashInfer MegaMOE all-to-all runs inside its own fused kernel; auto becomes flashinfer_megamoe, another runner is refused."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer_megamoe with another explicit --moe-runner-backend."
    ),
    solutions: doc_list!["Remove --moe-runner-backend."],
    flags: &["moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"modelopt_fp4","moe_runner_backend":"triton"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"modelopt_fp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// FlashInfer MegaMOE needs an SM100-family GPU
pub static FI_MEGAMOE_SM100: RuleInfo = RuleInfo {
    code: "MOE031",
    name: "flashinfer-megamoe-sm100",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "FlashInfer MegaMOE currently requires an SM100-family CUDA device for all supported quantization formats.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            278,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            283,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            288,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            336,
        ),
    ],
    title: doc!("FlashInfer MegaMOE needs an SM100-family GPU"),
    explanation: doc!("FlashInfer MegaMOE kernels exist for SM100/SM103 only."),
    trigger: doc!("--moe-a2a-backend flashinfer_megamoe on a GPU that is not SM100/SM103."),
    solutions: doc_list!["Use B200/B300, or another --moe-a2a-backend."],
    flags: &["gpu", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend megamoe does not support two- or single-batch overlap
pub static MEGAMOE_OVERLAP: RuleInfo = RuleInfo {
    code: "MOE032",
    name: "megamoe-overlap",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--moe-a2a-backend megamoe has no two-batch / single-batch overlap decomposition; disable --enable-two-batch-overlap and --enable-single-batch-overlap.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/mega_moe_hook.py",
        33,
    )],
    title: doc!("--moe-a2a-backend megamoe does not support two- or single-batch overlap"),
    explanation: doc!(
        "The fused MegaMoE kernel has no dispatch/combine split for TBO/SBO (0.5.21+)."
    ),
    trigger: doc!(
        "--moe-a2a-backend megamoe (or --moe-runner-backend megamoe) with --enable-two-batch-overlap or --enable-single-batch-overlap."
    ),
    solutions: doc_list!["Disable the overlap flags."],
    flags: &["enable_two_batch_overlap", "enable_single_batch_overlap"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","enable_two_batch_overlap":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend megamoe needs SM90, SM100 or ROCm
pub static MEGAMOE_PLATFORM: RuleInfo = RuleInfo {
    code: "MOE033",
    name: "megamoe-platform",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--moe-a2a-backend megamoe needs a CUDA SM90 GPU (block-FP8 experts) or an SM100-class GPU (MXFP4 / NVFP4 experts); it runs DeepGEMM kernels over CUDA symmetric memory. On ROCm, set SGLANG_AMD_USE_FLYDSL_MEGA_MOE=1 to select aiter MegaMoEv2 instead.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/mega_moe_hook.py",
        43,
    )],
    title: doc!("--moe-a2a-backend megamoe needs SM90, SM100 or ROCm"),
    explanation: doc!(
        "MegaMoE runs DeepGEMM kernels over CUDA symmetric memory on SM90 (block-FP8) or SM100 (MXFP4/NVFP4); on ROCm aiter MegaMoEv2 is used (0.5.21+)."
    ),
    trigger: doc!("--moe-a2a-backend megamoe on another NVIDIA GPU (e.g. SM120, SM80)."),
    solutions: doc_list!["Use an H100/H200 or B200-class GPU, or another --moe-a2a-backend."],
    flags: &["gpu", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe"}"#,
        r#"{"gpu":"RTX 5090","arch":"DeepseekV3ForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_MOE_NVFP4_DISPATCH and --flashinfer-a2a-dispatch-type are exclusive
pub static DISPATCH_ENV: RuleInfo = RuleInfo {
    code: "MOE034",
    name: "flashinfer-a2a-dispatch-type-with-env",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "SGLANG_MOE_NVFP4_DISPATCH cannot be set together with --flashinfer-a2a-dispatch-type.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            135,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            139,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            144,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            172,
        ),
    ],
    title: doc!("SGLANG_MOE_NVFP4_DISPATCH and --flashinfer-a2a-dispatch-type are exclusive"),
    explanation: doc!(
        "The flag replaces the environment variable; SGLang refuses both at once (0.5.20+)."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer with --flashinfer-a2a-dispatch-type and SGLANG_MOE_NVFP4_DISPATCH set (to any value)."
    ),
    solutions: doc_list!["Unset SGLANG_MOE_NVFP4_DISPATCH."],
    flags: &["flashinfer_a2a_dispatch_type"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass","flashinfer_a2a_dispatch_type":"bf16","env":{"SGLANG_MOE_NVFP4_DISPATCH":"0"}}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass","flashinfer_a2a_dispatch_type":"bf16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// MXFP8 dispatch needs --quantization mxfp8
pub static DISPATCH_MXFP8_QUANT: RuleInfo = RuleInfo {
    code: "MOE035",
    name: "flashinfer-a2a-mxfp8-dispatch-quantization",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--flashinfer-a2a-dispatch-type mxfp8 requires --quantization mxfp8.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            156,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            160,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            165,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            193,
        ),
    ],
    title: doc!("MXFP8 dispatch needs --quantization mxfp8"),
    explanation: doc!(
        "The FlashInfer all-to-all dispatches MXFP8 activations only for an MXFP8 model."
    ),
    trigger: doc!("--flashinfer-a2a-dispatch-type mxfp8 without --quantization mxfp8."),
    solutions: doc_list!["Use --flashinfer-a2a-dispatch-type bf16 or auto."],
    flags: &["flashinfer_a2a_dispatch_type", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass","flashinfer_a2a_dispatch_type":"mxfp8"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass","flashinfer_a2a_dispatch_type":"bf16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// MXFP8 dispatch needs --moe-runner-backend flashinfer_trtllm_routed
pub static DISPATCH_MXFP8_RUNNER: RuleInfo = RuleInfo {
    code: "MOE036",
    name: "flashinfer-a2a-mxfp8-dispatch-runner",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--flashinfer-a2a-dispatch-type mxfp8 requires --moe-runner-backend flashinfer_trtllm_routed.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            160,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            164,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            169,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            197,
        ),
    ],
    title: doc!("MXFP8 dispatch needs --moe-runner-backend flashinfer_trtllm_routed"),
    explanation: doc!("MXFP8 dispatch is consumed only by the routed TRT-LLM-gen MoE runner."),
    trigger: doc!(
        "--flashinfer-a2a-dispatch-type mxfp8 (or auto with --quantization mxfp8) with another runner."
    ),
    solutions: doc_list!["Use --moe-runner-backend flashinfer_trtllm_routed."],
    flags: &["moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"deep_gemm","flashinfer_a2a_dispatch_type":"mxfp8","quantization":"mxfp8"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_trtllm_routed","flashinfer_a2a_dispatch_type":"mxfp8","quantization":"mxfp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// NVFP4 dispatch needs an NVFP4 checkpoint
pub static DISPATCH_NVFP4: RuleInfo = RuleInfo {
    code: "MOE037",
    name: "flashinfer-a2a-nvfp4-dispatch-quantization",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--flashinfer-a2a-dispatch-type nvfp4 requires NVFP4/modelopt-FP4 quantization or hybrid NVFP4 MoE metadata.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            165,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            169,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            174,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            202,
        ),
    ],
    title: doc!("NVFP4 dispatch needs an NVFP4 checkpoint"),
    explanation: doc!(
        "The FlashInfer all-to-all dispatches NVFP4 activations only for ModelOpt FP4 or hybrid NVFP4 MoE checkpoints."
    ),
    trigger: doc!("--flashinfer-a2a-dispatch-type nvfp4 without --quantization modelopt_fp4."),
    solutions: doc_list!["Use --flashinfer-a2a-dispatch-type bf16 or auto."],
    flags: &["flashinfer_a2a_dispatch_type", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass","flashinfer_a2a_dispatch_type":"nvfp4"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass","flashinfer_a2a_dispatch_type":"bf16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE must be bf16, mxfp8 or nvfp4
pub static MEGAMOE_COMBINE_DTYPE: RuleInfo = RuleInfo {
    code: "MOE038",
    name: "flashinfer-megamoe-combine-dtype",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE must be one of 'bf16', 'mxfp8', or 'nvfp4', got {combine_dtype!r}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            180,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            184,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            189,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            222,
        ),
    ],
    title: doc!("SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE must be bf16, mxfp8 or nvfp4"),
    explanation: doc!("FlashInfer MegaMOE combines in BF16, MXFP8 or NVFP4 only (0.5.20+)."),
    trigger: doc!(
        "--moe-a2a-backend flashinfer_megamoe with SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE set to another value (after strip and lower-case)."
    ),
    solutions: doc_list![
        "Unset SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE or set it to bf16, mxfp8 or nvfp4.",
    ],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8","env":{"SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE":"fp32"}}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A quantized MegaMOE combine cannot reduce FC2 in the kernel
pub static MEGAMOE_FC2_REDUCE: RuleInfo = RuleInfo {
    code: "MOE039",
    name: "flashinfer-megamoe-fc2-reduce",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE={combine_dtype!r} is incompatible with SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE=1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            188,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            192,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            197,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            230,
        ),
    ],
    title: doc!("A quantized MegaMOE combine cannot reduce FC2 in the kernel"),
    explanation: doc!(
        "SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE works only with the BF16 combine (0.5.20+)."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer_megamoe with SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE mxfp8/nvfp4 and SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE=1."
    ),
    solutions: doc_list![
        "Unset SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE, or combine in bf16."
    ],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8","env":{"SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE":"mxfp8","SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE":"1"}}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8","env":{"SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE":"mxfp8"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// The CuTe DSL NVFP4 W4A16 path needs BF16 FlashInfer dispatch
pub static CUTEDSL_W4A16_NVFP4_DISPATCH: RuleInfo = RuleInfo {
    code: "MOE040",
    name: "cutedsl-w4a16-nvfp4-dispatch",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "CuTe DSL NVFP4 W4A16 requires BF16 FlashInfer MoE dispatch; unset SGLANG_MOE_NVFP4_DISPATCH.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            268,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            413,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            411,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            418,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            494,
        ),
    ],
    title: doc!("The CuTe DSL NVFP4 W4A16 path needs BF16 FlashInfer dispatch"),
    explanation: doc!(
        "With SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16 the CuTe DSL runner takes BF16 activations, so the FlashInfer all-to-all must not dispatch NVFP4."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer --moe-runner-backend flashinfer_cutedsl with SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16=1 and SGLANG_MOE_NVFP4_DISPATCH=1."
    ),
    solutions: doc_list!["Unset SGLANG_MOE_NVFP4_DISPATCH."],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4","env":{"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16":"1","SGLANG_MOE_NVFP4_DISPATCH":"1"}}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4","env":{"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16":"1"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// The CuTe DSL NVFP4 W4A16 path needs --flashinfer-a2a-dispatch-type bf16
pub static CUTEDSL_W4A16_DISPATCH_TYPE: RuleInfo = RuleInfo {
    code: "MOE041",
    name: "cutedsl-w4a16-dispatch-type",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "CuTe DSL NVFP4 W4A16 requires --flashinfer-a2a-dispatch-type bf16.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            446,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            444,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            451,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            527,
        ),
    ],
    title: doc!("The CuTe DSL NVFP4 W4A16 path needs --flashinfer-a2a-dispatch-type bf16"),
    explanation: doc!(
        "With SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16 the dispatch type must be bf16 (0.5.20+)."
    ),
    trigger: doc!("--flashinfer-a2a-dispatch-type auto or nvfp4 with the CuTe DSL W4A16 path."),
    solutions: doc_list!["Pass --flashinfer-a2a-dispatch-type bf16."],
    flags: &["flashinfer_a2a_dispatch_type"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4","flashinfer_a2a_dispatch_type":"nvfp4","env":{"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16":"1"}}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4","flashinfer_a2a_dispatch_type":"bf16","env":{"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16":"1"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// FlashInfer MegaMOE NVFP4 W4A16 needs the BF16 combine
pub static MEGAMOE_W4A16_COMBINE: RuleInfo = RuleInfo {
    code: "MOE042",
    name: "flashinfer-megamoe-w4a16-combine",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "FlashInfer MegaMOE NVFP4 W4A16 requires SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE=bf16.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "python/sglang/srt/arg_groups/moe_hook.py",
        217,
    )],
    title: doc!("FlashInfer MegaMOE NVFP4 W4A16 needs the BF16 combine"),
    explanation: doc!("The W4A16 MegaMOE path (0.5.23) combines in BF16 only."),
    trigger: doc!(
        "--moe-a2a-backend flashinfer_megamoe with SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16=1 and another SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE."
    ),
    solutions: doc_list!["Combine in bf16, or unset SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16."],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8","env":{"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16":"1","SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE":"mxfp8"}}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8","env":{"SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE":"mxfp8"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// DeepEP v2's per-rank buffer must hold the prefill dispatch
pub static DEEPEP_V2_PREFILL_BUDGET: RuleInfo = RuleInfo {
    code: "MOE043",
    name: "deepep-v2-prefill-token-budget",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DeepEP v2 per-rank prefill budget exceeds SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK: required={prefill_tokens}, capacity={capacity}. Raise the environment value or lower --chunked-prefill-size/--max-prefill-tokens.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            391,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            561,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            568,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            613,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            689,
        ),
    ],
    title: doc!("DeepEP v2's per-rank buffer must hold the prefill dispatch"),
    explanation: doc!(
        "DeepEP v2's ElasticBuffer holds SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK tokens per rank (default 128). The largest prefill dispatch of one rank is the chunked-prefill size (SGLang's default comes from the GPU memory: 8192 on 80-160 GiB GPUs, 16384 above; divided by the attention-DP size), from 0.5.22 split over the tp_size // attn_dp_size ranks a chunk is scattered across; with the default buffer almost every launch needs the variable raised."
    ),
    trigger: doc!(
        "--moe-a2a-backend deepep_v2 without a large enough SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK."
    ),
    solutions: doc_list![
        "Set SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK to at least the required tokens.",
        "Lower --chunked-prefill-size.",
    ],
    flags: &["chunked_prefill_size", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep_v2"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":8,"moe_a2a_backend":"deepep"}"#,
    ))),
    ..RuleInfo::BASE
};

/// MegaMoE needs chunked prefill
pub static MEGAMOE_NEEDS_CHUNKED_PREFILL: RuleInfo = RuleInfo {
    code: "MOE044",
    name: "megamoe-needs-chunked-prefill",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "DeepSeekV4 with MegaMoE requires chunked prefill to be enabled. Set --chunked-prefill-size to a positive value; --chunked-prefill-size=-1 is unsafe because MegaMoE's per-rank token requirement would not have a strict prefill-forward bound.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "{model_label} with MegaMoE requires chunked prefill to be enabled. Set --chunked-prefill-size to a positive value; --chunked-prefill-size=-1 is unsafe because MegaMoE's per-rank token requirement would not have a strict prefill-forward bound.",
        ),
    ],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/deepseek_v4_hook.py",
            35,
        ),
        (
            VersionRange::between(SglangVersion::V0_5_21, SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mega_moe_hook.py",
            132,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/mega_moe_hook.py",
            192,
        ),
    ],
    title: doc!("MegaMoE needs chunked prefill"),
    explanation: doc!(
        "MegaMoE's per-rank token buffer needs a strict prefill bound: for architectures without a fused-MoE fallback (Qwen2/3-MoE, DeepSeek-V4, ...) or NVFP4 experts, --chunked-prefill-size must be positive (0.5.21+)."
    ),
    trigger: doc!("--moe-a2a-backend megamoe with --chunked-prefill-size -1 on such a model."),
    solutions: doc_list!["Set --chunked-prefill-size to a positive value."],
    flags: &["chunked_prefill_size", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","chunked_prefill_size":-1}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","chunked_prefill_size":8192}"#,
    ))),
    ..RuleInfo::BASE
};

/// MegaMoE needs a positive per-rank chunked-prefill size
pub static MEGAMOE_LOCAL_CHUNK: RuleInfo = RuleInfo {
    code: "MOE045",
    name: "megamoe-positive-local-chunk",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "DeepSeekV4 with MegaMoE requires a positive effective per-rank chunked prefill size. Current values: chunked_prefill_size={cfg.chunked_prefill_size}, token_partition={token_partition_name}, token_partition_size={token_partition_size}.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "{model_label} with MegaMoE requires a positive effective per-rank chunked prefill size. Current values: chunked_prefill_size={cfg.chunked_prefill_size}, token_partition={token_partition_name}, token_partition_size={token_partition_size}.",
        ),
    ],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/deepseek_v4_hook.py",
            69,
        ),
        (
            VersionRange::between(SglangVersion::V0_5_21, SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mega_moe_hook.py",
            166,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/mega_moe_hook.py",
            226,
        ),
    ],
    title: doc!("MegaMoE needs a positive per-rank chunked-prefill size"),
    explanation: doc!(
        "The chunked-prefill size divided over the attention DP (or prefill CP) ranks must stay positive (0.5.21+)."
    ),
    trigger: doc!(
        "--moe-a2a-backend megamoe with a chunked-prefill size smaller than the attention-DP size."
    ),
    solutions: doc_list!["Raise --chunked-prefill-size."],
    flags: &["chunked_prefill_size", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"megamoe","chunked_prefill_size":8}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"megamoe"}"#,
    ))),
    ..RuleInfo::BASE
};

/// MegaMoE's per-rank buffer must hold the prefill chunk
pub static MEGAMOE_PREFILL_BUDGET: RuleInfo = RuleInfo {
    code: "MOE046",
    name: "megamoe-prefill-token-budget",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "DeepSeekV4 with MegaMoE requires SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK to cover each rank's effective prefill token budget. Current values: chunked_prefill_size={cfg.chunked_prefill_size}, token_partition={token_partition_name}, token_partition_size={token_partition_size}, token_alignment={token_alignment}, required_per_rank={required_tokens_per_rank}, SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK={max_tokens_per_rank}. Set SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK to at least {required_tokens_per_rank}, or lower --chunked-prefill-size until the effective per-rank budget fits. Otherwise MegaMoE falls back to the fused MoE path at runtime.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "{model_label} with MegaMoE requires SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK to cover each rank's effective prefill token budget. Current values: chunked_prefill_size={cfg.chunked_prefill_size}, token_partition={token_partition_name}, token_partition_size={token_partition_size}, token_alignment={token_alignment}, required_per_rank={required_tokens_per_rank}, SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK={max_tokens_per_rank}. Set SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK to at least {required_tokens_per_rank}, or lower --chunked-prefill-size until the effective per-rank budget fits.",
        ),
    ],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/deepseek_v4_hook.py",
            87,
        ),
        (
            VersionRange::between(SglangVersion::V0_5_21, SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mega_moe_hook.py",
            181,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/mega_moe_hook.py",
            241,
        ),
    ],
    title: doc!("MegaMoE's per-rank buffer must hold the prefill chunk"),
    explanation: doc!(
        "SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK (default 8192) must cover one rank's prefill chunk, aligned to the attention-TP size, for architectures without a fused-MoE fallback or NVFP4 experts (0.5.21+). SGLang's default chunked-prefill size is 16384 on GPUs with more than 160 GiB (B200), so Qwen3-MoE with MegaMoE on B200 needs attention DP, a smaller chunk or the variable raised."
    ),
    trigger: doc!("--moe-a2a-backend megamoe with a per-rank prefill chunk above the buffer."),
    solutions: doc_list![
        "Lower --chunked-prefill-size, add attention DP, or raise SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK.",
    ],
    flags: &["chunked_prefill_size", "attn_dp_size", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","chunked_prefill_size":8192}"#,
    ))),
    ..RuleInfo::BASE
};

/// FlashInfer A2A with the CuTe DSL runner must hold the largest MoE forward (up to 0.5.21)
pub static CUTEDSL_A2A_BUDGET: RuleInfo = RuleInfo {
    code: "MOE047",
    name: "cutedsl-flashinfer-a2a-token-budget",
    exception: Some("ValueError"),
    versions: VersionRange::until(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::until(SglangVersion::V0_5_21),
        "FlashInfer MoE A2A with flashinfer_cutedsl requires SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK * ep_size to cover the largest CuteDSL MoE forward ({required_tokens} tokens). Otherwise the FlashInfer dispatcher can crash at runtime with `ValueError: num_tokens (...) exceeds max_num_tokens (...)`. Current values: SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK={max_dispatch_tokens_per_rank}, ep_size={view.ep_size}, capacity={max_cutedsl_tokens}, required={required_tokens}. Set `export SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK={required_per_rank}` or lower the relevant limit (e.g. --max-prefill-tokens) to <= {max_cutedsl_tokens}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            481,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            651,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            649,
        ),
    ],
    title: doc!(
        "FlashInfer A2A with the CuTe DSL runner must hold the largest MoE forward (up to 0.5.21)"
    ),
    explanation: doc!(
        "Up to 0.5.21, with --moe-a2a-backend flashinfer and --moe-runner-backend flashinfer_cutedsl, SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK (default 1024) times ep_size must cover the largest CuTe DSL MoE forward: --max-prefill-tokens (default 16384), the piecewise prefill graph and the decode graph batch. Preflight checks it where --max-prefill-tokens is the largest of them (the CUDA-graph batch sizes at SGLang's defaults)."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer --moe-runner-backend flashinfer_cutedsl with ep_size * the per-rank dispatch tokens below --max-prefill-tokens."
    ),
    solutions: doc_list![
        "Lower --max-prefill-tokens, or raise SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK.",
    ],
    flags: &["max_prefill_tokens", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"dp_size":8,"enable_dp_attention":true,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4"}"#,
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"dp_size":8,"enable_dp_attention":true,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutedsl","quantization":"modelopt_fp4","max_prefill_tokens":8192}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-a2a-backend flashinfer needs chunked prefill
pub static FI_A2A_NEEDS_CHUNKED: RuleInfo = RuleInfo {
    code: "MOE048",
    name: "flashinfer-a2a-needs-chunked-prefill",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "FlashInfer MoE A2A requires chunked prefill: eager prefill dispatches the whole per-rank extend batch through a fixed-size workspace, so --chunked-prefill-size must be > 0.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            680,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            756,
        ),
    ],
    title: doc!("--moe-a2a-backend flashinfer needs chunked prefill"),
    explanation: doc!(
        "The FlashInfer all-to-all workspace has a fixed size, so eager prefill must be chunked (0.5.22+)."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer with --chunked-prefill-size -1 (or 0) outside PD decode."
    ),
    solutions: doc_list!["Remove --chunked-prefill-size (or give a positive value)."],
    flags: &["chunked_prefill_size", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass","chunked_prefill_size":-1}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The FlashInfer all-to-all workspace must hold one rank's largest forward
pub static FI_A2A_BUDGET: RuleInfo = RuleInfo {
    code: "MOE049",
    name: "flashinfer-a2a-token-budget",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "FlashInfer MoE A2A per-rank token budget exceeds its workspace: required={required} tokens per rank (prefill chunk, prefill graph, or decode/verify graph), capacity={capacity}. Set SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK>={required}, or unset it to size from --chunked-prefill-size, or lower --chunked-prefill-size / the CUDA graph max batch sizes.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            691,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            767,
        ),
    ],
    title: doc!("The FlashInfer all-to-all workspace must hold one rank's largest forward"),
    explanation: doc!(
        "SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK, when set, is the per-rank workspace of the FlashInfer all-to-all (unset: sized from the chunked-prefill size, at least 4096); the largest prefill chunk, prefill graph or decode/verify graph of one rank must fit (0.5.22+). Preflight checks it where the per-rank chunk is the largest of them (SGLang's CUDA-graph defaults)."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer with SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK below the per-rank chunked-prefill size."
    ),
    solutions: doc_list![
        "Unset SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK, or lower --chunked-prefill-size.",
    ],
    flags: &["chunked_prefill_size", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass","env":{"SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK":"1024"}}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_cutlass"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DeepEP v2 cannot be the draft model's all-to-all backend
pub static DEEPEP_V2_DRAFT: RuleInfo = RuleInfo {
    code: "MOE050",
    name: "deepep-v2-speculative-draft",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DeepEP v2 MoE is not validated as a speculative draft backend. Select another --speculative-moe-a2a-backend.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            373,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            543,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            541,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            559,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            635,
        ),
    ],
    title: doc!("DeepEP v2 cannot be the draft model's all-to-all backend"),
    explanation: doc!(
        "The draft (MTP/EAGLE) model inherits the target all-to-all backend unless --speculative-moe-a2a-backend is set (NGRAM has no draft model); DeepEP v2 is not validated for it."
    ),
    trigger: doc!(
        "--speculative-moe-a2a-backend deepep_v2, or --moe-a2a-backend deepep_v2 with a draft-model speculative algorithm and no --speculative-moe-a2a-backend."
    ),
    solutions: doc_list!["Set --speculative-moe-a2a-backend to another backend (none, deepep)."],
    flags: &["speculative_moe_a2a_backend", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"speculative_algorithm":"NGRAM","speculative_moe_a2a_backend":"deepep_v2"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"speculative_algorithm":"NGRAM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// An all-to-all MoE backend sets the expert-parallel size to --tp-size
pub static A2A_EP_SIZE: RuleInfo = RuleInfo {
    code: "MOE101",
    name: "a2a-ep-size-equals-tp",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{view.moe_a2a_backend} MoE is enabled. The expert parallel size is adjusted from {view.ep_size} to the tensor parallel size [{view.tp_size}].",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/overrides.py",
            1607,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/overrides.py",
            1660,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/overrides.py",
            1542,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/overrides.py",
            1566,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/overrides.py",
            1614,
        ),
    ],
    title: doc!("An all-to-all MoE backend sets the expert-parallel size to --tp-size"),
    explanation: doc!(
        "Every all-to-all backend (deepep, deepep_v2, flashinfer, flashinfer_megamoe, megamoe, mori, pplx, mooncake, nixl, ascend_fuseep) spans the TP group with expert parallelism: SGLang sets ep_size = tp_size (logged only when it changes)."
    ),
    trigger: doc!("--moe-a2a-backend other than none."),
    flags: &["ep_size", "moe_a2a_backend"],
    ..RuleInfo::BASE
};

/// --quantization mxfp8 replaces an unsupported MoE runner
pub static MXFP8_RUNNER: RuleInfo = RuleInfo {
    code: "MOE102",
    name: "mxfp8-moe-runner-override",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "mxfp8 quantization supports only %s backends. Overriding %r.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/overrides.py",
            1502,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/overrides.py",
            1553,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/overrides.py",
            1438,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/overrides.py",
            1462,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/overrides.py",
            1507,
        ),
    ],
    title: doc!("--quantization mxfp8 replaces an unsupported MoE runner"),
    explanation: doc!(
        "With --quantization mxfp8 the MoE runner is flashinfer_trtllm by default (triton on gfx95; flashinfer_megamoe with that all-to-all); an explicit runner outside the MXFP8 list is overridden with a warning."
    ),
    trigger: doc!("--quantization mxfp8 with --moe-runner-backend outside the MXFP8 choices."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// ModelOpt FP4 on SM120 uses the FlashInfer CUTLASS MoE runner
pub static FP4_SM120_RUNNER: RuleInfo = RuleInfo {
    code: "MOE103",
    name: "modelopt-fp4-sm120-moe-runner",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "Use flashinfer_cutlass as MoE runner backend on SM120 for modelopt_fp4 (trtllm-gen MoE kernels are SM100-only)",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "Use flashinfer_cutlass as MoE runner backend on SM110/SM120 for modelopt_fp4 (trtllm-gen MoE kernels are SM100-only)",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/overrides.py",
            1514,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/overrides.py",
            1565,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/overrides.py",
            1450,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/overrides.py",
            1474,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/overrides.py",
            1519,
        ),
    ],
    title: doc!("ModelOpt FP4 on SM120 uses the FlashInfer CUTLASS MoE runner"),
    explanation: doc!(
        "trtllm-gen MoE kernels are SM100-only, so with --quantization modelopt_fp4 on SM120 (0.5.23 also SM110) the auto MoE runner becomes flashinfer_cutlass."
    ),
    trigger: doc!("--quantization modelopt_fp4 on SM120 with --moe-runner-backend auto."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// DeepEP with the CuTe DSL runner uses low-latency dispatch
pub static DEEPEP_CUTEDSL_LL: RuleInfo = RuleInfo {
    code: "MOE104",
    name: "deepep-cutedsl-low-latency",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Forcing --deepep-mode low_latency: flashinfer_cutedsl FP4 MoE has no DeepEP normal-dispatch handler, so deepep auto mode would crash during prefill. low_latency covers both prefill and decode.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            152,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            296,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            301,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            306,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            370,
        ),
    ],
    title: doc!("DeepEP with the CuTe DSL runner uses low-latency dispatch"),
    explanation: doc!(
        "flashinfer_cutedsl FP4 MoE has no DeepEP normal-dispatch handler, so --deepep-mode auto becomes low_latency."
    ),
    trigger: doc!(
        "--moe-a2a-backend deepep --moe-runner-backend flashinfer_cutedsl with --deepep-mode auto."
    ),
    flags: &["deepep_mode"],
    ..RuleInfo::BASE
};

/// DeepEP normal mode disables CUDA graphs
pub static DEEPEP_NORMAL_GRAPH: RuleInfo = RuleInfo {
    code: "MOE105",
    name: "deepep-normal-disables-cuda-graph",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Cuda graph is disabled because deepep_mode=`normal`",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            166,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            310,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            315,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            320,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            384,
        ),
    ],
    title: doc!("DeepEP normal mode disables CUDA graphs"),
    explanation: doc!(
        "DeepEP normal dispatch is not graph-capturable: SGLang disables the decode and prefill CUDA graphs."
    ),
    trigger: doc!("--moe-a2a-backend deepep --deepep-mode normal."),
    flags: &["deepep_mode"],
    ..RuleInfo::BASE
};

/// MoRI sets --deepep-mode normal
pub static MORI_NORMAL: RuleInfo = RuleInfo {
    code: "MOE106",
    name: "mori-deepep-mode-normal",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "auto set deepep_mode=`normal` for MORI EP",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            299,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            469,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            467,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            475,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            551,
        ),
    ],
    title: doc!("MoRI sets --deepep-mode normal"),
    explanation: doc!("With --moe-a2a-backend mori, --deepep-mode auto becomes normal."),
    trigger: doc!("--moe-a2a-backend mori with --deepep-mode auto."),
    flags: &["deepep_mode"],
    ..RuleInfo::BASE
};

/// pplx sets --deepep-mode low_latency
pub static PPLX_LOW_LATENCY: RuleInfo = RuleInfo {
    code: "MOE107",
    name: "pplx-deepep-mode-low-latency",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "auto set deepep_mode=`low_latency` for PPLX EP",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            325,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            495,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            493,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            511,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            587,
        ),
    ],
    title: doc!("pplx sets --deepep-mode low_latency"),
    explanation: doc!("With --moe-a2a-backend pplx, --deepep-mode auto becomes low_latency."),
    trigger: doc!("--moe-a2a-backend pplx with --deepep-mode auto."),
    flags: &["deepep_mode"],
    ..RuleInfo::BASE
};

/// pplx sets --moe-runner-backend deep_gemm
pub static PPLX_DEEP_GEMM: RuleInfo = RuleInfo {
    code: "MOE108",
    name: "pplx-moe-runner-deep-gemm",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "auto set moe_runner_backend=`deep_gemm` for PPLX EP",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            347,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            517,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            515,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            533,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            609,
        ),
    ],
    title: doc!("pplx sets --moe-runner-backend deep_gemm"),
    explanation: doc!("With --moe-a2a-backend pplx, --moe-runner-backend auto becomes deep_gemm."),
    trigger: doc!("--moe-a2a-backend pplx with --moe-runner-backend auto."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// DeepEP v2 sets --moe-runner-backend deep_gemm
pub static DEEPEP_V2_DEEP_GEMM: RuleInfo = RuleInfo {
    code: "MOE109",
    name: "deepep-v2-moe-runner-deep-gemm",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DeepEP v2 MoE: resolved --moe-runner-backend auto -> deep_gemm.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/moe_hook.py",
            199,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            343,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            341,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            346,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            410,
        ),
    ],
    title: doc!("DeepEP v2 sets --moe-runner-backend deep_gemm"),
    explanation: doc!(
        "With --moe-a2a-backend deepep_v2, --moe-runner-backend auto becomes deep_gemm."
    ),
    trigger: doc!("--moe-a2a-backend deepep_v2 with --moe-runner-backend auto."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// FlashInfer A2A with flashinfer_trtllm uses the routed runner
pub static FI_A2A_ROUTED: RuleInfo = RuleInfo {
    code: "MOE110",
    name: "flashinfer-a2a-trtllm-routed",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "Flashinfer MoE A2A is enabled with flashinfer_trtllm. Using flashinfer_trtllm_routed because A2A dispatch provides top-k ids and weights.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/moe_hook.py",
            437,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/moe_hook.py",
            435,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/moe_hook.py",
            442,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/moe_hook.py",
            518,
        ),
    ],
    title: doc!("FlashInfer A2A with flashinfer_trtllm uses the routed runner"),
    explanation: doc!(
        "With --moe-a2a-backend flashinfer and an explicit --flashinfer-a2a-dispatch-type, flashinfer_trtllm becomes flashinfer_trtllm_routed (the dispatch provides top-k ids and weights; 0.5.20+)."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer --moe-runner-backend flashinfer_trtllm with --flashinfer-a2a-dispatch-type."
    ),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// --moe-runner-backend megamoe is --moe-a2a-backend megamoe
pub static MEGAMOE_ALIAS: RuleInfo = RuleInfo {
    code: "MOE111",
    name: "megamoe-runner-alias",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--moe-runner-backend megamoe is an alias for --moe-a2a-backend megamoe; overriding --moe-a2a-backend %s.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/mega_moe_hook.py",
            27,
        ),
        (
            VersionRange::between(SglangVersion::V0_5_21, SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mega_moe_hook.py",
            205,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/mega_moe_hook.py",
            265,
        ),
    ],
    title: doc!("--moe-runner-backend megamoe is --moe-a2a-backend megamoe"),
    explanation: doc!(
        "--moe-runner-backend megamoe is an alias: SGLang sets --moe-a2a-backend megamoe and the runner back to auto, overriding another all-to-all backend with a warning."
    ),
    trigger: doc!(
        "--moe-runner-backend megamoe with --moe-a2a-backend other than none and megamoe."
    ),
    flags: &["moe_a2a_backend", "moe_runner_backend"],
    ..RuleInfo::BASE
};

/// Qwen3 MoE models use the FlashInfer TRT-LLM MoE runner on SM100
pub static QWEN3_MOE_TRTLLM: RuleInfo = RuleInfo {
    code: "MOE112",
    name: "qwen3-moe-sm100-trtllm-runner",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Use flashinfer_trtllm as MoE runner backend on sm100 for {hf_config.architectures[0]}",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_overrides/qwen3_moe.py",
            46,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/model_overrides/qwen3_moe.py",
            90,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_overrides/qwen3_moe.py",
            87,
        ),
    ],
    title: doc!("Qwen3 MoE models use the FlashInfer TRT-LLM MoE runner on SM100"),
    explanation: doc!(
        "On SM100, for BF16, FP8 and ModelOpt FP4 (0.5.20+: also mixed) Qwen3-family MoE models without an all-to-all backend, the auto MoE runner becomes flashinfer_trtllm."
    ),
    trigger: doc!("--moe-runner-backend auto and --moe-a2a-backend none on SM100."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// GLM-4 MoE uses the FlashInfer TRT-LLM MoE runner on SM100
pub static GLM4_MOE_TRTLLM: RuleInfo = RuleInfo {
    code: "MOE113",
    name: "glm4-moe-sm100-trtllm-runner",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Use flashinfer_trtllm as MoE runner backend on sm100 for Glm4MoeForCausalLM",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/model_overrides/glm4_moe.py",
            43,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_overrides/glm4_moe.py",
            40,
        ),
    ],
    title: doc!("GLM-4 MoE uses the FlashInfer TRT-LLM MoE runner on SM100"),
    explanation: doc!(
        "On SM100, for BF16 and ModelOpt FP4 GLM-4 MoE without an all-to-all backend, the auto MoE runner becomes flashinfer_trtllm."
    ),
    trigger: doc!("--moe-runner-backend auto and --moe-a2a-backend none on SM100."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// DeepSeek models use the FlashInfer TRT-LLM MoE runner on SM100
pub static DEEPSEEK_TRTLLM: RuleInfo = RuleInfo {
    code: "MOE114",
    name: "deepseek-sm100-trtllm-runner",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Use flashinfer_trtllm as MoE runner backend on sm100 for DeepseekV3ForCausalLM",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/overrides.py",
            841,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/overrides.py",
            885,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/overrides.py",
            786,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/overrides.py",
            805,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/overrides.py",
            829,
        ),
    ],
    title: doc!("DeepSeek models use the FlashInfer TRT-LLM MoE runner on SM100"),
    explanation: doc!(
        "On SM100, for BF16, FP8 and ModelOpt DeepSeek-family checkpoints without an all-to-all backend, the auto MoE runner becomes flashinfer_trtllm."
    ),
    trigger: doc!("--moe-runner-backend auto and --moe-a2a-backend none on SM100."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// GPT-OSS MXFP4 uses the FlashInfer MXFP4 MoE runner on SM100
pub static GPT_OSS_MXFP4: RuleInfo = RuleInfo {
    code: "MOE115",
    name: "gpt-oss-sm100-mxfp4-runner",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Detected SM100 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer MXFP4 MOE kernel.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py",
            73,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py",
            72,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py",
            67,
        ),
    ],
    title: doc!("GPT-OSS MXFP4 uses the FlashInfer MXFP4 MoE runner on SM100"),
    explanation: doc!(
        "For an MXFP4 GPT-OSS checkpoint on SM100 the auto MoE runner becomes flashinfer_mxfp4."
    ),
    trigger: doc!("--moe-runner-backend auto, an MXFP4 checkpoint, SM100."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// GPT-OSS MXFP4 uses the FlashInfer CUTLASS MXFP4 MoE runner on SM120
pub static GPT_OSS_MXFP4_SM120: RuleInfo = RuleInfo {
    code: "MOE116",
    name: "gpt-oss-sm120-mxfp4-runner",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Detected SM120 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer CUTLASS MXFP4 MOE kernel.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py",
            78,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py",
            77,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py",
            72,
        ),
    ],
    title: doc!("GPT-OSS MXFP4 uses the FlashInfer CUTLASS MXFP4 MoE runner on SM120"),
    explanation: doc!(
        "For an MXFP4 GPT-OSS checkpoint on SM120 the auto MoE runner becomes flashinfer_mxfp4."
    ),
    trigger: doc!("--moe-runner-backend auto, an MXFP4 checkpoint, SM120."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// GPT-OSS uses the triton_kernels MoE runner
pub static GPT_OSS_TRITON_KERNEL: RuleInfo = RuleInfo {
    code: "MOE117",
    name: "gpt-oss-triton-kernel-runner",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py",
            124,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py",
            123,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py",
            118,
        ),
    ],
    title: doc!("GPT-OSS uses the triton_kernels MoE runner"),
    explanation: doc!(
        "For GPT-OSS without --quantization and without expert parallelism, where the triton_kernels package is installed, the auto MoE runner becomes triton_kernel."
    ),
    trigger: doc!("--moe-runner-backend auto, --ep-size 1, no --quantization."),
    flags: &["moe_runner_backend"],
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &FI_CUTLASS_QUANT,
    &FI_CUTLASS_EP,
    &FI_CUTEDSL_QUANT,
    &FI_CUTEDSL_EP,
    &FI_CUTEDSL_A2A,
    &FI_CUTEDSL_PER_TOKEN,
    &FI_TRTLLM_QUANT,
    &FI_TRTLLM_ROUTED_QUANT,
    &CUTLASS_FP8_EP,
    &NVFP4_ONLINE_RUNNER,
    &DISPATCH_NEEDS_FI,
    &FI_A2A_TOPOLOGY,
    &FI_A2A_RUNNER,
    &DEEPEP_CUTEDSL_NORMAL,
    &PPLX_NORMAL,
    &PPLX_DP,
    &PPLX_RUNNER,
    &PPLX_BUDGET,
    &MORI_BUDGET,
    &DEEPEP_V2_ARCH,
    &DEEPEP_V2_DETERMINISTIC,
    &DEEPEP_V2_RUNNER,
    &DEEPEP_V2_OVERLAP,
    &DEEPEP_V2_FUSION,
    &DEEPEP_V2_DIRECT_NODES,
    &FI_MEGAMOE_ARCH,
    &FI_MEGAMOE_QUANT,
    &FI_MEGAMOE_TOPOLOGY,
    &FI_MEGAMOE_RUNNER,
    &FI_MEGAMOE_SM100,
    &MEGAMOE_OVERLAP,
    &MEGAMOE_PLATFORM,
    &DISPATCH_ENV,
    &DISPATCH_MXFP8_QUANT,
    &DISPATCH_MXFP8_RUNNER,
    &DISPATCH_NVFP4,
    &MEGAMOE_COMBINE_DTYPE,
    &MEGAMOE_FC2_REDUCE,
    &CUTEDSL_W4A16_NVFP4_DISPATCH,
    &CUTEDSL_W4A16_DISPATCH_TYPE,
    &MEGAMOE_W4A16_COMBINE,
    &DEEPEP_V2_PREFILL_BUDGET,
    &MEGAMOE_NEEDS_CHUNKED_PREFILL,
    &MEGAMOE_LOCAL_CHUNK,
    &MEGAMOE_PREFILL_BUDGET,
    &CUTEDSL_A2A_BUDGET,
    &FI_A2A_NEEDS_CHUNKED,
    &FI_A2A_BUDGET,
    &DEEPEP_V2_DRAFT,
    &A2A_EP_SIZE,
    &MXFP8_RUNNER,
    &FP4_SM120_RUNNER,
    &DEEPEP_CUTEDSL_LL,
    &DEEPEP_NORMAL_GRAPH,
    &MORI_NORMAL,
    &PPLX_LOW_LATENCY,
    &PPLX_DEEP_GEMM,
    &DEEPEP_V2_DEEP_GEMM,
    &FI_A2A_ROUTED,
    &MEGAMOE_ALIAS,
    &QWEN3_MOE_TRTLLM,
    &GLM4_MOE_TRTLLM,
    &DEEPSEEK_TRTLLM,
    &GPT_OSS_MXFP4,
    &GPT_OSS_MXFP4_SM120,
    &GPT_OSS_TRITON_KERNEL,
];

/// The checks of the MoE hooks Preflight does not model, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[Unmodelled {
    file: "python/sglang/srt/arg_groups/moe_hook.py",
    function: "validate_deepep_v2_model_architecture",
    message: "instance connector",
    reason: "Reached only for instance-connector model paths (instance://), which Preflight does not model.",
}];
