//! `handle_mamba_backend` (`arg_groups/mamba_hook.py:19-72@0.5.23`) and
//! `handle_linear_attn_backend` (`arg_groups/attention_hook.py:281-523@0.5.23`). Both run for
//! every model, hybrid or not.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::rules::linear as lr;

/// `handle_mamba_backend`.
pub fn handle_mamba_backend(ctx: &Ctx, st: &mut State) -> Step {
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
