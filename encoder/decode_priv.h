/*
 * decode_priv.h - state shared by the decoder's files (decode.c: header,
 * dispatch; decode_opnd.c: operands, 3-src, SEND, branches).
 */
#ifndef VISAFIN_DECODE_PRIV_H
#define VISAFIN_DECODE_PRIV_H

#include "gen.h"

/* One field of one family, flattened for reading (decode_fields.c). */
struct dec_field {
	uint64_t mask;      /* value bits, after the shift; 0: absent */
	uint8_t word;       /* 64-bit word of the instruction */
	uint8_t shift;      /* first instruction bit within the word */
	uint8_t vlo;        /* first value bit */
	bool split;         /* several fragments: read with gen_get() */
};
/* The flattened table of a family (built on first use). */
const struct dec_field *dec_fields(enum gen_enc e);

struct dctx {
	const struct plat_info *p;
	enum gen_enc e;
	const struct dec_field *fields;  /* dec_fields(e) */
	struct gen_bits b;           /* native bits of the instruction */
	struct gen_inst *in;
	const struct gen_op_info *oi;
	const char *bad;             /* field that failed to decode */
	char why[128];
};

/* A field of the instruction being decoded (gen_get's value). */
static inline uint64_t dec_get(const struct dctx *c, enum gen_field f)
{
	const struct dec_field *d = &c->fields[f];
	if (d->split)
		return gen_get(&c->b, c->e, f);
	return ((c->b.w[d->word] >> d->shift) & d->mask) << d->vlo;
}
#define GET(c, f) dec_get((c), (f))

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
