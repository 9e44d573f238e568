//! A labelled text input with optional suggestions (`<datalist>`), and a checkbox field.

use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Props of [`TextField`].
#[derive(Properties, PartialEq)]
pub struct TextFieldProps {
    /// Element id.
    pub id: AttrValue,
    /// Label text.
    pub label: AttrValue,
    /// Optional help line.
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// Current value (empty = unset).
    pub value: AttrValue,
    /// Placeholder (SGLang's default).
    #[prop_or_default]
    pub placeholder: AttrValue,
    /// Suggested values.
    #[prop_or_default]
    pub suggestions: Vec<String>,
    /// `inputmode` hint (`numeric`, `decimal`).
    #[prop_or_default]
    pub inputmode: Option<AttrValue>,
    /// Receives the text on every input.
    pub on_change: Callback<String>,
    /// True when the user set this value (highlighted).
    #[prop_or_default]
    pub set: bool,
}

/// A labelled text input; typing updates the state (and the diagnostics) live.
#[component]
pub fn TextField(props: &TextFieldProps) -> Html {
    let oninput = {
        let cb = props.on_change.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(el) = e.target_dyn_into::<HtmlInputElement>() {
                cb.emit(el.value());
            }
        })
    };
    let list_id = format!("{}-list", props.id);
    let hint_id = format!("{}-hint", props.id);
    let has_list = !props.suggestions.is_empty();
    html! {
        <div class={classes!("field", props.set.then_some("is-set"))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input type="text" id={props.id.clone()} value={props.value.clone()}
                placeholder={props.placeholder.clone()} {oninput}
                inputmode={props.inputmode.clone()}
                autocomplete="off" spellcheck="false"
                list={has_list.then(|| list_id.clone())}
                aria-describedby={props.hint.as_ref().map(|_| hint_id.clone())} />
            if has_list {
                <datalist id={list_id}>
                    { for props.suggestions.iter().map(|s| html! { <option value={s.clone()} /> }) }
                </datalist>
            }
            if let Some(h) = &props.hint {
                <p class="hint" id={hint_id}>{ h.clone() }</p>
            }
        </div>
    }
}

/// Props of [`CheckField`].
#[derive(Properties, PartialEq)]
pub struct CheckFieldProps {
    /// Element id.
    pub id: AttrValue,
    /// Label text.
    pub label: AttrValue,
    /// Optional help line.
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// Checked?
    pub checked: bool,
    /// Receives the new state.
    pub on_change: Callback<bool>,
}

/// A labelled checkbox (a `store_true` flag).
#[component]
pub fn CheckField(props: &CheckFieldProps) -> Html {
    let onchange = {
        let cb = props.on_change.clone();
        Callback::from(move |e: Event| {
            if let Some(el) = e.target_dyn_into::<HtmlInputElement>() {
                cb.emit(el.checked());
            }
        })
    };
    let hint_id = format!("{}-hint", props.id);
    html! {
        <div class={classes!("field", "check", props.checked.then_some("is-set"))}>
            <label for={props.id.clone()}>
                <input type="checkbox" id={props.id.clone()} checked={props.checked} {onchange}
                    aria-describedby={props.hint.as_ref().map(|_| hint_id.clone())} />
                { " " }{ props.label.clone() }
            </label>
            if let Some(h) = &props.hint {
                <p class="hint" id={hint_id}>{ h.clone() }</p>
            }
        </div>
    }
}
