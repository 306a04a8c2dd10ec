/* arch/x86/fbcon.c - placeholder: no framebuffer console yet. */
#include "arch/x86/fbcon.h"

bool fbcon_init(const struct multiboot_info *mbi)
{
	(void)mbi;
	return false;
}
