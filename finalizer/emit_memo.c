/*
 * emit_memo.c - the encode memo's answers (encoder/encode_memo.c) by IR
 * instruction: most instructions of a kernel are found here without
 * building their gen_inst (emit_build.c) at all.
 *
 * The gen_inst emit_build makes is a function of the IR instruction, of
 * the location and file of each register it names and of the program's
 * constants (platform, spill area), and of nothing else outside
 * branches and label operands (not looked up here).  The key is the IR
 * instruction with every register it names replaced by what emit_build
 * reads of it: a register operand's file and byte offset (loc + off),
 * an indirect or address-of operand's location, the flag register's
 * location; and with its vISA number (messages only) zeroed.  Two
 * instructions with one key have gen_insts equal but for the GRF numbers
 * of direct register operands; where the encode memo writes those
 * numbers (gen_encode_memo_nops), the key holds only the byte within the
 * GRF, and the hit writes the numbers into the encode memo's kept answer
 * as the encode memo itself would.  A macro operand (its register is no
 * GRF operand to the encoder), a relocation and a label send the
 * instruction the long way; so does anything the encoder may refuse (a
 * register without a location, a GRF number past 255), so a hit never
 * hides an error.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "emit_priv.h"

struct emit_memo *emit_memo_new(struct ir_prog *p, size_t ninst)
{
	/* as the encode memo: twice the slots of the instructions (16 at
	 * least), up to all; only those are allocated, and only the flags
	 * cleared (a small kernel pays for few) */
	unsigned bits = 4;
	while (bits < EMIT_MEMO_BITS && ((size_t)1 << bits) < 2 * ninst)
		bits++;
	struct emit_memo *m = ir_alloc_raw(p, sizeof *m);
	m->bits = bits;
	m->fill = NULL;
	m->used = ir_alloc(p, (size_t)1 << bits);
	m->slot = ir_alloc_raw(p, sizeof *m->slot << bits);
	return m;
}

/* Four words a step in four lanes, then the lanes mixed (the key is 144
 * bytes, hashed for every instruction; lanes in variables, not an array,
 * which GCC leaves in memory). */
static uint64_t hash_key(const struct emit_key *k)
{
	const uint64_t m = 0xC2B2AE3D27D4EB4Full;
	const unsigned char *b = (const unsigned char *)k;
	uint64_t h0 = 0x9E3779B97F4A7C15ull, h1 = 0xC2B2AE3D27D4EB4Full;
	uint64_t h2 = 0x165667B19E3779F9ull, h3 = 0x27D4EB2F165667C5ull;
	size_t i = 0;
	for (; i + 32 <= sizeof *k; i += 32) {
		uint64_t w[4];
		memcpy(w, b + i, sizeof w);
		h0 = (h0 ^ w[0]) * m;
		h1 = (h1 ^ w[1]) * m;
		h2 = (h2 ^ w[2]) * m;
		h3 = (h3 ^ w[3]) * m;
	}
	_Static_assert(sizeof *k % 32 == 16, "two words after the lanes");
	uint64_t t[2];
	memcpy(t, b + i, sizeof t);
	h0 = (h0 ^ t[0]) * m;
	h1 = (h1 ^ t[1]) * m;
	uint64_t r = h0;
	r = ((r ^ (r >> 31)) ^ h1) * 0x9E3779B97F4A7C15ull;
	r = ((r ^ (r >> 31)) ^ h2) * 0x9E3779B97F4A7C15ull;
	r = ((r ^ (r >> 31)) ^ h3) * 0x9E3779B97F4A7C15ull;
	return r ^ (r >> 29);
}

/* Bytewise equality, eight bytes a step (musl's memcmp goes a byte at a
 * time). */
static bool key_equal(const struct emit_key *a, const struct emit_key *b)
{
	const unsigned char *x = (const unsigned char *)a;
	const unsigned char *y = (const unsigned char *)b;
	uint64_t diff = 0;
	size_t i = 0;
	for (; i + 8 <= sizeof *a; i += 8) {
		uint64_t u, v;
		memcpy(&u, x + i, 8);
		memcpy(&v, y + i, 8);
		diff |= u ^ v;
	}
	for (; i < sizeof *a; i++)
		diff |= (uint64_t)(x[i] ^ y[i]);
	return diff == 0;
}

/* Operand j (0 destination, 1.. sources) of key k made what emit_build
 * reads of it; nr[j] its GRF number where j < nops and the encode memo
 * would write it.  False: the instruction goes the long way. */
static bool key_opnd(const struct ir_prog *p, struct ir_opnd *o, unsigned j,
                     unsigned nops, uint16_t *nr)
{
	switch (o->kind) {
	case IR_O_REG: {
		const struct ir_vreg *r = &p->vregs.a[o->v];
		int32_t b = r->loc + o->off;
		if (r->loc < 0 || b < 0)
			return false;
		o->v = r->file;
		o->off = b;
		if (r->file == IR_RF_GRF && j < nops) {
			if (b / IR_GRF_BYTES >= 256)
				return false;
			nr[j] = (uint16_t)(b / IR_GRF_BYTES);
			o->off = b % IR_GRF_BYTES;
		}
		return true;
	}
	case IR_O_IND:
		o->v = (uint32_t)p->vregs.a[o->v].loc;
		return true;
	case IR_O_ADDROF:
		o->v = (p->vregs.a[o->v].flags & IR_V_SPILLED)
		       ? 0 : (uint32_t)p->vregs.a[o->v].loc;
		return true;
	case IR_O_ARF:
		/* in the key as it is; the encode memo writes a GRF's number */
		nr[j] = o->nr;
		return true;
	case IR_O_LABEL:
		return false;
	default:
		/* none, immediates, the stack top: as they are; a kind
		 * emit_build refuses is never kept */
		return true;
	}
}

const struct gen_encode_kept *emit_memo_find(const struct em *e, uint32_t i,
                                             struct gen_bits *bits)
{
	struct emit_memo *m = e->im;
	const struct ir_prog *p = e->p;
	const struct ir_inst *in = &p->insts.a[i];
	m->fill = NULL;
	unsigned nops = gen_encode_memo_nops(in->op, in->nsrc);
	if (!nops || in->reloc || in->dst.mme || in->src[0].mme ||
	    in->src[1].mme || in->src[2].mme)
		return NULL;
	struct emit_key *k = &m->key;
	unsigned mapped = in->nsrc < 3 ? 1u + in->nsrc : 4u;
	_Static_assert(offsetof(struct ir_inst, dst) == 0 &&
	               offsetof(struct ir_inst, src) == sizeof(struct ir_opnd),
	               "operands first, one after the other");
	/* all four at once (a fixed size is a few moves), the ones
	 * emit_build does not read cleared */
	memcpy(k->op, in, sizeof k->op);
	for (unsigned j = mapped; j < 4; j++)
		memset(&k->op[j], 0, sizeof k->op[j]);
	k->flag = 0;
	k->opts = in->opts;
	_Static_assert(offsetof(struct ir_inst, flag_off) ==
	               offsetof(struct ir_inst, op) + 2 &&
	               offsetof(struct ir_inst, swsb) ==
	               offsetof(struct ir_inst, op) + 4 &&
	               sizeof(struct ir_swsb) == 4 &&
	               offsetof(struct ir_inst, fc) ==
	               offsetof(struct ir_inst, exec) + 7,
	               "the fields the key copies as words");
	memcpy(&k->op_swsb, &in->op, 8);
	memcpy(&k->exec_fc, &in->exec, 8);
	k->nsrc = in->nsrc;
	if (in->flag) {
		int32_t f = p->vregs.a[in->flag].loc;
		if (f < 0)
			return NULL;
		k->flag = (uint32_t)f + 1;
	}
	uint16_t nr[4] = { 0, 0, 0, 0 };
	for (unsigned j = 0; j < mapped; j++)
		if (!key_opnd(p, &k->op[j], j, nops, nr))
			return NULL;
	size_t at = (size_t)(hash_key(k) >> (64 - m->bits));
	struct emit_memo_slot *s = &m->slot[at];
	if (m->used[at] && key_equal(&s->key, k)) {
		gen_encode_kept_bits(p->plat, &s->kept, nr, bits);
		return &s->kept;
	}
	m->fill = s;
	return NULL;
}

void emit_memo_keep(const struct em *e)
{
	struct emit_memo *m = e->im;
	struct emit_memo_slot *s = m->fill;
	if (!s)
		return;
	m->fill = NULL;
	if (!gen_encode_memo_keep(e->enc_memo, &s->kept))
		return;
	s->key = m->key;
	m->used[s - m->slot] = true;
}
