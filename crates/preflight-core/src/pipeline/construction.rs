//! Backend construction: the KV-cache torch dtype (`mem_cache/kv_cache_dtype.py@0.5.23`),
//! the attention registry's `create_*` checks (`layers/attention/attention_registry.py`),
//! and the constructors of the DSA and DeepSeek-V4 backends.

use super::{Ctx, State};
use crate::domains::arch::Family;
use crate::pyfmt::PyVal;
use crate::rules::{attention as ar, dsa, dsv4};

/// Runs construction for the resolved prefill and decode backends.
pub fn construct(ctx: &Ctx, st: &mut State) {
    st.r.kv_cache_torch_dtype = Some(kv_torch_dtype(
        ctx,
        st.r.kv_cache_dtype.as_deref().unwrap_or("auto"),
    ));
    let p = st.r.prefill_attention_backend.clone();
    let d = st.r.decode_attention_backend.clone();
    let mut backends: Vec<String> = Vec::new();
    for b in [p, d].into_iter().flatten() {
        if !backends.contains(&b) {
            backends.push(b);
        }
    }
    let mut dsa_done = false;
    for b in &backends {
        create_backend(ctx, st, b, &mut dsa_done);
    }
}

/// `configure_kv_cache_dtype`: the torch dtype of the KV pool.
fn kv_torch_dtype(ctx: &Ctx, kv: &str) -> String {
    match kv {
        "fp8_e4m3" => ctx.hw.fp8_e4m3_torch().into(),
        "fp8_e5m2" if ctx.hw.is_hip() => ctx.hw.fp8_e4m3_torch().into(),
        "fp8_e5m2" => "torch.float8_e5m2".into(),
        "mxfp8" => "torch.float8_e4m3fn".into(),
        "nvfp4" | "fp4_mx_block16" | "fp4_e2m1" => "torch.float4_e2m1fn_x2".into(),
        // auto: the model dtype (every modelled checkpoint is bfloat16)
        _ => "torch.bfloat16".into(),
    }
}

fn create_backend(ctx: &Ctx, st: &mut State, backend: &str, dsa_done: &mut bool) {
    let mla = ctx.arch.is_mla();
    match backend {
        // attention_registry.py:238-261 create_flashattention_v3_backend
        "fa3" => {
            let major = ctx.hw.major();
            if !((major == 8 && !mla) || major == 9) {
                st.emit(ctx, &ar::FA3_SM, &[]);
            }
        }
        // attention_registry.py:277-280
        "trtllm_mha" if mla => st.emit(ctx, &ar::TRTLLM_MHA_NON_MLA, &[]),
        // attention_registry.py:94-124
        "trtllm_mla" if !mla => st.emit(ctx, &ar::TRTLLM_MLA_NEEDS_MLA, &[]),
        "dsa" | "nsa" => {
            if !ctx.arch.dsa {
                st.emit(ctx, &dsa::MODEL_ONLY, &[]);
            } else if !*dsa_done {
                *dsa_done = true;
                deepseek_sparse_attn_backend_init(ctx, st);
            }
        }
        "dsv4" | "compressed" if ctx.arch.family == Family::DeepseekV4 => {
            deepseek_v4_attn_backend_init(ctx, st)
        }
        _ => {}
    }
}

/// `DeepseekSparseAttnBackend.__init__` (`layers/attention/dsa_backend.py@0.5.23`): the
/// q8 validator (678-688), the triton_sparse_mla validator (690-696) and
/// `_validate_flashinfer_sparse_mla_backend` (742-752).
fn deepseek_sparse_attn_backend_init(ctx: &Ctx, st: &mut State) {
    let prefill = st.r.dsa_prefill_backend.clone().unwrap_or_default();
    let decode = st.r.dsa_decode_backend.clone().unwrap_or_default();
    let major = ctx.hw.major() as i64;
    let kv_torch = st.r.kv_cache_torch_dtype.clone().unwrap_or_default();

    if prefill == "flashmla_sparse_q8" && major != 9 {
        st.emit(
            ctx,
            &dsa::Q8_SM90_ONLY,
            &[("device_sm_major", PyVal::Int(major))],
        );
    }
    if prefill == "triton_sparse_mla" && dsa::TRITON_SPARSE_MLA_HEADS.applies_to(ctx.v) {
        let tp = ctx.user_int("tp_size").unwrap_or(1).max(1);
        let heads = ctx.arch.num_attention_heads as i64 / tp;
        if ctx.hw.is_hip() {
            st.emit(ctx, &dsa::TRITON_SPARSE_MLA_ROCM, &[]);
        } else if major < 9 {
            st.emit(
                ctx,
                &dsa::TRITON_SPARSE_MLA_SM,
                &[("device_sm_major", PyVal::Int(major))],
            );
        } else if heads > 32 {
            st.emit(
                ctx,
                &dsa::TRITON_SPARSE_MLA_HEADS,
                &[("num_q_heads", PyVal::Int(heads))],
            );
        }
    }
    validate_flashinfer_sparse_mla_backend(ctx, st, &prefill, &decode, major, &kv_torch);
}

/// `_validate_flashinfer_sparse_mla_backend`
/// (`kernels/ops/attention/flash_mla_sm120.py:678-712@0.5.23`, `:572-603@0.5.19`).
fn validate_flashinfer_sparse_mla_backend(
    ctx: &Ctx,
    st: &mut State,
    prefill: &str,
    decode: &str,
    major: i64,
    kv_torch: &str,
) {
    let uses = prefill == "flashinfer_sparse_mla" || decode == "flashinfer_sparse_mla";
    let is_glm_sm12_fp8 = ctx.arch.is_glm_dsa_validator_arch()
        && major == 12
        && kv_torch == "torch.float8_e4m3fn"
        && !ctx.hw.is_hip();
    if uses && !is_glm_sm12_fp8 {
        st.emit(
            ctx,
            &dsa::FISPARSE_REQUIRES_GLM_SM12_FP8,
            &[
                ("model_arch", PyVal::s(ctx.arch.name)),
                ("device_sm_major", PyVal::Int(major)),
                ("kv_cache_dtype", PyVal::Raw(kv_torch.into())),
                ("prefill_impl", PyVal::s(prefill)),
                ("decode_impl", PyVal::s(decode)),
            ],
        );
        return;
    }
    if is_glm_sm12_fp8 {
        let allowed: &[&str] = match ctx.v {
            crate::version::SglangVersion::V0_5_19 => &["flashinfer_sparse_mla"],
            _ => &["flashinfer_sparse_mla", "triton_sparse_mla"],
        };
        let mut unsupported: Vec<&str> = [prefill, decode]
            .into_iter()
            .filter(|b| !allowed.contains(b))
            .collect();
        unsupported.sort();
        unsupported.dedup();
        if !unsupported.is_empty() {
            let list = PyVal::List(unsupported.into_iter().map(PyVal::s).collect());
            st.emit(
                ctx,
                &dsa::GLM_SM12_FP8_ONLY_FISPARSE,
                &[("sorted(unsupported)", list)],
            );
        }
    }
}

/// `use_dsv4_q8kv8_sparse_prefill` (`layers/attention/dsv4/sparse_prefill_utils.py:57@0.5.23`):
/// the environment variable, when set, wins.
pub fn use_dsv4_q8kv8_sparse_prefill(env: Option<&str>, backend: &str) -> bool {
    match env {
        Some(v) => matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "1" | "true" | "yes" | "on"
        ),
        None => backend == "flashmla_sparse_q8",
    }
}

/// `DeepseekV4AttnBackend.__init__` (`layers/attention/deepseek_v4_backend.py:1324-1333@0.5.23`,
/// `:576-583@0.5.19`).
fn deepseek_v4_attn_backend_init(ctx: &Ctx, st: &mut State) {
    let backend =
        st.r.dsv4_prefill_backend
            .clone()
            .unwrap_or_else(|| "auto".into());
    if use_dsv4_q8kv8_sparse_prefill(ctx.env("SGLANG_DSV4_Q8KV8_PREFILL"), &backend) {
        if !ctx.hw.is_sm90() {
            st.emit(ctx, &dsv4::Q8_PREFILL_SM90, &[]);
        } else if ctx.arch.v_head_dim != 512 {
            st.emit(
                ctx,
                &dsv4::Q8_PREFILL_DV512,
                &[("head_dim_v", PyVal::Int(ctx.arch.v_head_dim as i64))],
            );
        }
    }
}
