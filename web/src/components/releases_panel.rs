//! "On every release": the launch checked against every SGLang release Preflight knows, side
//! by side ([`preflight_core::compare::compare_config`], the same comparison as
//! `preflight check --sglang all`), the differences from each release to the next, and an
//! upgrade view: what changes for this launch when moving from its release to another.
//! Computed only while the panel is open (five evaluations).

use preflight_core::compare::{self, Comparison, ReleaseRow};
use preflight_core::{LaunchConfig, check::CheckOptions, release_of};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::verdict::class_key;

/// Props of [`ReleasesPanel`].
#[derive(Properties, PartialEq)]
pub struct ReleasesPanelProps {
    /// The builder's configuration.
    pub cfg: LaunchConfig,
}

/// The values a row shows under "SGLang runs": the attention backends, page size, KV dtype.
const SHOWN: &[&str] = &[
    "attention_backend",
    "prefill_attention_backend",
    "decode_attention_backend",
    "dsa_prefill_backend",
    "dsa_decode_backend",
    "page_size",
    "kv_cache_dtype",
];

fn runs(r: &ReleaseRow) -> String {
    r.runs
        .iter()
        .filter(|(k, _)| SHOWN.contains(&k.as_str()))
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

fn row_html(r: &ReleaseRow, current: &str) -> Html {
    let (key, icon) = class_key(r.class);
    let shown_runs = runs(r);
    let verdict = if r.modelled {
        r.class.label().to_string()
    } else {
        "cannot judge (not modelled)".to_string()
    };
    let first = r
        .first
        .as_ref()
        .map(|f| html! { <><code class="code">{ f.code.clone() }</code>{ " " }<span class="msg">{ f.message.clone() }</span></> });
    html! {
        <tr data-release={r.sglang.clone()} class={classes!((r.sglang == current).then_some("current"))}>
            <th scope="row">{ r.sglang.clone() }{ if r.sglang == current { " (this launch)" } else { "" } }</th>
            <td class={classes!("rel-verdict", format!("rel-{key}"))}>
                <span class="verdict-icon small" aria-hidden="true">{ icon }</span>{ " " }{ verdict }
            </td>
            <td>{ for first }</td>
            <td>
                if !shown_runs.is_empty() { <code>{ shown_runs }</code> }
            </td>
        </tr>
    }
}

/// The summary's hint: the releases compared.
fn span_hint() -> String {
    let all = compare::all_releases();
    match (all.first(), all.last()) {
        (Some(a), Some(b)) => {
            format!("this launch on SGLang {a} to {b}, side by side, and what an upgrade changes")
        }
        _ => "this launch on every release".into(),
    }
}

/// The panel.
#[component]
pub fn ReleasesPanel(props: &ReleasesPanelProps) -> Html {
    let open = use_state(|| false);
    let current = release_of(&props.cfg).as_str().to_string();
    let target = use_state(|| None::<String>);
    let comparison: std::rc::Rc<Option<Comparison>> =
        use_memo((props.cfg.clone(), *open), |(cfg, on)| {
            on.then(|| {
                compare::compare_config(cfg, &CheckOptions::default(), &compare::all_releases())
            })
        });
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let on_target = {
        let target = target.clone();
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
                let v = s.value();
                target.set((!v.is_empty()).then_some(v));
            }
        })
    };

    let body = comparison.as_ref().as_ref().map(|c| {
        let modelled: Vec<&ReleaseRow> = c.rows.iter().filter(|r| r.modelled).collect();
        let upgrade = target.as_ref().and_then(|t| {
            let from = c.rows.iter().find(|r| r.sglang == current)?;
            let to = c.rows.iter().find(|r| &r.sglang == t)?;
            Some((to.sglang.clone(), to.modelled, compare::diff(from, to)))
        });
        html! {
            <>
                <table class="releases-table">
                    <thead><tr>
                        <th scope="col">{ "Release" }</th><th scope="col">{ "Verdict" }</th>
                        <th scope="col">{ "First error" }</th><th scope="col">{ "SGLang runs" }</th>
                    </tr></thead>
                    <tbody>{ for c.rows.iter().map(|r| row_html(r, &current)) }</tbody>
                </table>
                <h3>{ "From release to release" }</h3>
                if c.changes.is_empty() {
                    <p class="note" id="releases-same">{ format!("The same verdict and values on every modelled release ({}).", modelled.iter().map(|r| r.sglang.as_str()).collect::<Vec<_>>().join(", ")) }</p>
                } else {
                    <ul class="release-changes" id="release-changes">
                        { for c.changes.iter().map(|ch| html! { <li>{ ch.describe() }</li> }) }
                    </ul>
                }
                <div class="upgrade">
                    <label for="upgrade-to">{ format!("Upgrade from {current} to ") }</label>
                    <select id="upgrade-to" onchange={on_target}>
                        <option value="" selected={target.is_none()}>{ "pick a release" }</option>
                        { for c.rows.iter().filter(|r| r.sglang != current).map(|r| html! {
                            <option value={r.sglang.clone()} selected={target.as_deref() == Some(r.sglang.as_str())}>
                                { if r.modelled { r.sglang.clone() } else { format!("{} (not modelled)", r.sglang) } }
                            </option>
                        }) }
                    </select>
                    if let Some((to, modelled, changes)) = upgrade {
                        if !modelled {
                            <p class="note" id="upgrade-result">{ format!("Preflight does not model {to}: it cannot say what changes.") }</p>
                        } else if changes.is_empty() {
                            <p class="note" id="upgrade-result">{ format!("Nothing changes for this launch from {current} to {to}.") }</p>
                        } else {
                            <ul class="release-changes" id="upgrade-result">
                                { for changes.iter().map(|ch| html! { <li>{ ch.describe() }</li> }) }
                            </ul>
                        }
                    }
                </div>
            </>
        }
    });

    html! {
        <details class="panel releases" id="releases-panel" open={*open}>
            <summary onclick={ontoggle.reform(|e: MouseEvent| { e.prevent_default(); e })}>
                <h2>{ "On every release" }</h2>
                <span class="summary-hint">{ span_hint() }</span>
            </summary>
            { for body }
        </details>
    }
}
