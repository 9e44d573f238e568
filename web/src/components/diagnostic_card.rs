//! One diagnostic: severity, code, stage, SGLang's message verbatim, explanation, source
//! and fixes.

use preflight_core::report::{Diagnostic, Severity, Stage};
use yew::prelude::*;

use super::fix_item::FixList;
use super::inline::with_code;

/// Props of [`DiagnosticCard`].
#[derive(Properties, PartialEq)]
pub struct DiagnosticCardProps {
    /// The diagnostic.
    pub diag: Diagnostic,
    /// When this error's fixes are those of an earlier error: that error's code
    /// (the fixes are then not repeated).
    #[prop_or_default]
    pub fixes_same_as: Option<AttrValue>,
}

/// Lower-case severity word (also the CSS modifier).
pub fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// A diagnostic card.
#[component]
pub fn DiagnosticCard(props: &DiagnosticCardProps) -> Html {
    let d = &props.diag;
    let sev = severity_word(d.severity);
    let not_sglang = if d.raised_by_sglang {
        None
    } else if d.stage == Stage::Kernel {
        Some(
            "Not an SGLang argument check: a known kernel failure at run time, reported by Preflight.",
        )
    } else {
        Some("Preflight's own check: SGLang itself does not raise this.")
    };
    html! {
        <li class={classes!("diag", format!("diag-{sev}"))} data-code={d.code}>
            <div class="diag-head">
                <span class={classes!("sev", format!("sev-{sev}"))}>{ sev }</span>
                <a class="code-link" href={crate::route::rule_href(d.code)}
                    title={format!("{} rule page", d.code)}><code class="code">{ d.code }</code></a>
                <span class="stage">{ d.stage.label() }</span>
                if let Some(exc) = &d.exception {
                    <code class="exc">{ *exc }</code>
                }
            </div>
            <pre class="message"><code>{ d.shown_message().into_owned() }</code></pre>
            if let Some(hint) = &d.note {
                <p class="diag-note">{ hint.clone() }</p>
            }
            <p class="explanation">{ with_code(d.explanation) }</p>
            if let Some(note) = not_sglang {
                <p class="note">{ note }</p>
            }
            if let Some(src) = &d.source {
                <p class="source">
                    { "Source: " }
                    <a href={src.url()} target="_blank" rel="noopener noreferrer">{ src.cite() }</a>
                </p>
            }
            if !d.fixes.is_empty() {
                if let Some(code) = &props.fixes_same_as {
                    <p class="fixes-ref">{ format!("Fixes: the same as for {code} above.") }</p>
                } else {
                    <FixList fixes={d.fixes.clone()} title="Verified fixes" />
                }
            }
        </li>
    }
}
