//! "Paste a launch": a textarea for the user's own launch (a command, `docker run`, an SGLang
//! config file, a container's command/args), read by the core, loaded into the builder, shown
//! back with the findings marked where the user wrote them, and corrected in the user's words.

use std::rc::Rc;

use preflight_core::parse::ParseDiagnostic;
use preflight_core::{LaunchConfig, Report, Severity, Verdict};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use super::command_box::CommandBox;
use super::diagnostic_card::severity_word;
use super::select_field::SelectField;
use super::use_actions;
use crate::options::{arch_select, gpu_select};
use crate::paste::{MAX_PASTE, PasteSession, segments};
use crate::route::rule_href;
use crate::state::Action;

/// Longest part of the pasted text shown back, in bytes (the rest is read but not displayed).
const SHOWN: usize = 16 * 1024;

/// Most diagnostics of reading the launch listed (a pathological paste can have thousands).
const SHOWN_DIAGS: usize = 50;

/// Props of [`PastePanel`].
#[derive(Properties, PartialEq)]
pub struct PastePanelProps {
    /// The builder's configuration.
    pub cfg: LaunchConfig,
    /// Its report.
    pub report: Rc<Report>,
}

/// The panel (a `<details>`, closed until opened: at 1280×800 the verdict and the builder
/// stay above the fold).
#[component]
pub fn PastePanel(props: &PastePanelProps) -> Html {
    let actions = use_actions();
    let text = use_state(String::new);
    let session: UseStateHandle<Option<Rc<PasteSession>>> = use_state(|| None);
    // the size in bytes of a paste too large to keep (the box was emptied)
    let too_large: UseStateHandle<Option<usize>> = use_state(|| None);
    let cfg = &props.cfg;

    let oninput = {
        let text = text.clone();
        let too_large = too_large.clone();
        let session = session.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(el) = e.target_dyn_into::<HtmlTextAreaElement>() {
                let v = el.value();
                if v.len() > MAX_PASTE {
                    el.set_value("");
                    too_large.set(Some(v.len()));
                    session.set(None);
                    text.set(String::new());
                } else {
                    too_large.set(None);
                    text.set(v);
                }
            }
        })
    };
    let check = {
        let text = text.clone();
        let session = session.clone();
        let actions = actions.clone();
        let cfg = cfg.clone();
        Callback::from(move |()| {
            let s = PasteSession::read(&text, cfg.sglang.as_deref());
            let p = &s.launch.parsed;
            // Load only what was read: bad input leaves the builder as it is.
            if !p.flags.is_empty() || p.config.model_path.is_some() {
                actions.emit(Action::Load(s.config_for(&cfg)));
            }
            session.set(Some(Rc::new(s)));
        })
    };
    let onclick = check.reform(|_: MouseEvent| ());
    let onkeydown = {
        let check = check.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                check.emit(());
            }
        })
    };
    let clear = {
        let text = text.clone();
        let session = session.clone();
        Callback::from(move |_: MouseEvent| {
            text.set(String::new());
            session.set(None);
        })
    };

    let result = session
        .as_ref()
        .map(|s| html! { <PasteResult session={s.clone()} cfg={cfg.clone()} report={props.report.clone()} recheck={check.clone()} /> });

    html! {
        <details class="panel tool" id="paste-panel">
            <summary>
                <h2>{ "Paste a launch" }</h2>
                <span class="summary-hint">{ "a command, docker run, a --config YAML or container args" }</span>
            </summary>
            <div class="tool-body">
                <div class="tool-input">
                    <label for="paste-text" class="tool-label">{ "Your launch" }</label>
                    <textarea id="paste-text" rows="5" spellcheck="false" autocomplete="off"
                        value={(*text).clone()} {oninput} {onkeydown}
                        aria-describedby="paste-help"
                        placeholder="python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 …" />
                    if let Some(n) = *too_large {
                        <p class="note" id="paste-too-large" role="status">
                            <code class="code">{ "PARSE002" }</code>{ " " }
                            { format!("The pasted text is {} KiB; Preflight reads launches up to {} KiB, so it was not kept. Paste the launch command or config file alone.", n / 1024, MAX_PASTE / 1024) }
                        </p>
                    }
                    <p class="hint" id="paste-help">
                        { "Also: " }<code>{ "docker run … lmsysorg/sglang:v0.5.23 …" }</code>{ ", " }
                        <code>{ "sglang serve …" }</code>{ ", " }<code>{ "export" }</code>
                        { " lines, an SGLang config file (YAML), a Kubernetes container or a JSON list of arguments. Nothing leaves your browser." }
                    </p>
                    <div class="tool-row">
                        <SelectField id="paste-gpu" label="GPU it runs on" model={gpu_select(cfg)}
                            on_change={actions.reform(Action::PickGpu)}
                            set={cfg.gpu.is_some() || cfg.compute_capability.is_some()}
                            hint="A launch does not name its GPU; this is the builder's GPU." />
                        <div class="tool-buttons">
                            <button type="button" id="paste-check" {onclick}>{ "Check this launch" }</button>
                            if session.is_some() || !text.is_empty() {
                                <button type="button" class="secondary" id="paste-clear" onclick={clear}>{ "Clear" }</button>
                            }
                        </div>
                    </div>
                </div>
                { for result }
            </div>
        </details>
    }
}

/// Props of [`PasteResult`].
#[derive(Properties, PartialEq)]
struct PasteResultProps {
    session: Rc<PasteSession>,
    cfg: LaunchConfig,
    report: Rc<Report>,
    /// Reads the pasted text again and loads it.
    recheck: Callback<()>,
}

fn parse_diag(d: &ParseDiagnostic) -> Html {
    let sev = severity_word(d.severity);
    html! {
        <li class={classes!("pdiag", format!("pdiag-{sev}"))} data-code={d.code}>
            <span class={classes!("sev", format!("sev-{sev}"))}>{ sev }</span>
            { " " }
            <a class="code-link" href={rule_href(d.code)}><code class="code">{ d.code }</code></a>
            { " " }
            <span class="pdiag-msg">{ d.message.clone() }</span>
            if let Some(note) = &d.note {
                <span class="pdiag-note">{ note.clone() }</span>
            }
            if d.raised_by_sglang {
                <span class="badge badge-sglang">{ "SGLang refuses this" }</span>
            }
        </li>
    }
}

/// What the pasted launch was read as, marked, and corrected.
#[component]
fn PasteResult(props: &PasteResultProps) -> Html {
    let actions = use_actions();
    let s = &props.session;
    let l = &s.launch;
    let p = &l.parsed;
    let r = &props.report;
    let nothing_read = p.flags.is_empty() && p.config.model_path.is_none();

    let shown_text = {
        let mut cut = s.text.len().min(SHOWN);
        while !s.text.is_char_boundary(cut) {
            cut -= 1;
        }
        &s.text[..cut]
    };
    // once the builder holds another launch, only the parser's own findings apply to the text
    let current = s.is_current(&props.cfg);
    let marks = s.marks(current.then_some(&**r));
    let segs = segments(shown_text, &marks);
    let view: Html = segs
        .into_iter()
        .map(|seg| match seg.severity {
            None => html! { { seg.text } },
            Some(sev) => {
                let w = severity_word(sev);
                let codes = seg.codes.join(" ");
                html! {
                    <mark class={classes!("hl", format!("hl-{w}"))} data-codes={codes.clone()}
                        title={format!("{w}: {}", seg.codes.join(", "))}>{ seg.text }</mark>
                }
            }
        })
        .collect();

    let release = match (&p.config.sglang, &p.docker_image) {
        (Some(v), Some(img)) => format!("SGLang {v} (from the image {img})"),
        (Some(v), None) => format!("SGLang {v}"),
        (None, _) => format!(
            "SGLang {} (newest modelled)",
            preflight_core::SglangVersion::LATEST
        ),
    };
    let n_flags = p.flags.iter().filter(|f| f.effective).count();
    let parse_errors = p
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();

    let changes = s.changes(&props.cfg, r);
    let rewrite = l.rewrite(&s.text, &changes);
    let differs = rewrite.text != s.text;
    let noun = match l.kind {
        preflight_core::launch::InputKind::Command => "command",
        preflight_core::launch::InputKind::ConfigYaml => "config file",
        preflight_core::launch::InputKind::ContainerList => "container arguments",
    };
    let fix_title = (r.verdict == Verdict::Error)
        .then(|| r.corrected.as_ref().map(|f| f.title.clone()))
        .flatten();
    let unfixed = r.verdict == Verdict::Error && fix_title.is_none();
    let title = if unfixed {
        format!("Your {noun}, partly corrected")
    } else if r.verdict == Verdict::Error || parse_errors > 0 {
        format!("Your {noun}, corrected")
    } else {
        format!("Your {noun}, with the builder's changes")
    };
    let errors = r.errors().count();

    html! {
        <div class="tool-output" id="paste-result" aria-live="polite">
            <p class="read-as">
                { "Read as a " }<strong>{ l.kind.label() }</strong>{ format!(" · {release} · ") }
                { format!("{n_flags} setting{}", if n_flags == 1 { "" } else { "s" }) }
                if let Some(m) = &p.config.model_path {
                    { " · model " }<code>{ m.clone() }</code>
                }
            </p>
            if nothing_read {
                <p class="note" id="paste-nothing">{ "Nothing could be read from this input; the builder is unchanged." }</p>
            } else if s.needs_arch() {
                <div class="ask-arch">
                    <p>
                        { "Preflight does not know the architecture of " }
                        <code>{ p.config.model_path.clone().unwrap_or_else(|| "this launch's model".into()) }</code>
                        { ": pick " }<code>{ "architectures[0]" }</code>{ " from the model's config.json." }
                    </p>
                    <SelectField id="paste-arch" label="Architecture" model={arch_select(&props.cfg)}
                        on_change={actions.reform(|v: String| Action::Set("arch".into(), Some(v)))}
                        set={props.cfg.arch.is_some()} />
                </div>
            }
            <pre class="paste-view" id="paste-view" aria-label="Your launch with the findings marked"><code>{ view }</code></pre>
            if s.text.len() > SHOWN {
                <p class="note">{ format!("Showing the first {} KiB of {} KiB.", SHOWN / 1024, s.text.len() / 1024) }</p>
            }
            if !p.diagnostics.is_empty() {
                <h3>{ "Reading the launch" }</h3>
                <ul class="parse-diags" id="paste-diags">
                    { for p.diagnostics.iter().take(SHOWN_DIAGS).map(parse_diag) }
                </ul>
                if p.diagnostics.len() > SHOWN_DIAGS {
                    <p class="note" id="paste-diags-more">{ format!("… and {} more.", p.diagnostics.len() - SHOWN_DIAGS) }</p>
                }
            }
            if !nothing_read && !current {
                <p class="note" id="paste-stale">
                    { "The builder now holds another configuration; the findings above are only those of reading the launch. " }
                    <button type="button" class="linkish" onclick={props.recheck.reform(|_: MouseEvent| ())}>{ "Check this launch again" }</button>
                </p>
            }
            if !nothing_read && current {
                <p class="paste-verdict">
                    if errors > 0 {
                        <strong class="err-text">{ format!("{errors} error{} ", if errors == 1 { "" } else { "s" }) }</strong>
                        { "in this configuration: they are marked above and explained in " }
                        <a href="#findings">{ "Findings" }</a>{ "." }
                    } else {
                        <strong class="ok-text">{ "SGLang would start. " }</strong>
                        { "Warnings and rewrites are in " }<a href="#findings">{ "Findings" }</a>{ "." }
                    }
                </p>
                if differs {
                    <CommandBox id="paste-corrected" title={title} command={rewrite.text.clone()}>
                        <p class="fix-note">
                            if let Some(t) = fix_title {
                                { "Best verified fix: " }<code>{ t }</code>{ ". " }
                            }
                            if unfixed {
                                { "No verified single or paired change fixes every error; only what SGLang refuses to read is respelled. " }
                            }
                            { "Everything else is as you wrote it." }
                        </p>
                        if !rewrite.skipped.is_empty() {
                            <ul class="skipped">
                                { for rewrite.skipped.iter().map(|k| html! {
                                    <li><code>{ k.key.clone() }</code>{ format!(": not in the text ({})", k.reason) }</li>
                                }) }
                            </ul>
                        }
                    </CommandBox>
                } else if errors > 0 {
                    <p class="empty">{ "No verified single or paired change fixes every error." }</p>
                }
            }
        </div>
    }
}
