/*
 * region.c - vISA operands to IR operands.
 *
 * Inputs: the vISA routine's declarations and the current instruction's
 * operands (struct vf_opnd in binary field order).  Outputs: ir_opnd
 * values naming (virtual register, byte offset, type, region).
 *
 * Spec: shared/spec/visa/5_operands.md: general operands (row/column
 * offsets, 4-bit region codes), indirect operands (address element,
 * byte offset, multi-address when the vertical stride is null),
 * immediates, predicates (id bits 0-11, combine bits 13-14, inverse bit
 * 15); 4_visa_header.md: variables, aliases, alignment codes, inputs;
 * 3_execution_model.md: pre-defined variables.  The group ids live in
 * r0.1, r0.6 and r0.7 (GEN-FACTS 7.1).
 */
#include "config.h"

#include <string.h>

#include "build.h"

enum gen_type bld_type(unsigned t)
{
	static const uint8_t map[16] = {
		[VISA_TYPE_UD] = GEN_TYPE_UD, [VISA_TYPE_D] = GEN_TYPE_D,
		[VISA_TYPE_UW] = GEN_TYPE_UW, [VISA_TYPE_W] = GEN_TYPE_W,
		[VISA_TYPE_UB] = GEN_TYPE_UB, [VISA_TYPE_B] = GEN_TYPE_B,
		[VISA_TYPE_DF] = GEN_TYPE_DF, [VISA_TYPE_F] = GEN_TYPE_F,
		[VISA_TYPE_V] = GEN_TYPE_V, [VISA_TYPE_VF] = GEN_TYPE_VF,
		[VISA_TYPE_BOOL] = GEN_TYPE_INVALID, [VISA_TYPE_UQ] = GEN_TYPE_UQ,
		[VISA_TYPE_UV] = GEN_TYPE_UV, [VISA_TYPE_Q] = GEN_TYPE_Q,
		[VISA_TYPE_HF] = GEN_TYPE_HF, [VISA_TYPE_BF] = GEN_TYPE_INVALID,
	};
	return (enum gen_type)map[t & 0xF];
}

unsigned bld_exec_size(unsigned exec)
{
	static const uint8_t sizes[8] = { 1, 2, 4, 8, 16, 32, 0, 0 };
	return sizes[exec & 7];
}

unsigned bld_choff(unsigned exec)
{
	return ((exec >> 4) & 7) * 4;
}

bool bld_nomask(unsigned exec)
{
	return (exec >> 4) >= 8;
}

/* Alignment code (bits 4-7 of bit_properties) to bytes. */
static unsigned align_bytes(unsigned code)
{
	static const uint8_t b[10] = { 1, 2, 4, 8, 16, 32, 64, 32, 64, 128 };
	return code < 10 ? b[code] : 32;
}

/* Pre-defined variables V0..V20 (3_execution_model.md). */
static void predef_var(struct bld *b, uint32_t id, struct bld_var *v)
{
	v->type = GEN_TYPE_UD;
	switch (id) {
	case 0: v->kind = BV_NULL; return;
	case 3: case 4: case 5:  /* %group_id_x/y/z: r0.1, r0.6, r0.7 */
		v->kind = BV_GRF;
		v->vreg = b->p->r0;
		v->off = id == 3 ? 4 : id == 4 ? 24 : 28;
		return;
	case 6: v->kind = BV_ARF; v->rn = GEN_RN_TM; return;   /* %tsc */
	case 7: v->kind = BV_GRF; v->vreg = b->p->r0; return;  /* %r0 */
	case 8: case 9: case 10: case 11: case 12: {  /* %arg %retval %sp %fp %hw_id */
		uint32_t r = id == 8 ? b->p->arg : id == 9 ? b->p->retval
		             : id == 12 ? b->p->hwid : b->p->spfp;
		if (!r) {
			v->kind = BV_UNSUPPORTED;
			return;
		}
		v->kind = BV_GRF;
		v->vreg = r;
		v->type = id == 10 || id == 11 ? GEN_TYPE_UQ : GEN_TYPE_UD;
		v->off = id == 11 ? 8 : 0;
		return;
	}
	case 13: v->kind = BV_ARF; v->rn = GEN_RN_SR; return;  /* %sr0 */
	case 14: v->kind = BV_ARF; v->rn = GEN_RN_CR; return;  /* %cr0 */
	case 15: v->kind = BV_ARF; v->rn = GEN_RN_CE; return;  /* %ce0 */
	case 16: v->kind = BV_ARF; v->rn = GEN_RN_DBG; return; /* %dbg0 */
	default: v->kind = BV_UNSUPPORTED; return;
	}
}

static bool resolve_var(struct bld *b, uint32_t id, unsigned depth);

/* A root variable gets its own virtual register; an alias shares its
 * base's register at alias_offset. */
static bool resolve_decl(struct bld *b, uint32_t id, unsigned depth)
{
	struct bld_var *v = &b->vars[id];
	const struct vf_var *d = &b->r->vars[id - VISA_NUM_PREDEF_VARS];
	v->type = (uint8_t)bld_type(d->bit_properties & 0xF);
	if (v->type == GEN_TYPE_INVALID)
		return ir_unsupported(b->p, "variable V%u has an unsupported type",
		                      id);
	if (d->alias_index) {
		if (d->alias_scope)
			return ir_unsupported(b->p, "V%u aliases a file-scope "
			                      "variable", id);
		if (d->alias_index >= b->nvars || depth > 64)
			return ir_bad_input(b->p, "V%u: bad alias base", id);
		if (!resolve_var(b, d->alias_index, depth + 1))
			return false;
		const struct bld_var *base = &b->vars[d->alias_index];
		if (base->kind != BV_GRF)
			return ir_unsupported(b->p, "V%u aliases pre-defined variable "
			                      "V%u", id, d->alias_index);
		v->kind = BV_GRF;
		v->vreg = base->vreg;
		v->off = base->off + d->alias_offset;
		return true;
	}
	unsigned ts = gen_type_size((enum gen_type)v->type);
	uint32_t size = ts * (d->num_elements ? d->num_elements : 1);
	unsigned align = align_bytes(d->bit_properties >> 4);
	if (size >= IR_GRF_BYTES && align < IR_GRF_BYTES)
		align = IR_GRF_BYTES;
	if (align < ts)
		align = ts;
	/* Variables below one GRF never cross a GRF boundary (spec
	 * 5_operands.md, "Region Restrictions"): align them to the next power
	 * of two of their size. */
	while (size < IR_GRF_BYTES && align < size)
		align *= 2;
	v->kind = BV_GRF;
	v->vreg = ir_vreg_new(b->p, IR_RF_GRF, size, align);
	ir_vreg(b->p, v->vreg)->flags |= IR_V_VISA;
	v->off = 0;
	const char *nm = vf_routine_string(b->r, d->name);
	if (nm)
		ir_vreg(b->p, v->vreg)->name = nm;
	return true;
}

static bool resolve_var(struct bld *b, uint32_t id, unsigned depth)
{
	struct bld_var *v = &b->vars[id];
	if (v->kind != BV_UNRESOLVED)
		return true;
	if (id < VISA_NUM_PREDEF_VARS) {
		predef_var(b, id, v);
		return true;
	}
	return resolve_decl(b, id, depth);
}

bool bld_var(struct bld *b, uint32_t id, struct bld_var **out)
{
	if (id >= b->nvars)
		return ir_bad_input(b->p, "variable id %u out of range", id);
	if (b->vars[id].kind == BV_UNRESOLVED && !resolve_var(b, id, 0))
		return false;
	*out = &b->vars[id];
	if ((*out)->kind == BV_UNSUPPORTED)
		return ir_unsupported(b->p, "pre-defined variable V%u is not "
		                      "supported yet", id);
	return true;
}

/* Region code (spec table in 5_operands.md): 0 null, 1 -> 0, 2 -> 1 ...
 * as a byte (codes past 9 give 0: what the uint8_t fields of struct
 * gen_region kept of 1 << (c - 2)), from a table (issue 12: three per
 * source operand). */
static const uint8_t rcode_of[16] = { 0, 0, 1, 2, 4, 8, 16, 32, 64, 128 };

static unsigned rcode(unsigned c)
{
	return rcode_of[c & 0xF];
}

static uint8_t mods_of(unsigned m)
{
	switch (m) {
	case VISA_MOD_ABS: return GEN_MOD_ABS;
	case VISA_MOD_NEG: return GEN_MOD_NEG;
	case VISA_MOD_NEG_ABS: return GEN_MOD_NEG | GEN_MOD_ABS;
	case VISA_MOD_NOT: return GEN_MOD_NEG;  /* logic ops: negate is NOT */
	default: return 0;
	}
}

bool bld_has(const struct bld *b, unsigned k)
{
	return k < b->in->nopnds;
}

uint64_t bld_int(const struct bld *b, unsigned k)
{
	if (k >= b->in->nopnds || b->in->opnds[k].kind != VF_OPND_OTHER)
		return 0;
	return b->in->opnds[k].u.other;
}

static const struct vf_vector *vec_of(struct bld *b, unsigned k)
{
	if (k >= b->in->nopnds || b->in->opnds[k].kind != VF_OPND_VECTOR) {
		ir_bad_input(b->p, "operand %u is missing (truncated instruction?)",
		             k);
		return NULL;
	}
	return &b->in->opnds[k].u.vec;
}

static uint64_t imm_value(unsigned vt, uint64_t v, enum gen_type *t)
{
	*t = bld_type(vt);
	switch (vt) {
	case VISA_TYPE_B:  /* no byte immediates: widen */
		*t = GEN_TYPE_W;
		return (uint64_t)(int64_t)(int8_t)v & 0xFFFF;
	case VISA_TYPE_UB:
		*t = GEN_TYPE_UW;
		return v & 0xFF;
	case VISA_TYPE_UD: case VISA_TYPE_D: case VISA_TYPE_F:
	case VISA_TYPE_V: case VISA_TYPE_UV: case VISA_TYPE_VF:
		return v & 0xFFFFFFFFu;
	case VISA_TYPE_UW: case VISA_TYPE_W: case VISA_TYPE_HF:
		return v & 0xFFFF;
	default:
		return v;
	}
}

/* (inlined into vector, so into bld_src and bld_dst with 'dst' known:
 * issue 12, the call cost a fifth of it for every operand) */
static inline __attribute__((always_inline)) bool
general(struct bld *b, const struct vf_vector *v, bool dst, struct ir_opnd *o)
{
	/* a resolved, supported variable without the call (issue 12: every
	 * operand); bld_var resolves the others and reports the bad ones */
	uint32_t id = v->u.gen.id;
	struct bld_var *bv = id < b->nvars ? &b->vars[id] : NULL;
	if ((!bv || bv->kind == BV_UNRESOLVED || bv->kind == BV_UNSUPPORTED) &&
	    !bld_var(b, id, &bv))
		return false;
	unsigned ts = gen_type_size((enum gen_type)bv->type);
	int32_t off = (int32_t)v->u.gen.row * IR_GRF_BYTES +
	              (int32_t)v->u.gen.col * (int32_t)ts;
	unsigned r = v->u.gen.region;
	if (bv->kind == BV_NULL) {
		*o = ir_null(GEN_TYPE_UD);
	} else if (bv->kind == BV_ARF) {
		*o = ir_arf((enum gen_regname)bv->rn, bv->nr,
		            (unsigned)(bv->off + off), (enum gen_type)bv->type);
	} else {
		*o = ir_reg(bv->vreg, bv->off + off, (enum gen_type)bv->type);
	}
	if (dst)
		o->rgn = (struct gen_region){ 0, 0, (uint8_t)rcode(r >> 8) };
	else
		o->rgn = (struct gen_region){ (uint8_t)rcode(r), (uint8_t)rcode(r >> 4),
		                              (uint8_t)rcode(r >> 8) };
	if (dst && o->rgn.hs == 0)
		o->rgn.hs = 1;
	if (!dst && o->rgn.w == 0)
		o->rgn.w = 1;
	/* A row of one element has no horizontal step: the PRM's region rules
	 * want HorzStride 0 when Width is 1, and passes that scale strides
	 * (dword_mul's word halves) would otherwise make an unencodable one
	 * from a meaningless <1;1,4>. */
	if (!dst && o->rgn.w == 1)
		o->rgn.hs = 0;
	return true;
}

static bool indirect(struct bld *b, const struct vf_vector *v, bool dst,
                     struct ir_opnd *o)
{
	unsigned id = v->u.ind.id;
	if (id >= b->r->addr_count)
		return ir_bad_input(b->p, "address variable A%u out of range", id);
	memset(o, 0, sizeof *o);
	o->kind = IR_O_IND;
	o->type = (uint8_t)bld_type(v->u.ind.type & 0xF);
	o->v = b->addrs[id];
	o->aoff = (uint16_t)(v->u.ind.addr_offset * 2u);
	o->off = v->u.ind.offset;
	unsigned r = v->u.ind.region;
	if (dst) {
		o->rgn = (struct gen_region){ 0, 0, (uint8_t)rcode((r >> 8) & 0xF) };
		if (!o->rgn.hs)
			o->rgn.hs = 1;
		return true;
	}
	o->rgn = (struct gen_region){ (uint8_t)rcode(r & 0xF),
	                              (uint8_t)rcode((r >> 4) & 0xF),
	                              (uint8_t)rcode((r >> 8) & 0xF) };
	if ((r & 0xF) == 0)
		o->rgn.vs = GEN_VS_VXH;  /* multi-address */
	if (!o->rgn.w)
		o->rgn.w = 1;
	return true;
}

/* The elements of predicate P<id> an instruction uses are its channels,
 * [mask offset, mask offset + exec size) (5_operands.md: "{M3} means the
 * first element will be pred_id(8)"); they lie inside the predicate, not
 * in flag bits past it (a fuzz finding: or (M3, 8) on 8-element
 * predicates). */
static bool pred_inside(struct bld *b, unsigned id)
{
	unsigned first = bld_choff(b->in->exec);
	unsigned n = bld_exec_size(b->in->exec);
	unsigned elts = b->r->preds[id - 1].num_elements;
	if (first + n > elts)
		return ir_bad_input(b->p, "predicate P%u of %u elements used by "
		                    "channels %u..%u", id, elts, first,
		                    first + n - 1);
	return true;
}

unsigned bld_pred_elements(struct bld *b, unsigned k)
{
	if (k >= b->in->nopnds || b->in->opnds[k].kind != VF_OPND_VECTOR)
		return 0;
	const struct vf_vector *v = &b->in->opnds[k].u.vec;
	unsigned id = v->u.pred.id & 0xFFF;
	if ((v->tag & 7) != VISA_CLASS_PREDICATE || id == 0 ||
	    id > b->r->pred_count)
		return 0;
	return b->r->preds[id - 1].num_elements;
}

/* inlined into bld_src and bld_dst, so that the dst flag folds and an
 * operand costs no calls (issue 12: every operand of every instruction) */
static inline __attribute__((always_inline)) bool
vector(struct bld *b, unsigned k, bool dst, struct ir_opnd *o,
                   unsigned *mod)
{
	const struct vf_vector *v = vec_of(b, k);
	if (!v)
		return false;
	unsigned cls = v->tag & 7;
	*mod = (v->tag >> 3) & 7;
	switch (cls) {
	case VISA_CLASS_GENERAL:
		return general(b, v, dst, o);
	case VISA_CLASS_INDIRECT:
		return indirect(b, v, dst, o);
	case VISA_CLASS_IMMEDIATE: {
		enum gen_type t;
		uint64_t bits = imm_value(v->u.imm.type, v->u.imm.value, &t);
		if (t == GEN_TYPE_INVALID)
			return ir_unsupported(b->p, "immediate type %u", v->u.imm.type);
		*o = ir_imm(bits, t);
		return true;
	}
	case VISA_CLASS_ADDRESS:
		if (v->u.addr.id >= b->r->addr_count)
			return ir_bad_input(b->p, "address A%u out of range",
			                    v->u.addr.id);
		*o = ir_reg(b->addrs[v->u.addr.id], v->u.addr.offset * 2,
		            GEN_TYPE_UW);
		if (!dst)
			o->rgn = (struct gen_region){ 1, 1, 0 };
		else
			o->rgn.hs = 1;
		return true;
	case VISA_CLASS_PREDICATE: {
		unsigned id = v->u.pred.id & 0xFFF;
		if (id == 0 || id > b->r->pred_count)
			return ir_bad_input(b->p, "predicate P%u out of range", id);
		if (!pred_inside(b, id))
			return false;
		uint32_t f = b->preds[id];
		*o = ir_reg(f, 0, ir_vreg(b->p, f)->size > 2 ? GEN_TYPE_UD
		                                           : GEN_TYPE_UW);
		if (dst)
			o->rgn.hs = 1;
		return true;
	}
	default:
		return ir_unsupported(b->p, "operand class %u here", cls);
	}
}

/* ir_opnd_extent, a source's row and column by shifts when its width is
 * a power of two, as every region code gives (issue 12: a division for
 * every source operand of every instruction). */
static inline __attribute__((always_inline)) unsigned
extent(const struct ir_opnd *o, unsigned n, bool dst)
{
	unsigned w = o->rgn.w;
	if (dst || !n || !w || (w & (w - 1)))
		return ir_opnd_extent(o, n, dst);
	unsigned ts = gen_type_size((enum gen_type)o->type);
	unsigned last = n - 1, lw = (unsigned)__builtin_ctz(w);
	unsigned row = last >> lw, col = last & (w - 1);
	unsigned hi = row * o->rgn.vs + col * o->rgn.hs;
	if (row) {
		unsigned before = (row - 1) * o->rgn.vs + (w - 1) * o->rgn.hs;
		if (before > hi)
			hi = before;
	}
	return hi * ts + ts;
}

/* A general or address operand stays inside its register: the elements
 * the instruction's exec size reaches through the region end within the
 * variable's storage (5_operands.md); an indirect one's address elements
 * inside its address variable; anything else is bad input, never a
 * write over a neighbour. */
static inline __attribute__((always_inline)) bool
inside_var(struct bld *b, const struct ir_opnd *o, bool dst)
{
	unsigned n = bld_exec_size(b->in->exec);
	/* a packed vector immediate is a vector of 8 words (:v, :uv) or 4
	 * floats (:vf) read contiguously: no more channels than that, except
	 * in a mov, where the hardware repeats the vector over the
	 * destination (docs/gensim.md "packed immediates") */
	if (o->kind == IR_O_IMM && b->in->opcode != VISA_OP_MOV &&
	    (o->type == GEN_TYPE_V || o->type == GEN_TYPE_UV ||
	     o->type == GEN_TYPE_VF)) {
		unsigned elems = o->type == GEN_TYPE_VF ? 4 : 8;
		if (n > elems)
			return ir_bad_input(b->p, "packed immediate of %u elements "
			                    "read by %u channels", elems, n);
	}
	/* an indirect operand reads one address element, or one per row of
	 * a multi-address region <W,H> (exec size / W of them); they lie
	 * inside the address variable (a fuzz finding: addr_add on 8 lanes
	 * of a 6-element address variable, an internal error) */
	if (o->kind == IR_O_IND) {
		unsigned addrs = o->rgn.vs == GEN_VS_VXH
		                 ? (n + o->rgn.w - 1) / (o->rgn.w ? o->rgn.w : 1) : 1;
		uint32_t asize = b->p->vregs.a[o->v].size;
		if ((uint32_t)o->aoff + 2u * addrs > asize)
			return ir_bad_input(b->p, "indirect %s operand uses address "
			                    "elements %u..%u of an address variable "
			                    "of %u", dst ? "destination" : "source",
			                    o->aoff / 2u, o->aoff / 2u + addrs - 1,
			                    asize / 2u);
		return true;
	}
	if (o->kind != IR_O_REG || b->p->vregs.a[o->v].file == IR_RF_FLAG)
		return true;
	uint64_t end = (uint64_t)(int64_t)o->off + extent(o, n, dst);
	if (o->off < 0 || end > b->p->vregs.a[o->v].size)
		return ir_bad_input(b->p, "%s operand reaches byte %llu of a%s "
		                    "variable of %u bytes (exec size %u)",
		                    dst ? "destination" : "source",
		                    (unsigned long long)end,
		                    b->p->vregs.a[o->v].file == IR_RF_ADDR
		                    ? "n address" : "",
		                    b->p->vregs.a[o->v].size, n);
	return true;
}

bool bld_src(struct bld *b, unsigned k, struct ir_opnd *o)
{
	unsigned mod;
	if (!vector(b, k, false, o, &mod) || !inside_var(b, o, false))
		return false;
	if (mod == VISA_MOD_SAT)
		return ir_bad_input(b->p, "saturation on a source");
	o->mods = mods_of(mod);
	return true;
}

bool bld_dst(struct bld *b, unsigned k, struct ir_opnd *o, bool *sat)
{
	unsigned mod;
	if (!vector(b, k, true, o, &mod) || !inside_var(b, o, true))
		return false;
	if (o->kind == IR_O_IMM)
		return ir_bad_input(b->p, "immediate destination");
	if (sat)
		*sat = mod == VISA_MOD_SAT;
	return true;
}

bool bld_raw(struct bld *b, unsigned k, struct ir_opnd *o)
{
	if (k >= b->in->nopnds || b->in->opnds[k].kind != VF_OPND_RAW)
		return ir_bad_input(b->p, "raw operand %u is missing", k);
	const struct vf_raw *r = &b->in->opnds[k].u.raw;
	struct bld_var *bv;
	if (!bld_var(b, r->id, &bv))
		return false;
	if (bv->kind == BV_NULL) {
		*o = ir_null(GEN_TYPE_UD);
		return true;
	}
	if (bv->kind != BV_GRF)
		return ir_unsupported(b->p, "raw operand on a special register");
	*o = ir_reg(bv->vreg, bv->off + r->offset, (enum gen_type)bv->type);
	o->rgn = (struct gen_region){ 1, 1, 0 };
	/* the message's bytes from the offset stay inside the variable
	 * (raw_extent.c: one rule for every message builder) */
	struct bld_raw_use u;
	bld_raw_use(b, k, gen_type_size((enum gen_type)bv->type), &u);
	uint32_t size = b->p->vregs.a[o->v].size;
	uint64_t end = (uint64_t)(int64_t)o->off + (u.shorter_ok ? 1 : u.bytes);
	if (u.bytes && (o->off < 0 || end > size))
		return ir_bad_input(b->p, "raw operand %u (%s, %u bytes at exec "
		                    "size %u) reaches byte %llu of a variable of %u "
		                    "bytes", k, u.what, u.bytes,
		                    bld_exec_size(b->in->exec),
		                    (unsigned long long)end, size);
	if (u.bytes && ir_opnd_align(b->p, o) < u.elem)
		return ir_bad_input(b->p, "raw operand %u (%s) at byte %d of its "
		                    "variable is not aligned to its %u-byte "
		                    "elements", k, u.what, (int)o->off, u.elem);
	return true;
}

bool bld_pred(struct bld *b, struct ir_inst *in)
{
	unsigned w = b->in->has_pred ? b->in->pred : 0;
	unsigned id = w & 0xFFF;
	if (!id)
		return true;
	if (id > b->r->pred_count)
		return ir_bad_input(b->p, "predicate P%u out of range", id);
	if (!pred_inside(b, id))
		return false;
	in->flag = b->preds[id];
	in->pinv = (w >> 15) & 1;
	unsigned ctrl = (w >> 13) & 3;
	in->pred = GEN_PRED_NORMAL;
	if (ctrl && in->exec > 1) {
		static const uint8_t any[6] = { 0, GEN_PRED_ANY2H, GEN_PRED_ANY4H,
		                                GEN_PRED_ANY8H, GEN_PRED_ANY16H,
		                                GEN_PRED_ANY32H };
		unsigned l = 0;
		while ((1u << l) < in->exec)
			l++;
		in->pred = any[l] + (ctrl == 2 ? 1 : 0);
	}
	return true;
}

void bld_exec(struct bld *b, struct ir_inst *in)
{
	unsigned e = b->in->exec;
	in->exec = (uint8_t)bld_exec_size(e);
	in->choff = (uint8_t)bld_choff(e);
	in->nomask = bld_nomask(e);
}
