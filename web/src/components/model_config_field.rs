//! "Your config.json": the model's own Hugging Face `config.json`, pasted, chosen as a file or
//! dropped, read by the core ([`preflight_core::model::read_config_json`]) and kept in the
//! state (and so in the URL, as compact JSON). With it the launch is judged with the
//! checkpoint's own architecture, heads, dims and quantization instead of a reference
//! checkpoint's.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_file::callbacks::FileReader;
use preflight_core::model::{MAX_CONFIG_JSON, read_config_json};
use serde_json::Value;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::use_actions;
use crate::state::Action;

/// Props of [`ModelConfigField`].
#[derive(Properties, PartialEq)]
pub struct ModelConfigFieldProps {
    /// The `config.json` in use, if any.
    pub config: Option<Value>,
}

/// What the field says about a config in use: `architectures[0]` and the size.
fn summary(config: &Value) -> String {
    let arch = config
        .get("architectures")
        .and_then(|a| a.get(0))
        .and_then(Value::as_str)
        .unwrap_or("no architectures[0]");
    let keys = config.as_object().map_or(0, |o| o.len());
    format!("{arch}, {keys} keys")
}

/// The field: a folded `<details>` until a config is in use.
#[component]
pub fn ModelConfigField(props: &ModelConfigFieldProps) -> Html {
    let actions = use_actions();
    let text = use_state(String::new);
    let error: UseStateHandle<Option<String>> = use_state(|| None);
    // the file being read (dropping the handle cancels the read)
    let reading: Rc<RefCell<Option<FileReader>>> = use_mut_ref(|| None);

    let apply = {
        let actions = actions.clone();
        let error = error.clone();
        let text = text.clone();
        Callback::from(move |t: String| match read_config_json(&t) {
            Ok(v) => {
                error.set(None);
                text.set(String::new());
                actions.emit(Action::SetModelConfig(Some(v)));
            }
            Err(e) => error.set(Some(format!("This is not a config.json: {e}."))),
        })
    };
    let read_file = {
        let apply = apply.clone();
        let error = error.clone();
        let reading = reading.clone();
        Callback::from(move |file: web_sys::File| {
            let file = gloo_file::File::from(file);
            if file.size() > MAX_CONFIG_JSON as u64 {
                error.set(Some(format!(
                    "{} is {} KB; a config.json is at most {} KB here.",
                    file.name(),
                    file.size() >> 10,
                    MAX_CONFIG_JSON >> 10
                )));
                return;
            }
            let apply = apply.clone();
            let error = error.clone();
            let name = file.name();
            let task = gloo_file::callbacks::read_as_text(&file, move |r| match r {
                Ok(t) => apply.emit(t),
                Err(e) => error.set(Some(format!("{name} cannot be read: {e}."))),
            });
            *reading.borrow_mut() = Some(task);
        })
    };
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(el) = e.target_dyn_into::<HtmlTextAreaElement>() {
                text.set(el.value());
            }
        })
    };
    let use_text = {
        let apply = apply.clone();
        let text = text.clone();
        Callback::from(move |_: MouseEvent| apply.emit((*text).clone()))
    };
    let onchange = {
        let read_file = read_file.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>()
                && let Some(f) = input.files().and_then(|l| l.get(0))
            {
                read_file.emit(f);
                // choosing the same file again is a change too
                input.set_value("");
            }
        })
    };
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let ondrop = {
        let read_file = read_file.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(f) = e
                .data_transfer()
                .and_then(|d| d.files())
                .and_then(|l| l.get(0))
            {
                read_file.emit(f);
            }
        })
    };
    let stop = actions.reform(|_: MouseEvent| Action::SetModelConfig(None));
    let in_use = props.config.as_ref().map(summary);

    html! {
        <details class="model-config" id="model-config" open={in_use.is_some() || error.is_some()}
            {ondragover} {ondrop}>
            <summary>
                { "Your config.json" }
                if let Some(s) = &in_use {
                    <span class="summary-hint" id="model-config-in-use">{ format!(" in use: {s}") }</span>
                } else {
                    <span class="summary-hint">{ " (optional): your checkpoint's own facts" }</span>
                }
            </summary>
            if in_use.is_some() {
                <p class="hint">
                    { "The architecture, head counts, dims, DSA index fields and quantization are read from your config.json as SGLang reads them; the Architecture picker and the model path's reference checkpoint are not used." }
                </p>
                <button type="button" class="secondary" id="model-config-stop" onclick={stop}>
                    { "Stop using it" }
                </button>
            } else {
                <label for="model-config-text" class="tool-label">{ "Paste it, drop the file here, or choose it" }</label>
                <textarea id="model-config-text" rows="4" spellcheck="false" autocomplete="off"
                    value={(*text).clone()} {oninput}
                    aria-describedby="model-config-help"
                    placeholder={r#"{"architectures": ["Qwen2ForCausalLM"], "num_attention_heads": 64, …}"#} />
                <p class="hint" id="model-config-help">{ "Read in your browser; it travels in the page's address so that a shared link keeps it." }</p>
                <div class="tool-row">
                    <button type="button" id="model-config-use" onclick={use_text} disabled={text.trim().is_empty()}>
                        { "Use this config.json" }
                    </button>
                    <label class="file-pick">
                        { "Choose a file… " }
                        <input type="file" id="model-config-file" accept=".json,application/json" {onchange} />
                    </label>
                </div>
            }
            if let Some(e) = &*error {
                <p class="error-text" role="alert" id="model-config-error">{ e.clone() }</p>
            }
        </details>
    }
}
