#!/usr/bin/env python3
"""Golden cases for the cross-cutting launch checks (`arg_groups/validation_hook.py`: the early
validations and `check_server_args`) and the model-config checks (`configs/model_config.py`:
the context length against the model's derived maximum, quantization against the checkpoint's
`quantization_config`), per release.

The oracle runs each config with `"startup": true`, so `check_server_args` (which the engine
calls after resolution, `entrypoints/engine.py:1165@0.5.23`) is reached; every case records
`expect.startup = true` (golden.rs treats a start-up VAL error of a case without it as an
oracle gap). Writes tests/golden/oracle-<release>-valid.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_valid_cases.py --sglang 0.5.23 --jobs 1
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]
LLAMA = "LlamaForCausalLM"
DSV3 = "DeepseekV3ForCausalLM"
# the stand-ins' derived context lengths (tools/oracle/models/<arch>/config.json)
LIMITS = [(LLAMA, 131072), ("Qwen3ForCausalLM", 40960), (DSV3, 163840),
          ("Gemma3ForCausalLM", 32768), ("GptOssForCausalLM", 131072),
          ("Qwen3NextForCausalLM", 262144), ("Llama4ForConditionalGeneration", 10485760),
          ("DeepseekV4ForCausalLM", 1048576)]


def since(v, first):
    return R.index(v) >= R.index(first)


class Cases:
    def __init__(self, v):
        self.v, self.items, self.seen = v, [], set()

    def add(self, section, arch=LLAMA, gpu="H100", env=None, **fields):
        cfg = {"sglang": self.v, "gpu": gpu, "arch": arch, "cuda_version": g.DEFAULT_CUDA}
        if env:
            cfg["env"] = env
        cfg.update({k: x for k, x in fields.items() if x is not None})
        key = json.dumps(cfg, sort_keys=True)
        if key not in self.seen:
            self.seen.add(key)
            self.items.append((section, cfg))


def build_cases(v):
    c = Cases(v)
    # early validations
    for i in (None, -1, 0, 5):
        c.add("early", prefill_decode_interval=i)
    if since(v, "0.5.23"):
        for b in (-1, 0):
            c.add("early", prefill_decode_interval_min_bs=b)
    if since(v, "0.5.20"):
        for mode in ("null", "prefill", "decode"):
            c.add("early", enable_response_store=True, disaggregation_mode=mode)
        c.add("early", env={"SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS": "0"})
        for n in (-1, 0, 1):
            c.add("early", sampling_mask_max_tokens=n)
    if since(v, "0.5.23"):
        aux = dict(enable_return_aux_hidden_states=True)
        c.add("aux", return_aux_hidden_state_layer_ids=[1, 2])
        for alg in (None, "EAGLE3", "DFLASH", "NGRAM", "eagle3"):
            c.add("aux", speculative_algorithm=alg, **aux)
        c.add("aux", speculative_algorithm="EAGLE3", speculative_draft_model_path="d", **aux)
        c.add("aux", speculative_algorithm="EAGLE3", pp_size=2, tp_size=4, **aux)
        for ids in ([], [-1, 3], [2, 2], [1, 5, 9]):
            c.add("aux", speculative_algorithm="EAGLE3", return_aux_hidden_state_layer_ids=ids,
                  **aux)
        c.add("aux", speculative_algorithm="DFLASH", return_aux_hidden_state_layer_ids=[1, 2],
              **aux)
    # context length around each stand-in's limit
    for arch, lim in LIMITS:
        tp = 8 if arch.startswith("Deepseek") else None
        for ctx in (lim - 1, lim, lim + 1, 2 * lim):
            c.add("ctx", arch=arch, tp_size=tp, context_length=ctx)
    for val in ("1", "true", "0", "false", "yes"):
        c.add("ctx", context_length=200000, env={"SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN": val})
    c.add("ctx", context_length=200000, env={"SGLANG_IS_IN_CI": "1"})
    c.add("ctx", context_length=200000, prefill_decode_interval=-1)
    c.add("ctx", arch=DSV3, tp_size=8, context_length=200000, dcp_size=0)
    c.add("ctx", context_length=200000, disable_prefill_cuda_graph=True)
    # quantization x the checkpoint's quantization_config (DeepSeek-V3: fp8, GPT-OSS: mxfp4)
    for arch, tp in ((DSV3, 8), ("GptOssForCausalLM", None), (LLAMA, None)):
        for q in ("fp8", "mxfp8", "mxfp4", "modelopt_fp4", "modelopt_fp8", "nvfp4_online",
                  "w8a8_fp8", "awq", "compressed-tensors", "quark_mxfp4", "blockwise_int8"):
            c.add("quant", arch=arch, tp_size=tp, quantization=q)
    for gpu in ("MI300X", "B200"):
        for q in ("fp8", "mxfp8", "awq", "modelopt_fp4"):
            c.add("quant", gpu=gpu, quantization=q)
    # check_server_args
    for tp, pp, nn in ((4, 1, 3), (4, 2, 2), (8, 1, 2), (2, 1, 4), (6, 1, 4), (4, 2, 3)):
        c.add("csa-nodes", tp_size=tp, pp_size=pp if pp > 1 else None, nnodes=nn)
    for dp, dpa, nn in ((2, None, 2), (2, True, 2), (4, None, 1), (2, None, 4)):
        c.add("csa-dp", arch=DSV3, tp_size=8, dp_size=dp, enable_dp_attention=dpa, nnodes=nn)
    for m in (0, -1, 1, 4):
        c.add("csa", pp_max_micro_batch_size=m)
    c.add("csa", disable_cuda_graph_padding=True, enable_torch_compile=True)
    c.add("csa", disable_cuda_graph_padding=True)
    for alg in (None, "NGRAM", "EAGLE"):
        for arch in (LLAMA, DSV3):
            c.add("csa-pp", arch=arch, tp_size=4, pp_size=2, speculative_algorithm=alg)
    c.add("csa-pp", tp_size=4, pp_size=2, min_free_slots_delay=8)
    c.add("csa-pp", tp_size=4, pp_size=2, disable_overlap_schedule=False)
    if since(v, "0.5.21"):
        e = dict(arch=DSV3, tp_size=4, pp_size=2, speculative_algorithm="EAGLE")
        c.add("csa-pp", disaggregation_mode="prefill", **e)
        c.add("csa-pp", env={"SGLANG_ENABLE_PP_SPEC": "1"}, **e)
        c.add("csa-pp", env={"SGLANG_ENABLE_PP_SPEC": "1"}, speculative_adaptive=True, **e)
        c.add("csa-pp", env={"SGLANG_ENABLE_PP_SPEC": "1"}, enable_multi_layer_eagle=True, **e)
        c.add("csa-pp", env={"SGLANG_ENABLE_PP_SPEC": "1"}, disaggregation_mode="prefill", **e)
        dpkw = {"attn_dp_size": 2} if since(v, "0.5.22") else {"enable_dp_attention": True,
                                                                "dp_size": 2}
        c.add("csa-pp", env={"SGLANG_ENABLE_PP_SPEC": "1"}, **dpkw, **e)
    for k, vals in (("base_gpu_id", (-1, 0, 2)), ("gpu_id_step", (0, 1, 2)),
                    ("tokenizer_worker_num", (0, 2)), ("detokenizer_worker_num", (0,)),
                    ("mm_processor_worker_num", (-1, 0)), ("mm_io_worker_num", (-1,)),
                    ("schedule_conservativeness", (-0.5, 0.0, 1.3)),
                    ("served_model_name", ("a:b", "ab", "s3://bucket/m:x"))):
        for x in vals:
            c.add("csa", **{k: x})
    for m in (1, 2, 4, 8):
        c.add("csa", arch="Qwen3MoeForCausalLM", tp_size=4, moe_dense_tp_size=m)
    c.add("csa", enable_mixed_chunk=True, speculative_algorithm="NGRAM")
    c.add("csa", enable_pdmux=True)
    c.add("csa", enable_pdmux=True, chunked_prefill_size=-1)
    c.add("csa", enable_pdmux=True, chunked_prefill_size=-1, disable_overlap_schedule=True)
    c.add("csa", enable_pdmux=True, tp_size=4, pp_size=2)
    for b in (["default"], ["default", "1"], ["tse", "1000", "2", "8"], ["tse", "1"],
              ["tse", "1000", "1", "8"], ["tse", "0", "2", "8"], ["tse", "1000", "2", "0"],
              ["tse", "a", "2", "8"], ["custom"], ["custom", "1", "1"], ["custom", "-1", "5"],
              ["custom", "x"], ["custom", "10", "100"], ["linear"]):
        c.add("buckets", prompt_tokens_buckets=b)
    c.add("buckets", generation_tokens_buckets=["tse", "1000", "1.5", "4"])
    c.add("buckets", generation_tokens_buckets=["custom", "5", "5"])
    for pol in ("fcfs", "lof", "lpm", "random"):
        c.add("csa", enable_priority_scheduling=True, schedule_policy=pol)
    c.add("csa", retraction_policy="priority")
    c.add("csa", retraction_policy="priority", enable_priority_scheduling=True)
    c.add("csa", model_impl="mindspore")
    if since(v, "0.5.22"):
        c.add("csa", load_format="instanttensor")
        c.add("csa", load_format="instanttensor", device="cpu")
    c.add("csa", tokenizer_metrics_allowed_custom_labels=["a"])
    c.add("csa", tokenizer_metrics_allowed_custom_labels=["a"],
          tokenizer_metrics_custom_labels_header="")
    c.add("csa", export_metrics_to_file=True)
    c.add("csa", export_metrics_to_file=True, export_metrics_to_file_dir="/tmp/m")
    for kw in ({}, {"enable_dp_attention": True, "dp_size": 8}, {"moe_a2a_backend": "deepep"}):
        c.add("csa-tbo", arch=DSV3, tp_size=8, enable_two_batch_overlap=True, **kw)
    c.add("csa", enable_quant_communications=True)
    c.add("csa", enable_quant_communications=True, tp_size=2)
    if since(v, "0.5.21"):
        c.add("csa", sampling_backend="intel_xpu")
    for port, grpc in ((30000, 30000), (30000, 30001), (31000, 31000)):
        c.add("csa", port=port, grpc_port=grpc)
    c.add("csa", grpc_port=30000, grpc_mode=True)
    for gc in ([1], [700, 10, 10], [1, 2, 3, 4]):
        c.add("csa", gc_threshold=gc)
    c.add("csa", kv_canary_sweep_interval=10)
    c.add("csa", kv_canary_sweep_interval=10, kv_canary="log")
    for ep in ("auto", "off", " "):
        c.add("csa", load_publish_endpoint=ep)
    if since(v, "0.5.22"):
        # the key, context window and probabilities are --watermark-config file fields, not flags
        w = dict(enable_watermark=True)
        c.add("wm", **w)
        c.add("wm", device="cpu", **w)
        c.add("wm", enable_custom_logit_processor=True, **w)
        c.add("wm", disaggregation_mode="prefill", **w)
        c.add("wm", speculative_algorithm="NGRAM", **w)
        c.add("wm", speculative_algorithm="NGRAM", tp_size=4, pp_size=2, **w)
        c.add("wm", arch=DSV3, tp_size=4, pp_size=2, speculative_algorithm="EAGLE",
              env={"SGLANG_ENABLE_PP_SPEC": "1"}, **w)
        c.add("wm", speculative_algorithm="NGRAM", speculative_use_rejection_sampling=True, **w)
        c.add("wm", env={"SGLANG_RUST_SERVER": "1"}, **w)
    return c.items


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", required=True, choices=R)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--out", default=None)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)
    out = args.out or str(g.HERE / f"oracle-{args.sglang}-valid.jsonl")
    items = build_cases(args.sglang)
    ids = [g.case_id(s, cfg) for s, cfg in items]
    assert len(set(ids)) == len(ids), "case id collision"
    oracle_cfgs = []
    for i, (_, cfg) in zip(ids, items):
        o = g.to_oracle(i, cfg)
        o["startup"] = True
        oracle_cfgs.append(o)
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        return 0
    results = g.run_oracle(Path(g.DEFAULT_ORACLE), oracle_cfgs, args.jobs, args.timeout)
    cases, skipped = [], []
    for cid, (_, cfg), res in zip(ids, items, results):
        if res.get("outcome") == "harness_error":
            skipped.append((cid, res.get("message")))
            continue
        case = g.to_case(cid, cfg, res)
        case["expect"]["startup"] = True
        cases.append(case)
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        for case in cases:
            f.write(json.dumps(case, sort_keys=True) + "\n")
    os.replace(tmp, out)
    print(f"wrote {len(cases)} cases to {out}; verdicts "
          f"{dict(Counter(c['expect']['verdict'] for c in cases))}; "
          f"stages {dict(Counter(c['expect']['stage'] for c in cases))}; "
          f"skipped {len(skipped)} harness errors", file=sys.stderr)
    for cid, msg in skipped[:20]:
        print(f"  {cid}: {(msg or '')[:200]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
