//! `parse_config_yaml`: an SGLang `--config` YAML file on its own.
//!
//! Invariants: no panic (alias bombs, deep nesting, huge files end in a diagnostic); every
//! span inside the file, on char boundaries; deterministic; a rewrite with no changes gives
//! the file back unless the parser suggests a respelling; a rewrite with changes parses
//! again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use preflight_core::launch::rewrite_config_yaml;
use preflight_core::parse::{ParseOptions, Source, parse_config_yaml};
use preflight_core::report::Severity;
use preflight_fuzz::{check_parsed, some_changes, text};

fuzz_target!(|data: &[u8]| {
    preflight_fuzz::with_stack(|| {
        let yaml = text(data);
        let opts = ParseOptions::default();
        let parsed = parse_config_yaml(&yaml, &opts);
        check_parsed("", &parsed);
        assert_eq!(parsed, parse_config_yaml(&yaml, &opts), "not deterministic");

        let respelled = parsed.diagnostics.iter().any(|d| {
            d.severity == Severity::Error
                && d.source == Source::ConfigFile
                && d.suggestion.is_some()
        });
        let same = rewrite_config_yaml(&yaml, &parsed, &[]);
        if !respelled {
            assert_eq!(
                same.text, *yaml,
                "a rewrite with no changes altered the file"
            );
        }
        let changed = rewrite_config_yaml(&yaml, &parsed, &some_changes(&parsed, 4));
        let again = parse_config_yaml(&changed.text, &opts);
        check_parsed("", &again);
    });
});
