/* SPDX-License-Identifier: MIT */
/* kernel/string.h - the few string/memory routines the kernel needs (no libc).
 * On the host build these resolve to the C library's functions of the same names. */
#ifndef KERNEL_STRING_H
#define KERNEL_STRING_H

#include "kernel/types.h"

void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
/* The copy routine memcpy hands copies of memcpy_hook_min bytes or more to,
 * when not NULL (set once by the boot's copy calibration,
 * arch/x86/copy_select.c; the library itself knows no strategies). Until
 * then memcpy is rep movsb. The hook must not call memcpy. */
extern void *(*memcpy_hook)(void *dst, const void *src, size_t n);
extern size_t memcpy_hook_min;
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);

#endif
