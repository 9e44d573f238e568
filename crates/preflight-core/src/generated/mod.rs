//! Tables generated from SGLang's wheels: `scripts/add-release.sh X.Y.Z` extracts a release into
//! `data/releases/X.Y.Z/`, `scripts/release/emit_rust.py` writes these files from it (see
//! `docs/adding-a-release.md`). Never edited by hand: re-run the generator and review the diff;
//! a test fails when they are stale. rustfmt leaves them as the generator writes them.

#[rustfmt::skip]
pub mod envs;
#[rustfmt::skip]
pub mod fields;
#[rustfmt::skip]
pub mod options;
#[rustfmt::skip]
pub mod quant;
#[rustfmt::skip]
pub mod registry;
#[rustfmt::skip]
pub mod releases;
