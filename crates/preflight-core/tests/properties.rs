//! Properties over the whole domain (proptest, thousands of cases): every known release, every
//! catalogue GPU, every registry architecture, any option of the release's parser with values
//! drawn from its choices, its type, and edge cases.
//!
//! - evaluation never panics and is deterministic;
//! - render → parse → render of a launch command is stable;
//! - export (command, `--config` YAML, `docker run`) → paste gives the same configuration;
//! - the corrected launch keeps every flag the user wrote that the fix did not touch;
//! - every offered fix validates clean (no error, no known crash), keeps the model, keeps the
//!   GPU unless it is a change of hardware, and a change of hardware comes only when no
//!   software fix exists.

use preflight_core::check::{CheckOptions, check};
use preflight_core::domains::arch::archs_for;
use preflight_core::domains::gpu::GPUS;
use preflight_core::launch::read_launch;
use preflight_core::parse::{ParseOptions, parse_command};
use preflight_core::sglang_cli::{self, Arity, ValueKind};
use preflight_core::{LaunchConfig, SglangVersion, diagnose, evaluate, export};
use proptest::prelude::*;
use serde_json::Value;

/// Options a random launch may carry: the release's whole parser, but not the ones that name
/// files, ports, hosts or other launches (they say nothing about a launch's verdict and make
/// round trips depend on paths).
fn options(v: SglangVersion) -> Vec<&'static sglang_cli::CliOption> {
    const SKIP: &[&str] = &[
        "model_path",
        "config",
        "help",
        "tokenizer_path",
        "host",
        "port",
        "dist_init_addr",
    ];
    sglang_cli::options(v)
        .filter(|o| !SKIP.contains(&o.dest) && !o.deprecated() && o.names[0].starts_with("--"))
        .collect()
}

/// A value for an option: one of its choices, a value of its type (edge cases included), or now
/// and then something argparse refuses.
fn value_for(o: &'static sglang_cli::CliOption) -> BoxedStrategy<Value> {
    match o.arity {
        Arity::Switch | Arity::Negatable => any::<bool>().prop_map(Value::Bool).boxed(),
        _ if !o.choices.is_empty() => {
            let choices: Vec<String> = o.choices.iter().map(|c| c.to_string()).collect();
            prop_oneof![
                9 => proptest::sample::select(choices).prop_map(Value::String),
                1 => Just(Value::String("bogus".into())),
            ]
            .boxed()
        }
        _ => match o.value {
            ValueKind::Int | ValueKind::HumanInt => prop_oneof![
                proptest::sample::select(vec![0i64, 1, 2, 4, 8, 16, 64, 128, 256, 4096, -1])
                    .prop_map(Value::from),
                any::<i64>().prop_map(Value::from),
                Just(Value::String("32k".into())),
                Just(Value::String("many".into())),
            ]
            .boxed(),
            ValueKind::Float => prop_oneof![
                proptest::sample::select(vec![0.0f64, 0.5, 0.85, 1.0, 2.0]).prop_map(Value::from),
                Just(Value::String("1e-3".into())),
            ]
            .boxed(),
            ValueKind::Json => prop_oneof![
                Just(Value::String("{}".into())),
                Just(Value::String("{\"v_head_dim\": 256}".into())),
                Just(Value::String("[1, 2]".into())),
            ]
            .boxed(),
            _ => proptest::sample::select(vec!["auto", "none", "x", "fa3", "1"])
                .prop_map(|s| Value::String(s.to_string()))
                .boxed(),
        },
    }
}

/// The fields in which two `ServerArgs` differ (from their `Debug` forms; for messages only).
fn diff<T: std::fmt::Debug>(a: &T, b: &T) -> String {
    let (a, b) = (format!("{a:?}"), format!("{b:?}"));
    a.split(", ")
        .zip(b.split(", "))
        .filter(|(x, y)| x != y)
        .map(|(x, y)| format!("{x} ≠ {y}"))
        .take(8)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A random launch of a random known release.
fn launch() -> impl Strategy<Value = LaunchConfig> {
    let releases: Vec<SglangVersion> = SglangVersion::known().collect();
    proptest::sample::select(releases).prop_flat_map(|v| {
        let opts = options(v);
        let archs: Vec<&'static str> = archs_for(v).map(|a| a.name).collect();
        let gpus: Vec<&'static str> = GPUS.iter().map(|g| g.name).collect();
        let flags = proptest::collection::vec(
            proptest::sample::select(opts).prop_flat_map(|o| (Just(o.dest), value_for(o))),
            0..6,
        );
        (
            Just(v),
            proptest::sample::select(archs),
            proptest::sample::select(gpus),
            flags,
        )
            .prop_map(|(v, arch, gpu, flags)| {
                let mut cfg = LaunchConfig {
                    sglang: Some(v.to_string()),
                    gpu: Some(gpu.to_string()),
                    arch: Some(arch.to_string()),
                    ..LaunchConfig::default()
                };
                for (k, val) in flags {
                    cfg.args.insert(k.to_string(), val);
                }
                cfg
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn evaluation_never_panics_and_is_deterministic(cfg in launch()) {
        let a = evaluate(&cfg);
        let b = evaluate(&cfg);
        prop_assert_eq!(&a, &b);
        // what the fix search reads for every candidate: the same diagnostics, without the
        // resolved table and the command
        prop_assert_eq!(&diagnose(&cfg), &a.diagnostics);
        // every class has a plain headline and an exit code
        prop_assert!(!a.class.headline(&a.sglang).is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn render_parse_render_is_stable(cfg in launch()) {
        let cmd = preflight_core::command::render_command(&cfg);
        let parsed = parse_command(&cmd);
        let mut again = parsed.config.clone();
        again.gpu = cfg.gpu.clone();
        again.sglang = cfg.sglang.clone();
        again.arch = cfg.arch.clone();
        prop_assert_eq!(preflight_core::command::render_command(&again), cmd);
    }

    #[test]
    fn exports_paste_back_to_the_same_launch(cfg in launch()) {
        let opts = ParseOptions { sglang: cfg.sglang.clone(), read_file: None };
        let v = preflight_core::release_of(&cfg);
        // "the same configuration": the same typed ServerArgs SGLang would receive
        let want = preflight_core::args::parse(&cfg, v).args;
        for text in [
            preflight_core::command::render_command(&cfg),
            export::render_yaml(&cfg),
            export::render_docker(&cfg),
        ] {
            let l = read_launch(&text, &opts);
            let mut got = l.parsed.config.clone();
            // the docker export adds --host 0.0.0.0 so the published port is reachable
            if text.starts_with("docker run") && cfg.arg("host").is_none() {
                got.args.remove("host");
            }
            let got_args = preflight_core::args::parse(&got, v).args;
            if text.starts_with("# SGLang") {
                // a YAML file holds only what SGLang accepts in a config file; the rest is on
                // the `# Launch:` line it prints, which a paste of the file alone cannot see
                let mut in_file = cfg.clone();
                in_file.args.retain(|k, _| {
                    preflight_core::sglang_cli::find_dest(k, v).is_none_or(|o| o.in_config)
                });
                let want_file = preflight_core::args::parse(&in_file, v).args;
                prop_assert!(got_args == want_file, "{}\n{}", diff(&got_args, &want_file), text);
                for (k, _) in cfg.args.iter().filter(|(k, _)| !in_file.args.contains_key(*k)) {
                    let o = preflight_core::sglang_cli::find_dest(k, v).expect("an option");
                    let flag = o.canonical().trim_start_matches("--");
                    let launch = text.lines().find(|l| l.starts_with("# Launch:")).unwrap_or("");
                    let words = preflight_core::command::flag_words(&cfg);
                    if words.iter().any(|w| w.trim_start_matches("--").trim_start_matches("no-") == flag) {
                        prop_assert!(launch.contains(flag), "{} missing from {}", flag, text);
                    }
                }
            } else {
                prop_assert!(got_args == want, "{}\n{}", diff(&got_args, &want), text);
            }
            prop_assert_eq!(&got.env, &cfg.env, "{}", text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_correction_keeps_what_the_fix_did_not_touch(cfg in launch()) {
        let cmd = preflight_core::command::render_command(&cfg);
        let opts = CheckOptions { gpu: cfg.gpu.clone(), sglang: cfg.sglang.clone(), arch: cfg.arch.clone(), fixes: true, ..Default::default() };
        let c = check(&cmd, &opts, None);
        let (Some(fixed), Some(report)) = (c.corrected.as_ref(), c.report.as_ref()) else {
            return Ok(());
        };
        let touched: Vec<String> = report
            .corrected
            .as_ref()
            .map(|f| f.changes.iter().map(|ch| ch.key.clone()).collect())
            .unwrap_or_default();
        let before = parse_command(&cmd).config;
        let after = parse_command(fixed).config;
        for (k, v) in &before.args {
            if !touched.contains(k) {
                prop_assert_eq!(after.args.get(k), Some(v), "{} lost in {}", k, fixed);
            }
        }
    }
}

/// A random launch over the flags the fix search varies (the modelled flags, with their
/// choices, typical values and `bogus`), of a random modelled release (an unmodelled one cannot
/// be judged, so it has no fix), GPU and architecture.
fn modelled_launch() -> impl Strategy<Value = LaunchConfig> {
    use preflight_core::domains::flags::{FLAGS, FlagKind};
    let releases: Vec<SglangVersion> = SglangVersion::all().collect();
    proptest::sample::select(releases).prop_flat_map(|v| {
        let archs: Vec<&'static str> = archs_for(v).map(|a| a.name).collect();
        let gpus: Vec<&'static str> = GPUS.iter().map(|g| g.name).collect();
        let indices: Vec<usize> = (0..FLAGS.len()).collect();
        let flag = proptest::sample::select(indices).prop_flat_map(move |i| {
            let f = &FLAGS[i];
            let mut values: Vec<Value> = match f.kind {
                FlagKind::Choice => f
                    .choices(v)
                    .unwrap_or_default()
                    .iter()
                    .map(|c| Value::String(c.to_string()))
                    .collect(),
                FlagKind::Int(xs) => xs.iter().map(|i| Value::from(*i)).collect(),
                FlagKind::Text(xs) => xs.iter().map(|t| Value::String(t.to_string())).collect(),
                FlagKind::Bool => vec![Value::Bool(true)],
            };
            values.push(Value::String("bogus".into()));
            (Just(f.name), proptest::sample::select(values))
        });
        (
            Just(v),
            proptest::sample::select(archs),
            proptest::sample::select(gpus),
            proptest::collection::vec(flag, 0..5),
        )
            .prop_map(|(v, arch, gpu, flags)| {
                let mut cfg = LaunchConfig {
                    sglang: Some(v.to_string()),
                    gpu: Some(gpu.to_string()),
                    arch: Some(arch.to_string()),
                    ..LaunchConfig::default()
                };
                for (k, val) in flags {
                    cfg.args.insert(k.to_string(), val);
                }
                cfg
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn every_offered_fix_validates_clean(cfg in prop_oneof![3 => modelled_launch(), 1 => launch()]) {
        let r = preflight_core::validate(&cfg);
        for d in r.errors() {
            let software = d.fixes.iter().any(|f| !f.changes_hardware);
            for f in &d.fixes {
                let again = evaluate(&f.config);
                prop_assert!(
                    again.first_error().is_none(),
                    "fix {:?} of {} still fails: {:?}", f.title, d.code, again.first_error()
                );
                prop_assert_eq!(
                    (&f.config.arch, &f.config.model_path, &f.config.model_config),
                    (&cfg.arch, &cfg.model_path, &cfg.model_config),
                    "fix {:?} changes the model", f.title
                );
                let gpu_changed = (&f.config.gpu, &f.config.compute_capability)
                    != (&cfg.gpu, &cfg.compute_capability);
                prop_assert_eq!(gpu_changed, f.changes_hardware, "fix {:?}", f.title);
                prop_assert!(!(f.changes_hardware && software), "hardware fix {:?} beside a software fix", f.title);
            }
        }
        prop_assert!(r.corrected.as_ref().is_none_or(|f| !f.changes_hardware));
    }
}
