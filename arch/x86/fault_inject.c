/* SPDX-License-Identifier: MIT */
/* arch/x86/fault_inject.c - see fault.h. Every exception is raised by an instruction
 * the compiler must emit: inline asm, or stores through pointers it cannot
 * see (the list case goes through an empty asm that launders the pointer).
 * A C division by a volatile zero was folded away once (issue 8, item 11:
 * fault=de printed 0 and ended as a success). */
#include "arch/x86/fault_inject.h"
#include "kernel/list.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

static const char *const fault_choices[] = FAULT_CHOICES;

static void fault_list_double_del(void)
{
	static struct list_head head, node;
	struct list_head *e = &node;

	INIT_LIST_HEAD(&head);
	list_add(&node, &head);
	list_del(e);
	printk("fault: node unlinked once; next=%p prev=%p (the poison values)\n", (void *)e->next, (void *)e->prev);
	__asm__ volatile("" : "+r"(e) : : "memory"); /* the compiler knows nothing of e now */
	list_del(e);				     /* stores through LIST_POISON1: #PF */
}

void fault_raise(u32 which)
{
	u32 out;

	printk("fault: raising a deliberate CPU exception (fault=%s)\n", which < FAULT_NR ? fault_choices[which] : "?");
	switch (which) {
	case FAULT_PF:
		__asm__ volatile("movl $1, (%0)" : : "r"(FAULT_PF_ADDR) : "memory");
		break;
	case FAULT_UD:
		__asm__ volatile("ud2");
		break;
	case FAULT_DE:
		/* edx:eax = 1 divided by ecx = 0 */
		__asm__ volatile("xorl %%ecx, %%ecx\n\tdivl %%ecx" : "=a"(out) : "a"(1u), "d"(0u) : "ecx", "cc");
		printk("fault: 1 / 0 = %u\n", out);
		break;
	case FAULT_NULL:
		__asm__ volatile("movl (%1), %0" : "=r"(out) : "r"(0u) : "memory");
		printk("fault: *NULL = %u\n", out);
		break;
	case FAULT_LIST:
		fault_list_double_del();
		break;
	case FAULT_GP:
		__asm__ volatile("movw %w0, %%ds" : : "r"(FAULT_GP_SELECTOR) : "memory");
		break;
	default:
		return;
	}
	panic("fault=%s raised no exception", fault_choices[which]);
}
