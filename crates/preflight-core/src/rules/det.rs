//! Deterministic inference (`--enable-deterministic-inference`;
//! `arg_groups/attention_hook.py::handle_deterministic_inference`, `arg_groups/overrides.py`).

use super::RuleInfo;
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";
const HOOK: &str = "python/sglang/srt/arg_groups/attention_hook.py";

/// Default backend for deterministic inference.
pub static DEFAULT: RuleInfo = RuleInfo {
    code: "DET100",
    name: "deterministic-attention-default",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Attention backend not specified. Falling back to '{backend}' for deterministic inference. You can explicitly set --attention-backend to one of ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', 'triton'].",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1096),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1142),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1034),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1053),
        (VersionRange::V23, OVERRIDES, 1112),
    ],
    title: doc!("Deterministic inference picks its own attention backend"),
    explanation: doc!(
        "With --enable-deterministic-inference and no --attention-backend, SGLang uses flashinfer (triton for DeepSeek-like MLA models) on SM100/SM120, and fa3 everywhere else — including Ampere/Ada, Jetson Thor and AMD, where fa3 may then be refused for MLA models."
    ),
    trigger: doc!("--enable-deterministic-inference and --attention-backend unset."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// Explicit backend not deterministic.
pub static CHOICES: RuleInfo = RuleInfo {
    code: "DET001",
    name: "deterministic-attention-backends",
    messages: &[(
        VersionRange::ALL,
        "Currently only ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', 'triton'] attention backends are supported for deterministic inference, but you explicitly specified '{attention_backend}'.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1103),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1149),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1041),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1060),
        (VersionRange::V23, OVERRIDES, 1119),
    ],
    title: doc!("Deterministic inference supports only some attention backends"),
    explanation: doc!(
        "Batch-invariant attention exists only for ascend, fa3, fa4, flashinfer, intel_xpu and triton. Note that SGLang's own per-model defaults count as 'explicitly specified': DSA models (dsa), DeepSeek-V4 (dsv4), DeepSeek-V3 on SM100 (trtllm_mla) and gpt-oss on SM100 (trtllm_mha) all fail this check unless you set a supported backend."
    ),
    trigger: doc!(
        "--enable-deterministic-inference and an attention backend (yours or a model default) outside the list."
    ),
    solutions: doc_list![
        "Set --attention-backend to triton, fa3 (Hopper), fa4 or flashinfer.",
        "Turn deterministic inference off.",
    ],
    flags: &["attention_backend", "enable_deterministic_inference"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_deterministic_inference":true,"attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_deterministic_inference":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Absorbed-MLA models: radix-capable backends only.
pub static MLA: RuleInfo = RuleInfo {
    code: "DET002",
    name: "deterministic-mla-backends",
    messages: &[(
        VersionRange::ALL,
        "Currently only ['ascend', 'fa3', 'fa4', 'triton'] attention backends are supported for deterministic inference with absorbed-MLA models. But you're using {attention_backend}.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 579),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 559),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 556),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 644),
        (VersionRange::V23, HOOK, 645),
    ],
    title: doc!("Deterministic DeepSeek-like models need ascend, fa3, fa4 or triton"),
    explanation: doc!(
        "For DeepSeek-V2/V3/V3.2, GLM-5, GLM-4.7-Flash, Mistral Large 3 and Pixtral, deterministic inference works only with backends that run absorbed MLA batch-invariantly."
    ),
    trigger: doc!(
        "--enable-deterministic-inference, a DeepSeek-like model and a backend outside {ascend, fa3, fa4, triton}."
    ),
    solutions: doc_list!["Use --attention-backend triton (or fa3 on Hopper)."],
    flags: &["attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","enable_deterministic_inference":true,"attention_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","enable_deterministic_inference":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// fa4 + absorbed MLA needs SM100/SM110.
pub static FA4_MLA: RuleInfo = RuleInfo {
    code: "DET003",
    name: "deterministic-fa4-mla-sm100",
    messages: &[(
        VersionRange::ALL,
        "Deterministic inference with absorbed-MLA models on the fa4 attention backend requires SM100/SM110: it runs absorbed MLA, whose qv argument flash_attn.cute only implements on those archs.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 583),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 563),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 560),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 648),
        (VersionRange::V23, HOOK, 649),
    ],
    title: doc!("Deterministic fa4 for MLA models needs SM100/SM110"),
    explanation: doc!(
        "fa4 runs absorbed MLA through a qv argument that flash_attn.cute implements only on SM100/SM110."
    ),
    trigger: doc!(
        "--enable-deterministic-inference, DeepSeek-like model, fa4, GPU not SM100/SM110."
    ),
    solutions: doc_list!["Use --attention-backend triton."],
    flags: &["attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"DeepseekV3ForCausalLM","enable_deterministic_inference":true,"attention_backend":"fa4"}"#,
        r#"{"gpu":"RTX 5090","arch":"DeepseekV3ForCausalLM","enable_deterministic_inference":true,"attention_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Radix cache disabled.
pub static RADIX: RuleInfo = RuleInfo {
    code: "DET101",
    name: "deterministic-radix-cache-disabled",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Currently radix cache is not compatible with {attention_backend} attention backend for deterministic inference. It will be supported in the future.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 597),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 577),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 574),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 662),
        (VersionRange::V23, HOOK, 663),
    ],
    title: doc!("Deterministic inference turns the radix cache off for this backend"),
    explanation: doc!(
        "Only ascend, fa3, fa4 and triton keep prefix caching in deterministic mode; with flashinfer or intel_xpu SGLang disables the radix cache."
    ),
    trigger: doc!(
        "--enable-deterministic-inference and an attention backend outside {ascend, fa3, fa4, triton}."
    ),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// rl_on_policy_target enables deterministic inference.
pub static RL_ON_POLICY: RuleInfo = RuleInfo {
    code: "DET102",
    name: "rl-on-policy-deterministic",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Enable deterministic inference because of rl_on_policy_target.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 522),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 501),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 498),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 586),
        (VersionRange::V23, HOOK, 587),
    ],
    title: doc!("--rl-on-policy-target turns deterministic inference on"),
    explanation: doc!(
        "RL on-policy serving needs batch-invariant outputs, so SGLang enables deterministic inference with all its backend restrictions."
    ),
    trigger: doc!("--rl-on-policy-target set."),
    flags: &["enable_deterministic_inference"],
    ..RuleInfo::BASE
};

/// ROCm deterministic TP above two ranks needs the custom all-reduce.
pub static ROCM_RCCL: RuleInfo = RuleInfo {
    code: "DET004",
    name: "deterministic-rocm-custom-all-reduce",
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "--disable-custom-all-reduce cannot be combined with --enable-deterministic-inference on ROCm when --tp-size is above 2: the all-reduce would run through RCCL, which is not batch-invariant.",
    )],
    sources: &[(VersionRange::V23, OVERRIDES, 1084)],
    title: doc!("Deterministic inference on ROCm above tp 2 needs the custom all-reduce"),
    explanation: doc!(
        "On AMD GPUs deterministic tensor parallelism relies on the one-stage custom all-reduce kernel, which reduces in a fixed order. With it disabled and more than two ranks, the all-reduce runs through RCCL, whose results change with the batch."
    ),
    trigger: doc!(
        "AMD GPU, --enable-deterministic-inference (or --rl-on-policy-target), --tp-size above 2 and --disable-custom-all-reduce."
    ),
    solutions: doc_list![
        "Drop --disable-custom-all-reduce.",
        "Use --tp-size 2 or less.",
    ],
    flags: &["disable_custom_all_reduce", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","enable_deterministic_inference":true,"attention_backend":"triton","tp_size":4,"disable_custom_all_reduce":true}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","enable_deterministic_inference":true,"attention_backend":"triton","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &DEFAULT,
    &CHOICES,
    &MLA,
    &FA4_MLA,
    &RADIX,
    &RL_ON_POLICY,
    &ROCM_RCCL,
];
