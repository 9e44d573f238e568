//! Preflight's web app: a Yew (CSR) page that builds an SGLang launch configuration,
//! validates it live with `preflight-core` and keeps the state in the URL.
//!
//! Layout: [`state`] (the one reducer), [`url`] (query string ⇄ configuration, pure),
//! [`route`] (hash routing: builder, `#/rules`, `#/rules/CODE`, pure), [`options`] (picker
//! models derived from the core's tables, pure), [`paste`] (a pasted launch: configuration,
//! marks, corrections, pure), [`catalog`] (the rule list and its filters, pure), [`browser`]
//! (location, history, clipboard), [`stopped`] (the page after a panic), [`components`] (one
//! component per file).

#![warn(missing_docs)]

pub mod browser;
pub mod catalog;
pub mod components;
pub mod options;
pub mod paste;
pub mod route;
pub mod state;
pub mod stopped;
pub mod url;

/// Id of the element the app mounts into when the host page provides one (else `<body>`).
pub const MOUNT_ID: &str = "preflight";

/// Starts the app: installs the panic hook (panics go to `console.error` and replace the
/// page with "Preflight stopped", see [`stopped`]) and mounts.
pub fn run() {
    stopped::install_hook();
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(MOUNT_ID));
    match root {
        Some(el) => yew::Renderer::<components::app::App>::with_root(el).render(),
        None => yew::Renderer::<components::app::App>::new().render(),
    };
}
