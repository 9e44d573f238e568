#!/usr/bin/env python3
"""Tests of the release tooling (plain ``unittest``, no SGLang needed):

    python3 scripts/release/test_release.py

The template reconstruction, the site collector, the constructor scope, the type
normalisation and the drift matching are tested on small made-up sources; the committed data
is checked for size, schema and machine paths. With ``SGLANG_WHEELS=DIR`` (a directory holding
unpacked wheels ``DIR/X.Y.Z/``) the static sites of every committed release are re-extracted
and compared with the committed files byte for byte.
"""

from __future__ import annotations

import ast
import json
import os
import sys
import tempfile
import textwrap
import typing
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import common  # noqa: E402
import drift  # noqa: E402
import extract_sites as es  # noqa: E402


def sites_of(src: str, scope=None) -> list[dict]:
    src = textwrap.dedent(src)
    tree = ast.parse(src)
    sc = es.init_scope(tree) if scope == "init" else None
    c = es.Collector("python/sglang/x.py", src, tree, sc, es.ModuleCache(Path("/nonexistent")))
    c.visit(tree)
    return c.sites


def msg(src: str) -> dict:
    """The message of the single site in ``src``."""
    s = sites_of(src)
    assert len(s) == 1, s
    return s[0]["message"]


class Templates(unittest.TestCase):
    def test_literal_braces_are_doubled(self):
        m = msg('raise ValueError("a {b} c")')
        self.assertEqual((m["form"], m["template"]), ("literal", "a {{b}} c"))

    def test_adjacent_literals_concatenate(self):
        m = msg('raise ValueError(\n    "one "\n    f"{x!r} two "\n    "three"\n)')
        self.assertEqual((m["form"], m["template"], m["exact"]), ("fstring", "one {x!r} two three", True))

    def test_placeholder_source_is_kept_as_written(self):
        m = msg("raise ValueError(f'got {d[\"k\"]:>4} and {a+b} and {sorted(x)!s}')")
        self.assertEqual(m["template"], 'got {d["k"]:>4} and {a+b} and {sorted(x)!s}')
        self.assertTrue(m["exact"])

    def test_fstring_literal_braces_and_escapes(self):
        m = msg('raise ValueError(f"{{x}} {y}\\n\\N{BULLET}")')
        self.assertEqual(m["template"], "{{x}} {y}\n\u2022")

    def test_self_documenting_field(self):
        m = msg('raise ValueError(f"bad: {n=}, {m = :>3}")')
        self.assertEqual(m["template"], "bad: n={n!r}, m = {m:>3}")
        self.assertTrue(m["exact"])

    def test_nested_fstring_in_placeholder(self):
        m = msg("""raise ValueError(f"x {', '.join(f'{k}' for k in ks)} y")""")
        self.assertEqual(m["template"], "x {', '.join(f'{k}' for k in ks)} y")
        self.assertTrue(m["exact"])

    def test_concat(self):
        m = msg('raise ValueError("a " + str(x) + f" {y}")')
        self.assertEqual((m["form"], m["template"]), ("concat", "a {str(x)} {y}"))

    def test_format(self):
        m = msg('raise ValueError("a {} b {name!r} {0:>2}".format(x, name=y))')
        self.assertEqual((m["form"], m["template"]), ("format", "a {x} b {y!r} {x:>2}"))

    def test_percent_operator_and_logger_args(self):
        m = msg('raise ValueError("a %s b %d%%" % (x, y))')
        self.assertEqual((m["form"], m["template"], m["args"]), ("percent", "a %s b %d%%", ["x", "y"]))
        m = msg('logger.warning("v=%s {k}", v)')
        self.assertEqual((m["form"], m["template"], m["args"]), ("percent", "v=%s {{k}}", ["v"]))

    def test_logger_without_args_keeps_percent_literal(self):
        m = msg('logger.info("100% done")')
        self.assertEqual((m["form"], m["template"], m["args"]), ("literal", "100% done", []))

    def test_variable_message_records_expression_and_assignments(self):
        s = sites_of(
            """
            def f(x):
                msg = f"bad {x}"
                if x:
                    msg += " (really)"
                raise RuntimeError(msg)
            """
        )
        m = s[0]["message"]
        self.assertEqual((m["form"], m["expr"]), ("expr", "msg"))
        self.assertEqual([(a["op"], a["template"]) for a in m["assignments"]],
                         [("=", "bad {x}"), ("+=", " (really)")])

    def test_constants(self):
        s = sites_of(
            """
            LIMIT = 32
            CHOICES = ["a", "b"]
            CHOICES.append("c")
            def f(n):
                local = ("x", "y")
                raise ValueError(f"{n} > {LIMIT}; {local}; {CHOICES}")
            """
        )
        c = s[0]["message"]["constants"]
        self.assertEqual(c["LIMIT"]["value"], 32)
        self.assertEqual(c["local"]["repr"], "('x', 'y')")
        self.assertNotIn("CHOICES", c)  # mutated: not a constant


class Sites(unittest.TestCase):
    def test_kinds_functions_and_guards(self):
        s = sites_of(
            """
            import warnings
            class A:
                def m(self, x):
                    if x > 1:
                        assert x < 9, "too big"
                    else:
                        logger.warning_once(f"small {x}")
                    def inner():
                        raise
                    warnings.warn("old", DeprecationWarning)
                    print_deprecated_warning("dep")
                    log_info_on_rank0(logger, "r0")
                    parser.error("bad")
                    print("p", file=sys.stderr)
                    logger.debug("not recorded")
            """
        )
        got = [(x["kind"], x["level"], x["function"], x["exception"]) for x in s]
        self.assertEqual(got, [
            ("assert", None, "A.m", "AssertionError"),
            ("log", "warning_once", "A.m", None),
            ("raise", None, "A.m.<locals>.inner", None),
            ("warn", None, "A.m", "DeprecationWarning"),
            ("log", "warning", "A.m", None),
            ("log", "info", "A.m", None),
            ("parser_error", None, "A.m", "SystemExit"),
            ("print", None, "A.m", None),
        ])
        self.assertEqual(s[0]["guard"], "x > 1")
        self.assertEqual(s[0]["condition"], "x < 9")
        self.assertEqual(s[1]["guard"], "not x > 1")
        self.assertEqual(s[4]["message"]["template"], "dep")
        self.assertEqual(s[5]["message"]["template"], "r0")
        self.assertEqual(s[7]["keywords"], {"file": "sys.stderr"})

    def test_raise_variants(self):
        s = sites_of(
            """
            def f():
                raise errors.Bad("m", 3) from e
            def g():
                raise exc
            """
        )
        self.assertEqual((s[0]["exception"], s[0]["cause"], s[0]["extra_args"]), ("errors.Bad", "e", ["3"]))
        self.assertEqual((s[1]["exception"], s[1]["raise_expr"], s[1]["message"]["form"]), ("exc", True, "none"))

    def test_constructor_scope(self):
        s = sites_of(
            """
            def _check(x):
                raise ValueError("from init")
            def _unused():
                raise ValueError("never reached from __init__")
            class B:
                def __init__(self):
                    self._setup()
                    _check(1)
                def _setup(self):
                    assert True, "setup"
                def forward(self):
                    raise ValueError("runtime")
            """,
            scope="init",
        )
        self.assertEqual(
            [(x["function"], x["reached_from"]) for x in s],
            [("_check", ["B.__init__"]), ("B._setup", ["B.__init__"])],
        )

    def test_ids_are_content_hashes(self):
        a = sites_of('def f():\n    raise ValueError("x")\n    raise ValueError("x")\n')
        es.site_ids(a)
        b = sites_of('\n\ndef f():\n    raise ValueError("x")\n    raise ValueError("x")\n')
        es.site_ids(b)
        self.assertEqual([x["id"] for x in a], [x["id"] for x in b])
        self.assertTrue(b[1]["id"].endswith("~2"))

    def test_fstring_field_scanner(self):
        self.assertEqual(es.fstring_fields('f"a{x}b{{c}}{d!r:>{w}}"'), ["x", "d!r:>{w}"])
        self.assertEqual(es.fstring_fields("'plain {x}'"), [])
        self.assertEqual(es.fstring_fields('rf"\\d{x}"'), ["x"])


class Types(unittest.TestCase):
    def test_normalise(self):
        import extract_fields as ef

        O, L = typing.Optional, typing.List
        cases = {
            int: "int", bool: "bool", O[int]: "optional_int", O[str]: "optional_str",
            L[str]: "list_str", O[L[int]]: "list_int", L[float]: "list_float",
            O[typing.Dict[str, typing.Any]]: "json", typing.Literal["a", "b"]: "str",
            O[typing.Literal["a", None]]: "optional_str", typing.Literal[1, 2]: "int",
            typing.Union[str, typing.Dict, None]: "any", O[typing.Callable]: "any",
        }
        for tp, want in cases.items():
            self.assertEqual(ef.normalise(tp)["type"], want, tp)
        self.assertEqual(ef.normalise(typing.Literal["a", "b"])["literal"], ["a", "b"])
        self.assertTrue(ef.normalise(O[L[str]])["nullable"])


def site(file, fn, line, template, kind="raise", exc="ValueError"):
    return {"file": file, "function": fn, "line": line, "kind": kind, "level": None, "exception": exc,
            "message": {"form": "literal", "template": template, "expr": None, "args": []}}


class Drift(unittest.TestCase):
    def test_site_matching(self):
        old = [site("a.py", "f", 10, "same"), site("a.py", "f", 20, "the backend X is not supported"),
               site("a.py", "f", 30, "moving"), site("a.py", "g", 40, "removed entirely")]
        new = [site("a.py", "f", 11, "same"), site("a.py", "f", 21, "the backend X is not supported yet"),
               site("b.py", "h", 5, "moving"), site("a.py", "f", 50, "brand new check")]
        m = drift.match_sites(old, new)
        self.assertEqual(m["unchanged"], [(0, 0)])
        self.assertEqual(m["reworded"], [(1, 1)])
        self.assertEqual(m["moved"], [(2, 2)])
        self.assertEqual((m["gone"], m["new"]), ([3], [3]))

    def test_option_renames(self):
        def opt(names, dest, action="_StoreAction"):
            return {"names": names, "dest": dest, "action": action, "type": "str", "nargs": None,
                    "choices": ["a"], "default": None, "in_config": True, "required": False,
                    "deprecated": None, "help": "h"}
        old = {"options": {"options": [opt(["--dsa-x"], "dsa_x"), opt(["--nsa-x"], "dsa_x", "DeprecatedAliasStoreAction"),
                                       opt(["--nsa-topk"], "nsa_topk")]}}
        new = {"options": {"options": [opt(["--dsa-x"], "dsa_x"), opt(["--dsa-topk"], "dsa_topk")]}}
        lines, counts = drift.options_section("1", "2", old, new)
        text = "\n".join(lines)
        self.assertEqual(counts["renamed"], 2, text)
        self.assertIn("(gone: `--nsa-x`)", text)
        self.assertIn("`--nsa-topk` (dest `nsa_topk`) → `--dsa-topk` (dest `dsa_topk`)", text)
        self.assertEqual((counts["added"], counts["removed"]), (0, 0))


class CommittedData(unittest.TestCase):
    def releases(self):
        rels = sorted((p for p in common.DATA_DIR.iterdir() if p.is_dir()), key=lambda p: common.version_key(p.name))
        self.assertTrue(rels, "no data/releases/*")
        return rels

    def test_files_small_with_schema_and_no_machine_paths(self):
        for rel in self.releases():
            for path in sorted(rel.rglob("*.json")):
                text = path.read_text(encoding="utf-8")
                self.assertLess(len(text.encode()), 1_500_000, path)
                data = json.loads(text)
                self.assertTrue(data["schema"].startswith("preflight.release."), path)
                self.assertEqual(data["sglang"], rel.name, path)
                self.assertEqual(common.dumps(data), text, f"{path} is not canonical JSON")
                for bad in ("/work/", "/root/", "/home/", "site-packages/"):
                    self.assertNotIn(bad, text, f"{path} contains {bad}")

    def test_sites_index_matches_area_files(self):
        for rel in self.releases():
            index = json.loads((rel / "sites.json").read_text())
            total = 0
            for area in index["areas"]:
                sites = json.loads((rel / area["path"]).read_text())["sites"]
                self.assertEqual(len(sites), area["count"])
                ids = [s["id"] for s in sites]
                self.assertEqual(len(ids), len(set(ids)), area["path"])
                for s in sites:
                    self.assertTrue(s["file"].startswith("python/sglang/"), s)
                    self.assertLessEqual(s["line"], s["end_line"])
                total += len(sites)
            self.assertEqual(total, index["count"])

    @unittest.skipUnless(os.environ.get("SGLANG_WHEELS"), "set SGLANG_WHEELS=DIR of unpacked wheels")
    def test_sites_reproduce_from_wheels(self):
        for rel in self.releases():
            wheel = Path(os.environ["SGLANG_WHEELS"]) / rel.name
            with tempfile.TemporaryDirectory() as tmp:
                import subprocess

                subprocess.run([sys.executable, str(HERE / "extract_sites.py"), str(wheel), tmp], check=True,
                               capture_output=True)
                for path in sorted(Path(tmp).rglob("*.json")):
                    committed = rel / path.relative_to(tmp)
                    self.assertEqual(path.read_bytes(), committed.read_bytes(), committed)


if __name__ == "__main__":
    unittest.main()
