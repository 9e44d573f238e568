//! The kernel research notes (`docs/kernels/findings.json`) against the kernel-stage rules:
//! every crash or slow-path finding names the rule that models it or says why it is not
//! modelled; every named rule exists with the right stage and severity; and each modelled
//! finding fires its rule on a configuration built from the finding (its model and flags from
//! [`CASES`], its GPUs from the finding's `condition.gpu_arch`), in exactly the modelled releases
//! its `holds_in` lists. Findings whose outcome is "works" name rules that must stay silent.

use preflight_core::domains::gpu::{GPUS, Vendor};
use preflight_core::rules;
use preflight_core::{LaunchConfig, Severity, SglangVersion, Stage, evaluate};
use serde_json::Value;

/// One configuration per finding: the model and flags of its condition (JSON without a GPU),
/// and for findings that hold on "all NVIDIA" GPUs the GPUs to try.
struct Case {
    finding: &'static str,
    config: &'static str,
    gpus: &'static [&'static str],
}

const NVIDIA_SPREAD: &[&str] = &["A100", "L40S", "H100", "B200", "RTX PRO 6000 Blackwell"];

const CASES: &[Case] = &[
    Case {
        finding: "KF01",
        config: r#"{"arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF02",
        config: r#"{"arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","prefill_attention_backend":"flashinfer","tp_size":4}"#,
        gpus: &[],
    },
    Case {
        finding: "KF03",
        config: r#"{"arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","prefill_attention_backend":"triton"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF04",
        config: r#"{"arch":"DeepseekV3ForCausalLM","attention_backend":"flashinfer"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF06",
        config: r#"{"arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"trtllm","dsa_decode_backend":"trtllm"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF07",
        config: r#"{"arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"flashmla_sparse","dsa_decode_backend":"flashmla_sparse","kv_cache_dtype":"bfloat16","env":{"SGLANG_FP8_PAGED_MQA_LOGITS_TORCH":"1"}}"#,
        gpus: &[],
    },
    Case {
        finding: "KF08",
        config: r#"{"arch":"DeepseekV3ForCausalLM","attention_backend":"flashmla"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF09",
        config: r#"{"arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"tilelang","dsa_decode_backend":"fa3","kv_cache_dtype":"bfloat16","env":{"SGLANG_FP8_PAGED_MQA_LOGITS_TORCH":"1"}}"#,
        gpus: &[],
    },
    Case {
        finding: "KF10",
        config: r#"{"arch":"DeepseekV32ForCausalLM","dsa_prefill_backend":"tilelang","dsa_decode_backend":"fa3","kv_cache_dtype":"bfloat16","env":{"SGLANG_FP8_PAGED_MQA_LOGITS_TORCH":"1"}}"#,
        gpus: &[],
    },
    Case {
        finding: "KF11",
        config: r#"{"arch":"LlamaForCausalLM","attention_backend":"fa3"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF13",
        config: r#"{"arch":"DeepseekV32ForCausalLM"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF14",
        config: r#"{"arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF15",
        config: r#"{"arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"bfloat16","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF16",
        config: r#"{"arch":"LlamaForCausalLM","attention_backend":"fa4","kv_cache_dtype":"fp8_e4m3"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF18",
        config: r#"{"arch":"DeepseekV32ForCausalLM","dsa_decode_backend":"aiter"}"#,
        gpus: NVIDIA_SPREAD,
    },
    Case {
        finding: "KF19",
        config: r#"{"arch":"LlamaForCausalLM","attention_backend":"aiter"}"#,
        gpus: NVIDIA_SPREAD,
    },
    Case {
        finding: "KF20",
        config: r#"{"arch":"LlamaForCausalLM"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF22",
        config: r#"{"arch":"LlamaForCausalLM","attention_backend":"flashinfer"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF24",
        config: r#"{"arch":"DeepseekV3ForCausalLM","attention_backend":"tokenspeed_mla","kv_cache_dtype":"fp8_e4m3"}"#,
        gpus: &[],
    },
    Case {
        finding: "KF25",
        config: r#"{"arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
        gpus: &[],
    },
];

/// Rules a "works" finding confirms: they must not fire on its configuration.
const SILENT: &[(&str, &[&str])] = &[("KF14", &["KERN006"]), ("KF25", &["KERN003", "KERN004"])];

fn findings() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/kernels/findings.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let list = doc["findings"].as_array().expect("findings array").clone();
    assert!(list.len() >= 25, "{path}: only {} findings", list.len());
    list
}

fn outcome(f: &Value) -> &str {
    f["outcome"].as_str().unwrap_or_default()
}

/// A crash (at start-up, graph capture or first forward) or a slow path: needs a rule or a reason.
fn is_failure(f: &Value) -> bool {
    outcome(f).starts_with("crash") || outcome(f) == "slow-path"
}

/// The GPU settings (`gpu` or `compute_capability`) for one `gpu_arch` entry: `SM89` → 8.9,
/// `SM121` → 12.1, `gfx1201` → the first catalogue GPU of that gfx arch.
fn hardware(arch: &str) -> Option<(&'static str, String)> {
    if let Some(n) = arch.strip_prefix("SM") {
        let n: u32 = n.parse().ok()?;
        return Some(("compute_capability", format!("{}.{}", n / 10, n % 10)));
    }
    if arch.starts_with("gfx") {
        let g = GPUS
            .iter()
            .find(|g| g.vendor == Vendor::Amd && g.gfx == Some(arch))?;
        return Some(("gpu", g.name.to_string()));
    }
    None
}

/// The launches of a finding: (label, gpu_arch entry, config) for each GPU of its condition.
fn launches(f: &Value, case: &Case) -> Vec<(String, String, LaunchConfig)> {
    let id = f["id"].as_str().unwrap();
    let archs: Vec<&str> = f["condition"]["gpu_arch"]
        .as_array()
        .unwrap_or_else(|| panic!("{id}: condition.gpu_arch is not a list"))
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    let mut out = Vec::new();
    for arch in &archs {
        let settings: Vec<(&str, String)> = match hardware(arch) {
            Some(s) => vec![s],
            None => {
                assert!(
                    !case.gpus.is_empty(),
                    "{id}: gpu_arch {arch:?} needs GPUs in the test's case"
                );
                case.gpus.iter().map(|g| ("gpu", g.to_string())).collect()
            }
        };
        for (key, value) in settings {
            let mut cfg: Value = serde_json::from_str(case.config).unwrap();
            cfg[key] = Value::String(value.clone());
            let cfg: LaunchConfig = serde_json::from_value(cfg)
                .unwrap_or_else(|e| panic!("{id}: bad case config: {e}"));
            out.push((format!("{id} on {arch} ({value})"), arch.to_string(), cfg));
        }
    }
    out
}

/// The releases a finding's `holds_in` names for one gpu_arch entry.
fn holds_in(f: &Value, arch: &str) -> Vec<String> {
    let id = f["id"].as_str().unwrap();
    let h = &f["holds_in"];
    let list = if h.is_object() { &h[arch] } else { h };
    list.as_array()
        .unwrap_or_else(|| panic!("{id}: holds_in has no list for {arch}"))
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn fired(cfg: &LaunchConfig, v: SglangVersion, code: &str) -> bool {
    let mut cfg = cfg.clone();
    cfg.sglang = Some(v.to_string());
    evaluate(&cfg).diagnostics.iter().any(|d| d.code == code)
}

#[test]
fn every_failure_names_a_rule_or_a_reason() {
    for f in findings() {
        let id = f["id"].as_str().expect("finding id");
        let evidence = f["evidence"].as_array().map_or(0, Vec::len);
        assert!(evidence > 0, "{id}: no evidence");
        let rule = f["rule"].as_str();
        let reason = f["not_modelled"].as_str().unwrap_or_default();
        if is_failure(&f) {
            assert!(
                rule.is_some() == reason.is_empty(),
                "{id} ({}): needs exactly one of rule / not_modelled",
                outcome(&f)
            );
        }
        let Some(code) = rule else { continue };
        let r = rules::find(code).unwrap_or_else(|| panic!("{id}: rule {code} does not exist"));
        assert_eq!(r.stage, Stage::Kernel, "{id}: {code} is not a kernel rule");
        let want = if outcome(&f) == "slow-path" {
            Severity::Warning
        } else {
            Severity::Error
        };
        assert_eq!(r.severity, want, "{id}: {code} has the wrong severity");
        assert!(
            f["holds_in"].is_array() || f["holds_in"].is_object(),
            "{id}: a modelled finding needs holds_in"
        );
    }
}

#[test]
fn every_modelled_finding_fires_its_rule_where_it_holds() {
    let all = findings();
    let mut checked = 0;
    for f in &all {
        let id = f["id"].as_str().unwrap();
        let Some(code) = f["rule"].as_str() else {
            continue;
        };
        let case = CASES
            .iter()
            .find(|c| c.finding == id)
            .unwrap_or_else(|| panic!("{id} ({code}) has no case in CASES"));
        let mut wrong = Vec::new();
        for (label, arch, cfg) in launches(f, case) {
            let holds = holds_in(f, &arch);
            let mut fires_somewhere = false;
            for v in SglangVersion::all() {
                let want = holds.iter().any(|h| h == v.as_str());
                let got = fired(&cfg, v, code);
                fires_somewhere |= got;
                checked += 1;
                if want != got {
                    wrong.push(format!("{label} @ {v}: want fired={want}, got {got}"));
                }
            }
            assert!(
                fires_somewhere,
                "{label}: {code} fires in no modelled release"
            );
        }
        assert!(wrong.is_empty(), "{code}:\n{}", wrong.join("\n"));
    }
    assert!(checked > 100, "only {checked} launches checked");
}

#[test]
fn works_findings_keep_their_rules_silent() {
    let all = findings();
    for (id, codes) in SILENT {
        let f = all
            .iter()
            .find(|f| f["id"] == *id)
            .unwrap_or_else(|| panic!("{id} missing from findings.json"));
        assert!(
            outcome(f).starts_with("works"),
            "{id} is not a works finding"
        );
        let case = CASES.iter().find(|c| c.finding == *id).unwrap();
        for (label, _, cfg) in launches(f, case) {
            for v in SglangVersion::all() {
                let report = {
                    let mut c = cfg.clone();
                    c.sglang = Some(v.to_string());
                    evaluate(&c)
                };
                assert!(
                    report.first_error().is_none(),
                    "{label} @ {v}: {:?}",
                    report.first_error()
                );
                for code in *codes {
                    assert!(
                        !report.diagnostics.iter().any(|d| d.code == *code),
                        "{label} @ {v}: {code} fires"
                    );
                }
            }
        }
    }
}

#[test]
fn every_case_belongs_to_a_finding() {
    let all = findings();
    for c in CASES {
        assert!(
            all.iter().any(|f| f["id"] == c.finding),
            "{}: not in findings.json",
            c.finding
        );
    }
}

/// The literal pieces of a template (`{name}` placeholders removed), 4 characters or longer.
fn literal_pieces(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0;
    for c in template.chars() {
        match c {
            '{' => {
                depth += 1;
                out.push(std::mem::take(&mut cur));
            }
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => cur.push(c),
            _ => {}
        }
    }
    out.push(cur);
    out.into_iter().filter(|p| p.trim().len() >= 4).collect()
}

#[test]
fn every_kernel_variant_is_a_recorded_error_text() {
    let all = findings();
    let mut seen = 0;
    for r in rules::all() {
        if r.stage != Stage::Kernel || r.variants.is_empty() {
            continue;
        }
        let recorded: String = all
            .iter()
            .filter(|f| f["rule"] == r.code)
            .flat_map(|f| {
                let mut t = vec![f["error_text"].as_str().unwrap_or_default().to_string()];
                if let Some(v) = f["error_text_variants"].as_array() {
                    t.extend(v.iter().filter_map(|x| x.as_str()).map(str::to_string));
                }
                t
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            !recorded.is_empty(),
            "{}: no finding records its texts",
            r.code
        );
        for v in r.variants {
            seen += 1;
            for piece in literal_pieces(v) {
                assert!(
                    recorded.contains(&piece),
                    "{}: variant piece {piece:?} is in no error text of its findings",
                    r.code
                );
            }
        }
    }
    assert!(seen >= 5, "only {seen} variants checked");
}
