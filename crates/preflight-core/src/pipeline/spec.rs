//! `handle_speculative_decoding` (`arg_groups/speculative_hook.py:121-284@0.5.23`, :81-186@0.5.19)
//! and the per-algorithm handlers `SpeculativeAlgorithm.handle_server_args` dispatches to
//! (`speculative/spec_info.py:235-266@0.5.23`): DFLASH (`_handle_dflash`, :287-446, with
//! `_resolve_dflash_draft_attention_backend`, :886-987), DSPARK (`_handle_dspark`, :666-883),
//! FROZEN_KV_MTP (:990-1011), the EAGLE family (`_handle_eagle_family`, :1072-1282) and NGRAM
//! (`_handle_ngram`, :1285-1371), UNO (`_handle_uno`, :449-611, from 0.5.20). The adaptive
//! parameters (`_init_adaptive_speculative_params`, which read the adaptive config file) are not
//! modelled.
//! Preflight never reads the draft checkpoint: checks that need its config are listed in
//! `rules::spec::UNMODELLED`, and where SGLang falls back on a default when the draft config
//! names nothing, Preflight assumes that default (and says so in the rule).

use super::parallel::attn_dp_enabled;
use super::{Ctx, State, Step};
use crate::model::archs::lists;
use crate::pyfmt::PyVal;
use crate::rules::spec as sr;
use crate::version::SglangVersion as V;

/// `_auto_choose_speculative_params` (:1430-1461): (steps, topk, draft tokens).
fn auto_params(ctx: &Ctx, alg: &str) -> (i64, i64, i64) {
    let arch = ctx.arch();
    if alg == "STANDALONE" {
        (3, 1, 4)
    } else if lists::SPEC_AUTO_LLAMA.contains(ctx.v, arch)
        || lists::SPEC_AUTO_GROK.contains(ctx.v, arch)
    {
        (5, 4, 8)
    } else {
        (3, 1, 4)
    }
}

/// `cfg.speculative_algorithm` as an f-string or `%s` renders it (`None` when unset).
fn alg_val(alg: &Option<String>) -> PyVal {
    alg.clone().map_or(PyVal::None, PyVal::s)
}

/// `envs.SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION.get()` (`environ.py:1558@0.5.23`, from 0.5.21).
fn dp_spec_coordination(ctx: &Ctx) -> bool {
    ctx.v >= V::V0_5_21
        && crate::py::env_bool(ctx.env("SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION"), false)
}

/// `envs.SGLANG_RAGGED_VERIFY_MODE.get()` (default `static`).
fn ragged_mode<'a>(ctx: &'a Ctx) -> &'a str {
    ctx.env("SGLANG_RAGGED_VERIFY_MODE").unwrap_or("static")
}

/// Runs the step.
pub fn handle_speculative_decoding(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    // .upper(), then _resolve_speculative_algorithm_alias: NEXTN / EAGLE -> EAGLE (a Gemma 4
    // assistant draft's FROZEN_KV_MTP promotion needs the draft config: not modelled)
    let upper = st
        .cur
        .speculative_algorithm
        .as_ref()
        .map(|a| a.to_uppercase());
    let alg = match upper.as_deref() {
        Some("NEXTN") => Some("EAGLE".to_string()),
        _ => upper,
    };
    st.cur.speculative_algorithm = alg.clone().map(Into::into);
    let a = alg.as_deref();

    // :164-173@0.5.23
    if v >= V::V0_5_23
        && st.cur.disaggregation_mode == "decode"
        && st.cur.disaggregation_decode_enable_radix_cache
        && !matches!(a, None | Some("DSPARK" | "EAGLE" | "EAGLE3"))
    {
        return Err(st.raise(
            ctx,
            &sr::DISAGG_DECODE_RADIX,
            &[("cfg.speculative_algorithm", alg_val(&alg))],
        ));
    }
    // :175-195@0.5.23 (0.5.22+)
    if v >= V::V0_5_22 && st.cur.speculative_use_block_verification {
        if !matches!(a, Some("EAGLE" | "EAGLE3" | "DFLASH" | "DSPARK")) {
            return Err(st.raise(ctx, &sr::BLOCK_VERIFY_ALGO, &[]));
        }
        // the device is "cuda" on every GPU Preflight models (ROCm included)
        if matches!(a, Some("EAGLE" | "EAGLE3")) {
            st.cur.speculative_use_rejection_sampling = true;
        }
    }
    // :202-219@0.5.23
    if let Some(w) = st.cur.speculative_draft_window_size {
        if w <= 0 {
            return Err(st.raise(ctx, &sr::WINDOW_POSITIVE, &[("window_size", PyVal::Int(w))]));
        }
        let honoured: &[&str] = if v <= V::V0_5_20 {
            &["EAGLE3", "DFLASH"]
        } else {
            &["EAGLE", "EAGLE3", "DFLASH"]
        };
        if !a.is_some_and(|a| honoured.contains(&a)) {
            st.emit(
                ctx,
                &sr::WINDOW_NO_EFFECT,
                &[("cfg.speculative_algorithm", alg_val(&alg))],
            );
        }
    }
    // :221-235@0.5.23 (0.5.21+)
    if v >= V::V0_5_21
        && let Some(s) = st.cur.speculative_draft_sink_size
    {
        if s < 0 {
            return Err(st.raise(ctx, &sr::SINK_NONNEG, &[("sink_size", PyVal::Int(s))]));
        }
        if st.cur.speculative_draft_window_size.is_none() {
            return Err(st.raise(ctx, &sr::SINK_NEEDS_WINDOW, &[]));
        }
    }
    // SpeculativeAlgorithm.from_string (spec_info.py:50-65@0.5.23): the enum's names (UNO from
    // 0.5.20; NONE is a member too), else a registered plug-in (none here)
    if let Some(name) = a {
        let known = matches!(
            name,
            "DFLASH"
                | "DSPARK"
                | "EAGLE"
                | "EAGLE3"
                | "FROZEN_KV_MTP"
                | "STANDALONE"
                | "NGRAM"
                | "NONE"
        ) || (name == "UNO" && v >= V::V0_5_20);
        if !known {
            return Err(st.raise(ctx, &sr::UNKNOWN_ALGORITHM, &[("name", PyVal::s(name))]));
        }
    }
    // :239-243@0.5.22 (up to 0.5.22)
    if v <= V::V0_5_22 && st.cur.speculative_skip_dp_mlp_sync && a != Some("EAGLE") {
        return Err(st.raise(
            ctx,
            &sr::SKIP_DP_MLP_SYNC,
            &[("cfg.speculative_algorithm", alg_val(&alg))],
        ));
    }
    // :252-259@0.5.23 (0.5.21+; DSPARK from 0.5.22)
    if dp_spec_coordination(ctx) {
        let ok: &[&str] = if v >= V::V0_5_22 {
            &["EAGLE", "EAGLE3", "DSPARK"]
        } else {
            &["EAGLE", "EAGLE3"]
        };
        if !a.is_some_and(|a| ok.contains(&a)) || st.cur.enable_multi_layer_eagle {
            return Err(st.raise(ctx, &sr::DP_SPEC_COORD, &[]));
        }
    }
    let Some(alg) = alg else {
        return Ok(());
    };
    // handle_server_args: read_ragged_verify_mode() first, for every algorithm
    let mode = ragged_mode(ctx).to_string();
    if !matches!(mode.as_str(), "static" | "cap-accept" | "compact") {
        return Err(st.raise(ctx, &sr::RAGGED_MODE, &[("value", PyVal::s(mode))]));
    }
    match alg.as_str() {
        "DFLASH" => dflash(ctx, st),
        "DSPARK" => dspark(ctx, st),
        "FROZEN_KV_MTP" => {
            max_running(ctx, st);
            Ok(())
        }
        "EAGLE" | "EAGLE3" | "STANDALONE" => eagle_family(ctx, st, &alg),
        "NGRAM" => ngram(ctx, st),
        "UNO" => uno(ctx, st),
        // NONE does nothing
        _ => Ok(()),
    }
}

/// "Max running requests is reset to 48 for speculative decoding." (every handler)
fn max_running(ctx: &Ctx, st: &mut State) {
    if ctx.args.max_running_requests.is_none() {
        st.emit(ctx, &sr::MAX_RUNNING, &[]);
    }
}

/// `_handle_dflash` (:287-446@0.5.23).
fn dflash(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    // the device check passes on every GPU Preflight models
    if v <= V::V0_5_22 {
        if attn_dp_enabled(ctx, st) {
            return Err(st.raise(ctx, &sr::DFLASH_DP, &[]));
        }
    } else if attn_dp_enabled(ctx, st) {
        if !st.cur.enable_dp_lm_head {
            return Err(st.raise(ctx, &sr::DFLASH_DP_LM_HEAD, &[]));
        }
        if st.cur.attn_cp_size != 1 {
            return Err(st.raise(ctx, &sr::DFLASH_DP_CP, &[]));
        }
        if dp_spec_coordination(ctx) {
            return Err(st.raise(ctx, &sr::DFLASH_DP_COORD, &[]));
        }
    }
    if st.cur.pp_size != 1 {
        return Err(st.raise(ctx, &sr::DFLASH_PP, &[]));
    }
    if st.cur.speculative_draft_model_path.is_none() {
        return Err(st.raise(ctx, &sr::DFLASH_DRAFT_PATH, &[]));
    }
    one_step_one_topk(ctx, st, &sr::DFLASH_STEPS, &sr::DFLASH_TOPK);
    if let Some(b) = st.cur.speculative_dflash_block_size {
        if b <= 0 {
            return Err(st.raise(
                ctx,
                &sr::DFLASH_BLOCK_POSITIVE,
                &[("cfg.speculative_dflash_block_size", PyVal::Int(b))],
            ));
        }
        if let Some(d) = st.cur.speculative_num_draft_tokens
            && d != b
        {
            return Err(st.raise(
                ctx,
                &sr::DFLASH_BLOCK_MISMATCH,
                &[
                    ("cfg.speculative_num_draft_tokens", PyVal::Int(d)),
                    ("cfg.speculative_dflash_block_size", PyVal::Int(b)),
                ],
            ));
        }
        st.cur.speculative_num_draft_tokens = Some(b);
    }
    if st.cur.speculative_num_draft_tokens.is_none() {
        // the draft config's block size is not read: SGLang's default when it names none
        st.cur.speculative_num_draft_tokens = Some(16);
        st.by("speculative_num_draft_tokens", &sr::DFLASH_DEFAULT_TOKENS);
        st.emit(
            ctx,
            &sr::DFLASH_DEFAULT_TOKENS,
            &[("inferred_block_size", PyVal::Int(16))],
        );
    }
    let draft = st.cur.speculative_num_draft_tokens.unwrap_or(16);
    if let Some(w) = st.cur.speculative_draft_window_size
        && w < draft
    {
        return Err(st.raise(
            ctx,
            &sr::DFLASH_WINDOW,
            &[
                ("cfg.speculative_draft_window_size", PyVal::Int(w)),
                ("draft_tokens", PyVal::Int(draft)),
            ],
        ));
    }
    dflash_draft_backend(ctx, st);
    max_running(ctx, st);
    Ok(())
}

/// DFLASH / DSPARK: `speculative_num_steps` and `speculative_eagle_topk` become 1.
fn one_step_one_topk(
    ctx: &Ctx,
    st: &mut State,
    steps_rule: &'static crate::rules::RuleInfo,
    topk_rule: &'static crate::rules::RuleInfo,
) {
    if let Some(s) = st.cur.speculative_num_steps.filter(|s| *s != 1) {
        st.emit(
            ctx,
            steps_rule,
            &[("cfg.speculative_num_steps", PyVal::Int(s))],
        );
        st.by("speculative_num_steps", steps_rule);
    }
    st.cur.speculative_num_steps = Some(1);
    if let Some(k) = st.cur.speculative_eagle_topk.filter(|k| *k != 1) {
        st.emit(
            ctx,
            topk_rule,
            &[("cfg.speculative_eagle_topk", PyVal::Int(k))],
        );
        st.by("speculative_eagle_topk", topk_rule);
    }
    st.cur.speculative_eagle_topk = Some(1);
}

/// `_resolve_dflash_draft_attention_backend` (:886-987@0.5.23; :541-613@0.5.19).
fn dflash_draft_backend(ctx: &Ctx, st: &mut State) {
    let v = ctx.v;
    let supported: &[&str] = if v <= V::V0_5_19 {
        &["flashinfer", "fa3", "fa4", "triton", "trtllm_mha", "ascend"]
    } else {
        // DRAFT_ATTENTION_BACKEND_CHOICES (arg_groups/choices.py, the same 0.5.20-0.5.23)
        &[
            "flashinfer",
            "fa3",
            "fa4",
            "triton",
            "ascend",
            "trtllm_mha",
            "intel_xpu",
        ]
    };
    // "triton" on ROCm (and XPU from 0.5.20), else "flashinfer"
    let fallback = if ctx.hw.is_hip() {
        "triton"
    } else {
        "flashinfer"
    };
    let platform = if ctx.hw.is_hip() {
        "RocmSRTPlatform"
    } else {
        "CudaSRTPlatform"
    };
    let given = st.cur.speculative_draft_attention_backend.clone();
    let backend = match given.or_else(|| st.prefill().map(Into::into)) {
        None => fallback.to_string(),
        Some(b) => {
            let unsupported = !supported.contains(&b.as_ref());
            if v >= V::V0_5_21 && unsupported || v <= V::V0_5_20 && unsupported && b != "trtllm_mha"
            {
                let tuple = if v <= V::V0_5_19 {
                    PyVal::Raw(
                        "('flashinfer', 'fa3', 'fa4', 'triton', 'trtllm_mha', 'ascend')".into(),
                    )
                } else {
                    PyVal::List(supported.iter().map(|s| PyVal::s(*s)).collect())
                };
                st.emit(
                    ctx,
                    &sr::DFLASH_BACKEND_FALLBACK,
                    &[
                        ("supported_draft_backends", tuple),
                        ("draft_backend", PyVal::s(b)),
                        ("type(current_platform).__name__", PyVal::s(platform)),
                        ("fallback_backend", PyVal::s(fallback)),
                    ],
                );
                fallback.to_string()
            } else if b == "trtllm_mha" {
                // kept only for an all-sliding or explicitly causal draft; Preflight does not read
                // the draft config and takes the fallback (a DFLASH draft is neither)
                if v >= V::V0_5_23 && ctx.hw.is_sm100() {
                    "fa4".to_string()
                } else {
                    fallback.to_string()
                }
            } else {
                b.into_owned()
            }
        }
    };
    st.cur.speculative_draft_attention_backend = Some(backend.into());
    st.by(
        "speculative_draft_attention_backend",
        &sr::DFLASH_BACKEND_FALLBACK,
    );
}

/// `_handle_dspark` (:666-883@0.5.23).
fn dspark(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    let dp = if v >= V::V0_5_22 {
        st.cur.attn_dp_size > 1
    } else {
        st.cur.enable_dp_attention && st.cur.dp_size > 1
    };
    if dp {
        if !st.cur.enable_dp_lm_head {
            return Err(st.raise(ctx, &sr::DSPARK_DP_LM_HEAD, &[]));
        }
        let a2a = st.cur.moe_a2a_backend.clone();
        let allowed = a2a == "none" || a2a == "megamoe" || (v >= V::V0_5_21 && a2a == "mori");
        if !allowed {
            return Err(st.raise(
                ctx,
                &sr::DSPARK_DP_A2A,
                &[("cfg.moe_a2a_backend", PyVal::s(a2a))],
            ));
        }
        let needs_static = a2a != "none" || (v >= V::V0_5_22 && dp_spec_coordination(ctx));
        if needs_static && ragged_mode(ctx) != "static" {
            return Err(st.raise(
                ctx,
                &sr::DSPARK_RAGGED,
                &[("cfg.moe_a2a_backend", PyVal::s(a2a.clone()))],
            ));
        }
        if st.cur.attn_cp_size > 1 {
            return Err(st.raise(
                ctx,
                &sr::DSPARK_DP_CP,
                &[("cfg.attn_cp_size", PyVal::Int(st.cur.attn_cp_size))],
            ));
        }
        if let Some(s) = st.cur.speculative_moe_a2a_backend.clone()
            && s != a2a
        {
            return Err(st.raise(
                ctx,
                &sr::DSPARK_SPEC_A2A,
                &[
                    ("cfg.moe_a2a_backend", PyVal::s(a2a)),
                    ("cfg.speculative_moe_a2a_backend", PyVal::s(s)),
                ],
            ));
        }
    }
    if st.cur.pp_size != 1 && (v <= V::V0_5_20 || st.cur.disaggregation_mode != "prefill") {
        return Err(st.raise(ctx, &sr::DSPARK_PP, &[]));
    }
    if st.cur.speculative_draft_model_path.is_none() {
        // checkpoint_bundles_dspark_draft (dspark_config.py:162-174@0.5.23); a dspark/ subfolder
        // of the checkpoint (0.5.23) is assumed absent
        let root = &ctx.model.hf.root;
        let bundled = [
            "dspark_block_size",
            "dspark_markov_rank",
            "dspark_noise_token_id",
            "dspark_target_layer_ids",
        ]
        .iter()
        .any(|k| root.get(k).is_some_and(|x| !x.is_null()));
        if !bundled {
            return Err(st.raise(ctx, &sr::DSPARK_DRAFT_PATH, &[]));
        }
        st.cur.speculative_draft_model_path = Some(st.cur.model_path.clone());
    }
    one_step_one_topk(ctx, st, &sr::DSPARK_STEPS, &sr::DSPARK_TOPK);
    // the draft config's gamma is not read (assumed absent)
    let mut gamma = None;
    if let Some(b) = st.cur.speculative_dspark_block_size {
        if b <= 0 {
            return Err(st.raise(
                ctx,
                &sr::DSPARK_BLOCK_POSITIVE,
                &[("cfg.speculative_dspark_block_size", PyVal::Int(b))],
            ));
        }
        gamma = Some(b);
    } else if st.cur.speculative_num_draft_tokens.is_none() {
        gamma = Some(7);
        st.emit(ctx, &sr::DSPARK_DEFAULT_GAMMA, &[("gamma", PyVal::Int(7))]);
    }
    if let Some(g) = gamma {
        let window = g + 1;
        if let Some(d) = st.cur.speculative_num_draft_tokens
            && d != window
        {
            return Err(st.raise(
                ctx,
                &sr::DSPARK_GAMMA_MISMATCH,
                &[
                    ("verify_window", PyVal::Int(window)),
                    ("gamma", PyVal::Int(g)),
                    ("cfg.speculative_num_draft_tokens", PyVal::Int(d)),
                ],
            ));
        }
        st.cur.speculative_num_draft_tokens = Some(window);
    }
    let d = st.cur.speculative_num_draft_tokens.unwrap_or(0);
    if d < 2 {
        return Err(st.raise(
            ctx,
            &sr::DSPARK_MIN_TOKENS,
            &[("cfg.speculative_num_draft_tokens", PyVal::Int(d))],
        ));
    }
    max_running(ctx, st);
    Ok(())
}

/// The MTP architectures whose draft defaults to the target checkpoint
/// (`_handle_eagle_family`, :1121-1137@0.5.23; HYV4 and Qwen4-Exp from 0.5.20).
fn mtp_in_checkpoint(ctx: &Ctx) -> bool {
    let arch = ctx.arch();
    [
        "DeepseekV32ForCausalLM",
        "DeepseekV3ForCausalLM",
        "DeepseekV4ForCausalLM",
        "Glm4MoeForCausalLM",
        "Glm4MoeLiteForCausalLM",
        "GlmMoeDsaForCausalLM",
        "BailingMoeForCausalLM",
        "BailingMoeV2ForCausalLM",
        "BailingMoeV2_5ForCausalLM",
        "MistralLarge3ForCausalLM",
        "PixtralForConditionalGeneration",
        "HYV3ForCausalLM",
    ]
    .contains(&arch)
        || (ctx.v >= V::V0_5_20
            && ["HYV4ForCausalLM", "Qwen4ExpForConditionalGeneration"].contains(&arch))
}

fn eagle_family(ctx: &Ctx, st: &mut State, alg: &str) -> Step {
    let v = ctx.v;
    if alg == "STANDALONE" && attn_dp_enabled(ctx, st) {
        return Err(st.raise(ctx, &sr::STANDALONE_DP, &[]));
    }
    max_running(ctx, st);
    if mtp_in_checkpoint(ctx) {
        if st.cur.speculative_draft_model_path.is_none() {
            st.cur.speculative_draft_model_path = Some(st.cur.model_path.clone());
        } else if ![
            "MistralLarge3ForCausalLM",
            "PixtralForConditionalGeneration",
        ]
        .contains(&ctx.arch())
        {
            st.emit(ctx, &sr::MTP_DRAFT_PATH_GIVEN, &[]);
        }
    }
    // _handle_iquest_q1_mtp_draft (0.5.21+): the draft checkpoint's own checks need its config
    if v >= V::V0_5_21
        && ctx.arch() == "IQuestQ1ForCausalLM"
        && st
            .cur
            .speculative_draft_model_path
            .as_ref()
            .is_none_or(|p| *p == st.cur.model_path)
    {
        return Err(st.raise(ctx, &sr::IQUEST_DRAFT_PATH, &[]));
    }
    if !st.cur.speculative_adaptive && st.cur.speculative_num_steps.is_none() {
        if st.cur.speculative_eagle_topk.is_some() || st.cur.speculative_num_draft_tokens.is_some()
        {
            return Err(st.raise(ctx, &sr::PARTIAL_PARAMS, &[]));
        }
        let (steps, topk, draft) = auto_params(ctx, alg);
        st.cur.speculative_num_steps = Some(steps);
        st.cur.speculative_eagle_topk = Some(topk);
        st.cur.speculative_num_draft_tokens = Some(draft);
        for f in [
            "speculative_num_steps",
            "speculative_eagle_topk",
            "speculative_num_draft_tokens",
        ] {
            st.by(f, &sr::AUTO_PARAMS);
        }
        st.emit(
            ctx,
            &sr::AUTO_PARAMS,
            &[
                ("steps", PyVal::Int(steps)),
                ("topk", PyVal::Int(topk)),
                ("draft", PyVal::Int(draft)),
                ("arch", PyVal::s(ctx.arch())),
            ],
        );
    }
    // With steps given and topk not, SGLang's `None > 1` comparisons are TypeErrors (not
    // modelled); the checks before them still run with topk None.
    let topk_opt = st.cur.speculative_eagle_topk;
    let uses_trtllm_mha = st.prefill().as_deref() == Some("trtllm_mha")
        || st.decode().as_deref() == Some("trtllm_mha");
    if uses_trtllm_mha && topk_opt.is_some_and(|k| k > 1) {
        return Err(st.raise(ctx, &sr::TRTLLM_MHA_TOPK, &[]));
    }
    let topk = topk_opt.unwrap_or(0);
    // _should_auto_enable_hip_rejection_sampling (:29-63@0.5.23, 0.5.21+)
    if v >= V::V0_5_21
        && ctx.hw.is_hip()
        && !st.cur.speculative_use_rejection_sampling
        && alg == "EAGLE"
        && st.cur.speculative_token_map.is_none()
        && topk_opt == Some(1)
        && st.cur.speculative_accept_threshold_single == 1.0
        && st.cur.speculative_accept_threshold_acc == 1.0
        && !st.cur.enable_deterministic_inference
        && crate::py::env_float(ctx.env("SGLANG_SIMULATE_ACC_LEN"), -1.0) <= 0.0
    {
        st.cur.speculative_use_rejection_sampling = true;
        st.emit(ctx, &sr::HIP_REJECTION, &[]);
    }
    if st.cur.speculative_use_rejection_sampling {
        if alg != "EAGLE" && alg != "EAGLE3" {
            return Err(st.raise(
                ctx,
                &sr::REJ_ALGO,
                &[("cfg.speculative_algorithm", PyVal::s(alg))],
            ));
        }
        if topk_opt != Some(1) {
            return Err(st.raise(ctx, &sr::REJ_TOPK, &[]));
        }
        // 0.5.23: deterministic inference off CUDA (never on the GPUs Preflight models)
        if st.cur.speculative_accept_threshold_single != 1.0
            || st.cur.speculative_accept_threshold_acc != 1.0
        {
            return Err(st.raise(ctx, &sr::REJ_THRESHOLDS, &[]));
        }
        if v <= V::V0_5_22 && st.cur.enable_deterministic_inference {
            return Err(st.raise(ctx, &sr::REJ_DETERMINISTIC, &[]));
        }
    }
    if topk_opt.is_none() {
        return Ok(());
    }
    let steps = st.cur.speculative_num_steps.unwrap_or(0);
    if topk == 1 && st.cur.speculative_num_draft_tokens != Some(steps + 1) {
        st.cur.speculative_num_draft_tokens = Some(steps + 1);
        st.by("speculative_num_draft_tokens", &sr::DRAFT_ADJUST);
        st.emit(ctx, &sr::DRAFT_ADJUST, &[]);
    }
    let page = st.cur.page_size.unwrap_or(1);
    let base = st.cur.attention_backend.clone().unwrap_or_default();
    if topk > 1 && page > 1 && !matches!(base.as_ref(), "flashinfer" | "fa3" | "triton") {
        return Err(st.raise(
            ctx,
            &sr::PAGE_TREE,
            &[("attention_backend", PyVal::s(base))],
        ));
    }
    Ok(())
}

fn ngram(ctx: &Ctx, st: &mut State) -> Step {
    max_running(ctx, st);
    let topk = st.cur.speculative_ngram_max_bfs_breadth;
    st.cur.speculative_eagle_topk = Some(topk);
    if st.cur.speculative_num_draft_tokens.is_none() {
        st.cur.speculative_num_draft_tokens = Some(12);
        st.emit(ctx, &sr::NGRAM_DEFAULT_TOKENS, &[]);
    }
    let draft = st.cur.speculative_num_draft_tokens.unwrap_or(12);
    if st.cur.speculative_num_steps.is_none()
        && let Some(steps) = crate::py::floordiv(draft, topk)
    {
        st.cur.speculative_num_steps = Some(steps);
    }
    if st.cur.speculative_ngram_external_corpus_path.is_some() {
        let budget = st.cur.speculative_ngram_external_sam_budget;
        if budget <= 0 {
            return Err(st.raise(ctx, &sr::NGRAM_SAM_BUDGET, &[]));
        }
        if st.cur.speculative_ngram_external_corpus_max_tokens <= 0 {
            return Err(st.raise(ctx, &sr::NGRAM_CORPUS_TOKENS, &[]));
        }
        if budget > draft - 1 {
            return Err(st.raise(
                ctx,
                &sr::NGRAM_SAM_VS_DRAFT,
                &[(
                    "cfg.speculative_num_draft_tokens - 1",
                    PyVal::Int(draft - 1),
                )],
            ));
        }
    }
    let page = st.cur.page_size.unwrap_or(1);
    if topk > 1 && page > 1 && st.cur.attention_backend.as_deref() != Some("flashinfer") {
        return Err(st.raise(
            ctx,
            &sr::NGRAM_PAGE,
            &[("topk", PyVal::Int(topk)), ("page_size", PyVal::Int(page))],
        ));
    }
    if attn_dp_enabled(ctx, st) {
        return Err(st.raise(ctx, &sr::NGRAM_DP, &[]));
    }
    Ok(())
}

/// `_handle_uno` (:449-611@0.5.23, the same from 0.5.20; DP attention as `enable_dp_attention` up
/// to 0.5.21). The device check passes on every GPU Preflight models.
fn uno(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.speculative_draft_model_path.is_some() {
        return Err(st.raise(ctx, &sr::UNO_DRAFT_PATH, &[]));
    }
    if st.cur.uno_lora_path.is_none() {
        return Err(st.raise(ctx, &sr::UNO_LORA_PATH, &[]));
    }
    if st.cur.enable_deterministic_inference {
        return Err(st.raise(ctx, &sr::UNO_DETERMINISTIC, &[]));
    }
    if st.cur.enable_strict_thinking {
        return Err(st.raise(ctx, &sr::UNO_STRICT_THINKING, &[]));
    }
    let q = match st.cur.speculative_num_draft_tokens {
        Some(q) if q >= 1 => q,
        _ => return Err(st.raise(ctx, &sr::UNO_VERIFY_WIDTH, &[])),
    };
    let k = st.cur.speculative_eagle_topk.unwrap_or(1);
    if k < 1 {
        return Err(st.raise(
            ctx,
            &sr::UNO_TOPK_MIN,
            &[("candidate_top_k", PyVal::Int(k))],
        ));
    }
    if k > 1 {
        let Some(steps) = st.cur.speculative_num_steps else {
            return Err(st.raise(ctx, &sr::UNO_TREE_STEPS, &[]));
        };
        if steps < 1 {
            return Err(st.raise(
                ctx,
                &sr::UNO_TREE_STEPS_POSITIVE,
                &[("speculative_num_steps", PyVal::Int(steps))],
            ));
        }
        let f = steps + 1;
        if q < f {
            return Err(st.raise(
                ctx,
                &sr::UNO_TREE_Q_F,
                &[
                    ("verify_width", PyVal::Int(q)),
                    ("draft_width", PyVal::Int(f)),
                ],
            ));
        }
        if q > 128 {
            return Err(st.raise(ctx, &sr::UNO_TREE_Q_MAX, &[("verify_width", PyVal::Int(q))]));
        }
        let slots = q.saturating_mul(k);
        if slots > 2048 {
            return Err(st.raise(
                ctx,
                &sr::UNO_TREE_QK,
                &[
                    ("verify_width", PyVal::Int(q)),
                    ("candidate_top_k", PyVal::Int(k)),
                    ("frontier_slots", PyVal::Int(slots)),
                ],
            ));
        }
        let (mut cap, mut nodes) = (1i64, 1i64);
        for _ in 0..steps {
            nodes = nodes.saturating_mul(k);
            cap = cap.saturating_add(nodes);
            if cap >= q {
                break;
            }
        }
        if q > cap {
            return Err(st.raise(
                ctx,
                &sr::UNO_TREE_CAPACITY,
                &[
                    ("verify_width", PyVal::Int(q)),
                    ("tree_capacity", PyVal::Int(cap)),
                    ("draft_width", PyVal::Int(f)),
                    ("candidate_top_k", PyVal::Int(k)),
                ],
            ));
        }
        let parent = k * (steps - 1).max(0) + 1;
        if q - 1 > parent {
            return Err(st.raise(
                ctx,
                &sr::UNO_TREE_PARENT,
                &[
                    ("verify_width - 1", PyVal::Int(q - 1)),
                    ("parent_width", PyVal::Int(parent)),
                    ("draft_width", PyVal::Int(f)),
                    ("candidate_top_k", PyVal::Int(k)),
                ],
            ));
        }
        if st.cur.enable_pdmux {
            return Err(st.raise(ctx, &sr::UNO_TREE_PDMUX, &[]));
        }
        if st.cur.enable_two_batch_overlap {
            return Err(st.raise(ctx, &sr::UNO_TREE_TBO, &[]));
        }
        if st.cur.speculative_accept_threshold_single != 1.0
            || st.cur.speculative_accept_threshold_acc != 1.0
        {
            return Err(st.raise(ctx, &sr::UNO_TREE_THRESHOLDS, &[]));
        }
    } else {
        for (field, old) in [
            ("speculative_num_steps", st.cur.speculative_num_steps),
            ("speculative_eagle_topk", st.cur.speculative_eagle_topk),
        ] {
            if let Some(o) = old.filter(|o| *o != 1) {
                st.emit(
                    ctx,
                    &sr::UNO_PARAMS_FORCED,
                    &[("field", PyVal::s(field)), ("old_value", PyVal::Int(o))],
                );
            }
        }
        st.cur.speculative_num_steps = Some(1);
        st.cur.speculative_eagle_topk = Some(1);
    }
    if (st.cur.tp_size, st.cur.pp_size) != (1, 1) {
        return Err(st.raise(ctx, &sr::UNO_TP_PP, &[]));
    }
    if attn_dp_enabled(ctx, st) || st.cur.attn_cp_size != 1 {
        return Err(st.raise(ctx, &sr::UNO_DP_CP, &[]));
    }
    let lora_paths = !matches!(&st.cur.lora_paths, PyVal::None)
        && !matches!(&st.cur.lora_paths, PyVal::List(l) if l.is_empty())
        && !matches!(&st.cur.lora_paths, PyVal::Dict(l) if l.is_empty());
    if st.cur.enable_lora == Some(true) || lora_paths {
        return Err(st.raise(ctx, &sr::UNO_LORA, &[]));
    }
    if st.cur.speculative_use_rejection_sampling {
        return Err(st.raise(ctx, &sr::UNO_REJECTION, &[]));
    }
    let (p, d) = (st.prefill(), st.decode());
    if p.as_deref() != Some("fa3") || d.as_deref() != Some("fa3") {
        return Err(st.raise(
            ctx,
            &sr::UNO_FA3,
            &[
                ("prefill_backend", PyVal::opt(p.as_deref())),
                ("decode_backend", PyVal::opt(d.as_deref())),
            ],
        ));
    }
    Ok(())
}
