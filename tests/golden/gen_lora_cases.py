#!/usr/bin/env python3
"""Golden cases for LoRA (`arg_groups/lora_hook.py`: `check_lora_server_args`,
`check_lora_speculative_compatibility`, 0.5.23's `_check_v2_lora_modes` and
`check_lora_moe_runner_args`), the `--lora-paths` argparse action (`argparse_actions.py`:
`LoRAPathAction`), `handle_load_format`'s weight-cache check (`model_path_hook.py`) and HiSparse
(`hisparse_hook.py::validate_hisparse`), per release.

The LoRA and HiSparse checks run inside `check_server_args` at start-up, so every config runs
with `"startup": true` and every case records `expect.startup = true`. `--lora-paths` words go
through SGLang's own LoRAPathAction in the oracle's cli mode (tools/oracle/evaluate.py
`_apply_cli_actions`). No adapter is read by either side. Writes
tests/golden/oracle-<release>-<family>.jsonl (`--family lora`, the default, or `hisparse`).

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_lora_cases.py --sglang 0.5.23 --jobs 1
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
QMOE = "Qwen3MoeForCausalLM"
DSV3 = "DeepseekV3ForCausalLM"
DSV32 = "DeepseekV32ForCausalLM"
DRAFT = "tools/oracle/models/LlamaForCausalLM"
SHAPES = dict(max_lora_rank=16, lora_target_modules=["q_proj", "v_proj"])


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
    lora = dict(enable_lora=True, **SHAPES)
    # max_loras_per_batch, with and without LoRA
    for n in (-1, 0, 1, 8):
        c.add("basic", max_loras_per_batch=n)
        c.add("basic", max_loras_per_batch=n, **lora)
    c.add("basic")
    c.add("basic", enable_lora=True)
    c.add("basic", enable_lora=True, max_lora_rank=16)
    c.add("basic", enable_lora=True, lora_target_modules=["q_proj"])
    c.add("basic", enable_lora=True, max_lora_rank=0, lora_target_modules=["q_proj"])
    c.add("basic", enable_lora=True, max_lora_rank=8, lora_target_modules=[])
    # --lora-paths forms (LoRAPathAction) and the enable_lora inference
    for paths in (["a=/adapters/a"], ["/adapters/a"], [" b=/adapters/b "], [],
                  ['{"lora_name": "a", "lora_path": "/adapters/a"}'],
                  ['{"lora_name": "a", "lora_path": "/adapters/a", "pinned": true}'],
                  ['{"lora_name": "a", "path": "/adapters/a"}'],
                  ['{"name": "a"}'],
                  ["a=/adapters/a", '{"lora_name": "b", "lora_path": "/adapters/b"}'],
                  ["a=/x", "b=/y", "c=/z"]):
        # (--enable-lora is a store_true switch: false is the switch not given)
        for en in (None, True):
            c.add("paths", lora_paths=paths, enable_lora=en)
    # target modules
    for mods in (["all"], ["all", "q_proj"], ["all", "all"], ["q_proj", "q_proj"],
                 ["q_proj", "k_proj", "v_proj", "o_proj"]):
        c.add("modules", enable_lora=True, max_lora_rank=16, lora_target_modules=mods)
        c.add("modules", lora_paths=["a=/adapters/a"], lora_target_modules=mods)
    # max_loaded_loras
    for m in (1, 2, 3, 4, 8, 16):
        c.add("loaded", max_loaded_loras=m, **lora)
        c.add("loaded", max_loaded_loras=m, max_loras_per_batch=2,
              lora_paths=["a=/x", "b=/y", "c=/z"])
    # overlap loading
    for m in (None, 8, 16, 17, 4):
        c.add("overlap", enable_lora_overlap_loading=True, max_loaded_loras=m, **lora)
    c.add("overlap", enable_lora_overlap_loading=True, max_loaded_loras=3, max_loras_per_batch=1,
          **lora)
    c.add("overlap", enable_lora_overlap_loading=True)
    c.add("overlap", enable_lora_overlap_loading=False, **lora)
    # drain threshold, virtual experts, chunk size
    for t in (-1.0, -0.001, 0.0, 2.5):
        c.add("misc", lora_drain_wait_threshold=t, **lora)
    c.add("misc", lora_drain_wait_threshold=-1.0)
    c.add("misc", lora_use_virtual_experts=True, **lora)
    c.add("misc", lora_use_virtual_experts=True)
    for cs in (16, 128):
        c.add("misc", max_lora_chunk_size=cs, **lora)
    for be in ("triton", "csgmv", "torch_native"):
        c.add("misc", lora_backend=be, **lora)
    # speculative decoding
    for alg in ("NGRAM", "EAGLE", "EAGLE3", "STANDALONE", "FROZEN_KV_MTP", "NONE", "eagle3"):
        d = {} if alg in ("NGRAM", "NONE") else {"speculative_draft_model_path": DRAFT}
        c.add("spec", speculative_algorithm=alg, **d, **lora)
        c.add("spec", speculative_algorithm=alg, **d)
    for alg in ("NEXTN", "EAGLE"):
        c.add("spec", arch=DSV3, tp_size=8, speculative_algorithm=alg, **lora)
    eagle3 = dict(speculative_algorithm="EAGLE3", speculative_draft_model_path=DRAFT)
    c.add("spec", speculative_adaptive=True, **eagle3, **lora)
    c.add("spec", speculative_adaptive=True, speculative_algorithm="NGRAM", **lora)
    for val in ("1", "true", "0"):
        c.add("spec", env={"SGLANG_ENABLE_OVERLAP_PLAN_STREAM": val}, **eagle3, **lora)
    c.add("spec", env={"SGLANG_ENABLE_OVERLAP_PLAN_STREAM": "1"}, speculative_algorithm="NGRAM",
          **lora)
    c.add("spec", env={"SGLANG_ENABLE_OVERLAP_PLAN_STREAM": "1"}, **lora)
    c.add("spec", env={"SGLANG_RAGGED_VERIFY_MODE": "dynamic"}, **eagle3, **lora)
    for alg in ("EAGLE", "NGRAM"):
        c.add("spec", arch=QMOE, gpu="B200", moe_runner_backend="experimental_sgl_trtllm",
              speculative_algorithm=alg,
              **({"speculative_draft_model_path": DRAFT} if alg == "EAGLE" else {}), **lora)
    c.add("spec", arch=QMOE, gpu="B200", speculative_moe_runner_backend="experimental_sgl_trtllm",
          speculative_algorithm="EAGLE", speculative_draft_model_path=DRAFT, **lora)
    # the weight cache (handle_load_format)
    for mode in ("off", "client", "daemon"):
        c.add("wcache", weight_cache_mode=mode)
        c.add("wcache", weight_cache_mode=mode, speculative_algorithm="NGRAM")
        c.add("wcache", weight_cache_mode=mode, **eagle3)
    if since(v, "0.5.23"):
        v2 = dict(lora_backend="triton_v2", **lora)
        c.add("v2", **v2)
        c.add("v2", enable_two_batch_overlap=True, **v2)
        c.add("v2", enable_two_batch_overlap=True, lora_backend="csgmv", **lora)
        c.add("v2", enable_pdmux=True, **v2)
        c.add("v2", env={"SGLANG_EXPERIMENTAL_LORA_OPTI": "1"}, **v2)
        c.add("v2", env={"SGLANG_EXPERIMENTAL_LORA_OPTI": "0"}, **v2)
        c.add("v2", gpu="MI300X", **v2)
        c.add("v2", arch=DSV3, tp_size=8, dp_size=2, enable_dp_attention=True, **v2)
        c.add("v2", arch=DSV3, tp_size=8, attn_dp_size=4, **v2)
        c.add("v2", lora_backend="triton_v2")
        # the LoRA MoE runners
        for rb in ("lora_triton", "lora_cutedsl", "lora_marlin"):
            c.add("moe", arch=QMOE, moe_runner_backend=rb)
            c.add("moe", arch=QMOE, moe_runner_backend=rb, **lora)
            c.add("moe", arch=QMOE, moe_runner_backend=rb, **v2)
            c.add("moe", arch=QMOE, moe_runner_backend=rb, lora_paths=["a=/adapters/a"],
                  lora_backend="triton_v2")
            for q in ("fp8", "modelopt_fp4", "w8a8_int8", "awq"):
                c.add("moe", arch=QMOE, moe_runner_backend=rb, quantization=q, **v2)
        m = dict(arch=QMOE, moe_runner_backend="lora_triton", **v2)
        c.add("moe", enable_two_batch_overlap=True, **m)
        c.add("moe", gpu="MI300X", **m)
        c.add("moe", tp_size=8, ep_size=8, moe_a2a_backend="deepep", **m)
        c.add("moe", tp_size=8, ep_size=8, **m)
        # (--elastic-ep-join-mode: handle_elastic_ep, parallel_hook.py, refuses it first)
        c.add("moe", enable_eplb=True, tp_size=8, ep_size=8, **m)
        c.add("moe", init_expert_location="/tmp/expert-location.json", **m)
        c.add("moe", ep_num_redundant_experts=8, tp_size=8, ep_size=8, **m)
        c.add("moe", speculative_algorithm="NGRAM", **m)
        for rb in ("lora_triton", "triton"):
            c.add("moe", arch=QMOE, speculative_algorithm="NGRAM",
                  speculative_moe_runner_backend=rb)
            c.add("moe", arch=QMOE, speculative_algorithm="NGRAM",
                  speculative_moe_runner_backend=rb, **lora)
        c.add("moe", arch=QMOE, speculative_moe_runner_backend="lora_triton")
    return c.items


def build_hisparse_cases(v):
    c = Cases(v)
    hs = dict(enable_hisparse=True, disable_radix_cache=True)
    for arch in (LLAMA, QMOE, DSV3):
        c.add("hisparse", arch=arch, tp_size=8 if arch == DSV3 else None, **hs)
    for gpu in ("H100", "B200", "MI300X"):
        d = dict(arch=DSV32, gpu=gpu, tp_size=8)
        c.add("hisparse", enable_hisparse=True, **d)
        c.add("hisparse", **hs, **d)
        for kv in ("bf16", "bfloat16", "fp8_e4m3"):
            c.add("hisparse", kv_cache_dtype=kv, **hs, **d)
        if gpu == "B200":
            continue
        for side in ("dsa_prefill_backend", "dsa_decode_backend"):
            for be in ("flashmla_sparse", "flashmla_kv", "fa3", "tilelang", "triton"):
                c.add("hisparse", **{side: be}, **hs, **d)
        for be in ("flashmla_kv", "tilelang", "flashinfer_sparse_mla", "aiter"):
            c.add("hisparse", kv_cache_dtype="fp8_e4m3", dsa_prefill_backend=be, **hs, **d)
        c.add("hisparse", enable_mixed_chunk=True, **hs, **d)
    d = dict(arch=DSV32, tp_size=8)
    for topk in (None, 1, 2):
        c.add("hisparse-spec", speculative_algorithm="EAGLE", speculative_eagle_topk=topk,
              speculative_num_steps=3, speculative_num_draft_tokens=4 if topk in (None, 1) else 8,
              **hs, **d)
    c.add("hisparse-spec", speculative_algorithm="EAGLE", speculative_adaptive=True, **hs, **d)
    c.add("hisparse-spec", speculative_algorithm="NGRAM", **hs, **d)
    c.add("hisparse", arch="GlmMoeDsaForCausalLM", tp_size=8, **hs)
    c.add("hisparse", arch="GlmMoeDsaForCausalLM", gpu="RTX 5090", kv_cache_dtype="fp8_e4m3", **hs)
    for gpu in ("H100", "B200", "MI300X"):
        dv4 = dict(arch="DeepseekV4ForCausalLM", gpu=gpu, tp_size=8)
        c.add("hisparse-v4", **hs, **dv4)
        c.add("hisparse-v4", enable_hisparse=True, **dv4)
        c.add("hisparse-v4", env={"SGLANG_HACK_FLASHMLA_BACKEND": "unified_kv_triton"}, **hs,
              **dv4)
        c.add("hisparse-v4", env={"SGLANG_HACK_FLASHMLA_BACKEND": "triton"}, **hs, **dv4)
    return c.items


FAMILIES = {"lora": build_cases, "hisparse": build_hisparse_cases}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", required=True, choices=R + ["all"])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--family", choices=sorted(FAMILIES), default="lora")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)
    releases = R if args.sglang == "all" else [args.sglang]
    per = {}
    oracle_cfgs = []
    for v in releases:
        items = FAMILIES[args.family](v)
        ids = [g.case_id(s, cfg) for s, cfg in items]
        assert len(set(ids)) == len(ids), "case id collision"
        per[v] = (ids, items)
        for i, (_, cfg) in zip(ids, items):
            o = g.to_oracle(i, cfg)
            o["startup"] = True
            oracle_cfgs.append(o)
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        return 0
    results = g.run_oracle(Path(g.DEFAULT_ORACLE), oracle_cfgs, args.jobs, args.timeout)
    at = 0
    for v in releases:
        ids, items = per[v]
        res_v = results[at:at + len(items)]
        at += len(items)
        out = str(g.HERE / f"oracle-{v}-{args.family}.jsonl")
        cases, skipped = [], []
        for cid, (_, cfg), res in zip(ids, items, res_v):
            if res.get("outcome") == "harness_error":
                skipped.append((cid, res.get("message") or res.get("traceback_last")))
                continue
            case = g.to_case(cid, cfg, res)
            case["expect"]["startup"] = True
            cases.append(case)
        tmp = out + ".tmp"
        with open(tmp, "w") as f:
            for case in cases:
                f.write(json.dumps(case, sort_keys=True) + "\n")
        os.replace(tmp, out)
        print(f"{v}: wrote {len(cases)} cases to {out}; verdicts "
              f"{dict(Counter(c['expect']['verdict'] for c in cases))}; "
              f"stages {dict(Counter(c['expect']['stage'] for c in cases))}; "
              f"skipped {len(skipped)} harness errors", file=sys.stderr)
        for cid, msg in skipped[:20]:
            print(f"  {cid}: {(msg or '')[:200]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
