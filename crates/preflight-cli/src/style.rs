//! ANSI colours, on when stdout is a terminal and `NO_COLOR` is unset (or `--color always`).

use crate::ColorChoice;
use preflight_core::Severity;
use std::io::IsTerminal;

/// Colour scheme for the human output.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    on: bool,
}

impl Style {
    /// Resolves `--color`.
    pub fn new(choice: ColorChoice) -> Style {
        let on = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
        Style { on }
    }

    fn paint(&self, code: &str, s: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }

    /// Bold.
    pub fn bold(&self, s: &str) -> String {
        self.paint("1", s)
    }

    /// Gutter and arrows (bold blue).
    pub fn gutter(&self, s: &str) -> String {
        self.paint("1;34", s)
    }

    /// `help:` lines (bold cyan).
    pub fn help(&self, s: &str) -> String {
        self.paint("1;36", s)
    }

    /// Green (corrected command, ok).
    pub fn good(&self, s: &str) -> String {
        self.paint("32", s)
    }

    /// Dim text.
    pub fn dim(&self, s: &str) -> String {
        self.paint("2", s)
    }

    /// The severity's colour (bold).
    pub fn severity(&self, sev: Severity, s: &str) -> String {
        match sev {
            Severity::Error => self.paint("1;31", s),
            Severity::Warning => self.paint("1;33", s),
            Severity::Info => self.paint("1;36", s),
        }
    }
}

/// `error`, `warning` or `info`.
pub fn label(sev: Severity) -> &'static str {
    match sev {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// Wraps `text` at `width` columns, each line prefixed with `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                out.push_str(indent);
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        out.push_str(indent);
        out.push_str(&line);
        out.push('\n');
    }
    out
}
