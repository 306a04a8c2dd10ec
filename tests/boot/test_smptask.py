# SPDX-License-Identifier: MIT
"""A task per CPU (bench=smptask): on four CPUs each CPU's work runs as its
own task, with its own `current`, its own round-robin of colors from its own
first color and the task color set (task_colors=); the CPUs allocate in
turns (CPU 0, 1, 2, 3, CPU 0 again, ...), so a round-robin shared between
CPUs would break every CPU's sequence at its second turn. Then each CPU's
own local APIC timer preempts two tasks on that CPU's run queue, and each of
those keeps its own round-robin across the switches. One boot, about 2 s."""
from test_smp import boot_smp

SET = set(range(32, 224))  # task_colors=32-223: 192 of 256 colors (QEMU's 16 MiB 16-way cache)


def next_in_set(c, colors):
    """The color after c in the set, cyclically over the cache's colors."""
    for k in range(1, colors + 1):
        n = (c + k) % colors
        if n in SET:
            return n
    raise AssertionError("empty set")


def check_round_robin(rec, colors):
    seq = [int(c) for c in rec["colors"].split(",")]
    assert len(seq) == int(rec["pages"]) and seq, rec
    assert all(c in SET for c in seq), f"{rec['task']}: a page outside task_colors: {seq}"
    for a, b in zip(seq, seq[1:]):
        assert b == next_in_set(a, colors), f"{rec['task']} (cpu {rec['cpu']}): {a} then {b}: not its own round-robin: {seq}"
    assert int(rec["hits"]) == len(seq) and rec["misses"] == "0", rec
    return seq[0]


def test_task_per_cpu():
    b = boot_smp("bench=smptask task_colors=32-223 bench_runs=1", 4)
    assert b.rc == 0, b.log[-3000:]
    assert b.record("smp")["cpus"] == "4"
    line = [l for l in b.lines if l.startswith("smp: each CPU runs as its own task:")]
    assert line and "cpu1=cpu1(pid 1)" in line[0] and "cpu3=cpu3(pid 3)" in line[0], line
    colors = int([l for l in b.lines if l.startswith("smptask: 4 CPUs")][0].split("(")[1].split()[0])
    assert colors == 256, colors
    recs = b.records("smptask")
    assert len(recs) == 12, recs
    turns = [r for r in recs if r["part"] == "turns"]
    sched = [r for r in recs if r["part"] == "sched"]
    assert sorted(int(r["cpu"]) for r in turns) == [0, 1, 2, 3]
    # each CPU's task is its own: pid, `current`, and its own round-robin
    assert len({r["pid"] for r in recs}) == 12, recs
    assert len({r["current"] for r in recs}) == 12, recs
    for r in turns:
        assert int(r["pages"]) == 24, r  # 3 turns of 8 pages
        check_round_robin(r, colors)
    # each CPU's timer preempted its two tasks, on the application
    # processors as on CPU 0; a task's pages stay its own round-robin
    for c in b.records("smptask_cpu"):
        assert c["timed_out"] == "0" and c["failed"] == "0", c
        assert int(c["ticks"]) >= 2 and int(c["switches"]) >= 4, c
    for r in sched:
        assert int(r["pages"]) == 6 and int(r["slices"]) >= 3, r
        check_round_robin(r, colors)
    assert b.record("result")["bench"] == "smptask" and b.record("result")["status"] == "ok"


def test_interfere_across_cpus():
    """bench=interfere on two CPUs: besides the timer-switched pair on CPU 0,
    the victim on CPU 0 and the aggressor on CPU 1 at the same time, each
    CPU's `current` its own task with its own set (no page outside it)."""
    b = boot_smp("bench=interfere bench_runs=1 selftest=off cache_size=256K cache_ways=1", 2)
    assert b.rc == 0, b.log[-3000:]
    res = {r["partition"]: r for r in b.records("result")
           if r.get("bench") == "interfere" and r.get("aggressor") == "cpu1"}
    assert set(res) == {"all", "1/2", "1/4", "1/8"}, res
    for part, r in res.items():
        assert r["runs"] == "1" and float(r["median"]) > 0, r
        assert r["victim_pid"] != r["aggressor_pid"] and "0" not in (r["victim_pid"], r["aggressor_pid"]), r
        assert r["outside_set"] == "0", r
    assert [res[p]["victim_colors"] for p in ("all", "1/2", "1/4", "1/8")] == ["64", "32", "16", "8"]
    assert b.record("final")["status"] == "ok"
