/*
 * build_sampler.c - 3D sampler instructions (sample_3d / load_3d with the
 * operations whose parameters go to the sampler unchanged) and typed
 * surface reads and writes, to SEND messages.
 *
 * Input: the current vISA instruction.  Output: a sampler message (SFID
 * 2) with a header (a copy of r0, whose dword 3 is the sampler state
 * pointer, with the disabled-channel mask in bits 15:12 of dword 2), the
 * parameters in order, each exec-size elements (one GRF per 8 lanes),
 * and the enabled channels returned one after the other; or a typed
 * surface read or write (data cache 1, SIMD8, no header on Gen9:
 * u [v [r [lod]]], then the data of a write; a read returns the enabled
 * channels one GRF each; IGC TranslateSendLdStLegacy.cpp facts).
 *
 * Spec: shared/spec/visa/instructions/3D_SAMPLE.md, 3D_LOAD.md,
 * GATHER4_TYPED.md, SCATTER4_TYPED.md; sampler message types = the vISA operation codes
 * (sample 0, sample_l 2, ld 7, sample_lz 0x18, ld_lz 0x1A); Desc[18:17]
 * SIMD mode (1 SIMD8, 2 SIMD16), [16:12] type, [11:8] sampler index,
 * [7:0] binding table index (GEN-FACTS 6.3).
 */
#include "config.h"

#include <string.h>

#include "build.h"


static void mask_of(struct bld *b, struct ir_inst *in)
{
	bld_exec(b, in);
	bld_pred(b, in);
}

static unsigned nchannels(unsigned m)
{
	return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1);
}

/* Copy raw parameter 'o' (n elements of 32 bits) into 'grfs' GRFs of the
 * payload at GRF 'at'. */
static void put_param(struct bld *b, uint32_t pl, unsigned at,
                      struct ir_opnd o, unsigned n)
{
	struct ir_inst *in = ir_emit(b->p, GEN_OP_MOV, n);
	mask_of(b, in);
	in->pred = 0;
	in->flag = 0;
	enum gen_type t = gen_type_size((enum gen_type)o.type) == 4
	                  ? (enum gen_type)o.type : GEN_TYPE_UD;
	in->dst = ir_dst(pl, (int32_t)(at * IR_GRF_BYTES), t, 1);
	in->src[0] = o;
	in->src[0].type = (uint8_t)t;
	in->src[0].rgn = n == 1 ? (struct gen_region){ 0, 1, 0 }
	                        : (struct gen_region){ 1, 1, 0 };
	in->nsrc = 1;
}

static bool state_index(struct bld *b, unsigned k, bool sampler,
                        uint32_t *out)
{
	uint64_t id = bld_int(b, k);
	const struct bld_surf *t = sampler ? b->samps : b->surfs;
	uint32_t n = sampler ? b->nsamps : b->nsurfs;
	if (id >= n)
		return ir_bad_input(b->p, "%s %llu out of range",
		                    sampler ? "sampler" : "surface",
		                    (unsigned long long)id);
	if (!t[id].known)
		return ir_unsupported(b->p, "%s without a constant index",
		                      sampler ? "sampler" : "surface");
	*out = t[id].bti & 0xFF;
	return true;
}

static bool supported_op(unsigned op)
{
	return op == 0x00 || op == 0x02 || op == 0x07 || op == 0x18 ||
	       op == 0x1A;
}

/* sample_3d: op, channels, aoffimmi, sampler, surface, dst, n, params;
 * load_3d lacks the sampler. */
static bool sampler3d(struct bld *b, bool load)
{
	unsigned opw = (unsigned)bld_int(b, 0), op = opw & 0x1F;
	unsigned chm = (unsigned)bld_int(b, 1) & 0xF, nch = nchannels(chm);
	unsigned k = 3;  /* first operand after aoffimmi */
	uint32_t samp = 0, bti;
	struct ir_opnd off, dst;
	if (!supported_op(op) || (opw & ~0x1Fu))
		return ir_unsupported(b->p, "sampler operation 0x%x", opw);
	if (!bld_src(b, 2, &off))
		return false;
	if (off.kind != IR_O_IMM || off.imm != 0)
		return ir_unsupported(b->p, "sampler texel offsets");
	if ((!load && !state_index(b, k++, true, &samp)) ||
	    !state_index(b, k++, false, &bti) || !bld_raw(b, k++, &dst))
		return false;
	unsigned np = (unsigned)bld_int(b, k++);
	unsigned n = bld_exec_size(b->in->exec), per = n > 8 ? 2 : 1;
	if (!nch || n > 16 || np == 0 || np > 8)
		return ir_bad_input(b->p, "exec size %u, %u parameters", n, np);
	uint32_t hdr = bld_payload(b, 1);
	ir_op1(b->p, GEN_OP_MOV, 8, true, ir_dst(hdr, 0, GEN_TYPE_UD, 1),
	       ir_rgn(b->p->r0, 0, GEN_TYPE_UD, 8, 8, 1));
	ir_op1(b->p, GEN_OP_MOV, 1, true, ir_dst(hdr, 8, GEN_TYPE_UD, 1),
	       ir_imm((~chm & 0xFu) << 12, GEN_TYPE_UD));
	uint32_t pl = bld_payload(b, np * per);
	for (unsigned i = 0; i < np; i++) {
		struct ir_opnd prm;
		if (!bld_raw(b, k + i, &prm))
			return false;
		put_param(b, pl, i * per, prm, n);
	}
	unsigned rlen = dst.kind == IR_O_REG ? nch * per : 0;
	struct gen_msg m = gen_msg_sampler(b->p->plat, op, per * 8, samp, bti,
	                                   true);
	/* the response in place only when it is whole registers there */
	struct bld_dst_plan d;
	bld_plan_dst(b, &d, dst, rlen);
	struct ir_inst *s = bld_emit_send(b, 1, false, d.dst, hdr, 1, pl,
	                                  np * per, rlen, m);
	mask_of(b, s);
	bld_copy_out(b, &d, GEN_TYPE_UD, n, nch, per, per * IR_GRF_BYTES);
	return true;
}

/* The address payload of a typed message: u [v [r [lod]]] from operands
 * k..k+3 (a missing v or r before lod is left undefined: the hardware
 * ignores it).  Returns the payload vreg, its length in *na. */
static bool typed_addr(struct bld *b, unsigned k, unsigned n, uint32_t *pl,
                       unsigned *na)
{
	struct ir_opnd a[4];
	for (unsigned i = 0; i < 4; i++)
		if (!bld_raw(b, k + i, &a[i]))
			return false;
	*na = a[3].kind == IR_O_REG ? 4 : a[2].kind == IR_O_REG ? 3
	      : a[1].kind == IR_O_REG ? 2 : 1;
	*pl = bld_payload(b, *na);
	for (unsigned i = 0; i < *na; i++)
		if (a[i].kind == IR_O_REG)
			put_param(b, *pl, i, a[i], n);
	return true;
}

/* gather4_typed / scatter4_typed: channels, surface, u, v, r, lod, then
 * dst or data (SIMD8, one GRF per enabled channel). */
static bool typed(struct bld *b, bool write)
{
	unsigned chm = (unsigned)bld_int(b, 0) & 0xF, nch = nchannels(chm);
	unsigned n = bld_exec_size(b->in->exec);
	uint32_t bti, pl;
	unsigned na;
	struct ir_opnd data;
	if (!nch || n > 8)
		return ir_unsupported(b->p, "typed %s of exec size %u",
		                      write ? "write" : "read", n);
	if (!state_index(b, 1, false, &bti) || !typed_addr(b, 2, n, &pl, &na) ||
	    !bld_raw(b, 6, &data))
		return false;
	struct gen_msg m = gen_msg_typed_rw(b->p->plat, write, chm, bti);
	struct ir_opnd none = { 0 };
	struct ir_inst *s;
	if (write) {
		uint32_t dpl = bld_payload(b, nch);
		for (unsigned c = 0; c < nch; c++) {
			struct ir_opnd o = data;
			o.off += (int32_t)(c * (n < 8 ? 8 : n) * 4);
			put_param(b, dpl, c, o, n);
		}
		s = bld_emit_send(b, 1, false, none, pl, na, dpl, nch, 0, m);
	} else {
		struct bld_dst_plan d;
		unsigned rlen = data.kind == IR_O_REG ? nch : 0;
		bld_plan_dst(b, &d, data, rlen);
		s = bld_emit_send(b, 1, false, d.dst, pl, na, 0, 0, rlen, m);
		mask_of(b, s);
		bld_copy_out(b, &d, GEN_TYPE_UD, n, nch, 1, (n < 8 ? 8 : n) * 4);
		return true;
	}
	mask_of(b, s);
	return true;
}

bool bld_sampler(struct bld *b)
{
	switch (b->in->opcode) {
	case VISA_OP_3D_SAMPLE: return sampler3d(b, false);
	case VISA_OP_3D_LOAD: return sampler3d(b, true);
	case VISA_OP_SCATTER4_TYPED: return typed(b, true);
	case VISA_OP_GATHER4_TYPED: return typed(b, false);
	default:
		return ir_unsupported(b->p, "not supported yet");
	}
}
