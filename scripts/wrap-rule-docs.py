#!/usr/bin/env python3
"""Wraps the documentation fields of every `RuleInfo` in `crates/preflight-core/src/rules/*.rs`
in the core's `doc!` / `doc_list!` / `doc_opt!` macros, so that a build of the core without its
`docs` feature (the embedded element's) leaves the texts out.

The fields are `title`, `explanation`, `trigger`, `situations` (text), `solutions` (a list of
texts), `example` and `evidence` (optional). Idempotent: a field already wrapped is left as it
is, so run it after adding or merging rules:

    python3 scripts/wrap-rule-docs.py [REPO_ROOT]

`tests/coverage.rs::rule_documentation_fields_are_feature_gated` fails when a field is not
wrapped. Prints how many fields it wrapped and the bytes of text they hold.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

TEXT = ("title", "explanation", "trigger", "situations")
LIST = ("solutions",)
OPT = ("example", "evidence")
FIELD = re.compile(r"^(\s+)(" + "|".join(TEXT + LIST + OPT) + r"): ", re.M)


def expr_end(s: str, i: int) -> int:
    """Index of the comma that ends the field expression starting at s[i] (depth 0)."""
    depth = 0
    while i < len(s):
        c = s[i]
        if c == "r" and re.match(r'r#*"', s[i:]):
            hashes = re.match(r"r(#*)\"", s[i:]).group(1)
            close = '"' + hashes
            j = s.index(close, i + 2 + len(hashes))
            i = j + len(close)
            continue
        if c == '"':
            j = i + 1
            while s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            i = j + 1
            continue
        if c == "/" and s.startswith("//", i):
            i = s.index("\n", i)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return i  # the struct's closing brace: last field without a comma
            depth -= 1
        elif c == "," and depth == 0:
            return i
        i += 1
    raise ValueError("unterminated field")


def wrap(s: str) -> tuple[str, int, int]:
    out, pos, n, text_bytes = [], 0, 0, 0
    for m in FIELD.finditer(s):
        start = m.end()
        if start < pos:
            continue
        end = expr_end(s, start)
        e = s[start:end]
        name = m.group(2)
        if e.startswith(("doc!", "doc_list!", "doc_opt!")):
            continue
        # only literal data (a RuleInfo's field), never code that reads a field
        # a literal, or a shared constant (`explanation: HPC_EXPL`)
        if name in TEXT and not re.match(r'(r#*)?"|[A-Z][A-Z0-9_]*$', e.strip()):
            continue
        if name in LIST and not e.startswith("&["):
            continue
        if name in OPT and not (e.startswith("Some(") or e == "None"):
            continue
        if e == "None" or e in ('""', "&[]"):
            continue
        if name in TEXT:
            new = f"doc!({e})"
        elif name in LIST:
            new = f"doc_list!{e[1:]}"
        else:
            new = f"doc_opt!({e})"
        text_bytes += len(e)
        out.append(s[pos:start])
        out.append(new)
        pos = end
        n += 1
    out.append(s[pos:])
    return "".join(out), n, text_bytes


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    total, total_bytes = 0, 0
    for p in sorted((root / "crates/preflight-core/src/rules").glob("*.rs")):
        if p.name == "mod.rs":
            continue
        s = p.read_text()
        new, n, b = wrap(s)
        if n:
            p.write_text(new)
        total += n
        total_bytes += b
    print(f"wrapped {total} fields ({total_bytes} bytes of source text)")


if __name__ == "__main__":
    main()
