//! KV-cache hooks (`arg_groups/kv_cache_hook.py@0.5.23`): NVFP4 prefill dequant dtype, KV4
//! compatibility, MXFP8.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::rules::kv;
use crate::version::SglangVersion;

/// `handle_nvfp4_prefill_kv_dequant_dtype` (`kv_cache_hook.py:34-97`, the same from 0.5.21;
/// not in 0.5.19 or 0.5.20).
pub fn handle_nvfp4_prefill_kv_dequant_dtype(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < SglangVersion::V0_5_21 {
        return Ok(());
    }
    let requested = ctx.args.prefill_kv_cache_dequant_dtype.clone();
    if st.cur.kv_cache_dtype != "nvfp4" {
        if requested != "auto" {
            return Err(st.raise(ctx, &kv::NVFP4_DEQUANT_ONLY, &[]));
        }
        return Ok(());
    }
    let mut req = requested.clone();
    if req == "auto" {
        let explicit = st
            .cur
            .prefill_attention_backend
            .clone()
            .or_else(|| st.cur.attention_backend.clone());
        match explicit.as_deref() {
            Some("flashinfer") => req = "fp8_e4m3".into(),
            Some("trtllm_mha") => req = "nvfp4".into(),
            Some(other) => {
                return Err(st.raise(
                    ctx,
                    &kv::NVFP4_BACKEND_NEITHER,
                    &[("explicit_backend", PyVal::s(other))],
                ));
            }
            None => {
                req = if ctx.hw.is_sm100() {
                    "nvfp4".into()
                } else {
                    "fp8_e4m3".into()
                }
            }
        }
    }
    if req == "nvfp4" && !ctx.hw.is_sm100() {
        return Err(st.raise(ctx, &kv::NVFP4_NATIVE_SM100, &[]));
    }
    let target = if req == "fp8_e4m3" {
        "flashinfer"
    } else {
        "trtllm_mha"
    };
    if let Some(p) = st
        .cur
        .prefill_attention_backend
        .clone()
        .filter(|p| p != target)
    {
        return Err(st.raise(
            ctx,
            &kv::NVFP4_PREFILL_MISMATCH,
            &[
                ("requested_dtype", PyVal::s(req)),
                ("target_prefill_backend", PyVal::s(target)),
                ("explicit_prefill_backend", PyVal::s(p)),
            ],
        ));
    }
    if let Some(d) = st
        .cur
        .decode_attention_backend
        .clone()
        .filter(|d| d != "trtllm_mha")
    {
        return Err(st.raise(
            ctx,
            &kv::NVFP4_DECODE,
            &[("explicit_decode_backend", PyVal::s(d))],
        ));
    }
    st.cur.prefill_attention_backend = Some(target.into());
    st.cur.decode_attention_backend = Some("trtllm_mha".into());
    st.by("prefill_attention_backend", &kv::NVFP4_BACKENDS_INFO);
    st.by("decode_attention_backend", &kv::NVFP4_BACKENDS_INFO);
    st.emit(ctx, &kv::NVFP4_BACKENDS_INFO, &[("req", PyVal::s(req))]);
    Ok(())
}

/// `handle_kv4_compatibility` (`kv_cache_hook.py:112-318`).
pub fn handle_kv4_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    let dtype = st.cur.kv_cache_dtype.clone();
    if dtype != "nvfp4" && dtype != "fp4_mx_block16" {
        return Ok(());
    }
    if !ctx.hw.is_cuda() {
        return Err(st.raise(ctx, &kv::KV4_NON_CUDA, &[]));
    }
    if dtype == "nvfp4" && !(ctx.hw.is_sm100() || ctx.hw.is_sm120()) {
        return Err(st.raise(ctx, &kv::NVFP4_ARCH, &[]));
    }
    let (p, d) = (
        st.prefill().unwrap_or_default(),
        st.decode().unwrap_or_default(),
    );
    // kv_cache_hook.py:131-263@0.5.23 (0.5.21+): unified memory, SM100 native NVFP4
    if ctx.v >= SglangVersion::V0_5_21 {
        if st.cur.enable_unified_memory {
            return Err(st.raise(ctx, &kv::KV4_UNIFIED, &[]));
        }
        let native =
            dtype == "nvfp4" && ctx.hw.is_sm100() && (p == "trtllm_mha" || d == "trtllm_mha");
        // the raw algorithm, upper-cased (the speculative hook has not run yet)
        let alg = st
            .cur
            .speculative_algorithm
            .as_ref()
            .map(|a| a.to_uppercase());
        let a = alg.as_deref();
        if native {
            if let Some(x @ ("DFLASH" | "DSPARK")) = a {
                return Err(st.raise(
                    ctx,
                    &kv::NVFP4_SPEC_BLOCK,
                    &[("speculative_algorithm", PyVal::s(x))],
                ));
            }
            if let Some(x) = a
                && !matches!(x, "EAGLE" | "EAGLE3" | "NEXTN" | "NGRAM")
            {
                return Err(st.raise(
                    ctx,
                    &kv::NVFP4_SPEC_ALGO,
                    &[("speculative_algorithm", PyVal::s(x))],
                ));
            }
            let breadth = st.cur.speculative_ngram_max_bfs_breadth;
            if a == Some("NGRAM") && breadth != 1 {
                return Err(st.raise(
                    ctx,
                    &kv::NVFP4_NGRAM_BREADTH,
                    &[("cfg.speculative_ngram_max_bfs_breadth", PyVal::Int(breadth))],
                ));
            }
            if a.is_some_and(|x| x != "NGRAM") {
                match st.cur.speculative_draft_attention_backend.clone() {
                    None => {
                        st.emit(ctx, &kv::NVFP4_DRAFT_DEFAULT, &[]);
                        st.cur.speculative_draft_attention_backend = Some("trtllm_mha".into());
                        st.by(
                            "speculative_draft_attention_backend",
                            &kv::NVFP4_DRAFT_DEFAULT,
                        );
                    }
                    Some(b) if b != "trtllm_mha" => {
                        return Err(st.raise(
                            ctx,
                            &kv::NVFP4_DRAFT_BACKEND,
                            &[("draft_backend", PyVal::s(b))],
                        ));
                    }
                    _ => {}
                }
            }
            // (mixed flashinfer/trtllm_mha: speculative_attention_mode prefill -> decode, not shown)
            if st.cur.disaggregation_mode != "null" {
                return Err(st.raise(ctx, &kv::NVFP4_PD, &[]));
            }
            if st.cur.enable_hierarchical_cache || st.cur.enable_lmcache {
                return Err(st.raise(ctx, &kv::NVFP4_HOST_TIER, &[]));
            }
        }
    }
    let base = st.cur.attention_backend.clone().unwrap_or_default();
    let mixed_nvfp4 = dtype == "nvfp4" && p == "flashinfer" && d == "trtllm_mha";
    let mla = ctx.model.is_mla();
    if p != d && p != "fa4" {
        if !mixed_nvfp4 {
            st.emit(
                ctx,
                &kv::KV4_MIXED,
                &[
                    ("prefill_backend", PyVal::s(p)),
                    ("decode_backend", PyVal::s(d)),
                ],
            );
        }
    } else if p == "fa4" {
        if mla && !["flashinfer", "trtllm_mla"].contains(&d.as_str()) {
            return Err(st.raise(ctx, &kv::KV4_FA4_MLA, &[("decode_backend", PyVal::s(d))]));
        } else if !mla && !["triton", "torch_native", "flex_attention"].contains(&d.as_str()) {
            return Err(st.raise(ctx, &kv::KV4_FA4_MHA, &[("decode_backend", PyVal::s(d))]));
        }
    } else if mla
        && !["flashinfer", "trtllm_mla"].contains(&base.as_str())
        // 0.5.19's list also has cutlass_mla (kv_cache_hook.py:88@0.5.19)
        && !(ctx.v <= SglangVersion::V0_5_19 && base == "cutlass_mla")
    {
        return Err(st.raise(ctx, &kv::KV4_MLA, &[("attention_backend", PyVal::s(base))]));
    } else if !mla
        && !["triton", "torch_native", "flex_attention", "trtllm_mha"].contains(&base.as_str())
    {
        return Err(st.raise(ctx, &kv::KV4_MHA, &[("attention_backend", PyVal::s(base))]));
    }
    Ok(())
}

/// `handle_mxfp8_kv_cache_compatibility` (`kv_cache_hook.py:100-109`).
pub fn handle_mxfp8_kv_cache_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.kv_cache_dtype == "mxfp8" && !ctx.hw.is_blackwell() {
        return Err(st.raise(ctx, &kv::MXFP8_BLACKWELL, &[]));
    }
    Ok(())
}

/// `handle_cache_compatibility` (`kv_cache_hook.py:354-471@0.5.23`; the LMCache checks and the
/// swa_prefix_tails check from 0.5.21). The T-LRU eviction-config checks are not modelled.
pub fn handle_cache_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    let c = st.cur.clone();
    let host_pool = c.disaggregation_decode_retraction_backup.as_deref() == Some("host_pool");
    if host_pool && c.disaggregation_mode != "decode" {
        return Err(st.raise(ctx, &kv::HOST_POOL_DECODE, &[]));
    }
    if host_pool && c.dcp_size > 1 {
        return Err(st.raise(ctx, &kv::HOST_POOL_DCP, &[]));
    }
    if host_pool && c.enable_priority_scheduling && !c.disable_priority_preemption {
        return Err(st.raise(ctx, &kv::HOST_POOL_PRIORITY, &[]));
    }
    // T-LRU (0.5.21+): tlru_config.get(key, 0) of the JSON config
    if ctx.v >= SglangVersion::V0_5_21 && c.radix_eviction_policy == "tlru" {
        let get = |key: &str| -> Option<PyVal> {
            match &c.radix_eviction_policy_config {
                PyVal::None => Some(PyVal::Int(0)),
                PyVal::Dict(items) => Some(
                    items
                        .iter()
                        .find(|(k, _)| *k == PyVal::s(key))
                        .map_or(PyVal::Int(0), |(_, v)| v.clone()),
                ),
                _ => None,
            }
        };
        let num = |v: &PyVal| match v {
            PyVal::Int(i) => Some(*i as f64),
            PyVal::Float(f) => Some(*f),
            PyVal::Bool(b) => Some(f64::from(u8::from(*b))),
            _ => None,
        };
        if let (Some(t), Some(n)) = (get("threshold"), get("next_prompt_estimate"))
            && let (Some(tf), Some(nf)) = (num(&t), num(&n))
        {
            if tf < 0.0 || nf < 0.0 {
                return Err(st.raise(
                    ctx,
                    &kv::TLRU_NONNEG,
                    &[("threshold", t), ("next_prompt_estimate", n)],
                ));
            }
            if tf <= nf {
                return Err(st.raise(
                    ctx,
                    &kv::TLRU_ORDER,
                    &[("threshold", t), ("next_prompt_estimate", n)],
                ));
            }
        }
    }
    if c.enable_hierarchical_cache && c.disable_radix_cache {
        return Err(st.raise(ctx, &kv::HICACHE_NO_RADIX, &[]));
    }
    if c.disaggregation_decode_enable_offload_kvcache {
        if c.disaggregation_mode != "decode" {
            return Err(st.raise(ctx, &kv::OFFLOAD_DECODE, &[]));
        }
        if c.hicache_storage_backend.is_none() {
            return Err(st.raise(ctx, &kv::OFFLOAD_STORAGE, &[]));
        }
        if host_pool {
            return Err(st.raise(ctx, &kv::OFFLOAD_HOST_POOL, &[]));
        }
    }
    // the effective ratio: the user's, else the field's fallback 0.8 (0.5.19: default 0.8)
    let ratio = c.swa_full_tokens_ratio.unwrap_or(0.8);
    if !(0.0 < ratio && ratio <= 1.0) {
        return Err(st.raise(ctx, &kv::SWA_RATIO, &[]));
    }
    if ctx.v < SglangVersion::V0_5_21 {
        return Ok(());
    }
    if c.swa_prefix_tails.is_some_and(|t| t < 0) {
        return Err(st.raise(ctx, &kv::SWA_PREFIX_TAILS, &[]));
    }
    if c.enable_lmcache {
        if c.enable_hierarchical_cache {
            return Err(st.raise(ctx, &kv::LMCACHE_HICACHE, &[]));
        }
        if c.enable_unified_cache_external_linker {
            return Err(st.raise(ctx, &kv::LMCACHE_LINKER, &[]));
        }
        if c.disable_radix_cache {
            return Err(st.raise(ctx, &kv::LMCACHE_RADIX, &[]));
        }
        if c.speculative_algorithm
            .as_deref()
            .is_some_and(|a| a != "NONE")
        {
            return Err(st.raise(ctx, &kv::LMCACHE_SPEC, &[]));
        }
        if super::parallel::attn_dp_enabled(ctx, st) {
            return Err(st.raise(ctx, &kv::LMCACHE_DP, &[]));
        }
        if c.dcp_size > 1 {
            return Err(st.raise(ctx, &kv::LMCACHE_DCP, &[]));
        }
        if c.enable_streaming_session {
            return Err(st.raise(ctx, &kv::LMCACHE_STREAMING, &[]));
        }
        if c.hicache_host_memory_mode == "buffer_only" {
            return Err(st.raise(ctx, &kv::LMCACHE_BUFFER_ONLY, &[]));
        }
        if c.disaggregation_mode != "null" {
            return Err(st.raise(ctx, &kv::LMCACHE_PD, &[]));
        }
    }
    Ok(())
}

/// `validate_prefill_only_disable_kv_cache_args` (`kv_cache_hook.py:862-938@0.5.23`, the same
/// from 0.5.19): run before the decode-CP step, on the values as given.
pub fn validate_prefill_only_disable_kv_cache_args(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if !c.prefill_only_disable_kv_cache {
        return Ok(());
    }
    let rule = if !c.is_embedding {
        &kv::PO_EMBEDDING
    } else if c.kv_cache_dtype == "nvfp4" || c.kv_cache_dtype == "fp4_mx_block16" {
        &kv::PO_FP4
    } else if c.kv_cache_dtype == "mxfp8" {
        &kv::PO_MXFP8
    } else if c.chunked_prefill_size != Some(-1) {
        &kv::PO_CHUNKED
    } else if !c.disable_radix_cache {
        &kv::PO_RADIX
    } else if c.attn_cp_size > 1 {
        &kv::PO_CP
    } else if c.enable_prefill_cp {
        &kv::PO_PREFILL_CP
    } else if c.enable_hisparse {
        &kv::PO_HISPARSE
    } else {
        return Ok(());
    };
    Err(st.raise(ctx, rule, &[]))
}

/// `handle_prefill_only_disable_kv_cache` (`kv_cache_hook.py:321-348@0.5.23`): the resolved
/// prefill backend must be fa3 or fa4.
pub fn handle_prefill_only_disable_kv_cache(ctx: &Ctx, st: &mut State) -> Step {
    if !st.cur.prefill_only_disable_kv_cache {
        return Ok(());
    }
    let p = st.prefill();
    if !matches!(p.as_deref(), Some("fa3" | "fa4")) {
        return Err(st.raise(
            ctx,
            &kv::PO_FA_PREFILL,
            &[("prefill_backend", PyVal::opt(p.as_deref()))],
        ));
    }
    Ok(())
}
