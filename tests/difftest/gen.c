/*
 * gen.c - the random vISA program generator of difftest.
 *
 * Every program is valid vISA by construction: operands stay inside
 * their variables and within two GRFs, sources are only data that was
 * written before (the inputs X, the zeroed results R), predicates are
 * set before use, and branches jump forward to a label of the same unit.
 * Types are the integer ones (b, ub, w, uw, d, ud, q, uq) and f, df and hf
 * through typed aliases of X and R.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "difftest.h"

uint64_t dt_rand(struct dt_rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 2685821657736338717ull;
}

unsigned dt_below(struct dt_rng *r, unsigned n)
{
	return n ? (unsigned)(dt_rand(r) % n) : 0;
}

/* ---- growable strings --------------------------------------------- */

struct sb {
	char *s;
	size_t n, cap;
};

static void sb_printf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0,
		                  fmt, ap);
		va_end(ap);
		if (k < 0)
			abort();
		if (b->s && b->n + (size_t)k < b->cap) {
			b->n += (size_t)k;
			return;
		}
		b->cap = (b->cap + (size_t)k + 256) * 2;
		b->s = realloc(b->s, b->cap);
		if (!b->s)
			abort();
	}
}

/* End the instruction started at 'mark': a newline when 'ok', else
 * everything since 'mark' is dropped (the generator tries another). */
static bool sb_end(struct sb *b, size_t mark, bool ok)
{
	if (!ok) {
		b->n = mark;
		b->s[mark] = 0;
		return false;
	}
	sb_printf(b, "\n");
	return true;
}

/* ---- types ---------------------------------------------------------- */

struct ty {
	const char *name;
	unsigned size;
	char kind;                 /* 's' signed, 'u' unsigned, 'f' float */
};

enum { T_B, T_UB, T_W, T_UW, T_D, T_UD, T_Q, T_UQ, T_HF, T_F, T_DF, T_N };

static const struct ty types[T_N] = {
	{ "b", 1, 's' }, { "ub", 1, 'u' }, { "w", 2, 's' }, { "uw", 2, 'u' },
	{ "d", 4, 's' }, { "ud", 4, 'u' }, { "q", 8, 's' }, { "uq", 8, 'u' },
	{ "hf", 2, 'f' }, { "f", 4, 'f' }, { "df", 8, 'f' },
};

/* Alias names: X<type>/R<type> ("XD" is X itself). */
static const char *alias(char base, int t, char *buf)
{
	static const char *suffix[T_N] = { "B", "UB", "W", "UW", "", "UD", "Q",
	                                   "UQ", "HF", "F", "DF" };
	sprintf(buf, "%c%s", base, suffix[t]);
	return buf;
}

/* ---- operands ------------------------------------------------------- */

#define X_ROWS 8                /* 256 bytes */
#define R_ROWS 16               /* 512 bytes */

struct gen {
	struct dt_rng *r;
	const struct dt_target *t;
	unsigned simd;
	unsigned labels;
	bool in_branch;            /* inside a divergent region: M1 only */
	/* Sources only from X (never written): a source of another size than
	 * the destination may overlap it shifted, and GenX_IR splits such an
	 * instruction low half first, reading what the low half wrote, where
	 * visafin keeps one instruction that reads before it writes
	 * (docs/difftest.md "Oracle disagreements"). */
	bool x_only;
	/* GRF byte offsets of the operands of the instruction being written
	 * (dt_target offsets_64bit_any_mask): the destination's, and whether
	 * some vector source has another */
	unsigned dst_sub, dst_stride;
	bool sub_differs;
	/* of the instruction being written (DT_GX_NEG_Q_PLUS_0,
	 * DT_GX_NEG_UNSIGNED_R): a source was negated, an immediate was zero, a
	 * negated unsigned source was read from R */
	bool negated, imm_zero, neg_unsigned_r;
	/* DT_GX_MUL_SPLIT_OVERLAP: the destination's bytes in R, and whether
	 * a source of R overlaps them other than in the same place */
	unsigned dst_lo, dst_hi;
	bool r_overlap;
};

/* A region of 'e' elements of type t with element stride 'stride' (0 =
 * scalar) in a variable of 'rows' GRFs: the row and column so that it
 * stays in the variable and spans at most two GRFs. */
static bool place(struct gen *g, unsigned rows, int t, unsigned e,
                  unsigned stride, unsigned *row, unsigned *col)
{
	unsigned ts = types[t].size;
	unsigned span = stride ? ((e - 1) * stride + 1) * ts : ts;
	if (span > 64)
		return false;
	unsigned per_row = 32 / ts;
	for (int tries = 0; tries < 8; tries++) {
		unsigned c = dt_below(g->r, per_row);
		if (dt_below(g->r, 2))
			c = 0;
		/* A region either stays in one GRF or starts a GRF and puts half
		 * of its elements in each of two (how Gen splits it); visafin does
		 * not split other GRF-crossing regions yet (docs/difftest.md). */
		if (c * ts + span > 32 &&
		    (c != 0 || !stride || (e / 2) * stride * ts != 32))
			continue;
		unsigned nrows = (c * ts + span + 31) / 32;
		if (nrows > rows)
			continue;
		*row = dt_below(g->r, rows - nrows + 1);
		*col = c;
		return true;
	}
	return false;
}

static bool dst_opnd(struct gen *g, struct sb *b, int t, unsigned e)
{
	unsigned stride = e == 1 ? 1 : 1 + (dt_below(g->r, 4) == 0);
	/* byte destinations are written with stride 2 or more half the time */
	if (types[t].size == 1 && dt_below(g->r, 2))
		stride = 2;
	/* a strided 64-bit destination over two GRFs needs a split below
	 * four channels, which visafin does not do yet (docs/difftest.md) */
	if (types[t].size == 8 && e > 2)
		stride = 1;
	unsigned row, col;
	if (!place(g, R_ROWS, t, e, stride, &row, &col))
		return false;
	char nb[8];
	sb_printf(b, " %s(%u,%u)<%u>", alias('R', t, nb), row, col, stride);
	g->dst_sub = col * types[t].size;
	g->dst_stride = stride;
	g->dst_lo = row * 32 + col * types[t].size;
	g->dst_hi = g->dst_lo + ((e - 1) * stride + 1) * types[t].size;
	return true;
}

static void imm(struct gen *g, struct sb *b, int t)
{
	uint64_t v = dt_rand(g->r);
	switch (t) {
	case T_F: {
		static const uint32_t nice[] = { 0x3f800000, 0x40000000, 0xbf000000,
		                                 0x42c80000, 0x3e800000, 0xc1200000 };
		uint32_t bits = dt_below(g->r, 2) ? nice[dt_below(g->r, 6)]
		                : (uint32_t)(0x3c000000 + v % 0x06000000) |
		                  (uint32_t)(v >> 63) << 31;
		sb_printf(b, " 0x%x:f", bits);
		return;
	}
	case T_DF:
		sb_printf(b, " 0x%llx:df", (unsigned long long)
		          (0x3fe0000000000000ull + (v % 0x0040000000000000ull)));
		return;
	case T_HF:
		sb_printf(b, " 0x%x:hf", (unsigned)(0x3800 + v % 0x0c00));
		return;
	default:
		break;
	}
	unsigned bits = types[t].size * 8;
	if (dt_below(g->r, 2))
		v %= 40;              /* small values: shifts, counts */
	if (bits < 64)
		v &= (1ull << bits) - 1;
	if (v == 0)
		g->imm_zero = true;
	/* vISA immediates are at least word-sized: bytes become w/uw */
	const char *tn = types[t].size == 1 ? (types[t].kind == 's' ? "w" : "uw")
	                 : types[t].name;
	if (types[t].size == 1 && types[t].kind == 's')
		v = (uint64_t)(int64_t)(int8_t)v & 0xffff;
	sb_printf(b, " 0x%llx:%s", (unsigned long long)v, tn);
}

/* A source: a region of X or R, or (when allowed) an immediate. */
static bool src_opnd(struct gen *g, struct sb *b, int t, unsigned e,
                     bool allow_imm, bool mods)
{
	if (allow_imm && dt_below(g->r, 5) == 0) {
		imm(g, b, t);
		return true;
	}
	char base = dt_below(g->r, 3) || g->x_only ? 'X' : 'R';
	unsigned rows = base == 'X' ? X_ROWS : R_ROWS;
	unsigned kind = e == 1 ? 0 : dt_below(g->r, 4);
	unsigned stride = kind == 0 ? 0 : kind == 3 ? 2 : 1;
	unsigned row, col;
	if (!place(g, rows, t, e, stride, &row, &col))
		return false;
	const char *mod = "";
	if (mods) {
		unsigned m = dt_below(g->r, 8);
		mod = m == 0 ? "(-)" : m == 1 ? "(abs)" : m == 2 ? "(-abs)" : "";
		if (!g->t->native_q && types[t].size == 8 && types[t].kind != 'f')
			mod = m == 0 || m == 2 ? "(-)" : "";
	}
	char nb[8];
	const char *region = stride == 0 ? "<0;1,0>" : stride == 1 ? "<1;1,0>"
	                     : "<2;1,0>";
	if (stride && col * types[t].size != g->dst_sub)
		g->sub_differs = true;
	if (base == 'R') {
		unsigned lo = row * 32 + col * types[t].size;
		unsigned hi = lo + (stride ? ((e - 1) * stride + 1) * types[t].size
		                    : types[t].size);
		bool same = stride == g->dst_stride && lo == g->dst_lo;
		if (lo < g->dst_hi && g->dst_lo < hi && !same)
			g->r_overlap = true;
	}
	if (!strncmp(mod, "(-", 2)) {
		g->negated = true;
		if (base == 'R' && types[t].kind == 'u')
			g->neg_unsigned_r = true;
	}
	sb_printf(b, " %s%s(%u,%u)%s", mod, alias(base, t, nb), row, col, region);
	return true;
}

/* ---- instructions --------------------------------------------------- */

/* Type sets. */
#define S_INT ((1u << T_B) | (1u << T_UB) | (1u << T_W) | (1u << T_UW) | \
               (1u << T_D) | (1u << T_UD))
#define S_INT32 ((1u << T_W) | (1u << T_UW) | (1u << T_D) | (1u << T_UD))
#define S_DW ((1u << T_D) | (1u << T_UD))
#define S_Q ((1u << T_Q) | (1u << T_UQ))
#define S_F (1u << T_F)
#define S_DF (1u << T_DF)
#define S_HF (1u << T_HF)

struct op {
	const char *name;
	unsigned nsrc;
	unsigned dst_types, src_types;  /* type sets */
	bool sat, mods, imm;            /* .sat, source modifiers, immediates */
	bool same_type;                 /* sources take the destination type */
};

static const struct op ops[] = {
	{ "add", 2, S_INT32 | S_F, S_INT32 | S_F, true, true, true, false },
	{ "add", 2, S_Q | S_DF, S_Q | S_DF, false, true, true, true },
	{ "mul", 2, S_INT32 | S_F, S_INT32 | S_F, true, true, true, false },
	{ "mad", 3, S_F, S_F, true, true, false, true },
	{ "mul", 2, S_DF, S_DF, false, true, true, true },
	{ "mad", 3, S_DF, S_DF, false, true, false, true },
	{ "add", 2, S_HF, S_HF, false, true, true, true },
	{ "mul", 2, S_HF, S_HF, false, true, true, true },
	{ "add", 2, S_INT32, S_INT, true, false, true, false },
	{ "min", 2, S_DF, S_DF, false, true, true, true },
	{ "min", 2, S_INT32 | S_F, S_INT32 | S_F, false, true, true, true },
	{ "max", 2, S_INT32 | S_F, S_INT32 | S_F, false, true, true, true },
	{ "and", 2, S_INT32, S_INT32, false, false, true, true },
	{ "or", 2, S_INT32, S_INT32, false, false, true, true },
	{ "xor", 2, S_INT32, S_INT32, false, false, true, true },
	{ "not", 1, S_INT32, S_INT32, false, false, false, true },
	{ "shl", 2, S_DW, S_DW, false, false, true, true },
	{ "shr", 2, 1u << T_UD, 1u << T_UD, false, false, true, true },
	{ "asr", 2, 1u << T_D, 1u << T_D, false, false, true, true },
	{ "avg", 2, S_INT32, S_INT32, false, false, true, true },
	{ "mov", 1, S_INT | S_F, S_INT | S_F, true, true, true, false },
	{ "mov", 1, S_Q | S_DF | S_F | S_DW, S_Q | S_DF | S_F | S_DW, false,
	  false, true, false },
	{ "mov", 1, S_HF | S_F, S_HF | S_F, false, false, false, false },
	{ "frc", 1, S_F, S_F, false, true, false, true },
	{ "rndd", 1, S_F, S_F, false, true, false, true },
	{ "rndz", 1, S_F, S_F, false, true, false, true },
	{ "rnde", 1, S_F, S_F, false, true, false, true },
	{ "lzd", 1, 1u << T_UD, 1u << T_UD, false, false, false, true },
	{ "cbit", 1, 1u << T_UD, 1u << T_UD, false, false, false, true },
	{ "fbh", 1, 1u << T_UD, 1u << T_UD, false, false, false, true },
	{ "fbl", 1, 1u << T_UD, 1u << T_UD, false, false, false, true },
	{ "bfrev", 1, 1u << T_UD, 1u << T_UD, false, false, false, true },
	{ "inv", 1, S_F, S_F, false, false, false, true },
	{ "sqrt", 1, S_F, S_F, false, false, false, true },
	{ "exp", 1, S_F, S_F, false, false, false, true },
	{ "log", 1, S_F, S_F, false, false, false, true },
	{ "div", 2, S_F, S_F, false, false, false, true },
	{ "mod", 2, 1u << T_UD, 1u << T_UD, false, false, false, true },
};
#define NOPS (sizeof ops / sizeof ops[0])

static int pick_type(struct gen *g, unsigned set)
{
	if (!g->t->df)
		set &= ~S_DF;
	int c[T_N], n = 0;
	for (int t = 0; t < T_N; t++)
		if (set & (1u << t))
			c[n++] = t;
	return c[dt_below(g->r, (unsigned)n)];
}

/* Execution size and mask of an instruction. */
static unsigned exec_size(struct gen *g, const char **mask)
{
	static const unsigned small[] = { 1, 2, 4, 8 };
	unsigned e = dt_below(g->r, 3) ? g->simd : small[dt_below(g->r, 4)];
	if (e > g->simd)
		e = g->simd;
	*mask = g->in_branch || e == g->simd || dt_below(g->r, 2) ? "M1"
	        : "M1_NM";
	return e;
}

/* One ALU instruction (optionally predicated); false if the random choice
 * does not fit (the caller tries again). */
static bool alu(struct gen *g, struct sb *b)
{
	const struct op *o = &ops[dt_below(g->r, NOPS)];
	if (!g->t->df && o->dst_types == S_DF)
		return false;
	int dt = pick_type(g, o->dst_types);
	const char *mask;
	unsigned e = exec_size(g, &mask);
	/* 64-bit types: at most 8 elements keep the regions in two GRFs */
	if (types[dt].size == 8 && e > 8)
		return false;
	/* GenX_IR encodes a 3-source op below 4 channels in Align16 with a
	 * write mask, which gensim does not decode (docs/difftest.md) */
	if (o->nsrc == 3 && e < 4)
		return false;
	size_t mark = b->n;
	bool pred = dt_below(g->r, 6) == 0;
	if (pred)
		sb_printf(b, "    (%sP%u) ", dt_below(g->r, 2) ? "!" : "",
		          1 + dt_below(g->r, 2));
	else
		sb_printf(b, "    ");
	/* min and max take no predicate (MIN_MAX.md has no field for it, the
	 * parser refuses one; both finalizers used to drop it): the draws
	 * stay, so every program is the one earlier versions wrote, without
	 * that predicate */
	if (pred && (!strcmp(o->name, "min") || !strcmp(o->name, "max"))) {
		b->n = mark;
		sb_printf(b, "    ");
	}
	bool sat = o->sat && dt_below(g->r, 6) == 0;
	sb_printf(b, "%s%s (%s, %u)", o->name, sat ? ".sat" : "", mask, e);
	bool ok = dst_opnd(g, b, dt, e);
	bool wide = types[dt].size == 8;
	bool narrow_src = false, float_src = false;
	unsigned dword_srcs = 0;
	g->sub_differs = false;
	g->negated = g->imm_zero = g->neg_unsigned_r = g->r_overlap = false;
	for (unsigned s = 0; ok && s < o->nsrc; s++) {
		int st = o->same_type ? dt : pick_type(g, o->src_types);
		/* keep int and float apart, except in mov (a conversion) */
		if (!o->same_type && strcmp(o->name, "mov") &&
		    (types[st].kind == 'f') != (types[dt].kind == 'f'))
			st = dt;
		if (types[st].size == 8 && e > 8)
			st = dt;
		/* no q/uq <-> f/df conversion without native 64-bit integers */
		if (!g->t->native_q && types[st].kind != types[dt].kind &&
		    (types[st].kind == 'f' || types[dt].kind == 'f') &&
		    (types[st].size == 8 || types[dt].size == 8) &&
		    !(types[st].kind == 'f' && types[dt].kind == 'f'))
			st = dt;
		wide = wide || types[st].size == 8;
		dword_srcs += types[st].size == 4 && types[st].kind != 'f';
		narrow_src = narrow_src || types[st].size < 8;
		float_src = float_src || st == T_F;
		g->x_only = types[st].size != types[dt].size;
		ok = src_opnd(g, b, st, e, o->imm && (s > 0 || o->nsrc == 1),
		              o->mods);
		g->x_only = false;
	}
	/* GenX_IR's CHV/BXT 64-bit temporary (struct dt_target) */
	if (ok && !g->t->offsets_64bit_any_mask && wide && e > 1 &&
	    g->sub_differs && (pred || g->in_branch))
		ok = false;
	/* GenX_IR bugs (struct dt_target genx_quirks) */
	unsigned q = g->t->genx_quirks;
	bool mov = !strcmp(o->name, "mov");
	if ((q & DT_GX_PRED_HF_COPY) && mov && pred && dt == T_HF && float_src)
		ok = false;
	if ((q & DT_GX_MACL_SAT) && sat && !strcmp(o->name, "mul") &&
	    types[dt].kind != 'f')
		ok = false;
	if ((q & DT_GX_Q_STRIDED) && mov && (g->dst_stride > 1 || e == 1) &&
	    types[dt].kind != 'f' && (types[dt].size == 8) != !narrow_src)
		ok = false;
	if ((q & DT_GX_NEG_Q_PLUS_0) && !strcmp(o->name, "add") &&
	    types[dt].size == 8 && types[dt].kind != 'f' && g->negated &&
	    g->imm_zero)
		ok = false;
	if ((q & DT_GX_NEG_UNSIGNED_R) && g->neg_unsigned_r)
		ok = false;
	if ((q & DT_GX_MAD_ACC_SWAP) && !strcmp(o->name, "mad") &&
	    g->dst_stride > 1)
		ok = false;
	if ((q & DT_GX_MUL_SPLIT_OVERLAP) && !strcmp(o->name, "mul") &&
	    types[dt].size == 4 && types[dt].kind != 'f' && dword_srcs == 2 &&
	    e * g->dst_stride * 4 > 32 && g->r_overlap)
		ok = false;
	return sb_end(b, mark, ok);
}

/* cmp into a predicate, then a predicated sel. */
static bool cmp_sel(struct gen *g, struct sb *b)
{
	static const char *rel[] = { "eq", "ne", "lt", "le", "gt", "ge" };
	static const unsigned tset = S_INT32 | S_F;
	int t = pick_type(g, tset);
	const char *mask;
	unsigned e = exec_size(g, &mask);
	unsigned p = 1 + dt_below(g->r, 2);
	size_t mark = b->n;
	sb_printf(b, "    cmp.%s (%s, %u) P%u", rel[dt_below(g->r, 6)], mask, e, p);
	bool ok = src_opnd(g, b, t, e, false, true) && src_opnd(g, b, t, e, true,
	                                                        true);
	if (ok) {
		sb_printf(b, "\n    (%sP%u) sel (%s, %u)", dt_below(g->r, 2) ? "!" : "",
		          p, mask, e);
		ok = dst_opnd(g, b, t, e) && src_opnd(g, b, t, e, false, false) &&
		     src_opnd(g, b, t, e, true, false);
	}
	return sb_end(b, mark, ok);
}

/* Logic on the predicates P1/P2 (and, or, xor, not, setp) over part of
 * them or all (exec 1..simd from a channel offset that is a multiple of
 * it), then a sel under the result.  Outside branches: every channel is
 * enabled, where visafin's NoMask word operation and GenX_IR's channel
 * by channel one agree (docs/finalizer.md). */
static bool pred_logic(struct gen *g, struct sb *b)
{
	static const char *lop[] = { "and", "or", "xor", "not", "setp" };
	static const unsigned sizes[] = { 1, 2, 4, 8, 16 };
	unsigned e = sizes[dt_below(g->r, 5)];
	if (e > g->simd)
		e = g->simd;
	unsigned step = e < 4 ? 4 : e;
	unsigned off = step * dt_below(g->r, g->simd / step);
	/* GenX_IR's compacted (4|M4) conditional and writes channels 0..3
	 * (skl --seed 11 program 97; docs/difftest.md) */
	if (e == 4 && off % 8 == 4)
		off -= 4;
	unsigned o = dt_below(g->r, 5);
	/* GenX_IR writes setp's scalar source to the whole predicate
	 * whatever the exec size and offset (docs/difftest.md) */
	if (o == 4) {
		e = g->simd;
		off = 0;
	}
	unsigned d = 1 + dt_below(g->r, 2);
	size_t mark = b->n;
	sb_printf(b, "    %s (M%u, %u) P%u", lop[o], off / 4 + 1, e, d);
	if (o == 4)
		sb_printf(b, " 0x%x:ud", (unsigned)dt_rand(g->r) & 0xFFFF);
	else
		sb_printf(b, " P%u", 1 + dt_below(g->r, 2));
	if (o < 3)
		sb_printf(b, " P%u", 1 + dt_below(g->r, 2));
	int t = pick_type(g, S_INT32 | S_F);
	sb_printf(b, "\n    (%sP%u) sel (M1, %u)", dt_below(g->r, 2) ? "!" : "",
	          d, g->simd);
	bool ok = dst_opnd(g, b, t, g->simd) &&
	          src_opnd(g, b, t, g->simd, false, false) &&
	          src_opnd(g, b, t, g->simd, true, false);
	return sb_end(b, mark, ok);
}

/* if (cond) { ALU... } as a divergent forward goto. */
static bool branch(struct gen *g, struct sb *b)
{
	int t = pick_type(g, S_DW | S_F);
	unsigned l = g->labels++;
	size_t mark = b->n;
	sb_printf(b, "    cmp.%s (M1, %u) P3", dt_below(g->r, 2) ? "lt" : "ge",
	          g->simd);
	if (!sb_end(b, mark, src_opnd(g, b, t, g->simd, false, false) &&
	                     src_opnd(g, b, t, g->simd, true, false)))
		return false;
	sb_printf(b, "    (!P3) goto (M1, %u) L%u\n", g->simd, l);
	g->in_branch = true;
	unsigned n = 1 + dt_below(g->r, 4);
	for (unsigned i = 0; i < n;)
		i += alu(g, b);
	g->in_branch = false;
	sb_printf(b, "L%u:\n", l);
	return true;
}

/* A uniform counted loop: the scalar counter C runs from 0 to 1..4 and a
 * predicated jmp goes back while it is below. */
static bool loop(struct gen *g, struct sb *b)
{
	unsigned l = g->labels++;
	unsigned trips = 1 + dt_below(g->r, 4);
	sb_printf(b, "    mov (M1_NM, 1) C(0,0)<1> 0x0:d\nL%u:\n", l);
	unsigned n = 1 + dt_below(g->r, 3);
	for (unsigned i = 0; i < n;)
		i += alu(g, b);
	sb_printf(b, "    add (M1_NM, 1) C(0,0)<1> C(0,0)<0;1,0> 0x1:d\n"
	          "    cmp.lt (M1_NM, 1) P4 C(0,0)<0;1,0> 0x%x:d\n"
	          "    (P4) jmp (M1_NM, 1) L%u\n", trips, l);
	return true;
}

/* SVM gather or scatter of dwords at per-lane addresses in the first
 * input block (IN0 + 0..60, from the input data): a scatter writes R's
 * values there, a later gather reads them back. */
static bool memory(struct gen *g, struct sb *b)
{
	unsigned e = g->simd, rows = e / 8;
	unsigned xr = dt_below(g->r, X_ROWS - rows + 1);
	unsigned rr = dt_below(g->r, R_ROWS - rows + 1);
	sb_printf(b, "    and (M1, %u) TD(0,0)<1> XUD(%u,0)<1;1,0> 0x3c:ud\n"
	          "    mov (M1, %u) AQ(0,0)<1> TD(0,0)<1;1,0>\n"
	          "    add (M1, %u) AQ(0,0)<1> AQ(0,0)<1;1,0> IN0(0,0)<0;1,0>\n",
	          e, xr, e, e);
	if (dt_below(g->r, 2))
		sb_printf(b, "    %ssvm_gather.4.1 (M1, %u) AQ.0 R.%u\n",
		          dt_below(g->r, 4) ? "" : "(P1) ", e, rr * 32);
	else
		sb_printf(b, "    svm_scatter.4.1 (M1, %u) AQ.0 R.%u\n", e, rr * 32);
	return true;
}

/* A call of a subroutine (its body after the kernel's ret, behind the
 * DT_SUB_MARK of the unit's text). */
static bool call(struct gen *g, struct sb *b)
{
	unsigned l = g->labels++;
	sb_printf(b, "    call (M1, %u) SUB%u\n%c.function \"SUB%u\"\nSUB%u:\n",
	          g->simd, l, DT_SUB_MARK, l, l);
	g->in_branch = true;
	unsigned n = 1 + dt_below(g->r, 4);
	for (unsigned i = 0; i < n;)
		i += alu(g, b);
	g->in_branch = false;
	sb_printf(b, "    ret (M1, %u)\n", g->simd);
	return true;
}

static void head(struct sb *b, unsigned simd)
{
	sb_printf(b, ".version 4.1\n.kernel \"difftest\"\n"
	          ".decl IN0 v_type=G type=uq num_elts=1 align=qword\n"
	          ".decl IN1 v_type=G type=uq num_elts=1 align=qword\n");
	for (unsigned i = 0; i < 4; i++)
		sb_printf(b, ".decl OUT%u v_type=G type=uq num_elts=1 align=qword\n",
		          i);
	sb_printf(b, ".decl TD v_type=G type=ud num_elts=16 align=hword\n"
	          ".decl AQ v_type=G type=uq num_elts=16 align=hword\n");
	sb_printf(b, ".decl X v_type=G type=d num_elts=64 align=hword\n"
	          ".decl R v_type=G type=d num_elts=128 align=hword\n"
	          ".decl C v_type=G type=d num_elts=1 align=dword\n");
	static const char *suffix[T_N] = { "B", "UB", "W", "UW", NULL, "UD", "Q",
	                                   "UQ", "HF", "F", "DF" };
	for (int t = 0; t < T_N; t++) {
		if (!suffix[t])
			continue;
		for (int v = 0; v < 2; v++)
			sb_printf(b, ".decl %c%s v_type=G type=%s num_elts=%u align=hword "
			          "alias=<%c, 0>\n", v ? 'R' : 'X', suffix[t],
			          types[t].name, (v ? 512u : 256u) / types[t].size,
			          v ? 'R' : 'X');
	}
	for (unsigned p = 1; p <= 3; p++)
		sb_printf(b, ".decl P%u v_type=P num_elts=%u\n", p, simd);
	sb_printf(b, ".decl P4 v_type=P num_elts=1\n");
	for (unsigned i = 0; i < DT_ARG_COUNT; i++)
		sb_printf(b, ".input %s%u offset=%u size=8\n", i < 2 ? "IN" : "OUT",
		          i < 2 ? i : i - 2, DT_ARG_OFFSET + 8 * i);
	sb_printf(b, ".kernel_attr Target=\"3d\"\n.kernel_attr SimdSize=%u\n"
	          ".function \"_main_0\"\n\n_main_0:\n", simd);
	sb_printf(b, "    svm_block_ld (8) IN0(0,0)<0;1,0> X.0\n"
	          "    svm_block_ld (8) IN1(0,0)<0;1,0> X.128\n");
	for (unsigned r = 0; r < R_ROWS; r += 2)
		sb_printf(b, "    mov (M1_NM, 16) R(%u,0)<1> 0x0:d\n", r);
	sb_printf(b, "    cmp.lt (M1, %u) P1 X(0,0)<1;1,0> X(2,0)<1;1,0>\n"
	          "    cmp.gt (M1, %u) P2 XF(4,0)<1;1,0> XF(6,0)<1;1,0>\n",
	          simd, simd);
}

static void tail(struct sb *b)
{
	for (unsigned i = 0; i < 4; i++)
		sb_printf(b, "    svm_block_st (8) OUT%u(0,0)<0;1,0> R.%u\n", i,
		          128 * i);
	sb_printf(b, "    ret (M1, 1)\n");
}

void dt_generate(struct dt_rng *r, const struct dt_target *target,
                 struct dt_prog *p)
{
	struct gen g = { .r = r, .t = target, .simd = dt_below(r, 2) ? 16 : 8 };
	memset(p, 0, sizeof *p);
	p->simd = g.simd;
	struct sb h = { 0 }, t = { 0 };
	head(&h, g.simd);
	tail(&t);
	p->head = h.s;
	p->tail = t.s;
	size_t n = 4 + dt_below(r, 28);
	/* room for a predicate logic unit before each other one */
	p->units = calloc(2 * n, sizeof *p->units);
	p->dropped = calloc(2 * n, sizeof *p->dropped);
	if (!p->units || !p->dropped)
		abort();
	/* Predicate logic units draw from a stream of their own, so that the
	 * other units of a program stay the ones earlier versions wrote
	 * (tests/difftest/stepped.list names programs by seed and index). */
	struct dt_rng pr = { (r->s ^ 0x6A09E667F3BCC909ull) | 1 };
	size_t others = 0;
	while (others < n) {
		struct sb u = { 0 };
		if (dt_below(&pr, 8) == 0) {
			g.r = &pr;
			for (unsigned tries = 0; tries < 8 && !u.n; tries++)
				pred_logic(&g, &u);
			g.r = r;
			if (u.n)
				p->units[p->nunits++] = u.s;
			else
				free(u.s);
			u = (struct sb){ 0 };
		}
		unsigned k = dt_below(r, 24);
		bool ok = k < 14 ? alu(&g, &u) : k < 17 ? cmp_sel(&g, &u)
		          : k < 19 ? branch(&g, &u) : k < 20 ? loop(&g, &u)
		          : k < 22 ? memory(&g, &u) : call(&g, &u);
		if (ok && u.n) {
			p->units[p->nunits++] = u.s;
			others++;
		} else {
			free(u.s);
		}
	}
}

void dt_prog_free(struct dt_prog *p)
{
	for (size_t i = 0; i < p->nunits; i++)
		free(p->units[i]);
	free(p->units);
	free(p->dropped);
	free(p->head);
	free(p->tail);
	memset(p, 0, sizeof *p);
}

char *dt_text(const struct dt_prog *p)
{
	struct sb b = { 0 };
	sb_printf(&b, "%s", p->head);
	/* the kernel's part of every unit, the kernel's end, then the
	 * subroutines that units carry after DT_SUB_MARK */
	for (size_t i = 0; i < p->nunits; i++) {
		if (p->dropped[i])
			continue;
		const char *m = strchr(p->units[i], DT_SUB_MARK);
		sb_printf(&b, "%.*s", (int)(m ? (size_t)(m - p->units[i])
		                              : strlen(p->units[i])), p->units[i]);
	}
	sb_printf(&b, "%s", p->tail);
	for (size_t i = 0; i < p->nunits; i++) {
		const char *m = p->dropped[i] ? NULL : strchr(p->units[i], DT_SUB_MARK);
		if (m)
			sb_printf(&b, "%s", m + 1);
	}
	return b.s;
}
