//! The list of findings, in the order SGLang raises or logs them.

use std::rc::Rc;

use preflight_core::{Diagnostic, Report};
use yew::prelude::*;

use super::diagnostic_card::DiagnosticCard;

/// Props of [`Diagnostics`].
#[derive(Properties, PartialEq)]
pub struct DiagnosticsProps {
    /// The current report.
    pub report: Rc<Report>,
}

/// All diagnostics, errors first (each severity in SGLang's order); an error whose fixes
/// equal the previous error's refers to them instead of repeating them.
#[component]
pub fn Diagnostics(props: &DiagnosticsProps) -> Html {
    let mut diags: Vec<&Diagnostic> = props.report.diagnostics.iter().collect();
    diags.sort_by_key(|d| d.severity);
    let mut prev: Option<usize> = None;
    let items: Vec<Html> = diags
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let same = prev
                .filter(|&p| !d.fixes.is_empty() && diags[p].fixes == d.fixes)
                .map(|p| AttrValue::from(diags[p].code));
            if !d.fixes.is_empty() {
                prev = Some(i);
            }
            html! { <DiagnosticCard key={i} diag={(*d).clone()} fixes_same_as={same} /> }
        })
        .collect();
    html! {
        <section class="panel diagnostics" id="findings" aria-labelledby="diag-title">
            <h2 id="diag-title">{ format!("Findings ({})", diags.len()) }</h2>
            if diags.is_empty() {
                <p class="empty">{ "Nothing to report: SGLang would accept this configuration without errors, warnings or rewrites." }</p>
            } else {
                <ol class="diag-list">{ for items }</ol>
            }
        </section>
    }
}
