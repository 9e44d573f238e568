//! Python value formatting, so that SGLang's f-string messages are reproduced to the
//! character: `{x!r}` quotes strings the way `repr()` does, lists print as
//! `['a', 'b']`, `None` prints as `None`, torch dtypes as `torch.bfloat16`.

use std::fmt::Write;

/// A Python value as it appears inside an SGLang message.
#[derive(Clone, Debug, PartialEq)]
pub enum PyVal {
    /// A `str`: `{x}` prints it bare, `{x!r}` quoted (`'fa3'`).
    Str(String),
    /// An `int`.
    Int(i64),
    /// A `bool` (`True` / `False`).
    Bool(bool),
    /// `None`.
    None,
    /// A value whose `str()` and `repr()` are the same text, e.g. `torch.bfloat16`.
    Raw(String),
    /// A `list`; both `str()` and `repr()` print the elements' `repr()`.
    List(Vec<PyVal>),
}

impl PyVal {
    /// A `str` value.
    pub fn s(v: impl Into<String>) -> PyVal {
        PyVal::Str(v.into())
    }

    /// An optional `str`: `None` when absent.
    pub fn opt(v: Option<&str>) -> PyVal {
        match v {
            Some(s) => PyVal::Str(s.to_string()),
            None => PyVal::None,
        }
    }

    /// Python `str(value)`.
    pub fn to_str(&self) -> String {
        match self {
            PyVal::Str(s) | PyVal::Raw(s) => s.clone(),
            _ => self.to_repr(),
        }
    }

    /// Python `repr(value)`.
    pub fn to_repr(&self) -> String {
        match self {
            PyVal::Str(s) => py_str_repr(s),
            PyVal::Int(i) => i.to_string(),
            PyVal::Bool(true) => "True".into(),
            PyVal::Bool(false) => "False".into(),
            PyVal::None => "None".into(),
            PyVal::Raw(s) => s.clone(),
            PyVal::List(items) => {
                let inner: Vec<String> = items.iter().map(PyVal::to_repr).collect();
                format!("[{}]", inner.join(", "))
            }
        }
    }
}

/// `repr()` of a Python `str`: single quotes unless the text holds a single quote and
/// no double quote; backslashes and control characters escaped.
pub fn py_str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// Renders an SGLang message template written in f-string syntax.
///
/// `{name}` is replaced by `str(args[name])`, `{name!r}` by `repr(args[name])`;
/// `{{` and `}}` are literal braces. The name is everything between the braces
/// (it may be an expression such as `sorted(unsupported)`). A placeholder with no
/// argument is left as written, so a missing argument shows up in tests rather than
/// silently vanishing.
pub fn render(template: &str, args: &[(&str, PyVal)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut chars = template.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' if matches!(chars.peek(), Some((_, '{'))) => {
                chars.next();
                out.push('{');
            }
            '}' if matches!(chars.peek(), Some((_, '}'))) => {
                chars.next();
                out.push('}');
            }
            '{' => {
                let rest = &template[i + 1..];
                let Some(end) = find_placeholder_end(rest) else {
                    out.push_str(&template[i..]);
                    return out;
                };
                let inner = &rest[..end];
                let (name, conv) = match inner.strip_suffix("!r") {
                    Some(n) => (n, true),
                    None => (inner, false),
                };
                match args.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => out.push_str(&if conv { v.to_repr() } else { v.to_str() }),
                    None => {
                        out.push('{');
                        out.push_str(inner);
                        out.push('}');
                    }
                }
                // skip the placeholder's characters
                let consumed = end + 1; // inner + closing brace
                let target = i + 1 + consumed;
                while let Some(&(j, _)) = chars.peek() {
                    if j >= target {
                        break;
                    }
                    chars.next();
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// Index of the `}` closing a placeholder, allowing nested brackets/parentheses.
fn find_placeholder_end(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '}' if depth <= 0 => return Some(i),
            '{' => return None,
            _ => {}
        }
    }
    None
}

/// The placeholder names of a template, in order (for catalogue checks).
pub fn placeholders(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes: Vec<char> = template.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == '{' {
            if bytes.get(i + 1) == Some(&'{') {
                i += 2;
                continue;
            }
            let rest: String = bytes[i + 1..].iter().collect();
            if let Some(end) = find_placeholder_end(&rest) {
                let inner: String = rest.chars().take(end).collect();
                out.push(inner.trim_end_matches("!r").to_string());
                i += 1 + rest[..end].chars().count() + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repr_matches_python() {
        assert_eq!(py_str_repr("fa3"), "'fa3'");
        assert_eq!(py_str_repr("it's"), "\"it's\"");
        assert_eq!(py_str_repr("a'b\"c"), "'a\\'b\"c'");
        assert_eq!(py_str_repr("x\ny"), "'x\\ny'");
        assert_eq!(
            PyVal::List(vec![PyVal::s("trtllm"), PyVal::s("fa3")]).to_str(),
            "['trtllm', 'fa3']"
        );
        assert_eq!(PyVal::None.to_repr(), "None");
    }

    #[test]
    fn renders_fstring_templates() {
        let t = "got model_arch={model_arch!r}, sm_major={sm}, kv={kv}, but got {sorted(unsupported)}. {{x}}";
        let s = render(
            t,
            &[
                ("model_arch", PyVal::s("GlmMoeDsaForCausalLM")),
                ("sm", PyVal::Int(12)),
                ("kv", PyVal::Raw("torch.bfloat16".into())),
                ("sorted(unsupported)", PyVal::List(vec![PyVal::s("trtllm")])),
            ],
        );
        assert_eq!(
            s,
            "got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv=torch.bfloat16, but got ['trtllm']. {x}"
        );
        assert_eq!(
            placeholders(t),
            vec!["model_arch", "sm", "kv", "sorted(unsupported)"]
        );
    }

    #[test]
    fn missing_argument_is_left_visible() {
        assert_eq!(render("a {b} c", &[]), "a {b} c");
        assert_eq!(render("unbalanced {", &[]), "unbalanced {");
    }
}
