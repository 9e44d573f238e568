//! `handle_mamba_backend` (`arg_groups/mamba_hook.py:19-72@0.5.23`) and
//! `handle_linear_attn_backend` (`arg_groups/attention_hook.py:281-523@0.5.23`). Both run for
//! every model, hybrid or not.

use super::{Ctx, State};
use crate::pyfmt::PyVal;
use crate::rules::linear as lr;

/// `handle_mamba_backend`.
pub fn handle_mamba_backend(ctx: &Ctx, st: &mut State) {
    let b = ctx.user("mamba_backend").unwrap_or_else(|| "triton".into());
    if b == "flashinfer" && !ctx.has_flashinfer() {
        st.emit(ctx, &lr::MAMBA_FLASHINFER, &[]);
    }
    st.r.mamba_backend = Some(b);
}

/// `handle_linear_attn_backend`.
pub fn handle_linear_attn_backend(ctx: &Ctx, st: &mut State) {
    let base = ctx
        .user("linear_attn_backend")
        .unwrap_or_else(|| "triton".into());
    let ssm = ctx.user("mamba_ssm_dtype");
    let raw_major_10 = ctx.hw.is_cuda() && ctx.hw.major() >= 10;
    let mut decode_flag = ctx.user("linear_attn_decode_backend");
    if decode_flag.is_none()
        && base != "helion"
        && ctx.hw.is_sm100()
        && ssm.as_deref() == Some("bfloat16")
    {
        decode_flag = Some("flashinfer".into());
    }
    let decode = decode_flag.clone().unwrap_or_else(|| base.clone());
    let decode = if decode == "flashkda" {
        if ctx.user("linear_attn_decode_backend").as_deref() == Some("flashkda") {
            st.emit(ctx, &lr::FLASHKDA_DECODE, &[]);
            return;
        }
        "triton".to_string()
    } else {
        decode
    };
    if decode == "flashinfer" && ssm.as_deref() != Some("bfloat16") && raw_major_10 {
        st.emit(
            ctx,
            &lr::FI_DECODE_BF16,
            &[("dtype", PyVal::opt(ssm.as_deref()))],
        );
        return;
    }
    let prefill = ctx
        .user("linear_attn_prefill_backend")
        .unwrap_or_else(|| base.clone());
    if prefill == "flashinfer" && raw_major_10 && ctx.hw.cuda.is_some_and(|c| c.0 < 13) {
        let (maj, min) = ctx.hw.cuda.unwrap_or_default();
        st.emit(
            ctx,
            &lr::FI_PREFILL_CUDA13,
            &[("cuda", PyVal::s(format!("{maj}.{min}")))],
        );
    }
    st.r.linear_attn_backend = Some(base);
}
