/* SPDX-License-Identifier: MIT */
/* kernel/printk.c - kvsnprintf and the console fan-out behind printk.
 *
 * No libc: the same file is linked into the i686 kernel and the host tests.
 * 64-bit conversions (%llu, %llx) divide a u64, which on i686 calls libgcc's
 * __udivdi3/__umoddi3; the kernel links -lgcc, so that is fine. Values that
 * fit in 32 bits are converted with 32-bit division only. */
#include "kernel/printk.h"
#include "kernel/string.h"
#include "kernel/wrap.h"

/* The output cursor: writes what fits, counts everything.
 * Without a flush function (kvsnprintf), buf is the whole result and keeps
 * its last byte for the NUL. With one (printk), buf is a chunk handed to the
 * function each time it is full; only the first limit bytes of the output
 * are emitted, the rest is counted. */
struct outbuf {
	char *buf;
	size_t size;
	size_t len;			     /* bytes the full output has so far (may exceed size) */
	size_t fill;			     /* flush mode: bytes waiting in buf */
	size_t limit;			     /* flush mode: bytes emitted at most */
	void (*flush)(const char *, size_t); /* NULL: kvsnprintf mode */
};

static void out_char(struct outbuf *o, char c)
{
	if (o->flush) {
		if (o->len < o->limit) {
			o->buf[o->fill++] = c;
			if (o->fill == o->size) {
				o->flush(o->buf, o->fill);
				o->fill = 0;
			}
		}
	} else if (o->len + 1 < o->size) {
		o->buf[o->len] = c;
	}
	o->len++;
}

static void out_repeat(struct outbuf *o, char c, int n)
{
	while (n-- > 0)
		out_char(o, c);
}

static void out_mem(struct outbuf *o, const char *s, size_t n)
{
	while (n--)
		out_char(o, *s++);
}

/* One parsed conversion specification. */
struct spec {
	bool left;  /* '-' */
	bool zero;  /* '0' */
	bool plus;  /* '+' */
	bool space; /* ' ' */
	bool alt;   /* '#' */
	int width;  /* 0 when none */
	int prec;   /* -1 when none */
	int lenmod; /* 0 none, 1 l, 2 ll, 3 z, -1 h, -2 hh */
};

/* Writes the digits of v in base (8, 10 or 16) backwards into the end of
 * tmp; returns a pointer to the first digit. */
static char *utoa_rev(char *end, u64 v, unsigned base, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char *p = end;

	if (v == 0) {
		*--p = '0';
		return p;
	}
	while (v > 0xffffffffu) {
		*--p = digits[v % base];
		v /= base;
	}
	for (u32 w = (u32)v; w; w /= base)
		*--p = digits[w % base];
	return p;
}

/* Emits one integer with sign/prefix, precision and padding. */
static void out_number(struct outbuf *o, const struct spec *sp, u64 v, bool neg, unsigned base, bool upper,
		       const char *prefix)
{
	char tmp[24];
	char *digits = utoa_rev(tmp + sizeof(tmp), v, base, upper);
	int ndig = (int)(tmp + sizeof(tmp) - digits);
	char sign = neg ? '-' : sp->plus ? '+' : sp->space ? ' ' : 0;
	int npre = prefix ? 2 : 0;
	int zeros = 0, body, pad;

	if (sp->prec >= 0) {
		if (sp->prec == 0 && v == 0)
			ndig = 0; /* "%.0d" of 0 prints nothing, as in C */
		if (sp->prec > ndig)
			zeros = sp->prec - ndig;
	}
	body = (sign ? 1 : 0) + npre + zeros + ndig;
	pad = sp->width > body ? sp->width - body : 0;
	if (sp->zero && !sp->left && sp->prec < 0) {
		zeros += pad;
		pad = 0;
	}
	if (!sp->left)
		out_repeat(o, ' ', pad);
	if (sign)
		out_char(o, sign);
	if (prefix)
		out_mem(o, prefix, 2);
	out_repeat(o, '0', zeros);
	out_mem(o, digits, (size_t)ndig);
	if (sp->left)
		out_repeat(o, ' ', pad);
}

/* Emits n bytes of s padded to the field width (spaces only). */
static void out_padded(struct outbuf *o, const struct spec *sp, const char *s, size_t n)
{
	int pad = sp->width > (int)n ? sp->width - (int)n : 0;

	if (!sp->left)
		out_repeat(o, ' ', pad);
	out_mem(o, s, n);
	if (sp->left)
		out_repeat(o, ' ', pad);
}

static void out_string(struct outbuf *o, const struct spec *sp, const char *s)
{
	size_t n = 0;

	if (!s)
		s = "(null)";
	/* Never read past the precision: s need not be NUL-terminated then. */
	while ((sp->prec < 0 || n < (size_t)sp->prec) && s[n])
		n++;
	out_padded(o, sp, s, n);
}

/* Reads a signed argument of the given length modifier. */
static s64 arg_signed(int lenmod, va_list *ap)
{
	switch (lenmod) {
	case 2:
		return va_arg(*ap, long long);
	case 1:
		return va_arg(*ap, long);
	case 3:
		return (s64)va_arg(*ap, size_t); /* %zd: ssize_t in practice */
	case -1:
		return (short)va_arg(*ap, int);
	case -2:
		return (signed char)va_arg(*ap, int);
	default:
		return va_arg(*ap, int);
	}
}

static u64 arg_unsigned(int lenmod, va_list *ap)
{
	switch (lenmod) {
	case 2:
		return va_arg(*ap, unsigned long long);
	case 1:
		return va_arg(*ap, unsigned long);
	case 3:
		return va_arg(*ap, size_t);
	case -1:
		return (unsigned short)va_arg(*ap, unsigned int);
	case -2:
		return (unsigned char)va_arg(*ap, unsigned int);
	default:
		return va_arg(*ap, unsigned int);
	}
}

/* Parses flags, width, precision and length at *pp (just after '%').
 * Advances *pp to the conversion character. */
static void parse_spec(const char **pp, struct spec *sp, va_list *ap)
{
	const char *p = *pp;

	*sp = (struct spec){ .prec = -1 };
	for (;; p++) {
		if (*p == '-')
			sp->left = true;
		else if (*p == '0')
			sp->zero = true;
		else if (*p == '+')
			sp->plus = true;
		else if (*p == ' ')
			sp->space = true;
		else if (*p == '#')
			sp->alt = true;
		else
			break;
	}
	if (*p == '*') {
		sp->width = va_arg(*ap, int);
		if (sp->width > 100000)
			sp->width = 100000; /* widths are capped at 100000 */
		if (sp->width < 0) {
			sp->left = true;
			sp->width = sp->width < -100000 ? 100000 : -sp->width;
		}
		p++;
	} else {
		while (*p >= '0' && *p <= '9') {
			if (sp->width < 100000)
				sp->width = sp->width * 10 + (*p - '0');
			p++;
		}
	}
	if (*p == '.') {
		p++;
		sp->prec = 0;
		if (*p == '*') {
			sp->prec = va_arg(*ap, int);
			if (sp->prec < 0)
				sp->prec = -1; /* negative precision: as if none */
			p++;
		} else {
			while (*p >= '0' && *p <= '9') {
				if (sp->prec < 100000)
					sp->prec = sp->prec * 10 + (*p - '0');
				p++;
			}
		}
	}
	if (*p == 'l') {
		sp->lenmod = 1;
		if (*++p == 'l') {
			sp->lenmod = 2;
			p++;
		}
	} else if (*p == 'h') {
		sp->lenmod = -1;
		if (*++p == 'h') {
			sp->lenmod = -2;
			p++;
		}
	} else if (*p == 'z') {
		sp->lenmod = 3;
		p++;
	}
	*pp = p;
}

/* Formats one conversion c. Returns false when c is not a known conversion
 * (the caller then prints the specification verbatim). */
static bool convert(struct outbuf *o, struct spec *sp, char c, va_list *ap)
{
	switch (c) {
	case 'd':
	case 'i': {
		s64 v = arg_signed(sp->lenmod, ap);
		u64 mag = v < 0 ? (u64)0 - (u64)v : (u64)v;
		out_number(o, sp, mag, v < 0, 10, false, NULL);
		return true;
	}
	case 'u':
		out_number(o, sp, arg_unsigned(sp->lenmod, ap), false, 10, false, NULL);
		return true;
	case 'x':
	case 'X': {
		u64 v = arg_unsigned(sp->lenmod, ap);
		const char *pre = sp->alt && v ? (c == 'x' ? "0x" : "0X") : NULL;
		sp->plus = sp->space = false;
		out_number(o, sp, v, false, 16, c == 'X', pre);
		return true;
	}
	case 'o': {
		u64 v = arg_unsigned(sp->lenmod, ap);
		sp->plus = sp->space = false;
		if (sp->alt && v) {
			/* '#' for octal: force a leading 0 via precision */
			int ndig = 0;
			for (u64 t = v; t; t >>= 3)
				ndig++;
			if (sp->prec <= ndig)
				sp->prec = ndig + 1;
		}
		out_number(o, sp, v, false, 8, false, NULL);
		return true;
	}
	case 'p': {
		uintptr_t v = (uintptr_t)va_arg(*ap, void *);
		struct spec ps = *sp;
		ps.prec = 8; /* at least 8 hex digits, more for 64-bit host pointers */
		ps.zero = ps.plus = ps.space = false;
		out_number(o, &ps, (u64)v, false, 16, false, "0x");
		return true;
	}
	case 'c': {
		char ch = (char)va_arg(*ap, int);
		out_padded(o, sp, &ch, 1);
		return true;
	}
	case 's':
		out_string(o, sp, va_arg(*ap, const char *));
		return true;
	default:
		return false;
	}
}

/* Formats fmt with ap into o (either mode). */
static void format(struct outbuf *o, const char *fmt, va_list ap)
{
	struct spec sp;
	va_list aq;

	va_copy(aq, ap);
	if (!fmt)
		fmt = "(null)";
	while (*fmt) {
		const char *start = fmt;

		if (*fmt != '%') {
			out_char(o, *fmt++);
			continue;
		}
		fmt++;
		if (*fmt == '%') {
			out_char(o, '%');
			fmt++;
			continue;
		}
		parse_spec(&fmt, &sp, &aq);
		if (*fmt && convert(o, &sp, *fmt, &aq)) {
			fmt++;
			continue;
		}
		/* Unknown conversion (or '%' at the end): print it verbatim. */
		if (*fmt)
			fmt++;
		out_mem(o, start, (size_t)(fmt - start));
	}
	va_end(aq);
}

/* kvsnprintf: see printk.h. Never fails; returns the untruncated length
 * (clamped to INT_MAX). buf may be NULL when size is 0. */
int kvsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct outbuf o = { .buf = buf, .size = buf ? size : 0, .len = 0 };

	format(&o, fmt, ap);
	if (o.size > 0)
		o.buf[o.len < o.size ? o.len : o.size - 1] = '\0';
	return o.len > 0x7fffffff ? 0x7fffffff : (int)o.len;
}

/* ksnprintf: kvsnprintf with variadic arguments. */
int ksnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kvsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/* ---- consoles ----------------------------------------------------------- */

/* printk streams its output to the consoles in chunks of this many bytes. */
#define PRINTK_CHUNK 256

static console_write_fn consoles[PRINTK_MAX_CONSOLES];
static unsigned nconsoles;

/* console_register: returns 0, or -1 when fn is NULL or the table is full.
 * Registering the same sink twice is allowed (it then receives text twice). */
int console_register(console_write_fn fn)
{
	if (!fn || nconsoles >= PRINTK_MAX_CONSOLES)
		return -1;
	consoles[nconsoles++] = fn;
	return 0;
}

/* console_unregister_all: cannot fail. */
void console_unregister_all(void)
{
	for (unsigned i = 0; i < PRINTK_MAX_CONSOLES; i++)
		consoles[i] = NULL;
	nconsoles = 0;
}

/* Hands n bytes to every registered sink. */
static void console_write_all(const char *s, size_t n)
{
	for (unsigned i = 0; i < nconsoles; i++)
		consoles[i](s, n);
}

/* vprintk: formats straight to the sinks through a PRINTK_CHUNK stack buffer
 * (a long line reaches a sink in several writes, in order). Output longer
 * than PRINTK_MAX_OUTPUT bytes is cut there and ends with
 * " [truncated, N bytes]\n" (N: the full length), so the next record always
 * starts on a line of its own (issue 8, item 15: a cut without a newline
 * glued the next record to a long @cmdline). Returns the bytes written to
 * each sink (also when no sink is registered). */
int vprintk(const char *fmt, va_list ap)
{
	char chunk[PRINTK_CHUNK];
	struct outbuf o = {
		.buf = chunk, .size = sizeof(chunk), .limit = PRINTK_MAX_OUTPUT, .flush = console_write_all
	};
	size_t written;

	format(&o, fmt, ap);
	if (o.fill)
		console_write_all(chunk, o.fill);
	written = MIN(o.len, (size_t)PRINTK_MAX_OUTPUT);
	if (o.len > PRINTK_MAX_OUTPUT) {
		int n = ksnprintf(chunk, sizeof(chunk), " [truncated, %llu bytes]\n", (unsigned long long)o.len);
		console_write_all(chunk, (size_t)n);
		written += (size_t)n;
	}
	return written > 0x7fffffff ? 0x7fffffff : (int)written;
}

/* printk: vprintk with variadic arguments. */
int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

/* printk_wrapped: see kernel/wrap.h (here, beside printk, so that every
 * program linking the formatter has it). */
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
			if (i == 0) /* one long word: after its last '|' or ',' that fits (a list) */
				for (i = room - 1; i > 0; i--)
					if (text[pos + i] == '|' || text[pos + i] == ',') {
						i++;
						break;
					}
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
