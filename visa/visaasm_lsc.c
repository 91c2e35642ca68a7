/*
 * visaasm_lsc.c - the load/store-controller instructions of vISA
 * assembly (lsc_load*, lsc_store*, lsc_atomic_*, lsc_read_state_info,
 * lsc_fence; Xe-HPG and later).
 *
 * Syntax as Intel's grammar (CISA.y) has it, e.g.
 *   lsc_load.ugm.ca.ca (M1, 32) V53:u32x4  bti(0x4)[4*V52+0x10]:a32
 *   lsc_store_block2d.ugm (M1, 1) flat[VB,VW,VH,VP,VX,VY]  V53:d8.2x32x32nn
 *   lsc_fence.ugm.evict.gpu
 * A sub-opcode byte (LSC_OP) selects the layout; the fields follow in the
 * order VISAKernelImpl.cpp's AppendVISALsc* builders emit them, with
 * absent operands filled as they do (a null raw operand, surface 0, the
 * natural pitch for strided accesses).  Note that IGC's data shape keeps
 * the element count and the channel mask in one union, so both fields
 * get the same value.
 *
 * Spec: shared/spec/visa/instructions/LSC_UNTYPED.md, LSC_TYPED.md,
 * LSC_FENCE.md.
 */
#include "visaasm_read.h"

#include <string.h>

struct va_lsc_shape {
	unsigned size, order, elems, chmask;
	unsigned blocks, width, height, vnni;  /* block2d */
};

struct va_lsc_addr {
	unsigned type, size;
	int64_t scale, offset;
	struct vf_opnd surface;
	struct vf_opnd regs[6];
	unsigned nregs;
};

/* ---- small pieces ---- */

static bool va_lsc_dot_choice(struct va_parser *p, const char *const *names,
                              unsigned n, unsigned *v)
{
	for (unsigned i = 0; i < n; i++)
		if (va_peek_dot_word(p, names[i])) {
			va_next(p), va_next(p);
			*v = i;
			return true;
		}
	return false;
}

static bool va_lsc_sfid(struct va_parser *p, bool typed_ok, bool untyped_ok,
                        unsigned *sfid)
{
	static const char *const names[] = { "ugm", "ugml", "tgm", "slm" };
	if (va_lsc_dot_choice(p, names, 4, sfid) &&
	    ((*sfid == 2 && typed_ok) || (*sfid != 2 && untyped_ok)))
		return true;
	return va_fail(p, va_peek(p), typed_ok && !untyped_ok ? "'.tgm'" :
	               untyped_ok && !typed_ok ? "'.ugm', '.ugml' or '.slm'"
	                                       : "an SFID (.ugm .ugml .tgm .slm)");
}

static void va_lsc_caching(struct va_parser *p, unsigned *l1, unsigned *l3)
{
	static const char *const names[] = { "df", "uc", "ca", "wb", "wt", "st",
	                                     "ri" };
	*l1 = *l3 = 0;
	if (va_lsc_dot_choice(p, names, 7, l1))
		va_lsc_dot_choice(p, names, 7, l3);
}

static void va_null_raw(struct vf_opnd *o)
{
	memset(o, 0, sizeof *o);
	o->kind = VF_OPND_RAW;
}

/* Payload register: Var.offset or a bare Var (offset 0). */
static bool va_lsc_reg(struct va_parser *p, bool null_ok, struct vf_opnd *o)
{
	const struct va_token *t = va_peek(p);
	if (!null_ok && t->kind == VA_BUILTIN && va_token_is(p, t, "%null"))
		return va_fail(p, t, "a register other than %null");
	return va_raw(p, true, true, o);
}

/* Var, Var.col, Var(row,col) or an integer (a UD immediate). */
static bool va_lsc_reg_or_imm(struct va_parser *p, bool imm_ok,
                              struct vf_opnd *o)
{
	const struct va_token *t = va_peek(p);
	if (t->kind != VA_IDENT && t->kind != VA_BUILTIN) {
		int64_t v;
		if (!imm_ok)
			return va_fail(p, t, "a register");
		if (!va_int_expr(p, &v))
			return false;
		va_imm_set(o, VISA_TYPE_UD, (uint64_t)v);
		return true;
	}
	const struct va_sym *s;
	if (!va_var_name(p, &s, "a general variable"))
		return false;
	if (s->cls != VA_SYM_GENERAL)
		return va_fail(p, t, "a general variable");
	int64_t row = 0, col = 0;
	if (va_is_punct(va_peek(p), '.')) {
		const struct va_token *n = va_peek_at(p, 1);
		if (n->kind != VA_INT || n->is_hex || n->ival > 255)
			return va_fail(p, n, "a decimal element offset");
		va_next(p), va_next(p);
		col = n->ival;
	} else if (va_accept(p, '(')) {
		if (!va_int_expr(p, &row) || !va_expect(p, ',', "','") ||
		    !va_int_expr(p, &col) || !va_expect(p, ')', "')'"))
			return false;
		if (row < 0 || row > 255 || col < 0 || col > 255)
			return va_fail(p, t, "a (row,column) offset within 0..255");
	}
	memset(o, 0, sizeof *o);
	o->kind = VF_OPND_VECTOR;
	o->u.vec.tag = VISA_CLASS_GENERAL;
	o->u.vec.u.gen.id = s->index;
	o->u.vec.u.gen.row = (uint8_t)row;
	o->u.vec.u.gen.col = (uint8_t)col;
	o->u.vec.u.gen.region = 0x121;  /* <0;1,0> */
	return true;
}

/* ---- data shapes: V:u32x4t, V:u32.xyzw, V:d8.2x32x32nn ---- */

static bool va_parse_uint(const char **s, const char *end, unsigned *v)
{
	if (*s >= end || **s < '0' || **s > '9')
		return false;
	*v = 0;
	while (*s < end && **s >= '0' && **s <= '9' && *v < 100000)
		*v = *v * 10 + (unsigned)(*(*s)++ - '0');
	return true;
}

static bool va_shape_size(const char **s, const char *end, unsigned *size)
{
	static const struct { const char *t; unsigned v; } sizes[] = {
		{ "8c32", 5 }, { "16c32h", 7 }, { "16c32", 6 }, { "64", 4 },
		{ "32", 3 }, { "16", 2 }, { "8", 1 },
	};
	if (*s >= end || (**s != 'd' && **s != 'u'))
		return false;
	(*s)++;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		size_t n = strlen(sizes[i].t);
		if ((size_t)(end - *s) >= n && memcmp(*s, sizes[i].t, n) == 0) {
			*s += n;
			*size = sizes[i].v;
			return true;
		}
	}
	return false;
}

static bool va_shape_plain(const char *s, const char *end,
                           struct va_lsc_shape *sh)
{
	static const unsigned vecs[] = { 1, 2, 3, 4, 8, 16, 32, 64 };
	sh->elems = 1;
	sh->order = 1;
	if (s < end && *s == 'x') {
		unsigned n;
		s++;
		if (!va_parse_uint(&s, end, &n))
			return false;
		sh->elems = 0;
		for (unsigned i = 0; i < 8; i++)
			if (vecs[i] == n)
				sh->elems = i + 1;
		if (!sh->elems)
			return false;
	}
	if (s < end && *s == 't')
		s++, sh->order = 2;
	sh->chmask = sh->elems;
	return s == end;
}

static bool va_shape_chmask(const char *s, const char *end,
                            struct va_lsc_shape *sh)
{
	static const char order[] = "xyzw";
	unsigned m = 0, next = 0;
	for (; s < end; s++) {
		while (next < 4 && order[next] != *s)
			next++;
		if (next == 4)
			return false;
		m |= 1u << next++;
	}
	sh->order = 1;
	sh->chmask = sh->elems = m;
	return m != 0;
}

static bool va_shape_2d(const char *s, const char *end,
                        struct va_lsc_shape *sh)
{
	unsigned a, b, c;
	if (!va_parse_uint(&s, end, &a) || s >= end || *s++ != 'x' ||
	    !va_parse_uint(&s, end, &b))
		return false;
	sh->blocks = 1, sh->width = a, sh->height = b;
	if (s < end && *s == 'x') {
		s++;
		if (!va_parse_uint(&s, end, &c))
			return false;
		sh->blocks = a, sh->width = b, sh->height = c;
	}
	sh->order = 1;
	if (s < end && (*s == 'n' || *s == 't')) {
		sh->order = *s++ == 't' ? 2 : 1;
		if (s < end && (*s == 'n' || *s == 't'))
			sh->vnni = *s++ == 't';
	}
	return s == end;
}

/* reg ':' shape; block2d selects the 2D shape syntax. */
static bool va_lsc_data(struct va_parser *p, bool block2d, struct vf_opnd *reg,
                        struct va_lsc_shape *sh)
{
	memset(sh, 0, sizeof *sh);
	if (!va_lsc_reg(p, true, reg) || !va_expect(p, ':', "':' and the data "
	                                         "shape"))
		return false;
	const struct va_token *t = va_peek(p);
	size_t end;
	size_t len = va_glued(p, &end);
	const char *s = p->src + t->start, *e = s + len;
	bool ok = va_shape_size(&s, e, &sh->size);
	if (ok && block2d)
		ok = s < e && *s++ == '.' && va_shape_2d(s, e, sh);
	else if (ok && s < e && *s == '.')
		ok = va_shape_chmask(s + 1, e, sh);
	else if (ok)
		ok = va_shape_plain(s, e, sh);
	if (!ok)
		return va_fail(p, t, block2d ? "a 2D data shape (e.g. d8.2x32x32nn)"
		               : "a data shape (e.g. u32, d32x4t, u32.xyzw)");
	p->pos = end;
	return true;
}

/* ---- addresses ---- */

static bool va_lsc_addr_size(struct va_parser *p, unsigned *size)
{
	static const char *const names[] = { "a16", "a32", "a64" };
	const struct va_token *t = va_peek_at(p, 1);
	if (va_is_punct(va_peek(p), ':'))
		for (unsigned i = 0; i < 3; i++)
			if (va_is_ident(p, t, names[i])) {
				va_next(p), va_next(p);
				*size = i + 1;
				return true;
			}
	return va_fail(p, va_peek(p), "':a16', ':a32' or ':a64'");
}

/* [flat | arg | bss(x) | ss(x) | bti(x)]; reg_model requires the last
 * three. */
static bool va_lsc_model(struct va_parser *p, bool reg_model,
                         struct va_lsc_addr *a)
{
	static const char *const kinds[] = { "flat", "bss", "ss", "bti", "arg" };
	const struct va_token *t = va_peek(p);
	a->type = 1;
	va_imm_set(&a->surface, VISA_TYPE_UD, 0);
	for (unsigned i = 0; i < 5 && t->kind == VA_IDENT; i++) {
		if (!va_token_is(p, t, kinds[i]))
			continue;
		if (reg_model && (i == 0 || i == 4))
			break;
		va_next(p);
		a->type = i + 1;
		if (i == 0 || i == 4)
			return true;
		return va_expect(p, '(', "'(' after the address model") &&
		       va_lsc_reg_or_imm(p, true, &a->surface) &&
		       va_expect(p, ')', "')' after the surface");
	}
	if (reg_model)
		return va_fail(p, t, "an address model (bss, ss, bti)");
	return true;
}

/* The scale in [4*%sizeof(GRF)*VADDR...]: products of unary terms up to
 * the '*' that precedes the register. */
static bool va_lsc_scale(struct va_parser *p, int64_t *v)
{
	if (!va_int_unary(p, v))
		return false;
	for (;;) {
		const struct va_token *op = va_peek(p);
		const struct va_token *nx = va_peek_at(p, 1);
		if (va_is_punct(op, '*') && (nx->kind == VA_IDENT ||
		                             (nx->kind == VA_BUILTIN &&
		                              !va_token_is(p, nx, "%sizeof") &&
		                              !va_token_is(p, nx,
		                                           "%DispatchSimd")))) {
			va_next(p);
			return true;
		}
		if (!va_is_punct(op, '*') && !va_is_punct(op, '/') &&
		    !va_is_punct(op, '%'))
			return va_fail(p, op, "'*' between the address scale and "
			               "the register");
		va_next(p);
		int64_t r;
		if (!va_int_unary(p, &r))
			return false;
		if (op->punct != '*' && r == 0)
			return va_fail(p, nx, "a non-zero divisor");
		if (op->punct == '*')
			*v = (int64_t)((uint64_t)*v * (uint64_t)r);
		else if (r == -1)
			*v = op->punct == '/' ? (int64_t)(0 - (uint64_t)*v) : 0;
		else
			*v = op->punct == '/' ? *v / r : *v % r;
	}
}

/* [scale*]reg[+off|-off][, pitch] ']' ':'aNN */
static bool va_lsc_untyped_addr(struct va_parser *p, bool strided,
                                struct va_lsc_addr *a)
{
	if (!va_lsc_model(p, false, a) || !va_expect(p, '[', "'['"))
		return false;
	a->scale = 1;
	const struct va_token *t = va_peek(p);
	if (t->kind != VA_IDENT && t->kind != VA_BUILTIN &&
	    !va_lsc_scale(p, &a->scale))
		return false;
	if (!va_lsc_reg(p, false, &a->regs[0]))
		return false;
	a->nregs = 1;
	if (va_accept(p, '+')) {
		if (!va_int_add(p, &a->offset))
			return false;
	} else if (va_accept(p, '-')) {
		if (!va_int_prim(p, &a->offset))
			return false;
		a->offset = (int64_t)(0 - (uint64_t)a->offset);
	}
	if (strided && va_accept(p, ',')) {
		if (!va_lsc_reg_or_imm(p, true, &a->regs[1]))
			return false;
		a->nregs = 2;
	}
	return va_expect(p, ']', "']' closing the address") &&
	       va_lsc_addr_size(p, &a->size);
}

static bool va_lsc_typed_addr(struct va_parser *p, struct va_lsc_addr *a)
{
	if (!va_lsc_model(p, true, a) || !va_expect(p, '[', "'['"))
		return false;
	do {
		if (a->nregs == 4)
			return va_fail(p, va_peek(p), "']' after at most four "
			               "coordinates");
		if (!va_lsc_reg(p, false, &a->regs[a->nregs++]))
			return false;
	} while (va_accept(p, ','));
	for (unsigned i = a->nregs; i < 4; i++)
		va_null_raw(&a->regs[i]);
	return va_expect(p, ']', "',' or ']'") && va_lsc_addr_size(p, &a->size);
}

static bool va_lsc_2d_addr(struct va_parser *p, struct va_lsc_addr *a)
{
	if (!va_is_ident(p, va_peek(p), "flat"))
		return va_fail(p, va_peek(p), "'flat' for a 2D block address");
	va_next(p);
	if (!va_expect(p, '[', "'['"))
		return false;
	for (unsigned i = 0; i < 6; i++)
		if ((i && !va_expect(p, ',', "',' and the next block parameter")) ||
		    !va_lsc_reg_or_imm(p, i != 0, &a->regs[i]))
			return false;
	a->nregs = 6;
	return va_expect(p, ']', "']'");
}

/* ---- instructions ---- */

static const char *const va_lsc_names[] = {
	"lsc_load", "lsc_load_strided", "lsc_load_quad", "lsc_load_block2d",
	"lsc_store", "lsc_store_strided", "lsc_store_quad", "lsc_store_block2d",
	"lsc_atomic_iinc", "lsc_atomic_idec", "lsc_atomic_load",
	"lsc_atomic_store", "lsc_atomic_iadd", "lsc_atomic_isub",
	"lsc_atomic_smin", "lsc_atomic_smax", "lsc_atomic_umin",
	"lsc_atomic_umax", "lsc_atomic_icas", "lsc_atomic_fadd",
	"lsc_atomic_fsub", "lsc_atomic_fmin", "lsc_atomic_fmax",
	"lsc_atomic_fcas", "lsc_atomic_and", "lsc_atomic_or", "lsc_atomic_xor",
	"lsc_load_status", "lsc_store_uncompressed", "lsc_ccs_update",
	"lsc_read_state_info",
};

enum { VA_LSC_LOAD, VA_LSC_STORE, VA_LSC_ATOMIC };

static unsigned va_lsc_kind(unsigned op)
{
	if (op >= 8 && op <= 0x1A)
		return VA_LSC_ATOMIC;
	if ((op >= 4 && op <= 7) || op == 0x1C || op == 0x1D)
		return VA_LSC_STORE;
	return VA_LSC_LOAD;
}

static void va_lsc_shape_fields(struct va_inst_ctx *c,
                                const struct va_lsc_shape *sh, bool strided)
{
	va_other(va_op(c), 1, sh->size);
	va_other(va_op(c), 1, sh->order);
	va_other(va_op(c), 1, sh->elems);
	va_other(va_op(c), 1, strided ? 0 : sh->chmask);
}

/* The natural pitch of a strided access: bytes of one address's data. */
static unsigned va_lsc_pitch(const struct va_lsc_shape *sh)
{
	static const unsigned vec[] = { 1, 1, 2, 3, 4, 8, 16, 32, 64 };
	unsigned s = sh->size == 1 ? 1 : sh->size == 2 ? 2 : sh->size == 4 ? 8
	                                                                 : 4;
	if (sh->order == 1 && sh->elems < 9)
		s *= vec[sh->elems];
	return s;
}

static bool va_lsc_untyped(struct va_inst_ctx *c, unsigned op, unsigned sfid)
{
	struct va_parser *p = c->p;
	unsigned l1, l3, kind = va_lsc_kind(op);
	bool strided = op == 1 || op == 5, block2d = op == 3 || op == 7;
	struct va_lsc_shape sh;
	struct va_lsc_addr a = { 0 };
	struct vf_opnd data, src1, src2;
	va_lsc_caching(p, &l1, &l3);
	if (!va_exec_size(p, &c->in.exec))
		return false;
	va_null_raw(&src1);
	va_null_raw(&src2);
	if (kind == VA_LSC_STORE) {
		if (!(block2d ? va_lsc_2d_addr(p, &a)
		              : va_lsc_untyped_addr(p, strided, &a)) ||
		    !va_lsc_data(p, block2d, &data, &sh))
			return false;
	} else if (!va_lsc_data(p, block2d, &data, &sh) ||
	           !(block2d ? va_lsc_2d_addr(p, &a)
	                     : va_lsc_untyped_addr(p, strided, &a))) {
		return false;
	}
	if (kind == VA_LSC_ATOMIC && (!va_lsc_reg(p, true, &src1) ||
	                              !va_lsc_reg(p, true, &src2)))
		return false;
	va_other(va_op(c), 1, sfid);
	va_other(va_op(c), 1, l1);
	va_other(va_op(c), 1, l3);
	if (block2d) {
		va_other(va_op(c), 1, sh.size);
		va_other(va_op(c), 1, sh.order);
		va_other(va_op(c), 1, sh.blocks);
		va_other(va_op(c), 2, sh.width);
		va_other(va_op(c), 2, sh.height);
		va_other(va_op(c), 1, sh.vnni);
		if (kind == VA_LSC_STORE)
			va_null_raw(va_op(c));
		else
			*va_op(c) = data;
		for (unsigned i = 0; i < 6; i++)
			*va_op(c) = a.regs[i];
		if (kind == VA_LSC_STORE)
			*va_op(c) = data;
		else
			va_null_raw(va_op(c));
		return va_emit(c);
	}
	va_other(va_op(c), 1, a.type);
	va_other(va_op(c), 2, (uint64_t)a.scale);
	va_other(va_op(c), 4, (uint64_t)a.offset);
	va_other(va_op(c), 1, a.size);
	va_lsc_shape_fields(c, &sh, strided);
	*va_op(c) = a.surface;
	if (kind == VA_LSC_STORE)
		va_null_raw(va_op(c));
	else
		*va_op(c) = data;
	*va_op(c) = a.regs[0];
	if (strided) {
		if (a.nregs < 2)
			va_imm_set(&a.regs[1], VISA_TYPE_UD, va_lsc_pitch(&sh));
		*va_op(c) = a.regs[1];
		*va_op(c) = kind == VA_LSC_STORE ? data : src1;
		return va_emit(c);
	}
	*va_op(c) = kind == VA_LSC_STORE ? data : src1;
	*va_op(c) = src2;
	return va_emit(c);
}

static bool va_lsc_typed(struct va_inst_ctx *c, unsigned op)
{
	struct va_parser *p = c->p;
	unsigned l1 = 0, l3 = 0, kind = va_lsc_kind(op);
	struct va_lsc_shape sh;
	struct va_lsc_addr a = { 0 };
	struct vf_opnd data, src1, src2;
	va_null_raw(&src1);
	va_null_raw(&src2);
	if (op == 0x1E) {
		/* lsc_read_state_info.tgm reg bti(x): (M1_NM, 1), 32-bit data. */
		c->in.exec = va_exec_byte(1, 8);
		if (!va_lsc_reg(p, true, &data) || !va_lsc_model(p, true, &a))
			return false;
		memset(&sh, 0, sizeof sh);
		sh.size = 3, sh.order = 1, sh.elems = sh.chmask = 1;
		a.size = 2;
		for (unsigned i = 0; i < 4; i++)
			va_null_raw(&a.regs[i]);
	} else {
		if ((kind == VA_LSC_LOAD && op != 2) || (kind == VA_LSC_STORE &&
		                                         op != 6))
			return va_fail(p, c->mn, "lsc_load_quad, lsc_store_quad or "
			               "an atomic for .tgm");
		va_lsc_caching(p, &l1, &l3);
		if (!va_exec_size(p, &c->in.exec))
			return false;
		if (kind == VA_LSC_STORE) {
			if (!va_lsc_typed_addr(p, &a) || !va_lsc_data(p, false, &data, &sh))
				return false;
		} else if (!va_lsc_data(p, false, &data, &sh) ||
		           !va_lsc_typed_addr(p, &a)) {
			return false;
		}
		if (kind == VA_LSC_ATOMIC && (!va_lsc_reg(p, true, &src1) ||
		                              !va_lsc_reg(p, true, &src2)))
			return false;
	}
	va_other(va_op(c), 1, l1);
	va_other(va_op(c), 1, l3);
	va_other(va_op(c), 1, a.type);
	va_other(va_op(c), 1, a.size);
	va_lsc_shape_fields(c, &sh, false);
	*va_op(c) = a.surface;
	if (kind == VA_LSC_STORE)
		va_null_raw(va_op(c));
	else
		*va_op(c) = data;
	for (unsigned i = 0; i < 4; i++)
		*va_op(c) = a.regs[i];
	*va_op(c) = kind == VA_LSC_STORE ? data : src1;
	*va_op(c) = src2;
	return va_emit(c);
}

/* lsc_fence.<sfid>.<op>.<scope>: always (M1_NM, 1). */
static bool va_lsc_fence(struct va_inst_ctx *c)
{
	static const char *const ops[] = { "none", "evict", "invalidate",
	                                   "discard", "clean", "flushl3",
	                                   "type6" };
	static const char *const scopes[] = { "group", "local", "tile", "gpu",
	                                      "gpus", "sysrel", "sysacq" };
	struct va_parser *p = c->p;
	unsigned sfid, op, scope;
	if (c->has_pred_text)
		return va_fail(p, c->mn, "an instruction that takes a predicate");
	if (!va_lsc_sfid(p, true, true, &sfid))
		return false;
	if (!va_lsc_dot_choice(p, ops, 7, &op))
		return va_fail(p, va_peek(p), "a fence operation (.none .evict "
		               ".invalidate .discard .clean .flushl3 .type6)");
	if (!va_lsc_dot_choice(p, scopes, 7, &scope))
		return va_fail(p, va_peek(p), "a fence scope (.group .local .tile "
		               ".gpu .gpus .sysrel .sysacq)");
	c->in.opcode = VISA_OP_LSC_FENCE;
	c->in.exec = va_exec_byte(1, 8);
	va_other(va_op(c), 1, sfid);
	va_other(va_op(c), 1, op);
	va_other(va_op(c), 1, scope);
	return va_emit(c);
}

bool va_lsc_instruction(struct va_inst_ctx *c, const char *mn, size_t len,
                        bool *handled)
{
	*handled = true;
	if (len == 9 && memcmp(mn, "lsc_fence", 9) == 0)
		return va_lsc_fence(c);
	for (unsigned op = 0; op < sizeof va_lsc_names / sizeof va_lsc_names[0];
	     op++) {
		const char *n = va_lsc_names[op];
		unsigned real = op == 30 ? 0x1E : op;
		if (strlen(n) != len || memcmp(n, mn, len) != 0)
			continue;
		unsigned sfid;
		bool typed_only = real == 0x1E;
		if (!va_lsc_sfid(c->p, true, !typed_only, &sfid))
			return false;
		c->in.subop = (uint8_t)real;
		if (sfid == 2) {
			c->in.opcode = VISA_OP_LSC_TYPED;
			return va_lsc_typed(c, real);
		}
		c->in.opcode = VISA_OP_LSC_UNTYPED;
		return va_lsc_untyped(c, real, sfid);
	}
	*handled = false;
	return false;
}
