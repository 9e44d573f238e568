#!/usr/bin/env python3
"""Golden cases for the first sparse MoE layer of the reviewed MoE blocks other than
Qwen3-MoE's (gen_moe_layer_cases.py has that one): Qwen2-MoE's block, whose TP > experts check
reads the full --tp-size, and the blocks that pass their decoder's config fields straight to
FusedMoE without a check of their own (Mixtral: num_local_experts and intermediate_size;
OLMoE: num_experts and intermediate_size; Granite MoE), per scripts/models/gen_moe_asserts.py.
PAR068 (TP > experts), PAR069 and PAR070 (FusedMoE's bare asserts), PAR071 and PAR072
(Fp8MoEMethod's block-FP8 checks), built by the oracle on the meta device (`"build_model":
true`). Each case carries its own config.json (`model_config`): the architecture's reference
config of data/models with a block-FP8 quantization_config or none, and the expert count and
intermediate size varied. Writes tests/golden/oracle-<release>-moe-blocks.jsonl.

    python tests/golden/gen_moe_block_cases.py --sglang 0.5.23 --jobs 2

`--random N --seed S` draws N cases instead (architecture, TP 1-16, EP a divisor of TP,
optional DP attention and redundant experts, a random intermediate size, expert count and
block size), for a held-out set: oracle-<release>-moe-blocks-random-<S>.jsonl.
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.21", "0.5.22", "0.5.23"]
RANDOM = None  # (count, seed) with --random
# architecture -> (its expert-count key, its expert intermediate-size key)
ARCHS = {
    "Qwen2MoeForCausalLM": ("num_experts", "moe_intermediate_size"),
    "MixtralForCausalLM": ("num_local_experts", "intermediate_size"),
    "OlmoeForCausalLM": ("num_experts", "intermediate_size"),
    "GraniteMoeForCausalLM": ("num_local_experts", "intermediate_size"),
}


def config(arch, inter=None, experts=None, block=None, heads=None, kv=None):
    experts_key, inter_key = ARCHS[arch]
    sizes = {inter_key: inter, experts_key: experts, "num_attention_heads": heads,
             "num_key_value_heads": kv}
    return g.reference_config(arch, sizes, block)


def build_cases(v):
    out = []
    add = g.case_adder(v, out)

    def case(arch, gpu, mc, **fields):
        section = "moe-blocks-random" if RANDOM else "moe-blocks"
        add(section, arch, gpu, model_config=copy.deepcopy(mc), **fields)

    if RANDOM is not None:
        count, seed = RANDOM
        rng = random.Random(seed)
        for _ in range(count):
            arch = rng.choice(sorted(ARCHS))
            tp = rng.choice([1, 2, 4, 8, 16, 3, 6, 12])
            ep = rng.choice([d for d in range(1, tp + 1) if tp % d == 0])
            inter = rng.choice([1408, 2048, 14336, 11008, 704, 770, 96, 384, 1536])
            experts = rng.choice([60, 64, 8, 6, 16, 2, 130])
            block = rng.choice([None, (128, 128), (128, 128), (64, 128), (128, 64)])
            heads = rng.choice([16, 32, 48, 64])
            fields = {"tp_size": tp}
            if ep > 1:
                fields["ep_size"] = ep
            if rng.random() < 0.2 and tp > 1:
                fields["dp_size"] = rng.choice([d for d in range(2, tp + 1) if tp % d == 0])
                fields["enable_dp_attention"] = True
            gpu = rng.choice(["H100", "H100", "B200"])
            case(arch, gpu, config(arch, inter, experts, block, heads, kv=rng.choice([4, 8])),
                 **fields)
        return g.unique_cases(out)
    for arch in ARCHS:
        fp8 = config(arch, block=(128, 128))
        bf16 = config(arch)
        # the reference sizes, unquantized and block FP8
        for tp in [1, 2, 4, 8]:
            case(arch, "H100", bf16, tp_size=tp)
            case(arch, "H100", fp8, tp_size=tp)
        for tp, ep in [(4, 2), (8, 2), (8, 8)]:
            case(arch, "H100", fp8, tp_size=tp, ep_size=ep)
        # FusedMoE's intermediate assert (PAR070) and EP as its fix
        case(arch, "H100", config(arch, inter=770), tp_size=4)
        case(arch, "H100", config(arch, inter=770), tp_size=4, ep_size=4)
        # the experts over --ep-size (PAR069)
        case(arch, "H100", config(arch, experts=6), tp_size=4, ep_size=4)
        case(arch, "H100", config(arch, experts=6), tp_size=4, ep_size=2)
        # a TP width above the expert count: Qwen2-MoE's block refuses --tp-size itself (PAR068),
        # EP does not help; the other blocks have no such check
        case(arch, "H100", config(arch, experts=2), tp_size=4)
        case(arch, "H100", config(arch, experts=2), tp_size=4, ep_size=2)
        # the block-FP8 checks (PAR071 block_n, PAR072 block_k)
        case(arch, "H100", config(arch, inter=1408, block=(128, 128)), tp_size=2)
        case(arch, "H100", config(arch, inter=1408, block=(64, 128)), tp_size=2)
        case(arch, "H100", config(arch, inter=1408, block=(64, 128)), tp_size=2, ep_size=2)
        # DP attention: the attention width shrinks, the MoE widths do not
        case(arch, "H100", fp8, tp_size=8, dp_size=8, enable_dp_attention=True)
        case(arch, "H100", config(arch, inter=770), tp_size=4, dp_size=4,
             enable_dp_attention=True)
    return g.unique_cases(out)


if __name__ == "__main__":
    argv, RANDOM, family = g.random_argv(sys.argv[1:], "moe-blocks")
    sys.exit(g.generate_family(__doc__, family, R, build_cases, argv=argv, build_model=True))
