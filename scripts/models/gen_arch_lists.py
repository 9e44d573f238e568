#!/usr/bin/env python3
"""Generates the architecture-name lists SGLang's launch code tests, per release, from the wheels.

    python3 scripts/models/gen_arch_lists.py          # any Python 3.9+, no SGLang import; rustfmt on PATH
    python3 scripts/models/gen_arch_lists.py --check  # exit 1 when the committed file differs

Reads ``$SGLANG_WHEELS/<release>/sglang/...`` (default ``../wheels``, relative to the repository
root) for every release in ``crates/preflight-core/src/generated/releases.rs`` that is unpacked
there, parses the cited files with ``ast`` (no text matching) and writes
``crates/preflight-core/src/model/generated/arch_lists.rs``: one ``ArchList`` per entry of
``LISTS`` below, with, for each release, the line SGLang's code names the list at and the names.
(The model registries themselves are extracted by ``scripts/release/``: ``data/releases/X/registry.json``.)

Locators:

- ``("assign", file, name[, func])``: the literal assigned to ``name`` (a list, tuple, set,
  ``frozenset``/``set``/``tuple`` call of one, or a dict's keys; ``*OTHER`` and ``A + B`` resolve
  other assignments of the same module), at module level or inside ``func`` (a function or a
  class body).
- ``("tests", file, func[, member])``: the names a condition in ``func`` compares an
  architecture against: ``"X" in archs``, ``arch == "X"``, ``arch in ("X", ...)``. With
  ``member``, only the condition (the whole ``if``/``elif`` test, or the assert) that names it.
- ``("register", file)``: the architectures the module's override providers are registered for
  (``@register_model_override("X")``, ``@_register_for("X", ...)`` / ``_register_for(*LIST)``).
"""
import ast
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WHEELS = os.environ.get("SGLANG_WHEELS", os.path.join(ROOT, "..", "wheels"))
OUT = os.path.join(ROOT, "crates", "preflight-core", "src", "model", "generated", "arch_lists.rs")
RELEASES_RS = os.path.join(ROOT, "crates", "preflight-core", "src", "generated", "releases.rs")

MC = "srt/configs/model_config.py"
HOOK = "srt/arg_groups/model_hook.py"
OVR = "srt/arg_groups/overrides.py"
BASE = "srt/arg_groups/model_override_base.py"

# (Rust name, doc, locator)
LISTS = [
    ("MIMO_V2_MODEL_ARCHS", "`MIMO_V2_MODEL_ARCHS`", ("assign", MC, "MIMO_V2_MODEL_ARCHS")),
    ("MIMO_V2_MULTIMODAL_ARCHS", "`MIMO_V2_MULTIMODAL_ARCHS`", ("assign", MC, "MIMO_V2_MULTIMODAL_ARCHS")),
    ("SWA_SINK_ARCHS", "`SWA_SINK_ARCHS`: learned attention sinks", ("assign", MC, "SWA_SINK_ARCHS")),
    ("PURE_SSM_ARCHITECTURES", "`PURE_SSM_ARCHITECTURES`: no attention", ("assign", MC, "PURE_SSM_ARCHITECTURES")),
    ("DSA_ARCHS", "`is_deepseek_dsa`: the architectures DSA needs (with `index_topk` set)", ("tests", MC, "is_deepseek_dsa")),
    ("GLM_MOE_DSA_ARCHS", "`is_glm_moe_dsa`", ("tests", MC, "is_glm_moe_dsa")),
    ("DEEPSEEK_V4_ARCHS", "`is_deepseek_v4`", ("tests", MC, "is_deepseek_v4")),
    ("QWEN3_5_ARCHS", "`is_qwen3_5`", ("tests", MC, "is_qwen3_5")),
    ("MM_DISABLED_MODELS", "`mm_disabled_models`: multimodal off unless `--enable-multimodal`", ("assign", MC, "mm_disabled_models", "__init__")),
    ("MLA_ARCHS", "`_derive_model_shapes`: the DeepSeek-style MLA branch (`head_dim = 256`)", ("tests", MC, "_derive_model_shapes", "DeepseekV2ForCausalLM")),
    ("DSV4_SHAPE_ARCHS", "`_derive_model_shapes`: the DeepSeek-V4 branch", ("tests", MC, "_derive_model_shapes", "DeepseekV4ForCausalLMDSpark")),
    ("KIMI_LINEAR_SHAPE_ARCHS", "`_derive_model_shapes`: the Kimi linear branch (`head_dim = 72`)", ("tests", MC, "_derive_model_shapes", "KimiLinearForCausalLM")),
    ("BAILING_V3_SHAPE_ARCHS", "`_derive_model_shapes`: the Bailing V3 branch (`head_dim = 128`)", ("tests", MC, "_derive_model_shapes", "BailingMoeV3VLForConditionalGeneration")),
    ("SARVAM_SHAPE_ARCHS", "`_derive_model_shapes`: the Sarvam / GLM-5 Next branch", ("tests", MC, "_derive_model_shapes", "SarvamMLAForCausalLM")),
    ("MISTRAL_SHAPE_ARCHS", "`_derive_model_shapes`: the Mistral head_dim fallback", ("tests", MC, "_derive_model_shapes", "MixtralForCausalLM")),
    ("HYBRID_SWA_COMPRESS_ARCHS", "`_derive_hybrid_model`: `is_hybrid_swa_compress`", ("tests", MC, "_derive_hybrid_model", "Gemma4ForCausalLM")),
    ("NON_GENERATION_ARCHS", "`is_generation_model`: embedding / reward / classification architectures", ("tests", MC, "is_generation_model")),
    ("MULTIMODAL_ARCHS", "`multimodal_model_archs`", ("assign", MC, "multimodal_model_archs")),
    ("PIECEWISE_CUDA_GRAPH_DISABLED_ARCHS", "`piecewise_cuda_graph_disabled_model_archs`", ("assign", MC, "piecewise_cuda_graph_disabled_model_archs")),
    ("MULTIMODAL_PIECEWISE_CUDA_GRAPH_ARCHS", "`multimodal_piecewise_cuda_graph_supported_model_archs`", ("assign", MC, "multimodal_piecewise_cuda_graph_supported_model_archs")),
    ("AUDIO_ARCHS", "`is_audio_model`", ("assign", MC, "models", "is_audio_model")),
    ("ENCODER_DECODER_ARCHS", "`is_encoder_decoder_model`", ("assign", MC, "models", "is_encoder_decoder_model")),
    ("LOCAL_ATTENTION_ARCHS", "`is_local_attention_model`", ("tests", MC, "is_local_attention_model")),
    ("HYBRID_SWA_ARCHS", "`is_hybrid_swa_model`: `hybrid_swa_archs`", ("assign", MC, "hybrid_swa_archs", "is_hybrid_swa_model")),
    ("DEEPSEEK_FAMILY_ARCHS", "`_DEEPSEEK_FAMILY_ARCHS`: the DeepSeek override providers", ("assign", OVR, "_DEEPSEEK_FAMILY_ARCHS")),
    ("MAMBA_RADIX_CACHE_ARCHS", "`_MAMBA_RADIX_CACHE_ARCHS`", ("assign", OVR, "_MAMBA_RADIX_CACHE_ARCHS")),
    ("MAMBA_EXTRA_BUFFER_ARCHS", "`_MAMBA_EXTRA_BUFFER_ARCHS`", ("assign", OVR, "_MAMBA_EXTRA_BUFFER_ARCHS")),
    ("HOOK_DEEPSEEK_BRANCH", "`handle_model_specific_adjustments`: the DeepSeek branch", ("tests", HOOK, "handle_model_specific_adjustments", "KimiK25ForConditionalGeneration")),
    ("HOOK_DEEPSEEK_V4", "`handle_model_specific_adjustments`: `apply_deepseek_v4_defaults`", ("tests", HOOK, "handle_model_specific_adjustments", "DeepseekV4ForCausalLM")),
    ("HOOK_GPT_OSS", "`handle_model_specific_adjustments`: the gpt-oss branch", ("tests", HOOK, "handle_model_specific_adjustments", "GptOssForCausalLM")),
    ("HOOK_LLAMA4", "`handle_model_specific_adjustments`: the Llama 4 branch", ("tests", HOOK, "handle_model_specific_adjustments", "Llama4ForCausalLM")),
    ("HOOK_GEMMA4", "`handle_model_specific_adjustments`: the Gemma 4 branch", ("tests", HOOK, "handle_model_specific_adjustments", "Gemma4UnifiedForConditionalGeneration")),
    ("HOOK_EXAONE", "`handle_model_specific_adjustments`: the EXAONE branch", ("tests", HOOK, "handle_model_specific_adjustments", "Exaone4ForCausalLM")),
    ("HOOK_OLMO2", "`handle_model_specific_adjustments`: the OLMo 2 branch", ("tests", HOOK, "handle_model_specific_adjustments", "Olmo2ForCausalLM")),
    ("HOOK_LFM2", "`handle_model_specific_adjustments`: the LFM2 branch", ("tests", HOOK, "handle_model_specific_adjustments", "Lfm2MoeForCausalLM")),
    ("HOOK_MIMO_V2", "`handle_model_specific_adjustments`: the MiMo-V2 branch", ("tests", HOOK, "handle_model_specific_adjustments", "MiMoV2FlashForCausalLM")),
    ("HOOK_INTERN_S2_MOBIUS", "`handle_model_specific_adjustments`: the Intern-S2-Mobius parallelism refusal", ("tests", HOOK, "handle_model_specific_adjustments", "InternS2MobiusForConditionalGeneration")),
    ("CP_DECODE_ATTN_TP_SUPPORTED_ARCHS", "`CP_DECODE_ATTN_TP_SUPPORTED_ARCHS`: `--enable-cp-decode-attn-tp`", ("assign", "srt/layers/cp/cp_decode_attn_tp.py", "CP_DECODE_ATTN_TP_SUPPORTED_ARCHS")),
    ("LANGUAGE_MODEL_ONLY_ARCHITECTURES", "`ServerArgs.LANGUAGE_MODEL_ONLY_ARCHITECTURES`: `--language-model-only`", ("assign", "srt/server_args.py", "LANGUAGE_MODEL_ONLY_ARCHITECTURES", "ServerArgs")),
    ("HOOK_KIMI_K3", "`handle_model_specific_adjustments`: the Kimi linear / K3 defaults", ("tests", HOOK, "handle_model_specific_adjustments", "KimiLinearForCausalLM")),
    ("DETERMINISTIC_DEEPSEEK_ARCHS", "`_deterministic_is_deepseek_model`: the deterministic backend default", ("tests", OVR, "_deterministic_is_deepseek_model")),
    ("DETERMINISTIC_DEEPSEEK_MODEL", "`handle_deterministic_inference`: `is_deepseek_model` (the radix-cache backend check)", ("tests", "srt/arg_groups/attention_hook.py", "handle_deterministic_inference")),
    ("DSA_SPLIT_GLM", "`_dsa_split_backend_resolution`: the GLM SM12x FP8 default", ("tests", OVR, "_dsa_split_backend_resolution", "GlmMoeDsaForCausalLM")),
    ("GLM_DSA_VALIDATOR_ARCHS", "`_GLM_DSA_MODEL_ARCHS` (flashinfer_sparse_mla validator)", ("assign", "kernels/ops/attention/flash_mla_sm120.py", "_GLM_DSA_MODEL_ARCHS")),
    ("DSV3_TRTLLM_MLA_PREFILL_GRAPH", "`disable_prefill_cuda_graph_for_deepseek_trtllm_mla`", ("tests", "srt/arg_groups/cuda_graph_hook.py", "disable_prefill_cuda_graph_for_deepseek_trtllm_mla")),
    ("SPEC_AUTO_LLAMA", "`_auto_choose_speculative_params`: the Llama defaults (5, 4, 8)", ("tests", "srt/arg_groups/speculative_hook.py", "_auto_choose_speculative_params", "LlamaForCausalLM")),
    ("SPEC_AUTO_GROK", "`_auto_choose_speculative_params`: the Grok defaults (5, 4, 8)", ("tests", "srt/arg_groups/speculative_hook.py", "_auto_choose_speculative_params", "Grok1ForCausalLM")),
    ("PROVIDERS_MUSE_SPARK", "`_muse_spark_overrides`: the one provider `overrides.py` registers itself", ("register", OVR)),
    ("WHISPER_DEFAULT_BACKEND", "`get_default_attn_backend`: Whisper needs flashinfer", ("tests", BASE, "get_default_attn_backend")),
]

PROVIDER_MODULES = sorted(
    f[:-3] for f in os.listdir(os.path.join(WHEELS, "0.5.23", "sglang", "srt", "arg_groups", "model_overrides"))
    if f.endswith(".py") and f != "__init__.py"
) if os.path.isdir(os.path.join(WHEELS, "0.5.23")) else []

ARCH_RE = re.compile(r"^[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*$")


def releases():
    with open(RELEASES_RS) as f:
        text = f.read()
    vs = sorted(set(re.findall(r'"(\d+\.\d+\.\d+)"', text)), key=lambda v: tuple(map(int, v.split("."))))
    return [v for v in vs if os.path.isdir(os.path.join(WHEELS, v, "sglang"))]


class Module:
    def __init__(self, path):
        with open(path, encoding="utf-8-sig") as f:
            self.tree = ast.parse(f.read(), path)
        self.funcs = {}
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.funcs.setdefault(node.name, node)
        self.assigns = {}
        for node in self.tree.body:
            self._assign(node, self.assigns)

    @staticmethod
    def _assign(node, into):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    into.setdefault(t.id, node)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            into.setdefault(node.target.id, node)

    def literal(self, expr, local=None):
        """Names of a literal (see the module docs); None when not a literal."""
        if isinstance(expr, (ast.List, ast.Tuple, ast.Set)):
            out = []
            for e in expr.elts:
                if isinstance(e, ast.Starred):
                    sub = self.name_value(e.value, local)
                    if sub is None:
                        return None
                    out.extend(sub)
                elif isinstance(e, ast.Constant) and isinstance(e.value, str):
                    out.append(e.value)
                else:
                    return None
            return out
        if isinstance(expr, ast.Dict):
            return [k.value for k in expr.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in ("frozenset", "set", "tuple", "list") and len(expr.args) == 1:
            return self.literal(expr.args[0], local)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            a, b = self.literal(expr.left, local), self.literal(expr.right, local)
            return None if a is None or b is None else a + b
        if isinstance(expr, ast.Name):
            return self.name_value(expr, local)
        return None

    def name_value(self, expr, local):
        if not isinstance(expr, ast.Name):
            return None
        node = (local or {}).get(expr.id) or self.assigns.get(expr.id)
        if node is None:
            return None
        return self.literal(node.value, local)


def dedup(xs):
    seen, out = set(), []
    for x in xs:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def compare_names(node, mod=None):
    """Architecture names a Compare node tests (``*LIST`` elements resolved in ``mod``)."""
    out = []
    if not isinstance(node, ast.Compare):
        return out
    parts = [node.left] + list(node.comparators)
    for i, op in enumerate(node.ops):
        a, b = parts[i], parts[i + 1]
        if isinstance(op, (ast.In, ast.NotIn)):
            if isinstance(a, ast.Constant) and isinstance(a.value, str):
                out.append(a.value)
            elif isinstance(b, (ast.List, ast.Tuple, ast.Set)):
                for e in b.elts:
                    if isinstance(e, ast.Constant) and isinstance(e.value, str):
                        out.append(e.value)
                    elif isinstance(e, ast.Starred) and mod is not None:
                        out.extend(mod.literal(e.value) or [])
        elif isinstance(op, (ast.Eq, ast.NotEq)):
            for x in (a, b):
                if isinstance(x, ast.Constant) and isinstance(x.value, str):
                    out.append(x.value)
    return [n for n in out if ARCH_RE.match(n)]


def conditions(func, mod=None):
    """(line, names) of every condition (if/while/assert test, conditional expression, returned
    or assigned expression) in func."""
    out = []
    for node in ast.walk(func):
        test = None
        if isinstance(node, (ast.If, ast.While, ast.Assert, ast.IfExp)):
            test = node.test
        elif isinstance(node, (ast.Return, ast.Assign)) and node.value is not None:
            test = node.value
        if test is None:
            continue
        names = []
        for sub in ast.walk(test):
            names.extend(compare_names(sub, mod))
        if names:
            out.append((test.lineno, dedup(names)))
    return out


def locate(mod, loc):
    kind = loc[0]
    if kind == "assign":
        name = loc[2]
        func = loc[3] if len(loc) > 3 else None
        if func:
            f = mod.funcs.get(func)
            if f is None:
                return None
            local = {}
            for node in ast.walk(f):
                Module._assign(node, local)
            node = local.get(name)
            if node is None:
                return None
            return node.lineno, mod.literal(node.value, local)
        node = mod.assigns.get(name)
        if node is None:
            return None
        return node.lineno, mod.literal(node.value)
    if kind == "tests":
        f = mod.funcs.get(loc[2])
        if f is None:
            return None
        member = loc[3] if len(loc) > 3 else None
        conds = conditions(f, mod)
        if member is None:
            names = dedup([n for _, ns in conds for n in ns])
            line = conds[0][0] if conds else f.lineno
            return (line, names) if names else None
        # the innermost (smallest) condition naming member
        hits = [(ln, ns) for ln, ns in conds if member in ns]
        if not hits:
            return None
        hits.sort(key=lambda h: len(h[1]))
        return hits[0]
    raise ValueError(kind)


def registrations(mod):
    """(line, names) of the override registrations of a provider module."""
    names, line = [], None
    for node in ast.walk(mod.tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for dec in node.decorator_list:
            if not isinstance(dec, ast.Call) or not isinstance(dec.func, ast.Name):
                continue
            if dec.func.id not in ("register_model_override", "_register_for"):
                continue
            for a in dec.args:
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    names.append(a.value)
                elif isinstance(a, ast.Starred):
                    names.extend(mod.literal(a.value) or [])
            line = line or dec.lineno
    return (line, dedup(names)) if names else None


def rust_names(names):
    return "&[" + ", ".join(json.dumps(n) for n in names) + "]"


def main():
    rels = releases()
    if not rels:
        sys.exit(f"no unpacked wheels under {WHEELS}")
    lists = list(LISTS) + [
        (f"PROVIDERS_{m.upper()}", f"`model_overrides/{m}.py`: the architectures its providers are registered for",
         ("register", f"srt/arg_groups/model_overrides/{m}.py")) for m in PROVIDER_MODULES
    ]
    mods = {}
    out = [
        "//! Generated by `scripts/models/gen_arch_lists.py` from the SGLang wheels; do not edit.",
        "//! The architecture names SGLang's launch code tests, per release, each at the line that",
        "//! names them (parsed with `ast`).",
        "",
        "use crate::model::archs::{ArchList, ArchNames};",
        "use crate::version::SglangVersion;",
        "",
    ]
    for rust, doc, loc in lists:
        entries = []
        for v in rels:
            path = os.path.join(WHEELS, v, "sglang", loc[1])
            if not os.path.exists(path):
                continue
            key = (v, loc[1])
            if key not in mods:
                mods[key] = Module(path)
            mod = mods[key]
            hit = registrations(mod) if loc[0] == "register" else locate(mod, loc)
            if hit is None or hit[1] is None:
                continue
            entries.append((v, hit[0], hit[1]))
        if not entries:
            print(f"warning: {rust}: found in no release", file=sys.stderr)
        out.append(f"/// {doc} (`python/sglang/{loc[1]}`).")
        out.append(f"pub static {rust}: ArchList = ArchList {{")
        out.append(f"    name: {json.dumps(rust)},")
        out.append(f"    file: {json.dumps('python/sglang/' + loc[1])},")
        out.append("    releases: &[")
        for v, line, names in entries:
            out.append(f"        ArchNames {{ release: SglangVersion::V{v.replace('.', '_')}, line: {line}, names: {rust_names(names)} }},")
        out.append("    ],")
        out.append("};")
        out.append("")
    out.append("/// Every list above.")
    out.append("pub static ALL: &[&ArchList] = &[" + ", ".join(f"&{r}" for r, _, _ in lists) + "];")
    from gen_head_asserts import write_or_check  # imports this module: not at the top

    # the committed file is rustfmt's form of these lines (what `cargo fmt` leaves)
    fmt = subprocess.run(["rustfmt", "--edition", "2024", "--emit", "stdout"],
                         input="\n".join(out) + "\n", capture_output=True, text=True, check=True)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    write_or_check(OUT, fmt.stdout.rstrip("\n").split("\n"), "--check" in sys.argv[1:],
                   f"{len(lists)} lists over {', '.join(rels)}")




if __name__ == "__main__":
    main()
