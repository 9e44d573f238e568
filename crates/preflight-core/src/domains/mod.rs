//! Value domains as reviewed Rust data: GPUs, architectures, choice lists, flags.

pub mod arch;
pub mod flags;
pub mod gpu;
pub mod models;
