//! Browser tests of the web app (headless Chromium via wasm-bindgen-test-runner):
//! `cargo test -p preflight-web --target wasm32-unknown-unknown --test browser`.
#![cfg(target_arch = "wasm32")]

use preflight_web::components::app::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, Event, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Lets the browser run its queued tasks (Yew renders in a later task than the event).
async fn next_task() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// Waits until `cond` holds, yielding to the browser between checks; panics with `what` after
/// many tries (a condition that never holds, not a slow machine: each try yields a whole task).
async fn wait_for(what: &str, cond: impl Fn() -> bool) {
    for _ in 0..20_000 {
        if cond() {
            return;
        }
        next_task().await;
    }
    panic!("timed out waiting for {what}");
}

async fn mount() -> Element {
    let document = gloo_utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    let r = root.clone();
    wait_for("the verdict", move || {
        r.query_selector(".verdict-headline")
            .ok()
            .flatten()
            .is_some()
    })
    .await;
    root
}

fn text_of(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn renders_the_default_state_and_reacts_to_a_picker() {
    let root = mount().await;
    // The test page has no query: the default H100 + Llama state, which is valid.
    assert_eq!(
        text_of(&root, ".verdict-headline"),
        "SGLang 0.5.23 would start this launch"
    );
    assert!(
        text_of(&root, "#launch-command").contains("--model-path meta-llama/Llama-3.1-8B-Instruct")
    );

    let select: HtmlSelectElement = root
        .query_selector("#pick-gpu")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    // A custom compute capability, seeded from the H100: still valid, and its input appears.
    select.set_value("__custom__");
    select
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    let r = root.clone();
    wait_for("#pick-cc", move || {
        r.query_selector("#pick-cc").ok().flatten().is_some()
    })
    .await;
    assert_eq!(
        text_of(&root, ".verdict-headline"),
        "SGLang 0.5.23 would start this launch"
    );
    let cc: HtmlInputElement = root
        .query_selector("#pick-cc")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(cc.value(), "9.0");
    // No GPU at all: Preflight's own input error, and the picker follows the state.
    select.set_value("");
    select
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    let r = root.clone();
    wait_for("the INPUT002 diagnostic", move || {
        r.query_selector(r#".diag[data-code="INPUT002"]"#)
            .ok()
            .flatten()
            .is_some()
    })
    .await;
    assert_eq!(
        text_of(&root, ".verdict-headline"),
        "Preflight cannot judge this launch"
    );
    assert!(
        root.query_selector(r#".diag[data-code="INPUT002"]"#)
            .unwrap()
            .is_some()
    );
    assert!(root.query_selector("#pick-cc").unwrap().is_none());
    assert_eq!(select.value(), "");
}
