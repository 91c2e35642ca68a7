/*
 * visaasm_lex.c - cut a vISA assembly text into tokens.
 *
 * Input: the bytes of one text (not NUL-terminated, never read past its
 * size).  Output: an array of struct va_token ending with VA_EOF, with the
 * line and column (1-based, in bytes) of every token.  The token classes
 * follow Intel's lexer for this format (CISA.l of IGC 1.0.12504.6) where
 * it matters for meaning: a label is "name:" at the very start of a line,
 * "r[" opens an indirect operand, "(-)" "(abs)" "(-abs)" "(~)" are source
 * modifiers, decimal literals keep 32 bits like its atoi(), hexadecimal
 * literals keep 64, floating-point literals carry their ":f"/":df" suffix.
 * Everything else (directive names, mnemonics, type suffixes) is left to
 * the parser as identifiers and punctuation, which keeps this file small.
 *
 * Spec: shared/spec/visa/8_appendix_visa_assembly_syntax.md (lexical
 * conventions, comments, string literals).
 */
#include "visaasm_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

struct va_lexer {
	struct va_parser *p;
	struct vf_arena *scratch;
	size_t i;           /* next byte */
	uint32_t line, col; /* position of byte i */
	bool line_start;    /* no token yet on this line */
	bool space;         /* whitespace seen since the last token */
	size_t cap;
};

static bool is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static bool is_alnum(int c)
{
	return is_alpha(c) || is_digit(c);
}

static int hex_value(int c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int at(const struct va_lexer *lx, size_t k)
{
	size_t j = lx->i + k;
	return j < lx->p->size ? (unsigned char)lx->p->src[j] : -1;
}

static void advance(struct va_lexer *lx, size_t n)
{
	while (n-- && lx->i < lx->p->size) {
		if (lx->p->src[lx->i] == '\n') {
			lx->line++;
			lx->col = 1;
		} else {
			lx->col++;
		}
		lx->i++;
	}
}

static bool lex_error(struct va_lexer *lx, const char *what)
{
	const char *found = "end of file";
	char buf[32];
	int c = at(lx, 0);
	if (c == '\n')
		found = "end of line";
	else if (c >= 0x20 && c < 0x7f)
		snprintf(buf, sizeof buf, "'%c'", c), found = buf;
	else if (c >= 0)
		snprintf(buf, sizeof buf, "byte 0x%02x", (unsigned)c), found = buf;
	vf_err_line(lx->p->err, lx->p->file, lx->line, lx->col,
	            "expected %s, found %s", what, found);
	return false;
}

static struct va_token *new_token(struct va_lexer *lx, enum va_tok_kind k)
{
	struct va_parser *p = lx->p;
	if (p->ntoks == lx->cap) {
		size_t ncap = lx->cap ? lx->cap * 2 : 1024;
		struct va_token *nt = realloc(p->toks, ncap * sizeof *nt);
		if (!nt) {
			va_oom(p);
			return NULL;
		}
		p->toks = nt;
		lx->cap = ncap;
	}
	struct va_token *t = &p->toks[p->ntoks++];
	memset(t, 0, sizeof *t);
	t->kind = (uint8_t)k;
	t->space_before = lx->space || lx->line_start;
	t->line = lx->line;
	t->col = lx->col;
	t->start = lx->i;
	lx->space = false;
	lx->line_start = false;
	return t;
}

/* Skip blanks, comments and backslash-newline continuations. */
static bool skip_space(struct va_lexer *lx)
{
	for (;;) {
		int c = at(lx, 0);
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
		    c == '\v') {
			advance(lx, 1);
			lx->space = true;
		} else if (c == '\\' && at(lx, 1) == '\n') {
			advance(lx, 2);
			lx->space = true;
		} else if (c == '\\' && at(lx, 1) == '\r' && at(lx, 2) == '\n') {
			advance(lx, 3);
			lx->space = true;
		} else if (c == '/' && at(lx, 1) == '/') {
			while (at(lx, 0) >= 0 && at(lx, 0) != '\n')
				advance(lx, 1);
			lx->space = true;
		} else if (c == '/' && at(lx, 1) == '*') {
			uint32_t l = lx->line, co = lx->col;
			advance(lx, 2);
			while (at(lx, 0) >= 0 &&
			       !(at(lx, 0) == '*' && at(lx, 1) == '/'))
				advance(lx, 1);
			if (at(lx, 0) < 0) {
				lx->line = l, lx->col = co;
				return lex_error(lx, "'*/' closing this comment "
				                 "before the end of the file");
			}
			advance(lx, 2);
			lx->space = true;
		} else {
			return true;
		}
	}
}

/* A label: at the start of a line, [A-Za-z_$@?][A-Za-z0-9_-$@?]* ':'. */
static size_t label_length(const struct va_lexer *lx)
{
	int c = at(lx, 0);
	if (!(is_alpha(c) || c == '$' || c == '@' || c == '?'))
		return 0;
	size_t n = 1;
	for (;;) {
		c = at(lx, n);
		if (!(is_alnum(c) || c == '-' || c == '$' || c == '@' ||
		      c == '?'))
			break;
		n++;
	}
	return at(lx, n) == ':' ? n : 0;
}

static bool lex_escape(struct va_lexer *lx, char *out, size_t *n)
{
	static const char simple[] = "a\ab\be\033f\fn\nr\rt\tv\v''\"\"??\\\\";
	int c = at(lx, 1);
	for (const char *s = simple; *s; s += 2) {
		if (c == s[0]) {
			out[(*n)++] = s[1];
			advance(lx, 2);
			return true;
		}
	}
	if (is_digit(c)) {
		/* Intel's lexer takes up to three decimal digits as octal. */
		unsigned v = 0, k = 1;
		while (k <= 3 && is_digit(at(lx, k)))
			v = v * 8 + (unsigned)(at(lx, k++) - '0');
		out[(*n)++] = (char)v;
		advance(lx, k);
		return true;
	}
	if (c == 'x' && hex_value(at(lx, 2)) >= 0) {
		unsigned v = (unsigned)hex_value(at(lx, 2)), k = 3;
		if (hex_value(at(lx, 3)) >= 0)
			v = v * 16 + (unsigned)hex_value(at(lx, 3)), k = 4;
		out[(*n)++] = (char)v;
		advance(lx, k);
		return true;
	}
	advance(lx, 1);
	return lex_error(lx, "an escape (\\n, \\t, \\\\, \\\", \\x.., \\0..)");
}

static bool lex_string(struct va_lexer *lx)
{
	struct va_token *t = new_token(lx, VA_STRING);
	if (!t)
		return false;
	advance(lx, 1);
	size_t start = lx->i, n = 0;
	/* Decoded text is never longer than the source bytes. */
	size_t end = start;
	while (end < lx->p->size && lx->p->src[end] != '"' &&
	       lx->p->src[end] != '\n')
		end += (lx->p->src[end] == '\\' && end + 1 < lx->p->size) ? 2 : 1;
	char *out = vf_arena_alloc(lx->scratch, end - start + 1);
	if (!out)
		return va_oom(lx->p);
	for (;;) {
		int c = at(lx, 0);
		if (c < 0 || c == '\n')
			return lex_error(lx, "'\"' closing the string");
		if (c == '"')
			break;
		if (c == '\\') {
			if (!lex_escape(lx, out, &n))
				return false;
			continue;
		}
		out[n++] = (char)c;
		advance(lx, 1);
	}
	advance(lx, 1);
	out[n] = '\0';
	t->str = out;
	t->slen = n;
	t->len = lx->i - t->start;
	return true;
}

/* Length of a floating-point literal with its :f/:df suffix, or 0. */
static size_t float_length(const struct va_lexer *lx, bool *is_double)
{
	size_t n = 0;
	while (is_digit(at(lx, n)))
		n++;
	bool frac = false;
	if (at(lx, n) == '.' && is_digit(at(lx, n + 1))) {
		n++;
		while (is_digit(at(lx, n)))
			n++;
		frac = true;
	}
	if ((at(lx, n) == 'e' || at(lx, n) == 'E') &&
	    (at(lx, n + 1) == '+' || at(lx, n + 1) == '-') &&
	    is_digit(at(lx, n + 2))) {
		n += 2;
		while (is_digit(at(lx, n)))
			n++;
	} else if (!frac) {
		return 0;
	}
	if (at(lx, n) != ':')
		return 0;
	if (at(lx, n + 1) == 'f') {
		*is_double = false;
		return n + 2;
	}
	if (at(lx, n + 1) == 'd' && at(lx, n + 2) == 'f') {
		*is_double = true;
		return n + 3;
	}
	return 0;
}

static bool lex_number(struct va_lexer *lx)
{
	bool dbl = false;
	size_t fl = float_length(lx, &dbl);
	if (fl) {
		struct va_token *t = new_token(lx, VA_FLOAT);
		if (!t)
			return false;
		char buf[128];
		size_t nlen = fl - (dbl ? 3 : 2);
		if (nlen >= sizeof buf)
			return lex_error(lx, "a shorter floating-point literal");
		memcpy(buf, lx->p->src + lx->i, nlen);
		buf[nlen] = '\0';
		t->fval = strtod(buf, NULL);
		t->is_double = dbl;
		advance(lx, fl);
		t->len = fl;
		return true;
	}
	struct va_token *t = new_token(lx, VA_INT);
	if (!t)
		return false;
	if (at(lx, 0) == '0' && (at(lx, 1) == 'x' || at(lx, 1) == 'X') &&
	    hex_value(at(lx, 2)) >= 0) {
		uint64_t v = 0;
		size_t k = 2;
		while (hex_value(at(lx, k)) >= 0) {
			if (k - 2 == 16) {
				advance(lx, k);
				return lex_error(lx, "at most 16 hexadecimal "
				                 "digits");
			}
			v = v * 16 + (uint64_t)hex_value(at(lx, k));
			k++;
		}
		t->ival = (int64_t)v;
		t->is_hex = true;
		advance(lx, k);
	} else {
		/* Like atoi(): strtol saturates, then int keeps 32 bits. */
		uint64_t v = 0;
		size_t k = 0;
		while (is_digit(at(lx, k))) {
			uint64_t d = (uint64_t)(at(lx, k) - '0');
			v = v > (INT64_MAX - d) / 10 ? (uint64_t)INT64_MAX
			                             : v * 10 + d;
			k++;
		}
		t->ival = (int64_t)(int32_t)(uint32_t)v;
		advance(lx, k);
	}
	t->len = lx->i - t->start;
	return true;
}

static bool lex_word(struct va_lexer *lx, enum va_tok_kind k, size_t skip)
{
	struct va_token *t = new_token(lx, k);
	if (!t)
		return false;
	size_t n = skip;
	while (is_alnum(at(lx, n)))
		n++;
	advance(lx, n);
	t->len = n;
	return true;
}

static bool lex_punct(struct va_lexer *lx)
{
	static const struct { const char *s; int code; } multi[] = {
		{ "(-abs)", VISA_MOD_NEG_ABS }, { "(abs)", VISA_MOD_ABS },
		{ "(-)", VISA_MOD_NEG }, { "(~)", VISA_MOD_NOT },
		{ ">>>", VA_P_SHRZ }, { "<<", VA_P_SHL }, { ">>", VA_P_SHRS },
		{ "<=", VA_P_LEQ }, { ">=", VA_P_GEQ }, { "==", VA_P_EQ },
		{ "!=", VA_P_NEQ },
	};
	for (size_t k = 0; k < sizeof multi / sizeof multi[0]; k++) {
		size_t n = strlen(multi[k].s);
		if (lx->i + n > lx->p->size ||
		    memcmp(lx->p->src + lx->i, multi[k].s, n) != 0)
			continue;
		struct va_token *t = new_token(lx, multi[k].s[0] == '(' ?
		                               VA_SRCMOD : VA_PUNCT);
		if (!t)
			return false;
		t->punct = multi[k].code;
		t->len = n;
		advance(lx, n);
		return true;
	}
	int c = at(lx, 0);
	if (!strchr("*+-=&^|~!.,;:/%?(){}<>[]", c) || c == 0)
		return lex_error(lx, "a token");
	struct va_token *t = new_token(lx, VA_PUNCT);
	if (!t)
		return false;
	t->punct = c;
	t->len = 1;
	advance(lx, 1);
	return true;
}

static bool lex_one(struct va_lexer *lx)
{
	int c = at(lx, 0);
	if (c == '\n') {
		struct va_token *t = new_token(lx, VA_NL);
		if (!t)
			return false;
		t->len = 1;
		advance(lx, 1);
		lx->line_start = true;
		return true;
	}
	if (lx->col == 1) {
		size_t n = label_length(lx);
		if (n) {
			struct va_token *t = new_token(lx, VA_LABEL);
			if (!t)
				return false;
			t->len = n;
			advance(lx, n + 1);
			return true;
		}
	}
	if (c == '"')
		return lex_string(lx);
	if (is_digit(c))
		return lex_number(lx);
	if (c == 'r' && at(lx, 1) == '[') {
		struct va_token *t = new_token(lx, VA_PUNCT);
		if (!t)
			return false;
		t->punct = VA_P_INDLBRACK;
		t->len = 2;
		advance(lx, 2);
		return true;
	}
	if (is_alpha(c))
		return lex_word(lx, VA_IDENT, 0);
	if (c == '%' && is_alpha(at(lx, 1)))
		return lex_word(lx, VA_BUILTIN, 1);
	return lex_punct(lx);
}

enum vf_status va_lex(struct va_parser *p, struct vf_arena *scratch)
{
	struct va_lexer lx = { .p = p, .scratch = scratch, .line = 1,
	                       .col = 1, .line_start = true };
	p->toks = NULL;
	p->ntoks = 0;
	for (;;) {
		if (!skip_space(&lx))
			return p->err ? p->err->status : VF_ERR_INPUT;
		if (lx.i >= p->size)
			break;
		if (!lex_one(&lx))
			return p->err ? p->err->status : VF_ERR_INPUT;
	}
	struct va_token *t = new_token(&lx, VA_EOF);
	if (!t)
		return VF_ERR_MEMORY;
	p->pos = 0;
	return VF_OK;
}

const char *va_describe(const struct va_parser *p, const struct va_token *t,
                        char *buf, size_t n)
{
	switch (t->kind) {
	case VA_EOF:
		return "end of file";
	case VA_NL:
		return "end of line";
	case VA_STRING:
		snprintf(buf, n, "string \"%.40s\"", t->str);
		return buf;
	case VA_LABEL:
		snprintf(buf, n, "label '%.*s:'", (int)(t->len > 60 ? 60 : t->len),
		         p->src + t->start);
		return buf;
	default:
		snprintf(buf, n, "'%.*s'", (int)(t->len > 60 ? 60 : t->len),
		         p->src + t->start);
		return buf;
	}
}
