//! Tables generated from SGLang's wheels: `scripts/add-release.sh X.Y.Z` extracts a release into
//! `data/releases/X.Y.Z/`, `scripts/release/emit_rust.py` writes these files from it (see
//! `docs/adding-a-release.md`). Never edited by hand: re-run the generator and review the diff;
//! a test fails when they are stale.

pub mod envs;
pub mod fields;
pub mod options;
pub mod registry;
pub mod releases;
