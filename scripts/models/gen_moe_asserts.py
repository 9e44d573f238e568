#!/usr/bin/env python3
"""Generates the checks of the first MoE layer SGLang builds, per release, from the wheels.

    python3 scripts/models/gen_moe_asserts.py           # any Python 3.9+, no SGLang import
    python3 scripts/models/gen_moe_asserts.py --check   # exit 1 when the committed file differs

Right after the first decoder layer's attention module (whose head asserts
``gen_head_asserts.py`` records), the layer builds its sparse MoE block. For the reviewed
architectures below the block, then its ``FusedMoE``, check the MoE widths in this order::

    # the block's __init__ (qwen3_moe.py Qwen3MoeSparseMoeBlock)
    self.tp_size = get_parallel().moe_tp_size
    if self.tp_size > config.num_experts:
        raise ValueError(f"Tensor parallel size {self.tp_size} is greater than "
                         f"the number of experts {config.num_experts}.")
    # FusedMoE.__init__ (layers/moe/fused_moe_triton/layer.py)
    assert self._num_global_routed % storage_ep_size == 0      # experts % --ep-size
    assert intermediate_size % self.moe_tp_size == 0           # moe_intermediate_size % moe_tp
    # Fp8MoEMethod.create_fp8_moe_weight_ (layers/quantization/fp8.py), block FP8 only
    if not (_use_aiter and padding_size == block_n == block_k):
        if intermediate_size_per_partition % block_n != 0: raise ValueError(...)
        if tp_size > 1:
            if intermediate_size_per_partition % block_k != 0: raise ValueError(...)

This script reads ``$SGLANG_WHEELS/<release>/sglang/`` (default ``../wheels``) with ``ast`` and
verifies each of these shapes per release: that the decoder layer builds the block right after
its attention (inside the sparse-layer branch, where ``stage_facts`` sets ``is_layer_sparse =
True``, or unconditionally), that no parameter of the block is reassigned, that the block builds
nothing capitalized before its experts but ``TopK`` and a ``ReplicatedLinear`` gate with
``quant_config=None``, that its only raise before the experts is the ``self.tp_size >
config.<experts>`` one above, that the experts are one ``get_moe_impl_class(quant_config)(...)``
or ``FusedMoE(...)`` with ``quant_config=quant_config`` and without fused shared experts (the
``support_shared_expert_fusion`` default is False and the decoder does not pass it), and it
follows ``num_experts=`` and ``intermediate_size=`` back to the ``config`` keys the decoder
passes. Each row records:

* ``tp_gt_experts``: the TP > experts refusal's width (``get_parallel().moe_tp_size`` or the
  full ``.tp_size``, Qwen2-MoE's) and line, or ``None`` for a block without one (Mixtral,
  OLMoE, Granite MoE);
* ``experts`` / ``intermediate``: the ``config.json`` keys read (``num_experts`` or
  ``num_local_experts``; ``moe_intermediate_size`` or ``intermediate_size``);
* ``redundant``: whether ``get_exec().moe.ep_num_redundant_experts`` is added to the experts.

A release where a shape differs is left out (and printed); the pipeline also needs
the head-assert table's row of the release (the attention, and before it up to 0.5.21 the
vocabulary embedding, are checked first). Up to 0.5.21 ``create_fp8_moe_weight_``'s
``tp_size > 1`` before the block_k check reads the full TP size, from 0.5.22 the MoE TP width
(``fp8_block_k_width``). The reviewed list is
short on purpose: each block differs (a gate built first, shared experts, dense first layers),
and a block is added only after reading it. PhiMoE's attention first calls
``reject_attn_tp_shard_with_tp_reduce`` (dp_attention.py, 0.5.22+; PAR077, recorded by
``gen_head_asserts.py``), which refuses before the block where it applies.

Writes ``crates/preflight-core/src/model/generated/moe_asserts.rs`` (then ``cargo fmt``).
"""
import ast
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_arch_lists import releases  # noqa: E402
from gen_head_asserts import ROOT, WHEELS, cls, init_of, registry, src, write_or_check  # noqa: E402

OUT = os.path.join(ROOT, "crates", "preflight-core", "src", "model", "generated", "moe_asserts.rs")

# (architecture, model file, decoder layer, the attention class it builds first, the sparse MoE
# block it builds next). Reviewed against 0.5.22 and 0.5.23.
REVIEWED = [
    ("GraniteMoeForCausalLM", "granitemoe.py", "GraniteMoeDecoderLayer", "GraniteMoeAttention",
     "GraniteMoeMoE"),
    ("GraniteMoeSWAForCausalLM", "granitemoe.py", "GraniteMoeDecoderLayer", "GraniteMoeAttention",
     "GraniteMoeMoE"),
    ("GraniteMoeSharedForCausalLM", "granitemoe.py", "GraniteMoeDecoderLayer",
     "GraniteMoeAttention", "GraniteMoeMoE"),
    ("MixtralForCausalLM", "mixtral.py", "MixtralDecoderLayer", "MixtralAttention", "MixtralMoE"),
    ("OlmoeForCausalLM", "olmoe.py", "OlmoeDecoderLayer", "OlmoeAttention", "OlmoeMoE"),
    ("PhiMoEForCausalLM", "phimoe.py", "PhiMoEDecoderLayer", "PhiMoEAttention", "PhiMoE"),
    ("Qwen2MoeForCausalLM", "qwen2_moe.py", "Qwen2MoeDecoderLayer", "Qwen2MoeAttention",
     "Qwen2MoeSparseMoeBlock"),
    ("Qwen3MoeForCausalLM", "qwen3_moe.py", "Qwen3MoeDecoderLayer", "Qwen3MoeAttention",
     "Qwen3MoeSparseMoeBlock"),
]
EXPERTS_ARG = "config.num_experts + get_exec().moe.ep_num_redundant_experts"
INTERMEDIATE_ARG = "config.moe_intermediate_size"
TP_GT_MESSAGE = (
    "Tensor parallel size {self.tp_size} is greater than the number of experts {config.num_experts}."
)


def parse(path):
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read(), path)


def calls_in_order(fn):
    return sorted(
        (n for n in ast.walk(fn) if isinstance(n, ast.Call)),
        key=lambda n: (n.lineno, n.col_offset),
    )


def fstring(node):
    """The text of an f-string with its fields as `{expr}`."""
    if not isinstance(node, ast.JoinedStr):
        return None
    out = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            out.append(part.value)
        elif isinstance(part, ast.FormattedValue) and part.format_spec is None and part.conversion == -1:
            out.append("{" + src(part.value) + "}")
        else:
            return None
    return "".join(out)


def decoder_builds_block(tree, decoder, attention, block):
    c = cls(tree, decoder)
    init = c and init_of(c)
    if init is None:
        return f"no {decoder}.__init__"
    calls = calls_in_order(init)
    names = [src(n.func) for n in calls]
    if names.count(attention) != 1 or names.count(block) != 1:
        return f"{decoder} does not build {attention} and {block} once each"
    a, b = names.index(attention), names.index(block)
    between = [x for x in names[a + 1:b] if x.split(".")[-1][:1].isupper()]
    if b < a or between:
        return f"{decoder} builds {between or block} before {block}"
    # every layer is sparse: `self.is_layer_sparse = True` in __init__ (up to 0.5.21), or
    # `is_layer_sparse = True` in stage_facts, whose `ffn.sparse` __init__ reads (0.5.22+)
    own = [n for n in ast.walk(init) if isinstance(n, ast.Assign) and src(n.targets[0]) == "self.is_layer_sparse"]
    facts = next((f for f in c.body if isinstance(f, ast.FunctionDef) and f.name == "stage_facts"), None)
    sparse = [
        n for n in ast.walk(facts) if isinstance(n, ast.Assign)
        and src(n.targets[0]) == "is_layer_sparse"
    ] if facts else []
    if len(own) == 1 and src(own[0].value) == "True":
        return None
    # or the block is built unconditionally: a statement of __init__'s own body, no branch
    if not own and not sparse and any(
        isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and src(n.value.func) == block
        for n in init.body
    ):
        return None
    if len(own) == 1 and src(own[0].value) == "ffn.sparse" and len(sparse) == 1 and src(sparse[0].value) == "True":
        return None
    return f"{decoder} does not make every layer sparse"


def block_call(tree, decoder, block):
    """The decoder's one call of the block (checked by `decoder_builds_block`)."""
    init = init_of(cls(tree, decoder))
    return next(n for n in calls_in_order(init) if src(n.func) == block)


def config_arg(value, params, call):
    """The `config.<key>` a FusedMoE argument reads: `config.<key>` itself, or a parameter of
    the block's `__init__` that the decoder passes as `<param>=config.<key>`; else None."""
    if value.startswith("config.") and value[7:].isidentifier():
        return value[7:]
    if value in params:
        kw = {k.arg: src(k.value) for k in call.keywords}
        got = kw.get(value, "")
        if got.startswith("config.") and got[7:].isidentifier():
            return got[7:]
    return None


def block_checks(tree, decoder, block):
    """What the block's `__init__` checks and passes before and to its experts, or why not:
    `(tp_gt, experts_key, redundant, intermediate_key)` with `tp_gt` = `(width, line)` of its
    `if self.tp_size > config.num_experts: raise ValueError(...)` or None when it has no raise
    before its experts."""
    c = cls(tree, block)
    init = c and init_of(c)
    if init is None:
        return None, f"no {block}.__init__"
    params = {a.arg for a in init.args.args + init.args.kwonlyargs}
    defaults = dict(zip(
        [a.arg for a in init.args.args][-len(init.args.defaults):] if init.args.defaults else [],
        [src(d) for d in init.args.defaults]))
    call = block_call(tree, decoder, block)
    passed = {k.arg for k in call.keywords}
    # reassigned parameters would change what the experts get
    for n in ast.walk(init):
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id in params for t in n.targets):
            return None, f"{block} reassigns a parameter"
    calls = calls_in_order(init)
    experts = [n for n in calls if src(n.func) in ("get_moe_impl_class(quant_config)", "FusedMoE")]
    if len(experts) != 1:
        return None, "no single get_moe_impl_class(quant_config)(...) or FusedMoE(...)"
    ex = experts[0]
    kw = {k.arg: k.value for k in ex.keywords}
    # shared-expert fusion: only where the block can be shown to keep it off (the decoder does
    # not pass `support_shared_expert_fusion`, whose default is False)
    fusion_off = (
        "support_shared_expert_fusion" in params
        and defaults.get("support_shared_expert_fusion") == "False"
        and "support_shared_expert_fusion" not in passed
        and any(isinstance(n, ast.Assign) and src(n.targets[0]) == "self.enable_shared_expert_fusion"
                and src(n.value) == "False" for n in init.body)
        and all(src(n.test).startswith("support_shared_expert_fusion and")
                for n in init.body if isinstance(n, ast.If)
                and any(isinstance(m, ast.Assign) and src(m.targets[0]) == "self.enable_shared_expert_fusion"
                        and src(m.value) != "False" for m in n.body))
    )
    num = kw.get("num_experts")
    if isinstance(num, ast.IfExp) and fusion_off and src(num.test) == "not self.enable_shared_expert_fusion":
        num = num.body
    num = src(num) if num is not None else None
    if num == EXPERTS_ARG:
        experts_key, redundant = "num_experts", True
    else:
        experts_key, redundant = config_arg(num or "", params, call), False
    inter = kw.get("intermediate_size")
    inter_key = config_arg(src(inter), params, call) if inter is not None else None
    if experts_key is None or inter_key is None:
        return None, f"the experts get num_experts={num}, intermediate_size={inter and src(inter)}"
    # the experts get the model's quantization (so Fp8MoEMethod's checks apply)
    block_quant = {k.arg: src(k.value) for k in call.keywords}.get("quant_config")
    experts_quant = src(kw["quant_config"]) if "quant_config" in kw else None
    if experts_quant != "quant_config" or block_quant != "quant_config":
        return None, "the experts do not get the decoder's quant_config"
    shared = kw.get("num_fused_shared_experts")
    if shared is not None and not (fusion_off and src(shared) == "self.num_fused_shared_experts"):
        return None, "the experts may fuse shared experts"
    before = []
    for n in calls:
        if n.lineno >= ex.lineno:
            continue
        name = src(n.func)
        if not name.split(".")[-1][:1].isupper() or name in ("TopK", "ValueError"):
            continue
        kws = {k.arg: src(k.value) for k in n.keywords}
        if name == "ReplicatedLinear" and kws.get("quant_config") == "None":
            continue  # an unquantized gate checks nothing
        before.append(name)
    if before:
        return None, f"the block builds {before} before its experts"
    raises = [n for n in ast.walk(init) if isinstance(n, ast.Raise) and n.lineno < ex.lineno]
    ifs = [n for n in ast.walk(init) if isinstance(n, ast.If) and src(n.test) == "self.tp_size > config.num_experts"]
    if not raises:
        return (None, experts_key, redundant, inter_key), None
    if len(ifs) != 1 or len(raises) != 1 or ifs[0].body[0] is not raises[0]:
        return None, "a raise before the experts other than one `if self.tp_size > config.num_experts`"
    exc = raises[0].exc
    if not (isinstance(exc, ast.Call) and src(exc.func) == "ValueError" and len(exc.args) == 1
            and fstring(exc.args[0]) == TP_GT_MESSAGE):
        return None, "the TP > experts message differs"
    width = [
        n for n in ast.walk(init) if isinstance(n, ast.Assign)
        and src(n.targets[0]) == "self.tp_size"
    ]
    widths = {"get_parallel().moe_tp_size": "MoeTp", "get_parallel().tp_size": "Tp"}
    if len(width) != 1 or src(width[0].value) not in widths or width[0].lineno > ifs[0].lineno:
        return None, "self.tp_size is not get_parallel().moe_tp_size or .tp_size"
    if experts_key != "num_experts":
        return None, "the TP > experts check reads another expert count than the experts get"
    return ((widths[src(width[0].value)], raises[0].lineno), experts_key, redundant, inter_key), None


def fused_moe(v):
    """(ep assert line, intermediate assert line) of FusedMoE.__init__."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "layers", "moe", "fused_moe_triton", "layer.py")
    init = init_of(cls(parse(path), "FusedMoE"))
    found = {}
    for test in ("self._num_global_routed % storage_ep_size == 0", "intermediate_size % self.moe_tp_size == 0"):
        hits = [n for n in ast.walk(init) if isinstance(n, ast.Assert) and src(n.test) == test and n.msg is None]
        if len(hits) != 1:
            sys.exit(f"{v}: FusedMoE.__init__ has no single bare `assert {test}`")
        found[test] = hits[0].lineno
    ep, inter = found.values()
    if ep > inter:
        sys.exit(f"{v}: FusedMoE asserts the intermediate size before the experts")
    return ep, inter


FP8_N = "The output_size of gate's and up's weight = {intermediate_size_per_partition} is not divisible by weight quantization block_n = {block_n}."
FP8_K = "The input_size of down's weight = {intermediate_size_per_partition} is not divisible by weight quantization block_k = {block_k}."


def fp8_moe(v):
    """(block_n raise line, block_k raise line) of Fp8MoEMethod.create_fp8_moe_weight_."""
    path = os.path.join(WHEELS, v, "sglang", "srt", "layers", "quantization", "fp8.py")
    fn = next(
        (f for f in cls(parse(path), "Fp8MoEMethod").body
         if isinstance(f, ast.FunctionDef) and f.name == "create_fp8_moe_weight_"), None)
    if fn is None:
        sys.exit(f"{v}: no Fp8MoEMethod.create_fp8_moe_weight_")
    guard = [n for n in ast.walk(fn) if isinstance(n, ast.If)
             and src(n.test) == "not (_use_aiter and padding_size == block_n == block_k)"]
    if len(guard) != 1:
        sys.exit(f"{v}: the aiter guard of the block-FP8 MoE checks differs")
    lines = []
    for msg in (FP8_N, FP8_K):
        hits = [n for n in ast.walk(guard[0]) if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call)
                and src(n.exc.func) == "ValueError" and fstring(n.exc.args[0]) == msg]
        if len(hits) != 1:
            sys.exit(f"{v}: no single block-FP8 MoE ValueError {msg!r}")
        lines.append(hits[0].lineno)
    tests = [src(n.test) for n in ast.walk(guard[0]) if isinstance(n, ast.If) and n is not guard[0]]
    if tests[:3] != ["intermediate_size_per_partition % block_n != 0", "tp_size > 1",
                     "intermediate_size_per_partition % block_k != 0"]:
        sys.exit(f"{v}: the block-FP8 MoE conditions differ: {tests}")
    # the width of `if tp_size > 1` before the block_k check: the MoE TP width from 0.5.22, the
    # full TP size before
    tp = [n for n in ast.walk(fn) if isinstance(n, ast.Assign) and src(n.targets[0]) == "tp_size"]
    widths = {"layer.moe_tp_size": "MoeTp", "get_parallel().tp_size": "Tp"}
    if len(tp) != 1 or src(tp[0].value) not in widths:
        sys.exit(f"{v}: tp_size of the block-FP8 MoE checks is {[src(t.value) for t in tp]}")
    return (*lines, widths[src(tp[0].value)])


def main():
    check = "--check" in sys.argv[1:]
    rels = releases()
    if not rels:
        sys.exit(f"no unpacked wheels under {WHEELS}")
    rows, fused = [], []
    for v in rels:
        fused.append((v, fused_moe(v), fp8_moe(v)))
        for arch, file, decoder, attention, block in REVIEWED:
            if arch not in registry(v):
                continue
            tree = parse(os.path.join(WHEELS, v, "sglang", "srt", "models", file))
            why = decoder_builds_block(tree, decoder, attention, block)
            facts, why2 = (None, None) if why else block_checks(tree, decoder, block)
            if why or why2:
                print(f"{v} {arch}: {why or why2}: left out", file=sys.stderr)
                continue
            rows.append((arch, v, file, facts))
    vv = lambda v: "V" + v.replace(".", "_")  # noqa: E731
    out = [
        "// @generated by scripts/models/gen_moe_asserts.py from the SGLang wheels; do not edit by hand.",
        "",
        "//! The checks of the first sparse MoE layer each reviewed architecture builds, per release",
        "//! (parsed with `ast`).",
        "",
        "use crate::model::archs::{FusedMoeLines, MoeBlock, MoeWidth};",
        "use crate::version::SglangVersion;",
        "",
        f"/// Sorted by architecture, then release ({len(rows)} rows).",
        "#[rustfmt::skip]",
        "pub static MOE_BLOCKS: &[MoeBlock] = &[",
    ]
    for arch, v, file, (tp_gt, experts, redundant, inter) in sorted(
            rows, key=lambda r: (r[0], tuple(map(int, r[1].split("."))))):
        gt = f"Some((MoeWidth::{tp_gt[0]}, {tp_gt[1]}))" if tp_gt else "None"
        out.append(
            f"    MoeBlock {{ arch: {json.dumps(arch)}, release: SglangVersion::{vv(v)}, "
            f"file: \"python/sglang/srt/models/{file}\", tp_gt_experts: {gt}, "
            f"experts: {json.dumps(experts)}, redundant: {str(redundant).lower()}, "
            f"intermediate: {json.dumps(inter)} }},"
        )
    out += [
        "];",
        "",
        "/// `FusedMoE.__init__`'s asserts (`layers/moe/fused_moe_triton/layer.py`) and the block-FP8",
        "/// checks of `Fp8MoEMethod.create_fp8_moe_weight_` (`layers/quantization/fp8.py`), per release.",
        "#[rustfmt::skip]",
        "pub static FUSED_MOE: &[FusedMoeLines] = &[",
    ]
    for v, (ep, inter), (n, k, kw) in fused:
        out.append(
            f"    FusedMoeLines {{ release: SglangVersion::{vv(v)}, experts_ep: {ep}, "
            f"intermediate_tp: {inter}, fp8_block_n: {n}, fp8_block_k: {k}, "
            f"fp8_block_k_width: MoeWidth::{kw} }},"
        )
    out.append("];")
    write_or_check(OUT, out, check, f"{len(rows)} rows, {len(fused)} releases")


if __name__ == "__main__":
    main()
