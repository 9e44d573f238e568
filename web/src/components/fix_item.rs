//! Verified fixes: one fix (its changes and an Apply button that loads its configuration), and
//! a diagnostic's list of them with a change of hardware shown apart.

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

/// Props of [`FixList`].
#[derive(Properties, PartialEq)]
pub struct FixListProps {
    /// The fixes, best first (a change of hardware only comes when no software fix exists).
    pub fixes: Vec<Fix>,
    /// The heading of the software fixes.
    pub title: AttrValue,
}

/// A diagnostic's verified fixes: the software fixes under `title`; a change of hardware apart,
/// under its own heading, below them.
#[component]
pub fn FixList(props: &FixListProps) -> Html {
    let (hardware, software): (Vec<&Fix>, Vec<&Fix>) =
        props.fixes.iter().partition(|f| f.changes_hardware);
    html! {
        <>
            if !software.is_empty() {
                <div class="fixes">
                    <h4>{ props.title.clone() }</h4>
                    <ol>{ for software.iter().map(|f| html! { <FixItem fix={(*f).clone()} /> }) }</ol>
                </div>
            }
            if !hardware.is_empty() {
                <div class="fixes fixes-hw">
                    <h4>{ "On other hardware" }</h4>
                    <p class="fix-note">{ "No flag change fixes this on this GPU; on another GPU it starts:" }</p>
                    <ol>{ for hardware.iter().map(|f| html! { <FixItem fix={(*f).clone()} /> }) }</ol>
                </div>
            }
        </>
    }
}
