#!/usr/bin/env python3
"""Golden cases for the head asserts of the first attention module (PAR065-PAR067:
`LlamaAttention.__init__`, models/llama.py:183-193@0.5.23, and the other reviewed classes of
scripts/models/gen_head_asserts.py): every architecture the oracle can build from its
reference config, over TP widths that do and do not divide its query and KV heads, with and
without DP attention. Runs with `"build_model": true`: the oracle builds the model class on the
meta device (tools/oracle/construction.py `_build_model`), as load_model does before the KV
cache dtype and the attention backends. Writes tests/golden/oracle-<release>-heads.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_heads_cases.py --sglang 0.5.23 --jobs 2

Not built (the oracle cannot construct them from the trimmed reference configs, so they are
checked by tests/head_asserts.rs and the source review only): AfmoeForCausalLM (no
num_experts), ExaoneForCausalLM (no pad_token_id), Gemma2ForCausalLM (no hidden_act), and the
remote-code model types transformers does not know (DeepseekForCausalLM, Grok1ForCausalLM,
Grok1ModelForCausalLM, InternLM2ForCausalLM, InternLM3ForCausalLM, IQuestCoderForCausalLM,
OrionForCausalLM).

`--random N --seed S` draws N cases instead (architecture, --tp-size 1-16, DP attention with a
random --dp-size that divides it), for a held-out set: oracle-<release>-heads-random-<S>.jsonl.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

# 0.5.19 and 0.5.20's ParallelContext has no _parallel_fields / override_permanently of process
# groups, so the oracle cannot give the model stand-in groups there: 0.5.21 and later only
R = ["0.5.21", "0.5.22", "0.5.23"]
ARCHS = [
    "ApertusForCausalLM", "ArceeForCausalLM", "Exaone4ForCausalLM", "GemmaForCausalLM",
    "Glm4ForCausalLM", "Glm4MoeForCausalLM", "GptOssForCausalLM", "GraniteForCausalLM",
    "GraniteMoeForCausalLM", "GraniteMoeSWAForCausalLM", "GraniteMoeSharedForCausalLM",
    "GraniteSWAForCausalLM", "LlamaForCausalLM", "MistralForCausalLM", "MixtralForCausalLM",
    "OlmoeForCausalLM", "Phi3ForCausalLM", "PhiMoEForCausalLM", "QuantMixtralForCausalLM",
    "Qwen2ForCausalLM", "Qwen2MoeForCausalLM", "Qwen3ForCausalLM", "Qwen3MoeForCausalLM",
]
RANDOM = None  # (count, seed) with --random


def served(v, arch):
    import json
    reg = json.loads((g.REPO_ROOT / "data" / "releases" / v / "registry.json").read_text())
    return any(a["architecture"] == arch for a in reg["architectures"])


def build_cases(v):
    out = []
    add = g.case_adder(v, out)
    archs = [a for a in ARCHS if served(v, a)]
    if RANDOM is not None:
        g.random_tp_draws(add, "heads-random", archs, *RANDOM)
        return g.unique_cases(out)
    for arch in archs:
        for tp in [3, 4, 6, 8, 16]:
            add("heads", arch, "H100", tp_size=tp)
        add("heads", arch, "H100", tp_size=8, dp_size=2, enable_dp_attention=True)
        add("heads", arch, "H100", tp_size=12, dp_size=3, enable_dp_attention=True)
    return out


if __name__ == "__main__":
    argv, RANDOM, family = g.random_argv(sys.argv[1:], "heads")
    sys.exit(g.generate_family(__doc__, family, R, build_cases, argv=argv, build_model=True))
