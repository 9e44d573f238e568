"""Import adaptations for older releases in the shared (0.5.23-pinned) venv.

The oracle venv carries the packages SGLang 0.5.23 pins (transformers 5.19, sglang-kernel
0.4.10, ...). An older release can fail at *import* in it for a reason its own pins would not
have. Only the registry cross-check imports model modules, and only it installs these
adaptations; each is triggered by the failure itself (never by a version string) and is
listed in the output (``crosscheck.adaptations``). None of them changes what a module
registers: they only let the import finish the way it does under the release's own pins.

* ``AutoConfig.register`` without ``exist_ok`` for a model type that newer transformers
  already ship (``qwen3_asr``: ``python/sglang/srt/configs/qwen3_asr.py:167@0.5.19``;
  0.5.20 passes ``exist_ok=True`` itself): retried with ``exist_ok=True``, which is what the
  registration does under the older pin (SGLang's class wins).
* kernels imported from the ``sgl_kernel`` top level (0.5.19/0.5.20 on CUDA), which
  sglang-kernel 0.4.10 only keeps in its submodules: a module ``__getattr__`` finds the same
  function in the submodule that defines it; a name no submodule defines still fails.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

#: kind -> sorted details of what was adapted (filled as adaptations trigger).
ADAPTATIONS: dict[str, list[str]] = {}


def _note(kind: str, detail: str) -> None:
    items = ADAPTATIONS.setdefault(kind, [])
    if detail not in items:
        items.append(detail)
        items.sort()


def _autoconfig_exist_ok() -> None:
    try:
        from transformers.models.auto import configuration_auto
    except Exception:  # noqa: BLE001 - SGLang's own import will report it
        return
    cls = type(configuration_auto.CONFIG_MAPPING)
    if getattr(cls, "_preflight_exist_ok", False):
        return
    original = cls.register

    def register(self, key, value, exist_ok=False):
        try:
            return original(self, key, value, exist_ok=exist_ok)
        except ValueError as e:
            if exist_ok or "is already used by a Transformers config" not in str(e):
                raise
            _note("transformers_config_register_exist_ok", str(key))
            return original(self, key, value, exist_ok=True)

    cls.register = register
    cls._preflight_exist_ok = True


_SKIP = ("musa", "metal", "load_utils", "debug_utils", "version")


def _sgl_kernel_top_level() -> None:
    try:
        import sgl_kernel
    except Exception:  # noqa: BLE001
        return
    if getattr(sgl_kernel, "_preflight_reexports", False):
        return
    previous = getattr(sgl_kernel, "__getattr__", None)

    def __getattr__(name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        if previous is not None:
            try:
                return previous(name)
            except AttributeError:
                pass
        for info in sorted(pkgutil.iter_modules(sgl_kernel.__path__), key=lambda i: i.name):
            if info.name in _SKIP or info.name.startswith("_"):
                continue
            full = f"sgl_kernel.{info.name}"
            try:
                mod = sys.modules.get(full) or importlib.import_module(full)
            except Exception:  # noqa: BLE001
                continue
            obj = vars(mod).get(name)
            if obj is not None and getattr(obj, "__module__", None) == full:
                _note("sgl_kernel_top_level_name", f"{name} = {full}.{name}")
                setattr(sgl_kernel, name, obj)
                return obj
        raise AttributeError(f"module 'sgl_kernel' has no attribute {name!r}")

    sgl_kernel.__getattr__ = __getattr__
    sgl_kernel._preflight_reexports = True


def install() -> None:
    """Installs the adaptations (idempotent); call before importing ``sglang``."""
    _autoconfig_exist_ok()
    _sgl_kernel_top_level()
