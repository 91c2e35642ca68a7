/*
 * asm.c - Gen assembly in IGA syntax -> machine code ("visafin asm").
 *
 * Reads what "visafin disasm" and "iga64 -d" print: one instruction per
 * line, label lines "NAME:", "//" comments.  Two passes: parse every
 * line into a struct gen_inst (label operands by name) and lay out the
 * instructions (8 bytes with {Compacted}, 16 otherwise); then resolve
 * labels to offsets, encode (encode.c) and compact (compact.c) where the
 * text asks for it.  An instruction marked {Compacted} that has no
 * compacted form is an error, as in iga64.
 *
 * Implied parts (access mode of Gen8/9 3-src and macros, 3-src exec type,
 * SFID and EOT in a Gen8-11 ExDesc) are derived here; operand defaults in
 * asm_opnd.c.  Errors are "FILE:LINE:COL: what".
 *
 * Sources: IGC visa/iga/IGALibrary/Frontend/KernelParser.cpp (syntax);
 * the field meanings as in decode.c.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_priv.h"
#include "err.h"

bool asm_fail(struct actx *c, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	if (c->failed)
		return false;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	vf_err_line(c->err, c->name, c->at.lineno,
	            (unsigned)(c->at.s - c->at.line) + 1, "%s", msg);
	c->failed = true;
	return false;
}

void asm_ws(struct actx *c)
{
	while (*c->at.s == ' ' || *c->at.s == '\t' || *c->at.s == '\r')
		c->at.s++;
}

bool asm_accept(struct actx *c, const char *tok)
{
	size_t n = strlen(tok);
	asm_ws(c);
	if (strncmp(c->at.s, tok, n))
		return false;
	c->at.s += n;
	return true;
}

bool asm_expect(struct actx *c, const char *tok)
{
	return asm_accept(c, tok) || asm_fail(c, "'%s' expected", tok);
}

static bool ident_char(char ch, bool first)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       ch == '_' || (!first && ch >= '0' && ch <= '9');
}

bool asm_ident(struct actx *c, char *out, size_t cap)
{
	size_t n = 0;
	asm_ws(c);
	if (!ident_char(*c->at.s, true))
		return false;
	while (ident_char(*c->at.s, n == 0) && n + 1 < cap)
		out[n++] = *c->at.s++;
	out[n] = 0;
	return true;
}

bool asm_uint(struct actx *c, unsigned *v)
{
	char *end;
	asm_ws(c);
	if (*c->at.s < '0' || *c->at.s > '9')
		return asm_fail(c, "number expected");
	unsigned long x = strtoul(c->at.s, &end, 0);
	c->at.s = end;
	*v = (unsigned)x;
	return true;
}

bool asm_at_end(struct actx *c)
{
	asm_ws(c);
	return *c->at.s == 0;
}

/* ---- instruction head ------------------------------------------------ */

static bool parse_flag(struct actx *c, struct gen_inst *in)
{
	unsigned nr, sub;
	if (!asm_expect(c, "f") || !asm_uint(c, &nr) || !asm_expect(c, ".") ||
	    !asm_uint(c, &sub))
		return false;
	in->flag_nr = (uint8_t)nr;
	in->flag_sub = (uint8_t)sub;
	return true;
}

/* "(W)", "(W&~f0.1.any8h)", "(f1.0)" */
static bool parse_pred(struct actx *c, struct gen_inst *in)
{
	if (!asm_accept(c, "("))
		return true;
	if (asm_accept(c, "W")) {
		in->opts |= GEN_OPT_NOMASK;
		if (asm_accept(c, ")"))
			return true;
		if (!asm_expect(c, "&"))
			return false;
	}
	in->pred_inv = asm_accept(c, "~");
	if (!parse_flag(c, in))
		return false;
	in->pred = GEN_PRED_NORMAL;
	for (unsigned p = GEN_PRED_ANYV; p <= GEN_PRED_ALL32H; p++) {
		const char *nm = gen_pred_name(p);
		if (!strncmp(c->at.s, nm, strlen(nm)) &&
		    (c->at.s[strlen(nm)] == ')')) {
			c->at.s += strlen(nm);
			in->pred = (uint8_t)p;
		}
	}
	return asm_expect(c, ")");
}

static bool find_name(const char *(*name)(unsigned), unsigned n,
                      const char *s, uint8_t *out)
{
	for (unsigned i = 0; i < n; i++) {
		const char *nm = name(i);
		if (nm && !strcmp(nm, s)) {
			*out = (uint8_t)i;
			return true;
		}
	}
	return false;
}

static bool parse_subfn(struct actx *c, struct gen_inst *in, const char *sub)
{
	bool ok = true;
	if (in->op == GEN_OP_MATH)
		ok = find_name(gen_math_name, 16, sub, &in->fc);
	else if (in->op == GEN_OP_SYNC)
		ok = find_name(gen_sync_name, 16, sub, &in->fc);
	else if ((in->op == GEN_OP_SEND || in->op == GEN_OP_SENDC) &&
	         c->p->caps.sfid_in_inst)
		ok = find_name(gen_sfid_name, 16, sub, &in->sfid);
	else if (!strcmp(sub, "b") && (gen_op_table[in->op].attrs & GEN_OA_BRCTL))
		in->opts |= GEN_OPT_BRANCHCTRL;
	else
		ok = false;
	return ok || asm_fail(c, "unknown function '.%s'", sub);
}

static bool parse_mnemonic(struct actx *c, struct gen_inst *in)
{
	char mn[ASM_NAME_MAX], sub[ASM_NAME_MAX];
	if (!asm_ident(c, mn, sizeof(mn)))
		return asm_fail(c, "mnemonic expected");
	in->op = GEN_OP_INVALID;
	for (unsigned i = 0; i < GEN_OP_COUNT; i++)
		if (gen_op_table[i].hw[c->e] >= 0 &&
		    !strcmp(gen_op_table[i].mnemonic, mn))
			in->op = (uint16_t)i;
	if (in->op == GEN_OP_INVALID)
		return asm_fail(c, "'%s' is not a %s instruction", mn, c->p->name);
	if (*c->at.s == '.') {
		c->at.s++;
		if (!asm_ident(c, sub, sizeof(sub)) || !parse_subfn(c, in, sub))
			return asm_fail(c, "bad function after '%s'", mn);
	}
	in->exec_size = 1;
	bool implicit_em = in->op == GEN_OP_SYNC || in->op == GEN_OP_NOP ||
	                   in->op == GEN_OP_ILLEGAL || in->op == GEN_OP_JMPI ||
	                   in->op == GEN_OP_WAIT;
	if (!implicit_em && asm_accept(c, "(")) {
		unsigned es, off;
		if (!asm_uint(c, &es) || !asm_expect(c, "|") || !asm_expect(c, "M") ||
		    !asm_uint(c, &off) || !asm_expect(c, ")"))
			return false;
		in->exec_size = (uint8_t)es;
		in->chan_off = (uint8_t)off;
	}
	return true;
}

static bool parse_cmod(struct actx *c, struct gen_inst *in)
{
	char name[16];
	const char *save = c->at.s;
	if (!asm_accept(c, "("))
		return true;
	if (!asm_ident(c, name, sizeof(name)) || !asm_accept(c, ")") ||
	    !strcmp(name, "sat") || !strcmp(name, "abs")) {
		c->at.s = save;  /* an operand such as "(sat)r2" or "(abs)r2" */
		return true;
	}
	if (!strcmp(name, "eo"))
		in->cmod = GEN_CMOD_EO;
	else if (!find_name(gen_cmod_name, 10, name, &in->cmod))
		return asm_fail(c, "unknown condition (%s)", name);
	return parse_flag(c, in);
}

/* ---- options ---------------------------------------------------------- */

static bool parse_swsb(struct actx *c, struct gen_inst *in)
{
	unsigned v;
	if (asm_accept(c, "@")) {
		if (!asm_uint(c, &v))
			return false;
		in->swsb.has_dist = true;
		in->swsb.dist = (uint8_t)v;
		return true;
	}
	if (!asm_expect(c, "$") || !asm_uint(c, &v))
		return false;
	in->swsb.sbid = (uint8_t)v;
	in->swsb.mode = asm_accept(c, ".dst") ? GEN_SBID_DST
	                : asm_accept(c, ".src") ? GEN_SBID_SRC : GEN_SBID_SET;
	return true;
}

static bool parse_opts(struct actx *c, struct gen_inst *in)
{
	static const struct { const char *name; uint32_t bit; } names[] = {
		{ "AccWrEn", GEN_OPT_ACCWREN }, { "Atomic", GEN_OPT_ATOMIC },
		{ "Breakpoint", GEN_OPT_BREAKPOINT },
		{ "Compacted", GEN_OPT_COMPACTED }, { "EOT", GEN_OPT_EOT },
		{ "NoDDChk", GEN_OPT_NODDCHK }, { "NoDDClr", GEN_OPT_NODDCLR },
		{ "NoPreempt", GEN_OPT_NOPREEMPT },
		{ "NoSrcDepSet", GEN_OPT_NOSRCDEPSET }, { "Switch", GEN_OPT_SWITCH },
		{ "Serialize", GEN_OPT_SERIALIZE },
	};
	if (!asm_accept(c, "{"))
		return true;
	do {
		char id[ASM_NAME_MAX];
		asm_ws(c);
		if (*c->at.s == '@' || *c->at.s == '$') {
			if (!parse_swsb(c, in))
				return false;
			continue;
		}
		if (!asm_ident(c, id, sizeof(id)))
			return asm_fail(c, "option expected");
		size_t i = 0;
		for (; i < sizeof(names) / sizeof(names[0]); i++)
			if (!strcmp(names[i].name, id))
				break;
		if (i == sizeof(names) / sizeof(names[0]))
			return asm_fail(c, "unknown option {%s}", id);
		in->opts |= names[i].bit;
	} while (asm_accept(c, ","));
	return asm_expect(c, "}");
}

/* ---- operands by format ------------------------------------------------ */

static unsigned basic_nsrc(const struct actx *c, const struct gen_inst *in)
{
	switch (gen_op_table[in->op].fmt) {
	case GEN_FMT_BINARY:
		return 2;
	case GEN_FMT_MATH:
		return gen_math_nsrc(in->fc);
	case GEN_FMT_TERNARY:
		return 3;
	default:
		return in->op == GEN_OP_MOVI && c->p->caps.movi_two_srcs ? 2 : 1;
	}
}

static bool parse_send(struct actx *c, struct gen_inst *in)
{
	bool binary = gen_op_table[in->op].fmt == GEN_FMT_SENDS ||
	              (c->p->caps.split_send && !c->p->caps.sends_opcode);
	in->nsrc = binary ? 2 : 1;
	if (!asm_dst(c) || !asm_src(c, 0) || (binary && !asm_src(c, 1)) ||
	    !asm_send_desc(c, &in->exdesc) || !asm_send_desc(c, &in->desc))
		return false;
	if (!c->p->caps.sfid_in_inst && !in->exdesc.is_reg)
		in->sfid = (uint8_t)(in->exdesc.imm & 0xF);
	return true;
}

static bool parse_branch(struct actx *c, struct gen_inst *in)
{
	enum gen_fmt f = (enum gen_fmt)gen_op_table[in->op].fmt;
	in->nsrc = f == GEN_FMT_JMP_JIP_UIP ? 2 : 1;
	if (f == GEN_FMT_CALL && !asm_dst(c))
		return false;
	if (!asm_src(c, 0))
		return false;
	if (f == GEN_FMT_BRC) {
		/* two labels, or one register (IGA's source count); a "null"
		 * after the register is accepted and dropped */
		if (in->src[0].kind == GEN_OPND_LABEL) {
			in->nsrc = 2;
			return asm_src(c, 1);
		}
		asm_ws(c);
		if (!strncmp(c->at.s, "null", 4) && !asm_src(c, 1))
			return false;
		memset(&in->src[1], 0, sizeof(in->src[1]));
		return true;
	}
	return in->nsrc < 2 || asm_src(c, 1);
}

static bool parse_operands(struct actx *c, struct gen_inst *in)
{
	switch (gen_op_table[in->op].fmt) {
	case GEN_FMT_NULLARY:
		return true;
	case GEN_FMT_SEND: case GEN_FMT_SENDS:
		return parse_send(c, in);
	case GEN_FMT_WAIT:
		in->nsrc = 1;
		return asm_src(c, 0);
	case GEN_FMT_SYNC:
		in->nsrc = 1;
		asm_ws(c);
		return *c->at.s == '(' ? asm_sync_list(c) : asm_src(c, 0);
	case GEN_FMT_UNARY: case GEN_FMT_BINARY: case GEN_FMT_MATH:
	case GEN_FMT_TERNARY:
		in->nsrc = (uint8_t)basic_nsrc(c, in);
		if (!asm_dst(c))
			return false;
		for (unsigned s = 0; s < in->nsrc; s++)
			if (!asm_src(c, s))
				return false;
		return true;
	default:
		return parse_branch(c, in);
	}
}

/* Parts the syntax implies. */
static void derive(struct actx *c, struct gen_inst *in)
{
	bool macro = in->op == GEN_OP_MADM ||
	             (in->op == GEN_OP_MATH && (in->fc == GEN_MATH_INVM ||
	                                        in->fc == GEN_MATH_RSQTM));
	uint8_t fmt = gen_op_table[in->op].fmt;
	if (gen_has_field(c->e, GEN_F_ACCESS_MODE) &&
	    (fmt == GEN_FMT_TERNARY || macro))
		in->access = GEN_ALIGN16;
	if (fmt == GEN_FMT_TERNARY)
		in->exec_type = gen_type_is_float((enum gen_type)in->dst.type);
	in->length = in->opts & GEN_OPT_COMPACTED ? 8 : 16;
}

static bool parse_inst(struct actx *c, struct gen_inst *in)
{
	memset(in, 0, sizeof(*in));
	c->in = in;
	c->label[0][0] = c->label[1][0] = 0;
	asm_ws(c);
	if (!parse_pred(c, in) || !parse_mnemonic(c, in) || !parse_cmod(c, in) ||
	    !parse_operands(c, in) || !parse_opts(c, in))
		return false;
	if (!asm_at_end(c))
		return asm_fail(c, "unexpected text");
	derive(c, in);
	return true;
}

/* ---- kernel ------------------------------------------------------------ */

struct label_def {
	char name[ASM_NAME_MAX];
	uint32_t pc;
};

struct line_info {
	char label[2][ASM_NAME_MAX];
	unsigned lineno;
};

struct kernel {
	struct gen_inst *insts;
	struct line_info *lines;
	size_t n, cap, capln;
	struct label_def *labels;
	size_t nl, capl;
	uint32_t pc;
};

static bool grow(void **p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	size_t nc = *cap ? *cap * 2 : 64;
	while (nc < need)
		nc *= 2;
	void *q = realloc(*p, nc * elem);
	if (!q)
		return false;
	*p = q;
	*cap = nc;
	return true;
}

/* "NAME:" alone on a line */
static bool label_line(const char *s, char *name, size_t cap)
{
	size_t n = 0;
	while (*s == ' ' || *s == '\t')
		s++;
	if (!ident_char(*s, true))
		return false;
	while (ident_char(s[n], n == 0) && n + 1 < cap)
		n++;
	const char *t = s + n;
	if (*t != ':')
		return false;
	for (t++; *t == ' ' || *t == '\t' || *t == '\r'; t++)
		;
	if (*t)
		return false;
	memcpy(name, s, n);
	name[n] = 0;
	return true;
}

static enum vf_status add_line(struct actx *c, struct kernel *k, char *line)
{
	char *cm = strstr(line, "//");
	char name[ASM_NAME_MAX];
	if (cm)
		*cm = 0;
	c->at.s = c->at.line = line;
	asm_ws(c);
	if (!*c->at.s)
		return VF_OK;
	if (label_line(line, name, sizeof(name))) {
		if (!grow((void **)&k->labels, &k->capl, k->nl + 1, sizeof(*k->labels)))
			return vf_err_oom(c->err);
		memcpy(k->labels[k->nl].name, name, sizeof(name));
		k->labels[k->nl++].pc = k->pc;
		return VF_OK;
	}
	if (!grow((void **)&k->insts, &k->cap, k->n + 1, sizeof(*k->insts)) ||
	    !grow((void **)&k->lines, &k->capln, k->n + 1, sizeof(*k->lines)))
		return vf_err_oom(c->err);
	struct gen_inst *in = &k->insts[k->n];
	if (!parse_inst(c, in))
		return VF_ERR_INPUT;
	in->pc = k->pc;
	memcpy(k->lines[k->n].label, c->label, sizeof(c->label));
	k->lines[k->n].lineno = c->at.lineno;
	k->pc += in->length;
	k->n++;
	return VF_OK;
}

static enum vf_status resolve(struct actx *c, struct kernel *k)
{
	for (size_t i = 0; i < k->n; i++) {
		for (unsigned s = 0; s < 2; s++) {
			const char *nm = k->lines[i].label[s];
			if (!nm[0])
				continue;
			size_t j = 0;
			for (; j < k->nl && strcmp(k->labels[j].name, nm); j++)
				;
			if (j == k->nl)
				return vf_err_line(c->err, c->name, k->lines[i].lineno, 1,
				                   "undefined label %s", nm);
			k->insts[i].src[s].imm = k->labels[j].pc;
		}
	}
	return VF_OK;
}

static enum vf_status emit(struct actx *c, struct kernel *k, uint8_t *out)
{
	for (size_t i = 0; i < k->n; i++) {
		const struct gen_inst *in = &k->insts[i];
		struct gen_bits b, cb = { { 0, 0 } };
		struct vf_error e = { 0 };
		if (gen_encode(c->p, in, &b, &e) != VF_OK)
			return vf_err_line(c->err, c->name, k->lines[i].lineno, 1, "%s",
			                   e.msg);
		if (in->length == 8) {
			if (!gen_compact(c->p, &b, &cb))
				return vf_err_line(c->err, c->name, k->lines[i].lineno, 1,
				                   "no compacted form of this instruction");
			b = cb;
		}
		for (unsigned j = 0; j < in->length; j++)
			out[in->pc + j] = (uint8_t)(b.w[j / 8] >> (8 * (j % 8)));
	}
	return VF_OK;
}

enum vf_status gen_assemble(const struct plat_info *p, const char *text,
                            size_t len, const char *name, uint8_t **out,
                            size_t *size, struct vf_error *err)
{
	struct actx c = { .p = p, .e = p->enc, .name = name, .err = err };
	struct kernel k = { 0 };
	char *buf = malloc(len + 1);
	enum vf_status st = VF_OK;
	if (!buf)
		return vf_err_oom(err);
	memcpy(buf, text, len);
	buf[len] = 0;
	for (char *line = buf; line && st == VF_OK;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		c.at.lineno++;
		st = add_line(&c, &k, line);
		line = nl ? nl + 1 : NULL;
	}
	uint8_t *bytes = NULL;
	if (st == VF_OK)
		st = resolve(&c, &k);
	if (st == VF_OK && !(bytes = calloc(1, k.pc ? k.pc : 1)))
		st = vf_err_oom(err);
	if (st == VF_OK)
		st = emit(&c, &k, bytes);
	free(buf);
	free(k.insts);
	free(k.lines);
	free(k.labels);
	if (st != VF_OK) {
		free(bytes);
		return st;
	}
	*out = bytes;
	*size = k.pc;
	return VF_OK;
}
