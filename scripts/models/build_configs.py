#!/usr/bin/env python3
"""Builds data/models/<Arch>/config.json and data/models/index.json from recipes.py.

Run with the oracle venv and SGLang's unpacked wheel on PYTHONPATH (offline):

    . "$ORACLE_VENV/bin/activate"          # default: ../oracle-env/venv
    PYTHONPATH="$SGLANG_WHEEL" HF_HUB_OFFLINE=1 python scripts/models/build_configs.py

Published configs are rebuilt from the checkpoint's config.json as found, kept in
data/models/_published/ (see published.py): only the keys published.py names are removed
(each removal is recorded in the entry's ``edits``), key order is kept. Every other config is
regenerated from the pinned transformers / SGLang config-class defaults, so running the
script twice gives the same files. Kind flags come from SGLang's own predicates
(python/sglang/srt/configs/model_config.py) and the recipe.
"""
import copy
import importlib
import json
import os
import re
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "data", "models")
sys.path.insert(0, HERE)
warnings.filterwarnings("ignore")

from recipes import PREFER_TRANSFORMERS, RECIPES  # noqa: E402
from published import PUBLISHED, SOURCES  # noqa: E402

MC = "python/sglang/srt/configs/model_config.py"
PUBLISHED_DIR = os.path.join(OUT, "_published")


def build_published(arch, spec):
    """The checkpoint's config.json (data/models/_published/<file>) with ``drop`` keys removed."""
    src = SOURCES[spec["file"]]
    with open(os.path.join(PUBLISHED_DIR, spec["file"])) as f:
        d = json.load(f)  # dicts keep the file's key order
    found = (d.get("architectures") or [None])[0]
    if found != arch:
        raise ValueError(f"{spec['file']} is a {found} config, not {arch}")
    edits = []
    for key, why in spec.get("drop", {}).items():
        if key not in d:
            raise ValueError(f"{spec['file']} has no key {key!r} to drop")
        del d[key]
        edits.append(f"{key} removed: {why}")
    return d, src, edits


def _json_roundtrip(cfg):
    d = json.loads(cfg.to_json_string(use_diff=False))
    # runtime-only attributes that save_pretrained-style dumps carry but no checkpoint needs
    # (DbrxConfig, for one, rejects them when the file is read back)
    def strip(x):
        if isinstance(x, dict):
            for k in [k for k in x if k.startswith("_")] + ["output_attentions"]:
                x.pop(k, None)
            for v in x.values():
                strip(v)
        return x

    return strip(d)


def _hf_reference(cls):
    doc = cls.__doc__ or ""
    m = re.search(r"\[([\w.\-]+/[\w.\-]+)\]\(https://huggingface\.co/", doc)
    return m.group(1) if m else None


def build_hf(arch, model_type):
    from transformers import AutoConfig
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING

    from sglang.srt.utils.hf_transformers.common import _CONFIG_REGISTRY

    if model_type in _CONFIG_REGISTRY and arch not in PREFER_TRANSFORMERS:
        # get_config re-parses this model_type through SGLang's own class, so its defaults
        # are the ones SGLang would see (python/sglang/srt/utils/hf_transformers/common.py)
        cls = _CONFIG_REGISTRY[model_type]
        d = _json_roundtrip(cls())
        d["architectures"] = [arch]
        return d, f"SGLang _CONFIG_REGISTRY[{model_type!r}] = {cls.__module__}.{cls.__name__}", _hf_reference(cls)
    cls = CONFIG_MAPPING[model_type]
    cfg = AutoConfig.for_model(model_type)
    d = _json_roundtrip(cfg)
    d["architectures"] = [arch]
    return d, f"transformers {cls.__module__}.{cls.__name__}", _hf_reference(cls)


def build_sglang(arch, spec):
    mod, name = spec.split(":")
    cls = getattr(importlib.import_module(f"sglang.srt.configs.{mod}"), name)
    cfg = cls()
    d = _json_roundtrip(cfg)
    d["architectures"] = [arch]
    return d, f"python/sglang/srt/configs/{mod}.py {name}", _hf_reference(cls)


def build_remote(arch, model_type):
    from transformers import LlamaConfig

    d = _json_roundtrip(LlamaConfig())
    d["architectures"] = [arch]
    d["model_type"] = model_type
    return d, "transformers LlamaConfig defaults (placeholder numbers)", None


def kinds(arch, recipe, cfg):
    from sglang.srt.configs import model_config as mc

    archs = [arch]
    k, basis = [], []
    gen = mc.is_generation_model(archs)
    if gen:
        k.append("generation")
    if mc.is_multimodal_model(archs):
        k.append("multimodal")
        basis.append(f"multimodal_model_archs ({MC})")
    if mc.is_audio_model(archs):
        k.append("audio")
    if mc.is_encoder_decoder_model(archs):
        k.append("encoder-decoder")
    if not gen:
        low = arch.lower()
        if "reward" in low or "weights" in low:
            k.append("reward")
        elif "classification" in low:
            k.append("classification")
        else:
            k.append("embedding")
        basis.append(f"is_generation_model is False ({MC})")
    else:
        basis.append(f"is_generation_model is True ({MC})")
    if arch in ("BertModel", "BertForSequenceClassification", "Contriever", "XLMRobertaModel",
                "XLMRobertaForSequenceClassification", "CLIPModel", "Lfm2BidirectionalModel"):
        k.append("encoder-only")
        basis.append("bidirectional encoder (SGLang models/bert.py, roberta.py, clip.py, lfm2.py)")
    if recipe["recipe"] == "draft" or re.search(r"(NextN|MTP|Eagle3?$|Eagle|DFlash|DSpark|Draft|Assistant)", arch):
        k.append("draft-MTP")
        basis.append("draft architecture (recipe / SGLang draft model file)")
    return k, "; ".join(basis)


def main():
    os.makedirs(OUT, exist_ok=True)
    index = {}
    configs = {}
    order = sorted(RECIPES, key=lambda a: (RECIPES[a]["recipe"] in ("draft", "variant"), a))
    failed = []
    for arch in order:
        r = dict(RECIPES[arch])
        try:
            _one(arch, r, index, configs)
        except Exception as e:  # report every failing recipe at once
            failed.append(f"{arch}: {type(e).__name__}: {e}")
    if failed:
        raise SystemExit("recipes that failed:\n" + "\n".join(failed))
    _write_index(index)


def _one(arch, r, index, configs):
    """Builds one entry (config dict and index record) into ``configs`` and ``index``."""
    if True:  # noqa: SIM108 - keeps the recipe dispatch below at one indentation level
        if arch in PUBLISHED:
            r.update(PUBLISHED[arch])
            r["recipe"] = "published"
            r["reference"] = SOURCES[r["file"]]["reference"]
        path = os.path.join(OUT, arch, "config.json")
        entry = {"arch": arch, "reference": r.get("reference"), "family": r["family"]}
        edits = []
        if r["recipe"] == "published":
            d, src, edits = build_published(arch, r)
            entry["provenance"] = "published"
            entry["source"] = src["source"]
            entry["published_file"] = f"data/models/_published/{r['file']}"
            if src.get("agrees_with"):
                entry["agrees_with"] = src["agrees_with"]
        elif r["recipe"] == "hf":
            d, cls, sim = build_hf(arch, r["model_type"])
            entry["provenance"] = "sglang-config-class" if cls.startswith("SGLang") else "transformers-default"
            entry["source"] = cls
            if sim:
                entry["defaults_similar_to"] = sim
        elif r["recipe"] == "sglang":
            d, cls, sim = build_sglang(arch, r["cls"])
            entry["provenance"] = "sglang-config-class"
            entry["source"] = cls
            if sim:
                entry["defaults_similar_to"] = sim
        elif r["recipe"] == "remote":
            d, cls, _ = build_remote(arch, r["model_type"])
            entry["provenance"] = "stand-in"
            entry["source"] = cls
            r["notes"] = (r["notes"] + ". PLACEHOLDERS: no config class offline, so every key and "
                          "number is a LlamaConfig default, not the checkpoint's; only architectures "
                          "and model_type are real")
        elif r["recipe"] in ("draft", "variant"):
            base = r["base"]
            d = copy.deepcopy(configs[base])
            d["architectures"] = [arch]
            if isinstance(d.get("text_config"), dict) and "architectures" in d["text_config"]:
                d["text_config"]["architectures"] = [arch]
            b = index[base]
            entry["reference"] = r.get("reference") or b["reference"]
            entry["base"] = base
            if r["recipe"] == "draft":
                entry["provenance"] = b["provenance"]
                entry["source"] = b.get("source")
                edits.append(f"architectures[0] rewritten from {base} as SGLang does for the "
                             f"draft model ({MC}:{r['line']}@0.5.23)")
            else:
                entry["provenance"] = "stand-in"
                entry["source"] = f"config of data/models/{base} ({b['provenance']})"
                edits.append(f"architectures set to {arch}; everything else is {base}'s")
        else:
            raise SystemExit(f"unknown recipe for {arch}")
        if entry["provenance"] != "published":
            # the config is not that checkpoint's: name it only as the one to publish here
            entry["target_checkpoint"] = entry["reference"]
            entry["reference"] = None
        entry["model_type"] = d.get("model_type")
        entry["kind"], entry["kind_basis"] = kinds(arch, r, d)
        if edits:
            entry["edits"] = edits
        entry["notes"] = _with_placeholder_note(r.get("notes", ""), entry, index)
        configs[arch] = d
        index[arch] = entry
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            # published configs keep their key order; generated ones are sorted
            json.dump(d, f, indent=2, sort_keys=r["recipe"] != "published", ensure_ascii=False)
            f.write("\n")


def _with_placeholder_note(notes, entry, index):
    """Appends a plain statement of which facts are placeholders to a non-published entry's notes."""
    prov = entry["provenance"]
    target = entry.get("target_checkpoint") or "the checkpoint users run"
    if prov == "published":
        return notes
    if "base" in entry:
        b = index[entry["base"]]
        if b["provenance"] == "published":
            what = (f"PLACEHOLDERS: every size and option is {entry['base']}'s published config "
                    f"({b['reference']}), not {target}'s; only architectures is this entry's")
        else:
            what = (f"PLACEHOLDERS: every size and option is {entry['base']}'s, which is itself not a "
                    f"published config ({b['provenance']}); only architectures is this entry's")
    elif prov == "stand-in":
        what = ""  # remote-code stand-ins already say so (recipe X)
    else:
        cls = "SGLang config class" if prov == "sglang-config-class" else "transformers config class"
        what = (f"PLACEHOLDERS: every number (hidden size, layers, heads, KV heads, head dim, vocab, "
                f"context length, MoE/MLA/linear-attention sizes, rope) is the {cls}'s default, not "
                f"{target}'s; only architectures and model_type are real")
    if not what:
        return notes
    return f"{notes.rstrip('. ')}. {what}." if notes else what + "."


def _write_index(index):
    with open(os.path.join(OUT, "index.json"), "w") as f:
        json.dump([index[a] for a in sorted(index)], f, indent=1)
        f.write("\n")
    counts = {}
    for e in index.values():
        counts[e["provenance"]] = counts.get(e["provenance"], 0) + 1
    print(len(index), counts)


if __name__ == "__main__":
    main()
