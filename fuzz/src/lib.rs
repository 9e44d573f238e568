//! Shared checks of the fuzz targets: how a fuzz input becomes text, and the invariants every
//! parser result must keep (spans inside the text they point into, on char boundaries).
//!
//! An invariant that fails is a bug: the target panics, which libFuzzer reports as a crash
//! (as a panic would abort the wasm page).

use preflight_core::launch::Launch;
use preflight_core::parse::{Parsed, Source, Span};
use preflight_core::report::Change;
use std::borrow::Cow;

/// The fuzz input as text. Browsers and the CLI hand the core Rust strings, so invalid
/// UTF-8 reaches it only as U+FFFD after a lossy conversion: do the same.
pub fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Panics unless `s` is a range of `text` that starts and ends on char boundaries.
pub fn check_span(text: &str, s: Span, what: &str) {
    assert!(
        s.start <= s.end && s.end <= text.len(),
        "{what}: span {}..{} outside the text ({} bytes)",
        s.start,
        s.end,
        text.len()
    );
    assert!(
        text.is_char_boundary(s.start) && text.is_char_boundary(s.end),
        "{what}: span {}..{} not on char boundaries",
        s.start,
        s.end
    );
}

/// Panics unless `at` is an offset of `text` on a char boundary.
pub fn check_offset(text: &str, at: usize, what: &str) {
    check_span(text, Span::new(at, at), what);
}

/// Every span of `parsed` with the text it points into, in the command (`Source::Command`)
/// or in the `--config` file (`Source::ConfigFile`).
pub fn spans(parsed: &Parsed) -> Vec<(Span, Source, &'static str)> {
    let mut out = Vec::new();
    for f in &parsed.flags {
        out.push((f.span, f.source, "flag span"));
        out.push((f.name, f.source, "flag name"));
        if let Some(v) = f.value {
            out.push((v, f.source, "flag value"));
        }
        if let preflight_core::parse::Site::EnvExport { statement, .. } = f.site {
            out.push((statement, f.source, "export statement"));
        }
    }
    for d in &parsed.diagnostics {
        if let Some(s) = d.span {
            out.push((s, d.source, "diagnostic span"));
        }
        if let Some(s) = &d.suggestion {
            out.push((s.span, d.source, "suggestion span"));
        }
    }
    out
}

/// Checks every span of `parsed`, read from `command` (and from the `--config` file text it
/// holds, if any).
pub fn check_parsed(command: &str, parsed: &Parsed) {
    let file = parsed.config_file.as_ref().and_then(|f| f.text.as_deref());
    for (s, source, what) in spans(parsed) {
        match source {
            Source::Command => check_span(command, s, what),
            Source::ConfigFile => match file {
                Some(f) => check_span(f, s, what),
                None => panic!("{what}: points into a config file that was not read"),
            },
        }
    }
    if let Some(cf) = &parsed.config_file
        && parsed.launcher != Some(preflight_core::parse::Launcher::ConfigFile)
    {
        check_span(command, cf.span, "config file path");
    }
    let a = &parsed.anchors;
    for (at, what) in [
        (a.argv_end, "anchor argv_end"),
        (a.env_at, "anchor env_at"),
        (a.docker_env_at, "anchor docker_env_at"),
    ] {
        if let Some(at) = at {
            check_offset(command, at, what);
        }
    }
}

/// Checks that every span of a pasted launch maps into the pasted `input` (on char
/// boundaries), and that spans in the text the parser read are inside it.
pub fn check_launch(input: &str, launch: &Launch) {
    check_parsed(&launch.command, &launch.parsed);
    for (s, source, what) in spans(&launch.parsed) {
        if let Some(m) = launch.input_span(s, source) {
            check_span(input, m, what);
        }
    }
}

/// A few changes to the keys an input sets (remove one, change one, add a flag and a
/// variable), to exercise the rewriters; at most `n` keys of the input are used.
pub fn some_changes(parsed: &Parsed, n: usize) -> Vec<Change> {
    let mut keys: Vec<&str> = Vec::new();
    for f in &parsed.flags {
        if !keys.contains(&f.key.as_str()) {
            keys.push(&f.key);
        }
    }
    let mut out: Vec<Change> = keys
        .iter()
        .take(n)
        .enumerate()
        .map(|(i, k)| Change {
            key: (*k).to_string(),
            from: None,
            to: match i % 3 {
                0 => None,
                1 => Some("fp8_e4m3".into()),
                _ => Some("it's a \"value\"".into()),
            },
        })
        .collect();
    for (key, to) in [
        ("page_size", Some("64")),
        ("env.SGLANG_USE_AITER", Some("1")),
        ("kv_cache_dtype", None),
        ("gpu", Some("H100")),
    ] {
        if !out.iter().any(|c| c.key == key) {
            out.push(Change {
                key: key.into(),
                from: None,
                to: to.map(str::to_string),
            });
        }
    }
    out
}

/// Inputs up to this size are run twice to check determinism; larger ones (the hostile
/// 1 MB inputs) once, to keep the smoke run short.
pub const TWICE_UP_TO: usize = 64 * 1024;

/// Stack of the thread each input runs on: the 1 MiB a wasm32 module gets by default, so
/// that recursion too deep for the browser page overflows here too (native frames are no
/// smaller than wasm's, whose shadow stack holds only address-taken locals).
pub const STACK: usize = 1 << 20;

/// Runs `f` on a thread with a [`STACK`]-byte stack; a panic there is a panic here.
pub fn with_stack<F: FnOnce() + Send>(f: F) {
    std::thread::scope(|s| {
        let t = std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(s, f)
            .expect("spawn the fuzz thread");
        if let Err(e) = t.join() {
            std::panic::resume_unwind(e);
        }
    });
}
