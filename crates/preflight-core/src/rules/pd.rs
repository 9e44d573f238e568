//! Prefill/decode disaggregation (`arg_groups/pd_disaggregation_hook.py`).

use super::{RuleInfo, Unmodelled};
use crate::report::Severity;
use crate::version::{SglangVersion as V, VersionRange as R};

const HOOK: &str = "python/sglang/srt/arg_groups/pd_disaggregation_hook.py";

const V19: V = V::V0_5_19;
const V20: V = V::V0_5_20;
const V21: V = V::V0_5_21;
const V22: V = V::V0_5_22;
const V23: V = V::V0_5_23;

/// A decode server with DCP needs a transfer backend that relays the KV layout.
pub static DECODE_DCP_BACKEND: RuleInfo = RuleInfo {
    code: "PD001",
    name: "pd-decode-dcp-transfer-backend",
    messages: &[
        (
            R::until(V21),
            "PD decode DCP requires --disaggregation-transfer-backend mooncake, nixl, or fake for synthetic benchmarking, got {cfg.disaggregation_transfer_backend!r}.",
        ),
        (
            R::since(V22),
            "PD decode DCP requires --disaggregation-transfer-backend mooncake, nixl, mori, ascend, or fake for synthetic benchmarking, got {cfg.disaggregation_transfer_backend!r}.",
        ),
    ],
    sources: &[
        (R::between(V19, V20), HOOK, 61),
        (R::only(V21), HOOK, 79),
        (R::since(V22), HOOK, 92),
    ],
    title: doc!(
        "A PD decode server with decode context parallelism needs a DCP-aware transfer backend"
    ),
    explanation: doc!(
        "With --disaggregation-mode decode and --dcp-size > 1 the KV cache received from the prefill server must be re-laid out for the DCP ranks; only some transfer backends do that (0.5.19-0.5.21: mooncake and nixl; 0.5.22+: also mori and ascend). The fake backend is accepted for synthetic benchmarks."
    ),
    trigger: doc!(
        "--disaggregation-mode decode, --dcp-size > 1 and a transfer backend outside that list."
    ),
    solutions: doc_list![
        "Use --disaggregation-transfer-backend mooncake (or nixl).",
        "Drop --dcp-size on the decode server.",
    ],
    flags: &["disaggregation_transfer_backend", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"disaggregation_mode":"decode","disaggregation_transfer_backend":"ascend","sglang":"0.5.21"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"disaggregation_mode":"decode","sglang":"0.5.21"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.19-0.5.20: decode DCP needs the chunk cache (no decode radix cache).
pub static DECODE_DCP_RADIX: RuleInfo = RuleInfo {
    code: "PD002",
    name: "pd-decode-dcp-radix-cache",
    versions: R::until(V20),
    messages: &[(
        R::until(V20),
        "PD decode DCP currently requires chunk cache; --disaggregation-decode-enable-radix-cache is not supported.",
    )],
    sources: &[(R::until(V20), HOOK, 67)],
    title: doc!("A PD decode server with DCP cannot enable the decode radix cache (0.5.19-0.5.20)"),
    explanation: doc!(
        "Up to 0.5.20 a decode server with decode context parallelism runs with the chunk cache only; the experimental decode radix cache is refused."
    ),
    trigger: doc!(
        "--disaggregation-mode decode, --dcp-size > 1 and --disaggregation-decode-enable-radix-cache (SGLang 0.5.19-0.5.20)."
    ),
    solutions: doc_list![
        "Drop --disaggregation-decode-enable-radix-cache.",
        "Drop --dcp-size.",
    ],
    flags: &["disaggregation_decode_enable_radix_cache", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"disaggregation_mode":"decode","disaggregation_decode_enable_radix_cache":true,"sglang":"0.5.19"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"disaggregation_mode":"decode","sglang":"0.5.19"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.19-0.5.20: decode DCP needs the chunk cache (no HiCache).
pub static DECODE_DCP_HICACHE: RuleInfo = RuleInfo {
    code: "PD003",
    name: "pd-decode-dcp-hicache",
    versions: R::until(V20),
    messages: &[(
        R::until(V20),
        "PD decode DCP currently requires chunk cache; --enable-hierarchical-cache is not supported.",
    )],
    sources: &[(R::until(V20), HOOK, 72)],
    title: doc!("A PD decode server with DCP cannot use HiCache (0.5.19-0.5.20)"),
    explanation: doc!(
        "Up to 0.5.20 a decode server with decode context parallelism runs with the chunk cache only; hierarchical caching is refused."
    ),
    trigger: doc!(
        "--disaggregation-mode decode, --dcp-size > 1 and --enable-hierarchical-cache (SGLang 0.5.19-0.5.20)."
    ),
    solutions: doc_list!["Drop --enable-hierarchical-cache.", "Drop --dcp-size."],
    flags: &["enable_hierarchical_cache", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"disaggregation_mode":"decode","enable_hierarchical_cache":true,"sglang":"0.5.20"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"disaggregation_mode":"decode","sglang":"0.5.20"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decode radix cache with HiSparse.
pub static DECODE_RADIX_HISPARSE: RuleInfo = RuleInfo {
    code: "PD004",
    name: "pd-decode-radix-hisparse",
    messages: &[(
        R::ALL,
        "--disaggregation-decode-enable-radix-cache is incompatible with --enable-hisparse",
    )],
    sources: &[
        (R::until(V20), HOOK, 80),
        (R::only(V21), HOOK, 88),
        (R::since(V22), HOOK, 101),
    ],
    title: doc!("The decode radix cache cannot be combined with HiSparse"),
    explanation: doc!(
        "A decode server's experimental radix cache and hierarchical sparse attention both own the decode KV pool; SGLang refuses the pair."
    ),
    trigger: doc!(
        "--disaggregation-mode decode, --disaggregation-decode-enable-radix-cache and --enable-hisparse."
    ),
    solutions: doc_list![
        "Drop --disaggregation-decode-enable-radix-cache.",
        "Drop --enable-hisparse.",
    ],
    flags: &[
        "disaggregation_decode_enable_radix_cache",
        "enable_hisparse",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_enable_radix_cache":true,"enable_hisparse":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_enable_radix_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decode radix cache with the fake transfer backend.
pub static DECODE_RADIX_FAKE: RuleInfo = RuleInfo {
    code: "PD005",
    name: "pd-decode-radix-fake-backend",
    messages: &[(
        R::ALL,
        "--disaggregation-decode-enable-radix-cache is incompatible with --disaggregation-transfer-backend fake",
    )],
    sources: &[
        (R::until(V20), HOOK, 85),
        (R::only(V21), HOOK, 93),
        (R::since(V22), HOOK, 106),
    ],
    title: doc!("The decode radix cache cannot run with the fake transfer backend"),
    explanation: doc!(
        "The fake backend moves no KV (synthetic benchmarks), so there is nothing for a decode radix cache to hold."
    ),
    trigger: doc!(
        "--disaggregation-mode decode, --disaggregation-decode-enable-radix-cache and --disaggregation-transfer-backend fake."
    ),
    solutions: doc_list![
        "Drop --disaggregation-decode-enable-radix-cache.",
        "Use a real transfer backend (mooncake, nixl).",
    ],
    flags: &[
        "disaggregation_decode_enable_radix_cache",
        "disaggregation_transfer_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_enable_radix_cache":true,"disaggregation_transfer_backend":"fake"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_transfer_backend":"fake"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.19-0.5.22: decode radix cache with speculative decoding.
pub static DECODE_RADIX_SPEC: RuleInfo = RuleInfo {
    code: "PD006",
    name: "pd-decode-radix-speculative",
    versions: R::until(V22),
    messages: &[(
        R::until(V22),
        "--disaggregation-decode-enable-radix-cache is incompatible with speculative decoding (--speculative-algorithm {cfg.speculative_algorithm})",
    )],
    sources: &[
        (R::until(V20), HOOK, 90),
        (R::only(V21), HOOK, 98),
        (R::only(V22), HOOK, 111),
    ],
    title: doc!(
        "The decode radix cache cannot be combined with speculative decoding (0.5.19-0.5.22)"
    ),
    explanation: doc!(
        "Up to 0.5.22 the experimental decode radix cache does not track draft tokens; SGLang refuses any speculative algorithm with it (0.5.21-0.5.22 accept DSPARK, spelled exactly so). 0.5.23 drops the check."
    ),
    trigger: doc!(
        "--disaggregation-mode decode, --disaggregation-decode-enable-radix-cache and --speculative-algorithm (other than DSPARK from 0.5.21), SGLang 0.5.19-0.5.22."
    ),
    solutions: doc_list![
        "Drop --disaggregation-decode-enable-radix-cache.",
        "Drop --speculative-algorithm.",
    ],
    flags: &[
        "disaggregation_decode_enable_radix_cache",
        "speculative_algorithm",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_enable_radix_cache":true,"speculative_algorithm":"NGRAM","sglang":"0.5.22"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","speculative_algorithm":"NGRAM","sglang":"0.5.22"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A prefill server with the fake transfer backend.
pub static PREFILL_FAKE: RuleInfo = RuleInfo {
    code: "PD007",
    name: "pd-prefill-fake-backend",
    exception: Some("AssertionError"),
    messages: &[(
        R::ALL,
        "Prefill server does not support 'fake' as the transfer backend",
    )],
    sources: &[
        (R::until(V20), HOOK, 132),
        (R::only(V21), HOOK, 140),
        (R::only(V22), HOOK, 153),
        (R::since(V23), HOOK, 146),
    ],
    title: doc!("A prefill server cannot use the fake transfer backend"),
    explanation: doc!(
        "The fake backend is a decode-side stand-in for synthetic benchmarks: it receives nothing and sends nothing, so a prefill server cannot use it."
    ),
    trigger: doc!("--disaggregation-mode prefill with --disaggregation-transfer-backend fake."),
    solutions: doc_list![
        "Use --disaggregation-transfer-backend mooncake (or nixl) on the prefill server."
    ],
    flags: &["disaggregation_transfer_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"prefill","disaggregation_transfer_backend":"fake"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_DISAGG_STAGING_BUFFER needs mooncake or nixl.
pub static STAGING_BUFFER: RuleInfo = RuleInfo {
    code: "PD008",
    name: "pd-staging-buffer-backend",
    messages: &[(
        R::ALL,
        "SGLANG_DISAGG_STAGING_BUFFER requires disaggregation_transfer_backend='mooncake' or 'nixl', got '{cfg.disaggregation_transfer_backend}'.",
    )],
    sources: &[
        (R::until(V20), HOOK, 144),
        (R::only(V21), HOOK, 152),
        (R::only(V22), HOOK, 165),
        (R::since(V23), HOOK, 158),
    ],
    title: doc!("SGLANG_DISAGG_STAGING_BUFFER needs the mooncake or nixl transfer backend"),
    explanation: doc!(
        "The staging buffer for PD KV transfer is implemented by the mooncake and nixl backends only."
    ),
    trigger: doc!(
        "--disaggregation-mode prefill or decode, SGLANG_DISAGG_STAGING_BUFFER true, and a transfer backend other than mooncake or nixl."
    ),
    solutions: doc_list![
        "Use --disaggregation-transfer-backend mooncake or nixl.",
        "Unset SGLANG_DISAGG_STAGING_BUFFER.",
    ],
    flags: &[
        "disaggregation_transfer_backend",
        "env.SGLANG_DISAGG_STAGING_BUFFER",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_transfer_backend":"fake","env":{"SGLANG_DISAGG_STAGING_BUFFER":"1"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","env":{"SGLANG_DISAGG_STAGING_BUFFER":"1"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_RUST_SERVER prefill: the bootstrap port is the api port.
pub static RUST_SERVER_PORT: RuleInfo = RuleInfo {
    code: "PD009",
    name: "pd-rust-server-bootstrap-port",
    messages: &[(
        R::ALL,
        "SGLANG_RUST_SERVER serves the PD KV bootstrap registry on the api port itself; --disaggregation-bootstrap-port {cfg.disaggregation_bootstrap_port} conflicts with --port {cfg.port}. Drop --disaggregation-bootstrap-port (decode nodes and the PD router must then target the prefill api port).",
    )],
    sources: &[
        (R::until(V20), HOOK, 168),
        (R::only(V21), HOOK, 209),
        (R::only(V22), HOOK, 268),
        (R::since(V23), HOOK, 277),
    ],
    title: doc!("With SGLANG_RUST_SERVER a prefill server's bootstrap port must be its api port"),
    explanation: doc!(
        "The embedded Rust server serves the KV bootstrap registry on the api listener itself, so a --disaggregation-bootstrap-port other than its default (8998) or --port is a conflict; otherwise SGLang sets the bootstrap port to --port. 0.5.23 does this only when the transfer backend's bootstrap server is the common HTTP registry (rust_server_serves_kv_bootstrap, managers/disagg_service.py:54-66@0.5.23), which holds for every built-in backend a prefill server accepts (mooncake, mori, ascend, nixl: disaggregation/*/conn.py)."
    ),
    trigger: doc!(
        "--disaggregation-mode prefill, SGLANG_RUST_SERVER true, and --disaggregation-bootstrap-port neither 8998 nor --port."
    ),
    solutions: doc_list![
        "Drop --disaggregation-bootstrap-port.",
        "Unset SGLANG_RUST_SERVER.",
    ],
    flags: &["disaggregation_bootstrap_port", "env.SGLANG_RUST_SERVER"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"prefill","disaggregation_bootstrap_port":9000,"env":{"SGLANG_RUST_SERVER":"1"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"prefill","env":{"SGLANG_RUST_SERVER":"1"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// The decode host-receive threshold is a fraction.
pub static HOST_RECEIVE_RANGE: RuleInfo = RuleInfo {
    code: "PD010",
    name: "pd-host-receive-threshold-range",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "--disaggregation-decode-host-receive-threshold must be between 0 and 1",
    )],
    sources: &[(R::only(V21), HOOK, 54), (R::since(V22), HOOK, 65)],
    title: doc!("--disaggregation-decode-host-receive-threshold must be between 0 and 1"),
    explanation: doc!(
        "The threshold is a fraction of the decode KV pool; SGLang checks it on every launch, PD or not."
    ),
    trigger: doc!(
        "--disaggregation-decode-host-receive-threshold below 0 or above 1 (SGLang 0.5.21+)."
    ),
    solutions: doc_list!["Use a value in [0, 1]."],
    flags: &["disaggregation_decode_host_receive_threshold"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_decode_host_receive_threshold":1.5}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decode host receive with HiSparse or role switching.
pub static HOST_RECEIVE_HISPARSE: RuleInfo = RuleInfo {
    code: "PD011",
    name: "pd-host-receive-hisparse-role-switch",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "Decode host receive does not yet support HiSparse or role switching",
    )],
    sources: &[(R::only(V21), HOOK, 59), (R::since(V22), HOOK, 70)],
    title: doc!("Decode host receive does not support HiSparse or PD role switching"),
    explanation: doc!(
        "Decode host KV buffering is on when --disaggregation-decode-host-receive-threshold is above 0 (0.5.21) or below 1 (0.5.22+, where 1 is the default); it cannot be combined with --enable-hisparse or --enable-pd-role-switch."
    ),
    trigger: doc!(
        "Decode host receive on (threshold > 0 in 0.5.21, < 1 from 0.5.22) with --enable-hisparse or --enable-pd-role-switch."
    ),
    solutions: doc_list![
        "Leave --disaggregation-decode-host-receive-threshold at its default.",
        "Drop --enable-hisparse / --enable-pd-role-switch.",
    ],
    flags: &[
        "disaggregation_decode_host_receive_threshold",
        "enable_hisparse",
        "enable_pd_role_switch",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_host_receive_threshold":0.5,"enable_pd_role_switch":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_host_receive_threshold":0.5}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decode host receive with cpu_tensor retraction.
pub static HOST_RECEIVE_RETRACTION: RuleInfo = RuleInfo {
    code: "PD012",
    name: "pd-host-receive-retraction-backup",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "Decode host KV buffering requires host_pool retraction",
    )],
    sources: &[(R::only(V21), HOOK, 64), (R::since(V22), HOOK, 75)],
    title: doc!("Decode host KV buffering needs host_pool retraction"),
    explanation: doc!(
        "With decode host receive on, retracted requests are backed up into the host pool; --disaggregation-decode-retraction-backup cpu_tensor is refused (SGLang otherwise sets host_pool itself)."
    ),
    trigger: doc!(
        "Decode host receive on (threshold > 0 in 0.5.21, < 1 from 0.5.22) and --disaggregation-decode-retraction-backup cpu_tensor."
    ),
    solutions: doc_list![
        "Drop --disaggregation-decode-retraction-backup (SGLang picks host_pool).",
        "Leave --disaggregation-decode-host-receive-threshold at its default.",
    ],
    flags: &[
        "disaggregation_decode_retraction_backup",
        "disaggregation_decode_host_receive_threshold",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_host_receive_threshold":0.5,"disaggregation_decode_retraction_backup":"cpu_tensor"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_host_receive_threshold":0.5}"#,
    ))),
    ..RuleInfo::BASE
};

/// PD role switching does not rebuild role-specific state.
pub static ROLE_SWITCH: RuleInfo = RuleInfo {
    code: "PD013",
    name: "pd-role-switch-unsupported",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "--enable-pd-role-switch does not rebuild role-specific state for the following features: {\", \".join(unsupported)}. Remove these options or drop --enable-pd-role-switch.",
    )],
    sources: &[
        (R::only(V21), HOOK, 184),
        (R::only(V22), HOOK, 197),
        (R::since(V23), HOOK, 191),
    ],
    title: doc!(
        "PD role switching cannot be combined with EP, MoE all-to-all, PP, DCP or speculative decoding"
    ),
    explanation: doc!(
        "A prefill or decode server that may flip its role at run time does not rebuild the state of some features. 0.5.21 refuses DP attention, expert parallelism, MoE all-to-all, pipeline parallelism, data parallelism, DCP and speculative decoding; 0.5.22 attention DP instead of the two DP entries' old spelling; 0.5.23 drops DP and keeps only DP attention with local control broadcast."
    ),
    trigger: doc!(
        "--disaggregation-mode prefill or decode with --enable-pd-role-switch and one of the listed features."
    ),
    solutions: doc_list![
        "Remove the listed options.",
        "Drop --enable-pd-role-switch.",
    ],
    flags: &[
        "enable_pd_role_switch",
        "ep_size",
        "moe_a2a_backend",
        "pp_size",
        "dcp_size",
        "speculative_algorithm",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2,"disaggregation_mode":"prefill","enable_pd_role_switch":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2,"disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The prefill_complete allocation policy's restrictions.
pub static PREFILL_COMPLETE: RuleInfo = RuleInfo {
    code: "PD014",
    name: "pd-prefill-complete-unsupported",
    versions: R::since(V22),
    messages: &[(
        R::since(V22),
        "--disaggregation-decode-allocation-policy prefill_complete does not yet support {\", \".join(unsupported)}",
    )],
    sources: &[(R::only(V22), HOOK, 245), (R::since(V23), HOOK, 239)],
    title: doc!(
        "The prefill_complete decode allocation policy supports only plain Mooncake PD with attention TP 1"
    ),
    explanation: doc!(
        "--disaggregation-decode-allocation-policy prefill_complete allocates decode KV only when the prefill finishes; it needs a PD server (prefill or decode) with the mooncake backend, no PP/CP/DCP, attention TP 1 (tp = DP-attention size), no PD multiplexing, role switch, encoder disaggregation, HiSparse, host receive, decode radix cache or decode HiCache, prefill HiCache only as L2 write_back, and neither SGLANG_DISAGG_STAGING_BUFFER nor SGLANG_RUST_SERVER."
    ),
    trigger: doc!(
        "--disaggregation-decode-allocation-policy prefill_complete with any of the unsupported features (SGLang 0.5.22+)."
    ),
    solutions: doc_list![
        "Use the default policy (early).",
        "Remove the listed features.",
    ],
    flags: &[
        "disaggregation_decode_allocation_policy",
        "disaggregation_mode",
        "tp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_decode_allocation_policy":"prefill_complete"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-prefix-mm-cache needs --encoder-only.
pub static PREFIX_MM_CACHE: RuleInfo = RuleInfo {
    code: "PD016",
    name: "prefix-mm-cache-needs-encoder-only",
    messages: &[(
        R::ALL,
        "--enable-prefix-mm-cache requires --encoder-only to be enabled",
    )],
    sources: &[
        (R::until(V20), HOOK, 197),
        (R::only(V21), HOOK, 238),
        (R::only(V22), HOOK, 297),
        (R::since(V23), HOOK, 306),
    ],
    title: doc!("--enable-prefix-mm-cache needs --encoder-only"),
    explanation: doc!(
        "The prefix multimodal cache lives on an encoder-only server of encoder disaggregation."
    ),
    trigger: doc!("--enable-prefix-mm-cache without --encoder-only."),
    solutions: doc_list!["Drop --enable-prefix-mm-cache."],
    flags: &["enable_prefix_mm_cache", "encoder_only"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_prefix_mm_cache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --encoder-only and --language-only exclude each other.
pub static ENCODER_AND_LANGUAGE: RuleInfo = RuleInfo {
    code: "PD017",
    name: "encoder-only-and-language-only",
    messages: &[(
        R::ALL,
        "Cannot set --encoder-only and --language-only together",
    )],
    sources: &[
        (R::until(V20), HOOK, 201),
        (R::only(V21), HOOK, 242),
        (R::only(V22), HOOK, 301),
        (R::since(V23), HOOK, 310),
    ],
    title: doc!("--encoder-only and --language-only exclude each other"),
    explanation: doc!(
        "An encoder-disaggregation server is either the encoder or the language side."
    ),
    trigger: doc!("Both --encoder-only and --language-only."),
    solutions: doc_list!["Keep one of them."],
    flags: &["encoder_only", "language_only"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen2VLForConditionalGeneration","encoder_only":true,"language_only":true}"#,
        r#"{"gpu":"H100","arch":"Qwen2VLForConditionalGeneration","encoder_only":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --encoder-only cannot be a PD prefill or decode server.
pub static ENCODER_AND_PD: RuleInfo = RuleInfo {
    code: "PD018",
    name: "encoder-only-and-pd",
    messages: &[(
        R::ALL,
        "Cannot set --encoder-only and --disaggregation-mode prefill/decode together",
    )],
    sources: &[
        (R::until(V20), HOOK, 203),
        (R::only(V21), HOOK, 244),
        (R::only(V22), HOOK, 303),
        (R::since(V23), HOOK, 312),
    ],
    title: doc!("--encoder-only cannot be a PD prefill or decode server"),
    explanation: doc!(
        "Encoder disaggregation and prefill/decode disaggregation are separate roles."
    ),
    trigger: doc!("--encoder-only with --disaggregation-mode prefill or decode."),
    solutions: doc_list!["Drop --disaggregation-mode on the encoder server."],
    flags: &["encoder_only", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen2VLForConditionalGeneration","encoder_only":true,"disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"Qwen2VLForConditionalGeneration","encoder_only":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Encoder disaggregation supports a fixed list of multimodal architectures.
pub static ENCODER_ARCH: RuleInfo = RuleInfo {
    code: "PD019",
    name: "encoder-disaggregation-architecture",
    messages: &[
        (
            R::until(V19),
            "Model type {model_arch} is not supported for encoder disaggregation. Supported architectures: Qwen2VL, Qwen3VL, Qwen3.5, InternS2, Qwen2Audio, Qwen2.5Omni, Dots3-Note, Kimi, MiMoV2.",
        ),
        (
            R::between(V20, V22),
            "Model type {model_arch} is not supported for encoder disaggregation. Supported architectures: Qwen2VL, Qwen3VL, Qwen3.5, InternS2, Qwen2Audio, Qwen2.5Omni, Dots3-Note, Kimi, MiMoV2, GLM5Next.",
        ),
        (
            R::since(V23),
            "Model type {model_arch} is not supported for encoder disaggregation. Supported architectures: Qwen2VL, Qwen3VL, Qwen3.5, InternS2, Qwen2Audio, Qwen2.5Omni, Dots3-Note, Kimi, MiMoV2, GLM5Next, MiniMax-M3, MuseSpark.",
        ),
    ],
    sources: &[
        (R::until(V19), HOOK, 260),
        (R::only(V20), HOOK, 261),
        (R::only(V21), HOOK, 302),
        (R::only(V22), HOOK, 361),
        (R::since(V23), HOOK, 372),
    ],
    title: doc!("Encoder disaggregation supports a fixed list of multimodal architectures"),
    explanation: doc!(
        "--encoder-only and --language-only work only for the multimodal architectures SGLang lists (Qwen2-VL family, Qwen3.5, InternS2, Qwen2-Audio, Qwen2.5-Omni, Dots3-Note, Kimi VL/K2.5/K3, MiMo-V2; GLM5-Next from 0.5.20; MiniMax-M3 and Muse Spark from 0.5.23)."
    ),
    trigger: doc!("--encoder-only or --language-only with another architecture."),
    solutions: doc_list!["Drop --encoder-only / --language-only."],
    flags: &["encoder_only", "language_only", "arch"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","encoder_only":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A Muse Spark language-only server cannot dispatch to local encoders.
pub static MUSE_ADAPTIVE: RuleInfo = RuleInfo {
    code: "PD020",
    name: "muse-language-only-adaptive-dispatch",
    versions: R::since(V23),
    messages: &[(
        R::since(V23),
        "Muse language-only servers do not load local encoders; --enable-adaptive-dispatch-to-encoder is not supported.",
    )],
    sources: &[(R::since(V23), HOOK, 383)],
    title: doc!("A Muse Spark language-only server cannot dispatch to local encoders"),
    explanation: doc!(
        "Muse language-only servers load no local encoder, so --enable-adaptive-dispatch-to-encoder is refused (0.5.23)."
    ),
    trigger: doc!(
        "MuseSparkForConditionalGeneration with --language-only and --enable-adaptive-dispatch-to-encoder."
    ),
    solutions: doc_list!["Drop --enable-adaptive-dispatch-to-encoder."],
    flags: &["enable_adaptive_dispatch_to_encoder"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"MuseSparkForConditionalGeneration","language_only":true,"enable_adaptive_dispatch_to_encoder":true}"#,
        r#"{"gpu":"H100","arch":"MuseSparkForConditionalGeneration","language_only":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// `mooncake_tcp` → mooncake with MC_FORCE_TCP=1.
pub static MOONCAKE_TCP: RuleInfo = RuleInfo {
    code: "PD101",
    name: "pd-mooncake-tcp",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        R::ALL,
        "disaggregation transfer backend 'mooncake_tcp' -> mooncake with MC_FORCE_TCP=1 (TCP transport, no RDMA)",
    )],
    sources: &[(R::until(V21), HOOK, 41), (R::since(V22), HOOK, 42)],
    title: doc!("mooncake_tcp is mooncake with the TCP transport"),
    explanation: doc!(
        "SGLang rewrites --disaggregation-transfer-backend mooncake_tcp to mooncake, sets MC_FORCE_TCP=1 (unless set) and clears --disaggregation-ib-device."
    ),
    trigger: doc!("--disaggregation-transfer-backend mooncake_tcp."),
    flags: &["disaggregation_transfer_backend"],
    ..RuleInfo::BASE
};

/// DCP on a prefill server.
pub static PREFILL_DCP: RuleInfo = RuleInfo {
    code: "PD102",
    name: "pd-prefill-dcp",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        R::ALL,
        "DCP on a PD prefill server is supported when prefill and decode use the same DCP layout, but it usually adds communication overhead without improving prefill performance.",
    )],
    sources: &[(R::until(V21), HOOK, 47), (R::since(V22), HOOK, 58)],
    title: doc!("DCP on a prefill server rarely helps"),
    explanation: doc!(
        "Decode context parallelism on a PD prefill server works when both sides use the same DCP layout, but usually only adds communication."
    ),
    trigger: doc!("--disaggregation-mode prefill with --dcp-size > 1."),
    flags: &["dcp_size"],
    ..RuleInfo::BASE
};

/// A decode server's radix cache is turned off.
pub static DECODE_RADIX_OFF: RuleInfo = RuleInfo {
    code: "PD103",
    name: "pd-decode-radix-cache-disabled",
    severity: Severity::Warning,
    exception: None,
    messages: &[
        (
            R::until(V21),
            "KV cache is forced as chunk cache for decode server",
        ),
        (R::since(V22), "Radix cache is disabled for decode server"),
    ],
    sources: &[
        (R::until(V20), HOOK, 113),
        (R::only(V21), HOOK, 121),
        (R::only(V22), HOOK, 134),
        (R::since(V23), HOOK, 127),
    ],
    title: doc!("A PD decode server runs without the radix cache"),
    explanation: doc!(
        "Unless --disaggregation-decode-enable-radix-cache is given, SGLang sets disable_radix_cache=True on a decode server (the prefix cache lives on the prefill side)."
    ),
    trigger: doc!(
        "--disaggregation-mode decode without --disaggregation-decode-enable-radix-cache."
    ),
    flags: &["disaggregation_decode_enable_radix_cache"],
    ..RuleInfo::BASE
};

/// The experimental decode radix cache is on.
pub static DECODE_RADIX_ON: RuleInfo = RuleInfo {
    code: "PD104",
    name: "pd-decode-radix-cache-enabled",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        R::ALL,
        "EXPERIMENTAL: Radix cache is enabled for decode server",
    )],
    sources: &[
        (R::until(V20), HOOK, 106),
        (R::only(V21), HOOK, 114),
        (R::only(V22), HOOK, 127),
        (R::since(V23), HOOK, 120),
    ],
    title: doc!("The decode radix cache is experimental"),
    explanation: doc!(
        "With --disaggregation-decode-enable-radix-cache SGLang sets disable_radix_cache=False on the decode server and warns that the feature is experimental."
    ),
    trigger: doc!("--disaggregation-mode decode with --disaggregation-decode-enable-radix-cache."),
    flags: &["disaggregation_decode_enable_radix_cache"],
    ..RuleInfo::BASE
};

/// The decode radix cache with DP attention.
pub static DECODE_RADIX_DP: RuleInfo = RuleInfo {
    code: "PD105",
    name: "pd-decode-radix-cache-dp-attention",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        R::ALL,
        "EXPERIMENTAL: Decode radix cache with DP attention. Requires prefix-aware DP rank routing for optimal cache hits.",
    )],
    sources: &[
        (R::until(V20), HOOK, 97),
        (R::only(V21), HOOK, 105),
        (R::only(V22), HOOK, 118),
        (R::since(V23), HOOK, 111),
    ],
    title: doc!("The decode radix cache with DP attention needs prefix-aware routing"),
    explanation: doc!(
        "With DP attention each DP rank has its own decode radix cache; cache hits need a router that sends a prefix to the same rank."
    ),
    trigger: doc!(
        "--disaggregation-mode decode, --disaggregation-decode-enable-radix-cache and DP attention."
    ),
    flags: &["enable_dp_attention"],
    ..RuleInfo::BASE
};

/// Every rule of the module.
pub static RULES: &[&RuleInfo] = &[
    &DECODE_DCP_BACKEND,
    &DECODE_DCP_RADIX,
    &DECODE_DCP_HICACHE,
    &DECODE_RADIX_HISPARSE,
    &DECODE_RADIX_FAKE,
    &DECODE_RADIX_SPEC,
    &PREFILL_FAKE,
    &STAGING_BUFFER,
    &RUST_SERVER_PORT,
    &HOST_RECEIVE_RANGE,
    &HOST_RECEIVE_HISPARSE,
    &HOST_RECEIVE_RETRACTION,
    &ROLE_SWITCH,
    &PREFILL_COMPLETE,
    &PREFIX_MM_CACHE,
    &ENCODER_AND_LANGUAGE,
    &ENCODER_AND_PD,
    &ENCODER_ARCH,
    &MUSE_ADAPTIVE,
    &MOONCAKE_TCP,
    &PREFILL_DCP,
    &DECODE_RADIX_OFF,
    &DECODE_RADIX_ON,
    &DECODE_RADIX_DP,
];

/// PD checks deliberately not modelled (none: every raise of the hook is a rule).
pub static UNMODELLED: &[Unmodelled] = &[];
