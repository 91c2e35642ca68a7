/*
 * compact.c - compacted (8-byte) instructions: expansion to the native
 * 16-byte form through the platform's compaction tables.
 *
 * 2-src: opcode, debug bit and register numbers are copied; control,
 * datatype, subregister and source indices select table entries whose
 * bits land where the table's map says; a compacted immediate is
 * rebuilt from the src1 index and register fields (13 bits with the top
 * bit replicated on Gen8-11; 12 bits expanded by type on Gen12).
 * 3-src (Gen8/9 Align16, Gen12 Align1): control and source tables (plus
 * the subregister table on Gen12), register numbers and, on Gen8/9,
 * replicate/subregister/saturate bits copied directly.
 *
 * Sources: Mesa src/intel/compiler/brw_eu_compact.c (uncompact_*(),
 * uncompact_immediate()), tables in platforms/compact_tables.c.
 */
#include "config.h"

#include "gen.h"

/* One piece of a table map: the native bits lo..lo+len-1, all in one
 * 64-bit word (gen_compact_check() proves it for every table), so reading
 * and writing it is a shift and a mask; compaction runs for every
 * instruction the finalizer emits. */
static uint64_t piece_mask(const struct plat_cmap *m)
{
	return ~0ull >> (64 - m->len);
}

static uint64_t piece_get(const struct gen_bits *b, const struct plat_cmap *m)
{
	return (b->w[m->lo >> 6] >> (m->lo & 63)) & piece_mask(m);
}

static void piece_set(struct gen_bits *b, const struct plat_cmap *m,
                      uint64_t v)
{
	uint64_t mask = piece_mask(m), *w = &b->w[m->lo >> 6];
	unsigned s = m->lo & 63;
	*w = (*w & ~(mask << s)) | ((v & mask) << s);
}

static void apply_entry(struct gen_bits *b, const struct plat_ctable *t,
                        unsigned idx)
{
	uint64_t v = t->entries[idx];
	for (unsigned i = 0; i < PLAT_CMAP_MAX && t->map[i].len; i++)
		piece_set(b, &t->map[i], v >> t->map[i].vlo);
}

/* Table lookup with a range check; false if the index has no entry. */
static bool use_table(struct gen_bits *b, const struct plat_ctable *t,
                      uint64_t idx)
{
	if (idx >= t->count)
		return false;
	apply_entry(b, t, (unsigned)idx);
	return true;
}

/* Gen12 compacted immediates keep the high bits of floats and the low
 * bits of integers (Mesa uncompact_immediate()). */
static uint32_t gen12_imm(enum gen_type t, uint32_t c)
{
	switch (t) {
	case GEN_TYPE_F:
		return c << 20;
	case GEN_TYPE_HF:
		return (c << 20) | (c << 4);
	case GEN_TYPE_UW:
		return (c << 16) | c;
	case GEN_TYPE_D:
		return (uint32_t)((int32_t)(c << 20) >> 20);
	case GEN_TYPE_W: {
		uint32_t lo = (uint32_t)(uint16_t)((int16_t)(c << 4) >> 4);
		return (lo << 16) | lo;
	}
	default:  /* UD, VF, UV, V */
		return c;
	}
}

/* The immediate of a compacted 2-src instruction, if it has one. */
static void uncompact_imm(const struct plat_info *p, const struct gen_bits *in,
                          struct gen_bits *out)
{
	enum gen_enc e = p->enc;
	enum gen_field tf;
	bool gen12 = e == GEN_ENC_GEN12;
	if (gen12 ? gen_get(out, e, GEN_F_SRC0_IS_IMM)
	          : gen_get(out, e, GEN_F_SRC0_FILE) == 3)
		tf = GEN_F_SRC0_TYPE;
	else if (gen12 ? gen_get(out, e, GEN_F_SRC1_IS_IMM)
	               : gen_get(out, e, GEN_F_SRC1_FILE) == 3)
		tf = GEN_F_SRC1_TYPE;
	else
		return;
	uint32_t reg = (uint32_t)gen_get(in, e, GEN_FC_SRC1_REG);
	uint32_t idx = (uint32_t)gen_get(in, e, GEN_FC_SRC1_INDEX);
	uint32_t v;
	if (gen12) {
		enum gen_type t = plat_imm_types[e][gen_get(out, e, tf)];
		v = gen12_imm(t, (reg << 4) | idx);
	} else {
		/* 13 bits, bit 12 replicated through the top */
		v = (uint32_t)((int32_t)(((idx << 8) | reg) << 19) >> 19);
	}
	gen_set(out, e, GEN_F_IMM32, v);
}

static enum vf_status uncompact_2src(const struct plat_info *p,
                                     const struct gen_bits *in,
                                     struct gen_bits *out, const char **field)
{
	enum gen_enc e = p->enc;
	const struct plat_compact *c = p->compact;
	gen_set(out, e, GEN_F_OPCODE, gen_get(in, e, GEN_FC_OPCODE));
	gen_set(out, e, GEN_F_DEBUG_CTRL, gen_get(in, e, GEN_FC_DEBUG));
	static const struct {
		enum gen_field f;
		size_t off;
	} idx[] = {
		{ GEN_FC_CONTROL_INDEX, offsetof(struct plat_compact, control) },
		{ GEN_FC_DATATYPE_INDEX, offsetof(struct plat_compact, datatype) },
		{ GEN_FC_SUBREG_INDEX, offsetof(struct plat_compact, subreg) },
		{ GEN_FC_SRC0_INDEX, offsetof(struct plat_compact, src0) },
	};
	for (size_t i = 0; i < sizeof(idx) / sizeof(idx[0]); i++) {
		const struct plat_ctable *t = (const struct plat_ctable *)
			((const char *)c + idx[i].off);
		if (!use_table(out, t, gen_get(in, e, idx[i].f))) {
			*field = gen_field_name(idx[i].f);
			return VF_ERR_INPUT;
		}
	}
	bool gen12 = e == GEN_ENC_GEN12;
	bool imm = gen12 ? gen_get(out, e, GEN_F_SRC0_IS_IMM) ||
	                   gen_get(out, e, GEN_F_SRC1_IS_IMM)
	                 : gen_get(out, e, GEN_F_SRC0_FILE) == 3 ||
	                   gen_get(out, e, GEN_F_SRC1_FILE) == 3;
	if (imm) {
		uncompact_imm(p, in, out);
	} else {
		if (!use_table(out, &c->src1, gen_get(in, e, GEN_FC_SRC1_INDEX))) {
			*field = gen_field_name(GEN_FC_SRC1_INDEX);
			return VF_ERR_INPUT;
		}
		gen_set(out, e, GEN_F_SRC1_REG, gen_get(in, e, GEN_FC_SRC1_REG));
	}
	if (gen12) {
		gen_set(out, e, GEN_F_SWSB, gen_get(in, e, GEN_FC_SWSB));
	} else {
		gen_set(out, e, GEN_F_ACC_WR_EN, gen_get(in, e, GEN_FC_ACC_WR_EN));
		gen_set(out, e, GEN_F_COND_MOD, gen_get(in, e, GEN_FC_COND_MOD));
	}
	gen_set(out, e, GEN_F_DST_REG, gen_get(in, e, GEN_FC_DST_REG));
	gen_set(out, e, GEN_F_SRC0_REG, gen_get(in, e, GEN_FC_SRC0_REG));
	return VF_OK;
}

/* 3-source fields copied one to one between the compacted form (left)
 * and the native form (right), in both directions. */
static const enum gen_field pairs3[][2] = {
	{ GEN_FC3_DST_REG, GEN_F_T_DST_REG },
	{ GEN_FC3_SRC0_REG, GEN_F_T_SRC0_REG },
	{ GEN_FC3_SRC1_REG, GEN_F_T_SRC1_REG },
	{ GEN_FC3_SRC2_REG, GEN_F_T_SRC2_REG },
	{ GEN_FC3_DEBUG, GEN_F_DEBUG_CTRL },
	{ GEN_FC3_SRC0_REP, GEN_F_A16_SRC0_REP },
	{ GEN_FC3_SRC1_REP, GEN_F_A16_SRC1_REP },
	{ GEN_FC3_SRC2_REP, GEN_F_A16_SRC2_REP },
	{ GEN_FC3_SATURATE, GEN_F_SATURATE },
	{ GEN_FC_SWSB, GEN_F_SWSB },
};
#define NPAIRS3 (sizeof(pairs3) / sizeof(pairs3[0]))

/* Register numbers and per-source bits first: the table entries applied
 * afterwards supply the bits the compact form lacks (Gen8/9 RegNum[7]
 * and half-dword subregister bits). */
static void copy_3src_fields(enum gen_enc e, const struct gen_bits *in,
                             struct gen_bits *out)
{
	for (size_t i = 0; i < NPAIRS3; i++)
		if (gen_has_field(e, pairs3[i][0]))
			gen_set(out, e, pairs3[i][1], gen_get(in, e, pairs3[i][0]));
	if (e != GEN_ENC_GEN12) {
		/* compact subregisters count dwords */
		gen_set(out, e, GEN_F_A16_SRC0_SUBREG,
		        gen_get(in, e, GEN_FC3_SRC0_SUBREG) << 2);
		gen_set(out, e, GEN_F_A16_SRC1_SUBREG,
		        gen_get(in, e, GEN_FC3_SRC1_SUBREG) << 2);
		gen_set(out, e, GEN_F_A16_SRC2_SUBREG,
		        gen_get(in, e, GEN_FC3_SRC2_SUBREG) << 2);
	}
}

static enum vf_status uncompact_3src(const struct plat_info *p,
                                     const struct gen_bits *in,
                                     struct gen_bits *out, const char **field)
{
	enum gen_enc e = p->enc;
	const struct plat_compact *c = p->compact;
	if (!c->control3.count) {
		*field = "CmptCtrl (no 3-src compaction on this platform)";
		return VF_ERR_INPUT;
	}
	gen_set(out, e, GEN_F_OPCODE, gen_get(in, e, GEN_FC_OPCODE));
	copy_3src_fields(e, in, out);
	if (!use_table(out, &c->control3, gen_get(in, e, GEN_FC3_CONTROL_INDEX))) {
		*field = gen_field_name(GEN_FC3_CONTROL_INDEX);
		return VF_ERR_INPUT;
	}
	if (!use_table(out, &c->source3, gen_get(in, e, GEN_FC3_SOURCE_INDEX))) {
		*field = gen_field_name(GEN_FC3_SOURCE_INDEX);
		return VF_ERR_INPUT;
	}
	if (c->subreg3.count &&
	    !use_table(out, &c->subreg3, gen_get(in, e, GEN_FC3_SUBREG_INDEX))) {
		*field = gen_field_name(GEN_FC3_SUBREG_INDEX);
		return VF_ERR_INPUT;
	}
	return VF_OK;
}

enum vf_status gen_uncompact(const struct plat_info *p, const struct gen_bits *in,
                             struct gen_bits *out, const char **field)
{
	enum gen_enc e = p->enc;
	out->w[0] = out->w[1] = 0;
	enum gen_op op = gen_op_from_hw(e, (unsigned)gen_get(in, e, GEN_FC_OPCODE));
	if (op == GEN_OP_INVALID || !gen_op_compactable(e, op)) {
		*field = gen_field_name(GEN_FC_OPCODE);
		return VF_ERR_INPUT;
	}
	if (gen_op_table[op].fmt == GEN_FMT_TERNARY)
		return uncompact_3src(p, in, out, field);
	return uncompact_2src(p, in, out, field);
}

/* ---- compaction (native -> 8 bytes) -------------------------------- */

/* Index of the first entry whose bits the native instruction holds, or
 * -1.  Bits set in 'ignore' (those an immediate overwrites on expansion)
 * are not compared.  The instruction's bits are gathered once into the
 * table's entry layout, so each entry costs one masked compare (the
 * pieces of a map never overlap in the entry: gen_compact_check()). */
static int find_entry(const struct plat_ctable *t, const struct gen_bits *b,
                      const struct gen_bits *ignore)
{
	uint64_t key = 0, cmask = 0;
	for (unsigned k = 0; k < PLAT_CMAP_MAX && t->map[k].len; k++) {
		const struct plat_cmap *m = &t->map[k];
		uint64_t care = ~piece_get(ignore, m) & piece_mask(m);
		key |= (piece_get(b, m) & care) << m->vlo;
		cmask |= care << m->vlo;
	}
	for (unsigned i = 0; i < t->count; i++)
		if ((t->entries[i] & cmask) == key)
			return (int)i;
	return -1;
}

/* The 12- or 13-bit compacted immediate candidate for a native one. */
static uint32_t compact_imm_bits(const struct plat_info *p,
                                 const struct gen_bits *b, enum gen_field tf)
{
	enum gen_enc e = p->enc;
	uint32_t v = (uint32_t)gen_get(b, e, GEN_F_IMM32);
	if (e != GEN_ENC_GEN12)
		return v & 0x1FFF;
	switch (plat_imm_types[e][gen_get(b, e, tf)]) {
	case GEN_TYPE_F:
		return v >> 20;
	case GEN_TYPE_HF:
		return (v >> 4) & 0xFFF;
	default:
		return v & 0xFFF;
	}
}

static bool compact_2src(const struct plat_info *p, const struct gen_bits *in,
                         struct gen_bits *out, struct gen_bits *ign)
{
	enum gen_enc e = p->enc;
	const struct plat_compact *c = p->compact;
	bool gen12 = e == GEN_ENC_GEN12;
	bool imm0 = gen12 ? gen_get(in, e, GEN_F_SRC0_IS_IMM) != 0
	                  : gen_get(in, e, GEN_F_SRC0_FILE) == 3;
	bool imm1 = gen12 ? gen_get(in, e, GEN_F_SRC1_IS_IMM) != 0
	                  : gen_get(in, e, GEN_F_SRC1_FILE) == 3;
	if (imm0 || imm1)
		gen_set(ign, e, GEN_F_IMM32, ~0ull);
	int ctl = find_entry(&c->control, in, ign);
	int dt = find_entry(&c->datatype, in, ign);
	int sub = find_entry(&c->subreg, in, ign);
	int s0 = find_entry(&c->src0, in, ign);
	if (ctl < 0 || dt < 0 || sub < 0 || s0 < 0)
		return false;
	gen_set(out, e, GEN_FC_OPCODE, gen_get(in, e, GEN_F_OPCODE));
	gen_set(out, e, GEN_FC_DEBUG, gen_get(in, e, GEN_F_DEBUG_CTRL));
	gen_set(out, e, GEN_FC_CMPT_CTRL, 1);
	gen_set(out, e, GEN_FC_CONTROL_INDEX, (unsigned)ctl);
	gen_set(out, e, GEN_FC_DATATYPE_INDEX, (unsigned)dt);
	gen_set(out, e, GEN_FC_SUBREG_INDEX, (unsigned)sub);
	gen_set(out, e, GEN_FC_SRC0_INDEX, (unsigned)s0);
	if (imm0 || imm1) {
		uint32_t v = compact_imm_bits(p, in, imm0 ? GEN_F_SRC0_TYPE
		                                          : GEN_F_SRC1_TYPE);
		gen_set(out, e, GEN_FC_SRC1_REG, gen12 ? v >> 4 : v & 0xFF);
		gen_set(out, e, GEN_FC_SRC1_INDEX, gen12 ? v & 0xF : v >> 8);
	} else {
		int s1 = find_entry(&c->src1, in, ign);
		if (s1 < 0)
			return false;
		gen_set(out, e, GEN_FC_SRC1_INDEX, (unsigned)s1);
		gen_set(out, e, GEN_FC_SRC1_REG, gen_get(in, e, GEN_F_SRC1_REG));
	}
	if (gen12) {
		gen_set(out, e, GEN_FC_SWSB, gen_get(in, e, GEN_F_SWSB));
	} else {
		gen_set(out, e, GEN_FC_ACC_WR_EN, gen_get(in, e, GEN_F_ACC_WR_EN));
		gen_set(out, e, GEN_FC_COND_MOD, gen_get(in, e, GEN_F_COND_MOD));
	}
	gen_set(out, e, GEN_FC_DST_REG, gen_get(in, e, GEN_F_DST_REG));
	gen_set(out, e, GEN_FC_SRC0_REG, gen_get(in, e, GEN_F_SRC0_REG));
	return true;
}

static bool compact_3src(const struct plat_info *p, const struct gen_bits *in,
                         struct gen_bits *out)
{
	enum gen_enc e = p->enc;
	const struct plat_compact *c = p->compact;
	if (!c->control3.count)
		return false;
	struct gen_bits ign = { { 0, 0 } };
	int ctl = find_entry(&c->control3, in, &ign);
	int src = find_entry(&c->source3, in, &ign);
	int sub = c->subreg3.count ? find_entry(&c->subreg3, in, &ign) : 0;
	if (ctl < 0 || src < 0 || sub < 0)
		return false;
	gen_set(out, e, GEN_FC_OPCODE, gen_get(in, e, GEN_F_OPCODE));
	gen_set(out, e, GEN_FC_CMPT_CTRL, 1);
	gen_set(out, e, GEN_FC3_CONTROL_INDEX, (unsigned)ctl);
	gen_set(out, e, GEN_FC3_SOURCE_INDEX, (unsigned)src);
	if (c->subreg3.count)
		gen_set(out, e, GEN_FC3_SUBREG_INDEX, (unsigned)sub);
	for (size_t i = 0; i < NPAIRS3; i++)
		if (gen_has_field(e, pairs3[i][0]))
			gen_set(out, e, pairs3[i][0], gen_get(in, e, pairs3[i][1]));
	if (e != GEN_ENC_GEN12) {
		gen_set(out, e, GEN_FC3_SRC0_SUBREG,
		        gen_get(in, e, GEN_F_A16_SRC0_SUBREG) >> 2);
		gen_set(out, e, GEN_FC3_SRC1_SUBREG,
		        gen_get(in, e, GEN_F_A16_SRC1_SUBREG) >> 2);
		gen_set(out, e, GEN_FC3_SRC2_SUBREG,
		        gen_get(in, e, GEN_F_A16_SRC2_SUBREG) >> 2);
	}
	return true;
}

/* Bits of the src1 slot a one-source instruction does not read: any
 * table entry may fill them (a compacted mov can use a datatype entry
 * made for a binary op). */
static void unused_src1(enum gen_enc e, const struct gen_bits *in,
                        struct gen_bits *ign)
{
	bool imm0 = e == GEN_ENC_GEN12 ? gen_get(in, e, GEN_F_SRC0_IS_IMM) != 0
	                               : gen_get(in, e, GEN_F_SRC0_FILE) == 3;
	gen_set(ign, e, GEN_F_SRC1_FILE, ~0ull);
	gen_set(ign, e, GEN_F_SRC1_TYPE, ~0ull);
	if (!imm0)
		ign->w[1] |= 0xFFFFFFFFull << 32;   /* bits 127:96 */
}

static bool same_but(const struct gen_bits *a, const struct gen_bits *b,
                     const struct gen_bits *ign)
{
	return ((a->w[0] ^ b->w[0]) & ~ign->w[0]) == 0 &&
	       ((a->w[1] ^ b->w[1]) & ~ign->w[1]) == 0;
}

/* One attempt; 'relax' lets unused src1 bits differ. */
static bool try_compact(const struct plat_info *p, enum gen_op op,
                        const struct gen_bits *in, bool relax,
                        struct gen_bits *out)
{
	enum gen_enc e = p->enc;
	struct gen_bits c = { { 0, 0 } }, back, ign = { { 0, 0 } }, chk;
	const char *field;
	bool ok;
	if (relax)
		unused_src1(e, in, &ign);
	chk = ign;
	if (gen_op_table[op].fmt == GEN_FMT_TERNARY)
		ok = compact_3src(p, in, &c);
	else
		ok = compact_2src(p, in, &c, &ign);
	/* keep it only if it expands back to the same instruction */
	if (!ok || gen_uncompact(p, &c, &back, &field) != VF_OK ||
	    !same_but(&back, in, &chk))
		return false;
	*out = c;
	return true;
}

bool gen_compact(const struct plat_info *p, const struct gen_bits *in,
                 struct gen_bits *out)
{
	enum gen_enc e = p->enc;
	enum gen_op op = gen_op_from_hw(e, (unsigned)gen_get(in, e, GEN_F_OPCODE));
	if (op == GEN_OP_INVALID || !gen_op_compactable(e, op))
		return false;
	if (try_compact(p, op, in, false, out))
		return true;
	uint8_t fmt = gen_op_table[op].fmt;
	/* movi reads src1 (an immediate or null) from Gen11 on */
	bool one_src = (fmt == GEN_FMT_UNARY &&
	                !(op == GEN_OP_MOVI && p->caps.movi_two_srcs)) ||
	               (fmt == GEN_FMT_MATH &&
	                gen_math_nsrc((unsigned)gen_get(in, e, GEN_F_COND_MOD)) == 1);
	return one_src && try_compact(p, op, in, true, out);
}

/* Every piece of every table map lies in one 64-bit word of the native
 * instruction and in the entry's 64 bits, no two pieces of a map share
 * entry bits, and no Gen12 piece touches the SWSB byte: what
 * piece_get/piece_set, find_entry and gen_encode_swsb rely on.
 * Returns -1, or the number of the first table that breaks it. */
int gen_compact_check(void)
{
	const struct plat_compact *sets[] = { &plat_compact_bdw,
		&plat_compact_gen9, &plat_compact_gen11, &plat_compact_gen12 };
	int n = 0;
	for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
		const struct plat_ctable *tabs[] = {
			&sets[k]->control, &sets[k]->datatype, &sets[k]->subreg,
			&sets[k]->src0, &sets[k]->src1, &sets[k]->control3,
			&sets[k]->source3, &sets[k]->subreg3 };
		for (size_t t = 0; t < sizeof tabs / sizeof tabs[0]; t++, n++) {
			uint64_t used = 0;
			for (unsigned i = 0; i < PLAT_CMAP_MAX &&
			     tabs[t]->map[i].len; i++) {
				const struct plat_cmap *m = &tabs[t]->map[i];
				uint64_t bits = piece_mask(m) << m->vlo;
				/* Gen12: the SWSB byte (bits 15:8) is copied, never
				 * looked up (gen_encode_swsb relies on it) */
				bool swsb = sets[k] == &plat_compact_gen12 &&
				            m->lo < 16 && m->lo + m->len > 8;
				if (m->lo / 64 != (m->lo + m->len - 1u) / 64 ||
				    m->len > 64 || m->vlo + m->len > 64 ||
				    (used & bits) || swsb)
					return n;
				used |= bits;
			}
		}
	}
	return -1;
}
