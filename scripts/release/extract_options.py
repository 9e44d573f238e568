#!/usr/bin/env python3
"""options.json: SGLang's argparse option table, exactly as ``sglang serve`` builds it.

Imports the release (needs it on PYTHONPATH and the oracle venv's dependencies) and builds
the parser the way ``prepare_server_args`` does (``sglang/srt/server_args.py``):
``argparse.ArgumentParser(prog="sglang serve")`` + ``ServerArgs.add_cli_args(parser)``; then
asks SGLang's own ``ConfigArgumentMerger`` which options a ``--config`` YAML file may set.
Successor of ``crates/preflight-core/scripts/gen_sglang_options.py dump`` (same ``names``,
``dest``, ``action``, ``nargs``, ``type``, ``in_config``; ``choices`` keep their Python type).

    usage: extract_options.py WHEEL_DIR OUT.json
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402


def type_name(t) -> str | None:
    """The name of an argparse ``type=`` callable (``int``, ``human_readable_int``, ...)."""
    if t is None:
        return None
    if hasattr(t, "__name__"):
        return t.__name__
    return type(t).__name__


def json_or_repr(value, out: dict, key: str) -> None:
    """Stores ``value`` under ``key`` as JSON; adds ``key_repr`` when JSON cannot be exact."""
    jv, exact = common.to_json_value(value)
    out[key] = jv
    if not exact:
        out[key + "_repr"] = common.stable_repr(value)


def main() -> None:
    common.ensure_hash_seed()
    if len(sys.argv) != 3:
        common.fail(__doc__.strip().splitlines()[-1].strip())
    root = common.wheel_root(sys.argv[1])
    out_path = Path(sys.argv[2])
    version = common.wheel_version(root)

    from sglang.srt.server_args import ServerArgs
    from sglang.srt.utils.server_args_config_parser import ConfigArgumentMerger

    parser = argparse.ArgumentParser(prog="sglang serve")
    ServerArgs.add_cli_args(parser)
    merger = ConfigArgumentMerger(parser)
    unsupported = {id(a) for a in merger.unsupported_actions.values()}

    options = []
    for index, a in enumerate(parser._actions):
        if not a.option_strings or "-h" in a.option_strings:
            continue
        o: dict = {
            "names": list(a.option_strings),
            "dest": a.dest,
            "action": type(a).__name__,
            "nargs": a.nargs,
            "type": type_name(a.type),
            "required": bool(a.required),
            "metavar": a.metavar if isinstance(a.metavar, (str, type(None))) else list(a.metavar),
            "in_config": id(a) not in unsupported,
            "group": getattr(a.container, "title", None),
            "position": index,
        }
        if a.choices is None:
            o["choices"] = []
            o["choices_container"] = None
            o["choices_unordered"] = False
        else:
            o["choices_container"] = type(a.choices).__name__
            items = list(a.choices)
            o["choices"] = [common.to_json_value(c)[0] for c in items]
            reprs = [repr(c) for c in items]
            if any(repr(jv) != r for jv, r in zip(o["choices"], reprs)):
                o["choices_repr"] = reprs
            # A set's order (and so argparse's "choose from" list) depends on the string hash
            # seed of the process: recorded under PYTHONHASHSEED=0, like the oracle.
            o["choices_unordered"] = isinstance(a.choices, (set, frozenset, dict))
        json_or_repr(a.default, o, "default")
        json_or_repr(a.const, o, "const")
        if a.help is argparse.SUPPRESS:
            o["help"] = None
            o["help_suppressed"] = True
        else:
            o["help"] = common.first_line(a.help)
            o["help_suppressed"] = False
        dep = None
        if type(a).__name__.startswith("Deprecated"):
            dep = {"action": type(a).__name__}
            for attr in ("new_flag", "const_value", "error_message"):
                if hasattr(a, attr):
                    json_or_repr(getattr(a, attr), dep, attr)
        o["deprecated"] = dep
        if isinstance(a, argparse.BooleanOptionalAction):
            o["negative_names"] = [n for n in a.option_strings if n.startswith("--no-")]
        options.append(o)

    # Which option strings of a dest are aliases: every option string after the first of an
    # action, and every action that shares its dest with an earlier action.
    first_by_dest: dict[str, str] = {}
    for o in options:
        canonical = first_by_dest.setdefault(o["dest"], o["names"][0])
        o["alias_of"] = None if canonical == o["names"][0] else canonical

    config = {
        "store_true_keys": sorted(set(merger.store_true_actions)),
        "unsupported_keys": sorted(merger.unsupported_actions),
    }
    data = common.envelope(
        "options",
        version,
        root,
        "scripts/release/extract_options.py",
        python=f"{sys.version_info[0]}.{sys.version_info[1]}",
        parser={"prog": parser.prog, "allow_abbrev": parser.allow_abbrev},
        config=config,
        options=options,
    )
    common.write_json(out_path, data)
    print(f"options.json: {len(options)} options", file=sys.stderr)


if __name__ == "__main__":
    main()
