//! The notice for URL keys the page did not use: unknown or misspelt keys (with a
//! did-you-mean from the core, [`preflight_core::url_state::ignored_keys`]) and repeated ones
//! (the last value wins). Read once from the address the page was opened with; a suggested
//! key can be applied with its value.

use preflight_core::LaunchConfig;
use preflight_core::url_state::{IgnoredKey, IgnoredKind};
use yew::prelude::*;

use super::use_actions;
use crate::state::Action;
use crate::url::{encode, from_query, to_query};

/// Props of [`UrlNotice`].
#[derive(Properties, PartialEq)]
pub struct UrlNoticeProps {
    /// The keys the opening address had that did not count.
    pub ignored: Vec<IgnoredKey>,
    /// The builder's configuration (a suggestion is applied on top of it).
    pub cfg: LaunchConfig,
}

/// The configuration with `key=value` added, read by the same parser as the address.
fn with_pair(cfg: &LaunchConfig, key: &str, value: &str) -> LaunchConfig {
    from_query(&format!(
        "{}&{}={}",
        to_query(cfg),
        encode(key),
        encode(value)
    ))
}

/// A dismissable note above the builder; nothing when every key was used.
#[component]
pub fn UrlNotice(props: &UrlNoticeProps) -> Html {
    let actions = use_actions();
    let dismissed = use_state(|| false);
    if props.ignored.is_empty() || *dismissed {
        return Html::default();
    }
    let dismiss = {
        let dismissed = dismissed.clone();
        Callback::from(move |_: MouseEvent| dismissed.set(true))
    };
    let item = |ig: &IgnoredKey| {
        let key = html! { <code>{ ig.key.clone() }</code> };
        match &ig.kind {
            IgnoredKind::Unknown { suggestion } => {
                let fix = suggestion.as_ref().map(|s| {
                    let cfg = with_pair(&props.cfg, s, &ig.value);
                    let label = format!("{s}={}", ig.value);
                    let onclick = actions.reform(move |_: MouseEvent| Action::Load(cfg.clone()));
                    html! {
                        <>
                            { " Did you mean " }<code class="suggestion">{ s.clone() }</code>{ "? " }
                            <button type="button" class="secondary use-suggestion" {onclick}
                                aria-label={format!("Use {label}")}>{ format!("Use {label}") }</button>
                        </>
                    }
                });
                html! {
                    <li class="ignored" data-key={ig.key.clone()}>
                        { key }{ " is not a Preflight URL key: ignored." }{ fix }
                    </li>
                }
            }
            IgnoredKind::Invalid { reason } => html! {
                <li class="ignored invalid" data-key={ig.key.clone()}>
                    { key }{ format!(" is not used: {reason}.") }
                </li>
            },
            IgnoredKind::Repeated { used } => html! {
                <li class="ignored repeated" data-key={ig.key.clone()}>
                    { key }{ " is given more than once: the last value, " }<code>{ used.clone() }</code>
                    { ", is used (" }<code>{ ig.value.clone() }</code>{ " is ignored)." }
                </li>
            },
        }
    };
    html! {
        <aside class="url-notice" id="url-notice" aria-labelledby="url-notice-title">
            <div class="url-notice-text">
                <p id="url-notice-title"><strong>{ "Not every key of the address was used." }</strong></p>
                <ul>{ for props.ignored.iter().map(item) }</ul>
            </div>
            <button type="button" class="secondary" id="url-notice-dismiss" onclick={dismiss}>{ "Dismiss" }</button>
        </aside>
    }
}
