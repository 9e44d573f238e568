#!/usr/bin/env python3
"""Generates the model tables of the Rust core from the pinned transformers and SGLang.

    . "${ORACLE_VENV:-../oracle-env/venv}/bin/activate"
    PYTHONPATH="${SGLANG_WHEEL:-../wheels/0.5.23}" python scripts/models/gen_model_tables.py
    PYTHONPATH=... python scripts/models/gen_model_tables.py --facts   # also the expected facts

Writes (deterministic; paths relative to the repository root):

- ``crates/preflight-core/src/model/generated/classes.rs``: for every ``model_type`` a served
  config can have (those of ``data/models``, ``tests/golden/models``, SGLang's
  ``_CONFIG_REGISTRY`` and their sub-configs), the config class ``get_config`` loads it with
  (SGLang's ``_CONFIG_REGISTRY`` first, else transformers' ``CONFIG_MAPPING``), its
  ``attribute_map``, the class defaults of the keys SGLang reads (``sglang_facts.READ_KEYS``:
  the value ``getattr`` gives on a default instance, when it does not depend on other keys),
  the keys ``__post_init__`` derives from others (detected by perturbing ``hidden_size``,
  ``num_attention_heads``, ``num_hidden_layers``, ``sliding_window`` and
  ``use_sliding_window``), and the sub-config classes.
- ``crates/preflight-core/src/model/generated/configs.rs``: the 290 reference configs of
  ``data/models`` as SGLang's ``get_config`` loads them (``sglang_facts.loaded_form``: the read
  keys of the loaded object and its sub-configs, with their classes; ``"$loaded": true``), or,
  where SGLang cannot load one offline (remote-code ``model_type``), the file trimmed to the keys
  SGLang reads; compact JSON, with their provenance.
- with ``--facts``: ``tests/models/facts-0.5.23.jsonl``: what SGLang's ``ModelConfig`` derives
  (``sglang_facts.facts``) for every reference config (as published/generated and trimmed), the
  golden oracle configs, their draft models, and key-dropped variants (every read key whose value
  equals the class default removed, so that the defaults table is exercised).
"""
import argparse
import copy
import glob
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sglang_facts  # noqa: E402
from sglang_facts import QUANT_KEYS, READ_KEYS, SUB_CONFIG_KEYS  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "data", "models")
GOLDEN_MODELS = os.path.join(ROOT, "tests", "golden", "models")
OUT_DIR = os.path.join(ROOT, "crates", "preflight-core", "src", "model", "generated")
FACTS = os.path.join(ROOT, "tests", "models", "facts-0.5.23.jsonl")

MISSING = object()


def load_classes():
    from transformers import CONFIG_MAPPING
    from sglang.srt.utils.hf_transformers.common import _CONFIG_REGISTRY

    def cls_of(mt):
        if mt in _CONFIG_REGISTRY:
            return _CONFIG_REGISTRY[mt], "sglang"
        try:
            return CONFIG_MAPPING[mt], "transformers"
        except Exception:  # noqa: BLE001
            return None, None

    return cls_of, _CONFIG_REGISTRY


def model_types_in(d, out):
    if isinstance(d, dict):
        mt = d.get("model_type")
        if isinstance(mt, str) and mt:
            out.add(mt)
        for v in d.values():
            model_types_in(v, out)


def config_files():
    """(name, path) of every reference and golden config."""
    files = [(os.path.basename(os.path.dirname(p)), p) for p in sorted(glob.glob(os.path.join(DATA, "*", "config.json")))]
    gold = [("golden/" + os.path.basename(os.path.dirname(p)), p)
            for p in sorted(glob.glob(os.path.join(GOLDEN_MODELS, "*", "config.json")))]
    return files, gold


def value_of(obj, key):
    try:
        if not hasattr(obj, key):
            return MISSING
        return getattr(obj, key)
    except Exception:  # noqa: BLE001
        return MISSING


def jsonable(v):
    from transformers import PretrainedConfig

    if isinstance(v, PretrainedConfig):
        return None
    try:
        json.dumps(v)
        return v
    except TypeError:
        return MISSING


def class_path(cls):
    return f"{cls.__module__}.{cls.__qualname__}"


def value_of_allowing(obj, key):
    """getattr, reading a per-layer attribute's global value (transformers' heterogeneous configs)."""
    try:
        object.__setattr__(obj, "allow_global_per_layer_attribute_access", True)
    except Exception:  # noqa: BLE001
        pass
    return value_of(obj, key)


def class_info(cls, primary_mt):
    """Defaults, derived keys, attribute_map and sub-configs of one config class."""
    from transformers import PretrainedConfig

    mt = getattr(cls, "model_type", "") or ""
    info = {"model_type": mt, "class": class_path(cls), "primary": primary_mt == mt and bool(mt),
            "sglang": cls.__module__.startswith("sglang."),
            "attribute_map": dict(sorted((getattr(cls, "attribute_map", {}) or {}).items())),
            "defaults": {}, "derived": [], "sub_configs": {}, "sub_config_classes": {}, "error": None,
            "sub_classes": []}
    sub_decl = getattr(cls, "sub_configs", {}) or {}
    for k, c in sorted(sub_decl.items()):
        if k in SUB_CONFIG_KEYS and isinstance(c, type):
            if c.__name__ == "AutoConfig":
                info["sub_config_classes"][k] = "auto"
            elif issubclass(c, PretrainedConfig):
                info["sub_config_classes"][k] = class_path(c)
                info["sub_classes"].append(c)
    try:
        base = cls()
    except Exception as e:  # noqa: BLE001
        info["error"] = f"{type(e).__name__}: {str(e)[:120]}"
        return info
    for k in SUB_CONFIG_KEYS:
        v = value_of(base, k)
        if isinstance(v, PretrainedConfig):
            info["sub_configs"][k] = class_path(type(v))
            info["sub_classes"].append(type(v))
    # legacy flat hub configs: a missing text_config built from the top-level keys the text
    # class takes (e.g. Qwen2.5-VL's __post_init__)
    info["flat_text_keys"] = []
    tc = value_of(base, "text_config")
    if isinstance(tc, PretrainedConfig):
        probe = 12345
        try:
            flat = cls(hidden_size=probe)
            if getattr(flat.text_config, "hidden_size", None) == probe:
                import dataclasses
                import inspect

                text_cls = type(tc)
                params = set(inspect.signature(text_cls.__init__).parameters)
                if dataclasses.is_dataclass(text_cls):
                    params |= {f.name for f in dataclasses.fields(text_cls)}
                params |= {"rope_parameters", "rope_scaling", "rope_theta"}
                info["flat_text_keys"] = sorted(k for k in READ_KEYS if k in params and k not in SUB_CONFIG_KEYS)
        except Exception:  # noqa: BLE001
            pass
    h = value_of(base, "hidden_size")
    n = value_of(base, "num_attention_heads")
    layers = value_of(base, "num_hidden_layers")
    perts = []
    if isinstance(h, int) and not isinstance(h, bool):
        perts.append({"hidden_size": h * 2})
        if isinstance(n, int) and not isinstance(n, bool):
            perts.append({"hidden_size": h * 2, "num_attention_heads": n * 2})
    if isinstance(layers, int) and not isinstance(layers, bool):
        perts.append({"num_hidden_layers": layers + 4})
    perts.append({"sliding_window": 1234})
    if value_of(base, "use_sliding_window") is not MISSING:
        perts.append({"use_sliding_window": not bool(value_of(base, "use_sliding_window"))})
    perts.append({"max_position_embeddings": 77777})
    derived = set()
    for kw in perts:
        try:
            other = cls(**kw)
        except Exception:  # noqa: BLE001
            continue
        for k in READ_KEYS:
            if k in kw or k in SUB_CONFIG_KEYS:
                continue
            a, b = jsonable(value_of_allowing(base, k)), jsonable(value_of_allowing(other, k))
            if a != b:
                derived.add(k)
    info["derived"] = sorted(derived)
    if "sliding_window" in derived and value_of(base, "use_sliding_window") is not MISSING:
        # what __post_init__ writes when use_sliding_window is off (None for Qwen2, 0 for Qwen2-MoE)
        try:
            off = jsonable(value_of(cls(use_sliding_window=False, sliding_window=1234), "sliding_window"))
            info["defaults_extra"] = {"$sliding_window_off": None if off is MISSING else off}
        except Exception:  # noqa: BLE001
            pass
    for k in READ_KEYS:
        if k in SUB_CONFIG_KEYS or k in ("architectures", "model_type", "quantization_config"):
            continue
        v = value_of_allowing(base, k)
        if v is MISSING:
            continue
        j = jsonable(v)
        if j is MISSING:
            continue
        if k in derived:
            continue
        info["defaults"][k] = j
    info["defaults"].update(info.pop("defaults_extra", {}))
    return info


def collect_model_types(cls_of, registry):
    """Every config class a served config can be loaded with, by class path: the class of each
    model_type (SGLang's registry first) and, transitively, the classes of their sub-configs."""
    mts = set(registry)
    files, gold = config_files()
    for _, p in files + gold:
        with open(p) as f:
            model_types_in(json.load(f), mts)
    done = {}
    todo = []
    for mt in sorted(mts):
        cls, _ = cls_of(mt)
        if cls is not None:
            todo.append(cls)
    while todo:
        cls = todo.pop()
        path = class_path(cls)
        if path in done:
            continue
        mt = getattr(cls, "model_type", "") or ""
        primary_cls = cls_of(mt)[0] if mt else None
        info = class_info(cls, mt if primary_cls is cls else None)
        done[path] = info
        for sub in info.pop("sub_classes"):
            if class_path(sub) not in done:
                todo.append(sub)
        sub_mt = getattr(cls, "model_type", "")
        del sub_mt
    return dict(sorted(done.items()))


def canonical(key, amap):
    return amap.get(key, key)


def is_read(k, amap):
    """Whether SGLang reads key k of a config whose class has attribute_map amap (directly, or
    as the attribute an alias SGLang reads points to)."""
    return k in READ_KEYS or canonical(k, amap) in READ_KEYS or any(t == k and a in READ_KEYS for a, t in amap.items())


def primary(classes, mt):
    """The class get_config loads model_type mt with."""
    return next((c for c in classes.values() if c["primary"] and c["model_type"] == mt), None)


def sub_info(parent, key, sub, classes):
    """The class a parent config gives its sub-config dict (see the Rust `hf::sub_class`)."""
    own = primary(classes, sub.get("model_type")) if sub.get("model_type") else None
    decl = (parent or {}).get("sub_config_classes", {}).get(key)
    if decl and decl != "auto":
        return classes.get(decl) or own
    return own or classes.get((parent or {}).get("sub_configs", {}).get(key))


def trim(d, mt_info, classes, parent_key=None):
    """The keys of a raw config dict that SGLang reads (sub-configs recursively)."""
    amap = (mt_info or {}).get("attribute_map", {})
    out = {}
    for k, v in d.items():
        if k in ("quantization_config", "compression_config") and isinstance(v, dict):
            out[k] = trim_quant(v)
        elif k in SUB_CONFIG_KEYS and isinstance(v, dict):
            out[k] = trim(v, sub_info(mt_info, k, v, classes), classes, k)
        elif is_read(k, amap):
            out[k] = v
    return out


def trim_quant(q):
    out = {}
    for k, v in q.items():
        if k in QUANT_KEYS:
            if k == "config_groups" and isinstance(v, dict):
                v = {g: {kk: vv for kk, vv in (gv or {}).items() if kk in ("format", "weights", "input_activations")}
                     if isinstance(gv, dict) else gv for g, gv in v.items()}
            if k == "quantized_layers" and isinstance(v, dict):
                # only the set of per-layer algorithms is read
                algos = sorted({str(x.get("quant_algo")) for x in v.values() if isinstance(x, dict)})
                v = {f"layer{i}": {"quant_algo": a} for i, a in enumerate(algos)}
            if k == "quantization" and isinstance(v, dict):
                v = trim_quant(v)
            out[k] = v
    return out


def rust_str(s):
    """A Rust raw string literal holding s."""
    hashes = "#"
    while ('"' + hashes) in s:
        hashes += "#"
    return f"r{hashes}\"{s}\"{hashes}"


def compact(v):
    return json.dumps(v, separators=(",", ":"), sort_keys=False, ensure_ascii=False)


def rle(v):
    """Long lists with repeated runs as ``{"$rle": [[value, count], ...]}`` (expanded by the
    Rust loader, `model::builtin`); everything else unchanged."""
    if isinstance(v, dict):
        return {k: rle(x) for k, x in v.items()}
    if isinstance(v, list):
        items = [rle(x) for x in v]
        runs = []
        for x in items:
            if runs and runs[-1][0] == x:
                runs[-1][1] += 1
            else:
                runs.append([x, 1])
        if len(items) >= 8 and len(runs) * 2 < len(items):
            return {"$rle": runs}
        return items
    return v


def isinstance_table(classes, cls_of):
    """For every config class SGLang's launch code tests with ``isinstance`` (the classes named
    in ``srt/configs/hybrid_arch.py`` and ``linear_attn_model_registry`` specs), the model types
    whose loaded class is an instance of it."""
    import ast
    import inspect

    import sglang.srt.configs.hybrid_arch as ha

    tree = ast.parse(inspect.getsource(ha))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" and len(node.args) == 2:
            for sub in ast.walk(node.args[1]):
                if isinstance(sub, ast.Name) and sub.id[:1].isupper():
                    names.add(sub.id)
    from sglang.srt.configs.linear_attn_model_registry import _LINEAR_ATTN_MODEL_REGISTRY
    import sglang.srt.configs  # noqa: F401  (registers the specs)

    extra = {spec.config_class.__name__: spec.config_class for spec in _LINEAR_ATTN_MODEL_REGISTRY}
    out = {}
    for n in sorted(names | set(extra)):
        target = getattr(ha, n, None) or extra.get(n)
        if target is None:
            continue
        out[n] = sorted(path for path in classes if issubclass(resolve_path(path), target))
    return out


def resolve_path(path):
    import importlib

    mod, _, name = path.rpartition(".")
    obj = importlib.import_module(mod)
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def emit_isinstance(table):
    lines = ["", "/// `isinstance(config, Class)` for the config classes SGLang's launch code tests: the class",
             "/// paths of the classes that are subclasses of `Class`.", "#[rustfmt::skip]",
             "pub static ISINSTANCE: &[(&str, &[&str])] = &["]
    for n, paths in table.items():
        lines.append(f"    ({json.dumps(n)}, &[{', '.join(json.dumps(m) for m in paths)}]),")
    lines.append("];")
    return "\n".join(lines) + "\n"


def emit_classes(classes):
    lines = [
        "//! Generated by `scripts/models/gen_model_tables.py` from transformers 5.19.0 and SGLang 0.5.23",
        "//! (the oracle venv); do not edit. One entry per config class a served config loads with.",
        "",
        "use crate::model::hf::ClassInfo;",
        "",
        "/// Config classes by class path (sorted).",
        "#[rustfmt::skip]",
        "pub static CLASSES: &[ClassInfo] = &[",
    ]
    for path, info in classes.items():
        am = ", ".join(f"({json.dumps(a)}, {json.dumps(b)})" for a, b in info["attribute_map"].items())
        subs = ", ".join(f"({json.dumps(a)}, {json.dumps(b)})" for a, b in sorted(info["sub_configs"].items()))
        decl = ", ".join(f"({json.dumps(a)}, {json.dumps(b)})" for a, b in sorted(info.get("sub_config_classes", {}).items()))
        derived = ", ".join(json.dumps(k) for k in info["derived"])
        lines.append(
            f"    ClassInfo {{ class: {json.dumps(path)}, model_type: {json.dumps(info['model_type'])}, "
            f"primary: {'true' if info['primary'] else 'false'}, sglang: {'true' if info['sglang'] else 'false'}, "
            f"attribute_map: &[{am}], defaults: {rust_str(compact(info['defaults']))}, "
            f"derived: &[{derived}], sub_configs: &[{subs}], sub_config_classes: &[{decl}], "
            f"flat_text_keys: &[{', '.join(json.dumps(k) for k in info.get('flat_text_keys', []))}], "
            f"instantiable: {'false' if info['error'] else 'true'} }},")
    lines.append("];")
    return "\n".join(lines) + "\n"


def emit_configs(entries):
    lines = [
        "//! Generated by `scripts/models/gen_model_tables.py` from `data/models`; do not edit.",
        "//! Each reference config trimmed to the keys SGLang reads (`scripts/models/sglang_facts.py`",
        "//! `READ_KEYS`), as compact JSON.",
        "",
        "use crate::model::builtin::RefConfig;",
        "",
        "/// The reference config of every architecture (sorted by architecture).",
        "#[rustfmt::skip]",
        "pub static CONFIGS: &[RefConfig] = &[",
    ]
    for e in entries:
        lines.append(
            f"    RefConfig {{ arch: {json.dumps(e['arch'])}, family: {json.dumps(e['family'])}, "
            f"reference: {json.dumps(e['reference'])}, target: {json.dumps(e['target'])}, "
            f"provenance: {json.dumps(e['provenance'])}, json: {rust_str(compact(rle(e.get('builtin') or e['config'])))} }},")
    lines.append("];")
    return "\n".join(lines) + "\n"


def key_dropped(raw, classes):
    """raw with every read key equal to its class default removed (sub-configs too)."""
    info = primary(classes, raw.get("model_type"))
    if not info:
        return None
    out = {}
    dropped = 0
    for k, v in raw.items():
        if k in ("architectures", "model_type"):
            out[k] = v
            continue
        c = canonical(k, info["attribute_map"])
        if c in info["defaults"] and info["defaults"][c] == v and c not in info["derived"]:
            dropped += 1
            continue
        if k in SUB_CONFIG_KEYS and isinstance(v, dict):
            sub = key_dropped(v, classes) if v.get("model_type") else None
            out[k] = sub if sub is not None else v
            continue
        out[k] = v
    return out if dropped else None


def id_ranges(ids):
    """[0, 1, 2, 5] -> "0-2,5" (layer id lists, compactly)."""
    if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
        return ids
    out = []
    for i in ids:
        if out and out[-1][1] == i - 1:
            out[-1][1] = i
        else:
            out.append([i, i])
    return ",".join(f"{a}" if a == b else f"{a}-{b}" for a, b in out)


def compact_facts(f):
    return {k: (id_ranges(v) if k.endswith("_layer_ids") else v) for k, v in f.items()}


def same_facts(a, b):
    """Equal facts; two failures count as equal when they raise the same exception type."""
    if "error" in a or "error" in b:
        return a.get("error", "").split(":")[0] == b.get("error", "").split(":")[0]
    return a == b


def facts_of(cfg, draft=False):
    d = tempfile.mkdtemp(prefix="pf-trim-")
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(cfg, f)
    return compact_facts(sglang_facts.facts(d, draft=draft))


def restore_keys(raw, trimmed):
    """Keys a config class needs to load the trimmed config the way it loads the raw one
    (some classes read keys outside READ_KEYS in __init__): the smallest set of top-level raw
    keys, found by adding all removed ones back and then dropping each that is not needed."""
    want = facts_of(raw)
    if same_facts(want, facts_of(trimmed)):
        return trimmed, []
    removed = [k for k in raw if k not in trimmed or raw[k] != trimmed[k]]
    cur = dict(trimmed)
    for k in removed:
        cur[k] = raw[k]
    if not same_facts(want, facts_of(cur)):
        return trimmed, None
    needed = list(removed)
    for k in removed:
        trial = {kk: vv for kk, vv in cur.items() if kk != k}
        if k in trimmed:
            trial[k] = trimmed[k]
        if same_facts(want, facts_of(trial)):
            cur = trial
            needed.remove(k)
    return {k: cur[k] for k in raw if k in cur}, needed


def write_facts(entries, gold, classes):
    os.makedirs(os.path.dirname(FACTS), exist_ok=True)
    rows = []
    lossy = []
    tmp = tempfile.mkdtemp(prefix="pf-facts-")

    def run(name, cfg, kind, path=None, draft=False, builtin=False):
        d = os.path.join(tmp, f"{len(rows)}")
        os.makedirs(d)
        with open(os.path.join(d, "config.json"), "w") as f:
            json.dump(cfg, f)
        row = {"id": name, "kind": kind, "draft": draft}
        if path:
            row["path"] = os.path.relpath(path, ROOT)
        elif builtin:
            row["builtin"] = name
        else:
            row["config"] = cfg
        row["facts"] = compact_facts(sglang_facts.facts(d, draft=draft))
        rows.append(row)
        print(f"{kind:8} {'draft ' if draft else ''}{name}: {row['facts'].get('error', 'ok')}", flush=True)
        return row["facts"]

    for e in entries:
        with open(e["path"]) as f:
            raw = json.load(f)
        full = run(e["arch"], raw, "raw", path=None if e.get("inline") else e["path"])
        trimmed = run(e["arch"], e["config"], "trimmed", builtin=True)
        if not same_facts(full, trimmed):
            diff = sorted(k for k in set(full) | set(trimmed) if full.get(k) != trimmed.get(k))
            lossy.append((e["arch"], diff))
        run(e["arch"], e["config"], "trimmed", draft=True, builtin=True)
        kd = key_dropped(e["config"], classes)
        if kd is not None:
            run(e["arch"], kd, "dropped")
    for name, p in gold:
        with open(p) as f:
            raw = json.load(f)
        run(name, raw, "golden", path=p)
        run(name, raw, "golden", path=p, draft=True)
    with open(FACTS, "w") as f:
        for r in rows:
            f.write(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{len(rows)} fact rows -> {os.path.relpath(FACTS, ROOT)}")
    for arch, diff in lossy:
        print(f"TRIM CHANGES FACTS {arch}: {diff}")
    if lossy:
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facts", action="store_true", help="also write tests/models/facts-0.5.23.jsonl")
    args = ap.parse_args()
    import logging
    import warnings

    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    cls_of, registry = load_classes()
    classes = collect_model_types(cls_of, registry)
    by_mt = {c["model_type"]: c for c in classes.values() if c["primary"]}
    with open(os.path.join(DATA, "index.json")) as f:
        index = {e["arch"]: e for e in json.load(f)}
    files, gold = config_files()
    entries = []
    for arch, p in files:
        with open(p) as f:
            raw = json.load(f)
        e = index.get(arch, {})
        entries.append({
            "arch": arch, "path": p, "family": e.get("family") or arch,
            "reference": e.get("reference") or "", "target": e.get("target_checkpoint") or "",
            "provenance": e.get("provenance") or "",
            "config": trim(raw, by_mt.get(raw.get("model_type")), classes),
        })
    for e in entries:
        with open(e["path"]) as f:
            raw = json.load(f)
        # precedence: a published config; else the oracle's config of the architecture
        # (tests/golden/models, realistic stand-ins for the named checkpoints), or of its base
        # with architectures[0] rewritten for a draft entry, when that one loads; else the
        # generated data/models entry
        err = sglang_facts.facts(os.path.dirname(e["path"])).get("error", "")
        if e["provenance"] != "published":
            base = index.get(e["arch"], {}).get("base")
            if base and index.get(base, {}).get("provenance") == "published":
                base = None  # the entry already is the published base's config
            for cand, rewrite in ((e["arch"], False), (base, True)):
                gp = os.path.join(GOLDEN_MODELS, cand or "", "config.json")
                if not cand or not os.path.exists(gp):
                    continue
                with open(gp) as f:
                    g = json.load(f)
                if rewrite:
                    g["architectures"] = [e["arch"]]
                d = tempfile.mkdtemp(prefix="pf-golden-")
                with open(os.path.join(d, "config.json"), "w") as f:
                    json.dump(g, f)
                if "error" not in sglang_facts.facts(d):
                    why = f"refused: {err[:60]}" if err else f"provenance {e['provenance']}"
                    print(f"{e['arch']}: data/models config ({why}); using the oracle's {cand}")
                    e["path"] = os.path.join(d, "config.json")
                    e["inline"] = True
                    e["provenance"] = "oracle"
                    e["reference"] = ""
                    e["config"] = trim(g, by_mt.get(g.get("model_type")), classes)
                    raw = g
                    break
        # the built-in config: as SGLang's get_config loads the reference config (exact by
        # construction); the trimmed file only where SGLang cannot load it offline
        loaded = sglang_facts.loaded_form(os.path.dirname(e["path"]))
        if loaded is not None:
            e["builtin"] = loaded
        fixed, needed = restore_keys(raw, e["config"])
        if needed:
            print(f"{e['arch']}: kept {needed} (read by its config class)")
            e["config"] = fixed
        elif needed is None:
            print(f"{e['arch']}: trimming changes facts and restoring keys does not help")
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(os.path.join(OUT_DIR, "classes.rs"), "w") as f:
        f.write(emit_classes(classes))
        f.write(emit_isinstance(isinstance_table(classes, cls_of)))
    with open(os.path.join(OUT_DIR, "configs.rs"), "w") as f:
        f.write(emit_configs(entries))
    print(f"{len(classes)} classes, {len(entries)} configs")
    if args.facts:
        write_facts(entries, gold, classes)


if __name__ == "__main__":
    main()
