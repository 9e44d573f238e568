//! The rule pages: `#/rules` (the searchable, filterable list) and `#/rules/CODE` (one rule:
//! its messages per release, meaning, trigger, situations, solutions, an example that loads
//! into the builder, stage, releases, sources and evidence). Everything comes from the
//! catalogue compiled into the page: no network.

use preflight_core::command::render_command;
use preflight_core::report::Severity;
use preflight_core::{LaunchConfig, SglangVersion, Stage};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::diagnostic_card::severity_word;
use super::inline::with_code;
use super::use_actions;
use crate::browser::{go_to, replace_hash};
use crate::catalog::{self, Entry, facets, stages};
use crate::route::{Route, RuleFilter, rule_href};
use crate::state::Action;

/// Props of [`RulesPage`].
#[derive(Properties, PartialEq)]
pub struct RulesPageProps {
    /// The filter from the URL.
    pub filter: RuleFilter,
}

fn filter_select(
    id: &'static str,
    label: &'static str,
    options: Vec<(String, String)>,
    current: &str,
    on: Callback<String>,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        if let Some(el) = e.target_dyn_into::<HtmlSelectElement>() {
            on.emit(el.value());
        }
    });
    html! {
        <div class={classes!("field", (!current.is_empty()).then_some("is-set"))}>
            <label for={id}>{ label }</label>
            <select {id} {onchange}>
                <option value="" selected={current.is_empty()}>{ "any" }</option>
                { for options.into_iter().map(|(v, l)| html! {
                    <option value={v.clone()} selected={v == current}>{ l }</option>
                }) }
            </select>
        </div>
    }
}

/// The rule list.
#[component]
pub fn RulesPage(props: &RulesPageProps) -> Html {
    let filter = use_state(|| props.filter.clone());
    {
        let filter = filter.clone();
        use_effect_with(props.filter.clone(), move |f| filter.set(f.clone()));
    }
    let update = {
        let filter = filter.clone();
        move |edit: fn(&mut RuleFilter, String)| {
            let filter = filter.clone();
            Callback::from(move |v: String| {
                let mut f = (*filter).clone();
                edit(&mut f, v);
                replace_hash(&Route::Rules(f.clone()).hash());
                filter.set(f);
            })
        }
    };
    let on_search = {
        let cb = update(|f, v| f.q = v);
        Callback::from(move |e: InputEvent| {
            if let Some(el) = e.target_dyn_into::<HtmlInputElement>() {
                cb.emit(el.value());
            }
        })
    };
    let f = (*filter).clone();
    let shown = catalog::filter(&f);
    let total = catalog::entries().len();
    let fc = facets();
    let pairs = |v: Vec<&'static str>| -> Vec<(String, String)> {
        v.into_iter()
            .map(|x| (x.to_string(), x.to_string()))
            .collect()
    };
    let reset = {
        let filter = filter.clone();
        Callback::from(move |_: MouseEvent| {
            replace_hash(&Route::Rules(RuleFilter::default()).hash());
            filter.set(RuleFilter::default());
        })
    };
    html! {
        <main class="page rules-page" aria-labelledby="rules-title">
            <p class="crumbs"><a href="#/" class="back">{ "← Back to the builder" }</a></p>
            <h1 id="rules-title">{ "Rules" }</h1>
            <p class="lede">
                { "Every SGLang error, warning and silent rewrite Preflight checks, with SGLang's own message per release, and the codes of the launch parser. " }
                { "Filters read each rule's example configuration and the GPU families and backends its trigger and message name." }
            </p>
            <form class="rule-filters" role="search" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <div class="field search">
                    <label for="rules-search">{ "Search code, title or message" }</label>
                    <input type="search" id="rules-search" value={f.q.clone()} oninput={on_search}
                        placeholder="e.g. DSA001, fp8, flashinfer_sparse_mla, SM90" autocomplete="off" spellcheck="false" />
                </div>
                { filter_select("rules-gpu", "GPU family", pairs(fc.gpu), &f.gpu, update(|f, v| f.gpu = v)) }
                { filter_select("rules-backend", "Backend", pairs(fc.backend), &f.backend, update(|f, v| f.backend = v)) }
                { filter_select("rules-model", "Model family", pairs(fc.model), &f.model, update(|f, v| f.model = v)) }
                { filter_select("rules-stage", "Stage", stages().into_iter().map(|(k, l)| (k.to_string(), l.to_string())).collect(), &f.stage, update(|f, v| f.stage = v)) }
                { filter_select("rules-version", "SGLang version", SglangVersion::all().rev().map(|v| (v.as_str().to_string(), v.as_str().to_string())).collect(), &f.version, update(|f, v| f.version = v)) }
            </form>
            <p class="rule-count" id="rules-count" aria-live="polite">
                { format!("{} of {total} shown", shown.len()) }
                if !f.is_empty() {
                    { " · " }<button type="button" class="linkish" onclick={reset}>{ "clear filters" }</button>
                }
            </p>
            if shown.is_empty() {
                <p class="empty">{ "No rule matches. Try fewer words or another filter." }</p>
            } else {
                <ul class="rule-list" id="rule-list">
                    { for shown.iter().map(|e| rule_item(e)) }
                </ul>
            }
        </main>
    }
}

fn rule_item(e: &Entry) -> Html {
    let sev = severity_word(e.severity);
    html! {
        <li class="rule-item" data-code={e.code}>
            <a href={rule_href(e.code)} class="rule-link">
                <code class="code">{ e.code }</code>
                <span class="rule-title">{ e.title }</span>
            </a>
            <span class="rule-meta">
                <span class={classes!("sev", format!("sev-{sev}"))}>{ sev }</span>
                <span class="stage">{ e.stage_label }</span>
                if e.versions.len() < SglangVersion::all().count() {
                    <span class="badge">{ format!("SGLang {}", e.versions.join(", ")) }</span>
                }
            </span>
        </li>
    }
}

/// Props of [`RulePage`].
#[derive(Properties, PartialEq)]
pub struct RulePageProps {
    /// The code in the URL.
    pub code: AttrValue,
}

/// One rule's page.
#[component]
pub fn RulePage(props: &RulePageProps) -> Html {
    let actions = use_actions();
    let Some(e) = catalog::find(&props.code) else {
        return html! {
            <main class="page rule-page">
                <p class="crumbs"><a href="#/" class="back">{ "← Back to the builder" }</a>{ " · " }<a href="#/rules">{ "All rules" }</a></p>
                <h1>{ format!("No rule {}", props.code) }</h1>
                <p class="empty">{ "Preflight has no rule or parser code with this name. " }<a href="#/rules">{ "See the list of rules" }</a>{ "." }</p>
            </main>
        };
    };
    let sev = severity_word(e.severity);
    let body = match (&e.rule, &e.parse) {
        (Some(r), _) => {
            let info = preflight_core::rules::find(r.code);
            let kind = match (r.severity, r.exception) {
                (Severity::Error, Some(x)) => format!("error ({x})"),
                (Severity::Error, None) => "error".to_string(),
                (Severity::Warning, _) => "warning".to_string(),
                (Severity::Info, _) => "info: a silent rewrite or default".to_string(),
            };
            let sources: Vec<_> = SglangVersion::all()
                .filter_map(|v| {
                    let i = info?;
                    i.sources
                        .iter()
                        .any(|(range, _, _)| range.contains(v))
                        .then(|| i.source(v))
                        .flatten()
                })
                .collect();
            let bad: Option<LaunchConfig> = r.bad_config();
            let good: Option<LaunchConfig> = r
                .example
                .as_ref()
                .and_then(|x| serde_json::from_value(x.good.clone()).ok());
            let try_it = bad.clone().map(|cfg| {
                actions.reform(move |_: MouseEvent| {
                    go_to(&Route::Builder.hash());
                    Action::Load(cfg.clone())
                })
            });
            let target = |c: &LaunchConfig| {
                let hw = c
                    .gpu
                    .clone()
                    .or_else(|| c.compute_capability.as_ref().map(|x| format!("SM {x}")))
                    .unwrap_or_else(|| "no GPU".into());
                let v = preflight_core::version_of(c);
                format!("on {hw} with SGLang {v}")
            };
            html! {
                <>
                <dl class="rule-facts">
                    <dt>{ "Kind" }</dt><dd>{ kind }</dd>
                    <dt>{ "When" }</dt><dd id="rule-stage">{ r.stage.label() }</dd>
                    <dt>{ "SGLang versions" }</dt><dd id="rule-versions">{ r.versions.clone() }</dd>
                    <dt>{ "Name" }</dt><dd><code>{ r.name }</code></dd>
                    <dt>{ "Raised by" }</dt>
                    <dd>{ if r.raised_by_sglang { "SGLang" } else if r.stage == Stage::Kernel { "a kernel at run time (reported by Preflight)" } else { "Preflight (not an SGLang message)" } }</dd>
                </dl>
                <section aria-labelledby="h-msg">
                    <h2 id="h-msg">{ if r.messages.len() > 1 { "Messages" } else { "Message" } }</h2>
                    { for r.messages.iter().map(|m| html! {
                        <div class="rule-message">
                            <p class="muted small">{ format!("SGLang {}", m.versions) }</p>
                            <pre class="message"><code>{ if m.template.is_empty() { preflight_core::report::EMPTY_TEMPLATE } else { m.template } }</code></pre>
                        </div>
                    }) }
                    <p class="hint">{ "Python f-string syntax: the values in braces are filled in at run time ({x!r} prints repr(x))." }</p>
                </section>
                <section aria-labelledby="h-means">
                    <h2 id="h-means">{ "What it means" }</h2>
                    <p id="rule-explanation">{ with_code(r.explanation) }</p>
                </section>
                if !r.trigger.is_empty() {
                    <section aria-labelledby="h-when">
                        <h2 id="h-when">{ "When it happens" }</h2>
                        <p>{ with_code(r.trigger) }</p>
                    </section>
                }
                if !r.situations.is_empty() {
                    <section aria-labelledby="h-sit">
                        <h2 id="h-sit">{ "Common situations" }</h2>
                        <p>{ with_code(r.situations) }</p>
                    </section>
                }
                if !r.solutions.is_empty() {
                    <section aria-labelledby="h-sol">
                        <h2 id="h-sol">{ "Solutions" }</h2>
                        <ol id="rule-solutions">{ for r.solutions.iter().map(|s| html! { <li>{ with_code(s) }</li> }) }</ol>
                    </section>
                }
                if let Some(b) = &bad {
                    <section aria-labelledby="h-ex">
                        <h2 id="h-ex">{ "Example" }</h2>
                        <p>{ format!("This launch raises it {}:", target(b)) }</p>
                        <pre class="cmd" id="rule-example-bad"><code>{ render_command(b) }</code></pre>
                        if let Some(cb) = try_it {
                            <p class="actions"><button type="button" id="rule-try" onclick={cb}>{ "Try this example in the builder" }</button></p>
                        }
                        if let Some(g) = &good {
                            <p>{ format!("Corrected, {}:", target(g)) }</p>
                            <pre class="cmd" id="rule-example-good"><code>{ render_command(g) }</code></pre>
                        }
                    </section>
                }
                if !sources.is_empty() || r.evidence.is_some() {
                    <section aria-labelledby="h-src">
                        <h2 id="h-src">{ "Source" }</h2>
                        <ul class="rule-sources" id="rule-sources">
                            { for sources.iter().map(|s| html! {
                                <li><a href={s.url()} target="_blank" rel="noopener noreferrer"><code>{ s.cite() }</code></a></li>
                            }) }
                            if let Some(ev) = r.evidence {
                                <li>{ "Evidence: " }<a id="rule-evidence" href={ev} target="_blank" rel="noopener noreferrer">{ ev }</a></li>
                            }
                        </ul>
                    </section>
                }
                </>
            }
        }
        (None, Some(p)) => html! {
            <>
            <dl class="rule-facts">
                <dt>{ "Kind" }</dt><dd>{ severity_word(p.severity) }</dd>
                <dt>{ "When" }</dt><dd>{ "reading a pasted launch (before SGLang would start)" }</dd>
                <dt>{ "Name" }</dt><dd><code>{ p.name }</code></dd>
                <dt>{ "Raised by" }</dt><dd>{ if p.raised_by_sglang { "SGLang (argparse or its config reader)" } else { "Preflight's launch parser" } }</dd>
            </dl>
            <section>
                <h2>{ "What it means" }</h2>
                <p id="rule-explanation">{ with_code(p.explanation) }</p>
            </section>
            </>
        },
        (None, None) => Html::default(),
    };
    html! {
        <main class="page rule-page" aria-labelledby="rule-title" data-code={e.code}>
            <p class="crumbs"><a href="#/" class="back">{ "← Back to the builder" }</a>{ " · " }<a href="#/rules">{ "All rules" }</a></p>
            <h1 id="rule-title">
                <span class={classes!("sev", format!("sev-{sev}"))}>{ sev }</span>{ " " }
                <code class="code">{ e.code }</code>{ ": " }{ e.title }
            </h1>
            { body }
        </main>
    }
}
