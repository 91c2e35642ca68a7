/*
 * swsb_pass.c - compute the Gen12 software scoreboard of a stream.
 *
 *   strip old SWSB -> CFG (swsb_cfg.c) -> tokens for send/math, round
 *   robin in layout order -> dataflow to a fixed point over the blocks
 *   -> tokens chosen again with those states (reuse the token a
 *   send/math waits for) -> dataflow again -> one more walk that writes
 *   the annotations and the sync.nop list -> stream edit (insert, lay
 *   out again)
 *
 * State at a program point, per GRF (plus a0 as register 128):
 *   wd  in-order distance to the newest write that may be unfinished
 *       (DONE when there is none), wlim the distance at which it is
 *       complete (11, or 15 for a 64-bit destination: swsb_gen12.h);
 *   rd  the same for the newest in-order read (WAR against a later
 *       send/math write);
 *   dtok / stok  tokens whose destination / sources may still be in
 *       flight on the register.
 * Distances count in-order instructions along the path (sync, nop and
 * send/math do not count), so a jump that skips code never stretches a
 * distance; at a join the nearest write (min distance, max limit) and
 * the union of tokens win.  A call is an edge to its target, a ret an
 * edge to the instruction after every call.
 *
 * Rules (IGC SWSB_G4IR.cpp dependence loop, Mesa brw_fs_scoreboard.cpp):
 *   RAW  read of a register with wd -> @wd; with dtok -> $t.dst
 *   WAW  send/math writing a register with wd -> @wd; any write over
 *        dtok -> $t.dst; a 32-bit in-order write over an unfinished
 *        64-bit one -> @wd (it could complete first)
 *   WAR  send/math writing a register with rd -> @rd; any write over
 *        stok -> $t.src
 *   @N waits for every in-order instruction N or more back (TGLLP's one
 *   in-order pipe completes in order) and is capped at 7 (older ones are
 *   covered by @7).  {$t} on a send/math waits for the previous owner of
 *   $t (hardware stall on reuse), so dependences on it need nothing.
 *   An in-order instruction holds one token wait in its own field
 *   ({@N,$t.dst} or $t.dst or $t.src alone); a send/math none (its field
 *   sets its token); the others go before it: one sync.allwr with a token
 *   mask for two or more .dst waits, one sync.allrd for two or more .src
 *   waits, a sync.nop {$t.dst}/{$t.src} for a single one.
 *   Access to ce, sp, sr0, cr0, ip, tm0, dbg0 takes @1, and so does the
 *   next instruction (Mesa: "require the RegDist SWSB annotation to be
 *   set to 1"; IGC hasFollowDistOneAReg).  The EOT send takes @1 (IGC
 *   Wa_14013672992; every EOT of IGC's TGLLP corpus has it).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "../encoder/gen.h"
#include "../encoder/gen_footprint.h"
#include "swsb_priv.h"
#include "../platforms/swsb_gen12.h"

#define NREG 129
#define A0_REG 128
#define DONE 0xFF
/* The per-register arrays have NREG rounded up to 16 entries, the extra
 * ones always DONE / no token: the loops over every register that run
 * for each instruction then have a trip count the compiler vectorizes
 * without a remainder (they are most of the pass's time). */
#define NSLOT 144

struct sb_state {
	bool reached;
	bool arf_next;              /* the next instruction takes @1 */
	uint8_t wd[NSLOT], wlim[NSLOT], rd[NSLOT];
	uint16_t dtok[NSLOT], stok[NSLOT];
};

/* The state while a block is walked, the distances kept as stamps: the
 * in-order clock when the write or read was made, so that one more
 * in-order instruction (age) and a wait for a distance (wait_dist) are
 * one counter each instead of a pass over every register (issue 12: the
 * two loops were half of the SWSB pass).  Distance = now - stamp; an
 * entry is done (DONE in struct sb_state) when its stamp is 0 (none) or
 * not above 'horizon' (a wait covered it), or when its distance reached
 * its limit: the write's wlim, inorder_done for a read, never before the
 * next in-order instruction (a fresh entry is 1 whatever its limit, as
 * age's order of operations gives).  walk_from / walk_to convert at the
 * block's ends, where the states merge. */
struct sb_walk {
	bool arf_next;
	uint32_t now, horizon, rlim;
	uint32_t wt[NSLOT], rt[NSLOT];
	uint8_t wlim[NSLOT];
	uint16_t dtok[NSLOT], stok[NSLOT];
};

/* The clock a walk starts at: above every distance a state holds. */
#define WALK_BASE 256u

static unsigned stamp_dist(const struct sb_walk *w, uint32_t t, unsigned lim)
{
	if (t <= w->horizon)
		return DONE;
	uint32_t d = w->now - t;
	return d >= (lim > 2 ? lim : 2) ? DONE : d;
}

static unsigned wdist(const struct sb_walk *w, unsigned r)
{
	return stamp_dist(w, w->wt[r], w->wlim[r]);
}

static unsigned rdist(const struct sb_walk *w, unsigned r)
{
	return stamp_dist(w, w->rt[r], w->rlim);
}

static void walk_from(struct sb_walk *w, const struct sb_state *s,
                      unsigned rlim)
{
	w->arf_next = s->arf_next;
	w->now = WALK_BASE;
	w->horizon = 0;
	w->rlim = rlim;
	for (unsigned r = 0; r < NSLOT; r++) {
		w->wt[r] = s->wd[r] == DONE ? 0 : WALK_BASE - s->wd[r];
		w->rt[r] = s->rd[r] == DONE ? 0 : WALK_BASE - s->rd[r];
	}
	memcpy(w->wlim, s->wlim, sizeof(w->wlim));
	memcpy(w->dtok, s->dtok, sizeof(w->dtok));
	memcpy(w->stok, s->stok, sizeof(w->stok));
}

static void walk_to(struct sb_state *s, const struct sb_walk *w)
{
	s->reached = true;
	s->arf_next = w->arf_next;
	for (unsigned r = 0; r < NSLOT; r++) {
		s->wd[r] = (uint8_t)wdist(w, r);
		s->rd[r] = (uint8_t)rdist(w, r);
	}
	memcpy(s->wlim, w->wlim, sizeof(s->wlim));
	memcpy(s->dtok, w->dtok, sizeof(s->dtok));
	memcpy(s->stok, w->stok, sizeof(s->stok));
}

/* One instruction's register set, as GRF numbers plus A0_REG: a view
 * into the pass's pool (struct pass, regs_of). */
struct regs {
	unsigned n;
	const uint8_t *r;
};

/* Where the sets of instruction i lie in the pool: reads, then writes. */
struct iregs {
	uint32_t at;
	uint8_t nrd, nwr;
};

struct pass {
	const struct swsb_model *m;
	struct swsb_stream s;
	struct swsb_cfg g;
	int8_t *tok;                /* token of each send/math, else -1 */
	struct sb_state *in;        /* per block */
	/* annotation walk output */
	unsigned *before, *pre_at;
	struct gen_inst *pre;
	size_t npre, cap_pre;
	struct swsb_stats st;
	/* every instruction's register sets, computed once (the footprint is
	 * asked for at each of the four or more walks over the code) */
	struct iregs *ir;
	uint8_t *pool;
};

static void state_init(struct sb_state *s)
{
	memset(s, 0, sizeof(*s));
	s->reached = true;
	memset(s->wd, DONE, sizeof(s->wd));
	memset(s->rd, DONE, sizeof(s->rd));
}

/* Merge src into dst; true if dst changed. */
static bool state_merge(struct sb_state *d, const struct sb_state *s)
{
	if (!s->reached)
		return false;
	if (!d->reached) {
		*d = *s;
		return true;
	}
	bool ch = false;
	if (s->arf_next && !d->arf_next)
		d->arf_next = ch = true;
	for (unsigned r = 0; r < NREG; r++) {
		if (s->wd[r] < d->wd[r])
			d->wd[r] = s->wd[r], ch = true;
		if (s->wd[r] != DONE && s->wlim[r] > d->wlim[r])
			d->wlim[r] = s->wlim[r], ch = true;
		if (s->rd[r] < d->rd[r])
			d->rd[r] = s->rd[r], ch = true;
		if ((s->dtok[r] | d->dtok[r]) != d->dtok[r])
			d->dtok[r] |= s->dtok[r], ch = true;
		if ((s->stok[r] | d->stok[r]) != d->stok[r])
			d->stok[r] |= s->stok[r], ch = true;
	}
	return ch;
}

/* Append the registers of f to out[*n]. */
static void to_regs(const struct gen_fp *f, uint8_t *out, unsigned *n)
{
	if (f->all) {
		for (unsigned r = 0; r < GEN_FP_GRFS; r++)
			out[(*n)++] = (uint8_t)r;
		return;
	}
	for (unsigned i = 0; i < f->n; i++)
		out[(*n)++] = f->reg[i];
}

static bool reads_a0(const struct gen_inst *in)
{
	if (in->desc.is_reg || in->exdesc.is_reg)
		return true;
	for (unsigned s = 0; s < in->nsrc && s < 3; s++)
		if (in->src[s].kind == GEN_OPND_INDIRECT ||
		    (in->src[s].kind == GEN_OPND_DIRECT &&
		     in->src[s].rn == GEN_RN_A))
			return true;
	return in->dst.kind == GEN_OPND_INDIRECT;
}

static bool sync_arf(unsigned rn)
{
	switch (rn) {
	case GEN_RN_CE: case GEN_RN_SP: case GEN_RN_SR: case GEN_RN_CR:
	case GEN_RN_IP: case GEN_RN_TM: case GEN_RN_DBG:
		return true;
	default:
		return false;
	}
}

static bool touches_sync_arf(const struct gen_inst *in)
{
	if (in->dst.kind == GEN_OPND_DIRECT && sync_arf(in->dst.rn))
		return true;
	for (unsigned s = 0; s < in->nsrc && s < 3; s++)
		if (in->src[s].kind == GEN_OPND_DIRECT && sync_arf(in->src[s].rn))
			return true;
	return false;
}

static unsigned write_limit(const struct pass *p, const struct gen_inst *in)
{
	bool wide = in->dst.kind != GEN_OPND_NONE && in->dst.type < GEN_TYPE_UV &&
	            gen_type_size((enum gen_type)in->dst.type) == 8;
	return wide ? p->m->inorder_done64 : p->m->inorder_done;
}

static bool push_sync(struct pass *p, unsigned mode, unsigned t)
{
	if (p->npre == p->cap_pre) {
		size_t c = p->cap_pre ? p->cap_pre * 2 : 64;
		struct gen_inst *a = realloc(p->pre, c * sizeof(*a));
		if (!a)
			return false;
		p->pre = a;
		p->cap_pre = c;
	}
	struct gen_inst *s = &p->pre[p->npre++];
	memset(s, 0, sizeof(*s));
	s->op = GEN_OP_SYNC;
	s->hw_opcode = (uint8_t)gen_op_table[GEN_OP_SYNC].hw[GEN_ENC_GEN12];
	s->length = 16;
	s->exec_size = 1;
	s->fc = GEN_SYNC_NOP;
	s->nsrc = 1;
	s->src[0].kind = GEN_OPND_DIRECT;
	s->src[0].rn = GEN_RN_NULL;
	s->src[0].type = GEN_TYPE_UB;
	s->src[0].rgn = (struct gen_region){ 0, 1, 0 };
	s->swsb.mode = (uint8_t)mode;
	s->swsb.sbid = (uint8_t)t;
	p->st.syncs++;
	p->st.token_waits++;
	return true;
}

/* sync.allwr / sync.allrd with a token mask: one instruction for the
 * waits on several tokens (IGC writes "sync.allwr ($9,$13)"). */
static bool push_sync_mask(struct pass *p, unsigned fc, uint16_t mask)
{
	if (!push_sync(p, GEN_SBID_NONE, 0))
		return false;
	struct gen_inst *s = &p->pre[p->npre - 1];
	s->fc = (uint8_t)fc;
	s->src[0] = (struct gen_opnd){ .kind = GEN_OPND_IMM,
	                               .type = GEN_TYPE_UD, .imm = mask };
	return true;
}

static void clear_token(struct sb_walk *s, unsigned t, bool dst)
{
	uint16_t m = (uint16_t)~(1u << t);
	for (unsigned r = 0; r < NSLOT; r++)
		s->stok[r] &= m;
	if (dst)
		for (unsigned r = 0; r < NSLOT; r++)
			s->dtok[r] &= m;
}

/* A wait for distance dist completes every in-order write and read that
 * far back or farther (DONE is above every distance, so it stays): those
 * stamped at now - dist or before. */
static void wait_dist(struct sb_walk *s, unsigned dist)
{
	if (dist <= s->now && s->now - dist > s->horizon)
		s->horizon = s->now - dist;
}

/* One more in-order instruction: every pending write and read is one
 * further back, and complete at its limit (stamp_dist). */
static void age(struct sb_walk *s)
{
	s->now++;
}

/* The register sets of every instruction into p->ir / p->pool. */
static bool all_regs(struct pass *p)
{
	size_t cap = p->s.n * 8 + 2 * NREG, used = 0;
	p->ir = malloc((p->s.n ? p->s.n : 1) * sizeof(*p->ir));
	p->pool = malloc(cap);
	if (!p->ir || !p->pool)
		return false;
	for (size_t i = 0; i < p->s.n; i++) {
		const struct gen_inst *in = &p->s.a[i];
		if (cap - used < 2 * NREG) {
			uint8_t *m = realloc(p->pool, cap * 2);
			if (!m)
				return false;
			p->pool = m;
			cap *= 2;
		}
		struct gen_fp frd, fwr;
		unsigned nrd = 0, nwr = 0;
		uint8_t *r = p->pool + used;
		gen_inst_footprint(in, NULL, &frd, &fwr);
		to_regs(&frd, r, &nrd);
		if (reads_a0(in))
			r[nrd++] = A0_REG;
		to_regs(&fwr, r + nrd, &nwr);
		if (in->dst.kind == GEN_OPND_DIRECT && in->dst.rn == GEN_RN_A)
			r[nrd + nwr++] = A0_REG;
		p->ir[i] = (struct iregs){ (uint32_t)used, (uint8_t)nrd,
		                           (uint8_t)nwr };
		used += nrd + nwr;
	}
	return true;
}

static void inst_regs(const struct pass *p, size_t i, struct regs *rd,
                      struct regs *wr)
{
	const struct iregs *x = &p->ir[i];
	*rd = (struct regs){ x->nrd, p->pool + x->at };
	*wr = (struct regs){ x->nwr, p->pool + x->at + x->nrd };
}

/* The waits an instruction needs in state s: the smallest distance
 * (DONE: none) and the tokens whose destination / sources it must wait
 * for. */
static void deps(const struct pass *p, const struct sb_walk *s,
                 const struct gen_inst *in, const struct regs *prd,
                 const struct regs *pwr, unsigned *pdist, uint16_t *ptdst,
                 uint16_t *ptsrc)
{
	const struct regs *rdp = prd, *wrp = pwr;
	bool ooo = swsb_is_ooo((enum gen_op)in->op);
	unsigned dist = DONE, lim = write_limit(p, in);
	uint16_t tdst = 0, tsrc = 0;
	for (unsigned k = 0; k < rdp->n; k++) {
		unsigned r = rdp->r[k], wd = wdist(s, r);
		if (wd < dist)
			dist = wd;
		tdst |= s->dtok[r];
	}
	for (unsigned k = 0; k < wrp->n; k++) {
		unsigned r = wrp->r[k], wd = wdist(s, r);
		tdst |= s->dtok[r];
		tsrc |= s->stok[r];
		if ((ooo || s->wlim[r] > lim) && wd < dist)
			dist = wd;
		if (ooo) {
			unsigned rd = rdist(s, r);
			if (rd < dist)
				dist = rd;
		}
	}
	*pdist = dist;
	*ptdst = tdst;
	*ptsrc = tsrc;
}

/* One instruction: dependences -> (annotate) -> waits -> new state.
 * With 'out' non-NULL the annotation is written there and sync.nops are
 * collected; false only on OOM. */
static bool step(struct pass *p, struct sb_walk *s, size_t i,
                 struct gen_inst *out)
{
	const struct gen_inst *in = &p->s.a[i];
	const struct swsb_model *m = p->m;
	bool ooo = swsb_is_ooo((enum gen_op)in->op);
	bool inorder = swsb_counts_inorder((enum gen_op)in->op);
	struct regs rd, wr;
	inst_regs(p, i, &rd, &wr);
	int t = p->tok[i];
	if (ooo && t >= 0)
		clear_token(s, (unsigned)t, true);   /* reuse waits */

	unsigned dist, lim = write_limit(p, in);
	uint16_t tdst, tsrc;
	deps(p, s, in, &rd, &wr, &dist, &tdst, &tsrc);
	tsrc &= (uint16_t)~tdst;
	bool arf = touches_sync_arf(in);
	if (arf || s->arf_next || (in->opts & GEN_OPT_EOT))
		dist = 1;
	s->arf_next = arf;

	if (out) {
		memset(&out->swsb, 0, sizeof(out->swsb));
		if (dist != DONE) {
			out->swsb.has_dist = true;
			out->swsb.dist = (uint8_t)(dist < m->max_dist ? dist
			                                              : m->max_dist);
			p->st.dists++;
		}
		uint16_t rest_d = tdst, rest_s = tsrc;
		if (ooo && t >= 0) {
			out->swsb.mode = GEN_SBID_SET;
			out->swsb.sbid = (uint8_t)t;
			p->st.tokens_set++;
		} else if (!ooo && (tdst || (tsrc && dist == DONE))) {
			unsigned b = (unsigned)__builtin_ctz(tdst ? tdst : tsrc);
			out->swsb.mode = tdst ? GEN_SBID_DST : GEN_SBID_SRC;
			out->swsb.sbid = (uint8_t)b;
			p->st.token_waits++;
			if (tdst)
				rest_d &= (uint16_t)~(1u << b);
			else
				rest_s &= (uint16_t)~(1u << b);
		}
		p->before[i] = 0;
		p->pre_at[i] = (unsigned)p->npre;
		if (__builtin_popcount(rest_d) > 1) {
			if (!push_sync_mask(p, GEN_SYNC_ALLWR, rest_d))
				return false;
			p->before[i]++;
			rest_d = 0;
		}
		if (__builtin_popcount(rest_s) > 1) {
			if (!push_sync_mask(p, GEN_SYNC_ALLRD, rest_s))
				return false;
			p->before[i]++;
			rest_s = 0;
		}
		/* the tokens named, in increasing order (not a test of each) */
		uint32_t named = (rest_d | rest_s) & ((1u << m->tokens) - 1);
		for (; named; named &= named - 1) {
			unsigned b = (unsigned)__builtin_ctz(named);
			if ((rest_d >> b) & 1) {
				if (!push_sync(p, GEN_SBID_DST, b))
					return false;
				p->before[i]++;
			} else if ((rest_s >> b) & 1) {
				if (!push_sync(p, GEN_SBID_SRC, b))
					return false;
				p->before[i]++;
			}
		}
	}

	/* the waits */
	if (dist != DONE)
		wait_dist(s, dist);
	uint32_t waited = (tdst | tsrc) & ((1u << m->tokens) - 1);
	for (; waited; waited &= waited - 1) {
		unsigned b = (unsigned)__builtin_ctz(waited);
		if ((tdst >> b) & 1)
			clear_token(s, b, true);
		else
			clear_token(s, b, false);
	}

	/* what the instruction leaves in flight */
	if (inorder) {
		age(s);
		for (unsigned k = 0; k < wr.n; k++) {
			s->wt[wr.r[k]] = s->now - 1;   /* distance 1 */
			s->wlim[wr.r[k]] = (uint8_t)lim;
		}
		for (unsigned k = 0; k < rd.n; k++)
			s->rt[rd.r[k]] = s->now - 1;
	}
	if (ooo && t >= 0) {
		uint16_t bit = (uint16_t)(1u << t);
		for (unsigned k = 0; k < wr.n; k++)
			s->dtok[wr.r[k]] |= bit;
		for (unsigned k = 0; k < rd.n; k++)
			s->stok[rd.r[k]] |= bit;
	}
	return true;
}

/* First token choice: round robin over the send/math instructions in
 * layout order.  An EOT send ends the thread and takes none. */
static void pick_tokens(struct pass *p)
{
	unsigned next = 0;
	for (size_t i = 0; i < p->s.n; i++) {
		const struct gen_inst *in = &p->s.a[i];
		p->tok[i] = -1;
		if (!swsb_is_ooo((enum gen_op)in->op) || (in->opts & GEN_OPT_EOT))
			continue;
		p->tok[i] = (int8_t)next;
		next = (next + 1) % p->m->tokens;
	}
}

/* Second choice, with the first fixed point's states: a send/math that
 * must wait for a token takes that token (setting it waits for the old
 * owner, so the wait costs no sync.nop; IGC does the same), else the
 * token set longest ago.  Any choice is correct: the final dataflow
 * runs with the tokens chosen here. */
static void repick_tokens(struct pass *p)
{
	uint32_t last[32] = { 0 }, clock = 0;
	struct sb_walk cur;
	for (unsigned b = 0; b < p->g.nb; b++) {
		struct sb_state entry = p->in[b];
		if (!entry.reached)
			state_init(&entry);
		walk_from(&cur, &entry, p->m->inorder_done);
		for (uint32_t i = p->g.b[b].first; i < p->g.b[b].end; i++) {
			if (p->tok[i] >= 0) {
				const struct gen_inst *in = &p->s.a[i];
				struct regs rd, wr;
				unsigned dist;
				uint16_t tdst, tsrc;
				inst_regs(p, i, &rd, &wr);
				deps(p, &cur, in, &rd, &wr, &dist, &tdst, &tsrc);
				unsigned t = 0;
				if (tdst | tsrc) {
					t = (unsigned)__builtin_ctz(tdst ? tdst : tsrc);
				} else {
					for (unsigned k = 1; k < p->m->tokens; k++)
						if (last[k] < last[t])
							t = k;
				}
				p->tok[i] = (int8_t)t;
				last[t] = ++clock;
			}
			step(p, &cur, i, NULL);
		}
	}
}

/* Sweeps over the blocks in layout order until no state changes.  A
 * block whose entry state has not changed since it was last walked is
 * skipped: it would leave the same state, and merging a state a
 * successor already holds changes nothing (the merge only moves toward
 * nearer writes, later limits and more tokens), so the sweeps and the
 * fixed point are those of walking every block every time. */
static bool dataflow(struct pass *p)
{
	struct sb_walk cur;
	struct sb_state out;
	bool changed = true;
	bool *dirty = malloc((p->g.nb ? p->g.nb : 1) * sizeof(*dirty));
	for (unsigned b = 0; dirty && b < p->g.nb; b++)
		dirty[b] = true;
	while (changed) {
		changed = false;
		p->st.iterations++;
		for (unsigned b = 0; b < p->g.nb; b++) {
			if (!p->in[b].reached || (dirty && !dirty[b]))
				continue;
			if (dirty)
				dirty[b] = false;
			walk_from(&cur, &p->in[b], p->m->inorder_done);
			for (uint32_t i = p->g.b[b].first; i < p->g.b[b].end; i++)
				step(p, &cur, i, NULL);
			walk_to(&out, &cur);
			for (unsigned k = 0; k < p->g.b[b].nsucc; k++)
				if (state_merge(&p->in[p->g.b[b].succ[k]], &out)) {
					changed = true;
					if (dirty)
						dirty[p->g.b[b].succ[k]] = true;
				}
		}
	}
	free(dirty);
	return true;
}

static void pass_free(struct pass *p)
{
	swsb_stream_free(&p->s);
	swsb_cfg_free(&p->g);
	free(p->tok);
	free(p->in);
	free(p->before);
	free(p->pre_at);
	free(p->pre);
	free(p->ir);
	free(p->pool);
}

enum vf_status swsb_assign(const struct plat_info *pl,
                           const struct gen_inst *in, size_t n,
                           struct gen_inst **out, size_t *out_n,
                           struct swsb_stats *st, struct vf_error *err)
{
	struct pass p = { .m = swsb_model_for(pl->enc) };
	if (!p.m)
		return vf_err(err, VF_ERR_UNSUPPORTED, "%s has a hardware "
		              "scoreboard: no SWSB to compute", pl->name);
	/* start from a stream without SWSB */
	struct gen_inst *clean;
	size_t cn;
	enum vf_status rc = swsb_strip(pl, in, n, &clean, &cn, err);
	if (rc != VF_OK)
		return rc;
	rc = swsb_stream_from(clean, cn, &p.s, err);
	free(clean);
	if (rc == VF_OK)
		rc = swsb_cfg_build(&p.s, &p.g, err);
	if (rc != VF_OK) {
		pass_free(&p);
		return rc;
	}
	size_t nn = p.s.n ? p.s.n : 1;
	p.tok = calloc(nn, sizeof(*p.tok));
	p.in = calloc(p.g.nb ? p.g.nb : 1, sizeof(*p.in));
	p.before = calloc(nn, sizeof(*p.before));
	p.pre_at = calloc(nn, sizeof(*p.pre_at));
	if (!p.tok || !p.in || !p.before || !p.pre_at || !all_regs(&p)) {
		pass_free(&p);
		return vf_err_oom(err);
	}
	pick_tokens(&p);
	if (p.g.nb)
		state_init(&p.in[0]);
	dataflow(&p);
	repick_tokens(&p);
	memset(p.in, 0, p.g.nb * sizeof(*p.in));
	if (p.g.nb)
		state_init(&p.in[0]);
	dataflow(&p);
	struct sb_walk cur;
	for (unsigned b = 0; b < p.g.nb; b++) {
		struct sb_state entry = p.in[b];
		if (!entry.reached)
			state_init(&entry);   /* unreachable code: annotate anyway */
		walk_from(&cur, &entry, p.m->inorder_done);
		for (uint32_t i = p.g.b[b].first; i < p.g.b[b].end; i++)
			if (!step(&p, &cur, i, &p.s.a[i])) {
				pass_free(&p);
				return vf_err_oom(err);
			}
	}
	struct swsb_stream o;
	rc = swsb_stream_edit(&p.s, NULL, p.before, p.pre_at, p.pre, &o, err);
	p.st.blocks = p.g.nb;
	pass_free(&p);
	if (rc != VF_OK)
		return rc;
	p.st.insts = (unsigned)o.n;
	if (st)
		*st = p.st;
	*out = o.a;
	*out_n = o.n;
	free(o.tgt);
	return VF_OK;
}
