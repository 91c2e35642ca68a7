/*
 * emit_flat.c - the kernel's code where the platform has no software
 * scoreboard: each instruction encoded (and compacted) as it is laid
 * out, straight into the output; branches last, when every label has
 * its offset.
 *
 * A big kernel is cut in chunks (32, of 256 instructions at least) that
 * the calling thread and a worker thread take one at a time, each with
 * memos of its own, each chunk written into the output at 16 bytes an
 * instruction from its first one's place.  What a chunk's bytes are does
 * not depend on where it lands (the encode memo's premise: only branch
 * offsets do, and branches are encoded last), so the calling thread,
 * once every chunk is done, moves each chunk's bytes down behind the
 * last's and lays it out from the lengths and flags left for it: label
 * offsets, branch and relocation offsets.  Taking turns, neither thread
 * waits for the other's half: on a busy machine a worker that has not
 * started by the time the calling thread took the last chunk is not
 * waited for at all (it finds the work closed and ends).  A thread stops
 * a chunk at an instruction it cannot do alone -- one that fails (the
 * message names its offset) or names a label -- and the calling thread
 * does the rest of the chunk while laying it out, as one thread would:
 * bytes, relocations and the first error are those of one part
 * (tests/unit/test_fin_emit.c compares them).
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
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

/* A big kernel is encoded in this many chunks (of 256 instructions at
 * least), which the two threads take one at a time. */
#define EMIT_CHUNKS 32

/* Chunk [lo, hi): [lo, stop) done, 'size' bytes at code + 16 lo. */
struct chunk {
	uint32_t lo, hi, stop, size;
};

enum { W_WAITING, W_RUNNING, W_CLOSED };

/* What the two threads share.  Malloc'ed: a worker that starts only
 * after the calling thread took the last chunk and closed (W_CLOSED)
 * touches nothing but this, and frees it; one that started first
 * (W_RUNNING) is joined. */
struct shared {
	atomic_uint next;        /* the next chunk to take */
	atomic_int state;
	unsigned nchunks;
	struct chunk *chunks;
	uint8_t *code;
	struct em w;             /* the worker's context: quiet, own memos */
	struct vf_error err;
};

static void chunk_done(struct em *e, struct chunk *ch, uint8_t *code)
{
	uint8_t *start = code + 16 * (size_t)ch->lo, *at = start;
	uint32_t i = ch->lo;
	for (; i < ch->hi; i++) {
		/* offset 0: nothing but branches and messages depends on it */
		unsigned f = step(e, i, 0, at);
		if (f == L_FAIL)
			break;
		e->len[i] = (uint8_t)f;
		at += f & L_SIZE;
	}
	ch->stop = i;
	ch->size = (uint32_t)(at - start);
}

static void take_chunks(struct em *e, struct shared *sh)
{
	for (;;) {
		unsigned c = atomic_fetch_add(&sh->next, 1);
		if (c >= sh->nchunks)
			return;
		chunk_done(e, &sh->chunks[c], sh->code);
	}
}

static void *worker(void *arg)
{
	struct shared *sh = arg;
	if (atomic_exchange(&sh->state, W_RUNNING) == W_CLOSED) {
		free(sh);
		return NULL;
	}
	take_chunks(&sh->w, sh);
	return NULL;
}

/* The chunks of [0, n), each encoded by whichever thread took it (its
 * memos' answers are exact, so the bytes do not depend on which). */
static struct chunk *chunks_done(struct em *e, uint8_t *code,
                                 unsigned *nchunks)
{
	struct ir_prog *p = e->p;
	uint32_t n = p->insts.n;
	uint32_t size = n / EMIT_CHUNKS < 256 ? 256 : n / EMIT_CHUNKS;
	unsigned nc = (n + size - 1) / size;
	struct chunk *ch = ir_alloc(p, nc * sizeof *ch);
	for (unsigned c = 0; c < nc; c++)
		ch[c] = (struct chunk){ c * size,
		                        c + 1 == nc ? n : (c + 1) * size, 0, 0 };
	struct shared *sh = malloc(sizeof *sh);
	if (!sh)
		longjmp(*p->oom, 1);
	atomic_init(&sh->next, 0);
	atomic_init(&sh->state, W_WAITING);
	sh->nchunks = nc;
	sh->chunks = ch;
	sh->code = code;
	sh->w = *e;
	sh->w.quiet = true;
	sh->w.err = &sh->err;
	sh->w.memo = ir_alloc(p, sizeof *sh->w.memo);
	gen_compact_memo_init(sh->w.memo, p->plat);
	sh->w.enc_memo = ir_alloc_raw(p, sizeof *sh->w.enc_memo);
	gen_encode_memo_init(sh->w.enc_memo, p->plat, n / 2);
	sh->w.im = emit_memo_new(p, n / 2);
	pthread_t t;
	bool started = vf_thread_start(&t, worker, sh) == 0;
	/* this thread's turns: its own memos, quiet as the worker's */
	struct vf_error err;
	struct em q = *e;
	q.quiet = true;
	q.err = &err;
	take_chunks(&q, sh);
	int waiting = W_WAITING;
	if (started && atomic_compare_exchange_strong(&sh->state, &waiting,
	                                              W_CLOSED)) {
		/* not started yet, so never waited for: it frees sh */
		pthread_detach(t);
	} else {
		if (started)
			pthread_join(t, NULL);
		free(sh);
	}
	*nchunks = nc;
	return ch;
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
	uint32_t pc = 0;
	if (parts < 2) {
		if (!run_serial(e, 0, e->p->insts.n, code, &pc))
			return false;
	} else {
		/* laid out in order: each chunk's bytes moved down behind the
		 * last's, the rest of a chunk a thread stopped in done here */
		unsigned nc;
		struct chunk *ch = chunks_done(e, code, &nc);
		for (unsigned c = 0; c < nc; c++) {
			memmove(code + pc, code + 16 * (size_t)ch[c].lo, ch[c].size);
			for (uint32_t i = ch[c].lo; i < ch[c].stop; i++)
				place(e, i, e->len[i], &pc);
			if (!run_serial(e, ch[c].stop, ch[c].hi, code, &pc))
				return false;
		}
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
