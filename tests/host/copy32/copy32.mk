# SPDX-License-Identifier: MIT
# tests/host/copy32/copy32.mk - the copy strategies' check built for i686
# (-m32 through the i686 cross compiler, ASan+UBSan; Debian packages
# gcc-i686-linux-gnu, libc6-dev-i386-cross, libasan8-i386-cross,
# libubsan1-i386-cross). The binary runs with the cross loader and
# libraries, so no i386 multiarch is needed on the host.
#
#   make test-copy32     build and run build/h32/copy32 (in make test)

B ?= build
COPY32_CC     ?= i686-linux-gnu-gcc
COPY32_LIBDIR ?= /usr/i686-linux-gnu/lib
COPY32_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -march=i686 \
	-fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all

.PHONY: test-copy32

$(B)/h32/copy32: tests/host/copy32/copy32_main.c tests/host/copy_check.h arch/x86/copy_strategies.c \
		arch/x86/copy_strategies.h
	@mkdir -p $(dir $@)
	$(call quiet,CC32,$@)$(COPY32_CC) $(COPY32_CFLAGS) -o $@ tests/host/copy32/copy32_main.c arch/x86/copy_strategies.c \
		-Wl,-rpath,$(COPY32_LIBDIR) -Wl,--dynamic-linker=$(COPY32_LIBDIR)/ld-linux.so.2

test-copy32: $(B)/h32/copy32
	$(B)/h32/copy32
