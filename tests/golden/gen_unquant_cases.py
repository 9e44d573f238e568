#!/usr/bin/env python3
"""Golden cases for `--quantization unquant` (and `--speculative-draft-model-quantization
unquant`): `handle_missing_default_values` declares it `None` before the model config is
validated and records the explicit opt-out, so no model override fills `quantization` from the
checkpoint later (`arg_groups/serving_hook.py:692-709@0.5.23`; the Qwen3-MoE, GLM-4-MoE,
DeepSeek and MiniMax-M3 overrides read `_quantization_explicitly_unset`). Runs with
`"startup": true`. Writes tests/golden/oracle-<release>-unquant.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_unquant_cases.py --sglang 0.5.23 --jobs 1
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]
# stand-ins with and without a checkpoint quant_method (tools/oracle/models/)
ARCHS = ["LlamaForCausalLM", "DeepseekV3ForCausalLM", "Qwen3MoeForCausalLM",
         "Glm4MoeForCausalLM", "GptOssForCausalLM", "MixtralForCausalLM", "GlmMoeDsaForCausalLM"]
GPUS = ["H100", "B200", "MI300X", "RTX 5090"]


def build_cases(v):
    out = []

    def add(section, arch, gpu, **fields):
        cfg = {"sglang": v, "gpu": gpu, "arch": arch, "cuda_version": g.DEFAULT_CUDA}
        cfg.update(fields)
        out.append((section, cfg))

    for arch in ARCHS:
        for gpu in GPUS:
            add("unquant", arch, gpu, quantization="unquant")
        # the same checkpoint with its own method named, and with none given
        add("named", arch, "B200", quantization="fp8")
        add("unset", arch, "B200")
    # with parallel layouts and MoE flags that read the resolved quantization
    add("unquant-moe", "Qwen3MoeForCausalLM", "B200", quantization="unquant", tp_size=2,
        ep_size=2)
    add("unquant-moe", "DeepseekV3ForCausalLM", "B200", quantization="unquant",
        moe_runner_backend="flashinfer_trtllm")
    add("unquant-moe", "DeepseekV3ForCausalLM", "H100", quantization="unquant",
        moe_runner_backend="flashinfer_cutlass")
    add("unquant-spec", "LlamaForCausalLM", "H100", quantization="unquant",
        speculative_draft_model_quantization="unquant")
    return out


if __name__ == "__main__":
    sys.exit(g.generate_family(__doc__, "unquant", R, build_cases, startup=True))
