# SPDX-License-Identifier: MIT
"""Cache presets (tools/cachesim/presets.py, make CACHE=NAME / LEVELS=SPEC):
every preset's spec is one the model takes (levels.c's ml_parse + ml_check,
through build/cachesim/geometry-check --levels); the host preset read from a
fake sysfs tree (a directory argument) with an instruction cache, a missing
ways entry, a non-power-of-two set count and an unreadable entry; the kernel
arguments from the one function; a bad name refused by the scripts with the
list of presets; and one short preset boot whose per-level 3C columns are
present and consistent (compulsory + capacity + conflict = misses, equal to
the plugin's own level lines).
"""
import csv
import os
import subprocess
import sys

import pytest

from csboot import BUILD, OUT, ROOT

sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import presets  # noqa: E402

CHECK = os.path.join(BUILD, "cachesim", "geometry-check")
SCRIPTS = os.path.join(ROOT, "tools", "cachesim")


def ml_check(spec):
    assert os.path.exists(CHECK), "build/cachesim/geometry-check missing: run `make cachesim`"
    return subprocess.run([CHECK, "--levels", spec], stderr=subprocess.PIPE, text=True)


def fake_sysfs(tmp_path, entries):
    for idx, files in entries.items():
        d = tmp_path / idx
        d.mkdir()
        for k, v in files.items():
            (d / k).write_text(v + "\n")
    return str(tmp_path)


@pytest.mark.parametrize("name", sorted(presets.PRESETS))
def test_preset_spec_passes_ml_check(name):
    spec, _, source, _ = presets.get(name)
    p = ml_check(spec)
    assert p.returncode == 0, (name, spec, p.stderr)
    assert source  # every preset names where its figures come from
    levels = presets.parse_levels(spec)
    # the kernel is given the whole hierarchy and colors for the last level
    assert presets.kernel_args(spec) == f"cache_levels={spec} color_level={len(levels)}"


def test_preset_figures():
    lv = {n: presets.parse_levels(presets.get(n)[0]) for n in presets.PRESETS}
    assert [(x["size"], x["ways"]) for x in lv["ds10"]] == [(64 << 10, 2), (2 << 20, 1)]
    sky = lv["skylake"][-1]
    assert (sky["size"], sky["ways"]) == (8 << 20, 16) and "slices=4" in sky["options"]
    # the published linear functions o0, o1 (Maurice et al., RAID 2015)
    assert "hash=0x1b5f575440+0x2eb5faa880" in sky["options"]
    zen = lv["zen2"]
    assert (zen[-1]["size"], zen[-1]["ways"]) == (16 << 20, 16) and "excl" in zen[-1]["options"]
    assert (zen[1]["size"], zen[1]["ways"]) == (512 << 10, 8)


def test_bad_spec_refused_by_ml_check():
    p = ml_check("L1:32K:8:64:lru/L2:256K:3:64:plru")  # tree-PLRU needs power-of-two ways
    assert p.returncode == 2 and "level 2 (L2)" in p.stderr and "plru" in p.stderr


def test_host_from_fake_sysfs(tmp_path):
    root = fake_sysfs(tmp_path, {
        "index0": {"level": "1", "type": "Data", "size": "32K", "ways_of_associativity": "8",
                   "coherency_line_size": "64", "number_of_sets": "64", "shared_cpu_list": "0"},
        "index1": {"level": "1", "type": "Instruction", "size": "64K", "ways_of_associativity": "4",
                   "coherency_line_size": "64", "shared_cpu_list": "0"},
        # ways missing: derived from size / (sets x line)
        "index2": {"level": "2", "type": "Unified", "size": "512K", "coherency_line_size": "64",
                   "number_of_sets": "1024", "shared_cpu_list": "0-1"},
        # 12 MiB 16-way: 12288 sets, not a power of two -> 8192 sets, 8 MiB
        "index3": {"level": "3", "type": "Unified", "size": "12288K", "ways_of_associativity": "16",
                   "coherency_line_size": "64", "shared_cpu_list": "0-7"},
        # no size: skipped, and said
        "index4": {"level": "4", "type": "Unified"},
    })
    spec, notes = presets.read_host(root)
    assert spec == "L1:32K:8:64:lru/L2:512K:8:64:lru/L3:8M:16:64:lru"
    assert ml_check(spec).returncode == 0
    text = "\n".join(notes)
    assert "index2: ways_of_associativity None: 8 derived" in text
    assert "index3: 12M 16-way 64-byte lines is not a power-of-two number of sets (12288)" in text
    assert "index4: level or size missing" in text
    assert "shared_cpu_list 0-7" in text and "assumed: LRU" in text
    assert "index1" not in text  # the instruction cache is not a level of the data hierarchy
    assert presets.kernel_args(spec) == f"cache_levels={spec} color_level=3"
    # the same through the command line, with the directory argument
    p = subprocess.run([sys.executable, os.path.join(SCRIPTS, "presets.py"), "show", "host", "--sysfs", root],
                       stdout=subprocess.PIPE, text=True)
    assert p.returncode == 0 and f"levels=  {spec}" in p.stdout


def test_host_without_usable_cache(tmp_path):
    root = fake_sysfs(tmp_path, {"index0": {"level": "1", "type": "Instruction", "size": "32K"}})
    with pytest.raises(presets.PresetError, match="no usable data or unified cache"):
        presets.read_host(root)
    with pytest.raises(presets.PresetError, match="cannot read"):
        presets.read_host(str(tmp_path / "absent"))


def test_kernel_args_levels():
    spec = presets.get("zen2")[0]
    assert presets.kernel_args(spec) == f"cache_levels={spec} color_level=3"
    assert presets.kernel_args(spec, 2) == f"cache_levels={spec} color_level=2"
    # the sliced preset's masks reach the kernel: the run scripts' kargs
    sky = presets.get("skylake")[0]
    p = subprocess.run([sys.executable, os.path.join(SCRIPTS, "presets.py"), "resolve", "skylake"],
                       stdout=subprocess.PIPE, text=True, env=dict(os.environ, PAGECOLOR_KERNEL_GEOMETRY="size"))
    assert p.returncode == 0
    assert f"kargs='cache_levels={sky} color_level=3'" in p.stdout.splitlines()
    assert "slices=4:hash=0x1b5f575440+0x2eb5faa880" in sky
    with pytest.raises(presets.PresetError, match="accepted: 1..3"):
        presets.kernel_args(spec, 4)


@pytest.mark.parametrize("script", ["run-cachesim.sh", "run-model.sh"])
def test_bad_name_refused(script):
    p = subprocess.run([os.path.join(SCRIPTS, script), "--cache", "nosuch"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.returncode == 2
    assert "cache preset 'nosuch' unknown: accepted: ds10, skylake, zen2, host" in p.stderr


def test_make_refuses_geometry_beside_preset():
    p = subprocess.run(["make", "-s", "--no-print-directory", "run-cachesim", "CACHE=ds10", "CACHE_SIZE=1M"],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.returncode != 0 and "CACHE=/LEVELS= set the whole hierarchy" in p.stderr


def test_preset_boot_3c_columns():
    outdir = os.path.join(OUT, "preset-ds10")
    p = subprocess.run([os.path.join(SCRIPTS, "run-cachesim.sh"), "--cache", "ds10", "--bench", "stride",
                        "--runs", "1", "--seed", "5", "--outdir", outdir, "--cmdline", "bench_max=128K"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode == 0, p.stdout[-3000:]
    with open(os.path.join(outdir, "cmdline.txt")) as f:
        cmd = f.read()
    assert "cache_levels=L1:64K:2:64:lru/L2:2M:1:64:lru color_level=2" in cmd and "levels=L1:64K:2:64:lru/L2:2M:1:64:lru,classify=on" in cmd
    assert "per level: misses = compulsory + capacity + conflict" in p.stdout
    # the plugin's own level lines, per phase and level
    plugin = {}
    with open(os.path.join(outdir, "sim.txt")) as f:
        for line in f:
            if line.startswith("cachesim level phase="):
                d = dict(t.split("=", 1) for t in line.split()[2:])
                plugin[(int(d["phase"]), d["level"])] = {k: int(v) for k, v in d.items() if k != "level"}
    with open(os.path.join(outdir, "raw.csv")) as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= 16  # 2 patterns x 2 modes x 4 working sets, one run
    l1_misses = {"on": 0, "off": 0}
    for r in rows:
        for lv in ("L1", "L2"):
            c = {k: int(r[f"{lv}_{k}"]) for k in ("misses", "compulsory", "capacity", "conflict")}
            assert c["compulsory"] + c["capacity"] + c["conflict"] == c["misses"], (r["id"], lv, c)
            want = plugin[(int(r["id"]), lv)]
            assert c == {k: want[k] for k in c}, (r["id"], lv)
        if int(r["ws"]) >= 65536:  # past the 64 KiB L1: the L1's misses reach L2
            l1_misses[r["color"]] += int(r["L1_misses"])
    assert l1_misses["on"] > 0 and l1_misses["off"] > 0
    with open(os.path.join(outdir, "levels.csv")) as f:
        lrows = list(csv.DictReader(f))
    assert {r["level"] for r in lrows} == {"L1", "L2"}


def test_summary_names_the_levels_spec(tmp_path):
    """make run CACHE=skylake: the closing summary's model line named only
    'L2 8 MiB 16-way ... behind L1 32 KiB' (the config line's first and last
    levels); it names the spec now."""
    import summary
    sim = tmp_path / "sim.txt"
    spec = presets.get("skylake")[0]
    sim.write_text("cachesim config l2size=8388608 l2ways=16 line=64 l1size=32768 l1ways=8 l1lat=4 l2lat=40 "
                   f"memlat=200\ncachesim levels n=3 classify=off spec={spec}\n")
    assert summary.levels_spec(str(sim)) == spec
    sim.write_text("cachesim config l2size=2097152 l2ways=1 line=64 l1size=32768 l1ways=8\n")
    assert summary.levels_spec(str(sim)) is None
