//! The page's components, one per file. All of them derive what they show from the
//! configuration and the report computed once in [`app::App`].

pub mod app;
pub mod builder;
pub mod command_box;
pub mod commands;
pub mod diagnostic_card;
pub mod diagnostics;
pub mod explain_panel;
pub mod export_panel;
pub mod fix_item;
pub mod flag_field;
pub mod inline;
pub mod matrix_page;
pub mod model_config_field;
pub mod paste_panel;
pub mod releases_panel;
pub mod resolved;
pub mod rules_page;
pub mod select_field;
pub mod text_field;
pub mod url_notice;
pub mod verdict;

use yew::prelude::*;

use crate::state::{Action, ConfigState};

/// The reducer's dispatcher, shared through a context so that any component can act.
pub type Dispatch = UseReducerDispatcher<ConfigState>;

/// A callback dispatching actions to the builder state (a no-op outside the provider).
#[hook]
pub fn use_actions() -> Callback<Action> {
    let dispatch = use_context::<Dispatch>();
    Callback::from(move |a: Action| {
        if let Some(d) = &dispatch {
            d.dispatch(a);
        }
    })
}
