# SPDX-License-Identifier: MIT
# tests/fuzz/fuzz.mk - libFuzzer targets (clang -fsanitize=fuzzer,address,undefined).
# Included from the top Makefile (uses its B); also works on its own:
#   make -f tests/fuzz/fuzz.mk fuzz-quick
#
#   $(B)/fuzz/fuzz_cmdline    kernel/cmdline.c        corpus tests/fuzz/corpus/cmdline
#   $(B)/fuzz/fuzz_memmap     e820 -> memblock -> mm_init      tests/fuzz/corpus/memmap
#   $(B)/fuzz/fuzz_alloc      alloc/free/coloring/task ops     tests/fuzz/corpus/alloc
#   $(B)/fuzz/fuzz_firmware   MADT, MP table, ACPI root (arch/x86/madt.c, acpi.c)  tests/fuzz/corpus/firmware
#   fuzz-quick   each target FUZZ_SECONDS (default 20) on a COPY of its corpus
#                (the committed corpus never grows here); fails on a crash, leak
#                or timeout; prints "Done N runs" per target. Crash inputs are
#                kept in $(B)/fuzz/artifacts/.
#   fuzz         each target FUZZ_SECONDS=300, then merges the inputs that add
#                coverage into tests/fuzz/corpus/<target> (commit them).
#   fuzz-speed   fuzz_alloc for FUZZ_SPEED_SECONDS (default 20) per check mode
#                from the seed corpus (libFuzzer -seed=1), one build; prints
#                "@fuzzspeed target=alloc mode=<full|full-restore|incremental>
#                execs=N ... execs_per_s=X execs_per_cpu_s=Y" and the speedup
#                (tests/fuzz/fuzz-speed.sh).
#   fuzz-bugs-quick  (in make test) builds fuzz_alloc once per injected fault
#                (FUZZ_BUGS, -DMM_INJECT_BUG=<name>, see mm/inject.h) and runs
#                each from a copy of the seed corpus in the incremental mode
#                with the full check after every op too (FUZZ_ALLOC_FULL_EVERY=1):
#                passes when each crashes within FUZZ_BUG_SECONDS (default 5)
#                and the incremental per-op checks caught it (caught_by=op),
#                and when the unbroken build, run the same way with
#                FUZZ_ALLOC_VERIFY=1, does not crash.
#   fuzz-bugs    per fault, mode (incremental, full, both: incremental and
#                mm_check() after every op) and start (seed corpus, empty
#                corpus): executions and seconds to detection within a budget
#                of FUZZ_BUG_SECONDS (default 60); fails when a fault is not
#                found or mode both sees it first in mm_check(). One line each:
#                "@fuzzbug bug=... mode=... corpus=... found=yes execs=N
#                seconds=S caught_by=op|full check="<what failed>"".
#
# mm/mm_check.c (the oracle) and two per-page loops that only the oracle and
# the setup run hot are left out of the coverage instrumentation: their
# comparisons cost most of the time and guide nothing. They keep ASan+UBSan.
# fuzz_alloc leaves out more of them (list and generator helpers, the
# coloring switch and shuffle walks over every page, printk's formatter, the
# harness's counter snapshots): with the per-op mm_check() gone they were
# most of its time.

B            ?= build
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 20
FUZZ_TARGETS := fuzz_cmdline fuzz_memmap fuzz_alloc fuzz_firmware
FUZZ_DIR     := $(B)/fuzz
HOST_ARCH_INC ?= -Iarch/host/include
FUZZ_CFLAGS  := -std=gnu11 -g -O1 -I. $(HOST_ARCH_INC) -DMM_HOST -DKERNEL_DEBUG -Wall -Wextra -Werror \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-fsanitize-coverage-ignorelist=$(FUZZ_DIR)/coverage-ignore.txt
FUZZ_ALLOC_CFLAGS := $(FUZZ_CFLAGS) -fsanitize-coverage-ignorelist=$(FUZZ_DIR)/coverage-ignore-alloc.txt
FUZZ_BUGS    := lost_free wrong_order wrong_list double_free bad_merge no_merge split_overlap
FUZZ_SPEED_SECONDS ?= 20
# On its own (make -f), the host source list comes from the top Makefile,
# the one place it is written.
ifndef HOST_CORE_SRCS
HOST_CORE_SRCS := $(shell $(MAKE) -s --no-print-directory -f Makefile print-HOST_CORE_SRCS)
HOST_CORE_HDRS := $(shell $(MAKE) -s --no-print-directory -f Makefile print-HOST_CORE_HDRS)
endif
FUZZ_SRCS    := $(HOST_CORE_SRCS) arch/x86/acpi.c arch/x86/madt.c
FUZZ_DEPS    := $(FUZZ_SRCS) $(HOST_CORE_HDRS) $(wildcard tests/fuzz/*.h) tests/host/le_bytes.h $(FUZZ_DIR)/coverage-ignore.txt \
	$(FUZZ_DIR)/coverage-ignore-alloc.txt

.PHONY: fuzz fuzz-quick fuzz-build fuzz-speed fuzz-bugs fuzz-bugs-quick

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%)

$(FUZZ_DIR)/coverage-ignore.txt: tests/fuzz/fuzz.mk
	@mkdir -p $(dir $@)
	$(call quiet,GEN,$@)printf 'src:*mm/mm_check.c\nfun:color_bitmap_test\nfun:free_area_init\n' > $@

$(FUZZ_DIR)/coverage-ignore-alloc.txt: tests/fuzz/fuzz.mk
	@mkdir -p $(dir $@)
	$(call quiet,GEN,$@)printf 'fun:%s\n' list_del __list_add mwc_next mwc_below fisher_yates collect_range \
		page_color_start page_color_stop __shuffle_free_lists shuffle_release_memblock \
		color_bitmap_find_next color_bitmap_init count check_counts check_unchanged quiet \
		placement_select_id placement_setup __placement_readd_zone reset_plain color_lists_reset color_lists_attach \
		color_lists_check color_lists_for_each_block random_reset random_attach > $@
	$(Q)printf 'src:*kernel/printk.c\n' >> $@

# The sources are compiled once per flag set into objects that the targets
# share: obj/ (FUZZ_CFLAGS: fuzz_cmdline, fuzz_memmap), aobj/
# (FUZZ_ALLOC_CFLAGS: fuzz_alloc and its fault-injected builds); a
# fault-injected build recompiles only the files that read MM_INJECT_BUG
# (FUZZ_INJECT_SRCS). Every object depends on every header (FUZZ_DEPS).
FUZZ_INJECT_SRCS := mm/page_alloc.c
FUZZ_OBJ   := $(FUZZ_SRCS:%.c=$(FUZZ_DIR)/obj/%.o)
FUZZ_AOBJ  := $(FUZZ_SRCS:%.c=$(FUZZ_DIR)/aobj/%.o)
FUZZ_PLAIN_AOBJ := $(filter-out $(FUZZ_INJECT_SRCS:%.c=$(FUZZ_DIR)/aobj/%.o),$(FUZZ_AOBJ))

$(FUZZ_DIR)/obj/%.o: %.c $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(call quiet,CLANG,$@)$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_DIR)/aobj/%.o: %.c $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(call quiet,CLANG,$@)$(FUZZ_CC) $(FUZZ_ALLOC_CFLAGS) -c -o $@ $<

# $(FUZZ_DIR)/bugs/obj-<bug>/<file>.o: a file of FUZZ_INJECT_SRCS built with -DMM_INJECT_BUG=<bug>
$(FUZZ_DIR)/bugs/obj-%.o: $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(call quiet,CLANG,$@)b='$*'; $(FUZZ_CC) $(FUZZ_ALLOC_CFLAGS) -DMM_INJECT_BUG=$${b%%/*} -c -o $@ $${b#*/}.c

$(FUZZ_DIR)/fuzz_alloc: tests/fuzz/fuzz_alloc.c $(FUZZ_AOBJ) $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(call quiet,CLANG,$@)$(FUZZ_CC) $(FUZZ_ALLOC_CFLAGS) -o $@ $< $(FUZZ_AOBJ)

$(FUZZ_DIR)/bugs/fuzz_alloc_%: tests/fuzz/fuzz_alloc.c $(FUZZ_PLAIN_AOBJ) $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(call quiet,CLANG,$@)$(FUZZ_CC) $(FUZZ_ALLOC_CFLAGS) -DMM_INJECT_BUG=$* -o $@ $< $(filter %.o,$^)

# each fault-injected build's own objects
define fuzz_bug_objs
$(FUZZ_DIR)/bugs/fuzz_alloc_$(1): $(FUZZ_INJECT_SRCS:%.c=$(FUZZ_DIR)/bugs/obj-$(1)/%.o)
$(foreach f,$(FUZZ_INJECT_SRCS),$(FUZZ_DIR)/bugs/obj-$(1)/$(f:.c=.o): $(f)
)
endef
$(foreach b,$(FUZZ_BUGS),$(eval $(call fuzz_bug_objs,$(b))))

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ) $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(call quiet,CLANG,$@)$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_OBJ)

# The memory manager's targets again with 8 KiB pages (the host's
# <asm/page.h> takes -DPAGE_SHIFT=13): $(FUZZ_DIR)/fuzz8_alloc and
# fuzz8_memmap, objects in obj8/ and aobj8/. fuzz-quick8 runs each
# FUZZ_SECONDS from a copy of its seed corpus (make test: 2 s, make
# test-long: 60 s); logs $(FUZZ_DIR)/fuzz8_<target>.log.
FUZZ8_TARGETS := fuzz8_alloc fuzz8_memmap
FUZZ8_OBJ  := $(FUZZ_SRCS:%.c=$(FUZZ_DIR)/obj8/%.o)
FUZZ8_AOBJ := $(FUZZ_SRCS:%.c=$(FUZZ_DIR)/aobj8/%.o)
$(FUZZ_DIR)/obj8/%.o: %.c $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(call quiet,CLANG,$@)$(FUZZ_CC) $(FUZZ_CFLAGS) -DPAGE_SHIFT=13 -c -o $@ $<
$(FUZZ_DIR)/aobj8/%.o: %.c $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(call quiet,CLANG,$@)$(FUZZ_CC) $(FUZZ_ALLOC_CFLAGS) -DPAGE_SHIFT=13 -c -o $@ $<
$(FUZZ_DIR)/fuzz8_alloc: tests/fuzz/fuzz_alloc.c $(FUZZ8_AOBJ) $(FUZZ_DEPS)
	$(call quiet,CLANG,$@)$(FUZZ_CC) $(FUZZ_ALLOC_CFLAGS) -DPAGE_SHIFT=13 -o $@ $< $(FUZZ8_AOBJ)
$(FUZZ_DIR)/fuzz8_memmap: tests/fuzz/fuzz_memmap.c $(FUZZ8_OBJ) $(FUZZ_DEPS)
	$(call quiet,CLANG,$@)$(FUZZ_CC) $(FUZZ_CFLAGS) -DPAGE_SHIFT=13 -o $@ $< $(FUZZ8_OBJ)

.PHONY: fuzz-quick8
fuzz-quick8: $(FUZZ8_TARGETS:%=$(FUZZ_DIR)/%)
	@rm -rf $(FUZZ_DIR)/work8; mkdir -p $(FUZZ_DIR)/work8 $(FUZZ_DIR)/artifacts; fail=0; \
	for t in $(FUZZ8_TARGETS); do \
		c=$${t#fuzz8_}; cp -r tests/fuzz/corpus/$$c $(FUZZ_DIR)/work8/$$c; \
		$(FUZZ_DIR)/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 \
			-artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- $(FUZZ_DIR)/work8/$$c > $(FUZZ_DIR)/$$t.log 2>&1 || \
			{ fail=1; echo "fuzz-quick8: $$t FAILED:"; tail -30 $(FUZZ_DIR)/$$t.log; }; \
		printf '  %-14s %s\n' $$t "$$(grep -E '^Done [0-9]+ runs' $(FUZZ_DIR)/$$t.log || echo 'no Done line (crashed)')"; \
	done; exit $$fail

# Targets run in parallel; each one's log is $(FUZZ_DIR)/<target>.log.
fuzz-quick: fuzz-build
	@rm -rf $(FUZZ_DIR)/work $(FUZZ_DIR)/artifacts; mkdir -p $(FUZZ_DIR)/work $(FUZZ_DIR)/artifacts; \
	for t in $(FUZZ_TARGETS); do \
		c=$${t#fuzz_}; cp -r tests/fuzz/corpus/$$c $(FUZZ_DIR)/work/$$c; \
		$(FUZZ_DIR)/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 \
			-artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- $(FUZZ_DIR)/work/$$c \
			> $(FUZZ_DIR)/$$t.log 2>&1 & \
		echo $$! > $(FUZZ_DIR)/$$t.pid; \
	done; \
	fail=0; for t in $(FUZZ_TARGETS); do \
		wait $$(cat $(FUZZ_DIR)/$$t.pid) || { fail=1; echo "fuzz-quick: $$t FAILED:"; tail -30 $(FUZZ_DIR)/$$t.log; }; \
	done; \
	echo "fuzz-quick summary ($(FUZZ_SECONDS) s per target, logs in $(FUZZ_DIR)):"; \
	for t in $(FUZZ_TARGETS); do \
		printf '  %-14s %s\n' $$t "$$(grep -E '^Done [0-9]+ runs' $(FUZZ_DIR)/$$t.log || echo 'no Done line (crashed)')"; \
	done; \
	ls $(FUZZ_DIR)/artifacts/* 2>/dev/null | sed 's/^/  crash input: /'; \
	exit $$fail

fuzz: FUZZ_SECONDS = 300
fuzz: fuzz-build
	@fail=0; for t in $(FUZZ_TARGETS); do \
		c=$${t#fuzz_}; new=$(FUZZ_DIR)/new/$$c; rm -rf $$new; mkdir -p $$new $(FUZZ_DIR)/artifacts; \
		echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
		$(FUZZ_DIR)/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 \
			-artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- $$new tests/fuzz/corpus/$$c \
			> $(FUZZ_DIR)/$$t.log 2>&1 || { fail=1; tail -30 $(FUZZ_DIR)/$$t.log; }; \
		grep -E '^Done [0-9]+ runs' $(FUZZ_DIR)/$$t.log; \
		$(FUZZ_DIR)/$$t -merge=1 tests/fuzz/corpus/$$c $$new > $(FUZZ_DIR)/$$t.merge.log 2>&1 && \
			grep -E 'MERGE-OUTER: [0-9]+ new files' $(FUZZ_DIR)/$$t.merge.log; \
	done; exit $$fail

# Executions per second of fuzz_alloc in each check mode (a figure, not a test).
fuzz-speed: $(FUZZ_DIR)/fuzz_alloc
	@tests/fuzz/fuzz-speed.sh $(FUZZ_DIR)/fuzz_alloc $(FUZZ_SPEED_SECONDS) $(FUZZ_DIR)/speed

# fuzz_bug_run BUG MODE CORPUS(seed|empty) SECONDS EXTRA_ENV -> one @fuzzbug line
# in $(FUZZ_DIR)/bugs/summary; the run's log is $(FUZZ_DIR)/bugs/BUG-MODE-CORPUS.log.
# MODE: incremental, full, or both (incremental, and mm_check() after every op).
define fuzz_bug_run
	b=$(1); m=$(2); c=$(3); id=$$b-$$m-$$c; w=$(FUZZ_DIR)/bugs/work/$$id; log=$(FUZZ_DIR)/bugs/$$id.log; \
	bin=$(FUZZ_DIR)/bugs/fuzz_alloc_$$b; [ $$b = none ] && bin=$(FUZZ_DIR)/fuzz_alloc; \
	rm -rf $$w; mkdir -p $$w; [ $$c = seed ] && cp tests/fuzz/corpus/alloc/* $$w/; \
	t0=$$(date +%s.%N); \
	chk=$$m; extra="$(5)"; [ $$m = both ] && chk=incremental && extra="$$extra FUZZ_ALLOC_FULL_EVERY=1"; \
	env FUZZ_ALLOC_CHECK=$$chk $$extra $$bin -seed=1 -max_total_time=$(4) -print_final_stats=1 -timeout=30 \
		-rss_limit_mb=2048 -artifact_prefix=$(FUZZ_DIR)/bugs/$$id- $$w > $$log 2>&1; rc=$$?; \
	t1=$$(date +%s.%N); \
	n=$$(grep -m1 -oE 'number_of_executed_units: [0-9]+' $$log | grep -oE '[0-9]+$$'); \
	by=$$(grep -m1 -oE 'caught_by=[a-z]+' $$log | cut -d= -f2); \
	chk=$$(grep -m1 -oE 'last: mm_check: FAIL .*' $$log | sed 's/^.*: //'); \
	[ -n "$$chk" ] || chk=$$(grep -m1 -E '^invariant failed' $$log | sed 's/^invariant failed: //'); \
	found=no; [ $$rc -ne 0 ] && found=yes; \
	awk -v b=$$b -v m=$$m -v c=$$c -v f=$$found -v n=$${n:-0} -v a=$$t0 -v e=$$t1 -v by=$${by:--} -v k="$${chk:--}" 'BEGIN { \
		printf "@fuzzbug bug=%s mode=%s corpus=%s found=%s execs=%d seconds=%.2f caught_by=%s check=\"%s\"\n", \
			b, m, c, f, n, e - a, by, k }' | tee -a $(FUZZ_DIR)/bugs/summary
endef

FUZZ_BUG_BINS := $(FUZZ_BUGS:%=$(FUZZ_DIR)/bugs/fuzz_alloc_%)

# Quick (make test): every fault caught by the per-op incremental checks, from
# the seed corpus, within FUZZ_BUG_SECONDS; the unbroken build clean.
fuzz-bugs-quick: FUZZ_BUG_SECONDS ?= 5
fuzz-bugs-quick: $(FUZZ_DIR)/fuzz_alloc $(FUZZ_BUG_BINS)
	@rm -rf $(FUZZ_DIR)/bugs/work $(FUZZ_DIR)/bugs/summary $(FUZZ_DIR)/bugs/*.log; \
	for bug in $(FUZZ_BUGS); do \
		$(call fuzz_bug_run,$$bug,both,seed,$(FUZZ_BUG_SECONDS),); \
	done; \
	$(call fuzz_bug_run,none,both,seed,$(FUZZ_BUG_SECONDS),FUZZ_ALLOC_VERIFY=1); \
	fail=0; for bug in $(FUZZ_BUGS); do \
		grep -q "^@fuzzbug bug=$$bug .*found=yes .*caught_by=op " $(FUZZ_DIR)/bugs/summary || \
			{ fail=1; echo "fuzz-bugs-quick: $$bug not caught by the per-op checks within $(FUZZ_BUG_SECONDS) s"; \
			  tail -20 $(FUZZ_DIR)/bugs/$$bug-both-seed.log; }; \
	done; \
	grep -q '^@fuzzbug bug=none .*found=no ' $(FUZZ_DIR)/bugs/summary || \
		{ fail=1; echo "fuzz-bugs-quick: the unbroken build crashed:"; tail -30 $(FUZZ_DIR)/bugs/none-both-seed.log; }; \
	exit $$fail

# Long: executions and seconds to detection per fault, in the three modes, from
# the seed corpus and from an empty one; budget FUZZ_BUG_SECONDS each.
fuzz-bugs: FUZZ_BUG_SECONDS ?= 60
fuzz-bugs: $(FUZZ_BUG_BINS)
	@rm -rf $(FUZZ_DIR)/bugs/work $(FUZZ_DIR)/bugs/summary $(FUZZ_DIR)/bugs/*.log; \
	for bug in $(FUZZ_BUGS); do for mode in incremental full both; do for corpus in seed empty; do \
		$(call fuzz_bug_run,$$bug,$$mode,$$corpus,$(FUZZ_BUG_SECONDS),); \
	done; done; done; \
	! grep -q 'found=no' $(FUZZ_DIR)/bugs/summary || { echo "fuzz-bugs: a fault was not found within $(FUZZ_BUG_SECONDS) s"; exit 1; }; \
	! grep '^@fuzzbug .*mode=both .*caught_by=full' $(FUZZ_DIR)/bugs/summary || \
		{ echo "fuzz-bugs: mm_check() saw a fault before the incremental checks did"; exit 1; }
