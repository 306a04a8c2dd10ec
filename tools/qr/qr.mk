# SPDX-License-Identifier: MIT
# tools/qr/qr.mk - build/qrencode: the kernel's QR encoder on the host
# (tools/qr/qrencode.c). Included from the top Makefile.
B      ?= build
HOSTCC ?= gcc

$(B)/qrencode: tools/qr/qrencode.c kernel/qr.c kernel/qr.h
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) -std=gnu11 -O2 -Wall -Wextra -Werror -I. -Iarch/host/include -DMM_HOST -o $@ tools/qr/qrencode.c kernel/qr.c
