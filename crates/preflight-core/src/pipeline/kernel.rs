//! Known kernel-stage failures (see `rules::kernel`): evaluated on the effective configuration
//! after construction. They are warnings: SGLang itself starts, then a kernel fails.

use super::{Ctx, State};
use crate::pyfmt::PyVal;
use crate::rules::kernel as kr;
use crate::version::SglangVersion;

/// The flashinfer-python release `v` pins (`Requires-Dist: flashinfer_python[cu13]==…` in
/// `sglang-X.dist-info/METADATA`): 0.6.18 for 0.5.19–0.5.21, 0.7.1 for 0.5.22, 0.7.2 for 0.5.23.
/// SGLang checks `>=` the pin at start-up (`entrypoints/engine.py:1954@0.5.23`), so a launch runs
/// the pin unless the user upgraded it by hand.
fn pinned_flashinfer(v: SglangVersion) -> (u8, u8, u8) {
    if v <= SglangVersion::V0_5_21 {
        (0, 6, 18)
    } else if v <= SglangVersion::V0_5_22 {
        (0, 7, 1)
    } else {
        (0, 7, 2)
    }
}

/// Runs the kernel-stage checks.
pub fn known_kernel_failures(ctx: &Ctx, st: &mut State) {
    let hw = &ctx.hw;
    let major = hw.major();
    let cuda = hw.is_cuda();
    let (p, d) = (
        st.prefill().unwrap_or_default(),
        st.decode().unwrap_or_default(),
    );
    let base = st.cur.attention_backend.clone().unwrap_or_default();
    let kv = st.cur.kv_cache_dtype.clone();
    let mla = ctx.model.is_mla();

    if cuda && mla && p == "trtllm_mla" && (major == 11 || major == 12) {
        st.emit(ctx, &kr::TRTLLM_MLA_PREFILL, &[]);
    }
    if cuda && mla && d == "trtllm_mla" && major == 12 {
        let heads = ctx.model.num_attention_heads.unwrap_or(0) / ctx.attn_tp();
        if heads != 128 {
            st.emit(
                ctx,
                &kr::TRTLLM_MLA_XQA_HEADS,
                &[("heads", PyVal::Int(heads))],
            );
        }
    }
    if cuda && mla && d == "trtllm_mla" && major == 11 {
        st.emit(ctx, &kr::TRTLLM_MLA_DECODE_SM110, &[]);
    }
    // flashinfer's MLA wrapper with backend="auto" routes SM100 to native kernels from 0.7.1
    // (mla/_batch_mla/_auto_policy.py:78@0.7.1), SM103 from 0.7.2 (:50@0.7.2); before, FA2
    let fi = pinned_flashinfer(ctx.v);
    let fa2_fallback = match hw.sm() {
        100 => fi < (0, 7, 1),
        103 => fi < (0, 7, 2),
        _ => false,
    };
    if cuda && mla && d == "flashinfer" && fa2_fallback {
        st.emit(
            ctx,
            &kr::FLASHINFER_MLA_FA2_FALLBACK,
            &[("sm", PyVal::Int(i64::from(hw.sm())))],
        );
    }
    if cuda && !mla && !ctx.model.is_deepseek_dsa && hw.sm() == 89 && (p == "fa3" || d == "fa3") {
        st.emit(ctx, &kr::FA3_SM89, &[]);
    }
    let tokenspeed = [&*base, p.as_str(), d.as_str()].contains(&"tokenspeed_mla");
    if cuda && tokenspeed && (major == 11 || major == 12) && ctx.v <= SglangVersion::V0_5_22 {
        st.emit(ctx, &kr::TOKENSPEED_MLA_PREFILL_ARCH, &[]);
    }
    if cuda && mla && (base == "flashmla" || d == "flashmla") && major != 9 {
        st.emit(ctx, &kr::FLASHMLA_DENSE, &[]);
    }
    if cuda && d == "fa4" && matches!(kv.as_ref(), "fp8_e4m3" | "fp8_e5m2") && major != 10 {
        st.emit(ctx, &kr::FA4_FP8, &[]);
    }
    let uses_dsa = [&p, &d]
        .iter()
        .any(|b| b.as_str() == "dsa" || b.as_str() == "nsa");
    if ctx.model.is_deepseek_dsa && uses_dsa && cuda {
        let dp = st.cur.dsa_prefill_backend.clone().unwrap_or_default();
        let dd = st.cur.dsa_decode_backend.clone().unwrap_or_default();
        let sides = [dp.as_ref(), dd.as_ref()];
        if sides.contains(&"aiter") {
            st.emit(ctx, &kr::DSA_AITER_ON_CUDA, &[]);
        }
        if sides.contains(&"trtllm") && major != 10 {
            st.emit(ctx, &kr::DSA_TRTLLM, &[]);
        }
        if sides
            .iter()
            .any(|b| matches!(*b, "flashmla_sparse" | "flashmla_kv" | "flashmla_auto"))
            && major != 9
            && major != 10
        {
            st.emit(ctx, &kr::FLASHMLA_SPARSE, &[]);
        }
        if sides.contains(&"fa3") && major == 8 {
            st.emit(ctx, &kr::DSA_FA3_SM8X, &[]);
        } else if sides.contains(&"fa3") && major != 9 {
            st.emit(ctx, &kr::DSA_FA3, &[]);
        }
        if sides.contains(&"tilelang") && kv == "bfloat16" && major == 12 {
            st.emit(ctx, &kr::DSA_TILELANG_SMEM, &[]);
        }
        if (major == 8 || major == 11) && !ctx.env_true("SGLANG_FP8_PAGED_MQA_LOGITS_TORCH") {
            st.emit(ctx, &kr::DSA_INDEXER, &[]);
        }
    }
    let mut backends: Vec<&str> = vec![base.as_ref(), p.as_str(), d.as_str()];
    backends.dedup();
    if hw.is_hip() {
        if let Some(b) = backends.iter().find(|b| {
            matches!(
                **b,
                "flashinfer"
                    | "fa3"
                    | "fa4"
                    | "flashmla"
                    | "trtllm_mha"
                    | "trtllm_mla"
                    | "cutedsl_mla"
            )
        }) {
            st.emit(ctx, &kr::CUDA_ONLY_ON_ROCM, &[("backend", PyVal::s(*b))]);
        }
        if hw.is_rdna() && backends.contains(&"aiter") {
            let gfx = hw.gfx.unwrap_or_default();
            st.emit(ctx, &kr::AITER_ON_RDNA, &[("gfx", PyVal::Raw(gfx.into()))]);
        }
    } else if let Some(b) = backends.iter().find(|b| matches!(**b, "aiter" | "wave")) {
        st.emit(ctx, &kr::AMD_ONLY_ON_CUDA, &[("backend", PyVal::s(*b))]);
    }
}
