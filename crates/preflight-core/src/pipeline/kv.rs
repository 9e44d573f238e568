//! KV-cache hooks (`arg_groups/kv_cache_hook.py@0.5.23`): NVFP4 prefill dequant dtype, KV4
//! compatibility, MXFP8.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::rules::kv;
use crate::version::SglangVersion;

/// `handle_nvfp4_prefill_kv_dequant_dtype` (`kv_cache_hook.py:34-97`, the same from 0.5.21;
/// not in 0.5.19 or 0.5.20).
pub fn handle_nvfp4_prefill_kv_dequant_dtype(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < SglangVersion::V0_5_21 {
        return Ok(());
    }
    let requested = ctx.args.prefill_kv_cache_dequant_dtype.clone();
    if st.cur.kv_cache_dtype != "nvfp4" {
        if requested != "auto" {
            return Err(st.raise(ctx, &kv::NVFP4_DEQUANT_ONLY, &[]));
        }
        return Ok(());
    }
    let mut req = requested.clone();
    if req == "auto" {
        let explicit = st
            .cur
            .prefill_attention_backend
            .clone()
            .or_else(|| st.cur.attention_backend.clone());
        match explicit.as_deref() {
            Some("flashinfer") => req = "fp8_e4m3".into(),
            Some("trtllm_mha") => req = "nvfp4".into(),
            Some(other) => {
                return Err(st.raise(
                    ctx,
                    &kv::NVFP4_BACKEND_NEITHER,
                    &[("explicit_backend", PyVal::s(other))],
                ));
            }
            None => {
                req = if ctx.hw.is_sm100() {
                    "nvfp4".into()
                } else {
                    "fp8_e4m3".into()
                }
            }
        }
    }
    if req == "nvfp4" && !ctx.hw.is_sm100() {
        return Err(st.raise(ctx, &kv::NVFP4_NATIVE_SM100, &[]));
    }
    let target = if req == "fp8_e4m3" {
        "flashinfer"
    } else {
        "trtllm_mha"
    };
    if let Some(p) = st
        .cur
        .prefill_attention_backend
        .clone()
        .filter(|p| p != target)
    {
        return Err(st.raise(
            ctx,
            &kv::NVFP4_PREFILL_MISMATCH,
            &[
                ("requested_dtype", PyVal::s(req)),
                ("target_prefill_backend", PyVal::s(target)),
                ("explicit_prefill_backend", PyVal::s(p)),
            ],
        ));
    }
    if let Some(d) = st
        .cur
        .decode_attention_backend
        .clone()
        .filter(|d| d != "trtllm_mha")
    {
        return Err(st.raise(
            ctx,
            &kv::NVFP4_DECODE,
            &[("explicit_decode_backend", PyVal::s(d))],
        ));
    }
    st.cur.prefill_attention_backend = Some(target.into());
    st.cur.decode_attention_backend = Some("trtllm_mha".into());
    st.by("prefill_attention_backend", &kv::NVFP4_BACKENDS_INFO);
    st.by("decode_attention_backend", &kv::NVFP4_BACKENDS_INFO);
    st.emit(ctx, &kv::NVFP4_BACKENDS_INFO, &[("req", PyVal::s(req))]);
    Ok(())
}

/// `handle_kv4_compatibility` (`kv_cache_hook.py:112-318`).
pub fn handle_kv4_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    let dtype = st.cur.kv_cache_dtype.clone();
    if dtype != "nvfp4" && dtype != "fp4_mx_block16" {
        return Ok(());
    }
    if !ctx.hw.is_cuda() {
        return Err(st.raise(ctx, &kv::KV4_NON_CUDA, &[]));
    }
    if dtype == "nvfp4" && !(ctx.hw.is_sm100() || ctx.hw.is_sm120()) {
        return Err(st.raise(ctx, &kv::NVFP4_ARCH, &[]));
    }
    let (p, d) = (
        st.prefill().unwrap_or_default(),
        st.decode().unwrap_or_default(),
    );
    // kv_cache_hook.py:131-263@0.5.23 (0.5.21+): unified memory, SM100 native NVFP4
    if ctx.v >= SglangVersion::V0_5_21 {
        if st.cur.enable_unified_memory {
            return Err(st.raise(ctx, &kv::KV4_UNIFIED, &[]));
        }
        let native =
            dtype == "nvfp4" && ctx.hw.is_sm100() && (p == "trtllm_mha" || d == "trtllm_mha");
        // the raw algorithm, upper-cased (the speculative hook has not run yet)
        let alg = st
            .cur
            .speculative_algorithm
            .as_ref()
            .map(|a| a.to_uppercase());
        let a = alg.as_deref();
        if native {
            if let Some(x @ ("DFLASH" | "DSPARK")) = a {
                return Err(st.raise(
                    ctx,
                    &kv::NVFP4_SPEC_BLOCK,
                    &[("speculative_algorithm", PyVal::s(x))],
                ));
            }
            if let Some(x) = a
                && !matches!(x, "EAGLE" | "EAGLE3" | "NEXTN" | "NGRAM")
            {
                return Err(st.raise(
                    ctx,
                    &kv::NVFP4_SPEC_ALGO,
                    &[("speculative_algorithm", PyVal::s(x))],
                ));
            }
            let breadth = st.cur.speculative_ngram_max_bfs_breadth;
            if a == Some("NGRAM") && breadth != 1 {
                return Err(st.raise(
                    ctx,
                    &kv::NVFP4_NGRAM_BREADTH,
                    &[("cfg.speculative_ngram_max_bfs_breadth", PyVal::Int(breadth))],
                ));
            }
            if a.is_some_and(|x| x != "NGRAM") {
                match st.cur.speculative_draft_attention_backend.clone() {
                    None => {
                        st.emit(ctx, &kv::NVFP4_DRAFT_DEFAULT, &[]);
                        st.cur.speculative_draft_attention_backend = Some("trtllm_mha".into());
                        st.by(
                            "speculative_draft_attention_backend",
                            &kv::NVFP4_DRAFT_DEFAULT,
                        );
                    }
                    Some(b) if b != "trtllm_mha" => {
                        return Err(st.raise(
                            ctx,
                            &kv::NVFP4_DRAFT_BACKEND,
                            &[("draft_backend", PyVal::s(b))],
                        ));
                    }
                    _ => {}
                }
            }
            // (mixed flashinfer/trtllm_mha: speculative_attention_mode prefill -> decode, not shown)
            if st.cur.disaggregation_mode != "null" {
                return Err(st.raise(ctx, &kv::NVFP4_PD, &[]));
            }
            if st.cur.enable_hierarchical_cache || st.cur.enable_lmcache {
                return Err(st.raise(ctx, &kv::NVFP4_HOST_TIER, &[]));
            }
        }
    }
    let base = st.cur.attention_backend.clone().unwrap_or_default();
    let mixed_nvfp4 = dtype == "nvfp4" && p == "flashinfer" && d == "trtllm_mha";
    let mla = ctx.model.is_mla();
    if p != d && p != "fa4" {
        if !mixed_nvfp4 {
            st.emit(
                ctx,
                &kv::KV4_MIXED,
                &[
                    ("prefill_backend", PyVal::s(p)),
                    ("decode_backend", PyVal::s(d)),
                ],
            );
        }
    } else if p == "fa4" {
        // 0.5.19's list also has cutlass_mla (kv_cache_hook.py:67@0.5.19)
        let cutlass = ctx.v <= SglangVersion::V0_5_19 && d == "cutlass_mla";
        if mla && !["flashinfer", "trtllm_mla"].contains(&d.as_str()) && !cutlass {
            return Err(st.raise(ctx, &kv::KV4_FA4_MLA, &[("decode_backend", PyVal::s(d))]));
        } else if !mla && !["triton", "torch_native", "flex_attention"].contains(&d.as_str()) {
            return Err(st.raise(ctx, &kv::KV4_FA4_MHA, &[("decode_backend", PyVal::s(d))]));
        }
    } else if mla
        && !["flashinfer", "trtllm_mla"].contains(&base.as_ref())
        // 0.5.19's list also has cutlass_mla (kv_cache_hook.py:88@0.5.19)
        && !(ctx.v <= SglangVersion::V0_5_19 && base == "cutlass_mla")
    {
        return Err(st.raise(ctx, &kv::KV4_MLA, &[("attention_backend", PyVal::s(base))]));
    } else if !mla
        && !["triton", "torch_native", "flex_attention", "trtllm_mha"].contains(&base.as_ref())
    {
        return Err(st.raise(ctx, &kv::KV4_MHA, &[("attention_backend", PyVal::s(base))]));
    }
    Ok(())
}

/// `handle_mxfp8_kv_cache_compatibility` (`kv_cache_hook.py:100-109`).
pub fn handle_mxfp8_kv_cache_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.kv_cache_dtype == "mxfp8" && !ctx.hw.is_blackwell() {
        return Err(st.raise(ctx, &kv::MXFP8_BLACKWELL, &[]));
    }
    Ok(())
}

/// `handle_cache_compatibility` (`kv_cache_hook.py:354-471@0.5.23`; the LMCache checks and the
/// swa_prefix_tails check from 0.5.21). The T-LRU eviction-config checks are not modelled.
pub fn handle_cache_compatibility(ctx: &Ctx, st: &mut State) -> Step {
    let (c, mut dg) = st.checks();
    let host_pool = c.disaggregation_decode_retraction_backup.as_deref() == Some("host_pool");
    if host_pool && c.disaggregation_mode != "decode" {
        return Err(dg.raise(ctx, &kv::HOST_POOL_DECODE, &[]));
    }
    if host_pool && c.dcp_size > 1 {
        return Err(dg.raise(ctx, &kv::HOST_POOL_DCP, &[]));
    }
    if host_pool && c.enable_priority_scheduling && !c.disable_priority_preemption {
        return Err(dg.raise(ctx, &kv::HOST_POOL_PRIORITY, &[]));
    }
    // T-LRU (0.5.21+): tlru_config.get(key, 0) of the JSON config
    if ctx.v >= SglangVersion::V0_5_21 && c.radix_eviction_policy == "tlru" {
        let get = |key: &str| -> Option<PyVal> {
            match &c.radix_eviction_policy_config {
                PyVal::None => Some(PyVal::Int(0)),
                PyVal::Dict(items) => Some(
                    items
                        .iter()
                        .find(|(k, _)| *k == PyVal::s(key))
                        .map_or(PyVal::Int(0), |(_, v)| v.clone()),
                ),
                _ => None,
            }
        };
        let num = |v: &PyVal| match v {
            PyVal::Int(i) => Some(*i as f64),
            PyVal::Float(f) => Some(*f),
            PyVal::Bool(b) => Some(f64::from(u8::from(*b))),
            _ => None,
        };
        if let (Some(t), Some(n)) = (get("threshold"), get("next_prompt_estimate"))
            && let (Some(tf), Some(nf)) = (num(&t), num(&n))
        {
            if tf < 0.0 || nf < 0.0 {
                return Err(dg.raise(
                    ctx,
                    &kv::TLRU_NONNEG,
                    &[("threshold", t), ("next_prompt_estimate", n)],
                ));
            }
            if tf <= nf {
                return Err(dg.raise(
                    ctx,
                    &kv::TLRU_ORDER,
                    &[("threshold", t), ("next_prompt_estimate", n)],
                ));
            }
        }
    }
    if c.enable_hierarchical_cache && c.disable_radix_cache {
        return Err(dg.raise(ctx, &kv::HICACHE_NO_RADIX, &[]));
    }
    if c.disaggregation_decode_enable_offload_kvcache {
        if c.disaggregation_mode != "decode" {
            return Err(dg.raise(ctx, &kv::OFFLOAD_DECODE, &[]));
        }
        if c.hicache_storage_backend.is_none() {
            return Err(dg.raise(ctx, &kv::OFFLOAD_STORAGE, &[]));
        }
        if host_pool {
            return Err(dg.raise(ctx, &kv::OFFLOAD_HOST_POOL, &[]));
        }
    }
    // the effective ratio: the user's, else the field's fallback 0.8 (0.5.19: default 0.8)
    let ratio = c.swa_full_tokens_ratio.unwrap_or(0.8);
    if !(0.0 < ratio && ratio <= 1.0) {
        return Err(dg.raise(ctx, &kv::SWA_RATIO, &[]));
    }
    if ctx.v < SglangVersion::V0_5_21 {
        return Ok(());
    }
    if c.swa_prefix_tails.is_some_and(|t| t < 0) {
        return Err(dg.raise(ctx, &kv::SWA_PREFIX_TAILS, &[]));
    }
    if c.enable_lmcache {
        if c.enable_hierarchical_cache {
            return Err(dg.raise(ctx, &kv::LMCACHE_HICACHE, &[]));
        }
        if c.enable_unified_cache_external_linker {
            return Err(dg.raise(ctx, &kv::LMCACHE_LINKER, &[]));
        }
        if c.disable_radix_cache {
            return Err(dg.raise(ctx, &kv::LMCACHE_RADIX, &[]));
        }
        if c.speculative_algorithm
            .as_deref()
            .is_some_and(|a| a != "NONE")
        {
            return Err(dg.raise(ctx, &kv::LMCACHE_SPEC, &[]));
        }
        if super::parallel::attn_dp_enabled(ctx, c) {
            return Err(dg.raise(ctx, &kv::LMCACHE_DP, &[]));
        }
        if c.dcp_size > 1 {
            return Err(dg.raise(ctx, &kv::LMCACHE_DCP, &[]));
        }
        if c.enable_streaming_session {
            return Err(dg.raise(ctx, &kv::LMCACHE_STREAMING, &[]));
        }
        if c.hicache_host_memory_mode == "buffer_only" {
            return Err(dg.raise(ctx, &kv::LMCACHE_BUFFER_ONLY, &[]));
        }
        if c.disaggregation_mode != "null" {
            return Err(dg.raise(ctx, &kv::LMCACHE_PD, &[]));
        }
    }
    Ok(())
}

/// `validate_prefill_only_disable_kv_cache_args` (`kv_cache_hook.py:862-938@0.5.23`, the same
/// from 0.5.19): run before the decode-CP step, on the values as given.
pub fn validate_prefill_only_disable_kv_cache_args(ctx: &Ctx, st: &mut State) -> Step {
    let c = &st.cur;
    if !c.prefill_only_disable_kv_cache {
        return Ok(());
    }
    let rule = if !c.is_embedding {
        &kv::PO_EMBEDDING
    } else if c.kv_cache_dtype == "nvfp4" || c.kv_cache_dtype == "fp4_mx_block16" {
        &kv::PO_FP4
    } else if c.kv_cache_dtype == "mxfp8" {
        &kv::PO_MXFP8
    } else if c.chunked_prefill_size != Some(-1) {
        &kv::PO_CHUNKED
    } else if !c.disable_radix_cache {
        &kv::PO_RADIX
    } else if c.attn_cp_size > 1 {
        &kv::PO_CP
    } else if c.enable_prefill_cp {
        &kv::PO_PREFILL_CP
    } else if c.enable_hisparse {
        &kv::PO_HISPARSE
    } else {
        return Ok(());
    };
    Err(st.raise(ctx, rule, &[]))
}

/// `handle_prefill_only_disable_kv_cache` (`kv_cache_hook.py:321-348@0.5.23`): the resolved
/// prefill backend must be fa3 or fa4.
pub fn handle_prefill_only_disable_kv_cache(ctx: &Ctx, st: &mut State) -> Step {
    if !st.cur.prefill_only_disable_kv_cache {
        return Ok(());
    }
    let p = st.prefill();
    if !matches!(p.as_deref(), Some("fa3" | "fa4")) {
        return Err(st.raise(
            ctx,
            &kv::PO_FA_PREFILL,
            &[("prefill_backend", PyVal::opt(p.as_deref()))],
        ));
    }
    Ok(())
}

/// A sorted Python list of backend names (`sorted(set)`).
fn sorted_list<'a>(names: impl IntoIterator<Item = &'a str>) -> PyVal {
    let mut v: Vec<&str> = names.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    PyVal::List(v.into_iter().map(PyVal::s).collect())
}

/// `set(attention_backends_of(resolved_view))` without `None`.
fn resolved_backends(st: &State) -> Vec<String> {
    let mut v: Vec<String> = [st.prefill(), st.decode()].into_iter().flatten().collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn subset(backends: &[String], allowed: &[&str]) -> bool {
    backends.iter().all(|b| allowed.contains(&b.as_str()))
}

fn backend_list(backends: &[String]) -> PyVal {
    sorted_list(backends.iter().map(String::as_str))
}

/// `handle_page_major_kv_layout` (`kv_cache_hook.py:765-861@0.5.23`, `:765-873@0.5.22`;
/// 0.5.19-0.5.21 are one code, `:283-390@0.5.19`, `:340-447@0.5.20`, `:658-765@0.5.21`):
/// `--enable-unified-memory` implies the page-major layout, whose attention, linear-attention and
/// Mamba backends are allow-listed.
pub fn handle_page_major_kv_layout(ctx: &Ctx, st: &mut State) -> Step {
    if st.cur.enable_unified_memory {
        st.cur.enable_page_major_kv_layout = true;
    }
    if !st.cur.enable_page_major_kv_layout {
        return Ok(());
    }
    if !st.cur.enable_unified_memory {
        return Err(st.raise(ctx, &kv::PM_NO_UNIFIED, &[]));
    }
    let m = ctx.model;
    let mla = m.is_mla();
    let v22 = ctx.v <= SglangVersion::V0_5_22;
    // unified_memory_supported_for_model (mem_cache/unified_memory_pool.py:345-347@0.5.22);
    // 0.5.21's allow-lists are 0.5.22's (its plain page-major branch is behind the assert above)
    if v22 && !mla && m.has_asymmetric_kv() {
        return Err(st.raise(
            ctx,
            &kv::UM_ASYMMETRIC,
            &[
                ("model_config.head_dim", PyVal::Int(m.head_dim)),
                ("model_config.v_head_dim", PyVal::Int(m.v_head_dim)),
                ("model_config.swa_head_dim", PyVal::Int(m.swa_head_dim)),
                ("model_config.swa_v_head_dim", PyVal::Int(m.swa_v_head_dim)),
            ],
        ));
    }
    let allowed: Vec<&str> = if mla {
        let mut a = vec![
            "triton",
            "fa3",
            "trtllm_mla",
            "flashinfer",
            "cutedsl_mla",
            "flashmla",
        ];
        if v22 {
            a.push("tokenspeed_mla");
        }
        a
    } else if !v22 && m.has_asymmetric_kv() {
        vec!["triton", "fa3", "fa4"]
    } else {
        vec!["triton", "fa3", "fa4", "flashinfer", "trtllm_mha"]
    };
    let backends = resolved_backends(st);
    if !subset(&backends, &allowed) {
        return Err(st.raise(
            ctx,
            &kv::PM_BACKENDS,
            &[
                ("sorted(backends)", backend_list(&backends)),
                ("sorted(allowed_full)", sorted_list(allowed.iter().copied())),
            ],
        ));
    }
    let mut decode_allowed = vec!["triton", "flashinfer"];
    let mut prefill_allowed = vec!["triton", "flashkda"];
    if !v22 {
        prefill_allowed.push("flashinfer");
    }
    if mla {
        decode_allowed.extend(["cutedsl", "helion"]);
        prefill_allowed.extend(["cutedsl", "helion"]);
    }
    let base = st.cur.linear_attn_backend.clone();
    let dec = st
        .cur
        .linear_attn_decode_backend
        .clone()
        .unwrap_or_else(|| base.clone());
    if !decode_allowed.contains(&dec.as_ref()) {
        return Err(st.raise(
            ctx,
            &kv::PM_LINEAR_DECODE,
            &[
                ("sorted(decode_allowed)", sorted_list(decode_allowed)),
                ("resolved_linear_decode", PyVal::s(dec)),
            ],
        ));
    }
    let pre = st
        .cur
        .linear_attn_prefill_backend
        .clone()
        .unwrap_or_else(|| base.clone());
    if !prefill_allowed.contains(&pre.as_ref()) {
        return Err(st.raise(
            ctx,
            &kv::PM_LINEAR_PREFILL,
            &[
                ("sorted(prefill_allowed)", sorted_list(prefill_allowed)),
                ("resolved_linear_prefill", PyVal::s(pre)),
            ],
        ));
    }
    if st.cur.mamba_backend != "triton" {
        let mb = PyVal::s(st.cur.mamba_backend.clone());
        return Err(st.raise(ctx, &kv::PM_MAMBA_BACKEND, &[("cfg.mamba_backend", mb)]));
    }
    Ok(())
}

const SPEC_VERIFY_AUDITED: &[&str] = &[
    "triton",
    "trtllm_mla",
    "cutedsl_mla",
    "flashmla",
    "flashinfer",
    "fa3",
];

/// `_SPEC_MHA_AUDITED_BACKENDS` (0.5.23) / `TRANSLATED_MHA_RAILS` (0.5.22).
fn mha_rails(ctx: &Ctx) -> Vec<&'static str> {
    let mut v = vec!["triton", "flashinfer", "fa3"];
    if ctx.v >= SglangVersion::V0_5_23 {
        v.push("trtllm_mha");
    }
    v
}

/// `_SPEC_VERIFY_AUDITED_BACKENDS` of the release (0.5.22 also tokenspeed_mla).
fn spec_verify_audited(ctx: &Ctx) -> Vec<&'static str> {
    let mut v = SPEC_VERIFY_AUDITED.to_vec();
    if ctx.v <= SglangVersion::V0_5_22 {
        v.push("tokenspeed_mla");
    }
    v
}

/// `_assert_spec_verify_backends` (`kv_cache_hook.py:500-525@0.5.23`).
fn assert_spec_verify_backends(ctx: &Ctx, st: &mut State, alg: &str, allowed: Vec<&str>) -> Step {
    let mut allowed = allowed;
    let mut note = "";
    if st.cur.dcp_size > 1 {
        allowed.retain(|b| *b != "flashinfer");
        note = " (flashinfer is excluded under --dcp-size > 1)";
    }
    let backends = resolved_backends(st);
    if !subset(&backends, &allowed) {
        return Err(st.raise(
            ctx,
            &kv::UM_SPEC_VERIFY,
            &[
                ("algorithm", PyVal::s(alg)),
                ("sorted(allowed)", sorted_list(allowed)),
                ("dcp_note", PyVal::s(note)),
                ("sorted(backends)", backend_list(&backends)),
            ],
        ));
    }
    Ok(())
}

/// `handle_unified_memory_pool` (`kv_cache_hook.py:528-716@0.5.23`, `:528-724@0.5.22`,
/// `:477-611@0.5.21`, `:197-292@0.5.20`, `:196-281@0.5.19`) and `_validate_unified_memory_dcp`.
pub fn handle_unified_memory_pool(ctx: &Ctx, st: &mut State) -> Step {
    if !st.cur.enable_unified_memory {
        return Ok(());
    }
    let c = st.cur.clone();
    let m = ctx.model;
    let v21 = ctx.v <= SglangVersion::V0_5_21;
    // 0.5.19-0.5.20: mooncake only, and none of the speculative, offload or host-pool checks
    let v20 = ctx.v <= SglangVersion::V0_5_20;
    if c.disaggregation_mode != "null" {
        // ServerArgs._unified_memory_pd_transfer_backends (server_args.py:347@0.5.23)
        if c.disaggregation_transfer_backend != "mooncake" {
            return Err(st.raise(
                ctx,
                &kv::UM_PD_TRANSFER,
                &[
                    (
                        "', '.join(sorted(supported_backends))",
                        PyVal::s("mooncake"),
                    ),
                    (
                        "cfg.disaggregation_transfer_backend",
                        PyVal::s(&c.disaggregation_transfer_backend),
                    ),
                ],
            ));
        }
        if c.pp_size != 1 {
            return Err(st.raise(ctx, &kv::UM_PD_PP, &[]));
        }
        if !v20 && c.speculative_algorithm.is_some() {
            return Err(st.raise(ctx, &kv::UM_PD_MOONCAKE_SPEC, &[]));
        }
        if crate::py::env_bool(ctx.env("SGLANG_DISABLE_LAZY_COMPACTION"), false) {
            return Err(st.raise(ctx, &kv::UM_PD_LAZY, &[]));
        }
        if c.enable_hisparse {
            return Err(st.raise(ctx, &kv::UM_PD_HISPARSE, &[]));
        }
        if !v20 && c.disaggregation_decode_enable_offload_kvcache {
            if c.hicache_storage_backend.as_deref() != Some("file") {
                return Err(st.raise(ctx, &kv::UM_OFFLOAD_FILE, &[]));
            }
            if m.is_mla() {
                return Err(st.raise(ctx, &kv::UM_OFFLOAD_MLA, &[]));
            }
            if m.mambaish() {
                return Err(st.raise(ctx, &kv::UM_OFFLOAD_MAMBA, &[]));
            }
            if m.is_hybrid_swa {
                return Err(st.raise(ctx, &kv::UM_OFFLOAD_SWA, &[]));
            }
        }
        if !v20 && c.disaggregation_decode_retraction_backup.as_deref() == Some("host_pool") {
            // kv_cache_hook.py:531-544@0.5.21: the decode radix cache and hybrid SWA too
            if v21 && c.disaggregation_decode_enable_radix_cache {
                return Err(st.raise(ctx, &kv::UM_HOSTPOOL_RADIX, &[]));
            }
            if m.mambaish() {
                return Err(st.raise(ctx, &kv::UM_HOSTPOOL_MAMBA, &[]));
            }
            if v21 && m.is_hybrid_swa {
                return Err(st.raise(ctx, &kv::UM_HOSTPOOL_SWA, &[]));
            }
        }
    }
    let alg = c.speculative_algorithm.clone();
    let a = alg.as_deref();
    if v21 {
        return unified_memory_pool_until_0_5_21(ctx, st, &c);
    }
    if !matches!(a, None | Some("DSPARK" | "EAGLE" | "EAGLE3" | "DFLASH")) {
        return Err(st.raise(
            ctx,
            &kv::UM_SPEC_ALGO,
            &[("cfg.speculative_algorithm", PyVal::opt(a))],
        ));
    }
    if !matches!(c.speculative_eagle_topk, None | Some(1)) {
        let topk = c.speculative_eagle_topk.map_or(PyVal::None, PyVal::Int);
        return Err(st.raise(ctx, &kv::UM_TOPK, &[("cfg.speculative_eagle_topk", topk)]));
    }
    let eagle = matches!(a, Some("EAGLE" | "EAGLE3"));
    if eagle {
        if !(m.is_hybrid_swa || m.mambaish()) {
            return Err(st.raise(ctx, &kv::UM_EAGLE_TARGET, &[]));
        }
        let allowed = if m.is_mla() {
            spec_verify_audited(ctx)
        } else {
            mha_rails(ctx)
        };
        let backends = resolved_backends(st);
        if backends.is_empty() || !subset(&backends, &allowed) {
            return Err(st.raise(
                ctx,
                &kv::UM_EAGLE_BACKENDS,
                &[
                    ("sorted(eagle_allowed)", sorted_list(allowed)),
                    ("sorted(eagle_backends, key=str)", backend_list(&backends)),
                ],
            ));
        }
        let draft: Vec<String> = match c.speculative_draft_attention_backend.clone() {
            Some(d) if !d.is_empty() => vec![d.into_owned()],
            _ => backends,
        };
        let rails = mha_rails(ctx);
        if !subset(&draft, &rails) {
            return Err(st.raise(
                ctx,
                &kv::UM_EAGLE_DRAFT,
                &[
                    ("sorted(draft_backends)", backend_list(&draft)),
                    ("sorted(TRANSLATED_MHA_RAILS)", sorted_list(rails.clone())),
                    ("sorted(_SPEC_MHA_AUDITED_BACKENDS)", sorted_list(rails)),
                ],
            ));
        }
    }
    if a == Some("DSPARK") {
        let mut allowed = spec_verify_audited(ctx);
        if ctx.v >= SglangVersion::V0_5_23 {
            allowed.push("fa4");
        }
        assert_spec_verify_backends(ctx, st, "DSPARK", allowed)?;
    }
    if a == Some("DFLASH") {
        assert_spec_verify_backends(ctx, st, "DFLASH", mha_rails(ctx))?;
    }
    if c.enable_two_batch_overlap {
        return Err(st.raise(ctx, &kv::UM_TBO, &[]));
    }
    if c.enable_lmcache {
        return Err(st.raise(ctx, &kv::UM_LMCACHE, &[]));
    }
    if c.enable_unified_cache_external_linker {
        return Err(st.raise(ctx, &kv::UM_EXT_LINKER, &[]));
    }
    if eagle && c.disaggregation_decode_retraction_backup.as_deref() == Some("host_pool") {
        return Err(st.raise(ctx, &kv::UM_EAGLE_HOSTPOOL, &[]));
    }
    if eagle && c.enable_hierarchical_cache {
        return Err(st.raise(ctx, &kv::UM_EAGLE_HICACHE, &[]));
    }
    if c.dcp_size > 1 {
        validate_unified_memory_dcp(ctx, st)?;
    }
    // kv_cache_hook.py:710-720@0.5.22 (0.5.22 only): trtllm_mha decode graphs
    if ctx.v <= SglangVersion::V0_5_22
        && st.decode().as_deref() == Some("trtllm_mha")
        && !st.cur.disable_cuda_graph
    {
        return Err(st.raise(ctx, &kv::UM_TRTLLM_MHA_CG, &[]));
    }
    Ok(())
}

/// `_validate_unified_memory_dcp` (`kv_cache_hook.py:719-762@0.5.23`; 0.5.21-0.5.22 also allow
/// tokenspeed_mla).
fn validate_unified_memory_dcp(ctx: &Ctx, st: &mut State) -> Step {
    let m = ctx.model;
    if !m.is_mla() {
        return Err(st.raise(ctx, &kv::UM_DCP_MLA, &[]));
    }
    if m.is_hybrid_swa {
        return Err(st.raise(ctx, &kv::UM_DCP_SWA, &[]));
    }
    if st.cur.disaggregation_mode != "null" {
        return Err(st.raise(ctx, &kv::UM_DCP_PD, &[]));
    }
    let mut allowed = vec!["flashinfer", "trtllm_mla", "cutedsl_mla"];
    if ctx.v <= SglangVersion::V0_5_22 {
        allowed.push("tokenspeed_mla");
    }
    let backends = resolved_backends(st);
    if !subset(&backends, &allowed) {
        return Err(st.raise(
            ctx,
            &kv::UM_DCP_BACKENDS,
            &[
                ("sorted(dcp_allowed)", sorted_list(allowed)),
                ("sorted(backends)", backend_list(&backends)),
            ],
        ));
    }
    Ok(())
}

/// `handle_unified_memory_pool` after the PD block, as 0.5.19-0.5.21 have it
/// (`kv_cache_hook.py:545-583@0.5.21`, `:223-262@0.5.20`, `:222-261@0.5.19`): DSPARK only, its
/// top-k and backend checks, TBO (0.5.20+), LMCache (0.5.19-0.5.20: or the hierarchical cache),
/// then `_validate_unified_memory_dcp` (0.5.19: no decode context parallelism at all). 0.5.19's
/// prefill CUDA-graph refusal (`:264-273@0.5.19`) is not modelled (`rules::kv::UNMODELLED`).
fn unified_memory_pool_until_0_5_21(
    ctx: &Ctx,
    st: &mut State,
    c: &crate::args::ServerArgs,
) -> Step {
    let a = c.speculative_algorithm.as_deref();
    if !matches!(a, None | Some("DSPARK")) {
        return Err(st.raise(
            ctx,
            &kv::UM_SPEC_ALGO,
            &[("cfg.speculative_algorithm", PyVal::opt(a))],
        ));
    }
    if a == Some("DSPARK") {
        if !matches!(c.speculative_eagle_topk, None | Some(1)) {
            let topk = c.speculative_eagle_topk.map_or(PyVal::None, PyVal::Int);
            return Err(st.raise(ctx, &kv::UM_TOPK, &[("cfg.speculative_eagle_topk", topk)]));
        }
        let allowed = ["triton", "trtllm_mla", "cutedsl_mla", "tokenspeed_mla"];
        let backends = resolved_backends(st);
        if !subset(&backends, &allowed) {
            return Err(st.raise(
                ctx,
                &kv::UM_SPEC_VERIFY,
                &[
                    ("sorted(spec_allowed)", sorted_list(allowed)),
                    ("sorted(spec_backends)", backend_list(&backends)),
                ],
            ));
        }
    }
    if ctx.v >= SglangVersion::V0_5_20 && c.enable_two_batch_overlap {
        return Err(st.raise(ctx, &kv::UM_TBO, &[]));
    }
    let host_tier = ctx.v <= SglangVersion::V0_5_20 && c.enable_hierarchical_cache;
    if c.enable_lmcache || host_tier {
        return Err(st.raise(ctx, &kv::UM_LMCACHE, &[]));
    }
    if ctx.v == SglangVersion::V0_5_19 {
        if c.dcp_size != 1 {
            return Err(st.raise(ctx, &kv::UM_DCP_0_5_19, &[]));
        }
    } else if c.dcp_size > 1 {
        validate_unified_memory_dcp(ctx, st)?;
    }
    Ok(())
}
