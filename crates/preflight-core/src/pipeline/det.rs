//! `handle_deterministic_inference` (`arg_groups/attention_hook.py:580-701@0.5.23`).

use super::{Ctx, State, Step};
use crate::model::archs::lists;
use crate::pyfmt::PyVal;
use crate::rules::det;

const CHOICES: &[&str] = &["ascend", "fa3", "fa4", "flashinfer", "intel_xpu", "triton"];
const RADIX_OK: &[&str] = &["ascend", "fa3", "fa4", "triton"];

/// Runs the step.
pub fn handle_deterministic_inference(ctx: &Ctx, st: &mut State) -> Step {
    // rl_on_policy_target turns deterministic inference on (attention_hook.py:582-588)
    if ctx.args.rl_on_policy_target.is_some() {
        st.emit(ctx, &det::RL_ON_POLICY, &[]);
    } else if !ctx.args.enable_deterministic_inference {
        return Ok(());
    }
    // _deterministic_is_deepseek_model (overrides.py:1039-1058) picks the default backend;
    // is_deepseek_model (attention_hook.py:621-634) gates the radix-cache backend check
    let deepseek_like = lists::DETERMINISTIC_DEEPSEEK_ARCHS.contains(ctx.v, ctx.arch());
    let deepseek_model = lists::DETERMINISTIC_DEEPSEEK_MODEL.contains(ctx.v, ctx.arch());
    // _deterministic_attention_backend (overrides.py:1092-1123): base flag only
    match st.cur.attention_backend.clone() {
        None => {
            let b = if ctx.hw.is_sm100() || ctx.hw.is_sm120() {
                if deepseek_like {
                    "triton"
                } else {
                    "flashinfer"
                }
            } else {
                "fa3"
            };
            st.cur.attention_backend = Some(b.into());
            st.by("attention_backend", &det::DEFAULT);
            st.emit(ctx, &det::DEFAULT, &[("backend", PyVal::s(b))]);
        }
        Some(b) if !CHOICES.contains(&b.as_ref()) => {
            return Err(st.raise(ctx, &det::CHOICES, &[("attention_backend", PyVal::s(b))]));
        }
        Some(_) => {}
    }
    let b = st.cur.attention_backend.clone().unwrap_or_default();
    if deepseek_model {
        if !RADIX_OK.contains(&b.as_ref()) {
            return Err(st.raise(ctx, &det::MLA, &[("attention_backend", PyVal::s(b))]));
        }
        if b == "fa4" && !(ctx.hw.is_sm100() || ctx.hw.is_sm110()) {
            return Err(st.raise(ctx, &det::FA4_MLA, &[]));
        }
    }
    if !RADIX_OK.contains(&b.as_ref()) {
        st.cur.disable_radix_cache = true;
        st.by("disable_radix_cache", &det::RADIX);
        st.emit(ctx, &det::RADIX, &[("attention_backend", PyVal::s(b))]);
    }
    // the TP all-reduce (attention_hook.py:668-672@0.5.23): on ROCm the
    // `_deterministic_rocm_rccl_check` pass (overrides.py:1074-1087@0.5.23)
    let c = &st.cur;
    if ctx.v >= crate::version::SglangVersion::V0_5_23
        && c.tp_size > 2
        && ctx.hw.is_hip()
        && c.disable_custom_all_reduce
    {
        return Err(st.raise(ctx, &det::ROCM_RCCL, &[]));
    }
    Ok(())
}
