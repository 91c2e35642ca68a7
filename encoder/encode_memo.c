/*
 * encode_memo.c - gen_encode with a memo: the bits of an instruction that
 * differs from an earlier one only in its GRF register numbers.
 *
 * The encoder writes the number of a direct GRF operand into its
 * register field and nowhere else (encode_opnd.c: reg_num, t16_src, the
 * 3-src dst), and no other field depends on it; nor does any field
 * depend on the instruction's pc outside branches.  So for the formats
 * below, two instructions equal but for those numbers (each below 256,
 * where reg_num refuses the rest) encode to bits that differ only in
 * the register fields.  The memo keys an instruction by its whole
 * struct gen_inst with pc and those numbers zeroed, compared bytewise
 * (a caller that clears the struct before filling it, as emit.c does,
 * gets hits; any other gets misses, never a wrong answer), keeps the
 * bits of the first one, and answers the next by writing their numbers
 * into the kept bits.
 *
 * Formats: one- and two-source (Align1 and Align16) and three-source;
 * sends, branches, sync, wait and nop always go through gen_encode.
 */
#include "config.h"

#include <string.h>

#include "gen.h"
#include "hash_lanes.h"

/* The register field of operand k (0 dst, 1.. sources) per layout. */
static const enum gen_field reg2[3] = {
	GEN_F_DST_REG, GEN_F_SRC0_REG, GEN_F_SRC1_REG,
};
static const enum gen_field reg3[4] = {
	GEN_F_T_DST_REG, GEN_F_T_SRC0_REG, GEN_F_T_SRC1_REG, GEN_F_T_SRC2_REG,
};

void gen_encode_memo_init(struct gen_encode_memo *m, const struct plat_info *p,
                          size_t ninst)
{
	/* twice the slots of the instructions (16 at least), up to all */
	unsigned bits = 4;
	while (bits < GEN_ENCODE_MEMO_BITS && ((size_t)1 << bits) < 2 * ninst)
		bits++;
	m->bits = bits;
	memset(m->used, 0, sizeof m->used);
	m->p = p;
	m->last = NULL;
}

static bool is_grf(const struct gen_opnd *o)
{
	return o->kind == GEN_OPND_DIRECT && o->rn == GEN_RN_GRF;
}

/* The slot hash of a key (lib/hash_lanes.h; some 200 bytes for every
 * instruction): the slot is the top bits, so the low half is folded up. */
static uint64_t hash_key(const struct gen_inst *k)
{
	uint64_t r = vf_hash_lanes(k, sizeof *k);
	return r ^ (r << 29) ^ (r >> 32);
}

static bool key_equal(const struct gen_inst *a, const struct gen_inst *b)
{
	return vf_keys_equal(a, b, sizeof *a);
}

enum vf_status gen_encode_memo(struct gen_encode_memo *m,
                               const struct gen_inst *in,
                               struct gen_bits *out, struct vf_error *err)
{
	const struct plat_info *p = m->p;
	unsigned fmt = gen_op_fmt(in->op);
	m->last = NULL;
	unsigned nops = gen_encode_memo_nops(in->op, in->nsrc);
	if (!nops)
		return gen_encode(p, in, out, err);
	const enum gen_field *regs = fmt == GEN_FMT_TERNARY ? reg3 : reg2;
	/* the key: pc and the direct GRF numbers zeroed */
	struct gen_inst key;
	memcpy(&key, in, sizeof key);
	key.pc = 0;
	struct gen_opnd *ko[4] = { &key.dst, &key.src[0], &key.src[1],
	                           &key.src[2] };
	const struct gen_opnd *io[4] = { &in->dst, &in->src[0], &in->src[1],
	                                 &in->src[2] };
	unsigned patch = 0;   /* operands whose number goes into the bits */
	for (unsigned k = 0; k < nops; k++) {
		if (!is_grf(io[k]))
			continue;
		if (io[k]->nr >= 256)
			return gen_encode(p, in, out, err);
		ko[k]->nr = 0;
		patch |= 1u << k;
	}
	uint64_t h = hash_key(&key);
	size_t at = (size_t)(h >> (64 - m->bits));
	struct gen_encode_slot *s = &m->slot[at];
	if (m->used[at] && key_equal(&s->key, &key)) {
		struct gen_bits b = s->bits;
		for (unsigned k = 0; k < nops; k++)
			if (patch & (1u << k))
				gen_set(&b, p->enc, regs[k], io[k]->nr);
		*out = b;
		m->last = s;
		m->last_patch = patch;
		m->last_three = fmt == GEN_FMT_TERNARY;
		return VF_OK;
	}
	enum vf_status st = gen_encode(p, in, out, err);
	if (st == VF_OK) {
		memcpy(&s->key, &key, sizeof key);
		s->bits = *out;
		s->compact = GEN_SC_UNASKED;
		m->used[at] = true;
		m->last = s;
		m->last_patch = patch;
		m->last_three = fmt == GEN_FMT_TERNARY;
	}
	return st;
}

bool gen_encode_memo_keep(const struct gen_encode_memo *m,
                          struct gen_encode_kept *k)
{
	const struct gen_encode_slot *s = m->last;
	if (!s)
		return false;
	*k = (struct gen_encode_kept){
		.bits = s->bits, .patch = (uint8_t)m->last_patch,
		.three = m->last_three, .compact = s->compact,
		.clayout = s->clayout, .cword = s->cword, .fast = true };
	const enum gen_field *regs = k->three ? reg3 : reg2;
	for (unsigned j = 0; j < 4; j++) {
		if (!(k->patch & (1u << j)))
			continue;
		const struct gen_field_fast *d = &gen_field_fast[regs[j]][m->p->enc];
		k->fast = k->fast && !d->slow;
		k->opnd[k->n] = (uint8_t)j;
		k->word[k->n] = d->word;
		k->shift[k->n] = d->shift;
		k->mask[k->n++] = d->mask;
	}
	return true;
}

void gen_encode_kept_bits_slow(const struct plat_info *p,
                               const struct gen_encode_kept *k,
                               const uint16_t nr[4], struct gen_bits *out)
{
	const enum gen_field *regs = k->three ? reg3 : reg2;
	struct gen_bits b = k->bits;
	for (unsigned j = 0; j < 4; j++)
		if (k->patch & (1u << j))
			gen_set(&b, p->enc, regs[j], nr[j]);
	*out = b;
}
