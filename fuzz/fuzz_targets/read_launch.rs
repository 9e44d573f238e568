//! `read_launch`: whatever is pasted as a launch (shell command, docker run, `--config`
//! YAML, Kubernetes/Compose `command`/`args` lists, bare JSON/YAML lists).
//!
//! Invariants: no panic; every span maps into the pasted text on char boundaries;
//! deterministic; the detected form agrees with `input_kind`; a shell command rewritten with
//! no changes (and no suggested edits) is the input; a rewrite with changes is read again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use preflight_core::launch::{InputKind, input_kind, read_launch};
use preflight_core::parse::ParseOptions;
use preflight_fuzz::{check_launch, some_changes, text};

fuzz_target!(|data: &[u8]| {
    preflight_fuzz::with_stack(|| {
        let input = text(data);
        let opts = ParseOptions::default();
        let launch = read_launch(&input, &opts);
        check_launch(&input, &launch);
        assert_eq!(launch, read_launch(&input, &opts), "not deterministic");
        assert_eq!(launch.kind, input_kind(&input));

        let suggests = launch
            .parsed
            .diagnostics
            .iter()
            .any(|d| d.suggestion.is_some());
        let same = launch.rewrite(&input, &[]);
        if launch.kind == InputKind::Command && !suggests {
            assert_eq!(
                same.text, *input,
                "a rewrite with no changes altered the command"
            );
        }
        let changed = launch.rewrite(&input, &some_changes(&launch.parsed, 4));
        let again = read_launch(&changed.text, &opts);
        check_launch(&changed.text, &again);
    });
});
