//! Prints, for every built-in reference config, the facts Preflight derives (or the error).
use preflight_core::SglangVersion;
use preflight_core::model::{HfConfig, ModelConfig, ModelOptions, builtin};

fn main() {
    for c in builtin::configs() {
        let hf = HfConfig::load(&c.value(), None);
        let r = hf.map_err(|e| format!("{e:?}")).and_then(|hf| {
            ModelConfig::new(SglangVersion::V0_5_23, &hf, &ModelOptions::default())
                .map_err(|e| e.message)
        });
        match r {
            Ok(m) => println!(
                "ok   {} {} heads={:?} kv={} hd={} v={} ctx={}",
                c.arch,
                m.attention_arch.name(),
                m.num_attention_heads,
                m.total_num_kv_heads,
                m.head_dim,
                m.v_head_dim,
                m.context_len
            ),
            Err(e) => println!("FAIL {} {e}", c.arch),
        }
    }
}
