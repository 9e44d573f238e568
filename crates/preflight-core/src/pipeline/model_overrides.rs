//! Per-model override providers of `arg_groups/model_overrides/*.py` that are ported whole here
//! (NemotronH), and the checks of others that the branches of `model::override_providers` and
//! `moe::model_moe_overrides` call: Qwen3-MoE's W4A16_NVFP4 layers, MiniMax-M3.1 NVFP4, Kimi-K3's
//! decode context parallelism and DeepSeek DSA's context-parallel asserts.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::{model as mr, model_overrides as mo};
use crate::version::SglangVersion;
use serde_json::Value;

fn step(st: &mut State, field: &'static str, step: &'static str) {
    st.origin(field, Origin::Step(step));
}

/// An environment flag as `EnvBool.get()` reads it (`environ.py`).
fn env_flag(ctx: &Ctx, name: &str) -> bool {
    ctx.env(name).is_some_and(|v| {
        matches!(
            v.trim().to_lowercase().as_str(),
            "1" | "true" | "yes" | "on"
        )
    })
}

/// `SGLANG_RAGGED_VERIFY_MODE` (`environ.py:1572@0.5.23`, `EnvStr("static")`).
fn ragged_verify_mode(ctx: &Ctx) -> String {
    ctx.env("SGLANG_RAGGED_VERIFY_MODE")
        .map(str::to_string)
        .unwrap_or_else(|| "static".into())
}

/// `hf_config.quantization_config` as the checkpoint's config.json gives it.
fn hf_quant_config<'a>(ctx: &'a Ctx) -> Option<&'a serde_json::Map<String, Value>> {
    ctx.model.hf.root.dict("quantization_config")
}

/// `hf_config.architectures[0]`.
fn model_arch(ctx: &Ctx) -> String {
    ctx.model
        .architectures
        .first()
        .cloned()
        .unwrap_or_else(|| ctx.arch().to_string())
}

const NH: &str = "_nemotron_h_overrides";

/// `_nemotron_h_overrides` (`model_overrides/nemotron_h.py:21-148@0.5.23`, `:21-123@0.5.19`):
/// the ModelOpt quantization rewrite and its `relu2` assert, the expert-remap checks (0.5.23),
/// the W4A16_NVFP4 MoE-layer refusals, the MoE runner default and, on Blackwell with every
/// attention-backend flag unset, the attention (and speculative draft) backends.
pub(super) fn nemotron_h_overrides(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    let hw = &ctx.hw;
    let arch = model_arch(ctx);
    let mq = super::model::model_config_quantization(ctx, st);
    let is_modelopt = matches!(
        mq.as_deref(),
        Some("modelopt" | "modelopt_fp8" | "modelopt_fp4" | "modelopt_mixed")
    );
    let qc = hf_quant_config(ctx);
    let mut quantization = st.cur.quantization.clone();
    if is_modelopt {
        // the text config for the Omni wrapper (0.5.20+), else the config itself; NemotronHConfig's
        // class default is relu2
        let lang = if v >= SglangVersion::V0_5_20 && arch == "NemotronH_Omni_Reasoning_V3" {
            ctx.model.hf.text()
        } else {
            &ctx.model.hf.root
        };
        if lang.str("mlp_hidden_act").unwrap_or("relu2") != "relu2" {
            return Err(st.raise(ctx, &mo::NEMOTRON_H_RELU2, &[]));
        }
        quantization = if mq.as_deref() == Some("modelopt") {
            let algo = qc
                .and_then(|q| q.get("quant_algo"))
                .and_then(Value::as_str)
                .unwrap_or("");
            Some(
                match algo {
                    "MIXED_PRECISION" => "modelopt_mixed",
                    "NVFP4" => "modelopt_fp4",
                    _ => "modelopt_fp8",
                }
                .into(),
            )
        } else {
            mq.clone().map(Into::into)
        };
        if quantization != st.cur.quantization {
            st.cur.quantization = quantization.clone();
            step(st, "quantization", NH);
        }
    }
    let c = &st.cur;
    let remap = v >= SglangVersion::V0_5_23
        && (c.enable_eplb || c.ep_num_redundant_experts > 0 || c.init_expert_location != "trivial");
    if remap {
        validate_expert_remap(ctx, st, &arch)?;
    }
    let w4a16 = is_modelopt
        && quantization.as_deref() == Some("modelopt_mixed")
        && qc
            .and_then(|q| q.get("quantized_layers"))
            .and_then(Value::as_object)
            .is_some_and(|layers| {
                layers.iter().any(|(name, info)| {
                    name.contains(".experts.")
                        && info.get("quant_algo").and_then(Value::as_str) == Some("W4A16_NVFP4")
                })
            });
    let runner = st.cur.moe_runner_backend.clone();
    let no_a2a = st.cur.moe_a2a_backend == "none";
    let auto = runner == "auto";
    let set_runner = |st: &mut State, b: &str| {
        st.cur.moe_runner_backend = b.to_string().into();
        step(st, "moe_runner_backend", NH);
    };
    if w4a16 {
        if !no_a2a {
            return Err(st.raise(ctx, &mo::NEMOTRON_H_W4A16_A2A, &[]));
        }
        if !matches!(runner.as_ref(), "auto" | "marlin") {
            return Err(st.raise(ctx, &mo::NEMOTRON_H_W4A16_RUNNER, &[]));
        }
        if auto {
            set_runner(st, "marlin");
        }
    } else if remap && auto && hw.is_sm100() && no_a2a {
        set_runner(st, "flashinfer_trtllm_routed");
    } else if (is_modelopt || mq.is_none()) && auto {
        if hw.is_sm100() && no_a2a {
            set_runner(st, "flashinfer_trtllm");
        } else if (matches!(mq.as_deref(), Some("modelopt_fp4" | "modelopt_mixed"))
            || quantization.as_deref() == Some("modelopt_fp4"))
            && hw.is_cuda()
            && (8..10).contains(&hw.major())
        {
            set_runner(st, "marlin");
        } else {
            set_runner(st, "flashinfer_cutlass");
        }
    }
    if hw.is_blackwell() && st.attention_unset() {
        let c = &st.cur;
        if let Some(alg) = c.speculative_algorithm.as_deref() {
            let alg = alg.to_uppercase();
            if hw.is_sm100() && matches!(c.speculative_eagle_topk, None | Some(1)) {
                let page_unset = c.page_size.is_none();
                let strategy_auto = c.mamba_radix_cache_strategy == "auto";
                let draft = c.speculative_draft_attention_backend.is_none()
                    && matches!(alg.as_str(), "EAGLE" | "NEXTN" | "DSPARK");
                st.cur.attention_backend = Some("trtllm_mha".into());
                step(st, "attention_backend", NH);
                if page_unset {
                    st.cur.page_size = Some(64);
                    step(st, "page_size", NH);
                }
                if strategy_auto {
                    st.cur.mamba_radix_cache_strategy = "extra_buffer".into();
                    step(st, "mamba_radix_cache_strategy", NH);
                }
                if draft {
                    st.cur.speculative_draft_attention_backend = Some("trtllm_mha".into());
                    step(st, "speculative_draft_attention_backend", NH);
                }
            } else {
                let draft = c.speculative_draft_attention_backend.is_none()
                    && matches!(alg.as_str(), "EAGLE" | "NEXTN" | "DFLASH" | "DSPARK");
                st.cur.attention_backend = Some("triton".into());
                step(st, "attention_backend", NH);
                if draft {
                    st.cur.speculative_draft_attention_backend = Some("flashinfer".into());
                    step(st, "speculative_draft_attention_backend", NH);
                }
            }
        } else if hw.is_sm100() {
            st.cur.attention_backend = Some("trtllm_mha".into());
            step(st, "attention_backend", NH);
        }
    }
    Ok(())
}

/// `_validate_expert_remap` (`model_overrides/nemotron_h.py:151-180@0.5.23`).
fn validate_expert_remap(ctx: &Ctx, st: &mut State, arch: &str) -> Step {
    let c = &st.cur;
    if c.moe_runner_backend == "flashinfer_trtllm" {
        return Err(st.raise(ctx, &mo::NEMOTRON_H_REMAP_TRTLLM, &[]));
    }
    if c.enable_eplb && c.moe_runner_backend == "flashinfer_cutedsl" && c.moe_a2a_backend == "none"
    {
        return Err(st.raise(ctx, &mo::NEMOTRON_H_REMAP_CUTEDSL, &[]));
    }
    if arch == "NemotronHPuzzleForCausalLM" {
        // a config without block_configs fails with an AttributeError there (not judged)
        let Some(blocks) = ctx
            .model
            .hf
            .root
            .get("block_configs")
            .and_then(Value::as_array)
        else {
            return Ok(());
        };
        let mut counts: Vec<i64> = blocks
            .iter()
            .filter(|b| b.get("block_type").and_then(Value::as_str) == Some("moe"))
            .filter_map(|b| b.get("n_routed_experts").and_then(Value::as_i64))
            .collect();
        counts.sort_unstable();
        counts.dedup();
        if counts.len() > 1 {
            let list = PyVal::List(counts.into_iter().map(PyVal::Int).collect());
            return Err(st.raise(
                ctx,
                &mo::NEMOTRON_H_PUZZLE_EXPERTS,
                &[("sorted(num_routed_experts)", list)],
            ));
        }
    }
    Ok(())
}

/// `_mixed_precision_moe_quant_algos` (`model_overrides/qwen3_moe.py:17-26@0.5.23`) holds
/// W4A16_NVFP4: the upper-cased `quant_algo` of the `*.experts` layers of a ModelOpt
/// MIXED_PRECISION config.
pub(super) fn qwen3_has_w4a16_moe_layers(ctx: &Ctx) -> bool {
    hf_quant_config(ctx)
        .and_then(|q| q.get("quantized_layers"))
        .and_then(Value::as_object)
        .is_some_and(|layers| {
            layers.iter().any(|(name, info)| {
                name.contains(".experts")
                    && info.is_object()
                    && info
                        .get("quant_algo")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_uppercase()
                        == "W4A16_NVFP4"
            })
        })
}

/// The W4A16_NVFP4 branch of `_qwen3_moe_family_overrides` (`qwen3_moe.py:52-75@0.5.23`, since
/// 0.5.20): marlin, or opted-in CuTe DSL; `auto` becomes marlin.
pub(super) fn qwen3_w4a16(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    let cutedsl = c.moe_runner_backend == "flashinfer_cutedsl"
        && matches!(c.moe_a2a_backend.as_ref(), "none" | "flashinfer")
        && env_flag(ctx, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16");
    if !matches!(c.moe_runner_backend.as_ref(), "auto" | "marlin") && !cutedsl {
        return Err(st.raise(ctx, &mo::QWEN3_MOE_W4A16_RUNNER, &[]));
    }
    if c.moe_runner_backend == "auto" {
        st.cur.moe_runner_backend = "marlin".into();
        step(st, "moe_runner_backend", "_qwen3_moe_family_overrides");
    }
    Ok(())
}

const M3: &str = "_minimax_m3_overrides";

/// `_resolve_quant_method` (`model_overrides/minimax_m3.py:18-34@0.5.23`): an mxfp8 config whose
/// MoE fields name NVFP4 packed experts is served as `minimax_m3_nvfp4` (0.5.23); before, the
/// config's `quant_method`.
fn minimax_m3_quant_method(ctx: &Ctx) -> Option<String> {
    let qc = hf_quant_config(ctx)?;
    let method = qc.get("quant_method").and_then(Value::as_str)?.to_string();
    if method != "mxfp8" || ctx.v < SglangVersion::V0_5_23 {
        return Some(method);
    }
    let algo = match qc.get("moe_quant_algo") {
        Some(Value::String(s)) => s.to_uppercase(),
        Some(Value::Null) => "NONE".into(),
        Some(x) => x.to_string().to_uppercase(),
        None => String::new(),
    };
    let format = qc.get("moe_quant_format").and_then(Value::as_str);
    if algo != "NVFP4" || format != Some("nvfp4-pack-quantized") {
        return Some(method);
    }
    Some("minimax_m3_nvfp4".into())
}

/// `_minimax_m3_overrides` (`model_overrides/minimax_m3.py:37-243@0.5.23`, `:21-150@0.5.19`): the
/// quantization, the M3.1 NVFP4 branch (0.5.23), then per platform the attention backend, page
/// size and MoE runner defaults, and BF16 weights' triton MoE runner. Its environment and
/// all-reduce writes on ROCm change no modelled field.
pub(super) fn minimax_m3_overrides(ctx: &Ctx, st: &mut State) -> Step {
    let hw = &ctx.hw;
    let quant = minimax_m3_quantization(ctx, st);
    if quant.as_deref() == Some("minimax_m3_nvfp4") {
        return minimax_m3_nvfp4(ctx, st);
    }
    let unset = st.attention_unset();
    let auto = st.cur.moe_runner_backend == "auto";
    let set = |st: &mut State, field: &'static str, b: &str| {
        match field {
            "attention_backend" => st.cur.attention_backend = Some(b.to_string().into()),
            _ => st.cur.moe_runner_backend = b.to_string().into(),
        }
        step(st, field, M3);
    };
    if hw.is_hip() {
        if unset {
            set(st, "attention_backend", "triton");
        }
        if auto && quant.as_deref() == Some("mxfp8") {
            set(st, "moe_runner_backend", "triton");
        }
    } else if hw.is_sm100() {
        if unset {
            let fp8 = st.cur.kv_cache_dtype == "fp8_e4m3"
                && !env_flag(ctx, "SGLANG_DISABLE_M3_FP8_ATTN_GEMM");
            set(
                st,
                "attention_backend",
                if fp8 { "trtllm_mha" } else { "fa4" },
            );
        }
        if st.cur.page_size.is_none()
            && matches!(
                st.cur.attention_backend.as_deref(),
                Some("fa4" | "trtllm_mha")
            )
        {
            st.cur.page_size = Some(128);
            step(st, "page_size", M3);
        }
        if auto && quant.as_deref() == Some("mxfp8") {
            set(st, "moe_runner_backend", "deep_gemm");
        } else if auto && quant.as_deref() == Some("modelopt_mixed") {
            set(st, "moe_runner_backend", "flashinfer_trtllm_routed");
        }
    } else if hw.is_sm90() {
        if unset {
            set(st, "attention_backend", "fa3");
        }
        if st.cur.page_size.is_none() && st.cur.attention_backend.as_deref() == Some("fa3") {
            st.cur.page_size = Some(128);
            step(st, "page_size", M3);
        }
    }
    if quant.is_none() && matches!(st.cur.moe_runner_backend.as_ref(), "auto" | "deep_gemm") {
        set(st, "moe_runner_backend", "triton");
    }
    Ok(())
}

/// The quantization `_minimax_m3_overrides` resolves (`minimax_m3.py:44-52@0.5.23`), declared
/// when the launch leaves it unset: `Some(q)` is `quant_resolved`.
fn minimax_m3_quantization(ctx: &Ctx, st: &mut State) -> Option<String> {
    let q = st.cur.quantization.clone();
    if q.is_none()
        && !st.quantization_explicitly_unset
        && let Some(m) = minimax_m3_quant_method(ctx)
    {
        st.cur.quantization = Some(m.clone().into());
        step(st, "quantization", M3);
        return Some(m);
    }
    q.map(Into::into)
}

/// The M3.1 NVFP4 branch of `_minimax_m3_overrides` (`minimax_m3.py:54-137@0.5.23`).
fn minimax_m3_nvfp4(ctx: &Ctx, st: &mut State) -> Step {
    let hw = &ctx.hw;
    let c = &st.cur;
    let alg = c.speculative_algorithm.clone();
    if !matches!(alg.as_deref(), None | Some("DSPARK" | "DFLASH")) {
        return Err(st.raise(ctx, &mo::M3_SPEC_ALGO, &[]));
    }
    if let Some(a) = alg.as_deref() {
        let algorithm = [("algorithm", PyVal::Raw(a.to_string()))];
        let arch = model_arch(ctx);
        if arch != "MiniMaxM3SparseForConditionalGeneration" {
            return Err(st.raise(
                ctx,
                &mo::M3_SPEC_ARCH,
                &[
                    ("algorithm", PyVal::Raw(a.to_string())),
                    ("hf_config.architectures[0]", PyVal::Raw(arch)),
                ],
            ));
        }
        if !hw.is_blackwell() {
            return Err(st.raise(ctx, &mo::M3_SPEC_BLACKWELL, &algorithm));
        }
        if ragged_verify_mode(ctx) != "static" {
            return Err(st.raise(ctx, &mo::M3_SPEC_RAGGED, &algorithm));
        }
        if c.pp_size != 1 {
            return Err(st.raise(ctx, &mo::M3_SPEC_PP, &algorithm));
        }
        if a == "DFLASH" && c.disaggregation_mode != "null" {
            return Err(st.raise(ctx, &mo::M3_DFLASH_PD, &[]));
        }
        if matches!(
            c.speculative_draft_kv_cache_dtype.as_deref(),
            None | Some("auto")
        ) {
            st.cur.speculative_draft_kv_cache_dtype = Some("bf16".into());
            step(st, "speculative_draft_kv_cache_dtype", M3);
        }
        if a == "DSPARK" && st.cur.speculative_draft_attention_backend.is_none() {
            st.cur.speculative_draft_attention_backend = Some("trtllm_mha".into());
            step(st, "speculative_draft_attention_backend", M3);
        }
    }
    if !matches!(st.cur.page_size, None | Some(128)) {
        return Err(st.raise(ctx, &mo::M3_PAGE, &[]));
    }
    let unset = st.attention_unset();
    if !hw.is_blackwell() {
        st.cur.page_size = Some(128);
        step(st, "page_size", M3);
        if st.cur.moe_runner_backend == "auto" {
            st.cur.moe_runner_backend = "marlin".into();
            step(st, "moe_runner_backend", M3);
        }
        if unset {
            st.cur.attention_backend = Some("fa3".into());
            step(st, "attention_backend", M3);
        }
        return Ok(());
    }
    let a2a_ok = matches!(st.cur.moe_a2a_backend.as_ref(), "none" | "megamoe");
    if st.cur.moe_runner_backend == "flashinfer_trtllm_routed" {
        if !a2a_ok {
            return Err(st.raise(ctx, &mo::M3_ROUTED_A2A, &[]));
        }
    } else {
        if !a2a_ok {
            return Err(st.raise(ctx, &mo::M3_A2A, &[]));
        }
        st.cur.moe_a2a_backend = "megamoe".into();
        step(st, "moe_a2a_backend", M3);
        if st.cur.moe_runner_backend == "auto" {
            st.cur.moe_runner_backend = "deep_gemm".into();
            step(st, "moe_runner_backend", M3);
        }
    }
    st.cur.page_size = Some(128);
    step(st, "page_size", M3);
    if st.cur.kv_cache_dtype == "auto" {
        st.cur.kv_cache_dtype = "fp8_e4m3".into();
        step(st, "kv_cache_dtype", M3);
    } else if st.cur.kv_cache_dtype != "fp8_e4m3" {
        return Err(st.raise(ctx, &mo::M3_KV, &[]));
    }
    if unset {
        st.cur.attention_backend = Some("trtllm_mha".into());
        step(st, "attention_backend", M3);
    }
    Ok(())
}

/// The refusals of `_kimi_k3_overrides` under decode context parallelism
/// (`model_overrides/kimi_k3.py:51-112@0.5.23`, `:47-107@0.5.19`): DSPARK's ragged-verify mode
/// and the decode attention backend, then the DCP prefill / decode backends. Its other
/// declarations (symmetric memory, the replicated Q projection, the verify mode, 0.5.19's DCP
/// communication backend, the SM100 defaults without DCP) and the FlashInfer / aiter kernel
/// probes are not modelled.
pub(super) fn kimi_k3_dcp_checks(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    let c = &st.cur;
    if c.dcp_size <= 1 {
        return Ok(());
    }
    if c.speculative_algorithm.as_deref() == Some("DSPARK") {
        let mode = ragged_verify_mode(ctx);
        // another value fails read_ragged_verify_mode's own check (not modelled)
        if matches!(mode.as_str(), "cap-accept" | "compact") {
            return Err(st.raise(
                ctx,
                &mo::KIMI_K3_DCP_RAGGED,
                &[("ragged_mode.value", PyVal::s(mode))],
            ));
        }
    }
    // attention_backends_of: the decode flag, else the base backend
    let decode = c
        .decode_attention_backend
        .clone()
        .or(c.attention_backend.clone());
    let ok = match decode.as_deref() {
        None | Some("cutedsl_mla") => true,
        Some("tokenspeed_mla") => v <= SglangVersion::V0_5_22,
        Some("aiter") => v >= SglangVersion::V0_5_20,
        Some(_) => false,
    };
    if !ok {
        return Err(st.raise(
            ctx,
            &mo::KIMI_K3_DCP_DECODE,
            &[("decode_backend", PyVal::opt(decode.as_deref()))],
        ));
    }
    // the DCP backends (the FlashInfer / aiter kernel probes taken as passing)
    let prefill = c
        .prefill_attention_backend
        .clone()
        .or(c.attention_backend.clone());
    let (p, d) = match decode.as_deref() {
        None | Some("cutedsl_mla") => ("trtllm_mla", "cutedsl_mla"),
        Some("tokenspeed_mla") => {
            st.cur.kv_cache_dtype = "fp8_e4m3".into();
            step(st, "kv_cache_dtype", "_kimi_k3_overrides");
            ("tokenspeed_mla", "tokenspeed_mla")
        }
        _ => (
            if prefill.as_deref() == Some("triton") {
                "triton"
            } else {
                "aiter"
            },
            "aiter",
        ),
    };
    st.cur.prefill_attention_backend = Some(p.into());
    st.cur.decode_attention_backend = Some(d.into());
    step(st, "prefill_attention_backend", "_kimi_k3_overrides");
    step(st, "decode_attention_backend", "_kimi_k3_overrides");
    Ok(())
}

/// The asserts of DeepSeek DSA prefill context parallelism (`_deepseek_family_overrides`,
/// `model_overrides/deepseek_v2.py:105-125@0.5.23`, `:47-67@0.5.19`): up to 0.5.21 an
/// interleaved layout asserts `--dp-size 1`; 0.5.22+ read the attention-DP width through
/// `context_parallel_attn_dp_size`; every release asserts a single machine. Its layout
/// declarations are not modelled here.
pub(super) fn dsa_prefill_cp_asserts(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if !c.enable_prefill_cp {
        return Ok(());
    }
    if ctx.v <= SglangVersion::V0_5_21 {
        if c.cp_strategy.as_deref() != Some("zigzag") && c.dp_size != 1 {
            return Err(st.raise(ctx, &mo::DSA_CP_DP_ATTN, &[]));
        }
    } else if c.attn_dp_size > 1 && c.dp_size > 1 {
        let (dp, a) = (c.dp_size, c.attn_dp_size);
        return Err(st.raise(
            ctx,
            &mr::CP_DP_REPLICAS,
            &[
                ("cfg.dp_size", PyVal::Int(dp)),
                ("cfg.attn_dp_size", PyVal::Int(a)),
            ],
        ));
    }
    if st.cur.tp_size > 8 {
        return Err(st.raise(ctx, &mo::DSA_CP_SINGLE_NODE, &[]));
    }
    Ok(())
}

/// The pooled-index refusal of `_deepseek_family_overrides` (`deepseek_v2.py:162-168@0.5.23`,
/// since 0.5.22).
pub(super) fn dsa_kpool_dcp(ctx: &Ctx, st: &mut State) -> Step {
    let k = ctx.model.index_kpool;
    if ctx.v >= SglangVersion::V0_5_22 && k > 1 && st.cur.dcp_size > 1 {
        return Err(st.raise(ctx, &mo::DSA_KPOOL_DCP, &[("index_kpool", PyVal::Int(k))]));
    }
    Ok(())
}

/// `Scheduler.init_model_config` (`managers/scheduler.py`, start-up): `ModelConfig` built from the
/// resolved arguments re-runs `_verify_quantization`'s ROCm check
/// (`configs/model_config.py:2157@0.5.23`) on the quantization a provider declared. Only a
/// declaration can differ from what the model hook verified: MiniMax-M3.1 NVFP4 (0.5.23).
pub(super) fn scheduler_init_model_config(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < SglangVersion::V0_5_23 || !ctx.hw.is_hip() {
        return Ok(());
    }
    if let Some(q) = st.cur.quantization.clone()
        && q == "minimax_m3_nvfp4"
        && !super::model::QUANT_ROCM.contains(&q.as_ref())
    {
        return Err(st.raise(
            ctx,
            &mo::ROCM_QUANT_STARTUP,
            &[("quantization", PyVal::s(q))],
        ));
    }
    Ok(())
}

/// `validate_prefill_cp_platform` (`arg_groups/parallel_hook.py:620-630@0.5.20`,
/// `:686-694@0.5.21`; run at `pipeline.py:119@0.5.20`, before the model path is resolved): prefill
/// CP on ROCm is refused in 0.5.20 and 0.5.21 (0.5.22+ refuse only MUSA, not modelled).
pub(super) fn validate_prefill_cp_platform(ctx: &Ctx, st: &mut State) -> Step {
    let v = ctx.v;
    if (SglangVersion::V0_5_20..=SglangVersion::V0_5_21).contains(&v)
        && st.cur.enable_prefill_cp
        && ctx.hw.is_hip()
    {
        return Err(st.raise(ctx, &mo::PREFILL_CP_HIP_V20, &[]));
    }
    Ok(())
}
