/* SPDX-License-Identifier: MIT */
/* arch/x86/copy_select.c - see copy_select.h. */
#include "arch/x86/hv_name.h"
#include "arch/x86/copy_select.h"
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"
#include "arch/x86/fpu.h"
#include "arch/x86/kernel_fpu.h"
#include "arch/x86/trap.h"
#include "kernel/printk.h"
#include "kernel/string.h"

const char *const copy_memcpy_choices[COPY_NR + 2] = COPY_MEMCPY_CHOICES;

#define CAL_BYTES	4096u
#define CAL_TRIES	8u
#define MEMCPY_HOOK_MIN 64u  /* below: the library's rep movsb */
#define MEMCPY_FPU_MIN	512u /* below: an integer strategy (the save/restore costs more) */
#define CAL_SKEW	1u   /* the skewed class: dst + 1, src + 0 */
#define CAL_SAME	3u   /* the same class: both + 3 */

static enum copy_strategy_id chosen[COPY_CLASS_NR] = { COPY_MOVSB, COPY_MOVSB, COPY_MOVSB };
static enum copy_strategy_id chosen_int[COPY_CLASS_NR] = { COPY_MOVSB, COPY_MOVSB, COPY_MOVSB };
static u8 cal_src[CAL_BYTES + 64] __attribute__((aligned(64)));
static u8 cal_dst[CAL_BYTES + 64] __attribute__((aligned(64)));

/* CPUID once (it is slow, and under a hypervisor a VM exit); copy_run asks
 * on every copy. */
static bool cpu_has_mmx(void)
{
	static int mmx = -1;
	u32 a, b, c, d;

	if (mmx < 0) {
		mmx = 0;
		if (boot_cpu.has_cpuid) {
			cpuid(1, &a, &b, &c, &d);
			mmx = (d >> 23) & 1;
		}
	}
	return mmx;
}

bool copy_usable(enum copy_strategy_id id, const char **why)
{
	const char *w = NULL;

	switch (copy_strategy_table[id].needs) {
	case COPY_NEEDS_NONE:
		break;
	case COPY_NEEDS_MMX:
		if (!fpu_present())
			w = "no FPU";
		else if (!cpu_has_mmx())
			w = "no MMX (CPUID.1:EDX bit 23)";
		break;
	case COPY_NEEDS_SSE2:
		if (!boot_cpu.has_sse2)
			w = "no SSE2 (CPUID.1:EDX bit 26)";
		else if (!sse_enabled())
			w = "SSE not enabled (no FXSR: CR4.OSFXSR not set)";
		break;
	}
	if (why)
		*why = w;
	return w == NULL;
}

void *copy_run(enum copy_strategy_id id, void *dst, const void *src, size_t n)
{
	const struct copy_strategy *s = &copy_strategy_table[id];

	if (s->needs == COPY_NEEDS_NONE)
		return s->fn(dst, src, n);
	if (!copy_usable(id, NULL) || !kernel_fpu_begin())
		return NULL;
	s->fn(dst, src, n);
	kernel_fpu_end();
	return dst;
}

/* The kernel's memcpy from copy_select_boot on (kernel/string.h). */
static void *memcpy_dispatch(void *dst, const void *src, size_t n)
{
	enum copy_class c = copy_class_of(dst, src);
	enum copy_strategy_id id = chosen[c];

	if (copy_strategy_table[id].needs != COPY_NEEDS_NONE) {
		if (n >= MEMCPY_FPU_MIN && !trap_active() && copy_run(id, dst, src, n))
			return dst;
		id = chosen_int[c];
	}
	return copy_strategy_table[id].fn(dst, src, n);
}

/* Cycles of the best of CAL_TRIES copies of CAL_BYTES by id in class c, or 0
 * when a copy was wrong (*bad set) or could not run. */
static u64 cal_time(enum copy_strategy_id id, enum copy_class c, bool *bad)
{
	u32 so = c == COPY_CLASS_SAME ? CAL_SAME : 0;
	u32 dof = c == COPY_CLASS_SAME ? CAL_SAME : c == COPY_CLASS_SKEWED ? CAL_SKEW : 0;
	u64 best = ~0ull;
	u32 t, i;

	for (t = 0; t < CAL_TRIES; t++) {
		u64 t0, t1;

		for (i = 0; i < CAL_BYTES; i++)
			cal_src[so + i] = (u8)(i * 7 + t * 13 + id);
		t0 = rdtsc_serialized();
		if (!copy_run(id, cal_dst + dof, cal_src + so, CAL_BYTES))
			return 0;
		t1 = rdtsc_serialized();
		for (i = 0; i < CAL_BYTES; i++)
			if (cal_dst[dof + i] != cal_src[so + i]) {
				*bad = true;
				return 0;
			}
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	return best;
}

/* The kernel's memcpy, once hooked, on every class: source offsets 0..8,
 * destination offsets 0..8, lengths around the thresholds; returns the
 * number of wrong copies (the first one printed). */
static u32 memcpy_self_check(void)
{
	static const u32 lens[] = { 1, 63, 64, 65, 511, 512, 513, 1000, 4000 };
	u32 so, dof, k, i, bad = 0, n = 0;

	for (so = 0; so <= 8; so++)
		for (dof = 0; dof <= 8; dof++)
			for (k = 0; k < ARRAY_SIZE(lens); k++) {
				u32 len = lens[k];

				for (i = 0; i < len + 16; i++) {
					cal_src[i] = (u8)(i * 31 + so * 7 + dof + k);
					cal_dst[i] = 0xA5;
				}
				n++;
				if (memcpy(cal_dst + dof, cal_src + so, len) != cal_dst + dof)
					bad++;
				else
					for (i = 0; i < len + 16; i++) {
						u8 want = i >= dof && i < dof + len ? cal_src[so + i - dof] : 0xA5;
						if (cal_dst[i] != want) {
							if (!bad)
								printk(
								    "memcpy: self-check FAILED: src+%u dst+%u len %u: "
								    "byte %u\n",
								    so, dof, len, i);
							bad++;
							break;
						}
					}
			}
	printk("memcpy: self-check %s: %u copies through the chosen strategies, %u wrong\n", bad ? "FAILED" : "ok", n,
	       bad);
	return bad ? 1 : 0;
}

u32 copy_select_boot(u32 memcpy_param, u32 tsc_khz)
{
	u64 cyc[COPY_CLASS_NR][COPY_NR];
	u32 failures = 0, c, id;
	const char *why;

	(void)tsc_khz;
	if (!boot_cpu.has_tsc) {
		id = memcpy_param - 1;
		if (memcpy_param == COPY_MEMCPY_AUTO) {
			printk("memcpy: no TSC: no calibration; memcpy stays rep movsb\n");
			return 0;
		}
		if (!copy_usable(id, &why)) {
			printk("memcpy: memcpy=%s cannot be honoured: %s; memcpy stays rep movsb (no TSC to "
			       "calibrate)\n",
			       copy_strategy_names[id], why);
			return 0;
		}
		for (c = 0; c < COPY_CLASS_NR; c++) {
			chosen[c] = id;
			if (copy_strategy_table[id].needs == COPY_NEEDS_NONE)
				chosen_int[c] = id;
		}
		printk("memcpy: no TSC: no calibration; forced by memcpy=: %s for every class\n",
		       copy_strategy_names[id]);
		memcpy_hook_min = MEMCPY_HOOK_MIN;
		memcpy_hook = memcpy_dispatch;
		return memcpy_self_check();
	}
	for (id = 0; id < COPY_NR; id++) {
		bool bad = false;

		if (!copy_usable(id, &why)) {
			printk("memcpy: strategy %s not calibrated: %s\n", copy_strategy_names[id], why);
			for (c = 0; c < COPY_CLASS_NR; c++)
				cyc[c][id] = 0;
			continue;
		}
		for (c = 0; c < COPY_CLASS_NR; c++)
			cyc[c][id] = cal_time(id, c, &bad);
		if (bad) {
			printk("memcpy: strategy %s FAILED verification in calibration: not used\n",
			       copy_strategy_names[id]);
			failures++;
			for (c = 0; c < COPY_CLASS_NR; c++)
				cyc[c][id] = 0;
		}
	}
	printk("memcpy: calibration: cycles per %u-byte copy, best of %u\n", CAL_BYTES, CAL_TRIES);
	printk("memcpy: (dst+src offsets: aligned 0+0, same %u+%u, skewed %u+0)\n", CAL_SAME, CAL_SAME, CAL_SKEW);
	for (c = 0; c < COPY_CLASS_NR; c++) {
		enum copy_strategy_id best = COPY_MOVSB, best_int = COPY_MOVSB;

		printk("memcpy:   %-7s", copy_class_names[c]);
		for (id = 0; id < COPY_NR; id++) {
			if (!cyc[c][id])
				continue;
			printk(" %s=%u", copy_strategy_names[id], (u32)cyc[c][id]);
			if (!cyc[c][best] || cyc[c][id] < cyc[c][best])
				best = id;
			if (copy_strategy_table[id].needs == COPY_NEEDS_NONE &&
			    (!cyc[c][best_int] || cyc[c][id] < cyc[c][best_int]))
				best_int = id;
		}
		printk("\n");
		chosen[c] = best;
		chosen_int[c] = best_int;
	}
	if (memcpy_param != COPY_MEMCPY_AUTO) {
		id = memcpy_param - 1;
		if (!copy_usable(id, &why) || !cyc[0][id]) {
			printk("memcpy: memcpy=%s cannot be honoured: %s; keeping the calibrated choice\n",
			       copy_strategy_names[id], why ? why : "it failed verification");
		} else {
			for (c = 0; c < COPY_CLASS_NR; c++) {
				chosen[c] = id;
				if (copy_strategy_table[id].needs == COPY_NEEDS_NONE)
					chosen_int[c] = id;
			}
		}
	}
	printk("memcpy: %s aligned=%s same=%s skewed=%s; copies below %u bytes: rep movsb\n",
	       memcpy_param != COPY_MEMCPY_AUTO && chosen[0] == memcpy_param - 1 ? "forced by memcpy=:" : "fastest:",
	       copy_strategy_names[chosen[0]], copy_strategy_names[chosen[1]], copy_strategy_names[chosen[2]],
	       MEMCPY_HOOK_MIN);
	if (chosen[0] != chosen_int[0] || chosen[1] != chosen_int[1] || chosen[2] != chosen_int[2])
		printk("memcpy: in traps and below %u bytes (no MMX/SSE there): aligned=%s same=%s skewed=%s\n",
		       MEMCPY_FPU_MIN, copy_strategy_names[chosen_int[0]], copy_strategy_names[chosen_int[1]],
		       copy_strategy_names[chosen_int[2]]);
	if (boot_cpu.hypervisor)
		printk("memcpy: note: under %s the calibration measured the emulator\n", hv_name(boot_cpu.hv_vendor));
	printk("@memcpy aligned=%s same=%s skewed=%s forced=%s hypervisor=%s\n", copy_strategy_names[chosen[0]],
	       copy_strategy_names[chosen[1]], copy_strategy_names[chosen[2]],
	       memcpy_param != COPY_MEMCPY_AUTO ? copy_memcpy_choices[memcpy_param] : "no",
	       boot_cpu.hypervisor ? "yes" : "no");
	memcpy_hook_min = MEMCPY_HOOK_MIN;
	memcpy_hook = memcpy_dispatch;
	return failures + memcpy_self_check();
}
