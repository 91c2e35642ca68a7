/*
 * visa_print_lsc.c - vISA assembly text printer: LSC instructions
 * (lsc_untyped, lsc_typed, lsc_fence) in IGC's syntax, e.g.
 *   lsc_load.ugm.ca.ca (M1, 16)  V1:d32x4  flat[V2+0x40]:a64
 *
 * Fields (after the sub-opcode): SFID (untyped only), L1 and L3 cache
 * controls, address model/scale/offset/size, data shape, then the
 * surface and the data/address operands (visa_ops.h, IGC's
 * ByteCodeReaderNG order).  Spec: shared/spec/visa/instructions/
 * LSC_UNTYPED.md, LSC_TYPED.md, LSC_FENCE.md.
 *
 * IGC formats these with a stream whose hexadecimal digits turn upper
 * case once an immediate operand has been written; the 'upper' flag of
 * struct lsc reproduces that (docs/visa-text-printer.md).
 */
#include "visa_ops.h"
#include "visa_print_priv.h"

/* Operation kinds and names by LSC op code (IsaDescription LscOpInfo). */
enum lsc_kind { LSC_NONE, LSC_LOAD, LSC_STORE, LSC_ATOMIC, LSC_OTHER };

static const struct lsc_op_info {
	const char *name;
	uint8_t kind;
} lsc_ops[0x20] = {
	{ "lsc_load", LSC_LOAD }, { "lsc_load_strided", LSC_LOAD },
	{ "lsc_load_quad", LSC_LOAD }, { "lsc_load_block2d", LSC_LOAD },
	{ "lsc_store", LSC_STORE }, { "lsc_store_strided", LSC_STORE },
	{ "lsc_store_quad", LSC_STORE }, { "lsc_store_block2d", LSC_STORE },
	{ "lsc_atomic_iinc", LSC_ATOMIC }, { "lsc_atomic_idec", LSC_ATOMIC },
	{ "lsc_atomic_load", LSC_ATOMIC }, { "lsc_atomic_store", LSC_ATOMIC },
	{ "lsc_atomic_iadd", LSC_ATOMIC }, { "lsc_atomic_isub", LSC_ATOMIC },
	{ "lsc_atomic_smin", LSC_ATOMIC }, { "lsc_atomic_smax", LSC_ATOMIC },
	{ "lsc_atomic_umin", LSC_ATOMIC }, { "lsc_atomic_umax", LSC_ATOMIC },
	{ "lsc_atomic_icas", LSC_ATOMIC }, { "lsc_atomic_fadd", LSC_ATOMIC },
	{ "lsc_atomic_fsub", LSC_ATOMIC }, { "lsc_atomic_fmin", LSC_ATOMIC },
	{ "lsc_atomic_fmax", LSC_ATOMIC }, { "lsc_atomic_fcas", LSC_ATOMIC },
	{ "lsc_atomic_and", LSC_ATOMIC }, { "lsc_atomic_or", LSC_ATOMIC },
	{ "lsc_atomic_xor", LSC_ATOMIC }, { "lsc_load_status", LSC_LOAD },
	{ "lsc_store_uncompressed", LSC_STORE },
	{ "lsc_ccs_update", LSC_OTHER }, { "lsc_read_state_info", LSC_LOAD },
	{ "lsc_fence", LSC_OTHER },
};
enum {
	OP_LOAD_STRIDED = 1, OP_LOAD_QUAD = 2, OP_LOAD_BLOCK2D = 3,
	OP_STORE_STRIDED = 5, OP_STORE_QUAD = 6, OP_STORE_BLOCK2D = 7,
	OP_READ_STATE_INFO = 0x1E,
};

/* Enumerations by encoded value (NULL = invalid). */
static const char *const sfid_names[4] = { ".ugm", ".ugml", ".tgm", ".slm" };
enum { SFID_TGM = 2 };
static const char *const cache_names[7] = {
	".df", ".uc", ".ca", ".wb", ".wt", ".st", ".ri",
};
static const char *const addr_type_names[6] = {
	NULL, "flat", "bss", "ss", "bti", "arg",
};
static const char *const addr_size_names[4] = { NULL, ":a16", ":a32", ":a64" };
static const char *const data_size_names[8] = {
	NULL, ":d8", ":d16", ":d32", ":d64", ":d8c32", ":d16c32", ":d16c32h",
};
static const char *const elems_names[9] = {
	NULL, "", "x2", "x3", "x4", "x8", "x16", "x32", "x64",
};
static const char *const order_names[3] = { NULL, "", "t" };
static const char *const fence_op_names[7] = {
	".none", ".evict", ".invalidate", ".discard", ".clean", ".flushl3",
	".type6",
};
static const char *const scope_names[7] = {
	".group", ".local", ".tile", ".gpu", ".gpus", ".sysrel", ".sysacq",
};

#define NAMES(t) (t), (unsigned)(sizeof(t) / sizeof((t)[0]))

struct lsc {
	struct vp_ctx *c;
	unsigned op, kind;
	unsigned next;      /* next field to read */
	bool upper;         /* hex digits print upper case from now on */
	/* data shape */
	unsigned dsize, order, elems, chmask;
};

static bool next_field(struct lsc *l, uint32_t *v)
{
	return vp_other(l->c, l->next++, v);
}

static bool next_byte(struct lsc *l, unsigned *v)
{
	uint32_t x;
	if (!next_field(l, &x))
		return false;
	*v = x & 0xFF;
	return true;
}

static bool put_enum(struct lsc *l, const char *what,
                     const char *const *table, unsigned n, unsigned v)
{
	if (v >= n || !table[v])
		return vp_fail(l->c, "invalid LSC %s %u", what, v);
	vp_puts(l->c, table[v]);
	return true;
}

static void put_hex(struct lsc *l, uint32_t v)
{
	vp_printf(l->c, l->upper ? "%X" : "%x", (unsigned)v);
}

static bool has_chmask(const struct lsc *l)
{
	return l->op == OP_LOAD_QUAD || l->op == OP_STORE_QUAD;
}

static bool is_strided(const struct lsc *l)
{
	return l->op == OP_LOAD_STRIDED || l->op == OP_STORE_STRIDED;
}

/* Cache controls, printed only when one of them is not the default. */
static bool caching(struct lsc *l)
{
	unsigned l1, l3;
	if (!next_byte(l, &l1) || !next_byte(l, &l3))
		return false;
	if (l1 == 0 && l3 == 0)
		return true;
	return put_enum(l, "cache control", NAMES(cache_names), l1) &&
	       put_enum(l, "cache control", NAMES(cache_names), l3);
}

static bool read_shape(struct lsc *l)
{
	return next_byte(l, &l->dsize) && next_byte(l, &l->order) &&
	       next_byte(l, &l->elems) && next_byte(l, &l->chmask);
}

static bool put_shape(struct lsc *l)
{
	if (!put_enum(l, "data size", NAMES(data_size_names), l->dsize))
		return false;
	if (has_chmask(l)) {
		if (l->chmask & ~0xFu)
			return vp_fail(l->c, "invalid LSC channel mask 0x%x",
			               l->chmask);
		unsigned m = l->chmask;
		vp_printf(l->c, ".%s%s%s%s", (m & 1) ? "x" : "",
		          (m & 2) ? "y" : "", (m & 4) ? "z" : "",
		          (m & 8) ? "w" : "");
		return true;
	}
	return put_enum(l, "vector size", NAMES(elems_names), l->elems) &&
	       put_enum(l, "data order", NAMES(order_names), l->order);
}

/* A vector operand as the LSC syntax writes it: 0xIMM or name(r,c). */
static bool lsc_vector(struct lsc *l, unsigned i)
{
	const struct vf_vector *v = vp_vec(l->c, i);
	if (!v)
		return false;
	if ((v->tag & 7) == VISA_CLASS_IMMEDIATE) {
		l->upper = true;
		vp_printf(l->c, "0x%X", (unsigned)(uint32_t)v->u.imm.value);
		return true;
	}
	if ((v->tag & 7) != VISA_CLASS_GENERAL)
		return vp_fail(l->c, "LSC operand %u must be a variable or an "
		                     "immediate", i);
	const char *name = vp_var_name(l->c, v->u.gen.id);
	if (!name)
		return false;
	vp_puts(l->c, name);
	if (v->u.gen.row || v->u.gen.col)
		vp_printf(l->c, "(%u,%u)", (unsigned)v->u.gen.row,
		          (unsigned)v->u.gen.col);
	return true;
}

/* A raw operand: name, ".offset" only when non-zero. */
static bool lsc_raw(struct lsc *l, unsigned i)
{
	const struct vf_raw *r = vp_rawf(l->c, i);
	const char *name = r ? vp_var_name(l->c, r->id) : NULL;
	if (!name)
		return false;
	vp_puts(l->c, name);
	if (r->offset)
		vp_printf(l->c, ".%u", (unsigned)r->offset);
	return true;
}

static bool lsc_data(struct lsc *l, unsigned i)
{
	return lsc_raw(l, i) && put_shape(l);
}

/* "flat", "bti(V1)", "bss(0x10)"...: the surface is field 'surf'. */
static bool addr_model(struct lsc *l, unsigned type, unsigned surf)
{
	if (!put_enum(l, "address model", NAMES(addr_type_names), type))
		return false;
	if (type < 2 || type > 4)
		return true;
	vp_puts(l->c, "(");
	if (!lsc_vector(l, surf))
		return false;
	vp_puts(l->c, ")");
	return true;
}

static void put_sep(struct lsc *l)
{
	vp_puts(l->c, "  ");
}

/* "[0x4*V2+0x40, V3]:a64" after the address model. */
static bool untyped_addr(struct lsc *l, unsigned type, uint32_t scale,
                         int32_t off, unsigned size, unsigned s)
{
	if (!addr_model(l, type, s))
		return false;
	vp_puts(l->c, "[");
	if ((scale & 0xFFFF) > 1) {
		vp_puts(l->c, "0x");
		put_hex(l, scale & 0xFFFF);
		vp_puts(l->c, "*");
	}
	if (!lsc_raw(l, s + 2))
		return false;
	if (off) {
		vp_puts(l->c, off < 0 ? "-0x" : "+0x");
		put_hex(l, off < 0 ? 0u - (uint32_t)off : (uint32_t)off);
	}
	if (is_strided(l)) {
		const struct vf_vector *v = vp_vec(l->c, s + 3);
		if (!v)
			return false;
		if ((v->tag & 7) != VISA_CLASS_GENERAL || v->u.gen.id != 0) {
			vp_puts(l->c, ", ");
			if (!lsc_vector(l, s + 3))
				return false;
		}
	}
	vp_puts(l->c, "]");
	return put_enum(l, "address size", NAMES(addr_size_names), size);
}

static bool untyped_simple(struct lsc *l, const char *name)
{
	unsigned sfid, type, size;
	uint32_t scale, off;
	vp_puts(l->c, name);
	if (!next_byte(l, &sfid) ||
	    !put_enum(l, "SFID", NAMES(sfid_names), sfid) || !caching(l))
		return false;
	vp_puts(l->c, " ");
	if (!vp_exec(l->c, l->op) || !next_byte(l, &type) ||
	    !next_field(l, &scale) || !next_field(l, &off) ||
	    !next_byte(l, &size) || !read_shape(l))
		return false;
	put_sep(l);
	unsigned s = l->next, src1 = is_strided(l) ? s + 4 : s + 3;
	int32_t soff = (int32_t)off;
	switch (l->kind) {
	case LSC_LOAD:
		return lsc_data(l, s + 1) && (put_sep(l), true) &&
		       untyped_addr(l, type, scale, soff, size, s);
	case LSC_STORE:
		return untyped_addr(l, type, scale, soff, size, s) &&
		       (put_sep(l), true) && lsc_data(l, src1);
	case LSC_ATOMIC:
		return lsc_data(l, s + 1) && (put_sep(l), true) &&
		       untyped_addr(l, type, scale, soff, size, s) &&
		       (put_sep(l), true) && lsc_raw(l, src1) &&
		       (put_sep(l), true) && lsc_raw(l, src1 + 1);
	default:
		return vp_fail(l->c, "%s is not a load, store or atomic", name);
	}
}

/* Block 2D data: ":d16.2x16x8nn" (blocks only when not 1). */
struct shape2d { unsigned size, order, blocks, width, height, vnni; };

static bool data2d(struct lsc *l, unsigned i, const struct shape2d *d)
{
	if (!lsc_raw(l, i) ||
	    !put_enum(l, "data size", NAMES(data_size_names), d->size))
		return false;
	vp_puts(l->c, ".");
	if (d->blocks != 1)
		vp_printf(l->c, "%ux", d->blocks);
	vp_printf(l->c, "%ux%u%c%c", d->width, d->height,
	          d->order == 2 ? 't' : 'n', d->vnni ? 't' : 'n');
	return true;
}

static bool addr2d(struct lsc *l, unsigned first)
{
	vp_puts(l->c, "flat[");
	for (unsigned k = 0; k < 6; k++) {
		if (k)
			vp_puts(l->c, ", ");
		if (!lsc_vector(l, first + k))
			return false;
	}
	vp_puts(l->c, "]");
	return true;
}

static bool untyped_block2d(struct lsc *l, const char *name)
{
	unsigned sfid;
	uint32_t w, h;
	struct shape2d d;
	vp_puts(l->c, name);
	if (!next_byte(l, &sfid) ||
	    !put_enum(l, "SFID", NAMES(sfid_names), sfid) || !caching(l))
		return false;
	vp_puts(l->c, " ");
	if (!vp_exec(l->c, l->op) || !next_byte(l, &d.size) ||
	    !next_byte(l, &d.order) || !next_byte(l, &d.blocks) ||
	    !next_field(l, &w) || !next_field(l, &h) || !next_byte(l, &d.vnni))
		return false;
	d.width = w & 0xFFFF;
	d.height = h & 0xFFFF;
	put_sep(l);
	unsigned s = l->next;
	if (l->kind == LSC_LOAD)
		return data2d(l, s, &d) && (put_sep(l), true) &&
		       addr2d(l, s + 1);
	return addr2d(l, s + 1) && (put_sep(l), true) && data2d(l, s + 7, &d);
}

/* "bti(0x3)[V10, V11, V12, V13]:a32"; all four address names printed. */
static bool typed_addr(struct lsc *l, unsigned type, unsigned size,
                       unsigned s)
{
	if (!addr_model(l, type, s))
		return false;
	vp_puts(l->c, "[");
	for (unsigned k = 0; k < 4; k++) {
		const struct vf_raw *r = vp_rawf(l->c, s + 2 + k);
		const char *reg = r ? vp_var_name(l->c, r->id) : NULL;
		if (!reg)
			return false;
		if (k)
			vp_puts(l->c, ", ");
		vp_puts(l->c, reg);
	}
	vp_puts(l->c, "]");
	return put_enum(l, "address size", NAMES(addr_size_names), size);
}

static bool typed(struct lsc *l, const char *name)
{
	unsigned type, size;
	vp_puts(l->c, name);
	vp_puts(l->c, sfid_names[SFID_TGM]);
	if (!caching(l))
		return false;
	bool rsi = l->op == OP_READ_STATE_INFO;
	if (!rsi) {
		vp_puts(l->c, " ");
		if (!vp_exec(l->c, l->op))
			return false;
	}
	if (!next_byte(l, &type) || !next_byte(l, &size) || !read_shape(l))
		return false;
	put_sep(l);
	unsigned s = l->next;
	if (rsi)
		return lsc_raw(l, s + 1) && (put_sep(l), true) &&
		       addr_model(l, type, s);
	switch (l->kind) {
	case LSC_LOAD:
		return lsc_data(l, s + 1) && (put_sep(l), true) &&
		       typed_addr(l, type, size, s);
	case LSC_STORE:
		return typed_addr(l, type, size, s) && (put_sep(l), true) &&
		       lsc_data(l, s + 6);
	case LSC_ATOMIC:
		return lsc_data(l, s + 1) && (put_sep(l), true) &&
		       typed_addr(l, type, size, s) && (put_sep(l), true) &&
		       lsc_raw(l, s + 6) && (put_sep(l), true) &&
		       lsc_raw(l, s + 7);
	default:
		return vp_fail(l->c, "%s is not a load, store or atomic", name);
	}
}

static bool fence(struct lsc *l)
{
	unsigned sfid, op, scope;
	vp_puts(l->c, "lsc_fence");
	return next_byte(l, &sfid) &&
	       put_enum(l, "SFID", NAMES(sfid_names), sfid) &&
	       next_byte(l, &op) &&
	       put_enum(l, "fence operation", NAMES(fence_op_names), op) &&
	       next_byte(l, &scope) &&
	       put_enum(l, "fence scope", NAMES(scope_names), scope);
}

bool vp_inst_lsc(struct vp_ctx *c)
{
	struct lsc l = { .c = c };
	if (!vp_pred(c))
		return false;
	if (c->in->opcode == VISA_OP_LSC_FENCE)
		return fence(&l);
	if (!next_byte(&l, &l.op))
		return false;
	if (l.op >= sizeof lsc_ops / sizeof lsc_ops[0])
		return vp_fail(c, "invalid LSC operation %u", l.op);
	const char *name = lsc_ops[l.op].name;
	l.kind = lsc_ops[l.op].kind;
	if (c->in->opcode == VISA_OP_LSC_TYPED)
		return typed(&l, name);
	if (l.op == OP_LOAD_BLOCK2D || l.op == OP_STORE_BLOCK2D)
		return untyped_block2d(&l, name);
	return untyped_simple(&l, name);
}
