//! Attention-backend resolution: `handle_deprecated_args` (`arg_groups/serving_hook.py:303-337`),
//! `handle_attention_backend_compatibility` (`arg_groups/attention_hook.py:110-278@0.5.23`) with the
//! post-process passes of `arg_groups/overrides.py`, the DeepSeek-V3 trtllm_mla prefill-graph
//! rule, and `_page_size_default`.

use super::{Ctx, State, Step};
use crate::model::archs::lists;
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::{attention as ar, spec as sr};
use crate::version::SglangVersion;

fn is<S: AsRef<str>>(b: &Option<S>, name: &str) -> bool {
    b.as_ref().map(AsRef::as_ref) == Some(name)
}

fn page_arg(p: Option<i64>) -> PyVal {
    p.map(PyVal::Int).unwrap_or(PyVal::None)
}

/// `handle_deprecated_args`: `compressed → dsv4`, `tokenspeed_mla → cutedsl_mla` (0.5.23).
pub fn handle_deprecated_args(ctx: &Ctx, st: &mut State) {
    let mut aliases: Vec<(&str, &str)> = vec![("compressed", "dsv4")];
    if ctx.v >= SglangVersion::V0_5_23 {
        aliases.push(("tokenspeed_mla", "cutedsl_mla"));
    }
    let tokenspeed = is(&st.cur.attention_backend, "tokenspeed_mla")
        || is(&st.cur.decode_attention_backend, "tokenspeed_mla");
    for field in [
        "attention_backend",
        "decode_attention_backend",
        "prefill_attention_backend",
    ] {
        let slot = match field {
            "attention_backend" => &mut st.cur.attention_backend,
            "decode_attention_backend" => &mut st.cur.decode_attention_backend,
            _ => &mut st.cur.prefill_attention_backend,
        };
        let Some(old) = slot.clone() else { continue };
        if let Some((_, new)) = aliases.iter().find(|(o, _)| *o == old) {
            let mut target = new.to_string();
            if field == "prefill_attention_backend" && target == "cutedsl_mla" {
                target = "trtllm_mla".into();
            }
            *slot = Some(target.into());
            st.by(field, &ar::ALIAS);
            let attr = field.replace('_', "-");
            st.emit(
                ctx,
                &ar::ALIAS,
                &[
                    ("attr", PyVal::s(attr)),
                    ("old", PyVal::s(old)),
                    ("new", PyVal::s(*new)),
                ],
            );
        }
    }
    if tokenspeed && ctx.v >= SglangVersion::V0_5_23 && st.cur.kv_cache_dtype != "fp8_e4m3" {
        st.cur.kv_cache_dtype = "fp8_e4m3".into();
        st.by("kv_cache_dtype", &ar::TOKENSPEED_FP8);
        st.emit(ctx, &ar::TOKENSPEED_FP8, &[]);
    }
}

/// `get_default_attn_backend` (`arg_groups/model_override_base.py:277-351@0.5.23`), evaluated on
/// the current state (speculative top-k and page size are still the user's values).
pub fn default_attn_backend(ctx: &Ctx, st: &State) -> &'static str {
    let hw = &ctx.hw;
    let topk = st.cur.speculative_eagle_topk;
    let spec_ok = topk.is_none() || (topk == Some(1) && matches!(st.cur.page_size, None | Some(1)));
    // Whisper requires flashinfer for cross-attention CUDA graph support
    if lists::WHISPER_DEFAULT_BACKEND.any(ctx.v, &ctx.model.architectures) {
        return "flashinfer";
    }
    if !ctx.model.is_mla() {
        let alg = st.cur.speculative_algorithm.as_deref();
        let forces_topk_one = ctx.v >= SglangVersion::V0_5_23 && alg == Some("DFLASH");
        if hw.is_sm90() && spec_ok {
            "fa3"
        } else if hw.is_sm100() && spec_ok && (alg.is_none() || topk.is_some() || forces_topk_one) {
            if ctx.model.has_asymmetric_kv() {
                "fa4"
            } else {
                "trtllm_mha"
            }
        } else if hw.is_hip() {
            "aiter"
        } else if ctx.has_flashinfer() && !ctx.model.has_attention_sinks {
            "flashinfer"
        } else {
            "triton"
        }
    } else if hw.is_sm90() {
        "fa3"
    } else if hw.is_sm100() {
        "flashinfer"
    } else if hw.is_hip() {
        let heads = ctx.model.get_num_kv_heads(ctx.tp());
        if heads == 128 || heads == 16 {
            "aiter"
        } else {
            "triton"
        }
    } else {
        "triton"
    }
}

/// Runs the compatibility step, sub-step by sub-step.
pub fn handle_attention_backend_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    attention_backend_default(ctx, st);
    cuda_graph_rules(ctx, st)?;
    mla_backend_page_constraints(ctx, st);
    mla_kv_cache_dtype_checks(ctx, st)?;
    cutedsl_prefill_backend_fill(ctx, st)?;
    trtllm_mha_gates(ctx, st)?;
    fa3_fp8_fallback(ctx, st);
    fa4_page_constraint(ctx, st);
    // attention_hook.py:205-209@0.5.19 (0.5.19 only; not gated on the platform)
    if ctx.v <= SglangVersion::V0_5_19 && ctx.model.is_mla() && is(&st.prefill(), "intel_xpu") {
        return Err(st.raise(ctx, &ar::INTEL_XPU_MLA_PREFILL, &[]));
    }
    if ctx.v <= SglangVersion::V0_5_19 {
        attention_backend_dual_chunk(ctx, st)?;
    }
    Ok(())
}

/// `_attention_backend_dual_chunk` (`overrides.py:1359-1373@0.5.19`, 0.5.19 only) and what
/// follows it in `handle_attention_backend_compatibility` (`attention_hook.py:213-228@0.5.19`):
/// a checkpoint with `dual_chunk_attention_config` needs the dual-chunk backend (the default
/// was filled in before, so the branch for an unset backend is unreachable), and that backend
/// turns mixed chunking and the radix cache off.
fn attention_backend_dual_chunk(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.model.dual_chunk_attention && !is(&st.cur.attention_backend, "dual_chunk_flash_attn") {
        let shown = st
            .cur
            .attention_backend
            .as_deref()
            .map_or(PyVal::Raw("None".into()), |b| PyVal::Raw(b.to_string()));
        return Err(st.raise(
            ctx,
            &ar::DUAL_CHUNK_BACKEND,
            &[("view.attention_backend", shown)],
        ));
    }
    if is(&st.cur.attention_backend, "dual_chunk_flash_attn") {
        st.emit(ctx, &ar::DUAL_CHUNK_NO_RADIX, &[]);
        st.cur.enable_mixed_chunk = false;
        st.by("enable_mixed_chunk", &ar::DUAL_CHUNK_NO_RADIX);
        st.cur.disable_radix_cache = true;
        st.by("disable_radix_cache", &ar::DUAL_CHUNK_NO_RADIX);
    }
    Ok(())
}

/// `handle_multi_item_scoring` (`attention_hook.py:526-577@0.5.23`, the same 0.5.19-0.5.22): turns
/// CUDA graphs, the radix cache and chunked prefill off, then asserts flashinfer on both sides.
pub fn handle_multi_item_scoring(ctx: &Ctx, st: &mut State) -> Step {
    if !st.cur.enable_mis {
        return Ok(());
    }
    st.cur.disable_cuda_graph = true;
    st.origin(
        "disable_cuda_graph",
        Origin::Step("_handle_multi_item_scoring"),
    );
    if !st.cur.disable_radix_cache {
        st.cur.disable_radix_cache = true;
        st.origin(
            "disable_radix_cache",
            Origin::Step("_handle_multi_item_scoring"),
        );
    }
    if st.cur.chunked_prefill_size != Some(-1) {
        st.cur.chunked_prefill_size = Some(-1);
        st.origin(
            "chunked_prefill_size",
            Origin::Step("_handle_multi_item_scoring"),
        );
    }
    let (p, d) = (st.prefill(), st.decode());
    if !(is(&p, "flashinfer") && is(&d, "flashinfer")) {
        let show = |b: Option<String>| b.map_or(PyVal::Raw("None".into()), PyVal::Raw);
        return Err(st.raise(
            ctx,
            &ar::MIS_FLASHINFER,
            &[("prefill_backend", show(p)), ("decode_backend", show(d))],
        ));
    }
    Ok(())
}

/// `_attention_backend_default` (`overrides.py:1126-1140`). Unset split sides are not written.
fn attention_backend_default(ctx: &Ctx, st: &mut State) {
    if st.cur.prefill_attention_backend.is_some()
        && st.cur.prefill_attention_backend == st.cur.decode_attention_backend
    {
        if st.cur.attention_backend != st.cur.prefill_attention_backend {
            st.cur.attention_backend = st.cur.prefill_attention_backend.clone();
            st.by("attention_backend", &ar::SPLIT_COLLAPSE);
            let b = st.cur.attention_backend.clone().unwrap_or_default();
            st.emit(ctx, &ar::SPLIT_COLLAPSE, &[("backend", PyVal::s(b))]);
        }
    } else if st.cur.attention_backend.is_none() {
        let b = default_attn_backend(ctx, st);
        st.cur.attention_backend = Some(b.into());
        st.by("attention_backend", &ar::DEFAULT_BACKEND);
        st.emit(ctx, &ar::DEFAULT_BACKEND, &[("backend", PyVal::s(b))]);
    }
}

/// `attention_hook.py:122-163`: read right after the default fill.
fn cuda_graph_rules(ctx: &Ctx, st: &mut State) -> Step {
    if is(&st.cur.attention_backend, "torch_native") {
        st.cur.disable_cuda_graph = true;
        st.emit(ctx, &ar::TORCH_NATIVE_NO_GRAPH, &[]);
    } else if is(&st.cur.attention_backend, "flex_attention") {
        st.cur.disable_cuda_graph = true;
        st.emit(ctx, &ar::FLEX_NO_GRAPH, &[]);
        if st.cur.speculative_algorithm.is_some() {
            return Err(st.raise(ctx, &sr::FLEX, &[]));
        }
    }
    Ok(())
}

/// `_mla_backend_page_constraints` (`overrides.py:1143-1200`): one page value through every snap.
fn mla_backend_page_constraints(ctx: &Ctx, st: &mut State) {
    let (a, p, d) = (
        st.cur.attention_backend.clone(),
        st.cur.prefill_attention_backend.clone(),
        st.cur.decode_attention_backend.clone(),
    );
    let draft = ctx.args.speculative_draft_attention_backend.clone();
    let any = |n: &str| is(&a, n) || is(&p, n) || is(&d, n);
    let mut page = st.cur.page_size;
    let set = |st: &mut State,
               rule: &'static crate::rules::RuleInfo,
               to: i64,
               from: Option<i64>,
               with_from: bool| {
        let args: Vec<(&str, PyVal)> = if with_from {
            vec![("page_size", page_arg(from))]
        } else {
            vec![]
        };
        st.emit(ctx, rule, &args);
        st.by("page_size", rule);
        to
    };
    if is(&a, "flashmla") || is(&d, "flashmla") {
        page = Some(set(st, &ar::PAGE_FLASHMLA, 64, page, false));
    }
    if (is(&a, "trtllm_mla") || is(&d, "trtllm_mla")) && !matches!(page, Some(32 | 64)) {
        page = Some(set(st, &ar::PAGE_TRTLLM_MLA, 64, page, true));
    }
    // overrides.py:1159-1165@0.5.19 (until 0.5.22; 0.5.23 renamed tokenspeed_mla away)
    if ctx.v <= SglangVersion::V0_5_22
        && (is(&a, "tokenspeed_mla") || is(&d, "tokenspeed_mla"))
        && !matches!(page, Some(32 | 64))
    {
        page = Some(set(st, &ar::PAGE_TOKENSPEED_MLA, 64, page, true));
    }
    if any("cutedsl_mla") && !matches!(page, Some(32 | 64)) {
        page = Some(set(st, &ar::PAGE_CUTEDSL_MLA, 64, page, true));
    }
    if (any("trtllm_mha") || draft.as_deref() == Some("trtllm_mha"))
        && !matches!(page, Some(16 | 32 | 64 | 128))
    {
        page = Some(set(st, &ar::PAGE_TRTLLM_MHA, 64, page, true));
    }
    if any("hpc_ops") && page != Some(64) {
        page = Some(set(st, &ar::PAGE_HPC_OPS, 64, page, true));
    }
    st.cur.page_size = page;
}

/// `_mla_kv_cache_dtype_checks` (`overrides.py:1203-1218`).
fn mla_kv_cache_dtype_checks(ctx: &Ctx, st: &mut State) -> Step {
    if is(&st.cur.attention_backend, "trtllm_mla")
        || is(&st.cur.decode_attention_backend, "trtllm_mla")
    {
        if !ctx.hw.is_blackwell() {
            return Err(st.raise(ctx, &ar::TRTLLM_MLA_BLACKWELL, &[]));
        }
        // fp4_e2m1 leaves the list in 0.5.21 (`overrides.py:1259@0.5.20`, `:1145@0.5.21`)
        let allowed: &[&str] = if ctx.v <= SglangVersion::V0_5_20 {
            &["fp8_e4m3", "fp4_e2m1", "bf16", "auto"]
        } else {
            &["fp8_e4m3", "bf16", "auto"]
        };
        if !allowed.contains(&st.cur.kv_cache_dtype.as_ref()) {
            return Err(st.raise(ctx, &ar::TRTLLM_MLA_KV, &[]));
        }
    }
    // overrides.py:1225-1237@0.5.19 (until 0.5.22)
    if ctx.v <= SglangVersion::V0_5_22
        && (is(&st.cur.attention_backend, "tokenspeed_mla")
            || is(&st.cur.decode_attention_backend, "tokenspeed_mla"))
    {
        if !ctx.hw.is_blackwell() {
            return Err(st.raise(ctx, &ar::TOKENSPEED_BLACKWELL, &[]));
        }
        if st.cur.kv_cache_dtype != "fp8_e4m3" {
            let kv = PyVal::Raw(st.cur.kv_cache_dtype.clone().into_owned());
            return Err(st.raise(ctx, &ar::TOKENSPEED_KV, &[("kv_cache_dtype", kv)]));
        }
    }
    Ok(())
}

/// `_cutedsl_prefill_backend_fill` (`overrides.py:1232-1259`).
fn cutedsl_prefill_backend_fill(ctx: &Ctx, st: &mut State) -> Step {
    let any = [
        &st.cur.attention_backend,
        &st.cur.prefill_attention_backend,
        &st.cur.decode_attention_backend,
    ]
    .iter()
    .any(|b| is(b, "cutedsl_mla"));
    if !any {
        return Ok(());
    }
    if is(&st.cur.prefill_attention_backend, "cutedsl_mla") {
        return Err(st.raise(ctx, &ar::CUTEDSL_DECODE_ONLY, &[]));
    }
    if !ctx.hw.is_sm100() {
        return Err(st.raise(ctx, &ar::CUTEDSL_SM100, &[]));
    }
    if !matches!(
        st.cur.kv_cache_dtype.as_ref(),
        "fp8_e4m3" | "bf16" | "bfloat16" | "auto"
    ) {
        return Err(st.raise(ctx, &ar::CUTEDSL_KV, &[]));
    }
    if st.cur.prefill_attention_backend.is_none() {
        st.cur.prefill_attention_backend = Some("trtllm_mla".into());
        st.by("prefill_attention_backend", &ar::CUTEDSL_PREFILL_FILL);
        st.emit(ctx, &ar::CUTEDSL_PREFILL_FILL, &[]);
    }
    Ok(())
}

/// TRT-LLM MHA gates (`attention_hook.py:198-237`).
fn trtllm_mha_gates(ctx: &Ctx, st: &mut State) -> Step {
    let hw = &ctx.hw;
    let (p, d) = (st.prefill(), st.decode());
    if !(is(&p, "trtllm_mha") || is(&d, "trtllm_mha")) {
        return Ok(());
    }
    let supported = hw.is_sm90() || hw.is_sm100() || hw.is_sm120();
    if is(&p, "trtllm_mha") && !supported {
        return Err(st.raise(ctx, &ar::TRTLLM_MHA_PREFILL_SM, &[]));
    }
    if is(&p, "trtllm_mha") && hw.is_sm120() {
        let skip = ctx
            .env("SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR")
            .and_then(|v| v.trim().parse::<f64>().ok())
            .is_some_and(|v| v > 0.0);
        if st.cur.kv_cache_dtype == "fp8_e4m3" || skip {
            return Err(st.raise(ctx, &ar::TRTLLM_MHA_SM120_FP8, &[]));
        }
    }
    if is(&d, "trtllm_mha") && !supported {
        return Err(st.raise(ctx, &ar::TRTLLM_MHA_DECODE_SM, &[]));
    }
    // 0.5.19 also counts --enable-prefill-context-parallel (attention_hook.py:164@0.5.19)
    let cp = ctx.args.attn_cp_size > 1
        || (ctx.v <= SglangVersion::V0_5_19 && st.cur.enable_prefill_context_parallel);
    if is(&p, "trtllm_mha") && !hw.is_sm100() && cp {
        return Err(st.raise(ctx, &ar::TRTLLM_MHA_CP, &[]));
    }
    Ok(())
}

/// `_attention_backend_fa3_fp8_fallback` (`overrides.py:1262-1270`): base backend only.
fn fa3_fp8_fallback(ctx: &Ctx, st: &mut State) {
    if is(&st.cur.attention_backend, "fa3") && st.cur.kv_cache_dtype == "fp8_e5m2" {
        st.cur.attention_backend = Some("triton".into());
        st.by("attention_backend", &ar::FA3_E5M2_FALLBACK);
        st.emit(ctx, &ar::FA3_E5M2_FALLBACK, &[]);
    }
}

/// `_fa4_page_constraint` (`overrides.py:1273-1297`): fires even when the page is already 128.
fn fa4_page_constraint(ctx: &Ctx, st: &mut State) {
    let any = [
        &st.cur.attention_backend,
        &st.cur.prefill_attention_backend,
        &st.cur.decode_attention_backend,
    ]
    .iter()
    .any(|b| is(b, "fa4"));
    if any
        && !ctx.model.is_mla()
        && ctx.hw.is_sm100()
        && st.cur.speculative_eagle_topk.unwrap_or(0) <= 1
    {
        let from = page_arg(st.cur.page_size);
        st.cur.page_size = Some(128);
        st.by("page_size", &ar::PAGE_FA4);
        st.emit(ctx, &ar::PAGE_FA4, &[("page_size", from)]);
    }
}

/// `disable_prefill_cuda_graph_for_deepseek_trtllm_mla` (`cuda_graph_hook.py:279-312`).
pub fn disable_prefill_cuda_graph_for_deepseek_trtllm_mla(ctx: &Ctx, st: &mut State) {
    if lists::DSV3_TRTLLM_MLA_PREFILL_GRAPH.any(ctx.v, &ctx.model.architectures)
        && is(&st.prefill(), "trtllm_mla")
    {
        st.emit(
            ctx,
            &ar::DSV3_PREFILL_GRAPH,
            &[("backend", PyVal::s("breakable"))],
        );
    }
}

/// `_page_size_default` (`overrides.py:1340-1363`).
pub fn page_size_default(ctx: &Ctx, st: &mut State) {
    if st.cur.page_size.is_none() {
        let vectorized = ctx.hw.is_hip()
            && ctx
                .env("SGLANG_AITER_KV_CACHE_LAYOUT")
                .is_some_and(|v| v.eq_ignore_ascii_case("vectorized_5d"));
        st.cur.page_size = Some(if vectorized { 64 } else { 1 });
        st.origin("page_size", Origin::Default);
    }
}
