//! The launch command and, on errors, the corrected command of the best fix (a software fix:
//! a change of hardware is never the corrected launch, see [`preflight_core::Report::corrected`]).

use std::rc::Rc;

use preflight_core::Report;
use yew::prelude::*;

use super::command_box::CommandBox;
use super::use_actions;
use crate::state::Action;

/// Props of [`Commands`].
#[derive(Properties, PartialEq)]
pub struct CommandsProps {
    /// The current report.
    pub report: Rc<Report>,
}

/// Launch command and corrected command.
#[component]
pub fn Commands(props: &CommandsProps) -> Html {
    let actions = use_actions();
    let r = &props.report;
    html! {
        <section class="panel commands" aria-labelledby="cmd-title">
            <h2 id="cmd-title">{ "Commands" }</h2>
            <CommandBox id="launch-command" title="Launch command" command={r.command.clone()} />
            if let Some(fix) = &r.corrected {
                <CommandBox id="corrected-command" title="Corrected command" command={fix.command.clone()}>
                    <p class="fix-line">
                        { "Best verified fix: " }<code>{ fix.title.clone() }</code>
                        { " " }
                        <button type="button" class="apply"
                            aria-label={format!("Apply fix: {}", fix.title)}
                            onclick={ {
                                let cfg = fix.config.clone();
                                let actions = actions.clone();
                                Callback::from(move |_: MouseEvent| {
                                    actions.emit(Action::Load(cfg.clone()));
                                    crate::browser::focus_verdict();
                                })
                            } }>
                            { "Apply" }
                        </button>
                    </p>
                </CommandBox>
            } else if r.first_error().is_some() {
                <p class="empty">
                    { "No single or paired flag change fixes every error here." }
                    if r.errors().any(|d| d.fixes.iter().any(|f| f.changes_hardware)) {
                        { " Another GPU does: see the finding's fixes." }
                    }
                </p>
            }
        </section>
    }
}
