/*
 * send_join.c - one payload per SEND where the platform has no split
 * send (caps.split_send = 0: BDW).
 *
 * Needs: split's output (final execution sizes, so that the writers of
 * each half of a SIMD32 variable are separate instructions).  Leaves:
 * no sends; its copies are legal as emitted (whole GRFs, NoMask).  Each two-payload
 * message (src0: mlen registers, src1: xlen registers) becomes a send
 * whose single payload holds both, one after the other in consecutive
 * registers, with the message length mlen + xlen in the descriptor and
 * no src1 length in the extended descriptor: on Gen8 "the message
 * payload is contiguous GRFs starting at src0" (GEN-FACTS 6.5; IGC's
 * bdw binaries in shared/corpus/bdw, e.g. untyped surface writes
 * "wr:4+0" where skl has "sends ... wr:2+2").  The registers are copied
 * whole, under NoMask, two at a time - unless the payload part is a
 * "piece" that can move: the GRFs [lo, hi) of a register (temporary or
 * vISA variable, not an input, pinned or address-taken) read as one
 * send's part.  Moving renames the piece: every operand inside it names
 * the joined payload instead, so its writers write the payload directly
 * and nothing is copied.  Conditions (piece_of):
 *  - every reference of the register lies inside one of its pieces, no
 *    piece is read by two sends, and the register moves whole (no rest
 *    is left that would be allocated on its own);
 *  - a register of several pieces (a SIMD32 result read by two SIMD16
 *    sends, one half each, as GenX_IR lays them out) moves only when
 *    each piece is written whole;
 *  - the piece is not touched after its send, and its first reference
 *    is at most NEAR_SEND instructions before it, unless the register is
 *    only this send's payload (nothing else reads it): the joined
 *    payload lives from the piece's first write, and with it the
 *    registers of a copied other part.
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

/* A payload part that may move into its joined payload. */
struct piece {
	uint32_t v, lo, hi;    /* register, byte range [lo, hi) */
	uint32_t send;         /* index of the send reading it */
	uint8_t part;          /* its source operand there (0, 1) */
	bool ok;               /* still movable */
	uint8_t *cov;          /* bytes written by packed writes (bitmap):
	                        * moved only when complete, so a byte
	                        * nothing writes is still copied from where
	                        * it was */
	uint32_t to;           /* joined payload, 0 until moved */
	int32_t add;           /* byte offset in 'to' minus lo */
	uint32_t next;         /* next piece of v (index + 1), 0: none */
	uint32_t first;        /* first instruction touching it */
	bool late;             /* touched after the send */
	bool reads;            /* read by anything but its send */
};

/* How far back (in instructions) a piece may be first touched: beyond,
 * the joined payload, and the registers of a copied other part, would
 * be held too long (register pressure, spills). */
#define NEAR_SEND 120

struct jctx {
	struct ir_prog *p;
	const struct ir_insts_old *old;
	uint32_t nv;              /* vregs before the pass */
	uint32_t *head;           /* per vreg: first piece (index + 1) */
	bool *whole;              /* per vreg: every reference is in a piece */
	struct piece *pc;
	uint32_t npc;
};

static bool is_split_send(unsigned op)
{
	return op == GEN_OP_SENDS || op == GEN_OP_SENDSC;
}

/* A register whose bytes may live in a joined payload instead. */
static bool plain(const struct jctx *c, uint32_t v)
{
	if (v >= c->nv)
		return false;
	const struct ir_vreg *r = &c->p->vregs.a[v];
	uint32_t bad = IR_V_PINNED | IR_V_LIVE_IN | IR_V_GLOBAL |
	               IR_V_ADDR_TAKEN;
	return r->file == IR_RF_GRF && !(r->flags & bad) && r->pin < 0;
}

/* Send payload parts of two registers that could move. */
static void collect(struct jctx *c)
{
	for (uint32_t i = 0; i < c->old->n; i++) {
		const struct ir_inst *in = &c->old->a[i];
		if (!is_split_send(in->op))
			continue;
		unsigned len[2] = { in->mlen, in->xlen };
		for (unsigned k = 0; k < 2; k++) {
			const struct ir_opnd *o = &in->src[k];
			if (o->kind != IR_O_REG || !plain(c, o->v) || o->off < 0 ||
			    o->off % IR_GRF_BYTES)
				continue;
			struct piece n = { o->v, (uint32_t)o->off,
			                   (uint32_t)o->off + len[k] * IR_GRF_BYTES,
			                   i, (uint8_t)k, true, NULL, 0, 0,
			                   c->head[o->v], i, false, false };
			n.cov = ir_alloc(c->p, (n.hi - n.lo) / 8);
			memset(n.cov, 0, (n.hi - n.lo) / 8);
			/* the same bytes read twice (two sends, or both parts):
			 * they stay where they are and are copied */
			for (uint32_t q = c->head[o->v]; q; q = c->pc[q - 1].next) {
				struct piece *e = &c->pc[q - 1];
				if (e->lo < n.hi && n.lo < e->hi)
					e->ok = n.ok = false;
			}
			c->pc[c->npc++] = n;
			c->head[o->v] = c->npc;
		}
	}
}

/* Bytes operand 'o' of 'in' touches from o->off. */
static unsigned opnd_bytes(const struct ir_inst *in, const struct ir_opnd *o)
{
	if (ir_is_send(in->op)) {
		unsigned g = o == &in->dst ? in->rlen
		             : o == &in->src[0] ? in->mlen : in->xlen;
		return g * IR_GRF_BYTES;
	}
	return ir_opnd_extent(o, in->exec, o == &in->dst);
}

struct check {
	struct jctx *c;
	uint32_t i;
};

/* Operand 'o' of instruction i may touch a piece only from inside it:
 * then moving every such operand renames the piece's bytes. */
static void check_opnd(void *ctx, const struct ir_inst *in,
                       const struct ir_opnd *o, bool def)
{
	struct check *k = ctx;
	struct jctx *c = k->c;
	if (o->kind != IR_O_REG || o->v >= c->nv || !c->head[o->v])
		return;
	int64_t a = o->off, b = a + opnd_bytes(in, o);
	bool in_one = false;
	for (uint32_t q = c->head[o->v]; q; q = c->pc[q - 1].next) {
		struct piece *e = &c->pc[q - 1];
		if (b <= e->lo || a >= e->hi)
			continue;
		in_one = in_one || (a >= e->lo && b <= e->hi);
		if (k->i < e->first)
			e->first = k->i;
		if (k->i > e->send)
			e->late = true;
		if (k->i == e->send && o == &in->src[e->part])
			continue;
		if (!def)
			e->reads = true;
		if (a < e->lo || b > e->hi)
			e->ok = false;
		else if (def && (in->exec == 1 || o->rgn.hs == 1 ||
		                 ir_is_send(in->op)))
			for (int64_t x = a; x < b; x++)
				e->cov[(x - e->lo) / 8] |= (uint8_t)(1u << ((x - e->lo) % 8));
	}
	if (!in_one)
		c->whole[o->v] = false;
}

/* Every byte of the piece inside its register written (the bytes of
 * the GRFs past the register's end were never defined). */
static bool complete(const struct jctx *c, const struct piece *e)
{
	uint32_t size = c->p->vregs.a[e->v].size;
	uint32_t end = size <= e->lo ? 0 : (size < e->hi ? size : e->hi) - e->lo;
	for (uint32_t x = 0; x < end; x++)
		if (!(e->cov[x / 8] & (1u << (x % 8))))
			return false;
	return true;
}

/* The movable piece read as part k of send i, or NULL.  A register
 * moves all at once or not at all: every reference in a piece and every
 * piece movable, so nothing is left of it.  A register of several
 * pieces moves only when each is written whole: a piece nothing writes
 * would send what its joined payload's registers held before instead of
 * what the register's did (both undefined, but kernels that store
 * vectors they fill only partly expect the latter to stay as it was). */
static struct piece *piece_of(const struct jctx *c, uint32_t i, unsigned k)
{
	const struct ir_opnd *o = &c->old->a[i].src[k];
	if (o->kind != IR_O_REG || o->v >= c->nv || !c->head[o->v] ||
	    !c->whole[o->v])
		return NULL;
	struct piece *mine = NULL;
	bool single = !c->pc[c->head[o->v] - 1].next;
	for (uint32_t q = c->head[o->v]; q; q = c->pc[q - 1].next) {
		struct piece *e = &c->pc[q - 1];
		bool own = single && !e->reads && !e->late;
		if (!e->ok || (!single && !complete(c, e)) ||
		    (!own && (e->late || e->send - e->first > NEAR_SEND)))
			return NULL;
		if (e->send == i && e->part == k)
			mine = e;
	}
	return mine;
}

/* Copy 'n' whole registers from 'from' (+off) to 'to' (+at).  This runs
 * after split, so the copies must be legal as they are: a source known
 * to start a GRF is read two GRFs at a time as <8;8,1>; one that may
 * not (a small register is given GRF alignment where it can be; else a
 * pinned input inside a GRF) one GRF at a time as <1;1,0>, rows of one
 * element, which may cross a GRF anywhere. */
static void copy_grfs(struct ir_prog *p, const struct ir_inst *send,
                      uint32_t to, unsigned at, const struct ir_opnd *from,
                      unsigned n)
{
	struct ir_vreg *r = ir_vreg(p, from->v);
	if (ir_opnd_sub(p, from) < 0 && r->pin < 0 && !(r->flags & IR_V_PINNED) &&
	    from->off % IR_GRF_BYTES == 0)
		r->align = IR_GRF_BYTES;
	bool aligned = ir_opnd_sub(p, from) == 0;
	for (unsigned g = 0; g < n;) {
		unsigned k = aligned && n - g >= 2 ? 2 : 1;
		int32_t off = from->off + (int32_t)(g * IR_GRF_BYTES);
		struct ir_opnd s = aligned ? ir_rgn(from->v, off, GEN_TYPE_UD, 8, 8, 1)
		                           : ir_rgn(from->v, off, GEN_TYPE_UD, 1, 1, 0);
		struct ir_inst *mv = ir_op1(p, GEN_OP_MOV, 8 * k, true,
		                            ir_dst(to, (int32_t)((at + g) * IR_GRF_BYTES),
		                                   GEN_TYPE_UD, 1), s);
		mv->loc = send->loc;
		g += k;
	}
}

static bool join(struct jctx *c, uint32_t i)
{
	struct ir_prog *p = c->p;
	struct ir_inst in = c->old->a[i];
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
	unsigned at[2] = { 0, in.mlen }, len[2] = { in.mlen, in.xlen };
	for (unsigned k = 0; k < 2; k++) {
		struct piece *e = piece_of(c, i, k);
		if (e) {
			/* the payload now holds a vISA variable: like it, it may
			 * be read before anything writes it */
			ir_vreg(p, pl)->flags |= ir_vreg(p, e->v)->flags & IR_V_VISA;
			e->to = pl;
			e->add = (int32_t)(at[k] * IR_GRF_BYTES) - (int32_t)e->lo;
		} else {
			copy_grfs(p, &in, pl, at[k], &in.src[k], len[k]);
		}
	}
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

/* Operands inside a moved piece now name its joined payload. */
static void move_opnd(const struct jctx *c, struct ir_opnd *o)
{
	if (o->kind != IR_O_REG || o->v >= c->nv || !c->head[o->v])
		return;
	for (uint32_t q = c->head[o->v]; q; q = c->pc[q - 1].next) {
		const struct piece *e = &c->pc[q - 1];
		if (e->to && o->off >= (int32_t)e->lo && o->off < (int32_t)e->hi) {
			o->v = e->to;
			o->off += e->add;
			return;
		}
	}
}

bool ir_send_join(struct ir_prog *p)
{
	if (p->plat->caps.split_send)
		return true;
	struct ir_insts_old old = ir_rewrite_begin(p);
	struct jctx c = { .p = p, .old = &old, .nv = p->vregs.n };
	uint32_t nsend = 0;
	for (uint32_t i = 0; i < old.n; i++)
		nsend += is_split_send(old.a[i].op);
	c.head = ir_alloc(p, c.nv * sizeof *c.head);
	memset(c.head, 0, c.nv * sizeof *c.head);
	c.whole = ir_alloc(p, c.nv * sizeof *c.whole);
	memset(c.whole, 1, c.nv * sizeof *c.whole);
	c.pc = ir_alloc(p, (2 * (size_t)nsend + 1) * sizeof *c.pc);
	collect(&c);
	for (uint32_t i = 0; i < old.n && c.npc; i++) {
		struct check k = { &c, i };
		ir_for_each_opnd(&old.a[i], check_opnd, &k);
	}
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst *in = &old.a[i];
		p->loc = in->loc;
		if (!is_split_send(in->op)) {
			ir_emit_copy(p, in);
			continue;
		}
		if (!join(&c, i))
			return false;
	}
	for (uint32_t i = 0; i < p->insts.n && c.npc; i++) {
		struct ir_inst *in = &p->insts.a[i];
		move_opnd(&c, &in->dst);
		for (unsigned k = 0; k < 3; k++)
			move_opnd(&c, &in->src[k]);
	}
	return true;
}
