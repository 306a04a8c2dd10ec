/* kernel/wrap.c - see wrap.h. */
#include "kernel/wrap.h"
#include "kernel/printk.h"
#include "kernel/string.h"

u32 printk_wrapped(const char *text, u32 width, const char *cont)
{
	u32 lines = 0, len = strlen(text), pos = 0, clen = cont ? strlen(cont) : 0;

	if (width < 16)
		width = 16;
	if (clen > width / 2)
		clen = 0;
	while (pos < len) {
		u32 room = lines ? width - clen : width, take = len - pos, i;
		if (take > room) {
			take = room;
			for (i = room; i > 0; i--) /* the last space that fits */
				if (text[pos + i] == ' ')
					break;
			if (i > 0)
				take = i;
		}
		printk("%.*s%.*s\n", (int)(lines ? clen : 0), cont ? cont : "", (int)take, text + pos);
		lines++;
		pos += take;
		while (pos < len && text[pos] == ' ')
			pos++;
	}
	return lines;
}
