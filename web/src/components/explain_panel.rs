//! "Explain an error": an SGLang error line or a whole traceback in, the rule(s) whose
//! message it contains out, with the values read back, the configuration that reproduces it
//! (loadable into the builder), the explanation, the solutions and the verified fixes.

use preflight_core::command::render_command;
use preflight_core::explain::{Explaining, Match, Reproduction, reproduce};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use super::diagnostic_card::severity_word;
use super::fix_item::FixItem;
use super::inline::with_code;
use super::use_actions;
use crate::browser::scroll_into_view;
use crate::paste::{MAX_EXPLAIN, keep_end};
use crate::route::rule_href;
use crate::state::Action;

/// Matches shown at most (best first).
const MAX_MATCHES: usize = 5;

/// Longest stretch of searching between two yields to the browser, in ms: well inside a 60 Hz
/// frame (16.7 ms), so a long log never blocks input or painting while it is searched.
const SLICE_MS: f64 = 8.0;

/// Rules examined between two looks at the clock.
const RULES_PER_STEP: usize = 4;

/// Milliseconds since the page started (`performance.now()`; 0 when there is none).
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Gives the browser a turn (input, layout, paint) before the search goes on.
async fn yield_to_browser() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// One explained match.
#[derive(Clone, PartialEq)]
struct Explained {
    m: Match,
    rep: Option<Reproduction>,
}

/// The panel (a `<details>`, closed until opened).
#[component]
pub fn ExplainPanel() -> Html {
    let text = use_state(String::new);
    // the matches of the last finished run, with its number
    let results: UseStateHandle<Option<(u32, Vec<Explained>)>> = use_state(|| None);
    // the size in bytes of a paste of which only the end was kept
    let cut_from: UseStateHandle<Option<usize>> = use_state(|| None);
    let oninput = {
        let text = text.clone();
        let cut_from = cut_from.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(el) = e.target_dyn_into::<HtmlTextAreaElement>() {
                let v = el.value();
                match keep_end(&v, MAX_EXPLAIN) {
                    Some(end) => {
                        el.set_value(end);
                        cut_from.set(Some(v.len()));
                        text.set(end.to_string());
                    }
                    None => {
                        cut_from.set(None);
                        text.set(v);
                    }
                }
            }
        })
    };
    // each run has a number; a run that is no longer the newest stops at its next yield
    let runs: Rc<RefCell<u32>> = use_mut_ref(|| 0);
    let searching = use_state(|| false);
    let run = {
        let text = text.clone();
        let results = results.clone();
        let runs = runs.clone();
        let searching = searching.clone();
        Callback::from(move |()| {
            let me = runs.borrow().wrapping_add(1);
            *runs.borrow_mut() = me;
            results.set(None);
            searching.set(true);
            let (text, results, runs, searching) = (
                (*text).clone(),
                results.clone(),
                runs.clone(),
                searching.clone(),
            );
            wasm_bindgen_futures::spawn_local(async move {
                // the search, a few rules at a time, yielding every SLICE_MS
                yield_to_browser().await;
                let mut search = Explaining::new(&text);
                loop {
                    if *runs.borrow() != me {
                        return;
                    }
                    let start = now_ms();
                    let mut done = false;
                    while !done && now_ms() - start < SLICE_MS {
                        done = search.step(RULES_PER_STEP);
                    }
                    if done {
                        break;
                    }
                    yield_to_browser().await;
                }
                // a reproduction validates a configuration (fix search included): one per turn
                let mut found = Vec::new();
                for m in search.finish().into_iter().take(MAX_MATCHES) {
                    yield_to_browser().await;
                    if *runs.borrow() != me {
                        return;
                    }
                    let rep = reproduce(&m);
                    found.push(Explained { m, rep });
                }
                results.set(Some((me, found)));
                searching.set(false);
            });
        })
    };
    let onclick = run.reform(|_: MouseEvent| ());
    let onkeydown = {
        let run = run.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                run.emit(());
            }
        })
    };
    html! {
        <details class="panel tool" id="explain-panel">
            <summary>
                <h2>{ "Explain an error" }</h2>
                <span class="summary-hint">{ "paste an SGLang error line or a whole traceback" }</span>
            </summary>
            <div class="tool-body">
                <div class="tool-input">
                    <label for="explain-text" class="tool-label">{ "Error message or traceback" }</label>
                    <textarea id="explain-text" rows="5" spellcheck="false" autocomplete="off"
                        value={(*text).clone()} {oninput} {onkeydown}
                        placeholder="ValueError: flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch=… " />
                    if let Some(n) = *cut_from {
                        <p class="note" id="explain-cut" role="status">
                            { format!("The pasted text is {} KiB; the box keeps its last {} KiB, where a log's error is (Preflight reads no more).", n / 1024, MAX_EXPLAIN / 1024) }
                        </p>
                    }
                    <div class="tool-buttons">
                        <button type="button" id="explain-run" {onclick}>{ "Explain" }</button>
                    </div>
                </div>
                if *searching {
                    <p class="note" id="explain-searching" role="status">{ "Searching every rule's messages…" }</p>
                }
                if let Some((n, found)) = &*results {
                    <div class="tool-output" id="explain-result" aria-live="polite" data-run={n.to_string()}>
                        if text.trim().is_empty() {
                            <p class="empty" id="explain-none">{ "Paste an error message first." }</p>
                        } else if found.is_empty() {
                            <p class="empty" id="explain-none">{ "No SGLang message Preflight knows was found in this text. The rule list has every message Preflight recognises: " }<a href="#/rules">{ "browse the rules" }</a>{ "." }</p>
                        } else {
                            { for found.iter().map(|e| html! { <ExplainedCard e={e.clone()} /> }) }
                        }
                    </div>
                }
            </div>
        </details>
    }
}

#[derive(Properties, PartialEq)]
struct ExplainedCardProps {
    e: Explained,
}

#[component]
fn ExplainedCard(props: &ExplainedCardProps) -> Html {
    let actions = use_actions();
    let m = &props.e.m;
    let rule = preflight_core::rules::find(m.code);
    let sev = severity_word(m.severity);
    let values: Vec<_> = m.captures.iter().filter(|c| !c.text.is_empty()).collect();
    html! {
        <article class={classes!("explained", "diag", format!("diag-{sev}"))} data-code={m.code}>
            <div class="diag-head">
                <span class={classes!("sev", format!("sev-{sev}"))}>{ sev }</span>
                <a class="code-link" href={rule_href(m.code)}><code class="code">{ m.code }</code></a>
                <strong class="explained-title">{ m.title }</strong>
                <span class="stage">{ m.stage.label() }</span>
                if let Some(exc) = m.exception {
                    <code class="exc">{ exc }</code>
                }
            </div>
            <p class="muted small">{ format!("Found on line {} · SGLang {} wording", m.line, m.versions) }
                if !m.complete {
                    <span class="cut">{ " · only the start of the message (cut short); whole messages are listed first" }</span>
                }
            </p>
            <pre class="message"><code>{ m.matched.clone() }</code></pre>
            if !values.is_empty() {
                <table class="captures">
                    <caption>{ "Values read from the message" }</caption>
                    <tbody>
                    { for values.iter().map(|c| html! {
                        <tr>
                            <th scope="row"><code>{ c.placeholder.clone() }</code></th>
                            <td><code>{ c.text.clone() }</code></td>
                            <td>
                                if let (Some(k), Some(v)) = (&c.key, &c.value) {
                                    { "→ " }<code>{ format!("{k} = {v}") }</code>
                                }
                            </td>
                        </tr>
                    }) }
                    </tbody>
                </table>
            }
            if let Some(r) = rule {
                <p class="explanation">{ with_code(r.explanation) }</p>
            }
            { reproduction(&props.e.rep, &actions, m.code) }
            if let Some(r) = rule.filter(|r| !r.solutions.is_empty()) {
                <div class="fixes">
                    <h4>{ "Solutions" }</h4>
                    <ol>{ for r.solutions.iter().map(|s| html! { <li>{ with_code(s) }</li> }) }</ol>
                </div>
            }
            <p class="source"><a href={rule_href(m.code)}>{ format!("{} rule page →", m.code) }</a></p>
        </article>
    }
}

fn reproduction(rep: &Option<Reproduction>, actions: &Callback<Action>, code: &str) -> Html {
    let Some(rep) = rep else {
        return html! {
            <p class="note">{ "The message does not say enough to rebuild a configuration that raises it (and the rule has no example to fill in the rest)." }</p>
        };
    };
    let cfg = rep.config.clone();
    let load = actions.reform(move |_: MouseEvent| {
        scroll_into_view("verdict");
        Action::Load(cfg.clone())
    });
    let hw = rep
        .config
        .gpu
        .clone()
        .or_else(|| {
            rep.config
                .compute_capability
                .as_ref()
                .map(|c| format!("compute capability {c}"))
        })
        .unwrap_or_default();
    let reproduced = rep.report.first_error().is_some_and(|d| d.code == code);
    let fixes = rep
        .report
        .first_error()
        .map(|d| d.fixes.clone())
        .unwrap_or_default();
    html! {
        <div class="repro">
            <p>
                if rep.from_example {
                    { "The message names no GPU or model; with the rule's example filling them in, Preflight reproduces it on " }
                } else {
                    { "Preflight reproduces it on " }
                }
                <strong>{ hw }</strong>
                if !reproduced {
                    { " (another error comes first there)" }
                }
                { " with:" }
            </p>
            <pre class="cmd"><code>{ render_command(&rep.config) }</code></pre>
            if !rep.dropped.is_empty() {
                <p class="note">{ format!("Left out {} from the message: with it another error comes first.", rep.dropped.join(", ")) }</p>
            }
            <p class="actions">
                <button type="button" class="load" data-code={code.to_string()} onclick={load}>
                    { "Load this configuration into the builder" }
                </button>
            </p>
            if !fixes.is_empty() {
                <div class="fixes">
                    <h4>{ "Verified fixes for it" }</h4>
                    <ol>{ for fixes.iter().take(5).map(|f| html! { <FixItem fix={f.clone()} /> }) }</ol>
                </div>
            }
        </div>
    }
}
