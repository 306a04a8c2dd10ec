/* SPDX-License-Identifier: MIT */
/*
 * qemu_plugin_api.h - the part of QEMU's TCG plugin API that cachesim uses.
 *
 * Debian 12 ships QEMU 7.2 with plugin support compiled in, but no
 * qemu-plugin.h (there is no qemu-plugin-dev package). So these are our
 * own declarations, written from QEMU's documented plugin API, following
 * the ABI of QEMU 7.2 (plugin API version 1: QEMU_PLUGIN_VERSION == 1; a
 * 7.2 binary reports version.min..cur = 0..1). Only what cachesim calls is
 * declared. If a future QEMU changes a layout or an enum value below, this
 * file must follow it: the symbols are resolved by name when QEMU dlopen()s
 * the plugin, so a mismatch would not be caught at link time.
 *
 * Facts this file relies on (QEMU 7.2):
 *   - qemu_plugin_id_t is a 64-bit unsigned integer;
 *   - qemu_info_t is { const char *target_name; struct { int min, cur; }
 *     version; bool system_emulation; union { struct { int smp_vcpus,
 *     max_vcpus; } system; }; } in that order;
 *   - callback flags: NO_REGS = 0, R_REGS = 1, RW_REGS = 2;
 *   - memory access filter: R = 1, W = 2, RW = 3;
 *   - qemu_plugin_meminfo_t is a 32-bit unsigned integer (opaque);
 *   - the plugin exports int qemu_plugin_version and qemu_plugin_install.
 */
#ifndef CACHESIM_QEMU_PLUGIN_API_H
#define CACHESIM_QEMU_PLUGIN_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CS_EXPORT __attribute__((visibility("default")))

/* API level this plugin is written against (QEMU 7.2 accepts 0..1). */
#define CS_QEMU_PLUGIN_API_VERSION 1

typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;

typedef struct qemu_info_t {
	const char *target_name;
	struct {
		int min;
		int cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus;
			int max_vcpus;
		} system;
	};
} qemu_info_t;

enum qemu_plugin_cb_flags {
	QEMU_PLUGIN_CB_NO_REGS = 0,
	QEMU_PLUGIN_CB_R_REGS = 1,
	QEMU_PLUGIN_CB_RW_REGS = 2,
};

enum qemu_plugin_mem_rw {
	QEMU_PLUGIN_MEM_R = 1,
	QEMU_PLUGIN_MEM_W = 2,
	QEMU_PLUGIN_MEM_RW = 3,
};

/* Opaque handles owned by QEMU. */
struct qemu_plugin_tb;
struct qemu_plugin_insn;
struct qemu_plugin_hwaddr;

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index,
					  qemu_plugin_meminfo_t info,
					  uint64_t vaddr, void *userdata);

/* Exported by the plugin, looked up by QEMU with dlsym(). */
extern CS_EXPORT int qemu_plugin_version;
CS_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
				  int argc, char **argv);

/* Provided by the QEMU executable (resolved at dlopen time). */
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *
qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
				      qemu_plugin_vcpu_mem_cb_t cb,
				      enum qemu_plugin_cb_flags flags,
				      enum qemu_plugin_mem_rw rw,
				      void *userdata);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
/* NULL in user mode, or if QEMU cannot resolve the access (then it logs). */
struct qemu_plugin_hwaddr *qemu_plugin_get_hwaddr(qemu_plugin_meminfo_t info,
						  uint64_t vaddr);
bool qemu_plugin_hwaddr_is_io(const struct qemu_plugin_hwaddr *haddr);
uint64_t qemu_plugin_hwaddr_phys_addr(const struct qemu_plugin_hwaddr *haddr);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);
/*
 * Writes through QEMU's log: shown only with -d plugin (to stderr, or to
 * the -D FILE); silently dropped otherwise (checked on QEMU 7.2).
 */
void qemu_plugin_outs(const char *string);

#endif
