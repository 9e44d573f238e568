//! A command in a monospace block with a Copy button.

use yew::prelude::*;

use crate::browser::copy_text;

/// Props of [`CommandBox`].
#[derive(Properties, PartialEq)]
pub struct CommandBoxProps {
    /// Element id of the `<pre>`.
    pub id: AttrValue,
    /// Heading.
    pub title: AttrValue,
    /// The command.
    pub command: AttrValue,
    /// Extra content under the heading (e.g. what the correction changes).
    #[prop_or_default]
    pub children: Html,
}

#[derive(Clone, Copy, PartialEq)]
enum CopyState {
    Idle,
    Copied,
    Failed,
}

/// A titled command with a Copy button (Clipboard API; on refusal the button says so and
/// the text stays selectable).
#[component]
pub fn CommandBox(props: &CommandBoxProps) -> Html {
    let copy = use_state_eq(|| CopyState::Idle);
    {
        let copy = copy.clone();
        use_effect_with(props.command.clone(), move |_| copy.set(CopyState::Idle));
    }
    let onclick = {
        let copy = copy.clone();
        let text = props.command.to_string();
        Callback::from(move |_: MouseEvent| {
            let copy = copy.clone();
            let text = text.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let ok = copy_text(&text).await;
                copy.set(if ok {
                    CopyState::Copied
                } else {
                    CopyState::Failed
                });
            });
        })
    };
    let label = match *copy {
        CopyState::Idle => "Copy",
        CopyState::Copied => "Copied",
        CopyState::Failed => "Copy failed: select the text",
    };
    html! {
        <div class="command">
            <div class="command-head">
                <h3>{ props.title.clone() }</h3>
                <button type="button" class="copy" {onclick} aria-controls={props.id.clone()}
                    aria-label={format!("Copy: {}", props.title)}>
                    <span aria-live="polite">{ label }</span>
                </button>
            </div>
            { props.children.clone() }
            <pre id={props.id.clone()} class="cmd"><code>{ props.command.clone() }</code></pre>
        </div>
    }
}
