/*
 * nomask_wa.c - the fused-EU NoMask workaround (wa.fused_eu_nomask,
 * TGLLP): where it applies, and the rewrite of the NoMask instructions
 * there.
 *
 * On TGLLP two EUs run fused, one instruction stream for both threads,
 * and a "fused mask" says which of the two has enabled channels.  The
 * mask goes wrong only in *nested* divergence: after a branch that
 * splits the channels inside code that is already divergent, a thread
 * whose channels have all left may keep walking the code with none
 * enabled.  Ordinary instructions then do nothing, but NoMask (W)
 * instructions execute and write registers and memory that thread's
 * own control flow never meant to touch (IGC visa/SWWA.cpp, the comment
 * before prepareNoMaskWA; GEN-FACTS 8).
 *
 * Where (nested_levels, IGC FlowGraph.cpp findNestedDivergentBBs, on
 * our goto/join layout): walking each function in layout order, a
 * forward goto opens a divergent range up to its target (UIP), a while's
 * loop body is divergent up to the instruction after the while; a goto
 * inside a divergent range opens a *nested* range.  Level 2 (nested):
 * inside a nested range, or later in a divergent range that already had
 * one (the wrong mask persists until the code is uniform again); a loop
 * whose back edge is at level 2 is level 2 from its head.  A subroutine
 * or stack-call function is entered at the level of its call sites
 * (divergent call site: divergent body; nested, or a predicated call in
 * divergent code: nested body).  jmpi (uniform) opens nothing.
 *
 * What: every NoMask instruction at level 2 but branches, labels, nops,
 * the EOT send and writes of block-local temporaries (find_temps: a
 * register defined once and read only later in its block, or the flag
 * of the block's own branch) is predicated by its block's guard
 * (guard_begin:
 * (W) mov F 0; cmp (eq)F r0 r0; (W&F.anyNh) ...), one guard per block (a
 * join or label may re-enable channels).  One that writes a flag through
 * its condition modifier (pred and cmod share the flag field) writes a
 * copy, moved back under the guard; one with a predicate P runs under
 * T = P where the thread has channels, 0 where it has none.  A guarded
 * write counts as a full one for liveness (IR_OPT_GUARD).
 *
 * Code added later needs no guard, because in a thread with no enabled
 * channel it stores back exactly what it loaded: the spiller
 * (regalloc/spill.c) fills every spilled register an instruction
 * touches, destinations included, before the instruction and writes the
 * same GRFs back to the same slot after it (the instruction itself does
 * nothing there: no channel, or guarded), flags likewise through their
 * home; call-save code (regalloc/callsave.c) writes the live GRFs to the
 * frame, moves the stack pointer by +frame, and after the call (whose
 * body is nested code too, so guarded) moves it by -frame and reads the
 * same GRFs back.  IGC has to guard its spill code
 * (SWWA.cpp, "more on insts after register allocation") because it does
 * not fill a destination before a full write.  Temporaries written
 * unguarded (the guard flag, flag copies, fill registers) hold no other
 * value over their live interval (linear scan: one interval, no holes).
 *
 * Runs after splitting and before register allocation: F is a fresh,
 * unspillable flag register per block.
 */
#include "config.h"

#include <string.h>

#include "../ir/ir.h"

bool ir_nomask_wa(struct ir_prog *p);

enum { LV_UNIFORM, LV_DIVERGENT, LV_NESTED };

struct nest {
	const struct ir_inst *a;
	uint32_t n, nl;
	int32_t *lpos;        /* label -> instruction index, -1 */
	int32_t *loop_end;    /* loop head -> after its farthest back branch */
	uint32_t *rstart;     /* functions: [rstart[k], rstart[k + 1]) */
	uint32_t nr;
	uint32_t *region_of;  /* instruction -> function */
	uint8_t *entry;       /* function -> level on entry */
	uint8_t *lv;          /* instruction -> level */
	/* Dispatch-uniform values (uniform_values): the same in every
	 * thread; a flag also the same in every channel, for its first
	 * 'bits' channels.  NULL: none known. */
	uint8_t *uni;         /* vreg -> 1: dispatch-uniform */
	uint32_t *bits;       /* flag vreg -> channels written alike */
	int32_t *first_def;   /* flag vreg -> its first definition, -1 */
};

/* Where a branch or call goes (goto: UIP), -1 if not a label. */
static int32_t target_pos(const struct nest *s, const struct ir_inst *in)
{
	int32_t l = -1;
	if (in->op == GEN_OP_GOTO)
		l = in->uip;
	else if ((in->op == GEN_OP_WHILE || in->op == GEN_OP_JMPI ||
	          in->op == GEN_OP_CALL) && in->src[0].kind == IR_O_LABEL)
		l = (int32_t)in->src[0].v;
	return l >= 0 && (uint32_t)l < s->nl ? s->lpos[l] : -1;
}

static uint32_t chan_mask(const struct ir_inst *in)
{
	uint32_t m = in->exec >= 32 ? 0xFFFFFFFFu : (1u << in->exec) - 1;
	return m << in->choff;
}

/* A goto or while whose predicate is the same in every channel of every
 * thread splits nothing: all channels of both fused threads go the same
 * way. */
static bool uniform_branch(const struct nest *s, const struct ir_inst *in)
{
	return s->uni && in->pred == GEN_PRED_NORMAL && in->flag &&
	       s->uni[in->flag] &&
	       (chan_mask(in) & ~s->bits[in->flag]) == 0;
}

static void setup(struct ir_prog *p, struct nest *s)
{
	uint32_t n = s->n;
	s->nl = p->labels.n;
	s->lpos = ir_alloc(p, (s->nl + 1) * sizeof *s->lpos);
	s->loop_end = ir_alloc(p, (n + 1) * sizeof *s->loop_end);
	s->rstart = ir_alloc(p, (n + 2) * sizeof *s->rstart);
	s->region_of = ir_alloc(p, (n + 1) * sizeof *s->region_of);
	s->lv = ir_alloc(p, n + 1);
	memset(s->lv, 0, n + 1);
	for (uint32_t l = 0; l < s->nl; l++)
		s->lpos[l] = -1;
	for (uint32_t i = 0; i < n; i++) {
		if (s->a[i].op == IR_OP_LABEL)
			s->lpos[s->a[i].src[0].v] = (int32_t)i;
	}
	/* functions: the kernel, then each subroutine or stack-call function
	 * label after the kernel's first instruction */
	bool code = false;
	s->nr = 0;
	s->rstart[s->nr++] = 0;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_inst *in = &s->a[i];
		if (in->op == IR_OP_LABEL && code &&
		    p->labels.a[in->src[0].v].kind != IR_L_BLOCK)
			s->rstart[s->nr++] = i;
		if (in->op != IR_OP_LABEL)
			code = true;
		s->region_of[i] = s->nr - 1;
	}
	s->rstart[s->nr] = n;
	s->entry = ir_alloc(p, s->nr);
	memset(s->entry, 0, s->nr);
}

/* Loops: a while or backward goto sends channels back to its head; the
 * channels that leave wait after it. */
static void find_loops(struct nest *s)
{
	for (uint32_t i = 0; i < s->n; i++)
		s->loop_end[i] = -1;
	for (uint32_t i = 0; i < s->n; i++) {
		const struct ir_inst *in = &s->a[i];
		if ((in->op != GEN_OP_WHILE && in->op != GEN_OP_GOTO) ||
		    uniform_branch(s, in))
			continue;
		int32_t h = target_pos(s, in);
		if (h >= 0 && h <= (int32_t)i && s->loop_end[h] < (int32_t)i + 1)
			s->loop_end[h] = (int32_t)i + 1;
	}
}

static int32_t max32(int32_t a, int32_t b) { return a > b ? a : b; }

/* Levels of function k in layout order (IGC's CFState walk). */
static void scan(struct nest *s, uint32_t k)
{
	uint32_t b = s->rstart[k], e = s->rstart[k + 1];
	if (s->entry[k] == LV_NESTED) {
		memset(s->lv + b, LV_NESTED, e - b);
		return;
	}
	int32_t last_div = s->entry[k] == LV_DIVERGENT ? (int32_t)e : -1;
	int32_t last_nest = -1;
	bool seen_nested = false;
	for (uint32_t i = b; i < e; i++) {
		const struct ir_inst *in = &s->a[i];
		if ((int32_t)i == last_nest)
			last_nest = -1;
		if ((int32_t)i == last_div)
			last_div = last_nest = -1;
		if (in->op == IR_OP_LABEL && s->loop_end[i] >= 0)
			last_div = max32(last_div, s->loop_end[i]);
		if (last_nest >= 0) {
			s->lv[i] = LV_NESTED;
			seen_nested = true;
		} else if (last_div >= 0) {
			s->lv[i] = seen_nested ? LV_NESTED : LV_DIVERGENT;
		} else {
			s->lv[i] = LV_UNIFORM;
			seen_nested = false;
		}
		int32_t t = in->op == GEN_OP_GOTO && !uniform_branch(s, in)
		            ? target_pos(s, in) : -1;
		if (t > (int32_t)i) {
			if (last_div >= 0)
				last_nest = max32(last_nest, t);
			last_div = max32(last_div, t);
		}
	}
	/* a back edge at level 2 takes the wrong mask to the loop's head */
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t t = b; t < e; t++) {
			const struct ir_inst *in = &s->a[t];
			if (s->lv[t] != LV_NESTED || (in->op != GEN_OP_WHILE &&
			    in->op != GEN_OP_GOTO && in->op != GEN_OP_JMPI))
				continue;
			int32_t h = target_pos(s, in);
			if (h < (int32_t)b || h > (int32_t)t)
				continue;
			for (uint32_t j = (uint32_t)h; j < t; j++)
				if (s->lv[j] != LV_NESTED) {
					s->lv[j] = LV_NESTED;
					changed = true;
				}
		}
	}
}

/* Levels of every instruction: functions take the level of their call
 * sites, to a fixed point (levels only rise; recursion is fine). */
static void nested_levels(struct nest *s)
{
	find_loops(s);
	memset(s->entry, 0, s->nr);
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t k = 0; k < s->nr; k++) {
			scan(s, k);
			for (uint32_t i = s->rstart[k]; i < s->rstart[k + 1]; i++) {
				const struct ir_inst *in = &s->a[i];
				if (in->op != GEN_OP_CALL)
					continue;
				int32_t t = target_pos(s, in);
				if (t < 0)
					continue;
				uint8_t site = s->lv[i];
				if (in->pred && in->exec > 1)
					site = site ? LV_NESTED : LV_DIVERGENT;
				uint32_t c = s->region_of[t];
				if (site > s->entry[c]) {
					s->entry[c] = site;
					changed = true;
				}
			}
		}
	}
}

/* ---- dispatch-uniform values ------------------------------------------ */

struct uctx {
	struct nest *s;
	const struct ir_prog *p;
	bool ok, scalar;      /* the instruction's sources so far */
	bool changed;
	const struct ir_inst *in;
};

static void src_uniform(void *ctx, const struct ir_inst *in,
                        const struct ir_opnd *o, bool def)
{
	struct uctx *u = ctx;
	(void)in;
	if (def)
		return;
	if (o->kind != IR_O_REG || !u->s->uni[o->v])
		u->ok = false;
}

static void def_uniform(void *ctx, const struct ir_inst *in,
                        const struct ir_opnd *o, bool def)
{
	struct uctx *u = ctx;
	if (!def || o->kind != IR_O_REG)
		return;
	uint32_t v = o->v;
	bool flag = u->p->vregs.a[v].file == IR_RF_FLAG;
	bool keep = u->ok && (!flag || u->scalar);
	if (!keep && u->s->uni[v]) {
		u->s->uni[v] = 0;
		u->changed = true;
	}
}

/* The channels each flag's writers write (bits), and whether every
 * writer computes the same thing (the halves of one split compare), or
 * the flag's channels may differ. */
static void flag_writers(struct ir_prog *p, struct nest *s)
{
	uint32_t nv = p->vregs.n;
	memset(s->bits, 0, (nv + 1) * sizeof *s->bits);
	for (uint32_t v = 0; v <= nv; v++)
		s->first_def[v] = -1;
	for (uint32_t i = 0; i < s->n; i++) {
		const struct ir_inst *in = &s->a[i];
		uint32_t v = in->flag && in->cmod && in->op != GEN_OP_SEL
		             ? in->flag : 0;
		if (in->dst.kind == IR_O_REG &&
		    p->vregs.a[in->dst.v].file == IR_RF_FLAG)
			v = in->dst.v;     /* a flag written whole: not alike */
		if (!v)
			continue;
		int32_t f = s->first_def[v];
		const struct ir_inst *d = f >= 0 ? &s->a[f] : in;
		if (v == in->dst.v && in->dst.kind == IR_O_REG)
			s->uni[v] = 0;
		if (d->op != in->op || d->cmod != in->cmod ||
		    d->nsrc != in->nsrc || d->dst.kind != in->dst.kind ||
		    memcmp(d->src, in->src, sizeof in->src))
			s->uni[v] = 0;
		if (f < 0)
			s->first_def[v] = (int32_t)i;
		s->bits[v] |= chan_mask(in);
	}
}

/* Values computed the same way in every thread: every definition is an
 * unpredicated NoMask ALU instruction in code no branch has split
 * (level 0), from immediates and such values; a flag must in addition
 * come from scalar sources (every channel alike).  Registers never
 * defined (the payload, r0) are not, nor anything loaded.  Optimistic:
 * start from "all uniform", recompute the levels with the uniform
 * branches left out, drop what a definition disproves, repeat to the
 * fixed point (the set only shrinks).  Loop counters of loops with
 * constant bounds come out uniform, so such loops do not diverge. */
static void uniform_values(struct ir_prog *p, struct nest *s)
{
	uint32_t nv = p->vregs.n;
	s->uni = ir_alloc(p, nv + 1);
	s->bits = ir_alloc(p, (nv + 1) * sizeof *s->bits);
	s->first_def = ir_alloc(p, (nv + 1) * sizeof *s->first_def);
	memset(s->uni, 0, nv + 1);
	for (uint32_t i = 0; i < s->n; i++) {
		const struct ir_inst *in = &s->a[i];
		if (in->dst.kind == IR_O_REG)
			s->uni[in->dst.v] = 1;
		if (in->flag && in->cmod && in->op != GEN_OP_SEL)
			s->uni[in->flag] = 1;
	}
	flag_writers(p, s);
	for (unsigned round = 0; round < 16; round++) {
		nested_levels(s);
		struct uctx u = { .s = s, .p = p };
		for (uint32_t i = 0; i < s->n; i++) {
			const struct ir_inst *in = &s->a[i];
			u.in = in;
			u.ok = in->nomask && !in->pred && s->lv[i] == LV_UNIFORM &&
			       !ir_is_send(in->op) && !ir_is_branch(in->op) &&
			       in->op != IR_OP_LABEL;
			u.scalar = true;
			for (unsigned k = 0; k < in->nsrc; k++) {
				const struct ir_opnd *o = &in->src[k];
				if (o->kind == IR_O_REG &&
				    (o->rgn.vs != 0 || o->rgn.hs != 0))
					u.scalar = false;
				else if (o->kind != IR_O_REG && o->kind != IR_O_IMM)
					u.ok = false;
			}
			if (u.ok)
				ir_for_each_opnd(in, src_uniform, &u);
			ir_for_each_opnd(in, def_uniform, &u);
		}
		if (!u.changed)
			return;
	}
	s->uni = NULL;         /* no fixed point: assume nothing */
	nested_levels(s);
}

/* The guard: a flag holding the thread's enabled channels and the anyNh
 * predicate that reads it as "the thread has an enabled channel".
 *
 *   (W)          mov (1) F 0
 *                cmp (S) (eq)F null r0.0<0;1,0>:uw r0.0<0;1,0>:uw
 *   (W&F.anyNh)  a NoMask instruction of the block
 *
 * The cmp runs under the thread's execution mask (S = dispatch width);
 * N >= every guarded instruction's last channel (choff + exec), at least
 * S, so every channel of a guarded instruction reads the whole group.
 * IGC builds the same (SWWA.cpp applyNoMaskWA createFlagFromCmp with
 * UseAnyh; p_transcend.pow_sqrt simd32: cmp (32|M0) ... (W&f0.0.any32h)). */
struct guard {
	uint32_t flag;
	uint8_t pred;
};

static bool guard_wanted(const struct ir_inst *in)
{
	return in->nomask && in->op != IR_OP_LABEL && in->op != GEN_OP_NOP &&
	       !ir_is_branch(in->op) && !(in->opts & GEN_OPT_EOT);
}

static struct guard guard_begin(struct ir_prog *p, unsigned span)
{
	unsigned simd = p->simd ? p->simd : 16, n = simd;
	while (n < span && n < 32)
		n *= 2;
	struct guard g;
	g.pred = n <= 8 ? GEN_PRED_ANY8H : n <= 16 ? GEN_PRED_ANY16H
	                                           : GEN_PRED_ANY32H;
	enum gen_type ft = n > 16 ? GEN_TYPE_UD : GEN_TYPE_UW;
	g.flag = ir_flag_new(p, n);
	ir_vreg(p, g.flag)->flags |= IR_V_NOSPILL;
	ir_op1(p, GEN_OP_MOV, 1, true, ir_reg(g.flag, 0, ft), ir_imm(0, ft));
	struct ir_inst *in = ir_op2(p, GEN_OP_CMP, simd, false,
	                            ir_null(GEN_TYPE_UW),
	                            ir_scalar(p->r0, 0, GEN_TYPE_UW),
	                            ir_scalar(p->r0, 0, GEN_TYPE_UW));
	in->cmod = GEN_CMOD_EQ;
	in->flag = g.flag;
	return g;
}

/* Predicate 'in' by the guard (inverted: runs only where the thread has
 * no enabled channel). */
static void guard_set(struct ir_inst *in, struct guard g, bool inverted)
{
	in->pred = g.pred;
	in->pinv = inverted;
	in->flag = g.flag;
	in->flag_off = 0;
	in->opts |= IR_OPT_GUARD;
}

/* ---- temporaries -------------------------------------------------------- */

/* A general register defined once and read only after that in the same
 * block (between labels and branches).  A NoMask write of it needs no
 * guard: in a thread with no enabled channel it writes a register no
 * other value holds over its interval (linear scan: one interval, no
 * holes), and only this block's instructions read it, which are guarded
 * or do nothing there.  Not a send (a load with a garbage address may
 * fault), nothing read through a0 or live on entry. */
struct temps {
	uint32_t *ndef, *block;   /* per vreg: definitions, defining block */
	uint8_t *bad;             /* per vreg: read outside that block or
	                           * before its definition */
	uint32_t cur;             /* block of the instruction walked */
};

static void temp_opnd(void *ctx, const struct ir_inst *in,
                      const struct ir_opnd *o, bool def)
{
	struct temps *t = ctx;
	(void)in;
	if (o->kind != IR_O_REG)
		return;
	uint32_t v = o->v;
	if (def) {
		if (t->ndef[v]++ == 0)
			t->block[v] = t->cur;
	} else if (!t->ndef[v] || t->block[v] != t->cur) {
		t->bad[v] = 1;
	}
}

static bool block_end(const struct ir_inst *in);

static void find_temps(struct ir_prog *p, const struct nest *s,
                       struct temps *t)
{
	uint32_t nv = p->vregs.n + 1;
	t->ndef = ir_alloc(p, nv * sizeof *t->ndef);
	t->block = ir_alloc(p, nv * sizeof *t->block);
	t->bad = ir_alloc(p, nv);
	memset(t->ndef, 0, nv * sizeof *t->ndef);
	memset(t->bad, 0, nv);
	t->cur = 0;
	for (uint32_t i = 0; i < s->n; i++) {
		/* a label starts a block, a branch ends one (and reads the
		 * block's flag) */
		if (s->a[i].op == IR_OP_LABEL)
			t->cur++;
		/* sources before the destination: a read of the register by
		 * its own definition is a read before it */
		struct ir_inst src_only = s->a[i];
		src_only.dst.kind = IR_O_NONE;
		src_only.cmod = GEN_CMOD_NONE;
		ir_for_each_opnd(&src_only, temp_opnd, t);
		struct ir_inst dst_only = s->a[i];
		dst_only.nsrc = 0;
		dst_only.pred = GEN_PRED_NONE;
		dst_only.desc_reg = 0;
		ir_for_each_opnd(&dst_only, temp_opnd, t);
		if (ir_is_branch(s->a[i].op))
			t->cur++;
	}
}

static bool is_temp(const struct ir_prog *p, const struct temps *t,
                    uint32_t v, unsigned file)
{
	const struct ir_vreg *r = &p->vregs.a[v];
	return r->file == file && t->ndef[v] == 1 && !t->bad[v] &&
	       !(r->flags & (IR_V_ADDR_TAKEN | IR_V_LIVE_IN | IR_V_GLOBAL |
	                     IR_V_PINNED));
}

/* Every register the instruction writes is a temporary: its destination
 * (or none) and the flag of its condition modifier.  A flag temporary is
 * read only by this block's branch (which a thread with no enabled
 * channel takes with none) or by guarded instructions. */
static bool writes_temp(const struct ir_prog *p, const struct temps *t,
                        const struct ir_inst *in)
{
	if (in->pred || ir_is_send(in->op))
		return false;
	bool null = in->dst.kind == IR_O_NONE ||
	            (in->dst.kind == IR_O_ARF && in->dst.rn == GEN_RN_NULL);
	if (!null && (in->dst.kind != IR_O_REG ||
	              !is_temp(p, t, in->dst.v, IR_RF_GRF)))
		return false;
	if (in->flag && in->cmod && in->op != GEN_OP_SEL)
		return is_temp(p, t, in->flag, IR_RF_FLAG);
	return !null;
}

static bool block_end(const struct ir_inst *in)
{
	return in->op == IR_OP_LABEL || ir_is_branch(in->op);
}

/* The guard of the block from instruction i on, wide enough for every
 * instruction it will guard. */
static struct guard block_guard(struct ir_prog *p, const struct nest *s,
                                   uint32_t i)
{
	unsigned span = 1;
	for (uint32_t j = i; j < s->n && (j == i || !block_end(&s->a[j])); j++)
		if (s->lv[j] == LV_NESTED && guard_wanted(&s->a[j]) &&
		    (unsigned)s->a[j].choff + s->a[j].exec > span)
			span = (unsigned)s->a[j].choff + s->a[j].exec;
	return guard_begin(p, span);
}

static enum gen_type flag_type(const struct ir_prog *p, uint32_t f)
{
	return p->vregs.a[f].size > 2 ? GEN_TYPE_UD : GEN_TYPE_UW;
}

/* (W) op (cmod)X ...  ->  (W) mov T X;  (W) op (cmod)T ...;
 * (W&G) mov X T: the flag changes only where the thread has channels,
 * and bits the instruction does not write keep X's value. */
static void flag_write(struct ir_prog *p, struct ir_inst *in,
                       struct guard g)
{
	uint32_t x = in->flag;
	enum gen_type t = flag_type(p, x);
	uint32_t tmp = ir_flag_new(p, t == GEN_TYPE_UD ? 32 : 16);
	ir_op1(p, GEN_OP_MOV, 1, true, ir_reg(tmp, 0, t), ir_scalar(x, 0, t));
	in->flag = tmp;
	ir_emit_copy(p, in);
	struct ir_inst *m = ir_op1(p, GEN_OP_MOV, 1, true, ir_reg(x, 0, t),
	                           ir_scalar(tmp, 0, t));
	guard_set(m, g, false);
}

/* (W&P) op  ->  (W) mov T P (not T P for ~P);  (W&~G) mov T 0;
 * (W&T) op: T is P where the thread has channels, 0 where it has none;
 * laid out as P (the predicate's offset in it is kept). */
static void pred_and_guard(struct ir_prog *p, struct ir_inst *in,
                           struct guard g)
{
	enum gen_type t = flag_type(p, in->flag);
	uint32_t tmp = ir_flag_new(p, t == GEN_TYPE_UD ? 32 : 16);
	ir_op1(p, in->pinv ? GEN_OP_NOT : GEN_OP_MOV, 1, true,
	       ir_reg(tmp, 0, t), ir_scalar(in->flag, 0, t));
	struct ir_inst *m = ir_op1(p, GEN_OP_MOV, 1, true, ir_reg(tmp, 0, t),
	                           ir_imm(0, t));
	guard_set(m, g, true);
	in->flag = tmp;
	in->pinv = false;
	ir_emit_copy(p, in);
}

static bool null_dst(const struct ir_inst *in)
{
	return in->dst.kind == IR_O_NONE ||
	       (in->dst.kind == IR_O_ARF && in->dst.rn == GEN_RN_NULL);
}

static bool rewrite(struct ir_prog *p, const struct nest *s, uint32_t i,
                    struct guard *g)
{
	struct ir_inst in = s->a[i];
	if (in.pred != GEN_PRED_NONE &&
	    (in.pred != GEN_PRED_NORMAL || in.cmod != GEN_CMOD_NONE ||
	     in.op == GEN_OP_SEL))
		return ir_unsupported(p, "a NoMask %s in nested divergent code "
		                      "on %s (fused-EU NoMask workaround)",
		                      in.op == GEN_OP_SEL ? "predicated sel"
		                      : in.cmod ? "flag-writing instruction with "
		                      "a predicate" : "instruction with a group "
		                      "predicate", p->plat->name);
	if (in.flag && in.cmod != GEN_CMOD_NONE && in.op != GEN_OP_SEL &&
	    !null_dst(&in))
		return ir_unsupported(p, "a NoMask instruction writing a "
		                      "register and a flag in nested divergent "
		                      "code on %s (fused-EU NoMask workaround)",
		                      p->plat->name);
	if (!g->flag)
		*g = block_guard(p, s, i);
	if (in.pred != GEN_PRED_NONE)
		pred_and_guard(p, &in, *g);
	else if (in.flag && in.cmod != GEN_CMOD_NONE && in.op != GEN_OP_SEL)
		flag_write(p, &in, *g);
	else {
		guard_set(&in, *g, false);
		ir_emit_copy(p, &in);
	}
	return true;
}

bool ir_nomask_wa(struct ir_prog *p)
{
	if (!p->plat->wa.fused_eu_nomask)
		return true;
	/* Levels rise above uniform only through gotos, whiles and calls
	 * (scan, nested_levels): without them no instruction is guarded and
	 * the program stays as it is (issue 12: straight code paid the
	 * uniform-value rounds and a copy of itself). */
	bool flow = false;
	for (uint32_t i = 0; i < p->insts.n && !flow; i++) {
		unsigned op = p->insts.a[i].op;
		flow = op == GEN_OP_GOTO || op == GEN_OP_WHILE || op == GEN_OP_CALL;
	}
	if (!flow) {
		if (p->insts.n)   /* where the walk below would leave it */
			p->loc = p->insts.a[p->insts.n - 1].loc;
		return true;
	}
	struct ir_insts_old old = ir_rewrite_begin(p);
	struct nest s = { .a = old.a, .n = old.n };
	setup(p, &s);
	uniform_values(p, &s);
	struct temps t;
	find_temps(p, &s, &t);
	for (uint32_t i = 0; i < old.n; i++)
		if (s.lv[i] == LV_NESTED && writes_temp(p, &t, &old.a[i]))
			s.lv[i] = LV_DIVERGENT;   /* needs no guard */
	struct guard g = { 0, 0 };
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst *in = &old.a[i];
		p->loc = in->loc;
		if (block_end(in))
			g.flag = 0;        /* a new block: a new guard */
		if (s.lv[i] != LV_NESTED || !guard_wanted(in))
			ir_emit_copy(p, in);
		else if (!rewrite(p, &s, i, &g))
			return false;
	}
	return true;
}
