//! "What SGLang will run": the effective backends, KV dtype and page size, each marked
//! with where it came from (the user, SGLang's default, or a rule's rewrite).

use std::rc::Rc;

use preflight_core::report::{Origin, Resolved, Severity};
use preflight_core::{LaunchConfig, Report};
use yew::prelude::*;

use super::diagnostic_card::severity_word;

/// Props of [`ResolvedPanel`].
#[derive(Properties, PartialEq)]
pub struct ResolvedPanelProps {
    /// The current report.
    pub report: Rc<Report>,
    /// The configuration it was computed from (to tell a rewrite from a default).
    pub cfg: LaunchConfig,
}

/// One row: label, field name (key of `origin` and of the configuration), value.
fn rows(r: &Resolved) -> Vec<(&'static str, &'static str, Option<String>)> {
    let kv = r
        .kv_cache_dtype
        .clone()
        .map(|k| match &r.kv_cache_torch_dtype {
            Some(t) => format!("{k} ({t})"),
            None => k,
        });
    let mut out = vec![
        (
            "Attention backend",
            "attention_backend",
            r.attention_backend.clone(),
        ),
        (
            "Prefill attention",
            "prefill_attention_backend",
            r.prefill_attention_backend.clone(),
        ),
        (
            "Decode attention",
            "decode_attention_backend",
            r.decode_attention_backend.clone(),
        ),
        (
            "DSA prefill",
            "dsa_prefill_backend",
            r.dsa_prefill_backend.clone(),
        ),
        (
            "DSA decode",
            "dsa_decode_backend",
            r.dsa_decode_backend.clone(),
        ),
        (
            "DeepSeek-V4 prefill",
            "dsv4_prefill_backend",
            r.dsv4_prefill_backend.clone(),
        ),
        (
            "DeepSeek-V4 attention",
            "dsv4_attn_backend",
            r.dsv4_attn_backend.clone(),
        ),
        ("KV cache dtype", "kv_cache_dtype", kv),
        ("Page size", "page_size", r.page_size.map(|p| p.to_string())),
    ];
    let optional = [
        (
            "Speculative algorithm",
            "speculative_algorithm",
            r.speculative_algorithm.clone(),
        ),
        (
            "Draft top-k",
            "speculative_eagle_topk",
            r.speculative_eagle_topk.map(|v| v.to_string()),
        ),
        (
            "Draft steps",
            "speculative_num_steps",
            r.speculative_num_steps.map(|v| v.to_string()),
        ),
        (
            "Draft tokens",
            "speculative_num_draft_tokens",
            r.speculative_num_draft_tokens.map(|v| v.to_string()),
        ),
        ("Mamba backend", "mamba_backend", r.mamba_backend.clone()),
        (
            "Linear attention",
            "linear_attn_backend",
            r.linear_attn_backend.clone(),
        ),
        (
            "CUDA graphs",
            "disable_cuda_graph",
            r.disable_cuda_graph.then(|| "disabled".to_string()),
        ),
        (
            "Radix cache",
            "disable_radix_cache",
            r.disable_radix_cache.then(|| "disabled".to_string()),
        ),
    ];
    out.extend(optional.into_iter().filter(|(_, _, v)| v.is_some()));
    out
}

/// The origin badge: (CSS modifier, text).
fn badge(origin: Option<&Origin>, user_set: bool) -> Option<(&'static str, String)> {
    match origin? {
        Origin::User => Some(("user", "your choice".into())),
        Origin::Default => Some(("default", "SGLang default".into())),
        Origin::Rule(code) if user_set => Some(("rule", format!("rewritten by {code}"))),
        Origin::Rule(code) => Some(("rule", format!("set by {code}"))),
    }
}

/// The effective configuration.
#[component]
pub fn ResolvedPanel(props: &ResolvedPanelProps) -> Html {
    let r = &props.report.resolved;
    let errored = props.report.first_error().is_some();
    let nothing = *r == Resolved::default();
    let rewrites: Vec<_> = props
        .report
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Error)
        .collect();
    html! {
        <section class="panel resolved" aria-labelledby="resolved-title">
            <h2 id="resolved-title">{ "What SGLang will run" }</h2>
            if nothing {
                <p class="empty">{ "Nothing resolved yet: fix the input errors above first." }</p>
            } else {
                if errored {
                    <p class="note">{ "SGLang stops at the first error; these are the values resolved up to it." }</p>
                }
                <table class="resolved-table">
                    <thead><tr><th scope="col">{ "Setting" }</th><th scope="col">{ "Value" }</th><th scope="col">{ "Origin" }</th></tr></thead>
                    <tbody>
                    { for rows(r).into_iter().map(|(label, field, value)| {
                        let b = value
                            .as_ref()
                            .and_then(|_| badge(r.origin.get(field), props.cfg.arg(field).is_some()));
                        html! {
                            <tr data-field={field}>
                                <th scope="row">{ label }</th>
                                <td>
                                    if let Some(v) = value { <code>{ v }</code> } else { <span class="muted">{ "not used" }</span> }
                                </td>
                                <td>
                                    if let Some((cls, text)) = b {
                                        <span class={classes!("badge", format!("origin-{cls}"))}>{ text }</span>
                                    }
                                </td>
                            </tr>
                        }
                    }) }
                    </tbody>
                </table>
            }
            if !rewrites.is_empty() {
                <h3>{ "Rewrites and warnings" }</h3>
                <ul class="rewrites">
                    { for rewrites.iter().map(|d| {
                        let sev = severity_word(d.severity);
                        html! {
                            <li>
                                <span class={classes!("sev", format!("sev-{sev}"))}>{ sev }</span>
                                { " " }<code class="code">{ d.code.clone() }</code>{ " " }
                                <span class="rewrite-msg">{ d.message.clone() }</span>
                            </li>
                        }
                    }) }
                </ul>
            }
        </section>
    }
}
