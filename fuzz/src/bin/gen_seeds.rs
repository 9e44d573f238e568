//! Writes the seed inputs of every fuzz target (before minimisation) from the project's own
//! test material, and the hostile inputs the smoke run replays.
//!
//! `cargo run --manifest-path fuzz/Cargo.toml --no-default-features --bin gen_seeds -- OUT`
//! run from the repository root writes `OUT/seeds/<target>/…` and `OUT/hostile/…`
//! (`scripts/fuzz.sh seed` then minimises the seeds into `fuzz/corpus/<target>/`).
//!
//! Sources: the golden cases' configurations (`tests/golden/*.jsonl`, every 40th line of each
//! file), every rule's example configurations, the published launch commands of
//! `crates/preflight-core/tests/recipes.rs`, the seed documents (`tests/seeds/`), the strings
//! of the end-to-end tests (`tests/e2e/run.mjs`) and the rule message templates. Each
//! configuration is written in every form a target reads: a launch command, a `docker run`
//! line, a `--config` YAML file, Kubernetes and Compose container lists, a URL query, a
//! JSONL line, and the first error it raises (bare and in a traceback).

#[allow(dead_code, missing_docs)]
#[path = "../../../web/src/url.rs"]
mod url;

use preflight_core::command::{flag_words, render_command};
use preflight_core::export::{render_docker, render_yaml};
use preflight_core::{LaunchConfig, Severity, rules, validate};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// Seeds of one target (deduplicated).
#[derive(Default)]
struct Seeds(BTreeSet<Vec<u8>>);

impl Seeds {
    fn add(&mut self, s: impl AsRef<[u8]>) {
        let s = s.as_ref();
        if !s.is_empty() {
            self.0.insert(s.to_vec());
        }
    }
    fn write(&self, dir: &Path) -> std::io::Result<()> {
        fs::create_dir_all(dir)?;
        for (i, s) in self.0.iter().enumerate() {
            fs::write(dir.join(format!("seed-{i:05}")), s)?;
        }
        Ok(())
    }
}

/// String literals of Rust source (`"…"`, `r"…"`, `r#"…"#`), unescaped enough for seeds.
fn rust_strings(src: &str) -> Vec<String> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if b[i] == b'r' && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#')) {
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            let open = i + 1 + hashes;
            if b.get(open) == Some(&b'"') {
                let close = format!("\"{}", "#".repeat(hashes));
                if let Some(end) = src[open + 1..].find(&close) {
                    out.push(src[open + 1..open + 1 + end].to_string());
                    i = open + 1 + end + close.len();
                    continue;
                }
            }
        }
        if b[i] == b'\'' {
            // a char literal ('"') or a lifetime: skip it
            if b.get(i + 2) == Some(&b'\'') {
                i += 3;
                continue;
            }
            if b.get(i + 1) == Some(&b'\\') && b.get(i + 3) == Some(&b'\'') {
                i += 4;
                continue;
            }
        }
        if b[i] == b'"' {
            let mut s = String::new();
            let mut j = i + 1;
            let chars: Vec<(usize, char)> = src[j..].char_indices().collect();
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k].1;
                match c {
                    '"' => break,
                    '\\' => {
                        k += 1;
                        match chars.get(k).map(|x| x.1) {
                            Some('n') => s.push('\n'),
                            Some('t') => s.push('\t'),
                            Some('\n') => {
                                while chars.get(k + 1).is_some_and(|x| x.1.is_whitespace()) {
                                    k += 1;
                                }
                            }
                            Some(c) => s.push(c),
                            None => {}
                        }
                    }
                    c => s.push(c),
                }
                k += 1;
            }
            j += chars.get(k).map_or(src.len() - j, |x| x.0) + 1;
            out.push(s);
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

/// String literals of JavaScript source (`'…'`, `"…"`, `` `…` ``), with the common escapes.
fn js_strings(src: &str) -> Vec<String> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        if q == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if q == '\'' || q == '"' || q == '`' {
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != q {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    i += 1;
                    match chars[i] {
                        'n' => s.push('\n'),
                        't' => s.push('\t'),
                        'u' => {
                            let hex: String = chars[i + 1..].iter().take(4).collect();
                            if let Some(c) =
                                u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                            {
                                s.push(c);
                                i += 4;
                            }
                        }
                        c => s.push(c),
                    }
                } else {
                    s.push(chars[i]);
                }
                i += 1;
            }
            out.push(s);
        }
        i += 1;
    }
    out
}

fn json_list(words: &[String]) -> String {
    serde_json::to_string(words).unwrap_or_default()
}

/// Kubernetes and Compose forms of a configuration's launch.
fn containers(cfg: &LaunchConfig) -> Vec<String> {
    let words = flag_words(cfg);
    let tag = preflight_core::export::docker_tag(preflight_core::version_of(cfg));
    let cmd = ["python3", "-m", "sglang.launch_server"].map(String::from);
    let mut env = String::new();
    let mut compose_env = String::new();
    for (k, v) in &cfg.env {
        env.push_str(&format!("      - name: {k}\n        value: \"{v}\"\n"));
        compose_env.push_str(&format!("      {k}: \"{v}\"\n"));
    }
    let k8s = format!(
        "containers:\n  - name: sglang\n    image: lmsysorg/sglang:{tag}\n    command: {}\n    args: {}\n{}",
        json_list(&cmd),
        json_list(&words),
        if env.is_empty() {
            String::new()
        } else {
            format!("    env:\n{env}")
        }
    );
    let mut block = String::from("    args:\n");
    for w in &words {
        block.push_str(&format!(
            "      - {}\n",
            serde_json::to_string(w).unwrap_or_default()
        ));
    }
    let k8s_block = format!(
        "spec:\n  containers:\n  - image: lmsysorg/sglang:{tag}\n    command:\n      - python3\n      - -m\n      - sglang.launch_server\n{block}"
    );
    let compose = format!(
        "services:\n  sglang:\n    image: lmsysorg/sglang:{tag}\n    command: {}\n{}",
        serde_json::to_string(&render_command(cfg)).unwrap_or_default(),
        if compose_env.is_empty() {
            String::new()
        } else {
            format!("    environment:\n{compose_env}")
        }
    );
    let mut all = cmd.to_vec();
    all.extend(words);
    vec![k8s, k8s_block, compose, json_list(&all)]
}

fn first_error(cfg: &LaunchConfig) -> Option<String> {
    validate(cfg)
        .diagnostics
        .into_iter()
        .find(|d| d.severity == Severity::Error)
        .map(|d| d.message)
}

fn main() -> std::io::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fuzz/seeds-raw".into());
    let out = Path::new(&out);
    let names = [
        "parse_command",
        "config_yaml",
        "read_launch",
        "explain",
        "url",
        "jsonl",
        "model_override",
        "model_config",
    ];
    let mut s: Vec<Seeds> = names.iter().map(|_| Seeds::default()).collect();
    let [
        command,
        yaml,
        launch,
        explain,
        query,
        jsonl,
        overrides,
        configs_json,
    ] = &mut s[..]
    else {
        unreachable!()
    };

    // configurations: golden cases and rule examples
    let mut configs: Vec<String> = Vec::new();
    let mut golden: Vec<_> = fs::read_dir("tests/golden")?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    golden.sort();
    for p in golden {
        for line in fs::read_to_string(p)?.lines().step_by(40) {
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(line)
                && let Some(c) = v.get("config")
            {
                configs.push(c.to_string());
            }
        }
    }
    for r in rules::all() {
        if let Some((bad, good)) = r.example {
            configs.push(bad.to_string());
            configs.push(good.to_string());
        }
        for (_, m) in r.messages {
            explain.add(m);
        }
    }
    for c in &configs {
        jsonl.add(c);
        let Ok(cfg) = serde_json::from_str::<LaunchConfig>(c) else {
            continue;
        };
        if let Some(o) = cfg.arg("json_model_override_args") {
            for pick in 0u8..8 {
                let mut seed = vec![pick];
                seed.extend(o.as_bytes());
                overrides.add(seed);
            }
        }
        let cmd = render_command(&cfg);
        command.add(&cmd);
        launch.add(&cmd);
        let docker = render_docker(&cfg);
        command.add(&docker);
        launch.add(&docker);
        let y = render_yaml(&cfg);
        yaml.add(&y);
        launch.add(&y);
        command.add(format!("sglang serve --config server.yaml\0{y}"));
        for c in containers(&cfg) {
            launch.add(c);
        }
        query.add(url::to_query(&cfg));
        if let Some(m) = first_error(&cfg) {
            explain.add(&m);
            explain.add(format!(
                "Traceback (most recent call last):\n  File \"/sgl/python/sglang/srt/server_args.py\", line 600, in __post_init__\n    raise ValueError(\n{}: {m}\n",
                "ValueError"
            ));
        }
    }
    for (i, o) in [
        "{\"num_attention_heads\": 64, \"num_key_value_heads\": 8}",
        "{\"head_dim\": 256, \"v_head_dim\": 128, \"qk_rope_head_dim\": 64}",
        "{\"num_key_value_heads\": 0}",
        "{\"num_attention_heads\": 4294967297}",
        "{\"num_attention_heads\": -1}",
        "[1, 2]",
        "{\"rope_scaling\": {\"type\": \"yarn\", \"factor\": 4.0}}",
        "",
    ]
    .iter()
    .enumerate()
    {
        let mut seed = vec![i as u8];
        seed.extend(o.as_bytes());
        overrides.add(seed);
    }

    // config.json files: every reference checkpoint's (data/models) and the golden stand-ins,
    // each after a byte picking the target's base launch
    for dir in ["data/models", "tests/golden/models"] {
        let mut archs: Vec<_> = fs::read_dir(dir)?
            .filter_map(|e| e.ok().map(|e| e.path().join("config.json")))
            .filter(|p| p.is_file())
            .collect();
        archs.sort();
        for (i, p) in archs.iter().enumerate() {
            let mut seed = vec![i as u8];
            seed.extend(fs::read(p)?);
            configs_json.add(seed);
        }
    }

    // published launch commands
    let recipes = fs::read_to_string("crates/preflight-core/tests/recipes.rs")?;
    for lit in rust_strings(&recipes) {
        if lit.contains("sglang") {
            command.add(&lit);
            launch.add(&lit);
        }
    }
    // seed documents (an error, as published, with its explanation)
    let mut docs: Vec<_> = fs::read_dir("tests/seeds")?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    docs.sort();
    for p in docs {
        let t = fs::read(&p)?;
        explain.add(&t);
        launch.add(&t);
    }
    // end-to-end inputs
    let e2e = fs::read_to_string("tests/e2e/run.mjs")?;
    for lit in js_strings(&e2e) {
        if lit.len() < 8 || lit.len() > 4096 {
            continue;
        }
        if lit.starts_with("/?") {
            query.add(&lit[1..]);
        } else if lit.contains("sglang") || lit.contains("--") || lit.contains(": ") {
            command.add(&lit);
            launch.add(&lit);
            yaml.add(&lit);
        } else {
            explain.add(&lit);
        }
    }
    for h in [
        "#/rules",
        "#/rules/DSA001",
        "#/rules?q=fp8&gpu=Hopper&v=0.5.23",
        "#/",
    ] {
        query.add(format!("?gpu=H100{h}"));
    }

    // small hostile inputs go into the seeds; all of them (1 MB ones too) into hostile/
    let hostile = hostile();
    for (name, data) in &hostile {
        if data.len() <= 64 * 1024 {
            for t in s.iter_mut() {
                t.add(data);
            }
        }
        let _ = name;
    }
    for (name, t) in names.iter().zip(&s) {
        t.write(&out.join("seeds").join(name))?;
    }
    let h = out.join("hostile");
    fs::create_dir_all(&h)?;
    for (name, data) in &hostile {
        fs::write(h.join(name), data)?;
    }
    Ok(())
}

/// Inputs built to hurt: alias bombs, deep nesting, invalid UTF-8, NULs, 1 MB texts.
fn hostile() -> Vec<(&'static str, Vec<u8>)> {
    const MB: usize = 1 << 20;
    let lol = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n";
    let mut block_nest = String::new();
    for d in 0..150 {
        block_nest.push_str(&" ".repeat(d));
        block_nest.push_str("- \n");
    }
    let mut map_nest = String::new();
    for d in 0..150 {
        map_nest.push_str(&" ".repeat(d));
        map_nest.push_str("k:\n");
    }
    let msg = "flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='";
    vec![
        ("alias-bomb.yaml", lol.into()),
        ("alias-bomb-args.yaml", format!("{lol}args: *i\n").into()),
        (
            "alias-bomb-command.yaml",
            format!("{lol}command: *i\n").into(),
        ),
        ("deep-flow-seq.yaml", "[".repeat(20_000).into()),
        ("deep-flow-map.yaml", "{a: ".repeat(5_000).into()),
        ("deep-block-seq.yaml", block_nest.into()),
        ("deep-block-map.yaml", map_nest.into()),
        ("deep-json-array.json", "[".repeat(20_000).into()),
        ("deep-json-object.json", "{\"a\":".repeat(5_000).into()),
        (
            "deep-json-override.json",
            format!("\x01{}", "{\"a\":".repeat(5_000)).into(),
        ),
        (
            "deep-shell-subst.txt",
            format!(
                "python -m sglang.launch_server --model-path {}",
                "$(".repeat(10_000)
            )
            .into(),
        ),
        (
            "deep-quotes.txt",
            format!("sglang serve m --tp {}", "'\"".repeat(10_000)).into(),
        ),
        (
            "deep-parens.txt",
            format!("{msg}{}", "([{".repeat(5_000)).into(),
        ),
        ("deep-flow-seq-1mb.yaml", "[".repeat(MB).into()),
        ("deep-flow-map-1mb.yaml", "{a: ".repeat(MB / 4).into()),
        ("deep-json-array-1mb.json", "[".repeat(MB).into()),
        (
            "deep-json-override-1mb.json",
            format!("\x01{}", "[".repeat(MB)).into(),
        ),
        (
            "invalid-utf8.bin",
            b"python -m sglang.launch_server --model-path \xff\xfe\xc3\x28 --tp \xe2\x82 8"
                .to_vec(),
        ),
        (
            "invalid-utf8-yaml.bin",
            b"model-path: \xff\xfe\nkv-cache-dtype: \xc3\x28\n".to_vec(),
        ),
        ("nul.bin", b"sglang serve m\0\0\0--tp 8".to_vec()),
        ("one-mb-a.txt", "a".repeat(MB).into()),
        (
            "one-mb-flags.txt",
            format!("sglang serve m{}", " --tp 8".repeat(MB / 7)).into(),
        ),
        (
            "one-mb-lines.txt",
            "--page-size 64 \\\n".repeat(MB / 17).into(),
        ),
        ("one-mb-yaml.yaml", "page-size: 64\n".repeat(MB / 14).into()),
        (
            "one-mb-list.yaml",
            format!("args:\n{}", "  - --tp\n".repeat(MB / 9)).into(),
        ),
        ("one-mb-message.txt", msg.repeat(MB / msg.len()).into()),
        (
            "one-mb-placeholders.txt",
            "model_arch='".repeat(MB / 12).into(),
        ),
        ("one-mb-query.txt", "gpu=H100&".repeat(MB / 9).into()),
        ("one-mb-escapes.txt", "%".repeat(MB).into()),
        (
            "one-mb-json.json",
            format!("{{\"gpu\":\"H100\",\"x\":[{}0]}}", "0,".repeat(MB / 2)).into(),
        ),
        (
            "one-mb-string.json",
            format!("{{\"gpu\":\"{}\"}}", "H".repeat(MB)).into(),
        ),
        ("one-mb-spaces.txt", " ".repeat(MB).into()),
        ("one-mb-newlines.txt", "\n".repeat(MB).into()),
        ("one-mb-multibyte.txt", "é".repeat(MB / 2).into()),
    ]
}
