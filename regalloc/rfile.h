/*
 * rfile.h - occupancy of one register file during linear scan (rfile.c):
 * which 2-byte units hold bytes of a live register, and the first free
 * place for a new one.
 *
 * The file is seen as rows of 16 units (32 bytes: one GRF; the flag and
 * address files are one row each).  Per row a 16-bit mask of busy units
 * and a bitmap of the rows that are not full let the first-fit search
 * skip busy stretches a row or 64 rows at a time instead of testing every
 * unit of every candidate place (issue 12: the allocator's time went
 * there).
 */
#ifndef VISAFIN_RA_RFILE_H
#define VISAFIN_RA_RFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "../ir/ir.h"

#define RF_ROW_BYTES 32
#define RF_ROW_UNITS (RF_ROW_BYTES / 2)

struct rfile {
	uint32_t bytes, nrows;
	/* Units are counted, not flagged: two byte inputs pinned at bytes 32
	 * and 33 share unit 16, and the first to die must not free the unit
	 * under the other.  A register covering a whole row counts in
	 * 'whole' (one add instead of sixteen), others per unit in 'part'. */
	uint8_t *whole;       /* per row */
	uint8_t *part;        /* per unit */
	uint16_t *part_busy;  /* per row: units with a 'part' count, and those
	                       * past 'bytes' */
	uint16_t *busy;       /* per row: busy units (all if 'whole') */
	uint64_t *open;       /* bit per row: some unit free */
	uint64_t *empty;      /* bit per row: every unit free */
};

void rfile_init(struct ir_prog *p, struct rfile *f, uint32_t bytes);

/* Recompute row g's busy mask and bitmap bits from its counts. */
static inline void rfile_update_row(struct rfile *f, uint32_t g)
{
	uint16_t busy = f->whole[g] ? 0xffff : f->part_busy[g];
	uint64_t bit = (uint64_t)1 << (g % 64);
	uint64_t *open = &f->open[g / 64], *empty = &f->empty[g / 64];
	f->busy[g] = busy;
	*open = busy != 0xffff ? *open | bit : *open & ~bit;
	*empty = busy == 0 ? *empty | bit : *empty & ~bit;
}

/* rfile_mark in general: unit by unit where a row is partly covered. */
void rfile_mark_units(struct rfile *f, uint32_t loc, uint32_t size,
                      int delta);

/* Registers at byte 'loc' of 'size' bytes start (delta 1) or stop
 * (delta -1) holding the units they touch; a pinned register may start
 * at an odd byte or reach past the file (only the units inside count).
 * Inline for whole rows, most registers: twice an interval. */
static inline void rfile_mark(struct rfile *f, uint32_t loc, uint32_t size,
                              int delta)
{
	if (loc % RF_ROW_BYTES || size % RF_ROW_BYTES || loc + size > f->bytes) {
		rfile_mark_units(f, loc, size, delta);
		return;
	}
	uint32_t g0 = loc / RF_ROW_BYTES, g1 = (loc + size) / RF_ROW_BYTES;
	/* what rfile_update_row would make of it, known in advance: a
	 * row under a whole register is full; a row a whole register
	 * leaves (none left) has what its parts say, and was neither open
	 * nor empty before */
	if (delta > 0) {
		for (uint32_t g = g0; g < g1; g++) {
			f->whole[g]++;
			f->busy[g] = 0xffff;
			uint64_t bit = (uint64_t)1 << (g % 64);
			f->open[g / 64] &= ~bit;
			f->empty[g / 64] &= ~bit;
		}
		return;
	}
	for (uint32_t g = g0; g < g1; g++) {
		if (--f->whole[g])
			continue;
		uint16_t busy = f->part_busy[g];
		uint64_t bit = (uint64_t)1 << (g % 64);
		f->busy[g] = busy;
		if (busy != 0xffff)
			f->open[g / 64] |= bit;
		if (!busy)
			f->empty[g / 64] |= bit;
	}
}

/* The lowest multiple of 'align' where 'size' bytes (even) are free and
 * inside the file; with 'in_row', a place for fewer than 32 bytes must
 * not cross a row (the GRF layout rule).  False when there is none. */
bool rfile_find(const struct rfile *f, uint32_t size, uint32_t align,
                bool in_row, uint32_t *loc);

#endif
