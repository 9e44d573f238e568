//! The evaluation pipeline: SGLang's argument resolution and backend construction,
//! step by step in SGLang's order (`sglang/srt/arg_groups/pipeline.py::run_resolution_pipeline@0.5.23`,
//! then `ModelRunner` → `attention_registry.py` → backend constructors).
//!
//! Each step is one function that mirrors one SGLang function and cites it. Steps read
//! the [`Ctx`] (hardware, architecture, user's flags, environment) and read/write the
//! [`State`] (resolved values, diagnostics). A failing check emits an error and the
//! pipeline goes on, so that every independent error is reported; the first error is
//! the exception SGLang raises.

use crate::args::ServerArgs;
use crate::config::LaunchConfig;
use crate::domains::arch::Arch;
use crate::domains::gpu::Hardware;
use crate::pyfmt::{PyVal, render};
use crate::report::{Diagnostic, Origin, Resolved, Severity};
use crate::rules::RuleInfo;
use crate::version::SglangVersion;
use std::collections::BTreeSet;

mod attention;
mod construction;
mod det;
mod kernel;
mod kv;
mod linear;
mod model;
mod spec;

/// What a step may read: the inputs, already checked and looked up.
pub struct Ctx<'a> {
    /// Release evaluated.
    pub v: SglangVersion,
    /// Hardware.
    pub hw: Hardware,
    /// Architecture facts (after `--json-model-override-args`).
    pub arch: Arch,
    /// The configuration as given.
    pub cfg: &'a LaunchConfig,
    /// `ServerArgs` after argparse: the release's defaults and the user's values, typed.
    pub args: &'a ServerArgs,
    /// The fields the user gave.
    pub given: &'a BTreeSet<&'static str>,
}

impl Ctx<'_> {
    /// An environment variable of the launch.
    pub fn env(&self, name: &str) -> Option<&str> {
        self.cfg.env.get(name).map(String::as_str)
    }

    /// A user-set `ServerArgs` field.
    pub fn user(&self, name: &str) -> Option<String> {
        self.cfg.arg(name)
    }

    /// A user-set integer field (already validated by the argparse step).
    pub fn user_int(&self, name: &str) -> Option<i64> {
        self.cfg.arg(name).and_then(|s| s.parse().ok())
    }

    /// `tp_size` (default 1).
    pub fn tp(&self) -> i64 {
        self.user_int("tp_size").unwrap_or(1).max(1)
    }

    /// `attn_tp_size = tp_size // attn_dp_size // attn_cp_size`.
    pub fn attn_tp(&self) -> i64 {
        // handle_deprecated_dp_attention (parallel_hook.py:39-61): --enable-dp-attention moves
        // --dp-size into attn_dp_size
        let dp = self
            .user_int("attn_dp_size")
            .filter(|d| *d > 1)
            .or_else(|| {
                self.user_flag("enable_dp_attention")
                    .then(|| self.user_int("dp_size").unwrap_or(1))
            })
            .unwrap_or(1)
            .max(1);
        let cp = self.user_int("attn_cp_size").unwrap_or(1).max(1);
        (self.tp() / dp / cp).max(1)
    }

    /// An environment variable read by `get_bool_env_var` (`utils/common.py:1424@0.5.23`):
    /// lower-cased, not stripped, true for `true` and `1`.
    pub fn env_true(&self, name: &str) -> bool {
        self.env(name)
            .is_some_and(|v| matches!(v.to_lowercase().as_str(), "1" | "true"))
    }

    /// `get_platform().has_flashinfer`: CUDA and `SGLANG_IS_FLASHINFER_AVAILABLE` not false.
    pub fn has_flashinfer(&self) -> bool {
        self.hw.is_cuda()
            && !self
                .env("SGLANG_IS_FLASHINFER_AVAILABLE")
                .is_some_and(|v| matches!(v.to_lowercase().as_str(), "0" | "false" | "no" | "off"))
    }

    /// A user-set `store_true` flag.
    pub fn user_flag(&self, name: &str) -> bool {
        matches!(self.cfg.arg(name).as_deref(), Some("true" | "True" | "1"))
    }
}

/// What the steps build: resolved values and diagnostics.
#[derive(Default)]
pub struct State {
    /// The effective configuration so far.
    pub r: Resolved,
    /// Diagnostics in emission order.
    pub diags: Vec<Diagnostic>,
}

impl State {
    /// Emits a diagnostic of `rule`, rendering its message for the release with `args`.
    pub fn emit(&mut self, ctx: &Ctx, rule: &'static RuleInfo, args: &[(&str, PyVal)]) {
        self.diags.push(diagnostic(ctx.v, rule, args));
    }

    /// Records where a resolved field's value came from.
    pub fn origin(&mut self, field: &str, origin: Origin) {
        self.r.origin.insert(field.to_string(), origin);
    }

    /// `attention_backends_of(view)` (`model_override_base.py:138-152`): the prefill side, falling
    /// back to the base backend.
    pub fn prefill(&self) -> Option<String> {
        self.r
            .prefill_attention_backend
            .clone()
            .or_else(|| self.r.attention_backend.clone())
    }

    /// The decode side, falling back to the base backend.
    pub fn decode(&self) -> Option<String> {
        self.r
            .decode_attention_backend
            .clone()
            .or_else(|| self.r.attention_backend.clone())
    }

    /// True when none of the three attention flags is set (`is_attention_backend_not_set`).
    pub fn attention_unset(&self) -> bool {
        self.r.attention_backend.is_none()
            && self.r.prefill_attention_backend.is_none()
            && self.r.decode_attention_backend.is_none()
    }

    /// Sets a resolved field's origin to a rule.
    pub fn by(&mut self, field: &str, rule: &RuleInfo) {
        self.origin(field, Origin::Rule(rule.code.to_string()));
    }

    /// Whether an error has been emitted so far.
    pub fn has_error(&self) -> bool {
        self.diags.iter().any(|d| d.severity == Severity::Error)
    }
}

/// Builds a diagnostic from a rule and message arguments.
pub fn diagnostic(v: SglangVersion, rule: &'static RuleInfo, args: &[(&str, PyVal)]) -> Diagnostic {
    Diagnostic {
        code: rule.code.to_string(),
        name: rule.name.to_string(),
        severity: rule.severity,
        stage: rule.stage,
        exception: rule.exception.map(str::to_string),
        message: render(rule.message(v), args),
        explanation: rule.explanation.to_string(),
        source: rule.source(v),
        flags: rule.flags.iter().map(|s| s.to_string()).collect(),
        raised_by_sglang: rule.raised_by_sglang,
        fixes: Vec::new(),
    }
}

/// Runs resolution (in `run_resolution_pipeline` order) and construction for checked inputs.
pub fn run(ctx: &Ctx, st: &mut State) {
    init(ctx, st);
    attention::handle_deprecated_args(ctx, st); // pipeline.py:128
    model::handle_model_specific_adjustments(ctx, st); // :225
    det::handle_deterministic_inference(ctx, st); // :240
    kv::handle_nvfp4_prefill_kv_dequant_dtype(ctx, st); // :241
    attention::handle_attention_backend_compatibility(ctx, st); // :242
    attention::disable_prefill_cuda_graph_for_deepseek_trtllm_mla(ctx, st); // :245
    linear::handle_mamba_backend(ctx, st); // :251
    linear::handle_linear_attn_backend(ctx, st); // :253
    kv::handle_kv4_compatibility(ctx, st); // :254
    kv::handle_mxfp8_kv_cache_compatibility(ctx, st); // :255
    attention::page_size_default(ctx, st); // :256
    model::moe_quant_constraints(ctx, st); // :294
    spec::handle_speculative_decoding(ctx, st); // :306
    construction::construct(ctx, st);
    kernel::known_kernel_failures(ctx, st);
}

/// Seeds the resolved values with the user's flags and SGLang's field defaults.
fn init(ctx: &Ctx, st: &mut State) {
    let r = &mut st.r;
    r.attention_backend = ctx.user("attention_backend");
    r.prefill_attention_backend = ctx.user("prefill_attention_backend");
    r.decode_attention_backend = ctx.user("decode_attention_backend");
    r.kv_cache_dtype = Some(ctx.user("kv_cache_dtype").unwrap_or_else(|| "auto".into()));
    r.page_size = ctx.user_int("page_size");
    r.dsa_prefill_backend = ctx.user("dsa_prefill_backend");
    r.dsa_decode_backend = ctx.user("dsa_decode_backend");
    r.dsv4_prefill_backend = Some(
        ctx.user("dsv4_prefill_backend")
            .unwrap_or_else(|| "auto".into()),
    );
    r.dsv4_attn_backend = Some(
        ctx.user("dsv4_attn_backend")
            .unwrap_or_else(|| "auto".into()),
    );
    r.speculative_algorithm = ctx
        .user("speculative_algorithm")
        .map(|s| s.to_ascii_uppercase());
    r.speculative_eagle_topk = ctx.user_int("speculative_eagle_topk");
    r.speculative_num_steps = ctx.user_int("speculative_num_steps");
    r.speculative_num_draft_tokens = ctx.user_int("speculative_num_draft_tokens");
    r.disable_radix_cache = ctx.user_flag("disable_radix_cache");
    for f in [
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
        "kv_cache_dtype",
        "page_size",
        "dsa_prefill_backend",
        "dsa_decode_backend",
        "dsv4_prefill_backend",
        "dsv4_attn_backend",
    ] {
        let o = if ctx.user(f).is_some() {
            Origin::User
        } else {
            Origin::Default
        };
        st.origin(f, o);
    }
}
