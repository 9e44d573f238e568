//! Logical-page KV cache sharding (`arg_groups/kv_shard_hook.py`, 0.5.22+):
//! `handle_kv_cache_sharding` and `validate_kv_shard_attention_backend`, which SGLang runs twice
//! (after `handle_context_parallelism` and at the end of resolution). The logic is in
//! `pipeline/kv_shard.rs`.

use super::{RuleInfo, Unmodelled};
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/kv_shard_hook.py";

/// DSA KV sharding needs interleaved prefill CP on CUDA
pub static DSA_CP: RuleInfo = RuleInfo {
    code: "KVS001",
    name: "kv-shard-dsa-prefill-cp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "DSA KV sharding requires CUDA interleave prefill CP > 1 and PP1.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 42)],
    title: doc!("DSA KV sharding needs interleaved prefill CP on CUDA"),
    explanation: doc!(
        "A DSA model (DeepSeek V3.2, GLM-5) with KV sharding stripes its KV across the prefill context-parallel ranks, so SGLang needs CUDA, --enable-prefill-cp with --attn-cp-size > 1, --cp-strategy interleave and no pipeline parallelism."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding on a DSA model (dsa attention backend) without interleaved prefill CP > 1, or with --pp-size > 1, or off CUDA."
    ),
    solutions: doc_list![
        "Add --enable-prefill-cp --attn-cp-size 2 --cp-strategy interleave.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "enable_prefill_cp",
        "attn_cp_size",
        "cp_strategy",
        "pp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true}"#,
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSA KV sharding needs TRTLLM DSA kernels, an fp8_e4m3 KV cache and page size 64
pub static DSA_TRTLLM: RuleInfo = RuleInfo {
    code: "KVS002",
    name: "kv-shard-dsa-trtllm",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "DSA KV sharding requires TRTLLM prefill/decode with fp8_e4m3 KV and page size 64.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 51)],
    title: doc!("DSA KV sharding needs TRTLLM DSA kernels, an fp8_e4m3 KV cache and page size 64"),
    explanation: doc!(
        "The sharded DSA path is implemented for the TRTLLM DSA prefill and decode kernels with an fp8_e4m3 KV cache in 64-token pages only."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding on a DSA model whose --dsa-prefill-backend / --dsa-decode-backend is not trtllm, whose KV dtype is not fp8_e4m3 or whose page size is not 64."
    ),
    solutions: doc_list![
        "Set --dsa-prefill-backend trtllm --dsa-decode-backend trtllm --kv-cache-dtype fp8_e4m3 --page-size 64.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "dsa_prefill_backend",
        "dsa_decode_backend",
        "kv_cache_dtype",
        "page_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSA KV sharding needs Mooncake and an uncompressed index_kpool of 1
pub static DSA_MOONCAKE: RuleInfo = RuleInfo {
    code: "KVS003",
    name: "kv-shard-dsa-mooncake",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "DSA KV sharding requires Mooncake, uncompressed index_kpool=1 and no DSA cache layer splitting.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 61)],
    title: doc!("DSA KV sharding needs Mooncake and an uncompressed index_kpool of 1"),
    explanation: doc!(
        "The sharded DSA transfer is implemented for the Mooncake transfer backend, with the indexer's K pool uncompressed (index_kpool 1) and without DSA cache layer splitting."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding on a DSA model with another --disaggregation-transfer-backend, --enable-dsa-cache-layer-split, or a checkpoint with index_kpool != 1 or index_kpool_compress."
    ),
    solutions: doc_list![
        "Use --disaggregation-transfer-backend mooncake and remove --enable-dsa-cache-layer-split.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "disaggregation_transfer_backend",
        "enable_dsa_cache_layer_split",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","dsa_prefill_backend":"trtllm","dsa_decode_backend":"trtllm","kv_cache_dtype":"fp8_e4m3","disaggregation_transfer_backend":"nixl"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","dsa_prefill_backend":"trtllm","dsa_decode_backend":"trtllm","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSA KV sharding needs the dsa attention backend
pub static DSA_BACKEND: RuleInfo = RuleInfo {
    code: "KVS004",
    name: "kv-shard-dsa-needs-dsa-backend",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "DSA KV sharding requires the dsa attention backend.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 67)],
    title: doc!("DSA KV sharding needs the dsa attention backend"),
    explanation: doc!(
        "A DSA model can only shard its KV cache through the dsa attention backend (0.5.23)."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding on a DSA model whose prefill attention backend is not dsa."
    ),
    solutions: doc_list![
        "Use the dsa attention backend.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "attention_backend",
        "prefill_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"attention_backend":"fa3"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding needs the fa3 (or trtllm_mla) prefill backend
pub static PREFILL_BACKEND: RuleInfo = RuleInfo {
    code: "KVS005",
    name: "kv-shard-prefill-backend",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding currently requires the fa3 prefill attention backend, or trtllm_mla for plain-TP MLA; got {prefill_backend!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 32),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 71),
    ],
    title: doc!("KV sharding needs the fa3 (or trtllm_mla) prefill backend"),
    explanation: doc!(
        "The sharded KV pool's gather plan is implemented in the fa3 prefill backend and, for plain-TP MLA models, in trtllm_mla; SGLang refuses every other prefill backend."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding with a prefill attention backend other than fa3 or trtllm_mla (or dsa on 0.5.23)."
    ),
    solutions: doc_list![
        "Use --prefill-attention-backend fa3.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "attention_backend",
        "prefill_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"attention_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding with trtllm_mla needs an MLA model
pub static TRTLLM_MLA_NEEDS_MLA: RuleInfo = RuleInfo {
    code: "KVS006",
    name: "kv-shard-trtllm-mla-needs-mla",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "KV sharding with trtllm_mla requires an MLA model.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 38),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 77),
    ],
    title: doc!("KV sharding with trtllm_mla needs an MLA model"),
    explanation: doc!("The trtllm_mla sharding path is for MLA models only."),
    trigger: doc!(
        "--enable-kv-cache-sharding with the trtllm_mla prefill backend on a model without MLA."
    ),
    solutions: doc_list![
        "Use --prefill-attention-backend fa3.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "attention_backend",
        "prefill_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"attention_backend":"trtllm_mla"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding with trtllm_mla supports plain TP only
pub static TRTLLM_MLA_CP: RuleInfo = RuleInfo {
    code: "KVS007",
    name: "kv-shard-trtllm-mla-plain-tp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "KV sharding with trtllm_mla only supports plain-TP MLA (attn_cp_size must be 1).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 40),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 79),
    ],
    title: doc!("KV sharding with trtllm_mla supports plain TP only"),
    explanation: doc!(
        "With trtllm_mla the KV stripes run across the attention-TP ranks; attention context parallelism is not supported there."
    ),
    trigger: doc!("--enable-kv-cache-sharding with trtllm_mla prefill and --attn-cp-size > 1."),
    solutions: doc_list![
        "Remove --attn-cp-size.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "attn_cp_size",
        "enable_prefill_cp",
        "cp_strategy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding with trtllm_mla needs chunked prefix caching
pub static TRTLLM_MLA_PREFIX: RuleInfo = RuleInfo {
    code: "KVS008",
    name: "kv-shard-trtllm-mla-chunked-prefix",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "KV sharding with trtllm_mla requires chunked prefix caching.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 45),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 84),
    ],
    title: doc!("KV sharding with trtllm_mla needs chunked prefix caching"),
    explanation: doc!(
        "The trtllm_mla sharding path reads the cached prefix through the chunked prefix cache."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding with trtllm_mla prefill and --disable-chunked-prefix-cache."
    ),
    solutions: doc_list![
        "Remove --disable-chunked-prefix-cache.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "disable_chunked_prefix_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"disable_chunked_prefix_cache":true}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding is for PD prefill servers only
pub static PD_PREFILL: RuleInfo = RuleInfo {
    code: "KVS009",
    name: "kv-shard-pd-prefill-only",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding is only supported on PD prefill workers: a rank's pool holds only its stripe of every cached page, which is incompatible with local decode.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 61),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 100),
    ],
    title: doc!("KV sharding is for PD prefill servers only"),
    explanation: doc!(
        "Each rank's pool holds only its stripe of every cached page, so a server that decodes locally cannot use it: SGLang allows KV sharding on a prefill server of a prefill/decode disaggregated deployment only."
    ),
    trigger: doc!("--enable-kv-cache-sharding without --disaggregation-mode prefill."),
    solutions: doc_list![
        "Add --disaggregation-mode prefill.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding without speculative decoding (0.5.22)
pub static SPEC: RuleInfo = RuleInfo {
    code: "KVS010",
    name: "kv-shard-no-speculative",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support speculative decoding.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_22), HOOK, 67)],
    title: doc!("KV sharding without speculative decoding (0.5.22)"),
    explanation: doc!("0.5.22 refuses speculative decoding on a KV-sharded prefill server."),
    trigger: doc!("--enable-kv-cache-sharding with --speculative-algorithm (0.5.22)."),
    solutions: doc_list![
        "Remove --speculative-algorithm.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"speculative_algorithm":"NGRAM","sglang":"0.5.22","env":{"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND":"python"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"sglang":"0.5.22","env":{"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND":"python"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding supports speculative decoding only for GLM DSA NextN MTP
pub static SPEC_GLM: RuleInfo = RuleInfo {
    code: "KVS011",
    name: "kv-shard-speculative-glm-dsa-only",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "KV sharding supports speculative decoding only for GLM DSA single-layer NextN MTP with EAGLE and topk=1.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 115)],
    title: doc!("KV sharding supports speculative decoding only for GLM DSA NextN MTP"),
    explanation: doc!(
        "From 0.5.23 a KV-sharded prefill server accepts speculative decoding only for GLM DSA (GlmMoeDsaForCausalLM) single-layer NextN MTP with EAGLE, --speculative-eagle-topk 1 and no multi-layer EAGLE. The check runs before the speculative hook, so the algorithm must be spelled EAGLE and the top-k given."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding with another speculative algorithm or model, or without --speculative-eagle-topk 1."
    ),
    solutions: doc_list![
        "Remove --speculative-algorithm.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "speculative_algorithm",
        "speculative_eagle_topk",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support diffusion language models
pub static DLLM: RuleInfo = RuleInfo {
    code: "KVS012",
    name: "kv-shard-no-dllm",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support diffusion language models: DLLM admission bypasses the shard-scratch budget and resolves out of PD-prefill mode.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 71),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 120),
    ],
    title: doc!("KV sharding does not support diffusion language models"),
    explanation: doc!(
        "DLLM admission bypasses the shard-scratch budget and resolves out of PD-prefill mode."
    ),
    trigger: doc!("--enable-kv-cache-sharding with --dllm-algorithm."),
    solutions: doc_list![
        "Remove --dllm-algorithm.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "dllm_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"dllm_algorithm":"LowConfidence"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding needs the built-in radix cache
pub static RADIX_BACKEND: RuleInfo = RuleInfo {
    code: "KVS013",
    name: "kv-shard-radix-cache-backend",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding requires the built-in UnifiedRadixCache with a rotation-aware UnifiedTreeCore and does not support --radix-cache-backend={cfg.radix_cache_backend!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 77),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 126),
    ],
    title: doc!("KV sharding needs the built-in radix cache"),
    explanation: doc!(
        "The sharded pool needs the built-in UnifiedRadixCache, whose tree core tracks each page's rotation; a --radix-cache-backend plugin is refused."
    ),
    trigger: doc!("--enable-kv-cache-sharding with --radix-cache-backend."),
    solutions: doc_list![
        "Remove --radix-cache-backend.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "radix_cache_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"radix_cache_backend":"my_plugin"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding needs the Python radix tree core
pub static TREE_CORE: RuleInfo = RuleInfo {
    code: "KVS014",
    name: "kv-shard-python-tree-core",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding requires the Python UnifiedTreeCore: SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND={tree_core_backend!r} is not supported for sharded KV.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 87),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 140),
    ],
    title: doc!("KV sharding needs the Python radix tree core"),
    explanation: doc!(
        "Only the Python UnifiedTreeCore is rotation-aware. 0.5.22's default tree core is Rust, so a KV-sharded launch with the radix cache on needs SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND=python; 0.5.23 picks Python itself when the variable is unset."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding with the radix cache on and SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND set to anything but python (0.5.22: also unset)."
    ),
    solutions: doc_list![
        "Set SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND=python.",
        "Add --disable-radix-cache.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "env.SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND",
        "disable_radix_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"env":{"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND":"rust"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support the unified-cache external linker
pub static EXTERNAL_LINKER: RuleInfo = RuleInfo {
    code: "KVS015",
    name: "kv-shard-no-external-linker",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support --enable-unified-cache-external-linker: load-back allocates through the flat allocator API.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 93),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 146),
    ],
    title: doc!("KV sharding does not support the unified-cache external linker"),
    explanation: doc!(
        "Load-back through the external linker allocates through the flat allocator API, which knows nothing of stripes."
    ),
    trigger: doc!("--enable-kv-cache-sharding with --enable-unified-cache-external-linker."),
    solutions: doc_list![
        "Remove --enable-unified-cache-external-linker.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "enable_unified_cache_external_linker",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_unified_cache_external_linker":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support streaming sessions
pub static STREAMING: RuleInfo = RuleInfo {
    code: "KVS016",
    name: "kv-shard-no-streaming-session",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support streaming sessions: their virtual nodes do not carry KV-shard rotation metadata.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 99),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 152),
    ],
    title: doc!("KV sharding does not support streaming sessions"),
    explanation: doc!("Streaming sessions' virtual nodes do not carry KV-shard rotation metadata."),
    trigger: doc!("--enable-kv-cache-sharding with --enable-streaming-session."),
    solutions: doc_list![
        "Remove --enable-streaming-session.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "enable_streaming_session"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_streaming_session":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support the session radix cache
pub static SESSION_RADIX: RuleInfo = RuleInfo {
    code: "KVS017",
    name: "kv-shard-no-session-radix-cache",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support session radix cache yet.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 104),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 157),
    ],
    title: doc!("KV sharding does not support the session radix cache"),
    explanation: doc!(
        "SGLang does not support the session radix cache on a KV-sharded server yet."
    ),
    trigger: doc!("--enable-kv-cache-sharding with --enable-session-radix-cache."),
    solutions: doc_list![
        "Remove --enable-session-radix-cache.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "enable_session_radix_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_session_radix_cache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support FlexKV
pub static FLEXKV: RuleInfo = RuleInfo {
    code: "KVS018",
    name: "kv-shard-no-flexkv",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support --enable-flexkv: FlexKV load-back allocates through the stock flat allocator API.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 108),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 161),
    ],
    title: doc!("KV sharding does not support FlexKV"),
    explanation: doc!("FlexKV load-back allocates through the stock flat allocator API."),
    trigger: doc!("--enable-kv-cache-sharding with --enable-flexkv."),
    solutions: doc_list![
        "Remove --enable-flexkv.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "enable_flexkv"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_flexkv":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support the unified memory pool
pub static UNIFIED_MEMORY: RuleInfo = RuleInfo {
    code: "KVS019",
    name: "kv-shard-no-unified-memory",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support --enable-unified-memory: the unified pool uses a different virtual-id allocator and layout.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 113),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 166),
    ],
    title: doc!("KV sharding does not support the unified memory pool"),
    explanation: doc!("The unified pool uses a different virtual-id allocator and layout."),
    trigger: doc!("--enable-kv-cache-sharding with --enable-unified-memory."),
    solutions: doc_list![
        "Remove --enable-unified-memory.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_unified_memory":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding and decode context parallelism are exclusive
pub static DCP: RuleInfo = RuleInfo {
    code: "KVS020",
    name: "kv-shard-no-dcp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding and decode context parallelism (--dcp-size) are mutually exclusive users of the widened allocator index space.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 118),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 171),
    ],
    title: doc!("KV sharding and decode context parallelism are exclusive"),
    explanation: doc!("Both widen the allocator's index space, so SGLang refuses them together."),
    trigger: doc!("--enable-kv-cache-sharding with --dcp-size > 1."),
    solutions: doc_list!["Remove --dcp-size.", "Remove --enable-kv-cache-sharding."],
    flags: &["enable_kv_cache_sharding", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"dcp_size":2}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support HiCache (0.5.22)
pub static HICACHE: RuleInfo = RuleInfo {
    code: "KVS021",
    name: "kv-shard-no-hicache",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support --enable-hierarchical-cache yet: HiCache backup/load assumes each rank holds full pages.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_22), HOOK, 124)],
    title: doc!("KV sharding does not support HiCache (0.5.22)"),
    explanation: doc!("In 0.5.22 HiCache backup and load assume each rank holds full pages."),
    trigger: doc!("--enable-kv-cache-sharding with --enable-hierarchical-cache (0.5.22)."),
    solutions: doc_list![
        "Remove --enable-hierarchical-cache.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "enable_hierarchical_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_hierarchical_cache":true,"sglang":"0.5.22","env":{"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND":"python"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"sglang":"0.5.22","env":{"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND":"python"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support a HiCache storage backend
pub static HICACHE_STORAGE: RuleInfo = RuleInfo {
    code: "KVS022",
    name: "kv-shard-no-hicache-storage",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "--enable-kv-cache-sharding supports HiCache host offload but not --hicache-storage-backend yet: the storage path reads and writes whole pages per rank, not each rank's own stripe.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 177)],
    title: doc!("KV sharding does not support a HiCache storage backend"),
    explanation: doc!(
        "From 0.5.23 HiCache host offload works with KV sharding, but the storage path reads and writes whole pages per rank, not each rank's stripe."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding --enable-hierarchical-cache with --hicache-storage-backend."
    ),
    solutions: doc_list![
        "Remove --hicache-storage-backend.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "hicache_storage_backend",
        "enable_hierarchical_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_hierarchical_cache":true,"hicache_storage_backend":"file"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_hierarchical_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// CP-sharded DSA HiCache needs kernel I/O with layer_first or page_first
pub static DSA_HICACHE_IO: RuleInfo = RuleInfo {
    code: "KVS024",
    name: "kv-shard-dsa-hicache-io",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "CP-sharded DSA HiCache requires kernel I/O with layer_first or page_first",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 191)],
    title: doc!("CP-sharded DSA HiCache needs kernel I/O with layer_first or page_first"),
    explanation: doc!(
        "With a DSA model, HiCache on a KV-sharded server needs --hicache-io-backend kernel and a layer_first or page_first layout."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding --enable-hierarchical-cache on a DSA model with another I/O backend or layout."
    ),
    solutions: doc_list![
        "Use --hicache-io-backend kernel --hicache-mem-layout page_first.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "hicache_io_backend",
        "hicache_mem_layout",
        "enable_hierarchical_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","dsa_prefill_backend":"trtllm","dsa_decode_backend":"trtllm","kv_cache_dtype":"fp8_e4m3","enable_hierarchical_cache":true,"hicache_io_backend":"direct"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","dsa_prefill_backend":"trtllm","dsa_decode_backend":"trtllm","kv_cache_dtype":"fp8_e4m3","enable_hierarchical_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support LMCache
pub static LMCACHE: RuleInfo = RuleInfo {
    code: "KVS025",
    name: "kv-shard-no-lmcache",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support --enable-lmcache.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 130),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 195),
    ],
    title: doc!("KV sharding does not support LMCache"),
    explanation: doc!("SGLang refuses LMCache on a KV-sharded server."),
    trigger: doc!("--enable-kv-cache-sharding with --enable-lmcache."),
    solutions: doc_list![
        "Remove --enable-lmcache.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "enable_lmcache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_lmcache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support HiSparse
pub static HISPARSE: RuleInfo = RuleInfo {
    code: "KVS026",
    name: "kv-shard-no-hisparse",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support --enable-hisparse: HiSparse selects a non-sharded allocator and assumes each rank owns complete KV pages.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 134),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 199),
    ],
    title: doc!("KV sharding does not support HiSparse"),
    explanation: doc!(
        "HiSparse selects a non-sharded allocator and assumes each rank owns complete KV pages."
    ),
    trigger: doc!("--enable-kv-cache-sharding with --enable-hisparse."),
    solutions: doc_list![
        "Remove --enable-hisparse.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "enable_hisparse"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_hisparse":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support dynamic chunking with pipeline parallelism
pub static DYNAMIC_CHUNKING: RuleInfo = RuleInfo {
    code: "KVS027",
    name: "kv-shard-no-dynamic-chunking-pp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support dynamic chunk sizing with pipeline parallelism: profiling and predicted chunks can exceed the fixed sharded scratch capacity. Disable --enable-dynamic-chunking.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 142),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 207),
    ],
    title: doc!("KV sharding does not support dynamic chunking with pipeline parallelism"),
    explanation: doc!(
        "The dynamic chunk sizer (which runs only with pipeline parallelism) can profile and predict chunks larger than the fixed sharded scratch capacity."
    ),
    trigger: doc!("--enable-kv-cache-sharding --enable-dynamic-chunking with --pp-size > 1."),
    solutions: doc_list![
        "Remove --enable-dynamic-chunking.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "enable_dynamic_chunking",
        "pp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"pp_size":2,"enable_dynamic_chunking":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"pp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support two-batch overlap
pub static TBO: RuleInfo = RuleInfo {
    code: "KVS028",
    name: "kv-shard-no-two-batch-overlap",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support --enable-two-batch-overlap: the sharded pool's per-batch gather plan is a process-wide singleton, but TBO rebuilds attention metadata multiple times per extend forward and clobbers the plan.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 149),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 214),
    ],
    title: doc!("KV sharding does not support two-batch overlap"),
    explanation: doc!(
        "The sharded pool's per-batch gather plan is a process-wide singleton; two-batch overlap rebuilds attention metadata several times per extend forward and clobbers it."
    ),
    trigger: doc!("--enable-kv-cache-sharding with --enable-two-batch-overlap."),
    solutions: doc_list![
        "Remove --enable-two-batch-overlap.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "enable_two_batch_overlap"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"enable_two_batch_overlap":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support encoder-decoder models
pub static ENCODER_DECODER: RuleInfo = RuleInfo {
    code: "KVS029",
    name: "kv-shard-no-encoder-decoder",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support encoder-decoder models: cross-attention uses a separate encoder page table that is not part of the sharded gather plan.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 158),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 223),
    ],
    title: doc!("KV sharding does not support encoder-decoder models"),
    explanation: doc!(
        "Cross-attention uses a separate encoder page table that is not part of the sharded gather plan."
    ),
    trigger: doc!("--enable-kv-cache-sharding on an encoder-decoder model (e.g. Mllama, Whisper)."),
    solutions: doc_list!["Remove --enable-kv-cache-sharding."],
    flags: &["enable_kv_cache_sharding"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"MllamaForConditionalGeneration","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
        r#"{"gpu":"H100","arch":"MllamaForConditionalGeneration","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support chunked (local) attention models
pub static LOCAL_ATTENTION: RuleInfo = RuleInfo {
    code: "KVS030",
    name: "kv-shard-no-local-attention",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support chunked/local-attention models yet: local-attention metadata is built from the page table before the scratch translation.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 164),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 229),
    ],
    title: doc!("KV sharding does not support chunked (local) attention models"),
    explanation: doc!(
        "Local-attention metadata is built from the page table before the scratch translation."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding on a model whose config sets attention_chunk_size (e.g. Llama 4)."
    ),
    solutions: doc_list!["Remove --enable-kv-cache-sharding."],
    flags: &["enable_kv_cache_sharding"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Llama4ForConditionalGeneration","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
        r#"{"gpu":"H100","arch":"Llama4ForConditionalGeneration","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding needs the mooncake or nixl transfer backend
pub static TRANSFER_BACKEND: RuleInfo = RuleInfo {
    code: "KVS031",
    name: "kv-shard-transfer-backend",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding currently only supports the mooncake and nixl transfer backends: both route sends through CommonKVSender._prepare_send_indices and pair destinations by fancy index. Got --disaggregation-transfer-backend {cfg.disaggregation_transfer_backend!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 172),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 237),
    ],
    title: doc!("KV sharding needs the mooncake or nixl transfer backend"),
    explanation: doc!(
        "Both route sends through CommonKVSender._prepare_send_indices and pair destinations by fancy index; other transfer backends are refused."
    ),
    trigger: doc!("--enable-kv-cache-sharding with another --disaggregation-transfer-backend."),
    solutions: doc_list![
        "Use --disaggregation-transfer-backend mooncake.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "disaggregation_transfer_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"disaggregation_transfer_backend":"mori"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding is incompatible with the disaggregation staging buffer
pub static STAGING_BUFFER: RuleInfo = RuleInfo {
    code: "KVS032",
    name: "kv-shard-no-staging-buffer",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding is incompatible with SGLANG_DISAGG_STAGING_BUFFER (the staging path assumes contiguous send slices).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 180),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 245),
    ],
    title: doc!("KV sharding is incompatible with the disaggregation staging buffer"),
    explanation: doc!("The staging path assumes contiguous send slices."),
    trigger: doc!("--enable-kv-cache-sharding with SGLANG_DISAGG_STAGING_BUFFER true."),
    solutions: doc_list![
        "Unset SGLANG_DISAGG_STAGING_BUFFER.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "env.SGLANG_DISAGG_STAGING_BUFFER",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"env":{"SGLANG_DISAGG_STAGING_BUFFER":"1"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding does not support DSA models (0.5.22)
pub static DSA_MODELS: RuleInfo = RuleInfo {
    code: "KVS033",
    name: "kv-shard-no-dsa-models",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding does not support DSA models yet (indexer buffers are not striped).",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_22), HOOK, 188)],
    title: doc!("KV sharding does not support DSA models (0.5.22)"),
    explanation: doc!("In 0.5.22 the DSA indexer buffers are not striped."),
    trigger: doc!("--enable-kv-cache-sharding on a DSA model (0.5.22)."),
    solutions: doc_list!["Remove --enable-kv-cache-sharding."],
    flags: &["enable_kv_cache_sharding"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"attention_backend":"fa3","sglang":"0.5.22","env":{"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND":"python"}}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","attention_backend":"fa3","sglang":"0.5.22","env":{"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND":"python"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding of an MLA model without prefill CP needs plain TP attention
pub static MLA_ATTN_DP: RuleInfo = RuleInfo {
    code: "KVS034",
    name: "kv-shard-mla-attn-dp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding for MLA models without prefill CP shards across attention-TP and requires plain TP attention; set --attn-dp-size=1.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 194),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 254),
    ],
    title: doc!("KV sharding of an MLA model without prefill CP needs plain TP attention"),
    explanation: doc!(
        "Without prefill CP, an MLA model's KV is striped across the attention-TP ranks, which attention DP would split."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding on an MLA model with attention DP and --attn-cp-size 1."
    ),
    solutions: doc_list![
        "Remove --attn-dp-size.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "attn_dp_size",
        "enable_dp_attention",
        "dp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true,"attn_dp_size":2}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding of an MLA model without prefill CP needs --tp-size > 1
pub static MLA_TP: RuleInfo = RuleInfo {
    code: "KVS035",
    name: "kv-shard-mla-tp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding for MLA models without prefill CP shards across attention-TP ranks and needs tp_size > 1.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 200),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 260),
    ],
    title: doc!("KV sharding of an MLA model without prefill CP needs --tp-size > 1"),
    explanation: doc!(
        "Without prefill CP, an MLA model's KV is striped across the attention-TP ranks: one rank has nothing to shard."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding on an MLA model with --tp-size 1 and no attention CP."
    ),
    solutions: doc_list![
        "Use --tp-size 2 or more.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding of a GQA model needs prefill CP
pub static GQA_CP: RuleInfo = RuleInfo {
    code: "KVS036",
    name: "kv-shard-gqa-prefill-cp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding for GQA models shards across attention-CP ranks and requires --enable-prefill-cp with attn_cp_size > 1.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 206),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 266),
    ],
    title: doc!("KV sharding of a GQA model needs prefill CP"),
    explanation: doc!(
        "A non-MLA model's KV is striped across the attention context-parallel ranks, so SGLang needs --enable-prefill-cp with --attn-cp-size > 1."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding on a non-MLA model without --enable-prefill-cp or with --attn-cp-size 1."
    ),
    solutions: doc_list![
        "Add --enable-prefill-cp --attn-cp-size 2 --cp-strategy interleave.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &[
        "enable_kv_cache_sharding",
        "enable_prefill_cp",
        "attn_cp_size",
        "cp_strategy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_kv_cache_sharding":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding needs a page size above 1
pub static PAGE_SIZE: RuleInfo = RuleInfo {
    code: "KVS037",
    name: "kv-shard-page-size",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding requires a real page size (--page-size 64 recommended): the physical page is the P/D transfer descriptor and gather-copy unit; page_size=1 degenerates both into per-token operations.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 214),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 274),
    ],
    title: doc!("KV sharding needs a page size above 1"),
    explanation: doc!(
        "The physical page is the P/D transfer descriptor and the gather-copy unit; with page size 1 both become per-token operations."
    ),
    trigger: doc!("--enable-kv-cache-sharding with page size 1 (the default of most backends)."),
    solutions: doc_list!["Add --page-size 64.", "Remove --enable-kv-cache-sharding."],
    flags: &["enable_kv_cache_sharding", "page_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding needs chunked prefill
pub static CHUNKED_PREFILL: RuleInfo = RuleInfo {
    code: "KVS038",
    name: "kv-shard-chunked-prefill",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-kv-cache-sharding requires chunked prefill (--chunked-prefill-size > 0).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 222),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 282),
    ],
    title: doc!("KV sharding needs chunked prefill"),
    explanation: doc!(
        "The sharded scratch buffer is sized by the chunk, so chunked prefill must stay on."
    ),
    trigger: doc!("--enable-kv-cache-sharding with --chunked-prefill-size 0 or -1."),
    solutions: doc_list![
        "Remove --chunked-prefill-size.",
        "Remove --enable-kv-cache-sharding."
    ],
    flags: &["enable_kv_cache_sharding", "chunked_prefill_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"chunked_prefill_size":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV sharding rounds the chunk size up to a multiple of the page size
pub static ROUND_CHUNK: RuleInfo = RuleInfo {
    code: "KVS100",
    name: "kv-shard-chunk-rounded",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "Rounding --chunked-prefill-size up from {chunk_size} to {rounded} (a multiple of page_size = {page_size}) for KV sharding.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 259),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 319),
    ],
    title: doc!("KV sharding rounds the chunk size up to a multiple of the page size"),
    explanation: doc!(
        "Chunk boundaries must stay on physical pages, so SGLang rounds --chunked-prefill-size up to the next multiple of the page size (and, when --mem-fraction-static was not given, lowers the static memory fraction by the larger activation)."
    ),
    trigger: doc!(
        "--enable-kv-cache-sharding with a chunk size that is not a multiple of the page size."
    ),
    flags: &["chunked_prefill_size", "page_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true,"chunked_prefill_size":1000}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"page_size":64,"disaggregation_mode":"prefill","enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_kv_cache_sharding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of the module.
pub static RULES: &[&RuleInfo] = &[
    &DSA_CP,
    &DSA_TRTLLM,
    &DSA_MOONCAKE,
    &DSA_BACKEND,
    &PREFILL_BACKEND,
    &TRTLLM_MLA_NEEDS_MLA,
    &TRTLLM_MLA_CP,
    &TRTLLM_MLA_PREFIX,
    &PD_PREFILL,
    &SPEC,
    &SPEC_GLM,
    &DLLM,
    &RADIX_BACKEND,
    &TREE_CORE,
    &EXTERNAL_LINKER,
    &STREAMING,
    &SESSION_RADIX,
    &FLEXKV,
    &UNIFIED_MEMORY,
    &DCP,
    &HICACHE,
    &HICACHE_STORAGE,
    &DSA_HICACHE_IO,
    &LMCACHE,
    &HISPARSE,
    &DYNAMIC_CHUNKING,
    &TBO,
    &ENCODER_DECODER,
    &LOCAL_ATTENTION,
    &TRANSFER_BACKEND,
    &STAGING_BUFFER,
    &DSA_MODELS,
    &MLA_ATTN_DP,
    &MLA_TP,
    &GQA_CP,
    &PAGE_SIZE,
    &CHUNKED_PREFILL,
    &ROUND_CHUNK,
];

/// The sites of the hook not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: HOOK,
        function: "handle_kv_cache_sharding",
        message: "CP-sharded DSA HiCache requires host memory mode cache",
        reason: "Unreachable: --hicache-host-memory-mode buffer_only needs --hicache-storage-backend (handle_hicache refuses it without one, earlier), and a storage backend is refused by KVS022 before this check.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_kv_cache_sharding",
        message: "Cannot safely auto-round --chunked-prefill-size",
        reason: "Needs the device-memory capacity and SGLang's mem_fraction_static default (handle_gpu_memory_settings, not ported); it is raised only when the capacity is unknown or the fraction unset, which does not happen on a catalogue GPU, where Preflight knows neither value exactly.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_kv_cache_sharding",
        message: "Auto-rounding --chunked-prefill-size for KV sharding would consume",
        reason: "Needs the mem_fraction_static default of handle_gpu_memory_settings (not ported); the correction is at most 1.5 MB per page-size token over the device capacity in MB (< 0.01 on any catalogue GPU), so it is reached only with a static fraction already near 0.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_kv_cache_sharding",
        message: "Prefill CUDA graph",
        reason: "Log line: turns the prefill CUDA graph off; Preflight does not resolve the prefill CUDA-graph backend.",
    },
];
