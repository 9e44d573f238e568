//! `arg_groups/lora_hook.py`: `check_lora_server_args` (`lora_hook.py:33-180@0.5.23`,
//! `:19-161@0.5.22`), which `check_server_args` calls at start-up right after the served-name
//! check (`validation_hook.py:222@0.5.23`), with `check_lora_speculative_compatibility`
//! (`:240-301@0.5.23`) and, in 0.5.23, `_check_v2_lora_modes` (`:20-30`) and
//! `check_lora_moe_runner_args` (`:183-237`).
//!
//! `--lora-paths` arrives as LoRAPathAction leaves it (`args::parse`): a list of `str` words
//! and `dict`s (the `{...}` words, JSON-decoded). Nothing here reads an adapter.

use super::{Ctx, Diags, State, Step};
use crate::args::ServerArgs;
use crate::pyfmt::{PyVal, py_str_repr};
use crate::report::Origin;
use crate::rules::lora as lr;
use crate::version::SglangVersion as V;

/// The number of entries of `--lora-paths` (a list, or a dict's keys); `None` when unset.
fn lora_paths_len(v: &PyVal) -> Option<usize> {
    match v {
        PyVal::List(l) => Some(l.len()),
        PyVal::Dict(d) => Some(d.len()),
        PyVal::None => None,
        _ => Some(1),
    }
}

/// `_check_v2_lora_modes` (`lora_hook.py:20-30@0.5.23`).
fn check_v2_lora_modes(ctx: &Ctx, c: &ServerArgs, dg: &mut Diags, option: &str) -> Step {
    let modes = [
        (c.attn_dp_size > 1, "DP-attention with --attn-dp-size > 1"),
        (c.enable_pdmux, "PD-multiplexing"),
        (c.enable_two_batch_overlap, "two-batch overlap"),
        (
            crate::py::env_bool(ctx.env("SGLANG_EXPERIMENTAL_LORA_OPTI"), false),
            "SGLANG_EXPERIMENTAL_LORA_OPTI",
        ),
        (ctx.hw.is_hip(), "ROCm"),
    ];
    if let Some((_, mode)) = modes.iter().find(|(on, _)| *on) {
        return Err(dg.raise(
            ctx,
            &lr::V2_MODES,
            &[("option", PyVal::s(option)), ("mode", PyVal::s(*mode))],
        ));
    }
    Ok(())
}

/// `check_lora_server_args` (`lora_hook.py:33-180@0.5.23`), on the resolved view.
pub fn check_lora_server_args(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.max_loras_per_batch <= 0 {
        return Err(st.raise(ctx, &lr::MAX_LORAS_POSITIVE, &[]));
    }
    // Enable LoRA if any LoRA paths are provided (backward compatibility)
    // (`--enable-lora` is a store_true switch: False, and its "paths ignored" warning,
    // lora_hook.py:46@0.5.23, need the Python API)
    if st.cur.lora_paths.truthy() && st.cur.enable_lora.is_none() {
        st.cur.enable_lora = Some(true);
        st.origin("enable_lora", Origin::Rule(lr::ENABLED_BY_PATHS.code));
        st.emit(ctx, &lr::ENABLED_BY_PATHS, &[]);
    }
    if st.cur.enable_lora == Some(true) {
        if ctx.v >= V::V0_5_23
            && st.cur.lora_backend == "triton_v2"
            && !st.cur.moe_runner_backend.starts_with("lora")
        {
            let (c, mut dg) = st.checks();
            check_v2_lora_modes(ctx, c, &mut dg, "--lora-backend triton_v2")?;
        }
        if st.cur.enable_lora_overlap_loading.is_none() {
            st.cur.enable_lora_overlap_loading = Some(false);
        }
        if st.cur.enable_lora_overlap_loading == Some(true) {
            let limit = st.cur.max_loras_per_batch.saturating_mul(2);
            if st.cur.max_loaded_loras.is_none_or(|m| m > limit) {
                return Err(st.raise(
                    ctx,
                    &lr::OVERLAP_LOADING_LIMIT,
                    &[("max_loaded_loras_limit", PyVal::Int(limit))],
                ));
            }
        }
        check_lora_speculative_compatibility(ctx, st)?;
        // the parsed adapters: LoRARef per entry, [] when unset
        let n_paths = lora_paths_len(&st.cur.lora_paths).unwrap_or(0);
        if matches!(st.cur.lora_paths, PyVal::None) {
            st.cur.lora_paths = PyVal::List(Vec::new());
        }
        // lora_target_modules becomes a set ({"all"} stays a sentinel)
        let modules: Vec<String> = match &st.cur.lora_target_modules {
            PyVal::List(l) => {
                let mut seen: Vec<String> = Vec::new();
                for m in l {
                    let s = m.to_str();
                    if !seen.contains(&s) {
                        seen.push(s);
                    }
                }
                seen
            }
            _ => Vec::new(),
        };
        if modules.iter().any(|m| m == "all") && modules.len() != 1 {
            return Err(st.raise(ctx, &lr::TARGET_ALL_ALONE, &[]));
        }
        let rank = st.cur.max_lora_rank.is_some_and(|r| r != 0);
        if n_paths == 0 && (!rank || modules.is_empty()) {
            return Err(st.raise(ctx, &lr::NEEDS_SHAPES, &[]));
        }
        if let Some(m) = st.cur.max_loaded_loras {
            let per_batch = st.cur.max_loras_per_batch;
            if m < per_batch {
                return Err(st.raise(
                    ctx,
                    &lr::MAX_LOADED_GE_BATCH,
                    &[
                        ("cfg.max_loaded_loras", PyVal::Int(m)),
                        ("cfg.max_loras_per_batch", PyVal::Int(per_batch)),
                    ],
                ));
            }
            if n_paths as i64 > m {
                return Err(st.raise(
                    ctx,
                    &lr::PATHS_LE_MAX_LOADED,
                    &[
                        ("cfg.max_loaded_loras", PyVal::Int(m)),
                        ("len(cfg.lora_paths)", PyVal::Int(n_paths as i64)),
                    ],
                ));
            }
        }
        // --max-lora-chunk-size: argparse's choices (16, 32, 64, 128) all pass (UNMODELLED)
        if st.cur.lora_use_virtual_experts {
            st.emit(ctx, &lr::VIRTUAL_EXPERTS, &[]);
        }
        // `assert x >= 0.0` fails for NaN too
        if st.cur.lora_drain_wait_threshold.is_nan() || st.cur.lora_drain_wait_threshold < 0.0 {
            return Err(st.raise(ctx, &lr::DRAIN_NONNEG, &[]));
        }
    }
    if ctx.v >= V::V0_5_23 {
        check_lora_moe_runner_args(ctx, st)?;
    }
    Ok(())
}

/// `check_lora_moe_runner_args` (`lora_hook.py:183-237@0.5.23`).
fn check_lora_moe_runner_args(ctx: &Ctx, st: &mut State) -> Step {
    let (c, mut dg) = st.checks();
    if c.speculative_algorithm.is_some()
        && let Some(d) = c
            .speculative_moe_runner_backend
            .as_deref()
            .filter(|d| d.starts_with("lora"))
    {
        return Err(dg.raise(
            ctx,
            &lr::SPEC_MOE_RUNNER,
            &[("cfg.speculative_moe_runner_backend", PyVal::s(d))],
        ));
    }
    let backend = c.moe_runner_backend.as_ref();
    if !backend.starts_with("lora") {
        return Ok(());
    }
    let b = ("backend", PyVal::s(backend));
    if c.enable_lora != Some(true) {
        return Err(dg.raise(ctx, &lr::MOE_RUNNER_NEEDS_LORA, &[b]));
    }
    if c.lora_backend != "triton_v2" {
        return Err(dg.raise(ctx, &lr::MOE_RUNNER_NEEDS_V2, &[b]));
    }
    check_v2_lora_modes(ctx, c, &mut dg, &format!("--moe-runner-backend {backend}"))?;
    let q = c.quantization.as_deref();
    if !matches!(q, None | Some("fp8" | "modelopt_fp4")) {
        return Err(dg.raise(
            ctx,
            &lr::MOE_RUNNER_QUANT,
            &[b, ("cfg.quantization", PyVal::opt(q))],
        ));
    }
    if q == Some("modelopt_fp4") && backend != "lora_marlin" {
        return Err(dg.raise(ctx, &lr::MOE_RUNNER_NVFP4, &[b]));
    }
    if c.moe_a2a_backend != "none" {
        return Err(dg.raise(
            ctx,
            &lr::MOE_RUNNER_A2A,
            &[
                ("cfg.moe_runner_backend", PyVal::s(backend)),
                ("cfg.moe_a2a_backend", PyVal::s(&c.moe_a2a_backend)),
            ],
        ));
    }
    if c.ep_join_mode.is_some() {
        // "does not yet support elastic EP" (:226): elastic EP is not ported (UNMODELLED)
        return Ok(());
    }
    if c.enable_eplb || c.init_expert_location != "trivial" || c.ep_num_redundant_experts > 0 {
        return Err(dg.raise(ctx, &lr::MOE_RUNNER_EPLB, &[b]));
    }
    Ok(())
}

/// `check_lora_speculative_compatibility` (`lora_hook.py:240-301@0.5.23`): the resolved
/// algorithm name (NEXTN has collapsed to EAGLE).
fn check_lora_speculative_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    let Some(alg) = st.cur.speculative_algorithm.clone() else {
        return Ok(());
    };
    if alg == "NGRAM" {
        return Ok(());
    }
    if !matches!(alg.as_ref(), "EAGLE" | "EAGLE3" | "DFLASH" | "DSPARK") {
        let promoted = if alg == "FROZEN_KV_MTP" {
            " (NEXTN/EAGLE with a Gemma4 assistant draft is automatically promoted to FROZEN_KV_MTP, which does not support LoRA)"
        } else {
            ""
        };
        return Err(st.raise(
            ctx,
            &lr::SPEC_ALGORITHM,
            // `{cfg.speculative_algorithm}{promoted}`: one placeholder in the catalogue
            &[(
                "cfg.speculative_algorithm + promoted",
                PyVal::s(format!("{alg}{promoted}")),
            )],
        ));
    }
    let ragged = ctx.env("SGLANG_RAGGED_VERIFY_MODE").unwrap_or("static");
    let moe_trtllm = st.cur.moe_runner_backend == "experimental_sgl_trtllm"
        || st.cur.speculative_moe_runner_backend.as_deref() == Some("experimental_sgl_trtllm");
    let reasons = [
        (
            alg == "DSPARK" && ragged != "static",
            format!(
                "does not support SGLANG_RAGGED_VERIFY_MODE={}: the per-request verify lengths it schedules break the uniform-width LoRA segment layout",
                py_str_repr(ragged)
            ),
        ),
        (
            st.cur.speculative_adaptive,
            "does not support --speculative-adaptive: the draft is built from a static ServerArgs snapshot, and the runtime-state swap does not rebuild LoRA cuda-graph metadata".to_string(),
        ),
        (
            moe_trtllm,
            "does not support the experimental_sgl_trtllm MoE runner: its TopK reads the LoRA config per forward, which the draft resolves against the target's after its own publish ended".to_string(),
        ),
        (
            crate::py::env_bool(ctx.env("SGLANG_ENABLE_OVERLAP_PLAN_STREAM"), false),
            "does not support SGLANG_ENABLE_OVERLAP_PLAN_STREAM=1: LoRA batch preparation would run on the plan stream, unordered against in-flight forwards".to_string(),
        ),
    ];
    if let Some((_, reason)) = reasons.into_iter().find(|(on, _)| *on) {
        return Err(st.raise(ctx, &lr::SPEC_REASON, &[("reason", PyVal::s(reason))]));
    }
    Ok(())
}

/// `validate_experimental_sgl_marlin` (`arg_groups/validation_hook.py:565-575@0.5.23`, run after
/// `handle_elastic_ep`, `pipeline.py:300@0.5.23`): for `--moe-runner-backend
/// experimental_sgl_marlin`, `validate_experimental_sgl_marlin_server_args`
/// (`lora/marlin_lora_temp/policy.py:15-55@0.5.23`) on the resolved view.
pub fn validate_experimental_sgl_marlin(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if c.moe_runner_backend != "experimental_sgl_marlin" {
        return Ok(());
    }
    if c.ep_size > 1 && c.moe_a2a_backend != "none" {
        return Err(st.raise(ctx, &lr::MARLIN_EP_A2A, &[]));
    }
    // an adapter path enables LoRA later unless --enable-lora false
    let lora = c.enable_lora.unwrap_or(false) || (c.enable_lora.is_none() && c.lora_paths.truthy());
    if !lora {
        return Ok(());
    }
    if !c.lora_use_virtual_experts {
        return Err(st.raise(ctx, &lr::MARLIN_VIRTUAL_EXPERTS, &[]));
    }
    if c.lora_backend != "triton" {
        return Err(st.raise(ctx, &lr::MARLIN_LORA_TRITON, &[]));
    }
    if c.ep_size <= 1 {
        return Ok(());
    }
    // 0.5.19-0.5.20 also refuse --elastic-ep-rejoin (policy.py:50@0.5.19)
    let rejoin = ctx.v <= V::V0_5_20 && c.elastic_ep_rejoin;
    if c.init_expert_location != "trivial"
        || c.ep_num_redundant_experts != 0
        || c.enable_eplb
        || c.elastic_ep_backend.is_some()
        || c.enable_elastic_expert_backup
        || rejoin
    {
        return Err(st.raise(ctx, &lr::MARLIN_EP_PLACEMENT, &[]));
    }
    Ok(())
}
