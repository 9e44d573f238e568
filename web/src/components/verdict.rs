//! The verdict banner: the core's verdict class in plain words ([`VerdictClass::headline`]:
//! refused / crashes at the first forward / starts with risks / starts / cannot judge), with
//! an icon and a class name beside the colour (colour is never the only signal), and the
//! first error that decides it.

use std::rc::Rc;

use preflight_core::{Report, Severity, Stage, VerdictClass};
use yew::prelude::*;

/// Id of the banner (focused after Apply, see [`crate::browser::focus_verdict`]).
pub const VERDICT_ID: &str = "verdict";

/// Props of [`VerdictBanner`].
#[derive(Properties, PartialEq)]
pub struct VerdictBannerProps {
    /// The current report.
    pub report: Rc<Report>,
}

/// The class's CSS/test key and its icon (the text carries the meaning; the icon is hidden
/// from screen readers).
pub fn class_key(class: VerdictClass) -> (&'static str, &'static str) {
    match class {
        VerdictClass::Refused => ("refused", "✕"),
        VerdictClass::Crashes => ("crashes", "✕"),
        VerdictClass::StartsWithRisks => ("risks", "!"),
        VerdictClass::Starts => ("starts", "✓"),
        VerdictClass::CannotJudge => ("unknown", "?"),
    }
}

/// The line under the headline: where, how many findings, and the first error.
pub fn verdict_detail(r: &Report) -> String {
    let count = |s: Severity| r.diagnostics.iter().filter(|d| d.severity == s).count();
    let (errors, warnings, infos) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let target = match (&r.hardware, &r.arch) {
        (Some(h), Some(a)) => format!("On {} with {a}: ", h.name),
        (Some(h), None) => format!("On {}: ", h.name),
        _ => String::new(),
    };
    match r.first_error() {
        None => format!(
            "{target}{}, {}.",
            plural(warnings, "warning"),
            plural(infos, "rewrite")
        ),
        Some(d) => {
            let who = match d.stage {
                Stage::Input => "Preflight cannot evaluate it:",
                Stage::Kernel => "the first forward fails with",
                _ => "SGLang stops with",
            };
            let first = format!(
                "{who} {} {} ({}).",
                d.exception.unwrap_or(""),
                d.code,
                d.stage.label()
            )
            .replace("  ", " ");
            let scope = r.scope.map(|s| format!(" {s}")).unwrap_or_default();
            format!("{target}{}; {first}{scope}", plural(errors, "error"))
        }
    }
}

/// The banner at the top of the builder. Its headline is a polite live region (screen
/// readers hear each new verdict); the banner itself takes focus after Apply.
#[component]
pub fn VerdictBanner(props: &VerdictBannerProps) -> Html {
    let r = &props.report;
    let (key, icon) = class_key(r.class);
    html! {
        <section class={classes!("verdict", format!("verdict-{key}"))} id={VERDICT_ID}
            data-class={r.class.label()} tabindex="-1" aria-labelledby="verdict-headline">
            <p class="verdict-line" role="status" aria-live="polite" aria-atomic="true">
                <span class="verdict-icon" aria-hidden="true">{ icon }</span>
                <strong class="verdict-headline" id="verdict-headline">{ r.class.headline(&r.sglang) }</strong>
            </p>
            <span class="verdict-detail">{ verdict_detail(r) }</span>
            <a class="jump" href="#findings">{ "Findings ↓" }</a>
        </section>
    }
}
