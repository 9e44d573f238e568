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
use crate::domains::gpu::Hardware;
use crate::model::ModelConfig;
use crate::pyfmt::{PyVal, render};
use crate::report::{Diagnostic, Origin, Severity};
use crate::rules::RuleInfo;
use crate::version::SglangVersion;

mod attention;
mod construction;
mod cp_tp;
mod det;
mod hicache;
mod hisparse;
mod kernel;
mod kv;
mod kv_shard;
mod linear;
mod lora;
mod model;
mod model_overrides;
mod model_path;
mod moe;
mod parallel;
mod pd;
mod serving;
mod spec;
mod validation;

/// What a step may read: the inputs, already checked and looked up.
pub struct Ctx<'a> {
    /// Release evaluated.
    pub v: SglangVersion,
    /// Hardware.
    pub hw: Hardware,
    /// The model facts (`ModelConfig`, after `--json-model-override-args`).
    pub model: &'a ModelConfig,
    /// The configuration as given.
    pub cfg: &'a LaunchConfig,
    /// `ServerArgs` after argparse: the release's defaults and the user's values, typed.
    pub args: &'a ServerArgs,
    /// The fields the user gave.
    pub given: &'a [&'static str],
}

impl Ctx<'_> {
    /// An environment variable of the launch.
    pub fn env(&self, name: &str) -> Option<&str> {
        self.cfg.env.get(name).map(String::as_str)
    }

    /// Whether the user gave the `ServerArgs` field `name`.
    pub fn given(&self, name: &str) -> bool {
        self.given.contains(&name)
    }

    /// `architectures[0]` of the model config.
    pub fn arch(&self) -> &str {
        self.model.arch()
    }

    /// `tp_size` (at least 1).
    pub fn tp(&self) -> i64 {
        self.args.tp_size.max(1)
    }

    /// `attn_tp_size = tp_size // attn_dp_size // attn_cp_size`.
    pub fn attn_tp(&self) -> i64 {
        // handle_deprecated_dp_attention (parallel_hook.py:39-61): --enable-dp-attention moves
        // --dp-size into attn_dp_size
        let a = self.args;
        let dp = if a.attn_dp_size > 1 {
            a.attn_dp_size
        } else if a.enable_dp_attention {
            a.dp_size
        } else {
            1
        }
        .max(1);
        let cp = a.attn_cp_size.max(1);
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
}

/// An exception SGLang raised: its diagnostic is the last error in [`State::diags`]. Steps
/// return `Err(Raised)` to stop the pipeline, as the exception stops SGLang.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Raised;

/// What a step returns: `Ok` to go on, `Err` when SGLang raised.
pub type Step = Result<(), Raised>;

/// Where the fields a step wrote got their values: the last write of each field wins. A
/// launch's steps write a few fields, so a scan (comparing lengths first) beats a tree of
/// string keys, and the resolved table looks every one of its rows up here.
#[derive(Clone, Debug, Default)]
pub struct Origins(Vec<(&'static str, Origin)>);

impl Origins {
    /// The origin recorded for `field`.
    pub fn get(&self, field: &str) -> Option<&Origin> {
        self.0.iter().find(|(k, _)| *k == field).map(|(_, o)| o)
    }

    /// Records (or replaces) the origin of `field`.
    pub fn insert(&mut self, field: &'static str, origin: Origin) {
        match self.0.iter_mut().find(|(k, _)| *k == field) {
            Some((_, o)) => *o = origin,
            None => self.0.push((field, origin)),
        }
    }
}

/// What the steps build: `ServerArgs` as resolution leaves it, and the diagnostics.
pub struct State {
    /// The resolving view: the user's arguments with every declaration made so far.
    pub cur: Box<ServerArgs>,
    /// Where each field's value came from, for the fields a step wrote.
    pub origin: Origins,
    /// The torch dtype the KV pool is allocated with (construction, `str(dtype)`).
    pub kv_cache_torch_dtype: Option<String>,
    /// Diagnostics in emission order.
    pub diags: Vec<Diagnostic>,
    /// `server_args._quantization_explicitly_unset`: `--quantization unquant` was given, so the
    /// model overrides do not fill `quantization` from the checkpoint
    /// (`serving_hook.py:692-703@0.5.23`).
    pub quantization_explicitly_unset: bool,
}

/// What the checks that read only the resolved view take: a [`State`] or a borrowed view.
impl AsRef<ServerArgs> for ServerArgs {
    fn as_ref(&self) -> &ServerArgs {
        self
    }
}

impl AsRef<ServerArgs> for State {
    fn as_ref(&self) -> &ServerArgs {
        &self.cur
    }
}

/// The diagnostics of a [`State`] while its resolved view is borrowed ([`State::checks`]).
pub struct Diags<'a>(&'a mut Vec<Diagnostic>);

impl Diags<'_> {
    /// Emits a log-line diagnostic (info or warning) of `rule` ([`State::emit`]).
    pub fn emit(&mut self, ctx: &Ctx, rule: &'static RuleInfo, args: &[(&str, PyVal)]) {
        self.0.push(diagnostic(ctx.v, rule, args));
    }

    /// SGLang raises `rule`'s exception ([`State::raise`]).
    pub fn raise(&mut self, ctx: &Ctx, rule: &'static RuleInfo, args: &[(&str, PyVal)]) -> Raised {
        debug_assert_eq!(
            rule.severity,
            Severity::Error,
            "{} is not an error",
            rule.code
        );
        self.0.push(diagnostic(ctx.v, rule, args));
        Raised
    }
}

impl State {
    /// The state before resolution: `ServerArgs` as argparse left it.
    #[allow(clippy::borrowed_box)] // the Box is what is cloned in place
    pub fn new(args: &Box<ServerArgs>) -> State {
        State {
            // `Box`'s clone writes into the new allocation: no 7 KB copy through the stack
            cur: Box::clone(args),
            origin: Origins::default(),
            kv_cache_torch_dtype: None,
            diags: Vec::new(),
            quantization_explicitly_unset: false,
        }
    }

    /// Emits a log-line diagnostic (info or warning) of `rule`.
    pub fn emit(&mut self, ctx: &Ctx, rule: &'static RuleInfo, args: &[(&str, PyVal)]) {
        self.diags.push(diagnostic(ctx.v, rule, args));
    }

    /// SGLang raises `rule`'s exception: emits its diagnostic; the caller returns the result.
    pub fn raise(&mut self, ctx: &Ctx, rule: &'static RuleInfo, args: &[(&str, PyVal)]) -> Raised {
        debug_assert_eq!(
            rule.severity,
            Severity::Error,
            "{} is not an error",
            rule.code
        );
        self.diags.push(diagnostic(ctx.v, rule, args));
        Raised
    }

    /// The resolved view to read and the diagnostics to write, borrowed apart: for a check that
    /// only reads `cur` and emits (a copy of `cur`, 550 fields and their strings, cost more than
    /// the rest of an evaluation).
    pub fn checks(&mut self) -> (&ServerArgs, Diags<'_>) {
        (&self.cur, Diags(&mut self.diags))
    }

    /// Records where a resolved field's value came from.
    pub fn origin(&mut self, field: &'static str, origin: Origin) {
        self.origin.insert(field, origin);
    }

    /// `attention_backends_of(view)` (`model_override_base.py:138-152`): the prefill side, falling
    /// back to the base backend.
    pub fn prefill(&self) -> Option<String> {
        self.cur
            .prefill_attention_backend
            .as_deref()
            .or(self.cur.attention_backend.as_deref())
            .map(str::to_string)
    }

    /// The decode side, falling back to the base backend.
    pub fn decode(&self) -> Option<String> {
        self.cur
            .decode_attention_backend
            .as_deref()
            .or(self.cur.attention_backend.as_deref())
            .map(str::to_string)
    }

    /// True when none of the three attention flags is set (`is_attention_backend_not_set`).
    pub fn attention_unset(&self) -> bool {
        self.cur.attention_backend.is_none()
            && self.cur.prefill_attention_backend.is_none()
            && self.cur.decode_attention_backend.is_none()
    }

    /// Sets a resolved field's origin to a rule.
    pub fn by(&mut self, field: &'static str, rule: &RuleInfo) {
        self.origin(field, Origin::Rule(rule.code));
    }

    /// Whether an error has been emitted so far.
    pub fn has_error(&self) -> bool {
        self.diags.iter().any(|d| d.severity == Severity::Error)
    }
}

/// Builds a diagnostic from a rule and message arguments.
pub fn diagnostic(v: SglangVersion, rule: &'static RuleInfo, args: &[(&str, PyVal)]) -> Diagnostic {
    Diagnostic {
        code: rule.code,
        name: rule.name,
        severity: rule.severity,
        stage: rule.stage,
        exception: rule.exception,
        message: render(rule.message(v), args),
        explanation: rule.explanation,
        source: rule.source(v),
        flags: rule.flags.iter().map(|f| (*f).into()).collect(),
        raised_by_sglang: rule.raised_by_sglang,
        fixes: Vec::new(),
        note: None,
    }
}

/// Runs resolution (in `run_resolution_pipeline` order), then construction, then the known
/// kernel failures, each only when the previous one finished without an exception.
pub fn run(ctx: &Ctx, st: &mut State) {
    if resolve(ctx, st).is_ok()
        && validation::check_server_args(ctx, st).is_ok() // engine.py:1165 (start-up)
        && parallel::validate_parallel_at_publish(ctx, st).is_ok()
        && serving::port_args_init_new(ctx, st).is_ok() // engine.py:1184
        && parallel::launcher_rank_ranges(ctx, st).is_ok() // engine.py:929 (the schedulers)
        && model_overrides::scheduler_init_model_config(ctx, st).is_ok() // scheduler start-up
        && construction::construct(ctx, st).is_ok()
    {
        kernel::known_kernel_failures(ctx, st);
    }
}

/// `run_resolution_pipeline` (`arg_groups/pipeline.py@0.5.23`), the modelled steps in order.
fn resolve(ctx: &Ctx, st: &mut State) -> Step {
    parallel::handle_deprecated_dp_attention(ctx, st); // pipeline.py:45 (0.5.22+)
    moe::handle_mega_moe(ctx, st)?; // :49
    hicache::handle_hicache_ratio_default(ctx, st)?; // pipeline.py:77@0.5.23
    serving::handle_offload_compatibility(ctx, st)?; // :80 (memory_hook.py)
    validation::validate_early(ctx, st)?; // :90-94
    model_overrides::validate_prefill_cp_platform(ctx, st)?; // :119@0.5.20 (0.5.20-0.5.21 on ROCm)
    if ctx.v >= SglangVersion::V0_5_23 {
        model::text_config_assert(ctx, st)?; // :122@0.5.23 (apply_muse_spark_env_defaults)
    }
    serving::handle_multimodal(ctx, st)?; // pipeline.py:115@0.5.23
    serving::handle_ssl_validation(ctx, st)?; // :116
    serving::handle_asr_validation(ctx, st)?; // :117
    serving::handle_deprecated_args_head(ctx, st)?; // :119 (handle_deprecated_args)
    attention::handle_deprecated_args(ctx, st); // pipeline.py:128
    serving::handle_deprecated_args_grpc(ctx, st)?; // the rest of handle_deprecated_args
    serving::handle_missing_default_values(ctx, st); // :132
    pd::handle_pd_disaggregation(ctx, st)?; // pipeline.py:138 (0.5.19: :111)
    parallel::handle_legacy_cp_arguments(ctx, st); // 0.5.19: pipeline.py:162
    kv::validate_prefill_only_disable_kv_cache_args(ctx, st)?; // :170 (0.5.19: :173)
    parallel::handle_decode_context_parallelism(ctx, st)?; // :171
    validation::derive_context_length(ctx, st)?; // :185, the first model_config_of
    parallel::handle_dwdp(ctx, st)?; // :189
    model::handle_model_specific_adjustments(ctx, st)?; // :225
    det::handle_deterministic_inference(ctx, st)?; // :240
    kv::handle_nvfp4_prefill_kv_dequant_dtype(ctx, st)?; // :241
    attention::handle_attention_backend_compatibility(ctx, st)?; // :242
    attention::disable_prefill_cuda_graph_for_deepseek_trtllm_mla(ctx, st); // :245
    linear::handle_mamba_backend(ctx, st)?; // :251
    linear::handle_int8_mamba_checkpoint(ctx, st)?; // :252
    linear::handle_linear_attn_backend(ctx, st)?; // :253
    kv::handle_kv4_compatibility(ctx, st)?; // :254
    kv::handle_mxfp8_kv_cache_compatibility(ctx, st)?; // :255
    attention::page_size_default(ctx, st); // :256
    attention::handle_multi_item_scoring(ctx, st)?; // :263@0.5.23
    hicache::handle_hicache(ctx, st)?; // pipeline.py:262@0.5.23
    kv::handle_prefill_only_disable_kv_cache(ctx, st)?; // :270
    parallel::handle_data_parallelism(ctx, st)?; // :274
    parallel::handle_context_parallelism(ctx, st)?; // :278
    kv_shard::handle_kv_cache_sharding(ctx, st)?; // :284 (0.5.22+)
    moe::handle_moe_kernel_config(ctx, st)?; // :294
    moe::handle_a2a_moe(ctx, st)?; // :295
    parallel::handle_shared_experts_tp(ctx, st)?; // :296 (0.5.21+)
    parallel::handle_eplb_and_dispatch(ctx, st)?; // :297
    lora::validate_experimental_sgl_marlin(ctx, st)?; // :300 (0.5.19: :310)
    spec::handle_speculative_decoding(ctx, st)?; // :306
    moe::handle_layernorm_sp(ctx, st)?; // :315
    moe::validate_cutedsl_a2a_token_budget(ctx, st)?; // 0.5.19-0.5.21 (pipeline.py:327@0.5.19)
    moe::validate_flashinfer_a2a_token_budget(ctx, st)?; // :318 (0.5.22+)
    moe::validate_mega_moe_token_budget(ctx, st)?; // :324 (0.5.21+)
    model_path::handle_load_format(ctx, st)?; // :326@0.5.23
    pd::handle_encoder_disaggregation(ctx, st)?; // :328@0.5.23
    serving::handle_tokenizer_batching(ctx, st)?; // :330@0.5.23
    serving::handle_environment_variables(ctx, st)?; // :332
    kv::handle_cache_compatibility(ctx, st)?; // :334 (0.5.19: :342)
    kv::handle_page_major_kv_layout(ctx, st)?; // :336
    kv::handle_unified_memory_pool(ctx, st)?; // :338
    serving::handle_other_validations(ctx, st)?; // :349
    model::handle_model_capability_adjustments(ctx, st)?; // :352
    serving::finalize_cuda_graph_prefill_max_context(ctx, st)?; // :366
    kv_shard::handle_kv_cache_sharding(ctx, st)?; // :371, the same gate over the final view
    moe::validate_deepep_v2_speculative_draft(ctx, st)?; // :374
    moe::validate_deepep_v2_dispatch_token_budget(ctx, st) // :375
}

/// The effective configuration shown in the report (see [`crate::fields`]); with `only`, just
/// that field's row.
pub fn resolved(ctx: &Ctx, st: &State, only: Option<&str>) -> Vec<crate::fields::ResolvedValue> {
    let cx = crate::fields::Context {
        dsa: ctx.model.is_deepseek_dsa,
        dsv4: ctx.model.is_deepseek_v4,
        hybrid: ctx.model.mambaish(),
        context_len: ctx.model.context_len,
    };
    crate::fields::resolve_fields(
        &st.cur,
        st.kv_cache_torch_dtype.as_deref(),
        |key| origin_of(ctx, st, key),
        cx,
        only,
    )
}

/// Where a displayed field's value came from: the step or rule that wrote it, else the user's
/// value or SGLang's default. The context length SGLang runs with is the user's or
/// `ModelConfig`'s derivation; the derived widths ([`crate::fields`]) come from the widths the
/// launch set.
fn origin_of(ctx: &Ctx, st: &State, key: &str) -> Origin {
    if let Some(o) = st.origin.get(key) {
        return *o;
    }
    let user_or_default = |k: &str| {
        if ctx.given(k) {
            Origin::User
        } else {
            Origin::Default
        }
    };
    let derived_from: &[&str] = match key {
        "kv_cache_torch_dtype" => return Origin::Default,
        "context_length" if ctx.given("context_length") => return Origin::User,
        "context_length" => return Origin::Step("ModelConfig._derive_context_length"),
        "attn_tp_size" => &["tp_size", "dp_size", "attn_dp_size", "attn_cp_size"],
        "moe_tp_size" => &["tp_size", "ep_size", "moe_dp_size"],
        _ => return user_or_default(key),
    };
    if derived_from.iter().any(|p| {
        st.origin
            .get(p)
            .copied()
            .unwrap_or_else(|| user_or_default(p))
            != Origin::Default
    }) {
        Origin::Step("derive_parallel_widths")
    } else {
        user_or_default(key)
    }
}
