/*
 * visaasm_split.c - a big text's instructions parsed on two threads.
 *
 * At the first instruction of a text of at least VA_SPLIT_MIN bytes from
 * there on, the parser picks a line start 'mid' 13/25 of the way and
 * starts a helper thread that parses the instructions from mid on with a
 * parser of its own (lexer, arena, instruction array, error) over a
 * copy of the routine's state: the symbol tables and variables it only
 * reads.  The parser goes on from where it is up to mid, then appends
 * the instructions the helper has finished (their source lines moved by
 * the line mid turned out to have) and moves its own lexer past them.
 * A helper that is not done by then (the machine's other processor was
 * busy) is told to stop: the parser does not wait for it but parses the
 * rest itself, so a busy machine costs little more than the serial
 * parse.  The helper's arena, which holds the operands, becomes the
 * module's once the helper has stopped.  docs/visa-text-format.md,
 * "Parsing on two threads", has the why and the measurements.
 *
 * The result is the serial one because the helper only does what does
 * not depend on, or change, anything the serial parse would have
 * changed before it:
 *   - it parses plain instruction lines and stops before any other
 *     statement (directive, label, '{', '}'), before a line it cannot
 *     parse (an error: the parser reads that line again and reports it
 *     as a serial parse would), and where it would change shared state
 *     (a string, a label, a symbol, a variable's alignment: the hook
 *     va_split_guard in those functions);
 *   - the parser, before changing any of that state while the helper
 *     runs, stops the helper and drops its work (va_split_guard again),
 *     as it does when it fails;
 *   - the helper's first statement must start on the very byte where
 *     the parser's next statement starts once it reaches mid (mid could
 *     fall inside a comment, string or continued line: then it does
 *     not, and the helper's work is dropped).
 * A helper that stops early costs nothing but its thread: the parser
 * parses the rest itself.
 */
#include "visaasm_read.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "thread.h"
#include "visaasm_split.h"

/* Texts whose part from the first instruction on is smaller are parsed
 * on one thread: below it, starting and joining a thread costs more
 * than the half it saves (docs/visa-text-format.md).  va_split_set_min
 * changes it (tests, the command's --split-parse). */
#define VA_SPLIT_MIN ((size_t)1 << 20)

struct va_split {
	pthread_t thread;
	atomic_bool cancel;         /* the parser no longer wants the work */
	size_t mid;                 /* the helper's first byte, a line start */
	struct va_parser p;         /* the helper's parser */
	struct va_routine rt;       /* its copy of the routine being parsed */
	struct vf_error err;        /* its errors (never reported) */
	struct vf_arena *scratch;   /* its lexer's */
	/* The helper's instructions go to rt.r.insts, made with room for
	 * cap so that it never moves (the parser may copy from it while the
	 * helper goes on).  Their offset fields count from the helper's
	 * first instruction (its rt.code_size starts at 0); for each one,
	 * ends[] holds where the line after it starts, counted from mid
	 * (the helper takes no continued line), and code[] the helper's
	 * code bytes once it is appended: the parser moves the offsets by
	 * its own code size when it takes them. */
	uint32_t cap;
	uint32_t *ends;
	uint64_t *code;
	/* Its first statement (set before anything is published). */
	size_t first_start;
	uint32_t first_line;
	/* Instructions complete (release: rt.r.insts below it is
	 * written), and whether the helper has stopped. */
	atomic_uint published;
	atomic_bool done;
	bool taken;                 /* the parser took some: keep the arena */
};

static atomic_ulong merged;
static atomic_int test_mode;

void va_split_test_mode(int mode)
{
	atomic_store(&test_mode, mode);
}

unsigned long va_split_merged(void)
{
	return atomic_load(&merged);
}

static _Atomic size_t split_min = VA_SPLIT_MIN;

void va_split_set_min(size_t bytes)
{
	atomic_store(&split_min, bytes);
}

/* A statement va_statement would give to va_instruction. */
static bool is_instruction(const struct va_parser *p, const struct va_token *t)
{
	if (t->kind == VA_LABEL || va_is_punct(t, '{') || va_is_punct(t, '}'))
		return false;
	return !(va_is_punct(t, '.') && va_peek_at(p, 1)->kind == VA_IDENT &&
	         !va_peek_at(p, 1)->space_before);
}

static bool cancelled(struct va_split *h)
{
	return atomic_load_explicit(&h->cancel, memory_order_relaxed);
}

/* Tests (va_split_test_mode 1): a slow helper, which stalls after
 * VA_SPLIT_STALL instructions until it is told to stop. */
#define VA_SPLIT_STALL 5u

static void stall_until_cancelled(struct va_split *h, uint32_t n)
{
	if (n < VA_SPLIT_STALL ||
	    atomic_load_explicit(&test_mode, memory_order_relaxed) != 1)
		return;
	while (!cancelled(h))
		sched_yield();
}

/* Tests (modes 1 and 2): the parser waits for the helper to finish
 * VA_SPLIT_STALL instructions (1) or all it can do (2), so that what it
 * takes does not depend on timing. */
static void wait_for_tests(struct va_split *h)
{
	int mode = atomic_load_explicit(&test_mode, memory_order_relaxed);
	if (!mode)
		return;
	uint32_t want = mode == 1 ? VA_SPLIT_STALL : UINT32_MAX;
	while (!atomic_load_explicit(&h->done, memory_order_acquire) &&
	       atomic_load_explicit(&h->published, memory_order_acquire) < want)
		sched_yield();
}

static void helper_parse(struct va_split *h)
{
	struct va_parser *p = &h->p;
	if (va_lex_from(p, h->scratch, h->mid, 1) != VF_OK)
		return;
	while (va_peek(p)->kind == VA_NL)
		va_next(p);
	h->first_start = va_peek(p)->start;
	h->first_line = va_peek(p)->line;
	for (;;) {
		while (va_peek(p)->kind == VA_NL)
			va_next(p);
		const struct va_token *t = va_peek(p);
		uint32_t n = p->rt->r.inst_count;
		/* room for the instruction (each makes one) and to spare */
		if (t->kind == VA_EOF || p->lx.failed || !is_instruction(p, t) ||
		    n + 4 > h->cap || cancelled(h))
			return;
		bool ok = va_instruction(p) && !p->spec_stop;
		const struct va_token *e = va_peek(p);
		/* A statement ends with its line here: one closed by a '}'
		 * or the end of the text is left to the parser. */
		if (!ok || e->kind != VA_NL || p->lx.failed ||
		    p->rt->r.inst_count != n + 1 ||
		    e->line != p->rt->r.insts[n].line)
			return;
		h->ends[n] = (uint32_t)(e->start + 1 - h->mid);
		h->code[n] = p->rt->code_size;
		atomic_store_explicit(&h->published, n + 1,
		                      memory_order_release);
		stall_until_cancelled(h, n + 1);
		va_next(p);
	}
}

static void *helper_main(void *arg)
{
	struct va_split *h = arg;
	helper_parse(h);
	atomic_store_explicit(&h->done, true, memory_order_release);
	return NULL;
}

/* Stop the helper and wait for it; its arena becomes the module's when
 * the parser took instructions from it (their operands are there), else
 * it is freed with everything else the helper made. */
static void split_finish(struct va_parser *p)
{
	struct va_split *h = p->split;
	p->split = NULL;
	atomic_store_explicit(&h->cancel, true, memory_order_relaxed);
	pthread_join(h->thread, NULL);
	if (h->taken) {
		vf_arena_release(h->p.a, h->rt.r.insts,
		                 (size_t)h->rt.inst_cap * sizeof *h->rt.r.insts);
		vf_arena_adopt(p->a, h->p.a);
		h->p.a = NULL;
	}
	va_lex_end(&h->p);
	free(h->p.ictx);
	va_size_memo_free(h->p.sizes);
	free(h->ends);
	free(h->code);
	vf_arena_free(h->p.a);
	vf_arena_free(h->scratch);
	free(h);
}

void va_split_start(struct va_parser *p)
{
	p->split_tried = true;
	size_t min = atomic_load_explicit(&split_min, memory_order_relaxed);
	const struct va_token *t = va_peek(p);
	if (!min || t->start >= p->size || p->size - t->start < min)
		return;
	/* A little past halfway: the helper's part also pays for the
	 * thread's start and for the first pages of an arena of its own
	 * (measured: about 1 ms more CPU than the parser's at 200k). */
	size_t target = t->start + (p->size - t->start) / 25 * 13;
	const char *nl = memchr(p->src + target, '\n', p->size - target);
	if (!nl || (size_t)(nl - p->src) + 1 >= p->size ||
	    p->size - (size_t)(nl - p->src) > UINT32_MAX)
		return;
	struct va_split *h = calloc(1, sizeof *h);
	if (!h)
		return;
	h->mid = (size_t)(nl - p->src) + 1;
	/* IGC's instruction lines are 40 bytes and more: room for one in
	 * 24 (a text of shorter lines has the helper stop when it is full;
	 * untouched pages of the array cost nothing). */
	size_t cap = (p->size - h->mid) / 24 + 64;
	h->cap = cap > UINT32_MAX / 2 ? UINT32_MAX / 2 : (uint32_t)cap;
	h->rt = *p->rt;
	h->rt.r.inst_count = 0;
	h->rt.code_size = 0;
	h->rt.inst_cap = h->cap;
	h->rt.next = NULL;
	h->p = (struct va_parser){ .file = p->file, .src = p->src,
	                           .size = p->size, .m = p->m,
	                           .a = vf_arena_new_large(),
	                           .err = &h->err,
	                           .have_version = true, .rt = &h->rt,
	                           .spec = true };
	h->scratch = vf_arena_new();
	h->rt.r.insts = h->p.a ? vf_arena_array_raw(h->p.a, h->cap,
	                                            sizeof *h->rt.r.insts)
	                       : NULL;
	h->ends = malloc((size_t)h->cap * sizeof *h->ends);
	h->code = malloc((size_t)h->cap * sizeof *h->code);
	atomic_init(&h->cancel, false);
	atomic_init(&h->published, 0);
	atomic_init(&h->done, false);
	if (!h->p.a || !h->scratch || !h->rt.r.insts || !h->ends ||
	    !h->code || vf_thread_start(&h->thread, helper_main, h) != 0) {
		vf_arena_free(h->p.a);
		vf_arena_free(h->scratch);
		free(h->ends);
		free(h->code);
		free(h);
		return;
	}
	p->split = h;
	p->split_mid = h->mid;
}

/* Append the helper's first k instructions, their lines moved by
 * delta. */
static bool take(struct va_parser *p, struct va_split *h, uint32_t k,
                 uint32_t delta)
{
	struct va_routine *rt = p->rt;
	struct vf_inst *to = va_push_n_raw(p, (void **)&rt->r.insts,
	                                   &rt->r.inst_count, &rt->inst_cap,
	                                   sizeof *to, k);
	if (!to)
		return false;
	const struct vf_inst *from = h->rt.r.insts;
	/* offsets as va_emit would have made them here (wrapping alike) */
	uint64_t base = rt->code_size;
	for (uint32_t i = 0; i < k; i++) {
		to[i] = from[i];
		to[i].line += delta;
		to[i].offset = (uint32_t)(base + from[i].offset);
	}
	rt->code_size = base + h->code[k - 1];
	/* Their operands stay where they are, in the helper's arena: it
	 * is the module's from split_finish on. */
	h->taken = true;
	atomic_fetch_add(&merged, k);
	return true;
}

bool va_split_join(struct va_parser *p)
{
	struct va_split *h = p->split;
	wait_for_tests(h);
	/* What the helper has finished; it is told to stop, and is waited
	 * for only if done (then at once) or when the parser next needs it
	 * gone (va_split_guard, va_split_end). */
	bool done = atomic_load_explicit(&h->done, memory_order_acquire);
	uint32_t k = atomic_load_explicit(&h->published, memory_order_acquire);
	atomic_store_explicit(&h->cancel, true, memory_order_relaxed);
	p->split_mid = SIZE_MAX;
	const struct va_token *t = va_peek(p);
	bool ok = true;
	if (k && !p->lx.failed && t->kind != VA_EOF &&
	    t->start == h->first_start) {
		uint32_t delta = t->line - h->first_line;
		const struct vf_inst *last = &h->rt.r.insts[k - 1];
		size_t resume = h->mid + h->ends[k - 1];
		uint32_t resume_line = last->line + 1 + delta;
		ok = take(p, h, k, delta);
		if (ok)
			va_lex_seek(p, resume, resume_line);
	}
	if (done || !ok)
		split_finish(p);
	return ok;
}

void va_split_end(struct va_parser *p)
{
	if (p->split)
		split_finish(p);
}

bool va_split_guard_slow(struct va_parser *p)
{
	if (p->spec) {
		p->spec_stop = true;
		return false;
	}
	split_finish(p);
	return true;
}
