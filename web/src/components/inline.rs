//! Inline rendering of the core's prose: text with `backtick` code spans.

use yew::prelude::*;

/// Renders `text`, turning each `…` span into `<code>`.
pub fn with_code(text: &str) -> Html {
    text.split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                html! { <code>{ part.to_string() }</code> }
            } else {
                html! { { part.to_string() } }
            }
        })
        .collect()
}
