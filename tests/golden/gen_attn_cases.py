#!/usr/bin/env python3
"""Golden cases for the attention / linear-attention / unified-memory checks (issue 11), per
release: `handle_linear_attn_backend`'s verify-backend and ReplaySSM checks
(`arg_groups/attention_hook.py`), `handle_multi_item_scoring`, and the unified-memory pool and
page-major KV layout gates of `arg_groups/kv_cache_hook.py` (`handle_page_major_kv_layout`,
`handle_unified_memory_pool`, `_validate_unified_memory_dcp`), on Llama (MHA), DeepSeek-V3
(MLA), Gemma-3 (hybrid SWA) and Qwen3-Next (hybrid GDN), H100 / B200.

Writes tests/golden/oracle-<release>-attn.jsonl. The files in the repository were drawn with
`--sample 5`; 0.5.19 / 0.5.20 cases refused by those releases' own (unported) unified-memory
checks were removed afterwards (tests/golden/README.md).

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_attn_cases.py --sglang all --jobs 1
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
from gen_spec_cases import Cases  # noqa: E402

RELEASES = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]
DRAFT = "tools/oracle/models/LlamaForCausalLM"
LLAMA, DSV3, QNEXT, GEMMA3 = ("LlamaForCausalLM", "DeepseekV3ForCausalLM",
                              "Qwen3NextForCausalLM", "Gemma3ForCausalLM")


def build_cases(v):
    c = Cases(v)
    # handle_linear_attn_backend: the verify backend on SM100+
    for gpu in ("H100", "B200"):
        for ssm in (None, "float32", "bfloat16", "float16"):
            c.add("lin", gpu, QNEXT, linear_attn_verify_backend="flashinfer",
                  mamba_ssm_dtype=ssm)
            c.add("lin", gpu, QNEXT, linear_attn_verify_backend="triton",
                  linear_attn_decode_backend="flashinfer", mamba_ssm_dtype=ssm)
        c.add("lin", gpu, LLAMA, linear_attn_verify_backend="flashinfer",
              mamba_ssm_dtype="float32")
    # ReplaySSM buffered decode
    rs = dict(enable_linear_replayssm=True)
    for gpu in ("H100", "B200"):
        for arch in (QNEXT, LLAMA):
            c.add("rssm", gpu, arch, **rs)
            for dec in ("triton", "flashinfer", "helion", "cutedsl"):
                c.add("rssm", gpu, arch, linear_attn_decode_backend=dec, **rs)
    for arch in (QNEXT, LLAMA):
        c.add("rssm", "H100", arch, linear_attn_backend="flashinfer", **rs)
        c.add("rssm", "H100", arch, mamba_radix_cache_strategy="extra_buffer", **rs)
        c.add("rssm", "H100", arch, mamba_radix_cache_strategy="no_buffer", **rs)
        for mode in ("prefill", "decode"):
            c.add("rssm", "H100", arch, disaggregation_mode=mode, **rs)
        for n in (-1, 0, 1, 8):
            c.add("rssm", "H100", arch, linear_replayssm_cache_len=n, **rs)
    # ReplaySSM spec verify
    sp = dict(enable_linear_replayssm_spec=True)
    for gpu in ("H100", "B200"):
        for arch in (QNEXT, LLAMA):
            c.add("rspec", gpu, arch, **sp)
            for topk in (1, 2):
                c.add("rspec", gpu, arch, speculative_eagle_topk=topk, **sp)
            for dec in ("triton", "flashinfer", "helion", "cutedsl"):
                c.add("rspec", gpu, arch, linear_attn_decode_backend=dec, **sp)
            for ssm in ("float32", "bfloat16", "float16"):
                c.add("rspec", gpu, arch, mamba_ssm_dtype=ssm, **sp)
    for arch in (QNEXT, LLAMA):
        for mode in ("prefill", "decode"):
            c.add("rspec", "H100", arch, disaggregation_mode=mode, **sp)
        c.add("rspec", "H100", arch, enable_linear_replayssm=True, **sp)
        for rv in ("static", "ragged", "dynamic", "STATIC"):
            env = {"SGLANG_RAGGED_VERIFY_MODE": rv}
            c.add("rspec", "H100", arch, env=env, **sp)
            for alg in ("DFLASH", "EAGLE", "dspark"):
                for ver in (None, "triton", "nv_cutedsl", "flashinfer"):
                    c.add("rspec", "H100", arch, env=env, speculative_algorithm=alg,
                          speculative_draft_model_path=DRAFT,
                          linear_attn_verify_backend=ver, **sp)
    # multi-item scoring
    for gpu in ("H100", "B200"):
        for arch in (LLAMA, DSV3, QNEXT):
            c.add("mis", gpu, arch, enable_mis=True)
            for b in ("flashinfer", "triton", "fa3"):
                c.add("mis", gpu, arch, enable_mis=True, attention_backend=b)
            c.add("mis", gpu, arch, enable_mis=True, prefill_attention_backend="flashinfer",
                  decode_attention_backend="triton")
            c.add("mis", gpu, arch, enable_mis=True, decode_attention_backend="flashinfer",
                  prefill_attention_backend="flashinfer")
    c.add("mis", "H100", LLAMA, enable_mis=True, attention_backend="flashinfer",
          chunked_prefill_size=4096, disable_radix_cache=True)
    # page-major KV layout and the unified memory pool
    um = dict(enable_unified_memory=True)
    for gpu in ("H100", "B200"):
        for arch in (LLAMA, DSV3, QNEXT, GEMMA3):
            c.add("pm", gpu, arch, enable_page_major_kv_layout=True)
            c.add("um", gpu, arch, **um)
            for b in ("triton", "flashinfer", "fa3", "fa4", "trtllm_mha", "trtllm_mla",
                      "flashmla", "cutedsl_mla", "torch_native", "flex_attention"):
                c.add("um", gpu, arch, attention_backend=b, **um)
            c.add("um", gpu, arch, prefill_attention_backend="fa3",
                  decode_attention_backend="triton", **um)
    for arch in (QNEXT,):
        for dec in ("triton", "flashinfer", "cutedsl", "helion"):
            c.add("um", "H100", arch, linear_attn_decode_backend=dec, **um)
        for pre in ("triton", "flashkda", "flashinfer", "cutedsl"):
            c.add("um", "H100", arch, linear_attn_prefill_backend=pre, **um)
        c.add("um", "H100", arch, linear_attn_backend="flashinfer", **um)
        for mb in ("triton", "flashinfer"):
            c.add("um", "H100", arch, mamba_backend=mb, **um)
        c.add("um", "B200", arch, mamba_ssm_dtype="bfloat16", **um)
    for arch in (LLAMA, DSV3, QNEXT, GEMMA3):
        # PD disaggregation
        for mode in ("prefill", "decode"):
            for tb in ("mooncake", "nixl", "fake"):
                c.add("umpd", "H100", arch, disaggregation_mode=mode,
                      disaggregation_transfer_backend=tb, **um)
            pd = dict(disaggregation_mode=mode, **um)
            c.add("umpd", "H100", arch, pp_size=2, tp_size=2, **pd)
            c.add("umpd", "H100", arch, speculative_algorithm="EAGLE",
                  speculative_draft_model_path=DRAFT, **pd)
            c.add("umpd", "H100", arch, env={"SGLANG_DISABLE_LAZY_COMPACTION": "1"}, **pd)
            c.add("umpd", "H100", arch, enable_hisparse=True, **pd)
        dec = dict(disaggregation_mode="decode", **um)
        for sb in ("file", "mooncake"):
            c.add("umpd", "H100", arch, disaggregation_decode_enable_offload_kvcache=True,
                  hicache_storage_backend=sb, **dec)
        c.add("umpd", "H100", arch, disaggregation_decode_retraction_backup="host_pool",
              **dec)
        # speculative decoding
        for alg in ("EAGLE", "EAGLE3", "NEXTN", "NGRAM", "DFLASH", "DSPARK", "STANDALONE"):
            for b in (None, "triton", "fa3", "flashmla"):
                c.add("umspec", "H100", arch, speculative_algorithm=alg,
                      speculative_draft_model_path=None if alg in ("NGRAM", "NEXTN")
                      else DRAFT, attention_backend=b, **um)
        for topk in (1, 2):
            c.add("umspec", "H100", arch, speculative_algorithm="EAGLE",
                  speculative_draft_model_path=DRAFT, speculative_eagle_topk=topk,
                  speculative_num_steps=3, speculative_num_draft_tokens=4, **um)
        for db in ("triton", "fa3", "flashmla", "fa4"):
            c.add("umspec", "H100", arch, speculative_algorithm="EAGLE",
                  speculative_draft_model_path=DRAFT, speculative_draft_attention_backend=db,
                  **um)
        eagle = dict(speculative_algorithm="EAGLE", speculative_draft_model_path=DRAFT, **um)
        c.add("umspec", "H100", arch, disaggregation_mode="decode",
              disaggregation_decode_retraction_backup="host_pool", **eagle)
        c.add("umspec", "H100", arch, enable_hierarchical_cache=True, **eagle)
        # other features
        c.add("umx", "H100", arch, enable_two_batch_overlap=True, **um)
        c.add("umx", "H100", arch, enable_lmcache=True, **um)
        c.add("umx", "H100", arch, enable_unified_cache_external_linker=True, **um)
        c.add("umx", "H100", arch, enable_hierarchical_cache=True, **um)
        c.add("umx", "H100", arch, disable_cuda_graph=True, **um)
        # decode context parallelism
        for b in (None, "flashinfer", "trtllm_mla", "cutedsl_mla", "triton", "fa3"):
            for gpu in ("H100", "B200"):
                c.add("umdcp", gpu, arch, tp_size=2, dcp_size=2, attention_backend=b, **um)
        c.add("umdcp", "H100", arch, tp_size=2, dcp_size=2, disaggregation_mode="prefill",
              attention_backend="flashinfer", **um)
    # 0.5.19: intel_xpu prefill on an MLA model (not platform-gated)
    for arch in (DSV3, LLAMA):
        c.add("xpu", "H100", arch, attention_backend="intel_xpu")
        c.add("xpu", "H100", arch, prefill_attention_backend="intel_xpu",
              decode_attention_backend="triton")
        c.add("xpu", "H100", arch, decode_attention_backend="intel_xpu",
              prefill_attention_backend="triton")
    return c.items


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", default="all", help="a release, or all")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--sample", type=int, default=1,
                    help="keep every Nth case of the grid (by id hash; default 1: all)")
    ap.add_argument("--reuse", action="store_true",
                    help="keep the cases of the existing oracle-<X>-attn.jsonl files; run only new ids")
    args = ap.parse_args(argv)
    releases = RELEASES if args.sglang == "all" else [args.sglang]
    all_items = []
    for v in releases:
        for s, cfg in build_cases(v):
            cid = g.case_id(s, cfg)
            if int(cid.rsplit("-", 1)[1], 16) % args.sample == 0 or s == "xpu":
                all_items.append((v, cid, cfg))
    ids = [i for _, i, _ in all_items]
    assert len(set(ids)) == len(ids), "case id collision"
    old = {}
    if args.reuse:
        for v in releases:
            p = g.HERE / f"oracle-{v}-attn.jsonl"
            if p.exists():
                for line in p.read_text().splitlines():
                    case = json.loads(line)
                    old[case["id"]] = case
    oracle_cfgs = []
    for v, cid, cfg in all_items:
        if cid in old:
            continue
        o = g.to_oracle(cid, cfg)
        o["sglang"] = v
        oracle_cfgs.append(o)
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        return 0
    results = (g.run_oracle(Path(g.DEFAULT_ORACLE), oracle_cfgs, args.jobs, args.timeout)
               if oracle_cfgs else [])
    by_id = {o["id"]: r for o, r in zip(oracle_cfgs, results)}
    per = {v: [] for v in releases}
    skipped = []
    for v, cid, cfg in all_items:
        if cid in old:
            per[v].append(old[cid])
            continue
        res = by_id[cid]
        if res.get("outcome") == "harness_error":
            skipped.append((cid, res.get("message")))
            continue
        per[v].append(g.to_case(cid, cfg, res))
    for v, cases in per.items():
        out = str(g.HERE / f"oracle-{v}-attn.jsonl")
        tmp = out + ".tmp"
        with open(tmp, "w") as f:
            for case in cases:
                f.write(json.dumps(case, sort_keys=True) + "\n")
        os.replace(tmp, out)
        print(f"{v}: wrote {len(cases)} cases to {out}; verdicts "
              f"{dict(Counter(c['expect']['verdict'] for c in cases))}", file=sys.stderr)
    print(f"skipped {len(skipped)} harness errors", file=sys.stderr)
    for cid, msg in skipped[:20]:
        print(f"  {cid}: {(msg or '')[:200]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
