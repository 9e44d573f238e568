//! `handle_model_specific_adjustments` (`sglang/srt/arg_groups/model_hook.py@0.5.23`):
//! per-architecture override providers, the DSA KV dtype default and split-backend
//! resolution, DeepSeek-V4's forced settings, and per-architecture assertions.

use super::{Ctx, State};
use crate::domains::arch::Family;
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::{attention as ar, dsa, dsv4};

/// Runs the model step.
pub fn handle_model_specific_adjustments(ctx: &Ctx, st: &mut State) {
    override_providers(ctx, st);
    if ctx.arch.dsa {
        dsa_kv_cache_dtype(ctx, st);
        dsa_split_backend_resolution(ctx, st);
        check_dsa_backend_constraints(ctx, st);
    }
    if ctx.arch.family == Family::DeepseekV4 {
        deepseek_v4_kv_cache_dtype(ctx, st);
        deepseek_v4_attn_backend(ctx, st);
    }
    per_arch_asserts(ctx, st);
}

fn all_attention_unset(st: &State) -> bool {
    st.r.attention_backend.is_none()
        && st.r.prefill_attention_backend.is_none()
        && st.r.decode_attention_backend.is_none()
}

/// The per-architecture default providers (`arg_groups/model_overrides/*.py`).
fn override_providers(ctx: &Ctx, st: &mut State) {
    let hw = &ctx.hw;
    match ctx.arch.family {
        // model_overrides/deepseek_v2.py:99-188
        Family::DeepseekDsa | Family::DeepseekMla if ctx.arch.deepseek_family || ctx.arch.dsa => {
            if ctx.arch.dsa {
                if all_attention_unset(st) {
                    st.r.attention_backend = Some("dsa".into());
                    st.origin(
                        "attention_backend",
                        Origin::Rule(dsa::ATTN_DEFAULT_DSA.code.into()),
                    );
                    st.emit(ctx, &dsa::ATTN_DEFAULT_DSA, &[]);
                }
                if hw.is_cuda() || hw.is_hip() {
                    let page = 64 * ctx.arch.index_kpool as i64;
                    st.r.page_size = Some(page);
                    st.origin("page_size", Origin::Rule(dsa::PAGE_DSA.code.into()));
                    st.emit(ctx, &dsa::PAGE_DSA, &[("page_size", PyVal::Int(page))]);
                }
            } else if hw.is_sm100() && all_attention_unset(st) {
                st.r.attention_backend = Some("trtllm_mla".into());
                st.origin(
                    "attention_backend",
                    Origin::Rule(ar::DEFAULT_BACKEND.code.into()),
                );
            }
        }
        // model_overrides/deepseek_v4.py:19-89
        Family::DeepseekV4 => {
            st.r.attention_backend = Some("dsv4".into());
            st.r.page_size = Some(256);
            st.origin(
                "attention_backend",
                Origin::Rule(dsv4::ATTN_FORCED.code.into()),
            );
            st.origin("page_size", Origin::Rule(dsv4::ATTN_FORCED.code.into()));
            st.emit(
                ctx,
                &dsv4::ATTN_FORCED,
                &[
                    ("model_arch", PyVal::s(ctx.arch.name)),
                    ("page_size", PyVal::Int(256)),
                ],
            );
        }
        // model_overrides/gpt_oss.py:29-44
        Family::GptOss if all_attention_unset(st) => {
            let b = if hw.is_sm100() {
                "trtllm_mha"
            } else if hw.is_sm90() {
                "fa3"
            } else if hw.is_hip() {
                "aiter"
            } else {
                "triton"
            };
            st.r.attention_backend = Some(b.into());
            st.origin(
                "attention_backend",
                Origin::Rule(ar::DEFAULT_BACKEND.code.into()),
            );
        }
        // model_overrides/llama4.py:17-38
        Family::Llama4 if st.r.attention_backend.is_none() => {
            let b = if hw.is_sm100() {
                "trtllm_mha"
            } else if hw.is_sm90() {
                "fa3"
            } else if hw.is_hip() {
                "aiter"
            } else {
                "triton"
            };
            st.r.attention_backend = Some(b.into());
            st.origin(
                "attention_backend",
                Origin::Rule(ar::DEFAULT_BACKEND.code.into()),
            );
        }
        _ => {}
    }
}

/// `_dsa_kv_cache_dtype` (`arg_groups/overrides.py:491-547@0.5.23`).
fn dsa_kv_cache_dtype(ctx: &Ctx, st: &mut State) {
    let kv = st.r.kv_cache_dtype.clone().unwrap_or_else(|| "auto".into());
    if kv == "auto" && (st.r.dsa_prefill_backend.is_some() || st.r.dsa_decode_backend.is_some()) {
        st.emit(ctx, &dsa::KV_AUTO_WITH_DSA_BACKEND, &[]);
    }
    let resolved = match kv.as_str() {
        "auto" => {
            let v = if ctx.hw.major() >= 10 && !ctx.arch.learnable_sink {
                "fp8_e4m3"
            } else {
                "bfloat16"
            };
            st.origin(
                "kv_cache_dtype",
                Origin::Rule(dsa::KV_DEFAULT_DSA.code.into()),
            );
            st.emit(
                ctx,
                &dsa::KV_DEFAULT_DSA,
                &[
                    ("kv_cache_dtype", PyVal::s(v)),
                    ("major", PyVal::Int(ctx.hw.major() as i64)),
                ],
            );
            v.to_string()
        }
        "bf16" => "bfloat16".to_string(),
        other => other.to_string(),
    };
    st.r.kv_cache_dtype = Some(resolved.clone());
    if resolved != "bfloat16" && resolved != "fp8_e4m3" {
        st.emit(ctx, &dsa::KV_ALLOWED_DSA, &[]);
    }
}

/// `_dsa_split_backend_resolution` (`arg_groups/overrides.py:601-742@0.5.23`): fills only
/// the unset sides.
fn dsa_split_backend_resolution(ctx: &Ctx, st: &mut State) {
    if st.r.dsa_prefill_backend.is_some() && st.r.dsa_decode_backend.is_some() {
        return;
    }
    let kv = st.r.kv_cache_dtype.clone().unwrap_or_default();
    let major = ctx.hw.major();
    let glm_sm12_fp8 = ctx.arch.name == "GlmMoeDsaForCausalLM"
        && major == 12
        && kv == "fp8_e4m3"
        && !ctx.hw.is_hip();
    let (p, d, rule) = if glm_sm12_fp8 {
        (
            "flashinfer_sparse_mla",
            "flashinfer_sparse_mla",
            &dsa::SPLIT_DEFAULT_GLM_SM12,
        )
    } else if ctx.hw.is_hip() {
        ("triton", "triton", &dsa::SPLIT_DEFAULT)
    } else if kv == "fp8_e4m3" {
        let b = if major >= 10 { "trtllm" } else { "flashmla_kv" };
        (b, b, &dsa::SPLIT_DEFAULT)
    } else {
        (
            "flashmla_sparse",
            if major >= 10 { "trtllm" } else { "fa3" },
            &dsa::SPLIT_DEFAULT,
        )
    };
    if st.r.dsa_prefill_backend.is_none() {
        st.r.dsa_prefill_backend = Some(p.into());
        st.origin("dsa_prefill_backend", Origin::Rule(rule.code.into()));
    }
    if st.r.dsa_decode_backend.is_none() {
        st.r.dsa_decode_backend = Some(d.into());
        st.origin("dsa_decode_backend", Origin::Rule(rule.code.into()));
    }
    let args = [
        ("kv_cache_dtype", PyVal::s(kv)),
        ("prefill", PyVal::opt(st.r.dsa_prefill_backend.as_deref())),
        ("decode", PyVal::opt(st.r.dsa_decode_backend.as_deref())),
    ];
    st.emit(ctx, rule, &args);
}

/// `_check_dsa_backend_constraints` (`arg_groups/overrides.py:559-583@0.5.23`).
fn check_dsa_backend_constraints(ctx: &Ctx, st: &mut State) {
    if !dsa::TRITON_ROCM_ONLY.applies_to(ctx.v) {
        return;
    }
    let uses_triton = [&st.r.dsa_prefill_backend, &st.r.dsa_decode_backend]
        .iter()
        .any(|b| b.as_deref() == Some("triton"));
    if ctx.hw.is_cuda() && uses_triton {
        st.emit(ctx, &dsa::TRITON_ROCM_ONLY, &[]);
    }
}

/// `_deepseek_v4_kv_cache_dtype` (`arg_groups/overrides.py:892-914@0.5.23`).
fn deepseek_v4_kv_cache_dtype(ctx: &Ctx, st: &mut State) {
    let kv = st.r.kv_cache_dtype.clone().unwrap_or_else(|| "auto".into());
    if kv == "auto" {
        st.r.kv_cache_dtype = Some("fp8_e4m3".into());
        st.origin("kv_cache_dtype", Origin::Rule(dsv4::KV_DEFAULT.code.into()));
        st.emit(
            ctx,
            &dsv4::KV_DEFAULT,
            &[("model_arch", PyVal::s(ctx.arch.name))],
        );
    } else if kv != "fp8_e4m3" && kv != "bfloat16" {
        st.emit(
            ctx,
            &dsv4::KV_ALLOWED,
            &[
                ("kv_cache_dtype", PyVal::s(kv)),
                ("model_arch", PyVal::s(ctx.arch.name)),
            ],
        );
    }
}

/// `deepseek_v4_hook.py:45-60`: `--dsv4-attn-backend auto` → flashmla (flashmla_mega only for V4.1).
fn deepseek_v4_attn_backend(_ctx: &Ctx, st: &mut State) {
    if st.r.dsv4_attn_backend.as_deref() == Some("auto") {
        st.r.dsv4_attn_backend = Some("flashmla".into());
        st.origin("dsv4_attn_backend", Origin::Default);
    }
}

/// Per-architecture assertions at the end of `handle_model_specific_adjustments`.
fn per_arch_asserts(ctx: &Ctx, st: &mut State) {
    if ctx.arch.family == Family::GptOss {
        // model_hook.py:516-571: resolved split sides fall back to attention_backend.
        const OK: &[&str] = &[
            "triton",
            "trtllm_mha",
            "fa3",
            "fa4",
            "ascend",
            "intel_amx",
            "intel_xpu",
            "aiter",
        ];
        let p =
            st.r.prefill_attention_backend
                .clone()
                .or_else(|| st.r.attention_backend.clone());
        let d =
            st.r.decode_attention_backend
                .clone()
                .or_else(|| st.r.attention_backend.clone());
        let ok = |b: &Option<String>| b.as_deref().is_some_and(|b| OK.contains(&b));
        if !ok(&p) || !ok(&d) {
            st.emit(
                ctx,
                &ar::GPT_OSS_BACKENDS,
                &[
                    ("prefill", PyVal::opt(p.as_deref())),
                    ("decode", PyVal::opt(d.as_deref())),
                ],
            );
        }
    }
}
