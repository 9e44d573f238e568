//! GPU catalogue: product name → vendor, compute capability (AMD: gfx arch and the
//! capability torch reports for it), memory.
//!
//! Sources (see `shared/reference/sglang-0.5.23-rules.md` §4): NVIDIA's CUDA GPU
//! compute-capability table (developer.nvidia.com/cuda-gpus) for every NVIDIA entry,
//! AMD's ROCm GPU specs (rocm.docs.amd.com, "GPU specs") for the Instinct entries.
//! Memory is the marketed per-GPU capacity in GB; entries marked `spec_sheet` were taken
//! from the vendor's standard figures and not re-checked against a product page.
//!
//! Editing rules: keep the table sorted by vendor, then compute capability, then name;
//! ids are lower-case slugs and never change (they appear in URLs and golden files).

use serde::Serialize;

/// GPU vendor, as SGLang's platform probes see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Vendor {
    /// CUDA device (`torch.version.cuda` set).
    Nvidia,
    /// ROCm/HIP device (`torch.version.hip` set).
    Amd,
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
    /// Marketed memory per GPU, in GB.
    pub memory_gb: u32,
    /// Family label shown in the picker (`Hopper`, `Blackwell (SM100)`, …).
    pub family: &'static str,
    /// True when the memory figure is the vendor's standard spec-sheet value, not re-checked.
    pub spec_sheet: bool,
}

const fn nv(
    id: &'static str,
    name: &'static str,
    aliases: &'static [&'static str],
    cc: (u8, u8),
    memory_gb: u32,
    family: &'static str,
    spec_sheet: bool,
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
        spec_sheet,
    }
}

const fn amd(
    id: &'static str,
    name: &'static str,
    aliases: &'static [&'static str],
    gfx: &'static str,
    cc: (u8, u8),
    memory_gb: u32,
) -> Gpu {
    Gpu {
        id,
        name,
        aliases,
        vendor: Vendor::Amd,
        capability: cc,
        gfx: Some(gfx),
        memory_gb,
        family: "AMD Instinct",
        spec_sheet: false,
    }
}

/// The catalogue. See the module docs for sources and editing rules.
#[rustfmt::skip]
pub static GPUS: &[Gpu] = &[
    nv("a100",        "A100",        &["A100 80GB", "A100 40GB", "A100-SXM4-80GB"], (8, 0), 80, "Ampere", true),
    nv("a30",         "A30",         &[],                                          (8, 0), 24, "Ampere", true),
    nv("a10",         "A10",         &["A10G"],                                    (8, 6), 24, "Ampere", true),
    nv("a40",         "A40",         &[],                                          (8, 6), 48, "Ampere", true),
    nv("rtx-3090",    "RTX 3090",    &["GeForce RTX 3090"],                        (8, 6), 24, "Ampere", true),
    nv("l4",          "L4",          &[],                                          (8, 9), 24, "Ada Lovelace", true),
    nv("l40s",        "L40S",        &["L40"],                                     (8, 9), 48, "Ada Lovelace", true),
    nv("rtx-4090",    "RTX 4090",    &["GeForce RTX 4090"],                        (8, 9), 24, "Ada Lovelace", true),
    nv("h100",        "H100",        &["H100 SXM", "H100 PCIe", "H100 80GB", "H100 NVL"], (9, 0), 80, "Hopper", true),
    nv("h200",        "H200",        &[],                                          (9, 0), 141, "Hopper", false),
    nv("h20",         "H20",         &[],                                          (9, 0), 96, "Hopper", false),
    nv("gh200",       "GH200",       &[],                                          (9, 0), 96, "Hopper", true),
    nv("b200",        "B200",        &["HGX B200", "DGX B200"],                    (10, 0), 180, "Blackwell (SM100)", true),
    nv("gb200",       "GB200",       &["GB200 NVL72"],                             (10, 0), 186, "Blackwell (SM100)", true),
    nv("b300",        "B300",        &["HGX B300"],                                (10, 3), 288, "Blackwell Ultra (SM103)", false),
    nv("gb300",       "GB300",       &["GB300 NVL72"],                             (10, 3), 288, "Blackwell Ultra (SM103)", false),
    nv("jetson-thor", "Jetson Thor", &["Jetson T5000", "Thor", "Jetson AGX Thor"], (11, 0), 128, "Blackwell (SM110)", true),
    nv("rtx-5090",    "RTX 5090",    &["GeForce RTX 5090"],                        (12, 0), 32, "Blackwell (SM120)", true),
    nv("rtx-5080",    "RTX 5080",    &["GeForce RTX 5080"],                        (12, 0), 16, "Blackwell (SM120)", true),
    nv("rtx-pro-6000-blackwell", "RTX PRO 6000 Blackwell", &["RTX PRO 6000", "RTX Pro 6000 Blackwell Workstation Edition", "RTX PRO 6000 Blackwell Server Edition"], (12, 0), 96, "Blackwell (SM120)", true),
    nv("dgx-spark",   "DGX Spark",   &["GB10", "DGX Spark (GB10)", "Spark"],        (12, 1), 128, "Blackwell (SM121)", false),
    amd("mi300x",     "MI300X",      &["Instinct MI300X"], "gfx942", (9, 4), 192),
    amd("mi325x",     "MI325X",      &["Instinct MI325X"], "gfx942", (9, 4), 256),
    amd("mi355x",     "MI355X",      &["Instinct MI355X", "MI350X"], "gfx950", (9, 5), 288),
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
/// (`"RTX 5090"`, `"rtx5090"`, `"rtx-5090"`, `"GeForce RTX 5090"` all match).
pub fn find_gpu(name: &str) -> Option<&'static Gpu> {
    let n = norm(name);
    if n.is_empty() {
        return None;
    }
    GPUS.iter()
        .find(|g| norm(g.id) == n || norm(g.name) == n || g.aliases.iter().any(|a| norm(a) == n))
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

    #[test]
    fn catalogue_ids_and_names_are_unique() {
        let mut keys: Vec<String> = GPUS
            .iter()
            .flat_map(|g| [norm(g.id), norm(g.name)])
            .collect();
        keys.extend(GPUS.iter().flat_map(|g| g.aliases.iter().map(|a| norm(a))));
        let mut seen = std::collections::BTreeMap::new();
        for g in GPUS {
            for k in [norm(g.id), norm(g.name)]
                .into_iter()
                .chain(g.aliases.iter().map(|a| norm(a)))
            {
                if let Some(other) = seen.insert(k.clone(), g.id) {
                    assert_eq!(other, g.id, "{k} names two GPUs");
                }
            }
            assert!(g.memory_gb > 0);
            assert_eq!(g.vendor == Vendor::Amd, g.gfx.is_some());
        }
    }

    #[test]
    fn lookup_is_forgiving() {
        assert_eq!(find_gpu("RTX 5090").unwrap().id, "rtx-5090");
        assert_eq!(find_gpu("rtx5090").unwrap().id, "rtx-5090");
        assert_eq!(find_gpu("GeForce RTX 5090").unwrap().id, "rtx-5090");
        assert_eq!(find_gpu("gb10").unwrap().id, "dgx-spark");
        assert_eq!(find_gpu("mi355x").unwrap().capability, (9, 5));
        assert!(find_gpu("TPU v5").is_none());
        assert!(find_gpu("").is_none());
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
