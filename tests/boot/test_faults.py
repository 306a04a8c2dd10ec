# SPDX-License-Identifier: MIT
"""Boot tests of every fault= value (arch/x86/fault_inject.c): each must raise its CPU
exception for real and end in the trap handler's report, never in a
success. Issue 8, item 11: fault=de once printed 0 and '@final status=ok'
(the compiler had folded the division away); item 9: a double list_del
wrote silently through the old list poison (0x00100100, mapped read-write).

For each value: the FAULT line (vector, mnemonic, error code, cr2 where the
exception sets it), an EIP inside the code that raised it (kernel.sym), the
register dump, '@final status=fail reason=fault', no '@final status=ok',
and run-qemu.sh's status 1 (QEMU ended by the kernel's failure code through
isa-debug-exit; with -no-reboot a reset or triple fault would give 4)."""
import bisect
import os
import re

import pytest

from conftest import BUILD

SYM = os.path.join(BUILD, "kernel.sym")

# value -> (vector, mnemonic, error code, cr2 or None when the CPU does not set it)
FAULTS = {
    "pf": (14, "#PF page fault", 0x2, 0xDEADBEEF),
    "null": (14, "#PF page fault", 0x0, 0x0),
    "ud": (6, "#UD invalid opcode", 0x0, None),
    "de": (0, "#DE divide error", 0x0, None),
    # the second list_del stores to LIST_POISON1->prev: 0x100 + 4
    "list": (14, "#PF page fault", 0x2, 0x104),
    # movw 0x1230 -> %ds: GDT index 0x246 is beyond the GDT's limit
    "gp": (13, "#GP general protection", 0x1230, None),
}

FAULT_RE = re.compile(
    r"^FAULT: vector (\d+) \(([^)]*)\) error=0x([0-9a-f]{8}) eip=0x([0-9a-f]{8})\n  cs=0x([0-9a-f]{4}) "
    r"eflags=0x([0-9a-f]{8}) cr2=0x([0-9a-f]{8})$", re.M)


def symbols():
    """Sorted (address, name) of the text symbols in build/kernel.sym."""
    out = []
    with open(SYM) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTW":
                out.append((int(parts[0], 16), parts[2]))
    out.sort()
    return out


def function_at(syms, eip):
    i = bisect.bisect_right([a for a, _ in syms], eip) - 1
    return syms[i][1] if i >= 0 else None


@pytest.mark.parametrize("value", sorted(FAULTS))
def test_fault_value_raises_its_exception(booter, value):
    vector, mnemonic, error, cr2 = FAULTS[value]
    b = booter("32M", f"bench=none fault={value}")
    assert b.rc == 1, f"run-qemu.sh exit status {b.rc} (1 = the kernel reported failure)\n{b.log[-2000:]}"
    assert f"fault: raising a deliberate CPU exception (fault={value})" in b.log
    m = FAULT_RE.search(b.log)
    assert m, f"no FAULT report line\n{b.log[-2000:]}"
    assert int(m.group(1)) == vector
    assert m.group(2) == mnemonic
    assert int(m.group(3), 16) == error
    eip = int(m.group(4), 16)
    assert int(m.group(5), 16) == 0x8  # kernel code segment
    if cr2 is not None:
        assert int(m.group(7), 16) == cr2
    # EIP: inside the function that raised it (fault_list_double_del may be inlined)
    assert function_at(symbols(), eip) in ("fault_raise", "fault_list_double_del"), hex(eip)
    after = b.log[m.end():]
    for line in b.log[m.start():].splitlines():  # the end of the log fits the 80-column screen
        assert len(line) <= 79, line
    for reg in ("eax=", "ebx=", "ecx=", "edx=", "esi=", "edi=", "ebp=", "esp=", "cr0=", "cr3=", "cr4="):
        assert reg in after, reg
    if vector == 14:
        assert "  pf: present=0 write=%d" % (error >> 1 & 1) in after
    final = b.record("final")
    assert final["status"] == "fail" and final["reason"] == "fault"
    assert "@final status=ok" not in b.log
    assert "pagecolor: FAILURE (CPU exception)" in b.log
    assert "raised no exception" not in b.log


def test_de_is_the_issue_input(booter):
    """The exact input of issue 8, item 11 (MEM=32M bench=none fault=de):
    no quotient is printed and the run fails."""
    b = booter("32M", "bench=none fault=de")
    assert "FAULT: vector 0 (#DE divide error)" in b.log
    assert "fault: 1 / 0 =" not in b.log
    assert b.rc == 1


def test_list_poison_values_printed_are_in_page_0(booter):
    """After the first list_del the entry holds the poison values, both in
    page 0 (never mapped), and the second one faults on the first of them."""
    b = booter("32M", "bench=none fault=list")
    m = re.search(r"fault: node unlinked once; next=0x([0-9a-f]+) prev=0x([0-9a-f]+)", b.log)
    assert m, b.log[-2000:]
    nxt, prv = int(m.group(1), 16), int(m.group(2), 16)
    assert nxt == 0x100 and prv == 0x200
    assert nxt < 0x1000 - 8 and prv < 0x1000 - 8
    assert "cr2=0x%08x" % (nxt + 4) in b.log


def test_every_fault_choice_is_tested():
    """Every value the kernel accepts for fault= (arch/x86/fault_inject.c) is in FAULTS."""
    src = open(os.path.join(BUILD, "..", "arch", "x86", "fault_inject.h")).read()
    m = re.search(r"#define FAULT_CHOICES\s*\\?\s*\{([^}]*)\}", src)
    values = re.findall(r'"([a-z]+)"', m.group(1))
    assert values[0] == "none"
    assert sorted(values[1:]) == sorted(FAULTS)
