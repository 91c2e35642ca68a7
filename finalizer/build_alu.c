/*
 * build_alu.c - arithmetic, logic, move, compare and address vISA
 * instructions to IR.
 *
 * Input: the current vISA instruction (struct bld).  Output: Gen ALU
 * instructions in the IR; math functions go to build_math.c.
 *
 * Spec: shared/spec/visa/instructions/ (ADD, MUL, MAD, MULH, AND, NOT,
 * SHL, SEL, MIN_MAX, CMP, SETP, MOVS, ADDR_ADD, ADDC, SUBB, BFE, BFI, ...).
 * Lowerings follow Gen9 capabilities (IGC visa/VisaToG4/TranslateALU.cpp
 * and HWConformity.cpp for facts): integer mad becomes mul + add, mulh a
 * 32x32->64 mul whose high dwords are kept, addc/subb write the carry to
 * acc0 (read with a mov), bfi is bfi1 + bfi2, min/max are sel with .l/.ge.
 */
#include "config.h"

#include <string.h>

#include "build.h"

/* An instruction with exec size, mask and predicate of the vISA one. */
bool bld_start(struct bld *b, unsigned op, struct ir_inst *in)
{
	ir_inst_clear(in);
	in->op = (uint16_t)op;
	in->jip = in->uip = -1;
	in->loc = b->p->loc;
	bld_exec(b, in);
	return bld_pred(b, in);
}

static bool is_flag(struct bld *b, const struct ir_opnd *o)
{
	return o->kind == IR_O_REG &&
	       ir_vreg(b->p, o->v)->file == IR_RF_FLAG;
}

/* Logic on predicates that names only part of the destination
 * predicate's elements in its flag word (or (M3, 8), or (M1, 8) on 16
 * elements): a masked word operation, NoMask like the whole-word one,
 *     t = op(srcs); t ^= dst; t &= bits; dst ^= t
 * on the 16-bit word holding the channels, 'bits' being the
 * instruction's channels; the other elements are written with their
 * old values, so it is exact.  (The channel offset is a multiple of the
 * exec size, build.c translate, so fewer than 32 channels never cross
 * bit 16.)  An immediate source (setp's scalar source) gives channel i
 * of the instruction its bit i, so it is shifted to the channels; setp
 * from a register becomes a shl.  (Never predicated: flag_logic.) */
static bool flag_logic_part(struct bld *b, struct ir_inst *in)
{
	unsigned lo = in->choff, n = in->exec;
	const enum gen_type t = GEN_TYPE_UW;
	int32_t off = (int32_t)(lo / 16 * 2);
	unsigned shift = lo % 16;
	if (shift + n > 16)
		return ir_internal(b->p, "predicate channels %u..%u across a "
		                   "flag word", lo, lo + n - 1);
	uint32_t bits = ((1u << n) - 1) << shift;
	for (unsigned i = 0; i < in->nsrc; i++) {
		struct ir_opnd *s = &in->src[i];
		if (s->kind == IR_O_IMM) {
			s->type = (uint8_t)t;
			s->imm = ((uint32_t)s->imm << shift) & 0xFFFFu;
		} else if (is_flag(b, s)) {
			s->type = (uint8_t)t;
			s->off += off;
			s->rgn = (struct gen_region){ 0, 1, 0 };
		} else if (in->op == GEN_OP_MOV && s->kind == IR_O_REG) {
			s->type = (uint8_t)t;
		} else {
			return ir_unsupported(b->p, "logic on part of a "
			                      "predicate from a non-predicate");
		}
	}
	if (in->op == GEN_OP_MOV && in->src[0].kind == IR_O_REG && shift) {
		in->op = GEN_OP_SHL;
		in->src[1] = ir_imm(shift, GEN_TYPE_UW);
		in->nsrc = 2;
	}
	struct ir_opnd fd = in->dst;
	fd.type = (uint8_t)t;
	fd.off += off;
	fd.rgn = (struct gen_region){ 0, 0, 1 };
	struct ir_opnd fs = fd;
	fs.rgn = (struct gen_region){ 0, 1, 0 };
	uint32_t tmp = ir_temp(b->p, t, 1, 1);
	in->dst = ir_dst(tmp, 0, t, 1);
	in->exec = 1;
	in->choff = 0;
	in->nomask = true;
	/* 'in' is invalid from here (ir_emit may move the array) */
	ir_op2(b->p, GEN_OP_XOR, 1, true, ir_dst(tmp, 0, t, 1),
	       ir_scalar(tmp, 0, t), fs);
	ir_op2(b->p, GEN_OP_AND, 1, true, ir_dst(tmp, 0, t, 1),
	       ir_scalar(tmp, 0, t), ir_imm(bits, t));
	ir_op2(b->p, GEN_OP_XOR, 1, true, fd, fs, ir_scalar(tmp, 0, t));
	return true;
}

/* Logic on predicates: one scalar NoMask operation on the flag bits the
 * instruction's channels use (as IGC does for whole predicates: in
 * divergent code all of them are written).  'in' is already in the
 * program, last.  A flag is read and written in words (16 or 32 bits),
 * so the word operation is exact only when every element of the
 * destination predicate inside the word is one of the instruction's
 * channels; channels starting inside a word ({M3}: bit 8) or fewer
 * channels than the predicate has in the word ((M1, 8) on 16 elements)
 * go to flag_logic_part.  setp's scalar form comes here as a mov. */
static bool flag_logic(struct bld *b, struct ir_inst *in)
{
	/* AND.md and its kin: on predicates "<pred> must be zero"; a
	 * predicated word operation would test channel 0 only */
	if (in->flag)
		return ir_bad_input(b->p, "logic between predicates with a "
		                    "predicate (it takes none)");
	enum gen_type t = in->exec + in->choff > 16 && in->choff == 0
	                  ? GEN_TYPE_UD : GEN_TYPE_UW;
	unsigned word = t == GEN_TYPE_UD ? 32 : 16;
	unsigned elems = bld_pred_elements(b, 0);
	unsigned end = in->choff + word < elems ? in->choff + word : elems;
	if (in->choff % 16 || in->choff + in->exec < end)
		return flag_logic_part(b, in);
	int32_t off = in->choff / 8;
	struct ir_opnd *ops[4] = { &in->dst, &in->src[0], &in->src[1],
	                           &in->src[2] };
	for (unsigned i = 0; i <= in->nsrc; i++) {
		if (!is_flag(b, ops[i]))
			continue;
		ops[i]->type = (uint8_t)t;
		ops[i]->off += off;
		ops[i]->rgn = i == 0 ? (struct gen_region){ 0, 0, 1 }
		                     : (struct gen_region){ 0, 1, 0 };
	}
	for (unsigned i = 1; i <= in->nsrc; i++)
		if (ops[i]->kind == IR_O_IMM)
			ops[i]->type = (uint8_t)t;
	if (in->op == GEN_OP_MOV)
		in->src[0].type = (uint8_t)t;
	in->exec = 1;
	in->choff = 0;
	in->nomask = true;
	return true;
}

/* The instruction 'op' of the current vISA one, its exec size, mask and
 * predicate set, emitted: the translators build it where it is (issue
 * 12: no copy; operands emit nothing, region.c), so that an error
 * leaves a half-built instruction in a program that is not finalized.
 * NULL: an error. */
struct ir_inst *bld_begin(struct bld *b, unsigned op)
{
	struct ir_inst *in = ir_emit(b->p, op, 0);
	bld_exec(b, in);
	return bld_pred(b, in) ? in : NULL;
}

/* dst = op(src...) with operands 0 (dst), 1.. (sources), or the
 * sources in 'built' when the caller has them already. */
static bool simple(struct bld *b, unsigned op, unsigned nsrc,
                   const struct ir_opnd *built)
{
	struct ir_inst *in = bld_begin(b, op);
	if (!in || !bld_dst(b, 0, &in->dst, &in->sat))
		return false;
	for (unsigned s = 0; s < nsrc; s++)
		if (built)
			in->src[s] = built[s];
		else if (!bld_src(b, 1 + s, &in->src[s]))
			return false;
	in->nsrc = (uint8_t)nsrc;
	if (is_flag(b, &in->dst))
		return flag_logic(b, in);
	return true;
}

static bool is_float(enum gen_type t)
{
	return gen_type_is_float(t);
}

/* mad: float mad, integer mul + add (Gen9 mad is float only). */
static bool mad(struct bld *b)
{
	/* Gen's mad is dst = src0 + src1 * src2: vISA's a * m + c has its
	 * sources in the other order */
	struct ir_inst *in = bld_begin(b, GEN_OP_MAD);
	if (!in || !bld_dst(b, 0, &in->dst, &in->sat) ||
	    !bld_src(b, 1, &in->src[2]) || !bld_src(b, 2, &in->src[1]) ||
	    !bld_src(b, 3, &in->src[0]))
		return false;
	in->nsrc = 3;
	bool fl = is_float((enum gen_type)in->dst.type);
	for (unsigned s = 0; s < 3; s++)
		fl = fl && is_float((enum gen_type)in->src[s].type);
	if (fl)
		return true;
	/* tmp = a * m; dst = tmp + c (the sources stay in vISA order) */
	struct ir_opnd c = in->src[0], dst = in->dst;
	in->src[0] = in->src[2];
	in->src[2] = c;
	enum gen_type t = (enum gen_type)dst.type;
	uint32_t tmp = ir_temp(b->p, t, in->exec, 1);
	bool sat = in->sat;
	in->op = GEN_OP_MUL;
	in->nsrc = 2;
	in->sat = false;
	in->dst = ir_dst(tmp, 0, t, 1);
	in = ir_emit_copy(b->p, in);
	in->op = GEN_OP_ADD;
	in->sat = sat;
	in->dst = dst;
	in->src[0] = ir_vec(tmp, 0, t, 1);
	in->src[1] = c;
	return true;
}

/* Immediate of a 16-bit integer type widened to the 32-bit one. */
static void widen_imm(struct ir_opnd *o)
{
	if (o->kind != IR_O_IMM)
		return;
	if (o->type == GEN_TYPE_W) {
		o->imm = (uint32_t)(int32_t)(int16_t)o->imm;
		o->type = GEN_TYPE_D;
	} else if (o->type == GEN_TYPE_UW) {
		o->type = GEN_TYPE_UD;
	}
}

/* mulh: high 32 bits of the 64-bit product (mul :q = :d x :d). */
static bool mulh(struct bld *b)
{
	struct ir_inst in;
	if (!bld_start(b, GEN_OP_MUL, &in) || !bld_dst(b, 0, &in.dst, NULL) ||
	    !bld_src(b, 1, &in.src[0]) || !bld_src(b, 2, &in.src[1]))
		return false;
	in.nsrc = 2;
	/* D x D or UD x UD (spec MULH.md): a 64-bit or float operand is
	 * invalid (a :uq source read past its variable as two dwords) */
	for (unsigned s = 0; s <= 2; s++) {
		enum gen_type t = (enum gen_type)(s ? in.src[s - 1].type
		                                    : in.dst.type);
		bool ok = s ? !gen_type_is_float(t) && gen_type_size(t) <= 4
		            : t == GEN_TYPE_D || t == GEN_TYPE_UD;
		if (!ok)
			return ir_bad_input(b->p, "mulh takes D or UD operands, "
			                    "not :%s", gen_type_name(t));
	}
	widen_imm(&in.src[0]);
	widen_imm(&in.src[1]);
	if (in.src[0].kind == IR_O_IMM && in.src[1].kind != IR_O_IMM) {
		struct ir_opnd t = in.src[0];
		in.src[0] = in.src[1];
		in.src[1] = t;
	}
	enum gen_type dt = (enum gen_type)in.dst.type;
	enum gen_type qt = dt == GEN_TYPE_UD ? GEN_TYPE_UQ : GEN_TYPE_Q;
	struct ir_opnd dst = in.dst;
	uint32_t tmp = ir_temp(b->p, qt, in.exec, 1);
	in.dst = ir_dst(tmp, 0, qt, 1);
	ir_emit_copy(b->p, &in);
	in.op = GEN_OP_MOV;
	in.nsrc = 1;
	in.dst = dst;
	in.src[0] = in.exec == 1 ? ir_scalar(tmp, 4, dt) : ir_vec(tmp, 4, dt, 2);
	ir_emit_copy(b->p, &in);
	return true;
}

/* addc/subb dst carry src0 src1: the carry comes out in acc0, eight
 * channels at a time. */
static bool carry_op(struct bld *b, unsigned op)
{
	struct ir_inst in;
	struct ir_opnd carry;
	if (!bld_start(b, op, &in) || !bld_dst(b, 0, &in.dst, NULL) ||
	    !bld_dst(b, 1, &carry, NULL) || !bld_src(b, 2, &in.src[0]) ||
	    !bld_src(b, 3, &in.src[1]))
		return false;
	in.nsrc = 2;
	widen_imm(&in.src[1]);
	in.opts |= GEN_OPT_ACCWREN;
	unsigned n = in.exec, step = n > 8 ? 8 : n;
	for (unsigned c = 0; c < n; c += step) {
		struct ir_inst part = in;
		part.exec = (uint8_t)step;
		part.choff = (uint8_t)(in.choff + c);
		part.dst.off += ir_elem_off(&in.dst, c, true);
		for (unsigned s = 0; s < 2; s++)
			if (in.src[s].kind == IR_O_REG)
				part.src[s].off += ir_elem_off(&in.src[s], c, false);
		ir_emit_copy(b->p, &part);
		struct ir_inst mv = part;
		mv.op = GEN_OP_MOV;
		mv.opts = 0;
		mv.nsrc = 1;
		mv.dst = carry;
		mv.dst.off += ir_elem_off(&carry, c, true);
		mv.src[0] = ir_arf(GEN_RN_ACC, 0, 0, (enum gen_type)carry.type);
		mv.src[0].rgn = step == 1 ? (struct gen_region){ 0, 1, 0 }
		                          : (struct gen_region){ 8, 8, 1 };
		ir_emit_copy(b->p, &mv);
	}
	return true;
}

/* bfi: bfi1 builds the mask from width and offset, bfi2 inserts. */
static bool bfi(struct bld *b)
{
	struct ir_inst in;
	struct ir_opnd s[4];
	if (!bld_start(b, GEN_OP_BFI1, &in) || !bld_dst(b, 0, &in.dst, NULL))
		return false;
	for (unsigned i = 0; i < 4; i++)
		if (!bld_src(b, 1 + i, &s[i]))
			return false;
	enum gen_type t = (enum gen_type)in.dst.type;
	uint32_t mask = ir_temp(b->p, t, in.exec, 1);
	struct ir_inst b1 = in;
	b1.dst = ir_dst(mask, 0, t, 1);
	b1.src[0] = s[0];
	b1.src[1] = s[1];
	b1.nsrc = 2;
	ir_emit_copy(b->p, &b1);
	in.op = GEN_OP_BFI2;
	in.src[0] = ir_vec(mask, 0, t, 1);
	in.src[1] = s[2];
	in.src[2] = s[3];
	in.nsrc = 3;
	ir_emit_copy(b->p, &in);
	return true;
}

static const uint8_t cmp_cmod[6] = {
	GEN_CMOD_EQ, GEN_CMOD_NE, GEN_CMOD_GT, GEN_CMOD_GE, GEN_CMOD_LT,
	GEN_CMOD_LE,
};

/* cmp.rel dst src0 src1: to a predicate (flag, null dst) or to a general
 * variable (-1/0 in the destination, a scratch flag for the condition). */
static bool cmp(struct bld *b)
{
	struct ir_inst *in = bld_begin(b, GEN_OP_CMP);
	if (!in)
		return false;
	unsigned rel = (unsigned)bld_int(b, 0) & 7;
	if (rel > 5)
		return ir_bad_input(b->p, "relational operator %u", rel);
	in->cmod = cmp_cmod[rel];
	struct ir_opnd d;
	if (!bld_dst(b, 1, &d, NULL) || !bld_src(b, 2, &in->src[0]) ||
	    !bld_src(b, 3, &in->src[1]))
		return false;
	in->nsrc = 2;
	if (is_flag(b, &d)) {
		in->flag = d.v;
		enum gen_type t = (enum gen_type)(in->src[0].kind == IR_O_IMM
		                                  ? in->src[1].type
		                                  : in->src[0].type);
		in->dst = ir_null(t);
	} else {
		in->flag = ir_flag_new(b->p, in->exec + in->choff);
		in->dst = d;
	}
	return true;
}

/* setp P src: a scalar source gives the bits directly, a vector source
 * its low bit per channel. */
static bool setp(struct bld *b)
{
	struct ir_inst in;
	struct ir_opnd d;
	if (!bld_start(b, GEN_OP_MOV, &in) || !bld_dst(b, 0, &d, NULL) ||
	    !bld_src(b, 1, &in.src[0]))
		return false;
	if (!is_flag(b, &d))
		return ir_bad_input(b->p, "setp needs a predicate destination");
	in.nsrc = 1;
	if (ir_opnd_is_scalar(&in.src[0])) {
		in.dst = d;
		return flag_logic(b, ir_emit_copy(b->p, &in));
	}
	in.op = GEN_OP_AND;
	in.nsrc = 2;
	in.flag = d.v;
	in.cmod = GEN_CMOD_NE;
	in.dst = ir_null((enum gen_type)in.src[0].type);
	in.src[1] = ir_imm(1, gen_type_size((enum gen_type)in.src[0].type) == 2
	                      ? GEN_TYPE_UW : GEN_TYPE_UD);
	ir_emit_copy(b->p, &in);
	return true;
}

/* movs T imm: remember the binding-table index of the surface. */
static bool movs(struct bld *b)
{
	const struct vf_opnd *o = &b->in->opnds[0];
	if (b->in->nopnds < 2 || o->kind != VF_OPND_VECTOR ||
	    (o->u.vec.tag & 7) != VISA_CLASS_STATE)
		return ir_unsupported(b->p, "movs to a non-surface operand");
	unsigned cls = o->u.vec.u.state.cls, id = o->u.vec.u.state.id;
	if (cls > 1)
		return ir_unsupported(b->p, "movs to state class %u", cls);
	struct ir_opnd s;
	if (!bld_src(b, 1, &s))
		return false;
	if (id >= (cls ? b->nsamps : b->nsurfs))
		return ir_bad_input(b->p, "%s %u out of range",
		                    cls ? "sampler" : "surface", id);
	if (s.kind != IR_O_IMM)
		return ir_unsupported(b->p, "state index from a variable");
	struct bld_surf *t = cls ? b->samps : b->surfs;
	t[id] = (struct bld_surf){ true, (uint32_t)s.imm };
	return true;
}

/* addr_add A src0 src1: a0 = &var + offset, or a0 = A' + offset. */
static bool addr_add(struct bld *b)
{
	struct ir_inst in;
	if (!bld_start(b, GEN_OP_ADD, &in) || !bld_dst(b, 0, &in.dst, NULL))
		return false;
	const struct vf_opnd *o = &b->in->opnds[1];
	struct ir_opnd base;
	if (o->kind == VF_OPND_VECTOR && (o->u.vec.tag & 7) == VISA_CLASS_GENERAL) {
		struct bld_var *bv;
		if (!bld_var(b, o->u.vec.u.gen.id, &bv))
			return false;
		if (bv->kind != BV_GRF)
			return ir_unsupported(b->p, "address of a special variable");
		unsigned ts = gen_type_size((enum gen_type)bv->type);
		base = (struct ir_opnd){ .kind = IR_O_ADDROF, .type = GEN_TYPE_UW,
		                         .v = bv->vreg,
		                         .off = bv->off + o->u.vec.u.gen.row * 32 +
		                                o->u.vec.u.gen.col * (int32_t)ts };
		ir_vreg(b->p, bv->vreg)->flags |= IR_V_ADDR_TAKEN;
	} else if (!bld_src(b, 1, &base)) {
		return false;
	}
	struct ir_opnd off;
	if (!bld_src(b, 2, &off))
		return false;
	if (off.kind == IR_O_REG && gen_type_size((enum gen_type)off.type) == 4) {
		off.type = GEN_TYPE_UW;     /* the low word of each dword */
		off.rgn.vs *= 2;
		off.rgn.hs *= 2;
	} else if (off.kind == IR_O_REG) {
		off.type = GEN_TYPE_UW;
	}
	if (off.kind == IR_O_IMM && base.kind == IR_O_ADDROF) {
		base.off += (int32_t)(int16_t)off.imm;
		in.op = GEN_OP_MOV;
		in.src[0] = base;
		in.nsrc = 1;
	} else {
		if (off.kind == IR_O_IMM)
			off.type = GEN_TYPE_UW;
		in.src[0] = base.kind == IR_O_ADDROF || off.kind == IR_O_IMM ? off : base;
		in.src[1] = base.kind == IR_O_ADDROF || off.kind == IR_O_IMM ? base : off;
		in.nsrc = 2;
	}
	ir_emit_copy(b->p, &in);
	return true;
}

static bool minmax(struct bld *b)
{
	struct ir_inst *in = bld_begin(b, GEN_OP_SEL);
	if (!in || !bld_dst(b, 1, &in->dst, &in->sat) ||
	    !bld_src(b, 2, &in->src[0]) || !bld_src(b, 3, &in->src[1]))
		return false;
	in->nsrc = 2;
	in->cmod = (bld_int(b, 0) & 1) ? GEN_CMOD_GE : GEN_CMOD_LT;
	return true;
}

/* vISA operation -> Gen operation and source count for the one-to-one
 * ALU operations: a switch (a jump table), asked for every instruction. */
static unsigned plain_op(unsigned vop, unsigned *nsrc)
{
#define PLAIN(v, n, g) case VISA_OP_##v: *nsrc = n; return GEN_OP_##g
	switch (vop) {
	PLAIN(ADD, 2, ADD); PLAIN(AVG, 2, AVG); PLAIN(MUL, 2, MUL);
	PLAIN(AND, 2, AND); PLAIN(OR, 2, OR); PLAIN(XOR, 2, XOR);
	PLAIN(SHL, 2, SHL); PLAIN(SHR, 2, SHR); PLAIN(ASR, 2, ASR);
	PLAIN(MOV, 1, MOV); PLAIN(SEL, 2, SEL); PLAIN(NOT, 1, NOT);
	PLAIN(CBIT, 1, CBIT); PLAIN(FBL, 1, FBL); PLAIN(FBH, 1, FBH);
	PLAIN(LZD, 1, LZD); PLAIN(BFREV, 1, BFREV); PLAIN(FRC, 1, FRC);
	PLAIN(RNDD, 1, RNDD); PLAIN(RNDU, 1, RNDU); PLAIN(RNDE, 1, RNDE);
	PLAIN(RNDZ, 1, RNDZ); PLAIN(BFE, 3, BFE);
	default: return GEN_OP_INVALID;
	}
#undef PLAIN
}

/* The platform multiplies 32-bit integers at most (a :q product of :d
 * sources is fine); 64-bit integer sources need an emulation not written
 * yet.  D x D where the platform has no such multiplier
 * (caps.dw_mul_vector / dw_mul_scalar / dw_mul_to_q) becomes the
 * accumulator sequence in dword_mul.c. */
static bool mul(struct bld *b)
{
	struct ir_opnd src[2];
	for (unsigned k = 1; k <= 2; k++) {
		struct ir_opnd *o = &src[k - 1];
		if (!bld_src(b, k, o))
			return false;
		bool wide = o->type == GEN_TYPE_Q || o->type == GEN_TYPE_UQ;
		if (wide && o->kind == IR_O_IMM &&
		    (int64_t)o->imm == (int32_t)o->imm)
			wide = false;  /* legalize.c narrows it to :d */
		/* without native Q, lower64.c builds 64-bit products from
		 * dword products */
		if (wide && b->p->plat->caps.native_q)
			return ir_unsupported(b->p, "64-bit integer multiplication");
	}
	return simple(b, GEN_OP_MUL, 2, src);
}

/* lrp: the hardware lrp (caps.has_lrp_pln_sad2) is dst = src0 * src1 +
 * (1 - src0) * src2 on floats, the vISA operand order. */
static bool lrp(struct bld *b)
{
	struct ir_inst in;
	if (!b->p->plat->caps.has_lrp_pln_sad2)
		return ir_unsupported(b->p, "lrp without a hardware lrp on %s",
		                      b->p->plat->name);
	if (!bld_start(b, GEN_OP_LRP, &in) || !bld_dst(b, 0, &in.dst, &in.sat))
		return false;
	for (unsigned s = 0; s < 3; s++)
		if (!bld_src(b, 1 + s, &in.src[s]))
			return false;
	in.nsrc = 3;
	bool fl = in.dst.type == GEN_TYPE_F;
	for (unsigned s = 0; s < 3; s++)
		fl = fl && in.src[s].type == GEN_TYPE_F;
	if (!fl)
		return ir_unsupported(b->p, "lrp on non-float types");
	ir_emit_copy(b->p, &in);
	return true;
}

static enum gen_type unsigned_of(enum gen_type t)
{
	return t == GEN_TYPE_W ? GEN_TYPE_UW : t == GEN_TYPE_D ? GEN_TYPE_UD : t;
}

/* rol/ror: one Gen instruction on the unsigned view of x.  Only ICLLP and
 * TGLLP have them in vISA (platforms/visa_avail.def; build.c refuses them
 * elsewhere before we get here), and those platforms have them in
 * hardware too (caps.native_rotate), so there is no shift emulation. */
static bool rotate(struct bld *b, bool left)
{
	struct ir_inst in;
	struct ir_opnd x, n;
	if (!bld_start(b, GEN_OP_OR, &in) || !bld_dst(b, 0, &in.dst, NULL) ||
	    !bld_src(b, 1, &x) || !bld_src(b, 2, &n))
		return false;
	const char *name = left ? "rol" : "ror";
	enum gen_type t = unsigned_of((enum gen_type)in.dst.type);
	if ((t != GEN_TYPE_UW && t != GEN_TYPE_UD) ||
	    gen_type_size((enum gen_type)x.type) != gen_type_size(t))
		return ir_unsupported(b->p, "%s on this type", name);
	if (!b->p->plat->caps.native_rotate)
		return ir_unsupported(b->p, "%s without a rotate instruction",
		                      name);
	x.type = (uint8_t)t;
	in.op = left ? GEN_OP_ROL : GEN_OP_ROR;
	in.dst.type = (uint8_t)t;
	in.src[0] = x;
	in.src[1] = n;
	in.nsrc = 2;
	ir_emit_copy(b->p, &in);
	return true;
}

bool bld_alu(struct bld *b)
{
	unsigned op = b->in->opcode, nsrc = 0;
	if (op == VISA_OP_MUL)
		return mul(b);
	unsigned gop = plain_op(op, &nsrc);
	if (gop != GEN_OP_INVALID)
		return simple(b, gop, nsrc, NULL);
	switch (op) {
	case VISA_OP_MAD: return mad(b);
	case VISA_OP_MULH: return mulh(b);
	case VISA_OP_ADDC: return carry_op(b, GEN_OP_ADDC);
	case VISA_OP_SUBB: return carry_op(b, GEN_OP_SUBB);
	case VISA_OP_BFI: return bfi(b);
	case VISA_OP_CMP: return cmp(b);
	case VISA_OP_SETP: return setp(b);
	case VISA_OP_MOVS: return movs(b);
	case VISA_OP_ADDR_ADD: return addr_add(b);
	case VISA_OP_FMINMAX: return minmax(b);
	case VISA_OP_LRP: return lrp(b);
	case VISA_OP_ROL: return rotate(b, true);
	case VISA_OP_ROR: return rotate(b, false);
	case VISA_OP_MADW: case VISA_OP_SAD2: case VISA_OP_SAD2ADD:
		return bld_combined(b);
	default: return bld_math(b);
	}
}
