/*
 * encode_priv.h - state shared by the encoder's files (encode.c: header,
 * options, dispatch; encode_opnd.c: operands, 3-src, SEND, branches).
 */
#ifndef VISAFIN_ENCODE_PRIV_H
#define VISAFIN_ENCODE_PRIV_H

#include "gen.h"

struct ectx {
	const struct plat_info *p;
	enum gen_enc e;
	struct gen_bits b;
	const struct gen_inst *in;
	const struct gen_op_info *oi;
	const char *bad;
	char why[128];
};

#define SET(c, f, v) gen_set(&(c)->b, (c)->e, (f), (uint64_t)(v))

bool enc_fail(struct ectx *c, enum gen_field f, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

bool enc_dst(struct ectx *c);
bool enc_src(struct ectx *c, unsigned s);
/* Write operand *o into the fields of 2-src source s. */
bool enc_src_as(struct ectx *c, unsigned s, const struct gen_opnd *o);
bool enc_ternary_a16(struct ectx *c);
bool enc_ternary_a1(struct ectx *c);
bool enc_send(struct ectx *c);
bool enc_sync(struct ectx *c);
bool enc_branch(struct ectx *c);

#endif
