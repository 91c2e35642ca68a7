/*
 * build.c - the kernel skeleton of the IR builder: declarations,
 * inputs pinned at their GRF byte offsets, predicates, address
 * variables, labels, the instruction walk, and the end of thread.
 *
 * Input: one vISA kernel of a vf_module.  Output: the IR of the kernel in
 * an ir_prog (virtual registers, labels, instructions), ending in a SEND
 * with EOT.  The per-class translators live in build_alu.c, build_math.c,
 * build_cf.c, build_call.c, build_send.c, build_svm.c and
 * build_sampler.c; operands and predicates in region.c.
 *
 * Spec: shared/spec/visa/4_visa_header.md (kernel_data, input_info,
 * attributes), 6_instructions.md (instruction classes); the EOT message
 * and r0 copy follow GEN-FACTS 6.3/6.4 (thread spawner, SFID 7, desc
 * 0x02000010, payload in r112-r127).
 */
#include "config.h"

#include <string.h>

#include "build.h"

#define EOT_GRF 127

static bool setup_inputs(struct bld *b)
{
	const struct vf_routine *r = b->r;
	uint32_t end = IR_GRF_BYTES;
	for (uint32_t i = 0; i < r->input_count; i++) {
		const struct vf_input *in = &r->inputs[i];
		if ((in->kind & 3) != 0)
			return ir_unsupported(b->p, "sampler/surface kernel inputs");
		struct bld_var *v;
		if (!bld_var(b, in->id, &v))
			return false;
		if (v->kind != BV_GRF || v->off != 0)
			return ir_bad_input(b->p, "input V%u is not a root variable",
			                    in->id);
		struct ir_vreg *vr = ir_vreg(b->p, v->vreg);
		if (in->offset < IR_GRF_BYTES ||
		    in->offset + in->size > IR_GRF_COUNT * IR_GRF_BYTES)
			return ir_bad_input(b->p, "input V%u at byte %d", in->id,
			                    in->offset);
		vr->pin = in->offset;
		vr->flags |= IR_V_PINNED | IR_V_LIVE_IN;
		/* A pinned input owns its bytes and no more.  An alignment of
		 * a GRF (declared, or region.c's rounding of a 28-byte
		 * variable) makes the allocator reserve a whole GRF from the
		 * pin, over the next input packed behind it (an input at byte
		 * 36 reaches into r2; one at byte 32 covers an input at 60),
		 * so a small input gets at most half a GRF and only what its
		 * pin gives.  validate.c keeps inputs of a GRF or more
		 * GRF-aligned and smaller ones inside one GRF. */
		if (vr->size < IR_GRF_BYTES && vr->align > IR_GRF_BYTES / 2)
			vr->align = IR_GRF_BYTES / 2;
		while (vr->align > 2 && in->offset % vr->align)
			vr->align /= 2;
		if ((uint32_t)(in->offset + in->size) > end)
			end = (uint32_t)(in->offset + in->size);
	}
	b->p->payload_bytes = end;
	return true;
}

bool bld_setup_symbols(struct bld *b)
{
	struct ir_prog *p = b->p;
	const struct vf_routine *r = b->r;
	b->nvars = VISA_NUM_PREDEF_VARS + r->var_count;
	b->vars = ir_alloc(p, b->nvars * sizeof *b->vars);
	b->preds = ir_alloc(p, (r->pred_count + 1u) * sizeof *b->preds);
	for (unsigned i = 0; i < r->pred_count; i++) {
		b->preds[i + 1] = ir_flag_new(p, r->preds[i].num_elements);
		ir_vreg(p, b->preds[i + 1])->name =
			vf_routine_string(r, r->preds[i].name);
		ir_vreg(p, b->preds[i + 1])->flags |= IR_V_VISA;
	}
	b->addrs = ir_alloc(p, (r->addr_count + 1u) * sizeof *b->addrs);
	for (unsigned i = 0; i < r->addr_count; i++) {
		unsigned n = r->addrs[i].num_elements ? r->addrs[i].num_elements : 1;
		b->addrs[i] = ir_vreg_new(p, IR_RF_ADDR, 2 * n, 2);
		ir_vreg(p, b->addrs[i])->name = vf_routine_string(r, r->addrs[i].name);
		ir_vreg(p, b->addrs[i])->flags |= IR_V_VISA;
	}
	b->labels = ir_alloc(p, (r->label_count + 1u) * sizeof *b->labels);
	for (unsigned i = 0; i < r->label_count; i++) {
		const char *nm = vf_routine_string(r, r->labels[i].name);
		b->labels[i] = ir_label_new(p, nm ? nm : "L?",
		                            r->labels[i].kind == 1 ? IR_L_SUBROUTINE
		                            : IR_L_BLOCK);
	}
	b->called = ir_alloc(p, (r->label_count + 1u) * sizeof *b->called);
	memset(b->called, 0, (r->label_count + 1u) * sizeof *b->called);
	for (uint32_t i = 0; i < r->inst_count; i++) {
		const struct vf_inst *in = &r->insts[i];
		if (in->opcode == VISA_OP_CALL && in->nopnds &&
		    in->opnds[0].u.other < r->label_count)
			b->called[in->opnds[0].u.other] = true;
	}
	b->nsurfs = VISA_NUM_PREDEF_SURFACES + r->surface_count;
	b->surfs = ir_alloc(p, b->nsurfs * sizeof *b->surfs);
	static const uint32_t predef_bti[VISA_NUM_PREDEF_SURFACES] = {
		254, 1, 2, 3, 252, 255 };
	for (unsigned i = 0; i < VISA_NUM_PREDEF_SURFACES; i++)
		b->surfs[i] = (struct bld_surf){ true, predef_bti[i] };
	b->nsamps = r->sampler_count;
	b->samps = ir_alloc(p, (b->nsamps + 1u) * sizeof *b->samps);
	return true;
}

void bld_emit_eot(struct bld *b)
{
	struct ir_prog *p = b->p;
	uint32_t eot = ir_vreg_new(p, IR_RF_GRF, IR_GRF_BYTES, IR_GRF_BYTES);
	struct ir_vreg *v = ir_vreg(p, eot);
	v->pin = EOT_GRF * IR_GRF_BYTES;
	v->flags |= IR_V_PINNED | IR_V_NOSPILL | IR_V_WHOLE_GRF;
	v->name = "eot";
	ir_op1(p, GEN_OP_MOV, 8, true, ir_dst(eot, 0, GEN_TYPE_UD, 1),
	       ir_rgn(p->r0, 0, GEN_TYPE_UD, 8, 8, 1));
	struct ir_opnd none = { 0 };
	struct ir_inst *s = bld_emit_send(b, 8, true, none, eot, 1, 0, 0, 0,
	                                  gen_msg_eot(p->plat));
	s->opts |= GEN_OPT_EOT;
}

/* plat_has_visa_op searches its table: asked once per opcode and kept
 * (issue 12: 200 instructions a vISA instruction before). */
static bool has_op(struct bld *b, unsigned op)
{
	if (op >= sizeof b->op_avail)
		return plat_has_visa_op(b->p->plat, op);
	if (!b->op_avail[op])
		b->op_avail[op] = plat_has_visa_op(b->p->plat, op) ? 1 : 2;
	return b->op_avail[op] == 1;
}

static bool translate(struct bld *b, const struct visa_op_info *oi)
{
	if (!oi)
		return ir_bad_input(b->p, "unknown opcode 0x%02x", b->in->opcode);
	/* a channel offset the hardware can express: a multiple of the exec
	 * size (of 4 below it; a power of two), inside the 32 channels */
	unsigned n = bld_exec_size(b->in->exec), off = bld_choff(b->in->exec);
	if ((off & ((n < 4 ? 4 : n) - 1)) != 0 || off + n > 32)
		return ir_bad_input(b->p, "execution mask M%u with exec size %u",
		                    off / 4 + 1, n);
	/* An instruction the platform lacks is an error, never a guess
	 * (spec appendix_instruction_by_platform, platforms/visa_avail.def). */
	if (!has_op(b, b->in->opcode))
		return ir_unsupported(b->p, "%s is unsupported on %s", oi->name,
		                      b->p->plat->name);
	switch (oi->cls) {
	case VISA_CLASS_ARITH: case VISA_CLASS_LOGIC: case VISA_CLASS_MOV:
	case VISA_CLASS_COMPARE: case VISA_CLASS_ADDR:
		return bld_alu(b);
	case VISA_CLASS_FLOW: case VISA_CLASS_SIMD_FLOW:
		if (b->in->opcode == VISA_OP_FCALL || b->in->opcode == VISA_OP_FRET)
			return bld_stackcall(b);
		return bld_flow(b);
	case VISA_CLASS_DATAPORT:
		if (b->in->opcode == VISA_OP_SCATTER4_TYPED ||
		    b->in->opcode == VISA_OP_GATHER4_TYPED)
			return bld_sampler(b);
		return bld_send(b);
	case VISA_CLASS_SAMPLER:
		return bld_sampler(b);
	case VISA_CLASS_SVM:
		return bld_svm(b);
	case VISA_CLASS_SYNC:
		return bld_sync(b);
	case VISA_CLASS_MISC:
		switch (b->in->opcode) {
		case VISA_OP_LIFETIME: case VISA_OP_FILE: case VISA_OP_LOC:
			return true;
		case VISA_OP_RAW_SEND: case VISA_OP_RAW_SENDS:
			return bld_send(b);
		default:
			break;
		}
		/* fall through */
	default:
		return ir_unsupported(b->p, "not supported yet");
	}
}

static const char *inst_name(const struct vf_inst *in,
                             const struct visa_op_info *oi)
{
	if (in->has_subop) {
		const char *s = visa_subop_name(in->opcode, in->subop);
		if (s)
			return s;
	}
	return oi ? oi->name : "?";
}

/* A label of kind "subroutine" (the "func" instruction IGC prints as
 * .function) starts a subroutine: the kernel's own code, itself opened
 * by one at instruction 0, and its end of thread come before the first
 * other one. */
static bool starts_subroutine(const struct bld *b, const struct vf_inst *in)
{
	if (in->opcode != VISA_OP_LABEL && in->opcode != VISA_OP_SUBROUTINE)
		return false;
	uint64_t id = in->nopnds ? in->opnds[0].u.other : 0;
	return id < b->r->label_count && b->r->labels[id].kind == 1;
}

bool bld_walk(struct bld *b)
{
	const struct vf_routine *r = b->r;
	for (uint32_t i = 0; i < r->inst_count; i++) {
		b->in = &r->insts[i];
		const struct visa_op_info *oi = visa_op_info(b->in->opcode);
		b->p->loc = i + 1;
		b->p->line = b->in->line;
		b->p->inst_name = inst_name(b->in, oi);
		if (!b->in_subroutine && i > 0 && starts_subroutine(b, b->in)) {
			b->p->inst_name = NULL;
			ir_emit_label(b->p, b->exit_label);
			bld_emit_eot(b);
			b->in_subroutine = true;
		}
		if (!translate(b, oi))
			return false;
	}
	b->p->inst_name = NULL;
	if (!b->in_subroutine && b->r->is_kernel) {
		ir_emit_label(b->p, b->exit_label);
		bld_emit_eot(b);
	}
	return true;
}

bool ir_build(struct ir_prog *p, const struct vf_module *m, unsigned kernel);

bool ir_build(struct ir_prog *p, const struct vf_module *m, unsigned kernel)
{
	struct bld b = { .p = p, .m = m, .r = &m->kernels[kernel].body };
	p->name = m->kernels[kernel].name;
	if (b.r->layout == VF_LAYOUT_IGC && b.r->inst_count > 1)
		return ir_bad_input(p, "the binary has IGC's truncated instruction "
		                    "layout (operands missing, docs/objmodel.md); "
		                    "finalize the .visaasm text instead");
	/* The arrays sized from the kernel's counts once (issue 12: grown by
	 * doubling, a 20k-instruction kernel's instructions were reallocated
	 * and copied ten times): about 1.2 IR instructions a vISA one on ALU
	 * code, a register a declared variable, predicate and address, and
	 * temporaries.  (Past the reserve they grow as before.) */
	uint32_t ni = b.r->inst_count;
	IR_VEC_RESERVE(p, p->insts, p->insts.n + ni + ni / 4 + 16);
	IR_VEC_RESERVE(p, p->vregs, p->vregs.n + b.r->var_count +
	               b.r->pred_count + b.r->addr_count + ni / 4 + 16);
	p->r0 = ir_vreg_new(p, IR_RF_GRF, IR_GRF_BYTES, IR_GRF_BYTES);
	struct ir_vreg *r0 = ir_vreg(p, p->r0);
	r0->pin = 0;
	r0->flags |= IR_V_PINNED | IR_V_NOSPILL | IR_V_LIVE_IN | IR_V_WHOLE_GRF;
	r0->name = "r0";
	uint32_t v = 0;
	p->simd = vf_routine_attr_u32(b.r, "SimdSize", &v) && v ? v : 8;
	if (p->simd != 8 && p->simd != 16 && p->simd != 32)
		return ir_bad_input(p, "kernel attribute SimdSize=%u: must be 8, 16 "
		                    "or 32", p->simd);
	if (vf_routine_attr_u32(b.r, "SpillMemOffset", &v))
		p->spill_base = v;
	if (vf_routine_attr_u32(b.r, "SLMSize", &v))
		p->slm_size = v;
	if (!bld_abi_setup(p, m, kernel, &b.fn_labels) ||
	    !bld_setup_symbols(&b) || !setup_inputs(&b))
		return false;
	b.exit_label = ir_label_new(p, "_exit", IR_L_BLOCK);
	bld_abi_prologue(&b);
	return bld_walk(&b) && bld_functions(p, m, b.fn_labels);
}
