/*
 * visaasm_read.h - internals shared by the vISA assembly parser
 * (visaasm_lex.c, visaasm_read.c, visaasm_decl.c, visaasm_opnd.c,
 * visaasm_inst.c, visaasm_flow.c, visaasm_mem.c, visaasm_lsc.c).  Not a
 * public header.
 *
 * The parser turns the text format of shared/spec/visa/
 * 8_appendix_visa_assembly_syntax.md (IGC's dialect, as Intel's CISA.y
 * accepts it) into the same struct vf_module that visa_read.c builds from
 * a binary object.  The text is cut into tokens (visaasm_lex.c)
 * one line at a time as the parser reaches it; a hand-written
 * recursive-descent parser walks the tokens of the line:
 * visaasm_read.c holds the driver and the routine bookkeeping,
 * visaasm_decl.c the directives, visaasm_opnd.c operands and integer
 * expressions, visaasm_inst.c, visaasm_flow.c, visaasm_mem.c and
 * visaasm_lsc.c the instructions.
 *
 * Every error is reported as "FILE:LINE:COL: expected X, found Y" through
 * va_fail(); parsing stops at the first error.
 */
#ifndef VISAFIN_VISAASM_READ_H
#define VISAFIN_VISAASM_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "err.h"
#include "visa_model.h"
#include "visa_ops.h"
#include "visafin.h"

/* ---- tokens (visaasm_lex.c) ---- */

enum va_tok_kind {
	VA_EOF,
	VA_NL,       /* end of a line */
	VA_IDENT,    /* [A-Za-z_][A-Za-z0-9_]* */
	VA_BUILTIN,  /* %name */
	VA_INT,      /* decimal or 0x hexadecimal literal */
	VA_FLOAT,    /* 1.5:f, 1e+3:df (the type suffix is part of it) */
	VA_STRING,   /* "..." with escapes decoded */
	VA_LABEL,    /* name: at the start of a line (text without ':') */
	VA_PUNCT,    /* operator or delimiter, see enum va_punct */
	VA_SRCMOD,   /* (-) (abs) (-abs) (~): a source modifier */
};

/* Multi-character operators; single characters stand for themselves. */
enum va_punct {
	VA_P_SHL = 256, VA_P_SHRS, VA_P_SHRZ, VA_P_LEQ, VA_P_GEQ, VA_P_EQ,
	VA_P_NEQ, VA_P_INDLBRACK /* r[ */,
};

struct va_token {
	uint8_t kind;       /* enum va_tok_kind */
	bool space_before;  /* whitespace (or line start) right before it */
	bool is_hex;        /* VA_INT written as 0x... */
	bool is_double;     /* VA_FLOAT with :df */
	int punct;          /* VA_PUNCT: character or enum va_punct;
	                     * VA_SRCMOD: VISA_MOD_* */
	uint32_t line, col;
	size_t start, len;  /* bytes of the text it covers */
	/* The value, by kind (one of them: a token is 48 bytes, issue 12;
	 * readers test the kind first). */
	union {
		int64_t ival;       /* VA_INT (as Intel's lexer computes it) */
		uint32_t hash;      /* VA_IDENT, VA_BUILTIN: va_name_hash of
		                     * the text (the lexer's, read by
		                     * va_lookup_tok), except for a VA_IDENT
		                     * starting with 'V' (not set) */
		double fval;        /* VA_FLOAT */
		const char *str;    /* VA_STRING decoded (NUL-terminated) */
	};
	size_t slen;        /* VA_STRING: its length (may contain NULs) */
};

/* ---- symbols ---- */

enum va_sym_class {
	VA_SYM_GENERAL, VA_SYM_ADDRESS, VA_SYM_PREDICATE, VA_SYM_SAMPLER,
	VA_SYM_SURFACE, VA_SYM_BLOCK_LABEL, VA_SYM_FUNC_LABEL,
};

struct va_sym {
	const char *name;
	size_t len;
	uint8_t cls;        /* enum va_sym_class */
	bool unique;        /* pre-defined: may not be redeclared anywhere */
	bool numbered;      /* kept in rt->vnum, not in rt->slots */
	uint32_t scope;     /* scope depth of the declaration */
	uint32_t index;     /* id as operands use it */
	uint32_t next;      /* the older symbol of the same name that this one
	                     * hides (outer scope), or UINT32_MAX */
	uint32_t line;      /* declaring line (0 for pre-defined) */
	uint32_t hash;      /* of name and namespace (va_name_hash); 0 when
	                     * numbered */
};

/* A slot of the symbol table: the newest symbol of one name and the
 * name's hash (sym UINT32_MAX: empty). */
struct va_slot {
	uint32_t hash;
	uint32_t sym;
};

/* Where a label was first named, and whether a label line placed it. */
struct va_label_use {
	uint32_t line, col;
	bool defined;
};

/* One routine (kernel or function) being parsed. */
struct va_routine {
	struct vf_routine r;
	const char *name;       /* routine name as written */
	const char *file;       /* the text it comes from */
	struct va_sym *syms;    /* all symbols, in declaration order */
	uint32_t nsyms;
	struct va_slot *slots;  /* open-addressing table (visaasm_read.c) */
	uint32_t nslots;        /* a power of 2, grows with nhashed */
	uint32_t nhashed;       /* symbols in slots */
	uint32_t *vnum;         /* by the number of a name IGC spells V<n>
	                         * (va_vnum_key): its newest symbol + 1, or
	                         * 0 (visaasm_read.c) */
	uint32_t nvnum;         /* entries of vnum (a power of 2, or 0) */
	uint32_t scope;         /* current { } depth */
	/* Counts of the tables whose model counts are narrower than 32
	 * bits (copied into r when the routine is finished), and the
	 * capacities of all growable arrays. */
	uint32_t naddrs, npreds, nlabels, nsamplers, nsurfaces, ndefined;
	uint32_t var_cap, addr_cap, pred_cap, label_cap, samp_cap, surf_cap;
	uint32_t input_cap, attr_cap, inst_cap, def_cap;
	struct va_label_use *label_uses;  /* per label */
	/* Kept as the routine grows, for its layout (va_layout), so that
	 * nothing walks every instruction, string or variable again at
	 * the end (issue 12: cache misses at 200k of each): the bytes of
	 * the instructions so far (va_emit), of the string pool (each
	 * string and its NUL), and the attributes of general variables. */
	uint64_t code_size, pool_bytes;
	uint64_t var_attrs, var_attr_bytes;  /* count, value bytes */
	int dispatch_simd;      /* value of SimdSize/DispatchSimdSize, or 0 */
	struct va_routine *next;
};

/* ---- the lexer's state (visaasm_lex.c) ---- */

struct va_lexer {
	struct vf_arena *scratch;  /* decoded string literals */
	size_t i;               /* next byte */
	uint32_t line;          /* line of byte i */
	size_t line_begin;      /* offset of that line's first byte (the
	                         * column of byte i is i - line_begin + 1) */
	bool line_start;        /* no token yet on this line */
	bool space;             /* whitespace seen since the last token */
	bool failed;            /* a lexical error was reported */
	bool paused;            /* the line is cut up to a name (byte i)
	                         * that a '(' follows, a directive's name or
	                         * a mnemonic before its execution size (see
	                         * lex_run): the rest is cut when the parser
	                         * needs it (va_lex_line, va_lex_upto) */
	/* The execution size after the name paused before byte exec_at
	 * (exec_len bytes from there, 0: none; visaasm_lex.c,
	 * exec_shape): its mask name and count. */
	size_t exec_at, exec_len, exec_word, exec_wlen;
	uint32_t exec_n;
	size_t lines_end;       /* 1 + the offset of the text's last '\n'
	                         * (0: none): a line that starts before it
	                         * ends with a '\n' (visaasm_lex.c) */
	/* Two token buffers, one line each, used in turn: the tokens of the
	 * line just finished stay valid while the next one is parsed. */
	struct va_token *buf[2];
	size_t cap[2];
	unsigned cur;           /* buffer p->toks points into */
	/* Buffers outgrown (visaasm_lex.c, grow_tokens): freed at the end,
	 * as tokens in them may still be pointed to. */
	struct va_token *retired[128];
	unsigned nretired;
};

/* ---- the parser ---- */

struct va_parser {
	const char *file;       /* text name for messages */
	const char *src;        /* text bytes (not NUL-terminated) */
	size_t size;
	/* Tokens of the current line only, ending with VA_NL or VA_EOF: the
	 * text is cut one line at a time as the parser reaches it
	 * (va_next), so memory does not grow with the text. */
	struct va_token *toks;
	size_t ntoks, pos;
	struct va_lexer lx;
	struct vf_module *m;
	struct vf_arena *a;     /* the module's arena */
	struct vf_error *err;
	bool have_version;
	struct va_routine *rt;  /* routine being parsed, NULL before .kernel */
	struct va_routine *first, *last;  /* all routines, all texts */
	unsigned nkernels, nfunctions;
	struct va_inst_ctx *ictx;   /* the instruction being parsed (malloc) */
	struct va_size_memo *sizes; /* instruction sizes by shape (va_emit;
	                             * NULL: none yet, or out of memory) */
	unsigned expr_depth;        /* integer expressions open (recursion) */
	/* An execution size read from the text ahead of its tokens
	 * (va_next_exec), for the next va_exec_size. */
	bool exec_pending;
	uint8_t exec_byte;
	/* A big text's instructions on two threads (visaasm_split.c): the
	 * helper parsing the second part while this parser reads up to
	 * split_mid (NULL: none), whether this text was considered for it,
	 * and, in the helper's own parser, spec (it may change nothing
	 * shared) and spec_stop (it was about to). */
	struct va_split *split;
	size_t split_mid;
	bool split_tried;
	bool spec, spec_stop;
};

/* The hash of a name in namespace ns (0: variables and other symbols,
 * 1: block labels, 2: subroutine labels): FNV-1a of its bytes.  The
 * lexer computes it for every identifier in the loop that scans it
 * (visaasm_lex.c, same formula), so a lookup by token does not hash
 * again.  No final mixing: names that differ in their last digits
 * (V1000, V1001, ...) land in distinct, spread-out slots as they are,
 * and a mixed hash measured slower (more collisions to walk). */
#define VA_FNV_BASIS 2166136261u
#define VA_FNV_PRIME 16777619u
static inline uint32_t va_name_hash(const char *s, size_t n, unsigned ns)
{
	uint32_t h = VA_FNV_BASIS ^ ns;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * VA_FNV_PRIME;
	return h;
}

/* Cut the next line into tokens (visaasm_lex.c), or more of the current
 * one if it is paused; on a lexical error a VA_EOF follows the tokens
 * cut before and p->lx.failed is set. */
void va_lex_line(struct va_parser *p);
/* Token k of the line, cutting more of a paused line to reach it; the
 * line's last token (VA_NL or VA_EOF) when the line has no token k. */
const struct va_token *va_lex_upto(struct va_parser *p, size_t k);
/* A general operand's tail in the text after the current token, the
 * line paused there (visaasm_lex.c): "(r,c)<h>" (dst) or "(r,c)<v;w,h>"
 * in plain decimals, closed by a blank or newline.  Returns its length
 * in bytes and the values in text order, or 0 when the text is anything
 * else.  va_lex_take steps over such a tail (before the va_next that
 * moves past the current token). */
size_t va_lex_tail(const struct va_parser *p, bool dst, uint32_t v[5]);
/* A declaration in the text after the current token ("decl", the line
 * paused there): " NAME v_type=G type=T num_elts=N align=A" closed by a
 * blank or newline, N of 1 to 5 digits.  Returns its length in bytes
 * with NAME as a token (no hash: va_declare hashes what it needs), the
 * bytes of T and A (each would be one identifier token) and N, or 0
 * when the text is anything else; va_lex_take steps over it. */
struct va_decl_text {
	struct va_token name;
	size_t type, align;       /* offsets of T and A in the text */
	size_t type_len, align_len;
	uint32_t num;
};
size_t va_lex_decl(const struct va_parser *p, struct va_decl_text *d);
/* An execution size in the text after the current token (the line
 * paused there for it): " (W,N)" with W a name closed by ',', N of 1 or
 * 2 digits after optional blanks and closed by ')', an operand's name
 * after it.  Returns its length in bytes with W's offset and length
 * and N, or 0 when there is none; va_lex_take steps over it. */
size_t va_lex_exec(const struct va_parser *p, size_t *word, size_t *wlen,
                   uint32_t *n);
void va_lex_take(struct va_parser *p, size_t n);

/* Token access. */
static inline const struct va_token *va_peek(const struct va_parser *p)
{
	return &p->toks[p->pos];
}
/* The token k places on, or the line's last one (VA_NL or VA_EOF).  A
 * paused line is cut further to reach it: that adds tokens after the
 * ones cut and changes none, so the line as the parser sees it is the
 * same; hence the const parser (a lazily filled view of the text). */
static inline const struct va_token *va_peek_at(const struct va_parser *p,
                                                size_t k)
{
	size_t i = p->pos + k;
	if (i >= p->ntoks)
		return va_lex_upto((struct va_parser *)p, i);
	return &p->toks[i];
}
static inline const struct va_token *va_next(struct va_parser *p)
{
	const struct va_token *t = &p->toks[p->pos];
	if (t->kind != VA_EOF && ++p->pos == p->ntoks)
		va_lex_line(p);
	return t;
}

/* visaasm_lex.c: start cutting p->src (the first line is ready when it
 * returns VF_OK); va_lex_end frees the token buffers. */
enum vf_status va_lex(struct va_parser *p, struct vf_arena *scratch);
/* The same from byte off, the start of a line numbered line. */
enum vf_status va_lex_from(struct va_parser *p, struct vf_arena *scratch,
                           size_t off, uint32_t line);
/* Move a lexer to byte off, the start of a line numbered line, and cut
 * that line, as if every line before it had just been cut. */
void va_lex_seek(struct va_parser *p, size_t off, uint32_t line);
void va_lex_end(struct va_parser *p);
/* Describe a token for messages ("'foo'", "end of line", ...). */
const char *va_describe(const struct va_parser *p, const struct va_token *t,
                        char *buf, size_t n);

/* visaasm_read.c: errors and small token helpers. */
bool va_fail(struct va_parser *p, const struct va_token *at,
             const char *expected);
bool va_fail_msg(struct va_parser *p, const struct va_token *at,
                 const char *fmt, ...) VF_PRINTF(3, 4);
bool va_oom(struct va_parser *p);
/* Punctuation tests, inline: the parser makes one or more per token. */
static inline bool va_is_punct(const struct va_token *t, int c)
{
	return t->kind == VA_PUNCT && t->punct == c;
}
static inline bool va_accept(struct va_parser *p, int c)
{
	if (!va_is_punct(va_peek(p), c))
		return false;
	va_next(p);
	return true;
}
/* The error of va_expect, out of line. */
bool va_expect_failed(struct va_parser *p, const char *what);
static inline bool va_expect(struct va_parser *p, int c, const char *what)
{
	return va_accept(p, c) || va_expect_failed(p, what);
}
/* The token's text is s.  Inline, with a byte loop rather than
 * memcmp: callers pass string literals, whose length the compiler
 * knows, so a keyword test becomes a length compare and a few byte
 * compares (issue 12: no strlen or memcmp call per test). */
static inline bool va_token_is(const struct va_parser *p,
                               const struct va_token *t, const char *s)
{
	size_t n = strlen(s);
	if (t->len != n)
		return false;
	const char *w = p->src + t->start;
	for (size_t i = 0; i < n; i++)
		if (w[i] != s[i])
			return false;
	return true;
}
static inline bool va_is_ident(const struct va_parser *p,
                               const struct va_token *t, const char *s)
{
	return t->kind == VA_IDENT && va_token_is(p, t, s);
}
/* Index of the token's text among names[0..n-1], or -1 (a table
 * search: first bytes compared before anything else, no strlen). */
int va_token_in(const struct va_parser *p, const struct va_token *t,
                const char *const *names, unsigned n);
char *va_token_text(struct va_parser *p, const struct va_token *t);
/* Adjacent word: the tokens from the current one that touch each other
 * and spell [A-Za-z0-9_.]+; returns its length and sets *end_tok. */
size_t va_glued(const struct va_parser *p, size_t *end_tok);
bool va_at_stmt_end(const struct va_parser *p);

/* Symbols (visaasm_read.c). */
const struct va_sym *va_lookup(const struct va_parser *p, const char *name,
                               size_t len, bool labels_func,
                               bool labels_block);
const struct va_sym *va_lookup_tok(const struct va_parser *p,
                                   const struct va_token *t);
/* Declare name (len bytes) in the current scope.  The symbol keeps the
 * pointer: name must live as long as the module (its arena, or static
 * storage), which spares a copy per declaration. */
bool va_declare(struct va_parser *p, const struct va_token *at,
                const char *name, size_t len, enum va_sym_class cls,
                uint32_t index, bool unique);
uint32_t va_add_string(struct va_parser *p, const char *s);
/* The token's text into the pool; *copy (if not NULL) gets the pool's
 * copy, which lives as long as the module (a symbol name can be it). */
uint32_t va_add_token_text(struct va_parser *p, const struct va_token *t,
                           const char **copy);
/* Append to one of the routine's growable arrays: a zeroed element,
 * or (_raw) one the caller writes whole. */
void *va_push(struct va_parser *p, void **arr, uint32_t *count,
              uint32_t *cap, size_t elem);
void *va_push_raw(struct va_parser *p, void **arr, uint32_t *count,
                  uint32_t *cap, size_t elem);
/* n elements at once, none cleared (the split parse's join). */
void *va_push_n_raw(struct va_parser *p, void **arr, uint32_t *count,
                    uint32_t *cap, size_t elem, uint32_t n);
/* Label by name, created (block or subroutine kind) if missing. */
bool va_label_ref(struct va_parser *p, const struct va_token *at,
                  const char *name, size_t len, unsigned kind,
                  uint32_t *id);
/* Type of a general variable id (pre-defined ones included). */
unsigned va_var_type(const struct va_parser *p, uint32_t id);
uint32_t va_var_bytes(const struct va_parser *p, uint32_t id);
bool va_begin_routine(struct va_parser *p, bool kernel, const char *name);

/* visaasm_split.c: a big text's instructions on two threads
 * (docs/visa-text-format.md, "Parsing on two threads").  va_split_start
 * at a text's first instruction may start a helper on the second part;
 * va_split_join, when the parser reaches it, takes the instructions the
 * helper has finished and stops it; va_split_end waits for a helper
 * still running. */
void va_split_start(struct va_parser *p);
bool va_split_join(struct va_parser *p);
void va_split_end(struct va_parser *p);
bool va_split_guard_slow(struct va_parser *p);
/* Before a change to what a helper reads (symbols, variables, labels,
 * strings, scopes, attributes): false in a helper, which must stop
 * there; in the parser that started one, the helper is stopped and its
 * work dropped first.  One test when there is no helper. */
static inline bool va_split_guard(struct va_parser *p)
{
	return (!p->spec && !p->split) || va_split_guard_slow(p);
}
/* Instructions taken from helpers so far, all parses (tests). */
unsigned long va_split_merged(void);
/* Tests: 0 as in use; 1: a helper stalls after its 5th instruction and
 * the parser takes those 5 (a busy machine); 2: the parser takes all
 * the helper can do (an idle one). */
void va_split_test_mode(int mode);

/* visaasm_size.c: what va_emit learns of an instruction (its layout
 * walk: VA_HAS_* bits; its size in the complete binary layout,
 * visa_inst_size_ex with VISA_IO_SPEC), remembered by shape: the
 * opcode, the sub-opcode byte and the operands' kinds and sizes.  A NULL
 * memo (out of memory) remembers nothing.  va_emit keeps the size in
 * the instruction's offset field until va_layout turns sizes into
 * offsets (issue 12: a second walk over every operand at the end was
 * cache misses at 200k instructions). */
enum { VA_HAS_EXEC = 1, VA_HAS_PRED = 2, VA_HAS_SUBOP = 4 };
struct va_size_memo;
struct va_size_memo *va_size_memo_new(void);
void va_size_memo_free(struct va_size_memo *m);
/* What is remembered of the shape (opcode, sub-opcode byte as the
 * handler left it, ops[0..n-1]), or false. */
bool va_shape_get(struct va_size_memo *m, unsigned opcode, unsigned subop,
                  const struct vf_opnd *ops, unsigned n, unsigned *has,
                  uint32_t *size);
void va_shape_put(struct va_size_memo *m, unsigned opcode, unsigned subop,
                  const struct vf_opnd *ops, unsigned n, unsigned has,
                  uint32_t size);

/* visaasm_decl.c: directives and labels. */
bool va_directive(struct va_parser *p);
bool va_label_line(struct va_parser *p);
bool va_kernel_attr_num(struct va_parser *p, const char *name, uint32_t v);
bool va_file_loc(struct va_parser *p, const struct va_token *at, bool file);

/* visaasm_opnd.c: integer expressions and operands. */
bool va_int_expr(struct va_parser *p, int64_t *v);
bool va_int_nra(struct va_parser *p, int64_t *v);     /* no < > */
bool va_int_unary(struct va_parser *p, int64_t *v);
bool va_int_mul(struct va_parser *p, int64_t *v);
bool va_int_add(struct va_parser *p, int64_t *v);
bool va_int_prim(struct va_parser *p, int64_t *v);
bool va_starts_int(const struct va_parser *p);
bool va_exec_size(struct va_parser *p, uint8_t *exec);
/* va_next for a token that an execution size follows, when the next
 * va_exec_size reads it and nothing reads a token before: the size is
 * read from the text if it has the usual shape (va_lex_exec). */
const struct va_token *va_next_exec(struct va_parser *p);
bool va_predicate(struct va_parser *p, uint16_t *pred);
bool va_sat(struct va_parser *p);
/* '.' immediately followed by an identifier: consumes both. */
bool va_dot_word(struct va_parser *p, const struct va_token **word);
bool va_peek_dot_word(const struct va_parser *p, const char *w);

/* Operand kinds a position accepts (bit set). */
enum {
	VA_OK_GEN = 1, VA_OK_IND = 2, VA_OK_IMM = 4, VA_OK_ADDR = 8,
	VA_OK_AO = 16, VA_OK_STATE = 32, VA_OK_PRED = 64,
};
bool va_dst(struct va_parser *p, unsigned ok, struct vf_opnd *o);
bool va_src(struct va_parser *p, unsigned ok, struct vf_opnd *o);
bool va_raw(struct va_parser *p, bool allow_null, bool allow_bare,
            struct vf_opnd *o);
bool va_pred_var(struct va_parser *p, uint32_t *id);
bool va_var_name(struct va_parser *p, const struct va_sym **s,
                 const char *what);
bool va_surface(struct va_parser *p, struct vf_opnd *o);
bool va_sampler(struct va_parser *p, struct vf_opnd *o);
bool va_channels(struct va_parser *p, unsigned *mask);
bool va_imm(struct va_parser *p, struct vf_opnd *o);
/* VISA_TYPE_* of a type name (ud, d, ..., bf; any case), or -1. */
int va_type_code(const char *s, size_t n);
/* Code of an alignment name (byte ... wordx64, visaasm_decl.c), or -1. */
int va_align_code(const char *s, size_t n);
void va_other(struct vf_opnd *o, unsigned size, uint64_t v);
void va_imm_set(struct vf_opnd *o, unsigned type, uint64_t v);
/* Exec-size byte from a size in channels and an emask. */
uint8_t va_exec_byte(unsigned channels, unsigned emask);

/* visaasm_inst.c / visaasm_mem.c: instructions. */
/* One per parser, reused for every instruction (issue 12: no 2 KB
 * calloc an instruction): va_instruction zeroes the fields before ops
 * and the operands the previous instruction used (hw). */
struct va_inst_ctx {
	struct va_parser *p;
	const struct va_token *mn;   /* mnemonic token */
	struct vf_inst in;
	unsigned n;
	unsigned hw;                 /* operands handed out (va_op) */
	uint16_t pred;               /* parsed predicate word (0 = none) */
	bool has_pred_text;
	struct vf_opnd ops[64];      /* cleared as used: see above */
	/* Kept from one instruction to the next (after ops, out of the
	 * clearing): visaasm_inst.c's mnemonic rows by name, an open-
	 * addressing table of names packed into 8 bytes (each row's name
	 * has at most 8), built with the context; row -1: empty slot. */
	uint64_t row_key[256];
	int16_t row_idx[256];
};
bool va_instruction(struct va_parser *p);
/* Append the instruction to the routine (copies the operands); its
 * offset field holds its size until the routine is laid out. */
bool va_emit(struct va_inst_ctx *c);
struct vf_opnd *va_op(struct va_inst_ctx *c);
bool va_flow_instruction(struct va_inst_ctx *c, const char *mn, size_t len,
                         bool *handled);
bool va_mem_instruction(struct va_inst_ctx *c, const char *mn, size_t len,
                        bool *handled);
bool va_lsc_instruction(struct va_inst_ctx *c, const char *mn, size_t len,
                        bool *handled);

#endif
