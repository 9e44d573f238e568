//! Built-in configs: the reference `config.json` of every architecture SGLang serves
//! (`data/models`, trimmed to the keys SGLang reads, `model::generated::configs`), and the
//! table of well-known model ids (`data/model-ids.json`, `model::generated::model_ids`) with
//! the config differences recorded for each id and the variant rules (`-FP8`, `-AWQ`, …).

use serde_json::{Map, Value};

/// A reference config compiled into the core.
#[derive(Debug)]
pub struct RefConfig {
    /// `architectures[0]`.
    pub arch: &'static str,
    /// Human label of the family.
    pub family: &'static str,
    /// The published checkpoint the config is (`provenance == "published"`), else empty.
    pub reference: &'static str,
    /// The checkpoint users run, whose published config should replace a generated one.
    pub target: &'static str,
    /// `published`, `transformers-default`, `sglang-config-class` or `stand-in` (`data/models/README.md`).
    pub provenance: &'static str,
    /// The trimmed config (compact JSON; long lists run-length encoded as `{"$rle": [[v, n], …]}`).
    pub json: &'static str,
}

impl RefConfig {
    /// The config as JSON (run-length lists expanded).
    pub fn value(&self) -> Value {
        serde_json::from_str::<Value>(self.json)
            .map(expand_rle)
            .unwrap_or(Value::Null)
    }

    /// The checkpoint whose facts these are, for reports: the published reference, else the
    /// target checkpoint, else a description of the generated config.
    pub fn checkpoint(&self) -> String {
        if !self.reference.is_empty() {
            self.reference.to_string()
        } else if !self.target.is_empty() {
            // a stand-in is another entry's config (`data/models/README.md`), not class defaults
            let what = if self.provenance == "stand-in" {
                "a stand-in"
            } else {
                "class defaults"
            };
            format!("{} ({what}, not its published config)", self.target)
        } else {
            format!("{} class defaults", self.arch)
        }
    }
}

/// Expands `{"$rle": [[value, count], …]}` lists.
fn expand_rle(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            if m.len() == 1
                && let Some(Value::Array(runs)) = m.get("$rle")
            {
                let mut out = Vec::new();
                for r in runs {
                    if let Some([x, Value::Number(n)]) = r.as_array().map(Vec::as_slice) {
                        let n = n.as_u64().unwrap_or(0).min(1 << 16);
                        for _ in 0..n {
                            out.push(expand_rle(x.clone()));
                        }
                    }
                }
                return Value::Array(out);
            }
            Value::Object(m.into_iter().map(|(k, v)| (k, expand_rle(v))).collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(expand_rle).collect()),
        other => other,
    }
}

/// Every built-in reference config (sorted by architecture).
pub fn configs() -> &'static [RefConfig] {
    super::generated::configs::CONFIGS
}

/// The reference config of an architecture (exact name, else case-insensitive).
pub fn ref_config(arch: &str) -> Option<&'static RefConfig> {
    let a = arch.trim();
    let c = configs();
    c.binary_search_by(|r| r.arch.cmp(a))
        .ok()
        .map(|i| &c[i])
        .or_else(|| c.iter().find(|r| r.arch.eq_ignore_ascii_case(a)))
}

/// A model id of `data/model-ids.json`.
#[derive(Debug)]
pub struct ModelId {
    /// The id (Hugging Face's spelling).
    pub id: &'static str,
    /// `architectures[0]` of its config.
    pub arch: &'static str,
    /// The architecture SGLang serves it as when its config class rewrites `architectures`
    /// (empty otherwise).
    pub served_as: &'static str,
    /// The family's reference checkpoint.
    pub reference: &'static str,
    /// Dotted config keys in which it differs from the reference (JSON object; `null` = absent).
    pub config: &'static str,
    /// Kind of evidence for the architecture (`vllm-registry`, `sglang-code`, `public-page`, `review`).
    pub evidence: &'static str,
}

/// A variant rule: a suffix names a variant of a known checkpoint.
#[derive(Debug)]
pub struct Variant {
    /// The suffix, a small regular expression (`-fp8`, `-(nv)?fp4(-v\d+)?`), case-insensitive.
    pub suffix: &'static str,
    /// Organisations the rule is limited to (lower case; empty = any).
    pub orgs: &'static [&'static str],
    /// The config difference it implies (dotted keys).
    pub config: &'static str,
}

/// How a model path was matched.
#[derive(Clone, Debug, PartialEq)]
pub struct IdMatch {
    /// The table id it matched.
    pub id: &'static str,
    /// Its architecture.
    pub arch: &'static str,
    /// The architecture SGLang serves it as (empty when the same).
    pub served_as: &'static str,
    /// The family's reference checkpoint.
    pub reference: &'static str,
    /// The config differences: the id's own, then those of the variant suffixes removed.
    pub differences: Map<String, Value>,
    /// The variant suffixes removed to find the id (`-AWQ`), in order.
    pub variants: Vec<String>,
    /// Matched by the path's last component (a local directory).
    pub by_basename: bool,
}

/// Every reviewed model id of `data/model-ids.json` (with its architecture).
pub fn ids() -> &'static [ModelId] {
    super::generated::model_ids::MODEL_IDS
}

fn find_exact(id: &str) -> Option<&'static ModelId> {
    let lower = id.to_ascii_lowercase();
    let t = ids();
    t.binary_search_by(|m| m.id.to_ascii_lowercase().cmp(&lower))
        .ok()
        .map(|i| &t[i])
}

/// The id whose repository name is `name` (case-insensitive): the family's reference
/// checkpoint when it is one of them (`meta-llama/Llama-3.1-8B-Instruct`, not a mirror's
/// re-upload of it), else the first in the table's order.
fn find_basename(name: &str) -> Option<&'static ModelId> {
    let mut same = ids().iter().filter(|m| {
        m.id.rsplit('/')
            .next()
            .is_some_and(|n| n.eq_ignore_ascii_case(name))
    });
    let first = same.next()?;
    if first.id == first.reference {
        return Some(first);
    }
    Some(same.find(|m| m.id == m.reference).unwrap_or(first))
}

/// Normalises a `--model-path`: `hf.co/` and `https://huggingface.co/` prefixes, a trailing `/`.
fn normalise(path: &str) -> &str {
    let m = path.trim().trim_end_matches('/');
    m.strip_prefix("hf.co/")
        .or_else(|| m.strip_prefix("https://huggingface.co/"))
        .or_else(|| m.strip_prefix("http://huggingface.co/"))
        .unwrap_or(m)
}

/// Suffixes that name a variant of the same model with no config difference Preflight reads
/// (instruction-tuned, chat, base and thinking releases of one architecture share their shapes).
const NAMING_VARIANTS: &[&str] = &["-instruct", "-chat", "-it", "-base", "-thinking"];

/// Looks a model path up: the exact id (case-insensitive), else the id with variant suffixes
/// removed, else (for a local path) its last component, matched the same way.
pub fn find_model(path: &str) -> Option<IdMatch> {
    let p = normalise(path);
    if p.is_empty() {
        return None;
    }
    if let Some(m) = lookup(p, None) {
        return Some(m);
    }
    let base = p.rsplit('/').next().unwrap_or(p);
    if base != p {
        return lookup(base, Some(org_of(p)));
    }
    None
}

/// The organisation whose variant conventions apply to a path matched by its last component:
/// that of a Hugging Face id (`nvidia/Llama-3.1-8B-Instruct-NVFP4` → `nvidia`, so its `-NVFP4`
/// is a ModelOpt export), none for a local path (`/models/x`, `./x`, `~/x`, `a/b/c`).
fn org_of(p: &str) -> String {
    let local = p.starts_with(['/', '.', '~']) || p.matches('/').count() != 1;
    if local {
        String::new()
    } else {
        p.split('/').next().unwrap_or("").to_ascii_lowercase()
    }
}

/// Longest id or basename looked up (Hugging Face limits repository ids to 96 characters; a
/// longer word is not an id, and the variant search is quadratic in the length).
const MAX_ID: usize = 256;
/// Longest variant suffix tried (`-Instruct-2507-FP8`, …).
const MAX_SUFFIX: usize = 64;

/// Looks `p` up with variant suffixes removed: as a whole id, or (with `basename_org`, the
/// organisation whose variant rules apply) as a repository name.
fn lookup(p: &str, basename_org: Option<String>) -> Option<IdMatch> {
    if p.len() > MAX_ID {
        return None;
    }
    let by_basename = basename_org.is_some();
    let find = |s: &str| {
        if by_basename {
            find_basename(s)
        } else {
            find_exact(s)
        }
    };
    let org =
        basename_org.unwrap_or_else(|| p.split('/').next().unwrap_or("").to_ascii_lowercase());
    let mut cur = p.to_string();
    let mut variants: Vec<String> = Vec::new();
    let mut diffs: Vec<Map<String, Value>> = Vec::new();
    for _ in 0..4 {
        if let Some(m) = find(&cur) {
            let mut differences: Map<String, Value> =
                serde_json::from_str(m.config).unwrap_or_default();
            // the variant's difference applies on top of the id's
            for d in diffs.iter().rev() {
                for (k, v) in d {
                    differences.insert(k.clone(), v.clone());
                }
            }
            return Some(IdMatch {
                id: m.id,
                arch: m.arch,
                served_as: m.served_as,
                reference: m.reference,
                differences,
                variants,
                by_basename,
            });
        }
        let (stripped, suffix, diff) = strip_variant(&cur, &org)?;
        variants.push(suffix);
        diffs.push(diff);
        cur = stripped;
    }
    None
}

/// Removes one variant suffix (the first rule that matches, in the table's order, then the
/// naming variants).
fn strip_variant(id: &str, org: &str) -> Option<(String, String, Map<String, Value>)> {
    let lower = id.to_ascii_lowercase();
    for v in super::generated::model_ids::VARIANTS {
        if !v.orgs.is_empty() && !v.orgs.contains(&org) {
            continue;
        }
        for start in (lower.len().saturating_sub(MAX_SUFFIX).max(1)..lower.len()).rev() {
            if !lower.is_char_boundary(start) {
                continue;
            }
            if suffix_match(v.suffix, &lower[start..]) {
                let diff: Map<String, Value> = serde_json::from_str(v.config).unwrap_or_default();
                return Some((id[..start].to_string(), id[start..].to_string(), diff));
            }
        }
    }
    for s in NAMING_VARIANTS {
        if lower.ends_with(s) && lower.len() > s.len() {
            let cut = id.len() - s.len();
            return Some((id[..cut].to_string(), id[cut..].to_string(), Map::new()));
        }
    }
    None
}

/// Whether `text` (lower case) matches the whole suffix pattern: literals, `\.`, `\d`, `\d+`,
/// `[..]` classes, groups `(…)`, alternation `|` and `?` — the syntax of the variant table.
fn suffix_match(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let alts = split_alts(&p);
    alts.iter().any(|a| match_seq(a, &t, 0).contains(&t.len()))
}

fn split_alts(p: &[char]) -> Vec<Vec<char>> {
    let mut out = vec![Vec::new()];
    let mut depth = 0;
    let mut i = 0;
    while i < p.len() {
        let c = p[i];
        if c == '\\' && i + 1 < p.len() {
            out.last_mut().expect("non-empty").extend([c, p[i + 1]]);
            i += 2;
            continue;
        }
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '|' if depth == 0 => {
                out.push(Vec::new());
                i += 1;
                continue;
            }
            _ => {}
        }
        out.last_mut().expect("non-empty").push(c);
        i += 1;
    }
    out
}

/// The end positions in `t` reachable by matching the sequence `p` from `pos`.
fn match_seq(p: &[char], t: &[char], pos: usize) -> Vec<usize> {
    if p.is_empty() {
        return vec![pos];
    }
    // one atom and its quantifier
    let (atom_len, matcher): (usize, Box<dyn Fn(usize) -> Vec<usize>>) = match p[0] {
        '(' => {
            let mut depth = 0;
            let mut end = 0;
            for (i, c) in p.iter().enumerate() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let inner: Vec<char> = p[1..end].to_vec();
            let alts = split_alts(&inner);
            (
                end + 1,
                Box::new(move |at: usize| alts.iter().flat_map(|a| match_seq(a, t, at)).collect()),
            )
        }
        '[' => {
            let end = p.iter().position(|c| *c == ']').unwrap_or(p.len() - 1);
            let set: Vec<char> = p[1..end].to_vec();
            (
                end + 1,
                Box::new(move |at: usize| {
                    if at < t.len() && set.contains(&t[at]) {
                        vec![at + 1]
                    } else {
                        vec![]
                    }
                }),
            )
        }
        '\\' if p.len() > 1 => {
            let c = p[1];
            (
                2,
                Box::new(move |at: usize| {
                    let ok = at < t.len()
                        && if c == 'd' {
                            t[at].is_ascii_digit()
                        } else {
                            t[at] == c
                        };
                    if ok { vec![at + 1] } else { vec![] }
                }),
            )
        }
        c => (
            1,
            Box::new(move |at: usize| {
                if at < t.len() && t[at] == c {
                    vec![at + 1]
                } else {
                    vec![]
                }
            }),
        ),
    };
    let rest = &p[atom_len..];
    let (quant, rest) = match rest.first() {
        Some('?') => ('?', &rest[1..]),
        Some('+') => ('+', &rest[1..]),
        Some('*') => ('*', &rest[1..]),
        _ => (' ', rest),
    };
    let mut ends: Vec<usize> = Vec::new();
    match quant {
        '?' => {
            ends.push(pos);
            ends.extend(matcher(pos));
        }
        '+' | '*' => {
            if quant == '*' {
                ends.push(pos);
            }
            let mut frontier = matcher(pos);
            let mut guard = 0;
            while !frontier.is_empty() && guard < 64 {
                ends.extend(frontier.iter().copied());
                frontier = frontier
                    .iter()
                    .flat_map(|&e| matcher(e))
                    .filter(|e| !ends.contains(e))
                    .collect();
                guard += 1;
            }
        }
        _ => ends.extend(matcher(pos)),
    }
    ends.sort();
    ends.dedup();
    ends.into_iter()
        .flat_map(|e| match_seq(rest, t, e))
        .collect()
}

/// Applies dotted-key differences to a config (`text_config.num_attention_heads`; a
/// `quantization_config.quant_method` of `null` removes the quantization config).
pub fn apply_differences(cfg: &mut Value, diffs: &Map<String, Value>) {
    let Value::Object(root) = cfg else { return };
    for (key, val) in diffs {
        if key == "quantization_config.quant_method" && val.is_null() {
            root.remove("quantization_config");
            continue;
        }
        let parts: Vec<&str> = key.split('.').collect();
        let mut obj: &mut Map<String, Value> = root;
        for p in &parts[..parts.len() - 1] {
            let entry = obj
                .entry(p.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
            if !entry.is_object() {
                *entry = Value::Object(Map::new());
            }
            obj = entry.as_object_mut().expect("object");
        }
        obj.insert(parts[parts.len() - 1].to_string(), val.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_arch_has_a_config() {
        assert_eq!(configs().len(), 290);
        for c in configs() {
            let v = c.value();
            // get_config gives LongCat's configs LongcatFlashForCausalLM (utils/hf_transformers/
            // config.py:312-313): its NextN architecture is reached only as the draft rewrite
            let want = if c.arch == "LongcatFlashForCausalLMNextN" {
                "LongcatFlashForCausalLM"
            } else {
                c.arch
            };
            assert_eq!(
                v["architectures"][0].as_str(),
                Some(want),
                "{}: architectures[0]",
                c.arch
            );
        }
        assert!(ref_config("qwen2forcausallm").is_some());
    }

    #[test]
    fn model_ids_and_variants() {
        let m = find_model("Qwen/Qwen2.5-72B-Instruct").unwrap();
        assert_eq!(m.arch, "Qwen2ForCausalLM");
        let m = find_model("meituan/DeepSeek-R1-Channel-INT8").unwrap();
        assert_eq!(
            m.differences["quantization_config.quant_method"],
            json!("w8a8_int8")
        );
        let m = find_model("ZAI-ORG/glm-5.3-flash").unwrap();
        assert_eq!(m.differences["index_kpool"], json!(4));
        // a variant suffix of a known id
        let m = find_model("Qwen/Qwen3-32B-AWQ").unwrap();
        assert_eq!(m.id, "Qwen/Qwen3-32B");
        assert_eq!(m.variants, vec!["-AWQ".to_string()]);
        assert_eq!(
            m.differences["quantization_config.quant_method"],
            json!("awq")
        );
        // a local path falls back to its last component
        let m = find_model("/models/DeepSeek-V3/").unwrap();
        assert!(m.by_basename);
        assert_eq!(m.arch, "DeepseekV3ForCausalLM");
        assert!(find_model("someone/unknown-model").is_none());
        // another organisation's re-upload: matched by its repository name, the family's
        // reference preferred over a mirror, and the organisation's variant convention kept
        // (NVIDIA's -NVFP4 is a ModelOpt NVFP4 export)
        let m = find_model("nvidia/Llama-3.1-8B-Instruct-NVFP4").unwrap();
        assert!(m.by_basename);
        assert_eq!(m.id, "meta-llama/Llama-3.1-8B-Instruct");
        assert_eq!(m.variants, vec!["-NVFP4".to_string()]);
        assert_eq!(
            m.differences["quantization_config.quant_algo"],
            json!("NVFP4")
        );
        // a local path has no organisation: the unknown-method rule, no difference
        let m = find_model("/models/nvidia/Llama-3.1-8B-Instruct-NVFP4").unwrap();
        assert!(m.differences.is_empty());
        assert!(suffix_match(r"-(nv)?fp4(-v\d+)?", "-nvfp4-v2"));
        assert!(suffix_match(r"-gptq-int[48]", "-gptq-int4"));
        assert!(!suffix_match(r"-gptq-int[48]", "-gptq-int5"));
    }

    #[test]
    fn differences_apply() {
        let mut c =
            json!({"quantization_config": {"quant_method": "fp8"}, "text_config": {"a": 1}});
        let d =
            json!({"quantization_config.quant_method": null, "text_config.num_attention_heads": 8});
        apply_differences(&mut c, d.as_object().unwrap());
        assert_eq!(
            c,
            json!({"text_config": {"a": 1, "num_attention_heads": 8}})
        );
    }
}
