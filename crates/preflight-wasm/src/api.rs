//! The JavaScript API's logic as plain Rust (JSON values in, serializable values out), so
//! that it is tested natively; `lib.rs` only converts to and from `JsValue`.

use preflight_core::explain::{self, Match, Reproduction};
use preflight_core::matrix::{self, Matrix, MatrixKind};
use preflight_core::parse::{self, ParseOptions, Parsed, Rewrite};
use preflight_core::report::Change;
use preflight_core::{LaunchConfig, Report, Summary};
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

/// The verdict alone of [`evaluate`] ([`Report::summary`]: class, exit code, headline, the
/// first error's code and message, every error's and warning's code).
///
/// # Errors
/// A message when the value is not an object or a key has the wrong type.
pub fn verdict(config: Value) -> Result<Summary, String> {
    if !config.is_object() {
        return Err(format!(
            "verdict() expects a LaunchConfig object, got {}",
            kind(&config)
        ));
    }
    Ok(preflight_core::evaluate(&self::config(config)?).summary())
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

/// `check()`'s options (also read from a cookbook-style input object): what completes or
/// overrides the launch.
fn check_options(o: &Value) -> Result<preflight_core::check::CheckOptions, String> {
    let text = |k: &str| -> Result<Option<String>, String> {
        match o.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(other) => Err(format!(
                "check(): {k} must be a string, got {}",
                kind(other)
            )),
        }
    };
    Ok(preflight_core::check::CheckOptions {
        gpu: text("gpu")?,
        compute_capability: text("compute_capability")?.or(text("cc")?),
        sglang: text("sglang")?,
        cuda_version: text("cuda_version")?.or(text("cuda")?),
        arch: text("arch")?,
        model_config: match o.get("model_config") {
            None | Some(Value::Null) => None,
            Some(v @ Value::Object(_)) => Some(v.clone()),
            Some(other) => {
                return Err(format!(
                    "check(): model_config must be a config.json object, got {}",
                    kind(other)
                ));
            }
        },
        fixes: !matches!(o.get("fixes"), Some(Value::Bool(false))),
    })
}

/// Words of a cookbook `flags` list: strings are argv words (`"--tp"`, `"8"`,
/// `"--kv-cache-dtype=fp8_e4m3"`); `[name, value]` pairs and `{name, value}` objects give
/// `name` (dashes added when missing) and its value (`true`: a bare switch; `false`/null:
/// left out).
fn flag_words(flags: &Value) -> Result<Vec<String>, String> {
    let Value::Array(items) = flags else {
        return Err(format!(
            "check(): flags must be an array, got {}",
            kind(flags)
        ));
    };
    let mut words = Vec::new();
    for item in items {
        let (name, value) = match item {
            Value::String(s) => {
                words.push(s.clone());
                continue;
            }
            Value::Array(pair) if !pair.is_empty() && pair.len() <= 2 => (
                pair[0].clone(),
                pair.get(1).cloned().unwrap_or(Value::Bool(true)),
            ),
            Value::Object(m) => (
                m.get("name")
                    .or_else(|| m.get("flag"))
                    .cloned()
                    .unwrap_or(Value::Null),
                m.get("value").cloned().unwrap_or(Value::Bool(true)),
            ),
            other => {
                return Err(format!(
                    "check(): a flag must be a string, a [name, value] pair or a {{name, value}} object, got {}",
                    kind(other)
                ));
            }
        };
        let Value::String(name) = name else {
            return Err("check(): a flag's name must be a string".into());
        };
        let name = if name.starts_with('-') {
            name
        } else {
            format!("--{name}")
        };
        match value {
            Value::Bool(true) => words.push(name),
            Value::Bool(false) | Value::Null => {}
            Value::String(v) => words.extend([name, v]),
            Value::Number(n) => words.extend([name, n.to_string()]),
            Value::Array(vs) => {
                words.push(name);
                for v in vs {
                    words.push(match v {
                        Value::String(s) => s,
                        other => other.to_string(),
                    });
                }
            }
            Value::Object(_) => words.extend([name, value.to_string()]),
        }
    }
    Ok(words)
}

/// `NAME=value` entries of a cookbook `env` list (`["A=1"]`, `[["A", "1"]]`,
/// `[{name, value}]`) or object (`{A: "1"}`).
fn env_entries(env: &Value) -> Result<Vec<String>, String> {
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    };
    match env {
        Value::Null => Ok(Vec::new()),
        Value::Object(m) => Ok(m.iter().map(|(k, v)| format!("{k}={}", text(v))).collect()),
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::String(s) => Ok(s.clone()),
                Value::Array(p) if p.len() == 2 => Ok(format!("{}={}", text(&p[0]), text(&p[1]))),
                Value::Object(m) => Ok(format!(
                    "{}={}",
                    m.get("name").map(text).unwrap_or_default(),
                    m.get("value").map(text).unwrap_or_default()
                )),
                other => Err(format!("check(): an env entry must be \"NAME=value\", a pair or {{name, value}}, got {}", kind(other))),
            })
            .collect(),
        other => Err(format!("check(): env must be an array or an object, got {}", kind(other))),
    }
}

/// The one check API for JavaScript (core [`preflight_core::check`]): `input` is a pasted
/// launch in any form (a string: command, `docker run`, `--config` YAML, Kubernetes/Compose
/// lists), a cookbook-style object `{flags, env, model, gpu, sglang, ...}`, or a
/// `LaunchConfig` object. `options` (`{gpu, cc, sglang, cuda, arch, fixes}`) complete it; for a
/// cookbook object its own `gpu`/`sglang`/... keys count too (options win). Returns the
/// `Checked` result as JSON with the parser's spans as JavaScript string indices of the text
/// read.
///
/// # Errors
/// A message when the input is neither a string nor an object, or a field has the wrong type.
pub fn check(input: Value, options: Value) -> Result<Value, String> {
    use preflight_core::check as core;
    if !matches!(options, Value::Null | Value::Object(_)) {
        return Err(format!(
            "check(): options must be an object, got {}",
            kind(&options)
        ));
    }
    let (checked, text) = match &input {
        Value::String(text) => {
            let c = core::check(text, &check_options(&options)?, None);
            let read = c
                .launch
                .as_ref()
                .map_or_else(|| text.clone(), |l| l.command.clone());
            (c, read)
        }
        Value::Object(m)
            if m.contains_key("flags") || m.contains_key("env") && !m.contains_key("args") =>
        {
            let mut opts = check_options(&input)?;
            let over = check_options(&options)?;
            opts.gpu = over.gpu.or(opts.gpu);
            opts.compute_capability = over.compute_capability.or(opts.compute_capability);
            opts.sglang = over.sglang.or(opts.sglang);
            opts.cuda_version = over.cuda_version.or(opts.cuda_version);
            opts.arch = over.arch.or(opts.arch);
            opts.model_config = over.model_config.or(opts.model_config);
            opts.fixes = over.fixes && opts.fixes;
            let mut words = Vec::new();
            if let Some(model) = m.get("model").or_else(|| m.get("model_path")) {
                let Value::String(model) = model else {
                    return Err("check(): model must be a string".into());
                };
                words.extend(["--model-path".to_string(), model.clone()]);
            }
            words.extend(flag_words(
                m.get("flags").unwrap_or(&Value::Array(Vec::new())),
            )?);
            let env = env_entries(m.get("env").unwrap_or(&Value::Null))?;
            let c = core::check_flags(&words, &env, &opts);
            let text = c
                .launch
                .as_ref()
                .map(|l| l.command.clone())
                .unwrap_or_default();
            (c, text)
        }
        Value::Object(_) => {
            let cfg = config(input.clone())?;
            (
                core::check_config(&cfg, &check_options(&options)?),
                String::new(),
            )
        }
        other => {
            return Err(format!(
                "check() expects a launch (string), a {{flags, env}} object or a LaunchConfig, got {}",
                kind(other)
            ));
        }
    };
    let mut v = serde_json::to_value(&checked).map_err(|e| e.to_string())?;
    if let Some(launch) = &checked.launch {
        // the parser's spans as JavaScript indices of the text it read
        let mut parsed = launch.parsed.clone();
        parsed.diagnostics = checked.parse.clone();
        let js = parsed_for_js(&parsed, &launch.command);
        if let Value::Object(map) = &mut v {
            map.insert("parse".into(), js["diagnostics"].clone());
            map.insert("flags".into(), js["flags"].clone());
            map.insert("text".into(), Value::from(text));
        }
    }
    Ok(v)
}

/// The catalogues a picker needs, in one object: GPUs, architectures, the known releases
/// (with whether each is modelled) and the attention backends of each modelled release
/// (`--attention-backend`'s choices).
pub fn domains() -> Value {
    let releases: Vec<Value> = preflight_core::SglangVersion::known()
        .map(|v| serde_json::json!({"version": v.as_str(), "modelled": v.is_modelled()}))
        .collect();
    let backends: serde_json::Map<String, Value> = preflight_core::SglangVersion::all()
        .map(|v| {
            let choices: Vec<&str> =
                preflight_core::sglang_cli::find_exact("--attention-backend", v)
                    .map(|o| o.choices.to_vec())
                    .unwrap_or_default();
            (v.as_str().to_string(), Value::from(choices))
        })
        .collect();
    serde_json::json!({
        "gpus": serde_json::to_value(preflight_core::domains::gpu::GPUS).unwrap_or(Value::Null),
        "archs": serde_json::to_value(preflight_core::domains::arch::archs()).unwrap_or(Value::Null),
        "releases": releases,
        "attention_backends": backends,
    })
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
        assert_eq!(v[0]["complete"], json!(true));
        // a paste both TllmGenFmhaRunner kernel rules match: both, each reproduced
        let e = explain_message(
            "  File \"/usr/local/lib/python3.12/dist-packages/flashinfer/prefill.py\", line 123, in run\nRuntimeError: Error in function 'TllmGenFmhaRunner' at /usr/local/lib/python3.12/dist-packages/flashinfer/data/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:37: Unsupported architecture",
        );
        let codes: Vec<&str> = e.iter().map(|x| x.m.code).collect();
        assert!(
            codes.contains(&"KERN001") && codes.contains(&"KERN003"),
            "{codes:?}"
        );
        assert!(e.iter().all(|x| x.reproduced.is_some()));
    }

    #[test]
    fn check_every_input_form() {
        // a pasted launch
        let t = "python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla";
        let c = check(json!(t), json!({"gpu": "RTX 5090"})).unwrap();
        assert_eq!(c["class"], "refused");
        let first_error = c["report"]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["severity"] == "error")
            .unwrap();
        assert_eq!(first_error["code"], "DSA001");
        assert!(c["corrected"].is_string());
        // the cookbook Playground's (flags, env) shape
        let c = check(
            json!({"flags": ["--kv-cache-dtype", "bf16", ["dsa-prefill-backend", "flashinfer_sparse_mla"]],
                   "env": ["SGLANG_X=1"], "model": "zai-org/GLM-5", "gpu": "RTX 5090"}),
            Value::Null,
        )
        .unwrap();
        assert_eq!(c["class"], "refused", "{c}");
        assert_eq!(c["config"]["env"]["SGLANG_X"], "1");
        let fixed = c["corrected"].as_str().unwrap();
        let again = check(json!(fixed), json!({"gpu": "RTX 5090"})).unwrap();
        assert_eq!(again["class"], "starts", "{fixed}");
        // a LaunchConfig
        let c = check(
            json!({"gpu": "H100", "arch": "LlamaForCausalLM"}),
            Value::Null,
        )
        .unwrap();
        assert_eq!(c["class"], "starts");
        // options win over the object's own keys
        let c = check(
            json!({"flags": [], "model": "meta-llama/Llama-3.1-8B-Instruct", "gpu": "H100"}),
            json!({"sglang": "0.5.19"}),
        )
        .unwrap();
        assert_eq!(c["report"]["sglang"], "0.5.19");
        // bad input is an error message, never a panic
        assert!(check(json!(5), Value::Null).is_err());
        assert!(check(json!({"flags": 5}), Value::Null).is_err());
        assert!(check(json!({"flags": [[1, 2]]}), Value::Null).is_err());
        assert!(check(json!("x"), json!([1])).is_err());
        assert_eq!(
            check(json!(""), Value::Null).unwrap()["class"],
            "cannot_judge"
        );
    }

    #[test]
    fn domains_lists_the_catalogues() {
        let d = domains();
        assert!(d["gpus"].as_array().unwrap().len() > 100);
        assert!(d["archs"].as_array().unwrap().len() > 250);
        assert!(
            d["releases"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["modelled"] == true)
        );
        assert!(
            d["attention_backends"]["0.5.23"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b == "fa3")
        );
    }
}
