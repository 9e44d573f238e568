//! The few browser APIs the app uses (location, history, hash routing, title, scrolling,
//! clipboard). Every call is fallible and degrades to a no-op: nothing here may panic.

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

/// `location.hash` (with its leading `#`), or empty.
pub fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Navigates to a hash route (`#/rules/DSA001`): a history entry, so Back returns; the
/// `hashchange` listener updates the page.
pub fn go_to(hash: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(hash.trim_start_matches('#'));
    }
}

/// Replaces the hash without a history entry and without a `hashchange` event (the rule
/// list's filters follow the typing this way).
pub fn replace_hash(hash: &str) {
    let Some(w) = web_sys::window() else {
        return;
    };
    let loc = w.location();
    if loc.hash().ok().as_deref() == Some(hash) {
        return;
    }
    let path = loc.pathname().unwrap_or_default();
    let search = loc.search().unwrap_or_default();
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(
            &JsValue::NULL,
            "",
            Some(&format!("{path}{search}{hash}")),
        );
    }
}

/// Calls `f` on every `hashchange`; the returned guard removes the listener when dropped.
pub fn on_hash_change(f: impl Fn() + 'static) -> Option<HashListener> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    let w = web_sys::window()?;
    let cb = Closure::<dyn Fn()>::new(f);
    w.add_event_listener_with_callback("hashchange", cb.as_ref().unchecked_ref())
        .ok()?;
    Some(HashListener { cb })
}

/// A registered `hashchange` listener (removed on drop).
pub struct HashListener {
    cb: wasm_bindgen::closure::Closure<dyn Fn()>,
}

impl Drop for HashListener {
    fn drop(&mut self) {
        use wasm_bindgen::JsCast;
        if let Some(w) = web_sys::window() {
            let _ = w.remove_event_listener_with_callback(
                "hashchange",
                self.cb.as_ref().unchecked_ref(),
            );
        }
    }
}

/// Sets `document.title`.
pub fn set_title(title: &str) {
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        d.set_title(title);
    }
}

/// Scrolls the window to the top (a new page was shown).
pub fn scroll_to_top() {
    if let Some(w) = web_sys::window() {
        w.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// Scrolls the element with this id into view (smoothly, to its top).
pub fn scroll_into_view(id: &str) {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    else {
        return;
    };
    let opts = web_sys::ScrollIntoViewOptions::new();
    opts.set_behavior(web_sys::ScrollBehavior::Smooth);
    el.scroll_into_view_with_scroll_into_view_options(&opts);
}

/// Moves the keyboard focus to the element with this id (it needs `tabindex`; the verdict
/// banner has `tabindex="-1"`). Used after Apply: the button pressed may be gone after the
/// new render, and the verdict is what changed.
pub fn focus_id(id: &str) {
    use wasm_bindgen::JsCast;
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

/// Focuses the verdict banner (after a fix is applied).
pub fn focus_verdict() {
    focus_id(crate::components::verdict::VERDICT_ID);
}
