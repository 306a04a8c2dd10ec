# SPDX-License-Identifier: MIT
# tools/make/cmdline-check/cmdline-check.mk - the host check of CMDLINE= that
# `make run`, `make gdb` and the run-cachesim family do before booting
# (tools/make/cmdline-check/cmdline_check.c), built once per kernel: x86's
# table in build/cmdline-check, the Alpha kernel's in build/alpha/cmdline-check
# (`make ARCH=alpha run` and run-cachesim). Included from the top Makefile and
# from arch/alpha/alpha.mk (uses their HOSTCC, ARCH and quiet). CMDLINE_CHECK=off
# skips it: the kernel then judges the line itself (the tests of the kernel's
# own checks use it).

HOSTCC  ?= gcc

HOST_ARCH_INC ?= -Iarch/host/include
CMDLINE_CHECK_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. $(HOST_ARCH_INC) -DMM_HOST
# the Alpha kernel's: Alpha's rows (tools/make/cmdline-check/alpha/asm/
# boot_params.h, found before the host's x86 one) and its 8 KiB pages (the
# sizes' lower bounds are PAGE_SIZE)
CMDLINE_CHECK_ALPHA_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. -Itools/make/cmdline-check/alpha \
	$(HOST_ARCH_INC) -DMM_HOST -DPAGE_SHIFT=13 -DCMDLINE_CHECK_ALPHA=1
# other_arch.c, own_arch.c: the other kernel's own rows and this one's, for
# their names (an x86-only name given to the Alpha kernel is refused as x86's,
# and the reverse; the reference names both)
CMDLINE_CHECK_SRCS   := tools/make/cmdline-check/cmdline_check.c tools/make/cmdline-check/other_arch.c \
	tools/make/cmdline-check/own_arch.c $(HOST_CORE_SRCS) init/params.c bench/wl_plan.c bench/bench_names.c
CMDLINE_CHECK_HDRS   := $(HOST_CORE_HDRS) $(wildcard bench/*.h) init/params.h \
	arch/x86/include/asm/boot_params.h arch/alpha/include/asm/boot_params.h \
	tools/make/cmdline-check/alpha/asm/boot_params.h tools/make/cmdline-check/other_arch.h \
	tools/make/cmdline-check/cmdline-check.mk

build/cmdline-check: $(CMDLINE_CHECK_SRCS) $(CMDLINE_CHECK_HDRS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(CMDLINE_CHECK_CFLAGS) -o $@ $(CMDLINE_CHECK_SRCS)

build/alpha/cmdline-check: $(CMDLINE_CHECK_SRCS) $(CMDLINE_CHECK_HDRS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(CMDLINE_CHECK_ALPHA_CFLAGS) -o $@ $(CMDLINE_CHECK_SRCS)

# the check of this make's kernel (ARCH=)
CMDLINE_CHECK_BIN := $(if $(filter alpha,$(ARCH)),build/alpha/cmdline-check,build/cmdline-check)

CMDLINE_CHECK ?= on
# $(call cmdline_check,WHAT): the recipe line that checks $(CMDLINE) (from
# the environment, unexpanded: see PAGECOLOR_CMDLINE in the Makefile).
cmdline_check = $(if $(filter off,$(CMDLINE_CHECK)),true,$(if $(filter on,$(CMDLINE_CHECK)),$(CMDLINE_CHECK_BIN) \
	--what '$(1)' -- "$$PAGECOLOR_CMDLINE",echo "$(1): CMDLINE_CHECK='$(CMDLINE_CHECK)' rejected: accepted: on or off" >&2; false))
