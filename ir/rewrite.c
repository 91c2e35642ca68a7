/*
 * rewrite.c - passes that rewrite the instruction sequence (ir.h):
 * the in-place rewrite, the two-array rewrite, dropping marked
 * instructions.
 *
 * Issue 12 (peak memory): a two-array rewrite holds the old and the new
 * sequence at once, 176 bytes an instruction each (a 60k-instruction
 * kernel: 2 x 11 MB).  Most passes keep almost every instruction where
 * it is and insert a few: they rewrite in place.  The new sequence is
 * written from slot 0 of the same array, into slots whose old
 * instruction the pass has said it no longer reads (ir_inplace_next).
 * What the pass emits ahead of that point waits in a queue, in order,
 * and moves into the array as slots free up; what is left at the end
 * is appended.  Old instructions never move, so the pass may keep
 * pointers to them and look ahead; it must not look back before the
 * point it gave.  The queue holds the pass's net growth so far, a few
 * instructions for most passes; a pass doubling every instruction
 * (SIMD32 splits) queues as much as a second array would hold.
 */
#include "config.h"

#include <string.h>

#include "ir.h"

/* Slots past the old sequence that make the queue's first ring (fewer:
 * a ring of its own from the start). */
#define TAIL_RING_MIN 64

struct ir_insts_old ir_inplace_begin(struct ir_prog *p)
{
	struct ir_insts_old o = { p->insts.a, p->insts.n };
	struct ir_inplace *w = &p->inplace;
	w->on = true;
	w->free_to = 0;
	w->old_n = p->insts.n;
	w->qhead = w->qlen = 0;
	/* The array's unused capacity past the old sequence is the queue's
	 * first ring: the new sequence never reaches it while the rewrite
	 * is open (issue 12: the spill rewrite of a 50k kernel queues 10k
	 * instructions, 1.7 MB a separate ring would add to the peak). */
	w->in_tail = p->insts.cap - p->insts.n >= TAIL_RING_MIN;
	if (w->in_tail) {
		w->q = p->insts.a + p->insts.n;
		w->qcap = p->insts.cap - p->insts.n;
	} else {
		w->q = w->own;
		w->qcap = w->own_cap;
	}
	p->insts.n = 0;
	return o;
}

/* Move up to k queued instructions to the end of the sequence. */
static void take(struct ir_prog *p, uint32_t k)
{
	struct ir_inplace *w = &p->inplace;
	if (k == 1) {   /* the common step: one in, one out */
		p->insts.a[p->insts.n++] = w->q[w->qhead];
		w->qhead = ir_ring_at(w, 1);
		k = 0;
		w->qlen--;
	}
	while (k) {
		uint32_t run = w->qcap - w->qhead;   /* up to the ring's end */
		if (run > k)
			run = k;
		memcpy(&p->insts.a[p->insts.n], &w->q[w->qhead], run * sizeof *w->q);
		p->insts.n += run;
		w->qhead = ir_ring_at(w, run);
		w->qlen -= run;
		k -= run;
	}
	if (!w->qlen)
		w->qhead = 0;
}

void ir_inplace_take(struct ir_prog *p)
{
	struct ir_inplace *w = &p->inplace;
	uint32_t room = w->free_to - p->insts.n;
	take(p, room < w->qlen ? room : w->qlen);
}

struct ir_inst *ir_inplace_grow(struct ir_prog *p)
{
	struct ir_inplace *w = &p->inplace;
	/* the ring is full: one of its own, twice as big (or the one
	 * kept from an earlier rewrite, when that is), in order from 0 */
	uint32_t nc = w->qcap ? w->qcap * 2 : 64;
	struct ir_inst *q = w->own;
	if (nc > w->own_cap) {
		q = vf_arena_array_raw(p->arena, nc, sizeof *q);
		if (!q)
			longjmp(*p->oom, 1);
	}
	if (w->qlen) {
		uint32_t run = w->qcap - w->qhead;
		memcpy(q, &w->q[w->qhead], run * sizeof *q);
		memcpy(&q[run], w->q, w->qhead * sizeof *q);
	}
	if (q != w->own) {
		vf_arena_release(p->arena, w->own,
		                 (size_t)w->own_cap * sizeof *w->own);
		w->own = q;
		w->own_cap = nc;
	}
	w->q = q;
	w->qcap = w->own_cap;
	w->qhead = 0;
	w->in_tail = false;
	return &w->q[ir_ring_at(w, w->qlen++)];
}

struct ir_inst *ir_last_emitted(struct ir_prog *p)
{
	const struct ir_inplace *w = &p->inplace;
	if (w->on && w->qlen)
		return &w->q[ir_ring_at(w, w->qlen - 1)];
	return &p->insts.a[p->insts.n - 1];
}

static void reverse(struct ir_inst *a, uint32_t n)
{
	for (uint32_t i = 0, j = n; i + 1 < j; i++, j--) {
		struct ir_inst t = a[i];
		a[i] = a[j - 1];
		a[j - 1] = t;
	}
}

void ir_inplace_end(struct ir_prog *p)
{
	struct ir_inplace *w = &p->inplace;
	w->on = false;
	ir_inplace_next(p, w->old_n);   /* every old instruction is read */
	if (w->qlen && w->in_tail) {
		/* the rest waits in the ring right after the sequence
		 * (insts.n == old_n): rotate the ring so that it starts at
		 * its first slot (three reversals, no second buffer) */
		if (w->qhead + w->qlen <= w->qcap) {
			memmove(w->q, &w->q[w->qhead], w->qlen * sizeof *w->q);
		} else {
			reverse(w->q, w->qhead);
			reverse(&w->q[w->qhead], w->qcap - w->qhead);
			reverse(w->q, w->qcap);
		}
		p->insts.n += w->qlen;
	} else if (w->qlen) {
		uint32_t n = p->insts.n + w->qlen;
		while (p->insts.cap < n)   /* doubles it, in place if it can */
			ir_vec_grow(p, (void **)&p->insts.a, &p->insts.cap,
			            p->insts.cap, sizeof *p->insts.a);
		take(p, w->qlen);
	}
	w->qhead = w->qlen = 0;
	w->q = NULL;
	w->qcap = 0;
	if (w->own_cap > 1024) {   /* a big ring goes back at once */
		vf_arena_release(p->arena, w->own,
		                 (size_t)w->own_cap * sizeof *w->own);
		w->own = NULL;
		w->own_cap = 0;
	}
}

struct ir_insts_old ir_rewrite_begin(struct ir_prog *p)
{
	struct ir_insts_old o = { p->insts.a, p->insts.n };
	/* The previous rewrite's input is no longer read by anyone: it
	 * takes the new sequence (its pages are already mapped), and the
	 * array taken out now waits for the next rewrite. */
	struct ir_inst *spare = p->rewritten;
	uint32_t spare_cap = p->rewritten_cap;
	p->rewritten = p->insts.a;
	p->rewritten_cap = p->insts.cap;
	p->insts.a = spare;
	p->insts.cap = spare_cap;
	p->insts.n = 0;
	return o;
}

void ir_release_spare(struct ir_prog *p)
{
	if (p->rewritten)
		vf_arena_release(p->arena, p->rewritten,
		                 (size_t)p->rewritten_cap * sizeof *p->rewritten);
	p->rewritten = NULL;
	p->rewritten_cap = 0;
}

void ir_drop_marked(struct ir_prog *p, const bool *dead)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < p->insts.n; i++)
		if (!dead[i]) {
			if (n != i)
				p->insts.a[n] = p->insts.a[i];
			n++;
		}
	p->insts.n = n;
}
