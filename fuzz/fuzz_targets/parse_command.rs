//! `parse_command`: a pasted launch command (shell text, docker run, export lines …).
//!
//! Input: the command; if it holds a NUL byte, the text after the first NUL is the content
//! of every `--config` file the command names (read through `ParseOptions::read_file`).
//! Invariants: no panic; every span inside the text it points into, on char boundaries; the
//! same input parses the same twice; a rewrite with no changes (and no suggested edits)
//! gives the input back; a rewrite with changes parses again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use preflight_core::parse::{ParseOptions, parse_command, parse_command_with, rewrite_command};
use preflight_fuzz::{check_parsed, some_changes, text};

fuzz_target!(|data: &[u8]| {
    preflight_fuzz::with_stack(|| {
        let input = text(data);
        let (command, file) = match input.split_once('\0') {
            Some((c, f)) => (c, Some(f)),
            None => (&*input, None),
        };
        let reader = |_: &str| -> Result<String, String> {
            match file {
                Some("ERR") => Err("Config file not found: x.yaml".into()),
                Some(f) => Ok(f.to_string()),
                None => Err("no file".into()),
            }
        };
        let opts = ParseOptions {
            sglang: None,
            read_file: file.map(|_| &reader as &dyn Fn(&str) -> Result<String, String>),
        };
        let parsed = parse_command_with(command, &opts);
        check_parsed(command, &parsed);
        assert_eq!(
            parsed,
            parse_command_with(command, &opts),
            "not deterministic"
        );
        if file.is_none() {
            assert_eq!(parsed, parse_command(command));
        }

        let same = rewrite_command(command, &parsed, &[], false);
        assert_eq!(
            same.text, command,
            "a rewrite with no changes altered the command"
        );

        let changed = rewrite_command(command, &parsed, &some_changes(&parsed, 4), true);
        let again = parse_command(&changed.text);
        check_parsed(&changed.text, &again);
    });
});
