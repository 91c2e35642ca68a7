/*
 * ir.c - construction helpers for the finalizer IR (ir.h): memory,
 * virtual registers, labels, operands, instruction emission, and the
 * operand walk that liveness and register allocation share.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "ir.h"

void *ir_alloc(struct ir_prog *p, size_t size)
{
	struct vf_arena *a = p->nscratch ? p->scratch[p->nscratch - 1]
	                                 : p->arena;
	void *m = vf_arena_alloc(a, size ? size : 1);
	if (!m)
		longjmp(*p->oom, 1);
	return m;
}

void *ir_alloc_raw(struct ir_prog *p, size_t size)
{
	struct vf_arena *a = p->nscratch ? p->scratch[p->nscratch - 1]
	                                 : p->arena;
	void *m = vf_arena_alloc_raw(a, size ? size : 1);
	if (!m)
		longjmp(*p->oom, 1);
	return m;
}

void ir_grow_raw(struct ir_prog *p, void **a, uint32_t *cap, uint32_t n,
                 uint32_t first, size_t elem)
{
	if (n < *cap)
		return;
	uint32_t nc = *cap ? 2 * *cap : first;
	void *na = ir_alloc_raw(p, (size_t)nc * elem);
	if (n)
		memcpy(na, *a, (size_t)n * elem);
	*a = na;
	*cap = nc;
}

/* A scope past the depth limit shares its parent's arena: 'deep' counts
 * those, so that their ends free nothing. */
void ir_scratch_begin(struct ir_prog *p)
{
	if (p->nscratch == IR_SCRATCH_DEPTH) {
		p->scratch_deep++;
		return;
	}
	if (p->nscratch == p->scratch_made) {
		struct vf_arena *a = vf_arena_new();
		if (!a)
			longjmp(*p->oom, 1);
		p->scratch[p->scratch_made++] = a;
	}
	p->nscratch++;
}

void ir_scratch_end(struct ir_prog *p)
{
	if (p->scratch_deep) {
		p->scratch_deep--;
		return;
	}
	if (p->nscratch)
		vf_arena_reset(p->scratch[--p->nscratch]);
}

void ir_scratch_free_all(struct ir_prog *p)
{
	ir_carry_drop(p);
	while (p->scratch_made)
		vf_arena_free(p->scratch[--p->scratch_made]);
	p->nscratch = 0;
	p->scratch_deep = 0;
}

bool ir_carry_keep(struct ir_prog *p, unsigned kind, void *what)
{
	if (p->scratch_deep || !p->nscratch)
		return false;
	ir_carry_drop(p);
	p->carry = (struct ir_carry){ p->scratch[--p->nscratch], what, kind };
	/* the carried arena leaves the pool of idle ones (scratch[nscratch..
	 * made)): the last idle arena takes its slot */
	p->scratch[p->nscratch] = p->scratch[--p->scratch_made];
	return true;
}

void *ir_carry_peek(const struct ir_prog *p, unsigned kind)
{
	return p->carry.arena && p->carry.kind == kind ? p->carry.what : NULL;
}

void *ir_carry_take(struct ir_prog *p, unsigned kind)
{
	void *what = ir_carry_peek(p, kind);
	if (!what || p->nscratch == IR_SCRATCH_DEPTH)
		return NULL;
	/* the idle arena in the slot the carried one takes moves to the
	 * end of the pool, or is freed when the pool is full */
	if (p->nscratch < p->scratch_made) {
		if (p->scratch_made < IR_SCRATCH_DEPTH)
			p->scratch[p->scratch_made++] = p->scratch[p->nscratch];
		else
			vf_arena_free(p->scratch[p->nscratch]);
	} else {
		p->scratch_made++;
	}
	p->scratch[p->nscratch++] = p->carry.arena;
	p->carry = (struct ir_carry){ 0 };
	return what;
}

void *ir_carry_alloc(struct ir_prog *p, size_t size)
{
	void *m = p->carry.arena ? vf_arena_alloc(p->carry.arena, size ? size : 1)
	                         : NULL;
	if (!m)
		longjmp(*p->oom, 1);
	return m;
}

void ir_carry_drop(struct ir_prog *p)
{
	if (p->carry.arena)
		vf_arena_free(p->carry.arena);
	p->carry = (struct ir_carry){ 0 };
}

void ir_vec_reserve(struct ir_prog *p, void **a, uint32_t *cap, uint32_t want,
                    size_t elem)
{
	if (want <= *cap)
		return;
	/* In place when it can be (issue 12: no old copies, no zero fill). */
	void *na = vf_arena_grow(p->arena, *cap ? *a : NULL, *cap, want, elem);
	if (!na)
		longjmp(*p->oom, 1);
	*a = na;
	*cap = want;
}

void ir_vec_grow(struct ir_prog *p, void **a, uint32_t *cap, uint32_t n,
                 size_t elem)
{
	if (n >= *cap)
		ir_vec_reserve(p, a, cap, *cap ? *cap * 2 : 64, elem);
}

char *ir_strdup(struct ir_prog *p, const char *s)
{
	char *d = vf_arena_strdup(p->arena, s);
	if (!d)
		longjmp(*p->oom, 1);
	return d;
}

static bool ir_verr(struct ir_prog *p, enum vf_status st, const char *fmt,
                    va_list ap)
{
	char what[600];
	vsnprintf(what, sizeof what, fmt, ap);
	if (p->err->status != VF_OK)
		return false;  /* keep the first error */
	if (p->inst_name && p->line)
		vf_err(p->err, st, "line %u: %s: vISA instruction %u (%s): %s",
		       p->line, p->name, p->loc, p->inst_name, what);
	else if (p->inst_name)
		vf_err(p->err, st, "%s: vISA instruction %u (%s): %s", p->name,
		       p->loc, p->inst_name, what);
	else if (p->loc)
		vf_err(p->err, st, "%s: vISA instruction %u: %s", p->name,
		       p->loc, what);
	else
		vf_err(p->err, st, "%s: %s", p->name, what);
	return false;
}

bool ir_unsupported(struct ir_prog *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ir_verr(p, VF_ERR_UNSUPPORTED, fmt, ap);
	va_end(ap);
	return false;
}

bool ir_bad_input(struct ir_prog *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ir_verr(p, VF_ERR_INPUT, fmt, ap);
	va_end(ap);
	return false;
}

bool ir_internal(struct ir_prog *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ir_verr(p, VF_ERR_INTERNAL, fmt, ap);
	va_end(ap);
	return false;
}

/* ---- registers and labels -------------------------------------------- */

uint32_t ir_vreg_slot(struct ir_prog *p)
{
	if (p->vregs.n == 0)
		IR_VEC_PUSH(p, p->vregs);  /* id 0 means "none" */
	return IR_VEC_PUSH(p, p->vregs);
}

uint32_t ir_temp(struct ir_prog *p, enum gen_type t, unsigned n, unsigned hs)
{
	unsigned ts = gen_type_size(t);
	unsigned size = ts * (hs ? hs : 1) * (n ? n : 1);
	unsigned align = ts < 2 ? 2 : ts;
	if (size >= IR_GRF_BYTES) {
		size = (size + IR_GRF_BYTES - 1) & ~(unsigned)(IR_GRF_BYTES - 1);
		align = IR_GRF_BYTES;
	}
	return ir_vreg_new(p, IR_RF_GRF, size, align);
}

uint32_t ir_flag_new(struct ir_prog *p, unsigned channels)
{
	unsigned bytes = channels > 16 ? 4 : 2;
	return ir_vreg_new(p, IR_RF_FLAG, bytes, bytes);
}

uint32_t ir_label_new(struct ir_prog *p, const char *name, unsigned kind)
{
	uint32_t id = IR_VEC_PUSH(p, p->labels);
	struct ir_label *l = &p->labels.a[id];
	l->name = name;
	l->kind = (uint8_t)kind;
	l->ret_vreg = -1;
	return id;
}

/* ---- operands ---------------------------------------------------------- */

struct ir_opnd ir_arf(enum gen_regname rn, unsigned nr, unsigned sub,
                      enum gen_type t)
{
	struct ir_opnd o = { .kind = IR_O_ARF, .type = (uint8_t)t,
	                     .rn = (uint8_t)rn, .nr = (uint8_t)nr,
	                     .off = (int32_t)sub };
	o.rgn = (struct gen_region){ 0, 1, 0 };
	return o;
}

struct ir_opnd ir_null(enum gen_type t)
{
	struct ir_opnd o = ir_arf(GEN_RN_NULL, 0, 0, t);
	o.rgn = (struct gen_region){ 0, 0, 1 };
	return o;
}

struct ir_opnd ir_label_opnd(uint32_t label)
{
	struct ir_opnd o = { .kind = IR_O_LABEL, .type = GEN_TYPE_INVALID,
	                     .v = label };
	return o;
}

int ir_elem_off(const struct ir_opnd *o, unsigned i, bool dst)
{
	unsigned ts = gen_type_size((enum gen_type)o->type);
	if (dst)
		return (int)(i * o->rgn.hs * ts);
	unsigned w = o->rgn.w ? o->rgn.w : 1;
	return (int)(((i / w) * o->rgn.vs + (i % w) * o->rgn.hs) * ts);
}

/* ---- instructions ------------------------------------------------------ */

struct ir_inst *ir_emit_slot(struct ir_prog *p)
{
	struct ir_inst *in = ir_inplace_slot(p);
	if (in)
		return in;
	uint32_t i = IR_VEC_PUSH(p, p->insts);
	return &p->insts.a[i];
}

struct ir_inst *ir_emit_copy(struct ir_prog *p, const struct ir_inst *src)
{
	/* an in-place rewrite keeping an instruction where it is */
	if (ir_inplace_keeps(p, src)) {
		p->insts.n++;
		return &p->insts.a[p->insts.n - 1];
	}
	/* in place with room in the queue, nothing moves: copy directly */
	if (p->inplace.on && p->inplace.qlen < p->inplace.qcap) {
		struct ir_inst *in = ir_inplace_slot(p);
		*in = *src;
		return in;
	}
	/* room in the array: nothing moves, copy directly */
	if (!p->inplace.on && p->insts.n < p->insts.cap) {
		struct ir_inst *in = &p->insts.a[p->insts.n++];
		*in = *src;
		return in;
	}
	/* a copy first: src may lie in the array the push moves */
	struct ir_inst tmp = *src;
	struct ir_inst *in = ir_inplace_slot(p);
	if (!in) {
		uint32_t i = IR_VEC_PUSH(p, p->insts);   /* may move the array */
		in = &p->insts.a[i];
	}
	*in = tmp;
	return in;
}

struct ir_inst *ir_op1(struct ir_prog *p, unsigned op, unsigned exec, bool nm,
                       struct ir_opnd d, struct ir_opnd s0)
{
	struct ir_inst *in = ir_emit(p, op, exec);
	in->nomask = nm;
	in->dst = d;
	in->src[0] = s0;
	in->nsrc = 1;
	return in;
}

struct ir_inst *ir_op2(struct ir_prog *p, unsigned op, unsigned exec, bool nm,
                       struct ir_opnd d, struct ir_opnd s0, struct ir_opnd s1)
{
	struct ir_inst *in = ir_op1(p, op, exec, nm, d, s0);
	in->src[1] = s1;
	in->nsrc = 2;
	return in;
}

struct ir_inst *ir_op3(struct ir_prog *p, unsigned op, unsigned exec, bool nm,
                       struct ir_opnd d, struct ir_opnd s0, struct ir_opnd s1,
                       struct ir_opnd s2)
{
	struct ir_inst *in = ir_op2(p, op, exec, nm, d, s0, s1);
	in->src[2] = s2;
	in->nsrc = 3;
	return in;
}

void ir_emit_label(struct ir_prog *p, uint32_t label)
{
	struct ir_inst *in = ir_emit(p, IR_OP_LABEL, 1);
	in->src[0] = ir_label_opnd(label);
	in->nsrc = 1;
}

static void walk(const struct ir_inst *in, const struct ir_opnd *o, bool def,
                 ir_opnd_fn fn, void *ctx)
{
	if (o->kind == IR_O_REG)
		fn(ctx, in, o, def);
	else if (o->kind == IR_O_IND)
		fn(ctx, in, o, def);  /* the walker decides what an indirect hits */
}

void ir_for_each_opnd(const struct ir_inst *in, ir_opnd_fn fn, void *ctx)
{
	if (in->op == IR_OP_LABEL)
		return;
	for (unsigned s = 0; s < in->nsrc; s++)
		walk(in, &in->src[s], false, fn, ctx);
	if (in->flag) {
		struct ir_opnd f = ir_reg(in->flag, in->flag_off, GEN_TYPE_UW);
		if (in->pred)
			fn(ctx, in, &f, false);
		if (in->cmod && !(in->op == GEN_OP_SEL))
			fn(ctx, in, &f, true);
	}
	if (in->desc_reg) {
		struct ir_opnd d = ir_reg(in->desc_reg, 0, GEN_TYPE_UD);
		fn(ctx, in, &d, false);
	}
	walk(in, &in->dst, true, fn, ctx);
}

unsigned ir_opnd_align(const struct ir_prog *p, const struct ir_opnd *o)
{
	int sub = ir_opnd_sub(p, o);
	unsigned a = IR_GRF_BYTES;
	if (sub < 0) {
		if (o->kind != IR_O_REG)
			return 1;
		a = p->vregs.a[o->v].align;
		if (a > IR_GRF_BYTES)
			a = IR_GRF_BYTES;
		sub = o->off;
	}
	/* a power of two (every alignment is): the lowest set bit of sub
	 * caps it, no division (issue 12: asked of every 3-source operand) */
	if (!(a & (a - 1))) {
		unsigned low = (unsigned)sub & -(unsigned)sub;
		return sub && low < a ? low : a;
	}
	while (a > 1 && (sub % (int)a) != 0)
		a /= 2;
	return a;
}

unsigned ir_opnd_grfs(const struct ir_prog *p, const struct ir_opnd *o,
                      unsigned n, bool dst)
{
	if (o->kind != IR_O_REG || ir_opnd_is_scalar(o))
		return 1;
	const struct ir_vreg *v = &p->vregs.a[o->v];
	unsigned ext = ir_opnd_extent(o, n, dst);
	int sub = ir_opnd_sub(p, o);
	if (sub < 0)
		return v->size <= IR_GRF_BYTES ? 1 : (ext + IR_GRF_BYTES - 1) / IR_GRF_BYTES + 1;
	return ((unsigned)sub + ext + IR_GRF_BYTES - 1) / IR_GRF_BYTES;
}
