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

/* The text as unsigned bytes (a byte is a table index). */
static const unsigned char *text(const struct va_lexer *lx)
{
	return (const unsigned char *)owner(lx)->src;
}

/* Character classes, one table lookup per byte. */
enum {
	C_ALPHA = 1, C_DIGIT = 2, C_HEX = 4, C_LABEL = 8, C_PUNCT = 16,
	C_BLANK = 32,  /* space, tab, CR, FF, VT: skipped between tokens */
	C_SKIP = 64,   /* '/' and '\\': may start a comment or continuation */
};

static const unsigned char cclass[256] = {
#define R3(a) a, a, a
#define R4(a) a, a, a, a
#define R6(a) a, a, a, a, a, a
#define R10(a) R4(a), R6(a)
#define R20(a) R10(a), R10(a)
	['\t'] = C_BLANK, ['\v'] = C_BLANK, ['\f'] = C_BLANK,
	['\r'] = C_BLANK, [' '] = C_BLANK,
	['0'] = R10(C_DIGIT | C_HEX | C_LABEL),
	['A'] = R6(C_ALPHA | C_HEX | C_LABEL), R20(C_ALPHA | C_LABEL),
	['a'] = R6(C_ALPHA | C_HEX | C_LABEL), R20(C_ALPHA | C_LABEL),
	['_'] = C_ALPHA | C_LABEL,
	['$'] = C_LABEL, ['@'] = C_LABEL, ['?'] = C_LABEL | C_PUNCT,
	['-'] = C_LABEL | C_PUNCT,
	['*'] = C_PUNCT, ['+'] = C_PUNCT, ['='] = C_PUNCT, ['&'] = C_PUNCT,
	['^'] = C_PUNCT, ['|'] = C_PUNCT, ['~'] = C_PUNCT, ['!'] = C_PUNCT,
	['.'] = C_PUNCT, [','] = C_PUNCT, [';'] = C_PUNCT, [':'] = C_PUNCT,
	['/'] = C_PUNCT | C_SKIP, ['\\'] = C_SKIP, ['%'] = C_PUNCT,
	['('] = C_PUNCT, [')'] = C_PUNCT,
	['{'] = C_PUNCT, ['}'] = C_PUNCT, ['<'] = C_PUNCT, ['>'] = C_PUNCT,
	['['] = C_PUNCT, [']'] = C_PUNCT,
#undef R3
#undef R4
#undef R6
#undef R10
#undef R20
};

/* Classes only lex_common asks about: what may turn a one-character
 * token or a short decimal into something longer. */
enum {
	N_MULTI = 1,   /* may start an operator, modifier or %builtin */
	N_FOLLOW = 2,  /* may follow N_MULTI in such a token */
	N_NUMEND = 4,  /* after digits: a float, hex or long literal */
};

static const unsigned char cnext[256] = {
	['('] = N_MULTI, ['<'] = N_MULTI | N_FOLLOW,
	['>'] = N_MULTI | N_FOLLOW, ['='] = N_MULTI | N_FOLLOW,
	['!'] = N_MULTI, ['%'] = N_MULTI,
	['-'] = N_FOLLOW, ['a'] = N_FOLLOW, ['~'] = N_FOLLOW,
	['.'] = N_NUMEND, ['e'] = N_NUMEND, ['E'] = N_NUMEND,
	['x'] = N_NUMEND, ['X'] = N_NUMEND,
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
	return j < owner(lx)->size ? text(lx)[j] : -1;
}

/* Column (1-based, in bytes) of byte i of the current line: the lexer
 * keeps where the line begins rather than counting every byte. */
static uint32_t col_of(const struct va_lexer *lx, size_t i)
{
	return (uint32_t)(i - lx->line_begin + 1);
}

/* Step over a newline at byte i (lx->i moves separately). */
static void newline_at(struct va_lexer *lx, size_t i)
{
	lx->line++;
	lx->line_begin = i + 1;
}

/* "FILE:LINE:COL: expected WHAT, found <the byte at lx->i>". */
/* Move over n bytes known to hold no newline. */
static void skip(struct va_lexer *lx, size_t n)
{
	lx->i += n;
}

static bool lex_error_at(struct va_lexer *lx, uint32_t line, uint32_t col,
                         const char *what)
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
	vf_err_line(owner(lx)->err, owner(lx)->file, line, col,
	            "expected %s, found %s", what, found);
	return false;
}

static bool lex_error(struct va_lexer *lx, const char *what)
{
	return lex_error_at(lx, lx->line, col_of(lx, lx->i), what);
}

/* Room for one more token in the current line's buffer.  The parser
 * may hold pointers to the tokens cut so far (a paused line grows while
 * it is parsed), so the old buffer is not freed but retired: it stays
 * readable until va_lex_end.  Capacities double, so the retired buffers
 * add up to less than the largest one. */
static bool grow_tokens(struct va_lexer *lx)
{
	struct va_parser *p = owner(lx);
	size_t cap = lx->cap[lx->cur], ncap = cap ? cap * 2 : 64;
	if (lx->nretired == sizeof lx->retired / sizeof lx->retired[0] ||
	    ncap > SIZE_MAX / sizeof(struct va_token))
		return va_oom(p);
	struct va_token *nt = malloc(ncap * sizeof *nt);
	if (!nt)
		return va_oom(p);
	if (cap) {
		memcpy(nt, lx->buf[lx->cur], p->ntoks * sizeof *nt);
		lx->retired[lx->nretired++] = lx->buf[lx->cur];
	}
	p->toks = lx->buf[lx->cur] = nt;
	lx->cap[lx->cur] = ncap;
	return true;
}

/* The next token of the line (va_lex_line keeps room for one). */
static inline struct va_token *new_token(struct va_lexer *lx,
                                         enum va_tok_kind k)
{
	struct va_parser *p = owner(lx);
	struct va_token *t = &p->toks[p->ntoks++];
	*t = (struct va_token){ .kind = (uint8_t)k,
	                        .space_before = lx->space || lx->line_start,
	                        .line = lx->line, .col = col_of(lx, lx->i),
	                        .start = lx->i };
	lx->space = false;
	lx->line_start = false;
	return t;
}

/* Skip blanks, comments and backslash-newline continuations.  The
 * common cases (a run of blanks, a comment to the end of the line) are
 * scanned without per-byte bookkeeping: only newlines move the line. */
static bool skip_space(struct va_lexer *lx)
{
	const unsigned char *s = text(lx);
	size_t n = owner(lx)->size, i = lx->i;
	bool space = false;
	for (;;) {
		while (i < n && (cclass[s[i]] & C_BLANK)) {
			i++;
			space = true;
		}
		if (i + 1 >= n)
			break;
		if (s[i] == '\\' && s[i + 1] == '\n') {
			newline_at(lx, i + 1);
			i += 2;
		} else if (s[i] == '\\' && s[i + 1] == '\r' && i + 2 < n &&
		           s[i + 2] == '\n') {
			newline_at(lx, i + 2);
			i += 3;
		} else if (s[i] == '/' && s[i + 1] == '/') {
			const unsigned char *e = memchr(s + i, '\n', n - i);
			i = e ? (size_t)(e - s) : n;
		} else if (s[i] == '/' && s[i + 1] == '*') {
			uint32_t l = lx->line, co = col_of(lx, i);
			size_t j = i + 2;
			while (j + 1 < n && !(s[j] == '*' && s[j + 1] == '/')) {
				if (s[j] == '\n')
					newline_at(lx, j);
				j++;
			}
			if (j + 1 >= n) {
				lx->i = n;
				return lex_error_at(lx, l, co, "'*/' closing this "
				                    "comment before the end of "
				                    "the file");
			}
			i = j + 2;
		} else {
			break;
		}
		space = true;
	}
	lx->i = i;
	if (space)
		lx->space = true;
	return true;
}

/* A label: at the start of a line, [A-Za-z_$@?][A-Za-z0-9_-$@?]* ':'. */
static size_t label_length(const struct va_lexer *lx)
{
	const unsigned char *s = text(lx);
	size_t n = owner(lx)->size, i = lx->i;
	if (i >= n || !(cclass[s[i]] & C_LABEL) || (cclass[s[i]] & C_DIGIT) ||
	    s[i] == '-')
		return 0;
	size_t j = i + 1;
	while (j < n && (cclass[s[j]] & C_LABEL))
		j++;
	return j < n && s[j] == ':' ? j - i : 0;
}

static bool lex_escape(struct va_lexer *lx, char *out, size_t *n)
{
	static const char simple[] = "a\ab\be\033f\fn\nr\rt\tv\v''\"\"??\\\\";
	int c = at(lx, 1);
	for (const char *s = simple; *s; s += 2) {
		if (c == s[0]) {
			out[(*n)++] = s[1];
			skip(lx, 2);
			return true;
		}
	}
	if (is_digit(c)) {
		/* Intel's lexer takes up to three decimal digits as octal. */
		unsigned v = 0, k = 1;
		while (k <= 3 && is_digit(at(lx, k)))
			v = v * 8 + (unsigned)(at(lx, k++) - '0');
		out[(*n)++] = (char)v;
		skip(lx, k);
		return true;
	}
	if (c == 'x' && hex_value(at(lx, 2)) >= 0) {
		unsigned v = (unsigned)hex_value(at(lx, 2)), k = 3;
		if (hex_value(at(lx, 3)) >= 0)
			v = v * 16 + (unsigned)hex_value(at(lx, 3)), k = 4;
		out[(*n)++] = (char)v;
		skip(lx, k);
		return true;
	}
	skip(lx, 1);
	return lex_error(lx, "an escape (\\n, \\t, \\\\, \\\", \\x.., \\0..)");
}

static bool lex_string(struct va_lexer *lx)
{
	struct va_token *t = new_token(lx, VA_STRING);
	skip(lx, 1);
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
		skip(lx, 1);
	}
	skip(lx, 1);
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

static bool lex_float(struct va_lexer *lx, size_t fl, bool dbl)
{
	struct va_token *t = new_token(lx, VA_FLOAT);
	char buf[128];
	size_t nlen = fl - (dbl ? 3 : 2);
	if (nlen >= sizeof buf)
		return lex_error(lx, "a shorter floating-point literal");
	memcpy(buf, owner(lx)->src + lx->i, nlen);
	buf[nlen] = '\0';
	t->fval = strtod(buf, NULL);
	t->is_double = dbl;
	skip(lx, fl);
	t->len = fl;
	return true;
}

static bool lex_hex(struct va_lexer *lx)
{
	struct va_token *t = new_token(lx, VA_INT);
	uint64_t v = 0;
	size_t k = 2;
	while (hex_value(at(lx, k)) >= 0) {
		if (k - 2 == 16) {
			skip(lx, k);
			return lex_error(lx, "at most 16 hexadecimal digits");
		}
		v = v * 16 + (uint64_t)hex_value(at(lx, k));
		k++;
	}
	t->ival = (int64_t)v;
	t->is_hex = true;
	skip(lx, k);
	t->len = k;
	return true;
}

/* A literal starting with a digit: decimal, 0x hexadecimal, or a
 * floating-point literal with its type suffix. */
static bool lex_number(struct va_lexer *lx)
{
	const unsigned char *s = text(lx);
	size_t n = owner(lx)->size, i = lx->i, j = i;
	while (j < n && (cclass[s[j]] & C_DIGIT))
		j++;
	/* Only a '.', 'e' or 'E' right after the digits can make a float. */
	if (j < n && (s[j] == '.' || s[j] == 'e' || s[j] == 'E')) {
		bool dbl = false;
		size_t fl = float_length(lx, &dbl);
		if (fl)
			return lex_float(lx, fl, dbl);
	}
	if (s[i] == '0' && j == i + 1 && j + 1 < n &&
	    (s[j] == 'x' || s[j] == 'X') && (cclass[s[j + 1]] & C_HEX))
		return lex_hex(lx);
	/* Intel's lexer reads decimals with atoi(): 2^31..2^32-1 come out
	 * negative (kept: the parser's range checks refuse them where a
	 * count or size is meant); anything from 2^32 up would wrap to a
	 * small value, so it is an error here. */
	uint64_t v = 0;
	for (size_t k = i; k < j; k++) {
		v = v * 10 + (uint64_t)(s[k] - '0');
		if (v > UINT32_MAX) {
			return lex_error(lx, "a decimal number below "
			                 "4294967296");
		}
	}
	struct va_token *t = new_token(lx, VA_INT);
	t->ival = (int64_t)(int32_t)(uint32_t)v;
	t->len = j - i;
	lx->i = j;
	return true;
}

/* Fetch the symbol table slot of a name's hash into the cache ahead of
 * the parser's lookup (at 200k names that slot is a cache miss, issue
 * 12).  A macro, not a function: GCC 12's mod/ref analysis takes a
 * function whose only effect is a prefetch for one without effect and
 * drops its calls. */
#if defined(__GNUC__)
#define PREFETCH_SLOT(p, hash)                                               \
	do {                                                                 \
		const struct va_routine *rt_ = (p)->rt;                      \
		if (rt_ && rt_->slots)                                       \
			__builtin_prefetch(                                  \
			        &rt_->slots[(hash) & (rt_->nslots - 1)]);    \
	} while (0)
#else
#define PREFETCH_SLOT(p, hash) ((void)(p), (void)(hash))
#endif

/* [A-Za-z0-9_]* after the first prefix bytes. */
static bool lex_word(struct va_lexer *lx, enum va_tok_kind k, size_t prefix)
{
	struct va_token *t = new_token(lx, k);
	const unsigned char *s = text(lx);
	size_t n = owner(lx)->size, j = lx->i + prefix;
	while (j < n && (cclass[s[j]] & (C_ALPHA | C_DIGIT)))
		j++;
	t->len = j - lx->i;
	t->hash = va_name_hash((const char *)s + lx->i, t->len, 0);
	PREFETCH_SLOT(owner(lx), t->hash);
	lx->i = j;
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

/* A token of n bytes whose punct field says what it is. */
static bool punct_token(struct va_lexer *lx, enum va_tok_kind k, int code,
                        size_t n)
{
	struct va_token *t = new_token(lx, k);
	t->punct = code;
	t->len = n;
	skip(lx, n);
	return true;
}

static bool lex_punct(struct va_lexer *lx, int c)
{
	int code;
	bool mod;
	/* Only these five start a longer operator or a modifier. */
	if (c == '(' || c == '<' || c == '>' || c == '=' || c == '!') {
		size_t n = multi_punct(lx, &code, &mod);
		if (n)
			return punct_token(lx, mod ? VA_SRCMOD : VA_PUNCT,
			                   code, n);
	}
	if (!has(c, C_PUNCT))
		return lex_error(lx, "a token");
	return punct_token(lx, VA_PUNCT, c, 1);
}

/* The token at byte lx->i (not a blank, not past the end). */
static bool lex_one(struct va_lexer *lx)
{
	int c = text(lx)[lx->i];
	if (c == '\n') {
		struct va_token *t = new_token(lx, VA_NL);
		t->len = 1;
		newline_at(lx, lx->i);
		lx->i++;
		lx->line_start = true;
		return true;
	}
	if (lx->i == lx->line_begin) {
		size_t n = label_length(lx);
		if (n) {
			struct va_token *t = new_token(lx, VA_LABEL);
			t->len = n;
			skip(lx, n + 1);
			return true;
		}
	}
	unsigned cls = cclass[c];
	if (cls & C_DIGIT)
		return lex_number(lx);
	if (c == 'r' && at(lx, 1) == '[')
		return punct_token(lx, VA_PUNCT, VA_P_INDLBRACK, 2);
	if (cls & C_ALPHA)
		return lex_word(lx, VA_IDENT, 0);
	if (c == '"')
		return lex_string(lx);
	if (c == '%' && is_alpha(at(lx, 1)))
		return lex_word(lx, VA_BUILTIN, 1);
	return lex_punct(lx, c);
}

/* A line that ends the token stream: a lone VA_EOF (at the end of the
 * text, or after a lexical error). */
static void end_stream(struct va_lexer *lx)
{
	struct va_parser *p = owner(lx);
	if (p->ntoks == lx->cap[lx->cur] && !grow_tokens(lx)) {
		/* Out of memory: fall back on a static end of file. */
		static const struct va_token eof = { .kind = VA_EOF };
		p->toks = (struct va_token *)&eof;
		p->ntoks = 1;
		lx->failed = true;
		return;
	}
	new_token(lx, VA_EOF);
}

/* The tokens most lines are made of, cut by a function of the bytes
 * alone: an identifier, one-character punctuation, a decimal of at most
 * 9 digits.  Fills kind, punct and ival of *t and returns the token's
 * length, or 0 to leave the token to lex_one (which also decides
 * everything this declines: labels, literals with a '.', exponent, 0x or
 * many digits, "r[", operators of two or more characters, source
 * modifiers, %builtins, strings, newlines).  The line holding byte i
 * ends with a '\n' (lex_run's sentinel): every scan below stops at a
 * byte of no class, so none needs a bound. */
static inline size_t lex_common(const unsigned char *s, size_t i,
                                struct va_token *t)
{
	int c = s[i];
	unsigned cls = cclass[c];
	size_t j = i + 1;
	if (cls & C_ALPHA) {
		if (c == 'r' && s[j] == '[')
			return 0;
		t->kind = VA_IDENT;
		/* A name starting with 'V' is most often a general variable
		 * found by number (va_lookup_tok): no hash, which that
		 * lookup computes itself if it needs one. */
		if (c == 'V') {
			while (cclass[s[j]] & (C_ALPHA | C_DIGIT))
				j++;
			return j - i;
		}
		/* The name's hash (va_name_hash) in the same scan. */
		uint32_t h = (VA_FNV_BASIS ^ (unsigned)c) * VA_FNV_PRIME;
		while (cclass[s[j]] & (C_ALPHA | C_DIGIT))
			h = (h ^ s[j++]) * VA_FNV_PRIME;
		t->hash = h;
		return j - i;
	}
	if (cls & C_DIGIT) {
		uint32_t v = (uint32_t)(c - '0');
		while ((cclass[s[j]] & C_DIGIT) && j - i < 10)
			v = v * 10 + (uint32_t)(s[j++] - '0');
		/* Ten digits may overflow: lex_number decides. */
		if (j - i > 9 || (cnext[s[j]] & N_NUMEND))
			return 0;
		t->kind = VA_INT;
		t->ival = (int64_t)v;
		return j - i;
	}
	if (!(cls & C_PUNCT) ||
	    ((cnext[c] & N_MULTI) && (c == '%' || (cnext[s[j]] & N_FOLLOW))))
		return 0;
	t->kind = VA_PUNCT;
	t->punct = c;
	return 1;
}

/* Eight spaces in a row at s (the padding before "/// $N" comments). */
static inline bool eight_spaces(const unsigned char *s)
{
	uint64_t w;
	memcpy(&w, s, sizeof w);
	return w == 0x2020202020202020ull;
}

/* Execution sizes (issue 12): "(M1, 16)" after a mnemonic is five
 * tokens.  lex_run pauses after a name that this shape follows, and the
 * parser reads it from the text (va_lex_exec) where the size must come
 * next (va_next_exec).  The shape pins down the tokens: " (" (not a
 * source modifier: a letter follows), a name closed by ',', a plain
 * decimal of 1 or 2 digits after optional blanks, closed by ')'.  It
 * must also be followed, after optional blanks, by a name that '('
 * follows: the lexer pauses there anyway (an operand), so the bytes
 * between the two pauses are tokens without a lexical error and this
 * pause changes no line's cutting as errors see it (a lexical error
 * drops the tokens of the stretch it is found in; the parser sees the
 * same tokens before it as without the pause).  Byte i is the blank
 * after the name; the line ends with '\n', which stops every scan.
 * Fills the lexer's exec_* fields and returns true on a match. */
static bool exec_shape(struct va_lexer *lx, const unsigned char *s, size_t i)
{
	size_t k = i + 1;  /* the '(' */
	if (!(cclass[s[k + 1]] & C_ALPHA))
		return false;
	size_t w = ++k;
	while (cclass[s[k]] & (C_ALPHA | C_DIGIT))
		k++;
	if (s[k] != ',')
		return false;
	size_t wlen = k - w;
	k++;
	while (cclass[s[k]] & C_BLANK)
		k++;
	if (!(cclass[s[k]] & C_DIGIT))
		return false;
	uint32_t v = (uint32_t)(s[k++] - '0');
	if (cclass[s[k]] & C_DIGIT)
		v = v * 10 + (uint32_t)(s[k++] - '0');
	if (s[k] != ')')
		return false;
	size_t end = ++k;
	while (cclass[s[k]] & C_BLANK)
		k++;
	if (!(cclass[s[k]] & C_ALPHA) || (s[k] == 'r' && s[k + 1] == '['))
		return false;
	while (cclass[s[k]] & (C_ALPHA | C_DIGIT))
		k++;
	if (s[k] != '(')
		return false;
	lx->exec_at = i;
	lx->exec_len = end - i;
	lx->exec_word = w;
	lx->exec_wlen = wlen;
	lx->exec_n = v;
	return true;
}

/* Cut blanks, "//" comments, common tokens (lex_common) and the closing
 * newline from lx->i on, in one loop with the position, line and token
 * count in locals (registers) rather than in the lexer state.  Only a
 * line that ends with '\n' is cut here: that byte stops every scan, so
 * no byte is compared with the size of the text.  Returns true when the
 * line's VA_NL token is made or the line is paused after a name followed
 * by '(', after a directive's name or after a mnemonic that the usual
 * execution size follows (lx->paused: the parser may read an operand's
 * offset and region, a declaration or the execution size from the text,
 * va_lex_tail, va_lex_decl, va_lex_exec); otherwise stops, with the state
 * brought up to date, before anything else: a block comment or
 * continuation, a full token buffer, the first byte of a line that may
 * start a label, a token lex_common declines, a last line without '\n' (all
 * left to lex_one and skip_space). */
static bool lex_run(struct va_parser *p)
{
	struct va_lexer *lx = &p->lx;
	/* Bytes up to e may be read (a word at a time for blanks): the
	 * line holding byte i ends with a '\n' at or before e - 1.  The
	 * line's own end is only looked for when a comment runs to it. */
	size_t e = lx->lines_end;
	if (lx->i >= e)
		return false;
	const unsigned char *s = text(lx);
	struct va_token *toks = p->toks;
	size_t i = lx->i, nt = p->ntoks, cap = lx->cap[lx->cur];
	size_t line_begin = lx->line_begin;
	uint32_t line = lx->line;
	bool before = lx->space || lx->line_start, done = false;
	for (;;) {
		unsigned c = s[i], cls = cclass[c];
		if (cls & C_BLANK) {
			i++;
			while (i + 8 <= e && eight_spaces(s + i))
				i += 8;
			before = true;
			continue;
		}
		if (cls & C_SKIP) {
			if (c != '/' || s[i + 1] != '/')
				break;
			/* A comment to the end of the line. */
			i = (size_t)((const unsigned char *)memchr(s + i, '\n',
			                                           e - i) - s);
			before = true;
			continue;
		}
		if (nt == cap)
			break;
		struct va_token *t = &toks[nt];
		*t = (struct va_token){ .space_before = before, .line = line,
		                        .col = (uint32_t)(i - line_begin + 1),
		                        .start = i };
		if (c == '\n') {
			t->kind = VA_NL;
			t->len = 1;
			nt++;
			lx->line = line + 1;
			lx->line_begin = i + 1;
			i++;
			done = true;
			break;
		}
		/* A line's first byte may start a label (lex_one): not
		 * when it is no label byte, as the '.' of a directive. */
		if (i == line_begin && (cls & C_LABEL))
			break;
		size_t len = lex_common(s, i, t);
		if (!len)
			break;
		t->len = len;
		nt++;
		i += len;
		before = false;
		if (t->kind == VA_IDENT) {
			if (c != 'V')
				PREFETCH_SLOT(p, t->hash);
			/* A name that '(' follows, or a directive's, or a
			 * mnemonic before its usual execution size. */
			if (s[i] == '(' || (nt == 2 && va_is_punct(toks, '.')) ||
			    (s[i] == ' ' && s[i + 1] == '(' &&
			     exec_shape(lx, s, i))) {
				lx->paused = done = true;
				break;
			}
		}
	}
	lx->i = i;
	p->ntoks = nt;
	lx->space = done ? false : before;
	lx->line_start = done && !lx->paused;
	return done;
}

/* Cut the current line from lx->i on, after its p->ntoks first tokens,
 * up to its end or a pause.  On a lexical error the tokens cut here are
 * dropped and a VA_EOF follows the others. */
static void lex_cut(struct va_parser *p)
{
	struct va_lexer *lx = &p->lx;
	size_t keep = p->ntoks;
	if (lx->failed) {
		end_stream(lx);
		return;
	}
	for (;;) {
		if (lex_run(p))
			return;
		if (!skip_space(lx))
			break;
		if (lx->i >= p->size) {
			end_stream(lx);
			return;
		}
		/* Room for the token (new_token relies on it). */
		if (p->ntoks == lx->cap[lx->cur] && !grow_tokens(lx))
			break;
		bool nl = text(lx)[lx->i] == '\n';
		if (!lex_one(lx))
			break;
		if (nl)
			return;
	}
	lx->failed = true;
	p->ntoks = keep;
	end_stream(lx);
}

/* The name at byte b of the line, as lex_common cuts it (kind, hash
 * unless it starts with 'V', the slot prefetched), ending at byte j. */
static void name_token(struct va_parser *p, size_t b, size_t j, bool space)
{
	struct va_lexer *lx = &p->lx;
	const unsigned char *s = text(lx);
	struct va_token *t = &p->toks[p->ntoks++];
	*t = (struct va_token){ .kind = VA_IDENT, .space_before = space,
	                        .line = lx->line, .col = col_of(lx, b),
	                        .start = b, .len = j - b };
	if (s[b] != 'V') {
		t->hash = va_name_hash((const char *)s + b, t->len, 0);
		PREFETCH_SLOT(p, t->hash);
	}
}

/* The usual resumption of a paused line: one blank, then a name that
 * '(' follows (the next operand, its tail after it), cut here without
 * lex_cut's setup: the token and the pause are those lex_run makes of
 * the same bytes.  False (nothing done) for anything else. */
static bool lex_next_operand(struct va_parser *p)
{
	struct va_lexer *lx = &p->lx;
	const unsigned char *s = text(lx);
	size_t i = lx->i;
	/* The line must end with '\n' (lex_run's condition), which stops
	 * the scans; room for the token as lex_run needs. */
	if (lx->failed || i >= lx->lines_end || p->ntoks == lx->cap[lx->cur] ||
	    s[i] != ' ' || !(cclass[s[i + 1]] & C_ALPHA) ||
	    (s[i + 1] == 'r' && s[i + 2] == '['))
		return false;
	size_t b = i + 1, j = b + 1;
	while (cclass[s[j]] & (C_ALPHA | C_DIGIT))
		j++;
	if (s[j] != '(')
		return false;
	name_token(p, b, j, true);
	lx->i = j;
	lx->paused = true;
	lx->space = false;
	lx->line_start = false;
	return true;
}

/* The other usual resumption: blanks, maybe a "//" comment, then the
 * '\n' ending the line (after the last operand, or a declaration read
 * from the text): its VA_NL token as lex_run makes it.  False (nothing
 * done) for anything else. */
static bool lex_line_end(struct va_parser *p)
{
	struct va_lexer *lx = &p->lx;
	const unsigned char *s = text(lx);
	size_t i = lx->i, e = lx->lines_end;
	if (lx->failed || i >= e || p->ntoks == lx->cap[lx->cur])
		return false;
	bool before = false;
	if (cclass[s[i]] & C_BLANK) {
		i++;
		while (i + 8 <= e && eight_spaces(s + i))
			i += 8;
		while (cclass[s[i]] & C_BLANK)
			i++;
		before = true;
	}
	if (s[i] == '/' && s[i + 1] == '/') {
		i = (size_t)((const unsigned char *)memchr(s + i, '\n', e - i) - s);
		before = true;
	}
	if (s[i] != '\n')
		return false;
	p->toks[p->ntoks++] = (struct va_token){
		.kind = VA_NL, .space_before = before, .line = lx->line,
		.col = col_of(lx, i), .start = i, .len = 1 };
	lx->line++;
	lx->line_begin = i + 1;
	lx->i = i + 1;
	lx->space = false;
	lx->line_start = true;
	return true;
}

/* The usual starts of a line, cut up to their pause without lex_cut's
 * setup, as lex_run cuts them: ".NAME" (a directive: lex_run pauses
 * after its name whatever follows) and blanks, then a mnemonic that an
 * execution size follows (exec_shape).  False (nothing done) for
 * anything else. */
static bool lex_line_start(struct va_parser *p)
{
	struct va_lexer *lx = &p->lx;
	const unsigned char *s = text(lx);
	size_t i = lx->i;
	if (lx->failed || i >= lx->lines_end || lx->cap[lx->cur] < 2 ||
	    i != lx->line_begin)
		return false;
	if (s[i] == '.') {
		size_t b = i + 1, j = b;
		if (!(cclass[s[b]] & C_ALPHA) || (s[b] == 'r' && s[b + 1] == '['))
			return false;
		while (cclass[s[j]] & (C_ALPHA | C_DIGIT))
			j++;
		p->toks[p->ntoks++] = (struct va_token){
			.kind = VA_PUNCT, .punct = '.', .space_before = true,
			.line = lx->line, .col = 1, .start = i, .len = 1 };
		name_token(p, b, j, false);
		lx->i = j;
	} else if (s[i] == ' ') {
		size_t b = i + 1;
		while (cclass[s[b]] & C_BLANK)
			b++;
		size_t j = b;
		if (!(cclass[s[b]] & C_ALPHA) || (s[b] == 'r' && s[b + 1] == '['))
			return false;
		while (cclass[s[j]] & (C_ALPHA | C_DIGIT))
			j++;
		if (s[j] != ' ' || s[j + 1] != '(' || !exec_shape(lx, s, j))
			return false;
		name_token(p, b, j, true);
		lx->i = j;
	} else {
		return false;
	}
	lx->paused = true;
	lx->space = false;
	lx->line_start = false;
	return true;
}

void va_lex_line(struct va_parser *p)
{
	struct va_lexer *lx = &p->lx;
	if (lx->paused) {
		lx->paused = false;
		if (!lex_next_operand(p) && !lex_line_end(p))
			lex_cut(p);
		return;
	}
	lx->cur ^= 1;
	p->toks = lx->buf[lx->cur];
	p->ntoks = 0;
	p->pos = 0;
	if (!lex_line_start(p))
		lex_cut(p);
}

const struct va_token *va_lex_upto(struct va_parser *p, size_t k)
{
	while (k >= p->ntoks && p->lx.paused) {
		p->lx.paused = false;
		lex_cut(p);
	}
	return &p->toks[k < p->ntoks ? k : p->ntoks - 1];
}

/* Operand tails (issue 12).  A general operand's offset and region
 * right after its name, "(0,0)<1;1,0>" or "(0,0)<1>", are most of the
 * tokens of an instruction line (44 of the 55 of a mad).  lex_run
 * pauses after a name that '(' follows, and the parser reads the tail
 * from the text through va_lex_tail when it has exactly this shape, so
 * its tokens are never made.  The shape pins down the tokens the
 * general path would cut: '(' ',' ')' '<' ';' '>' where they stand, each
 * followed by a digit or by the blank or newline that must close the
 * tail (none of which makes a longer operator or a modifier of it), and
 * runs of 1 to 3 digits, each followed by punctuation that cannot make
 * it a float, a hexadecimal or a longer literal: decimals of that value.
 * No blank within, none before the first. */

/* 1 to 3 digits at s[*k] (not followed by a fourth): their value,
 * *k moved past them; -1 otherwise. */
static inline int32_t tail_num(const unsigned char *s, size_t *k)
{
	size_t j = *k;
	int32_t v = 0;
	/* One digit, the usual case, without the loop. */
	if ((cclass[s[j]] & C_DIGIT) && !(cclass[s[j + 1]] & C_DIGIT)) {
		*k = j + 1;
		return s[j] - '0';
	}
	while ((cclass[s[j]] & C_DIGIT) && j - *k < 3)
		v = v * 10 + (s[j++] - '0');
	if (j == *k || (cclass[s[j]] & C_DIGIT))
		return -1;
	*k = j;
	return v;
}

/* The byte c at s[*k], *k moved past it. */
static inline bool tail_punct(const unsigned char *s, size_t *k, char c)
{
	return s[*k] == (unsigned char)c && (++*k, true);
}

/* The usual tail at s, every number one digit ("(0,0)<1;1,0>",
 * "(0,0)<1>"), in straight-line byte tests: its length and values as
 * va_lex_tail gives them, or 0 for anything else (left to the general
 * scan).  Every test stops at the '\n' ending the line. */
static inline bool tail_digit(const unsigned char *s, size_t j)
{
	return (cclass[s[j]] & C_DIGIT) != 0;
}

static inline size_t tail_short(const unsigned char *s, bool dst,
                                uint32_t v[5])
{
	size_t k;
	if (s[0] != '(' || !tail_digit(s, 1) || s[2] != ',' ||
	    !tail_digit(s, 3) || s[4] != ')' || s[5] != '<' ||
	    !tail_digit(s, 6))
		return 0;
	if (dst) {
		if (s[7] != '>')
			return 0;
		k = 8;
	} else {
		if (s[7] != ';' || !tail_digit(s, 8) || s[9] != ',' ||
		    !tail_digit(s, 10) || s[11] != '>')
			return 0;
		k = 12;
	}
	if (!(s[k] == '\n' || (cclass[s[k]] & C_BLANK)))
		return 0;
	v[0] = (uint32_t)(s[1] - '0');
	v[1] = (uint32_t)(s[3] - '0');
	v[2] = (uint32_t)(s[6] - '0');
	v[3] = dst ? 0 : (uint32_t)(s[8] - '0');
	v[4] = dst ? 0 : (uint32_t)(s[10] - '0');
	return k;
}

size_t va_lex_tail(const struct va_parser *p, bool dst, uint32_t v[5])
{
	const struct va_lexer *lx = &p->lx;
	/* Paused right after the current token: the line ends with '\n'
	 * (lex_run), which stops every scan. */
	if (!lx->paused || p->pos + 1 != p->ntoks)
		return 0;
	const unsigned char *s = text(lx);
	size_t k = lx->i, n = tail_short(s + k, dst, v);
	if (n)
		return n;
	int32_t r, c, x, w = 0, h = 0;
	/* "(r,c)<h>" (dst) or "(r,c)<v;w,h>", x being h or v. */
	if (!tail_punct(s, &k, '(') || (r = tail_num(s, &k)) < 0 ||
	    !tail_punct(s, &k, ',') || (c = tail_num(s, &k)) < 0 ||
	    !tail_punct(s, &k, ')') || !tail_punct(s, &k, '<') ||
	    (x = tail_num(s, &k)) < 0)
		return 0;
	if (!dst && (!tail_punct(s, &k, ';') || (w = tail_num(s, &k)) < 0 ||
	             !tail_punct(s, &k, ',') || (h = tail_num(s, &k)) < 0))
		return 0;
	if (!tail_punct(s, &k, '>') ||
	    !(s[k] == '\n' || (cclass[s[k]] & C_BLANK)))
		return 0;
	v[0] = (uint32_t)r;
	v[1] = (uint32_t)c;
	v[2] = (uint32_t)x;
	v[3] = (uint32_t)w;
	v[4] = (uint32_t)h;
	return k - lx->i;
}

/* Declarations (issue 12): most of the lines of a big kernel's text are
 * ".decl V0043 v_type=G type=f num_elts=16 align=hword".  lex_run
 * pauses a line after its directive's name, and the parser reads this
 * shape from the text through va_lex_decl, so its 14 tokens after
 * ".decl" are never made.  As with operand tails, the shape pins down
 * the tokens: names (a letter or '_', then letters, digits, '_') each
 * closed by a blank or '=', '=' followed by a letter or digit (so not
 * "=="), and the count's 1 to 5 digits closed by a blank (so a plain
 * decimal).  Anything else is left to the general path. */

/* One or more blanks at s[*k]; *k moved past them. */
static inline bool text_blanks(const unsigned char *s, size_t *k)
{
	size_t j = *k;
	while (cclass[s[j]] & C_BLANK)
		j++;
	if (j == *k)
		return false;
	*k = j;
	return true;
}

/* The n bytes (1 to 8) of lit at s[*k] (the text having n bytes from
 * there); *k moved past them.  Inlined with a literal, n is known: two
 * 4-byte loads that overlap cover 4 to 8 bytes (whole loads: copying n
 * bytes into a wider word stored them piecewise and read them back,
 * a store-forwarding stall; GCC left memcmp a call). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline bool text_is(const unsigned char *s, size_t size, size_t *k,
                           const char *lit, size_t n)
{
	if (*k + n > size)
		return false;
	const unsigned char *t = s + *k;
	if (n < 4) {
		for (size_t i = 0; i < n; i++)
			if (t[i] != (unsigned char)lit[i])
				return false;
	} else {
		uint32_t a0, a1, b0, b1;
		memcpy(&a0, t, 4);
		memcpy(&a1, t + n - 4, 4);
		memcpy(&b0, lit, 4);
		memcpy(&b1, lit + n - 4, 4);
		if (a0 != b0 || a1 != b1)
			return false;
	}
	*k += n;
	return true;
}
#define TEXT_IS(s, size, k, lit) text_is(s, size, k, lit, sizeof lit - 1)
_Static_assert(sizeof "num_elts" - 1 == 8, "TEXT_IS takes 8 bytes at most");

/* A name at s[*k] closed by a blank or newline (an identifier token if
 * the lexer cut it): *k moved past it; the bytes stay where they are. */
static inline bool text_word(const unsigned char *s, size_t *k)
{
	size_t j = *k;
	if (!(cclass[s[j]] & C_ALPHA))
		return false;
	while (cclass[s[j]] & (C_ALPHA | C_DIGIT))
		j++;
	if (!(s[j] == '\n' || (cclass[s[j]] & C_BLANK)))
		return false;
	*k = j;
	return true;
}

size_t va_lex_decl(const struct va_parser *p, struct va_decl_text *d)
{
	const struct va_lexer *lx = &p->lx;
	/* Paused right after the current token: the line ends with '\n'
	 * (lex_run), which stops every scan. */
	if (!lx->paused || p->pos + 1 != p->ntoks)
		return 0;
	const unsigned char *s = text(lx);
	size_t k = lx->i, size = p->size, name;
	if (!text_blanks(s, &k) || !text_word(s, (name = k, &k)))
		return 0;
	d->name = (struct va_token){ .kind = VA_IDENT, .line = lx->line,
	                             .col = col_of(lx, name), .start = name,
	                             .len = k - name };
	/* "v_type=G": the class, a one-letter name. */
	if (!text_blanks(s, &k) || !TEXT_IS(s, size, &k, "v_type=G") ||
	    !(s[k] == '\n' || (cclass[s[k]] & C_BLANK)) ||
	    !text_blanks(s, &k) || !TEXT_IS(s, size, &k, "type=") ||
	    !text_word(s, (d->type = k, &k)))
		return 0;
	d->type_len = k - d->type;
	if (!text_blanks(s, &k) || !TEXT_IS(s, size, &k, "num_elts") ||
	    !TEXT_IS(s, size, &k, "="))
		return 0;
	size_t first = k;
	uint32_t n = 0;
	while ((cclass[s[k]] & C_DIGIT) && k - first < 5)
		n = n * 10 + (uint32_t)(s[k++] - '0');
	if (k == first || !text_blanks(s, &k) ||
	    !TEXT_IS(s, size, &k, "align=") ||
	    !text_word(s, (d->align = k, &k)))
		return 0;
	d->align_len = k - d->align;
	d->num = n;
	return k - lx->i;
}

size_t va_lex_exec(const struct va_parser *p, size_t *word, size_t *wlen,
                   uint32_t *n)
{
	const struct va_lexer *lx = &p->lx;
	if (!lx->paused || p->pos + 1 != p->ntoks || !lx->exec_len ||
	    lx->exec_at != lx->i)
		return 0;
	*word = lx->exec_word;
	*wlen = lx->exec_wlen;
	*n = lx->exec_n;
	return lx->exec_len;
}

void va_lex_take(struct va_parser *p, size_t n)
{
	p->lx.i += n;
}

enum vf_status va_lex(struct va_parser *p, struct vf_arena *scratch)
{
	return va_lex_from(p, scratch, 0, 1);
}

enum vf_status va_lex_from(struct va_parser *p, struct vf_arena *scratch,
                           size_t off, uint32_t line)
{
	p->lx = (struct va_lexer){ .scratch = scratch, .line = line,
	                           .line_start = true, .i = off,
	                           .line_begin = off };
	/* Usually the text's last byte. */
	for (size_t k = p->size; k > 0; k--) {
		if (p->src[k - 1] == '\n') {
			p->lx.lines_end = k;
			break;
		}
	}
	va_lex_line(p);
	if (p->lx.failed)
		return p->err && p->err->status != VF_OK ? p->err->status
		                                         : VF_ERR_INPUT;
	return VF_OK;
}

/* The state lex_run leaves after a line's '\n': only the position and
 * the line change (the token buffers stay). */
void va_lex_seek(struct va_parser *p, size_t off, uint32_t line)
{
	struct va_lexer *lx = &p->lx;
	lx->i = off;
	lx->line = line;
	lx->line_begin = off;
	lx->line_start = true;
	lx->space = false;
	lx->paused = false;
	lx->exec_at = lx->exec_len = 0;
	va_lex_line(p);
}

void va_lex_end(struct va_parser *p)
{
	free(p->lx.buf[0]);
	free(p->lx.buf[1]);
	for (unsigned k = 0; k < p->lx.nretired; k++)
		free(p->lx.retired[k]);
	p->lx.nretired = 0;
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
