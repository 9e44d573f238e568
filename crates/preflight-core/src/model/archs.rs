//! The architecture names SGLang's launch code tests, as SGLang's code names them.
//!
//! Every list is generated per release from the wheels (`scripts/models/gen_arch_lists.py`,
//! `model::generated::arch_lists`) with the file and line that names it, so the pipeline never
//! spells an architecture name itself: it asks `lists::X.contains(v, arch)` where SGLang's code
//! tests `arch in X`, and cites `lists::X.source(v)`.
//!
//! The model registry of each release (`crate::generated::registry`, extracted into
//! `data/releases/X/registry.json`) lists the architectures SGLang serves; [`registry`] and
//! [`served_by`] read it.

use crate::version::SglangVersion;

pub use super::generated::arch_lists as lists;

/// The names one release's code tests at one place.
#[derive(Debug)]
pub struct ArchNames {
    /// The release.
    pub release: SglangVersion,
    /// The line that names them.
    pub line: u32,
    /// The names, in SGLang's order.
    pub names: &'static [&'static str],
}

/// A list of architecture names SGLang's code tests, per release.
#[derive(Debug)]
pub struct ArchList {
    /// The list's name in Preflight (`SWA_SINK_ARCHS`).
    pub name: &'static str,
    /// Repository-relative file (`python/sglang/srt/configs/model_config.py`).
    pub file: &'static str,
    /// One entry per release whose code has the list (oldest first).
    pub releases: &'static [ArchNames],
}

impl ArchList {
    /// The entry of release `v` (the newest entry not newer than `v`; `None` before the list
    /// existed).
    pub fn at(&self, v: SglangVersion) -> Option<&'static ArchNames> {
        // this runs for every list test of every evaluation: a comparison of release indices
        self.releases.iter().rfind(|e| e.release <= v)
    }

    /// The names release `v` tests (empty when its code has no such list).
    pub fn names(&self, v: SglangVersion) -> &'static [&'static str] {
        self.at(v).map(|e| e.names).unwrap_or(&[])
    }

    /// `arch in LIST` for release `v`.
    pub fn contains(&self, v: SglangVersion, arch: &str) -> bool {
        self.names(v).contains(&arch)
    }

    /// Whether any of `archs` is in the list (`any(a in LIST for a in archs)`).
    pub fn any(&self, v: SglangVersion, archs: &[String]) -> bool {
        archs.iter().any(|a| self.contains(v, a))
    }

    /// `file:line` for release `v`.
    pub fn source(&self, v: SglangVersion) -> Option<(&'static str, u32)> {
        self.at(v).map(|e| (self.file, e.line))
    }
}

pub use crate::generated::registry::RegistryArch;

/// Every architecture of every known release's model registry (sorted by name;
/// `crate::generated::registry`, from `data/releases/X/registry.json`).
pub fn registry() -> impl Iterator<Item = &'static RegistryArch> {
    crate::generated::registry::REGISTRY.iter()
}

/// The registry entry of `arch` (exact name).
pub fn registry_entry(arch: &str) -> Option<&'static RegistryArch> {
    let r = crate::generated::registry::REGISTRY;
    r.binary_search_by(|a| a.name.cmp(arch)).ok().map(|i| &r[i])
}

/// Whether release `v`'s model registry serves `arch`.
pub fn served_by(v: SglangVersion, arch: &str) -> bool {
    registry_entry(arch).is_some_and(|e| e.versions.iter().any(|r| r.contains(v)))
}

/// Which TP width an attention module divides its heads by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeadWidth {
    /// `get_parallel().tp_size`: `--tp-size`.
    Tp,
    /// `get_parallel().attn_tp_size`: `tp_size // attn_dp_size // attn_cp_size`.
    AttnTp,
}

/// The head asserts of the attention module an architecture's first decoder layer builds, in
/// one release (`model::generated::head_asserts`, written by `scripts/models/gen_head_asserts.py`
/// from the wheels for the reviewed architectures): `assert self.total_num_heads % tp_size == 0`
/// at `heads`, then `assert self.total_num_kv_heads % tp_size == 0` at `kv_partition` when the
/// KV heads are at least the width, else `assert tp_size % self.total_num_kv_heads == 0` at
/// `kv_replicate`. All three are bare asserts (an `AssertionError` without a message).
#[derive(Debug)]
pub struct HeadAsserts {
    /// `architectures[0]` as the registry keys it.
    pub arch: &'static str,
    /// The release the lines are of.
    pub release: SglangVersion,
    /// The model file (`python/sglang/srt/models/llama.py`).
    pub file: &'static str,
    /// The width the heads are divided by.
    pub width: HeadWidth,
    /// Line of the query-heads assert.
    pub heads: u32,
    /// Line of the KV-heads assert when the KV heads are partitioned (KV heads >= width); 0 for
    /// an MLA attention (`DeepseekV2AttentionMLA`), which asserts the query heads only.
    pub kv_partition: u32,
    /// Line of the KV-heads assert when they are replicated (KV heads < width).
    pub kv_replicate: u32,
    /// How the vocabulary embedding, built before the decoder layers, splits the vocabulary.
    pub vocab: VocabWidth,
    /// The head size the attention builds its `QKVParallelLinear` and `RowParallelLinear`
    /// with, when the generator verified that they are its only linear layers, split over
    /// `width` with SGLang's default partition (`None`: their block-FP8 checks are not judged).
    pub attn_linears: Option<HeadDim>,
    /// The dense MLP the decoder layer builds right after the attention, over the full TP group
    /// (`None`: a MoE block, or an MLP whose shape the generator did not verify).
    pub dense_mlp: Option<MlpGateUp>,
    /// The attention class and the line of its `reject_attn_tp_shard_with_tp_reduce(
    /// type(self).__name__, shard_tp_size=attn_tp_size, reduces_over_attn_tp=False)` call,
    /// between its QKV and output projections (PhiMoE from 0.5.22; [`tp_reduce_line`] gives the
    /// function's raise line).
    pub tp_reduce: Option<(&'static str, u32)>,
}

/// The line of `reject_attn_tp_shard_with_tp_reduce`'s `ValueError`
/// (`python/sglang/srt/layers/dp_attention.py`) in a release that has the function (0.5.22+).
pub fn tp_reduce_line(v: SglangVersion) -> Option<u32> {
    super::generated::head_asserts::TP_REDUCE
        .iter()
        .find(|(r, _)| *r == v)
        .map(|(_, line)| *line)
}

/// How an attention module sizes its heads (`self.head_dim`), as the generator read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeadDim {
    /// ModelConfig's `head_dim`: the config's `head_dim`, else `hidden_size //
    /// num_attention_heads`, which ModelConfig sets on the config the model reads
    /// (`configs/model_config.py:1341-1349@0.5.23`).
    Config,
    /// `hidden_size // num_attention_heads`, whatever the config's `head_dim`.
    HiddenOverHeads,
    /// `hidden_size // original_num_attention_heads` when the config has that key
    /// (`models/qwen2.py:275-278@0.5.23`), else [`HeadDim::Config`].
    ConfigOrOriginalHeads,
}

/// The dense MLP's gate and up projection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MlpGateUp {
    /// `MergedColumnParallelLinear(hidden_size, [intermediate_size] * 2)`: two output
    /// partitions, so its block_n check runs at every TP size.
    Merged,
    /// `ColumnParallelLinear(hidden_size, intermediate_size)`: one output partition, checked
    /// only with a TP size above 1.
    Column,
}

/// The lines of the linear layers' construction checks in one release, written by
/// `scripts/models/gen_head_asserts.py`: `MergedColumnParallelLinear`'s TP assert
/// (`python/sglang/srt/layers/linear.py`) and `Fp8LinearMethod.validate_block_quant_shapes`
/// (`python/sglang/srt/layers/quantization/fp8.py`).
#[derive(Debug)]
pub struct LinearLines {
    /// The release.
    pub release: SglangVersion,
    /// `assert all(output_size % tp_size == 0 for output_size in output_sizes)`, a bare assert.
    pub merged_tp: u32,
    /// The `block_k` `ValueError` (a row-parallel layer's input partition).
    pub block_k: u32,
    /// The `block_n` `ValueError` (each output partition).
    pub block_n: u32,
    /// The `tp_size` both checks compare with.
    pub width: LinearWidth,
}

/// The `tp_size` of `validate_block_quant_shapes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinearWidth {
    /// `get_parallel().tp_size`, whatever group the layer is split over (up to 0.5.21).
    Tp,
    /// The layer's own group's size (`layer.tp_group.world_size`, 0.5.22 and later).
    Layer,
}

/// The linear layers' checks of release `v` (`None`: the generator did not read them).
pub fn linear_lines(v: SglangVersion) -> Option<&'static LinearLines> {
    super::generated::head_asserts::LINEAR
        .iter()
        .find(|l| l.release == v)
}

/// The TP width the vocabulary embedding (`VocabParallelEmbedding`) of a model class divides the
/// padded vocabulary by, in one release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VocabWidth {
    /// From 0.5.22 the embedding pads the vocabulary to a multiple of the TP size: it never
    /// refuses one.
    Padded,
    /// `divide(pad_vocab_size(vocab_size, 64), tp_size)`.
    Tp,
    /// `use_attn_tp_group=is_dp_attention_enabled()`: the attention TP width under DP
    /// attention, else `tp_size`.
    AttnTpWithDp,
    /// `**get_embedding_tp_kwargs()` (`layers/vocab_parallel_embedding.py:165-185@0.5.21`, the
    /// DeepSeek-V2 family up to 0.5.21): as [`VocabWidth::AttnTpWithDp`], or replicated (no
    /// division) when `SGLANG_ENABLE_EMBED_REPLICATION` is true.
    AttnTpWithDpUnlessReplicated,
    /// A plain `nn.Embedding` subclass (Gemma 3's `Gemma3TextScaledWordEmbedding`): the whole
    /// table on every rank, no division.
    Replicated,
}

/// `(line, padding)` of a release whose embedding divides the padded vocabulary by its TP width:
/// the line of `ensure_divisibility`'s assert (`python/sglang/srt/distributed/utils.py`) and
/// `DEFAULT_VOCAB_PADDING_SIZE` (`None` from 0.5.22, where the vocabulary is padded to the TP
/// size).
pub fn vocab_divide(v: SglangVersion) -> Option<(u32, i64)> {
    super::generated::head_asserts::VOCAB_DIVIDE
        .iter()
        .find(|(r, _, _)| *r == v)
        .map(|(_, l, p)| (*l, *p))
}

/// `mixtral_supported` of release `v`'s `get_model_architecture`
/// (`model_loader/utils.py:209@0.5.23`): the quantizations with which a MixtralForCausalLM
/// checkpoint keeps its own class (any other is served as QuantMixtralForCausalLM).
pub fn mixtral_supported(v: SglangVersion) -> &'static [&'static str] {
    super::generated::head_asserts::MIXTRAL_SUPPORTED
        .iter()
        .find(|(r, _, _)| *r == v)
        .map(|(_, _, m)| *m)
        .unwrap_or(&[])
}

/// The head asserts `arch` makes when its model is built in release `v` (`None`: not a
/// reviewed architecture, or its code there does not have the reviewed shape).
pub fn head_asserts(v: SglangVersion, arch: &str) -> Option<&'static HeadAsserts> {
    let t = super::generated::head_asserts::HEAD_ASSERTS;
    // every construction step asks: one hash per call instead of a binary search of string
    // comparisons (the architecture names share long prefixes)
    static ROWS: std::sync::OnceLock<rustc_hash::FxHashMap<&'static str, std::ops::Range<usize>>> =
        std::sync::OnceLock::new();
    let rows = ROWS.get_or_init(|| {
        let mut m = rustc_hash::FxHashMap::<&'static str, std::ops::Range<usize>>::default();
        for (i, h) in t.iter().enumerate() {
            m.entry(h.arch).or_insert(i..i).end = i + 1;
        }
        m
    });
    t[rows.get(arch)?.clone()].iter().find(|h| h.release == v)
}

/// The sparse MoE block an architecture's first decoder layer builds right after its attention,
/// in one release (`model::generated::moe_asserts`, written by
/// `scripts/models/gen_moe_asserts.py` from the wheels for the reviewed architectures): where
/// the block has one, it refuses a TP width above `num_experts` at `tp_gt_experts`; then it
/// builds its `FusedMoE` with the routed experts of `config.<experts>` (plus
/// `--ep-num-redundant-experts` where `redundant`) of `config.<intermediate>` each, with the
/// model's quantization and no fused shared experts ([`FusedMoeLines`] gives that class's
/// checks).
#[derive(Debug)]
pub struct MoeBlock {
    /// `architectures[0]` as the registry keys it.
    pub arch: &'static str,
    /// The release the line is of.
    pub release: SglangVersion,
    /// The model file (`python/sglang/srt/models/qwen3_moe.py`).
    pub file: &'static str,
    /// The width `self.tp_size` of the block's `if self.tp_size > config.num_experts` and the
    /// line of its `raise ValueError(f"Tensor parallel size ... is greater than the number of
    /// experts ...")`; `None` where the block raises nothing before its experts (Mixtral's).
    pub tp_gt_experts: Option<(MoeWidth, u32)>,
    /// The config key of the routed expert count (`num_experts`, `num_local_experts`).
    pub experts: &'static str,
    /// Whether the experts get `--ep-num-redundant-experts` more (`config.num_experts +
    /// get_exec().moe.ep_num_redundant_experts`).
    pub redundant: bool,
    /// The config key of one expert's intermediate size (`moe_intermediate_size`,
    /// `intermediate_size`).
    pub intermediate: &'static str,
}

/// The lines of `FusedMoE.__init__`'s two bare asserts (`layers/moe/fused_moe_triton/layer.py`)
/// and of the block-FP8 checks of `Fp8MoEMethod.create_fp8_moe_weight_`
/// (`layers/quantization/fp8.py`) in one release.
#[derive(Debug)]
pub struct FusedMoeLines {
    /// The release.
    pub release: SglangVersion,
    /// `assert self._num_global_routed % storage_ep_size == 0`.
    pub experts_ep: u32,
    /// `assert intermediate_size % self.moe_tp_size == 0`.
    pub intermediate_tp: u32,
    /// The `block_n` `ValueError` (gate and up projections).
    pub fp8_block_n: u32,
    /// The `block_k` `ValueError` (down projection).
    pub fp8_block_k: u32,
    /// The `tp_size` of the `tp_size > 1` test before the `block_k` check.
    pub fp8_block_k_width: MoeWidth,
}

/// The TP width a MoE check reads: a block's `self.tp_size`, or the `tp_size` of
/// `Fp8MoEMethod.create_fp8_moe_weight_` (`layers/quantization/fp8.py`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoeWidth {
    /// `get_parallel().tp_size`, `--tp-size` (the FP8 check up to 0.5.21; Qwen2-MoE's block).
    Tp,
    /// `get_parallel().moe_tp_size` / `layer.moe_tp_size`: `--tp-size / --ep-size /
    /// --moe-dp-size` (the FP8 check from 0.5.22; Qwen3-MoE's block).
    MoeTp,
}

/// The MoE block `arch`'s first decoder layer builds in release `v` (`None`: not a reviewed
/// architecture, or its code there does not have the reviewed shape).
pub fn moe_block(v: SglangVersion, arch: &str) -> Option<&'static MoeBlock> {
    super::generated::moe_asserts::MOE_BLOCKS
        .iter()
        .find(|b| b.arch == arch && b.release == v)
}

/// `FusedMoE`'s lines in release `v` (`None` where the generator left the release out).
pub fn fused_moe_lines(v: SglangVersion) -> Option<&'static FusedMoeLines> {
    super::generated::moe_asserts::FUSED_MOE
        .iter()
        .find(|l| l.release == v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_per_release() {
        let v = SglangVersion::V0_5_23;
        assert!(lists::SWA_SINK_ARCHS.contains(v, "GptOssForCausalLM"));
        assert!(lists::MLA_ARCHS.contains(v, "DeepseekV3ForCausalLM"));
        assert!(!lists::MLA_ARCHS.contains(v, "LlamaForCausalLM"));
        let (file, line) = lists::SWA_SINK_ARCHS.source(v).unwrap();
        assert_eq!(file, "python/sglang/srt/configs/model_config.py");
        assert_eq!(line, 88);
        // every list exists in 0.5.23, every entry's names are distinct
        for l in lists::ALL {
            assert!(l.at(v).is_some(), "{} missing in 0.5.23", l.name);
            for e in l.releases {
                let mut n = e.names.to_vec();
                n.sort();
                n.dedup();
                assert_eq!(n.len(), e.names.len(), "{} {}", l.name, e.release);
            }
        }
    }

    #[test]
    fn registry_counts() {
        assert_eq!(registry().count(), 290);
        let v23 = registry()
            .filter(|e| served_by(SglangVersion::V0_5_23, e.name))
            .count();
        assert_eq!(v23, 290);
        assert!(served_by(SglangVersion::V0_5_23, "Qwen2ForCausalLM"));
        assert!(!served_by(SglangVersion::V0_5_23, "NoSuchForCausalLM"));
    }
}
