//! Logical-page KV cache sharding (`arg_groups/kv_shard_hook.py`, 0.5.22+):
//! `handle_kv_cache_sharding` and `validate_kv_shard_attention_backend`. SGLang runs the hook
//! twice (`pipeline.py:284` after `handle_context_parallelism`, and `:371` at the end of
//! resolution, over the final view); both positions call [`handle_kv_cache_sharding`].
//!
//! Release differences: 0.5.22 refuses speculative decoding, any HiCache and every DSA model,
//! and its tree core defaults to Rust (`SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND`, environ.py:688),
//! so a radix cache needs `SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND=python`; 0.5.23 lets GLM DSA
//! NextN MTP through, checks the DSA backend gate, allows HiCache host offload, and defaults
//! the tree core to Python for KV sharding.

use super::parallel::attn_dp_enabled;
use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::rules::kv_shard as ks;
use crate::version::SglangVersion as V;

/// `validate_kv_shard_attention_backend` (`kv_shard_hook.py:30-84@0.5.23`, `:27-45@0.5.22`).
fn validate_kv_shard_attention_backend(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    let prefill = st.prefill();
    let v23 = ctx.v >= V::V0_5_23;
    if v23 && prefill.as_deref() == Some("dsa") {
        if !ctx.hw.is_cuda()
            || !c.enable_prefill_cp
            || c.attn_cp_size <= 1
            || c.cp_strategy.as_deref() != Some("interleave")
            || c.pp_size != 1
        {
            return Err(st.raise(ctx, &ks::DSA_CP, &[]));
        }
        if c.dsa_prefill_backend.as_deref() != Some("trtllm")
            || c.dsa_decode_backend.as_deref() != Some("trtllm")
            || c.kv_cache_dtype != "fp8_e4m3"
            || c.page_size != Some(64)
        {
            return Err(st.raise(ctx, &ks::DSA_TRTLLM, &[]));
        }
        let compress = ctx.model.hf.root.truthy("index_kpool_compress");
        if c.disaggregation_transfer_backend != "mooncake"
            || c.enable_dsa_cache_layer_split
            || ctx.model.index_kpool != 1
            || compress
        {
            return Err(st.raise(ctx, &ks::DSA_MOONCAKE, &[]));
        }
        return Ok(());
    }
    if v23 && ctx.model.is_deepseek_dsa {
        return Err(st.raise(ctx, &ks::DSA_BACKEND, &[]));
    }
    if prefill.as_deref() == Some("fa3") {
        return Ok(());
    }
    if prefill.as_deref() != Some("trtllm_mla") {
        let p = prefill.map_or(PyVal::None, PyVal::s);
        return Err(st.raise(ctx, &ks::PREFILL_BACKEND, &[("prefill_backend", p)]));
    }
    if !ctx.model.is_mla() {
        return Err(st.raise(ctx, &ks::TRTLLM_MLA_NEEDS_MLA, &[]));
    }
    if st.cur.attn_cp_size > 1 {
        return Err(st.raise(ctx, &ks::TRTLLM_MLA_CP, &[]));
    }
    if st.cur.disable_chunked_prefix_cache {
        return Err(st.raise(ctx, &ks::TRTLLM_MLA_PREFIX, &[]));
    }
    Ok(())
}

/// `handle_kv_cache_sharding` (`kv_shard_hook.py:87-347@0.5.23`, `:48-287@0.5.22`). The
/// chunk-size rounding's memory correction (`:297-317@0.5.23`) is not ported (see
/// `rules::kv_shard::UNMODELLED`); the rounding itself is.
pub fn handle_kv_cache_sharding(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < V::V0_5_22 || !st.cur.enable_kv_cache_sharding {
        return Ok(());
    }
    let v23 = ctx.v >= V::V0_5_23;
    let c = &st.cur;
    if c.disaggregation_mode != "prefill" {
        return Err(st.raise(ctx, &ks::PD_PREFILL, &[]));
    }
    if let Some(alg) = c.speculative_algorithm.as_deref() {
        if !v23 {
            return Err(st.raise(ctx, &ks::SPEC, &[]));
        }
        if alg != "EAGLE"
            || ctx.arch() != "GlmMoeDsaForCausalLM"
            || ctx.model.num_nextn_predict_layers != Some(1)
            || c.speculative_eagle_topk != Some(1)
            || c.enable_multi_layer_eagle
        {
            return Err(st.raise(ctx, &ks::SPEC_GLM, &[]));
        }
    }
    if c.dllm_algorithm.is_some() {
        return Err(st.raise(ctx, &ks::DLLM, &[]));
    }
    if let Some(b) = c.radix_cache_backend.clone() {
        return Err(st.raise(
            ctx,
            &ks::RADIX_BACKEND,
            &[("cfg.radix_cache_backend", PyVal::s(b))],
        ));
    }
    // EnvStr: the variable as given (0.5.23 sets "python" when unset; 0.5.22's default "rust")
    let tree = ctx
        .env("SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND")
        .unwrap_or(if v23 { "python" } else { "rust" })
        .to_string();
    if !c.disable_radix_cache && tree != "python" {
        return Err(st.raise(
            ctx,
            &ks::TREE_CORE,
            &[("tree_core_backend", PyVal::s(tree))],
        ));
    }
    if c.enable_unified_cache_external_linker {
        return Err(st.raise(ctx, &ks::EXTERNAL_LINKER, &[]));
    }
    if c.enable_streaming_session {
        return Err(st.raise(ctx, &ks::STREAMING, &[]));
    }
    if c.enable_session_radix_cache {
        return Err(st.raise(ctx, &ks::SESSION_RADIX, &[]));
    }
    if c.enable_flexkv {
        return Err(st.raise(ctx, &ks::FLEXKV, &[]));
    }
    if c.enable_unified_memory {
        return Err(st.raise(ctx, &ks::UNIFIED_MEMORY, &[]));
    }
    if c.dcp_size > 1 {
        return Err(st.raise(ctx, &ks::DCP, &[]));
    }
    if c.enable_hierarchical_cache {
        if !v23 {
            return Err(st.raise(ctx, &ks::HICACHE, &[]));
        }
        if c.hicache_storage_backend.is_some() {
            return Err(st.raise(ctx, &ks::HICACHE_STORAGE, &[]));
        }
        // the host-memory-mode check before it (:185) is unreachable (see UNMODELLED)
        if ctx.model.is_deepseek_dsa
            && (c.hicache_io_backend != "kernel"
                || !matches!(c.hicache_mem_layout.as_ref(), "layer_first" | "page_first"))
        {
            return Err(st.raise(ctx, &ks::DSA_HICACHE_IO, &[]));
        }
    }
    if c.enable_lmcache {
        return Err(st.raise(ctx, &ks::LMCACHE, &[]));
    }
    if c.enable_hisparse {
        return Err(st.raise(ctx, &ks::HISPARSE, &[]));
    }
    if c.enable_dynamic_chunking && c.pp_size > 1 {
        return Err(st.raise(ctx, &ks::DYNAMIC_CHUNKING, &[]));
    }
    if c.enable_two_batch_overlap {
        return Err(st.raise(ctx, &ks::TBO, &[]));
    }
    if ctx.model.is_encoder_decoder {
        return Err(st.raise(ctx, &ks::ENCODER_DECODER, &[]));
    }
    if ctx.model.attention_chunk_size.is_some() {
        return Err(st.raise(ctx, &ks::LOCAL_ATTENTION, &[]));
    }
    validate_kv_shard_attention_backend(ctx, st)?;
    let c = &st.cur;
    if !matches!(
        c.disaggregation_transfer_backend.as_ref(),
        "mooncake" | "nixl"
    ) {
        let b = c.disaggregation_transfer_backend.clone();
        return Err(st.raise(
            ctx,
            &ks::TRANSFER_BACKEND,
            &[("cfg.disaggregation_transfer_backend", PyVal::s(b))],
        ));
    }
    if crate::py::env_bool(ctx.env("SGLANG_DISAGG_STAGING_BUFFER"), false) {
        return Err(st.raise(ctx, &ks::STAGING_BUFFER, &[]));
    }
    if ctx.model.is_mla() {
        if !v23 && ctx.model.is_deepseek_dsa {
            return Err(st.raise(ctx, &ks::DSA_MODELS, &[]));
        }
        if c.attn_cp_size <= 1 {
            if attn_dp_enabled(ctx, st) {
                return Err(st.raise(ctx, &ks::MLA_ATTN_DP, &[]));
            }
            if c.tp_size <= 1 {
                return Err(st.raise(ctx, &ks::MLA_TP, &[]));
            }
        }
    } else if !c.enable_prefill_cp || c.attn_cp_size <= 1 {
        return Err(st.raise(ctx, &ks::GQA_CP, &[]));
    }
    let page_size = st.cur.page_size.unwrap_or(1);
    if page_size <= 1 {
        return Err(st.raise(ctx, &ks::PAGE_SIZE, &[]));
    }
    // the chunk as the view holds it: the user's or handle_gpu_memory_settings' default,
    // divided by attention DP (handle_data_parallelism); unknown for a bare compute capability
    let Some(chunk) = super::moe::chunked_prefill(ctx, st) else {
        return Ok(());
    };
    if chunk <= 0 {
        return Err(st.raise(ctx, &ks::CHUNKED_PREFILL, &[]));
    }
    if chunk % page_size != 0 {
        let rounded = (chunk + page_size - 1) / page_size * page_size;
        // the view's value is the divided one; Preflight keeps the user's and divides on
        // reading, so the rounded value is only written back without attention DP
        if !attn_dp_enabled(ctx, st) {
            st.cur.chunked_prefill_size = Some(rounded);
            st.by("chunked_prefill_size", &ks::ROUND_CHUNK);
        }
        if st.diags.iter().any(|d| d.code == ks::ROUND_CHUNK.code) {
            return Ok(());
        }
        st.emit(
            ctx,
            &ks::ROUND_CHUNK,
            &[
                ("chunk_size", PyVal::Int(chunk)),
                ("rounded", PyVal::Int(rounded)),
                ("page_size", PyVal::Int(page_size)),
            ],
        );
    }
    Ok(())
}
