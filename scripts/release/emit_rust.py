#!/usr/bin/env python3
"""Emits Rust tables from the extracted per-release JSON (`data/releases/X.Y.Z/`).

    python scripts/release/emit_rust.py fields data/releases/*/fields.json \
        > crates/preflight-core/src/generated/fields.rs

`fields`: the `ServerArgs` struct of every known release in one Rust struct (the union of
their fields; a field whose type differs between releases gets the widest type), its
per-release defaults, and name-based access for the generic parts of the engine. Plain
Python 3, no SGLang import; deterministic output.
"""
import json
import re
import sys

RUST_KEYWORDS = {
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
}

SCALAR = {"int": "i64", "float": "f64", "bool": "bool", "str": "String"}
LISTS = {"list_str": "Vec<String>", "list_int": "Vec<i64>"}


def version_key(v):
    return tuple(int(x) for x in re.findall(r"\d+", v))


def const_of(v):
    return "SglangVersion::V" + v.replace(".", "_")


def rust_type(t):
    """Normalised extractor type -> Rust type."""
    if t in SCALAR:
        return SCALAR[t]
    if t in LISTS:
        return LISTS[t]
    if t.startswith("optional_"):
        inner = t[len("optional_"):]
        if inner in SCALAR:
            return f"Option<{SCALAR[inner]}>"
        if inner in LISTS:
            return f"Option<{LISTS[inner]}>"
    return "PyVal"


def widen(types):
    """The Rust type that holds every release's values."""
    rts = sorted(set(types))
    if len(rts) == 1:
        return rts[0]
    bare = {t[len("Option<"):-1] if t.startswith("Option<") else t for t in rts}
    if len(bare) == 1:
        return f"Option<{bare.pop()}>"
    return "PyVal"


def fit(field_type, t, default):
    """A release's type, made optional when its default is None."""
    rt = rust_type(t)
    if default is None and not rt.startswith("Option<") and rt != "PyVal":
        rt = f"Option<{rt}>"
    return rt


def lit(rt, v):
    """A Rust expression of type `rt` for the JSON default `v`."""
    if rt == "PyVal":
        return pyval_lit(v)
    if rt.startswith("Option<"):
        if v is None:
            return "None"
        return f"Some({lit(rt[len('Option<'):-1], v)})"
    if rt == "i64":
        return str(int(v))
    if rt == "f64":
        r = repr(float(v))
        return r if ("." in r or "e" in r or "inf" in r or "nan" in r) else r + ".0"
    if rt == "bool":
        return "true" if v else "false"
    if rt == "String":
        return f"String::from({json.dumps(str(v))})"
    if rt == "Vec<String>":
        return "vec![" + ", ".join(f"String::from({json.dumps(str(x))})" for x in v) + "]"
    if rt == "Vec<i64>":
        return "vec![" + ", ".join(str(int(x)) for x in v) + "]"
    raise ValueError((rt, v))


def pyval_lit(v):
    if v is None:
        return "PyVal::None"
    if isinstance(v, bool):
        return f"PyVal::Bool({'true' if v else 'false'})"
    if isinstance(v, int):
        return f"PyVal::Int({v})"
    if isinstance(v, float):
        return f"PyVal::Float({lit('f64', v)})"
    if isinstance(v, str):
        return f"PyVal::s({json.dumps(v)})"
    if isinstance(v, list):
        return "PyVal::List(vec![" + ", ".join(pyval_lit(x) for x in v) + "])"
    if isinstance(v, dict):
        if set(v) == {"__repr__"}:
            return f"PyVal::Raw(String::from({json.dumps(v['__repr__'])}))"
        return "PyVal::Dict(vec![" + ", ".join(
            f"(PyVal::s({json.dumps(k)}), {pyval_lit(x)})" for k, x in v.items()) + "])"
    raise ValueError(v)


def ident(name):
    return f"r#{name}" if name in RUST_KEYWORDS else name


def ranges(versions, present):
    """Maximal runs of consecutive releases where `present` holds, as VersionRange exprs."""
    out = []
    run = None
    for i, v in enumerate(versions):
        if present(v):
            run = [run[0], i] if run else [i, i]
        elif run:
            out.append(run)
            run = None
    if run:
        out.append(run)
    exprs = []
    for a, b in out:
        if b == len(versions) - 1:
            exprs.append(f"VersionRange::since({const_of(versions[a])})")
        else:
            exprs.append(f"VersionRange::between({const_of(versions[a])}, {const_of(versions[b])})")
    return exprs


def emit_fields(paths):
    dumps = sorted((json.load(open(p)) for p in paths), key=lambda d: version_key(d["version"]))
    versions = [d["version"] for d in dumps]
    per = {d["version"]: {f["name"]: f for f in d["fields"]} for d in dumps}
    order = []
    for d in reversed(dumps):  # newest release's order first, then older-only fields
        for f in d["fields"]:
            if f["name"] not in order:
                order.append(f["name"])
    rows = []
    for name in order:
        present = [v for v in versions if name in per[v]]
        types = [fit(name, per[v][name]["type"], per[v][name]["default"]) for v in present]
        rt = widen(types)
        defaults = [(v, per[v][name]["default"]) for v in present]
        rows.append((name, rt, present, defaults))

    o = []
    w = o.append
    w("// @generated by scripts/release/emit_rust.py from data/releases/*/fields.json; do not edit.")
    w("//! SGLang's `ServerArgs` fields: one struct for every known release (the union of their")
    w("//! fields, widest type), per-release defaults, and access by name.")
    w("")
    w("#![allow(missing_docs)]")
    w("")
    w("use crate::args::value::FieldValue;")
    w("use crate::pyfmt::PyVal;")
    w("use crate::version::{SglangVersion, VersionRange};")
    w("")
    w("/// `ServerArgs`: every field of every known release, by its SGLang name.")
    w("#[derive(Clone, Debug, PartialEq)]")
    w("pub struct ServerArgs {")
    for name, rt, present, _ in rows:
        w(f"    pub {ident(name)}: {rt},")
    w("}")
    w("")
    w("/// A field's name, value type and the releases that have it.")
    w("#[derive(Clone, Copy, Debug)]")
    w("pub struct FieldInfo {")
    w("    /// SGLang's field name.")
    w("    pub name: &'static str,")
    w("    /// The Rust type holding it.")
    w("    pub rust_type: &'static str,")
    w("    /// Releases whose `ServerArgs` has the field.")
    w("    pub versions: &'static [VersionRange],")
    w("}")
    w("")
    w(f"/// Every field, in the newest release's order ({len(rows)} fields).")
    w("pub static FIELDS: &[FieldInfo] = &[")
    for name, rt, present, _ in rows:
        rs = ", ".join(ranges(versions, lambda v: v in present))
        w(f"    FieldInfo {{ name: {json.dumps(name)}, rust_type: {json.dumps(rt)}, versions: &[{rs}] }},")
    w("];")
    w("")
    w("impl ServerArgs {")
    w("    /// The field defaults of release `v` (what `ServerArgs(model_path=...)` holds before")
    w("    /// resolution). Fields the release does not have keep the value of the nearest release")
    w("    /// that has them.")
    w("    pub fn defaults(v: SglangVersion) -> ServerArgs {")
    w("        #[allow(unused_mut)]")
    w("        let mut s = ServerArgs {")
    for name, rt, present, defaults in rows:
        w(f"            {ident(name)}: {lit(rt, defaults[-1][1])},")
    w("        };")
    # per-release differences from the newest default
    for name, rt, present, defaults in rows:
        newest = defaults[-1][1]
        groups = {}
        for v, d in defaults[:-1]:
            if d != newest:
                groups.setdefault(json.dumps(d, sort_keys=True), []).append(v)
        for dj, vs in groups.items():
            d = json.loads(dj)
            conds = " || ".join(
                f"VersionRange::between({const_of(v)}, {const_of(v)}).contains(v)" for v in vs)
            w(f"        if {conds} {{ s.{ident(name)} = {lit(rt, d)}; }}")
    w("        s")
    w("    }")
    w("")
    w("    /// A field's value by name, as Python sees it; `None` for an unknown name.")
    w("    pub fn get(&self, name: &str) -> Option<PyVal> {")
    w("        Some(match name {")
    for name, rt, _, _ in rows:
        w(f"            {json.dumps(name)} => self.{ident(name)}.to_py(),")
    w("            _ => return None,")
    w("        })")
    w("    }")
    w("")
    w("    /// Sets a field by name from a Python value; an error names the expected type.")
    w("    pub fn set(&mut self, name: &str, value: PyVal) -> Result<(), String> {")
    w("        match name {")
    for name, rt, _, _ in rows:
        w(f"            {json.dumps(name)} => self.{ident(name)} = FieldValue::from_py(value)?,")
    w("            _ => return Err(format!(\"{name} is not a ServerArgs field\")),")
    w("        }")
    w("        Ok(())")
    w("    }")
    w("}")
    return "\n".join(o) + "\n"


if __name__ == "__main__":
    what, paths = sys.argv[1], sys.argv[2:]
    if what == "fields":
        sys.stdout.write(emit_fields(paths))
    else:
        sys.exit(f"unknown table {what!r}")
