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
 *
 * Without split sends (BDW) a save sends one payload, the r0 header and
 * then the data, which needs at least two GRFs nothing holds at the
 * call.  ra_reserve_call_areas makes sure there are: before allocation,
 * one two-GRF register per stack call, live only at the call (its
 * interval is set by ra_intervals, it is never spilled), so even under
 * full register pressure the allocator spills something else rather
 * than fill those two.  Larger free runs, when there are, carry more
 * registers per message.
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

/* Where the platform has no split send (caps.split_send), a save sends
 * one payload: the r0 header then the data, copied into 'free' GRFs
 * [t, t+1+n) that nothing holds at the call (GEN-FACTS 6.5). */
struct join_area {
	int t;          /* first free GRF, -1: none */
	unsigned room;  /* free GRFs from t */
};

static void block_msg(struct ir_prog *p, bool write, unsigned g, unsigned n,
                      unsigned unit, const struct join_area *ja)
{
	bool joined = write && !p->plat->caps.split_send;
	struct gen_msg m = gen_msg_scratch(p->plat, write, n, unit);
	unsigned mlen = joined ? 1 + n : 1;
	uint32_t desc = m.desc | gen_desc_lengths(p->plat, mlen, write ? 0 : n);
	uint32_t pl = 0;
	if (joined) {
		pl = phys(p, (unsigned)ja->t, 1 + n);
		ir_op1(p, GEN_OP_MOV, 8, true, ir_dst(pl, 0, GEN_TYPE_UD, 1),
		       ir_vec(p->r0, 0, GEN_TYPE_UD, 1));
		uint32_t from = phys(p, g, n);
		for (unsigned k = 0; k < n;) {
			unsigned c = n - k >= 2 ? 2 : 1;
			ir_op1(p, GEN_OP_MOV, 8 * c, true,
			       ir_dst(pl, (int32_t)((k + 1) * IR_GRF_BYTES), GEN_TYPE_UD, 1),
			       ir_vec(from, (int32_t)(k * IR_GRF_BYTES), GEN_TYPE_UD, 1));
			k += c;
		}
	}
	ra_frame_desc(p, desc);
	struct ir_inst *in = ir_emit(p, write && !joined ? GEN_OP_SENDS
	                                                 : GEN_OP_SEND, 16);
	in->nomask = true;
	in->sfid = m.sfid;
	in->desc_reg = p->desc_a0;
	in->src[0] = ir_reg(joined ? pl : p->r0, 0, GEN_TYPE_UD);
	in->nsrc = 1;
	in->mlen = (uint8_t)mlen;
	if (joined) {
		in->dst = ir_null(GEN_TYPE_UD);
		in->desc = desc;
		in->exdesc = gen_exdesc(p->plat, m.sfid, 0);
		return;
	}
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
static unsigned move_grfs(struct ir_prog *p, const bool *live, bool write,
                          const struct join_area *ja)
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
		if (write && !p->plat->caps.split_send) {
			unsigned max = p->plat->caps.scratch_max_grfs;
			while (n > 1 && (n > max || 1 + n > ja->room))
				n /= 2;
		}
		block_msg(p, write, g, n, unit, ja);
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

/* 'nv': the registers 'iv' covers (the save code's own pinned
 * registers come after them). */
static bool live_grfs(struct ir_prog *p, const struct ra_interval *iv,
                      uint32_t nv, int32_t pos, bool *live)
{
	memset(live, 0, IR_GRF_COUNT * sizeof *live);
	for (uint32_t v = 1; v < nv; v++) {
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

static bool is_stack_call(const struct ir_inst *in)
{
	return in->op == GEN_OP_CALL && (in->opts & IR_OPT_STACKCALL);
}

void ra_reserve_call_areas(struct ir_prog *p)
{
	if (!p->has_calls || p->plat->caps.split_send || p->call_areas.n)
		return;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		if (!is_stack_call(&p->insts.a[i]))
			continue;
		uint32_t v = ir_vreg_new(p, IR_RF_GRF, 2 * IR_GRF_BYTES,
		                         IR_GRF_BYTES);
		ir_vreg(p, v)->flags |= IR_V_WHOLE_GRF | IR_V_NOSPILL;
		uint32_t k = IR_VEC_PUSH(p, p->call_areas);
		p->call_areas.a[k] = v;
	}
}

void ra_call_area_intervals(const struct ir_prog *p, struct ra_interval *iv)
{
	uint32_t k = 0;
	for (uint32_t i = 0; i < p->insts.n && k < p->call_areas.n; i++)
		if (is_stack_call(&p->insts.a[i]))
			iv[p->call_areas.a[k++]] = (struct ra_interval){
				(int32_t)i, (int32_t)i };
}

/* The longest run (at most 1 + 8) of GRFs free for the joined save
 * payload at position pos: preferably GRFs no register uses anywhere
 * (nothing, not even an uninitialised read, can see them), else GRFs no
 * register holds at pos. */
static struct join_area longest_run(const bool *busy)
{
	struct join_area best = { -1, 0 };
	for (unsigned g = 0; g < IR_GRF_COUNT;) {
		unsigned n = 0;
		while (g + n < IR_GRF_COUNT && !busy[g + n] && n < 9)
			n++;
		if (n > best.room)
			best = (struct join_area){ (int)g, n };
		g += n ? n : 1;
	}
	return best;
}

/* 'area': the two GRFs reserved for this call (ra_reserve_call_areas),
 * free here although their register is live at pos. */
static struct join_area free_area(struct ir_prog *p,
                                  const struct ra_interval *iv, uint32_t nv,
                                  int32_t pos, uint32_t area)
{
	bool busy[IR_GRF_COUNT], used[IR_GRF_COUNT];
	memset(busy, 0, sizeof busy);
	memset(used, 0, sizeof used);
	for (uint32_t v = 1; v < nv; v++) {
		const struct ir_vreg *r = &p->vregs.a[v];
		if (r->file != IR_RF_GRF || r->loc < 0)
			continue;
		bool held = v != area && ((r->flags & (IR_V_GLOBAL | IR_V_PINNED)) ||
		            v == p->r0 || (iv[v].start >= 0 && iv[v].start <= pos &&
		                           iv[v].end >= pos));
		unsigned lo = (unsigned)r->loc / IR_GRF_BYTES;
		unsigned hi = ((unsigned)r->loc + r->size - 1) / IR_GRF_BYTES;
		for (unsigned g = lo; g <= hi && g < IR_GRF_COUNT; g++) {
			used[g] = true;
			busy[g] = busy[g] || held;
		}
	}
	struct join_area a = longest_run(used);
	return a.room >= 2 ? a : longest_run(busy);
}

bool ra_callsave(struct ir_prog *p)
{
	if (!p->has_calls)
		return true;
	const struct ra_interval *iv = ra_intervals(p);
	uint32_t nv = p->vregs.n;
	bool live[IR_GRF_COUNT];
	struct ir_insts_old old = ir_rewrite_begin(p);
	uint32_t ncalls = 0;
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst in = old.a[i];
		if (!is_stack_call(&in)) {
			ir_emit_copy(p, &in);
			continue;
		}
		if (!live_grfs(p, iv, nv, (int32_t)i, live))
			return false;
		struct join_area ja = { -1, 0 };
		if (!p->plat->caps.split_send) {
			uint32_t area = ncalls < p->call_areas.n
			                ? p->call_areas.a[ncalls] : 0;
			ja = free_area(p, iv, nv, (int32_t)i, area);
			if (ja.room < 2)  /* the reserved area is always there */
				return ir_internal(p, "no room for the joined save "
				                   "payload of a stack call");
		}
		ncalls++;
		unsigned frame = move_grfs(p, live, true, &ja);
		if (frame)
			bump(p, (int)frame);
		ir_emit_copy(p, &in);
		if (frame) {
			bump(p, -(int)frame);
			move_grfs(p, live, false, &ja);
		}
	}
	return true;
}
