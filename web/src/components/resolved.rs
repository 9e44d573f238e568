//! "What SGLang will run": the effective backends, KV dtype and page size, each marked
//! with where it came from (the user, SGLang's default, or a rule's rewrite).

use std::rc::Rc;

use preflight_core::report::{Origin, Severity};
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
    let errored = props.report.first_error().is_some();
    let nothing = r.is_empty();
    let rewrites: Vec<_> = props
        .report
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Error)
        .collect();
    html! {
        <section class="panel resolved" aria-labelledby="resolved-title">
            <h2 id="resolved-title">{ "What SGLang will run" }</h2>
            if let Some(m) = &props.report.model {
                <p class="model-facts" id="model-facts">
                    <strong>{ "Model: " }</strong>{ format!("{}.", m.facts()) }
                    if m.is_assumed() {
                        { " Your checkpoint may differ: give its config.json under Deployment." }
                    }
                </p>
            }
            if nothing {
                <p class="empty">{ "Nothing resolved yet: fix the input errors above first." }</p>
            } else {
                if errored {
                    <p class="note">{ "SGLang stops at the first error; these are the values resolved up to it." }</p>
                }
                <table class="resolved-table">
                    <thead><tr><th scope="col">{ "Setting" }</th><th scope="col">{ "Value" }</th><th scope="col">{ "Origin" }</th></tr></thead>
                    <tbody>
                    { for r.iter().filter(|v| v.shown).map(|v| {
                        let b = (!v.value.is_null())
                            .then(|| badge(Some(&v.origin), props.cfg.arg(v.key).is_some()))
                            .flatten();
                        html! {
                            <tr data-field={v.key}>
                                <th scope="row">{ v.label }</th>
                                <td>
                                    if !v.text.is_empty() { <code>{ v.text.clone() }</code> } else { <span class="muted">{ "not used" }</span> }
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
                                { " " }<code class="code">{ d.code }</code>{ " " }
                                <span class="rewrite-msg">{ d.message.clone() }</span>
                            </li>
                        }
                    }) }
                </ul>
            }
        </section>
    }
}
