//! Codes of the command parser's diagnostics (`PARSE…`), with their explanation pages.
//!
//! Codes are a permanent contract, like rule codes: never reuse or renumber one. Where
//! SGLang itself refuses the input (argparse or its `--config` merger), the message is
//! SGLang's own text.

use crate::report::Severity;

/// One parse diagnostic kind.
#[derive(Debug)]
pub struct ParseCode {
    /// Stable code, e.g. `PARSE010`.
    pub code: &'static str,
    /// Kebab-case name.
    pub name: &'static str,
    /// Severity of the diagnostic.
    pub severity: Severity,
    /// True when SGLang (argparse or its config merger) refuses the launch for this reason.
    pub raised_by_sglang: bool,
    /// One-line title.
    pub title: &'static str,
    /// What it means and what to do.
    pub explanation: &'static str,
}

macro_rules! code {
    ($id:ident, $code:literal, $name:literal, $sev:ident, $sglang:literal, $title:literal, $expl:literal) => {
        #[doc = $title]
        pub static $id: ParseCode = ParseCode {
            code: $code,
            name: $name,
            severity: Severity::$sev,
            raised_by_sglang: $sglang,
            title: $title,
            explanation: $expl,
        };
    };
}

code!(
    EMPTY,
    "PARSE001",
    "empty-input",
    Error,
    false,
    "The input is empty",
    "Paste a launch command such as `python -m sglang.launch_server --model-path … --kv-cache-dtype …`, `sglang serve …`, or a `docker run … lmsysorg/sglang:TAG …` line."
);
code!(
    TOO_LARGE,
    "PARSE002",
    "input-too-large",
    Error,
    false,
    "The input is too large to be a launch command",
    "Launch commands are a few kilobytes at most; Preflight refuses inputs above 256 KiB rather than guess what part of them is the command."
);
code!(
    BINARY,
    "PARSE003",
    "binary-input",
    Error,
    false,
    "The input is not text",
    "The input holds NUL bytes or other control characters, so it is not a shell command. Paste the command as plain text."
);
code!(
    UNBALANCED_QUOTE,
    "PARSE004",
    "unbalanced-quote",
    Error,
    false,
    "A quote is not closed",
    "A `'` or `\"` opens a quoted word that never ends, so a shell would wait for more input instead of running the command. The rest of the input was read as one quoted word; close the quote."
);
code!(
    NO_LAUNCHER,
    "PARSE005",
    "no-launch-command",
    Error,
    false,
    "No SGLang launch command was found",
    "Preflight looks for `python -m sglang.launch_server`, `python3 -m sglang.launch_server`, `sglang serve`, or `docker run … IMAGE python3 -m sglang.launch_server …`, or at least a list of `--flags`."
);
code!(
    FLAGS_ONLY,
    "PARSE006",
    "flags-only",
    Info,
    false,
    "Read as a list of SGLang flags",
    "The input has no launcher (`python -m sglang.launch_server`, `sglang serve`); its words were read as SGLang server flags."
);
code!(
    SEVERAL_LAUNCHES,
    "PARSE007",
    "several-launch-commands",
    Warning,
    false,
    "Several launch commands",
    "The input holds more than one SGLang launch; only the first one is checked."
);
code!(
    EXPANSION,
    "PARSE008",
    "shell-expansion",
    Warning,
    false,
    "A value depends on a shell expansion",
    "The value contains `$VAR`, `$(…)` or a backtick expansion, which the shell replaces before SGLang sees it. Preflight checks the text as written; replace it with the actual value for an exact check."
);
code!(
    TRAILING_BLANK_AFTER_BACKSLASH,
    "PARSE009",
    "blank-after-backslash",
    Warning,
    false,
    "Spaces after a line-continuation backslash",
    "In a shell, `\\` continues a line only when it is the last character. With spaces after it, the backslash escapes a space and the newline ends the command, so the following lines run as separate commands. Preflight read it as a continuation; remove the trailing spaces."
);
code!(
    UNRECOGNIZED,
    "PARSE010",
    "unrecognized-argument",
    Error,
    true,
    "SGLang does not accept this argument",
    "argparse knows no such option in this SGLang release (`sglang serve: error: unrecognized arguments: …`) and SGLang exits before doing anything else. The flag may be misspelled, removed or renamed in this release, or belong to another tool: the note says what the release tables know about it (renamed, removed or added in another known release) or names the closest option of this release. A renamed flag's value is checked under its new name, which the corrected command uses; any other unknown flag is kept in the command unchecked."
);
code!(
    UNDERSCORE,
    "PARSE011",
    "underscore-spelling",
    Error,
    true,
    "Flags are spelled with dashes, not underscores",
    "SGLang's argparse options use dashes (`--kv-cache-dtype`); the underscore spelling is the `ServerArgs` field name and is refused on the command line (`unrecognized arguments`). Also in a `--config` YAML file, keys are passed on as `--KEY`, so underscore keys fail the same way in 0.5.23. Preflight read the flag as intended so the rest can be checked."
);
code!(
    AMBIGUOUS,
    "PARSE012",
    "ambiguous-option",
    Error,
    true,
    "An abbreviated option matches several options",
    "argparse accepts a unique prefix of a long option (`--tp` for `--tp-size`), but this prefix matches several and argparse exits with `ambiguous option`. Write the option in full."
);
code!(
    ABBREVIATION,
    "PARSE013",
    "abbreviated-option",
    Info,
    false,
    "An abbreviated option",
    "argparse accepts a unique prefix of a long option, so this works, but a later SGLang release that adds an option with the same prefix makes it ambiguous. Writing it in full is safer."
);
code!(
    MISSING_VALUE,
    "PARSE014",
    "missing-value",
    Error,
    true,
    "An option is missing its value",
    "The option takes a value but is followed by another option or by nothing (`argument …: expected one argument`)."
);
code!(
    SWITCH_WITH_VALUE,
    "PARSE015",
    "switch-with-value",
    Error,
    true,
    "A switch was given a value",
    "The option is a switch (`store_true`); argparse refuses `--switch=value` (`ignored explicit argument`). Write the switch alone to turn it on, and leave it out to keep it off."
);
code!(
    REPEATED,
    "PARSE016",
    "repeated-option",
    Warning,
    false,
    "An option is given more than once",
    "argparse keeps the last value and silently drops the earlier ones."
);
code!(
    NO_MODEL,
    "PARSE017",
    "missing-model-path",
    Error,
    true,
    "No --model-path",
    "SGLang requires `--model-path` (or `--model`, or `sglang serve MODEL`): `the following arguments are required: --model-path/--model`."
);
code!(
    DEPRECATED,
    "PARSE018",
    "deprecated-option",
    Warning,
    true,
    "A deprecated option",
    "SGLang still accepts this option but logs a deprecation warning; it maps to another option and will be removed."
);
code!(
    HELP,
    "PARSE019",
    "help-option",
    Info,
    true,
    "--help prints the help and exits",
    "With `-h`/`--help` (or a prefix of `--help` such as `--he`), SGLang prints its help and exits without launching."
);
code!(
    DOCKER_IMAGE,
    "PARSE020",
    "docker-image",
    Warning,
    false,
    "The docker image or its command is not SGLang's",
    "The image is not `lmsysorg/sglang`, or no launch command follows it (the image's default command runs). Its release could not be read from the tag."
);
code!(
    DOCKER_TAG,
    "PARSE021",
    "docker-tag",
    Info,
    false,
    "The image tag names no release",
    "Tags such as `dev` or `nightly-…` name no SGLang release; the newest modelled release is checked (`latest` is read as the newest modelled release)."
);
code!(
    ENV_UNKNOWN,
    "PARSE022",
    "env-value-unknown",
    Info,
    false,
    "An environment variable's value is not in the command",
    "`docker run -e NAME` copies the host's value and `--env-file` reads a file; Preflight cannot see those values."
);
code!(
    NOT_EXPORTED,
    "PARSE023",
    "shell-variable-not-exported",
    Info,
    false,
    "A shell variable that SGLang does not see",
    "`NAME=value` on its own line sets a shell variable that child processes do not inherit; write `export NAME=value` or put it in front of the command."
);
code!(
    CONFIG_NOT_READ,
    "PARSE030",
    "config-file-not-read",
    Info,
    false,
    "The --config file was not read",
    "The command reads its flags from a YAML file that is not available here; flags set in it are not checked. Use `preflight check --config FILE.yaml` or paste the file."
);
code!(
    CONFIG_READ_ERROR,
    "PARSE031",
    "config-file-error",
    Error,
    true,
    "The --config file cannot be read",
    "SGLang refuses a `--config` file that does not exist (`Config file not found`), is not `.yaml`/`.yml` (`Config file must be YAML format`), is given twice (`Multiple config files specified! Only one allowed.`) or has no path (`No config file specified after --config flag!`)."
);
code!(
    YAML_SYNTAX,
    "PARSE032",
    "config-yaml-invalid",
    Error,
    true,
    "The --config file is not a YAML mapping",
    "SGLang loads the file with `yaml.safe_load` and requires a mapping of flag names to values at the root (`Config file must contain a dictionary at root level`)."
);
code!(
    YAML_TOO_LARGE,
    "PARSE038",
    "config-yaml-alias-expansion",
    Error,
    false,
    "The --config file expands to too many values",
    "YAML aliases (`*name`) repeat an anchored node (`&name`); nested, a few hundred characters can stand for billions of values (an alias bomb). SGLang would hang turning them into command-line words; Preflight stops at 100,000 values and does not judge the launch. Write the values out, or remove the nested aliases."
);
code!(
    CONFIG_UNSUPPORTED,
    "PARSE033",
    "config-option-unsupported",
    Error,
    true,
    "This option cannot be set from a --config file",
    "SGLang's config merger only passes on switches (`store_true`) and single-value options; others, such as `--no-…` booleans or deprecated switches, are refused with `Unsupported config option`."
);
code!(
    CONFIG_NULL,
    "PARSE034",
    "config-null-value",
    Warning,
    false,
    "A null value in the --config file",
    "SGLang turns every YAML value into text with `str()`, so `key: null` (or `key:` with nothing) passes the word `None`, which is not the option's default."
);
code!(
    CONFIG_IGNORED,
    "PARSE035",
    "config-equals-ignored",
    Warning,
    false,
    "`--config=FILE` is ignored",
    "SGLang only merges a config file given as two words, `--config FILE`; with `--config=FILE` argparse stores the path and nothing reads the file."
);
code!(
    CONFIG_OVERRIDDEN,
    "PARSE036",
    "config-value-overridden",
    Info,
    false,
    "The command line overrides the config file",
    "SGLang puts the config file's flags before the command line's, so a flag on the command line wins over the file's value."
);

code!(
    INVALID_VALUE,
    "PARSE037",
    "invalid-value",
    Error,
    true,
    "SGLang does not accept this value",
    "argparse converts and checks the value of every option before SGLang starts: an `int` option refuses text (`invalid int value`), a `float` option likewise, and an option with choices refuses anything else (`invalid choice: … (choose from …)`; the note names the closest choice, or the releases that accept the value). Preflight checks this for the flags it does not model in depth; modelled flags get ARG001/ARG002."
);

/// Every parse code, sorted.
pub static ALL: &[&ParseCode] = &[
    &EMPTY,
    &TOO_LARGE,
    &BINARY,
    &UNBALANCED_QUOTE,
    &NO_LAUNCHER,
    &FLAGS_ONLY,
    &SEVERAL_LAUNCHES,
    &EXPANSION,
    &TRAILING_BLANK_AFTER_BACKSLASH,
    &UNRECOGNIZED,
    &UNDERSCORE,
    &AMBIGUOUS,
    &ABBREVIATION,
    &MISSING_VALUE,
    &SWITCH_WITH_VALUE,
    &REPEATED,
    &NO_MODEL,
    &DEPRECATED,
    &HELP,
    &DOCKER_IMAGE,
    &DOCKER_TAG,
    &ENV_UNKNOWN,
    &NOT_EXPORTED,
    &CONFIG_NOT_READ,
    &CONFIG_READ_ERROR,
    &YAML_SYNTAX,
    &CONFIG_UNSUPPORTED,
    &CONFIG_NULL,
    &CONFIG_IGNORED,
    &CONFIG_OVERRIDDEN,
    &INVALID_VALUE,
    &YAML_TOO_LARGE,
];

/// Looks a parse code up (case-insensitive).
pub fn find(code: &str) -> Option<&'static ParseCode> {
    let c = code.trim().to_ascii_uppercase();
    ALL.iter().copied().find(|p| p.code == c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_sorted_and_documented() {
        for w in ALL.windows(2) {
            assert!(w[0].code < w[1].code, "{} {}", w[0].code, w[1].code);
        }
        for c in ALL {
            assert!(c.code.starts_with("PARSE") && c.code.len() == 8);
            assert!(!c.title.is_empty() && !c.explanation.is_empty());
        }
        assert!(find("parse010").is_some());
    }
}
