/*
 * rfile.c - occupancy of one register file and its first-fit search
 * (rfile.h).
 *
 * rfile_find gives the same place as testing every multiple of the
 * alignment from byte 0 up, unit by unit, but jumps: past the busy units
 * before the next free one (whole full rows through the 'open' bitmap),
 * and past the busy unit that made a candidate fail, since every
 * candidate before it covers that unit too.
 */
#include "config.h"

#include "rfile.h"

#define NONE UINT32_MAX

static uint32_t round_up(uint32_t x, uint32_t align)
{
	return (x + align - 1) / align * align;
}

void rfile_init(struct ir_prog *p, struct rfile *f, uint32_t bytes)
{
	f->bytes = bytes;
	f->nrows = (bytes + RF_ROW_BYTES - 1) / RF_ROW_BYTES;
	f->whole = ir_alloc(p, f->nrows);
	f->part = ir_alloc(p, (size_t)f->nrows * RF_ROW_UNITS);
	f->part_busy = ir_alloc(p, f->nrows * sizeof *f->part_busy);
	f->busy = ir_alloc(p, f->nrows * sizeof *f->busy);
	f->open = ir_alloc(p, (f->nrows + 63) / 64 * sizeof *f->open);
	f->empty = ir_alloc(p, (f->nrows + 63) / 64 * sizeof *f->empty);
	/* units past the end of the file (the flag file's row is 8 bytes)
	 * are busy for good */
	for (uint32_t u = bytes / 2; u < f->nrows * RF_ROW_UNITS; u++)
		f->part_busy[u / RF_ROW_UNITS] |= (uint16_t)(1u << u % RF_ROW_UNITS);
	for (uint32_t g = 0; g < f->nrows; g++)
		rfile_update_row(f, g);
}

void rfile_mark_units(struct rfile *f, uint32_t loc, uint32_t size,
                      int delta)
{
	uint32_t u = loc / 2, hi = (loc + size + 1) / 2;
	if (hi > f->bytes / 2)
		hi = f->bytes / 2;
	while (u < hi) {
		uint32_t g = u / RF_ROW_UNITS, row_end = (g + 1) * RF_ROW_UNITS;
		if (u == g * RF_ROW_UNITS && hi >= row_end) {
			f->whole[g] = (uint8_t)(f->whole[g] + delta);
			u = row_end;
		} else {
			uint32_t stop = hi < row_end ? hi : row_end;
			for (; u < stop; u++) {
				uint16_t bit = (uint16_t)(1u << u % RF_ROW_UNITS);
				f->part[u] = (uint8_t)(f->part[u] + delta);
				if (f->part[u])
					f->part_busy[g] |= bit;
				else
					f->part_busy[g] &= (uint16_t)~bit;
			}
		}
		rfile_update_row(f, g);
	}
}

/* The first free unit at or after u, or NONE. */
static uint32_t next_free(const struct rfile *f, uint32_t u)
{
	uint32_t g = u / RF_ROW_UNITS;
	if (g >= f->nrows)
		return NONE;
	uint32_t free_bits = ~(uint32_t)f->busy[g] & 0xffffu &
	                     (0xffffu << (u % RF_ROW_UNITS));
	if (free_bits)
		return g * RF_ROW_UNITS + (uint32_t)__builtin_ctz(free_bits);
	for (g++; g < f->nrows;) {
		uint64_t open = f->open[g / 64] >> (g % 64);
		if (!open) {
			g = (g / 64 + 1) * 64;
			continue;
		}
		g += (uint32_t)__builtin_ctzll(open);
		return g * RF_ROW_UNITS +
		       (uint32_t)__builtin_ctz(~(uint32_t)f->busy[g] & 0xffffu);
	}
	return NONE;
}

/* The first busy unit in [lo, hi), or NONE. */
static uint32_t first_busy(const struct rfile *f, uint32_t lo, uint32_t hi)
{
	for (uint32_t u = lo; u < hi;) {
		uint32_t g = u / RF_ROW_UNITS, row_end = (g + 1) * RF_ROW_UNITS;
		uint32_t stop = hi < row_end ? hi : row_end;
		uint32_t want = ((1u << (stop - u)) - 1) << (u % RF_ROW_UNITS);
		uint32_t bits = f->busy[g] & want;
		if (bits)
			return g * RF_ROW_UNITS + (uint32_t)__builtin_ctz(bits);
		u = stop;
	}
	return NONE;
}

/* Bit g of word w of the rows that are multiples of 'step'. */
static uint64_t aligned_rows(uint32_t w, uint32_t step)
{
	if (step == 1)
		return ~(uint64_t)0;
	uint64_t m = 0;
	for (uint32_t g = round_up(w * 64, step); g < (w + 1) * 64; g += step)
		m |= (uint64_t)1 << (g - w * 64);
	return m;
}

/*
 * rfile_find for whole rows at a multiple of 'step' rows: bit g of
 * 'run' tells that rows g .. g + n - 1 are empty (the empty-row bitmap
 * ANDed with itself shifted by 1 .. n - 1), and the answer is its lowest
 * aligned bit.  Rows past the file are never empty, so no run reaches
 * beyond it.
 */
#define RF_MAX_WORDS ((IR_GRF_COUNT + 63) / 64)

static bool find_rows(const struct rfile *f, uint32_t n, uint32_t step,
                      uint32_t *loc)
{
	uint32_t words = (f->nrows + 63) / 64;
	uint64_t run[RF_MAX_WORDS], shifted[RF_MAX_WORDS];
	if (words > RF_MAX_WORDS || n > f->nrows)
		return false;
#if defined(__SIZEOF_INT128__)
	if (words == 2 && step == 1) {
		/* the GRF file at any row (most requests): the same run, the
		 * two words as one number */
		unsigned __int128 e = (unsigned __int128)f->empty[1] << 64 |
		                      f->empty[0];
		unsigned __int128 all = e;
		for (uint32_t k = 1; k < n; k++)
			all &= e >> k;
		uint64_t lo = (uint64_t)all, hi = (uint64_t)(all >> 64);
		if (!lo && !hi)
			return false;
		uint32_t g = lo ? (uint32_t)__builtin_ctzll(lo)
		                : 64 + (uint32_t)__builtin_ctzll(hi);
		*loc = g * RF_ROW_BYTES;
		return *loc + n * RF_ROW_BYTES <= f->bytes;
	}
#endif
	for (uint32_t w = 0; w < words; w++)
		run[w] = shifted[w] = f->empty[w];
	for (uint32_t k = 1; k < n; k++)
		for (uint32_t w = 0; w < words; w++) {
			/* shifted = empty >> k, one bit more each time */
			uint64_t next = w + 1 < words ? shifted[w + 1] : 0;
			shifted[w] = shifted[w] >> 1 | next << 63;
			run[w] &= shifted[w];
		}
	for (uint32_t w = 0; w < words; w++) {
		uint64_t m = run[w] & aligned_rows(w, step);
		if (m) {
			*loc = (w * 64 + (uint32_t)__builtin_ctzll(m)) * RF_ROW_BYTES;
			return *loc + n * RF_ROW_BYTES <= f->bytes;
		}
	}
	return false;
}

bool rfile_find(const struct rfile *f, uint32_t size, uint32_t align,
                bool in_row, uint32_t *loc)
{
	if (!size) {   /* touches no unit: fits at byte 0 */
		*loc = 0;
		return true;
	}
	if (size % RF_ROW_BYTES == 0 && align % RF_ROW_BYTES == 0)
		return find_rows(f, size / RF_ROW_BYTES, align / RF_ROW_BYTES, loc);
	uint32_t a = 0;
	for (;;) {
		/* candidates that start on a busy unit fail */
		uint32_t u = next_free(f, a / 2);
		if (u == NONE)
			return false;
		if (2 * u > a)
			a = round_up(2 * u, align);
		if (a + size > f->bytes)
			return false;
		if (in_row && size < RF_ROW_BYTES &&
		    a % RF_ROW_BYTES + size > RF_ROW_BYTES) {
			a = round_up((a / RF_ROW_BYTES + 1) * RF_ROW_BYTES, align);
			continue;
		}
		uint32_t b = first_busy(f, a / 2, (a + size + 1) / 2);
		if (b == NONE) {
			*loc = a;
			return true;
		}
		a = round_up(2 * (b + 1), align);
	}
}
