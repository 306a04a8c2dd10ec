# SPDX-License-Identifier: MIT
# tools/bench-host/bench.mk - host benchmark of the allocator's cost. Included
# from the top Makefile (uses its B and HOSTCC); also works on its own:
#   make -f tools/bench-host/bench.mk bench-host
#
#   $(B)/bench-host/bench_alloc   mm/ built -O2 for the host, no sanitizers
#   bench-host                    builds it and prints the table and the goals
#                                 (instructions per pair under callgrind when
#                                 valgrind is installed; the last line says how
#                                 many targets were met; one @cost line per figure)
#   bench-breakdown               where the buddy order-0 pair's instructions go
#                                 (tools/bench-host/breakdown.py: callgrind, per
#                                 source line, summed into parts of the path)

B       ?= build
HOSTCC  ?= gcc
# On its own (make -f), the host source list comes from the top Makefile,
# the one place it is written.
ifndef HOST_CORE_SRCS
HOST_CORE_SRCS := $(shell $(MAKE) -s --no-print-directory -f Makefile print-HOST_CORE_SRCS)
HOST_CORE_HDRS := $(shell $(MAKE) -s --no-print-directory -f Makefile print-HOST_CORE_HDRS)
endif

HOST_ARCH_INC ?= -Iarch/host/include
BENCH_HOST_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. $(HOST_ARCH_INC) -DMM_HOST
BENCH_HOST_SRCS   := tools/bench-host/bench_alloc.c $(HOST_CORE_SRCS)

.PHONY: bench-host bench-breakdown

$(B)/bench-host/bench_alloc: $(BENCH_HOST_SRCS) $(HOST_CORE_HDRS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(BENCH_HOST_CFLAGS) -o $@ $(BENCH_HOST_SRCS)

# the same with every policy call through placement_ops (the indirection's cost)
$(B)/bench-host/bench_alloc_indirect: $(BENCH_HOST_SRCS) $(HOST_CORE_HDRS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(BENCH_HOST_CFLAGS) -DPLACEMENT_INDIRECT -o $@ $(BENCH_HOST_SRCS)

bench-host: $(B)/bench-host/bench_alloc $(B)/bench-host/bench_alloc_indirect
	@tools/deps.sh bench-host
	$(B)/bench-host/bench_alloc

bench-breakdown: $(B)/bench-host/bench_alloc
	@tools/deps.sh bench-host
	tools/bench-host/breakdown.py --exe $(B)/bench-host/bench_alloc
