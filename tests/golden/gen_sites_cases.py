#!/usr/bin/env python3
"""Golden cases for single launch checks ported one at a time (issue 11's remaining sites):
`_deterministic_rocm_rccl_check` (overrides.py:1074-1087@0.5.23), the TileLang FP8 DSA
`--dcp-size` check (`_check_dsa_backend_constraints`, overrides.py:576@0.5.23), Inkling's
`local_layer_ids` asserts (`get_hybrid_layer_ids`, configs/model_config.py:2784-2790@0.5.23),
the decoupled-speculation endpoints of `PortArgs.init_new` (server_args.py:787-797@0.5.23),
trtllm_mha's page_size >= 128 GQA precondition (trtllm_mha_backend.py:374@0.5.23) and the
experimental Marlin MoE-LoRA runner's policy (lora/marlin_lora_temp/policy.py:15-55@0.5.23) and
trtllm_mla's refusal of decode context parallelism with a draft (attention_registry.py:99-107). Runs
with `"startup": true`. Writes tests/golden/oracle-<release>-sites.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_sites_cases.py --sglang 0.5.23 --jobs 1
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]


def build_cases(v):
    out = []

    add = g.case_adder(v, out)

    # deterministic inference on ROCm: the custom all-reduce above tp 2
    for gpu in ["MI300X", "MI355X", "H100"]:
        for tp in [2, 4, 8]:
            for off in [True, False]:
                add("det-rccl", "LlamaForCausalLM", gpu, enable_deterministic_inference=True,
                    attention_backend="triton", tp_size=tp, disable_custom_all_reduce=off)
    add("det-rccl", "LlamaForCausalLM", "MI300X", rl_on_policy_target="fsdp",
        attention_backend="triton", tp_size=4, disable_custom_all_reduce=True)
    add("det-rccl", "LlamaForCausalLM", "MI300X", tp_size=4, disable_custom_all_reduce=True)
    # TileLang FP8 DSA with decode context parallelism
    for gpu in ["H100", "B200", "MI300X"]:
        for kv in ["fp8_e4m3", "bfloat16"]:
            for dcp in [1, 2, 4]:
                add("dsa-tilelang-dcp", "DeepseekV32ForCausalLM", gpu, kv_cache_dtype=kv,
                    dsa_prefill_backend="tilelang", dsa_decode_backend="tilelang", tp_size=8,
                    dcp_size=dcp)
    add("dsa-tilelang-dcp", "DeepseekV32ForCausalLM", "H100", kv_cache_dtype="fp8_e4m3",
        dsa_prefill_backend="tilelang", tp_size=8, dcp_size=2)
    # Inkling's local layer ids, through --json-model-override-args
    for ids in [[0, 0], [0, 999], [-1], [0, 1], [3, 3, 5], []]:
        for disable in [False, True]:
            fields = {"json_model_override_args": json.dumps({"text_config": {"local_layer_ids": ids}})}
            if disable:
                fields["disable_hybrid_swa_memory"] = True
            add("inkling-layers", "InklingForConditionalGeneration", "H100", **fields)
    # decoupled speculative decoding's endpoints (PortArgs.init_new)
    full = dict(decoupled_spec_bind_endpoint="tcp://0.0.0.0:30100",
                decoupled_spec_connect_endpoints=["tcp://10.0.0.2:30100"],
                decoupled_spec_rank=0)
    for role in ["verifier", "drafter", "null"]:
        add("decoupled-spec", "LlamaForCausalLM", "H100", decoupled_spec_role=role)
        add("decoupled-spec", "LlamaForCausalLM", "H100", decoupled_spec_role=role, **full)
        for missing in full:
            part = {k: x for k, x in full.items() if k != missing}
            add("decoupled-spec", "LlamaForCausalLM", "H100", decoupled_spec_role=role, **part)
    add("decoupled-spec", "LlamaForCausalLM", "H100", decoupled_spec_role="verifier",
        tp_size=2, dp_size=2, enable_dp_attention=True)
    # trtllm_mha at page size 128 on SM100: q heads per kv head per attention-TP rank
    for arch in ["Gemma3ForCausalLM", "LlamaForCausalLM", "Qwen3ForCausalLM"]:
        for tp in [1, 2, 4, 8]:
            for page in [64, 128, 256]:
                add("trtllm-page", arch, "B200", attention_backend="trtllm_mha", page_size=page,
                    tp_size=tp)
        add("trtllm-page", arch, "H100", attention_backend="trtllm_mha", page_size=128,
            tp_size=4)
    add("trtllm-page", "Gemma3ForCausalLM", "B200", page_size=128, tp_size=4,
        enable_dp_attention=True, dp_size=1)
    add("trtllm-page", "LlamaForCausalLM", "B200", attention_backend="trtllm_mha",
        page_size=128, tp_size=8, enable_dp_attention=True, dp_size=4)
    # the experimental Marlin MoE-LoRA runner (validate_experimental_sgl_marlin)
    m = dict(moe_runner_backend="experimental_sgl_marlin")
    lora = dict(enable_lora=True, max_lora_rank=16, lora_target_modules=["all"])
    ve = dict(lora_use_virtual_experts=True)
    for arch in ["Qwen3MoeForCausalLM", "GptOssForCausalLM"]:
        add("marlin-lora", arch, "H100", **m)
        add("marlin-lora", arch, "H100", **m, **lora)
        add("marlin-lora", arch, "H100", **m, **lora, **ve)
        add("marlin-lora", arch, "H100", **m, **lora, **ve, lora_backend="triton")
        add("marlin-lora", arch, "H100", **m, **lora, **ve, lora_backend="triton", tp_size=2,
            ep_size=2)
        add("marlin-lora", arch, "H100", **m, **lora, **ve, lora_backend="triton", tp_size=2,
            ep_size=2, enable_eplb=True)
        add("marlin-lora", arch, "H100", **m, **lora, **ve, lora_backend="triton", tp_size=2,
            ep_size=2, ep_num_redundant_experts=2)
        add("marlin-lora", arch, "H100", **m, tp_size=2, ep_size=2, moe_a2a_backend="deepep")
        add("marlin-lora", arch, "H100", **m, tp_size=2, ep_size=2)
        # an adapter path alone turns LoRA on (--enable-lora is a store_true switch: a launch
        # cannot set it false, so the engine-only enable_lora=False is not a case)
        add("marlin-lora", arch, "H100", **m, lora_paths=["a=some/adapter"], max_lora_rank=16,
            lora_target_modules=["all"])
        add("marlin-lora", arch, "H20", **m, **lora, tp_size=2)
    # trtllm_mla under decode context parallelism with a draft (attention_registry.py:99-107)
    for spec in [None, "NEXTN"]:
        for decode in ["trtllm_mla", "cutedsl_mla", None]:
            extra = {"speculative_algorithm": spec} if spec else {}
            if decode:
                extra["decode_attention_backend"] = decode
            add("trtllm-mla-dcp", "DeepseekV3ForCausalLM", "B200", attention_backend="trtllm_mla",
                tp_size=8, dcp_size=2, **extra)
    return out


if __name__ == "__main__":
    sys.exit(g.generate_family(__doc__, "sites", R, build_cases, startup=True))
