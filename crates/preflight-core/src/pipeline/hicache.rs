//! The hierarchical KV cache steps (`arg_groups/hicache_hook.py@0.5.23`):
//! `handle_hicache_ratio_default` (pipeline.py:77@0.5.23, before the serving entry checks) and
//! `handle_hicache` (pipeline.py:262@0.5.23, after the attention and KV steps, before
//! `handle_data_parallelism`), in the same positions in every modelled release.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::hicache as r;
use crate::version::SglangVersion as V;

fn declared(st: &mut State, field: &'static str, step: &'static str) {
    st.origin(field, Origin::Step(step));
}

/// Decode host receive is on: threshold > 0 (0.5.21), < 1 (0.5.22+).
fn host_receive_on(ctx: &Ctx, st: &State) -> bool {
    let t = st.cur.disaggregation_decode_host_receive_threshold;
    match ctx.v {
        v if v >= V::V0_5_22 => t < 1.0,
        V::V0_5_21 => t > 0.0,
        _ => false,
    }
}

/// `handle_hicache_ratio_default` (`hicache_hook.py:105-126@0.5.23`).
pub fn handle_hicache_ratio_default(ctx: &Ctx, st: &mut State) -> Step {
    const STEP: &str = "_handle_hicache_ratio_default";
    if ctx.v >= V::V0_5_21
        && let Some(f) = st.cur.hicache_host_memory_fraction
        && !(f > 0.0 && f <= 1.0)
    {
        return Err(st.raise(ctx, &r::HOST_FRACTION, &[]));
    }
    let explicit = st.cur.hicache_ratio.is_some() || st.cur.hicache_size > 0;
    if st.cur.hicache_ratio.is_none() && st.cur.disaggregation_mode != "decode" {
        let ratio = if st.cur.hicache_host_memory_mode == "buffer_only" {
            1.2
        } else {
            2.0
        };
        st.cur.hicache_ratio = Some(ratio);
        declared(st, "hicache_ratio", STEP);
    }
    if ctx.v >= V::V0_5_21 && explicit {
        st.cur.hicache_host_memory_fraction = None;
        declared(st, "hicache_host_memory_fraction", STEP);
    }
    Ok(())
}

/// `handle_hicache` (`hicache_hook.py:18-102@0.5.23`).
pub fn handle_hicache(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if ctx.v >= V::V0_5_21
        && c.enable_linker_mla_dedup
        && (!c.enable_unified_cache_external_linker
            || c.unified_cache_external_linker_backend != "mooncake")
    {
        return Err(st.raise(ctx, &r::LINKER_MLA_DEDUP, &[]));
    }
    if ctx.v >= V::V0_5_20 && c.enable_unified_cache_external_linker {
        if ctx.v >= V::V0_5_23 && (c.disable_radix_cache || c.radix_cache_backend.is_some()) {
            return Err(st.raise(ctx, &r::LINKER_RADIX, &[]));
        }
        if c.enable_hierarchical_cache {
            return Err(st.raise(ctx, &r::LINKER_HICACHE, &[]));
        }
        if c.hicache_storage_backend.is_some() {
            return Err(st.raise(ctx, &r::LINKER_STORAGE, &[]));
        }
        return Ok(());
    }
    let active = c.enable_hierarchical_cache
        || c.disaggregation_decode_enable_offload_kvcache
        || (c.disaggregation_mode == "decode"
            && matches!(
                c.disaggregation_decode_retraction_backup.as_deref(),
                None | Some("host_pool")
            ));
    if !active {
        return Ok(());
    }
    validate_host_memory_mode(ctx, st)?;
    let receive = host_receive_on(ctx, st);
    if receive {
        set_layout(st, "layer_first", "handle_hicache");
    }
    // resolve_layout_io_compatibility (:168-190)
    if st.cur.hicache_mem_layout == "page_first_direct" && st.cur.hicache_io_backend == "kernel" {
        st.cur.hicache_io_backend = "direct".into();
        declared(st, "hicache_io_backend", "_resolve_layout_io_compatibility");
    }
    if st.cur.hicache_mem_layout == "page_first" && st.cur.hicache_io_backend == "direct" {
        set_layout(st, "page_first_direct", "_resolve_layout_io_compatibility");
    }
    storage_layout(ctx, st);
    // resolve_unified_memory_layout_io (:225-241, 0.5.23)
    if ctx.v >= V::V0_5_23
        && st.cur.enable_unified_memory
        && st.cur.hicache_mem_layout == "page_first_direct"
    {
        set_layout(st, "page_first", "_resolve_unified_memory_layout_io");
        st.cur.hicache_io_backend = "kernel".into();
        declared(
            st,
            "hicache_io_backend",
            "_resolve_unified_memory_layout_io",
        );
    }
    if receive && st.cur.hicache_mem_layout != "layer_first" {
        let layout = st.cur.hicache_mem_layout.clone();
        return Err(st.raise(
            ctx,
            &r::HOST_RECEIVE_LAYOUT,
            &[("cfg.hicache_mem_layout", PyVal::s(layout))],
        ));
    }
    dcp_compatibility(ctx, st)
}

fn set_layout(st: &mut State, layout: &str, step: &'static str) {
    st.cur.hicache_mem_layout = layout.to_string().into();
    declared(st, "hicache_mem_layout", step);
}

/// `resolve_storage_layout_compatibility` (`hicache_hook.py:193-222@0.5.23`).
fn storage_layout(ctx: &Ctx, st: &mut State) {
    let c = &st.cur;
    let storage = c.hicache_storage_backend.as_deref();
    if ctx.v >= V::V0_5_23 && storage == Some("mooncake") && c.dcp_size > 1 {
        return;
    }
    let rewrites = match storage {
        Some("mooncake") => true,
        Some("npu_memcache") => ctx.v >= V::V0_5_20,
        _ => false,
    };
    if !rewrites || c.hicache_mem_layout != "layer_first" {
        return;
    }
    let new = match c.hicache_io_backend.as_ref() {
        "direct" => "page_first_direct".to_string(),
        "kernel" => "page_first".to_string(),
        _ => c.hicache_mem_layout.clone().into_owned(),
    };
    set_layout(st, &new, "_resolve_storage_layout_compatibility");
}

/// `validate_hicache_host_memory_mode` (`hicache_hook.py:244-296@0.5.23`).
fn validate_host_memory_mode(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.hicache_host_memory_mode != "buffer_only" {
        return Ok(());
    }
    if st.cur.hicache_storage_backend.is_none() {
        return Err(st.raise(ctx, &r::BUFFER_ONLY_STORAGE, &[]));
    }
    if st.cur.hicache_write_policy == "write_back" {
        if ctx.v <= V::V0_5_21 {
            return Err(st.raise(ctx, &r::BUFFER_ONLY_WRITE_BACK, &[]));
        }
        st.cur.hicache_write_policy = "write_through".into();
        declared(
            st,
            "hicache_write_policy",
            "_validate_hicache_host_memory_mode",
        );
    }
    if st.cur.disaggregation_mode == "decode" {
        return Err(st.raise(ctx, &r::BUFFER_ONLY_DECODE, &[]));
    }
    Ok(())
}

/// `resolve_hicache_dcp_compatibility` (`hicache_hook.py:129-165@0.5.23`).
fn dcp_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if c.dcp_size <= 1 || !c.enable_hierarchical_cache {
        return Ok(());
    }
    if ctx.v <= V::V0_5_22 {
        if c.hicache_storage_backend.is_some() {
            return Err(st.raise(ctx, &r::DCP_L3, &[]));
        }
    } else if c.hicache_storage_backend.is_some() && c.hicache_host_memory_mode == "buffer_only" {
        return Err(st.raise(ctx, &r::DCP_BUFFER_ONLY, &[]));
    }
    if !matches!(c.speculative_algorithm.as_deref(), None | Some("DSPARK")) {
        return Err(st.raise(ctx, &r::DCP_SPEC, &[]));
    }
    if c.enable_lmcache {
        return Err(st.raise(ctx, &r::DCP_LMCACHE, &[]));
    }
    if c.enable_hisparse {
        return Err(st.raise(ctx, &r::DCP_HISPARSE, &[]));
    }
    if !ctx.model.is_mla() {
        return Err(st.raise(ctx, &r::DCP_MHA, &[]));
    }
    Ok(())
}
