//! `handle_model_specific_adjustments` (`sglang/srt/arg_groups/model_hook.py:140-748@0.5.23`),
//! in its order: quantization check (ModelConfig), override providers (all evaluated on the
//! same pre-provider state), DeepSeek-V4 defaults, the DeepSeek/DSA branch (DSA KV dtype and
//! split backends), per-architecture asserts, Mamba radix-cache strategy.

use super::{Ctx, State, Step};
use crate::model::archs::lists;
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::{attention as ar, dsa, dsv4, linear as lr, model as mr};
use crate::version::SglangVersion;

/// `model_arch in _DEEPSEEK_FAMILY_ARCHS` (`overrides.py`): the DeepSeek override providers
/// (`model_overrides/deepseek_v2.py`) are registered for these.
fn in_deepseek_family(ctx: &Ctx) -> bool {
    lists::DEEPSEEK_FAMILY_ARCHS.contains(ctx.v, ctx.arch())
}

/// The DeepSeek branch of `handle_model_specific_adjustments` (`model_hook.py:267@0.5.23`).
fn in_deepseek_branch(ctx: &Ctx) -> bool {
    lists::HOOK_DEEPSEEK_BRANCH.contains(ctx.v, ctx.arch())
}

/// `QUANTIZATION_METHODS` keys in registration order (`layers/quantization/__init__.py:63-104@0.5.23`).
const QUANT_BASE: &[&str] = &[
    "fp8",
    "mxfp8",
    "minimax_m3_nvfp4",
    "blockwise_int8",
    "modelopt",
    "modelopt_fp8",
    "modelopt_fp4",
    "nvfp4_online",
    "modelopt_mixed",
    "w8a8_int8",
    "w8a8_fp8",
    "awq",
    "awq_marlin",
    "bitsandbytes",
    "gguf",
    "gptq_marlin",
    "moe_wna16",
    "compressed-tensors",
    "w4afp8",
    "petit_nvfp4",
    "quark",
    "quark_mxfp4",
    "auto-round",
    "auto-round-int8",
    "modelslim",
    "quark_int4fp8_moe",
    "humming",
    "mxfp_w4a8",
];
/// `rocm_supported_quantization` (`configs/model_config.py:2002-2016@0.5.23`).
pub(super) const QUANT_ROCM: &[&str] = &[
    "awq",
    "fp8",
    "compressed_tensors",
    "compressed-tensors",
    "w8a8_fp8",
    "petit_nvfp4",
    "quark",
    "mxfp4",
    "mxfp8",
    "auto-round",
    "auto-round-int8",
    "quark_int4fp8_moe",
    "quark_mxfp4",
];

/// Runs the model step.
pub fn handle_model_specific_adjustments(ctx: &Ctx, st: &mut State) -> Step {
    verify_quantization(ctx, st)?;
    early_model_checks(ctx, st)?;
    override_providers(ctx, st)?;
    if lists::HOOK_DEEPSEEK_V4.contains(ctx.v, ctx.arch()) {
        apply_deepseek_v4_defaults(ctx, st)?;
    }
    if in_deepseek_branch(ctx) && ctx.model.is_deepseek_dsa {
        let topk = ctx.model.index_topk.unwrap_or_default();
        st.emit(
            ctx,
            &dsa::DENSE_THRESHOLD,
            &[("index_topk", PyVal::Int(topk))],
        );
        validate_dsa_tbo_index_sharing(ctx, st)?;
        dsa_kv_cache_dtype_default(ctx, st)?;
        dsa_split_backend_resolution(ctx, st)?;
        dsa_cp_checks(ctx, st)?;
    } else if lists::HOOK_DEEPSEEK_V4.contains(ctx.v, ctx.arch()) {
        // the DeepSeek-V4 arm of the DeepSeek branch (model_hook.py:470-480@0.5.23,
        // :436-442@0.5.21, :329-333@0.5.19)
        validate_deepseek_v41_features(ctx, st)?;
        validate_deepseek_v4_cp(ctx, st)?;
        if ctx.v <= SglangVersion::V0_5_20 {
            super::moe::validate_deepseek_v4_mega_moe_token_budget(ctx, st)?;
        }
    }
    super::moe::model_moe_overrides(ctx, st)?;
    per_arch_asserts(ctx, st)?;
    handle_mamba_radix_cache(ctx, st)
}

/// The checks at the head of `handle_model_specific_adjustments`, before the override providers
/// (`model_hook.py:168-204@0.5.23`, `:74-104@0.5.19`): Intern-S2-Mobius's parallelism, the DSA
/// cache layer split on a model without DSA, and `--enable-cp-decode-attn-tp`'s architectures.
/// The NPU decode-CP refusal before them (0.5.22+) is not modelled (`rules::model::UNMODELLED`).
fn early_model_checks(ctx: &Ctx, st: &mut State) -> Step {
    let (v, arch) = (ctx.v, ctx.arch());
    if lists::HOOK_INTERN_S2_MOBIUS.contains(v, arch) {
        let mut unsupported = Vec::new();
        if st.cur.pp_size != 1 {
            unsupported.push("pipeline parallelism (--pp-size must be 1)");
        }
        if st.cur.ep_size != 1 {
            unsupported.push("expert parallelism (--ep-size must be 1)");
        }
        if !unsupported.is_empty() {
            let joined = PyVal::s(unsupported.join("; "));
            return Err(st.raise(
                ctx,
                &mr::INTERN_S2_MOBIUS_PARALLEL,
                &[("\"; \".join(unsupported)", joined)],
            ));
        }
    }
    if st.cur.enable_dsa_cache_layer_split && !ctx.model.is_deepseek_dsa {
        return Err(st.raise(ctx, &mr::DSA_LAYER_SPLIT_NOT_DSA, &[]));
    }
    if st.cur.enable_cp_decode_attn_tp
        && !lists::CP_DECODE_ATTN_TP_SUPPORTED_ARCHS.contains(v, arch)
    {
        let mut names: Vec<&str> = lists::CP_DECODE_ATTN_TP_SUPPORTED_ARCHS.names(v).to_vec();
        names.sort_unstable();
        let sorted = PyVal::List(names.into_iter().map(PyVal::s).collect());
        return Err(st.raise(
            ctx,
            &mr::CP_DECODE_ATTN_TP_ARCH,
            &[
                ("model_arch", PyVal::s(arch)),
                ("sorted(CP_DECODE_ATTN_TP_SUPPORTED_ARCHS)", sorted),
            ],
        ));
    }
    Ok(())
}

/// `_validate_dsa_tbo_index_sharing` (`model_hook.py:55-75@0.5.23`; inline at `:172-184@0.5.19`,
/// without `indexer_types`): the config's `getattr`s, as Python compares them.
fn validate_dsa_tbo_index_sharing(ctx: &Ctx, st: &mut State) -> Step {
    use serde_json::Value;
    if !st.cur.enable_two_batch_overlap {
        return Ok(());
    }
    let root = &ctx.model.hf.root;
    let present = |k: &str| root.get(k).filter(|x| !x.is_null());
    // `getattr(hf_config, "index_topk_freq", 1) or 1`
    let freq = present("index_topk_freq")
        .filter(|x| crate::model::hf::truthy(x))
        .cloned()
        .unwrap_or(Value::from(1));
    let freq_gt_1 = freq.as_f64().is_some_and(|f| f > 1.0);
    // `"S" in x` / `"shared" in x`: a substring of a str, an element of a list
    let has = |x: Option<&Value>, what: &str| match x {
        Some(Value::String(t)) => t.contains(what),
        Some(Value::Array(a)) => a.iter().any(|e| e.as_str() == Some(what)),
        Some(Value::Object(o)) => o.contains_key(what),
        _ => false,
    };
    let pattern = present("index_topk_pattern");
    let types = if ctx.v >= SglangVersion::V0_5_20 {
        present("indexer_types")
    } else {
        None
    };
    if freq_gt_1 || has(pattern, "S") || has(types, "shared") {
        let val = |x: Option<&Value>| x.map(PyVal::from_json).unwrap_or(PyVal::None);
        return Err(st.raise(
            ctx,
            &mr::DSA_TBO_INDEX_SHARING,
            &[
                ("index_topk_freq", PyVal::from_json(&freq)),
                ("index_topk_pattern", val(pattern)),
                ("indexer_types", val(types)),
            ],
        ));
    }
    Ok(())
}

/// The prefill-CP assert and the DSA cache layer split checks that close the DSA arm of the
/// DeepSeek branch (`model_hook.py:360-408@0.5.23`, `:219-268@0.5.19`), on every platform.
fn dsa_cp_checks(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if c.enable_prefill_cp && c.disaggregation_mode == "decode" {
        return Err(st.raise(ctx, &mr::DSA_PREFILL_CP_DECODE, &[]));
    }
    if !c.enable_dsa_cache_layer_split {
        return Ok(());
    }
    if c.disaggregation_mode != "prefill" {
        if c.disaggregation_mode == "decode" {
            return Err(st.raise(ctx, &mr::DSA_LAYER_SPLIT_DECODE, &[]));
        }
        return Err(st.raise(ctx, &mr::DSA_LAYER_SPLIT_NON_PD, &[]));
    }
    if !c.enable_prefill_cp || c.cp_strategy.as_deref() != Some("interleave") {
        return Err(st.raise(ctx, &mr::DSA_LAYER_SPLIT_CP, &[]));
    }
    if c.disaggregation_transfer_backend != "mooncake" {
        let b = PyVal::s(&c.disaggregation_transfer_backend);
        return Err(st.raise(
            ctx,
            &mr::DSA_LAYER_SPLIT_MOONCAKE,
            &[("cfg.disaggregation_transfer_backend", b)],
        ));
    }
    if c.pp_size > 1 {
        return Err(st.raise(ctx, &mr::DSA_LAYER_SPLIT_PP, &[]));
    }
    Ok(())
}

/// `get_hf_text_config`'s bare assert (`utils/hf_transformers/common.py:605@0.5.23`), raised
/// where SGLang first loads the config (`get_config`, `utils/hf_transformers/config.py:258`):
/// from 0.5.23 `apply_muse_spark_env_defaults` (`arg_groups/muse_spark_hook.py:43`, right after
/// the early validations); up to 0.5.22 the first `model_config_of` (see
/// `validation::derive_context_length`).
pub fn text_config_assert(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.model.text_config_assert {
        return Err(st.raise(ctx, &mr::TEXT_CONFIG_ASSERT, &[]));
    }
    Ok(())
}

/// `ModelConfig._verify_quantization` (`configs/model_config.py:2000-2160@0.5.23`), reached when
/// the model hook builds the model config.
fn verify_quantization(ctx: &Ctx, st: &mut State) -> Step {
    // `self.quantization.lower()` (model_config.py:2060@0.5.23); the resolving view:
    // `--quantization unquant` is `None` by now (handle_missing_default_values)
    let mut q: Option<String> = st.cur.quantization.as_ref().map(|u| u.to_lowercase());
    if let Some(qc) = ctx.model.hf_quant_config.as_ref() {
        // `quant_cfg.get("quant_method", "" if not self.quantization else self.quantization)
        // .lower()` (:2080)
        let mut quant_method = match qc.get("quant_method") {
            Some(m) => m.as_str().unwrap_or("").to_lowercase(),
            None => q.clone().unwrap_or_default(),
        };
        // the per-method `override_quantization_method` hooks, in QUANTIZATION_METHODS order,
        // unless an online requantization was asked for (:2093-2103)
        if q.as_deref() != Some("quark_mxfp4")
            && let Some(o) = quantization_override(ctx, qc, q.as_deref())
        {
            quant_method = o.to_string();
            q = Some(o.to_string());
        }
        match q.as_deref() {
            None => q = Some(quant_method.clone()),
            Some(user) if user != quant_method => {
                // compatible_quantization_methods (:2044-2057@0.5.23; minimax_m3_nvfp4 since 0.5.23)
                let compatible: &[&str] = match user {
                    "modelopt_fp8" | "modelopt_mixed" | "petit_nvfp4" => &["modelopt"],
                    "modelopt_fp4" => &["modelopt", "fp8"],
                    "nvfp4_online" => &["fp8", "modelopt_fp8"],
                    "minimax_m3_nvfp4" if ctx.v >= SglangVersion::V0_5_23 => &["mxfp8"],
                    "w8a8_int8" | "w8a8_fp8" | "auto-round-int8" => {
                        &["compressed-tensors", "compressed_tensors"]
                    }
                    _ => &[],
                };
                if !compatible.contains(&quant_method.as_str()) && user != "quark_mxfp4" {
                    return Err(st.raise(
                        ctx,
                        &mr::QUANT_MISMATCH,
                        &[
                            ("quant_method", PyVal::s(quant_method)),
                            ("quantization", PyVal::s(user)),
                        ],
                    ));
                }
            }
            Some(_) => {}
        }
    }
    let Some(q) = q else { return Ok(()) };
    // the registry differs per release: `gptq` is a base method up to 0.5.19
    // (`layers/quantization/__init__.py:94@0.5.19`), `minimax_m3_nvfp4` exists from 0.5.23
    let mut supported: Vec<&str> = QUANT_BASE
        .iter()
        .copied()
        .filter(|m| *m != "minimax_m3_nvfp4" || ctx.v >= SglangVersion::V0_5_23)
        .collect();
    if ctx.v <= SglangVersion::V0_5_19 {
        let at = supported
            .iter()
            .position(|m| *m == "gptq_marlin")
            .unwrap_or(supported.len());
        supported.insert(at, "gptq");
    }
    if ctx.hw.is_cuda() || ctx.hw.is_gfx95() {
        supported.push("mxfp4");
    }
    // `rocm_supported_quantization` lists `gptq` up to 0.5.19 (model_config.py@0.5.19)
    let rocm_ok =
        QUANT_ROCM.contains(&q.as_str()) || (ctx.v <= SglangVersion::V0_5_19 && q == "gptq");
    if !supported.contains(&q.as_str()) {
        let list = PyVal::List(supported.iter().map(|s| PyVal::s(*s)).collect());
        return Err(st.raise(
            ctx,
            &mr::UNKNOWN_QUANT,
            &[("quantization", PyVal::s(q)), ("supported", list)],
        ));
    } else if ctx.hw.is_hip() && !rocm_ok {
        return Err(st.raise(ctx, &mr::ROCM_QUANT, &[("quantization", PyVal::s(q))]));
    }
    Ok(())
}

/// `model_config.quantization` as `_verify_quantization` leaves it (`configs/model_config.py:
/// 2060-2110@0.5.23`), for a launch it accepted: the per-method override, else the launch's
/// `--quantization`, else the checkpoint's `quant_method`.
pub(super) fn model_config_quantization(ctx: &Ctx, st: &State) -> Option<String> {
    let q: Option<String> = st.cur.quantization.as_ref().map(|u| u.to_lowercase());
    let Some(qc) = ctx.model.hf_quant_config.as_ref() else {
        return q;
    };
    if q.as_deref() != Some("quark_mxfp4")
        && let Some(o) = quantization_override(ctx, qc, q.as_deref())
    {
        return Some(o.to_string());
    }
    q.or_else(|| {
        Some(
            qc.get("quant_method")
                .and_then(serde_json::Value::as_str)
                .unwrap_or("")
                .to_lowercase(),
        )
    })
}

/// The first non-`None` `override_quantization_method(quant_cfg, user_quant)` of the classes of
/// `QUANTIZATION_METHODS`, in its order (`layers/quantization/__init__.py:63-104@0.5.23`; the
/// same hooks in every modelled release). The classes that override it: ModelOpt FP8/FP4
/// (`base_config.py:223-254` `_modelopt_override_quantization_method`), ModelOpt mixed
/// (`modelopt_quant.py:830`), AWQ-Marlin (`awq/awq.py:333`), GPTQ-Marlin (`gptq/gptq.py:414`),
/// MoE-WNA16 (`moe_wna16.py:164`), Petit NVFP4 (`petit.py:101`) and Humming (`humming.py:503`);
/// every other class inherits `QuantizationConfig`'s `None`.
fn quantization_override(
    ctx: &Ctx,
    qc: &serde_json::Map<String, serde_json::Value>,
    user: Option<&str>,
) -> Option<&'static str> {
    use serde_json::Value;
    let method_raw = qc.get("quant_method").and_then(Value::as_str).unwrap_or("");
    let method = method_raw.to_lowercase();
    let present = |k: &str| qc.get(k).is_some_and(|x| !x.is_null());
    let num = |k: &str| qc.get(k).and_then(Value::as_f64);
    let truthy = |k: &str| qc.get(k).is_some_and(crate::model::hf::truthy);
    // `check_marlin_supported` (`marlin_utils.py:142-149`, `_check_marlin_supported` :97-139):
    // compute capability ≥ 80 and a group size in MARLIN_SUPPORTED_GROUP_SIZES
    let marlin_group = || {
        ctx.hw.sm() >= 80
            && num("group_size").is_some_and(|g| [-1.0, 32.0, 64.0, 128.0].contains(&g))
    };
    // ModelOpt (base_config.py:223-254@0.5.23)
    if user != Some("nvfp4_online") {
        if user == Some("modelopt") {
            let algo = qc
                .get("quant_algo")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_uppercase();
            // canonicalize_modelopt_quant_algo (layers/modelopt_utils.py:23-45)
            let canonical = match algo.as_str() {
                "FP8" => Some("modelopt_fp8"),
                "MXFP8" => Some("mxfp8"),
                "FP4" | "NVFP4" | "NVFP4_AWQ" | "W4A16_NVFP4" => Some("modelopt_fp4"),
                _ => None,
            };
            if canonical.is_some() {
                return canonical;
            }
        }
        match method_raw {
            "modelopt_fp8" => return Some("modelopt_fp8"),
            "modelopt_fp4" => return Some("modelopt_fp4"),
            _ => {}
        }
    }
    // ModelOptMixedPrecisionConfig (modelopt_quant.py:830-835@0.5.23)
    if method_raw == "modelopt_mixed" {
        return Some("modelopt_mixed");
    }
    // AWQMarlinConfig (awq/awq.py:333-351, is_awq_marlin_compatible :402-424@0.5.23): CUDA,
    // 4-bit with zero points (Marlin's only zero-point type is uint4)
    let awq_marlin = ctx.hw.is_cuda()
        && method == "awq"
        && present("bits")
        && present("group_size")
        && present("zero_point")
        && num("bits") == Some(4.0)
        && truthy("zero_point")
        && marlin_group();
    if awq_marlin && matches!(user, None | Some("marlin") | Some("awq_marlin")) {
        return Some("awq_marlin");
    }
    // GPTQMarlinConfig (gptq/gptq.py:414-437, check_marlin_format :44-49,
    // is_gptq_marlin_compatible :459-482@0.5.23): symmetric 4- or 8-bit, not already in
    // Marlin format
    let marlin_format = qc.get("checkpoint_format").and_then(Value::as_str) == Some("marlin")
        || truthy("is_marlin_format");
    let sym_true = matches!(qc.get("sym"), Some(Value::Bool(true)))
        || qc.get("sym").and_then(Value::as_f64) == Some(1.0);
    let gptq_marlin = method == "gptq"
        && present("bits")
        && present("group_size")
        && present("sym")
        && present("desc_act")
        && sym_true
        && num("bits").is_some_and(|b| b == 4.0 || b == 8.0)
        && marlin_group();
    if !marlin_format && gptq_marlin && matches!(user, None | Some("marlin") | Some("gptq_marlin"))
    {
        return Some("gptq_marlin");
    }
    // MoeWNA16Config (moe_wna16.py:164-191@0.5.23)
    if user == Some("moe_wna16") {
        let bits = num("bits");
        let gptq =
            method == "gptq" && !truthy("desc_act") && bits.is_some_and(|b| b == 4.0 || b == 8.0);
        let awq = method == "awq" && bits == Some(4.0) && ctx.hw.sm() >= 75;
        if gptq || awq {
            return Some("moe_wna16");
        }
    }
    // PetitNvFp4Config (petit.py:101-110@0.5.23)
    if ctx.hw.is_hip() && method == "modelopt" {
        return Some("petit_nvfp4");
    }
    // HummingConfig (humming.py:503-508@0.5.23)
    if method_raw != "mxfp4" && user == Some("humming") {
        return Some("humming");
    }
    None
}

/// `aiter_can_use_preshuffle_paged_mqa()` (`layers/attention/dsa/utils.py:34-70`): needs
/// `SGLANG_USE_AITER` and either `AITER_ENABLE_AOT_GLUON_PA_MQA_LOGITS` or Triton ≥ 3.5. The
/// Triton version is not an input; like the oracle's ROCm environment, it is taken as < 3.5.
fn aiter_preshuffle(ctx: &Ctx) -> bool {
    ctx.hw.is_hip()
        && ctx.env_true("SGLANG_USE_AITER")
        && !ctx.env_true("SGLANG_DSA_HIP_DISABLE_PRESHUFFLE")
        && ctx.env_true("AITER_ENABLE_AOT_GLUON_PA_MQA_LOGITS")
}

/// The per-architecture providers (`model_overrides/*.py`). Each sees the state from before
/// any provider ran (`collect_model_override_declarations`, `overrides.py:277-302`).
///
/// Not ported yet (0.5.23), all MoE-runner, GEMM-runner or switch defaults that no modelled
/// check reads: `bailing_moe_v3.py` (flashinfer_mxfp4 for mixed FP8/MXFP4 checkpoints),
/// `cohere2_moe.py` and `minimax_m2.py` (flashinfer_trtllm runners on SM100, MiniMax-M2's TF32),
/// `gigachat35.py` and `mimo_v2.py`'s multi-layer EAGLE and MoE-runner defaults (MiMo-V2's fa4
/// default on SM100 is what the generic default picks too), `muse_glimmer.py` (marlin FP4 GEMM
/// on SM120) and `beam.py`'s NVFP4 MoE runner.
fn override_providers(ctx: &Ctx, st: &mut State) -> Step {
    let hw = &ctx.hw;
    let arch = ctx.arch();
    let v = ctx.v;
    if lists::PROVIDERS_QWEN4_EXP.contains(v, arch) {
        qwen4_exp_checks(ctx, st)?;
    }
    if in_deepseek_family(ctx) {
        // model_overrides/deepseek_v2.py:37-221
        // HYV4 refuses prefill and decode CP first (:61-76@0.5.23, since 0.5.20); the provider
        // reads the config's architectures[0]
        let model_arch = ctx.model.architectures.first().map(String::as_str);
        if v >= SglangVersion::V0_5_20
            && matches!(model_arch, Some("HYV4ForCausalLM" | "HYV4ForCausalLMNextN"))
        {
            let a = PyVal::s(model_arch.unwrap_or_default());
            if st.cur.enable_prefill_cp {
                return Err(st.raise(
                    ctx,
                    &mr::HYV4_PREFILL_CP,
                    &[
                        ("model_arch", a),
                        ("cfg.enable_prefill_cp", PyVal::Bool(true)),
                    ],
                ));
            } else if st.cur.dcp_size > 1 {
                let d = PyVal::Int(st.cur.dcp_size);
                return Err(st.raise(ctx, &mr::HYV4_DCP, &[("model_arch", a), ("dcp_size", d)]));
            }
        }
        if ctx.model.is_deepseek_dsa {
            // _dsa_dcp_overrides (:18-34@0.5.23, since 0.5.22)
            if v >= SglangVersion::V0_5_22 && st.cur.dcp_size > 1 {
                let c = &st.cur;
                if c.enable_hisparse || c.enable_hierarchical_cache {
                    return Err(st.raise(ctx, &mr::DSA_DCP_HICACHE, &[]));
                } else if c.disaggregation_mode != "null" {
                    return Err(st.raise(ctx, &mr::DSA_DCP_PD, &[]));
                } else if !matches!(c.speculative_eagle_topk, None | Some(1)) {
                    return Err(st.raise(ctx, &mr::DSA_DCP_TOPK, &[]));
                }
                // trtllm for each unset DSA backend (:27-31@0.5.23)
                if st.cur.dsa_prefill_backend.is_none() {
                    st.cur.dsa_prefill_backend = Some("trtllm".into());
                    st.origin("dsa_prefill_backend", Origin::Step("_dsa_dcp_overrides"));
                }
                if st.cur.dsa_decode_backend.is_none() {
                    st.cur.dsa_decode_backend = Some("trtllm".into());
                    st.origin("dsa_decode_backend", Origin::Step("_dsa_dcp_overrides"));
                }
            }
            if st.attention_unset() {
                st.cur.attention_backend = Some("dsa".into());
                st.by("attention_backend", &dsa::ATTN_DEFAULT_DSA);
                st.emit(ctx, &dsa::ATTN_DEFAULT_DSA, &[]);
            }
            super::model_overrides::dsa_prefill_cp_asserts(ctx, st)?;
            if hw.is_hip() && !aiter_preshuffle(ctx) {
                st.cur.page_size = Some(1);
                st.by("page_size", &dsa::PAGE_DSA_ROCM);
                st.emit(ctx, &dsa::PAGE_DSA_ROCM, &[]);
            } else {
                super::model_overrides::dsa_kpool_dcp(ctx, st)?;
                // a literal 64 up to 0.5.21 (`deepseek_v2.py:137@0.5.21`)
                let page = if ctx.v <= SglangVersion::V0_5_21 {
                    64
                } else {
                    64 * ctx.model.index_kpool
                };
                st.cur.page_size = Some(page);
                st.by("page_size", &dsa::PAGE_DSA);
                st.emit(ctx, &dsa::PAGE_DSA, &[("page_size", PyVal::Int(page))]);
            }
        } else if hw.is_sm100() && st.attention_unset() {
            st.cur.attention_backend = Some("trtllm_mla".into());
            st.by("attention_backend", &ar::DSV3_TRTLLM_MLA);
            st.emit(ctx, &ar::DSV3_TRTLLM_MLA, &[]);
        }
        return Ok(());
    }
    // model_overrides/deepseek_v4.py:18-89
    if lists::PROVIDERS_DEEPSEEK_V4.contains(v, arch) {
        st.cur.attention_backend = Some("dsv4".into());
        st.cur.page_size = Some(256);
        st.by("attention_backend", &dsv4::ATTN_FORCED);
        st.by("page_size", &dsv4::ATTN_FORCED);
        st.emit(
            ctx,
            &dsv4::ATTN_FORCED,
            &[
                ("model_arch", PyVal::s(arch)),
                ("page_size", PyVal::Int(256)),
            ],
        );
        // the MoE runner (deepseek_v4.py:66-88@0.5.23, :51-75@0.5.19): a checkpoint with FP4
        // experts gets flashinfer_mxfp4 on SM90/SM100/SM120 without an all-to-all backend
        // (nvfp4_moe_meta, the hybrid FP8+NVFP4 checkpoints, is not modelled: it stays None)
        if st.cur.moe_runner_backend == "auto"
            && hw.is_cuda()
            && st.cur.moe_a2a_backend == "none"
            && !crate::py::env_bool(ctx.env("SGLANG_DSV4_FP4_DEQUANT"), false)
            && ctx.model.is_fp4_experts
            && (hw.is_sm90() || hw.is_sm100() || hw.is_sm120())
        {
            st.cur.moe_runner_backend = "flashinfer_mxfp4".into();
            st.by("moe_runner_backend", &dsv4::MXFP4_RUNNER);
            st.emit(ctx, &dsv4::MXFP4_RUNNER, &[("model_arch", PyVal::s(arch))]);
        }
    } else if lists::PROVIDERS_GPT_OSS.contains(v, arch) {
        // model_overrides/gpt_oss.py:29-44 (no log)
        if st.attention_unset() {
            let b = if hw.is_sm100() {
                "trtllm_mha"
            } else if hw.is_sm90() {
                "fa3"
            } else if hw.is_hip() {
                "aiter"
            } else {
                "triton"
            };
            st.cur.attention_backend = Some(b.into());
            st.by("attention_backend", &ar::DEFAULT_BACKEND);
        }
    } else if lists::PROVIDERS_LLAMA4.contains(v, arch) {
        // model_overrides/llama4.py:16-44 (base flag only)
        if st.cur.attention_backend.is_none() {
            let (b, platform) = if hw.is_sm100() {
                ("trtllm_mha", "sm100")
            } else if hw.is_sm90() {
                ("fa3", "sm90")
            } else if hw.is_hip() {
                ("aiter", "hip")
            } else {
                ("triton", "other platforms")
            };
            st.cur.attention_backend = Some(b.into());
            st.by("attention_backend", &mr::LLAMA4_DEFAULT);
            st.emit(
                ctx,
                &mr::LLAMA4_DEFAULT,
                &[("backend", PyVal::s(b)), ("platform", PyVal::s(platform))],
            );
        }
    } else if lists::PROVIDERS_GEMMA2_GEMMA3.contains(v, arch) {
        // model_overrides/gemma2_gemma3.py:13-26
        st.emit(ctx, &mr::GEMMA_SWA, &[("arch", PyVal::s(arch))]);
    } else if lists::PROVIDERS_QWEN3_5.contains(v, arch) {
        // model_overrides/qwen3_5.py:17-49
        if hw.is_sm100() && st.cur.attention_backend.is_none() {
            let d = super::attention::default_attn_backend(ctx, st);
            let extra_buffer = !st.cur.disable_radix_cache
                && matches!(
                    ctx.args.mamba_radix_cache_strategy.as_ref(),
                    "extra_buffer" | "extra_buffer_lazy"
                );
            let keep_trtllm = extra_buffer
                || st.cur.disable_radix_cache
                || st.cur.speculative_algorithm.is_some();
            let b = if d == "trtllm_mha" && keep_trtllm {
                "trtllm_mha"
            } else {
                "triton"
            };
            let page = if b == "trtllm_mha" { 64 } else { 1 };
            st.cur.attention_backend = Some(b.into());
            st.cur.page_size = Some(page);
            st.by("attention_backend", &lr::QWEN_HYBRID_SM100);
            st.by("page_size", &lr::QWEN_HYBRID_SM100);
            st.emit(
                ctx,
                &lr::QWEN_HYBRID_SM100,
                &[("backend", PyVal::s(b)), ("page_size", PyVal::Int(page))],
            );
        }
    } else if lists::PROVIDERS_INKLING.contains(v, arch) {
        // model_overrides/inkling.py:68-77@0.5.23 (:68-74@0.5.19): fa4 or triton when every
        // attention-backend flag is unset (its pool ratios and mamba-strategy pin are not
        // modelled)
        if st.attention_unset() {
            let fa4 = hw.is_sm100() || (v >= SglangVersion::V0_5_22 && hw.is_sm90());
            let b = if fa4 { "fa4" } else { "triton" };
            st.cur.attention_backend = Some(b.into());
            st.by("attention_backend", &mr::INKLING_ATTENTION_DEFAULT);
            st.emit(
                ctx,
                &mr::INKLING_ATTENTION_DEFAULT,
                &[("backend", PyVal::s(b))],
            );
        }
    } else if lists::PROVIDERS_LFM2.contains(v, arch) {
        // model_overrides/lfm2.py:12-17@0.5.23 (:15-20@0.5.19; no log): flashinfer on SM100
        // when the base flag is unset
        if hw.is_sm100() && st.cur.attention_backend.is_none() {
            st.cur.attention_backend = Some("flashinfer".into());
            st.by("attention_backend", &ar::DEFAULT_BACKEND);
        }
    } else if lists::PROVIDERS_MUSE_SPARK.contains(v, arch) {
        // _muse_spark_overrides (overrides.py:309-320@0.5.23): the KV cache default; its TF32 and
        // data-parallel encoder defaults change no modelled field
        if st.cur.kv_cache_dtype == "auto" {
            st.cur.kv_cache_dtype = "fp8_e4m3".into();
            st.by("kv_cache_dtype", &mr::MUSE_SPARK_KV);
            st.emit(ctx, &mr::MUSE_SPARK_KV, &[]);
        }
    } else if lists::PROVIDERS_FALCON_H1.contains(v, arch)
        || lists::PROVIDERS_MINICPMV.contains(v, arch)
    {
        // _falcon_h1_jet_overrides (model_overrides/falcon_h1.py:12-19@0.5.23) and
        // _minicpm_v4_6_overrides (minicpmv.py:11-18@0.5.23): triton on SM100 when the base flag
        // is unset (no log)
        if hw.is_sm100() && st.cur.attention_backend.is_none() {
            st.cur.attention_backend = Some("triton".into());
            st.by("attention_backend", &ar::DEFAULT_BACKEND);
        }
    } else if lists::PROVIDERS_GRANITEMOEHYBRID.contains(v, arch) {
        // _granite_moe_hybrid_overrides (granitemoehybrid.py:11-19@0.5.23): flashinfer on SM100
        // for a config with mamba layers when the base flag is unset (no log)
        let has_mamba = ctx
            .model
            .hf
            .root
            .strs("layer_types")
            .iter()
            .any(|t| t == "mamba");
        if has_mamba && hw.is_sm100() && st.cur.attention_backend.is_none() {
            st.cur.attention_backend = Some("flashinfer".into());
            st.by("attention_backend", &ar::DEFAULT_BACKEND);
        }
    } else if lists::PROVIDERS_EMBEDDING_GEMMA2.contains(v, arch) {
        // _embedding_gemma2_overrides (embedding_gemma2.py:34-42@0.5.23)
        st.cur.disable_radix_cache = true;
        st.by("disable_radix_cache", &mr::EMBEDDING_GEMMA2_DEFAULT);
        if st.cur.attention_backend.is_none() {
            st.emit(ctx, &mr::EMBEDDING_GEMMA2_DEFAULT, &[]);
            st.cur.attention_backend = Some("triton".into());
            st.by("attention_backend", &mr::EMBEDDING_GEMMA2_DEFAULT);
        }
    } else if lists::PROVIDERS_BEAM.contains(v, arch) {
        // _beam_overrides (beam.py:24-31@0.5.23); its NVFP4 MoE-runner default is not modelled
        if st.attention_unset() && (hw.is_sm90() || hw.is_sm100() || hw.is_sm120()) {
            st.emit(ctx, &mr::BEAM_DEFAULT, &[]);
            st.cur.attention_backend = Some("trtllm_mha".into());
            st.by("attention_backend", &mr::BEAM_DEFAULT);
        }
    } else if lists::PROVIDERS_INTERNS2_MOBIUS.contains(v, arch) {
        // _interns2_mobius_baseline_overrides (interns2_mobius.py:11-17@0.5.23; no log)
        if st.cur.moe_runner_backend == "auto" {
            st.cur.moe_runner_backend = "triton_kernel".into();
            st.origin(
                "moe_runner_backend",
                Origin::Step("_interns2_mobius_baseline_overrides"),
            );
        }
    } else if lists::PROVIDERS_QWEN3_VL.contains(v, arch) {
        qwen3_vl_overrides(ctx, st);
    } else if lists::PROVIDERS_MOSS_VL.contains(v, arch) {
        // _moss_vl_overrides (model_overrides/moss_vl.py:18-31@0.5.23, :21-34@0.5.19)
        if st.attention_unset() {
            st.cur.prefill_attention_backend = Some("flashinfer".into());
            st.by("prefill_attention_backend", &mr::MOSS_VL_DEFAULT);
            st.emit(ctx, &mr::MOSS_VL_DEFAULT, &[]);
        }
        // attention_backends_of: the split flag, else the base backend
        let prefill = st
            .cur
            .prefill_attention_backend
            .as_deref()
            .or(st.cur.attention_backend.as_deref());
        if prefill != Some("flashinfer") {
            return Err(st.raise(ctx, &mr::MOSS_VL_PREFILL, &[]));
        }
    } else if lists::PROVIDERS_IQUEST_Q1.contains(v, arch) {
        // _iquest_q1_overrides (model_overrides/iquest_q1.py:12-50@0.5.23, :11-48@0.5.21): FA3
        // only, and fa3 for every unset side (no log). Its speculative, context-, data- and
        // pipeline-parallel refusals (:24-41) are not modelled.
        let requested = [
            &st.cur.attention_backend,
            &st.cur.prefill_attention_backend,
            &st.cur.decode_attention_backend,
        ];
        if requested
            .iter()
            .any(|b| b.as_deref().is_some_and(|b| b != "fa3"))
        {
            return Err(st.raise(ctx, &mr::IQUEST_Q1_FA3, &[]));
        }
        // iquest_q1.py:24-40@0.5.23, on the launch as given (the raw speculative algorithm)
        let c = &st.cur;
        if let Some(alg) = c.speculative_algorithm.as_deref() {
            if !matches!(alg.to_uppercase().as_str(), "EAGLE" | "NEXTN") {
                return Err(st.raise(ctx, &mr::IQUEST_Q1_SPEC_ALGO, &[]));
            } else if c
                .speculative_draft_attention_backend
                .as_deref()
                .is_some_and(|b| b != "fa3")
            {
                return Err(st.raise(ctx, &mr::IQUEST_Q1_DRAFT_BACKEND, &[]));
            }
        }
        if c.attn_cp_size > 1 || c.dcp_size > 1 || c.enable_prefill_cp {
            return Err(st.raise(ctx, &mr::IQUEST_Q1_CP, &[]));
        } else if c.speculative_eagle_topk.is_some_and(|k| k > 1) {
            return Err(st.raise(ctx, &mr::IQUEST_Q1_TOPK, &[]));
        } else if c.enable_multi_layer_eagle {
            return Err(st.raise(ctx, &mr::IQUEST_Q1_MULTI_LAYER, &[]));
        } else if super::parallel::attn_dp_enabled(ctx, st) {
            return Err(st.raise(ctx, &mr::IQUEST_Q1_DP_ATTN, &[]));
        } else if st.cur.pp_size > 1 {
            return Err(st.raise(ctx, &mr::IQUEST_Q1_PP, &[]));
        }
        if st.attention_unset() {
            st.cur.attention_backend = Some("fa3".into());
            st.by("attention_backend", &ar::DEFAULT_BACKEND);
        } else if st.cur.attention_backend.is_none() {
            for side in ["prefill_attention_backend", "decode_attention_backend"] {
                let slot = if side == "prefill_attention_backend" {
                    &mut st.cur.prefill_attention_backend
                } else {
                    &mut st.cur.decode_attention_backend
                };
                if slot.is_none() {
                    *slot = Some("fa3".into());
                    st.by(side, &ar::DEFAULT_BACKEND);
                }
            }
        }
    } else if lists::PROVIDERS_GEMMA4.contains(v, arch) {
        // _gemma4_overrides (model_overrides/gemma4.py:23-44@0.5.23, :26-38@0.5.19): DiffusionGemma
        // (named at :28@0.5.23, registered since 0.5.21) gets triton everywhere
        let diffusion = arch == "DiffusionGemmaForBlockDiffusion";
        let b = if !diffusion && hw.is_sm100() {
            "trtllm_mha"
        } else {
            "triton"
        };
        if st.attention_unset() {
            st.cur.attention_backend = Some(b.into());
            st.by("attention_backend", &mr::GEMMA4_DEFAULT);
            st.emit(
                ctx,
                &mr::GEMMA4_DEFAULT,
                &[("default_attention_backend", PyVal::s(b))],
            );
        } else if st.cur.attention_backend.is_none() {
            // only one split side set: the base backend gets the default silently
            st.cur.attention_backend = Some(b.into());
            st.by("attention_backend", &mr::GEMMA4_DEFAULT);
        }
    } else if lists::PROVIDERS_MINICPM.contains(v, arch) {
        // _minicpm_sala_overrides (model_overrides/minicpm.py:14-18@0.5.23): the DP-attention
        // refusal; its SALA hierarchical-cache and PD refusals and backend defaults read
        // MiniCPMConfig properties that are not modelled (rules::model::UNMODELLED)
        if super::parallel::attn_dp_enabled(ctx, st) {
            return Err(st.raise(ctx, &mr::MINICPM_DP_ATTN, &[]));
        }
    } else if lists::PROVIDERS_ERNIE45_VL.contains(v, arch) {
        // _ernie45_vl_overrides (model_overrides/ernie45_vl.py:12-19@0.5.23)
        if super::parallel::attn_dp_enabled(ctx, st) {
            return Err(st.raise(ctx, &mr::ERNIE45_VL_DP_ATTN, &[]));
        }
    } else if lists::PROVIDERS_EXAONE.contains(v, arch) || lists::PROVIDERS_OLMO2.contains(v, arch)
    {
        // _exaone_overrides (model_overrides/exaone.py:16-32@0.5.23; the backend default since
        // 0.5.22, only with sliding-window layers) and _olmo2_overrides (olmo2.py:15-30@0.5.23):
        // trtllm_mha on SM100, fa3 on CUDA SM80+, else triton, when --attention-backend is unset
        // (no log). Their hybrid-SWA-memory switch-off is not modelled here.
        let exaone = lists::PROVIDERS_EXAONE.contains(v, arch);
        let fills = if exaone {
            v >= SglangVersion::V0_5_22
                && ctx
                    .model
                    .hf
                    .root
                    .get("sliding_window_pattern")
                    .is_some_and(|x| !x.is_null())
        } else {
            true
        };
        if fills && st.cur.attention_backend.is_none() {
            let b = if hw.is_cuda() && hw.is_sm100() {
                "trtllm_mha"
            } else if hw.is_cuda() && hw.sm() >= 80 {
                "fa3"
            } else {
                "triton"
            };
            st.cur.attention_backend = Some(b.into());
            st.by("attention_backend", &ar::DEFAULT_BACKEND);
        }
    } else if lists::PROVIDERS_MINIMAX_M3.contains(v, arch) {
        super::model_overrides::minimax_m3_overrides(ctx, st)?;
    } else if lists::PROVIDERS_KIMI_K3.contains(v, arch) {
        super::model_overrides::kimi_k3_dcp_checks(ctx, st)?;
    }
    Ok(())
}

/// The refusals of `_qwen4_exp_overrides` (`model_overrides/qwen4_exp.py:20-88@0.5.23`, since
/// 0.5.20): PD over MORI with PP, the unified memory pool, and the FP8 QSA indexer's platform
/// (0.5.22+). Its declarations (page size, SM100 backend, PLE offload) are not modelled, nor is
/// the compressed-indexer check, which needs `parse_qsa_profile` (`rules::model::UNMODELLED`).
fn qwen4_exp_checks(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if c.disaggregation_mode != "null"
        && c.disaggregation_transfer_backend == "mori"
        && c.pp_size > 1
    {
        return Err(st.raise(ctx, &mr::QWEN4_EXP_MORI_PP, &[]));
    } else if c.enable_unified_memory {
        return Err(st.raise(ctx, &mr::QWEN4_EXP_UNIFIED_MEMORY, &[]));
    }
    if ctx.v >= SglangVersion::V0_5_22
        && c.qsa_indexer_dtype == "fp8_e4m3"
        && !(ctx.hw.is_cuda() && (ctx.hw.is_sm90() || ctx.hw.is_sm100()))
    {
        return Err(st.raise(ctx, &mr::QWEN4_EXP_QSA_FP8, &[]));
    }
    Ok(())
}

/// `apply_deepseek_v4_defaults` (`arg_groups/deepseek_v4_hook.py:63-158@0.5.23`).
fn apply_deepseek_v4_defaults(ctx: &Ctx, st: &mut State) -> Step {
    let arch = ctx.arch();
    // _deepseek_v4_kv_cache_dtype (overrides.py:891-913)
    let kv = st.cur.kv_cache_dtype.clone();
    if kv == "auto" {
        st.cur.kv_cache_dtype = "fp8_e4m3".into();
        st.by("kv_cache_dtype", &dsv4::KV_DEFAULT);
        st.emit(ctx, &dsv4::KV_DEFAULT, &[("model_arch", PyVal::s(arch))]);
    } else if kv != "fp8_e4m3" && kv != "bfloat16" {
        return Err(st.raise(
            ctx,
            &dsv4::KV_ALLOWED,
            &[
                ("kv_cache_dtype", PyVal::s(kv)),
                ("model_arch", PyVal::s(arch)),
            ],
        ));
    }
    // 0.5.20–0.5.22 keep `auto` and check only trtllm (`deepseek_v4_hook.py:51-60@0.5.22`)
    if ctx.v >= SglangVersion::V0_5_20 {
        if st.cur.dsv4_attn_backend == "auto" && ctx.v >= SglangVersion::V0_5_23 {
            // _default_dsv4_attention_backend: flashmla_mega only for V4.1, which is not modelled
            st.cur.dsv4_attn_backend = "flashmla".into();
            st.origin("dsv4_attn_backend", Origin::Default);
        }
        match st.cur.dsv4_attn_backend.as_ref() {
            "flashmla_mega" => return Err(st.raise(ctx, &dsv4::MEGA, &[])),
            "trtllm" => {
                if !ctx.hw.is_sm100() {
                    return Err(st.raise(ctx, &dsv4::TRTLLM_SM100, &[]));
                } else if !matches!(st.cur.kv_cache_dtype.as_ref(), "auto" | "fp8_e4m3") {
                    let kv = st.cur.kv_cache_dtype.clone();
                    return Err(st.raise(
                        ctx,
                        &dsv4::TRTLLM_KV,
                        &[("kv_cache_dtype", PyVal::s(kv))],
                    ));
                }
                // deepseek_v4_hook.py:112-132@0.5.23 (:148-172@0.5.20)
                let c = &st.cur;
                if c.enable_hisparse {
                    return Err(st.raise(ctx, &dsv4::TRTLLM_HISPARSE, &[]));
                } else if c.attn_cp_size > 1 || c.dcp_size > 1 || c.enable_prefill_cp {
                    return Err(st.raise(ctx, &dsv4::TRTLLM_CP, &[]));
                } else if c.disaggregation_mode != "null" {
                    return Err(st.raise(ctx, &dsv4::TRTLLM_PD, &[]));
                }
                // handle_gpu_memory_settings (pipeline.py:218) has set the chunked-prefill
                // default by now; an unknown default is not judged
                let cps = if ctx.given("chunked_prefill_size") {
                    c.chunked_prefill_size
                } else {
                    c.chunked_prefill_size
                        .or_else(|| super::moe::default_chunked_prefill(ctx))
                };
                if cps.is_some_and(|n| n <= 0) {
                    return Err(st.raise(ctx, &dsv4::TRTLLM_CHUNKED, &[]));
                }
            }
            _ => {}
        }
    }
    if ctx.args.max_running_requests.is_none() {
        st.emit(ctx, &dsv4::MAX_RUNNING, &[("model_arch", PyVal::s(arch))]);
    }
    // the RAW --speculative-algorithm / --speculative-eagle-topk, before normalisation
    if let Some(alg) = ctx.args.speculative_algorithm.as_deref() {
        if alg != "EAGLE" && alg != "DSPARK" {
            return Err(st.raise(ctx, &dsv4::SPEC_ALGO, &[("model_arch", PyVal::s(arch))]));
        } else if alg == "EAGLE" && ctx.args.speculative_eagle_topk != Some(1) {
            return Err(st.raise(ctx, &dsv4::SPEC_TOPK, &[("model_arch", PyVal::s(arch))]));
        }
    }
    Ok(())
}

/// `validate_deepseek_v41_features` (`deepseek_v4_hook.py:270-281@0.5.23`, since 0.5.21): for a
/// checkpoint whose model_type is not `deepseek_v41` only the encoder-replay refusal; the
/// DeepSeek-V4.1 feature checks after it are not modelled (`rules::dsv4::UNMODELLED`).
fn validate_deepseek_v41_features(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < SglangVersion::V0_5_21 || ctx.model.model_type.as_deref() == Some("deepseek_v41") {
        return Ok(());
    }
    if st.cur.enable_encoder_swa_bounded_replay {
        return Err(st.raise(ctx, &dsv4::ENCODER_REPLAY_V41, &[]));
    }
    Ok(())
}

/// `validate_deepseek_v4_cp` (`deepseek_v4_hook.py:161-247@0.5.23`, `:158-215@0.5.19`): the CP
/// strategy, the ROCm checks (0.5.22+), the layout declarations, the single-group and
/// single-machine asserts (not on NPU) and the all-to-all backends.
fn validate_deepseek_v4_cp(ctx: &Ctx, st: &mut State) -> Step {
    if !st.cur.enable_prefill_cp {
        return Ok(());
    }
    let v = ctx.v;
    let strategy = st.cur.cp_strategy.clone();
    let ok = if v <= SglangVersion::V0_5_20 {
        strategy.as_deref() == Some("interleave")
    } else {
        matches!(strategy.as_deref(), Some("interleave" | "zigzag"))
    };
    if !ok {
        return Err(st.raise(
            ctx,
            &dsv4::CP_STRATEGY,
            &[("cfg.cp_strategy", PyVal::opt(strategy.as_deref()))],
        ));
    }
    if strategy.as_deref() == Some("zigzag") {
        return Err(st.raise(ctx, &dsv4::CP_ZIGZAG, &[]));
    }
    if v >= SglangVersion::V0_5_22 && ctx.hw.is_hip() {
        // attention_backends_of(resolved_view): each split flag, else --attention-backend
        let base = st.cur.attention_backend.clone();
        let p = st.cur.prefill_attention_backend.clone().or(base.clone());
        let d = st.cur.decode_attention_backend.clone().or(base);
        if p.as_deref() != Some("dsv4") || d.as_deref() != Some("dsv4") {
            return Err(st.raise(
                ctx,
                &dsv4::CP_HIP_BACKENDS,
                &[
                    ("prefill_backend", PyVal::opt(p.as_deref())),
                    ("decode_backend", PyVal::opt(d.as_deref())),
                ],
            ));
        }
        let replay = if v <= SglangVersion::V0_5_22 {
            "--enable-decoder-swa-bounded-replay"
        } else {
            "decoder SWA bounded replay"
        };
        let unsupported = [
            ("multiple nodes", st.cur.nnodes > 1),
            (
                "DeepSeek-V4.1",
                ctx.model.model_type.as_deref() == Some("deepseek_v41"),
            ),
            (
                replay,
                st.cur.enable_decoder_swa_bounded_replay == Some(true),
            ),
            (
                "--enable-two-batch-overlap",
                st.cur.enable_two_batch_overlap,
            ),
        ];
        if let Some((feature, _)) = unsupported.iter().find(|(_, on)| *on) {
            return Err(st.raise(
                ctx,
                &dsv4::CP_HIP_FEATURE,
                &[("feature", PyVal::s(*feature))],
            ));
        }
    }
    const S: &str = "validate_deepseek_v4_cp";
    let tp = st.cur.tp_size;
    let attn_dp = if v >= SglangVersion::V0_5_22 {
        // context_parallel_attn_dp_size (model_override_base.py:229-248@0.5.23)
        let (a, dp) = (st.cur.attn_dp_size, st.cur.dp_size);
        if a > 1 && dp > 1 {
            return Err(st.raise(
                ctx,
                &mr::CP_DP_REPLICAS,
                &[
                    ("cfg.dp_size", PyVal::Int(dp)),
                    ("cfg.attn_dp_size", PyVal::Int(a)),
                ],
            ));
        }
        let width = a * dp;
        st.cur.attn_dp_size = width;
        st.cur.dp_size = 1;
        st.origin("attn_dp_size", Origin::Step(S));
        st.origin("dp_size", Origin::Step(S));
        width
    } else {
        st.cur.enable_dp_attention = true;
        st.origin("enable_dp_attention", Origin::Step(S));
        st.cur.dp_size
    };
    st.cur.moe_dense_tp_size = Some(1);
    if let Some(cp) = crate::py::floordiv(tp, attn_dp) {
        st.cur.attn_cp_size = cp;
        st.origin("attn_cp_size", Origin::Step(S));
    }
    if attn_dp != 1 {
        return Err(st.raise(ctx, &dsv4::CP_DP_ATTN, &[]));
    } else if tp > 8 {
        return Err(st.raise(ctx, &dsv4::CP_SINGLE_NODE, &[]));
    }
    let a2a = st.cur.moe_a2a_backend.clone();
    if !matches!(a2a.as_ref(), "none" | "deepep" | "megamoe" | "mori") {
        return Err(st.raise(
            ctx,
            &dsv4::CP_A2A,
            &[
                (
                    "supported_a2a_backends",
                    PyVal::Raw("('none', 'deepep', 'megamoe', 'mori')".into()),
                ),
                ("cfg.moe_a2a_backend", PyVal::s(a2a)),
            ],
        ));
    }
    Ok(())
}

/// `_dsa_kv_cache_dtype_default` (`arg_groups/overrides.py:490-547@0.5.23`).
fn dsa_kv_cache_dtype_default(ctx: &Ctx, st: &mut State) -> Step {
    let major = ctx.hw.major();
    let mut kv = st.cur.kv_cache_dtype.clone();
    if (st.cur.dsa_prefill_backend.is_some() || st.cur.dsa_decode_backend.is_some()) && kv == "auto"
    {
        st.emit(ctx, &dsa::KV_AUTO_WITH_DSA_BACKEND, &[]);
    }
    // overrides.py:526-531@0.5.23 (since 0.5.20)
    if ctx.v >= crate::version::SglangVersion::V0_5_20
        && ctx.model.learnable_sink
        && !matches!(kv.as_ref(), "auto" | "bf16" | "bfloat16")
    {
        return Err(st.raise(
            ctx,
            &dsa::KV_LEARNABLE_SINK,
            &[("kv_cache_dtype", PyVal::s(kv))],
        ));
    }
    if kv == "auto" {
        kv = if major >= 10 && !ctx.model.learnable_sink {
            "fp8_e4m3"
        } else {
            "bfloat16"
        }
        .into();
        st.by("kv_cache_dtype", &dsa::KV_DEFAULT_DSA);
        st.emit(
            ctx,
            &dsa::KV_DEFAULT_DSA,
            &[
                ("kv_cache_dtype", PyVal::s(kv.clone())),
                ("major", PyVal::Int(major as i64)),
            ],
        );
    }
    if kv == "bf16" {
        kv = "bfloat16".into();
    }
    if kv != "bfloat16" && kv != "fp8_e4m3" {
        return Err(st.raise(ctx, &dsa::KV_ALLOWED_DSA, &[]));
    }
    st.cur.kv_cache_dtype = kv;
    Ok(())
}

/// `_dsa_split_backend_resolution` (`arg_groups/overrides.py:600-741@0.5.23`): fills the unset sides.
fn dsa_split_backend_resolution(ctx: &Ctx, st: &mut State) -> Step {
    let kv = st.cur.kv_cache_dtype.clone();
    let major = ctx.hw.major();
    let hip = ctx.hw.is_hip();
    // the learnable-sink branch (overrides.py:644-663@0.5.23, since 0.5.20): flashmla_sparse for
    // both phases, declared without the constraint checks
    if ctx.v >= SglangVersion::V0_5_20 && ctx.model.learnable_sink {
        const B: &str = "flashmla_sparse";
        for (field, value) in [
            ("dsa_prefill_backend", st.cur.dsa_prefill_backend.clone()),
            ("dsa_decode_backend", st.cur.dsa_decode_backend.clone()),
        ] {
            if let Some(value) = value.filter(|v| v != B) {
                let model_arch = ctx.model.architectures.first().cloned().unwrap_or_default();
                return Err(st.raise(
                    ctx,
                    &mr::DSA_LEARNABLE_SINK_BACKEND,
                    &[
                        ("model_arch", PyVal::s(model_arch)),
                        ("option", PyVal::s(format!("--{}", field.replace('_', "-")))),
                        ("backend", PyVal::s(B)),
                        ("value", PyVal::s(value)),
                    ],
                ));
            }
        }
        const S: &str = "_dsa_split_backend_resolution";
        if st.cur.dsa_prefill_backend.is_none() {
            st.cur.dsa_prefill_backend = Some(B.into());
            st.origin("dsa_prefill_backend", Origin::Step(S));
        }
        if st.cur.dsa_decode_backend.is_none() {
            st.cur.dsa_decode_backend = Some(B.into());
            st.origin("dsa_decode_backend", Origin::Step(S));
        }
        return Ok(());
    }
    let glm_sm12_fp8 =
        lists::DSA_SPLIT_GLM.contains(ctx.v, ctx.arch()) && major == 12 && kv == "fp8_e4m3" && !hip;
    if glm_sm12_fp8 {
        for side in ["dsa_prefill_backend", "dsa_decode_backend"] {
            let slot = if side == "dsa_prefill_backend" {
                &mut st.cur.dsa_prefill_backend
            } else {
                &mut st.cur.dsa_decode_backend
            };
            if slot.is_none() {
                *slot = Some("flashinfer_sparse_mla".into());
                st.by(side, &dsa::SPLIT_DEFAULT_GLM_SM12);
            }
        }
        // logs flashinfer_sparse_mla for both sides even when one was set; no constraint check
        let b = PyVal::s("flashinfer_sparse_mla");
        st.emit(
            ctx,
            &dsa::SPLIT_DEFAULT_GLM_SM12,
            &[("prefill", b.clone()), ("decode", b)],
        );
        return Ok(());
    }
    if st.cur.enable_hisparse {
        return hisparse_backends(ctx, st, &kv);
    }
    // 0.5.19 takes its ROCm default (tilelang) only when neither side was set; otherwise the
    // unset side gets the KV dtype's default like on CUDA (overrides.py:727-741@0.5.19)
    let neither_set = st.cur.dsa_prefill_backend.is_none() && st.cur.dsa_decode_backend.is_none();
    let (p, d) = if hip && (ctx.v > SglangVersion::V0_5_19 || neither_set) {
        let b = if ctx.v <= SglangVersion::V0_5_19 {
            "tilelang"
        } else {
            "triton"
        };
        (b, b)
    } else if kv == "fp8_e4m3" {
        let b = if major >= 10 { "trtllm" } else { "flashmla_kv" };
        (b, b)
    } else {
        (
            "flashmla_sparse",
            if major >= 10 { "trtllm" } else { "fa3" },
        )
    };
    if st.cur.dsa_prefill_backend.is_none() {
        st.cur.dsa_prefill_backend = Some(p.into());
        st.by("dsa_prefill_backend", &dsa::SPLIT_DEFAULT);
    }
    if st.cur.dsa_decode_backend.is_none() {
        st.cur.dsa_decode_backend = Some(d.into());
        st.by("dsa_decode_backend", &dsa::SPLIT_DEFAULT);
    }
    check_dsa_backend_constraints(ctx, st, &kv)?;
    let args = [
        ("kv_cache_dtype", PyVal::s(kv)),
        ("prefill", PyVal::opt(st.cur.dsa_prefill_backend.as_deref())),
        ("decode", PyVal::opt(st.cur.dsa_decode_backend.as_deref())),
    ];
    st.emit(ctx, &dsa::SPLIT_DEFAULT, &args);
    Ok(())
}

/// The HiSparse arm of `_dsa_split_backend_resolution` (`overrides.py:677-705@0.5.23`,
/// `:711-725@0.5.19`): `_hisparse_default_backend` fills the unset sides (tilelang on ROCm,
/// flashmla_kv for FP8, flashmla_sparse otherwise); 0.5.22+ refuse CUDA tilelang with an FP8
/// KV cache; 0.5.20+ then check the shared backend constraints.
fn hisparse_backends(ctx: &Ctx, st: &mut State, kv: &str) -> Step {
    let hip = ctx.hw.is_hip();
    let b = if hip {
        "tilelang"
    } else if kv == "fp8_e4m3" {
        "flashmla_kv"
    } else {
        "flashmla_sparse"
    };
    for side in ["dsa_prefill_backend", "dsa_decode_backend"] {
        let slot = if side == "dsa_prefill_backend" {
            &mut st.cur.dsa_prefill_backend
        } else {
            &mut st.cur.dsa_decode_backend
        };
        if slot.is_none() {
            *slot = Some(b.into());
            st.by(side, &crate::rules::hisparse::BACKENDS_DEFAULT);
        }
    }
    let p = st.cur.dsa_prefill_backend.clone();
    let d = st.cur.dsa_decode_backend.clone();
    let tilelang = p.as_deref() == Some("tilelang") || d.as_deref() == Some("tilelang");
    if ctx.v >= SglangVersion::V0_5_22 && !hip && kv == "fp8_e4m3" && tilelang {
        return Err(st.raise(ctx, &crate::rules::hisparse::TILELANG_FP8, &[]));
    }
    if ctx.v >= SglangVersion::V0_5_20 {
        check_dsa_backend_constraints(ctx, st, kv)?;
    }
    let args = [
        ("kv_cache_dtype", PyVal::s(kv)),
        ("prefill", PyVal::opt(p.as_deref())),
        ("decode", PyVal::opt(d.as_deref())),
    ];
    st.emit(ctx, &crate::rules::hisparse::BACKENDS_DEFAULT, &args);
    Ok(())
}

/// `_check_dsa_backend_constraints` (`overrides.py:550-583@0.5.23`, `:526-561@0.5.22`);
/// 0.5.20–0.5.21 refuse tilelang with an FP8 KV cache on CUDA outright
/// (`overrides.py:524-550@0.5.21`, `:621-647@0.5.20`); 0.5.19: `_check_tilelang_dsa_fp8_kv`
/// (`overrides.py:646-667@0.5.19`), without the triton check.
fn check_dsa_backend_constraints(ctx: &Ctx, st: &mut State, kv: &str) -> Step {
    let p = st.cur.dsa_prefill_backend.clone().unwrap_or_default();
    let d = st.cur.dsa_decode_backend.clone().unwrap_or_default();
    let hip = ctx.hw.is_hip();
    let tilelang = p == "tilelang" || d == "tilelang";
    if ctx.v <= SglangVersion::V0_5_19 {
        if !hip && kv == "fp8_e4m3" && tilelang {
            return Err(st.raise(ctx, &dsa::TILELANG_FP8_V19, &[]));
        }
        return Ok(());
    }
    if !hip && (p == "triton" || d == "triton") {
        return Err(st.raise(ctx, &dsa::TRITON_ROCM_ONLY, &[]));
    }
    if hip || kv != "fp8_e4m3" || !tilelang {
        return Ok(());
    }
    if ctx.v <= SglangVersion::V0_5_21 {
        return Err(st.raise(ctx, &dsa::TILELANG_FP8_V19, &[]));
    }
    if p != "tilelang" || d != "tilelang" {
        return Err(st.raise(ctx, &dsa::TILELANG_BOTH, &[]));
    } else if st.cur.dcp_size > 1 {
        return Err(st.raise(ctx, &dsa::TILELANG_DCP, &[]));
    } else if ctx.hw.capability < (8, 9) {
        return Err(st.raise(ctx, &dsa::TILELANG_SM89, &[]));
    }
    Ok(())
}

/// Per-architecture assertions (`model_hook.py:515-722`): they see the user's flags and the
/// providers' declarations, never the generic default.
fn per_arch_asserts(ctx: &Ctx, st: &mut State) -> Step {
    let (v, arch) = (ctx.v, ctx.arch());
    if lists::HOOK_GPT_OSS.contains(v, arch) {
        {
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
            let (p, d) = (st.prefill(), st.decode());
            let ok = |b: &Option<String>| b.as_deref().is_some_and(|b| OK.contains(&b));
            if !ok(&p) || !ok(&d) {
                return Err(st.raise(
                    ctx,
                    &mr::GPT_OSS_BACKENDS,
                    &[
                        ("prefill", PyVal::opt(p.as_deref())),
                        ("decode", PyVal::opt(d.as_deref())),
                    ],
                ));
            }
        }
        // model_hook.py:568-571@0.5.23: the resolved runner (gpt-oss's own default included)
        if st.cur.moe_runner_backend == "triton_kernel" && st.cur.ep_size != 1 {
            return Err(st.raise(ctx, &mr::TRITON_KERNEL_EP, &[]));
        }
    } else if lists::HOOK_MIMO_V2.contains(v, arch) {
        return mimo_v2_attn_tp(ctx, st);
    } else if lists::HOOK_GEMMA4.contains(v, arch) {
        // model_hook.py:636-660@0.5.23 (the accepted list as each release's message names it)
        let accepted: &[&str] = if v <= SglangVersion::V0_5_19 {
            &["trtllm_mha", "triton", "ascend", "intel_xpu", "intel_amx"]
        } else if v <= SglangVersion::V0_5_21 {
            &[
                "trtllm_mha",
                "triton",
                "ascend",
                "intel_xpu",
                "intel_amx",
                "aiter",
            ]
        } else {
            &[
                "trtllm_mha",
                "triton",
                "fa4",
                "ascend",
                "intel_xpu",
                "intel_amx",
                "aiter",
            ]
        };
        let p = st
            .cur
            .prefill_attention_backend
            .clone()
            .or_else(|| st.cur.attention_backend.clone());
        let d = st
            .cur
            .decode_attention_backend
            .clone()
            .or_else(|| st.cur.attention_backend.clone());
        let ok = |b: &Option<crate::args::value::Str>| {
            b.as_deref().is_some_and(|b| accepted.contains(&b))
        };
        if !ok(&p) || !ok(&d) {
            return Err(st.raise(
                ctx,
                &mr::GEMMA4_BACKENDS,
                &[
                    ("prefill_backend", PyVal::opt(p.as_deref())),
                    ("decode_backend", PyVal::opt(d.as_deref())),
                ],
            ));
        }
    } else if lists::HOOK_LLAMA4.contains(v, arch) && ctx.args.device.as_deref() != Some("cpu") {
        {
            const OK: &[&str] = &[
                "fa3",
                "aiter",
                "triton",
                "ascend",
                "trtllm_mha",
                "intel_xpu",
            ];
            let b = st.cur.attention_backend.clone();
            if !b.as_deref().is_some_and(|b| OK.contains(&b)) {
                return Err(st.raise(
                    ctx,
                    &mr::LLAMA4_BACKENDS,
                    &[("attention_backend", PyVal::opt(b.as_deref()))],
                ));
            }
        }
    } else if lists::HOOK_EXAONE.contains(v, arch) {
        // model_hook.py:668-682@0.5.23: only with sliding-window layers; --attention-backend as the
        // EXAONE provider filled it (0.5.22+), else the user's (None fails)
        if ctx
            .model
            .hf
            .root
            .get("sliding_window_pattern")
            .is_some_and(|x| !x.is_null())
        {
            const OK: &[&str] = &["fa3", "triton", "trtllm_mha"];
            let b = st.cur.attention_backend.clone();
            if !b.as_deref().is_some_and(|b| OK.contains(&b)) {
                let accepted = PyVal::List(OK.iter().map(|x| PyVal::s(*x)).collect());
                return Err(st.raise(
                    ctx,
                    &mr::EXAONE_BACKENDS,
                    &[
                        ("accepted_backends", accepted),
                        ("model_arch", PyVal::s(arch)),
                        ("attention_backend", PyVal::opt(b.as_deref())),
                    ],
                ));
            }
        }
    } else if lists::HOOK_OLMO2.contains(v, arch) {
        // model_hook.py:683-692@0.5.23
        if st.cur.attention_backend.as_deref() == Some("flashinfer") {
            return Err(st.raise(ctx, &mr::OLMO2_FLASHINFER, &[]));
        }
    } else if lists::HOOK_LFM2.contains(v, arch) {
        // model_hook.py:714-722@0.5.23
        if st.cur.attention_backend.as_deref() == Some("triton") {
            return Err(st.raise(ctx, &mr::LFM2_TRITON, &[("model_arch", PyVal::s(arch))]));
        }
    }
    Ok(())
}

/// MiMo-V2's fused-QKV attention TP width (`model_hook.py:573-598@0.5.23`, `:413-437@0.5.19`):
/// `get_mimo_v2_fused_qkv_expected_tp_size` (`configs/model_config.py:124-145@0.5.23`) is the
/// checkpoint's `num_key_value_heads` (the root's, else the text config's) when
/// `attention_projection_layout` is `fused_qkv`. Its own refusals (an unknown layout, a missing
/// head count) are out of scope; such a config is not judged here.
fn mimo_v2_attn_tp(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.arch() != "MiMoV2ForCausalLM" || st.cur.encoder_only {
        return Ok(());
    }
    let root = &ctx.model.hf.root;
    if root
        .get("attention_projection_layout")
        .and_then(|x| x.as_str())
        != Some("fused_qkv")
    {
        return Ok(());
    }
    let kv = root
        .get("num_key_value_heads")
        .filter(|x| !x.is_null())
        .or_else(|| {
            root.get("text_config")
                .and_then(|t| t.get("num_key_value_heads"))
                .filter(|x| !x.is_null())
        })
        .and_then(|x| x.as_i64());
    let Some(expected) = kv else { return Ok(()) };
    let c = &st.cur;
    // 0.5.19-0.5.21: tp // (dp if enable_dp_attention else 1) // attn_cp; 0.5.22+:
    // derive_attn_tp_size(tp, attn_cp, attn_dp) = tp // attn_dp // attn_cp
    let attn_dp = if ctx.v <= SglangVersion::V0_5_21 {
        if c.enable_dp_attention { c.dp_size } else { 1 }
    } else {
        c.attn_dp_size
    };
    let effective = crate::py::floordiv(c.tp_size, attn_dp)
        .and_then(|x| crate::py::floordiv(x, c.attn_cp_size));
    let Some(effective) = effective else {
        return Ok(());
    };
    if crate::py::modulo(expected, effective).is_none_or(|r| r == 0) {
        return Ok(());
    }
    let mut args = vec![
        ("expected_attn_tp_size", PyVal::Int(expected)),
        ("effective_attn_tp_size", PyVal::Int(effective)),
        ("cfg.tp_size", PyVal::Int(c.tp_size)),
        ("view.attn_cp_size", PyVal::Int(c.attn_cp_size)),
    ];
    if ctx.v <= SglangVersion::V0_5_21 {
        args.push(("cfg.dp_size", PyVal::Int(c.dp_size)));
        args.push((
            "view.enable_dp_attention",
            PyVal::Bool(c.enable_dp_attention),
        ));
    } else {
        args.push(("cfg.attn_dp_size", PyVal::Int(c.attn_dp_size)));
    }
    Err(st.raise(ctx, &mr::MIMO_V2_ATTN_TP, &args))
}

/// `handle_language_model_only` (`model_hook.py:1080-1109@0.5.23`), called first by
/// `handle_encoder_disaggregation` (`pd_disaggregation_hook.py:304@0.5.23`).
pub fn handle_language_model_only(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if !c.language_model_only {
        return Ok(());
    }
    let flags = [
        (c.encoder_only, "--encoder-only"),
        (c.language_only, "--language-only"),
        (c.enable_prefix_mm_cache, "--enable-prefix-mm-cache"),
        (
            c.enable_broadcast_mm_inputs_process,
            "--enable-broadcast-mm-inputs-process",
        ),
        (
            c.mm_enable_dp_encoder == Some(true),
            "--mm-enable-dp-encoder",
        ),
    ];
    if let Some((_, name)) = flags.iter().find(|(f, _)| *f) {
        return Err(st.raise(ctx, &mr::LMO_COMBINED, &[("name", PyVal::s(*name))]));
    }
    // 0.5.22+: DeepSeek-V4.1 text-only workers use the standard PD KV transfer path
    let v41 =
        ctx.v >= SglangVersion::V0_5_22 && ctx.model.model_type.as_deref() == Some("deepseek_v41");
    if c.disaggregation_mode != "null" && !v41 {
        return Err(st.raise(ctx, &mr::LMO_PD, &[]));
    }
    let supported = lists::LANGUAGE_MODEL_ONLY_ARCHITECTURES.names(ctx.v);
    let archs = &ctx.model.architectures;
    if !archs.iter().any(|a| supported.contains(&a.as_str())) {
        let list = |xs: Vec<&str>| PyVal::List(xs.into_iter().map(PyVal::s).collect());
        return Err(st.raise(
            ctx,
            &mr::LMO_ARCH,
            &[
                (
                    "architectures",
                    list(archs.iter().map(String::as_str).collect()),
                ),
                (
                    "list(server_args.LANGUAGE_MODEL_ONLY_ARCHITECTURES)",
                    list(supported.to_vec()),
                ),
            ],
        ));
    }
    Ok(())
}

/// `_mamba_radix_cache_resolution`'s arch gate (`overrides.py:453-487@0.5.23`): a linear-attention
/// spec that uses the Mamba radix cache, or an architecture of `_MAMBA_RADIX_CACHE_ARCHS`
/// (`GraniteMoeHybridForCausalLM` only with a `mamba` layer).
fn uses_mamba_radix_cache(ctx: &Ctx) -> bool {
    if ctx
        .model
        .linear_attn_spec()
        .is_some_and(|s| s.uses_mamba_radix_cache)
    {
        return true;
    }
    if ctx.arch() == "GraniteMoeHybridForCausalLM" {
        return ctx
            .model
            .hf
            .root
            .strs("layer_types")
            .iter()
            .any(|t| t == "mamba");
    }
    lists::MAMBA_RADIX_CACHE_ARCHS.contains(ctx.v, ctx.arch())
}

/// `handle_mamba_radix_cache` (`model_hook.py:1048-1076`, `overrides.py:453-487`).
fn handle_mamba_radix_cache(ctx: &Ctx, st: &mut State) -> Step {
    let strategy = ctx.args.mamba_radix_cache_strategy.clone();
    let extra = |s: &str| matches!(s, "extra_buffer" | "extra_buffer_lazy");
    if !uses_mamba_radix_cache(ctx) || st.cur.disable_radix_cache {
        // an explicit extra-buffer strategy on a non-mamba arch is refused from 0.5.21
        // (`model_hook.py:947-954@0.5.21`); 0.5.19–0.5.20 just return (`:887@0.5.20`)
        if ctx.v >= SglangVersion::V0_5_21 && !st.cur.disable_radix_cache && extra(&strategy) {
            return Err(st.raise(
                ctx,
                &lr::EXTRA_BUFFER_NO_MAMBA,
                &[
                    ("strategy", PyVal::s(strategy)),
                    ("arch", PyVal::s(ctx.arch())),
                ],
            ));
        }
        return Ok(());
    }
    // supports_mamba_cache_extra_buffer (overrides.py): listed architectures (or a spec that
    // opts in) on the triton linear-attention backend
    let linear = ctx.args.linear_attn_backend.clone();
    let listed = lists::MAMBA_EXTRA_BUFFER_ARCHS.contains(ctx.v, ctx.arch())
        || ctx
            .model
            .linear_attn_spec()
            .is_some_and(|s| s.support_mamba_cache_extra_buffer);
    let supports_extra = listed && linear == "triton";
    // _mamba_radix_cache_resolution (overrides.py:453-487): extra_buffer when overlap or paging
    // is wanted and supported, else no_buffer with the overlap scheduler turned off
    let wants_overlap = !ctx.args.disable_overlap_schedule;
    let wants_paging = st.cur.page_size.is_some_and(|p| p > 1);
    let mut overlap_off = ctx.args.disable_overlap_schedule;
    let resolved = if strategy == "auto" {
        if (wants_overlap || wants_paging) && supports_extra {
            "extra_buffer".to_string()
        } else {
            overlap_off = true;
            "no_buffer".to_string()
        }
    } else {
        strategy.into_owned()
    };
    // the declared strategy (`overrides.py:477-487@0.5.23`), read by later hooks
    st.cur.mamba_radix_cache_strategy = resolved.clone().into();
    // validate_mamba_extra_buffer / validate_mamba_no_buffer (mamba_hook.py:115-163)
    if extra(&resolved) {
        if !supports_extra {
            return Err(st.raise(
                ctx,
                &lr::EXTRA_BUFFER_ARCH,
                &[("arch", PyVal::s(ctx.arch()))],
            ));
        }
        // the platform assert passes on CUDA and ROCm
        if resolved == "extra_buffer_lazy" && st.cur.disaggregation_mode != "null" {
            return Err(st.raise(ctx, &lr::LAZY_PD, &[]));
        }
        // the values as this first call sees them (the user's; resolution writes the page size
        // and the speculative parameters later)
        if let Some(d) = st.cur.speculative_num_draft_tokens
            && st.cur.mamba_track_interval < d
        {
            return Err(st.raise(ctx, &lr::TRACK_VS_DRAFT, &[]));
        }
        if let Some(p) = st.cur.page_size
            && crate::py::modulo(st.cur.mamba_track_interval, p) != Some(0)
        {
            return Err(st.raise(ctx, &lr::TRACK_VS_PAGE, &[]));
        }
    } else if !matches!(st.cur.page_size, None | Some(1)) {
        return Err(st.raise(ctx, &lr::NO_BUFFER_PAGE, &[]));
    } else if !overlap_off {
        return Err(st.raise(ctx, &lr::NO_BUFFER_OVERLAP, &[]));
    } else if st.cur.attention_backend.as_deref() == Some("trtllm_mha") {
        return Err(st.raise(ctx, &lr::NO_BUFFER_TRTLLM, &[]));
    }
    Ok(())
}

/// `handle_model_capability_adjustments` (`model_hook.py:751@0.5.23`, run last in
/// `run_resolution_pipeline`, `pipeline.py:352@0.5.23`): the HRM-Text branch (`:766-813`).
/// HRM-Text (`model_type == "hrm_text"` or `HrmTextForCausalLM` in `architectures`) with
/// `prefix_lm` (default true) gets `_hrm_text_attention_force` (`overrides.py:1774@0.5.23`:
/// `--attention-backend triton`, with a warning when another backend was resolved), then
/// `chunked_prefill_size=-1`, `disable_radix_cache=True` and `disable_cuda_graph=True`.
/// Then, from 0.5.23, `--enable-encoder-swa-bounded-replay` is refused for a checkpoint that is not
/// DeepSeek-V4.1 (`:1037-1045`). The embedding-spec, EmbeddingGemma and Clef/Kev branches of the
/// hook are not modelled (`rules::model::UNMODELLED`).
pub fn handle_model_capability_adjustments(ctx: &Ctx, st: &mut State) -> Step {
    hrm_text_force(ctx, st);
    // model_hook.py:1037-1045@0.5.23: DeepSeek-V4.1 validates its replay budget (not modelled),
    // any other checkpoint refuses the flag
    if ctx.v >= SglangVersion::V0_5_23
        && ctx.model.model_type.as_deref() != Some("deepseek_v41")
        && st.cur.enable_encoder_swa_bounded_replay
    {
        return Err(st.raise(ctx, &mr::ENCODER_SWA_REPLAY, &[]));
    }
    Ok(())
}

/// The HRM-Text branch of `handle_model_capability_adjustments` (`model_hook.py:766-813@0.5.23`).
fn hrm_text_force(ctx: &Ctx, st: &mut State) {
    let root = &ctx.model.hf.root;
    let is_hrm_text = ctx.model.model_type.as_deref() == Some("hrm_text")
        || ctx
            .model
            .architectures
            .iter()
            .any(|a| a == "HrmTextForCausalLM");
    // getattr(hf_config, "prefix_lm", True)
    let prefix_lm = root
        .get("prefix_lm")
        .map(crate::model::hf::truthy)
        .unwrap_or(true);
    if !(is_hrm_text && prefix_lm) {
        return;
    }
    if let Some(b) = st.cur.attention_backend.clone()
        && b != "triton"
    {
        st.emit(
            ctx,
            &mr::HRM_TEXT_BACKEND,
            &[("view.attention_backend", PyVal::s(&b))],
        );
    }
    st.cur.attention_backend = Some("triton".into());
    st.by("attention_backend", &mr::HRM_TEXT_BACKEND);
    st.cur.chunked_prefill_size = Some(-1);
    st.by("chunked_prefill_size", &mr::HRM_TEXT_FORCE);
    st.cur.disable_radix_cache = true;
    st.by("disable_radix_cache", &mr::HRM_TEXT_FORCE);
    st.cur.disable_cuda_graph = true;
    st.by("disable_cuda_graph", &mr::HRM_TEXT_FORCE);
    st.emit(ctx, &mr::HRM_TEXT_FORCE, &[]);
}

/// The Qwen3-VL providers (`model_overrides/qwen3_vl.py@0.5.23`), in registration order:
/// `_qwen3vl_overrides` (:65-78, page size 16 for aiter's unified attention on ROCm) and, since
/// 0.5.20, `_qwen3vl_hopper_serving_overrides` (:82-139) with `large_hopper_qwen3_vl_model_type`
/// (:20-32): SM90 (`is_sm90_supported`), at least 60 × 1024 MiB of GPU memory (the catalogue's
/// `memory_mib`; unknown for a bare compute capability, so not applied), a multimodal config of
/// model_type qwen3_vl / qwen3_vl_moe. Its environment writes (`SGLANG_VLM_CACHE_SIZE_MB`,
/// `SGLANG_MM_FEATURE_CACHE_MB`) change no modelled check; `--mm-preprocess-cache-size-mb`
/// counts as cache retention only when the user gave a positive value.
fn qwen3_vl_overrides(ctx: &Ctx, st: &mut State) {
    let aiter_unified = crate::py::env_bool(ctx.env("SGLANG_USE_AITER_UNIFIED_ATTN"), false);
    if ctx.hw.is_hip() && aiter_unified && st.cur.page_size.is_none() {
        st.cur.page_size = Some(16);
        st.by("page_size", &mr::QWEN3_VL_AITER_PAGE);
        st.emit(ctx, &mr::QWEN3_VL_AITER_PAGE, &[]);
        return;
    }
    if ctx.v < SglangVersion::V0_5_20 || !ctx.hw.is_sm90() {
        return;
    }
    let Some(mem) = ctx.hw.memory_mib() else {
        return;
    };
    let model_type = ctx.model.model_type.as_deref().unwrap_or("");
    if mem < 60 * 1024
        || !ctx.model.is_multimodal
        || !matches!(model_type, "qwen3_vl" | "qwen3_vl_moe")
    {
        return;
    }
    // SGLANG_VLM_CACHE_SIZE_MB: the provider sets 0 when it is unset
    let vlm_cache = ctx
        .env("SGLANG_VLM_CACHE_SIZE_MB")
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or(0);
    let mut updates: Vec<(PyVal, PyVal)> = Vec::new();
    let mut set = |st: &mut State, field: &'static str, value: PyVal| {
        updates.push((PyVal::s(field), value));
        st.by(field, &mr::QWEN3_VL_HOPPER_DEFAULTS);
    };
    let preprocess = match st.cur.mm_preprocess_cache_size_mb {
        Some(n) => n,
        None => {
            st.cur.mm_preprocess_cache_size_mb = Some(0);
            set(st, "mm_preprocess_cache_size_mb", PyVal::Int(0));
            0
        }
    };
    let retention = preprocess > 0 || vlm_cache > 0;
    if st.cur.mm_feature_transport.is_none() && st.cur.nnodes == 1 && !retention {
        st.cur.mm_feature_transport = Some("cuda_ipc".into());
        set(st, "mm_feature_transport", PyVal::s("cuda_ipc"));
    }
    if st.cur.radix_eviction_policy == "lru" && !ctx.given("radix_eviction_policy") {
        st.cur.radix_eviction_policy = "priority".into();
        set(st, "radix_eviction_policy", PyVal::s("priority"));
    }
    if st.cur.prefill_decode_interval.is_none() {
        st.cur.prefill_decode_interval = Some(22);
        set(st, "prefill_decode_interval", PyVal::Int(22));
    }
    if st.cur.attention_backend.is_none() && st.cur.decode_attention_backend.is_none() {
        st.cur.decode_attention_backend = Some("flashinfer".into());
        set(st, "decode_attention_backend", PyVal::s("flashinfer"));
    }
    if !updates.is_empty() {
        st.emit(
            ctx,
            &mr::QWEN3_VL_HOPPER_DEFAULTS,
            &[
                ("model_type", PyVal::Raw(model_type.to_string())),
                ("updates", PyVal::Dict(updates)),
            ],
        );
    }
}
