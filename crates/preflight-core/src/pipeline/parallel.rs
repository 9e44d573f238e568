//! The parallelism hooks of `sglang/srt/arg_groups/parallel_hook.py` (0.5.19–0.5.23), each at
//! its own position in `run_resolution_pipeline` (see [`super::resolve`]):
//! `handle_deprecated_dp_attention` (0.5.22+), `validate_prefill_cp_platform` (0.5.20+),
//! `handle_dcp_validation` / `handle_decode_context_parallelism`, `handle_dwdp`,
//! `handle_data_parallelism`, `handle_context_parallelism`, `handle_shared_experts_tp` (0.5.21+),
//! `handle_eplb_and_dispatch` and `handle_expert_distribution_metrics`. `handle_elastic_ep` is
//! not modelled (see `rules::parallel::UNMODELLED`).
//!
//! Release differences: 0.5.19–0.5.21 count attention-DP groups with `--dp-size` under
//! `--enable-dp-attention`; 0.5.22 introduced `--attn-dp-size` and turns the deprecated
//! spelling into it first (`handle_deprecated_dp_attention`).

use super::{Ctx, State, Step};
use crate::args::ServerArgs;
use crate::py::{floordiv, modulo};
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::parallel as pr;
use crate::version::SglangVersion;

/// 0.5.22 and later: `--attn-dp-size` exists and `--dp-size` counts replicas.
fn has_attn_dp(ctx: &Ctx) -> bool {
    ctx.v >= SglangVersion::V0_5_22
}

fn step(st: &mut State, field: &'static str, step: &'static str) {
    st.origin(field, Origin::Step(step));
}

/// `handle_deprecated_dp_attention` (`parallel_hook.py:39-61@0.5.23`, pipeline.py:45): the
/// deprecated `--dp-size N --enable-dp-attention` becomes `--attn-dp-size N --dp-size 1`.
pub fn handle_deprecated_dp_attention(ctx: &Ctx, st: &mut State) {
    if !has_attn_dp(ctx) || !st.cur.enable_dp_attention {
        return;
    }
    if st.cur.attn_dp_size == 1 {
        st.cur.attn_dp_size = st.cur.dp_size;
        st.cur.dp_size = 1;
        step(st, "attn_dp_size", "_handle_deprecated_dp_attention");
        step(st, "dp_size", "_handle_deprecated_dp_attention");
    }
    st.cur.enable_dp_attention = false;
    step(st, "enable_dp_attention", "_handle_deprecated_dp_attention");
}

/// `is_fi_a2a_supported` (`utils/common.py:1056-1064@0.5.23`): SM100, and an MNNVL fabric
/// (GB200/GB300 by device name) or a DCP group within one node.
fn is_fi_a2a_supported(ctx: &Ctx, dcp: i64, tp: i64, pp: i64, nnodes: i64) -> bool {
    if !ctx.hw.is_sm100() {
        return false;
    }
    if ctx.hw.mnnvl_by_name() {
        return true;
    }
    let per_node = floordiv(tp, floordiv(nnodes, pp).unwrap_or(1).max(1)).unwrap_or(tp);
    modulo(per_node, dcp) == Some(0)
}

/// `_dcp_comm_backend_default` (`arg_groups/overrides.py:1374-1397@0.5.23`, 0.5.20+; 0.5.19's
/// field default is `ag_rs`).
fn dcp_comm_backend_default(ctx: &Ctx, st: &mut State) {
    if st.cur.dcp_comm_backend.is_some() {
        return;
    }
    let c = &st.cur;
    let backend = if c.dcp_size <= 1 {
        "ag_rs"
    } else if is_fi_a2a_supported(ctx, c.dcp_size, c.tp_size, c.pp_size, c.nnodes) {
        "fi_a2a"
    } else if ctx.hw.is_cuda() || ctx.hw.is_hip() {
        "a2a"
    } else {
        "ag_rs"
    };
    st.cur.dcp_comm_backend = Some(backend.to_string().into());
    if st.cur.dcp_size > 1 {
        step(st, "dcp_comm_backend", "_dcp_comm_backend_default");
    }
}

/// `handle_dcp_validation` (`parallel_hook.py:128-159@0.5.19`) /
/// `handle_decode_context_parallelism` (`parallel_hook.py:240-273@0.5.23`), pipeline.py:171.
pub fn handle_decode_context_parallelism(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v >= SglangVersion::V0_5_20 {
        dcp_comm_backend_default(ctx, st);
    }
    let dcp = st.cur.dcp_size;
    let dcp_arg = [("cfg.dcp_size", PyVal::Int(dcp))];
    if dcp < 1 {
        return Err(st.raise(ctx, &pr::DCP_SIZE, &dcp_arg));
    }
    if ctx.v >= SglangVersion::V0_5_22 && dcp > 1 && st.cur.enable_prefill_cp {
        return Err(st.raise(ctx, &pr::DCP_PREFILL_CP, &[]));
    }
    let backend = st.cur.dcp_comm_backend.clone();
    let b = backend.as_deref();
    let b_val = PyVal::opt(b);
    if matches!(b, Some("a2a" | "fi_a2a")) && dcp <= 1 {
        return Err(st.raise(
            ctx,
            &pr::DCP_BACKEND_NEEDS_DCP,
            &[("cfg.dcp_comm_backend", b_val), dcp_arg[0].clone()],
        ));
    }
    if b == Some("fi_a2a") && !ctx.hw.is_cuda() {
        return Err(st.raise(ctx, &pr::DCP_FI_A2A_CUDA, &[]));
    }
    if st.cur.dcp_replicate_q_proj == Some(true) {
        if dcp <= 1 {
            return Err(st.raise(ctx, &pr::DCP_REPLICATE_NEEDS_DCP, &[]));
        }
        if !matches!(b, Some("a2a" | "fi_a2a")) {
            return Err(st.raise(
                ctx,
                &pr::DCP_REPLICATE_BACKEND,
                &[("cfg.dcp_comm_backend", b_val)],
            ));
        }
    }
    Ok(())
}

/// `handle_dwdp` (`parallel_hook.py:432-520@0.5.23`), pipeline.py:189: the asserts, then the
/// attention-DP / EP layout DWDP forces.
pub fn handle_dwdp(ctx: &Ctx, st: &mut State) -> Step {
    let dw = st.cur.dwdp_size;
    if dw <= 1 {
        return Ok(());
    }
    let tp = st.cur.tp_size;
    if dw != tp {
        return Err(st.raise(
            ctx,
            &pr::DWDP_TP,
            &[
                ("cfg.dwdp_size", PyVal::Int(dw)),
                ("cfg.tp_size", PyVal::Int(tp)),
            ],
        ));
    }
    if !matches!(st.cur.disaggregation_mode.as_ref(), "null" | "prefill") {
        return Err(st.raise(ctx, &pr::DWDP_DISAGG, &[]));
    }
    if st.cur.enable_eplb {
        return Err(st.raise(ctx, &pr::DWDP_EPLB, &[]));
    }
    if st.cur.speculative_algorithm.is_some() {
        return Err(st.raise(ctx, &pr::DWDP_SPEC, &[]));
    }
    if st.cur.pp_size != 1 {
        return Err(st.raise(ctx, &pr::DWDP_PP, &[]));
    }
    if st.cur.enable_two_batch_overlap {
        return Err(st.raise(ctx, &pr::DWDP_TBO, &[]));
    }
    if st.cur.disaggregation_mode == "null" {
        st.emit(ctx, &pr::DWDP_NULL, &[]);
    }
    const S: &str = "_handle_dwdp";
    if has_attn_dp(ctx) {
        st.cur.attn_dp_size = dw;
        step(st, "attn_dp_size", S);
    } else {
        st.cur.enable_dp_attention = true;
        step(st, "enable_dp_attention", S);
    }
    st.cur.dp_size = if has_attn_dp(ctx) { 1 } else { dw };
    step(st, "dp_size", S);
    st.cur.enable_dp_attention_local_control_broadcast = true;
    st.cur.enable_dp_lm_head = true;
    st.cur.moe_dense_tp_size = Some(1);
    st.cur.ep_size = dw;
    st.cur.moe_dp_size = 1;
    st.cur.moe_a2a_backend = "none".into();
    st.cur.disable_cuda_graph = true;
    for f in [
        "enable_dp_attention_local_control_broadcast",
        "enable_dp_lm_head",
        "moe_dense_tp_size",
        "ep_size",
        "moe_dp_size",
        "moe_a2a_backend",
        "disable_cuda_graph",
    ] {
        step(st, f, S);
    }
    Ok(())
}

/// Whether attention DP is on, as `handle_data_parallelism` tests it after
/// `_data_parallelism_defaults`: `attn_dp_enabled_of` (attn_dp_size > 1; 0.5.22+), else
/// `enable_dp_attention` with dp_size != 1.
pub(super) fn attn_dp_enabled(ctx: &Ctx, st: &impl AsRef<ServerArgs>) -> bool {
    let c = st.as_ref();
    if has_attn_dp(ctx) {
        c.attn_dp_size > 1 || c.ep_join_mode.as_deref() == Some("scale")
    } else {
        c.enable_dp_attention
    }
}

/// The attention-DP width the hooks divide by: `attn_dp_size` (0.5.22+) or `dp_size`.
fn attn_dp(ctx: &Ctx, st: &State) -> i64 {
    if has_attn_dp(ctx) {
        st.cur.attn_dp_size
    } else {
        st.cur.dp_size
    }
}

/// `handle_data_parallelism` (`parallel_hook.py:276-372@0.5.23`, pipeline.py:274): the
/// attention-DP checks, `_data_parallelism_defaults`, and the TP divisibility under attention DP.
/// (The chunked-prefill division and its warning are not modelled: the chunked-prefill default
/// comes from `handle_gpu_memory_settings`, which Preflight does not port.)
pub fn handle_data_parallelism(ctx: &Ctx, st: &mut State) -> Step {
    if has_attn_dp(ctx) {
        let adp = st.cur.attn_dp_size;
        if adp < 1 {
            return Err(st.raise(
                ctx,
                &pr::ATTN_DP_POSITIVE,
                &[("cfg.attn_dp_size", PyVal::Int(adp))],
            ));
        }
        if adp > 1 && st.cur.dp_size > 1 {
            return Err(st.raise(
                ctx,
                &pr::DP_WITH_ATTN_DP,
                &[
                    ("cfg.dp_size", PyVal::Int(st.cur.dp_size)),
                    ("cfg.attn_dp_size", PyVal::Int(adp)),
                ],
            ));
        }
    }
    // _data_parallelism_defaults (overrides.py:1367@0.5.23, :1403@0.5.19)
    let scale = st.cur.ep_join_mode.as_deref() == Some("scale");
    if has_attn_dp(ctx) {
        if st.cur.dp_size * st.cur.attn_dp_size == 1 && !scale {
            st.cur.enable_dp_lm_head = false;
        }
    } else if st.cur.dp_size == 1 && !scale {
        if st.cur.enable_dp_attention {
            st.cur.enable_dp_attention = false;
            step(st, "enable_dp_attention", "_data_parallelism_defaults");
        }
        st.cur.enable_dp_lm_head = false;
    }
    let enabled = attn_dp_enabled(ctx, st);
    if enabled && modulo(st.cur.tp_size, attn_dp(ctx, st)) != Some(0) {
        return Err(st.raise(ctx, &pr::DP_ATTN_TP_DIVISIBLE, &[]));
    }
    // _dp_lm_head_validation (overrides.py:1422@0.5.23), its first assert
    if st.cur.enable_dp_lm_head && !enabled {
        return Err(st.raise(ctx, &pr::DP_LM_HEAD, &[]));
    }
    // its TP LM-head all-to-all asserts (overrides.py:1428-1444@0.5.23)
    if st.cur.enable_tp_lm_head_all_to_all == Some(true) {
        use crate::rules::model as mr;
        let c = &st.cur;
        let has = has_attn_dp(ctx);
        let width = if has { c.attn_dp_size } else { c.dp_size };
        if !enabled {
            return Err(st.raise(ctx, &mr::TP_LM_HEAD_DP, &[]));
        } else if c.enable_dp_lm_head {
            return Err(st.raise(ctx, &mr::TP_LM_HEAD_VS_DP_LM_HEAD, &[]));
        } else if c.tp_size != width {
            let args = [
                ("view.tp_size", PyVal::Int(c.tp_size)),
                ("view.dp_size", PyVal::Int(c.dp_size)),
                ("view.attn_dp_size", PyVal::Int(c.attn_dp_size)),
            ];
            return Err(st.raise(ctx, &mr::TP_LM_HEAD_TP_EQ_DP, &args));
        } else if c.attn_cp_size != 1 {
            let args = [("view.attn_cp_size", PyVal::Int(c.attn_cp_size))];
            return Err(st.raise(ctx, &mr::TP_LM_HEAD_NO_CP, &args));
        }
    }
    Ok(())
}

/// `handle_context_parallelism` (`parallel_hook.py:94-200@0.5.23`, pipeline.py:278): the prefill-CP
/// platform and model checks, then the attention-CP and MoE-DP topology asserts.
pub fn handle_context_parallelism(ctx: &Ctx, st: &mut State) -> Step {
    let arch = ctx.arch().to_string();
    let pcp = st.cur.enable_prefill_cp;
    let strategy = st.cur.cp_strategy.clone();
    let cp = st.cur.attn_cp_size;
    // _boundary_parallelism_overrides (0.5.21+)
    if ctx.v >= SglangVersion::V0_5_21 {
        let mt = ctx.model.model_type.as_deref().unwrap_or_default();
        if matches!(mt, "nemotron_h" | "nemotron_h_puzzle") && cp > 1 {
            return Err(st.raise(ctx, &pr::NEMOTRON_CP, &[]));
        }
        if mt == "longcat_flash" && pcp && cp > 1 {
            return Err(st.raise(ctx, &pr::LONGCAT_CP, &[]));
        }
    }
    if ctx.v >= SglangVersion::V0_5_22 && pcp && ctx.hw.is_hip() && arch != "DeepseekV4ForCausalLM"
    {
        return Err(st.raise(
            ctx,
            &pr::PREFILL_CP_HIP_ARCH,
            &[("model_arch", PyVal::s(arch.clone()))],
        ));
    }
    if ctx.v >= SglangVersion::V0_5_20
        && pcp
        && arch == "DeepseekV32ForCausalLM"
        && strategy.as_deref() == Some("zigzag")
    {
        return Err(st.raise(ctx, &pr::DSV32_ZIGZAG, &[]));
    }
    super::cp_tp::resolve_cp_tp_group_sharing(ctx, st)?; // parallel_hook.py:149@0.5.23
    if pcp && strategy.is_none() {
        return Err(st.raise(ctx, &pr::CP_STRATEGY, &[]));
    }
    if ctx.v == SglangVersion::V0_5_19
        && st.cur.enable_prefill_context_parallel
        && st.cur.enable_dsa_prefill_context_parallel
    {
        return Err(st.raise(ctx, &pr::LEGACY_CP_EXCLUSIVE, &[]));
    }
    let tp = st.cur.tp_size;
    let fusion = st.cur.enable_aiter_allreduce_fusion;
    if cp > 1 {
        if modulo(tp, cp) != Some(0) {
            return Err(st.raise(ctx, &pr::CP_TP_DIVISIBLE, &[]));
        }
        if modulo(tp, attn_dp(ctx, st) * cp) != Some(0) {
            return Err(st.raise(ctx, &pr::CP_DP_TP_DIVISIBLE, &[]));
        }
        if fusion {
            return Err(st.raise(ctx, &pr::CP_AITER_FUSION, &[]));
        }
    }
    let mdp = st.cur.moe_dp_size;
    let ep = st.cur.ep_size;
    if mdp > 1 {
        if modulo(tp, mdp) != Some(0) {
            return Err(st.raise(ctx, &pr::MOE_DP_TP_DIVISIBLE, &[]));
        }
        if ep * mdp > tp {
            return Err(st.raise(ctx, &pr::MOE_DP_EP_LE, &[]));
        }
        if st.cur.pp_size != 1 {
            return Err(st.raise(ctx, &pr::MOE_DP_PP, &[]));
        }
        if ep > 1 && ep * mdp != tp {
            return Err(st.raise(ctx, &pr::MOE_DP_EP_EQ, &[]));
        }
        if fusion {
            return Err(st.raise(ctx, &pr::MOE_DP_AITER_FUSION, &[]));
        }
    }
    if cp != mdp && mdp != 1 {
        return Err(st.raise(ctx, &pr::CP_MOE_DP_MISMATCH, &[]));
    }
    Ok(())
}

/// `handle_shared_experts_tp` (`parallel_hook.py:203-237@0.5.23`, 0.5.21+), pipeline.py:296. The
/// all-to-all backend check after the Kimi-K3 one is not reached by any modelled model.
pub fn handle_shared_experts_tp(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < SglangVersion::V0_5_21 {
        return Ok(());
    }
    let Some(size) = st.cur.shared_experts_tp_size else {
        return Ok(());
    };
    // derive_attn_tp_size (0.5.22+) / derive_attention_widths (0.5.21)
    let adp = if has_attn_dp(ctx) {
        st.cur.attn_dp_size
    } else if st.cur.enable_dp_attention {
        st.cur.dp_size
    } else {
        1
    };
    let attn_tp = floordiv(st.cur.tp_size, adp)
        .and_then(|x| floordiv(x, st.cur.attn_cp_size))
        .unwrap_or(0);
    if size < 1 || modulo(attn_tp, size) != Some(0) {
        return Err(st.raise(
            ctx,
            &pr::SHARED_EXPERTS_TP_DIVISOR,
            &[
                ("size", PyVal::Int(size)),
                ("attn_tp_size", PyVal::Int(attn_tp)),
            ],
        ));
    }
    if ctx.arch() != "KimiK3ForConditionalGeneration" {
        return Err(st.raise(ctx, &pr::SHARED_EXPERTS_TP_KIMI, &[]));
    }
    Ok(())
}

/// `handle_eplb_and_dispatch` (`parallel_hook.py:750-791@0.5.23`), pipeline.py:297.
pub fn handle_eplb_and_dispatch(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.enable_eplb && st.cur.expert_distribution_recorder_mode.is_none() {
        st.cur.expert_distribution_recorder_mode = Some("stat".into());
        st.by("expert_distribution_recorder_mode", &pr::EPLB_RECORDER);
        st.emit(ctx, &pr::EPLB_RECORDER, &[]);
    }
    let rank_invariant = st.cur.moe_a2a_backend == "none";
    if (st.cur.enable_eplb || st.cur.init_expert_location != "trivial")
        && st.cur.ep_dispatch_algorithm.is_none()
    {
        st.cur.ep_dispatch_algorithm =
            Some(if rank_invariant { "dynamic" } else { "static" }.into());
        step(st, "ep_dispatch_algorithm", "_handle_eplb_and_dispatch");
    }
    if let Some(alg) = st.cur.ep_dispatch_algorithm.clone()
        && rank_invariant
        && matches!(alg.as_ref(), "static" | "lp")
    {
        return Err(st.raise(
            ctx,
            &pr::EP_DISPATCH_RANK_INVARIANT,
            &[("cfg.ep_dispatch_algorithm", PyVal::s(alg))],
        ));
    }
    if st.cur.enable_eplb && st.cur.ep_join_mode.as_deref() != Some("scale") && st.cur.ep_size <= 1
    {
        return Err(st.raise(ctx, &pr::EPLB_NEEDS_EP, &[]));
    }
    Ok(())
}

/// `handle_legacy_cp_arguments` (`parallel_hook.py:562-629@0.5.19`, pipeline.py:162): the legacy
/// prefill-CP switches turn prefill CP on and pick its strategy from their modes. (The alias
/// declarations after it change no checked value and are not modelled.)
pub fn handle_legacy_cp_arguments(ctx: &Ctx, st: &mut State) {
    if ctx.v != SglangVersion::V0_5_19 {
        return;
    }
    let legacy = |m: &str| match m {
        "in-seq-split" => Some("zigzag"),
        "round-robin-split" => Some("interleave"),
        _ => None,
    };
    const S: &str = "_handle_legacy_cp_arguments";
    let (p, d) = (
        st.cur.enable_prefill_context_parallel,
        st.cur.enable_dsa_prefill_context_parallel,
    );
    if p || d {
        st.cur.enable_prefill_cp = true;
        step(st, "enable_prefill_cp", S);
    }
    if p && st.cur.cp_strategy.is_none() {
        st.cur.cp_strategy = legacy(&st.cur.prefill_cp_mode)
            .map(str::to_string)
            .map(Into::into);
        step(st, "cp_strategy", S);
    }
    if d && st.cur.cp_strategy.is_none() {
        st.cur.cp_strategy = legacy(&st.cur.dsa_prefill_cp_mode)
            .map(str::to_string)
            .map(Into::into);
        step(st, "cp_strategy", S);
    }
}

/// `_calculate_rank_ranges` (`entrypoints/engine.py:2045-2077@0.5.23`, 0.5.21+), which the
/// launcher calls to place the scheduler ranks of this node before it starts them (without the
/// data-parallel controller: `--dp-size 1` and no elastic EP join): `nnodes // pp_size`
/// divides by `--pp-size 0` (PAR081).
pub fn launcher_rank_ranges(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if ctx.v >= SglangVersion::V0_5_21
        && c.pp_size == 0
        && c.dp_size == 1
        && c.ep_join_mode.as_deref() != Some("scale")
    {
        return Err(st.raise(ctx, &pr::PP_ZERO, &[]));
    }
    Ok(())
}

/// `_validate_parallel` (`runtime_context.py:266-350@0.5.23`) at the launcher's first
/// `publish(server_args, role="tokenizer")` (0.5.21+; start-up, before any scheduler): the two
/// factorisations of the TP group over the resolved widths (ranks are not published yet).
pub fn validate_parallel_at_publish(ctx: &Ctx, st: &mut State) -> Step {
    // derive_parallel_widths (0.5.20+) builds the published widths: the attention TP width
    // first, tp_size // attn_dp_size // attn_cp_size (runtime_context.py:76@0.5.23), the MoE TP
    // width last, tp_size // moe_ep_size // moe_dp_size (:154)
    let c = &st.cur;
    let attn_dp_zero = if has_attn_dp(ctx) {
        c.attn_dp_size == 0
    } else {
        c.enable_dp_attention && c.dp_size == 0
    };
    if ctx.v >= SglangVersion::V0_5_20 && c.attn_cp_size == 0 && !attn_dp_zero {
        return Err(st.raise(ctx, &pr::ATTN_CP_ZERO, &[]));
    }
    if ctx.v >= SglangVersion::V0_5_20
        && c.ep_size == 0
        && c.moe_dp_size != 0
        && c.attn_cp_size != 0
        && c.attn_dp_size != 0
        && c.dp_size != 0
    {
        return Err(st.raise(ctx, &pr::EP_ZERO, &[]));
    }
    // publish validates there only through `override_permanently(attn_dcp_rank=0)`, which runs
    // when DCP is disabled (runtime_context.py:1566-1568@0.5.23); with DCP on, the check waits
    // for the scheduler ranks' publish, which is not modelled
    if ctx.v < SglangVersion::V0_5_21 || st.cur.dcp_size > 1 {
        return Ok(());
    }
    let c = &st.cur;
    let tp = c.tp_size;
    let adp = if has_attn_dp(ctx) {
        c.attn_dp_size
    } else if c.enable_dp_attention {
        c.dp_size
    } else {
        1
    };
    let mut problems = Vec::new();
    if let Some(a_tp) = floordiv(tp, adp).and_then(|x| floordiv(x, c.attn_cp_size)) {
        let prod = a_tp * adp * c.attn_cp_size;
        if tp != prod {
            problems.push(format!(
                "tp_size == attn_tp_size * attn_dp_size * attn_cp_size\n  {tp} != {a_tp} * {adp} * {} (= {prod})",
                c.attn_cp_size
            ));
        }
    }
    if let Some(m_tp) = floordiv(tp, c.ep_size).and_then(|x| floordiv(x, c.moe_dp_size)) {
        let prod = c.ep_size * c.moe_dp_size * m_tp;
        if tp != prod {
            problems.push(format!(
                "tp_size == moe_ep_size * moe_dp_size * moe_tp_size\n  {tp} != {} * {} * {m_tp} (= {prod})",
                c.ep_size, c.moe_dp_size
            ));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(st.raise(
        ctx,
        &pr::TOPOLOGY,
        &[
            ("source", PyVal::Raw("override_permanently".into())),
            ("\"\\n\".join(problems)", PyVal::Raw(problems.join("\n"))),
        ],
    ))
}
