//! `handle_speculative_decoding` (`arg_groups/speculative_hook.py:121-284@0.5.23`): EAGLE family
//! (`_handle_eagle_family`, :1072-1282) and NGRAM (`_handle_ngram`, :1285-1371). DFLASH, DSPARK
//! and UNO are accepted but their own checks are not modelled.

use super::{Ctx, State, Step};
use crate::model::archs::lists;
use crate::pyfmt::PyVal;
use crate::rules::spec as sr;

/// `_auto_choose_speculative_params` (:1430-1461): (steps, topk, draft tokens).
fn auto_params(ctx: &Ctx, alg: &str) -> (i64, i64, i64) {
    let arch = ctx.arch();
    if alg == "STANDALONE" {
        (3, 1, 4)
    } else if lists::SPEC_AUTO_LLAMA.contains(ctx.v, arch)
        || lists::SPEC_AUTO_GROK.contains(ctx.v, arch)
    {
        (5, 4, 8)
    } else {
        (3, 1, 4)
    }
}

/// Runs the step.
pub fn handle_speculative_decoding(ctx: &Ctx, st: &mut State) -> Step {
    let Some(raw) = st.cur.speculative_algorithm.clone() else {
        return Ok(());
    };
    let alg = match raw.to_ascii_uppercase().as_str() {
        "NEXTN" => "EAGLE".to_string(),
        other => other.to_string(),
    };
    st.cur.speculative_algorithm = Some(alg.clone());
    match alg.as_str() {
        "EAGLE" | "EAGLE3" | "STANDALONE" => eagle_family(ctx, st, &alg),
        "NGRAM" => ngram(ctx, st),
        "DFLASH" | "DSPARK" | "UNO" | "FROZEN_KV_MTP" => Ok(()),
        _ => Err(st.raise(ctx, &sr::UNKNOWN_ALGORITHM, &[("name", PyVal::s(raw))])),
    }
}

fn eagle_family(ctx: &Ctx, st: &mut State, alg: &str) -> Step {
    if ctx.args.max_running_requests.is_none() {
        st.emit(ctx, &sr::MAX_RUNNING, &[]);
    }
    if st.cur.speculative_num_steps.is_none() {
        if st.cur.speculative_eagle_topk.is_some() || st.cur.speculative_num_draft_tokens.is_some()
        {
            return Err(st.raise(ctx, &sr::PARTIAL_PARAMS, &[]));
        }
        let (steps, topk, draft) = auto_params(ctx, alg);
        st.cur.speculative_num_steps = Some(steps);
        st.cur.speculative_eagle_topk = Some(topk);
        st.cur.speculative_num_draft_tokens = Some(draft);
        for f in [
            "speculative_num_steps",
            "speculative_eagle_topk",
            "speculative_num_draft_tokens",
        ] {
            st.by(f, &sr::AUTO_PARAMS);
        }
        st.emit(
            ctx,
            &sr::AUTO_PARAMS,
            &[
                ("steps", PyVal::Int(steps)),
                ("topk", PyVal::Int(topk)),
                ("draft", PyVal::Int(draft)),
                ("arch", PyVal::s(ctx.arch())),
            ],
        );
    }
    // With steps given and topk not, SGLang compares None > 1 (a TypeError): not modelled.
    let Some(topk) = st.cur.speculative_eagle_topk else {
        return Ok(());
    };
    let uses_trtllm_mha = st.prefill().as_deref() == Some("trtllm_mha")
        || st.decode().as_deref() == Some("trtllm_mha");
    if uses_trtllm_mha && topk > 1 {
        return Err(st.raise(ctx, &sr::TRTLLM_MHA_TOPK, &[]));
    }
    let steps = st.cur.speculative_num_steps.unwrap_or(0);
    if topk == 1 && st.cur.speculative_num_draft_tokens != Some(steps + 1) {
        st.cur.speculative_num_draft_tokens = Some(steps + 1);
        st.by("speculative_num_draft_tokens", &sr::DRAFT_ADJUST);
        st.emit(ctx, &sr::DRAFT_ADJUST, &[]);
    }
    let page = st.cur.page_size.unwrap_or(1);
    let base = st.cur.attention_backend.clone().unwrap_or_default();
    if topk > 1 && page > 1 && !matches!(base.as_str(), "flashinfer" | "fa3" | "triton") {
        return Err(st.raise(
            ctx,
            &sr::PAGE_TREE,
            &[("attention_backend", PyVal::s(base))],
        ));
    }
    Ok(())
}

fn ngram(ctx: &Ctx, st: &mut State) -> Step {
    if ctx.args.max_running_requests.is_none() {
        st.emit(ctx, &sr::MAX_RUNNING, &[]);
    }
    let topk = ctx.args.speculative_ngram_max_bfs_breadth;
    st.cur.speculative_eagle_topk = Some(topk);
    let draft = st.cur.speculative_num_draft_tokens.unwrap_or(12);
    st.cur.speculative_num_draft_tokens = Some(draft);
    if st.cur.speculative_num_steps.is_none() && topk > 0 {
        st.cur.speculative_num_steps = Some(draft.div_euclid(topk));
    }
    let page = st.cur.page_size.unwrap_or(1);
    if topk > 1 && page > 1 && st.cur.attention_backend.as_deref() != Some("flashinfer") {
        return Err(st.raise(
            ctx,
            &sr::NGRAM_PAGE,
            &[("topk", PyVal::Int(topk)), ("page_size", PyVal::Int(page))],
        ));
    }
    Ok(())
}
