//! Real launch commands published in SGLang's documentation, cookbook and model cards, pasted
//! as users paste them, checked on the GPUs they were written for (and on GPUs they were not).

use preflight_core::parse::parse_command;
use preflight_core::{Report, Stage, Verdict, VerdictClass, validate};

fn check(cmd: &str, gpu: &str) -> Report {
    let parsed = parse_command(cmd);
    assert!(!parsed.has_errors(), "{cmd}: {:?}", parsed.diagnostics);
    let mut cfg = parsed.config;
    cfg.gpu = Some(gpu.to_string());
    validate(&cfg)
}

fn kernel_codes(r: &Report) -> Vec<&str> {
    r.diagnostics
        .iter()
        .filter(|d| d.stage == Stage::Kernel)
        .map(|d| d.code)
        .collect()
}

/// docs.sglang.io "DeepSeek V3.2 Usage": 8×H200/B200, TP + DP attention.
const DSV32: &str = "python -m sglang.launch_server --model deepseek-ai/DeepSeek-V3.2-Exp --tp 8 --dp 8 --enable-dp-attention";

#[test]
fn deepseek_v32_recipe() {
    for gpu in ["H200", "B200"] {
        let r = check(DSV32, gpu);
        assert_eq!(r.verdict, Verdict::Ok, "{gpu}: {:#?}", r.first_error());
        assert_eq!(r.resolved_str("attention_backend").as_deref(), Some("dsa"));
        assert_eq!(r.resolved_int("page_size"), Some(64));
        assert!(kernel_codes(&r).is_empty(), "{gpu}: {:?}", kernel_codes(&r));
    }
    assert_eq!(
        check(DSV32, "H200")
            .resolved_str("kv_cache_dtype")
            .as_deref(),
        Some("bfloat16")
    );
    assert_eq!(
        check(DSV32, "B200")
            .resolved_str("dsa_decode_backend")
            .as_deref(),
        Some("trtllm")
    );
    // The same launch on an RTX PRO 6000 starts, but the trtllm DSA kernels do not exist there:
    // a CI gate must stop it.
    let r = check(DSV32, "RTX PRO 6000 Blackwell");
    assert_eq!(r.class, VerdictClass::Crashes);
    assert!(kernel_codes(&r).contains(&"KERN003"));
    assert_eq!(r.class.exit_code(false), 1);
}

/// A Kimi-K2 EAGLE3 model card's first command used `--attention-backend fa3` on B200-class
/// GPUs; the card was later corrected to flashinfer.
const KIMI_FA3: &str = r"python3 -m sglang.launch_server \
  --model-path /models/Kimi-K2-Instruct \
  --host 0.0.0.0 --port 30012 \
  --trust-remote-code \
  --attention-backend fa3 \
  --mem-fraction-static 0.9 \
  --tp-size 8 \
  --speculative-algorithm EAGLE3 \
  --speculative-draft-model-path AQ-MedAI/Kimi-K2-Instruct-eagle3 \
  --speculative-num-steps 3 --speculative-eagle-topk 1 --speculative-num-draft-tokens 4";

#[test]
fn kimi_k2_eagle3_recipe() {
    let r = check(KIMI_FA3, "H200");
    assert_eq!(r.verdict, Verdict::Ok, "{:#?}", r.first_error());
    let r = check(KIMI_FA3, "B200");
    assert_eq!(r.first_error().unwrap().code, "ATTN006");
    let fixed = KIMI_FA3.replace("--attention-backend fa3", "--attention-backend flashinfer");
    assert_eq!(check(&fixed, "B200").verdict, Verdict::Ok);
}

/// GLM-5 on an RTX 5090-class GPU: defaults are right, a bf16 KV is the seed error.
#[test]
fn glm5_recipes() {
    let ok = check(
        "python3 -m sglang.launch_server --model-path zai-org/GLM-5-FP8 --tp 8 --trust-remote-code",
        "RTX PRO 6000 Blackwell",
    );
    assert_eq!(ok.verdict, Verdict::Ok);
    assert_eq!(
        ok.resolved_str("dsa_prefill_backend").as_deref(),
        Some("flashinfer_sparse_mla")
    );
    let bad = check(
        "python3 -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla",
        "RTX 5090",
    );
    assert_eq!(bad.first_error().unwrap().code, "DSA001");
}

/// gpt-oss (cookbook): default backends per GPU, and flashinfer refused.
#[test]
fn gpt_oss_recipes() {
    let r = check(
        "python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 2",
        "H100",
    );
    assert_eq!(r.verdict, Verdict::Ok);
    assert_eq!(r.resolved_str("attention_backend").as_deref(), Some("fa3"));
    let r = check(
        "python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 2",
        "B200",
    );
    assert_eq!(
        r.resolved_str("attention_backend").as_deref(),
        Some("trtllm_mha")
    );
    let r = check(
        "python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --attention-backend flashinfer",
        "H100",
    );
    assert_eq!(r.first_error().unwrap().code, "MODEL001");
    let r = check(
        "python3 -m sglang.launch_server --model-path openai/gpt-oss-120b",
        "MI300X",
    );
    assert_eq!(r.first_error().unwrap().code, "MODEL003");
}

/// DeepSeek-V4 and DeepSeek-V3 defaults on the GPUs of their cookbook pages.
#[test]
fn deepseek_v4_and_v3_recipes() {
    let r = check("sglang serve deepseek-ai/DeepSeek-V4-Flash --tp 8", "B200");
    assert_eq!(r.verdict, Verdict::Ok);
    assert_eq!(r.resolved_str("attention_backend").as_deref(), Some("dsv4"));
    assert_eq!(r.resolved_int("page_size"), Some(256));
    let r = check(
        "python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code",
        "B200",
    );
    assert_eq!(
        r.resolved_str("attention_backend").as_deref(),
        Some("trtllm_mla")
    );
    assert_eq!(r.resolved_int("page_size"), Some(64));
    let r = check(
        "python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code",
        "H200",
    );
    assert_eq!(r.resolved_str("attention_backend").as_deref(), Some("fa3"));
}

/// Llama 4 Scout with the fa3 backend of Hopper recipes, moved to a B200.
#[test]
fn llama4_recipe() {
    let cmd = "python3 -m sglang.launch_server --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct --tp 8 --context-length 1000000 --attention-backend fa3";
    assert_eq!(check(cmd, "H100").verdict, Verdict::Ok);
    assert_eq!(check(cmd, "B200").first_error().unwrap().code, "ATTN006");
}

/// SGLang's quick-start launch (as mirrored at mintlify.com/sgl-project/sglang, "Launch a
/// server"), on one GPU of every family the kernel rules distinguish: SGLang's defaults there
/// have kernels, so no kernel diagnostic may appear.
const QUICKSTART: &str = "python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3.1-8B-Instruct --port 30000";

#[test]
fn quickstart_recipe_on_every_gpu_family() {
    for gpu in [
        "A100",
        "L40S",
        "RTX 4090",
        "H100",
        "B200",
        "B300",
        "Jetson Thor",
        "RTX PRO 6000 Blackwell",
        "DGX Spark",
        "MI250X",
        "MI300X",
        "MI355X",
    ] {
        let r = check(QUICKSTART, gpu);
        assert_eq!(
            r.class,
            VerdictClass::Starts,
            "{gpu}: {:?}",
            kernel_codes(&r)
        );
        assert!(kernel_codes(&r).is_empty(), "{gpu}: {:?}", kernel_codes(&r));
    }
    // the Hopper backend carried to an Ada GPU: FA3 fails at graph capture (sglang#38980)
    let fa3 = format!("{QUICKSTART} --attention-backend fa3");
    assert_eq!(check(&fa3, "H100").class, VerdictClass::Starts);
    let r = check(&fa3, "L40S");
    assert_eq!(r.class, VerdictClass::Crashes);
    assert_eq!(kernel_codes(&r), ["KERN014"]);
    // Radeon is not a published target: SGLang's ROCm default (aiter) has no RDNA kernels
    // (ROCm/TheRock#7700); with triton the launch starts
    let r = check(QUICKSTART, "Radeon RX 9070 XT");
    assert_eq!(kernel_codes(&r), ["KERN016"]);
    let r = check(
        &format!("{QUICKSTART} --attention-backend triton"),
        "Radeon RX 9070 XT",
    );
    assert_eq!(r.class, VerdictClass::Starts);
}

/// The DeepSeek-V3 recipe (docs.sglang.io "DeepSeek V3/V3.1/R1 Usage") with SGLang 0.5.19 on the
/// Blackwell GPUs: its model override picks trtllm_mla, so the FlashInfer MLA slow path (KERN013)
/// is not reached; the same launch with --attention-backend flashinfer is a risk, not a refusal.
#[test]
fn deepseek_v3_recipe_on_blackwell_0_5_19() {
    let cmd = "python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code";
    for gpu in ["B200", "B300"] {
        let parsed = parse_command(cmd);
        let mut cfg = parsed.config;
        cfg.gpu = Some(gpu.to_string());
        cfg.sglang = Some("0.5.19".to_string());
        let r = validate(&cfg);
        assert_eq!(r.verdict, Verdict::Ok, "{gpu}: {:#?}", r.first_error());
        assert!(kernel_codes(&r).is_empty(), "{gpu}: {:?}", kernel_codes(&r));
        cfg.args.insert(
            "attention_backend".into(),
            serde_json::Value::String("flashinfer".into()),
        );
        let r = validate(&cfg);
        assert_eq!(r.class, VerdictClass::StartsWithRisks, "{gpu}");
        assert_eq!(kernel_codes(&r), ["KERN013"]);
        assert_eq!(r.class.exit_code(false), 0);
    }
}
