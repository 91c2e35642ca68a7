/*
 * emit_swsb.h - the last step of emission where the platform has no
 * hardware scoreboard (caps.swsb, Gen12): SWSB computed over the laid-out
 * stream (swsb/swsb.h), then every instruction encoded with it.
 */
#ifndef VISAFIN_EMIT_SWSB_H
#define VISAFIN_EMIT_SWSB_H

#include <stddef.h>
#include <stdint.h>

#include "../encoder/gen.h"
#include "../ir/ir.h"

/* g[0..n): the kernel, pc/length laid out (length 8 = compacts), branch
 * targets absolute; bits[i] the encoding of g[i] (compacted where its
 * length is 8) with any SWSB; p->relocs hold offsets into that layout and
 * are moved to the final one.  *out is malloc'ed. */
bool ir_emit_swsb(struct ir_prog *p, const struct gen_inst *g,
                  const struct gen_bits *bits, size_t n, uint8_t **out,
                  size_t *size);

#endif
