//! The whole space at a glance, computed by the same engine as every verdict: for a model (an
//! architecture or a config.json), a KV-cache dtype and a release, every GPU against every
//! attention backend (and, for DSA models, every DSA prefill × decode pair; for DeepSeek-V4,
//! its prefill × attention backends). Each cell is exactly [`crate::evaluate`] of that
//! configuration, so the matrix can never disagree with the validator.

use crate::config::LaunchConfig;
use crate::domains::gpu::{DEFAULT_CUDA, GPUS, Hardware, HardwareFacts, Vendor};
use crate::report::{Report, Severity, VerdictClass};
use serde::Serialize;

/// Which two flags a matrix crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatrixKind {
    /// GPUs × `--attention-backend`.
    Attention,
    /// `--dsa-prefill-backend` × `--dsa-decode-backend` on one GPU.
    Dsa,
    /// `--dsv4-prefill-backend` × `--dsv4-attn-backend` on one GPU.
    Dsv4,
}

/// One cell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// The verdict class; a silent rewrite of the asked backend shows as `rewritten`.
    pub class: VerdictClass,
    /// True when SGLang starts but runs another value than the column's (a silent rewrite).
    pub rewritten: bool,
    /// The rule of the first error or risk, if any.
    pub code: Option<String>,
    /// Its message (SGLang's exact text), or the value SGLang runs for a rewrite.
    pub message: Option<String>,
    /// What SGLang runs for the column's field (after resolution).
    pub runs: Option<String>,
    /// The configuration of the cell (what clicking it loads).
    pub config: LaunchConfig,
}

/// A matrix: `rows` × `columns` cells (`cells[r][c]`), plus SGLang's default per row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Matrix {
    /// What it crosses.
    pub kind: MatrixKind,
    /// Row labels (GPU names, or prefill backends).
    pub rows: Vec<String>,
    /// Column labels (backend values).
    pub columns: Vec<String>,
    /// The cells, row-major.
    pub cells: Vec<Vec<Cell>>,
    /// Per row: the cell with the column flags left to SGLang (what it picks by default).
    pub default: Vec<Cell>,
    /// The release evaluated.
    pub sglang: String,
}

/// Backends never shown as columns: other platforms' (Ascend, Intel, MiniCPM, LLaDA2), and
/// SGLang's deprecated aliases.
const HIDDEN: &[&str] = &[
    "ascend",
    "intel_amx",
    "intel_xpu",
    "minicpm_flashattn",
    "minicpm_flashinfer",
    "llada2_cfg_flashinfer",
    "nsa",
    "compressed",
    "tokenspeed_mla",
];

fn cell(cfg: LaunchConfig, field: &str) -> Cell {
    let r: Report = crate::evaluate_with(
        &cfg,
        crate::Detail {
            resolved: true,
            only: Some(field),
            command: false,
        },
    );
    let asked = cfg.arg(field);
    let runs = r.resolved_str(field);
    let first = r
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .or_else(|| {
            r.diagnostics
                .iter()
                .find(|d| d.severity == Severity::Warning && d.stage == crate::Stage::Kernel)
        });
    let rewritten = matches!(
        r.class,
        VerdictClass::Starts | VerdictClass::StartsWithRisks
    ) && asked.is_some()
        && runs != asked;
    Cell {
        class: r.class,
        rewritten,
        code: first.map(|d| d.code.to_string()),
        message: first.map(|d| d.message.clone()).or_else(|| {
            rewritten.then(|| format!("SGLang runs {}", runs.clone().unwrap_or_default()))
        }),
        runs,
        config: cfg,
    }
}

/// The choices of a flag in release `base`'s parser, minus other platforms' and aliases.
fn columns_of(field: &str, base: &LaunchConfig) -> Vec<String> {
    let v = crate::version_of(base);
    crate::sglang_cli::find_dest(field, v)
        .map(|o| {
            o.choices
                .iter()
                .filter(|c| !HIDDEN.contains(c))
                .map(|c| c.to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// GPUs × attention backends for `base` (its `gpu` is replaced row by row; its attention
/// flags column by column). Every catalogue GPU of the given vendor (`None`: all).
///
/// GPUs whose [`HardwareFacts`] are equal (the same vendor, capability, gfx arch, memory and
/// fabric) get the same verdict on every launch, so a row is evaluated once per distinct facts
/// and copied to the other GPUs with their own configurations (about half the catalogue's GPUs
/// share their facts with another).
pub fn attention(base: &LaunchConfig, vendor: Option<Vendor>) -> Matrix {
    let columns = columns_of("attention_backend", base);
    let mut rows = Vec::new();
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    let mut default: Vec<Cell> = Vec::new();
    // facts → the row that evaluated them
    let mut seen: Vec<(HardwareFacts, usize)> = Vec::new();
    for g in GPUS.iter().filter(|g| vendor.is_none_or(|v| g.vendor == v)) {
        let mut row_cfg = base.clone();
        row_cfg.set_key("gpu", Some(g.name));
        for k in [
            "attention_backend",
            "prefill_attention_backend",
            "decode_attention_backend",
        ] {
            row_cfg.set_key(k, None);
        }
        let config_of = |b: &str| {
            let mut c = row_cfg.clone();
            c.set_key("attention_backend", Some(b));
            c
        };
        // the CUDA build is the base's on every row, so any build gives the same key
        let facts = Hardware::from_gpu(g, DEFAULT_CUDA).facts();
        rows.push(g.name.to_string());
        if let Some(&(_, i)) = seen.iter().find(|(f, _)| *f == facts) {
            default.push(Cell {
                config: row_cfg.clone(),
                ..default[i].clone()
            });
            let row = columns
                .iter()
                .zip(&cells[i])
                .map(|(b, c)| Cell {
                    config: config_of(b),
                    ..c.clone()
                })
                .collect();
            cells.push(row);
            continue;
        }
        seen.push((facts, rows.len() - 1));
        default.push(cell(row_cfg.clone(), "attention_backend"));
        cells.push(
            columns
                .iter()
                .map(|b| cell(config_of(b), "attention_backend"))
                .collect(),
        );
    }
    Matrix {
        kind: MatrixKind::Attention,
        rows,
        columns,
        cells,
        default,
        sglang: crate::version_of(base).to_string(),
    }
}

/// Prefill × decode backends of a sparse-attention model on `base`'s GPU: DSA
/// (`--dsa-prefill-backend` × `--dsa-decode-backend`) or DeepSeek-V4
/// (`--dsv4-prefill-backend` × `--dsv4-attn-backend`).
pub fn sparse(base: &LaunchConfig, kind: MatrixKind) -> Matrix {
    let (row_field, col_field) = match kind {
        MatrixKind::Dsv4 => ("dsv4_prefill_backend", "dsv4_attn_backend"),
        _ => ("dsa_prefill_backend", "dsa_decode_backend"),
    };
    let rows = columns_of(row_field, base);
    let columns = columns_of(col_field, base);
    let mut cells = Vec::new();
    let mut default = Vec::new();
    for p in &rows {
        let mut row_cfg = base.clone();
        row_cfg.set_key(row_field, Some(p));
        row_cfg.set_key(col_field, None);
        default.push(cell(row_cfg.clone(), col_field));
        cells.push(
            columns
                .iter()
                .map(|d| {
                    let mut c = row_cfg.clone();
                    c.set_key(col_field, Some(d));
                    cell(c, col_field)
                })
                .collect(),
        );
    }
    Matrix {
        kind,
        rows,
        columns,
        cells,
        default,
        sglang: crate::version_of(base).to_string(),
    }
}

/// What each value of one flag would do to the launch `base`: the cell of `base` with `key`
/// set to the value (`""`: the flag removed, SGLang's default), in the order given. The
/// page marks the options of its pickers with these (the rule and message that would fire),
/// so a picker's reasons can never disagree with the validator.
pub fn option_reasons(base: &LaunchConfig, key: &str, values: &[&str]) -> Vec<(String, Cell)> {
    values
        .iter()
        .map(|v| {
            let mut c = base.clone();
            c.set_key(key, (!v.is_empty()).then_some(*v));
            (v.to_string(), cell(c, key))
        })
        .collect()
}

impl Matrix {
    /// The matrix as Markdown: one row per GPU (or prefill backend), one column per backend,
    /// a cell `ok`, `ok → X` (rewritten), `risk CODE`, `crash CODE`, `✗ CODE`, `?`.
    pub fn markdown(&self) -> String {
        let mut o = String::new();
        o.push_str("| | default |");
        for c in &self.columns {
            o.push_str(&format!(" {c} |"));
        }
        o.push_str("\n|---|---|");
        o.push_str(&"---|".repeat(self.columns.len()));
        o.push('\n');
        for (i, r) in self.rows.iter().enumerate() {
            o.push_str(&format!("| {r} | {} |", self.default[i].short()));
            for c in &self.cells[i] {
                o.push_str(&format!(" {} |", c.short()));
            }
            o.push('\n');
        }
        o
    }

    /// The matrix as CSV (`row,column,class,code,runs`), one line per cell.
    pub fn csv(&self) -> String {
        let mut o = String::from("row,column,class,rewritten,code,runs\n");
        let q = |s: &str| {
            if s.contains([',', '"', '\n']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.to_string()
            }
        };
        for (i, r) in self.rows.iter().enumerate() {
            let row = std::iter::once(("default".to_string(), &self.default[i]))
                .chain(self.columns.iter().cloned().zip(self.cells[i].iter()));
            for (col, c) in row {
                o.push_str(&format!(
                    "{},{},{},{},{},{}\n",
                    q(r),
                    q(&col),
                    c.class.label(),
                    c.rewritten,
                    c.code.as_deref().unwrap_or(""),
                    q(c.runs.as_deref().unwrap_or(""))
                ));
            }
        }
        o
    }
}

impl Cell {
    /// A short text for tables.
    pub fn short(&self) -> String {
        let code = self.code.clone().unwrap_or_default();
        match self.class {
            VerdictClass::Starts if self.rewritten => {
                format!("ok → {}", self.runs.clone().unwrap_or_default())
            }
            VerdictClass::Starts => match &self.runs {
                Some(r) => format!("ok ({r})"),
                None => "ok".into(),
            },
            VerdictClass::StartsWithRisks => format!("risk {code}"),
            VerdictClass::Crashes => format!("crash {code}"),
            VerdictClass::Refused => format!("✗ {code}"),
            VerdictClass::CannotJudge => format!("? {code}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(j: &str) -> LaunchConfig {
        serde_json::from_str(j).unwrap()
    }

    #[test]
    fn every_cell_is_the_validators_verdict() {
        let base = cfg(r#"{"arch":"DeepseekV3ForCausalLM"}"#);
        let m = attention(&base, Some(Vendor::Nvidia));
        assert!(m.rows.len() > 50 && m.columns.len() > 8);
        for (i, row) in m.cells.iter().enumerate() {
            for c in row.iter().chain([&m.default[i]]) {
                // the full evaluation (every resolved row, the command) gives the same cell
                let r = crate::evaluate(&c.config);
                assert_eq!(r.class, c.class, "{} {:?}", m.rows[i], c.config);
                assert_eq!(r.resolved_str("attention_backend"), c.runs, "{}", m.rows[i]);
                let first = r.diagnostics.iter().find(|d| d.severity == Severity::Error);
                if let Some(d) = first {
                    assert_eq!(c.code.as_deref(), Some(d.code), "{}", m.rows[i]);
                    assert_eq!(c.message.as_deref(), Some(d.message.as_str()));
                }
            }
        }
        // trtllm_mla off Blackwell is refused; on B200 it is SGLang's default
        let h100 = m.rows.iter().position(|r| r == "H100").unwrap();
        let col = m.columns.iter().position(|c| c == "trtllm_mla").unwrap();
        assert_eq!(m.cells[h100][col].class, VerdictClass::Refused);
        let b200 = m.rows.iter().position(|r| r == "B200").unwrap();
        assert_eq!(m.default[b200].runs.as_deref(), Some("trtllm_mla"));
        assert!(m.markdown().lines().count() == m.rows.len() + 2);
    }

    /// A row copied from another GPU with equal [`HardwareFacts`] must be exactly what
    /// evaluating its own configurations gives: across vendors, memory sizes (the chunked-prefill
    /// and CUDA-graph defaults, Qwen3-VL's SM90 page size), the MNNVL name check (DCP on SM100)
    /// and hybrid, DSA and MoE models.
    #[test]
    fn shared_rows_are_the_validators_cells() {
        let bases = [
            r#"{"arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"fp8_e4m3","tp_size":8,"dcp_size":2}"#,
            r#"{"arch":"LlamaForCausalLM"}"#,
            r#"{"arch":"GptOssForCausalLM","tp_size":2}"#,
            r#"{"arch":"Qwen3NextForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
            r#"{"arch":"Qwen3VLMoeForConditionalGeneration"}"#,
            r#"{"arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","tp_size":8}"#,
        ];
        let mut shared = 0;
        for b in bases {
            let base = cfg(b);
            let m = attention(&base, None);
            assert_eq!(m.rows.len(), GPUS.len(), "{b}");
            for (i, row) in m.cells.iter().enumerate() {
                let fresh = cell(m.default[i].config.clone(), "attention_backend");
                assert_eq!(m.default[i], fresh, "{b} {} default", m.rows[i]);
                assert_eq!(m.default[i].config.gpu.as_deref(), Some(m.rows[i].as_str()));
                for c in row {
                    assert_eq!(
                        *c,
                        cell(c.config.clone(), "attention_backend"),
                        "{b} {}",
                        m.rows[i]
                    );
                }
            }
            let distinct = {
                let mut f: Vec<HardwareFacts> = Vec::new();
                for g in GPUS {
                    let x = Hardware::from_gpu(g, DEFAULT_CUDA).facts();
                    if !f.contains(&x) {
                        f.push(x);
                    }
                }
                f.len()
            };
            shared += m.rows.len() - distinct;
        }
        // the memo is used: most catalogue GPUs share their facts with another
        assert!(shared > 6 * 30, "{shared}");
    }

    /// The contract of [`Hardware::facts`]: catalogue GPUs with equal facts get equal reports
    /// (diagnostics, resolved table, final arguments) on launches whose checks read the memory
    /// (chunked-prefill and CUDA-graph defaults), the device name (DCP on SM100) and the
    /// platform.
    #[test]
    fn equal_hardware_facts_give_equal_reports() {
        let bases = [
            r#"{"arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2}"#,
            r#"{"arch":"LlamaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
            r#"{"arch":"Qwen3VLMoeForConditionalGeneration"}"#,
            r#"{"arch":"Qwen3NextForCausalLM"}"#,
        ];
        let report = |b: &str, gpu: &str| {
            let mut c = cfg(b);
            c.set_key("gpu", Some(gpu));
            let r = crate::evaluate(&c);
            (
                serde_json::to_value((&r.diagnostics, &r.resolved)).unwrap(),
                r.args,
            )
        };
        let mut compared = 0;
        let mut separated = false;
        for b in bases {
            let mut groups: Vec<(HardwareFacts, &str, _)> = Vec::new();
            for g in GPUS {
                let facts = Hardware::from_gpu(g, DEFAULT_CUDA).facts();
                let r = report(b, g.name);
                match groups.iter().find(|(f, _, _)| *f == facts) {
                    Some((_, first, r0)) => {
                        assert_eq!(*r0, r, "{b}: {} and {first} share facts", g.name);
                        compared += 1;
                    }
                    None => {
                        separated |= groups.iter().any(|(_, _, r0)| *r0 != r);
                        groups.push((facts, g.name, r));
                    }
                }
            }
        }
        assert!(compared > 4 * 30, "{compared}");
        assert!(separated);
        // memory is a fact (the memory-tiered defaults read it) even where no report above
        // shows it
        assert_ne!(
            Hardware::from_gpu(
                crate::domains::gpu::find_gpu("A100 40GB PCIe").unwrap(),
                DEFAULT_CUDA
            )
            .facts(),
            Hardware::from_gpu(
                crate::domains::gpu::find_gpu("A100 80GB PCIe").unwrap(),
                DEFAULT_CUDA
            )
            .facts()
        );
    }

    #[test]
    fn option_reasons_are_the_validators_verdicts() {
        let base = cfg(r#"{"gpu":"A100","arch":"DeepseekV3ForCausalLM"}"#);
        let r = option_reasons(&base, "attention_backend", &["", "trtllm_mla", "triton"]);
        assert_eq!(r.len(), 3);
        for (v, c) in &r {
            let mut x = base.clone();
            x.set_key("attention_backend", (!v.is_empty()).then_some(v.as_str()));
            assert_eq!(c.class, crate::evaluate(&x).class, "{v}");
        }
        assert_eq!(r[1].1.class, VerdictClass::Refused);
        assert_eq!(r[2].1.class, VerdictClass::Starts);
    }

    #[test]
    fn dsa_pairs() {
        let m = sparse(
            &cfg(r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#),
            MatrixKind::Dsa,
        );
        let fi = m
            .rows
            .iter()
            .position(|r| r == "flashinfer_sparse_mla")
            .unwrap();
        let col = m
            .columns
            .iter()
            .position(|c| c == "flashinfer_sparse_mla")
            .unwrap();
        assert_eq!(m.cells[fi][col].class, VerdictClass::Starts);
        let trt = m.rows.iter().position(|r| r == "trtllm").unwrap();
        assert_eq!(m.cells[trt][col].code.as_deref(), Some("DSA002"));
    }
}
