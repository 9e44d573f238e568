//! Backend construction (`ModelRunner`): the KV-cache torch dtype
//! (`mem_cache/kv_cache_dtype.py:34-110@0.5.23`), the backend strings and their creators
//! (`model_executor/model_runner_components/attention_backend_setup.py:184-283`,
//! `layers/attention/attention_registry.py`), `attn_backend_wrapper`, and the DSA and
//! DeepSeek-V4 constructors.

use super::{Ctx, State, Step};
use crate::model::archs::lists;
use crate::pyfmt::PyVal;
use crate::rules::{attention as ar, dsa, dsv4, kv, linear as lr};
use crate::version::SglangVersion;

/// Runs construction.
pub fn construct(ctx: &Ctx, st: &mut State) -> Step {
    // _initialize_model first resolves the model class (get_model_architecture)
    registered_architecture(ctx, st)?;
    // ModelRunner.initialize: load_model (model_runner.py:715@0.5.23) before
    // configure_kv_cache_dtype (:735) and the attention backends
    quantization_min_capability(ctx, st)?;
    // _initialize_model then builds the model class: its first attention module's asserts
    attention_head_asserts(ctx, st)?;
    // ... the attention's linear layers and a dense MLP's ...
    first_layer_linears(ctx, st)?;
    // ... or, in the same layer, its sparse MoE block and the experts' FusedMoE
    first_moe_layer(ctx, st)?;
    // where those layers are not reviewed, Preflight cannot judge an uneven split
    unreviewed_layers(ctx, st)?;
    // Muse Spark's own MoE block refuses shared experts and expert TP on a GPU
    muse_spark_moe(ctx, st)?;
    let kv_torch = configure_kv_cache_dtype(ctx, st)?;
    st.kv_cache_torch_dtype = Some(kv_torch);
    let p = st.prefill().unwrap_or_default();
    let d = st.decode().unwrap_or_default();
    if p == d {
        create(ctx, st, &p)?;
    } else {
        // _build_resolved_backend: the decode creator runs first (keyword-argument order)
        create(ctx, st, &d)?;
        create(ctx, st, &p)?;
    }
    attn_backend_wrapper(ctx, st, &p, &d)?;
    if p != d {
        st.emit(ctx, &ar::HYBRID_WARN, &[]);
    }
    eagle_draft_backends(ctx, st, &p, &d)
}

/// `DraftBackendFactory` (`speculative/draft_utils.py:47-168@0.5.23`): the EAGLE draft worker's
/// backends, built after the target model runner.
fn eagle_draft_backends(ctx: &Ctx, st: &mut State, p: &str, d: &str) -> Step {
    const MAP: &[&str] = &[
        "flashinfer",
        "triton",
        "intel_amx",
        "intel_xpu",
        "aiter",
        "fa3",
        "hybrid_linear_attn",
        "flashmla",
        "trtllm_mha",
        "trtllm_mla",
        "cutedsl_mla",
        "dsa",
        "nsa",
        "ascend",
        "fa4",
        "dsv4",
    ];
    if !matches!(
        st.cur.speculative_algorithm.as_deref(),
        Some("EAGLE" | "EAGLE3" | "STANDALONE")
    ) || ctx.model.mambaish()
        || st.has_error()
    {
        return Ok(());
    }
    let draft = ctx.args.speculative_draft_attention_backend.clone();
    if st.cur.speculative_num_steps.unwrap_or(0) > 1 {
        let b = draft.clone().unwrap_or_else(|| d.to_string().into());
        if !MAP.contains(&b.as_ref()) {
            // a warning: the oracle does not count this construction failure (SPEC007)
            st.emit(
                ctx,
                &crate::rules::spec::EAGLE_BACKEND,
                &[("kind", PyVal::s("decode ")), ("backend_type", PyVal::s(b))],
            );
            return Ok(());
        }
    }
    let mode_decode = ctx.args.speculative_attention_mode == "decode";
    let b = draft.unwrap_or_else(|| {
        if mode_decode {
            d.to_string().into()
        } else {
            p.to_string().into()
        }
    });
    if !MAP.contains(&b.as_ref()) {
        st.emit(
            ctx,
            &crate::rules::spec::EAGLE_BACKEND,
            &[("kind", PyVal::s("")), ("backend_type", PyVal::s(b))],
        );
    }
    Ok(())
}

/// The head asserts of the attention module the model's first decoder layer builds
/// (`LlamaAttention.__init__`, `models/llama.py:183-193@0.5.23`, and the reviewed architectures
/// of [`crate::model::archs::head_asserts`]): the query heads divide by the TP width (PAR065),
/// then the KV heads divide by it when there are at least as many (PAR066) or it divides by
/// them (PAR067). The diagnostic cites the architecture's own model file and line. Up to 0.5.21
/// the vocabulary embedding, built before the decoder layers, first divides the vocabulary
/// (padded to 64) by its TP width (PAR073, `distributed/utils.py:65@0.5.21`). Only SGLang's own
/// implementation (`--model-impl` auto or sglang) has these asserts, and `--device cpu` pads
/// the heads (and the vocabulary) before the model is built.
fn attention_head_asserts(ctx: &Ctx, st: &mut State) -> Step {
    use crate::model::archs::{HeadWidth, head_asserts};
    use crate::py::modulo;
    use crate::rules::parallel as pr;
    let Some(arch) = built_arch(ctx, st) else {
        return Ok(());
    };
    let Some(h) = head_asserts(ctx.v, arch) else {
        return Ok(());
    };
    // up to 0.5.21 the model class first builds its vocabulary embedding, which divides the
    // padded vocabulary by its TP width (VocabParallelEmbedding._get_indices ->
    // vocab_range_from_global_vocab_size -> divide, distributed/utils.py:65@0.5.21)
    if let (Some((line, pad)), Some(vocab)) = (
        crate::model::archs::vocab_divide(ctx.v),
        ctx.model.hf.text().int("vocab_size").filter(|n| *n > 0),
    ) {
        use crate::model::archs::VocabWidth;
        let width = match h.vocab {
            VocabWidth::Padded | VocabWidth::Replicated => None,
            VocabWidth::Tp => Some(st.cur.tp_size),
            VocabWidth::AttnTpWithDpUnlessReplicated
                if crate::py::env_bool(ctx.env("SGLANG_ENABLE_EMBED_REPLICATION"), false) =>
            {
                None
            }
            VocabWidth::AttnTpWithDp | VocabWidth::AttnTpWithDpUnlessReplicated
                if st.cur.enable_dp_attention =>
            {
                crate::fields::attn_tp_width(&st.cur)
            }
            VocabWidth::AttnTpWithDp | VocabWidth::AttnTpWithDpUnlessReplicated => {
                Some(st.cur.tp_size)
            }
        };
        let padded = (vocab + pad - 1) / pad * pad;
        if let Some(width) = width.filter(|w| *w > 0)
            && modulo(padded, width) != Some(0)
        {
            let args = [("padded", PyVal::Int(padded)), ("width", PyVal::Int(width))];
            let file = pr::VOCAB_TP.source(ctx.v).map_or("", |s| s.file);
            return Err(raise_at(ctx, st, &pr::VOCAB_TP, &args, file, line));
        }
    }
    let width = match h.width {
        HeadWidth::Tp => Some(st.cur.tp_size),
        HeadWidth::AttnTp => crate::fields::attn_tp_width(&st.cur),
    };
    // a width of 0 is refused long before (and would be a ZeroDivisionError here)
    let (Some(width), Some(heads)) = (width.filter(|w| *w > 0), ctx.model.num_attention_heads)
    else {
        return Ok(());
    };
    let fired = if modulo(heads, width) != Some(0) {
        Some((&pr::HEADS_TP, h.heads))
    } else {
        // an MLA attention asserts the query heads only (its KV lines are 0)
        match ctx
            .model
            .num_key_value_heads
            .filter(|kv| *kv > 0 && h.kv_partition > 0)
        {
            Some(kv) if kv >= width && modulo(kv, width) != Some(0) => {
                Some((&pr::KV_HEADS_TP, h.kv_partition))
            }
            Some(kv) if kv < width && modulo(width, kv) != Some(0) => {
                Some((&pr::KV_HEADS_REPLICATE, h.kv_replicate))
            }
            _ => None,
        }
    };
    let Some((rule, line)) = fired else {
        return Ok(());
    };
    Err(raise_at(ctx, st, rule, &[], h.file, line))
}

/// The layers of the model's first decoder layer that no reviewed table covers
/// ([`crate::model::archs::head_asserts`], [`crate::model::archs::moe_block`]), split by the
/// widths the reviewed classes use: where a split is uneven, Preflight cannot judge the
/// construction (INPUT012) and never claims SGLang refuses it. The shapes are those the
/// reviewed classes assert: the query heads by `--tp-size` or the attention TP width, the KV
/// heads partitioned or replicated by it (PAR065-PAR067, not for MLA, whose latent KV is not
/// split by heads); for a block-FP8 checkpoint ([`fp8_weight_block`]), the dense
/// `intermediate_size` per `--tp-size` rank and the `moe_intermediate_size` per MoE TP rank by
/// the block (PAR070-PAR072, PAR074-PAR076); and `--tp-size` against the routed experts, which
/// most sparse MoE blocks refuse when it is larger (PAR068).
fn unreviewed_layers(ctx: &Ctx, st: &mut State) -> Step {
    use crate::model::archs::{head_asserts, moe_block};
    use crate::py::{floordiv, modulo};
    use crate::rules::input::CONSTRUCTION_UNREVIEWED as RULE;
    let Some(arch) = built_arch(ctx, st) else {
        return Ok(());
    };
    let head = head_asserts(ctx.v, arch);
    let a = &st.cur;
    let mut found: Option<(&str, String, &str)> = None;
    if head.is_none()
        && let Some(heads) = ctx.model.num_attention_heads.filter(|h| *h > 0)
    {
        let mut widths = vec![(a.tp_size, "--tp-size".to_string())];
        if let Some(w) = crate::fields::attn_tp_width(a).filter(|w| *w != a.tp_size) {
            widths.push((w, "the attention TP width".to_string()));
        }
        let kv = ctx
            .model
            .num_key_value_heads
            .filter(|kv| *kv > 0 && !ctx.model.is_mla());
        for (w, name) in widths.into_iter().filter(|(w, _)| *w > 1) {
            let what = if modulo(heads, w) != Some(0) {
                Some((
                    format!("num_attention_heads = {heads} does not divide by {name} {w}"),
                    "PAR065",
                ))
            } else {
                match kv {
                    Some(kv) if kv >= w && modulo(kv, w) != Some(0) => Some((
                        format!("num_key_value_heads = {kv} does not divide by {name} {w}"),
                        "PAR066",
                    )),
                    Some(kv) if kv < w && modulo(w, kv) != Some(0) => Some((
                        format!("{name} {w} is not a multiple of num_key_value_heads = {kv}"),
                        "PAR067",
                    )),
                    _ => None,
                }
            };
            if let Some((what, rule)) = what {
                found = Some(("attention", what, rule));
                break;
            }
        }
    }
    let text = ctx.model.hf.text();
    let experts = ["n_routed_experts", "num_experts", "num_local_experts"]
        .iter()
        .any(|k| text.int(k).is_some_and(|n| n > 0));
    // an MoE model builds a dense MLP only in its first_k_dense_replace layers (DeepSeek, GLM);
    // one without them (Qwen3-Next, Qwen3.5) never builds its config's intermediate_size
    let dense = !experts || text.int("first_k_dense_replace").is_some_and(|k| k > 0);
    let dense_reviewed = head.is_some_and(|h| h.dense_mlp.is_some());
    let moe_reviewed = moe_block(ctx.v, arch).is_some();
    // the dense MLP of a DP-attention layout with --moe-dense-tp-size 1 is replicated
    let dense_tp = if a.moe_dense_tp_size == Some(1) {
        None
    } else {
        Some(a.tp_size)
    };
    let moe_tp = floordiv(a.tp_size, a.ep_size).and_then(|t| floordiv(t, a.moe_dp_size));
    let block = fp8_weight_block(ctx, st);
    let shapes = [
        (
            dense && !dense_reviewed,
            "MLP",
            "intermediate_size",
            dense_tp,
            "--tp-size",
            "PAR076",
            "PAR074, PAR075",
        ),
        (
            experts && !moe_reviewed,
            "MoE",
            "moe_intermediate_size",
            moe_tp,
            "the MoE TP width",
            "PAR070",
            "PAR071, PAR072",
        ),
    ];
    for (unreviewed, layer, key, width, name, rule, block_rules) in shapes {
        if found.is_some() || !unreviewed {
            continue;
        }
        let (Some(size), Some(w)) = (text.int(key).filter(|s| *s > 0), width.filter(|w| *w > 1))
        else {
            continue;
        };
        // every split must be even (FusedMoE's and the merged projection's asserts); a
        // block-FP8 checkpoint's slice must also be whole blocks
        found = match (floordiv(size, w), block) {
            _ if modulo(size, w) != Some(0) => Some((
                layer,
                format!("{key} = {size} does not divide by {name} {w}"),
                rule,
            )),
            (Some(part), Some((n, k)))
                if modulo(part, n) != Some(0) || modulo(part, k) != Some(0) =>
            {
                Some((
                    layer,
                    format!(
                        "{key} = {size} over {name} {w} is {part} per rank, not a whole number of the checkpoint's {n}x{k} weight blocks"
                    ),
                    block_rules,
                ))
            }
            _ => None,
        };
    }
    // the sparse MoE blocks of the reviewed classes compare a TP width with the routed experts
    // before they build their experts (PAR068: Qwen3-MoE the MoE TP width, Qwen2-MoE the full
    // --tp-size, as most other blocks of 0.5.23 do, e.g. cohere2_moe.py:241); an unreviewed
    // block may compare the wider one, and the check comes before its experts' widths
    if experts
        && !moe_reviewed
        && found.as_ref().is_none_or(|(layer, _, _)| *layer == "MoE")
        && let Some((key, n)) = ["n_routed_experts", "num_experts", "num_local_experts"]
            .iter()
            .find_map(|k| text.int(k).filter(|n| *n > 0).map(|n| (*k, n)))
        && a.tp_size > n
    {
        found = Some((
            "MoE",
            format!("--tp-size {} is greater than {key} = {n}", a.tp_size),
            "PAR068",
        ));
    }
    // up to 0.5.21 the models' ParallelLMHead, built after the layers, splits the padded
    // vocabulary over the full TP group unless --enable-dp-lm-head
    // (`use_attn_tp_group=get_parallel().enable_dp_lm_head`, models/qwen3.py:527@0.5.21): under
    // DP attention the embedding's narrower width passes first; the heads are not reviewed
    if found.is_none()
        && let (Some((_, pad)), Some(vocab)) = (
            crate::model::archs::vocab_divide(ctx.v),
            text.int("vocab_size").filter(|n| *n > 0),
        )
        && !a.enable_dp_lm_head
        && text.get("tie_word_embeddings").and_then(|t| t.as_bool()) != Some(true)
        && crate::fields::attn_tp_width(a).is_some_and(|w| w != a.tp_size)
        && a.tp_size > 1
    {
        let padded = (vocab + pad - 1) / pad * pad;
        if modulo(padded, a.tp_size) != Some(0) {
            found = Some((
                "LM head",
                format!(
                    "vocab_size = {vocab} (padded to {padded}) does not divide by --tp-size {} without --enable-dp-lm-head",
                    a.tp_size
                ),
                "PAR073",
            ));
        }
    }
    let Some((layer, what, rule)) = found else {
        return Ok(());
    };
    let args = [
        ("version", PyVal::s(ctx.v.to_string())),
        ("layer", PyVal::s(layer)),
        ("arch", PyVal::s(arch)),
        ("what", PyVal::s(what)),
        ("rule", PyVal::s(rule)),
    ];
    Err(st.raise(ctx, &RULE, &args))
}

/// `MuseSpark1xMoE.__init__` (`models/muse_spark.py:465-490@0.5.23`), the MoE block of every
/// `"sparse"` entry of the text config's `mlp_layer_types`: it refuses shared experts
/// (`num_shared_experts`, PAR078), then an MoE TP width other than 1 (`moe_tp_size = tp_size /
/// ep_size / moe_dp_size`, PAR079) unless the checkpoint's experts are AutoGPTQ int4, which
/// `_uses_gptq_int4_experts` (`:169-182`) allows on CPU only. Built after the layer's attention
/// (whose uneven head split [`unreviewed_layers`] reports first) and after
/// `MuseSparkTextForCausalLM`'s quantization check (`:1262-1270`: only BF16, ModelOpt NVFP4
/// and AutoGPTQ int4), which Preflight does not port: a launch with another quantization is not
/// judged here. Skipped for an encoder-only server (no text model) and an elastic EP join.
fn muse_spark_moe(ctx: &Ctx, st: &mut State) -> Step {
    use crate::py::floordiv;
    use crate::rules::parallel as pr;
    if ctx.v < SglangVersion::V0_5_23
        || built_arch(ctx, st) != Some("MuseSparkForConditionalGeneration")
    {
        return Ok(());
    }
    let a = &st.cur;
    if a.encoder_only || a.ep_join_mode.as_deref() == Some("scale") {
        return Ok(());
    }
    let quant = super::model::model_config_quantization(ctx, st);
    if !matches!(quant.as_deref(), None | Some("modelopt_fp4")) {
        return Ok(());
    }
    let text = ctx.model.hf.text();
    if !text.strs("mlp_layer_types").iter().any(|t| t == "sparse") {
        return Ok(());
    }
    if text.truthy("num_shared_experts") {
        return Err(st.raise(ctx, &pr::MUSE_SHARED_EXPERTS, &[]));
    }
    let moe_tp = floordiv(a.tp_size, a.ep_size).and_then(|t| floordiv(t, a.moe_dp_size));
    if moe_tp.is_some_and(|w| w != 1) {
        return Err(st.raise(ctx, &pr::MUSE_EXPERT_TP, &[]));
    }
    Ok(())
}

/// `get_model_architecture` (`model_loader/utils.py:198-232@0.5.23`): an architecture the
/// release's model registry does not serve goes to `resolve_transformers_arch`, which depends on
/// the installed transformers' classes: Preflight cannot judge it (INPUT013), and names the
/// releases that do serve it. Not for `--model-impl transformers` or `mindspore`, which never use
/// the registry's class.
fn registered_architecture(ctx: &Ctx, st: &mut State) -> Step {
    use crate::model::archs::{registry_entry, served_by};
    use crate::rules::input::ARCH_NOT_REGISTERED as RULE;
    if matches!(&*st.cur.model_impl, "transformers" | "mindspore") {
        return Ok(());
    }
    let arch = ctx.arch();
    // an architecture no release registers is not judged by the reference tables either
    let Some(entry) = registry_entry(arch) else {
        return Ok(());
    };
    if served_by(ctx.v, arch) {
        return Ok(());
    }
    let served: Vec<&str> = SglangVersion::all()
        .filter(|v| entry.versions.iter().any(|r| r.contains(*v)))
        .map(|v| v.as_str())
        .collect();
    let served = format!("SGLang {} registers it", served.join(", "));
    let args = [
        ("version", PyVal::s(ctx.v.to_string())),
        ("arch", PyVal::s(arch)),
        ("served", PyVal::s(served)),
    ];
    Err(st.raise(ctx, &RULE, &args))
}

/// Raises `rule` citing `file:line` of the release (a line the model-code generators read from
/// the wheel, in the launch's own model file where the rule's sources name a representative).
fn raise_at(
    ctx: &Ctx,
    st: &mut State,
    rule: &'static crate::rules::RuleInfo,
    args: &[(&str, PyVal)],
    file: &'static str,
    line: u32,
) -> super::Raised {
    let mut d = super::diagnostic(ctx.v, rule, args);
    if let Some(src) = d.source.as_mut() {
        src.file = file;
        src.line = line;
    }
    st.diags.push(d);
    super::Raised
}

/// The model class `load_model` builds for this launch, when it is SGLang's own implementation
/// on a GPU (`None` for `--model-impl transformers/mindspore`, whose classes Preflight does not
/// review, and for `--device cpu`, where `adjust_config_with_unaligned_cpu_tp` first pads the
/// head counts and the MoE widths to the TP size, `model_runner.py:1301-1304@0.5.23`).
/// `get_model_architecture` serves MixtralForCausalLM as QuantMixtralForCausalLM when the model
/// config's quantization is not in its `mixtral_supported` list
/// (`model_loader/utils.py:209-222@0.5.23`).
fn built_arch<'a>(ctx: &'a Ctx, st: &State) -> Option<&'a str> {
    if matches!(&*st.cur.model_impl, "transformers" | "mindspore")
        || st.cur.device.as_deref() == Some("cpu")
    {
        return None;
    }
    let arch = ctx.arch();
    if arch == "MixtralForCausalLM"
        && let Some(q) = super::model::model_config_quantization(ctx, st)
        && !crate::model::archs::mixtral_supported(ctx.v).contains(&q.as_str())
    {
        return Some("QuantMixtralForCausalLM");
    }
    Some(arch)
}

/// The first decoder layer's sparse MoE block, built right after the attention whose head
/// asserts passed, for the reviewed architectures ([`crate::model::archs::moe_block`], generated
/// by `scripts/models/gen_moe_asserts.py`), in SGLang's order: a block that has the check
/// refuses a TP width (the MoE TP width, or Qwen2-MoE's full `--tp-size`) above its experts
/// (PAR068, `qwen3_moe.py:247@0.5.23`); `FusedMoE.__init__` asserts that the routed experts
/// (plus the redundant ones, for blocks that add them) divide by `--ep-size` (PAR069) and the
/// block's intermediate size (`moe_intermediate_size`, or Mixtral's, OLMoE's and PhiMoE's
/// `intermediate_size`) by `moe_tp_size` (PAR070, `layers/moe/fused_moe_triton/layer.py:414/427
/// @0.5.23`); then, for a block-FP8 checkpoint, `Fp8MoEMethod.create_fp8_moe_weight_` refuses a
/// per-rank slice that is not a multiple of `block_n` (PAR071), or with `moe_tp_size > 1` of
/// `block_k` (PAR072, `layers/quantization/fp8.py:1589/1597@0.5.23`). The `config.json` keys
/// read are the block's ([`crate::model::archs::MoeBlock`]); where one is missing nothing is
/// judged.
///
/// Not judged (no diagnostic, rather than a guess): elastic EP (`--ep-join-mode scale`, whose
/// storage EP size Preflight does not model); attention widths that the attention's own
/// block-FP8 checks refuse first ([`attention_blocks`], PAR074/PAR075 for plain block FP8); and for the FP8 checks,
/// KTransformers and paged experts (their wrappers create the weights), the cutlass MoE runner
/// and the deepep_v2 all-to-all (their own FP8 checks come first), and the quantization configs
/// [`fp8_weight_block`] does not take as plain block FP8.
fn first_moe_layer(ctx: &Ctx, st: &mut State) -> Step {
    use crate::model::archs::{fused_moe_lines, head_asserts, moe_block};
    use crate::py::{floordiv, modulo};
    use crate::rules::parallel as pr;
    let Some(arch) = built_arch(ctx, st) else {
        return Ok(());
    };
    // the attention is built (and checked) first: only where its asserts are modelled
    let (Some(head), Some(block), Some(lines)) = (
        head_asserts(ctx.v, arch),
        moe_block(ctx.v, arch),
        fused_moe_lines(ctx.v),
    ) else {
        return Ok(());
    };
    let a = &st.cur;
    if a.ep_join_mode.as_deref() == Some("scale") {
        return Ok(());
    }
    let text = ctx.model.hf.text();
    let (Some(experts), Some(inter)) = (text.int(block.experts), text.int(block.intermediate))
    else {
        return Ok(());
    };
    let Some(moe_tp) = floordiv(a.tp_size, a.ep_size)
        .and_then(|t| floordiv(t, a.moe_dp_size))
        .filter(|w| *w > 0)
    else {
        return Ok(());
    };
    let ep = a.ep_size;
    let redundant = if block.redundant {
        a.ep_num_redundant_experts
    } else {
        0
    };
    let trtllm = matches!(
        &*a.moe_runner_backend,
        "flashinfer_trtllm" | "flashinfer_trtllm_routed"
    );
    let (kt, paged) = (a.kt_weight_path.is_some(), a.enable_paged_experts);
    // fp8.py's other gates on the weight creation: the cutlass runner's Fp8MoEMethod asserts
    // (fp8.py:1508-1517@0.5.23) and deepep_v2's expert-format check (layer.py:275-305@0.5.23)
    let other_fp8_gates =
        a.moe_runner_backend.as_ref() == "cutlass" || a.moe_a2a_backend.as_ref() == "deepep_v2";
    let fp8_block = fp8_weight_block(ctx, st);
    // a block-quantized attention is built (and checked) before the MoE block: where its own
    // block checks could refuse first, with a message Preflight does not model, nothing is
    // judged (any checkpoint that declares a weight_block_size, plain block FP8 or not)
    let declared = ctx
        .model
        .hf_quant_config
        .as_ref()
        .and_then(|qc| qc.get("weight_block_size"));
    if let Some(declared) = declared {
        let pair = declared
            .as_array()
            .and_then(|b| Some((b.first()?.as_i64()?, b.get(1)?.as_i64()?)));
        let lines = crate::model::archs::linear_lines(ctx.v);
        match (pair, lines) {
            (Some((n, k)), Some(lines))
                if n > 0
                    && k > 0
                    && attention_blocks(ctx, st, head, lines.width, n, k) == Blocks::Pass => {}
            _ => return Ok(()),
        }
    }
    let raise = |st: &mut State, rule, args: &[(&str, PyVal)], file, line| {
        Err(raise_at(ctx, st, rule, args, file, line))
    };
    if let Some((width, line)) = block.tp_gt_experts {
        let tp = match width {
            crate::model::archs::MoeWidth::Tp => a.tp_size,
            crate::model::archs::MoeWidth::MoeTp => moe_tp,
        };
        if tp > experts {
            let args = [
                ("tp_size", PyVal::Int(tp)),
                ("num_experts", PyVal::Int(experts)),
            ];
            return raise(st, &pr::MOE_TP_EXPERTS, &args, block.file, line);
        }
    }
    const LAYER: &str = "python/sglang/srt/layers/moe/fused_moe_triton/layer.py";
    if ep <= 0 || modulo(experts + redundant, ep) != Some(0) {
        return raise(st, &pr::MOE_EXPERTS_EP, &[], LAYER, lines.experts_ep);
    }
    if modulo(inter, moe_tp) != Some(0) {
        return raise(
            st,
            &pr::MOE_INTERMEDIATE_TP,
            &[],
            LAYER,
            lines.intermediate_tp,
        );
    }
    let Some((block_n, block_k)) = fp8_block else {
        return Ok(());
    };
    // `envs.SGLANG_USE_AITER` is an EnvBool (environ.py:143-150@0.5.23)
    let aiter = ctx.hw.is_hip()
        && ctx
            .env("SGLANG_USE_AITER")
            .is_some_and(|v| matches!(v.to_lowercase().as_str(), "1" | "true" | "yes" | "y"));
    if kt || paged || other_fp8_gates || (aiter && block_n == 128 && block_k == 128) {
        return Ok(());
    }
    let mut size = inter / moe_tp;
    // FusedMoE rounds the slice up to 128 for the flashinfer_trtllm runners before the weights
    if trtllm && size % 128 != 0 {
        size = (size / 128 + 1) * 128;
    }
    const FP8: &str = "python/sglang/srt/layers/quantization/fp8.py";
    if modulo(size, block_n) != Some(0) {
        let args = [("size", PyVal::Int(size)), ("block_n", PyVal::Int(block_n))];
        return raise(st, &pr::FP8_MOE_BLOCK_N, &args, FP8, lines.fp8_block_n);
    }
    let k_width = match lines.fp8_block_k_width {
        crate::model::archs::MoeWidth::Tp => a.tp_size,
        crate::model::archs::MoeWidth::MoeTp => moe_tp,
    };
    if k_width > 1 && modulo(size, block_k) != Some(0) {
        let args = [("size", PyVal::Int(size)), ("block_k", PyVal::Int(block_k))];
        return raise(st, &pr::FP8_MOE_BLOCK_K, &args, FP8, lines.fp8_block_k);
    }
    Ok(())
}

/// What the block-FP8 checks of some linear layers (`Fp8LinearMethod.
/// validate_block_quant_shapes`, `layers/quantization/fp8.py:570-609@0.5.23`) would do.
#[derive(Debug, PartialEq)]
enum Blocks {
    /// Every partition is a whole number of blocks.
    Pass,
    /// The first check that fails is `block_n`'s (PAR074): the partition's size and `block_n`.
    BlockN(i64, i64),
    /// The first check that fails is `block_k`'s (PAR075): the input slice and `block_k`.
    BlockK(i64, i64),
    /// A fact the checks read is missing, or a width Preflight does not model.
    Unknown,
}

/// The block checks of the first attention's `QKVParallelLinear` and `RowParallelLinear`,
/// split over the heads' width `w` (the width the head asserts divide by): the QKV projection
/// has three output partitions (query heads / `w` × head_dim, then the KV heads / `w`, or one
/// replicated head, × head_dim, twice), each checked against `block_n` whatever the TP size;
/// the output projection's input slice (query heads / `w` × head_dim) is checked against
/// `block_k` when the checks' `tp_size` is above 1 and equals `w` (`input_size //
/// input_size_per_partition == tp_size`): up to 0.5.21 that `tp_size` is `--tp-size`, so under
/// DP attention the output projection is not checked.
fn attention_blocks(
    ctx: &Ctx,
    st: &State,
    h: &crate::model::archs::HeadAsserts,
    check: crate::model::archs::LinearWidth,
    block_n: i64,
    block_k: i64,
) -> Blocks {
    use crate::model::archs::{HeadDim, HeadWidth, LinearWidth};
    use crate::py::{floordiv, modulo};
    let w = match h.width {
        HeadWidth::Tp => Some(st.cur.tp_size),
        HeadWidth::AttnTp => crate::fields::attn_tp_width(&st.cur),
    };
    let (Some(form), Some(w), Some(heads), Some(kv)) = (
        h.attn_linears,
        w.filter(|w| *w > 0),
        ctx.model.num_attention_heads.filter(|n| *n > 0),
        ctx.model.num_key_value_heads.filter(|kv| *kv > 0),
    ) else {
        return Blocks::Unknown;
    };
    let text = ctx.model.hf.text();
    let hidden_over = |n: Option<i64>| {
        text.int("hidden_size")
            .zip(n.filter(|n| *n > 0))
            .and_then(|(h, n)| floordiv(h, n))
    };
    let hd = match form {
        HeadDim::Config => Some(ctx.model.head_dim),
        HeadDim::HiddenOverHeads => hidden_over(Some(heads)),
        HeadDim::ConfigOrOriginalHeads if text.get("original_num_attention_heads").is_some() => {
            hidden_over(text.int("original_num_attention_heads"))
        }
        HeadDim::ConfigOrOriginalHeads => Some(ctx.model.head_dim),
    };
    let Some(hd) = hd.filter(|d| *d > 0) else {
        return Blocks::Unknown;
    };
    let q = heads / w * hd;
    let kv = if w >= kv { 1 } else { kv / w } * hd;
    for size in [q, kv, kv] {
        if modulo(size, block_n) != Some(0) {
            return Blocks::BlockN(size, block_n);
        }
    }
    let check = match check {
        LinearWidth::Tp => st.cur.tp_size,
        LinearWidth::Layer => w,
    };
    if check > 1 && check == w && modulo(q, block_k) != Some(0) {
        return Blocks::BlockK(q, block_k);
    }
    Blocks::Pass
}

/// The block checks of the dense MLP built right after the attention, over the full TP group:
/// the gate and up projections' partitions (`intermediate_size / --tp-size`; two of them for a
/// `MergedColumnParallelLinear`, always checked; one for a `ColumnParallelLinear`, checked with
/// `--tp-size` above 1) against `block_n`, then with `--tp-size` above 1 the down projection's
/// input slice against `block_k`. An intermediate size that does not divide by the TP size is
/// not judged (the linear layers' own divisibility asserts, which differ between releases, come
/// first).
fn dense_mlp_blocks(
    ctx: &Ctx,
    st: &State,
    gate_up: crate::model::archs::MlpGateUp,
    block_n: i64,
    block_k: i64,
) -> Blocks {
    use crate::model::archs::MlpGateUp;
    use crate::py::modulo;
    let tp = st.cur.tp_size;
    let Some(inter) = ctx
        .model
        .hf
        .text()
        .int("intermediate_size")
        .filter(|n| *n > 0)
    else {
        return Blocks::Unknown;
    };
    if tp <= 0 || modulo(inter, tp) != Some(0) {
        return Blocks::Unknown;
    }
    let size = inter / tp;
    let checked = match gate_up {
        MlpGateUp::Merged => true,
        MlpGateUp::Column => tp > 1,
    };
    if checked && modulo(size, block_n) != Some(0) {
        return Blocks::BlockN(size, block_n);
    }
    if tp > 1 && modulo(size, block_k) != Some(0) {
        return Blocks::BlockK(size, block_k);
    }
    Blocks::Pass
}

/// The checks of the first decoder layer's linear layers, in the order the layer builds them:
/// for a plain block-FP8 checkpoint ([`fp8_weight_block`]) the attention's QKV and output
/// projections ([`attention_blocks`]), with between them, for an attention that calls it,
/// `reject_attn_tp_shard_with_tp_reduce` ([`attn_tp_reduce`], PAR077, unquantized too); then,
/// for the architectures whose decoder layer builds a
/// dense MLP next, `MergedColumnParallelLinear`'s bare assert that `intermediate_size` divides
/// by `--tp-size` (PAR076, `layers/linear.py:693@0.5.23`) and, block FP8, the MLP's gate/up and
/// down projections ([`dense_mlp_blocks`]). For the reviewed architectures whose linear layers
/// `scripts/models/gen_head_asserts.py` verified in the release's wheel, after the head asserts
/// passed, and only unquantized or plain block FP8 (other methods' weight creation checks the
/// attention's layers first, with their own messages). PAR074 (`block_n`) and PAR075
/// (`block_k`) cite `layers/quantization/fp8.py` of the release.
fn first_layer_linears(ctx: &Ctx, st: &mut State) -> Step {
    use crate::model::archs::{MlpGateUp, head_asserts, linear_lines};
    use crate::rules::parallel as pr;
    let Some(arch) = built_arch(ctx, st) else {
        return Ok(());
    };
    let (Some(h), Some(lines)) = (head_asserts(ctx.v, arch), linear_lines(ctx.v)) else {
        return Ok(());
    };
    if h.attn_linears.is_none() {
        return Ok(());
    }
    let block = fp8_weight_block(ctx, st);
    if block.is_none() && super::model::model_config_quantization(ctx, st).is_some() {
        return Ok(());
    }
    let mut found = match block {
        Some((n, k)) => attention_blocks(ctx, st, h, lines.width, n, k),
        None => Blocks::Pass,
    };
    // an attention's reject_attn_tp_shard_with_tp_reduce runs right after its QKV projection
    // (whose block checks, PAR074, come first) and before its output projection's (PAR075)
    if let Some((layer, _)) = h.tp_reduce
        && !matches!(found, Blocks::BlockN(..) | Blocks::Unknown)
    {
        attn_tp_reduce(ctx, st, layer)?;
    }
    if found == Blocks::Pass
        && let Some(gate_up) = h.dense_mlp
    {
        let tp = st.cur.tp_size;
        let inter = ctx.model.hf.text().int("intermediate_size");
        if gate_up == MlpGateUp::Merged
            && tp > 0
            && let Some(inter) = inter
            && crate::py::modulo(inter, tp) != Some(0)
        {
            const LINEAR: &str = "python/sglang/srt/layers/linear.py";
            return Err(raise_at(
                ctx,
                st,
                &pr::MLP_INTERMEDIATE_TP,
                &[],
                LINEAR,
                lines.merged_tp,
            ));
        }
        if let Some((n, k)) = block {
            found = dense_mlp_blocks(ctx, st, gate_up, n, k);
        }
    }
    let (rule, name, size, block, line) = match found {
        Blocks::BlockN(size, n) => (&pr::FP8_LINEAR_BLOCK_N, "block_n", size, n, lines.block_n),
        Blocks::BlockK(size, k) => (&pr::FP8_LINEAR_BLOCK_K, "block_k", size, k, lines.block_k),
        Blocks::Pass | Blocks::Unknown => return Ok(()),
    };
    let args = [("size", PyVal::Int(size)), (name, PyVal::Int(block))];
    const FP8: &str = "python/sglang/srt/layers/quantization/fp8.py";
    Err(raise_at(ctx, st, rule, &args, FP8, line))
}

/// `reject_attn_tp_shard_with_tp_reduce(layer, shard_tp_size=attn_tp_size,
/// reduces_over_attn_tp=False)` (`layers/dp_attention.py:536-571@0.5.23`), which an attention
/// class that splits its heads over attention TP but reduces its output over the whole TP group
/// calls while it is built: it refuses `1 < attn_tp_size < tp_size` (PAR077), naming the widths
/// that narrow the group (`--attn-dp-size N`, `--attn-cp-size N`) and the remedy.
fn attn_tp_reduce(ctx: &Ctx, st: &mut State, layer: &'static str) -> Step {
    let Some(line) = crate::model::archs::tp_reduce_line(ctx.v) else {
        return Ok(());
    };
    let a = &st.cur;
    let tp = a.tp_size;
    let Some(shard) = crate::fields::attn_tp_width(a) else {
        return Ok(());
    };
    if !(1 < shard && shard < tp) {
        return Ok(());
    }
    let mut narrowed = Vec::new();
    let adp = crate::fields::attn_dp_width(a);
    if adp > 1 {
        narrowed.push(format!("--attn-dp-size {adp}"));
    }
    if a.attn_cp_size > 1 {
        narrowed.push(format!("--attn-cp-size {}", a.attn_cp_size));
    }
    let (joined, remedy) = if narrowed.is_empty() {
        (
            "this layout".to_string(),
            "widen the attention TP group".to_string(),
        )
    } else {
        let drops: Vec<String> = narrowed.iter().map(|f| format!("drop {f}")).collect();
        (narrowed.join(" with "), drops.join(" and "))
    };
    let args = [
        ("layer", PyVal::s(layer)),
        ("shard_tp_size", PyVal::Int(shard)),
        ("tp_size", PyVal::Int(tp)),
        (
            "' with '.join(narrowed_by) or 'this layout'",
            PyVal::s(joined),
        ),
        ("remedy", PyVal::s(remedy)),
        ("hint", PyVal::s("")),
    ];
    const DP_ATTENTION: &str = "python/sglang/srt/layers/dp_attention.py";
    Err(raise_at(
        ctx,
        st,
        &crate::rules::parallel::ATTN_TP_SHARD_TP_REDUCE,
        &args,
        DP_ATTENTION,
        line,
    ))
}

/// `(block_n, block_k)` of a plain block-FP8 model: the model config's quantization is `fp8`
/// and the checkpoint's `quantization_config` gives `weight_block_size` with the
/// `activation_scheme` `dynamic` that `Fp8Config` requires of it (`fp8.py:311,350@0.5.23`;
/// `Fp8MoEMethod.block_quant` is `weight_block_size is not None`).
///
/// `None` (not judged) for everything else that changes which layers are FP8 or how their
/// weights are created: a config key outside the plain format (`routed_experts_quant_method`,
/// NVFP4 expert metadata, ...), ignored modules that may cover the first layer's attention or
/// experts (`is_layer_skipped` matches dotted paths, `quantization/utils.py:48-120@0.5.23`; the
/// Qwen uploads list only norms, gates and `lm_head`), and the environment variables
/// `SGLANG_FP8_IGNORED_LAYERS` and `SGLANG_ROCM_DISABLE_LINEARQUANT`.
fn fp8_weight_block(ctx: &Ctx, st: &State) -> Option<(i64, i64)> {
    const PLAIN: &[&str] = &[
        "quant_method",
        "fmt",
        "activation_scheme",
        "weight_block_size",
        "modules_to_not_convert",
        "ignored_layers",
    ];
    if super::model::model_config_quantization(ctx, st).as_deref() != Some("fp8")
        || ctx.env("SGLANG_FP8_IGNORED_LAYERS").is_some()
        || ctx.env("SGLANG_ROCM_DISABLE_LINEARQUANT").is_some()
    {
        return None;
    }
    let qc = ctx.model.hf_quant_config.as_ref()?;
    if qc.get("quant_method").and_then(|m| m.as_str()) != Some("fp8")
        || qc.get("activation_scheme").and_then(|m| m.as_str()) != Some("dynamic")
        || qc.keys().any(|k| !PLAIN.contains(&k.as_str()))
    {
        return None;
    }
    let block = qc.get("weight_block_size")?.as_array()?;
    let (n, k) = match block.as_slice() {
        [n, k] => (n.as_i64()?, k.as_i64()?),
        _ => return None,
    };
    // an entry that may cover layer 0's attention or experts
    let may_cover = |m: &str| {
        let last = m.rsplit('.').next().unwrap_or(m);
        m.contains("experts")
            || m.contains("self_attn")
            || m.contains("proj")
            || matches!(last, "mlp" | "model" | "layers" | "0")
    };
    let covers = ["ignored_layers", "modules_to_not_convert"]
        .iter()
        .any(|key| {
            qc.get(*key)
                .and_then(|l| l.as_array())
                .is_some_and(|l| l.iter().any(|m| m.as_str().is_none_or(may_cover)))
        });
    (n > 0 && k > 0 && !covers).then_some((n, k))
}

/// `configure_kv_cache_dtype`: the torch dtype of the KV pool, as `str(dtype)` prints it.
fn configure_kv_cache_dtype(ctx: &Ctx, st: &mut State) -> Result<String, super::Raised> {
    let kv = st.cur.kv_cache_dtype.clone();
    Ok(match kv.as_ref() {
        "fp8_e4m3" => ctx.hw.fp8_e4m3_torch().into(),
        "fp8_e5m2" if ctx.hw.is_hip() => ctx.hw.fp8_e4m3_torch().into(),
        "fp8_e5m2" => "torch.float8_e5m2".into(),
        "mxfp8" => "torch.float8_e4m3fn".into(),
        "nvfp4" | "fp4_mx_block16" => "torch.float4_e2m1fn_x2".into(),
        // an argparse choice up to 0.5.20 (`kv_cache_dtype.py:65-69@0.5.20`)
        "fp4_e2m1" if ctx.v <= SglangVersion::V0_5_20 => {
            return Err(st.raise(ctx, &kv::FP4_E2M1, &[]));
        }
        // auto: the model dtype (every modelled checkpoint is bfloat16, none declares an FP8 KV recipe)
        _ => "torch.bfloat16".into(),
    })
}

/// One registry creator.
fn create(ctx: &Ctx, st: &mut State, backend: &str) -> Step {
    let mla = ctx.model.is_mla();
    match backend {
        "fa3" => {
            // attention_registry.py:238-261: raw capability, no CUDA-version check
            let major = ctx.hw.major();
            if !((major == 8 && !mla) || major == 9) {
                return Err(st.raise(ctx, &ar::FA3_SM, &[]));
            }
            Ok(())
        }
        "trtllm_mha" => {
            if mla {
                return Err(st.raise(ctx, &ar::TRTLLM_MHA_NON_MLA, &[]));
            }
            trtllm_mha_init(ctx, st)
        }
        "trtllm_mla" if !mla => Err(st.raise(ctx, &ar::TRTLLM_MLA_NEEDS_MLA, &[])),
        // attention_registry.py:99-107@0.5.23 (:81-89@0.5.19): DCP with a draft needs another
        // decode backend, whichever role this creator is called for
        "trtllm_mla"
            if st.cur.dcp_size > 1
                && st.cur.speculative_algorithm.is_some()
                && st.decode().as_deref() == Some("trtllm_mla") =>
        {
            Err(st.raise(ctx, &ar::TRTLLM_MLA_DCP_SPEC, &[]))
        }
        "cutedsl_mla" if !mla => Err(st.raise(ctx, &ar::CUTEDSL_NEEDS_MLA, &[])),
        // attention_registry.py:97-99@0.5.19 (until 0.5.22)
        "tokenspeed_mla" if !mla && ctx.v <= SglangVersion::V0_5_22 => {
            Err(st.raise(ctx, &ar::TOKENSPEED_NEEDS_MLA, &[]))
        }
        // TokenspeedMLABackend.__init__ (tokenspeed_mla_backend.py:128-136@0.5.20)
        "tokenspeed_mla" if ctx.v <= SglangVersion::V0_5_22 => {
            let kv = st.kv_cache_torch_dtype.clone().unwrap_or_default();
            if kv != "torch.float8_e4m3fn" {
                return Err(st.raise(
                    ctx,
                    &ar::TOKENSPEED_BACKEND_FP8,
                    &[("data_type", PyVal::Raw(kv))],
                ));
            }
            let page = st.cur.page_size.unwrap_or(1);
            if page != 32 && page != 64 {
                return Err(st.raise(
                    ctx,
                    &ar::TOKENSPEED_BACKEND_PAGE,
                    &[("page_size", PyVal::Int(page))],
                ));
            }
            Ok(())
        }
        // FlashMLABackend.__init__ reads model_config.kv_lora_rank (flashmla_backend.py:90)
        "flashmla" if !mla => {
            // a warning: the AttributeError is not counted by the oracle (ATTN022)
            st.emit(ctx, &ar::FLASHMLA_NEEDS_MLA, &[]);
            Ok(())
        }
        "nsa" => {
            st.emit(ctx, &ar::NSA_DEPRECATED, &[]);
            deepseek_sparse_attn_backend_init(ctx, st)
        }
        "dsa" => deepseek_sparse_attn_backend_init(ctx, st),
        "dsv4" if ctx.hw.is_cuda() => deepseek_v4_attn_backend_init(ctx, st),
        "dsv4" if ctx.hw.is_hip() => deepseek_v4_hip_radix_backend_init(ctx, st),
        "hpc_ops" => hpc_ops(ctx, st),
        // attention_registry.py:208-211@0.5.23 (:185-188@0.5.19)
        "triton" if ctx.model.is_encoder_decoder => Err(st.raise(ctx, &ar::TRITON_CROSS_ATTN, &[])),
        _ => Ok(()),
    }
}

/// `create_hpc_ops_backend` (`attention_registry.py:286-300`) and `HPCOpsAttnBackend.__init__`
/// (`layers/attention/hpc_ops_backend.py:129-190@0.5.23`). The `hpc` package is assumed installed.
fn hpc_ops(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.model.is_mla() {
        return Err(st.raise(ctx, &ar::HPC_NON_MLA, &[]));
    }
    if st.cur.speculative_algorithm.is_some() {
        return Err(st.raise(ctx, &ar::HPC_SPEC, &[]));
    }
    let (major, minor) = ctx.hw.capability;
    if major != 9 {
        return Err(st.raise(
            ctx,
            &ar::HPC_SM90,
            &[("device_sm", PyVal::s(format!("{major}{minor}")))],
        ));
    }
    // the page-size check (hpc_ops_backend.py:153) cannot fail: PAGE006 already set 64
    let kv = st.kv_cache_torch_dtype.clone().unwrap_or_default();
    if kv != "torch.bfloat16" && kv != "torch.float8_e4m3fn" {
        return Err(st.raise(ctx, &ar::HPC_KV, &[("kv_cache_dtype", PyVal::Raw(kv))]));
    }
    let tp = ctx.tp();
    let q = ctx.model.num_attention_heads.unwrap_or(0) / tp;
    let kvh = ctx.model.get_num_kv_heads(tp);
    if kv == "torch.float8_e4m3fn" && !matches!((q, kvh), (8, 1) | (64, 8)) {
        return Err(st.raise(
            ctx,
            &ar::HPC_FP8_HEADS,
            &[("heads", PyVal::Raw(format!("({q}, {kvh})")))],
        ));
    }
    let group = q / kvh;
    if ctx.model.head_dim != 128 || !matches!(group, 4 | 8) {
        return Err(st.raise(
            ctx,
            &ar::HPC_HEADS,
            &[
                ("head_dim", PyVal::Int(ctx.model.head_dim)),
                ("num_q_heads", PyVal::Int(q)),
                ("num_kv_heads", PyVal::Int(kvh)),
            ],
        ));
    }
    Ok(())
}

/// `TRTLLMHAAttnBackend.__init__` (`layers/attention/trtllm_mha_backend.py:374-390`).
fn trtllm_mha_init(ctx: &Ctx, st: &mut State) -> Step {
    let page = st.cur.page_size.unwrap_or(1);
    let xqa = ctx.hw.is_sm90() || ctx.hw.is_sm120();
    if page < 128 || xqa {
        return Ok(());
    }
    // `config.num_attention_heads // attn_tp_size` (a plain floor: 0 when the rank has fewer
    // than one head) and `config.get_num_kv_heads(attn_tp_size)` (at least 1)
    let tp = ctx.attn_tp();
    let q = ctx
        .model
        .num_attention_heads
        .unwrap_or(0)
        .div_euclid(tp.max(1));
    let kv = ctx.model.get_num_kv_heads(tp);
    let pow2 = page > 0 && page & (page - 1) == 0;
    if q / kv <= 1 || ctx.model.head_dim != ctx.model.v_head_dim || !pow2 {
        return Err(st.raise(
            ctx,
            &ar::TRTLLM_MHA_PAGE128,
            &[
                ("page_size", PyVal::Int(page)),
                ("num_q_heads", PyVal::Int(q)),
                ("num_kv_heads", PyVal::Int(kv)),
                ("head_dim", PyVal::Int(ctx.model.head_dim)),
                ("v_head_dim", PyVal::Int(ctx.model.v_head_dim)),
            ],
        ));
    }
    Ok(())
}

/// `attn_backend_wrapper` (`attention_registry.py:355-576`): the hybrid-GDN Blackwell allow-list.
fn attn_backend_wrapper(ctx: &Ctx, st: &mut State, p: &str, d: &str) -> Step {
    // hybrid_gdn_config(model_config) (configs/hybrid_arch.py:55-67); MLA models assert earlier
    if !ctx.model.hybrid_gdn() || ctx.model.is_mla() || !ctx.hw.is_blackwell() {
        return Ok(());
    }
    // Python set order as printed by CPython 3.11 with the oracle's hash seed.
    let allowed: &[&str] = if ctx.hw.is_sm120() {
        &["trtllm_mha", "triton", "flashinfer"]
    } else if ctx.v <= SglangVersion::V0_5_20 {
        // {"triton", "trtllm_mha", "fa4"} (attention_registry.py:441@0.5.19, :437@0.5.20) prints
        // in this order (0.5.19's oracle, golden case rand11-cf018df6f7); flashinfer joins in 0.5.21
        &["trtllm_mha", "triton", "fa4"]
    } else {
        &["trtllm_mha", "triton", "fa4", "flashinfer"]
    };
    if !allowed.contains(&p) || !allowed.contains(&d) {
        let set = format!(
            "{{{}}}",
            allowed
                .iter()
                .map(|s| crate::pyfmt::py_str_repr(s))
                .collect::<Vec<_>>()
                .join(", ")
        );
        return Err(st.raise(
            ctx,
            &lr::GDN_BLACKWELL,
            &[
                ("allowed", PyVal::Raw(set)),
                ("prefill_be", PyVal::s(p)),
                ("decode_be", PyVal::s(d)),
            ],
        ));
    }
    Ok(())
}

/// `DeepseekSparseAttnBackend.__init__` (`layers/attention/dsa_backend.py:510-785@0.5.23`).
fn deepseek_sparse_attn_backend_init(ctx: &Ctx, st: &mut State) -> Step {
    if !ctx.model.is_deepseek_dsa {
        return Err(st.raise(ctx, &dsa::MODEL_ONLY, &[]));
    }
    let prefill = st.cur.dsa_prefill_backend.clone();
    let decode = st.cur.dsa_decode_backend.clone();
    let major = ctx.hw.major() as i64;
    let kv_torch = st.kv_cache_torch_dtype.clone().unwrap_or_default();
    let p = prefill.as_deref().unwrap_or("");
    let d = decode.as_deref().unwrap_or("");

    // _validate_flashmla_sparse_q8_backend (dsa_backend.py:421-489)
    if p == "flashmla_sparse_q8" {
        // 0.5.19–0.5.21: native FP8 only (`dsa_backend.py:501-512@0.5.21`)
        if ctx.v <= SglangVersion::V0_5_21 {
            if kv_torch != "torch.float8_e4m3fn" {
                return Err(st.raise(
                    ctx,
                    &dsa::Q8_KV_DTYPE,
                    &[("kv_cache_dtype", PyVal::Raw(kv_torch.clone()))],
                ));
            }
        } else {
            if kv_torch != "torch.bfloat16" && kv_torch != "torch.float8_e4m3fn" {
                return Err(st.raise(
                    ctx,
                    &dsa::Q8_KV_DTYPE,
                    &[("kv_cache_dtype", PyVal::Raw(kv_torch.clone()))],
                ));
            }
            // dsa_kv_cache_store_fp8 (calculate_mla_kv_cache_dim): raw layout with a trtllm side or both tilelang
            let raw_layout = p == "trtllm" || d == "trtllm" || (p == "tilelang" && d == "tilelang");
            let store_fp8 = kv_torch == "torch.float8_e4m3fn" && !raw_layout;
            if store_fp8 && ctx.model.qk_rope_head_dim == Some(0) {
                return Ok(());
            }
            if kv_torch == "torch.float8_e4m3fn" && !store_fp8 {
                return Err(st.raise(ctx, &dsa::Q8_UNPACKED, &[]));
            }
        }
        if major != 9 {
            return Err(st.raise(
                ctx,
                &dsa::Q8_SM90_ONLY,
                &[("device_sm_major", PyVal::Int(major))],
            ));
        }
    }
    if d == "flashmla_sparse_q8" {
        return Err(st.raise(ctx, &dsa::Q8_DECODE, &[]));
    }
    // _validate_triton_sparse_mla_backend (dsa_backend.py:361-403@0.5.23, :353-395@0.5.22)
    if p == "triton_sparse_mla" && ctx.v >= SglangVersion::V0_5_22 {
        let heads = ctx.model.num_attention_heads.unwrap_or(0) / ctx.attn_tp();
        if ctx.hw.is_hip() {
            return Err(st.raise(ctx, &dsa::TRITON_SPARSE_MLA_ROCM, &[]));
        } else if major < 9 {
            return Err(st.raise(
                ctx,
                &dsa::TRITON_SPARSE_MLA_SM,
                &[("device_sm_major", PyVal::Int(major))],
            ));
        } else if heads > 32 {
            return Err(st.raise(
                ctx,
                &dsa::TRITON_SPARSE_MLA_HEADS,
                &[("num_q_heads", PyVal::Int(heads))],
            ));
        }
    }
    validate_flashinfer_sparse_mla_backend(ctx, st, &prefill, &decode, major, &kv_torch)
}

/// `_validate_flashinfer_sparse_mla_backend`
/// (`kernels/ops/attention/flash_mla_sm120.py:678-713@0.5.23`, `:572-603@0.5.19`).
fn validate_flashinfer_sparse_mla_backend(
    ctx: &Ctx,
    st: &mut State,
    prefill: &Option<crate::args::value::Str>,
    decode: &Option<crate::args::value::Str>,
    major: i64,
    kv_torch: &str,
) -> Step {
    let is_fi = |b: &Option<crate::args::value::Str>| b.as_deref() == Some("flashinfer_sparse_mla");
    let uses = is_fi(prefill) || is_fi(decode);
    let is_glm_sm12_fp8 = lists::GLM_DSA_VALIDATOR_ARCHS.contains(ctx.v, ctx.arch())
        && major == 12
        && kv_torch == "torch.float8_e4m3fn"
        && !ctx.hw.is_hip();
    if uses && !is_glm_sm12_fp8 {
        return Err(st.raise(
            ctx,
            &dsa::FISPARSE_REQUIRES_GLM_SM12_FP8,
            &[
                ("model_arch", PyVal::s(ctx.arch())),
                ("device_sm_major", PyVal::Int(major)),
                ("kv_cache_dtype", PyVal::Raw(kv_torch.into())),
                ("prefill_impl", PyVal::opt(prefill.as_deref())),
                ("decode_impl", PyVal::opt(decode.as_deref())),
            ],
        ));
    }
    if is_glm_sm12_fp8 {
        // triton_sparse_mla prefill is allowed from 0.5.22 (`flash_mla_sm120.py:703@0.5.21`)
        let allowed: &[&str] = if ctx.v <= SglangVersion::V0_5_21 {
            &["flashinfer_sparse_mla"]
        } else {
            &["flashinfer_sparse_mla", "triton_sparse_mla"]
        };
        // selected = {prefill_impl, decode_impl}; sorted(selected - allowed)
        let mut unsupported: Vec<PyVal> = Vec::new();
        let mut names: Vec<Option<&str>> = vec![prefill.as_deref(), decode.as_deref()];
        names.dedup();
        names.sort();
        for n in names {
            if !n.is_some_and(|n| allowed.contains(&n)) {
                unsupported.push(PyVal::opt(n));
            }
        }
        if !unsupported.is_empty() {
            return Err(st.raise(
                ctx,
                &dsa::GLM_SM12_FP8_ONLY_FISPARSE,
                &[("sorted(unsupported)", PyVal::List(unsupported))],
            ));
        }
    }
    Ok(())
}

/// `use_dsv4_q8kv8_sparse_prefill` (`layers/attention/dsv4/sparse_prefill_utils.py:57-72@0.5.23`):
/// the environment variable, when set, wins both ways.
pub fn use_dsv4_q8kv8_sparse_prefill(env: Option<&str>, backend: &str) -> bool {
    match env {
        Some(v) => matches!(v.to_lowercase().as_str(), "1" | "true" | "yes" | "on"),
        None => backend == "flashmla_sparse_q8",
    }
}

/// `DeepseekV4HipRadixBackend.__init__`, what `create_dsv4_backend` builds on ROCm
/// (`attention_registry.py:185-193@0.5.23`, `layers/attention/deepseek_v4_backend_hip_radix.py:910-942@0.5.23`,
/// `:426-447@0.5.19`): the head and page-size asserts. The later ones need the DeepSeek-V4 KV
/// pool (which a model with a 512-dim head and page 256 has) or environment flags.
fn deepseek_v4_hip_radix_backend_init(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.model.head_dim != 512 {
        return Err(st.raise(ctx, &dsv4::HIP_HEAD_DIM, &[]));
    }
    if st.cur.page_size != Some(256) {
        return Err(st.raise(ctx, &dsv4::HIP_PAGE_256, &[]));
    }
    Ok(())
}

/// `DeepseekV4AttnBackend.__init__` (`layers/attention/deepseek_v4_backend.py:1231-1338@0.5.23`,
/// `:508-589@0.5.19`).
fn deepseek_v4_attn_backend_init(ctx: &Ctx, st: &mut State) -> Step {
    // :1248-1258, for whatever model the backend is built for
    if ctx.model.head_dim != 512 {
        return Err(st.raise(ctx, &dsv4::HEAD_DIM, &[]));
    }
    if st.cur.page_size != Some(256) {
        return Err(st.raise(ctx, &dsv4::PAGE_256, &[]));
    }
    if !ctx.model.is_deepseek_v4 {
        return Ok(());
    }
    let backend = st.cur.dsv4_prefill_backend.clone();
    if use_dsv4_q8kv8_sparse_prefill(ctx.env("SGLANG_DSV4_Q8KV8_PREFILL"), &backend) {
        if !ctx.hw.is_sm90() {
            return Err(st.raise(ctx, &dsv4::Q8_PREFILL_SM90, &[]));
        }
        if ctx.model.v_head_dim != 512 {
            return Err(st.raise(
                ctx,
                &dsv4::Q8_PREFILL_DV512,
                &[("head_dim_v", PyVal::Int(ctx.model.v_head_dim))],
            ));
        }
    }
    if st.cur.speculative_eagle_topk.unwrap_or(0) > 1 {
        return Err(st.raise(ctx, &dsv4::MTP_TOPK, &[]));
    }
    Ok(())
}

/// `_get_quantization_config` (`model_loader/loader.py:253-265@0.5.23`), reached by `load_model`:
/// the quantization config class of `model_config.quantization` needs `get_min_capability()`
/// (`generated::quant`, from each release's `layers/quantization`) or more, compared with the
/// GPU's `major * 10 + minor` (torch's HIP value on AMD).
///
/// The class exists when the checkpoint declares its quantization (`from_config`) or when the
/// method reads no config file (`get_config_filenames() == []`: an online quantization builds
/// it bare, `weight_utils.py:346-375@0.5.23`); a method that looks for a file the checkpoint
/// does not declare is not judged here. `Fp8Config`'s capability is a condition, ported:
/// 100 for MXFP8 (95 on gfx95, 94 where MXFP8 is converted to block FP8: gfx942 or
/// `SGLANG_FORCE_MXFP8_BLOCK_CONVERT`), else 80 (`layers/quantization/fp8.py:329-339@0.5.23`).
fn quantization_min_capability(ctx: &Ctx, st: &mut State) -> Step {
    let Some(q) = super::model::model_config_quantization(ctx, st) else {
        return Ok(());
    };
    let hw = &ctx.hw;
    let registered = |guard: Option<&str>| match guard {
        None => true,
        Some(g) => {
            (g.contains("is_cuda()") && hw.is_cuda())
                || (g.contains("_is_gfx95_supported") && hw.is_hip() && hw.is_gfx95())
        }
    };
    let Some(m) = crate::generated::quant::QUANT_METHODS.iter().find(|m| {
        m.name == q && m.versions.iter().any(|r| r.contains(ctx.v)) && registered(m.registered_when)
    }) else {
        return Ok(());
    };
    let declared = ctx.model.hf_quant_config.as_ref();
    // without a declared config: a method that needs no file, or modelopt_fp4, which falls back
    // to ModelOptFp4Config.for_online_weight_quantization when no file is found
    // (`weight_utils.py:382-388@0.5.23`, every release)
    if declared.is_none() && q != "modelopt_fp4" && m.config_filenames.is_none_or(|f| !f.is_empty())
    {
        return Ok(());
    }
    // Fp8Config.from_config: `use_mxfp8 = "mxfp8" in quant_method`, the checkpoint's own
    // (case-sensitive) string (`fp8.py:348@0.5.23`); built without a file for --quantization mxfp8
    let use_mxfp8 = match declared.and_then(|c| c.get("quant_method")?.as_str()) {
        Some(raw) => raw.contains("mxfp8"),
        None => q == "mxfp8",
    };
    let min = match (m.min_capability, m.class) {
        (Some(c), _) => c,
        (None, "Fp8Config") if use_mxfp8 => {
            // get_bool_env_var: "true" or "1", lower-cased
            let forced = ctx
                .env("SGLANG_FORCE_MXFP8_BLOCK_CONVERT")
                .is_some_and(|v| matches!(v.to_lowercase().as_str(), "true" | "1"));
            if hw.is_hip() && hw.is_gfx95() {
                95
            } else if forced || (hw.is_hip() && hw.gfx == Some("gfx942")) {
                94
            } else {
                100
            }
        }
        (None, "Fp8Config") => 80,
        (None, _) => return Ok(()),
    };
    let capability = u32::from(hw.capability.0) * 10 + u32::from(hw.capability.1);
    if capability < min {
        return Err(st.raise(
            ctx,
            &crate::rules::model::QUANT_MIN_CAPABILITY,
            &[
                ("model_config.quantization", PyVal::s(q)),
                (
                    "quant_config.get_min_capability()",
                    PyVal::Int(i64::from(min)),
                ),
                ("capability", PyVal::Int(i64::from(capability))),
            ],
        ));
    }
    Ok(())
}
