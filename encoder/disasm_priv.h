/*
 * disasm_priv.h - shared pieces of the disassembler: the text buffer
 * with IGA's column padding (disasm_text.c) and operand printing
 * (disasm_opnd.c).
 */
#ifndef VISAFIN_DISASM_PRIV_H
#define VISAFIN_DISASM_PRIV_H

#include <string.h>

#include "err.h"
#include "gen.h"

struct dfmt {
	const struct plat_info *p;
	struct gen_text *t;
	size_t col;        /* start of the open column, or (size_t)-1 */
	size_t cap;        /* its width */
	size_t debt;       /* characters earlier columns overflowed by */
	/* what the operand printers ask of the instruction, found once */
	bool send;         /* send, sendc, sends, sendsc */
	bool branch;       /* gen_op_is_branch */
	bool typed_branch; /* jmpi, call, calla, ret, brd, brc */
	bool macro;        /* madm, math.invm, math.rsqtm */
	bool gen12;        /* the platform's encoding is Gen12 */
};

/* Fill the instruction facts of f for 'in'. */
void dis_facts(struct dfmt *f, const struct gen_inst *in);

void text_printf(struct gen_text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tx_printf(struct dfmt *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Make room for 'more' characters and the NUL after them; false when
 * out of memory (then t->oom is set). */
bool text_reserve(struct gen_text *t, size_t more);

/* The appends below run for every piece of every listed instruction:
 * inline, one room check each (the buffer grows ahead, so the check
 * nearly always passes), no printf.  They leave the text unterminated;
 * text_end() writes the NUL. */
static inline bool tx_room(struct gen_text *t, size_t n)
{
	return t->len + n < t->cap || text_reserve(t, n);
}

static inline void text_mem(struct gen_text *t, const char *s, size_t n)
{
	if (!tx_room(t, n))
		return;
	memcpy(t->s + t->len, s, n);
	t->len += n;
}

static inline void text_end(struct gen_text *t)
{
	if (t->s && t->len < t->cap)
		t->s[t->len] = 0;
}

static inline void tx_mem(struct dfmt *f, const char *s, size_t n)
{
	text_mem(f->t, s, n);
}

static inline void tx_puts(struct dfmt *f, const char *s)
{
	text_mem(f->t, s, strlen(s));
}

static inline void tx_putc(struct dfmt *f, char ch)
{
	struct gen_text *t = f->t;
	if (!tx_room(t, 1))
		return;
	t->s[t->len++] = ch;
}

static inline void tx_spaces(struct dfmt *f, size_t n)
{
	struct gen_text *t = f->t;
	if (!tx_room(t, n))
		return;
	memset(t->s + t->len, ' ', n);
	t->len += n;
}

/* The "%u" of v. */
void text_uint(struct gen_text *t, uint64_t v);
/* "%d"/"%lld" of v. */
void tx_int(struct dfmt *f, int64_t v);
/* "%X" of v, zero-padded to at least 'digits' digits ("%0*X"). */
void tx_hex(struct dfmt *f, uint64_t v, unsigned digits);

static inline void tx_uint(struct dfmt *f, unsigned v)
{
	if (v < 10)
		tx_putc(f, (char)('0' + v));
	else
		text_uint(f->t, v);
}

static inline void col_start(struct dfmt *f, size_t cap)
{
	f->col = f->t->len;
	f->cap = cap;
}

/* Pad the open column to its width, paying back earlier overflow. */
static inline void col_finish(struct dfmt *f)
{
	size_t used = f->t->len - f->col;
	if (used <= f->cap) {
		size_t pad = f->cap - used;
		size_t pay = f->debt < pad ? f->debt : pad;
		f->debt -= pay;
		tx_spaces(f, pad - pay);
	} else {
		f->debt += used - f->cap;
	}
	f->col = (size_t)-1;
}

/* Float formatting as IGA's FormatFloat (Floats.cpp). */
void fmt_f32(struct dfmt *f, uint32_t bits);
void fmt_f64(struct dfmt *f, uint64_t bits);
void fmt_f16(struct dfmt *f, uint16_t bits);

bool dis_is_send(const struct gen_inst *in);
bool dis_has_dst(const struct gen_inst *in);
void dis_dst(struct dfmt *f, const struct gen_inst *in);
void dis_src(struct dfmt *f, const struct gen_inst *in, unsigned s);

#endif
