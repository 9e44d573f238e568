//! `#/matrix`: the whole space for the builder's model, KV dtype and release, computed by the
//! same engine as every verdict ([`preflight_core::matrix`], as `preflight matrix`): GPUs ×
//! attention backends, or for DSA and DeepSeek-V4 models prefill × decode backends on the
//! builder's GPU. Each cell is the validator's verdict on that configuration, with the rule
//! and SGLang's message on hover and focus; choosing a cell loads it into the builder.

use preflight_core::LaunchConfig;
use preflight_core::domains::gpu::{Vendor, find_gpu};
use preflight_core::matrix::{self, Cell, Matrix, MatrixKind};
use preflight_core::report::VerdictClass;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::use_actions;
use super::verdict::class_key;
use crate::browser::go_to;
use crate::route::{MATRIX_KINDS, MATRIX_VENDORS, MatrixView, Route};
use crate::state::Action;

/// Props of [`MatrixPage`].
#[derive(Properties, PartialEq)]
pub struct MatrixPageProps {
    /// The builder's configuration (model, KV dtype, release, other flags).
    pub cfg: LaunchConfig,
    /// What the page crosses.
    pub view: MatrixView,
    /// What SGLang resolves `--attention-backend` to for the builder's launch (`dsa`, `dsv4`
    /// pick the sparse matrices when the view does not say).
    pub resolved_backend: Option<String>,
}

/// The kind shown: the view's, else the one the launch's model uses.
fn kind_of(view: &MatrixView, resolved: Option<&str>) -> MatrixKind {
    match (view.kind.as_str(), resolved) {
        ("dsa", _) | ("", Some("dsa")) => MatrixKind::Dsa,
        ("dsv4", _) | ("", Some("dsv4")) => MatrixKind::Dsv4,
        _ => MatrixKind::Attention,
    }
}

fn kind_key(k: MatrixKind) -> &'static str {
    match k {
        MatrixKind::Attention => "attention",
        MatrixKind::Dsa => "dsa",
        MatrixKind::Dsv4 => "dsv4",
    }
}

/// The vendor filter: the view's, else the builder GPU's vendor, else NVIDIA.
fn vendor_of(view: &MatrixView, cfg: &LaunchConfig) -> Option<Vendor> {
    match view.vendor.as_str() {
        "all" => None,
        "amd" => Some(Vendor::Amd),
        "nvidia" => Some(Vendor::Nvidia),
        _ => Some(
            cfg.gpu
                .as_deref()
                .and_then(find_gpu)
                .map_or(Vendor::Nvidia, |g| g.vendor),
        ),
    }
}

/// A cell's words: its class, then the rule and message (read on hover, focus and by screen
/// readers; the short text and the icon are visible, colour is never the only signal).
fn cell_words(c: &Cell) -> String {
    let what = match c.class {
        VerdictClass::Starts if c.rewritten => "starts with a rewrite",
        other => other.label(),
    };
    match (&c.code, &c.message) {
        (Some(code), Some(m)) => format!("{what}: {code} {m}"),
        (None, Some(m)) => format!("{what}: {m}"),
        _ => what.to_string(),
    }
}

fn cell_html(c: &Cell, row: &str, col: &str, load: &Callback<LaunchConfig>) -> Html {
    let (key, icon) = class_key(c.class);
    let key = if c.rewritten { "rewritten" } else { key };
    // a crash and a refusal differ by more than colour
    let icon = if c.class == VerdictClass::Crashes {
        "⚡"
    } else {
        icon
    };
    let words = cell_words(c);
    let cfg = c.config.clone();
    let onclick = load.reform(move |_: MouseEvent| cfg.clone());
    html! {
        <td class={classes!("mcell", format!("m-{key}"))} data-row={row.to_string()} data-col={col.to_string()}>
            <a href="#/" {onclick} title={words.clone()} aria-label={format!("{row}, {col}: {words}. Load it into the builder.")}>
                <span class="micon" aria-hidden="true">{ icon }</span>
                { c.code.clone().unwrap_or_else(|| if c.rewritten { format!("→ {}", c.runs.clone().unwrap_or_default()) } else { String::new() }) }
            </a>
        </td>
    }
}

fn table(m: &Matrix, load: &Callback<LaunchConfig>) -> Html {
    html! {
        <div class="matrix-scroll">
            <table class="matrix" id="matrix-table">
                <thead><tr>
                    <th scope="col">{ match m.kind { MatrixKind::Attention => "GPU", _ => "prefill \\ decode" } }</th>
                    <th scope="col" class="mdefault">{ "SGLang's default" }</th>
                    { for m.columns.iter().map(|c| html! { <th scope="col"><code>{ c.clone() }</code></th> }) }
                </tr></thead>
                <tbody>
                    { for m.rows.iter().enumerate().map(|(i, r)| html! {
                        <tr>
                            <th scope="row">{ r.clone() }</th>
                            { cell_html(&m.default[i], r, "default", load) }
                            { for m.cells[i].iter().zip(&m.columns).map(|(c, col)| cell_html(c, r, col, load)) }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// The page.
#[component]
pub fn MatrixPage(props: &MatrixPageProps) -> Html {
    let actions = use_actions();
    let kind = kind_of(&props.view, props.resolved_backend.as_deref());
    let vendor = vendor_of(&props.view, &props.cfg);
    let m = use_memo(
        (props.cfg.clone(), kind, vendor),
        |(cfg, kind, vendor)| match kind {
            MatrixKind::Attention => matrix::attention(cfg, *vendor),
            k => matrix::sparse(cfg, *k),
        },
    );
    let load = actions.reform(Action::Load);
    let set_view = |field: &'static str| {
        let view = props.view.clone();
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
                let mut v = view.clone();
                match field {
                    "kind" => v.kind = s.value(),
                    _ => v.vendor = s.value(),
                }
                go_to(&Route::Matrix(v).hash());
            }
        })
    };
    let arch = props
        .cfg
        .arch
        .clone()
        .unwrap_or_else(|| "the model path's architecture".into());
    let kv = props
        .cfg
        .arg("kv_cache_dtype")
        .unwrap_or_else(|| "auto".into());
    let gpu = props.cfg.gpu.clone().unwrap_or_else(|| "no GPU".into());
    let about = match kind {
        MatrixKind::Attention => format!(
            "Every GPU × every --attention-backend for {arch}, --kv-cache-dtype {kv}, SGLang {}, with the builder's other flags.",
            m.sglang
        ),
        _ => format!(
            "Every prefill × decode backend on {gpu} for {arch}, --kv-cache-dtype {kv}, SGLang {}, with the builder's other flags.",
            m.sglang
        ),
    };
    html! {
        <main class="page-matrix" id="matrix-page">
            <h2>{ "Matrix" }</h2>
            <p class="hint">{ about }{ " Each cell is Preflight's verdict on that launch (the same as the builder's); hover or focus it for the rule and SGLang's message, choose it to load it into the builder." }</p>
            <div class="matrix-controls">
                <label for="matrix-kind">{ "Crossing " }</label>
                <select id="matrix-kind" onchange={set_view("kind")}>
                    { for MATRIX_KINDS.iter().map(|k| html! {
                        <option value={*k} selected={kind_key(kind) == *k}>{ match *k {
                            "attention" => "GPUs × attention backends",
                            "dsa" => "DSA prefill × decode backends",
                            _ => "DeepSeek-V4 prefill × attention backends",
                        } }</option>
                    }) }
                </select>
                if kind == MatrixKind::Attention {
                    <label for="matrix-vendor">{ " GPUs " }</label>
                    <select id="matrix-vendor" onchange={set_view("vendor")}>
                        { for MATRIX_VENDORS.iter().map(|v| html! {
                            <option value={*v} selected={match *v { "all" => vendor.is_none(), "amd" => vendor == Some(Vendor::Amd), _ => vendor == Some(Vendor::Nvidia) }}>{ match *v { "nvidia" => "NVIDIA", "amd" => "AMD", _ => "all" } }</option>
                        }) }
                    </select>
                }
            </div>
            <p class="matrix-legend">
                <span class="m-starts legend">{ "✓ starts" }</span>
                <span class="m-rewritten legend">{ "✓ → starts, SGLang runs another backend" }</span>
                <span class="m-risks legend">{ "! starts with risks" }</span>
                <span class="m-crashes legend">{ "⚡ crashes at first forward" }</span>
                <span class="m-refused legend">{ "✕ refused" }</span>
                <span class="m-unknown legend">{ "? cannot judge" }</span>
            </p>
            { table(&m, &load) }
        </main>
    }
}
