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
that width and the assert's line (``VOCAB_DIVIDE``). A release
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
# Left out on purpose: multimodal models (a vision tower is built first, with its own heads),
# hybrid models (layer 0 may be a linear-attention or Mamba mixer), MLA models (no KV heads),
# and classes whose heads are not config.num_attention_heads.
REVIEWED = [
    ("AfmoeForCausalLM", "afmoe.py", "AfmoeAttention", "AfmoeDecoderLayer"),
    ("ApertusForCausalLM", "apertus.py", "ApertusAttention", "ApertusDecoderLayer"),
    ("ArceeForCausalLM", "arcee.py", "ArceeAttention", "ArceeDecoderLayer"),
    ("DeepseekForCausalLM", "deepseek.py", "DeepseekAttention", "DeepseekDecoderLayer"),
    ("Exaone4ForCausalLM", "exaone4.py", "Exaone4Attention", "Exaone4DecoderLayer"),
    ("ExaoneForCausalLM", "exaone.py", "ExaoneAttention", "ExaoneDecoderLayer"),
    ("Gemma2ForCausalLM", "gemma2.py", "Gemma2Attention", "Gemma2DecoderLayer"),
    ("GemmaForCausalLM", "gemma.py", "GemmaAttention", "GemmaDecoderLayer"),
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
    "Exaone4ForCausalLM": "Exaone4Model", "ExaoneForCausalLM": "ExaoneModel",
    "Gemma2ForCausalLM": "Gemma2Model", "GemmaForCausalLM": "GemmaModel",
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
    for name, arg in (("total_num_heads", "num_heads"), ("total_num_kv_heads", "num_kv_heads")):
        if not any(
            isinstance(n, ast.Assign) and src(n.targets[0]) == f"self.{name}" and src(n.value) == arg
            for n in ast.walk(init)
        ):
            return None, f"self.{name} is not `{arg}`"
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
    return (width, heads[0].lineno, a[0].lineno, b[0].lineno), None


def builds_first(tree, decoder, attention):
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
                    return locate(v, n.module.split(".")[-1] + ".py", a.name, trees)
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
        return None, f"{model} builds no VocabParallelEmbedding"
    if len(embeds) != 1 or not embeds[0].args or src(embeds[0].args[0]) != "config.vocab_size":
        return None, f"{model} does not build one VocabParallelEmbedding(config.vocab_size, ...)"
    kw = {k.arg: src(k.value) for k in embeds[0].keywords}
    if None in kw or not set(kw) <= EMBED_KWARGS or kw.get("org_num_embeddings", "config.vocab_size") != "config.vocab_size":
        return None, f"{model}'s embedding has other arguments: {sorted(k for k in kw if k)}"
    layers = [n for n in calls if n.lineno < embeds[0].lineno and src(n.func).split(".")[-1][:1].isupper()
              and src(n.func) not in ("PPMissingLayer",)]
    if layers:
        return None, f"{model} builds {src(layers[0].func)} before its embedding"
    tp = kw.get("use_attn_tp_group")
    if tp is None:
        return "Tp", None
    if tp == "is_dp_attention_enabled()":
        return "AttnTpWithDp", None
    return None, f"{model}'s embedding has use_attn_tp_group={tp}"


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
            why = why or builds_first(tree, decoder, attention)
            if why:
                print(f"{v} {arch}: {attention} ({file}): {why}: left out", file=sys.stderr)
                continue
            rows.append((arch, v, file, found, embed))
    out = [
        "// @generated by scripts/models/gen_head_asserts.py from the SGLang wheels; do not edit by hand.",
        "",
        "//! The attention-head divisibility asserts each reviewed architecture's first attention",
        "//! module makes while the model is built, per release (parsed with `ast`).",
        "",
        "use crate::model::archs::{HeadAsserts, HeadWidth, VocabWidth};",
        "use crate::version::SglangVersion;",
        "",
        f"/// Sorted by architecture, then release ({len(rows)} rows, {len({r[0] for r in rows})} architectures).",
        "#[rustfmt::skip]",
        "pub static HEAD_ASSERTS: &[HeadAsserts] = &[",
    ]
    for arch, v, file, (width, h, kp, kr), embed in sorted(rows, key=lambda r: (r[0], tuple(map(int, r[1].split("."))))):
        vv = "V" + v.replace(".", "_")
        out.append(
            f"    HeadAsserts {{ arch: {json.dumps(arch)}, release: SglangVersion::{vv}, "
            f"file: \"python/sglang/srt/models/{file}\", width: HeadWidth::{width}, "
            f"heads: {h}, kv_partition: {kp}, kv_replicate: {kr}, vocab: VocabWidth::{embed} }},"
        )
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
