/* SPDX-License-Identifier: MIT */
/* arch/x86/tsc_calc.h - the arithmetic of TSC calibration, without hardware.
 *
 * Everything here is pure C (no port I/O, no CPUID instruction): the kernel
 * feeds it CPUID values it read and timer samples it took (arch/x86/tsc.c),
 * the host tests feed it recorded values (tests/host/test_tsc.c).
 *
 * Sources of a TSC rate, in the order the kernel prefers them (tsc.c):
 *   1. the hypervisor leaf 0x40000010 (EAX = TSC kHz; the VMware convention,
 *      also set by QEMU/KVM with vmware-cpuid-freq): the hypervisor states the
 *      rate of the guest's TSC, scaling included;
 *   2. CPUID leaf 0x15 with the crystal frequency in ECX: the nominal TSC rate
 *      is ECX * EBX / EAX (Intel SDM vol. 3, "Determining the Processor Base
 *      Frequency", and CPUID leaf 0x15 in vol. 2);
 *   3. leaf 0x15 with ECX = 0 on an Intel family-6 model whose crystal the SDM
 *      table "Nominal Core Crystal Clock Frequency" (and Linux's
 *      native_calibrate_tsc) gives: 24 MHz, 25 MHz or 19.2 MHz;
 *   4. a timer measured against the TSC: PIT, else HPET, else ACPI PM timer;
 *   5. leaf 0x16 EAX, the processor base frequency in MHz: a nominal figure
 *      with 1 MHz resolution, used only when no timer works.
 * Leaves 0x15 and 0x16 are read only on GenuineIntel (AMD leaves them
 * undefined; other vendors are not trusted without documentation). */
#ifndef ARCH_X86_TSC_CALC_H
#define ARCH_X86_TSC_CALC_H

#include "kernel/types.h"

/* Plausible TSC rates: 1 MHz (a 486-class Pentium would be 60 MHz) to 20 GHz.
 * A decoded or measured value outside this range is rejected. */
#define TSC_KHZ_MIN 1000u
#define TSC_KHZ_MAX 20000000u

/* The frequency sources, in the order the kernel prefers them. */
enum tsc_source {
	TSC_SRC_NONE = 0,
	TSC_SRC_HV_LEAF,  /* CPUID 0x40000010 */
	TSC_SRC_CPUID_15, /* CPUID 0x15, crystal in ECX or from the model table */
	TSC_SRC_PIT,	  /* measured against the 8254 PIT (1.193182 MHz) */
	TSC_SRC_HPET,	  /* measured against the HPET main counter */
	TSC_SRC_ACPI_PM,  /* measured against the ACPI PM timer (3.579545 MHz) */
	TSC_SRC_CPUID_16, /* CPUID 0x16 base MHz (nominal) */
	TSC_SRC_NO_TSC,	  /* the CPU has no TSC at all */
	TSC_SRC_NR
};

/* The token for @header tsc_source= ("hypervisor_leaf", "cpuid_15", "pit",
 * "hpet", "acpi_pm", "cpuid_16", "none", "no_tsc"); "none" for bad values. */
const char *tsc_source_token(enum tsc_source s);
/* A name for log lines ("CPUID 0x15", "PIT", "HPET", "ACPI PM timer", ...). */
const char *tsc_source_name(enum tsc_source s);

/* The CPUID values the decoder needs, as recorded (zero when not read). */
struct tsc_cpuid_leaves {
	char vendor[13];    /* leaf 0 signature, "GenuineIntel" */
	u32 max_leaf;	    /* leaf 0 EAX */
	u32 family, model;  /* display family and model (extended parts added) */
	u32 l15[3];	    /* leaf 0x15 EAX (denominator), EBX (numerator), ECX (crystal Hz) */
	u32 l16[3];	    /* leaf 0x16 EAX (base MHz), EBX (max MHz), ECX (bus MHz) */
	char hv_vendor[13]; /* leaf 0x40000000 signature; "" without a hypervisor */
	u32 hv_max_leaf;    /* leaf 0x40000000 EAX */
	u32 hv10[2];	    /* leaf 0x40000010 EAX (TSC kHz), EBX (local APIC bus kHz) */
};

/* Nominal core crystal of an Intel family-6 model that leaves CPUID.15H:ECX
 * zero: 24000000 Hz for 0x4E, 0x5E, 0x8E, 0x9E (6th-9th generation Core),
 * 25000000 for 0x5F (Atom C3000, Denverton), 19200000 for 0x5C and 0x7A
 * (Atom Goldmont, Goldmont Plus). 0 for every other model, and on purpose for
 * 0x55 (Xeon Scalable): the SDM lists 25 MHz, but its crystal runs about
 * 0.25% slow under spread-spectrum clocking, so a measured timer is better
 * there (Linux leaves it out of its table for the same reason). */
u32 tsc_crystal_hz_for_model(u32 family, u32 model);

/* A rate decoded from CPUID. */
struct tsc_cpuid_rate {
	u32 khz;		 /* 0 when this leaf gives none */
	u32 crystal_hz;		 /* leaf 0x15: the crystal used */
	bool crystal_from_table; /* leaf 0x15: ECX was 0, crystal from the model table */
};

/* Leaf 0x15: kHz = crystal * EBX / EAX / 1000, or 0 when the vendor is not
 * GenuineIntel, max_leaf < 0x15, EAX or EBX is 0 (ratio not enumerated), the
 * crystal is neither in ECX nor in the model table, or the result is outside
 * [TSC_KHZ_MIN, TSC_KHZ_MAX]. */
struct tsc_cpuid_rate tsc_decode_leaf15(const struct tsc_cpuid_leaves *l);
/* Leaf 0x16: base MHz * 1000 (EAX[15:0]), or 0 when not GenuineIntel,
 * max_leaf < 0x16, or EAX[15:0] is 0. */
u32 tsc_decode_leaf16(const struct tsc_cpuid_leaves *l);
/* Leaf 0x40000010: EAX (kHz) when the hypervisor is VMware ("VMwareVMware")
 * or KVM ("KVMKVMKVM"), hv_max_leaf >= 0x40000010 and EAX is in range; else
 * 0. Other hypervisors give the leaf other meanings (Hyper-V) or none. */
u32 tsc_decode_hv_leaf(const struct tsc_cpuid_leaves *l);

/* The best CPUID source in the documented order (1-3 above; leaf 0x16 is not
 * picked here, the caller tries timers first). Returns the source (or
 * TSC_SRC_NONE) and sets *khz; writes a short description of the values used
 * ("crystal 24000000 Hz x 200/2", "VMware leaf 0x40000010") or, with
 * TSC_SRC_NONE, of why each leaf gave nothing, into why (size bytes). */
enum tsc_source tsc_cpuid_pick(const struct tsc_cpuid_leaves *l, u32 *khz, char *why, size_t size);

/* One calibration window: kHz = tsc_cycles / (ref_ticks / ref_hz) / 1000,
 * rounded to nearest. Returns 0 when ref_ticks or ref_hz is 0 or the result
 * does not fit in 32 bits. tsc_cycles * ref_hz must fit in 64 bits (a 20 ms
 * window at 20 GHz against a 1 GHz timer is 4e17: it does). */
u32 tsc_window_khz(u64 tsc_cycles, u64 ref_ticks, u32 ref_hz);

/* Steps larger than a quarter of the range tolerated before a timer is
 * judged not counting (tsc_timer_counts). */
#define TSC_COUNTS_MAX_JUMPS 8

/* tsc_timer_counts: true when a reference timer (PIT, HPET, ACPI PM
 * timer) counts: read(ctx) & mask (a counter that wraps at mask + 1, read
 * up to max_reads times) moves forward in at least 4 steps each smaller
 * than a quarter of its range. A larger step is skipped, not judged: the
 * (virtual) CPU may have stood still between two reads while the timer went
 * on (a loaded host stops QEMU's vCPU thread for tens of ms; a quarter of
 * the PIT's range is 13.7 ms), so only more than TSC_COUNTS_MAX_JUMPS of
 * them before 4 small steps, or fewer than 4 small steps in max_reads
 * reads (a missing timer reads constant), mean "does not count". */
bool tsc_timer_counts(u32 (*read)(void *ctx), void *ctx, u32 mask, u32 max_reads);

/* Median and spread of window results. */
struct tsc_stats {
	u32 n;		/* windows counted (the nonzero ones) */
	u32 median;	/* kHz; the mean of the two middle values for even n */
	u32 min, max;	/* kHz */
	u32 spread_ppm; /* (max - min) / median, parts per million */
};
#define TSC_MAX_WINDOWS 32

/* Computes st from the nonzero values of khz[0..n) (n <= TSC_MAX_WINDOWS;
 * zeros mark failed windows and are skipped; khz is not modified). Returns
 * 0, or -1 when no value is left or n is too large (st then all zero). */
int tsc_stats_compute(const u32 *khz, u32 n, struct tsc_stats *st);

/* Formats ppm as a percentage with three decimals ("0.080%"; 12345678 ppm
 * gives "1234.568%"), rounded to nearest. Returns the length (as ksnprintf). */
int tsc_fmt_ppm(char *buf, size_t size, u32 ppm);
/* Formats the signed deviation of khz from ref_khz in percent with three
 * decimals and a sign ("+0.012%", "-1.500%"). ref_khz 0 gives "n/a". */
int tsc_fmt_deviation(char *buf, size_t size, u32 khz, u32 ref_khz);

/* Everything one calibration found, for the log (filled by tsc.c). */
struct tsc_calibration {
	enum tsc_source source;			 /* the rate's source */
	u32 khz;				 /* the rate; 0 = unknown */
	char cpuid_detail[160];			 /* tsc_cpuid_pick's text */
	u32 leaf16_khz;				 /* tsc_decode_leaf16, 0 = none */
	enum tsc_source timer;			 /* the timer measured (TSC_SRC_NONE: none worked) */
	u32 timer_khz;				 /* its median */
	struct tsc_stats st;			 /* its windows */
	u32 windows, window_ms;			 /* how many windows, of how long */
	const char *pit_why, *hpet_why, *pm_why; /* why a timer failed; NULL: worked or not tried */
	const char *rsdp_where;			 /* where the ACPI RSDP was found, or NULL */
	u64 hpet_base;				 /* the HPET measured */
	u16 pm_port;				 /* the PM timer measured */
	u8 pm_bits;
};

/* Sets c->source and c->khz from what was found, in the documented order:
 * cpuid_src (TSC_SRC_HV_LEAF or TSC_SRC_CPUID_15, with cpuid_khz), else the
 * timer (c->timer, c->timer_khz), else leaf 0x16 (c->leaf16_khz), else
 * TSC_SRC_NONE with khz 0. Returns c->khz. */
u32 tsc_choose(struct tsc_calibration *c, enum tsc_source cpuid_src, u32 cpuid_khz);

/* The spread above which a timer's windows are called unsteady. */
#define TSC_SPREAD_WARN_PPM 10000u /* 1% */

/* Writes the log lines for c into buf (size bytes; each line ends in '\n'):
 *   with a CPUID source:  "tsc: <khz> kHz from CPUID leaf 0x15 (<detail>);
 *                          PIT check: <khz> kHz (<+-dev>; <n> windows of
 *                          <ms> ms, spread <x>%)" or "; not checked: no
 *                          timer; PIT: <why>; ..."
 *   else first "tsc: CPUID: <why CPUID gave nothing>", then
 *   with a timer:         "tsc: <khz> kHz from <timer> (<n> windows of <ms>
 *                          ms, spread <x>%)[; PIT: <why>][; HPET: <why>]"
 *   with leaf 0x16:       "tsc: <khz> kHz from CPUID leaf 0x16 (nominal base
 *                          frequency): no timer to measure it; PIT: ..."
 *   with none:            "tsc: no calibration source (no CPUID
 *                          0x15/0x16/hypervisor leaf, no PIT, HPET or ACPI PM
 *                          timer); ns_* figures omitted" and "tsc: why: ..."
 *   without a TSC:        "tsc: the CPU has no time-stamp counter: ..."
 * Returns the length written (as ksnprintf; >= size means cut). */
int tsc_format(const struct tsc_calibration *c, char *buf, size_t size);

#endif
