/* SPDX-License-Identifier: MIT */
/* arch/x86/cpu_cache.c - the cache facts of CPUID as values: leaf 4's
 * registers decoded, and the levels handed to mm/ (struct cache_geom).
 * No CPUID instruction here, so the host tests decode given registers. */
#include "arch/x86/cpuinfo.h"
#include "kernel/string.h"
#include "mm/cache_geom.h"

bool cpuinfo_decode_leaf4(u32 eax, u32 ebx, u32 ecx, struct cpu_cache *out)
{
	u32 type = eax & 0x1F, line, parts, ways, sets;

	if (type == 0 || type > 3)
		return false;
	line = (ebx & 0xFFF) + 1;
	parts = ((ebx >> 12) & 0x3FF) + 1;
	ways = (ebx >> 22) + 1;
	sets = ecx + 1;
	memset(out, 0, sizeof(*out));
	out->level = (u8)((eax >> 5) & 7);
	out->type = "?DIU"[type];
	out->size = ways * parts * line * sets;
	out->ways = (eax & (1u << 9)) ? 0 : ways; /* EAX[9]: fully associative */
	out->line = line;
	out->sets = (eax & (1u << 9)) ? 1 : sets;
	out->shared_by = ((eax >> 14) & 0xFFF) + 1;
	return true;
}

void cpuinfo_cache_geom(const struct cpuinfo *ci, struct cache_geom *g)
{
	memset(g, 0, sizeof(*g));
	g->source = ci->cache_source;
	for (u32 i = 0; i < ci->ncaches && g->n < CACHE_GEOM_MAX_LEVELS; i++) {
		const struct cpu_cache *c = &ci->caches[i];
		struct cache_level *l = &g->lv[g->n];

		if (c->type == 'I' || !c->size || !c->line)
			continue;
		l->name[0] = 'L';
		l->name[1] = (char)('0' + (c->level % 10));
		l->name[2] = c->type == 'D' ? 'd' : '\0';
		l->level = c->level;
		l->size = c->size;
		l->ways = c->ways;
		l->line = c->line;
		l->slices = 1; /* CPUID says nothing of slices: cache_levels= does */
		l->shared_by = c->shared_by;
		g->n++;
	}
}
