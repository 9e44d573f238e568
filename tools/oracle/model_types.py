"""Loading a bare config.json offline: which model_types need help, and the
one workaround the harness applies (imported after sglang).

SGLang builds `ModelConfig` from `get_config` (utils/hf_transformers/config.py),
i.e. `AutoConfig.from_pretrained(model_dir)`, re-parsed with SGLang's own class
for the model_types in its `_CONFIG_REGISTRY`. A model_type that transformers
does not know and SGLang does not register can only be parsed with the
checkpoint's remote code (`configuration_*.py` + `--trust-remote-code`), which
a bare config.json does not have.

Workaround (explicit, reported in `model_config_adaptation`): when the config
asks for `trust_remote_code` and its model_type is unknown to AutoConfig, but
SGLang ships a config class for it in `sglang/srt/configs/` that it does not
register (e.g. `internlm2`, `bailing_moe_v2`), that class is registered with
AutoConfig for this one evaluation (the forked child), standing in for the
checkpoint's remote configuration class that SGLang's copy mirrors. Without
`trust_remote_code` nothing is changed: SGLang (transformers) refuses the
config, as it would refuse the real checkpoint, and the result carries a hint.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import pkgutil
from typing import Any, Dict, List, Optional

_CLASSES: Optional[Dict[str, List[type]]] = None


def sglang_config_classes() -> Dict[str, List[type]]:
    """model_type -> config classes defined in sglang/srt/configs/*.py."""
    global _CLASSES
    if _CLASSES is not None:
        return _CLASSES
    from transformers import PretrainedConfig

    import sglang.srt.configs as pkg

    out: Dict[str, List[type]] = {}
    for info in pkgutil.iter_modules(pkg.__path__):
        name = f"{pkg.__name__}.{info.name}"
        try:
            mod = importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a module that does not import offers no class
            continue
        for _, obj in inspect.getmembers(mod, inspect.isclass):
            if obj.__module__ != name or not issubclass(obj, PretrainedConfig):
                continue
            mt = vars(obj).get("model_type")
            if isinstance(mt, str) and mt:
                out.setdefault(mt, []).append(obj)
    _CLASSES = out
    return out


def _read_config(model_dir: str) -> Optional[Dict[str, Any]]:
    try:
        with open(os.path.join(model_dir, "config.json")) as f:
            data = json.load(f)
        return data if isinstance(data, dict) else None
    except (OSError, ValueError):
        return None


def prepare(model_dir: str, trust_remote_code: bool) -> Optional[Dict[str, Any]]:
    """Apply the stand-in registration if it is needed and allowed; return a
    note for the result (None when the model_type loads as it is)."""
    cfg = _read_config(model_dir)
    if cfg is None:
        return None
    mt = cfg.get("model_type")
    if not isinstance(mt, str) or not mt:
        return None
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING

    if mt in CONFIG_MAPPING:
        return None
    auto_map = cfg.get("auto_map") or {}
    has_remote = isinstance(auto_map, dict) and "AutoConfig" in auto_map
    classes = sglang_config_classes().get(mt, [])
    note: Dict[str, Any] = {"model_type": mt, "known_to_transformers": False}
    if has_remote:
        note["auto_map"] = auto_map.get("AutoConfig")
        note["hint"] = (
            "config.json names remote code (auto_map.AutoConfig); with trust_remote_code "
            "transformers loads it from the model directory, so the checkpoint's "
            "configuration_*.py must be there"
        )
        return note
    if not classes:
        note["hint"] = (
            f"model_type {mt!r} is unknown to transformers and SGLang has no config class "
            "for it: the checkpoint's remote code (configuration_*.py with auto_map, and "
            "trust_remote_code) is needed"
        )
        return note
    cls = classes[0]
    qual = f"{cls.__module__}.{cls.__qualname__}"
    if not trust_remote_code:
        note["hint"] = (
            f"model_type {mt!r} is unknown to transformers and not in SGLang's config registry; "
            "a real checkpoint loads it with --trust-remote-code. Set extra_args "
            f"trust_remote_code=true to let the oracle stand in SGLang's own {qual}"
        )
        return note
    from transformers import AutoConfig

    AutoConfig.register(mt, cls, exist_ok=True)
    note["stand_in_config_class"] = qual
    return note
