#!/usr/bin/env python3
"""Golden cases for KV cache sharding (`arg_groups/kv_shard_hook.py`, 0.5.22+), CP-TP group
sharing (`arg_groups/cp_tp_group_sharing_hook.py`, 0.5.22+) and the Muse Spark branch of
LayerNorm SP (`arg_groups/layernorm_sp_hook.py`), per release.

Builds a designed grid that reaches (fires and does not fire) each check, runs it through the
oracle for one release and writes tests/golden/oracle-<release>-shard.jsonl (format:
README.md). Architectures without an oracle stand-in are loaded from data/models and the case
carries that config.json as its `model_config`.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_shard_cases.py --sglang 0.5.23 --jobs 1
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

HERE = Path(__file__).resolve().parent
MODELS = HERE.parent.parent / "data" / "models"
STAND_INS = {p.name for p in (HERE / "models").iterdir() if p.is_dir()}

K = "enable_kv_cache_sharding"
GQA = dict(tp_size=2, page_size=64, disaggregation_mode="prefill", enable_prefill_cp=True,
           attn_cp_size=2, cp_strategy="interleave")
MLA = dict(tp_size=2, page_size=64, disaggregation_mode="prefill")


def since(v, first):
    return tuple(int(x) for x in v.split(".")) >= tuple(int(x) for x in first.split("."))


class Cases:
    def __init__(self, v):
        self.v = v
        self.items = []
        self.seen = set()

    def add(self, section, gpu, arch, env=None, **fields):
        cfg = {"sglang": self.v, "gpu": gpu, "arch": arch, "cuda_version": g.DEFAULT_CUDA}
        for k, val in fields.items():
            if val is not None:
                cfg[k] = val
        if env:
            cfg["env"] = env
        key = json.dumps(cfg, sort_keys=True)
        if key not in self.seen:
            self.seen.add(key)
            self.items.append((section, cfg))


def kv_shard(c, v):
    py = {"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND": "python"} if v == "0.5.22" else None
    L = "LlamaForCausalLM"

    def gqa(gpu="H100", arch=L, env=py, **kw):
        f = dict(GQA)
        f.update(kw)
        f[K] = True
        c.add("kvs", gpu, arch, env=env, **f)

    def mla(gpu="H100", arch="DeepseekV3ForCausalLM", env=py, **kw):
        f = dict(MLA)
        f.update(kw)
        f[K] = True
        c.add("kvs", gpu, arch, env=env, **f)

    gqa()
    gqa(disaggregation_mode=None)
    gqa(disaggregation_mode="decode")
    gqa(env=None)
    gqa(env={"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND": "rust"})
    gqa(env={"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND": "rust"}, disable_radix_cache=True)
    gqa(env={"SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND": "python"})
    for alg in ("NGRAM", "EAGLE"):
        gqa(speculative_algorithm=alg)
    gqa(speculative_algorithm="EAGLE", speculative_eagle_topk=1)
    gqa(dllm_algorithm="LowConfidence")
    gqa(radix_cache_backend="my_plugin")
    for flag in ("enable_unified_cache_external_linker", "enable_streaming_session",
                 "enable_session_radix_cache", "enable_flexkv", "enable_unified_memory",
                 "enable_lmcache", "enable_hisparse", "enable_two_batch_overlap",
                 "disable_chunked_prefix_cache"):
        gqa(**{flag: True})
    gqa(dcp_size=2)
    gqa(enable_hierarchical_cache=True)
    gqa(enable_hierarchical_cache=True, hicache_storage_backend="file")
    gqa(pp_size=2)
    gqa(pp_size=2, enable_dynamic_chunking=True)
    gqa(enable_dynamic_chunking=True)
    for tb in ("nixl", "fake", "mori"):
        gqa(disaggregation_transfer_backend=tb)
    gqa(env=dict(py or {}, SGLANG_DISAGG_STAGING_BUFFER="1"))
    gqa(env=dict(py or {}, SGLANG_DISAGG_STAGING_BUFFER="false"))
    for be in ("flashinfer", "triton", "fa3", "trtllm_mla", "fa4"):
        gqa(attention_backend=be)
    gqa(prefill_attention_backend="flashinfer")
    gqa(prefill_attention_backend="fa3", decode_attention_backend="flashinfer")
    gqa(gpu="B200")
    gqa(gpu="B200", attention_backend="trtllm_mla")
    gqa(gpu="B200", prefill_attention_backend="trtllm_mla")
    gqa(enable_prefill_cp=None, attn_cp_size=None, cp_strategy=None)
    gqa(enable_prefill_cp=None)
    gqa(attn_cp_size=None)
    gqa(cp_strategy="zigzag")
    gqa(page_size=None)
    gqa(page_size=1)
    gqa(page_size=16)
    for cps in (-1, 0, 1000, 4096, 100):
        gqa(chunked_prefill_size=cps)
    gqa(chunked_prefill_size=1000, mem_fraction_static=0.8)
    gqa(tp_size=4, attn_cp_size=2, attn_dp_size=2) if since(v, "0.5.22") else None
    gqa(arch="Qwen3ForCausalLM")
    gqa(arch="Qwen3MoeForCausalLM")
    gqa(arch="Llama4ForConditionalGeneration")
    gqa(arch="MllamaForConditionalGeneration")
    gqa(arch="Gemma3ForCausalLM")
    c.add("kvs", "H100", L, tp_size=2, page_size=64, disaggregation_mode="prefill")
    # MLA: plain TP
    mla()
    mla(tp_size=None)
    mla(attn_dp_size=2)
    mla(tp_size=4, attn_dp_size=2)
    mla(enable_prefill_cp=True, attn_cp_size=2, cp_strategy="interleave")
    mla(page_size=None)
    mla(attention_backend="flashinfer")
    mla(attention_backend="triton")
    mla(gpu="B200")
    mla(gpu="B200", disable_chunked_prefix_cache=True)
    mla(gpu="B200", enable_prefill_cp=True, attn_cp_size=2, cp_strategy="interleave")
    mla(gpu="B200", tp_size=None)
    mla(gpu="B200", attention_backend="fa3")
    mla(gpu="B200", chunked_prefill_size=1000)
    mla(speculative_algorithm="EAGLE", speculative_eagle_topk=1)
    mla(dcp_size=2)
    mla(gpu="B200", dcp_size=2)
    mla(enable_hierarchical_cache=True)
    mla(disaggregation_transfer_backend="mori")
    # DSA
    for arch in ("DeepseekV32ForCausalLM", "GlmMoeDsaForCausalLM"):
        for gpu in ("H100", "B200"):
            mla(gpu=gpu, arch=arch)
            mla(gpu=gpu, arch=arch, enable_prefill_cp=True, attn_cp_size=2, cp_strategy="interleave")
        cp = dict(enable_prefill_cp=True, attn_cp_size=2, cp_strategy="interleave")
        trt = dict(cp, dsa_prefill_backend="trtllm", dsa_decode_backend="trtllm",
                   kv_cache_dtype="fp8_e4m3")
        mla(gpu="B200", arch=arch, **trt)
        mla(gpu="B200", arch=arch, **dict(trt, page_size=32))
        mla(gpu="B200", arch=arch, **dict(trt, disaggregation_transfer_backend="nixl"))
        mla(gpu="B200", arch=arch, **dict(trt, enable_dsa_cache_layer_split=True))
        mla(gpu="B200", arch=arch, **dict(trt, pp_size=2))
        mla(gpu="B200", arch=arch, **dict(trt, enable_hierarchical_cache=True))
        mla(gpu="B200", arch=arch, **dict(trt, enable_hierarchical_cache=True,
                                          hicache_host_memory_mode="buffer_only"))
        mla(gpu="B200", arch=arch, **dict(trt, enable_hierarchical_cache=True,
                                          hicache_io_backend="direct"))
        mla(gpu="B200", arch=arch, **dict(trt, enable_hierarchical_cache=True,
                                          hicache_mem_layout="page_first_direct"))
        mla(gpu="B200", arch=arch, **dict(trt, speculative_algorithm="EAGLE",
                                          speculative_eagle_topk=1))
        mla(gpu="B200", arch=arch, **dict(trt, speculative_algorithm="EAGLE"))
        mla(gpu="B200", arch=arch, **dict(trt, speculative_algorithm="NEXTN",
                                          speculative_eagle_topk=1))
        for be in ("fa3", "trtllm_mla", "flashmla", "flashinfer"):
            mla(gpu="B200" if be == "trtllm_mla" else "H100", arch=arch, attention_backend=be)
        mla(gpu="H100", arch=arch, prefill_attention_backend="fa3")


def cp_tp(c, v):
    glm = dict(tp_size=2, enable_prefill_cp=True, attn_cp_size=2, cp_strategy="interleave")
    qwen = dict(glm, cp_strategy="zigzag")
    for arch, base in (("Glm5NextForConditionalGeneration", glm),
                       ("Qwen4ExpForConditionalGeneration", qwen)):
        def add(env=None, **kw):
            f = dict(base)
            f.update(kw)
            c.add("cptp", "H100", arch, env=env, **{k: x for k, x in f.items() if x is not None})
        add()
        add(tp_size=4)
        add(tp_size=4, attn_cp_size=4)
        add(tp_size=8, attn_cp_size=8)
        add(tp_size=3, attn_cp_size=3)
        add(tp_size=6, attn_cp_size=6)
        add(tp_size=4, attn_cp_size=2, attn_dp_size=2)
        add(cp_strategy="zigzag" if base is glm else "interleave")
        add(cp_strategy=None)
        add(enable_prefill_cp=None)
        add(attn_cp_size=None)
        for alg in ("NGRAM", "EAGLE", "NEXTN", "nextn", "DFLASH", "STANDALONE"):
            add(speculative_algorithm=alg)
        add(speculative_algorithm="EAGLE", speculative_eagle_topk=2)
        add(speculative_algorithm="EAGLE", speculative_eagle_topk=1)
        add(speculative_algorithm="EAGLE", speculative_draft_model_path="tools/oracle/models/LlamaForCausalLM")
        # (--enable-dsa-cache-layer-split is refused for non-DSA models before this hook)
        for flag in ("enable_mixed_chunk", "enable_waterfill"):
            add(**{flag: True})
        add(dcp_size=2)
        add(tp_size=4, attn_cp_size=4, moe_dp_size=4)
        add(tp_size=4, attn_cp_size=4, ep_size=4)
        add(tp_size=4, attn_cp_size=4, ep_size=2)
        add(moe_a2a_backend="deepep")
        add(pp_size=2)
        add(dp_size=2)
        for mode in ("prefill", "decode"):
            add(disaggregation_mode=mode)
            add(disaggregation_mode=mode, disaggregation_transfer_backend="nixl")
            add(disaggregation_mode=mode, speculative_algorithm="DFLASH")
        add(disaggregation_mode="prefill", env={"SGLANG_DISAGG_STAGING_BUFFER": "1"})
        add(disaggregation_mode="prefill", speculative_algorithm="DFLASH",
            env={"SGLANG_DISAGG_STAGING_BUFFER": "1"})
        add(disaggregation_mode="prefill", speculative_algorithm="DFLASH", pp_size=2)
        add(disaggregation_mode="prefill", speculative_algorithm="DFLASH", dp_size=2)
    c.add("cptp", "H100", "LlamaForCausalLM", **glm)
    c.add("cptp", "H100", "Qwen3NextForCausalLM", **glm)


def muse(c, v):
    arch = "MuseSparkForConditionalGeneration"
    fp4 = dict(tp_size=4, ep_size=4, enable_layernorm_sp=True, quantization="modelopt_fp4",
               moe_a2a_backend="flashinfer", moe_runner_backend="flashinfer_trtllm")
    mm = dict(tp_size=4, ep_size=4, enable_layernorm_sp=True, enable_megamoe_for_layernorm_sp=True,
              moe_runner_backend="flashinfer_trtllm")
    off = {"SGLANG_MOE_NVFP4_DISPATCH": "0"}

    def add(base, env=None, **kw):
        f = dict(base)
        f.update(kw)
        c.add("muse", "B200", arch, env=env, **{k: x for k, x in f.items() if x is not None})
    add(fp4, env=off)
    add(fp4)
    add(fp4, env={"SGLANG_MOE_NVFP4_DISPATCH": "1"})
    add(fp4, env=off, tp_size=8, ep_size=8)
    add(fp4, env=off, ep_size=2)
    add(fp4, env=off, ep_size=None)
    add(fp4, env=off, tp_size=2, ep_size=2)
    add(fp4, env=off, quantization=None)
    add(fp4, env=off, moe_a2a_backend=None)
    add(fp4, env=off, moe_a2a_backend="deepep")
    add(fp4, env=off, moe_runner_backend=None)
    add(fp4, env=off, flashinfer_a2a_dispatch_type="bf16")
    add(fp4, env=off, attn_dp_size=4)
    add(fp4, env=off, speculative_algorithm="NGRAM")
    add(fp4, env=off, pp_size=2)
    add(fp4, env=off, enable_megamoe_for_layernorm_sp=True)
    add(mm)
    add(mm, ep_size=2)
    add(mm, tp_size=8, ep_size=8)
    add(mm, quantization="modelopt_fp4")
    add(mm, moe_a2a_backend="flashinfer")
    add(mm, moe_a2a_backend="deepep")
    add(mm, moe_runner_backend="triton")
    add(mm, moe_runner_backend=None)
    add(mm, enable_mixed_chunk=True)
    add(mm, chunked_prefill_size=65536)
    add(mm, chunked_prefill_size=32768)
    add(mm, chunked_prefill_size=32769)
    add(mm, chunked_prefill_size=-1)
    add(mm, env={"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK": "0"})
    add(mm, env={"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK": "1024"})
    add(mm, pp_size=2)
    add(mm, attn_dp_size=4)
    add(mm, enable_layernorm_sp=None)
    add(mm, speculative_algorithm="NGRAM")


def moe(c, v):
    q3 = "Qwen3MoeForCausalLM"
    dec = dict(tp_size=4, moe_a2a_backend="deepep_v2", disaggregation_mode="decode")
    cap = "SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK"
    for gpu in ("H100", "B200", "RTX 5090"):
        c.add("moe", gpu, q3, **dec)
    c.add("moe", "H100", q3, **dict(dec, tp_size=2))
    c.add("moe", "H100", q3, **dict(dec, tp_size=8))
    for mrr in (64, 128, 129, 512):
        c.add("moe", "H100", q3, **dict(dec, max_running_requests=mrr))
    c.add("moe", "H100", q3, env={cap: "512"}, **dec)
    c.add("moe", "H100", q3, env={cap: "511"}, **dec)
    c.add("moe", "H100", q3, **dict(dec, cuda_graph_max_bs_decode=64))
    c.add("moe", "H100", q3, **dict(dec, disable_cuda_graph=True))
    c.add("moe", "H100", q3, **dict(dec, disaggregation_mode=None))
    c.add("moe", "H100", q3, env={cap: "16384"}, **dict(dec, disaggregation_mode=None))
    c.add("moe", "H100", q3, env={cap: "2048"}, **dict(dec, disaggregation_mode=None))
    c.add("moe", "H100", q3, env={cap: "16384"}, **dict(dec, disaggregation_mode="prefill"))
    fi = dict(tp_size=8, attn_dp_size=8 if since(v, "0.5.22") else None,
              dp_size=None if since(v, "0.5.22") else 8,
              enable_dp_attention=None if since(v, "0.5.22") else True,
              moe_a2a_backend="flashinfer_megamoe", quantization="mxfp8")
    w4 = {"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16": "1"}
    if since(v, "0.5.20"):
        for dt in (None, "float16", "bfloat16", "float32", "auto"):
            c.add("moe", "B200", q3, env=w4, **dict(fi, dtype=dt))
        c.add("moe", "B200", q3, **dict(fi, dtype="float16"))
    fl = dict(tp_size=8, moe_a2a_backend="megamoe", max_running_requests=64)
    fe = {"SGLANG_AMD_USE_FLYDSL_MEGA_MOE": "1", "SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR": "128"}
    if since(v, "0.5.21"):
        c.add("moe", "MI300X", q3, env=fe, **fl)
        c.add("moe", "MI300X", q3, env=fe, **dict(fl, max_running_requests=256))
        c.add("moe", "MI300X", q3, env=fe, **dict(fl, max_running_requests=128))
        c.add("moe", "MI300X", q3, env=fe, **dict(fl, max_running_requests=None))
        c.add("moe", "MI300X", q3, env=fe, **dict(fl, attn_cp_size=2))
        c.add("moe", "MI300X", q3, env=fe, **dict(fl, max_running_requests=256,
                                                   disaggregation_mode="prefill"))
        c.add("moe", "MI300X", q3, env=dict(fe, SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR="8192"),
              **dict(fl, max_running_requests=None))
        c.add("moe", "MI300X", q3, env=dict(fe, SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR="0"),
              **dict(fl, max_running_requests=None))
        c.add("moe", "MI300X", q3, env={"SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR": "128"},
              **dict(fl, max_running_requests=None))
        if since(v, "0.5.22"):
            c.add("moe", "MI300X", q3, env=fe, **dict(fl, max_running_requests=256,
                                                       attn_dp_size=2))


def build_cases(v):
    c = Cases(v)
    if since(v, "0.5.22"):
        kv_shard(c, v)
        cp_tp(c, v)
    if since(v, "0.5.23"):
        muse(c, v)
    moe(c, v)
    return c.items


def to_oracle(cid, cfg):
    o = g.to_oracle(cid, cfg)
    o["sglang"] = cfg["sglang"]
    if cfg["arch"] not in STAND_INS:
        o["models_root"] = "data/models"
    return o


def to_case(cid, cfg, res):
    case = g.to_case(cid, cfg, res)
    if cfg["arch"] not in STAND_INS:
        case["config"]["model_config"] = json.loads((MODELS / cfg["arch"] / "config.json").read_text())
    return case


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", default="0.5.23")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--oracle", default=str(g.DEFAULT_ORACLE))
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--raw", default=None, help="also write the oracle's raw results here")
    ap.add_argument("--reuse", default=None,
                    help="an earlier --raw file: only configs whose id it lacks are run")
    args = ap.parse_args(argv)
    items = [(g.case_id(s, cfg), cfg) for s, cfg in build_cases(args.sglang)]
    assert len({i for i, _ in items}) == len(items), "case id collision"
    out = HERE / f"oracle-{args.sglang}-shard.jsonl"
    oracle_cfgs = [to_oracle(i, c) for i, c in items]
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        print(f"{len(oracle_cfgs)} configs", file=sys.stderr)
        return 0
    by_id = {}
    if args.reuse and Path(args.reuse).exists():
        with open(args.reuse) as f:
            by_id = {r["id"]: r for r in map(json.loads, filter(str.strip, f))}
    todo = [o for o in oracle_cfgs if o["id"] not in by_id]
    if todo:
        for res in g.run_oracle(Path(args.oracle), todo, args.jobs, args.timeout):
            by_id[res["id"]] = res
    results = [by_id[i] for i, _ in items]
    if args.raw:
        with open(args.raw, "w") as f:
            for res in results:
                f.write(json.dumps(res, sort_keys=True) + "\n")
    counts = Counter()
    with open(out, "w") as f:
        for (cid, cfg), res in zip(items, results):
            counts[res["outcome"]] += 1
            if res["outcome"] == "harness_error":
                continue
            f.write(json.dumps(to_case(cid, cfg, res), sort_keys=True) + "\n")
    print(f"{out}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
