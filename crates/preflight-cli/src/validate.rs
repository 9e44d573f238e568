//! `preflight validate [--jsonl]`: LaunchConfig JSON in, report JSON out.

use preflight_core::{LaunchConfig, Report, validate};
use serde::Serialize;
use serde_json::Value;
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

/// A report line: the input's `id` (when it had one) and the core's report.
#[derive(Serialize)]
struct ReportLine<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a Value>,
    #[serde(flatten)]
    report: &'a Report,
}

/// An input line that could not be validated.
#[derive(Serialize)]
struct ErrorLine<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a Value>,
    error: String,
    /// 1-based line number of the input.
    line: usize,
}

/// Validates one JSON text; `Err` is the message for an error line.
fn one(text: &str) -> (Option<Value>, Result<Report, String>) {
    // a UTF-8 byte-order mark (Windows editors) is not part of the JSON
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return (None, Err(format!("invalid JSON: {e}"))),
    };
    let Value::Object(mut map) = value else {
        return (None, Err("expected a JSON object (a LaunchConfig)".into()));
    };
    let id = map.remove("id");
    let cfg: LaunchConfig = match serde_json::from_value(Value::Object(map)) {
        Ok(c) => c,
        Err(e) => return (id, Err(format!("invalid LaunchConfig: {e}"))),
    };
    // the core never panics on user input; should it ever, the line reports it instead
    let report = std::panic::catch_unwind(|| validate(&cfg))
        .map_err(|_| "internal error while validating this configuration".to_string());
    (id, report)
}

fn line_json(n: usize, text: &str) -> String {
    let (id, result) = one(text);
    let out = match &result {
        Ok(report) => serde_json::to_string(&ReportLine {
            id: id.as_ref(),
            report,
        }),
        Err(error) => serde_json::to_string(&ErrorLine {
            id: id.as_ref(),
            error: error.clone(),
            line: n,
        }),
    };
    out.unwrap_or_else(|e| format!("{{\"error\":{:?},\"line\":{n}}}", e.to_string()))
}

/// Runs `preflight validate`.
pub fn run(jsonl: bool) -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if !jsonl {
        let mut text = String::new();
        if let Err(e) = stdin.lock().read_to_string(&mut text) {
            eprintln!("error: cannot read stdin: {e}");
            return ExitCode::from(2);
        }
        let (id, result) = one(&text);
        return match result {
            Ok(report) => {
                let s = serde_json::to_string_pretty(&ReportLine {
                    id: id.as_ref(),
                    report: &report,
                })
                .unwrap_or_default();
                let _ = writeln!(out, "{s}");
                // the exit status of `check`: 2 when Preflight cannot judge it
                ExitCode::from(report.class.exit_code(false))
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    let mut reader = stdin.lock();
    let mut buf = Vec::new();
    let mut n = 0;
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: cannot read stdin: {e}");
                let _ = out.flush();
                return ExitCode::from(2);
            }
        }
        n += 1;
        let line = match std::str::from_utf8(&buf) {
            Ok(s) => s.trim(),
            Err(_) => {
                let e = ErrorLine {
                    id: None,
                    error: "the line is not UTF-8 text".into(),
                    line: n,
                };
                let s = serde_json::to_string(&e).unwrap_or_default();
                if writeln!(out, "{s}").is_err() {
                    return ExitCode::SUCCESS;
                }
                continue;
            }
        };
        if line.is_empty() {
            continue;
        }
        if writeln!(out, "{}", line_json(n, line)).is_err() {
            // stdout closed (e.g. `| head`): stop quietly
            return ExitCode::SUCCESS;
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let ok = line_json(
            1,
            r#"{"id":"a","gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
        );
        let v: Value = serde_json::from_str(&ok).unwrap();
        assert_eq!(v["id"], "a");
        assert_eq!(v["verdict"], "error");
        let first_error = v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["severity"] == "error")
            .unwrap()
            .clone();
        assert_eq!(first_error["code"], "DSA001");
        assert!(v["resolved"].is_array());
        assert_eq!(v["class"], "refused");
        for (bad, msg) in [
            ("{", "invalid JSON"),
            ("[1]", "expected a JSON object"),
            (r#"{"id":7,"gpu":5}"#, "invalid LaunchConfig"),
            (r#"{"env":[1]}"#, "invalid LaunchConfig"),
        ] {
            let v: Value = serde_json::from_str(&line_json(3, bad)).unwrap();
            assert!(v["error"].as_str().unwrap().starts_with(msg), "{bad}: {v}");
            assert_eq!(v["line"], 3);
        }
        let v: Value = serde_json::from_str(&line_json(1, r#"{"id":7,"gpu":5}"#)).unwrap();
        assert_eq!(v["id"], 7);
    }
}
