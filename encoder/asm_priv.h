/*
 * asm_priv.h - state shared by the assembler's files (asm.c: lines,
 * instruction head, labels, layout; asm_opnd.c: operands).
 */
#ifndef VISAFIN_ASM_PRIV_H
#define VISAFIN_ASM_PRIV_H

#include "gen.h"

#define ASM_NAME_MAX 64

struct apos {
	const char *s;     /* current character */
	const char *line;  /* start of the line */
	unsigned lineno;
};

struct actx {
	const struct plat_info *p;
	enum gen_enc e;
	const char *name;          /* file name for messages */
	struct apos at;
	struct vf_error *err;
	bool failed;
	struct gen_inst *in;       /* instruction being parsed */
	char label[2][ASM_NAME_MAX];  /* label names of src0/src1 */
};

/* Report an error at the cursor; returns false. */
bool asm_fail(struct actx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void asm_ws(struct actx *c);
bool asm_accept(struct actx *c, const char *tok);
bool asm_expect(struct actx *c, const char *tok);
bool asm_ident(struct actx *c, char *out, size_t cap);
bool asm_uint(struct actx *c, unsigned *v);
bool asm_at_end(struct actx *c);

/* Operands of the current instruction. */
bool asm_dst(struct actx *c);
bool asm_src(struct actx *c, unsigned s);
bool asm_send_desc(struct actx *c, struct gen_desc *d);
bool asm_sync_list(struct actx *c);

#endif
