#!/usr/bin/env python3
"""Golden cases for dual chunk attention: 0.5.19's `_attention_backend_dual_chunk`
(overrides.py:1359-1373@0.5.19) and the radix-cache / mixed-chunk declarations after it
(attention_hook.py:213-228@0.5.19), on a Qwen2 checkpoint given `dual_chunk_attention_config`
through `--json-model-override-args`, and the dual-chunk backend itself (gone from the choices
in 0.5.20+). Runs with `"startup": true`. Writes tests/golden/oracle-<release>-dualchunk.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_dual_chunk_cases.py --sglang 0.5.19 --jobs 1
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]
DCA = json.dumps({"dual_chunk_attention_config": {
    "chunk_size": 262144, "local_size": 8192, "original_max_position_embeddings": 32768}})


def build_cases(v):
    out = []

    add = g.case_adder(v, out)

    for gpu in ["H100", "A100", "L40S"]:
        for backend in [None, "dual_chunk_flash_attn", "fa3", "triton", "flashinfer"]:
            extra = {"attention_backend": backend} if backend else {}
            add("dual-chunk", "Qwen2ForCausalLM", gpu, json_model_override_args=DCA, **extra)
            add("dual-chunk", "Qwen2ForCausalLM", gpu, **extra)
        add("dual-chunk", "LlamaForCausalLM", gpu, attention_backend="dual_chunk_flash_attn")
        add("dual-chunk", "Qwen2ForCausalLM", gpu, json_model_override_args=DCA,
            prefill_attention_backend="dual_chunk_flash_attn")
        add("dual-chunk", "Qwen2ForCausalLM", gpu, json_model_override_args=DCA,
            attention_backend="dual_chunk_flash_attn", enable_mixed_chunk=True)
    return out


if __name__ == "__main__":
    sys.exit(g.generate_family(__doc__, "dualchunk", R, build_cases, startup=True))
