//! `handle_mamba_backend` (`arg_groups/mamba_hook.py:19-72@0.5.23`) and
//! `handle_linear_attn_backend` (`arg_groups/attention_hook.py:281-523@0.5.23`). Both run for
//! every model, hybrid or not.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::rules::linear as lr;
use crate::version::SglangVersion;

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

/// `uses_kda_attention(hf_config)` (`configs/model_config.py:230-251@0.5.23`): the root or
/// text config has `linear_attn_config.kda_layers`, or `linear_attention` layers with
/// `linear_num_heads` and `linear_head_dim`.
fn uses_kda_attention(ctx: &Ctx) -> bool {
    let m = &ctx.model.hf;
    [&m.root, m.text()].iter().any(|c| {
        let kda = c
            .get("linear_attn_config")
            .and_then(|v| v.as_object())
            .and_then(|o| o.get("kda_layers"))
            .is_some_and(crate::model::hf::truthy);
        kda || (c
            .strs("layer_types")
            .iter()
            .any(|t| t == "linear_attention")
            && c.get("linear_num_heads").is_some_and(|v| !v.is_null())
            && c.get("linear_head_dim").is_some_and(|v| !v.is_null()))
    })
}

/// `handle_linear_attn_backend` (`attention_hook.py:281-523@0.5.23`; the same raises from
/// 0.5.19, the SGLANG_ENABLE_PP_SPEC KDA fallback from 0.5.22).
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
        st.cur.linear_attn_decode_backend = decode_flag.clone();
    }
    let decode = decode_flag.clone().unwrap_or_else(|| base.clone());
    let decode = if decode == "flashkda" {
        if ctx.args.linear_attn_decode_backend.as_deref() == Some("flashkda") {
            return Err(st.raise(ctx, &lr::FLASHKDA_DECODE, &[]));
        }
        st.cur.linear_attn_decode_backend = Some("triton".into());
        "triton".to_string()
    } else {
        decode.into_owned()
    };
    if decode == "flashinfer" && ssm.as_deref() != Some("bfloat16") && raw_major_10 {
        return Err(st.raise(
            ctx,
            &lr::FI_DECODE_BF16,
            &[("dtype", PyVal::opt(ssm.as_deref()))],
        ));
    }
    let mut verify = st.cur.linear_attn_verify_backend.clone();
    if verify.is_none() && decode == "flashinfer" {
        verify = Some("flashinfer".into());
    }
    // attention_hook.py:357-372@0.5.23 (0.5.22+)
    if ctx.v >= SglangVersion::V0_5_22
        && crate::py::env_bool(ctx.env("SGLANG_ENABLE_PP_SPEC"), false)
        && verify.as_deref() == Some("flashinfer")
        && uses_kda_attention(ctx)
    {
        st.cur.linear_attn_verify_backend = Some("triton".into());
        verify = Some("triton".into());
        st.emit(ctx, &lr::PP_SPEC_KDA_VERIFY, &[]);
    }
    if verify.as_deref() == Some("flashinfer") && ssm.as_deref() != Some("bfloat16") && raw_major_10
    {
        return Err(st.raise(
            ctx,
            &lr::FI_VERIFY_BF16,
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
    if !st.cur.enable_linear_replayssm && !st.cur.enable_linear_replayssm_spec {
        return Ok(());
    }
    // ReplaySSM buffered decode (attention_hook.py:409-438@0.5.23)
    let c = st.cur.clone();
    if c.enable_linear_replayssm {
        if !matches!(decode.as_str(), "triton" | "helion") {
            return Err(st.raise(ctx, &lr::REPLAYSSM_DECODE, &[("decode", PyVal::s(decode))]));
        }
        // mamba_extra_buffer_of(resolved_view): the strategy handle_mamba_radix_cache resolved
        if !c.disable_radix_cache
            && matches!(
                c.mamba_radix_cache_strategy.as_ref(),
                "extra_buffer" | "extra_buffer_lazy"
            )
        {
            return Err(st.raise(
                ctx,
                &lr::REPLAYSSM_EXTRA_BUFFER,
                &[(
                    "cfg.mamba_radix_cache_strategy",
                    PyVal::s(&c.mamba_radix_cache_strategy),
                )],
            ));
        }
        if c.disaggregation_mode != "null" {
            return Err(st.raise(
                ctx,
                &lr::REPLAYSSM_PD,
                &[("cfg.disaggregation_mode", PyVal::s(&c.disaggregation_mode))],
            ));
        }
        if c.linear_replayssm_cache_len < 1 {
            return Err(st.raise(
                ctx,
                &lr::REPLAYSSM_CACHE_LEN,
                &[(
                    "cfg.linear_replayssm_cache_len",
                    PyVal::Int(c.linear_replayssm_cache_len),
                )],
            ));
        }
    }
    // ReplaySSM spec verify (attention_hook.py:449-520@0.5.23)
    if c.enable_linear_replayssm_spec {
        if !matches!(c.speculative_eagle_topk, None | Some(1)) {
            let topk = c.speculative_eagle_topk.map_or(PyVal::None, PyVal::Int);
            return Err(st.raise(
                ctx,
                &lr::REPLAYSSM_SPEC_TOPK,
                &[("cfg.speculative_eagle_topk", topk)],
            ));
        }
        if !matches!(decode.as_str(), "triton" | "flashinfer") {
            return Err(st.raise(
                ctx,
                &lr::REPLAYSSM_SPEC_DECODE,
                &[("decode", PyVal::s(decode))],
            ));
        }
        // read_ragged_verify_mode() (speculative/ragged_verify.py:19-27)
        let mode = ctx
            .env("SGLANG_RAGGED_VERIFY_MODE")
            .unwrap_or("static")
            .to_string();
        if !matches!(mode.as_str(), "static" | "cap-accept" | "compact") {
            return Err(st.raise(
                ctx,
                &crate::rules::spec::RAGGED_MODE,
                &[("value", PyVal::s(mode))],
            ));
        }
        if mode != "static" {
            let alg = c
                .speculative_algorithm
                .as_deref()
                .unwrap_or("")
                .to_uppercase();
            let verify = c.linear_attn_verify_backend.clone();
            if !matches!(alg.as_str(), "DSPARK" | "DFLASH")
                || !matches!(verify.as_deref(), Some("triton" | "nv_cutedsl"))
            {
                let a = c
                    .speculative_algorithm
                    .clone()
                    .map_or(PyVal::None, PyVal::s);
                return Err(st.raise(
                    ctx,
                    &lr::REPLAYSSM_SPEC_RAGGED,
                    &[
                        ("ragged_mode.value", PyVal::Raw(mode)),
                        ("cfg.speculative_algorithm", a),
                        ("verify", PyVal::opt(verify.as_deref())),
                    ],
                ));
            }
        }
        if c.disaggregation_mode == "prefill" {
            return Err(st.raise(ctx, &lr::REPLAYSSM_SPEC_PD_PREFILL, &[]));
        }
        if c.enable_linear_replayssm {
            return Err(st.raise(ctx, &lr::REPLAYSSM_BOTH, &[]));
        }
        match c.mamba_ssm_dtype.as_deref() {
            None => {
                st.emit(ctx, &lr::REPLAYSSM_SPEC_FP32, &[]);
                st.cur.mamba_ssm_dtype = Some("float32".into());
                st.by("mamba_ssm_dtype", &lr::REPLAYSSM_SPEC_FP32);
            }
            Some("float32") => {}
            Some(d) => st.emit(
                ctx,
                &lr::REPLAYSSM_SPEC_DTYPE,
                &[("cfg.mamba_ssm_dtype", PyVal::Raw(d.to_string()))],
            ),
        }
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
    if ctx.v >= SglangVersion::V0_5_21 && st.cur.enable_lmcache {
        return Err(st.raise(ctx, &lr::INT8_LMCACHE, &[]));
    }
    Ok(())
}
