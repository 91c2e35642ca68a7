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

/* The parser that owns a lexer state (the state is its member lx). */
static struct va_parser *owner(const struct va_lexer *lx)
{
	return (struct va_parser *)((char *)lx - offsetof(struct va_parser, lx));
}

/* Character classes, one table lookup per byte. */
enum { C_ALPHA = 1, C_DIGIT = 2, C_HEX = 4, C_LABEL = 8, C_PUNCT = 16 };

static const unsigned char cclass[256] = {
#define R3(a) a, a, a
#define R4(a) a, a, a, a
#define R6(a) a, a, a, a, a, a
#define R10(a) R4(a), R6(a)
#define R20(a) R10(a), R10(a)
	['0'] = R10(C_DIGIT | C_HEX | C_LABEL),
	['A'] = R6(C_ALPHA | C_HEX | C_LABEL), R20(C_ALPHA | C_LABEL),
	['a'] = R6(C_ALPHA | C_HEX | C_LABEL), R20(C_ALPHA | C_LABEL),
	['_'] = C_ALPHA | C_LABEL,
	['$'] = C_LABEL, ['@'] = C_LABEL, ['?'] = C_LABEL | C_PUNCT,
	['-'] = C_LABEL | C_PUNCT,
	['*'] = C_PUNCT, ['+'] = C_PUNCT, ['='] = C_PUNCT, ['&'] = C_PUNCT,
	['^'] = C_PUNCT, ['|'] = C_PUNCT, ['~'] = C_PUNCT, ['!'] = C_PUNCT,
	['.'] = C_PUNCT, [','] = C_PUNCT, [';'] = C_PUNCT, [':'] = C_PUNCT,
	['/'] = C_PUNCT, ['%'] = C_PUNCT, ['('] = C_PUNCT, [')'] = C_PUNCT,
	['{'] = C_PUNCT, ['}'] = C_PUNCT, ['<'] = C_PUNCT, ['>'] = C_PUNCT,
	['['] = C_PUNCT, [']'] = C_PUNCT,
#undef R3
#undef R4
#undef R6
#undef R10
#undef R20
};

/* c is a byte (0..255) or -1 past the end. */
static bool has(int c, unsigned cls)
{
	return c >= 0 && (cclass[c] & cls);
}

static bool is_alpha(int c)
{
	return has(c, C_ALPHA);
}

static bool is_digit(int c)
{
	return has(c, C_DIGIT);
}

static bool is_alnum(int c)
{
	return has(c, C_ALPHA | C_DIGIT);
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
	return j < owner(lx)->size ? (unsigned char)owner(lx)->src[j] : -1;
}

static void advance(struct va_lexer *lx, size_t n)
{
	while (n-- && lx->i < owner(lx)->size) {
		if (owner(lx)->src[lx->i] == '\n') {
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
	vf_err_line(owner(lx)->err, owner(lx)->file, lx->line, lx->col,
	            "expected %s, found %s", what, found);
	return false;
}

static struct va_token *new_token(struct va_lexer *lx, enum va_tok_kind k)
{
	struct va_parser *p = owner(lx);
	if (p->ntoks == lx->cap[lx->cur]) {
		size_t ncap = lx->cap[lx->cur] ? lx->cap[lx->cur] * 2 : 64;
		struct va_token *nt = realloc(lx->buf[lx->cur], ncap * sizeof *nt);
		if (!nt) {
			va_oom(p);
			return NULL;
		}
		p->toks = lx->buf[lx->cur] = nt;
		lx->cap[lx->cur] = ncap;
	}
	struct va_token *t = &p->toks[p->ntoks++];
	*t = (struct va_token){ .kind = (uint8_t)k,
	                        .space_before = lx->space || lx->line_start,
	                        .line = lx->line, .col = lx->col,
	                        .start = lx->i };
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
	while (end < owner(lx)->size && owner(lx)->src[end] != '"' &&
	       owner(lx)->src[end] != '\n')
		end += (owner(lx)->src[end] == '\\' && end + 1 < owner(lx)->size) ? 2 : 1;
	char *out = vf_arena_alloc(lx->scratch, end - start + 1);
	if (!out)
		return va_oom(owner(lx));
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
		memcpy(buf, owner(lx)->src + lx->i, nlen);
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
		/* Intel's lexer reads decimals with atoi(): 2^31..2^32-1 come
		 * out negative (kept: the parser's range checks refuse them
		 * where a count or size is meant); anything from 2^32 up would
		 * wrap to a small value, so it is an error here. */
		uint64_t v = 0;
		size_t k = 0;
		while (is_digit(at(lx, k))) {
			v = v * 10 + (uint64_t)(at(lx, k) - '0');
			if (v > UINT32_MAX) {
				owner(lx)->ntoks--;
				return lex_error(lx, "a decimal number below "
				                 "4294967296");
			}
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

/* Multi-character operators and source modifiers, by first character. */
static size_t multi_punct(const struct va_lexer *lx, int *code, bool *mod)
{
	int c1 = at(lx, 1), c2 = at(lx, 2);
	*mod = false;
	switch (at(lx, 0)) {
	case '(':
		*mod = true;
		if (c1 == '-' && c2 == 'a' && at(lx, 3) == 'b' &&
		    at(lx, 4) == 's' && at(lx, 5) == ')')
			return *code = VISA_MOD_NEG_ABS, 6;
		if (c1 == 'a' && c2 == 'b' && at(lx, 3) == 's' && at(lx, 4) == ')')
			return *code = VISA_MOD_ABS, 5;
		if (c1 == '-' && c2 == ')')
			return *code = VISA_MOD_NEG, 3;
		if (c1 == '~' && c2 == ')')
			return *code = VISA_MOD_NOT, 3;
		return 0;
	case '>':
		if (c1 == '>' && c2 == '>')
			return *code = VA_P_SHRZ, 3;
		if (c1 == '>')
			return *code = VA_P_SHRS, 2;
		if (c1 == '=')
			return *code = VA_P_GEQ, 2;
		return 0;
	case '<':
		if (c1 == '<')
			return *code = VA_P_SHL, 2;
		if (c1 == '=')
			return *code = VA_P_LEQ, 2;
		return 0;
	case '=':
		return c1 == '=' ? (*code = VA_P_EQ, 2) : 0;
	case '!':
		return c1 == '=' ? (*code = VA_P_NEQ, 2) : 0;
	default:
		return 0;
	}
}

static bool lex_punct(struct va_lexer *lx)
{
	int code;
	bool mod;
	size_t n = multi_punct(lx, &code, &mod);
	if (n) {
		struct va_token *t = new_token(lx, mod ? VA_SRCMOD : VA_PUNCT);
		if (!t)
			return false;
		t->punct = code;
		t->len = n;
		advance(lx, n);
		return true;
	}
	int c = at(lx, 0);
	if (!has(c, C_PUNCT))
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

/* A line that ends the token stream: a lone VA_EOF (at the end of the
 * text, or after a lexical error). */
static void end_stream(struct va_lexer *lx)
{
	struct va_parser *p = owner(lx);
	if (!new_token(lx, VA_EOF)) {
		/* Out of memory: fall back on a static end of file. */
		static const struct va_token eof = { .kind = VA_EOF };
		p->toks = (struct va_token *)&eof;
		p->ntoks = 1;
		lx->failed = true;
	}
}

void va_lex_line(struct va_parser *p)
{
	struct va_lexer *lx = &p->lx;
	lx->cur ^= 1;
	p->toks = lx->buf[lx->cur];
	p->ntoks = 0;
	p->pos = 0;
	if (lx->failed) {
		end_stream(lx);
		return;
	}
	for (;;) {
		if (!skip_space(lx))
			break;
		if (lx->i >= p->size) {
			end_stream(lx);
			return;
		}
		bool nl = at(lx, 0) == '\n';
		if (!lex_one(lx))
			break;
		if (nl)
			return;
	}
	lx->failed = true;
	p->ntoks = 0;
	end_stream(lx);
}

enum vf_status va_lex(struct va_parser *p, struct vf_arena *scratch)
{
	p->lx = (struct va_lexer){ .scratch = scratch, .line = 1, .col = 1,
	                           .line_start = true };
	va_lex_line(p);
	if (p->lx.failed)
		return p->err && p->err->status != VF_OK ? p->err->status
		                                         : VF_ERR_INPUT;
	return VF_OK;
}

void va_lex_end(struct va_parser *p)
{
	free(p->lx.buf[0]);
	free(p->lx.buf[1]);
	p->lx.buf[0] = p->lx.buf[1] = NULL;
	p->toks = NULL;
	p->ntoks = 0;
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
