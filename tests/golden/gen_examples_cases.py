#!/usr/bin/env python3
"""Golden cases for the launches issue 11 names as examples SGLang refuses (or rewrites) that
Preflight once passed: an attention-DP size that does not divide tp, an EP size above tp, the
FlashInfer all-to-all without its topology, a context length above the derived limit (and the
env that allows it), DFLASH without a draft model, a prefill server with the `fake` transfer
backend, a decode server's forced radix-cache off, a page size a hybrid Mamba model's
`mamba_track_interval` is not a multiple of, `--quantization mxfp8` on a compressed-tensors
checkpoint and `nvfp4_online` on DeepSeek-V4. Runs with `"startup": true`. Writes
tests/golden/oracle-<release>-examples.jsonl; the golden test then requires SGLang's exact
first message for each.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_examples_cases.py --sglang 0.5.23 --jobs 1
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

HERE = Path(__file__).resolve().parent
R = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]


def build_cases(v):
    out = []

    add = g.case_adder(v, out)

    add("examples", "DeepseekV3ForCausalLM", "H100", tp_size=8, dp_size=3,
        enable_dp_attention=True)
    add("examples", "Qwen3MoeForCausalLM", "H100", tp_size=8, ep_size=16)
    add("examples", "Qwen3MoeForCausalLM", "B200", tp_size=8, ep_size=8,
        moe_a2a_backend="flashinfer")
    add("examples", "Qwen3MoeForCausalLM", "B200", tp_size=8, ep_size=8,
        moe_a2a_backend="flashinfer", enable_dp_attention=True, dp_size=8)
    add("examples", "LlamaForCausalLM", "H100", context_length=1000000)
    add("examples", "LlamaForCausalLM", "H100", context_length=1000000,
        env={"SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN": "1"})
    add("examples", "LlamaForCausalLM", "H100", speculative_algorithm="DFLASH")
    add("examples", "LlamaForCausalLM", "H100", disaggregation_mode="prefill",
        disaggregation_transfer_backend="fake")
    add("examples", "LlamaForCausalLM", "H100", disaggregation_mode="decode")
    add("examples", "Qwen3NextForCausalLM", "H100", page_size=512)
    add("examples", "Qwen3NextForCausalLM", "H100", page_size=64)
    add("examples", "DeepseekV4ForCausalLM", "B200", quantization="nvfp4_online", tp_size=8)
    # a compressed-tensors checkpoint (the Llama stand-in with its quantization_config)
    llama = json.loads((HERE.parent.parent / "tools/oracle/models/LlamaForCausalLM/config.json")
                       .read_text())
    llama["quantization_config"] = {
        "quant_method": "compressed-tensors", "format": "float-quantized",
        "config_groups": {"group_0": {"targets": ["Linear"], "weights": {
            "num_bits": 8, "type": "float", "strategy": "channel", "symmetric": True,
            "dynamic": False}, "input_activations": {"num_bits": 8, "type": "float",
            "strategy": "token", "dynamic": True, "symmetric": True}}},
        "ignore": ["lm_head"]}
    add("examples", "LlamaForCausalLM", "B200", quantization="mxfp8", model_config=llama)
    return out


if __name__ == "__main__":
    sys.exit(g.generate_family(__doc__, "examples", R, build_cases, startup=True))
