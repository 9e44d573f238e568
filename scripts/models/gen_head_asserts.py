#!/usr/bin/env python3
"""Generates the attention-head divisibility asserts of SGLang's model files, per release.

    python3 scripts/models/gen_head_asserts.py           # any Python 3.9+, no SGLang import
    python3 scripts/models/gen_head_asserts.py --check   # exit 1 when the committed file differs

When the model runner builds the model (``load_model`` -> ``_initialize_model``, after the
quantization config is checked and before any weight is read), the first decoder layer builds its
attention module, whose ``__init__`` asserts, with bare asserts and no message::

    tp_size = get_parallel().tp_size            # or get_parallel().attn_tp_size
    self.total_num_heads = num_heads
    assert self.total_num_heads % tp_size == 0
    ...
    self.total_num_kv_heads = num_kv_heads
    if self.total_num_kv_heads >= tp_size:
        assert self.total_num_kv_heads % tp_size == 0
    else:
        assert tp_size % self.total_num_kv_heads == 0

Which class an architecture builds first is reviewed by hand (``REVIEWED`` below: the class its
decoder layer builds first, with ``num_heads=config.num_attention_heads`` and
``num_kv_heads=config.num_key_value_heads``, in a text-only model whose first layer is an
attention layer). This script reads ``$SGLANG_WHEELS/<release>/sglang/`` (default ``../wheels``)
with ``ast`` and verifies, for every release, that the architecture is in the release's registry
(``data/releases/<release>/registry.json``), that the class still has the three asserts in this
shape, which width ``tp_size`` is (``WIDTHS``), that the decoder layer builds the class before any
module other than a norm, and with which head arguments; it records the three lines. It also
reads the vocabulary embedding the model class (``MODEL_CLASS``) builds before its layers: from
0.5.22 it pads the vocabulary to the TP size and never refuses one (``Padded``); up to 0.5.21 it
pads only on CPU and divides the vocabulary, padded to ``DEFAULT_VOCAB_PADDING_SIZE``, by the
full TP size or, with ``use_attn_tp_group=is_dp_attention_enabled()``, by the attention TP size
under DP attention (``ensure_divisibility``'s "{} is not divisible by {}", PAR073); it records
that width and the assert's line (``VOCAB_DIVIDE``). From 0.5.22 an attention class may call
``reject_attn_tp_shard_with_tp_reduce(type(self).__name__, shard_tp_size=attn_tp_size,
reduces_over_attn_tp=False)`` (``layers/dp_attention.py``) between its QKV and output
projections, which refuses an attention TP width strictly between 1 and the TP size (PhiMoE
under attention DP or CP, PAR077): the call's class and line are recorded (``tp_reduce``) when
it has exactly that shape, and the function's raise line per release (``TP_REDUCE``) when its
body is the reviewed one (``TP_REDUCE_BODY``); a call or body of any other shape stops the
script for review. A release
where any of this does not hold is left out for that architecture (and printed), so Preflight
checks nothing there rather than something SGLang does not do.

Writes ``crates/preflight-core/src/model/generated/head_asserts.rs`` (then ``cargo fmt``).
"""
import ast
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_arch_lists import releases  # noqa: E402  (the modelled releases unpacked under WHEELS)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WHEELS = os.environ.get("SGLANG_WHEELS", os.path.join(ROOT, "..", "wheels"))
OUT = os.path.join(ROOT, "crates", "preflight-core", "src", "model", "generated", "head_asserts.rs")

# (architecture, model file under sglang/srt/models/, the attention class its first decoder layer
# builds, the decoder-layer class that builds it). Reviewed against 0.5.23: every entry's
# ForCausalLM class builds <Model> -> make_layers(<DecoderLayer>) whose __init__ builds the class
# first; MistralForCausalLM, Phi3ForCausalLM, InternLM3ForCausalLM and IQuestCoderForCausalLM
# subclass LlamaForCausalLM, and the Granite SWA / shared-expert and Grok1Model names are empty
# subclasses in the same file (re-checked against 0.5.19, 0.5.21 and 0.5.23 by a second reader).
# Gemma3Attention reads its head counts from the `config` the decoder passes (checked).
# Left out on purpose: multimodal models (a vision tower is built first, with its own heads),
# hybrid models (layer 0 may be a linear-attention or Mamba mixer), other MLA models (no KV heads),
# and classes whose heads are not config.num_attention_heads.
REVIEWED = [
    ("AfmoeForCausalLM", "afmoe.py", "AfmoeAttention", "AfmoeDecoderLayer"),
    ("ApertusForCausalLM", "apertus.py", "ApertusAttention", "ApertusDecoderLayer"),
    ("ArceeForCausalLM", "arcee.py", "ArceeAttention", "ArceeDecoderLayer"),
    ("DeepseekForCausalLM", "deepseek.py", "DeepseekAttention", "DeepseekDecoderLayer"),
    # MLA: the heads only (KV lines 0); GlmMoeDsaForCausalLM (glm4_moe.py) and
    # MistralLarge3ForCausalLM (mistral_large_3.py) subclass DeepseekV2/V3ForCausalLM
    ("DeepseekV2ForCausalLM", "deepseek_v2.py", "DeepseekV2AttentionMLA", "DeepseekV2DecoderLayer"),
    ("DeepseekV32ForCausalLM", "deepseek_v2.py", "DeepseekV2AttentionMLA", "DeepseekV2DecoderLayer"),
    ("DeepseekV3ForCausalLM", "deepseek_v2.py", "DeepseekV2AttentionMLA", "DeepseekV2DecoderLayer"),
    ("GlmMoeDsaForCausalLM", "deepseek_v2.py", "DeepseekV2AttentionMLA", "DeepseekV2DecoderLayer"),
    ("MistralLarge3ForCausalLM", "deepseek_v2.py", "DeepseekV2AttentionMLA", "DeepseekV2DecoderLayer"),
    ("Exaone4ForCausalLM", "exaone4.py", "Exaone4Attention", "Exaone4DecoderLayer"),
    ("ExaoneForCausalLM", "exaone.py", "ExaoneAttention", "ExaoneDecoderLayer"),
    ("Gemma2ForCausalLM", "gemma2.py", "Gemma2Attention", "Gemma2DecoderLayer"),
    ("GemmaForCausalLM", "gemma.py", "GemmaAttention", "GemmaDecoderLayer"),
    ("Gemma3ForCausalLM", "gemma3_causal.py", "Gemma3Attention", "Gemma3DecoderLayer"),
    ("Glm4ForCausalLM", "glm4.py", "Glm4Attention", "Glm4DecoderLayer"),
    ("Glm4MoeForCausalLM", "glm4_moe.py", "Glm4MoeAttention", "Glm4MoeDecoderLayer"),
    ("GptOssForCausalLM", "gpt_oss.py", "GptOssAttention", "GptOssDecoderLayer"),
    ("GraniteForCausalLM", "granite.py", "GraniteAttention", "GraniteDecoderLayer"),
    ("GraniteMoeForCausalLM", "granitemoe.py", "GraniteMoeAttention", "GraniteMoeDecoderLayer"),
    ("GraniteMoeSWAForCausalLM", "granitemoe.py", "GraniteMoeAttention", "GraniteMoeDecoderLayer"),
    ("GraniteMoeSharedForCausalLM", "granitemoe.py", "GraniteMoeAttention", "GraniteMoeDecoderLayer"),
    ("GraniteSWAForCausalLM", "granite.py", "GraniteAttention", "GraniteDecoderLayer"),
    ("Grok1ForCausalLM", "grok.py", "Grok1Attention", "Grok1DecoderLayer"),
    ("Grok1ModelForCausalLM", "grok.py", "Grok1Attention", "Grok1DecoderLayer"),
    ("InternLM2ForCausalLM", "internlm2.py", "InternLM2Attention", "InternLMDecoderLayer"),
    ("IQuestCoderForCausalLM", "llama.py", "LlamaAttention", "LlamaDecoderLayer"),
    ("InternLM3ForCausalLM", "llama.py", "LlamaAttention", "LlamaDecoderLayer"),
    ("LlamaForCausalLM", "llama.py", "LlamaAttention", "LlamaDecoderLayer"),
    ("MistralForCausalLM", "llama.py", "LlamaAttention", "LlamaDecoderLayer"),
    # get_model_architecture serves MixtralForCausalLM as QuantMixtralForCausalLM when the model
    # config's quantization is outside its mixtral_supported list (MIXTRAL_SUPPORTED below)
    ("MixtralForCausalLM", "mixtral.py", "MixtralAttention", "MixtralDecoderLayer"),
    ("OlmoeForCausalLM", "olmoe.py", "OlmoeAttention", "OlmoeDecoderLayer"),
    ("OrionForCausalLM", "orion.py", "OrionAttention", "OrionDecoderLayer"),
    ("Phi3ForCausalLM", "llama.py", "LlamaAttention", "LlamaDecoderLayer"),
    ("PhiMoEForCausalLM", "phimoe.py", "PhiMoEAttention", "PhiMoEDecoderLayer"),
    ("QuantMixtralForCausalLM", "mixtral_quant.py", "MixtralAttention", "MixtralDecoderLayer"),
    ("Qwen2ForCausalLM", "qwen2.py", "Qwen2Attention", "Qwen2DecoderLayer"),
    ("Qwen2MoeForCausalLM", "qwen2_moe.py", "Qwen2MoeAttention", "Qwen2MoeDecoderLayer"),
    ("Qwen3ForCausalLM", "qwen3.py", "Qwen3Attention", "Qwen3DecoderLayer"),
    ("Qwen3MoeForCausalLM", "qwen3_moe.py", "Qwen3MoeAttention", "Qwen3MoeDecoderLayer"),
]

# The model class each architecture builds (`self.model = <Model>(...)`, or through
# `_init_model`), whose __init__ builds the vocabulary embedding before its decoder layers.
# Reviewed against 0.5.19 and 0.5.21 (the releases whose embedding divides the padded
# vocabulary by the TP size); subclasses and empty subclasses build their parent's.
MODEL_CLASS = {
    "AfmoeForCausalLM": "AfmoeModel", "ApertusForCausalLM": "ApertusModel",
    "ArceeForCausalLM": "ArceeModel", "DeepseekForCausalLM": "DeepseekModel",
    "DeepseekV2ForCausalLM": "DeepseekV2Model", "DeepseekV32ForCausalLM": "DeepseekV2Model",
    "DeepseekV3ForCausalLM": "DeepseekV2Model", "GlmMoeDsaForCausalLM": "DeepseekV2Model",
    "MistralLarge3ForCausalLM": "DeepseekV2Model",
    "Exaone4ForCausalLM": "Exaone4Model", "ExaoneForCausalLM": "ExaoneModel",
    "Gemma2ForCausalLM": "Gemma2Model", "Gemma3ForCausalLM": "Gemma3TextModel",
    "GemmaForCausalLM": "GemmaModel",
    "Glm4ForCausalLM": "Glm4Model", "Glm4MoeForCausalLM": "Glm4MoeModel",
    "GptOssForCausalLM": "GptOssModel", "GraniteForCausalLM": "GraniteModel",
    "GraniteMoeForCausalLM": "GraniteMoeModel", "GraniteMoeSWAForCausalLM": "GraniteMoeModel",
    "GraniteMoeSharedForCausalLM": "GraniteMoeModel", "GraniteSWAForCausalLM": "GraniteModel",
    "Grok1ForCausalLM": "Grok1Model", "Grok1ModelForCausalLM": "Grok1Model",
    "InternLM2ForCausalLM": "InternLM2Model", "IQuestCoderForCausalLM": "LlamaModel",
    "InternLM3ForCausalLM": "LlamaModel", "LlamaForCausalLM": "LlamaModel",
    "MistralForCausalLM": "LlamaModel", "MixtralForCausalLM": "MixtralModel",
    "OlmoeForCausalLM": "OlmoeModel", "OrionForCausalLM": "OrionModel",
    "Phi3ForCausalLM": "LlamaModel", "PhiMoEForCausalLM": "PhiMoEModel",
    "QuantMixtralForCausalLM": "MixtralModel", "Qwen2ForCausalLM": "Qwen2Model",
    "Qwen2MoeForCausalLM": "Qwen2MoeModel", "Qwen3ForCausalLM": "Qwen3Model",
    "Qwen3MoeForCausalLM": "Qwen3MoeModel",
}
# the keyword arguments of the embedding call that keep SGLang's default layout
EMBED_KWARGS = {"quant_config", "prefix", "params_dtype", "use_attn_tp_group", "org_num_embeddings"}

# The right-hand sides of `tp_size = ...` SGLang's releases use, and the width each is:
# `get_parallel().tp_size` is the TP group's size (--tp-size), `attn_tp_size` the attention TP
# width (tp_size // attn_dp_size // attn_cp_size).
WIDTHS = {
    "get_parallel().tp_size": "Tp",
    "get_tensor_model_parallel_world_size()": "Tp",
    "get_parallel().attn_tp_size": "AttnTp",
    "get_attention_tp_size()": "AttnTp",
}
HEADS_ARG = {"config.num_attention_heads"}
KV_ARG = {
    "config.num_key_value_heads",
    "getattr(config, 'num_key_value_heads', config.num_key_value_heads)",
}
# what a decoder layer may build before its attention (none of them asserts on TP; Stream:
# torch.cuda.Stream())
NORMS = re.compile(r"(RMSNorm|LayerNorm|Stream)$")


def registry(v):
    with open(os.path.join(ROOT, "data", "releases", v, "registry.json")) as f:
        return {a["architecture"] for a in json.load(f)["architectures"]}


def cls(tree, name):
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    return None


def init_of(c):
    for f in c.body:
        if isinstance(f, ast.FunctionDef) and f.name == "__init__":
            return f
    return None


def src(node):
    return ast.unparse(node)


def asserts(init):
    """(width, heads line, kv partition line, kv replicate line) of an attention __init__."""
    heads = [
        n for n in ast.walk(init)
        if isinstance(n, ast.Assert) and re.fullmatch(r"self\.total_num_heads % (self\.)?\w+ == 0", src(n.test))
    ]
    if not heads:
        return mla_asserts(init)
    if len(heads) != 1 or heads[0].msg is not None:
        return None, "no single bare `assert self.total_num_heads % tp == 0`"
    var = src(heads[0].test.left.right)
    assigns = [
        n for n in ast.walk(init)
        if isinstance(n, ast.Assign) and any(src(t) == var for t in n.targets)
    ]
    if len(assigns) != 1 or src(assigns[0].value) not in WIDTHS:
        return None, f"`{var}` is not one of the known widths"
    width = WIDTHS[src(assigns[0].value)]
    # the head counts are the class's `num_heads`/`num_kv_heads` arguments, or (Gemma3Attention)
    # read from its `config` argument, which `builds_first` then requires to be the layer's config
    reads = set()
    for name, arg, key in (("total_num_heads", "num_heads", "config.num_attention_heads"),
                           ("total_num_kv_heads", "num_kv_heads", "config.num_key_value_heads")):
        got = [src(n.value) for n in ast.walk(init)
               if isinstance(n, ast.Assign) and src(n.targets[0]) == f"self.{name}"]
        if got == [key] and "config" in [a.arg for a in init.args.args]:
            reads.add("config")
        elif arg not in got:
            return None, f"self.{name} is not `{arg}`"
    if reads and len(reads) != 1:
        return None, "the head counts come from different places"
    kv = [
        n for n in ast.walk(init)
        if isinstance(n, ast.If) and src(n.test) == f"self.total_num_kv_heads >= {var}"
    ]
    if len(kv) != 1:
        return None, "no single `if self.total_num_kv_heads >= tp`"
    body, orelse = kv[0].body, kv[0].orelse
    a = [n for n in body if isinstance(n, ast.Assert)]
    b = [n for n in orelse if isinstance(n, ast.Assert)]
    if (
        len(a) != 1 or src(a[0].test) != f"self.total_num_kv_heads % {var} == 0" or a[0].msg is not None
        or len(b) != 1 or src(b[0].test) != f"{var} % self.total_num_kv_heads == 0" or b[0].msg is not None
    ):
        return None, "the KV-head asserts differ"
    if not (heads[0].lineno < kv[0].lineno):
        return None, "the KV-head asserts come first"
    return (width, heads[0].lineno, a[0].lineno, b[0].lineno, var, bool(reads)), None


def mla_asserts(init):
    """An MLA attention's head assert (DeepseekV2AttentionMLA): `self.num_heads = num_heads`,
    one bare `assert num_heads % <width> == 0`, and no KV-head assert (the latent KV is not
    split by heads): (width, heads line, 0, 0, var, False), the KV lines 0."""
    heads = [
        n for n in ast.walk(init)
        if isinstance(n, ast.Assert) and re.fullmatch(r"num_heads % \w+ == 0", src(n.test))
    ]
    if len(heads) != 1 or heads[0].msg is not None:
        return None, "no single bare `assert self.total_num_heads % tp == 0` or MLA `assert num_heads % tp == 0`"
    if any(isinstance(n, ast.Assert) and "kv_heads" in src(n.test) for n in ast.walk(init)):
        return None, "an MLA head assert beside KV-head asserts"
    if not any(isinstance(n, ast.Assign) and src(n.targets[0]) == "self.num_heads" and src(n.value) == "num_heads"
               for n in ast.walk(init)):
        return None, "self.num_heads is not `num_heads`"
    var = src(heads[0].test.left.right)
    assigns = [n for n in ast.walk(init) if isinstance(n, ast.Assign) and any(src(t) == var for t in n.targets)]
    if len(assigns) != 1 or src(assigns[0].value) not in WIDTHS or assigns[0].lineno > heads[0].lineno:
        return None, f"`{var}` is not one of the known widths"
    return (WIDTHS[src(assigns[0].value)], heads[0].lineno, 0, 0, var, False), None


def builds_first(tree, decoder, attention, reads_config=False, mla=False):
    c = cls(tree, decoder)
    init = c and init_of(c)
    if init is None:
        return f"no {decoder}.__init__"
    calls = sorted(
        (n for n in ast.walk(init) if isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute))),
        key=lambda n: (n.lineno, n.col_offset),
    )
    built = [n for n in calls if isinstance(n.func, ast.Name) and n.func.id == attention]
    if len(built) != 1:
        return f"{decoder} does not build {attention} once"
    call = built[0]
    for n in calls:
        if n is call:
            break
        name = src(n.func).split(".")[-1]
        if name[:1].isupper() and not NORMS.search(name):
            return f"{decoder} builds {name} before {attention}"
    kw = {k.arg: src(k.value) for k in call.keywords}
    if reads_config:
        if kw.get("config") != "config" or "num_heads" in kw or "num_kv_heads" in kw:
            return f"{decoder} passes config={kw.get('config')} to {attention}"
        return None
    if mla:
        if kw.get("num_heads") not in HEADS_ARG or "num_kv_heads" in kw:
            return f"{decoder} passes num_heads={kw.get('num_heads')} to the MLA {attention}"
        return None
    if kw.get("num_heads") not in HEADS_ARG or kw.get("num_kv_heads") not in KV_ARG:
        return f"{decoder} passes num_heads={kw.get('num_heads')}, num_kv_heads={kw.get('num_kv_heads')}"
    return None


def mixtral_supported(v):
    """(line, names) of `mixtral_supported = [...]` in get_model_architecture."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "model_loader", "utils.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    fn = next(
        (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "get_model_architecture"),
        None,
    )
    hits = [
        n for n in ast.walk(fn) if isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "mixtral_supported" for t in n.targets)
    ] if fn else []
    if len(hits) != 1:
        sys.exit(f"{v}: no single mixtral_supported list in get_model_architecture")
    return hits[0].lineno, ast.literal_eval(hits[0].value)


def vocab_padded_to_tp(v):
    """None when release `v`'s VocabParallelEmbedding pads the vocabulary to a multiple of the TP
    size on every device (then it never refuses a TP size, and the decoder layers' attention is
    the first to check one); else why not. Up to 0.5.21 it pads only on CPU
    (`if _is_cpu and pad_vocab_size(...) % self.tp_size != 0`), so the embedding, built before
    the decoder layers, divides the padded vocabulary by the TP size first (distributed/utils.py
    ensure_divisibility): the head asserts are not the first check there."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "layers", "vocab_parallel_embedding.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    c = cls(tree, "VocabParallelEmbedding")
    init = c and init_of(c)
    ifs = [
        n for n in ast.walk(init) if isinstance(n, ast.If)
        and any(src(b) == "padding_size *= self.tp_size" for b in n.body)
    ] if init else []
    if len(ifs) != 1:
        return "no single `padding_size *= self.tp_size` in VocabParallelEmbedding.__init__"
    test = src(ifs[0].test)
    if test != "pad_vocab_size(self.org_vocab_size, padding_size) % self.tp_size != 0":
        return f"VocabParallelEmbedding pads to the TP size only when `{test}` (line {ifs[0].lineno})"
    return None


def model_tree(v, file, trees):
    """The parsed `sglang/srt/models/<file>` of release `v`, cached in `trees`."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "models", file)
    if path not in trees:
        with open(path, encoding="utf-8") as f:
            trees[path] = ast.parse(f.read(), path)
    return trees[path]


def locate(v, file, name, trees):
    """(file, ClassDef) of class `name` as `file` of release `v` sees it (defined there or
    imported from another model file)."""
    t = model_tree(v, file, trees)
    c = cls(t, name)
    if c is not None:
        return file, c
    for n in ast.walk(t):
        if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("sglang.srt.models."):
            for a in n.names:
                if (a.asname or a.name) == name:
                    # a sibling module or one of a subpackage (models/deepseek_common/...)
                    return locate(v, "/".join(n.module.split(".")[3:]) + ".py", a.name, trees)
    return None


def embed_width(v, arch, file, trees):
    """("Tp" | "AttnTpWithDp", why) of the vocabulary embedding `arch`'s model class builds
    before its decoder layers in release `v`: `VocabParallelEmbedding(config.vocab_size, ...)`
    splits the padded vocabulary over the full TP group, or with
    `use_attn_tp_group=is_dp_attention_enabled()` over the attention TP group under DP
    attention."""
    model = MODEL_CLASS.get(arch)
    found = locate(v, file, arch, trees)
    if found is None:  # an architecture defined in its own file (MistralForCausalLM: mistral.py)
        models = os.path.join(WHEELS, v, "sglang", "srt", "models")
        for other in sorted(os.listdir(models)):
            if other.endswith(".py"):
                with open(os.path.join(models, other), encoding="utf-8") as f:
                    if re.search(rf"^class {arch}\(", f.read(), re.M):
                        found = locate(v, other, arch, trees)
                        break
    chain, seen = [], found
    while seen is not None:
        chain.append(src(seen[1]))
        bases = [src(b) for b in seen[1].bases if src(b) != "nn.Module"]
        seen = locate(v, seen[0], bases[0], trees) if bases else None
    if model is None or not any(f"{model}(" in c for c in chain):
        return None, f"{arch} does not build {model}"
    where = locate(v, file, model, trees)
    while where is not None:
        init = init_of(where[1])
        calls = [n for n in ast.walk(init) if isinstance(n, ast.Call)] if init else []
        embeds = [n for n in calls if src(n.func) == "VocabParallelEmbedding"]
        if embeds:
            break
        bases = [src(b) for b in where[1].bases if src(b) != "nn.Module"]
        where = locate(v, where[0], bases[0], trees) if bases else None
    if where is None:
        return replicated_embedding(v, file, model, trees)
    if len(embeds) != 1 or not embeds[0].args or src(embeds[0].args[0]) != "config.vocab_size":
        return None, f"{model} does not build one VocabParallelEmbedding(config.vocab_size, ...)"
    kw = {k.arg: src(k.value) for k in embeds[0].keywords}
    # the DeepSeek-V2 family's `**get_embedding_tp_kwargs()` (0.5.19-0.5.21), when its body is
    # the reviewed one: the attention TP group under DP attention, replicated (no division)
    # with SGLANG_ENABLE_EMBED_REPLICATION
    splat = kw.pop(None, None)
    if splat is not None:
        if splat != "get_embedding_tp_kwargs()" or "use_attn_tp_group" in kw or not embed_tp_kwargs_reviewed(v):
            return None, f"{model}'s embedding takes **{splat}"
    if not set(kw) <= EMBED_KWARGS or kw.get("org_num_embeddings", "config.vocab_size") != "config.vocab_size":
        return None, f"{model}'s embedding has other arguments: {sorted(k for k in kw if k)}"
    layers = [n for n in calls if n.lineno < embeds[0].lineno and src(n.func).split(".")[-1][:1].isupper()
              and src(n.func) not in ("PPMissingLayer",)]
    if layers:
        return None, f"{model} builds {src(layers[0].func)} before its embedding"
    if splat is not None:
        return "AttnTpWithDpUnlessReplicated", None
    tp = kw.get("use_attn_tp_group")
    if tp is None:
        return "Tp", None
    if tp == "is_dp_attention_enabled()":
        return "AttnTpWithDp", None
    return None, f"{model}'s embedding has use_attn_tp_group={tp}"


def replicated_embedding(v, file, model, trees):
    """("Replicated", None) when `model` (no VocabParallelEmbedding) builds, first of all its
    modules, one `self.embed_tokens = <E>(config.vocab_size, ...)` whose class <E> is a direct
    `nn.Embedding` subclass of the same file (Gemma3TextScaledWordEmbedding): a whole table on
    every rank, no vocabulary division."""
    where = locate(v, file, model, trees)
    init = where and init_of(where[1])
    if init is None:
        return None, f"no {model}.__init__"
    calls = sorted((n for n in ast.walk(init) if isinstance(n, ast.Call)), key=lambda n: (n.lineno, n.col_offset))
    built = [n for n in calls if src(n.func).split(".")[-1][:1].isupper() and src(n.func) not in ("PPMissingLayer",)]
    first = built[0] if built else None
    emb = first and cls(model_tree(v, where[0], trees), src(first.func))
    if (emb is None or [src(b) for b in emb.bases] != ["nn.Embedding"] or not first.args
            or src(first.args[0]) != "config.vocab_size"):
        return None, f"{model} builds no VocabParallelEmbedding"
    return "Replicated", None


EMBED_TP_KWARGS_BODY = [
    "if envs.SGLANG_ENABLE_EMBED_REPLICATION.get():\n    return {'enable_tp': False}",
    "return {'enable_tp': True, 'use_attn_tp_group': is_dp_attention_enabled()}",
]


def embed_tp_kwargs_reviewed(v):
    """Whether `get_embedding_tp_kwargs` (layers/vocab_parallel_embedding.py) of release `v` is,
    after its docstring, the reviewed body `EMBED_TP_KWARGS_BODY`."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "layers", "vocab_parallel_embedding.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "get_embedding_tp_kwargs"), None)
    if fn is None:
        return False
    body = [n for n in fn.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    return [src(n) for n in body] == EMBED_TP_KWARGS_BODY


def vocab_divide(v):
    """(line of ensure_divisibility's assert, padding size) of release `v`: the embedding
    divides `pad_vocab_size(vocab, DEFAULT_VOCAB_PADDING_SIZE)` by its TP width with
    `vocab_range_from_global_vocab_size` -> `divide` -> `ensure_divisibility`
    (distributed/utils.py), whose assert message is "{} is not divisible by {}"."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "distributed", "utils.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "ensure_divisibility"), None)
    a = [n for n in ast.walk(fn) if isinstance(n, ast.Assert)] if fn else []
    if len(a) != 1 or src(a[0].test) != "numerator % denominator == 0" or src(a[0].msg) != "'{} is not divisible by {}'.format(numerator, denominator)":
        sys.exit(f"{v}: ensure_divisibility differs")
    path = os.path.join(WHEELS, v, "sglang", "srt", "layers", "vocab_parallel_embedding.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    pad = [n for n in tree.body if isinstance(n, ast.Assign) and src(n.targets[0]) == "DEFAULT_VOCAB_PADDING_SIZE"]
    if len(pad) != 1:
        sys.exit(f"{v}: no DEFAULT_VOCAB_PADDING_SIZE")
    get = cls(tree, "VocabParallelEmbedding")
    idx = next((f for f in get.body if isinstance(f, ast.FunctionDef) and f.name == "_get_indices"), None)
    first = [src(n) for n in ast.walk(idx) if isinstance(n, ast.Call) and src(n.func) == "vocab_range_from_global_vocab_size"] if idx else []
    if not first or first[0] != "vocab_range_from_global_vocab_size(org_vocab_size_padded, tp_rank, tp_size)":
        sys.exit(f"{v}: _get_indices does not divide the padded vocabulary first: {first[:1]}")
    return a[0].lineno, ast.literal_eval(pad[0].value)


# The forms of the head size an attention module builds its QKVParallelLinear and
# RowParallelLinear with, reviewed against 0.5.19-0.5.23: "Config" is ModelConfig's head_dim
# (`getattr(hf_text_config, "head_dim", None)`, else hidden_size // num_attention_heads, which
# ModelConfig then sets on the config the model class reads, configs/model_config.py:1341-1349
# @0.5.23), "HiddenOverHeads" is hidden_size // num_attention_heads whatever the config says.
# Keyed by the `self.head_dim = ...` right-hand sides in the attention's __init__, plus the
# decoder layer's `head_dim=` argument (None when it passes none) and the right-hand sides of
# the decoder's own `head_dim = ...`.
HEAD_DIM_FORMS = {
    (("getattr(config, 'head_dim', self.hidden_size // self.total_num_heads)",), None, ()): "Config",
    (("getattr(config, 'head_dim', hidden_size // self.total_num_heads)",), None, ()): "Config",
    (("getattr(config, 'head_dim', None)", "self.hidden_size // self.total_num_heads"), None, ()): "Config",
    (("hidden_size // self.total_num_heads",), None, ()): "HiddenOverHeads",
    (("head_dim or hidden_size // self.total_num_heads",), None, ()): "HiddenOverHeads",
    (("head_dim",), "config.head_dim", ()): "Config",
    (("head_dim",), "getattr(config, 'head_dim', self.hidden_size // config.num_attention_heads)", ()): "Config",
    (("head_dim", "hidden_size // self.total_num_heads"), "head_dim", ("getattr(config, 'head_dim', None)",)): "Config",
    (("head_dim or hidden_size // self.total_num_heads",), "head_dim",
     ("getattr(config, 'head_dim', config.hidden_size // config.num_attention_heads)",)): "Config",
    (("head_dim or hidden_size // self.total_num_heads",), "head_dim", ("getattr(config, 'head_dim', None)",)): "Config",
    # qwen2.py: `if hasattr(config, "original_num_attention_heads")` the decoder layer passes
    # hidden_size // original_num_attention_heads instead
    (("head_dim", "hidden_size // self.total_num_heads"), "head_dim",
     ("config.hidden_size // config.original_num_attention_heads", "getattr(config, 'head_dim', None)")): "ConfigOrOriginalHeads",
}
# the keyword arguments of a linear layer that leave its partition and its block checks as
# SGLang's defaults (no presharded weights, no skip_block_quant_check, no separate KV group)
LINEAR_KWARGS = {
    "bias", "quant_config", "prefix", "reduce_results", "params_dtype", "parallel_group",
    "tp_rank", "tp_size", "hidden_size", "head_size", "total_num_heads", "total_num_kv_heads",
    "input_size", "output_size", "use_dp_attention_reduce",
}


def linear_calls(fn):
    return sorted(
        (n for n in ast.walk(fn) if isinstance(n, ast.Call) and src(n.func).endswith("Linear")),
        key=lambda n: (n.lineno, n.col_offset),
    )


def linear_width(call, var):
    """"Tp" or "AttnTp": the TP group a linear layer is split over, from its arguments
    (`parallel_group='attn_tp'` from 0.5.22, `tp_rank=attn_tp_rank, tp_size=<var>` before), or
    None when they are something else."""
    kw = {k.arg: src(k.value) for k in call.keywords}
    group, size = kw.get("parallel_group"), kw.get("tp_size")
    if group is None and size is None and "tp_rank" not in kw:
        return "Tp"
    if group == "'attn_tp'" and size is None:
        return "AttnTp"
    if group is None and size == var and var != "tp_size" and kw.get("tp_rank") == "attn_tp_rank":
        return "AttnTp"
    return None


def positional(call, names):
    """The call's arguments `names` (positional or keyword), as source."""
    kw = {k.arg: src(k.value) for k in call.keywords}
    return [src(call.args[i]) if i < len(call.args) else kw.get(n) for i, n in enumerate(names)]


def attention_linears(tree, attention, decoder, width, var):
    """(head-dim form, why): the attention's first two linear layers are
    `QKVParallelLinear(hidden_size, self.head_dim, self.total_num_heads,
    self.total_num_kv_heads, quant_config=quant_config)` and `RowParallelLinear(
    self.total_num_heads * self.head_dim, hidden_size, quant_config=quant_config)`, split over
    the heads' width, with no other arguments that change their partition, and no other linear
    layer; the head size is one of HEAD_DIM_FORMS."""
    init = init_of(cls(tree, attention))
    calls = linear_calls(init)
    if [src(c.func) for c in calls] != ["QKVParallelLinear", "RowParallelLinear"]:
        return None, f"the attention builds {[src(c.func) for c in calls]}"
    qkv, row = calls
    for c in calls:
        kw = {k.arg: src(k.value) for k in c.keywords}
        if None in kw or not set(kw) <= LINEAR_KWARGS or kw.get("quant_config") != "quant_config":
            return None, f"{src(c.func)} has arguments {sorted(k for k in kw if k)}"
        if linear_width(c, var) != width:
            return None, f"{src(c.func)} is not split over the heads' width"
    if positional(qkv, ["hidden_size", "head_size", "total_num_heads", "total_num_kv_heads"])[1:] != [
        "self.head_dim", "self.total_num_heads", "self.total_num_kv_heads"
    ]:
        return None, "QKVParallelLinear's head arguments differ"
    if positional(row, ["input_size"])[0] != "self.total_num_heads * self.head_dim":
        return None, "RowParallelLinear's input size differs"
    own = tuple(src(n.value) for n in ast.walk(init) if isinstance(n, ast.Assign) and src(n.targets[0]) == "self.head_dim")
    dinit = init_of(cls(tree, decoder))
    call = next(n for n in ast.walk(dinit) if isinstance(n, ast.Call) and src(n.func) == attention)
    passed = {k.arg: src(k.value) for k in call.keywords}.get("head_dim")
    local = tuple(src(n.value) for n in ast.walk(dinit) if isinstance(n, ast.Assign) and src(n.targets[0]) == "head_dim") if passed == "head_dim" else ()
    form = HEAD_DIM_FORMS.get((own, passed, local))
    if form is None:
        return None, f"the head size is {own} with head_dim={passed} {local}"
    return form, None


TP_REDUCE_CALL = "reject_attn_tp_shard_with_tp_reduce"
# The body of layers/dp_attention.py's reject_attn_tp_shard_with_tp_reduce as reviewed in 0.5.22
# and 0.5.23 (ast.unparse of each statement after the docstring): refuse 1 < shard_tp_size <
# tp_size unless the layer reduces over attention TP or is a multimodal encoder that does not
# run on this worker; the message names the widths that narrow the group.
TP_REDUCE_BODY = """tp_size = get_parallel().tp_size
if reduces_over_attn_tp or not 1 < shard_tp_size < tp_size:
    return
if multimodal_encoder and (not multimodal_encoder_runs_here()):
    return
parallel = get_parallel()
narrowed_by = []
if parallel.attn_dp_size > 1:
    narrowed_by.append(f'--attn-dp-size {parallel.attn_dp_size}')
if parallel.attn_cp_size > 1:
    narrowed_by.append(f'--attn-cp-size {parallel.attn_cp_size}')
remedy = ' and '.join((f'drop {flag}' for flag in narrowed_by)) or 'widen the attention TP group'
raise ValueError(f"{layer} shards over the attention TP group ({shard_tp_size} ranks) but all-reduces over the full TP group ({tp_size} ranks), so it does not support {' with '.join(narrowed_by) or 'this layout'} yet. Use --attn-dp-size equal to --tp-size, or {remedy}{hint}.")"""


def tp_reduce_raise(v):
    """The line of `reject_attn_tp_shard_with_tp_reduce`'s ValueError (layers/dp_attention.py),
    or None in a release without the function; exits when its body is not TP_REDUCE_BODY."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "layers", "dp_attention.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == TP_REDUCE_CALL), None)
    if fn is None:
        return None
    body = fn.body[1:] if ast.get_docstring(fn) is not None else fn.body
    if "\n".join(ast.unparse(b) for b in body) != TP_REDUCE_BODY:
        sys.exit(f"{v}: {TP_REDUCE_CALL}'s body differs from the reviewed one: review it (TP_REDUCE_BODY)")
    raises = [n for n in ast.walk(fn) if isinstance(n, ast.Raise)]
    return raises[0].lineno


def tp_reduce_call(init, width, var):
    """The attention's `reject_attn_tp_shard_with_tp_reduce(type(self).__name__,
    shard_tp_size=<the heads' width>, reduces_over_attn_tp=False)`: its line, or None without
    one. It must be a statement of __init__ itself (no condition) between the QKV and the
    output projection, over the attention TP width; any other shape exits for review."""
    calls = [n for n in ast.walk(init) if isinstance(n, ast.Call) and src(n.func) == TP_REDUCE_CALL]
    if not calls:
        return None
    c = calls[0]
    kw = {k.arg: src(k.value) for k in c.keywords}
    top = any(isinstance(st, ast.Expr) and st.value is c for st in init.body)
    lin = linear_calls(init)
    if (
        len(calls) != 1 or not top or [src(a) for a in c.args] != ["type(self).__name__"]
        or kw != {"shard_tp_size": var, "reduces_over_attn_tp": "False"} or width != "AttnTp"
        or [src(n.func) for n in lin] != ["QKVParallelLinear", "RowParallelLinear"]
        or not lin[0].lineno < c.lineno < lin[1].lineno
    ):
        sys.exit(f"the attention's {TP_REDUCE_CALL} call at line {c.lineno} has another shape: review it")
    return c.lineno


def dense_mlp(v, file, tree, decoder, attention, trees):
    """("Merged" | "Column", why): the decoder layer builds, right after its attention (norms
    between), a dense MLP `<Mlp>(hidden_size, intermediate_size=config.intermediate_size,
    quant_config=quant_config)` unconditionally, whose only linear layers are
    `MergedColumnParallelLinear(hidden_size, [intermediate_size] * 2)` (or
    `ColumnParallelLinear(hidden_size, intermediate_size)`) and `RowParallelLinear(
    intermediate_size, hidden_size)`, both over the full TP group with the block checks on."""
    dinit = init_of(cls(tree, decoder))
    calls = sorted((n for n in ast.walk(dinit) if isinstance(n, ast.Call)), key=lambda n: (n.lineno, n.col_offset))
    names = [src(n.func) for n in calls]
    after = [n for n in calls[names.index(attention) + 1:]
             if src(n.func).split(".")[-1][:1].isupper() and not NORMS.search(src(n.func))]
    if not after or not src(after[0].func).endswith("MLP"):
        return None, "no dense MLP after the attention"
    mlp = after[0]
    nested = [n for n in ast.walk(dinit) if isinstance(n, (ast.If, ast.IfExp, ast.For, ast.Try))
              and any(m is mlp for m in ast.walk(n))]
    kw = {k.arg: src(k.value) for k in mlp.keywords}
    if nested or kw.get("intermediate_size") != "config.intermediate_size" or kw.get("quant_config") != "quant_config" or "parallel_group" in kw:
        return None, f"{src(mlp.func)} is built conditionally or with other arguments"
    found = locate(v, file, src(mlp.func), trees)
    minit = found and init_of(found[1])
    if minit is None:
        return None, f"no {src(mlp.func)}.__init__"
    defaults = dict(zip([a.arg for a in minit.args.args][::-1], [src(d) for d in minit.args.defaults][::-1]))
    lin = linear_calls(minit)
    kinds = {"MergedColumnParallelLinear": ("Merged", ["hidden_size", "[intermediate_size] * 2"]),
             "ColumnParallelLinear": ("Column", ["hidden_size", "intermediate_size"])}
    if len(lin) != 2 or src(lin[0].func) not in kinds or src(lin[1].func) != "RowParallelLinear":
        return None, f"{src(mlp.func)} builds {[src(c.func) for c in lin]}"
    kind, args = kinds[src(lin[0].func)]
    if positional(lin[0], ["input_size", "output_sizes"]) != args and positional(lin[0], ["input_size", "output_size"]) != args:
        return None, f"{src(mlp.func)}'s gate/up projection differs"
    if positional(lin[1], ["input_size", "output_size"]) != ["intermediate_size", "hidden_size"]:
        return None, f"{src(mlp.func)}'s down projection differs"
    for c in lin:
        ckw = {k.arg: src(k.value) for k in c.keywords}
        if None in ckw or not set(ckw) <= LINEAR_KWARGS or ckw.get("quant_config") != "quant_config":
            return None, f"{src(c.func)} has arguments {sorted(k for k in ckw if k)}"
        group = ckw.get("parallel_group")
        # the MLP's own `parallel_group="tp"` (0.5.22+) or `tp_size=None` (up to 0.5.21)
        # parameter, which the decoder layer does not pass, is the full TP group
        own_size = ckw.get("tp_size") == "tp_size" and defaults.get("tp_size") == "None" and "tp_size" not in kw
        if ("tp_size" in ckw and not own_size) or (group is not None and not (group == "parallel_group" and defaults.get("parallel_group") == "'tp'")):
            return None, f"{src(c.func)} is not split over the full TP group"
    return kind, None


FP8_LINEAR_N = "Weight output_partition_size = {output_partition_size} is not divisible by weight quantization block_n = {block_n}."
FP8_LINEAR_K = "Weight input_size_per_partition = {input_size_per_partition} is not divisible by weight quantization block_k = {block_k}."


def fp8_linear(v):
    """(block_k raise line, block_n raise line, width) of `Fp8LinearMethod.
    validate_block_quant_shapes` (layers/quantization/fp8.py): the row-parallel input check
    first, then the output partitions; `tp_size` is `get_parallel().tp_size` up to 0.5.21
    ("Tp") and the layer's own group from 0.5.22 ("Layer")."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "layers", "quantization", "fp8.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    fn = next((f for f in cls(tree, "Fp8LinearMethod").body
               if isinstance(f, ast.FunctionDef) and f.name == "validate_block_quant_shapes"), None)
    if fn is None:
        sys.exit(f"{v}: no Fp8LinearMethod.validate_block_quant_shapes")

    def fstr(node):
        if not isinstance(node, ast.JoinedStr):
            return None
        return "".join(p.value if isinstance(p, ast.Constant) else "{" + src(p.value) + "}" for p in node.values)

    lines = []
    for msg in (FP8_LINEAR_K, FP8_LINEAR_N):
        hits = [n for n in ast.walk(fn) if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call)
                and src(n.exc.func) == "ValueError" and fstr(n.exc.args[0]) == msg]
        if len(hits) != 1:
            sys.exit(f"{v}: no single ValueError {msg!r} in validate_block_quant_shapes")
        lines.append(hits[0].lineno)
    tests = [src(n.test) for n in ast.walk(fn) if isinstance(n, ast.If)]
    want = ["skip_block_quant_check", "tp_size > 1 and input_size // input_size_per_partition == tp_size",
            "tp_size > 1 and output_size // output_size_per_partition == tp_size or len(output_partition_sizes) > 1",
            "input_size_per_partition % block_k != 0", "output_partition_size % block_n != 0"]
    if sorted(tests) != sorted(want) or lines[0] > lines[1]:
        sys.exit(f"{v}: validate_block_quant_shapes' conditions differ: {tests}")
    tp = [src(n.value) for n in ast.walk(fn) if isinstance(n, ast.Assign) and src(n.targets[0]) == "tp_size"]
    widths = {"get_parallel().tp_size": "Tp", "tp_group.world_size if tp_group is not None else 1": "Layer"}
    if len(tp) != 1 or tp[0] not in widths:
        sys.exit(f"{v}: validate_block_quant_shapes' tp_size is {tp}")
    return lines[0], lines[1], widths[tp[0]]


def merged_assert(v):
    """The line of `MergedColumnParallelLinear.__init__`'s bare `assert all(output_size % tp_size
    == 0 for output_size in output_sizes)` (layers/linear.py), before it partitions anything."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "layers", "linear.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    init = init_of(cls(tree, "MergedColumnParallelLinear"))
    hits = [n for n in ast.walk(init) if isinstance(n, ast.Assert) and n.msg is None
            and src(n.test) == "all((output_size % tp_size == 0 for output_size in output_sizes))"]
    calls = [n for n in ast.walk(init) if isinstance(n, ast.Call) and "divide" in src(n.func)]
    if len(hits) != 1 or calls:
        sys.exit(f"{v}: MergedColumnParallelLinear.__init__'s TP assert differs")
    return hits[0].lineno


def write_or_check(path, lines, check, summary):
    """Writes the generated `lines` to `path`, or with `check` exits 1 when the committed file
    differs from them."""
    text = "\n".join(lines) + "\n"
    rel = os.path.relpath(path, ROOT)
    if check:
        with open(path) as f:
            if f.read() != text:
                sys.exit(f"{rel} is out of date: run {sys.argv[0]}")
        print(f"{rel} is up to date")
        return
    with open(path, "w") as f:
        f.write(text)
    print(f"{summary} -> {rel}")


def main():
    check = "--check" in sys.argv[1:]
    rels = releases()
    if not rels:
        sys.exit(f"no unpacked wheels under {WHEELS}")
    trees = {}
    rows = []
    vocab = {v: vocab_padded_to_tp(v) for v in rels}
    divides = {v: vocab_divide(v) for v in rels if vocab[v]}
    tp_reduce_lines = {v: tp_reduce_raise(v) for v in rels}
    for arch, file, attention, decoder in REVIEWED:
        for v in rels:
            if arch not in registry(v):
                continue
            embed = "Padded"
            if vocab[v]:
                embed, why = embed_width(v, arch, file, trees)
                if why:
                    print(f"{v} {arch}: {why}: left out", file=sys.stderr)
                    continue
            tree = model_tree(v, file, trees)
            c = cls(tree, attention)
            init = c and init_of(c)
            if init is None:
                print(f"{v} {arch}: no {attention}.__init__ in {file}: left out", file=sys.stderr)
                continue
            found, why = asserts(init)
            why = why or builds_first(tree, decoder, attention, found[5], found[2] == 0)
            if why:
                print(f"{v} {arch}: {attention} ({file}): {why}: left out", file=sys.stderr)
                continue
            linears, why = attention_linears(tree, attention, decoder, found[0], found[4])
            mlp = None
            if why:
                print(f"{v} {arch}: {attention}'s linear layers: {why}: their block-FP8 checks left out", file=sys.stderr)
            else:
                mlp, why = dense_mlp(v, file, tree, decoder, attention, trees)
                if why and "no dense MLP" not in why:
                    print(f"{v} {arch}: {why}: the dense MLP's block-FP8 checks left out", file=sys.stderr)
            reduce = tp_reduce_call(init, found[0], found[4])
            if reduce is not None and tp_reduce_lines[v] is None:
                sys.exit(f"{v} {arch}: {attention} calls {TP_REDUCE_CALL}, which the release lacks")
            reduce = reduce and (attention, reduce)
            rows.append((arch, v, file, found[:4], embed, linears, mlp, reduce))
    out = [
        "// @generated by scripts/models/gen_head_asserts.py from the SGLang wheels; do not edit by hand.",
        "",
        "//! The attention-head divisibility asserts each reviewed architecture's first attention",
        "//! module makes while the model is built, per release (parsed with `ast`).",
        "",
        "use crate::model::archs::{",
        "    HeadAsserts, HeadDim, HeadWidth, LinearLines, LinearWidth, MlpGateUp, VocabWidth,",
        "};",
        "use crate::version::SglangVersion;",
        "",
        f"/// Sorted by architecture, then release ({len(rows)} rows, {len({r[0] for r in rows})} architectures).",
        "#[rustfmt::skip]",
        "pub static HEAD_ASSERTS: &[HeadAsserts] = &[",
    ]
    for arch, v, file, (width, h, kp, kr), embed, linears, mlp, reduce in sorted(rows, key=lambda r: (r[0], tuple(map(int, r[1].split("."))))):
        vv = "V" + v.replace(".", "_")
        lin = f"Some(HeadDim::{linears})" if linears else "None"
        mlp = f"Some(MlpGateUp::{mlp})" if mlp else "None"
        red = f"Some(({json.dumps(reduce[0])}, {reduce[1]}))" if reduce else "None"
        out.append(
            f"    HeadAsserts {{ arch: {json.dumps(arch)}, release: SglangVersion::{vv}, "
            f"file: \"python/sglang/srt/models/{file}\", width: HeadWidth::{width}, "
            f"heads: {h}, kv_partition: {kp}, kv_replicate: {kr}, vocab: VocabWidth::{embed}, "
            f"attn_linears: {lin}, dense_mlp: {mlp}, tp_reduce: {red} }},"
        )
    out.append("];")
    out += [
        "",
        "/// The releases with `reject_attn_tp_shard_with_tp_reduce` (`python/sglang/srt/layers/dp_attention.py`):",
        "/// (release, line of its ValueError).",
        "#[rustfmt::skip]",
        "pub static TP_REDUCE: &[(SglangVersion, u32)] = &[",
    ]
    for v, line in tp_reduce_lines.items():
        if line is not None:
            out.append(f"    (SglangVersion::V{v.replace('.', '_')}, {line}),")
    out.append("];")
    out += [
        "",
        "/// Per release: the line of `MergedColumnParallelLinear`'s TP assert (`python/sglang/srt/layers/linear.py`),",
        "/// and of `Fp8LinearMethod.validate_block_quant_shapes`'s block_k and block_n ValueErrors",
        "/// (`python/sglang/srt/layers/quantization/fp8.py`) with the width it compares with.",
        "#[rustfmt::skip]",
        "pub static LINEAR: &[LinearLines] = &[",
    ]
    for v in rels:
        k, n, w = fp8_linear(v)
        out.append(f"    LinearLines {{ release: SglangVersion::V{v.replace('.', '_')}, merged_tp: {merged_assert(v)}, "
                   f"block_k: {k}, block_n: {n}, width: LinearWidth::{w} }},")
    out.append("];")
    out += [
        "",
        "/// The releases whose vocabulary embedding divides the padded vocabulary by its TP width:",
        "/// (release, line of `ensure_divisibility`'s assert in `python/sglang/srt/distributed/utils.py`,",
        "/// `DEFAULT_VOCAB_PADDING_SIZE`).",
        "#[rustfmt::skip]",
        "pub static VOCAB_DIVIDE: &[(SglangVersion, u32, i64)] = &[",
    ]
    for v, (line, pad) in divides.items():
        out.append(f"    (SglangVersion::V{v.replace('.', '_')}, {line}, {pad}),")
    out.append("];")
    out += [
        "",
        "/// `mixtral_supported` of `get_model_architecture` (`python/sglang/srt/model_loader/utils.py`):",
        "/// the quantizations a MixtralForCausalLM checkpoint keeps its own class with; any other makes",
        "/// it QuantMixtralForCausalLM. Per release: (release, line, methods).",
        "#[rustfmt::skip]",
        "pub static MIXTRAL_SUPPORTED: &[(SglangVersion, u32, &[&str])] = &[",
    ]
    for v in rels:
        line, names = mixtral_supported(v)
        vv = "V" + v.replace(".", "_")
        out.append(f"    (SglangVersion::{vv}, {line}, &[{', '.join(json.dumps(n) for n in names)}]),")
    out.append("];")
    write_or_check(OUT, out, check, f"{len(rows)} rows over {', '.join(rels)}")


if __name__ == "__main__":
    main()
