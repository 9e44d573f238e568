//! `LaunchConfig`: what the user chose (GPU, architecture, SGLang release, CUDA build,
//! environment) plus any `ServerArgs` field by its SGLang name.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// A launch configuration, as the builder, the URL, the JSONL interface and the command
/// parser produce it.
///
/// JSON form (all keys optional):
/// `{"sglang": "0.5.23", "gpu": "RTX 5090" | "compute_capability": "12.0", "cuda_version": "12.9",
///   "arch": "GlmMoeDsaForCausalLM", "model_path": "zai-org/GLM-5", "env": {"NAME": "value"},
///   "model_config": {"architectures": ["GlmMoeDsaForCausalLM"], …},
///   "kv_cache_dtype": "bf16", "dsa_prefill_backend": "flashinfer_sparse_mla", "page_size": 64, …}`.
/// Every key that is not one of the named fields is a `ServerArgs` field and lands in
/// [`LaunchConfig::args`], whether Preflight models it or not (unmodelled ones are passed
/// through to the command unchanged).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LaunchConfig {
    /// SGLang release, e.g. `"0.5.23"`; `None` means the newest modelled release.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sglang: Option<String>,
    /// GPU product name from the catalogue (case- and space-insensitive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu: Option<String>,
    /// Custom NVIDIA compute capability such as `"12.0"`, used when `gpu` is absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compute_capability: Option<String>,
    /// CUDA version of the torch build, e.g. `"12.9"`; default [`crate::domains::gpu::DEFAULT_CUDA`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cuda_version: Option<String>,
    /// The ROCm build of the image (`rocm700` → `"7.0.0"`), from a ROCm image tag: such an
    /// image runs on AMD GPUs only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rocm_version: Option<String>,
    /// Hugging Face `architectures[0]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arch: Option<String>,
    /// `--model-path`; used for the rendered command and, without `model_config`, looked up
    /// in the table of well-known model ids (its architecture and recorded config differences).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_path: Option<String>,
    /// The model's Hugging Face `config.json` (the parsed object): the facts are derived from
    /// it exactly as SGLang's `ModelConfig` does, instead of a reference checkpoint's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_config: Option<Value>,
    /// Environment variables set for the launch.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "env_map"
    )]
    pub env: BTreeMap<String, String>,
    /// `ServerArgs` fields by SGLang name (`kv_cache_dtype`, `page_size`, …).
    #[serde(flatten)]
    pub args: BTreeMap<String, Value>,
}

fn env_map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    let raw: BTreeMap<String, Value> = BTreeMap::deserialize(d)?;
    Ok(raw
        .into_iter()
        .filter_map(|(k, v)| {
            let s = match v {
                Value::Null => return None,
                Value::String(s) => s,
                other => other.to_string(),
            };
            Some((k, s))
        })
        .collect())
}

/// Text form of a JSON argument value (`"fa3"` → `fa3`, `64` → `64`, `true` → `true`);
/// `None` for `null`.
pub fn value_text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        other => Some(other.to_string()),
    }
}

impl LaunchConfig {
    /// The text of a `ServerArgs` field, `None` when unset or `null`.
    pub fn arg(&self, name: &str) -> Option<String> {
        self.args.get(name).and_then(value_text)
    }

    /// Sets (`Some`) or removes (`None`) a `ServerArgs` field, keeping ints and bools typed.
    pub fn set_arg(&mut self, name: &str, value: Option<&str>) {
        match value {
            None => {
                self.args.remove(name);
            }
            Some(v) => {
                let typed = match crate::domains::flags::find_flag(name).map(|f| f.kind) {
                    Some(crate::domains::flags::FlagKind::Int(_)) => v
                        .parse::<i64>()
                        .map(Value::from)
                        .unwrap_or_else(|_| Value::from(v)),
                    Some(crate::domains::flags::FlagKind::Bool) => match v {
                        "true" | "True" | "1" => Value::Bool(true),
                        "false" | "False" | "0" => Value::Bool(false),
                        _ => Value::from(v),
                    },
                    _ => Value::from(v),
                };
                self.args.insert(name.to_string(), typed);
            }
        }
    }

    /// Reads a key of the generic form used by fixes and URLs: a `ServerArgs` name, `gpu`,
    /// `arch`, `sglang`, `cuda_version`, `compute_capability`, `model_path` or `env.NAME`.
    pub fn get_key(&self, key: &str) -> Option<String> {
        match key {
            "gpu" => self.gpu.clone(),
            "arch" => self.arch.clone(),
            "sglang" => self.sglang.clone(),
            "cuda_version" => self.cuda_version.clone(),
            "rocm_version" => self.rocm_version.clone(),
            "compute_capability" => self.compute_capability.clone(),
            "model_path" => self.model_path.clone(),
            k => match k.strip_prefix("env.") {
                Some(name) => self.env.get(name).cloned(),
                None => self.arg(k),
            },
        }
    }

    /// Writes a key of the form accepted by [`LaunchConfig::get_key`]; `None` removes it.
    pub fn set_key(&mut self, key: &str, value: Option<&str>) {
        let v = value.map(str::to_string);
        match key {
            "gpu" => {
                self.gpu = v;
                if self.gpu.is_some() {
                    self.compute_capability = None;
                }
            }
            "arch" => self.arch = v,
            "sglang" => self.sglang = v,
            "cuda_version" => self.cuda_version = v,
            "rocm_version" => self.rocm_version = v,
            "compute_capability" => {
                self.compute_capability = v;
                if self.compute_capability.is_some() {
                    self.gpu = None;
                }
            }
            "model_path" => self.model_path = v,
            k => match k.strip_prefix("env.") {
                Some(name) => match v {
                    Some(val) => {
                        self.env.insert(name.to_string(), val);
                    }
                    None => {
                        self.env.remove(name);
                    }
                },
                None => self.set_arg(k, value),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip_keeps_unknown_server_args() {
        let j = r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16","page_size":64,
                   "env":{"SGLANG_DSV4_Q8KV8_PREFILL":1},"mem_fraction_static":0.8}"#;
        let c: LaunchConfig = serde_json::from_str(j).unwrap();
        assert_eq!(c.arg("kv_cache_dtype").as_deref(), Some("bf16"));
        assert_eq!(c.arg("page_size").as_deref(), Some("64"));
        assert_eq!(
            c.env.get("SGLANG_DSV4_Q8KV8_PREFILL").map(String::as_str),
            Some("1")
        );
        assert_eq!(c.arg("mem_fraction_static").as_deref(), Some("0.8"));
        let back: LaunchConfig = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn generic_keys() {
        let mut c = LaunchConfig::default();
        c.set_key("page_size", Some("64"));
        assert_eq!(c.args["page_size"], Value::from(64));
        c.set_key("env.X", Some("1"));
        assert_eq!(c.get_key("env.X").as_deref(), Some("1"));
        c.set_key("compute_capability", Some("12.0"));
        c.set_key("gpu", Some("H100"));
        assert!(c.compute_capability.is_none());
        c.set_key("page_size", None);
        assert!(c.arg("page_size").is_none());
    }
}
