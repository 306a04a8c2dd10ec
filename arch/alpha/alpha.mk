# SPDX-License-Identifier: MIT
# arch/alpha/alpha.mk - make ARCH=alpha: the Alpha kernel (build/alpha/),
# booted under qemu-system-alpha's clipper machine with qemu-palcode.
#
#   make ARCH=alpha kernel      build/alpha/kernel.elf and kernel.sym
#   make ARCH=alpha run         boot it, print the log (build/alpha/run.log);
#                               [MEM=128M] [CMDLINE="..."] [TIMEOUT=300]
#   make ARCH=alpha run-cachesim   boot it under the cache model (tools/cachesim's
#                               plugin, built by the host's gcc): CACHE=ds10 (the
#                               default) or LEVELS=SPEC or CACHE_SIZE= CACHE_WAYS=
#                               LINE= L1=; [SEED=N] [CMDLINE="..."] [TIMEOUT=1800]
#                               [MEM=128M] [RUNS=5] -> build/alpha/cachesim/NAME/
#   make ARCH=alpha help
# run and run-cachesim check CMDLINE on the host first, as x86's targets do
# (build/alpha/cmdline-check: the Alpha kernel's table, tools/make/cmdline-check/):
# an unknown name is refused (exit status 2) before any boot, with the
# closest name, or as x86's; a value the kernel will reject is announced.
# CMDLINE_CHECK=off skips it.
# The packages come from tools/deps.txt's alpha job (tools/deps.sh alpha).

CROSS   := alpha-linux-gnu-
CC      := $(CROSS)gcc
NM      := $(CROSS)nm
PYTHON  ?= /usr/bin/python3
export PYTHON
MEM     ?= 128M
CMDLINE ?=
TIMEOUT ?= 300
B       := build/alpha
export PAGECOLOR_CMDLINE := $(value CMDLINE)

V ?= 0
ifeq ($(V),1)
quiet =
else
quiet = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif

ALPHA_VERSION := $(shell sed -n 's/^\#define PAGECOLOR_VERSION "\(.*\)"/\1/p' init/boot_log.h)
# -mcpu=ev67: the 21264A QEMU emulates by default (byte/word loads, BWX,
# which the ISA port accesses need)
KCFLAGS := -std=gnu11 -ffreestanding -fno-pie -fno-pic -fno-stack-protector -fno-omit-frame-pointer \
	-fno-strict-aliasing -fno-asynchronous-unwind-tables -mcpu=ev67 -O2 -g -Wall -Wextra -Werror \
	-I. -Iarch/alpha/include -DPAGECOLOR_VERSION='"$(ALPHA_VERSION)"'
KLDFLAGS := -nostdlib -static -no-pie -T arch/alpha/kernel.ld -Wl,--build-id=none -Wl,--no-warn-rwx-segments -Wl,-z,noexecstack
# mm/ whole; kernel/ but the QR encoder; the portable benchmarks (stride,
# fft, triad, sparse, reuse, frag, pcp, readahead, probe: bench/registry.h says why the others are
# x86-only) with the driver,
# the statistics, the records and the summary; of init/, the parameter
# table, the benchmark rules, the leak check and the boot sequence
# (init/alpha/main.c: x86's init/*.c wildcard does not reach it)
ALPHA_BENCH_C := bench/bench.c bench/bench_buf.c bench/bench_config.c bench/bench_fit.c bench/bench_names.c \
	bench/chain.c bench/fft.c bench/fft_fp.c bench/frag.c bench/frag_owner.c bench/pcp.c bench/policy_switch.c bench/probe.c bench/ratio_ci.c bench/readahead.c bench/report.c \
	bench/reuse.c bench/scratch.c bench/sparse.c bench/stats.c bench/stride.c bench/summary.c bench/triad.c \
	bench/wl_buf.c bench/wl_plan.c
ALPHA_INIT_C := init/alpha/main.c init/bench_defaults.c init/leakcheck.c init/params.c init/pcp_boot.c
ALPHA_C := $(sort $(wildcard arch/alpha/*.c mm/*.c mm/placement/*.c)) \
	$(filter-out kernel/qr.c,$(sort $(wildcard kernel/*.c))) \
	$(ALPHA_BENCH_C) $(ALPHA_INIT_C)
ALPHA_S := arch/alpha/head.S arch/alpha/divide.S arch/alpha/switch.S
ALPHA_OBJ := $(ALPHA_S:%.S=$(B)/%.o) $(ALPHA_C:%.c=$(B)/%.o)

# build/alpha/cmdline-check and $(call cmdline_check,WHAT), as x86's
include tools/make/cmdline-check/cmdline-check.mk

.PHONY: all kernel run run-cachesim help clean deps-alpha FORCE
all: kernel

help:
	@echo "make ARCH=alpha kernel               build/alpha/kernel.elf: the Alpha kernel (8 KiB pages)"
	@echo "make ARCH=alpha run [MEM=128M] [CMDLINE=\"...\"] [TIMEOUT=300]"
	@echo "                                     boot it in qemu-system-alpha (clipper, qemu-palcode), print the log"
	@echo "                                     (build/alpha/run.log); exit status from its @final line;"
	@echo "                                     CMDLINE's names checked on the host first (CMDLINE_CHECK=off skips)"
	@echo "make ARCH=alpha run-cachesim [CACHE=ds10 | LEVELS=SPEC | CACHE_SIZE=2M CACHE_WAYS=1 LINE=64 L1=32K]"
	@echo "                             [SEED=N] [CMDLINE=\"...\"] [TIMEOUT=1800] [MEM=128M] [RUNS=5]"
	@echo "                                     boot it under the cache model (tools/cachesim, the host-built"
	@echo "                                     plugin; DS10's cache by default): the phases' accesses and"
	@echo "                                     misses -> build/alpha/cachesim/NAME/table.txt"
	@echo "make ARCH=alpha clean                remove build/alpha/"
	@echo "make ARCH=x86 ... (the default)      every other target: make help"

deps-alpha:
	@tools/deps.sh alpha

kernel: deps-alpha $(B)/kernel.elf $(B)/kernel.sym

$(B)/flags: FORCE
	@mkdir -p $(dir $@)
	@echo '$(CC) $(KCFLAGS)' | cmp -s - $@ || echo '$(CC) $(KCFLAGS)' > $@
FORCE:

$(B)/%.o: %.c $(B)/flags
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)$(CC) $(KCFLAGS) -MMD -MP -c $< -o $@

$(B)/%.o: %.S $(B)/flags
	@mkdir -p $(dir $@)
	$(call quiet,AS,$<)$(CC) $(KCFLAGS) -MMD -MP -c $< -o $@

$(B)/kernel.elf: $(ALPHA_OBJ) arch/alpha/kernel.ld
	$(call quiet,LD,$@)$(CC) $(KCFLAGS) $(KLDFLAGS) -o $@ $(ALPHA_OBJ) -lgcc

$(B)/kernel.sym: $(B)/kernel.elf
	$(call quiet,NM,$@)$(NM) -n $< > $@

-include $(ALPHA_OBJ:.o=.d)

run: kernel $(B)/cmdline-check
	@$(call cmdline_check,make ARCH=alpha run)
	@tools/make/run-qemu-alpha.sh --kernel $(B)/kernel.elf --mem '$(MEM)' --timeout '$(TIMEOUT)' \
		--log $(B)/run.log --append "$$PAGECOLOR_CMDLINE"

# ---- the cache model (tools/cachesim/run-cachesim.sh --arch alpha) ----------
# The plugin, the geometry check and the parameter check are host programs:
# the x86 side of the Makefile builds them in build/cachesim/. DS10's cache
# unless LEVELS= or a geometry (CACHE_SIZE= ...) is given.
# the geometry options given on make's command line, as run-cachesim.sh's
cachesim_opt = $(if $(filter command line,$(origin $(1))),--$(2) '$($(1))')
CACHESIM_GEOMETRY := $(strip $(call cachesim_opt,CACHE_SIZE,size) $(call cachesim_opt,CACHE_WAYS,ways) \
	$(call cachesim_opt,LINE,line) $(call cachesim_opt,L1,l1))
CACHE ?= $(if $(LEVELS)$(CACHESIM_GEOMETRY),,ds10)
RUNS  ?= 5
ALPHA_CLASH_MSG := make ARCH=alpha run-cachesim: CACHE=/LEVELS= set the whole hierarchy; CACHE_SIZE=, CACHE_WAYS=, LINE=, L1= are not taken beside them

run-cachesim: kernel $(B)/cmdline-check
	@$(if $(and $(CACHE)$(LEVELS),$(CACHESIM_GEOMETRY)),echo "$(ALPHA_CLASH_MSG)" >&2; exit 2)
	@$(call cmdline_check,make ARCH=alpha run-cachesim)
	@$(MAKE) --no-print-directory ARCH=x86 cachesim
	@tools/deps.sh cachesim
	@exec tools/cachesim/run-cachesim.sh --arch alpha --mem '$(MEM)' --runs '$(RUNS)' \
		$(if $(filter command line,$(origin TIMEOUT)),--timeout '$(TIMEOUT)') $(if $(SEED),--seed '$(SEED)') \
		$(if $(CACHE),--cache '$(CACHE)') $(if $(LEVELS),--levels '$(LEVELS)') \
		$(if $(CLASSIFY),--classify '$(CLASSIFY)') $(CACHESIM_GEOMETRY) \
		$${PAGECOLOR_CMDLINE:+--cmdline "$$PAGECOLOR_CMDLINE"}

clean:
	rm -rf $(B)
