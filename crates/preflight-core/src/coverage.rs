//! Coverage of the researched catalogue `shared/reference/sglang-0.5.23-rules.md` (§5, 145
//! entries): for each entry, the rule codes that implement it, or why it is out of scope.
//! `docs/reference-coverage.md` is generated from this table by [`render_markdown`]; a test fails when the
//! committed file is stale (regenerate with `PREFLIGHT_BLESS=1 cargo test -p preflight-core --test coverage`).

use crate::rules;

/// How a reference entry is handled.
#[derive(Clone, Copy, Debug)]
pub enum Coverage {
    /// Implemented by these rule codes.
    Rules(&'static [&'static str]),
    /// Modelled in the resolution (the effective configuration) without a diagnostic of its own.
    Resolved(&'static str),
    /// Not modelled, with the reason.
    OutOfScope(&'static str),
}

use Coverage::{OutOfScope as Out, Resolved, Rules};

const NOT_IN_CATALOGUE: &str = "architecture not in Preflight's catalogue";
const PLATFORM: &str = "CPU / XPU / NPU / MUSA platforms are not in the GPU catalogue";
const MOE: &str = "GEMM and MoE runner selection is not modelled (no flag or check reads it from the builder's inputs)";

/// The reference entries, in the reference's order.
#[rustfmt::skip]
pub static REFERENCE: &[(&str, Coverage)] = &[
    ("ATTN-SPLIT-COLLAPSE", Rules(&["ATTN101"])),
    ("ATTN-HYBRID-WARN", Rules(&["ATTN108"])),
    ("ATTN-INVALID", Rules(&["ARG001"])),
    ("ATTN-TORCHNATIVE-NOGRAPH", Rules(&["ATTN103"])),
    ("ATTN-FLEX-NOGRAPH", Rules(&["ATTN104"])),
    ("ATTN-FLEX-NOSPEC", Rules(&["SPEC004"])),
    ("PAGE-FLASHMLA-64", Rules(&["PAGE001"])),
    ("PAGE-TRTLLM-MLA", Rules(&["PAGE002"])),
    ("PAGE-CUTEDSL-MLA", Rules(&["PAGE004"])),
    ("PAGE-TRTLLM-MHA", Rules(&["PAGE003"])),
    ("PAGE-HPCOPS-64", Rules(&["PAGE006"])),
    ("PAGE-CHUNKED-DIVISIBLE", Out("raised by check_server_args (validation_hook.py:243), which Engine calls after resolution and the oracle does not run; chunked_prefill_size's GPU-memory default is not modelled")),
    ("ATTN-TRTLLM-MLA-BLACKWELL", Rules(&["ATTN001"])),
    ("KV-TRTLLM-MLA-DTYPE", Rules(&["ATTN002"])),
    ("ATTN-CUTEDSL-DECODE-ONLY", Rules(&["ATTN009"])),
    ("ATTN-CUTEDSL-SM100", Rules(&["ATTN010"])),
    ("KV-CUTEDSL-DTYPE", Rules(&["ATTN011"])),
    ("ATTN-CUTEDSL-PREFILL-FILL", Rules(&["ATTN107"])),
    ("ATTN-ALIAS", Rules(&["ATTN105", "ATTN106"])),
    ("ATTN-TRTLLM-MHA-PREFILL-SM", Rules(&["ATTN003"])),
    ("ATTN-TRTLLM-MHA-SM120-FP8", Rules(&["ATTN004"])),
    ("ATTN-TRTLLM-MHA-DECODE-SM", Rules(&["ATTN005"])),
    ("ATTN-TRTLLM-MHA-CP", Rules(&["ATTN012"])),
    ("ATTN-TRTLLM-MHA-MLA", Rules(&["ATTN007"])),
    ("ATTN-TRTLLM-MHA-PAGE128", Rules(&["ATTN014"])),
    ("ATTN-TRTLLM-MHA-NVFP4-XQA", Out("unreachable from the CLI: resolution refuses native NVFP4 prefill off SM100 first (KV011)")),
    ("ATTN-FA3-SM", Rules(&["ATTN006"])),
    ("ATTN-FA3-E5M2-FALLBACK", Rules(&["ATTN102"])),
    ("PAGE-FA4-128", Rules(&["PAGE005"])),
    ("ATTN-AITER-MEMFRAC", Out("only scales mem_fraction_static; memory sizing is not modelled")),
    ("ATTN-AMX-FALLBACK", Out(PLATFORM)),
    ("ATTN-XMX-FALLBACK", Out(PLATFORM)),
    ("PAGE-INTEL-XPU", Out(PLATFORM)),
    ("ATTN-XPU-DCP", Out(PLATFORM)),
    ("ATTN-MIS-FLASHINFER", Rules(&["ATTN030"])),
    ("ATTN-CHUNKED-PREFIX-GATE", Out("silently turns off a prefill optimisation; no verdict depends on it")),
    ("ATTN-TRITON-ENCDEC", Out("no encoder-decoder architecture in the catalogue")),
    ("ATTN-MLA-ONLY-BACKENDS", Rules(&["ATTN008", "ATTN013"])),
    ("ATTN-TRTLLM-MLA-DCP-SPEC", Rules(&["ATTN032"])),
    ("ATTN-HPCOPS", Rules(&["ATTN015", "ATTN016", "ATTN017", "ATTN019", "ATTN020", "ATTN021"])),
    ("ATTN-FLASHMLA-SPEC-TOPK", Out("unreachable: flashmla forces page size 64, so top-k > 1 is refused first by SPEC002")),
    ("ATTN-FA4-KERNEL-HEADDIM", Out("kernel-stage shape gate with no SGLang-specific public report; the documented FA4 failure (FP8 KV off SM10x) is KERN009")),
    ("ATTN-FA4-SM120-SMEM", Out("kernel-stage; depends on tile choices Preflight cannot see (no public report for a concrete flag combination)")),
    ("ATTN-MXFP8-NEEDS-FA4", Out("only reachable from the fa3 class with an mxfp8 KV cache, which KV001 refuses off Blackwell and ATTN006 refuses on Blackwell")),
    ("ATTN-AITER-ON-CUDA", Rules(&["KERN010", "KERN011"])),
    ("KV-MXFP8-BLACKWELL", Rules(&["KV001"])),
    ("KV-NVFP4-ARCH", Rules(&["KV003"])),
    ("KV-FP4-NONCUDA", Rules(&["KV002"])),
    ("KV-FP4-UNIFIED", Rules(&["KV034"])),
    ("KV4-BACKEND-MATRIX", Rules(&["KV004", "KV007", "KV008", "KV009", "KV100"])),
    ("KV-NVFP4-PREFILL-DEQUANT", Rules(&["KV005", "KV010", "KV011", "KV012", "KV013", "KV101"])),
    ("KV-NVFP4-SM100-NATIVE-LIMITS", Rules(&["KV035", "KV036", "KV037", "KV038", "KV039", "KV040", "KV102"])),
    ("KV-FP8E5M2-CPU", Out(PLATFORM)),
    ("KV-FP4-TORCH", Out("assumes a torch ≥ 2.8 build (every SGLang 0.5.19+ wheel pins one)")),
    ("KV-FA4-DFLASH-DRAFT", Out("DFLASH drafts are not modelled")),
    ("DET-ATTN-DEFAULT", Rules(&["DET100"])),
    ("DET-ATTN-CHOICES", Rules(&["DET001"])),
    ("DET-ATTN-MLA", Rules(&["DET002"])),
    ("DET-FA4-MLA-SM100", Rules(&["DET003"])),
    ("DET-RADIX", Rules(&["DET101"])),
    ("DET-ROCM-RCCL", Rules(&["DET004"])),
    ("DSA-ATTN-DEFAULT", Rules(&["DSA100"])),
    ("DSA-PAGE", Rules(&["DSA101", "DSA119"])),
    ("DSA-KV-DEFAULT", Rules(&["DSA102", "DSA103"])),
    ("DSA-KV-ALLOWED", Rules(&["DSA104"])),
    ("DSA-KV-SINK", Out("no catalogued DSA model has learnable attention sinks")),
    ("DSA-SPLIT-DEFAULTS", Rules(&["DSA105", "DSA106"])),
    ("DSA-TRITON-ROCM-ONLY", Rules(&["DSA107"])),
    ("DSA-TILELANG-FP8", Rules(&["DSA116", "DSA117", "DSA118"])),
    ("DSA-FISPARSE", Rules(&["DSA001", "DSA002"])),
    ("DSA-Q8-PREFILL", Rules(&["DSA108", "DSA113", "DSA114", "DSA115"])),
    ("DSA-TRITON-SPARSE-MLA", Rules(&["DSA109", "DSA110", "DSA111"])),
    ("DSA-MODEL-ONLY", Rules(&["DSA112"])),
    ("DSA-PAGED-MQA-LOGITS", Out("--dsa-paged-mqa-logits-backend is not modelled")),
    ("DSA-HISPARSE", Out("--enable-hisparse is not modelled; its validation runs in check_server_args, outside resolution")),
    ("DSA-TBO-INDEXSHARE", Out("--enable-two-batch-overlap is not modelled")),
    ("DSA-CACHE-LAYER-SPLIT", Out("--enable-dsa-cache-layer-split (PD prefill CP) is not modelled")),
    ("DSV4-ATTN-FORCED", Rules(&["DSV4100"])),
    ("DSV4-KV", Rules(&["DSV4101", "DSV4102"])),
    ("DSV4-ATTN-BACKEND-AUTO", Resolved("--dsv4-attn-backend auto resolves to flashmla (flashmla_mega needs DeepSeek-V4.1, not in the catalogue)")),
    ("DSV4-MEGA", Rules(&["DSV4005"])),
    ("DSV4-TRTLLM", Rules(&["DSV4006", "DSV4007"])),
    ("DSV4-Q8-PREFILL", Rules(&["DSV4001", "DSV4002"])),
    ("DSV4-SPEC", Rules(&["DSV4003", "DSV4004", "DSV4008", "DSV4103"])),
    ("DSV4-CP", Out("--enable-prefill-cp is not modelled")),
    ("DSV4-FP4-INDEXER", Out("--enable-deepseek-v4-fp4-indexer is not modelled")),
    ("DSV4-PLATFORM-ENV", Out("sets performance environment knobs only")),
    ("DSV3-SM100-TRTLLM-MLA", Rules(&["ATTN110"])),
    ("DSV3-PREFILL-GRAPH", Rules(&["ATTN111"])),
    ("DSV3-MOE-SM100", Out(MOE)),
    ("MLA-HIP-HEADS", Resolved("the AMD MLA default (aiter for 16 or 128 KV heads per rank, else triton) is part of ATTN100's default choice")),
    ("GPTOSS-BACKENDS", Rules(&["MODEL001"])),
    ("LLAMA4-BACKENDS", Rules(&["MODEL002", "MODEL100"])),
    ("GEMMA4-BACKENDS", Rules(&["MODEL008", "MODEL104"])),
    ("GEMMA2-3-SWA", Rules(&["MODEL101"])),
    ("EXAONE-SWA-BACKENDS", Out(NOT_IN_CATALOGUE)),
    ("OLMO2-NO-FLASHINFER", Out(NOT_IN_CATALOGUE)),
    ("LFM2-NO-TRITON", Out(NOT_IN_CATALOGUE)),
    ("WHISPER", Out(NOT_IN_CATALOGUE)),
    ("MOSSVL-PREFILL", Rules(&["MODEL006", "MODEL103"])),
    ("QWEN-HYBRID-SM100-DEFAULT", Rules(&["LIN100"])),
    ("HYBRID-GDN-BLACKWELL", Rules(&["LIN001"])),
    ("MAMBA-NO-BUFFER", Rules(&["LIN002", "LIN003", "LIN010"])),
    ("MAMBA-EXTRA-BUFFER", Rules(&["LIN004", "LIN005"])),
    ("STEP3P-DEFAULT", Out(NOT_IN_CATALOGUE)),
    ("MIMO-V2-DEFAULT", Out(NOT_IN_CATALOGUE)),
    ("NEMOTRON-H-DEFAULT", Out(NOT_IN_CATALOGUE)),
    ("INKLING-DEFAULT", Out(NOT_IN_CATALOGUE)),
    ("MINIMAX-M3", Resolved("the ROCm triton default is part of the override providers' resolution (no log); the M3.1 NVFP4 branch is not modelled")),
    ("MINICPM-SPARSE", Out(NOT_IN_CATALOGUE)),
    ("QSA-FP8-INDEXER", Out(NOT_IN_CATALOGUE)),
    ("HRM-TEXT-TRITON", Out(NOT_IN_CATALOGUE)),
    ("DLLM-BACKEND", Out("--dllm-algorithm (diffusion LLMs) is not modelled")),
    ("IQUEST-Q1", Rules(&["MODEL007"])),
    ("KIMI-K3", Out(NOT_IN_CATALOGUE)),
    ("NPU-DCP-DSA", Out(PLATFORM)),
    ("SPEC-TRTLLM-MHA-TOPK", Rules(&["SPEC001"])),
    ("SPEC-PAGE-TREE", Rules(&["SPEC002"])),
    ("SPEC-NGRAM-PAGE", Rules(&["SPEC003"])),
    ("SPEC-EAGLE-BACKEND-MAP", Rules(&["SPEC007"])),
    ("SPEC-UNO-FA3", Out("UNO speculative decoding is not modelled")),
    ("SPEC-DFLASH-DRAFT", Out("DFLASH drafts are not modelled")),
    ("SPEC-FLEX", Rules(&["SPEC004"])),
    ("SPEC-HIP-REJECTION", Out("silently enables rejection sampling on ROCm; no verdict depends on it")),
    ("SPEC-DEFAULTS", Rules(&["SPEC100", "SPEC101", "SPEC102", "SPEC006"])),
    ("GEMM-FP8-EXPLICIT", Out(MOE)),
    ("GEMM-FP8-AUTO", Out(MOE)),
    ("GEMM-FP8-BLOCKWISE-SM120", Out(MOE)),
    ("GEMM-FP4-AUTO", Out(MOE)),
    ("MOE-NVFP4-ONLINE", Rules(&["MOE001"])),
    ("MOE-MXFP8-RUNNER", Out(MOE)),
    ("MOE-MODELOPT-FP4-SM110-120", Out(MOE)),
    ("MOE-MEGAMOE-SM100", Out(MOE)),
    ("MOE-RUNNER-QUANT", Out(MOE)),
    ("LINATTN-SM100-DEFAULT", Rules(&["LIN101"])),
    ("LINATTN-FI-BF16", Rules(&["LIN006"])),
    ("LINATTN-FI-CUDA13", Rules(&["LIN007"])),
    ("LINATTN-FLASHKDA", Rules(&["LIN008"])),
    ("MAMBA-SR-SM100", Out("--enable-mamba-cache-stochastic-rounding is not modelled")),
    ("PLAT-NPU", Out(PLATFORM)),
    ("PLAT-CPU", Out(PLATFORM)),
    ("PLAT-XPU", Out(PLATFORM)),
    ("MM-ATTN-FA3-BLACKWELL", Out("the multimodal encoder's --mm-attention-backend is not modelled")),
    ("DIFF-RING-BACKEND", Out("diffusion runtime (sglang.multimodal_gen), not the LLM server")),
    ("DIFF-BACKEND-NOT-SUPPORTED", Out("diffusion runtime (sglang.multimodal_gen), not the LLM server")),
];

/// Renders `docs/rules/README.md`, the index of rule pages.
pub fn render_rules_index() -> String {
    let mut out = String::from(
        "<!-- generated by crates/preflight-core/src/coverage.rs; do not edit -->\n# Rules\n\n| code | severity | stage | title |\n|---|---|---|---|\n",
    );
    for r in rules::all() {
        let sev = match r.severity {
            crate::report::Severity::Error => "error",
            crate::report::Severity::Warning => "warning",
            crate::report::Severity::Info => "info",
        };
        out.push_str(&format!(
            "| [{}]({}.md) | {sev} | {} | {} |\n",
            r.code,
            r.code,
            r.stage.label(),
            r.title
        ));
    }
    out
}

/// Renders `docs/reference-coverage.md`.
pub fn render_markdown() -> String {
    let mut out = String::new();
    out.push_str("<!-- generated by crates/preflight-core/src/coverage.rs; do not edit (PREFLIGHT_BLESS=1 cargo test -p preflight-core --test coverage) -->\n");
    out.push_str("# Coverage of the SGLang 0.5.23 check catalogue\n\n");
    let covered = REFERENCE
        .iter()
        .filter(|(_, c)| !matches!(c, Coverage::OutOfScope(_)))
        .count();
    out.push_str(&format!(
        "Every entry of `shared/reference/sglang-0.5.23-rules.md` §5 ({} entries): the Preflight rules that implement it, or why it is out of scope. {} are modelled, {} are out of scope.\n\n",
        REFERENCE.len(),
        covered,
        REFERENCE.len() - covered
    ));
    out.push_str("| reference entry | Preflight | note |\n|---|---|---|\n");
    for (id, c) in REFERENCE {
        let (codes, note) = match c {
            Coverage::Rules(codes) => (
                codes
                    .iter()
                    .map(|c| format!("[{c}](rules/{c}.md)"))
                    .collect::<Vec<_>>()
                    .join(", "),
                codes
                    .iter()
                    .filter_map(|c| rules::find(c))
                    .map(|r| r.title)
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
            Coverage::Resolved(n) => ("resolution".to_string(), n.to_string()),
            Coverage::OutOfScope(n) => ("out of scope".to_string(), n.to_string()),
        };
        out.push_str(&format!(
            "| {id} | {codes} | {} |\n",
            note.replace('|', "\\|")
        ));
    }
    let referenced: Vec<&str> = REFERENCE
        .iter()
        .flat_map(|(_, c)| {
            if let Coverage::Rules(r) = c {
                r.to_vec()
            } else {
                vec![]
            }
        })
        .collect();
    out.push_str("\n## Rules beyond the reference\n\nChecks found in SGLang's code (or Preflight's own input checks) that the reference does not list:\n\n");
    for r in rules::all() {
        if !referenced.contains(&r.code) {
            out.push_str(&format!(
                "- [{}](rules/{}.md) {}\n",
                r.code, r.code, r.title
            ));
        }
    }
    out
}
