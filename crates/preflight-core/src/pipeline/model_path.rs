//! `arg_groups/model_path_hook.py`: the checks of `handle_load_format`
//! (`model_path_hook.py:161-287@0.5.23`, `pipeline.py:326@0.5.23`, `:314@0.5.22`, `:308@0.5.21`,
//! `:336@0.5.20`, `:330@0.5.19`). Its rewrites (GGUF, Mistral native format, remote URLs,
//! remote-instance fallbacks) read the checkpoint or other processes and are not ported.

use super::{Ctx, State, Step};
use crate::rules::args as ar;

/// `handle_load_format`'s weight-cache check (`model_path_hook.py:280-287@0.5.23`): the
/// resolved algorithm (after `handle_speculative_decoding`).
pub fn handle_load_format(ctx: &Ctx, st: &mut State) -> Step {
    // load_format='ipc_cache' (:270): not a --load-format choice (UNMODELLED)
    if st.cur.weight_cache_mode != "off" && st.cur.speculative_algorithm.is_some() {
        return Err(st.raise(ctx, &ar::WEIGHT_CACHE_SPEC, &[]));
    }
    Ok(())
}
