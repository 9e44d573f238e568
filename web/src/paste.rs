//! "Paste a launch" (pure): a pasted launch read by the core ([`preflight_core::launch`]),
//! the configuration it gives the builder, the marks on the pasted text, and the changes
//! that turn it into what the builder shows (for the corrected launch in the user's words).

use preflight_core::launch::{Launch, read_launch};
use preflight_core::parse::{ParseOptions, Span};
use preflight_core::report::{Change, Severity};
use preflight_core::{LaunchConfig, Report, Verdict};

/// Longest text kept in the paste box, in bytes: the parser's own limit
/// ([`preflight_core::parse::MAX_INPUT`], 256 KiB). A longer paste is not kept at all (the box is
/// emptied with a notice): laying out, reading and marking a megabyte would freeze the page, and a
/// launch cut short would be judged without its last flags.
pub const MAX_PASTE: usize = preflight_core::parse::MAX_INPUT;

/// Longest text kept in the "Explain an error" box, in bytes: the matcher's window
/// ([`preflight_core::explain::MAX_TEXT`]). Of a longer paste the box keeps the end (where a
/// log's error is), which is all the matcher reads anyway.
pub const MAX_EXPLAIN: usize = preflight_core::explain::MAX_TEXT;

/// The last `max` bytes of `text` (from a line start when one is near), or `None` when `text`
/// fits.
pub fn keep_end(text: &str, max: usize) -> Option<&str> {
    if text.len() <= max {
        return None;
    }
    let mut at = text.len() - max;
    while !text.is_char_boundary(at) {
        at += 1;
    }
    let tail = &text[at..];
    Some(match tail.find('\n') {
        Some(nl) if nl < 4096 => &tail[nl + 1..],
        _ => tail,
    })
}

/// A pasted launch and what it was read as.
#[derive(Clone, Debug, PartialEq)]
pub struct PasteSession {
    /// The text as pasted.
    pub text: String,
    /// What the core read.
    pub launch: Launch,
}

impl PasteSession {
    /// Reads `text`. The release comes from a docker image tag when there is one; otherwise
    /// the builder's release (`version`) is used to read the flags.
    pub fn read(text: &str, version: Option<&str>) -> PasteSession {
        // a text over MAX_PASTE gets the parser's PARSE002 (it is not read, nor cut short)
        let mut launch = read_launch(text, &ParseOptions::default());
        if launch.parsed.config.sglang.is_none()
            && let Some(v) = version
        {
            launch = read_launch(
                text,
                &ParseOptions {
                    sglang: Some(v.to_string()),
                    read_file: None,
                },
            );
        }
        PasteSession {
            text: text.to_string(),
            launch,
        }
    }

    /// Whether the architecture has to be picked (the model is not a well-known one).
    pub fn needs_arch(&self) -> bool {
        self.launch.parsed.config.arch.is_none()
    }

    /// The configuration for the builder: what was read, on the builder's GPU (a launch does
    /// not name one). For a model Preflight does not know, the architecture the user picked
    /// for the same model is kept.
    pub fn config_for(&self, current: &LaunchConfig) -> LaunchConfig {
        let mut cfg = self.base(current);
        let same_model = cfg.model_path.is_some() && current.model_path == cfg.model_path;
        if self.needs_arch() && !same_model {
            cfg.arch = None;
        }
        cfg
    }

    /// What was read, with the builder's GPU, architecture and config.json (none is in the text).
    fn base(&self, current: &LaunchConfig) -> LaunchConfig {
        let mut cfg = self.launch.parsed.config.clone();
        cfg.gpu = current.gpu.clone();
        cfg.compute_capability = if current.gpu.is_none() {
            current.compute_capability.clone()
        } else {
            None
        };
        if self.needs_arch() {
            cfg.arch = current.arch.clone();
        }
        // the user's config.json describes their checkpoint, which the launch serves
        cfg.model_config = current.model_config.clone();
        cfg
    }

    /// The changes from the pasted launch to what the builder now proposes: the best verified
    /// fix when the configuration has errors, else the builder's configuration itself.
    pub fn changes(&self, current: &LaunchConfig, report: &Report) -> Vec<Change> {
        let target = match (&report.verdict, &report.corrected) {
            (Verdict::Error, Some(fix)) => &fix.config,
            _ => current,
        };
        diff(&self.base(current), target)
    }

    /// Whether the builder still holds this launch: the same model (and, for a well-known
    /// model, the same architecture). Loading something else (Reset, a rule's example, an
    /// explained error) leaves the pasted text behind; the builder's own edits of flags do not.
    pub fn is_current(&self, current: &LaunchConfig) -> bool {
        let p = &self.launch.parsed.config;
        current.model_path == p.model_path && (self.needs_arch() || current.arch == p.arch)
    }

    /// The marks on the pasted text: the parser's findings, and for each finding of the
    /// report (when given), the flags it involves that the text sets.
    pub fn marks(&self, report: Option<&Report>) -> Vec<Mark> {
        let l = &self.launch;
        let mut out = Vec::new();
        for d in &l.parsed.diagnostics {
            if let Some(s) = d.span.and_then(|s| l.input_span(s, d.source)) {
                out.push(Mark {
                    span: s,
                    severity: d.severity,
                    code: d.code.to_string(),
                });
            }
        }
        for d in report.map_or(&[][..], |r| &r.diagnostics[..]) {
            for key in &d.flags {
                let key = match key.as_ref() {
                    // the architecture comes from the model path; the release from the tag
                    "arch" => "model_path",
                    "cuda_version" => "sglang",
                    k => k,
                };
                if let Some(f) = l.parsed.span_of(key)
                    && let Some(s) = l.input_span(f.span, f.source)
                {
                    out.push(Mark {
                        span: s,
                        severity: d.severity,
                        code: d.code.to_string(),
                    });
                }
            }
        }
        out.retain(|m| m.span.end <= self.text.len() && m.span.start <= m.span.end);
        out
    }
}

/// The changes that turn `from` into `to`, keys in a stable order (the launch's keys first,
/// in configuration order).
pub fn diff(from: &LaunchConfig, to: &LaunchConfig) -> Vec<Change> {
    let mut keys: Vec<String> = [
        "gpu",
        "compute_capability",
        "sglang",
        "cuda_version",
        "arch",
        "model_path",
    ]
    .iter()
    .map(|k| k.to_string())
    .collect();
    for f in preflight_core::domains::flags::FLAGS {
        if from.args.contains_key(f.name) || to.args.contains_key(f.name) {
            keys.push(f.name.to_string());
        }
    }
    for k in from.args.keys().chain(to.args.keys()) {
        if !keys.contains(k) {
            keys.push(k.clone());
        }
    }
    for k in from.env.keys().chain(to.env.keys()) {
        let e = format!("env.{k}");
        if !keys.contains(&e) {
            keys.push(e);
        }
    }
    keys.into_iter()
        .filter_map(|key| {
            let (a, b) = (from.get_key(&key), to.get_key(&key));
            (a != b).then_some(Change {
                key,
                from: a,
                to: b,
            })
        })
        .collect()
}

/// A finding on a range of the pasted text.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// Where, in the pasted text.
    pub span: Span,
    /// How bad.
    pub severity: Severity,
    /// The rule or parser code.
    pub code: String,
}

/// A run of the pasted text with the marks over it.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    /// The text.
    pub text: String,
    /// The worst severity of the marks over it (`None`: unmarked).
    pub severity: Option<Severity>,
    /// The codes of the marks over it (sorted, no duplicates).
    pub codes: Vec<String>,
}

/// Cuts `text` at every mark boundary; each run carries the marks covering it. Marks that
/// are empty or not on character boundaries are ignored.
pub fn segments(text: &str, marks: &[Mark]) -> Vec<Segment> {
    let ok = |i: usize| i <= text.len() && text.is_char_boundary(i);
    let marks: Vec<&Mark> = marks
        .iter()
        .filter(|m| m.span.start < m.span.end && ok(m.span.start) && ok(m.span.end))
        .collect();
    let mut cuts: Vec<usize> = vec![0, text.len()];
    for m in &marks {
        cuts.push(m.span.start);
        cuts.push(m.span.end);
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut out: Vec<Segment> = Vec::new();
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1]);
        if a == b {
            continue;
        }
        let over: Vec<&&Mark> = marks
            .iter()
            .filter(|m| m.span.start <= a && b <= m.span.end)
            .collect();
        let severity = over.iter().map(|m| m.severity).min();
        let mut codes: Vec<String> = over.iter().map(|m| m.code.clone()).collect();
        codes.sort();
        codes.dedup();
        match out.last_mut() {
            Some(last) if last.severity == severity && last.codes == codes => {
                last.text.push_str(&text[a..b])
            }
            _ => out.push(Segment {
                text: text[a..b].to_string(),
                severity,
                codes,
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use preflight_core::validate;

    const SEED: &str = "python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla";

    fn on_gpu(gpu: &str) -> LaunchConfig {
        LaunchConfig {
            gpu: Some(gpu.into()),
            arch: Some("LlamaForCausalLM".into()),
            ..LaunchConfig::default()
        }
    }

    #[test]
    fn keep_end_keeps_the_last_lines() {
        assert_eq!(keep_end("short", 10), None);
        assert_eq!(keep_end("a\nbb\nccc\n", 6), Some("ccc\n"));
        // never splits a character
        assert_eq!(keep_end("éééé", 3), Some("é"));
    }

    #[test]
    fn seed_launch_on_an_rtx_5090() {
        let builder = on_gpu("RTX 5090");
        let s = PasteSession::read(SEED, None);
        assert!(!s.needs_arch());
        let cfg = s.config_for(&builder);
        assert_eq!(cfg.gpu.as_deref(), Some("RTX 5090"));
        assert_eq!(cfg.arch.as_deref(), Some("GlmMoeDsaForCausalLM"));
        let r = validate(&cfg);
        assert_eq!(r.first_error().map(|d| d.code), Some("DSA001"));
        // the flags DSA001 involves are marked where the user wrote them
        let marks = s.marks(Some(&r));
        let marked: Vec<&str> = marks
            .iter()
            .filter(|m| m.code == "DSA001")
            .map(|m| &SEED[m.span.start..m.span.end])
            .collect();
        assert!(marked.contains(&"--kv-cache-dtype bf16"), "{marked:?}");
        assert!(marked.contains(&"--dsa-prefill-backend flashinfer_sparse_mla"));
        // the corrected launch keeps the user's words and order
        let changes = s.changes(&cfg, &r);
        assert!(
            changes.iter().all(|c| c.key != "gpu" && c.key != "arch"),
            "{changes:?}"
        );
        let fixed = s.launch.rewrite(&s.text, &changes);
        assert!(
            fixed
                .text
                .starts_with("python -m sglang.launch_server --model-path zai-org/GLM-5"),
            "{}",
            fixed.text
        );
        assert_ne!(fixed.text, SEED);
        let again = PasteSession::read(&fixed.text, None);
        let r2 = validate(&again.config_for(&builder));
        assert!(
            r2.diagnostics.iter().all(|d| d.code != "DSA001"),
            "{}",
            fixed.text
        );
        assert!(s.is_current(&cfg));
        assert!(!s.is_current(&crate::url::default_config()));
        assert!(s.marks(None).is_empty());
        // nothing to change once the builder holds the fix
        let applied = r.corrected.clone().unwrap().config;
        assert!(s.changes(&applied, &validate(&applied)) == changes);
    }

    #[test]
    fn docker_tag_gives_the_release_and_the_builder_release_reads_plain_commands() {
        let s = PasteSession::read(
            "docker run --gpus all lmsysorg/sglang:v0.5.19 python3 -m sglang.launch_server --model-path zai-org/GLM-5",
            Some("0.5.23"),
        );
        assert_eq!(s.launch.parsed.config.sglang.as_deref(), Some("0.5.19"));
        let s = PasteSession::read(SEED, Some("0.5.19"));
        assert_eq!(s.launch.parsed.config.sglang.as_deref(), Some("0.5.19"));
        let s = PasteSession::read(SEED, None);
        assert_eq!(s.launch.parsed.config.sglang, None);
    }

    #[test]
    fn unknown_model_keeps_the_picked_architecture() {
        let text = "sglang serve my-org/private-model --kv-cache-dtype fp8_e4m3";
        let s = PasteSession::read(text, None);
        assert!(s.needs_arch());
        let first = s.config_for(&on_gpu("H100"));
        assert_eq!(first.arch, None);
        let mut picked = first.clone();
        picked.arch = Some("Qwen3ForCausalLM".into());
        assert_eq!(
            s.config_for(&picked).arch.as_deref(),
            Some("Qwen3ForCausalLM")
        );
        assert!(s.changes(&picked, &validate(&picked)).is_empty());
    }

    #[test]
    fn bad_input_is_a_diagnostic() {
        for text in [
            String::new(),
            "   \n".to_string(),
            "\u{0}\u{1}\u{2}\u{3}binary\u{0}".to_string(),
            "python -m sglang.launch_server --model-path 'unbalanced".to_string(),
            "x".repeat(1024 * 1024),
            "model-path: m\npage-size: [1, 2]\nkv-cache-dtype: {a: 1}\n".to_string(),
        ] {
            let s = PasteSession::read(&text, None);
            assert!(
                !s.launch.parsed.diagnostics.is_empty(),
                "{:?}",
                &text[..text.len().min(40)]
            );
            let cfg = s.config_for(&on_gpu("H100"));
            let r = validate(&cfg);
            let _ = segments(&s.text, &s.marks(Some(&r)));
        }
    }

    #[test]
    fn segments_cover_the_text_once() {
        let text = "aé--x 1 --y";
        let marks = [
            Mark {
                span: Span::new(3, 9),
                severity: Severity::Warning,
                code: "W".into(),
            },
            Mark {
                span: Span::new(5, 8),
                severity: Severity::Error,
                code: "E".into(),
            },
            // not on a char boundary: ignored
            Mark {
                span: Span::new(2, 4),
                severity: Severity::Error,
                code: "X".into(),
            },
        ];
        let s = segments(text, &marks);
        assert_eq!(s.iter().map(|x| x.text.as_str()).collect::<String>(), text);
        let worst: Vec<_> = s.iter().map(|x| (x.text.as_str(), x.severity)).collect();
        assert_eq!(
            worst,
            [
                ("aé", None),
                ("--", Some(Severity::Warning)),
                ("x 1", Some(Severity::Error)),
                (" ", Some(Severity::Warning)),
                ("--y", None)
            ]
        );
        assert_eq!(s[2].codes, ["E", "W"]);
    }

    #[test]
    fn diff_lists_only_what_differs() {
        let a: LaunchConfig = serde_json::from_str(
            r#"{"gpu":"H100","kv_cache_dtype":"bf16","tp_size":"2","env":{"A":"1"}}"#,
        )
        .unwrap();
        let b: LaunchConfig = serde_json::from_str(
            r#"{"gpu":"H100","kv_cache_dtype":"fp8_e4m3","tp_size":2,"env":{"B":"2"}}"#,
        )
        .unwrap();
        let d: Vec<(String, Option<String>)> =
            diff(&a, &b).into_iter().map(|c| (c.key, c.to)).collect();
        assert_eq!(
            d,
            [
                ("kv_cache_dtype".to_string(), Some("fp8_e4m3".to_string())),
                ("env.A".to_string(), None),
                ("env.B".to_string(), Some("2".to_string())),
            ]
        );
    }
}
