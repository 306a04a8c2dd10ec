/* SPDX-License-Identifier: MIT */
/* kernel/list.h - circular doubly linked lists with a sentinel head, in the
 * style of Linux's <linux/list.h>. An empty list's head points to itself. */
#ifndef KERNEL_LIST_H
#define KERNEL_LIST_H

#include "kernel/types.h"

struct list_head {
	struct list_head *next, *prev;
};

#define container_of(ptr, type, member)	     ((type *)((char *)(ptr)-offsetof(type, member)))
#define list_entry(ptr, type, member)	     container_of(ptr, type, member)
#define list_first_entry(head, type, member) list_entry((head)->next, type, member)

static inline void INIT_LIST_HEAD(struct list_head *h)
{
	h->next = h;
	h->prev = h;
}

static inline bool list_empty(const struct list_head *h)
{
	return h->next == h;
}

static inline void __list_add(struct list_head *n, struct list_head *prev, struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

/* Inserts n right after head (stack order). */
static inline void list_add(struct list_head *n, struct list_head *head)
{
	__list_add(n, head, head->next);
}
/* Inserts n right before head (queue order). */
static inline void list_add_tail(struct list_head *n, struct list_head *head)
{
	__list_add(n, head->prev, head);
}

/* Debug poison for an unlinked entry's pointers. Both point into page 0,
 * which this kernel never maps once paging is on (arch/x86/paging.c leaves
 * it out of the identity map so NULL dereferences fault), and so do the
 * addresses a second list_del() or a list walk touches through them (the
 * pointer + 0 or + 4). A double unlink is then a #PF with cr2 =
 * LIST_POISON1 + 4 (the store to e->next->prev), reported by the trap
 * handler, instead of a silent write. Linux's values (0x00100100,
 * 0x00200200) were used before: here they lie in the kernel image, mapped
 * read-write, and a double unlink wrote into the kernel's text (issue 8,
 * item 9). Tested by fault=list (kernel/fault.c, tests/boot/test_faults.py). */
#define LIST_POISON1 ((struct list_head *)0x100)
#define LIST_POISON2 ((struct list_head *)0x200)

/* Unlinks e and poisons its pointers so a second unlink faults loudly. */
static inline void list_del(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	e->next = LIST_POISON1;
	e->prev = LIST_POISON2;
}

#define list_for_each(pos, head) for (pos = (head)->next; pos != (head); pos = pos->next)
#define list_for_each_entry(pos, head, member)                                                                         \
	for (pos = list_entry((head)->next, __typeof__(*pos), member); &pos->member != (head);                         \
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))

#endif
