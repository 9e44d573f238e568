#!/usr/bin/env python3
"""Golden cases for PAR077: an attention class that splits its heads over the attention TP group
but all-reduces over the full TP group refuses an attention TP width strictly between 1 and the
TP size (`reject_attn_tp_shard_with_tp_reduce`, layers/dp_attention.py:536-571@0.5.23, 0.5.22+;
PhiMoEAttention calls it between its QKV and output projections, as
scripts/models/gen_head_asserts.py records). Runs with `"build_model": true` (the model class
built on the meta device). PhiMoE's reference config of data/models, unquantized or block FP8
(128 x 128, and 512 x 128 whose QKV block check refuses first), over TP widths with the
deprecated --enable-dp-attention, with --attn-dp-size (0.5.22+) and with --attn-cp-size.
Writes tests/golden/oracle-<release>-tp-reduce.jsonl; on 0.5.21, which has no such check, the
same launches show what the older release does.

    python tests/golden/gen_tp_reduce_cases.py --sglang 0.5.23 --jobs 2

`--random N --seed S` draws N cases instead (TP 1-16, one of the attention widths, a block or
none), for a held-out set: oracle-<release>-tp-reduce-random-<S>.jsonl.
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.21", "0.5.22", "0.5.23"]
ARCH = "PhiMoEForCausalLM"
RANDOM = None  # (count, seed) with --random


def widths(v, tp, rng=None):
    """The attention layouts of a TP size: DP attention and, from 0.5.22, --attn-dp-size, each
    with a width that divides it, and --attn-cp-size."""
    divisors = [d for d in range(2, tp + 1) if tp % d == 0]
    out = [{}]
    for d in divisors:
        out.append({"dp_size": d, "enable_dp_attention": True})
        if v != "0.5.21":
            out.append({"attn_dp_size": d})
        out.append({"attn_cp_size": d})
    return [rng.choice(out)] if rng else out


def build_cases(v):
    out = []
    add = g.case_adder(v, out)
    section = "tp-reduce-random" if RANDOM else "tp-reduce"

    def case(block, **fields):
        add(section, ARCH, "H100", model_config=copy.deepcopy(g.reference_config(ARCH, block=block)),
            **fields)

    if RANDOM is not None:
        count, seed = RANDOM
        rng = random.Random(seed)
        for _ in range(count):
            tp = rng.randint(1, 16)
            block = rng.choice([None, None, (128, 128), (512, 128)])
            case(block, tp_size=tp, **widths(v, tp, rng)[0])
        return g.unique_cases(out)
    for tp in [4, 8]:
        for w in widths(v, tp):
            case(None, tp_size=tp, **w)
    for w in [{"dp_size": 2, "enable_dp_attention": True}, {"attn_cp_size": 2}]:
        case((128, 128), tp_size=8, **w)
        case((512, 128), tp_size=8, **w)
    case(None, tp_size=12, dp_size=3, enable_dp_attention=True)
    case(None, tp_size=16, dp_size=4, enable_dp_attention=True)
    return g.unique_cases(out)


if __name__ == "__main__":
    argv, RANDOM, family = g.random_argv(sys.argv[1:], "tp-reduce")
    sys.exit(g.generate_family(__doc__, family, R, build_cases, argv=argv, build_model=True))
