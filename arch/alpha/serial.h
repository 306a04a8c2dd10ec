/* SPDX-License-Identifier: MIT */
/* arch/alpha/serial.h - the serial console (COM1) of QEMU's clipper. */
#ifndef ARCH_ALPHA_SERIAL_H
#define ARCH_ALPHA_SERIAL_H

#include "kernel/types.h"

/* Programs COM1 for 115200 8N1, polled. */
void serial_init(void);
/* Writes n bytes to COM1 (LF as CR LF); a console_write_fn for printk. */
void serial_write(const char *s, size_t n);

#endif
