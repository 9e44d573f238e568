//! What the page does when its wasm panics: the release build aborts (`panic = "abort"` in
//! the `web` profile), but the panic hook runs before the abort. It logs the panic
//! (`console_error_panic_hook`), writes the last configuration into the address (the query
//! is the state), and replaces the page with "Preflight stopped: …" and a Reload button
//! (its click is handled by `boot.mjs`, plain JavaScript, because the wasm is dead by then).
//!
//! The e2e tests force a panic with the hidden route `#/__panic` ([`crate::route::Route::Panic`]):
//! nothing links to it, and the Reload it leads to drops the hash, so the page comes back as
//! the builder with the same configuration.

use std::cell::{Cell, RefCell};

/// Id of the Reload button (boot.mjs reloads the page on its click).
pub const RELOAD_ID: &str = "preflight-reload";

thread_local! {
    /// The query string of the latest configuration (written on every change, before the
    /// debounced URL update), so that a panic keeps the state the user last saw.
    static LAST_QUERY: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Set by the first panic: a second one (the dead app's next event) changes nothing.
    static STOPPED: Cell<bool> = const { Cell::new(false) };
}

/// Records the query of the configuration now shown (see [`LAST_QUERY`]).
pub fn remember_query(query: &str) {
    LAST_QUERY.with(|q| {
        if let Ok(mut q) = q.try_borrow_mut() {
            *q = Some(query.to_string());
        }
    });
}

/// Installs the panic hook: logs the panic, then [`show_stopped`]. Through Yew's
/// `set_custom_panic_hook`: a plain `std::panic::set_hook` would be replaced by Yew's default
/// hook when the renderer starts.
pub fn install_hook() {
    yew::set_custom_panic_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let payload = info.payload();
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an internal error".to_string());
        let place = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        show_stopped(&format!("{what}{place}"));
    }));
}

/// Replaces the page with the stopped message. Never panics (every step degrades to nothing).
pub fn show_stopped(reason: &str) {
    if STOPPED.with(|s| s.replace(true)) {
        return;
    }
    let Some(w) = web_sys::window() else {
        return;
    };
    // The address keeps the state: the last configuration's query, without the hash (a rule
    // page or the test route would only stop again).
    let query = LAST_QUERY
        .with(|q| q.try_borrow().ok().and_then(|q| q.clone()))
        .or_else(|| w.location().search().ok())
        .unwrap_or_default();
    let path = w.location().pathname().unwrap_or_default();
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{query}")),
        );
    }
    let Some(doc) = w.document() else {
        return;
    };
    let Some(root) = doc
        .get_element_by_id(crate::MOUNT_ID)
        .or_else(|| doc.body().map(Into::into))
    else {
        return;
    };
    let el = |tag: &str, text: &str| {
        let e = doc.create_element(tag).ok()?;
        e.set_text_content(Some(text));
        Some(e)
    };
    let Some(main) = doc.create_element("main").ok() else {
        return;
    };
    main.set_class_name("stopped");
    main.set_id("preflight-stopped");
    let _ = main.set_attribute("role", "alert");
    let parts = [
        el("h1", "Preflight stopped"),
        el(
            "p",
            &format!(
                "Preflight stopped: an internal error ended the page: {reason}. This is a bug in Preflight, not a verdict on your launch."
            ),
        ),
        el(
            "p",
            "Your configuration is kept in the address: Reload starts again with it.",
        ),
    ];
    root.set_inner_html("");
    for p in parts.into_iter().flatten() {
        let _ = main.append_child(&p);
    }
    if let Some(b) = el("button", "Reload") {
        b.set_id(RELOAD_ID);
        let _ = b.set_attribute("type", "button");
        let _ = main.append_child(&b);
    }
    let _ = root.append_child(&main);
    if let Some(b) = doc.get_element_by_id(RELOAD_ID)
        && let Ok(b) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(b)
    {
        let _ = b.focus();
    }
    doc.set_title("Preflight stopped · Preflight for SGLang");
}
