//! `preflight list gpus|archs|models|backends`: the names the other commands accept, from the
//! core's catalogues (the same the page's pickers show).

use crate::{Format, usage_error};
use preflight_core::SglangVersion;
use preflight_core::domains::{arch, gpu};
use preflight_core::model::builtin;
use preflight_core::sglang_cli;
use serde::Serialize;
use std::process::ExitCode;

/// What `preflight list` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// The GPU catalogue (`--gpu`).
    Gpus,
    /// Model architectures (`--arch`).
    Archs,
    /// Well-known model ids (`--model-path` values Preflight recognises).
    Models,
    /// The choices of `--attention-backend` in the release.
    Backends,
}

impl What {
    /// Parses the topic word.
    pub fn parse(s: &str) -> Option<What> {
        match s {
            "gpus" | "gpu" => Some(What::Gpus),
            "archs" | "arch" | "architectures" => Some(What::Archs),
            "models" | "model" => Some(What::Models),
            "backends" | "backend" | "attention-backends" => Some(What::Backends),
            _ => None,
        }
    }
}

#[derive(Serialize)]
struct GpuRow {
    name: &'static str,
    id: &'static str,
    aliases: &'static [&'static str],
    vendor: gpu::Vendor,
    /// `"9.0"`; for AMD the HIP value torch reports.
    compute_capability: String,
    gfx: Option<&'static str>,
    family: &'static str,
    memory_gb: u32,
}

#[derive(Serialize)]
struct ArchRow {
    name: &'static str,
    label: &'static str,
    /// The reference checkpoint whose config.json gives the facts.
    model: &'static str,
    releases: Vec<&'static str>,
}

#[derive(Serialize)]
struct ModelRow {
    id: &'static str,
    arch: &'static str,
    #[serde(skip_serializing_if = "str::is_empty")]
    served_as: &'static str,
}

#[derive(Serialize)]
struct Backends {
    sglang: &'static str,
    flag: &'static str,
    backends: Vec<&'static str>,
}

fn print_json<T: Serialize>(v: &T) -> ExitCode {
    match serde_json::to_string_pretty(v) {
        Ok(s) => {
            println!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Left-aligned columns, two spaces apart.
fn table(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut w: Vec<usize> = head.iter().map(|h| h.len()).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            w[i] = w[i].max(c.chars().count());
        }
    }
    let line = |cells: Vec<String>| {
        let n = cells.len();
        let mut s = String::new();
        for (i, c) in cells.into_iter().enumerate() {
            if i + 1 == n {
                s.push_str(&c);
            } else {
                s.push_str(&format!("{c:<width$}  ", width = w[i]));
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(head.iter().map(|h| h.to_string()).collect());
    for r in rows {
        out.push_str(&line(r.clone()));
    }
    out
}

/// Runs `preflight list`; `sglang` picks the release for `archs` (those its model registry
/// serves) and `backends` (default: the newest modelled one).
pub fn run(what: What, sglang: Option<&str>, format: Format) -> ExitCode {
    let v = match sglang {
        None => SglangVersion::LATEST,
        Some(s) => match SglangVersion::parse_known(s) {
            Some(v) => v,
            None => return usage_error(&format!("--sglang: unknown SGLang release {s:?}")),
        },
    };
    match what {
        What::Gpus => {
            let rows: Vec<GpuRow> = gpu::GPUS
                .iter()
                .map(|g| GpuRow {
                    name: g.name,
                    id: g.id,
                    aliases: g.aliases,
                    vendor: g.vendor,
                    compute_capability: format!("{}.{}", g.capability.0, g.capability.1),
                    gfx: g.gfx,
                    family: g.family,
                    memory_gb: g.memory_gb,
                })
                .collect();
            if format == Format::Json {
                return print_json(&rows);
            }
            let cells: Vec<Vec<String>> = rows
                .iter()
                .map(|g| {
                    vec![
                        g.name.to_string(),
                        format!("{:?}", g.vendor).to_lowercase(),
                        g.gfx
                            .map_or(g.compute_capability.clone(), |x| x.to_string()),
                        format!("{} GB", g.memory_gb),
                        g.family.to_string(),
                    ]
                })
                .collect();
            print!(
                "{}",
                table(&["GPU", "VENDOR", "CC/GFX", "MEMORY", "FAMILY"], &cells)
            );
            println!(
                "\n{} GPUs (`preflight check --gpu NAME`; any NVIDIA compute capability: --cc X.Y).",
                rows.len()
            );
        }
        What::Archs => {
            let rows: Vec<ArchRow> = arch::archs_for(v)
                .map(|a| ArchRow {
                    name: a.name,
                    label: a.label,
                    model: a.model,
                    releases: a.releases.clone(),
                })
                .collect();
            if format == Format::Json {
                return print_json(&rows);
            }
            let cells: Vec<Vec<String>> = rows
                .iter()
                .map(|a| vec![a.name.to_string(), a.model.to_string()])
                .collect();
            print!(
                "{}",
                table(&["ARCHITECTURE", "REFERENCE CHECKPOINT"], &cells)
            );
            println!(
                "\n{} architectures in SGLang {v}'s model registry (`preflight check --arch NAME`, or --model-config config.json).",
                rows.len()
            );
        }
        What::Models => {
            let rows: Vec<ModelRow> = builtin::ids()
                .iter()
                .map(|m| ModelRow {
                    id: m.id,
                    arch: m.arch,
                    served_as: m.served_as,
                })
                .collect();
            if format == Format::Json {
                return print_json(&rows);
            }
            let cells: Vec<Vec<String>> = rows
                .iter()
                .map(|m| vec![m.id.to_string(), m.arch.to_string()])
                .collect();
            print!("{}", table(&["MODEL ID", "ARCHITECTURE"], &cells));
            println!(
                "\n{} model ids Preflight recognises in --model-path (others: --arch or --model-config).",
                rows.len()
            );
        }
        What::Backends => {
            let flag = "--attention-backend";
            let backends: Vec<&'static str> = sglang_cli::find_exact(flag, v)
                .map(|o| o.choices.to_vec())
                .unwrap_or_default();
            let out = Backends {
                sglang: v.as_str(),
                flag,
                backends,
            };
            if format == Format::Json {
                return print_json(&out);
            }
            for b in &out.backends {
                println!("{b}");
            }
            println!(
                "\n{} choices of {flag} in SGLang {} (--sglang X for another release).",
                out.backends.len(),
                out.sglang
            );
        }
    }
    ExitCode::SUCCESS
}
