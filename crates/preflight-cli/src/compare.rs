//! `preflight check --sglang all` (the launch on every release, side by side) and
//! `preflight check --upgrade-to X` (what changes for it when moving to release X).

use crate::Format;
use crate::style::Style;
use preflight_core::SglangVersion;
use preflight_core::check::CheckOptions;
use preflight_core::compare::{self, Comparison};
use preflight_core::report::VerdictClass;
use std::process::ExitCode;

/// How the exit code is chosen.
pub enum Gate {
    /// The worst class over the modelled releases (`--sglang all`).
    Worst,
    /// The last release's class (`--upgrade-to X`).
    Last,
}

/// Prints a comparison and exits by `gate`.
pub fn run(
    text: &str,
    opts: &CheckOptions,
    releases: &[SglangVersion],
    gate: Gate,
    format: Format,
    st: &Style,
) -> ExitCode {
    let c = compare::compare_text(text, opts, releases);
    print_comparison(&c, format, st);
    let code = match gate {
        Gate::Worst => c
            .rows
            .iter()
            .filter(|r| r.modelled)
            .map(|r| r.class.exit_code(false))
            .max()
            .unwrap_or(2),
        Gate::Last => c.rows.last().map_or(2, |r| r.class.exit_code(false)),
    };
    ExitCode::from(code)
}

fn print_comparison(c: &Comparison, format: Format, st: &Style) {
    if format == Format::Json {
        match serde_json::to_string_pretty(c) {
            Ok(s) => println!("{s}"),
            Err(e) => eprintln!("error: {e}"),
        }
        return;
    }
    for r in &c.rows {
        let tag = match r.class {
            VerdictClass::Starts => st.good("ok     "),
            VerdictClass::StartsWithRisks => st.bold("risk   "),
            VerdictClass::Refused => st.bold("refused"),
            VerdictClass::Crashes => st.bold("crashes"),
            VerdictClass::CannotJudge => st.dim("?      "),
        };
        let detail = match (&r.first, r.modelled) {
            (_, false) => "not modelled: Preflight cannot judge this release".to_string(),
            (Some(f), _) => format!("{} {}", f.code, f.message),
            (None, _) => r
                .runs
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(" · "),
        };
        println!("{:<8} {tag}  {detail}", r.sglang);
    }
    if !c.changes.is_empty() {
        println!("\n{}", st.bold("differences:"));
        for ch in &c.changes {
            println!("  - {}", ch.describe());
        }
    }
}
