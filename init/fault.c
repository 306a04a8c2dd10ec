/* init/fault.c - see fault.h. */
#include "init/fault.h"
#include "init/params.h"
#include "kernel/printk.h"

void fault_raise(u32 which)
{
	if (!which)
		return;
	printk("fault: raising a deliberate CPU exception (fault=%s)\n", fault_names[which]);
	if (which == 1)
		*(volatile u32 *)0xdeadbeef = 1;
	else if (which == 2)
		__asm__ volatile("ud2");
	else if (which == 4)
		printk("%u\n", *(volatile u32 *)NULL);
	else if (which == 3) {
		volatile u32 zero = 0;
		printk("%u\n", 1u / zero);
	}
}
