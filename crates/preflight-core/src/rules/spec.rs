//! Speculative decoding (`arg_groups/speculative_hook.py`).

use super::RuleInfo;
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/speculative_hook.py";

/// trtllm_mha supports topk 1 only.
pub static TRTLLM_MHA_TOPK: RuleInfo = RuleInfo {
    code: "SPEC001",
    name: "trtllm-mha-spec-topk",
    messages: &[(
        VersionRange::ALL,
        "trtllm_mha backend only supports topk = 1 for speculative decoding.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 919),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 1065),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 1087),
        (VersionRange::V23, HOOK, 1178),
    ],
    title: doc!("trtllm_mha supports only speculative top-k 1"),
    explanation: doc!(
        "TRT-LLM MHA verifies chain drafts only. Note that SGLang auto-picks top-k 4 for Llama with EAGLE when you give no speculative parameters."
    ),
    trigger: doc!(
        "EAGLE-family speculative decoding, trtllm_mha on prefill or decode, and --speculative-eagle-topk (given or auto-chosen) > 1."
    ),
    solutions: doc_list![
        "Set --speculative-eagle-topk 1 (with --speculative-num-steps and --speculative-num-draft-tokens).",
        "Use another backend (fa3, flashinfer, triton).",
    ],
    flags: &[
        "speculative_eagle_topk",
        "speculative_num_steps",
        "speculative_num_draft_tokens",
        "attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha","speculative_algorithm":"EAGLE"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha","speculative_algorithm":"EAGLE","speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// Tree drafts with paged KV need flashinfer/fa3/triton.
pub static PAGE_TREE: RuleInfo = RuleInfo {
    code: "SPEC002",
    name: "spec-topk-page-size",
    messages: &[(
        VersionRange::ALL,
        "speculative_eagle_topk > 1 with page_size > 1 is only supported on ('flashinfer', 'fa3', 'triton'); got attention_backend={attention_backend!r}. Use page_size == 1 or one of those backends.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 992),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 1166),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 1188),
        (VersionRange::V23, HOOK, 1278),
    ],
    title: doc!("Tree drafts (top-k > 1) with paged KV need flashinfer, fa3 or triton"),
    explanation: doc!(
        "With page size > 1 only flashinfer, fa3 and triton verify tree drafts. Backends that force a page size (flashmla 64, trtllm_mla 64, fa4 128, DSA 64) therefore fail whenever top-k > 1."
    ),
    trigger: doc!(
        "EAGLE with top-k > 1, resolved page size > 1, and an attention backend outside (flashinfer, fa3, triton)."
    ),
    solutions: doc_list![
        "Use --speculative-eagle-topk 1.",
        "Use flashinfer, fa3 or triton with page size 1.",
    ],
    flags: &[
        "speculative_eagle_topk",
        "speculative_num_steps",
        "speculative_num_draft_tokens",
        "page_size",
        "attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"flashmla","speculative_algorithm":"EAGLE","speculative_num_steps":3,"speculative_eagle_topk":2,"speculative_num_draft_tokens":4}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"flashmla","speculative_algorithm":"EAGLE","speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// NGRAM tree with paged KV needs flashinfer.
pub static NGRAM_PAGE: RuleInfo = RuleInfo {
    code: "SPEC003",
    name: "ngram-page-size",
    messages: &[(
        VersionRange::ALL,
        "speculative_eagle_topk({topk}) > 1 with page_size({page_size}) > 1 is unstable and produces incorrect results for paged attention backends. This combination is only supported for the 'flashinfer' backend.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 1075),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 1249),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 1271),
        (VersionRange::V23, HOOK, 1361),
    ],
    title: doc!("NGRAM speculation with paged KV needs flashinfer"),
    explanation: doc!(
        "NGRAM drafts a tree (breadth = --speculative-ngram-max-bfs-breadth, default 10); with page size > 1 only flashinfer verifies it correctly."
    ),
    trigger: doc!(
        "NGRAM, breadth > 1, page size > 1, and an attention backend other than flashinfer."
    ),
    solutions: doc_list!["Use --attention-backend flashinfer, or a backend with page size 1."],
    flags: &["attention_backend", "page_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha","speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Flex attention + spec.
pub static FLEX: RuleInfo = RuleInfo {
    code: "SPEC004",
    name: "flex-attention-no-spec",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "Speculative decoding is currently not supported with Flex Attention backend",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/attention_hook.py",
            92,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/attention_hook.py",
            92,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/attention_hook.py",
            160,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/arg_groups/attention_hook.py",
            161,
        ),
    ],
    title: doc!("flex_attention cannot run speculative decoding"),
    explanation: doc!("The Flex Attention backend has no draft/verify path."),
    trigger: doc!("--attention-backend flex_attention with --speculative-algorithm."),
    solutions: doc_list!["Use triton, fa3 or flashinfer."],
    flags: &["attention_backend", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"flex_attention","speculative_algorithm":"EAGLE"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"fa3","speculative_algorithm":"EAGLE"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unknown algorithm.
pub static UNKNOWN_ALGORITHM: RuleInfo = RuleInfo {
    code: "SPEC005",
    name: "unknown-speculative-algorithm",
    messages: &[(
        VersionRange::ALL,
        "Unknown speculative algorithm name: {name}",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/speculative/spec_info.py",
        60,
    )],
    title: doc!("Unknown speculative algorithm"),
    explanation: doc!(
        "--speculative-algorithm is free text; SGLang upper-cases it and looks it up among EAGLE, EAGLE3, NEXTN, STANDALONE, NGRAM, DFLASH, DSPARK and UNO."
    ),
    trigger: doc!("An unknown --speculative-algorithm."),
    solutions: doc_list!["Use EAGLE (or NEXTN for MTP models), EAGLE3, STANDALONE or NGRAM."],
    flags: &["speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"MEDUSA"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Partial spec params: bare assert.
pub static PARTIAL_PARAMS: RuleInfo = RuleInfo {
    code: "SPEC006",
    name: "speculative-params-partial",
    exception: Some("AssertionError"),
    messages: &[(VersionRange::ALL, "")],
    sources: &[(VersionRange::V23, HOOK, 1160)],
    title: doc!("Give --speculative-num-steps when giving top-k or draft tokens"),
    explanation: doc!(
        "If --speculative-num-steps is not given, SGLang picks all three speculative parameters itself and asserts (with an empty message) that neither --speculative-eagle-topk nor --speculative-num-draft-tokens was given."
    ),
    trigger: doc!(
        "EAGLE-family speculation with --speculative-eagle-topk or --speculative-num-draft-tokens but no --speculative-num-steps."
    ),
    solutions: doc_list![
        "Give all three of --speculative-num-steps, --speculative-eagle-topk, --speculative-num-draft-tokens, or none.",
    ],
    flags: &[
        "speculative_num_steps",
        "speculative_eagle_topk",
        "speculative_num_draft_tokens",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_eagle_topk":1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Auto-chosen params (info).
pub static AUTO_PARAMS: RuleInfo = RuleInfo {
    code: "SPEC100",
    name: "speculative-params-auto",
    severity: Severity::Info,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "speculative_num_steps={steps}, speculative_eagle_topk={topk}, speculative_num_draft_tokens={draft} (chosen by SGLang for {arch})",
    )],
    sources: &[(VersionRange::V23, HOOK, 1430)],
    title: doc!("SGLang picks the speculative parameters"),
    explanation: doc!(
        "Without --speculative-num-steps SGLang chooses (steps, top-k, draft tokens): (5, 4, 8) for Llama and Grok, (3, 1, 4) otherwise. (SGLang logs nothing; the message is Preflight's.)"
    ),
    trigger: doc!("EAGLE-family speculation without --speculative-num-steps."),
    flags: &[
        "speculative_num_steps",
        "speculative_eagle_topk",
        "speculative_num_draft_tokens",
    ],
    ..RuleInfo::BASE
};

/// draft tokens adjusted.
pub static DRAFT_ADJUST: RuleInfo = RuleInfo {
    code: "SPEC101",
    name: "speculative-draft-tokens-adjusted",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "speculative_num_draft_tokens is adjusted to speculative_num_steps + 1 when speculative_eagle_topk == 1",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 973),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 1147),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 1169),
        (VersionRange::V23, HOOK, 1259),
    ],
    title: doc!("Chain drafts verify steps + 1 tokens"),
    explanation: doc!(
        "With top-k 1 the draft is a chain, so SGLang sets --speculative-num-draft-tokens to steps + 1."
    ),
    trigger: doc!("top-k 1 and draft tokens ≠ steps + 1."),
    flags: &["speculative_num_draft_tokens"],
    ..RuleInfo::BASE
};

/// max running requests 48.
pub static MAX_RUNNING: RuleInfo = RuleInfo {
    code: "SPEC102",
    name: "speculative-max-running-requests",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Max running requests is reset to 48 for speculative decoding. You can override this by explicitly setting --max-running-requests.",
    )],
    sources: &[(VersionRange::V23, HOOK, 1092)],
    title: doc!("Speculative decoding caps concurrency at 48 requests"),
    explanation: doc!(
        "Unless --max-running-requests is given, speculative decoding limits the batch to 48 running requests."
    ),
    trigger: doc!("Speculative decoding without --max-running-requests."),
    flags: &[],
    ..RuleInfo::BASE
};

/// EAGLE draft backend map.
pub static EAGLE_BACKEND: RuleInfo = RuleInfo {
    code: "SPEC007",
    name: "eagle-draft-backend",
    stage: crate::report::Stage::Construction,
    severity: Severity::Warning,
    messages: &[(
        VersionRange::ALL,
        "EAGLE is not supported in {kind}attention backend {backend_type}",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/speculative/draft_utils.py",
        115,
    )],
    title: doc!("The EAGLE draft worker cannot run this attention backend"),
    explanation: doc!(
        "EAGLE-family drafts run on flashinfer, triton, fa3, fa4, flashmla, trtllm_mha, trtllm_mla, cutedsl_mla, dsa, dsv4, aiter (and ascend/intel_*); torch_native, flex_attention, wave, hpc_ops and the MiniCPM/LLaDA2 backends have no draft path. The target model starts, then the draft worker raises this ValueError when it is built, so the launch fails after the weights load. Shown as a warning because it comes after the checks Preflight verifies against SGLang's launch path."
    ),
    trigger: doc!(
        "EAGLE/EAGLE3/STANDALONE with a decode backend (multi-step drafts) or prefill backend (draft extend) outside the draft map."
    ),
    solutions: doc_list!["Use triton, fa3 or flashinfer."],
    flags: &[
        "attention_backend",
        "decode_attention_backend",
        "prefill_attention_backend",
        "speculative_algorithm",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","attention_backend":"torch_native","speculative_algorithm":"EAGLE"}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","attention_backend":"triton","speculative_algorithm":"EAGLE"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &TRTLLM_MHA_TOPK,
    &PAGE_TREE,
    &NGRAM_PAGE,
    &FLEX,
    &UNKNOWN_ALGORITHM,
    &PARTIAL_PARAMS,
    &AUTO_PARAMS,
    &DRAFT_ADJUST,
    &MAX_RUNNING,
    &EAGLE_BACKEND,
];
