# SPDX-License-Identifier: MIT
# tools/zoneinfo/zoneinfo.mk - the zoneinfo host tool and its tests. Included
# from the top Makefile (uses its B and HOSTCC); also works on its own:
#   make -f tools/zoneinfo/zoneinfo.mk build/zoneinfo
#
#   $(B)/zoneinfo     the tool: mm/ and the kernel/ pieces it needs, built for
#                     the host with -DMM_HOST (same sources as the kernel's)
#   zoneinfo-test     builds it and runs tests/zoneinfo/test_zoneinfo.py

B       ?= build
HOSTCC  ?= gcc
PYTHON  ?= /usr/bin/python3

HOST_ARCH_INC ?= -Iarch/host/include
ZONEINFO_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. $(HOST_ARCH_INC) -DMM_HOST
ZONEINFO_SRCS   := tools/zoneinfo/zoneinfo.c $(sort $(wildcard mm/*.c mm/placement/*.c)) arch/x86/e820.c \
	kernel/printk.c kernel/cmdline.c kernel/mwc.c kernel/task.c init/params.c bench/wl_plan.c bench/bench_names.c

.PHONY: zoneinfo-test

$(B)/zoneinfo: $(ZONEINFO_SRCS) $(wildcard mm/*.h mm/placement/*.h kernel/*.h arch/x86/*.h bench/*.h init/params.h)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(ZONEINFO_CFLAGS) -o $@ $(ZONEINFO_SRCS)

zoneinfo-test: $(B)/zoneinfo
	ZONEINFO=$(B)/zoneinfo $(PYTHON) -m pytest -q tests/zoneinfo/test_zoneinfo.py
