# tests/fuzz/fuzz.mk - libFuzzer targets (clang -fsanitize=fuzzer,address,undefined).
# Included from the top Makefile (uses its B); also works on its own:
#   make -f tests/fuzz/fuzz.mk fuzz-quick
#
#   $(B)/fuzz/fuzz_cmdline    kernel/cmdline.c        corpus tests/fuzz/corpus/cmdline
#   $(B)/fuzz/fuzz_memmap     e820 -> memblock -> mm_init      tests/fuzz/corpus/memmap
#   $(B)/fuzz/fuzz_alloc      alloc/free/coloring/task ops     tests/fuzz/corpus/alloc
#   fuzz-quick   each target FUZZ_SECONDS (default 20) on a COPY of its corpus
#                (the committed corpus never grows here); fails on a crash, leak
#                or timeout; prints "Done N runs" per target. Crash inputs are
#                kept in $(B)/fuzz/artifacts/.
#   fuzz         each target FUZZ_SECONDS=300, then merges the inputs that add
#                coverage into tests/fuzz/corpus/<target> (commit them).
#
# mm/mm_check.c (the oracle) and two per-page loops that only the oracle and
# the setup run hot are left out of the coverage instrumentation: their
# comparisons cost most of the time and guide nothing. They keep ASan+UBSan.

B            ?= build
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 20
FUZZ_TARGETS := fuzz_cmdline fuzz_memmap fuzz_alloc
FUZZ_DIR     := $(B)/fuzz
FUZZ_CFLAGS  := -std=gnu11 -g -O1 -I. -DMM_HOST -Wall -Wextra -Werror \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-fsanitize-coverage-ignorelist=$(FUZZ_DIR)/coverage-ignore.txt
FUZZ_SRCS    := $(sort $(wildcard mm/*.c)) arch/x86/e820.c kernel/printk.c kernel/cmdline.c kernel/mwc.c kernel/task.c
FUZZ_DEPS    := $(FUZZ_SRCS) $(wildcard mm/*.h kernel/*.h arch/x86/*.h tests/fuzz/*.h) $(FUZZ_DIR)/coverage-ignore.txt

.PHONY: fuzz fuzz-quick fuzz-build

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%)

$(FUZZ_DIR)/coverage-ignore.txt: tests/fuzz/fuzz.mk
	@mkdir -p $(dir $@)
	printf 'src:*mm/mm_check.c\nfun:color_bitmap_test\nfun:free_area_init\n' > $@

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_SRCS)

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
