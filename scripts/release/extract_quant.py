#!/usr/bin/env python3
"""Extracts the minimum compute capability of each quantization method of one SGLang wheel.

    python3 scripts/release/extract_quant.py WHEEL_DIR OUT.json

The weight loader refuses a checkpoint whose quantization config class needs a newer GPU
(`model_loader/loader.py` `_get_quantization_config`: "The quantization method ... is not
supported for the current GPU. Minimum capability: ..."). The class of each method name is the
`BASE_QUANTIZATION_METHODS` dict of `layers/quantization/__init__.py` (and its `mxfp4` update);
the capability is what the class's `get_min_capability` returns. Purely static (`ast` of Python
3.11; nothing is imported): a method whose `get_min_capability` is not a single integer literal
(or a call of another class's, resolved) is written with `"min_capability": null` and
`"conditional": true`, for a reviewer to port by hand (`Fp8Config`: 100 for mxfp8, 80 else).
Also records `get_config_filenames` (an empty list: the loader builds the class with no file for
an online quantization). Deterministic output.
"""
import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402


def classes_of(qdir: Path, root: Path):
    """Every class under layers/quantization: name -> (file, ClassDef)."""
    out = {}
    for f in sorted(qdir.rglob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8-sig"))
        for n in ast.walk(tree):
            if isinstance(n, ast.ClassDef) and n.name not in out:
                out[n.name] = ("python/" + str(f.relative_to(root)), n)
    return out


def method(cls: ast.ClassDef, name: str):
    for fn in cls.body:
        if isinstance(fn, ast.FunctionDef) and fn.name == name:
            return fn
    return None


def base_names(cls: ast.ClassDef):
    return [b.id for b in cls.bases if isinstance(b, ast.Name)]


def find_method(classes, cname, name, seen=()):
    """The class defining `name` for `cname`, following its bases (first base first)."""
    if cname not in classes or cname in seen:
        return None
    f, c = classes[cname]
    fn = method(c, name)
    if fn is not None:
        return cname, f, fn
    for b in base_names(c):
        hit = find_method(classes, b, name, seen + (cname,))
        if hit:
            return hit
    return None


def min_capability(classes, cname, depth=0):
    """(value or None, file, line of the return) of `cname.get_min_capability`."""
    hit = find_method(classes, cname, "get_min_capability")
    if hit is None:
        return None, None, None
    _, f, fn = hit
    rets = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
    if len(rets) != 1 or rets[0].value is None:
        return None, f, fn.lineno
    v = rets[0].value
    if isinstance(v, ast.Constant) and isinstance(v.value, int) and not isinstance(v.value, bool):
        return v.value, f, rets[0].lineno
    if (
        depth < 3
        and isinstance(v, ast.Call)
        and isinstance(v.func, ast.Attribute)
        and v.func.attr == "get_min_capability"
        and isinstance(v.func.value, ast.Name)
        and not v.args
    ):
        value, _, _ = min_capability(classes, v.func.value.id, depth + 1)
        return value, f, rets[0].lineno
    return None, f, rets[0].lineno


def config_filenames(classes, cname):
    hit = find_method(classes, cname, "get_config_filenames")
    if hit is None:
        return None
    _, _, fn = hit
    rets = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
    if len(rets) != 1:
        return None
    value = rets[0].value
    if isinstance(value, ast.Name):
        # `filenames = []` ... `return filenames` (w8a8_int8.py): the one assignment of a local
        # list that nothing else touches
        uses = [
            n
            for n in ast.walk(fn)
            if isinstance(n, ast.Name) and n.id == value.id and n is not value
        ]
        assigns = [
            n
            for n in ast.walk(fn)
            if isinstance(n, ast.Assign)
            and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name)
            and n.targets[0].id == value.id
        ]
        if len(assigns) != 1 or len(uses) != 1:
            return None
        value = assigns[0].value
    if isinstance(value, ast.List):
        vals = [e.value for e in value.elts if isinstance(e, ast.Constant)]
        if len(vals) == len(value.elts):
            return vals
    return None


def registry(init: Path):
    """(name, class, where) of BASE_QUANTIZATION_METHODS and of its `.update({...})` calls
    (`where` is the guard's source for an update, `None` for the base dict)."""
    tree = ast.parse(init.read_text(encoding="utf-8-sig"))
    out = []

    def add(d: ast.Dict, where):
        for k, v in zip(d.keys, d.values):
            if isinstance(k, ast.Constant) and isinstance(v, ast.Name):
                out.append((k.value, v.id, where))

    for n in tree.body:
        target = None
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            target, value = n.target.id, n.value
        elif isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            target, value = n.targets[0].id, n.value
        if target == "BASE_QUANTIZATION_METHODS" and isinstance(value, ast.Dict):
            add(value, None)
        if isinstance(n, ast.If):
            for s in n.body:
                c = getattr(s, "value", None)
                if (
                    isinstance(c, ast.Call)
                    and isinstance(c.func, ast.Attribute)
                    and c.func.attr == "update"
                    and isinstance(c.func.value, ast.Name)
                    and c.func.value.id == "BASE_QUANTIZATION_METHODS"
                    and c.args
                    and isinstance(c.args[0], ast.Dict)
                ):
                    add(c.args[0], ast.unparse(n.test))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: extract_quant.py WHEEL_DIR OUT.json")
    common.ensure_hash_seed()
    root = common.wheel_root(sys.argv[1])
    qdir = root / "sglang" / "srt" / "layers" / "quantization"
    classes = classes_of(qdir, root)
    rows = []
    for name, cname, where in registry(qdir / "__init__.py"):
        value, f, line = min_capability(classes, cname)
        rows.append({
            "name": name,
            "class": cname,
            "registered_when": where,
            "min_capability": value,
            "conditional": value is None,
            "file": f,
            "line": line,
            "config_filenames": config_filenames(classes, cname),
        })
    out = common.envelope(
        "quant", common.wheel_version(root), root, "scripts/release/extract_quant.py",
        source="python/sglang/srt/layers/quantization/__init__.py", methods=rows,
    )
    common.write_json(Path(sys.argv[2]), out)


if __name__ == "__main__":
    main()
