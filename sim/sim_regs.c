/*
 * sim_regs.c - the thread's register files and operand regions: where
 * element c of a source or destination lives (direct regions
 * <VertStride;Width,HorzStride>, the implied regions of 3-source and
 * math-macro operands, indirect r[a0.N,imm] with one address register
 * or one per row (Vx1/VxH), ARF registers), the execution mask
 * (per-channel instruction pointers, dispatch mask, NoMask), predication
 * (normal and any/all N-channel groups) and flag bits.
 *
 * Facts: GEN-FACTS.md 2 (region fields, ARF numbers, flags), 8 (regions
 * rules); Mesa brw_eu_defines.h (predicate controls); channel c of an
 * instruction with channel offset M uses flag bit M+c of the 32-bit
 * flag register, counted from the 16-bit subregister the instruction
 * names (IGC cmp (16|M16) (lt)f0.0 writes f0.1).
 */
#include "config.h"

#include <string.h>

#include "sim_priv.h"

uint8_t *sim_reg_space(struct sim_thread *t, enum gen_regname rn,
                       unsigned nr, unsigned *size)
{
	switch (rn) {
	case GEN_RN_GRF:
		if (nr >= SIM_GRF_COUNT)
			return NULL;
		*size = SIM_GRF_BYTES - nr * SIM_GRF_SIZE;
		return t->grf + nr * SIM_GRF_SIZE;
	case GEN_RN_ACC:
		if (nr > 1)
			return NULL;
		*size = 64 - nr * 32;
		return t->acc + nr * 32;
	case GEN_RN_MME:
		if (nr > 7)
			return NULL;
		*size = 32;
		return t->mme[nr];
	case GEN_RN_F:
		if (nr > 1)
			return NULL;
		*size = 8 - nr * 4;
		return t->flag + nr * 4;
	case GEN_RN_A: *size = 32; return t->a0;
	case GEN_RN_SR: *size = 16; return t->sr0;
	case GEN_RN_CR: *size = 16; return t->cr0;
	case GEN_RN_N: *size = 8; return t->n0;
	case GEN_RN_SP: *size = 16; return t->sp;
	case GEN_RN_TM: *size = 16; return t->tm0;
	case GEN_RN_TDR: *size = 16; return t->tdr;
	case GEN_RN_DBG: *size = 16; return t->dbg;
	case GEN_RN_IP: *size = 4; return t->ip_reg;
	case GEN_RN_CE: *size = 4; return t->ce0;
	case GEN_RN_MSG: *size = 32; return t->msg;
	case GEN_RN_FC: *size = 32; return t->fc;
	default:
		return NULL;
	}
}

uint16_t sim_a0(const struct sim_thread *t, unsigned sub)
{
	uint16_t v;
	memcpy(&v, t->a0 + 2 * (sub & 15), 2);
	return v;
}

uint32_t sim_grf_ud(const struct sim_thread *t, unsigned reg, unsigned dw)
{
	uint32_t v;
	memcpy(&v, t->grf + (reg % SIM_GRF_COUNT) * SIM_GRF_SIZE + 4 * (dw & 7),
	       4);
	return v;
}

/* Refresh the registers whose value is the thread state itself. */
static void refresh_arf(struct sim_thread *t, const struct gen_inst *in,
                        enum gen_regname rn)
{
	if (rn == GEN_RN_CE) {
		uint32_t m = 0;
		for (unsigned ch = 0; ch < SIM_MAX_CH; ch++)
			if (((t->dmask >> ch) & 1) && t->cip[ch] == t->ip)
				m |= 1u << ch;
		memcpy(t->ce0, &m, 4);
	} else if (rn == GEN_RN_IP) {
		memcpy(t->ip_reg, &in->pc, 4);
	} else if (rn == GEN_RN_TM) {
		uint64_t v = t->icount;
		memcpy(t->tm0, &v, 8);
	}
}

static bool locate(struct sim_ctx *c, struct sim_thread *t,
                   const struct gen_inst *in, const struct gen_opnd *o,
                   unsigned ch, bool dst, uint8_t **p)
{
	unsigned tsz = gen_type_size((enum gen_type)o->type);
	unsigned size = 0;
	uint8_t *base;
	long off;
	if (o->kind == GEN_OPND_INDIRECT) {
		unsigned row = 0, col = ch;
		if (!dst && o->rgn.vs == GEN_VS_VXH) {
			unsigned w = o->rgn.w ? o->rgn.w : 1;
			row = ch / w;
			col = ch % w;
		}
		base = t->grf;
		size = SIM_GRF_BYTES;
		off = (long)sim_a0(t, o->ia_sub + row) + o->ia_imm;
		if (dst)
			off += (long)(ch * o->rgn.hs * tsz);
		else if (o->rgn.vs == GEN_VS_VXH)
			off += (long)(col * o->rgn.hs * tsz);
		else
			off += (long)(gen_rgn_elem(&o->rgn, ch) * tsz);
	} else {
		refresh_arf(t, in, (enum gen_regname)o->rn);
		base = sim_reg_space(t, (enum gen_regname)o->rn, o->nr, &size);
		if (!base) {
			sim_fail(c, in, VF_ERR_UNSUPPORTED, "register %s%u is not "
			         "modelled", plat_regname((enum gen_regname)o->rn),
			         o->nr);
			return false;
		}
		unsigned sub = o->sub;
		if (o->kind == GEN_OPND_MACRO)
			off = (long)(ch * tsz);
		else if (dst)
			off = (long)(sub + ch * (o->rgn.hs ? o->rgn.hs : 1) * tsz);
		else
			off = (long)(sub + gen_rgn_elem(&o->rgn, ch) * tsz);
	}
	if (off < 0 || (unsigned long)off + tsz > size) {
		sim_fail(c, in, VF_ERR_INPUT, "channel %u of an operand lies "
		         "outside the register file (byte %ld)", ch, off);
		return false;
	}
	*p = base + off;
	return true;
}

bool sim_read_src(struct sim_ctx *c, struct sim_thread *t,
                  const struct gen_inst *in, const struct gen_opnd *o,
                  unsigned ch, uint64_t *raw)
{
	if (o->kind == GEN_OPND_IMM) {
		enum gen_type et;
		unsigned e = ch;
		if ((o->type == GEN_TYPE_V || o->type == GEN_TYPE_UV ||
		     o->type == GEN_TYPE_VF) && !sim_packed_lane(in, o, ch, &e)) {
			sim_fail(c, in, VF_ERR_INPUT, "packed vector immediate "
			         "with a destination not 16-byte aligned "
			         "(undefined on the hardware)");
			return false;
		}
		*raw = sim_imm_elem(o, e, &et);
		return true;
	}
	if (o->kind != GEN_OPND_INDIRECT && o->rn == GEN_RN_NULL) {
		*raw = 0;
		return true;
	}
	uint8_t *p;
	if (!locate(c, t, in, o, ch, false, &p))
		return false;
	uint64_t v = 0;
	memcpy(&v, p, gen_type_size((enum gen_type)o->type));
	*raw = v;
	return true;
}

bool sim_write_dst(struct sim_ctx *c, struct sim_thread *t,
                   const struct gen_inst *in, unsigned ch, uint64_t raw)
{
	const struct gen_opnd *o = &in->dst;
	if (o->kind != GEN_OPND_INDIRECT && o->rn == GEN_RN_NULL)
		return true;
	uint8_t *p;
	if (!locate(c, t, in, o, ch, true, &p))
		return false;
	memcpy(p, &raw, gen_type_size((enum gen_type)o->type));
	return true;
}

uint32_t sim_exec_mask(const struct sim_thread *t, const struct gen_inst *in)
{
	unsigned n = in->exec_size;
	uint32_t all = n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1;
	if (in->opts & GEN_OPT_NOMASK)
		return all;
	uint32_t m = 0;
	for (unsigned ch = 0; ch < n; ch++) {
		unsigned a = in->chan_off + ch;
		if (a < SIM_MAX_CH && ((t->dmask >> a) & 1) && t->cip[a] == t->ip)
			m |= 1u << ch;
	}
	return m;
}

uint32_t sim_flag_get(const struct sim_thread *t, unsigned nr)
{
	uint32_t v;
	memcpy(&v, t->flag + 4 * (nr & 1), 4);
	return v;
}

static bool flag_bit(const struct sim_thread *t, const struct gen_inst *in,
                     unsigned b)
{
	uint64_t f = sim_flag_get(t, in->flag_nr);
	if (in->flag_nr == 0)  /* bits past f0.1 continue into f1 */
		f |= (uint64_t)sim_flag_get(t, 1) << 32;
	return b < 64 && ((f >> b) & 1);
}

static unsigned group_size(unsigned pred, unsigned exec)
{
	switch (pred) {
	case GEN_PRED_ANY2H: case GEN_PRED_ALL2H: return 2;
	case GEN_PRED_ANY4H: case GEN_PRED_ALL4H: return 4;
	case GEN_PRED_ANY8H: case GEN_PRED_ALL8H: return 8;
	case GEN_PRED_ANY16H: case GEN_PRED_ALL16H: return 16;
	case GEN_PRED_ANY32H: case GEN_PRED_ALL32H: return 32;
	default: return exec;
	}
}

uint32_t sim_pred_mask(const struct sim_thread *t, const struct gen_inst *in)
{
	unsigned n = in->exec_size;
	uint32_t all = n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1;
	if (in->pred == GEN_PRED_NONE)
		return all;
	unsigned first = in->flag_sub * 16u + in->chan_off;
	bool any = in->pred == GEN_PRED_ANYV || (in->pred >= GEN_PRED_ANY2H &&
	           (in->pred - GEN_PRED_ANY2H) % 2 == 0);
	unsigned gs = group_size(in->pred, n);
	uint32_t m = 0;
	for (unsigned ch = 0; ch < n; ch++) {
		unsigned b = first + ch;
		bool v;
		if (in->pred == GEN_PRED_NORMAL) {
			v = flag_bit(t, in, b);
		} else {
			unsigned g0 = in->flag_sub * 16u + ((b - in->flag_sub * 16u)
			              / gs) * gs;
			v = !any;
			for (unsigned i = 0; i < gs; i++) {
				bool f = flag_bit(t, in, g0 + i);
				if (any && f)
					v = true;
				if (!any && !f)
					v = false;
			}
		}
		if (v != in->pred_inv)
			m |= 1u << ch;
	}
	return m;
}

uint32_t sim_enabled(const struct sim_thread *t, const struct gen_inst *in)
{
	return sim_exec_mask(t, in) & sim_pred_mask(t, in);
}

void sim_flag_set_bit(struct sim_thread *t, const struct gen_inst *in,
                      unsigned ch, bool v)
{
	unsigned b = in->flag_sub * 16u + in->chan_off + ch;
	unsigned nr = in->flag_nr;
	if (b >= 32) {
		b -= 32;
		nr++;
	}
	if (nr > 1)
		return;
	uint32_t f = sim_flag_get(t, nr);
	f = v ? f | (1u << b) : f & ~(1u << b);
	memcpy(t->flag + 4 * nr, &f, 4);
}
