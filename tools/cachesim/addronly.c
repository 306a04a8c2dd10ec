/* SPDX-License-Identifier: MIT */
/*
 * addronly.c - QEMU TCG plugin that only asks QEMU for the physical address
 * of every guest data access (qemu_plugin_get_hwaddr, _is_io, _phys_addr)
 * and counts the accesses: the least that any physically indexed model
 * costs under QEMU 7.2, whose plugins see physical addresses only through
 * these calls from a per-access callback. make bench-cachesim times a boot
 * with it beside the plain boot and the full model (cachesim.c).
 *
 *   qemu-system-i386 ... -plugin build/cachesim/libaddronly.so,out=FILE
 *
 * Argument: out=FILE (default stderr). At exit it writes one line
 *   addronly accesses=N ram=N io=N no_hwaddr=N
 * accesses: every load and store reported; ram: those to RAM (which the model
 * would simulate); io: MMIO; no_hwaddr: not translated. The physical
 * addresses are folded into a sum kept in memory so that no call can be
 * optimised away.
 */
#include "qemu_plugin_api.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

CS_EXPORT int qemu_plugin_version = CS_QEMU_PLUGIN_API_VERSION;

static uint64_t n_access, n_ram, n_io, n_none;
static volatile uint64_t pa_sum;
static const char *out_path = "stderr";

static void mem_cb(unsigned int vcpu, qemu_plugin_meminfo_t info,
		   uint64_t vaddr, void *udata)
{
	struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);

	(void)vcpu;
	(void)udata;
	n_access++;
	if (!hw) {
		n_none++;
	} else if (qemu_plugin_hwaddr_is_io(hw)) {
		n_io++;
	} else {
		pa_sum += qemu_plugin_hwaddr_phys_addr(hw);
		n_ram++;
	}
}

static void tb_trans_cb(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (size_t i = 0; i < n; i++)
		qemu_plugin_register_vcpu_mem_cb(qemu_plugin_tb_get_insn(tb, i),
						 mem_cb, QEMU_PLUGIN_CB_NO_REGS,
						 QEMU_PLUGIN_MEM_RW, NULL);
}

static void atexit_cb(qemu_plugin_id_t id, void *udata)
{
	FILE *f = strcmp(out_path, "stderr") ? fopen(out_path, "w") : stderr;

	(void)id;
	(void)udata;
	if (!f)
		return;
	fprintf(f,
		"addronly accesses=%" PRIu64 " ram=%" PRIu64 " io=%" PRIu64
		" no_hwaddr=%" PRIu64 "\n",
		n_access, n_ram, n_io, n_none);
	if (f != stderr)
		fclose(f);
}

CS_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
				  int argc, char **argv)
{
	if (!info->system_emulation) {
		fprintf(stderr, "addronly: needs system emulation\n");
		return -1;
	}
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "out=", 4) == 0 && argv[i][4]) {
			out_path = argv[i] + 4;
		} else {
			fprintf(stderr,
				"addronly: bad argument '%s': expected "
				"out=FILE or out=stderr\n",
				argv[i]);
			return -1;
		}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans_cb);
	qemu_plugin_register_atexit_cb(id, atexit_cb, NULL);
	return 0;
}
