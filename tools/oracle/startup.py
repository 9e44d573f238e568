"""Optional stage `startup`: the start-up checks a launch runs after argument
resolution and before any weight is loaded, that need neither a GPU, nor
weights, nor process groups.

Enabled per config with `"startup": true`. It runs after `resolution` and
before `construction`, in launch order (every step calls SGLang's own code;
nothing here restates a rule):

Launcher (entrypoints/engine.py `Engine._launch_subprocesses`, e.g.
python/sglang/srt/entrypoints/engine.py:1165@0.5.23):
  1. `ServerArgs.check_server_args()` -> arg_groups/validation_hook.py
     `check_server_args` (parallel-size divisibility, chunked_prefill_size %
     page_size, LoRA, speculative + mixed chunk, pdmux, ...);
  2. `resolve_auto_parsers(server_args)` (parser/template_detection.py):
     0.5.23 calls it always (architecture parser defaults); 0.5.19-0.5.22
     only when --reasoning-parser/--tool-call-parser is "auto". Detection
     from a chat template needs the tokenizer, which no model directory here
     has: SGLang then logs a warning and falls back by itself;
  3. `publish(server_args, role="tokenizer")`;
  3b. `PortArgs.init_new(server_args)` (its argument check: decoupled
     speculation needs its endpoints), with the free-port probe made a
     no-op (a fact of the live machine);
Scheduler processes (managers/scheduler.py `run_scheduler_process`):
  4. 0.5.21+: `publish(server_args, role="scheduler", ranks=SpawnRanks(...))`
     for every (pp_rank, tp_rank) this node launches (engine
     `_calculate_rank_ranges`), which runs runtime_context
     `_validate_parallel` ("parallel topology is inconsistent", e.g.
     --tp-size 8 --ep-size 16). 0.5.19/0.5.20 publish without ranks and have
     no such check at that point;
  5. `Scheduler.init_model_config` (ModelConfig.from_server_args on the
     resolved config: context length, quantization, ...),
     `Scheduler.init_moe_gemm_config` (MoE runner / FP8 / FP4 / BF16 GEMM
     backend set-up, e.g. "SBO ... is not supported on SM90", "--bf16-gemm-
     backend gemv requires SM90 (Hopper) or SM12x") and
     `Scheduler.init_mamba_backend`, called on a stand-in `self` that
     carries only `server_args` / `model_config` (the methods read nothing
     else). `init_tokenizer` (between them) needs tokenizer files and is
     skipped: the oracle assumes the checkpoint has them.

See README "Start-up checks" for what between resolution and weight loading
is not reachable, and why.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import types
from typing import Any, Dict, List


@contextlib.contextmanager
def _quiet(logger_name: str):
    """Silence a logger (used around the harness's repeated per-rank publish,
    whose 're-projected the config bags' warning a real one-rank process
    never logs)."""
    lg = logging.getLogger(logger_name)
    old = lg.level
    lg.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        lg.setLevel(old)


def _launcher(sa, notes: Dict[str, Any]) -> None:
    from sglang.srt.runtime_context import publish

    sa.check_server_args()
    notes["steps"].append("check_server_args")

    from sglang.srt.parser import template_detection as td

    from compat import resolution_result

    always = hasattr(td, "_architecture_parser_defaults")  # 0.5.23
    auto = any(
        resolution_result(sa, f) == "auto" for f in ("reasoning_parser", "tool_call_parser")
    )
    if always or auto:
        td.resolve_auto_parsers(sa)
        notes["steps"].append("resolve_auto_parsers")

    publish(sa, role="tokenizer")
    notes["steps"].append("publish(tokenizer)")

    # PortArgs.init_new (engine.py:1184@0.5.23), for its argument check (the
    # decoupled-speculation endpoints, server_args.py:787-797@0.5.23). Whether a
    # port is free is a fact of the live machine, not of the launch: the port
    # probe is replaced by a no-op for the call.
    import sglang.srt.server_args as sa_mod

    # IPC names come from tempfile.NamedTemporaryFile(delete=False): given
    # names without creating the files, so no run leaves files behind.
    import types

    class _NoFile:
        name = "/tmp/oracle-portargs-ipc"

    saved = {k: getattr(sa_mod, k) for k in ("wait_port_available", "tempfile") if hasattr(sa_mod, k)}
    if "wait_port_available" in saved:
        sa_mod.wait_port_available = lambda *a, **k: None
    if "tempfile" in saved:
        sa_mod.tempfile = types.SimpleNamespace(NamedTemporaryFile=lambda *a, **k: _NoFile())
    try:
        sa_mod.PortArgs.init_new(sa)
    finally:
        for k, v in saved.items():
            setattr(sa_mod, k, v)
    notes["steps"].append("PortArgs.init_new")


def _node_ranks() -> List[tuple]:
    """(pp_rank, tp_rank) pairs the engine launches on this node (node_rank)."""
    from sglang.srt.entrypoints import engine
    from sglang.srt.runtime_context import get_parallel

    par = get_parallel()
    fn = getattr(engine, "_calculate_rank_ranges", None)
    if fn is None or list(inspect.signature(fn).parameters) != ["node_rank"]:
        return [(0, 0)]
    pp_range, tp_range, _, _ = fn(par.node_rank)
    return [(pp, tp) for pp in pp_range for tp in tp_range]


def _scheduler_publish(sa, notes: Dict[str, Any]) -> None:
    from sglang.srt import runtime_context as rc

    if not hasattr(rc, "SpawnRanks") or "ranks" not in inspect.signature(rc.publish).parameters:
        # 0.5.19/0.5.20: run_scheduler_process publishes without ranks.
        rc.publish(sa, role="scheduler")
        notes["steps"].append("publish(scheduler)")
        return
    from sglang.srt.managers.scheduler import resolve_spawn_dp_rank

    ranks = _node_ranks()
    par = rc.get_parallel()
    use_dp_controller = getattr(par, "num_dp_ranks", 1) > 1
    dp_rank = 0 if use_dp_controller else resolve_spawn_dp_rank(None)

    def one(pp_rank: int, tp_rank: int) -> None:
        rc.publish(
            sa,
            role="scheduler",
            ranks=rc.SpawnRanks(
                world_rank=rc.spawn_world_rank(sa, tp_rank=tp_rank, pp_rank=pp_rank),
                dp_rank=dp_rank,
                gpu_id=0,
            ),
        )

    # Rank 0 first (its refusal is the one a user sees first), then the
    # others; end published as rank 0, the process the later stages model.
    order = [(0, 0)] + [r for r in ranks if r != (0, 0)]
    checked = 0
    with _quiet("sglang.srt.runtime_context"):
        try:
            for pp_rank, tp_rank in order:
                notes["rank"] = {"pp_rank": pp_rank, "tp_rank": tp_rank}
                one(pp_rank, tp_rank)
                checked += 1
        finally:
            notes["ranks_checked"] = checked
        notes.pop("rank", None)
        if len(order) > 1:
            one(0, 0)
    notes["steps"].append(f"publish(scheduler, ranks) x{checked}")


def _scheduler_init(sa, notes: Dict[str, Any]) -> None:
    from sglang.srt.managers.scheduler import Scheduler

    import compat

    compat.stamp_parallel_widths()
    me = types.SimpleNamespace(server_args=sa)
    Scheduler.init_model_config(me)
    notes["steps"].append("Scheduler.init_model_config")
    mc = me.model_config
    notes["model_config"] = {
        "context_len": getattr(mc, "context_len", None),
        "attention_arch": str(getattr(mc, "attention_arch", None)).split(".")[-1],
        "num_attention_heads": getattr(mc, "num_attention_heads", None),
        "num_key_value_heads": getattr(mc, "num_key_value_heads", None),
        "head_dim": getattr(mc, "head_dim", None),
    }
    for step in ("init_moe_gemm_config", "init_mamba_backend"):
        fn = getattr(Scheduler, step, None)
        if fn is not None:
            fn(me)
            notes["steps"].append(f"Scheduler.{step}")


def run(sa) -> Dict[str, Any]:
    """Run the start-up checks; an SGLang refusal propagates unchanged."""
    notes: Dict[str, Any] = {"steps": []}
    try:
        _launcher(sa, notes)
        _scheduler_publish(sa, notes)
        _scheduler_init(sa, notes)
    except BaseException as e:  # noqa: BLE001
        e.__oracle_startup_notes__ = notes
        raise
    return notes
