//! Serializable views of the rule catalogue and of the parser's codes, for the CLI
//! (`preflight rules --format json`) and the JavaScript API (`rules()`).

use crate::config::LaunchConfig;
use crate::parse::codes::{self as parse_codes, ParseCode};
use crate::report::{Severity, SourceLoc, Stage};
use crate::rules::{self, RuleInfo};
use serde::Serialize;
use serde_json::Value;

/// One message template and the releases it is SGLang's wording in.
#[derive(Clone, Debug, Serialize)]
pub struct MessageView {
    /// Releases, e.g. `0.5.19–0.5.23`.
    pub versions: String,
    /// The template in f-string syntax (`{x!r}` = `repr(x)`).
    pub template: &'static str,
}

/// A rule's example: a configuration it fires on and a corrected one.
#[derive(Clone, Debug, Serialize)]
pub struct ExampleView {
    /// LaunchConfig JSON that triggers the rule.
    pub bad: Value,
    /// LaunchConfig JSON that does not.
    pub good: Value,
}

/// One rule, as data.
#[derive(Clone, Debug, Serialize)]
pub struct RuleView {
    /// Stable code, e.g. `DSA001`.
    pub code: &'static str,
    /// Kebab-case name.
    pub name: &'static str,
    /// Severity.
    pub severity: Severity,
    /// When it happens.
    pub stage: Stage,
    /// Python exception class, if any.
    pub exception: Option<&'static str>,
    /// Releases the rule exists in.
    pub versions: String,
    /// SGLang's message per release range.
    pub messages: Vec<MessageView>,
    /// Other texts of the same failure (kernel packages' wording elsewhere); often empty.
    pub variants: &'static [&'static str],
    /// Where SGLang raises it, per release range.
    pub sources: Vec<SourceLoc>,
    /// One-line title.
    pub title: &'static str,
    /// What it means.
    pub explanation: &'static str,
    /// When it happens.
    pub trigger: &'static str,
    /// Common situations.
    pub situations: &'static str,
    /// Solutions, best first.
    pub solutions: &'static [&'static str],
    /// Keys involved.
    pub flags: &'static [&'static str],
    /// Example configurations.
    pub example: Option<ExampleView>,
    /// True when SGLang raises or logs it.
    pub raised_by_sglang: bool,
    /// For kernel-stage warnings: the public report or kernel source showing the failure.
    pub evidence: Option<&'static str>,
}

impl RuleView {
    /// The view of one catalogue entry.
    pub fn of(r: &'static RuleInfo) -> RuleView {
        let example = r.example.and_then(|(bad, good)| {
            let parse = |s: &str| serde_json::from_str::<Value>(s).ok();
            Some(ExampleView {
                bad: parse(bad)?,
                good: parse(good)?,
            })
        });
        RuleView {
            code: r.code,
            name: r.name,
            severity: r.severity,
            stage: r.stage,
            exception: r.exception,
            versions: r.versions.label(),
            messages: r
                .messages
                .iter()
                .map(|(range, t)| MessageView {
                    versions: range.label(),
                    template: t,
                })
                .collect(),
            variants: r.variants,
            sources: r
                .sources
                .iter()
                .filter_map(|(range, _, _)| r.source(range.last()))
                .collect(),
            title: r.title,
            explanation: r.explanation,
            trigger: r.trigger,
            situations: r.situations,
            solutions: r.solutions,
            flags: r.flags,
            example,
            raised_by_sglang: r.raised_by_sglang,
            evidence: r.evidence,
        }
    }

    /// The example's failing configuration, typed.
    pub fn bad_config(&self) -> Option<LaunchConfig> {
        self.example
            .as_ref()
            .and_then(|e| serde_json::from_value(e.bad.clone()).ok())
    }
}

/// Every rule, sorted by code.
pub fn rules() -> Vec<RuleView> {
    rules::all().into_iter().map(RuleView::of).collect()
}

/// One parser diagnostic kind, as data.
#[derive(Clone, Debug, Serialize)]
pub struct ParseCodeView {
    /// Stable code, e.g. `PARSE010`.
    pub code: &'static str,
    /// Kebab-case name.
    pub name: &'static str,
    /// Severity.
    pub severity: Severity,
    /// True when SGLang itself refuses the launch for this reason.
    pub raised_by_sglang: bool,
    /// One-line title.
    pub title: &'static str,
    /// What it means and what to do.
    pub explanation: &'static str,
}

impl ParseCodeView {
    /// The view of one parse code.
    pub fn of(c: &'static ParseCode) -> ParseCodeView {
        ParseCodeView {
            code: c.code,
            name: c.name,
            severity: c.severity,
            raised_by_sglang: c.raised_by_sglang,
            title: c.title,
            explanation: c.explanation,
        }
    }
}

/// Every parse code, sorted.
pub fn parse_codes() -> Vec<ParseCodeView> {
    parse_codes::ALL
        .iter()
        .copied()
        .map(ParseCodeView::of)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_serialize_and_examples_parse() {
        let all = rules();
        assert_eq!(all.len(), rules::all().len());
        for r in &all {
            if r.example.is_some() {
                assert!(r.bad_config().is_some(), "{}", r.code);
            }
            assert_eq!(
                r.messages.len(),
                rules::find(r.code).unwrap().messages.len()
            );
        }
        let j = serde_json::to_value(&all).unwrap();
        assert!(j.as_array().unwrap().iter().all(|r| r["code"].is_string()));
        assert!(!parse_codes().is_empty());
    }
}
