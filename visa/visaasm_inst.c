/*
 * visaasm_inst.c - instructions of vISA assembly: dispatch by mnemonic,
 * the ALU, move, compare and logic families, dpas, and the emission of a parsed instruction into the routine.
 *
 * Each handler reads the operands in text order and stores them in the
 * instruction in binary order (visa_ops.c's layouts, docs/
 * visa-binary-instructions.md), with the values Intel's text-to-binary
 * conversion gives them (BuildCISAIRImpl.cpp / VISAKernelImpl.cpp of IGC
 * 1.0.12504.6): e.g. jmp always gets execution size (M1, 1), a move from
 * a predicate gets (M1_NM, 1), min/max become fminmax with a selector
 * byte and lose their predicate.  va_emit() checks every instruction
 * against its binary layout, so a handler cannot drift from the reader.
 * Control flow and synchronisation are in visaasm_flow.c, memory and
 * sampler instructions in visaasm_mem.c, LSC in visaasm_lsc.c.
 *
 * Spec: shared/spec/visa/6_instructions.md and the instructions/ folder,
 * 8_appendix_visa_assembly_syntax.md.
 */
#include "visaasm_read.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

/* ---- emission ---- */

struct vf_opnd *va_op(struct va_inst_ctx *c)
{
	if (c->n >= sizeof c->ops / sizeof c->ops[0])
		c->n = sizeof c->ops / sizeof c->ops[0] - 1;
	struct vf_opnd *o = &c->ops[c->n++];
	memset(o, 0, sizeof *o);
	if (c->n > c->hw)
		c->hw = c->n;
	return o;
}

struct va_walk {
	struct va_inst_ctx *c;
	unsigned version, k;
	uint64_t count, flags;
	const char *bad;  /* what the layout wanted where it failed */
	bool values;      /* the layout read an operand's value (a count,
	                   * flags, the first field): not by shape alone */
};

/* Operand k must be of 'kind' (and 'size' bytes for plain integers). */
static bool va_want(struct va_walk *w, unsigned kind, unsigned size,
                    uint64_t *val)
{
	const struct vf_opnd *o = w->k < w->c->n ? &w->c->ops[w->k] : NULL;
	if (!o || o->kind != kind || (kind == VF_OPND_OTHER && o->size != size)) {
		w->bad = kind == VF_OPND_VECTOR ? "a vector operand" :
		         kind == VF_OPND_RAW ? "a raw operand" : "an integer field";
		return false;
	}
	if (val)
		*val = o->u.other;
	w->k++;
	return true;
}

static bool va_walk_layout(struct va_walk *w, const char *l);

static bool va_walk_field(struct va_walk *w, char f)
{
	struct va_inst_ctx *c = w->c;
	unsigned v = w->version;
	uint64_t first = c->n && c->ops[0].kind == VF_OPND_OTHER
	                 ? c->ops[0].u.other : 0;
	switch (f) {
	case 'E': c->in.has_exec = true; return true;
	case 'P': c->in.has_pred = true; return true;
	case 'S': {
		c->in.has_subop = true;
		const char *sl = visa_subop_layout(c->in.opcode, c->in.subop);
		if (!sl) {
			w->bad = "a valid sub-opcode";
			return false;
		}
		return va_walk_layout(w, sl);
	}
	case 'b': return va_want(w, VF_OPND_OTHER, 1, NULL);
	case 'w': return va_want(w, VF_OPND_OTHER, 2, NULL);
	case 'd': return va_want(w, VF_OPND_OTHER, 4, NULL);
	case 'q': return va_want(w, VF_OPND_OTHER, 8, NULL);
	case 'i': return va_want(w, VF_OPND_OTHER, vf_decl_width(v), NULL);
	case 'n': return va_want(w, VF_OPND_OTHER, 1, &w->count);
	case 'F': return va_want(w, VF_OPND_OTHER, 2, &w->flags);
	case 'o': return va_want(w, VF_OPND_OTHER, v >= 0x0400 ? 2 : 1, NULL);
	case 'v': return va_want(w, VF_OPND_VECTOR, 0, NULL);
	case 'r': return va_want(w, VF_OPND_RAW, 0, NULL);
	case 'a': return v >= 0x0304 ? va_want(w, VF_OPND_VECTOR, 0, NULL)
	                             : va_want(w, VF_OPND_OTHER, 2, NULL);
	case 'f': return v > 0x0305 ? va_want(w, VF_OPND_OTHER, 1, NULL) : true;
	case 'm': return v >= 0x0301 ? va_want(w, VF_OPND_VECTOR, 0, NULL) : true;
	case 'L':
		w->values = true;
		return first == 10 ? va_want(w, VF_OPND_RAW, 0, NULL) : true;
	default: return true;
	}
}

static bool va_walk_layout(struct va_walk *w, const char *l)
{
	while (*l) {
		uint64_t times = 1;
		if (*l == '*') {
			times = w->count;
			w->values = true;
			l++;
		} else if (*l == '?') {
			w->values = true;
			char h = l[1];
			unsigned bit = (unsigned)(h <= '9' ? h - '0' : h - 'a' + 10);
			times = (w->flags >> bit) & 1;
			l += 2;
		}
		for (uint64_t k = 0; k < times; k++)
			if (!va_walk_field(w, *l))
				return false;
		l++;
	}
	return true;
}

/* Check the operands against the instruction's binary layout (which
 * also says whether it has an exec size, a predicate, a sub-opcode)
 * and find its size; both by shape from the memo when it can
 * (visaasm_size.c). */
static bool va_walk_inst(struct va_inst_ctx *c, unsigned version,
                         uint32_t *size)
{
	struct va_parser *p = c->p;
	unsigned opcode = c->in.opcode, subop = c->in.subop, has;
	if (va_shape_get(p->sizes, opcode, subop, c->ops, c->n, &has, size)) {
		c->in.has_exec = has & VA_HAS_EXEC;
		c->in.has_pred = has & VA_HAS_PRED;
		c->in.has_subop = has & VA_HAS_SUBOP;
		return true;
	}
	struct va_walk w = { .c = c, .version = version };
	const char *l = visa_op_layout(c->in.opcode, version);
	c->in.has_exec = c->in.has_pred = c->in.has_subop = false;
	if (!l || !va_walk_layout(&w, l) || w.k != c->n) {
		const struct visa_op_info *oi = visa_op_info(c->in.opcode);
		vf_err_line(p->err, p->file, c->mn->line, c->mn->col,
		            "internal error: operand %u of '%s' does not match "
		            "the binary layout (expected %s)", w.k,
		            oi ? oi->name : "?", w.bad ? w.bad : "fewer operands");
		p->err->status = VF_ERR_INTERNAL;
		return false;
	}
	/* The size as the instruction will be stored (va_emit). */
	struct vf_inst in = c->in;
	if (!in.has_exec)
		in.exec = 0;
	if (!in.has_subop)
		in.subop = 0;
	in.pred = in.has_pred ? c->pred : 0;
	in.nopnds = (uint16_t)c->n;
	in.opnds = c->ops;
	/* No instruction comes near 4 GB; the clamp only keeps the sum of
	 * the sizes from shrinking. */
	size_t n = visa_inst_size_ex(version, &in, VISA_IO_SPEC);
	*size = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
	has = (c->in.has_exec ? VA_HAS_EXEC : 0) |
	      (c->in.has_pred ? VA_HAS_PRED : 0) |
	      (c->in.has_subop ? VA_HAS_SUBOP : 0);
	if (!w.values)
		va_shape_put(p->sizes, opcode, subop, c->ops, c->n, has, *size);
	return true;
}

bool va_emit(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	uint32_t size;
	if (!va_walk_inst(c, vf_version(p->m), &size))
		return false;
	if (!c->in.has_exec)
		c->in.exec = 0;
	c->in.pred = c->in.has_pred ? c->pred : 0;
	if (!c->in.has_subop)
		c->in.subop = 0;
	c->in.line = c->mn->line;
	c->in.nopnds = (uint16_t)c->n;
	/* Offsets past 4 GB wrap; va_layout then refuses the routine. */
	c->in.offset = (uint32_t)p->rt->code_size;
	p->rt->code_size += size;
	if (c->n) {
		c->in.opnds = vf_arena_memdup(p->a, c->ops, c->n * sizeof c->ops[0]);
		if (!c->in.opnds)
			return va_oom(p);
	}
	struct va_routine *rt = p->rt;
	struct vf_inst *in = va_push_raw(p, (void **)&rt->r.insts,
	                                 &rt->r.inst_count, &rt->inst_cap,
	                                 sizeof *in);
	if (!in)
		return false;
	*in = c->in;
	return true;
}

/* ---- row table ---- */

enum {
	VA_F_NOSAT = 2,     /* logic ops: .sat is an error */
	VA_F_PREDVARS = 4,  /* and/or/xor/not also work on predicates */
	VA_F_LINE = 8,      /* src0 may not be immediate or indirect */
};

struct va_row;
typedef bool (*va_handler)(struct va_inst_ctx *c, const struct va_row *r);

struct va_row {
	const char *name;
	uint8_t opcode;
	uint8_t nsrc;
	uint8_t flags;
	va_handler fn;
};

static bool va_no_pred(struct va_inst_ctx *c)
{
	if (!c->has_pred_text)
		return true;
	return va_fail(c->p, c->mn, "an instruction that takes a predicate");
}

/* ---- ALU ---- */

static bool va_pred_operand(struct va_inst_ctx *c)
{
	uint32_t id;
	if (!va_pred_var(c->p, &id))
		return false;
	struct vf_opnd *o = va_op(c);
	o->kind = VF_OPND_VECTOR;
	o->u.vec.tag = VISA_CLASS_PREDICATE;
	o->u.vec.u.pred.id = (uint16_t)(id & 0xFFF);
	return true;
}

static bool va_is_pred_name(const struct va_parser *p)
{
	const struct va_token *t = va_peek(p);
	const struct va_sym *s = (t->kind == VA_IDENT || t->kind == VA_BUILTIN)
	                         ? va_lookup_tok(p, t) : NULL;
	return s && s->cls == VA_SYM_PREDICATE;
}

/* and/or/xor/not P1 P2 [P3]: .sat is dropped; a predicate is an error
 * (AND.md: on predicates "<pred> must be zero"), not dropped. */
static bool va_alu_predvars(struct va_inst_ctx *c, const struct va_row *r)
{
	if (r->opcode != VISA_OP_AND && r->opcode != VISA_OP_OR &&
	    r->opcode != VISA_OP_XOR && r->opcode != VISA_OP_NOT)
		return va_fail(c->p, va_peek(c->p), "a general operand (only "
		               "and, or, xor, not work on predicates)");
	if (!va_no_pred(c))
		return false;
	for (unsigned i = 0; i <= r->nsrc; i++)
		if (!va_pred_operand(c))
			return false;
	return va_emit(c);
}

static bool va_h_alu(struct va_inst_ctx *c, const struct va_row *r)
{
	struct va_parser *p = c->p;
	bool sat = va_sat(p);
	if (sat && (r->flags & VA_F_NOSAT))
		return va_fail(p, c->mn, "a logic operation without .sat (only "
		               "shl, shr and asr saturate)");
	if (!va_exec_size(p, &c->in.exec))
		return false;
	if ((r->flags & VA_F_PREDVARS) && va_is_pred_name(p))
		return va_alu_predvars(c, r);
	struct vf_opnd *d = va_op(c);
	if (!va_dst(p, VA_OK_GEN | VA_OK_IND, d))
		return false;
	if (sat)
		d->u.vec.tag |= VISA_MOD_SAT << 3;
	for (unsigned i = 0; i < r->nsrc; i++) {
		const struct va_token *t = va_peek(p);
		struct vf_opnd *s = va_op(c);
		if (!va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, s))
			return false;
		unsigned cls = s->u.vec.tag & 7;
		if (i == 0 && (r->flags & VA_F_LINE) &&
		    (cls == VISA_CLASS_IMMEDIATE || cls == VISA_CLASS_INDIRECT))
			return va_fail(p, t, "a general src0 for line");
	}
	return va_emit(c);
}

/* addc/subb: dst, carry/borrow dst, two sources. */
static bool va_h_alu2(struct va_inst_ctx *c, const struct va_row *r)
{
	struct va_parser *p = c->p;
	(void)r;
	if (!va_exec_size(p, &c->in.exec) ||
	    !va_dst(p, VA_OK_GEN | VA_OK_IND, va_op(c)) ||
	    !va_dst(p, VA_OK_GEN | VA_OK_IND, va_op(c)) ||
	    !va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)) ||
	    !va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)))
		return false;
	return va_emit(c);
}

/* min/max -> fminmax: selector byte; no predicate in the binary, so a
 * written one is an error (MIN_MAX.md's format), not dropped. */
static bool va_h_minmax(struct va_inst_ctx *c, const struct va_row *r)
{
	struct va_parser *p = c->p;
	bool sat = va_sat(p);
	c->in.opcode = VISA_OP_FMINMAX;
	if (!va_no_pred(c))
		return false;
	va_other(va_op(c), 1, r->nsrc);  /* 0 min, 1 max */
	if (!va_exec_size(p, &c->in.exec))
		return false;
	struct vf_opnd *d = va_op(c);
	if (!va_dst(p, VA_OK_GEN | VA_OK_IND, d))
		return false;
	if (sat)
		d->u.vec.tag |= VISA_MOD_SAT << 3;
	if (!va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)) ||
	    !va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)))
		return false;
	return va_emit(c);
}

static bool va_h_mov(struct va_inst_ctx *c, const struct va_row *r)
{
	struct va_parser *p = c->p;
	(void)r;
	bool sat = va_sat(p);
	if (!va_exec_size(p, &c->in.exec))
		return false;
	struct vf_opnd *d = va_op(c);
	if (!va_dst(p, VA_OK_GEN | VA_OK_IND | VA_OK_ADDR, d))
		return false;
	bool addr_dst = (d->u.vec.tag & 7) == VISA_CLASS_ADDRESS;
	if (!addr_dst && va_is_pred_name(p)) {
		/* A move from a predicate: (M1_NM, 1), no predicate, no .sat. */
		c->in.exec = va_exec_byte(1, 8);
		if (!va_no_pred(c))
			return false;
		if (!va_pred_operand(c))
			return false;
		return va_emit(c);
	}
	if (sat)
		d->u.vec.tag |= VISA_MOD_SAT << 3;
	if (!va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM | VA_OK_ADDR | VA_OK_AO,
	            va_op(c)))
		return false;
	return va_emit(c);
}

static bool va_h_fcvt(struct va_inst_ctx *c, const struct va_row *r)
{
	struct va_parser *p = c->p;
	(void)r;
	if (!va_no_pred(c))
		return false;
	bool sat = va_sat(p);
	struct vf_opnd *d;
	if (!va_exec_size(p, &c->in.exec) || !va_dst(p, VA_OK_GEN, d = va_op(c)))
		return false;
	if (sat)
		d->u.vec.tag |= VISA_MOD_SAT << 3;
	return va_src(p, VA_OK_GEN | VA_OK_IMM, va_op(c)) && va_emit(c);
}

static bool va_h_setp(struct va_inst_ctx *c, const struct va_row *r)
{
	(void)r;
	return va_no_pred(c) && va_exec_size(c->p, &c->in.exec) &&
	       va_pred_operand(c) &&
	       va_src(c->p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)) &&
	       va_emit(c);
}

static bool va_h_cmp(struct va_inst_ctx *c, const struct va_row *r)
{
	static const char *const conds[] = { "eq", "ne", "gt", "ge", "lt", "le" };
	struct va_parser *p = c->p;
	(void)r;
	if (!va_no_pred(c))
		return false;
	unsigned rel = 6;  /* ISA_CMP_UNDEF when no condition is given */
	const struct va_token *w = va_peek_at(p, 1);
	if (va_is_punct(va_peek(p), '.') && w->kind == VA_IDENT &&
	    !w->space_before) {
		va_next(p);
		/* Only lower case: Intel's lexer rejects .EQ and friends. */
		for (unsigned i = 0; i < 6; i++)
			if (va_token_is(p, w, conds[i]))
				rel = i;
		if (rel == 6)
			return va_fail(p, va_next(p), "a condition (.eq .ne "
			               ".gt .ge .lt .le)");
		va_next_exec(p);  /* the size is read next */
	}
	va_other(va_op(c), 1, rel);
	if (!va_exec_size(p, &c->in.exec))
		return false;
	if (va_is_pred_name(p)) {
		if (!va_pred_operand(c))
			return false;
	} else if (!va_dst(p, VA_OK_GEN | VA_OK_IND, va_op(c))) {
		return false;
	}
	return va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)) &&
	       va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)) &&
	       va_emit(c);
}

static bool va_h_movs(struct va_inst_ctx *c, const struct va_row *r)
{
	struct va_parser *p = c->p;
	(void)r;
	if (!va_no_pred(c) || !va_exec_size(p, &c->in.exec))
		return false;
	struct vf_opnd *d = va_op(c);
	if (!va_dst(p, VA_OK_GEN | VA_OK_STATE, d))
		return false;
	bool dst_state = (d->u.vec.tag & 7) == VISA_CLASS_STATE;
	const struct va_token *t = va_peek(p);
	struct vf_opnd *s = va_op(c);
	if (!va_src(p, VA_OK_STATE | (dst_state ? VA_OK_GEN | VA_OK_IND |
	                              VA_OK_IMM : 0), s))
		return false;
	if (!dst_state && (s->u.vec.tag & 7) != VISA_CLASS_STATE)
		return va_fail(p, t, "a surface or sampler source");
	return va_emit(c);
}

static bool va_h_addr_add(struct va_inst_ctx *c, const struct va_row *r)
{
	struct va_parser *p = c->p;
	(void)r;
	return va_no_pred(c) && va_exec_size(p, &c->in.exec) &&
	       va_dst(p, VA_OK_ADDR, va_op(c)) &&
	       va_src(p, VA_OK_GEN | VA_OK_ADDR | VA_OK_AO, va_op(c)) &&
	       va_src(p, VA_OK_GEN | VA_OK_IMM | VA_OK_AO, va_op(c)) &&
	       va_emit(c);
}

/* bfn.x<hex>: boolean function control byte last. */
static bool va_h_bfn(struct va_inst_ctx *c, const struct va_row *r)
{
	struct va_parser *p = c->p;
	(void)r;
	const struct va_token *w;
	if (!va_dot_word(p, &w) || w->len < 2 || p->src[w->start] != 'x')
		return va_fail(p, va_peek(p), "'.x' and the function control "
		               "in hexadecimal");
	unsigned fc = 0;
	for (size_t i = 1; i < w->len; i++) {
		char ch = p->src[w->start + i];
		int d = ch >= '0' && ch <= '9' ? ch - '0' :
		        ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 :
		        ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
		if (d < 0 || i > 16)
			return va_fail(p, w, "hexadecimal digits after bfn.x");
		fc = (fc << 4) | (unsigned)d;
	}
	bool sat = va_sat(p);
	struct vf_opnd *d;
	if (!va_exec_size(p, &c->in.exec) ||
	    !va_dst(p, VA_OK_GEN | VA_OK_IND, d = va_op(c)))
		return false;
	if (sat)
		d->u.vec.tag |= VISA_MOD_SAT << 3;
	for (int i = 0; i < 3; i++)
		if (!va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)))
			return false;
	va_other(va_op(c), 1, fc & 0xFF);
	return va_emit(c);
}

/* ---- dpas / dpasw ---- */

static int va_precision(const char *s, size_t n)
{
	static const char *const names[] = {
		NULL, "u1", "s1", "u2", "s2", "u4", "s4", "u8", "s8", "bf", "hf",
		NULL, "tf32",
	};
	char low[5] = { 0 };
	if (n == 0 || n > 4)
		return -1;
	for (size_t i = 0; i < n; i++)
		low[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a'
		                                           : s[i]);
	for (int i = 1; i < 13; i++)
		if (names[i] && strcmp(low, names[i]) == 0)
			return i;
	return -1;
}

/* Raise a variable's alignment as IGC's builder does for dpas operands
 * (AppendVISADpasInstCommon; GRF = 32 bytes). */
static void va_align_at_least(struct va_parser *p, uint32_t id, unsigned bytes)
{
	static const unsigned align_bytes[10] = { 1, 2, 4, 8, 16, 32, 64, 32,
	                                          64, 128 };
	if (id < VISA_NUM_PREDEF_VARS ||
	    id - VISA_NUM_PREDEF_VARS >= p->rt->r.var_count ||
	    !va_split_guard(p))
		return;
	struct vf_var *v = &p->rt->r.vars[id - VISA_NUM_PREDEF_VARS];
	unsigned cur = (v->bit_properties >> 4) & 0xF;
	unsigned want = bytes >= 128 ? 9 : bytes >= 64 ? 8 : bytes >= 32 ? 7 :
	                bytes >= 16 ? 4 : bytes >= 8 ? 3 : bytes >= 4 ? 2 :
	                bytes >= 2 ? 1 : 0;
	if (cur >= 10 || align_bytes[want] > align_bytes[cur])
		v->bit_properties = (uint8_t)((v->bit_properties & 0x0F) |
		                              want << 4);
}

/* dpas.<W>.<A>.<depth>.<count> exec dst src0 src1 src2(r,c) */
static bool va_h_dpas(struct va_inst_ctx *c, const struct va_row *r)
{
	struct va_parser *p = c->p;
	const struct va_token *w;
	int prec[2];
	int64_t num[2];
	(void)r;
	if (!va_no_pred(c))
		return false;
	for (int i = 0; i < 2; i++) {
		if (!va_dot_word(p, &w) ||
		    (prec[i] = va_precision(p->src + w->start, w->len)) < 0)
			return va_fail(p, va_peek(p), "a dpas precision (.u1 .s1 "
			               ".u2 .s2 .u4 .s4 .u8 .s8 .bf .hf .tf32)");
	}
	for (int i = 0; i < 2; i++) {
		const struct va_token *t = va_peek_at(p, 1);
		if (!va_accept(p, '.') || t->kind != VA_INT || t->ival < 1 ||
		    t->ival > 8 || (i == 0 && (t->ival & (t->ival - 1))))
			return va_fail(p, t, i ? "a repeat count from 1 to 8"
			                       : "a systolic depth of 1, 2, 4 or 8");
		num[i] = t->ival;
		va_next(p);
	}
	if (!va_exec_size(p, &c->in.exec))
		return false;
	for (int i = 0; i < 3; i++)
		if (!va_raw(p, true, false, va_op(c)))
			return false;
	/* src2: Var(row,col) with the implicit region <1;1,0>. */
	const struct va_token *vt = va_peek(p);
	const struct va_sym *s;
	struct vf_opnd *s2 = va_op(c);
	if (!va_var_name(p, &s, "a general variable"))
		return false;
	if (s->cls != VA_SYM_GENERAL)
		return va_fail(p, vt, "a general variable");
	p->pos--;
	uint8_t row = 0, col = 0;
	va_next(p);
	int64_t rv, cv;
	if (!va_expect(p, '(', "'(' and the (row,column) offset") ||
	    !va_int_expr(p, &rv) || !va_expect(p, ',', "','") ||
	    !va_int_expr(p, &cv) || !va_expect(p, ')', "')'"))
		return false;
	if (rv < 0 || rv > 255 || cv < 0 || cv > 255)
		return va_fail(p, vt, "a (row,column) offset within 0..255");
	row = (uint8_t)rv, col = (uint8_t)cv;
	s2->kind = VF_OPND_VECTOR;
	s2->u.vec.tag = VISA_CLASS_GENERAL;
	s2->u.vec.u.gen.id = s->index;
	s2->u.vec.u.gen.row = row;
	s2->u.vec.u.gen.col = col;
	s2->u.vec.u.gen.region = 0x122;  /* <1;1,0> */
	uint32_t info = (uint32_t)num[1] << 24 | (uint32_t)num[0] << 16 |
	                (uint32_t)prec[1] << 8 | (uint32_t)prec[0];
	va_other(va_op(c), 4, info);
	/* IGC aligns dst and src0 to exec size * element size and src1 to a
	 * GRF. */
	unsigned lanes = 1u << (c->in.exec & 0xF);
	for (int i = 0; i < 3; i++) {
		uint32_t id = c->ops[i].u.raw.id;
		if (i == 1 && id == 0)
			continue;
		va_align_at_least(p, id, i == 2 ? 32 :
		                  vf_type_size(va_var_type(p, id)) * lanes);
	}
	return va_emit(c);
}

#define ALU(n, op, k, f) { n, op, k, f, va_h_alu }
#define LOGIC(n, op, k) ALU(n, op, k, VA_F_NOSAT)

static const struct va_row va_rows[] = {
	ALU("add", VISA_OP_ADD, 2, 0), ALU("avg", VISA_OP_AVG, 2, 0),
	ALU("div", VISA_OP_DIV, 2, 0), ALU("dp2", VISA_OP_DP2, 2, 0),
	ALU("dp3", VISA_OP_DP3, 2, 0), ALU("dp4", VISA_OP_DP4, 2, 0),
	ALU("dph", VISA_OP_DPH, 2, 0), ALU("exp", VISA_OP_EXP, 1, 0),
	ALU("frc", VISA_OP_FRC, 1, 0), ALU("line", VISA_OP_LINE, 2, VA_F_LINE),
	ALU("log", VISA_OP_LOG, 1, 0), ALU("mad", VISA_OP_MAD, 3, 0),
	ALU("mulh", VISA_OP_MULH, 2, 0), ALU("lrp", VISA_OP_LRP, 3, 0),
	ALU("mod", VISA_OP_MOD, 2, 0), ALU("mul", VISA_OP_MUL, 2, 0),
	ALU("pow", VISA_OP_POW, 2, 0), ALU("rndd", VISA_OP_RNDD, 1, 0),
	ALU("rndu", VISA_OP_RNDU, 1, 0), ALU("rnde", VISA_OP_RNDE, 1, 0),
	ALU("rndz", VISA_OP_RNDZ, 1, 0), ALU("sad2", VISA_OP_SAD2, 2, 0),
	ALU("sin", VISA_OP_SIN, 1, 0), ALU("cos", VISA_OP_COS, 1, 0),
	ALU("sqrt", VISA_OP_SQRT, 1, 0), ALU("rsqrt", VISA_OP_RSQRT, 1, 0),
	ALU("inv", VISA_OP_INV, 1, 0), ALU("srnd", VISA_OP_SRND, 2, 0),
	ALU("lzd", VISA_OP_LZD, 1, 0),
	ALU("and", VISA_OP_AND, 2, VA_F_NOSAT | VA_F_PREDVARS),
	ALU("or", VISA_OP_OR, 2, VA_F_NOSAT | VA_F_PREDVARS),
	ALU("xor", VISA_OP_XOR, 2, VA_F_NOSAT | VA_F_PREDVARS),
	ALU("not", VISA_OP_NOT, 1, VA_F_NOSAT | VA_F_PREDVARS),
	ALU("shl", VISA_OP_SHL, 2, VA_F_PREDVARS),
	ALU("shr", VISA_OP_SHR, 2, VA_F_PREDVARS),
	ALU("asr", VISA_OP_ASR, 2, VA_F_PREDVARS),
	ALU("rol", VISA_OP_ROL, 2, VA_F_NOSAT | VA_F_PREDVARS),
	ALU("ror", VISA_OP_ROR, 2, VA_F_NOSAT | VA_F_PREDVARS),
	LOGIC("cbit", VISA_OP_CBIT, 1), LOGIC("fbl", VISA_OP_FBL, 1),
	LOGIC("fbh", VISA_OP_FBH, 1), LOGIC("bfe", VISA_OP_BFE, 3),
	LOGIC("bfi", VISA_OP_BFI, 4), LOGIC("bfrev", VISA_OP_BFREV, 1),
	ALU("sad2add", VISA_OP_SAD2ADD, 3, 0), ALU("plane", VISA_OP_PLANE, 2, 0),
	ALU("sqrtm", VISA_OP_SQRTM, 1, 0), ALU("divm", VISA_OP_DIVM, 2, 0),
	ALU("dp4a", VISA_OP_DP4A, 3, 0), ALU("add3", VISA_OP_ADD3, 3, 0),
	ALU("madw", VISA_OP_MADW, 3, 0), ALU("sel", VISA_OP_SEL, 2, 0),
	{ "addc", VISA_OP_ADDC, 0, 0, va_h_alu2 },
	{ "subb", VISA_OP_SUBB, 0, 0, va_h_alu2 },
	{ "min", VISA_OP_FMINMAX, 0, 0, va_h_minmax },
	{ "max", VISA_OP_FMINMAX, 1, 0, va_h_minmax },
	{ "mov", VISA_OP_MOV, 0, 0, va_h_mov },
	{ "fcvt", VISA_OP_FCVT, 0, 0, va_h_fcvt },
	{ "setp", VISA_OP_SETP, 0, 0, va_h_setp },
	{ "cmp", VISA_OP_CMP, 0, 0, va_h_cmp },
	{ "movs", VISA_OP_MOVS, 0, 0, va_h_movs },
	{ "addr_add", VISA_OP_ADDR_ADD, 0, 0, va_h_addr_add },
	{ "bfn", VISA_OP_BFN, 0, 0, va_h_bfn },
	{ "dpas", VISA_OP_DPAS, 0, 0, va_h_dpas },
	{ "dpasw", VISA_OP_DPASW, 0, 0, va_h_dpas },
};

#define VA_NROWS (sizeof va_rows / sizeof va_rows[0])
_Static_assert(VA_NROWS * 2 <= sizeof ((struct va_inst_ctx *)0)->row_idx /
                              sizeof(int16_t), "va_inst_ctx.row_idx too small");

/* A name of at most 8 bytes as a number (its bytes in order, then
 * zeros; the same for equal names whatever the byte order), or 0 for a
 * longer one (no row has such a name). */
static uint64_t va_row_key(const char *s, size_t n)
{
	uint64_t k = 0;
	if (n > 8)
		return 0;
	for (size_t i = 0; i < n; i++)
		k |= (uint64_t)(unsigned char)s[i] << (8 * i);
	return k;
}

static unsigned va_row_slot(uint64_t key)
{
	return (unsigned)((key * 0x9E3779B97F4A7C15ull) >> 56);
}

/* The table of rows by name (the first row of a name wins, as in a
 * search in table order). */
static void va_index_rows(struct va_inst_ctx *c)
{
	for (size_t i = 0; i < 256; i++)
		c->row_idx[i] = -1;
	for (size_t i = 0; i < VA_NROWS; i++) {
		const char *nm = va_rows[i].name;
		uint64_t key = va_row_key(nm, strlen(nm));
		unsigned h = va_row_slot(key);
		while (c->row_idx[h] >= 0 && c->row_key[h] != key)
			h = (h + 1) & 255;
		if (c->row_idx[h] < 0) {
			c->row_key[h] = key;
			c->row_idx[h] = (int16_t)i;
		}
	}
}

/* The row of a mnemonic, or NULL. */
static const struct va_row *va_find_row(const struct va_inst_ctx *c,
                                        const char *mn, size_t len)
{
	uint64_t key = va_row_key(mn, len);
	if (!key)
		return NULL;
	for (unsigned h = va_row_slot(key); c->row_idx[h] >= 0;
	     h = (h + 1) & 255)
		if (c->row_key[h] == key)
			return &va_rows[c->row_idx[h]];
	return NULL;
}

bool va_instruction(struct va_parser *p)
{
	struct va_inst_ctx *c = p->ictx;
	if (!c) {
		c = p->ictx = calloc(1, sizeof *c);
		if (!c)
			return va_oom(p);
		p->sizes = va_size_memo_new();  /* NULL: sizes unremembered */
		va_index_rows(c);
	} else {
		memset(c->ops, 0, c->hw * sizeof c->ops[0]);
		memset(c, 0, offsetof(struct va_inst_ctx, ops));
	}
	bool ok = false, handled = false;
	c->p = p;
	p->exec_pending = false;
	c->has_pred_text = va_is_punct(va_peek(p), '(');
	if (!va_predicate(p, &c->pred))
		goto out;
	c->mn = va_peek(p);
	if (c->mn->kind != VA_IDENT) {
		ok = va_fail(p, va_next(p), "an instruction");
		goto out;
	}
	const char *mn = p->src + c->mn->start;
	size_t len = c->mn->len;
	/* "add3" '.' "o": the mnemonic is still the current token (the
	 * tokens after it are looked at only for add3). */
	if (len == 4 && memcmp(mn, "add3", 4) == 0 &&
	    va_is_punct(va_peek_at(p, 1), '.') &&
	    !va_peek_at(p, 2)->space_before &&
	    va_is_ident(p, va_peek_at(p, 2), "o")) {
		va_next(p), va_next(p), va_next(p);
		c->in.opcode = VISA_OP_ADD3O;
		ok = va_h_alu(c, &(struct va_row)ALU("add3.o", VISA_OP_ADD3O, 3, 0));
		goto out;
	}
	const struct va_row *r = va_find_row(c, mn, len);
	if (r) {
		/* These handlers read the execution size first (after a
		 * .sat, which a size in the text right after the mnemonic
		 * rules out). */
		if (r->fn == va_h_alu || r->fn == va_h_alu2 ||
		    r->fn == va_h_minmax || r->fn == va_h_mov)
			va_next_exec(p);
		else
			va_next(p);
		c->in.opcode = r->opcode;
		ok = r->fn(c, r);
		goto out;
	}
	va_next(p);
	ok = va_flow_instruction(c, mn, len, &handled);
	if (!handled)
		ok = va_mem_instruction(c, mn, len, &handled);
	if (!handled)
		ok = va_lsc_instruction(c, mn, len, &handled);
	if (!handled)
		ok = va_fail(p, c->mn, "an instruction mnemonic");
out:
	return ok;
}
