/*
 * spill.c - spill code: scratch fills before and spills after every
 * instruction that touches a spilled register.
 *
 * Needs: linscan.c's IR_V_SPILLED marks.  Leaves: no reference to a
 * spilled register; each instruction that used one works on a short-lived
 * GRF temporary (whole GRFs, never spilled), filled from the register's
 * scratch slot before the instruction and written back after it when the
 * instruction writes it.  The fill happens before writes too, so that a
 * masked or partial write keeps the other channels' values.  Slots start
 * at the kernel's SpillMemOffset; p->spill_size grows to cover them.
 *
 * Messages (GEN-FACTS 6.3/6.4, IGC SpillManagerGMRF.cpp for the fields):
 * data port 0 scratch block read/write, header = r0 (r0.5 holds the
 * thread's scratch offset), Desc[18] scratch, [17] write, [16] channel
 * mode (set for writes), [13:12] 1/2/4/8 registers, [11:0] offset in
 * 32-byte units; writes use sends with the data as src1.
 */
#include "config.h"

#include <string.h>

#include "ra.h"

#define SFID_DC0 10
#define MAX_SLOT_UNITS 4096

struct sp {
	struct ir_prog *p;
	uint32_t *tmp_of;     /* spilled vreg -> temporary in this instruction */
	uint32_t *home;       /* spilled flag vreg -> its GRF copy */
};

static unsigned grfs_of(const struct ir_vreg *v)
{
	return (v->size + IR_GRF_BYTES - 1) / IR_GRF_BYTES;
}

static bool assign_slots(struct ir_prog *p)
{
	uint32_t next = p->spill_base + p->spill_size;
	next = (next + IR_GRF_BYTES - 1) & ~(uint32_t)(IR_GRF_BYTES - 1);
	for (uint32_t v = 1; v < p->vregs.n; v++) {
		struct ir_vreg *r = ir_vreg(p, v);
		if (!(r->flags & IR_V_SPILLED) || r->slot >= 0 ||
		    r->file != IR_RF_GRF)
			continue;
		if (p->has_calls)  /* static slots break under recursion */
			return ir_unsupported(p, "register spills in a kernel with "
			                      "stack calls");
		r->slot = (int32_t)next;
		next += grfs_of(r) * IR_GRF_BYTES;
	}
	if (next / IR_GRF_BYTES >= MAX_SLOT_UNITS)
		return ir_unsupported(p, "spill space above 128 KB");
	p->spill_size = next - p->spill_base;
	return true;
}

/* Scratch block message for 'n' (1, 2, 4 or 8) registers at 'off'. */
static void scratch_msg(struct ir_prog *p, bool write, uint32_t tmp,
                        int32_t toff, uint32_t slot, unsigned n)
{
	unsigned code = n == 8 ? 3 : n == 4 ? 2 : n == 2 ? 1 : 0;
	uint32_t desc = 1u << 19 | 1u << 18 | code << 12 | (slot / IR_GRF_BYTES);
	struct ir_inst *in = ir_emit(p, write ? GEN_OP_SENDS : GEN_OP_SEND, 16);
	in->nomask = true;
	in->sfid = SFID_DC0;
	in->src[0] = ir_reg(p->r0, 0, GEN_TYPE_UD);
	in->nsrc = 1;
	in->mlen = 1;
	if (write) {
		desc |= 1u << 17 | 1u << 16;
		in->dst = ir_null(GEN_TYPE_UD);
		in->src[1] = ir_reg(tmp, toff, GEN_TYPE_UD);
		in->nsrc = 2;
		in->xlen = (uint8_t)n;
	} else {
		in->dst = ir_dst(tmp, toff, GEN_TYPE_UD, 1);
		in->rlen = (uint8_t)n;
	}
	in->desc = desc | 1u << 25 | (uint32_t)in->rlen << 20;
	in->exdesc = SFID_DC0 | (uint32_t)in->xlen << 6;
}

static void move_all(struct ir_prog *p, bool write, uint32_t v, uint32_t tmp)
{
	const struct ir_vreg *r = ir_vreg(p, v);
	unsigned left = grfs_of(r), done = 0;
	while (left) {
		unsigned n = left >= 8 ? 8 : left >= 4 ? 4 : left >= 2 ? 2 : 1;
		scratch_msg(p, write, tmp, (int32_t)(done * IR_GRF_BYTES),
		            (uint32_t)r->slot + done * IR_GRF_BYTES, n);
		done += n;
		left -= n;
	}
}

static bool spilled(const struct ir_prog *p, const struct ir_opnd *o)
{
	return o->kind == IR_O_REG && p->vregs.a[o->v].file == IR_RF_GRF &&
	       (p->vregs.a[o->v].flags & IR_V_SPILLED);
}

/* ---- flags spilled to general registers ------------------------------- */

static bool flag_spilled(const struct ir_prog *p, uint32_t v)
{
	return v && p->vregs.a[v].file == IR_RF_FLAG &&
	       (p->vregs.a[v].flags & IR_V_SPILLED);
}

static uint32_t home_of(struct sp *s, uint32_t f)
{
	if (!s->home[f]) {
		uint32_t size = ir_vreg(s->p, f)->size;
		uint32_t g = ir_vreg_new(s->p, IR_RF_GRF, size, size);
		ir_vreg(s->p, g)->name = "flaghome";
		/* the flag's undefined bits (a vISA predicate read before it is
		 * written) move with it */
		ir_vreg(s->p, g)->flags |= ir_vreg(s->p, f)->flags & IR_V_VISA;
		s->home[f] = g;
	}
	return s->home[f];
}

static enum gen_type flag_type(const struct ir_prog *p, uint32_t f)
{
	return p->vregs.a[f].size > 2 ? GEN_TYPE_UD : GEN_TYPE_UW;
}

/* A flag used as an ALU operand reads or writes its GRF copy instead. */
static void flag_operands(struct sp *s, struct ir_inst *in)
{
	struct ir_opnd *ops[4] = { &in->src[0], &in->src[1], &in->src[2],
	                           &in->dst };
	for (unsigned k = 0; k < 4; k++) {
		if ((k < 3 && k >= in->nsrc) || ops[k]->kind != IR_O_REG ||
		    !flag_spilled(s->p, ops[k]->v))
			continue;
		ops[k]->v = home_of(s, ops[k]->v);
	}
}

/* The instruction's predicate/condition flag: a short-lived flag loaded
 * from the GRF copy before (also before a condition write, which keeps
 * the bits of disabled channels) and stored back after a write. */
static bool flag_before(struct sp *s, struct ir_inst *in, uint32_t *home)
{
	struct ir_prog *p = s->p;
	if (!flag_spilled(p, in->flag))
		return false;
	uint32_t f = in->flag;
	enum gen_type t = flag_type(p, f);
	*home = home_of(s, f);
	uint32_t tmp = ir_vreg_new(p, IR_RF_FLAG, ir_vreg(p, f)->size,
	                           ir_vreg(p, f)->size);
	ir_vreg(p, tmp)->flags |= IR_V_NOSPILL;
	ir_op1(p, GEN_OP_MOV, 1, true, ir_dst(tmp, 0, t, 1),
	       ir_scalar(*home, 0, t));
	in->flag = tmp;
	return in->cmod && in->op != GEN_OP_SEL;
}

static void flag_after(struct sp *s, const struct ir_inst *in, uint32_t home)
{
	enum gen_type t = flag_type(s->p, in->flag);
	ir_op1(s->p, GEN_OP_MOV, 1, true, ir_dst(home, 0, t, 1),
	       ir_scalar(in->flag, 0, t));
}

static uint32_t temp_for(struct sp *s, uint32_t v)
{
	if (!s->tmp_of[v]) {
		const struct ir_vreg *r = ir_vreg(s->p, v);
		uint32_t t = ir_vreg_new(s->p, IR_RF_GRF, grfs_of(r) * IR_GRF_BYTES,
		                         IR_GRF_BYTES);
		ir_vreg(s->p, t)->flags |= IR_V_NOSPILL | IR_V_WHOLE_GRF;
		ir_vreg(s->p, t)->name = "spilltmp";
		s->tmp_of[v] = t;
	}
	return s->tmp_of[v];
}

/* Rewrite one instruction; returns after emitting fills, it, spills. */
static void rewrite_inst(struct sp *s, struct ir_inst in)
{
	struct ir_prog *p = s->p;
	uint32_t fhome = 0;
	flag_operands(s, &in);
	bool fstore = flag_before(s, &in, &fhome);
	uint32_t used[4], nused = 0;
	struct ir_opnd *ops[4] = { &in.src[0], &in.src[1], &in.src[2], &in.dst };
	unsigned nops[4] = { in.nsrc > 0, in.nsrc > 1, in.nsrc > 2, 1 };
	for (unsigned k = 0; k < 4; k++) {
		if (!nops[k] || !spilled(p, ops[k]))
			continue;
		uint32_t v = ops[k]->v;
		bool seen = false;
		for (uint32_t j = 0; j < nused; j++)
			seen = seen || used[j] == v;
		if (!seen) {
			used[nused++] = v;
			move_all(p, false, v, temp_for(s, v));
		}
		ops[k]->v = s->tmp_of[v];
	}
	ir_emit_copy(p, &in);
	if (fstore)
		flag_after(s, &in, fhome);
	for (uint32_t j = 0; j < nused; j++) {
		if (in.dst.kind == IR_O_REG && in.dst.v == s->tmp_of[used[j]])
			move_all(p, true, used[j], s->tmp_of[used[j]]);
		s->tmp_of[used[j]] = 0;
	}
}

bool ra_spill(struct ir_prog *p)
{
	if (!assign_slots(p))
		return false;
	struct sp s = { .p = p };
	s.tmp_of = ir_alloc(p, p->vregs.n * sizeof *s.tmp_of);
	s.home = ir_alloc(p, p->vregs.n * sizeof *s.home);
	struct ir_insts_old old = ir_rewrite_begin(p);
	for (uint32_t i = 0; i < old.n; i++)
		rewrite_inst(&s, old.a[i]);
	return true;
}

bool ra_allocate(struct ir_prog *p)
{
	for (unsigned round = 0; round < 6; round++) {
		struct ra_interval *iv = ra_intervals(p);
		bool sp = false;
		if (!ra_linscan(p, iv, &sp))
			return false;
		if (!sp)
			return true;
		if (!ra_spill(p))
			return false;
	}
	return ir_unsupported(p, "register allocation did not converge");
}
