# SPDX-License-Identifier: MIT
"""tools/cachesim/policies.py --from-csv on the kept reference run
(docs/cachesim/policies-2M-1way-64B): no boot, host only. Asserts the plot
titles' cache geometry and CPU line, taken from policies.txt (its old form,
'# make run-policies ...' only, and the new '# plugin:' / '# @header' lines),
and that one PNG per workload is written."""
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOLS = os.path.join(ROOT, "tools", "cachesim")
REF = os.path.join(ROOT, "docs", "cachesim", "policies-2M-1way-64B")
sys.path.insert(0, TOOLS)
import policies  # noqa: E402


def test_title_from_reference_txt():
    title, l1, l2 = policies.geometry_of_txt(os.path.join(REF, "policies.txt"))
    assert (l1, l2) == (32 << 10, 2 << 20)
    assert title == ("simulated L2 2 MiB direct-mapped, 64-byte lines, behind L1 32 KiB 8-way "
                     "(latency 4/12/200 cycles)\nguest GenuineIntel family 6 model 6 under QEMU TCG + "
                     "tools/cachesim, 512 colors, seed 0x00000001")


def test_title_from_old_txt(tmp_path):
    """A policies.txt from before the '# plugin:' line: the make line and the defaults of then."""
    txt = tmp_path / "policies.txt"
    txt.write_text("# make run-policies CACHE_SIZE=2M CACHE_WAYS=1 LINE=64 RUNS=3 MEM=256M SEED=1\n"
                   "# kernel: bench=stride cachesim=on cache_size=2M cache_ways=1 bench_runs=3\n")
    title, l1, l2 = policies.geometry_of_txt(str(txt))
    assert (l1, l2) == (32 << 10, 2 << 20)
    cache, cpu = title.split("\n")
    assert cache == ("simulated L2 2 MiB direct-mapped, 64-byte lines, behind L1 32 KiB 8-way "
                     "(latency 4/12/200 cycles)")
    assert cpu.startswith("guest CPU: QEMU's default model under TCG") and "512 colors" in cpu


def test_title_from_plugin_and_header(tmp_path):
    txt = tmp_path / "policies.txt"
    txt.write_text("# make run-policies CACHE_SIZE=1M CACHE_WAYS=16 LINE=64 RUNS=3 MEM=256M SEED=1\n"
                   "# plugin: l2size=1M,l2ways=16,line=64,l1size=0,maxphys=256M,out=build/x/sim.txt\n"
                   "# @header version=0.1.0 cpu_vendor=GenuineIntel family=6 model=6 colors=16 seed=0x00000001\n")
    title, l1, l2 = policies.geometry_of_txt(str(txt))
    assert (l1, l2) == (0, 1 << 20)
    assert title == ("simulated L2 1 MiB 16-way, 64-byte lines, no L1 (latency 4/12/200 cycles)\n"
                     "guest GenuineIntel family 6 model 6 under QEMU TCG + tools/cachesim, 16 colors, seed 0x00000001")


def test_parse_size():
    assert [policies.parse_size(v) for v in ("2M", "32K", "65536", "1G")] == [2 << 20, 32 << 10, 65536, 1 << 30]


def test_replot_reference(tmp_path):
    p = subprocess.run([sys.executable, os.path.join(TOOLS, "policies.py"), "--from-csv",
                        os.path.join(REF, "policies.csv"), "--plots", str(tmp_path / "policies")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode == 0, p.stdout
    for w in ("stride-seq", "stride-rand", "fft", "triad", "sparse", "reuse"):
        png = tmp_path / f"policies_{w}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", w
    # a CSV without policies.txt beside it: a clear error, exit 2
    lone = tmp_path / "lone" / "policies.csv"
    lone.parent.mkdir()
    lone.write_text((open(os.path.join(REF, "policies.csv")).read()))
    p = subprocess.run([sys.executable, os.path.join(TOOLS, "policies.py"), "--from-csv", str(lone), "--plots",
                        str(tmp_path / "lone" / "x")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode == 2 and "policies.txt" in p.stdout, p.stdout
