/*
 * build_call.c - stack calls: the ABI registers, fcall/fret, and the
 * bodies of the called functions (separate vISA objects in the module).
 *
 * Input: a kernel whose module has functions (.global_function objects,
 * the corpus's *.f<K>.visaasm).  Output: the functions' IR after the
 * kernel's, entered by Gen call and left by ret through a per-function
 * return-address register.
 *
 * ABI (ours: kernel and functions are finalized together): %arg and
 * %retval are fixed GRF blocks below r126; r126 holds %sp (byte 0), %fp
 * (byte 8) and the register-save stack pointer (byte 16, in 32-byte
 * scratch units, set in the prologue to the first scratch GRF after the
 * spill slots); %hw_id = r0.5 & 0x1FF (the thread's FFTID, GEN-FACTS 7.1)
 * is computed in the prologue.  Every register live across an fcall is
 * saved to that stack and restored after the call (regalloc/callsave.c),
 * so recursion works with one register assignment.
 *
 * Spec: shared/spec/visa/instructions/FCALL.md, FRET.md, 3_execution_model
 * .md (pre-defined variables %arg, %retval, %sp, %fp, %hw_id).
 */
#include "config.h"

#include <string.h>

#include "build.h"

#define ABI_TOP_GRF 126   /* %sp/%fp/save pointer; r127 is the EOT payload */

/* GRFs a routine needs for %arg (id 8) or %retval (id 9): the larger of
 * its ArgSize/RetValSize attribute and the extent of its aliases. */
static uint32_t abi_grfs(const struct vf_routine *r, uint32_t id)
{
	uint32_t n = 0;
	vf_routine_attr_u32(r, id == 8 ? "ArgSize" : "RetValSize", &n);
	for (uint32_t v = 0; v < r->var_count; v++) {
		const struct vf_var *d = &r->vars[v];
		if (d->alias_index != id || d->alias_scope)
			continue;
		uint32_t ts = vf_type_size(d->bit_properties & 0xF);
		uint32_t end = d->alias_offset + ts * d->num_elements;
		uint32_t g = (end + IR_GRF_BYTES - 1) / IR_GRF_BYTES;
		if (g > n)
			n = g;
	}
	return n;
}

static bool aliases(const struct vf_routine *r, uint32_t id)
{
	for (uint32_t v = 0; v < r->var_count; v++)
		if (r->vars[v].alias_index == id && !r->vars[v].alias_scope)
			return true;
	return false;
}

static uint32_t pinned(struct ir_prog *p, uint32_t grf, uint32_t size,
                       const char *name)
{
	uint32_t v = ir_vreg_new(p, IR_RF_GRF, size, IR_GRF_BYTES);
	struct ir_vreg *r = ir_vreg(p, v);
	r->pin = (int32_t)(grf * IR_GRF_BYTES);
	r->flags |= IR_V_PINNED | IR_V_NOSPILL | IR_V_GLOBAL | IR_V_WHOLE_GRF;
	r->name = name;
	return v;
}

bool bld_abi_setup(struct ir_prog *p, const struct vf_module *m,
                   unsigned kernel, uint32_t **fn_labels)
{
	const struct vf_routine *k = &m->kernels[kernel].body;
	*fn_labels = ir_alloc(p, (m->function_count + 1u) * sizeof **fn_labels);
	for (unsigned f = 0; f < m->function_count; f++)
		(*fn_labels)[f] = ir_label_new(p, m->functions[f].name ?
		                               m->functions[f].name : "function",
		                               IR_L_FUNCTION);
	bool calls = m->function_count > 0;
	if (calls || aliases(k, 12)) {
		p->hwid = ir_vreg_new(p, IR_RF_GRF, 4, 4);
		ir_vreg(p, p->hwid)->flags |= IR_V_GLOBAL | IR_V_NOSPILL;
		ir_vreg(p, p->hwid)->name = "hw_id";
	}
	if (!calls)
		return true;
	uint32_t narg = abi_grfs(k, 8), nret = abi_grfs(k, 9);
	for (unsigned f = 0; f < m->function_count; f++) {
		const struct vf_routine *r = &m->functions[f].body;
		uint32_t a = abi_grfs(r, 8), rv = abi_grfs(r, 9);
		narg = a > narg ? a : narg;
		nret = rv > nret ? rv : nret;
	}
	narg = narg ? narg : 1;
	nret = nret ? nret : 1;
	if (narg + nret + 16 > ABI_TOP_GRF)
		return ir_unsupported(p, "%u GRFs of stack-call arguments", narg);
	p->has_calls = true;
	p->spfp = pinned(p, ABI_TOP_GRF, IR_GRF_BYTES, "sp_fp");
	p->retval = pinned(p, ABI_TOP_GRF - nret, nret * IR_GRF_BYTES, "retval");
	p->arg = pinned(p, ABI_TOP_GRF - nret - narg, narg * IR_GRF_BYTES, "arg");
	p->desc_a0 = ir_vreg_new(p, IR_RF_ADDR, 4, 4);
	struct ir_vreg *a0 = ir_vreg(p, p->desc_a0);
	a0->pin = 0;
	a0->flags |= IR_V_PINNED | IR_V_GLOBAL;
	a0->name = "a0.save";
	return true;
}

void bld_abi_prologue(struct bld *b)
{
	struct ir_prog *p = b->p;
	if (p->hwid)
		ir_op2(p, GEN_OP_AND, 1, true, ir_dst(p->hwid, 0, GEN_TYPE_UD, 1),
		       ir_scalar(p->r0, 20, GEN_TYPE_UD), ir_imm(0x1FF, GEN_TYPE_UD));
	if (p->has_calls) {
		struct ir_opnd top = ir_imm(0, GEN_TYPE_UD);
		top.kind = IR_O_STACKTOP;
		ir_op1(p, GEN_OP_MOV, 1, true, ir_dst(p->spfp, 16, GEN_TYPE_UD, 1),
		       top);
	}
}

static uint32_t fn_ret_vreg(struct ir_prog *p, uint32_t label)
{
	struct ir_label *l = &p->labels.a[label];
	if (l->ret_vreg < 0) {
		uint32_t v = ir_vreg_new(p, IR_RF_GRF, 8, 8);
		ir_vreg(p, v)->name = "fn_retaddr";
		p->labels.a[label].ret_vreg = (int32_t)v;
	}
	return (uint32_t)p->labels.a[label].ret_vreg;
}

static bool find_function(const struct bld *b, const char *name,
                          uint32_t *label)
{
	for (unsigned f = 0; f < b->m->function_count; f++)
		if (b->m->functions[f].name && !strcmp(b->m->functions[f].name, name)) {
			*label = b->fn_labels[f];
			return true;
		}
	return false;
}

/* fcall F argsize retsize -> call (exec) F.retaddr F; fret -> ret. */
bool bld_stackcall(struct bld *b)
{
	struct ir_inst in;
	memset(&in, 0, sizeof in);
	in.jip = in.uip = -1;
	in.loc = b->p->loc;
	in.opts = IR_OPT_STACKCALL;
	bld_exec(b, &in);
	if (!bld_pred(b, &in))
		return false;
	if (in.flag)
		return ir_unsupported(b->p, "predicated stack calls");
	uint32_t l;
	if (b->in->opcode == VISA_OP_FCALL) {
		const char *name = vf_routine_string(b->r, (uint32_t)bld_int(b, 0));
		if (!name || !find_function(b, name, &l))
			return ir_unsupported(b->p, "call of '%s', which is not in the "
			                      "module", name ? name : "?");
		in.op = GEN_OP_CALL;
		in.dst = ir_dst(fn_ret_vreg(b->p, l), 0, GEN_TYPE_UD, 1);
		in.src[0] = ir_label_opnd(l);
		in.jip = (int32_t)l;
	} else {
		if (b->r->is_kernel)
			return ir_bad_input(b->p, "fret in a kernel");
		in.op = GEN_OP_RET;
		in.src[0] = ir_rgn(fn_ret_vreg(b->p, b->cur_fn), 0, GEN_TYPE_UD,
		                   2, 2, 1);
	}
	in.nsrc = 1;
	ir_emit_copy(b->p, &in);
	return true;
}

bool bld_functions(struct ir_prog *p, const struct vf_module *m,
                   uint32_t *fn_labels)
{
	for (unsigned f = 0; f < m->function_count; f++) {
		struct bld b = { .p = p, .m = m, .r = &m->functions[f].body,
		                 .fn_labels = fn_labels, .cur_fn = fn_labels[f],
		                 .in_subroutine = true };
		if (!bld_setup_symbols(&b))
			return false;
		ir_emit_label(p, fn_labels[f]);
		if (!bld_walk(&b))
			return false;
	}
	return true;
}
