/* arch/x86/tsc.c - TSC frequency from the 8254 PIT.
 *
 * PIT channel 2 is the one whose gate software controls: port 0x61 bit 0 is
 * its GATE input, bit 1 routes its output to the speaker (kept off), and bit
 * 5 reads back its OUT pin. In mode 0 ("interrupt on terminal count") OUT
 * goes low when the count is loaded and high when it reaches zero, so the
 * time from loading to OUT high is exactly count / 1193182 Hz.
 *
 * tsc_calibrate_khz() trusts boot_cpu.has_tsc, so it returns 0 when called
 * before arch_early_init(). Interrupts should be off (they always are here):
 * an interrupt inside the window would lengthen the measured TSC delta. */
#include "arch/x86/tsc.h"
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"

#define PIT_HZ	      1193182u
#define PIT_CH2	      0x42
#define PIT_CMD	      0x43
#define PORT_B	      0x61
#define PORTB_GATE2   0x01
#define PORTB_SPEAKER 0x02
#define PORTB_OUT2    0x20
#define CAL_COUNT     59659u /* 50.0 ms at 1.193182 MHz */

/* A PIT read costs about 1 us on real hardware, so 50 ms is ~50000 polls;
 * give up after this many (PIT absent or its gate not wired). */
#define POLL_LIMIT 20000000u
/* OUT high after fewer polls than this means the PIT never started. */
#define POLL_MIN 16u

u32 tsc_calibrate_khz(void)
{
	u32 polls = 0;
	u64 t0, t1;
	u8 portb;

	if (!boot_cpu.has_tsc)
		return 0;

	/* Gate high, speaker off; then channel 2, lobyte/hibyte, mode 0, binary. */
	portb = inb(PORT_B);
	outb(PORT_B, (portb & ~PORTB_SPEAKER) | PORTB_GATE2);
	outb(PIT_CMD, 0xB0);
	outb(PIT_CH2, CAL_COUNT & 0xFF);
	outb(PIT_CH2, CAL_COUNT >> 8); /* counting starts with this write */
	t0 = rdtsc();
	while (!(inb(PORT_B) & PORTB_OUT2) && polls < POLL_LIMIT)
		polls++;
	t1 = rdtsc();
	outb(PORT_B, portb);

	if (polls >= POLL_LIMIT || polls < POLL_MIN || t1 <= t0)
		return 0;
	/* kHz = cycles / (CAL_COUNT / PIT_HZ s) / 1000. */
	return (u32)((t1 - t0) * PIT_HZ / ((u64)CAL_COUNT * 1000));
}

u64 tsc_cycles_to_ns(u64 cycles, u32 khz)
{
	if (khz == 0)
		return 0;
	/* ns = cycles * 10^6 / khz, split so cycles * 10^6 cannot overflow. */
	return cycles / khz * 1000000u + cycles % khz * 1000000u / khz;
}
