#!/usr/bin/env python3
"""Adds a release to the reviewed list data/releases/releases.json (not modelled yet).

    python3 scripts/release/register_release.py X.Y.Z

Idempotent: a release already listed is left as it is (its `modelled` flag is the reviewer's).
"""
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(version):
    path = ROOT / "data" / "releases" / "releases.json"
    table = json.loads(path.read_text())
    if any(r["version"] == version for r in table["releases"]):
        return 0
    table["releases"].append({"version": version, "tag": f"v{version}", "modelled": False})
    table["releases"].sort(key=lambda r: tuple(int(x) for x in re.findall(r"\d+", r["version"])))
    path.write_text(json.dumps(table, indent=2) + "\n")
    print(f"[add-release] added {version} to {path.relative_to(ROOT)} (modelled: false)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: register_release.py X.Y.Z")
    sys.exit(main(sys.argv[1]))
