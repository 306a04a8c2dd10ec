/* SPDX-License-Identifier: MIT */
/* arch/x86/tsc_calc.c - TSC rate from recorded CPUID values and from timer
 * windows: decoding, median and spread, formatting. No hardware access (the
 * host tests build this file; see tsc_calc.h for the order of sources). */
#include "arch/x86/tsc_calc.h"
#include "arch/x86/hv_name.h"
#include "kernel/printk.h"
#include "kernel/string.h"

static const char *const source_tokens[TSC_SRC_NR] = {
	[TSC_SRC_NONE] = "none",	 [TSC_SRC_HV_LEAF] = "hypervisor_leaf",
	[TSC_SRC_CPUID_15] = "cpuid_15", [TSC_SRC_PIT] = "pit",
	[TSC_SRC_HPET] = "hpet",	 [TSC_SRC_ACPI_PM] = "acpi_pm",
	[TSC_SRC_CPUID_16] = "cpuid_16", [TSC_SRC_NO_TSC] = "no_tsc",
};

static const char *const source_names[TSC_SRC_NR] = {
	[TSC_SRC_NONE] = "no source",
	[TSC_SRC_HV_LEAF] = "the hypervisor's CPUID leaf 0x40000010",
	[TSC_SRC_CPUID_15] = "CPUID leaf 0x15",
	[TSC_SRC_PIT] = "PIT",
	[TSC_SRC_HPET] = "HPET",
	[TSC_SRC_ACPI_PM] = "ACPI PM timer",
	[TSC_SRC_CPUID_16] = "CPUID leaf 0x16 (nominal base frequency)",
	[TSC_SRC_NO_TSC] = "no TSC",
};

const char *tsc_source_token(enum tsc_source s)
{
	return (unsigned)s < TSC_SRC_NR ? source_tokens[s] : "none";
}

const char *tsc_source_name(enum tsc_source s)
{
	return (unsigned)s < TSC_SRC_NR ? source_names[s] : "no source";
}

static bool is_intel(const struct tsc_cpuid_leaves *l)
{
	return !strcmp(l->vendor, "GenuineIntel");
}

/* tsc_timer_counts: see tsc_calc.h. */
bool tsc_timer_counts(u32 (*read)(void *ctx), void *ctx, u32 mask, u32 max_reads)
{
	u32 prev = read(ctx) & mask, small = 0, large = 0;

	for (u32 i = 0; i < max_reads && small < 4; i++) {
		u32 now = read(ctx) & mask;

		if (now == prev)
			continue;
		if (((now - prev) & mask) > mask / 4) {
			if (++large > TSC_COUNTS_MAX_JUMPS)
				return false;
		} else {
			small++;
		}
		prev = now;
	}
	return small >= 4;
}

u32 tsc_crystal_hz_for_model(u32 family, u32 model)
{
	if (family != 6)
		return 0;
	switch (model) {
	case 0x4E: /* Skylake mobile */
	case 0x5E: /* Skylake desktop */
	case 0x8E: /* Kaby Lake, Coffee Lake mobile */
	case 0x9E: /* Kaby Lake, Coffee Lake desktop */
		return 24000000u;
	case 0x5F: /* Atom C3000 (Goldmont, Denverton) */
		return 25000000u;
	case 0x5C: /* Atom Goldmont (Apollo Lake) */
	case 0x7A: /* Atom Goldmont Plus (Gemini Lake) */
		return 19200000u;
	default: /* 0x55 Xeon Scalable included: see tsc_calc.h */
		return 0;
	}
}

struct tsc_cpuid_rate tsc_decode_leaf15(const struct tsc_cpuid_leaves *l)
{
	struct tsc_cpuid_rate r = { 0, 0, false };
	u32 den = l->l15[0], num = l->l15[1], crystal = l->l15[2];
	u64 khz;

	if (!is_intel(l) || l->max_leaf < 0x15 || den == 0 || num == 0)
		return r;
	if (crystal == 0) {
		crystal = tsc_crystal_hz_for_model(l->family, l->model);
		if (crystal == 0)
			return r;
		r.crystal_from_table = true;
	}
	/* crystal * num fits in 64 bits (both are 32-bit); round to nearest. */
	khz = ((u64)crystal * num + (u64)den * 500) / ((u64)den * 1000);
	if (khz < TSC_KHZ_MIN || khz > TSC_KHZ_MAX) {
		r.crystal_from_table = false;
		return r;
	}
	r.khz = (u32)khz;
	r.crystal_hz = crystal;
	return r;
}

u32 tsc_decode_leaf16(const struct tsc_cpuid_leaves *l)
{
	u32 mhz = l->l16[0] & 0xFFFF;

	if (!is_intel(l) || l->max_leaf < 0x16 || mhz == 0 || mhz * 1000u < TSC_KHZ_MIN)
		return 0;
	return mhz * 1000u; /* at most 65535000: in range */
}

u32 tsc_decode_hv_leaf(const struct tsc_cpuid_leaves *l)
{
	bool known = !strcmp(l->hv_vendor, "VMwareVMware") || !strcmp(l->hv_vendor, "KVMKVMKVM");

	if (!known || l->hv_max_leaf < 0x40000010 || l->hv_max_leaf >= 0x40010000)
		return 0;
	if (l->hv10[0] < TSC_KHZ_MIN || l->hv10[0] > TSC_KHZ_MAX)
		return 0;
	return l->hv10[0];
}

enum tsc_source tsc_cpuid_pick(const struct tsc_cpuid_leaves *l, u32 *khz, char *why, size_t size)
{
	struct tsc_cpuid_rate r15;
	u32 hv = tsc_decode_hv_leaf(l);
	int n;

	*khz = 0;
	if (hv) {
		*khz = hv;
		ksnprintf(why, size, "%s leaf 0x40000010 EAX", hv_name(l->hv_vendor));
		return TSC_SRC_HV_LEAF;
	}
	r15 = tsc_decode_leaf15(l);
	if (r15.khz) {
		*khz = r15.khz;
		ksnprintf(why, size, "crystal %u Hz%s x %u/%u", r15.crystal_hz,
			  r15.crystal_from_table ? " (model table)" : "", l->l15[1], l->l15[0]);
		return TSC_SRC_CPUID_15;
	}

	/* Nothing: say why, leaf by leaf. */
	if (l->hv_vendor[0])
		n = ksnprintf(why, size, "hypervisor %s: %s", hv_name(l->hv_vendor),
			      l->hv_max_leaf < 0x40000010 || l->hv_max_leaf >= 0x40010000 ? "no leaf 0x40000010"
			      : (strcmp(l->hv_vendor, "VMwareVMware") && strcmp(l->hv_vendor, "KVMKVMKVM"))
				  ? "leaf 0x40000010 not defined for it"
				  : "leaf 0x40000010 gives no rate");
	else
		n = ksnprintf(why, size, "no hypervisor leaf");
	if (n < 0 || (size_t)n >= size)
		return TSC_SRC_NONE;
	if (!is_intel(l))
		ksnprintf(why + n, size - n, "; leaves 0x15/0x16 not used on vendor \"%s\"", l->vendor);
	else if (l->max_leaf < 0x15)
		ksnprintf(why + n, size - n, "; max CPUID leaf 0x%x, no leaf 0x15/0x16", l->max_leaf);
	else if (l->l15[0] == 0 || l->l15[1] == 0)
		ksnprintf(why + n, size - n, "; leaf 0x15 gives no TSC/crystal ratio");
	else
		ksnprintf(why + n, size - n, "; leaf 0x15 gives no crystal for family %u model 0x%x", l->family,
			  l->model);
	return TSC_SRC_NONE;
}

u32 tsc_window_khz(u64 tsc_cycles, u64 ref_ticks, u32 ref_hz)
{
	u64 den, khz;

	if (ref_ticks == 0 || ref_hz == 0 || ref_ticks > (~0ull >> 12))
		return 0;
	den = ref_ticks * 1000u;
	khz = (tsc_cycles * ref_hz + den / 2) / den;
	return khz > 0xFFFFFFFFull ? 0 : (u32)khz;
}

int tsc_stats_compute(const u32 *khz, u32 n, struct tsc_stats *st)
{
	u32 v[TSC_MAX_WINDOWS], m = 0;

	memset(st, 0, sizeof(*st));
	if (n > TSC_MAX_WINDOWS)
		return -1;
	for (u32 i = 0; i < n; i++)
		if (khz[i])
			v[m++] = khz[i];
	if (m == 0)
		return -1;
	/* Insertion sort: at most 32 values. */
	for (u32 i = 1; i < m; i++) {
		u32 x = v[i], j = i;
		while (j > 0 && v[j - 1] > x) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
	st->n = m;
	st->min = v[0];
	st->max = v[m - 1];
	st->median = m & 1 ? v[m / 2] : (u32)(((u64)v[m / 2 - 1] + v[m / 2] + 1) / 2);
	st->spread_ppm = (u32)(((u64)(st->max - st->min) * 1000000u + st->median / 2) / st->median);
	return 0;
}

int tsc_fmt_ppm(char *buf, size_t size, u32 ppm)
{
	u32 thousandths = (u32)(((u64)ppm + 5) / 10); /* of a percent */
	return ksnprintf(buf, size, "%u.%03u%%", thousandths / 1000, thousandths % 1000);
}

int tsc_fmt_deviation(char *buf, size_t size, u32 khz, u32 ref_khz)
{
	u64 diff, ppm;
	bool neg = khz < ref_khz;

	if (ref_khz == 0)
		return ksnprintf(buf, size, "n/a");
	diff = neg ? ref_khz - khz : khz - ref_khz;
	ppm = (diff * 1000000u + ref_khz / 2) / ref_khz;
	buf[0] = '\0';
	if (size < 2)
		return tsc_fmt_ppm(buf, size, (u32)MIN(ppm, 0xFFFFFFFFull)) + 1;
	buf[0] = neg ? '-' : '+';
	return 1 + tsc_fmt_ppm(buf + 1, size - 1, (u32)MIN(ppm, 0xFFFFFFFFull));
}

/* "7 windows of 10 ms, spread 0.080%" for the measured timer. */
static void windows_text(const struct tsc_calibration *c, char *buf, size_t size)
{
	char sp[24];

	tsc_fmt_ppm(sp, sizeof(sp), c->st.spread_ppm);
	ksnprintf(buf, size, "%u windows of %u ms, spread %s%s", c->windows, c->window_ms, sp,
		  c->st.spread_ppm > TSC_SPREAD_WARN_PPM ? ": unsteady, the host may be loaded" : "");
}

/* "PIT", "HPET at 0xfed00000", "ACPI PM timer (port 0x608, 24-bit)". */
static void timer_label(const struct tsc_calibration *c, enum tsc_source s, char *buf, size_t size)
{
	const char *via =
	    c->rsdp_where && !strcmp(c->rsdp_where, "memory map") ? ", ACPI RSDP from the memory map" : "";

	if (s == TSC_SRC_HPET)
		ksnprintf(buf, size, "HPET at 0x%llx%s", (unsigned long long)c->hpet_base, via);
	else if (s == TSC_SRC_ACPI_PM)
		ksnprintf(buf, size, "ACPI PM timer (port 0x%x, %u-bit%s)", c->pm_port, c->pm_bits, via);
	else
		ksnprintf(buf, size, "%s", tsc_source_name(s));
}

/* "<lead>PIT: ...; HPET: ..." for the timers that were tried and failed
 * ("" when none failed). */
static void failures_text(const struct tsc_calibration *c, char *buf, size_t size, const char *lead)
{
	const char *why[3] = { c->pit_why, c->hpet_why, c->pm_why };
	static const char *const name[3] = { "PIT", "HPET", "ACPI PM timer" };
	size_t n = 0;

	buf[0] = '\0';
	for (u32 i = 0; i < 3 && n < size; i++) {
		if (!why[i])
			continue;
		n += (size_t)ksnprintf(buf + n, size - n, "%s%s: %s", n ? "; " : lead, name[i], why[i]);
	}
}

u32 tsc_choose(struct tsc_calibration *c, enum tsc_source cpuid_src, u32 cpuid_khz)
{
	if ((cpuid_src == TSC_SRC_HV_LEAF || cpuid_src == TSC_SRC_CPUID_15) && cpuid_khz) {
		c->source = cpuid_src;
		c->khz = cpuid_khz;
	} else if (c->timer != TSC_SRC_NONE && c->timer_khz) {
		c->source = c->timer;
		c->khz = c->timer_khz;
	} else if (c->leaf16_khz) {
		c->source = TSC_SRC_CPUID_16;
		c->khz = c->leaf16_khz;
	} else {
		c->source = TSC_SRC_NONE;
		c->khz = 0;
	}
	return c->khz;
}

int tsc_format(const struct tsc_calibration *c, char *buf, size_t size)
{
	char win[96], fail[320], dev[24], label[96];
	int n = 0;

	if (c->source == TSC_SRC_NO_TSC)
		return ksnprintf(buf, size,
				 "tsc: the CPU has no time-stamp counter: no cycle counts, ns_* figures "
				 "omitted\n");
	if (c->source != TSC_SRC_HV_LEAF && c->source != TSC_SRC_CPUID_15)
		n = ksnprintf(buf, size, "tsc: CPUID: %s\n", c->cpuid_detail);
	if (n < 0 || (size_t)n >= size)
		return n;
	buf += n;
	size -= (size_t)n;
	windows_text(c, win, sizeof(win));
	failures_text(c, fail, sizeof(fail), "; ");
	timer_label(c, c->timer, label, sizeof(label));
	switch (c->source) {
	case TSC_SRC_HV_LEAF:
	case TSC_SRC_CPUID_15:
		if (c->timer != TSC_SRC_NONE && c->timer_khz) {
			tsc_fmt_deviation(dev, sizeof(dev), c->timer_khz, c->khz);
			return n + ksnprintf(buf, size, "tsc: %u kHz from %s (%s); %s check: %u kHz (%s; %s)\n", c->khz,
					     tsc_source_name(c->source), c->cpuid_detail, label, c->timer_khz, dev,
					     win);
		}
		return n + ksnprintf(buf, size, "tsc: %u kHz from %s (%s); not checked: no timer%s\n", c->khz,
				     tsc_source_name(c->source), c->cpuid_detail, fail);
	case TSC_SRC_PIT:
	case TSC_SRC_HPET:
	case TSC_SRC_ACPI_PM:
		timer_label(c, c->source, label, sizeof(label));
		return n + ksnprintf(buf, size, "tsc: %u kHz from %s (%s)%s\n", c->khz, label, win, fail);
	case TSC_SRC_CPUID_16:
		return n + ksnprintf(buf, size, "tsc: %u kHz from %s: no timer to measure it%s\n", c->khz,
				     tsc_source_name(c->source), fail);
	default:
		failures_text(c, fail, sizeof(fail), "");
		return n + ksnprintf(buf, size,
				     "tsc: no calibration source (no CPUID 0x15/0x16/hypervisor leaf, no PIT, HPET or "
				     "ACPI PM timer); ns_* figures omitted\ntsc: why: %s\n",
				     fail[0] ? fail : "no timer was tried");
	}
}
