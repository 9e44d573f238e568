//! Runs the built `preflight` binary on the seed scenarios and on bad input.

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_in(dir: Option<&PathBuf>, args: &[&str], stdin: &str) -> Out {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_preflight"));
    cmd.args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    let mut child = cmd.spawn().expect("spawn preflight");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn run(args: &[&str], stdin: &str) -> Out {
    run_in(None, args, stdin)
}

fn tempdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("preflight-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

const SEED1: &[&str] = &[
    "python",
    "-m",
    "sglang.launch_server",
    "--model-path",
    "zai-org/GLM-5",
    "--kv-cache-dtype",
    "bf16",
    "--dsa-prefill-backend",
    "flashinfer_sparse_mla",
];

#[test]
fn seed1_rtx5090_glm_bf16() {
    let mut args = vec!["check", "--gpu", "RTX 5090", "--"];
    args.extend_from_slice(SEED1);
    let o = run(&args, "");
    assert_eq!(o.code, 1, "{}{}", o.stdout, o.stderr);
    assert!(o.stdout.contains(
        "error[DSA001]: flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'."
    ), "{}", o.stdout);
    assert!(o.stdout.contains(" --> backend construction: ValueError at python/sglang/kernels/ops/attention/flash_mla_sm120.py:695@0.5.23"));
    assert!(
        o.stdout.contains("^^^^^^^^^^^^^^^^^^^^^"),
        "carets under the flags"
    );
    assert!(o.stdout.contains("= help: "));
    assert!(o.stdout.contains("corrected command:"));
    assert!(o.stdout.contains(
        "refused: SGLang 0.5.23 would refuse this launch on RTX 5090 with GlmMoeDsaForCausalLM"
    ));
    // the corrected command, checked again, passes
    let corrected = o
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("corrected command:"))
        .nth(1)
        .expect("a corrected command")
        .trim()
        .to_string();
    assert!(corrected.starts_with("python -m sglang.launch_server --model-path zai-org/GLM-5"));
    let again = run(&["check", "--gpu", "RTX 5090", "--", &corrected], "");
    assert_eq!(again.code, 0, "{corrected}\n{}", again.stdout);
    // 0.5.19 wording of the same check, from the command itself
    let mut args = vec![
        "check", "--gpu", "RTX 5090", "--sglang", "0.5.19", "--format", "json", "--",
    ];
    args.extend_from_slice(SEED1);
    let o = run(&args, "");
    assert_eq!(o.code, 1);
    let v: Value = serde_json::from_str(&o.stdout).expect("json");
    assert_eq!(v["verdict"], "error");
    assert_eq!(v["valid"], false);
    assert_eq!(v["sglang"], "0.5.19");
    assert_eq!(
        v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["severity"] == "error")
            .unwrap()["code"],
        "DSA001"
    );
    assert!(v["corrected_command"].is_string());
    assert_eq!(v["parse"]["config"]["kv_cache_dtype"], "bf16");
}

#[test]
fn a_change_of_hardware_is_a_line_of_its_own_and_only_without_a_software_fix() {
    // gpt-oss's mxfp4 weights have no ROCm quantization method: no flag fixes it
    let o = run(
        &[
            "check",
            "--gpu",
            "MI325X",
            "--",
            "python -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 2",
        ],
        "",
    );
    assert_eq!(o.code, 1, "{}", o.stdout);
    assert!(o.stdout.contains("error[MODEL003]"), "{}", o.stdout);
    let help: Vec<&str> = o
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("= help:"))
        .collect();
    assert_eq!(
        help,
        ["  = help: on other hardware: GPU → H100 (changes the hardware)"],
        "{}",
        o.stdout
    );
    // the launch itself is not corrected by a change of GPU
    assert!(!o.stdout.contains("corrected command:"), "{}", o.stdout);
    // the JSON keeps it distinguishable
    let o = run(
        &[
            "check",
            "--gpu",
            "MI325X",
            "--format",
            "json",
            "--",
            "python -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 2",
        ],
        "",
    );
    let v: Value = serde_json::from_str(&o.stdout).expect("json");
    let e = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "MODEL003")
        .expect("MODEL003");
    assert_eq!(e["fixes"][0]["changes_hardware"], true, "{}", e["fixes"]);
    assert_eq!(e["fixes"][0]["title"], "GPU → H100");
}

#[test]
fn seed1_fix_that_leaves_no_warning_comes_first() {
    // removing --kv-cache-dtype leaves DSA103 (a DSA backend set with an `auto` KV dtype);
    // setting fp8_e4m3 leaves none, so it ranks first
    let o = run(
        &[
            "check",
            "--gpu",
            "RTX 5090",
            "--",
            "python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bfloat16 --dsa-prefill-backend flashinfer_sparse_mla",
        ],
        "",
    );
    assert_eq!(o.code, 1, "{}", o.stdout);
    let help: Vec<&str> = o
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("= help:"))
        .collect();
    assert_eq!(
        help,
        [
            "  = help: --kv-cache-dtype fp8_e4m3",
            "  = help: remove --kv-cache-dtype"
        ],
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains(
        "corrected command:\n    python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype fp8_e4m3 --dsa-prefill-backend flashinfer_sparse_mla\n"
    ), "{}", o.stdout);
}

#[test]
fn seed2_b200_dsv4_q8_prefill() {
    let o = run(
        &[
            "check",
            "--gpu",
            "B200",
            "--arch",
            "DeepseekV4ForCausalLM",
            "--",
            "sglang serve my-org/my-dsv4-finetune --dsv4-prefill-backend flashmla_sparse_q8 --tp 8",
        ],
        "",
    );
    assert_eq!(o.code, 1, "{}", o.stdout);
    assert!(o.stdout.contains(
        "error[DSV4001]: DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs."
    ));
    // a software fix exists, so no change of hardware is offered
    assert!(o.stdout.contains("= help: remove --dsv4-prefill-backend\n"));
    assert!(!o.stdout.contains("GPU →"), "{}", o.stdout);
    // the fix keeps the user's --tp spelling and model
    assert!(
        o.stdout
            .contains("    sglang serve my-org/my-dsv4-finetune --tp 8\n"),
        "{}",
        o.stdout
    );
    // the same launch from a multi-line paste on stdin, with the env var instead
    let text = "export SGLANG_DSV4_Q8KV8_PREFILL=1\npython3 -m sglang.launch_server \\\n  --model-path deepseek-ai/DeepSeek-V4-Flash \\\n  --tp 8\n";
    let o = run(&["check", "--gpu", "B200"], text);
    assert_eq!(o.code, 1, "{}", o.stdout);
    assert!(o.stdout.contains("error[DSV4001]"));
    assert!(
        o.stdout.contains("1 | export SGLANG_DSV4_Q8KV8_PREFILL=1"),
        "{}",
        o.stdout
    );
    // on an H100 it starts
    let o = run(&["check", "--gpu", "H100"], text);
    assert_eq!(o.code, 0, "{}", o.stdout);
    assert!(
        o.stdout
            .contains("ok: SGLang 0.5.23 would start this launch on H100")
    );
}

#[test]
fn docker_and_config_files() {
    let dir = tempdir("cfg");
    std::fs::write(
        dir.join("glm.yaml"),
        "model-path: zai-org/GLM-5\nkv-cache-dtype: bf16\ndsa-prefill-backend: flashinfer_sparse_mla\n",
    )
    .unwrap();
    let o = run_in(
        Some(&dir),
        &["check", "--gpu", "RTX 5090", "--config", "glm.yaml"],
        "",
    );
    assert_eq!(o.code, 1, "{}{}", o.stdout, o.stderr);
    assert!(o.stdout.contains("error[DSA001]"));
    assert!(o.stdout.contains("--> glm.yaml:2:1"), "{}", o.stdout);
    let o = run_in(
        Some(&dir),
        &[
            "check",
            "--gpu",
            "RTX 5090",
            "--",
            "docker run --gpus all lmsysorg/sglang:v0.5.23-cu129 sglang serve --config glm.yaml --kv-cache-dtype fp8_e4m3",
        ],
        "",
    );
    assert_eq!(o.code, 0, "{}", o.stdout);
    assert!(o.stdout.contains("info[PARSE036]"));
    let o = run_in(
        Some(&dir),
        &[
            "check",
            "--gpu",
            "H100",
            "--",
            "sglang serve --config missing.yaml",
        ],
        "",
    );
    assert_eq!(o.code, 1);
    assert!(o.stdout.contains("Config file not found: missing.yaml"));
    let o = run(
        &["check", "--gpu", "H100", "--config", "/nonexistent/x.yaml"],
        "",
    );
    assert_eq!(o.code, 2);
    std::fs::write(dir.join("bad.yaml"), "kv-cache-dtype: [bf16\n").unwrap();
    let o = run_in(
        Some(&dir),
        &["check", "--gpu", "H100", "--config", "bad.yaml"],
        "",
    );
    assert_eq!(o.code, 1);
    assert!(o.stdout.contains("error[PARSE032]"), "{}", o.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parse_problems_and_usage_errors() {
    let o = run(
        &[
            "check",
            "--gpu",
            "H100",
            "--",
            "python -m sglang.launch_server --model-path m --kv_cache_dtype bf16",
        ],
        "",
    );
    assert_eq!(o.code, 1);
    assert!(
        o.stdout
            .contains("error[PARSE011]: unrecognized arguments: --kv_cache_dtype bf16")
    );
    assert!(o.stdout.contains("= help: write --kv-cache-dtype"));
    assert!(
        o.stdout
            .contains("python -m sglang.launch_server --model-path m --kv-cache-dtype bf16")
    );
    // nothing to check: a usage error (exit 2) with the usage, not SGLang's verdict
    for stdin in ["", "  \n"] {
        let o = run(&["check", "--gpu", "H100"], stdin);
        assert_eq!(o.code, 2);
        assert!(
            o.stderr
                .starts_with("error: no launch command: give it after --"),
            "{}",
            o.stderr
        );
        assert!(o.stdout.is_empty());
    }
    // an explicitly empty file is read, and is empty
    let o = run(&["check", "--gpu", "H100", "--file", "-"], "");
    assert_eq!(o.code, 2);
    assert!(o.stdout.contains("error[PARSE001]"));
    let o = run(
        &[
            "check",
            "--gpu",
            "H100",
            "--",
            "python -m sglang.launch_server --model-path 'unclosed",
        ],
        "",
    );
    // the shell itself refuses the command: Preflight cannot judge it
    assert_eq!(o.code, 2);
    assert!(o.stdout.contains("error[PARSE004]"));
    // binary garbage on stdin
    let o = run(
        &["check", "--gpu", "H100", "--file", "-"],
        "\u{1}\u{2}\u{3}\u{4}\u{5}\0",
    );
    assert_eq!(o.code, 2);
    assert!(o.stdout.contains("error[PARSE003]"));
    // usage errors
    for args in [
        &["frobnicate"][..],
        &["check", "--format", "xml", "--", "x"],
        &[
            "check",
            "--gpu",
            "H100",
            "--compute-capability",
            "9.0",
            "--",
            "x",
        ],
        &["explain"],
        &["explain", "NOPE999"],
        &["validate", "--bogus"],
        &["check", "--file", "/nonexistent/launch.sh"],
    ] {
        let o = run(args, "");
        assert_eq!(o.code, 2, "{args:?}: {}{}", o.stdout, o.stderr);
        assert!(o.stderr.starts_with("error: "), "{args:?}: {}", o.stderr);
    }
    let o = run(&["--help"], "");
    assert_eq!(o.code, 0);
    assert!(o.stdout.contains("preflight check"));
}

#[test]
fn validate_jsonl_with_a_bad_line() {
    let input = [
        r#"{"id":"seed1","gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
        "{not json",
        "",
        r#"{"id":42,"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8"}"#,
        r#"{"gpu":7}"#,
        "[]",
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ]
    .join("\n");
    let o = run(&["validate", "--jsonl"], &input);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let lines: Vec<Value> = o
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each output line is JSON"))
        .collect();
    assert_eq!(lines.len(), 6, "blank lines are skipped");
    assert_eq!(lines[0]["id"], "seed1");
    assert_eq!(lines[0]["verdict"], "error");
    let e0 = lines[0]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["severity"] == "error")
        .unwrap()
        .clone();
    assert_eq!(e0["code"], "DSA001");
    assert_eq!(e0["stage"], "construction");
    assert!(
        e0["message"]
            .as_str()
            .unwrap()
            .starts_with("flashinfer_sparse_mla supports only")
    );
    assert!(lines[0]["resolved"].is_array());
    assert_eq!(lines[1]["line"], 2);
    assert!(lines[1]["error"].as_str().unwrap().contains("invalid JSON"));
    assert_eq!(lines[2]["id"], 42);
    let first_error = lines[2]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["severity"] == "error")
        .unwrap()
        .clone();
    assert_eq!(first_error["code"], "DSV4001");
    assert_eq!(lines[3]["line"], 5);
    assert_eq!(lines[4]["line"], 6);
    assert_eq!(lines[5]["verdict"], "ok");
    assert!(lines[5].get("id").is_none());
    // invalid UTF-8 is an error line, not a crash
    let mut child = Command::new(env!("CARGO_BIN_EXE_preflight"))
        .args(["validate", "--jsonl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"\xff\xfe{}\n{}\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().next().unwrap().contains("\"line\":1"));
    assert_eq!(text.lines().count(), 2);
}

#[test]
fn explain_codes_and_messages() {
    let o = run(&["explain", "dsa001"], "");
    assert_eq!(o.code, 0);
    for part in [
        "DSA001",
        "Message",
        "What it means",
        "When it happens",
        "Solutions",
        "Example",
        "Source",
        "https://github.com/sgl-project/sglang/blob/v0.5.23/",
    ] {
        assert!(o.stdout.contains(part), "{part}: {}", o.stdout);
    }
    let o = run(&["explain", "PARSE011"], "");
    assert_eq!(o.code, 0);
    let o = run(&["explain", "DSA001", "--format", "json"], "");
    let v: Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["code"], "DSA001");
    assert_eq!(v["messages"].as_array().unwrap().len(), 1);

    // the seed documents, as pasted
    let seeds = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/seeds");
    {
        let entries = std::fs::read_dir(seeds).expect("tests/seeds holds the seed documents");
        let mut codes = Vec::new();
        for e in entries.flatten() {
            let text = std::fs::read_to_string(e.path()).unwrap();
            let o = run(&["explain", "--message", "-", "--format", "json"], &text);
            assert_eq!(o.code, 0, "{}", e.path().display());
            let v: Value = serde_json::from_str(&o.stdout).unwrap();
            codes.extend(
                v.as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["code"].as_str().unwrap().to_string()),
            );
        }
        assert!(
            codes.contains(&"DSA001".to_string()) && codes.contains(&"DSV4001".to_string()),
            "{codes:?}"
        );
    }
    let o = run(
        &[
            "explain",
            "--message",
            "ValueError: flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'.",
        ],
        "",
    );
    assert_eq!(o.code, 0);
    assert!(o.stdout.contains("error[DSA001]"));
    assert!(o.stdout.contains("gpu: an SM 12.x GPU such as RTX 5090"));
    assert!(
        o.stdout
            .contains("reproduced: Preflight raises DSA001 on RTX 5090")
    );
    // a traceback under another install prefix: both kernel rules, each reproduced
    let o = run(
        &["explain", "--message", "-"],
        "  File \"/usr/local/lib/python3.12/dist-packages/flashinfer/prefill.py\", line 123, in run\nRuntimeError: Error in function 'TllmGenFmhaRunner' at /usr/local/lib/python3.12/dist-packages/flashinfer/data/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:37: Unsupported architecture\n",
    );
    assert_eq!(o.code, 0);
    for part in [
        "error[KERN001]",
        "error[KERN003]",
        "reproduced: Preflight raises KERN001",
        "reproduced: Preflight raises KERN003",
    ] {
        assert!(o.stdout.contains(part), "{part}: {}", o.stdout);
    }
    // the first sentence of an assert: found, and said to be cut
    let o = run(
        &[
            "explain",
            "--message",
            "FlashAttention v3 Backend requires SM>=80 and SM<=90",
        ],
        "",
    );
    assert_eq!(o.code, 0);
    assert!(o.stdout.contains("error[ATTN006]"), "{}", o.stdout);
    assert!(
        o.stdout.contains("only the start of the message"),
        "{}",
        o.stdout
    );
    let o = run(&["explain", "--message", "everything is fine"], "");
    assert_eq!(o.code, 1);
}

#[test]
fn rules_table_and_json() {
    let o = run(&["rules"], "");
    assert_eq!(o.code, 0);
    assert!(o.stdout.starts_with("CODE"));
    assert!(o.stdout.contains("DSA001"));
    let o = run(&["rules", "--format", "json"], "");
    let v: Value = serde_json::from_str(&o.stdout).unwrap();
    let rules = v.as_array().unwrap();
    assert!(rules.len() > 20);
    assert!(rules.iter().all(|r| r["code"].is_string()
        && r["severity"].is_string()
        && r["stage"].is_string()
        && r["title"].is_string()));
}

#[test]
fn verdict_classes_drive_the_exit_code() {
    // starts, then the trtllm DSA kernels (no SM12x build) crash: a CI gate must block it
    let o = run(
        &[
            "check",
            "--gpu",
            "RTX PRO 6000 Blackwell",
            "--",
            "python -m sglang.launch_server --model deepseek-ai/DeepSeek-V3.2-Exp --tp 8",
        ],
        "",
    );
    assert_eq!(o.code, 1, "{}", o.stdout);
    assert!(
        o.stdout.contains(
            "crashes: SGLang 0.5.23 would start this launch, then crash at the first forward"
        ),
        "{}",
        o.stdout
    );
    // an unknown GPU: Preflight cannot judge, exit 2
    let o = run(
        &[
            "check",
            "--gpu",
            "H9000",
            "--format",
            "json",
            "--",
            "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct",
        ],
        "",
    );
    assert_eq!(o.code, 2, "{}", o.stdout);
    let v: Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["class"], "cannot_judge");
    assert!(
        v["headline"]
            .as_str()
            .unwrap()
            .starts_with("Preflight cannot judge this launch: ")
    );
    // --fail-on takes risk or error
    let o = run(&["check", "--fail-on", "maybe", "--", "x"], "");
    assert_eq!(o.code, 2);
}

#[test]
fn matrix_formats() {
    let o = run(
        &[
            "matrix",
            "--arch",
            "DeepseekV3ForCausalLM",
            "--vendor",
            "nvidia",
            "--format",
            "csv",
        ],
        "",
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout
            .starts_with("row,column,class,rewritten,code,runs\n")
    );
    assert!(
        o.stdout.contains("H100,trtllm_mla,refused,false,ATTN001,"),
        "{}",
        &o.stdout[..400]
    );
    let o = run(
        &[
            "matrix",
            "--arch",
            "GlmMoeDsaForCausalLM",
            "--kind",
            "dsa",
            "--gpu",
            "RTX 5090",
            "--kv-cache-dtype",
            "fp8_e4m3",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let v: Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["kind"], "dsa");
    let o = run(&["matrix", "--kind", "dsa"], "");
    assert_eq!(o.code, 2);
}

#[test]
fn releases_side_by_side_and_upgrade() {
    let cmd = "python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3.2 --kv-cache-dtype fp8_e4m3 --dsa-prefill-backend tilelang --dsa-decode-backend tilelang";
    let o = run(
        &["check", "--gpu", "H100", "--sglang", "all", "--", cmd],
        "",
    );
    assert_eq!(o.code, 1, "{}", o.stdout);
    assert!(
        o.stdout.contains("0.5.20   refused  DSA118"),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout
            .contains("refused on 0.5.21, starts on 0.5.22: DSA118"),
        "{}",
        o.stdout
    );
    // tokenspeed_mla without an FP8 KV cache: refused by 0.5.22, rewritten by 0.5.23
    let o = run(
        &[
            "check",
            "--gpu",
            "B200",
            "--sglang",
            "all",
            "--",
            "python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --attention-backend tokenspeed_mla",
        ],
        "",
    );
    assert_eq!(o.code, 1, "{}", o.stdout);
    assert!(
        o.stdout
            .contains("refused on 0.5.22, starts on 0.5.23: ATTN024"),
        "{}",
        o.stdout
    );
    // upgrading 0.5.19 → 0.5.23: the launch starts on the target, exit 0
    let o = run(
        &[
            "check",
            "--gpu",
            "H100",
            "--sglang",
            "0.5.19",
            "--upgrade-to",
            "0.5.23",
            "--format",
            "json",
            "--",
            cmd,
        ],
        "",
    );
    assert_eq!(o.code, 0, "{}", o.stdout);
    let v: Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["rows"].as_array().unwrap().len(), 2);
    assert_eq!(v["changes"][0]["kind"], "verdict");
    let o = run(&["check", "--upgrade-to", "9.9.9", "--", cmd], "");
    assert_eq!(o.code, 2);
}

const LLAMA: &str = "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct";

#[test]
fn did_you_mean_and_renamed_flags() {
    // one diagnostic per mistake, SGLang's message, the guess as a note
    let cmd = format!("{LLAMA} --attention-backnd fa3");
    let o = run(&["check", "--gpu", "H100", "--", &cmd], "");
    assert_eq!(o.code, 1, "{}", o.stdout);
    assert!(
        o.stdout
            .contains("error[PARSE010]: unrecognized arguments: --attention-backnd fa3\n"),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout
            .contains("= note: did you mean --attention-backend?")
    );
    assert_eq!(o.stdout.matches("error[").count(), 1, "{}", o.stdout);
    assert!(o.stdout.contains("(1 error,"), "{}", o.stdout);
    // renamed: the note names the release, the corrected command uses the new spelling
    let cmd = format!("{LLAMA} --nsa-prefill-backend flashmla_kv");
    let o = run(&["check", "--gpu", "H100", "--", &cmd], "");
    assert!(o.stdout.contains(
        "= note: --nsa-prefill-backend was renamed to --dsa-prefill-backend in SGLang 0.5.20 (this launch uses SGLang 0.5.23)"
    ), "{}", o.stdout);
    assert!(
        o.stdout
            .contains(&format!("{LLAMA} --dsa-prefill-backend flashmla_kv")),
        "{}",
        o.stdout
    );
    // the JSON output carries the note on the parse diagnostic
    let cmd = format!("{LLAMA} --enable-nsa-prefill-context-parallel");
    let o = run(
        &["check", "--gpu", "H100", "--format", "json", "--", &cmd],
        "",
    );
    let v: Value = serde_json::from_str(&o.stdout).unwrap();
    let d = &v["parse"]["diagnostics"][0];
    assert_eq!(d["code"], "PARSE010");
    assert_eq!(
        d["message"],
        "unrecognized arguments: --enable-nsa-prefill-context-parallel"
    );
    assert!(
        d["note"]
            .as_str()
            .unwrap()
            .contains("SGLang 0.5.19 deprecated it for --enable-prefill-cp")
    );
    // an invalid choice of a modelled flag: the report's ARG001 with the closest choice
    let cmd = format!("{LLAMA} --attention-backend flashinfr");
    let o = run(&["check", "--gpu", "H100", "--", &cmd], "");
    assert!(
        o.stdout.contains("= note: did you mean flashinfer?"),
        "{}",
        o.stdout
    );
}

#[test]
fn unknown_models_cannot_be_judged_and_model_config_settles_it() {
    let o = run(
        &[
            "check",
            "--gpu",
            "H100",
            "--",
            "python -m sglang.launch_server --model-path some-org/unknown-model",
        ],
        "",
    );
    assert_eq!(o.code, 2, "{}", o.stdout);
    assert!(o.stdout.contains("cannot judge: Preflight cannot judge this launch: Preflight does not know the model 'some-org/unknown-model': give its architecture"), "{}", o.stdout);
    assert!(!o.stdout.contains("would refuse"), "{}", o.stdout);
    assert!(
        o.stdout.contains("--model-config config.json"),
        "{}",
        o.stdout
    );
    let o = run(
        &[
            "check",
            "--gpu",
            "H100",
            "--format",
            "json",
            "--",
            "python -m sglang.launch_server --model-path some-org/unknown-model",
        ],
        "",
    );
    let v: Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["class"], "cannot_judge");
    // a known id is judged
    let o = run(&["check", "--gpu", "H100", "--", LLAMA], "");
    assert_eq!(o.code, 0, "{}", o.stdout);
    assert!(
        o.stdout
            .contains("ok: SGLang 0.5.23 would start this launch on H100 with LlamaForCausalLM")
    );
    // the model's own config.json settles the unknown model
    let config = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/models/LlamaForCausalLM/config.json"
    );
    assert!(std::path::Path::new(config).exists(), "{config} is missing");
    let o = run(
        &[
            "check",
            "--gpu",
            "H100",
            "--model-config",
            config,
            "--",
            "python -m sglang.launch_server --model-path some-org/unknown-model",
        ],
        "",
    );
    assert_eq!(o.code, 0, "{}{}", o.stdout, o.stderr);
    assert!(o.stdout.contains("with LlamaForCausalLM"), "{}", o.stdout);
    assert!(
        o.stdout
            .contains("model: facts from the launch's own config.json\n"),
        "{}",
        o.stdout
    );
    // without it, the summary says whose facts were assumed
    let o = run(&["check", "--gpu", "H100", "--", LLAMA], "");
    assert!(
        o.stdout.contains("model: ")
            && o.stdout.contains("the reference config of")
            && o.stdout.contains("--model-config config.json"),
        "{}",
        o.stdout
    );
    // a bad file is a usage error
    let dir = tempdir("model-config");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "[1, 2]").unwrap();
    let notjson = dir.join("config.json");
    std::fs::write(&notjson, "{nope").unwrap();
    for path in [
        bad.to_str().unwrap(),
        notjson.to_str().unwrap(),
        "/nonexistent/config.json",
    ] {
        let o = run(
            &[
                "check",
                "--gpu",
                "H100",
                "--model-config",
                path,
                "--",
                LLAMA,
            ],
            "",
        );
        assert_eq!(o.code, 2, "{path}: {}", o.stdout);
        assert!(
            o.stderr.starts_with("error: --model-config"),
            "{path}: {}",
            o.stderr
        );
    }
    // JSONL takes the config.json as an object
    let text = std::fs::read_to_string(config).unwrap();
    let line = format!(
        r#"{{"gpu":"H100","model_path":"some-org/unknown-model","model_config":{}}}"#,
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    let o = run(
        &["validate", "--jsonl"],
        &format!("{line}\n{{\"gpu\":\"H100\",\"model_path\":\"some-org/unknown-model\"}}\n"),
    );
    let lines: Vec<Value> = o
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["class"], "starts", "{}", lines[0]);
    assert_eq!(lines[0]["arch"], "LlamaForCausalLM");
    assert_eq!(lines[1]["class"], "cannot_judge");
}

#[test]
fn lists_and_help() {
    for (what, needle) in [
        ("gpus", "RTX 5090"),
        ("archs", "GlmMoeDsaForCausalLM"),
        ("models", "zai-org/GLM-5"),
        ("backends", "flashinfer"),
    ] {
        let o = run(&["list", what], "");
        assert_eq!(o.code, 0, "{what}: {}", o.stderr);
        assert!(o.stdout.contains(needle), "{what}: {}", o.stdout);
        let o = run(&["list", what, "--format", "json"], "");
        assert_eq!(o.code, 0, "{what}: {}", o.stderr);
        let v: Value = serde_json::from_str(&o.stdout).unwrap();
        assert!(v.to_string().contains(needle), "{what}");
    }
    let o = run(
        &["list", "backends", "--format", "json", "--sglang", "0.5.19"],
        "",
    );
    let v: Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["sglang"], "0.5.19");
    assert!(v["backends"].as_array().unwrap().iter().any(|b| b == "fa3"));
    for bad in [
        &["list"][..],
        &["list", "nope"],
        &["list", "backends", "--sglang", "9.9.9"],
    ] {
        let o = run(bad, "");
        assert_eq!(o.code, 2, "{bad:?}");
        assert!(o.stderr.starts_with("error: "), "{bad:?}: {}", o.stderr);
    }
    let o = run(&["--help"], "");
    for needle in [
        "--cc <X.Y>",
        "--model-config <FILE>",
        "preflight list",
        "Without a command after --",
    ] {
        assert!(o.stdout.contains(needle), "{needle}: {}", o.stdout);
    }
    // --cc is --compute-capability
    let o = run(&["check", "--cc", "9.0", "--", LLAMA], "");
    assert_eq!(o.code, 0, "{}", o.stdout);
    let o = run(&["help", "validate"], "");
    assert!(o.stdout.contains("\"model_config\""), "{}", o.stdout);
    assert!(o.stdout.contains("\"resolved\": [...]"), "{}", o.stdout);
}
