#!/usr/bin/env python3
"""Golden cases for the checks of the first decoder layer's linear layers: the block-FP8 checks
(PAR074 `block_n`, PAR075 `block_k`: `Fp8LinearMethod.validate_block_quant_shapes`,
layers/quantization/fp8.py:570-609@0.5.23) and the dense MLP's TP assert (PAR076,
`MergedColumnParallelLinear`, layers/linear.py:693@0.5.23): the attention's QKV and output projections and,
where the decoder layer builds one next, the dense MLP's gate/up and down projections, for the
architectures whose linear layers scripts/models/gen_head_asserts.py verifies. Built by the
oracle on the meta device (`"build_model": true`). Each case carries its own config.json
(`model_config`): an architecture's reference config of data/models with a block-FP8
quantization_config (or none, as a control) and the sizes varied (Qwen3-4B's and Qwen3-32B's
widths, a head_dim of 64, 24 or 40 heads, an intermediate size that is not a multiple of 128,
Qwen2's original_num_attention_heads). Writes tests/golden/oracle-<release>-fp8-linear.jsonl.

    python tests/golden/gen_linear_cases.py --sglang 0.5.23 --jobs 2

`--random N --seed S` draws N cases instead (architecture, TP 1-16, optional DP attention,
random heads, KV heads, head_dim, intermediate size and block size), for a held-out set:
oracle-<release>-fp8-linear-random-<S>.jsonl.
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
# the architectures the oracle builds whose linear layers the generator verifies: a dense MLP
# over the full TP group (Llama, Qwen2, Qwen3; Apertus with a single up projection), and the
# attention alone before a MoE block (Mixtral, Qwen3-MoE)
ARCHS = ["LlamaForCausalLM", "Qwen2ForCausalLM", "Qwen3ForCausalLM", "ApertusForCausalLM",
         "MixtralForCausalLM", "Qwen3MoeForCausalLM"]


def config(arch, block=(128, 128), **sizes):
    """The reference config with `sizes` (None removes a key) and the block (None: BF16)."""
    return g.reference_config(arch, sizes, block, none_drops=True)


QWEN3_4B = dict(hidden_size=2560, intermediate_size=9728, num_attention_heads=32, num_key_value_heads=8, head_dim=128)
QWEN3_32B = dict(hidden_size=5120, intermediate_size=25600, num_attention_heads=64, num_key_value_heads=8, head_dim=128)
LLAMA_1B = dict(hidden_size=2048, intermediate_size=8192, num_attention_heads=32, num_key_value_heads=8, head_dim=64)
LLAMA_3B = dict(hidden_size=3072, intermediate_size=8192, num_attention_heads=24, num_key_value_heads=8, head_dim=128)


def build_cases(v):
    out = []
    add = g.case_adder(v, out)

    def case(arch, mc, gpu="H100", **fields):
        add("fp8-linear-random" if RANDOM else "fp8-linear", arch, gpu, model_config=copy.deepcopy(mc), **fields)

    if RANDOM is not None:
        count, seed = RANDOM
        rng = random.Random(seed)
        for _ in range(count):
            arch = rng.choice(ARCHS)
            tp = rng.choice([1, 2, 4, 8, 16, 8, 4])
            heads = rng.choice([16, 24, 32, 40, 64])
            kv = rng.choice([d for d in (1, 2, 4, 8) if heads % d == 0])
            hd = rng.choice([64, 128, 128, 80])
            sizes = dict(num_attention_heads=heads, num_key_value_heads=kv,
                         hidden_size=heads * hd if arch in ("MixtralForCausalLM",) else rng.choice([2048, 2560, 4096, 5120]))
            if arch not in ("MixtralForCausalLM",):
                sizes["head_dim"] = hd
            if arch != "Qwen3MoeForCausalLM":
                sizes["intermediate_size"] = rng.choice([9728, 12288, 14336, 25600, 8192, 14400, 6144])
            block = rng.choice([(128, 128), (128, 128), (64, 128), (128, 256), (64, 256), None])
            fields = {"tp_size": tp}
            if tp > 1 and rng.random() < 0.25 and arch in ("Qwen3ForCausalLM", "Qwen3MoeForCausalLM"):
                fields["dp_size"] = rng.choice([d for d in range(2, tp + 1) if tp % d == 0])
                fields["enable_dp_attention"] = True
            if arch == "Qwen3MoeForCausalLM" and tp > 1 and rng.random() < 0.5:
                fields["ep_size"] = tp
            case(arch, config(arch, block, **sizes), **fields)
        return g.unique_cases(out)
    # Qwen3-4B's widths: 9728 / 8 = 1216 is not a multiple of 128 (PAR074 at the MLP)
    for tp in [1, 2, 4, 8]:
        case("Qwen3ForCausalLM", config("Qwen3ForCausalLM", **QWEN3_4B), tp_size=tp)
    case("Qwen3ForCausalLM", config("Qwen3ForCausalLM", None, **QWEN3_4B), tp_size=8)
    # Qwen3-32B's: 25600 / 16 = 1600
    for tp in [8, 16]:
        case("Qwen3ForCausalLM", config("Qwen3ForCausalLM", **QWEN3_32B), tp_size=tp)
    # block_k differs from block_n: the down projection's slice (PAR075)
    for tp in [2, 8]:
        case("Qwen3ForCausalLM", config("Qwen3ForCausalLM", (64, 256), **QWEN3_4B), tp_size=tp)
    # a head_dim of 64: one KV head per rank is 64 wide (PAR074 at the QKV projection)
    for tp in [1, 4, 8]:
        case("LlamaForCausalLM", config("LlamaForCausalLM", **LLAMA_1B), tp_size=tp)
    case("LlamaForCausalLM", config("LlamaForCausalLM", (64, 64), **LLAMA_1B), tp_size=8)
    # 24 heads: the output projection's 3 x 128 input slice against a block_k of 256 (PAR075)
    for tp in [4, 8]:
        case("LlamaForCausalLM", config("LlamaForCausalLM", (128, 256), **LLAMA_3B), tp_size=tp)
    # DP attention: the attention's own width; up to 0.5.21 the output projection's check
    # compares with --tp-size and is skipped
    q24 = config("Qwen3ForCausalLM", (128, 256), num_attention_heads=24, hidden_size=3072)
    case("Qwen3ForCausalLM", q24, tp_size=8)
    case("Qwen3ForCausalLM", q24, tp_size=16, dp_size=2, enable_dp_attention=True)
    case("Qwen3ForCausalLM", q24, tp_size=8, dp_size=8, enable_dp_attention=True)
    case("Qwen3ForCausalLM", config("Qwen3ForCausalLM", **QWEN3_4B), tp_size=8, dp_size=2, enable_dp_attention=True)
    # an intermediate size that is not a multiple of 128: the merged gate/up projection is
    # checked at every TP size, Apertus's single up projection only above 1
    for arch in ["LlamaForCausalLM", "ApertusForCausalLM"]:
        for tp in [1, 2]:
            case(arch, config(arch, intermediate_size=14400), tp_size=tp)
    # Qwen2: head_dim from hidden_size // original_num_attention_heads when the config has it
    q2 = dict(hidden_size=3584, num_attention_heads=28, num_key_value_heads=4)
    case("Qwen2ForCausalLM", config("Qwen2ForCausalLM", (256, 256), **q2), tp_size=4)
    case("Qwen2ForCausalLM", config("Qwen2ForCausalLM", (256, 256), original_num_attention_heads=14, **q2), tp_size=4)
    case("Qwen2ForCausalLM", config("Qwen2ForCausalLM"), tp_size=4)
    # Mixtral sizes its heads as hidden_size // heads whatever the config's head_dim
    for hd in [None, 64]:
        case("MixtralForCausalLM", config("MixtralForCausalLM", head_dim=hd), tp_size=8)
    case("MixtralForCausalLM", config("MixtralForCausalLM", hidden_size=2048), tp_size=8)
    # MergedColumnParallelLinear's bare assert: intermediate_size divides by the full TP size
    # (PAR076), before the MLP's block checks; under DP attention the heads pass first
    case("Qwen3ForCausalLM", config("Qwen3ForCausalLM", None), tp_size=14, dp_size=7, enable_dp_attention=True)
    case("Qwen3ForCausalLM", config("Qwen3ForCausalLM", None, intermediate_size=12290), tp_size=2)
    case("Qwen3ForCausalLM", config("Qwen3ForCausalLM", intermediate_size=12290), tp_size=2)
    case("LlamaForCausalLM", config("LlamaForCausalLM", None, intermediate_size=14340), tp_size=8)
    # the attention comes before the MoE block
    for tp, ep in [(8, 1), (8, 8), (4, 1)]:
        f = {"tp_size": tp} | ({"ep_size": ep} if ep > 1 else {})
        case("Qwen3MoeForCausalLM", config("Qwen3MoeForCausalLM", (128, 256), num_attention_heads=40), **f)
    case("Qwen3MoeForCausalLM", config("Qwen3MoeForCausalLM", num_attention_heads=32, head_dim=64), tp_size=8)
    return out


if __name__ == "__main__":
    argv, RANDOM, family = g.random_argv(sys.argv[1:], "fp8-linear")
    sys.exit(g.generate_family(__doc__, family, R, build_cases, argv=argv, build_model=True))
