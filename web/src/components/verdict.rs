//! The verdict banner: OK, or the number of errors and the one SGLang raises first.

use std::rc::Rc;

use preflight_core::{Report, Severity, Verdict};
use yew::prelude::*;

/// Props of [`VerdictBanner`].
#[derive(Properties, PartialEq)]
pub struct VerdictBannerProps {
    /// The current report.
    pub report: Rc<Report>,
}

/// The banner at the top of the page (a live region: screen readers hear each change).
#[component]
pub fn VerdictBanner(props: &VerdictBannerProps) -> Html {
    let r = &props.report;
    let count = |s: Severity| r.diagnostics.iter().filter(|d| d.severity == s).count();
    let (errors, warnings, infos) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let target = match (&r.hardware, &r.arch) {
        (Some(h), Some(a)) => format!(" on {} with {a}", h.name),
        (Some(h), None) => format!(" on {}", h.name),
        _ => String::new(),
    };
    let (class, headline, detail) = match r.verdict {
        Verdict::Ok => (
            "ok",
            "OK".to_string(),
            format!(
                "SGLang {} would start{target}. {}, {}.",
                r.sglang,
                plural(warnings, "warning"),
                plural(infos, "rewrite")
            ),
        ),
        Verdict::Error => {
            let first = r
                .first_error()
                .map(|d| {
                    let who = if d.raised_by_sglang {
                        "SGLang stops with"
                    } else {
                        "Preflight cannot evaluate:"
                    };
                    format!(
                        "{who} {} {} ({}).",
                        d.exception.as_deref().unwrap_or(""),
                        d.code,
                        d.stage.label()
                    )
                    .replace("  ", " ")
                })
                .unwrap_or_default();
            (
                "error",
                plural(errors, "error"),
                format!("SGLang {}{target}. {first}", r.sglang),
            )
        }
    };
    html! {
        <div class={classes!("verdict", format!("verdict-{class}"))} role="status" aria-live="polite" id="verdict">
            <strong class="verdict-headline">{ headline }</strong>
            <span class="verdict-detail">{ detail }</span>
            <a class="jump" href="#findings">{ "Findings ↓" }</a>
        </div>
    }
}
