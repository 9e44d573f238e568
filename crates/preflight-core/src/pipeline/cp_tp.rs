//! CP-TP group sharing (`arg_groups/cp_tp_group_sharing_hook.py`, 0.5.22+): prefill CP for the
//! hybrid linear-attention models whose CP group is the TP group. SGLang calls
//! `resolve_cp_tp_group_sharing` from `handle_context_parallelism`
//! (`parallel_hook.py:149@0.5.23`, `:143@0.5.22`), after its model checks and before the
//! `--cp-strategy` check; [`super::parallel::handle_context_parallelism`] calls it there.

use super::{Ctx, State, Step};
use crate::pyfmt::PyVal;
use crate::report::Origin;
use crate::rules::cp_tp as cr;
use crate::version::SglangVersion as V;

const GLM5_NEXT: &str = "Glm5NextForConditionalGeneration";
const QWEN4_EXP: &str = "Qwen4ExpForConditionalGeneration";

/// `resolve_cp_tp_group_sharing` (`cp_tp_group_sharing_hook.py:27-128@0.5.23`, `:23-90@0.5.22`).
pub fn resolve_cp_tp_group_sharing(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.v < V::V0_5_22 {
        return Ok(());
    }
    let v23 = ctx.v >= V::V0_5_23;
    let arch = ctx.arch().to_string();
    let supported = arch == GLM5_NEXT || (v23 && arch == QWEN4_EXP);
    let c = &st.cur;
    if !c.enable_prefill_cp || c.attn_cp_size <= 1 || !supported {
        return Ok(());
    }
    if c.attn_cp_size != c.tp_size {
        let (cp, tp) = (c.attn_cp_size, c.tp_size);
        return Err(st.raise(
            ctx,
            &cr::WIDTH,
            &[
                ("view.attn_cp_size", PyVal::Int(cp)),
                ("cfg.tp_size", PyVal::Int(tp)),
            ],
        ));
    }
    let strategy = if arch == GLM5_NEXT {
        "interleave"
    } else {
        "zigzag"
    };
    if c.cp_strategy.as_deref() != Some(strategy) {
        return Err(st.raise(
            ctx,
            &cr::STRATEGY,
            &[("strategy", PyVal::Raw(strategy.into()))],
        ));
    }
    if let Some(alg) = c.speculative_algorithm.as_deref() {
        let upper = alg.to_uppercase();
        let mtp = matches!(upper.as_str(), "EAGLE" | "NEXTN")
            && c.speculative_draft_model_path
                .as_deref()
                .is_none_or(|p| p == c.model_path)
            && c.speculative_eagle_topk.is_none_or(|k| k == 1);
        if v23 {
            if arch != GLM5_NEXT {
                return Err(st.raise(ctx, &cr::SPEC_ARCH, &[]));
            }
            if alg != "DFLASH" && !mtp {
                return Err(st.raise(ctx, &cr::SPEC_DFLASH, &[]));
            }
        } else if !mtp {
            return Err(st.raise(ctx, &cr::SPEC_MTP, &[]));
        }
    }
    // the `unsupported` dict, in its insertion order (`|=` appends the new keys)
    let mut unsupported: Vec<(&str, bool)> = vec![
        (
            "enable-dsa-cache-layer-split",
            c.enable_dsa_cache_layer_split,
        ),
        ("dcp-size > 1", c.dcp_size > 1),
        ("enable-mixed-chunk", c.enable_mixed_chunk),
        ("moe-dp-size > 1", c.moe_dp_size > 1),
    ];
    if !v23 {
        unsupported.push(("disaggregation-mode", c.disaggregation_mode != "null"));
    } else if arch == QWEN4_EXP {
        unsupported.extend([
            ("ep-size > 1", c.ep_size > 1),
            ("moe-a2a-backend", c.moe_a2a_backend != "none"),
            ("enable-waterfill", c.enable_waterfill),
            ("pp-size > 1", c.pp_size > 1),
            (
                "disaggregation-mode decode",
                c.disaggregation_mode == "decode",
            ),
        ]);
    } else if c.disaggregation_mode != "null" {
        unsupported.extend([
            (
                "disaggregation-mode decode",
                c.disaggregation_mode == "decode",
            ),
            (
                "disaggregation-transfer-backend != mooncake",
                c.disaggregation_transfer_backend != "mooncake",
            ),
            (
                "speculative-algorithm != DFLASH",
                c.speculative_algorithm.as_deref() != Some("DFLASH"),
            ),
            ("pp-size > 1", c.pp_size > 1),
            ("dp-size > 1", c.dp_size > 1),
            ("ep-size > 1", c.ep_size > 1),
        ]);
    }
    if let Some((flag, _)) = unsupported.iter().find(|(_, on)| *on) {
        let flag = flag.to_string();
        return Err(st.raise(ctx, &cr::UNSUPPORTED, &[("flag", PyVal::Raw(flag))]));
    }
    if v23
        && c.disaggregation_mode == "prefill"
        && crate::py::env_bool(ctx.env("SGLANG_DISAGG_STAGING_BUFFER"), false)
    {
        return Err(st.raise(ctx, &cr::STAGING_BUFFER, &[]));
    }
    // mambaish_config(model): the text config of both architectures
    let text = ctx.model.text();
    let heads: Vec<(&str, Option<i64>)> = if text.int("linear_num_key_heads").is_some() {
        vec![
            ("linear_num_key_heads", text.int("linear_num_key_heads")),
            ("linear_num_value_heads", text.int("linear_num_value_heads")),
        ]
    } else {
        let n = text
            .dict("linear_attn_config")
            .and_then(|d| d.get("num_heads"))
            .and_then(crate::model::hf::as_int);
        vec![("num_heads", n)]
    };
    let tp = st.cur.tp_size;
    for (name, count) in heads {
        let Some(count) = count else { continue };
        if crate::py::modulo(count, tp).is_some_and(|m| m != 0) {
            return Err(st.raise(
                ctx,
                &cr::HEADS,
                &[
                    ("name", PyVal::Raw(name.into())),
                    ("count", PyVal::Int(count)),
                    ("cfg.tp_size", PyVal::Int(tp)),
                ],
            ));
        }
    }
    st.cur.enable_cp_tp_group_sharing = true;
    st.origin(
        "enable_cp_tp_group_sharing",
        Origin::Step("resolve_cp_tp_group_sharing"),
    );
    Ok(())
}
