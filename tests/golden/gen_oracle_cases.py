#!/usr/bin/env python3
"""Generate Preflight's golden test data from SGLang 0.5.23's own code.

Builds a deterministic list of launch configurations, runs them through the
differential oracle (oracle.py: the real SGLang 0.5.23 argument parsing,
resolution pipeline and attention-backend construction checks on a faked GPU),
and writes one golden case per line to tests/golden/oracle-0.5.23.jsonl.

Needs the oracle environment active (stdlib only otherwise):

    . ~/sglang-oracle-env/venv/bin/activate
    export PYTHONPATH=~/sglang-oracle-env/whl
    python tests/golden/gen_oracle_cases.py --jobs 2

Options: --oracle PATH (default: tools/oracle/oracle.py relative to the
repo root), --out FILE, --jobs N, --list (print the configs and exit),
--raw FILE (also keep the oracle's raw result lines), --reuse FILE (take the
results of configs already in a saved --raw file, run only the new ones; ids
are hashes of the config, so a changed config is always re-run).

Every case is {"id", "source", "config", "expect"}: "config" is Preflight's
LaunchConfig JSON, "expect" SGLang's verdict as the oracle reports it, and
"source" the oracle's `where` file and line ("srt/arg_groups/overrides.py:1204")
for errors ("argparse" for argparse choice errors), null for ok cases. See
README.md in this directory. Oracle harness_error results are skipped (and
counted on stderr).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

SGLANG_VERSION = "0.5.23"
DEFAULT_CUDA = "12.9"

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
DEFAULT_ORACLE = (REPO_ROOT / "tools" / "oracle" / "oracle.py").resolve()
DEFAULT_OUT = HERE / "oracle-0.5.23.jsonl"

# ---------------------------------------------------------------------------
# Hardware: Preflight product name -> what the oracle fakes
# ---------------------------------------------------------------------------

# name: (vendor, gpu_sm or amd_arch, torch device name, memory in GB). None:
# the oracle's default device for that SM / arch (fake_hw.NVIDIA_DEFAULTS /
# AMD_DEFAULTS), which already is that product; such products share the
# oracle worker (hardware profile) of the bare compute-capability cases.
PRODUCTS = {
    "A100": ("nvidia", (8, 0), None, None),  # NVIDIA A100-SXM4-80GB, 80 GiB
    "A10": ("nvidia", (8, 6), "NVIDIA A10", 22.5),
    "L4": ("nvidia", (8, 9), "NVIDIA L4", 22.5),
    "L40S": ("nvidia", (8, 9), None, None),  # NVIDIA L40S, 45 GiB
    "RTX 4090": ("nvidia", (8, 9), "NVIDIA GeForce RTX 4090", 24),
    "H100": ("nvidia", (9, 0), None, None),  # NVIDIA H100 80GB HBM3, 79.6 GiB
    "H200": ("nvidia", (9, 0), "NVIDIA H200", 140.4),
    "H20": ("nvidia", (9, 0), "NVIDIA H20", 95.6),
    "GH200": ("nvidia", (9, 0), "NVIDIA GH200 480GB", 95.6),
    "B200": ("nvidia", (10, 0), None, None),  # NVIDIA B200, 179 GiB
    "GB200": ("nvidia", (10, 0), "NVIDIA GB200", 185),
    "B300": ("nvidia", (10, 3), None, None),  # NVIDIA B300 SXM6 AC, 268.6 GiB
    "GB300": ("nvidia", (10, 3), "NVIDIA GB300", 268.6),
    "Jetson Thor": ("nvidia", (11, 0), None, None),  # NVIDIA Thor, 122.8 GiB
    "RTX 5090": ("nvidia", (12, 0), "NVIDIA GeForce RTX 5090", 31.8),
    "RTX 5080": ("nvidia", (12, 0), "NVIDIA GeForce RTX 5080", 15.9),
    "RTX PRO 6000 Blackwell": ("nvidia", (12, 0), None, None),  # ... Server Edition, 95.6 GiB
    "DGX Spark": ("nvidia", (12, 1), None, None),  # NVIDIA GB10, 119.6 GiB
    "MI300X": ("amd", "gfx942", None, None),  # AMD Instinct MI300X, 192 GiB
    "MI325X": ("amd", "gfx942", "AMD Instinct MI325X", 256),
    "MI355X": ("amd", "gfx950", None, None),  # AMD Instinct MI355X, 288 GiB
}

# One representative per SM / gfx arch for the big grid.
GRID_GPUS = ["A100", "A10", "L40S", "H100", "B200", "B300", "Jetson Thor",
             "RTX 5090", "DGX Spark", "MI300X", "MI355X"]
OTHER_GPUS = ["L4", "RTX 4090", "H200", "H20", "GH200", "GB200", "GB300",
              "RTX 5080", "RTX PRO 6000 Blackwell", "MI325X"]

MODELS = [
    "LlamaForCausalLM",
    "Qwen3ForCausalLM",
    "Qwen3MoeForCausalLM",
    "DeepseekV3ForCausalLM",
    "DeepseekV32ForCausalLM",
    "DeepseekV4ForCausalLM",
    "GlmMoeDsaForCausalLM",
    "GlmMoeDsaForCausalLMNextN",
    "Glm4MoeForCausalLM",
    "Gemma3ForCausalLM",
    "GptOssForCausalLM",
    "Qwen3NextForCausalLM",
    "Llama4ForConditionalGeneration",
]
GLM_DSA = ["GlmMoeDsaForCausalLM", "GlmMoeDsaForCausalLMNextN"]
DSA_ARCHS = GLM_DSA + ["DeepseekV32ForCausalLM"]

GRID_BACKENDS = [None, "triton", "torch_native", "flex_attention", "flashinfer", "fa3",
                 "fa4", "trtllm_mha", "trtllm_mla", "flashmla", "cutedsl_mla", "dsa", "aiter"]
# Same SM family as another grid GPU (A100 / B200 / RTX 5090): half the
# explicit backends each.
HALF_GRID_GPUS = ["A10", "L40S", "B300", "DGX Spark"]
NEXTN_BACKENDS = [None, "dsa", "trtllm_mla", "flashmla", "fa3", "triton"]
AITER_GPUS = ["A100", "H100", "B200", "RTX 5090", "MI300X", "MI355X"]
GRID_KV = ["bf16", "fp8_e4m3", "fp8_e5m2", "nvfp4", "mxfp8"]
GRID_KV_BACKENDS = ["fa3", "trtllm_mha", "trtllm_mla", "flashinfer", "triton"]

# Preflight LaunchConfig: these ServerArgs fields go to the oracle at top level,
# every other one in extra_args.
ORACLE_TOP_LEVEL = ("kv_cache_dtype", "attention_backend", "prefill_attention_backend",
                    "decode_attention_backend", "page_size", "tp_size")

RESOLVED_KEYS = (
    "attention_backend", "prefill_attention_backend", "decode_attention_backend",
    "kv_cache_dtype", "page_size", "dsa_prefill_backend", "dsa_decode_backend",
    "dsv4_prefill_backend", "dsv4_attn_backend", "mamba_backend", "linear_attn_backend",
    "disable_radix_cache", "speculative_algorithm", "speculative_eagle_topk",
    "speculative_num_steps", "speculative_num_draft_tokens",
)


# ---------------------------------------------------------------------------
# Case list
# ---------------------------------------------------------------------------


class Cases:
    def __init__(self):
        self.items = []  # (section, launch_config)
        self.seen = set()

    def add(self, section, gpu, arch, cuda=DEFAULT_CUDA, env=None, cc=None, **fields):
        cfg = {"sglang": SGLANG_VERSION}
        if cc is not None:
            cfg["compute_capability"] = cc
        else:
            assert gpu in PRODUCTS, gpu
            cfg["gpu"] = gpu
        cfg["arch"] = arch
        cfg["cuda_version"] = cuda
        if env:
            cfg["env"] = dict(env)
        for k, v in fields.items():
            if v is not None:
                cfg[k] = v
        key = json.dumps(cfg, sort_keys=True)
        if key in self.seen:
            return
        self.seen.add(key)
        self.items.append((section, cfg))


def build_cases():
    c = Cases()

    # --- a. seed scenarios -------------------------------------------------
    # GLM-5 / DeepSeek-V3.2 DSA backends (flash_mla_sm120.py validators).
    dsa_pairs = [
        (None, None),
        ("flashinfer_sparse_mla", "flashinfer_sparse_mla"),
        ("flashinfer_sparse_mla", None),
        ("triton_sparse_mla", None),
        ("triton_sparse_mla", "flashinfer_sparse_mla"),
        ("trtllm", "trtllm"),
        ("flashmla_sparse", "flashmla_kv"),
        ("flashmla_sparse", "fa3"),
        ("flashmla_sparse_q8", "flashmla_kv"),
        ("flashmla_kv", "flashmla_kv"),
        ("fa3", "fa3"),
        ("tilelang", "tilelang"),
    ]
    for arch in DSA_ARCHS:
        for gpu in ["RTX 5090", "DGX Spark", "B200", "H100"]:
            for kv in ["auto", "bf16", "bfloat16", "fp8_e4m3"]:
                for pre, dec in dsa_pairs:
                    tps = [None]
                    if pre == "triton_sparse_mla" and gpu in ("RTX 5090", "DGX Spark"):
                        tps = [None, 2, 4]
                    elif pre == "triton_sparse_mla" and dec is None and kv in ("auto", "fp8_e4m3"):
                        tps = [None, 2, 4]
                    for tp in tps:
                        c.add("dsa", gpu, arch, kv_cache_dtype=kv, tp_size=tp,
                              dsa_prefill_backend=pre, dsa_decode_backend=dec)
    # DeepSeek-V4 flashmla_sparse_q8 prefill (DeepseekV4AttnBackend.__init__).
    for gpu in ["H100", "B200", "RTX 5090", "A100"]:
        for pre in ["auto", "flashmla_sparse", "flashmla_sparse_q8"]:
            for kv in ["auto", "bf16", "bfloat16", "fp8_e4m3"]:
                for q8 in [None, "1", "0", "true", "off"]:
                    env = {"SGLANG_DSV4_Q8KV8_PREFILL": q8} if q8 is not None else None
                    c.add("dsv4", gpu, "DeepseekV4ForCausalLM", env=env,
                          kv_cache_dtype=kv, dsv4_prefill_backend=pre)
    for gpu in ["H100", "B200", "RTX 5090", "A100"]:
        for be in ["fa3", "triton"]:
            for pre in [None, "flashmla_sparse_q8"]:
                c.add("dsv4", gpu, "DeepseekV4ForCausalLM", attention_backend=be,
                      dsv4_prefill_backend=pre)
        for page in [64, 256]:
            for pre in [None, "flashmla_sparse_q8"]:
                c.add("dsv4", gpu, "DeepseekV4ForCausalLM", page_size=page,
                      dsv4_prefill_backend=pre)
        for attn in ["flashmla", "flashmla_mega", "trtllm"]:
            c.add("dsv4", gpu, "DeepseekV4ForCausalLM", dsv4_attn_backend=attn)
    for pre in [None, "auto", "flashmla_sparse", "flashmla_sparse_q8"]:
        for q8 in [None, "1", "0"]:
            env = {"SGLANG_DSV4_Q8KV8_PREFILL": q8} if q8 is not None else None
            c.add("dsv4", "H100", "DeepseekV4ForCausalLM", cuda="12.1", env=env,
                  dsv4_prefill_backend=pre)
    c.add("dsv4", "H100", "DeepseekV4ForCausalLM", cuda="12.1", kv_cache_dtype="fp8_e4m3")
    c.add("dsv4", "H100", "DeepseekV4ForCausalLM", cuda="12.1", attention_backend="fa3")

    # --- b. main grid ------------------------------------------------------
    for gi, gpu in enumerate(GRID_GPUS):
        for mi, arch in enumerate(MODELS):
            nextn = arch == "GlmMoeDsaForCausalLMNextN"  # the GLM-5 draft arch
            for bi, be in enumerate(GRID_BACKENDS):
                if be == "aiter" and gpu not in AITER_GPUS:
                    continue  # aiter on NVIDIA: resolution-only "ok"; a few GPUs suffice
                if nextn and be not in NEXTN_BACKENDS:
                    continue
                if gpu in HALF_GRID_GPUS and be is not None and (mi + bi) % 2:
                    continue  # a second GPU of an SM family: every other backend
                c.add("grid", gpu, arch, attention_backend=be)
            if nextn:
                continue
            for ki, kv in enumerate(GRID_KV):
                c.add("grid", gpu, arch, kv_cache_dtype=kv)
            # one (kv, explicit backend) combo per (gpu, model), rotating so
            # that every pair of GRID_KV x GRID_KV_BACKENDS occurs on several GPUs.
            n = gi * len(MODELS) + mi
            kv = GRID_KV[n % len(GRID_KV)]
            be = GRID_KV_BACKENDS[(n // len(GRID_KV) + gi) % len(GRID_KV_BACKENDS)]
            c.add("grid", gpu, arch, kv_cache_dtype=kv, attention_backend=be)

    # --- c. split prefill/decode backends -------------------------------
    split_pairs = [("flashinfer", "trtllm_mha"), ("fa3", "flashinfer"), ("triton", "fa3"),
                   ("fa4", "trtllm_mha"), ("trtllm_mha", "trtllm_mha")]
    for gpu in ["H100", "B200", "RTX 5090", "A100"]:
        for arch in ["LlamaForCausalLM", "Qwen3ForCausalLM", "GptOssForCausalLM",
                     "Qwen3NextForCausalLM", "DeepseekV3ForCausalLM"]:
            for pre, dec in split_pairs:
                c.add("split", gpu, arch, prefill_attention_backend=pre,
                      decode_attention_backend=dec)
    for gpu in ["H100", "B200"]:
        c.add("split", gpu, "LlamaForCausalLM", prefill_attention_backend="fa3")
        c.add("split", gpu, "LlamaForCausalLM", decode_attention_backend="trtllm_mha")
        c.add("split", gpu, "LlamaForCausalLM", attention_backend="triton",
              decode_attention_backend="trtllm_mha")
        c.add("split", gpu, "DeepseekV3ForCausalLM", prefill_attention_backend="fa4",
              decode_attention_backend="trtllm_mla")
        c.add("split", gpu, "DeepseekV3ForCausalLM", prefill_attention_backend="cutedsl_mla",
              decode_attention_backend="cutedsl_mla")

    # --- d. page sizes -------------------------------------------------
    for gpu in ["H100", "B200", "RTX 5090"]:
        for arch in ["LlamaForCausalLM", "DeepseekV3ForCausalLM"]:
            for be in [None, "flashmla", "trtllm_mla", "trtllm_mha", "fa4", "cutedsl_mla"]:
                for page in [1, 16, 64, 128, 256]:
                    c.add("page", gpu, arch, attention_backend=be, page_size=page)
    for page in [1, 16, 32, 64, 128]:
        c.add("page", "B200", "DeepseekV3ForCausalLM", attention_backend="trtllm_mla",
              kv_cache_dtype="fp8_e4m3", page_size=page)
        c.add("page", "B200", "DeepseekV3ForCausalLM", attention_backend="cutedsl_mla",
              kv_cache_dtype="fp8_e4m3", page_size=page)

    # --- e. speculative decoding ---------------------------------------
    spec_variants = [
        {"speculative_algorithm": "EAGLE"},
        {"speculative_algorithm": "EAGLE", "speculative_eagle_topk": 1,
         "speculative_num_steps": 3, "speculative_num_draft_tokens": 4},
        {"speculative_algorithm": "EAGLE", "speculative_eagle_topk": 4,
         "speculative_num_steps": 3, "speculative_num_draft_tokens": 8},
        {"speculative_algorithm": "NGRAM"},
        {"speculative_algorithm": "NGRAM", "speculative_num_draft_tokens": 8},
    ]
    for gpu in ["H100", "B200"]:
        for arch in ["LlamaForCausalLM", "DeepseekV3ForCausalLM", "DeepseekV4ForCausalLM"]:
            for be in [None, "trtllm_mha", "fa3", "flashinfer", "triton", "flex_attention",
                       "flashmla"]:
                for sv in spec_variants:
                    c.add("spec", gpu, arch, attention_backend=be, **sv)
        for be in [None, "fa3", "flashinfer", "triton", "trtllm_mha"]:
            c.add("spec", gpu, "LlamaForCausalLM", attention_backend=be, page_size=64,
                  **spec_variants[2])
        c.add("spec", gpu, "DeepseekV3ForCausalLM", speculative_algorithm="EAGLE",
              speculative_eagle_topk=2, speculative_num_steps=2,
              speculative_num_draft_tokens=4, attention_backend="trtllm_mla")
    for gpu in ["RTX 5090", "A100"]:
        for arch in ["LlamaForCausalLM", "DeepseekV3ForCausalLM"]:
            for sv in spec_variants:
                c.add("spec", gpu, arch, **sv)

    # --- f. deterministic inference ------------------------------------
    for gpu in ["A100", "H100", "B200", "RTX 5090", "MI300X"]:
        for arch in ["LlamaForCausalLM", "DeepseekV3ForCausalLM"]:
            for be in [None, "fa3", "fa4", "flashinfer", "triton", "trtllm_mha", "trtllm_mla",
                       "flashmla", "aiter"]:
                c.add("determ", gpu, arch, attention_backend=be,
                      enable_deterministic_inference=True)

    # --- g. tp sizes ------------------------------------------------------
    for gpu in ["MI300X", "MI355X"]:
        for tp in [None, 2, 4, 8]:
            for be in [None, "aiter", "triton"]:
                c.add("tp", gpu, "DeepseekV3ForCausalLM", tp_size=tp, attention_backend=be)
    for gpu in ["RTX 5090", "DGX Spark"]:
        for arch in GLM_DSA:
            for tp in [2, 4, 8]:
                for kv in [None, "fp8_e4m3"]:
                    c.add("tp", gpu, arch, kv_cache_dtype=kv, tp_size=tp,
                          dsa_prefill_backend="triton_sparse_mla")
                c.add("tp", gpu, arch, tp_size=tp)

    # --- h. CUDA version gating ------------------------------------------
    cuda_cases = [
        ("LlamaForCausalLM", {}),
        ("LlamaForCausalLM", {"attention_backend": "fa3"}),
        ("LlamaForCausalLM", {"attention_backend": "trtllm_mha"}),
        ("LlamaForCausalLM", {"attention_backend": "fa4"}),
        ("DeepseekV3ForCausalLM", {}),
        ("DeepseekV3ForCausalLM", {"attention_backend": "trtllm_mla"}),
        ("DeepseekV3ForCausalLM", {"attention_backend": "flashmla"}),
        ("DeepseekV32ForCausalLM", {}),
        ("GlmMoeDsaForCausalLM", {}),
        ("GptOssForCausalLM", {}),
        ("Qwen3NextForCausalLM", {}),
        ("DeepseekV4ForCausalLM", {}),
    ]
    for gpu in ["H100", "B200"]:
        for cuda in ["12.1", "12.6"]:
            for arch, kw in cuda_cases:
                c.add("cuda", gpu, arch, cuda=cuda, **kw)

    # --- other products, and SMs given only as a compute capability -------
    other_cases = [
        ("LlamaForCausalLM", {}),
        ("LlamaForCausalLM", {"attention_backend": "fa3"}),
        ("LlamaForCausalLM", {"attention_backend": "trtllm_mha"}),
        ("DeepseekV3ForCausalLM", {}),
        ("DeepseekV32ForCausalLM", {}),
        ("GlmMoeDsaForCausalLM", {}),
        ("DeepseekV4ForCausalLM", {}),
        ("GptOssForCausalLM", {}),
        ("Qwen3NextForCausalLM", {}),
        ("Qwen3ForCausalLM", {"kv_cache_dtype": "fp8_e4m3"}),
    ]
    for gpu in OTHER_GPUS:
        for arch, kw in other_cases:
            c.add("product", gpu, arch, **kw)
    for cc in ["8.0", "9.0", "10.0", "12.0", "12.1"]:
        for arch, kw in other_cases[:7]:
            c.add("cc", None, arch, cc=cc, **kw)

    # --- argparse choices, deprecated aliases, rarer flag values ----------
    c.add("choices", "H100", "LlamaForCausalLM", attention_backend="cutlass_mla")
    c.add("choices", "H100", "LlamaForCausalLM", attention_backend="dual_chunk_flash_attn")
    c.add("choices", "B200", "LlamaForCausalLM", attention_backend="bogus")
    c.add("choices", "H100", "LlamaForCausalLM", kv_cache_dtype="fp4_e2m1")
    c.add("choices", "B200", "LlamaForCausalLM", kv_cache_dtype="fp4_mx_block16")
    c.add("choices", "B200", "DeepseekV3ForCausalLM", kv_cache_dtype="fp4_mx_block16")
    c.add("choices", "RTX 5090", "GlmMoeDsaForCausalLM", kv_cache_dtype="fp8_e4m3",
          dsa_decode_backend="triton_sparse_mla")
    c.add("choices", "H100", "DeepseekV4ForCausalLM", dsv4_prefill_backend="flashmla_kv")
    c.add("choices", "H100", "DeepseekV4ForCausalLM", dsv4_attn_backend="fa3")
    c.add("choices", "B200", "DeepseekV3ForCausalLM", attention_backend="tokenspeed_mla")
    c.add("choices", "B200", "DeepseekV4ForCausalLM", attention_backend="compressed")
    c.add("choices", "H100", "DeepseekV32ForCausalLM", attention_backend="nsa")
    for gpu in ["H100", "RTX 5090"]:
        for pre in ["flashmla_auto", "triton", "aiter"]:
            c.add("choices", gpu, "GlmMoeDsaForCausalLM", dsa_prefill_backend=pre)
    for gpu in ["B200", "RTX 5090"]:  # bf16 vs bfloat16 spelling for the MLA backends
        for be in ["trtllm_mla", "cutedsl_mla"]:
            for kv in ["bf16", "bfloat16", "fp8_e4m3", "fp8_e5m2"]:
                c.add("choices", gpu, "DeepseekV3ForCausalLM", attention_backend=be,
                      kv_cache_dtype=kv)
    for gpu in ["H100", "B200", "RTX 5090"]:
        for dq in ["auto", "nvfp4", "fp8_e4m3"]:
            c.add("choices", gpu, "LlamaForCausalLM", kv_cache_dtype="nvfp4",
                  prefill_kv_cache_dequant_dtype=dq)
    return c.items


# ---------------------------------------------------------------------------
# LaunchConfig -> oracle config, oracle result -> golden case
# ---------------------------------------------------------------------------


def case_id(section, cfg):
    h = hashlib.sha1(json.dumps(cfg, sort_keys=True).encode()).hexdigest()[:10]
    return f"{section}-{h}"


def to_oracle(cid, cfg):
    out = {"id": cid, "sglang": cfg.get("sglang", SGLANG_VERSION)}
    if "gpu" in cfg:
        vendor, hw, name, mem = PRODUCTS[cfg["gpu"]]
        out["vendor"] = vendor
        if vendor == "amd":
            out["amd_arch"] = hw
        else:
            out["gpu_sm"] = list(hw)
        if name is not None:
            out["gpu_name"] = name
        if mem is not None:
            out["gpu_mem_gb"] = mem
    else:
        major, minor = cfg["compute_capability"].split(".")
        out["vendor"] = "nvidia"
        out["gpu_sm"] = [int(major), int(minor)]
    out["cuda_version"] = cfg["cuda_version"]
    out["arch"] = cfg["arch"]
    if cfg.get("env"):
        out["env"] = cfg["env"]
    extra = {}
    for k, v in cfg.items():
        if k in ("sglang", "gpu", "compute_capability", "cuda_version", "arch", "env"):
            continue
        if k in ORACLE_TOP_LEVEL:
            out[k] = v
        else:
            extra[k] = v
    if extra:
        out["extra_args"] = extra
    return out


def to_case(cid, cfg, res):
    verdict = res["outcome"]
    expect = {"verdict": verdict, "stage": res.get("stage")}
    source = None
    if verdict == "error":
        expect["exception"] = res.get("exception")
        expect["message"] = res.get("message")
        expect["where"] = res.get("where")
        expect["line"] = res.get("line")
        where = res.get("where") or ""
        if res.get("stage") == "argparse":
            source = "argparse"
        else:
            path = where.split(":", 1)[0]
            if path.startswith("sglang/"):
                path = path[len("sglang/"):]
            source = f"{path}:{res['line']}" if res.get("line") is not None else path
    else:
        resolved = res.get("resolved") or {}
        expect["resolved"] = {k: resolved[k] for k in RESOLVED_KEYS if k in resolved}
    expect["warnings"] = list(res.get("warnings") or [])
    return {"id": cid, "source": source, "config": cfg, "expect": expect}


# The oracle venv's torch/torchvision are CUDA 13.2 builds. When the oracle
# fakes `torch.version.cuda = "12.x"` (cuda_version), torchvision's import-time
# check ("PyTorch and torchvision were compiled with different CUDA major
# versions") would kill every worker. This sitecustomize, put first on the
# workers' PYTHONPATH, imports torchvision in each oracle worker before the fake
# is installed, so the check sees torch's real CUDA version; on a real machine
# torch and torchvision would come from the same CUDA build anyway. SGLang's own
# reads of torch.version.cuda (is_sm90_supported, ...) still see cuda_version.
SITECUSTOMIZE = """\
import sys
if "--worker" in sys.argv:
    try:
        import torchvision  # noqa: F401
    except Exception:
        pass
"""


def run_oracle(oracle, oracle_cfgs, jobs, timeout):
    cmd = [sys.executable, str(oracle), "--jobs", str(jobs), "--timeout", str(timeout),
           "--progress", "250"]
    inp = "".join(json.dumps(o, sort_keys=True) + "\n" for o in oracle_cfgs)
    with tempfile.TemporaryDirectory(prefix="preflight-golden-") as tmp:
        Path(tmp, "sitecustomize.py").write_text(SITECUSTOMIZE)
        env = dict(os.environ)
        env["PYTHONPATH"] = tmp + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        proc = subprocess.run(cmd, input=inp, stdout=subprocess.PIPE, text=True, check=True,
                              env=env)
    results = [json.loads(l) for l in proc.stdout.splitlines() if l.strip()]
    if len(results) != len(oracle_cfgs):
        raise SystemExit(f"oracle returned {len(results)} results for {len(oracle_cfgs)} configs")
    return results


def stand_in(arch):
    """Whether the oracle has its own stand-in model directory for `arch` (tools/oracle/models)."""
    return (REPO_ROOT / "tools" / "oracle" / "models" / arch / "config.json").exists()


def random_argv(argv, family):
    """Splits `--random N --seed S` off a per-family generator's command line: (argv without
    them, (N, S) or None, the family's file name part: `family`, or `family-random-S`)."""
    if "--random" not in argv:
        return argv, None, family
    i = argv.index("--random")
    j = argv.index("--seed")
    rest = [a for k, a in enumerate(argv) if k not in (i, i + 1, j, j + 1)]
    seed = int(argv[j + 1])
    return rest, (int(argv[i + 1]), seed), f"{family}-random-{seed}"


def random_tp_draws(add, section, archs, count, seed):
    """`count` random launches on an H100 for a held-out set: an architecture of `archs`,
    --tp-size 1-16 and, 30% of the time when above 1, DP attention with a --dp-size that
    divides it (the draws of gen_heads_cases.py and gen_unreviewed_cases.py, so their ids stay
    those of the committed sets)."""
    rng = random.Random(seed)
    for _ in range(count):
        arch = rng.choice(archs)
        tp = rng.randint(1, 16)
        if rng.random() < 0.3 and tp > 1:
            dp = rng.choice([d for d in range(2, tp + 1) if tp % d == 0])
            add(section, arch, "H100", tp_size=tp, dp_size=dp, enable_dp_attention=True)
        else:
            add(section, arch, "H100", tp_size=tp)


def unique_cases(out):
    """`out` (a list of (section, LaunchConfig dict)) without the repeated draws of a random
    set: a drawn duplicate has the same id, the first is kept."""
    seen, uniq = set(), []
    for s, cfg in out:
        key = case_id(s, cfg)
        if key not in seen:
            seen.add(key)
            uniq.append((s, cfg))
    return uniq


def reference_config(arch, sizes=None, block=None, none_drops=False):
    """data/models' reference config.json of `arch` with the keys of `sizes` set (a None value
    leaves the key as it is, or with `none_drops` removes it) and, for a (block_n, block_k)
    `block`, a block-FP8 quantization_config (dynamic e4m3 activations, as the published -FP8
    checkpoints)."""
    c = json.loads((REPO_ROOT / "data" / "models" / arch / "config.json").read_text())
    for key, value in (sizes or {}).items():
        if value is not None:
            c[key] = value
        elif none_drops:
            c.pop(key, None)
    if block is not None:
        c["quantization_config"] = {
            "activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8",
            "weight_block_size": list(block),
        }
    return c


def case_adder(v, out):
    """The `add(section, arch, gpu, env=None, **fields)` of the per-family generators: appends
    (section, LaunchConfig of release `v` on `gpu` with `arch`, the default CUDA build, `fields`
    and, when given, `env`) to `out`."""

    def add(section, arch, gpu, env=None, **fields):
        cfg = {"sglang": v, "gpu": gpu, "arch": arch, "cuda_version": DEFAULT_CUDA}
        cfg.update(fields)
        if env:
            cfg["env"] = env
        out.append((section, cfg))

    return add


def generate_family(doc, family, releases, build_cases, startup=False, argv=None,
                    build_model=False):
    """The command line of a per-family generator (`gen_<family>_cases.py --sglang X`): builds
    `build_cases(X)` (a list of (section, LaunchConfig dict)), runs them through the oracle
    (with `"startup": true` when `startup`, recorded as `expect.startup`; with
    `"build_model": true` when `build_model`, recorded as `expect.build_model`: the model class
    is built on the meta device before the KV dtype and the backends) and writes
    tests/golden/oracle-<X>-<family>.jsonl; harness errors are skipped and listed on stderr."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", required=True, choices=releases)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--out", default=None)
    ap.add_argument("--list", action="store_true", help="print the oracle configs and exit")
    args = ap.parse_args(argv)
    out = args.out or str(HERE / f"oracle-{args.sglang}-{family}.jsonl")
    items = build_cases(args.sglang)
    ids = [case_id(s, cfg) for s, cfg in items]
    assert len(set(ids)) == len(ids), "case id collision"
    oracle_cfgs = []
    # a case with its own config.json (`model_config`) runs from a temporary model directory
    tmpdir = tempfile.TemporaryDirectory(prefix=f"preflight-{family}-")
    for i, (_, cfg) in zip(ids, items):
        o = to_oracle(i, {k: x for k, x in cfg.items() if k != "model_config"})
        if startup:
            o["startup"] = True
        if build_model:
            o["build_model"] = True
        if "model_config" in cfg:
            d = Path(tmpdir.name, i)
            d.mkdir()
            (d / "config.json").write_text(json.dumps(cfg["model_config"]))
            del o["arch"]
            o["model_path"] = str(d)
        elif not stand_in(cfg["arch"]):
            # not one of the oracle's stand-ins: the reference config.json of data/models, which
            # the case then carries as its model_config (as gen_allflags_cases.py does)
            o["models_root"] = "data/models"
        oracle_cfgs.append(o)
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        return 0
    results = run_oracle(Path(DEFAULT_ORACLE), oracle_cfgs, args.jobs, args.timeout)
    tmpdir.cleanup()
    cases, skipped = [], []
    for cid, (_, cfg), res in zip(ids, items, results):
        if res.get("outcome") == "harness_error":
            skipped.append((cid, res.get("message")))
            continue
        if not stand_in(cfg["arch"]) and "model_config" not in cfg:
            cfg = dict(cfg)
            cfg["model_config"] = json.loads(
                (REPO_ROOT / "data" / "models" / cfg["arch"] / "config.json").read_text())
        case = to_case(cid, cfg, res)
        if startup:
            case["expect"]["startup"] = True
        if build_model:
            case["expect"]["build_model"] = True
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oracle", default=str(DEFAULT_ORACLE))
    ap.add_argument("--sglang", default=None,
                    help="the release whose code gives the verdicts (default 0.5.23)")
    ap.add_argument("--sample", type=int, default=1,
                    help="keep every Nth case of the grid (by id hash; default 1: all)")
    ap.add_argument("--gpus", default=None,
                    help="comma-separated product names: keep only their cases (fewer oracle "
                         "hardware profiles, each with its own warm-up)")
    ap.add_argument("--keep", action="append", default=[],
                    help="also keep, whatever --sample says, every case whose config JSON "
                         "contains this text (repeatable; e.g. a release's flip)")
    ap.add_argument("--out", default=None,
                    help="default tests/golden/oracle-<release>.jsonl")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--list", action="store_true", help="print the oracle configs and exit")
    ap.add_argument("--raw", default=None, help="also write the oracle's raw results here")
    ap.add_argument("--reuse", default=None,
                    help="saved raw results (--raw of an earlier run with the same oracle "
                         "environment): only configs whose id is not in it are run")
    args = ap.parse_args(argv)
    global SGLANG_VERSION
    SGLANG_VERSION = args.sglang or SGLANG_VERSION
    if args.out is None:
        args.out = str(HERE / f"oracle-{SGLANG_VERSION}.jsonl")

    items = build_cases()
    if args.gpus:
        gpus = set(args.gpus.split(","))
        items = [(s, cfg) for s, cfg in items if cfg.get("gpu") in gpus]
    ids = [case_id(s, cfg) for s, cfg in items]
    if args.sample > 1:
        keep = [int(hashlib.sha1(i.encode()).hexdigest(), 16) % args.sample == 0
                or any(k in json.dumps(cfg, sort_keys=True) for k in args.keep)
                for i, (_, cfg) in zip(ids, items)]
        items = [it for it, k in zip(items, keep) if k]
        ids = [i for i, k in zip(ids, keep) if k]
    assert len(set(ids)) == len(ids), "case id collision"
    oracle_cfgs = [to_oracle(i, cfg) for i, (_, cfg) in zip(ids, items)]
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        print(f"{len(oracle_cfgs)} configs, sections {dict(Counter(s for s, _ in items))}",
              file=sys.stderr)
        return 0

    t0 = time.time()
    by_id = {}
    if args.reuse:
        with open(args.reuse) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    by_id[r.get("id")] = r
    todo = [o for o in oracle_cfgs if o["id"] not in by_id]
    if todo:
        oracle = Path(args.oracle)
        if not oracle.exists():
            raise SystemExit(f"oracle not found: {oracle} (use --oracle)")
        print(f"running {len(todo)} of {len(oracle_cfgs)} configs through {oracle}",
              file=sys.stderr)
        for r in run_oracle(oracle, todo, args.jobs, args.timeout):
            by_id[r["id"]] = r
    results = [by_id[i] for i in ids]
    if args.raw:
        with open(args.raw, "w") as f:
            for r in results:
                f.write(json.dumps(r, sort_keys=True) + "\n")
    elapsed = time.time() - t0

    cases, skipped = [], []
    for cid, (_, cfg), res in zip(ids, items, results):
        if res.get("id") not in (None, cid):
            raise SystemExit(f"result order mismatch: {res.get('id')} != {cid}")
        if res.get("outcome") == "harness_error":
            skipped.append((cid, res.get("message")))
            continue
        cases.append(to_case(cid, cfg, res))

    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:
        for case in cases:
            f.write(json.dumps(case, sort_keys=True) + "\n")
    os.replace(tmp, args.out)

    verdicts = Counter(c["expect"]["verdict"] for c in cases)
    stages = Counter(c["expect"]["stage"] for c in cases)
    msgs = {c["expect"]["message"] for c in cases if c["expect"]["verdict"] == "error"}
    print(f"wrote {len(cases)} cases to {args.out} in {elapsed:.0f}s", file=sys.stderr)
    print(f"verdicts {dict(verdicts)}; stages {dict(stages)}; "
          f"{len(msgs)} distinct error messages", file=sys.stderr)
    print(f"skipped {len(skipped)} harness_error results", file=sys.stderr)
    for cid, msg in skipped[:20]:
        print(f"  {cid}: {msg}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
