//! `explain_message` (the error-text matcher) and `reproduce` on its best match: an SGLang
//! error line, a traceback or a whole log.
//!
//! Invariants: no panic, no hang (the matcher has a step budget); deterministic; each match
//! is a piece of the examined input (its end, [`window`]) once ANSI colours and line breaks
//! are set aside (a wrapped message is matched with its line breaks removed), on a line of
//! the input, and its captures are pieces of the match; whole messages come before cut ones.
#![no_main]

use libfuzzer_sys::fuzz_target;
use preflight_core::explain::{explain_message, listed_values, normalise, reproduce, window};
use preflight_fuzz::text;

/// The text without blanks.
fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

fuzz_target!(|data: &[u8]| {
    preflight_fuzz::with_stack(|| {
        let input = text(data);
        let matches = explain_message(&input);
        assert_eq!(matches, explain_message(&input), "not deterministic");
        let lines = input.matches('\n').count() + input.matches('\r').count() + 1;
        let seen = squeeze(&normalise(window(&input).0));
        for m in &matches {
            assert!(
                seen.contains(&squeeze(&m.matched)),
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
        assert!(
            matches.windows(2).all(|w| w[0].complete >= w[1].complete),
            "a cut message ranked before a whole one"
        );
        if let Some(best) = matches.first() {
            let _ = reproduce(best);
        }
    });
});
