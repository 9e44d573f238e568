#!/usr/bin/env python3
"""Golden cases for the per-architecture override providers and DeepSeek-V4's hook.

A designed set (issue 11): launches that reach the checks of `arg_groups/model_overrides/*.py`
(IQuest Q1, ERNIE 4.5 VL, MiniCPM, Qwen4-Exp, HYV4 and the DSA decode-CP refusals of
deepseek_v2.py), `_dp_lm_head_validation` (overrides.py) and `deepseek_v4_hook.py` (the trtllm
asserts, `validate_deepseek_v4_cp`, the encoder-replay refusal), one that fires and one that does
not for each, in every release where the architecture is registered. Like `gen_archs_cases.py`
the oracle loads the reference configs of `data/models/<Arch>/config.json`
(`"models_root": "data/models"`) and each case carries that config as its `model_config`, so
Preflight is judged with exactly the config SGLang read. Writes
tests/golden/oracle-<release>-overrides.jsonl (oracle harness errors are left out and listed on
stderr).

    . ~/.cache/sglang-oracle/env/venv/bin/activate && export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_override_cases.py --sglang 0.5.23 --jobs 1
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

MODELS = g.REPO_ROOT / "data" / "models"

V4 = "DeepseekV4ForCausalLM"
TRT = {"dsv4_attn_backend": "trtllm"}
CP = {"tp_size": 8, "enable_prefill_cp": True}
CPI = {**CP, "cp_strategy": "interleave"}
IQ = "IQuestQ1ForCausalLM"
DSA = "DeepseekV32ForCausalLM"
DCP = {"tp_size": 8, "dcp_size": 2}
MOE = "Qwen3MoeForCausalLM"
DPA = {"tp_size": 2, "dp_size": 2, "enable_dp_attention": True}

# (first release, gpu, arch, flags)
CASES = [
    # deepseek_v4_hook.py: the trtllm asserts (0.5.20+)
    ("0.5.20", "B200", V4, {**TRT, "enable_hisparse": True}),
    ("0.5.20", "B200", V4, {**TRT, "tp_size": 8, "dcp_size": 2}),
    ("0.5.20", "B200", V4, {**TRT, "disaggregation_mode": "prefill"}),
    ("0.5.20", "B200", V4, {**TRT, "chunked_prefill_size": -1}),
    ("0.5.20", "B200", V4, {**TRT, "chunked_prefill_size": 4096}),
    ("0.5.20", "B200", V4, dict(TRT)),
    # validate_deepseek_v4_cp
    ("0.5.19", "H100", V4, dict(CP)),
    ("0.5.19", "H100", V4, {**CP, "cp_strategy": "zigzag"}),
    ("0.5.19", "H100", V4, dict(CPI)),
    ("0.5.19", "B200", V4, dict(CPI)),
    ("0.5.19", "H100", V4, {**CPI, "dp_size": 2}),
    ("0.5.19", "H100", V4, {**CPI, "tp_size": 16, "nnodes": 2}),
    ("0.5.19", "H100", V4, {**CPI, "moe_a2a_backend": "flashinfer"}),
    ("0.5.19", "H100", V4, {**CPI, "moe_a2a_backend": "deepep"}),
    ("0.5.22", "H100", V4, {**CPI, "attn_dp_size": 2}),
    ("0.5.22", "H100", V4, {**CPI, "attn_dp_size": 2, "dp_size": 2}),
    ("0.5.22", "MI355X", V4, dict(CPI)),
    ("0.5.22", "MI355X", V4, {**CPI, "decode_attention_backend": "triton"}),
    ("0.5.22", "MI355X", V4, {**CPI, "enable_two_batch_overlap": True}),
    # validate_deepseek_v41_features on a DeepSeek-V4 checkpoint (0.5.21+)
    ("0.5.21", "B200", V4, {"enable_encoder_swa_bounded_replay": True}),
    ("0.5.19", "B200", V4, {"speculative_algorithm": "NEXTN", "speculative_eagle_topk": 1,
                            "speculative_num_steps": 3, "speculative_num_draft_tokens": 4}),
    # _iquest_q1_overrides (0.5.21+)
    ("0.5.21", "H100", IQ, {"speculative_algorithm": "NGRAM"}),
    ("0.5.21", "H100", IQ, {"speculative_algorithm": "EAGLE",
                            "speculative_draft_attention_backend": "triton"}),
    ("0.5.21", "H100", IQ, {"tp_size": 2, "attn_cp_size": 2}),
    ("0.5.21", "H100", IQ, {"tp_size": 2, "dcp_size": 2}),
    ("0.5.21", "H100", IQ, {"speculative_algorithm": "EAGLE", "speculative_eagle_topk": 4}),
    ("0.5.21", "H100", IQ, {"speculative_algorithm": "EAGLE", "enable_multi_layer_eagle": True}),
    ("0.5.21", "H100", IQ, {"speculative_algorithm": "EAGLE",
                            "speculative_draft_model_path": "org/iquest-q1-mtp"}),
    ("0.5.21", "H100", IQ, {"speculative_algorithm": "EAGLE",
                            "speculative_draft_model_path": "org/iquest-q1-mtp"}),
    ("0.5.21", "H100", IQ, dict(DPA)),
    ("0.5.21", "H100", IQ, {"tp_size": 2, "dp_size": 2}),
    ("0.5.21", "H100", IQ, {"pp_size": 2}),
    ("0.5.21", "H100", IQ, {"tp_size": 2}),
    # _ernie45_vl_overrides (0.5.22+; earlier releases: no such check)
    ("0.5.19", "H100", "Ernie4_5_VLMoeForConditionalGeneration", dict(DPA)),
    ("0.5.19", "H100", "Ernie4_5_VLMoeForConditionalGeneration", {"tp_size": 2}),
    # _minicpm_sala_overrides
    ("0.5.19", "H100", "MiniCPMSALAForCausalLM", dict(DPA)),
    ("0.5.19", "H100", "MiniCPMForCausalLM", dict(DPA)),
    # _qwen4_exp_overrides (0.5.20+)
    ("0.5.20", "H100", "Qwen4ExpForConditionalGeneration", {"enable_unified_memory": True}),
    ("0.5.22", "A100", "Qwen4ExpForConditionalGeneration", {"qsa_indexer_dtype": "fp8_e4m3"}),
    # _deepseek_family_overrides: HYV4 (0.5.20+) and the DSA decode-CP refusals (0.5.22+)
    ("0.5.19", "H100", "HYV4ForCausalLM", {"tp_size": 8, "enable_prefill_cp": True,
                                           "cp_strategy": "interleave"}),
    ("0.5.19", "H100", "HYV4ForCausalLM", {"tp_size": 8, "dcp_size": 2}),
    ("0.5.19", "H100", "HYV4ForCausalLM", {"tp_size": 8}),
    ("0.5.22", "B200", DSA, {**DCP, "enable_hierarchical_cache": True}),
    ("0.5.22", "B200", DSA, {**DCP, "disaggregation_mode": "decode"}),
    ("0.5.22", "B200", DSA, {**DCP, "speculative_algorithm": "EAGLE", "speculative_eagle_topk": 2}),
    ("0.5.22", "B200", DSA, dict(DCP)),
    # _dp_lm_head_validation: the TP LM-head all-to-all asserts
    ("0.5.19", "H100", MOE, {"tp_size": 2, "enable_tp_lm_head_all_to_all": True}),
    ("0.5.19", "H100", MOE, {**DPA, "enable_tp_lm_head_all_to_all": True, "enable_dp_lm_head": True}),
    ("0.5.19", "H100", MOE, {"tp_size": 4, "dp_size": 2, "enable_dp_attention": True,
                             "enable_tp_lm_head_all_to_all": True}),
    ("0.5.19", "H100", MOE, {**DPA, "enable_tp_lm_head_all_to_all": True}),
    ("0.5.19", "H100", MOE, {"tp_size": 4, "dp_size": 4, "enable_dp_attention": True, "attn_cp_size": 2,
                             "enable_tp_lm_head_all_to_all": True}),
    ("0.5.19", "H100", MOE, {"tp_size": 4, "dp_size": 4, "enable_dp_attention": True, "attn_cp_size": 2,
                             "enable_tp_lm_head_all_to_all": True}),
    ("0.5.22", "H100", MOE, {"tp_size": 2, "attn_dp_size": 2, "enable_tp_lm_head_all_to_all": True}),
    ("0.5.22", "H100", MOE, {"tp_size": 4, "attn_dp_size": 2, "enable_tp_lm_head_all_to_all": True}),
]

RELEASES = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]


def items_for(release):
    out = []
    for first, gpu, arch, flags in CASES:
        if RELEASES.index(release) < RELEASES.index(first):
            continue
        cfg = {"sglang": release, "gpu": gpu, "cuda_version": g.DEFAULT_CUDA, "arch": arch, **flags}
        out.append((g.case_id("overrides", cfg), cfg))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", default=g.SGLANG_VERSION)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--oracle", default=str(g.DEFAULT_ORACLE))
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--list", action="store_true", help="print the oracle configs and exit")
    args = ap.parse_args(argv)
    g.SGLANG_VERSION = args.sglang
    items = items_for(args.sglang)
    oracle_cfgs = []
    for cid, cfg in items:
        o = g.to_oracle(cid, cfg)
        o["models_root"] = "data/models"
        oracle_cfgs.append(o)
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        return 0
    results = g.run_oracle(Path(args.oracle), oracle_cfgs, args.jobs, args.timeout)
    out = Path(__file__).resolve().parent / f"oracle-{args.sglang}-overrides.jsonl"
    counts = Counter()
    with open(out, "w") as f:
        for (cid, cfg), res in zip(items, results):
            counts[res["outcome"]] += 1
            if res["outcome"] == "harness_error":
                print(f"harness_error {cfg['arch']}: {str(res.get('message'))[:160]}", file=sys.stderr)
                continue
            cfg = dict(cfg)
            cfg["model_config"] = json.loads((MODELS / cfg["arch"] / "config.json").read_text())
            f.write(json.dumps(g.to_case(cid, cfg, res), sort_keys=True) + "\n")
    print(f"{out}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
