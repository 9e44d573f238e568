//! The architecture picker: every architecture of the known releases' model registries
//! (`EntryClass` of `python/sglang/srt/models/*.py`, `crate::generated::registry`), with the
//! reference checkpoint its built-in config comes from (`data/models`).
//!
//! The facts the rules read are not here: they are derived from the architecture's reference
//! `config.json` (or the user's own) by [`crate::model::ModelConfig`].

use crate::model::builtin;
use crate::version::SglangVersion;
use serde::Serialize;
use std::sync::OnceLock;

/// One architecture of the picker.
#[derive(Clone, Debug, Serialize)]
pub struct Arch {
    /// `architectures[0]`, e.g. `GlmMoeDsaForCausalLM`.
    pub name: &'static str,
    /// Human label of the family, e.g. `GLM-5 (MLA + DSA)`.
    pub label: &'static str,
    /// The checkpoint for `--model-path` (the reference checkpoint, else the one users run;
    /// empty when `data/models` names none).
    pub model: &'static str,
    /// How the built-in config was obtained (`published`, `transformers-default`,
    /// `sglang-config-class`, `stand-in`).
    pub provenance: &'static str,
    /// The releases whose registry serves it (`"0.5.19"` …).
    pub releases: Vec<&'static str>,
}

impl Arch {
    /// Whether release `v`'s model registry serves it.
    pub fn served_by(&self, v: SglangVersion) -> bool {
        self.releases.contains(&v.as_str())
    }
}

/// Every architecture of every known release's registry (sorted by name).
pub fn archs() -> &'static [Arch] {
    static ARCHS: OnceLock<Vec<Arch>> = OnceLock::new();
    ARCHS.get_or_init(|| {
        crate::model::archs::registry()
            .map(|e| {
                let refc = builtin::ref_config(e.name);
                Arch {
                    name: e.name,
                    label: refc.map(|r| r.family).unwrap_or(e.name),
                    model: refc
                        .map(|r| {
                            if r.reference.is_empty() {
                                r.target
                            } else {
                                r.reference
                            }
                        })
                        .unwrap_or(""),
                    provenance: refc.map(|r| r.provenance).unwrap_or(""),
                    releases: SglangVersion::known()
                        .filter(|v| e.versions.iter().any(|r| r.contains(*v)))
                        .map(|v| v.as_str())
                        .collect(),
                }
            })
            .collect()
    })
}

/// The architectures release `v` serves.
pub fn archs_for(v: SglangVersion) -> impl Iterator<Item = &'static Arch> {
    archs().iter().filter(move |a| a.served_by(v))
}

/// Finds an architecture by its `architectures[0]` name (case-insensitive).
pub fn find_arch(name: &str) -> Option<&'static Arch> {
    let n = name.trim();
    archs()
        .iter()
        .find(|a| a.name == n)
        .or_else(|| archs().iter().find(|a| a.name.eq_ignore_ascii_case(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registry_architecture_is_pickable() {
        assert_eq!(archs().len(), 290);
        assert_eq!(archs_for(SglangVersion::V0_5_23).count(), 290);
        assert!(archs_for(SglangVersion::V0_5_19).count() < 290);
        let mut names: Vec<&str> = archs().iter().map(|a| a.name).collect();
        names.dedup();
        assert_eq!(names.len(), 290);
        for a in archs() {
            assert!(!a.label.is_empty(), "{}", a.name);
            assert!(builtin::ref_config(a.name).is_some(), "{}", a.name);
        }
        assert!(find_arch("glmmoedsaforcausallm").is_some());
        assert!(find_arch("Qwen2ForCausalLM").is_some());
    }
}
