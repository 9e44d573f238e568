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
