#!/usr/bin/env python3
"""Golden cases for the checks of the first sparse MoE layer (PAR068-PAR072: the MoE block's
TP > experts refusal, FusedMoE's two bare asserts and Fp8MoEMethod's block-FP8 checks, the
reviewed architectures of scripts/models/gen_moe_asserts.py), built by the oracle on the meta
device (`"build_model": true`, tools/oracle/construction.py `_build_model`). Each case carries
its own config.json (`model_config`): the reference Qwen3-MoE config of data/models, with a
block-FP8 quantization_config or none, and the expert count and intermediate size varied.
Writes tests/golden/oracle-<release>-moe-layer.jsonl.

    python tests/golden/gen_moe_layer_cases.py --sglang 0.5.23 --jobs 2

`--random N --seed S` draws N cases instead (TP 1-16, EP a divisor of TP, optional DP
attention, a random intermediate size, expert count, block size and MoE runner), for a held-out
set: oracle-<release>-moe-layer-random-<S>.jsonl.
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.21", "0.5.22", "0.5.23"]
ARCH = "Qwen3MoeForCausalLM"
RANDOM = None  # (count, seed) with --random


def config(inter=None, experts=None, block=None, heads=None, kv=None):
    sizes = {"moe_intermediate_size": inter, "num_experts": experts, "num_attention_heads": heads,
             "num_key_value_heads": kv}
    return g.reference_config(ARCH, sizes, block)


def build_cases(v):
    out = []
    add = g.case_adder(v, out)

    def case(gpu, mc, **fields):
        add("moe-layer-random" if RANDOM else "moe-layer", ARCH, gpu, model_config=copy.deepcopy(mc), **fields)

    if RANDOM is not None:
        count, seed = RANDOM
        rng = random.Random(seed)
        for _ in range(count):
            tp = rng.choice([1, 2, 4, 8, 16, 3, 6, 12])
            ep = rng.choice([d for d in range(1, tp + 1) if tp % d == 0])
            inter = rng.choice([768, 1536, 2560, 704, 770, 96, 384])
            experts = rng.choice([128, 160, 64, 8, 6, 130])
            block = rng.choice([None, (128, 128), (128, 128), (64, 128), (128, 64)])
            heads = rng.choice([32, 48, 64, 96])
            fields = {"tp_size": tp}
            if ep > 1:
                fields["ep_size"] = ep
            if rng.random() < 0.2 and tp > 1:
                fields["dp_size"] = rng.choice([d for d in range(2, tp + 1) if tp % d == 0])
                fields["enable_dp_attention"] = True
            gpu = rng.choice(["H100", "H100", "B200"])
            if gpu == "B200" and rng.random() < 0.5:
                fields["moe_runner_backend"] = "flashinfer_trtllm"
            case(gpu, config(inter, experts, block, heads, kv=4), **fields)
        return g.unique_cases(out)
    fp8 = config(block=(128, 128))
    bf16 = config()
    # block FP8 at the usual widths: 768 / moe_tp must be a multiple of 128 (PAR071)
    for tp in [1, 2, 4, 8]:
        case("H100", fp8, tp_size=tp)
        case("H100", bf16, tp_size=tp)
    for tp, ep in [(4, 2), (4, 4), (8, 2), (8, 4), (8, 8)]:
        case("H100", fp8, tp_size=tp, ep_size=ep)
    # Qwen3-235B-A22B's and Qwen3-Coder-480B's sizes
    big = config(inter=1536, block=(128, 128), heads=64)
    coder = config(inter=2560, experts=160, block=(128, 128), heads=96, kv=8)
    for tp, ep in [(8, 1), (4, 1), (8, 8), (8, 2), (16, 1), (16, 4)]:
        f = {"tp_size": tp} | ({"ep_size": ep} if ep > 1 else {})
        case("H100", big, **f)
        case("H100", coder, **f)
    # the flashinfer_trtllm runner rounds the slice up to 128 first
    for tp in [4, 8]:
        case("B200", fp8, tp_size=tp, moe_runner_backend="flashinfer_trtllm")
    # DP attention: the attention width shrinks, the MoE TP width does not
    case("H100", fp8, tp_size=8, dp_size=8, enable_dp_attention=True)
    case("H100", fp8, tp_size=8, dp_size=2, enable_dp_attention=True, ep_size=8)
    # block_k differs from block_n (PAR072)
    for tp in [2, 4]:
        case("H100", config(inter=768, block=(64, 128)), tp_size=tp)
        case("H100", config(inter=1536, block=(128, 256)), tp_size=tp)
    # FusedMoE's asserts and the block's TP > experts refusal (PAR068-PAR070)
    case("H100", config(inter=770), tp_size=4)
    case("H100", config(inter=770), tp_size=4, ep_size=4)
    case("H100", config(experts=130), tp_size=4, ep_size=4)
    case("H100", config(experts=130), tp_size=4, ep_size=2)
    case("H100", config(experts=2), tp_size=4)
    case("H100", config(experts=2), tp_size=4, ep_size=2)
    case("H100", config(experts=6), tp_size=8)
    case("H100", config(experts=6, block=(128, 128)), tp_size=8, ep_size=2)
    return out


if __name__ == "__main__":
    argv, RANDOM, family = g.random_argv(sys.argv[1:], "moe-layer")
    sys.exit(g.generate_family(__doc__, family, R, build_cases, argv=argv, build_model=True))
