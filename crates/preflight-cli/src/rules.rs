//! `preflight rules`: the rule catalogue as a table or JSON.

use crate::Format;
use crate::style::label;
use preflight_core::catalogue;
use std::process::ExitCode;

/// Runs `preflight rules`.
pub fn run(format: Format) -> ExitCode {
    let rules = catalogue::rules();
    if format == Format::Json {
        return match serde_json::to_string_pretty(&rules) {
            Ok(s) => {
                println!("{s}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    let code_w = rules.iter().map(|r| r.code.len()).max().unwrap_or(4).max(4);
    let stage_w = rules
        .iter()
        .map(|r| r.stage.label().len())
        .max()
        .unwrap_or(5);
    let mut out = format!(
        "{:<code_w$}  {:<8}  {:<stage_w$}  TITLE\n",
        "CODE", "SEVERITY", "STAGE"
    );
    for r in &rules {
        out.push_str(&format!(
            "{:<code_w$}  {:<8}  {:<stage_w$}  {}\n",
            r.code,
            label(r.severity),
            r.stage.label(),
            r.title
        ));
    }
    let parse = catalogue::parse_codes();
    out.push_str(&format!(
        "\n{} rules; the command parser's own codes are {}–{} (`preflight explain PARSE010`).\n",
        rules.len(),
        parse.first().map_or("", |c| c.code),
        parse.last().map_or("", |c| c.code),
    ));
    print!("{out}");
    ExitCode::SUCCESS
}
