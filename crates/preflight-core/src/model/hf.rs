//! A model's `config.json` with the semantics SGLang relies on from transformers
//! (5.19.0, pinned by the oracle venv) and from its own config loader
//! (`python/sglang/srt/utils/hf_transformers/config.py@0.5.23`, `get_config`).
//!
//! - **Config classes.** `get_config` loads a `config.json` with the class its `model_type`
//!   names: SGLang's own (`_CONFIG_REGISTRY`, `utils/hf_transformers/common.py:117@0.5.23`) first,
//!   else transformers' `CONFIG_MAPPING`. [`ClassInfo`] (generated, `model::generated::classes`)
//!   holds what such a class adds to the file: the defaults of the keys SGLang reads (a key the
//!   file omits reads as the class default), the `attribute_map` aliases (`n_head` is
//!   `num_attention_heads` for some classes), the keys its `__post_init__` derives from others,
//!   and the classes of its sub-configs (a `text_config` the file omits is the sub-config class's
//!   default instance). An unknown `model_type` (remote code) is a plain `PretrainedConfig`: the
//!   file's keys and nothing else.
//! - **`get_config` post-processing** (`HfModelConfigParser.parse`, `config.py:216-330@0.5.23`):
//!   the text config's attributes are copied onto the top-level config where it lacks them;
//!   `internvl_chat` copies its `llm_config`; Gemma 4 flattens its attention shapes.
//! - **`--json-model-override-args`** (`get_config`, `config.py:405-424@0.5.23`): each key is set on
//!   the top-level config; a dict for a sub-config updates it; `rope_scaling`/`rope_parameters`
//!   dicts are merged.
//! - **`get_hf_text_config`** (`utils/hf_transformers/common.py:547-613@0.5.23`): the sub-config
//!   that describes the language model.
//!
//! Every read mirrors Python's `getattr(config, key, None)` / `hasattr(config, key)`.

use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// What a config class adds to a `config.json` (generated from the pinned transformers and SGLang).
#[derive(Debug, PartialEq)]
pub struct ClassInfo {
    /// The class (module path), e.g. `transformers.models.llama.configuration_llama.LlamaConfig`.
    pub class: &'static str,
    /// Its `model_type`.
    pub model_type: &'static str,
    /// The class `get_config` loads this `model_type` with (SGLang's `_CONFIG_REGISTRY` first,
    /// else transformers' `CONFIG_MAPPING`).
    pub primary: bool,
    /// One of SGLang's own config classes.
    pub sglang: bool,
    /// `attribute_map`: alias → attribute.
    pub attribute_map: &'static [(&'static str, &'static str)],
    /// Class defaults of the read keys (JSON object text).
    pub defaults: &'static str,
    /// Read keys the class's `__post_init__` derives from other keys.
    pub derived: &'static [&'static str],
    /// Sub-configs a default instance has (attribute → class).
    pub sub_configs: &'static [(&'static str, &'static str)],
    /// The declared `sub_configs` classes (attribute → class, or `auto` for `AutoConfig`, which
    /// picks the class from the sub-dict's own `model_type`).
    pub sub_config_classes: &'static [(&'static str, &'static str)],
    /// A legacy flat config (no `text_config`): the top-level keys the text class takes, from
    /// which `__post_init__` builds the text config (empty when the class does not).
    pub flat_text_keys: &'static [&'static str],
    /// False when a default instance cannot be built (no defaults apply).
    pub instantiable: bool,
}

fn classes() -> &'static [ClassInfo] {
    super::generated::classes::CLASSES
}

/// The class `get_config` loads a `model_type` with.
pub fn class_of(model_type: &str) -> Option<&'static ClassInfo> {
    classes()
        .iter()
        .find(|c| c.primary && c.model_type == model_type)
}

/// A class by its path.
pub fn class_by_path(path: &str) -> Option<&'static ClassInfo> {
    let c = classes();
    c.binary_search_by(|x| x.class.cmp(path))
        .ok()
        .map(|i| &c[i])
}

/// Attributes SGLang treats as sub-configs.
pub const SUB_CONFIG_KEYS: &[&str] = &[
    "text_config",
    "llm_config",
    "language_config",
    "thinker_config",
    "vision_config",
    "audio_config",
    "sound_config",
    "attn_config",
];

/// Sub-configs nested deeper than this stay plain dicts.
pub const MAX_DEPTH: usize = 4;

/// Python truthiness of a JSON value.
pub fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// A Python int from a JSON number (`128` or `128.0`); `None` otherwise (bools are not ints here).
pub fn as_int(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 9e18)
                .map(|f| f as i64)
        }),
        _ => None,
    }
}

/// One loaded config object (a `PretrainedConfig` instance): its attributes and sub-configs.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HfObj {
    attrs: Map<String, Value>,
    subs: BTreeMap<String, HfObj>,
    /// The class it was loaded with (its entry of the generated table: attribute lookups
    /// read its `attribute_map` without searching the table again).
    class: Option<&'static ClassInfo>,
}

impl HfObj {
    /// Loads a config dict with `class` as `cls(**dict)` does (`None`: a plain
    /// `PretrainedConfig`, the file's keys and nothing else).
    pub fn load(raw: &Map<String, Value>, class: Option<&'static ClassInfo>) -> HfObj {
        Self::load_at(raw, class, 0)
    }

    /// [`HfObj::load`] at a nesting depth (sub-configs deeper than [`MAX_DEPTH`] are kept as
    /// plain dicts, so a hostile or self-similar config cannot recurse without bound).
    fn load_at(raw: &Map<String, Value>, class: Option<&'static ClassInfo>, depth: usize) -> HfObj {
        let mut obj = HfObj {
            attrs: Map::new(),
            subs: BTreeMap::new(),
            class,
        };
        if let Some(c) = class.filter(|c| c.instantiable) {
            if let Ok(Value::Object(d)) = serde_json::from_str::<Value>(c.defaults) {
                // defaults are read through `getattr`, i.e. under their aliases
                for (k, v) in d {
                    let key = obj.canonical(&k).to_string();
                    obj.attrs.insert(key, v);
                }
            }
            obj.attrs
                .insert("model_type".into(), Value::from(c.model_type));
        }
        for (k, v) in raw {
            let key = obj.canonical(k).to_string();
            match v {
                Value::Object(sub)
                    if SUB_CONFIG_KEYS.contains(&k.as_str()) && depth < MAX_DEPTH =>
                {
                    // a parent without a class (remote code) keeps the dict; SGLang's
                    // get_hf_text_config makes a plain PretrainedConfig of it
                    let sub_class = class.and_then(|c| sub_class(c, k, sub));
                    obj.subs
                        .insert(key, HfObj::load_at(sub, sub_class, depth + 1));
                }
                _ => {
                    obj.attrs.insert(key, v.clone());
                }
            }
        }
        if let Some(c) = class.filter(|c| c.instantiable && depth < MAX_DEPTH) {
            // a flat hub config: the text config from the top-level keys its class takes
            let no_text =
                !raw.contains_key("text_config") || raw.get("text_config") == Some(&Value::Null);
            if no_text && !c.flat_text_keys.is_empty() {
                let flat: Map<String, Value> = raw
                    .iter()
                    .filter(|(k, _)| c.flat_text_keys.contains(&k.as_str()))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                let text_class = c
                    .sub_configs
                    .iter()
                    .find(|(k, _)| *k == "text_config")
                    .and_then(|(_, p)| class_by_path(p));
                obj.attrs.remove("text_config");
                obj.subs.insert(
                    "text_config".into(),
                    HfObj::load_at(&flat, text_class, depth + 1),
                );
            }
            // sub-configs the file omits (or sets to null): the class's default instance
            for (k, mt) in c.sub_configs {
                let absent = !raw.contains_key(*k) || raw.get(*k) == Some(&Value::Null);
                if absent && !obj.subs.contains_key(*k) {
                    obj.attrs.remove(*k);
                    obj.subs.insert(
                        k.to_string(),
                        HfObj::load_at(&Map::new(), class_by_path(mt), depth + 1),
                    );
                }
            }
        }
        if let Some(c) = class.filter(|c| c.instantiable) {
            obj.derive(c, raw);
            obj.per_layer_builder(c, raw);
        }
        obj.standardize_rope(class, raw);
        obj.attrs.retain(|k, _| !k.starts_with('$'));
        obj
    }

    /// transformers 5's RoPE parameters (`modeling_rope_utils.py:752-838`,
    /// `RotaryEmbeddingConfigMixin`): `rope_scaling` is a property over `rope_parameters`; a class
    /// with RoPE parameters (or a file with both `rope_scaling` and `rope_theta`) converts a
    /// legacy `rope_scaling` into them and standardises the dict: `rope_type` (from `type`,
    /// default `default`), `rope_theta`, and, for llama3 / yarn / longrope, the pretraining
    /// length `original_max_position_embeddings` (the top-level attribute when there is one,
    /// else `max_position_embeddings`).
    fn standardize_rope(&mut self, class: Option<&ClassInfo>, raw: &Map<String, Value>) {
        // the class default (the raw file's keys already overwrote the attributes)
        let default_params = class
            .filter(|c| c.instantiable)
            .and_then(|c| serde_json::from_str::<Value>(c.defaults).ok())
            .and_then(|d| d.get("rope_parameters").cloned());
        let has_params = default_params.is_some();
        let legacy = raw.get("rope_scaling").is_some_and(truthy) && raw.contains_key("rope_theta");
        if !(has_params || legacy) {
            return;
        }
        // a class whose RoPE parameters are per layer type (Gemma 3,
        // gemma3/configuration_gemma3.py:136-163) puts a legacy `rope_scaling` into the
        // full-attention entry of its default
        let default_nested = default_params
            .as_ref()
            .and_then(Value::as_object)
            .is_some_and(|d| d.get("full_attention").is_some_and(Value::is_object));
        if default_nested && !raw.contains_key("rope_parameters") {
            if let Some(Value::Object(scaling)) = raw.get("rope_scaling") {
                let mut d = default_params
                    .as_ref()
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default();
                if let Some(Value::Object(full)) = d.get_mut("full_attention") {
                    for (k, v) in scaling {
                        full.insert(k.clone(), v.clone());
                    }
                }
                self.attrs.remove("rope_scaling");
                self.attrs
                    .insert("rope_parameters".into(), Value::Object(d));
            }
            return;
        }
        let given = raw
            .get("rope_scaling")
            .filter(|v| truthy(v))
            .or_else(|| raw.get("rope_parameters").filter(|v| !v.is_null()))
            .cloned();
        let mut rp = match given.or(default_params) {
            Some(Value::Object(m)) => m,
            _ => Map::new(),
        };
        let theta = raw
            .get("rope_theta")
            .cloned()
            .or_else(|| self.attrs.get("rope_theta").cloned())
            .unwrap_or(Value::from(10000.0));
        // nested per layer type (keys that are layer types): left as given
        let labels = self.strs("layer_types");
        let nested = rp.keys().any(|k| labels.contains(k));
        if !nested && (!rp.is_empty() || raw.contains_key("rope_theta")) {
            let ty = rp.get("type").cloned().unwrap_or(Value::from("default"));
            rp.entry("rope_type").or_insert(ty);
            rp.entry("rope_theta").or_insert(theta);
            let scaled = matches!(
                rp.get("rope_type").and_then(Value::as_str),
                Some("llama3" | "yarn" | "longrope")
            );
            if scaled {
                if let Some(o) = self.attrs.get("original_max_position_embeddings").cloned() {
                    rp.insert("original_max_position_embeddings".into(), o);
                } else if let Some(m) = self.attrs.get("max_position_embeddings").cloned() {
                    rp.entry("original_max_position_embeddings").or_insert(m);
                }
            }
        }
        self.attrs.remove("rope_scaling");
        self.attrs
            .insert("rope_parameters".into(), Value::Object(rp));
    }

    /// The Gemma-4-style text configs build a per-layer config for their full-attention layers
    /// from two builder-only arguments (transformers `gemma4/configuration_gemma4.py:210-223`,
    /// `diffusion_gemma/configuration_diffusion_gemma.py:130-140`,
    /// `embedding_gemma2/configuration_embedding_gemma2.py:121-126`): `global_head_dim`
    /// (default 512) and `num_global_key_value_heads` (default `None`, 1 for EmbeddingGemma 2;
    /// gated by `attention_k_eq_v` where the class has it). They are kept here for
    /// `get_config`'s flattening (`_apply_gemma4_attention_overrides`).
    fn per_layer_builder(&mut self, c: &ClassInfo, raw: &Map<String, Value>) {
        let kv_default = match c.model_type {
            "gemma4_text" | "diffusion_gemma_text" => Value::Null,
            "embedding_gemma2_text" => Value::from(1),
            _ => return,
        };
        let head_dim = raw
            .get("global_head_dim")
            .cloned()
            .unwrap_or(Value::from(512));
        let gate = if self.attrs.contains_key("attention_k_eq_v") {
            self.truthy("attention_k_eq_v")
        } else {
            true
        };
        let kv = if gate {
            raw.get("num_global_key_value_heads")
                .cloned()
                .unwrap_or(kv_default)
        } else {
            Value::Null
        };
        self.attrs.insert("global_head_dim".into(), head_dim);
        self.attrs.insert("num_global_key_value_heads".into(), kv);
    }

    /// The keys `__post_init__` derives: the generic transformers derivations for the read keys
    /// the generator flagged (`head_dim = hidden_size // num_attention_heads`,
    /// `num_key_value_heads = num_attention_heads`, `sliding_window = None` unless
    /// `use_sliding_window`); other derived keys the file omits are left unset.
    fn derive(&mut self, c: &ClassInfo, raw: &Map<String, Value>) {
        let given = |k: &str| {
            raw.contains_key(k)
                || c.attribute_map
                    .iter()
                    .any(|(a, t)| *t == k && raw.contains_key(*a))
        };
        for &k in c.derived {
            let unset = !given(k) || self.attrs.get(k).is_none_or(Value::is_null);
            match k {
                "head_dim" if unset => {
                    if let (Some(h), Some(n)) =
                        (self.int("hidden_size"), self.int("num_attention_heads"))
                        && n != 0
                    {
                        self.attrs.insert(k.into(), Value::from(h.div_euclid(n)));
                    }
                }
                "num_key_value_heads" if unset => {
                    if let Some(n) = self.get("num_attention_heads").cloned() {
                        self.attrs.insert(k.into(), n);
                    }
                }
                "sliding_window"
                    if self.has("use_sliding_window") && !self.truthy("use_sliding_window") =>
                {
                    let off = self.attrs.get("$sliding_window_off").cloned();
                    self.attrs.insert(k.into(), off.unwrap_or(Value::Null));
                }
                "sliding_window" => {}
                _ if unset => {
                    self.attrs.remove(k);
                }
                _ => {}
            }
        }
    }

    /// A config in the loaded form the generator writes for the built-in configs
    /// (`scripts/models/sglang_facts.py`, `loaded_form`): the attributes of the object SGLang's
    /// `get_config` returned, sub-configs as nested objects with their `"$class"`. No class
    /// defaults or derivations apply: they are already in.
    pub fn from_loaded(map: &Map<String, Value>) -> HfObj {
        Self::from_loaded_at(map, 0)
    }

    fn from_loaded_at(map: &Map<String, Value>, depth: usize) -> HfObj {
        let class = map
            .get("$class")
            .and_then(Value::as_str)
            .and_then(class_by_path);
        let mut obj = HfObj {
            attrs: Map::new(),
            subs: BTreeMap::new(),
            class,
        };
        for (k, v) in map {
            if k.starts_with('$') {
                continue;
            }
            // get_hf_text_config turns a dict-valued text sub-config into a PretrainedConfig
            // (utils/hf_transformers/common.py:566-572)
            let text_key = matches!(
                k.as_str(),
                "text_config" | "llm_config" | "language_config" | "thinker_config"
            );
            match v {
                Value::Object(sub)
                    if (sub.contains_key("$class") || text_key) && depth < MAX_DEPTH =>
                {
                    obj.subs
                        .insert(k.clone(), HfObj::from_loaded_at(sub, depth + 1));
                }
                _ => {
                    let key = obj.canonical(k).to_string();
                    obj.attrs.insert(key, v.clone());
                }
            }
        }
        obj
    }

    /// `attribute_map` applied to a key.
    fn canonical<'a>(&self, key: &'a str) -> &'a str {
        // transformers 5: `rope_scaling` is a property over `rope_parameters` on every config
        // (configuration_utils.py:584-590)
        if key == "rope_scaling" {
            return "rope_parameters";
        }
        let Some(c) = self.class else {
            return key;
        };
        c.attribute_map
            .iter()
            .find(|(a, _)| *a == key)
            .map(|(_, t)| *t)
            .unwrap_or(key)
    }

    /// The `model_type` of the class this object was loaded with.
    pub fn class_model_type(&self) -> Option<&'static str> {
        self.class.map(|c| c.model_type)
    }

    /// The path of the class this object was loaded with.
    pub fn class_path(&self) -> Option<&'static str> {
        self.class.map(|c| c.class)
    }

    /// `hasattr(obj, key)`.
    pub fn has(&self, key: &str) -> bool {
        let k = self.canonical(key);
        self.attrs.contains_key(k) || self.subs.contains_key(k)
    }

    /// `getattr(obj, key, None)` for a plain attribute: `None` when absent or `None`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.attrs.get(self.canonical(key)).filter(|v| !v.is_null())
    }

    /// A sub-config (`text_config`, `vision_config`, …) when it is a config object.
    pub fn sub(&self, key: &str) -> Option<&HfObj> {
        self.subs.get(self.canonical(key))
    }

    /// A mutable sub-config.
    pub fn sub_mut(&mut self, key: &str) -> Option<&mut HfObj> {
        let k = self.canonical(key).to_string();
        self.subs.get_mut(&k)
    }

    /// `setattr(obj, key, value)`.
    pub fn set(&mut self, key: &str, value: Value) {
        let k = self.canonical(key).to_string();
        self.subs.remove(&k);
        self.attrs.insert(k, value);
    }

    /// Sets a sub-config.
    pub fn set_sub(&mut self, key: &str, value: HfObj) {
        let k = self.canonical(key).to_string();
        self.attrs.remove(&k);
        self.subs.insert(k, value);
    }

    /// An int attribute (`None` when absent, `None` or not an int).
    pub fn int(&self, key: &str) -> Option<i64> {
        self.get(key).and_then(as_int)
    }

    /// A string attribute.
    pub fn str(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(Value::as_str)
    }

    /// `bool(getattr(obj, key, False))`.
    pub fn truthy(&self, key: &str) -> bool {
        self.get(key).is_some_and(truthy) || self.sub(key).is_some()
    }

    /// A list of strings (non-strings skipped).
    pub fn strs(&self, key: &str) -> Vec<String> {
        self.get(key)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A dict attribute.
    pub fn dict(&self, key: &str) -> Option<&Map<String, Value>> {
        self.get(key).and_then(Value::as_object)
    }

    /// The plain attributes (for `text_config → parent` copies).
    fn attr_iter(&self) -> impl Iterator<Item = (&String, &Value)> {
        self.attrs.iter()
    }

    /// `config.update(dict)`: every key set.
    pub fn update(&mut self, values: &Map<String, Value>) {
        for (k, v) in values {
            self.set(k, v.clone());
        }
    }
}

/// The class a parent gives one of its sub-config dicts: the declared `sub_configs` class
/// (`AutoConfig`: the class of the dict's own `model_type`); a parent that declares none builds
/// it in its own `__init__`, with the class its default instance has, or keeps the dict (`None`:
/// a plain `PretrainedConfig` once `get_hf_text_config` converts it).
fn sub_class(
    parent: &ClassInfo,
    key: &str,
    sub: &Map<String, Value>,
) -> Option<&'static ClassInfo> {
    let own = sub
        .get("model_type")
        .and_then(Value::as_str)
        .and_then(class_of);
    let default = || {
        parent
            .sub_configs
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, c)| class_by_path(c))
    };
    match parent.sub_config_classes.iter().find(|(k, _)| *k == key) {
        Some((_, "auto")) => own.or_else(default),
        Some((_, c)) => class_by_path(c).or(own),
        None => default(),
    }
}

/// Model types whose attention shapes `get_config` flattens (`_GEMMA4_MODEL_TYPES`,
/// `utils/hf_transformers/config.py:64-71@0.5.23`).
const GEMMA4_MODEL_TYPES: &[&str] = &[
    "gemma4",
    "gemma4_assistant",
    "gemma4_unified",
    "gemma4_unified_assistant",
    "diffusion_gemma",
    "embedding_gemma2",
];

/// A loaded model config (`hf_config` as `get_config` returns it).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HfConfig {
    /// The top-level config object.
    pub root: HfObj,
}

/// Why a config cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum HfError {
    /// Not a JSON object.
    NotAnObject,
    /// No `architectures` list (SGLang needs `architectures[0]`).
    NoArchitectures,
}

impl HfConfig {
    /// Loads a `config.json` (parsed) the way `get_config` does, then applies
    /// `--json-model-override-args` (`overrides`, a JSON object).
    pub fn load(raw: &Value, overrides: Option<&Map<String, Value>>) -> Result<HfConfig, HfError> {
        let Value::Object(map) = raw else {
            return Err(HfError::NotAnObject);
        };
        if map.get("$loaded") == Some(&Value::Bool(true)) {
            let mut cfg = HfConfig {
                root: HfObj::from_loaded(map),
            };
            if let Some(ov) = overrides {
                cfg.apply_overrides(ov);
            }
            if cfg.root.strs("architectures").is_empty() {
                return Err(HfError::NoArchitectures);
            }
            return Ok(cfg);
        }
        let class = map
            .get("model_type")
            .and_then(Value::as_str)
            .and_then(class_of);
        let mut root = HfObj::load(map, class);
        // HfModelConfigParser.parse (config.py:239-254): LongCat's model_type
        let archs = root.strs("architectures");
        if matches!(
            archs.as_slice(),
            [a] if a == "LongcatCausalLM" || a == "LongcatFlashForCausalLM" || a == "LongcatFlashNgramForCausalLM"
        ) {
            root.set("model_type", Value::from("longcat_flash"));
        }
        let mut cfg = HfConfig { root };
        // config.py:256-264: the text config's attributes on the parent where it lacks them
        let text_key = cfg.text_config_key();
        if let Some(key) = text_key {
            let copies: Vec<(String, Value)> = cfg
                .text_path(&key)
                .map(|t| {
                    t.attr_iter()
                        .filter(|(_, v)| !v.is_null())
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect()
                })
                .unwrap_or_default();
            for (k, v) in copies {
                if !cfg.root.has(&k) {
                    cfg.root.set(&k, v);
                }
            }
        }
        // config.py:301-304: internvl_chat copies llm_config's attributes (None included)
        if cfg.root.str("model_type") == Some("internvl_chat") {
            let copies: Vec<(String, Value)> = cfg
                .root
                .sub("llm_config")
                .map(|t| t.attr_iter().map(|(k, v)| (k.clone(), v.clone())).collect())
                .unwrap_or_default();
            for (k, v) in copies {
                if !cfg.root.has(&k) {
                    cfg.root.set(&k, v);
                }
            }
        }
        // config.py:306-307
        if cfg.root.str("model_type") == Some("multi_modality") {
            cfg.root
                .set("architectures", Value::from(vec!["MultiModalityCausalLM"]));
        }
        // config.py:309-310, _apply_gemma4_attention_overrides (config.py:116-150)
        if cfg
            .root
            .str("model_type")
            .is_some_and(|m| GEMMA4_MODEL_TYPES.contains(&m))
            && let Some(t) = cfg.root.sub_mut("text_config")
        {
            // the base attributes are the sliding-window shape; `global_head_dim` /
            // `num_global_key_value_heads` (consumed by transformers into a per-layer config)
            // override them for the full-attention layers
            let swa_head_dim = t.get("head_dim").cloned().unwrap_or(Value::Null);
            let swa_kv = t.get("num_key_value_heads").cloned().unwrap_or(Value::Null);
            let has_sliding = t
                .strs("layer_types")
                .iter()
                .any(|l| l == "sliding_attention");
            let head_dim = t
                .get("global_head_dim")
                .cloned()
                .unwrap_or(swa_head_dim.clone());
            let kv = t
                .get("num_global_key_value_heads")
                .cloned()
                .unwrap_or(swa_kv.clone());
            let (swa_head_dim, swa_kv) = if has_sliding {
                (swa_head_dim, swa_kv)
            } else {
                (head_dim.clone(), kv.clone())
            };
            t.set("head_dim", head_dim.clone());
            t.set("num_key_value_heads", kv);
            t.set("swa_head_dim", swa_head_dim.clone());
            t.set("swa_v_head_dim", swa_head_dim);
            t.set("swa_num_key_value_heads", swa_kv);
            if !t.has("v_head_dim") {
                t.set("v_head_dim", head_dim);
            }
        }
        // config.py:312-313
        if cfg.root.str("model_type") == Some("longcat_flash") {
            cfg.root.set(
                "architectures",
                Value::from(vec!["LongcatFlashForCausalLM"]),
            );
        }
        if let Some(ov) = overrides {
            cfg.apply_overrides(ov);
        }
        if cfg.root.strs("architectures").is_empty() {
            return Err(HfError::NoArchitectures);
        }
        Ok(cfg)
    }

    /// `--json-model-override-args` as `get_config` applies them (`config.py:405-424@0.5.23`).
    pub fn apply_overrides(&mut self, ov: &Map<String, Value>) {
        for (k, v) in ov {
            match v {
                Value::Object(d) if self.root.sub(k).is_some() => {
                    if let Some(s) = self.root.sub_mut(k) {
                        s.update(d);
                    }
                }
                Value::Object(d)
                    if (k == "rope_scaling" || k == "rope_parameters")
                        && self.root.dict(k).is_some() =>
                {
                    let mut merged = self.root.dict(k).cloned().unwrap_or_default();
                    for (kk, vv) in d {
                        merged.insert(kk.clone(), vv.clone());
                    }
                    self.root.set(k, Value::Object(merged));
                }
                _ => self.root.set(k, v.clone()),
            }
        }
    }

    /// `architectures` (empty when absent).
    pub fn architectures(&self) -> Vec<String> {
        self.root.strs("architectures")
    }

    /// `architectures[0]`.
    pub fn arch(&self) -> String {
        self.architectures().into_iter().next().unwrap_or_default()
    }

    /// The key of the text sub-config `get_hf_text_config` picks (`thinker_config` →
    /// `llm_config` → `language_config` → `text_config`), or `None` for the config itself.
    fn text_config_key(&self) -> Option<String> {
        let arch = self.arch();
        if arch.starts_with("Llava") && arch.ends_with("ForCausalLM") {
            return None;
        }
        [
            "thinker_config",
            "llm_config",
            "language_config",
            "text_config",
        ]
        .into_iter()
        .find(|k| self.root.sub(k).is_some())
        .map(str::to_string)
    }

    fn text_path(&self, key: &str) -> Option<&HfObj> {
        let sub = self.root.sub(key)?;
        if key == "thinker_config" {
            return Some(sub.sub("text_config").unwrap_or(sub));
        }
        Some(sub)
    }

    /// `get_hf_text_config(hf_config)` (`common.py:547-613@0.5.23`): the language model's config.
    pub fn text(&self) -> &HfObj {
        self.text_config_key()
            .and_then(|k| self.text_path(&k))
            .unwrap_or(&self.root)
    }

    /// The text config, mutable (the draft rewrites write to it).
    pub fn text_mut(&mut self) -> &mut HfObj {
        match self.text_config_key() {
            None => &mut self.root,
            Some(k) => {
                let is_thinker = k == "thinker_config";
                let has_text = self
                    .root
                    .sub(&k)
                    .is_some_and(|s| s.sub("text_config").is_some());
                let sub = self.root.sub_mut(&k).expect("text config key exists");
                if is_thinker && has_text {
                    sub.sub_mut("text_config").expect("checked")
                } else {
                    sub
                }
            }
        }
    }

    /// Whether the text config is a sub-config (`hf_config is not hf_text_config`).
    pub fn has_text_sub_config(&self) -> bool {
        self.text_config_key().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn class_defaults_and_aliases() {
        // LlamaConfig: head_dim and num_key_value_heads derive from the heads
        let c = HfConfig::load(
            &json!({"architectures": ["LlamaForCausalLM"], "model_type": "llama",
                    "hidden_size": 2048, "num_attention_heads": 16}),
            None,
        )
        .unwrap();
        assert_eq!(c.text().int("head_dim"), Some(128));
        assert_eq!(c.text().int("num_key_value_heads"), Some(16));
        assert_eq!(c.text().int("max_position_embeddings"), Some(2048));
        // an unknown model_type is a plain PretrainedConfig: no defaults
        let c = HfConfig::load(
            &json!({"architectures": ["XForCausalLM"], "model_type": "nobody_knows"}),
            None,
        )
        .unwrap();
        assert!(!c.text().has("max_position_embeddings"));
    }

    #[test]
    fn text_config_and_overrides() {
        let c = HfConfig::load(
            &json!({"architectures": ["Qwen3VLForConditionalGeneration"], "model_type": "qwen3_vl",
                    "text_config": {"num_attention_heads": 64, "hidden_size": 8192, "head_dim": 128}}),
            Some(json!({"num_attention_heads": 8}).as_object().unwrap()),
        )
        .unwrap();
        // the override lands on the top-level config; the text config keeps its value
        assert_eq!(c.root.int("num_attention_heads"), Some(8));
        assert_eq!(c.text().int("num_attention_heads"), Some(64));
        assert!(c.has_text_sub_config());
        assert!(HfConfig::load(&json!([1]), None).is_err());
        assert_eq!(
            HfConfig::load(&json!({"model_type": "llama"}), None),
            Err(HfError::NoArchitectures)
        );
    }
}
