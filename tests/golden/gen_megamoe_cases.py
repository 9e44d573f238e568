#!/usr/bin/env python3
"""Golden cases for MegaMoE's prefill token budget on DeepSeek-V4 in every release:
`validate_deepseek_v4_mega_moe_token_budget` (deepseek_v4_hook.py:21-100@0.5.19, the same at
0.5.20, run from the model hook) and its 0.5.21+ successor `validate_mega_moe_token_budget`
(mega_moe_hook.py). Runs with `"startup": true`. Writes
tests/golden/oracle-<release>-megamoe.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_megamoe_cases.py --sglang 0.5.19 --jobs 1
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

    arch = "DeepseekV4ForCausalLM"
    mm = dict(moe_a2a_backend="megamoe", tp_size=8, ep_size=8)
    for gpu in ["B200", "H200"]:
        add("megamoe", arch, gpu, **mm)
        add("megamoe", arch, gpu, **mm, chunked_prefill_size=4096)
        add("megamoe", arch, gpu, **mm, chunked_prefill_size=8192)
        add("megamoe", arch, gpu, **mm, chunked_prefill_size=8193)
        add("megamoe", arch, gpu, **mm, chunked_prefill_size=-1)
        add("megamoe", arch, gpu, env={"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK": "16384"},
            **mm)
        add("megamoe", arch, gpu, env={"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK": "1024"},
            **mm, chunked_prefill_size=4096)
        add("megamoe", arch, gpu, **mm, enable_dp_attention=True, dp_size=8)
        add("megamoe", arch, gpu, **mm, enable_dp_attention=True, dp_size=8,
            chunked_prefill_size=4)
        add("megamoe", arch, gpu, **mm, enable_dp_attention=True, dp_size=2,
            chunked_prefill_size=32768)
        add("megamoe", arch, gpu, **mm, disaggregation_mode="decode")
        add("megamoe", arch, gpu, **mm, disaggregation_mode="prefill")
        add("megamoe", arch, gpu, moe_a2a_backend="megamoe", tp_size=4, ep_size=4, pp_size=2,
            enable_dynamic_chunking=True)
        add("megamoe", arch, gpu, moe_a2a_backend="megamoe", tp_size=4, ep_size=4, pp_size=2)
        add("megamoe", arch, gpu, **mm, enable_prefill_cp=True, attn_cp_size=2)
    return out


if __name__ == "__main__":
    sys.exit(g.generate_family(__doc__, "megamoe", R, build_cases, startup=True))
