/*
 * callsave.c - save and restore the registers live across stack calls.
 *
 * Needs: allocated IR (every vreg has its 'loc'), with stack calls
 * (call marked IR_OPT_STACKCALL).  Leaves: around every such call, the
 * GRFs of the registers live across it written to the register-save
 * stack in scratch before the call and read back after it, after the
 * frame's spill slots (spill.c); the stack pointer (ABI byte 16 of r126,
 * in 32-byte units) moves by the frame, slots and saves, so the callee's
 * frame and its own spill slots lie above the caller's.
 *
 * Because a function's registers are the same in every activation, a
 * recursive call would otherwise overwrite the values the caller still
 * needs; saving everything live across each call makes one register
 * assignment valid for any call depth.  Flag and address registers live
 * across a call are not supported.
 *
 * Messages: data port 0 scratch block read/write as in spill.c, with the
 * offset in the descriptor taken from a0.0 = save pointer + offset of
 * the run in the frame (GEN-FACTS 6.3; descriptor from a0.0, 2.6).
 */
#include "config.h"

#include <string.h>

#include "ra.h"
#include "../encoder/msg_desc.h"

#define CSP_OFF 16

uint32_t ra_frame_base_units(const struct ir_prog *p)
{
	return (p->spill_base + IR_GRF_BYTES - 1) / IR_GRF_BYTES;
}

uint32_t ra_frame_spill_units(const struct ir_prog *p)
{
	uint32_t end = (p->spill_base + p->spill_size + IR_GRF_BYTES - 1) /
	               IR_GRF_BYTES;
	return end - ra_frame_base_units(p);
}

void ra_frame_desc(struct ir_prog *p, uint32_t desc)
{
	struct ir_opnd d = ir_reg(p->desc_a0, 0, GEN_TYPE_UD);
	d.rgn = (struct gen_region){ 0, 0, 1 };
	ir_op2(p, GEN_OP_ADD, 1, true, d, ir_scalar(p->spfp, CSP_OFF, GEN_TYPE_UD),
	       ir_imm(desc, GEN_TYPE_UD));
}

/* A pinned register naming physical GRFs [g, g+n). */
static uint32_t phys(struct ir_prog *p, unsigned g, unsigned n)
{
	uint32_t v = ir_vreg_new(p, IR_RF_GRF, n * IR_GRF_BYTES, IR_GRF_BYTES);
	struct ir_vreg *r = ir_vreg(p, v);
	r->pin = r->loc = (int32_t)(g * IR_GRF_BYTES);
	r->flags |= IR_V_PINNED | IR_V_NOSPILL;
	return v;
}

static void block_msg(struct ir_prog *p, bool write, unsigned g, unsigned n,
                      unsigned unit)
{
	struct gen_msg m = gen_msg_scratch(p->plat, write, n, unit);
	uint32_t desc = m.desc | gen_desc_lengths(p->plat, 1, write ? 0 : n);
	ra_frame_desc(p, desc);
	struct ir_inst *in = ir_emit(p, write ? GEN_OP_SENDS : GEN_OP_SEND, 16);
	in->nomask = true;
	in->sfid = m.sfid;
	in->desc_reg = p->desc_a0;
	in->src[0] = ir_reg(p->r0, 0, GEN_TYPE_UD);
	in->nsrc = 1;
	in->mlen = 1;
	uint32_t r = phys(p, g, n);
	if (write) {
		in->dst = ir_null(GEN_TYPE_UD);
		in->src[1] = ir_reg(r, 0, GEN_TYPE_UD);
		in->nsrc = 2;
		in->xlen = (uint8_t)n;
	} else {
		in->dst = ir_dst(r, 0, GEN_TYPE_UD, 1);
		in->rlen = (uint8_t)n;
	}
	in->desc = desc;
	in->exdesc = gen_exdesc(p->plat, m.sfid, in->xlen);
}

/* Write (or read) the marked GRFs in runs of 8, 4, 2 or 1 after the
 * frame's spill slots; returns the frame size in 32-byte units. */
static unsigned move_grfs(struct ir_prog *p, const bool *live, bool write)
{
	unsigned unit = ra_frame_spill_units(p);
	for (unsigned g = 0; g < IR_GRF_COUNT;) {
		if (!live[g]) {
			g++;
			continue;
		}
		unsigned n = 1;
		while (g + n < IR_GRF_COUNT && live[g + n] && n < 8)
			n++;
		n = n >= 8 ? 8 : n >= 4 ? 4 : n >= 2 ? 2 : 1;
		block_msg(p, write, g, n, unit);
		unit += n;
		g += n;
	}
	return unit;
}

static void bump(struct ir_prog *p, int units)
{
	ir_op2(p, GEN_OP_ADD, 1, true, ir_dst(p->spfp, CSP_OFF, GEN_TYPE_D, 1),
	       ir_scalar(p->spfp, CSP_OFF, GEN_TYPE_D),
	       ir_imm((uint32_t)units, GEN_TYPE_D));
}

static bool live_grfs(struct ir_prog *p, const struct ra_interval *iv,
                      int32_t pos, bool *live)
{
	memset(live, 0, IR_GRF_COUNT * sizeof *live);
	for (uint32_t v = 1; v < p->vregs.n; v++) {
		const struct ir_vreg *r = &p->vregs.a[v];
		if (iv[v].start < 0 || iv[v].start >= pos || iv[v].end <= pos ||
		    (r->flags & IR_V_GLOBAL) || v == p->r0)
			continue;
		if (r->file != IR_RF_GRF)
			return ir_unsupported(p, "a %s register live across a stack "
			                      "call", r->file == IR_RF_FLAG ? "flag"
			                      : "address");
		if (r->loc < 0)
			continue;
		unsigned lo = (unsigned)r->loc / IR_GRF_BYTES;
		unsigned hi = ((unsigned)r->loc + r->size - 1) / IR_GRF_BYTES;
		for (unsigned g = lo; g <= hi && g < IR_GRF_COUNT; g++)
			live[g] = true;
	}
	return true;
}

bool ra_callsave(struct ir_prog *p)
{
	if (!p->has_calls)
		return true;
	const struct ra_interval *iv = ra_intervals(p);
	bool live[IR_GRF_COUNT];
	struct ir_insts_old old = ir_rewrite_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst in = old.a[i];
		bool call = in.op == GEN_OP_CALL && (in.opts & IR_OPT_STACKCALL);
		if (!call) {
			ir_emit_copy(p, &in);
			continue;
		}
		if (!live_grfs(p, iv, (int32_t)i, live))
			return false;
		unsigned frame = move_grfs(p, live, true);
		if (frame)
			bump(p, (int)frame);
		ir_emit_copy(p, &in);
		if (frame) {
			bump(p, -(int)frame);
			move_grfs(p, live, false);
		}
	}
	return true;
}
