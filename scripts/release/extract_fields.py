#!/usr/bin/env python3
"""fields.json: every ``ServerArgs`` field of a release, in the release's own order.

Two sources, each for what it does best:

* **imported** (the release on PYTHONPATH, the oracle venv): the field list and order as
  SGLang assembles it (0.5.19: the ``ServerArgs`` dataclass; 0.5.20+: the msgspec struct
  built from the namespaces of ``arg_groups/fields/*.py`` in ``POSITIONAL_FIELD_ORDER``),
  the evaluated defaults (``default_factory`` called), the resolved type hints and the
  ``Arg``/``NS``/``Derived`` metadata;
* **parsed** (``ast``): where each field is declared (file, line) and its annotation and
  default as written in the source.

The two are cross-checked (``crosscheck``); a field the parser cannot place is reported
there, not dropped.

    usage: extract_fields.py WHEEL_DIR OUT.json
"""

from __future__ import annotations

import ast
import dataclasses
import sys
import types
import typing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

SCALARS = {int: "int", float: "float", bool: "bool", str: "str"}
LISTS = {str: "list_str", int: "list_int", float: "list_float"}
JSONISH = (str, int, float, bool, type(None), typing.Any)


def _is_union(origin) -> bool:
    return origin is typing.Union or origin is types.UnionType


def normalise(tp) -> dict:
    """The normalised type of a (resolved, ``Annotated``-stripped) type hint.

    Returns ``{"type": ..., "nullable": bool}`` plus ``"literal": [...]`` for ``Literal``.
    ``type`` is one of int, float, bool, str, optional_int, optional_float, optional_bool,
    optional_str, list_str, list_int, list_float, json, any.
    """
    nullable = False
    origin = typing.get_origin(tp)
    if _is_union(origin):
        args = typing.get_args(tp)
        rest = [a for a in args if a is not type(None)]
        nullable = len(rest) < len(args)
        if len(rest) != 1:
            return {"type": "any", "nullable": nullable}
        tp = rest[0]
        origin = typing.get_origin(tp)
    literal = None
    if origin is typing.Literal:
        vals = list(typing.get_args(tp))
        literal = [common.to_json_value(v)[0] for v in vals]
        if None in vals:
            nullable = True
        kinds = {type(v) for v in vals if v is not None}
        tp = kinds.pop() if len(kinds) == 1 else typing.Any
        origin = None
    if tp in SCALARS:
        base = SCALARS[tp]
        out = {"type": ("optional_" + base) if nullable else base, "nullable": nullable}
    elif origin in (list, typing.List):
        (item,) = typing.get_args(tp) or (typing.Any,)
        if item in LISTS:
            out = {"type": LISTS[item], "nullable": nullable}
        elif _jsonish(item):
            out = {"type": "json", "nullable": nullable}
        else:
            out = {"type": "any", "nullable": nullable}
    elif tp in (list, dict) or origin in (dict, typing.Dict):
        out = {"type": "json" if _jsonish(tp) else "any", "nullable": nullable}
    else:
        out = {"type": "any", "nullable": nullable}
    if literal is not None:
        out["literal"] = literal
    return out


def _jsonish(tp) -> bool:
    """Whether values of ``tp`` are JSON values."""
    if tp in JSONISH or tp in (list, dict):
        return True
    origin = typing.get_origin(tp)
    if origin in (list, typing.List, dict, typing.Dict):
        args = typing.get_args(tp)
        if origin in (dict, typing.Dict) and args and args[0] is not str:
            return False
        return all(_jsonish(a) for a in args)
    if _is_union(origin):
        return all(_jsonish(a) for a in typing.get_args(tp))
    return False


def hint_text(tp) -> str:
    """A readable spelling of a resolved type hint (``Optional[List[str]]``, ``int``)."""
    if isinstance(tp, type) and typing.get_origin(tp) is None and not typing.get_args(tp):
        return tp.__name__ if tp.__module__ == "builtins" else f"{tp.__module__}.{tp.__qualname__}"
    return common.stable_repr(tp).replace("typing.", "")


def unwrap(tp):
    """(inner type, [metadata]) of ``Annotated[T, ...]``."""
    if typing.get_origin(tp) is typing.Annotated:
        args = typing.get_args(tp)
        return args[0], list(args[1:])
    return tp, []


class SourceIndex:
    """Class bodies parsed from source files: ``(file, class qualname) -> {field: info}``."""

    def __init__(self, root: Path):
        self.root = root
        self.cache: dict[tuple[str, str], dict] = {}

    def fields_of(self, file: Path, qualname: str) -> dict:
        key = (str(file), qualname)
        if key in self.cache:
            return self.cache[key]
        tree, src = common.parse_file(file)
        node = _find_class(tree, qualname.split("."))
        out: dict = {}
        if node is not None:
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    ann = stmt.annotation
                    inner = ann
                    if isinstance(ann, ast.Subscript) and _name(ann.value) in ("A", "Annotated"):
                        sl = ann.slice
                        inner = sl.elts[0] if isinstance(sl, ast.Tuple) else sl
                    out[stmt.target.id] = {
                        "line": stmt.lineno,
                        "end_line": stmt.end_lineno,
                        "annotation": ast.unparse(inner),
                        "default_source": None if stmt.value is None else ast.unparse(stmt.value),
                        "kind": "field",
                    }
                elif (
                    isinstance(stmt, ast.Assign)
                    and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name)
                ):
                    out.setdefault(
                        stmt.targets[0].id,
                        {"line": stmt.lineno, "end_line": stmt.end_lineno, "kind": "assign"},
                    )
        self.cache[key] = out
        return out


def _name(node) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _find_class(tree: ast.AST, parts: list[str]):
    body = tree.body
    node = None
    for part in parts:
        if part == "<locals>":
            continue
        node = next(
            (n for n in body if isinstance(n, (ast.ClassDef, ast.FunctionDef)) and n.name == part),
            None,
        )
        if node is None:
            return None
        body = node.body
    return node if isinstance(node, ast.ClassDef) else None


def declaring_class(name: str, sources: list[type]):
    """The class whose own body annotates ``name`` (nearest in the MRO of each source)."""
    for cls in sources:
        for base in cls.__mro__:
            if name in base.__dict__.get("__annotations__", {}):
                return base
    return None


def main() -> None:
    common.ensure_hash_seed()
    if len(sys.argv) != 3:
        common.fail(__doc__.strip().splitlines()[-1].strip())
    root = common.wheel_root(sys.argv[1])
    out_path = Path(sys.argv[2])
    version = common.wheel_version(root)

    import msgspec
    import msgspec.structs

    import sglang.srt.server_args as sa
    from sglang.srt.arg_groups import arg_utils

    ServerArgs = sa.ServerArgs
    hints = typing.get_type_hints(ServerArgs, include_extras=True)
    if dataclasses.is_dataclass(ServerArgs):
        container = "dataclass"
        raw_fields = []
        for f in dataclasses.fields(ServerArgs):
            if f.default is not dataclasses.MISSING:
                raw_fields.append((f.name, "value", f.default))
            elif f.default_factory is not dataclasses.MISSING:
                raw_fields.append((f.name, "factory", f.default_factory()))
            else:
                raw_fields.append((f.name, "required", None))
    else:
        container = "msgspec.Struct"
        raw_fields = []
        for f in msgspec.structs.fields(ServerArgs):
            if f.default is not msgspec.NODEFAULT:
                raw_fields.append((f.name, "value", f.default))
            elif f.default_factory is not msgspec.NODEFAULT:
                raw_fields.append((f.name, "factory", f.default_factory()))
            else:
                raw_fields.append((f.name, "required", None))

    namespaces = arg_utils.namespace_of(ServerArgs)
    sources = list(getattr(ServerArgs, "_NAMESPACES", None) or [ServerArgs])
    Derived = getattr(arg_utils, "Derived", None)
    Arg = arg_utils.Arg
    index = SourceIndex(root)

    def where(cls) -> tuple[Path | None, str]:
        mod = sys.modules.get(cls.__module__)
        file = Path(mod.__file__).resolve() if mod is not None and mod.__file__ else None
        return file, cls.__qualname__

    problems: list[str] = []
    fields = []
    for name, default_kind, default in raw_fields:
        tp, meta = unwrap(hints.get(name, typing.Any))
        arg = next((m for m in meta if isinstance(m, Arg)), None)
        if arg is None and any(isinstance(m, str) for m in meta):
            arg = Arg(help=next(m for m in meta if isinstance(m, str)))
        rec: dict = {"name": name, "namespace": namespaces.get(name)}
        rec.update(normalise(tp))
        rec["type_hint"] = hint_text(tp)
        rec["default_kind"] = default_kind
        jv, exact = common.to_json_value(default)
        rec["default"] = common.scrub(jv, root) if isinstance(jv, str) else jv
        if not exact:
            rec["default_repr"] = common.scrub(common.stable_repr(default), root)
        rec["resolvable"] = bool(getattr(arg, "resolvable", False)) if arg else False
        rec["no_cli"] = bool(getattr(arg, "no_cli", False)) if arg else False
        fb = getattr(arg, "fallback", None) if arg else None
        rec["fallback"] = common.to_json_value(fb)[0]
        cls = declaring_class(name, sources)
        src = None
        if cls is not None:
            file, qual = where(cls)
            if file is not None and file.is_relative_to(root):
                src = index.fields_of(file, qual).get(name)
                rec["file"] = common.repo_path(root, file)
                rec["class"] = qual
        if src is None:
            # ServerArgs' own annotations (merged in by server_args.py).
            file = root / "sglang" / "srt" / "server_args.py"
            src = index.fields_of(file, "ServerArgs").get(name)
            rec["file"] = common.repo_path(root, file)
            rec["class"] = "ServerArgs"
        if src is None or src.get("kind") != "field":
            problems.append(f"field {name}: no annotated declaration found in the source")
            rec.update({"line": None, "annotation": None, "default_source": None})
        else:
            rec["line"] = src["line"]
            rec["annotation"] = src["annotation"]
            rec["default_source"] = src["default_source"]
        fields.append(rec)

    derived = []
    if Derived is not None:
        for cls in sources:
            for base in reversed(cls.__mro__):
                for attr, value in base.__dict__.items():
                    if not isinstance(value, Derived):
                        continue
                    file, qual = where(base)
                    rec = {
                        "name": attr,
                        "namespace": base.__dict__.get("_NS_PATH"),
                        "fn": value.fn or None,
                        "doc": common.first_line(value.doc),
                        "class": qual,
                        "file": common.repo_path(root, file) if file else None,
                    }
                    d = getattr(value, "default", None)
                    no_default = getattr(arg_utils, "_NO_DEFAULT", object())
                    rec["has_default"] = d is not no_default
                    rec["default"] = common.to_json_value(d)[0] if d is not no_default else None
                    info = index.fields_of(file, qual).get(attr) if file else None
                    rec["line"] = info["line"] if info else None
                    if rec in derived:
                        continue
                    derived.append(rec)

    order_src = None
    fo = root / "sglang" / "srt" / "arg_groups" / "field_order.py"
    if fo.is_file():
        order_src = common.repo_path(root, fo)

    data = common.envelope(
        "fields",
        version,
        root,
        "scripts/release/extract_fields.py",
        container=container,
        order={
            "source": order_src
            or "python/sglang/srt/server_args.py (dataclass declaration order)",
        },
        fields=fields,
        derived=derived,
        crosscheck={"problems": problems},
    )
    common.write_json(out_path, data)
    print(f"fields.json: {len(fields)} fields, {len(derived)} derived", file=sys.stderr)
    for p in problems:
        print(f"  crosscheck: {p}", file=sys.stderr)


if __name__ == "__main__":
    main()
