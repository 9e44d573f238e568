#!/usr/bin/env python3
"""Golden cases for the speculative-decoding checks (`arg_groups/speculative_hook.py`), the
Mamba / hybrid checks (`arg_groups/mamba_hook.py`) and the cache checks of
`arg_groups/kv_cache_hook.py` (`handle_cache_compatibility`), per release.

A designed grid: every speculative algorithm (EAGLE, NEXTN and lower-case spellings, EAGLE3,
STANDALONE, NGRAM, DFLASH, DSPARK, FROZEN_KV_MTP, NONE, an unknown name) with and without a
draft model, the parameters SGLang forces or refuses (steps / top-k / draft tokens, DFLASH
block size, DSpark gamma, draft window and sink), the draft attention backend DFLASH resolves,
rejection sampling (incl. ROCm's automatic default), DP attention, PP, the environment
switches (SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION, SGLANG_RAGGED_VERIFY_MODE), NGRAM's
external corpus and paged-KV checks, on Llama, DeepSeek-V3 (MTP), Qwen3-Next (hybrid GDN) and
H100 / B200 / MI300X. Each case is filtered to the ServerArgs fields the release has. The
draft model is the oracle's Llama stand-in directory (SGLang reads its config.json; Preflight
reads no draft checkpoint).

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_spec_cases.py --sglang 0.5.23 --jobs 1

writes tests/golden/oracle-<release>-spec.jsonl. `--sglang all` runs every release in one
oracle run (one warm-up per release and GPU). `--random N --seed S` draws N random launches per
release over the same flags instead (a held-out set, oracle-<release>-spec-random-<S>.jsonl).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
RELEASES = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]
DRAFT = "tools/oracle/models/LlamaForCausalLM"
SPEC_KEYS = ("speculative_draft_attention_backend", "speculative_use_rejection_sampling")
LLAMA, DSV3, QNEXT = "LlamaForCausalLM", "DeepseekV3ForCausalLM", "Qwen3NextForCausalLM"
# architectures without an oracle stand-in: the oracle loads data/models/<arch>, and the case
# carries that config.json as its model_config
NEMOH = "NemotronHForCausalLM"
DATA_MODELS = {NEMOH}


def release_fields(v):
    doc = json.loads((REPO / f"data/releases/{v}/fields.json").read_text())
    fs = doc["fields"] if isinstance(doc, dict) else doc
    return {f["name"] for f in fs}


class Cases:
    def __init__(self, v):
        self.v = v
        self.fields = release_fields(v)
        self.items = []
        self.seen = set()

    def add(self, section, gpu, arch, env=None, **fields):
        cfg = {"sglang": self.v, "gpu": gpu, "arch": arch, "cuda_version": g.DEFAULT_CUDA}
        for k, val in fields.items():
            if val is None:
                continue
            if k not in self.fields:
                return  # the release has no such flag
            cfg[k] = val
        if env:
            cfg["env"] = env
        key = json.dumps(cfg, sort_keys=True)
        if key not in self.seen:
            self.seen.add(key)
            self.items.append((section, cfg))


def dp2(v):
    """Attention DP of width 2 in the release's own spelling."""
    if v in ("0.5.19", "0.5.20", "0.5.21"):
        return {"tp_size": 2, "dp_size": 2, "enable_dp_attention": True}
    return {"tp_size": 2, "attn_dp_size": 2}


def build_cases(v):
    c = Cases(v)
    H, B, M = "H100", "B200", "MI300X"
    d = {"speculative_draft_model_path": DRAFT}
    # every algorithm name, with and without a draft model
    for gpu in (H, B, M):
        for alg in ("EAGLE", "NEXTN", "eagle", "nextn", "EAGLE3", "STANDALONE", "NGRAM",
                    "ngram", "DFLASH", "DSPARK", "FROZEN_KV_MTP", "NONE", "MEDUSA"):
            c.add("alg", gpu, LLAMA, speculative_algorithm=alg, **d)
            if alg in ("DFLASH", "DSPARK", "NGRAM", "EAGLE"):
                c.add("alg", gpu, LLAMA, speculative_algorithm=alg)
        c.add("alg", gpu, LLAMA, speculative_algorithm="UNO") if v == "0.5.19" else None
        for alg in ("EAGLE", "NEXTN", "EAGLE3"):
            c.add("mtp", gpu, DSV3, speculative_algorithm=alg)
            c.add("mtp", gpu, DSV3, speculative_algorithm=alg, **d)
        c.add("mtp", gpu, QNEXT, speculative_algorithm="NEXTN")
        c.add("mtp", gpu, QNEXT, speculative_algorithm="EAGLE", speculative_num_steps=2,
              speculative_eagle_topk=1, speculative_num_draft_tokens=3)
    # explicit parameters (EAGLE family)
    for alg in ("EAGLE", "EAGLE3", "STANDALONE"):
        for p in ((3, 1, 4), (3, 1, 8), (2, 4, 8), (None, 1, None), (None, None, 4)):
            s, k, t = p
            for be in (None, "triton", "trtllm_mha", "fa3"):
                c.add("params", B if be == "trtllm_mha" else H, LLAMA,
                      speculative_algorithm=alg, speculative_num_steps=s,
                      speculative_eagle_topk=k, speculative_num_draft_tokens=t,
                      attention_backend=be, **d)
    for be in (None, "flashmla", "trtllm_mla", "triton"):
        c.add("params", B, DSV3, speculative_algorithm="EAGLE", attention_backend=be)
        c.add("params", B, DSV3, speculative_algorithm="EAGLE", attention_backend=be,
              speculative_num_steps=2, speculative_eagle_topk=2, speculative_num_draft_tokens=4)
    # draft window / sink, for every algorithm and none
    for alg in (None, "EAGLE", "EAGLE3", "NGRAM", "DFLASH"):
        extra = d if alg in ("EAGLE", "EAGLE3", "DFLASH") else {}
        for w in (None, 0, -1, 8, 64):
            for s in (None, -1, 0, 4):
                if w is None and s is None and alg is None:
                    continue
                if (w, s) in ((8, 4), (-1, 0), (0, 0)) or (s is not None and w not in (None, 64)):
                    continue
                c.add("window", H, LLAMA, speculative_algorithm=alg,
                      speculative_draft_window_size=w, speculative_draft_sink_size=s, **extra)
    c.add("window", H, LLAMA, speculative_algorithm="DFLASH", speculative_draft_window_size=8,
          speculative_dflash_block_size=16, **d)
    c.add("window", H, LLAMA, speculative_algorithm="DFLASH", speculative_draft_window_size=16,
          speculative_dflash_block_size=16, **d)
    # switches checked with or without an algorithm
    for alg in (None, "EAGLE", "EAGLE3", "NGRAM", "DFLASH", "DSPARK", "STANDALONE"):
        extra = d if alg in ("EAGLE", "EAGLE3", "DFLASH", "DSPARK", "STANDALONE") else {}
        c.add("switch", H, LLAMA, speculative_algorithm=alg,
              speculative_use_block_verification=True, **extra)
        c.add("switch", H, LLAMA, speculative_algorithm=alg,
              speculative_skip_dp_mlp_sync=True, **extra)
        c.add("switch", H, LLAMA, speculative_algorithm=alg,
              env={"SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION": "1"}, **extra)
        c.add("switch", H, LLAMA, speculative_algorithm=alg,
              env={"SGLANG_RAGGED_VERIFY_MODE": "dynamic"}, **extra)
        c.add("switch", H, LLAMA, speculative_algorithm=alg,
              env={"SGLANG_RAGGED_VERIFY_MODE": "compact"}, **extra)
    c.add("switch", H, LLAMA, speculative_algorithm="EAGLE", enable_multi_layer_eagle=True,
          env={"SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION": "true"}, **d)
    # DFLASH
    for gpu in (H, B, M):
        for be in (None, "fa3", "flashinfer", "triton", "trtllm_mha", "fa4", "aiter"):
            for dbe in (None, "triton", "trtllm_mha", "fa4"):
                if gpu == M and be not in (None, "aiter", "triton"):
                    continue
                if gpu != M and be == "aiter":
                    continue
                c.add("dflash", gpu, LLAMA, speculative_algorithm="DFLASH", attention_backend=be,
                      speculative_draft_attention_backend=dbe, **d)
        c.add("dflash", gpu, QNEXT, speculative_algorithm="DFLASH", **d)
    for kw in ({"pp_size": 2}, dp2(v), dict(dp2(v), enable_dp_lm_head=True),
               dict(dp2(v), tp_size=4, attn_cp_size=2, enable_dp_lm_head=True),
               {"speculative_num_steps": 3}, {"speculative_eagle_topk": 4},
               {"speculative_num_steps": 1, "speculative_eagle_topk": 1},
               {"speculative_dflash_block_size": 0}, {"speculative_dflash_block_size": 8},
               {"speculative_dflash_block_size": 16, "speculative_num_draft_tokens": 8},
               {"speculative_dflash_block_size": 8, "speculative_num_draft_tokens": 8},
               {"speculative_num_draft_tokens": 10}):
        c.add("dflash", H, LLAMA, speculative_algorithm="DFLASH", **kw, **d)
    # DSPARK
    for kw in ({}, {"speculative_dspark_block_size": 0}, {"speculative_dspark_block_size": 3},
               {"speculative_dspark_block_size": 7, "speculative_num_draft_tokens": 4},
               {"speculative_dspark_block_size": 3, "speculative_num_draft_tokens": 4},
               {"speculative_num_draft_tokens": 1}, {"speculative_num_draft_tokens": 5},
               {"speculative_num_steps": 2}, {"speculative_eagle_topk": 3}, {"pp_size": 2},
               dp2(v), dict(dp2(v), enable_dp_lm_head=True),
               dict(dp2(v), tp_size=4, attn_cp_size=2, enable_dp_lm_head=True)):
        c.add("dspark", H, LLAMA, speculative_algorithm="DSPARK", **kw, **d)
    for kw in (dict(dp2(v), enable_dp_lm_head=True, moe_a2a_backend="deepep"),
               dict(dp2(v), enable_dp_lm_head=True, speculative_moe_a2a_backend="deepep"),
               dict(dp2(v), enable_dp_lm_head=True, moe_a2a_backend="megamoe")):
        c.add("dspark", B, DSV3, speculative_algorithm="DSPARK", **kw, **d)
    c.add("dspark", H, LLAMA, speculative_algorithm="DSPARK", enable_dp_lm_head=True,
          env={"SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION": "1",
               "SGLANG_RAGGED_VERIFY_MODE": "compact"}, **dp2(v), **d)
    c.add("dspark", H, LLAMA, speculative_algorithm="DSPARK", enable_dp_lm_head=True,
          env={"SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION": "1"}, **dp2(v), **d)
    # DP attention with every algorithm
    for alg in ("EAGLE", "EAGLE3", "STANDALONE", "NGRAM"):
        extra = d if alg != "NGRAM" else {}
        c.add("dp", H, LLAMA, speculative_algorithm=alg, **dp2(v), **extra)
        c.add("dp", H, DSV3, speculative_algorithm=alg, **dp2(v), **extra)
    # rejection sampling
    chain = {"speculative_num_steps": 3, "speculative_eagle_topk": 1,
             "speculative_num_draft_tokens": 4}
    for gpu in (H, M):
        for alg in ("EAGLE", "EAGLE3", "STANDALONE"):
            c.add("rej", gpu, LLAMA, speculative_algorithm=alg,
                  speculative_use_rejection_sampling=True, **d)
            c.add("rej", gpu, LLAMA, speculative_algorithm=alg,
                  speculative_use_rejection_sampling=True, **chain, **d)
            c.add("rej", gpu, LLAMA, speculative_algorithm=alg, **chain, **d)
        c.add("rej", gpu, LLAMA, speculative_algorithm="EAGLE",
              speculative_use_rejection_sampling=True, speculative_accept_threshold_single=0.8,
              **chain, **d)
        c.add("rej", gpu, LLAMA, speculative_algorithm="EAGLE",
              speculative_accept_threshold_acc=0.5, **chain, **d)
        c.add("rej", gpu, LLAMA, speculative_algorithm="EAGLE",
              speculative_token_map="/tmp/token_map.pt", **chain, **d)
        c.add("rej", gpu, LLAMA, speculative_algorithm="EAGLE",
              env={"SGLANG_SIMULATE_ACC_LEN": "3"}, **chain, **d)
        c.add("rej", gpu, DSV3, speculative_algorithm="EAGLE")
    c.add("rej", H, LLAMA, speculative_algorithm="EAGLE", speculative_use_rejection_sampling=True,
          enable_deterministic_inference=True, attention_backend="fa3", **chain, **d)
    c.add("rej", H, LLAMA, speculative_algorithm="EAGLE", speculative_use_block_verification=True,
          **chain, **d)
    # NGRAM
    corpus = "/tmp/ngram_corpus.jsonl"
    for kw in ({}, {"speculative_ngram_external_sam_budget": 0},
               {"speculative_ngram_external_corpus_max_tokens": 0},
               {"speculative_ngram_external_sam_budget": 12},
               {"speculative_ngram_external_sam_budget": 11},
               {"speculative_ngram_external_sam_budget": 12, "speculative_num_draft_tokens": 20}):
        c.add("ngram", H, LLAMA, speculative_algorithm="NGRAM",
              speculative_ngram_external_corpus_path=corpus, **kw)
    for kw in ({"page_size": 64, "attention_backend": "triton"},
               {"page_size": 64, "attention_backend": "flashinfer"},
               {"page_size": 64, "attention_backend": "triton", "speculative_ngram_max_bfs_breadth": 1},
               {"speculative_num_draft_tokens": 7}, {"speculative_ngram_max_bfs_breadth": 3},
               {"speculative_num_steps": 2}):
        c.add("ngram", H, LLAMA, speculative_algorithm="NGRAM", **kw)
    c.add("ngram", B, DSV3, speculative_algorithm="NGRAM")
    # UNO (0.5.20+; in 0.5.19 an unknown name)
    uno = {"speculative_algorithm": "UNO", "uno_lora_path": "/tmp/uno-lora"}
    tree = {"speculative_eagle_topk": 2, "speculative_num_steps": 3}
    for gpu in (H, B):
        c.add("uno", gpu, LLAMA, **uno, speculative_num_draft_tokens=4)
        c.add("uno", gpu, LLAMA, **uno, speculative_num_draft_tokens=4, attention_backend="fa3")
    for kw in ({}, {"speculative_num_draft_tokens": 0}, {"speculative_num_draft_tokens": 4, **d},
               {"speculative_num_draft_tokens": 4, "speculative_eagle_topk": 0},
               {"speculative_num_draft_tokens": 4, "speculative_num_steps": 3},
               {"speculative_num_draft_tokens": 4, "speculative_eagle_topk": 2},
               {"speculative_num_draft_tokens": 4, "speculative_eagle_topk": 2, "speculative_num_steps": 0},
               {"speculative_num_draft_tokens": 4, "speculative_eagle_topk": 2, "speculative_num_steps": 5},
               {"speculative_num_draft_tokens": 129, **tree},
               {"speculative_num_draft_tokens": 100, "speculative_eagle_topk": 32, "speculative_num_steps": 3},
               {"speculative_num_draft_tokens": 8, "speculative_eagle_topk": 2, "speculative_num_steps": 2},
               {"speculative_num_draft_tokens": 7, **tree}, {"speculative_num_draft_tokens": 4, **tree},
               {"speculative_num_draft_tokens": 4, **tree, "enable_pdmux": True},
               {"speculative_num_draft_tokens": 4, **tree, "enable_two_batch_overlap": True},
               {"speculative_num_draft_tokens": 4, **tree, "speculative_accept_threshold_acc": 0.5},
               {"speculative_num_draft_tokens": 4, "tp_size": 2},
               {"speculative_num_draft_tokens": 4, "enable_lora": True},
               {"speculative_num_draft_tokens": 4, "speculative_use_rejection_sampling": True},
               {"speculative_num_draft_tokens": 4, "enable_deterministic_inference": True},
               {"speculative_num_draft_tokens": 4, "enable_strict_thinking": True},
               {"speculative_num_draft_tokens": 4, "enable_mixed_chunk": True},
               {"speculative_num_draft_tokens": 4, "decode_attention_backend": "flashinfer"}):
        c.add("uno", H, LLAMA, **uno, **dict({"attention_backend": "fa3"}, **kw))
    c.add("uno", H, LLAMA, speculative_algorithm="UNO", speculative_num_draft_tokens=4,
          attention_backend="fa3")
    # FP4 KV on SM100 / SM120 with speculative decoding (handle_kv4_compatibility, 0.5.21+)
    for gpu in (B, "RTX 5090"):
        for alg in ("EAGLE", "NEXTN", "EAGLE3", "NGRAM", "DFLASH", "DSPARK", "STANDALONE", None):
            extra = d if alg not in ("NGRAM", "NEXTN", None) else {}
            c.add("kv4", gpu, LLAMA, kv_cache_dtype="nvfp4", speculative_algorithm=alg, **extra)
        c.add("kv4", gpu, LLAMA, kv_cache_dtype="nvfp4", speculative_algorithm="NGRAM",
              speculative_ngram_max_bfs_breadth=1)
        for dbe in ("triton", "trtllm_mha"):
            c.add("kv4", gpu, LLAMA, kv_cache_dtype="nvfp4", speculative_algorithm="EAGLE",
                  speculative_draft_attention_backend=dbe, **chain, **d)
        c.add("kv4", gpu, LLAMA, kv_cache_dtype="nvfp4", speculative_algorithm="EAGLE", **chain, **d)
        for kw in ({"enable_lmcache": True}, {"enable_hierarchical_cache": True},
                   {"enable_unified_memory": True}, {"disaggregation_mode": "decode"}):
            c.add("kv4", gpu, LLAMA, kv_cache_dtype="nvfp4", **kw)
    c.add("kv4", B, LLAMA, kv_cache_dtype="nvfp4", attention_backend="triton",
          speculative_algorithm="DFLASH", **d)
    # --prefill-only-disable-kv-cache (validate_prefill_only_disable_kv_cache_args and
    # handle_prefill_only_disable_kv_cache)
    po = {"prefill_only_disable_kv_cache": True}
    full = dict(po, is_embedding=True, chunked_prefill_size=-1, disable_radix_cache=True)
    q3 = "Qwen3ForCausalLM"
    for gpu in (H, B):
        for kw in (po, dict(po, is_embedding=True), dict(po, is_embedding=True, chunked_prefill_size=-1),
                   full, dict(full, kv_cache_dtype="fp4_mx_block16"), dict(full, kv_cache_dtype="mxfp8"),
                   dict(full, tp_size=2, attn_cp_size=2), dict(full, enable_prefill_cp=True),
                   dict(full, enable_hisparse=True), dict(full, attention_backend="triton"),
                   dict(full, attention_backend="fa3"), dict(full, attention_backend="fa4"),
                   dict(full, prefill_attention_backend="fa4", decode_attention_backend="triton")):
            c.add("prefill_only", gpu, q3, **kw)
    # Mamba / hybrid (mamba_hook.py: handle_mamba_backend, handle_int8_mamba_checkpoint and the
    # radix-cache validators run from the model hook)
    for gpu in (H, B, M):
        for arch in (QNEXT, NEMOH, LLAMA):
            c.add("mamba", gpu, arch)
            for kw in ({"page_size": 512}, {"page_size": 128}, {"page_size": 16},
                       {"mamba_track_interval": 100}, {"mamba_track_interval": 128, "page_size": 256},
                       {"mamba_cache_philox_rounds": -1}, {"mamba_max_states_per_path": 0},
                       {"mamba_max_states_per_path": -2}, {"mamba_max_states_per_path": 4},
                       {"enable_mamba_cache_stochastic_rounding": True},
                       {"enable_mamba_cache_stochastic_rounding": True, "mamba_ssm_dtype": "float16"},
                       {"enable_mamba_cache_stochastic_rounding": True, "mamba_ssm_dtype": "float16",
                        "mamba_backend": "flashinfer"},
                       {"enable_int8_mamba_checkpoint": True},
                       {"enable_int8_mamba_checkpoint": True, "enable_hierarchical_cache": True},
                       {"enable_int8_mamba_checkpoint": True, "radix_cache_backend": "my_pkg.Cache"},
                       {"enable_int8_mamba_checkpoint": True, "enable_lmcache": True},
                       {"mamba_radix_cache_strategy": "extra_buffer"},
                       {"mamba_radix_cache_strategy": "extra_buffer_lazy"},
                       {"mamba_radix_cache_strategy": "no_buffer"},
                       {"mamba_radix_cache_strategy": "no_buffer", "disable_overlap_schedule": True},
                       {"speculative_algorithm": "NGRAM", "speculative_num_draft_tokens": 300},
                       {"speculative_algorithm": "NGRAM", "speculative_num_draft_tokens": 300,
                        "mamba_track_interval": 512},
                       {"speculative_algorithm": "EAGLE", "speculative_num_steps": 3,
                        "speculative_eagle_topk": 1, "speculative_num_draft_tokens": 4}):
                if arch != QNEXT and gpu != H:
                    continue
                c.add("mamba", gpu, arch, **kw)
    # handle_cache_compatibility (kv_cache_hook.py), run after the speculative hook
    hp = {"disaggregation_decode_retraction_backup": "host_pool"}
    dec = {"disaggregation_mode": "decode"}
    off = {"disaggregation_decode_enable_offload_kvcache": True}
    lm = {"enable_lmcache": True}
    for kw in (hp, dict(hp, **dec), dict(hp, **dec, tp_size=2, dcp_size=2),
               dict(hp, **dec, enable_priority_scheduling=True),
               dict(hp, **dec, enable_priority_scheduling=True, disable_priority_preemption=True),
               {"enable_hierarchical_cache": True, "disable_radix_cache": True},
               {"enable_hierarchical_cache": True}, off, dict(off, **dec),
               dict(off, **dec, hicache_storage_backend="file"),
               dict(off, **dec, hicache_storage_backend="file", **hp),
               {"swa_full_tokens_ratio": 0.0}, {"swa_full_tokens_ratio": 1.0},
               {"swa_full_tokens_ratio": 1.5}, {"swa_full_tokens_ratio": 0.5},
               {"swa_prefix_tails": -1}, {"swa_prefix_tails": 0},
               lm, dict(lm, enable_hierarchical_cache=True),
               dict(lm, enable_unified_cache_external_linker=True),
               dict(lm, disable_radix_cache=True), dict(lm, speculative_algorithm="NGRAM"),
               dict(lm, speculative_algorithm="EAGLE", **d), dict(lm, **dp2(v)),
               dict(lm, tp_size=2, dcp_size=2), dict(lm, enable_streaming_session=True),
               dict(lm, hicache_host_memory_mode="buffer_only"), dict(lm, **dec)):
        c.add("cache", H, LLAMA, **kw)
    for conf in (None, {"threshold": 4096, "next_prompt_estimate": 512}, {"threshold": -1},
                 {"threshold": 5, "next_prompt_estimate": 5}, {"threshold": 2.5}):
        c.add("cache", H, LLAMA, radix_eviction_policy="tlru", radix_eviction_policy_config=conf)
    for kw in ({"swa_full_tokens_ratio": 1.5}, dict(lm), {"enable_hierarchical_cache": True}):
        c.add("cache", H, "Gemma3ForCausalLM", **kw)
        c.add("cache", H, QNEXT, **kw)
    return c.items


def draw(r, v):
    """One random launch over the speculative / Mamba / cache flags (a held-out set)."""
    c = Cases(v)
    gpu = r.choice(["H100", "B200", "MI300X"])
    arch = r.choice([LLAMA, LLAMA, DSV3, QNEXT, "Qwen3ForCausalLM"])
    kw = {}
    alg = r.choice(["EAGLE", "NEXTN", "EAGLE3", "STANDALONE", "NGRAM", "DFLASH", "DSPARK",
                    "UNO", None])
    kw["speculative_algorithm"] = alg
    if alg in ("EAGLE3", "STANDALONE", "DFLASH", "DSPARK") or (alg == "EAGLE" and r.random() < 0.5):
        kw["speculative_draft_model_path"] = DRAFT
    if alg == "UNO":
        kw["uno_lora_path"] = "/tmp/uno-lora"
    pick = lambda p, vals: r.choice(vals) if r.random() < p else None  # noqa: E731
    kw["speculative_num_steps"] = pick(0.4, [1, 2, 3, 5])
    kw["speculative_eagle_topk"] = pick(0.4, [1, 2, 4])
    kw["speculative_num_draft_tokens"] = pick(0.4, [2, 4, 8, 16, 300])
    kw["attention_backend"] = pick(0.35, ["fa3", "triton", "flashinfer", "trtllm_mha", "fa4"])
    kw["page_size"] = pick(0.2, [1, 16, 64, 512])
    kw["speculative_draft_window_size"] = pick(0.1, [0, 8, 64])
    kw["speculative_dflash_block_size"] = pick(0.1, [0, 8, 16])
    kw["speculative_dspark_block_size"] = pick(0.1, [0, 3, 7])
    kw["speculative_use_rejection_sampling"] = pick(0.1, [True])
    kw["speculative_ngram_max_bfs_breadth"] = pick(0.1, [1, 3])
    kw["mamba_track_interval"] = pick(0.1, [64, 100, 512])
    kw["mamba_radix_cache_strategy"] = pick(0.1, ["extra_buffer", "no_buffer"])
    kw["enable_lmcache"] = pick(0.05, [True])
    kw["swa_full_tokens_ratio"] = pick(0.05, [0.5, 1.5])
    kw["kv_cache_dtype"] = pick(0.1, ["nvfp4", "fp8_e4m3"])
    if r.random() < 0.1:
        kw.update(dp2(v))
    env = {}
    if r.random() < 0.05:
        env["SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION"] = "1"
    c.add("srand", gpu, arch, env=env or None, **kw)
    return c.items[0][1] if c.items else None


def to_oracle(cid, cfg):
    o = g.to_oracle(cid, cfg)
    o["sglang"] = cfg["sglang"]
    if cfg["arch"] in DATA_MODELS:
        o["models_root"] = "data/models"
    return o


def to_case(cid, cfg, res):
    if cfg["arch"] in DATA_MODELS:
        cfg = dict(cfg)
        cfg["model_config"] = json.loads(
            (REPO / "data/models" / cfg["arch"] / "config.json").read_text())
    case = g.to_case(cid, cfg, res)
    if case["expect"]["verdict"] == "ok":
        resolved = res.get("resolved") or {}
        for k in SPEC_KEYS:
            if k in resolved:
                case["expect"]["resolved"][k] = resolved[k]
        # a PD decode server's radix cache is declared by handle_pd_disaggregation
        # (pd_disaggregation_hook.py:98-126@0.5.23), which this family does not port
        if cfg.get("disaggregation_mode") == "decode":
            case["expect"]["resolved"].pop("disable_radix_cache", None)
    return case


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", default="0.5.23", help="a release, or all")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--oracle", default=str(g.DEFAULT_ORACLE))
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--random", type=int, default=0, help="draw N random configs per release")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--raw", default=None, help="also write the oracle's raw results here")
    ap.add_argument("--reuse", default=None,
                    help="an earlier --raw file: only configs whose id it lacks are run")
    args = ap.parse_args(argv)
    here = Path(__file__).resolve().parent
    releases = RELEASES if args.sglang == "all" else [args.sglang]
    items = []
    suffix = ""
    if args.random:
        import random
        r = random.Random(args.seed)
        suffix = f"-random-{args.seed}"
        seen = set()
        for v in releases:
            n = 0
            while n < args.random:
                cfg = draw(r, v)
                if cfg is None:
                    continue
                cid = g.case_id(f"srand{args.seed}", cfg)
                if cid not in seen:
                    seen.add(cid)
                    items.append((cid, cfg))
                    n += 1
    else:
        for v in releases:
            items += [(g.case_id(s, cfg), cfg) for s, cfg in build_cases(v)]
    assert len({i for i, _ in items}) == len(items), "case id collision"
    oracle_cfgs = [to_oracle(i, c) for i, c in items]
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        print(f"{len(oracle_cfgs)} configs", file=sys.stderr)
        return 0
    by_id = {}
    if args.reuse:
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
    for v in releases:
        counts = Counter()
        out = here / f"oracle-{v}-spec{suffix}.jsonl"
        with open(out, "w") as f:
            for (cid, cfg), res in zip(items, results):
                if cfg["sglang"] != v:
                    continue
                counts[res["outcome"]] += 1
                if res["outcome"] == "harness_error":
                    continue
                f.write(json.dumps(to_case(cid, cfg, res), sort_keys=True) + "\n")
        print(f"{out}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
