/*
 * decode_priv.h - state shared by the decoder's files (decode.c: header,
 * dispatch; decode_opnd.c: operands, 3-src, SEND, branches).
 */
#ifndef VISAFIN_DECODE_PRIV_H
#define VISAFIN_DECODE_PRIV_H

#include "gen.h"

struct dctx {
	const struct plat_info *p;
	enum gen_enc e;
	struct gen_bits b;           /* native bits of the instruction */
	struct gen_inst *in;
	const struct gen_op_info *oi;
	const char *bad;             /* field that failed to decode */
	char why[128];
};

#define GET(c, f) gen_get(&(c)->b, (c)->e, (f))

/* Record the first failure (field name and reason); returns false. */
bool dec_fail(struct dctx *c, enum gen_field f, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* madm, math.invm, math.rsqtm: operands name math macro registers. */
bool dec_is_macro(const struct dctx *c);

bool dec_dst(struct dctx *c);
/* Decode source 'from' (0/1 of the 2-src layout) into src[to]. */
bool dec_src(struct dctx *c, unsigned from, unsigned to);
bool dec_ternary_a16(struct dctx *c);
bool dec_ternary_a1(struct dctx *c);
bool dec_send(struct dctx *c);
bool dec_sync(struct dctx *c);
bool dec_branch(struct dctx *c);

#endif
