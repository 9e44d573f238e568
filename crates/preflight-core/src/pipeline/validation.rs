//! `arg_groups/validation_hook.py`: the early validations of `run_resolution_pipeline`
//! (`pipeline.py:90-94@0.5.23`, `:89-91@0.5.22`, `:81-83@0.5.21`, `:108-110@0.5.20`,
//! `:99@0.5.19`), the context-length check of the first `ModelConfig`, and `check_server_args`,
//! which the engine calls after resolution and before the tokenizer publish
//! (`entrypoints/engine.py:1165@0.5.23`, `:1157@0.5.22`, `:1101@0.5.21`, `:1087@0.5.20`,
//! `:1076@0.5.19`).

use super::{Ctx, Diags, State, Step};
use crate::args::ServerArgs;
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::context as cr;
use crate::rules::validation as vr;
use crate::version::SglangVersion as V;

/// The early validations, in SGLang's order (`validate_prefill_decode_interval`,
/// `validate_response_store` and `validate_sampling_mask_max_tokens` from 0.5.20,
/// `handle_aux_hidden_state_capture` in 0.5.23).
pub fn validate_early(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    // validate_prefill_decode_interval (validation_hook.py:657-662@0.5.23)
    if c.prefill_decode_interval.is_some_and(|i| i < 0) {
        return Err(st.raise(ctx, &vr::PREFILL_DECODE_INTERVAL, &[]));
    }
    if ctx.v >= V::V0_5_23 && c.prefill_decode_interval_min_bs < 0 {
        return Err(st.raise(ctx, &vr::PREFILL_DECODE_INTERVAL_MIN_BS, &[]));
    }
    if ctx.v >= V::V0_5_20 {
        // validate_response_store (:109-116@0.5.23)
        if c.enable_response_store && c.disaggregation_mode != "null" {
            return Err(st.raise(ctx, &vr::RESPONSE_STORE_PD, &[]));
        }
        // validate_sampling_mask_max_tokens (:678-691@0.5.23): EnvField.is_set()
        if ctx
            .env("SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS")
            .is_some()
        {
            return Err(st.raise(ctx, &vr::SAMPLING_MASK_ENV, &[]));
        }
        if c.sampling_mask_max_tokens <= 0 {
            let n = c.sampling_mask_max_tokens;
            return Err(st.raise(
                ctx,
                &vr::SAMPLING_MASK_POSITIVE,
                &[("cfg.sampling_mask_max_tokens", PyVal::Int(n))],
            ));
        }
    }
    if ctx.v >= V::V0_5_23 {
        handle_aux_hidden_state_capture(ctx, st)?;
    }
    Ok(())
}

/// `handle_aux_hidden_state_capture` (`validation_hook.py:697-753@0.5.23`).
fn handle_aux_hidden_state_capture(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if !c.enable_return_aux_hidden_states {
        if c.return_aux_hidden_state_layer_ids.is_some() {
            return Err(st.raise(ctx, &vr::AUX_LAYER_IDS_WITHOUT_FLAG, &[]));
        }
        return Ok(());
    }
    let method = c
        .speculative_algorithm
        .clone()
        .unwrap_or_default()
        .to_uppercase();
    if !matches!(method.as_str(), "EAGLE3" | "DFLASH" | "DSPARK") {
        let alg = match &c.speculative_algorithm {
            Some(a) => PyVal::s(a),
            None => PyVal::None,
        };
        return Err(st.raise(
            ctx,
            &vr::AUX_NEEDS_METHOD,
            &[("cfg.speculative_algorithm", alg)],
        ));
    }
    if c.speculative_draft_model_path.is_some() {
        return Err(st.raise(ctx, &vr::AUX_NO_DRAFT, &[]));
    }
    if c.pp_size != 1 {
        return Err(st.raise(ctx, &vr::AUX_PP, &[]));
    }
    let ids = c.return_aux_hidden_state_layer_ids.clone();
    if method != "EAGLE3" && ids.as_ref().is_none_or(|l| l.is_empty()) {
        return Err(st.raise(
            ctx,
            &vr::AUX_LAYER_IDS_REQUIRED,
            &[("method", PyVal::s(&method))],
        ));
    }
    if let Some(ids) = ids {
        let list = PyVal::List(ids.iter().map(|i| PyVal::Int(*i)).collect());
        if ids.is_empty() {
            return Err(st.raise(ctx, &vr::AUX_LAYER_IDS_EMPTY, &[]));
        }
        if ids.iter().any(|i| *i < 0) {
            return Err(st.raise(
                ctx,
                &vr::AUX_LAYER_IDS_NEGATIVE,
                &[("list(layer_ids)", list)],
            ));
        }
        let mut seen = ids.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != ids.len() {
            return Err(st.raise(ctx, &vr::AUX_LAYER_IDS_REPEAT, &[("list(layer_ids)", list)]));
        }
    }
    // declare_resolution(speculative_algorithm=None, aux_hidden_state_capture=method.lower())
    st.cur.speculative_algorithm = None;
    st.origin(
        "speculative_algorithm",
        Origin::Step("_handle_aux_hidden_state_capture"),
    );
    Ok(())
}

/// The first `model_config_of(server_args)` of resolution (`apply_inkling_prefill_cuda_graph_default`,
/// `cuda_graph_hook.py:349-363@0.5.23`, right after `handle_decode_context_parallelism`):
/// `ModelConfig.__init__` derives the context length (`_derive_context_length`,
/// `configs/model_config.py:1291-1329@0.5.23`) before it verifies the quantization.
pub fn derive_context_length(ctx: &Ctx, st: &mut State) -> Step {
    // `ModelConfig.__init__` validates --quantize-and-serve first
    // (`_validate_quantize_and_serve_config`, `configs/model_config.py:1968-1997@0.5.23`), on the
    // resolving view's quantization, before it lower-cases it
    if st.cur.quantize_and_serve {
        const MODELOPT: &[&str] = &[
            "modelopt",
            "modelopt_fp8",
            "modelopt_fp4",
            "nvfp4_online",
            "modelopt_mixed",
        ];
        if !st
            .cur
            .quantization
            .as_deref()
            .is_some_and(|q| MODELOPT.contains(&q))
        {
            let mut sorted = MODELOPT.to_vec();
            sorted.sort_unstable();
            let methods = format!("{{{}}}", sorted.join(", "));
            return Err(st.raise(
                ctx,
                &cr::QUANTIZE_AND_SERVE_NEEDS_MODELOPT,
                &[("methods", PyVal::Raw(methods))],
            ));
        }
        return Err(st.raise(ctx, &cr::QUANTIZE_AND_SERVE_DISABLED, &[]));
    }
    // then get_config (model_config.py:617@0.5.23) and get_hf_text_config (:636); from 0.5.23
    // the config was first loaded before (pipeline::model::text_config_assert)
    if ctx.v <= V::V0_5_22 {
        super::model::text_config_assert(ctx, st)?;
    }
    let derived = ctx.model.derived_context_len;
    if let Some(user) = ctx.args.context_length
        && user > derived
    {
        let allowed =
            crate::py::env_bool(ctx.env("SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN"), false)
                || crate::py::env_bool(ctx.env("SGLANG_IS_IN_CI"), false);
        if !allowed {
            let msg = format!(
                "Warning: User-specified context_length ({user}) is greater than the derived context_length ({derived}). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config."
            );
            return Err(st.raise(ctx, &cr::CONTEXT_TOO_LONG, &[("msg", PyVal::s(msg))]));
        }
    }
    layer_ids_assert(ctx, st)
}

/// `get_hybrid_layer_ids`'s asserts on the config's layer lists, from `_derive_hybrid_model`
/// (`configs/model_config.py:888@0.5.23`, after the context length).
fn layer_ids_assert(ctx: &Ctx, st: &mut State) -> Step {
    use crate::model::LayerIdsAssert as A;
    let ints = |ids: &[i64]| PyVal::List(ids.iter().map(|i| PyVal::Int(*i)).collect());
    match &ctx.model.layer_ids_assert {
        None => Ok(()),
        Some(A::InklingNotUnique(ids)) => Err(st.raise(
            ctx,
            &cr::INKLING_LOCAL_NOT_UNIQUE,
            &[("local_layer_ids", ints(ids))],
        )),
        Some(A::InklingOutOfRange(n, ids)) => Err(st.raise(
            ctx,
            &cr::INKLING_LOCAL_OUT_OF_RANGE,
            &[
                ("num_hidden_layers", PyVal::Int(*n)),
                ("local_layer_ids", ints(ids)),
            ],
        )),
    }
}

/// `attn_dp_enabled_of(cfg)` (0.5.22+), `cfg.enable_dp_attention` before.
fn attn_dp_enabled(ctx: &Ctx, st: &impl AsRef<ServerArgs>) -> bool {
    let c = st.as_ref();
    if ctx.v >= V::V0_5_22 {
        c.attn_dp_size > 1
    } else {
        c.enable_dp_attention
    }
}

/// `check_server_args` (`arg_groups/validation_hook.py:172-381@0.5.23`), on the resolved view.
pub fn check_server_args(ctx: &Ctx, st: &mut State) -> Step {
    let (c, mut dg) = st.checks();
    // `(tp_size * pp_size) % nnodes` divides by --nnodes 0 before it can assert
    if c.ep_join_mode.as_deref() != Some("scale") && c.nnodes == 0 {
        return Err(dg.raise(ctx, &vr::NNODES_ZERO, &[]));
    }
    if c.ep_join_mode.as_deref() != Some("scale")
        && crate::py::modulo(c.tp_size * c.pp_size, c.nnodes).is_some_and(|r| r != 0)
    {
        return Err(dg.raise(ctx, &vr::NNODES_DIVISIBLE, &[]));
    }
    if let Some(m) = c.pp_max_micro_batch_size.filter(|m| *m < 1) {
        return Err(dg.raise(
            ctx,
            &vr::PP_MICRO_BATCH,
            &[("cfg.pp_max_micro_batch_size", PyVal::Int(m))],
        ));
    }
    if c.disable_cuda_graph_padding && c.enable_torch_compile {
        return Err(dg.raise(ctx, &vr::PADDING_TORCH_COMPILE, &[]));
    }
    if c.pp_size > 1 {
        // _pipeline_parallel_overlap_disable (overrides.py) has disabled the overlap schedule
        let alg = c.speculative_algorithm.as_deref();
        if ctx.v <= V::V0_5_20 {
            if alg.is_some() {
                return Err(dg.raise(ctx, &vr::PP_SPEC_LEGACY, &[]));
            }
        } else if alg == Some("DSPARK") {
            // not modelled (needs a draft checkpoint; _handle_dspark refuses it first)
        } else if let Some(a) = alg {
            if a.to_uppercase() != "EAGLE" || c.enable_multi_layer_eagle {
                return Err(dg.raise(ctx, &vr::PP_SPEC_EAGLE_ONLY, &[]));
            }
            if crate::py::env_bool(ctx.env("SGLANG_ENABLE_PP_SPEC"), false) {
                if c.disaggregation_mode != "null" {
                    return Err(dg.raise(ctx, &vr::PP_SPEC_ENV_DISAGG, &[]));
                }
                if c.speculative_adaptive {
                    return Err(dg.raise(ctx, &vr::PP_SPEC_ENV_ADAPTIVE, &[]));
                }
                if attn_dp_enabled(ctx, c) {
                    return Err(dg.raise(ctx, &vr::PP_SPEC_ENV_DP_ATTENTION, &[]));
                }
            } else if c.disaggregation_mode != "prefill" {
                return Err(dg.raise(ctx, &vr::PP_SPEC_PREFILL_ONLY, &[]));
            }
        }
        if c.min_free_slots_delay.is_some() {
            return Err(dg.raise(ctx, &vr::PP_MIN_FREE_SLOTS, &[]));
        }
    }
    let multinode_dp =
        c.dp_size > 1 && c.nnodes != 1 && (ctx.v >= V::V0_5_22 || !c.enable_dp_attention);
    if multinode_dp {
        return Err(dg.raise(ctx, &vr::MULTINODE_DP, &[]));
    }
    if c.base_gpu_id < 0 {
        return Err(dg.raise(ctx, &vr::BASE_GPU_ID, &[]));
    }
    if c.gpu_id_step < 1 {
        return Err(dg.raise(ctx, &vr::GPU_ID_STEP, &[]));
    }
    if let Some(m) = c.moe_dense_tp_size
        && m != 1
        && m != c.tp_size
    {
        return Err(dg.raise(ctx, &vr::MOE_DENSE_TP, &[]));
    }
    // served_model_name defaults to the model path (handle_missing_default_values)
    let served = c
        .served_model_name
        .clone()
        .unwrap_or_else(|| c.model_path.clone());
    let runai = ["s3://", "gs://", "az://"]
        .iter()
        .any(|p| served.to_lowercase().starts_with(p));
    if !runai && served.contains(':') {
        return Err(dg.raise(
            ctx,
            &vr::SERVED_NAME_COLON,
            &[("cfg.served_model_name", PyVal::s(served))],
        ));
    }
    super::lora::check_lora_server_args(ctx, st)?; // validation_hook.py:222@0.5.23
    let (c, mut dg) = st.checks();
    if c.enable_pdmux {
        if c.pp_size != 1 {
            return Err(dg.raise(ctx, &vr::PDMUX_PP, &[]));
        }
        // the memory default is positive: only an explicit -1 (or a hook's) disables it
        if c.chunked_prefill_size != Some(-1) {
            return Err(dg.raise(ctx, &vr::PDMUX_CHUNKED, &[]));
        }
        if c.disaggregation_mode != "null" {
            return Err(dg.raise(ctx, &vr::PDMUX_DISAGG, &[]));
        }
        if !c.disable_overlap_schedule {
            return Err(dg.raise(ctx, &vr::PDMUX_OVERLAP, &[]));
        }
    }
    if c.tokenizer_worker_num <= 0 {
        return Err(dg.raise(ctx, &vr::TOKENIZER_WORKERS, &[]));
    }
    if c.detokenizer_worker_num <= 0 {
        return Err(dg.raise(ctx, &vr::DETOKENIZER_WORKERS, &[]));
    }
    if c.mm_processor_worker_num < 0 {
        return Err(dg.raise(ctx, &vr::MM_PROCESSOR_WORKERS, &[]));
    }
    if c.mm_io_worker_num < 0 {
        return Err(dg.raise(ctx, &vr::MM_IO_WORKERS, &[]));
    }
    validate_buckets_rule(
        ctx,
        &mut dg,
        "--prompt-tokens-buckets",
        &c.prompt_tokens_buckets,
    )?;
    validate_buckets_rule(
        ctx,
        &mut dg,
        "--generation-tokens-buckets",
        &c.generation_tokens_buckets,
    )?;
    if c.enable_priority_scheduling && !matches!(c.schedule_policy.as_ref(), "fcfs" | "lof") {
        return Err(dg.raise(
            ctx,
            &vr::PRIORITY_POLICY,
            &[("cfg.schedule_policy", PyVal::s(&c.schedule_policy))],
        ));
    }
    if c.retraction_policy == "priority" && !c.enable_priority_scheduling {
        return Err(dg.raise(ctx, &vr::RETRACTION_PRIORITY, &[]));
    }
    super::hisparse::validate_hisparse(ctx, st)?; // run_post_process_pass(_hisparse_validation)
    let (c, mut dg) = st.checks();
    if c.schedule_conservativeness < 0.0 {
        return Err(dg.raise(ctx, &vr::SCHEDULE_CONSERVATIVENESS, &[]));
    }
    if c.model_impl == "mindspore" {
        return Err(dg.raise(ctx, &vr::MINDSPORE_NPU, &[]));
    }
    // handle_missing_default_values: device defaults to the platform's ("cuda" on ROCm too)
    let device = c
        .device
        .clone()
        .map(|d| d.split(':').next().unwrap_or_default().to_string())
        .unwrap_or_else(|| "cuda".into());
    if ctx.v >= V::V0_5_22 && c.load_format == "instanttensor" && device != "cuda" {
        return Err(dg.raise(
            ctx,
            &vr::INSTANTTENSOR_DEVICE,
            &[("cfg.device", PyVal::s(&device))],
        ));
    }
    if c.tokenizer_metrics_custom_labels_header.is_empty()
        && c.tokenizer_metrics_allowed_custom_labels
            .as_ref()
            .is_some_and(|l| !l.is_empty())
    {
        return Err(dg.raise(ctx, &vr::METRICS_LABELS_HEADER, &[]));
    }
    if c.export_metrics_to_file && c.export_metrics_to_file_dir.is_none() {
        return Err(dg.raise(ctx, &vr::EXPORT_METRICS_DIR, &[]));
    }
    // check_two_batch_overlap (:756-772@0.5.23); 0.5.19 also exempts ROCm DSA round-robin CP
    let cp_tbo = ctx.v <= V::V0_5_19
        && ctx.hw.is_hip()
        && c.enable_dsa_prefill_context_parallel
        && c.dsa_prefill_cp_mode == "round-robin-split";
    if c.enable_two_batch_overlap
        && c.moe_a2a_backend == "none"
        // attention DP as check_two_batch_overlap reads it (the parallel step's reading)
        && !super::parallel::attn_dp_enabled(ctx, c)
        && !cp_tbo
    {
        return Err(dg.raise(ctx, &vr::TBO_NEEDS_DP_ATTENTION, &[]));
    }
    if c.enable_quant_communications == Some(true) && c.tp_size == 1 {
        return Err(dg.raise(ctx, &vr::QUANT_COMM_TP1, &[]));
    }
    if c.enable_quant_communications == Some(true) && device != "npu" {
        return Err(dg.raise(ctx, &vr::QUANT_COMM_NPU, &[]));
    }
    if ctx.v >= V::V0_5_21 && c.sampling_backend.as_deref() == Some("intel_xpu") && device != "xpu"
    {
        return Err(dg.raise(
            ctx,
            &vr::INTEL_XPU_SAMPLING,
            &[("device", PyVal::s(&device))],
        ));
    }
    if !(c.smg_grpc_mode || c.grpc_mode) && c.grpc_port == Some(c.port) {
        return Err(dg.raise(
            ctx,
            &vr::GRPC_PORT,
            &[
                ("cfg.grpc_port", PyVal::Int(c.port)),
                ("cfg.port", PyVal::Int(c.port)),
            ],
        ));
    }
    if let Some(g) = &c.gc_threshold
        && !g.is_empty()
        && g.len() > 3
    {
        return Err(dg.raise(ctx, &vr::GC_THRESHOLD, &[]));
    }
    if c.kv_canary_sweep_interval > 0 && c.kv_canary == "none" {
        // a plain string in SGLang: its braces are literal text
        let braces = PyVal::Raw("{log, raise}".into());
        return Err(dg.raise(ctx, &vr::KV_CANARY_SWEEP, &[("log, raise", braces)]));
    }
    if ctx.v >= V::V0_5_22 {
        check_watermark_server_args(ctx, st, &device)?;
    }
    let (c, mut dg) = st.checks();
    // check_load_publish_args (:435-474@0.5.23): only its first check is modelled
    let mode = c
        .load_publish_endpoint
        .as_deref()
        .unwrap_or_default()
        .trim()
        .to_string();
    if !mode.is_empty()
        && mode.to_lowercase() != "off"
        && c.kv_events_config.as_deref().is_none_or(str::is_empty)
    {
        return Err(dg.raise(ctx, &vr::LOAD_PUBLISH_NEEDS_KV_EVENTS, &[]));
    }
    Ok(())
}

/// `check_watermark_server_args` (`validation_hook.py:34-106@0.5.23`, since 0.5.22).
fn check_watermark_server_args(ctx: &Ctx, st: &mut State, device: &str) -> Step {
    let (c, mut dg) = st.checks();
    if !c.enable_watermark {
        return Ok(()); // --watermark-config without it: handle_watermark_config reads the file first
    }
    if device != "cuda" {
        return Err(dg.raise(ctx, &vr::WM_DEVICE, &[("cfg.device", PyVal::s(device))]));
    }
    // the key, key_b, context window and probabilities come from the --watermark-config file
    // (handle_watermark_config), not from flags: their checks are not modelled
    if c.enable_custom_logit_processor {
        return Err(dg.raise(ctx, &vr::WM_CUSTOM_LOGIT, &[]));
    }
    if c.dllm_algorithm.is_some() {
        return Ok(()); // not modelled (diffusion LLMs)
    }
    if c.disaggregation_mode != "null" {
        return Err(dg.raise(ctx, &vr::WM_PD, &[]));
    }
    let alg = c.speculative_algorithm.as_deref();
    if alg.is_some_and(|a| !matches!(a, "NGRAM" | "EAGLE" | "EAGLE3")) {
        return Ok(()); // those algorithms need a draft checkpoint (not modelled)
    }
    if c.pp_size > 1 && alg.is_some() {
        return Err(dg.raise(ctx, &vr::WM_PP_SPEC, &[]));
    }
    if c.speculative_use_rejection_sampling {
        return Err(dg.raise(ctx, &vr::WM_REJECTION_SAMPLING, &[]));
    }
    if crate::py::env_bool(ctx.env("SGLANG_RUST_SERVER"), false) {
        return Err(dg.raise(ctx, &vr::WM_RUST_SERVER, &[]));
    }
    Ok(())
}

/// Python `float(s)` for the usual spellings.
fn py_float(s: &str) -> Option<f64> {
    let t = s.trim();
    if t.is_empty() || t.contains('_') {
        return None;
    }
    t.parse::<f64>().ok()
}

/// `validate_buckets_rule` (`validation_hook.py:384-431@0.5.23`).
fn validate_buckets_rule(
    ctx: &Ctx,
    dg: &mut Diags,
    arg_name: &str,
    rule: &Option<Vec<String>>,
) -> Step {
    let Some(b) = rule.as_ref().filter(|b| !b.is_empty()) else {
        return Ok(());
    };
    let name = ("arg_name", PyVal::s(arg_name));
    let kind = b[0].as_str();
    let n = PyVal::Int(b.len() as i64);
    match kind {
        "tse" => {
            if b.len() != 4 {
                return Err(dg.raise(
                    ctx,
                    &vr::BUCKETS_TSE_ARITY,
                    &[name, ("len(buckets_rule)", n)],
                ));
            }
            let (Some(middle), Some(base), Some(count)) = (
                py_float(&b[1]),
                py_float(&b[2]),
                b[3].trim().parse::<i64>().ok(),
            ) else {
                return Err(dg.raise(ctx, &vr::BUCKETS_TSE_PARAMS, &[name]));
            };
            if base.is_nan() || base <= 1.0 {
                return Err(dg.raise(
                    ctx,
                    &vr::BUCKETS_TSE_BASE,
                    &[name, ("base", PyVal::Float(base))],
                ));
            }
            if count <= 0 {
                return Err(dg.raise(
                    ctx,
                    &vr::BUCKETS_TSE_COUNT,
                    &[name, ("count", PyVal::Int(count))],
                ));
            }
            if middle.is_nan() || middle <= 0.0 {
                return Err(dg.raise(
                    ctx,
                    &vr::BUCKETS_TSE_MIDDLE,
                    &[name, ("middle", PyVal::Float(middle))],
                ));
            }
        }
        "default" => {
            if b.len() != 1 {
                return Err(dg.raise(
                    ctx,
                    &vr::BUCKETS_DEFAULT_ARITY,
                    &[name, ("len(buckets_rule)", n)],
                ));
            }
        }
        "custom" => {
            if b.len() < 2 {
                return Err(dg.raise(ctx, &vr::BUCKETS_CUSTOM_EMPTY, &[name]));
            }
            let vals: Option<Vec<f64>> = b[1..].iter().map(|x| py_float(x)).collect();
            let Some(vals) = vals else {
                return Err(dg.raise(ctx, &vr::BUCKETS_CUSTOM_NUMERIC, &[name]));
            };
            let distinct = vals.iter().enumerate().all(|(i, x)| !vals[..i].contains(x));
            if !distinct {
                return Err(dg.raise(ctx, &vr::BUCKETS_CUSTOM_DUPLICATES, &[name]));
            }
            if !vals.iter().all(|x| *x >= 0.0) {
                return Err(dg.raise(ctx, &vr::BUCKETS_CUSTOM_NEGATIVE, &[name]));
            }
        }
        _ => {
            return Err(dg.raise(
                ctx,
                &vr::BUCKETS_RULE_TYPE,
                &[name, ("rule", PyVal::s(kind))],
            ));
        }
    }
    Ok(())
}
