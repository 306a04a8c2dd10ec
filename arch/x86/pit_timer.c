/* SPDX-License-Identifier: MIT */
/* arch/x86/pit_timer.c - see pit_timer.h. */
#include "arch/x86/pit_timer.h"
#include "arch/x86/cpu.h"
#include "arch/x86/pic.h"
#include "kernel/printk.h"
#include "kernel/sched.h"

#define PIT_CH0	 0x40
#define PIT_MODE 0x43

static __sched_data void (*tick_fn)(u32 ticks);
static __sched_data volatile u32 ticks;

/* The divisor for hz interrupts per second (19..PIT_HZ): the nearest one,
 * within 1..65535 (65536 is written as 0). Pure. */
static u32 pit_divisor(u32 hz)
{
	u32 d;

	if (hz == 0)
		return 0;
	d = (PIT_HZ + hz / 2) / hz;
	if (d < 1)
		d = 1;
	if (d > 65536)
		d = 65536;
	return d;
}

static void pit_irq(struct trapframe *tf)
{
	UNUSED(tf);
	ticks++;
	if (tick_fn)
		tick_fn(ticks);
}

int pit_timer_start(u32 hz, void (*tick)(u32 ticks))
{
	u32 d;

	if (hz < 19 || hz > 100000) {
		printk("timer: %u Hz out of range: the PIT gives 19 to 100000 interrupts per second\n", hz);
		return -1;
	}
	d = pit_divisor(hz);
	if (pic_set_handler(0, pit_irq) < 0) {
		printk("timer: cannot set up the interrupt controller (task marker page not mapped)\n");
		return -1;
	}
	tick_fn = tick;
	ticks = 0;
	outb(PIT_MODE, 0x34); /* channel 0, lobyte/hibyte, mode 2 (rate generator) */
	outb(PIT_CH0, (u8)(d & 0xFF));
	outb(PIT_CH0, (u8)((d >> 8) & 0xFF));
	return 0;
}

u32 pit_timer_stop(void)
{
	pic_set_handler(0, NULL);
	tick_fn = NULL;
	return ticks;
}
