//! The page: state from the URL, the report derived with `use_memo`, the URL kept in sync,
//! and the hash route (builder, rule list, rule page). The builder stays mounted (hidden)
//! while a rule page is shown, so its panels keep what was pasted into them.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use preflight_core::LaunchConfig;
use yew::prelude::*;

use super::Dispatch;
use super::builder::Builder;
use super::commands::Commands;
use super::diagnostics::Diagnostics;
use super::explain_panel::ExplainPanel;
use super::export_panel::ExportPanel;
use super::matrix_page::MatrixPage;
use super::paste_panel::PastePanel;
use super::releases_panel::ReleasesPanel;
use super::resolved::ResolvedPanel;
use super::rules_page::{RulePage, RulesPage};
use super::url_notice::UrlNotice;
use super::verdict::VerdictBanner;
use crate::browser::{
    location_hash, location_search, on_hash_change, replace_query, scroll_to_top, set_title,
};
use crate::route::Route;
use crate::state::ConfigState;
use crate::url::{from_query, ignored_keys, to_query};

/// Delay before the URL follows a change (typing stays smooth, and browsers limit
/// `history.replaceState` calls).
const URL_DELAY_MS: u32 = 150;

/// The whole app.
#[component]
pub fn App() -> Html {
    let state = use_reducer(|| ConfigState::new(from_query(&location_search())));
    // the keys of the opening address that did not count (before the URL is rewritten)
    let ignored = use_memo((), |_| ignored_keys(&location_search()));
    let report = use_memo(state.cfg.clone(), |cfg: &LaunchConfig| {
        preflight_core::validate(cfg)
    });
    let pending: Rc<RefCell<Option<Timeout>>> = use_mut_ref(|| None);
    use_effect_with(state.cfg.clone(), move |cfg| {
        let query = to_query(cfg);
        crate::stopped::remember_query(&query);
        let timeout = Timeout::new(URL_DELAY_MS, move || replace_query(&query));
        // Replacing the handle cancels the previous, not yet fired, update.
        *pending.borrow_mut() = Some(timeout);
    });
    let route = use_state(|| Route::parse(&location_hash()));
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = on_hash_change(move || route.set(Route::parse(&location_hash())));
            move || drop(listener)
        });
    }
    {
        // a new page starts at the top, with its own title
        let kind = match &*route {
            Route::Builder => None,
            Route::Rules(_) => Some("Rules".to_string()),
            Route::Rule(code) => Some(code.clone()),
            Route::Matrix(_) => Some("Matrix".to_string()),
            Route::Panic => None,
        };
        use_effect_with(kind, |kind| match kind {
            Some(k) => {
                set_title(&format!("{k} · Preflight for SGLang"));
                scroll_to_top();
            }
            None => set_title("Preflight for SGLang"),
        });
    }
    let dispatch: Dispatch = state.dispatcher();
    let versions = preflight_core::SglangVersion::all()
        .map(|v| v.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let on_builder = *route == Route::Builder;
    let on_matrix = matches!(*route, Route::Matrix(_));
    let on_rules = matches!(*route, Route::Rules(_) | Route::Rule(_));
    let page = match &*route {
        Route::Builder => Html::default(),
        Route::Rules(f) => html! { <RulesPage filter={f.clone()} /> },
        Route::Rule(code) => html! { <RulePage code={AttrValue::from(code.clone())} /> },
        Route::Matrix(view) => html! {
            <MatrixPage cfg={state.cfg.clone()} view={view.clone()}
                resolved_backend={report.resolved_str("attention_backend")} />
        },
        Route::Panic => html! { <ForcedPanic /> },
    };
    html! {
        <ContextProvider<Dispatch> context={dispatch}>
            <div class="app">
                <header class="top">
                    <div class="top-row">
                        <h1><a href="#/" class="home">{ "Preflight" }<span class="sub">{ " for SGLang" }</span></a></h1>
                        <nav class="nav" aria-label="Pages">
                            <a href="#/" id="nav-builder" aria-current={on_builder.then_some("page")}>{ "Builder" }</a>
                            <a href="#/matrix" id="nav-matrix" aria-current={on_matrix.then_some("page")}>{ "Matrix" }</a>
                            <a href="#/rules" id="nav-rules" aria-current={on_rules.then_some("page")}>{ "Rules" }</a>
                        </nav>
                    </div>
                    if on_builder {
                        <p class="tagline">{ "Pick a GPU, a model and flags, or paste your own launch: see the errors SGLang would raise, why, and verified fixes. Runs entirely in your browser." }</p>
                    }
                </header>
                <main class="page-builder" id="builder-page" hidden={!on_builder}>
                    <VerdictBanner report={report.clone()} />
                    <UrlNotice ignored={(*ignored).clone()} cfg={state.cfg.clone()} />
                    <div class="tools">
                        <PastePanel cfg={state.cfg.clone()} report={report.clone()} />
                        <ExplainPanel />
                    </div>
                    <div class="layout">
                        <Builder cfg={state.cfg.clone()} />
                        <div class="results">
                            <Diagnostics report={report.clone()} />
                            <Commands report={report.clone()} />
                            <ExportPanel cfg={state.cfg.clone()} report={report.clone()} />
                            <ResolvedPanel report={report.clone()} cfg={state.cfg.clone()} />
                            <ReleasesPanel cfg={state.cfg.clone()} />
                        </div>
                    </div>
                </main>
                { page }
                <footer class="foot">
                    { format!("Checks transcribed from SGLang {versions}. The builder's state is in the URL: share it to share the configuration.") }
                </footer>
            </div>
        </ContextProvider<Dispatch>>
    }
}

/// The page of the hidden test route `#/__panic`: it panics while rendering, as a bug in a
/// component would (see [`crate::stopped`]).
#[component]
fn ForcedPanic() -> Html {
    panic!("forced by the test route #/__panic")
}
