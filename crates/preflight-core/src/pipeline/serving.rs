//! The serving-surface steps of `run_resolution_pipeline` (`arg_groups/serving_hook.py@0.5.23`):
//! the early entry checks (`handle_multimodal`, `handle_ssl_validation`,
//! `handle_asr_validation`, `handle_deprecated_args`: pipeline.py:115-119@0.5.23) and the late
//! ones (`handle_tokenizer_batching`, `handle_environment_variables`, `handle_other_validations`:
//! pipeline.py:318-337@0.5.23), in the same order in every modelled release.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::serving as r;
use crate::version::SglangVersion as V;

fn env_bool(ctx: &Ctx, name: &str) -> bool {
    crate::py::env_bool(ctx.env(name), false)
}

/// `EnvInt.get()` with a `None` default: Python `int()` of the variable, else `None`.
fn env_int_opt(ctx: &Ctx, name: &str) -> Option<i64> {
    match ctx.env(name).map(crate::args::py_int) {
        Some(Some(Ok(i))) => Some(i),
        _ => None,
    }
}

fn truthy<S: AsRef<str>>(s: &Option<S>) -> bool {
    s.as_ref().is_some_and(|x| !x.as_ref().is_empty())
}

/// `handle_multimodal` (`serving_hook.py:138-160@0.5.23`): the cache size (the
/// `--mm-process-config` structure is not modelled).
pub fn handle_multimodal(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.mm_preprocess_cache_size_mb.is_some_and(|m| m < 0) {
        return Err(st.raise(ctx, &r::MM_CACHE_NEGATIVE, &[]));
    }
    Ok(())
}

/// `handle_ssl_validation` (`serving_hook.py:47-122@0.5.23`). The files are assumed to exist
/// and granian to be installed.
pub fn handle_ssl_validation(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    let (key, cert) = (truthy(&c.ssl_keyfile), truthy(&c.ssl_certfile));
    if key && !cert {
        return Err(st.raise(ctx, &r::SSL_KEY_NO_CERT, &[]));
    }
    if cert && !key {
        return Err(st.raise(ctx, &r::SSL_CERT_NO_KEY, &[]));
    }
    if !cert && !key {
        if truthy(&c.ssl_ca_certs) {
            return Err(st.raise(ctx, &r::SSL_CA_ALONE, &[]));
        }
        if truthy(&c.ssl_keyfile_password) {
            return Err(st.raise(ctx, &r::SSL_PASSWORD_ALONE, &[]));
        }
    }
    let c = &st.cur;
    if c.enable_ssl_refresh && !(cert && key) {
        return Err(st.raise(ctx, &r::SSL_REFRESH_NO_TLS, &[]));
    }
    if ctx.v >= V::V0_5_23
        && c.enable_http_worker_reuseport
        && (c.tokenizer_worker_num == 1 || c.enable_http2)
    {
        return Err(st.raise(ctx, &r::REUSEPORT, &[]));
    }
    if c.enable_http2 {
        let s = c.http2_max_concurrent_streams;
        if !(1..(1i64 << 32)).contains(&s) {
            return Err(st.raise(ctx, &r::HTTP2_STREAMS, &[]));
        }
        let w = c.http2_initial_connection_window_size;
        if !(1024..(1i64 << 31)).contains(&w) {
            return Err(st.raise(ctx, &r::HTTP2_WINDOW, &[]));
        }
    }
    Ok(())
}

/// `handle_asr_validation` (`serving_hook.py:125-135@0.5.23`).
pub fn handle_asr_validation(ctx: &Ctx, st: &mut State) -> Step {
    let b = st.cur.asr_max_buffer_seconds;
    if b <= 0 {
        return Err(st.raise(
            ctx,
            &r::ASR_BUFFER,
            &[("cfg.asr_max_buffer_seconds", PyVal::Int(b))],
        ));
    }
    let s = st.cur.asr_max_concurrent_sessions;
    if s <= 0 {
        return Err(st.raise(
            ctx,
            &r::ASR_SESSIONS,
            &[("cfg.asr_max_concurrent_sessions", PyVal::Int(s))],
        ));
    }
    Ok(())
}

/// The head of `handle_deprecated_args` (`serving_hook.py:257-271@0.5.23`), before the
/// attention aliases (`attention::handle_deprecated_args`).
pub fn handle_deprecated_args_head(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.disable_fast_image_processor {
        let b = st.cur.image_processor_backend.clone();
        if b != "auto" && b != "pil" {
            return Err(st.raise(
                ctx,
                &r::FAST_IMAGE_PROCESSOR,
                &[("cfg.image_processor_backend", PyVal::Raw(b.into_owned()))],
            ));
        }
        st.cur.image_processor_backend = "pil".into();
        st.origin(
            "image_processor_backend",
            Origin::Step("_handle_deprecated_args"),
        );
    }
    Ok(())
}

/// The quantization part of `handle_missing_default_values` (`serving_hook.py:692-709@0.5.23`,
/// :636-652@0.5.19, :635-651@0.5.20/0.5.21, :671-687@0.5.22): `--quantization unquant` (and
/// `--speculative-draft-model-quantization unquant`) is declared `None` before the model config
/// is validated, and the explicit opt-out is recorded so that no override fills `quantization`
/// from the checkpoint later.
pub fn handle_missing_default_values(_ctx: &Ctx, st: &mut State) {
    let step = || Origin::Step("_handle_missing_default_values");
    if st.cur.quantization.as_deref() == Some("unquant") {
        st.cur.quantization = None;
        st.origin("quantization", step());
        st.quantization_explicitly_unset = true;
    }
}

/// The gRPC and sidecar part of `handle_deprecated_args` (`serving_hook.py:342-430@0.5.23`).
pub fn handle_deprecated_args_grpc(ctx: &Ctx, st: &mut State) -> Step {
    let step = || Origin::Step("_handle_deprecated_args");
    if st.cur.grpc_mode && !st.cur.smg_grpc_mode {
        st.cur.smg_grpc_mode = true;
        st.origin("smg_grpc_mode", step());
    }
    let threads = crate::py::env_int(ctx.env("SGLANG_GRPC_WORKER_THREADS"), 4);
    st.cur.grpc_worker_threads = Some(threads);
    if st.cur.grpc_port.is_none()
        && let Some(p) = env_int_opt(ctx, "SGLANG_GRPC_PORT")
    {
        st.cur.grpc_port = Some(p);
        st.origin("grpc_port", step());
    }
    let legacy = st.cur.smg_grpc_mode || st.cur.grpc_mode;
    if legacy && st.cur.grpc_port.is_none() {
        st.cur.grpc_port = Some(st.cur.port + 10000);
        st.origin("grpc_port", step());
    }
    if ctx.v >= V::V0_5_21 && st.cur.grpc_response_timeout_secs <= 0 {
        return Err(st.raise(ctx, &r::GRPC_TIMEOUT, &[]));
    }
    if let Some(p) = st.cur.grpc_port {
        if !(1..=65535).contains(&p) {
            return Err(st.raise(
                ctx,
                &r::GRPC_PORT_RANGE,
                &[("cfg.grpc_port", PyVal::Int(p))],
            ));
        }
        if threads < 1 {
            return Err(st.raise(
                ctx,
                &r::GRPC_THREADS,
                &[("cfg.grpc_worker_threads", PyVal::Int(threads))],
            ));
        }
    }
    let native = st.cur.grpc_port.is_some() && !legacy;
    if st.cur.sidecar_args.is_some() && st.cur.sidecar.is_none() {
        return Err(st.raise(ctx, &r::SIDECAR_ARGS_ALONE, &[]));
    }
    if let Some(sc) = st.cur.sidecar.clone() {
        if sc.trim().is_empty() {
            return Err(st.raise(ctx, &r::SIDECAR_EMPTY, &[]));
        }
        if legacy {
            return Err(st.raise(ctx, &r::SIDECAR_LEGACY_GRPC, &[]));
        }
        if st.cur.grpc_port.is_none() {
            return Err(st.raise(ctx, &r::SIDECAR_NO_GRPC, &[]));
        }
        if ctx.v == V::V0_5_22 && env_bool(ctx, "SGLANG_RUST_SERVER") {
            return Err(st.raise(ctx, &r::SIDECAR_RUST, &[]));
        }
    }
    if native {
        if st.cur.use_ray {
            return Err(st.raise(ctx, &r::GRPC_RAY, &[]));
        }
        if st.cur.encoder_only {
            return Err(st.raise(ctx, &r::GRPC_ENCODER_ONLY, &[]));
        }
        if st.cur.tokenizer_worker_num > 1 {
            return Err(st.raise(ctx, &r::GRPC_TOKENIZER_WORKERS, &[]));
        }
        if truthy(&st.cur.api_key) || truthy(&st.cur.admin_api_key) {
            return Err(st.raise(ctx, &r::GRPC_API_KEY, &[]));
        }
    }
    Ok(())
}

/// `handle_tokenizer_batching` (`serving_hook.py:754-760@0.5.23`).
pub fn handle_tokenizer_batching(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.enable_tokenizer_batch_encode && st.cur.enable_dynamic_batch_tokenizer {
        return Err(st.raise(ctx, &r::TOKENIZER_BATCHING, &[]));
    }
    Ok(())
}

/// `handle_environment_variables` (`serving_hook.py:433-493@0.5.23`): the multimodal feature
/// transport (`handle_multimodal_feature_transport`, :796-938), then the FP4 indexer platform.
pub fn handle_environment_variables(ctx: &Ctx, st: &mut State) -> Step {
    mm_feature_transport(ctx, st)?;
    if st.cur.enable_deepseek_v4_fp4_indexer {
        let ok =
            ctx.hw.is_sm100() || ctx.hw.is_sm120() || (ctx.v >= V::V0_5_20 && ctx.hw.is_gfx95());
        if !ok {
            return Err(st.raise(ctx, &r::FP4_INDEXER, &[]));
        }
    }
    Ok(())
}

/// `handle_multimodal_feature_transport`: an explicit transport (flag, the legacy
/// `SGLANG_USE_CUDA_IPC_TRANSPORT`, or 0.5.19-0.5.20's `--keep-mm-feature-on-device`). The
/// automatic choice is `cpu` except for multimodal models on multi-node MNNVL fabrics with an
/// IMEX channel mounted (not modelled).
fn mm_feature_transport(ctx: &Ctx, st: &mut State) -> Step {
    let mut t = st.cur.mm_feature_transport.clone();
    if ctx.v <= V::V0_5_20 && st.cur.keep_mm_feature_on_device {
        if let Some(x) = t.as_deref()
            && x != "cuda_ipc"
        {
            return Err(st.raise(
                ctx,
                &r::KEEP_MM_ON_DEVICE,
                &[("requested_transport", PyVal::Raw(x.to_string()))],
            ));
        }
        t = Some("cuda_ipc".into());
    }
    if t.is_none() && !st.cur.encoder_only && ctx.env("SGLANG_USE_CUDA_IPC_TRANSPORT").is_some() {
        let on = env_bool(ctx, "SGLANG_USE_CUDA_IPC_TRANSPORT");
        t = Some(if on { "cuda_ipc" } else { "cpu" }.into());
    }
    if st.cur.encoder_only && matches!(t.as_deref(), Some("cuda_ipc" | "cuda_vmm")) {
        t = Some("cpu".into());
    }
    match t.as_deref() {
        Some("cuda_vmm") => {
            if !ctx.hw.is_cuda() {
                return Err(st.raise(ctx, &r::MM_TRANSPORT_VMM_CUDA, &[]));
            }
            if st.cur.pp_size != 1 {
                return Err(st.raise(ctx, &r::MM_TRANSPORT_VMM_PP, &[]));
            }
            if ctx.v == V::V0_5_19 && env_bool(ctx, "SGLANG_RUST_SERVER") {
                return Err(st.raise(ctx, &r::MM_TRANSPORT_VMM_RUST, &[]));
            }
        }
        Some("cuda_ipc") => {
            if !ctx.hw.is_cuda() {
                return Err(st.raise(ctx, &r::MM_TRANSPORT_IPC_CUDA, &[]));
            }
            if st.cur.nnodes != 1 {
                return Err(st.raise(ctx, &r::MM_TRANSPORT_IPC_NODES, &[]));
            }
        }
        _ => {}
    }
    Ok(())
}

/// `handle_other_validations` (`serving_hook.py:496-631@0.5.23`): optimistic prefill and the
/// prefill_complete requirement (0.5.22+).
pub fn handle_other_validations(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if c.optimistic_prefill_attempts > 0 && c.disaggregation_mode == "prefill" {
        let hicache_off = if ctx.v >= V::V0_5_21 {
            c.enable_hierarchical_cache
                && !((c.hicache_storage_backend.is_none()
                    && matches!(
                        c.hicache_write_policy.as_ref(),
                        "write_back" | "write_through"
                    ))
                    || (c.hicache_storage_backend.is_some()
                        && c.hicache_host_memory_mode == "buffer_only"
                        && c.hicache_write_policy == "write_through"))
        } else {
            c.enable_hierarchical_cache
                && (c.hicache_storage_backend.is_some() || c.hicache_write_policy != "write_back")
        };
        if c.pp_size > 1 || hicache_off {
            st.cur.optimistic_prefill_attempts = 0;
            st.origin(
                "optimistic_prefill_attempts",
                Origin::Step("_handle_other_validations"),
            );
        }
    }
    let c = &st.cur;
    if ctx.v >= V::V0_5_22
        && c.disaggregation_decode_allocation_policy == "prefill_complete"
        && c.disaggregation_mode == "prefill"
        && c.optimistic_prefill_attempts <= 0
    {
        return Err(st.raise(ctx, &r::PREFILL_COMPLETE_OPTIMISTIC, &[]));
    }
    Ok(())
}

/// `handle_offload_compatibility` (`memory_hook.py:28-44@0.5.23`, 0.5.20+), run after
/// `handle_hicache_ratio_default` (pipeline.py:80@0.5.23) and again after the model overrides
/// (whose PLE default is not modelled: the first run decides for explicit flags).
pub fn handle_offload_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < V::V0_5_20 {
        return Ok(());
    }
    let c = &st.cur;
    if c.ple_offload_embedding == Some(true) && (c.cpu_offload_gb > 0 || c.offload_group_size > 0) {
        return Err(st.raise(ctx, &r::PLE_OFFLOAD_GENERIC, &[]));
    }
    if c.ple_offload_backend == "file" && c.ple_offload_embedding == Some(false) {
        return Err(st.raise(ctx, &r::PLE_OFFLOAD_FILE, &[]));
    }
    Ok(())
}

/// `finalize_cuda_graph_prefill_max_context` (`cuda_graph_hook.py:450-477@0.5.23`, 0.5.21+),
/// the last step of resolution (pipeline.py:366@0.5.23): `--cuda-graph-prefill-max-context`
/// page-aligned against the model's context length (`_resolve_max_context_size`, :423-447).
/// A structured `--cuda-graph-config`, which may override it, is not modelled.
pub fn finalize_cuda_graph_prefill_max_context(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < V::V0_5_21 || !matches!(st.cur.cuda_graph_config, PyVal::None) {
        return Ok(());
    }
    let Some(requested) = st.cur.cuda_graph_prefill_max_context else {
        return Ok(());
    };
    if requested <= 0 {
        return Err(st.raise(ctx, &r::PREFILL_GRAPH_CONTEXT_POSITIVE, &[]));
    }
    let page = st.cur.page_size.unwrap_or(1).max(1);
    let aligned = (requested + page - 1) / page * page;
    let context_len = ctx.model.context_len;
    if context_len > 0 && aligned > context_len {
        return Err(st.raise(
            ctx,
            &r::PREFILL_GRAPH_CONTEXT_LEN,
            &[
                ("aligned_size", PyVal::Int(aligned)),
                ("model_context_len", PyVal::Int(context_len)),
            ],
        ));
    }
    Ok(())
}

/// `PortArgs.init_new` (`server_args.py:770-800@0.5.23`), called by the engine after
/// `check_server_args` and the publication (`entrypoints/engine.py:1184@0.5.23`), before any
/// process is spawned: decoupled speculative decoding needs its three endpoints. The rest
/// (free ports) needs the live machine.
pub fn port_args_init_new(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if c.decoupled_spec_role != "null"
        && (c.decoupled_spec_bind_endpoint.is_none()
            || c.decoupled_spec_connect_endpoints.is_none()
            || c.decoupled_spec_rank.is_none())
    {
        return Err(st.raise(ctx, &r::DECOUPLED_SPEC_ENDPOINTS, &[]));
    }
    Ok(())
}
