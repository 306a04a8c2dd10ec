# SPDX-License-Identifier: MIT
# Makefile - pagecolor: a Multiboot x86 kernel whose subject is its physical
# memory manager (zoned buddy allocator with page coloring) and the in-kernel
# benchmarks that show what coloring does to cache behaviour.
#
#   make run [MEM=256M] [SMP=1] [CMDLINE="page_color=off bench=fft"] [TIMEOUT=300]   boot in QEMU, print the log
#            [SIM=off] [CACHE_SIZE=2M CACHE_WAYS=1 LINE=64]   without / with this cache model (default on)
#            (CMDLINE's parameter names are checked on the host first; CMDLINE_CHECK=off skips it)
#   make test                                                  every test (host + QEMU boots)
#   make iso                                                   build/pagecolor.iso for real PCs
#   make gdb [GDBPORT=N]                                       QEMU stopped at kmain + gdb
#   make help                                                  all targets
#
# Every target that needs tools first runs tools/deps.sh, which installs the
# missing Debian packages (or says which to install).

# The host-buildable sources, written once (before the ARCH switch: both
# architectures' host tools use them): HOST_CORE_SRCS is the allocator and
# what it needs (mm/, mm/placement/, the e820 parser, printk, the command
# line, the generator, tasks); the tools' fragments (*.mk) link it plus their
# own files.
HOST_CORE_SRCS := $(sort $(wildcard mm/*.c mm/placement/*.c)) arch/x86/e820.c kernel/printk.c \
	kernel/cmdline.c kernel/mwc.c kernel/task.c
# (the host's <asm/boot_params.h> is x86's: the tools read the x86 table)
HOST_CORE_HDRS := $(wildcard mm/*.h mm/placement/*.h kernel/*.h arch/x86/*.h arch/host/include/asm/*.h) \
	arch/x86/include/asm/boot_params.h

# ARCH=alpha: the Alpha kernel, its own targets (arch/alpha/alpha.mk)
ARCH ?= x86
ifeq ($(ARCH),alpha)
include arch/alpha/alpha.mk
else ifneq ($(ARCH),x86)
$(error ARCH=$(ARCH) rejected: accepted: ARCH=x86 (the default) or ARCH=alpha)
else
CROSS     ?= i686-linux-gnu-
CC        := $(CROSS)gcc
LD        := $(CROSS)ld
NM        := $(CROSS)nm
OBJCOPY   := $(CROSS)objcopy
NASM      ?= nasm
HOSTCC    ?= gcc
QEMU      ?= qemu-system-i386
PYTHON    ?= /usr/bin/python3
# tools/dev/run-tests.sh and the scripts make runs use the same Python
export PYTHON

MEM       ?= 256M
SMP       ?= 1
CMDLINE   ?=
TIMEOUT   ?= 300
B         := build

# CMDLINE reaches the scripts through the environment and unexpanded
# ($(value)): pasted into a recipe, make would expand a '$' in it and the
# shell would act on a '"', '`' or ';'. tools/make/mkiso.sh quotes it for GRUB.
export PAGECOLOR_CMDLINE := $(value CMDLINE)

# Build lines as Linux's kbuild prints them ("  CC      mm/page_alloc.o");
# V=1 prints every command in full. A recipe line starts with
# $(call quiet,TAG,WHAT) before its command; $(Q) before a command
# printed by no such line.
V ?= 0
ifeq ($(V),1)
Q :=
quiet =
else
Q := @
quiet = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif

KCFLAGS := -std=gnu11 -ffreestanding -fno-pie -fno-pic -fno-stack-protector \
	-fno-omit-frame-pointer -fno-strict-aliasing -fno-asynchronous-unwind-tables \
	-march=i486 -mtune=generic -mno-sse -mno-mmx -O2 -g -Wall -Wextra -Werror -I. -Iarch/x86/include
KLDFLAGS := -nostdlib -static -no-pie -T linker.ld -Wl,--build-id=none
KLIBS := -lgcc

# DEBUG=1: the debug kernel (lock assertions, kernel/spinlock.h; the host
# tests always have them), built apart in build/debug so that neither
# build's objects are rebuilt for the other.
DEBUG ?= 0
ifeq ($(DEBUG),1)
B := build/debug
KCFLAGS += -DKERNEL_DEBUG
endif

KERNEL_C   := $(sort $(wildcard init/*.c kernel/*.c mm/*.c mm/placement/*.c arch/x86/*.c bench/*.c))
KERNEL_ASM := $(sort $(wildcard boot/*.asm arch/x86/*.asm))
KERNEL_OBJ := $(KERNEL_ASM:%.asm=$(B)/k/%.o) $(KERNEL_C:%.c=$(B)/k/%.o)

# Files of bench/ that are built twice: once for x87 and once for SSE2.
SSE2_C   := $(wildcard bench/*_fp.c)
KERNEL_OBJ += $(SSE2_C:%.c=$(B)/k/%.sse2.o)


.PHONY: mutate spdx-check format FORCE all kernel iso run test test-host test-boot fuzz gdb clean help deps-run deps-test deps-gdb format-check

all: kernel iso

# Keep intermediate objects (no trailing "rm" after the test summary).
.SECONDARY:

help:
	@echo "make run [MEM=256M] [SMP=1] [CMDLINE=\"...\"] [TIMEOUT=300] [SIM=on|off]"
	@echo "                                     build, boot in QEMU (TCG) under the cache model, print the log"
	@echo "                                     and the model's summary (plots in build/run/), exit;"
	@echo "                                     CACHE_SIZE=2M CACHE_WAYS=1 LINE=64 L1=32K the model; SIM=off: no model"
	@echo "                                     CACHE=NAME (ds10 skylake zen2 host) or LEVELS=SPEC: an N-level model"
	@echo "                                     (exit status: docs/usage.md, 'Exit status of make run')"
	@echo "                                     unknown names in CMDLINE refused before booting (CMDLINE_CHECK=off: unchecked)"
	@echo "make test                            every test suite; ends with 'tests: N passed, N failed'"
	@echo "make kernel                          build/kernel.elf and build/kernel.sym"
	@echo "make ARCH=alpha kernel | run         the Alpha kernel under qemu-system-alpha (make ARCH=alpha help)"
	@echo "make kernel DEBUG=1                  build/debug/kernel.elf: the debug kernel (lock assertions); DEBUG=1 works with run, gdb"
	@echo "make iso                             build/pagecolor.iso (GRUB, BIOS and UEFI) for real PCs"
	@echo "make gdb [GDBPORT=N]                 QEMU stopped at kmain with gdb attached; QEMU ends with gdb"
	@echo "make test-host | test-boot           host unit tests | QEMU boot tests only"
	@echo "make test-long                       the long runs make test runs a quick slice of (full stress test, fuzzing, make run's default run)"
	@echo "make test-copy32                     the copy strategies' check built for i686 (ASan+UBSan)"
	@echo "make test-matrix                     boot matrix: firmware x memory x machine x CPU model"
	@echo "make test-cachesim                   the cache model's unit tests and tests/cachesim (QEMU + plugin)"
	@echo "make run-cachesim [CACHE_SIZE=2M CACHE_WAYS=1 LINE=64 RUNS=5 SEED=N]"
	@echo "                                     benchmarks under the cache simulator: table and figures (unjudged); CMDLINE=\"k=v ...\" adds kernel parameters"
	@echo "                                     CACHE=NAME (tools/cachesim/presets.py list) or LEVELS=SPEC: N levels, per-level 3C rows"
	@echo "make study-presets | study-replacement"
	@echo "                                     coloring per preset and level; under each replacement policy (long)"
	@echo "make run-policies [POLICIES=a,b WORKLOADS=... CMDLINE=...]"
	@echo "                                     every placement policy x workload in one simulated boot: table + plots"
	@echo "make run-interfere [CACHE_SIZE=2M RUNS=5]"
	@echo "                                     bench=interfere under the simulator: victim misses per partition"
	@echo "make cachesim-targets [SEEDS=\"1 2 3\" RUNS=20 BENCH=all]"
	@echo "                                     the targets judged over several boots (long)"
	@echo "make sweep [CACHES=\"ds10 skylake zen2\" POLICIES=all WORKLOADS=... SEEDS=\"1 2 3\" SWEEP_JOBS=2 SWEEP_HOSTS=FILE]"
	@echo "                                     one simulated boot per cell through GNU parallel (here or on several machines), merged: CSV + plots (long)"
	@echo "make bench-host                      allocation cost on the host (ns, callgrind instructions)"
	@echo "make bench-breakdown                 where the buddy pair's instructions go (callgrind, per part)"
	@echo "make bench-cachesim [REPS=3]         what the cache model costs: plain, address-only and model boots"
	@echo "make validate-cachesim [RECORDS=100000]"
	@echo "                                     the N-level cache model against its Python reference (long)"
	@echo "make tsc-spread [TSC_BOOTS=10]       TSC calibration against the host TSC over many boots (figures)"
	@echo "make build/zoneinfo                  the memory-map replay tool"
	@echo "make fuzz-quick | fuzz               libFuzzer targets, 20 s each | 300 s each"
	@echo "make fuzz-quick8                     fuzz_alloc and fuzz_memmap with 8 KiB pages, 20 s each"
	@echo "make fuzz-bugs-quick | fuzz-bugs     fuzzing deliberately broken allocators: each caught | time to catch"
	@echo "make fuzz-speed                      fuzz_alloc executions per second in each check mode (figures)"
	@echo "make build/qrencode                  the kernel's QR encoder on the host (PGM image)"
	@echo "make format-check | format           clang-format check | apply"
	@echo "make spdx-check                      every source file has its SPDX license line (tools/dev/spdx.py --fix adds them)"
	@echo "make docs                            docs/parameters.md, parameters-alpha.md from init/params.c's table"
	@echo "make mutate [ONLY=id,id]             mutation testing of mm/ and kernel/ (minutes): each mutation killed or not"
	@echo "make figures [FIGURES=id,id KEEP=1]  re-run the commands behind the figures the docs quote (long), then figures-check"
	@echo "make figures-check [FIGURES=id,id]   compare build/figures/ with the quoted figures (docs/figures.toml): table, exit 1 if one differs"
	@echo "make check-layers                    nothing includes upward (kernel < boot < mm < arch < bench < init); no circles"
	@echo "make clean                           remove build/"
	@echo "make help                            this list (more on each: docs/usage.md, 'Make targets'; the Makefile's internal steps are in neither)"
	@echo "V=1 (any target)                     print every build command in full (default: CC mm/page_alloc.o ...)"

deps-run:
	@tools/deps.sh run
deps-test:
	@tools/deps.sh test
deps-gdb:
	@tools/deps.sh gdb

kernel: deps-run $(B)/kernel.elf $(B)/kernel.sym

# Objects are rebuilt when the compiler flags change (a stale -march=i686
# object once put cmov into a kernel meant for the 486).
$(B)/k/flags: FORCE
	@mkdir -p $(dir $@)
	@echo '$(CC) $(KCFLAGS)' | cmp -s - $@ || echo '$(CC) $(KCFLAGS)' > $@
FORCE:

$(B)/k/%.o: %.c $(B)/k/flags
	@mkdir -p $(dir $@)
	$(call quiet,CC,$(@:$(B)/k/%=%))$(CC) $(KCFLAGS) -MMD -MP -c $< -o $@

$(B)/k/%.sse2.o: %.c $(B)/k/flags
	@mkdir -p $(dir $@)
	$(call quiet,CC,$(@:$(B)/k/%=%))$(CC) $(KCFLAGS) -msse -msse2 -mfpmath=sse -DFP_SSE2 -MMD -MP -c $< -o $@

$(B)/k/%.o: %.asm $(B)/k/flags
	@mkdir -p $(dir $@)
	$(call quiet,AS,$(@:$(B)/k/%=%))$(NASM) -f elf32 -g -F dwarf -w+all -Werror -o $@ $<

$(B)/kernel.elf: $(KERNEL_OBJ) linker.ld
	$(call quiet,LD,$@)$(CC) $(KCFLAGS) $(KLDFLAGS) -o $@ $(KERNEL_OBJ) $(KLIBS)
	@tools/dev/check-multiboot.sh $@

$(B)/kernel.sym: $(B)/kernel.elf
	$(call quiet,NM,$@)$(NM) -n $< > $@

-include $(KERNEL_OBJ:.o=.d)

# ---- ISOs ------------------------------------------------------------------
# build/pagecolor.iso: GRUB menu with "coloring on" / "coloring off" entries,
# serial console, for real PCs (see docs/usage.md, 'Booting a real PC'). build/run.iso: one entry with
# $(CMDLINE) and qemu_exit, no menu, used by `make run` and the boot tests.
iso: deps-run $(B)/pagecolor.iso

$(B)/pagecolor.iso: $(B)/kernel.elf tools/make/grub.cfg.in tools/make/mkiso.sh
	$(call quiet,MKISO,$@)tools/make/mkiso.sh menu $@ $(B)/kernel.elf ""

# Exit status of tools/make/run-qemu.sh (make shows "Error N" and exits 2):
# The serial log is also kept in build/run.log (tools/pagecolor-report reads it).
# 1 failure, 3 time-out (TIMEOUT=seconds raises it, 0: none), 4 no report
# from the kernel, 5 success with rejected command-line parameters.
# SIM=on (default): under the cache model (tools/cachesim/run-model.sh: the
# kernel told the model's geometry, CACHE_SIZE= CACHE_WAYS= LINE= L1=, the
# model's summary and plots in build/run/ after QEMU exits); SIM=off: plain.
SIM ?= on
ifeq ($(SIM),off)
run: kernel $(B)/cmdline-check
	@tools/make/mkiso.sh run $(B)/run.iso $(B)/kernel.elf "$$PAGECOLOR_CMDLINE"
	@$(call cmdline_check,make run)
	@tools/make/run-qemu.sh --mem '$(MEM)' --smp '$(SMP)' --iso $(B)/run.iso --timeout '$(TIMEOUT)' --log $(B)/run.log
else ifeq ($(SIM),on)
run: kernel cachesim $(B)/cmdline-check
	@$(call cachesim_preset_clash,make run)
	@tools/make/mkiso.sh run $(B)/run.iso $(B)/kernel.elf "$$PAGECOLOR_CMDLINE"
	@$(call cmdline_check,make run)
	@exec tools/cachesim/run-model.sh --size '$(CACHE_SIZE)' --ways '$(CACHE_WAYS)' --line '$(LINE)' --l1 '$(L1)' \
		--mem '$(MEM)' --smp '$(SMP)' --timeout '$(TIMEOUT)' --log $(B)/run.log --outdir $(B)/run \
		--cmdline "$$PAGECOLOR_CMDLINE" $(CACHESIM_PRESET_ARGS)
else
run:
	@echo "make run: SIM=$(SIM) rejected: accepted: SIM=on (the cache model, the default) or SIM=off (plain QEMU)" >&2
	@exit 2
endif

# QEMU halted, gdb attached, stopped at kmain; QEMU ends when gdb does. The
# port: GDBPORT, else one derived from the user id (tools/make/gdb.sh).
gdb: kernel deps-gdb $(B)/cmdline-check
	@tools/make/mkiso.sh run $(B)/run.iso $(B)/kernel.elf "$$PAGECOLOR_CMDLINE"
	@$(call cmdline_check,make gdb)
	@tools/make/gdb.sh --iso $(B)/run.iso --elf $(B)/kernel.elf --mem '$(MEM)'

# ---- host builds of mm/ and kernel/ ----------------------------------------
# Host builds (tests, tools) use the host pseudo-architecture's <asm/*.h>.
HOST_ARCH_INC := -Iarch/host/include
HCFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. $(HOST_ARCH_INC) -DMM_HOST -DKERNEL_DEBUG \
	-fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
# HOST_CORE_SRCS, HOST_CORE_HDRS: at the top (ARCH=alpha's fragment uses them
# too); HOST_SRCS, linked into every host test, adds the rest.
HOST_SRCS := $(HOST_CORE_SRCS) arch/x86/multiboot.c bench/chain.c bench/stats.c bench/bench_config.c \
	arch/x86/tsc_calc.c arch/x86/acpi.c arch/x86/madt.c arch/x86/console_info.c \
	bench/wl_plan.c bench/ratio_ci.c bench/summary.c arch/x86/perfmon.c kernel/qr.c \
	arch/x86/copy_strategies.c bench/frag_owner.c bench/bench_names.c bench/policy_switch.c \
	arch/x86/cpu_cache.c
HOST_SRCS := $(filter-out $(wildcard $(HOST_EXCLUDE)),$(wildcard $(HOST_SRCS)))
# make print-VAR: a variable's value (the fragments run on their own read
# HOST_CORE_SRCS and HOST_CORE_HDRS from here)
print-%:
	@echo '$($*)'
HOST_OBJ  := $(HOST_SRCS:%.c=$(B)/h/%.o)
HOST_TESTS := $(patsubst tests/host/%.c,$(B)/h/tests/%,$(sort $(wildcard tests/host/test_*.c)))

$(B)/h/%.o: %.c
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$(@:$(B)/h/%=%))$(HOSTCC) $(HCFLAGS) -MMD -MP -c $< -o $@

$(B)/h/tests/%: tests/host/%.c $(HOST_OBJ) tests/host/host_support.h
	@mkdir -p $(dir $@)
	$(call quiet,HOSTLD,$@)$(HOSTCC) $(HCFLAGS) -MMD -MP -MF $@.d -o $@ $< $(HOST_OBJ) -lcmocka -lm

# test_multiboot follows the kernel's 32-bit pointers into its own .bss copies
$(B)/h/tests/test_multiboot: private HCFLAGS += -no-pie

# header dependencies of the objects and of the test programs themselves
# (a test includes headers, e.g. tests/host/mm_fixture.h, that no object does)
-include $(HOST_OBJ:.o=.d) $(HOST_TESTS:=.d)

# The host suites again with 8 KiB pages (Alpha's), in $(B)/h8: the host's
# <asm/page.h> takes -DPAGE_SHIFT=13, so mm/ runs with the other page size
# under the same ASan+UBSan (make test runs them: tools/dev/run-tests.sh).
# HOST8_TESTS: every suite but those whose code does not change with the
# page size (HOST8_SAME). A worked example states its expected values for
# both page sizes (bytes >> PAGE_SHIFT, or BY_PAGE(4 KiB value, 8 KiB value)
# from tests/host/host_support.h where a partial page rounds differently).
HOST8_SAME    := test_printk test_qr test_mwc test_cmdline_grub test_console test_perfmon test_tsc \
	test_ratio_ci test_split_count test_firmware test_copy test_alpha
HOST8_OBJ   := $(HOST_SRCS:%.c=$(B)/h8/%.o)
HOST8_TESTS := $(filter-out $(addprefix $(B)/h8/tests/,$(HOST8_SAME)),$(HOST_TESTS:$(B)/h/%=$(B)/h8/%))
$(B)/h8/%.o: %.c
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$(@:$(B)/%=%))$(HOSTCC) $(HCFLAGS) -DPAGE_SHIFT=13 -MMD -MP -c $< -o $@
$(B)/h8/tests/%: tests/host/%.c $(HOST8_OBJ) tests/host/host_support.h
	@mkdir -p $(dir $@)
	$(call quiet,HOSTLD,$@)$(HOSTCC) $(HCFLAGS) -DPAGE_SHIFT=13 -MMD -MP -MF $@.d -o $@ $< $(HOST8_OBJ) -lcmocka -lm
$(B)/h8/tests/test_multiboot: private HCFLAGS += -no-pie
-include $(HOST8_OBJ:.o=.d) $(HOST8_TESTS:=.d)

test-host: deps-test $(HOST_TESTS) $(HOST8_TESTS)
	@tools/dev/run-tests.sh host $(HOST_TESTS) $(HOST8_TESTS)

test-boot: kernel
	@tools/dev/run-tests.sh boot

test: deps-test kernel $(HOST_TESTS) $(HOST8_TESTS)
	@tools/dev/run-tests.sh all $(HOST_TESTS) $(HOST8_TESTS)

# The long runs of which make test runs a quick slice (make test: 92-99 s
# wall, idle 2-core machine, everything built; docs/hacking.md): the host stress test at its full length (STRESS_LONG=1),
# each fuzz target 60 s (make test: 4 s), the boot tests marked long
# (pytest -m long: make run's default run under the cache model, the
# summary's QR code read from a UEFI framebuffer).
.PHONY: test-long
test-long: deps-test kernel $(B)/h/tests/test_stress
	STRESS_LONG=1 $(B)/h/tests/test_stress
	$(MAKE) --no-print-directory fuzz-quick FUZZ_SECONDS=60
	$(MAKE) --no-print-directory fuzz-quick8 FUZZ_SECONDS=60
	$(PYTHON) -m pytest -q -p no:cacheprovider -m long tests/boot

FORMAT_FILES = $(shell git ls-files '*.c' '*.h' 2>/dev/null || find . -name '*.[ch]' -not -path './build/*')
# The include floors (kernel < boot < mm < arch < bench < init): nothing
# imports upward; no cycle through headers in mm/, bench/, arch/ (headers or
# x.c/x.h modules including each other); no circle of files calling each
# other in mm/, bench/, arch/x86/ (symbol tables).
check-layers: kernel
	@$(PYTHON) tools/dev/check-layers.py --circles
# Every source file names its license (SPDX); --fix adds missing lines.
spdx-check:
	@$(PYTHON) tools/dev/spdx.py --check
format-check:
	@clang-format --dry-run --Werror $(FORMAT_FILES) && echo "format-check: clean"
format:
	clang-format -i $(FORMAT_FILES)
# The generated reference: docs/parameters.md from init/params.c's table
# (tools/make/cmdline-check --reference), docs/parameters-alpha.md from the
# Alpha kernel's (build/alpha/cmdline-check, a host program too);
# tests/report/test_reference_docs.py fails while a committed file differs.
.PHONY: docs
docs: $(B)/cmdline-check build/alpha/cmdline-check
	$(call quiet,GEN,docs/parameters.md)$(B)/cmdline-check --reference > docs/parameters.md.tmp && \
		mv docs/parameters.md.tmp docs/parameters.md || { rm -f docs/parameters.md.tmp; false; }
	$(call quiet,GEN,docs/parameters-alpha.md)build/alpha/cmdline-check --reference > docs/parameters-alpha.md.tmp && \
		mv docs/parameters-alpha.md.tmp docs/parameters-alpha.md || { rm -f docs/parameters-alpha.md.tmp; false; }

clean:
	rm -rf $(B)

# Mutation testing of mm/ and kernel/ (tools/dev/mutate.py): one source change
# at a time in a copy of the tree, the fast host suites, killed/survived.
# Minutes: not part of make test (its --self-test is, in tests/layers).
mutate: deps-test
	@$(PYTHON) tools/dev/mutate.py $(if $(ONLY),--only $(ONLY))

# ---- tools and test suites with Makefile fragments of their own -------------
# The figures the docs quote (docs/figures.toml): make figures runs their
# commands one at a time (long: never part of make test), figures-check
# compares. FIGURES=id,id selects some; KEEP=1 keeps runs already done.
FIGURES ?=
.PHONY: figures figures-check
figures:
	@$(PYTHON) tools/figures/figures.py run --only "$(FIGURES)" $(if $(filter 1,$(KEEP)),--keep); rc=$$?; \
	  [ $$rc != 2 ] || exit 2; $(PYTHON) tools/figures/figures.py check --only "$(FIGURES)" && exit $$rc
figures-check:
	@$(PYTHON) tools/figures/figures.py check --only "$(FIGURES)"

-include tools/cachesim/cachesim.mk
-include tools/zoneinfo/zoneinfo.mk
-include tests/fuzz/fuzz.mk
-include tools/bench-host/bench.mk
-include tests/matrix/matrix.mk
-include tests/boot/hiboot/hiboot.mk
-include tools/tsc-spread/tsc.mk
-include tests/host/copy32/copy32.mk
-include tools/qr/qr.mk
-include tools/make/cmdline-check/cmdline-check.mk

endif # ARCH=x86
