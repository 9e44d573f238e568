//! `handle_mamba_backend` (`arg_groups/mamba_hook.py:19-72@0.5.23`) and
//! `handle_linear_attn_backend` (`arg_groups/attention_hook.py:281-523@0.5.23`). Both run for
//! every model, hybrid or not.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::rules::linear as lr;

/// `handle_mamba_backend` (`mamba_hook.py:19-72@0.5.23`, the same checks 0.5.19-0.5.22).
pub fn handle_mamba_backend(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.mamba_cache_philox_rounds < 0 {
        return Err(st.raise(ctx, &lr::PHILOX_ROUNDS, &[]));
    }
    let m = st.cur.mamba_max_states_per_path;
    if m == 0 || m < -1 {
        return Err(st.raise(
            ctx,
            &lr::MAX_STATES_PER_PATH,
            &[("cfg.mamba_max_states_per_path", PyVal::Int(m))],
        ));
    }
    if st.cur.enable_mamba_cache_stochastic_rounding {
        let ssm = st.cur.mamba_ssm_dtype.clone();
        if ssm.as_deref() != Some("float16") {
            return Err(st.raise(
                ctx,
                &lr::STOCHASTIC_DTYPE,
                &[("cfg.mamba_ssm_dtype", PyVal::opt(ssm.as_deref()))],
            ));
        }
        if !ctx.hw.is_cuda() {
            return Err(st.raise(ctx, &lr::STOCHASTIC_CUDA, &[]));
        }
        if st.cur.mamba_backend == "triton" && !ctx.hw.is_sm100() {
            return Err(st.raise(ctx, &lr::STOCHASTIC_TRITON_SM100, &[]));
        }
    }
    if st.cur.mamba_backend == "flashinfer" && !ctx.has_flashinfer() {
        return Err(st.raise(ctx, &lr::MAMBA_FLASHINFER, &[]));
    }
    Ok(())
}

/// `handle_linear_attn_backend`.
pub fn handle_linear_attn_backend(ctx: &Ctx, st: &mut State) -> Step {
    let base = ctx.args.linear_attn_backend.clone();
    let ssm = ctx.args.mamba_ssm_dtype.clone();
    let raw_major_10 = ctx.hw.is_cuda() && ctx.hw.major() >= 10;
    let mut decode_flag = ctx.args.linear_attn_decode_backend.clone();
    if decode_flag.is_none()
        && base != "helion"
        && ctx.hw.is_sm100()
        && ssm.as_deref() == Some("bfloat16")
    {
        decode_flag = Some("flashinfer".into());
    }
    let decode = decode_flag.clone().unwrap_or_else(|| base.clone());
    let decode = if decode == "flashkda" {
        if ctx.args.linear_attn_decode_backend.as_deref() == Some("flashkda") {
            return Err(st.raise(ctx, &lr::FLASHKDA_DECODE, &[]));
        }
        "triton".to_string()
    } else {
        decode
    };
    if decode == "flashinfer" && ssm.as_deref() != Some("bfloat16") && raw_major_10 {
        return Err(st.raise(
            ctx,
            &lr::FI_DECODE_BF16,
            &[("dtype", PyVal::opt(ssm.as_deref()))],
        ));
    }
    let prefill = ctx
        .args
        .linear_attn_prefill_backend
        .clone()
        .unwrap_or_else(|| base.clone());
    if prefill == "flashinfer" && raw_major_10 && ctx.hw.cuda.is_some_and(|c| c.0 < 13) {
        let (maj, min) = ctx.hw.cuda.unwrap_or_default();
        return Err(st.raise(
            ctx,
            &lr::FI_PREFILL_CUDA13,
            &[("cuda", PyVal::s(format!("{maj}.{min}")))],
        ));
    }
    Ok(())
}

/// `handle_int8_mamba_checkpoint` (`mamba_hook.py:75-99@0.5.23`; the LMCache check from 0.5.21).
pub fn handle_int8_mamba_checkpoint(ctx: &Ctx, st: &mut State) -> Step {
    if !st.cur.enable_int8_mamba_checkpoint {
        return Ok(());
    }
    if st.cur.enable_hierarchical_cache {
        return Err(st.raise(ctx, &lr::INT8_HICACHE, &[]));
    }
    if let Some(b) = st.cur.radix_cache_backend.clone() {
        return Err(st.raise(
            ctx,
            &lr::INT8_RADIX_BACKEND,
            &[("cfg.radix_cache_backend", PyVal::s(b))],
        ));
    }
    if ctx.v >= crate::version::SglangVersion::V0_5_21 && st.cur.enable_lmcache {
        return Err(st.raise(ctx, &lr::INT8_LMCACHE, &[]));
    }
    Ok(())
}
