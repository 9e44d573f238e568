//! `arg_groups/hisparse_hook.py::validate_hisparse` (`hisparse_hook.py:87-165@0.5.23`), run by
//! `check_server_args` at start-up through the `_hisparse_validation` pass
//! (`validation_hook.py:312@0.5.23`, `:141@0.5.22`, `:140@0.5.21`, `:166@0.5.20`,
//! `:145@0.5.19`), on the resolved view.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::rules::hisparse as hr;
use crate::version::SglangVersion as V;

/// `is_minimax_sparse(hf_config)` (`configs/model_config.py:426-431@0.5.23`, since 0.5.21).
fn is_minimax_sparse(ctx: &Ctx) -> bool {
    ctx.v >= V::V0_5_21
        && matches!(
            ctx.arch(),
            "MiniMaxM3SparseForCausalLM" | "MiniMaxM3SparseForConditionalGeneration"
        )
}

/// `_hisparse_allowed_backends` (`hisparse_hook.py:32-37@0.5.23`), sorted.
fn allowed_backends(ctx: &Ctx, kv: &str) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = if ctx.hw.is_hip() {
        if ctx.v <= V::V0_5_19 {
            vec!["tilelang", "aiter"]
        } else {
            vec!["tilelang", "triton", "aiter"]
        }
    } else {
        match kv {
            "bfloat16" => vec!["flashmla_sparse"],
            "fp8_e4m3" => vec!["flashmla_kv", "flashinfer_sparse_mla"],
            _ => vec!["flashmla_sparse", "flashmla_kv", "flashinfer_sparse_mla"],
        }
    };
    v.sort_unstable();
    v
}

/// `validate_hisparse` (`hisparse_hook.py:87-165@0.5.23`).
pub fn validate_hisparse(ctx: &Ctx, st: &mut State) -> Step {
    if !st.cur.enable_hisparse {
        return Ok(());
    }
    let v4 = ctx.model.is_deepseek_v4;
    let m3 = is_minimax_sparse(ctx);
    if !(ctx.model.is_deepseek_dsa || v4 || m3) {
        return Err(st.raise(ctx, &hr::MODEL, &[]));
    }
    if !st.cur.disable_radix_cache {
        return Err(st.raise(ctx, &hr::RADIX, &[]));
    }
    if ctx.v >= V::V0_5_22 {
        // validate_hisparse_feature_combos
        if st.cur.enable_mixed_chunk {
            return Err(st.raise(ctx, &hr::MIXED_CHUNK, &[]));
        }
        let spec = st
            .cur
            .speculative_algorithm
            .as_deref()
            .is_some_and(|a| a.to_uppercase() != "NONE");
        // `(topk or 1) != 1`
        if spec
            && st
                .cur
                .speculative_eagle_topk
                .filter(|k| *k != 0)
                .unwrap_or(1)
                != 1
        {
            return Err(st.raise(ctx, &hr::SPEC_TOPK, &[]));
        }
        if spec && st.cur.speculative_adaptive {
            return Err(st.raise(ctx, &hr::SPEC_ADAPTIVE, &[]));
        }
    }
    if ctx.hw.is_hip() && v4 {
        // is_unified_kv_triton(): HIP and SGLANG_HACK_FLASHMLA_BACKEND=unified_kv_triton
        if ctx.env("SGLANG_HACK_FLASHMLA_BACKEND") == Some("unified_kv_triton") {
            return Err(st.raise(ctx, &hr::ROCM_UNIFIED_KV, &[]));
        }
        return Ok(());
    }
    if m3 {
        return Ok(());
    }
    // validate_hisparse_kv_cache_dtype: unreachable (the DSA KV dtype is bfloat16 or
    // fp8_e4m3 by now; UNMODELLED)
    let kv = st.cur.kv_cache_dtype.clone();
    for (label, backend) in [
        ("prefill", st.cur.dsa_prefill_backend.clone()),
        ("decode", st.cur.dsa_decode_backend.clone()),
    ] {
        let allowed = allowed_backends(ctx, &kv);
        if let Some(b) = backend
            && !allowed.contains(&b.as_ref())
        {
            let list = PyVal::List(allowed.iter().map(|s| PyVal::s(*s)).collect());
            return Err(st.raise(
                ctx,
                &hr::DSA_BACKEND,
                &[
                    ("label", PyVal::s(label)),
                    ("sorted(allowed_backends)", list),
                    ("kv_cache_dtype", PyVal::s(&kv)),
                    ("backend", PyVal::s(b)),
                ],
            ));
        }
    }
    Ok(())
}
