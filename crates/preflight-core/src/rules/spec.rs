//! Speculative decoding (`arg_groups/speculative_hook.py`).

use super::{RuleInfo, Unmodelled};
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
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 741),
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
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 814),
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
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 897),
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
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/attention_hook.py",
            94,
        ),
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
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/speculative/spec_info.py",
            62,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/speculative/spec_info.py",
            66,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/speculative/spec_info.py",
            65,
        ),
    ],
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
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 723),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 901),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 1047),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 1069),
        (VersionRange::V23, HOOK, 1160),
    ],
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
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 795),
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
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 659),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 834),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 979),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 1001),
        (VersionRange::V23, HOOK, 1092),
    ],
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
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/speculative/draft_utils.py",
            107,
        ),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            "python/sglang/srt/speculative/draft_utils.py",
            116,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/speculative/draft_utils.py",
            115,
        ),
    ],
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

/// The PD decode radix cache works only with EAGLE, EAGLE3 or DSPARK speculation.
pub static DISAGG_DECODE_RADIX: RuleInfo = RuleInfo {
    code: "SPEC008",
    name: "disagg-decode-radix-spec",
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--disaggregation-decode-enable-radix-cache is incompatible with speculative decoding (--speculative-algorithm {cfg.speculative_algorithm})",
    )],
    sources: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "python/sglang/srt/arg_groups/speculative_hook.py",
        169,
    )],
    title: doc!("The PD decode radix cache works only with EAGLE, EAGLE3 or DSPARK speculation"),
    explanation: doc!(
        "On a PD decode server, --disaggregation-decode-enable-radix-cache is refused with any speculative algorithm other than EAGLE (NEXTN), EAGLE3 and DSPARK."
    ),
    trigger: doc!(
        "--disaggregation-mode decode, --disaggregation-decode-enable-radix-cache and --speculative-algorithm STANDALONE, NGRAM, DFLASH or UNO."
    ),
    solutions: doc_list![
        "Use EAGLE, EAGLE3 or DSPARK.",
        "Remove --disaggregation-decode-enable-radix-cache.",
    ],
    flags: &[
        "speculative_algorithm",
        "disaggregation_decode_enable_radix_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_enable_radix_cache":true,"speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","speculative_algorithm":"NGRAM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Block verification needs EAGLE, EAGLE3, DFLASH or DSPARK.
pub static BLOCK_VERIFY_ALGO: RuleInfo = RuleInfo {
    code: "SPEC009",
    name: "block-verification-algorithm",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--speculative-use-block-verification only supports EAGLE / EAGLE3 / NEXTN / DFLASH / DSPARK.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            163,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            177,
        ),
    ],
    title: doc!("Block verification needs EAGLE, EAGLE3, DFLASH or DSPARK"),
    explanation: doc!(
        "--speculative-use-block-verification is checked before anything else of speculative decoding, also when no speculative algorithm is given: only EAGLE (NEXTN), EAGLE3, DFLASH and DSPARK verify in blocks."
    ),
    trigger: doc!(
        "--speculative-use-block-verification with no speculative algorithm, or with STANDALONE, NGRAM or UNO."
    ),
    solutions: doc_list![
        "Remove --speculative-use-block-verification.",
        "Use --speculative-algorithm EAGLE.",
    ],
    flags: &[
        "speculative_use_block_verification",
        "speculative_algorithm",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_use_block_verification":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --speculative-draft-window-size must be positive.
pub static WINDOW_POSITIVE: RuleInfo = RuleInfo {
    code: "SPEC010",
    name: "draft-window-size-positive",
    messages: &[(
        VersionRange::ALL,
        "--speculative-draft-window-size must be positive, got {window_size}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            136,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            137,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            169,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            191,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            205,
        ),
    ],
    title: doc!("--speculative-draft-window-size must be positive"),
    explanation: doc!(
        "The draft attention window is checked whenever it is given (with or without a speculative algorithm) and must be at least 1."
    ),
    trigger: doc!("--speculative-draft-window-size 0 or negative."),
    solutions: doc_list!["Remove --speculative-draft-window-size, or give a positive window."],
    flags: &["speculative_draft_window_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE3","speculative_draft_model_path":"org/draft","speculative_draft_window_size":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE3","speculative_draft_model_path":"org/draft"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --speculative-draft-window-size has no effect with this algorithm.
pub static WINDOW_NO_EFFECT: RuleInfo = RuleInfo {
    code: "SPEC103",
    name: "draft-window-size-no-effect",
    severity: Severity::Warning,
    exception: None,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "--speculative-draft-window-size has no effect with speculative_algorithm={cfg.speculative_algorithm} (honored by Llama EAGLE-3 and DFLASH only).",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "--speculative-draft-window-size has no effect with speculative_algorithm={cfg.speculative_algorithm} (honored by DFLASH, Llama EAGLE-3, and the EAGLE/MTP/NEXTN draft-decode path on the Triton/FlashInfer draft backends).",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            145,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            146,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            178,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            200,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            214,
        ),
    ],
    title: doc!("--speculative-draft-window-size has no effect with this algorithm"),
    explanation: doc!(
        "Only DFLASH, EAGLE3 (Llama drafts) and, since 0.5.21, the EAGLE/MTP draft-decode path honour the draft window; with another algorithm (or none) SGLang logs that it is ignored."
    ),
    trigger: doc!("--speculative-draft-window-size with an algorithm that ignores it."),
    flags: &["speculative_draft_window_size"],
    ..RuleInfo::BASE
};

/// --speculative-draft-sink-size must be non-negative.
pub static SINK_NONNEG: RuleInfo = RuleInfo {
    code: "SPEC011",
    name: "draft-sink-size-nonnegative",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--speculative-draft-sink-size must be non-negative, got {sink_size}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            188,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            210,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            224,
        ),
    ],
    title: doc!("--speculative-draft-sink-size must be non-negative"),
    explanation: doc!("The draft attention sink (StreamingLLM sink tokens) cannot be negative."),
    trigger: doc!("--speculative-draft-sink-size below 0."),
    solutions: doc_list!["Remove --speculative-draft-sink-size, or give 0 or more."],
    flags: &["speculative_draft_sink_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_draft_window_size":64,"speculative_draft_sink_size":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_draft_window_size":64}"#,
    ))),
    ..RuleInfo::BASE
};

/// --speculative-draft-sink-size needs --speculative-draft-window-size.
pub static SINK_NEEDS_WINDOW: RuleInfo = RuleInfo {
    code: "SPEC012",
    name: "draft-sink-needs-window",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--speculative-draft-sink-size requires --speculative-draft-window-size.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            192,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            214,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            228,
        ),
    ],
    title: doc!("--speculative-draft-sink-size needs --speculative-draft-window-size"),
    explanation: doc!("Sink tokens only make sense with a sliding draft window."),
    trigger: doc!("--speculative-draft-sink-size without --speculative-draft-window-size."),
    solutions: doc_list![
        "Also give --speculative-draft-window-size.",
        "Remove --speculative-draft-sink-size.",
    ],
    flags: &[
        "speculative_draft_sink_size",
        "speculative_draft_window_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_draft_sink_size":4}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --speculative-skip-dp-mlp-sync needs EAGLE.
pub static SKIP_DP_MLP_SYNC: RuleInfo = RuleInfo {
    code: "SPEC013",
    name: "skip-dp-mlp-sync-eagle-only",
    exception: Some("AssertionError"),
    versions: VersionRange::until(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::until(SglangVersion::V0_5_22),
        "--speculative-skip-dp-mlp-sync is only supported with speculative_algorithm == EAGLE, got {cfg.speculative_algorithm}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            167,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            168,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            217,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            239,
        ),
    ],
    title: doc!("--speculative-skip-dp-mlp-sync needs EAGLE"),
    explanation: doc!(
        "Up to 0.5.22 SGLang asserts that --speculative-skip-dp-mlp-sync is used with the EAGLE algorithm (NEXTN counts as EAGLE), also when no algorithm is given."
    ),
    trigger: doc!(
        "--speculative-skip-dp-mlp-sync with no or another speculative algorithm (0.5.19-0.5.22)."
    ),
    solutions: doc_list![
        "Remove --speculative-skip-dp-mlp-sync.",
        "Use --speculative-algorithm EAGLE.",
    ],
    flags: &["speculative_skip_dp_mlp_sync", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"LlamaForCausalLM","speculative_skip_dp_mlp_sync":true}"#,
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION needs single-layer EAGLE, EAGLE3 (or DSPARK).
pub static DP_SPEC_COORD: RuleInfo = RuleInfo {
    code: "SPEC014",
    name: "dp-spec-prefill-coordination",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "DP spec/prefill coordination requires single-layer EAGLE or EAGLE3",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "DP spec/prefill coordination requires single-layer EAGLE, EAGLE3 or DSPARK",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            227,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            249,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            257,
        ),
    ],
    title: doc!(
        "SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION needs single-layer EAGLE, EAGLE3 (or DSPARK)"
    ),
    explanation: doc!(
        "With SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION on, SGLang requires EAGLE (NEXTN) or EAGLE3 (and DSPARK since 0.5.22) without --enable-multi-layer-eagle; the check runs also when no algorithm is given."
    ),
    trigger: doc!(
        "SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION=1 with no speculative algorithm, another algorithm, or multi-layer EAGLE (0.5.21+)."
    ),
    solutions: doc_list![
        "Unset SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION.",
        "Use --speculative-algorithm EAGLE.",
    ],
    flags: &[
        "env.SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION",
        "speculative_algorithm",
        "enable_multi_layer_eagle",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","env":{"SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION":"1"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DFLASH does not support DP attention (up to 0.5.22).
pub static DFLASH_DP: RuleInfo = RuleInfo {
    code: "SPEC015",
    name: "dflash-dp-attention",
    versions: VersionRange::until(SglangVersion::V0_5_22),
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "Currently DFLASH speculative decoding does not support dp attention.",
        ),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            "Currently DFLASH speculative decoding does not support dp attention on non-NPU devices.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            196,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            211,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            275,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            297,
        ),
    ],
    title: doc!("DFLASH does not support DP attention (up to 0.5.22)"),
    explanation: doc!(
        "Up to 0.5.22, DFLASH refuses attention data parallelism on GPUs (0.5.20-0.5.22 allow it on NPU only)."
    ),
    trigger: doc!("--speculative-algorithm DFLASH with DP attention (0.5.19-0.5.22)."),
    solutions: doc_list!["Turn DP attention off.", "Use EAGLE3 or another algorithm."],
    flags: &["enable_dp_attention", "dp_size", "attn_dp_size"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","tp_size":2,"dp_size":2,"enable_dp_attention":true}"#,
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// DFLASH with DP attention needs --enable-dp-lm-head.
pub static DFLASH_DP_LM_HEAD: RuleInfo = RuleInfo {
    code: "SPEC016",
    name: "dflash-dp-lm-head",
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "DFLASH with dp attention requires --enable-dp-lm-head.",
    )],
    sources: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "python/sglang/srt/arg_groups/speculative_hook.py",
        308,
    )],
    title: doc!("DFLASH with DP attention needs --enable-dp-lm-head"),
    explanation: doc!(
        "Since 0.5.23 DFLASH runs with attention DP on CUDA, but its greedy projection and selector borrow the target LM head, which must be DP-sharded."
    ),
    trigger: doc!("DFLASH, attention DP on, no --enable-dp-lm-head."),
    solutions: doc_list!["Add --enable-dp-lm-head.", "Turn DP attention off."],
    flags: &[
        "enable_dp_lm_head",
        "attn_dp_size",
        "enable_dp_attention",
        "dp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2,"enable_dp_lm_head":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// DFLASH with DP attention does not support context parallelism.
pub static DFLASH_DP_CP: RuleInfo = RuleInfo {
    code: "SPEC017",
    name: "dflash-dp-context-parallel",
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "DFLASH with dp attention does not support context parallel.",
    )],
    sources: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "python/sglang/srt/arg_groups/speculative_hook.py",
        310,
    )],
    title: doc!("DFLASH with DP attention does not support context parallelism"),
    explanation: doc!("Since 0.5.23, DFLASH with attention DP refuses --attn-cp-size > 1."),
    trigger: doc!("DFLASH, attention DP, --enable-dp-lm-head and --attn-cp-size != 1."),
    solutions: doc_list!["Remove --attn-cp-size."],
    flags: &["attn_cp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","tp_size":4,"attn_dp_size":2,"attn_cp_size":2,"enable_dp_lm_head":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","tp_size":4,"attn_dp_size":2,"enable_dp_lm_head":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// DFLASH with DP attention needs SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION off.
pub static DFLASH_DP_COORD: RuleInfo = RuleInfo {
    code: "SPEC018",
    name: "dflash-dp-coordination",
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "DFLASH with dp attention requires SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION=0.",
    )],
    sources: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "python/sglang/srt/arg_groups/speculative_hook.py",
        314,
    )],
    title: doc!("DFLASH with DP attention needs SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION off"),
    explanation: doc!(
        "This combination is unreachable as launched: with the variable on, handle_speculative_decoding already refuses DFLASH (SPEC014) before the DFLASH checks run. Kept for the record of the site."
    ),
    trigger: doc!(
        "DFLASH, attention DP, SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION on (pre-empted by SPEC014)."
    ),
    solutions: doc_list!["Unset SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION."],
    flags: &["env.SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION"],
    ..RuleInfo::BASE
};

/// DFLASH needs --pp-size 1.
pub static DFLASH_PP: RuleInfo = RuleInfo {
    code: "SPEC019",
    name: "dflash-pp-size",
    messages: &[(
        VersionRange::ALL,
        "Currently DFLASH speculative decoding only supports pp_size == 1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            201,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            217,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            281,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            303,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            320,
        ),
    ],
    title: doc!("DFLASH needs --pp-size 1"),
    explanation: doc!("DFLASH does not run with pipeline parallelism."),
    trigger: doc!("--speculative-algorithm DFLASH with --pp-size > 1."),
    solutions: doc_list!["Remove --pp-size."],
    flags: &["pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","pp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DFLASH needs --speculative-draft-model-path.
pub static DFLASH_DRAFT_PATH: RuleInfo = RuleInfo {
    code: "SPEC020",
    name: "dflash-draft-model-path",
    messages: &[(
        VersionRange::ALL,
        "DFLASH speculative decoding requires setting --speculative-draft-model-path.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            206,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            222,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            286,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            308,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            325,
        ),
    ],
    title: doc!("DFLASH needs --speculative-draft-model-path"),
    explanation: doc!(
        "DFLASH drafts with a separate block-diffusion draft model; SGLang has no default for it."
    ),
    trigger: doc!("--speculative-algorithm DFLASH without --speculative-draft-model-path."),
    solutions: doc_list!["Give the DFLASH draft checkpoint with --speculative-draft-model-path."],
    flags: &["speculative_draft_model_path", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DFLASH forces --speculative-num-steps 1.
pub static DFLASH_STEPS: RuleInfo = RuleInfo {
    code: "SPEC104",
    name: "dflash-steps-forced",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "DFLASH only supports speculative_num_steps == 1; overriding speculative_num_steps={cfg.speculative_num_steps} to 1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            222,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            238,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            302,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            324,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            341,
        ),
    ],
    title: doc!("DFLASH forces --speculative-num-steps 1"),
    explanation: doc!(
        "DFLASH drafts a whole block in one step; SGLang overrides any other step count with 1."
    ),
    trigger: doc!("DFLASH with --speculative-num-steps other than 1."),
    flags: &["speculative_num_steps"],
    ..RuleInfo::BASE
};

/// DFLASH forces --speculative-eagle-topk 1.
pub static DFLASH_TOPK: RuleInfo = RuleInfo {
    code: "SPEC105",
    name: "dflash-topk-forced",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "DFLASH only supports speculative_eagle_topk == 1; overriding speculative_eagle_topk={cfg.speculative_eagle_topk} to 1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            239,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            255,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            319,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            341,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            358,
        ),
    ],
    title: doc!("DFLASH forces --speculative-eagle-topk 1"),
    explanation: doc!("DFLASH drafts a chain; SGLang overrides any other top-k with 1."),
    trigger: doc!("DFLASH with --speculative-eagle-topk other than 1."),
    flags: &["speculative_eagle_topk"],
    ..RuleInfo::BASE
};

/// --speculative-dflash-block-size must be positive.
pub static DFLASH_BLOCK_POSITIVE: RuleInfo = RuleInfo {
    code: "SPEC021",
    name: "dflash-block-size-positive",
    messages: &[(
        VersionRange::ALL,
        "DFLASH requires --speculative-dflash-block-size to be positive, got {cfg.speculative_dflash_block_size}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            251,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            267,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            331,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            353,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            370,
        ),
    ],
    title: doc!("--speculative-dflash-block-size must be positive"),
    explanation: doc!("The DFLASH block (verify window) must hold at least one token."),
    trigger: doc!("DFLASH with --speculative-dflash-block-size 0 or negative."),
    solutions: doc_list!["Remove --speculative-dflash-block-size, or give a positive size."],
    flags: &["speculative_dflash_block_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","speculative_dflash_block_size":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","speculative_dflash_block_size":16}"#,
    ))),
    ..RuleInfo::BASE
};

/// DFLASH: --speculative-num-draft-tokens and --speculative-dflash-block-size must agree.
pub static DFLASH_BLOCK_MISMATCH: RuleInfo = RuleInfo {
    code: "SPEC022",
    name: "dflash-block-size-mismatch",
    messages: &[(
        VersionRange::ALL,
        "Both --speculative-num-draft-tokens and --speculative-dflash-block-size are set but they differ. For DFLASH they must match. speculative_num_draft_tokens={cfg.speculative_num_draft_tokens}, speculative_dflash_block_size={cfg.speculative_dflash_block_size}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            258,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            274,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            338,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            360,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            377,
        ),
    ],
    title: doc!(
        "DFLASH: --speculative-num-draft-tokens and --speculative-dflash-block-size must agree"
    ),
    explanation: doc!(
        "For DFLASH the verify width is the block size; giving both with different values is refused."
    ),
    trigger: doc!("DFLASH with both flags set to different values."),
    solutions: doc_list!["Give only --speculative-dflash-block-size."],
    flags: &[
        "speculative_num_draft_tokens",
        "speculative_dflash_block_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","speculative_dflash_block_size":16,"speculative_num_draft_tokens":8}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","speculative_dflash_block_size":16}"#,
    ))),
    ..RuleInfo::BASE
};

/// DFLASH verify width defaults to 16.
pub static DFLASH_DEFAULT_TOKENS: RuleInfo = RuleInfo {
    code: "SPEC106",
    name: "dflash-default-draft-tokens",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "speculative_num_draft_tokens is not set; defaulting to {inferred_block_size} for DFLASH.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            298,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            314,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            378,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            400,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            417,
        ),
    ],
    title: doc!("DFLASH verify width defaults to 16"),
    explanation: doc!(
        "Without --speculative-num-draft-tokens or --speculative-dflash-block-size, SGLang reads the block size from the draft model's config, else uses 16. Preflight does not read the draft checkpoint and assumes its config names no block size (16)."
    ),
    trigger: doc!(
        "DFLASH without --speculative-num-draft-tokens and --speculative-dflash-block-size."
    ),
    flags: &["speculative_dflash_block_size"],
    ..RuleInfo::BASE
};

/// DFLASH: the draft window must cover the block.
pub static DFLASH_WINDOW: RuleInfo = RuleInfo {
    code: "SPEC023",
    name: "dflash-window-vs-block",
    messages: &[(
        VersionRange::ALL,
        "--speculative-draft-window-size must be >= --speculative-num-draft-tokens (block_size). window_size={cfg.speculative_draft_window_size}, block_size={draft_tokens}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            311,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            327,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            391,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            413,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            430,
        ),
    ],
    title: doc!("DFLASH: the draft window must cover the block"),
    explanation: doc!(
        "With DFLASH the compact draft KV window must be at least the verify block (speculative_num_draft_tokens)."
    ),
    trigger: doc!("DFLASH with --speculative-draft-window-size smaller than the block size."),
    solutions: doc_list![
        "Raise --speculative-draft-window-size to the block size or more.",
        "Remove --speculative-draft-window-size.",
    ],
    flags: &["speculative_draft_window_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","speculative_dflash_block_size":16,"speculative_draft_window_size":8}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft","speculative_dflash_block_size":16,"speculative_draft_window_size":64}"#,
    ))),
    ..RuleInfo::BASE
};

/// The DFLASH draft worker falls back to another attention backend.
pub static DFLASH_BACKEND_FALLBACK: RuleInfo = RuleInfo {
    code: "SPEC107",
    name: "dflash-draft-backend-fallback",
    severity: Severity::Warning,
    exception: None,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "DFLASH draft worker only supports attention_backend in {supported_draft_backends} for now, but got {draft_backend!r}. Falling back to '{fallback_backend}'.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "DFLASH draft worker does not support attention_backend {draft_backend!r} on {type(current_platform).__name__}. Falling back to '{fallback_backend}'.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            599,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            774,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            839,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            862,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            937,
        ),
    ],
    title: doc!("The DFLASH draft worker falls back to another attention backend"),
    explanation: doc!(
        "The DFLASH draft runs on its own attention backend (speculative_draft_attention_backend): the given one, else the prefill backend. One outside the draft backends (flashinfer, fa3, fa4, triton, trtllm_mha, ascend, intel_xpu) is replaced by flashinfer (triton on ROCm and XPU)."
    ),
    trigger: doc!("DFLASH with a draft or prefill backend the draft worker does not support."),
    flags: &["speculative_draft_attention_backend"],
    ..RuleInfo::BASE
};

/// DSPARK with DP attention needs --enable-dp-lm-head.
pub static DSPARK_DP_LM_HEAD: RuleInfo = RuleInfo {
    code: "SPEC024",
    name: "dspark-dp-lm-head",
    messages: &[(
        VersionRange::ALL,
        "DSpark with dp attention requires --enable-dp-lm-head.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            349,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            530,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            594,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            615,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            676,
        ),
    ],
    title: doc!("DSPARK with DP attention needs --enable-dp-lm-head"),
    explanation: doc!(
        "DSPARK under attention DP borrows the target LM head, which must be DP-sharded."
    ),
    trigger: doc!(
        "DSPARK with attention DP (attn_dp_size > 1; up to 0.5.21 --enable-dp-attention with dp_size > 1) and no --enable-dp-lm-head."
    ),
    solutions: doc_list!["Add --enable-dp-lm-head."],
    flags: &[
        "enable_dp_lm_head",
        "attn_dp_size",
        "dp_size",
        "enable_dp_attention",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2,"enable_dp_lm_head":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSPARK with DP attention supports only some MoE all-to-all backends.
pub static DSPARK_DP_A2A: RuleInfo = RuleInfo {
    code: "SPEC025",
    name: "dspark-dp-moe-a2a",
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "DSpark with dp attention supports moe_a2a_backend 'none' (built-in TP MoE) or 'megamoe', got {cfg.moe_a2a_backend!r}.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "DSpark with dp attention supports moe_a2a_backend 'none' (built-in TP MoE), 'megamoe', or 'mori', got {cfg.moe_a2a_backend!r}.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            351,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            532,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            596,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            617,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            678,
        ),
    ],
    title: doc!("DSPARK with DP attention supports only some MoE all-to-all backends"),
    explanation: doc!(
        "Under attention DP, DSPARK supports moe_a2a_backend 'none', 'megamoe' (and 'mori' since 0.5.21)."
    ),
    trigger: doc!("DSPARK, attention DP, --enable-dp-lm-head and another --moe-a2a-backend."),
    solutions: doc_list!["Remove --moe-a2a-backend."],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2,"enable_dp_lm_head":true,"moe_a2a_backend":"deepep"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2,"enable_dp_lm_head":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSPARK DP MoE (or prefill coordination) needs SGLANG_RAGGED_VERIFY_MODE=static.
pub static DSPARK_RAGGED: RuleInfo = RuleInfo {
    code: "SPEC026",
    name: "dspark-ragged-verify-static",
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "DSpark with dp attention + moe_a2a_backend={cfg.moe_a2a_backend!r} requires SGLANG_RAGGED_VERIFY_MODE=static.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "DSpark DP MoE or prefill coordination requires SGLANG_RAGGED_VERIFY_MODE=static.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            363,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            544,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            608,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            632,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            693,
        ),
    ],
    title: doc!("DSPARK DP MoE (or prefill coordination) needs SGLANG_RAGGED_VERIFY_MODE=static"),
    explanation: doc!(
        "With attention DP and an all-to-all MoE backend (or, since 0.5.22, prefill coordination), DSPARK requires the static ragged-verify mode."
    ),
    trigger: doc!(
        "DSPARK, attention DP, moe_a2a_backend megamoe/mori (or SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION), SGLANG_RAGGED_VERIFY_MODE not static."
    ),
    solutions: doc_list!["Unset SGLANG_RAGGED_VERIFY_MODE."],
    flags: &["env.SGLANG_RAGGED_VERIFY_MODE"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2,"enable_dp_lm_head":true,"env":{"SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION":"1","SGLANG_RAGGED_VERIFY_MODE":"compact"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2,"enable_dp_lm_head":true,"env":{"SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION":"1"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSPARK with DP attention does not support context parallelism.
pub static DSPARK_DP_CP: RuleInfo = RuleInfo {
    code: "SPEC027",
    name: "dspark-dp-context-parallel",
    messages: &[(
        VersionRange::ALL,
        "DSpark with dp attention does not support context parallel (attn_cp_size={cfg.attn_cp_size}).",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            369,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            550,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            614,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            637,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            698,
        ),
    ],
    title: doc!("DSPARK with DP attention does not support context parallelism"),
    explanation: doc!("DSPARK under attention DP refuses --attn-cp-size > 1."),
    trigger: doc!("DSPARK, attention DP, --attn-cp-size > 1."),
    solutions: doc_list!["Remove --attn-cp-size."],
    flags: &["attn_cp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":4,"attn_dp_size":2,"attn_cp_size":2,"enable_dp_lm_head":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":4,"attn_dp_size":2,"enable_dp_lm_head":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSPARK with DP attention: --speculative-moe-a2a-backend must match --moe-a2a-backend.
pub static DSPARK_SPEC_A2A: RuleInfo = RuleInfo {
    code: "SPEC028",
    name: "dspark-speculative-a2a",
    messages: &[(
        VersionRange::ALL,
        "DSpark ignores --speculative-moe-a2a-backend; with dp attention it must match the target moe_a2a_backend={cfg.moe_a2a_backend!r} (got {cfg.speculative_moe_a2a_backend!r}).",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            378,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            559,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            623,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            646,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            707,
        ),
    ],
    title: doc!(
        "DSPARK with DP attention: --speculative-moe-a2a-backend must match --moe-a2a-backend"
    ),
    explanation: doc!(
        "DSPARK ignores --speculative-moe-a2a-backend; under attention DP a different value is refused."
    ),
    trigger: doc!(
        "DSPARK, attention DP, --speculative-moe-a2a-backend different from --moe-a2a-backend."
    ),
    solutions: doc_list!["Remove --speculative-moe-a2a-backend."],
    flags: &["speculative_moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2,"enable_dp_lm_head":true,"speculative_moe_a2a_backend":"deepep"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2,"enable_dp_lm_head":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSPARK needs --pp-size 1 (except on a PD prefill server since 0.5.21).
pub static DSPARK_PP: RuleInfo = RuleInfo {
    code: "SPEC029",
    name: "dspark-pp-size",
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "Currently DSpark speculative decoding only supports pp_size == 1.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "DSpark pipeline parallelism requires PD prefill; decode and non-disaggregated serving require pp_size == 1.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            385,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            566,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            631,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            654,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            715,
        ),
    ],
    title: doc!("DSPARK needs --pp-size 1 (except on a PD prefill server since 0.5.21)"),
    explanation: doc!(
        "DSPARK does not run with pipeline parallelism; since 0.5.21 a PD prefill server may use it."
    ),
    trigger: doc!(
        "DSPARK with --pp-size > 1 (and, since 0.5.21, not --disaggregation-mode prefill)."
    ),
    solutions: doc_list!["Remove --pp-size."],
    flags: &["pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","pp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSPARK needs --speculative-draft-model-path.
pub static DSPARK_DRAFT_PATH: RuleInfo = RuleInfo {
    code: "SPEC030",
    name: "dspark-draft-model-path",
    messages: &[(
        VersionRange::ALL,
        "DSpark dense speculative decoding requires setting --speculative-draft-model-path.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            407,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            588,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            654,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            677,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            752,
        ),
    ],
    title: doc!("DSPARK needs --speculative-draft-model-path"),
    explanation: doc!(
        "Without --speculative-draft-model-path DSPARK uses a draft bundled in the target checkpoint (dspark_* keys in its config.json) or, since 0.5.23, a dspark/ subfolder of it; otherwise it is refused. Preflight reads the config's dspark_* keys and assumes no dspark/ subfolder."
    ),
    trigger: doc!(
        "DSPARK without --speculative-draft-model-path on a checkpoint without a bundled draft."
    ),
    solutions: doc_list!["Give the DSpark draft with --speculative-draft-model-path."],
    flags: &["speculative_draft_model_path", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSPARK forces --speculative-num-steps 1.
pub static DSPARK_STEPS: RuleInfo = RuleInfo {
    code: "SPEC108",
    name: "dspark-steps-forced",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "DSpark only supports speculative_num_steps == 1; overriding speculative_num_steps={cfg.speculative_num_steps} to 1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            419,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            600,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            666,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            689,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            764,
        ),
    ],
    title: doc!("DSPARK forces --speculative-num-steps 1"),
    explanation: doc!("DSPARK drafts in one step; SGLang overrides any other step count with 1."),
    trigger: doc!("DSPARK with --speculative-num-steps other than 1."),
    flags: &["speculative_num_steps"],
    ..RuleInfo::BASE
};

/// DSPARK forces --speculative-eagle-topk 1.
pub static DSPARK_TOPK: RuleInfo = RuleInfo {
    code: "SPEC109",
    name: "dspark-topk-forced",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "DSpark only supports speculative_eagle_topk == 1; overriding speculative_eagle_topk={cfg.speculative_eagle_topk} to 1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            436,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            617,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            683,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            706,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            781,
        ),
    ],
    title: doc!("DSPARK forces --speculative-eagle-topk 1"),
    explanation: doc!("DSPARK drafts a chain; SGLang overrides any other top-k with 1."),
    trigger: doc!("DSPARK with --speculative-eagle-topk other than 1."),
    flags: &["speculative_eagle_topk"],
    ..RuleInfo::BASE
};

/// --speculative-dspark-block-size must be positive.
pub static DSPARK_BLOCK_POSITIVE: RuleInfo = RuleInfo {
    code: "SPEC031",
    name: "dspark-block-size-positive",
    messages: &[(
        VersionRange::ALL,
        "DSpark requires --speculative-dspark-block-size to be positive, got {cfg.speculative_dspark_block_size}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            464,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            645,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            711,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            734,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            809,
        ),
    ],
    title: doc!("--speculative-dspark-block-size must be positive"),
    explanation: doc!("The DSpark block (gamma) must be at least 1."),
    trigger: doc!("DSPARK with --speculative-dspark-block-size 0 or negative."),
    solutions: doc_list!["Remove --speculative-dspark-block-size, or give a positive gamma."],
    flags: &["speculative_dspark_block_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","speculative_dspark_block_size":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","speculative_dspark_block_size":7}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSPARK: --speculative-num-draft-tokens must be gamma + 1.
pub static DSPARK_GAMMA_MISMATCH: RuleInfo = RuleInfo {
    code: "SPEC032",
    name: "dspark-draft-tokens-gamma",
    messages: &[(
        VersionRange::ALL,
        "DSpark speculative_num_draft_tokens must equal gamma + 1 (= {verify_window} for gamma={gamma}), but got speculative_num_draft_tokens={cfg.speculative_num_draft_tokens}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            485,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            666,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            732,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            755,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            830,
        ),
    ],
    title: doc!("DSPARK: --speculative-num-draft-tokens must be gamma + 1"),
    explanation: doc!(
        "DSPARK verifies gamma + 1 tokens; gamma is --speculative-dspark-block-size, else the draft config's, else 7 when --speculative-num-draft-tokens is not given. Preflight does not read the draft checkpoint and assumes it names no gamma."
    ),
    trigger: doc!("DSPARK with --speculative-num-draft-tokens ≠ gamma + 1."),
    solutions: doc_list!["Give only --speculative-dspark-block-size."],
    flags: &[
        "speculative_num_draft_tokens",
        "speculative_dspark_block_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","speculative_dspark_block_size":7,"speculative_num_draft_tokens":4}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","speculative_dspark_block_size":7}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSPARK gamma defaults to 7.
pub static DSPARK_DEFAULT_GAMMA: RuleInfo = RuleInfo {
    code: "SPEC110",
    name: "dspark-default-gamma",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "DSpark gamma is not set; defaulting to {gamma}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            474,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            655,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            721,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            744,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            819,
        ),
    ],
    title: doc!("DSPARK gamma defaults to 7"),
    explanation: doc!(
        "Without --speculative-dspark-block-size and --speculative-num-draft-tokens (and no gamma in the draft's config, which Preflight assumes) gamma is 7: 8 draft tokens."
    ),
    trigger: doc!(
        "DSPARK without --speculative-dspark-block-size and --speculative-num-draft-tokens."
    ),
    flags: &["speculative_dspark_block_size"],
    ..RuleInfo::BASE
};

/// DSPARK needs at least 2 draft tokens.
pub static DSPARK_MIN_TOKENS: RuleInfo = RuleInfo {
    code: "SPEC033",
    name: "dspark-draft-tokens-min",
    messages: &[(
        VersionRange::ALL,
        "DSpark speculative_num_draft_tokens must be >= 2 (= gamma + 1), got {cfg.speculative_num_draft_tokens}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            502,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            683,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            749,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            772,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            847,
        ),
    ],
    title: doc!("DSPARK needs at least 2 draft tokens"),
    explanation: doc!("DSPARK verifies gamma + 1 ≥ 2 tokens."),
    trigger: doc!("DSPARK with --speculative-num-draft-tokens below 2 (and no block size)."),
    solutions: doc_list!["Remove --speculative-num-draft-tokens."],
    flags: &["speculative_num_draft_tokens"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft","speculative_num_draft_tokens":1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"DSPARK","speculative_draft_model_path":"org/draft"}"#,
    ))),
    ..RuleInfo::BASE
};

/// IQuest Q1 MTP needs its own draft checkpoint.
pub static IQUEST_DRAFT_PATH: RuleInfo = RuleInfo {
    code: "SPEC034",
    name: "iquest-q1-draft-path",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "IQuest Q1 requires an independent draft model path.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            922,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            945,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1023,
        ),
    ],
    title: doc!("IQuest Q1 MTP needs its own draft checkpoint"),
    explanation: doc!(
        "For IQuestQ1ForCausalLM, EAGLE-family speculation needs a separate MTP draft checkpoint: --speculative-draft-model-path must be given and differ from --model-path."
    ),
    trigger: doc!(
        "IQuestQ1ForCausalLM with EAGLE/EAGLE3/STANDALONE and no (or the same) draft model path (0.5.21+)."
    ),
    solutions: doc_list!["Give the IQuest Q1 MTP draft with --speculative-draft-model-path."],
    flags: &["speculative_draft_model_path", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","speculative_algorithm":"EAGLE"}"#,
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/iquest-q1-mtp"}"#,
    ))),
    ..RuleInfo::BASE
};

/// STANDALONE speculation does not support DP attention.
pub static STANDALONE_DP: RuleInfo = RuleInfo {
    code: "SPEC035",
    name: "standalone-dp-attention",
    messages: &[(
        VersionRange::ALL,
        "Currently standalone speculative decoding does not support dp attention.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            649,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            824,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            969,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            991,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1082,
        ),
    ],
    title: doc!("STANDALONE speculation does not support DP attention"),
    explanation: doc!("A standalone draft model cannot run with attention data parallelism."),
    trigger: doc!("--speculative-algorithm STANDALONE with DP attention."),
    solutions: doc_list!["Turn DP attention off.", "Use EAGLE."],
    flags: &["enable_dp_attention", "dp_size", "attn_dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"STANDALONE","speculative_draft_model_path":"org/draft","tp_size":2,"attn_dp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"STANDALONE","speculative_draft_model_path":"org/draft","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// DeepSeek-style MTP needs no --speculative-draft-model-path.
pub static MTP_DRAFT_PATH_GIVEN: RuleInfo = RuleInfo {
    code: "SPEC111",
    name: "mtp-draft-path-not-needed",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "DeepSeek MTP does not require setting speculative_draft_model_path.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            718,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            896,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1041,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1063,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1154,
        ),
    ],
    title: doc!("DeepSeek-style MTP needs no --speculative-draft-model-path"),
    explanation: doc!(
        "For DeepSeek, GLM-4 MoE, Bailing, HunYuan (and Qwen4-Exp since 0.5.20) MTP models SGLang drafts with the checkpoint's own MTP layer (the draft path defaults to --model-path); a given path is used, with this warning."
    ),
    trigger: doc!("EAGLE-family speculation on such a model with --speculative-draft-model-path."),
    flags: &["speculative_draft_model_path"],
    ..RuleInfo::BASE
};

/// Rejection sampling needs EAGLE or EAGLE3.
pub static REJ_ALGO: RuleInfo = RuleInfo {
    code: "SPEC036",
    name: "rejection-sampling-algorithm",
    exception: Some("NotImplementedError"),
    messages: &[(
        VersionRange::ALL,
        "--speculative-use-rejection-sampling is only supported for EAGLE / EAGLE3 / NEXTN, not speculative_algorithm={cfg.speculative_algorithm}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            751,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            929,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1103,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1125,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1216,
        ),
    ],
    title: doc!("Rejection sampling needs EAGLE or EAGLE3"),
    explanation: doc!(
        "Only the EAGLE/EAGLE3 draft workers emit the target-vocabulary proposals rejection sampling consumes; STANDALONE is refused."
    ),
    trigger: doc!("--speculative-use-rejection-sampling with STANDALONE."),
    solutions: doc_list!["Remove --speculative-use-rejection-sampling.", "Use EAGLE."],
    flags: &[
        "speculative_use_rejection_sampling",
        "speculative_algorithm",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"STANDALONE","speculative_draft_model_path":"org/draft","speculative_use_rejection_sampling":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"STANDALONE","speculative_draft_model_path":"org/draft"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Rejection sampling needs --speculative-eagle-topk 1.
pub static REJ_TOPK: RuleInfo = RuleInfo {
    code: "SPEC037",
    name: "rejection-sampling-topk",
    messages: &[(
        VersionRange::ALL,
        "--speculative-use-rejection-sampling requires --speculative-eagle-topk=1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            757,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            935,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1109,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1131,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1222,
        ),
    ],
    title: doc!("Rejection sampling needs --speculative-eagle-topk 1"),
    explanation: doc!(
        "Rejection sampling is implemented for chain drafts only. Note that SGLang picks top-k 4 for Llama when no speculative parameters are given."
    ),
    trigger: doc!("--speculative-use-rejection-sampling with top-k (given or auto-chosen) ≠ 1."),
    solutions: doc_list![
        "Give --speculative-num-steps 3 --speculative-eagle-topk 1 --speculative-num-draft-tokens 4.",
        "Remove --speculative-use-rejection-sampling.",
    ],
    flags: &[
        "speculative_use_rejection_sampling",
        "speculative_eagle_topk",
        "speculative_num_steps",
        "speculative_num_draft_tokens",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_use_rejection_sampling":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_use_rejection_sampling":true,"speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// Rejection sampling ignores the accept thresholds.
pub static REJ_THRESHOLDS: RuleInfo = RuleInfo {
    code: "SPEC038",
    name: "rejection-sampling-thresholds",
    messages: &[(
        VersionRange::ALL,
        "--speculative-use-rejection-sampling is incompatible with --speculative-accept-threshold-single / --speculative-accept-threshold-acc; rejection sampling ignores the accept thresholds.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            764,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            942,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1116,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1138,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1235,
        ),
    ],
    title: doc!("Rejection sampling ignores the accept thresholds"),
    explanation: doc!(
        "With rejection sampling, --speculative-accept-threshold-single and --speculative-accept-threshold-acc must stay 1.0."
    ),
    trigger: doc!("--speculative-use-rejection-sampling with an accept threshold ≠ 1.0."),
    solutions: doc_list!["Remove the accept thresholds."],
    flags: &[
        "speculative_accept_threshold_single",
        "speculative_accept_threshold_acc",
        "speculative_use_rejection_sampling",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_use_rejection_sampling":true,"speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4,"speculative_accept_threshold_single":0.9}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_use_rejection_sampling":true,"speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// Rejection sampling is not deterministic (up to 0.5.22).
pub static REJ_DETERMINISTIC: RuleInfo = RuleInfo {
    code: "SPEC039",
    name: "rejection-sampling-deterministic",
    versions: VersionRange::until(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::until(SglangVersion::V0_5_22),
        "--speculative-use-rejection-sampling is incompatible with --enable-deterministic-inference; the sampling kernel draws coins from the global RNG and is not batch-invariant.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            771,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            949,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1123,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1145,
        ),
    ],
    title: doc!("Rejection sampling is not deterministic (up to 0.5.22)"),
    explanation: doc!(
        "Up to 0.5.22 the rejection-sampling kernel draws from the global RNG, so --enable-deterministic-inference is refused with it."
    ),
    trigger: doc!(
        "--speculative-use-rejection-sampling with --enable-deterministic-inference (0.5.19-0.5.22)."
    ),
    solutions: doc_list!["Remove one of the two."],
    flags: &[
        "enable_deterministic_inference",
        "speculative_use_rejection_sampling",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_use_rejection_sampling":true,"speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4,"enable_deterministic_inference":true,"attention_backend":"fa3"}"#,
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_use_rejection_sampling":true,"speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Rejection sampling with multi-layer EAGLE needs top-k 1.
pub static REJ_MULTI_LAYER: RuleInfo = RuleInfo {
    code: "SPEC040",
    name: "rejection-sampling-multi-layer",
    messages: &[(
        VersionRange::ALL,
        "--speculative-use-rejection-sampling with multi-layer EAGLE (--enable-multi-layer-eagle) requires --speculative-eagle-topk 1; rejection sampling is only implemented for the linear (topk=1) chain.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            781,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            959,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1133,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1155,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1245,
        ),
    ],
    title: doc!("Rejection sampling with multi-layer EAGLE needs top-k 1"),
    explanation: doc!(
        "Unreachable as written: the top-k check (SPEC037) comes first with the same condition. Kept for the record of the site."
    ),
    trigger: doc!("Pre-empted by SPEC037."),
    solutions: doc_list!["Use --speculative-eagle-topk 1."],
    flags: &["speculative_eagle_topk"],
    ..RuleInfo::BASE
};

/// On ROCm, EAGLE turns rejection sampling on.
pub static HIP_REJECTION: RuleInfo = RuleInfo {
    code: "SPEC112",
    name: "hip-rejection-sampling-default",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "ROCm needs rejection sampling for EAGLE spec-decode to sample at all; enabling speculative_use_rejection_sampling by default.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1090,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1112,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1203,
        ),
    ],
    title: doc!("On ROCm, EAGLE turns rejection sampling on"),
    explanation: doc!(
        "ROCm has no sampling-verify kernels; since 0.5.21 SGLang enables --speculative-use-rejection-sampling for EAGLE (not EAGLE3) chain drafts without a token map, default thresholds and no deterministic inference."
    ),
    trigger: doc!("EAGLE with top-k 1 on AMD GPUs (0.5.21+)."),
    flags: &["speculative_use_rejection_sampling"],
    ..RuleInfo::BASE
};

/// NGRAM external corpus: the SAM budget must be positive.
pub static NGRAM_SAM_BUDGET: RuleInfo = RuleInfo {
    code: "SPEC041",
    name: "ngram-sam-budget-positive",
    messages: &[(
        VersionRange::ALL,
        "--speculative-ngram-external-sam-budget must be positive when --speculative-ngram-external-corpus-path is set.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            869,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1047,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1221,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1243,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1333,
        ),
    ],
    title: doc!("NGRAM external corpus: the SAM budget must be positive"),
    explanation: doc!(
        "With --speculative-ngram-external-corpus-path, --speculative-ngram-external-sam-budget must be at least 1; its default is 0, so the corpus always needs a budget."
    ),
    trigger: doc!("NGRAM with an external corpus and a SAM budget ≤ 0."),
    solutions: doc_list!["Give --speculative-ngram-external-sam-budget (1 to draft tokens - 1)."],
    flags: &["speculative_ngram_external_sam_budget"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","speculative_ngram_external_corpus_path":"/data/corpus.jsonl"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","speculative_ngram_external_corpus_path":"/data/corpus.jsonl","speculative_ngram_external_sam_budget":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// NGRAM external corpus: the token limit must be positive.
pub static NGRAM_CORPUS_TOKENS: RuleInfo = RuleInfo {
    code: "SPEC042",
    name: "ngram-corpus-max-tokens-positive",
    messages: &[(
        VersionRange::ALL,
        "--speculative-ngram-external-corpus-max-tokens must be positive when --speculative-ngram-external-corpus-path is set.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            874,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1052,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1226,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1248,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1338,
        ),
    ],
    title: doc!("NGRAM external corpus: the token limit must be positive"),
    explanation: doc!(
        "With --speculative-ngram-external-corpus-path, --speculative-ngram-external-corpus-max-tokens must be at least 1."
    ),
    trigger: doc!("NGRAM with an external corpus and a corpus token limit ≤ 0."),
    solutions: doc_list!["Remove --speculative-ngram-external-corpus-max-tokens."],
    flags: &["speculative_ngram_external_corpus_max_tokens"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","speculative_ngram_external_corpus_path":"/data/corpus.jsonl","speculative_ngram_external_sam_budget":4,"speculative_ngram_external_corpus_max_tokens":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","speculative_ngram_external_corpus_path":"/data/corpus.jsonl","speculative_ngram_external_sam_budget":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// NGRAM external corpus: the SAM budget must fit the draft.
pub static NGRAM_SAM_VS_DRAFT: RuleInfo = RuleInfo {
    code: "SPEC043",
    name: "ngram-sam-budget-vs-draft",
    messages: &[(
        VersionRange::ALL,
        "speculative_ngram_external_sam_budget must be less than or equal to speculative_num_draft_tokens - 1 ({cfg.speculative_num_draft_tokens - 1}).",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            882,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1060,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1234,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1256,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1346,
        ),
    ],
    title: doc!("NGRAM external corpus: the SAM budget must fit the draft"),
    explanation: doc!(
        "The SAM budget may not exceed speculative_num_draft_tokens - 1 (12 draft tokens by default)."
    ),
    trigger: doc!("NGRAM with an external corpus and a SAM budget above draft tokens - 1."),
    solutions: doc_list![
        "Lower --speculative-ngram-external-sam-budget.",
        "Raise --speculative-num-draft-tokens.",
    ],
    flags: &[
        "speculative_ngram_external_sam_budget",
        "speculative_num_draft_tokens",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","speculative_ngram_external_corpus_path":"/data/corpus.jsonl","speculative_ngram_external_sam_budget":12}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","speculative_ngram_external_corpus_path":"/data/corpus.jsonl","speculative_ngram_external_sam_budget":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// NGRAM speculation does not support DP attention.
pub static NGRAM_DP: RuleInfo = RuleInfo {
    code: "SPEC044",
    name: "ngram-dp-attention",
    messages: &[(
        VersionRange::ALL,
        "Currently ngram speculative decoding does not support dp attention.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            905,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1083,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1257,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1279,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1369,
        ),
    ],
    title: doc!("NGRAM speculation does not support DP attention"),
    explanation: doc!("NGRAM drafting cannot run with attention data parallelism."),
    trigger: doc!("--speculative-algorithm NGRAM with DP attention."),
    solutions: doc_list!["Turn DP attention off."],
    flags: &["enable_dp_attention", "dp_size", "attn_dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","tp_size":2,"attn_dp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// NGRAM drafts 12 tokens by default.
pub static NGRAM_DEFAULT_TOKENS: RuleInfo = RuleInfo {
    code: "SPEC113",
    name: "ngram-default-draft-tokens",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "speculative_num_draft_tokens is set to 12 by default for ngram speculative decoding. You can override this by explicitly setting --speculative-num-draft-tokens.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            856,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1034,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1208,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1230,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            1320,
        ),
    ],
    title: doc!("NGRAM drafts 12 tokens by default"),
    explanation: doc!("Without --speculative-num-draft-tokens NGRAM uses 12."),
    trigger: doc!("NGRAM without --speculative-num-draft-tokens."),
    flags: &["speculative_num_draft_tokens"],
    ..RuleInfo::BASE
};

/// An invalid SGLANG_RAGGED_VERIFY_MODE.
pub static RAGGED_MODE: RuleInfo = RuleInfo {
    code: "SPEC045",
    name: "ragged-verify-mode-invalid",
    messages: &[(
        VersionRange::ALL,
        "invalid SGLANG_RAGGED_VERIFY_MODE={value!r}; expected one of 'static', 'cap-accept', 'compact'",
    )],
    sources: &[(
        VersionRange::ALL,
        "python/sglang/srt/speculative/ragged_verify.py",
        24,
    )],
    title: doc!("SGLANG_RAGGED_VERIFY_MODE must be static, cap-accept or compact"),
    explanation: doc!(
        "Every speculative algorithm reads SGLANG_RAGGED_VERIFY_MODE when its server arguments are handled (`read_ragged_verify_mode`, called first by `SpeculativeAlgorithm.handle_server_args`); any other value is refused."
    ),
    trigger: doc!(
        "A speculative algorithm with SGLANG_RAGGED_VERIFY_MODE other than static, cap-accept or compact."
    ),
    solutions: doc_list!["Unset SGLANG_RAGGED_VERIFY_MODE (static)."],
    flags: &["env.SGLANG_RAGGED_VERIFY_MODE"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","env":{"SGLANG_RAGGED_VERIFY_MODE":"dynamic"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO takes no draft model.
pub static UNO_DRAFT_PATH: RuleInfo = RuleInfo {
    code: "SPEC046",
    name: "uno-no-draft-path",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO reuses the target model and does not accept --speculative-draft-model-path.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            352,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            416,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            438,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            455,
        ),
    ],
    title: doc!("UNO takes no draft model"),
    explanation: doc!(
        "UNO drafts with a LoRA on the target model itself; --speculative-draft-model-path is refused."
    ),
    trigger: doc!("UNO with --speculative-draft-model-path."),
    solutions: doc_list!["Remove --speculative-draft-model-path."],
    flags: &["speculative_draft_model_path"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_draft_model_path":"org/draft"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO needs --uno-lora-path.
pub static UNO_LORA_PATH: RuleInfo = RuleInfo {
    code: "SPEC047",
    name: "uno-lora-path",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO requires --uno-lora-path.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            357,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            421,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            443,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            460,
        ),
    ],
    title: doc!("UNO needs --uno-lora-path"),
    explanation: doc!("UNO drafts with a LoRA adapter of the target; SGLang has no default."),
    trigger: doc!("UNO without --uno-lora-path."),
    solutions: doc_list!["Give the UNO adapter with --uno-lora-path."],
    flags: &["uno_lora_path", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO does not support deterministic inference.
pub static UNO_DETERMINISTIC: RuleInfo = RuleInfo {
    code: "SPEC048",
    name: "uno-deterministic",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO does not support --enable-deterministic-inference because its sampling path does not use per-request seeds.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            359,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            423,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            445,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            462,
        ),
    ],
    title: doc!("UNO does not support deterministic inference"),
    explanation: doc!("UNO's sampling path does not use per-request seeds."),
    trigger: doc!("UNO with --enable-deterministic-inference."),
    solutions: doc_list!["Remove --enable-deterministic-inference."],
    flags: &["enable_deterministic_inference"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","enable_deterministic_inference":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO does not support strict thinking.
pub static UNO_STRICT_THINKING: RuleInfo = RuleInfo {
    code: "SPEC049",
    name: "uno-strict-thinking",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO does not support --enable-strict-thinking because it requires grammar decoding.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            364,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            428,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            450,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            467,
        ),
    ],
    title: doc!("UNO does not support strict thinking"),
    explanation: doc!("Strict thinking needs grammar decoding, which UNO does not run."),
    trigger: doc!("UNO with --enable-strict-thinking."),
    solutions: doc_list!["Remove --enable-strict-thinking."],
    flags: &["enable_strict_thinking"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","enable_strict_thinking":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO needs --speculative-num-draft-tokens.
pub static UNO_VERIFY_WIDTH: RuleInfo = RuleInfo {
    code: "SPEC050",
    name: "uno-verify-width",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO requires --speculative-num-draft-tokens to be a positive integer denoting the linear width or tree verify width Q.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            371,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            435,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            457,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            474,
        ),
    ],
    title: doc!("UNO needs --speculative-num-draft-tokens"),
    explanation: doc!(
        "UNO has no default verify width Q: --speculative-num-draft-tokens must be given and at least 1."
    ),
    trigger: doc!("UNO without --speculative-num-draft-tokens, or with a value below 1."),
    solutions: doc_list!["Give --speculative-num-draft-tokens (e.g. 4)."],
    flags: &["speculative_num_draft_tokens"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","attention_backend":"fa3"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO needs --speculative-eagle-topk >= 1.
pub static UNO_TOPK_MIN: RuleInfo = RuleInfo {
    code: "SPEC051",
    name: "uno-topk-min",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO requires --speculative-eagle-topk to be at least 1, got {candidate_top_k}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            386,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            450,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            472,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            489,
        ),
    ],
    title: doc!("UNO needs --speculative-eagle-topk >= 1"),
    explanation: doc!("The candidate top-k K of UNO is at least 1."),
    trigger: doc!("UNO with --speculative-eagle-topk below 1."),
    solutions: doc_list!["Remove --speculative-eagle-topk."],
    flags: &["speculative_eagle_topk"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode needs --speculative-num-steps.
pub static UNO_TREE_STEPS: RuleInfo = RuleInfo {
    code: "SPEC052",
    name: "uno-tree-steps",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode requires --speculative-num-steps so its draft width F can be derived as speculative_num_steps + 1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            393,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            457,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            479,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            496,
        ),
    ],
    title: doc!("UNO tree mode needs --speculative-num-steps"),
    explanation: doc!(
        "With top-k > 1 (tree mode) the draft width F = steps + 1 is derived from --speculative-num-steps, which has no default."
    ),
    trigger: doc!("UNO with top-k > 1 and no --speculative-num-steps."),
    solutions: doc_list!["Give --speculative-num-steps.", "Use top-k 1."],
    flags: &["speculative_num_steps", "speculative_eagle_topk"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode needs positive steps.
pub static UNO_TREE_STEPS_POSITIVE: RuleInfo = RuleInfo {
    code: "SPEC053",
    name: "uno-tree-steps-positive",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode requires --speculative-num-steps to be positive, got {speculative_num_steps}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            399,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            463,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            485,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            502,
        ),
    ],
    title: doc!("UNO tree mode needs positive steps"),
    explanation: doc!("In tree mode the step count must be at least 1."),
    trigger: doc!("UNO with top-k > 1 and --speculative-num-steps below 1."),
    solutions: doc_list!["Give --speculative-num-steps 1 or more."],
    flags: &["speculative_num_steps"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode needs Q >= F.
pub static UNO_TREE_Q_F: RuleInfo = RuleInfo {
    code: "SPEC054",
    name: "uno-tree-q-vs-f",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode requires Q >= F; got Q={verify_width}, F={draft_width}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            406,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            470,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            492,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            509,
        ),
    ],
    title: doc!("UNO tree mode needs Q >= F"),
    explanation: doc!(
        "The verify width Q (--speculative-num-draft-tokens) must be at least the draft width F = steps + 1."
    ),
    trigger: doc!("UNO tree mode with draft tokens below steps + 1."),
    solutions: doc_list!["Raise --speculative-num-draft-tokens or lower --speculative-num-steps."],
    flags: &["speculative_num_draft_tokens", "speculative_num_steps"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":5}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode supports at most 128 verify nodes.
pub static UNO_TREE_Q_MAX: RuleInfo = RuleInfo {
    code: "SPEC055",
    name: "uno-tree-q-max",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode currently supports at most Q=128 verify nodes, got Q={verify_width}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            410,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            474,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            496,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            513,
        ),
    ],
    title: doc!("UNO tree mode supports at most 128 verify nodes"),
    explanation: doc!("The tree verify width Q is limited to 128."),
    trigger: doc!("UNO tree mode with --speculative-num-draft-tokens above 128."),
    solutions: doc_list!["Lower --speculative-num-draft-tokens."],
    flags: &["speculative_num_draft_tokens"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3,"speculative_num_draft_tokens":129}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode supports Q*K <= 2048.
pub static UNO_TREE_QK: RuleInfo = RuleInfo {
    code: "SPEC056",
    name: "uno-tree-qk",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode currently supports Q*K <= 2048; got Q*K={verify_width}*{candidate_top_k}={frontier_slots}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            416,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            480,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            502,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            519,
        ),
    ],
    title: doc!("UNO tree mode supports Q*K <= 2048"),
    explanation: doc!("The frontier Q x K is limited to 2048 slots."),
    trigger: doc!("UNO tree mode with draft tokens x top-k above 2048."),
    solutions: doc_list!["Lower --speculative-eagle-topk or --speculative-num-draft-tokens."],
    flags: &["speculative_eagle_topk", "speculative_num_draft_tokens"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":32,"speculative_num_steps":3,"speculative_num_draft_tokens":100}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode: Q exceeds the tree capacity.
pub static UNO_TREE_CAPACITY: RuleInfo = RuleInfo {
    code: "SPEC057",
    name: "uno-tree-capacity",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode cannot build the requested Q from F and K: Q={verify_width} exceeds capacity={tree_capacity} for F={draft_width}, K={candidate_top_k}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            429,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            493,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            515,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            532,
        ),
    ],
    title: doc!("UNO tree mode: Q exceeds the tree capacity"),
    explanation: doc!(
        "Q may not exceed the nodes of a K-ary tree of depth steps (1 + K + K^2 + ...)."
    ),
    trigger: doc!("UNO tree mode with draft tokens above the tree capacity."),
    solutions: doc_list!["Lower --speculative-num-draft-tokens."],
    flags: &["speculative_num_draft_tokens"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":2,"speculative_num_draft_tokens":8}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode: Q does not fit EAGLE's parent list.
pub static UNO_TREE_PARENT: RuleInfo = RuleInfo {
    code: "SPEC058",
    name: "uno-tree-parent-list",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode cannot represent the requested Q in EAGLE's parent-list ABI: Q-1={verify_width - 1} exceeds K*(F-2)+1={parent_width} for F={draft_width}, K={candidate_top_k}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            437,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            501,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            523,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            540,
        ),
    ],
    title: doc!("UNO tree mode: Q does not fit EAGLE's parent list"),
    explanation: doc!("Q - 1 may not exceed K x (F - 2) + 1."),
    trigger: doc!("UNO tree mode with draft tokens beyond the parent-list capacity."),
    solutions: doc_list!["Lower --speculative-num-draft-tokens."],
    flags: &["speculative_num_draft_tokens"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3,"speculative_num_draft_tokens":7}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode does not support PDMux.
pub static UNO_TREE_PDMUX: RuleInfo = RuleInfo {
    code: "SPEC059",
    name: "uno-tree-pdmux",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode does not yet support PDMux.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            446,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            510,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            532,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            549,
        ),
    ],
    title: doc!("UNO tree mode does not support PDMux"),
    explanation: doc!("UNO tree mode refuses --enable-pdmux."),
    trigger: doc!("UNO tree mode with --enable-pdmux."),
    solutions: doc_list!["Remove --enable-pdmux."],
    flags: &["enable_pdmux"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3,"enable_pdmux":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode does not support two-batch overlap.
pub static UNO_TREE_TBO: RuleInfo = RuleInfo {
    code: "SPEC060",
    name: "uno-tree-two-batch-overlap",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode does not yet support two-batch overlap.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            448,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            512,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            534,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            551,
        ),
    ],
    title: doc!("UNO tree mode does not support two-batch overlap"),
    explanation: doc!("UNO tree mode refuses --enable-two-batch-overlap."),
    trigger: doc!("UNO tree mode with --enable-two-batch-overlap."),
    solutions: doc_list!["Remove --enable-two-batch-overlap."],
    flags: &["enable_two_batch_overlap"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3,"enable_two_batch_overlap":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO tree mode needs the default accept thresholds.
pub static UNO_TREE_THRESHOLDS: RuleInfo = RuleInfo {
    code: "SPEC061",
    name: "uno-tree-thresholds",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO tree mode reuses EAGLE target-only sampling and requires both speculative accept thresholds to be 1.0.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            453,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            517,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            539,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            556,
        ),
    ],
    title: doc!("UNO tree mode needs the default accept thresholds"),
    explanation: doc!(
        "Tree mode reuses EAGLE's target-only sampling: both accept thresholds must be 1.0."
    ),
    trigger: doc!("UNO tree mode with an accept threshold below 1.0."),
    solutions: doc_list!["Remove the accept thresholds."],
    flags: &[
        "speculative_accept_threshold_single",
        "speculative_accept_threshold_acc",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3,"speculative_accept_threshold_single":0.9}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_eagle_topk":2,"speculative_num_steps":3}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO needs TP = PP = 1.
pub static UNO_TP_PP: RuleInfo = RuleInfo {
    code: "SPEC062",
    name: "uno-tp-pp",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO requires TP=PP=1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            476,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            540,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            562,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            579,
        ),
    ],
    title: doc!("UNO needs TP = PP = 1"),
    explanation: doc!("UNO runs on a single GPU."),
    trigger: doc!("UNO with --tp-size or --pp-size above 1."),
    solutions: doc_list!["Remove --tp-size and --pp-size."],
    flags: &["tp_size", "pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","tp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO does not support DP attention or context parallelism.
pub static UNO_DP_CP: RuleInfo = RuleInfo {
    code: "SPEC063",
    name: "uno-dp-cp",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO does not support DP attention or context parallelism.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            478,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            542,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            564,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            581,
        ),
    ],
    title: doc!("UNO does not support DP attention or context parallelism"),
    explanation: doc!(
        "UNO refuses attention DP and --attn-cp-size != 1. Not reachable from a launch: it runs after the TP = 1 check, and with TP 1 the parallel checks already refuse attention DP and CP widths above 1."
    ),
    trigger: doc!("UNO with attention DP or attention CP."),
    solutions: doc_list!["Remove the DP / CP flags."],
    flags: &["attn_cp_size", "enable_dp_attention", "attn_dp_size"],
    ..RuleInfo::BASE
};

/// UNO does not support Multi-LoRA serving.
pub static UNO_LORA: RuleInfo = RuleInfo {
    code: "SPEC064",
    name: "uno-multi-lora",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO does not support public Multi-LoRA serving.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            480,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            544,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            566,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            583,
        ),
    ],
    title: doc!("UNO does not support Multi-LoRA serving"),
    explanation: doc!("UNO uses its own LoRA; --enable-lora and --lora-paths are refused."),
    trigger: doc!("UNO with --enable-lora or --lora-paths."),
    solutions: doc_list!["Remove --enable-lora / --lora-paths."],
    flags: &["enable_lora", "lora_paths"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","enable_lora":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO does not use rejection sampling.
pub static UNO_REJECTION: RuleInfo = RuleInfo {
    code: "SPEC065",
    name: "uno-rejection-sampling",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO manages its own stochastic verification and does not use --speculative-use-rejection-sampling.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            489,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            553,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            575,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            592,
        ),
    ],
    title: doc!("UNO does not use rejection sampling"),
    explanation: doc!(
        "UNO has its own stochastic verification; --speculative-use-rejection-sampling is refused."
    ),
    trigger: doc!("UNO with --speculative-use-rejection-sampling."),
    solutions: doc_list!["Remove --speculative-use-rejection-sampling."],
    flags: &["speculative_use_rejection_sampling"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3","speculative_use_rejection_sampling":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO needs FA3 for prefill and decode.
pub static UNO_FA3: RuleInfo = RuleInfo {
    code: "SPEC066",
    name: "uno-fa3-only",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO requires FA3 for both prefill and decode attention; got prefill={prefill_backend!r}, decode={decode_backend!r}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            505,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            569,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            591,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            608,
        ),
    ],
    title: doc!("UNO needs FA3 for prefill and decode"),
    explanation: doc!(
        "UNO runs on FlashAttention 3 only (Hopper). The default backend elsewhere (e.g. trtllm_mha on B200) is refused."
    ),
    trigger: doc!("UNO with a prefill or decode backend other than fa3."),
    solutions: doc_list!["Use --attention-backend fa3 on Hopper."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"triton"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"UNO","uno_lora_path":"org/uno-lora","speculative_num_draft_tokens":4,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// UNO chain mode forces steps and top-k 1.
pub static UNO_PARAMS_FORCED: RuleInfo = RuleInfo {
    code: "SPEC114",
    name: "uno-chain-params",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "UNO uses {field}=1; overriding {old_value}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            467,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            531,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            553,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/speculative_hook.py",
            570,
        ),
    ],
    title: doc!("UNO chain mode forces steps and top-k 1"),
    explanation: doc!(
        "With top-k 1 (the default), UNO sets --speculative-num-steps and --speculative-eagle-topk to 1."
    ),
    trigger: doc!("UNO chain mode with --speculative-num-steps other than 1."),
    flags: &["speculative_num_steps"],
    ..RuleInfo::BASE
};

/// Upstream checks of `speculative_hook.py` not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: HOOK,
        function: "_resolve_speculative_algorithm_alias",
        message: "",
        reason: "reads the draft checkpoint's config.json (a Gemma 4 assistant draft); Preflight does not load the draft model",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_speculative_decoding",
        message: "only supports CUDA or ROCm",
        reason: "the device is \"cuda\" on every GPU Preflight models (ROCm included); CPU, NPU and XPU platforms are outside the catalogue",
    },
    Unmodelled {
        file: HOOK,
        function: "_handle_dflash",
        message: "speculative decoding",
        reason: "the device check: the device is \"cuda\" on every GPU Preflight models; out-of-tree platforms are outside the catalogue",
    },
    Unmodelled {
        file: HOOK,
        function: "_handle_dflash",
        message: "DFLASH with dp attention requires CUDA or NPU.",
        reason: "the device is \"cuda\" on every GPU Preflight models",
    },
    Unmodelled {
        file: HOOK,
        function: "_handle_dspark",
        message: "only supports CUDA",
        reason: "the device is \"cuda\" on every GPU Preflight models; NPU and XPU are outside the catalogue",
    },
    Unmodelled {
        file: HOOK,
        function: "_handle_ngram",
        message: "Ngram speculative decoding only supports",
        reason: "the device is \"cuda\" on every GPU Preflight models; CPU and XPU are outside the catalogue",
    },
    Unmodelled {
        file: HOOK,
        function: "_handle_uno",
        message: "UNO only supports CUDA.",
        reason: "the device is \"cuda\" on every GPU Preflight models",
    },
    Unmodelled {
        file: HOOK,
        function: "_resolve_dflash_draft_attention_backend.<locals>.get_fallback_backend",
        message: "",
        reason: "out-of-tree platforms only (current_platform.is_out_of_tree()); none is in the catalogue",
    },
    Unmodelled {
        file: HOOK,
        function: "_check_oot_speculative_algorithm",
        message: "",
        reason: "out-of-tree platforms only (current_platform.is_out_of_tree()); none is in the catalogue",
    },
    Unmodelled {
        file: HOOK,
        function: "_handle_eagle_family",
        message: "Deterministic rejection sampling is currently supported only on",
        reason: "refuses devices other than CUDA; the device is \"cuda\" on every GPU Preflight models",
    },
    Unmodelled {
        file: HOOK,
        function: "_handle_iquest_q1_mtp_draft",
        message: "MTP",
        reason: "compares the IQuest Q1 MTP draft checkpoint's config.json with the target's; Preflight does not load the draft model",
    },
    Unmodelled {
        file: HOOK,
        function: "_handle_iquest_q1_mtp_draft",
        message: "IQuest Q1 requires an independent MTP draft checkpoint.",
        reason: "tests the class of the draft checkpoint's config; Preflight does not load the draft model",
    },
    Unmodelled {
        file: HOOK,
        function: "_init_adaptive_speculative_params",
        message: "",
        reason: "the candidate steps come from the adaptive config file (--speculative-adaptive-config), which Preflight does not read",
    },
    Unmodelled {
        file: HOOK,
        function: "_handle_dspark",
        message: "DSpark could not resolve speculative_num_draft_tokens",
        reason: "unreachable: without --speculative-num-draft-tokens gamma always resolves (the block size, the draft config's, else 7)",
    },
];

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
    &RAGGED_MODE,
    &DISAGG_DECODE_RADIX,
    &BLOCK_VERIFY_ALGO,
    &WINDOW_POSITIVE,
    &WINDOW_NO_EFFECT,
    &SINK_NONNEG,
    &SINK_NEEDS_WINDOW,
    &SKIP_DP_MLP_SYNC,
    &DP_SPEC_COORD,
    &DFLASH_DP,
    &DFLASH_DP_LM_HEAD,
    &DFLASH_DP_CP,
    &DFLASH_DP_COORD,
    &DFLASH_PP,
    &DFLASH_DRAFT_PATH,
    &DFLASH_STEPS,
    &DFLASH_TOPK,
    &DFLASH_BLOCK_POSITIVE,
    &DFLASH_BLOCK_MISMATCH,
    &DFLASH_DEFAULT_TOKENS,
    &DFLASH_WINDOW,
    &DFLASH_BACKEND_FALLBACK,
    &DSPARK_DP_LM_HEAD,
    &DSPARK_DP_A2A,
    &DSPARK_RAGGED,
    &DSPARK_DP_CP,
    &DSPARK_SPEC_A2A,
    &DSPARK_PP,
    &DSPARK_DRAFT_PATH,
    &DSPARK_STEPS,
    &DSPARK_TOPK,
    &DSPARK_BLOCK_POSITIVE,
    &DSPARK_GAMMA_MISMATCH,
    &DSPARK_DEFAULT_GAMMA,
    &DSPARK_MIN_TOKENS,
    &IQUEST_DRAFT_PATH,
    &STANDALONE_DP,
    &MTP_DRAFT_PATH_GIVEN,
    &REJ_ALGO,
    &REJ_TOPK,
    &REJ_THRESHOLDS,
    &REJ_DETERMINISTIC,
    &REJ_MULTI_LAYER,
    &HIP_REJECTION,
    &NGRAM_SAM_BUDGET,
    &NGRAM_CORPUS_TOKENS,
    &NGRAM_SAM_VS_DRAFT,
    &NGRAM_DP,
    &NGRAM_DEFAULT_TOKENS,
    &UNO_DRAFT_PATH,
    &UNO_LORA_PATH,
    &UNO_DETERMINISTIC,
    &UNO_STRICT_THINKING,
    &UNO_VERIFY_WIDTH,
    &UNO_TOPK_MIN,
    &UNO_TREE_STEPS,
    &UNO_TREE_STEPS_POSITIVE,
    &UNO_TREE_Q_F,
    &UNO_TREE_Q_MAX,
    &UNO_TREE_QK,
    &UNO_TREE_CAPACITY,
    &UNO_TREE_PARENT,
    &UNO_TREE_PDMUX,
    &UNO_TREE_TBO,
    &UNO_TREE_THRESHOLDS,
    &UNO_TP_PP,
    &UNO_DP_CP,
    &UNO_LORA,
    &UNO_REJECTION,
    &UNO_FA3,
    &UNO_PARAMS_FORCED,
];
