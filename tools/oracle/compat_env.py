"""Environment adaptations installed BEFORE a release's `sglang` is imported.

All releases share one venv, whose packages (transformers 5.19, sglang-kernel
0.4.10, ...) are the ones SGLang 0.5.23 pins. An older release was written
against older pins (0.5.19-0.5.21: transformers 5.12.1, sglang-kernel 0.4.7 /
0.4.6.post1). Where that difference makes the older release fail at *import*
for a reason its own pinned environment would not have, the worker adapts the
environment here. An adaptation is installed only where the venv's package
differs from the release's own pin (read from the wheel's METADATA, so 0.5.23
gets none), and fires only on the failure itself (never on version strings);
what fired is recorded in `ADAPTATIONS` (reported as `env_adaptations`).

Nothing here touches a launch rule: each adaptation only makes an import
behave as it does under the release's own pins.
"""

from __future__ import annotations

from typing import Dict, List

# name -> details; reported in every result as "env_adaptations" when non-empty.
ADAPTATIONS: Dict[str, List[str]] = {}


def _note(kind: str, detail: str) -> None:
    lst = ADAPTATIONS.setdefault(kind, [])
    if detail not in lst:
        lst.append(detail)


def _guarded_by_try(filename: str, lineno: int) -> bool:
    """Is line `lineno` of `filename` inside the body of a `try:` statement?"""
    import ast

    try:
        with open(filename) as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return True  # cannot tell: leave the error alone
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and node.handlers:
            first = node.body[0].lineno
            last = max(getattr(s, "end_lineno", s.lineno) for s in node.body)
            if first <= lineno <= last:
                return True
    return False


def _autoconfig_register_exist_ok() -> None:
    """SGLang 0.5.19 registers its own config classes for model_types that
    transformers 5.12.1 (its pin) did not know yet, without `exist_ok=True`
    and outside any `try` (python/sglang/srt/configs/qwen3_asr.py:167@0.5.19,
    `qwen3_asr`; 0.5.20 added exist_ok=True there). transformers >= 5.13 ships
    `qwen3_asr` itself, so the registration raises "'qwen3_asr' is already used
    by a Transformers config" and the whole sglang import fails. Under the pin
    the registration succeeds and SGLang's class is the one AutoConfig returns
    (`_extra_content` is looked up first); a retry with exist_ok=True gives
    exactly that.

    Only an *unguarded* registration is retried: the calling SGLang line is not
    inside a `try` (an unguarded registration in a released SGLang must have
    succeeded under its own pins, or the release could not be imported at
    all). Registrations SGLang guards itself (e.g. the `_CONFIG_REGISTRY` loop,
    python/sglang/srt/utils/hf_transformers/common.py:282@0.5.23, which expects
    to lose to transformers' own class) keep raising as they do."""
    import sys

    from transformers.models.auto import configuration_auto as ca

    mapping = ca.CONFIG_MAPPING
    cls = type(mapping)
    if getattr(cls, "__oracle_register_patched__", False):
        return
    orig = cls.register

    def register(self, key, value, exist_ok=False):
        try:
            return orig(self, key, value, exist_ok=exist_ok)
        except ValueError as e:
            if exist_ok or "is already used by a Transformers config" not in str(e):
                raise
            # the first caller outside transformers
            f = sys._getframe(1)
            while f is not None and "/transformers/" in f.f_code.co_filename.replace("\\", "/"):
                f = f.f_back
            if f is None or _guarded_by_try(f.f_code.co_filename, f.f_lineno):
                raise
            _note(
                "transformers_config_override",
                f"{key} -> {getattr(value, '__module__', '?')}.{getattr(value, '__name__', value)}",
            )
            return orig(self, key, value, exist_ok=True)

    cls.register = register
    cls.__oracle_register_patched__ = True


# Submodules of the kernel package whose functions are CUDA-path kernels (not
# another platform's implementation of the same name, e.g. sgl_kernel.musa).
_SGL_KERNEL_SKIP = ("musa", "metal", "load_utils", "debug_utils", "version")


def _sgl_kernel_reexports() -> None:
    """SGLang 0.5.19/0.5.20 import some kernels from the `sgl_kernel` top level
    on CUDA (e.g. `from sgl_kernel import build_tree_kernel_efficient`,
    python/sglang/srt/speculative/eagle_utils.py:53@0.5.20). Their pinned
    sglang-kernel (0.4.6.post1 / 0.4.7) re-exported them there; the venv's
    0.4.10 still ships the same functions in its submodules
    (`sgl_kernel.speculative`) but re-exports them only for non-CUDA builds,
    because 0.5.21+ import the CUDA versions from sglang.kernels.ops. A module
    `__getattr__` (PEP 562) on sgl_kernel answers such a name with the real
    function from the submodule that defines it; a name no submodule defines
    still raises, so a genuinely missing kernel stays an ImportError."""
    import importlib
    import pkgutil
    import sys

    try:
        import sgl_kernel
    except Exception:  # noqa: BLE001 - SGLang will meet (and report) the same failure
        return
    if getattr(sgl_kernel, "__oracle_reexports__", False):
        return

    def __getattr__(name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        for info in pkgutil.iter_modules(sgl_kernel.__path__):
            if info.name in _SGL_KERNEL_SKIP or info.name.startswith("_"):
                continue
            full = f"sgl_kernel.{info.name}"
            try:
                mod = sys.modules.get(full) or importlib.import_module(full)
            except Exception:  # noqa: BLE001
                continue
            obj = vars(mod).get(name)
            if obj is not None and getattr(obj, "__module__", None) == full:
                _note("sgl_kernel_reexport", f"sgl_kernel.{name} = {full}.{name}")
                setattr(sgl_kernel, name, obj)
                return obj
        raise AttributeError(f"module 'sgl_kernel' has no attribute {name!r}")

    sgl_kernel.__getattr__ = __getattr__
    sgl_kernel.__oracle_reexports__ = True


def pinned_versions(wheel_dir: str) -> Dict[str, str]:
    """`name==version` pins of the release's wheel metadata (Requires-Dist,
    unconditional ones), e.g. {"transformers": "5.12.1", "sglang-kernel": "0.4.7"}."""
    import glob
    import os
    import re

    out: Dict[str, str] = {}
    for meta in glob.glob(os.path.join(wheel_dir, "sglang-*.dist-info", "METADATA")):
        with open(meta, encoding="utf-8") as f:
            for line in f:
                m = re.match(r"Requires-Dist:\s*([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*==\s*([^\s;]+)\s*$", line)
                if m:
                    out[m.group(1).lower().replace("_", "-")] = m.group(3)
    return out


def _installed(dist: str):
    from importlib import metadata

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def install(wheel_dir: str) -> None:
    """Install the environment adaptations this release needs (before its
    sglang is imported). An adaptation is only considered where the venv's
    package differs from the release's own pin (read from the wheel's
    METADATA); 0.5.23, whose pins the venv matches, gets none."""
    pins = pinned_versions(wheel_dir)
    mismatch = {
        dist: (pin, _installed(dist))
        for dist, pin in pins.items()
        if dist in ("transformers", "sglang-kernel") and _installed(dist) != pin
    }
    ADAPTATIONS.clear()
    PIN_MISMATCH.clear()
    PIN_MISMATCH.update({d: f"pinned {p}, venv {i}" for d, (p, i) in mismatch.items()})
    if "transformers" in mismatch:
        _autoconfig_register_exist_ok()
    if "sglang-kernel" in mismatch:
        _sgl_kernel_reexports()


# dist -> "pinned X, venv Y" for the packages whose adaptations were considered.
PIN_MISMATCH: Dict[str, str] = {}
