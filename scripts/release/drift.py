#!/usr/bin/env python3
"""drift.py OLD NEW: what changed between two extracted releases -> docs/releases/drift-NEW.md.

    usage: drift.py OLD NEW [--data DIR] [--out FILE]

OLD and NEW are release strings (``0.5.22``) whose data is in ``data/releases/`` (``--data``
overrides). Compares the JSON files written by ``extract.py``:

* **sites** (the message LOCK), grouped by file: *new*, *gone*, *reworded* (same file and
  function, similar template: ``difflib`` ratio >= 0.6, or >= 0.85 when the kind or the
  exception changed too) and *moved* (the identical message in another function or file);
  identical sites that only changed line are counted, not listed;
* **options**: added, removed, renamed (an option string that moved to another dest, a dest
  that got or lost an option string, or a removed and an added option with the same action,
  type and choices and a similar name), choices changed, default changed, other attributes
  changed (action, type, nargs, ``--config`` support, deprecation);
* **fields**: added, removed, default changed, type changed;
* **architectures** added and removed; **env vars** added, removed, default or type changed.

Deterministic: the same data gives the same report byte for byte.
"""

from __future__ import annotations

import difflib
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

REWORD_SAME_KIND = 0.6
REWORD_OTHER_KIND = 0.85
RENAME_NAME_RATIO = 0.75


def load(data_dir: Path, version: str) -> dict:
    d = data_dir / version
    if not (d / "options.json").is_file():
        common.fail(f"no extracted data for {version} in {d} (run scripts/release/extract.py first)")
    out = {}
    for name in ("options", "fields", "registry", "envs"):
        out[name] = json.loads((d / f"{name}.json").read_text(encoding="utf-8"))
    index = json.loads((d / "sites.json").read_text(encoding="utf-8"))
    sites = []
    for area in index["areas"]:
        sites.extend(json.loads((d / area["path"]).read_text(encoding="utf-8"))["sites"])
    out["sites"] = sites
    return out


# ---------------------------------------------------------------------------------------
# formatting
# ---------------------------------------------------------------------------------------


def code(text) -> str:
    """A Markdown code span that survives backticks, pipes and newlines."""
    if text is None:
        return "*none*"
    if not isinstance(text, str):
        text = json.dumps(text, ensure_ascii=False, sort_keys=True)
    text = text.replace("\r", "\\r").replace("\n", "\\n")
    if text == "":
        return "`\u200b`"
    ticks = 1
    while "`" * ticks in text:
        ticks += 1
    fence = "`" * ticks
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def loc(site: dict, version: str) -> str:
    return f"`{site['file']}:{site['line']}@{version}`"


def describe(site: dict) -> str:
    m = site["message"]
    kind = site["kind"] if site["kind"] != "log" else f"log.{site['level']}"
    if site["kind"] in ("raise", "warn", "parser_error") and site["exception"]:
        kind += f" {site['exception']}"
    if m["form"] == "expr":
        text = "expr " + code(m["expr"])
    elif m["form"] == "none":
        text = "(no message)"
        if site["kind"] == "assert" and site.get("condition"):
            text = "assert " + code(site["condition"])
    else:
        text = code(m["template"])
        if m["args"]:
            text += " % " + code(", ".join(m["args"]))
    return f"{kind}: {text}"


# ---------------------------------------------------------------------------------------
# sites
# ---------------------------------------------------------------------------------------


def sig(s: dict) -> tuple:
    m = s["message"]
    return (s["kind"], s["level"], s["exception"], m["form"], m["template"], m["expr"], tuple(m["args"]),
            s.get("condition") if m["form"] == "none" else None)


def text_of(s: dict) -> str:
    m = s["message"]
    return m["template"] or m["expr"] or s.get("condition") or ""


def match_sites(old: list[dict], new: list[dict]) -> dict:
    """Pairs old and new sites: unchanged, moved, reworded; the rest are gone / new."""
    old_left = list(range(len(old)))
    new_left = list(range(len(new)))
    unchanged, moved, reworded = [], [], []

    def take(pairs_key, allow):
        nonlocal old_left, new_left
        buckets = defaultdict(list)
        for j in new_left:
            buckets[pairs_key(new[j])].append(j)
        keep_old, used_new = [], set()
        for i in old_left:
            cands = [j for j in buckets.get(pairs_key(old[i]), []) if j not in used_new]
            if not cands:
                keep_old.append(i)
                continue
            # the nearest line in the same file first
            cands.sort(key=lambda j: (new[j]["file"] != old[i]["file"],
                                      new[j]["function"] != old[i]["function"],
                                      abs(new[j]["line"] - old[i]["line"]), j))
            j = cands[0]
            used_new.add(j)
            allow.append((i, j))
        old_left = keep_old
        new_left = [j for j in new_left if j not in used_new]

    take(lambda s: (s["file"], s["function"]) + sig(s), unchanged)
    # the same message elsewhere (a message-less site is too generic to follow)
    take(lambda s: sig(s) if text_of(s) else ("unmatchable", id(s)), moved)

    # reworded: same file and function, similar text
    by_fn = defaultdict(list)
    for j in new_left:
        by_fn[(new[j]["file"], new[j]["function"])].append(j)
    scored = []
    for i in old_left:
        for j in by_fn.get((old[i]["file"], old[i]["function"]), []):
            same_kind = (old[i]["kind"], old[i]["level"], old[i]["exception"]) == (
                new[j]["kind"], new[j]["level"], new[j]["exception"])
            a, b = text_of(old[i]), text_of(new[j])
            ratio = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() if (a or b) else 1.0
            if ratio >= (REWORD_SAME_KIND if same_kind else REWORD_OTHER_KIND):
                scored.append((-ratio, abs(old[i]["line"] - new[j]["line"]), i, j))
    scored.sort()
    used_o, used_n = set(), set()
    for _, _, i, j in scored:
        if i in used_o or j in used_n:
            continue
        used_o.add(i)
        used_n.add(j)
        reworded.append((i, j))
    gone = [i for i in old_left if i not in used_o]
    added = [j for j in new_left if j not in used_n]
    return {"unchanged": unchanged, "moved": moved, "reworded": reworded, "gone": gone, "new": added}


def sites_section(old_v, new_v, old, new, m) -> tuple[list[str], dict]:
    files = defaultdict(lambda: {"new": [], "gone": [], "reworded": [], "moved": []})
    for j in m["new"]:
        files[new[j]["file"]]["new"].append(j)
    for i in m["gone"]:
        files[old[i]["file"]]["gone"].append(i)
    for i, j in m["reworded"]:
        files[new[j]["file"]]["reworded"].append((i, j))
    for i, j in m["moved"]:
        if (old[i]["file"], old[i]["function"]) != (new[j]["file"], new[j]["function"]):
            files[new[j]["file"]]["moved"].append((i, j))
    lines = ["## Sites (messages)", ""]
    counts = {
        "new": len(m["new"]),
        "gone": len(m["gone"]),
        "reworded": len(m["reworded"]),
        "moved": sum(len(v["moved"]) for v in files.values()),
        "unchanged": len(m["unchanged"]) + len(m["moved"]) - sum(len(v["moved"]) for v in files.values()),
    }
    lines.append(
        f"{counts['unchanged']} sites are unchanged (possibly on other lines); listed below: "
        f"{counts['new']} new, {counts['gone']} gone, {counts['reworded']} reworded, "
        f"{counts['moved']} moved to another function or file."
    )
    lines.append("")
    if not files:
        lines += ["No site changed.", ""]
    for f in sorted(files):
        g = files[f]
        lines.append(f"### `{f}`")
        lines.append("")
        lines.append(
            f"{len(g['new'])} new, {len(g['gone'])} gone, {len(g['reworded'])} reworded, {len(g['moved'])} moved"
        )
        lines.append("")
        if g["reworded"]:
            lines.append("**Reworded**")
            lines.append("")
            for i, j in sorted(g["reworded"], key=lambda p: (new[p[1]]["line"], old[p[0]]["line"])):
                lines.append(f"- `{new[j]['function']}` {loc(old[i], old_v)} → {loc(new[j], new_v)}")
                lines.append(f"  - old: {describe(old[i])}")
                lines.append(f"  - new: {describe(new[j])}")
            lines.append("")
        if g["new"]:
            lines.append("**New**")
            lines.append("")
            for j in sorted(g["new"], key=lambda j: new[j]["line"]):
                lines.append(f"- `{new[j]['function']}` {loc(new[j], new_v)} — {describe(new[j])}")
            lines.append("")
        if g["gone"]:
            lines.append("**Gone**")
            lines.append("")
            for i in sorted(g["gone"], key=lambda i: old[i]["line"]):
                lines.append(f"- `{old[i]['function']}` {loc(old[i], old_v)} — {describe(old[i])}")
            lines.append("")
        if g["moved"]:
            lines.append("**Moved here** (same message)")
            lines.append("")
            for i, j in sorted(g["moved"], key=lambda p: new[p[1]]["line"]):
                lines.append(
                    f"- `{old[i]['function']}` {loc(old[i], old_v)} → `{new[j]['function']}` "
                    f"{loc(new[j], new_v)} — {describe(new[j])}"
                )
            lines.append("")
    return lines, counts


# ---------------------------------------------------------------------------------------
# options
# ---------------------------------------------------------------------------------------

COMPARED = ("action", "type", "nargs", "in_config", "required")


def options_section(old_v, new_v, old, new) -> tuple[list[str], dict]:
    oo, no = old["options"]["options"], new["options"]["options"]
    old_by_name = {n: o for o in oo for n in o["names"]}
    new_by_name = {n: o for o in no for n in o["names"]}
    old_dests = defaultdict(list)
    new_dests = defaultdict(list)
    for o in oo:
        old_dests[o["dest"]].extend(o["names"])
    for o in no:
        new_dests[o["dest"]].extend(o["names"])

    renamed = []  # (description)
    moved_dest = []
    for n in sorted(set(old_by_name) & set(new_by_name)):
        if old_by_name[n]["dest"] != new_by_name[n]["dest"]:
            moved_dest.append((n, old_by_name[n]["dest"], new_by_name[n]["dest"]))
    only_old = sorted(set(old_by_name) - set(new_by_name))
    only_new = sorted(set(new_by_name) - set(old_by_name))
    handled_old, handled_new = set(), set()
    # a dest that survives and changed its option strings
    for dest in sorted(set(old_dests) & set(new_dests)):
        lost = [n for n in old_dests[dest] if n in only_old]
        got = [n for n in new_dests[dest] if n in only_new]
        if lost or got:
            renamed.append(
                f"dest `{dest}`: {', '.join(code(n) for n in old_dests[dest])} → "
                f"{', '.join(code(n) for n in new_dests[dest])}"
                + (f" (gone: {', '.join(code(n) for n in lost)})" if lost else "")
                + (f" (new: {', '.join(code(n) for n in got)})" if got else "")
            )
            handled_old.update(lost)
            handled_new.update(got)
    # a removed and an added option that look alike
    rest_old = [old_by_name[n] for n in only_old if n not in handled_old and old_by_name[n]["names"][0] == n]
    rest_new = [new_by_name[n] for n in only_new if n not in handled_new and new_by_name[n]["names"][0] == n]
    pairs = []
    for a in rest_old:
        for b in rest_new:
            if (a["action"], a["type"], a["nargs"], a["choices"]) != (b["action"], b["type"], b["nargs"], b["choices"]):
                continue
            r = difflib.SequenceMatcher(None, a["names"][0], b["names"][0], autojunk=False).ratio()
            if r >= RENAME_NAME_RATIO:
                pairs.append((-r, a["names"][0], b["names"][0], a, b))
    pairs.sort(key=lambda p: p[:3])
    used_a, used_b = set(), set()
    for _, an, bn, a, b in pairs:
        if an in used_a or bn in used_b:
            continue
        used_a.add(an)
        used_b.add(bn)
        renamed.append(
            f"{code(an)} (dest `{a['dest']}`) → {code(bn)} (dest `{b['dest']}`) — same action, type and choices"
        )
        handled_old.update(a["names"])
        handled_new.update(b["names"])
    for n, od, nd in moved_dest:
        renamed.append(f"{code(n)}: dest `{od}` → `{nd}`")

    added = [new_by_name[n] for n in only_new if n not in handled_new and new_by_name[n]["names"][0] == n]
    removed = [old_by_name[n] for n in only_old if n not in handled_old and old_by_name[n]["names"][0] == n]
    # extra strings of an added/removed action that were not canonical are covered by it
    choices, defaults, other = [], [], []
    help_changed = 0
    for n in sorted(set(old_by_name) & set(new_by_name)):
        a, b = old_by_name[n], new_by_name[n]
        if a["names"][0] != n and b["names"][0] != n:
            continue
        if b["names"][0] != n and a["names"][0] == n:
            continue
        if a["choices"] != b["choices"]:
            if a.get("choices_unordered") and b.get("choices_unordered") and sorted(map(str, a["choices"])) == sorted(map(str, b["choices"])):
                pass
            else:
                plus = [c for c in b["choices"] if c not in a["choices"]]
                minus = [c for c in a["choices"] if c not in b["choices"]]
                detail = []
                if plus:
                    detail.append("added " + ", ".join(code(c) for c in plus))
                if minus:
                    detail.append("removed " + ", ".join(code(c) for c in minus))
                if not plus and not minus:
                    detail.append("reordered: " + code(b["choices"]))
                choices.append(f"{code(n)}: {'; '.join(detail)}")
        if a["default"] != b["default"] or a.get("default_repr") != b.get("default_repr"):
            defaults.append(f"{code(n)}: {code(a.get('default_repr', a['default']))} → {code(b.get('default_repr', b['default']))}")
        for key in COMPARED + ("deprecated",):
            if a.get(key) != b.get(key):
                other.append(f"{code(n)}: {key} {code(a.get(key))} → {code(b.get(key))}")
        if a.get("help") != b.get("help"):
            help_changed += 1

    def optline(o, v):
        extra = f" (also {', '.join(code(x) for x in o['names'][1:])})" if len(o["names"]) > 1 else ""
        ch = f", choices {code(o['choices'])}" if o["choices"] else ""
        return f"- {code(o['names'][0])}{extra} → `{o['dest']}`: {o['action']}{ch}, default {code(o.get('default_repr', o['default']))}"

    lines = ["## Options (`sglang serve` argparse)", ""]
    lines.append(f"{len(oo)} options in {old_v}, {len(no)} in {new_v}. Help text changed for {help_changed} options (not listed).")
    lines.append("")
    for title, items in (
        ("Added", [optline(o, new_v) for o in added]),
        ("Removed", [optline(o, old_v) for o in removed]),
        ("Renamed", [f"- {r}" for r in renamed]),
        ("Choices changed", [f"- {c}" for c in choices]),
        ("Default changed", [f"- {d}" for d in defaults]),
        ("Other attributes changed", [f"- {x}" for x in other]),
    ):
        lines.append(f"### {title} ({len(items)})")
        lines.append("")
        lines.extend(items or ["None."])
        lines.append("")
    counts = {
        "added": len(added),
        "removed": len(removed),
        "renamed": len(renamed),
        "choices_changed": len(choices),
        "default_changed": len(defaults),
        "other_changed": len(other),
    }
    return lines, counts


# ---------------------------------------------------------------------------------------
# fields, architectures, env vars
# ---------------------------------------------------------------------------------------


def fields_section(old_v, new_v, old, new) -> tuple[list[str], dict]:
    of = {f["name"]: f for f in old["fields"]["fields"]}
    nf = {f["name"]: f for f in new["fields"]["fields"]}
    added = [nf[n] for n in nf if n not in of]
    removed = [of[n] for n in of if n not in nf]
    defaults, types, flags = [], [], []
    for n in nf:
        if n not in of:
            continue
        a, b = of[n], nf[n]
        if (a["default"], a.get("default_repr"), a["default_kind"]) != (b["default"], b.get("default_repr"), b["default_kind"]):
            defaults.append(
                f"- `{n}`: {code(a.get('default_repr', a['default']))} → {code(b.get('default_repr', b['default']))}"
                f" (`{b['file']}:{b['line']}@{new_v}`)"
            )
        if (a["type"], a["annotation"]) != (b["type"], b["annotation"]):
            types.append(f"- `{n}`: {code(a['annotation'])} ({a['type']}) → {code(b['annotation'])} ({b['type']})")
        for key in ("resolvable", "no_cli", "fallback", "namespace"):
            if a.get(key) != b.get(key):
                flags.append(f"- `{n}`: {key} {code(a.get(key))} → {code(b.get(key))}")

    def fline(f, v):
        return (f"- `{f['name']}`: {code(f['annotation'])} = {code(f.get('default_repr', f['default']))}"
                f" (`{f['file']}:{f['line']}@{v}`)")

    lines = ["## ServerArgs fields", ""]
    lines.append(f"{len(of)} fields in {old_v}, {len(nf)} in {new_v}.")
    lines.append("")
    for title, items in (
        ("Added", [fline(f, new_v) for f in added]),
        ("Removed", [fline(f, old_v) for f in removed]),
        ("Default changed", defaults),
        ("Type changed", types),
        ("Flags changed (resolvable, no_cli, fallback, namespace)", flags),
    ):
        lines.append(f"### {title} ({len(items)})")
        lines.append("")
        lines.extend(items or ["None."])
        lines.append("")
    return lines, {"added": len(added), "removed": len(removed), "default_changed": len(defaults),
                   "type_changed": len(types), "flags_changed": len(flags)}


def registry_section(old_v, new_v, old, new) -> tuple[list[str], dict]:
    oa = {e["architecture"]: e for e in old["registry"]["architectures"] if e["architecture"]}
    na = {e["architecture"]: e for e in new["registry"]["architectures"] if e["architecture"]}
    added = sorted(set(na) - set(oa))
    removed = sorted(set(oa) - set(na))
    moved = sorted(a for a in set(oa) & set(na) if oa[a]["file"] != na[a]["file"])
    lines = ["## Model architectures (registry)", ""]
    lines.append(f"{len(oa)} architectures in {old_v}, {len(na)} in {new_v}.")
    lines.append("")
    for title, items in (
        ("Added", [f"- `{a}` (`{na[a]['file']}:{na[a]['line']}@{new_v}`)" for a in added]),
        ("Removed", [f"- `{a}` (`{oa[a]['file']}:{oa[a]['line']}@{old_v}`)" for a in removed]),
        ("Registered by another module", [f"- `{a}`: `{oa[a]['file']}` → `{na[a]['file']}`" for a in moved]),
    ):
        lines.append(f"### {title} ({len(items)})")
        lines.append("")
        lines.extend(items or ["None."])
        lines.append("")
    return lines, {"added": len(added), "removed": len(removed), "moved": len(moved)}


def envs_section(old_v, new_v, old, new) -> tuple[list[str], dict]:
    oe = {e["name"]: e for e in old["envs"]["envs"]}
    ne = {e["name"]: e for e in new["envs"]["envs"]}
    added = sorted(set(ne) - set(oe))
    removed = sorted(set(oe) - set(ne))
    changed, types = [], []
    for n in sorted(set(oe) & set(ne)):
        a, b = oe[n], ne[n]
        if (a["default"], a["default_source"]) != (b["default"], b["default_source"]):
            changed.append(f"- `{n}`: {code(a['default_source'])} → {code(b['default_source'])}")
        if a["class"] != b["class"]:
            types.append(f"- `{n}`: {a['class']} → {b['class']}")
    od = {d["name"] for d in old["envs"].get("deprecated", [])}
    nd = {d["name"] for d in new["envs"].get("deprecated", [])}
    lines = ["## Environment variables (`sglang/srt/environ.py`)", ""]
    lines.append(f"{len(oe)} in {old_v}, {len(ne)} in {new_v}.")
    lines.append("")

    def eline(e, v):
        return f"- `{e['name']}`: {e['class']}({code(e['default_source'])}) (`{e['file']}:{e['line']}@{v}`)"

    for title, items in (
        ("Added", [eline(ne[n], new_v) for n in added]),
        ("Removed", [eline(oe[n], old_v) for n in removed]),
        ("Default changed", changed),
        ("Type changed", types),
        ("Newly deprecated names (`_DEPRECATED_ENVS`)", [f"- `{n}`" for n in sorted(nd - od)]),
        ("No longer in `_DEPRECATED_ENVS`", [f"- `{n}`" for n in sorted(od - nd)]),
    ):
        lines.append(f"### {title} ({len(items)})")
        lines.append("")
        lines.extend(items or ["None."])
        lines.append("")
    return lines, {"added": len(added), "removed": len(removed), "default_changed": len(changed),
                   "type_changed": len(types)}


def report(old_v: str, new_v: str, old: dict, new: dict) -> str:
    m = match_sites(old["sites"], new["sites"])
    s_lines, s_counts = sites_section(old_v, new_v, old["sites"], new["sites"], m)
    o_lines, o_counts = options_section(old_v, new_v, old, new)
    f_lines, f_counts = fields_section(old_v, new_v, old, new)
    r_lines, r_counts = registry_section(old_v, new_v, old, new)
    e_lines, e_counts = envs_section(old_v, new_v, old, new)
    head = [
        f"# SGLang drift: {old_v} → {new_v}",
        "",
        f"Generated by `scripts/release/drift.py {old_v} {new_v}` from `data/releases/{old_v}/` and "
        f"`data/releases/{new_v}/`; do not edit. Lines are `file:line@release`.",
        "",
        "| area | changes |",
        "|---|---|",
        f"| sites | {s_counts['new']} new, {s_counts['gone']} gone, {s_counts['reworded']} reworded, "
        f"{s_counts['moved']} moved ({s_counts['unchanged']} unchanged; {len(old['sites'])} → {len(new['sites'])}) |",
        f"| options | {o_counts['added']} added, {o_counts['removed']} removed, {o_counts['renamed']} renamed, "
        f"{o_counts['choices_changed']} choices changed, {o_counts['default_changed']} defaults changed, "
        f"{o_counts['other_changed']} other changes |",
        f"| fields | {f_counts['added']} added, {f_counts['removed']} removed, {f_counts['default_changed']} "
        f"defaults changed, {f_counts['type_changed']} types changed, {f_counts['flags_changed']} flags changed |",
        f"| architectures | {r_counts['added']} added, {r_counts['removed']} removed, {r_counts['moved']} moved |",
        f"| env vars | {e_counts['added']} added, {e_counts['removed']} removed, {e_counts['default_changed']} "
        f"defaults changed, {e_counts['type_changed']} types changed |",
        "",
        "Sections: [Sites](#sites-messages) · [Options](#options-sglang-serve-argparse) · "
        "[Fields](#serverargs-fields) · [Architectures](#model-architectures-registry) · "
        "[Env vars](#environment-variables-sglangsrtenvironpy)",
        "",
    ]
    body = head + s_lines + o_lines + f_lines + r_lines + e_lines
    while body and body[-1] == "":
        body.pop()
    return "\n".join(body) + "\n"


def main() -> None:
    args = sys.argv[1:]
    data_dir, out = common.DATA_DIR, None
    for flag in ("--data", "--out"):
        if flag in args:
            i = args.index(flag)
            if i + 1 >= len(args):
                common.fail(f"{flag} needs a value")
            if flag == "--data":
                data_dir = Path(args[i + 1])
            else:
                out = Path(args[i + 1])
            del args[i : i + 2]
    if len(args) != 2:
        common.fail("usage: drift.py OLD NEW [--data DIR] [--out FILE]")
    old_v, new_v = args
    text = report(old_v, new_v, load(data_dir, old_v), load(data_dir, new_v))
    out = out or common.DOCS_DIR / f"drift-{new_v}.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    if not out.is_file() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")
    print(f"{out.relative_to(common.REPO_ROOT) if out.is_relative_to(common.REPO_ROOT) else out}: "
          + text.split("\n")[6].strip("| ").replace(" | ", ": "))


if __name__ == "__main__":
    main()
