//! Serving surface: TLS, HTTP/2, ASR, gRPC and sidecar, tokenizer batching, multimodal feature
//! transport and the late validations (`arg_groups/serving_hook.py`).

use super::{RuleInfo, Unmodelled};
use crate::report::Stage;
use crate::version::{SglangVersion, VersionRange as R};

const HOOK: &str = "python/sglang/srt/arg_groups/serving_hook.py";
const MEM: &str = "python/sglang/srt/arg_groups/memory_hook.py";
const CG: &str = "python/sglang/srt/arg_groups/cuda_graph_hook.py";
const SA: &str = "python/sglang/srt/server_args.py";

const V19: SglangVersion = SglangVersion::V0_5_19;
const V20: SglangVersion = SglangVersion::V0_5_20;
const V21: SglangVersion = SglangVersion::V0_5_21;
const V22: SglangVersion = SglangVersion::V0_5_22;
const V23: SglangVersion = SglangVersion::V0_5_23;

/// --mm-preprocess-cache-size-mb must be non-negative.
pub static MM_CACHE_NEGATIVE: RuleInfo = RuleInfo {
    code: "SRV001",
    name: "mm-preprocess-cache-negative",
    messages: &[(R::ALL, "mm_preprocess_cache_size_mb must be non-negative")],
    sources: &[
        (R::until(V19), HOOK, 123),
        (R::only(V20), HOOK, 124),
        (R::only(V21), HOOK, 123),
        (R::only(V22), HOOK, 138),
        (R::since(V23), HOOK, 145),
    ],
    title: doc!("--mm-preprocess-cache-size-mb must be non-negative"),
    explanation: doc!(
        "The multimodal preprocessing cache size is a size in MiB; SGLang refuses a negative one before loading the model."
    ),
    trigger: doc!("--mm-preprocess-cache-size-mb below 0."),
    solutions: doc_list!["Use 0 (no cache) or a positive size."],
    flags: &["mm_preprocess_cache_size_mb"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mm_preprocess_cache_size_mb":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --ssl-keyfile needs --ssl-certfile.
pub static SSL_KEY_NO_CERT: RuleInfo = RuleInfo {
    code: "SRV002",
    name: "ssl-keyfile-without-certfile",
    messages: &[(
        R::ALL,
        "--ssl-keyfile requires --ssl-certfile to be specified as well.",
    )],
    sources: &[
        (R::until(V19), HOOK, 36),
        (R::only(V20), HOOK, 37),
        (R::only(V21), HOOK, 36),
        (R::since(V22), HOOK, 51),
    ],
    title: doc!("--ssl-keyfile needs --ssl-certfile"),
    explanation: doc!("HTTPS needs both the private key and the certificate."),
    trigger: doc!("--ssl-keyfile without --ssl-certfile."),
    solutions: doc_list!["Add --ssl-certfile.", "Drop --ssl-keyfile."],
    flags: &["ssl_keyfile", "ssl_certfile"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","ssl_keyfile":"/etc/ssl/key.pem"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --ssl-certfile needs --ssl-keyfile.
pub static SSL_CERT_NO_KEY: RuleInfo = RuleInfo {
    code: "SRV003",
    name: "ssl-certfile-without-keyfile",
    messages: &[(
        R::ALL,
        "--ssl-certfile requires --ssl-keyfile to be specified as well.",
    )],
    sources: &[
        (R::until(V19), HOOK, 40),
        (R::only(V20), HOOK, 41),
        (R::only(V21), HOOK, 40),
        (R::since(V22), HOOK, 55),
    ],
    title: doc!("--ssl-certfile needs --ssl-keyfile"),
    explanation: doc!("HTTPS needs both the certificate and the private key."),
    trigger: doc!("--ssl-certfile without --ssl-keyfile."),
    solutions: doc_list!["Add --ssl-keyfile.", "Drop --ssl-certfile."],
    flags: &["ssl_certfile", "ssl_keyfile"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","ssl_certfile":"/etc/ssl/cert.pem"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --ssl-ca-certs needs --ssl-certfile and --ssl-keyfile.
pub static SSL_CA_ALONE: RuleInfo = RuleInfo {
    code: "SRV004",
    name: "ssl-ca-certs-without-tls",
    messages: &[(
        R::ALL,
        "--ssl-ca-certs has no effect without --ssl-certfile and --ssl-keyfile.",
    )],
    sources: &[
        (R::until(V19), HOOK, 45),
        (R::only(V20), HOOK, 46),
        (R::only(V21), HOOK, 45),
        (R::since(V22), HOOK, 60),
    ],
    title: doc!("--ssl-ca-certs needs --ssl-certfile and --ssl-keyfile"),
    explanation: doc!(
        "CA certificates only matter when the server runs HTTPS; SGLang refuses the flag alone rather than ignore it."
    ),
    trigger: doc!("--ssl-ca-certs without --ssl-certfile and --ssl-keyfile."),
    solutions: doc_list![
        "Drop --ssl-ca-certs.",
        "Add --ssl-certfile and --ssl-keyfile.",
    ],
    flags: &["ssl_ca_certs"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","ssl_ca_certs":"/etc/ssl/ca.pem"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --ssl-keyfile-password needs --ssl-certfile and --ssl-keyfile.
pub static SSL_PASSWORD_ALONE: RuleInfo = RuleInfo {
    code: "SRV005",
    name: "ssl-keyfile-password-without-tls",
    messages: &[(
        R::ALL,
        "--ssl-keyfile-password has no effect without --ssl-certfile and --ssl-keyfile.",
    )],
    sources: &[
        (R::until(V19), HOOK, 49),
        (R::only(V20), HOOK, 50),
        (R::only(V21), HOOK, 49),
        (R::since(V22), HOOK, 64),
    ],
    title: doc!("--ssl-keyfile-password needs --ssl-certfile and --ssl-keyfile"),
    explanation: doc!(
        "A key-file password only matters with a key file; SGLang refuses the flag alone."
    ),
    trigger: doc!("--ssl-keyfile-password without --ssl-certfile and --ssl-keyfile."),
    solutions: doc_list!["Drop --ssl-keyfile-password."],
    flags: &["ssl_keyfile_password"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","ssl_keyfile_password":"secret"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-ssl-refresh needs --ssl-certfile and --ssl-keyfile.
pub static SSL_REFRESH_NO_TLS: RuleInfo = RuleInfo {
    code: "SRV006",
    name: "ssl-refresh-without-tls",
    messages: &[(
        R::ALL,
        "--enable-ssl-refresh requires --ssl-certfile and --ssl-keyfile to be specified.",
    )],
    sources: &[
        (R::until(V19), HOOK, 69),
        (R::only(V20), HOOK, 70),
        (R::only(V21), HOOK, 69),
        (R::since(V22), HOOK, 84),
    ],
    title: doc!("--enable-ssl-refresh needs --ssl-certfile and --ssl-keyfile"),
    explanation: doc!(
        "Certificate hot-reloading watches the certificate and key files; without them there is nothing to refresh."
    ),
    trigger: doc!("--enable-ssl-refresh without --ssl-certfile and --ssl-keyfile."),
    solutions: doc_list!["Drop --enable-ssl-refresh."],
    flags: &["enable_ssl_refresh"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_ssl_refresh":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-http-worker-reuseport needs several tokenizer workers and no HTTP/2.
pub static REUSEPORT: RuleInfo = RuleInfo {
    code: "SRV007",
    name: "http-worker-reuseport",
    versions: R::since(V23),
    messages: &[(
        R::since(V23),
        "--enable-http-worker-reuseport requires --tokenizer-worker-num > 1 and has no effect with --enable-http2.",
    )],
    sources: &[(R::since(V23), HOOK, 91)],
    title: doc!("--enable-http-worker-reuseport needs several tokenizer workers and no HTTP/2"),
    explanation: doc!(
        "SO_REUSEPORT lets several HTTP worker processes share the port; with one tokenizer worker or with Granian (HTTP/2) it does nothing, and SGLang refuses it (0.5.23)."
    ),
    trigger: doc!(
        "--enable-http-worker-reuseport with --tokenizer-worker-num 1 or --enable-http2."
    ),
    solutions: doc_list![
        "Set --tokenizer-worker-num > 1.",
        "Drop --enable-http-worker-reuseport.",
    ],
    flags: &["enable_http_worker_reuseport", "tokenizer_worker_num"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_http_worker_reuseport":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_http_worker_reuseport":true,"tokenizer_worker_num":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --http2-max-concurrent-streams must be between 1 and 4294967295.
pub static HTTP2_STREAMS: RuleInfo = RuleInfo {
    code: "SRV008",
    name: "http2-max-concurrent-streams",
    messages: &[(
        R::ALL,
        "--http2-max-concurrent-streams must be between 1 and 4294967295.",
    )],
    sources: &[
        (R::until(V19), HOOK, 76),
        (R::only(V20), HOOK, 77),
        (R::only(V21), HOOK, 76),
        (R::only(V22), HOOK, 91),
        (R::since(V23), HOOK, 98),
    ],
    title: doc!("--http2-max-concurrent-streams must be between 1 and 4294967295"),
    explanation: doc!("The HTTP/2 stream limit is a 32-bit unsigned setting."),
    trigger: doc!("--enable-http2 with --http2-max-concurrent-streams outside 1..4294967295."),
    solutions: doc_list!["Use a value in 1..4294967295 (default 200)."],
    flags: &["http2_max_concurrent_streams"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_http2":true,"http2_max_concurrent_streams":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --http2-initial-connection-window-size must be between 1024 and 2147483647.
pub static HTTP2_WINDOW: RuleInfo = RuleInfo {
    code: "SRV009",
    name: "http2-initial-connection-window-size",
    messages: &[(
        R::ALL,
        "--http2-initial-connection-window-size must be between 1024 and 2147483647.",
    )],
    sources: &[
        (R::until(V19), HOOK, 80),
        (R::only(V20), HOOK, 81),
        (R::only(V21), HOOK, 80),
        (R::only(V22), HOOK, 95),
        (R::since(V23), HOOK, 102),
    ],
    title: doc!("--http2-initial-connection-window-size must be between 1024 and 2147483647"),
    explanation: doc!("The HTTP/2 flow-control window is bounded by the protocol."),
    trigger: doc!(
        "--enable-http2 with --http2-initial-connection-window-size outside 1024..2147483647."
    ),
    solutions: doc_list!["Use a value in 1024..2147483647 (default 1048576)."],
    flags: &["http2_initial_connection_window_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_http2":true,"http2_initial_connection_window_size":512}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --asr-max-buffer-seconds must be positive.
pub static ASR_BUFFER: RuleInfo = RuleInfo {
    code: "SRV010",
    name: "asr-max-buffer-seconds",
    messages: &[(
        R::ALL,
        "--asr-max-buffer-seconds must be positive (got {cfg.asr_max_buffer_seconds}).",
    )],
    sources: &[
        (R::until(V19), HOOK, 105),
        (R::only(V20), HOOK, 106),
        (R::only(V21), HOOK, 105),
        (R::only(V22), HOOK, 120),
        (R::since(V23), HOOK, 127),
    ],
    title: doc!("--asr-max-buffer-seconds must be positive"),
    explanation: doc!("The streaming-transcription audio buffer length must be positive."),
    trigger: doc!("--asr-max-buffer-seconds <= 0."),
    solutions: doc_list!["Use a positive value (default 60)."],
    flags: &["asr_max_buffer_seconds"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","asr_max_buffer_seconds":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --asr-max-concurrent-sessions must be positive.
pub static ASR_SESSIONS: RuleInfo = RuleInfo {
    code: "SRV011",
    name: "asr-max-concurrent-sessions",
    messages: &[(
        R::ALL,
        "--asr-max-concurrent-sessions must be positive (got {cfg.asr_max_concurrent_sessions}).",
    )],
    sources: &[
        (R::until(V19), HOOK, 110),
        (R::only(V20), HOOK, 111),
        (R::only(V21), HOOK, 110),
        (R::only(V22), HOOK, 125),
        (R::since(V23), HOOK, 132),
    ],
    title: doc!("--asr-max-concurrent-sessions must be positive"),
    explanation: doc!(
        "The number of concurrent streaming-transcription sessions must be positive."
    ),
    trigger: doc!("--asr-max-concurrent-sessions <= 0."),
    solutions: doc_list!["Use a positive value (default 32)."],
    flags: &["asr_max_concurrent_sessions"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","asr_max_concurrent_sessions":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --disable-fast-image-processor conflicts with --image-processor-backend torchvision.
pub static FAST_IMAGE_PROCESSOR: RuleInfo = RuleInfo {
    code: "SRV012",
    name: "disable-fast-image-processor-conflict",
    messages: &[(
        R::ALL,
        "--disable-fast-image-processor conflicts with --image-processor-backend={cfg.image_processor_backend}.",
    )],
    sources: &[
        (R::until(V19), HOOK, 238),
        (R::only(V20), HOOK, 239),
        (R::only(V21), HOOK, 238),
        (R::only(V22), HOOK, 253),
        (R::since(V23), HOOK, 260),
    ],
    title: doc!(
        "--disable-fast-image-processor conflicts with --image-processor-backend torchvision"
    ),
    explanation: doc!(
        "The deprecated --disable-fast-image-processor means --image-processor-backend pil; with another explicit backend SGLang refuses the pair."
    ),
    trigger: doc!("--disable-fast-image-processor with --image-processor-backend torchvision."),
    solutions: doc_list!["Drop --disable-fast-image-processor and use --image-processor-backend."],
    flags: &["disable_fast_image_processor", "image_processor_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disable_fast_image_processor":true,"image_processor_backend":"torchvision"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","image_processor_backend":"torchvision"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --grpc-response-timeout-secs must be positive.
pub static GRPC_TIMEOUT: RuleInfo = RuleInfo {
    code: "SRV013",
    name: "grpc-response-timeout",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "--grpc-response-timeout-secs must be positive",
    )],
    sources: &[
        (R::only(V21), HOOK, 338),
        (R::only(V22), HOOK, 353),
        (R::since(V23), HOOK, 379),
    ],
    title: doc!("--grpc-response-timeout-secs must be positive"),
    explanation: doc!("The gRPC response timeout is checked on every launch (0.5.21+)."),
    trigger: doc!("--grpc-response-timeout-secs <= 0."),
    solutions: doc_list!["Use a positive timeout (default 300)."],
    flags: &["grpc_response_timeout_secs"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_response_timeout_secs":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The gRPC port must be between 1 and 65535.
pub static GRPC_PORT_RANGE: RuleInfo = RuleInfo {
    code: "SRV014",
    name: "grpc-port-range",
    messages: &[(
        R::ALL,
        "--grpc-port / SGLANG_GRPC_PORT ({cfg.grpc_port}) must be between 1 and 65535",
    )],
    sources: &[
        (R::until(V19), HOOK, 339),
        (R::only(V20), HOOK, 340),
        (R::only(V21), HOOK, 342),
        (R::only(V22), HOOK, 357),
        (R::since(V23), HOOK, 383),
    ],
    title: doc!("The gRPC port must be between 1 and 65535"),
    explanation: doc!(
        "--grpc-port, else SGLANG_GRPC_PORT, else (with --smg-grpc-mode / --grpc-mode) --port + 10000 must be a valid TCP port: a legacy gRPC launch with --port above 55535 fails here."
    ),
    trigger: doc!("A gRPC port outside 1..65535."),
    solutions: doc_list![
        "Give --grpc-port in 1..65535.",
        "Use a lower --port with --smg-grpc-mode.",
    ],
    flags: &["grpc_port", "port", "smg_grpc_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":70000}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_GRPC_WORKER_THREADS must be at least 1.
pub static GRPC_THREADS: RuleInfo = RuleInfo {
    code: "SRV015",
    name: "grpc-worker-threads",
    messages: &[(
        R::ALL,
        "SGLANG_GRPC_WORKER_THREADS ({cfg.grpc_worker_threads}) must be >= 1",
    )],
    sources: &[
        (R::until(V19), HOOK, 344),
        (R::only(V20), HOOK, 345),
        (R::only(V21), HOOK, 347),
        (R::only(V22), HOOK, 362),
        (R::since(V23), HOOK, 388),
    ],
    title: doc!("SGLANG_GRPC_WORKER_THREADS must be at least 1"),
    explanation: doc!(
        "With a gRPC port, the native gRPC server needs at least one worker thread (SGLANG_GRPC_WORKER_THREADS, default 4)."
    ),
    trigger: doc!("A gRPC port and SGLANG_GRPC_WORKER_THREADS < 1."),
    solutions: doc_list!["Unset SGLANG_GRPC_WORKER_THREADS or set it >= 1."],
    flags: &["env.SGLANG_GRPC_WORKER_THREADS", "grpc_port"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051,"env":{"SGLANG_GRPC_WORKER_THREADS":"0"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051}"#,
    ))),
    ..RuleInfo::BASE
};

/// --sidecar-args needs --sidecar.
pub static SIDECAR_ARGS_ALONE: RuleInfo = RuleInfo {
    code: "SRV016",
    name: "sidecar-args-without-sidecar",
    messages: &[(R::ALL, "--sidecar-args requires --sidecar.")],
    sources: &[
        (R::until(V20), HOOK, 354),
        (R::only(V21), HOOK, 356),
        (R::only(V22), HOOK, 371),
        (R::since(V23), HOOK, 397),
    ],
    title: doc!("--sidecar-args needs --sidecar"),
    explanation: doc!(
        "Sidecar arguments are passed to the --sidecar program; without it they are refused."
    ),
    trigger: doc!("--sidecar-args without --sidecar."),
    solutions: doc_list!["Add --sidecar.", "Drop --sidecar-args."],
    flags: &["sidecar_args", "sidecar"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sidecar_args":["--x"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --sidecar must not be empty.
pub static SIDECAR_EMPTY: RuleInfo = RuleInfo {
    code: "SRV017",
    name: "sidecar-empty",
    messages: &[(R::ALL, "--sidecar must not be empty.")],
    sources: &[
        (R::until(V20), HOOK, 361),
        (R::only(V21), HOOK, 363),
        (R::only(V22), HOOK, 378),
        (R::since(V23), HOOK, 404),
    ],
    title: doc!("--sidecar must not be empty"),
    explanation: doc!(
        "--sidecar names the program to run beside the server; an empty or blank value is refused."
    ),
    trigger: doc!(r#"--sidecar "" (or only whitespace)."#),
    solutions: doc_list!["Give the sidecar command, or drop --sidecar."],
    flags: &["sidecar"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sidecar":" "}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --sidecar needs the native gRPC server, not --smg-grpc-mode / --grpc-mode.
pub static SIDECAR_LEGACY_GRPC: RuleInfo = RuleInfo {
    code: "SRV018",
    name: "sidecar-legacy-grpc",
    messages: &[(
        R::ALL,
        "--sidecar requires SGLang's native gRPC server; it cannot be combined with --smg-grpc-mode/--grpc-mode.",
    )],
    sources: &[
        (R::until(V20), HOOK, 363),
        (R::only(V21), HOOK, 365),
        (R::only(V22), HOOK, 380),
        (R::since(V23), HOOK, 406),
    ],
    title: doc!("--sidecar needs the native gRPC server, not --smg-grpc-mode / --grpc-mode"),
    explanation: doc!(
        "The sidecar lifecycle is driven by SGLang's native gRPC server; the legacy SMG gRPC mode does not run it."
    ),
    trigger: doc!("--sidecar with --smg-grpc-mode or --grpc-mode."),
    solutions: doc_list!["Use --grpc-port instead of --smg-grpc-mode."],
    flags: &["sidecar", "smg_grpc_mode", "grpc_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sidecar":"my-sidecar","smg_grpc_mode":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sidecar":"my-sidecar","grpc_port":50051}"#,
    ))),
    ..RuleInfo::BASE
};

/// --sidecar needs --grpc-port (or SGLANG_GRPC_PORT).
pub static SIDECAR_NO_GRPC: RuleInfo = RuleInfo {
    code: "SRV019",
    name: "sidecar-without-grpc-port",
    messages: &[(
        R::ALL,
        "--sidecar requires --grpc-port or SGLANG_GRPC_PORT.",
    )],
    sources: &[
        (R::until(V20), HOOK, 368),
        (R::only(V21), HOOK, 370),
        (R::only(V22), HOOK, 385),
        (R::since(V23), HOOK, 411),
    ],
    title: doc!("--sidecar needs --grpc-port (or SGLANG_GRPC_PORT)"),
    explanation: doc!(
        "The sidecar talks to the native gRPC server, which runs only with a gRPC port."
    ),
    trigger: doc!("--sidecar without --grpc-port or SGLANG_GRPC_PORT."),
    solutions: doc_list!["Add --grpc-port."],
    flags: &["sidecar", "grpc_port"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sidecar":"my-sidecar"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sidecar":"my-sidecar","grpc_port":50051}"#,
    ))),
    ..RuleInfo::BASE
};

/// --sidecar cannot run with SGLANG_RUST_SERVER (0.5.22).
pub static SIDECAR_RUST: RuleInfo = RuleInfo {
    code: "SRV020",
    name: "sidecar-rust-server",
    versions: R::only(V22),
    messages: &[(
        R::only(V22),
        "--sidecar is not yet supported with SGLANG_RUST_SERVER: Rust-server mode does not run the Python sidecar lifecycle.",
    )],
    sources: &[(R::only(V22), HOOK, 387)],
    title: doc!("--sidecar cannot run with SGLANG_RUST_SERVER (0.5.22)"),
    explanation: doc!("In 0.5.22 the Rust-server mode does not run the Python sidecar lifecycle."),
    trigger: doc!("--sidecar with a gRPC port and SGLANG_RUST_SERVER true (SGLang 0.5.22)."),
    solutions: doc_list!["Unset SGLANG_RUST_SERVER.", "Drop --sidecar."],
    flags: &["sidecar", "env.SGLANG_RUST_SERVER"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sidecar":"my-sidecar","grpc_port":50051,"env":{"SGLANG_RUST_SERVER":"1"},"sglang":"0.5.22"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sidecar":"my-sidecar","grpc_port":50051,"sglang":"0.5.22"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The native gRPC server cannot run with --use-ray.
pub static GRPC_RAY: RuleInfo = RuleInfo {
    code: "SRV021",
    name: "grpc-port-use-ray",
    messages: &[(
        R::ALL,
        "--grpc-port is not supported with --use-ray: the Ray serve launch path does not start the native gRPC server.",
    )],
    sources: &[
        (R::until(V20), HOOK, 371),
        (R::only(V21), HOOK, 373),
        (R::only(V22), HOOK, 393),
        (R::since(V23), HOOK, 414),
    ],
    title: doc!("The native gRPC server cannot run with --use-ray"),
    explanation: doc!("The Ray serve launch path does not start the native gRPC server."),
    trigger: doc!("--grpc-port (or SGLANG_GRPC_PORT) without legacy gRPC mode, and --use-ray."),
    solutions: doc_list!["Drop --grpc-port.", "Drop --use-ray."],
    flags: &["grpc_port", "use_ray"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051,"use_ray":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051}"#,
    ))),
    ..RuleInfo::BASE
};

/// The native gRPC server cannot run with --encoder-only.
pub static GRPC_ENCODER_ONLY: RuleInfo = RuleInfo {
    code: "SRV022",
    name: "grpc-port-encoder-only",
    messages: &[(
        R::ALL,
        "--grpc-port is not supported with --encoder-only: encoder disaggregation uses its own server.",
    )],
    sources: &[
        (R::until(V20), HOOK, 376),
        (R::only(V21), HOOK, 378),
        (R::only(V22), HOOK, 398),
        (R::since(V23), HOOK, 419),
    ],
    title: doc!("The native gRPC server cannot run with --encoder-only"),
    explanation: doc!("Encoder disaggregation serves through its own server."),
    trigger: doc!("--grpc-port (native gRPC) with --encoder-only."),
    solutions: doc_list!["Drop --grpc-port."],
    flags: &["grpc_port", "encoder_only"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051,"encoder_only":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051}"#,
    ))),
    ..RuleInfo::BASE
};

/// The native gRPC server supports one tokenizer worker only.
pub static GRPC_TOKENIZER_WORKERS: RuleInfo = RuleInfo {
    code: "SRV023",
    name: "grpc-port-tokenizer-workers",
    messages: &[(
        R::ALL,
        "Native gRPC does not yet support --tokenizer-worker-num > 1. Unset --grpc-port or set --tokenizer-worker-num 1.",
    )],
    sources: &[
        (R::until(V20), HOOK, 381),
        (R::only(V21), HOOK, 383),
        (R::only(V22), HOOK, 403),
        (R::since(V23), HOOK, 424),
    ],
    title: doc!("The native gRPC server supports one tokenizer worker only"),
    explanation: doc!("Native gRPC runs in the single tokenizer process."),
    trigger: doc!("--grpc-port (native gRPC) with --tokenizer-worker-num > 1."),
    solutions: doc_list!["Set --tokenizer-worker-num 1.", "Drop --grpc-port."],
    flags: &["grpc_port", "tokenizer_worker_num"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051,"tokenizer_worker_num":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051}"#,
    ))),
    ..RuleInfo::BASE
};

/// The native gRPC server cannot be combined with --api-key / --admin-api-key.
pub static GRPC_API_KEY: RuleInfo = RuleInfo {
    code: "SRV024",
    name: "grpc-port-api-key",
    messages: &[(
        R::ALL,
        "--grpc-port is incompatible with --api-key/--admin-api-key: the native gRPC listener bypasses HTTP auth middleware.",
    )],
    sources: &[
        (R::until(V20), HOOK, 386),
        (R::only(V21), HOOK, 388),
        (R::only(V22), HOOK, 408),
        (R::since(V23), HOOK, 429),
    ],
    title: doc!("The native gRPC server cannot be combined with --api-key / --admin-api-key"),
    explanation: doc!(
        "The native gRPC listener bypasses the HTTP authentication middleware, so SGLang refuses to open it on a server that expects API keys."
    ),
    trigger: doc!("--grpc-port (native gRPC) with --api-key or --admin-api-key."),
    solutions: doc_list!["Drop --grpc-port.", "Drop the API keys."],
    flags: &["grpc_port", "api_key", "admin_api_key"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051,"api_key":"k"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":50051}"#,
    ))),
    ..RuleInfo::BASE
};

/// Choose one tokenizer batching approach.
pub static TOKENIZER_BATCHING: RuleInfo = RuleInfo {
    code: "SRV025",
    name: "tokenizer-batching-both",
    messages: &[(
        R::ALL,
        "Cannot enable both --enable-tokenizer-batch-encode and --enable-dynamic-batch-tokenizer. Please choose one tokenizer batching approach.",
    )],
    sources: &[
        (R::until(V19), HOOK, 701),
        (R::between(V20, V21), HOOK, 700),
        (R::only(V22), HOOK, 736),
        (R::since(V23), HOOK, 757),
    ],
    title: doc!("Choose one tokenizer batching approach"),
    explanation: doc!(
        "--enable-tokenizer-batch-encode and --enable-dynamic-batch-tokenizer are two alternative ways to batch tokenization."
    ),
    trigger: doc!("Both --enable-tokenizer-batch-encode and --enable-dynamic-batch-tokenizer."),
    solutions: doc_list!["Drop one of them."],
    flags: &[
        "enable_tokenizer_batch_encode",
        "enable_dynamic_batch_tokenizer",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_tokenizer_batch_encode":true,"enable_dynamic_batch_tokenizer":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_dynamic_batch_tokenizer":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-deepseek-v4-fp4-indexer needs SM100, SM120 (or, from 0.5.20, gfx95) GPUs.
pub static FP4_INDEXER: RuleInfo = RuleInfo {
    code: "SRV026",
    name: "deepseek-v4-fp4-indexer-platform",
    messages: &[
        (
            R::until(V19),
            "--enable-deepseek-v4-fp4-indexer requires SM100 or SM120 GPUs with DeepGEMM FP4 indexer support.",
        ),
        (
            R::since(V20),
            "--enable-deepseek-v4-fp4-indexer requires SM100, SM120, or gfx95 GPUs with FP4 indexer support.",
        ),
    ],
    sources: &[
        (R::until(V20), HOOK, 424),
        (R::only(V21), HOOK, 426),
        (R::only(V22), HOOK, 446),
        (R::since(V23), HOOK, 467),
    ],
    title: doc!(
        "--enable-deepseek-v4-fp4-indexer needs SM100, SM120 (or, from 0.5.20, gfx95) GPUs"
    ),
    explanation: doc!(
        "The FP4 indexer kernels exist for Blackwell (SM100, SM120) and, from 0.5.20, AMD gfx95 (MI355X); elsewhere SGLang refuses the flag."
    ),
    trigger: doc!("--enable-deepseek-v4-fp4-indexer on another GPU."),
    solutions: doc_list![
        "Drop --enable-deepseek-v4-fp4-indexer.",
        "Run on B200/GB200 or an SM120 GPU.",
    ],
    flags: &["enable_deepseek_v4_fp4_indexer", "gpu"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_deepseek_v4_fp4_indexer":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mm-feature-transport cuda_vmm needs NVIDIA CUDA.
pub static MM_TRANSPORT_VMM_CUDA: RuleInfo = RuleInfo {
    code: "SRV027",
    name: "mm-transport-cuda-vmm-platform",
    messages: &[(
        R::ALL,
        "--mm-feature-transport=cuda_vmm requires NVIDIA CUDA.",
    )],
    sources: &[
        (R::until(V19), HOOK, 850),
        (R::only(V20), HOOK, 849),
        (R::only(V21), HOOK, 836),
        (R::only(V22), HOOK, 872),
        (R::since(V23), HOOK, 893),
    ],
    title: doc!("--mm-feature-transport cuda_vmm needs NVIDIA CUDA"),
    explanation: doc!("CUDA VMM sharing of multimodal features exists on NVIDIA GPUs only."),
    trigger: doc!("--mm-feature-transport cuda_vmm on a ROCm GPU."),
    solutions: doc_list!["Use --mm-feature-transport cpu."],
    flags: &["mm_feature_transport"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","mm_feature_transport":"cuda_vmm"}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","mm_feature_transport":"cpu"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mm-feature-transport cuda_vmm does not support pipeline parallelism.
pub static MM_TRANSPORT_VMM_PP: RuleInfo = RuleInfo {
    code: "SRV028",
    name: "mm-transport-cuda-vmm-pp",
    messages: &[(
        R::ALL,
        "--mm-feature-transport=cuda_vmm does not support pipeline parallelism.",
    )],
    sources: &[
        (R::until(V19), HOOK, 852),
        (R::only(V20), HOOK, 851),
        (R::only(V21), HOOK, 838),
        (R::only(V22), HOOK, 874),
        (R::since(V23), HOOK, 895),
    ],
    title: doc!("--mm-feature-transport cuda_vmm does not support pipeline parallelism"),
    explanation: doc!(
        "The CUDA VMM feature pool lives on the base GPU of a single pipeline stage."
    ),
    trigger: doc!("--mm-feature-transport cuda_vmm with --pp-size > 1."),
    solutions: doc_list!["Use --mm-feature-transport cpu.", "Drop --pp-size."],
    flags: &["mm_feature_transport", "pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mm_feature_transport":"cuda_vmm","tp_size":4,"pp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mm-feature-transport cuda_vmm cannot run with SGLANG_RUST_SERVER (0.5.19).
pub static MM_TRANSPORT_VMM_RUST: RuleInfo = RuleInfo {
    code: "SRV029",
    name: "mm-transport-cuda-vmm-rust-server",
    versions: R::until(V19),
    messages: &[(
        R::until(V19),
        "--mm-feature-transport=cuda_vmm is not supported with SGLANG_RUST_SERVER.",
    )],
    sources: &[(R::until(V19), HOOK, 857)],
    title: doc!("--mm-feature-transport cuda_vmm cannot run with SGLANG_RUST_SERVER (0.5.19)"),
    explanation: doc!("In 0.5.19 the Rust server cannot hand out CUDA VMM feature handles."),
    trigger: doc!("--mm-feature-transport cuda_vmm with SGLANG_RUST_SERVER true (SGLang 0.5.19)."),
    solutions: doc_list![
        "Unset SGLANG_RUST_SERVER.",
        "Use --mm-feature-transport cpu.",
    ],
    flags: &["mm_feature_transport", "env.SGLANG_RUST_SERVER"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mm_feature_transport":"cuda_vmm","env":{"SGLANG_RUST_SERVER":"1"},"sglang":"0.5.19"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mm_feature_transport":"cuda_vmm","sglang":"0.5.19"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mm-feature-transport cuda_ipc needs NVIDIA CUDA.
pub static MM_TRANSPORT_IPC_CUDA: RuleInfo = RuleInfo {
    code: "SRV030",
    name: "mm-transport-cuda-ipc-platform",
    messages: &[(
        R::ALL,
        "--mm-feature-transport=cuda_ipc requires NVIDIA CUDA.",
    )],
    sources: &[
        (R::until(V19), HOOK, 876),
        (R::only(V20), HOOK, 869),
        (R::only(V21), HOOK, 856),
        (R::only(V22), HOOK, 892),
        (R::since(V23), HOOK, 913),
    ],
    title: doc!("--mm-feature-transport cuda_ipc needs NVIDIA CUDA"),
    explanation: doc!(
        "CUDA IPC sharing of multimodal features exists on NVIDIA GPUs only (also reached through SGLANG_USE_CUDA_IPC_TRANSPORT=1)."
    ),
    trigger: doc!(
        "--mm-feature-transport cuda_ipc (or SGLANG_USE_CUDA_IPC_TRANSPORT true) on a ROCm GPU."
    ),
    solutions: doc_list!["Use --mm-feature-transport cpu."],
    flags: &["mm_feature_transport", "env.SGLANG_USE_CUDA_IPC_TRANSPORT"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","mm_feature_transport":"cuda_ipc"}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","mm_feature_transport":"cpu"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mm-feature-transport cuda_ipc supports a single node only.
pub static MM_TRANSPORT_IPC_NODES: RuleInfo = RuleInfo {
    code: "SRV031",
    name: "mm-transport-cuda-ipc-single-node",
    messages: &[(
        R::ALL,
        "--mm-feature-transport=cuda_ipc only supports a single node.",
    )],
    sources: &[
        (R::until(V19), HOOK, 878),
        (R::only(V20), HOOK, 871),
        (R::only(V21), HOOK, 858),
        (R::only(V22), HOOK, 894),
        (R::since(V23), HOOK, 915),
    ],
    title: doc!("--mm-feature-transport cuda_ipc supports a single node only"),
    explanation: doc!("CUDA IPC handles cannot cross nodes."),
    trigger: doc!("--mm-feature-transport cuda_ipc with --nnodes > 1."),
    solutions: doc_list!["Use --mm-feature-transport cpu (or cuda_vmm on GB200/GB300 MNNVL)."],
    flags: &["mm_feature_transport", "nnodes"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mm_feature_transport":"cuda_ipc","tp_size":16,"nnodes":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":16,"nnodes":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --keep-mm-feature-on-device conflicts with a transport other than cuda_ipc (0.5.19-0.5.20).
pub static KEEP_MM_ON_DEVICE: RuleInfo = RuleInfo {
    code: "SRV032",
    name: "keep-mm-feature-on-device-conflict",
    versions: R::until(V20),
    messages: &[(
        R::until(V20),
        "--keep-mm-feature-on-device conflicts with --mm-feature-transport={requested_transport}. Use only --mm-feature-transport=cuda_ipc.",
    )],
    sources: &[(R::until(V19), HOOK, 760), (R::only(V20), HOOK, 759)],
    title: doc!(
        "--keep-mm-feature-on-device conflicts with a transport other than cuda_ipc (0.5.19-0.5.20)"
    ),
    explanation: doc!(
        "Up to 0.5.20 the deprecated --keep-mm-feature-on-device means --mm-feature-transport cuda_ipc; with another explicit transport SGLang refuses the pair."
    ),
    trigger: doc!(
        "--keep-mm-feature-on-device with --mm-feature-transport cpu or cuda_vmm (SGLang 0.5.19-0.5.20)."
    ),
    solutions: doc_list!["Drop --keep-mm-feature-on-device."],
    flags: &["keep_mm_feature_on_device", "mm_feature_transport"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","keep_mm_feature_on_device":true,"mm_feature_transport":"cpu","sglang":"0.5.20"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mm_feature_transport":"cpu","sglang":"0.5.20"}"#,
    ))),
    ..RuleInfo::BASE
};

/// prefill_complete needs optimistic prefill on the prefill server.
pub static PREFILL_COMPLETE_OPTIMISTIC: RuleInfo = RuleInfo {
    code: "SRV033",
    name: "prefill-complete-optimistic-prefill",
    versions: R::since(V22),
    messages: &[(
        R::since(V22),
        "prefill_complete requires optimistic prefill, but the resolved model/cache configuration disabled it.",
    )],
    sources: &[(R::only(V22), HOOK, 517), (R::since(V23), HOOK, 538)],
    title: doc!("prefill_complete needs optimistic prefill on the prefill server"),
    explanation: doc!(
        "With --disaggregation-decode-allocation-policy prefill_complete a prefill server needs --optimistic-prefill-attempts > 0 (SGLang sets 1 when it is 0); a negative value, or one the pipeline-parallel or HiCache checks turned off, is refused (0.5.22+)."
    ),
    trigger: doc!(
        "--disaggregation-mode prefill, --disaggregation-decode-allocation-policy prefill_complete and optimistic prefill off."
    ),
    solutions: doc_list!["Leave --optimistic-prefill-attempts at its default."],
    flags: &[
        "optimistic_prefill_attempts",
        "disaggregation_decode_allocation_policy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"prefill","disaggregation_decode_allocation_policy":"prefill_complete","optimistic_prefill_attempts":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"prefill","disaggregation_decode_allocation_policy":"prefill_complete"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --ple-offload-embedding cannot be combined with generic layer offload.
pub static PLE_OFFLOAD_GENERIC: RuleInfo = RuleInfo {
    code: "SRV034",
    name: "ple-offload-with-layer-offload",
    versions: R::since(V20),
    messages: &[(
        R::since(V20),
        "--ple-offload-embedding cannot be combined with --cpu-offload-gb or --offload-group-size: generic layer offload would stage the pinned PLE embedding back to the device.",
    )],
    sources: &[(R::since(V20), MEM, 34)],
    title: doc!("--ple-offload-embedding cannot be combined with generic layer offload"),
    explanation: doc!(
        "Generic layer offload (--cpu-offload-gb, --offload-group-size) would stage the pinned per-layer-embedding table back to the device (0.5.20+)."
    ),
    trigger: doc!("--ple-offload-embedding with --cpu-offload-gb > 0 or --offload-group-size > 0."),
    solutions: doc_list![
        "Drop --cpu-offload-gb / --offload-group-size.",
        "Drop --ple-offload-embedding.",
    ],
    flags: &[
        "ple_offload_embedding",
        "cpu_offload_gb",
        "offload_group_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","ple_offload_embedding":true,"cpu_offload_gb":4}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","ple_offload_embedding":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --ple-offload-backend file needs --ple-offload-embedding.
pub static PLE_OFFLOAD_FILE: RuleInfo = RuleInfo {
    code: "SRV035",
    name: "ple-offload-file-needs-embedding",
    versions: R::since(V20),
    messages: &[(
        R::since(V20),
        "--ple-offload-backend file requires --ple-offload-embedding: the file-backed table is the offloaded table.",
    )],
    sources: &[(R::since(V20), MEM, 41)],
    title: doc!("--ple-offload-backend file needs --ple-offload-embedding"),
    explanation: doc!(
        "The file-backed table is the offloaded per-layer-embedding table; with --ple-offload-embedding explicitly off (False, not unset) SGLang refuses it (0.5.20+)."
    ),
    trigger: doc!("--ple-offload-backend file with --ple-offload-embedding false."),
    solutions: doc_list!["Drop --ple-offload-backend file."],
    flags: &["ple_offload_backend", "ple_offload_embedding"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","ple_offload_backend":"file","ple_offload_embedding":false}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","ple_offload_embedding":false}"#,
    ))),
    ..RuleInfo::BASE
};

/// --cuda-graph-prefill-max-context must be positive.
pub static PREFILL_GRAPH_CONTEXT_POSITIVE: RuleInfo = RuleInfo {
    code: "SRV036",
    name: "cuda-graph-prefill-max-context-positive",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "--cuda-graph-prefill-max-context must be a positive integer",
    )],
    sources: &[
        (R::only(V21), CG, 569),
        (R::only(V22), CG, 389),
        (R::since(V23), CG, 427),
    ],
    title: doc!("--cuda-graph-prefill-max-context must be positive"),
    explanation: doc!(
        "The context size prefill CUDA graphs are captured for is page-aligned at the end of resolution; 0 or a negative size is refused (0.5.21+)."
    ),
    trigger: doc!("--cuda-graph-prefill-max-context <= 0."),
    solutions: doc_list!["Give a positive size, or drop the flag."],
    flags: &["cuda_graph_prefill_max_context"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","cuda_graph_prefill_max_context":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --cuda-graph-prefill-max-context exceeds the model context length.
pub static PREFILL_GRAPH_CONTEXT_LEN: RuleInfo = RuleInfo {
    code: "SRV037",
    name: "cuda-graph-prefill-max-context-too-long",
    versions: R::since(V21),
    messages: &[(
        R::since(V21),
        "--cuda-graph-prefill-max-context exceeds the model context length: aligned size {aligned_size} > {model_context_len}",
    )],
    sources: &[
        (R::only(V21), CG, 577),
        (R::only(V22), CG, 397),
        (R::since(V23), CG, 435),
    ],
    title: doc!("--cuda-graph-prefill-max-context exceeds the model context length"),
    explanation: doc!(
        "SGLang rounds the size up to a multiple of the resolved page size and refuses it when that exceeds the model's context length (0.5.21+)."
    ),
    trigger: doc!(
        "--cuda-graph-prefill-max-context, page-aligned, larger than the context length."
    ),
    solutions: doc_list!["Use a size up to the context length."],
    flags: &["cuda_graph_prefill_max_context"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","cuda_graph_prefill_max_context":10000000}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","cuda_graph_prefill_max_context":4096}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decoupled speculative decoding without its endpoints.
pub static DECOUPLED_SPEC_ENDPOINTS: RuleInfo = RuleInfo {
    code: "SRV038",
    name: "decoupled-spec-endpoints-required",
    stage: Stage::Startup,
    messages: &[(
        R::ALL,
        "--decoupled-spec-bind-endpoint, --decoupled-spec-connect-endpoints, and --decoupled-spec-rank are required for decoupled speculative decoding.",
    )],
    sources: &[
        (R::only(V19), SA, 4356),
        (R::only(V20), SA, 809),
        (R::only(V21), SA, 698),
        (R::only(V22), SA, 779),
        (R::since(V23), SA, 793),
    ],
    title: doc!("Decoupled speculative decoding needs its three endpoints"),
    explanation: doc!(
        "A verifier or drafter engine talks to its peers over ZMQ. When the engine allocates its ports at start-up (PortArgs.init_new, before any process is spawned), it needs the endpoint it binds, the endpoints it connects to and its rank; a missing one stops the launch."
    ),
    trigger: doc!(
        "--decoupled-spec-role verifier or drafter without --decoupled-spec-bind-endpoint, --decoupled-spec-connect-endpoints or --decoupled-spec-rank."
    ),
    solutions: doc_list![
        "Give all three: --decoupled-spec-bind-endpoint, --decoupled-spec-connect-endpoints and --decoupled-spec-rank.",
        "Drop --decoupled-spec-role.",
    ],
    flags: &[
        "decoupled_spec_role",
        "decoupled_spec_bind_endpoint",
        "decoupled_spec_connect_endpoints",
        "decoupled_spec_rank",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","decoupled_spec_role":"verifier"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","decoupled_spec_role":"verifier","decoupled_spec_bind_endpoint":"tcp://0.0.0.0:30100","decoupled_spec_connect_endpoints":["tcp://10.0.0.2:30100"],"decoupled_spec_rank":0}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of the module.
pub static RULES: &[&RuleInfo] = &[
    &MM_CACHE_NEGATIVE,
    &SSL_KEY_NO_CERT,
    &SSL_CERT_NO_KEY,
    &SSL_CA_ALONE,
    &SSL_PASSWORD_ALONE,
    &SSL_REFRESH_NO_TLS,
    &REUSEPORT,
    &HTTP2_STREAMS,
    &HTTP2_WINDOW,
    &ASR_BUFFER,
    &ASR_SESSIONS,
    &FAST_IMAGE_PROCESSOR,
    &GRPC_TIMEOUT,
    &GRPC_PORT_RANGE,
    &GRPC_THREADS,
    &SIDECAR_ARGS_ALONE,
    &SIDECAR_EMPTY,
    &SIDECAR_LEGACY_GRPC,
    &SIDECAR_NO_GRPC,
    &SIDECAR_RUST,
    &GRPC_RAY,
    &GRPC_ENCODER_ONLY,
    &GRPC_TOKENIZER_WORKERS,
    &GRPC_API_KEY,
    &TOKENIZER_BATCHING,
    &FP4_INDEXER,
    &MM_TRANSPORT_VMM_CUDA,
    &MM_TRANSPORT_VMM_PP,
    &MM_TRANSPORT_VMM_RUST,
    &MM_TRANSPORT_IPC_CUDA,
    &MM_TRANSPORT_IPC_NODES,
    &KEEP_MM_ON_DEVICE,
    &PREFILL_COMPLETE_OPTIMISTIC,
    &PLE_OFFLOAD_GENERIC,
    &PLE_OFFLOAD_FILE,
    &PREFILL_GRAPH_CONTEXT_POSITIVE,
    &PREFILL_GRAPH_CONTEXT_LEN,
    &DECOUPLED_SPEC_ENDPOINTS,
];

/// Serving checks deliberately not modelled.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: HOOK,
        function: "handle_ssl_validation",
        message: "file not found",
        reason: "Whether the --ssl-keyfile / --ssl-certfile / --ssl-ca-certs files exist on the serving machine is not known to Preflight (it assumes they do).",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_ssl_validation",
        message: "requires the 'granian' package",
        reason: "Whether the granian package (sglang[http2]) is installed is not known to Preflight (it assumes it is).",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_ssl_validation",
        message: "--enable-ssl-refresh is not supported with --enable-http2",
        reason: "Reached only after the certificate files were found and granian imported, neither of which Preflight can know.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_multimodal",
        message: "mm_process_config",
        reason: "The structure of the --mm-process-config JSON object (multimodal preprocessing settings) is not modelled.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_load_balance_method",
        message: "Invalid disaggregation_mode",
        reason: "Unreachable from the command line: argparse's choices for --disaggregation-mode (null, prefill, decode) refuse any other value first (ARG rules).",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_return_hidden_states_mode",
        message: "",
        reason: "Unreachable from the command line: argparse's choices for --return-hidden-states-mode (last, full) refuse any other value first.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_deprecated_args",
        message: "--sidecar-args must be a JSON array of strings",
        reason: "Unreachable from the command line: argparse's json_list_type already refuses anything but a JSON list of strings.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_other_validations",
        message: "--default-chat-template-kwargs",
        reason: "The JSON-valued chat-template, multimodal-limit and sampling-parameter options are not modelled.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_other_validations",
        message: "--limit-mm-data-per-request",
        reason: "The JSON-valued chat-template, multimodal-limit and sampling-parameter options are not modelled.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_other_validations",
        message: "--preferred-sampling-params",
        reason: "The JSON-valued chat-template, multimodal-limit and sampling-parameter options are not modelled.",
    },
    Unmodelled {
        file: MEM,
        function: "handle_gpu_memory_settings",
        message: "should contain positive batch sizes",
        reason: "The structured --cuda-graph-config (per-phase batch-size lists) and its GPU-memory defaults are not modelled.",
    },
    Unmodelled {
        file: "python/sglang/srt/arg_groups/prefill_buffer_ceiling.py",
        function: "register_prefill_buffer_ceiling",
        message: "",
        reason: "Raised when a second plugin registers a prefill-buffer ceiling provider; no launch flag reaches it.",
    },
    Unmodelled {
        file: CG,
        function: "validate_cuda_graph_config",
        message: "",
        reason: "The structured --cuda-graph-config (per-phase backends) is not modelled; its per-phase flags are checked by argparse choices.",
    },
    Unmodelled {
        file: CG,
        function: "finalize_cuda_graph_prefill_max_context",
        message: "page_size must be resolved",
        reason: "An internal ordering assert: page_size is always resolved by _page_size_default before this step.",
    },
];
