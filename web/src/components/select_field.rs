//! A labelled `<select>` rendered from a [`SelectModel`]; used by every picker.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::options::SelectModel;

/// Props of [`SelectField`].
#[derive(Properties, PartialEq)]
pub struct SelectFieldProps {
    /// Element id (also ties the label and the hint).
    pub id: AttrValue,
    /// Label text.
    pub label: AttrValue,
    /// Optional help line under the select.
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// Options and selected value.
    pub model: SelectModel,
    /// Receives the new value.
    pub on_change: Callback<String>,
    /// True when the user set this value (highlighted).
    #[prop_or_default]
    pub set: bool,
}

/// A labelled select. The selected option is driven by the model: the `selected`
/// attribute for the first paint, and the element's `value` re-asserted after every
/// change of the model (the attribute alone is ignored by options the user has touched,
/// so a programmatic change such as Apply would not always show).
#[component]
pub fn SelectField(props: &SelectFieldProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(props.model.clone(), move |m| {
            if let Some(el) = node.cast::<HtmlSelectElement>()
                && el.value() != m.selected
            {
                el.set_value(&m.selected);
            }
        });
    }
    let onchange = {
        let cb = props.on_change.clone();
        Callback::from(move |e: Event| {
            if let Some(el) = e.target_dyn_into::<HtmlSelectElement>() {
                cb.emit(el.value());
            }
        })
    };
    let selected = &props.model.selected;
    let option = |o: &crate::options::Opt| {
        html! {
            <option value={o.value.clone()} selected={o.value == *selected}
                title={o.reason.clone()} data-reason={o.reason.is_some().then_some("1")}>{ o.label.clone() }</option>
        }
    };
    let hint_id = format!("{}-hint", props.id);
    html! {
        <div class={classes!("field", props.set.then_some("is-set"))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <select id={props.id.clone()} ref={node} {onchange}
                aria-describedby={props.hint.as_ref().map(|_| hint_id.clone())}>
                { for props.model.groups.iter().map(|g| match &g.label {
                    Some(l) => html! {
                        <optgroup label={l.clone()}>{ for g.options.iter().map(option) }</optgroup>
                    },
                    None => g.options.iter().map(option).collect::<Html>(),
                }) }
            </select>
            if let Some(h) = &props.hint {
                <p class="hint" id={hint_id}>{ h.clone() }</p>
            }
        </div>
    }
}
