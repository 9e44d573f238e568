//! The modelled SGLang flags: one declarative table that drives the builder's pickers,
//! URL keys, the rendered launch command, command-line parsing and the fix search.
//!
//! Each flag is named by its `ServerArgs` field (`kv_cache_dtype`); its command-line
//! spelling is `--` plus the name with dashes (`--kv-cache-dtype`), as SGLang's argparse
//! builds it. Sources: `sglang/srt/arg_groups/fields/*.py@0.5.23`.

use crate::version::SglangVersion;

/// How a flag takes its value.
#[derive(Clone, Copy)]
pub enum FlagKind {
    /// A closed list of strings: argparse `choices=` of the release's own parser (the generated
    /// option table).
    Choice,
    /// Free text, with suggestions for pickers and fixes.
    Text(&'static [&'static str]),
    /// An integer (argparse `type=int`), with typical values for pickers and fixes.
    Int(&'static [i64]),
    /// A `store_true` switch.
    Bool,
}

/// One modelled flag.
#[derive(Clone, Copy)]
pub struct FlagSpec {
    /// `ServerArgs` field name, also the JSON key and (with dashes) the URL key.
    pub name: &'static str,
    /// Value kind.
    pub kind: FlagKind,
    /// What SGLang uses when the flag is not given, as shown to users.
    pub default_label: &'static str,
    /// Builder group.
    pub group: Group,
    /// One-line help.
    pub help: &'static str,
}

/// Builder sections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Attention backends and KV cache.
    Attention,
    /// DeepSeek Sparse Attention and DeepSeek-V4.
    Sparse,
    /// Speculative decoding.
    Speculative,
    /// Parallelism, quantization and other serving flags.
    Serving,
    /// Linear attention / Mamba.
    Linear,
}

/// `--speculative-algorithm` built-ins (free text upper-cased by SGLang; listed for the picker).
const SPECULATIVE_ALGORITHMS: &[&str] = &[
    "EAGLE",
    "EAGLE3",
    "NEXTN",
    "STANDALONE",
    "NGRAM",
    "DFLASH",
    "DSPARK",
    "UNO",
];

/// Every modelled flag, in the order the launch command prints them.
#[rustfmt::skip]
pub static FLAGS: &[FlagSpec] = &[
    FlagSpec { name: "kv_cache_dtype", kind: FlagKind::Choice, default_label: "auto", group: Group::Attention, help: "Data type of the KV cache." },
    FlagSpec { name: "attention_backend", kind: FlagKind::Choice, default_label: "auto", group: Group::Attention, help: "Attention kernel backend for prefill and decode." },
    FlagSpec { name: "prefill_attention_backend", kind: FlagKind::Choice, default_label: "= attention backend", group: Group::Attention, help: "Attention backend for prefill only." },
    FlagSpec { name: "decode_attention_backend", kind: FlagKind::Choice, default_label: "= attention backend", group: Group::Attention, help: "Attention backend for decode only." },
    FlagSpec { name: "page_size", kind: FlagKind::Int(&[1, 16, 32, 64, 128, 256]), default_label: "auto (1)", group: Group::Attention, help: "Tokens per KV-cache page." },
    FlagSpec { name: "dsa_prefill_backend", kind: FlagKind::Choice, default_label: "auto", group: Group::Sparse, help: "DeepSeek Sparse Attention prefill kernel." },
    FlagSpec { name: "dsa_decode_backend", kind: FlagKind::Choice, default_label: "auto", group: Group::Sparse, help: "DeepSeek Sparse Attention decode kernel." },
    FlagSpec { name: "dsv4_prefill_backend", kind: FlagKind::Choice, default_label: "auto", group: Group::Sparse, help: "DeepSeek-V4 sparse prefill kernel." },
    FlagSpec { name: "dsv4_attn_backend", kind: FlagKind::Choice, default_label: "auto", group: Group::Sparse, help: "DeepSeek-V4 attention kernel." },
    FlagSpec { name: "prefill_kv_cache_dequant_dtype", kind: FlagKind::Choice, default_label: "auto", group: Group::Attention, help: "How nvfp4 KV is read at prefill: FP8 workspace or native NVFP4." },
    FlagSpec { name: "speculative_algorithm", kind: FlagKind::Text(SPECULATIVE_ALGORITHMS), default_label: "none", group: Group::Speculative, help: "Speculative decoding algorithm." },
    FlagSpec { name: "speculative_eagle_topk", kind: FlagKind::Int(&[1, 2, 4, 8]), default_label: "auto", group: Group::Speculative, help: "Draft tree branching factor." },
    FlagSpec { name: "speculative_num_steps", kind: FlagKind::Int(&[1, 2, 3, 5]), default_label: "auto", group: Group::Speculative, help: "Draft steps." },
    FlagSpec { name: "speculative_num_draft_tokens", kind: FlagKind::Int(&[2, 4, 8, 16]), default_label: "auto", group: Group::Speculative, help: "Draft tokens verified per step." },
    FlagSpec { name: "speculative_draft_attention_backend", kind: FlagKind::Text(&["flashinfer", "fa3", "fa4", "triton", "trtllm_mha"]), default_label: "auto", group: Group::Speculative, help: "Attention backend of the draft model." },
    FlagSpec { name: "speculative_ngram_max_bfs_breadth", kind: FlagKind::Int(&[1, 10]), default_label: "10", group: Group::Speculative, help: "NGRAM draft tree breadth (its top-k)." },
    FlagSpec { name: "speculative_attention_mode", kind: FlagKind::Choice, default_label: "prefill", group: Group::Speculative, help: "Whether draft-extend and verify use the prefill or the decode backend." },
    FlagSpec { name: "enable_deterministic_inference", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Batch-invariant kernels for deterministic output." },
    FlagSpec { name: "tp_size", kind: FlagKind::Int(&[1, 2, 4, 8]), default_label: "1", group: Group::Serving, help: "Tensor-parallel size." },
    FlagSpec { name: "dp_size", kind: FlagKind::Int(&[1, 2, 4, 8]), default_label: "1", group: Group::Serving, help: "Data-parallel size." },
    FlagSpec { name: "attn_cp_size", kind: FlagKind::Int(&[1, 2, 4, 8]), default_label: "1", group: Group::Serving, help: "Attention context-parallel size." },
    FlagSpec { name: "quantization", kind: FlagKind::Text(&["fp8", "mxfp8", "modelopt_fp4", "modelopt_fp8", "mxfp4", "w4afp8", "awq", "gptq"]), default_label: "from checkpoint", group: Group::Serving, help: "Weight quantization method." },
    FlagSpec { name: "max_running_requests", kind: FlagKind::Int(&[48, 128, 256]), default_label: "auto", group: Group::Serving, help: "Maximum concurrently running requests." },
    FlagSpec { name: "chunked_prefill_size", kind: FlagKind::Int(&[2048, 4096, 8192, 16384]), default_label: "auto", group: Group::Serving, help: "Maximum tokens in a prefill chunk." },
    FlagSpec { name: "ep_size", kind: FlagKind::Int(&[1, 2, 4, 8]), default_label: "1", group: Group::Serving, help: "Expert-parallel size (an all-to-all backend sets it to the TP size)." },
    FlagSpec { name: "attn_dp_size", kind: FlagKind::Int(&[1, 2, 4, 8]), default_label: "1", group: Group::Serving, help: "Attention data-parallel size (0.5.22+)." },
    FlagSpec { name: "moe_runner_backend", kind: FlagKind::Choice, default_label: "auto", group: Group::Serving, help: "MoE expert kernel backend." },
    FlagSpec { name: "moe_a2a_backend", kind: FlagKind::Choice, default_label: "none", group: Group::Serving, help: "MoE all-to-all (expert dispatch) backend." },
    FlagSpec { name: "deepep_mode", kind: FlagKind::Choice, default_label: "auto", group: Group::Serving, help: "DeepEP dispatch mode." },
    FlagSpec { name: "disable_radix_cache", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Disable prefix (radix) caching." },
    FlagSpec { name: "json_model_override_args", kind: FlagKind::Text(&[]), default_label: "none", group: Group::Serving, help: "JSON merged into the model's config.json (e.g. {\"v_head_dim\": 256})." },
    FlagSpec { name: "disable_overlap_schedule", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Turn off the overlap (CPU/GPU) scheduler." },
    FlagSpec { name: "mamba_backend", kind: FlagKind::Choice, default_label: "triton", group: Group::Linear, help: "Mamba state-update kernel." },
    FlagSpec { name: "linear_attn_backend", kind: FlagKind::Choice, default_label: "triton", group: Group::Linear, help: "Linear-attention kernel." },
    FlagSpec { name: "linear_attn_prefill_backend", kind: FlagKind::Choice, default_label: "= linear backend", group: Group::Linear, help: "Linear-attention prefill kernel." },
    FlagSpec { name: "linear_attn_decode_backend", kind: FlagKind::Choice, default_label: "= linear backend", group: Group::Linear, help: "Linear-attention decode kernel." },
    FlagSpec { name: "mamba_ssm_dtype", kind: FlagKind::Choice, default_label: "auto", group: Group::Linear, help: "Mamba SSM state dtype." },
    FlagSpec { name: "mamba_radix_cache_strategy", kind: FlagKind::Choice, default_label: "auto", group: Group::Linear, help: "Mamba radix-cache strategy." },
    FlagSpec { name: "speculative_draft_model_path", kind: FlagKind::Text(&[]), default_label: "none (MTP: the model)", group: Group::Speculative, help: "Draft model checkpoint (EAGLE, EAGLE3, STANDALONE, DFLASH, DSPARK)." },
    FlagSpec { name: "speculative_draft_window_size", kind: FlagKind::Int(&[64, 256, 1024]), default_label: "none", group: Group::Speculative, help: "Sliding attention window of the draft." },
    FlagSpec { name: "speculative_draft_sink_size", kind: FlagKind::Int(&[0, 4]), default_label: "none", group: Group::Speculative, help: "Sink tokens kept with the draft window." },
    FlagSpec { name: "speculative_dflash_block_size", kind: FlagKind::Int(&[8, 16]), default_label: "from the draft (16)", group: Group::Speculative, help: "DFLASH block (verify width)." },
    FlagSpec { name: "speculative_dspark_block_size", kind: FlagKind::Int(&[3, 7]), default_label: "from the draft (7)", group: Group::Speculative, help: "DSpark gamma (draft tokens - 1)." },
    FlagSpec { name: "speculative_use_rejection_sampling", kind: FlagKind::Bool, default_label: "off (ROCm EAGLE: on)", group: Group::Speculative, help: "Verify drafts by rejection sampling." },
    FlagSpec { name: "speculative_use_block_verification", kind: FlagKind::Bool, default_label: "off", group: Group::Speculative, help: "Verify drafts in blocks." },
    FlagSpec { name: "speculative_ngram_external_corpus_path", kind: FlagKind::Text(&[]), default_label: "none", group: Group::Speculative, help: "External corpus for NGRAM drafts." },
    FlagSpec { name: "speculative_ngram_external_sam_budget", kind: FlagKind::Int(&[4, 8]), default_label: "0", group: Group::Speculative, help: "Draft tokens NGRAM may take from the external corpus." },
    FlagSpec { name: "prefill_only_disable_kv_cache", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Embedding prefill without a KV cache (fa3/fa4 only)." },
    FlagSpec { name: "enable_dp_lm_head", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Shard the LM head across attention-DP ranks." },
    FlagSpec { name: "disaggregation_mode", kind: FlagKind::Choice, default_label: "null", group: Group::Serving, help: "PD disaggregation role: prefill or decode server (null = aggregated)." },
    FlagSpec { name: "disaggregation_transfer_backend", kind: FlagKind::Choice, default_label: "mooncake", group: Group::Serving, help: "KV transfer backend between prefill and decode servers." },
    FlagSpec { name: "disaggregation_decode_enable_radix_cache", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Keep the (experimental) radix cache on a decode server." },
    FlagSpec { name: "disaggregation_decode_host_receive_threshold", kind: FlagKind::Text(&["0", "0.5", "1.0"]), default_label: "1.0 (0.0 in 0.5.21)", group: Group::Serving, help: "Decode host KV buffering threshold (a fraction)." },
    FlagSpec { name: "disaggregation_decode_retraction_backup", kind: FlagKind::Choice, default_label: "auto", group: Group::Serving, help: "Where a decode server backs up retracted requests." },
    FlagSpec { name: "disaggregation_decode_allocation_policy", kind: FlagKind::Choice, default_label: "early", group: Group::Serving, help: "When a decode server allocates KV for an incoming request." },
    FlagSpec { name: "disaggregation_bootstrap_port", kind: FlagKind::Int(&[8998]), default_label: "8998", group: Group::Serving, help: "KV bootstrap server port of the prefill server." },
    FlagSpec { name: "enable_pd_role_switch", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Let a PD server switch between prefill and decode at run time." },
    FlagSpec { name: "ssl_keyfile", kind: FlagKind::Text(&[]), default_label: "none", group: Group::Serving, help: "TLS private key file (HTTPS)." },
    FlagSpec { name: "ssl_certfile", kind: FlagKind::Text(&[]), default_label: "none", group: Group::Serving, help: "TLS certificate file (HTTPS)." },
    FlagSpec { name: "ssl_ca_certs", kind: FlagKind::Text(&[]), default_label: "none", group: Group::Serving, help: "CA certificates for client verification (HTTPS)." },
    FlagSpec { name: "enable_ssl_refresh", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Reload the TLS certificate when its files change." },
    FlagSpec { name: "enable_http2", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Serve HTTP/2 with Granian." },
    FlagSpec { name: "tokenizer_worker_num", kind: FlagKind::Int(&[1, 2, 4]), default_label: "1", group: Group::Serving, help: "Tokenizer worker processes." },
    FlagSpec { name: "grpc_port", kind: FlagKind::Int(&[50051]), default_label: "none", group: Group::Serving, help: "Port of the native gRPC server." },
    FlagSpec { name: "smg_grpc_mode", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Legacy SMG gRPC server (port = --port + 10000)." },
    FlagSpec { name: "sidecar", kind: FlagKind::Text(&[]), default_label: "none", group: Group::Serving, help: "Program run beside the native gRPC server." },
    FlagSpec { name: "mm_feature_transport", kind: FlagKind::Choice, default_label: "auto (cpu)", group: Group::Serving, help: "How multimodal features reach the scheduler." },
    FlagSpec { name: "enable_deepseek_v4_fp4_indexer", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "DeepSeek-V4 FP4 indexer (SM100/SM120/gfx95)." },
    FlagSpec { name: "enable_tokenizer_batch_encode", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Batch-encode requests in the tokenizer." },
    FlagSpec { name: "enable_dynamic_batch_tokenizer", kind: FlagKind::Bool, default_label: "off", group: Group::Serving, help: "Dynamic batching tokenizer." },
    FlagSpec { name: "cuda_graph_prefill_max_context", kind: FlagKind::Text(&["4096", "8192"]), default_label: "none", group: Group::Serving, help: "Context size prefill CUDA graphs are captured for (page-aligned)." },
];

/// A modelled environment variable.
#[derive(Clone, Copy)]
pub struct EnvSpec {
    /// Variable name.
    pub name: &'static str,
    /// Typical values (for pickers and fixes); the empty string means "unset".
    pub values: &'static [&'static str],
    /// What SGLang reads it for, with the source.
    pub help: &'static str,
}

/// Environment variables the modelled checks read.
#[rustfmt::skip]
pub static ENV_VARS: &[EnvSpec] = &[
    EnvSpec { name: "SGLANG_DSV4_Q8KV8_PREFILL", values: &["", "1", "0"], help: "Forces the DeepSeek-V4 q8 sparse prefill on (1/true/yes/on) or off (anything else); wins over --dsv4-prefill-backend (sglang/srt/layers/attention/dsv4/sparse_prefill_utils.py:57@0.5.23)." },
    EnvSpec { name: "SGLANG_USE_AITER", values: &["", "1", "0"], help: "Enables AMD's aiter kernels; on ROCm DeepSeek DSA gets 64-token pages only with it (sglang/srt/layers/attention/dsa/utils.py:34-70@0.5.23)." },
    EnvSpec { name: "AITER_ENABLE_AOT_GLUON_PA_MQA_LOGITS", values: &["", "1"], help: "Enables aiter's ahead-of-time gluon paged-MQA kernels; with SGLANG_USE_AITER=1 it gives DSA models 64-token pages on ROCm (sglang/srt/layers/attention/dsa/utils.py:34-70@0.5.23)." },
    EnvSpec { name: "SGLANG_IS_FLASHINFER_AVAILABLE", values: &["", "false"], help: "false makes SGLang act as if FlashInfer were missing: the MHA default becomes triton (sglang/srt/utils/common.py:387-395@0.5.23)." },
    EnvSpec { name: "SGLANG_FP8_PAGED_MQA_LOGITS_TORCH", values: &["", "1"], help: "Uses torch instead of DeepGEMM for the DSA indexer's paged MQA logits (sglang/srt/layers/attention/dsa/utils.py:354@0.5.23)." },
    EnvSpec { name: "SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION", values: &["", "1"], help: "DP speculative/prefill coordination; needs single-layer EAGLE, EAGLE3 or DSPARK (sglang/srt/arg_groups/speculative_hook.py:252-259@0.5.23, from 0.5.21)." },
    EnvSpec { name: "SGLANG_RAGGED_VERIFY_MODE", values: &["", "static", "compact"], help: "Ragged verify mode of speculative decoding: static, cap-accept or compact (sglang/srt/speculative/ragged_verify.py:19-27@0.5.23)." },
    EnvSpec { name: "SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR", values: &["", "0", "1.0"], help: "Skip-softmax prefill; > 0 is refused by TRT-LLM FMHAv2 prefill on SM120 (sglang/srt/arg_groups/attention_hook.py:207-221@0.5.23)." },
    EnvSpec { name: "SGLANG_DISAGG_STAGING_BUFFER", values: &["", "1"], help: "PD KV transfer through staging buffers; needs the mooncake or nixl transfer backend (sglang/srt/arg_groups/pd_disaggregation_hook.py:152-161@0.5.23)." },
    EnvSpec { name: "SGLANG_RUST_SERVER", values: &["", "1"], help: "The embedded Rust server; a prefill server then serves the KV bootstrap registry on its api port (sglang/srt/arg_groups/pd_disaggregation_hook.py:149-150@0.5.23)." },
    EnvSpec { name: "SGLANG_GRPC_PORT", values: &["", "50051"], help: "The native gRPC port when --grpc-port is not given (sglang/srt/arg_groups/serving_hook.py:364-370@0.5.23)." },
    EnvSpec { name: "SGLANG_GRPC_WORKER_THREADS", values: &["", "4"], help: "Native gRPC worker threads (default 4, at least 1; sglang/srt/arg_groups/serving_hook.py:384-389@0.5.23)." },
    EnvSpec { name: "SGLANG_USE_CUDA_IPC_TRANSPORT", values: &["", "1", "0"], help: "Legacy switch for --mm-feature-transport cuda_ipc (sglang/srt/arg_groups/serving_hook.py:807-822@0.5.23)." },
    EnvSpec { name: "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN", values: &["", "1"], help: "Lets --context-length exceed the model's derived maximum (a warning instead of the refusal; sglang/srt/configs/model_config.py:1303-1316@0.5.23)." },
    EnvSpec { name: "SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS", values: &[""], help: "Removed in 0.5.20: refused whenever set (use --sampling-mask-max-tokens; sglang/srt/arg_groups/validation_hook.py:679@0.5.23)." },
    EnvSpec { name: "SGLANG_ENABLE_PP_SPEC", values: &["", "1"], help: "Aggregated pipeline-parallel EAGLE speculative decoding (sglang/srt/arg_groups/validation_hook.py:139-159@0.5.23)." },
];

impl FlagSpec {
    /// The command-line spelling, e.g. `--kv-cache-dtype`.
    pub fn cli(&self) -> String {
        format!("--{}", self.name.replace('_', "-"))
    }

    /// The URL query key: the flag without its leading dashes (`kv-cache-dtype`).
    pub fn url_key(&self) -> String {
        self.name.replace('_', "-")
    }

    /// The closed choice list for a release, if the flag has one.
    pub fn choices(&self, v: SglangVersion) -> Option<&'static [&'static str]> {
        match self.kind {
            FlagKind::Choice => crate::sglang_cli::find_dest(self.name, v).map(|o| o.choices),
            _ => None,
        }
    }
}

/// Looks a flag up by `ServerArgs` name, URL key or command-line spelling.
pub fn find_flag(key: &str) -> Option<&'static FlagSpec> {
    let k = key.trim().trim_start_matches('-').replace('-', "_");
    FLAGS.iter().find(|f| f.name == k)
}

/// Looks an environment variable up by name.
pub fn find_env(name: &str) -> Option<&'static EnvSpec> {
    ENV_VARS.iter().find(|e| e.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_unique_and_spelled_like_argparse() {
        let mut names: Vec<&str> = FLAGS.iter().map(|f| f.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), FLAGS.len());
        assert_eq!(
            find_flag("--kv-cache-dtype").unwrap().cli(),
            "--kv-cache-dtype"
        );
        assert_eq!(
            find_flag("dsa-prefill-backend").unwrap().name,
            "dsa_prefill_backend"
        );
        assert!(find_flag("--nope").is_none());
    }
}
