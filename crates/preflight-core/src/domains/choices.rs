//! SGLang's argparse choice lists, per release.
//!
//! 0.5.23: `sglang/srt/arg_groups/choices.py` and `sglang/srt/arg_groups/fields/*.py`.
//! Order matters: argparse prints the list in this order in its
//! `invalid choice: … (choose from …)` error.

use crate::version::SglangVersion;

/// `ATTENTION_BACKEND_CHOICES` (`arg_groups/choices.py:69-99@0.5.23`), used by
/// `--attention-backend`, `--prefill-attention-backend` and `--decode-attention-backend`.
pub const ATTENTION_BACKENDS_0_5_23: &[&str] = &[
    "triton",
    "torch_native",
    "flex_attention",
    "dsa",
    "nsa",
    "qsa",
    "dsv4",
    "compressed",
    "fa3",
    "fa4",
    "flashinfer",
    "llada2_cfg_flashinfer",
    "flashmla",
    "trtllm_mla",
    "cutedsl_mla",
    "tokenspeed_mla",
    "trtllm_mha",
    "hpc_ops",
    "minicpm_flashattn",
    "minicpm_flashinfer",
    "aiter",
    "wave",
    "intel_amx",
    "ascend",
    "intel_xpu",
];

/// 0.5.19's list: still has `cutlass_mla` and `dual_chunk_flash_attn` (removed in 0.5.20), not yet
/// `qsa` and `llada2_cfg_flashinfer` (checked against 0.5.19's own parser, see `sglang_cli`).
pub const ATTENTION_BACKENDS_0_5_19: &[&str] = &[
    "triton",
    "torch_native",
    "flex_attention",
    "dsa",
    "nsa",
    "dsv4",
    "compressed",
    "cutlass_mla",
    "fa3",
    "fa4",
    "flashinfer",
    "flashmla",
    "trtllm_mla",
    "cutedsl_mla",
    "tokenspeed_mla",
    "trtllm_mha",
    "dual_chunk_flash_attn",
    "hpc_ops",
    "minicpm_flashattn",
    "minicpm_flashinfer",
    "aiter",
    "wave",
    "intel_amx",
    "ascend",
    "intel_xpu",
];

/// `--kv-cache-dtype` choices (`fields/model.py:197@0.5.23`), default `auto`.
pub const KV_CACHE_DTYPES_0_5_23: &[&str] = &[
    "auto",
    "fp8_e5m2",
    "fp8_e4m3",
    "mxfp8",
    "bf16",
    "bfloat16",
    "nvfp4",
    "fp4_mx_block16",
];
/// 0.5.19 also accepts the deprecated `fp4_e2m1`, listed last as its parser does.
pub const KV_CACHE_DTYPES_0_5_19: &[&str] = &[
    "auto",
    "fp8_e5m2",
    "fp8_e4m3",
    "mxfp8",
    "bf16",
    "bfloat16",
    "nvfp4",
    "fp4_mx_block16",
    "fp4_e2m1",
];

/// `--dsa-prefill-backend` choices (`fields/exec_.py:299-440@0.5.23`), default `None`.
pub const DSA_PREFILL_BACKENDS_0_5_23: &[&str] = &[
    "flashmla_sparse",
    "flashmla_sparse_q8",
    "flashmla_kv",
    "flashmla_auto",
    "flashinfer_sparse_mla",
    "triton_sparse_mla",
    "fa3",
    "tilelang",
    "triton",
    "aiter",
    "trtllm",
    "intel_xpu",
];
/// `--dsa-decode-backend` choices: the prefill list without `triton_sparse_mla`.
pub const DSA_DECODE_BACKENDS_0_5_23: &[&str] = &[
    "flashmla_sparse",
    "flashmla_sparse_q8",
    "flashmla_kv",
    "flashmla_auto",
    "flashinfer_sparse_mla",
    "fa3",
    "tilelang",
    "triton",
    "aiter",
    "trtllm",
    "intel_xpu",
];
/// 0.5.19's DSA list (both sides).
pub const DSA_BACKENDS_0_5_19: &[&str] = &[
    "flashmla_sparse",
    "flashmla_sparse_q8",
    "flashmla_kv",
    "flashmla_auto",
    "flashinfer_sparse_mla",
    "fa3",
    "tilelang",
    "aiter",
    "trtllm",
];

/// `--dsv4-prefill-backend` (`fields/exec_.py:320@0.5.23`), default `auto`.
pub const DSV4_PREFILL_BACKENDS: &[&str] = &["auto", "flashmla_sparse", "flashmla_sparse_q8"];
/// `--dsv4-attn-backend`, default `auto`.
pub const DSV4_ATTN_BACKENDS: &[&str] = &["auto", "flashmla", "flashmla_mega", "trtllm"];

/// `--speculative-algorithm` built-ins (free text upper-cased by SGLang; listed for the picker).
pub const SPECULATIVE_ALGORITHMS: &[&str] = &[
    "EAGLE",
    "EAGLE3",
    "NEXTN",
    "STANDALONE",
    "NGRAM",
    "DFLASH",
    "DSPARK",
    "UNO",
];

/// `--speculative-attention-mode`.
pub const SPECULATIVE_ATTENTION_MODES: &[&str] = &["prefill", "decode"];

/// `--mamba-backend`.
pub const MAMBA_BACKENDS: &[&str] = &["triton", "flashinfer"];

/// `--linear-attn-backend` and its prefill/decode variants.
pub const LINEAR_ATTN_BACKENDS: &[&str] = &[
    "triton",
    "cutedsl",
    "flashinfer",
    "flashkda",
    "nvidia_kda",
    "ptx_kda",
    "helion",
    "intel_xpu",
];

/// `--mamba-ssm-dtype`.
pub const MAMBA_SSM_DTYPES: &[&str] = &["float32", "bfloat16", "float16"];

/// `--mamba-radix-cache-strategy`.
pub const MAMBA_RADIX_CACHE_STRATEGIES: &[&str] =
    &["auto", "no_buffer", "extra_buffer", "extra_buffer_lazy"];

/// The attention-backend list of a release.
pub fn attention_backends(v: SglangVersion) -> &'static [&'static str] {
    if v <= SglangVersion::V0_5_19 {
        ATTENTION_BACKENDS_0_5_19
    } else {
        ATTENTION_BACKENDS_0_5_23
    }
}

/// The `--kv-cache-dtype` list of a release.
pub fn kv_cache_dtypes(v: SglangVersion) -> &'static [&'static str] {
    if v <= SglangVersion::V0_5_19 {
        KV_CACHE_DTYPES_0_5_19
    } else {
        KV_CACHE_DTYPES_0_5_23
    }
}

/// The `--dsa-prefill-backend` list of a release.
pub fn dsa_prefill_backends(v: SglangVersion) -> &'static [&'static str] {
    if v <= SglangVersion::V0_5_19 {
        DSA_BACKENDS_0_5_19
    } else {
        DSA_PREFILL_BACKENDS_0_5_23
    }
}

/// The `--dsa-decode-backend` list of a release.
pub fn dsa_decode_backends(v: SglangVersion) -> &'static [&'static str] {
    if v <= SglangVersion::V0_5_19 {
        DSA_BACKENDS_0_5_19
    } else {
        DSA_DECODE_BACKENDS_0_5_23
    }
}
