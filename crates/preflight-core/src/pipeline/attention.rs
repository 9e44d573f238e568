//! `handle_attention_backend_compatibility` (`arg_groups/attention_hook.py@0.5.23`) and the
//! attention post-process passes of `arg_groups/overrides.py`: default backend, split
//! collapse, page-size snaps, TRT-LLM/FA3/FA4 rules; then `_page_size_default`.

use super::{Ctx, State};
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::attention as ar;

/// `get_default_attn_backend` (`arg_groups/model_override_base.py:277-351@0.5.23`).
pub fn default_attn_backend(ctx: &Ctx, st: &State) -> &'static str {
    let hw = &ctx.hw;
    let topk = st.r.speculative_eagle_topk;
    let page = st.r.page_size;
    let spec = st.r.speculative_algorithm.is_some();
    let topk_page_ok = topk.is_none() || (topk == Some(1) && matches!(page, None | Some(1)));
    if ctx.arch.is_mla() {
        if hw.is_sm90() {
            "fa3"
        } else if hw.is_sm100() {
            "flashinfer"
        } else if hw.is_hip() {
            let tp = ctx.user_int("tp_size").unwrap_or(1).max(1) as u32;
            if matches!(ctx.arch.num_kv_heads / tp, 16 | 128) {
                "aiter"
            } else {
                "triton"
            }
        } else {
            "triton"
        }
    } else if hw.is_sm90() && topk_page_ok {
        "fa3"
    } else if hw.is_sm100()
        && topk_page_ok
        && (!spec || topk.is_some() || st.r.speculative_algorithm.as_deref() == Some("DFLASH"))
    {
        if ctx.arch.head_dim != ctx.arch.v_head_dim {
            "fa4"
        } else {
            "trtllm_mha"
        }
    } else if hw.is_hip() {
        "aiter"
    } else if hw.is_cuda() && !ctx.arch.sinks {
        "flashinfer"
    } else {
        "triton"
    }
}

/// Runs the attention step.
pub fn handle_attention_backend_compatibility(ctx: &Ctx, st: &mut State) {
    attention_backend_default(ctx, st);
    cuda_graph_rules(ctx, st);
    trtllm_mha_checks(ctx, st);
    mla_backend_page_constraints(ctx, st);
    mla_kv_cache_dtype_checks(ctx, st);
    fa3_fp8_e5m2_fallback(ctx, st);
    fa4_page_size(ctx, st);
}

/// `_attention_backend_default` (`overrides.py:1127-1141`).
fn attention_backend_default(ctx: &Ctx, st: &mut State) {
    let r = &mut st.r;
    if r.prefill_attention_backend.is_some()
        && r.prefill_attention_backend == r.decode_attention_backend
    {
        r.attention_backend = r.prefill_attention_backend.clone();
        let b = r.attention_backend.clone().unwrap_or_default();
        st.origin(
            "attention_backend",
            Origin::Rule(ar::SPLIT_COLLAPSE.code.into()),
        );
        st.emit(ctx, &ar::SPLIT_COLLAPSE, &[("backend", PyVal::s(b))]);
    } else if st.r.attention_backend.is_none() {
        let b = default_attn_backend(ctx, st);
        st.r.attention_backend = Some(b.into());
        st.origin(
            "attention_backend",
            Origin::Rule(ar::DEFAULT_BACKEND.code.into()),
        );
        st.emit(ctx, &ar::DEFAULT_BACKEND, &[("backend", PyVal::s(b))]);
    }
    // attention_backends_of (model_override_base.py:138-152): unset sides inherit.
    if st.r.prefill_attention_backend.is_none() {
        st.r.prefill_attention_backend = st.r.attention_backend.clone();
        st.origin("prefill_attention_backend", Origin::Default);
    }
    if st.r.decode_attention_backend.is_none() {
        st.r.decode_attention_backend = st.r.attention_backend.clone();
        st.origin("decode_attention_backend", Origin::Default);
    }
}

fn is(b: &Option<String>, name: &str) -> bool {
    b.as_deref() == Some(name)
}

/// `attention_hook.py:124-163`.
fn cuda_graph_rules(ctx: &Ctx, st: &mut State) {
    if is(&st.r.attention_backend, "torch_native") {
        st.r.disable_cuda_graph = true;
        st.emit(ctx, &ar::TORCH_NATIVE_NO_GRAPH, &[]);
    } else if is(&st.r.attention_backend, "flex_attention") {
        st.r.disable_cuda_graph = true;
        st.emit(ctx, &ar::FLEX_NO_GRAPH, &[]);
    }
}

/// `attention_hook.py:198-237`.
fn trtllm_mha_checks(ctx: &Ctx, st: &mut State) {
    let hw = &ctx.hw;
    let supported = hw.is_sm90() || hw.is_sm100() || hw.is_sm120();
    if is(&st.r.prefill_attention_backend, "trtllm_mha") {
        if !supported {
            st.emit(ctx, &ar::TRTLLM_MHA_PREFILL_SM, &[]);
        } else if hw.is_sm120() {
            let skip = ctx
                .env("SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR")
                .and_then(|v| v.trim().parse::<f64>().ok())
                .is_some_and(|v| v > 0.0);
            if is(&st.r.kv_cache_dtype, "fp8_e4m3") || skip {
                st.emit(ctx, &ar::TRTLLM_MHA_SM120_FP8, &[]);
            }
        }
    }
    if is(&st.r.decode_attention_backend, "trtllm_mha") && !supported {
        st.emit(ctx, &ar::TRTLLM_MHA_DECODE_SM, &[]);
    }
}

fn page_arg(p: Option<i64>) -> PyVal {
    p.map(PyVal::Int).unwrap_or(PyVal::None)
}

/// `_mla_backend_page_constraints` (`overrides.py:1147-1197`): one page value through every snap.
fn mla_backend_page_constraints(ctx: &Ctx, st: &mut State) {
    let (a, p, d) = (
        st.r.attention_backend.clone(),
        st.r.prefill_attention_backend.clone(),
        st.r.decode_attention_backend.clone(),
    );
    let any = |n: &str| is(&a, n) || is(&p, n) || is(&d, n);
    if is(&a, "flashmla") || is(&d, "flashmla") {
        st.r.page_size = Some(64);
        st.origin("page_size", Origin::Rule(ar::PAGE_FLASHMLA.code.into()));
        st.emit(ctx, &ar::PAGE_FLASHMLA, &[]);
    }
    if (is(&a, "trtllm_mla") || is(&d, "trtllm_mla")) && !matches!(st.r.page_size, Some(32 | 64)) {
        let from = page_arg(st.r.page_size);
        st.r.page_size = Some(64);
        st.origin("page_size", Origin::Rule(ar::PAGE_TRTLLM_MLA.code.into()));
        st.emit(ctx, &ar::PAGE_TRTLLM_MLA, &[("page_size", from)]);
    }
    if any("cutedsl_mla") && !matches!(st.r.page_size, Some(32 | 64)) {
        let from = page_arg(st.r.page_size);
        st.r.page_size = Some(64);
        st.origin("page_size", Origin::Rule(ar::PAGE_CUTEDSL_MLA.code.into()));
        st.emit(ctx, &ar::PAGE_CUTEDSL_MLA, &[("page_size", from)]);
    }
    if any("trtllm_mha") && !matches!(st.r.page_size, Some(16 | 32 | 64 | 128)) {
        let from = page_arg(st.r.page_size);
        st.r.page_size = Some(64);
        st.origin("page_size", Origin::Rule(ar::PAGE_TRTLLM_MHA.code.into()));
        st.emit(ctx, &ar::PAGE_TRTLLM_MHA, &[("page_size", from)]);
    }
}

/// `_mla_kv_cache_dtype_checks` (`overrides.py:1204-1218`).
fn mla_kv_cache_dtype_checks(ctx: &Ctx, st: &mut State) {
    if is(&st.r.attention_backend, "trtllm_mla") || is(&st.r.decode_attention_backend, "trtllm_mla")
    {
        if !ctx.hw.is_blackwell() {
            st.emit(ctx, &ar::TRTLLM_MLA_BLACKWELL, &[]);
        }
        let allowed: &[&str] = match ctx.v {
            crate::version::SglangVersion::V0_5_19 => &["fp8_e4m3", "fp4_e2m1", "bf16", "auto"],
            _ => &["fp8_e4m3", "bf16", "auto"],
        };
        if !st
            .r
            .kv_cache_dtype
            .as_deref()
            .is_some_and(|k| allowed.contains(&k))
        {
            st.emit(ctx, &ar::TRTLLM_MLA_KV, &[]);
        }
    }
}

/// `overrides.py:1263-1271`.
fn fa3_fp8_e5m2_fallback(ctx: &Ctx, st: &mut State) {
    if is(&st.r.attention_backend, "fa3") && is(&st.r.kv_cache_dtype, "fp8_e5m2") {
        st.r.attention_backend = Some("triton".into());
        st.origin(
            "attention_backend",
            Origin::Rule(ar::FA3_E5M2_FALLBACK.code.into()),
        );
        // split sides that inherited fa3 follow the base backend
        if is(&st.r.prefill_attention_backend, "fa3")
            && ctx.user("prefill_attention_backend").is_none()
        {
            st.r.prefill_attention_backend = Some("triton".into());
        }
        if is(&st.r.decode_attention_backend, "fa3")
            && ctx.user("decode_attention_backend").is_none()
        {
            st.r.decode_attention_backend = Some("triton".into());
        }
        st.emit(ctx, &ar::FA3_E5M2_FALLBACK, &[]);
    }
}

/// `overrides.py:1274-1298`.
fn fa4_page_size(ctx: &Ctx, st: &mut State) {
    let any = [
        &st.r.attention_backend,
        &st.r.prefill_attention_backend,
        &st.r.decode_attention_backend,
    ]
    .iter()
    .any(|b| is(b, "fa4"));
    let topk_ok = st.r.speculative_eagle_topk.is_none_or(|k| k <= 1);
    if any && !ctx.arch.is_mla() && ctx.hw.is_sm100() && topk_ok {
        let from = page_arg(st.r.page_size);
        st.r.page_size = Some(128);
        st.origin("page_size", Origin::Rule(ar::PAGE_FA4.code.into()));
        st.emit(ctx, &ar::PAGE_FA4, &[("page_size", from)]);
    }
}

/// `_page_size_default` (`overrides.py:1341-1364`).
pub fn page_size_default(_ctx: &Ctx, st: &mut State) {
    if st.r.page_size.is_none() {
        st.r.page_size = Some(1);
        st.origin("page_size", Origin::Default);
    }
}
