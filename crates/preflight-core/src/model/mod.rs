//! Facts about the model, derived from a Hugging Face `config.json` exactly as SGLang's
//! `ModelConfig` derives them.
//!
//! - [`hf`]: the config with transformers' semantics (class defaults, `attribute_map`,
//!   sub-configs, `get_hf_text_config`, `--json-model-override-args`).
//! - [`config`]: [`ModelConfig`], the attributes SGLang's launch code reads.
//! - [`archs`]: the architecture names SGLang's code tests, generated per release, and the
//!   model registries.
//! - [`builtin`]: the reference config of every served architecture and the table of
//!   well-known model ids.
//!
//! [`choose`] picks the config a launch is judged with: the user's own `config.json`
//! (`LaunchConfig::model_config`), else the reference config of a known model id (with the
//! differences recorded for that id), else the reference config of the picked architecture.
//! Whatever Preflight assumed is listed in [`ModelChoice::assumed`].

pub mod archs;
pub mod builtin;
pub mod config;
pub mod generated;
pub mod hf;

pub use config::{AttentionArch, LayerIdsAssert, ModelConfig, ModelError, ModelOptions};
pub use hf::{HfConfig, HfObj};

use crate::config::LaunchConfig;
use serde::Serialize;
use serde_json::{Map, Value};

/// Where the facts a launch is judged with come from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ModelSource {
    /// The launch's own `config.json`.
    Config,
    /// A model id of Preflight's table: the reference config of its architecture with the
    /// differences recorded for the id.
    ModelId {
        /// The id as given (`--model-path`).
        given: String,
        /// The table id it matched.
        id: String,
        /// Dotted config keys applied on top of the reference config.
        differences: Map<String, Value>,
        /// Variant suffixes removed to find the id (`-AWQ`).
        variants: Vec<String>,
    },
    /// The reference config of the picked architecture.
    Architecture,
}

/// The config a launch is judged with.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelChoice {
    /// Where it comes from.
    pub source: ModelSource,
    /// `architectures[0]` Preflight expects (the picked or looked-up architecture; for a
    /// user's config, its own).
    pub arch: String,
    /// The checkpoint whose config the facts are taken from (`data/models`; empty for a
    /// user's config).
    pub checkpoint: String,
    /// How the built-in config was obtained (`published`, `transformers-default`, …).
    pub provenance: String,
    /// The `config.json` (parsed).
    #[serde(skip)]
    pub config: Value,
    /// What Preflight assumed, in words (empty for a user's config).
    pub assumed: Vec<String>,
}

/// Why no model facts are available.
#[derive(Clone, Debug, PartialEq)]
pub enum ModelUnknown {
    /// Neither a config, a known model id nor an architecture.
    Nothing,
    /// An architecture name no release's registry (nor Preflight) knows.
    Architecture(String),
    /// A model path that is not a known id, and no architecture.
    Model(String),
    /// The given `config.json` cannot be read.
    BadConfig(String),
}

/// The most bytes of a `config.json` read ([`read_config_json`]): published configs are
/// under 20 KB; the largest (long `layer_types` lists) about 60 KB.
pub const MAX_CONFIG_JSON: usize = 1 << 20;

/// Reads the text of a Hugging Face `config.json` (a file given with `--model-config`, pasted
/// or dropped into the page) as the JSON object [`LaunchConfig::model_config`] holds.
///
/// A UTF-8 byte-order mark is skipped. Nesting is bounded by `serde_json`'s recursion limit
/// (128), so no input overflows the stack.
///
/// # Errors
/// A message (in words, for the user) when the text is over [`MAX_CONFIG_JSON`] bytes, is
/// not JSON, or is JSON but not an object.
pub fn read_config_json(text: &str) -> Result<Value, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > MAX_CONFIG_JSON {
        return Err(format!(
            "a config.json is at most {} KB here ({} KB given)",
            MAX_CONFIG_JSON >> 10,
            text.len() >> 10
        ));
    }
    match serde_json::from_str::<Value>(text) {
        Ok(v @ Value::Object(_)) => Ok(v),
        Ok(_) => Err("a config.json is a JSON object (this is not one)".into()),
        Err(e) => Err(format!("not JSON: {e}")),
    }
}

/// Picks the config a launch is judged with (see the module docs).
pub fn choose(cfg: &LaunchConfig) -> Result<ModelChoice, ModelUnknown> {
    if let Some(raw) = &cfg.model_config {
        let Value::Object(obj) = raw else {
            return Err(ModelUnknown::BadConfig(
                "a config.json is a JSON object".into(),
            ));
        };
        let arch = obj
            .get("architectures")
            .and_then(Value::as_array)
            .and_then(|a| a.first())
            .and_then(Value::as_str)
            .map(str::to_string);
        let Some(arch) = arch else {
            return Err(ModelUnknown::BadConfig(
                "the config.json has no `architectures` list (SGLang reads architectures[0])"
                    .into(),
            ));
        };
        return Ok(ModelChoice {
            source: ModelSource::Config,
            arch,
            checkpoint: String::new(),
            provenance: "config.json".into(),
            config: raw.clone(),
            assumed: Vec::new(),
        });
    }
    let picked = cfg.arch.as_deref().map(str::trim).filter(|a| !a.is_empty());
    let id = cfg
        .model_path
        .as_deref()
        .filter(|p| !p.trim().is_empty())
        .and_then(builtin::find_model);
    // an explicit architecture wins over the one the id maps to
    let id = id.filter(|m| picked.is_none_or(|p| p.eq_ignore_ascii_case(m.arch)));
    let arch = match (picked, &id) {
        (Some(p), _) => p.to_string(),
        (None, Some(m)) => m.arch.to_string(),
        (None, None) => {
            return Err(
                match cfg.model_path.as_deref().filter(|p| !p.trim().is_empty()) {
                    Some(p) => ModelUnknown::Model(p.to_string()),
                    None => ModelUnknown::Nothing,
                },
            );
        }
    };
    // an id whose config class rewrites its architecture is served as the rewritten one
    let served = id
        .as_ref()
        .filter(|m| !m.served_as.is_empty() && builtin::ref_config(&arch).is_none())
        .map(|m| m.served_as.to_string());
    let Some(refc) = builtin::ref_config(served.as_deref().unwrap_or(&arch)) else {
        return Err(ModelUnknown::Architecture(arch));
    };
    let mut config = refc.value();
    let checkpoint = refc.checkpoint();
    let mut assumed = Vec::new();
    let source = match id {
        Some(m) => {
            pin_head_dim(&mut config);
            builtin::apply_differences(&mut config, &m.differences);
            let given = cfg.model_path.clone().unwrap_or_default();
            let how = if m.by_basename && !m.variants.is_empty() {
                format!(
                    "{given:?} is read as {} (by its last path component) with the variant {}",
                    m.id,
                    m.variants.join("")
                )
            } else if m.by_basename {
                format!("{given:?} is read as {} (by its last path component)", m.id)
            } else if !m.variants.is_empty() {
                format!(
                    "{given:?} is read as {} with the variant {}",
                    m.id,
                    m.variants.join("")
                )
            } else {
                m.id.to_string()
            };
            let diffs = if m.differences.is_empty() {
                "no recorded differences".to_string()
            } else {
                m.differences
                    .iter()
                    .map(|(k, v)| format!("{k} = {v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            if m.id == checkpoint && m.differences.is_empty() {
                // the id is the reference checkpoint itself
                assumed.push(format!(
                    "{how}: facts from its published config.json (the reference config of {})",
                    refc.arch
                ));
            } else if m.id == refc.reference || m.id == refc.target {
                assumed.push(format!(
                    "{how}: facts from the reference config of {} ({checkpoint}), with {diffs}",
                    refc.arch
                ));
            } else {
                // another checkpoint of the family: what the table does not record is the
                // reference's (sizes above all), and the report must not hide it
                assumed.push(format!(
                    "{how}: facts from the reference config of {} ({checkpoint}), with {diffs}; every other fact (of heads, dims, layers, context length, quantization) is {checkpoint}'s, not {}'s",
                    refc.arch, m.id
                ));
            }
            ModelSource::ModelId {
                given,
                id: m.id.to_string(),
                differences: m.differences.clone(),
                variants: m.variants.clone(),
            }
        }
        None => {
            if let Some(p) = cfg.model_path.as_deref().filter(|p| !p.trim().is_empty()) {
                assumed.push(format!(
                    "{p:?} is not a known model id: facts from the reference config of {} ({checkpoint})",
                    refc.arch
                ));
            } else {
                assumed.push(format!(
                    "facts from the reference config of {} ({checkpoint})",
                    refc.arch
                ));
            }
            ModelSource::Architecture
        }
    };
    Ok(ModelChoice {
        source,
        arch: refc.arch.to_string(),
        checkpoint,
        provenance: refc.provenance.to_string(),
        config,
        assumed,
    })
}

/// Before an id's differences are applied, the reference's own `head_dim` is written out when
/// the config derives it (`hidden_size // num_attention_heads`): a difference in the head count
/// alone (the tables record heads, not `hidden_size`) keeps the reference's head size.
fn pin_head_dim(config: &mut Value) {
    fn pin(obj: &mut Map<String, Value>) {
        if obj.get("head_dim").is_none_or(Value::is_null)
            && let (Some(h), Some(n)) = (
                obj.get("hidden_size").and_then(Value::as_i64),
                obj.get("num_attention_heads").and_then(Value::as_i64),
            )
            && n > 0
        {
            obj.insert("head_dim".into(), Value::from(h / n));
        }
    }
    if let Value::Object(root) = config {
        if let Some(Value::Object(t)) = root.get_mut("text_config") {
            pin(t);
        }
        pin(root);
    }
}

/// The options `ModelConfig.from_server_args` passes, from the parsed arguments.
pub fn options(args: &crate::args::ServerArgs, is_draft_model: bool) -> ModelOptions {
    ModelOptions {
        is_draft_model,
        context_length: args.context_length,
        is_embedding: args.is_embedding,
        enable_multimodal: args.enable_multimodal,
        model_impl_transformers: args.model_impl == "transformers",
        language_model_only: args.language_model_only,
        disable_hybrid_swa_memory: args.disable_hybrid_swa_memory,
        speculative_algorithm: args.speculative_algorithm.as_deref().map(str::to_string),
        dsv4_fp4_experts_env: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_json_text() {
        let v = read_config_json("\u{feff}{\"architectures\": [\"LlamaForCausalLM\"]}").unwrap();
        assert_eq!(v["architectures"][0], "LlamaForCausalLM");
        assert!(read_config_json("[1]").unwrap_err().contains("JSON object"));
        assert!(read_config_json("{").unwrap_err().starts_with("not JSON"));
        let deep = "[".repeat(100_000);
        assert!(read_config_json(&deep).unwrap_err().contains("recursion"));
        let big = format!("{{\"a\": \"{}\"}}", "x".repeat(MAX_CONFIG_JSON));
        assert!(read_config_json(&big).unwrap_err().contains("at most"));
    }

    #[test]
    fn choice_order() {
        let mut cfg = LaunchConfig {
            model_path: Some("zai-org/GLM-5.3-Flash".into()),
            ..Default::default()
        };
        let c = choose(&cfg).unwrap();
        assert_eq!(c.arch, "Glm5NextForConditionalGeneration");
        assert_eq!(c.config["index_kpool"], 4);
        assert!(c.assumed[0].contains("index_kpool = 4"), "{:?}", c.assumed);
        // an explicit architecture that disagrees with the id wins, without the id's differences
        cfg.arch = Some("LlamaForCausalLM".into());
        let c = choose(&cfg).unwrap();
        assert_eq!(c.source, ModelSource::Architecture);
        // the user's config wins over both
        cfg.model_config = Some(serde_json::json!({"architectures": ["FooForCausalLM"]}));
        assert_eq!(choose(&cfg).unwrap().arch, "FooForCausalLM");
        cfg.model_config = Some(serde_json::json!({"model_type": "llama"}));
        assert!(matches!(choose(&cfg), Err(ModelUnknown::BadConfig(_))));
        let none = LaunchConfig::default();
        assert_eq!(choose(&none), Err(ModelUnknown::Nothing));
        let unknown = LaunchConfig {
            arch: Some("NoSuchForCausalLM".into()),
            ..Default::default()
        };
        assert!(matches!(
            choose(&unknown),
            Err(ModelUnknown::Architecture(_))
        ));
    }
}
