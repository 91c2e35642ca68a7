/*
 * region64.c - the CHV/BXT 64-bit region rules checked on a decoded
 * instruction (caps.def region_64bit_restricted).
 *
 * "When source or destination datatype is 64b or operation is integer
 * DWord multiply, regioning in Align1 must follow these rules: 1. Source
 * and Destination horizontal stride must be aligned to the same qword.
 * 2. Regioning must ensure Src.Vstride = Src.Width * Src.Hstride.
 * 3. Source and Destination offset must be the same, except the case of
 * scalar source", and such an instruction uses no indirect addressing,
 * no ARF but null, and no DepCtrl (CHV/BXT PRM "Register Region
 * Restrictions", as quoted by Mesa brw_eu_validate.c and IGC
 * HWConformity.cpp fix64bInst).  Rule 1 is read as IGC reads it (strides
 * multiples of 8 bytes; IGC keeps a :df source of stride 2 next to a
 * destination of stride 1, GenX_IR -platform BXT emits it), not as Mesa's
 * validator (equal byte strides): docs/platforms.md.
 *
 * Used by difftest on visafin's BXT binaries: gensim does not model the
 * restriction, so a broken rule would not show in a simulation.
 */
#include "config.h"

#include <stdio.h>

#include "gen.h"
#include "region64.h"

static bool is_dword(unsigned t)
{
	return t == GEN_TYPE_D || t == GEN_TYPE_UD;
}

static bool present(const struct gen_opnd *o)
{
	return o->kind == GEN_OPND_DIRECT || o->kind == GEN_OPND_INDIRECT;
}

static bool is_null(const struct gen_opnd *o)
{
	return o->kind == GEN_OPND_DIRECT && o->rn == GEN_RN_NULL;
}

static bool is_scalar(const struct gen_inst *in, const struct gen_opnd *o)
{
	return in->exec_size == 1 ||
	       (o->rgn.vs == 0 && o->rgn.hs == 0 && o->rgn.w == 1);
}

/* Does the rule apply (an 8-byte operand, or D x D mul)? */
static bool applies(const struct gen_inst *in)
{
	if (gen_op_is_send(in->op) || gen_op_is_branch(in->op) ||
	    in->access != GEN_ALIGN1)
		return false;
	if (present(&in->dst) && gen_type_size((enum gen_type)in->dst.type) == 8)
		return true;
	for (unsigned s = 0; s < in->nsrc; s++)
		if ((present(&in->src[s]) || in->src[s].kind == GEN_OPND_IMM) &&
		    gen_type_size((enum gen_type)in->src[s].type) == 8)
			return true;
	return in->op == GEN_OP_MUL && in->nsrc == 2 &&
	       is_dword(in->src[0].type) && is_dword(in->src[1].type);
}

const char *gen_check_region64(const struct plat_info *p,
                               const struct gen_inst *in, char *buf,
                               size_t size)
{
	if (!p->caps.region_64bit_restricted || !applies(in))
		return NULL;
	const struct gen_opnd *d = &in->dst;
	if (in->opts & (GEN_OPT_NODDCHK | GEN_OPT_NODDCLR))
		return "DepCtrl ({NoDDClr}/{NoDDChk}) in a 64-bit instruction";
	if (d->kind == GEN_OPND_INDIRECT)
		return "indirect destination in a 64-bit instruction";
	if (d->kind == GEN_OPND_DIRECT && d->rn != GEN_RN_GRF && !is_null(d))
		return "ARF destination in a 64-bit instruction";
	bool vec_dst = in->exec_size > 1 && d->kind == GEN_OPND_DIRECT && !is_null(d);
	if (vec_dst && d->rgn.hs * gen_type_size((enum gen_type)d->type) % 8) {
		snprintf(buf, size, "destination stride of %u bytes in a 64-bit "
		         "instruction (not a multiple of 8)",
		         d->rgn.hs * gen_type_size((enum gen_type)d->type));
		return buf;
	}
	int want = vec_dst ? (int)d->sub : -1;
	for (unsigned s = 0; s < in->nsrc; s++) {
		const struct gen_opnd *o = &in->src[s];
		if (o->kind == GEN_OPND_INDIRECT)
			return "indirect source in a 64-bit instruction";
		if (o->kind != GEN_OPND_DIRECT || is_null(o))
			continue;
		if (o->rn != GEN_RN_GRF)
			return "ARF source in a 64-bit instruction";
		if (o->rgn.vs != o->rgn.w * o->rgn.hs) {
			snprintf(buf, size, "src%u region <%u;%u,%u> in a 64-bit "
			         "instruction (vstride must be width x hstride)", s,
			         o->rgn.vs, o->rgn.w, o->rgn.hs);
			return buf;
		}
		if (is_scalar(in, o))
			continue;
		unsigned stride = o->rgn.hs * gen_type_size((enum gen_type)o->type);
		if (o->rgn.w == 1)
			stride = o->rgn.vs * gen_type_size((enum gen_type)o->type);
		if (stride % 8) {
			snprintf(buf, size, "src%u stride of %u bytes in a 64-bit "
			         "instruction (not a multiple of 8)", s, stride);
			return buf;
		}
		if (want < 0)
			want = (int)o->sub;
		if ((int)o->sub != want) {
			snprintf(buf, size, "src%u at byte %u of its register, the "
			         "destination (or src0) at %d: a 64-bit instruction "
			         "needs equal offsets", s, o->sub, want);
			return buf;
		}
	}
	return NULL;
}
