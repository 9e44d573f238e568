#!/usr/bin/env python3
"""Scan kernel-package wheels for the GPU architectures they ship and their own arch checks.

Produces the machine-readable evidence behind docs/kernels/ (wheel-archs.json):

* for every ELF shared object in a wheel, the SM targets of its embedded device code, read from
  the `.nv_fatbin` section (fatbin entry header: kind@0 (1 = PTX, 2 = ELF cubin), header
  size@4, payload size@8, SM number@28, flags@40 with 0x100000 = arch-specific `a` and
  0x200000 = family `f`; verified against the cubins' own ELF e_flags / tkinfo strings);
* which of a fixed list of architecture error messages occur in each object's `.rodata`;
* file:line of the Python/C++ source lines that hold the packages' architecture checks
  (PATTERNS below), so every citation in docs/kernels/ can be regenerated.

Standard library only. Usage:

    pip download --no-deps <pkg>==<ver> -d "$KERNEL_WHEELS_DIR"      # see docs/kernels/README.md
    python3 scripts/kernels/scan_wheels.py [WHEELS_DIR] > docs/kernels/wheel-archs.json

WHEELS_DIR defaults to $KERNEL_WHEELS_DIR, else ./kernel-wheels.
"""

import json
import os
import re
import struct
import sys
import tempfile
import zipfile

FATBIN_MAGIC = 0xBA55ED50

# Architecture error messages looked for in the compiled objects' read-only data.
MESSAGES = [
    "Unsupported architecture",
    "Unsupported architecture for sparse decode fwd",
    "Sparse Attention Forward Kernel is only supported on SM90a and SM100f architectures.",
    "Dense decode MLA is only supported on SM90a architecture",
    "Dense FP8 MLA is only supported on SM90",
    "Sparse Attention Decode Kernel (sparse_decode_fwd) is only supported on SM100f architectures.",
    "Sparse Attention Prefill Kernel (sparse_prefill_fwd) is only supported on SM100f architectures.",
    "Only Hopper supports different V headdim",
    "FlashAttention on Ampere/Ada cards only supports fp16 and bf16 data type",
    "Sparse mask is only supported on SM90+ (Hopper)",
    "-gencode=arch=compute_120f,code=sm_120f",
]

# Source lines holding architecture checks: (file-name regex, line regex).
PATTERNS = [
    (r"flashinfer/data/include/flashinfer/trtllm/fmha/fmhaRunner\.cuh$", r"mSM == kSM_10"),
    (r"flashinfer/xqa\.py$", r"XQA MLA only supports 128 query heads|XQA MLA is only supported on SM120"),
    (r"flashinfer/mla/_core\.py$", r"XQA MLA requires SM120a|cc\[0\] == 12 and sparse_mla_top_k|elif cc\[0\] != 10:"),
    (r"flashinfer/mla/(_core|_batch_mla/_auto_policy)\.py$", r"gives poor MLA decode performance|def determine_mla_backend|== \(10, 0\)|in \(\(10, 0\), \(10, 3\)\)"),
    (r"flashinfer/utils\.py$", r"def determine_mla_backend"),
    (r"flashinfer/artifacts\.py$", r"sm100f/sm103a|DSL_FMHA_ARCHS|\"sm_1[01][0-9]a\","),
    (r"sgl_kernel/flash_attn\.py$", r"get_device_capability\(device\)\[0\] == [89]|only supported on sm90 and above|Can not import FA3"),
    (r"sgl_kernel/load_utils\.py$", r"compute_capability == 90"),
    (r"flash_attn/cute/interface\.py$", r"FP8 is only supported on SM100|Unsupported compute capability\. Supported|only support Blackwell arch with qv"),
    (r"aiter/jit/utils/chip_info\.py$", r"^\s+\d+: \"gfx|Unknown GPU architecture"),
]

TEXT_SUFFIXES = (".py", ".cuh", ".h", ".hpp", ".cu")


def elf_sections(f):
    """Yields (name, offset, size) for each section of an ELF64 little-endian file."""
    f.seek(0)
    ident = f.read(64)
    if ident[:4] != b"\x7fELF" or ident[4] != 2:
        return
    shoff, = struct.unpack_from("<Q", ident, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", ident, 0x3A)
    f.seek(shoff)
    table = f.read(shentsize * shnum)
    heads = [struct.unpack_from("<IIQQQQIIQQ", table, i * shentsize) for i in range(shnum)]
    str_off, str_size = heads[shstrndx][4], heads[shstrndx][5]
    f.seek(str_off)
    names = f.read(str_size)
    for h in heads:
        end = names.find(b"\0", h[0])
        yield names[h[0]:end].decode(errors="replace"), h[4], h[5]


def arch_name(sm, flags):
    """sm_XX with the `a` / `f` suffix encoded in the fatbin entry flags."""
    return "sm_%d%s%s" % (sm, "a" if flags & 0x100000 else "", "f" if flags & 0x200000 else "")


def scan_fatbin(f, off, size):
    """Counts fatbin entries per (kind, arch) in one .nv_fatbin section."""
    f.seek(off)
    data = f.read(size)
    found = {}
    pos = 0
    while pos + 16 <= len(data):
        magic, _ver, hsz, fsz = struct.unpack_from("<IHHQ", data, pos)
        if magic != FATBIN_MAGIC:
            pos += 8
            continue
        p, end = pos + hsz, pos + hsz + fsz
        while p + 64 <= end:
            kind, _u, ehsz, psize = struct.unpack_from("<HHIQ", data, p)
            sm, = struct.unpack_from("<I", data, p + 28)
            flags, = struct.unpack_from("<Q", data, p + 40)
            if ehsz == 0:
                break
            key = ("PTX" if kind == 1 else "ELF") + ":" + arch_name(sm, flags)
            found[key] = found.get(key, 0) + 1
            p += ehsz + psize
        pos = end
    return found


def scan_so(path):
    """Architectures and known messages of one shared object."""
    archs, messages = {}, []
    with open(path, "rb") as f:
        sections = list(elf_sections(f))
        for name, off, size in sections:
            if name == ".nv_fatbin":
                for k, n in scan_fatbin(f, off, size).items():
                    archs[k] = archs.get(k, 0) + n
        ro = b""
        for name, off, size in sections:
            if name.startswith(".rodata"):
                f.seek(off)
                ro += f.read(size)
    for m in MESSAGES:
        if m.encode() in ro:
            messages.append(m)

    def order(k):
        digits = re.findall(r"\d+", k)
        return (k.split(":")[0], int(digits[0]) if digits else 0, k)

    return {
        "elf": sorted({k.split(":")[1] for k in archs if k.startswith("ELF")}, key=lambda a: order("x:" + a)),
        "ptx": sorted({k.split(":")[1] for k in archs if k.startswith("PTX")}, key=lambda a: order("x:" + a)),
        "messages": messages,
    }


def scan_wheel(path):
    """One record per wheel: its shared objects and the arch-check source lines."""
    out = {"wheel": os.path.basename(path), "shared_objects": {}, "arch_checks": []}
    with zipfile.ZipFile(path) as z:
        for info in z.infolist():
            name = info.filename
            if re.search(r"\.so(\.\d+)*$", name):
                with tempfile.TemporaryDirectory() as tmp:
                    extracted = z.extract(info, tmp)
                    out["shared_objects"][name] = scan_so(extracted)
            elif name.endswith(TEXT_SUFFIXES):
                rules = [lr for fr, lr in PATTERNS if re.search(fr, name)]
                if not rules:
                    continue
                text = z.read(info).decode("utf-8", errors="replace").splitlines()
                for i, line in enumerate(text, 1):
                    if any(re.search(lr, line) for lr in rules):
                        out["arch_checks"].append({"file": name, "line": i, "text": line.strip()})
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("KERNEL_WHEELS_DIR", "kernel-wheels")
    wheels = sorted(os.path.join(root, w) for w in os.listdir(root) if w.endswith(".whl"))
    json.dump([scan_wheel(w) for w in wheels], sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
