#!/usr/bin/env python3
"""Held-out golden cases for the model classes beyond tests/golden/gen_heads_cases.py's: random
--tp-size (1-16, with DP attention 30% of the time) over architectures whose model class the
oracle can build from its reference config and whose first decoder layer
scripts/models/gen_head_asserts.py did not review when the set was first drawn (the DeepSeek
MLA family is reviewed from 0.5.22 since; Qwen3-Next and Llama 4 are not: INPUT012). Runs with `"build_model": true` (the oracle builds the model
class on the meta device, tools/oracle/construction.py `_build_model`). Preflight must never say
"starts" where the oracle's build raises while Preflight's generic shape check (heads by the TP
widths, block-FP8 intermediate sizes) fails, nor "cannot judge" where the build succeeds; where
the build raises for another reason, the case is a disagreement to list.
Writes tests/golden/oracle-<release>-unreviewed-random-<S>.jsonl.

    python tests/golden/gen_unreviewed_cases.py --sglang 0.5.23 --jobs 2 --random 40 --seed 1
    python tests/golden/gen_unreviewed_cases.py --sglang 0.5.21 --jobs 2 --random 20 --seed 17 \
        --archs Gemma3ForCausalLM,DeepseekV3ForCausalLM
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.21", "0.5.22", "0.5.23"]
# MLA and DSA (reviewed from 0.5.22), hybrid linear attention and multimodal (not reviewed), each
# with a stand-in config in the oracle's models/
ARCHS = [
    "DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM", "GlmMoeDsaForCausalLM",
    "Qwen3NextForCausalLM", "Llama4ForConditionalGeneration",
]
RANDOM = None  # (count, seed), --random N --seed S


def build_cases(v):
    out = []
    add = g.case_adder(v, out)
    g.random_tp_draws(add, "unreviewed-random", ARCHS, *RANDOM)
    return g.unique_cases(out)


if __name__ == "__main__":
    args = sys.argv[1:]
    # `--archs A,B` draws over those architectures instead (another file part: the first one's)
    if "--archs" in args:
        i = args.index("--archs")
        ARCHS = args[i + 1].split(",")
        args = args[:i] + args[i + 2:]
    argv, RANDOM, family = g.random_argv(args, "unreviewed")
    if RANDOM is None:
        sys.exit("a held-out set only: give --random N --seed S")
    sys.exit(g.generate_family(__doc__, family, R, build_cases, argv=argv, build_model=True))
