//! The JavaScript API's logic as plain Rust (JSON values in, serializable values out), so
//! that it is tested natively; `lib.rs` only converts to and from `JsValue`.

use preflight_core::explain::{self, Match, Reproduction};
use preflight_core::matrix::{self, Matrix, MatrixKind};
use preflight_core::parse::{self, ParseOptions, Parsed, Rewrite};
use preflight_core::report::Change;
use preflight_core::{LaunchConfig, Report};
use serde::Serialize;
use serde_json::Value;

/// Validates a LaunchConfig given as JSON.
///
/// # Errors
/// A message when the value is not an object or a key has the wrong type.
pub fn validate(config: Value) -> Result<Report, String> {
    if !config.is_object() {
        return Err(format!(
            "validate() expects a LaunchConfig object, got {}",
            kind(&config)
        ));
    }
    Ok(preflight_core::validate(&self::config(config)?))
}

/// Evaluates a LaunchConfig given as JSON: the report of [`validate`] without the
/// verified-fix search (`corrected` is null, no diagnostic carries fixes).
///
/// # Errors
/// A message when the value is not an object or a key has the wrong type.
pub fn evaluate(config: Value) -> Result<Report, String> {
    if !config.is_object() {
        return Err(format!(
            "evaluate() expects a LaunchConfig object, got {}",
            kind(&config)
        ));
    }
    Ok(preflight_core::evaluate(&self::config(config)?))
}

/// The engine-computed matrix of `preflight matrix` (core `matrix`): for `kind`
/// `"attention"` (the default) every catalogue GPU × every `--attention-backend` of the
/// release (`config`'s `gpu` and attention flags are replaced cell by cell); for `"dsa"` /
/// `"dsv4"` the sparse prefill × decode backends on `config`'s GPU. Every cell is
/// `evaluate` of its configuration.
///
/// # Errors
/// A message when `config` is not a LaunchConfig object or `kind` is not one of the three.
pub fn matrix(config: Value, kind: Option<&str>) -> Result<Matrix, String> {
    let base = self::config(config)?;
    Ok(match kind.unwrap_or("attention") {
        "attention" => matrix::attention(&base, None),
        "dsa" => matrix::sparse(&base, MatrixKind::Dsa),
        "dsv4" => matrix::sparse(&base, MatrixKind::Dsv4),
        other => {
            return Err(format!(
                "matrix() kind is \"attention\", \"dsa\" or \"dsv4\", not {other:?}"
            ));
        }
    })
}

/// A LaunchConfig from JSON.
///
/// # Errors
/// A message when the value is not an object or a key has the wrong type.
pub fn config(config: Value) -> Result<LaunchConfig, String> {
    if !config.is_object() {
        return Err(format!(
            "expected a LaunchConfig object, got {}",
            kind(&config)
        ));
    }
    serde_json::from_value(config).map_err(|e| format!("invalid LaunchConfig: {e}"))
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Parses a launch command.
pub fn parse_command(text: &str, sglang: Option<String>) -> Parsed {
    parse::parse_command_with(
        text,
        &ParseOptions {
            sglang,
            read_file: None,
        },
    )
}

/// Reads a pasted launch in any form (command, `docker run`, `--config` YAML, Kubernetes or
/// Compose `command`/`args`), as the web page's *Paste a launch* does: the form found, the
/// configuration and the diagnostics (spans point into the joined command for a container
/// list), and the configuration as the page's URL state.
pub fn read_launch(text: &str, sglang: Option<String>) -> Value {
    let launch = preflight_core::launch::read_launch(
        text,
        &ParseOptions {
            sglang,
            read_file: None,
        },
    );
    let mut out = parsed_for_js(&launch.parsed, &launch.command);
    if let Value::Object(map) = &mut out {
        let kind = match launch.kind {
            preflight_core::launch::InputKind::Command => "command",
            preflight_core::launch::InputKind::ConfigYaml => "config-yaml",
            preflight_core::launch::InputKind::ContainerList => "container",
        };
        map.insert("kind".into(), Value::from(kind));
        map.insert(
            "query".into(),
            Value::from(preflight_core::url_state::to_query(&launch.parsed.config)),
        );
    }
    out
}

/// Parses a `--config` YAML file's text.
pub fn parse_config_yaml(text: &str, sglang: Option<String>) -> Parsed {
    parse::parse_config_yaml(
        text,
        &ParseOptions {
            sglang,
            read_file: None,
        },
    )
}

/// A parse result as JSON with every offset (spans and anchors) converted from UTF-8 bytes
/// to UTF-16 code units of `text`, i.e. JavaScript string indices (`text.slice(start, end)`).
pub fn parsed_for_js(parsed: &Parsed, text: &str) -> Value {
    // utf16[i] = UTF-16 index of byte i (and of the end)
    let mut utf16 = vec![0usize; text.len() + 1];
    let mut u = 0;
    for (i, c) in text.char_indices() {
        for slot in utf16.iter_mut().skip(i).take(c.len_utf8()) {
            *slot = u;
        }
        u += c.len_utf16();
    }
    utf16[text.len()] = u;
    let conv = |n: &Value| -> Value {
        match n.as_u64() {
            Some(b) => Value::from(utf16.get(b as usize).copied().unwrap_or(u)),
            None => n.clone(),
        }
    };
    fn walk(v: &mut Value, conv: &dyn Fn(&Value) -> Value) {
        match v {
            Value::Object(map) => {
                let is_span =
                    map.len() == 2 && map.contains_key("start") && map.contains_key("end");
                for (k, x) in map.iter_mut() {
                    let offset =
                        is_span || matches!(k.as_str(), "argv_end" | "env_at" | "docker_env_at");
                    if offset && x.is_u64() {
                        *x = conv(x);
                    } else {
                        walk(x, conv);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|x| walk(x, conv)),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(parsed).unwrap_or(Value::Null);
    walk(&mut v, &conv);
    v
}

/// Applies `changes` (`[{key, to}]`, as in `report.corrected.changes`) to the command text.
///
/// # Errors
/// A message when `changes` is not an array of objects with a string `key` and a string or
/// null `to`.
pub fn correct_command(
    text: &str,
    changes: Value,
    sglang: Option<String>,
) -> Result<Rewrite, String> {
    let Value::Array(items) = changes else {
        return Err(format!(
            "correctCommand() expects an array of changes, got {}",
            kind(&changes)
        ));
    };
    let mut list = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let key = item
            .get("key")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("change {i}: expected a string `key`"))?;
        let to = match item.get("to") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            Some(Value::Bool(b)) => Some(b.to_string()),
            Some(other) => {
                return Err(format!(
                    "change {i}: `to` must be a string or null, got {}",
                    kind(other)
                ));
            }
        };
        list.push(Change {
            key: key.to_string(),
            from: None,
            to,
        });
    }
    let parsed = parse_command(text, sglang);
    Ok(parse::rewrite_command(text, &parsed, &list, true))
}

/// A match with its validated reproduction, when the message says enough.
#[derive(Serialize)]
pub struct Explained {
    /// The match.
    #[serde(flatten)]
    pub m: Match,
    /// The smallest configuration that reproduces the error, and its report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reproduced: Option<Reproduction>,
}

/// Explains an error message or traceback.
pub fn explain_message(text: &str) -> Vec<Explained> {
    explain::explain_message(text)
        .into_iter()
        .map(|m| {
            let reproduced = explain::reproduce(&m);
            Explained { m, reproduced }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn validate_seed_and_bad_input() {
        let r = validate(json!({"gpu": "RTX 5090", "arch": "GlmMoeDsaForCausalLM",
            "kv_cache_dtype": "bf16", "dsa_prefill_backend": "flashinfer_sparse_mla"}))
        .unwrap();
        assert_eq!(r.first_error().unwrap().code, "DSA001");
        assert!(validate(json!([1])).unwrap_err().contains("an array"));
        assert!(
            validate(json!({"gpu": 5}))
                .unwrap_err()
                .contains("invalid LaunchConfig")
        );
        assert!(validate(json!(null)).is_err());
    }

    #[test]
    fn evaluate_and_matrix() {
        let seed = json!({"gpu": "RTX 5090", "arch": "GlmMoeDsaForCausalLM",
            "kv_cache_dtype": "bf16", "dsa_prefill_backend": "flashinfer_sparse_mla"});
        let r = evaluate(seed.clone()).unwrap();
        assert_eq!(r.first_error().unwrap().code, "DSA001");
        assert!(r.corrected.is_none());
        assert!(validate(seed).unwrap().corrected.is_some());
        assert!(evaluate(json!([1])).unwrap_err().contains("an array"));
        let m = matrix(json!({"arch": "DeepseekV3ForCausalLM"}), None).unwrap();
        assert_eq!(m.kind, MatrixKind::Attention);
        assert_eq!(m.rows.len(), preflight_core::domains::gpu::GPUS.len());
        assert!(m.cells.iter().all(|r| r.len() == m.columns.len()));
        let d = matrix(
            json!({"gpu": "H200", "arch": "DeepseekV32ForCausalLM"}),
            Some("dsa"),
        )
        .unwrap();
        assert_eq!(d.kind, MatrixKind::Dsa);
        assert!(
            matrix(json!({}), Some("x"))
                .unwrap_err()
                .contains("not \"x\"")
        );
        assert!(matrix(json!(3), None).is_err());
    }

    #[test]
    fn parse_correct_explain() {
        let t = "python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla";
        let p = parse_command(t, None);
        assert_eq!(p.config.arch.as_deref(), Some("GlmMoeDsaForCausalLM"));
        let mut cfg = serde_json::to_value(&p.config).unwrap();
        cfg["gpu"] = json!("RTX 5090");
        let report = validate(cfg).unwrap();
        let changes = serde_json::to_value(&report.corrected.as_ref().unwrap().changes).unwrap();
        let fixed = correct_command(t, changes, None).unwrap();
        assert_ne!(fixed.text, t);
        assert!(correct_command(t, json!({"key": "x"}), None).is_err());
        // offsets for JavaScript are UTF-16 indices
        let u = "A='é😀' python -m sglang.launch_server --model-path m --tp 2";
        let v = parsed_for_js(&parse_command(u, None), u);
        let tp = v["flags"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["key"] == "tp_size")
            .unwrap();
        let js: Vec<u16> = u.encode_utf16().collect();
        let (a, b) = (
            tp["span"]["start"].as_u64().unwrap() as usize,
            tp["span"]["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(String::from_utf16(&js[a..b]).unwrap(), "--tp 2");
        assert_eq!(v["anchors"]["argv_end"], json!(js.len()));
        assert!(correct_command(t, json!([{"key": 1}]), None).is_err());
        let e = explain_message(&report.first_error().unwrap().message);
        assert_eq!(e[0].m.code, "DSA001");
        assert!(e[0].reproduced.is_some());
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v[0]["code"], "DSA001");
        assert!(v[0]["reproduced"]["report"]["verdict"].is_string());
    }
}
