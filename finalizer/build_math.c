/*
 * build_math.c - vISA math instructions to the Gen extended math unit.
 *
 * Input: the current vISA instruction.  Output: math instructions with a
 * function control (GEN-FACTS 2.4): inv, log (log2), exp (2^x), sqt,
 * rsqt, sin, cos, pow, fdiv for floats; iqot/irem for 32-bit integer div
 * and mod.  Operand restrictions (no immediates where the unit forbids
 * them, SIMD8 integer division, regions) are the legalizer's job.
 *
 * Spec: shared/spec/visa/instructions/ DIV.md, MOD.md, INV.md, LOG.md,
 * EXP.md, SQRT.md, RSQRT.md, SIN.md, COS.md, POW.md.  The IEEE macros
 * (divm, sqrtm) and 64-bit integer division are not supported yet.
 */
#include "config.h"

#include <string.h>

#include "build.h"

static bool emit_math(struct bld *b, unsigned fc, unsigned nsrc)
{
	struct ir_inst in;
	memset(&in, 0, sizeof in);
	in.op = GEN_OP_MATH;
	in.jip = in.uip = -1;
	in.loc = b->p->loc;
	in.fc = (uint8_t)fc;
	bld_exec(b, &in);
	if (!bld_pred(b, &in) || !bld_dst(b, 0, &in.dst, &in.sat))
		return false;
	for (unsigned s = 0; s < nsrc; s++)
		if (!bld_src(b, 1 + s, &in.src[s]))
			return false;
	in.nsrc = (uint8_t)nsrc;
	enum gen_type t = (enum gen_type)in.dst.type;
	if (fc == GEN_MATH_FDIV && !gen_type_is_float(t)) {
		if (gen_type_size(t) != 4)
			return ir_unsupported(b->p, "%u-byte integer division",
			                      gen_type_size(t));
		in.fc = GEN_MATH_IQOT;
	}
	if (fc == GEN_MATH_IREM && gen_type_size(t) != 4)
		return ir_unsupported(b->p, "%u-byte integer remainder",
		                      gen_type_size(t));
	if (in.fc < GEN_MATH_IDIV && t != GEN_TYPE_F && t != GEN_TYPE_HF)
		return ir_unsupported(b->p, "math on :%s", gen_type_name(t));
	ir_emit_copy(b->p, &in);
	return true;
}

bool bld_math(struct bld *b)
{
	switch (b->in->opcode) {
	case VISA_OP_INV: return emit_math(b, GEN_MATH_INV, 1);
	case VISA_OP_LOG: return emit_math(b, GEN_MATH_LOG, 1);
	case VISA_OP_EXP: return emit_math(b, GEN_MATH_EXP, 1);
	case VISA_OP_SQRT: return emit_math(b, GEN_MATH_SQT, 1);
	case VISA_OP_RSQRT: return emit_math(b, GEN_MATH_RSQT, 1);
	case VISA_OP_SIN: return emit_math(b, GEN_MATH_SIN, 1);
	case VISA_OP_COS: return emit_math(b, GEN_MATH_COS, 1);
	case VISA_OP_POW: return emit_math(b, GEN_MATH_POW, 2);
	case VISA_OP_DIV: return emit_math(b, GEN_MATH_FDIV, 2);
	case VISA_OP_MOD: return emit_math(b, GEN_MATH_IREM, 2);
	default:
		return ir_unsupported(b->p, "not supported yet");
	}
}
