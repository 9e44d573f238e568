//! Writes the libFuzzer dictionaries of `fuzz/dict/` from the core's own tables: SGLang's
//! option strings and `choices=` (both releases), GPU, architecture and model names,
//! environment variables, rule message literals, plus the syntax of each input form.
//!
//! `cargo run --manifest-path fuzz/Cargo.toml --no-default-features --bin gen_dict -- DIR`
//! (`scripts/fuzz.sh dict` does this; `scripts/fuzz.sh smoke` fails when the committed
//! dictionaries are stale).

use preflight_core::domains::{arch::archs, flags::ENV_VARS, gpu::GPUS};
use preflight_core::model::builtin;
use preflight_core::rules;
use preflight_core::sglang_cli::options::OPTIONS;
use std::collections::BTreeSet;

/// libFuzzer ignores dictionary words longer than this.
const MAX_WORD: usize = 64;

/// One dictionary line: the word quoted, with `\\`, `"` and non-printable bytes escaped.
fn entry(word: &str) -> String {
    let mut s = String::from("\"");
    for b in word.bytes() {
        match b {
            b'\\' => s.push_str("\\\\"),
            b'"' => s.push_str("\\\""),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02X}")),
        }
    }
    s.push('"');
    s
}

fn add(set: &mut BTreeSet<String>, word: &str) {
    if word.is_empty() {
        return;
    }
    // cut long words into pieces libFuzzer keeps (on char boundaries)
    let mut rest = word;
    while !rest.is_empty() {
        let mut cut = rest.len().min(MAX_WORD);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        set.insert(rest[..cut].to_string());
        rest = &rest[cut..];
    }
}

/// Option strings and values of SGLang's parser, GPU / architecture / model names, env vars.
fn sglang_words() -> BTreeSet<String> {
    let mut w = BTreeSet::new();
    for o in OPTIONS {
        for n in o.names {
            add(&mut w, n);
            add(&mut w, &n.replace('-', "_"));
            add(&mut w, &format!("{n}="));
        }
        add(&mut w, o.dest);
        for c in o.choices {
            add(&mut w, c);
        }
    }
    for g in GPUS {
        add(&mut w, g.name);
    }
    for a in archs() {
        add(&mut w, a.name);
    }
    for m in builtin::ids() {
        add(&mut w, m.id);
        add(&mut w, m.arch);
    }
    for e in ENV_VARS {
        add(&mut w, e.name);
        add(&mut w, &format!("{}=1", e.name));
    }
    for v in preflight_core::SglangVersion::all() {
        add(&mut w, &v.to_string());
    }
    w
}

const COMMAND: &[&str] = &[
    "python -m sglang.launch_server",
    "python3 -m sglang.launch_server",
    "sglang serve",
    "docker run",
    "lmsysorg/sglang:v0.5.23-cu129",
    "lmsysorg/sglang:v0.5.19",
    "lmsysorg/sglang:latest",
    "--gpus all",
    "--ipc=host",
    "-e ",
    "--env ",
    "export ",
    "env ",
    "nohup ",
    "bash -c '",
    " \\\n  ",
    " > log 2>&1 &",
    " && ",
    " ; ",
    " | ",
    "$(",
    "${",
    "`",
    "'",
    "\"",
    "\\",
    "#",
    "\n",
    "--config ",
    "config.yaml",
    "--",
    "=",
];

const YAML: &[&str] = &[
    "---\n",
    "...\n",
    ": ",
    "- ",
    "&a ",
    "*a",
    "<<: ",
    "!!str ",
    "!!int ",
    "? ",
    "|\n  ",
    ">\n  ",
    "[",
    "]",
    "{",
    "}",
    ", ",
    "\"",
    "'",
    "# ",
    "\n  ",
    "~",
    "null",
    "true",
    "false",
    "0x10",
    "1e3",
    ".inf",
    "model-path: ",
    "kv-cache-dtype: ",
    "tp-size: ",
];

const CONTAINER: &[&str] = &[
    "command:",
    "args:",
    "env:",
    "environment:",
    "image:",
    "containers:",
    "services:",
    "- name: ",
    "  value: ",
    "valueFrom:",
    "spec:",
    "kind: Deployment",
    "apiVersion: apps/v1",
    "[\"python3\", \"-m\", \"sglang.launch_server\"]",
    "[\"--model-path\", ",
];

const EXPLAIN: &[&str] = &[
    "Traceback (most recent call last):\n",
    "  File \"",
    "\", line ",
    "ValueError: ",
    "AssertionError: ",
    "RuntimeError: ",
    "NotImplementedError: ",
    "error: argument ",
    ": invalid choice: ",
    ": invalid int value: ",
    "(choose from ",
    "torch.bfloat16",
    "torch.float8_e4m3fn",
    "sm_major=",
    "model_arch=",
    "{",
    "}",
    "!r}",
    "['",
    "']",
    "None",
    "[2026-01-01 00:00:00] ",
    "[2026-01-01 00:00:00 TP0] ",
    "\x1b[31m",
    "\x1b[0m",
    "\r\n",
    "/usr/local/lib/python3.12/dist-packages/",
    "/site-packages/",
    "C:\\venv\\Lib\\site-packages\\",
    ".cuh:37",
    "…",
];

const URL: &[&str] = &[
    "?",
    "&",
    "=",
    "#",
    "#/rules",
    "#/rules/",
    "#/rules?q=",
    "&gpu=",
    "&v=",
    "&backend=",
    "&stage=",
    "&model=",
    "gpu=",
    "cc=",
    "cuda=",
    "arch=",
    "model=",
    "sglang=",
    "env.",
    "arg.",
    "%20",
    "%",
    "%2",
    "%FF",
    "%C3%A9",
    "+",
    "true",
    "[\"a\"]",
    "12.0",
    "DSA001",
];

const JSON: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ":",
    ",",
    "null",
    "true",
    "false",
    "-1",
    "1e400",
    "0.5",
    "18446744073709551616",
    "\"gpu\":",
    "\"arch\":",
    "\"sglang\":",
    "\"compute_capability\":",
    "\"cuda_version\":",
    "\"env\":{",
    "\"model_path\":",
    "\"id\":",
    "\\u0000",
    "\\ud800",
    "\u{feff}",
    "\"num_attention_heads\":",
    "\"num_key_value_heads\":",
    "\"head_dim\":",
    "\"v_head_dim\":",
    "\"qk_rope_head_dim\":",
    "\"json_model_override_args\":",
];

fn write(dir: &str, name: &str, words: &BTreeSet<String>) -> std::io::Result<()> {
    let mut out = format!(
        "# libFuzzer dictionary for the `{}` fuzz target(s): generated by fuzz/src/bin/gen_dict.rs\n# from preflight-core's tables; do not edit (scripts/fuzz.sh dict).\n",
        name.trim_end_matches(".dict")
    );
    for w in words {
        out.push_str(&entry(w));
        out.push('\n');
    }
    std::fs::write(format!("{dir}/{name}"), out)
}

fn main() -> std::io::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fuzz/dict".into());
    let sglang = sglang_words();
    let with = |extra: &[&[&str]]| {
        let mut s = sglang.clone();
        for list in extra {
            for w in *list {
                add(&mut s, w);
            }
        }
        s
    };
    write(&dir, "launch.dict", &with(&[COMMAND, YAML, CONTAINER]))?;
    let mut explain = with(&[EXPLAIN]);
    for r in rules::all() {
        for (_, m) in r.messages {
            // the literal text between placeholders, as SGLang prints it
            for lit in m.split(['{', '}']).filter(|l| l.trim().len() >= 4) {
                add(&mut explain, lit);
            }
        }
    }
    write(&dir, "explain.dict", &explain)?;
    write(&dir, "url.dict", &with(&[URL]))?;
    write(&dir, "json.dict", &with(&[JSON]))?;
    Ok(())
}
