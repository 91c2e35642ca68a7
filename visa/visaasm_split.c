/*
 * visaasm_split.c - a big text's instructions parsed on two threads.
 *
 * At the first instruction of a text of at least VA_SPLIT_MIN bytes from
 * there on, the parser picks a line start 'mid' halfway to the end and
 * starts a helper thread that parses the instructions from mid on with a
 * parser of its own (lexer, arena, instruction array, error) over a
 * copy of the routine's state: the symbol tables and variables it only
 * reads.  The parser goes on from where it is up to mid, then joins the
 * helper, appends its instructions (their source lines moved by the
 * line mid turned out to have), takes over its arena and moves its own
 * lexer to where the helper stopped.  docs/visa-text-format.md,
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
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "thread.h"

/* Texts whose part from the first instruction on is smaller are parsed
 * on one thread: below it, starting and joining a thread costs more
 * than the half it saves (docs/visa-text-format.md).  The environment
 * variable VISAFIN_SPLIT_PARSE (bytes; 0: never) overrides it, for
 * tests and measurements. */
#define VA_SPLIT_MIN ((size_t)1 << 20)

struct va_split {
	pthread_t thread;
	atomic_bool cancel;         /* the parser no longer wants the work */
	size_t mid;                 /* the helper's first byte, a line start */
	struct va_parser p;         /* the helper's parser */
	struct va_routine rt;       /* its copy of the routine being parsed */
	struct vf_error err;        /* its errors (never reported) */
	struct vf_arena *scratch;   /* its lexer's */
	/* Results, read after the join.  Lines are counted from 1 at mid. */
	bool have_first;            /* first_* are set */
	size_t first_start;         /* the first statement's first byte */
	uint32_t first_line;
	uint32_t count;             /* instructions parsed, all complete */
	size_t resume;              /* the line after the last of them */
	uint32_t resume_line;
};

static atomic_ulong merged;

unsigned long va_split_merged(void)
{
	return atomic_load(&merged);
}

static size_t split_min(void)
{
	const char *e = getenv("VISAFIN_SPLIT_PARSE");
	if (!e || !*e)
		return VA_SPLIT_MIN;
	char *end;
	unsigned long long v = strtoull(e, &end, 10);
	return *end ? VA_SPLIT_MIN : (size_t)v;
}

/* A statement va_statement would give to va_instruction. */
static bool is_instruction(const struct va_parser *p, const struct va_token *t)
{
	if (t->kind == VA_LABEL || va_is_punct(t, '{') || va_is_punct(t, '}'))
		return false;
	return !(va_is_punct(t, '.') && va_peek_at(p, 1)->kind == VA_IDENT &&
	         !va_peek_at(p, 1)->space_before);
}

static void *helper_main(void *arg)
{
	struct va_split *h = arg;
	struct va_parser *p = &h->p;
	if (va_lex_from(p, h->scratch, h->mid, 1) != VF_OK)
		return NULL;
	h->resume = h->mid;
	h->resume_line = 1;
	for (;;) {
		while (va_peek(p)->kind == VA_NL)
			va_next(p);
		const struct va_token *t = va_peek(p);
		if (!h->have_first) {
			h->first_start = t->start;
			h->first_line = t->line;
			h->have_first = true;
		}
		if (t->kind == VA_EOF || p->lx.failed || !is_instruction(p, t) ||
		    atomic_load_explicit(&h->cancel, memory_order_relaxed))
			break;
		bool ok = va_instruction(p) && !p->spec_stop;
		const struct va_token *e = va_peek(p);
		/* A statement ends with its line here: one closed by a '}'
		 * or the end of the text is left to the parser. */
		if (!ok || e->kind != VA_NL || p->lx.failed)
			break;
		h->count = p->rt->r.inst_count;
		h->resume = e->start + 1;
		h->resume_line = e->line + 1;
		va_next(p);
	}
	return NULL;
}

/* Everything the helper made and the record itself; its arena unless
 * the parser took it. */
static void split_free(struct va_split *h)
{
	va_lex_end(&h->p);
	free(h->p.ictx);
	vf_arena_free(h->p.a);
	vf_arena_free(h->scratch);
	free(h);
}

/* Stop the helper and drop its work. */
static void split_drop(struct va_parser *p)
{
	struct va_split *h = p->split;
	p->split = NULL;
	atomic_store_explicit(&h->cancel, true, memory_order_relaxed);
	pthread_join(h->thread, NULL);
	split_free(h);
}

void va_split_start(struct va_parser *p)
{
	p->split_tried = true;
	size_t min = split_min();
	const struct va_token *t = va_peek(p);
	if (!min || t->start >= p->size || p->size - t->start < min)
		return;
	/* A little past halfway: the helper's part also pays for the
	 * thread's start and for the first pages of an arena of its own
	 * (measured: about 1 ms more CPU than the parser's at 200k). */
	size_t target = t->start + (p->size - t->start) / 25 * 13;
	const char *nl = memchr(p->src + target, '\n', p->size - target);
	if (!nl || (size_t)(nl - p->src) + 1 >= p->size)
		return;
	struct va_split *h = calloc(1, sizeof *h);
	if (!h)
		return;
	h->mid = (size_t)(nl - p->src) + 1;
	h->rt = *p->rt;
	h->rt.r.insts = NULL;
	h->rt.r.inst_count = h->rt.inst_cap = 0;
	h->rt.next = NULL;
	h->p = (struct va_parser){ .file = p->file, .src = p->src,
	                           .size = p->size, .m = p->m,
	                           .a = vf_arena_new(), .err = &h->err,
	                           .have_version = true, .rt = &h->rt,
	                           .spec = true };
	h->scratch = vf_arena_new();
	atomic_init(&h->cancel, false);
	if (!h->p.a || !h->scratch ||
	    vf_thread_start(&h->thread, helper_main, h) != 0) {
		vf_arena_free(h->p.a);
		vf_arena_free(h->scratch);
		free(h);
		return;
	}
	p->split = h;
	p->split_mid = h->mid;
}

/* Append the helper's instructions, their lines moved by delta. */
static bool take(struct va_parser *p, struct va_split *h, uint32_t delta)
{
	struct va_routine *rt = p->rt;
	uint32_t n = rt->r.inst_count, k = h->count;
	if (k > UINT32_MAX / 2 - n)
		return va_oom(p);
	uint32_t cap = rt->inst_cap ? rt->inst_cap : 8;
	while (cap < n + k)
		cap *= 2;
	if (cap != rt->inst_cap) {
		struct vf_inst *na = vf_arena_grow(p->a, rt->inst_cap ? rt->r.insts
		                                         : NULL, rt->inst_cap, cap,
		                                   sizeof *na);
		if (!na)
			return va_oom(p);
		rt->r.insts = na;
		rt->inst_cap = cap;
	}
	struct vf_inst *to = rt->r.insts + n;
	const struct vf_inst *from = h->rt.r.insts;
	for (uint32_t i = 0; i < k; i++) {
		to[i] = from[i];
		to[i].line += delta;
	}
	rt->r.inst_count = n + k;
	/* Its operands stay where they are, in its arena, now the
	 * module's; its instruction array is not needed any more. */
	vf_arena_release(h->p.a, h->rt.r.insts,
	                 (size_t)h->rt.inst_cap * sizeof *from);
	vf_arena_adopt(p->a, h->p.a);
	h->p.a = NULL;
	atomic_fetch_add(&merged, k);
	return true;
}

bool va_split_join(struct va_parser *p)
{
	struct va_split *h = p->split;
	p->split = NULL;
	pthread_join(h->thread, NULL);
	const struct va_token *t = va_peek(p);
	bool ok = true;
	if (h->count && h->have_first && !p->lx.failed &&
	    t->kind != VA_EOF && t->start == h->first_start) {
		uint32_t delta = t->line - h->first_line;
		ok = take(p, h, delta);
		if (ok)
			va_lex_seek(p, h->resume, h->resume_line + delta);
	}
	split_free(h);
	return ok;
}

void va_split_end(struct va_parser *p)
{
	if (p->split)
		split_drop(p);
}

bool va_split_guard_slow(struct va_parser *p)
{
	if (p->spec) {
		p->spec_stop = true;
		return false;
	}
	split_drop(p);
	return true;
}
