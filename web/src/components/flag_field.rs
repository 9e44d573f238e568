//! One picker for one modelled flag, generated from its [`FlagSpec`] (no per-flag code).

use preflight_core::SglangVersion;
use preflight_core::domains::flags::{FlagKind, find_flag};
use yew::prelude::*;

use super::select_field::SelectField;
use super::text_field::{CheckField, TextField};
use super::use_actions;
use crate::options::{Reasons, flag_select, flag_suggestions, unset_label};
use crate::state::Action;

/// Props of [`FlagField`].
#[derive(Properties, PartialEq)]
pub struct FlagFieldProps {
    /// `ServerArgs` name of the flag (`kv_cache_dtype`).
    pub name: &'static str,
    /// Release whose choice list applies.
    pub version: SglangVersion,
    /// Current value (`None` = unset).
    pub value: Option<String>,
    /// What each of its values would do to the launch (computed after the verdict).
    #[prop_or_default]
    pub reasons: Option<std::rc::Rc<Reasons>>,
}

/// The picker of a flag: a select for a closed choice list, a checkbox for a switch,
/// a text input with suggestions otherwise. Labelled with the command-line spelling.
#[component]
pub fn FlagField(props: &FlagFieldProps) -> Html {
    let actions = use_actions();
    let Some(flag) = find_flag(props.name) else {
        return Html::default();
    };
    let id = AttrValue::from(format!("flag-{}", flag.url_key()));
    let label = AttrValue::from(flag.cli());
    let hint = Some(AttrValue::from(flag.help));
    let name = flag.name;
    let set = props.value.is_some();
    let on_text = actions.reform(move |v: String| Action::Set(name.into(), Some(v)));
    match flag.kind {
        FlagKind::Bool => {
            let checked = matches!(props.value.as_deref(), Some("true" | "True" | "1"));
            let on_change = actions
                .reform(move |on: bool| Action::Set(name.into(), on.then(|| "true".to_string())));
            html! { <CheckField {id} {label} {hint} {checked} {on_change} /> }
        }
        FlagKind::Choice => match flag_select(
            flag,
            props.version,
            props.value.as_deref(),
            props.reasons.as_deref(),
        ) {
            Some(model) => {
                html! { <SelectField {id} {label} {hint} {model} on_change={on_text} {set} /> }
            }
            None => Html::default(),
        },
        FlagKind::Int(_) | FlagKind::Text(_) => {
            let inputmode =
                matches!(flag.kind, FlagKind::Int(_)).then(|| AttrValue::from("numeric"));
            html! {
                <TextField {id} {label} {hint} {set} {inputmode}
                    value={props.value.clone().unwrap_or_default()}
                    placeholder={unset_label(flag.default_label)}
                    suggestions={flag_suggestions(flag)}
                    on_change={on_text} />
            }
        }
    }
}
