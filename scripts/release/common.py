"""Shared helpers of the release extractors (see README.md in this directory).

Everything here is deterministic: JSON is written with sorted keys, a fixed indent and a
trailing newline; paths are repository-relative (``python/sglang/...``), never absolute.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Iterable

#: Schema version of every JSON file written by these scripts. Bump it on an incompatible
#: change (a key renamed or removed, a meaning changed); adding a key is compatible.
SCHEMA_VERSION = 1

#: Repository root of Preflight (this file is ``scripts/release/common.py``).
REPO_ROOT = Path(__file__).resolve().parents[2]

#: Where the per-release data lives.
DATA_DIR = REPO_ROOT / "data" / "releases"

#: Where the drift reports go.
DOCS_DIR = REPO_ROOT / "docs" / "releases"


def fail(msg: str) -> "None":
    """Prints an error and exits with status 2 (a usage or environment problem)."""
    print(f"error: {msg}", file=sys.stderr)
    sys.exit(2)


def ensure_hash_seed() -> None:
    """Re-executes the script with ``PYTHONHASHSEED=0`` unless it already runs with it: the
    order of a set of strings (argparse ``choices`` given as a set, a set's ``repr``) depends on
    the seed, and the data must be reproducible byte for byte (the oracle uses 0 too)."""
    if os.environ.get("PYTHONHASHSEED") != "0":
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(sys.executable, [sys.executable] + sys.argv, env)


def version_key(v: str) -> tuple:
    """Sort key of a release string such as ``0.5.23`` or ``0.5.23.post1``."""
    out = []
    for part in v.replace("post", "").split("."):
        out.append(int(part) if part.isdigit() else -1)
    return tuple(out)


def wheel_root(path: str | os.PathLike) -> Path:
    """The unpacked wheel directory (the one that contains ``sglang/``)."""
    p = Path(path).resolve()
    if not (p / "sglang" / "srt" / "server_args.py").is_file():
        fail(f"{path}: not an unpacked sglang wheel (no sglang/srt/server_args.py)")
    return p


def wheel_version(root: Path) -> str:
    """The release of an unpacked wheel, read from its ``*.dist-info/METADATA``."""
    infos = sorted(root.glob("sglang-*.dist-info"))
    if len(infos) != 1:
        fail(f"{root}: expected exactly one sglang-*.dist-info directory, found {len(infos)}")
    for line in (infos[0] / "METADATA").read_text(encoding="utf-8").splitlines():
        if line.startswith("Version:"):
            return line.split(":", 1)[1].strip()
    fail(f"{infos[0]}: no Version in METADATA")
    return ""


def wheel_identity(root: Path) -> dict:
    """What identifies the wheel's content: the dist-info ``RECORD`` (every file's hash)."""
    infos = sorted(root.glob("sglang-*.dist-info"))
    record = infos[0] / "RECORD"
    digest = hashlib.sha256(record.read_bytes()).hexdigest() if record.is_file() else None
    return {
        "dist_info": infos[0].name,
        "record_sha256": digest,
    }


def repo_path(root: Path, file: Path) -> str:
    """SGLang's repository-relative path of a file of the unpacked wheel
    (``sglang/srt/x.py`` -> ``python/sglang/srt/x.py``)."""
    return "python/" + file.resolve().relative_to(root).as_posix()


def scrub(text: str, root: Path) -> str:
    """Removes machine paths from a text (an import error message, say): the wheel
    directory becomes ``python`` (so paths read like repository paths) and the user's home
    becomes ``~``."""
    text = text.replace(str(root) + os.sep, "python/").replace(str(root), "python")
    import site
    import sysconfig

    dirs = set(site.getsitepackages() + [site.getusersitepackages()])
    for key in ("purelib", "platlib", "stdlib", "platstdlib"):
        dirs.add(sysconfig.get_paths().get(key, ""))
    for d in sorted((d for d in dirs if d and d != "/"), key=len, reverse=True):
        label = "<site-packages>" if "site-packages" in d else "<python-lib>"
        text = text.replace(d, label)
    if sys.prefix and sys.prefix != "/":
        text = text.replace(sys.prefix, "<python-prefix>")
    home = os.path.expanduser("~")
    if home and home != "/":
        text = text.replace(home, "~")
    return text


def dumps(obj: Any) -> str:
    """The canonical JSON text of ``obj``: sorted keys, one-space indent, UTF-8, final newline."""
    return json.dumps(obj, indent=1, sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n"


def write_json(path: Path, obj: Any) -> None:
    """Writes ``obj`` canonically; leaves the file untouched when the content is the same."""
    text = dumps(obj)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def envelope(kind: str, version: str, root: Path, generator: str, **payload: Any) -> dict:
    """The common top-level object of every data file."""
    out = {
        "schema": f"preflight.release.{kind}/{SCHEMA_VERSION}",
        "sglang": version,
        "wheel": wheel_identity(root),
        "generated_by": generator,
    }
    out.update(payload)
    return out


def parse_file(path: Path) -> tuple[ast.Module, str]:
    """Parses a Python source file (UTF-8, an optional BOM dropped as Python does) with this
    interpreter's ``ast``."""
    src = path.read_text(encoding="utf-8-sig")
    return ast.parse(src, filename=str(path), type_comments=False), src


def to_json_value(value: Any, _depth: int = 0) -> tuple[Any, bool]:
    """Converts a Python value to JSON. Returns (json_value, exact): ``exact`` is false when
    the value had to be approximated (tuple/set -> list, enum -> its value, other objects ->
    null); the caller then also records the ``repr``."""
    if _depth > 20:
        return None, False
    if value is None or isinstance(value, bool) or isinstance(value, str):
        return value, True
    if isinstance(value, int):
        import enum

        if isinstance(value, enum.Enum):
            return int(value), False
        return value, True
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return None, False
        return value, True
    import enum

    if isinstance(value, enum.Enum):
        v, _ = to_json_value(value.value, _depth + 1)
        return v, False
    if isinstance(value, list):
        items = [to_json_value(v, _depth + 1) for v in value]
        return [v for v, _ in items], all(ok for _, ok in items)
    if isinstance(value, tuple):
        items = [to_json_value(v, _depth + 1) for v in value]
        return [v for v, _ in items], False
    if isinstance(value, (set, frozenset)):
        items = [to_json_value(v, _depth + 1) for v in sorted(value, key=repr)]
        return [v for v, _ in items], False
    if isinstance(value, dict):
        out = {}
        exact = True
        for k, v in value.items():
            if not isinstance(k, str):
                exact = False
                k = repr(k)
            jv, ok = to_json_value(v, _depth + 1)
            exact = exact and ok
            out[k] = jv
        return out, exact
    return None, False


def stable_repr(value: Any) -> str:
    """``repr`` without memory addresses (``<function f at 0x...>`` -> ``<function f>``)."""
    import re

    text = repr(value)
    return re.sub(r" at 0x[0-9a-f]+", "", text)


def short_hash(*parts: Any) -> str:
    """A 12-hex-digit content hash of the parts (joined with U+001F)."""
    h = hashlib.sha256("\x1f".join("" if p is None else str(p) for p in parts).encode("utf-8"))
    return h.hexdigest()[:12]


def first_line(text: str | None) -> str | None:
    """The first non-empty line of a help text, stripped."""
    if not text:
        return text
    for line in str(text).splitlines():
        if line.strip():
            return line.strip()
    return ""


def sorted_unique(items: Iterable[str]) -> list[str]:
    """Sorted list of distinct strings."""
    return sorted(set(items))
