use super::*;
use crate::report::Change;
use serde_json::json;

fn codes_of(p: &Parsed) -> Vec<&str> {
    p.diagnostics.iter().map(|d| d.code).collect()
}

fn at(text: &str, s: Span) -> &str {
    &text[s.start..s.end]
}

#[test]
fn seed_command() {
    let t = "python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla";
    let p = parse_command(t);
    assert_eq!(codes_of(&p), Vec::<&str>::new());
    assert_eq!(p.launcher, Some(Launcher::PythonModule));
    assert_eq!(p.config.model_path.as_deref(), Some("zai-org/GLM-5"));
    assert_eq!(p.config.arch.as_deref(), Some("GlmMoeDsaForCausalLM"));
    assert_eq!(p.config.args["kv_cache_dtype"], json!("bf16"));
    assert_eq!(
        p.config.args["dsa_prefill_backend"],
        json!("flashinfer_sparse_mla")
    );
    let f = p.span_of("kv_cache_dtype").unwrap();
    assert_eq!(at(t, f.span), "--kv-cache-dtype bf16");
    assert_eq!(at(t, f.name), "--kv-cache-dtype");
    assert_eq!(at(t, f.value.unwrap()), "bf16");
}

#[test]
fn sglang_serve_positional_model_abbreviations_and_types() {
    let t = "sglang serve deepseek-ai/DeepSeek-V4-Flash --tp 8 --page-size=64 --enable-deterministic-inference --trust-remote-code --mem-fraction-static 0.85 --cuda-graph-bs-decode 1 2 4 --no-enable-tf32-matmul";
    let p = parse_command(t);
    assert_eq!(p.launcher, Some(Launcher::SglangServe));
    assert_eq!(
        p.config.model_path.as_deref(),
        Some("deepseek-ai/DeepSeek-V4-Flash")
    );
    assert_eq!(p.config.arch.as_deref(), Some("DeepseekV4ForCausalLM"));
    let a = &p.config.args;
    assert_eq!(a["tp_size"], json!(8));
    assert_eq!(a["page_size"], json!(64));
    assert_eq!(a["enable_deterministic_inference"], json!(true));
    assert_eq!(a["trust_remote_code"], json!(true));
    assert_eq!(a["mem_fraction_static"], json!("0.85"));
    assert_eq!(a["cuda_graph_bs_decode"], json!(["1", "2", "4"]));
    // `--no-x` of a BooleanOptionalAction: argparse stores False into x
    assert_eq!(a["enable_tf32_matmul"], json!(false));
    // --tp is argparse's abbreviation of --tp-size: noted, with the full spelling suggested
    assert_eq!(codes_of(&p), ["PARSE013"]);
    assert_eq!(p.span_of("tp_size").unwrap().option, "--tp");
    let pg = p.span_of("page_size").unwrap();
    assert!(pg.inline);
    assert_eq!(at(t, pg.value.unwrap()), "64");
    assert_eq!(at(t, pg.name), "--page-size");
}

#[test]
fn environment_exports_continuations_and_shell_noise() {
    let t = "export SGLANG_DSV4_Q8KV8_PREFILL=1\nCUDA_VISIBLE_DEVICES=0,1 \\\n  nohup python3 -u -m sglang.launch_server \\\n    --model deepseek-ai/DeepSeek-V4-Flash \\\n    --dsv4-prefill-backend flashmla_sparse_q8 \\\n    > server.log 2>&1 &\necho done\n";
    let p = parse_command(t);
    assert_eq!(codes_of(&p), Vec::<&str>::new(), "{:?}", p.diagnostics);
    assert_eq!(p.config.env["SGLANG_DSV4_Q8KV8_PREFILL"], "1");
    assert_eq!(p.config.env["CUDA_VISIBLE_DEVICES"], "0,1");
    assert_eq!(
        p.config.args["dsv4_prefill_backend"],
        json!("flashmla_sparse_q8")
    );
    assert_eq!(p.anchors.continuation_indent.as_deref(), Some("    "));
    let e = p.span_of("env.SGLANG_DSV4_Q8KV8_PREFILL").unwrap();
    assert!(matches!(e.site, Site::EnvExport { alone: true, .. }));
    assert_eq!(at(t, e.value.unwrap()), "1");
}

#[test]
fn docker_run() {
    let t = "docker run --gpus all --shm-size 32g -p 30000:30000 -v ~/.cache/huggingface:/models/.cache/huggingface --env \"HF_TOKEN=secret\" -e SGLANG_X=1 -it --ipc=host --rm lmsysorg/sglang:v0.5.19-cu129 python3 -m sglang.launch_server --model-path zai-org/GLM-5 --host 0.0.0.0 --port 30000";
    let p = parse_command(t);
    assert_eq!(codes_of(&p), Vec::<&str>::new(), "{:?}", p.diagnostics);
    assert_eq!(
        p.docker_image.as_deref(),
        Some("lmsysorg/sglang:v0.5.19-cu129")
    );
    assert_eq!(p.config.sglang.as_deref(), Some("0.5.19"));
    assert_eq!(p.config.cuda_version.as_deref(), Some("12.9"));
    assert_eq!(p.config.env["HF_TOKEN"], "secret");
    assert_eq!(p.config.env["SGLANG_X"], "1");
    assert_eq!(p.config.args["port"], json!("30000"));
    let tag = p.span_of("sglang").unwrap();
    assert_eq!(at(t, tag.value.unwrap()), "v0.5.19-cu129");
    assert!(p.anchors.docker_env_at.is_some());

    // `latest` is the newest modelled release
    let p = parse_command("docker run lmsysorg/sglang:latest sglang serve Qwen/Qwen3-8B");
    assert!(codes_of(&p).is_empty(), "{:?}", codes_of(&p));
    assert_eq!(
        p.config.sglang.as_deref(),
        Some(crate::SglangVersion::LATEST.as_str())
    );
    let p = parse_command("docker run lmsysorg/sglang:dev sglang serve Qwen/Qwen3-8B");
    assert_eq!(codes_of(&p), ["PARSE021"]);
    assert_eq!(p.config.sglang, None);
    assert_eq!(p.config.arch.as_deref(), Some("Qwen3ForCausalLM"));
    let p = parse_command("docker run -d lmsysorg/sglang:v0.5.23");
    assert_eq!(codes_of(&p), ["PARSE020"]);
    let t = image_release("v0.5.23.post1-cu130-b200");
    assert_eq!(t.version.as_deref(), Some("0.5.23.post1"));
    assert_eq!(t.cuda.as_deref(), Some("13.0"));
    let t = image_release("v0.5.21-rocm700-mi30x");
    assert_eq!(t.version.as_deref(), Some("0.5.21"));
    assert_eq!((t.cuda, t.rocm.as_deref()), (None, Some("7.0.0")));
    assert_eq!(image_release("v0.5.22-cu129").cuda.as_deref(), Some("12.9"));
    assert_eq!(
        image_release("latest").version.as_deref(),
        Some(crate::SglangVersion::LATEST.as_str())
    );
    assert_eq!(image_release("dev"), crate::parse::ImageTag::default());
}

#[test]
fn what_sglang_refuses() {
    // underscores: SGLang says "unrecognized arguments"; read as meant, with the fix
    let t = "python -m sglang.launch_server --model-path m --kv_cache_dtype bf16";
    let p = parse_command(t);
    assert_eq!(codes_of(&p), ["PARSE011"]);
    assert_eq!(
        p.diagnostics[0].message,
        "unrecognized arguments: --kv_cache_dtype bf16 (SGLang spells it --kv-cache-dtype)"
    );
    assert_eq!(p.config.args["kv_cache_dtype"], json!("bf16"));
    let fixed = rewrite_command(t, &p, &[], true);
    assert_eq!(
        fixed.text,
        "python -m sglang.launch_server --model-path m --kv-cache-dtype bf16"
    );
    // unknown flags are kept verbatim
    let p = parse_command("sglang serve --model m --frobnicate 3 --wibble stray");
    assert_eq!(codes_of(&p), ["PARSE010", "PARSE010"]);
    assert_eq!(
        p.diagnostics[0].message,
        "unrecognized arguments: --frobnicate 3"
    );
    assert_eq!(p.config.args["frobnicate"], json!("3"));
    assert_eq!(p.config.args["wibble"], json!("stray"));
    // missing values, switches with values, ambiguity, repeats, no model
    let p = parse_command(
        "python -m sglang.launch_server --model-path m --tp-size --enable-metrics=1 --enable --page-size 1 --page-size 2",
    );
    assert_eq!(
        codes_of(&p),
        ["PARSE014", "PARSE015", "PARSE012", "PARSE016"]
    );
    assert_eq!(
        p.diagnostics[0].message,
        "argument --tp-size/--tensor-parallel-size: expected one argument"
    );
    assert_eq!(
        p.diagnostics[1].message,
        "argument --enable-metrics: ignored explicit argument '1'"
    );
    assert_eq!(p.config.args["page_size"], json!(2));
    let p = parse_command("python -m sglang.launch_server --tp 2");
    assert_eq!(codes_of(&p), ["PARSE013", "PARSE017"]);
    // argparse's type and choice checks, for flags Preflight does not model
    let p = parse_command(
        "sglang serve m --stream-interval many --load-format nope --mem-fraction-static 0.8 --schedule-conservativeness 1e-1 --context-length 128k",
    );
    assert_eq!(codes_of(&p), ["PARSE037", "PARSE037"]);
    assert_eq!(
        p.diagnostics[0].message,
        "argument --stream-interval: invalid int value: 'many'"
    );
    assert!(
        p.diagnostics[1].message.starts_with(
            "argument --load-format: invalid choice: 'nope' (choose from 'auto', 'pt', "
        )
    );
    let p = parse_config_yaml("stream-interval: many\n", &ParseOptions::default());
    assert_eq!(codes_of(&p), ["PARSE037"]);
    assert_eq!(p.diagnostics[0].source, Source::ConfigFile);
    // negative numbers are values
    let p = parse_command("python -m sglang.launch_server --model m --page-size -1");
    assert_eq!(p.config.args["page_size"], json!(-1));
}

#[test]
fn release_specific_options() {
    let t = "python -m sglang.launch_server --model m --nsa-prefill-backend fa3";
    let p = parse_command_with(
        t,
        &ParseOptions {
            sglang: Some("0.5.19".into()),
            read_file: None,
        },
    );
    assert_eq!(codes_of(&p), ["PARSE018"]);
    assert_eq!(p.config.args["dsa_prefill_backend"], json!("fa3"));
    assert_eq!(p.config.sglang.as_deref(), Some("0.5.19"));
    let p = parse_command(t);
    assert_eq!(codes_of(&p), ["PARSE010"]);
}

#[test]
fn flags_only_and_no_command() {
    let p = parse_command("--kv-cache-dtype fp8_e4m3 --dsa-decode-backend trtllm");
    assert_eq!(p.launcher, Some(Launcher::FlagsOnly));
    assert_eq!(codes_of(&p), ["PARSE006"]);
    assert_eq!(p.config.args["dsa_decode_backend"], json!("trtllm"));
    let p = parse_command("hello world");
    assert_eq!(codes_of(&p), ["PARSE005"]);
    assert!(p.has_errors());
}

#[test]
fn bad_input_is_a_diagnostic() {
    assert_eq!(codes_of(&parse_command("")), ["PARSE001"]);
    assert_eq!(codes_of(&parse_command(" \n\t")), ["PARSE001"]);
    let big = "x".repeat(1 << 20);
    assert_eq!(codes_of(&parse_command(&big)), ["PARSE002"]);
    assert_eq!(codes_of(&parse_command("python\0\0-m")), ["PARSE003"]);
    let bin: String = (0u8..=255).map(|b| b as char).collect();
    assert!(parse_command(&bin).has_errors());
    let p = parse_command("python -m sglang.launch_server --model-path 'zai-org/GLM-5 --tp 2");
    assert_eq!(codes_of(&p)[0], "PARSE004");
    assert_eq!(p.config.model_path.as_deref(), Some("zai-org/GLM-5 --tp 2"));
}

/// A YAML alias bomb: nine anchors, each a list of nine aliases of the previous one.
fn alias_bomb() -> String {
    let mut y = String::from(
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    for w in names.windows(2) {
        let (prev, cur) = (w[0], w[1]);
        let items = vec![format!("*{prev}"); 9].join(",");
        y.push_str(&format!("{cur}: &{cur} [{items}]\n"));
    }
    y
}

#[test]
fn yaml_alias_bomb_is_refused_quickly() {
    let yaml = alias_bomb();
    assert!(yaml.len() < 400, "{} chars", yaml.len());
    let p = parse_config_yaml(&yaml, &ParseOptions::default());
    assert_eq!(codes_of(&p), vec!["PARSE038"]);
    assert!(p.has_errors());
    // the same file pasted as a launch
    let l = crate::launch::read_launch(&yaml, &ParseOptions::default());
    assert!(
        l.parsed.diagnostics.iter().any(|d| d.code == "PARSE038"),
        "{:?}",
        l.parsed.diagnostics
    );
}

#[test]
fn config_file() {
    let yaml = "model-path: zai-org/GLM-5\nkv_cache_dtype: bf16\ntp: 4\ndsa-prefill-backend: flashinfer_sparse_mla\n";
    let read = |p: &str| -> Result<String, String> {
        if p == "cfg.yaml" {
            Ok(yaml.to_string())
        } else {
            Err(format!("Config file not found: {p}"))
        }
    };
    let opts = ParseOptions {
        sglang: None,
        read_file: Some(&read),
    };
    let t = "sglang serve --config cfg.yaml --tp 8";
    let p = parse_command_with(t, &opts);
    assert_eq!(
        codes_of(&p),
        ["PARSE011", "PARSE013", "PARSE013", "PARSE036"]
    );
    let d = &p.diagnostics[0];
    assert_eq!(d.source, Source::ConfigFile);
    assert_eq!(at(yaml, d.span.unwrap()), "kv_cache_dtype");
    assert_eq!(d.suggestion.as_ref().unwrap().replacement, "kv-cache-dtype");
    assert_eq!(p.config.model_path.as_deref(), Some("zai-org/GLM-5"));
    assert_eq!(p.config.args["tp_size"], json!(8));
    assert_eq!(p.config.args["kv_cache_dtype"], json!("bf16"));
    assert_eq!(p.config_file.as_ref().unwrap().path, "cfg.yaml");
    // a change to a key the file sets is appended to the command, which wins
    let r = rewrite_command(
        t,
        &p,
        &[Change {
            key: "kv_cache_dtype".into(),
            from: Some("bf16".into()),
            to: Some("fp8_e4m3".into()),
        }],
        false,
    );
    assert_eq!(
        r.text,
        "sglang serve --config cfg.yaml --tp 8 --kv-cache-dtype fp8_e4m3"
    );
    // removing it has to happen in the file
    let r = rewrite_command(
        t,
        &p,
        &[Change {
            key: "dsa_prefill_backend".into(),
            from: None,
            to: None,
        }],
        false,
    );
    assert_eq!(r.text, t);
    assert_eq!(r.skipped.len(), 1);

    let p = parse_command_with("sglang serve --config missing.yaml", &opts);
    assert_eq!(codes_of(&p), ["PARSE031", "PARSE017"]);
    let p = parse_command_with("sglang serve m --config c.json", &opts);
    assert_eq!(
        p.diagnostics[0].message,
        "Config file must be YAML format, got: .json"
    );
    let p = parse_command("sglang serve m --config c.yaml");
    assert_eq!(codes_of(&p), ["PARSE030"]);
    let p = parse_command("sglang serve m --config=c.yaml");
    assert_eq!(codes_of(&p), ["PARSE035"]);
    let p = parse_config_yaml(yaml, &ParseOptions::default());
    assert_eq!(p.launcher, Some(Launcher::ConfigFile));
    assert_eq!(p.config.args["tp_size"], json!(4));
    let p = parse_config_yaml("tp: [1, 2\n", &ParseOptions::default());
    assert_eq!(codes_of(&p), ["PARSE032"]);
    let p = parse_config_yaml("tp: four\n", &ParseOptions::default());
    assert_eq!(p.config.args["tp_size"], json!("four"));
}

fn change(key: &str, to: Option<&str>) -> Change {
    Change {
        key: key.into(),
        from: None,
        to: to.map(str::to_string),
    }
}

#[test]
fn rewrite_keeps_everything_else() {
    let t = "# GLM-5 on a 5090\nexport HF_HOME=/data/hf\nSGLANG_DSV4_Q8KV8_PREFILL=1 python -m sglang.launch_server \\\n  --model-path zai-org/GLM-5 \\\n  --tp 2 \\\n  --kv-cache-dtype \"bf16\" \\\n  --dsa-prefill-backend=flashinfer_sparse_mla \\\n  --trust-remote-code\n";
    let p = parse_command(t);
    let r = rewrite_command(
        t,
        &p,
        &[
            change("kv_cache_dtype", Some("fp8_e4m3")),
            change("tp_size", Some("4")),
            change("dsa_prefill_backend", Some("trtllm")),
            change("env.SGLANG_DSV4_Q8KV8_PREFILL", None),
            change("page_size", Some("64")),
            change("gpu", Some("H100")),
        ],
        false,
    );
    assert_eq!(
        r.text,
        "# GLM-5 on a 5090\nexport HF_HOME=/data/hf\npython -m sglang.launch_server \\\n  --model-path zai-org/GLM-5 \\\n  --tp 4 \\\n  --kv-cache-dtype fp8_e4m3 \\\n  --dsa-prefill-backend=trtllm \\\n  --trust-remote-code \\\n  --page-size 64\n"
    );
    assert_eq!(r.skipped.len(), 1);
    // removing flags: a line of its own goes with its line; the last one takes the `\` above
    let r = rewrite_command(
        t,
        &p,
        &[
            change("kv_cache_dtype", None),
            change("trust_remote_code", None),
        ],
        false,
    );
    assert_eq!(
        r.text,
        "# GLM-5 on a 5090\nexport HF_HOME=/data/hf\nSGLANG_DSV4_Q8KV8_PREFILL=1 python -m sglang.launch_server \\\n  --model-path zai-org/GLM-5 \\\n  --tp 2 \\\n  --dsa-prefill-backend=flashinfer_sparse_mla\n"
    );
    let re = parse_command(&r.text);
    assert!(!re.config.args.contains_key("kv_cache_dtype"));
    // one-line commands, env on export lines, docker -e
    let t = "python -m sglang.launch_server --model-path m --a 1 --kv-cache-dtype bf16";
    let r = rewrite_command(
        t,
        &parse_command(t),
        &[change("kv_cache_dtype", None)],
        false,
    );
    assert_eq!(
        r.text,
        "python -m sglang.launch_server --model-path m --a 1"
    );
    let t = "export A=1\nexport B=2 C=3\npython -m sglang.launch_server --model-path m";
    let r = rewrite_command(
        t,
        &parse_command(t),
        &[
            change("env.A", None),
            change("env.C", None),
            change("env.D", Some("x y")),
        ],
        false,
    );
    assert_eq!(
        r.text,
        "export B=2\nD='x y' python -m sglang.launch_server --model-path m"
    );
    let t = "docker run --gpus all lmsysorg/sglang:v0.5.23 python3 -m sglang.launch_server --model-path m";
    let r = rewrite_command(
        t,
        &parse_command(t),
        &[
            change("env.SGLANG_DSV4_Q8KV8_PREFILL", Some("0")),
            change("enable_deterministic_inference", Some("true")),
        ],
        false,
    );
    assert_eq!(
        r.text,
        "docker run -e SGLANG_DSV4_Q8KV8_PREFILL=0 --gpus all lmsysorg/sglang:v0.5.23 python3 -m sglang.launch_server --model-path m --enable-deterministic-inference"
    );
}

mod props {
    use super::*;
    use crate::command::render_command;
    use crate::domains::arch::archs;
    use crate::domains::flags::{FLAGS, FlagKind};
    use crate::version::SglangVersion;
    use proptest::prelude::*;

    /// A value for a modelled flag, from its table entry (text values: any string that is
    /// not read as an option by argparse, i.e. not starting with `-`).
    fn value_for(i: usize) -> BoxedStrategy<Value> {
        let f = &FLAGS[i];
        match f.kind {
            FlagKind::Choice => {
                let list = f
                    .choices(SglangVersion::LATEST)
                    .unwrap_or_default()
                    .to_vec();
                proptest::sample::select(list)
                    .prop_map(|s| Value::from(s.to_string()))
                    .boxed()
            }
            FlagKind::Int(_) => any::<i64>().prop_map(Value::from).boxed(),
            FlagKind::Bool => Just(Value::Bool(true)).boxed(),
            FlagKind::Text(s) => {
                let mut opts: Vec<String> = s.iter().map(|x| x.to_string()).collect();
                opts.push("{\"v_head_dim\": 256}".into());
                prop_oneof![
                    proptest::sample::select(opts).prop_map(Value::from),
                    "[^-\u{0}-\u{1f}\u{7f}][^\u{0}-\u{1f}\u{7f}]{0,20}".prop_map(Value::from),
                    Just(Value::from("")),
                ]
                .boxed()
            }
        }
    }

    fn config() -> impl Strategy<Value = LaunchConfig> {
        let flags = proptest::collection::btree_set(0..FLAGS.len(), 0..8).prop_flat_map(|idx| {
            let idx: Vec<usize> = idx.into_iter().collect();
            let vals: Vec<BoxedStrategy<Value>> = idx.iter().map(|&i| value_for(i)).collect();
            (Just(idx), vals)
        });
        let env = proptest::collection::btree_map(
            "[A-Z_][A-Z0-9_]{0,12}",
            "[^\u{0}-\u{1f}\u{7f}]{0,12}",
            0..3,
        );
        (0..archs().len(), flags, env).prop_map(|(a, (idx, vals), env)| {
            let model = archs()[a].model.to_string();
            let mut cfg = LaunchConfig {
                arch: crate::arch_of_model(&model).map(str::to_string),
                model_path: Some(model),
                env,
                ..LaunchConfig::default()
            };
            for (i, v) in idx.into_iter().zip(vals) {
                cfg.args.insert(FLAGS[i].name.to_string(), v);
            }
            cfg
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// render_command then parse gives the configuration back.
        #[test]
        fn render_then_parse_round_trips(cfg in config()) {
            let text = render_command(&cfg);
            let p = parse_command(&text);
            prop_assert!(!p.has_errors(), "{text}\n{:?}", p.diagnostics);
            prop_assert_eq!(&p.config, &cfg, "{}", text);
        }

        /// Whatever the input, parsing and rewriting return (no panic), and every span is
        /// inside its text on character boundaries.
        #[test]
        fn never_panics(text in "(?s).{0,200}", key in "[a-z_.A-Z]{1,12}", to in proptest::option::of("[^\u{0}]{0,8}")) {
            let p = parse_command(&text);
            for f in p.flags.iter().filter(|f| f.source == Source::Command) {
                for s in [Some(f.span), Some(f.name), f.value].into_iter().flatten() {
                    prop_assert!(s.start <= s.end && s.end <= text.len());
                    prop_assert!(text.is_char_boundary(s.start) && text.is_char_boundary(s.end));
                }
            }
            let _ = rewrite_command(&text, &p, &[Change { key, from: None, to }], true);
        }

        /// Shell-ish inputs built from launch-command pieces.
        #[test]
        fn never_panics_on_commands(parts in proptest::collection::vec(prop_oneof![
            Just("python -m sglang.launch_server".to_string()), Just("sglang serve".to_string()),
            Just("docker run".to_string()), Just("lmsysorg/sglang:v0.5.23-cu129".to_string()),
            Just("--tp".to_string()), Just("--config".to_string()), Just("x.yaml".to_string()),
            Just("\\\n".to_string()), Just("'".to_string()), Just("\"".to_string()),
            Just("=".to_string()), Just("-e".to_string()), Just("A=1".to_string()),
            Just("export".to_string()), Just("bash -c".to_string()), Just("--".to_string()),
            "--[a-z_-]{1,10}(=[a-z0-9]{0,3})?", "[a-z0-9./]{1,8}",
        ], 0..16)) {
            let text = parts.join(" ");
            let read = |_: &str| Ok("tp: 2\nkv_cache_dtype: [a]\n".to_string());
            let opts = ParseOptions { sglang: None, read_file: Some(&read) };
            let p = parse_command_with(&text, &opts);
            let keys: Vec<String> = p.flags.iter().map(|f| f.key.clone()).collect();
            let changes: Vec<Change> = keys.iter().map(|k| Change { key: k.clone(), from: None, to: None }).collect();
            let r = rewrite_command(&text, &p, &changes, true);
            let _ = parse_command(&r.text);
        }
    }
}

/// For every rule example that fails: render it as a command, parse it back, validate,
/// rewrite the command with the best fix, parse the rewritten command, and validate again:
/// the corrected command in the user's words passes.
#[test]
fn corrected_commands_validate() {
    let mut checked = 0;
    let mut failed = Vec::new();
    for rule in crate::rules::all() {
        let Some((bad, _)) = rule.example else {
            continue;
        };
        let Ok(cfg) = serde_json::from_str::<LaunchConfig>(bad) else {
            continue;
        };
        let text = crate::command::render_command(&cfg);
        let p = parse_command_with(
            &text,
            &ParseOptions {
                sglang: cfg.sglang.clone(),
                read_file: None,
            },
        );
        // what a command cannot say comes from the example
        let with_hw = |mut c: LaunchConfig| {
            c.gpu = cfg.gpu.clone();
            c.compute_capability = cfg.compute_capability.clone();
            c.cuda_version = cfg.cuda_version.clone();
            c.sglang = cfg.sglang.clone();
            c.arch = cfg.arch.clone().or(c.arch);
            c
        };
        let report = crate::validate(&with_hw(p.config.clone()));
        let Some(fix) = report.corrected.as_ref().filter(|f| !f.changes_hardware) else {
            continue;
        };
        if fix
            .changes
            .iter()
            .any(|c| matches!(c.key.as_str(), "cuda_version" | "sglang" | "arch"))
        {
            continue;
        }
        let fixed = rewrite_command(&text, &p, &fix.changes, true);
        let again = parse_command_with(
            &fixed.text,
            &ParseOptions {
                sglang: cfg.sglang.clone(),
                read_file: None,
            },
        );
        let r2 = crate::validate(&with_hw(again.config.clone()));
        checked += 1;
        if r2.verdict != crate::Verdict::Ok {
            failed.push(format!(
                "{}: {text}\n  fix {} → {}\n  {:?}",
                rule.code,
                fix.title,
                fixed.text,
                r2.first_error().map(|d| &d.message)
            ));
        }
    }
    assert!(checked > 20, "{checked}");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn unknown_options_and_values_get_one_diagnostic_with_a_note() {
    // a typo: one error for the option and its value, SGLang's message, the guess in the note
    let t = "python -m sglang.launch_server --model m --attention-backnd fa3";
    let p = parse_command(t);
    assert_eq!(codes_of(&p), ["PARSE010"]);
    let d = &p.diagnostics[0];
    assert_eq!(d.message, "unrecognized arguments: --attention-backnd fa3");
    assert_eq!(d.note.as_deref(), Some("did you mean --attention-backend?"));
    assert_eq!(
        d.suggestion, None,
        "a guess is not written into the command"
    );
    // renamed (same dest in the launch's release): the value is read under the new option,
    // the note and the edit use the user's spelling
    let t = "python -m sglang.launch_server --model m --nsa-prefill-backend=flashmla_kv";
    let p = parse_command(t);
    assert_eq!(codes_of(&p), ["PARSE010"]);
    let d = &p.diagnostics[0];
    assert_eq!(
        d.message,
        "unrecognized arguments: --nsa-prefill-backend=flashmla_kv"
    );
    assert_eq!(
        d.note.as_deref(),
        Some(
            "--nsa-prefill-backend was renamed to --dsa-prefill-backend in SGLang 0.5.20 (this launch uses SGLang 0.5.23)"
        )
    );
    let s = d.suggestion.as_ref().unwrap();
    assert_eq!(at(t, s.span), "--nsa-prefill-backend");
    assert_eq!(s.replacement, "--dsa-prefill-backend");
    assert_eq!(p.config.args["dsa_prefill_backend"], json!("flashmla_kv"));
    // removed, with the deprecation's replacement named in the note only
    let p = parse_command(
        "python -m sglang.launch_server --model m --enable-nsa-prefill-context-parallel",
    );
    assert_eq!(codes_of(&p), ["PARSE010"]);
    assert!(
        p.diagnostics[0]
            .note
            .as_deref()
            .unwrap()
            .ends_with("SGLang 0.5.19 deprecated it for --enable-prefill-cp"),
        "{:?}",
        p.diagnostics[0].note
    );
    // the deprecation warning names SGLang's replacement, not the internal dest
    let p = parse_command_with(
        "python -m sglang.launch_server --model m --nsa-prefill-backend flashmla_kv",
        &ParseOptions {
            sglang: Some("0.5.19".into()),
            read_file: None,
        },
    );
    assert_eq!(codes_of(&p), ["PARSE018"]);
    assert_eq!(
        p.diagnostics[0].message,
        "--nsa-prefill-backend is deprecated in SGLang 0.5.19 (SGLang's replacement: --dsa-prefill-backend); SGLang logs a warning"
    );
    // an invalid choice of a flag the parser checks: SGLang's message, the closest choice
    let t = "python -m sglang.launch_server --model m --hicache-write-policy write_bak";
    let p = parse_command(t);
    assert_eq!(codes_of(&p), ["PARSE037"]);
    assert!(
        p.diagnostics[0].message.starts_with(
            "argument --hicache-write-policy: invalid choice: 'write_bak' (choose from "
        )
    );
    assert_eq!(
        p.diagnostics[0].note.as_deref(),
        Some("did you mean write_back?")
    );
    // an ambiguous abbreviation: one diagnostic, no guess
    let p = parse_command("python -m sglang.launch_server --model m --enable");
    assert_eq!(codes_of(&p), ["PARSE012"]);
    assert_eq!(p.diagnostics[0].note, None);
}

#[test]
fn config_file_keys_get_the_same_notes() {
    let yaml = "model-path: m\nattention-backnd: fa3\nnsa-prefill-backend: flashmla_kv\n";
    let read = |_: &str| -> Result<String, String> { Ok(yaml.to_string()) };
    let opts = ParseOptions {
        sglang: None,
        read_file: Some(&read),
    };
    let p = parse_command_with("sglang serve --config cfg.yaml", &opts);
    let notes: Vec<(&str, Option<&str>)> = p
        .diagnostics
        .iter()
        .map(|d| (d.code, d.note.as_deref()))
        .collect();
    assert_eq!(
        notes,
        [
            ("PARSE010", Some("did you mean attention-backend?")),
            (
                "PARSE010",
                Some(
                    "nsa-prefill-backend was renamed to dsa-prefill-backend in SGLang 0.5.20 (this launch uses SGLang 0.5.23)"
                )
            ),
        ]
    );
    let s = p.diagnostics[1].suggestion.as_ref().unwrap();
    assert_eq!(s.replacement, "dsa-prefill-backend", "a key of the file");
    assert_eq!(at(yaml, s.span), "nsa-prefill-backend");
}
