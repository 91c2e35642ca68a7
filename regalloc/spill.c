/*
 * spill.c - spill code: scratch fills before and spills after every
 * instruction that touches a spilled register.
 *
 * Needs: linscan.c's IR_V_SPILLED marks.  Leaves: no reference to a
 * spilled register; each instruction that used one works on a short-lived
 * GRF temporary (whole GRFs, never spilled), filled from the register's
 * scratch slot before the instruction and written back after it when the
 * instruction writes it.  The fill happens before writes too, so that a
 * masked or partial write keeps the other channels' values - except for
 * a write of whole GRFs, a dword per channel, that reads nothing of the
 * register: NoMask it replaces them, masked its scratch write stores
 * just its channels (DWord channel mode).  Slots start
 * at the kernel's SpillMemOffset; p->spill_size grows to cover them.
 * With stack calls the slots are the start of every frame of the
 * register-save stack (ra.h, docs/finalizer.md "Stack-call ABI"): the
 * kernel's frame is at SpillMemOffset (immediate descriptors as without
 * calls), functions address theirs from the save pointer through a0.0.
 *
 * Messages (GEN-FACTS 6.3/6.4, IGC SpillManagerGMRF.cpp for the fields):
 * data port 0 scratch block read/write, header = r0 (r0.5 holds the
 * thread's scratch offset), Desc[18] scratch, [17] write, [16] channel
 * mode (set for writes), [13:12] 1/2/4/8 registers, [11:0] offset in
 * 32-byte units; writes use sends with the data as src1.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ra.h"
#include "../ir/cfg.h"
#include "../encoder/msg_desc.h"

#define MAX_SLOT_UNITS 4096

struct sp {
	struct ir_prog *p;
	bool in_function;     /* rewriting a stack-call function: slots are
	                       * frame-relative (see ra_spill) */
	uint32_t *home;       /* spilled flag vreg -> its GRF copy */
	uint32_t *array_of;   /* address vreg -> the spilled array it points
	                       * into, 0 if none */
	const uint32_t *local;   /* per indirect operand: its variable (NULL:
	                          * no address register, all 0) */
	uint32_t pos;            /* index of the instruction being rewritten */
	struct filled *fills;    /* NFILLED temporaries holding spilled GRFs */
	struct ra_moves *mv;     /* where instructions go, or NULL */
};

/* Instructions emitted so far by the open in-place rewrite. */
static uint32_t emitted(const struct ir_prog *p)
{
	return p->insts.n + p->inplace.qlen;
}

/* A temporary that holds GRFs [g0, g0 + n) of spilled register v as they
 * are now (filled, or written whole), reused by the next instructions of
 * the block instead of filling again (IGC's spill cleanup does the
 * same); 'pos' is the last instruction that used it.  Kept for REUSE
 * instructions at most, so the temporaries stay short. */
#define NFILLED 4
#define REUSE 3
struct filled {
	uint32_t v, tmp, pos;
	unsigned g0, n;
};

static unsigned grfs_of(const struct ir_vreg *v)
{
	return (v->size + IR_GRF_BYTES - 1) / IR_GRF_BYTES;
}

struct slot_key {
	int32_t start, end;
	uint32_t v;
};

static int by_start(const void *a, const void *b)
{
	const struct slot_key *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->v < y->v ? -1 : x->v > y->v;
}

/* First 'n' free scratch units (GRFs) at or after unit 0, or -1. */
static int32_t find_units(const uint8_t *busy, unsigned n)
{
	for (unsigned u = 0; u + n <= MAX_SLOT_UNITS; u++) {
		unsigned k = 0;
		while (k < n && !busy[u + k])
			k++;
		if (k == n)
			return (int32_t)u;
		u += k;
	}
	return -1;
}

/*
 * Scratch slots for the registers spilled in this round, shared between
 * registers whose live intervals do not overlap (a linear scan over
 * scratch GRFs, as over registers), so spill space grows with the peak
 * number of spilled values live at once, not with the kernel's length.
 * Slots of earlier rounds stay reserved: their registers have no
 * intervals any more.  Units count GRFs from the first 32-byte boundary
 * at or after SpillMemOffset.
 */
static bool assign_slots(struct ir_prog *p, const struct ra_interval *iv,
                         uint32_t *nnew, uint32_t *nall)
{
	uint32_t base = ra_frame_base_units(p) * IR_GRF_BYTES;
	uint8_t *busy = ir_alloc(p, MAX_SLOT_UNITS);
	memset(busy, 0, MAX_SLOT_UNITS);
	struct slot_key *order = ir_alloc_raw(p, p->vregs.n * sizeof *order);
	*nall = 0;
	uint32_t n = 0, top = (p->spill_base + p->spill_size - base +
	                       IR_GRF_BYTES - 1) / IR_GRF_BYTES;
	if (p->spill_base + p->spill_size < base)
		top = 0;
	for (uint32_t v = 1; v < p->vregs.n; v++) {
		struct ir_vreg *r = ir_vreg(p, v);
		if (!(r->flags & IR_V_SPILLED) || r->file != IR_RF_GRF)
			continue;
		(*nall)++;
		if (r->slot >= 0) {
			uint32_t u0 = ((uint32_t)r->slot - base) / IR_GRF_BYTES;
			for (uint32_t u = u0; u < u0 + grfs_of(r) && u < MAX_SLOT_UNITS; u++)
				busy[u] = 2;
			continue;
		}
		order[n++] = (struct slot_key){ iv[v].start, iv[v].end, v };
	}
	*nnew = n;
	qsort(order, n, sizeof *order, by_start);
	struct slot_key *active = ir_alloc(p, (n ? n : 1) * sizeof *active);
	uint32_t nactive = 0;
	for (uint32_t k = 0; k < n; k++) {
		for (uint32_t j = 0; j < nactive;) {
			if (active[j].end < order[k].start) {
				const struct ir_vreg *a = ir_vreg(p, active[j].v);
				uint32_t u0 = ((uint32_t)a->slot - base) / IR_GRF_BYTES;
				memset(busy + u0, 0, grfs_of(a));
				active[j] = active[--nactive];
			} else {
				j++;
			}
		}
		struct ir_vreg *r = ir_vreg(p, order[k].v);
		int32_t u = find_units(busy, grfs_of(r));
		if (u < 0)
			return ir_unsupported(p, "spill space above 128 KB");
		memset(busy + u, 1, grfs_of(r));
		r->slot = (int32_t)(base + (uint32_t)u * IR_GRF_BYTES);
		if ((uint32_t)u + grfs_of(r) > top)
			top = (uint32_t)u + grfs_of(r);
		active[nactive++] = order[k];
	}
	if (base + top * IR_GRF_BYTES > p->spill_base + p->spill_size)
		p->spill_size = base + top * IR_GRF_BYTES - p->spill_base;
	return true;
}

/* Where the platform has no split send (caps.split_send), a scratch
 * write sends one payload: a copy of the r0 header followed by the data,
 * in a fresh block-local register (GEN-FACTS 6.5; IGC's bdw spill code
 * "wr:1+n" as one send). Returns that register. */
static uint32_t joined_payload(struct ir_prog *p, uint32_t tmp, int32_t toff,
                               unsigned n)
{
	uint32_t pl = ir_vreg_new(p, IR_RF_GRF, (n + 1) * IR_GRF_BYTES,
	                          IR_GRF_BYTES);
	ir_vreg(p, pl)->flags |= IR_V_NOSPILL | IR_V_WHOLE_GRF | IR_V_BLOCK_LOCAL;
	ir_vreg(p, pl)->name = "spillpayload";
	ir_op1(p, GEN_OP_MOV, 8, true, ir_dst(pl, 0, GEN_TYPE_UD, 1),
	       ir_vec(p->r0, 0, GEN_TYPE_UD, 1));
	for (unsigned g = 0; g < n;) {
		unsigned k = n - g >= 2 ? 2 : 1;
		ir_op1(p, GEN_OP_MOV, 8 * k, true,
		       ir_dst(pl, (int32_t)((g + 1) * IR_GRF_BYTES), GEN_TYPE_UD, 1),
		       ir_vec(tmp, toff + (int32_t)(g * IR_GRF_BYTES), GEN_TYPE_UD, 1));
		g += k;
	}
	return pl;
}

/*
 * Scratch block message for 'n' (1, 2, 4 or 8) registers at byte 'slot'
 * of the kernel's frame.  In a stack-call function the frame is the
 * activation's own: the offset is taken relative to the register-save
 * stack pointer through an a0.0 descriptor (ra_frame_desc).  Without
 * split sends a write carries header and data in one payload.
 */
/* The execution mask of a scratch message: NoMask, or a write's own
 * channels (struct mask_of). */
struct smask {
	bool masked;          /* the channels below, not NoMask */
	uint8_t exec, choff;
};

static void scratch_msg(const struct sp *s, bool write, uint32_t tmp,
                        int32_t toff, uint32_t slot, unsigned n,
                        struct smask mk)
{
	struct ir_prog *p = s->p;
	uint32_t unit = slot / IR_GRF_BYTES;
	if (s->in_function)
		unit -= ra_frame_base_units(p);
	struct gen_msg m = gen_msg_scratch(p->plat, write, n, unit);
	bool joined = write && !p->plat->caps.split_send;
	uint32_t pl = joined ? joined_payload(p, tmp, toff, n) : 0;
	unsigned mlen = joined ? 1 + n : 1;
	uint32_t desc = m.desc | gen_desc_lengths(p->plat, mlen, write ? 0 : n);
	if (s->in_function)
		ra_frame_desc(p, desc);
	struct ir_inst *in = ir_emit(p, write && !joined ? GEN_OP_SENDS
	                                                 : GEN_OP_SEND, 16);
	in->nomask = true;
	if (mk.masked) {
		in->nomask = false;
		in->exec = mk.exec;
		in->choff = mk.choff;
	}
	in->sfid = m.sfid;
	if (s->in_function)
		in->desc_reg = p->desc_a0;
	in->src[0] = ir_reg(joined ? pl : p->r0, 0, GEN_TYPE_UD);
	in->nsrc = 1;
	in->mlen = (uint8_t)mlen;
	if (joined) {
		in->dst = ir_null(GEN_TYPE_UD);
	} else if (write) {
		in->dst = ir_null(GEN_TYPE_UD);
		in->src[1] = ir_reg(tmp, toff, GEN_TYPE_UD);
		in->nsrc = 2;
		in->xlen = (uint8_t)n;
	} else {
		in->dst = ir_dst(tmp, toff, GEN_TYPE_UD, 1);
		in->rlen = (uint8_t)n;
	}
	in->desc = desc;
	in->exdesc = gen_exdesc(p->plat, m.sfid, in->xlen);
}

/* Fill or spill 'n' GRFs of v from GRF 'g0' of its slot, through tmp. */
static void move_range(const struct sp *s, bool write, uint32_t v,
                       uint32_t tmp, unsigned g0, unsigned n)
{
	struct ir_prog *p = s->p;
	const struct ir_vreg *r = ir_vreg(p, v);
	unsigned done = 0;
	unsigned max = write ? p->plat->caps.scratch_max_grfs : 8;
	while (done < n) {
		unsigned left = n - done;
		unsigned k = left >= 8 && max >= 8 ? 8 : left >= 4 ? 4
		             : left >= 2 ? 2 : 1;
		scratch_msg(s, write, tmp, (int32_t)(done * IR_GRF_BYTES),
		            (uint32_t)r->slot + (g0 + done) * IR_GRF_BYTES, k,
		            (struct smask){ 0 });
		done += k;
	}
}

/* Spill 'n' GRFs of v from GRF 'g0' of its slot, held from GRF 'at' of
 * tmp. */
static void move_range_at(const struct sp *s, uint32_t v, uint32_t tmp,
                          unsigned at, unsigned g0, unsigned n)
{
	struct ir_prog *p = s->p;
	const struct ir_vreg *r = ir_vreg(p, v);
	unsigned done = 0;
	unsigned max = p->plat->caps.scratch_max_grfs;
	while (done < n) {
		unsigned left = n - done;
		unsigned k = left >= 8 && max >= 8 ? 8 : left >= 4 ? 4
		             : left >= 2 ? 2 : 1;
		scratch_msg(s, true, tmp, (int32_t)((at + done) * IR_GRF_BYTES),
		            (uint32_t)r->slot + (g0 + done) * IR_GRF_BYTES, k,
		            (struct smask){ 0 });
		done += k;
	}
}

/* Spill 'n' (1 or 2) GRFs of v written dword per channel by a masked
 * instruction: the scratch write (DWord channel mode, Desc[16]) stores
 * just the channels the instruction wrote, so nothing was filled first
 * (IGC's spill code writes under the instruction's mask the same way). */
static void store_masked(const struct sp *s, uint32_t v, uint32_t tmp,
                         unsigned g0, unsigned n, const struct ir_inst *in)
{
	const struct ir_vreg *r = ir_vreg(s->p, v);
	uint32_t slot = (uint32_t)r->slot + g0 * IR_GRF_BYTES;
	if (n <= s->p->plat->caps.scratch_max_grfs) {
		scratch_msg(s, true, tmp, 0, slot, n,
		            (struct smask){ true, in->exec, in->choff });
		return;
	}
	for (unsigned g = 0; g < n; g++)   /* the second with (8|M8) */
		scratch_msg(s, true, tmp, (int32_t)(g * IR_GRF_BYTES),
		            slot + g * IR_GRF_BYTES, 1,
		            (struct smask){ true, 8, (uint8_t)(in->choff + 8 * g) });
}

/* Does 'in' write whole GRFs [g0, g0 + n) of its destination's register,
 * one dword per channel in channel order, and read nothing of it?  Then
 * the spilled register needs no fill first: unpredicated NoMask writes
 * replace every byte, masked ones go through store_masked. */
static bool write_only(const struct ir_inst *in, unsigned g0, unsigned n)
{
	const struct ir_opnd *d = &in->dst;
	if (in->pred || ir_is_send(in->op) || in->op == GEN_OP_MATH ||
	    d->kind != IR_O_REG || gen_type_size((enum gen_type)d->type) != 4 ||
	    (in->exec > 1 && d->rgn.hs != 1) ||
	    (unsigned)d->off != g0 * IR_GRF_BYTES ||
	    in->exec * 4u != n * IR_GRF_BYTES || n > 2)
		return false;
	if (in->flag && in->cmod && !in->nomask)
		return false;
	for (unsigned k = 0; k < in->nsrc; k++)
		if ((in->src[k].kind == IR_O_REG || in->src[k].kind == IR_O_IND ||
		     in->src[k].kind == IR_O_ADDROF) && in->src[k].v == d->v)
			return false;
	return in->desc_reg != d->v;
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

/* GRFs [*g0, *g1] of its register that operand k of 'in' touches. */
static void touched_grfs(const struct ir_inst *in, unsigned k,
                         const struct ir_opnd *o, unsigned *g0, unsigned *g1)
{
	unsigned len;
	if (ir_is_send(in->op))
		len = (k == 3 ? in->rlen : k == 1 ? in->xlen : in->mlen) *
		      IR_GRF_BYTES;
	else
		len = ir_opnd_extent(o, in->exec, k == 3);
	if (!len)
		len = 1;
	*g0 = (unsigned)o->off / IR_GRF_BYTES;
	*g1 = ((unsigned)o->off + len - 1) / IR_GRF_BYTES;
}

struct use {
	uint32_t v, tmp;
	unsigned g0, g1;
};

/* ---- spilled arrays (address-taken registers) ------------------------- */

/*
 * An address register pointing into a spilled array holds offsets into
 * it: &V of a spilled V is 0 (emit.c).  An indirect access works on a
 * temporary holding the whole array, filled from scratch before the
 * instruction (and written back after it when the access writes): the
 * address elements the operand uses get the temporary's GRF address
 * added before and taken away again after (IR_O_ADDROF with a negate
 * modifier: minus the address).  As GenX_IR does for arrays it spills.
 */
struct array_use {
	uint32_t addr, array, tmp;
	uint16_t aoff;
	uint8_t n;
	bool written;
};

static void shift_addresses(struct ir_prog *p, const struct array_use *u,
                            bool back)
{
	struct ir_opnd d = ir_dst(u->addr, u->aoff, GEN_TYPE_UW, 1);
	struct ir_opnd a = u->n == 1 ? ir_scalar(u->addr, u->aoff, GEN_TYPE_UW)
	                             : ir_vec(u->addr, u->aoff, GEN_TYPE_UW, 1);
	struct ir_opnd t = { .kind = IR_O_ADDROF, .type = GEN_TYPE_UW,
	                     .v = u->tmp, .mods = back ? GEN_MOD_NEG : 0 };
	ir_op2(p, GEN_OP_ADD, u->n, true, d, a, t);
}

/* Indirect operands of 'in' into spilled arrays: fills and address
 * shifts before it; the uses in *u (at most 4). */
static unsigned arrays_before(struct sp *s, struct ir_inst *in,
                              struct array_use *u)
{
	struct ir_prog *p = s->p;
	unsigned nu = 0;
	struct ir_opnd *ops[4] = { &in->src[0], &in->src[1], &in->src[2],
	                           &in->dst };
	for (unsigned k = 0; k < 4; k++) {
		if ((k < 3 && k >= in->nsrc) || ops[k]->kind != IR_O_IND)
			continue;
		uint32_t only = s->local ? s->local[(size_t)s->pos * 4 + k] : 0;
		uint32_t arr = only ? only : s->array_of[ops[k]->v];
		if (!arr || !(ir_vreg(p, arr)->flags & IR_V_SPILLED))
			continue;
		const struct ir_opnd *o = ops[k];
		unsigned n = o->rgn.vs == GEN_VS_VXH ? in->exec : 1;
		unsigned j = 0;
		while (j < nu && !(u[j].addr == o->v && u[j].aoff == o->aoff))
			j++;
		if (j == nu) {
			uint32_t t = 0;
			for (unsigned q = 0; q < nu; q++)
				if (u[q].array == arr)
					t = u[q].tmp;
			u[nu++] = (struct array_use){ o->v, arr, t, o->aoff,
			                              (uint8_t)n, false };
		}
		if (k == 3)
			u[j].written = true;
	}
	for (unsigned j = 0; j < nu; j++) {
		if (!u[j].tmp) {
			const struct ir_vreg *r = ir_vreg(p, u[j].array);
			uint32_t t = ir_vreg_new(p, IR_RF_GRF, grfs_of(r) * IR_GRF_BYTES,
			                         IR_GRF_BYTES);
			ir_vreg(p, t)->flags |= IR_V_NOSPILL | IR_V_WHOLE_GRF |
			                        IR_V_ADDR_TAKEN | IR_V_BLOCK_LOCAL;
			ir_vreg(p, t)->name = "arraytmp";
			move_range(s, false, u[j].array, t, 0, grfs_of(r));
			for (unsigned q = j; q < nu; q++)
				if (u[q].array == u[j].array)
					u[q].tmp = t;
		}
		shift_addresses(p, &u[j], false);
	}
	return nu;
}

static void arrays_after(struct sp *s, const struct array_use *u, unsigned nu)
{
	for (unsigned j = 0; j < nu; j++)
		shift_addresses(s->p, &u[j], true);
	for (unsigned j = 0; j < nu; j++) {
		bool first = true, written = false;
		for (unsigned q = 0; q < nu; q++) {
			if (u[q].array != u[j].array)
				continue;
			first = first && q >= j;
			written = written || u[q].written;
		}
		if (first && written)
			move_range(s, true, u[j].array, u[j].tmp, 0,
			           grfs_of(ir_vreg(s->p, u[j].array)));
	}
}

/* The array temporary of 'v' in this instruction, or 0. */
static uint32_t array_tmp(const struct array_use *u, unsigned nu, uint32_t v)
{
	for (unsigned j = 0; j < nu; j++)
		if (u[j].array == v)
			return u[j].tmp;
	return 0;
}

static struct filled *filled_find(struct sp *s, uint32_t v, unsigned g0,
                                   unsigned n)
{
	for (unsigned k = 0; k < NFILLED; k++) {
		struct filled *f = &s->fills[k];
		if (f->tmp && f->v == v && f->g0 <= g0 && g0 + n <= f->g0 + f->n &&
		    f->pos + REUSE >= s->pos)
			return f;
	}
	return NULL;
}

/* GRFs [g0, g0 + n) of v are written: no temporary holds them any more. */
static void filled_drop(struct sp *s, uint32_t v, unsigned g0, unsigned n)
{
	for (unsigned k = 0; k < NFILLED; k++) {
		struct filled *f = &s->fills[k];
		if (f->tmp && f->v == v && f->g0 < g0 + n && g0 < f->g0 + f->n)
			f->tmp = 0;
	}
}

static void filled_note(struct sp *s, uint32_t v, uint32_t tmp, unsigned g0,
                        unsigned n)
{
	struct filled *slot = &s->fills[0];
	for (unsigned k = 0; k < NFILLED; k++) {
		struct filled *f = &s->fills[k];
		if (f->tmp == tmp || !f->tmp) {
			slot = f;
			break;
		}
		if (f->pos < slot->pos)
			slot = f;
	}
	*slot = (struct filled){ v, tmp, s->pos, g0, n };
}

/* Code where the values of the temporaries may not reach. */
static bool fills_end(const struct ir_inst *in)
{
	return in->op == IR_OP_LABEL || ir_is_branch(in->op) ||
	       (in->opts & IR_OPT_STACKCALL);
}

/*
 * Rewrite one instruction: emit the fills, it, the spills.  Each spilled
 * register gets a temporary of just the GRFs this instruction touches
 * (a 16-GRF array read two GRFs at a time needs two, not sixteen),
 * filled before the instruction - before writes too, so that a masked or
 * partial write keeps the other channels - and written back after it
 * when the instruction writes it.
 */
static void rewrite_inst(struct sp *s, struct ir_inst in)
{
	struct ir_prog *p = s->p;
	uint32_t fhome = 0;
	flag_operands(s, &in);
	bool fstore = flag_before(s, &in, &fhome);
	struct use used[4];
	uint32_t nused = 0;
	struct array_use arr[4];
	unsigned narr = arrays_before(s, &in, arr);
	struct ir_opnd *ops[4] = { &in.src[0], &in.src[1], &in.src[2], &in.dst };
	unsigned nops[4] = { in.nsrc > 0, in.nsrc > 1, in.nsrc > 2, 1 };
	bool arr_written = false;
	for (unsigned k = 0; k < 4; k++) {
		if (!nops[k] || !spilled(p, ops[k]))
			continue;
		uint32_t t = array_tmp(arr, narr, ops[k]->v);
		if (t) {   /* the whole array is already in a temporary */
			arr_written = arr_written || k == 3;
			ops[k]->v = t;
			continue;
		}
		unsigned g0, g1;
		touched_grfs(&in, k, ops[k], &g0, &g1);
		uint32_t j = 0;
		while (j < nused && used[j].v != ops[k]->v)
			j++;
		if (j == nused)
			used[nused++] = (struct use){ ops[k]->v, 0, g0, g1 };
		if (g0 < used[j].g0)
			used[j].g0 = g0;
		if (g1 > used[j].g1)
			used[j].g1 = g1;
	}
	bool no_fill[4] = { false, false, false, false };
	unsigned base[4] = { 0, 0, 0, 0 };   /* first GRF the temporary holds */
	if (fills_end(&in))
		memset(s->fills, 0, NFILLED * sizeof *s->fills);
	for (uint32_t j = 0; j < nused; j++) {
		unsigned n = used[j].g1 - used[j].g0 + 1;
		base[j] = used[j].g0;
		struct filled *f = (ir_vreg(p, used[j].v)->flags & IR_V_ADDR_TAKEN)
		                   ? NULL : filled_find(s, used[j].v, used[j].g0, n);
		if (f) {
			used[j].tmp = f->tmp;
			base[j] = f->g0;
			f->pos = s->pos;
			continue;
		}
		uint32_t t = ir_vreg_new(p, IR_RF_GRF, n * IR_GRF_BYTES,
		                         IR_GRF_BYTES);
		ir_vreg(p, t)->flags |= IR_V_NOSPILL | IR_V_WHOLE_GRF |
		                        IR_V_BLOCK_LOCAL;
		ir_vreg(p, t)->name = "spilltmp";
		used[j].tmp = t;
		/* masked: channel offset 0 only, as IGC's spill code in
		 * divergent code (G4_INST::isPartialWriteForSpill) */
		no_fill[j] = in.dst.kind == IR_O_REG && in.dst.v == used[j].v &&
		             write_only(&in, used[j].g0, n) &&
		             (in.nomask || in.choff == 0);
		if (!no_fill[j])
			move_range(s, false, used[j].v, t, used[j].g0, n);
	}
	for (unsigned k = 0; k < 4; k++) {
		if (!nops[k] || !spilled(p, ops[k]))
			continue;
		uint32_t j = 0;
		while (j < nused && used[j].v != ops[k]->v)
			j++;
		if (j == nused)
			continue;
		ops[k]->v = used[j].tmp;
		ops[k]->off -= (int32_t)(base[j] * IR_GRF_BYTES);
	}
	if (s->mv) {
		s->mv->self[s->pos] = emitted(p);
		s->mv->touched[s->mv->ntouched++] = s->pos;
	}
	ir_emit_copy(p, &in);
	if (fstore)
		flag_after(s, &in, fhome);
	if (arr_written)
		for (unsigned j = 0; j < narr; j++)
			if (in.dst.kind == IR_O_REG && in.dst.v == arr[j].tmp)
				arr[j].written = true;
	arrays_after(s, arr, narr);
	for (uint32_t j = 0; j < nused; j++) {
		unsigned n = used[j].g1 - used[j].g0 + 1;
		bool cacheable = !(ir_vreg(p, used[j].v)->flags & IR_V_ADDR_TAKEN);
		if (in.dst.kind != IR_O_REG || in.dst.v != used[j].tmp) {
			if (cacheable && base[j] == used[j].g0)
				filled_note(s, used[j].v, used[j].tmp, used[j].g0, n);
			continue;
		}
		/* the temporary holds what was written, whole unless a masked
		 * write went without a fill */
		filled_drop(s, used[j].v, used[j].g0, n);
		bool whole = !no_fill[j] || (in.nomask && !in.pred);
		if (cacheable && whole && base[j] == used[j].g0)
			filled_note(s, used[j].v, used[j].tmp, used[j].g0, n);
		if (no_fill[j] && !in.nomask)   /* a fresh temporary */
			store_masked(s, used[j].v, used[j].tmp, used[j].g0, n, &in);
		else if (base[j] == used[j].g0)
			move_range(s, true, used[j].v, used[j].tmp, used[j].g0, n);
		else   /* a wider reused temporary: store what this wrote */
			move_range_at(s, used[j].v, used[j].tmp,
			              used[j].g0 - base[j], used[j].g0, n);
	}
	if (fills_end(&in))
		memset(s->fills, 0, NFILLED * sizeof *s->fills);
}

/* Is operand k of the instruction at s->pos (3: destination) a spilled
 * register (a GRF or flag one), or indirect into a spilled array? */
static bool opnd_spilled(const struct sp *s, const struct ir_opnd *o,
                         unsigned k)
{
	const struct ir_prog *p = s->p;
	if (o->kind == IR_O_REG)
		return (p->vregs.a[o->v].flags & IR_V_SPILLED) != 0;
	if (o->kind != IR_O_IND)
		return false;
	uint32_t only = s->local ? s->local[(size_t)s->pos * 4 + k] : 0;
	uint32_t arr = only ? only : s->array_of[o->v];
	return arr && (p->vregs.a[arr].flags & IR_V_SPILLED);
}

/* Does 'in' touch a spilled register: a spilled operand, a spilled
 * predicate or condition flag?  When not, rewrite_inst would copy it
 * unchanged (most instructions: the test keeps the rewrite from costing
 * more). */
static bool touches_spilled(const struct sp *s, const struct ir_inst *in)
{
	if (in->op == IR_OP_LABEL)
		return false;
	if (flag_spilled(s->p, in->flag))
		return true;
	for (unsigned k = 0; k < in->nsrc; k++)
		if (opnd_spilled(s, &in->src[k], k))
			return true;
	return opnd_spilled(s, &in->dst, 3);
}

/* For every address vreg, the spilled array it points into (its only
 * target, as linscan.c guarantees through ra_arrays_spillable), or 0. */
static uint32_t *spilled_arrays(struct ir_prog *p)
{
	uint32_t nv = p->vregs.n, ntaken;
	uint32_t *of = ir_alloc(p, nv * sizeof *of);
	uint32_t *taken = ir_addr_taken(p, &ntaken);
	uint32_t nw;
	const uint64_t *sets = ra_addr_targets(p, taken, ntaken, &nw);
	for (uint32_t a = 1; sets && a < nv; a++) {
		if (p->vregs.a[a].file != IR_RF_ADDR)
			continue;
		const uint64_t *row = sets + (size_t)a * nw;
		unsigned count = 0;
		uint32_t only = 0;
		for (uint32_t k = 0; k < ntaken; k++)
			if ((row[k / 64] >> (k % 64)) & 1) {
				count++;
				only = taken[k];
			}
		if (count == 1 && (p->vregs.a[only].flags & IR_V_SPILLED))
			of[a] = only;
	}
	return of;
}

/* ---- flags only: a rewrite from the back ------------------------------ */

/*
 * When no GRF register is spilled (most rounds: docs/ir.md), the rewrite
 * is flag_operands, flag_before and flag_after of each instruction that
 * uses a spilled flag, nothing else.  Then the growth is known from one
 * walk, so the code is laid out from its end: every instruction moves
 * once, to its place, and those before the first move stay (issue 12:
 * the in-place rewrite queued every instruction after the first
 * insertion, two copies each).  The new registers are made in the
 * forward walk, in the order rewrite_inst makes them.
 */
struct flag_use {
	uint32_t i, tmp, home;
	bool store;           /* a condition write: stored back after */
};

/* A move as ir_op1 emits it (ir_emit: the current vISA location). */
static struct ir_inst flag_move(const struct ir_prog *p, struct ir_opnd d,
                                struct ir_opnd s0)
{
	struct ir_inst in;
	memset(&in, 0, sizeof in);
	in.op = GEN_OP_MOV;
	in.exec = 1;
	in.jip = in.uip = -1;
	in.loc = p->loc;
	in.nomask = true;
	in.dst = d;
	in.src[0] = s0;
	in.nsrc = 1;
	return in;
}

/* Per register: spilled now (flag_spilled), a flag register. */
enum { KIND_GONE = 1, KIND_FLAG = 2 };

/* The kinds (bits per register) of the registers 'in' references as a
 * flag, a source or the destination. */
static inline unsigned refs_kinds(const uint8_t *kind,
                                  const struct ir_inst *in)
{
	if (in->op == IR_OP_LABEL)
		return 0;
	unsigned k = kind[in->flag];
	for (unsigned j = 0; j < in->nsrc; j++)
		if (in->src[j].kind == IR_O_REG)
			k |= kind[in->src[j].v];
	if (in->dst.kind == IR_O_REG)
		k |= kind[in->dst.v];
	return k;
}

/* Where the flag rewrite puts each instruction: after the loads and
 * stores of the uses before it, itself after its own load. */
static void record_moves(struct ra_moves *mv, const struct flag_use *u,
                         uint32_t nu, uint32_t n)
{
	uint32_t i = 0, grow = 0;
	for (uint32_t k = 0; k <= nu; k++) {
		uint32_t to = k < nu ? u[k].i : n;
		for (; i < to; i++)
			mv->lo[i] = mv->self[i] = i + grow;
		if (k == nu)
			break;
		mv->lo[i] = i + grow;
		mv->self[i] = i + grow + 1;
		i++;
		grow += 1 + u[k].store;
	}
	mv->lo[n] = n + grow;
}

/* A flag move's references (flag_move: mov (1) to 'to' from 'from', of
 * the flag's type) as ir_inst_refs reports them, into r: the source
 * read, the destination written whole when the type covers it (or it
 * is block-local). */
static struct ir_ref_at *note_move(const struct ir_prog *p,
                                   struct ir_ref_at *r, uint32_t to,
                                   uint32_t from, enum gen_type t,
                                   uint32_t pos)
{
	const struct ir_vreg *d = &p->vregs.a[to];
	bool full = (d->flags & IR_V_BLOCK_LOCAL) || gen_type_size(t) >= d->size;
	r[0] = (struct ir_ref_at){ from, pos, false, false };
	r[1] = (struct ir_ref_at){ to, pos, true, full };
	return r + 2;
}

/* Room for the notes of a flag rewrite (struct ra_moves refs) whose
 * spilled flags have 'refs' references in all: each touched
 * instruction is one of them, and notes at most 7 (ir_inst_refs_from)
 * and its load and store 2 each.  NULL when they would not fit. */
#define NOTE_MAX 11u
static struct ir_ref_at *notes_room(struct ir_prog *p, struct ra_moves *mv,
                                    uint64_t refs, uint32_t n)
{
	uint64_t room = NOTE_MAX * (refs + 1);
	/* the new code is at most three instructions for one */
	if (room > UINT32_MAX / 2 || 3 * (uint64_t)n > IR_REF_AT_MAX)
		return NULL;
	ra_moves_refs_room(p, mv, (uint32_t)room);
	return mv->refs;
}

static void spill_flags(struct sp *s, struct ra_moves *mv)
{
	struct ir_prog *p = s->p;
	uint32_t n = p->insts.n, nu = 0, grow = 0;
	struct flag_use *u = NULL;
	uint32_t cap = 0, nv = p->vregs.n;
	/* the registers spilled now (the new ones are not), the flags */
	uint8_t *kind = ir_alloc(p, nv + 1);
	uint64_t flag_refs = 0;
	for (uint32_t v = 1; v < nv; v++) {
		kind[v] = (uint8_t)(flag_spilled(p, v) |
		                    (p->vregs.a[v].file == IR_RF_FLAG) << 1);
		if (mv && mv->counts && (kind[v] & KIND_GONE))
			flag_refs += mv->counts[v];
	}
	/* the new registers' references, noted for the next round while
	 * each instruction is at hand (issue 12: read again there, spread
	 * over the code, they cost more than the rewrite) */
	struct ir_ref_at *note = mv && mv->counts && mv->vmin == nv
	                         ? notes_room(p, mv, flag_refs, n) : NULL;
	/* the instructions to look at: the flag index, or all (and then
	 * the index made) */
	bool indexed = mv && mv->fi_ok && mv->fi_code == n;
	uint32_t count = indexed ? mv->nfi : n, nfi = 0;
	uint32_t *fi = mv && !indexed
	               ? ra_keep_room(p, mv->keep, &mv->fi_buf,
	                              ((size_t)n + 1) * sizeof *fi)
	               : NULL;
	for (uint32_t j = 0; j < count; j++) {
		uint32_t i = indexed ? mv->fi[j] : j;
		struct ir_inst *in = &p->insts.a[i];
		unsigned k = refs_kinds(kind, in);
		if (fi && (k & KIND_FLAG))
			fi[nfi++] = i;
		if (!(k & KIND_GONE))
			continue;
		if (mv)
			mv->touched[mv->ntouched++] = i;
		/* the bound holds the references the scan counted: a flag
		 * named as neither predicate nor condition is not among them,
		 * and could pass it (then no notes) */
		if (note && mv->refs + mv->refs_cap - note < NOTE_MAX)
			note = NULL;
		flag_operands(s, in);
		if (!flag_spilled(p, in->flag)) {
			if (note)   /* a group of one, at i + grow */
				note += ir_inst_refs_from(p, in, i + grow, nv, note);
			continue;
		}
		ir_grow_raw(p, (void **)&u, &cap, nu, 256, sizeof *u);
		/* flag_before's registers */
		uint32_t f = in->flag, home = home_of(s, f);
		uint32_t tmp = ir_vreg_new(p, IR_RF_FLAG, ir_vreg(p, f)->size,
		                           ir_vreg(p, f)->size);
		ir_vreg(p, tmp)->flags |= IR_V_NOSPILL;
		in = &p->insts.a[i];
		in->flag = tmp;
		bool store = in->cmod && in->op != GEN_OP_SEL;
		u[nu++] = (struct flag_use){ i, tmp, home, store };
		if (note) {   /* its load, itself, its store */
			enum gen_type t = flag_type(p, tmp);
			note = note_move(p, note, tmp, home, t, i + grow);
			note += ir_inst_refs_from(p, in, i + grow + 1, nv, note);
			if (store)
				note = note_move(p, note, home, tmp, t, i + grow + 2);
		}
		grow += 1 + store;
	}
	if (mv) {
		record_moves(mv, u, nu, n);
		if (note) {   /* all noted */
			mv->nrefs = (uint32_t)(note - mv->refs);
			mv->noted = true;
		}
		/* the index, in the code laid out below */
		if (fi) {
			mv->fi = fi;
			mv->nfi = nfi;
		}
		for (uint32_t j = 0; j < mv->nfi; j++)
			mv->fi[j] = mv->self[mv->fi[j]];
		mv->fi_code = n + grow;
		mv->fi_ok = true;
	}
	if (!grow)
		return;
	while (p->insts.cap <= n + grow)
		ir_vec_grow(p, (void **)&p->insts.a, &p->insts.cap, p->insts.cap,
		            sizeof *p->insts.a);
	struct ir_inst *a = p->insts.a;
	/* old [0, end) not moved yet; the stretch between two uses moves
	 * in a plain loop (memmove's string copy counts a step a byte) */
	uint32_t at = n + grow, end = n;
	while (nu) {
		const struct flag_use *x = &u[--nu];
		uint32_t i = x->i;
		for (uint32_t k = end; k-- > i + 1;)
			a[--at] = a[k];
		end = i;
		enum gen_type t = flag_type(p, x->tmp);
		if (x->store)
			a[--at] = flag_move(p, ir_dst(x->home, 0, t, 1),
			                    ir_scalar(x->tmp, 0, t));
		a[--at] = a[i];
		a[--at] = flag_move(p, ir_dst(x->tmp, 0, t, 1),
		                    ir_scalar(x->home, 0, t));
	}
	p->insts.n = n + grow;
}

bool ra_spill(struct ir_prog *p, const struct ra_interval *iv,
              struct ra_moves *mv)
{
	uint32_t grf_spills, grf_spilled;
	if (!assign_slots(p, iv, &grf_spills, &grf_spilled))
		return false;
	struct sp s = { .p = p, .mv = mv };
	if (mv && mv->n != p->insts.n) {
		mv->fi_ok = false;
		s.mv = mv = NULL;
	}
	s.home = ir_alloc(p, p->vregs.n * sizeof *s.home);
	if (!grf_spilled) {
		spill_flags(&s, mv);
		if (mv)
			mv->flags_only = true;
		return true;
	}
	s.fills = ir_alloc(p, NFILLED * sizeof *s.fills);
	memset(s.fills, 0, NFILLED * sizeof *s.fills);
	s.array_of = spilled_arrays(p);
	s.local = ra_addr_local_bases(p);
	if (mv)   /* the flag index does not follow this rewrite */
		mv->fi_ok = false;
	/* in place (ir.h): one instruction array, not two (issue 12) */
	struct ir_insts_old old = ir_inplace_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst *at = &old.a[i];
		/* the stack-call functions follow the kernel and its
		 * subroutines (build_call.c): from the first one on, code runs
		 * in a frame of its own */
		if (at->op == IR_OP_LABEL && at->src[0].v < p->labels.n &&
		    p->labels.a[at->src[0].v].kind == IR_L_FUNCTION)
			s.in_function = true;
		s.pos = i;
		if (mv)
			mv->lo[i] = mv->self[i] = emitted(p);
		if (!touches_spilled(&s, at)) {
			/* what rewrite_inst does to an instruction it leaves
			 * alone; in place it mostly stays where it is */
			if (fills_end(at))
				memset(s.fills, 0, NFILLED * sizeof *s.fills);
			ir_emit_copy(p, at);
			ir_inplace_next(p, i + 1);
			continue;
		}
		const struct ir_inst in = *at;
		ir_inplace_next(p, i + 1);   /* 'in' is a copy */
		rewrite_inst(&s, in);
	}
	ir_inplace_end(p);
	if (mv) {
		mv->lo[old.n] = p->insts.n;
		mv->flags_only = grf_spills == 0;
	}
	return true;
}

/*
 * A call writes its return address and jumps: a store after it would run
 * only on return, too late for the ret that reads the address, so return
 * addresses stay in registers.
 */
static void keep_return_addresses(struct ir_prog *p)
{
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == GEN_OP_CALL && in->dst.kind == IR_O_REG)
			ir_vreg(p, in->dst.v)->flags |= IR_V_NOSPILL;
	}
}

bool ra_allocate(struct ir_prog *p)
{
	keep_return_addresses(p);
	ra_reserve_call_areas(p);
	/* what one round hands the next (live.c) lives across rounds; a
	 * failing round's scopes are freed by the caller */
	struct ra_rounds *rs = ra_rounds_begin(p);
	for (unsigned round = 0; round < 6; round++) {
		struct ra_moves *mv = ra_rounds_prepare(p, rs);
		/* each round's intervals and tables are its own */
		ir_scratch_begin(p);
		struct ra_interval *iv = ra_rounds_intervals(p, rs);
		bool sp = false;
		struct ra_refs *refs = ra_rounds_refs(rs);
		if (!ra_linscan(p, iv, refs, &sp))
			return false;
		if (mv && refs->valid)
			mv->counts = refs->n;
		if (sp && !ra_spill(p, iv, mv))
			return false;
		ir_scratch_end(p);
		if (!sp) {
			ir_scratch_end(p);
			return true;
		}
	}
	ir_scratch_end(p);
	return ir_unsupported(p, "register allocation did not converge");
}
