/* test_ir.c - guards the shared IR layer (ir/): the CFG (blocks, edges,
 * predecessors, reverse postorder, back edges, loop depth) on hand-built
 * programs and on vISA kernels built and goto-lowered by the finalizer;
 * liveness (live-in/out and may-be-defined sets: full writes kill,
 * predicated and partial writes do not, values live around loops,
 * address-taken registers); the verifier, where every check is made to
 * fire by one broken program and a correct one passes; the arena's
 * blocks (chunks, malloc'ed blocks, its own mappings of 4 MB and more)
 * keep their contents as an array grows through all three. */
#include <check.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "err.h"
#include "visafin.h"
#include "../../ir/cfg.h"
#include "../../platforms/platform.h"
#include "unit.h"

bool ir_build(struct ir_prog *p, const struct vf_module *m, unsigned kernel);
bool ir_lower_goto(struct ir_prog *p);

static void expect(struct ir_prog *p, unsigned stages, const char *check);

static jmp_buf oom;
static struct vf_error err;
static struct ir_prog prog;

static struct ir_prog *new_prog(const char *plat)
{
	vf_arena_free(prog.arena);
	memset(&prog, 0, sizeof prog);
	memset(&err, 0, sizeof err);
	prog.arena = vf_arena_new();
	ck_assert_ptr_nonnull(prog.arena);
	prog.err = &err;
	prog.oom = &oom;
	prog.plat = plat_by_name(plat);
	ck_assert_ptr_nonnull(prog.plat);
	prog.name = "t";
	prog.simd = 8;
	prog.r0 = ir_vreg_new(&prog, IR_RF_GRF, IR_GRF_BYTES, IR_GRF_BYTES);
	struct ir_vreg *r0 = ir_vreg(&prog, prog.r0);
	r0->pin = 0;
	r0->flags |= IR_V_PINNED | IR_V_LIVE_IN | IR_V_WHOLE_GRF;
	return &prog;
}

static struct vf_module *module;

static void teardown(void)
{
	vf_arena_free(prog.arena);
	memset(&prog, 0, sizeof prog);
	vf_module_free(module);
	module = NULL;
}

#define OOM_GUARD() do { if (setjmp(oom)) ck_abort_msg("out of memory"); } while (0)

/* An 8-channel dword register. */
static uint32_t d8(struct ir_prog *p)
{
	return ir_temp(p, GEN_TYPE_D, 8, 1);
}

static struct ir_opnd dd(uint32_t v) { return ir_dst(v, 0, GEN_TYPE_D, 1); }
static struct ir_opnd sv(uint32_t v) { return ir_vec(v, 0, GEN_TYPE_D, 1); }
static struct ir_opnd one(void) { return ir_imm(1, GEN_TYPE_D); }

static struct ir_inst *jmpi(struct ir_prog *p, uint32_t label, uint32_t flag)
{
	struct ir_inst *j = ir_emit(p, GEN_OP_JMPI, 1);
	j->nomask = true;
	j->src[0] = ir_label_opnd(label);
	j->nsrc = 1;
	j->jip = (int32_t)label;
	if (flag) {
		j->flag = flag;
		j->pred = GEN_PRED_NORMAL;
	}
	return j;
}

static uint32_t cmp_flag(struct ir_prog *p, uint32_t v)
{
	uint32_t f = ir_flag_new(p, 8);
	struct ir_inst *c = ir_op2(p, GEN_OP_CMP, 8, false, ir_null(GEN_TYPE_D),
	                           sv(v), one());
	c->cmod = GEN_CMOD_LT;
	c->flag = f;
	return f;
}

static void eot(struct ir_prog *p)
{
	struct ir_inst *s = ir_emit(p, GEN_OP_SEND, 8);
	s->nomask = true;
	s->dst = ir_null(GEN_TYPE_UD);
	s->src[0] = ir_vec(p->r0, 0, GEN_TYPE_UD, 1);
	s->nsrc = 1;
	s->mlen = 1;
	s->sfid = 7;
	s->opts = GEN_OPT_EOT;
}

static bool has(const uint32_t *a, uint32_t n, uint32_t x)
{
	for (uint32_t i = 0; i < n; i++)
		if (a[i] == x)
			return true;
	return false;
}

/* b0: t1 = 1; (f) jmpi L1   b1: t2 = t1 + 1; jmpi L2   b2 (L1): (f) t4 = 1
 * b3 (L2): t3 = t1 + t4; EOT */
struct diamond {
	uint32_t t1, t2, t3, t4, f;
};

static struct diamond build_diamond(struct ir_prog *p)
{
	struct diamond d = { d8(p), d8(p), d8(p), d8(p), 0 };
	uint32_t l1 = ir_label_new(p, "L1", IR_L_BLOCK);
	uint32_t l2 = ir_label_new(p, "L2", IR_L_BLOCK);
	ir_op1(p, GEN_OP_MOV, 8, false, dd(d.t1), one());
	d.f = cmp_flag(p, d.t1);
	jmpi(p, l1, d.f);
	ir_op2(p, GEN_OP_ADD, 8, false, dd(d.t2), sv(d.t1), one());
	jmpi(p, l2, 0);
	ir_emit_label(p, l1);
	struct ir_inst *m = ir_op1(p, GEN_OP_MOV, 8, false, dd(d.t4), one());
	m->flag = d.f;
	m->pred = GEN_PRED_NORMAL;
	ir_emit_label(p, l2);
	ir_op2(p, GEN_OP_ADD, 8, false, dd(d.t3), sv(d.t1), sv(d.t4));
	eot(p);
	return d;
}

/* ---- CFG ---------------------------------------------------------------- */

START_TEST(cfg_straight_line)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	uint32_t t = d8(p);
	ir_op1(p, GEN_OP_MOV, 8, false, dd(t), one());
	ir_op2(p, GEN_OP_ADD, 8, false, dd(t), sv(t), one());
	eot(p);
	const struct ir_cfg *c = ir_cfg_build(p);
	ck_assert_uint_eq(c->nb, 1);
	ck_assert_uint_eq(c->b[0].first, 0);
	ck_assert_uint_eq(c->b[0].end, 3);
	ck_assert_uint_eq(c->b[0].nsucc, 0);
	ck_assert_uint_eq(c->b[0].npred, 0);
	ck_assert_uint_eq(c->nback, 0);
	ck_assert_uint_eq(c->rpo[0], 0);
}
END_TEST

START_TEST(cfg_diamond)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	build_diamond(p);
	const struct ir_cfg *c = ir_cfg_build(p);
	ck_assert_uint_eq(c->nb, 4);
	/* b0 = mov, cmp, jmpi; b1 = add, jmpi; b2 = L1, mov; b3 = L2, add, send */
	ck_assert_uint_eq(c->b[0].end, 3);
	ck_assert_uint_eq(c->b[1].first, 3);
	ck_assert_uint_eq(c->b[2].first, 5);
	ck_assert_uint_eq(c->b[3].first, 7);
	ck_assert_uint_eq(c->b[3].end, 10);
	ck_assert_int_eq(c->label_block[0], 2);
	ck_assert_int_eq(c->label_block[1], 3);
	ck_assert_int_eq(c->label_pos[1], 7);
	ck_assert_uint_eq(c->blk_of[4], 1);
	/* predicated jmpi: target and fall-through; unpredicated: target */
	ck_assert_uint_eq(c->b[0].nsucc, 2);
	ck_assert(has(c->b[0].succ, 2, 1) && has(c->b[0].succ, 2, 2));
	ck_assert_uint_eq(c->b[1].nsucc, 1);
	ck_assert_uint_eq(c->b[1].succ[0], 3);
	ck_assert_uint_eq(c->b[2].nsucc, 1);
	ck_assert_uint_eq(c->b[2].succ[0], 3);
	ck_assert_uint_eq(c->b[3].nsucc, 0);   /* EOT */
	ck_assert_uint_eq(c->b[3].npred, 2);
	ck_assert(has(c->b[3].pred, 2, 1) && has(c->b[3].pred, 2, 2));
	/* RPO: entry first, join last, every block once */
	ck_assert_uint_eq(c->rpo[0], 0);
	ck_assert_uint_eq(c->rpo[3], 3);
	for (uint32_t b = 0; b < 4; b++)
		ck_assert_uint_eq(c->rpo[c->b[b].rpo], b);
	ck_assert_uint_eq(c->nback, 0);
	for (uint32_t b = 0; b < 4; b++)
		ck_assert_uint_eq(c->b[b].loop_depth, 0);
}
END_TEST

/* b0: i = 0   b1 (H1): i += 1   b2 (H2): j += 1; (f) jmpi H2
 * b3: (g) jmpi H1   b4: EOT.  Inner loop {b2}, outer {b1, b2, b3}. */
START_TEST(cfg_nested_loops)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	uint32_t i = d8(p), j = d8(p);
	uint32_t h1 = ir_label_new(p, "H1", IR_L_BLOCK);
	uint32_t h2 = ir_label_new(p, "H2", IR_L_BLOCK);
	ir_op1(p, GEN_OP_MOV, 8, false, dd(i), one());
	ir_op1(p, GEN_OP_MOV, 8, false, dd(j), one());
	ir_emit_label(p, h1);
	ir_op2(p, GEN_OP_ADD, 8, false, dd(i), sv(i), one());
	ir_emit_label(p, h2);
	ir_op2(p, GEN_OP_ADD, 8, false, dd(j), sv(j), one());
	jmpi(p, h2, cmp_flag(p, j));
	jmpi(p, h1, cmp_flag(p, i));
	eot(p);
	const struct ir_cfg *c = ir_cfg_build(p);
	ck_assert_uint_eq(c->nb, 5);
	ck_assert_uint_eq(c->nback, 2);
	bool inner = false, outer = false;
	for (uint32_t e = 0; e < c->nback; e++) {
		inner |= c->back[e].tail == 2 && c->back[e].head == 2;
		outer |= c->back[e].tail == 3 && c->back[e].head == 1;
	}
	ck_assert(inner && outer);
	ck_assert_uint_eq(c->b[0].loop_depth, 0);
	ck_assert_uint_eq(c->b[1].loop_depth, 1);
	ck_assert_uint_eq(c->b[2].loop_depth, 2);
	ck_assert_uint_eq(c->b[3].loop_depth, 1);
	ck_assert_uint_eq(c->b[4].loop_depth, 0);
	ck_assert_uint_eq(c->b[2].npred, 2);   /* from b1 and itself */
	/* RPO puts a loop head before its body and the exit last */
	ck_assert(c->b[1].rpo < c->b[2].rpo && c->b[2].rpo < c->b[3].rpo);
	ck_assert_uint_eq(c->b[4].rpo, 4);
}
END_TEST

/* A vISA kernel, built and goto-lowered: a divergent do-while loop (the
 * backward goto becomes a while) and a subroutine call. */
static const char loop_kernel[] =
	".version 4.1\n.kernel \"k\"\n"
	".decl V0033 v_type=G type=d num_elts=8 align=hword alias=<%r0, 0>\n"
	".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
	".decl V0041 v_type=G type=d num_elts=8 align=hword\n"
	".decl P1 v_type=P num_elts=8\n"
	".input V0040 offset=32 size=32\n"
	".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
	"    mov (M1, 8) V0041(0,0)<1> 0x0:d\n"
	"LOOP:\n"
	"    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x1:d\n"
	"    cmp.lt (M1, 8) P1 V0041(0,0)<1;1,0> V0040(0,0)<1;1,0>\n"
	"    (P1) goto (M1, 8) LOOP\n"
	"    call (M1, 1) SUB\n"
	"    ret (M1, 1)\n"
	".function \"SUB\"\n"
	"SUB:\n"
	"    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x2:d\n"
	"    ret (M1, 1)\n";

/* 'module' outlives the IR built from it (names point into it). */
static void build_text(struct ir_prog *p, const char *text)
{
	struct vf_text t = { "t.visaasm", text, strlen(text) };
	vf_module_free(module);
	module = NULL;
	ck_assert_msg(vf_read_visaasm(&t, 1, &module, &err) == VF_OK, "%s",
	              err.msg);
	bool ok = ir_build(p, module, 0) && ir_lower_goto(p);
	ck_assert_msg(ok, "%s", err.msg);
}

static int32_t find_op(const struct ir_prog *p, unsigned op)
{
	for (uint32_t i = 0; i < p->insts.n; i++)
		if (p->insts.a[i].op == op)
			return (int32_t)i;
	return -1;
}

/* A kernel calling a stack-call function (fcall/fret): two texts. */
static const char fcall_kernel[] =
	".version 4.1\n.kernel \"k\"\n.funcdecl \"f\"\n"
	".decl X v_type=G type=d num_elts=8 align=hword\n"
	".decl ARG v_type=G type=d num_elts=8 align=hword alias=<%arg, 0>\n"
	".decl RET v_type=G type=d num_elts=8 align=hword alias=<%retval, 0>\n"
	".input X offset=32 size=32\n"
	".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
	"    mov (M1, 8) ARG(0,0)<1> X(0,0)<1;1,0>\n"
	"    fcall (M1, 8) f 1 1\n"
	"    add (M1, 8) X(0,0)<1> RET(0,0)<1;1,0> 0x1:d\n"
	"    ret (M1, 1)\n";
static const char fcall_function[] =
	".version 4.1\n.global_function \"f\"\n"
	".decl A v_type=G type=d num_elts=8 align=hword alias=<%arg, 0>\n"
	".decl RV v_type=G type=d num_elts=8 align=hword alias=<%retval, 0>\n"
	".kernel_attr SimdSize=8\n.kernel_attr ArgSize=1\n"
	".kernel_attr RetValSize=1\n.function \"f_0\"\nf_0:\n"
	"    add (M1, 8) RV(0,0)<1> A(0,0)<1;1,0> 0x5:d\n"
	"    fret (M1, 8)\n";

/* The callee of a stack call is a region no CFG edge enters; the call is
 * listed in c->calls, and the verifier follows the return address the
 * call writes into the callee. */
START_TEST(cfg_stack_call)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	struct vf_text t[2] = {
		{ "k.visaasm", fcall_kernel, strlen(fcall_kernel) },
		{ "f.visaasm", fcall_function, strlen(fcall_function) } };
	vf_module_free(module);
	module = NULL;
	ck_assert_msg(vf_read_visaasm(t, 2, &module, &err) == VF_OK, "%s",
	              err.msg);
	ck_assert_msg(ir_build(p, module, 0) && ir_lower_goto(p), "%s", err.msg);
	const struct ir_cfg *c = ir_cfg_build(p);
	int32_t ci = find_op(p, GEN_OP_CALL), ri = find_op(p, GEN_OP_RET);
	ck_assert_int_ge(ci, 0);
	ck_assert_int_ge(ri, 0);
	ck_assert(p->insts.a[ci].opts & IR_OPT_STACKCALL);
	uint32_t cb = c->blk_of[ci], rb = c->blk_of[ri];
	int32_t callee = c->label_block[p->insts.a[ci].src[0].v];
	ck_assert_uint_eq(c->b[cb].nsucc, 1);         /* falls through only */
	ck_assert_uint_eq(c->b[cb].succ[0], cb + 1);
	ck_assert_uint_eq(c->b[rb].nsucc, 0);         /* fret: no edge */
	ck_assert_uint_eq(c->b[callee].npred, 0);
	ck_assert_uint_eq(c->ncalls, 1);
	ck_assert_uint_eq(c->calls[0].from, cb);
	ck_assert_uint_eq(c->calls[0].to, (uint32_t)callee);
	/* every block in the RPO once, the callee after the kernel's */
	ck_assert(c->b[callee].rpo > c->b[cb].rpo);
	/* fret reads the return address only the caller writes */
	expect(p, 0, NULL);
	p->insts.a[ci].dst.kind = IR_O_ARF;   /* the call writes it no more */
	p->insts.a[ci].dst.rn = GEN_RN_NULL;
	expect(p, 0, "undefined");
}
END_TEST

START_TEST(cfg_parsed_loop_and_call)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	build_text(p, loop_kernel);
	const struct ir_cfg *c = ir_cfg_build(p);
	int32_t w = find_op(p, GEN_OP_WHILE);
	ck_assert_int_ge(w, 0);
	uint32_t wb = c->blk_of[w];
	int32_t head = c->label_block[p->insts.a[w].jip];
	ck_assert_int_ge(head, 0);
	/* while: back to the loop head and on to the join after it */
	ck_assert_uint_eq(c->b[wb].nsucc, 2);
	ck_assert(has(c->b[wb].succ, 2, (uint32_t)head));
	ck_assert(has(c->b[wb].succ, 2, wb + 1));
	ck_assert_uint_eq(c->nback, 1);
	ck_assert_uint_eq(c->back[0].tail, wb);
	ck_assert_uint_eq(c->back[0].head, (uint32_t)head);
	ck_assert_uint_eq(c->b[wb].loop_depth, 1);
	ck_assert_uint_eq(c->b[head].loop_depth, 1);
	ck_assert_uint_eq(c->b[0].loop_depth, 0);
	/* call: to the subroutine; ret: to the instruction after the call */
	int32_t ci = find_op(p, GEN_OP_CALL), ri = find_op(p, GEN_OP_RET);
	ck_assert_int_ge(ci, 0);
	ck_assert_int_ge(ri, 0);
	uint32_t cb = c->blk_of[ci], rb = c->blk_of[ri];
	int32_t sub = c->label_block[p->insts.a[ci].src[0].v];
	ck_assert(has(c->b[cb].succ, c->b[cb].nsucc, (uint32_t)sub));
	ck_assert(has(c->b[cb].succ, c->b[cb].nsucc, cb + 1));
	ck_assert_uint_eq(c->b[rb].nsucc, 1);
	ck_assert_uint_eq(c->b[rb].succ[0], c->blk_of[ci + 1]);
	ck_assert_uint_eq(c->b[sub].loop_depth, 0);
}
END_TEST

/* ---- liveness ------------------------------------------------------------ */

static bool live_in(const struct ir_live *l, uint32_t b, uint32_t v)
{
	return vf_bit_test(ir_live_row(l, l->in, b), v);
}

static bool live_out(const struct ir_live *l, uint32_t b, uint32_t v)
{
	return vf_bit_test(ir_live_row(l, l->out, b), v);
}

START_TEST(live_diamond)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	struct diamond d = build_diamond(p);
	const struct ir_cfg *c = ir_cfg_build(p);
	const struct ir_live *l = ir_live_build(p, c, NULL);
	ck_assert_uint_eq(l->nv, p->vregs.n);
	/* t1: written in b0, read in b1 and b3 */
	ck_assert(!live_in(l, 0, d.t1));
	ck_assert(live_out(l, 0, d.t1));
	ck_assert(live_in(l, 1, d.t1) && live_in(l, 2, d.t1) &&
	          live_in(l, 3, d.t1));
	ck_assert(!live_out(l, 3, d.t1));
	/* t2: written, never read */
	for (uint32_t b = 0; b < 4; b++)
		ck_assert(!live_in(l, b, d.t2) && !live_out(l, b, d.t2));
	/* t4: the predicated write in b2 does not kill, so t4 is live into
	 * b2 and (reaching b3 from b1 unwritten) out of b0 and b1 */
	ck_assert(live_in(l, 2, d.t4));
	ck_assert(live_out(l, 1, d.t4) && live_in(l, 0, d.t4));
	/* the flag: written by the cmp in b0, read by jmpi and the mov */
	ck_assert(live_out(l, 0, d.f) && live_in(l, 2, d.f));
	ck_assert(!live_in(l, 3, d.f));
	/* an 8-channel cmp writes half of the 16-bit flag: no kill */
	ck_assert(live_in(l, 0, d.f));
	/* may be defined: t1 on entry to b1..b3, t4 only after b2 */
	const vf_word *di1 = ir_live_row(l, l->def_in, 1);
	const vf_word *di3 = ir_live_row(l, l->def_in, 3);
	ck_assert(!vf_bit_test(ir_live_row(l, l->def_in, 0), d.t1));
	ck_assert(vf_bit_test(di1, d.t1) && vf_bit_test(di3, d.t1));
	ck_assert(!vf_bit_test(di1, d.t4) && vf_bit_test(di3, d.t4));
	ck_assert(vf_bit_test(ir_live_row(l, l->def_in, 0), p->r0));
}
END_TEST

/* A full write kills, a partial one (one channel) does not; a value
 * read after the loop and updated in it is live around the back edge. */
START_TEST(live_kill_partial_loop)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	uint32_t a = d8(p), b = d8(p), s = d8(p);
	uint32_t h = ir_label_new(p, "H", IR_L_BLOCK);
	ir_op1(p, GEN_OP_MOV, 1, true, ir_dst(a, 4, GEN_TYPE_D, 1), one());
	ir_op1(p, GEN_OP_MOV, 8, false, dd(b), one());
	ir_op1(p, GEN_OP_MOV, 8, false, dd(s), one());
	ir_emit_label(p, h);                                  /* b1 */
	ir_op2(p, GEN_OP_ADD, 8, false, dd(s), sv(s), sv(a));
	jmpi(p, h, cmp_flag(p, s));
	ir_op2(p, GEN_OP_ADD, 8, false, dd(b), sv(b), sv(s)); /* b2 */
	eot(p);
	const struct ir_cfg *c = ir_cfg_build(p);
	const struct ir_live *l = ir_live_build(p, c, NULL);
	ck_assert_uint_eq(c->nb, 3);
	ck_assert(live_in(l, 0, a));    /* partial write: still live in */
	ck_assert(!live_in(l, 0, b));   /* full write kills */
	ck_assert(live_in(l, 1, s) && live_out(l, 1, s));  /* around the loop */
	ck_assert(live_in(l, 1, b));    /* carried through the loop */
	ck_assert(live_in(l, 1, a) && live_out(l, 1, a));  /* read each turn */
	ck_assert(!live_in(l, 2, a));
	ck_assert(live_in(l, 2, s));
}
END_TEST

struct refs {
	uint32_t reads[8], writes[8];
	unsigned nr, nw;
	bool full;
};

static void collect(void *ctx, uint32_t v, bool def, bool full, uint32_t pos)
{
	(void)pos;
	struct refs *r = ctx;
	if (def) {
		r->writes[r->nw++] = v;
		r->full = full;
	} else {
		r->reads[r->nr++] = v;
	}
}

START_TEST(live_indirect)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	uint32_t x = d8(p), y = d8(p), d = d8(p);
	uint32_t a = ir_vreg_new(p, IR_RF_ADDR, 2, 2);
	ir_vreg(p, x)->flags |= IR_V_ADDR_TAKEN;
	ir_vreg(p, y)->flags |= IR_V_ADDR_TAKEN;
	ir_op1(p, GEN_OP_MOV, 8, false, dd(x), one());
	ir_op1(p, GEN_OP_MOV, 8, false, dd(y), one());
	ir_op1(p, GEN_OP_MOV, 1, true, ir_dst(a, 0, GEN_TYPE_UW, 1),
	       ir_imm(0, GEN_TYPE_UW));
	struct ir_opnd ind = { .kind = IR_O_IND, .type = GEN_TYPE_D, .v = a };
	ind.rgn = (struct gen_region){ 0, 1, 0 };
	ir_op1(p, GEN_OP_MOV, 8, false, dd(d), ind);
	eot(p);
	const struct ir_cfg *c = ir_cfg_build(p);
	const struct ir_live *l = ir_live_build(p, c, NULL);
	ck_assert_uint_eq(l->ntaken, 2);
	struct refs r = { .nr = 0 };
	ir_inst_refs(p, l, &p->insts.a[3], 3, collect, &r);
	ck_assert_uint_eq(r.nr, 3);   /* a0, then every address-taken reg */
	ck_assert_uint_eq(r.reads[0], a);
	ck_assert(has(r.reads, 3, x) && has(r.reads, 3, y));
	ck_assert_uint_eq(r.nw, 1);
	ck_assert_uint_eq(r.writes[0], d);
	ck_assert(r.full);
	/* so x and y stay live until the indirect read */
	ck_assert(!live_in(l, 0, x));
}
END_TEST

/* With a narrowing callback an indirect operand touches only the
 * registers its address register may point into, or the one the block
 * names for it. */
static uint64_t only_first[64];
static uint32_t local_of[64];

static void narrow_first(struct ir_prog *p, struct ir_live *l)
{
	(void)p;
	memset(only_first, 0, sizeof only_first);
	for (uint32_t a = 0; a < l->nv && a < 64; a++)
		only_first[a] = 1;          /* bit 0: l->taken[0] */
	l->targets = only_first;
	l->tw = 1;
	l->local = local_of;
}

START_TEST(live_indirect_narrowed)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	uint32_t x = d8(p), y = d8(p), d = d8(p);
	uint32_t a = ir_vreg_new(p, IR_RF_ADDR, 2, 2);
	ir_vreg(p, x)->flags |= IR_V_ADDR_TAKEN;
	ir_vreg(p, y)->flags |= IR_V_ADDR_TAKEN;
	struct ir_opnd ind = { .kind = IR_O_IND, .type = GEN_TYPE_D, .v = a };
	ind.rgn = (struct gen_region){ 0, 1, 0 };
	ir_op1(p, GEN_OP_MOV, 8, false, dd(d), ind);
	ir_op1(p, GEN_OP_MOV, 8, false, ind, sv(d));
	eot(p);
	memset(local_of, 0, sizeof local_of);
	const struct ir_cfg *c = ir_cfg_build(p);
	const struct ir_live *l = ir_live_build(p, c, narrow_first);
	ck_assert_uint_eq(l->taken[0], x);
	struct refs r = { .nr = 0 };
	ir_inst_refs(p, l, &p->insts.a[0], 0, collect, &r);
	ck_assert_uint_eq(r.nr, 2);   /* a0 and x only */
	ck_assert_uint_eq(r.reads[1], x);
	ck_assert(live_in(l, 0, x) && !live_in(l, 0, y));
	/* the block says operand 0 of instruction 0 points into y */
	local_of[0 * 4 + 0] = y;
	memset(&r, 0, sizeof r);
	ir_inst_refs(p, l, &p->insts.a[0], 0, collect, &r);
	ck_assert_uint_eq(r.nr, 2);
	ck_assert_uint_eq(r.reads[1], y);
	/* an indirect destination writes, never fully */
	memset(&r, 0, sizeof r);
	ir_inst_refs(p, l, &p->insts.a[1], 1, collect, &r);
	ck_assert_uint_eq(r.nw, 1);
	ck_assert_uint_eq(r.writes[0], x);
	ck_assert(!r.full);
}
END_TEST

/* A block-local register (spill temporary) is defined by every write,
 * even a partial one. */
START_TEST(live_block_local)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	uint32_t t = ir_temp(p, GEN_TYPE_D, 16, 1), u = d8(p);
	ir_op1(p, GEN_OP_MOV, 8, false, ir_dst(t, 32, GEN_TYPE_D, 1), one());
	ir_op2(p, GEN_OP_ADD, 8, false, dd(u), ir_vec(t, 32, GEN_TYPE_D, 1),
	       one());
	eot(p);
	const struct ir_cfg *c = ir_cfg_build(p);
	ck_assert(live_in(ir_live_build(p, c, NULL), 0, t));
	ir_vreg(p, t)->flags |= IR_V_BLOCK_LOCAL;
	ck_assert(!live_in(ir_live_build(p, c, NULL), 0, t));
}
END_TEST

/* ir_live_defined answers exactly what the per-block sets answer: v at
 * the entry of b where in & def_in hold, at its exit where out & def_out
 * hold, each once. */
struct at_marks {
	uint8_t *m;    /* (v * nb + b) * 2 + entry */
	uint32_t nb;
};

static void mark_at(void *ctx, uint32_t v, uint32_t b, bool entry)
{
	struct at_marks *s = ctx;
	uint8_t *x = &s->m[((size_t)v * s->nb + b) * 2 + entry];
	ck_assert_msg(!*x, "v%u block %u reported twice", v, b);
	*x = 1;
}

/* Returns how many (register, block, end) the sets hold. */
static unsigned check_defined(struct ir_prog *p)
{
	const struct ir_cfg *c = ir_cfg_build(p);
	const struct ir_live *l = ir_live_build(p, c, NULL);
	unsigned n = 0;
	for (int round = 0; round < 2; round++) {
		/* from the full sets' ir_live, then from the references only */
		const struct ir_live *r = round ? ir_live_refs(p, NULL) : l;
		struct at_marks s = { calloc((size_t)l->nv * c->nb * 2 + 1, 1),
		                      c->nb };
		ck_assert_ptr_nonnull(s.m);
		ir_live_defined(p, c, r, mark_at, &s);
		n = 0;
		for (uint32_t v = 0; v < l->nv; v++)
			for (uint32_t b = 0; b < c->nb; b++) {
				bool in = vf_bit_test(ir_live_row(l, l->in, b), v) &&
				          vf_bit_test(ir_live_row(l, l->def_in, b), v);
				bool out = vf_bit_test(ir_live_row(l, l->out, b), v) &&
				           vf_bit_test(ir_live_row(l, l->def_out, b), v);
				const uint8_t *x = &s.m[((size_t)v * c->nb + b) * 2];
				ck_assert_msg(x[1] == in && x[0] == out,
				              "v%u block %u: entry %d/%d exit %d/%d", v, b,
				              x[1], in, x[0], out);
				n += in + out;
			}
		free(s.m);
	}
	return n;
}

static uint32_t rnd_state;

static uint32_t rnd(uint32_t n)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return (rnd_state >> 16) % n;
}

/* Random blocks of full, partial and predicated writes and reads of a
 * few registers (some live into the kernel), ending in branches forward
 * and backward, conditional or not. */
static void random_program(struct ir_prog *p, uint32_t seed)
{
	rnd_state = seed;
	uint32_t reg[6], nbl = 2 + rnd(12), lab[16];
	for (unsigned k = 0; k < 6; k++) {
		reg[k] = d8(p);
		if (rnd(4) == 0)
			ir_vreg(p, reg[k])->flags |= IR_V_LIVE_IN;
	}
	for (uint32_t k = 0; k < nbl; k++)
		lab[k] = ir_label_new(p, "B", IR_L_BLOCK);
	for (uint32_t k = 0; k < nbl; k++) {
		ir_emit_label(p, lab[k]);
		for (uint32_t n = rnd(4); n > 0; n--) {
			uint32_t a = reg[rnd(6)], b = reg[rnd(6)], d = reg[rnd(6)];
			switch (rnd(4)) {
			case 0:   /* full write */
				ir_op1(p, GEN_OP_MOV, 8, false, dd(d), one());
				break;
			case 1:   /* read, read, full write */
				ir_op2(p, GEN_OP_ADD, 8, false, dd(d), sv(a), sv(b));
				break;
			case 2:   /* partial write: one channel */
				ir_op1(p, GEN_OP_MOV, 1, true, ir_dst(d, 4, GEN_TYPE_D, 1),
				       sv(a));
				break;
			default: { /* predicated write */
				uint32_t f = cmp_flag(p, a);
				struct ir_inst *in = ir_op1(p, GEN_OP_MOV, 8, false, dd(d),
				                            sv(b));
				in->flag = f;
				in->pred = GEN_PRED_NORMAL;
			}
			}
		}
		if (rnd(3) == 0)
			jmpi(p, lab[rnd(nbl)], rnd(4) ? cmp_flag(p, reg[rnd(6)]) : 0);
	}
	eot(p);
}

START_TEST(live_defined_as_sets)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	build_diamond(p);
	ck_assert_uint_gt(check_defined(p), 0);
	p = new_prog("skl");
	build_text(p, loop_kernel);
	ck_assert_uint_gt(check_defined(p), 0);
	unsigned total = 0;
	for (uint32_t seed = 1; seed <= 400; seed++) {
		p = new_prog("skl");
		random_program(p, seed);
		total += check_defined(p);
	}
	ck_assert_uint_gt(total, 2000);
}
END_TEST

/* ---- verifier ------------------------------------------------------------ */

/* A small correct program: mov, add, cmp, jmpi, label, EOT. */
static uint32_t good(struct ir_prog *p)
{
	struct diamond d = build_diamond(p);
	return d.t1;
}

/* A fresh SKL program holding good()'s, for a check to break. */
static struct ir_prog *good_prog(void)
{
	struct ir_prog *p = new_prog("skl");
	good(p);
	return p;
}

static void expect(struct ir_prog *p, unsigned stages, const char *check)
{
	memset(&err, 0, sizeof err);
	bool ok = ir_verify(p, stages);
	if (!check) {
		ck_assert_msg(ok, "%s", err.msg);
		return;
	}
	ck_assert_msg(!ok, "the %s check did not fire", check);
	char want[64];
	snprintf(want, sizeof want, "IR verifier: %s:", check);
	ck_assert_msg(strstr(err.msg, want), "wanted %s, got: %s", want,
	              err.msg);
	ck_assert_int_eq(err.status, VF_ERR_INTERNAL);
}

START_TEST(verify_good)
{
	OOM_GUARD();
	struct ir_prog *p = good_prog();
	expect(p, 0, NULL);
	struct ir_prog *q = new_prog("skl");
	build_text(q, loop_kernel);
	expect(q, 0, NULL);
}
END_TEST

START_TEST(verify_opcode)
{
	OOM_GUARD();
	struct ir_prog *p = good_prog();
	p->insts.a[0].op = GEN_OP_COUNT + 7;
	expect(p, 0, "opcode");
	p = good_prog();
	p->insts.a[0].nsrc = 4;
	expect(p, 0, "opcode");
}
END_TEST

START_TEST(verify_exec)
{
	OOM_GUARD();
	struct ir_prog *p = good_prog();
	p->insts.a[0].exec = 3;
	expect(p, 0, "exec");
	p = good_prog();
	p->insts.a[0].choff = 2;
	expect(p, 0, "exec");
	p = good_prog();
	p->insts.a[0].exec = 32;
	p->insts.a[0].choff = 8;
	expect(p, 0, "exec");
}
END_TEST

START_TEST(verify_operand)
{
	OOM_GUARD();
	struct ir_prog *p = good_prog();
	p->insts.a[0].dst = one();
	expect(p, 0, "operand");
	p = good_prog();
	p->insts.a[0].src[0].kind = 42;
	expect(p, 0, "operand");
}
END_TEST

START_TEST(verify_type)
{
	OOM_GUARD();
	struct ir_prog *p = good_prog();
	p->insts.a[0].src[0].type = GEN_TYPE_INVALID;
	expect(p, 0, "type");
	p = good_prog();
	p->insts.a[0].dst.type = GEN_TYPE_UV;
	expect(p, 0, "type");
}
END_TEST

START_TEST(verify_region)
{
	OOM_GUARD();
	struct ir_prog *p = good_prog();
	p->insts.a[3].src[0].rgn = (struct gen_region){ 3, 1, 0 };  /* add t1 */
	expect(p, 0, "region");
	p = good_prog();
	p->insts.a[3].src[0].rgn = (struct gen_region){ 8, 8, 3 };
	expect(p, 0, "region");
	p = good_prog();
	p->insts.a[0].dst.rgn.hs = 3;
	expect(p, 0, "region");
}
END_TEST

START_TEST(verify_register)
{
	OOM_GUARD();
	struct ir_prog *p = good_prog();
	p->insts.a[0].dst.v = p->vregs.n + 5;   /* no such register */
	expect(p, 0, "register");
	p = good_prog();
	p->insts.a[0].dst.off = 4;              /* 8 dwords from byte 4 */
	expect(p, 0, "register");
	p = good_prog();
	p->insts.a[3].src[0].rgn = (struct gen_region){ 16, 8, 2 };  /* 2x */
	expect(p, 0, "register");
	p = new_prog("skl");
	uint32_t t1 = good(p);
	p->insts.a[1].flag = t1;                /* a GRF as the cmp's flag */
	expect(p, 0, "register");
	p = good_prog();
	p->insts.a[9].mlen = 2;                 /* EOT payload past r0 */
	expect(p, 0, "register");
}
END_TEST

START_TEST(verify_label)
{
	OOM_GUARD();
	struct ir_prog *p = good_prog();
	uint32_t nowhere = ir_label_new(p, "nowhere", IR_L_BLOCK);
	p->insts.a[2].src[0] = ir_label_opnd(nowhere);
	expect(p, 0, "label");
	p = good_prog();
	p->insts.a[4].jip = 9;                  /* no label 9 */
	expect(p, 0, "label");
	p = good_prog();
	ir_emit_label(p, 0);                    /* L1 a second time */
	expect(p, 0, "label");
}
END_TEST

static void allocate_all(struct ir_prog *p)
{
	int32_t grf = IR_GRF_BYTES, flag = 0;
	for (uint32_t v = 1; v < p->vregs.n; v++) {
		struct ir_vreg *r = &p->vregs.a[v];
		if (r->pin >= 0)
			r->loc = r->pin;
		else if (r->file == IR_RF_FLAG)
			r->loc = flag, flag += 2;
		else
			r->loc = grf, grf += IR_GRF_BYTES;
	}
}

START_TEST(verify_location)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	uint32_t t1 = good(p);
	allocate_all(p);
	expect(p, IR_STAGE_ALLOCATED, NULL);
	p->vregs.a[t1].loc = -1;
	expect(p, 0, NULL);                     /* before allocation: fine */
	expect(p, IR_STAGE_ALLOCATED, "location");
	p->vregs.a[t1].loc = IR_GRF_BYTES * 3 + 4;   /* not GRF-aligned */
	expect(p, IR_STAGE_ALLOCATED, "location");
	p->vregs.a[t1].loc = IR_GRF_BYTES * IR_GRF_COUNT;   /* past r127 */
	expect(p, IR_STAGE_ALLOCATED, "location");
	p->vregs.a[t1].loc = IR_GRF_BYTES * 20;
	p->vregs.a[p->r0].loc = IR_GRF_BYTES;   /* r0 away from its pin */
	expect(p, IR_STAGE_ALLOCATED, "location");
}
END_TEST

START_TEST(verify_undefined)
{
	OOM_GUARD();
	struct ir_prog *p = new_prog("skl");
	uint32_t t = d8(p), u = d8(p);
	ir_op2(p, GEN_OP_ADD, 8, false, dd(u), sv(t), one());
	ir_op1(p, GEN_OP_MOV, 8, false, dd(t), sv(u));
	eot(p);
	expect(p, 0, "undefined");
	/* a vISA variable may be read before it is written */
	ir_vreg(p, t)->flags |= IR_V_VISA;
	expect(p, 0, NULL);
	/* written on one path only: may be defined, so no complaint */
	p = new_prog("skl");
	struct diamond d = build_diamond(p);
	(void)d;
	expect(p, 0, NULL);
	/* a read in a loop of a value written later in the loop body is
	 * defined along the back edge */
	p = new_prog("skl");
	uint32_t h = ir_label_new(p, "H", IR_L_BLOCK), x = d8(p), y = d8(p);
	ir_op1(p, GEN_OP_MOV, 8, false, dd(y), one());
	ir_emit_label(p, h);
	ir_op2(p, GEN_OP_ADD, 8, false, dd(y), sv(y), one());
	jmpi(p, h, cmp_flag(p, y));
	ir_op2(p, GEN_OP_ADD, 8, false, dd(x), sv(x), one());  /* x never set */
	eot(p);
	expect(p, 0, "undefined");
}
END_TEST

START_TEST(verify_swsb)
{
	OOM_GUARD();
	struct ir_prog *p = good_prog();
	p->insts.a[0].swsb.dist = 1;            /* SKL has no scoreboard */
	expect(p, 0, "swsb");
	p = new_prog("tgllp");
	good(p);
	expect(p, 0, NULL);
	p->insts.a[0].swsb.dist = 9;
	expect(p, 0, "swsb");
	p->insts.a[0].swsb = (struct ir_swsb){ .dist = 2 };
	p->insts.a[3].swsb = (struct ir_swsb){ .mode = GEN_SBID_DST, .sbid = 16 };
	expect(p, 0, "swsb");
	p->insts.a[3].swsb.sbid = 1;
	expect(p, 0, NULL);
	/* once SWSB is final, every SEND sets a token */
	expect(p, IR_STAGE_SWSB, "swsb");
	p->insts.a[9].swsb = (struct ir_swsb){ .mode = GEN_SBID_SET, .sbid = 1 };
	expect(p, IR_STAGE_SWSB, NULL);
}
END_TEST

/* The pipeline runs the verifier after every pass with the verify
 * option, and times every pass for pass_time. */
struct times {
	char names[16][16];
	unsigned n;
};

static void record(void *ctx, const char *pass, double ms)
{
	struct times *t = ctx;
	ck_assert(ms >= 0);
	if (t->n < 16)
		snprintf(t->names[t->n++], 16, "%s", pass);
}

START_TEST(pipeline_times_every_pass)
{
	struct vf_text t = { "t.visaasm", loop_kernel, strlen(loop_kernel) };
	struct vf_module *m = NULL;
	ck_assert_msg(vf_read_visaasm(&t, 1, &m, &err) == VF_OK, "%s", err.msg);
	struct times tm = { .n = 0 };
	struct vf_finalize_options o = { .platform = VF_PLATFORM_SKL,
	                                 .verify = 1, .pass_time = record,
	                                 .dump_ctx = &tm };
	struct vf_kernel_result r;
	ck_assert_msg(vf_finalize_kernel(m, 0, &o, &r, &err) == VF_OK, "%s",
	              err.msg);
	/* lower64, nomask_wa, callsave and rs_wa skipped: SKL has Q
	 * arithmetic and no fused EUs, the kernel no stack calls */
	static const char *const want[] = { "build", "ifconv", "goto",
	                                    "constfold", "copyprop",
	                                    "byte_layout", "dword_mul",
	                                    "flag_fold", "legalize",
	                                    "split", "send_join",
	                                    "coalesce", "schedule", "regalloc",
	                                    "emit" };
	unsigned nwant = sizeof want / sizeof want[0];
	ck_assert_uint_eq(tm.n, nwant);
	for (unsigned i = 0; i < nwant; i++)
		ck_assert_str_eq(tm.names[i], want[i]);
	vf_kernel_result_clear(&r);
	vf_module_free(m);
}
END_TEST

/* An array grown by doubling from a chunk allocation through a block of
 * its own (128 KB) to one the arena maps (4 MB) keeps every element. */
START_TEST(arena_grow_keeps_contents)
{
	struct vf_arena *a = vf_arena_new();
	ck_assert_ptr_nonnull(a);
	size_t n = 1000;
	uint32_t *v = vf_arena_array_raw(a, n, sizeof *v);
	ck_assert_ptr_nonnull(v);
	for (size_t i = 0; i < n; i++)
		v[i] = (uint32_t)(i * 2654435761u);
	while (n < (size_t)3 << 20) {   /* 12 MB of elements at the end */
		uint32_t *w = vf_arena_grow(a, v, n, n * 2, sizeof *v);
		ck_assert_ptr_nonnull(w);
		size_t bad = 0;
		for (size_t i = 0; i < n; i++)
			bad += w[i] != (uint32_t)(i * 2654435761u);
		ck_assert_uint_eq(bad, 0);
		for (size_t i = n; i < n * 2; i++)
			w[i] = (uint32_t)(i * 2654435761u);
		v = w;
		n *= 2;
	}
	/* zeroed blocks of each kind, then released */
	static const size_t sizes[] = { 100, (size_t)200 << 10, (size_t)6 << 20 };
	for (unsigned k = 0; k < 3; k++) {
		unsigned char *z = vf_arena_alloc(a, sizes[k]);
		ck_assert_ptr_nonnull(z);
		size_t nonzero = 0;
		for (size_t i = 0; i < sizes[k]; i++)
			nonzero += z[i] != 0;
		ck_assert_uint_eq(nonzero, 0);
		memset(z, 0xab, sizes[k]);
		vf_arena_release(a, z, sizes[k]);
	}
	vf_arena_release(a, v, n * sizeof *v);
	vf_arena_free(a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ir");
	TCase *c = tcase_create("cfg");
	tcase_add_checked_fixture(c, NULL, teardown);
	tcase_add_test(c, cfg_straight_line);
	tcase_add_test(c, cfg_diamond);
	tcase_add_test(c, cfg_nested_loops);
	tcase_add_test(c, cfg_parsed_loop_and_call);
	tcase_add_test(c, cfg_stack_call);
	suite_add_tcase(s, c);
	c = tcase_create("live");
	tcase_add_checked_fixture(c, NULL, teardown);
	tcase_add_test(c, live_diamond);
	tcase_add_test(c, live_kill_partial_loop);
	tcase_add_test(c, live_indirect);
	tcase_add_test(c, live_indirect_narrowed);
	tcase_add_test(c, live_block_local);
	tcase_add_test(c, live_defined_as_sets);
	suite_add_tcase(s, c);
	c = tcase_create("verify");
	tcase_add_checked_fixture(c, NULL, teardown);
	tcase_add_test(c, verify_good);
	tcase_add_test(c, verify_opcode);
	tcase_add_test(c, verify_exec);
	tcase_add_test(c, verify_operand);
	tcase_add_test(c, verify_type);
	tcase_add_test(c, verify_region);
	tcase_add_test(c, verify_register);
	tcase_add_test(c, verify_label);
	tcase_add_test(c, verify_location);
	tcase_add_test(c, verify_undefined);
	tcase_add_test(c, verify_swsb);
	tcase_add_test(c, pipeline_times_every_pass);
	suite_add_tcase(s, c);
	c = tcase_create("arena");
	tcase_add_test(c, arena_grow_keeps_contents);
	suite_add_tcase(s, c);
	return unit_run(s);
}
