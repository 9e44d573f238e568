//! "What SGLang will run": the effective backends, KV dtype and page size, each marked
//! with where it came from (the user, SGLang's default, or a rule's rewrite).

use std::rc::Rc;

use preflight_core::domains::arch::find_arch;
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

/// A row: label, field name (key of `origin` and of the configuration), value.
type Row = (&'static str, &'static str, Option<String>);

/// The rows shown. Unset prefill/decode backends inherit the attention backend (SGLang's
/// semantics); the Mamba / linear-attention rows only matter for hybrid models; the
/// speculative and CUDA-graph rows appear when set.
fn rows(r: &Resolved, hybrid: bool) -> Vec<Row> {
    let inherit = |side: &Option<String>| {
        side.clone().or_else(|| {
            r.attention_backend
                .as_ref()
                .map(|a| format!("{a} (= attention backend)"))
        })
    };
    let kv = r
        .kv_cache_dtype
        .clone()
        .map(|k| match &r.kv_cache_torch_dtype {
            Some(t) => format!("{k} ({t})"),
            None => k,
        });
    let num = |v: Option<i64>| v.map(|n| n.to_string());
    let disabled = |b: bool| b.then(|| "disabled".to_string());
    let mut out: Vec<Row> = vec![
        (
            "Attention backend",
            "attention_backend",
            r.attention_backend.clone(),
        ),
        (
            "Prefill attention",
            "prefill_attention_backend",
            inherit(&r.prefill_attention_backend),
        ),
        (
            "Decode attention",
            "decode_attention_backend",
            inherit(&r.decode_attention_backend),
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
        ("Page size", "page_size", num(r.page_size)),
    ];
    let optional: [Row; 8] = [
        (
            "Speculative algorithm",
            "speculative_algorithm",
            r.speculative_algorithm.clone(),
        ),
        (
            "Draft top-k",
            "speculative_eagle_topk",
            num(r.speculative_eagle_topk),
        ),
        (
            "Draft steps",
            "speculative_num_steps",
            num(r.speculative_num_steps),
        ),
        (
            "Draft tokens",
            "speculative_num_draft_tokens",
            num(r.speculative_num_draft_tokens),
        ),
        (
            "Mamba backend",
            "mamba_backend",
            r.mamba_backend.clone().filter(|_| hybrid),
        ),
        (
            "Linear attention",
            "linear_attn_backend",
            r.linear_attn_backend.clone().filter(|_| hybrid),
        ),
        (
            "CUDA graphs",
            "disable_cuda_graph",
            disabled(r.disable_cuda_graph),
        ),
        (
            "Radix cache",
            "disable_radix_cache",
            disabled(r.disable_radix_cache),
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
        Origin::Step(step) => Some(("rule", format!("set by SGLang's {step}"))),
    }
}

/// The effective configuration.
#[component]
pub fn ResolvedPanel(props: &ResolvedPanelProps) -> Html {
    let r = &props.report.resolved;
    let hybrid = props
        .report
        .arch
        .as_deref()
        .and_then(find_arch)
        .is_some_and(|a| a.hybrid_gdn);
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
                    { for rows(r, hybrid).into_iter().map(|(label, field, value)| {
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
