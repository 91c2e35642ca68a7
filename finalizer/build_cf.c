/*
 * build_cf.c - labels, jumps, SIMD gotos, subroutine calls and returns
 * to IR.
 *
 * Input: the current vISA instruction.  Output: label pseudo-
 * instructions, jmpi (uniform jumps), goto (SIMD jumps; join placement,
 * JIP/UIP and the Gen9 predicate polarity are decided later by goto.c),
 * call/ret with a per-subroutine return-address register.  A kernel's
 * own 'ret' ends the thread: it jumps to the exit label in front of the
 * EOT sequence (build.c), or falls through when it is the last
 * instruction of the kernel body.
 *
 * Spec: shared/spec/visa/instructions/ LABEL.md, SUBROUTINE.md, JMP.md,
 * GOTO.md, CALL.md, RET.md, SWITCHJMP.md.  Stack calls (fcall/fret) are
 * in build_call.c.  switchjmp (a uniform multiway branch) becomes a chain
 * of scalar cmp.e + predicated jmpi, or one jmpi for an immediate index.
 */
#include "config.h"

#include <string.h>

#include "build.h"

static bool label_id(struct bld *b, unsigned k, uint32_t *out)
{
	uint64_t id = bld_int(b, k);
	if (!bld_has(b, k) || id >= b->r->label_count)
		return ir_bad_input(b->p, "label %llu out of range",
		                    (unsigned long long)id);
	*out = b->labels[id];
	return true;
}

static void forget_surfaces(struct bld *b)
{
	for (unsigned i = VISA_NUM_PREDEF_SURFACES; i < b->nsurfs; i++)
		b->surfs[i].known = false;
	for (unsigned i = 0; i < b->nsamps; i++)
		b->samps[i].known = false;
}

static uint32_t ret_vreg(struct bld *b, uint32_t label)
{
	struct ir_label *l = &b->p->labels.a[label];
	if (l->ret_vreg < 0) {
		uint32_t v = ir_vreg_new(b->p, IR_RF_GRF, 8, 8);
		ir_vreg(b->p, v)->name = "retaddr";
		b->p->labels.a[label].ret_vreg = (int32_t)v;
	}
	return (uint32_t)b->p->labels.a[label].ret_vreg;
}

static bool branch(struct bld *b, unsigned op)
{
	struct ir_inst in;
	memset(&in, 0, sizeof in);
	in.op = (uint16_t)op;
	in.jip = in.uip = -1;
	in.loc = b->p->loc;
	bld_exec(b, &in);
	if (!bld_pred(b, &in))
		return false;
	uint32_t l;
	if (!label_id(b, 0, &l))
		return false;
	if (op == GEN_OP_JMPI) {
		in.exec = 1;
		in.choff = 0;
		in.nomask = true;
		in.src[0] = ir_label_opnd(l);
		in.nsrc = 1;
		in.jip = (int32_t)l;
	} else if (op == GEN_OP_GOTO) {
		in.uip = (int32_t)l;
	} else {  /* call */
		in.dst = ir_dst(ret_vreg(b, l), 0, GEN_TYPE_UD, 1);
		in.src[0] = ir_label_opnd(l);
		in.nsrc = 1;
		in.jip = (int32_t)l;
	}
	ir_emit_copy(b->p, &in);
	return true;
}

/* The next instruction starts a subroutine, or there is none. */
static bool last_of_kernel_body(const struct bld *b)
{
	const struct vf_inst *next = b->in + 1;
	const struct vf_inst *end = b->r->insts + b->r->inst_count;
	return next == end || next->opcode == VISA_OP_SUBROUTINE;
}

static bool ret(struct bld *b)
{
	struct ir_inst in;
	memset(&in, 0, sizeof in);
	in.jip = in.uip = -1;
	in.loc = b->p->loc;
	bld_exec(b, &in);
	if (!bld_pred(b, &in))
		return false;
	if (!b->in_subroutine) {
		if (!in.flag && last_of_kernel_body(b))
			return true;
		in.op = GEN_OP_GOTO;
		in.uip = (int32_t)b->exit_label;
		ir_emit_copy(b->p, &in);
		return true;
	}
	/* a subroutine nothing calls is never reached and has no return
	 * address to go back to (a fuzz finding: its ret read a register
	 * nothing writes, an internal error under verify) */
	if (!b->cur_sub_called)
		return true;
	in.op = GEN_OP_RET;
	in.src[0] = ir_rgn(ret_vreg(b, b->cur_sub), 0, GEN_TYPE_UD, 2, 2, 1);
	in.nsrc = 1;
	ir_emit_copy(b->p, &in);
	return true;
}

/* faddr SYM dst: a 64-bit move whose immediate the loader patches with
 * the symbol's address (IGC's placeholder value, an uncompacted mov, as
 * the corpus README "Global data and relocations" describes); where
 * caps.reloc_addr32 two dword moves with a relocation each. */
static bool faddr(struct bld *b)
{
	const char *sym = vf_routine_string(b->r, (uint32_t)bld_int(b, 0));
	struct ir_opnd d;
	if (!sym || !bld_dst(b, 1, &d, NULL))
		return ir_bad_input(b->p, "faddr needs a symbol and a destination");
	if (b->p->plat->caps.reloc_addr32) {
		/* two dword moves, low and high half of the address, as
		 * IGC's binaries where caps.reloc_addr32 */
		d.type = GEN_TYPE_UD;
		for (unsigned h = 0; h < 2; h++) {
			struct ir_opnd dh = d;
			dh.off += (int32_t)(4 * h);
			struct ir_inst *in = ir_op1(b->p, GEN_OP_MOV, 1, true, dh,
			                            ir_imm(0x6E10CA2Eu, GEN_TYPE_UD));
			in->reloc = sym;
			in->reloc_type = h ? VF_RELOC_ADDR32_HI : VF_RELOC_ADDR32;
		}
		return true;
	}
	d.type = GEN_TYPE_UQ;
	struct ir_inst *in = ir_op1(b->p, GEN_OP_MOV, 1, true, d,
	                            ir_imm(0x6E10CA2Eu, GEN_TYPE_UQ));
	in->reloc = sym;
	in->reloc_type = VF_RELOC_ADDR;
	return true;
}

/* switchjmp count index (labels): "(f) jmpi label_i" for every i with
 * f = (index == i); a jump to label index when it is an immediate.  An
 * index outside the table falls through (undefined in vISA). */
static bool switchjmp(struct bld *b)
{
	unsigned n = (unsigned)bld_int(b, 0);
	struct ir_opnd idx;
	if (n + 2 > b->in->nopnds || !bld_src(b, 1, &idx))
		return ir_bad_input(b->p, "switchjmp with %u labels", n);
	for (unsigned i = 0; i < n; i++) {
		uint32_t l;
		if (!label_id(b, 2 + i, &l))
			return false;
		if (idx.kind == IR_O_IMM && idx.imm != i)
			continue;
		uint32_t f = 0;
		if (idx.kind != IR_O_IMM) {
			f = ir_flag_new(b->p, 1);
			struct ir_inst *c = ir_op2(b->p, GEN_OP_CMP, 1, true,
			                           ir_null(GEN_TYPE_UD), idx,
			                           ir_imm(i, GEN_TYPE_UD));
			c->src[0].type = (uint8_t)(gen_type_size(
				(enum gen_type)idx.type) == 2 ? GEN_TYPE_UW
				                              : GEN_TYPE_UD);
			c->src[1].type = c->src[0].type;
			c->cmod = GEN_CMOD_EQ;
			c->flag = f;
		}
		struct ir_inst *j = ir_emit(b->p, GEN_OP_JMPI, 1);
		j->nomask = true;
		j->src[0] = ir_label_opnd(l);
		j->nsrc = 1;
		j->jip = (int32_t)l;
		if (f) {
			j->flag = f;
			j->pred = GEN_PRED_NORMAL;
		}
	}
	return true;
}

bool bld_flow(struct bld *b)
{
	uint32_t l;
	switch (b->in->opcode) {
	case VISA_OP_LABEL:
	case VISA_OP_SUBROUTINE:
		if (!label_id(b, 0, &l))
			return false;
		if (b->in->opcode == VISA_OP_SUBROUTINE) {
			b->cur_sub = l;
			b->cur_sub_called = b->called[b->in->opnds[0].u.other];
		}
		forget_surfaces(b);
		ir_emit_label(b->p, l);
		return true;
	case VISA_OP_JMP: return branch(b, GEN_OP_JMPI);
	case VISA_OP_GOTO: return branch(b, GEN_OP_GOTO);
	case VISA_OP_CALL: return branch(b, GEN_OP_CALL);
	case VISA_OP_RET: return ret(b);
	case VISA_OP_FADDR: return faddr(b);
	case VISA_OP_SWITCHJMP: return switchjmp(b);
	default:
		return ir_unsupported(b->p, "not supported yet");
	}
}
