/* SPDX-License-Identifier: MIT */
/* kernel/types.h - fixed-width types shared by the kernel, mm/ and host builds.
 *
 * Only compiler-provided freestanding headers are used, so the same file serves
 * the i686 kernel and the host test builds of mm/ and kernel/. */
#ifndef KERNEL_TYPES_H
#define KERNEL_TYPES_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

/* A physical address below 4 GiB (the kernel ignores memory above it). */
typedef u32 phys_addr_t;

#define ARRAY_SIZE(a)	 (sizeof(a) / sizeof((a)[0]))
#define ALIGN_UP(x, a)	 (((x) + ((a)-1)) & ~((__typeof__(x))(a)-1))
#define ALIGN_DOWN(x, a) ((x) & ~((__typeof__(x))(a)-1))
#define MIN(a, b)	 ((a) < (b) ? (a) : (b))
#define MAX(a, b)	 ((a) > (b) ? (a) : (b))
#define UNUSED(x)	 ((void)(x))

#define KiB (1024u)
#define MiB (1024u * 1024u)

#endif
