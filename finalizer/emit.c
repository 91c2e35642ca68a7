/*
 * emit.c - allocated IR to Gen machine code through the Gen instruction
 * layer (encoder/gen.h): gen_encode, then gen_compact where a compacted
 * form exists; branch offsets are filled in once every size is known.
 *
 * Needs: every virtual register allocated (loc >= 0).  Produces: the
 * kernel's bytes (malloc'ed).
 *
 * Operand mapping: a GRF register at byte b is r(b/32).(b%32); flag
 * registers f0.0 f0.1 f1.0 f1.1 are flag bytes 0, 2, 4, 6; a0.N is
 * address byte 2N.  3-source instructions are Align16 on Gen8/9 (GEN-FACTS
 * 2.7): sources replicated (scalar) or swizzled .xyzw; Align1 with
 * regions where caps.three_src_align1 (Gen11+).  Branch offsets
 * (GEN-FACTS 2.5) are computed by the encoder from absolute label
 * targets; branches stay uncompacted so that sizes do not depend on
 * offsets.  Where caps.swsb (Gen12) the laid-out stream goes through the
 * software-scoreboard pass before the final encoding (emit_swsb.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "../encoder/gen.h"
#include "../ir/ir.h"
#include "emit_swsb.h"

struct em {
	struct ir_prog *p;
	uint32_t *pc;            /* byte offset of each instruction */
	int32_t *lpc;            /* byte offset of each label */
	struct gen_bits *bits;
	uint8_t *len;
	/* caps.swsb only: the laid-out stream the SWSB pass reads, one entry
	 * per instruction that is not a label (sidx[i] its index), kept from
	 * layout() so that nothing is built twice */
	struct gen_inst *g;
	uint32_t *sidx;
	uint32_t ns;
	/* compaction answers by instruction shape (encoder/compact_memo.c) */
	struct gen_compact_memo *memo;
	/* encodings by instruction shape (encoder/encode_memo.c) */
	struct gen_encode_memo *enc_memo;
};

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
			return ir_internal(e->p, "register v%u has no location", o->v);
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
		g->kind = GEN_OPND_LABEL;
		g->type = GEN_TYPE_INVALID;
		g->imm = e->lpc[o->v] < 0 ? 0 : (uint64_t)e->lpc[o->v];
		return true;
	default:
		return ir_internal(e->p, "operand kind %u", o->kind);
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

static bool build(const struct em *e, uint32_t i, struct gen_inst *g)
{
	const struct ir_inst *in = &e->p->insts.a[i];
	if (in->swsb.pipe != IR_PIPE_ALL)   /* no encoding has a pipe field yet */
		return ir_internal(e->p, "vISA instruction %u: SWSB distance in "
		                   "one pipe cannot be encoded", in->loc);
	header(e, in, g);
	g->pc = e->pc[i];
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

/* Does the instruction name a label?  Its target may be a label further
 * down, unknown while laying out. */
static bool has_label(const struct gen_inst *g)
{
	if (g->dst.kind == GEN_OPND_LABEL)
		return true;
	for (unsigned s = 0; s < 3; s++)
		if (g->src[s].kind == GEN_OPND_LABEL)
			return true;
	return false;
}

static bool layout(struct em *e)
{
	struct ir_prog *p = e->p;
	uint32_t pc = 0;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		e->pc[i] = pc;
		if (in->op == IR_OP_LABEL) {
			e->lpc[in->src[0].v] = (int32_t)pc;
			e->len[i] = 0;
			continue;
		}
		if (e->g)
			e->sidx[i] = e->ns++;
		if (ir_is_branch(in->op)) {
			e->len[i] = 16;
			pc += 16;
			continue;
		}
		struct gen_inst local;
		struct gen_inst *gp = e->g ? &e->g[e->sidx[i]] : &local;
		if (!build(e, i, gp))
			return false;
		struct gen_bits b;
		if (gen_encode_memo(e->enc_memo, gp, &b, p->err) != VF_OK)
			return ir_internal(p, "vISA instruction %u: encoding: %s",
			                   in->loc, p->err->msg);
		e->bits[i] = b;
		e->len[i] = 16;
		struct gen_bits c;
		if (in->reloc) {
			uint32_t r = IR_VEC_PUSH(p, p->relocs);
			p->relocs.a[r] = (struct ir_reloc){
				pc + ir_reloc_imm_at(in->reloc_type), in->reloc,
				in->reloc_type };
		} else if (!(in->opts & GEN_OPT_EOT) && !p->no_compact &&
		           gen_compact_memo_after(e->memo, e->enc_memo, &b, &c)) {
			e->bits[i] = c;
			e->len[i] = 8;
		}
		pc += e->len[i];
		gp->length = e->len[i];
	}
	return true;
}

static bool branches(struct em *e)
{
	struct ir_prog *p = e->p;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL || !ir_is_branch(in->op))
			continue;
		struct gen_inst local;
		struct gen_inst *g = e->g ? &e->g[e->sidx[i]] : &local;
		if (!build(e, i, g))
			return false;
		if (gen_encode(p->plat, g, &e->bits[i], p->err) != VF_OK)
			return ir_internal(p, "vISA instruction %u: encoding: %s",
			                   in->loc, p->err->msg);
	}
	return true;
}

/* The kernel as a laid-out gen_inst stream (labels out, branch targets
 * absolute, length 8 where the instruction compacts), with each one's
 * bits: the input of the SWSB pass (emit_swsb.c).  layout() and
 * branches() built it; an instruction naming a label laid out later is
 * built again now that every label has its offset. */
static bool stream(struct em *e, struct gen_bits **bits)
{
	struct ir_prog *p = e->p;
	struct gen_bits *b = ir_alloc(p, (e->ns + 1) * sizeof *b);
	for (uint32_t i = 0; i < p->insts.n; i++) {
		if (p->insts.a[i].op == IR_OP_LABEL)
			continue;
		struct gen_inst *g = &e->g[e->sidx[i]];
		if (has_label(g)) {
			if (!build(e, i, g))
				return false;
			g->length = e->len[i];
		}
		b[e->sidx[i]] = e->bits[i];
	}
	*bits = b;
	return true;
}

bool ir_emit_code(struct ir_prog *p, uint8_t **out, size_t *size);

/* Little-endian store of one instruction word (the compiler makes the
 * byte stores one store where the host is little-endian). */
static void put_le64(uint8_t *d, uint64_t w)
{
	d[0] = (uint8_t)w;         d[1] = (uint8_t)(w >> 8);
	d[2] = (uint8_t)(w >> 16); d[3] = (uint8_t)(w >> 24);
	d[4] = (uint8_t)(w >> 32); d[5] = (uint8_t)(w >> 40);
	d[6] = (uint8_t)(w >> 48); d[7] = (uint8_t)(w >> 56);
}

bool ir_emit_code(struct ir_prog *p, uint8_t **out, size_t *size)
{
	uint32_t n = p->insts.n;
	struct em e = { .p = p };
	e.pc = ir_alloc(p, (n + 1) * sizeof *e.pc);
	e.lpc = ir_alloc(p, (p->labels.n + 1) * sizeof *e.lpc);
	e.bits = ir_alloc(p, (n + 1) * sizeof *e.bits);
	e.len = ir_alloc(p, n + 1);
	for (uint32_t l = 0; l < p->labels.n; l++)
		e.lpc[l] = -1;
	e.memo = ir_alloc(p, sizeof *e.memo);
	gen_compact_memo_init(e.memo, p->plat);
	e.enc_memo = ir_alloc_raw(p, sizeof *e.enc_memo);
	gen_encode_memo_init(e.enc_memo, p->plat, n);
	if (p->plat->caps.swsb) {
		e.g = ir_alloc(p, (n + 1) * sizeof *e.g);
		e.sidx = ir_alloc(p, (n + 1) * sizeof *e.sidx);
	}
	if (!layout(&e) || !branches(&e))
		return false;
	if (p->plat->caps.swsb) {
		/* no hardware scoreboard: the stream goes through the SWSB
		 * pass, which gives each instruction its SWSB field */
		struct gen_bits *bits;
		return stream(&e, &bits) &&
		       ir_emit_swsb(p, e.g, bits, e.ns, out, size);
	}
	size_t total = 0;
	for (uint32_t i = 0; i < n; i++)
		total += e.len[i];
	uint8_t *buf = malloc(total ? total : 1);
	if (!buf)
		longjmp(*p->oom, 1);
	size_t at = 0;
	for (uint32_t i = 0; i < n; i++) {
		/* whole words (8 or 16 bytes): one store each, not a byte loop */
		for (unsigned j = 0; j < e.len[i] / 8u; j++)
			put_le64(buf + at + 8u * j, e.bits[i].w[j]);
		at += e.len[i];
	}
	*out = buf;
	*size = total;
	return true;
}
