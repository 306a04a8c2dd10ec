# SPDX-License-Identifier: MIT
# tools/cachesim/cachesim.mk - cache simulator (QEMU TCG plugin) and its unit
# test. Included from the top Makefile; uses its B (build dir) and HOSTCC.
#
#   $(B)/cachesim/libcachesim.so      the plugin: qemu-system-i386 ... -plugin
#                                     build/cachesim/libcachesim.so,l2size=2M,l2ways=1
#   $(B)/cachesim/test_cache_model    cmocka tests of the cache model
#   $(B)/cachesim/replay              a recorded trace (plugin trace=FILE) through
#                                     the N-level model (levels.c): per-level counts
#   cachesim-unit                     build and run those tests
#   cachesim                          build the plugin
#   run-cachesim                      the cache-simulated sweep (stride + FFT,
#                                     coloring on/off): CACHE_SIZE=2M CACHE_WAYS=1
#                                     LINE=64 RUNS=5 MEM=256M [SEED=N] [L1=32K]
#                                     [SMP=N: per-vCPU L1s] [ICOUNT=SHIFT: repeatable]
#                                     -> build/cachesim/<size>-<ways>way-<line>B/
#                                     (make ARCH=alpha run-cachesim: the Alpha
#                                     kernel under the same plugin, arch/alpha/alpha.mk)
#   cachesim-targets                  the targets judged over several boots:
#                                     SEEDS="1 2 3" RUNS=20 BENCH=all (and the
#                                     geometry options above); long, not in make test
#   run-policies                      every placement policy on every workload
#                                     in one boot (bench_policies=), one table
#                                     and a plot per workload: POLICIES=all
#                                     (the kernel's registry) or a,b,...
#                                     WORKLOADS=stride,fft,triad,sparse,reuse
#                                     CACHE_SIZE= CACHE_WAYS= RUNS= SEED=1
#                                     CMDLINE="..." -> build/cachesim/policies-*/
#   run-interfere                     bench=interfere (cache partitioning by
#                                     color sets, two preempted tasks): the
#                                     victim's misses and inter-task evictions
#                                     per partition, table + plot: CACHE_SIZE=
#                                     CACHE_WAYS= RUNS= CMDLINE= -> build/cachesim/interfere-*/
#   (run-cachesim and run-policies pass CMDLINE="k=v ..." to the kernel)
#   run-cachesim and run take CACHE=NAME (presets.py list) or LEVELS=SPEC
#                                     instead of the geometry: the N-level model,
#                                     per-level 3C rows (CLASSIFY=on) -> build/cachesim/NAME/
#   test-cachesim                     unit tests + tests/cachesim (pytest: the
#                                     probe end-to-end test, the reduced sweep)
#   validate-cachesim                 the N-level model (levels.c) against
#                                     refmodel.py on three recorded traces of
#                                     RECORDS=100000 accesses each (long)
#   sweep                             caches x policies x workloads x seeds, one
#                                     boot per cell through GNU parallel (-j
#                                     SWEEP_JOBS, or the machines of SWEEP_HOSTS),
#                                     merged by pagecolor-report --sweep: CACHES=
#                                     POLICIES= WORKLOADS= SEEDS= RUNS=3 -> build/sweep/
#                                     (tools/cachesim/sweep.sh; long, not in make test)
#   bench-cachesim                    what the model costs: run-cachesim's boot
#                                     plain, with an address-only plugin
#                                     ($(B)/cachesim/libaddronly.so) and with the
#                                     model, REPS=3 times each: CPU and wall time,
#                                     ratios, accesses per second (a benchmark,
#                                     not a test); CACHE_SIZE= ... CMDLINE= as run-cachesim;
#                                     also levels= with two and three LRU levels
#                                     (the three-level model against the two-level
#                                     one; LEVELS_BENCH=off: without)
#   study-presets, study-replacement  coloring's conflict misses removed per preset
#                                     and level; coloring under LRU, tree-PLRU, random,
#                                     SRRIP (tools/cachesim/study.py; long)

B      ?= build
HOSTCC ?= gcc
# the Python of the scripts' reports and plots (README.md: "Which Python")
PYTHON ?= /usr/bin/python3

CACHESIM_DIR    := tools/cachesim
CACHESIM_OUT    := $(B)/cachesim
CACHESIM_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -fPIC
CACHESIM_MODEL  := $(CACHESIM_DIR)/cache_model.c $(CACHESIM_DIR)/cache_model.h
CACHESIM_TASKS  := $(CACHESIM_DIR)/task_attr.c $(CACHESIM_DIR)/task_attr.h
CACHESIM_LEVELS := $(CACHESIM_DIR)/levels.c $(CACHESIM_DIR)/levels.h

.PHONY: cachesim cachesim-unit run-cachesim run-policies test-cachesim

# the scripts judge their own values with the kernel's parser (build/cmdline-check)
cachesim: $(CACHESIM_OUT)/libcachesim.so $(CACHESIM_OUT)/geometry-check $(B)/cmdline-check \
	$(CACHESIM_OUT)/replay

# the model's geometry judged before booting (run-model.sh, run-cachesim.sh)
$(CACHESIM_OUT)/geometry-check: $(CACHESIM_DIR)/geometry_check.c $(CACHESIM_MODEL) $(CACHESIM_LEVELS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(CACHESIM_CFLAGS) -o $@ $(CACHESIM_DIR)/geometry_check.c \
		$(CACHESIM_DIR)/cache_model.c $(CACHESIM_DIR)/levels.c

# Undefined qemu_plugin_* symbols are resolved from QEMU when it loads us.
CACHESIM_SPLIT   := $(CACHESIM_DIR)/split_count.c $(CACHESIM_DIR)/split_count.h

$(CACHESIM_OUT)/libcachesim.so: $(CACHESIM_DIR)/cachesim.c $(CACHESIM_DIR)/qemu_plugin_api.h $(CACHESIM_MODEL) $(CACHESIM_SPLIT) $(CACHESIM_TASKS) \
		$(CACHESIM_LEVELS) $(CACHESIM_DIR)/percpu_l1.c $(CACHESIM_DIR)/percpu_l1.h
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(CACHESIM_CFLAGS) -fvisibility=hidden -shared -o $@ \
		$(CACHESIM_DIR)/cachesim.c $(CACHESIM_DIR)/cache_model.c $(CACHESIM_DIR)/split_count.c \
		$(CACHESIM_DIR)/task_attr.c $(CACHESIM_DIR)/percpu_l1.c $(CACHESIM_DIR)/levels.c -lpthread

# a recorded trace (plugin trace=FILE) replayed through the N-level model
# (tests/cachesim/test_refmodel.py compares it with refmodel.py)
$(CACHESIM_OUT)/replay: $(CACHESIM_DIR)/replay.c $(CACHESIM_LEVELS) $(CACHESIM_MODEL)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(CACHESIM_CFLAGS) -o $@ $(CACHESIM_DIR)/replay.c \
		$(CACHESIM_DIR)/levels.c $(CACHESIM_DIR)/cache_model.c

$(CACHESIM_OUT)/libaddronly.so: $(CACHESIM_DIR)/addronly.c $(CACHESIM_DIR)/qemu_plugin_api.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(CACHESIM_CFLAGS) -fvisibility=hidden -shared -o $@ $(CACHESIM_DIR)/addronly.c

$(CACHESIM_OUT)/test_cache_model: $(CACHESIM_DIR)/test_cache_model.c $(CACHESIM_MODEL) $(CACHESIM_LEVELS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(CACHESIM_CFLAGS) -o $@ \
		$(CACHESIM_DIR)/test_cache_model.c $(CACHESIM_DIR)/cache_model.c $(CACHESIM_DIR)/levels.c -lcmocka

$(CACHESIM_OUT)/test_task_attr: $(CACHESIM_DIR)/test_task_attr.c $(CACHESIM_TASKS) $(CACHESIM_MODEL)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(CACHESIM_CFLAGS) -fsanitize=address,undefined -o $@ \
		$(CACHESIM_DIR)/test_task_attr.c $(CACHESIM_DIR)/task_attr.c $(CACHESIM_DIR)/cache_model.c -lcmocka

cachesim-unit: $(CACHESIM_OUT)/test_cache_model $(CACHESIM_OUT)/test_task_attr
	$(CACHESIM_OUT)/test_cache_model
	$(CACHESIM_OUT)/test_task_attr

# ---- the cache-simulated sweep and the cache simulator's tests -------------
CACHE_SIZE ?= 2M
CACHE_WAYS ?= 1
LINE       ?= 64
RUNS       ?= 5
L1         ?= 32K
SEED       ?=
# CACHE=NAME (a preset of tools/cachesim/presets.py: ds10, skylake, zen2,
# host) or LEVELS=SPEC (the plugin's levels= form) set the whole hierarchy
# for run-cachesim and run: CACHE_SIZE/CACHE_WAYS/LINE/L1 are refused beside
# them. CLASSIFY=on|off: the 3C split (default on for run-cachesim, off for run)
CACHE      ?=
LEVELS     ?=
CACHESIM_PRESET_ARGS = $(if $(CACHE),--cache '$(CACHE)') $(if $(LEVELS),--levels '$(LEVELS)') \
	$(if $(CLASSIFY),--classify '$(CLASSIFY)')
CACHESIM_CLASH_MSG = CACHE=/LEVELS= set the whole hierarchy; CACHE_SIZE=, CACHE_WAYS=, LINE=, L1= are not taken beside them
cachesim_preset_clash = $(if $(strip $(CACHE)$(LEVELS)),$(if $(filter command line,$(foreach v,CACHE_SIZE \
	CACHE_WAYS LINE L1,$(origin $(v)))),echo "$(1): $(CACHESIM_CLASH_MSG)" >&2; exit 2))

run-cachesim: kernel cachesim $(B)/cmdline-check
	@$(call cachesim_preset_clash,make run-cachesim)
	@tools/deps.sh cachesim
	@$(call cmdline_check,make run-cachesim)
	@exec $(CACHESIM_DIR)/run-cachesim.sh --size $(CACHE_SIZE) --ways $(CACHE_WAYS) --line $(LINE) \
		--runs $(RUNS) --mem $(MEM) --l1 $(L1) $(if $(SEED),--seed $(SEED)) \
		$(if $(strip $(CMDLINE)),--cmdline "$(strip $(CMDLINE))") \
		$(if $(filter-out 1,$(SMP)),--smp $(SMP)) $(if $(ICOUNT),--icount $(ICOUNT)) $(CACHESIM_PRESET_ARGS)

POLICIES  ?= all
WORKLOADS ?= stride,fft,triad,sparse,reuse

run-policies: kernel cachesim $(B)/cmdline-check
	@tools/deps.sh cachesim
	@$(call cmdline_check,make run-policies)
	@exec $(CACHESIM_DIR)/run-policies.sh --size $(CACHE_SIZE) --ways $(CACHE_WAYS) --line $(LINE) \
		--runs $(RUNS) --mem $(MEM) --l1 $(L1) --seed $(or $(SEED),1) --policies $(POLICIES) \
		--bench $(WORKLOADS) $(if $(strip $(CMDLINE)),--cmdline "$(strip $(CMDLINE))")

.PHONY: run-interfere
run-interfere: kernel cachesim $(B)/cmdline-check
	@$(call cachesim_preset_clash,make run-interfere)
	@tools/deps.sh cachesim
	@$(call cmdline_check,make run-interfere)
	@exec $(CACHESIM_DIR)/run-interfere.sh --size $(CACHE_SIZE) --ways $(CACHE_WAYS) --line $(LINE) \
		--runs $(RUNS) --mem $(MEM) --l1 $(L1) $(if $(strip $(CMDLINE)),--cmdline "$(strip $(CMDLINE))") \
		$(if $(CACHE),--cache '$(CACHE)') $(if $(LEVELS),--levels '$(LEVELS)')

REPS ?= 3

.PHONY: bench-cachesim
bench-cachesim: kernel cachesim $(CACHESIM_OUT)/libaddronly.so
	@tools/deps.sh cachesim
	@$(CACHESIM_DIR)/bench-cachesim.sh --reps $(REPS) --size $(CACHE_SIZE) --ways $(CACHE_WAYS) --line $(LINE) \
		--runs $(RUNS) --mem $(MEM) --l1 $(L1) --seed $(or $(SEED),1) \
		$(if $(strip $(CMDLINE)),--cmdline "$(strip $(CMDLINE))") $(if $(filter off,$(LEVELS_BENCH)),--levels off)

# two studies of coloring under the N-level model (tools/cachesim/study.py;
# docs/cachesim/presets-study.md): every preset's conflict misses removed by
# coloring per level, and coloring under each replacement policy. Long:
# one boot per preset / policy, one after the other (STUDY_ARGS="--runs 2 ...")
.PHONY: study-presets study-replacement
study-presets study-replacement: kernel cachesim
	@tools/deps.sh cachesim
	@$(PYTHON) $(CACHESIM_DIR)/study.py $(patsubst study-%,%,$@) $(STUDY_ARGS)

# the N-level model against refmodel.py on longer traces than make test's:
# three short boots record RECORDS accesses each (every phase), then validate.py
RECORDS ?= 100000

.PHONY: validate-cachesim
validate-cachesim: kernel cachesim
	@$(CACHESIM_DIR)/record-traces.sh --long --records $(RECORDS) --outdir $(CACHESIM_OUT)/validate
	@$(PYTHON) $(CACHESIM_DIR)/validate.py $(CACHESIM_OUT)/validate/stride.trace \
		$(CACHESIM_OUT)/validate/fft.trace $(CACHESIM_OUT)/validate/reuse.trace

SEEDS      ?= 1 2 3
BENCH      ?= all
TARGET_RUNS = $(if $(filter command line,$(origin RUNS)),$(RUNS),20)

.PHONY: cachesim-targets
cachesim-targets: kernel cachesim
	@tools/deps.sh cachesim
	@$(CACHESIM_DIR)/run-targets.sh --seeds "$(SEEDS)" --runs $(TARGET_RUNS) --size $(CACHE_SIZE) \
		--ways $(CACHE_WAYS) --line $(LINE) --mem $(MEM) --l1 $(L1) --bench $(BENCH)

CACHESIM_PYTEST ?= $(PYTHON) -m pytest

test-cachesim: kernel cachesim $(CACHESIM_OUT)/test_cache_model
	@rm -f $(CACHESIM_OUT)/tests/*.summary
	@echo "== test-cachesim: cache model unit tests"
	@$(CACHESIM_OUT)/test_cache_model > $(CACHESIM_OUT)/test_cache_model.log 2>&1; \
	  rc=$$?; tail -2 $(CACHESIM_OUT)/test_cache_model.log; \
	  if [ $$rc != 0 ]; then cat $(CACHESIM_OUT)/test_cache_model.log; exit 1; fi
	@echo "== test-cachesim: tests/cachesim (QEMU + plugin)"
	@$(CACHESIM_PYTEST) -q -rA tests/cachesim; rc=$$?; \
	  echo "== test-cachesim: summary"; \
	  grep -h "" /dev/null $(CACHESIM_OUT)/tests/*.summary 2>/dev/null | sed 's/^/  /'; \
	  if [ $$rc = 0 ]; then echo "test-cachesim: PASS"; else echo "test-cachesim: FAIL"; fi; \
	  exit $$rc

# ---- make sweep: the matrix, one boot per cell, through GNU parallel --------
# (tools/cachesim/sweep.sh; README "Sweeps"). Lists take spaces or commas;
# POLICIES, WORKLOADS and SEEDS are run-policies' and cachesim-targets' (above).
CACHES           ?= ds10 skylake zen2
SWEEP_JOBS       ?= 2
SWEEP_RETRIES    ?= 1
SWEEP_TIMEOUT    ?= 1800
SWEEP_DIR        ?= $(B)/sweep
SWEEP_HOSTS      ?=
SWEEP_REMOTE_DIR ?=
SWEEP_RESUME     ?=
SWEEP_RUNS        = $(if $(filter command line,$(origin RUNS)),$(RUNS),3)

.PHONY: sweep
sweep: kernel cachesim $(B)/cmdline-check
	@tools/deps.sh cachesim
	@$(call cmdline_check,make sweep)
	@exec $(CACHESIM_DIR)/sweep.sh --caches "$(CACHES)" --policies "$(POLICIES)" --workloads "$(WORKLOADS)" \
		--seeds "$(SEEDS)" --runs $(SWEEP_RUNS) --jobs $(SWEEP_JOBS) --retries $(SWEEP_RETRIES) \
		--dir "$(SWEEP_DIR)" --mem $(MEM) --l1 $(L1) --line $(LINE) --classify $(or $(CLASSIFY),off) --timeout $(SWEEP_TIMEOUT) \
		$(if $(SWEEP_HOSTS),--hosts "$(SWEEP_HOSTS)") $(if $(SWEEP_REMOTE_DIR),--remote-dir "$(SWEEP_REMOTE_DIR)") \
		$(if $(filter 1 yes on,$(SWEEP_RESUME)),--resume) $(if $(filter 1 yes on,$(SWEEP_DRY)),--dry-run) \
		--cmdline "$$PAGECOLOR_CMDLINE"
