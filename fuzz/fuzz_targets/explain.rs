//! `explain_message` (the error-text matcher) and `reproduce` on its best match: an SGLang
//! error line, a traceback or a whole log.
//!
//! Invariants: no panic, no hang (the matcher has a step budget); deterministic; each match
//! is a piece of the input, on a line of the input, and its captures are pieces of the match.
#![no_main]

use libfuzzer_sys::fuzz_target;
use preflight_core::explain::{MAX_TEXT, explain_message, listed_values, reproduce};
use preflight_fuzz::text;

fuzz_target!(|data: &[u8]| {
    preflight_fuzz::with_stack(|| {
        let input = text(data);
        let matches = explain_message(&input);
        assert_eq!(matches, explain_message(&input), "not deterministic");
        let lines = input.matches('\n').count() + 1;
        let seen = &input[..input.floor_char_boundary(MAX_TEXT)];
        for m in &matches {
            assert!(
                seen.contains(&m.matched),
                "{}: match not in the input",
                m.code
            );
            assert!(
                (1..=lines).contains(&m.line),
                "{}: line {} of {lines}",
                m.code,
                m.line
            );
            for c in &m.captures {
                assert!(
                    m.matched.contains(&c.text),
                    "{}: capture not in the match",
                    m.code
                );
                let _ = listed_values(c);
            }
        }
        if let Some(best) = matches.first() {
            let _ = reproduce(best);
        }
    });
});
