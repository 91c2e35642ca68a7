/*
 * emit_build.c - one allocated IR instruction as a struct gen_inst, the
 * encoder's input (emit.c, emit_flat.c).
 *
 * Operand mapping: a GRF register at byte b is r(b/32).(b%32); flag
 * registers f0.0 f0.1 f1.0 f1.1 are flag bytes 0, 2, 4, 6; a0.N is
 * address byte 2N.  3-source instructions are Align16 on Gen8/9 (GEN-FACTS
 * 2.7): sources replicated (scalar) or swizzled .xyzw; Align1 with
 * regions where caps.three_src_align1 (Gen11+).  Branch targets are
 * absolute label offsets (the encoder makes them relative).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emit_priv.h"

/* An internal error, reported unless the part is quiet (emit_priv.h). */
static bool fail(const struct em *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static bool fail(const struct em *e, const char *fmt, ...)
{
	if (e->quiet)
		return false;
	char what[600];   /* as ir_internal's own */
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return ir_internal(e->p, "%s", what);
}

static bool is_three_src(unsigned op)
{
	return gen_op_is_three_src(op);
}

static int32_t vloc(const struct em *e, uint32_t v)
{
	return e->p->vregs.a[v].loc;
}

/* *g: cleared by the caller (header clears the whole instruction).
 * Inlined: three calls an instruction (issue 12). */
static inline __attribute__((always_inline)) bool
map_opnd(const struct em *e, const struct ir_opnd *o, struct gen_opnd *g,
         bool dst)
{
	g->type = o->type;
	g->mods = o->mods;
	g->rgn = o->rgn;
	if (dst)
		g->rgn = (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE,
		                              o->rgn.hs ? o->rgn.hs : 1 };
	switch (o->kind) {
	case IR_O_NONE:
		return true;
	case IR_O_REG: {
		const struct ir_vreg *r = &e->p->vregs.a[o->v];
		if (r->loc < 0)
			return fail(e, "register v%u has no location", o->v);
		int32_t b = r->loc + o->off;
		g->kind = GEN_OPND_DIRECT;
		if (r->file == IR_RF_GRF) {
			g->rn = GEN_RN_GRF;
			g->nr = (uint16_t)(b / IR_GRF_BYTES);
			g->sub = (uint16_t)(b % IR_GRF_BYTES);
		} else if (r->file == IR_RF_FLAG) {
			g->rn = GEN_RN_F;
			g->nr = (uint16_t)(b / 4);
			g->sub = (uint16_t)(b % 4);
		} else {
			g->rn = GEN_RN_A;
			g->sub = (uint16_t)b;
		}
		return true;
	}
	case IR_O_IND:
		g->kind = GEN_OPND_INDIRECT;
		g->rn = GEN_RN_GRF;
		g->ia_sub = (uint8_t)((vloc(e, o->v) + o->aoff) / 2);
		g->ia_imm = (int16_t)o->off;
		return true;
	case IR_O_IMM:
		g->kind = GEN_OPND_IMM;
		g->imm = o->imm;
		g->rgn = (struct gen_region){ 0, 0, 0 };
		return true;
	case IR_O_ADDROF: {
		/* a spilled array's address is 0: address registers hold
		 * offsets into it (regalloc/spill.c); a negated address takes
		 * a temporary's address away again */
		int32_t a = (e->p->vregs.a[o->v].flags & IR_V_SPILLED)
		            ? 0 : vloc(e, o->v);
		a += o->off;
		if (o->mods & GEN_MOD_NEG)
			a = -a;
		g->kind = GEN_OPND_IMM;
		g->mods = 0;
		g->imm = (uint64_t)a & 0xFFFF;
		g->rgn = (struct gen_region){ 0, 0, 0 };
		return true;
	}
	case IR_O_STACKTOP:
		g->kind = GEN_OPND_IMM;
		/* with stack calls the spill slots are part of every frame,
		 * the kernel's included (regalloc/ra.h): its frame starts at
		 * SpillMemOffset */
		g->imm = (e->p->spill_base + (e->p->has_calls ? 0 :
		          e->p->spill_size) + IR_GRF_BYTES - 1) / IR_GRF_BYTES;
		g->rgn = (struct gen_region){ 0, 0, 0 };
		return true;
	case IR_O_ARF:
		g->kind = GEN_OPND_DIRECT;
		g->rn = o->rn;
		g->nr = o->nr;
		g->sub = (uint16_t)o->off;
		return true;
	case IR_O_LABEL:
		if (e->quiet)   /* its label may be being placed (emit_priv.h) */
			return false;
		g->kind = GEN_OPND_LABEL;
		g->type = GEN_TYPE_INVALID;
		g->imm = e->lpc[o->v] < 0 ? 0 : (uint64_t)e->lpc[o->v];
		return true;
	default:
		return fail(e, "operand kind %u", o->kind);
	}
}

/* Math macro operands (madm, math.invm/rsqtm): rN.mmeK / rN.nomme. */
static void macro_opnds(const struct ir_inst *in, struct gen_inst *g)
{
	/* nearly every instruction has none (issue 12: asked of each) */
	if (!in->dst.mme && !in->src[0].mme && !in->src[1].mme &&
	    !in->src[2].mme)
		return;
	struct gen_opnd *ops[4] = { &g->dst, &g->src[0], &g->src[1], &g->src[2] };
	const struct ir_opnd *io[4] = { &in->dst, &in->src[0], &in->src[1],
	                                &in->src[2] };
	bool any = false;
	for (unsigned k = 0; k < 4; k++) {
		if (!io[k]->mme)
			continue;
		any = true;
		ops[k]->kind = GEN_OPND_MACRO;
		ops[k]->mme = (uint8_t)(io[k]->mme == IR_NOMME ? GEN_MME_NOMME
		                                               : io[k]->mme - 1);
		ops[k]->sub = 0;
		if (k > 0)
			ops[k]->rgn = in->op == GEN_OP_MADM
			              ? (struct gen_region){ 0, 0, 0 }
			              : (struct gen_region){ 1, 1, 0 };
	}
	if (any)
		g->access = GEN_ALIGN16;
}

static void align16_srcs(struct gen_inst *g)
{
	g->access = GEN_ALIGN16;
	for (unsigned s = 0; s < 3; s++) {
		struct gen_opnd *o = &g->src[s];
		bool scalar = o->rgn.vs == 0 && o->rgn.hs == 0;
		o->rgn = scalar ? (struct gen_region){ 0, 1, 0 }
		                : (struct gen_region){ 2, 1, 1 };
		o->rep = scalar;
		o->swizzle = scalar ? 0 : 0xE4;
	}
}

/* Align1 3-source (caps.three_src_align1, Gen11+): no width field;
 * src0/src1 carry <vs;hs>, src2 only <hs>, and the execution type bit
 * says whether the operation is float.  The legalizer leaves every source
 * a scalar or a contiguous vector (the Align16 rules, which also hold
 * here), so the regions are IGC's two forms: <0;0>/<0> and <8;1>/<1>. */
static void align1_three_srcs(struct gen_inst *g)
{
	g->exec_type = gen_type_is_float((enum gen_type)g->dst.type);
	for (unsigned s = 0; s < 3; s++) {
		struct gen_opnd *o = &g->src[s];
		if (o->kind == GEN_OPND_IMM)
			continue;
		bool scalar = o->rgn.vs == 0 && o->rgn.hs == 0;
		o->rgn = (struct gen_region){
			(uint8_t)(s == 2 ? GEN_RGN_NONE : scalar ? 0 : 8),
			GEN_RGN_NONE, (uint8_t)(scalar ? 0 : 1) };
	}
}

static void header(const struct em *e, const struct ir_inst *in,
                   struct gen_inst *g)
{
	memset(g, 0, sizeof *g);
	g->op = in->op;
	g->exec_size = in->exec;
	g->chan_off = in->choff;
	g->pred = in->pred;
	g->pred_inv = in->pinv;
	g->cmod = in->cmod;
	g->sat = in->sat;
	g->fc = in->fc;
	g->opts = (in->opts & ~(IR_OPT_STACKCALL | IR_OPT_GUARD)) |
	          (in->nomask ? GEN_OPT_NOMASK : 0);
	g->swsb = (struct gen_swsb){ .has_dist = in->swsb.dist != 0,
	                             .dist = in->swsb.dist,
	                             .mode = in->swsb.mode,
	                             .sbid = in->swsb.sbid };
	if (in->flag) {
		int32_t b = vloc(e, in->flag) + in->flag_off;
		g->flag_nr = (uint8_t)(b / 4);
		g->flag_sub = (uint8_t)((b % 4) / 2);
	}
}

bool emit_build(const struct em *e, uint32_t i, uint32_t pc,
                struct gen_inst *g)
{
	const struct ir_inst *in = &e->p->insts.a[i];
	if (in->swsb.pipe != IR_PIPE_ALL)   /* no encoding has a pipe field yet */
		return fail(e, "vISA instruction %u: SWSB distance in "
		                   "one pipe cannot be encoded", in->loc);
	header(e, in, g);
	g->pc = pc;
	g->length = 16;
	g->nsrc = in->nsrc;
	if (!map_opnd(e, &in->dst, &g->dst, true))
		return false;
	for (unsigned s = 0; s < in->nsrc; s++)
		if (!map_opnd(e, &in->src[s], &g->src[s], false))
			return false;
	if (is_three_src(in->op) && in->op != GEN_OP_MADM) {
		if (e->p->plat->caps.three_src_align1)
			align1_three_srcs(g);
		else
			align16_srcs(g);
	}
	macro_opnds(in, g);
	if (ir_is_send(in->op)) {
		/* Split sends are the plain send opcode where the platform
		 * has no sends (Gen12: every send has two payloads). */
		if (!e->p->plat->caps.sends_opcode)
			g->op = in->op == GEN_OP_SENDSC ? GEN_OP_SENDC
			        : in->op == GEN_OP_SENDS ? GEN_OP_SEND : g->op;
		g->sfid = in->sfid;
		g->desc.is_reg = in->desc_reg != 0;
		g->desc.imm = in->desc;
		g->exdesc.imm = in->exdesc;
		g->src0_len = in->mlen;
		g->src1_len = in->xlen;
		g->dst_len = in->rlen;
		g->src[0].rgn = (struct gen_region){ 0, 1, 0 };
		if (in->dst.kind == IR_O_ARF && in->dst.rn == GEN_RN_NULL)
			g->dst.type = GEN_TYPE_UD;
	}
	if (in->op == GEN_OP_GOTO) {
		struct ir_opnd j = ir_label_opnd((uint32_t)in->jip);
		struct ir_opnd u = ir_label_opnd((uint32_t)in->uip);
		memset(g->src, 0, 2 * sizeof g->src[0]);
		map_opnd(e, &j, &g->src[0], false);
		map_opnd(e, &u, &g->src[1], false);
		g->nsrc = 2;
		g->dst.kind = GEN_OPND_NONE;
	} else if (in->op == GEN_OP_JOIN || in->op == GEN_OP_WHILE) {
		struct ir_opnd j = ir_label_opnd((uint32_t)in->jip);
		memset(&g->src[0], 0, sizeof g->src[0]);
		map_opnd(e, &j, &g->src[0], false);
		g->nsrc = 1;
		g->dst.kind = GEN_OPND_NONE;
	} else if (in->op == GEN_OP_JMPI) {
		g->src[0].type = GEN_TYPE_D;
		g->dst.kind = GEN_OPND_NONE;
	} else if (in->op == GEN_OP_CALL) {
		g->src[0].type = GEN_TYPE_D;
	}
	return true;
}

bool emit_has_label(const struct gen_inst *g)
{
	if (g->dst.kind == GEN_OPND_LABEL)
		return true;
	for (unsigned s = 0; s < 3; s++)
		if (g->src[s].kind == GEN_OPND_LABEL)
			return true;
	return false;
}
