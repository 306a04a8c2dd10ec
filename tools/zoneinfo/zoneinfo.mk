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
# On its own (make -f), the host source list comes from the top Makefile,
# the one place it is written.
ifndef HOST_CORE_SRCS
HOST_CORE_SRCS := $(shell $(MAKE) -s --no-print-directory -f Makefile print-HOST_CORE_SRCS)
HOST_CORE_HDRS := $(shell $(MAKE) -s --no-print-directory -f Makefile print-HOST_CORE_HDRS)
endif

HOST_ARCH_INC ?= -Iarch/host/include
ZONEINFO_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. $(HOST_ARCH_INC) -DMM_HOST
ZONEINFO_SRCS   := tools/zoneinfo/zoneinfo.c $(HOST_CORE_SRCS) init/params.c bench/wl_plan.c bench/bench_names.c

.PHONY: zoneinfo-test

$(B)/zoneinfo: $(ZONEINFO_SRCS) $(HOST_CORE_HDRS) $(wildcard bench/*.h) init/params.h
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(ZONEINFO_CFLAGS) -o $@ $(ZONEINFO_SRCS)

zoneinfo-test: $(B)/zoneinfo
	ZONEINFO=$(B)/zoneinfo $(PYTHON) -m pytest -q tests/zoneinfo/test_zoneinfo.py
