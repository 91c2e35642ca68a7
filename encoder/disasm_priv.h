/*
 * disasm_priv.h - shared pieces of the disassembler: the text buffer
 * with IGA's column padding (disasm_text.c) and operand printing
 * (disasm_opnd.c).
 */
#ifndef VISAFIN_DISASM_PRIV_H
#define VISAFIN_DISASM_PRIV_H

#include "err.h"
#include "gen.h"

struct dfmt {
	const struct plat_info *p;
	struct gen_text *t;
	size_t col;        /* start of the open column, or (size_t)-1 */
	size_t cap;        /* its width */
	size_t debt;       /* characters earlier columns overflowed by */
};

void text_printf(struct gen_text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tx_printf(struct dfmt *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tx_puts(struct dfmt *f, const char *s);
void tx_putc(struct dfmt *f, char ch);
void tx_uint(struct dfmt *f, unsigned v);
void tx_spaces(struct dfmt *f, size_t n);
void col_start(struct dfmt *f, size_t cap);
void col_finish(struct dfmt *f);

/* Float formatting as IGA's FormatFloat (Floats.cpp). */
void fmt_f32(struct dfmt *f, uint32_t bits);
void fmt_f64(struct dfmt *f, uint64_t bits);
void fmt_f16(struct dfmt *f, uint16_t bits);

bool dis_is_send(const struct gen_inst *in);
bool dis_has_dst(const struct gen_inst *in);
void dis_dst(struct dfmt *f, const struct gen_inst *in);
void dis_src(struct dfmt *f, const struct gen_inst *in, unsigned s);

#endif
