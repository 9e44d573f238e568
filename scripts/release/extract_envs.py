#!/usr/bin/env python3
"""envs.json: every environment variable SGLang declares in ``sglang/srt/environ.py``.

Parsed statically (``ast``): each ``NAME = EnvX(default, ...)`` of ``class Envs`` (what
``envs.NAME.get()`` reads), with its descriptor class, normalised type, default as written
and, where it is a literal, as JSON; and the ``_DEPRECATED_ENVS`` table (names SGLang warns
about, with their replacement and note).

With ``--import`` the module is also imported (it is stdlib-only) and every descriptor's
runtime default is compared with the static one; non-literal defaults (``GateGemvMode.OFF``,
``tuple()``) take their runtime value, callable defaults (evaluated lazily by SGLang, often
machine-dependent) stay ``null`` with ``default_kind: "callable"``.

    usage: extract_envs.py WHEEL_DIR OUT.json [--import]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

BASE_TYPES = {
    "EnvBool": "bool",
    "EnvInt": "int",
    "EnvFloat": "float",
    "EnvStr": "str",
    "EnvTuple": "tuple_str",
    "EnvJSON": "json",
}


def descriptor_bases(tree: ast.Module) -> dict[str, str]:
    """Descriptor class -> normalised type, following the class bases in environ.py
    (``EnvBoolWithAlias(_DeprecatedEnvFallback, EnvBool)`` -> ``bool``)."""
    out = dict(BASE_TYPES)
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    changed = True
    while changed:
        changed = False
        for name, node in classes.items():
            if name in out:
                continue
            for b in node.bases:
                if isinstance(b, ast.Name) and b.id in out:
                    out[name] = out[b.id]
                    changed = True
                    break
    return out


def int_enums(tree: ast.Module) -> dict[str, dict[str, int]]:
    """IntEnum classes of the module with literal member values."""
    out: dict[str, dict[str, int]] = {}
    for n in tree.body:
        if isinstance(n, ast.ClassDef) and any(
            isinstance(b, ast.Name) and b.id == "IntEnum" for b in n.bases
        ):
            members = {}
            for s in n.body:
                if (
                    isinstance(s, ast.Assign)
                    and len(s.targets) == 1
                    and isinstance(s.targets[0], ast.Name)
                    and isinstance(s.value, ast.Constant)
                    and isinstance(s.value.value, int)
                ):
                    members[s.targets[0].id] = s.value.value
            out[n.name] = members
    return out


def static_default(node: ast.expr | None, enums: dict) -> tuple[str, object, bool]:
    """(kind, json value, known) of a default expression."""
    if node is None:
        return "none", None, False
    if isinstance(node, ast.Lambda):
        return "callable", None, False
    if isinstance(node, ast.Name):
        return "callable", None, False  # a function name: EnvBool(_default_hip)
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in enums
        and node.attr in enums[node.value.id]
    ):
        return "enum", enums[node.value.id][node.attr], True
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return "expression", None, False
    jv, exact = common.to_json_value(value)
    return "literal", jv, True


def _scrub(value, root):
    if isinstance(value, str):
        return common.scrub(value, root)
    if isinstance(value, list):
        return [_scrub(v, root) for v in value]
    if isinstance(value, dict):
        return {k: _scrub(v, root) for k, v in value.items()}
    return value


def main() -> None:
    common.ensure_hash_seed()
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    if len(args) != 2 or any(f != "--import" for f in flags):
        common.fail(__doc__.strip().splitlines()[-1].strip())
    root = common.wheel_root(args[0])
    out_path = Path(args[1])
    version = common.wheel_version(root)
    path = root / "sglang" / "srt" / "environ.py"
    rel = common.repo_path(root, path)
    tree, _ = common.parse_file(path)
    types_of = descriptor_bases(tree)
    enums = int_enums(tree)

    envs_cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Envs"), None)
    if envs_cls is None:
        common.fail(f"{rel}: no class Envs")
    envs = []
    problems = []
    for stmt in envs_cls.body:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
            continue
        target = stmt.targets[0]
        call = stmt.value
        if not (isinstance(target, ast.Name) and isinstance(call, ast.Call)):
            continue
        cls = call.func.id if isinstance(call.func, ast.Name) else ast.unparse(call.func)
        if cls not in types_of:
            problems.append(f"{rel}:{stmt.lineno}: {target.id} = {cls}(...): unknown descriptor")
            continue
        kwargs = {k.arg: k.value for k in call.keywords if k.arg}
        default_node = call.args[0] if call.args else kwargs.get("default")
        kind, value, known = static_default(default_node, enums)
        rec = {
            "name": target.id,
            "class": cls,
            "type": types_of[cls],
            "default_source": None if default_node is None else ast.unparse(default_node),
            "default_kind": kind,
            "default": value,
            "file": rel,
            "line": stmt.lineno,
            "end_line": stmt.end_lineno,
        }
        if "deprecated_name" in kwargs:
            dn = kwargs["deprecated_name"]
            rec["deprecated_name"] = dn.value if isinstance(dn, ast.Constant) else ast.unparse(dn)
        if "secret" in kwargs:
            s = kwargs["secret"]
            rec["secret"] = bool(s.value) if isinstance(s, ast.Constant) else ast.unparse(s)
        else:
            rec["secret"] = False
        envs.append(rec)

    seen = {}
    for e in envs:
        if e["name"] in seen:
            problems.append(f"{e['name']}: declared at lines {seen[e['name']]} and {e['line']}")
        seen[e["name"]] = e["line"]

    deprecated = []
    for stmt in tree.body:
        target = None
        if isinstance(stmt, ast.AnnAssign):
            target = stmt.target
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
        if not (isinstance(target, ast.Name) and target.id == "_DEPRECATED_ENVS"):
            continue
        if not isinstance(stmt.value, ast.Dict):
            problems.append(f"{rel}:{stmt.lineno}: _DEPRECATED_ENVS is not a dict literal")
            continue
        for k, v in zip(stmt.value.keys, stmt.value.values):
            if not (isinstance(k, ast.Constant) and isinstance(v, ast.Call)):
                problems.append(f"{rel}:{getattr(k, 'lineno', stmt.lineno)}: entry not understood")
                continue
            kw = {x.arg: x.value for x in v.keywords if x.arg}
            names = ["replacement", "transform", "note"]
            for i, a in enumerate(v.args[: len(names)]):
                kw.setdefault(names[i], a)
            rec = {"name": k.value, "file": rel, "line": k.lineno}
            for key in names:
                node = kw.get(key)
                if node is None:
                    rec[key] = None
                    continue
                try:
                    rec[key] = ast.literal_eval(node)
                except (ValueError, TypeError, SyntaxError):
                    rec[key] = None
                    rec[key + "_source"] = ast.unparse(node)
            deprecated.append(rec)

    crosscheck: dict = {"imported": False, "problems": problems}
    if "--import" in flags:
        import importlib

        environ = importlib.import_module("sglang.srt.environ")
        runtime = {
            k: v for k, v in vars(environ.Envs).items() if isinstance(v, environ.EnvField)
        }
        names = {e["name"] for e in envs}
        mismatches = []
        for e in envs:
            f = runtime.get(e["name"])
            if f is None:
                continue
            if type(f).__name__ != e["class"]:
                mismatches.append(f"{e['name']}: class {type(f).__name__} at runtime")
            if callable(f.default):
                if e["default_kind"] != "callable":
                    mismatches.append(f"{e['name']}: callable default at runtime")
                continue
            jv, exact = common.to_json_value(f.default)
            if e["default_kind"] in ("literal", "enum"):
                if jv != e["default"]:
                    mismatches.append(f"{e['name']}: runtime default {f.default!r}")
            else:
                # An expression evaluated at import (``2 ** 31``, ``tuple()``, or
                # ``os.path.expanduser("~/.cache/sglang")``): the user's home is written ``~``.
                scrubbed = _scrub(jv, root)
                if scrubbed != jv:
                    e["machine_dependent"] = True
                e["default"] = scrubbed
                e["default_kind"] = "evaluated"
            if not exact:
                e["default_repr"] = common.scrub(common.stable_repr(f.default), root)
        dep_runtime = sorted(getattr(environ, "_DEPRECATED_ENVS", {}) or {})
        crosscheck.update(
            {
                "imported": True,
                "only_static": sorted(names - set(runtime)),
                "only_imported": sorted(set(runtime) - names),
                "mismatches": mismatches,
                "deprecated_only_imported": sorted(
                    set(dep_runtime) - {d["name"] for d in deprecated}
                ),
            }
        )

    data = common.envelope(
        "envs",
        version,
        root,
        "scripts/release/extract_envs.py",
        envs=envs,
        deprecated=deprecated,
        crosscheck=crosscheck,
    )
    common.write_json(out_path, data)
    print(f"envs.json: {len(envs)} env vars, {len(deprecated)} deprecated names", file=sys.stderr)
    for p in problems + crosscheck.get("mismatches", []):
        print(f"  crosscheck: {p}", file=sys.stderr)
    for key in ("only_static", "only_imported", "deprecated_only_imported"):
        if crosscheck.get(key):
            print(f"  crosscheck {key}: {crosscheck[key]}", file=sys.stderr)


if __name__ == "__main__":
    main()
