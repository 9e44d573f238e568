//! GPU catalogue: product name → vendor, compute capability (AMD: gfx arch and the
//! capability torch reports for it), memory, and the device name torch reports.
//!
//! Scope: every NVIDIA data-center, workstation, GeForce (desktop) and embedded GPU of compute
//! capability 8.0 or newer, and the AMD Instinct and Radeon parts SGLang's ROCm build runs on.
//! Laptop GPUs, MIG slices and vGPU profiles are not listed (use a custom capability).
//!
//! # Sources
//!
//! - **Compute capability.** NVIDIA: the CUDA GPU compute-capability table
//!   (developer.nvidia.com/cuda-gpus, [`CUDA_TABLE`]). The China-market parts A800, H800, H20,
//!   H20-3e and L20 are not in that table; they are cut-down A100/H100/AD102 dies and report the
//!   die's capability (the `source` of each entry says so). Jetson Thor reports 11.0 with CUDA 13
//!   (it was 10.1 under CUDA 12.8/12.9; CUDA 13 renamed sm_101 to sm_110); Preflight's default
//!   build is CUDA 13 ([`DEFAULT_CUDA`]). AMD: the gfx arch from AMD's ROCm GPU specs
//!   (rocm.docs.amd.com, "GPU hardware specifications", [`ROCM_SPECS`]) and the capability HIP
//!   reports for it (`hipDeviceProp_t.major/minor`, which torch returns from
//!   `get_device_capability`): gfx90a → (9, 0), gfx942 → (9, 4), gfx950 → (9, 5),
//!   gfx1100 → (11, 0), gfx1201 → (12, 0), gfx1250 → (12, 5)
//!   (`python/sglang/srt/layers/attention/dsa_backend.py:765@0.5.23`: "ROCm gfx1250 also reports
//!   compute capability (12, 5)").
//! - **Memory.** `memory_gb` is the marketed capacity per torch device (for MI250/MI250X one GCD:
//!   each package is two devices). `memory_mib` is what SGLang reads as "GPU memory" for its
//!   memory-dependent defaults (`get_device_memory_capacity`,
//!   `python/sglang/srt/utils/common.py:990-1017@0.5.23`; thresholds at 20/35/60/90/160 GiB in
//!   `python/sglang/srt/arg_groups/memory_hook.py:90-146@0.5.23`):
//!   - NVIDIA: `nvidia-smi --query-gpu=memory.total` in MiB (`common.py:802-832`), the figure
//!     `torch.cuda.get_device_properties().total_memory` also gives (81559 MiB for an H100 SXM).
//!     On integrated parts (DGX Spark, Jetson) nvidia-smi reports `[N/A]` and SGLang falls back to
//!     `torch.cuda.mem_get_info()[1]` (`common.py:769-800`).
//!   - AMD: `rocminfo` "Pool 1" size in KB / 1024 (`common.py:682-712`).
//!
//!   [`MemoryMib::Reading`] cites a public reading (a GitHub issue, or the exact nvidia-smi row
//!   found in public GitHub text); [`MemoryMib::Derived`] says how the figure was estimated when no
//!   public reading was found (from a sibling product with the same memory configuration, or for
//!   AMD the MI300X pattern "GiB × 1024 − 16 MiB": 201310208 KB = 196592 MiB for 192 GB). GDDR
//!   data-center cards with ECC on report less (an L20 or A40: 46068 MiB with ECC on,
//!   49140 MiB with ECC off); the data-center figures are ECC-on, workstation and GeForce
//!   figures ECC-off (their default).
//! - **Device names** (`torch.cuda.get_device_name()`, the same string as NVML's / rocminfo's
//!   marketing name): the names in SGLang's tuned-kernel config file names
//!   (`device_name=NVIDIA_H100_80GB_HBM3` under `python/sglang/srt/layers/moe/moe_runner/
//!   triton_utils/configs/` and `python/sglang/kernels/ops/gemm/configs/`@0.5.23: H100 80GB
//!   HBM3, H200, H200 NVL, H20, H20-3e, H800, A100-SXM4-80GB, A100-SXM4-40GB, A800-SXM4-80GB,
//!   B200, B300 SXM6 AC, GB200, GB300, GB10, L20, L40, L40S, GeForce RTX 4090, RTX 6000 Ada
//!   Generation, RTX 5880 Ada Generation, RTX PRO 6000 Blackwell Max-Q Workstation Edition,
//!   RTX PRO 6000 Blackwell Server Edition, AMD Instinct MI300X, MI325X, MI455X and
//!   "AMD Radeon Graphics", which some ROCm images report for Instinct parts), else the
//!   nvidia-smi / rocminfo output cited for the memory reading, else NVIDIA's naming pattern
//!   (the entry's `source` then says "device name derived").
//!
//! # Checks SGLang makes on device names (0.5.23)
//!
//! Device names matter beyond display: SGLang picks tuned kernel configs by file name
//! (`get_device_name().replace(" ", "_")`, `python/sglang/srt/layers/moe/moe_runner/
//! triton_utils/fused_moe_triton_config.py:44`, `python/sglang/kernels/ops/gemm/
//! fp8_kernel.py:572,637`, `int8_kernel.py:116`, `kernels/ops/lora/dense/
//! lora_tuning_config.py:58`, `srt/lora/moe/base_gemm_provider/gemm_config_store.py:67`,
//! `kernels/ops/communication/sp_collective.py:48`), and tests substrings:
//! - `"GB200"` / `"GB300"` in the upper-cased name → MNNVL fabric device
//!   (`python/sglang/srt/utils/common.py:1048-1049`, `is_mnnvl_fabric_device`);
//! - `"H20"` in the name → the H20 table of the QSA sparse-attention kernel, else the L20 table
//!   (`python/sglang/srt/layers/attention/qsa/sparse_attn.py:29`; note `"NVIDIA H200"` and
//!   `"NVIDIA H20-3e"` contain `"H20"` too);
//! - `"NVIDIA H"` in the name, or major ≥ 9 → `is_nvidia_hopper` in the FLA kernels
//!   (`python/sglang/kernels/ops/attention/fla/utils.py:273`);
//! - `"ZW"` in the name → the SAIL platform (`python/sglang/srt/utils/common.py:245`,
//!   `srt/platforms/__init__.py:46`, `kernels/jit/utils/common.py:79`);
//! - `"H200"` in the upper-cased name → resident LTX-2 two-stage mode in the diffusion server
//!   (`python/sglang/multimodal_gen/runtime/server_args/server_args.py:1162-1167`) and the
//!   MiniMax-H3 admission check (`multimodal_gen/configs/pipeline_configs/minimax_h3.py:216`).
//!
//! AMD checks read `gcnArchName` instead (`is_gfx95_supported`, `is_gfx942_supported`,
//! `is_gfx1250_supported`, `common.py:1238-1272`).
//!
//! # Editing rules
//!
//! Keep the table sorted by vendor, then family, then compute capability, then name
//! (case-insensitive; a test checks it and that every family is one block); ids are lower-case
//! slugs and never change (they appear in URLs and golden files). Names and aliases must stay
//! unambiguous after normalisation ([`find_gpu`]); every entry cites its `source`.

use serde::Serialize;

/// The CUDA GPU compute-capability table, the source of every NVIDIA capability.
pub const CUDA_TABLE: &str = "developer.nvidia.com/cuda-gpus";
/// AMD's ROCm GPU hardware specifications, the source of every AMD gfx arch.
pub const ROCM_SPECS: &str = "rocm.docs.amd.com/en/latest/reference/gpu-arch-specs.html";

/// GPU vendor, as SGLang's platform probes see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Vendor {
    /// CUDA device (`torch.version.cuda` set).
    Nvidia,
    /// ROCm/HIP device (`torch.version.hip` set).
    Amd,
}

/// How [`Gpu::memory_mib`] is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "evidence", rename_all = "lowercase")]
pub enum MemoryMib {
    /// A public reading of nvidia-smi / rocminfo / torch; the text says where.
    Reading(&'static str),
    /// No public reading found; the text says how the figure was estimated.
    Derived(&'static str),
}

/// One GPU product.
#[derive(Clone, Debug, Serialize)]
pub struct Gpu {
    /// Stable slug, e.g. `rtx-5090`.
    pub id: &'static str,
    /// Product name as users write it, e.g. `RTX 5090`.
    pub name: &'static str,
    /// Other spellings accepted in URLs and on the command line.
    pub aliases: &'static [&'static str],
    /// Vendor.
    pub vendor: Vendor,
    /// `torch.cuda.get_device_capability()` — the CUDA compute capability, or for AMD the
    /// HIP value torch reports (gfx942 → (9, 4), gfx950 → (9, 5)).
    pub capability: (u8, u8),
    /// AMD gfx architecture (`gcnArchName`), `None` for NVIDIA.
    pub gfx: Option<&'static str>,
    /// Marketed memory per torch device, in GB.
    pub memory_gb: u32,
    /// Family label shown in the picker (`Hopper`, `Blackwell (SM100)`, …).
    pub family: &'static str,
    /// True when the memory figures are not confirmed by a public reading
    /// (`memory_mib` is [`MemoryMib::Derived`]).
    pub spec_sheet: bool,
    /// `torch.cuda.get_device_name()`, e.g. `NVIDIA H100 80GB HBM3`.
    pub device_name: &'static str,
    /// Total memory in MiB as SGLang reads it (see the module docs).
    pub memory_mib: u32,
    /// Where `memory_mib` comes from.
    pub memory_evidence: MemoryMib,
    /// Source of the capability, the product and its device name.
    pub source: &'static str,
}

/// Shorthand for a memory reading.
const fn r(evidence: &'static str) -> MemoryMib {
    MemoryMib::Reading(evidence)
}

/// Shorthand for a derived memory figure.
const fn d(how: &'static str) -> MemoryMib {
    MemoryMib::Derived(how)
}

/// One NVIDIA entry: (id, name, aliases, capability, GB, family, device name, MiB, memory
/// evidence, source).
#[allow(clippy::too_many_arguments)]
const fn nv(
    id: &'static str,
    name: &'static str,
    aliases: &'static [&'static str],
    cc: (u8, u8),
    memory_gb: u32,
    family: &'static str,
    device_name: &'static str,
    memory_mib: u32,
    memory_evidence: MemoryMib,
    source: &'static str,
) -> Gpu {
    Gpu {
        id,
        name,
        aliases,
        vendor: Vendor::Nvidia,
        capability: cc,
        gfx: None,
        memory_gb,
        family,
        spec_sheet: matches!(memory_evidence, MemoryMib::Derived(_)),
        device_name,
        memory_mib,
        memory_evidence,
        source,
    }
}

/// One AMD entry: (id, name, aliases, gfx, capability, GB, family, device name, MiB, memory
/// evidence, source).
#[allow(clippy::too_many_arguments)]
const fn amd(
    id: &'static str,
    name: &'static str,
    aliases: &'static [&'static str],
    gfx: &'static str,
    cc: (u8, u8),
    memory_gb: u32,
    family: &'static str,
    device_name: &'static str,
    memory_mib: u32,
    memory_evidence: MemoryMib,
    source: &'static str,
) -> Gpu {
    Gpu {
        id,
        name,
        aliases,
        vendor: Vendor::Amd,
        capability: cc,
        gfx: Some(gfx),
        memory_gb,
        family,
        spec_sheet: matches!(memory_evidence, MemoryMib::Derived(_)),
        device_name,
        memory_mib,
        memory_evidence,
        source,
    }
}

// Evidence shared by several entries.
/// modal-labs/modal-client PR 2797 lists the nvidia-smi totals of Modal's fleet.
const MODAL: &str = "nvidia-smi totals listed in github.com/modal-labs/modal-client/pull/2797";
/// Estimated from a sibling with the same memory configuration.
const SIBLING: &str = "derived from the reading of a sibling with the same memory configuration";
/// Unified memory: the OS-visible RAM, estimated.
const UNIFIED: &str = "derived: unified memory, SGLang reads torch.cuda.mem_get_info() total (the RAM the OS leaves to CUDA); estimated";
/// AMD pattern.
const AMD_PATTERN: &str = "derived: GiB × 1024 − 16 MiB, the pattern of the MI300X reading";
/// China-market Ampere parts.
const GA100_CN: &str = "not in NVIDIA's table: China-market GA100 part, capability of the A100 die";
/// China-market Hopper parts.
const GH100_CN: &str = "not in NVIDIA's table: China-market GH100 part, capability of the H100 die";

/// The catalogue. See the module docs for sources and editing rules.
#[rustfmt::skip]
pub static GPUS: &[Gpu] = &[
    // Ampere, SM80
    nv("a100", "A100", &["A100 80GB", "A100 SXM", "A100 SXM4", "A100 SXM4 80GB", "A100-SXM4-80GB", "A100 80GB SXM"], (8, 0), 80, "Ampere",
       "NVIDIA A100-SXM4-80GB", 81920, r(MODAL), CUDA_TABLE),
    nv("a100-pcie-40gb", "A100 40GB PCIe", &["A100-PCIE-40GB", "A100 PCIe 40GB", "A100 PCIe"], (8, 0), 40, "Ampere",
       "NVIDIA A100-PCIE-40GB", 40960, r("nvidia-smi `NVIDIA A100-PCIE-40GB … 40960MiB`: 10 public outputs (exact-string search)"), CUDA_TABLE),
    nv("a100-sxm4-40gb", "A100 40GB SXM", &["A100 40GB", "A100-SXM4-40GB", "A100 SXM4 40GB"], (8, 0), 40, "Ampere",
       "NVIDIA A100-SXM4-40GB", 40960, r(MODAL), CUDA_TABLE),
    nv("a100-pcie-80gb", "A100 80GB PCIe", &["A100 PCIe 80GB"], (8, 0), 80, "Ampere",
       "NVIDIA A100 80GB PCIe", 81920, r("nvidia-smi `NVIDIA A100 80GB PCIe … 81920MiB`: 10 public outputs (exact-string search)"), CUDA_TABLE),
    nv("a30", "A30", &[], (8, 0), 24, "Ampere",
       "NVIDIA A30", 24576, r("nvidia-smi `NVIDIA A30 … 24576MiB`: 10 public outputs (exact-string search)"), CUDA_TABLE),
    nv("a800", "A800", &["A800 SXM", "A800 SXM4", "A800 80GB", "A800-SXM4-80GB", "A800 SXM4 80GB"], (8, 0), 80, "Ampere",
       "NVIDIA A800-SXM4-80GB", 81920, r("nvidia-smi `NVIDIA A800-SXM4-80GB … 81920MiB`: 9 public outputs (exact-string search)"), GA100_CN),
    nv("a800-40gb-active", "A800 40GB Active", &["A800 Active"], (8, 0), 40, "Ampere",
       "NVIDIA A800 40GB Active", 40960, d(SIBLING), "CUDA GPU table (workstation); device name derived"),
    nv("a800-pcie-80gb", "A800 80GB PCIe", &["A800 PCIe", "A800 PCIe 80GB"], (8, 0), 80, "Ampere",
       "NVIDIA A800 80GB PCIe", 81920, d(SIBLING), "not in NVIDIA's table: China-market GA100 part; device name derived"),
    // Ampere, SM86
    nv("a10", "A10", &["A10 24GB"], (8, 6), 24, "Ampere",
       "NVIDIA A10", 23028, r(MODAL), CUDA_TABLE),
    nv("a10g", "A10G", &["AWS A10G", "A10G 24GB"], (8, 6), 24, "Ampere",
       "NVIDIA A10G", 23028, r("nvidia-smi `NVIDIA A10G … 23028MiB`: 10 public outputs (exact-string search)"),
       "AWS-only GA102 part (EC2 G5); not in NVIDIA's table, capability of the A10 die"),
    nv("a16", "A16", &["A16 16GB"], (8, 6), 16, "Ampere",
       "NVIDIA A16", 15356, r("nvidia-smi `NVIDIA A16 … 15356MiB`: 6 public outputs (exact-string search); 4 such GPUs per board"), CUDA_TABLE),
    nv("a2", "A2", &["A2 16GB"], (8, 6), 16, "Ampere",
       "NVIDIA A2", 15356, r("nvidia-smi `NVIDIA A2 … 15356MiB`: 10 public outputs (exact-string search)"), CUDA_TABLE),
    nv("a40", "A40", &[], (8, 6), 48, "Ampere",
       "NVIDIA A40", 46068, r("nvidia-smi `NVIDIA A40 … 46068MiB` (ECC on): 10 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-3050", "RTX 3050", &["GeForce RTX 3050", "3050"], (8, 6), 8, "Ampere",
       "NVIDIA GeForce RTX 3050", 8192, d(SIBLING), CUDA_TABLE),
    nv("rtx-3060", "RTX 3060", &["GeForce RTX 3060", "3060", "RTX 3060 12GB"], (8, 6), 12, "Ampere",
       "NVIDIA GeForce RTX 3060", 12288, r("nvidia-smi `NVIDIA GeForce RTX 3060 … 12288MiB`: 10 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-3060-8gb", "RTX 3060 8GB", &["GeForce RTX 3060 8GB"], (8, 6), 8, "Ampere",
       "NVIDIA GeForce RTX 3060", 8192, d(SIBLING), CUDA_TABLE),
    nv("rtx-3060-ti", "RTX 3060 Ti", &["GeForce RTX 3060 Ti", "3060 Ti"], (8, 6), 8, "Ampere",
       "NVIDIA GeForce RTX 3060 Ti", 8192, d(SIBLING), CUDA_TABLE),
    nv("rtx-3070", "RTX 3070", &["GeForce RTX 3070", "3070"], (8, 6), 8, "Ampere",
       "NVIDIA GeForce RTX 3070", 8192, d(SIBLING), CUDA_TABLE),
    nv("rtx-3070-ti", "RTX 3070 Ti", &["GeForce RTX 3070 Ti", "3070 Ti"], (8, 6), 8, "Ampere",
       "NVIDIA GeForce RTX 3070 Ti", 8192, d(SIBLING), CUDA_TABLE),
    nv("rtx-3080", "RTX 3080", &["GeForce RTX 3080", "3080", "RTX 3080 10GB"], (8, 6), 10, "Ampere",
       "NVIDIA GeForce RTX 3080", 10240, r("nvidia-smi `NVIDIA GeForce RTX 3080 … 10240MiB`: 10 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-3080-12gb", "RTX 3080 12GB", &["GeForce RTX 3080 12GB"], (8, 6), 12, "Ampere",
       "NVIDIA GeForce RTX 3080", 12288, d(SIBLING), CUDA_TABLE),
    nv("rtx-3080-ti", "RTX 3080 Ti", &["GeForce RTX 3080 Ti", "3080 Ti"], (8, 6), 12, "Ampere",
       "NVIDIA GeForce RTX 3080 Ti", 12288, d(SIBLING), CUDA_TABLE),
    nv("rtx-3090", "RTX 3090", &["GeForce RTX 3090", "3090"], (8, 6), 24, "Ampere",
       "NVIDIA GeForce RTX 3090", 24576, r("nvidia-smi `NVIDIA GeForce RTX 3090 … 24576MiB`: github.com/noonghunna/club-3090/issues/1128"), CUDA_TABLE),
    nv("rtx-3090-ti", "RTX 3090 Ti", &["GeForce RTX 3090 Ti", "3090 Ti"], (8, 6), 24, "Ampere",
       "NVIDIA GeForce RTX 3090 Ti", 24564, d(SIBLING), CUDA_TABLE),
    nv("rtx-a2000", "RTX A2000", &["A2000", "RTX A2000 6GB"], (8, 6), 6, "Ampere",
       "NVIDIA RTX A2000", 6138, d(SIBLING), CUDA_TABLE),
    nv("rtx-a2000-12gb", "RTX A2000 12GB", &["A2000 12GB"], (8, 6), 12, "Ampere",
       "NVIDIA RTX A2000 12GB", 12282, d(SIBLING), "CUDA GPU table; device name derived"),
    nv("rtx-a4000", "RTX A4000", &["A4000"], (8, 6), 16, "Ampere",
       "NVIDIA RTX A4000", 16376, r("nvidia-smi `NVIDIA RTX A4000 … 16376MiB` (ECC off): 9 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-a4500", "RTX A4500", &["A4500"], (8, 6), 20, "Ampere",
       "NVIDIA RTX A4500", 20470, d(SIBLING), CUDA_TABLE),
    nv("rtx-a5000", "RTX A5000", &["A5000"], (8, 6), 24, "Ampere",
       "NVIDIA RTX A5000", 24564, r("nvidia-smi `NVIDIA RTX A5000 … 24564MiB` (ECC off): 9 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-a5500", "RTX A5500", &["A5500"], (8, 6), 24, "Ampere",
       "NVIDIA RTX A5500", 24564, d(SIBLING), CUDA_TABLE),
    nv("rtx-a6000", "RTX A6000", &["A6000"], (8, 6), 48, "Ampere",
       "NVIDIA RTX A6000", 49140, r("nvidia-smi `NVIDIA RTX A6000 … 49140MiB` (ECC off; 46068MiB with ECC on): 10 public outputs (exact-string search)"), CUDA_TABLE),
    // Ampere, SM87 (Jetson Orin: unified memory, nvidia-smi -L shows "Orin (nvgpu)")
    nv("jetson-agx-orin", "Jetson AGX Orin", &["AGX Orin", "Orin", "Jetson AGX Orin 64GB"], (8, 7), 64, "Ampere",
       "Orin", 62841, d(UNIFIED), "CUDA GPU table (Jetson); device name from `nvidia-smi -L` \"GPU 0: Orin (nvgpu)\" in public Jetson setups"),
    nv("jetson-agx-orin-32gb", "Jetson AGX Orin 32GB", &["AGX Orin 32GB"], (8, 7), 32, "Ampere",
       "Orin", 30536, d(UNIFIED), "CUDA GPU table (Jetson); device name as Jetson AGX Orin"),
    nv("jetson-orin-nano", "Jetson Orin Nano", &["Orin Nano", "Jetson Orin Nano Super", "Jetson Orin Nano 8GB"], (8, 7), 8, "Ampere",
       "Orin", 7620, d(UNIFIED), "CUDA GPU table (Jetson); device name as Jetson AGX Orin"),
    nv("jetson-orin-nx", "Jetson Orin NX", &["Orin NX", "Jetson Orin NX 16GB"], (8, 7), 16, "Ampere",
       "Orin", 15656, d(UNIFIED), "CUDA GPU table (Jetson); device name as Jetson AGX Orin"),
    // Ada Lovelace, SM89
    nv("l20", "L20", &["L20 48GB"], (8, 9), 48, "Ada Lovelace",
       "NVIDIA L20", 46068, r("nvidia-smi `NVIDIA L20 … 46068MiB` (ECC on; 49140MiB with ECC off): 10 public outputs (exact-string search)"),
       "not in NVIDIA's table: China-market AD102 part, capability of the L40 die"),
    nv("l4", "L4", &["L4 24GB"], (8, 9), 24, "Ada Lovelace",
       "NVIDIA L4", 23034, r(MODAL), CUDA_TABLE),
    nv("l40", "L40", &[], (8, 9), 48, "Ada Lovelace",
       "NVIDIA L40", 46068, r("nvidia-smi `NVIDIA L40 … 46068MiB` (ECC on): 8 public outputs (exact-string search)"), CUDA_TABLE),
    nv("l40s", "L40S", &["L40S 48GB"], (8, 9), 48, "Ada Lovelace",
       "NVIDIA L40S", 46068, r(MODAL), CUDA_TABLE),
    nv("rtx-2000-ada", "RTX 2000 Ada", &["RTX 2000 Ada Generation"], (8, 9), 16, "Ada Lovelace",
       "NVIDIA RTX 2000 Ada Generation", 16376, d(SIBLING), CUDA_TABLE),
    nv("rtx-4000-ada", "RTX 4000 Ada", &["RTX 4000 Ada Generation"], (8, 9), 20, "Ada Lovelace",
       "NVIDIA RTX 4000 Ada Generation", 20475, r("nvidia-smi `NVIDIA RTX 4000 Ada Gene... … 20475MiB` (below SGLang's 20 GiB threshold): public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-4000-sff-ada", "RTX 4000 SFF Ada", &["RTX 4000 SFF Ada Generation"], (8, 9), 20, "Ada Lovelace",
       "NVIDIA RTX 4000 SFF Ada Generation", 20475, d(SIBLING), CUDA_TABLE),
    nv("rtx-4060", "RTX 4060", &["GeForce RTX 4060", "4060"], (8, 9), 8, "Ada Lovelace",
       "NVIDIA GeForce RTX 4060", 8188, d(SIBLING), CUDA_TABLE),
    nv("rtx-4060-ti", "RTX 4060 Ti", &["GeForce RTX 4060 Ti", "4060 Ti", "RTX 4060 Ti 8GB"], (8, 9), 8, "Ada Lovelace",
       "NVIDIA GeForce RTX 4060 Ti", 8188, r("nvidia-smi `NVIDIA GeForce RTX 4060 Ti … 8188MiB`: public output (exact-string search)"), CUDA_TABLE),
    nv("rtx-4060-ti-16gb", "RTX 4060 Ti 16GB", &["GeForce RTX 4060 Ti 16GB"], (8, 9), 16, "Ada Lovelace",
       "NVIDIA GeForce RTX 4060 Ti", 16380, r("nvidia-smi `NVIDIA GeForce RTX 4060 Ti … 16380MiB`: 9 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-4070", "RTX 4070", &["GeForce RTX 4070", "4070"], (8, 9), 12, "Ada Lovelace",
       "NVIDIA GeForce RTX 4070", 12282, r("nvidia-smi `NVIDIA GeForce RTX 4070 … 12282MiB`: 9 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-4070-super", "RTX 4070 SUPER", &["GeForce RTX 4070 SUPER", "4070 Super"], (8, 9), 12, "Ada Lovelace",
       "NVIDIA GeForce RTX 4070 SUPER", 12282, r("\"NVIDIA GeForce RTX 4070 SUPER 12,282 MiB\" in public GitHub text (exact-string search)"), CUDA_TABLE),
    nv("rtx-4070-ti", "RTX 4070 Ti", &["GeForce RTX 4070 Ti", "4070 Ti"], (8, 9), 12, "Ada Lovelace",
       "NVIDIA GeForce RTX 4070 Ti", 12282, d(SIBLING), CUDA_TABLE),
    nv("rtx-4070-ti-super", "RTX 4070 Ti SUPER", &["GeForce RTX 4070 Ti SUPER", "4070 Ti Super"], (8, 9), 16, "Ada Lovelace",
       "NVIDIA GeForce RTX 4070 Ti SUPER", 16376, d(SIBLING), CUDA_TABLE),
    nv("rtx-4080", "RTX 4080", &["GeForce RTX 4080", "4080"], (8, 9), 16, "Ada Lovelace",
       "NVIDIA GeForce RTX 4080", 16376, r("nvidia-smi `NVIDIA GeForce RTX 4080 … 16376MiB`: 8 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-4080-super", "RTX 4080 SUPER", &["GeForce RTX 4080 SUPER", "4080 Super"], (8, 9), 16, "Ada Lovelace",
       "NVIDIA GeForce RTX 4080 SUPER", 16376, d(SIBLING), CUDA_TABLE),
    nv("rtx-4090", "RTX 4090", &["GeForce RTX 4090", "4090"], (8, 9), 24, "Ada Lovelace",
       "NVIDIA GeForce RTX 4090", 24564, r("nvidia-smi `NVIDIA GeForce RTX 4090 … 24564MiB`: 9 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-4090-d", "RTX 4090 D", &["GeForce RTX 4090 D", "4090 D", "4090D"], (8, 9), 24, "Ada Lovelace",
       "NVIDIA GeForce RTX 4090 D", 24564, r("nvidia-smi `NVIDIA GeForce RTX 4090 D … 24564MiB`: 6 public outputs (exact-string search); modified 48 GB boards read 49140MiB"),
       "China-market AD102 part; capability of the RTX 4090 die"),
    nv("rtx-4500-ada", "RTX 4500 Ada", &["RTX 4500 Ada Generation"], (8, 9), 24, "Ada Lovelace",
       "NVIDIA RTX 4500 Ada Generation", 24564, d(SIBLING), CUDA_TABLE),
    nv("rtx-5000-ada", "RTX 5000 Ada", &["RTX 5000 Ada Generation"], (8, 9), 32, "Ada Lovelace",
       "NVIDIA RTX 5000 Ada Generation", 32760, d(SIBLING), CUDA_TABLE),
    nv("rtx-5880-ada", "RTX 5880 Ada", &["RTX 5880 Ada Generation"], (8, 9), 48, "Ada Lovelace",
       "NVIDIA RTX 5880 Ada Generation", 49140, d(SIBLING), "CUDA GPU table; device name from SGLang's tuned MoE configs"),
    nv("rtx-6000-ada", "RTX 6000 Ada", &["RTX 6000 Ada Generation", "RTX 6000 Ada 48GB"], (8, 9), 48, "Ada Lovelace",
       "NVIDIA RTX 6000 Ada Generation", 49140, r("nvidia-smi `NVIDIA RTX 6000 Ada Gene... … 49140MiB` (ECC off): 6 public outputs (exact-string search)"), CUDA_TABLE),
    // Hopper, SM90
    nv("gh200", "GH200", &["GH200 480GB", "GH200 96GB", "Grace Hopper"], (9, 0), 96, "Hopper",
       "NVIDIA GH200 480GB", 97871, r("nvidia-smi `NVIDIA GH200 480GB … 97871MiB` (HBM only): 8 public outputs (exact-string search)"), CUDA_TABLE),
    nv("gh200-144gb", "GH200 144GB", &["GH200 144G HBM3e", "GH200 624GB"], (9, 0), 144, "Hopper",
       "NVIDIA GH200 144G HBM3e", 146831, r("\"0, NVIDIA GH200 144G HBM3e, 580.173.02, 146831 MiB, 9.0\" (nvidia-smi --query-gpu) in public GitHub text"), CUDA_TABLE),
    nv("h100", "H100", &["H100 SXM", "H100 SXM5", "h100-sxm", "H100 80GB", "H100 80GB HBM3", "H100 SXM5 80GB", "HGX H100", "DGX H100"], (9, 0), 80, "Hopper",
       "NVIDIA H100 80GB HBM3", 81559, r("nvidia-smi `NVIDIA H100 80GB HBM3 … 81559MiB`: github.com/NVIDIA/nccl/issues/1264, github.com/wilicc/gpu-burn/issues/114"), CUDA_TABLE),
    nv("h100-nvl", "H100 NVL", &["H100 NVL 94GB"], (9, 0), 94, "Hopper",
       "NVIDIA H100 NVL", 95830, r("nvidia-smi `NVIDIA H100 NVL … 95830MiB`: github.com/NVIDIA/gpu-admin-tools/issues/4"), CUDA_TABLE),
    nv("h100-pcie", "H100 PCIe", &["H100 PCIe 80GB"], (9, 0), 80, "Hopper",
       "NVIDIA H100 PCIe", 81559, r("nvidia-smi `NVIDIA H100 PCIe … 81559MiB`: 9 public outputs (exact-string search)"), CUDA_TABLE),
    nv("h20", "H20", &["H20 96GB"], (9, 0), 96, "Hopper",
       "NVIDIA H20", 97871, r("nvidia-smi `NVIDIA H20 … 97871MiB`: 6 public outputs (exact-string search)"), GH100_CN),
    nv("h20-3e", "H20-3e", &["H20 3e", "H20 141GB"], (9, 0), 141, "Hopper",
       "NVIDIA H20-3e", 143771, r("nvidia-smi `NVIDIA H20-3e … 143771MiB`: public output (exact-string search)"), GH100_CN),
    nv("h200", "H200", &["H200 SXM", "H200 141GB", "HGX H200", "DGX H200"], (9, 0), 141, "Hopper",
       "NVIDIA H200", 143771, r("nvidia-smi `NVIDIA H200 … 143771MiB`: 9 public outputs (exact-string search)"), CUDA_TABLE),
    nv("h200-nvl", "H200 NVL", &[], (9, 0), 141, "Hopper",
       "NVIDIA H200 NVL", 143771, r("nvidia-smi `NVIDIA H200 NVL … 143771MiB`: 6 public outputs (exact-string search)"), CUDA_TABLE),
    nv("h800", "H800", &["H800 SXM", "H800 80GB"], (9, 0), 80, "Hopper",
       "NVIDIA H800", 81559, r("nvidia-smi `NVIDIA H800 … 81559MiB`: 6 public outputs (exact-string search)"), GH100_CN),
    nv("h800-pcie", "H800 PCIe", &["H800 PCIe 80GB"], (9, 0), 80, "Hopper",
       "NVIDIA H800 PCIe", 81559, d(SIBLING), "not in NVIDIA's table: China-market GH100 part; device name derived"),
    // Blackwell, SM100
    nv("b100", "B100", &["HGX B100"], (10, 0), 192, "Blackwell (SM100)",
       "NVIDIA B100", 183359, d("derived from the B200 reading (same HBM3e stacks)"), "CUDA GPU table (B100 listed with B200); device name derived"),
    nv("b200", "B200", &["HGX B200", "DGX B200", "B200 SXM"], (10, 0), 180, "Blackwell (SM100)",
       "NVIDIA B200", 183359, r("nvidia-smi `NVIDIA B200 … 183359MiB`: 9 public outputs (exact-string search)"), CUDA_TABLE),
    nv("gb200", "GB200", &["GB200 NVL72", "GB200 NVL4", "GB200 Superchip"], (10, 0), 186, "Blackwell (SM100)",
       "NVIDIA GB200", 189471, r("nvidia-smi `NVIDIA GB200 … 189471MiB`: 6 public outputs (exact-string search)"), CUDA_TABLE),
    // Blackwell Ultra, SM103
    nv("b300", "B300", &["HGX B300", "DGX B300", "B300 SXM6", "B300 SXM6 AC"], (10, 3), 288, "Blackwell Ultra (SM103)",
       "NVIDIA B300 SXM6 AC", 275040, r("nvidia-smi `NVIDIA B300 SXM6 AC … 275040MiB`: 5 public outputs (exact-string search)"), CUDA_TABLE),
    nv("gb300", "GB300", &["GB300 NVL72"], (10, 3), 288, "Blackwell Ultra (SM103)",
       "NVIDIA GB300", 284208, r("nvidia-smi `NVIDIA GB300 … 284208MiB`: 3 public outputs (exact-string search)"), CUDA_TABLE),
    // Blackwell, SM110 (Jetson Thor; 10.1 before CUDA 13)
    nv("jetson-t4000", "Jetson T4000", &["Thor T4000"], (11, 0), 64, "Blackwell (SM110)",
       "NVIDIA Thor", 62873, d(UNIFIED), "CUDA GPU table (Jetson); device name as Jetson Thor"),
    nv("jetson-thor", "Jetson Thor", &["Jetson T5000", "Thor", "Jetson AGX Thor"], (11, 0), 128, "Blackwell (SM110)",
       "NVIDIA Thor", 125747, d("derived: unified memory; the oracle's simulated Thor profile (122.8 GiB, tests/golden/README.md), no public reading"),
       "CUDA GPU table (Jetson); device name from `nvidia-smi --query-gpu=name,compute_cap` \"NVIDIA Thor, 11.0\" in public Jetson setups"),
    // Blackwell, SM120
    nv("rtx-5050", "RTX 5050", &["GeForce RTX 5050", "5050"], (12, 0), 8, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5050", 8151, d(SIBLING), CUDA_TABLE),
    nv("rtx-5060", "RTX 5060", &["GeForce RTX 5060", "5060"], (12, 0), 8, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5060", 8151, d(SIBLING), CUDA_TABLE),
    nv("rtx-5060-ti", "RTX 5060 Ti", &["GeForce RTX 5060 Ti", "5060 Ti", "RTX 5060 Ti 16GB"], (12, 0), 16, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5060 Ti", 16311, r("nvidia-smi `NVIDIA GeForce RTX 5060 Ti … 16311MiB`: 6 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-5060-ti-8gb", "RTX 5060 Ti 8GB", &["GeForce RTX 5060 Ti 8GB"], (12, 0), 8, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5060 Ti", 8151, d(SIBLING), CUDA_TABLE),
    nv("rtx-5070", "RTX 5070", &["GeForce RTX 5070", "5070"], (12, 0), 12, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5070", 12227, r("nvidia-smi `NVIDIA GeForce RTX 5070 … 12227MiB`: 7 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-5070-ti", "RTX 5070 Ti", &["GeForce RTX 5070 Ti", "5070 Ti"], (12, 0), 16, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5070 Ti", 16303, r("nvidia-smi `NVIDIA GeForce RTX 5070 Ti … 16303MiB`: 6 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-5080", "RTX 5080", &["GeForce RTX 5080", "5080"], (12, 0), 16, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5080", 16303, r("nvidia-smi `NVIDIA GeForce RTX 5080 … 16303MiB`: 9 public outputs (exact-string search)"), CUDA_TABLE),
    nv("rtx-5090", "RTX 5090", &["GeForce RTX 5090", "5090"], (12, 0), 32, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5090", 32607, r("nvidia-smi `NVIDIA GeForce RTX 5090 … 32607MiB`: github.com/noonghunna/club-3090/issues/617"), CUDA_TABLE),
    nv("rtx-5090-d", "RTX 5090 D", &["GeForce RTX 5090 D", "5090 D", "5090D"], (12, 0), 32, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5090 D", 32607, d(SIBLING), "China-market GB202 part, capability of the RTX 5090 die; device name derived"),
    nv("rtx-5090-d-v2", "RTX 5090 D v2", &["GeForce RTX 5090 D v2", "5090 D v2"], (12, 0), 24, "Blackwell (SM120)",
       "NVIDIA GeForce RTX 5090 D v2", 24463, d("derived: 24 GB GDDR7, estimated from the 5090's 32607 MiB per 32 GB"),
       "China-market GB202 part, capability of the RTX 5090 die; device name derived"),
    nv("rtx-pro-2000-blackwell", "RTX PRO 2000 Blackwell", &["RTX PRO 2000"], (12, 0), 16, "Blackwell (SM120)",
       "NVIDIA RTX PRO 2000 Blackwell", 16311, d(SIBLING), "CUDA GPU table; device name derived"),
    nv("rtx-pro-4000-blackwell", "RTX PRO 4000 Blackwell", &["RTX PRO 4000"], (12, 0), 24, "Blackwell (SM120)",
       "NVIDIA RTX PRO 4000 Blackwell", 24467, r("\"NVIDIA RTX PRO 4000 Blackwell, 24467 MiB\" in several public benchmark notes (exact-string search)"), CUDA_TABLE),
    nv("rtx-pro-4000-blackwell-sff", "RTX PRO 4000 Blackwell SFF", &["RTX PRO 4000 SFF"], (12, 0), 24, "Blackwell (SM120)",
       "NVIDIA RTX PRO 4000 Blackwell SFF Edition", 24467, d(SIBLING), "CUDA GPU table; device name derived"),
    nv("rtx-pro-4500-blackwell", "RTX PRO 4500 Blackwell", &["RTX PRO 4500"], (12, 0), 32, "Blackwell (SM120)",
       "NVIDIA RTX PRO 4500 Blackwell", 32607, d(SIBLING), "CUDA GPU table; device name in public GPU lists"),
    nv("rtx-pro-5000-blackwell", "RTX PRO 5000 Blackwell", &["RTX PRO 5000"], (12, 0), 48, "Blackwell (SM120)",
       "NVIDIA RTX PRO 5000 Blackwell", 48935, r("\"NVIDIA RTX PRO 5000 Blackwell, 595.71.05, 48935 MiB\" (nvidia-smi --query-gpu) in public GitHub text"), CUDA_TABLE),
    nv("rtx-pro-6000-blackwell", "RTX PRO 6000 Blackwell", &["RTX PRO 6000", "RTX PRO 6000 Blackwell Workstation Edition", "RTX PRO 6000 Workstation"], (12, 0), 96, "Blackwell (SM120)",
       "NVIDIA RTX PRO 6000 Blackwell Workstation Edition", 97887, r("\"NVIDIA RTX PRO 6000 Blackwell Workstation Edition, 97887 MiB\" (nvidia-smi --query-gpu) in several public notes"), CUDA_TABLE),
    nv("rtx-pro-6000-blackwell-max-q", "RTX PRO 6000 Blackwell Max-Q", &["RTX PRO 6000 Max-Q", "RTX PRO 6000 Blackwell Max-Q Workstation Edition"], (12, 0), 96, "Blackwell (SM120)",
       "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", 97887, r("\"One RTX PRO 6000 Blackwell Max-Q Workstation Edition, 97,887MiB\" in public GitHub text"),
       "CUDA GPU table; device name from SGLang's tuned MoE configs"),
    nv("rtx-pro-6000-blackwell-server", "RTX PRO 6000 Blackwell Server", &["RTX PRO 6000 Server", "RTX PRO 6000 Blackwell Server Edition"], (12, 0), 96, "Blackwell (SM120)",
       "NVIDIA RTX PRO 6000 Blackwell Server Edition", 97887, r("\"NVIDIA RTX PRO 6000 Blackwell Server Edition, 97887\" (nvidia-smi --query-gpu) in public GitHub text"),
       "CUDA GPU table; device name from SGLang's tuned MoE configs"),
    // Blackwell, SM121
    nv("dgx-spark", "DGX Spark", &["GB10", "DGX Spark (GB10)", "Spark", "ASUS Ascent GX10", "Dell Pro Max GB10"], (12, 1), 128, "Blackwell (SM121)",
       "NVIDIA GB10", 124610, r("nvidia-smi reports [N/A] (github.com/unslothai/unsloth/pull/10703); CUDA total 121.69 GiB: github.com/MiaAI-Lab/GLM-5.3-Flash-EXL3-2x-DGX-Sparks/issues/47"),
       CUDA_TABLE),
    // AMD Instinct
    amd("mi210", "MI210", &["Instinct MI210"], "gfx90a", (9, 0), 64, "AMD Instinct",
        "AMD Instinct MI210", 65520, d(AMD_PATTERN), ROCM_SPECS),
    amd("mi250", "MI250", &["Instinct MI250"], "gfx90a", (9, 0), 64, "AMD Instinct",
        "AMD Instinct MI250X/MI250", 65520, d(AMD_PATTERN),
        "ROCm GPU specs (128 GB per package = 2 GCDs, each a torch device); rocminfo marketing name \"AMD Instinct MI250X/MI250\": github.com/ROCm/rocm_smi_lib/issues/165"),
    amd("mi250x", "MI250X", &["Instinct MI250X"], "gfx90a", (9, 0), 64, "AMD Instinct",
        "AMD Instinct MI250X/MI250", 65520, d(AMD_PATTERN),
        "ROCm GPU specs (128 GB per package = 2 GCDs, each a torch device); rocminfo marketing name \"AMD Instinct MI250X/MI250\": github.com/ROCm/rocm_smi_lib/issues/165"),
    amd("mi300a", "MI300A", &["Instinct MI300A"], "gfx942", (9, 4), 128, "AMD Instinct",
        "AMD Instinct MI300A", 131056, d("derived: APU with 128 GB unified HBM3, GiB × 1024 − 16 MiB; the GPU share depends on the firmware carve-out"), ROCM_SPECS),
    amd("mi300x", "MI300X", &["Instinct MI300X", "MI300"], "gfx942", (9, 4), 192, "AMD Instinct",
        "AMD Instinct MI300X", 196592, r("rocminfo Pool 1 \"201310208(0xbffc000) KB\" (10 public outputs, exact-string search); rocm-smi 206141652992 B: github.com/ROCm/legacy-rocm-build/issues/4750"),
        ROCM_SPECS),
    amd("mi308x", "MI308X", &["Instinct MI308X"], "gfx942", (9, 4), 192, "AMD Instinct",
        "AMD Instinct MI308X", 196592, d("derived from the MI300X reading (same 192 GB HBM3)"),
        "China-market gfx942 part (not in AMD's public spec table); device name derived"),
    amd("mi325x", "MI325X", &["Instinct MI325X"], "gfx942", (9, 4), 256, "AMD Instinct",
        "AMD Instinct MI325X", 262128, d(AMD_PATTERN), ROCM_SPECS),
    amd("mi350x", "MI350X", &["Instinct MI350X"], "gfx950", (9, 5), 288, "AMD Instinct",
        "AMD Instinct MI350X", 294896, d(AMD_PATTERN), ROCM_SPECS),
    amd("mi355x", "MI355X", &["Instinct MI355X"], "gfx950", (9, 5), 288, "AMD Instinct",
        "AMD Instinct MI355X", 294896, d(AMD_PATTERN), ROCM_SPECS),
    amd("mi455x", "MI455X", &["Instinct MI455X"], "gfx1250", (12, 5), 432, "AMD Instinct",
        "AMD Instinct MI455X", 442352, d(AMD_PATTERN),
        "AMD's MI400-series announcement (432 GB HBM4); gfx1250 and capability (12, 5) from python/sglang/srt/layers/attention/dsa_backend.py:765@0.5.23; device name from SGLang's tuned FP8 GEMM configs"),
    // AMD Radeon (RDNA3 gfx1100, RDNA4 gfx1201)
    amd("radeon-pro-w7800", "Radeon PRO W7800", &["W7800", "PRO W7800"], "gfx1100", (11, 0), 32, "AMD Radeon",
        "AMD Radeon PRO W7800", 32752, d(AMD_PATTERN), ROCM_SPECS),
    amd("radeon-pro-w7900", "Radeon PRO W7900", &["W7900", "PRO W7900"], "gfx1100", (11, 0), 48, "AMD Radeon",
        "AMD Radeon PRO W7900", 49136, d(AMD_PATTERN), ROCM_SPECS),
    amd("rx-7900-gre", "Radeon RX 7900 GRE", &["RX 7900 GRE", "7900 GRE"], "gfx1100", (11, 0), 16, "AMD Radeon",
        "AMD Radeon RX 7900 GRE", 16368, d(AMD_PATTERN), ROCM_SPECS),
    amd("rx-7900-xt", "Radeon RX 7900 XT", &["RX 7900 XT", "7900 XT"], "gfx1100", (11, 0), 20, "AMD Radeon",
        "AMD Radeon RX 7900 XT", 20464, d(AMD_PATTERN), ROCM_SPECS),
    amd("rx-7900-xtx", "Radeon RX 7900 XTX", &["RX 7900 XTX", "7900 XTX"], "gfx1100", (11, 0), 24, "AMD Radeon",
        "AMD Radeon RX 7900 XTX", 24560, d(AMD_PATTERN), ROCM_SPECS),
    amd("radeon-ai-pro-r9700", "Radeon AI PRO R9700", &["R9700", "AI PRO R9700"], "gfx1201", (12, 0), 32, "AMD Radeon",
        "AMD Radeon AI PRO R9700", 32752, d(AMD_PATTERN), "ROCm GPU specs; rocminfo marketing name \"AMD Radeon AI PRO R9700\" (gfx1201) in public GitHub text"),
    amd("rx-9070", "Radeon RX 9070", &["RX 9070", "9070"], "gfx1201", (12, 0), 16, "AMD Radeon",
        "AMD Radeon RX 9070", 16368, d(AMD_PATTERN), ROCM_SPECS),
    amd("rx-9070-xt", "Radeon RX 9070 XT", &["RX 9070 XT", "9070 XT"], "gfx1201", (12, 0), 16, "AMD Radeon",
        "AMD Radeon RX 9070 XT", 16368, d(AMD_PATTERN), ROCM_SPECS),
];

/// Normalises a product name for lookup: lower-case, no spaces, dashes or underscores,
/// no leading `nvidia`/`geforce`/`amd`/`instinct`.
fn norm(s: &str) -> String {
    let mut t: String = s
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '.')
        .flat_map(char::to_lowercase)
        .collect();
    for prefix in ["nvidia", "geforce", "amd", "instinct"] {
        if let Some(rest) = t.strip_prefix(prefix) {
            t = rest.to_string();
        }
    }
    t
}

/// Finds a GPU by id, name or alias; case-, space- and dash-insensitive
/// (`"RTX 5090"`, `"rtx5090"`, `"rtx-5090"`, `"GeForce RTX 5090"` all match), else by the
/// device name torch reports (`"NVIDIA H100 80GB HBM3"`). A device name shared by several
/// products (the 8 and 16 GB RTX 4060 Ti, the Jetson Orin modules, MI250 and MI250X, …) finds
/// the first of them in the table.
pub fn find_gpu(name: &str) -> Option<&'static Gpu> {
    let n = norm(name);
    if n.is_empty() {
        return None;
    }
    let (names, devices) = gpu_index();
    names.get(&n).or_else(|| devices.get(&n)).map(|&i| &GPUS[i])
}

/// The normalised ids, names and aliases of [`GPUS`] (first product wins), and their torch
/// device names: built once ([`find_gpu`] runs several times per evaluation, and the fix
/// search evaluates hundreds of candidates).
fn gpu_index() -> &'static (
    rustc_hash::FxHashMap<String, usize>,
    rustc_hash::FxHashMap<String, usize>,
) {
    static INDEX: std::sync::OnceLock<(
        rustc_hash::FxHashMap<String, usize>,
        rustc_hash::FxHashMap<String, usize>,
    )> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut names = rustc_hash::FxHashMap::default();
        let mut devices = rustc_hash::FxHashMap::default();
        for (i, g) in GPUS.iter().enumerate() {
            for k in [g.id, g.name].iter().chain(g.aliases.iter()) {
                names.entry(norm(k)).or_insert(i);
            }
            devices.entry(norm(g.device_name)).or_insert(i);
        }
        names.remove("");
        devices.remove("");
        (names, devices)
    })
}

/// The hardware a configuration runs on, with the platform predicates SGLang derives
/// from it (`sglang/srt/utils/common.py:274-352@0.5.23`, exposed as `get_platform()`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hardware {
    /// Display name: the product, or `SM 12.0` for a custom capability.
    pub name: String,
    /// Catalogue id when the hardware is a catalogue product.
    pub gpu_id: Option<&'static str>,
    /// Vendor.
    pub vendor: Vendor,
    /// `torch.cuda.get_device_capability()`.
    pub capability: (u8, u8),
    /// AMD gfx arch.
    pub gfx: Option<&'static str>,
    /// `torch.version.cuda` as (major, minor); `None` on ROCm.
    pub cuda: Option<(u32, u32)>,
}

/// What of a [`Hardware`] the checks read ([`Hardware::facts`]): equal facts, equal verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HardwareFacts {
    vendor: Vendor,
    capability: (u8, u8),
    gfx: Option<&'static str>,
    cuda: Option<(u32, u32)>,
    memory_mib: Option<u32>,
    mnnvl: bool,
}

/// The CUDA version of the torch build assumed when a configuration names none: 13.0.
/// SGLang's checks only distinguish < 12.3, < 12.8 and < 13 (see `Hardware::is_sm90` and the
/// linear-attention CUDA 13 check), so every 13.x build gives the same verdicts; the oracle's
/// simulated build is 13.2.
pub const DEFAULT_CUDA: (u32, u32) = (13, 0);

impl Hardware {
    /// Hardware for a catalogue GPU with the given CUDA build (ignored for AMD).
    pub fn from_gpu(g: &'static Gpu, cuda: (u32, u32)) -> Hardware {
        Hardware {
            name: g.name.to_string(),
            gpu_id: Some(g.id),
            vendor: g.vendor,
            capability: g.capability,
            gfx: g.gfx,
            cuda: (g.vendor == Vendor::Nvidia).then_some(cuda),
        }
    }

    /// A custom NVIDIA device of the given compute capability.
    pub fn custom_nvidia(cc: (u8, u8), cuda: (u32, u32)) -> Hardware {
        Hardware {
            name: format!("SM {}.{}", cc.0, cc.1),
            gpu_id: None,
            vendor: Vendor::Nvidia,
            capability: cc,
            gfx: None,
            cuda: Some(cuda),
        }
    }

    /// Every fact of the device that a check reads: two devices with equal facts get the same
    /// verdict on every launch (the matrix evaluates each distinct one once). A check that reads
    /// another fact of the hardware (its name, a catalogue field) must add it here;
    /// `matrix::tests::equal_hardware_facts_give_equal_reports` compares the reports of
    /// catalogue GPUs with equal facts, `shared_rows_are_the_validators_cells` every shared
    /// matrix row with fresh evaluations.
    pub fn facts(&self) -> HardwareFacts {
        HardwareFacts {
            vendor: self.vendor,
            capability: self.capability,
            gfx: self.gfx,
            cuda: self.cuda,
            memory_mib: self.memory_mib(),
            mnnvl: self.mnnvl_by_name(),
        }
    }

    /// The memory SGLang reads, in MiB (the catalogue's `memory_mib`); `None` for a bare
    /// compute capability.
    pub fn memory_mib(&self) -> Option<u32> {
        let id = self.gpu_id?;
        GPUS.iter().find(|g| g.id == id).map(|g| g.memory_mib)
    }

    /// Whether the device name says an MNNVL fabric: `is_fi_a2a_supported`'s `"GB200"` /
    /// `"GB300"` in `get_device_name().upper()` (`utils/common.py:1056-1064@0.5.23`).
    pub fn mnnvl_by_name(&self) -> bool {
        let name = self.name.to_uppercase();
        name.contains("GB200") || name.contains("GB300")
    }

    /// `torch.cuda.get_device_capability()[0]`.
    pub fn major(&self) -> u8 {
        self.capability.0
    }

    /// `major * 10 + minor`, e.g. 120 for SM120, 103 for SM103.
    pub fn sm(&self) -> u32 {
        self.capability.0 as u32 * 10 + self.capability.1 as u32
    }

    /// `get_platform().is_cuda`.
    pub fn is_cuda(&self) -> bool {
        self.vendor == Vendor::Nvidia
    }

    /// `get_platform().is_hip` / `_is_hip`.
    pub fn is_hip(&self) -> bool {
        self.vendor == Vendor::Amd
    }

    fn cuda_at_least(&self, v: (u32, u32)) -> bool {
        self.cuda.is_some_and(|c| c >= v)
    }

    /// `is_sm90_supported()` / `is_hopper_with_cuda_12_3()`: CUDA, major 9, CUDA ≥ 12.3.
    pub fn is_sm90(&self) -> bool {
        self.is_cuda() && self.major() == 9 && self.cuda_at_least((12, 3))
    }

    /// `is_sm100_supported()`: CUDA, major 10 (SM100 and SM103), CUDA ≥ 12.8.
    pub fn is_sm100(&self) -> bool {
        self.is_cuda() && self.major() == 10 && self.cuda_at_least((12, 8))
    }

    /// `is_sm110_supported()`: CUDA, major 11, CUDA ≥ 12.8.
    pub fn is_sm110(&self) -> bool {
        self.is_cuda() && self.major() == 11 && self.cuda_at_least((12, 8))
    }

    /// `is_sm120_supported()`: CUDA, major 12 (SM120 and SM121), CUDA ≥ 12.8.
    pub fn is_sm120(&self) -> bool {
        self.is_cuda() && self.major() == 12 && self.cuda_at_least((12, 8))
    }

    /// `is_blackwell_supported()`: CUDA, major 10, 11 or 12, CUDA ≥ 12.8.
    pub fn is_blackwell(&self) -> bool {
        self.is_sm100() || self.is_sm110() || self.is_sm120()
    }

    /// `is_gfx95_supported()`.
    pub fn is_gfx95(&self) -> bool {
        self.gfx.is_some_and(|g| g.starts_with("gfx95"))
    }

    /// An AMD Radeon (RDNA) GPU: gfx arch `gfx11xx` (RDNA3/3.5) or `gfx120x` (RDNA4), per
    /// LLVM's AMDGPU processor table (llvm.org/docs/AMDGPUUsage.html). gfx1250 is an Instinct
    /// part, not RDNA, although SGLang's `is_gfx1250_supported` docstring calls it RDNA4.
    pub fn is_rdna(&self) -> bool {
        self.gfx
            .is_some_and(|g| g.starts_with("gfx11") || g.starts_with("gfx120"))
    }

    /// The torch dtype `--kv-cache-dtype fp8_e4m3` maps to on this device
    /// (`sglang/srt/mem_cache/kv_cache_dtype.py@0.5.23`): `float8_e4m3fnuz` on gfx942.
    pub fn fp8_e4m3_torch(&self) -> &'static str {
        if self.gfx == Some("gfx942") {
            "torch.float8_e4m3fnuz"
        } else {
            "torch.float8_e4m3fn"
        }
    }
}

/// Parses a compute capability written `"12.0"`, `"12,0"`, `"sm120"`, `"sm_120"`, `"120"`,
/// `"90"` or `"12"` (a bare major). Majors outside 7–13 (Volta to beyond Blackwell) and minors
/// above 9 are refused.
pub fn parse_capability(s: &str) -> Option<(u8, u8)> {
    let t = s.trim().to_ascii_lowercase();
    let t = t.trim_start_matches("sm").trim_start_matches('_').trim();
    let (major, minor) = if let Some((a, b)) = t.split_once(['.', ',']) {
        (a.trim().parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?)
    } else {
        let n: u32 = t.parse().ok()?;
        match n {
            7..=13 => (n as u8, 0),
            70..=139 => ((n / 10) as u8, (n % 10) as u8),
            _ => return None,
        }
    };
    ((7..=13).contains(&major) && minor <= 9).then_some((major, minor))
}

/// Parses a CUDA version written `"12.9"`, `"13"`, `"cu129"` or `"cu13"`.
pub fn parse_cuda(s: &str) -> Option<(u32, u32)> {
    let t = s.trim().to_ascii_lowercase();
    if let Some(rest) = t.strip_prefix("cu") {
        let n: u32 = rest.parse().ok()?;
        return match n {
            10..=20 => Some((n, 0)),
            100..=209 => Some((n / 10, n % 10)),
            _ => None,
        };
    }
    let mut it = t.split('.');
    let major: u32 = it.next()?.parse().ok()?;
    let minor: u32 = it.next().map(|m| m.parse().ok()).unwrap_or(Some(0))?;
    ((10..=20).contains(&major) && minor < 100).then_some((major, minor))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ids of the 24 entries of the first catalogue: they appear in URLs and golden files.
    const STABLE_IDS: &[&str] = &[
        "a100",
        "a30",
        "a10",
        "a40",
        "rtx-3090",
        "l4",
        "l40s",
        "rtx-4090",
        "h100",
        "h200",
        "h20",
        "gh200",
        "b200",
        "gb200",
        "b300",
        "gb300",
        "jetson-thor",
        "rtx-5090",
        "rtx-5080",
        "rtx-pro-6000-blackwell",
        "dgx-spark",
        "mi300x",
        "mi325x",
        "mi355x",
    ];

    #[test]
    fn catalogue_ids_and_names_are_unique() {
        let mut seen = std::collections::BTreeMap::new();
        for g in GPUS {
            for k in [norm(g.id), norm(g.name)]
                .into_iter()
                .chain(g.aliases.iter().map(|a| norm(a)))
            {
                assert!(!k.is_empty(), "{}: empty key", g.id);
                if let Some(other) = seen.insert(k.clone(), g.id) {
                    assert_eq!(other, g.id, "{k} names two GPUs");
                }
            }
            assert!(g.memory_gb > 0);
            assert_eq!(g.vendor == Vendor::Amd, g.gfx.is_some());
        }
    }

    #[test]
    fn stable_ids_survive_and_resolve_to_their_names() {
        for id in STABLE_IDS {
            let g = GPUS.iter().find(|g| g.id == *id);
            assert!(g.is_some(), "stable id {id} is gone");
            let g = g.unwrap();
            assert_eq!(find_gpu(g.name).map(|x| x.id), Some(*id), "{}", g.name);
        }
        // the names the golden cases use keep their capability and vendor
        for (name, cc) in [
            ("A100", (8, 0)),
            ("A10", (8, 6)),
            ("L4", (8, 9)),
            ("L40S", (8, 9)),
            ("RTX 4090", (8, 9)),
            ("H100", (9, 0)),
            ("H200", (9, 0)),
            ("H20", (9, 0)),
            ("GH200", (9, 0)),
            ("B200", (10, 0)),
            ("GB200", (10, 0)),
            ("B300", (10, 3)),
            ("GB300", (10, 3)),
            ("Jetson Thor", (11, 0)),
            ("RTX 5090", (12, 0)),
            ("RTX 5080", (12, 0)),
            ("RTX PRO 6000 Blackwell", (12, 0)),
            ("DGX Spark", (12, 1)),
            ("MI300X", (9, 4)),
            ("MI325X", (9, 4)),
            ("MI355X", (9, 5)),
        ] {
            assert_eq!(find_gpu(name).map(|g| g.capability), Some(cc), "{name}");
        }
    }

    #[test]
    fn table_is_sorted_and_families_are_blocks() {
        let key = |g: &Gpu| (g.vendor == Vendor::Amd, g.capability, g.name.to_lowercase());
        let mut families: Vec<&str> = Vec::new();
        for w in GPUS.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            if a.family == b.family {
                assert!(key(a) < key(b), "{} must come after {}", a.name, b.name);
            } else {
                assert!(
                    !families.contains(&b.family),
                    "family {} split in two",
                    b.family
                );
                assert!(
                    a.vendor != Vendor::Amd || b.vendor == Vendor::Amd,
                    "vendors interleave"
                );
            }
            if !families.contains(&a.family) {
                families.push(a.family);
            }
        }
    }

    #[test]
    fn every_entry_has_sources_and_plausible_memory() {
        for g in GPUS {
            assert!(!g.source.is_empty(), "{}", g.id);
            assert!(!g.device_name.is_empty(), "{}", g.id);
            let evidence = match g.memory_evidence {
                MemoryMib::Reading(e) | MemoryMib::Derived(e) => e,
            };
            assert!(!evidence.is_empty(), "{}", g.id);
            assert_eq!(
                g.spec_sheet,
                matches!(g.memory_evidence, MemoryMib::Derived(_))
            );
            // what SGLang reads is within 12 % below the marketed capacity (GB = 10^9 bytes;
            // ECC and reserved memory take the rest) and never above it
            let marketed_mib = g.memory_gb as f64 * 1e9 / 1048576.0;
            let ratio = g.memory_mib as f64 / marketed_mib;
            assert!(
                (0.88..=1.13).contains(&ratio),
                "{}: {} MiB for {} GB",
                g.id,
                g.memory_mib,
                g.memory_gb
            );
            match g.vendor {
                Vendor::Nvidia => assert!(
                    g.device_name.starts_with("NVIDIA ") || g.device_name == "Orin",
                    "{}",
                    g.id
                ),
                Vendor::Amd => assert!(g.device_name.starts_with("AMD "), "{}", g.id),
            }
        }
    }

    #[test]
    fn device_names_resolve_and_shared_ones_are_known() {
        let mut by_name: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
        for g in GPUS {
            by_name.entry(g.device_name).or_default().push(g.id);
            let found = find_gpu(g.device_name);
            assert_eq!(
                found.map(|x| x.device_name),
                Some(g.device_name),
                "{}",
                g.device_name
            );
        }
        let shared: Vec<(&str, Vec<&str>)> =
            by_name.into_iter().filter(|(_, v)| v.len() > 1).collect();
        let expected: Vec<(&str, Vec<&str>)> = vec![
            ("AMD Instinct MI250X/MI250", vec!["mi250", "mi250x"]),
            ("NVIDIA GeForce RTX 3060", vec!["rtx-3060", "rtx-3060-8gb"]),
            ("NVIDIA GeForce RTX 3080", vec!["rtx-3080", "rtx-3080-12gb"]),
            (
                "NVIDIA GeForce RTX 4060 Ti",
                vec!["rtx-4060-ti", "rtx-4060-ti-16gb"],
            ),
            (
                "NVIDIA GeForce RTX 5060 Ti",
                vec!["rtx-5060-ti", "rtx-5060-ti-8gb"],
            ),
            ("NVIDIA Thor", vec!["jetson-t4000", "jetson-thor"]),
            (
                "Orin",
                vec![
                    "jetson-agx-orin",
                    "jetson-agx-orin-32gb",
                    "jetson-orin-nano",
                    "jetson-orin-nx",
                ],
            ),
        ];
        assert_eq!(shared, expected);
    }

    #[test]
    fn sglang_memory_thresholds_see_the_readings() {
        // memory_hook.py:90-146@0.5.23 compares against 20/35/60/90/160 GiB
        let mib = |n: &str| find_gpu(n).unwrap().memory_mib;
        assert!(
            mib("RTX 4000 Ada") < 20 * 1024,
            "a 20 GB card reads below 20 GiB"
        );
        assert!(mib("H100") < 90 * 1024 && mib("H100 NVL") > 90 * 1024);
        assert!(mib("H20") > 90 * 1024 && mib("H200") < 160 * 1024 && mib("B200") > 160 * 1024);
        assert_eq!(mib("NVIDIA H100 80GB HBM3"), 81559);
    }

    #[test]
    fn lookup_is_forgiving() {
        assert_eq!(find_gpu("RTX 5090").unwrap().id, "rtx-5090");
        assert_eq!(find_gpu("rtx5090").unwrap().id, "rtx-5090");
        assert_eq!(find_gpu("GeForce RTX 5090").unwrap().id, "rtx-5090");
        assert_eq!(find_gpu("NVIDIA GeForce RTX 5090").unwrap().id, "rtx-5090");
        assert_eq!(find_gpu("5090").unwrap().id, "rtx-5090");
        assert_eq!(find_gpu("gb10").unwrap().id, "dgx-spark");
        assert_eq!(find_gpu("mi355x").unwrap().capability, (9, 5));
        assert_eq!(find_gpu("h100-sxm").unwrap().id, "h100");
        assert_eq!(find_gpu("H100 80GB HBM3").unwrap().id, "h100");
        assert_eq!(find_gpu("H100 SXM5").unwrap().id, "h100");
        assert_eq!(find_gpu("h100 pcie").unwrap().id, "h100-pcie");
        assert_eq!(find_gpu("GB200 NVL72").unwrap().id, "gb200");
        assert_eq!(
            find_gpu("RTX Pro 6000").unwrap().id,
            "rtx-pro-6000-blackwell"
        );
        assert_eq!(
            find_gpu("NVIDIA RTX PRO 6000 Blackwell Server Edition")
                .unwrap()
                .id,
            "rtx-pro-6000-blackwell-server"
        );
        assert_eq!(find_gpu("MI300").unwrap().id, "mi300x");
        assert_eq!(find_gpu("AMD Instinct MI300X").unwrap().id, "mi300x");
        assert_eq!(
            find_gpu("NVIDIA A100-SXM4-40GB").unwrap().id,
            "a100-sxm4-40gb"
        );
        assert_eq!(find_gpu("rx 7900 xtx").unwrap().gfx, Some("gfx1100"));
        assert_eq!(find_gpu("RX 9070 XT").unwrap().capability, (12, 0));
        assert_eq!(find_gpu("H20-3e").unwrap().memory_mib, 143771);
        assert_eq!(find_gpu("Orin").unwrap().capability, (8, 7));
        assert!(find_gpu("TPU v5").is_none());
        assert!(find_gpu("").is_none());
        assert!(find_gpu("  ").is_none());
    }

    #[test]
    fn predicates_follow_cuda_version() {
        let h100 = Hardware::from_gpu(find_gpu("H100").unwrap(), (12, 1));
        assert!(!h100.is_sm90());
        let h100 = Hardware::from_gpu(find_gpu("H100").unwrap(), (12, 4));
        assert!(h100.is_sm90());
        let b300 = Hardware::from_gpu(find_gpu("B300").unwrap(), DEFAULT_CUDA);
        assert!(b300.is_sm100() && b300.is_blackwell() && !b300.is_sm120());
        let mi = Hardware::from_gpu(find_gpu("MI300X").unwrap(), DEFAULT_CUDA);
        assert!(!mi.is_sm90() && mi.is_hip() && mi.cuda.is_none());
        // a ROCm part reporting major 12 is never an SM120 CUDA device
        let r9700 = Hardware::from_gpu(find_gpu("R9700").unwrap(), DEFAULT_CUDA);
        assert!(r9700.is_hip() && !r9700.is_sm120() && !r9700.is_blackwell());
        let mi455 = Hardware::from_gpu(find_gpu("MI455X").unwrap(), DEFAULT_CUDA);
        assert!(!mi455.is_gfx95() && mi455.capability == (12, 5));
        let orin = Hardware::from_gpu(find_gpu("Jetson AGX Orin").unwrap(), DEFAULT_CUDA);
        assert!(orin.is_cuda() && !orin.is_sm90() && orin.sm() == 87);
    }

    #[test]
    fn capability_parsing() {
        assert_eq!(parse_capability("12.0"), Some((12, 0)));
        assert_eq!(parse_capability("sm_121"), Some((12, 1)));
        assert_eq!(parse_capability("90"), Some((9, 0)));
        assert_eq!(parse_capability("abc"), None);
        assert_eq!(parse_capability("99.9"), None);
        assert_eq!(parse_capability("12"), Some((12, 0)));
        assert_eq!(parse_capability("10"), Some((10, 0)));
        assert_eq!(parse_capability("1.2"), None);
        assert_eq!(parse_capability("20.9"), None);
        assert_eq!(parse_cuda("cu129"), Some((12, 9)));
        assert_eq!(parse_cuda("cu130"), Some((13, 0)));
        assert_eq!(parse_cuda("12.9"), Some((12, 9)));
        assert_eq!(parse_cuda("13"), Some((13, 0)));
        assert_eq!(parse_cuda("x"), None);
    }
}
