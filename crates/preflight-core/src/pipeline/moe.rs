//! The MoE hooks, each at its own position in `run_resolution_pipeline` (see
//! [`super::resolve`]): `handle_mega_moe` (`arg_groups/mega_moe_hook.py`, pipeline.py:49), the
//! MoE runner defaults of the model overrides (`model_overrides/qwen3_moe.py`, `glm4_moe.py`,
//! `gpt_oss.py`, `_deepseek_moe_quant_resolution`; in `handle_model_specific_adjustments`),
//! `handle_moe_kernel_config` and `handle_a2a_moe` (`arg_groups/moe_hook.py`, pipeline.py:294-295).
//!
//! Release differences: the attention-DP spelling (`--dp-size N --enable-dp-attention` up to
//! 0.5.21, `--attn-dp-size` from 0.5.22) of the FlashInfer, FlashInfer MegaMOE and pplx checks;
//! FlashInfer MegaMOE and `--flashinfer-a2a-dispatch-type` from 0.5.20; the MegaMoE compat
//! checks from 0.5.21; DeepEP v2's deterministic refusal up to 0.5.20, its architecture registry
//! from 0.5.21 and its single-node direct mode from 0.5.22; the MXFP8 runner list and defaults.
//!
//! Facts Preflight cannot know are taken as a plain checkpoint has them: no hybrid NVFP4 MoE
//! metadata (`nvfp4_moe_meta is None`), no FP8 expert weights detected in the safetensors
//! headers (`has_fp8_weights_in_checkpoint`), the `triton_kernels` package installed, and an
//! NVIDIA driver below 595.

use super::{Ctx, State, Step};
use crate::model::archs::lists;
use crate::py::floordiv;
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::{mega_moe as mm, model as mr, moe as r, moe_budget as mb, sp, sp_muse as spm};
use crate::version::SglangVersion;

const HOOK: &str = "_handle_a2a_moe";

fn step(st: &mut State, field: &'static str, step: &'static str) {
    st.origin(field, Origin::Step(step));
}

/// An environment flag as `EnvBool.get()` reads it (`environ.py`): `1`/`true`/`yes`/`on`.
fn env_flag(ctx: &Ctx, name: &str) -> bool {
    ctx.env(name).is_some_and(|v| {
        matches!(
            v.trim().to_lowercase().as_str(),
            "1" | "true" | "yes" | "on" | "y" | "t"
        )
    })
}

/// An integer environment variable (`EnvInt.get()`), else its default.
fn env_int(ctx: &Ctx, name: &str, default: i64) -> i64 {
    ctx.env(name)
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// 0.5.22 and later: attention DP is `--attn-dp-size`.
fn has_attn_dp(ctx: &Ctx) -> bool {
    ctx.v >= SglangVersion::V0_5_22
}

/// `attn_dp_enabled_of(cfg)` (0.5.22+) / `enable_dp_attention` (before).
use super::parallel::attn_dp_enabled;

/// The attention-DP width the checks compare: `attn_dp_size` (0.5.22+) or `dp_size`.
fn attn_dp(ctx: &Ctx, st: &State) -> i64 {
    if has_attn_dp(ctx) {
        st.cur.attn_dp_size
    } else {
        st.cur.dp_size
    }
}

/// `quantization_config.quant_method` of the checkpoint (`get_quantization_config`,
/// `utils/common.py:3849@0.5.23`), as written.
fn hf_quant_method(ctx: &Ctx) -> Option<String> {
    ctx.model
        .hf
        .root
        .dict("quantization_config")
        .and_then(|q| q.get("quant_method"))
        .and_then(|m| m.as_str())
        .map(str::to_string)
}

/// `handle_mega_moe` (`mega_moe_hook.py:22-49@0.5.23`, pipeline.py:49): the
/// `--moe-runner-backend megamoe` alias, then (0.5.21+) `check_mega_moe_compat`.
pub fn handle_mega_moe(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.moe_runner_backend == "megamoe" {
        let a2a = st.cur.moe_a2a_backend.clone();
        if a2a != "none" && a2a != "megamoe" {
            st.emit(
                ctx,
                &r::MEGAMOE_ALIAS,
                &[("cfg.moe_a2a_backend", PyVal::s(a2a))],
            );
        }
        st.cur.moe_runner_backend = "auto".into();
        st.cur.moe_a2a_backend = "megamoe".into();
        st.by("moe_runner_backend", &r::MEGAMOE_ALIAS);
        st.by("moe_a2a_backend", &r::MEGAMOE_ALIAS);
    }
    if ctx.v < SglangVersion::V0_5_21 || st.cur.moe_a2a_backend != "megamoe" {
        return Ok(());
    }
    if st.cur.enable_two_batch_overlap || st.cur.enable_single_batch_overlap {
        return Err(st.raise(ctx, &r::MEGAMOE_OVERLAP, &[]));
    }
    let hw = &ctx.hw;
    if !((hw.is_cuda() && (hw.is_sm90() || hw.is_sm100())) || hw.is_hip()) {
        return Err(st.raise(ctx, &r::MEGAMOE_PLATFORM, &[]));
    }
    Ok(())
}

/// The MoE runner defaults of the model override providers (`_qwen3_moe_family_overrides`,
/// `model_overrides/qwen3_moe.py:38-91@0.5.23`; `_glm4_moe_overrides`, `glm4_moe.py:16-47`;
/// `_gpt_oss_overrides`, `gpt_oss.py:56-121`) and `_deepseek_moe_quant_resolution`
/// (`overrides.py:764-844@0.5.23`, run from the DeepSeek branch of the model hook). Each reads
/// the view from before the providers ran (`moe_runner_backend`, `moe_a2a_backend`,
/// `quantization` are written by no other provider).
pub fn model_moe_overrides(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    let arch = ctx.arch().to_string();
    let hw = &ctx.hw;
    let auto = st.cur.moe_runner_backend == "auto";
    let no_a2a = st.cur.moe_a2a_backend == "none";
    let set_runner = |st: &mut State, b: &str, rule: &'static crate::rules::RuleInfo| {
        st.cur.moe_runner_backend = b.to_string().into();
        st.by("moe_runner_backend", rule);
    };
    if lists::PROVIDERS_QWEN3_MOE.contains(v, &arch) {
        if !hw.is_sm100() {
            return Ok(());
        }
        let mut quantization = st.cur.quantization.clone();
        if quantization.is_none()
            && !st.quantization_explicitly_unset
            && let Some(m) = hf_quant_method(ctx)
        {
            st.cur.quantization = Some(m.clone().into());
            step(st, "quantization", "_qwen3_moe_family_overrides");
            quantization = Some(m.into());
        }
        // the W4A16_NVFP4 mixed-precision branch (0.5.20+); otherwise BF16 / FP8 / ModelOpt FP4
        // (0.5.20+: mixed) get trtllm-gen
        let q = quantization.as_deref();
        if v >= SglangVersion::V0_5_20
            && q == Some("modelopt_mixed")
            && super::model_overrides::qwen3_has_w4a16_moe_layers(ctx)
        {
            return super::model_overrides::qwen3_w4a16(ctx, st);
        }
        let fits = match q {
            None | Some("fp8" | "modelopt_fp4") => true,
            Some("modelopt_mixed") => v >= SglangVersion::V0_5_20,
            _ => false,
        };
        if fits && no_a2a && auto {
            set_runner(st, "flashinfer_trtllm", &r::QWEN3_MOE_TRTLLM);
            st.emit(
                ctx,
                &r::QWEN3_MOE_TRTLLM,
                &[("hf_config.architectures[0]", PyVal::s(arch.as_str()))],
            );
        }
    } else if lists::PROVIDERS_GLM4_MOE.contains(v, &arch) {
        if !hw.is_sm100() {
            return Ok(());
        }
        let mut quantization = st.cur.quantization.clone();
        if quantization.is_none()
            && !st.quantization_explicitly_unset
            && let Some(m) = hf_quant_method(ctx)
        {
            st.cur.quantization = Some(m.clone().into());
            step(st, "quantization", "_glm4_moe_overrides");
            quantization = Some(m.into());
        }
        if matches!(quantization.as_deref(), None | Some("modelopt_fp4")) && no_a2a && auto {
            set_runner(st, "flashinfer_trtllm", &r::GLM4_MOE_TRTLLM);
            st.emit(ctx, &r::GLM4_MOE_TRTLLM, &[]);
        }
    } else if lists::PROVIDERS_GPT_OSS.contains(v, &arch) {
        if !auto {
            return Ok(());
        }
        let mxfp4 = hf_quant_method(ctx).as_deref() == Some("mxfp4");
        if hw.is_sm100() && mxfp4 {
            set_runner(st, "flashinfer_mxfp4", &r::GPT_OSS_MXFP4);
            st.emit(ctx, &r::GPT_OSS_MXFP4, &[]);
        } else if hw.is_sm120() && mxfp4 {
            set_runner(st, "flashinfer_mxfp4", &r::GPT_OSS_MXFP4_SM120);
            st.emit(ctx, &r::GPT_OSS_MXFP4_SM120, &[]);
        } else if hw.is_hip() && env_flag(ctx, "SGLANG_USE_AITER") {
            // aiter's MXFP4 kernel keeps "auto"; BF16 takes triton (warnings not modelled)
            if !mxfp4 {
                st.cur.moe_runner_backend = "triton".into();
                step(st, "moe_runner_backend", "_gpt_oss_overrides");
            }
        } else if st.cur.ep_size == 1 && st.cur.quantization.is_none() {
            // is_triton_kernels_available(): taken as installed; a driver >= 595 on Blackwell
            // would pick triton instead
            set_runner(st, "triton_kernel", &r::GPT_OSS_TRITON_KERNEL);
            st.emit(ctx, &r::GPT_OSS_TRITON_KERNEL, &[]);
        }
    } else if lists::PROVIDERS_NEMOTRON_H.contains(v, &arch) {
        return super::model_overrides::nemotron_h_overrides(ctx, st);
    } else if lists::HOOK_DEEPSEEK_BRANCH.contains(v, &arch)
        && lists::DEEPSEEK_FAMILY_ARCHS.contains(v, &arch)
        && hw.is_sm100()
    {
        let quant_method = hf_quant_method(ctx);
        let mut quantization = st.cur.quantization.clone();
        if quantization.is_none() && !st.quantization_explicitly_unset {
            // DeepseekV3 without a quant_method reads the safetensors headers: no FP8 weights
            // are assumed (a reference config without weights), so it stays BF16
            if quant_method.is_some() || arch != "DeepseekV3ForCausalLM" {
                st.cur.quantization = quant_method.clone().map(Into::into);
                if quant_method.is_some() {
                    step(st, "quantization", "_deepseek_moe_quant_resolution");
                }
                quantization = quant_method.map(Into::into);
            }
        }
        let fits = matches!(
            quantization.as_deref(),
            None | Some("fp8" | "modelopt_fp8" | "modelopt_fp4" | "modelopt_mixed")
        );
        if no_a2a && auto && !arch.starts_with("LongcatFlash") && fits {
            set_runner(st, "flashinfer_trtllm", &r::DEEPSEEK_TRTLLM);
            st.emit(ctx, &r::DEEPSEEK_TRTLLM, &[]);
        }
    }
    // the HIP arm's _deepseek_spec_moe_resolution (model_hook.py:469@0.5.23) is unreachable:
    // it needs modelopt_fp4, which ROCm refuses first (rules::model_overrides::UNMODELLED)
    Ok(())
}

/// `MXFP8_MOE_RUNNER_BACKEND_CHOICES` (`arg_groups/choices.py:161@0.5.23`; 0.5.19:
/// `server_args.py:294`, without flashinfer_megamoe).
fn mxfp8_runners(ctx: &Ctx) -> Vec<&'static str> {
    let mut v = vec!["cutlass", "deep_gemm"];
    if ctx.v >= SglangVersion::V0_5_20 {
        v.push("flashinfer_megamoe");
    }
    v.extend(["flashinfer_trtllm", "flashinfer_trtllm_routed"]);
    v
}

/// `_moe_runner_backend_quant_constraints` (`overrides.py:1449-1525@0.5.23`).
fn moe_runner_backend_quant_constraints(ctx: &Ctx, st: &mut State) -> Step {
    let hw = &ctx.hw;
    let v = ctx.v;
    let mut runner = st.cur.moe_runner_backend.clone();
    let quant = st.cur.quantization.clone();
    if quant.as_deref() == Some("nvfp4_online") {
        let w4a16 = v >= SglangVersion::V0_5_23
            && st.cur.moe_a2a_backend == "flashinfer_megamoe"
            && env_flag(ctx, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16");
        if !hw.is_sm100() {
            return Err(st.raise(ctx, &mr::NVFP4_ONLINE, &[]));
        }
        if runner == "auto" {
            runner = if w4a16 {
                "flashinfer_megamoe"
            } else {
                "flashinfer_trtllm"
            }
            .into();
        } else {
            let allowed = matches!(
                runner.as_ref(),
                "flashinfer_trtllm" | "flashinfer_trtllm_routed" | "flashinfer_cutedsl"
            ) || (runner == "flashinfer_megamoe" && w4a16);
            if !allowed {
                return Err(st.raise(ctx, &r::NVFP4_ONLINE_RUNNER, &[]));
            }
        }
    }
    if quant.as_deref() == Some("mxfp8") {
        let gfx95 = hw.is_hip() && hw.is_gfx95();
        let mut allowed = mxfp8_runners(ctx);
        if gfx95 || (v >= SglangVersion::V0_5_20 && hw.is_hip() && runner == "triton") {
            allowed.push("triton");
        }
        if v >= SglangVersion::V0_5_20 && gfx95 && env_flag(ctx, "SGLANG_USE_AITER") {
            allowed.push("aiter");
        }
        let default =
            if v >= SglangVersion::V0_5_20 && st.cur.moe_a2a_backend == "flashinfer_megamoe" {
                "flashinfer_megamoe"
            } else if gfx95 {
                "triton"
            } else {
                "flashinfer_trtllm"
            };
        if runner == "auto" {
            runner = default.into();
        } else if !allowed.contains(&runner.as_ref()) {
            st.emit(
                ctx,
                &r::MXFP8_RUNNER,
                &[
                    ("\", \".join(allowed)", PyVal::Raw(allowed.join(", "))),
                    ("moe_runner_backend", PyVal::s(runner.as_ref())),
                ],
            );
            runner = default.into();
        }
    }
    let fp4_platform = hw.is_sm120() || (v >= SglangVersion::V0_5_20 && hw.is_sm110());
    if runner == "auto" && quant.as_deref() == Some("modelopt_fp4") && fp4_platform {
        runner = "flashinfer_cutlass".into();
        st.emit(ctx, &r::FP4_SM120_RUNNER, &[]);
        st.by("moe_runner_backend", &r::FP4_SM120_RUNNER);
    }
    if runner != st.cur.moe_runner_backend {
        st.cur.moe_runner_backend = runner;
        if !matches!(st.origin.get("moe_runner_backend"), Some(Origin::Rule(_))) {
            step(
                st,
                "moe_runner_backend",
                "_moe_runner_backend_quant_constraints",
            );
        }
    }
    Ok(())
}

/// `handle_moe_kernel_config` (`moe_hook.py:70-163@0.5.23`, pipeline.py:294).
pub fn handle_moe_kernel_config(ctx: &Ctx, st: &mut State) -> Step {
    moe_runner_backend_quant_constraints(ctx, st)?;
    let c = &st.cur;
    let runner = c.moe_runner_backend.clone();
    let quant = c.quantization.clone();
    let q = quant.as_deref();
    let qv = [("view.quantization", PyVal::opt(q))];
    let ep_ok = c.ep_size == 1 || c.ep_size == c.tp_size;
    let a2a = c.moe_a2a_backend.clone();
    match runner.as_ref() {
        "flashinfer_cutlass" => {
            if !matches!(
                q,
                None | Some("modelopt_fp4" | "modelopt_fp8" | "modelopt_mixed")
            ) {
                return Err(st.raise(ctx, &r::FI_CUTLASS_QUANT, &qv));
            }
            if !ep_ok {
                return Err(st.raise(ctx, &r::FI_CUTLASS_EP, &[]));
            }
        }
        "flashinfer_cutedsl" => {
            // nvfp4_moe_meta: no hybrid NVFP4 checkpoint is modelled
            if !matches!(q, Some("modelopt_fp4" | "modelopt_mixed" | "nvfp4_online")) {
                return Err(st.raise(ctx, &r::FI_CUTEDSL_QUANT, &qv));
            }
            if !ep_ok {
                return Err(st.raise(ctx, &r::FI_CUTEDSL_EP, &[]));
            }
            if !matches!(a2a.as_ref(), "none" | "deepep" | "flashinfer") {
                return Err(st.raise(
                    ctx,
                    &r::FI_CUTEDSL_A2A,
                    &[("view.moe_a2a_backend", PyVal::Raw(a2a.into_owned()))],
                ));
            }
            if a2a == "deepep"
                && (q == Some("nvfp4_online")
                    || env_flag(ctx, "SGLANG_FLASHINFER_NVFP4_PER_TOKEN_ACTIVATION"))
            {
                return Err(st.raise(ctx, &r::FI_CUTEDSL_PER_TOKEN, &[]));
            }
        }
        "flashinfer_trtllm" | "experimental_sgl_trtllm"
            if !matches!(
                q,
                None | Some(
                    "modelopt_fp4"
                        | "nvfp4_online"
                        | "fp8"
                        | "mxfp8"
                        | "modelopt_fp8"
                        | "modelopt_mixed"
                        | "compressed-tensors"
                )
            ) =>
        {
            return Err(st.raise(ctx, &r::FI_TRTLLM_QUANT, &qv));
        }
        "flashinfer_trtllm_routed" => {
            let m3 = ctx.v >= SglangVersion::V0_5_23 && q == Some("minimax_m3_nvfp4");
            if !matches!(
                q,
                None | Some("fp8" | "mxfp8" | "modelopt_fp4" | "modelopt_mixed" | "nvfp4_online")
            ) && !m3
            {
                return Err(st.raise(ctx, &r::FI_TRTLLM_ROUTED_QUANT, &qv));
            }
        }
        _ => {}
    }
    if runner == "cutlass" && matches!(q, Some("fp8" | "mxfp8")) && st.cur.ep_size != 1 {
        return Err(st.raise(ctx, &r::CUTLASS_FP8_EP, &[]));
    }
    Ok(())
}

/// `_A2A_EP_SPANNING_BACKENDS` (`overrides.py:1578-1592@0.5.23`; flashinfer_megamoe from 0.5.20).
fn spans_ep(ctx: &Ctx, a2a: &str) -> bool {
    matches!(
        a2a,
        "megamoe"
            | "deepep"
            | "deepep_v2"
            | "mooncake"
            | "nixl"
            | "ascend_fuseep"
            | "flashinfer"
            | "mori"
            | "pplx"
    ) || (a2a == "flashinfer_megamoe" && ctx.v >= SglangVersion::V0_5_20)
}

/// `handle_a2a_moe` (`moe_hook.py:284-621@0.5.23`, pipeline.py:295).
pub fn handle_a2a_moe(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    // _a2a_backend_overrides: Waterfill forces deepep
    if st.cur.enable_waterfill && !matches!(st.cur.moe_a2a_backend.as_ref(), "deepep" | "megamoe") {
        st.cur.moe_a2a_backend = "deepep".into();
        step(st, "moe_a2a_backend", "_a2a_backend_overrides");
    }
    // _a2a_ep_size
    let a2a = st.cur.moe_a2a_backend.clone();
    if spans_ep(ctx, &a2a) {
        let (ep, tp) = (st.cur.ep_size, st.cur.tp_size);
        if ep != tp {
            st.emit(
                ctx,
                &r::A2A_EP_SIZE,
                &[
                    ("view.moe_a2a_backend", PyVal::Raw(a2a.clone().into_owned())),
                    ("view.ep_size", PyVal::Int(ep)),
                    ("view.tp_size", PyVal::Int(tp)),
                ],
            );
        }
        st.cur.ep_size = tp;
        st.by("ep_size", &r::A2A_EP_SIZE);
    }
    let dispatch = st.cur.flashinfer_a2a_dispatch_type.clone();
    if v >= SglangVersion::V0_5_20
        && a2a != "flashinfer"
        && !matches!(dispatch.as_deref(), None | Some("auto"))
    {
        return Err(st.raise(ctx, &r::DISPATCH_NEEDS_FI, &[]));
    }
    let tp = st.cur.tp_size;
    if v >= SglangVersion::V0_5_20 && a2a == "flashinfer_megamoe" {
        validate_flashinfer_megamoe_model(ctx, st)?;
        validate_flashinfer_megamoe_envs(ctx, st)?;
        // the W4A16 --dtype check (0.5.23, moe_hook.py:318-323): the model dtype, known here for
        // an explicit --dtype only (auto reads the checkpoint's)
        if v >= SglangVersion::V0_5_23
            && env_flag(ctx, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16")
            && matches!(
                st.cur.dtype.as_ref(),
                "half" | "float16" | "float" | "float32"
            )
        {
            return Err(st.raise(ctx, &mb::FI_MEGAMOE_W4A16_DTYPE, &[]));
        }
        if !(attn_dp_enabled(ctx, st) && attn_dp(ctx, st) == tp) {
            return Err(st.raise(ctx, &r::FI_MEGAMOE_TOPOLOGY, &[]));
        }
        if st.cur.moe_runner_backend == "auto" {
            st.cur.moe_runner_backend = "flashinfer_megamoe".into();
            step(st, "moe_runner_backend", HOOK);
        }
        if st.cur.moe_runner_backend != "flashinfer_megamoe" {
            return Err(st.raise(ctx, &r::FI_MEGAMOE_RUNNER, &[]));
        }
        if !ctx.hw.is_sm100() {
            return Err(st.raise(ctx, &r::FI_MEGAMOE_SM100, &[]));
        }
    }
    if a2a == "deepep" {
        if st.cur.moe_runner_backend == "flashinfer_cutedsl" {
            if st.cur.deepep_mode == "auto" {
                st.cur.deepep_mode = "low_latency".into();
                st.by("deepep_mode", &r::DEEPEP_CUTEDSL_LL);
                st.emit(ctx, &r::DEEPEP_CUTEDSL_LL, &[]);
            } else if st.cur.deepep_mode == "normal" {
                return Err(st.raise(ctx, &r::DEEPEP_CUTEDSL_NORMAL, &[]));
            }
        }
        if st.cur.deepep_mode == "normal" {
            st.emit(ctx, &r::DEEPEP_NORMAL_GRAPH, &[]);
        }
    }
    if a2a == "deepep_v2" {
        validate_deepep_v2_model_architecture(ctx, st)?;
        if v <= SglangVersion::V0_5_20 && st.cur.enable_deterministic_inference {
            return Err(st.raise(ctx, &r::DEEPEP_V2_DETERMINISTIC, &[]));
        }
        let runner = st.cur.moe_runner_backend.clone();
        if runner == "auto" {
            st.cur.moe_runner_backend = "deep_gemm".into();
            st.by("moe_runner_backend", &r::DEEPEP_V2_DEEP_GEMM);
            st.emit(ctx, &r::DEEPEP_V2_DEEP_GEMM, &[]);
        } else if runner != "deep_gemm" {
            return Err(st.raise(
                ctx,
                &r::DEEPEP_V2_RUNNER,
                &[("resolved_runner", PyVal::s(runner))],
            ));
        }
        if st.cur.enable_two_batch_overlap || st.cur.enable_single_batch_overlap {
            return Err(st.raise(ctx, &r::DEEPEP_V2_OVERLAP, &[]));
        }
        if st.cur.enforce_shared_experts_fusion {
            return Err(st.raise(ctx, &r::DEEPEP_V2_FUSION, &[]));
        }
        if v >= SglangVersion::V0_5_22 && st.cur.deepep_v2_mode == "direct" && st.cur.nnodes > 1 {
            return Err(st.raise(
                ctx,
                &r::DEEPEP_V2_DIRECT_NODES,
                &[("cfg.nnodes", PyVal::Int(st.cur.nnodes))],
            ));
        }
    }
    // `ascend_tp` (or `none` on an NPU, not a modelled platform) is declared `none`
    // (moe_hook.py:463-469@0.5.23, 247@0.5.19, 391@0.5.20, 389@0.5.21, 399@0.5.22)
    if st.cur.moe_a2a_backend == "ascend_tp" {
        st.cur.moe_a2a_backend = "none".into();
        step(st, "moe_a2a_backend", "_handle_a2a_moe");
    }
    // 0.5.19 tests the resolving view's field (`cfg.moe_a2a_backend`), the same value here
    if st.cur.moe_a2a_backend == "flashinfer" {
        flashinfer_a2a(ctx, st)?;
    }
    if a2a == "mori" {
        // MORI EPv2 (0.5.22+) needs SGLANG_MORI_EP_V2 and DeepSeek-V4: not modelled, EPv1 assumed
        if st.cur.deepep_mode == "auto" {
            st.cur.deepep_mode = "normal".into();
            st.by("deepep_mode", &r::MORI_NORMAL);
            st.emit(ctx, &r::MORI_NORMAL, &[]);
        }
        // the dispatch budget: only an explicit --chunked-prefill-size is known here
        if let Some(cps) = chunked_prefill(ctx, st)
            && cps > 0
            && st.cur.disaggregation_mode != "decode"
            && cps > env_int(ctx, "SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 4096)
        {
            return Err(st.raise(ctx, &r::MORI_BUDGET, &[]));
        }
    }
    if a2a == "pplx" {
        if st.cur.deepep_mode == "normal" {
            return Err(st.raise(ctx, &r::PPLX_NORMAL, &[]));
        }
        if st.cur.deepep_mode == "auto" {
            st.cur.deepep_mode = "low_latency".into();
            st.by("deepep_mode", &r::PPLX_LOW_LATENCY);
            st.emit(ctx, &r::PPLX_LOW_LATENCY, &[]);
        }
        let dp_ok = if has_attn_dp(ctx) {
            st.cur.attn_dp_size >= 2
        } else {
            st.cur.enable_dp_attention && st.cur.dp_size >= 2
        };
        if !dp_ok {
            return Err(st.raise(ctx, &r::PPLX_DP, &[]));
        }
        if !matches!(st.cur.moe_runner_backend.as_ref(), "deep_gemm" | "auto") {
            return Err(st.raise(ctx, &r::PPLX_RUNNER, &[]));
        }
        if st.cur.moe_runner_backend == "auto" {
            st.cur.moe_runner_backend = "deep_gemm".into();
            st.by("moe_runner_backend", &r::PPLX_DEEP_GEMM);
            st.emit(ctx, &r::PPLX_DEEP_GEMM, &[]);
        }
        if let Some(cps) = chunked_prefill(ctx, st)
            && cps > 0
            && st.cur.disaggregation_mode != "decode"
        {
            let need = cps.max(st.cur.cuda_graph_max_bs_decode.unwrap_or(i64::MIN));
            if need > env_int(ctx, "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 128) {
                return Err(st.raise(ctx, &r::PPLX_BUDGET, &[]));
            }
        }
    }
    Ok(())
}

/// The chunked-prefill default of `handle_gpu_memory_settings` (`memory_hook.py:89-178@0.5.23`):
/// by the GPU memory SGLang reads (the catalogue's `memory_mib`), 2048 below 20 GiB, 4096 below
/// 35 GiB (0.5.19: 2048) and 60 GiB, 8192 below 160 GiB, else 16384. `None` for a device whose
/// memory Preflight does not know (a bare compute capability).
pub(super) fn default_chunked_prefill(ctx: &Ctx) -> Option<i64> {
    let mem = ctx.hw.memory_mib()? as i64;
    Some(if mem < 20 * 1024 {
        2048
    } else if mem < 35 * 1024 {
        if ctx.v == SglangVersion::V0_5_19 {
            2048
        } else {
            4096
        }
    } else if mem < 60 * 1024 {
        4096
    } else if mem < 90 * 1024 || mem < 160 * 1024 {
        8192
    } else {
        16384
    })
}

/// The chunked-prefill size the MoE hooks read, when Preflight knows it: `--chunked-prefill-size`
/// or [`default_chunked_prefill`], floor-divided by the attention-DP size under attention DP
/// (`handle_data_parallelism`, `parallel_hook.py:326-332@0.5.23`).
pub(super) fn chunked_prefill(ctx: &Ctx, st: &State) -> Option<i64> {
    let cps = if ctx.given("chunked_prefill_size") {
        st.cur.chunked_prefill_size?
    } else {
        st.cur
            .chunked_prefill_size
            .or_else(|| default_chunked_prefill(ctx))?
    };
    if attn_dp_enabled(ctx, st) {
        return floordiv(cps, attn_dp(ctx, st).max(1));
    }
    Some(cps)
}

/// `max_prefill_buffer_tokens` (`overrides.py:1865-1883@0.5.23`) without plugin ceilings: the
/// positive chunked-prefill size (0 when disabled), grown under PP dynamic chunking.
fn max_prefill_buffer_tokens(ctx: &Ctx, st: &State) -> Option<i64> {
    let cps = chunked_prefill(ctx, st)?;
    let chunked = cps.max(0);
    let mut tokens = chunked;
    if st.cur.enable_dynamic_chunking && st.cur.pp_size > 1 && chunked > 0 {
        let grown = (chunked * 5 + 3) / 4;
        tokens = tokens.max(st.cur.max_prefill_tokens).max(grown);
    }
    Some(tokens)
}

/// `validate_deepep_v2_dispatch_token_budget` (`moe_hook.py:679-706@0.5.23`, the last step of
/// `run_resolution_pipeline`): its prefill half. The per-rank prefill dispatch is the prefill
/// buffer (else `--max-prefill-tokens`); from 0.5.22 split over the `tp_size // attn_dp_size`
/// ranks a DP chunk is scattered across. (The decode-graph half needs the CUDA-graph batch
/// sizes: UNMODELLED.)
pub fn validate_deepep_v2_dispatch_token_budget(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.moe_a2a_backend != "deepep_v2" {
        return Ok(());
    }
    if st.cur.disaggregation_mode != "decode" {
        deepep_v2_prefill_budget(ctx, st)?;
    }
    // the decode-graph half (moe_hook.py:696-706@0.5.23): the largest decode CUDA graph of one
    // rank, where Preflight knows it (SGLang's tier defaults, no speculative decoding)
    let Some(rows) = decode_graph_rows(ctx, st) else {
        return Ok(());
    };
    // before 0.5.22 the request pool is divided by --dp-size under --enable-dp-attention
    if !has_attn_dp(ctx) && st.cur.enable_dp_attention && st.cur.max_running_requests.is_some() {
        return Ok(());
    }
    let capacity = env_int(
        ctx,
        "SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK",
        128,
    );
    if rows > capacity {
        return Err(st.raise(
            ctx,
            &mb::DEEPEP_V2_DECODE_BUDGET,
            &[
                ("graph_tokens", PyVal::Int(rows)),
                ("capacity", PyVal::Int(capacity)),
                ("graph_bs", PyVal::Int(rows)),
                ("tokens_per_req", PyVal::Int(1)),
            ],
        ));
    }
    Ok(())
}

/// The prefill half of [`validate_deepep_v2_dispatch_token_budget`].
fn deepep_v2_prefill_budget(ctx: &Ctx, st: &mut State) -> Step {
    let Some(buffer) = max_prefill_buffer_tokens(ctx, st) else {
        return Ok(());
    };
    let capacity = env_int(
        ctx,
        "SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK",
        128,
    );
    let ceiling = if buffer != 0 {
        buffer
    } else {
        st.cur.max_prefill_tokens
    };
    let required = if ctx.v >= SglangVersion::V0_5_22 {
        let adp = if has_attn_dp(ctx) {
            st.cur.attn_dp_size
        } else {
            1
        };
        let scatter = floordiv(st.cur.tp_size, adp.max(1)).unwrap_or(1).max(1);
        -floordiv(-ceiling, scatter).unwrap_or(-ceiling)
    } else {
        ceiling
    };
    if required > capacity {
        return Err(st.raise(
            ctx,
            &r::DEEPEP_V2_PREFILL_BUDGET,
            &[
                ("prefill_tokens", PyVal::Int(required)),
                ("capacity", PyVal::Int(capacity)),
            ],
        ));
    }
    Ok(())
}

/// `validate_flydsl_decode_capacity` (`mega_moe_hook.py:130-157@0.5.23`, 0.5.23): ROCm with
/// `SGLANG_AMD_USE_FLYDSL_MEGA_MOE` and a separate decode capacity
/// (0 < `SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR` < `SGLANG_AMD_FLYDSL_MEGA_MOE_MTPR`).
fn validate_flydsl_decode_capacity(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < SglangVersion::V0_5_23
        || !ctx.hw.is_hip()
        || !env_flag(ctx, "SGLANG_AMD_USE_FLYDSL_MEGA_MOE")
    {
        return Ok(());
    }
    let decode_mtpr = env_int(ctx, "SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR", 0);
    if decode_mtpr <= 0 || decode_mtpr >= env_int(ctx, "SGLANG_AMD_FLYDSL_MEGA_MOE_MTPR", 8192) {
        return Ok(());
    }
    let c = &st.cur;
    if c.disaggregation_mode == "prefill" {
        return Ok(());
    }
    if c.attn_cp_size > 1 {
        return Err(st.raise(ctx, &mm::FLYDSL_DECODE_CP, &[]));
    }
    // flydsl_decode_tokens_per_rank (:109-127)
    let Some(mut requests) = c.max_running_requests else {
        return Err(st.raise(ctx, &mm::FLYDSL_DECODE_MRR, &[]));
    };
    if attn_dp_enabled(ctx, st) {
        requests = floordiv(requests, c.attn_dp_size.max(1)).unwrap_or(requests);
    }
    let per_req = if c.speculative_algorithm.is_some() {
        c.speculative_num_draft_tokens
            .unwrap_or(1)
            .max(1)
            .max(c.speculative_eagle_topk.unwrap_or(1).max(1))
    } else {
        1
    };
    let tokens = requests * per_req;
    if tokens > decode_mtpr {
        return Err(st.raise(
            ctx,
            &mm::FLYDSL_DECODE_CAPACITY,
            &[
                ("decode_mtpr", PyVal::Int(decode_mtpr)),
                ("decode_tokens", PyVal::Int(tokens)),
            ],
        ));
    }
    Ok(())
}

/// `validate_mega_moe_token_budget_for_model` (`mega_moe_hook.py:78-91@0.5.23`, 0.5.21+, after
/// the speculative hook) and its CUDA half `validate_mega_moe_token_budget` (`:126-250`): for
/// the architectures without a fused-MoE fallback (or NVFP4 experts) the per-rank prefill
/// budget must fit `SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK`. The decode half is
/// checked only where the decode CUDA-graph batch size is SGLang's tier default (at most 512).
pub fn validate_mega_moe_token_budget(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if ctx.v < SglangVersion::V0_5_21 || c.moe_a2a_backend != "megamoe" || c.encoder_only {
        return Ok(());
    }
    validate_flydsl_decode_capacity(ctx, st)?;
    let c = &st.cur;
    let arch = ctx.arch().to_string();
    let no_fallback = [
        "DeepseekV4ForCausalLM",
        "InternS2PreviewForConditionalGeneration",
        "MellumForCausalLM",
        "Qwen2MoeForCausalLM",
        "Qwen3MoeForCausalLM",
        "Qwen3NextForCausalLM",
        "Qwen3VLMoeForConditionalGeneration",
        "Qwen3_5MoeForCausalLM",
        "Qwen3_5MoeForConditionalGeneration",
    ];
    let nvfp4 = matches!(
        c.quantization.as_deref(),
        Some("modelopt_fp4" | "minimax_m3_nvfp4")
    ) || ctx
        .model
        .hf_quant_config
        .as_ref()
        .and_then(|q| q.get("quant_algo"))
        .is_some_and(|a| a.to_string().contains("FP4"));
    if !(no_fallback.contains(&arch.as_str()) || nvfp4) || ctx.hw.is_hip() {
        return Ok(());
    }
    let max_tokens = env_int(
        ctx,
        "SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK",
        8192,
    );
    // the decode half: the tier defaults are at most 512 rows, below the default 8192; any
    // explicit batch-size, request or draft-token setting makes it unknown here
    let decode_known = c.max_running_requests.is_none()
        && c.speculative_algorithm.is_none()
        && c.cuda_graph_max_bs_decode.is_none()
        && c.cuda_graph_bs_decode.is_none()
        && !ctx.given("cuda_graph_config");
    if c.disaggregation_mode != "prefill" && (!decode_known || max_tokens < 512) {
        return Ok(());
    }
    if c.disaggregation_mode == "decode" || (c.pp_size > 1 && c.enable_dynamic_chunking) {
        return Ok(());
    }
    let Some(cps) = chunked_prefill(ctx, st) else {
        return Ok(());
    };
    let label = [("model_label", PyVal::Raw(arch.clone()))];
    if cps <= 0 {
        return Err(st.raise(ctx, &r::MEGAMOE_NEEDS_CHUNKED_PREFILL, &label));
    }
    let c = &st.cur;
    let (size, name, align, local) = if c.enable_prefill_cp {
        let n = c.attn_cp_size.max(1);
        (n, "attn_cp_size", 1, (cps + n - 1).div_euclid(n))
    } else if attn_dp_enabled(ctx, st) {
        let n = attn_dp(ctx, st).max(1);
        let a = floordiv(floordiv(c.tp_size, n).unwrap_or(1), c.attn_cp_size.max(1))
            .unwrap_or(1)
            .max(1);
        (n, "attn_dp_size", a, cps.div_euclid(n))
    } else {
        let a = floordiv(c.tp_size, c.attn_cp_size.max(1))
            .unwrap_or(1)
            .max(1);
        (1, "none", a, cps)
    };
    let partition = TokenPartition {
        size,
        name,
        align,
        local,
    };
    megamoe_per_rank_budget(ctx, st, Some(arch), cps, &partition, max_tokens)
}

/// How MegaMoE's prefill chunk is split over ranks (`token_partition_*` of
/// `validate_mega_moe_token_budget`).
struct TokenPartition {
    size: i64,
    name: &'static str,
    align: i64,
    local: i64,
}

/// The per-rank tail both releases' MegaMoE budget checks share: a positive local chunk
/// (MOE045), then the chunk rounded up to the alignment within
/// `SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK` (MOE046). `label` is the 0.5.21+
/// `{model_label}`; the 0.5.19-0.5.20 wording names DeepSeek-V4 itself.
fn megamoe_per_rank_budget(
    ctx: &Ctx,
    st: &mut State,
    label: Option<String>,
    cps: i64,
    p: &TokenPartition,
    max_tokens: i64,
) -> Step {
    let mut part = Vec::new();
    if let Some(l) = label {
        part.push(("model_label", PyVal::Raw(l)));
    }
    part.extend([
        ("cfg.chunked_prefill_size", PyVal::Int(cps)),
        ("token_partition_name", PyVal::Raw(p.name.into())),
        ("token_partition_size", PyVal::Int(p.size)),
    ]);
    if p.local <= 0 {
        return Err(st.raise(ctx, &r::MEGAMOE_LOCAL_CHUNK, &part));
    }
    let required = (p.local + p.align - 1).div_euclid(p.align) * p.align;
    if max_tokens < required {
        part.extend([
            ("token_alignment", PyVal::Int(p.align)),
            ("required_tokens_per_rank", PyVal::Int(required)),
            ("max_tokens_per_rank", PyVal::Int(max_tokens)),
        ]);
        return Err(st.raise(ctx, &r::MEGAMOE_PREFILL_BUDGET, &part));
    }
    Ok(())
}

/// `validate_deepseek_v4_mega_moe_token_budget` (`deepseek_v4_hook.py:21-100@0.5.19`, the same
/// at 0.5.20), 0.5.19-0.5.20's DeepSeek-V4-only form of [`validate_mega_moe_token_budget`], run
/// from the DeepSeek-V4 arm of `handle_model_specific_adjustments` (`model_hook.py:333@0.5.19`):
/// before `handle_data_parallelism`, so the chunked-prefill size is not yet divided by the DP
/// size, and with no decode half.
pub fn validate_deepseek_v4_mega_moe_token_budget(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if c.moe_a2a_backend != "megamoe" || c.disaggregation_mode == "decode" {
        return Ok(());
    }
    if c.pp_size > 1 && c.enable_dynamic_chunking {
        return Ok(());
    }
    let cps = if ctx.given("chunked_prefill_size") {
        c.chunked_prefill_size
    } else {
        c.chunked_prefill_size
            .or_else(|| default_chunked_prefill(ctx))
    };
    // an unknown GPU leaves the default unknown: nothing to judge
    let Some(cps) = cps else {
        return Ok(());
    };
    if cps <= 0 {
        return Err(st.raise(ctx, &r::MEGAMOE_NEEDS_CHUNKED_PREFILL, &[]));
    }
    let cp = c.attn_cp_size.max(1);
    let (size, name, align, local) = if c.enable_prefill_cp {
        (cp, "attn_cp_size", 1, (cps + cp - 1).div_euclid(cp))
    } else if c.enable_dp_attention {
        let dp = c.dp_size.max(1);
        let a = floordiv(floordiv(c.tp_size, dp).unwrap_or(1), cp)
            .unwrap_or(1)
            .max(1);
        (dp, "dp_size", a, cps.div_euclid(dp))
    } else {
        let a = floordiv(c.tp_size, cp).unwrap_or(1).max(1);
        (1, "none", a, cps)
    };
    let max_tokens = env_int(
        ctx,
        "SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK",
        8192,
    );
    let partition = TokenPartition {
        size,
        name,
        align,
        local,
    };
    megamoe_per_rank_budget(ctx, st, None, cps, &partition, max_tokens)
}

/// The FlashInfer all-to-all block of `handle_a2a_moe` (`moe_hook.py:471-541@0.5.23`).
fn flashinfer_a2a(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    let tp = st.cur.tp_size;
    let topology_ok = if has_attn_dp(ctx) {
        let full = attn_dp_enabled(ctx, st) && st.cur.attn_dp_size == tp;
        // 0.5.23: Muse Spark's prefill sequence parallelism at TP4/EP4 or TP8/EP8
        let muse = v >= SglangVersion::V0_5_23
            && ctx.arch() == "MuseSparkForConditionalGeneration"
            && st.cur.enable_layernorm_sp
            && !attn_dp_enabled(ctx, st)
            && st.cur.attn_dp_size == 1
            && matches!((tp, st.cur.ep_size), (4, 4) | (8, 8));
        full || muse
    } else {
        st.cur.enable_dp_attention && st.cur.dp_size == tp
    };
    if !topology_ok {
        return Err(st.raise(ctx, &r::FI_A2A_TOPOLOGY, &[]));
    }
    let w4a16 = st.cur.moe_runner_backend == "flashinfer_cutedsl"
        && env_flag(ctx, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16");
    if w4a16 && env_flag(ctx, "SGLANG_MOE_NVFP4_DISPATCH") {
        return Err(st.raise(ctx, &r::CUTEDSL_W4A16_NVFP4_DISPATCH, &[]));
    }
    if v >= SglangVersion::V0_5_20 && st.cur.flashinfer_a2a_dispatch_type.is_some() {
        if st.cur.moe_runner_backend == "flashinfer_trtllm" {
            st.cur.moe_runner_backend = "flashinfer_trtllm_routed".into();
            st.by("moe_runner_backend", &r::FI_A2A_ROUTED);
            st.emit(ctx, &r::FI_A2A_ROUTED, &[]);
        }
        let dt = st.cur.flashinfer_a2a_dispatch_type.clone();
        if w4a16 && matches!(dt.as_deref(), Some("auto" | "nvfp4")) {
            return Err(st.raise(ctx, &r::CUTEDSL_W4A16_DISPATCH_TYPE, &[]));
        }
        handle_flashinfer_a2a_dispatch_type(ctx, st)?;
    }
    if !matches!(
        st.cur.moe_runner_backend.as_ref(),
        "flashinfer_cutlass"
            | "flashinfer_cutedsl"
            | "flashinfer_trtllm"
            | "flashinfer_trtllm_routed"
            | "deep_gemm"
    ) {
        return Err(st.raise(ctx, &r::FI_A2A_RUNNER, &[]));
    }
    Ok(())
}

/// `handle_flashinfer_a2a_dispatch_type` (`moe_hook.py:166-211@0.5.23`, 0.5.20+).
fn handle_flashinfer_a2a_dispatch_type(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.env("SGLANG_MOE_NVFP4_DISPATCH").is_some() {
        return Err(st.raise(ctx, &r::DISPATCH_ENV, &[]));
    }
    let q = st.cur.quantization.clone();
    let nvfp4 = q.as_deref() == Some("modelopt_fp4");
    let mut dt = st
        .cur
        .flashinfer_a2a_dispatch_type
        .clone()
        .unwrap_or_else(|| "auto".into());
    if dt == "auto" {
        dt = if q.as_deref() == Some("mxfp8") {
            "mxfp8"
        } else if nvfp4 {
            "nvfp4"
        } else {
            "bf16"
        }
        .into();
    }
    if dt == "mxfp8" {
        if q.as_deref() != Some("mxfp8") {
            return Err(st.raise(ctx, &r::DISPATCH_MXFP8_QUANT, &[]));
        }
        if st.cur.moe_runner_backend != "flashinfer_trtllm_routed" {
            return Err(st.raise(ctx, &r::DISPATCH_MXFP8_RUNNER, &[]));
        }
    } else if dt == "nvfp4" && !nvfp4 {
        return Err(st.raise(ctx, &r::DISPATCH_NVFP4, &[]));
    }
    st.cur.flashinfer_a2a_dispatch_type = Some(dt);
    step(
        st,
        "flashinfer_a2a_dispatch_type",
        "_handle_flashinfer_a2a_dispatch_type",
    );
    Ok(())
}

/// `validate_flashinfer_megamoe_model` (`moe_hook.py:237-281@0.5.23`, 0.5.20+).
fn validate_flashinfer_megamoe_model(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    let mut validated = vec![
        "DeepseekV2ForCausalLM",
        "DeepseekV3ForCausalLM",
        "DeepseekV32ForCausalLM",
        "DeepseekV4ForCausalLM",
        "Glm4MoeForCausalLM",
    ];
    if v >= SglangVersion::V0_5_21 {
        validated.push("GlmMoeDsaForCausalLM");
    }
    validated.extend([
        "NemotronHForCausalLM",
        "NemotronHPuzzleForCausalLM",
        "Qwen2MoeForCausalLM",
        "Qwen3MoeForCausalLM",
    ]);
    if v >= SglangVersion::V0_5_23 {
        validated.insert(0, "BeamForCausalLM");
        validated.extend(["KimiK3ForConditionalGeneration", "KimiK3LinearForCausalLM"]);
    }
    let archs = &ctx.model.architectures;
    if !archs.iter().any(|a| validated.contains(&a.as_str())) {
        let mut sorted = validated.clone();
        sorted.sort_unstable();
        return Err(st.raise(
            ctx,
            &r::FI_MEGAMOE_ARCH,
            &[
                (
                    "architectures",
                    PyVal::List(archs.iter().map(|a| PyVal::s(a.as_str())).collect()),
                ),
                (
                    "sorted(validated_architectures)",
                    PyVal::List(sorted.iter().map(|a| PyVal::s(*a)).collect()),
                ),
            ],
        ));
    }
    let q = st.cur.quantization.clone();
    let ok = matches!(q.as_deref(), Some("mxfp8" | "modelopt_fp4"))
        || (v >= SglangVersion::V0_5_23
            && q.as_deref() == Some("nvfp4_online")
            && env_flag(ctx, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16"))
        || ctx.model.is_fp4_experts;
    if !ok {
        return Err(st.raise(
            ctx,
            &r::FI_MEGAMOE_QUANT,
            &[("quantization", PyVal::opt(q.as_deref()))],
        ));
    }
    Ok(())
}

/// `validate_flashinfer_megamoe_envs` (`moe_hook.py:214-234@0.5.23`, 0.5.20+).
fn validate_flashinfer_megamoe_envs(ctx: &Ctx, st: &mut State) -> Step {
    let combine = ctx
        .env("SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE")
        .unwrap_or("bf16")
        .trim()
        .to_lowercase();
    if ctx.v >= SglangVersion::V0_5_23
        && env_flag(ctx, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16")
        && combine != "bf16"
    {
        return Err(st.raise(ctx, &r::MEGAMOE_W4A16_COMBINE, &[]));
    }
    if !matches!(combine.as_str(), "bf16" | "mxfp8" | "nvfp4") {
        return Err(st.raise(
            ctx,
            &r::MEGAMOE_COMBINE_DTYPE,
            &[("combine_dtype", PyVal::s(combine))],
        ));
    }
    if combine != "bf16" && env_flag(ctx, "SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE") {
        return Err(st.raise(
            ctx,
            &r::MEGAMOE_FC2_REDUCE,
            &[("combine_dtype", PyVal::s(combine))],
        ));
    }
    Ok(())
}

/// `validate_deepep_v2_model_architecture` (`moe_hook.py:709-731@0.5.23`): a fixed list up to
/// 0.5.20, the `configs/moe_model_registry.py` registry from 0.5.21.
fn validate_deepep_v2_model_architecture(ctx: &Ctx, st: &mut State) -> Step {
    let arch = ctx.model.architectures.first().cloned();
    let a = arch.as_deref().unwrap_or_default();
    let v = ctx.v;
    let ok = if v <= SglangVersion::V0_5_20 {
        matches!(
            a,
            "DeepseekV3ForCausalLM" | "DeepseekV4ForCausalLM" | "Qwen3MoeForCausalLM"
        )
    } else {
        matches!(
            a,
            "DeepseekV3ForCausalLM"
                | "DeepseekV4ForCausalLM"
                | "Qwen3MoeForCausalLM"
                | "Glm5NextForConditionalGeneration"
        ) || (v >= SglangVersion::V0_5_22
            && matches!(
                a,
                "GlmMoeDsaForCausalLM" | "MiMoV2ForCausalLM" | "MiMoV2FlashForCausalLM"
            ))
    };
    if ok {
        return Ok(());
    }
    let archv = PyVal::opt(arch.as_deref());
    if v <= SglangVersion::V0_5_20 {
        let list = [
            "DeepseekV3ForCausalLM",
            "DeepseekV4ForCausalLM",
            "Qwen3MoeForCausalLM",
        ];
        return Err(st.raise(
            ctx,
            &r::DEEPEP_V2_ARCH,
            &[
                ("architecture", archv),
                (
                    "sorted(validated_architectures)",
                    PyVal::List(list.iter().map(|a| PyVal::s(*a)).collect()),
                ),
            ],
        ));
    }
    Err(st.raise(ctx, &r::DEEPEP_V2_ARCH, &[("architecture", archv)]))
}

/// `validate_cutedsl_a2a_token_budget` (`moe_hook.py:460-496@0.5.19`, 0.5.19-0.5.21, after the
/// speculative hook): `cutedsl_moe_max_num_tokens` (`overrides.py:1800-1819@0.5.19`) is the
/// largest of `--max-prefill-tokens`, the piecewise prefill graph and the decode graph rows.
/// Checked where `--max-prefill-tokens` is known to be the largest: no explicit decode-graph,
/// request or speculative setting (SGLang's decode tiers stop at 512 rows) and a prefill limit
/// of at least the chunked-prefill size (the prefill graph stops there).
pub fn validate_cutedsl_a2a_token_budget(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if ctx.v > SglangVersion::V0_5_21
        || c.moe_a2a_backend != "flashinfer"
        || c.moe_runner_backend != "flashinfer_cutedsl"
        || c.max_prefill_tokens <= 0
        || c.disaggregation_mode == "decode"
    {
        return Ok(());
    }
    let decode_known = c.max_running_requests.is_none()
        && c.speculative_algorithm.is_none()
        && c.cuda_graph_max_bs_decode.is_none()
        && c.cuda_graph_bs_decode.is_none()
        && !ctx.given("cuda_graph_config");
    let Some(cps) = chunked_prefill(ctx, st) else {
        return Ok(());
    };
    let required = c.max_prefill_tokens;
    if !decode_known || required < 512 || required < cps {
        return Ok(());
    }
    let configured = env_int(ctx, "SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 0);
    let per_rank = if configured == 0 { 1024 } else { configured };
    let ep = c.ep_size;
    let capacity = per_rank * ep;
    if capacity < required {
        let per = floordiv(required + ep - 1, ep.max(1)).unwrap_or(required);
        return Err(st.raise(
            ctx,
            &r::CUTEDSL_A2A_BUDGET,
            &[
                ("required_tokens", PyVal::Int(required)),
                ("max_dispatch_tokens_per_rank", PyVal::Int(per_rank)),
                ("view.ep_size", PyVal::Int(ep)),
                ("max_cutedsl_tokens", PyVal::Int(capacity)),
                ("required_per_rank", PyVal::Int(per)),
            ],
        ));
    }
    Ok(())
}

/// `handle_layernorm_sp` / `validate_layernorm_sp` (`layernorm_sp_hook.py:15-191@0.5.23`, after
/// the speculative hook). `SP_SUPPORTED_ARCHITECTURES` (`layers/layernorm_sp.py:54@0.5.23`):
/// Qwen3, and Muse Spark from 0.5.23, with its own branch (TP/EP, quantization, all-to-all,
/// runner, the MegaMoE prefill budget, the NVFP4 dispatch); the breakable prefill CUDA-graph
/// checks are not modelled (`rules::sp_muse::UNMODELLED`).
pub fn handle_layernorm_sp(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    let megamoe = v >= SglangVersion::V0_5_23 && st.cur.enable_megamoe_for_layernorm_sp;
    if !st.cur.enable_layernorm_sp {
        if megamoe {
            return Err(st.raise(ctx, &sp::MEGAMOE_SP_NEEDS_SP, &[]));
        }
        return Ok(());
    }
    let arch = ctx.model.architectures.first().cloned();
    let a = arch.as_deref();
    let muse = v >= SglangVersion::V0_5_23 && a == Some("MuseSparkForConditionalGeneration");
    if megamoe && !muse {
        return Err(st.raise(ctx, &sp::MEGAMOE_SP_MUSE, &[]));
    }
    let mut supported = vec!["Qwen3ForCausalLM"];
    if v >= SglangVersion::V0_5_23 {
        supported.insert(0, "MuseSparkForConditionalGeneration");
    }
    if !a.is_some_and(|a| supported.contains(&a)) {
        return Err(st.raise(
            ctx,
            &sp::SP_ARCH,
            &[
                (
                    "sorted(SP_SUPPORTED_ARCHITECTURES)",
                    PyVal::List(supported.iter().map(|s| PyVal::s(*s)).collect()),
                ),
                ("architecture", PyVal::Raw(a.unwrap_or("None").to_string())),
            ],
        ));
    }
    if st.cur.tp_size <= 1 {
        return Err(st.raise(ctx, &sp::SP_TP, &[]));
    }
    if muse {
        // validate_layernorm_sp's Muse Spark branch (layernorm_sp_hook.py:140-171@0.5.23)
        let (tp, ep) = (st.cur.tp_size, st.cur.ep_size);
        if !matches!((tp, ep), (4, 4) | (8, 8)) {
            return Err(st.raise(
                ctx,
                &spm::MUSE_TP_EP,
                &[("tp_size", PyVal::Int(tp)), ("ep_size", PyVal::Int(ep))],
            ));
        }
        let q = st.cur.quantization.as_deref();
        if q != Some("modelopt_fp4") && !(q.is_none() && megamoe) {
            return Err(st.raise(ctx, &spm::MUSE_QUANT, &[]));
        }
        let a2a = st.cur.moe_a2a_backend.as_ref();
        if megamoe {
            if !matches!(a2a, "none" | "flashinfer") {
                return Err(st.raise(ctx, &spm::MUSE_MEGAMOE_A2A, &[]));
            }
        } else if a2a != "flashinfer" {
            return Err(st.raise(ctx, &spm::MUSE_A2A, &[]));
        }
        if st.cur.moe_runner_backend != "flashinfer_trtllm" {
            return Err(st.raise(ctx, &spm::MUSE_RUNNER, &[]));
        }
    }
    if attn_dp_enabled(ctx, st) {
        return Err(st.raise(ctx, &sp::SP_ATTN_DP, &[]));
    }
    if let Some(alg) = st.cur.speculative_algorithm.as_deref()
        && !(muse && alg == "DFLASH")
    {
        return Err(st.raise(ctx, &sp::SP_SPEC, &[]));
    }
    if v >= SglangVersion::V0_5_22 && st.cur.pp_size > 1 {
        return Err(st.raise(ctx, &sp::SP_PP, &[]));
    }
    if !muse {
        return Ok(());
    }
    // handle_layernorm_sp's Muse Spark tail (layernorm_sp_hook.py:42-106@0.5.23)
    if megamoe {
        if st.cur.enable_mixed_chunk {
            return Err(st.raise(ctx, &spm::MUSE_MEGAMOE_MIXED, &[]));
        }
        // validate_muse_megamoe_token_budget (:194-209); attention DP was refused above
        let Some(chunk) = chunked_prefill(ctx, st) else {
            return Ok(());
        };
        let budget = if chunk > 0 {
            chunk
        } else {
            st.cur.max_prefill_tokens
        };
        let capacity = crate::py::env_int(
            ctx.env("SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK"),
            8192,
        );
        if capacity <= 0 || budget <= 0 {
            return Err(st.raise(ctx, &spm::MUSE_BUDGET_POSITIVE, &[]));
        }
        let per_rank = (budget + st.cur.tp_size - 1) / st.cur.tp_size;
        if per_rank > capacity {
            return Err(st.raise(
                ctx,
                &spm::MUSE_BUDGET,
                &[
                    ("per_rank", PyVal::Int(per_rank)),
                    ("capacity", PyVal::Int(capacity)),
                ],
            ));
        }
        return Ok(());
    }
    // SGLANG_MOE_NVFP4_DISPATCH as the environment leaves it: the user's value, else the
    // FlashInfer A2A block of handle_a2a_moe turns it on for modelopt_fp4 without
    // --flashinfer-a2a-dispatch-type (moe_hook.py:498-507@0.5.23)
    let dispatch = match ctx.env("SGLANG_MOE_NVFP4_DISPATCH") {
        Some(x) => crate::py::env_bool(Some(x), false),
        None => {
            st.cur.moe_a2a_backend == "flashinfer"
                && st.cur.flashinfer_a2a_dispatch_type.is_none()
                && !(st.cur.moe_runner_backend == "flashinfer_cutedsl"
                    && env_flag(ctx, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16"))
                && st.cur.quantization.as_deref() == Some("modelopt_fp4")
        }
    };
    if dispatch {
        return Err(st.raise(ctx, &spm::MUSE_NVFP4_DISPATCH, &[]));
    }
    Ok(())
}

/// The rows of the largest decode CUDA graph of one DP rank (`_decode_graph_dispatch_tokens_per_rank`,
/// `moe_hook.py:656-676@0.5.23`) at SGLang's defaults: the decode `max_bs` tier of
/// `handle_gpu_memory_settings` (`memory_hook.py:89-188@0.5.23`: by GPU memory and TP size, capped
/// at `--max-running-requests`), then at most the per-rank request pool. `None` where Preflight
/// does not know it (explicit CUDA-graph settings, speculative decoding, unknown GPU memory).
fn decode_graph_rows(ctx: &Ctx, st: &State) -> Option<i64> {
    let c = &st.cur;
    if c.disaggregation_mode == "prefill" || c.disable_cuda_graph || c.disable_decode_cuda_graph {
        return Some(0);
    }
    if c.speculative_algorithm.is_some()
        || c.cuda_graph_max_bs_decode.is_some()
        || c.cuda_graph_bs_decode.is_some()
        || ctx.given("cuda_graph_config")
        || ctx.given("cuda_graph_backend_decode")
    {
        return None;
    }
    let mem = ctx.hw.memory_mib()? as i64;
    let small_tp = c.tp_size < 4;
    let mut bs = if mem < 20 * 1024 {
        8
    } else if mem < 35 * 1024 {
        if small_tp { 48 } else { 160 }
    } else if mem < 60 * 1024 {
        if small_tp { 32 } else { 160 }
    } else if mem < 160 * 1024 {
        if small_tp { 256 } else { 512 }
    } else {
        512
    };
    if let Some(mrr) = c.max_running_requests {
        bs = bs.min(mrr);
        let adp = if has_attn_dp(ctx) { c.attn_dp_size } else { 1 };
        bs = bs.min(floordiv(mrr, adp.max(1)).unwrap_or(mrr).max(1));
    }
    Some(bs)
}

/// `validate_flashinfer_a2a_token_budget` (`moe_hook.py:749-774@0.5.23`, 0.5.22+, after the
/// LayerNorm-SP hook). Without SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK the workspace
/// is sized from the prefill buffer (at least 4096), which SGLang's default graphs fit; with it,
/// the budget is checked where the per-rank prefill buffer is the largest forward (no explicit
/// decode-graph, request or speculative setting, a buffer of at least the 512-row decode tier).
pub fn validate_flashinfer_a2a_token_budget(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if ctx.v < SglangVersion::V0_5_22 || c.moe_a2a_backend != "flashinfer" {
        return Ok(());
    }
    let Some(cps) = chunked_prefill(ctx, st) else {
        return Ok(());
    };
    if c.disaggregation_mode != "decode" && cps <= 0 {
        return Err(st.raise(ctx, &r::FI_A2A_NEEDS_CHUNKED, &[]));
    }
    let Some(configured) = ctx
        .env("SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK")
        .and_then(|v| v.trim().parse::<i64>().ok())
    else {
        return Ok(());
    };
    if c.disaggregation_mode == "decode" || c.cuda_graph_max_bs_prefill.is_some() {
        return Ok(());
    }
    let Some(graph_rows) = decode_graph_rows(ctx, st) else {
        return Ok(());
    };
    let Some(buffer) = max_prefill_buffer_tokens(ctx, st) else {
        return Ok(());
    };
    // the prefill graph's batch is clamped to the per-rank chunk (handle_data_parallelism)
    let required = buffer.max(graph_rows);
    if required > configured {
        return Err(st.raise(
            ctx,
            &r::FI_A2A_BUDGET,
            &[
                ("required", PyVal::Int(required)),
                ("capacity", PyVal::Int(configured)),
            ],
        ));
    }
    Ok(())
}

/// `validate_deepep_v2_speculative_draft` (`moe_hook.py:624-638@0.5.23`, after the model
/// capability adjustments): the draft's all-to-all backend is `--speculative-moe-a2a-backend`,
/// else (for a draft-model algorithm, not NGRAM) the target's.
pub fn validate_deepep_v2_speculative_draft(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    let mut draft = c.speculative_moe_a2a_backend.clone();
    if draft.is_none()
        && let Some(alg) = c.speculative_algorithm.as_deref()
        && !alg.eq_ignore_ascii_case("NGRAM")
    {
        draft = Some(c.moe_a2a_backend.clone());
    }
    if draft.as_deref() == Some("deepep_v2") {
        return Err(st.raise(ctx, &r::DEEPEP_V2_DRAFT, &[]));
    }
    Ok(())
}
