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
#include "hash_lanes.h"

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

/* The slot hash of a key (lib/hash_lanes.h; 96 bytes, hashed for every
 * instruction). */
static uint64_t hash_key(const struct emit_key *k)
{
	_Static_assert(sizeof *k % 32 == 0, "whole lanes");
	uint64_t r = vf_hash_lanes(k, sizeof *k);
	return r ^ (r >> 29);
}

static inline __attribute__((always_inline)) bool
key_equal(const struct emit_key *a, const struct emit_key *b)
{
	return vf_keys_equal(a, b, sizeof *a);
}

/* The second key word of operand o (j: 0 destination, 1.. sources):
 * what emit_build reads of it beyond its first 8 bytes, in *w; nr[j]
 * its GRF number where j < nops and the encode memo writes it.  False:
 * the instruction goes the long way. */
static bool key_what(const struct ir_prog *p, const struct ir_opnd *o,
                     unsigned j, unsigned nops, uint64_t *w, uint16_t *nr)
{
	switch (o->kind) {
	case IR_O_REG: {
		/* file and byte offset, or the byte within the GRF */
		const struct ir_vreg *r = &p->vregs.a[o->v];
		int32_t b = r->loc + o->off;
		if (r->loc < 0 || b < 0)
			return false;
		uint32_t u = (uint32_t)b;
		if (r->file == IR_RF_GRF && j < nops) {
			if (u / IR_GRF_BYTES >= 256)
				return false;
			nr[j] = (uint16_t)(u / IR_GRF_BYTES);
			u %= IR_GRF_BYTES;
		}
		*w = r->file | (uint64_t)u << 32;
		return true;
	}
	case IR_O_IND:
		/* the address register's byte and the immediate offset */
		*w = (uint32_t)(p->vregs.a[o->v].loc + o->aoff) |
		     (uint64_t)(uint32_t)o->off << 32;
		return true;
	case IR_O_IMM:
		*w = o->imm;
		return true;
	case IR_O_ADDROF: {
		int32_t a = (p->vregs.a[o->v].flags & IR_V_SPILLED)
		            ? 0 : p->vregs.a[o->v].loc;
		*w = (uint32_t)(a + o->off);
		return true;
	}
	case IR_O_ARF:
		*w = (uint32_t)o->off;
		nr[j] = o->nr;   /* the encode memo writes a GRF's number */
		return true;
	case IR_O_LABEL:
		return false;
	default:
		/* none, the stack top: nothing more; a kind emit_build
		 * refuses is never kept */
		*w = 0;
		return true;
	}
}

/* The slots after the hash's own ('at', not the key's): a hundred
 * keys in 2048 slots share some, and two busy keys in one slot would
 * take it from each other at every turn.  Up to EMIT_MEMO_PROBES in
 * all; a miss goes to a free one, else takes over the hash's own. */
static __attribute__((noinline)) const struct gen_encode_kept *
probe(struct emit_memo *m, size_t at, const struct ir_prog *p,
      const uint16_t *nr, struct gen_bits *bits)
{
	size_t mask = ((size_t)1 << m->bits) - 1;
	if (!m->used[at]) {
		m->fill = &m->slot[at];
		return NULL;
	}
	for (unsigned n = 1; n < EMIT_MEMO_PROBES; n++) {
		size_t x = (at + n) & mask;
		struct emit_memo_slot *s = &m->slot[x];
		if (!m->used[x]) {
			m->fill = s;
			return NULL;
		}
		if (key_equal(&s->key, &m->key)) {
			gen_encode_kept_bits(p->plat, &s->kept, nr, bits);
			return &s->kept;
		}
	}
	m->fill = &m->slot[at];
	return NULL;
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
	uint16_t nr[4] = { 0, 0, 0, 0 };
	_Static_assert(offsetof(struct ir_opnd, aoff) == 8,
	               "an operand's first word: kind to region");
	for (unsigned j = 0; j < 4; j++) {
		if (j >= mapped) {
			k->head[j] = k->what[j] = 0;
			continue;
		}
		const struct ir_opnd *o = j ? &in->src[j - 1] : &in->dst;
		memcpy(&k->head[j], o, 8);
		if (!key_what(p, o, j, nops, &k->what[j], nr))
			return NULL;
	}
	k->flag_opts = (uint64_t)in->opts << 32;
	if (in->flag) {
		int32_t f = p->vregs.a[in->flag].loc;
		if (f < 0)
			return NULL;
		k->flag_opts |= (uint32_t)f + 1;
	}
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
	size_t at = (size_t)(hash_key(k) >> (64 - m->bits));
	struct emit_memo_slot *s = &m->slot[at];
	if (__builtin_expect(m->used[at] && key_equal(&s->key, k), 1)) {
		gen_encode_kept_bits(p->plat, &s->kept, nr, bits);
		return &s->kept;
	}
	return probe(m, at, p, nr, bits);
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
