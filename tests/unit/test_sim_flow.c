/* test_sim_flow.c - guards gensim's control flow and channel masks:
 * divergent if/else/endif (NoMask instructions run in every channel,
 * an if no channel takes jumps over its block), loops with per-channel
 * trip counts through break and while, cont, goto/join with the
 * platform's predicate polarity (channels whose predicate is false jump
 * before Gen11, true from Gen11 on; true for a backward goto everywhere),
 * call/ret and jmpi (to a label and by a register offset).  Lane i of a
 * SIMD8 thread has local id x = i (r1 words); expected values follow
 * from each channel's own path. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim_harness.h"
#include "unit.h"

static void run(struct simh *h, const char *plat, const char *text)
{
	simh_load_ok(h, plat, 8, 1, text);
	simh_run_ok(h);
}

START_TEST(if_else_endif)
{
	struct simh h;
	run(&h, "skl",
	    "cmp (8|M0) (lt)f0.0 null<1>:w r1.0<8;8,1>:uw 0x4:uw\n"
	    "(f0.0) if (8|M0) ELSE ENDIF\n"
	    "mov (8|M0) r10.0<1>:d 1:w\n"
	    "(W) mov (8|M0) r12.0<1>:d 7:w\n"
	    "else (8|M0) ENDIF ENDIF\n"
	    "ELSE:\n"
	    "mov (8|M0) r10.0<1>:d 2:w\n"
	    "ENDIF:\n"
	    "endif (8|M0) NEXT\n"
	    "NEXT:\n"
	    "mov (8|M0) r11.0<1>:d 5:w\n"
	    "cmp (8|M0) (lt)f0.1 null<1>:w r1.0<8;8,1>:uw 0x0:uw\n"
	    "(f0.1) if (8|M0) SKIP SKIP\n"
	    "(W) mov (8|M0) r13.0<1>:d 1:w\n"
	    "SKIP:\n"
	    "endif (8|M0) DONE\n"
	    "DONE:\n");
	for (unsigned i = 0; i < 8; i++) {
		ck_assert_uint_eq(simh_ud(&h, 10, i), i < 4 ? 1 : 2);
		ck_assert_uint_eq(simh_ud(&h, 11, i), 5);
		ck_assert_uint_eq(simh_ud(&h, 12, i), 7);   /* NoMask */
		ck_assert_uint_eq(simh_ud(&h, 13, i), 0);   /* jumped over */
	}
	simh_free(&h);
}
END_TEST

START_TEST(while_break)
{
	struct simh h;
	run(&h, "skl",
	    "mov (8|M0) r10.0<1>:d 0:w\n"
	    "mov (8|M0) r11.0<1>:d r1.0<8;8,1>:uw\n"
	    "LOOP:\n"
	    "cmp (8|M0) (eq)f0.0 null<1>:d r11.0<8;8,1>:d 0:w\n"
	    "(f0.0) break (8|M0) ENDW ENDW\n"
	    "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:w\n"
	    "add (8|M0) r11.0<1>:d r11.0<8;8,1>:d -1:w\n"
	    "ENDW:\n"
	    "while (8|M0) LOOP\n"
	    "add (8|M0) r12.0<1>:d r10.0<8;8,1>:d 100:w\n");
	for (unsigned i = 0; i < 8; i++)
		ck_assert_uint_eq(simh_ud(&h, 12, i), 100 + i);
	simh_free(&h);
}
END_TEST

START_TEST(while_cont)
{
	struct simh h;
	run(&h, "tgllp",
	    "mov (8|M0) r13.0<1>:d 0:w\n"
	    "add (8|M0) r11.0<1>:d r1.0<8;8,1>:uw 2:w\n"
	    "LOOP:\n"
	    "add (8|M0) r11.0<1>:d r11.0<8;8,1>:d -1:w\n"
	    "cmp (8|M0) (gt)f1.0 null<1>:d r11.0<8;8,1>:d 0:w\n"
	    "and (8|M0) (ne)f0.1 null<1>:d r11.0<8;8,1>:d 1:w\n"
	    "(f0.1) cont (8|M0) ENDW ENDW\n"
	    "add (8|M0) r13.0<1>:d r13.0<8;8,1>:d 1:w\n"
	    "ENDW:\n"
	    "(f1.0) while (8|M0) LOOP\n");
	/* even values among lane+1 .. 0 */
	for (unsigned i = 0; i < 8; i++)
		ck_assert_uint_eq(simh_ud(&h, 13, i), (i + 1) / 2 + 1);
	simh_free(&h);
}
END_TEST

START_TEST(goto_join)
{
	/* "lanes below 4 jump": inverted predicate before Gen11 */
	static const char *plats[] = { "skl", "icllp", "tgllp" };
	static const char *gotos[] = { "(~f0.0)", "(f0.0)", "(f0.0)" };
	char text[512];
	snprintf(text, sizeof(text),
	         "cmp (8|M0) (lt)f0.0 null<1>:w r1.0<8;8,1>:uw 0x4:uw\n"
	         "%s goto (8|M0) L L\n"
	         "mov (8|M0) r10.0<1>:d 1:w\n"
	         "L:\n"
	         "join (8|M0) N\n"
	         "N:\n"
	         "mov (8|M0) r11.0<1>:d 2:w\n", gotos[_i]);
	struct simh h;
	run(&h, plats[_i], text);
	for (unsigned i = 0; i < 8; i++) {
		ck_assert_uint_eq(simh_ud(&h, 10, i), i < 4 ? 0 : 1);
		ck_assert_uint_eq(simh_ud(&h, 11, i), 2);
	}
	simh_free(&h);
}
END_TEST

START_TEST(call_ret_jmpi)
{
	struct simh h;
	run(&h, "skl",
	    "mov (8|M0) r10.0<1>:d 3:w\n"
	    "call (8|M0) r20.0:ud SUB\n"
	    "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w\n"
	    "cmp (8|M0) (eq)f0.0 null<1>:w r1.0<8;8,1>:uw 0x5:uw\n"
	    "(W&f0.0.any8h) jmpi END\n"
	    "mov (8|M0) r12.0<1>:d 9:w\n"
	    "SUB:\n"
	    "mul (8|M0) r10.0<1>:d r10.0<8;8,1>:d 2:w\n"
	    "ret (8|M0) r20.0:ud\n"
	    "END:\n");
	ck_assert_uint_eq(simh_ud(&h, 10, 0), 6);
	ck_assert_uint_eq(simh_ud(&h, 11, 7), 7);
	ck_assert_uint_eq(simh_ud(&h, 12, 0), 0);      /* jumped over */
	ck_assert_uint_eq(simh_ud(&h, 20, 1), 0xFF);   /* calling channels */
	simh_free(&h);
}
END_TEST

/* Nested calls whose return registers are subregisters, as IGC's TGLLP
 * code has them (call (8|M0) r98.2 outer8, then call r98.4 inner8 inside
 * it).  The branch register's subregister field holds bytes on every
 * encoding (iga64 and visafin's disassembler print r98.2 for the field
 * value 8); read as dwords it put both return addresses in r99.0 and
 * r100.0, over live data, and the outer ret jumped into junk. */
START_TEST(nested_call_subregisters)
{
	static const char *plats[] = { "bdw", "skl", "icllp", "tgllp" };
	struct simh h;
	run(&h, plats[_i],
	    "mov (8|M0) r10.0<1>:d 3:w\n"
	    "mov (8|M0) r21.0<1>:d 77:w\n"
	    "mov (8|M0) r22.0<1>:d 88:w\n"
	    "call (8|M0) r20.2:ud OUTER\n"
	    "add (8|M0) r11.0<1>:d r10.0<8;8,1>:d 1:w\n"
	    "(W) jmpi END\n"
	    "OUTER:\n"
	    "mul (8|M0) r10.0<1>:d r10.0<8;8,1>:d 2:w\n"
	    "call (8|M0) r20.4:ud INNER\n"
	    "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 100:w\n"
	    "ret (8|M0) r20.2:ud\n"
	    "INNER:\n"
	    "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 10:w\n"
	    "ret (8|M0) r20.4:ud\n"
	    "END:\n");
	ck_assert_uint_eq(simh_ud(&h, 11, 0), 117);   /* (3*2+10+100)+1 */
	ck_assert_uint_eq(simh_ud(&h, 20, 3), 0xFF);  /* mask in dword 3 */
	ck_assert_uint_eq(simh_ud(&h, 20, 5), 0xFF);  /* and dword 5 */
	ck_assert_uint_eq(simh_ud(&h, 21, 0), 77);    /* untouched */
	ck_assert_uint_eq(simh_ud(&h, 22, 0), 88);
	simh_free(&h);
}
END_TEST

/* a loop closed by a backward goto (BranchCtrl): channels with a true
 * predicate jump back on every platform */
START_TEST(backward_goto)
{
	static const char *plats[] = { "skl", "icllp", "tgllp" };
	struct simh h;
	run(&h, plats[_i],
	    "mov (8|M0) r10.0<1>:d 0:w\n"
	    "mov (8|M0) r11.0<1>:d r1.0<8;8,1>:uw\n"
	    "LOOP:\n"
	    "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:w\n"
	    "add (8|M0) r11.0<1>:d r11.0<8;8,1>:d -1:w\n"
	    "cmp (8|M0) (gt)f0.0 null<1>:d r11.0<8;8,1>:d 0:w\n"
	    "(f0.0) goto.b (8|M0) OUT LOOP\n"
	    "OUT:\n"
	    "join (8|M0) NEXT\n"
	    "NEXT:\n"
	    "add (8|M0) r12.0<1>:d r10.0<8;8,1>:d 100:w\n");
	for (unsigned i = 0; i < 8; i++)
		ck_assert_uint_eq(simh_ud(&h, 12, i), 100 + (i ? i : 1));
	simh_free(&h);
}
END_TEST

/* a switch jump: register byte offset from the next instruction */
START_TEST(jmpi_register)
{
	/* the offset counts from the next instruction before Gen12 and from
	 * the jmpi itself on Gen12; the register's subregister is in bytes on
	 * both (r20.1:d is byte 4) */
	static const char *plats[] = { "skl", "tgllp" };
	static const char *offs[] = { "16:w", "32:w" };
	char text[512];
	snprintf(text, sizeof(text),
	         "(W) mov (1|M0) r20.0<1>:d 0:w\n"
	         "(W) mov (1|M0) r20.1<1>:d %s\n"
	         "(W) jmpi r20.1<0;1,0>:d\n"
	         "mov (8|M0) r21.0<1>:d 1:w\n"
	         "mov (8|M0) r22.0<1>:d 2:w\n", offs[_i]);
	struct simh h;
	run(&h, plats[_i], text);
	ck_assert_uint_eq(simh_ud(&h, 21, 0), 0);
	ck_assert_uint_eq(simh_ud(&h, 22, 0), 2);
	simh_free(&h);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sim_flow");
	TCase *tc = tcase_create("flow");
	tcase_add_test(tc, if_else_endif);
	tcase_add_test(tc, while_break);
	tcase_add_test(tc, while_cont);
	tcase_add_loop_test(tc, goto_join, 0, 3);
	tcase_add_test(tc, call_ret_jmpi);
	tcase_add_loop_test(tc, nested_call_subregisters, 0, 4);
	tcase_add_loop_test(tc, jmpi_register, 0, 2);
	tcase_add_loop_test(tc, backward_goto, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
