/*
 * visaasm_opnd.c - operands of vISA assembly: integer expressions,
 * execution size and mask, predicates, vector operands (general,
 * indirect, immediate, address, address-of, predicate, state) and raw
 * operands.
 *
 * Every parser fills a struct vf_opnd exactly as the binary holds it:
 * regions as the 4-bit codes of 5_operands.md (0 -> 1, 1 -> 2, 2 -> 3,
 * 4 -> 4, 8 -> 5, 16 -> 6, 32 -> 7, absent -> 0), modifiers in tag bits
 * 3-5, predicate words as id | control << 13 | inverse << 15, an
 * address-of operand as the general (or state) operand Intel's builder
 * writes for it.  Integer expressions follow the precedence of Intel's
 * grammar (CISA.y), including its quirks: '&' binds loosest, then '^',
 * then '|'; comparisons and shifts do not chain.
 *
 * Spec: shared/spec/visa/5_operands.md, 2_datatypes.md,
 * 8_appendix_visa_assembly_syntax.md (operand syntax).
 */
#include "visaasm_read.h"

#include <string.h>

/* ---- integer expressions ---- */

static bool va_int_cond_from(struct va_parser *p, int64_t *v,
                             const int64_t *first);

static bool va_sizeof(struct va_parser *p, int64_t *v)
{
	bool paren = va_accept(p, '(');
	const struct va_token *t = va_next(p);
	if (t->kind != VA_IDENT)
		return va_fail(p, t, "a variable name after %sizeof");
	const struct va_sym *s = va_lookup_tok(p, t);
	if (!s && va_token_is(p, t, "GRF"))
		*v = 32;
	else if (!s)
		return va_fail(p, t, "a declared variable (or GRF) after "
		               "%sizeof");
	else if (s->cls == VA_SYM_GENERAL)
		*v = va_var_bytes(p, s->index);
	else if (s->cls == VA_SYM_ADDRESS)
		*v = 2 * (int64_t)p->rt->r.addrs[s->index].num_elements;
	else
		return va_fail(p, t, "a general or address variable after "
		               "%sizeof");
	return !paren || va_expect(p, ')', "')' after %sizeof(name");
}

/* A lone literal: an integer token followed by something that cannot
 * continue an expression (the common case, "(0,0)", "num_elts=8"); 'gt'
 * tells whether '>' ends it (the operand grammars that use va_int_nra). */
static bool va_lone_int(const struct va_parser *p, bool gt)
{
	if (va_peek(p)->kind != VA_INT)
		return false;
	const struct va_token *n = va_peek_at(p, 1);
	if (n->kind != VA_PUNCT)
		return true;
	return n->punct == ',' || n->punct == ')' || n->punct == ';' ||
	       n->punct == ']' || n->punct == '}' || (gt && n->punct == '>');
}

/* Integer expressions nest by recursion ('(', unary operators, the
 * right side of '?:'); a bound keeps hostile text (thousands of them on
 * one line) from overflowing the stack (a fuzz finding of session 5).
 * va_enter counts one level in, va_leave one out, whatever the result. */
#define VA_EXPR_DEPTH_MAX 200
static bool va_enter(struct va_parser *p)
{
	if (++p->expr_depth > VA_EXPR_DEPTH_MAX)
		return va_fail(p, va_peek(p), "an expression nested at most "
		               "200 deep");
	return true;
}

static bool va_leave(struct va_parser *p, bool ok)
{
	p->expr_depth--;
	return ok;
}

bool va_int_prim(struct va_parser *p, int64_t *v)
{
	const struct va_token *t = va_peek(p);
	if (t->kind == VA_INT) {
		va_next(p);
		*v = t->ival;
		return true;
	}
	if (va_is_punct(t, '(')) {
		va_next(p);
		return va_int_expr(p, v) &&
		       va_expect(p, ')', "')' closing the expression");
	}
	if (t->kind == VA_BUILTIN && va_token_is(p, t, "%sizeof")) {
		va_next(p);
		return va_sizeof(p, v);
	}
	if (t->kind == VA_BUILTIN && va_token_is(p, t, "%DispatchSimd")) {
		va_next(p);
		if (!p->rt || p->rt->dispatch_simd <= 0)
			return va_fail(p, t, "'.kernel_attr SimdSize=...' before "
			               "%DispatchSimd");
		*v = p->rt->dispatch_simd;
		return true;
	}
	return va_fail(p, t, "an integer expression");
}

bool va_starts_int(const struct va_parser *p)
{
	const struct va_token *t = va_peek(p);
	return t->kind == VA_INT || va_is_punct(t, '(') || va_is_punct(t, '-') ||
	       va_is_punct(t, '~') || va_is_punct(t, '!') ||
	       (t->kind == VA_BUILTIN && (va_token_is(p, t, "%sizeof") ||
	                                  va_token_is(p, t, "%DispatchSimd")));
}

bool va_int_unary(struct va_parser *p, int64_t *v)
{
	const struct va_token *t = va_peek(p);
	if (va_is_punct(t, '-') || va_is_punct(t, '~') || va_is_punct(t, '!')) {
		va_next(p);
		if (!va_leave(p, va_enter(p) && va_int_unary(p, v)))
			return false;
		if (t->punct == '-')
			*v = (int64_t)(0 - (uint64_t)*v);
		else if (t->punct == '~')
			*v = ~*v;
		else
			*v = !*v;
		return true;
	}
	return va_int_prim(p, v);
}

bool va_int_mul(struct va_parser *p, int64_t *v)
{
	if (!va_int_unary(p, v))
		return false;
	for (;;) {
		const struct va_token *t = va_peek(p);
		if (!va_is_punct(t, '*') && !va_is_punct(t, '/') &&
		    !va_is_punct(t, '%'))
			return true;
		va_next(p);
		int64_t r;
		const struct va_token *rt = va_peek(p);
		if (!va_int_unary(p, &r))
			return false;
		if (t->punct == '*') {
			*v = (int64_t)((uint64_t)*v * (uint64_t)r);
			continue;
		}
		if (r == 0)
			return va_fail(p, rt, "a non-zero divisor");
		if (r == -1)
			*v = t->punct == '/' ? (int64_t)(0 - (uint64_t)*v) : 0;
		else
			*v = t->punct == '/' ? *v / r : *v % r;
	}
}

bool va_int_add(struct va_parser *p, int64_t *v)
{
	if (!va_int_mul(p, v))
		return false;
	for (;;) {
		const struct va_token *t = va_peek(p);
		if (!va_is_punct(t, '+') && !va_is_punct(t, '-'))
			return true;
		va_next(p);
		int64_t r;
		if (!va_int_mul(p, &r))
			return false;
		*v = t->punct == '+' ? (int64_t)((uint64_t)*v + (uint64_t)r)
		                     : (int64_t)((uint64_t)*v - (uint64_t)r);
	}
}

/* Shifts: one at most, as in Intel's grammar. */
bool va_int_nra(struct va_parser *p, int64_t *v)
{
	if (va_lone_int(p, true)) {
		*v = va_next(p)->ival;
		return true;
	}
	if (!va_int_add(p, v))
		return false;
	const struct va_token *t = va_peek(p);
	if (!va_is_punct(t, VA_P_SHL) && !va_is_punct(t, VA_P_SHRS) &&
	    !va_is_punct(t, VA_P_SHRZ))
		return true;
	va_next(p);
	int64_t r;
	if (!va_int_add(p, &r))
		return false;
	unsigned s = (unsigned)r & 63;
	if (t->punct == VA_P_SHL)
		*v = (int64_t)((uint64_t)*v << s);
	else if (t->punct == VA_P_SHRZ)
		*v = (int64_t)((uint64_t)*v >> s);
	else
		*v = *v < 0 ? ~(~*v >> s) : *v >> s;
	return true;
}

static bool va_int_rel(struct va_parser *p, int64_t *v, const int64_t *first)
{
	if (first)
		*v = *first;
	else if (!va_int_nra(p, v))
		return false;
	const struct va_token *t = va_peek(p);
	int op = t->kind == VA_PUNCT ? t->punct : 0;
	if (op != '<' && op != '>' && op != VA_P_LEQ && op != VA_P_GEQ)
		return true;
	va_next(p);
	int64_t r;
	if (!va_int_nra(p, &r))
		return false;
	*v = op == '<' ? *v < r : op == '>' ? *v > r : op == VA_P_LEQ ? *v <= r
	                                                           : *v >= r;
	return true;
}

static bool va_int_cmp(struct va_parser *p, int64_t *v, const int64_t *first)
{
	if (!va_int_rel(p, v, first))
		return false;
	const struct va_token *t = va_peek(p);
	if (!va_is_punct(t, VA_P_EQ) && !va_is_punct(t, VA_P_NEQ))
		return true;
	va_next(p);
	int64_t r;
	if (!va_int_rel(p, &r, NULL))
		return false;
	*v = t->punct == VA_P_EQ ? *v == r : *v != r;
	return true;
}

/* One left-associative level: ops of 'c' over the next level 'sub'. */
static bool va_int_level(struct va_parser *p, int64_t *v, const int64_t *first,
                         int c, int level)
{
	bool ok;
	if (level == 0)
		ok = va_int_cmp(p, v, first);
	else
		ok = va_int_level(p, v, first, level == 2 ? '|' : '^', level - 1);
	while (ok && va_accept(p, c)) {
		int64_t r;
		if (level == 0)
			ok = va_int_cmp(p, &r, NULL);
		else
			ok = va_int_level(p, &r, NULL, level == 2 ? '|' : '^',
			                  level - 1);
		if (ok)
			*v = c == '|' ? (*v | r) : c == '^' ? (*v ^ r) : (*v & r);
	}
	return ok;
}

static bool va_int_cond_from(struct va_parser *p, int64_t *v,
                             const int64_t *first)
{
	/* levels: 2 = '&' over '^' (1) over '|' (0) over comparisons */
	if (!va_int_level(p, v, first, '&', 2))
		return false;
	if (!va_accept(p, '?'))
		return true;
	int64_t a, b;
	if (!va_int_level(p, &a, NULL, '&', 2) ||
	    !va_expect(p, ':', "':' in a conditional expression") ||
	    !va_leave(p, va_enter(p) && va_int_cond_from(p, &b, NULL)))
		return false;
	*v = *v ? a : b;
	return true;
}

bool va_int_expr(struct va_parser *p, int64_t *v)
{
	if (va_lone_int(p, false)) {
		*v = va_next(p)->ival;
		return true;
	}
	return va_leave(p, va_enter(p) && va_int_cond_from(p, v, NULL));
}

/* ---- small helpers ---- */

/* Both test the current token first: a look at the next one may cut
 * the rest of a paused line, whose operand tail (after a name) would
 * then go the slow way (va_lex_tail). */
bool va_dot_word(struct va_parser *p, const struct va_token **word)
{
	if (!va_is_punct(va_peek(p), '.'))
		return false;
	const struct va_token *w = va_peek_at(p, 1);
	if (w->kind != VA_IDENT || w->space_before)
		return false;
	va_next(p);
	*word = va_next(p);
	return true;
}

bool va_peek_dot_word(const struct va_parser *p, const char *w)
{
	if (!va_is_punct(va_peek(p), '.'))
		return false;
	const struct va_token *t = va_peek_at(p, 1);
	return !t->space_before && va_is_ident(p, t, w);
}

bool va_sat(struct va_parser *p)
{
	if (!va_peek_dot_word(p, "sat"))
		return false;
	va_next(p);
	va_next(p);
	return true;
}

void va_other(struct vf_opnd *o, unsigned size, uint64_t v)
{
	memset(o, 0, sizeof *o);
	o->kind = VF_OPND_OTHER;
	o->size = (uint8_t)size;
	o->u.other = size >= 8 ? v : v & ((1ull << (8 * size)) - 1);
}

void va_imm_set(struct vf_opnd *o, unsigned type, uint64_t v)
{
	memset(o, 0, sizeof *o);
	o->kind = VF_OPND_VECTOR;
	o->u.vec.tag = VISA_CLASS_IMMEDIATE;
	o->u.vec.u.imm.type = (uint8_t)type;
	bool wide = type == VISA_TYPE_DF || type == VISA_TYPE_Q ||
	            type == VISA_TYPE_UQ;
	o->u.vec.u.imm.value = wide ? v : (uint32_t)v;
}

static unsigned va_size_code(unsigned n)
{
	switch (n) {
	case 1: return 0;
	case 2: return 1;
	case 4: return 2;
	case 8: return 3;
	case 16: return 4;
	case 32: return 5;
	default: return 6;
	}
}

uint8_t va_exec_byte(unsigned channels, unsigned emask)
{
	return (uint8_t)(va_size_code(channels) | (emask << 4));
}

/* Region value -> 4-bit code; -1 when not allowed. */
static int va_region_code(int64_t v, int64_t max)
{
	int code;
	switch (v) {
	case 0: code = 1; break;
	case 1: code = 2; break;
	case 2: code = 3; break;
	case 4: code = 4; break;
	case 8: code = 5; break;
	case 16: code = 6; break;
	case 32: code = 7; break;
	default: return -1;
	}
	return v <= max ? code : -1;
}

/* ---- execution size, predicate ---- */

/* M1..M8 (0..7), M1_NM..M8_NM and NoMask (8..15, 8), from the n bytes
 * of a name at w. */
static int va_emask_text(const char *w, size_t n)
{
	if (n == 6 && memcmp(w, "NoMask", 6) == 0)
		return 8;
	if ((n != 2 && n != 5) || w[0] != 'M' || w[1] < '1' || w[1] > '8')
		return -1;
	if (n == 2)
		return w[1] - '1';
	return w[2] == '_' && w[3] == 'N' && w[4] == 'M' ? 8 + w[1] - '1' : -1;
}

static int va_emask(const struct va_parser *p, const struct va_token *t)
{
	if (t->kind != VA_IDENT)
		return -1;
	return va_emask_text(p->src + t->start, t->len);
}

const struct va_token *va_next_exec(struct va_parser *p)
{
	size_t w, wlen;
	uint32_t n;
	size_t len = va_lex_exec(p, &w, &wlen, &n);
	if (len) {
		/* What va_exec_size takes from the same tokens, under the
		 * same checks; anything else is left to it. */
		int emask = va_emask_text(p->src + w, wlen);
		if (emask >= 0 && n >= 1 && n <= 32 && va_size_code(n) != 6) {
			va_lex_take(p, len);
			p->exec_pending = true;
			p->exec_byte = va_exec_byte(n, (unsigned)emask);
		}
	}
	return va_next(p);
}

bool va_exec_size(struct va_parser *p, uint8_t *exec)
{
	if (p->exec_pending) {
		p->exec_pending = false;
		*exec = p->exec_byte;
		return true;
	}
	if (!va_expect(p, '(', "'(' opening the execution size"))
		return false;
	int emask = 0;
	const struct va_token *t = va_peek(p);
	if (t->kind == VA_IDENT || t->kind == VA_BUILTIN) {
		emask = va_emask(p, t);
		if (emask < 0)
			return va_fail(p, t, "an execution mask (M1..M8, "
			               "M1_NM..M8_NM, NoMask)");
		va_next(p);
		if (!va_expect(p, ',', "',' after the execution mask"))
			return false;
		t = va_peek(p);
	}
	if (t->kind != VA_INT || t->is_hex || t->ival < 1 || t->ival > 32 ||
	    va_size_code((unsigned)t->ival) == 6)
		return va_fail(p, t, "an execution size (1, 2, 4, 8, 16 or 32)");
	va_next(p);
	*exec = va_exec_byte((unsigned)t->ival, (unsigned)emask);
	return va_expect(p, ')', "')' closing the execution size");
}

bool va_var_name(struct va_parser *p, const struct va_sym **s,
                 const char *what)
{
	const struct va_token *t = va_peek(p);
	if (t->kind != VA_IDENT && t->kind != VA_BUILTIN)
		return va_fail(p, t, what);
	*s = va_lookup_tok(p, t);
	if (!*s)
		return va_fail_msg(p, t, "%s (a declared name)", what);
	va_next(p);
	return true;
}

bool va_pred_var(struct va_parser *p, uint32_t *id)
{
	const struct va_token *t = va_peek(p);
	const struct va_sym *s;
	if (!va_var_name(p, &s, "a predicate variable"))
		return false;
	if (s->cls != VA_SYM_PREDICATE)
		return va_fail(p, t, "a predicate variable");
	*id = s->index;
	return true;
}

bool va_predicate(struct va_parser *p, uint16_t *pred)
{
	*pred = 0;
	if (!va_accept(p, '('))
		return true;
	bool inv = va_accept(p, '!');
	uint32_t id;
	if (!va_pred_var(p, &id))
		return false;
	unsigned ctrl = 0;
	if (va_peek_dot_word(p, "any"))
		ctrl = 1;
	else if (va_peek_dot_word(p, "all"))
		ctrl = 2;
	if (ctrl) {
		va_next(p);
		va_next(p);
	}
	*pred = (uint16_t)((id & 0xFFF) | (ctrl << 13) | ((unsigned)inv << 15));
	return va_expect(p, ')', "')' closing the predicate");
}

/* ---- vector operands ---- */

static void va_vec(struct vf_opnd *o, unsigned cls)
{
	memset(o, 0, sizeof *o);
	o->kind = VF_OPND_VECTOR;
	o->u.vec.tag = (uint8_t)cls;
}

/* (row, col) */
/* Fast paths (issue 12).  Most operands spell their offsets and regions
 * with plain literals: "(0,0)", "<1;1,0>", "<1>".  The callers look at
 * the next tokens (va_run: the current one and n - 1 more, all on this
 * line) and, when they are exactly such a run, take each literal's value
 * (va_lit): each is a whole expression there (va_lone_int), so the value
 * is the one the general path computes.  They take the fast path only
 * when every value is valid and leave everything else, errors included,
 * to the general path. */
static const struct va_token *va_run(const struct va_parser *p, size_t n)
{
	(void)va_peek_at(p, n - 1);  /* a paused line is cut that far */
	return p->pos + n <= p->ntoks ? &p->toks[p->pos] : NULL;
}

static bool va_lit(const struct va_token *t, int64_t *v)
{
	*v = t->ival;
	return t->kind == VA_INT;
}

/* Step over n tokens that va_run() gave: they are never the line's last
 * token (VA_NL or VA_EOF), so no line is cut here. */
static void va_skip(struct va_parser *p, size_t n)
{
	p->pos += n;
}

static bool va_two_dim(struct va_parser *p, uint8_t *row, uint8_t *col)
{
	int64_t r, c;
	const struct va_token *t;
	const struct va_token *f = va_run(p, 5);
	if (f && va_is_punct(&f[0], '(') && va_lit(&f[1], &r) &&
	    va_is_punct(&f[2], ',') && va_lit(&f[3], &c) &&
	    va_is_punct(&f[4], ')') && r >= 0 && r <= 255 && c >= 0 &&
	    c <= 255) {
		*row = (uint8_t)r;
		*col = (uint8_t)c;
		va_skip(p, 5);
		return true;
	}
	if (!va_expect(p, '(', "'(' opening the (row,column) offset"))
		return false;
	t = va_peek(p);
	if (!va_int_expr(p, &r))
		return false;
	if (r < 0 || r > 255)
		return va_fail(p, t, "a row offset from 0 to 255");
	if (!va_expect(p, ',', "',' in the (row,column) offset"))
		return false;
	t = va_peek(p);
	if (!va_int_expr(p, &c))
		return false;
	if (c < 0 || c > 255)
		return va_fail(p, t, "a column offset from 0 to 255");
	*row = (uint8_t)r;
	*col = (uint8_t)c;
	return va_expect(p, ')', "')' closing the (row,column) offset");
}

/* <h>: a destination region. */
static bool va_dst_region(struct va_parser *p, uint16_t *region)
{
	const struct va_token *f = va_run(p, 3);
	int64_t v;
	int code;
	if (f && va_is_punct(&f[0], '<') && va_lit(&f[1], &v) &&
	    va_is_punct(&f[2], '>') && (code = va_region_code(v, 4)) >= 0) {
		*region = (uint16_t)(code << 8);
		va_skip(p, 3);
		return true;
	}
	if (!va_expect(p, '<', "'<' opening the destination stride"))
		return false;
	const struct va_token *t = va_peek(p);
	int64_t h;
	if (!va_int_nra(p, &h))
		return false;
	code = va_region_code(h, 4);
	if (code < 0 || h == 8)
		return va_fail(p, t, "a horizontal stride of 0, 1, 2 or 4");
	*region = (uint16_t)(code << 8);
	return va_expect(p, '>', "'>' closing the destination stride");
}

/* <v;w,h>, and for indirect sources also <w,h> and <h>. */
static bool va_src_region(struct va_parser *p, bool indirect,
                          uint16_t *region)
{
	const struct va_token *f = va_run(p, 7);
	int64_t v[3];
	if (f && va_is_punct(&f[0], '<') && va_lit(&f[1], &v[0]) &&
	    va_is_punct(&f[2], ';') && va_lit(&f[3], &v[1]) &&
	    va_is_punct(&f[4], ',') && va_lit(&f[5], &v[2]) &&
	    va_is_punct(&f[6], '>')) {
		int cv = va_region_code(v[0], 32), cw = va_region_code(v[1], 16),
		    ch = va_region_code(v[2], 4);
		if (cv >= 0 && cw >= 0 && ch >= 0) {
			*region = (uint16_t)(cv | cw << 4 | ch << 8);
			va_skip(p, 7);
			return true;
		}
	}
	if (!va_expect(p, '<', "'<' opening the source region"))
		return false;
	const struct va_token *t = va_peek(p);
	int64_t a, w, h;
	if (!va_int_nra(p, &a))
		return false;
	if (indirect && va_is_punct(va_peek(p), '>')) {
		int ch = va_region_code(a, 4);
		if (ch < 0 || a == 8)
			return va_fail(p, t, "a horizontal stride of 0, 1, 2 or 4");
		va_next(p);
		*region = (uint16_t)(ch << 8);
		return true;
	}
	if (!va_is_punct(va_peek(p), ';') && !va_is_punct(va_peek(p), ',') &&
	    !va_int_cond_from(p, &a, &a))
		return false;
	bool vh = indirect && va_is_punct(va_peek(p), ',');
	if (!vh && !va_expect(p, ';', indirect ? "';' or ',' in the region"
	                                     : "';' in the region <v;w,h>"))
		return false;
	int cv = 0, cw, chh;
	if (vh) {
		w = a;
	} else {
		cv = va_region_code(a, 32);
		if (cv < 0)
			return va_fail(p, t, "a vertical stride of 0, 1, 2, 4, 8, "
			               "16 or 32");
		t = va_peek(p);
		if (!va_int_expr(p, &w))
			return false;
	}
	cw = va_region_code(w, 16);
	if (cw < 0)
		return va_fail(p, t, "a width of 0, 1, 2, 4, 8 or 16");
	if (!va_expect(p, ',', "',' before the horizontal stride"))
		return false;
	t = va_peek(p);
	if (vh && (t->kind != VA_INT || t->is_hex))
		return va_fail(p, t, "a decimal horizontal stride");
	if (!va_int_nra(p, &h))
		return false;
	chh = va_region_code(h, 4);
	if (chh < 0 || h == 8)
		return va_fail(p, t, "a horizontal stride of 0, 1, 2 or 4");
	*region = (uint16_t)(cv | cw << 4 | chh << 8);
	return va_expect(p, '>', "'>' closing the region");
}

int va_type_code(const char *s, size_t n)
{
	/* By length and lower-cased bytes: one switch, no table walk (a
	 * type name per .decl and per immediate). */
	if (n == 0 || n > 4 || n == 3)
		return -1;
	unsigned c[4] = { 0 };
	for (size_t i = 0; i < n; i++)
		c[i] = (unsigned)(unsigned char)s[i] | 0x20;
	/* | 0x20 lower-cases letters and keeps no other byte a letter. */
	for (size_t i = 0; i < n; i++)
		if (c[i] < 'a' || c[i] > 'z')
			return -1;
	if (n == 4)
		return c[0] == 'b' && c[1] == 'o' && c[2] == 'o' && c[3] == 'l'
		       ? VISA_TYPE_BOOL : -1;
	if (n == 1) {
		switch (c[0]) {
		case 'd': return VISA_TYPE_D;
		case 'w': return VISA_TYPE_W;
		case 'b': return VISA_TYPE_B;
		case 'f': return VISA_TYPE_F;
		case 'v': return VISA_TYPE_V;
		case 'q': return VISA_TYPE_Q;
		default: return -1;
		}
	}
	switch (c[0] << 8 | c[1]) {
	case 'u' << 8 | 'd': return VISA_TYPE_UD;
	case 'u' << 8 | 'w': return VISA_TYPE_UW;
	case 'u' << 8 | 'b': return VISA_TYPE_UB;
	case 'd' << 8 | 'f': return VISA_TYPE_DF;
	case 'v' << 8 | 'f': return VISA_TYPE_VF;
	case 'u' << 8 | 'q': return VISA_TYPE_UQ;
	case 'u' << 8 | 'v': return VISA_TYPE_UV;
	case 'h' << 8 | 'f': return VISA_TYPE_HF;
	case 'b' << 8 | 'f': return VISA_TYPE_BF;
	default: return -1;
	}
}

static bool va_type_suffix(struct va_parser *p, unsigned *type)
{
	if (!va_expect(p, ':', "':' before the operand type"))
		return false;
	const struct va_token *t = va_peek(p);
	int k = t->kind == VA_IDENT ? va_type_code(p->src + t->start, t->len)
	                            : -1;
	if (k >= 0) {
		va_next(p);
		*type = (unsigned)k;
		return true;
	}
	return va_fail(p, t, "an operand type (ud, d, uw, w, ub, b, q, uq, "
	               "df, f, hf, v, vf, uv, bool)");
}

/* A(off)<width>: an address operand. */
/* A(off): an address variable and the element offset into it. */
static bool va_addr_element(struct va_parser *p, const struct va_sym **s,
                            int64_t *off)
{
	const struct va_token *t = va_peek(p);
	if (!va_var_name(p, s, "an address variable"))
		return false;
	if ((*s)->cls != VA_SYM_ADDRESS)
		return va_fail(p, t, "an address variable");
	if (!va_expect(p, '(', "'(' after the address variable"))
		return false;
	t = va_peek(p);
	if (!va_int_expr(p, off))
		return false;
	if (*off < 0 || *off > 255)
		return va_fail(p, t, "an address offset from 0 to 255");
	return va_expect(p, ')', "')' after the address offset");
}

static bool va_address(struct va_parser *p, struct vf_opnd *o)
{
	const struct va_sym *s;
	int64_t off, w;
	if (!va_addr_element(p, &s, &off) ||
	    !va_expect(p, '<', "'<' before the address width"))
		return false;
	const struct va_token *t = va_peek(p);
	if (!va_int_nra(p, &w))
		return false;
	if (w < 1 || w > 32 || va_size_code((unsigned)w) == 6)
		return va_fail(p, t, "an address width of 1, 2, 4, 8, 16 or 32");
	va_vec(o, VISA_CLASS_ADDRESS);
	o->u.vec.u.addr.id = (uint16_t)s->index;
	o->u.vec.u.addr.offset = (uint8_t)off;
	o->u.vec.u.addr.width = (uint8_t)va_size_code((unsigned)w);
	return va_expect(p, '>', "'>' after the address width");
}

/* r[A(off), imm]<region>:type */
static bool va_indirect(struct va_parser *p, bool dst, unsigned mod,
                        struct vf_opnd *o)
{
	va_next(p);  /* r[ */
	const struct va_sym *s;
	int64_t off, imm = 0;
	if (!va_addr_element(p, &s, &off))
		return false;
	if (va_accept(p, ',')) {
		const struct va_token *it = va_peek(p);
		if (!va_int_expr(p, &imm))
			return false;
		if (imm < INT16_MIN || imm > UINT16_MAX)
			return va_fail(p, it, "an immediate offset that fits 16 bits");
	}
	uint16_t region;
	unsigned type;
	if (!va_expect(p, ']', "']' closing the indirect operand") ||
	    !(dst ? va_dst_region(p, &region) : va_src_region(p, true, &region)) ||
	    !va_type_suffix(p, &type))
		return false;
	va_vec(o, VISA_CLASS_INDIRECT);
	o->u.vec.tag = (uint8_t)(VISA_CLASS_INDIRECT | mod << 3);
	o->u.vec.u.ind.id = (uint16_t)s->index;
	o->u.vec.u.ind.addr_offset = (uint8_t)off;
	o->u.vec.u.ind.offset = (int16_t)(uint16_t)imm;
	o->u.vec.u.ind.type = (uint8_t)type;
	o->u.vec.u.ind.region = region;
	return true;
}

/* &Var[offset]: written as the general or state operand IGC's builder
 * makes of it (VISAKernelImpl CreateVISAAddressOfOperandGeneric). */
static bool va_address_of(struct va_parser *p, struct vf_opnd *o)
{
	va_next(p);  /* & */
	const struct va_token *t = va_peek(p);
	const struct va_sym *s;
	int64_t off = 0;
	if (!va_var_name(p, &s, "a variable after '&'"))
		return false;
	if (va_accept(p, '[')) {
		const struct va_token *ot = va_peek(p);
		if (!va_int_expr(p, &off))
			return false;
		if (off != (int16_t)off)
			return va_fail(p, ot, "an offset that fits 16 bits");
		if (!va_expect(p, ']', "']' after the offset"))
			return false;
	}
	if (s->cls == VA_SYM_SAMPLER || s->cls == VA_SYM_SURFACE) {
		va_vec(o, VISA_CLASS_STATE);
		o->u.vec.u.state.cls = s->cls == VA_SYM_SAMPLER;
		o->u.vec.u.state.id = (uint16_t)s->index;
		o->u.vec.u.state.offset = (uint8_t)off;
		return true;
	}
	if (s->cls != VA_SYM_GENERAL)
		return va_fail(p, t, "a general, sampler or surface variable "
		               "after '&'");
	unsigned ts = vf_type_size(va_var_type(p, s->index));
	if (off < 0 || (ts && off % ts))
		return va_fail_msg(p, t, "an offset that is a non-negative "
		                   "multiple of %u", ts);
	va_vec(o, VISA_CLASS_GENERAL);
	o->u.vec.u.gen.id = s->index;
	o->u.vec.u.gen.row = (uint8_t)(off / 32);
	o->u.vec.u.gen.col = (uint8_t)((off % 32) / (ts ? ts : 1));
	o->u.vec.u.gen.region = 0x121;  /* <0;1,0> */
	return true;
}

static void va_pred_opnd(struct vf_opnd *o, uint32_t id)
{
	va_vec(o, VISA_CLASS_PREDICATE);
	o->u.vec.u.pred.id = (uint16_t)(id & 0xFFF);
}

/* Var(offset) of a surface or sampler. */
static bool va_state(struct va_parser *p, const struct va_sym *s,
                     struct vf_opnd *o)
{
	int64_t off;
	if (!va_expect(p, '(', "'(' after the state variable"))
		return false;
	const struct va_token *t = va_peek(p);
	if (!va_int_expr(p, &off))
		return false;
	if (off < 0 || off > 255)
		return va_fail(p, t, "an offset from 0 to 255");
	va_vec(o, VISA_CLASS_STATE);
	o->u.vec.u.state.cls = s->cls == VA_SYM_SAMPLER;
	o->u.vec.u.state.id = (uint16_t)s->index;
	o->u.vec.u.state.offset = (uint8_t)off;
	return va_expect(p, ')', "')' after the offset");
}

static void va_gen_opnd(struct vf_opnd *o, unsigned mod, uint32_t id,
                        uint8_t row, uint8_t col, uint16_t region)
{
	va_vec(o, VISA_CLASS_GENERAL);
	o->u.vec.tag = (uint8_t)(VISA_CLASS_GENERAL | mod << 3);
	o->u.vec.u.gen.id = id;
	o->u.vec.u.gen.row = row;
	o->u.vec.u.gen.col = col;
	o->u.vec.u.gen.region = region;
}

/* The general operand whose name is the current token, its offset and
 * region read from the text (va_lex_tail, issue 12): the values are
 * those the token fast paths of va_two_dim and va_dst_region or
 * va_src_region take from the same literals, under the same checks;
 * false (nothing consumed) leaves the operand to va_general. */
static bool va_general_text(struct va_parser *p, bool dst, unsigned mod,
                            const struct va_sym *s, struct vf_opnd *o)
{
	uint32_t v[5];
	size_t n = va_lex_tail(p, dst, v);
	if (!n || v[0] > 255 || v[1] > 255)
		return false;
	int ch = va_region_code(v[dst ? 2 : 4], 4);
	int cv = dst ? 0 : va_region_code(v[2], 32);
	int cw = dst ? 0 : va_region_code(v[3], 16);
	if (ch < 0 || cv < 0 || cw < 0)
		return false;
	va_lex_take(p, n);
	va_next(p);  /* the name; the line is cut on after the tail */
	va_gen_opnd(o, mod, s->index, (uint8_t)v[0], (uint8_t)v[1],
	            (uint16_t)(cv | cw << 4 | ch << 8));
	return true;
}

static bool va_general(struct va_parser *p, bool dst, unsigned mod,
                       const struct va_sym *s, struct vf_opnd *o)
{
	uint8_t row = 0, col = 0;
	uint16_t region;
	if ((!dst || va_is_punct(va_peek(p), '(')) &&
	    !va_two_dim(p, &row, &col))
		return false;
	if (!(dst ? va_dst_region(p, &region) : va_src_region(p, false, &region)))
		return false;
	va_gen_opnd(o, mod, s->index, row, col, region);
	return true;
}

static const char *va_kinds_text(unsigned ok)
{
	if (ok & VA_OK_IMM)
		return "an operand (variable, immediate or indirect)";
	if (ok & VA_OK_IND)
		return "a general or indirect operand";
	return "an operand";
}

/* A named operand: general, address, predicate or state by the name's
 * class; the variable decides what follows. */
static bool va_named(struct va_parser *p, bool dst, unsigned ok, unsigned mod,
                     struct vf_opnd *o)
{
	const struct va_token *t = va_peek(p);
	const struct va_sym *s = (t->kind == VA_IDENT || t->kind == VA_BUILTIN)
	                         ? va_lookup_tok(p, t) : NULL;
	if (!s)
		return va_fail(p, t, (t->kind == VA_IDENT ||
		                      t->kind == VA_BUILTIN)
		               ? "a declared variable" : va_kinds_text(ok));
	if (s->cls == VA_SYM_GENERAL && (ok & VA_OK_GEN)) {
		if (va_general_text(p, dst, mod, s, o))
			return true;
		va_next(p);
		return va_general(p, dst, mod, s, o);
	}
	if (mod)
		return va_fail(p, t, "a general variable after a modifier");
	if (s->cls == VA_SYM_ADDRESS && (ok & VA_OK_ADDR))
		return va_address(p, o);
	if (s->cls == VA_SYM_PREDICATE && (ok & VA_OK_PRED)) {
		va_next(p);
		va_pred_opnd(o, s->index);
		return true;
	}
	if ((s->cls == VA_SYM_SURFACE || s->cls == VA_SYM_SAMPLER) &&
	    (ok & VA_OK_STATE)) {
		va_next(p);
		return va_state(p, s, o);
	}
	return va_fail(p, t, va_kinds_text(ok));
}

bool va_dst(struct va_parser *p, unsigned ok, struct vf_opnd *o)
{
	if ((ok & VA_OK_IND) && va_is_punct(va_peek(p), VA_P_INDLBRACK))
		return va_indirect(p, true, 0, o);
	return va_named(p, true, ok, 0, o);
}

/* Does an immediate start here (after an optional '-')? */
static bool va_float_ahead(const struct va_parser *p, char *kind)
{
	size_t k = va_is_punct(va_peek(p), '-') ? 1 : 0;
	const struct va_token *t = va_peek_at(p, k);
	if (t->kind == VA_FLOAT) {
		*kind = t->is_double ? 'd' : 'f';
		return true;
	}
	const struct va_token *c = va_peek_at(p, k + 1);
	const struct va_token *n = va_peek_at(p, k + 2);
	if (t->kind != VA_INT || !va_is_punct(c, ':') || n->kind != VA_IDENT)
		return false;
	if (va_token_is(p, n, "f") || va_token_is(p, n, "F"))
		*kind = 'f';
	else if (va_token_is(p, n, "df") || va_token_is(p, n, "DF"))
		*kind = 'd';
	else if (k == 0 && (va_token_is(p, n, "hf") || va_token_is(p, n, "HF")))
		*kind = 'h';
	else
		return false;
	return true;
}

/* Floating-point immediates; the bits of integer forms are kept. */
static bool va_float_imm(struct va_parser *p, char kind, struct vf_opnd *o)
{
	bool neg = va_accept(p, '-');
	const struct va_token *t = va_next(p);
	if (kind == 'h') {
		va_next(p), va_next(p);
		if (t->ival < 0 || t->ival > 0xFFFF)
			return va_fail(p, t, "a half-float bit pattern below "
			               "0x10000");
		va_imm_set(o, VISA_TYPE_HF, (uint64_t)t->ival);
		return true;
	}
	uint64_t bits;
	if (t->kind == VA_FLOAT) {
		if (kind == 'f') {
			float f = (float)t->fval;
			uint32_t b32;
			memcpy(&b32, &f, 4);
			bits = b32;
		} else {
			memcpy(&bits, &t->fval, 8);
		}
	} else {
		va_next(p), va_next(p);
		bits = kind == 'f' ? (uint32_t)t->ival : (uint64_t)t->ival;
	}
	if (neg)
		bits ^= kind == 'f' ? 0x80000000ull : 0x8000000000000000ull;
	va_imm_set(o, kind == 'f' ? VISA_TYPE_F : VISA_TYPE_DF, bits);
	return true;
}

bool va_imm(struct va_parser *p, struct vf_opnd *o)
{
	char kind;
	if (va_float_ahead(p, &kind))
		return va_float_imm(p, kind, o);
	int64_t v;
	if (!va_int_unary(p, &v))
		return false;
	const struct va_token *c = va_peek(p);
	unsigned type;
	if (!va_is_punct(c, ':'))
		return va_fail(p, c, "':' and the type of the immediate");
	const struct va_token *tt = va_peek_at(p, 1);
	if (!va_type_suffix(p, &type))
		return false;
	if (type == VISA_TYPE_BOOL || type == VISA_TYPE_BF)
		return va_fail(p, tt, "an immediate type other than bool and "
		               "bf");
	va_imm_set(o, type, (uint64_t)v);
	return true;
}

bool va_src(struct va_parser *p, unsigned ok, struct vf_opnd *o)
{
	const struct va_token *t = va_peek(p);
	unsigned mod = 0;
	if (t->kind == VA_SRCMOD) {
		mod = (unsigned)t->punct;
		va_next(p);
		t = va_peek(p);
		if ((ok & VA_OK_IND) && va_is_punct(t, VA_P_INDLBRACK))
			return va_indirect(p, false, mod, o);
		return va_named(p, false, ok & VA_OK_GEN, mod, o);
	}
	if ((ok & VA_OK_IND) && va_is_punct(t, VA_P_INDLBRACK))
		return va_indirect(p, false, 0, o);
	if ((ok & VA_OK_AO) && va_is_punct(t, '&'))
		return va_address_of(p, o);
	if ((ok & VA_OK_IMM) && (va_starts_int(p) || t->kind == VA_FLOAT))
		return va_imm(p, o);
	return va_named(p, false, ok, 0, o);
}

/* ---- raw operands, surfaces, samplers, channels ---- */

bool va_raw(struct va_parser *p, bool allow_null, bool allow_bare,
            struct vf_opnd *o)
{
	const struct va_token *t = va_peek(p);
	memset(o, 0, sizeof *o);
	o->kind = VF_OPND_RAW;
	bool is_null = t->kind == VA_BUILTIN && va_token_is(p, t, "%null");
	if (is_null && !allow_null && !allow_bare)
		return va_fail(p, t, "a raw operand other than %null");
	const struct va_sym *s;
	if (!va_var_name(p, &s, "a raw operand (variable.offset)"))
		return false;
	if (s->cls != VA_SYM_GENERAL)
		return va_fail(p, t, "a general variable as raw operand");
	o->u.raw.id = s->index;
	if (!va_is_punct(va_peek(p), '.')) {
		if (allow_bare)
			return true;
		return va_fail(p, va_peek(p), "'.' and the raw operand offset");
	}
	va_next(p);
	const struct va_token *ot = va_peek(p);
	int64_t off;
	if (va_accept(p, '(')) {
		if (!va_int_expr(p, &off) ||
		    !va_expect(p, ')', "')' after the offset"))
			return false;
	} else if (ot->kind == VA_INT && !ot->is_hex) {
		va_next(p);
		off = ot->ival;
	} else {
		return va_fail(p, ot, "a decimal raw operand offset");
	}
	if (off < 0 || off > 0xFFFF)
		return va_fail(p, ot, "a raw operand offset from 0 to 65535");
	if (is_null && !allow_bare && off != 0)
		return va_fail(p, ot, "offset 0 after %null");
	o->u.raw.offset = (uint16_t)off;
	return true;
}

static bool va_state_handle(struct va_parser *p, struct vf_opnd *o,
                            const char *what)
{
	const struct va_token *t = va_peek(p);
	const struct va_sym *s;
	if (!va_var_name(p, &s, what))
		return false;
	if (s->cls != VA_SYM_SURFACE && s->cls != VA_SYM_SAMPLER)
		return va_fail(p, t, what);
	va_other(o, 1, s->index);
	return true;
}

bool va_surface(struct va_parser *p, struct vf_opnd *o)
{
	return va_state_handle(p, o, "a surface variable");
}

bool va_sampler(struct va_parser *p, struct vf_opnd *o)
{
	return va_state_handle(p, o, "a sampler variable");
}

/* .R .RG .RGBA ...: channel letters in order, each at most once. */
bool va_channels(struct va_parser *p, unsigned *mask)
{
	const struct va_token *w;
	size_t save = p->pos;
	if (!va_dot_word(p, &w))
		return va_fail(p, va_peek(p), "a channel mask (.R, .RG, ..., "
		               ".RGBA)");
	static const char order[] = "RGBA";
	unsigned m = 0, next = 0;
	for (size_t i = 0; i < w->len; i++) {
		char c = p->src[w->start + i];
		if (c >= 'a' && c <= 'z')
			c = (char)(c - 'a' + 'A');
		while (next < 4 && order[next] != c)
			next++;
		if (next == 4)
			break;
		m |= 1u << next++;
		if (i + 1 == w->len) {
			*mask = m;
			return true;
		}
	}
	p->pos = save;
	return va_fail(p, w, "a channel mask (.R, .RG, ..., .RGBA)");
}
