//! The evaluation pipeline: SGLang's argument resolution and backend construction,
//! step by step in SGLang's order (`sglang/srt/arg_groups/pipeline.py::run_resolution_pipeline@0.5.23`,
//! then `ModelRunner` → `attention_registry.py` → backend constructors).
//!
//! Each step is one function that mirrors one SGLang function and cites it. Steps read
//! the [`Ctx`] (hardware, architecture, user's flags, environment) and read/write the
//! [`State`] (resolved values, diagnostics). A failing check emits an error and the
//! pipeline goes on, so that every independent error is reported; the first error is
//! the exception SGLang raises.

use crate::config::LaunchConfig;
use crate::domains::arch::Arch;
use crate::domains::gpu::Hardware;
use crate::pyfmt::{PyVal, render};
use crate::report::{Diagnostic, Origin, Resolved, Severity};
use crate::rules::RuleInfo;
use crate::version::SglangVersion;

mod attention;
mod construction;
mod model;

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

/// Runs resolution and construction for checked inputs.
pub fn run(ctx: &Ctx, st: &mut State) {
    init(ctx, st);
    model::handle_model_specific_adjustments(ctx, st);
    attention::handle_attention_backend_compatibility(ctx, st);
    attention::page_size_default(ctx, st);
    construction::construct(ctx, st);
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
