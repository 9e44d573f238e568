#!/usr/bin/env python3
"""sites.json + sites/<area>.json: the LOCK of SGLang's messages in the files Preflight mirrors.

Every ``raise``, ``assert``, logger call (``logger.warning/error/info/exception/critical``,
``warning_once``/``info_once``), ``warnings.warn``, SGLang's logging helpers
(``print_warning_once``, ``print_deprecated_warning``, ``log_info_on_rank0``), argparse's
``parser.error`` and ``print`` in those files, with its line, enclosing function and the
message **template reconstructed from the AST** in SGLang's f-string syntax. Purely static
(``ast`` of Python 3.11); nothing is imported, so any release can be read.

    usage: extract_sites.py WHEEL_DIR OUT_DIR      (writes OUT_DIR/sites.json, OUT_DIR/sites/*.json)

Templates (see README.md, "sites"): literal text with ``{`` and ``}`` doubled, and one
``{expr}`` / ``{expr!r}`` / ``{expr:fmt}`` placeholder per f-string replacement field with the
field's source text exactly as written (verified: the text re-parses to the same AST), or,
when that check fails, ``ast.unparse`` of the expression (``exact: false``). Adjacent string
literals are one template. ``"a" + x`` becomes ``a{x}``; ``"...{}".format(x)`` becomes
``...{x}``; ``%``-formatting (a logger call with arguments, or ``"..." % args``) keeps its
``%s`` in the template and lists the argument expressions in ``args``.
"""

from __future__ import annotations

import ast
import io
import string
import sys
import tokenize
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

LOG_LEVELS = {
    "info",
    "warning",
    "warn",
    "error",
    "exception",
    "critical",
    "fatal",
    "warning_once",
    "info_once",
    "error_once",
}
LOGGER_NAMES = {"logger", "_logger", "log", "LOGGER", "logging"}
#: SGLang's logging helpers: name -> (level, index of the message argument).
HELPERS = {
    "print_warning_once": ("warning_once", 0),
    "print_deprecated_warning": ("warning", 0),
    "log_info_on_rank0": ("info", 1),
}

# ---------------------------------------------------------------------------------------
# Which files, and which parts of them
# ---------------------------------------------------------------------------------------


def find_def_file(root: Path, func: str) -> Path | None:
    """The module of the wheel that defines ``def func`` (text prefilter, ``ast`` confirms)."""
    hits = []
    for path in sorted(root.glob("sglang/**/*.py")):
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            continue
        if f"def {func}" not in text:
            continue
        tree = ast.parse(text)
        if any(isinstance(n, ast.FunctionDef) and n.name == func for n in tree.body):
            hits.append(path)
    return hits[0] if hits else None


def areas(root: Path) -> list[tuple[str, list[tuple[Path, str]]]]:
    """(area, [(file, scope)]) in a fixed order; scope is ``all`` or ``init`` (constructors and
    the module-local functions they call)."""
    srt = root / "sglang" / "srt"
    att = srt / "layers" / "attention"
    out: list[tuple[str, list[tuple[Path, str]]]] = [
        ("arg_groups", [(p, "all") for p in sorted(srt.glob("arg_groups/**/*.py"))]),
        ("server_args", [(srt / "server_args.py", "all")]),
        ("model_config", [(srt / "configs" / "model_config.py", "all")]),
        ("runtime_context", [(srt / "runtime_context.py", "all")]),
    ]
    attention = [(att / "attention_registry.py", "all")]
    attention += [(p, "init") for p in sorted(att.glob("*backend*.py"))]
    sparse = find_def_file(root, "_validate_flashinfer_sparse_mla_backend")
    if sparse is not None and all(sparse != p for p, _ in attention):
        attention.append((sparse, "all"))
    out.append(("attention", attention))
    out.append(("kv_cache", [(srt / "mem_cache" / "kv_cache_dtype.py", "all")]))
    mr = srt / "model_executor"
    runner = [(p, "all") for p in sorted(mr.glob("model_runner*.py"))]
    runner += [(p, "all") for p in sorted(mr.glob("model_runner_components/*.py"))]
    out.append(("model_runner", runner))
    # the weight loader's quantization checks (`_get_quantization_config`)
    out.append(("model_loader", [(srt / "model_loader" / "loader.py", "all")]))
    return [(a, [(p, s) for p, s in files if p.is_file()]) for a, files in out]


class Defs:
    """Qualified names of the functions of a module (``Class.method``, ``f.<locals>.g``)."""

    def __init__(self, tree: ast.Module):
        self.funcs: dict[str, ast.AST] = {}
        self.classes: dict[str, ast.ClassDef] = {}
        self._walk(tree.body, [])

    def _walk(self, body, prefix):
        for n in body:
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                q = ".".join(prefix + [n.name])
                self.funcs[q] = n
                self._walk(n.body, prefix + [n.name, "<locals>"])
            elif isinstance(n, ast.ClassDef):
                q = ".".join(prefix + [n.name])
                self.classes[q] = n
                self._walk(n.body, prefix + [n.name])


def init_scope(tree: ast.Module) -> dict[str, list[str]]:
    """Functions reached from a constructor: every ``Class.__init__`` of the module, plus,
    transitively, module-level functions it calls by name and methods of its class it calls
    through ``self``/``cls``/the class name. Returns qualname -> sorted constructors."""
    defs = Defs(tree)
    top = {q for q in defs.funcs if "." not in q}
    reached: dict[str, set[str]] = {}
    todo = []
    for q in defs.funcs:
        if q.endswith(".__init__") and q.rsplit(".", 1)[0] in defs.classes:
            reached[q] = {q}
            todo.append(q)
    while todo:
        q = todo.pop()
        node = defs.funcs[q]
        cls = None
        parts = q.split(".")
        for i in range(len(parts) - 1, 0, -1):
            cand = ".".join(parts[:i])
            if cand in defs.classes:
                cls = cand
                break
        for n in ast.walk(node):
            if not isinstance(n, ast.Call):
                continue
            target = None
            f = n.func
            if isinstance(f, ast.Name) and f.id in top:
                target = f.id
            elif (
                isinstance(f, ast.Attribute)
                and isinstance(f.value, ast.Name)
                and cls is not None
                and f.value.id in ("self", "cls", cls.rsplit(".", 1)[-1])
                and f"{cls}.{f.attr}" in defs.funcs
            ):
                target = f"{cls}.{f.attr}"
            if target is None:
                continue
            before = set(reached.get(target, set()))
            reached.setdefault(target, set()).update(reached[q])
            if reached[target] != before:
                todo.append(target)
    return {q: sorted(v) for q, v in reached.items()}


# ---------------------------------------------------------------------------------------
# Message templates
# ---------------------------------------------------------------------------------------


def esc(text: str) -> str:
    """Literal text in f-string syntax."""
    return text.replace("{", "{{").replace("}", "}}")


def _skip_string(body: str, j: int) -> int:
    """Index just past the string literal starting at ``body[j]`` (a quote)."""
    q = body[j]
    triple = body[j : j + 3] == q * 3
    delim = q * 3 if triple else q
    k = j + len(delim)
    while k < len(body):
        if body[k] == "\\":
            k += 2
            continue
        if body.startswith(delim, k):
            return k + len(delim)
        k += 1
    return k


def fstring_fields(token: str) -> list[str] | None:
    """The replacement-field texts of one f-string token (``f"a{x!r}b"`` -> ``["x!r"]``)."""
    i = 0
    while i < len(token) and token[i].isalpha():
        i += 1
    prefix = token[:i].lower()
    if "f" not in prefix:
        return []
    raw = "r" in prefix
    q = token[i : i + 3] if token[i : i + 3] in ('"""', "'''") else token[i]
    body = token[i + len(q) : len(token) - len(q)]
    fields = []
    k = 0
    while k < len(body):
        c = body[k]
        if c == "\\" and not raw:
            if body[k + 1 : k + 3] == "N{":
                end = body.find("}", k)
                k = end + 1 if end >= 0 else len(body)
            else:
                k += 2
            continue
        if c == "{":
            if body[k + 1 : k + 2] == "{":
                k += 2
                continue
            j = k + 1
            depth = 0
            while j < len(body):
                ch = body[j]
                if ch in "'\"":
                    j = _skip_string(body, j)
                    continue
                if ch in "([{":
                    depth += 1
                elif ch in ")]}":
                    if depth == 0:
                        break
                    depth -= 1
                j += 1
            if j >= len(body):
                return None
            fields.append(body[k + 1 : j])
            k = j + 1
            continue
        if c == "}" and body[k + 1 : k + 2] == "}":
            k += 2
            continue
        k += 1
    return fields


def string_tokens(segment: str) -> list[str] | None:
    """The STRING tokens of a source segment (wrapped in parentheses so line breaks between
    implicitly concatenated literals tokenize)."""
    try:
        toks = list(tokenize.generate_tokens(io.StringIO("(" + segment + ")").readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return [t.string for t in toks if t.type == tokenize.STRING]


class Templater:
    """Builds message templates for one source file."""

    def __init__(self, source: str):
        self.source = source
        # The lines as ``ast`` counts them (only \r\n, \r and \n end a line), UTF-8 encoded:
        # ``col_offset`` is a byte offset.
        lines, start = [], 0
        i = 0
        while i < len(source):
            c = source[i]
            if c in "\r\n":
                end = i + 2 if source[i : i + 2] == "\r\n" else i + 1
                lines.append(source[start:end])
                start = i = end
                continue
            i += 1
        if start < len(source):
            lines.append(source[start:])
        self.lines = [ln.encode("utf-8") for ln in lines]

    def segment(self, node: ast.AST) -> str | None:
        """``ast.get_source_segment`` over the cached lines (which it would re-split per call)."""
        try:
            lo, hi = node.lineno - 1, node.end_lineno - 1
            co, eco = node.col_offset, node.end_col_offset
        except AttributeError:
            return None
        if lo < 0 or hi >= len(self.lines) or co is None or eco is None:
            return None
        if lo == hi:
            return self.lines[lo][co:eco].decode("utf-8")
        first = self.lines[lo][co:].decode("utf-8")
        last = self.lines[hi][:eco].decode("utf-8")
        middle = [ln.decode("utf-8") for ln in self.lines[lo + 1 : hi]]
        return "".join([first] + middle + [last])

    def seg(self, node: ast.AST) -> str:
        s = self.segment(node)
        return s if s is not None else ast.unparse(node)

    def joined(self, node: ast.JoinedStr) -> tuple[str, bool]:
        """Template of an f-string (possibly implicitly concatenated), and whether every
        placeholder is the verified source text."""
        fvs = [v for v in node.values if isinstance(v, ast.FormattedValue)]
        exact_texts: list[str | None] = [None] * len(fvs)
        segment = self.segment(node)
        toks = string_tokens(segment) if segment is not None else None
        if toks is not None:
            found: list[tuple[str, str]] = []
            ok = True
            for tok in toks:
                fields = fstring_fields(tok)
                if fields is None:
                    ok = False
                    break
                i = 0
                while i < len(tok) and tok[i].isalpha():
                    i += 1
                q = tok[i : i + 3] if tok[i : i + 3] in ('"""', "'''") else tok[i]
                for f in fields:
                    found.append((f, tok[:i] + q))
            if ok and len(found) == len(fvs):
                for n, ((text, opener), fv) in enumerate(zip(found, fvs)):
                    exact_texts[n] = self._verified(text, opener, fv)
        parts = []
        exact = True
        n = 0
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(esc(str(v.value)))
            elif isinstance(v, ast.FormattedValue):
                text = exact_texts[n]
                n += 1
                if text is None:
                    exact = False
                    text = self._unparse_field(v)
                parts.append("{" + text + "}")
        return "".join(parts), exact

    @staticmethod
    def _verified(text: str, opener: str, fv: ast.FormattedValue) -> str | None:
        """The placeholder text for replacement field ``text`` if it re-parses to exactly
        ``fv``; a self-documenting ``{x=}`` (whose ``x=`` is already in the literal part, as in
        Python's AST) becomes ``{x!r}`` (or ``{x:spec}`` / ``{x!s}``), which renders the same."""
        closer = opener.lstrip("rRfFbBuU")
        try:
            body = ast.parse(opener + "{" + text + "}" + closer, mode="eval").body
        except SyntaxError:
            return None
        if not isinstance(body, ast.JoinedStr):
            return None
        if len(body.values) == 1:
            return text.strip() if ast.dump(body.values[0]) == ast.dump(fv) else None
        if len(body.values) == 2 and isinstance(body.values[0], ast.Constant):
            if ast.dump(body.values[1]) != ast.dump(fv):
                return None
            for pos in range(len(text)):
                if text[pos] != "=":
                    continue
                head, rest = text[:pos], text[pos + 1 :].strip()
                if rest and rest[0] not in "!:":
                    continue
                try:
                    expr = ast.parse(head.strip(), mode="eval").body
                except SyntaxError:
                    continue
                if ast.dump(expr) == ast.dump(fv.value):
                    return head.strip() + (rest if rest else "!r")
        return None

    def _unparse_field(self, v: ast.FormattedValue) -> str:
        out = ast.unparse(v.value)
        if v.conversion != -1:
            out += "!" + chr(v.conversion)
        if v.format_spec is not None:
            spec = []
            for p in v.format_spec.values:
                if isinstance(p, ast.Constant):
                    spec.append(str(p.value))
                else:
                    spec.append("{" + self._unparse_field(p) + "}")
            out += ":" + "".join(spec)
        return out

    def message(self, node: ast.expr | None) -> dict:
        """``{"form", "template", "expr", "args", "exact"}`` for a message expression."""
        if node is None:
            return {"form": "none", "template": None, "expr": None, "args": [], "exact": True}
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {"form": "literal", "template": esc(node.value), "expr": None, "args": [], "exact": True}
        if isinstance(node, ast.JoinedStr):
            t, exact = self.joined(node)
            return {"form": "fstring", "template": t, "expr": None, "args": [], "exact": exact}
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            ops = self._flatten_add(node)
            if any(self._is_text(o) for o in ops):
                parts, exact = [], True
                for o in ops:
                    if isinstance(o, ast.Constant) and isinstance(o.value, str):
                        parts.append(esc(o.value))
                    elif isinstance(o, ast.JoinedStr):
                        t, ok = self.joined(o)
                        parts.append(t)
                        exact = exact and ok
                    else:
                        parts.append("{" + self.seg(o) + "}")
                return {"form": "concat", "template": "".join(parts), "expr": None, "args": [], "exact": exact}
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and self._is_text(node.left):
            inner = self.message(node.left)
            right = node.right
            args = [self.seg(e) for e in right.elts] if isinstance(right, ast.Tuple) else [self.seg(right)]
            inner.update({"form": "percent", "args": args})
            return inner
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and isinstance(node.func.value, ast.Constant)
            and isinstance(node.func.value.value, str)
        ):
            t = self._format_template(node)
            if t is not None:
                return {"form": "format", "template": t, "expr": None, "args": [], "exact": True}
        return {"form": "expr", "template": None, "expr": self.seg(node), "args": [], "exact": True}

    @staticmethod
    def _is_text(n: ast.AST) -> bool:
        return isinstance(n, ast.JoinedStr) or (isinstance(n, ast.Constant) and isinstance(n.value, str))

    def _flatten_add(self, node: ast.expr) -> list[ast.expr]:
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self._flatten_add(node.left) + self._flatten_add(node.right)
        return [node]

    def _format_template(self, call: ast.Call) -> str | None:
        """``"a {} b {name!r}".format(x, name=y)`` -> ``a {x} b {y!r}`` (None if unusual)."""
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        pos = [self.seg(a) for a in call.args]
        kw = {k.arg: self.seg(k.value) for k in call.keywords}
        auto = 0
        parts = []
        try:
            parsed = list(string.Formatter().parse(call.func.value.value))
        except ValueError:
            return None
        for literal, field, spec, conv in parsed:
            parts.append(esc(literal))
            if field is None:
                continue
            if spec and "{" in spec:
                return None
            if field == "":
                if auto >= len(pos):
                    return None
                expr = pos[auto]
                auto += 1
            elif field.isdigit():
                if int(field) >= len(pos):
                    return None
                expr = pos[int(field)]
            elif field.isidentifier() and field in kw:
                expr = kw[field]
            else:
                return None
            parts.append("{" + expr + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
        return "".join(parts)


# ---------------------------------------------------------------------------------------
# Sites
# ---------------------------------------------------------------------------------------


def logger_names(tree: ast.Module) -> set[str]:
    """Module-level names bound to a logger (``x = logging.getLogger(...)``, ``init_logger``)."""
    out = set(LOGGER_NAMES)
    for n in tree.body:
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call):
            f = n.value.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name in ("getLogger", "get_logger", "init_logger"):
                for t in n.targets:
                    if isinstance(t, ast.Name):
                        out.add(t.id)
    return out


def is_logger(node: ast.expr, names: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Attribute):
        return node.attr in ("logger", "_logger", "log")
    return False


class Collector(ast.NodeVisitor):
    """Visits one module and records its sites."""

    def __init__(
        self,
        rel: str,
        source: str,
        tree: ast.Module,
        scope: dict[str, list[str]] | None,
        modules: "ModuleCache",
    ):
        self.rel = rel
        self.modules = modules
        self.imports = {
            (a.asname or a.name): (n.module, a.name)
            for n in tree.body
            if isinstance(n, ast.ImportFrom) and n.module and n.level == 0
            for a in n.names
        }
        self.t = Templater(source)
        self.scope = scope  # None: every site; else qualname -> constructors reaching it
        self.loggers = logger_names(tree)
        self.warn_names = {"warn"} & self._imported_from(tree, "warnings")
        self.stack: list[str] = []
        self.nodes: list[ast.AST] = [tree]
        self.guards: list[ast.expr] = []
        self.sites: list[dict] = []

    @staticmethod
    def _imported_from(tree: ast.Module, module: str) -> set[str]:
        out = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and n.module == module:
                out.update(a.asname or a.name for a in n.names)
        return out

    # scopes ------------------------------------------------------------------------------
    def _qual(self) -> str:
        return ".".join(self.stack) if self.stack else "<module>"

    def _func(self, node):
        self.stack.append(node.name)
        self.stack.append("<locals>")
        saved, self.guards = self.guards, []
        for d in node.decorator_list:
            self.visit(d)
        self.nodes.append(node)
        for child in node.body:
            self.visit(child)
        self.nodes.pop()
        self.guards = saved
        self.stack.pop()
        self.stack.pop()

    visit_FunctionDef = _func
    visit_AsyncFunctionDef = _func

    def visit_Lambda(self, node):
        self.stack.append("<lambda>")
        self.generic_visit(node)
        self.stack.pop()

    def visit_ClassDef(self, node):
        for d in node.decorator_list:
            self.visit(d)
        self.stack.append(node.name)
        for child in node.body:
            self.visit(child)
        self.stack.pop()

    def visit_If(self, node):
        self.visit(node.test)
        self.guards.append(node.test)
        for c in node.body:
            self.visit(c)
        self.guards.pop()
        neg = ast.UnaryOp(op=ast.Not(), operand=node.test)
        self.guards.append(neg)
        for c in node.orelse:
            self.visit(c)
        self.guards.pop()

    def _function_name(self) -> str:
        parts = list(self.stack)
        while parts and parts[-1] in ("<locals>",):
            parts.pop()
        return ".".join(parts) if parts else "<module>"

    def _in_scope(self) -> tuple[bool, list[str] | None]:
        if self.scope is None:
            return True, None
        fn = self._function_name()
        best = None
        for q, inits in self.scope.items():
            if fn == q or fn.startswith(q + ".<locals>."):
                best = inits if best is None else sorted(set(best) | set(inits))
        return best is not None, best

    # sites -------------------------------------------------------------------------------
    def _add(self, node, kind, call, exception, msg_node, **extra):
        ok, reached = self._in_scope()
        if not ok:
            return
        msg = self.t.message(msg_node)
        if msg["form"] == "expr" and isinstance(msg_node, ast.Name):
            msg["assignments"] = self._assignments(msg_node.id)
        consts = self._constants([msg_node] + list(extra.pop("arg_nodes", [])))
        if consts:
            msg["constants"] = consts
        site = {
            "file": self.rel,
            "line": node.lineno,
            "end_line": node.end_lineno,
            "col": node.col_offset,
            "function": self._function_name(),
            "kind": kind,
            "level": extra.pop("level", None),
            "call": call,
            "exception": exception,
            "message": msg,
            "guard": ast.unparse(self.guards[-1]) if self.guards else None,
        }
        if reached is not None:
            site["reached_from"] = reached
        site.update(extra)
        self.sites.append(site)

    def _constants(self, nodes) -> dict:
        """Literal values of the bare names a message uses (``{_MAX_HEADS}``, a local list of
        choices): the single literal assignment in the enclosing function, else at module level,
        else in the SGLang module it is imported from."""
        names = sorted(
            {
                n.id
                for node in nodes
                if node is not None
                for n in ast.walk(node)
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
            }
        )
        out = {}
        for name in names:
            found = self._literal_in(self.nodes[-1], name, self.rel) if len(self.nodes) > 1 else None
            if found is None:
                found = self._literal_in(self.nodes[0], name, self.rel, top_only=True)
            if found is None and name in self.imports:
                module, orig = self.imports[name]
                found = self.modules.literal(module, orig)
            if found is not None:
                out[name] = found
        return out

    @staticmethod
    def _literal_in(scope, name, rel, top_only=False):
        """The single literal assignment of ``name`` in ``scope``, if the name is never rebound
        or mutated there (item assignment, augmented assignment, a method call on it, a loop
        or ``with`` target)."""
        values = []
        for n in ast.walk(scope):
            if isinstance(n, ast.Assign) and any(
                isinstance(x, ast.Name) and x.id == name
                for t in n.targets
                if not isinstance(t, ast.Name)
                for x in ast.walk(t)
            ):
                return None  # bound by unpacking
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets):
                if not top_only or n in scope.body:
                    values.append(n)
                else:
                    return None
            elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == name:
                if n.value is not None and (not top_only or n in scope.body):
                    values.append(n)
                else:
                    return None
            elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id == name:
                return None
            elif isinstance(n, (ast.Subscript, ast.Attribute)) and isinstance(n.ctx, (ast.Store, ast.Del)):
                if isinstance(n.value, ast.Name) and n.value.id == name:
                    return None
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                if isinstance(n.func.value, ast.Name) and n.func.value.id == name:
                    return None
            elif isinstance(n, (ast.For, ast.comprehension, ast.withitem, ast.NamedExpr)):
                target = getattr(n, "target", None) or getattr(n, "optional_vars", None)
                if target is not None and any(isinstance(t, ast.Name) and t.id == name for t in ast.walk(target)):
                    return None
        if len(values) != 1:
            return None
        return literal_record(values[0], rel)

    def _assignments(self, name: str) -> list[dict]:
        """Where a message variable gets its text: the assignments to ``name`` in the enclosing
        function (or, when it has none there, at module level), in line order."""
        out = []
        for scope in (self.nodes[-1], self.nodes[0]):
            body = scope.body if scope is self.nodes[0] and scope is not self.nodes[-1] else [scope]
            for top in body:
                if scope is self.nodes[0] and scope is not self.nodes[-1] and not isinstance(
                    top, (ast.Assign, ast.AnnAssign)
                ):
                    continue
                for n in ast.walk(top):
                    value, op = None, None
                    if isinstance(n, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == name for t in n.targets
                    ):
                        value, op = n.value, "="
                    elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == name:
                        value, op = n.value, "="
                    elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id == name:
                        value, op = n.value, "+=" if isinstance(n.op, ast.Add) else "op="
                    if value is None:
                        continue
                    m = self.t.message(value)
                    out.append({"line": n.lineno, "op": op, **m})
            if out:
                break
        out.sort(key=lambda a: a["line"])
        return out

    def visit_Raise(self, node):
        exc = node.exc
        extra = {}
        if node.cause is not None:
            extra["cause"] = self.t.seg(node.cause)
        if exc is None:
            self._add(node, "raise", None, None, None, reraise=True, **extra)
        elif isinstance(exc, ast.Call):
            msg = exc.args[0] if exc.args and not isinstance(exc.args[0], ast.Starred) else None
            if len(exc.args) > 1:
                extra["extra_args"] = [self.t.seg(a) for a in exc.args[1:]]
            if exc.keywords:
                extra["keywords"] = {k.arg or "**": self.t.seg(k.value) for k in exc.keywords}
            self._add(node, "raise", None, self.t.seg(exc.func), msg, **extra)
        else:
            self._add(node, "raise", None, self.t.seg(exc), None, raise_expr=True, **extra)
        self.generic_visit(node)

    def visit_Assert(self, node):
        self._add(node, "assert", None, "AssertionError", node.msg, condition=ast.unparse(node.test))
        self.generic_visit(node)

    def visit_Call(self, node):
        f = node.func
        if not isinstance(f, (ast.Name, ast.Attribute)):
            self.generic_visit(node)
            return
        call = ast.unparse(f)
        args = [a for a in node.args]
        if isinstance(f, ast.Attribute) and f.attr in LOG_LEVELS and is_logger(f.value, self.loggers):
            self._log(node, call, f.attr, args, 0)
        elif isinstance(f, ast.Name) and f.id in HELPERS:
            level, idx = HELPERS[f.id]
            self._log(node, call, level, args, idx, helper=True)
        elif (isinstance(f, ast.Attribute) and f.attr == "warn" and isinstance(f.value, ast.Name)
              and f.value.id == "warnings") or (isinstance(f, ast.Name) and f.id in self.warn_names):
            category = None
            if len(args) > 1:
                category = self.t.seg(args[1])
            for k in node.keywords:
                if k.arg == "category":
                    category = self.t.seg(k.value)
            msg = args[0] if args else next((k.value for k in node.keywords if k.arg == "message"), None)
            self._add(node, "warn", call, category or "UserWarning", msg)
        elif (isinstance(f, ast.Attribute) and f.attr == "error" and isinstance(f.value, ast.Name)
              and f.value.id in ("parser", "self.parser")):
            self._add(node, "parser_error", call, "SystemExit", args[0] if args else None)
        elif isinstance(f, ast.Name) and f.id == "print":
            extra = {}
            if len(args) > 1:
                extra["extra_args"] = [self.t.seg(a) for a in args[1:]]
            for k in node.keywords:
                extra.setdefault("keywords", {})[k.arg or "**"] = self.t.seg(k.value)
            self._add(node, "print", call, None, args[0] if args else None, **extra)
        self.generic_visit(node)

    def _log(self, node, call, level, args, idx, helper=False):
        msg = args[idx] if len(args) > idx and not isinstance(args[idx], ast.Starred) else None
        rest = [self.t.seg(a) for a in args[idx + 1 :]]
        extra = {}
        kws = {k.arg or "**": self.t.seg(k.value) for k in node.keywords}
        if kws:
            extra["keywords"] = kws
        ok, _ = self._in_scope()
        if not ok:
            return
        self._add(node, "log", call, None, msg, level=level, arg_nodes=args[idx + 1 :], **extra)
        if rest:
            m = self.sites[-1]["message"]
            if m["form"] in ("literal", "fstring", "concat"):
                m["form"] = "percent"
            m["args"] = rest


def literal_record(stmt, rel: str) -> dict | None:
    """``{"value", "repr", "file", "line"}`` of a literal assignment, or None."""
    try:
        value = ast.literal_eval(stmt.value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    jv, _ = common.to_json_value(value)
    rec = {"value": jv, "repr": repr(value), "file": rel, "line": stmt.lineno}
    if isinstance(value, (set, frozenset)):
        # repr order of a set of strings depends on the hash seed (recorded with
        # PYTHONHASHSEED=0, as the oracle runs SGLang); ``value`` is sorted.
        rec["unordered"] = True
    return rec


class ModuleCache:
    """Top-level literal assignments of SGLang modules, parsed on demand."""

    def __init__(self, root: Path):
        self.root = root
        self.cache: dict[str, dict | None] = {}

    def literal(self, module: str, name: str) -> dict | None:
        if not module.startswith("sglang"):
            return None
        if module not in self.cache:
            base = self.root.joinpath(*module.split("."))
            path = next((p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()), None)
            if path is None:
                self.cache[module] = None
            else:
                tree, _ = common.parse_file(path)
                self.cache[module] = {"tree": tree, "rel": common.repo_path(self.root, path)}
        entry = self.cache[module]
        if entry is None:
            return None
        return Collector._literal_in(entry["tree"], name, entry["rel"], top_only=True)


def site_ids(sites: list[dict]) -> None:
    """Content ids: stable across line moves; ``~N`` tells identical sites of a function apart."""
    seen: dict[str, int] = {}
    for s in sites:
        m = s["message"]
        base = common.short_hash(
            s["file"], s["function"], s["kind"], s["level"], s["exception"], m["form"],
            m["template"], m["expr"], "\x1e".join(m["args"]),
        )
        seen[base] = seen.get(base, 0) + 1
        s["id"] = base if seen[base] == 1 else f"{base}~{seen[base]}"


def collect(root: Path) -> list[tuple[str, list[dict], list[dict]]]:
    out = []
    modules = ModuleCache(root)
    for area, files in areas(root):
        sites: list[dict] = []
        file_info = []
        for path, scope_kind in files:
            tree, source = common.parse_file(path)
            rel = common.repo_path(root, path)
            scope = init_scope(tree) if scope_kind == "init" else None
            c = Collector(rel, source, tree, scope, modules)
            c.visit(tree)
            c.sites.sort(key=lambda s: (s["line"], s["col"], s["kind"]))
            sites.extend(c.sites)
            file_info.append({"file": rel, "scope": scope_kind, "sites": len(c.sites)})
        site_ids(sites)
        out.append((area, sites, file_info))
    return out


def main() -> None:
    common.ensure_hash_seed()
    if len(sys.argv) != 3:
        common.fail("usage: extract_sites.py WHEEL_DIR OUT_DIR")
    root = common.wheel_root(sys.argv[1])
    out_dir = Path(sys.argv[2])
    version = common.wheel_version(root)
    index = []
    total = 0
    for area, sites, files in collect(root):
        rel = f"sites/{area}.json"
        data = common.envelope(
            "sites", version, root, "scripts/release/extract_sites.py", area=area, files=files, sites=sites
        )
        common.write_json(out_dir / rel, data)
        counts: dict[str, int] = {}
        for s in sites:
            k = s["kind"] if s["kind"] != "log" else f"log.{s['level']}"
            counts[k] = counts.get(k, 0) + 1
        index.append({"area": area, "path": rel, "files": files, "count": len(sites), "by_kind": counts})
        total += len(sites)
    expected = {f"{a['area']}.json" for a in index}
    for stale in sorted((out_dir / "sites").glob("*.json")):
        if stale.name not in expected:
            stale.unlink()
    common.write_json(
        out_dir / "sites.json",
        common.envelope("sites-index", version, root, "scripts/release/extract_sites.py", areas=index, count=total),
    )
    print(f"sites.json: {total} sites in {len(index)} areas", file=sys.stderr)


if __name__ == "__main__":
    main()
