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


# --- derived parallel widths (attn_tp_size, moe_tp_size, ...) ---------------
def stamp_parallel_widths():
    """Make `get_parallel().attn_tp_size` & co. answer without process groups.

    0.5.20+: the widths are computed from the configured leaves at `publish`
    (runtime_context.parallel_widths_of); nothing to do.
    0.5.19 : they are *stamped* by `initialize_model_parallel` once the groups
    exist (python/sglang/srt/distributed/parallel_state.py:2517@0.5.19 computes
    them with `derive_parallel_widths`, :2737 stamps them), and reading one
    before raises "derived parallel width 'attn_tp_size' is not available".
    The harness makes the same call with the arguments the launch passes:
    bootstrap._init_parallel_groups (python/sglang/srt/distributed/bootstrap.py:260@0.5.19)
    hands over the Scheduler's ParallelState, whose attn_dp_size comes from
    `compute_dp_attention_world_info` (python/sglang/srt/managers/scheduler.py:491@0.5.19),
    and initialize_dp_attention restamps attn_dp_size the same way
    (python/sglang/srt/layers/dp_attention.py:373@0.5.19).
    Returns the stamped widths, or None when the release needs none."""
    from sglang.srt import runtime_context as rc

    par = rc.get_parallel()
    if not hasattr(par, "stamp_derived_widths") or not hasattr(rc, "derive_parallel_widths"):
        return None
    try:
        from sglang.srt.layers.dp_attention import compute_dp_attention_world_info
    except ImportError:
        return None
    _, _, _, attn_dp_size = compute_dp_attention_world_info(
        par.enable_dp_attention, 0, par.tp_size, par.dp_size, par.attn_cp_size
    )
    widths = rc.derive_parallel_widths(
        tp_size=par.tp_size,
        attn_cp_size=par.attn_cp_size,
        attn_dp_size=attn_dp_size,
        moe_ep_size=par.ep_size,
        moe_dp_size=par.moe_dp_size,
        dcp_size=par.dcp_size,
        dcp_enabled=par.dcp_size > 1,
    )
    par.stamp_derived_widths(**widths)
    return widths


def describe() -> dict:
    """Which branch each adaptation took in this worker (for --describe)."""
    return {"fields": FIELDS_VIA}
