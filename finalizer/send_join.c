/*
 * send_join.c - one payload per SEND where the platform has no split
 * send (caps.split_send = 0: BDW).
 *
 * Needs: builder IR, before legalize.  Leaves: no sends.  Each two-payload
 * message (src0: mlen registers, src1: xlen registers) becomes a send
 * whose single payload holds both, one after the other in consecutive
 * registers, with the message length mlen + xlen in the descriptor and
 * no src1 length in the extended descriptor: on Gen8 "the message
 * payload is contiguous GRFs starting at src0" (GEN-FACTS 6.5; IGC's
 * bdw binaries in shared/corpus/bdw, e.g. untyped surface writes
 * "wr:4+0" where skl has "sends ... wr:2+2").  The registers are copied
 * whole, under NoMask, two at a time; coalesce.c lets most of the
 * payload's producers write the joined payload directly.
 *
 * Sends built later (spill and call-save code in regalloc/) ask
 * caps.split_send themselves.
 */
#include "config.h"

#include <string.h>

#include "../encoder/gen.h"
#include "../encoder/msg_desc.h"
#include "../ir/ir.h"

bool ir_send_join(struct ir_prog *p);

/* Copy 'n' whole registers from 'from' (+off) to 'to' (+at). */
static void copy_grfs(struct ir_prog *p, const struct ir_inst *send,
                      uint32_t to, unsigned at, const struct ir_opnd *from,
                      unsigned n)
{
	for (unsigned g = 0; g < n;) {
		unsigned k = n - g >= 2 ? 2 : 1;
		struct ir_opnd s = ir_vec(from->v, from->off + (int32_t)(g * IR_GRF_BYTES),
		                          GEN_TYPE_UD, 1);
		struct ir_inst *mv = ir_op1(p, GEN_OP_MOV, 8 * k, true,
		                            ir_dst(to, (int32_t)((at + g) * IR_GRF_BYTES),
		                                   GEN_TYPE_UD, 1), s);
		mv->loc = send->loc;
		g += k;
	}
}

static bool join(struct ir_prog *p, const struct ir_inst *orig)
{
	struct ir_inst in = *orig;
	if (in.desc_reg)
		return ir_unsupported(p, "a two-payload send with a run-time "
		                      "descriptor on %s (no split send)",
		                      p->plat->name);
	if (in.src[0].kind != IR_O_REG || in.src[1].kind != IR_O_REG)
		return ir_internal(p, "send payload is not a register");
	unsigned total = in.mlen + in.xlen;
	if (total > p->plat->caps.max_send_mlen)
		return ir_unsupported(p, "a %u-register message on %s (at most %u)",
		                      total, p->plat->name,
		                      p->plat->caps.max_send_mlen);
	uint32_t pl = ir_vreg_new(p, IR_RF_GRF, total * IR_GRF_BYTES,
	                          IR_GRF_BYTES);
	ir_vreg(p, pl)->flags |= IR_V_WHOLE_GRF;
	copy_grfs(p, &in, pl, 0, &in.src[0], in.mlen);
	copy_grfs(p, &in, pl, in.mlen, &in.src[1], in.xlen);
	in.op = in.op == GEN_OP_SENDSC ? GEN_OP_SENDC : GEN_OP_SEND;
	in.src[0] = ir_reg(pl, 0, GEN_TYPE_UD);
	memset(&in.src[1], 0, sizeof in.src[1]);
	in.nsrc = 1;
	in.mlen = (uint8_t)total;
	in.xlen = 0;
	in.desc = gen_desc_with_mlen(p->plat, in.desc, total);
	in.exdesc = gen_exdesc(p->plat, in.sfid, 0);
	ir_emit_copy(p, &in);
	return true;
}

bool ir_send_join(struct ir_prog *p)
{
	if (p->plat->caps.split_send)
		return true;
	struct ir_insts_old old = ir_rewrite_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst *in = &old.a[i];
		p->loc = in->loc;
		bool split = in->op == GEN_OP_SENDS || in->op == GEN_OP_SENDSC;
		if (!split) {
			ir_emit_copy(p, in);
			continue;
		}
		if (!join(p, in))
			return false;
	}
	return true;
}
