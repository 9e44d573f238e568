#!/usr/bin/env python3
"""Golden cases for the serving-feature checks, per release: PD disaggregation
(`arg_groups/pd_disaggregation_hook.py`), and the serving, HiCache, LoRA, CUDA-graph and
memory hooks as they are ported.

Builds a deterministic list of launch configurations that reach each modelled rule (one that
fires and one that does not, per rule and release), runs them through the oracle of one
release and writes tests/golden/oracle-<release>-serving.jsonl (format: README.md); ok cases
also record the serving fields the oracle reports as declared (SERVING_KEYS).

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_serving_cases.py --sglang 0.5.23 --jobs 1 --raw /tmp/srv-0.5.23.jsonl
    # after adding cases: only the new ones run
    python tests/golden/gen_serving_cases.py --sglang 0.5.23 --jobs 1 --reuse /tmp/srv-0.5.23.jsonl \
        --raw /tmp/srv-0.5.23.jsonl

`--list` prints the oracle configs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

# Serving fields the ported hooks declare (recorded when the oracle reports them).
SERVING_KEYS = (
    "disaggregation_transfer_backend",
    "disaggregation_decode_extra_slots",
    "disaggregation_decode_retraction_backup",
    "optimistic_prefill_attempts",
    "disaggregation_bootstrap_port",
    "grpc_port",
    "smg_grpc_mode",
    "image_processor_backend",
    "hicache_mem_layout",
    "hicache_io_backend",
    "hicache_write_policy",
)

LLAMA = "LlamaForCausalLM"
DSV3 = "DeepseekV3ForCausalLM"
QMOE = "Qwen3MoeForCausalLM"

V = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]


def since(v, x):
    return V.index(v) >= V.index(x)


class Cases:
    def __init__(self, v):
        self.v = v
        self.items = []
        self.seen = set()

    def add(self, section, arch=LLAMA, gpu="H100", env=None, **fields):
        cfg = {"sglang": self.v, "gpu": gpu, "arch": arch, "cuda_version": g.DEFAULT_CUDA}
        if env:
            cfg["env"] = dict(env)
        for k, val in fields.items():
            if val is not None:
                cfg[k] = val
        key = json.dumps(cfg, sort_keys=True)
        if key not in self.seen:
            self.seen.add(key)
            self.items.append((section, cfg))


def pd_cases(c):
    v = c.v
    # roles x transfer backends
    for mode in (None, "prefill", "decode"):
        for be in (None, "mooncake_tcp", "nixl", "fake", "ascend", "mori"):
            c.add("pd", disaggregation_mode=mode, disaggregation_transfer_backend=be)
    # the decode radix cache and what it refuses
    for be in (None, "fake", "nixl"):
        c.add("pd", disaggregation_mode="decode", disaggregation_decode_enable_radix_cache=True,
              disaggregation_transfer_backend=be)
    c.add("pd", disaggregation_mode="decode", disaggregation_decode_enable_radix_cache=True,
          enable_hisparse=True)
    # DSPARK needs a draft model (speculative hook): only where PD refuses it first
    specs = ["NGRAM", "ngram", "MEDUSA", "nextn"] + (["dspark"] if not since(v, "0.5.23") else [])
    if not since(v, "0.5.21"):
        specs.append("DSPARK")
    for spec in specs:
        c.add("pd", disaggregation_mode="decode", disaggregation_decode_enable_radix_cache=True,
              speculative_algorithm=spec)
    c.add("pd", disaggregation_mode="decode", disaggregation_decode_enable_radix_cache=True,
          tp_size=2, dp_size=2, enable_dp_attention=True)
    c.add("pd", disaggregation_mode="prefill", disaggregation_decode_enable_radix_cache=True)
    # decode extra slots
    for mrr in (None, 16, 32, 33, 64, 100):
        c.add("pd", disaggregation_mode="decode", max_running_requests=mrr)
        c.add("pd", disaggregation_mode="decode", max_running_requests=mrr, tp_size=2,
              dp_size=2, enable_dp_attention=True)
        c.add("pd", disaggregation_mode="decode", max_running_requests=mrr, dp_size=2)
    c.add("pd", disaggregation_mode="decode", max_running_requests=1, dp_size=2)
    c.add("pd", disaggregation_mode="decode", disaggregation_decode_extra_slots=5)
    # decode / prefill DCP (MLA)
    for mode in ("decode", "prefill"):
        for be in (None, "nixl", "fake", "ascend", "mori", "mooncake_tcp"):
            c.add("pd", arch=DSV3, tp_size=8, dcp_size=2, disaggregation_mode=mode,
                  disaggregation_transfer_backend=be)
    c.add("pd", arch=DSV3, tp_size=8, dcp_size=2, disaggregation_mode="decode",
          disaggregation_decode_enable_radix_cache=True)
    c.add("pd", arch=DSV3, tp_size=8, dcp_size=2, disaggregation_mode="decode",
          disaggregation_transfer_backend="ascend", disaggregation_decode_enable_radix_cache=True)
    if not since(v, "0.5.21"):
        c.add("pd", arch=DSV3, tp_size=8, dcp_size=2, disaggregation_mode="decode",
              enable_hierarchical_cache=True)
    # staging buffer
    for mode in (None, "prefill", "decode"):
        for be in (None, "nixl", "fake", "ascend", "mooncake_tcp"):
            if mode == "prefill" and be == "fake":
                continue
            c.add("pd", env={"SGLANG_DISAGG_STAGING_BUFFER": "1"}, disaggregation_mode=mode,
                  disaggregation_transfer_backend=be)
    c.add("pd", env={"SGLANG_DISAGG_STAGING_BUFFER": "0"}, disaggregation_mode="decode",
          disaggregation_transfer_backend="fake")
    # Rust server bootstrap port (prefill)
    for env in ({"SGLANG_RUST_SERVER": "1"}, {"SGLANG_RUST_SERVER": "false"}):
        for bp in (None, 9000, 30000):
            for port in (None, 9000):
                c.add("pd", env=env, disaggregation_mode="prefill",
                      disaggregation_bootstrap_port=bp, port=port)
        c.add("pd", env=env, disaggregation_mode="decode", disaggregation_bootstrap_port=9000)
    # decode host receive threshold
    if since(v, "0.5.21"):
        # host receive declares host_pool, which handle_cache_compatibility (kv_cache_hook.py,
        # not ported here) refuses off a decode server: non-decode cases only where PD raises
        for t in (-0.1, 0.0, 0.5, 1.0, 1.5):
            on = (t > 0) if v == "0.5.21" else (t < 1)
            if not on or t < 0 or t > 1:
                c.add("pd", disaggregation_decode_host_receive_threshold=t)
            c.add("pd", disaggregation_mode="decode",
                  disaggregation_decode_host_receive_threshold=t)
            for rb in ("cpu_tensor", "host_pool", "none"):
                c.add("pd", disaggregation_mode="decode",
                      disaggregation_decode_host_receive_threshold=t,
                      disaggregation_decode_retraction_backup=rb)
            c.add("pd", disaggregation_decode_host_receive_threshold=t,
                  enable_pd_role_switch=True)
            c.add("pd", disaggregation_decode_host_receive_threshold=t, enable_hisparse=True,
                  disaggregation_mode="decode", disaggregation_decode_enable_radix_cache=True)
        c.add("pd", disaggregation_decode_retraction_backup="cpu_tensor",
              disaggregation_mode="decode")
        # PD role switch
        for mode in (None, "prefill", "decode"):
            c.add("pd", disaggregation_mode=mode, enable_pd_role_switch=True)
            c.add("pd", disaggregation_mode=mode, enable_pd_role_switch=True, tp_size=4,
                  pp_size=2)
        for kw in (dict(arch=QMOE, tp_size=2, ep_size=2), dict(dp_size=2),
                   dict(tp_size=2, dp_size=2, enable_dp_attention=True),
                   dict(tp_size=2, dp_size=2, enable_dp_attention=True,
                        enable_dp_attention_local_control_broadcast=True),
                   dict(arch=DSV3, tp_size=8, dcp_size=2),
                   dict(speculative_algorithm="NGRAM"),
                   dict(speculative_algorithm="ngram"),
                   dict(arch=QMOE, tp_size=2, ep_size=2, pp_size=2, speculative_algorithm="NGRAM"),
                   dict(arch=QMOE, tp_size=4, dp_size=2, dcp_size=2)):
            kw = dict(kw)
            c.add("pd", disaggregation_mode="decode", enable_pd_role_switch=True, **kw)
        if since(v, "0.5.22"):
            c.add("pd", disaggregation_mode="prefill", enable_pd_role_switch=True, tp_size=2,
                  attn_dp_size=2)
    # prefill_complete allocation policy
    if since(v, "0.5.22"):
        pc = "prefill_complete"
        for mode in (None, "prefill", "decode"):
            for be in (None, "nixl"):
                c.add("pd", disaggregation_decode_allocation_policy=pc, disaggregation_mode=mode,
                      disaggregation_transfer_backend=be)
        for kw in (dict(tp_size=2), dict(tp_size=2, dp_size=2, enable_dp_attention=True),
                   dict(tp_size=2, attn_dp_size=2), dict(tp_size=2, pp_size=2),
                   dict(enable_pdmux=True), dict(enable_pd_role_switch=True),
                   dict(enable_hisparse=True), dict(disaggregation_decode_host_receive_threshold=0.5),
                   dict(disaggregation_decode_enable_radix_cache=True),
                   dict(enable_hierarchical_cache=True),
                   dict(env={"SGLANG_DISAGG_STAGING_BUFFER": "1"}),
                   dict(env={"SGLANG_RUST_SERVER": "1"}),
                   dict(tp_size=4, pp_size=2, disaggregation_transfer_backend="nixl",
                        enable_pdmux=True)):
            for mode in ("prefill", "decode"):
                c.add("pd", disaggregation_decode_allocation_policy=pc, disaggregation_mode=mode,
                      **kw)
        c.add("pd", disaggregation_decode_allocation_policy=pc, disaggregation_mode="prefill",
              optimistic_prefill_attempts=3)
        c.add("pd", disaggregation_decode_allocation_policy=pc, disaggregation_mode="prefill",
              enable_hierarchical_cache=True, hicache_write_policy="write_through")


def enc_cases(c):
    a = lambda **kw: c.add("pd", **kw)  # noqa: E731
    a(enable_prefix_mm_cache=True)
    a(enable_prefix_mm_cache=True, encoder_only=True)
    a(encoder_only=True, language_only=True)
    a(encoder_only=True, disaggregation_mode="prefill")
    a(encoder_only=True, disaggregation_mode="decode")
    a(language_only=True)
    a(language_only=True, disaggregation_mode="prefill")
    a(language_only=True, arch="Llama4ForConditionalGeneration")


def srv_cases(c):
    v = c.v
    a = lambda **kw: c.add("srv", **kw)  # noqa: E731
    for m in (-1, 0, 64):
        a(mm_preprocess_cache_size_mb=m)
    # TLS
    a(ssl_keyfile="/nonexistent/key.pem")
    a(ssl_certfile="/nonexistent/cert.pem")
    a(ssl_ca_certs="/nonexistent/ca.pem")
    a(ssl_keyfile_password="pw")
    a(ssl_keyfile_password="")
    a(ssl_ca_certs="/nonexistent/ca.pem", ssl_keyfile_password="pw")
    a(enable_ssl_refresh=True)
    a(enable_ssl_refresh=True, ssl_keyfile="/nonexistent/key.pem")
    if since(v, "0.5.23"):
        for tw in (None, 2):
            for h2 in (None, True):
                a(enable_http_worker_reuseport=True, tokenizer_worker_num=tw, enable_http2=h2)
    for st_ in (0, -5, 4294967296):
        a(enable_http2=True, http2_max_concurrent_streams=st_)
    for w in (512, 2147483648):
        a(enable_http2=True, http2_initial_connection_window_size=w)
    a(http2_max_concurrent_streams=0)
    # ASR
    for b in (0, -1, 1):
        a(asr_max_buffer_seconds=b)
    for n in (0, -3, 1):
        a(asr_max_concurrent_sessions=n)
    a(asr_max_buffer_seconds=0, asr_max_concurrent_sessions=0)
    # image processor
    for b in (None, "torchvision", "pil", "auto"):
        a(disable_fast_image_processor=True, image_processor_backend=b)
    a(image_processor_backend="torchvision")
    # gRPC / sidecar
    for t in (0, -1, 5):
        a(grpc_response_timeout_secs=t)
    for p in (0, 70000, 50051, 65535, 65536):
        a(grpc_port=p)
    a(env={"SGLANG_GRPC_PORT": "70000"})
    a(env={"SGLANG_GRPC_PORT": "50051"}, tokenizer_worker_num=2)
    a(env={"SGLANG_GRPC_PORT": "abc"}, tokenizer_worker_num=2)
    a(smg_grpc_mode=True, port=60000)
    a(grpc_mode=True, port=60000)
    a(smg_grpc_mode=True, port=30000, tokenizer_worker_num=2)
    for th in ("0", "-2", "3", "x"):
        a(grpc_port=50051, env={"SGLANG_GRPC_WORKER_THREADS": th})
    a(env={"SGLANG_GRPC_WORKER_THREADS": "0"})
    a(sidecar_args=["--x"])
    a(sidecar=" ")
    a(sidecar="")
    a(sidecar="side", smg_grpc_mode=True)
    a(sidecar="side", grpc_mode=True)
    a(sidecar="side")
    a(sidecar="side", grpc_port=50051)
    a(sidecar="side", grpc_port=50051, sidecar_args=["--x"])
    a(sidecar="side", grpc_port=50051, env={"SGLANG_RUST_SERVER": "1"})
    a(sidecar="side", env={"SGLANG_GRPC_PORT": "50051"})
    for kw in (dict(use_ray=True), dict(encoder_only=True), dict(tokenizer_worker_num=2),
               dict(api_key="k"), dict(admin_api_key="k"), dict(api_key="")):
        a(grpc_port=50051, **kw)
        a(smg_grpc_mode=True, **kw)
    # tokenizer batching
    a(enable_tokenizer_batch_encode=True, enable_dynamic_batch_tokenizer=True)
    a(enable_tokenizer_batch_encode=True)
    # FP4 indexer (Llama: the DeepSeek-V4 hooks do not apply)
    for gpu in ("H100", "B200", "RTX 5090", "MI300X", "MI355X", "A100"):
        a(gpu=gpu, enable_deepseek_v4_fp4_indexer=True)
    # multimodal feature transport
    for gpu in ("H100", "MI300X"):
        for t in ("cpu", "cuda_ipc", "cuda_vmm"):
            a(gpu=gpu, mm_feature_transport=t)
        a(gpu=gpu, env={"SGLANG_USE_CUDA_IPC_TRANSPORT": "1"})
        a(gpu=gpu, env={"SGLANG_USE_CUDA_IPC_TRANSPORT": "0"})
    for t in ("cuda_ipc", "cuda_vmm"):
        a(mm_feature_transport=t, tp_size=4, pp_size=2)
        a(mm_feature_transport=t, tp_size=16, nnodes=2)
        a(mm_feature_transport=t, encoder_only=True, gpu="MI300X")
    a(mm_feature_transport="cuda_vmm", env={"SGLANG_RUST_SERVER": "1"})
    a(env={"SGLANG_USE_CUDA_IPC_TRANSPORT": "1"}, tp_size=16, nnodes=2)
    if not since(v, "0.5.21"):
        for t in (None, "cpu", "cuda_ipc", "cuda_vmm"):
            a(keep_mm_feature_on_device=True, mm_feature_transport=t)
        a(keep_mm_feature_on_device=True, gpu="MI300X")
    # PLE offload (memory_hook, 0.5.20+)
    if since(v, "0.5.20"):
        for kw in (dict(cpu_offload_gb=4), dict(offload_group_size=2), dict(offload_group_size=0),
                   {}):
            a(ple_offload_embedding=True, **kw)
        for e in (None, True, False):
            a(ple_offload_backend="file", ple_offload_embedding=e)
        a(ple_offload_embedding=False)
    # prefill CUDA-graph max context (0.5.21+; Llama: 131072 tokens)
    if since(v, "0.5.21"):
        for m in (0, -4, 1, 4096, 131072, 131073, 10000000):
            a(cuda_graph_prefill_max_context=m)
        a(cuda_graph_prefill_max_context=131000, page_size=64)
        a(cuda_graph_prefill_max_context=131000, page_size=256)
        a(cuda_graph_prefill_max_context=8192, context_length=4096)
        a(cuda_graph_prefill_max_context=4000, context_length=4096, page_size=64)
        a(cuda_graph_prefill_max_context=4100, context_length=4096, page_size=64)
    # optimistic prefill / prefill_complete
    a(disaggregation_mode="prefill", optimistic_prefill_attempts=2, tp_size=4, pp_size=2)
    a(disaggregation_mode="prefill", optimistic_prefill_attempts=2)
    if since(v, "0.5.22"):
        for o in (-1, 0, 2):
            a(disaggregation_mode="prefill", disaggregation_decode_allocation_policy="prefill_complete",
              optimistic_prefill_attempts=o)


def hic_cases(c):
    v = c.v
    a = lambda **kw: c.add("hic", **kw)  # noqa: E731
    H = dict(enable_hierarchical_cache=True)
    if since(v, "0.5.21"):
        for f in (0.0, -0.5, 0.5, 1.0, 1.5):
            a(hicache_host_memory_fraction=f)
        a(hicache_host_memory_fraction=1.5, **H)
    a(**H)
    # (--disable-radix-cache with HiCache is refused by kv_cache_hook's handle_cache_compatibility,
    # not ported here)
    a(enable_linker_mla_dedup=True)
    a(enable_linker_mla_dedup=True, enable_unified_cache_external_linker=True)
    a(enable_linker_mla_dedup=True, enable_unified_cache_external_linker=True,
      unified_cache_external_linker_backend="mooncake")
    a(enable_unified_cache_external_linker=True)
    a(enable_unified_cache_external_linker=True, disable_radix_cache=True)
    a(enable_unified_cache_external_linker=True, disaggregation_mode="decode")
    a(enable_unified_cache_external_linker=True, **H)
    a(enable_unified_cache_external_linker=True, hicache_storage_backend="file")
    # host memory mode
    for mode in (None, "decode", "prefill"):
        kw = dict(disaggregation_mode=mode) if mode else dict(H)
        a(hicache_host_memory_mode="buffer_only", **kw)
        for wp in (None, "write_through", "write_back"):
            a(hicache_host_memory_mode="buffer_only", hicache_storage_backend="file",
              hicache_write_policy=wp, **kw)
    a(hicache_host_memory_mode="buffer_only", hicache_storage_backend="file", **H)
    a(hicache_host_memory_mode="buffer_only")
    # layouts (record what SGLang rewrites)
    for lay in ("layer_first", "page_first", "page_first_direct"):
        for io in ("kernel", "direct"):
            a(hicache_mem_layout=lay, hicache_io_backend=io, **H)
            a(hicache_mem_layout=lay, hicache_io_backend=io, hicache_storage_backend="mooncake", **H)
    a(hicache_storage_backend="npu_memcache", **H)
    a(hicache_storage_backend="file", **H)
    # decode host receive layout
    if since(v, "0.5.21"):
        for sb in (None, "mooncake", "file"):
            a(disaggregation_mode="decode", disaggregation_decode_host_receive_threshold=0.5,
              hicache_storage_backend=sb)
            a(disaggregation_mode="decode", hicache_storage_backend=sb)
        a(disaggregation_mode="decode", disaggregation_decode_host_receive_threshold=0.5,
          hicache_mem_layout="page_first", hicache_io_backend="direct")
    a(disaggregation_mode="decode", disaggregation_decode_retraction_backup="cpu_tensor",
      hicache_host_memory_mode="buffer_only")
    # DCP (MLA: DeepSeek-V3 tp 8)
    d = dict(arch=DSV3, tp_size=8, dcp_size=2)
    a(**d, **H)
    a(**d)
    for sb in ("file", "mooncake"):
        a(hicache_storage_backend=sb, **d, **H)
        a(hicache_storage_backend=sb, hicache_host_memory_mode="buffer_only",
          hicache_write_policy="write_through", **d, **H)
    # (DSPARK needs a draft model, checked by the speculative hook)
    for spec in ("NGRAM", "dspark"):
        a(speculative_algorithm=spec, **d, **H)
    a(enable_lmcache=True, **d, **H)
    a(arch=LLAMA, tp_size=4, dcp_size=2, **H)
    a(arch=LLAMA, tp_size=4, dcp_size=2)


def build_cases(v):
    c = Cases(v)
    pd_cases(c)
    enc_cases(c)
    srv_cases(c)
    hic_cases(c)
    return c.items


def to_oracle(cid, cfg):
    o = g.to_oracle(cid, cfg)
    o["sglang"] = cfg["sglang"]
    return o


def to_case(cid, cfg, res):
    case = g.to_case(cid, cfg, res)
    if case["expect"]["verdict"] == "ok":
        resolved = res.get("resolved") or {}
        for k in SERVING_KEYS:
            if k in resolved:
                case["expect"]["resolved"][k] = resolved[k]
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
    here = Path(__file__).resolve().parent
    items = [(g.case_id(s, cfg), cfg) for s, cfg in build_cases(args.sglang)]
    assert len({i for i, _ in items}) == len(items), "case id collision"
    out = here / f"oracle-{args.sglang}-serving.jsonl"
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
            for res in by_id.values():
                f.write(json.dumps(res, sort_keys=True) + "\n")
    counts = Counter()
    with open(out, "w") as f:
        for (cid, cfg), res in zip(items, results):
            counts[res["outcome"]] += 1
            if res["outcome"] == "harness_error":
                continue
            f.write(json.dumps(to_case(cid, cfg, res), sort_keys=True) + "\n")
    print(f"{out}: {dict(counts)} ({len(todo)} run)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
