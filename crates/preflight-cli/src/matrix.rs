//! `preflight matrix`: the engine-computed matrix (see `preflight_core::matrix`), printed as
//! Markdown, CSV or JSON.

use crate::usage_error;
use preflight_core::LaunchConfig;
use preflight_core::domains::gpu::Vendor;
use preflight_core::matrix::{self, MatrixKind};
use std::process::ExitCode;

/// Options of `preflight matrix`.
#[derive(Debug, Default)]
pub struct MatrixArgs {
    /// `--arch ARCH` (or `--model ID`).
    pub arch: Option<String>,
    /// `--model ID`.
    pub model: Option<String>,
    /// `--kv-cache-dtype X`.
    pub kv_cache_dtype: Option<String>,
    /// `--sglang X`.
    pub sglang: Option<String>,
    /// `--gpu NAME`: for `--kind dsa|dsv4`, the GPU; for `attention`, only rows of its vendor.
    pub gpu: Option<String>,
    /// `--kind attention|dsa|dsv4` (default attention).
    pub kind: Option<String>,
    /// `--vendor nvidia|amd` (attention matrix rows).
    pub vendor: Option<String>,
    /// `--format markdown|csv|json` (default markdown).
    pub format: Option<String>,
}

/// Runs `preflight matrix`.
pub fn run(a: MatrixArgs) -> ExitCode {
    if a.arch.is_none() && a.model.is_none() {
        return usage_error("matrix needs --arch ARCH or --model ID");
    }
    let mut base = LaunchConfig {
        arch: a.arch.clone(),
        model_path: a.model.clone(),
        sglang: a.sglang.clone(),
        ..LaunchConfig::default()
    };
    if let Some(k) = &a.kv_cache_dtype {
        base.set_key("kv_cache_dtype", Some(k));
    }
    let kind = match a.kind.as_deref().unwrap_or("attention") {
        "attention" => MatrixKind::Attention,
        "dsa" => MatrixKind::Dsa,
        "dsv4" => MatrixKind::Dsv4,
        other => {
            return usage_error(&format!(
                "--kind takes attention, dsa or dsv4, not {other:?}"
            ));
        }
    };
    let m = match kind {
        MatrixKind::Attention => {
            let vendor = match a.vendor.as_deref() {
                None => None,
                Some("nvidia") => Some(Vendor::Nvidia),
                Some("amd") => Some(Vendor::Amd),
                Some(other) => {
                    return usage_error(&format!("--vendor takes nvidia or amd, not {other:?}"));
                }
            };
            matrix::attention(&base, vendor)
        }
        k => {
            let Some(g) = &a.gpu else {
                return usage_error("--kind dsa|dsv4 needs --gpu NAME");
            };
            base.set_key("gpu", Some(g));
            matrix::sparse(&base, k)
        }
    };
    match a.format.as_deref().unwrap_or("markdown") {
        "markdown" | "md" => print!("{}", m.markdown()),
        "csv" => print!("{}", m.csv()),
        "json" => match serde_json::to_string_pretty(&m) {
            Ok(s) => println!("{s}"),
            Err(e) => return usage_error(&e.to_string()),
        },
        other => {
            return usage_error(&format!(
                "--format takes markdown, csv or json, not {other:?}"
            ));
        }
    }
    ExitCode::SUCCESS
}
