//! Export: the configuration as an SGLang `--config` YAML file, a `docker run` line or the
//! JSON report, each with a Copy button (the shell command is in the Commands panel).

use std::rc::Rc;

use preflight_core::domains::gpu::Vendor;
use preflight_core::export::{render_docker, render_yaml, report_json};
use preflight_core::{LaunchConfig, Report};
use yew::prelude::*;

use super::command_box::CommandBox;

/// The export formats: (key, tab label, heading).
const FORMATS: &[(&str, &str, &str)] = &[
    ("yaml", "Config YAML", "SGLang config file (sglang.yaml)"),
    ("docker", "docker run", "docker run"),
    ("json", "JSON report", "JSON report"),
];

/// Props of [`ExportPanel`].
#[derive(Properties, PartialEq)]
pub struct ExportPanelProps {
    /// The configuration.
    pub cfg: LaunchConfig,
    /// Its report.
    pub report: Rc<Report>,
}

/// Tabs of export formats over one copyable block.
#[component]
pub fn ExportPanel(props: &ExportPanelProps) -> Html {
    let format = use_state(|| "yaml");
    let (key, _, heading) = FORMATS
        .iter()
        .copied()
        .find(|(k, _, _)| *k == *format)
        .unwrap_or(FORMATS[0]);
    let text = match key {
        "yaml" => render_yaml(&props.cfg),
        "docker" => render_docker(&props.cfg),
        _ => report_json(&props.report),
    };
    let amd = props
        .report
        .hardware
        .as_ref()
        .is_some_and(|h| h.vendor == Vendor::Amd);
    html! {
        <section class="panel export" aria-labelledby="export-title">
            <h2 id="export-title">{ "Export" }</h2>
            <div class="tabs" role="group" aria-label="Format">
                { for FORMATS.iter().map(|(k, label, _)| {
                    let f = format.clone();
                    let k2: &'static str = k;
                    html! {
                        <button type="button" class={classes!("tab", (*k == key).then_some("tab-on"))}
                            id={format!("export-tab-{k}")} aria-pressed={(*k == key).to_string()}
                            onclick={Callback::from(move |_: MouseEvent| f.set(k2))}>{ *label }</button>
                    }
                }) }
            </div>
            <CommandBox id="export-text" title={heading} command={text}>
                <p class="hint export-hint">
                    { match key {
                        "yaml" => "Flags by their dashed names and the model path; environment variables as comments to export first. Launch with --config.",
                        "docker" => "The release image, with -e for each environment variable and --host 0.0.0.0 so that the published port reaches the server.",
                        _ => "The report Preflight computed: verdict, diagnostics with SGLang's messages and sources, resolved values, fixes.",
                    } }
                    if key == "docker" && amd {
                        { " This GPU runs the ROCm images, which use other tags and --device options instead of --gpus." }
                    }
                </p>
            </CommandBox>
        </section>
    }
}
