/* SPDX-License-Identifier: MIT */
/* tests/host/test_placement.c - the placement interface (mm/placement/ops.h) and
 * its five policies on the real mm/ code over a private mem_map: what each
 * policy picks, the run-time switch between every pair, selection by name,
 * boot selection (placement= against page_color=), color sets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "mm/mm_stat.h"
#include "tests/host/host_support.h"
#include "kernel/cmdline.h"
#include "tests/host/mm_fixture.h"

static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

#define VA0 0xC0000000u /* bench/bench.h's BENCH_VA */

/* vacolor: pages mapped at consecutive virtual pages get consecutive
 * colors, starting at (vpn + the task's offset); the offset is the task's
 * first MWC draw, and another task gets its own. */
static void test_vacolor_follows_virtual_pages(void **state)
{
	struct mwc ref;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("vacolor"), 0);
	assert_string_equal(placement_name(), "vacolor");
	assert_true(page_color_enabled);
	mwc_init(&ref, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT);
	u32 off1 = mwc_next(&ref) & 63, off2 = mwc_next(&ref) & 63;
	assert_int_not_equal(off1, off2); /* the seed's first two draws differ mod 64 */

	task_start("va1");
	for (u32 i = 0; i < 130; i++) {
		/* map out of order: the color follows the va, not the order of calls */
		u32 k = (i * 37) % 130;
		struct page *p = alloc_pages_va(GFP_KERNEL, 0, VA0 + k * PAGE_SIZE);
		assert_non_null(p);
		assert_int_equal(pfn_color(page_to_pfn(p)), ((VA0 >> PAGE_SHIFT) + k + off1) & 63);
	}
	assert_int_equal(fixture_task()->va_offset, off1);
	assert_int_equal(fixture_task()->hits, 130);
	assert_int_equal(fixture_task()->misses, 0);
	/* another task: the same va, its own offset */
	task_start("va2");
	struct page *p = alloc_pages_va(GFP_KERNEL, 0, VA0);
	assert_int_equal(pfn_color(page_to_pfn(p)), ((VA0 >> PAGE_SHIFT) + off2) & 63);
	/* order 2 at a va: the color rounded up to the order's alignment */
	p = alloc_pages_va(GFP_KERNEL, 2, VA0 + 5 * PAGE_SIZE);
	assert_int_equal(pfn_color(page_to_pfn(p)), (((VA0 >> PAGE_SHIFT) + 5 + off2 + 3) & ~3u) & 63);
	/* without a va: the task's round-robin (first target = next draw) */
	u32 rr = mwc_next(&ref) & 63;
	p = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(pfn_color(page_to_pfn(p)), rr);
	p = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(pfn_color(page_to_pfn(p)), (rr + 1) & 63);
	assert_int_equal(mm_check(), 0);
}

/* bestbin: a fresh task walks the colors like binhop; counts that were
 * made uneven are equalised first, ties going to the round-robin successor. */
static void test_bestbin_equalises_counts(void **state)
{
	struct mwc ref;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("bestbin"), 0);
	mwc_init(&ref, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT);
	u32 start = mwc_next(&ref) & 63;
	task_start("bb");
	for (u32 i = 0; i < 64; i++) {
		struct page *p = alloc_pages(GFP_KERNEL, 0);
		assert_int_equal(pfn_color(page_to_pfn(p)), (start + i) & 63);
	}
	struct placement_task *t = fixture_task();
	for (u32 c = 0; c < 64; c++)
		assert_int_equal(t->use[c], 1);
	/* make colors 7 and 20 lag behind: they are picked until level */
	for (u32 c = 0; c < 64; c++)
		t->use[c] = 10;
	t->use[7] = 7;
	t->use[20] = 9;
	t->target_color = 30;
	u32 got[4];
	for (u32 i = 0; i < 4; i++)
		got[i] = pfn_color(page_to_pfn(alloc_pages(GFP_KERNEL, 0)));
	assert_int_equal(got[0], 7); /* least used */
	assert_int_equal(got[1], 7);
	assert_int_equal(got[2], 20); /* 7 and 20 tie at 9: 20 comes first after target 8 */
	assert_int_equal(got[3], 7);
	for (u32 c = 0; c < 64; c++)
		assert_int_equal(t->use[c], 10);
	/* all level: the round-robin successor of the last pick */
	assert_int_equal(pfn_color(page_to_pfn(alloc_pages(GFP_KERNEL, 0))), 8);
	/* an order-2 block counts once for each of its 4 colors */
	struct page *p = alloc_pages(GFP_KERNEL, 2); /* target 9 rounds up to 12, the first least used */
	assert_int_equal(pfn_color(page_to_pfn(p)), 12);
	for (u32 i = 12; i < 16; i++)
		assert_int_equal(t->use[i], 11);
	assert_int_equal(t->use[8], 11);
	assert_int_equal(t->use[16], 10);
	assert_int_equal(t->misses, 0);
	assert_int_equal(mm_check(), 0);
}

/* random: with a fixed seed, picks over F free order-0 blocks are uniform
 * (chi-square within 5 sd of its mean F-1) and every block is reachable;
 * the blocks' colors are uniform too. */
static void test_random_is_uniform_and_reaches_every_block(void **state)
{
	enum { F = 256, PER = 50 };
	static struct page *held[2 * F];
	static u32 hist[1u << 16], color_hist[64];
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	/* with buddy (address order), take 2F pages and free every other one:
	 * F isolated free order-0 blocks (their buddies stay allocated) */
	for (u32 i = 0; i < 2 * F; i++)
		assert_non_null(held[i] = alloc_pages(GFP_DMA, 0));
	for (u32 i = 0; i < 2 * F; i += 2)
		assert_int_equal(__free_pages(held[i], 0), 0);
	assert_int_equal(contig_page_data.node_zones[ZONE_DMA].free_area[0].nr_free, F);
	assert_int_equal(placement_select("random"), 0);
	assert_false(page_color_enabled);
	assert_int_equal(mm_check(), 0);
	u32 base = page_to_pfn(held[0]);
	for (u32 i = 0; i < F * PER; i++) {
		struct page *p = alloc_pages(GFP_DMA, 0);
		u32 pfn = page_to_pfn(p);
		assert_true(pfn >= base && pfn < base + 2 * F && ((pfn - base) & 1) == 0);
		hist[(pfn - base) / 2]++;
		color_hist[pfn_color(pfn)]++;
		__free_pages(p, 0);
	}
	double chi2 = 0, colors_chi2 = 0;
	for (u32 b = 0; b < F; b++) {
		assert_true(hist[b] > 0); /* every block reachable */
		chi2 += (hist[b] - (double)PER) * (hist[b] - (double)PER) / PER;
	}
	/* df = 255: mean 255, sd sqrt(510) = 22.6 */
	assert_true(chi2 > 255 - 5 * 22.6 && chi2 < 255 + 5 * 22.6);
	/* the F blocks hold 32 even colors, 8 blocks each */
	for (u32 c = 0; c < 64; c++) {
		if (c & 1) {
			assert_int_equal(color_hist[c], 0);
			continue;
		}
		double e = F * PER / 32.0;
		colors_chi2 += (color_hist[c] - e) * (color_hist[c] - e) / e;
	}
	assert_true(colors_chi2 < 31 + 5 * 7.9); /* df 31, sd 7.9 */
	assert_int_equal(mm_check(), 0);
}

/* random, higher orders: a request takes a random block of its own order
 * when there is one, else splits a random larger block at a random place. */
static void test_random_splits_at_random(void **state)
{
	static u8 seen[64];
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("random"), 0);
	u32 distinct = 0;
	for (u32 i = 0; i < 400; i++) {
		struct page *p = alloc_pages(GFP_KERNEL, 0);
		u32 slot = page_to_pfn(p) & 63;
		distinct += !seen[slot];
		seen[slot] = 1;
		__free_pages(p, 0); /* merges back: only large blocks remain */
	}
	assert_true(distinct > 48); /* address order would give one slot */
	assert_int_equal(mm_check(), 0);
}

/* buddy: a fresh allocator hands out ascending pfns (address order), also
 * after a round trip through a coloring policy (mm_shuffle off). */
static void test_buddy_address_order(void **state)
{
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_string_equal(placement_name(), "buddy");
	struct page *a = alloc_pages(GFP_KERNEL, 0), *b = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(page_to_pfn(b), page_to_pfn(a) + 1);
	__free_pages(b, 0);
	__free_pages(a, 0);
	assert_int_equal(placement_select("binhop"), 0);
	assert_int_equal(placement_select("buddy"), 0);
	a = alloc_pages(GFP_KERNEL, 0);
	b = alloc_pages(GFP_KERNEL, 0);
	struct page *c = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(page_to_pfn(b), page_to_pfn(a) + 1);
	assert_int_equal(page_to_pfn(c), page_to_pfn(a) + 2);
	assert_int_equal(page_to_pfn(a), MB(16) >> PAGE_SHIFT); /* Normal's first pfn */
	assert_int_equal(mm_check(), 0);
}

/* Every ordered pair of policies: allocate a mix under one, switch, free
 * under the other; every block survives and mm_check stays clean. */
static void test_switch_every_pair(void **state)
{
	static struct page *live[300];
	static const gfp_t gfps[] = { GFP_KERNEL, GFP_DMA, GFP_HIGHUSER };
	struct buddy_snapshot initial, now;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 512, 30), 0);
	snapshot_take(&initial);
	u32 free0 = nr_free_pages();
	for (u32 a = 0; a < PLACEMENT_NR; a++) {
		for (u32 b = 0; b < PLACEMENT_NR; b++) {
			u32 n = 0;
			assert_int_equal(placement_select_id(a), 0);
			assert_int_equal(placement_active_id, a);
			/* the policy's registry line (placement=) names what its ops name */
			assert_string_equal(placement_name(), placement_choices[a]);
			assert_int_equal(placement_active_pcp, placement_active->pcp);
			assert_int_equal(mm_check(), 0);
			task_start("pair");
			for (u32 i = 0; i < 300; i++) {
				u32 order = i % 7 == 0 ? 3 : i % 3 == 0 ? 1 : 0;
				struct page *p = (i & 1) ? alloc_pages_va(gfps[i % 3], order, VA0 + i * 8 * PAGE_SIZE)
							 : alloc_pages(gfps[i % 3], order);
				assert_non_null(p);
				live[n++] = p;
			}
			assert_int_equal(placement_select_id(b), 0);
			assert_int_equal(mm_check(), 0);
			for (u32 i = 0; i < n; i++)
				assert_int_equal(__free_pages(live[i], live[i]->private), 0);
			assert_int_equal(mm_check(), 0);
			assert_int_equal(nr_free_pages(), free0);
			snapshot_take(&now);
			assert_true(snapshot_equal(&initial, &now));
		}
	}
}

/* Names: each policy of the registry selects its policy and names it;
 * selecting the active one again changes nothing; an unknown name is
 * refused with the accepted names; ids out of range too. */
static void test_select_by_name(void **state)
{
	char msg[256];
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, 50), 0);
	for (u32 i = 0; i < PLACEMENT_NR; i++) {
		const char *name = placement_choices[i];
		assert_non_null(name);
		assert_int_equal(placement_lookup(name), (int)i);
		assert_int_equal(placement_select(name), 0);
		assert_string_equal(placement_name(), name);
		assert_int_equal(page_color_enabled, placement_active->colors);
		struct buddy_snapshot a, b;
		snapshot_take(&a);
		assert_int_equal(placement_select(name), 0); /* idempotent */
		snapshot_take(&b);
		assert_true(snapshot_equal(&a, &b));
		assert_int_equal(mm_check(), 0);
	}
	assert_null(placement_choices[PLACEMENT_NR]);
	/* which of the policies color */
	assert_false(placement_buddy_ops.colors);
	assert_true(placement_binhop_ops.colors && placement_vacolor_ops.colors && placement_bestbin_ops.colors);
	assert_false(placement_random_ops.colors);
	capture_reset();
	assert_int_equal(placement_select("colour"), -1);
	snprintf(msg, sizeof(msg), "placement: unknown policy 'colour'; accepted: %s\n", placement_names);
	assert_string_equal(capture_text(), msg);
	assert_string_equal(placement_name(), placement_choices[PLACEMENT_NR - 1]);
	capture_reset();
	assert_int_equal(placement_select_id(PLACEMENT_NR), -1);
	snprintf(msg, sizeof(msg), "placement: no policy with id %u; accepted: 0..%u (%s)\n", PLACEMENT_NR,
		 PLACEMENT_NR - 1, placement_names);
	assert_string_equal(capture_text(), msg);
	/* placement_names: the choices in id order, joined by '|' */
	msg[0] = '\0';
	for (u32 i = 0; i < PLACEMENT_NR; i++)
		snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "%s%s", i ? "|" : "", placement_choices[i]);
	assert_string_equal(placement_names, msg);
	/* the old switch */
	page_color_start();
	assert_string_equal(placement_name(), "binhop");
	page_color_stop();
	assert_string_equal(placement_name(), "buddy");
}

/* Boot: placement= wins over page_color= and the log says so; page_color
 * alone keeps meaning binhop|buddy; the log names the policy. */
static void test_boot_selection(void **state)
{
	/* the placement= row as init/params.c declares it */
	struct kernel_param row = { .name = "placement",
				    .type = PARAM_ENUM,
				    .value = &fixture_mm_config.placement,
				    .choices = placement_choices };
	(void)state;

	/* placement=vacolor page_color=off: mm_init gets both as given */
	capture_reset();
	fixture_mm_config.placement = PLACEMENT_VACOLOR;
	fixture_mm_config.placement_given = true;
	fixture_mm_config.page_color_given = true;
	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0); /* fixture sets page_color off itself */
	assert_string_equal(placement_name(), "vacolor");
	assert_true(capture_contains("placement: placement=vacolor and page_color=off given: placement= wins"));
	assert_true(capture_contains("placement: vacolor (color = virtual page number"));
	fixture_mm_config.placement_given = false;
	fixture_mm_config.page_color_given = false;

	/* page_color=on alone: binhop */
	capture_reset();
	fixture_mm_config.page_color = true;
	fixture_mm_config.page_color_given = true;
	fixture_teardown();
	mm_init(&fixture_mm_config, fixture_alloc);
	assert_string_equal(placement_name(), "binhop");
	assert_true(capture_contains("placement: binhop (bin hopping"));
	assert_false(capture_contains("placement= wins"));
	fixture_mm_config.page_color_given = false;

	/* a bad name: the parser refuses it, naming every accepted policy */
	capture_reset();
	assert_int_equal(cmdline_parse("placement=fifo", &row, 1), 1);
	assert_true(capture_contains("placement=fifo rejected"));
	assert_true(capture_contains("buddy|binhop|vacolor|bestbin|random"));
	assert_false(row.given);
	assert_int_equal(fixture_mm_config.placement, PLACEMENT_VACOLOR); /* untouched */
	fixture_mm_config.placement = PLACEMENT_BINHOP;
}

/* A color set restricts what a coloring policy picks: only colors 8..11
 * (round-robin inside them), and the nearest allowed one on a miss. */
static void test_color_set_restricts_picks(void **state)
{
	static u32 words[8];
	struct color_bitmap set;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("binhop"), 0);
	color_bitmap_init(&set, 64, words);
	for (u32 c = 8; c < 12; c++)
		color_bitmap_set(&set, c);
	task_start("part");
	fixture_task()->rr_init = true;
	fixture_task()->target_color = 40;
	for (u32 i = 0; i < 12; i++) {
		struct alloc_hint h = { .task = current, .order = 0, .colors = &set };
		struct page *p = alloc_pages_hint(GFP_KERNEL, &h);
		assert_non_null(p);
		assert_int_equal(pfn_color(page_to_pfn(p)), 8 + (i % 4));
	}
	/* a target outside the set moves to the next allowed color: no miss */
	assert_int_equal(fixture_task()->misses, 0);
	assert_int_equal(fixture_task()->hits, 12);
	assert_int_equal(mm_check(), 0);
}

/* mm_stat's dump follows the active policy's lists. */
static void test_dump_per_policy(void **state)
{
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("random"), 0);
	capture_reset();
	mm_dump_free_lists();
	assert_true(capture_contains("freelist zone=Normal order=10 lists=1 nr_free="));
	assert_int_equal(placement_select("bestbin"), 0);
	capture_reset();
	mm_dump_free_lists();
	assert_true(capture_contains("freelist zone=Normal order=0 lists=64 nr_free=0"));
	capture_reset();
	page_color_print(true);
	assert_true(capture_contains("placement=bestbin"));
	/* every free page above the first MiB, over 64 colors: 252 of 4 KiB, 126 of 8 KiB */
	char want[80];
	u32 per = (u32)(MB(63) >> PAGE_SHIFT) / 64;
	snprintf(want, sizeof(want), "page_color: free per color min=%u max=%u mean=%u", per, per, per);
	assert_true(capture_contains(want));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_vacolor_follows_virtual_pages, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_bestbin_equalises_counts, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_random_is_uniform_and_reaches_every_block, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_random_splits_at_random, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_buddy_address_order, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_switch_every_pair, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_select_by_name, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_boot_selection, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_color_set_restricts_picks, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_dump_per_policy, fixture_setup_cb, fixture_teardown_cb),
	};
	return cmocka_run_group_tests_name("placement", tests, NULL, NULL);
}
