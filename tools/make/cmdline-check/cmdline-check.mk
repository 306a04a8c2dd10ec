# SPDX-License-Identifier: MIT
# tools/make/cmdline-check/cmdline-check.mk - the host check of CMDLINE= that
# `make run`, `make gdb` and the run-cachesim family do before booting
# (tools/make/cmdline-check/cmdline_check.c). Included from the top Makefile (uses
# its B and HOSTCC). CMDLINE_CHECK=off skips it: the kernel then judges the
# line itself (the tests of the kernel's own checks use it).

B       ?= build
HOSTCC  ?= gcc

HOST_ARCH_INC ?= -Iarch/host/include
CMDLINE_CHECK_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. $(HOST_ARCH_INC) -DMM_HOST
CMDLINE_CHECK_SRCS   := tools/make/cmdline-check/cmdline_check.c $(HOST_CORE_SRCS) init/params.c bench/wl_plan.c bench/bench_names.c

$(B)/cmdline-check: $(CMDLINE_CHECK_SRCS) $(HOST_CORE_HDRS) $(wildcard bench/*.h) init/params.h
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(CMDLINE_CHECK_CFLAGS) -o $@ $(CMDLINE_CHECK_SRCS)

CMDLINE_CHECK ?= on
# $(call cmdline_check,WHAT): the recipe line that checks $(CMDLINE) (from
# the environment, unexpanded: see PAGECOLOR_CMDLINE in the Makefile).
cmdline_check = $(if $(filter off,$(CMDLINE_CHECK)),true,$(if $(filter on,$(CMDLINE_CHECK)),$(B)/cmdline-check \
	--what '$(1)' -- "$$PAGECOLOR_CMDLINE",echo "$(1): CMDLINE_CHECK='$(CMDLINE_CHECK)' rejected: accepted: on or off" >&2; false))
