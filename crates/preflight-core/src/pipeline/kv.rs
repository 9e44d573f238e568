//! KV-cache hooks (`arg_groups/kv_cache_hook.py@0.5.23`): NVFP4 prefill dequant dtype, KV4
//! compatibility, MXFP8.

use super::{Ctx, State};
use crate::pyfmt::PyVal;
use crate::rules::kv;
use crate::version::SglangVersion;

/// `handle_nvfp4_prefill_kv_dequant_dtype` (`kv_cache_hook.py:34-97`; not in 0.5.19).
pub fn handle_nvfp4_prefill_kv_dequant_dtype(ctx: &Ctx, st: &mut State) {
    if ctx.v < SglangVersion::V0_5_23 {
        return;
    }
    let requested = ctx
        .user("prefill_kv_cache_dequant_dtype")
        .unwrap_or_else(|| "auto".into());
    if st.r.kv_cache_dtype.as_deref() != Some("nvfp4") {
        if requested != "auto" {
            st.emit(ctx, &kv::NVFP4_DEQUANT_ONLY, &[]);
        }
        return;
    }
    let mut req = requested.clone();
    if req == "auto" {
        let explicit =
            st.r.prefill_attention_backend
                .clone()
                .or_else(|| st.r.attention_backend.clone());
        match explicit.as_deref() {
            Some("flashinfer") => req = "fp8_e4m3".into(),
            Some("trtllm_mha") => req = "nvfp4".into(),
            Some(other) => {
                st.emit(
                    ctx,
                    &kv::NVFP4_BACKEND_NEITHER,
                    &[("explicit_backend", PyVal::s(other))],
                );
                return;
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
        st.emit(ctx, &kv::NVFP4_NATIVE_SM100, &[]);
        return;
    }
    let target = if req == "fp8_e4m3" {
        "flashinfer"
    } else {
        "trtllm_mha"
    };
    if let Some(p) =
        st.r.prefill_attention_backend
            .clone()
            .filter(|p| p != target)
    {
        st.emit(
            ctx,
            &kv::NVFP4_PREFILL_MISMATCH,
            &[
                ("requested_dtype", PyVal::s(req)),
                ("target_prefill_backend", PyVal::s(target)),
                ("explicit_prefill_backend", PyVal::s(p)),
            ],
        );
        return;
    }
    if let Some(d) =
        st.r.decode_attention_backend
            .clone()
            .filter(|d| d != "trtllm_mha")
    {
        st.emit(
            ctx,
            &kv::NVFP4_DECODE,
            &[("explicit_decode_backend", PyVal::s(d))],
        );
        return;
    }
    st.r.prefill_attention_backend = Some(target.into());
    st.r.decode_attention_backend = Some("trtllm_mha".into());
    st.by("prefill_attention_backend", &kv::NVFP4_BACKENDS_INFO);
    st.by("decode_attention_backend", &kv::NVFP4_BACKENDS_INFO);
    st.emit(ctx, &kv::NVFP4_BACKENDS_INFO, &[("req", PyVal::s(req))]);
}

/// `handle_kv4_compatibility` (`kv_cache_hook.py:112-318`).
pub fn handle_kv4_compatibility(ctx: &Ctx, st: &mut State) {
    let dtype = st.r.kv_cache_dtype.clone().unwrap_or_default();
    if dtype != "nvfp4" && dtype != "fp4_mx_block16" {
        return;
    }
    if !ctx.hw.is_cuda() {
        st.emit(ctx, &kv::KV4_NON_CUDA, &[]);
        return;
    }
    if dtype == "nvfp4" && !(ctx.hw.is_sm100() || ctx.hw.is_sm120()) {
        st.emit(ctx, &kv::NVFP4_ARCH, &[]);
        return;
    }
    let (p, d) = (
        st.prefill().unwrap_or_default(),
        st.decode().unwrap_or_default(),
    );
    let base = st.r.attention_backend.clone().unwrap_or_default();
    let mixed_nvfp4 = dtype == "nvfp4" && p == "flashinfer" && d == "trtllm_mha";
    let mla = ctx.arch.is_mla();
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
            st.emit(ctx, &kv::KV4_FA4_MLA, &[("decode_backend", PyVal::s(d))]);
        } else if !mla && !["triton", "torch_native", "flex_attention"].contains(&d.as_str()) {
            st.emit(ctx, &kv::KV4_FA4_MHA, &[("decode_backend", PyVal::s(d))]);
        }
    } else if mla && !["flashinfer", "trtllm_mla"].contains(&base.as_str()) {
        st.emit(ctx, &kv::KV4_MLA, &[("attention_backend", PyVal::s(base))]);
    } else if !mla
        && !["triton", "torch_native", "flex_attention", "trtllm_mha"].contains(&base.as_str())
    {
        st.emit(ctx, &kv::KV4_MHA, &[("attention_backend", PyVal::s(base))]);
    }
}

/// `handle_mxfp8_kv_cache_compatibility` (`kv_cache_hook.py:100-109`).
pub fn handle_mxfp8_kv_cache_compatibility(ctx: &Ctx, st: &mut State) {
    if st.r.kv_cache_dtype.as_deref() == Some("mxfp8") && !ctx.hw.is_blackwell() {
        st.emit(ctx, &kv::MXFP8_BLACKWELL, &[]);
    }
}
