#!/usr/bin/env python3
"""Runs every extractor on one unpacked SGLang wheel and writes ``data/releases/X.Y.Z/``.

    usage: extract.py WHEEL_DIR [--out DIR]

* ``sites`` and ``quant`` (static, ``ast``) run with this interpreter, which must be Python 3.11 (the
  templates and ``ast.unparse`` output are those of 3.11's ``ast``).
* ``options``, ``fields``, ``registry`` and ``envs`` import the release: they run in the
  oracle venv's Python (``$ORACLE_VENV/bin/python``, default
  ``~/.cache/sglang-oracle/env/venv``), each in its own process, with the wheel on
  ``PYTHONPATH`` and a fixed, minimal environment (no ``SGLANG_*`` variables, no visible
  GPU, ``PYTHONHASHSEED=0``, Hugging Face offline) so the output does not depend on the
  machine or the caller's shell.

Each extractor's summary is printed; its full log goes to ``$TMPDIR`` and is shown when it
fails. Output files are rewritten only when their content changes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import common  # noqa: E402

IMPORTED = [
    ("options", ["extract_options.py"]),
    ("fields", ["extract_fields.py"]),
    ("envs", ["extract_envs.py", "--import"]),
    ("registry", ["extract_registry.py", "--import"]),
]


def venv_python() -> Path:
    """The oracle venv's interpreter (``ORACLE_VENV`` or the default location)."""
    venv = Path(os.environ.get("ORACLE_VENV") or Path.home() / ".cache/sglang-oracle/env/venv")
    py = venv / "bin" / "python"
    if not py.is_file():
        common.fail(
            f"no oracle venv at {venv} (set ORACLE_VENV=/path/to/venv).\n"
            "  Create one with tools/oracle/setup.sh DEST,\n"
            "  then: export ORACLE_VENV=DEST/venv"
        )
    return py


def clean_env(root: Path) -> dict[str, str]:
    """The fixed environment of the importing extractors."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/root"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONPATH": str(root),
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "TOKENIZERS_PARALLELISM": "false",
        "CUDA_VISIBLE_DEVICES": "",
        "HIP_VISIBLE_DEVICES": "",
        "TQDM_DISABLE": "1",
    }
    for key in ("TMPDIR", "LD_LIBRARY_PATH"):
        if key in os.environ:
            env[key] = os.environ[key]
    return env


def run(name: str, argv: list[str], env: dict[str, str], logdir: Path) -> None:
    log = logdir / f"{name}.log"
    with open(log, "w", encoding="utf-8") as fh:
        proc = subprocess.run(argv, env=env, stdout=fh, stderr=subprocess.STDOUT, cwd=str(HERE))
    text = log.read_text(encoding="utf-8", errors="replace")
    summary = [ln for ln in text.splitlines() if ln.startswith(f"{name}.json:") or ln.startswith("  ")
               and ("crosscheck" in ln or "imported:" in ln or "static:" in ln)]
    if proc.returncode != 0:
        print(text[-6000:], file=sys.stderr)
        common.fail(f"{name} extractor failed (exit {proc.returncode}); log: {log}")
    for ln in summary:
        print(f"  {ln}")


def main() -> None:
    args = sys.argv[1:]
    out = None
    if "--out" in args:
        i = args.index("--out")
        if i + 1 >= len(args):
            common.fail("--out needs a directory")
        out = Path(args[i + 1])
        del args[i : i + 2]
    if len(args) != 1:
        common.fail("usage: extract.py WHEEL_DIR [--out DIR]")
    if sys.version_info[:2] != (3, 11):
        common.fail(f"run with Python 3.11 (this is {sys.version_info[0]}.{sys.version_info[1]})")
    root = common.wheel_root(args[0])
    version = common.wheel_version(root)
    out = (out or common.DATA_DIR / version).resolve()
    out.mkdir(parents=True, exist_ok=True)
    py = venv_python()
    env = clean_env(root)
    print(f"SGLang {version}: {root} -> {out}")
    with tempfile.TemporaryDirectory(prefix="preflight-extract-") as tmp:
        logdir = Path(tmp)
        for name, script in IMPORTED:
            argv = [str(py), str(HERE / script[0]), str(root), str(out / f"{name}.json")] + script[1:]
            run(name, argv, env, logdir)
        sites_env = dict(env, PATH=os.environ.get("PATH", ""))
        run("sites", [sys.executable, str(HERE / "extract_sites.py"), str(root), str(out)], sites_env, logdir)
        run("quant", [sys.executable, str(HERE / "extract_quant.py"), str(root), str(out / "quant.json")], sites_env, logdir)
    big = [p for p in out.rglob("*.json") if p.stat().st_size >= 1_500_000]
    if big:
        common.fail("files of 1.5 MB or more: " + ", ".join(str(p) for p in big))


if __name__ == "__main__":
    main()
