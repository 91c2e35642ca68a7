/*
 * opnd_count.h - per-register read and write counts over the whole
 * program, the first step of copyprop, flag_fold and coalesce.
 *
 * The same operands ir_for_each_opnd (ir/ir.c) visits, counted inline
 * instead of through a callback per operand (issue 12: the callback
 * walk was a fifth of each of these passes): reads are the register
 * and indirect sources (an indirect one counts its address register),
 * the predicate's flag and the descriptor register; writes are the
 * destination (register or indirect) and the flag a condition modifier
 * sets (not sel's, which reads it as the predicate does).  Labels
 * have none.  Keep the two in step with ir_for_each_opnd.
 */
#ifndef VISAFIN_OPND_COUNT_H
#define VISAFIN_OPND_COUNT_H

#include "../ir/ir.h"

static inline bool fin_counted(const struct ir_opnd *o)
{
	return o->kind == IR_O_REG || o->kind == IR_O_IND;
}

/* reads[v] += reads of v in 'in' */
static inline void fin_count_reads(const struct ir_inst *in, uint32_t *reads)
{
	if (in->op == IR_OP_LABEL)
		return;
	for (unsigned s = 0; s < in->nsrc; s++)
		if (fin_counted(&in->src[s]))
			reads[in->src[s].v]++;
	if (in->flag && in->pred)
		reads[in->flag]++;
	if (in->desc_reg)
		reads[in->desc_reg]++;
}

/* defs[v] += writes of v in 'in' */
static inline void fin_count_defs(const struct ir_inst *in, uint32_t *defs)
{
	if (in->op == IR_OP_LABEL)
		return;
	if (in->flag && in->cmod && in->op != GEN_OP_SEL)
		defs[in->flag]++;
	if (fin_counted(&in->dst))
		defs[in->dst.v]++;
}

/* A register byte_layout may widen (byte_layout.c). */
static inline bool fin_widenable(const struct ir_vreg *r)
{
	return r->file == IR_RF_GRF && r->pin < 0 &&
	       !(r->flags & (IR_V_PINNED | IR_V_ADDR_TAKEN | IR_V_LIVE_IN |
	                     IR_V_GLOBAL | IR_V_WHOLE_GRF | IR_V_NOSPILL));
}

/* What constfold's walk finds out about the operands of the code it
 * leaves, for the passes after it (issue 12: their walks over every
 * instruction): the read counts copyprop starts from, and whether any
 * register operand of at most two bytes names a register byte_layout
 * may widen.  copyprop keeps 'narrow' true: it only moves operands
 * that exist onto registers read with the same element size, so a
 * narrow operand it makes names a register one already did.
 * Carried constfold -> copyprop (IR_CARRY_OPNDS), copyprop ->
 * byte_layout (IR_CARRY_NARROW). */
struct fin_opnd_facts {
	uint32_t *reads;
	bool narrow;
};

static inline bool fin_narrow_opnd(const struct ir_prog *p,
                                   const struct ir_opnd *o)
{
	return o->kind == IR_O_REG &&
	       gen_type_size((enum gen_type)o->type) <= 2 &&
	       fin_widenable(&p->vregs.a[o->v]);
}

/* facts->narrow |= 'in' has such an operand */
static inline void fin_note_narrow(const struct ir_prog *p,
                                   const struct ir_inst *in,
                                   struct fin_opnd_facts *facts)
{
	for (unsigned s = 0; s < in->nsrc; s++)
		facts->narrow |= fin_narrow_opnd(p, &in->src[s]);
	facts->narrow |= fin_narrow_opnd(p, &in->dst);
}

#endif
