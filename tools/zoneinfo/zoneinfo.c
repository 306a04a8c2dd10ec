/* SPDX-License-Identifier: MIT */
/* tools/zoneinfo/zoneinfo.c - what the kernel's memory manager builds from a
 * memory map, computed on the host by the same mm/ code.
 *
 *   zoneinfo [--json] [--cmdline "cache_size=2M mm_shuffle=on"] [MAPFILE | -]
 *
 * Input (a file, or stdin when MAPFILE is absent or "-"), one entry a line:
 *   BASE LENGTH TYPE          numbers in decimal or 0x-hex, TYPE the e820 type
 *   [    0.000000] BIOS-e820: [mem 0x0000000000100000-0x000000007ffdffff] usable
 *                             the Linux boot-log form (timestamp optional, end
 *                             inclusive; usable, reserved, ACPI data, ACPI NVS,
 *                             unusable, persistent (type N), soft reserved, type N)
 * '#' starts a comment; blank lines and the "BIOS-provided physical RAM map:"
 * header are ignored.
 *
 * TYPE is any 32-bit value: as in the kernel, 1 is usable and every other
 * value (0 included) is memory that must not be used. Entries go through
 * e820_add() as the kernel's do (merged on input, at most E820_MAX_ENTRIES
 * kept; beyond it the entries not read are counted and said, the rest used).
 *
 * Then what the kernel does at boot: e820_sanitize, e820_memblock_add,
 * memblock_reserve of the first MiB, mm_init() (allocating through calloc
 * instead of memblock, so nothing else is reserved), and it prints the
 * sanitized map, each zone (start/end pfn, spanned/present/managed/free pages,
 * nr_free per order) and the colors; --json prints the same as one object.
 * --cmdline is parsed against the kernel's own parameter table (init/params.c); the
 * parser's messages go to stderr. mm_shuffle defaults to off here (the result
 * is deterministic either way: the generator has a fixed seed).
 *
 * Exit status: 0 ok; 1 no usable memory below 4 GiB; 2 bad usage, unreadable
 * file or malformed line (the message names the line and the accepted forms).
 * The kernel's "memory: map from ... has N entries, merged to M" line is
 * printed before the sanitized map (text) or given as "input" (--json). */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "init/params.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "arch/x86/e820.h"
#include "mm/memblock.h"
#include "mm/color_count.h"
#include "mm/mm_init.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement/registry.h"
#include "mm/shuffle.h"
#include "kernel/mwc.h"
#include "arch/x86/arch.h"

/* The allocator's generator (mm_config.rng). */
static struct mwc host_rng;

#define RESERVED_LOW (1024u * 1024u) /* the kernel reserves the first MiB */

static const char forms[] = "accepted forms:\n"
			    "  BASE LENGTH TYPE      (decimal or 0x-hex numbers, TYPE an e820 type number)\n"
			    "  [    0.000000] BIOS-e820: [mem 0xSTART-0xEND] usable|reserved|ACPI data|ACPI NVS|"
			    "unusable|persistent (type N)|soft reserved|type N   (timestamp optional, END inclusive)\n"
			    "  '#' comments, blank lines, the 'BIOS-provided physical RAM map:' header\n";

static void stderr_console(const char *s, size_t n)
{
	fwrite(s, 1, n, stderr);
}

static void *host_alloc(u32 bytes)
{
	return calloc(1, bytes ? bytes : 1);
}

/* ---- parsing ------------------------------------------------------------- */

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Parses a decimal or 0x-hex u64 at *s; advances *s. Returns 0 or -1. */
static int parse_num(const char **s, u64 *out)
{
	const char *p = *s;
	char *end;
	int base = 10;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		if (!isxdigit((unsigned char)p[2]))
			return -1;
	} else if (!isdigit((unsigned char)p[0])) {
		return -1;
	}
	errno = 0;
	*out = strtoull(p, &end, base);
	if (errno == ERANGE)
		return -1;
	*s = end;
	return 0;
}

/* Type names of the Linux boot log (arch/x86/kernel/e820.c), and "type N"
 * for any 32-bit N (0 included). Sets *type; returns 0, or -1 when unknown. */
static int parse_type_name(const char *s, u32 *type)
{
	static const struct {
		const char *name;
		u32 type;
	} names[] = {
		{ "usable", 1 },   { "reserved", 2 }, { "ACPI data", 3 },
		{ "ACPI NVS", 4 }, { "unusable", 5 }, { "soft reserved", 0xefffffffu },
	};
	u64 n;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(s, names[i].name)) {
			*type = names[i].type;
			return 0;
		}
	if (!strncmp(s, "persistent (type ", 17)) {
		s += 17;
		if (parse_num(&s, &n) < 0 || strcmp(s, ")") || n > 0xffffffffu)
			return -1;
		*type = (u32)n;
		return 0;
	}
	if (!strncmp(s, "type ", 5)) {
		s += 5;
		if (parse_num(&s, &n) < 0 || *s || n > 0xffffffffu)
			return -1;
		*type = (u32)n;
		return 0;
	}
	return -1;
}

/* "[mem 0xSTART-0xEND] TYPENAME" after "BIOS-e820:". Returns 0 or -1. */
static int parse_bootlog(const char *s, struct e820_table *t)
{
	u64 start, end;
	u32 type;

	s = skip_ws(s);
	if (strncmp(s, "[mem ", 5))
		return -1;
	s += 5;
	if (parse_num(&s, &start) < 0 || *s++ != '-' || parse_num(&s, &end) < 0 || *s++ != ']')
		return -1;
	if (end < start)
		return -1;
	if (parse_type_name(skip_ws(s), &type) < 0)
		return -1;
	/* inclusive end: [start, end] is end - start + 1 bytes (2^64 clamps);
	 * an entry e820_add() refuses is counted in t and said later */
	e820_add(t, start, end - start == ~0ull ? ~0ull : end - start + 1, type);
	return 0;
}

/* One line, comment and trailing blanks already cut. Returns 0 (entry
 * offered to e820_add, or nothing to add), -1 malformed. */
static int parse_line(char *line, struct e820_table *t)
{
	const char *s = skip_ws(line);
	u64 base, len, type;

	if (!*s)
		return 0;
	/* optional "[ seconds.micros] " timestamp of a boot log */
	if (s[0] == '[' && (isdigit((unsigned char)*skip_ws(s + 1)))) {
		const char *close = strchr(s, ']');
		if (!close)
			return -1;
		s = skip_ws(close + 1);
	}
	if (!strncmp(s, "BIOS-e820:", 10))
		return parse_bootlog(s + 10, t);
	/* the header Linux prints before the map */
	if (!strcmp(s, "BIOS-provided physical RAM map:") || !strcmp(s, "e820: BIOS-provided physical RAM map:"))
		return 0;
	if (parse_num(&s, &base) < 0 || (*s != ' ' && *s != '\t'))
		return -1;
	s = skip_ws(s);
	if (parse_num(&s, &len) < 0 || (*s != ' ' && *s != '\t'))
		return -1;
	s = skip_ws(s);
	if (parse_num(&s, &type) < 0 || *skip_ws(s) || type > 0xffffffffu)
		return -1;
	e820_add(t, base, len, (u32)type);
	return 0;
}

/* Reads every line of f into t. Returns 0, or the exit status after a message. */
static int read_map(FILE *f, const char *fname, struct e820_table *t)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned lineno = 0;
	int rc = 0;

	while ((n = getline(&line, &cap, f)) >= 0) {
		char *hash = strchr(line, '#');
		int r;

		lineno++;
		if (hash)
			*hash = '\0';
		n = (ssize_t)strlen(line);
		while (n > 0 && isspace((unsigned char)line[n - 1]))
			line[--n] = '\0';
		r = parse_line(line, t);
		if (r < 0) {
			fprintf(stderr, "zoneinfo: %s: line %u: malformed: '%s'\n%s", fname, lineno, line, forms);
			rc = 2;
			break;
		}
	}
	free(line);
	return rc;
}

/* ---- output -------------------------------------------------------------- */

static void stdout_console(const char *s, size_t n)
{
	fwrite(s, 1, n, stdout);
}

static void print_text(const struct e820_table *raw, const struct e820_table *map, u64 dropped)
{
	u32 i, o;
	char size[16];

	/* the kernel's own input line, through its printk */
	console_unregister_all();
	console_register(stdout_console);
	e820_print_input(raw, map, "input");
	console_unregister_all();
	console_register(stderr_console);
	printf("sanitized e820 map (%u entries):\n", map->nr_entries);
	for (i = 0; i < map->nr_entries; i++) {
		const struct e820_entry *e = &map->entries[i];
		printf("  BIOS-e820: [mem 0x%016" PRIx64 "-0x%016" PRIx64 "] %s\n", e->addr, e->addr + e->size - 1,
		       e820_type_name(e->type));
	}
	if (dropped)
		printf("usable memory at or above 4 GiB ignored: %" PRIu64 " bytes (no PAE)\n", dropped);
	printf("memblock: reserved [mem 0x0-0x%x] (the first MiB, as the kernel does)\n", RESERVED_LOW - 1);
	for (i = 0; i < MAX_NR_ZONES; i++) {
		const struct zone *z = &contig_page_data.node_zones[i];
		printf("zone %-7s start_pfn 0x%05x end_pfn 0x%05x spanned %u present %u managed %u free %u\n", z->name,
		       z->zone_start_pfn, zone_end_pfn(z), z->spanned_pages, z->present_pages, z->managed_pages,
		       z->free_pages);
		if (!zone_populated(z))
			continue;
		printf("  nr_free");
		for (o = 0; o < MAX_ORDER; o++)
			printf(" %u", z->free_area[o].nr_free);
		printf("\n");
	}
	format_size(size, sizeof(size), boot_config.mm.cache_size);
	printf("colors %u (cache_size %s, cache_ways %u), coloring %s, placement %s, mm_shuffle %s", page_colors, size,
	       boot_config.mm.cache_ways, page_color_enabled ? "on" : "off", placement_name(),
	       mm_shuffle_enabled ? "on" : "off");
	if (mm_shuffle_enabled)
		printf(", ballast %u pages", mm_ballast_pages);
	printf("\n");
}

static void print_json(const struct e820_table *raw, const struct e820_table *map, u64 dropped)
{
	u32 i, o, present = 0, managed = 0, free_pages = 0;

	printf("{\n  \"input\": {\"entries\": %u, \"merged_to\": %u, \"compactions\": %u, \"not_read\": %u, "
	       "\"not_read_usable\": %u, \"not_read_reserved\": [%" PRIu64 ", %" PRIu64 "]},\n",
	       raw->nr_input, raw->nr_entries, raw->nr_compacted, raw->nr_refused, raw->nr_refused_ram, raw->refused_lo,
	       raw->refused_hi);
	printf("  \"map\": [");
	for (i = 0; i < map->nr_entries; i++) {
		const struct e820_entry *e = &map->entries[i];
		printf("%s\n    {\"addr\": %" PRIu64 ", \"size\": %" PRIu64 ", \"type\": %u, \"type_name\": \"%s\"}",
		       i ? "," : "", e->addr, e->size, e->type, e820_type_name(e->type));
	}
	printf("\n  ],\n  \"dropped_above_4g\": %" PRIu64 ",\n", dropped);
	printf("  \"reserved\": [{\"addr\": 0, \"size\": %u, \"why\": \"first MiB\"}],\n", RESERVED_LOW);
	printf("  \"zones\": [");
	for (i = 0; i < MAX_NR_ZONES; i++) {
		const struct zone *z = &contig_page_data.node_zones[i];
		printf("%s\n    {\"name\": \"%s\", \"start_pfn\": %u, \"end_pfn\": %u, \"spanned_pages\": %u, "
		       "\"present_pages\": %u, \"managed_pages\": %u, \"free_pages\": %u, \"nr_free\": [",
		       i ? "," : "", z->name, z->zone_start_pfn, zone_end_pfn(z), z->spanned_pages, z->present_pages,
		       z->managed_pages, z->free_pages);
		for (o = 0; o < MAX_ORDER; o++)
			printf("%s%u", o ? ", " : "", z->free_area[o].nr_free);
		printf("]}");
		present += z->present_pages;
		managed += z->managed_pages;
		free_pages += z->free_pages;
	}
	printf("\n  ],\n  \"present_pages\": %u, \"managed_pages\": %u, \"free_pages\": %u,\n", present, managed,
	       free_pages);
	printf("  \"colors\": %u, \"cache_size\": %u, \"cache_ways\": %u, \"page_color\": %s,\n", page_colors,
	       boot_config.mm.cache_size, boot_config.mm.cache_ways, page_color_enabled ? "true" : "false");
	printf("  \"placement\": \"%s\",\n", placement_name());
	printf("  \"mm_shuffle\": %s, \"ballast_pages\": %u\n}\n", mm_shuffle_enabled ? "true" : "false",
	       mm_shuffle_enabled ? mm_ballast_pages : 0);
}

/* ---- main ---------------------------------------------------------------- */

/* The parameters that reach mm_init (struct mm_config): the others (bench=,
 * smp=, seed=, ...) set what the kernel does after it, which this tool does
 * not model; a given one is said ignored on stderr, never silently. */
static void said_unused(void)
{
	static const char *const used[] = { "page_color", "placement",	  "cache_size",	       "cache_ways",
					    "mm_shuffle", "mm_ballast",	  "mobility_grouping", "mm_debug",
					    "compaction", "cache_levels", "color_level",       "color_per_slice",
					    NULL };

	for (size_t i = 0; i < boot_param_count; i++) {
		const struct kernel_param *p = &boot_params[i];
		size_t u;

		if (!p->name || !p->given)
			continue;
		for (u = 0; used[u] && strcmp(used[u], p->name); u++)
			;
		if (!used[u])
			fprintf(stderr,
				"zoneinfo: %s= ignored: it has no effect on the zones and free lists zoneinfo builds "
				"(it reads page_color, placement, cache_size, cache_ways, cache_levels, color_level, "
				"color_per_slice, mm_shuffle, mm_ballast, mobility_grouping, mm_debug, compaction)\n",
				p->name);
	}
}

static int usage(FILE *out, int status)
{
	fprintf(out, "usage: zoneinfo [--json] [--cmdline \"key=value ...\"] [MAPFILE | -]\n%s", forms);
	return status;
}

int main(int argc, char **argv)
{
	static struct e820_table raw, map;
	const char *fname = NULL, *cmdline = NULL;
	bool json = false;
	FILE *f = stdin;
	u64 dropped;
	int i, rc;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			json = true;
		else if (!strcmp(argv[i], "--cmdline") && i + 1 < argc)
			cmdline = argv[++i];
		else if (!strncmp(argv[i], "--cmdline=", 10))
			cmdline = argv[i] + 10;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return usage(stdout, 0);
		else if ((argv[i][0] == '-' && argv[i][1]) || fname)
			return usage(stderr, 2);
		else
			fname = argv[i];
	}
	console_register(stderr_console);
	boot_config.mm.mm_shuffle = false; /* deterministic unless asked */
	if (cmdline) {
		params_parse(cmdline);
		said_unused();
		/* as the kernel's boot does (init/defaults.c): placement= wins */
		boot_config.mm.placement_given = param_given("placement");
		boot_config.mm.page_color_given = param_given("page_color");
		{ /* cache_levels=, color_level=, color_per_slice=: as the kernel's boot (no CPUID here) */
			static const struct cache_geom none;
			color_geometry_boot(&boot_config.mm, &none, param_given("cache_size"),
					    param_given("cache_ways"));
		}
	}

	if (fname && strcmp(fname, "-")) {
		f = fopen(fname, "r");
		if (!f) {
			fprintf(stderr, "zoneinfo: cannot open %s: %s\n", fname, strerror(errno));
			return 2;
		}
	} else {
		fname = "<stdin>";
	}
	rc = read_map(f, fname, &raw);
	if (f != stdin)
		fclose(f);
	if (rc)
		return rc;

	if (e820_sanitize(&raw, &map, &dropped) < 0)
		return 2; /* cannot happen: e820_add caps the entries */
	memblock_reset();
	e820_memblock_add(&map); /* says on stderr when memblock overflowed */
	if (!memblock_end_pfn()) {
		fprintf(stderr,
			"zoneinfo: %s: no usable memory below 4 GiB (%u entries read, %" PRIu64
			" usable bytes at or above 4 GiB ignored)\n",
			fname, raw.nr_input, dropped);
		return 1;
	}
	memblock_reserve(0, RESERVED_LOW);
	mwc_init(&host_rng, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT); /* fixed: deterministic output */
	boot_config.mm.rng = &host_rng;
	{
		static const u32 lim[MAX_NR_ZONES] = { ARCH_DMA_LIMIT_PFN, ARCH_NORMAL_LIMIT_PFN,
						       ARCH_HIGHMEM_LIMIT_PFN };
		memcpy(boot_config.mm.max_zone_pfn, lim, sizeof(lim)); /* the i386 layout (arch/x86/arch.h) */
	}
	if (mm_init(&boot_config.mm, host_alloc) < 0)
		return 1;
	if (json)
		print_json(&raw, &map, dropped);
	else
		print_text(&raw, &map, dropped);
	return 0;
}
