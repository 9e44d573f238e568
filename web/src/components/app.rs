//! The page: state from the URL, the report derived with `use_memo`, the URL kept in sync.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use preflight_core::LaunchConfig;
use yew::prelude::*;

use super::Dispatch;
use super::builder::Builder;
use super::commands::Commands;
use super::diagnostics::Diagnostics;
use super::resolved::ResolvedPanel;
use super::verdict::VerdictBanner;
use crate::browser::{location_search, replace_query};
use crate::state::ConfigState;
use crate::url::{from_query, to_query};

/// Delay before the URL follows a change (typing stays smooth, and browsers limit
/// `history.replaceState` calls).
const URL_DELAY_MS: u32 = 150;

/// The whole app.
#[component]
pub fn App() -> Html {
    let state = use_reducer(|| ConfigState::new(from_query(&location_search())));
    let report = use_memo(state.cfg.clone(), |cfg: &LaunchConfig| {
        preflight_core::validate(cfg)
    });
    let pending: Rc<RefCell<Option<Timeout>>> = use_mut_ref(|| None);
    use_effect_with(state.cfg.clone(), move |cfg| {
        let query = to_query(cfg);
        let timeout = Timeout::new(URL_DELAY_MS, move || replace_query(&query));
        // Replacing the handle cancels the previous, not yet fired, update.
        *pending.borrow_mut() = Some(timeout);
    });
    let dispatch: Dispatch = state.dispatcher();
    let versions = preflight_core::SglangVersion::ALL
        .iter()
        .map(|v| v.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    html! {
        <ContextProvider<Dispatch> context={dispatch}>
            <div class="app">
                <header class="top">
                    <h1>{ "Preflight" }<span class="sub">{ " for SGLang" }</span></h1>
                    <p class="tagline">{ "Pick a GPU, a model and flags: see the errors SGLang would raise, why, and verified fixes. Runs entirely in your browser." }</p>
                </header>
                <VerdictBanner report={report.clone()} />
                <div class="layout">
                    <Builder cfg={state.cfg.clone()} />
                    <div class="results">
                        <Diagnostics report={report.clone()} />
                        <Commands report={report.clone()} />
                        <ResolvedPanel report={report.clone()} cfg={state.cfg.clone()} />
                    </div>
                </div>
                <footer class="foot">
                    { format!("Checks transcribed from SGLang {versions}. The page state is in the URL: share it to share the configuration.") }
                </footer>
            </div>
        </ContextProvider<Dispatch>>
    }
}
