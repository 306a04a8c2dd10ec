/* SPDX-License-Identifier: MIT */
/* kernel/qr.c - see qr.h. The steps follow the standard's order: bit
 * stream (mode, count, data, terminator, pad bytes), Reed-Solomon error
 * correction per block over GF(256) (polynomial 0x11D), interleaving,
 * function patterns (finders, separators, timing, alignment, dark module,
 * format and version information), data placement in two-column zigzags,
 * masking. */
#include "kernel/qr.h"
#include "kernel/string.h"

/* Level L, per version: error correction codewords per block, and blocks. */
static const u8 ecc_per_block[QR_MAX_VERSION + 1] = { 0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22 };
static const u8 nr_blocks[QR_MAX_VERSION + 1] = { 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6 };

static u8 is_function[QR_MAX_SIZE][QR_MAX_SIZE];
static u8 codewords[1024], interleaved[1024];
static struct qr_code trial;

/* Modules left for data and error correction in a version (the standard's
 * count: everything minus finders, timing, alignment, format and version
 * information), in bits. */
static u32 raw_modules(u32 v)
{
	u32 r = (16 * v + 128) * v + 64;

	if (v >= 2) {
		u32 na = v / 7 + 2;
		r -= (25 * na - 10) * na - 55;
		if (v >= 7)
			r -= 36;
	}
	return r;
}

static u32 data_codewords(u32 v)
{
	return raw_modules(v) / 8 - ecc_per_block[v] * nr_blocks[v];
}

/* Alignment pattern centres (row and column coordinates); returns how many. */
static u32 alignment_positions(u32 v, u32 *pos)
{
	u32 n, step, i;

	if (v == 1)
		return 0;
	n = v / 7 + 2;
	step = (v * 4 + 4 + (n * 2 - 2) - 1) / (n * 2 - 2) * 2; /* even, ceil */
	pos[0] = 6;
	for (i = n - 1; i >= 1; i--)
		pos[i] = 17 + 4 * v - 7 - (n - 1 - i) * step;
	return n;
}

/* ---- GF(256) and Reed-Solomon ---- */

static u8 gf_mul(u8 a, u8 b)
{
	u32 r = 0;

	for (int i = 7; i >= 0; i--) {
		r = (r << 1) ^ ((r >> 7) * 0x11D);
		r ^= ((b >> i) & 1) * a;
	}
	return (u8)r;
}

/* Divisor (generator) of degree n: prod (x - alpha^i), i = 0..n-1; the
 * leading 1 is implied, coef[0..n-1] from the highest power down. */
static void rs_divisor(u32 n, u8 *coef)
{
	u8 root = 1;

	memset(coef, 0, n);
	coef[n - 1] = 1;
	for (u32 i = 0; i < n; i++) {
		for (u32 j = 0; j < n; j++) {
			coef[j] = gf_mul(coef[j], root);
			if (j + 1 < n)
				coef[j] ^= coef[j + 1];
		}
		root = gf_mul(root, 0x02);
	}
}

static void rs_remainder(const u8 *data, u32 len, const u8 *div, u32 n, u8 *out)
{
	memset(out, 0, n);
	for (u32 i = 0; i < len; i++) {
		u8 factor = data[i] ^ out[0];
		memmove(out, out + 1, n - 1);
		out[n - 1] = 0;
		for (u32 j = 0; j < n; j++)
			out[j] ^= gf_mul(div[j], factor);
	}
}

/* ---- the matrix ---- */

static void set_function(struct qr_code *q, u32 x, u32 y, bool dark)
{
	q->module[y][x] = dark;
	is_function[y][x] = 1;
}

static void finder(struct qr_code *q, int cx, int cy)
{
	for (int dy = -4; dy <= 4; dy++)
		for (int dx = -4; dx <= 4; dx++) {
			int x = cx + dx, y = cy + dy, d = dx < 0 ? -dx : dx, e = dy < 0 ? -dy : dy;
			int dist = d > e ? d : e;
			if (x >= 0 && y >= 0 && x < (int)q->size && y < (int)q->size)
				set_function(q, (u32)x, (u32)y, dist != 2 && dist != 4);
		}
}

static void alignment(struct qr_code *q, u32 cx, u32 cy)
{
	for (int dy = -2; dy <= 2; dy++)
		for (int dx = -2; dx <= 2; dx++) {
			int d = dx < 0 ? -dx : dx, e = dy < 0 ? -dy : dy;
			set_function(q, cx + dx, cy + dy, (d > e ? d : e) != 1);
		}
}

/* Format information: level L (01) and the mask, BCH(15,5), XOR 0x5412. */
static void format_bits(struct qr_code *q, u32 mask)
{
	u32 data = 1u << 3 | mask, rem = data, bits, i, n = q->size;

	for (i = 0; i < 10; i++)
		rem = (rem << 1) ^ ((rem >> 9) * 0x537);
	bits = (data << 10 | rem) ^ 0x5412;
	for (i = 0; i <= 5; i++)
		set_function(q, 8, i, bits >> i & 1);
	set_function(q, 8, 7, bits >> 6 & 1);
	set_function(q, 8, 8, bits >> 7 & 1);
	set_function(q, 7, 8, bits >> 8 & 1);
	for (i = 9; i < 15; i++)
		set_function(q, 14 - i, 8, bits >> i & 1);
	for (i = 0; i < 8; i++)
		set_function(q, n - 1 - i, 8, bits >> i & 1);
	for (i = 8; i < 15; i++)
		set_function(q, 8, n - 15 + i, bits >> i & 1);
	set_function(q, 8, n - 8, true); /* the dark module */
}

/* Version information (versions 7 and up): BCH(18,6). */
static void version_bits(struct qr_code *q)
{
	u32 rem = q->version, bits, i;

	if (q->version < 7)
		return;
	for (i = 0; i < 12; i++)
		rem = (rem << 1) ^ ((rem >> 11) * 0x1F25);
	bits = q->version << 12 | rem;
	for (i = 0; i < 18; i++) {
		u32 a = q->size - 11 + i % 3, b = i / 3;
		set_function(q, a, b, bits >> i & 1);
		set_function(q, b, a, bits >> i & 1);
	}
}

static void function_patterns(struct qr_code *q)
{
	u32 pos[8], na, i, j, n = q->size;

	memset(is_function, 0, sizeof(is_function));
	for (i = 0; i < n; i++) {
		set_function(q, 6, i, i % 2 == 0);
		set_function(q, i, 6, i % 2 == 0);
	}
	finder(q, 3, 3);
	finder(q, n - 4, 3);
	finder(q, 3, n - 4);
	na = alignment_positions(q->version, pos);
	for (i = 0; i < na; i++)
		for (j = 0; j < na; j++)
			if (!((i == 0 && j == 0) || (i == 0 && j == na - 1) || (i == na - 1 && j == 0)))
				alignment(q, pos[i], pos[j]);
	format_bits(q, 0); /* reserved now, written for real after masking */
	version_bits(q);
}

static void place_data(struct qr_code *q, const u8 *data, u32 len)
{
	u32 i = 0, n = q->size;

	for (int right = (int)n - 1; right >= 1; right -= 2) {
		if (right == 6)
			right = 5;
		for (u32 vert = 0; vert < n; vert++)
			for (int j = 0; j < 2; j++) {
				u32 x = (u32)(right - j), y = ((right + 1) & 2) == 0 ? n - 1 - vert : vert;
				if (!is_function[y][x] && i < len * 8) {
					q->module[y][x] = data[i >> 3] >> (7 - (i & 7)) & 1;
					i++;
				}
				/* modules past the data (remainder bits) stay light */
			}
	}
}

static bool mask_bit(u32 mask, u32 x, u32 y)
{
	switch (mask) {
	case 0:
		return (x + y) % 2 == 0;
	case 1:
		return y % 2 == 0;
	case 2:
		return x % 3 == 0;
	case 3:
		return (x + y) % 3 == 0;
	case 4:
		return (x / 3 + y / 2) % 2 == 0;
	case 5:
		return x * y % 2 + x * y % 3 == 0;
	case 6:
		return (x * y % 2 + x * y % 3) % 2 == 0;
	default:
		return ((x + y) % 2 + x * y % 3) % 2 == 0;
	}
}

static void apply_mask(struct qr_code *q, u32 mask)
{
	for (u32 y = 0; y < q->size; y++)
		for (u32 x = 0; x < q->size; x++)
			if (!is_function[y][x] && mask_bit(mask, x, y))
				q->module[y][x] ^= 1;
}

/* The standard's penalty: runs of 5+ alike in a row or column (3 + extra),
 * 2x2 blocks (3 each), finder-like 1:1:3:1:1 patterns with 4 light
 * modules on a side (40 each), and the dark share's distance from 50% (10
 * per 5%). Lower is easier to read. */
static u32 penalty(const struct qr_code *q)
{
	u32 n = q->size, p = 0, dark = 0;

	for (u32 pass = 0; pass < 2; pass++)
		for (u32 a = 0; a < n; a++) {
			u32 run = 0, hist = 0;
			u8 last = 2;
			for (u32 b = 0; b < n; b++) {
				u8 m = pass ? q->module[b][a] : q->module[a][b];
				if (m == last) {
					if (++run == 5)
						p += 3;
					else if (run > 5)
						p++;
				} else {
					run = 1;
					last = m;
				}
				hist = (hist << 1 | m) & 0x7FF; /* the last 11 modules */
				if (b >= 10 && (hist == 0x05D || hist == 0x5D0))
					p += 40;
			}
		}
	for (u32 y = 0; y + 1 < n; y++)
		for (u32 x = 0; x + 1 < n; x++) {
			u8 m = q->module[y][x];
			if (m == q->module[y][x + 1] && m == q->module[y + 1][x] && m == q->module[y + 1][x + 1])
				p += 3;
		}
	for (u32 y = 0; y < n; y++)
		for (u32 x = 0; x < n; x++)
			dark += q->module[y][x];
	{
		u32 total = n * n, k = 0;
		/* smallest k with |dark/total - 1/2| <= (k+1) * 5% */
		while ((dark * 20 > total * (10 + k + 1)) || (dark * 20 < total * (10 - k - 1)))
			k++;
		p += k * 10;
	}
	return p;
}

int qr_encode(const u8 *data, u32 len, struct qr_code *qr)
{
	u32 v, cap = 0, bit = 0, i, j, nb, ecc, total, short_len, nshort, k, best = ~0u;
	u8 div[32], ec[32];

	for (v = 1; v <= QR_MAX_VERSION; v++) {
		cap = data_codewords(v);
		if ((4 + (v < 10 ? 8 : 16) + 8 * len + 7) / 8 <= cap)
			break;
	}
	if (v > QR_MAX_VERSION)
		return -1;
	/* the bit stream: mode 0100 (byte), count, data, terminator, pad */
	memset(codewords, 0, sizeof(codewords));
#define PUT(val, nbits)                                                                                                \
	for (int b_ = (int)(nbits)-1; b_ >= 0; b_--, bit++)                                                            \
		codewords[bit >> 3] |= (u8)((((val) >> b_) & 1) << (7 - (bit & 7)));
	PUT(4u, 4);
	PUT(len, v < 10 ? 8 : 16);
	for (i = 0; i < len; i++)
		PUT((u32)data[i], 8);
	for (i = 0; i < 4 && bit < cap * 8; i++)
		PUT(0u, 1);
#undef PUT
	bit = (bit + 7) / 8 * 8;
	for (i = bit / 8, j = 0; i < cap; i++, j++)
		codewords[i] = j % 2 ? 0x11 : 0xEC;
	/* blocks: the first ones short by one data codeword; EC per block;
	 * interleaved data column by column, then EC the same way */
	nb = nr_blocks[v];
	ecc = ecc_per_block[v];
	total = raw_modules(v) / 8;
	short_len = total / nb; /* codewords in a short block, EC included */
	nshort = nb - total % nb;
	rs_divisor(ecc, div);
	k = 0;
	for (i = 0; i < short_len - ecc + 1; i++) /* data, column by column */
		for (j = 0, bit = 0; j < nb; j++) {
			u32 dlen = short_len - ecc + (j >= nshort);
			u32 start = j * (short_len - ecc) + (j > nshort ? j - nshort : 0);
			if (i < dlen)
				interleaved[k++] = codewords[start + i];
		}
	for (j = 0; j < nb; j++) {
		u32 dlen = short_len - ecc + (j >= nshort);
		u32 start = j * (short_len - ecc) + (j > nshort ? j - nshort : 0);
		rs_remainder(codewords + start, dlen, div, ecc, ec);
		for (i = 0; i < ecc; i++)
			interleaved[cap + i * nb + j] = ec[i];
	}
	/* the matrix, every mask tried, the lowest penalty kept */
	for (u32 m = 0; m < 8; m++) {
		memset(&trial, 0, sizeof(trial));
		trial.version = v;
		trial.size = 17 + 4 * v;
		function_patterns(&trial);
		place_data(&trial, interleaved, total);
		apply_mask(&trial, m);
		format_bits(&trial, m);
		trial.mask = m;
		u32 pen = penalty(&trial);
		if (pen < best) {
			best = pen;
			*qr = trial;
		}
	}
	return 0;
}
