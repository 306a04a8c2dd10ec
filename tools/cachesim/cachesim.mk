# tools/cachesim/cachesim.mk - cache simulator (QEMU TCG plugin) and its unit
# test. Included from the top Makefile; uses its B (build dir) and HOSTCC.
#
#   $(B)/cachesim/libcachesim.so      the plugin: qemu-system-i386 ... -plugin
#                                     build/cachesim/libcachesim.so,l2size=2M,l2ways=1
#   $(B)/cachesim/test_cache_model    cmocka tests of the cache model
#   cachesim-unit                     build and run those tests
#   cachesim                          build the plugin

B      ?= build
HOSTCC ?= gcc

CACHESIM_DIR    := tools/cachesim
CACHESIM_OUT    := $(B)/cachesim
CACHESIM_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -fPIC
CACHESIM_MODEL  := $(CACHESIM_DIR)/cache_model.c $(CACHESIM_DIR)/cache_model.h

.PHONY: cachesim cachesim-unit

cachesim: $(CACHESIM_OUT)/libcachesim.so

# Undefined qemu_plugin_* symbols are resolved from QEMU when it loads us.
$(CACHESIM_OUT)/libcachesim.so: $(CACHESIM_DIR)/cachesim.c $(CACHESIM_DIR)/qemu_plugin_api.h $(CACHESIM_MODEL)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(CACHESIM_CFLAGS) -fvisibility=hidden -shared -o $@ \
		$(CACHESIM_DIR)/cachesim.c $(CACHESIM_DIR)/cache_model.c -lpthread

$(CACHESIM_OUT)/test_cache_model: $(CACHESIM_DIR)/test_cache_model.c $(CACHESIM_MODEL)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(CACHESIM_CFLAGS) -o $@ \
		$(CACHESIM_DIR)/test_cache_model.c $(CACHESIM_DIR)/cache_model.c -lcmocka

cachesim-unit: $(CACHESIM_OUT)/test_cache_model
	$(CACHESIM_OUT)/test_cache_model
