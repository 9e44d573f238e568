"""What SGLang's own loaders make of a model directory (oracle venv, SGLang wheel on PYTHONPATH).

``facts(model_dir, draft=False)`` builds ``sglang.srt.configs.model_config.ModelConfig`` the way a
launch does (``ModelConfig(model_dir)``; ``is_draft_model=True`` for the draft) and returns the
attributes Preflight's Rust ``ModelConfig`` derives, as JSON values, or ``{"error": ...}`` with the
exception SGLang raised. ``loaded(model_dir)`` returns the values of ``READ_KEYS`` on the loaded
``hf_config`` and ``hf_text_config`` (``getattr(cfg, key, None)``), to check the Rust
``HfConfig`` loader attribute by attribute.

Used by ``gen_model_tables.py`` (expected facts for the Rust tests) and the golden generators.
"""
import json
import logging
import os
import warnings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
warnings.filterwarnings("ignore")

# Every config attribute the modelled SGLang code reads (ModelConfig, the launch hooks and the
# model override providers). Trimmed reference configs keep exactly these keys (and the
# attribute_map spellings of them); the class-defaults table records their defaults.
READ_KEYS = sorted({
    # identity
    "architectures", "model_type", "auto_map",
    # shapes (ModelConfig._derive_model_shapes, get_total_num_kv_heads)
    "head_dim", "hidden_size", "num_attention_heads", "num_key_value_heads", "v_head_dim",
    "swa_head_dim", "swa_v_head_dim", "swa_num_key_value_heads", "attention_other_setting",
    "kv_lora_rank", "q_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "use_mla", "use_mla_nope",
    "swa_kv_lora_rank", "swa_qk_rope_head_dim", "swa_q_lora_rank", "swa_qk_nope_head_dim",
    "swa_num_attention_heads", "global_head_dim", "num_global_key_value_heads",
    "n_head_kv", "num_kv_heads", "multi_query_group_num", "num_attention_groups", "multi_query",
    "new_decoder_architecture", "attn_config", "kv_n_heads", "block_configs",
    "num_attention_heads_per_layer", "num_hidden_layers", "num_nextn_predict_layers",
    "first_k_dense_replace", "full_attention_interval", "vocab_size", "vision_vocab_size",
    "hc_mult", "mhc", "loop_num", "num_loops", "encoder_layers", "decoder_layers",
    "attention_projection_layout",
    # DSA / DeepSeek-V4
    "index_topk", "index_kpool", "index_kpool_compress", "index_head_dim", "index_n_heads",
    "index_topk_freq", "index_topk_pattern", "index_skip_topk_offset", "indexer_types",
    "cli_factor", "compress_ratios", "learnable_sink", "n_group", "topk_group",
    # sinks, sliding window, hybrid layers
    "add_swa_attention_sink_bias", "add_full_attention_sink_bias", "sliding_window",
    "sliding_window_size", "window_size", "sliding_window_pattern", "use_sliding_window",
    "max_window_layers", "layer_types", "layers_block_type", "hybrid_layer_pattern",
    "hybrid_override_pattern", "is_hybrid_swa", "attention_chunk_size", "local_layer_ids",
    "mtp_local_layer_ids", "mtp_local_extent", "no_rope_layers", "use_bidirectional_attention",
    "attention_k_eq_v",
    "mtp_hybrid_override_pattern", "mtp_num_experts", "mtp_num_experts_per_tok",
    "dspark_block_size", "dspark_markov_rank", "dspark_noise_token_id", "dspark_target_layer_ids",
    # linear attention / mamba
    "linear_attn_config", "linear_num_heads", "linear_head_dim", "linear_num_key_heads",
    "linear_num_value_heads", "mamba_chunk_size", "has_minicpm_sparse_attention",
    "mamba2_cache_params", "use_kda", "has_lightning_layers",
    "sparse_attention_config", "dual_chunk_attention_config",
    # context length
    "max_sequence_length", "seq_length", "max_seq_len", "model_max_length",
    "max_position_embeddings", "rope_scaling", "rope_parameters", "rope_theta",
    # kinds
    "vision_config", "audio_config", "sound_config", "text_config", "llm_config",
    "language_config", "thinker_config", "language_model_only", "vision_n_layers",
    "is_causal", "use_ngram_embedding", "ngram_embedding_n", "engram_layer_ids",
    "matryoshka_dimensions", "is_matryoshka", "image_token_id", "image_token_index",
    # quantization
    "quantization_config", "compression_config", "torch_dtype", "dtype",
    # MoE (providers)
    "num_experts", "num_local_experts", "n_routed_experts", "num_experts_per_tok",
    "moe_intermediate_size", "n_shared_experts",
    # Muse Spark's MoE block (PAR078, PAR079: models/muse_spark.py:465-490@0.5.23)
    "mlp_layer_types", "num_shared_experts",
    # the first decoder layer's linear layers (PAR074-PAR076: the dense MLP's width, Qwen2's
    # head size)
    "intermediate_size", "original_num_attention_heads",
})

# Sub-configs SGLang looks into (get_hf_text_config and the multimodal predicates).
SUB_CONFIG_KEYS = ("text_config", "llm_config", "language_config", "thinker_config",
                   "vision_config", "audio_config", "sound_config", "attn_config")

# Keys of quantization_config / compression_config that SGLang's detection reads
# (_parse_quant_hf_config, _parse_modelopt_quant_config, override_quantization_method).
QUANT_KEYS = ("quant_method", "quant_algo", "quantization", "routed_experts_quant_method",
              "store_dtype", "moe_quant_algo", "group_size", "kv_cache_quant_algo",
              "kv_cache_scheme", "bits", "version", "zero_point", "sym", "desc_act",
              "format", "config_groups", "fmt", "activation_scheme", "weight_block_size",
              "quantized_layers", "packing_format", "is_checkpoint_fp8_serialized",
              "checkpoint_format", "linear_quant_method", "moe_quant_method", "modules_to_not_convert_count")


def _jsonable(v):
    """A JSON value for v (PretrainedConfig → its dict of READ_KEYS; other objects → repr)."""
    from transformers import PretrainedConfig

    if isinstance(v, PretrainedConfig):
        return {"__config__": getattr(v, "model_type", "")}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, float) and v != v:
        return "nan"
    try:
        json.dumps(v)
        return v
    except TypeError:
        return repr(v)


def _get(obj, key):
    try:
        return _jsonable(getattr(obj, key, None))
    except Exception as e:  # noqa: BLE001 - transformers raises on ambiguous per-layer reads
        return {"__error__": type(e).__name__}


def _err(e):
    import traceback

    tb = traceback.extract_tb(e.__traceback__)
    where = next((f"{fr.filename.split('site-packages/')[-1].split('sglang/')[-1]}:{fr.lineno}"
                  for fr in reversed(tb) if "sglang" in fr.filename or "transformers" in fr.filename), "")
    return {"error": f"{type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}", "where": where}


def loaded(model_dir):
    """READ_KEYS on the loaded hf_config and hf_text_config."""
    from sglang.srt.utils.hf_transformers_utils import get_config, get_hf_text_config

    try:
        cfg = get_config(model_dir, trust_remote_code=False)
        text = get_hf_text_config(cfg)
    except BaseException as e:  # noqa: BLE001
        if isinstance(e, KeyboardInterrupt):
            raise
        return _err(e)
    skip = {"quantization_config"}
    return {
        "config": {k: _get(cfg, k) for k in READ_KEYS if k not in skip},
        "text": {k: _get(text, k) for k in READ_KEYS if k not in skip},
        "text_is_config": text is cfg,
    }


def facts(model_dir, draft=False, override_args="{}", context_length=None, quantization=None):
    """The ModelConfig attributes Preflight derives (or the exception)."""
    logging.disable(logging.WARNING)
    from sglang.srt.configs.model_config import (
        AttentionArch,
        ModelConfig,
        get_dsa_index_kpool,
        is_deepseek_dsa,
        is_deepseek_v4,
    )
    from sglang.srt.configs.linear_attn_model_registry import get_linear_attn_spec

    # mxfp4 is registered on CUDA (layers/quantization/__init__.py): the facts are those of a
    # CUDA machine; _verify_quantization's platform checks are the pipeline's business
    from sglang.srt.layers.quantization import QUANTIZATION_METHODS
    from sglang.srt.layers.quantization.mxfp4 import Mxfp4Config

    QUANTIZATION_METHODS.setdefault("mxfp4", Mxfp4Config)
    try:
        mc = ModelConfig(model_dir, is_draft_model=draft, model_override_args=override_args,
                         context_length=context_length, quantization=quantization)
    except BaseException as e:  # noqa: BLE001
        if isinstance(e, KeyboardInterrupt):
            raise
        return _err(e)
    hf, tc = mc.hf_config, mc.hf_text_config

    def safe(fn):
        try:
            return _jsonable(fn())
        except Exception as e:  # noqa: BLE001
            return {"__error__": f"{type(e).__name__}: {str(e)[:120]}"}

    try:
        spec = get_linear_attn_spec(hf)
    except Exception:  # noqa: BLE001
        spec = None
    out = {
        "architectures": list(hf.architectures or []),
        "model_type": getattr(hf, "model_type", None),
        "text_model_type": getattr(tc, "model_type", None),
        "attention_arch": mc.attention_arch.name if isinstance(mc.attention_arch, AttentionArch) else None,
        "head_dim": safe(lambda: mc.head_dim),
        "v_head_dim": safe(lambda: mc.v_head_dim),
        "swa_head_dim": safe(lambda: mc.swa_head_dim),
        "swa_v_head_dim": safe(lambda: mc.swa_v_head_dim),
        "qk_rope_head_dim": safe(lambda: getattr(mc, "qk_rope_head_dim", None)),
        "qk_nope_head_dim": safe(lambda: getattr(mc, "qk_nope_head_dim", None)),
        "kv_lora_rank": safe(lambda: getattr(mc, "kv_lora_rank", None)),
        "index_head_dim": safe(lambda: getattr(mc, "index_head_dim", None)),
        "num_attention_heads": safe(lambda: mc.num_attention_heads),
        "num_key_value_heads": safe(lambda: mc.num_key_value_heads),
        "total_num_kv_heads": safe(mc.get_total_num_kv_heads),
        "num_kv_heads_tp": {str(tp): safe(lambda tp=tp: mc.get_num_kv_heads(tp)) for tp in (1, 2, 4, 8, 16)},
        "swa_num_kv_heads_tp8": safe(lambda: mc.get_swa_num_kv_heads(8)),
        "num_attention_heads_tp": {str(tp): safe(lambda tp=tp: mc.get_num_attention_heads(tp)) for tp in (1, 2, 4, 8)},
        "max_num_attention_heads": safe(mc.get_max_num_attention_heads),
        "hidden_size": safe(lambda: mc.hidden_size),
        "num_hidden_layers": safe(lambda: mc.num_hidden_layers),
        "num_attention_layers": safe(lambda: mc.num_attention_layers),
        "num_nextn_predict_layers": safe(lambda: mc.num_nextn_predict_layers),
        "context_len": safe(lambda: mc.context_len),
        "sliding_window_size": safe(lambda: mc.sliding_window_size),
        "attention_chunk_size": safe(lambda: mc.attention_chunk_size),
        "is_hybrid_swa": safe(lambda: mc.is_hybrid_swa),
        "swa_attention_layer_ids": safe(lambda: mc.swa_attention_layer_ids),
        "full_attention_layer_ids": safe(lambda: mc.full_attention_layer_ids),
        "is_hybrid_swa_compress": safe(lambda: mc.is_hybrid_swa_compress),
        "has_attention_sinks": safe(lambda: mc.has_attention_sinks),
        "has_asymmetric_kv": safe(lambda: mc.has_asymmetric_kv),
        "is_generation": safe(lambda: mc.is_generation),
        "is_multimodal": safe(lambda: mc.is_multimodal),
        "is_image_understandable_model": safe(lambda: mc.is_image_understandable_model),
        "is_audio_understandable_model": safe(lambda: mc.is_audio_understandable_model),
        "is_audio_model": safe(lambda: mc.is_audio_model),
        "is_encoder_decoder": safe(lambda: mc.is_encoder_decoder),
        "is_local_attention_model": safe(lambda: mc.is_local_attention_model),
        "is_multimodal_chunked_prefill_supported": safe(lambda: mc.is_multimodal_chunked_prefill_supported),
        "is_piecewise_cuda_graph_disabled_model": safe(lambda: mc.is_piecewise_cuda_graph_disabled_model),
        "model_is_mrope": safe(lambda: mc.model_is_mrope),
        "is_deepseek_dsa": safe(lambda: is_deepseek_dsa(hf)),
        "is_deepseek_v4": safe(lambda: is_deepseek_v4(hf)),
        "index_topk": safe(lambda: getattr(hf, "index_topk", None)),
        "index_kpool": safe(lambda: get_dsa_index_kpool(hf)),
        "learnable_sink": safe(lambda: bool(getattr(tc, "learnable_sink", False))),
        "linear_attn_spec": None if spec is None else {
            "arch_names": list(getattr(spec, "arch_names", []) or []),
            "uses_mamba_radix_cache": getattr(spec, "uses_mamba_radix_cache", None),
            "support_mamba_cache_extra_buffer": getattr(spec, "support_mamba_cache_extra_buffer", None),
        },
        "quantization": safe(lambda: mc.quantization),
        "hf_quant_method": safe(lambda: (mc._parse_quant_hf_config() or {}).get("quant_method")),
        "is_fp4_experts": safe(lambda: mc.is_fp4_experts),
        "dtype": safe(lambda: str(mc.dtype)),
    }
    return out


def loaded_form(model_dir):
    """The config as SGLang's ``get_config`` loads it (before ``--json-model-override-args``),
    reduced to READ_KEYS: every read attribute the loaded object has (``hasattr``), sub-configs
    as nested dicts, each object's class as ``"$class"`` (its ``model_type``). ``None`` when
    SGLang cannot load the config offline."""
    from transformers import PretrainedConfig
    from sglang.srt.utils.hf_transformers_utils import get_config

    try:
        cfg = get_config(model_dir, trust_remote_code=False)
    except BaseException as e:  # noqa: BLE001
        if isinstance(e, KeyboardInterrupt):
            raise
        return None

    def form(obj, depth=0):
        out = {"$class": f"{type(obj).__module__}.{type(obj).__qualname__}"}
        for k in READ_KEYS:
            try:
                if not hasattr(obj, k):
                    continue
                v = getattr(obj, k)
            except Exception:  # noqa: BLE001 - ambiguous per-layer attributes raise
                continue
            if isinstance(v, PretrainedConfig):
                if depth < 4:
                    out[k] = form(v, depth + 1)
                continue
            if not isinstance(v, dict) and hasattr(v, "to_dict"):
                v = v.to_dict()  # a quantization config object (_quant_config_to_dict)
            if isinstance(v, dict):
                v = {str(kk): vv for kk, vv in v.items()}
            try:
                json.dumps(v)
            except TypeError:
                continue
            out[k] = v
        return out

    out = form(cfg)
    out["$loaded"] = True
    return out
