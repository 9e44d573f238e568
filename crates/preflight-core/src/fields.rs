//! The one table of resolved fields: what "What SGLang will run" shows, in which order, with
//! which label, and when. The pipeline computes the values ([`resolve_fields`]); the report,
//! the CLI's summary line, the page and the JS API's types all read this table, so a field is
//! added in one place.

use crate::args::ServerArgs;
use crate::pyfmt::PyVal;
use crate::report::Origin;
use serde::Serialize;

/// When a resolved field is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shown {
    /// Always.
    Always,
    /// When the user or a rule set it (not SGLang's plain default).
    WhenSet,
    /// For DeepSeek Sparse Attention models.
    Dsa,
    /// For DeepSeek-V4 models.
    Dsv4,
    /// For hybrid linear-attention / Mamba models.
    Hybrid,
    /// When speculative decoding is on.
    Speculative,
    /// When true (switches such as "CUDA graphs disabled").
    WhenTrue,
}

/// Which panel group a field belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldGroup {
    /// Attention backends, KV cache, page size.
    Attention,
    /// DSA and DeepSeek-V4 kernels.
    Sparse,
    /// Speculative decoding.
    Speculative,
    /// Parallel layout.
    Parallel,
    /// MoE runner and all-to-all backend, quantization.
    Moe,
    /// Memory, caches, CUDA graphs, scheduling.
    Serving,
}

/// One resolved field.
#[derive(Clone, Copy, Debug)]
pub struct ResolvedField {
    /// The `ServerArgs` field (or `kv_cache_torch_dtype`, the construction's dtype).
    pub key: &'static str,
    /// Label shown to users.
    pub label: &'static str,
    /// Panel group.
    pub group: FieldGroup,
    /// When it is shown.
    pub shown: Shown,
    /// A split backend that falls back to this field when unset (SGLang's
    /// `attention_backends_of`): shown as "<base> (= <label of base>)".
    pub inherits: Option<&'static str>,
}

const fn f(
    key: &'static str,
    label: &'static str,
    group: FieldGroup,
    shown: Shown,
) -> ResolvedField {
    ResolvedField {
        key,
        label,
        group,
        shown,
        inherits: None,
    }
}

use FieldGroup as G;

/// Every resolved field, in display order.
pub static RESOLVED_FIELDS: &[ResolvedField] = &[
    f(
        "attention_backend",
        "Attention backend",
        G::Attention,
        Shown::Always,
    ),
    ResolvedField {
        inherits: Some("attention_backend"),
        ..f(
            "prefill_attention_backend",
            "Prefill attention",
            G::Attention,
            Shown::Always,
        )
    },
    ResolvedField {
        inherits: Some("attention_backend"),
        ..f(
            "decode_attention_backend",
            "Decode attention",
            G::Attention,
            Shown::Always,
        )
    },
    f("dsa_prefill_backend", "DSA prefill", G::Sparse, Shown::Dsa),
    f("dsa_decode_backend", "DSA decode", G::Sparse, Shown::Dsa),
    f(
        "dsv4_prefill_backend",
        "DeepSeek-V4 prefill",
        G::Sparse,
        Shown::Dsv4,
    ),
    f(
        "dsv4_attn_backend",
        "DeepSeek-V4 attention",
        G::Sparse,
        Shown::Dsv4,
    ),
    f(
        "kv_cache_dtype",
        "KV cache dtype",
        G::Attention,
        Shown::Always,
    ),
    f(
        "kv_cache_torch_dtype",
        "KV cache tensor dtype",
        G::Attention,
        Shown::Always,
    ),
    f("page_size", "Page size", G::Attention, Shown::Always),
    f(
        "speculative_algorithm",
        "Speculative algorithm",
        G::Speculative,
        Shown::Speculative,
    ),
    f(
        "speculative_eagle_topk",
        "Draft top-k",
        G::Speculative,
        Shown::Speculative,
    ),
    f(
        "speculative_num_steps",
        "Draft steps",
        G::Speculative,
        Shown::Speculative,
    ),
    f(
        "speculative_num_draft_tokens",
        "Draft tokens",
        G::Speculative,
        Shown::Speculative,
    ),
    f(
        "speculative_draft_attention_backend",
        "Draft attention backend",
        G::Speculative,
        Shown::Speculative,
    ),
    f(
        "tp_size",
        "Tensor parallel size",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "pp_size",
        "Pipeline parallel size",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "dp_size",
        "Data-parallel replicas",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "enable_dp_attention",
        "DP attention (deprecated spelling)",
        G::Parallel,
        Shown::WhenTrue,
    ),
    f(
        "attn_dp_size",
        "Attention data parallel",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "attn_cp_size",
        "Attention context parallel",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "moe_dp_size",
        "MoE data parallel",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "ep_size",
        "Expert parallel size",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "attn_tp_size",
        "Attention tensor parallel (derived)",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "moe_tp_size",
        "MoE tensor parallel (derived)",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "dcp_size",
        "Decode context parallel",
        G::Parallel,
        Shown::WhenSet,
    ),
    f(
        "dcp_comm_backend",
        "DCP communication",
        G::Parallel,
        Shown::WhenSet,
    ),
    f("quantization", "Quantization", G::Moe, Shown::WhenSet),
    f(
        "moe_runner_backend",
        "MoE runner backend",
        G::Moe,
        Shown::WhenSet,
    ),
    f(
        "moe_a2a_backend",
        "MoE all-to-all backend",
        G::Moe,
        Shown::WhenSet,
    ),
    f("deepep_mode", "DeepEP mode", G::Moe, Shown::WhenSet),
    f(
        "flashinfer_a2a_dispatch_type",
        "FlashInfer A2A dispatch",
        G::Moe,
        Shown::WhenSet,
    ),
    f(
        "mamba_backend",
        "Mamba backend",
        G::Attention,
        Shown::Hybrid,
    ),
    f(
        "linear_attn_backend",
        "Linear attention",
        G::Attention,
        Shown::Hybrid,
    ),
    f(
        "context_length",
        "Context length",
        G::Serving,
        Shown::Always,
    ),
    f(
        "disable_cuda_graph",
        "CUDA graphs disabled",
        G::Serving,
        Shown::WhenTrue,
    ),
    f(
        "disable_radix_cache",
        "Radix cache disabled",
        G::Serving,
        Shown::WhenTrue,
    ),
    f(
        "disaggregation_mode",
        "PD disaggregation role",
        G::Serving,
        Shown::WhenSet,
    ),
    f(
        "disaggregation_transfer_backend",
        "PD transfer backend",
        G::Serving,
        Shown::WhenSet,
    ),
    f(
        "disaggregation_decode_extra_slots",
        "Extra decode slots for in-flight transfers",
        G::Serving,
        Shown::WhenSet,
    ),
    f(
        "disaggregation_decode_retraction_backup",
        "Decode retraction backup",
        G::Serving,
        Shown::WhenSet,
    ),
];

/// Looks a field up by key.
pub fn find(key: &str) -> Option<&'static ResolvedField> {
    RESOLVED_FIELDS.iter().find(|f| f.key == key)
}

/// One field's resolved value in a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResolvedValue {
    /// The field.
    pub key: &'static str,
    /// Its label.
    pub label: &'static str,
    /// Panel group.
    pub group: FieldGroup,
    /// The value as JSON (`null` = Python `None`).
    pub value: serde_json::Value,
    /// The value as shown (`fa3`, `64`, `bfloat16`, `trtllm (= attention backend)`).
    pub text: String,
    /// Where it came from.
    pub origin: Origin,
    /// Whether the page and the CLI show it for this launch.
    pub shown: bool,
}

/// Facts of the launch that decide which rows are shown.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    /// A DeepSeek Sparse Attention model.
    pub dsa: bool,
    /// A DeepSeek-V4 model.
    pub dsv4: bool,
    /// A hybrid linear-attention / Mamba model.
    pub hybrid: bool,
    /// The model config's `context_len` (`ModelConfig._derive_context_length`,
    /// `configs/model_config.py:1291-1329@0.5.23`): --context-length when given, else the
    /// length derived from config.json. `server_args.context_length` itself stays the user's
    /// value (`None` when unset); the `context_length` row shows the length SGLang runs with.
    pub context_len: i64,
}

/// The derived parallel widths (`runtime_context.derive_parallel_widths`,
/// `runtime_context.py@0.5.23`): `attn_tp_size = tp_size // attn_dp_size // attn_cp_size` (the
/// attention-DP size is `--dp-size` under the deprecated `--enable-dp-attention`, which 0.5.22+
/// have already turned into `--attn-dp-size`) and `moe_tp_size = tp_size // ep_size //
/// moe_dp_size`. Not `ServerArgs` fields: their origin is the widths they derive from.
fn derived_width(args: &ServerArgs, key: &str) -> Option<PyVal> {
    let div = |a: i64, b: i64| crate::py::floordiv(a, b);
    let v = match key {
        "attn_tp_size" => {
            let adp = if args.enable_dp_attention {
                args.dp_size
            } else {
                args.attn_dp_size
            };
            div(args.tp_size, adp).and_then(|x| div(x, args.attn_cp_size))
        }
        "moe_tp_size" => div(args.tp_size, args.ep_size).and_then(|x| div(x, args.moe_dp_size)),
        _ => return None,
    };
    Some(v.map_or(PyVal::None, PyVal::Int))
}

/// The resolved fields of a finished resolution, in table order.
pub fn resolve_fields(
    args: &ServerArgs,
    kv_cache_torch_dtype: Option<&str>,
    origin: impl Fn(&str) -> Origin,
    cx: Context,
) -> Vec<ResolvedValue> {
    let value_of = |key: &str| -> PyVal {
        if key == "kv_cache_torch_dtype" {
            return kv_cache_torch_dtype.map_or(PyVal::None, |s| PyVal::Raw(s.to_string()));
        }
        if key == "context_length" {
            return PyVal::Int(cx.context_len);
        }
        if let Some(v) = derived_width(args, key) {
            return v;
        }
        args.get(key).unwrap_or(PyVal::None)
    };
    let spec = args.speculative_algorithm.is_some();
    RESOLVED_FIELDS
        .iter()
        .map(|field| {
            let mut v = value_of(field.key);
            let origin = origin(field.key);
            let mut text = match &v {
                PyVal::None => String::new(),
                other => other.to_str(),
            };
            if let (PyVal::None, Some(base)) = (&v, field.inherits)
                && let Some(base_field) = find(base)
            {
                let b = value_of(base);
                if b != PyVal::None {
                    text = format!("{} (= {})", b.to_str(), base_field.label.to_lowercase());
                    v = PyVal::None;
                }
            }
            let shown = match field.shown {
                Shown::Always => !text.is_empty(),
                Shown::WhenSet => !text.is_empty() && origin != Origin::Default,
                Shown::Dsa => cx.dsa && !text.is_empty(),
                Shown::Dsv4 => cx.dsv4,
                Shown::Hybrid => cx.hybrid,
                Shown::Speculative => spec && !text.is_empty(),
                Shown::WhenTrue => v == PyVal::Bool(true),
            };
            ResolvedValue {
                key: field.key,
                label: field.label,
                group: field.group,
                value: v.to_json(),
                text,
                origin,
                shown,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_exists_and_keys_are_unique() {
        let defaults = ServerArgs::defaults(crate::SglangVersion::LATEST);
        let mut keys: Vec<&str> = RESOLVED_FIELDS.iter().map(|f| f.key).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), RESOLVED_FIELDS.len());
        for f in RESOLVED_FIELDS {
            assert!(
                matches!(
                    f.key,
                    "kv_cache_torch_dtype" | "attn_tp_size" | "moe_tp_size"
                ) || defaults.get(f.key).is_some(),
                "{} is not a ServerArgs field",
                f.key
            );
            if let Some(b) = f.inherits {
                assert!(find(b).is_some(), "{}", f.key);
            }
        }
    }
}
