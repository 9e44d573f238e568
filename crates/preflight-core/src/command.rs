//! Renders a configuration as an SGLang launch command.

use crate::config::{LaunchConfig, value_text};
use crate::domains::arch::find_arch;
use crate::domains::flags::{FLAGS, FlagKind, find_flag};
use serde_json::Value;

/// Quotes a word for a POSIX shell when it needs it (`'…'`, with `'\''` for quotes).
pub fn shell_quote(s: &str) -> String {
    let safe = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./:=@%+,".contains(c));
    if safe {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// The `--model-path` for a configuration: the given one, else the architecture's
/// reference checkpoint, else a placeholder.
pub fn model_path(cfg: &LaunchConfig) -> String {
    cfg.model_path
        .clone()
        .or_else(|| {
            cfg.arch
                .as_deref()
                .and_then(find_arch)
                .filter(|a| !a.model.is_empty())
                .map(|a| a.model.to_string())
        })
        .unwrap_or_else(|| "<model>".into())
}

/// The flags of a configuration as command-line words, modelled flags first in table
/// order, then unmodelled ones in the order of their option strings. Each field is spelled the way the release's
/// parser names it (`fp8_gemm_runner_backend` → `--fp8-gemm-backend`); `store_true` flags print
/// bare when true and not at all when false (`--no-…` for negatable switches); lists print one
/// word per element.
pub fn flag_words(cfg: &LaunchConfig) -> Vec<String> {
    let v = crate::release_of(cfg);
    let mut words = Vec::new();
    let mut push = |name: &str, value: &Value, is_bool: bool| {
        let opt = crate::sglang_cli::find_dest(name, v);
        let cli = opt
            .map(|o| o.canonical().to_string())
            .unwrap_or_else(|| format!("--{}", name.replace('_', "-")));
        let Some(text) = value_text(value) else {
            return;
        };
        if is_bool || value.is_boolean() {
            match text.as_str() {
                "true" | "True" | "1" => words.push(cli),
                _ if opt.is_some_and(|o| o.arity == crate::sglang_cli::Arity::Negatable) => {
                    words.push(format!("--no-{}", cli.trim_start_matches("--")))
                }
                _ => {}
            }
        } else if let Value::Array(items) = value {
            words.push(cli);
            words.extend(items.iter().filter_map(value_text).map(|t| shell_quote(&t)));
        } else {
            words.push(cli);
            words.push(shell_quote(&text));
        }
    };
    // modelled flags in table order (a launch sets a few of the table's flags: the launch's
    // keys are looked up in the table, not the table's in the launch)
    let mut modelled: Vec<(usize, &Value)> = cfg
        .args
        .iter()
        .filter_map(|(k, value)| Some((FLAGS.iter().position(|f| f.name == k)?, value)))
        .collect();
    modelled.sort_unstable_by_key(|m| m.0);
    for (i, value) in modelled {
        let f = &FLAGS[i];
        push(f.name, value, matches!(f.kind, FlagKind::Bool));
    }
    // unmodelled flags in the order of the words they print as, so that a key spelt by its
    // dest (`ep_join_mode`) and one spelt by its flag (`elastic_ep_join_mode`) render alike
    let mut rest: Vec<(String, &String, &Value)> = cfg
        .args
        .iter()
        .filter(|(k, _)| find_flag(k).is_none())
        .map(|(k, value)| {
            let cli = crate::sglang_cli::find_dest(k, v)
                .map(|o| o.canonical().to_string())
                .unwrap_or_else(|| format!("--{}", k.replace('_', "-")));
            (cli, k, value)
        })
        .collect();
    rest.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
    for (_, k, value) in rest {
        push(k, value, false);
    }
    words
}

/// `NAME=value … python -m sglang.launch_server --model-path M <flags>`.
pub fn render_command(cfg: &LaunchConfig) -> String {
    let mut parts: Vec<String> = cfg
        .env
        .iter()
        .filter(|(k, _)| crate::valid_env_name(k))
        .map(|(k, v)| format!("{k}={}", shell_quote(v)))
        .collect();
    parts.push("python -m sglang.launch_server".into());
    parts.push("--model-path".into());
    parts.push(shell_quote(&model_path(cfg)));
    parts.extend(flag_words(cfg));
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_env_model_and_flags_in_table_order() {
        let cfg: LaunchConfig = serde_json::from_str(
            r#"{"arch":"GlmMoeDsaForCausalLM","dsa_prefill_backend":"flashinfer_sparse_mla","kv_cache_dtype":"bf16",
                "enable_deterministic_inference":true,"mem_fraction_static":0.8,"env":{"A":"x y"}}"#,
        )
        .unwrap();
        assert_eq!(
            render_command(&cfg),
            "A='x y' python -m sglang.launch_server --model-path zai-org/GLM-5.1 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla --enable-deterministic-inference --mem-fraction-static 0.8"
        );
    }

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
        assert_eq!(shell_quote("a/b-c_1.2"), "a/b-c_1.2");
    }
}
