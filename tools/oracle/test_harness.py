"""Unit tests of the harness parts that need no SGLang import.

  python -m unittest tools/oracle/test_harness.py      (from the repo root)
"""

from __future__ import annotations

import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import releases  # noqa: E402


def _fake_wheel(root: Path, release: str) -> Path:
    d = root / release
    (d / "sglang").mkdir(parents=True)
    (d / "sglang" / "__init__.py").write_text("")
    (d / "sglang" / "_version.py").write_text(
        f"__version__ = version = '{release}'\n"
    )
    return d


class ReleasesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = Path(self.tmp.name)
        self.env = dict(os.environ)

    def tearDown(self):
        os.environ.clear()
        os.environ.update(self.env)
        self.tmp.cleanup()

    def test_wheel_dir_from_oracle_wheels(self):
        d = _fake_wheel(self.root, "0.5.21")
        os.environ["ORACLE_WHEELS"] = str(self.root)
        self.assertEqual(releases.wheel_dir("0.5.21"), d)
        with self.assertRaises(FileNotFoundError):
            releases.wheel_dir("0.5.22")

    def test_wheel_dir_falls_back_to_matching_pythonpath_entry(self):
        other = self.root / "elsewhere"
        d = _fake_wheel(other, "0.5.23")
        os.environ["ORACLE_WHEELS"] = str(self.root / "empty")
        os.environ["PYTHONPATH"] = str(d)
        self.assertEqual(releases.wheel_dir("0.5.23"), d)
        with self.assertRaises(FileNotFoundError):  # a different release is not taken
            releases.wheel_dir("0.5.19")

    def test_bad_release_strings(self):
        for bad in ("", "latest", "0.5.21; rm -rf", None, 5):
            with self.assertRaises(ValueError):
                releases.check_release(bad)
        releases.check_release("0.5.21")

    def test_unpacked_version(self):
        d = _fake_wheel(self.root, "0.5.20")
        self.assertEqual(releases.unpacked_version(str(d)), "0.5.20")
        self.assertIsNone(releases.unpacked_version(str(self.root / "nothing")))

    def test_only_the_selected_release_on_sys_path(self):
        a = str(_fake_wheel(self.root, "0.5.19"))
        b = str(_fake_wheel(self.root, "0.5.23"))
        plain = str(self.root)
        path = [plain, b, "/x", a]
        releases.select_release_on_sys_path(path, a)
        self.assertEqual(path, [a, plain, "/x"])
        pp = os.pathsep.join([b, plain, a])
        self.assertEqual(releases.pythonpath_without_sglang(pp), plain)


class SamplesTableTest(unittest.TestCase):
    def test_differences_lists_only_changed_verdicts(self):
        import io
        from contextlib import redirect_stdout

        import samples

        def row(rel, outcome, msg=None):
            res = {"outcome": outcome, "stage": "resolution" if msg else "done",
                   "exception": "ValueError" if msg else None, "message": msg,
                   "resolved": {"attention_backend": "fa3", "kv_cache_dtype": "auto", "page_size": 1}}
            return {"sglang": rel, "config": samples.SAMPLES[0], "result": res}

        by_rel = {
            "0.5.19": [row("0.5.19", "ok"), row("0.5.19", "error", "no")],
            "0.5.23": [row("0.5.23", "ok"), row("0.5.23", "ok")],
        }
        buf = io.StringIO()
        with redirect_stdout(buf):
            samples.differences(by_rel)
        lines = [l for l in buf.getvalue().splitlines() if l.startswith("| 2 ")]
        self.assertEqual(len(lines), 1)
        self.assertNotIn("| 1 |", buf.getvalue())
        self.assertIn("`ValueError` no", lines[0])


if __name__ == "__main__":
    unittest.main()
