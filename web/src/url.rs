//! The page's URL state: the core's [`preflight_core::url_state`] (query string ⇄
//! configuration), shared with the `<sglang-preflight>` element and the JS API.

pub use preflight_core::url_state::*;
