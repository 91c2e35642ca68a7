/* test_sim_math.c - guards gensim's extended math: correctly rounded
 * float inv/sqt/rsqt/fdiv, exp/log/sin/cos/pow at exact points, integer
 * quotient and remainder (truncating, signed and unsigned, division by
 * zero as documented), and IGC's IEEE double division and square root
 * macros (math.invm / math.rsqtm + madm with .mme operands, copied from
 * IGC's SKL code for p_double.d_norm): they must give the correctly
 * rounded quotient and root, including a case where too little extra
 * precision behind .mme rounds the wrong way, and the IEEE
 * special results when the EO flag skips the sequence. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "sim_harness.h"
#include "unit.h"

START_TEST(float_math)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "math.inv (1|M0) r10.0<1>:f r4.0<0;1,0>:f\n"
	    "math.sqt (1|M0) r10.1<1>:f r4.1<0;1,0>:f\n"
	    "math.fdiv (1|M0) r10.2<1>:f r4.2<0;1,0>:f r4.3<0;1,0>:f\n"
	    "math.rsqt (1|M0) r10.3<1>:f r4.0<0;1,0>:f\n"
	    "math.exp (1|M0) r10.4<1>:f r4.3<0;1,0>:f\n"
	    "math.log (1|M0) r10.5<1>:f r4.4<0;1,0>:f\n"
	    "math.cos (1|M0) r10.6<1>:f r4.5<0;1,0>:f\n"
	    "math.pow (1|M0) r10.7<1>:f r4.1<0;1,0>:f r4.6<0;1,0>:f\n");
	simh_set_f(&h, 0, 4.0f);
	simh_set_f(&h, 4, 2.0f);
	simh_set_f(&h, 8, 1.0f);
	simh_set_f(&h, 12, 3.0f);
	simh_set_f(&h, 16, 8.0f);
	simh_set_f(&h, 20, 0.0f);
	simh_set_f(&h, 24, 10.0f);
	simh_run_ok(&h);
	ck_assert_float_eq(simh_f(&h, 10, 0), 0.25f);
	ck_assert_uint_eq(simh_ud(&h, 10, 1), 0x3FB504F3u);  /* sqrt 2 */
	ck_assert_uint_eq(simh_ud(&h, 10, 2), 0x3EAAAAABu);  /* 1/3 */
	ck_assert_float_eq(simh_f(&h, 10, 3), 0.5f);
	ck_assert_float_eq(simh_f(&h, 10, 4), 8.0f);
	ck_assert_float_eq(simh_f(&h, 10, 5), 3.0f);
	ck_assert_float_eq(simh_f(&h, 10, 6), 1.0f);
	ck_assert_float_eq(simh_f(&h, 10, 7), 1024.0f);
	simh_free(&h);
}
END_TEST

START_TEST(int_division)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "math.iqot (8|M0) r10.0<1>:d r4.0<8;8,1>:d r5.0<8;8,1>:d\n"
	    "math.irem (8|M0) r11.0<1>:d r4.0<8;8,1>:d r5.0<8;8,1>:d\n"
	    "math.iqot (8|M0) r12.0<1>:ud r4.0<8;8,1>:ud r5.0<8;8,1>:ud\n");
	int32_t a[4] = { -7, 7, 7, -8 }, b[4] = { 2, -2, 0, 3 };
	for (unsigned i = 0; i < 4; i++) {
		simh_set_ud(&h, 4 * i, (uint32_t)a[i]);
		simh_set_ud(&h, 32 + 4 * i, (uint32_t)b[i]);
	}
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 10, 0), (uint32_t)-3);  /* truncates */
	ck_assert_uint_eq(simh_ud(&h, 11, 0), (uint32_t)-1);
	ck_assert_uint_eq(simh_ud(&h, 10, 1), (uint32_t)-3);
	ck_assert_uint_eq(simh_ud(&h, 11, 1), 1);
	ck_assert_uint_eq(simh_ud(&h, 10, 2), 0x7FFFFFFFu);    /* 7/0 */
	ck_assert_uint_eq(simh_ud(&h, 11, 2), 7);
	ck_assert_uint_eq(simh_ud(&h, 12, 2), 0xFFFFFFFFu);    /* ud 7/0 */
	ck_assert_uint_eq(simh_ud(&h, 12, 3), 0xFFFFFFF8u / 3);
	simh_free(&h);
}
END_TEST

static const char divm[] =
	"(W) mov (4|M0) r114.0<1>:df 1.0:df\n"
	"(W) mov (4|M0) r7.0<1>:df 0.0:df\n"
	"math.invm (4|M0) (eo)f0.0 r24.mme0:df r4.nomme:df r5.nomme:df\n"
	"(~f0.0) if (4|M0) L1 L1\n"
	"madm (4|M0) r103.mme1:df r7.nomme:df r4.nomme:df r24.mme0:df\n"
	"madm (4|M0) r101.mme2:df r114.nomme:df -r5.nomme:df r24.mme0:df\n"
	"madm (4|M0) r99.mme3:df r4.nomme:df -r5.nomme:df r103.mme1:df\n"
	"madm (4|M0) r26.mme4:df r24.mme0:df r101.mme2:df r24.mme0:df\n"
	"madm (4|M0) r97.mme5:df r114.nomme:df -r5.nomme:df r26.mme4:df\n"
	"madm (4|M0) r24.mme6:df r24.mme0:df r101.mme2:df r26.mme4:df\n"
	"madm (4|M0) r103.mme7:df r103.mme1:df r99.mme3:df r26.mme4:df\n"
	"madm (4|M0) r26.mme0:df r26.mme4:df r24.mme6:df r97.mme5:df\n"
	"madm (4|M0) r99.mme1:df r4.nomme:df -r5.nomme:df r103.mme7:df\n"
	"madm (4|M0) r24.nomme:df r103.mme7:df r99.mme1:df r26.mme0:df\n"
	"L1:\n"
	"endif (4|M0) L2\n"
	"L2:\n"
	"(W) mov (4|M0) r111.0<1>:df 1.5:df\n"
	"(W) mov (4|M0) r113.0<1>:df 0.5:df\n"
	"math.rsqtm (4|M0) (eo)f0.1 r14.mme0:df r6.nomme:df\n"
	"(~f0.1) if (4|M0) L3 L3\n"
	"madm (4|M0) r16.mme1:df r7.nomme:df r113.nomme:df r14.mme0:df\n"
	"madm (4|M0) r107.mme2:df r7.nomme:df r6.nomme:df r14.mme0:df\n"
	"madm (4|M0) r18.mme3:df r113.nomme:df -r107.mme2:df r16.mme1:df\n"
	"madm (4|M0) r109.mme5:df r114.nomme:df r111.nomme:df r18.mme3:df\n"
	"madm (4|M0) r14.mme6:df r7.nomme:df r18.mme3:df r107.mme2:df\n"
	"madm (4|M0) r18.mme7:df r7.nomme:df r18.mme3:df r16.mme1:df\n"
	"madm (4|M0) r14.mme6:df r107.mme2:df r109.mme5:df r14.mme6:df\n"
	"madm (4|M0) r109.mme5:df r16.mme1:df r109.mme5:df r18.mme7:df\n"
	"madm (4|M0) r16.mme1:df r6.nomme:df -r14.mme6:df r14.mme6:df\n"
	"madm (4|M0) r14.nomme:df r14.mme6:df r16.mme1:df r109.mme5:df\n"
	"L3:\n"
	"endif (4|M0) L4\n"
	"L4:\n";

START_TEST(ieee_macros)
{
	struct simh h;
	/* 1136.0032579365206 / (1 + it): evaluating the madm sequence with
	 * 64-bit intermediate mantissas ends one ulp high (p_double.d_norm
	 * element 267, an earlier gensim) */
	double a[4] = { 1136.0032579365206, 1.0, 1.0, -0.0 };
	double b[4] = { 1137.0032579365206, 3.0, 0.0, 5.0 };
	double s[4] = { 2.0, 1290503.402042389, 0.0, 9.0 };
	simh_load_ok(&h, "skl", 8, 1, divm);
	for (unsigned i = 0; i < 4; i++) {
		simh_set_df(&h, 8 * i, a[i]);
		simh_set_df(&h, 32 + 8 * i, b[i]);
		simh_set_df(&h, 64 + 8 * i, s[i]);
	}
	simh_run_ok(&h);
	for (unsigned i = 0; i < 4; i++) {
		ck_assert_uint_eq(simh_dbits(simh_df(&h, 24, i)),
		                  simh_dbits(a[i] / b[i]));
		ck_assert_uint_eq(simh_dbits(simh_df(&h, 14, i)),
		                  simh_dbits(sqrt(s[i])));
	}
	simh_free(&h);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sim_math");
	TCase *tc = tcase_create("math");
	tcase_add_test(tc, float_math);
	tcase_add_test(tc, int_division);
	tcase_add_test(tc, ieee_macros);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
