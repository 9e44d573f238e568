//! Tables generated from SGLang's wheels by `scripts/release/` (see `docs/adding-a-release.md`).
//! Never edited by hand: re-run the generator and review the diff.

pub mod fields;
pub mod releases;
