//! `handle_pd_disaggregation` (`arg_groups/pd_disaggregation_hook.py:23-196@0.5.23`,
//! :21-148@0.5.19), run after `handle_deprecated_args` and before the context-parallel steps
//! (`pipeline.py:138@0.5.23`, :138@0.5.22, :130@0.5.21, :160@0.5.20, :111@0.5.19).

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::pd as r;
use crate::version::SglangVersion as V;

const STEP: &str = "handle_pd_disaggregation";

fn declared(st: &mut State, field: &'static str) {
    st.origin(field, Origin::Step(STEP));
}

fn env_bool(ctx: &Ctx, name: &str) -> bool {
    crate::py::env_bool(ctx.env(name), false)
}

/// `attn_dp_enabled_of` (`runtime_context.py:191-199@0.5.23`, 0.5.22+) on the view; before
/// 0.5.22 `resolved_view(...).enable_dp_attention`.
fn attn_dp_enabled(ctx: &Ctx, st: &State) -> bool {
    if ctx.v >= V::V0_5_22 {
        st.cur.attn_dp_size > 1
    } else {
        st.cur.enable_dp_attention
    }
}

/// `num_dp_ranks_of` (`runtime_context.py:202-207@0.5.23`): `dp_size * attn_dp_size`; before
/// 0.5.22 `max(1, dp_size)`.
fn num_dp_ranks(ctx: &Ctx, st: &State) -> i64 {
    if ctx.v >= V::V0_5_22 {
        st.cur.dp_size * st.cur.attn_dp_size
    } else {
        st.cur.dp_size.max(1)
    }
}

/// Decode host receive is on: threshold > 0 (0.5.21), < 1 (0.5.22+; default 1.0).
fn host_receive_on(ctx: &Ctx, st: &State) -> bool {
    let t = st.cur.disaggregation_decode_host_receive_threshold;
    if ctx.v >= V::V0_5_22 {
        t < 1.0
    } else {
        t > 0.0
    }
}

/// Runs the step.
pub fn handle_pd_disaggregation(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.disaggregation_transfer_backend == "mooncake_tcp" {
        st.cur.disaggregation_transfer_backend = "mooncake".into();
        st.by("disaggregation_transfer_backend", &r::MOONCAKE_TCP);
        st.cur.disaggregation_ib_device = None;
        st.by("disaggregation_ib_device", &r::MOONCAKE_TCP);
        st.emit(ctx, &r::MOONCAKE_TCP, &[]);
    }
    if ctx.v >= V::V0_5_22 && st.cur.disaggregation_decode_allocation_policy == "prefill_complete" {
        validate_prefill_complete(ctx, st)?;
        if st.cur.disaggregation_mode == "prefill" && st.cur.optimistic_prefill_attempts == 0 {
            st.cur.optimistic_prefill_attempts = 1;
            declared(st, "optimistic_prefill_attempts");
        }
    }
    let mode = st.cur.disaggregation_mode.clone();
    let backend = st.cur.disaggregation_transfer_backend.clone();
    if mode == "prefill" && st.cur.dcp_size > 1 {
        st.emit(ctx, &r::PREFILL_DCP, &[]);
    }
    if ctx.v >= V::V0_5_21 {
        let t = st.cur.disaggregation_decode_host_receive_threshold;
        if !(0.0..=1.0).contains(&t) {
            return Err(st.raise(ctx, &r::HOST_RECEIVE_RANGE, &[]));
        }
        if host_receive_on(ctx, st) {
            if st.cur.enable_hisparse || st.cur.enable_pd_role_switch {
                return Err(st.raise(ctx, &r::HOST_RECEIVE_HISPARSE, &[]));
            }
            if st.cur.disaggregation_decode_retraction_backup.as_deref() == Some("cpu_tensor") {
                return Err(st.raise(ctx, &r::HOST_RECEIVE_RETRACTION, &[]));
            }
            st.cur.disaggregation_decode_retraction_backup = Some("host_pool".into());
            declared(st, "disaggregation_decode_retraction_backup");
        }
    }
    if mode == "decode" && st.cur.dcp_size > 1 {
        let ok: &[&str] = if ctx.v >= V::V0_5_22 {
            &["mooncake", "nixl", "mori", "ascend", "fake"]
        } else {
            &["mooncake", "nixl", "fake"]
        };
        if !ok.contains(&backend.as_ref()) {
            return Err(st.raise(
                ctx,
                &r::DECODE_DCP_BACKEND,
                &[("cfg.disaggregation_transfer_backend", PyVal::s(&backend))],
            ));
        }
        if ctx.v <= V::V0_5_20 {
            if st.cur.disaggregation_decode_enable_radix_cache {
                return Err(st.raise(ctx, &r::DECODE_DCP_RADIX, &[]));
            }
            if st.cur.enable_hierarchical_cache {
                return Err(st.raise(ctx, &r::DECODE_DCP_HICACHE, &[]));
            }
        }
    }
    if mode == "decode" {
        if st.cur.disaggregation_decode_enable_radix_cache {
            if st.cur.enable_hisparse {
                return Err(st.raise(ctx, &r::DECODE_RADIX_HISPARSE, &[]));
            }
            if backend == "fake" {
                return Err(st.raise(ctx, &r::DECODE_RADIX_FAKE, &[]));
            }
            if ctx.v <= V::V0_5_22 {
                let spec = st.cur.speculative_algorithm.clone();
                let refused = match spec.as_deref() {
                    None => false,
                    Some("DSPARK") => ctx.v < V::V0_5_21,
                    Some(_) => true,
                };
                if refused {
                    return Err(st.raise(
                        ctx,
                        &r::DECODE_RADIX_SPEC,
                        &[(
                            "cfg.speculative_algorithm",
                            PyVal::s(spec.unwrap_or_default()),
                        )],
                    ));
                }
            }
            if attn_dp_enabled(ctx, st) {
                st.emit(ctx, &r::DECODE_RADIX_DP, &[]);
            }
            st.cur.disable_radix_cache = false;
            st.by("disable_radix_cache", &r::DECODE_RADIX_ON);
            st.emit(ctx, &r::DECODE_RADIX_ON, &[]);
        } else {
            st.cur.disable_radix_cache = true;
            st.by("disable_radix_cache", &r::DECODE_RADIX_OFF);
            st.emit(ctx, &r::DECODE_RADIX_OFF, &[]);
        }
        if st.cur.disaggregation_decode_extra_slots.is_none() {
            let mut extra = 0;
            if let Some(mrr) = st.cur.max_running_requests {
                let ranks = num_dp_ranks(ctx, st);
                let q = crate::py::floordiv(mrr, ranks).unwrap_or(0);
                let per_worker = if ctx.v >= V::V0_5_23 { q.max(1) } else { q };
                if per_worker <= 32 {
                    extra = per_worker * 2;
                }
            }
            st.cur.disaggregation_decode_extra_slots = Some(extra);
            declared(st, "disaggregation_decode_extra_slots");
        }
    } else if mode == "prefill" {
        if backend == "fake" {
            return Err(st.raise(ctx, &r::PREFILL_FAKE, &[]));
        }
        if env_bool(ctx, "SGLANG_RUST_SERVER") {
            let (bp, port) = (st.cur.disaggregation_bootstrap_port, st.cur.port);
            if bp != 8998 && bp != port {
                return Err(st.raise(
                    ctx,
                    &r::RUST_SERVER_PORT,
                    &[
                        ("cfg.disaggregation_bootstrap_port", PyVal::Int(bp)),
                        ("cfg.port", PyVal::Int(port)),
                    ],
                ));
            }
            if bp != port {
                st.cur.disaggregation_bootstrap_port = port;
                st.origin(
                    "disaggregation_bootstrap_port",
                    Origin::Step("_alias_bootstrap_port_to_api_port"),
                );
            }
        }
    }
    if mode == "prefill" || mode == "decode" {
        if env_bool(ctx, "SGLANG_DISAGG_STAGING_BUFFER")
            && backend != "mooncake"
            && backend != "nixl"
        {
            return Err(st.raise(
                ctx,
                &r::STAGING_BUFFER,
                &[("cfg.disaggregation_transfer_backend", PyVal::s(&backend))],
            ));
        }
        if ctx.v >= V::V0_5_21 && st.cur.enable_pd_role_switch {
            let unsupported = role_switch_unsupported(ctx, st);
            if !unsupported.is_empty() {
                return Err(st.raise(
                    ctx,
                    &r::ROLE_SWITCH,
                    &[(
                        "\", \".join(unsupported)",
                        PyVal::Raw(unsupported.join(", ")),
                    )],
                ));
            }
        }
    }
    Ok(())
}

/// The features `--enable-pd-role-switch` refuses, in SGLang's order per release.
fn role_switch_unsupported(ctx: &Ctx, st: &State) -> Vec<String> {
    let c = &st.cur;
    let mut u = Vec::new();
    if ctx.v == V::V0_5_21 && c.enable_dp_attention {
        u.push("DP attention (--enable-dp-attention)".to_string());
    }
    if ctx.v == V::V0_5_22 && c.attn_dp_size > 1 {
        u.push(format!("attention DP (--attn-dp-size {})", c.attn_dp_size));
    }
    if c.ep_size > 1 {
        u.push(format!("expert parallelism (--ep-size {})", c.ep_size));
    }
    if c.moe_a2a_backend != "none" {
        u.push(format!(
            "MoE all-to-all (--moe-a2a-backend {})",
            c.moe_a2a_backend
        ));
    }
    if c.pp_size > 1 {
        u.push(format!("pipeline parallelism (--pp-size {})", c.pp_size));
    }
    if ctx.v <= V::V0_5_22 && c.dp_size > 1 {
        u.push(format!("data parallelism (--dp-size {})", c.dp_size));
    }
    if ctx.v >= V::V0_5_23 && c.attn_dp_size > 1 && c.enable_dp_attention_local_control_broadcast {
        u.push("DP attention local control broadcast".to_string());
    }
    if c.dcp_size > 1 {
        u.push(format!(
            "decode context parallelism (--dcp-size {})",
            c.dcp_size
        ));
    }
    if let Some(s) = &c.speculative_algorithm {
        u.push(format!(
            "speculative decoding (--speculative-algorithm {s})"
        ));
    }
    u
}

/// `_validate_prefill_complete` (`pd_disaggregation_hook.py:199-241@0.5.23`, 0.5.22+).
fn validate_prefill_complete(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    let mut u: Vec<&str> = Vec::new();
    let pd = c.disaggregation_mode == "prefill" || c.disaggregation_mode == "decode";
    if !pd {
        u.push("aggregated serving");
    }
    if c.disaggregation_transfer_backend != "mooncake" {
        u.push("transfer backends other than Mooncake");
    }
    if c.pp_size != 1 || c.attn_cp_size != 1 || c.dcp_size != 1 {
        u.push("pipeline or attention context parallelism");
    }
    let attn_dp = if c.enable_dp_attention { c.dp_size } else { 1 };
    if c.tp_size != attn_dp {
        u.push("attention tensor parallelism greater than one");
    }
    if c.enable_pdmux || c.decoupled_spec_role != "null" {
        u.push("PD multiplexing or decoupled speculation");
    }
    if c.enable_pd_role_switch {
        u.push("runtime PD role switching");
    }
    if c.encoder_only || c.language_only {
        u.push("encoder disaggregation");
    }
    if c.enable_hisparse {
        u.push("HiSparse");
    }
    if c.disaggregation_decode_host_receive_threshold < 1.0 {
        u.push("decode host KV buffering");
    }
    if c.disaggregation_mode == "decode"
        && (c.disaggregation_decode_enable_radix_cache || c.enable_hierarchical_cache)
    {
        u.push("decode radix cache or decode HiCache");
    }
    if c.disaggregation_mode == "prefill"
        && c.enable_hierarchical_cache
        && (c.hicache_storage_backend.is_some() || c.hicache_write_policy != "write_back")
    {
        u.push("prefill HiCache other than L2 write_back");
    }
    if env_bool(ctx, "SGLANG_DISAGG_STAGING_BUFFER") {
        u.push("staging buffers");
    }
    if env_bool(ctx, "SGLANG_RUST_SERVER") {
        u.push("the Rust bootstrap registry");
    }
    if u.is_empty() {
        return Ok(());
    }
    let joined = u.join(", ");
    Err(st.raise(
        ctx,
        &r::PREFILL_COMPLETE,
        &[("\", \".join(unsupported)", PyVal::Raw(joined))],
    ))
}

/// `handle_encoder_disaggregation` (`pd_disaggregation_hook.py:296-386@0.5.23`), run after the
/// speculative step (pipeline.py:316@0.5.23). `handle_language_model_only` (model_hook.py) runs
/// first and raises only with --language-model-only (not modelled); the IB device validation
/// of a mooncake PD server is not modelled.
pub fn handle_encoder_disaggregation(ctx: &Ctx, st: &mut State) -> Step {
    super::model::handle_language_model_only(ctx, st)?; // pd_disaggregation_hook.py:304@0.5.23
    let c = &st.cur;
    if c.enable_prefix_mm_cache && !c.encoder_only {
        return Err(st.raise(ctx, &r::PREFIX_MM_CACHE, &[]));
    }
    if c.encoder_only && c.language_only {
        return Err(st.raise(ctx, &r::ENCODER_AND_LANGUAGE, &[]));
    }
    if c.encoder_only && c.disaggregation_mode != "null" {
        return Err(st.raise(ctx, &r::ENCODER_AND_PD, &[]));
    }
    let arch = ctx.arch().to_string();
    if (c.encoder_only || c.language_only) && !encoder_archs(ctx).contains(&arch.as_str()) {
        return Err(st.raise(ctx, &r::ENCODER_ARCH, &[("model_arch", PyVal::Raw(arch))]));
    }
    if ctx.v >= V::V0_5_23
        && arch == "MuseSparkForConditionalGeneration"
        && c.language_only
        && c.enable_adaptive_dispatch_to_encoder
    {
        return Err(st.raise(ctx, &r::MUSE_ADAPTIVE, &[]));
    }
    Ok(())
}

/// The architectures encoder disaggregation accepts, per release.
fn encoder_archs(ctx: &Ctx) -> Vec<&'static str> {
    let mut v = vec![
        "Qwen2VLForConditionalGeneration",
        "Qwen3VLForConditionalGeneration",
        "Qwen2_5_VLForConditionalGeneration",
        "Qwen3VLMoeForConditionalGeneration",
        "Qwen3_5ForConditionalGeneration",
        "Qwen3_5MoeForConditionalGeneration",
        "InternS2PreviewForConditionalGeneration",
        "Qwen3OmniMoeForConditionalGeneration",
        "Qwen2AudioForConditionalGeneration",
        "Qwen2_5OmniForConditionalGeneration",
        "Dots3NoteForCausalLM",
        "KimiVLForConditionalGeneration",
        "KimiK25ForConditionalGeneration",
        "KimiK3ForConditionalGeneration",
        "MiMoV2ForCausalLM",
    ];
    if ctx.v >= V::V0_5_20 {
        v.push("Glm5NextForConditionalGeneration");
    }
    if ctx.v >= V::V0_5_23 {
        v.push("MiniMaxM3SparseForConditionalGeneration");
        v.push("MuseSparkForConditionalGeneration");
    }
    v
}
