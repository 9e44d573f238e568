"""Per-release adaptation: the SGLang entry points the harness calls, found by
feature detection (never by comparing version strings).

Imported by evaluate.py after `sglang` (this worker's release) is imported.
Every branch names the releases that take it; README "Releases" lists them.
Nothing here re-implements an SGLang rule: a fallback only replaces a
*bookkeeping* helper that an older release does not have (e.g. how to list
ServerArgs' fields), never a check.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sglang.srt.arg_groups import arg_utils as _arg_utils
from sglang.srt.arg_groups import overrides as _overrides

# --- ServerArgs field list --------------------------------------------------
# 0.5.20+: `arg_utils.record_fields` (ServerArgs may be a msgspec Struct).
# 0.5.19 : no such helper; ServerArgs is a plain dataclass.
if hasattr(_arg_utils, "record_fields"):
    record_fields = _arg_utils.record_fields
    FIELDS_VIA = "arg_utils.record_fields"
else:

    def record_fields(cls):  # type: ignore[no-redef]
        """0.5.19: ServerArgs is a dataclass; its fields are dataclasses.fields."""
        return dataclasses.fields(cls)

    FIELDS_VIA = "dataclasses.fields"

# --- declared fallbacks -----------------------------------------------------
# 0.5.20+: `arg_utils.with_fallback` applies an `Arg(fallback=...)` to an unset
#          (None) raw value; `resolution_result` applies it too.
# 0.5.19 : fields have no declared fallbacks, the raw value is the value.
if hasattr(_arg_utils, "with_fallback"):
    with_fallback = _arg_utils.with_fallback
else:

    def with_fallback(cls, name: str, value: Any) -> Any:  # type: ignore[no-redef]
        """0.5.19: no declared fallbacks."""
        return value


# --- what resolution decided for a field (present in every adapted release) --
resolution_result = _overrides.resolution_result


def describe() -> dict:
    """Which branch each adaptation took in this worker (for --describe)."""
    return {"fields": FIELDS_VIA}
