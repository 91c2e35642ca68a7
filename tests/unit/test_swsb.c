/* test_swsb.c - guards the Gen12 software scoreboard: gensim's hazard
 * checker (sim_swsb.c) catches each kind of hazard at the right offset
 * and register and accepts each covering annotation; the SWSB pass
 * (swsb/) annotates straight-line code, loops, joins, calls and more
 * sends than tokens so that the checker accepts the result, and
 * stripping the annotations makes the checker reject it again.
 *
 * Kernels are TGLLP assembly (tests/unit/sim_harness.c appends the EOT);
 * the send is the data port fence (reads r2, writes 1 register),
 * "send.dc0 (8|M0) rD r2 null 0x0 0x0219E000", which gensim runs
 * whatever the payload. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "sim_harness.h"
#include "../../swsb/swsb.h"
#include "unit.h"

#define FENCE(d, sb) "(W) send.dc0 (8|M0) " d " r2 null 0x0 0x0219E000 " sb "\n"

/* Run with the checker: VF_OK, or the error text in *why. */
static enum vf_status check(const char *text, char *why, size_t n)
{
	struct simh h;
	ck_assert_msg(simh_load(&h, "tgllp", 8, 1, text), "%s", h.err.msg);
	sim_set_swsb_check(h.c, true);
	enum vf_status st = simh_run(&h);
	snprintf(why, n, "%s", h.err.msg);
	simh_free(&h);
	return st;
}

static void accepted(const char *text)
{
	char why[1024];
	ck_assert_msg(check(text, why, sizeof(why)) == VF_OK, "%s", why);
}

/* Rejected with "SWSB hazard at PC: ... REG," in the message. */
static void rejected(const char *text, unsigned pc, const char *reg)
{
	char why[1024], want[64];
	ck_assert(check(text, why, sizeof(why)) == VF_ERR_INPUT);
	snprintf(want, sizeof(want), "SWSB hazard at 0x%X: ", pc);
	ck_assert_msg(strstr(why, want), "%s (want %s)", why, want);
	snprintf(want, sizeof(want), " %s,", reg);
	ck_assert_msg(strstr(why, want), "%s (want %s)", why, want);
}

START_TEST(inorder_raw)
{
	/* 16-byte instructions: the reader is at 0x10 */
	rejected("add (8|M0) r10.0<1>:d r1.0<8;8,1>:d 1:w\n"
	         "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w\n", 0x10, "r10");
	accepted("add (8|M0) r10.0<1>:d r1.0<8;8,1>:d 1:w\n"
	         "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w {@1}\n");
	/* @2 waits for the instruction two back and everything older */
	accepted("add (8|M0) r10.0<1>:d r1.0<8;8,1>:d 1:w\n"
	         "mov (8|M0) r12.0<1>:d 0:w\n"
	         "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w {@2}\n");
	/* @2 does not cover the previous one (in-order completion: @1
	 * covers everything older) */
	rejected("mov (8|M0) r12.0<1>:d 0:w\n"
	         "add (8|M0) r10.0<1>:d r1.0<8;8,1>:d 1:w\n"
	         "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w {@2}\n", 0x20, "r10");
	accepted("add (8|M0) r10.0<1>:d r1.0<8;8,1>:d 1:w\n"
	         "mov (8|M0) r12.0<1>:d 0:w\n"
	         "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w {@1}\n");
	/* other bytes of the register: no dependence */
	accepted("mov (1|M0) r10.0<1>:d 1:w\n"
	         "mov (1|M0) r11.0<1>:d r10.1<0;1,0>:d\n");
}
END_TEST

/* The write is complete 11 in-order instructions later (10 between). */
START_TEST(inorder_latency)
{
	char text[2048] = "add (8|M0) r10.0<1>:d r1.0<8;8,1>:d 1:w\n";
	for (int i = 0; i < 9; i++)
		strcat(text, "mov (8|M0) r20.0<1>:d 0:w\n");
	char ten[2048];
	snprintf(ten, sizeof(ten), "%smov (8|M0) r20.0<1>:d 0:w\n"
	         "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w\n", text);
	strcat(text, "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w\n");
	rejected(text, 0xA0, "r10");          /* distance 10 */
	accepted(ten);                         /* distance 11 */
}
END_TEST

START_TEST(send_dst_src)
{
	/* RAW on the send's response */
	rejected(FENCE("r20", "{$1}")
	         "mov (8|M0) r21.0<1>:d r20.0<8;8,1>:d\n", 0x10, "r20");
	accepted(FENCE("r20", "{$1}")
	         "mov (8|M0) r21.0<1>:d r20.0<8;8,1>:d {$1.dst}\n");
	accepted(FENCE("r20", "{$1}")
	         "sync.nop null {$1.dst}\n"
	         "mov (8|M0) r21.0<1>:d r20.0<8;8,1>:d\n");
	accepted(FENCE("r20", "{$1}")
	         "sync.allwr null\n"
	         "mov (8|M0) r21.0<1>:d r20.0<8;8,1>:d\n");
	/* WAR on its payload: .src is enough, .dst too */
	rejected(FENCE("r20", "{$2}")
	         "mov (8|M0) r2.0<1>:d 0:w\n", 0x10, "r2");
	accepted(FENCE("r20", "{$2}")
	         "mov (8|M0) r2.0<1>:d 0:w {$2.src}\n"
	         "mov (8|M0) r21.0<1>:d r20.0<8;8,1>:d {$2.dst}\n");
	/* WAW: an in-order write over the pending response */
	rejected(FENCE("r20", "{$3}")
	         "mov (8|M0) r20.0<1>:d 0:w\n", 0x10, "r20");
	/* RAW of the send on an in-order write: @1 on the send */
	rejected("mov (8|M0) r2.0<1>:ud r0.0<8;8,1>:ud\n"
	         FENCE("r20", "{$1}"), 0x10, "r2");
	/* a send without a token cannot be waited for */
	char why[512];
	ck_assert(check(FENCE("r20", "") "sync.allwr null\n", why,
	                sizeof(why)) == VF_ERR_INPUT);
	ck_assert_msg(strstr(why, "sets no SBID"), "%s", why);
}
END_TEST

START_TEST(math_token)
{
	rejected("math.inv (8|M0) r14.0<1>:f r1.0<8;8,1>:f {$0}\n"
	         "mov (8|M0) r15.0<1>:f r14.0<8;8,1>:f\n", 0x10, "r14");
	accepted("math.inv (8|M0) r14.0<1>:f r1.0<8;8,1>:f {$0}\n"
	         "mov (8|M0) r15.0<1>:f r14.0<8;8,1>:f {$0.dst}\n");
}
END_TEST

/* A math overwriting what an earlier math still reads: implicit (the
 * math pipe reads its sources in order) when both are predicated on the
 * same flag, whatever the inversion, or both unpredicated and not NoMask,
 * with the same execution mask (IGC hasSamePredicator, WARDepRequired:
 * difftest tgllp --seed 6001 program 10690); otherwise $N.src. */
START_TEST(math_same_pipe_war)
{
	accepted("(f0.1) math.exp (8|M0) r20.0<1>:f r10.0<8;8,1>:f {$0}\n"
	         "(~f0.1) math.exp (8|M0) r10.0<1>:f r11.0<8;8,1>:f {$1}\n");
	accepted("(f0.1) math.exp (8|M0) r20.0<1>:f r10.0<8;8,1>:f {$0}\n"
	         "(f0.1) math.exp (8|M0) r10.0<1>:f r11.0<8;8,1>:f {$1}\n");
	accepted("math.exp (8|M0) r20.0<1>:f r10.0<8;8,1>:f {$0}\n"
	         "math.exp (8|M0) r10.0<1>:f r11.0<8;8,1>:f {$1}\n");
	/* another flag, one predicated, NoMask, another mask */
	rejected("(f0.1) math.exp (8|M0) r20.0<1>:f r10.0<8;8,1>:f {$0}\n"
	         "(~f0.0) math.exp (8|M0) r10.0<1>:f r11.0<8;8,1>:f {$1}\n",
	         0x10, "r10");
	rejected("(f0.1) math.exp (8|M0) r20.0<1>:f r10.0<8;8,1>:f {$0}\n"
	         "math.exp (8|M0) r10.0<1>:f r11.0<8;8,1>:f {$1}\n",
	         0x10, "r10");
	rejected("(W) math.exp (8|M0) r20.0<1>:f r10.0<8;8,1>:f {$0}\n"
	         "(W) math.exp (8|M0) r10.0<1>:f r11.0<8;8,1>:f {$1}\n",
	         0x10, "r10");
	rejected("(f0.1) math.exp (8|M0) r20.0<1>:f r10.0<8;8,1>:f {$0}\n"
	         "(~f0.1) math.exp (8|M8) r10.0<1>:f r11.0<8;8,1>:f {$1}\n",
	         0x10, "r10");
	accepted("(f0.1) math.exp (8|M0) r20.0<1>:f r10.0<8;8,1>:f {$0}\n"
	         "sync.nop null {$0.src}\n"
	         "(~f0.0) math.exp (8|M0) r10.0<1>:f r11.0<8;8,1>:f {$1}\n");
}
END_TEST

/* Setting a token that is in flight waits for its previous owner. */
START_TEST(token_reuse)
{
	accepted(FENCE("r20", "{$1}")
	         FENCE("r21", "{$1}")
	         "mov (8|M0) r22.0<1>:d r20.0<8;8,1>:d\n"
	         "mov (8|M0) r23.0<1>:d r21.0<8;8,1>:d {$1.dst}\n");
	rejected(FENCE("r20", "{$1}")
	         FENCE("r21", "{$1}")
	         "mov (8|M0) r23.0<1>:d r21.0<8;8,1>:d\n", 0x20, "r21");
}
END_TEST

/* ---- the pass ---------------------------------------------------------- */

struct prog {
	struct gen_inst *a;
	size_t n;
};

static struct prog decode_prog(const struct plat_info *p, const uint8_t *b,
                               size_t size)
{
	struct prog g = { calloc(size / 8 + 1, sizeof(struct gen_inst)), 0 };
	size_t pc = 0;
	struct vf_error e = { 0 };
	while (pc + 8 <= size) {
		ck_assert_msg(gen_decode(p, b, size, pc, "t", &g.a[g.n], &e)
		              == VF_OK, "%s", e.msg);
		pc += g.a[g.n++].length;
	}
	return g;
}

static uint8_t *encode_prog(const struct plat_info *p, const struct prog *g,
                            size_t *size)
{
	uint8_t *out = malloc(g->n * 16 + 1);
	size_t at = 0;
	for (size_t i = 0; i < g->n; i++) {
		struct gen_bits b, c;
		struct vf_error e = { 0 };
		ck_assert_msg(gen_encode(p, &g->a[i], &b, &e) == VF_OK, "%s", e.msg);
		if (g->a[i].length == 8) {
			ck_assert(gen_compact(p, &b, &c));
			b = c;
		}
		for (unsigned j = 0; j < g->a[i].length; j++)
			out[at++] = (uint8_t)(b.w[j / 8] >> (8 * (j % 8)));
	}
	*size = at;
	return out;
}

/* Assemble, strip or recompute the SWSB, run under the checker. */
static enum vf_status pass_run(const char *text, bool recompute,
                               struct prog *result, char *why, size_t wn)
{
	struct simh h;
	ck_assert_msg(simh_load(&h, "tgllp", 8, 1, text), "%s", h.err.msg);
	struct prog g = decode_prog(h.p, h.code, h.size), o = { 0 };
	struct vf_error e = { 0 };
	struct swsb_stats st;
	enum vf_status s = recompute
	                   ? swsb_assign(h.p, g.a, g.n, &o.a, &o.n, &st, &e)
	                   : swsb_strip(h.p, g.a, g.n, &o.a, &o.n, &e);
	ck_assert_msg(s == VF_OK, "%s", e.msg);
	size_t size;
	uint8_t *code = encode_prog(h.p, &o, &size);
	ck_assert(sim_load_kernel(h.c, code, size, "t", &h.err) == VF_OK);
	sim_set_swsb_check(h.c, true);
	enum vf_status rc = simh_run(&h);
	snprintf(why, wn, "%s", h.err.msg);
	free(code);
	free(g.a);
	simh_free(&h);
	if (result)
		*result = o;
	else
		free(o.a);
	return rc;
}

/* The pass's output runs clean; without SWSB the checker rejects it. */
static struct prog pass_ok(const char *text)
{
	char why[1024];
	struct prog o;
	ck_assert_msg(pass_run(text, true, &o, why, sizeof(why)) == VF_OK,
	              "recomputed: %s", why);
	ck_assert_msg(pass_run(text, false, NULL, why, sizeof(why)) ==
	              VF_ERR_INPUT, "stripped: %s", why);
	return o;
}

static const struct gen_inst *find(const struct prog *o, enum gen_op op,
                                   unsigned dst_nr, unsigned nth)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->a[i].op == op && o->a[i].dst.nr == dst_nr && !nth--)
			return &o->a[i];
	ck_abort_msg("instruction not found");
	return NULL;
}

START_TEST(pass_straight)
{
	struct prog o = pass_ok(
	    "add (8|M0) r10.0<1>:d r1.0<8;8,1>:d 1:w\n"
	    "mov (8|M0) r12.0<1>:d 0:w\n"
	    "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w\n"
	    "(W) mov (8|M0) r2.0<1>:ud r0.0<8;8,1>:ud\n"
	    FENCE("r20", "")
	    "mov (8|M0) r2.0<1>:d 0:w\n"
	    "add (8|M0) r21.0<1>:d r20.0<8;8,1>:d r11.0<8;8,1>:d\n");
	const struct gen_inst *i = find(&o, GEN_OP_ADD, 11, 0);
	ck_assert(i->swsb.has_dist && i->swsb.dist == 2);
	i = find(&o, GEN_OP_SEND, 20, 0);
	ck_assert(i->swsb.has_dist && i->swsb.dist == 1);
	ck_assert_uint_eq(i->swsb.mode, GEN_SBID_SET);
	unsigned t = i->swsb.sbid;
	i = find(&o, GEN_OP_MOV, 2, 1);            /* WAR on the payload */
	ck_assert_uint_eq(i->swsb.mode, GEN_SBID_SRC);
	ck_assert_uint_eq(i->swsb.sbid, t);
	i = find(&o, GEN_OP_ADD, 21, 0);           /* RAW on the response */
	ck_assert_uint_eq(i->swsb.mode, GEN_SBID_DST);
	ck_assert_uint_eq(i->swsb.sbid, t);
	free(o.a);
}
END_TEST

/* Loop: a send's response read at the top of the next iteration, an
 * in-order value carried over the back edge. */
START_TEST(pass_loop)
{
	struct prog o = pass_ok(
	    "(W) mov (8|M0) r2.0<1>:ud r0.0<8;8,1>:ud\n"
	    "mov (8|M0) r10.0<1>:d 0:w\n"
	    "mov (8|M0) r20.0<1>:d 0:w\n"
	    "mov (8|M0) r11.0<1>:d 3:w\n"
	    "LOOP:\n"
	    "add (8|M0) r12.0<1>:d r20.0<8;8,1>:d r10.0<8;8,1>:d\n"
	    FENCE("r20", "")
	    "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:w\n"
	    "cmp (8|M0) (lt)f0.0 null<1>:d r10.0<8;8,1>:d r11.0<8;8,1>:d\n"
	    "(f0.0) while (8|M0) LOOP\n");
	const struct gen_inst *i = find(&o, GEN_OP_ADD, 12, 0);
	/* r10 comes from "add r10" three in-order instructions back over
	 * the back edge (add, cmp, while), r20 from the send's token */
	ck_assert(i->swsb.has_dist && i->swsb.dist <= 3);
	bool waits = i->swsb.mode == GEN_SBID_DST;
	for (size_t k = 0; k < o.n && !waits; k++)
		waits = o.a[k].op == GEN_OP_SYNC && o.a[k].swsb.mode == GEN_SBID_DST;
	ck_assert(waits);
	free(o.a);
}
END_TEST

/* An if/else join: the response of a send in one arm is read after the
 * endif; the in-order write of the other arm too. */
START_TEST(pass_join)
{
	struct prog o = pass_ok("(W) mov (8|M0) r2.0<1>:ud r0.0<8;8,1>:ud\n"
	        "cmp (8|M0) (lt)f0.0 null<1>:w r1.0<8;8,1>:uw 0x4:uw\n"
	        "(f0.0) if (8|M0) ELSE ENDIF\n"
	        FENCE("r20", "")
	        "else (8|M0) ENDIF ENDIF\n"
	        "ELSE:\n"
	        "mov (8|M0) r20.0<1>:d 5:w\n"
	        "ENDIF:\n"
	        "endif (8|M0) NEXT\n"
	        "NEXT:\n"
	        "add (8|M0) r21.0<1>:d r20.0<8;8,1>:d 1:w\n");
	free(o.a);
}
END_TEST

/* More sends in flight than tokens: reuse waits for the old owner. */
START_TEST(pass_overflow)
{
	char text[8192] = "(W) mov (8|M0) r2.0<1>:ud r0.0<8;8,1>:ud\n";
	for (int r = 20; r < 40; r++) {
		char l[128];
		snprintf(l, sizeof(l), FENCE("r%d", ""), r);
		strcat(text, l);
	}
	for (int r = 20; r < 40; r++) {
		char l[128];
		snprintf(l, sizeof(l), "add (8|M0) r%d.0<1>:d r%d.0<8;8,1>:d 1:w\n",
		         r + 40, r);
		strcat(text, l);
	}
	struct prog o = pass_ok(text);
	unsigned used = 0;
	for (size_t k = 0; k < o.n; k++)
		if (o.a[k].swsb.mode == GEN_SBID_SET)
			used |= 1u << o.a[k].swsb.sbid;
	ck_assert_uint_eq(used, 0xFFFF);
	free(o.a);
}
END_TEST

/* A call: the function's send response is read after the return. */
START_TEST(pass_call)
{
	struct prog o = pass_ok("(W) mov (8|M0) r2.0<1>:ud r0.0<8;8,1>:ud\n"
	        "call (8|M0) r4.0:ud FUNC\n"
	        "add (8|M0) r21.0<1>:d r20.0<8;8,1>:d 1:w\n"
	        "(W) jmpi DONE\n"
	        "FUNC:\n"
	        FENCE("r20", "")
	        "ret (8|M0) r4.0:ud\n"
	        "DONE:\n");
	free(o.a);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("swsb");
	TCase *c = tcase_create("checker");
	tcase_add_test(c, inorder_raw);
	tcase_add_test(c, inorder_latency);
	tcase_add_test(c, send_dst_src);
	tcase_add_test(c, math_token);
	tcase_add_test(c, math_same_pipe_war);
	tcase_add_test(c, token_reuse);
	suite_add_tcase(s, c);
	c = tcase_create("pass");
	tcase_add_test(c, pass_straight);
	tcase_add_test(c, pass_loop);
	tcase_add_test(c, pass_join);
	tcase_add_test(c, pass_overflow);
	tcase_add_test(c, pass_call);
	suite_add_tcase(s, c);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
