//! Typed arguments: a [`LaunchConfig`]'s `ServerArgs` fields parsed once, the way SGLang's
//! argparse parser (`sglang serve`, `prepare_server_args`, `sglang/srt/server_args.py@0.5.23`)
//! converts and checks them, into the generated [`ServerArgs`] struct (one Rust field per SGLang
//! field, Python types, the release's defaults for everything not given).
//!
//! This is the only place that decides what a value means: `"64"` for an `int` option is
//! `int("64")`, `true`/`"True"`/`"1"` for a switch is set, a JSON list for an `nargs` option is
//! its values. Everything downstream reads typed fields.

pub mod value;

pub use crate::generated::fields::{FIELDS, FieldInfo, ServerArgs};

use crate::config::{LaunchConfig, value_text};
use crate::pipeline::diagnostic;
use crate::pyfmt::{PyVal, py_str_repr};
use crate::report::Diagnostic;
use crate::rules;
use crate::sglang_cli::{self, Arity, CliOption, ValueKind};
use crate::version::SglangVersion;
use serde_json::Value;

/// The result of argument parsing.
#[derive(Clone, Debug)]
pub struct ParsedArgs {
    /// `ServerArgs` as argparse leaves it: the release's defaults, overwritten by every value
    /// the user gave that converted cleanly.
    pub args: Box<ServerArgs>,
    /// The fields the user gave (SGLang's field names), each once, in the order given: a
    /// launch gives a few, so a scan (comparing lengths first) beats a tree of string keys.
    pub given: Vec<&'static str>,
    /// argparse's refusals (`invalid choice`, `invalid int value`, `unrecognized arguments`)
    /// and Preflight's notes on values it cannot represent.
    pub diags: Vec<Diagnostic>,
}

/// Why a value did not convert.
enum ConvError {
    /// argparse's `invalid <type> value: '<text>'`.
    Invalid(&'static str),
    /// An `ArgumentTypeError` raised by SGLang's type function, with its message.
    Type(String),
    /// A Python `int` beyond 64 bits: valid for SGLang, not representable here.
    TooLarge,
}

/// Python's `int(text)` for base 10: surrounding whitespace, an optional sign, digits with
/// single underscores between them.
pub fn py_int(text: &str) -> Option<Result<i64, ()>> {
    let t = text.trim_matches(|c: char| c.is_whitespace());
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
        || !digits.chars().all(|c| c.is_ascii_digit() || c == '_')
    {
        return None;
    }
    let clean: String = digits.chars().filter(|c| *c != '_').collect();
    let s = if neg { format!("-{clean}") } else { clean };
    Some(s.parse::<i64>().map_err(|_| ()))
}

/// Python's `float(text)`: whitespace, sign, digits with underscores, exponent, `inf`,
/// `infinity`, `nan` (any case).
pub fn py_float(text: &str) -> Option<f64> {
    let t = text.trim_matches(|c: char| c.is_whitespace());
    let lower = t.to_ascii_lowercase();
    let body = lower.trim_start_matches(['+', '-']);
    if matches!(body, "inf" | "infinity" | "nan") {
        return lower.parse::<f64>().ok();
    }
    // underscores only between digits
    let b = t.as_bytes();
    for (i, c) in b.iter().enumerate() {
        if *c == b'_' {
            let ok = i > 0
                && b[i - 1].is_ascii_digit()
                && b.get(i + 1).is_some_and(|n| n.is_ascii_digit());
            if !ok {
                return None;
            }
        }
    }
    let clean: String = t.chars().filter(|c| *c != '_').collect();
    if clean.is_empty()
        || !clean
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
    {
        return None;
    }
    clean.parse::<f64>().ok()
}

/// SGLang's `human_readable_int` (`sglang/srt/utils/common.py:3394@0.5.23`): a plain integer,
/// or a number with an SI (`k`, `M`, `G`, `T`; decimals allowed) or IEC (`Ki`, `Mi`, `Gi`,
/// `Ti`; integers only) suffix.
fn human_readable_int(text: &str) -> Result<i64, ConvError> {
    let value = text.trim();
    let suffixes: [(&str, i128, bool); 8] = [
        ("Ki", 1 << 10, true),
        ("Mi", 1 << 20, true),
        ("Gi", 1 << 30, true),
        ("Ti", 1 << 40, true),
        ("k", 1_000, false),
        ("M", 1_000_000, false),
        ("G", 1_000_000_000, false),
        ("T", 1_000_000_000_000, false),
    ];
    for (suffix, mult, iec) in suffixes {
        let Some(number) = value.strip_suffix(suffix) else {
            continue;
        };
        let (int_part, frac) = match number.split_once('.') {
            Some((a, b)) => (a, Some(b)),
            None => (number, None),
        };
        let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        if !digits(int_part) || frac.is_some_and(|f| !digits(f)) {
            break; // not `\d+(\.\d+)?<suffix>`: falls through to int()
        }
        if iec {
            if frac.is_some() {
                return Err(ConvError::Type(format!(
                    "Decimals are not allowed with IEC suffixes like '{suffix}'. Use an integer IEC value such as '{}{suffix}', or an SI value such as '{number}{}'.",
                    int_part
                        .trim_start_matches('0')
                        .parse::<i128>()
                        .unwrap_or(0),
                    &suffix[..1]
                )));
            }
            let n: i128 = int_part.parse().map_err(|_| ConvError::TooLarge)?;
            return i64::try_from(n * mult).map_err(|_| ConvError::TooLarge);
        }
        // int(Decimal(number) * multiplier): exact decimal arithmetic, truncated
        let scale = frac.map_or(0, str::len) as u32;
        let all: String = format!("{int_part}{}", frac.unwrap_or(""));
        let n: i128 = all.parse().map_err(|_| ConvError::TooLarge)?;
        let prod = n.checked_mul(mult).ok_or(ConvError::TooLarge)?;
        let div = 10i128.checked_pow(scale).ok_or(ConvError::TooLarge)?;
        return i64::try_from(prod / div).map_err(|_| ConvError::TooLarge);
    }
    match py_int(value) {
        Some(Ok(i)) => Ok(i),
        Some(Err(())) => Err(ConvError::TooLarge),
        None => Err(ConvError::Type(format!(
            "Invalid integer value: '{value}'. Use a plain integer, SI suffixes (1k, 1M), or IEC suffixes (1Ki, 1Mi). Suffixes are case-sensitive."
        ))),
    }
}

/// One command-line word converted by the option's `type=`.
fn convert_word(opt: &CliOption, text: &str) -> Result<PyVal, ConvError> {
    match opt.value {
        ValueKind::Int => match py_int(text) {
            Some(Ok(i)) => Ok(PyVal::Int(i)),
            Some(Err(())) => Err(ConvError::TooLarge),
            None => Err(ConvError::Invalid("int")),
        },
        ValueKind::HumanInt => human_readable_int(text).map(PyVal::Int),
        ValueKind::Float => py_float(text)
            .map(PyVal::Float)
            .ok_or(ConvError::Invalid("float")),
        ValueKind::Json => serde_json::from_str::<Value>(text)
            .map(|v| PyVal::from_json(&v))
            .map_err(|_| {
                ConvError::Type(format!(
                    "Invalid JSON list: {text}. Please provide a valid JSON list."
                ))
            }),
        // nullable_str (utils/common.py:3388@0.5.23): empty or "None" is None
        ValueKind::NullableStr if text.is_empty() || text == "None" => Ok(PyVal::None),
        ValueKind::None | ValueKind::Str | ValueKind::NullableStr => {
            Ok(PyVal::Str(text.to_string()))
        }
    }
}

/// Python truthiness of a switch value as the launch forms spell it.
fn switch_value(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::Null => Some(false),
        Value::Number(n) => Some(n.as_f64().is_some_and(|f| f != 0.0)),
        Value::String(s) => match s.trim() {
            "true" | "True" | "TRUE" | "1" | "yes" | "on" => Some(true),
            "false" | "False" | "FALSE" | "0" | "" | "no" | "off" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// Parses the `ServerArgs` fields of `cfg` for release `v` (see the module docs).
///
/// Never fails: every refusal is a diagnostic, and a value that did not convert leaves the
/// field at its default.
pub fn parse(cfg: &LaunchConfig, v: SglangVersion) -> ParsedArgs {
    let mut out = ParsedArgs {
        args: Box::new(ServerArgs::defaults(v)),
        given: Vec::new(),
        diags: Vec::new(),
    };
    // notes name the launch's own release (a known but unmodelled one is checked with the
    // nearest modelled release's rules, yet its table says what it accepts)
    let own = crate::release_of(cfg);
    for (key, value) in &cfg.args {
        if value.is_null() {
            continue;
        }
        let dashed = format!("--{}", key.replace('_', "-"));
        let opt = sglang_cli::find_dest(key, v).or_else(|| sglang_cli::find_exact(&dashed, v));
        let Some(opt) = opt else {
            let text = value_text(value).unwrap_or_default();
            let shown = if value.is_boolean() {
                dashed.clone()
            } else {
                format!("{dashed} {text}")
            };
            push(
                &mut out.diags,
                v,
                &rules::input::ARG_UNRECOGNIZED,
                &[("args", PyVal::s(shown))],
                key,
            );
            // in the words of the message (argparse's option strings), not `ServerArgs` names:
            // the page shows this for pasted commands too
            let guess = out.diags.len() < 16;
            note_last(
                &mut out.diags,
                crate::suggest::unknown_option_with(&dashed, own, guess),
            );
            continue;
        };
        // a `store_true` switch set to false is a switch not given (the command line cannot
        // say more, and SGLang's config merger skips a false switch): the field keeps its
        // default, which may be None
        if opt.arity == Arity::Switch
            && opt.action.ends_with("StoreTrueAction")
            && switch_value(value) == Some(false)
        {
            continue;
        }
        match convert(opt, value) {
            Ok(py) => {
                if let Some(bad) = first_bad_choice(opt, &py) {
                    let shown = opt
                        .choices
                        .iter()
                        .map(|c| {
                            if opt.int_choices {
                                c.to_string()
                            } else {
                                py_str_repr(c)
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(", ");
                    push(
                        &mut out.diags,
                        v,
                        &rules::input::ARG_INVALID_CHOICE,
                        &[
                            ("flag", PyVal::s(opt.display())),
                            ("value", bad.clone()),
                            ("choices", PyVal::Raw(shown)),
                        ],
                        key,
                    );
                    if let PyVal::Str(text) = &bad {
                        let o = sglang_cli::find_dest(opt.dest, own).unwrap_or(opt);
                        note_last(&mut out.diags, crate::suggest::invalid_choice(o, text, own));
                    }
                    continue;
                }
                // a custom argparse action runs on the converted words (`LoRAPathAction`)
                let py = if opt.action == "LoRAPathAction" {
                    match lora_path_action(py) {
                        Ok(p) => p,
                        Err((rule, args)) => {
                            push(&mut out.diags, v, rule, &args, key);
                            continue;
                        }
                    }
                } else {
                    py
                };
                // a dest that is no ServerArgs field is refused by `set` (nothing to record)
                if out.args.set(opt.dest, py).is_ok() && !out.given.contains(&opt.dest) {
                    out.given.push(opt.dest);
                }
            }
            Err((word, ConvError::Invalid(ty))) => {
                let rule = if ty == "int" {
                    &rules::input::ARG_INVALID_INT
                } else {
                    &rules::input::ARG_INVALID_FLOAT
                };
                push(
                    &mut out.diags,
                    v,
                    rule,
                    &[("flag", PyVal::s(opt.display())), ("value", PyVal::s(word))],
                    key,
                );
            }
            Err((_, ConvError::Type(msg))) => push(
                &mut out.diags,
                v,
                &rules::input::ARG_TYPE_ERROR,
                &[
                    ("flag", PyVal::s(opt.display())),
                    ("message", PyVal::s(msg)),
                ],
                key,
            ),
            Err((word, ConvError::TooLarge)) => push(
                &mut out.diags,
                v,
                &rules::input::VALUE_TOO_LARGE,
                &[
                    ("flag", PyVal::s(opt.canonical())),
                    ("value", PyVal::s(word)),
                ],
                key,
            ),
        }
    }
    out
}

/// The value of one option as argparse stores it, or the word that failed and why.
fn convert(opt: &CliOption, value: &Value) -> Result<PyVal, (String, ConvError)> {
    match opt.arity {
        Arity::Switch | Arity::Negatable => match switch_value(value) {
            Some(b) => Ok(PyVal::Bool(b)),
            None => Err((
                value_text(value).unwrap_or_default(),
                ConvError::Type(format!(
                    "ignored explicit argument {:?}",
                    value_text(value).unwrap_or_default()
                )),
            )),
        },
        Arity::OneOrMore | Arity::ZeroOrMore => {
            let words: Vec<String> = match value {
                Value::Array(items) => items.iter().filter_map(value_text).collect(),
                other => value_text(other)
                    .map(|t| t.split_whitespace().map(str::to_string).collect())
                    .unwrap_or_default(),
            };
            words
                .iter()
                .map(|w| convert_word(opt, w).map_err(|e| (w.clone(), e)))
                .collect::<Result<Vec<_>, _>>()
                .map(PyVal::List)
        }
        Arity::One | Arity::Optional => {
            // typed JSON (JSONL, the JS API) keeps its type where argparse's would agree
            match (value, opt.value) {
                (Value::Number(n), ValueKind::Int | ValueKind::HumanInt) if n.is_i64() => {
                    Ok(PyVal::Int(n.as_i64().unwrap_or_default()))
                }
                (Value::Number(n), ValueKind::Float) => {
                    Ok(PyVal::Float(n.as_f64().unwrap_or_default()))
                }
                (Value::Array(_) | Value::Object(_), ValueKind::Json) => {
                    Ok(PyVal::from_json(value))
                }
                _ => {
                    let text = value_text(value).unwrap_or_default();
                    convert_word(opt, &text).map_err(|e| (text, e))
                }
            }
        }
    }
}

/// What an action's refusal reports: the rule and its message arguments.
type ActionError = (&'static rules::RuleInfo, Vec<(&'static str, PyVal)>);

/// `LoRAPathAction.__call__` (`arg_groups/argparse_actions.py:8-25@0.5.23`): each word
/// stripped; a word in braces is `json.loads`-ed into a dict that must hold `lora_path` and
/// `lora_name`; the others stay strings. An empty `--lora-paths` stores `[]`.
fn lora_path_action(py: PyVal) -> Result<PyVal, ActionError> {
    let PyVal::List(words) = py else {
        return Ok(py);
    };
    let mut out = Vec::with_capacity(words.len());
    for w in words {
        let text = w.to_str();
        let t = text.trim();
        if t.starts_with('{') && t.ends_with('}') {
            let Ok(Value::Object(obj)) = serde_json::from_str::<Value>(t) else {
                return Err((
                    &rules::args::LORA_PATH_JSON_INVALID,
                    vec![("lora_path", PyVal::s(t))],
                ));
            };
            if !(obj.contains_key("lora_path") && obj.contains_key("lora_name")) {
                return Err((
                    &rules::args::LORA_PATH_JSON_KEYS,
                    vec![("repr(lora_path)", PyVal::Raw(py_str_repr(t)))],
                ));
            }
            out.push(PyVal::from_json(&Value::Object(obj)));
        } else {
            out.push(PyVal::Str(t.to_string()));
        }
    }
    Ok(PyVal::List(out))
}

/// argparse `_check_value`: the first converted value not among `choices` (compared as text,
/// the way SGLang's string choices are written).
fn first_bad_choice(opt: &CliOption, v: &PyVal) -> Option<PyVal> {
    if opt.choices.is_empty() {
        return None;
    }
    let items: Vec<&PyVal> = match v {
        PyVal::List(l) => l.iter().collect(),
        PyVal::Bool(_) | PyVal::None => return None,
        other => vec![other],
    };
    items
        .into_iter()
        .find(|x| !opt.choices.contains(&x.to_str().as_str()))
        .cloned()
}

/// Sets the note of the last diagnostic.
fn note_last(diags: &mut [Diagnostic], hint: Option<crate::suggest::Hint>) {
    if let (Some(d), Some(h)) = (diags.last_mut(), hint) {
        d.note = Some(h.note);
    }
}

fn push(
    diags: &mut Vec<Diagnostic>,
    v: SglangVersion,
    rule: &'static rules::RuleInfo,
    args: &[(&str, PyVal)],
    key: &str,
) {
    let mut d = diagnostic(v, rule, args);
    d.flags = vec![key.to_string().into()];
    diags.push(d);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(json: &str) -> LaunchConfig {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn python_int_and_float() {
        assert_eq!(py_int(" 12 "), Some(Ok(12)));
        assert_eq!(py_int("1_000"), Some(Ok(1000)));
        assert_eq!(py_int("+5"), Some(Ok(5)));
        assert_eq!(py_int("-5"), Some(Ok(-5)));
        assert_eq!(py_int("1__0"), None);
        assert_eq!(py_int("0x10"), None);
        assert_eq!(py_int("64k"), None);
        assert_eq!(py_int("99999999999999999999"), Some(Err(())));
        assert_eq!(py_float("1e3"), Some(1000.0));
        assert_eq!(py_float(" 0.5 "), Some(0.5));
        assert_eq!(py_float("1_0.5"), Some(10.5));
        assert!(py_float("inf").is_some_and(f64::is_infinite));
        assert_eq!(py_float("abc"), None);
        assert_eq!(py_float("_1"), None);
    }

    #[test]
    fn human_readable_ints() {
        let ok = |s: &str| human_readable_int(s).ok();
        assert_eq!(ok("1k"), Some(1000));
        assert_eq!(ok("25.6k"), Some(25600));
        assert_eq!(ok("1Ki"), Some(1024));
        assert_eq!(ok("1Mi"), Some(1 << 20));
        assert_eq!(ok("4096"), Some(4096));
        assert!(
            matches!(human_readable_int("1.5Ki"), Err(ConvError::Type(m)) if m.contains("Decimals are not allowed with IEC suffixes like 'Ki'. Use an integer IEC value such as '1Ki', or an SI value such as '1.5K'."))
        );
        assert!(matches!(
            human_readable_int("lots"),
            Err(ConvError::Type(_))
        ));
    }

    #[test]
    fn parses_typed_fields_once() {
        let p = parse(
            &cfg(
                r#"{"tp_size":"8","enable_dp_attention":"true","kv_cache_dtype":"fp8_e4m3","context_length":"32k","mem_fraction_static":0.8}"#,
            ),
            SglangVersion::V0_5_23,
        );
        assert!(p.diags.is_empty(), "{:?}", p.diags);
        assert_eq!(p.args.tp_size, 8);
        assert!(p.args.enable_dp_attention);
        assert_eq!(p.args.kv_cache_dtype, "fp8_e4m3");
        assert_eq!(p.args.context_length, Some(32000));
        assert_eq!(p.args.mem_fraction_static, Some(0.8));
        assert!(p.given.contains(&"tp_size") && !p.given.contains(&"dp_size"));
        assert_eq!(p.args.dp_size, 1);
    }

    #[test]
    fn argparse_refusals() {
        let codes = |j: &str| -> Vec<String> {
            parse(&cfg(j), SglangVersion::V0_5_23)
                .diags
                .into_iter()
                .map(|d| d.code.to_string())
                .collect()
        };
        assert_eq!(codes(r#"{"page_size":"big"}"#), vec!["ARG002"]);
        assert_eq!(codes(r#"{"attention_backend":"bogus"}"#), vec!["ARG001"]);
        assert_eq!(codes(r#"{"no_such_flag":"1"}"#), vec!["ARG003"]);
        assert_eq!(codes(r#"{"mem_fraction_static":"lots"}"#), vec!["ARG004"]);
        assert_eq!(codes(r#"{"context_length":"lots"}"#), vec!["ARG005"]);
        assert_eq!(
            codes(r#"{"page_size":"99999999999999999999"}"#),
            vec!["INPUT010"]
        );
    }
}
