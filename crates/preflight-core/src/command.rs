//! Renders a configuration as an SGLang launch command.

use crate::config::{LaunchConfig, value_text};
use crate::domains::arch::find_arch;
use crate::domains::flags::{FLAGS, FlagKind, find_flag};

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
                .map(|a| a.model.to_string())
        })
        .unwrap_or_else(|| "<model>".into())
}

/// The flags of a configuration as command-line words, modelled flags first in table
/// order, then unmodelled ones in key order. `store_true` flags print bare when true and
/// not at all when false.
pub fn flag_words(cfg: &LaunchConfig) -> Vec<String> {
    let mut words = Vec::new();
    let mut push = |name: &str, text: String, is_bool: bool| {
        let cli = format!("--{}", name.replace('_', "-"));
        if is_bool {
            if matches!(text.as_str(), "true" | "True" | "1") {
                words.push(cli);
            }
        } else {
            words.push(cli);
            words.push(shell_quote(&text));
        }
    };
    for f in FLAGS {
        if let Some(text) = cfg.args.get(f.name).and_then(value_text) {
            push(f.name, text, matches!(f.kind, FlagKind::Bool));
        }
    }
    for (k, v) in &cfg.args {
        if find_flag(k).is_some() {
            continue;
        }
        if let Some(text) = value_text(v) {
            push(k, text, v.is_boolean());
        }
    }
    words
}

/// `NAME=value … python -m sglang.launch_server --model-path M <flags>`.
pub fn render_command(cfg: &LaunchConfig) -> String {
    let mut parts: Vec<String> = cfg
        .env
        .iter()
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
            "A='x y' python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla --enable-deterministic-inference --mem-fraction-static 0.8"
        );
    }

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
        assert_eq!(shell_quote("a/b-c_1.2"), "a/b-c_1.2");
    }
}
