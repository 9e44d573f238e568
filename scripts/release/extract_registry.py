#!/usr/bin/env python3
"""registry.json: every model architecture SGLang's model registry serves.

SGLang's registry (``sglang/srt/models/registry.py``, ``import_model_classes``) imports every
plain module of ``sglang.srt.models`` (``pkgutil.iter_modules``: ``models/*.py``, not the
sub-packages) and registers ``cls.__name__`` for ``EntryClass`` (a class or a list of
classes). This script reads the same thing **statically** (``ast``): each module-level
``EntryClass = ...`` assignment, each name in it resolved to the class it denotes (a class
defined in the module, imported from another SGLang module, or an alias) so that the
architecture is the class's own ``__name__``, as the registry keys it.

With ``--import`` it also imports SGLang's registry (``import_model_classes``, the oracle
venv) and reports every difference (``crosscheck``), including modules that fail to import
in this environment (their architectures are then missing from a real server too).

    usage: extract_registry.py WHEEL_DIR OUT.json [--import]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402


class Module:
    """A parsed module: its top-level classes, imports and simple aliases."""

    def __init__(self, root: Path, path: Path):
        self.root = root
        self.path = path
        self.tree, _ = common.parse_file(path)
        self.classes: dict[str, int] = {}
        self.imports: dict[str, tuple[str, str]] = {}
        self.aliases: dict[str, ast.expr] = {}
        self.entries: list[tuple[ast.stmt, bool]] = []
        self._scan(self.tree.body, conditional=False)

    def _scan(self, body: list[ast.stmt], conditional: bool) -> None:
        for stmt in body:
            if isinstance(stmt, ast.ClassDef):
                self.classes.setdefault(stmt.name, stmt.lineno)
            elif isinstance(stmt, ast.ImportFrom) and stmt.module:
                base = self._absolute(stmt.module, stmt.level)
                for a in stmt.names:
                    self.imports[a.asname or a.name] = (base, a.name)
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                for t in targets:
                    if isinstance(t, ast.Name) and stmt.value is not None:
                        if t.id == "EntryClass":
                            self.entries.append((stmt, conditional))
                        else:
                            self.aliases.setdefault(t.id, stmt.value)
            elif isinstance(stmt, ast.AugAssign):
                if isinstance(stmt.target, ast.Name) and stmt.target.id == "EntryClass":
                    self.entries.append((stmt, conditional))
            elif isinstance(stmt, (ast.If, ast.Try)):
                for part in ("body", "orelse", "finalbody"):
                    self._scan(getattr(stmt, part, []), conditional=True)
                for h in getattr(stmt, "handlers", []):
                    self._scan(h.body, conditional=True)

    def _absolute(self, module: str, level: int) -> str:
        if level == 0:
            return module
        rel = self.path.relative_to(self.root).with_suffix("").parts
        pkg = list(rel[:-1])
        if level > 1:
            pkg = pkg[: len(pkg) - (level - 1)]
        return ".".join(pkg + ([module] if module else []))


class Resolver:
    """Follows a name to the class it denotes, across SGLang's own modules."""

    def __init__(self, root: Path):
        self.root = root
        self.cache: dict[Path, Module] = {}

    def module(self, dotted: str) -> Module | None:
        base = self.root.joinpath(*dotted.split("."))
        for path in (base.with_suffix(".py"), base / "__init__.py"):
            if path.is_file():
                if path not in self.cache:
                    self.cache[path] = Module(self.root, path)
                return self.cache[path]
        return None

    def resolve(self, mod: Module, expr: ast.expr, depth: int = 0) -> dict:
        """``{"architecture", "class_file", "class_line", "how"}`` for one entry expression."""
        if depth > 10:
            return {"architecture": None, "how": "unresolved: too deep"}
        if isinstance(expr, ast.Name):
            name = expr.id
            if name in mod.classes:
                return {
                    "architecture": name,
                    "class_file": common.repo_path(self.root, mod.path),
                    "class_line": mod.classes[name],
                    "how": "class",
                }
            if name in mod.aliases:
                r = self.resolve(mod, mod.aliases[name], depth + 1)
                if r.get("architecture"):
                    r["how"] = "alias"
                return r
            if name in mod.imports:
                target, orig = mod.imports[name]
                other = self.module(target)
                if other is None:
                    return {"architecture": orig, "how": f"imported from {target} (not parsed)"}
                r = self.resolve(other, ast.Name(id=orig), depth + 1)
                if r.get("architecture") and r["how"] == "class":
                    r["how"] = "imported"
                return r
            return {"architecture": None, "how": f"unresolved name {name}"}
        if isinstance(expr, ast.Attribute):
            return {"architecture": expr.attr, "how": "attribute (not followed)"}
        if (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Name)
            and expr.func.id == "type"
            and expr.args
            and isinstance(expr.args[0], ast.Constant)
            and isinstance(expr.args[0].value, str)
        ):
            return {"architecture": expr.args[0].value, "how": "type() call"}
        return {"architecture": None, "how": f"unresolved expression {ast.unparse(expr)}"}


def entry_items(value: ast.expr) -> list[ast.expr] | None:
    """The class expressions of an ``EntryClass`` value (a class, or a list/tuple/sum of lists)."""
    if isinstance(value, (ast.List, ast.Tuple)):
        return list(value.elts)
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        left, right = entry_items(value.left), entry_items(value.right)
        if left is None or right is None:
            return None
        return left + right
    if isinstance(value, (ast.Name, ast.Attribute, ast.Call)):
        return [value]
    return None


def static_registry(root: Path) -> tuple[list[dict], list[str]]:
    models = root / "sglang" / "srt" / "models"
    resolver = Resolver(root)
    out: list[dict] = []
    problems: list[str] = []
    for path in sorted(models.glob("*.py")):
        if path.name == "__init__.py":
            continue
        mod = Module(root, path)
        resolver.cache[path] = mod
        for stmt, conditional in mod.entries:
            items = entry_items(stmt.value)
            if items is None:
                problems.append(
                    f"{common.repo_path(root, path)}:{stmt.lineno}: EntryClass value not understood: "
                    f"{ast.unparse(stmt.value)}"
                )
                continue
            for item in items:
                r = resolver.resolve(mod, item)
                rec = {
                    "architecture": r.get("architecture"),
                    "entry": ast.unparse(item),
                    "module": "sglang.srt.models." + path.stem,
                    "file": common.repo_path(root, path),
                    "line": item.lineno,
                    "entry_line": stmt.lineno,
                    "class_file": r.get("class_file"),
                    "class_line": r.get("class_line"),
                    "how": r["how"],
                    "conditional": conditional,
                }
                if rec["architecture"] is None:
                    problems.append(f"{rec['file']}:{rec['line']}: {r['how']}")
                out.append(rec)
    seen: dict[str, dict] = {}
    for rec in out:
        a = rec["architecture"]
        if a is None:
            continue
        if a in seen:
            problems.append(
                f"{a}: registered by {seen[a]['file']}:{seen[a]['line']} and {rec['file']}:{rec['line']} "
                "(SGLang asserts 'Duplicated model implementation')"
            )
        seen.setdefault(a, rec)
    return out, problems


def imported_registry(root: Path) -> dict:
    """SGLang's own registry: ``import_model_classes('sglang.srt.models')``, with the modules
    that failed to import (the registry logs and skips them)."""
    import inspect
    import logging

    errors: dict[str, str] = {}

    class Capture(logging.Handler):
        def emit(self, record):
            msg = record.getMessage()
            prefix = "Ignore import error when loading "
            if msg.startswith(prefix):
                name, _, err = msg[len(prefix) :].partition(": ")
                errors[name] = common.scrub(err, root)

    logging.getLogger("sglang.srt.models.registry").addHandler(Capture())
    import compat

    compat.install()
    from sglang.srt.models import registry

    fn = getattr(registry.import_model_classes, "__wrapped__", registry.import_model_classes)
    classes = fn("sglang.srt.models")
    archs = {}
    for name, cls in classes.items():
        try:
            src = inspect.getsourcefile(cls)
            src = common.repo_path(root, Path(src)) if src else None
        except (TypeError, ValueError):
            src = None
        archs[name] = {"class_name": getattr(cls, "__name__", None), "class_file": src}
    return {
        "architectures": archs,
        "import_errors": errors,
        "adaptations": {k: list(v) for k, v in sorted(compat.ADAPTATIONS.items())},
    }


def main() -> None:
    common.ensure_hash_seed()
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    if len(args) != 2 or any(f != "--import" for f in flags):
        common.fail(__doc__.strip().splitlines()[-1].strip())
    root = common.wheel_root(args[0])
    out_path = Path(args[1])
    version = common.wheel_version(root)

    entries, problems = static_registry(root)
    crosscheck: dict = {"imported": False, "static_problems": problems}
    if "--import" in flags:
        imp = imported_registry(root)
        static_archs = {e["architecture"]: e for e in entries if e["architecture"]}
        imp_archs = imp["architectures"]
        only_static = []
        for a in sorted(set(static_archs) - set(imp_archs)):
            mod = static_archs[a]["module"]
            only_static.append(
                {"architecture": a, "module": mod, "import_error": imp["import_errors"].get(mod)}
            )
        only_imported = [
            {"architecture": a, **imp_archs[a]} for a in sorted(set(imp_archs) - set(static_archs))
        ]
        file_mismatch = [
            {
                "architecture": a,
                "static_class_file": static_archs[a]["class_file"],
                "imported_class_file": imp_archs[a]["class_file"],
            }
            for a in sorted(set(static_archs) & set(imp_archs))
            if static_archs[a]["class_file"] != imp_archs[a]["class_file"]
        ]
        crosscheck.update(
            {
                "imported": True,
                "imported_count": len(imp_archs),
                "only_static": only_static,
                "only_imported": only_imported,
                "class_file_mismatch": file_mismatch,
                "import_errors": dict(sorted(imp["import_errors"].items())),
                "adaptations": imp["adaptations"],
                "note": "only_static architectures whose module failed to import are missing from a "
                "server in this environment (an optional dependency); the static list is the data.",
            }
        )
    data = common.envelope(
        "registry",
        version,
        root,
        "scripts/release/extract_registry.py",
        architectures=entries,
        crosscheck=crosscheck,
    )
    common.write_json(out_path, data)
    n = len({e["architecture"] for e in entries if e["architecture"]})
    print(f"registry.json: {n} architectures ({len(entries)} entries)", file=sys.stderr)
    for p in problems:
        print(f"  static: {p}", file=sys.stderr)
    if crosscheck["imported"]:
        print(
            f"  imported: {crosscheck['imported_count']}; only static: "
            f"{len(crosscheck['only_static'])}; only imported: {len(crosscheck['only_imported'])}; "
            f"class file mismatches: {len(crosscheck['class_file_mismatch'])}",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
