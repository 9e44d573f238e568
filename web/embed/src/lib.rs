//! The wasm module behind the `<sglang-preflight>` element and the iframe's compact layout
//! (`?embed=1`): a configuration from the URL state keys — an element's attributes or a
//! query string, read by the core's [`preflight_core::url_state`], the page's own parser —
//! validated by [`preflight_core::validate`]. Only that: no UI framework, no launch parser
//! (`embed.js` loads the JS API lazily for a `launch="…"` attribute), so that what a host
//! downloads before the first verdict stays small. The UI is `web/embed/embed.js`.

#![warn(missing_docs)]

use preflight_core::url_state::{attribute_pairs, from_pairs, query_pairs, to_query};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// What [`check`] returns (as JSON).
#[derive(Serialize)]
struct Checked<'a> {
    /// The configuration as the page's query string (`?gpu=…`): the link to the full page.
    query: String,
    /// The report.
    report: &'a preflight_core::Report,
}

/// Validates the configuration given by `query` (a query string: the iframe's URL, or a
/// pasted launch turned into URL state) and then `attributes` (a JSON array of
/// `[name, value]` pairs: the element's attributes, which override the query). Returns
/// `{"query": "?…", "report": Report}` as JSON; a malformed `attributes` text counts as
/// no attributes. Never panics.
#[wasm_bindgen]
pub fn check(query: &str, attributes: &str) -> String {
    let attrs: Vec<(String, String)> = serde_json::from_str(attributes).unwrap_or_default();
    let mut pairs = query_pairs(query);
    pairs.extend(attribute_pairs(
        attrs.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    ));
    let cfg = from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let report = preflight_core::validate(&cfg);
    let out = Checked {
        query: to_query(&cfg),
        report: &report,
    };
    serde_json::to_string(&out).unwrap_or_else(|_| "{}".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    const DSA001_MSG: &str = "flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'.";

    fn run(q: &str, a: &str) -> Value {
        serde_json::from_str(&check(q, a)).unwrap()
    }

    #[test]
    fn attributes_and_query_give_the_same_verdict() {
        let a = run(
            "",
            r#"[["gpu","RTX 5090"],["arch","GlmMoeDsaForCausalLM"],["kv-cache-dtype","bf16"],["dsa-prefill-backend","flashinfer_sparse_mla"],["mode","compact"]]"#,
        );
        let q = run(
            "?embed=1&theme=dark&gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=bf16&dsa-prefill-backend=flashinfer_sparse_mla",
            "[]",
        );
        assert_eq!(a, q);
        assert_eq!(a["report"]["verdict"], "error");
        let diags = a["report"]["diagnostics"].as_array().unwrap();
        let first_error = diags.iter().find(|d| d["severity"] == "error").unwrap();
        assert_eq!(first_error["code"], "DSA001");
        assert_eq!(first_error["message"], DSA001_MSG);
        assert_eq!(
            a["query"],
            "?gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=bf16&dsa-prefill-backend=flashinfer_sparse_mla"
        );
    }

    #[test]
    fn attributes_override_the_launch() {
        let r = run(
            "?model=zai-org/GLM-5&kv-cache-dtype=bf16&dsa-prefill-backend=flashinfer_sparse_mla",
            r#"[["gpu","RTX 5090"],["kv-cache-dtype","fp8_e4m3"]]"#,
        );
        assert_eq!(r["report"]["verdict"], "ok", "{r}");
    }

    #[test]
    fn bad_input_is_a_report_not_a_panic() {
        for (q, a) in [
            ("", ""),
            ("%", "not json"),
            ("?gpu=%3Cscript%3E", r#"[["gpu"]]"#),
            ("", r#"[["env.1x","1"],["page-size","abc"]]"#),
        ] {
            let r = run(q, a);
            assert!(r["report"]["verdict"].is_string(), "{q} {a}: {r}");
        }
        // nothing given: the page's default example
        assert_eq!(run("", "[]")["query"], "?gpu=H100&arch=LlamaForCausalLM");
    }
}

/// A small allocator (free list, single-threaded): 2.3 KB less brotli than the standard
/// library's dlmalloc for this module, same speed, memory flat over thousands of checks.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOC: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };
