//! One verified fix: its changes and an Apply button that loads its configuration.

use preflight_core::report::Fix;
use yew::prelude::*;

use super::use_actions;
use crate::state::Action;

/// Props of [`FixItem`].
#[derive(Properties, PartialEq)]
pub struct FixItemProps {
    /// The fix (its `config` is what Apply loads).
    pub fix: Fix,
}

/// A fix: the changed flags (with their previous values) and Apply.
#[component]
pub fn FixItem(props: &FixItemProps) -> Html {
    let actions = use_actions();
    let fix = &props.fix;
    let onclick = {
        let cfg = fix.config.clone();
        Callback::from(move |_: MouseEvent| {
            actions.emit(Action::Load(cfg.clone()));
            crate::browser::focus_verdict();
        })
    };
    html! {
        <li class="fix">
            <div class="fix-row">
            <span class="fix-what">
            <ul class="changes" aria-label="Changes">
                { for fix.changes.iter().map(|c| html! {
                    <li>
                        <code>{ c.describe() }</code>
                        if let Some(from) = &c.from {
                            <span class="was">{ format!(" (was {from})") }</span>
                        }
                    </li>
                }) }
            </ul>
            if fix.changes_hardware {
                <span class="badge badge-hw">{ "changes the GPU" }</span>
            }
            </span>
            <button type="button" class="apply" {onclick}
                aria-label={format!("Apply fix: {}", fix.title)}>{ "Apply" }</button>
            </div>
        </li>
    }
}
