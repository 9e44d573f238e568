//! Exports of a configuration besides the shell command ([`crate::command::render_command`]):
//! an SGLang `--config` YAML file, a `docker run` line and the JSON report. Pure text
//! renderers; each one reads back through Preflight's own parsers to the same configuration
//! (see the tests).

use crate::config::{LaunchConfig, value_text};
use crate::domains::flags::{FLAGS, FlagKind, find_flag};
use crate::report::Report;
use crate::sglang_cli::{self, Arity, CliOption};
use crate::version::SglangVersion;
use serde_json::Value;

/// Docker image repository of the SGLang release images.
pub const DOCKER_IMAGE: &str = "lmsysorg/sglang";

/// Port SGLang listens on by default (`--port`).
const DEFAULT_PORT: &str = "30000";

/// The option a `ServerArgs` key is written with in `v` (by field name, or by the canonical
/// spelling the parser keeps for unmodelled and `--no-…` switches).
fn option_of(key: &str, v: SglangVersion) -> Option<&'static CliOption> {
    let dashed = format!("--{}", key.replace('_', "-"));
    sglang_cli::find_dest(key, v).or_else(|| sglang_cli::find_exact(&dashed, v))
}

/// Keys in the order the launch command prints them: modelled flags in table order, then
/// the others in key order.
fn ordered_args(cfg: &LaunchConfig) -> Vec<(&str, &Value)> {
    let mut out: Vec<(&str, &Value)> = FLAGS
        .iter()
        .filter_map(|f| cfg.args.get(f.name).map(|v| (f.name, v)))
        .collect();
    out.extend(
        cfg.args
            .iter()
            .filter(|(k, _)| find_flag(k).is_none())
            .map(|(k, v)| (k.as_str(), v)),
    );
    out
}

/// A string as a YAML scalar that PyYAML's `safe_load` reads back as the same `str`:
/// plain when it cannot be mistaken for another type, else quoted.
pub fn yaml_scalar(s: &str) -> String {
    const WORDS_1_1: &[&str] = &[
        "y", "n", "yes", "no", "on", "off", "true", "false", "null", "none", "~",
    ];
    let plain = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./-".contains(c))
        && !WORDS_1_1.contains(&s.to_ascii_lowercase().as_str());
    if plain {
        s.to_string()
    } else if s.chars().any(char::is_control) {
        // JSON strings are YAML double-quoted scalars
        serde_json::to_string(s).unwrap_or_else(|_| "''".into())
    } else {
        format!("'{}'", s.replace('\'', "''"))
    }
}

/// A configuration value as YAML: numbers and booleans plain, strings through
/// [`yaml_scalar`], lists in flow style.
pub fn yaml_value(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => yaml_scalar(s),
        Value::Array(items) => {
            let inner: Vec<String> = items
                .iter()
                .map(|i| match i {
                    Value::String(s) => yaml_scalar(s),
                    other => yaml_scalar(&value_text(other).unwrap_or_default()),
                })
                .collect();
            format!("[{}]", inner.join(", "))
        }
        Value::Object(_) => yaml_scalar(&v.to_string()),
    }
}

/// One `key: value` line of a config file for a `ServerArgs` field, or, when SGLang's config
/// reader cannot express it (a `--no-…` switch, an option it refuses), the command-line words.
pub enum ConfigEntry {
    /// `key: value` (or nothing for a switch that is off).
    Line(Option<String>),
    /// Words to pass on the command line instead.
    CommandLine(String),
}

/// How a field goes into a config file for release `v`.
pub fn config_entry(key: &str, value: &Value, v: SglangVersion) -> ConfigEntry {
    let opt = option_of(key, v);
    let name = opt.map_or_else(
        || key.replace('_', "-"),
        |o| o.canonical().trim_start_matches('-').to_string(),
    );
    let is_switch = matches!(find_flag(key).map(|f| f.kind), Some(FlagKind::Bool))
        || opt.is_some_and(|o| !o.takes_value());
    let on = value_text(value).is_some_and(|t| matches!(t.as_str(), "true" | "True" | "1"));
    // `--no-x` kept as its own switch by the parser (key `no_x`)
    let dashed = format!("--{}", key.replace('_', "-"));
    let negative = opt.is_some_and(|o| o.is_negative(&dashed));
    if let Some(o) = opt.filter(|o| !o.in_config) {
        // SGLang: `Unsupported config option` for anything but store_true and single values
        let words = if o.takes_value() {
            let mut cmd = crate::command::flag_words(&LaunchConfig {
                sglang: Some(v.to_string()),
                args: [(key.to_string(), value.clone())].into_iter().collect(),
                ..LaunchConfig::default()
            });
            if cmd.is_empty() {
                cmd.push(o.canonical().to_string());
            }
            cmd.join(" ")
        } else if on && negative {
            dashed
        } else if on {
            o.canonical().to_string()
        } else if o.arity == Arity::Negatable && !negative {
            format!("--no-{}", o.canonical().trim_start_matches('-'))
        } else {
            return ConfigEntry::Line(None);
        };
        return ConfigEntry::CommandLine(words);
    }
    if is_switch {
        if opt.is_some_and(|o| o.arity == Arity::Negatable) && !on {
            return ConfigEntry::CommandLine(format!("--no-{name}"));
        }
        return ConfigEntry::Line(on.then(|| format!("{name}: true")));
    }
    if matches!(value, Value::Null) || matches!(value, Value::Array(a) if a.is_empty()) {
        return ConfigEntry::Line(None);
    }
    ConfigEntry::Line(Some(format!("{name}: {}", yaml_value(value))))
}

/// The configuration as an SGLang `--config` YAML file (`python -m sglang.launch_server
/// --config FILE`): the model path and every flag by its dashed name. What a config file
/// cannot hold is written as comments: the GPU and architecture (not SGLang settings), the
/// environment variables (an `export` block to run first) and the few options SGLang's config
/// reader refuses (to pass on the command line).
pub fn render_yaml(cfg: &LaunchConfig) -> String {
    let v = crate::release_of(cfg);
    let mut extra_words: Vec<String> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    lines.push(format!(
        "model-path: {}",
        yaml_scalar(&crate::command::model_path(cfg))
    ));
    for (key, value) in ordered_args(cfg) {
        match config_entry(key, value, v) {
            ConfigEntry::Line(Some(l)) => lines.push(l),
            ConfigEntry::Line(None) => {}
            ConfigEntry::CommandLine(w) => extra_words.push(w),
        }
    }
    let mut o = String::new();
    o.push_str(&format!(
        "# SGLang {v} launch configuration (written by Preflight).\n"
    ));
    let target: Vec<String> = [
        cfg.gpu.as_ref().map(|g| format!("GPU: {g}")),
        cfg.gpu
            .is_none()
            .then_some(())
            .and(cfg.compute_capability.as_ref())
            .map(|c| format!("compute capability: {c}")),
        cfg.arch.as_ref().map(|a| format!("architecture: {a}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !target.is_empty() {
        o.push_str(&format!("# Checked for {}.\n", target.join(", ")));
    }
    let mut usage = "python -m sglang.launch_server --config sglang.yaml".to_string();
    for w in &extra_words {
        usage.push(' ');
        usage.push_str(w);
    }
    if !extra_words.is_empty() {
        o.push_str("# SGLang does not accept these options in a config file; they are on the command line below.\n");
    }
    if !cfg.env.is_empty() {
        o.push_str("# Environment variables (a config file cannot set them): run first\n");
        for (k, val) in &cfg.env {
            o.push_str(&format!(
                "#   export {k}={}\n",
                crate::command::shell_quote(val)
            ));
        }
    }
    o.push_str(&format!("# Launch: {usage}\n"));
    for l in lines {
        o.push_str(&l);
        o.push('\n');
    }
    o
}

/// The image tag of a release: `v0.5.23`.
pub fn docker_tag(v: SglangVersion) -> String {
    format!("v{}", v.as_str())
}

/// `docker run --gpus all --ipc=host -p 30000:30000 [-e NAME=value …]
/// lmsysorg/sglang:v<release> python3 -m sglang.launch_server --model-path M <flags>
/// --host 0.0.0.0`: the release image running the launch command. `--host 0.0.0.0` is added
/// (unless the configuration sets a host) because SGLang listens on 127.0.0.1 by default,
/// which the published port cannot reach; the published port follows `--port`.
pub fn render_docker(cfg: &LaunchConfig) -> String {
    use crate::command::shell_quote;
    let v = crate::release_of(cfg);
    let port = cfg
        .arg("port")
        .filter(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
        .unwrap_or_else(|| DEFAULT_PORT.into());
    let mut parts: Vec<String> = vec![
        "docker run --gpus all --ipc=host".into(),
        format!("-p {port}:{port}"),
    ];
    for (k, val) in &cfg.env {
        parts.push(format!("-e {k}={}", shell_quote(val)));
    }
    parts.push(format!("{DOCKER_IMAGE}:{}", docker_tag(v)));
    parts.push("python3 -m sglang.launch_server".into());
    parts.push("--model-path".into());
    parts.push(shell_quote(&crate::command::model_path(cfg)));
    parts.extend(crate::command::flag_words(cfg));
    if cfg.arg("host").is_none() {
        parts.push("--host 0.0.0.0".into());
    }
    parts.join(" ")
}

/// The report as pretty-printed JSON (the same serialization as the CLI's and the JS API's).
pub fn report_json(report: &Report) -> String {
    serde_json::to_string_pretty(report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{ParseOptions, parse_command, parse_config_yaml};

    fn cfg(json: &str) -> LaunchConfig {
        serde_json::from_str(json).unwrap()
    }

    /// The text of every argument (numbers and numeric strings compare equal).
    fn texts(c: &LaunchConfig) -> Vec<(String, Option<String>)> {
        c.args
            .iter()
            .map(|(k, v)| {
                let t = match v {
                    Value::Array(a) => Some(
                        a.iter()
                            .filter_map(value_text)
                            .collect::<Vec<_>>()
                            .join(" "),
                    ),
                    other => value_text(other),
                };
                (k.clone(), t)
            })
            .collect()
    }

    const SAMPLES: &[&str] = &[
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","model_path":"zai-org/GLM-5","kv_cache_dtype":"bf16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","page_size":64,"enable_deterministic_inference":true,"mem_fraction_static":"0.85","tp_size":"2","env":{"SGLANG_X":"a b"}}"#,
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"DeepseekV4ForCausalLM","model_path":"deepseek-ai/DeepSeek-V4-Flash","dsv4_prefill_backend":"flashmla_sparse_q8","json_model_override_args":"{\"v_head_dim\": 256}","served_model_name":"it's yes"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","cuda_graph_bs_decode":["1","2","4"],"trust_remote_code":true,"chat_template":"on"}"#,
    ];

    #[test]
    fn yaml_reads_back_to_the_same_configuration() {
        for s in SAMPLES {
            let c = cfg(s);
            let y = render_yaml(&c);
            let p = parse_config_yaml(
                &y,
                &ParseOptions {
                    sglang: c.sglang.clone(),
                    read_file: None,
                },
            );
            assert!(!p.has_errors(), "{y}\n{:?}", p.diagnostics);
            assert_eq!(texts(&p.config), texts(&c), "{y}");
            assert_eq!(
                p.config.model_path.as_deref(),
                Some(crate::command::model_path(&c).as_str())
            );
            for (k, val) in &c.env {
                assert!(
                    y.contains(&format!("export {k}={}", crate::command::shell_quote(val))),
                    "{y}"
                );
            }
        }
    }

    #[test]
    fn yaml_layout() {
        let y = render_yaml(&cfg(SAMPLES[0]));
        assert!(y.contains("\nmodel-path: zai-org/GLM-5\nkv-cache-dtype: bf16\ndsa-prefill-backend: flashinfer_sparse_mla\n"), "{y}");
        assert!(y.starts_with("# SGLang 0.5.23 launch configuration"), "{y}");
        assert!(y.contains("GPU: RTX 5090"), "{y}");
        let y = render_yaml(&cfg(SAMPLES[1]));
        assert!(y.contains("\npage-size: 64\n"), "{y}");
        assert!(
            y.contains("\nenable-deterministic-inference: true\n"),
            "{y}"
        );
        assert!(y.contains("\nmem-fraction-static: '0.85'\n"), "{y}");
        assert!(y.contains("#   export SGLANG_X='a b'\n"), "{y}");
    }

    #[test]
    fn options_a_config_file_refuses_go_to_the_command_line() {
        let p = parse_command(
            "python -m sglang.launch_server --model-path zai-org/GLM-5 --no-enable-tf32-matmul",
        );
        let y = render_yaml(&p.config);
        if p.config.args.contains_key("no_enable_tf32_matmul") {
            assert!(!y.contains("\nno-enable-tf32-matmul"), "{y}");
            assert!(y.contains("--no-enable-tf32-matmul"), "{y}");
            let back = parse_config_yaml(&y, &ParseOptions::default());
            assert!(!back.has_errors(), "{:?}", back.diagnostics);
        }
    }

    #[test]
    fn scalars_quote_what_yaml_would_retype() {
        assert_eq!(yaml_scalar("fp8_e4m3"), "fp8_e4m3");
        assert_eq!(yaml_scalar("zai-org/GLM-5"), "zai-org/GLM-5");
        for s in [
            "yes", "On", "null", "010", "0.85", "1e3", "a: b", "#x", "", "it's",
        ] {
            assert!(yaml_scalar(s).starts_with('\''), "{s}");
        }
        assert_eq!(yaml_scalar("it's"), "'it''s'");
        assert_eq!(yaml_scalar("a\nb"), "\"a\\nb\"");
    }

    #[test]
    fn docker_reads_back_with_release_and_environment() {
        for s in SAMPLES {
            let c = cfg(s);
            let d = render_docker(&c);
            let v = crate::release_of(&c);
            assert!(
                d.starts_with(&format!(
                    "docker run --gpus all --ipc=host -p 30000:30000 {}",
                    if c.env.is_empty() { "" } else { "-e " }
                )),
                "{d}"
            );
            assert!(
                d.contains(&format!(
                    "lmsysorg/sglang:v{} python3 -m sglang.launch_server --model-path ",
                    v.as_str()
                )),
                "{d}"
            );
            let p = parse_command(&d);
            assert!(!p.has_errors(), "{d}\n{:?}", p.diagnostics);
            assert_eq!(p.config.sglang.as_deref(), Some(v.as_str()), "{d}");
            assert_eq!(p.config.env, c.env);
            let mut want = texts(&c);
            want.push(("host".into(), Some("0.0.0.0".into())));
            want.sort();
            assert_eq!(texts(&p.config), want, "{d}");
        }
    }

    #[test]
    fn docker_publishes_the_configured_port() {
        let d = render_docker(&cfg(r#"{"gpu":"H100","port":"8000","host":"::"}"#));
        assert!(d.contains("-p 8000:8000"), "{d}");
        assert!(!d.contains("0.0.0.0"), "{d}");
    }

    #[test]
    fn report_json_is_the_serialized_report() {
        let c = cfg(SAMPLES[0]);
        let r = crate::validate(&c);
        let j: Value = serde_json::from_str(&report_json(&r)).unwrap();
        assert_eq!(j["verdict"], "error");
        assert!(
            j["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| d["code"] == "DSA001")
        );
        assert_eq!(j, serde_json::to_value(&r).unwrap());
    }
}
