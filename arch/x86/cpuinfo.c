/* SPDX-License-Identifier: MIT */
/* arch/x86/cpuinfo.c - CPU identification and cache geometry from CPUID.
 *
 * Cache geometry sources, in the order tried:
 *   Intel (and unknown vendors): leaf 4, deterministic cache parameters;
 *     else the leaf 2 descriptor bytes (descriptor 0xFF sends us to leaf 4).
 *   AMD/Hygon: leaf 0x8000001D (same layout as leaf 4) when CPUID
 *     0x80000001:ECX[22] TopologyExtensions is set, else the older
 *     0x80000005 (L1) / 0x80000006 (L2, L3) registers.
 * CPUs without CPUID (386, early 486) report nothing: cache_source "none". */
#include "arch/x86/cpuinfo.h"
#include "arch/x86/cpu.h"
#include "arch/x86/hv_name.h"
#include "kernel/printk.h"
#include "kernel/string.h"

/* CPUID.1:EDX and ECX feature bits used here. */
#define F1D_FPU	       (1u << 0)
#define F1D_PSE	       (1u << 3)
#define F1D_TSC	       (1u << 4)
#define F1D_FXSR       (1u << 24)
#define F1D_SSE	       (1u << 25)
#define F1D_SSE2       (1u << 26)
#define F1C_HYPERVISOR (1u << 31)
#define F81C_TOPOEXT   (1u << 22) /* CPUID 0x80000001:ECX, AMD */

#define EFLAGS_ID (1u << 21)

/* CPUID exists when software can flip EFLAGS.ID (bit 21). */
static bool have_cpuid(void)
{
	u32 before, after;
	__asm__ volatile("pushfl\n\t"
			 "pushfl\n\t"
			 "popl %0\n\t" /* before = EFLAGS */
			 "movl %0, %1\n\t"
			 "xorl %2, %1\n\t"
			 "pushl %1\n\t"
			 "popfl\n\t" /* try EFLAGS ^= ID */
			 "pushfl\n\t"
			 "popl %1\n\t" /* after = what stuck */
			 "popfl"       /* restore */
			 : "=&r"(before), "=&r"(after)
			 : "i"(EFLAGS_ID)
			 : "cc");
	return ((before ^ after) & EFLAGS_ID) != 0;
}

static void copy_regs(char *dst, u32 a, u32 b, u32 c)
{
	memcpy(dst, &a, 4);
	memcpy(dst + 4, &b, 4);
	memcpy(dst + 8, &c, 4);
	dst[12] = '\0';
}

static void add_cache(struct cpuinfo *ci, u32 level, char type, u32 size, u32 ways, u32 line, u32 shared_by)
{
	struct cpu_cache *c;

	if (ci->ncaches >= CPUINFO_MAX_CACHES || size == 0 || line == 0)
		return;
	c = &ci->caches[ci->ncaches++];
	c->level = (u8)level;
	c->type = type;
	c->size = size;
	c->ways = ways;
	c->line = line;
	/* Fully associative (ways 0): a single set holding every line. */
	c->sets = ways ? size / (ways * line) : 1;
	c->shared_by = shared_by;
}

/* Leaf 4 and AMD leaf 0x8000001D share one layout:
 * EAX[4:0] type (0 none, 1 data, 2 instruction, 3 unified), EAX[7:5] level,
 * EAX[9] fully associative, EAX[25:14] logical CPUs sharing it minus 1;
 * EBX[11:0] line size - 1, EBX[21:12] line partitions - 1, EBX[31:22] ways - 1;
 * ECX sets - 1. Size = ways * partitions * line * sets. */
static bool read_deterministic(struct cpuinfo *ci, u32 leaf)
{
	u32 found = 0;

	for (u32 sub = 0; sub < 16; sub++) {
		u32 a, b, c, d;
		struct cpu_cache cc;
		cpuid_count(leaf, sub, &a, &b, &c, &d);
		if ((a & 0x1F) == 0)
			break;
		if (!cpuinfo_decode_leaf4(a, b, c, &cc))
			continue;
		add_cache(ci, cc.level, cc.type, cc.size, cc.ways, cc.line, cc.shared_by);
		found++;
	}
	return found != 0;
}

/* AMD L2/L3 associativity field (0x80000006 ECX[15:12], EDX[15:12]). Returns
 * the way count, 0 for fully associative, or -1 when the cache is disabled
 * or the value is reserved (9 means "see leaf 0x8000001D"). */
static int amd_assoc(u32 code)
{
	static const s8 ways[16] = { -1, 1, 2, 3, 4, 6, 8, -1, 16, -1, 32, 48, 64, 96, 128, 0 };
	return ways[code & 0xF];
}

/* 0x80000005: ECX = L1 data, EDX = L1 instruction, each: [31:24] size KiB,
 * [23:16] ways (0xFF fully associative), [7:0] line bytes.
 * 0x80000006: ECX = L2: [31:16] size KiB, [15:12] assoc code, [7:0] line;
 * EDX = L3: [31:18] size in 512 KiB units, [15:12] assoc code, [7:0] line. */
static bool read_amd_legacy(struct cpuinfo *ci, u32 ext_max)
{
	u32 a, b, c, d;
	u32 before = ci->ncaches;

	if (ext_max >= 0x80000005) {
		cpuid(0x80000005, &a, &b, &c, &d);
		u32 w = (c >> 16) & 0xFF;
		add_cache(ci, 1, 'D', (c >> 24) * KiB, w == 0xFF ? 0 : w, c & 0xFF, 0);
		w = (d >> 16) & 0xFF;
		add_cache(ci, 1, 'I', (d >> 24) * KiB, w == 0xFF ? 0 : w, d & 0xFF, 0);
	}
	if (ext_max >= 0x80000006) {
		cpuid(0x80000006, &a, &b, &c, &d);
		int w = amd_assoc(c >> 12);
		if (w >= 0)
			add_cache(ci, 2, 'U', (c >> 16) * KiB, (u32)w, c & 0xFF, 0);
		w = amd_assoc(d >> 12);
		if (w >= 0)
			add_cache(ci, 3, 'U', (d >> 18) * 512 * KiB, (u32)w, d & 0xFF, 0);
	}
	return ci->ncaches != before;
}

/* Leaf 2 cache descriptors (Intel SDM vol. 2A, CPUID table 3-12). TLB and
 * prefetch descriptors are not listed and are skipped. */
struct l2desc {
	u8 desc, level;
	char type;
	u8 ways;
	u16 size_k;
	u8 line;
};

static const struct l2desc leaf2_table[] = {
	{ 0x06, 1, 'I', 4, 8, 32 },
	{ 0x08, 1, 'I', 4, 16, 32 },
	{ 0x09, 1, 'I', 4, 32, 64 },
	{ 0x0A, 1, 'D', 2, 8, 32 },
	{ 0x0C, 1, 'D', 4, 16, 32 },
	{ 0x0D, 1, 'D', 4, 16, 64 },
	{ 0x0E, 1, 'D', 6, 24, 64 },
	{ 0x1D, 2, 'U', 2, 128, 64 },
	{ 0x21, 2, 'U', 8, 256, 64 },
	{ 0x22, 3, 'U', 4, 512, 64 },
	{ 0x23, 3, 'U', 8, 1024, 64 },
	{ 0x24, 2, 'U', 16, 1024, 64 },
	{ 0x25, 3, 'U', 8, 2048, 64 },
	{ 0x29, 3, 'U', 8, 4096, 64 },
	{ 0x2C, 1, 'D', 8, 32, 64 },
	{ 0x30, 1, 'I', 8, 32, 64 },
	{ 0x41, 2, 'U', 4, 128, 32 },
	{ 0x42, 2, 'U', 4, 256, 32 },
	{ 0x43, 2, 'U', 4, 512, 32 },
	{ 0x44, 2, 'U', 4, 1024, 32 },
	{ 0x45, 2, 'U', 4, 2048, 32 },
	{ 0x46, 3, 'U', 4, 4096, 64 },
	{ 0x47, 3, 'U', 8, 8192, 64 },
	{ 0x48, 2, 'U', 12, 3072, 64 },
	/* 0x49 is an L3 on Xeon MP family 0Fh model 6 and an L2 elsewhere. */
	{ 0x49, 2, 'U', 16, 4096, 64 },
	{ 0x4A, 3, 'U', 12, 6144, 64 },
	{ 0x4B, 3, 'U', 16, 8192, 64 },
	{ 0x4C, 3, 'U', 12, 12288, 64 },
	{ 0x4D, 3, 'U', 16, 16384, 64 },
	{ 0x4E, 2, 'U', 24, 6144, 64 },
	{ 0x60, 1, 'D', 8, 16, 64 },
	{ 0x66, 1, 'D', 4, 8, 64 },
	{ 0x67, 1, 'D', 4, 16, 64 },
	{ 0x68, 1, 'D', 4, 32, 64 },
	{ 0x78, 2, 'U', 4, 1024, 64 },
	{ 0x79, 2, 'U', 8, 128, 64 },
	{ 0x7A, 2, 'U', 8, 256, 64 },
	{ 0x7B, 2, 'U', 8, 512, 64 },
	{ 0x7C, 2, 'U', 8, 1024, 64 },
	{ 0x7D, 2, 'U', 8, 2048, 64 },
	{ 0x7F, 2, 'U', 2, 512, 64 },
	{ 0x80, 2, 'U', 8, 512, 64 },
	{ 0x82, 2, 'U', 8, 256, 32 },
	{ 0x83, 2, 'U', 8, 512, 32 },
	{ 0x84, 2, 'U', 8, 1024, 32 },
	{ 0x85, 2, 'U', 8, 2048, 32 },
	{ 0x86, 2, 'U', 4, 512, 64 },
	{ 0x87, 2, 'U', 8, 1024, 64 },
	{ 0xD0, 3, 'U', 4, 512, 64 },
	{ 0xD1, 3, 'U', 4, 1024, 64 },
	{ 0xD2, 3, 'U', 4, 2048, 64 },
	{ 0xD6, 3, 'U', 8, 1024, 64 },
	{ 0xD7, 3, 'U', 8, 2048, 64 },
	{ 0xD8, 3, 'U', 8, 4096, 64 },
	{ 0xDC, 3, 'U', 12, 1536, 64 },
	{ 0xDD, 3, 'U', 12, 3072, 64 },
	{ 0xDE, 3, 'U', 12, 6144, 64 },
	{ 0xE2, 3, 'U', 16, 2048, 64 },
	{ 0xE3, 3, 'U', 16, 4096, 64 },
	{ 0xE4, 3, 'U', 16, 8192, 64 },
	{ 0xEA, 3, 'U', 24, 12288, 64 },
	{ 0xEB, 3, 'U', 24, 18432, 64 },
	{ 0xEC, 3, 'U', 24, 24576, 64 },
};

/* Returns true when descriptor 0xFF said "use leaf 4 instead". */
static bool leaf2_byte(struct cpuinfo *ci, u8 desc)
{
	if (desc == 0xFF)
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(leaf2_table); i++) {
		const struct l2desc *t = &leaf2_table[i];
		if (t->desc == desc) {
			add_cache(ci, t->level, t->type, t->size_k * KiB, t->ways, t->line, 0);
			break;
		}
	}
	return false;
}

/* Leaf 2: AL = how many times to execute CPUID(2) (1 on every CPU that
 * shipped); the other 15 bytes of EAX..EDX are descriptors, a register whose
 * bit 31 is set holds none. Byte 0x00 is "null descriptor". */
static bool read_leaf2(struct cpuinfo *ci, bool *want_leaf4)
{
	u32 r[4];
	u32 before = ci->ncaches;
	u32 rounds = 1;

	for (u32 round = 0; round < rounds && round < 16; round++) {
		cpuid(2, &r[0], &r[1], &r[2], &r[3]);
		if (round == 0)
			rounds = r[0] & 0xFF;
		for (int i = 0; i < 4; i++) {
			if (r[i] & (1u << 31))
				continue;
			for (int byte = (i == 0) ? 1 : 0; byte < 4; byte++) {
				u8 desc = (u8)(r[i] >> (8 * byte));
				if (desc && leaf2_byte(ci, desc))
					*want_leaf4 = true;
			}
		}
	}
	return ci->ncaches != before;
}

static void detect_caches(struct cpuinfo *ci, u32 max_leaf, u32 ext_max)
{
	bool amd = !strcmp(ci->vendor, "AuthenticAMD") || !strcmp(ci->vendor, "HygonGenuine");
	u32 a, b, c, d;

	if (amd) {
		u32 ext_feat = 0;
		if (ext_max >= 0x80000001) {
			cpuid(0x80000001, &a, &b, &c, &d);
			ext_feat = c;
		}
		if (ext_max >= 0x8000001D && (ext_feat & F81C_TOPOEXT) && read_deterministic(ci, 0x8000001D)) {
			ci->cache_source = "leaf 0x8000001D";
			return;
		}
		if (read_amd_legacy(ci, ext_max)) {
			ci->cache_source = "leaf 0x80000006";
			return;
		}
		return;
	}

	if (max_leaf >= 4 && read_deterministic(ci, 4)) {
		ci->cache_source = "leaf 4";
		return;
	}
	if (max_leaf >= 2) {
		bool want_leaf4 = false;
		bool got = read_leaf2(ci, &want_leaf4);
		if (want_leaf4 && max_leaf >= 4) {
			ci->ncaches = 0;
			if (read_deterministic(ci, 4)) {
				ci->cache_source = "leaf 4";
				return;
			}
		} else if (got) {
			ci->cache_source = "leaf 2";
			return;
		}
	}
	/* Other vendors (VIA/Centaur, Transmeta) use AMD's extended leaves. */
	if (read_amd_legacy(ci, ext_max))
		ci->cache_source = "leaf 0x80000006";
}

/* Orders caches by level, then data, instruction, unified (leaf 2 lists
 * descriptors in no particular order). Insertion sort: at most 8 entries. */
static void sort_caches(struct cpuinfo *ci)
{
	for (u32 i = 1; i < ci->ncaches; i++) {
		struct cpu_cache c = ci->caches[i];
		u32 j = i;
		while (j > 0 && (ci->caches[j - 1].level > c.level ||
				 (ci->caches[j - 1].level == c.level && ci->caches[j - 1].type > c.type))) {
			ci->caches[j] = ci->caches[j - 1];
			j--;
		}
		ci->caches[j] = c;
	}
}

static void trim_brand(char *s)
{
	size_t start = 0, n = strlen(s);
	while (s[start] == ' ')
		start++;
	memmove(s, s + start, n - start + 1);
	n -= start;
	while (n && s[n - 1] == ' ')
		s[--n] = '\0';
}

void cpuinfo_detect(struct cpuinfo *ci)
{
	u32 a, b, c, d, max_leaf, ext_max = 0;

	memset(ci, 0, sizeof(*ci));
	ci->cache_source = "none";
	ci->has_cpuid = have_cpuid();
	if (!ci->has_cpuid)
		return;

	cpuid(0, &max_leaf, &b, &c, &d);
	copy_regs(ci->vendor, b, d, c); /* "Genu" "ineI" "ntel": EBX, EDX, ECX */

	if (max_leaf >= 1) {
		cpuid(1, &a, &b, &c, &d);
		/* EAX: [3:0] stepping, [7:4] model, [11:8] family, [19:16]
		 * extended model, [27:20] extended family. The extended family
		 * adds on when family is 0xF; the extended model extends the
		 * model when family is 6 or 0xF. */
		u32 fam = (a >> 8) & 0xF, model = (a >> 4) & 0xF;
		ci->stepping = a & 0xF;
		ci->family = fam == 0xF ? fam + ((a >> 20) & 0xFF) : fam;
		ci->model = (fam == 6 || fam == 0xF) ? model | (((a >> 16) & 0xF) << 4) : model;
		ci->has_fpu = d & F1D_FPU;
		ci->has_pse = d & F1D_PSE;
		ci->has_tsc = d & F1D_TSC;
		ci->has_fxsr = d & F1D_FXSR;
		ci->has_sse = d & F1D_SSE;
		ci->has_sse2 = d & F1D_SSE2;
		ci->hypervisor = c & F1C_HYPERVISOR;
	}

	if (ci->hypervisor) {
		cpuid(0x40000000, &a, &b, &c, &d);
		copy_regs(ci->hv_vendor, b, c, d); /* EBX, ECX, EDX */
	}

	cpuid(0x80000000, &a, &b, &c, &d);
	/* Valid only when it answers with a leaf number in the 0x8000xxxx range;
	 * older CPUs return garbage from the highest basic leaf. */
	if ((a & 0xFFFF0000) == 0x80000000)
		ext_max = a;
	if (ext_max >= 0x80000004) {
		for (u32 i = 0; i < 3; i++) {
			u32 r[4];
			cpuid(0x80000002 + i, &r[0], &r[1], &r[2], &r[3]);
			memcpy(ci->brand + 16 * i, r, 16);
		}
		ci->brand[48] = '\0';
		trim_brand(ci->brand);
	}

	detect_caches(ci, max_leaf, ext_max);
	sort_caches(ci);
}

bool cpuinfo_has_cr4(const struct cpuinfo *ci)
{
	return ci->has_cpuid && (ci->family >= 5 || ci->has_pse);
}

const struct cpu_cache *cpuinfo_largest_cache(const struct cpuinfo *ci)
{
	const struct cpu_cache *best = NULL;

	for (u32 i = 0; i < ci->ncaches; i++) {
		const struct cpu_cache *c = &ci->caches[i];
		if (c->type == 'I')
			continue;
		if (!best || c->size > best->size || (c->size == best->size && c->level > best->level))
			best = c;
	}
	return best;
}

static const char *type_name(char t)
{
	return t == 'D' ? "data" : t == 'I' ? "instruction" : "unified";
}

void cpuinfo_print(const struct cpuinfo *ci)
{
	if (!ci->has_cpuid) {
		printk("cpu: no CPUID (386/486 class)\n");
	} else {
		printk("cpu: %s family %u model %u stepping %u \"%s\"\n", ci->vendor, ci->family, ci->model,
		       ci->stepping, ci->brand);
	}
	printk("cpu: features tsc=%d fpu=%d sse=%d sse2=%d pse=%d hypervisor=%d", ci->has_tsc, ci->has_fpu, ci->has_sse,
	       ci->has_sse2, ci->has_pse, ci->hypervisor);
	if (ci->hypervisor)
		printk(" (%s)", hv_name(ci->hv_vendor));
	printk("\n");

	if (ci->ncaches == 0) {
		printk("cache: none reported (%s)\n", ci->cache_source);
		return;
	}
	for (u32 i = 0; i < ci->ncaches; i++) {
		const struct cpu_cache *c = &ci->caches[i];
		printk("cache: L%u %s %uK ", c->level, type_name(c->type), c->size / KiB);
		if (c->ways)
			printk("%u-way", c->ways);
		else
			printk("fully-assoc");
		printk(" %uB lines %u sets shared_by=%u (%s)\n", c->line, c->sets, c->shared_by, ci->cache_source);
	}
}
