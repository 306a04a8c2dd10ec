/* SPDX-License-Identifier: MIT */
/* arch/x86/smp.c - see smp.h. */
#include "arch/x86/smp.h"
#include "arch/x86/apic.h"
#include "arch/x86/arch.h"
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"
#include "arch/x86/fpu.h"
#include "arch/x86/gdt.h"
#include "arch/x86/madt.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "kernel/task.h"
#include "mm/page_alloc.h"

#define CPUID1_EDX_APIC	 (1u << 9)
#define AP_START_WAIT_US 1000000u /* a CPU that has not reported by then is skipped */

u32 smp_stacks_base;
u32 smp_stacks_bytes;
u32 nr_cpus_online = 1;

/* The trampoline (trampoline.asm), copied to SMP_TRAMPOLINE. */
extern const u8 smp_trampoline[], smp_trampoline_end[], smp_trampoline_params[];
extern void smp_wake_stub(void), smp_spurious_stub(void);

struct __attribute__((packed)) desc_ptr {
	u16 limit;
	u32 base;
	u16 pad;
};

/* trampoline.asm's parameter block, field for field. */
struct __attribute__((packed)) smp_trampoline_params {
	struct desc_ptr gdtr, idtr;
	u32 cr0, cr3, cr4, stack, cpu, entry;
};

struct smp_cpu {
	u32 apic_id;
	volatile u32 online;   /* set by the CPU itself once in C */
	volatile u32 work_seq; /* bumped by CPU 0 for each call */
	volatile u32 done_seq; /* set to work_seq by the CPU when done */
	void (*fn)(u32 cpu, void *arg);
	void *arg;
};

static struct smp_cpu cpus[NR_CPUS];
static struct madt_info madt;
static struct madt_info madt_bad; /* notes of a bad MADT when the MP table is used instead */
static int madt_rc = 1;		  /* 1: not looked (no APIC), 0 found, -1 no RSDP, -2 no MADT */
static int mp_rc = 1;		  /* the MP table, looked for when there is no MADT */
static const char *source = "madt";
static bool have_apic, have_cpuid;

/* Physical memory while paging is off: the identity, below 4 GiB. */
static const u8 *phys_map(u64 phys, u32 len, void *ctx)
{
	(void)ctx;
	if (phys + len > (1ull << 32) || phys + len < phys)
		return NULL;
	return (const u8 *)(u32)phys;
}

void smp_detect(const struct multiboot_info *mbi)
{
	u32 a, b, c, d;

	have_cpuid = boot_cpu.has_cpuid;
	if (!have_cpuid)
		return;
	cpuid(1, &a, &b, &c, &d);
	have_apic = (d & CPUID1_EDX_APIC) != 0;
	if (!have_apic)
		return;
	madt_rc = madt_find(phys_map, NULL, mbi->mmap_addr,
			    (mbi->flags & MULTIBOOT_INFO_MEM_MAP) ? mbi->mmap_length : 0, &madt);
	if (madt_rc < 0) {
		madt_bad = madt; /* what was wrong with the MADT, if anything */
		if ((mp_rc = mptable_find(phys_map, NULL, &madt)) == 0)
			source = "mptable";
	}
	if (madt_rc == 0 || mp_rc == 0) {
		/* Checked against the machine before anything is started: the
		 * local APIC outside usable RAM (the loader's map, else
		 * mem_lower/mem_upper). The boot CPU's id is checked once its
		 * local APIC can be read (smp_boot): CPUID.1:EBX[31:24] is
		 * reserved before the Pentium 4. */
		static struct multiboot_mmap_entry lu[2];
		const u8 *mm = NULL;
		u32 mm_len = 0;

		if (mbi->flags & MULTIBOOT_INFO_MEM_MAP) {
			mm = (const u8 *)mbi->mmap_addr;
			mm_len = mbi->mmap_length;
		} else if (mbi->flags & MULTIBOOT_INFO_MEMORY) {
			lu[0] = (struct multiboot_mmap_entry){ 20, 0, (u64)mbi->mem_lower << 10, 1 };
			lu[1] = (struct multiboot_mmap_entry){ 20, 0x100000, (u64)mbi->mem_upper << 10, 1 };
			mm = (const u8 *)lu;
			mm_len = sizeof(lu);
		}
		madt_check(&madt, mp_rc == 0 ? "MP table" : "ACPI MADT", ~0u, mm, mm_len);
	}
}

/* Writes an interrupt gate for vector vec into the loaded IDT (found with
 * SIDT; idt.c filled every vector with its catch-all). */
static void idt_set_raw(u32 vec, void (*handler)(void))
{
	struct desc_ptr idtr;
	u8 *g;
	u32 off = (u32)handler;

	__asm__ volatile("sidt %0" : "=m"(idtr));
	g = (u8 *)idtr.base + vec * 8;
	g[0] = off & 0xFF;
	g[1] = (off >> 8) & 0xFF;
	g[2] = 0x08; /* GDT_KCODE */
	g[3] = 0;
	g[4] = 0;
	g[5] = 0x8E; /* present, DPL 0, 32-bit interrupt gate */
	g[6] = (off >> 16) & 0xFF;
	g[7] = off >> 24;
}

void smp_ap_entry(u32 cpu);
void smp_ap_entry(u32 cpu)
{
	struct smp_cpu *me = &cpus[cpu];

	/* first: GS names this CPU (smp_processor_id, and with it `current`) */
	__asm__ volatile("movw %w0, %%gs" : : "r"(GDT_CPU_SEL(cpu)) : "memory");
	lapic_enable();
	if (fpu_present())
		__asm__ volatile("fninit");
	__atomic_store_n(&me->online, 1, __ATOMIC_RELEASE);
	for (;;) {
		/* Idle: interrupts on only inside "sti; hlt" (the STI shadow
		 * makes the pair atomic, so a wake-up IPI sent after the check
		 * still ends the HLT). */
		while (__atomic_load_n(&me->work_seq, __ATOMIC_ACQUIRE) == me->done_seq)
			__asm__ volatile("sti; hlt; cli" ::: "memory");
		me->fn(cpu, me->arg);
		__atomic_store_n(&me->done_seq, me->work_seq, __ATOMIC_RELEASE);
	}
}

/* Starts the CPU with APIC id apic_id as CPU number cpu on stack top.
 * Returns true when it reported. */
static bool start_ap(u32 apic_id, u32 cpu, u32 stack_top)
{
	struct smp_trampoline_params *tp = (void *)(SMP_TRAMPOLINE + (u32)(smp_trampoline_params - smp_trampoline));
	u64 t0;
	u32 waited;

	cpus[cpu] = (struct smp_cpu){ .apic_id = apic_id };
	task_cpu_init(cpu); /* its own task, before it runs anything */
	tp->stack = stack_top;
	tp->cpu = cpu;
	tp->entry = (u32)smp_ap_entry;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (lapic_send_init(apic_id) < 0)
		return false;
	udelay(10000);
	for (int i = 0; i < 2; i++) {
		if (lapic_send_startup(apic_id, SMP_TRAMPOLINE >> 12) < 0)
			return false;
		udelay(200);
		if (__atomic_load_n(&cpus[cpu].online, __ATOMIC_ACQUIRE))
			return true;
	}
	t0 = rdtsc();
	for (waited = 0; waited < AP_START_WAIT_US; waited += 100) {
		if (__atomic_load_n(&cpus[cpu].online, __ATOMIC_ACQUIRE))
			return true;
		udelay(100);
		if (apic_us_since(t0) > AP_START_WAIT_US)
			break;
	}
	return __atomic_load_n(&cpus[cpu].online, __ATOMIC_ACQUIRE) != 0;
}

/* Every problem found in the firmware's tables, one line each. */
static void print_notes(const struct madt_info *m)
{
	for (u32 i = 0; i < MIN(m->nr_notes, (u32)MADT_NOTES); i++)
		printk("smp: %s\n", m->notes[i]);
	if (m->nr_notes > MADT_NOTES)
		printk("smp: %u more problems in the firmware's CPU table not shown\n", m->nr_notes - MADT_NOTES);
}

static const char *madt_why(void)
{
	if (!have_cpuid)
		return "no CPUID: no local APIC (a 486)";
	if (!have_apic)
		return "no local APIC (CPUID.1:EDX bit 9 clear)";
	if (madt_rc == 0 || mp_rc == 0)
		return NULL;
	if (mp_rc == -2)
		return madt_rc == -1 ? "no ACPI RSDP, and the MP table is a default configuration or malformed"
				     : "no valid ACPI MADT, and the MP table is a default configuration or malformed";
	return madt_rc == -1 ? "no ACPI RSDP and no MP table" : "no valid ACPI MADT and no MP table";
}

static void print_found(void)
{
	printk("smp: %s: %u CPU%s (APIC ids", mp_rc == 0 ? "MP table (no ACPI MADT)" : "ACPI MADT", madt.nr_cpus,
	       madt.nr_cpus == 1 ? "" : "s");
	for (u32 i = 0; i < madt.nr_cpus; i++)
		printk(" %u", madt.apic_id[i]);
	printk("), local APIC at 0x%x", madt.lapic_phys);
	if (madt.disabled)
		printk(", %u disabled", madt.disabled);
	if (madt.x2apic)
		printk(", %u x2APIC entries not used", madt.x2apic);
	if (madt.ignored)
		printk(", %u beyond %u not read", madt.ignored, MADT_MAX_CPUS);
	printk("\n");
}

u32 smp_boot(u32 max_cpus, bool max_cpus_given, u32 tsc_khz)
{
	const char *why = madt_why();
	char why_buf[MADT_NOTE_LEN];
	struct smp_trampoline_params *tp;
	struct page *stacks;
	u32 want, bsp_id, order, n, i;

	if (madt_rc < 0)
		print_notes(&madt_bad);
	if (why && mp_rc == -2)
		print_notes(&madt); /* what was wrong with the MP table */
	if (why) {
		printk("smp: 1 CPU: %s\n", why);
		printk("@smp cpus=1 found=1 source=none apic=%s\n", have_apic ? "yes" : "no");
		return 1;
	}
	print_found();
	print_notes(&madt);
	if (madt.unsafe) {
		printk("smp: 1 CPU online: the firmware's CPU table is not safe to use (above)\n");
		printk("@smp cpus=1 found=%u source=%s apic=yes\n", madt.nr_cpus, source);
		return 1;
	}
	want = MIN(madt.nr_cpus, NR_CPUS);
	if (madt.nr_cpus + madt.ignored > NR_CPUS) /* the ones not read are not started either */
		printk("smp: this kernel runs at most %u CPUs; the other %u of the %u listed are not started\n",
		       NR_CPUS, madt.nr_cpus + madt.ignored - NR_CPUS, madt.nr_cpus + madt.ignored);
	if (max_cpus_given && max_cpus < want) {
		printk("smp: smp=%u: starting %u of %u CPUs\n", max_cpus, max_cpus, want);
		want = max_cpus;
	}
	if (want <= 1) {
		printk("smp: 1 CPU online\n");
		printk("@smp cpus=1 found=%u source=%s apic=yes\n", madt.nr_cpus, source);
		return 1;
	}
	if (madt.lapic_phys & (PAGE_SIZE - 1) || lapic_map(madt.lapic_phys) < 0) {
		printk("smp: the local APIC at 0x%x cannot be mapped; running on 1 CPU\n", madt.lapic_phys);
		printk("@smp cpus=1 found=%u source=%s apic=yes\n", madt.nr_cpus, source);
		return 1;
	}
	if (!(pfn_to_page(SMP_TRAMPOLINE >> PAGE_SHIFT)->flags & PG_reserved)) {
		printk("smp: trampoline page 0x%x is not reserved; running on 1 CPU\n", SMP_TRAMPOLINE);
		printk("@smp cpus=1 found=%u source=%s apic=yes\n", madt.nr_cpus, source);
		return 1;
	}
	for (order = 0; (PAGE_SIZE << order) < (want - 1) * SMP_STACK_SIZE; order++)
		;
	stacks = alloc_pages(GFP_KERNEL | __GFP_NOCOLOR, order);
	if (!stacks) {
		printk("smp: no memory for %u stacks of %u KiB; running on 1 CPU\n", want - 1, SMP_STACK_SIZE >> 10);
		printk("@smp cpus=1 found=%u source=%s apic=yes\n", madt.nr_cpus, source);
		return 1;
	}
	bsp_id = lapic_id();
	if (madt_check_boot_cpu(&madt, mp_rc == 0 ? "MP table" : "ACPI MADT", bsp_id, why_buf, sizeof(why_buf))) {
		printk("smp: %s\n", why_buf);
		printk("smp: 1 CPU online: the firmware's CPU table is not safe to use (above)\n");
		printk("@smp cpus=1 found=%u source=%s apic=yes\n", madt.nr_cpus, source);
		__free_pages(stacks, order);
		return 1;
	}
	apic_set_tsc_khz(tsc_khz);
	lapic_enable();
	cpus[0] = (struct smp_cpu){ .apic_id = bsp_id, .online = 1 };
	idt_set_raw(SMP_WAKE_VECTOR, smp_wake_stub);
	idt_set_raw(LAPIC_SPURIOUS_VECTOR, smp_spurious_stub);

	memcpy((void *)SMP_TRAMPOLINE, smp_trampoline, (u32)(smp_trampoline_end - smp_trampoline));
	tp = (void *)(SMP_TRAMPOLINE + (u32)(smp_trampoline_params - smp_trampoline));
	__asm__ volatile("sgdt %0" : "=m"(tp->gdtr));
	__asm__ volatile("sidt %0" : "=m"(tp->idtr));
	tp->cr0 = read_cr0();
	tp->cr3 = read_cr3();
	tp->cr4 = cpuinfo_has_cr4(&boot_cpu) ? read_cr4() : 0;
	smp_stacks_base = page_to_pfn(stacks) << PAGE_SHIFT;
	smp_stacks_bytes = (want - 1) * SMP_STACK_SIZE;

	n = 1;
	for (i = 0; i < madt.nr_cpus && n < want; i++) {
		u32 id = madt.apic_id[i];
		if (id == bsp_id)
			continue;
		if (start_ap(id, n, smp_stacks_base + n * SMP_STACK_SIZE)) {
			n++;
			nr_cpus_online = n;
		} else {
			printk("smp: CPU with APIC id %u did not start (no report within %u ms); skipped\n", id,
			       AP_START_WAIT_US / 1000);
		}
	}
	/* Stacks of CPUs that did not start stay allocated: a started CPU
	 * finds itself by its stack's place in the block. */
	printk("smp: %u CPUs online (boot CPU APIC id %u; trampoline at 0x%x, %u KiB stacks)\n", n, bsp_id,
	       SMP_TRAMPOLINE, SMP_STACK_SIZE >> 10);
	printk("@smp cpus=%u found=%u source=%s apic=yes\n", n, madt.nr_cpus, source);
	for (i = 0; i < n; i++) {
		const struct task *t = task_cpu_home(i);
		printk("%s%s cpu%u=%s(pid %u)%s", i ? "" : "smp: each CPU runs as its own task:", i ? "," : "", i,
		       t->name, t->pid, i + 1 == n ? "\n" : "");
	}
	if (!lapic_timer_calibrate())
		printk("smp: the local APIC timer does not count: no preemption on the other CPUs\n");
	return n;
}

void smp_call_all(u32 ncpus, void (*fn)(u32 cpu, void *arg), void *arg)
{
	u32 i;

	ncpus = MIN(MAX(ncpus, 1u), nr_cpus_online);
	for (i = 1; i < ncpus; i++) {
		cpus[i].fn = fn;
		cpus[i].arg = arg;
		__atomic_store_n(&cpus[i].work_seq, cpus[i].work_seq + 1, __ATOMIC_RELEASE);
		lapic_send_ipi(cpus[i].apic_id, SMP_WAKE_VECTOR);
	}
	fn(0, arg);
	for (i = 1; i < ncpus; i++)
		while (__atomic_load_n(&cpus[i].done_seq, __ATOMIC_ACQUIRE) != cpus[i].work_seq)
			__asm__ volatile("pause" ::: "memory");
}
