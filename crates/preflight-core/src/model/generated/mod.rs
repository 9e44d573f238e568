//! Generated model tables (see each file's header for its generator).

pub mod arch_lists;
pub mod classes;
pub mod configs;
pub mod head_asserts;
pub mod model_ids;
pub mod moe_asserts;
