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
    /// A `float` (`repr` as Python prints it: `0.8`, `1.0`, `1e-05`, `inf`).
    Float(f64),
    /// A `dict`, in insertion order (`{'a': 1}`).
    Dict(Vec<(PyVal, PyVal)>),
}

impl PyVal {
    /// A `str` value.
    pub fn s(v: impl IntoPyStr) -> PyVal {
        PyVal::Str(v.into_py_str())
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
            PyVal::Float(f) => py_float_repr(*f),
            PyVal::Dict(items) => {
                let inner: Vec<String> = items
                    .iter()
                    .map(|(k, v)| format!("{}: {}", k.to_repr(), v.to_repr()))
                    .collect();
                format!("{{{}}}", inner.join(", "))
            }
        }
    }

    /// Python truthiness: `None`, `False`, `0`, `0.0`, `''`, `[]` and `{}` are false.
    pub fn truthy(&self) -> bool {
        match self {
            PyVal::None => false,
            PyVal::Bool(b) => *b,
            PyVal::Int(i) => *i != 0,
            PyVal::Float(f) => *f != 0.0,
            PyVal::Str(s) | PyVal::Raw(s) => !s.is_empty(),
            PyVal::List(l) => !l.is_empty(),
            PyVal::Dict(d) => !d.is_empty(),
        }
    }

    /// The value as JSON (`None` → `null`; a dict's keys as their `str()`).
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            PyVal::None => Value::Null,
            PyVal::Bool(b) => Value::Bool(*b),
            PyVal::Int(i) => Value::from(*i),
            PyVal::Float(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
            PyVal::Str(s) | PyVal::Raw(s) => Value::String(s.clone()),
            PyVal::List(l) => Value::Array(l.iter().map(PyVal::to_json).collect()),
            PyVal::Dict(d) => {
                Value::Object(d.iter().map(|(k, v)| (k.to_str(), v.to_json())).collect())
            }
        }
    }

    /// A JSON value as the Python value `json.loads` makes of it (integers beyond 64 bits
    /// become floats).
    pub fn from_json(v: &serde_json::Value) -> PyVal {
        use serde_json::Value;
        match v {
            Value::Null => PyVal::None,
            Value::Bool(b) => PyVal::Bool(*b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => PyVal::Int(i),
                None => PyVal::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => PyVal::Str(s.clone()),
            Value::Array(a) => PyVal::List(a.iter().map(PyVal::from_json).collect()),
            Value::Object(o) => PyVal::Dict(
                o.iter()
                    .map(|(k, v)| (PyVal::Str(k.clone()), PyVal::from_json(v)))
                    .collect(),
            ),
        }
    }
}

/// `repr()` of a Python `float`: the shortest digits that round-trip, in positional notation
/// for exponents -4 <= e < 16 (`0.8`, `1.0`, `1e+16`, `1e-05`), `inf`, `-inf`, `nan`.
pub fn py_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    // shortest round-trip digits and decimal exponent, from Rust's `{:e}`
    let e = format!("{f:e}");
    let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let neg = mantissa.starts_with('-');
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if neg { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let n = digits.len() as i32;
        let body = if exp >= 0 {
            let int_len = exp + 1;
            if n <= int_len {
                format!("{digits}{}.0", "0".repeat((int_len - n) as usize))
            } else {
                format!(
                    "{}.{}",
                    &digits[..int_len as usize],
                    &digits[int_len as usize..]
                )
            }
        } else {
            format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
        };
        format!("{sign}{body}")
    } else {
        let m = if digits.len() > 1 {
            format!("{}.{}", &digits[..1], &digits[1..])
        } else {
            digits
        };
        let es = if exp < 0 { '-' } else { '+' };
        format!("{sign}{m}e{es}{:02}", exp.abs())
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
    let mut rest = template;
    // literal text is copied in runs up to the next brace
    while let Some(at) = rest.find(['{', '}']) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        if let Some(after_brace) = tail.strip_prefix('}') {
            out.push('}');
            rest = after_brace;
            continue;
        }
        let after = &tail[1..];
        let Some(end) = find_placeholder_end(after) else {
            out.push_str(tail);
            return out;
        };
        let inner = &after[..end];
        let (name, conv) = match inner.strip_suffix("!r") {
            Some(n) => (n, true),
            None => (inner, false),
        };
        match args.iter().find(|(k, _)| *k == name) {
            Some((_, PyVal::Str(s) | PyVal::Raw(s))) if !conv => out.push_str(s),
            Some((_, PyVal::Raw(s))) => out.push_str(s),
            Some((_, v)) => out.push_str(&if conv { v.to_repr() } else { v.to_str() }),
            None => {
                out.push('{');
                out.push_str(inner);
                out.push('}');
            }
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
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

/// What [`PyVal::s`] takes: a string, owned or borrowed (a `ServerArgs` `Str` field included).
pub trait IntoPyStr {
    /// The owned text.
    fn into_py_str(self) -> String;
}

impl IntoPyStr for String {
    fn into_py_str(self) -> String {
        self
    }
}

impl IntoPyStr for &String {
    fn into_py_str(self) -> String {
        self.clone()
    }
}

impl IntoPyStr for &str {
    fn into_py_str(self) -> String {
        self.to_string()
    }
}

impl IntoPyStr for &&str {
    fn into_py_str(self) -> String {
        (*self).to_string()
    }
}

impl IntoPyStr for std::borrow::Cow<'_, str> {
    fn into_py_str(self) -> String {
        self.into_owned()
    }
}

impl IntoPyStr for &std::borrow::Cow<'_, str> {
    fn into_py_str(self) -> String {
        self.to_string()
    }
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
        for (f, want) in [
            (0.8, "0.8"),
            (1.0, "1.0"),
            (100.0, "100.0"),
            (1e16, "1e+16"),
            (1.5e16, "1.5e+16"),
            (123456789012345.0, "123456789012345.0"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (-2.5, "-2.5"),
            (0.1 + 0.2, "0.30000000000000004"),
            (f64::INFINITY, "inf"),
        ] {
            assert_eq!(py_float_repr(f), want, "{f}");
        }
        assert_eq!(
            PyVal::Dict(vec![(PyVal::s("a"), PyVal::Int(1))]).to_repr(),
            "{'a': 1}"
        );
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
