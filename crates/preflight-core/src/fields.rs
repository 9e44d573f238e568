//! The one table of resolved fields: what "What SGLang will run" shows, in which order, with
//! which label, and when. The pipeline computes the values ([`resolve_fields`]); the report,
//! the CLI's summary line, the page and the JS API's types all read this table, so a field is
//! added in one place.

use crate::args::ServerArgs;
use crate::args::value::Str;
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
    /// Reads the value from a finished resolution: the `ServerArgs` field of the same name
    /// (a typed read, no lookup by name), or the construction's dtype, the context length or a
    /// derived width.
    pub get: fn(&Inputs) -> Scalar,
}

/// A row reading the `ServerArgs` field named `$key`, or, with `get:`, a value of its own.
macro_rules! f {
    ($key:ident, $label:expr, $group:expr, $shown:expr $(,)?) => {
        f!($key, $label, $group, $shown, get: |x| ToScalar::to_scalar(&x.args.$key))
    };
    ($key:ident, $label:expr, $group:expr, $shown:expr, get: $get:expr $(,)?) => {
        ResolvedField {
            key: stringify!($key),
            label: $label,
            group: $group,
            shown: $shown,
            inherits: None,
            get: $get,
        }
    };
}

use FieldGroup as G;

/// Every resolved field, in display order.
pub static RESOLVED_FIELDS: &[ResolvedField] = &[
    f!(
        attention_backend,
        "Attention backend",
        G::Attention,
        Shown::Always,
    ),
    ResolvedField {
        inherits: Some("attention_backend"),
        ..f!(
            prefill_attention_backend,
            "Prefill attention",
            G::Attention,
            Shown::Always,
        )
    },
    ResolvedField {
        inherits: Some("attention_backend"),
        ..f!(
            decode_attention_backend,
            "Decode attention",
            G::Attention,
            Shown::Always,
        )
    },
    f!(dsa_prefill_backend, "DSA prefill", G::Sparse, Shown::Dsa),
    f!(dsa_decode_backend, "DSA decode", G::Sparse, Shown::Dsa),
    f!(
        dsv4_prefill_backend,
        "DeepSeek-V4 prefill",
        G::Sparse,
        Shown::Dsv4,
    ),
    f!(
        dsv4_attn_backend,
        "DeepSeek-V4 attention",
        G::Sparse,
        Shown::Dsv4,
    ),
    f!(
        kv_cache_dtype,
        "KV cache dtype",
        G::Attention,
        Shown::Always,
    ),
    f!(kv_cache_torch_dtype,
        "KV cache tensor dtype",
        G::Attention,
        Shown::Always, get: |x| x.kv_cache_torch_dtype.map_or(Scalar::Null, |s| Scalar::Str(Str::Owned(s.to_string())))),
    f!(page_size, "Page size", G::Attention, Shown::Always),
    f!(
        speculative_algorithm,
        "Speculative algorithm",
        G::Speculative,
        Shown::Speculative,
    ),
    f!(
        speculative_eagle_topk,
        "Draft top-k",
        G::Speculative,
        Shown::Speculative,
    ),
    f!(
        speculative_num_steps,
        "Draft steps",
        G::Speculative,
        Shown::Speculative,
    ),
    f!(
        speculative_num_draft_tokens,
        "Draft tokens",
        G::Speculative,
        Shown::Speculative,
    ),
    f!(
        speculative_draft_attention_backend,
        "Draft attention backend",
        G::Speculative,
        Shown::Speculative,
    ),
    f!(tp_size, "Tensor parallel size", G::Parallel, Shown::WhenSet,),
    f!(
        pp_size,
        "Pipeline parallel size",
        G::Parallel,
        Shown::WhenSet,
    ),
    f!(
        dp_size,
        "Data-parallel replicas",
        G::Parallel,
        Shown::WhenSet,
    ),
    f!(
        enable_dp_attention,
        "DP attention (deprecated spelling)",
        G::Parallel,
        Shown::WhenTrue,
    ),
    f!(
        attn_dp_size,
        "Attention data parallel",
        G::Parallel,
        Shown::WhenSet,
    ),
    f!(
        attn_cp_size,
        "Attention context parallel",
        G::Parallel,
        Shown::WhenSet,
    ),
    f!(
        moe_dp_size,
        "MoE data parallel",
        G::Parallel,
        Shown::WhenSet,
    ),
    f!(ep_size, "Expert parallel size", G::Parallel, Shown::WhenSet,),
    f!(attn_tp_size,
        "Attention tensor parallel (derived)",
        G::Parallel,
        Shown::WhenSet, get: attn_tp_size),
    f!(moe_tp_size,
        "MoE tensor parallel (derived)",
        G::Parallel,
        Shown::WhenSet, get: moe_tp_size),
    f!(
        dcp_size,
        "Decode context parallel",
        G::Parallel,
        Shown::WhenSet,
    ),
    f!(
        dcp_comm_backend,
        "DCP communication",
        G::Parallel,
        Shown::WhenSet,
    ),
    f!(quantization, "Quantization", G::Moe, Shown::WhenSet),
    f!(
        moe_runner_backend,
        "MoE runner backend",
        G::Moe,
        Shown::WhenSet,
    ),
    f!(
        moe_a2a_backend,
        "MoE all-to-all backend",
        G::Moe,
        Shown::WhenSet,
    ),
    f!(deepep_mode, "DeepEP mode", G::Moe, Shown::WhenSet),
    f!(
        flashinfer_a2a_dispatch_type,
        "FlashInfer A2A dispatch",
        G::Moe,
        Shown::WhenSet,
    ),
    f!(mamba_backend, "Mamba backend", G::Attention, Shown::Hybrid,),
    f!(
        linear_attn_backend,
        "Linear attention",
        G::Attention,
        Shown::Hybrid,
    ),
    f!(context_length,
        "Context length",
        G::Serving,
        Shown::Always, get: |x| Scalar::Int(x.context_len)),
    f!(
        disable_cuda_graph,
        "CUDA graphs disabled",
        G::Serving,
        Shown::WhenTrue,
    ),
    f!(
        disable_radix_cache,
        "Radix cache disabled",
        G::Serving,
        Shown::WhenTrue,
    ),
    f!(
        disaggregation_mode,
        "PD disaggregation role",
        G::Serving,
        Shown::WhenSet,
    ),
    f!(
        disaggregation_transfer_backend,
        "PD transfer backend",
        G::Serving,
        Shown::WhenSet,
    ),
    f!(
        disaggregation_decode_extra_slots,
        "Extra decode slots for in-flight transfers",
        G::Serving,
        Shown::WhenSet,
    ),
    f!(
        disaggregation_decode_retraction_backup,
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
    /// The value (JSON `null` = Python `None`).
    pub value: Scalar,
    /// The value as shown (`fa3`, `64`, `bfloat16`, `trtllm (= attention backend)`).
    pub text: Str,
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

/// A resolved field's value as a `ServerArgs` field holds it; serialised as JSON (`null` =
/// Python `None`).
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    /// `None`.
    Null,
    /// A `bool`.
    Bool(bool),
    /// An `int`.
    Int(i64),
    /// A `float`.
    Float(f64),
    /// A `str` (borrowed when it is SGLang's default or a value resolution wrote).
    Str(Str),
}

impl Scalar {
    /// Python `None`.
    pub fn is_null(&self) -> bool {
        *self == Scalar::Null
    }

    /// The integer, if it is one.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Scalar::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The value as `serde_json` holds it (a non-finite float is `null`, as JSON has none).
    pub fn to_json(&self) -> serde_json::Value {
        self.as_py().to_json()
    }

    /// As a Python value (for `str()` / `repr()` formatting).
    pub fn as_py(&self) -> PyVal {
        match self {
            Scalar::Null => PyVal::None,
            Scalar::Bool(b) => PyVal::Bool(*b),
            Scalar::Int(i) => PyVal::Int(*i),
            Scalar::Float(f) => PyVal::Float(*f),
            Scalar::Str(s) => PyVal::Str(s.to_string()),
        }
    }

    /// Python `str(value)`, `""` for `None`: borrowed for strings and booleans.
    fn text(&self) -> Str {
        match self {
            Scalar::Null => Str::Borrowed(""),
            Scalar::Bool(true) => Str::Borrowed("True"),
            Scalar::Bool(false) => Str::Borrowed("False"),
            Scalar::Int(i) => Str::Owned(i.to_string()),
            Scalar::Float(_) => Str::Owned(self.as_py().to_str()),
            Scalar::Str(s) => s.clone(),
        }
    }
}

impl Serialize for Scalar {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        match self {
            Scalar::Null => ser.serialize_none(),
            Scalar::Bool(b) => ser.serialize_bool(*b),
            Scalar::Int(i) => ser.serialize_i64(*i),
            Scalar::Float(f) if f.is_finite() => ser.serialize_f64(*f),
            Scalar::Float(_) => ser.serialize_none(),
            Scalar::Str(s) => ser.serialize_str(s),
        }
    }
}

/// A `ServerArgs` field type the resolved table reads.
pub trait ToScalar {
    /// The field's value.
    fn to_scalar(&self) -> Scalar;
}

impl ToScalar for bool {
    fn to_scalar(&self) -> Scalar {
        Scalar::Bool(*self)
    }
}

impl ToScalar for i64 {
    fn to_scalar(&self) -> Scalar {
        Scalar::Int(*self)
    }
}

impl ToScalar for f64 {
    fn to_scalar(&self) -> Scalar {
        Scalar::Float(*self)
    }
}

impl ToScalar for Str {
    fn to_scalar(&self) -> Scalar {
        Scalar::Str(self.clone())
    }
}

impl<T: ToScalar> ToScalar for Option<T> {
    fn to_scalar(&self) -> Scalar {
        self.as_ref().map_or(Scalar::Null, T::to_scalar)
    }
}

/// What the rows read: the finished resolution and the two values that are not `ServerArgs`
/// fields.
pub struct Inputs<'a> {
    /// `ServerArgs` as resolution left it.
    pub args: &'a ServerArgs,
    /// The KV cache's tensor dtype the construction chose (`None` when it did not run).
    pub kv_cache_torch_dtype: Option<&'a str>,
    /// See [`Context::context_len`].
    pub context_len: i64,
}

/// `a // b` of the derived widths; `None` (shown as Python `None`) when `b` is 0.
fn div(a: i64, b: i64) -> Option<i64> {
    crate::py::floordiv(a, b)
}

/// The derived attention TP width (`runtime_context.derive_parallel_widths`,
/// `runtime_context.py@0.5.23`): `attn_tp_size = tp_size // attn_dp_size // attn_cp_size`, the
/// attention-DP size being `--dp-size` under the deprecated `--enable-dp-attention` (which
/// 0.5.22+ have already turned into `--attn-dp-size`). Not a `ServerArgs` field: its origin is
/// the widths it derives from.
fn attn_tp_size(x: &Inputs) -> Scalar {
    attn_tp_width(x.args).to_scalar()
}

/// `attn_tp_size` of a resolved `ServerArgs` ([`attn_tp_size`]'s value; `None` when a width it
/// divides by is 0).
pub(crate) fn attn_tp_width(a: &crate::args::ServerArgs) -> Option<i64> {
    div(a.tp_size, attn_dp_width(a)).and_then(|t| div(t, a.attn_cp_size))
}

/// The attention DP width `get_parallel().attn_dp_size`: `--dp-size` under the deprecated
/// `--enable-dp-attention` (which resolution turns into `attn_dp_size`,
/// `server_args.py:416-423@0.5.23`), else `--attn-dp-size`.
pub(crate) fn attn_dp_width(a: &crate::args::ServerArgs) -> i64 {
    if a.enable_dp_attention {
        a.dp_size
    } else {
        a.attn_dp_size
    }
}

/// The derived MoE TP width: `moe_tp_size = tp_size // ep_size // moe_dp_size` (as
/// [`attn_tp_size`]).
fn moe_tp_size(x: &Inputs) -> Scalar {
    let a = x.args;
    div(a.tp_size, a.ep_size)
        .and_then(|t| div(t, a.moe_dp_size))
        .to_scalar()
}

/// The resolved fields of a finished resolution, in table order (`only`: just that key's row);
/// `origin` says where a field's value came from.
pub fn resolve_fields(
    args: &ServerArgs,
    kv_cache_torch_dtype: Option<&str>,
    origin: impl Fn(&str) -> Origin,
    cx: Context,
    only: Option<&str>,
) -> Vec<ResolvedValue> {
    let x = Inputs {
        args,
        kv_cache_torch_dtype,
        context_len: cx.context_len,
    };
    let spec = args.speculative_algorithm.is_some();
    RESOLVED_FIELDS
        .iter()
        .filter(|field| only.is_none_or(|k| field.key == k))
        .map(|field| {
            let mut v = (field.get)(&x);
            let origin = origin(field.key);
            let mut text = v.text();
            if let (Scalar::Null, Some(base)) = (&v, field.inherits)
                && let Some(base_field) = find(base)
            {
                let b = (base_field.get)(&x);
                if !b.is_null() {
                    text = Str::Owned(format!(
                        "{} (= {})",
                        b.text(),
                        base_field.label.to_lowercase()
                    ));
                    v = Scalar::Null;
                }
            }
            let shown = match field.shown {
                Shown::Always => !text.is_empty(),
                Shown::WhenSet => !text.is_empty() && origin != Origin::Default,
                Shown::Dsa => cx.dsa && !text.is_empty(),
                Shown::Dsv4 => cx.dsv4,
                Shown::Hybrid => cx.hybrid,
                Shown::Speculative => spec && !text.is_empty(),
                Shown::WhenTrue => v == Scalar::Bool(true),
            };
            ResolvedValue {
                key: field.key,
                label: field.label,
                group: field.group,
                value: v,
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
