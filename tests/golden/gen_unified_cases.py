#!/usr/bin/env python3
"""Golden cases for `--enable-unified-memory` and `--enable-page-major-kv-layout` in every
release: `handle_unified_memory_pool` and `handle_page_major_kv_layout`
(kv_cache_hook.py:196-390@0.5.19, :197-447@0.5.20, :477-765@0.5.21, later releases' own lines),
including `_validate_unified_memory_dcp` (0.5.20+), whose 0.5.19-0.5.20 versions were ported
after the 0.5.21+ ones. Runs with `"startup": true`. Writes
tests/golden/oracle-<release>-unified.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_unified_cases.py --sglang 0.5.19 --jobs 1
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]


def build_cases(v):
    out = []

    add = g.case_adder(v, out)

    um = dict(enable_unified_memory=True)
    for arch in ["LlamaForCausalLM", "DeepseekV3ForCausalLM"]:
        gpu = "H100"
        add("unified", arch, gpu, **um)
        add("unified", arch, gpu, **um, tp_size=2)
        # PD: the transfer backend, pipeline parallelism, lazy compaction
        pd = dict(disaggregation_mode="prefill")
        add("unified", arch, gpu, **um, **pd, disaggregation_transfer_backend="mooncake")
        add("unified", arch, gpu, **um, **pd, disaggregation_transfer_backend="nixl")
        add("unified", arch, gpu, **um, **pd, disaggregation_transfer_backend="mooncake",
            pp_size=2, tp_size=1)
        add("unified", arch, gpu, env={"SGLANG_DISABLE_LAZY_COMPACTION": "1"}, **um, **pd,
            disaggregation_transfer_backend="mooncake")
        # speculative decoding
        add("unified", arch, gpu, **um, speculative_algorithm="NGRAM")
        add("unified", arch, gpu, **um, speculative_algorithm="EAGLE",
            speculative_draft_model_path="tools/oracle/models/LlamaForCausalLM")
        # two-batch overlap, the host tiers
        add("unified", arch, gpu, **um, enable_two_batch_overlap=True, tp_size=2,
            enable_dp_attention=True, dp_size=2, moe_a2a_backend="deepep")
        add("unified", arch, gpu, **um, enable_hierarchical_cache=True)
        add("unified", arch, gpu, **um, enable_lmcache=True)
        # decode context parallelism
        add("unified", arch, gpu, **um, tp_size=2, dcp_size=2)
        add("unified", arch, gpu, **um, tp_size=4, dcp_size=2, attention_backend="flashinfer")
        add("unified", arch, gpu, **um, tp_size=2, dcp_size=1)
        # the page-major layout's allow-lists
        add("unified", arch, gpu, enable_page_major_kv_layout=True)
        add("unified", arch, gpu, **um, enable_page_major_kv_layout=True)
        add("unified", arch, gpu, **um, attention_backend="flashinfer")
        add("unified", arch, gpu, **um, attention_backend="torch_native")
        add("unified", arch, gpu, **um, attention_backend="triton")
        add("unified", arch, "B200", **um)
    # hybrid models: the linear-attention and Mamba backends
    for arch in ["Qwen3NextForCausalLM", "NemotronHForCausalLM"]:
        add("unified", arch, "H100", **um)
        add("unified", arch, "H100", **um, linear_attn_backend="flashinfer")
        add("unified", arch, "H100", **um, linear_attn_decode_backend="cutedsl")
        add("unified", arch, "H100", **um, linear_attn_prefill_backend="flashinfer")
        add("unified", arch, "H100", **um, mamba_backend="flashinfer")
    add("unified", "Gemma3ForCausalLM", "H100", **um)
    return out


if __name__ == "__main__":
    sys.exit(g.generate_family(__doc__, "unified", R, build_cases, startup=True))
