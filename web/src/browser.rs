//! The few browser APIs the app uses (location, history, clipboard). Every call is
//! fallible and degrades to a no-op: nothing here may panic.

use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

/// `location.search` (with its leading `?`), or empty when unavailable.
pub fn location_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// Replaces the query part of the current URL (`history.replaceState`), keeping the path
/// and the fragment; does nothing when the query is already `query`.
pub fn replace_query(query: &str) {
    let Some(w) = web_sys::window() else {
        return;
    };
    let loc = w.location();
    if loc.search().ok().as_deref() == Some(query) {
        return;
    }
    let path = loc.pathname().unwrap_or_default();
    let hash = loc.hash().unwrap_or_default();
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(
            &JsValue::NULL,
            "",
            Some(&format!("{path}{query}{hash}")),
        );
    }
}

/// Writes `text` to the clipboard; `false` when the browser refuses or has no clipboard.
pub async fn copy_text(text: &str) -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let clipboard = w.navigator().clipboard();
    // `navigator.clipboard` is undefined outside secure contexts.
    if JsValue::from(clipboard.clone()).is_undefined() {
        return false;
    }
    JsFuture::from(clipboard.write_text(text)).await.is_ok()
}
