/* SPDX-License-Identifier: MIT */
/* kernel/panic.c - stopping with a message and a final log line. */
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"

void panic(const char *fmt, ...)
{
	va_list ap;

	printk("\nPANIC: ");
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	printk("\n@final status=fail reason=panic\npagecolor: FAILURE (panic)\n");
	arch_halt(KERNEL_EXIT_FAILURE);
}

void panic_after_fault(void)
{
	printk("@final status=fail reason=fault\npagecolor: FAILURE (CPU exception)\n");
	arch_halt(KERNEL_EXIT_FAILURE);
}

#ifdef KERNEL_DEBUG
void spin_assert_fail(const char *lock, const char *what, const char *func, const char *file, int line)
{
	if (*lock == '&')
		lock++; /* "zone_lock", not "&zone_lock" */
	panic("lock assertion: %s %s in %s (%s:%d), CPU %u", lock, what, func, file, line, smp_processor_id());
}
#endif
