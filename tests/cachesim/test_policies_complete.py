# SPDX-License-Identifier: MIT
"""Completeness of make run-policies' table (tools/cachesim/policies.py), host
only, no boot:

* a crafted serial log + plugin report where the phase markers ran out (the
  kernel's "bench: more than N phases" line) part way through the second
  policy, and a third policy never ran: the table names every missing policy
  x workload x working set, with the kernel's reason, and policies.py exits 3;
  the same input complete exits 0 with no "missing:" line; fewer runs than
  asked, a policy the kernel refused and a kernel @skip are reported too;
* the phase budget: the phases the documented defaults of make run-policies,
  make cachesim-targets and make run-cachesim need (policies.phases_needed,
  checked against a real boot's @phase lines in test_policies.py) are within
  the ids the kernel (arch/x86/arch.h) and the plugin (cachesim.c) share.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOLS = os.path.join(ROOT, "tools", "cachesim")
sys.path.insert(0, TOOLS)
import policies  # noqa: E402

POLICIES_PY = os.path.join(TOOLS, "policies.py")
CONFIG = "cachesim config l2size=262144 l2ways=1 line=64 l1size=0 l1ways=8 l1lat=4 l2lat=12 memlat=200\n"


def craft(tmp_path, pols, ws_list, runs, cut=None, refused=(), skip=None, runs_of=None):
    """Writes a serial log and a plugin report of a bench_policies= boot with stride over
    ws_list, `runs` runs per point; phase ids stop after `cut` phases (the kernel's
    out-of-ids line then); refused: policies the kernel says it lacks; skip: (policy, ws)
    the kernel skipped with an @skip line; runs_of: {(policy, ws): runs} overrides."""
    log, sim = [], [CONFIG]
    pid = 0
    for p in pols:
        if p in refused:
            log.append(f"@policy name={p} status=unavailable\n")
            continue
        log.append(f"@policy name={p} status=selected\n")
        for pat in ("seq", "rand"):
            for ws in ws_list:
                if skip == (p, ws):
                    log.append(f"@skip bench=stride ws={ws} policy={p} reason=no_memory runs=0\n")
                    continue
                for r in range((runs_of or {}).get((p, ws), runs)):
                    if cut is not None and pid == cut:
                        log.append(f"bench: more than {cut} phases; later runs are not marked\n")
                        cut = -1
                    if cut == -1:
                        continue
                    pid += 1
                    color = "off" if p in ("buddy", "random") else "on"
                    log.append(f"@phase id={pid} bench=stride pattern={pat} color={color} ws={ws} run={r}\n")
                    sim.append(f"cachesim phase={pid} accesses=1000 loads=990 stores=10 l1_hits=0 "
                               f"l1_misses=0 l2_hits=900 l2_misses=100 cycles=30800\n")
    log.append("@final status=ok\n")
    lp, sp = tmp_path / "serial.log", tmp_path / "sim.txt"
    lp.write_text("".join(log))
    sp.write_text("".join(sim))
    return str(lp), str(sp)


def run(log, sim, pols, runs, workloads="stride"):
    p = subprocess.run([sys.executable, POLICIES_PY, "--policies", ",".join(pols), "--workloads", workloads,
                        "--runs", str(runs), log, sim], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


POLS = ["buddy", "binhop", "random"]
WS = [16384, 32768]


def test_complete_table_exits_0(tmp_path):
    rc, out, err = run(*craft(tmp_path, POLS, WS, 3), POLS, 3)
    assert rc == 0, out + err
    assert "missing:" not in out and "incomplete" not in out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] and line.split()[0] in POLS]
    assert len(rows) == 3 * 2 * 2 and all(r[3] == "3" for r in rows)


def test_markers_ran_out_is_said_and_fails(tmp_path):
    # 3 policies x 2 patterns x 2 ws x 3 runs = 36 phases; ids run out after 20:
    # binhop's stride-seq 32768 is cut after 2 runs (buddy 12, binhop seq 16384 3 + 2)
    # and binhop's stride-rand and every random row are missing
    log, sim = craft(tmp_path, POLS, WS, 3, cut=17)
    rc, out, err = run(log, sim, POLS, 3)
    assert rc == 3, out + err
    miss = [line for line in out.splitlines() if line.startswith("missing: ")]
    why = " (the kernel: bench: more than 17 phases; later runs are not marked)"
    assert miss == [f"missing: binhop stride-seq ws=32768: 2 of 3 runs measured{why}",
                    f"missing: random stride-seq: no working set measured{why}",
                    f"missing: binhop stride-rand: no working set measured{why}",
                    f"missing: random stride-rand: no working set measured{why}"], out
    assert "kernel said: bench: more than 17 phases; later runs are not marked" in out
    assert "incomplete: 4 asked-for configuration(s) missing" in out
    assert "4 asked-for configuration(s) missing" in err


def test_missing_point_refused_policy_and_skip(tmp_path):
    log, sim = craft(tmp_path, POLS, WS, 2, refused=("random",), skip=("binhop", 32768),
                     runs_of={("buddy", 16384): 1})
    rc, out, err = run(log, sim, POLS, 2)
    assert rc == 3, out + err
    miss = [line for line in out.splitlines() if line.startswith("missing: ")]
    assert miss == ["missing: buddy stride-seq ws=16384: 1 of 2 runs measured",
                    "missing: binhop stride-seq ws=32768: not measured (the kernel skipped it: no_memory)",
                    "missing: random stride-seq: the kernel refused the policy",
                    "missing: buddy stride-rand ws=16384: 1 of 2 runs measured",
                    "missing: binhop stride-rand ws=32768: not measured (the kernel skipped it: no_memory)",
                    "missing: random stride-rand: the kernel refused the policy"], out


def test_asked_workload_absent(tmp_path):
    """fft asked for, none in the log: every policy's fft is missing."""
    rc, out, err = run(*craft(tmp_path, POLS, WS, 2), POLS, 2, workloads="stride,fft")
    assert rc == 3, out + err
    assert [line for line in out.splitlines() if line.startswith("missing: ")] == [
        f"missing: {p} fft: no working set measured" for p in POLS]


def define(path, name):
    with open(os.path.join(ROOT, path)) as f:
        m = re.search(rf"^#define\s+{name}\s+(.+?)\s*(/\*.*)?$", f.read(), re.M)
    assert m, (path, name)
    return m.group(1)


def make_default(name):
    with open(os.path.join(TOOLS, "cachesim.mk")) as f:
        m = re.search(rf"^{name}\s*\?=\s*(\S+)\s*$", f.read(), re.M)
    assert m, name
    return m.group(1)


def phase_limit():
    """The largest phase id both the kernel and the plugin handle, from their sources."""
    k_pages = define("arch/x86/arch.h", "PHASE_MARK_HI_PAGES")
    p_pages = define("tools/cachesim/cachesim.c", "PHASE_HI_PAGES")
    assert k_pages == p_pages, (k_pages, p_pages)
    assert define("arch/x86/arch.h", "PHASE_MARK_HI_BASE") == "(PHASE_MARK_BASE + 2 * 4096u)"
    assert define("tools/cachesim/cachesim.c", "PHASE_HI_BASE") == "(PHASE_MARK_BASE + 2 * PHASE_MARK_PAGE)"
    pages = int(k_pages.rstrip("u"))
    assert define("arch/x86/arch.h", "PHASE_MARK_MAX") == "(1023u + PHASE_MARK_HI_PAGES * 1024u)"
    assert define("bench/bench_buf.c", "PHASE_MAX") == "PHASE_MARK_MAX"
    return 1023 + 1024 * pages


def test_phase_budget_of_the_documented_defaults():
    limit = phase_limit()
    size = policies.parse_size(make_default("CACHE_SIZE"))
    runs = int(make_default("RUNS"))
    pols = make_default("POLICIES").split(",")
    assert pols == ["all"]  # every policy of the registry (run-policies.sh)
    pols = policies.registry_policies()
    works = make_default("WORKLOADS").split(",")
    # make run-policies: every policy on every workload, 16K .. 2 x the cache
    need = policies.phases_needed(works, runs, 16 << 10, 2 * size, policies=len(pols))
    assert need == 270 * len(pols)  # per policy: 90 stride + 45 fft + 45 triad + 45 sparse + 45 reuse
    assert need <= limit
    # make cachesim-targets: RUNS=20 BENCH=all (stride and fft, colored and uncolored)
    assert policies.phases_needed(["all"], 20, 16 << 10, 2 * size) == 1080 <= limit
    # make run-cachesim: RUNS=5 bench=all
    assert policies.phases_needed(["all"], runs, 16 << 10, 2 * size) == 270 <= limit
    # the old single page (1023 ids) fell short of the first two
    assert limit >= 16383


def test_phases_needed_counts():
    # triad: 4K/3 .. 16K/3 all round to 1 page (run once), 32K/3 to 2 pages
    assert policies.phases_needed(["triad"], 1, 4096, 32768, policies=1) == 2
    assert policies.phases_needed(["sparse"], 2, 1024, 8192, policies=1) == 4  # 4K, 8K
    assert policies.phases_needed(["fft"], 3, 16384, 65536) == 3 * 3 * 2
    assert policies.phases_needed(["stride"], 100, 16384, 16384) == 2 * 64 * 2  # at most 64 runs kept


def test_policy_list_comes_from_the_registry(tmp_path):
    """policies.py and run-policies.sh take the policies from
    mm/placement/registry.h, so a policy added there (one X line) is run and
    ordered with no edit in tools/cachesim."""
    real = open(os.path.join(ROOT, "mm", "placement", "registry.h")).read()
    names = policies.registry_policies()
    assert names == policies.POLICIES and names[0] == "buddy"  # id 0: the policy before setup
    assert len(names) == len(set(names)) == len(re.findall(r"^\s*X\(", real, re.M))
    # a trial policy: one line at the end of the list
    trial = tmp_path / "registry.h"
    trial.write_text(real.replace("\t/* (the end of the list) */", "\tX(TRIAL, trial) \\\n\t/* (the end of the list) */"))
    assert policies.registry_policies(str(trial)) == names + ["trial"]
    trial.write_text("#define OTHER(X) X(A, a)\n")
    try:
        policies.registry_policies(str(trial))
        assert False, "a file without PLACEMENT_POLICIES must be refused"
    except ValueError as e:
        assert "PLACEMENT_POLICIES" in str(e)
    out = subprocess.run([sys.executable, POLICIES_PY, "--registry"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == ",".join(names) + "\n"


def test_run_policies_refuses_a_name_the_registry_lacks():
    """Refused before anything is built or booted, naming the registry's list."""
    out = subprocess.run([os.path.join(TOOLS, "run-policies.sh"), "--policies", "buddy,trial"],
                         capture_output=True, text=True, timeout=60)
    names = ",".join(policies.registry_policies())
    assert out.returncode == 2, out
    assert f"run-policies.sh: unknown policy 'trial' (accepted: {names}, or all)" in out.stderr
