/*
 * verify.c - the IR's invariants, checked after every pass in
 * --enable-debug builds and with the verify option (pipeline.c).
 *
 * Needs: any IR.  Changes nothing (it builds a CFG and liveness in the
 * arena).  Checks, each with the name it reports:
 *
 *   opcode     a Gen operation or a label; at most 3 sources
 *   exec       execution size 1, 2, 4, 8, 16 or 32; channel offset a
 *              multiple of 4 with offset + size <= 32
 *   operand    a known operand kind; destinations are registers, ARF
 *              or null, never immediates or labels
 *   type       register and immediate operands have a type; packed
 *              vector immediates (v, uv, vf) only as sources
 *   region     source regions <vs;w,hs> and destination strides hold
 *              values the hardware encodes
 *   register   register ids exist; a register operand stays inside its
 *              register (offset and extent at its exec size, SEND
 *              payloads and responses in whole GRFs); flags and
 *              descriptors name registers of their file
 *   label      label operands, JIP and UIP name labels placed once
 *   location   once allocated (IR_STAGE_ALLOCATED): every register an
 *              instruction names has a location inside its file,
 *              aligned, at its pin if pinned
 *   undefined  def-before-use where decidable: a register read where no
 *              path from the entry wrote it (may-be-defined dataflow of
 *              ir/live.c, followed into stack-call callees), unless it is defined on entry (input, ABI,
 *              pinned), reached through a0 (address taken) or holds a
 *              vISA variable (IR_V_VISA: the input may read those
 *              undefined, e.g. IGC's "cmp.eq P V V" on an unset V)
 *   swsb       on a platform without a software scoreboard no
 *              instruction carries an annotation; where there is one,
 *              distances are 1..7, tokens 0..15, and once the SWSB pass
 *              ran (IR_STAGE_SWSB) every SEND sets a token
 *
 * Each check has a unit test that makes it fire (tests/unit/test_ir.c).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cfg.h"

struct vctx {
	struct ir_prog *p;
	uint32_t i;                /* instruction being checked */
	bool ok;
	const struct ir_live *live;
	vf_word *defined;          /* may be defined before instruction i */
};

static bool fail(struct vctx *c, const char *check, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool fail(struct vctx *c, const char *check, const char *fmt, ...)
{
	char what[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (c->ok)
		ir_internal(c->p, "IR verifier: %s: instruction %u (vISA %u): %s",
		            check, c->i, c->p->insts.a[c->i].loc, what);
	c->ok = false;
	return false;
}

/* The platform model's software-scoreboard capability (caps.def). */
static bool plat_has_swsb(const struct plat_info *pl)
{
	return pl->caps.swsb;
}

static bool pow2_upto(unsigned x, unsigned max)
{
	return x >= 1 && x <= max && !(x & (x - 1));
}

static uint32_t file_bytes(enum ir_file f)
{
	return f == IR_RF_GRF ? IR_GRF_COUNT * IR_GRF_BYTES
	       : f == IR_RF_FLAG ? IR_FLAG_BYTES : IR_ADDR_BYTES;
}

static bool vreg_ok(struct vctx *c, uint32_t v, const char *what)
{
	if (v == 0 || v >= c->p->vregs.n)
		return fail(c, "register", "%s names register %u of %u", what, v,
		            c->p->vregs.n);
	return true;
}

static bool label_ok(struct vctx *c, int64_t l, const int32_t *placed,
                     const char *what)
{
	if (l < 0 || l >= (int64_t)c->p->labels.n || placed[l] < 0)
		return fail(c, "label", "%s names label %lld, which is not placed",
		            what, (long long)l);
	return true;
}

/* ---- one operand ------------------------------------------------------- */

static bool region_ok(struct vctx *c, const struct ir_opnd *o, bool dst,
                      const char *what)
{
	const struct gen_region *r = &o->rgn;
	if (dst) {
		if (r->hs != 0 && r->hs != 1 && r->hs != 2 && r->hs != 4)
			return fail(c, "region", "%s stride %u", what, r->hs);
		return true;
	}
	if (o->kind != IR_O_REG && o->kind != IR_O_IND)
		return true;
	bool vs = r->vs == 0 || pow2_upto(r->vs, 32) ||
	          (r->vs == GEN_VS_VXH && o->kind == IR_O_IND);
	bool w = pow2_upto(r->w, 16), hs = r->hs <= 4 && r->hs != 3;
	if (!vs || !w || !hs)
		return fail(c, "region", "%s region <%u;%u,%u>", what, r->vs, r->w,
		            r->hs);
	return true;
}

static bool type_ok(struct vctx *c, const struct ir_opnd *o, bool dst,
                    const char *what)
{
	bool needs = o->kind == IR_O_REG || o->kind == IR_O_IND ||
	             o->kind == IR_O_IMM || o->kind == IR_O_ARF;
	if (needs && o->type >= GEN_TYPE_INVALID)
		return fail(c, "type", "%s has no type", what);
	if (dst && (o->type == GEN_TYPE_V || o->type == GEN_TYPE_UV ||
	            o->type == GEN_TYPE_VF))
		return fail(c, "type", "%s has the packed immediate type %s", what,
		            gen_type_name((enum gen_type)o->type));
	return true;
}

/* Bytes a register holds for bound checks: SEND payloads are whole
 * GRFs, so a register that starts a GRF owns the rest of its last one. */
static uint32_t room(const struct ir_vreg *r)
{
	if (r->file == IR_RF_GRF && r->align >= IR_GRF_BYTES)
		return (r->size + IR_GRF_BYTES - 1) & ~(uint32_t)(IR_GRF_BYTES - 1);
	return r->size;
}

static bool bounds_ok(struct vctx *c, const struct ir_inst *in,
                      const struct ir_opnd *o, bool dst, unsigned grfs,
                      const char *what)
{
	const struct ir_vreg *r = &c->p->vregs.a[o->v];
	if (o->off < 0)
		return fail(c, "register", "%s at negative offset %d", what, o->off);
	uint64_t end;
	if (grfs)
		end = (uint64_t)o->off + (uint64_t)grfs * IR_GRF_BYTES;
	else if (!dst && o->rgn.vs == GEN_VS_VXH)
		return true;
	else   /* call writes, ret reads the 2-dword return address */
		end = (uint64_t)o->off + ir_opnd_extent(o, in->op == GEN_OP_CALL ||
		                                        in->op == GEN_OP_RET
		                                        ? 2 : in->exec, dst);
	if (end > room(r))
		return fail(c, "register", "%s reaches byte %llu of v%u, which "
		            "has %u", what, (unsigned long long)end, o->v, r->size);
	return true;
}

static bool opnd_ok(struct vctx *c, const struct ir_inst *in,
                    const struct ir_opnd *o, bool dst, unsigned grfs,
                    const int32_t *placed, const char *what)
{
	if (o->kind > IR_O_STACKTOP)
		return fail(c, "operand", "%s has kind %u", what, o->kind);
	if (!type_ok(c, o, dst, what) || !region_ok(c, o, dst, what))
		return false;
	switch (o->kind) {
	case IR_O_NONE: case IR_O_ARF:
		break;
	case IR_O_REG:
		if (!vreg_ok(c, o->v, what) ||
		    (!o->mme && !bounds_ok(c, in, o, dst, grfs, what)))
			return false;
		break;
	case IR_O_IND:
		if (!vreg_ok(c, o->v, what))
			return false;
		if (c->p->vregs.a[o->v].file != IR_RF_ADDR)
			return fail(c, "register", "%s is indirect through v%u, not "
			            "an address register", what, o->v);
		break;
	case IR_O_IMM: case IR_O_STACKTOP:
		if (dst)
			return fail(c, "operand", "%s is an immediate", what);
		break;
	case IR_O_LABEL:
		if (dst)
			return fail(c, "operand", "%s is a label", what);
		if (!label_ok(c, o->v, placed, what))
			return false;
		break;
	case IR_O_ADDROF:
		if (dst)
			return fail(c, "operand", "%s is an address immediate", what);
		if (!vreg_ok(c, o->v, what))
			return false;
		break;
	default:
		break;
	}
	return true;
}

/* ---- one instruction ---------------------------------------------------- */

static bool shape_ok(struct vctx *c, const struct ir_inst *in)
{
	if (in->op >= GEN_OP_COUNT && in->op != IR_OP_LABEL)
		return fail(c, "opcode", "operation %u", in->op);
	if (in->nsrc > 3)
		return fail(c, "opcode", "%u sources", in->nsrc);
	if (!pow2_upto(in->exec, 32))
		return fail(c, "exec", "execution size %u", in->exec);
	if (in->choff % 4 || in->choff + in->exec > 32)
		return fail(c, "exec", "channel offset %u at execution size %u",
		            in->choff, in->exec);
	return true;
}

static bool file_of(struct vctx *c, uint32_t v, enum ir_file f,
                    const char *what)
{
	if (!vreg_ok(c, v, what))
		return false;
	if (c->p->vregs.a[v].file != f)
		return fail(c, "register", "%s v%u is in register file %u", what, v,
		            c->p->vregs.a[v].file);
	return true;
}

static bool inst_ok(struct vctx *c, const struct ir_inst *in,
                    const int32_t *placed)
{
	if (!shape_ok(c, in))
		return false;
	if (in->op == IR_OP_LABEL)
		return in->src[0].kind == IR_O_LABEL ||
		       fail(c, "label", "label instruction without a label");
	bool send = ir_is_send(in->op);
	unsigned dg = send ? in->rlen : 0;
	if (!opnd_ok(c, in, &in->dst, true, dg, placed, "destination"))
		return false;
	static const char *const names[3] = { "source 0", "source 1",
	                                      "source 2" };
	for (unsigned s = 0; s < in->nsrc; s++) {
		unsigned g = send ? (s == 0 ? in->mlen : in->xlen) : 0;
		if (!opnd_ok(c, in, &in->src[s], false, g, placed, names[s]))
			return false;
	}
	if (in->flag && !file_of(c, in->flag, IR_RF_FLAG, "flag"))
		return false;
	if (in->desc_reg && !file_of(c, in->desc_reg, IR_RF_ADDR, "descriptor"))
		return false;
	if (in->jip >= 0 && !label_ok(c, in->jip, placed, "JIP"))
		return false;
	if (in->uip >= 0 && !label_ok(c, in->uip, placed, "UIP"))
		return false;
	return true;
}

static bool swsb_ok(struct vctx *c, const struct ir_inst *in, unsigned stages)
{
	const struct ir_swsb *w = &in->swsb;
	bool any = w->dist || w->pipe || w->mode || w->sbid;
	if (!plat_has_swsb(c->p->plat))
		return !any || fail(c, "swsb", "SWSB annotation on %s, which has "
		                    "no software scoreboard", c->p->plat->name);
	if (w->dist > 7 || w->sbid > 15 || w->mode > GEN_SBID_SRC ||
	    w->pipe > IR_PIPE_MATH)
		return fail(c, "swsb", "annotation @%u pipe %u token $%u mode %u",
		            w->dist, w->pipe, w->sbid, w->mode);
	if ((stages & IR_STAGE_SWSB) && ir_is_send(in->op) &&
	    w->mode != GEN_SBID_SET)
		return fail(c, "swsb", "SEND sets no SBID token");
	return true;
}

/* ---- allocation -------------------------------------------------------- */

static void loc_ref(void *ctx, uint32_t v, bool def, bool full, uint32_t pos)
{
	(void)def;
	(void)full;
	(void)pos;
	struct vctx *c = ctx;
	if (!c->ok)
		return;
	const struct ir_vreg *r = &c->p->vregs.a[v];
	if (r->loc < 0) {
		fail(c, "location", "v%u has no location", v);
		return;
	}
	uint32_t align = r->align ? r->align : 1;
	if (r->pin >= 0 && r->loc != r->pin)
		fail(c, "location", "v%u at byte %d, pinned at %d", v, r->loc, r->pin);
	else if ((uint64_t)r->loc + r->size > file_bytes((enum ir_file)r->file))
		fail(c, "location", "v%u at byte %d with %u bytes leaves its "
		     "register file", v, r->loc, r->size);
	else if (r->pin < 0 && r->loc % align)
		fail(c, "location", "v%u at byte %d is not %u-byte aligned", v,
		     r->loc, align);
}

/* ---- def-before-use ---------------------------------------------------- */

static bool defined_on_entry(const struct ir_prog *p, uint32_t v)
{
	const struct ir_vreg *r = &p->vregs.a[v];
	return r->pin >= 0 || v == p->r0 ||
	       (r->flags & (IR_V_LIVE_IN | IR_V_GLOBAL | IR_V_PINNED |
	                    IR_V_ADDR_TAKEN | IR_V_VISA));
}

static void def_ref(void *ctx, uint32_t v, bool def, bool full, uint32_t pos)
{
	(void)full;
	(void)pos;
	struct vctx *c = ctx;
	if (def) {
		vf_bit_set(c->defined, v);
		return;
	}
	if (c->ok && !vf_bit_test(c->defined, v) && !defined_on_entry(c->p, v))
		fail(c, "undefined", "v%u%s%s is read before anything writes it",
		     v, c->p->vregs.a[v].name ? " " : "",
		     c->p->vregs.a[v].name ? c->p->vregs.a[v].name : "");
}

static bool merge(vf_word *to, const vf_word *from, uint32_t nw)
{
	bool changed = false;
	for (uint32_t w = 0; w < nw; w++)
		if ((to[w] | from[w]) != to[w]) {
			to[w] |= from[w];
			changed = true;
		}
	return changed;
}

/* The liveness's "may be defined" sets, extended into stack-call
 * callees: what the caller wrote before an fcall (its return address)
 * may be defined on entry of the callee.  def_out = def_in + local
 * writes, so with growing def_in the new def_out is old def_out | def_in. */
static vf_word *defined_in(struct ir_prog *p, const struct ir_cfg *g,
                           const struct ir_live *l)
{
	size_t words = (size_t)g->nb * l->nw;
	vf_word *in = ir_alloc(p, (words + 1) * sizeof *in);
	vf_word *out = ir_alloc(p, (words + 1) * sizeof *out);
	memcpy(in, l->def_in, words * sizeof *in);
	memcpy(out, l->def_out, words * sizeof *out);
	for (bool changed = g->ncalls > 0; changed;) {
		changed = false;
		for (uint32_t k = 0; k < g->ncalls; k++)
			changed |= merge(in + (size_t)g->calls[k].to * l->nw,
			                 out + (size_t)g->calls[k].from * l->nw, l->nw);
		for (uint32_t b = 0; b < g->nb; b++) {
			vf_word *o = out + (size_t)b * l->nw;
			changed |= merge(o, in + (size_t)b * l->nw, l->nw);
			for (uint32_t s = 0; s < g->b[b].nsucc; s++)
				changed |= merge(in + (size_t)g->b[b].succ[s] * l->nw, o,
				                 l->nw);
		}
	}
	return in;
}

/* Reads come before the writes of one instruction (ir_inst_refs order),
 * so "mov t = t" with t undefined is caught. */
static bool defs_ok(struct vctx *c)
{
	struct ir_prog *p = c->p;
	const struct ir_cfg *g = ir_cfg_build(p);
	const struct ir_live *l = ir_live_build(p, g, NULL);
	const vf_word *def_in = defined_in(p, g, l);
	c->live = l;
	c->defined = ir_alloc(p, (l->nw + 1) * sizeof(vf_word));
	for (uint32_t b = 0; b < g->nb && c->ok; b++) {
		const vf_word *in = ir_live_row(l, def_in, b);
		for (uint32_t w = 0; w < l->nw; w++)
			c->defined[w] = in[w];
		for (uint32_t i = g->b[b].first; i < g->b[b].end && c->ok; i++) {
			c->i = i;
			ir_inst_refs(p, l, &p->insts.a[i], i, def_ref, c);
		}
	}
	return c->ok;
}

bool ir_verify(struct ir_prog *p, unsigned stages)
{
	struct vctx c = { .p = p, .ok = true };
	const char *saved = p->inst_name;
	p->inst_name = NULL;   /* messages name the IR instruction */
	int32_t *placed = ir_alloc(p, (p->labels.n + 1) * sizeof *placed);
	for (uint32_t l = 0; l < p->labels.n; l++)
		placed[l] = -1;
	for (uint32_t i = 0; i < p->insts.n && c.ok; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		c.i = i;
		if (in->op != IR_OP_LABEL)
			continue;
		uint32_t l = in->src[0].v;
		if (in->src[0].kind != IR_O_LABEL || l >= p->labels.n)
			fail(&c, "label", "label instruction names label %u", l);
		else if (placed[l] >= 0)
			fail(&c, "label", "label %u placed twice (also at %d)", l,
			     placed[l]);
		else
			placed[l] = (int32_t)i;
	}
	for (uint32_t i = 0; i < p->insts.n && c.ok; i++) {
		c.i = i;
		if (inst_ok(&c, &p->insts.a[i], placed))
			swsb_ok(&c, &p->insts.a[i], stages);
	}
	if (c.ok && (stages & IR_STAGE_ALLOCATED)) {
		struct ir_live none = { .nv = p->vregs.n };
		for (uint32_t i = 0; i < p->insts.n && c.ok; i++) {
			c.i = i;
			ir_inst_refs(p, &none, &p->insts.a[i], i, loc_ref, &c);
		}
	}
	if (c.ok)
		defs_ok(&c);
	p->inst_name = saved;
	return c.ok;
}
