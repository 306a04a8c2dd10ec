/* SPDX-License-Identifier: MIT */
/* tests/boot/hiboot/hiboot.c - a top-down "loader" for the boot test
 * tests/boot/test_bootinfo.py (issue 8 item 3), linked only into
 * build/kernel-hiboot.elf.
 *
 * Runs before the kernel, with paging off. Copies the Multiboot information
 * structure, the command line, the loader name, the module list and the
 * memory map to the top of the highest usable RAM below 4 GiB (as a loader
 * that allocates from the top does), rewrites the pointers, fills the old
 * copies with 0xee (so a kernel that still read them would see garbage),
 * and hands the new address to the normal entry. Its own options are taken
 * out of the command line the kernel sees:
 *   hiboot.below=ADDR          place everything below ADDR instead
 *   hiboot.split=N             hand over a memory map of N entries: the
 *                              largest usable entry is cut into adjacent
 *                              pieces (firmware listing RAM piecewise)
 *   hiboot.frag=N              append N entries alternating 8 KiB usable and
 *                              4 KiB reserved from 64 MiB up (unmergeable)
 *   hiboot.add=BASE:LEN:TYPE   append one entry (any 32-bit TYPE)
 * and, playing firmware that lies, rewrite the ACPI MADT in place (found
 * through the RSDP as the kernel finds it; its checksum made right again
 * unless told otherwise), before the kernel reads it:
 *   hiboot.madt_id=I:ID        the I-th local APIC entry gets APIC id ID
 *   hiboot.madt_lapic=ADDR     the local APIC address field becomes ADDR
 *   hiboot.madt_elen=I:LEN     the I-th entry's length byte becomes LEN
 *   hiboot.madt_badsum=1       the checksum is left wrong (off by one)
 * Numbers are decimal or 0x-hex. A malformed option is ignored. */
#include "arch/x86/acpi.h"
#include "boot/multiboot.h"
#include "kernel/string.h"

u32 hiboot_relocate(u32 magic, u32 mbi_phys);

#define MAX_ADD 4

static u32 opt_below, opt_split, opt_frag, nr_add;
#define MAX_MADT_OPTS 4
static u32 madt_ids[MAX_MADT_OPTS][2], nr_madt_ids, madt_elens[MAX_MADT_OPTS][2], nr_madt_elens;
static u32 opt_madt_lapic, opt_madt_badsum;
static bool madt_opts;
static struct multiboot_mmap_entry adds[MAX_ADD];

static bool is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* Parses a decimal or 0x-hex number at *s; advances *s. */
static u64 parse_num(const char **s)
{
	const char *p = *s;
	u64 v = 0;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		for (;; p++) {
			u32 d;
			if (*p >= '0' && *p <= '9')
				d = (u32)(*p - '0');
			else if (*p >= 'a' && *p <= 'f')
				d = (u32)(*p - 'a' + 10);
			else if (*p >= 'A' && *p <= 'F')
				d = (u32)(*p - 'A' + 10);
			else
				break;
			v = v * 16 + d;
		}
	} else {
		while (*p >= '0' && *p <= '9')
			v = v * 10 + (u64)(*p++ - '0');
	}
	*s = p;
	return v;
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void take_option(const char *s)
{
	if (starts(s, "hiboot.below=")) {
		s += 13;
		opt_below = (u32)parse_num(&s);
	} else if (starts(s, "hiboot.split=")) {
		s += 13;
		opt_split = (u32)parse_num(&s);
	} else if (starts(s, "hiboot.frag=")) {
		s += 12;
		opt_frag = (u32)parse_num(&s);
	} else if (starts(s, "hiboot.madt_id=") && nr_madt_ids < MAX_MADT_OPTS) {
		s += 15;
		madt_ids[nr_madt_ids][0] = (u32)parse_num(&s);
		if (*s++ != ':')
			return;
		madt_ids[nr_madt_ids++][1] = (u32)parse_num(&s);
		madt_opts = true;
	} else if (starts(s, "hiboot.madt_elen=") && nr_madt_elens < MAX_MADT_OPTS) {
		s += 17;
		madt_elens[nr_madt_elens][0] = (u32)parse_num(&s);
		if (*s++ != ':')
			return;
		madt_elens[nr_madt_elens++][1] = (u32)parse_num(&s);
		madt_opts = true;
	} else if (starts(s, "hiboot.madt_lapic=")) {
		s += 18;
		opt_madt_lapic = (u32)parse_num(&s);
		madt_opts = true;
	} else if (starts(s, "hiboot.madt_badsum=")) {
		s += 19;
		opt_madt_badsum = (u32)parse_num(&s);
		madt_opts = true;
	} else if (starts(s, "hiboot.add=") && nr_add < MAX_ADD) {
		struct multiboot_mmap_entry *e = &adds[nr_add];
		s += 11;
		e->size = 20;
		e->addr = parse_num(&s);
		if (*s++ != ':')
			return;
		e->len = parse_num(&s);
		if (*s++ != ':')
			return;
		e->type = (u32)parse_num(&s);
		nr_add++;
	}
}

/* Copies src into dst without the hiboot.* tokens; reads the options. */
static u32 filter_cmdline(char *dst, const char *src)
{
	u32 n = 0;
	while (*src) {
		const char *tok = src;
		u32 len = 0;
		while (tok[len] && !is_space(tok[len]))
			len++;
		if (starts(tok, "hiboot."))
			take_option(tok);
		else if (len) {
			if (n)
				dst[n++] = ' ';
			memcpy(dst + n, tok, len);
			n += len;
		}
		src = tok + len;
		while (is_space(*src))
			src++;
	}
	dst[n] = '\0';
	return n + 1;
}

/* Physical memory, paging off: the identity below 4 GiB. */
static const u8 *ident(u64 phys, u32 len, void *ctx)
{
	(void)ctx;
	return phys + len > (1ull << 32) ? 0 : (const u8 *)(u32)phys;
}

/* The hiboot.madt_* options: rewrites the MADT where the firmware left it. */
static void corrupt_madt(void)
{
	struct acpi_rsdp_info rsdp;
	const u8 *ct;
	u8 *t, sum = 0;
	u32 len, off, i, n, lapic_n = 0;

	if (acpi_find_rsdp(ident, 0, &rsdp) < 0 || acpi_find_table(ident, 0, &rsdp, "APIC", &ct, &len) < 0)
		return;
	t = (u8 *)ct;
	if (opt_madt_lapic)
		memcpy(t + 36, &opt_madt_lapic, 4);
	for (off = 44, n = 0; off + 2 <= len && t[off + 1] >= 2; off += t[off + 1], n++) {
		if (t[off] == 0) {
			for (i = 0; i < nr_madt_ids; i++)
				if (madt_ids[i][0] == lapic_n)
					t[off + 3] = (u8)madt_ids[i][1];
			lapic_n++;
		}
		for (i = 0; i < nr_madt_elens; i++)
			if (madt_elens[i][0] == n) {
				t[off + 1] = (u8)madt_elens[i][1];
				off = len; /* the walk cannot go on past it */
				break;
			}
	}
	t[9] = 0;
	for (i = 0; i < len; i++)
		sum = (u8)(sum + t[i]);
	t[9] = (u8)(0x100 - sum + (opt_madt_badsum ? 1 : 0));
}

/* Scratch, in the kernel's .bss: the new map and command line are built
 * here, then copied to the top of RAM. */
static struct multiboot_mmap_entry map[4096];
static char line[4096];

u32 hiboot_relocate(u32 magic, u32 mbi_phys)
{
	struct multiboot_info *old = (struct multiboot_info *)mbi_phys, *mbi;
	const struct multiboot_mmap_entry *e;
	u32 n = 0, i, off, top = 0, big = 0, cmd_len = 0, name_len = 0, mods_len = 0, p;
	char *cmd = 0, *name = 0;

	if (magic != MULTIBOOT_BOOTLOADER_MAGIC || !(old->flags & MULTIBOOT_INFO_MEM_MAP))
		return mbi_phys;
	if (old->flags & MULTIBOOT_INFO_CMDLINE)
		cmd_len = filter_cmdline(line, (const char *)old->cmdline);
	if (madt_opts)
		corrupt_madt();

	/* The loader's map, then the top of the highest usable RAM below 4 GiB. */
	for (off = 0; off + 24 <= old->mmap_length && n < 64; off += e->size + 4) {
		e = (const struct multiboot_mmap_entry *)(old->mmap_addr + off);
		map[n] = *e;
		map[n].size = 20;
		if (e->type == 1 && e->addr + e->len <= 0x100000000ull) {
			u32 end = (u32)(e->addr + e->len);
			if (opt_below && end > opt_below && e->addr < opt_below)
				end = opt_below;
			if (end > top && (!opt_below || end <= opt_below))
				top = end;
		}
		if (e->type == 1 && e->len > map[big].len)
			big = n;
		n++;
	}
	if (opt_split > n && opt_split - n < 4000) { /* cut the largest usable entry */
		u32 pieces = opt_split - n + 1, k;
		u64 base = map[big].addr, len = map[big].len, step = (len / pieces) & ~0xfffull;
		for (k = n; k-- > big + 1;)
			map[k + pieces - 1] = map[k];
		for (k = 0; k < pieces; k++) {
			map[big + k].size = 20;
			map[big + k].addr = base + k * step;
			map[big + k].len = k + 1 < pieces ? step : len - k * step;
			map[big + k].type = 1;
		}
		n += pieces - 1;
	}
	for (i = 0; i < opt_frag && n < 4096 - MAX_ADD; i++, n++) {
		map[n].size = 20;
		map[n].addr = 0x4000000ull + (u64)(i / 2) * 0x3000 + (i & 1) * 0x2000;
		map[n].len = (i & 1) ? 0x1000 : 0x2000;
		map[n].type = (i & 1) ? 2 : 1;
	}
	for (i = 0; i < nr_add; i++)
		map[n++] = adds[i];

	/* Lay out from the top down: map, info, command line, name, modules. */
	p = top & ~0xfffu;
	p = (p - n * 24) & ~15u;
	memcpy((void *)p, map, n * 24);
	old->mmap_addr = p;
	old->mmap_length = n * 24;
	if (old->flags & MULTIBOOT_INFO_MODS) {
		mods_len = old->mods_count * sizeof(struct multiboot_module);
		p = (p - mods_len) & ~15u;
		memcpy((void *)p, (const void *)old->mods_addr, mods_len);
		memset((void *)old->mods_addr, 0xee, mods_len);
		old->mods_addr = p;
	}
	if (old->flags & MULTIBOOT_INFO_BOOT_LOADER_NAME) {
		name = (char *)old->boot_loader_name;
		name_len = strlen(name) + 1;
		p = (p - name_len) & ~15u;
		memcpy((void *)p, name, name_len);
		memset(name, 0xee, name_len - 1);
		old->boot_loader_name = p;
	}
	if (cmd_len) {
		cmd = (char *)old->cmdline;
		p = (p - cmd_len) & ~15u;
		memcpy((void *)p, line, cmd_len);
		memset(cmd, 0xee, strlen(cmd));
		old->cmdline = p;
	}
	p = (p - sizeof(*old)) & ~15u;
	mbi = (struct multiboot_info *)p;
	memcpy(mbi, old, sizeof(*old));
	memset(old, 0xee, sizeof(*old));
	return p;
}
