"""Where each SGLang release's unpacked wheel lives (no sglang import here).

The oracle runs several SGLang releases side by side from ONE venv: every
release is an unpacked wheel directory `$ORACLE_WHEELS/<X>/` holding the
`sglang/` package (default `~/.cache/sglang-oracle/wheels/<X>/`, filled by
setup.sh). A worker process serves exactly one release: it puts that
directory first on `sys.path` before anything imports `sglang`, and drops
every other directory that holds an `sglang` package from `sys.path` and
`PYTHONPATH`, so two releases can never mix in one process.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import List, Optional

# The releases the harness is adapted to (README "Releases"); others may work.
KNOWN_RELEASES = ("0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23")
DEFAULT_RELEASE = "0.5.23"

_RELEASE_RE = re.compile(r"^[0-9]+(\.[0-9]+){1,3}([a-z0-9.+-]*)$")


def default_release() -> str:
    """`--sglang` default: $ORACLE_SGLANG, else the newest adapted release."""
    return os.environ.get("ORACLE_SGLANG") or DEFAULT_RELEASE


def wheels_root() -> Path:
    """$ORACLE_WHEELS, else ~/.cache/sglang-oracle/wheels (XDG_CACHE_HOME honoured)."""
    env = os.environ.get("ORACLE_WHEELS")
    if env:
        return Path(env).expanduser()
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(cache) / "sglang-oracle" / "wheels"


def check_release(release: str) -> str:
    """Validate a release string (raises ValueError)."""
    if not isinstance(release, str) or not _RELEASE_RE.match(release):
        raise ValueError(f"'sglang' must be a release string such as \"0.5.21\", got {release!r}")
    return release


def unpacked_version(directory: str) -> Optional[str]:
    """The release of the sglang package unpacked in `directory` (from its
    `sglang/_version.py` or the wheel's `sglang-X.dist-info`), without importing it."""
    d = Path(directory)
    try:
        text = (d / "sglang" / "_version.py").read_text()
        m = re.search(r"^__version__\s*=\s*(?:version\s*=\s*)?['\"]([^'\"]+)['\"]", text, re.M)
        if m:
            return m.group(1)
    except OSError:
        pass
    infos = sorted(d.glob("sglang-*.dist-info"))
    if infos:
        return infos[-1].name[len("sglang-") : -len(".dist-info")]
    return None


def wheel_dir(release: str) -> Path:
    """The directory to put on sys.path for `release` (raises FileNotFoundError).

    `$ORACLE_WHEELS/<release>/` first; as a fallback (the original single-release
    setup), a PYTHONPATH entry whose unpacked sglang is exactly `release`."""
    check_release(release)
    d = wheels_root() / release
    if (d / "sglang" / "__init__.py").is_file():
        return d
    for entry in (os.environ.get("PYTHONPATH") or "").split(os.pathsep):
        if _holds_sglang(entry) and unpacked_version(entry) == release:
            return Path(entry)
    raise FileNotFoundError(
        f"no unpacked sglang {release} wheel at {d} (expected {d}/sglang/__init__.py); "
        "run tools/oracle/setup.sh or set ORACLE_WHEELS"
    )


def _holds_sglang(entry: str) -> bool:
    return bool(entry) and os.path.isfile(os.path.join(entry, "sglang", "__init__.py"))


def foreign_sglang_paths(paths: List[str], keep: Optional[str]) -> List[str]:
    """Entries of `paths` that hold an sglang package other than `keep`."""
    keep_real = os.path.realpath(keep) if keep else None
    return [p for p in paths if _holds_sglang(p) and os.path.realpath(p) != keep_real]


def pythonpath_without_sglang(pythonpath: Optional[str]) -> str:
    """PYTHONPATH with every directory that holds an sglang package removed."""
    if not pythonpath:
        return ""
    return os.pathsep.join(p for p in pythonpath.split(os.pathsep) if p and not _holds_sglang(p))


def select_release_on_sys_path(sys_path: List[str], directory: str) -> None:
    """In place: `directory` first, no other sglang-holding entry."""
    for p in foreign_sglang_paths(list(sys_path), directory):
        while p in sys_path:
            sys_path.remove(p)
    while directory in sys_path:
        sys_path.remove(directory)
    sys_path.insert(0, directory)
