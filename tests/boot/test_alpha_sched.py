# SPDX-License-Identifier: MIT
"""Task switching on Alpha (kernel/sched.c over arch/alpha/switch.S): the
Alpha kernel's boot check (arch/alpha/sched_check.c) runs three tasks of 100
rounds each that take turns by sched_yield_cpu; each checks, every round,
that its turn came in round-robin order and that the values it keeps across
the switch (in callee-saved integer and floating-point registers, and on its
own stack) survived. One boot, under a second of CPU. Skipped, with the
reason, when the Alpha tools (tools/deps.txt's alpha job) are missing."""
import re

import pytest

from alpha_tools import needs_alpha, record, run_alpha

pytestmark = needs_alpha

TASKS, ROUNDS = 3, 100


@pytest.fixture(scope="module")
def alpha_log():
    return run_alpha("128M", "bench=none")


def test_alpha_tasks_switch_and_keep_their_registers(alpha_log):
    rc, log = alpha_log
    s = record(log, "@sched")
    assert s["check"] == "ok", "\n".join(re.findall(r"^sched: .*$", log, re.M))
    # every round of every task ran, each turn in round-robin order
    assert s["tasks"] == str(TASKS) and s["rounds"] == str(ROUNDS)
    assert s["turns"] == str(TASKS * ROUNDS)
    # sched_run's count: the first task's start, one switch per yield
    # (another task is always runnable), and two ends that leave a task to
    # run; the last end returns to the boot code, not counted
    assert s["switches"] == str(1 + TASKS * ROUNDS + (TASKS - 1))
    assert not re.search(r"^sched: ", log, re.M), log[-3000:]
    assert rc == 0, log[-3000:]
    assert record(log, "@final") == {"status": "ok", "failures": "0", "cmdline_errors": "0"}
