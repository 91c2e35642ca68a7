/*
 * compact_memo.c - compaction with a memo: gen_compact's answer for an
 * instruction that differs from an earlier one only in register numbers.
 *
 * Compaction looks register numbers up in no table: it copies them into
 * the compacted form, and expansion copies them back.  So two native
 * instructions that differ only in those bits either both compact or
 * both fail, and their compacted forms differ only in the copied fields.
 * The memo keys an instruction by its bits without the register bits
 * ("free" bits below), keeps gen_compact's answer for the first
 * instruction with that key, and answers the next ones by writing their
 * register numbers into the kept compacted form.  A kernel has few
 * distinct keys (types, regions, subregisters, options), so most
 * instructions cost a hash lookup instead of the table searches and the
 * expansion check of gen_compact.
 *
 * Free bits are computed from the field table and the platform's
 * compaction tables, never listed by hand: the native bits of a register
 * field that its compacted field holds (Gen8/9 3-src keeps 7 of 8 bits),
 * minus every bit a table map covers, every bit of the other fields
 * compaction or expansion read or write, and the immediate (a compacted
 * immediate is rebuilt, not copied).  A pair whose compacted field shares
 * bits with another compacted field is not free at all.  Taking fewer
 * free bits only makes keys more specific, so each doubt is settled by
 * leaving bits in the key.
 */
#include "config.h"

#include <string.h>

#include "gen.h"

/* Register fields copied verbatim: native field, compacted field (a
 * list's size is NPAIRS too). */
static const enum gen_field pairs2[][2] = {
	{ GEN_F_DST_REG, GEN_FC_DST_REG },
	{ GEN_F_SRC0_REG, GEN_FC_SRC0_REG },
	{ GEN_F_SRC1_REG, GEN_FC_SRC1_REG },   /* not with an immediate */
};
static const enum gen_field pairs3[][2] = {
	{ GEN_F_T_DST_REG, GEN_FC3_DST_REG },
	{ GEN_F_T_SRC0_REG, GEN_FC3_SRC0_REG },
	{ GEN_F_T_SRC1_REG, GEN_FC3_SRC1_REG },
	{ GEN_F_T_SRC2_REG, GEN_FC3_SRC2_REG },
};
#define NPAIRS(a) (sizeof(a) / sizeof((a)[0]))

/* The compacted layouts, as the memo tells them apart. */
enum cl { CL_NONE, CL_TWO, CL_TWO_IMM, CL_THREE };

/* Native fields (other than the pairs) that compaction or expansion of
 * each layout touch (compact.c); their bits stay in the key.  The two
 * layouts place fields differently, so each has its own list. */
static const enum gen_field native2[] = {
	GEN_F_OPCODE, GEN_F_DEBUG_CTRL, GEN_F_CMPT_CTRL, GEN_F_ACC_WR_EN,
	GEN_F_COND_MOD, GEN_F_SWSB, GEN_F_SATURATE, GEN_F_SRC0_FILE,
	GEN_F_SRC1_FILE, GEN_F_SRC0_IS_IMM, GEN_F_SRC1_IS_IMM, GEN_F_SRC0_TYPE,
	GEN_F_SRC1_TYPE,
};
static const enum gen_field native3[] = {
	GEN_F_OPCODE, GEN_F_DEBUG_CTRL, GEN_F_CMPT_CTRL, GEN_F_COND_MOD,
	GEN_F_SWSB, GEN_F_SATURATE, GEN_F_A16_SRC0_REP, GEN_F_A16_SRC1_REP,
	GEN_F_A16_SRC2_REP, GEN_F_A16_SRC0_SUBREG, GEN_F_A16_SRC1_SUBREG,
	GEN_F_A16_SRC2_SUBREG,
};

/* Compacted fields of each layout, to check the pairs' compacted fields
 * share no bits with the others. */
static const enum gen_field compact2[] = {
	GEN_FC_OPCODE, GEN_FC_DEBUG, GEN_FC_CONTROL_INDEX,
	GEN_FC_DATATYPE_INDEX, GEN_FC_SUBREG_INDEX, GEN_FC_ACC_WR_EN,
	GEN_FC_COND_MOD, GEN_FC_CMPT_CTRL, GEN_FC_SRC0_INDEX, GEN_FC_SRC1_INDEX,
	GEN_FC_DST_REG, GEN_FC_SRC0_REG, GEN_FC_SRC1_REG, GEN_FC_SWSB,
};
static const enum gen_field compact3[] = {
	GEN_FC_OPCODE, GEN_FC_CMPT_CTRL, GEN_FC_SWSB, GEN_FC3_CONTROL_INDEX,
	GEN_FC3_SOURCE_INDEX, GEN_FC3_DEBUG, GEN_FC3_SUBREG_INDEX,
	GEN_FC3_DST_REG, GEN_FC3_SRC0_REP, GEN_FC3_SRC1_REP, GEN_FC3_SRC2_REP,
	GEN_FC3_SATURATE, GEN_FC3_SRC0_REG, GEN_FC3_SRC1_REG, GEN_FC3_SRC2_REG,
	GEN_FC3_SRC0_SUBREG, GEN_FC3_SRC1_SUBREG, GEN_FC3_SRC2_SUBREG,
};

static void or_bits(struct gen_bits *a, const struct gen_bits *b)
{
	a->w[0] |= b->w[0];
	a->w[1] |= b->w[1];
}

static struct gen_bits field_bits(enum gen_enc e, enum gen_field f)
{
	struct gen_bits b = { { 0, 0 } };
	gen_set(&b, e, f, ~0ull);
	return b;
}

static void add_table(struct gen_bits *b, const struct plat_ctable *t)
{
	for (unsigned i = 0; i < PLAT_CMAP_MAX && t->map[i].len; i++) {
		const struct plat_cmap *m = &t->map[i];
		b->w[m->lo / 64] |= (~0ull >> (64 - m->len)) << (m->lo % 64);
	}
}

/* Native bits of pair k that may leave the key, given the bits that must
 * stay ('kept') and the compacted fields of the layout. */
static struct gen_bits free_of(enum gen_enc e, const enum gen_field *pair,
                               const struct gen_bits *kept,
                               const enum gen_field *cf, size_t ncf)
{
	struct gen_bits none = { { 0, 0 } };
	struct gen_bits ones = { { ~0ull, ~0ull } };
	if (!gen_has_field(e, pair[0]) || !gen_has_field(e, pair[1]))
		return none;
	struct gen_bits mine = field_bits(e, pair[1]);
	for (size_t i = 0; i < ncf; i++) {
		if (cf[i] == pair[1] || !gen_has_field(e, cf[i]))
			continue;
		struct gen_bits o = field_bits(e, cf[i]);
		if ((o.w[0] & mine.w[0]) || (o.w[1] & mine.w[1]))
			return none;
	}
	/* the native bits of the value bits the compacted field holds */
	struct gen_bits b = { { 0, 0 } };
	gen_set(&b, e, pair[0], gen_get(&ones, e, pair[1]));
	b.w[0] &= ~kept->w[0];
	b.w[1] &= ~kept->w[1];
	return b;
}

/* The pairs named in 'which' as masks and shifts (gen_field_fast's);
 * not fast when a field has several fragments. */
static void reg_copies(enum gen_enc e, const enum gen_field (*pairs)[2],
                       size_t n, unsigned which, struct gen_reg_copies *rc)
{
	rc->n = 0;
	rc->fast = true;
	for (size_t k = 0; k < n; k++) {
		if (!(which & (1u << k)))
			continue;
		const struct gen_field_fast *from = &gen_field_fast[pairs[k][0]][e];
		const struct gen_field_fast *to = &gen_field_fast[pairs[k][1]][e];
		if (from->slow || to->slow)
			rc->fast = false;
		rc->c[rc->n++] = (struct gen_reg_copy){
			.from_mask = from->mask, .to_mask = to->mask,
			.from_word = from->word, .from_shift = from->shift,
			.to_word = to->word, .to_shift = to->shift };
	}
}

/* Bit k of *ops: the native register field of pair k lies inside the
 * free bits 'free'. */
static void free_ops(enum gen_enc e, const enum gen_field (*pairs)[2],
                     size_t n, const struct gen_bits *free, unsigned *ops)
{
	*ops = 0;
	for (size_t k = 0; k < n; k++) {
		struct gen_bits f = field_bits(e, pairs[k][0]);
		if (!(f.w[0] & ~free->w[0]) && !(f.w[1] & ~free->w[1]))
			*ops |= 1u << k;
	}
}

void gen_compact_memo_init(struct gen_compact_memo *m,
                           const struct plat_info *p)
{
	enum gen_enc e = p->enc;
	const struct plat_compact *c = p->compact;
	memset(m, 0, sizeof(*m));
	m->p = p;
	struct gen_bits kept = { { 0, 0 } }, kept3 = { { 0, 0 } };
	for (size_t i = 0; i < NPAIRS(native2); i++) {
		struct gen_bits f = field_bits(e, native2[i]);
		or_bits(&kept, &f);
	}
	for (size_t i = 0; i < NPAIRS(native3); i++) {
		struct gen_bits f = field_bits(e, native3[i]);
		or_bits(&kept3, &f);
	}
	add_table(&kept, &c->control);
	add_table(&kept, &c->datatype);
	add_table(&kept, &c->subreg);
	add_table(&kept, &c->src0);
	add_table(&kept, &c->src1);
	add_table(&kept3, &c->control3);
	add_table(&kept3, &c->source3);
	add_table(&kept3, &c->subreg3);
	struct gen_bits kept_imm = field_bits(e, GEN_F_IMM32);
	or_bits(&kept_imm, &kept);
	for (size_t k = 0; k < NPAIRS(pairs2); k++) {
		struct gen_bits f = free_of(e, pairs2[k], &kept, compact2,
		                            NPAIRS(compact2));
		or_bits(&m->free2, &f);
		if (f.w[0] | f.w[1])
			m->copy2 |= 1u << k;
		if (pairs2[k][0] == GEN_F_SRC1_REG)
			continue;
		f = free_of(e, pairs2[k], &kept_imm, compact2, NPAIRS(compact2));
		or_bits(&m->free2_imm, &f);
		if (f.w[0] | f.w[1])
			m->copy2_imm |= 1u << k;
	}
	for (size_t k = 0; k < NPAIRS(pairs3); k++) {
		struct gen_bits f = free_of(e, pairs3[k], &kept3, compact3,
		                            NPAIRS(compact3));
		or_bits(&m->free3, &f);
		if (f.w[0] | f.w[1])
			m->copy3 |= 1u << k;
	}
	free_ops(e, pairs2, NPAIRS(pairs2), &m->free2, &m->free_ops[CL_TWO]);
	free_ops(e, pairs2, NPAIRS(pairs2), &m->free2_imm,
	         &m->free_ops[CL_TWO_IMM]);
	free_ops(e, pairs3, NPAIRS(pairs3), &m->free3, &m->free_ops[CL_THREE]);
	reg_copies(e, pairs2, NPAIRS(pairs2), m->copy2, &m->fast2);
	reg_copies(e, pairs2, NPAIRS(pairs2), m->copy2_imm, &m->fast2_imm);
	reg_copies(e, pairs3, NPAIRS(pairs3), m->copy3, &m->fast3);
	m->copies[CL_TWO] = &m->fast2;
	m->copies[CL_TWO_IMM] = &m->fast2_imm;
	m->copies[CL_THREE] = &m->fast3;
	for (unsigned hw = 0; hw < 128; hw++) {
		enum gen_op op = gen_op_from_hw(e, hw);
		if (op == GEN_OP_INVALID || !gen_op_compactable(e, op))
			continue;
		m->layout[hw] = gen_op_table[op].fmt == GEN_FMT_TERNARY ? 2 : 1;
	}
}

/* Does the 2-src instruction have an immediate (as compact.c asks)? */
static bool has_imm(enum gen_enc e, const struct gen_bits *in)
{
	if (e == GEN_ENC_GEN12)
		return gen_get(in, e, GEN_F_SRC0_IS_IMM) ||
		       gen_get(in, e, GEN_F_SRC1_IS_IMM);
	return gen_get(in, e, GEN_F_SRC0_FILE) == 3 ||
	       gen_get(in, e, GEN_F_SRC1_FILE) == 3;
}

/* Write the copied register fields of 'in' named in 'which' (bit k:
 * pair k) into the compacted form; 'rc' the same pairs as masks and
 * shifts, used when every field is one fragment (gen_get and gen_set
 * through gen_field_fast, without the lookups). */
static void copy_regs(enum gen_enc e, const enum gen_field (*pairs)[2],
                      size_t n, unsigned which,
                      const struct gen_reg_copies *rc,
                      const struct gen_bits *in, struct gen_bits *out)
{
	if (rc->fast) {
		for (unsigned k = 0; k < rc->n; k++) {
			const struct gen_reg_copy *f = &rc->c[k];
			uint64_t v = (in->w[f->from_word] & f->from_mask) >>
			             f->from_shift;
			uint64_t *w = &out->w[f->to_word];
			*w = (*w & ~f->to_mask) | ((v << f->to_shift) & f->to_mask);
		}
		return;
	}
	for (size_t k = 0; k < n; k++)
		if (which & (1u << k))
			gen_set(out, e, pairs[k][1], gen_get(in, e, pairs[k][0]));
}

/* The layout of native bits 'in' (CL_NONE: no compacted form). */
static enum cl layout_of(const struct gen_compact_memo *m,
                         const struct gen_bits *in)
{
	enum gen_enc e = m->p->enc;
	unsigned layout = m->layout[gen_get(in, e, GEN_F_OPCODE) & 127];
	if (!layout)
		return CL_NONE;
	if (layout == 2)
		return CL_THREE;
	return has_imm(e, in) ? CL_TWO_IMM : CL_TWO;
}

/* The copied register pairs of layout 'cl' from 'in' into *c. */
static void copy_layout_regs(const struct gen_compact_memo *m, enum cl cl,
                             const struct gen_bits *in, struct gen_bits *c)
{
	enum gen_enc e = m->p->enc;
	if (cl == CL_THREE)
		copy_regs(e, pairs3, NPAIRS(pairs3), m->copy3, &m->fast3, in, c);
	else if (cl == CL_TWO_IMM)
		copy_regs(e, pairs2, NPAIRS(pairs2), m->copy2_imm, &m->fast2_imm,
		          in, c);
	else
		copy_regs(e, pairs2, NPAIRS(pairs2), m->copy2, &m->fast2, in, c);
}

bool gen_compact_memo(struct gen_compact_memo *m, const struct gen_bits *in,
                      struct gen_bits *out)
{
	const struct plat_info *p = m->p;
	enum cl cl = layout_of(m, in);
	if (cl == CL_NONE)
		return false;
	const struct gen_bits *free = cl == CL_THREE ? &m->free3
	                              : cl == CL_TWO_IMM ? &m->free2_imm
	                              : &m->free2;
	struct gen_bits key = { { in->w[0] & ~free->w[0], in->w[1] & ~free->w[1] } };
	uint64_t h = key.w[0] * 0x9E3779B97F4A7C15ull ^
	             (key.w[1] + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
	struct gen_compact_slot *s = &m->slot[h >> (64 - GEN_COMPACT_MEMO_BITS)];
	if (!s->used || s->key.w[0] != key.w[0] || s->key.w[1] != key.w[1]) {
		struct gen_bits c = { { 0, 0 } };
		s->used = true;
		s->key = key;
		s->ok = gen_compact(p, in, &c);
		s->word = c.w[0];
		if (s->ok)
			*out = c;
		return s->ok;
	}
	if (!s->ok)
		return false;
	struct gen_bits c = { { s->word, 0 } };
	copy_layout_regs(m, cl, in, &c);
	*out = c;
	return true;
}

/* The instructions one encode memo slot answers differ only in the
 * register fields of the operands it writes (em->last_patch).  Where
 * those fields lie inside the free bits of the layout, they all have
 * one compact memo key, hence one answer: none, or one word with the
 * copied register pairs of each (issue 12: the compact memo asked
 * again costs a hash and a lookup an instruction).  The slot keeps the
 * answer the first time it is asked; elsewhere, and for bits not from
 * the encode memo, the compact memo is asked every time. */
bool gen_compact_memo_after(struct gen_compact_memo *m,
                            struct gen_encode_memo *em,
                            const struct gen_bits *in, struct gen_bits *out)
{
	struct gen_encode_slot *s = em->last;
	if (!s || s->compact == GEN_SC_ASK_ALWAYS)
		return gen_compact_memo(m, in, out);
	if (s->compact == GEN_SC_NONE)
		return false;
	if (s->compact == GEN_SC_WORD) {
		struct gen_bits c = { { s->cword, 0 } };
		copy_layout_regs(m, (enum cl)s->clayout, in, &c);
		*out = c;
		return true;
	}
	bool ok = gen_compact_memo(m, in, out);
	enum cl cl = layout_of(m, in);
	bool same_key = cl == CL_NONE ||
	                ((cl == CL_THREE) == em->last_three &&
	                 !(em->last_patch & ~m->free_ops[cl]));
	s->clayout = (uint8_t)cl;
	s->compact = !same_key ? GEN_SC_ASK_ALWAYS
	             : ok ? GEN_SC_WORD : GEN_SC_NONE;
	if (ok)
		s->cword = out->w[0];
	return ok;
}

/* The kept answer of an encode memo slot (gen_encode_memo_keep) holds
 * for the bits gen_encode_kept_bits makes from it, as the slot's own
 * answer holds for every instruction the slot answers; an answer not
 * yet known (the compaction was not asked before it was kept) is asked
 * of the compact memo. */
bool gen_compact_memo_kept_slow(struct gen_compact_memo *m,
                                const struct gen_encode_kept *k,
                                const struct gen_bits *in,
                                struct gen_bits *out)
{
	if (k->compact == GEN_SC_NONE)
		return false;
	if (k->compact != GEN_SC_WORD)
		return gen_compact_memo(m, in, out);
	struct gen_bits c = { { k->cword, 0 } };
	copy_layout_regs(m, (enum cl)k->clayout, in, &c);
	*out = c;
	return true;
}
