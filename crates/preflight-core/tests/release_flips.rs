//! The verdicts that flip between consecutive releases, each as that release's own code gives
//! it (the oracle's golden cases `tests/golden/oracle-<release>.jsonl` hold the same configs):
//!
//! * tilelang DSA backends with an FP8 KV cache on CUDA: refused up to 0.5.21
//!   (`_check_dsa_backend_constraints`, `overrides.py:544@0.5.21`, DSA118), accepted from 0.5.22
//!   when both sides are tilelang on SM89 or newer (`overrides.py:526-561@0.5.22`);
//! * `tokenspeed_mla` without an FP8 KV cache: refused up to 0.5.22 (its own check, ATTN024),
//!   silently rewritten to `cutedsl_mla` with an fp8_e4m3 KV cache in 0.5.23.

use preflight_core::{LaunchConfig, SglangVersion, validate};

fn run(v: &str, json: &str) -> preflight_core::Report {
    let mut cfg: LaunchConfig = serde_json::from_str(json).expect("config");
    cfg.sglang = Some(v.to_string());
    let rep = validate(&cfg);
    let release = SglangVersion::parse_known(v).expect("known release");
    assert!(
        release.is_modelled(),
        "{v} is not modelled: the flip cannot be judged"
    );
    assert!(
        rep.diagnostics.iter().all(|d| d.code != "INPUT004"),
        "{v}: judged with another release"
    );
    rep
}

const TILELANG: &str = r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"tilelang","dsa_decode_backend":"tilelang"}"#;
const TOKENSPEED: &str =
    r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"tokenspeed_mla"}"#;

#[test]
fn tilelang_fp8_on_cuda_is_refused_up_to_0_5_21_and_accepted_from_0_5_22() {
    let (mut refused, mut accepted) = (0, 0);
    for v in SglangVersion::all() {
        let rep = run(v.as_str(), TILELANG);
        if v <= SglangVersion::V0_5_21 {
            assert_eq!(
                rep.first_error().map(|d| d.code),
                Some("DSA118"),
                "{v}: {:?}",
                rep.diagnostics
            );
            refused += 1;
        } else {
            assert!(rep.first_error().is_none(), "{v}: {:?}", rep.first_error());
            assert_eq!(
                rep.resolved_str("kv_cache_dtype").as_deref(),
                Some("fp8_e4m3")
            );
            assert_eq!(
                rep.resolved_str("dsa_decode_backend").as_deref(),
                Some("tilelang")
            );
            accepted += 1;
        }
    }
    assert!(
        refused > 0 && accepted > 1,
        "both sides of the flip are modelled"
    );
}

#[test]
fn tokenspeed_mla_without_fp8_is_refused_up_to_0_5_22_and_rewritten_in_0_5_23() {
    // 0.5.19 words its own tokenspeed_mla checks differently (ATTN023–ATTN025)
    let before: Vec<SglangVersion> = SglangVersion::all()
        .filter(|v| *v > SglangVersion::V0_5_19 && *v <= SglangVersion::V0_5_22)
        .collect();
    assert!(before.contains(&SglangVersion::V0_5_22));
    for v in before {
        let rep = run(v.as_str(), TOKENSPEED);
        let e = rep.first_error().unwrap_or_else(|| panic!("{v}: no error"));
        assert_eq!(e.code, "ATTN024", "{v}");
        assert_eq!(
            e.message,
            "tokenspeed_mla backend requires kv-cache-dtype=fp8_e4m3, got auto."
        );
    }
    let rep = run("0.5.23", TOKENSPEED);
    assert!(rep.first_error().is_none(), "{:?}", rep.first_error());
    assert_eq!(
        rep.resolved_str("kv_cache_dtype").as_deref(),
        Some("fp8_e4m3")
    );
    assert_eq!(
        rep.resolved_str("attention_backend").as_deref(),
        Some("cutedsl_mla")
    );
    assert!(rep.diagnostics.iter().any(|d| d.code == "ATTN106"));
}
