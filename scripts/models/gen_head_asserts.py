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
module other than a norm, and with which head arguments, and that the vocabulary embedding built
before the layers pads to the TP size (up to 0.5.21 it does so only on CPU and refuses a TP size
that does not divide the padded vocabulary first; those releases are left out); it records the
three lines. A release
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


def main():
    check = "--check" in sys.argv[1:]
    rels = releases()
    if not rels:
        sys.exit(f"no unpacked wheels under {WHEELS}")
    trees = {}
    rows = []
    vocab = {v: vocab_padded_to_tp(v) for v in rels}
    for v, why in vocab.items():
        if why:
            print(f"{v}: {why}: every architecture left out", file=sys.stderr)
    for arch, file, attention, decoder in REVIEWED:
        for v in rels:
            if arch not in registry(v) or vocab[v]:
                continue
            path = os.path.join(WHEELS, v, "sglang", "srt", "models", file)
            if path not in trees:
                with open(path, encoding="utf-8") as f:
                    trees[path] = ast.parse(f.read(), path)
            tree = trees[path]
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
            rows.append((arch, v, file, found))
    out = [
        "// @generated by scripts/models/gen_head_asserts.py from the SGLang wheels; do not edit by hand.",
        "",
        "//! The attention-head divisibility asserts each reviewed architecture's first attention",
        "//! module makes while the model is built, per release (parsed with `ast`).",
        "",
        "use crate::model::archs::{HeadAsserts, HeadWidth};",
        "use crate::version::SglangVersion;",
        "",
        f"/// Sorted by architecture, then release ({len(rows)} rows, {len({r[0] for r in rows})} architectures).",
        "#[rustfmt::skip]",
        "pub static HEAD_ASSERTS: &[HeadAsserts] = &[",
    ]
    for arch, v, file, (width, h, kp, kr) in sorted(rows, key=lambda r: (r[0], tuple(map(int, r[1].split("."))))):
        vv = "V" + v.replace(".", "_")
        out.append(
            f"    HeadAsserts {{ arch: {json.dumps(arch)}, release: SglangVersion::{vv}, "
            f"file: \"python/sglang/srt/models/{file}\", width: HeadWidth::{width}, "
            f"heads: {h}, kv_partition: {kp}, kv_replicate: {kr} }},"
        )
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
    text = "\n".join(out) + "\n"
    if check:
        with open(OUT) as f:
            if f.read() != text:
                sys.exit(f"{os.path.relpath(OUT, ROOT)} is out of date: run {sys.argv[0]}")
        print(f"{os.path.relpath(OUT, ROOT)} is up to date")
        return
    with open(OUT, "w") as f:
        f.write(text)
    print(f"{len(rows)} rows over {', '.join(rels)} -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
