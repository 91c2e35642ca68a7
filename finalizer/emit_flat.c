/*
 * emit_flat.c - the kernel's code where the platform has no software
 * scoreboard: each instruction encoded (and compacted) as it is laid
 * out, straight into the output; branches last, when every label has
 * its offset.
 *
 * A big kernel is cut in two parts encoded at once: the first on the
 * calling thread, which lays it out as it goes, the second on a worker
 * thread with memos of its own, into the output 16 bytes an instruction
 * past the first part's room.  What a part writes does not depend on
 * where it lands (the encode memo's premise: only branch offsets do, and
 * branches are encoded last), so the calling thread, after the join,
 * moves the second part's bytes down behind the first's and lays it out
 * from the lengths and flags the worker left: label offsets, branch and
 * relocation offsets.  The worker stops at an instruction it cannot do
 * alone -- one that fails (the message names its offset) or names a
 * label -- and the calling thread does the rest of the part as one
 * thread would: bytes, relocations and the first error are those of one
 * part (tests/unit/test_fin_emit.c compares them).
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/thread.h"
#include "emit_priv.h"

/* e->len[i]: the instruction's length in bytes and what laying it out
 * asks besides (step()'s answer) */
#define L_SIZE   0x1Fu
#define L_LABEL  0x20u   /* a label: its offset into e->lpc */
#define L_BRANCH 0x40u   /* a branch: its offset into e->pc, bytes later */
#define L_RELOC  0x80u   /* a relocated immediate: into p->relocs */
#define L_FAIL   0x100u  /* not done (step() only) */

/* Instruction i, laid out at 'pc', into 'at' (room for 16 bytes): its
 * length and flags, or L_FAIL. */
static unsigned step(struct em *e, uint32_t i, uint32_t pc, uint8_t *at)
{
	const struct ir_inst *in = &e->p->insts.a[i];
	if (in->op == IR_OP_LABEL)
		return L_LABEL;
	if (ir_is_branch(in->op))
		return 16 | L_BRANCH;
	struct gen_bits b, c;
	const struct gen_encode_kept *k = e->im ? emit_memo_find(e, i, &b)
	                                        : NULL;
	if (!k) {
		struct gen_inst g;
		if (!emit_build(e, i, pc, &g))
			return L_FAIL;
		if (gen_encode_memo(e->enc_memo, &g, &b, e->err) != VF_OK) {
			if (!e->quiet)
				ir_internal(e->p, "vISA instruction %u: "
				            "encoding: %s", in->loc, e->err->msg);
			return L_FAIL;
		}
	}
	unsigned f = 16;
	if (in->reloc) {
		f |= L_RELOC;
	} else if (!(in->opts & GEN_OPT_EOT) && !e->p->no_compact &&
	           (k ? gen_compact_memo_kept(e->memo, k, &b, &c)
	              : gen_compact_memo_after(e->memo, e->enc_memo, &b,
	                                       &c))) {
		b = c;
		f = 8;
	}
	if (!k && e->im)
		emit_memo_keep(e);
	emit_put_le64(at, b.w[0]);
	if (f & 16)
		emit_put_le64(at + 8, b.w[1]);
	return f;
}

/* Lay out instruction i, of length and flags f, at *pc. */
static void place(struct em *e, uint32_t i, unsigned f, uint32_t *pc)
{
	e->len[i] = (uint8_t)f;
	if (f & (L_LABEL | L_BRANCH | L_RELOC)) {
		struct ir_prog *p = e->p;
		const struct ir_inst *in = &p->insts.a[i];
		if (f & L_LABEL) {
			e->lpc[in->src[0].v] = (int32_t)*pc;
		} else if (f & L_BRANCH) {
			e->pc[i] = *pc;
		} else {
			uint32_t r = IR_VEC_PUSH(p, p->relocs);
			p->relocs.a[r] = (struct ir_reloc){
				*pc + ir_reloc_imm_at(in->reloc_type), in->reloc,
				in->reloc_type };
		}
	}
	*pc += f & L_SIZE;
}

/* Instructions [lo, hi) encoded and laid out from *pc on, their bytes at
 * code + *pc. */
static bool run_serial(struct em *e, uint32_t lo, uint32_t hi,
                       uint8_t *code, uint32_t *pc)
{
	for (uint32_t i = lo; i < hi; i++) {
		unsigned f = step(e, i, *pc, code + *pc);
		if (f == L_FAIL)
			return false;
		place(e, i, f, pc);
	}
	return true;
}

/* The part a worker encodes: [lo, stop) of [lo, hi) done, 'size' bytes
 * at 'code', lengths and flags in e.len. */
struct part {
	struct em e;
	struct vf_error err;
	uint32_t lo, hi, stop;
	uint8_t *code;
	size_t size;
};

static void *run_part(void *arg)
{
	struct part *w = arg;
	uint8_t *at = w->code;
	uint32_t i = w->lo;
	for (; i < w->hi; i++) {
		/* offset 0: nothing but branches and messages depends on it */
		unsigned f = step(&w->e, i, 0, at);
		if (f == L_FAIL)
			break;
		w->e.len[i] = (uint8_t)f;
		at += f & L_SIZE;
	}
	w->stop = i;
	w->size = (size_t)(at - w->code);
	return NULL;
}

/* A worker's part [lo, n) writing at 'code', with memos of its own. */
static struct part *new_part(struct em *e, uint32_t lo, uint8_t *code)
{
	struct ir_prog *p = e->p;
	struct part *w = ir_alloc(p, sizeof *w);
	w->e = *e;
	w->e.quiet = true;
	w->e.err = &w->err;
	w->e.memo = ir_alloc(p, sizeof *w->e.memo);
	gen_compact_memo_init(w->e.memo, p->plat);
	w->e.enc_memo = ir_alloc_raw(p, sizeof *w->e.enc_memo);
	gen_encode_memo_init(w->e.enc_memo, p->plat, p->insts.n - lo);
	w->e.im = emit_memo_new(p, p->insts.n - lo);   /* a big kernel's */
	w->lo = lo;
	w->hi = p->insts.n;
	w->code = code;
	return w;
}

/* Every branch, now that every label has its offset. */
static bool branches(struct em *e, uint8_t *code)
{
	struct ir_prog *p = e->p;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		if (!(e->len[i] & L_BRANCH))
			continue;
		struct gen_inst g;
		struct gen_bits b;
		if (!emit_build(e, i, e->pc[i], &g))
			return false;
		if (gen_encode(p->plat, &g, &b, p->err) != VF_OK)
			return ir_internal(p, "vISA instruction %u: encoding: %s",
			                   p->insts.a[i].loc, p->err->msg);
		emit_put_le64(code + e->pc[i], b.w[0]);
		emit_put_le64(code + e->pc[i] + 8, b.w[1]);
	}
	return true;
}

static bool parts_done(struct em *e, unsigned parts, uint8_t *code,
                       uint32_t *size)
{
	struct ir_prog *p = e->p;
	uint32_t n = p->insts.n;
	uint32_t mid = parts > 1 ? n / 2 : n;
	struct part *w = NULL;
	pthread_t t;
	bool threaded = false;
	if (mid < n) {
		w = new_part(e, mid, code + 16 * (size_t)mid);
		threaded = vf_thread_start(&t, run_part, w) == 0;
		if (!threaded)
			run_part(w);   /* the same bytes, one part after the other */
	}
	uint32_t pc = 0;
	bool ok = run_serial(e, 0, mid, code, &pc);
	if (threaded)
		pthread_join(t, NULL);
	if (!ok)
		return false;
	if (w) {
		memmove(code + pc, w->code, w->size);
		for (uint32_t i = mid; i < w->stop; i++)
			place(e, i, e->len[i], &pc);
		if (!run_serial(e, w->stop, n, code, &pc))
			return false;
	}
	*size = pc;
	return branches(e, code);
}

bool emit_flat(struct em *e, unsigned parts, uint8_t **out, size_t *size)
{
	struct ir_prog *p = e->p;
	uint32_t n = p->insts.n;
	/* a short kernel has few instructions of one shape: the memo
	 * would cost more than it finds */
	e->im = n >= EMIT_MEMO_MIN ? emit_memo_new(p, parts > 1 ? n / 2 : n)
	                           : NULL;
	/* written where a branch is, read only there */
	e->pc = ir_alloc_raw(p, (n + 1) * sizeof *e->pc);
	/* 16 bytes an instruction at most: pages past the end of the code
	 * are never touched */
	uint8_t *code = malloc(16 * (size_t)n + 1);
	if (!code)
		longjmp(*p->oom, 1);
	uint32_t total;
	if (!parts_done(e, parts, code, &total)) {
		free(code);
		return false;
	}
	*out = code;
	*size = total;
	return true;
}
