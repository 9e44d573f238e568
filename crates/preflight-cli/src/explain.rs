//! `preflight explain CODE` (a rule's page) and `preflight explain --message TEXT` (which
//! rule an SGLang error is, with the values it names and, when it says enough, the fix).

use crate::style::{Style, label, wrap};
use crate::{Format, usage_error};
use preflight_core::catalogue::{ParseCodeView, RuleView};
use preflight_core::command::render_command;
use preflight_core::explain::{Match, explain_message, listed_values, reproduce};
use preflight_core::parse::codes as parse_codes;
use preflight_core::{rules, validate};
use std::io::Read;
use std::process::ExitCode;

const WIDTH: usize = 88;

fn print_json<T: serde::Serialize>(v: &T) -> ExitCode {
    match serde_json::to_string_pretty(v) {
        Ok(s) => {
            println!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Codes close to an unknown one, for "did you mean".
fn similar(code: &str) -> Vec<&'static str> {
    let c = code.trim().to_ascii_uppercase();
    let prefix: String = c.chars().take_while(|x| x.is_ascii_alphabetic()).collect();
    let digits: String = c.chars().filter(|x| x.is_ascii_digit()).collect();
    let mut all: Vec<&'static str> = rules::all().iter().map(|r| r.code).collect();
    all.extend(parse_codes::ALL.iter().map(|p| p.code));
    all.into_iter()
        .filter(|k| {
            (!prefix.is_empty()
                && k.starts_with(&prefix)
                && !digits.is_empty()
                && k.ends_with(&digits))
                || (!digits.is_empty() && k.ends_with(&digits) && k.len() == c.len())
        })
        .take(5)
        .collect()
}

/// `preflight explain CODE`.
pub fn code(code: &str, format: Format, st: Style) -> ExitCode {
    if let Some(r) = rules::find(code) {
        let view = RuleView::of(r);
        return match format {
            Format::Json => print_json(&view),
            Format::Human => {
                print!("{}", rule_page(&st, &view));
                ExitCode::SUCCESS
            }
        };
    }
    if let Some(p) = parse_codes::find(code) {
        let view = ParseCodeView::of(p);
        return match format {
            Format::Json => print_json(&view),
            Format::Human => {
                let mut out = format!(
                    "{}  {}\n{}\n\n",
                    st.bold(view.code),
                    st.dim(view.name),
                    st.bold(view.title)
                );
                out.push_str(&format!(
                    "{} · command parsing{}\n\n",
                    st.severity(view.severity, label(view.severity)),
                    if view.raised_by_sglang {
                        " · SGLang refuses the launch"
                    } else {
                        " · Preflight's note on the input"
                    }
                ));
                out.push_str(&wrap(view.explanation, WIDTH, ""));
                print!("{out}");
                ExitCode::SUCCESS
            }
        };
    }
    let near = similar(code);
    if near.is_empty() {
        usage_error(&format!("no rule {code:?}; `preflight rules` lists them"))
    } else {
        usage_error(&format!(
            "no rule {code:?}; did you mean {}?",
            near.join(", ")
        ))
    }
}

fn section(st: &Style, title: &str, body: &str) -> String {
    if body.trim().is_empty() {
        return String::new();
    }
    format!("{}\n{}", st.bold(title), wrap(body, WIDTH - 2, "  "))
}

/// The text page of a rule.
pub fn rule_page(st: &Style, r: &RuleView) -> String {
    let mut out = format!(
        "{}  {}\n{}\n\n",
        st.bold(r.code),
        st.dim(r.name),
        st.bold(r.title)
    );
    let mut facts = vec![
        st.severity(r.severity, label(r.severity)),
        r.stage.label().to_string(),
    ];
    if let Some(e) = r.exception {
        facts.push(e.to_string());
    }
    facts.push(format!("SGLang {}", r.versions));
    if !r.raised_by_sglang {
        facts.push("Preflight's own check".into());
    }
    out.push_str(&format!("{}\n\n", facts.join(" · ")));
    if !r.messages.is_empty() {
        out.push_str(&format!("{}\n", st.bold("Message")));
        for m in &r.messages {
            out.push_str(&format!("  {}:\n", st.dim(&m.versions)));
            if m.template.is_empty() {
                out.push_str(&format!("    {}\n", preflight_core::report::EMPTY_TEMPLATE));
            }
            for line in m.template.lines() {
                out.push_str(&format!("    {line}\n"));
            }
        }
        out.push('\n');
    }
    out.push_str(&section(st, "What it means", r.explanation));
    out.push('\n');
    out.push_str(&section(st, "When it happens", r.trigger));
    if !r.situations.is_empty() {
        out.push('\n');
        out.push_str(&section(st, "Common situations", r.situations));
    }
    if !r.solutions.is_empty() {
        out.push_str(&format!("\n{}\n", st.bold("Solutions")));
        for (i, s) in r.solutions.iter().enumerate() {
            let body = wrap(s, WIDTH - 5, "     ");
            out.push_str(&format!("  {}. {}", i + 1, body.trim_start()));
        }
    }
    if let (Some(ex), Some(bad)) = (&r.example, r.bad_config()) {
        out.push_str(&format!("\n{}\n", st.bold("Example")));
        let gpu = bad.gpu.clone().unwrap_or_default();
        let report = validate(&bad);
        out.push_str(&format!(
            "  on {}:\n    {}\n",
            if gpu.is_empty() {
                "any GPU".into()
            } else {
                gpu.clone()
            },
            render_command(&bad)
        ));
        if let Some(d) = report.diagnostics.iter().find(|d| d.code == r.code) {
            out.push_str("  SGLang says:\n");
            for line in d.shown_message().lines() {
                out.push_str(&format!("    {line}\n"));
            }
        }
        if let Ok(good) = serde_json::from_value::<preflight_core::LaunchConfig>(ex.good.clone()) {
            out.push_str(&format!(
                "  corrected:\n    {}\n",
                st.good(&render_command(&good))
            ));
        }
    }
    if !r.flags.is_empty() {
        out.push_str(&format!("\n{} {}\n", st.bold("Flags:"), r.flags.join(", ")));
    }
    if !r.sources.is_empty() {
        out.push_str(&format!("\n{}\n", st.bold("Source")));
        for s in &r.sources {
            out.push_str(&format!("  {}\n    {}\n", s.cite(), st.dim(&s.url())));
        }
    }
    if let Some(e) = r.evidence {
        out.push_str(&format!("\n{} {e}\n", st.bold("Evidence:")));
    }
    out
}

/// `preflight explain --message TEXT` (`-` reads stdin).
pub fn message(text: &str, format: Format, st: Style) -> ExitCode {
    let owned;
    let text = if text == "-" {
        let mut b = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut b) {
            return usage_error(&format!("cannot read stdin: {e}"));
        }
        owned = String::from_utf8_lossy(&b).into_owned();
        owned.as_str()
    } else {
        text
    };
    let matches = explain_message(text);
    let code = if matches.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    if format == Format::Json {
        let out: Vec<serde_json::Value> = matches
            .iter()
            .map(|m| {
                let mut v = serde_json::to_value(m).unwrap_or_default();
                if let (Some(obj), Some(rep)) = (v.as_object_mut(), reproduce(m)) {
                    obj.insert(
                        "reproduced".into(),
                        serde_json::to_value(&rep).unwrap_or_default(),
                    );
                }
                v
            })
            .collect();
        let status = print_json(&out);
        return if status == ExitCode::SUCCESS {
            code
        } else {
            status
        };
    }
    if matches.is_empty() {
        println!(
            "{}: no SGLang check that Preflight models raises this message",
            st.severity(preflight_core::Severity::Error, "unknown")
        );
        println!(
            "  {} `preflight rules` lists the modelled checks",
            st.dim("= note:")
        );
        return code;
    }
    let mut out = String::new();
    for (i, m) in matches.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&one_match(&st, m));
    }
    print!("{out}");
    code
}

fn one_match(st: &Style, m: &Match) -> String {
    let mut out = format!(
        "{}: {}\n",
        st.severity(m.severity, &format!("{}[{}]", label(m.severity), m.code)),
        st.bold(m.title)
    );
    let exc = m.exception.map(|e| format!("{e}, ")).unwrap_or_default();
    out.push_str(&format!(
        " {} {exc}{}; SGLang {} wording, line {} of the input\n",
        st.gutter("-->"),
        m.stage.label(),
        m.versions,
        m.line
    ));
    if !m.complete {
        out.push_str(&format!(
            "  {} only the start of the message was found (cut short); a whole message ranks first\n",
            st.dim("= note:")
        ));
    }
    let shown: Vec<&str> = m.matched.lines().collect();
    for line in shown.iter().take(4) {
        out.push_str(&format!("  {} {line}\n", st.gutter("|")));
    }
    let filled: Vec<_> = m
        .captures
        .iter()
        .filter(|c| !(c.text.starts_with('{') && c.text.ends_with('}')))
        .collect();
    if !filled.is_empty() {
        out.push_str(&format!("  {}\n", st.bold("values:")));
        for c in filled {
            let meaning = match (&c.key, &c.value) {
                (Some(k), Some(v)) if k == "gpu" => {
                    format!("→ gpu: an SM {}.x GPU such as {v}", c.text.trim())
                }
                (Some(k), Some(v)) => format!("→ {k} = {v}"),
                _ => {
                    let items = listed_values(c);
                    if items.is_empty() {
                        String::new()
                    } else {
                        format!("→ {}", items.join(", "))
                    }
                }
            };
            out.push_str(&format!(
                "    {} = {}  {}\n",
                c.placeholder,
                c.text,
                st.dim(&meaning)
            ));
        }
    }
    if let Some(rep) = reproduce(m) {
        let (cfg, r) = (&rep.config, &rep.report);
        let hit = r.diagnostics.iter().find(|d| d.code == m.code);
        match hit {
            Some(d) => {
                let source = if rep.from_example {
                    " (the message names no GPU or model: the rule's example)"
                } else {
                    ""
                };
                out.push_str(&format!(
                    "  {} Preflight raises {} on {}{source} for\n    {}\n",
                    st.help("reproduced:"),
                    m.code,
                    cfg.gpu.as_deref().unwrap_or("this GPU"),
                    render_command(cfg)
                ));
                if !rep.dropped.is_empty() {
                    out.push_str(&format!(
                        "  {} left out {} (with it another error comes first)\n",
                        st.dim("= note:"),
                        rep.dropped.join(", ")
                    ));
                }
                for f in d.fixes.iter() {
                    let hw = if f.changes_hardware {
                        " (changes the hardware)"
                    } else {
                        ""
                    };
                    out.push_str(&format!("  {} {}{hw}\n", st.help("= help:"), f.title));
                }
            }
            None => out.push_str(&format!(
                "  {} the values alone do not reproduce it; other flags are involved\n",
                st.dim("= note:")
            )),
        }
    }
    out.push_str(&format!(
        "  {} preflight explain {}\n",
        st.dim("= see:"),
        m.code
    ));
    out
}
