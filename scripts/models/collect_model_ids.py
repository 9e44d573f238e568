#!/usr/bin/env python3
"""Proposes Hugging Face model ids named in SGLang's tests, docs and cookbook.

Scans text files for `org/name` strings in the places model ids are written (after
`--model-path` / `--model` and the other model flags, in quoted strings and backticks, in
`model: …` / `model_path = …` assignments, in huggingface.co URLs, in local weight paths
`…/models/ORG/NAME`) and writes a candidates
file: every id with where it was seen. The regex only proposes candidates; the architecture
of each id is reviewed by hand and stored with its evidence in data/model-ids.json
(see scripts/models/README.md).

Sources (each may be given several times; LABEL names the source in the output):

  --tree LABEL=DIR        a directory tree (e.g. the unpacked wheel's sglang/test)
  --git LABEL=GITDIR[@REV]  a git repository read without a work tree (REV defaults to HEAD)

With no source given, the defaults are taken from the environment:

  SGLANG_WHEEL_DIR   unpacked wheel's `sglang` package (default: ../wheels/0.5.23/sglang,
                     relative to the repository root); its `test/` tree is scanned
  SGL_COOKBOOK_GIT   git directory of github.com/sgl-project/sgl-cookbook (optional)
  SGL_DOCS_GIT       git directory of github.com/sgl-project/sgl-docs, the documentation site
                     (docs and cookbook pages) (optional)
  SGLANG_DOCS_DIR    a directory holding files of github.com/sgl-project/sglang at their
                     repository paths (docs/, docs_new/, benchmark/, examples/, test/)
                     (optional)

Usage:
  python3 scripts/models/collect_model_ids.py [--tree L=DIR] [--git L=GITDIR] \
      [--out data/model-id-candidates.json] [--max-locations 8]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

TEXT_SUFFIXES = {
    ".py", ".md", ".mdx", ".rst", ".txt", ".yaml", ".yml", ".json", ".jsonl", ".sh",
    ".ipynb", ".toml", ".cfg", ".ini", ".js", ".jsx", ".ts", ".tsx", ".html", "",
}
MAX_FILE_BYTES = 4 << 20

PART = r"[A-Za-z0-9][A-Za-z0-9_.+-]*"
ID = rf"(?P<id>{PART}/{PART})"
END = r"(?![A-Za-z0-9_./+-])"
MODEL_FLAGS = (
    "model-path|model|tokenizer-path|tokenizer|speculative-draft-model-path|"
    "speculative-draft|draft-model-path|draft-model|served-model-name|model-name|"
    "reward-model|embedding-model|lora-paths?"
)
CONTEXTS = [
    # huggingface.co/ORG/NAME (also hf.co)
    re.compile(rf"(?:huggingface\.co|hf\.co)/{ID}{END}"),
    # --model-path ORG/NAME, --model=ORG/NAME
    re.compile(rf"--(?:{MODEL_FLAGS})(?:[ \t]+|=)[\"']?{ID}{END}"),
    # "ORG/NAME", 'ORG/NAME', `ORG/NAME`
    re.compile(rf"[\"'`]{ID}[\"'`]"),
    # "ORG/A,ORG/B" (comma-separated lists in one string)
    re.compile(rf"(?<=[\"',]){ID}(?=[,\"'])"),
    # model: ORG/NAME, model_path = "ORG/NAME", hf_model_id: ORG/NAME
    re.compile(
        rf"\b(?:\w*model\w*|\w*MODEL\w*|repo_id|hf_id|checkpoint|ckpt|path)\s*[:=]\s*[\"']?{ID}{END}"
    ),
    # local copies: .../models/ORG/NAME (ModelScope and weight directories)
    re.compile(rf"/(?:hub/)?models/{ID}{END}"),
    # markdown table cells: | ORG/NAME |
    re.compile(rf"\|\s*\[?{ID}\]?\s*(?:\(|\|)"),
]

# path segments and words that are never a Hugging Face org
NOT_ORGS = {
    "python", "sglang", "sgl-project", "sgl_kernel", "sgl-kernel", "docs", "docs_new", "doc",
    "test", "tests", "src", "srt", "benchmark", "benchmarks", "examples", "example", "scripts",
    "script", "data", "configs", "config", "tmp", "home", "root", "usr", "opt", "etc", "var",
    "dev", "mnt", "workspace", "models", "model", "path", "to", "your", "my", "local", "cache",
    "github.com", "raw.githubusercontent.com", "www", "http", "https", "api", "v1", "v2",
    "lmsysorg", "and", "or", "input", "output", "true", "false", "none", "null", "tp", "dp",
    "ep", "pp", "kernels", "layers", "utils", "assets", "images", "img", "static", "public",
    "site-packages", "lib", "bin", "include", "build", "dist", "third_party", "3rdparty",
    "sgl-router", "router", "docker", "k8s", "npu", "cuda", "rocm", "hip", "xpu", "cpu", "gpu",
    "application", "text", "image", "audio", "video", "multipart", "content", "blob", "tree",
    "main", "refs", "pull", "issues", "commit", "resolve", "datasets", "spaces", "org", "user",
    "owner", "repo", "name", "hf", "huggingface", "openai-compatible", "dir", "folder", "file",
    "node_modules", "company", "generic", "specbundle", "diffusion", "autoregressive", "cookbook",
    "snippets", "components", "a_raw", "inspect_evals", "mi300x", "b200", "h100", "h200", "gb200",
    "sm90", "sm100", "fp8", "bf16", "nvfp4", "int4", "int8", "w4a8", "w8a8", "america", "europe",
    "asia", "chat", "blog", "collections", "feature", "fix", "fa3", "sglang-diffusion", "release",
    "bugfix", "hotfix", "refactor", "docs-site", "kernel", "engine", "serve", "server", "client",
}
FILE_EXT = re.compile(
    r"\.(py|md|mdx|rst|json|jsonl|ya?ml|txt|sh|png|jpe?g|gif|svg|webp|ipynb|html?|safetensors|"
    r"gguf|bin|pt|pth|cu|cuh|h|hpp|cc|cpp|c|js|ts|tsx|css|toml|cfg|ini|parquet|csv|tar|gz|zip|"
    r"whl|so|log|lock|mp3|mp4|wav|pdf|ckpt|onnx|engine|model|tiktoken|jinja|j2)$",
    re.I,
)


def plausible(model_id: str) -> bool:
    org, name = model_id.split("/", 1)
    if org.lower() in NOT_ORGS or "." in org or name.startswith("."):
        return False
    if FILE_EXT.search(name) or FILE_EXT.search(org):
        return False
    if not re.search(r"[A-Za-z]", org) or not re.search(r"[A-Za-z]", name):
        return False
    if len(name) < 2 or len(org) < 2:
        return False
    if re.fullmatch(r"v?\d+(\.\d+)*", name):  # org/1.2 (versions, dates)
        return False
    return True


def scan_text(text: str):
    """Yields (line number, id) for every candidate id in a text."""
    for lineno, line in enumerate(text.splitlines(), 1):
        found = set()
        for rx in CONTEXTS:
            for m in rx.finditer(line):
                mid = m.group("id").rstrip(".,;:)")
                if plausible(mid) and mid not in found:
                    found.add(mid)
                    yield lineno, mid


def tree_files(root: Path):
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.suffix.lower() in TEXT_SUFFIXES and p.stat().st_size <= MAX_FILE_BYTES:
            if any(part in {".git", "node_modules", "__pycache__"} for part in p.parts):
                continue
            try:
                yield p.relative_to(root).as_posix(), p.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue


def git_files(gitdir: str, rev: str):
    ls = subprocess.run(
        ["git", "--git-dir", gitdir, "ls-tree", "-r", "-z", rev],
        check=True, capture_output=True,
    ).stdout.split(b"\0")
    entries = []
    for rec in ls:
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        _mode, kind, sha = meta.split()
        path = path.decode("utf-8", "replace")
        if kind == b"blob" and Path(path).suffix.lower() in TEXT_SUFFIXES:
            entries.append((path, sha.decode()))
    proc = subprocess.Popen(
        ["git", "--git-dir", gitdir, "cat-file", "--batch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )
    assert proc.stdin and proc.stdout
    for path, sha in entries:
        proc.stdin.write(sha.encode() + b"\n")
        proc.stdin.flush()
        header = proc.stdout.readline().split()
        size = int(header[2]) if len(header) == 3 else 0
        body = proc.stdout.read(size)
        proc.stdout.read(1)
        if size <= MAX_FILE_BYTES:
            yield path, body.decode("utf-8", "replace")
    proc.stdin.close()
    proc.wait()


def git_head(gitdir: str, rev: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", gitdir, "rev-parse", rev], check=True, capture_output=True, text=True
    ).stdout.strip()


def default_sources():
    trees, gits = [], []
    wheel = Path(os.environ.get("SGLANG_WHEEL_DIR", REPO / ".." / "wheels" / "0.5.23" / "sglang"))
    if (wheel / "test").is_dir():
        trees.append(("sglang-0.5.23-wheel:test", wheel / "test"))
    else:
        print(f"warning: no wheel tests at {wheel}/test (set SGLANG_WHEEL_DIR)", file=sys.stderr)
    if os.environ.get("SGL_COOKBOOK_GIT"):
        gits.append(("sgl-project/sgl-cookbook", os.environ["SGL_COOKBOOK_GIT"]))
    if os.environ.get("SGL_DOCS_GIT"):
        gits.append(("sgl-project/sgl-docs", os.environ["SGL_DOCS_GIT"]))
    if os.environ.get("SGLANG_DOCS_DIR"):
        trees.append(("sgl-project/sglang", Path(os.environ["SGLANG_DOCS_DIR"])))
    return trees, gits


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", action="append", default=[], metavar="LABEL=DIR")
    ap.add_argument("--git", action="append", default=[], metavar="LABEL=GITDIR[@REV]")
    ap.add_argument("--out", default=str(REPO / "data" / "model-id-candidates.json"))
    ap.add_argument("--max-locations", type=int, default=8)
    args = ap.parse_args()

    trees = [(l, Path(d)) for l, d in (t.split("=", 1) for t in args.tree)]
    gits = [tuple(g.split("=", 1)) for g in args.git]
    if not trees and not gits:
        trees, gits = default_sources()
    if not trees and not gits:
        print("error: no source to scan (give --tree/--git or set SGLANG_WHEEL_DIR)", file=sys.stderr)
        return 1

    ids: dict[str, dict] = {}
    sources = []

    def record(label: str, path: str, text: str):
        for lineno, mid in scan_text(text):
            e = ids.setdefault(mid.lower(), {"id": mid, "spellings": set(), "count": 0, "seen": []})
            e["spellings"].add(mid)
            e["count"] += 1
            if len(e["seen"]) < args.max_locations:
                e["seen"].append(f"{label}:{path}:{lineno}")

    for label, root in trees:
        n = 0
        for path, text in tree_files(root):
            record(label, path, text)
            n += 1
        sources.append({"label": label, "kind": "tree", "files": n})
    for label, spec in gits:
        gitdir, _, rev = spec.partition("@")
        rev = rev or "HEAD"
        n = 0
        for path, text in git_files(gitdir, rev):
            record(label, path, text)
            n += 1
        sources.append({"label": label, "kind": "git", "commit": git_head(gitdir, rev), "files": n})

    out = {
        "generator": "scripts/models/collect_model_ids.py",
        "note": "candidates proposed by regex; reviewed mappings live in data/model-ids.json",
        "sources": sources,
        "candidates": [
            {
                "id": e["id"],
                "spellings": sorted(e["spellings"]),
                "count": e["count"],
                "seen": e["seen"],
            }
            for _, e in sorted(ids.items())
        ],
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(out['candidates'])} candidate ids from {sum(s['files'] for s in sources)} files -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
