/* test_sim_alu.c - guards gensim's ALU semantics per instruction family
 * with values worked out by hand: integer wrap-around, saturation and
 * 64-bit arithmetic, the implicit accumulator of mach (high part with
 * AccWrEn, low part without), addc/subb, shifts, bit operations, logic
 * with inverted sources; float add/mul, fused mad, min/max and compares
 * with NaN, conversions (round toward zero and clamping to integers,
 * round-to-nearest-even to float and half), half and mixed-mode
 * arithmetic, double precision, rounding instructions, condition
 * modifiers.  Inputs sit in the cross-thread data (r4, r5), results are
 * read from the final registers. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "sim_harness.h"
#include "unit.h"

START_TEST(int_wrap_and_saturate)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	             "add (1|M0) r10.0<1>:d r4.0<0;1,0>:d 1:w\n"
	             "add (1|M0) (sat)r10.1<1>:d r4.0<0;1,0>:d 1:w\n"
	             "mul (1|M0) r10.2<1>:d r4.1<0;1,0>:d r4.1<0;1,0>:d\n"
	             "mov (1|M0) (sat)r10.12<1>:ub r4.2<0;1,0>:d\n"
	             "mov (1|M0) (sat)r10.13<1>:ub r4.3<0;1,0>:d\n"
	             "mov (1|M0) r10.14<1>:ub r4.2<0;1,0>:d\n"
	             "add (1|M0) (sat)r10.4<1>:ud r4.4<0;1,0>:ud 0x10:uw\n"
	             "avg (1|M0) r10.5<1>:d r4.5<0;1,0>:d r4.6<0;1,0>:d\n");
	simh_set_ud(&h, 0, 0x7FFFFFFF);
	simh_set_ud(&h, 4, 0x10000);
	simh_set_ud(&h, 8, 300);
	simh_set_ud(&h, 12, (uint32_t)-5);
	simh_set_ud(&h, 16, 0xFFFFFFF8);
	simh_set_ud(&h, 20, 7);
	simh_set_ud(&h, 24, 2);
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 10, 0), 0x80000000u);  /* wraps */
	ck_assert_uint_eq(simh_ud(&h, 10, 1), 0x7FFFFFFFu);  /* clamps */
	ck_assert_uint_eq(simh_ud(&h, 10, 2), 0);            /* low 32 bits */
	ck_assert_uint_eq(simh_ud(&h, 10, 3) & 0xFFFFFF, 0x2C00FF);
	/* bytes 12, 13, 14: 300 sat -> 255, -5 sat -> 0, 300 -> 44 */
	ck_assert_uint_eq(simh_ud(&h, 10, 4), 0xFFFFFFFFu);  /* ud sat */
	ck_assert_uint_eq(simh_ud(&h, 10, 5), 5);            /* (7+2+1)>>1 */
	simh_free(&h);
}
END_TEST

START_TEST(int64)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	             "add (1|M0) r10.0<1>:q r4.0<0;1,0>:q r4.1<0;1,0>:q\n"
	             "mul (1|M0) r10.1<1>:q r4.4<0;1,0>:d r4.5<0;1,0>:d\n"
	             "shl (1|M0) r10.2<1>:q r4.5<0;1,0>:d 40:w\n"
	             "asr (1|M0) r10.3<1>:q r4.0<0;1,0>:q 4:w\n");
	simh_set_uq(&h, 0, 0xFFFFFFFFFFFFFFF0ull);
	simh_set_uq(&h, 8, 0x20);
	simh_set_ud(&h, 16, (uint32_t)-3);
	simh_set_ud(&h, 20, 5);
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_uq(&h, 10, 0), 0x10);
	ck_assert_uint_eq(simh_uq(&h, 10, 1), (uint64_t)-15);
	ck_assert_uint_eq(simh_uq(&h, 10, 2), 5ull << 40);
	ck_assert_uint_eq(simh_uq(&h, 10, 3), 0xFFFFFFFFFFFFFFFFull);
	simh_free(&h);
}
END_TEST

/* 0xFFFFFFFF * 0xFFFFFFFF = 0xFFFFFFFE_00000001 */
START_TEST(mach_and_macl)
{
	struct simh h;
	simh_load_ok(&h, "icllp", 8, 1,
	             "mul (8|M0) acc0.0<1>:ud r4.0<0;1,0>:ud r4.2<0;1,0>:uw\n"
	             "mach (8|M0) r10.0<1>:ud r4.0<0;1,0>:ud r4.1<0;1,0>:ud {AccWrEn}\n"
	             "mov (8|M0) r11.0<1>:ud acc0.0<8;8,1>:ud\n"
	             "mul (8|M0) acc0.0<1>:ud r4.0<0;1,0>:ud r4.2<0;1,0>:uw\n"
	             "mach (8|M0) r12.0<1>:ud r4.0<0;1,0>:ud r4.1<0;1,0>:ud\n"
	             "mach (8|M0) r13.0<1>:d r4.3<0;1,0>:d r4.4<0;1,0>:d {AccWrEn}\n");
	simh_set_ud(&h, 0, 0xFFFFFFFF);
	simh_set_ud(&h, 4, 0xFFFFFFFF);
	simh_set_ud(&h, 8, 0xFFFF);
	simh_set_ud(&h, 12, (uint32_t)-2);
	simh_set_ud(&h, 16, 3);
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 10, 7), 0xFFFFFFFEu);
	ck_assert_uint_eq(simh_ud(&h, 11, 7), 1);
	ck_assert_uint_eq(simh_ud(&h, 12, 0), 1);             /* macl: low */
	ck_assert_uint_eq(simh_ud(&h, 13, 0), 0xFFFFFFFFu);   /* -6 >> 32 */
	simh_free(&h);
}
END_TEST

START_TEST(addc_subb)
{
	struct simh h;
	simh_load_ok(&h, "bxt", 8, 1,
	             "addc (8|M0) r10.0<1>:ud r4.0<0;1,0>:ud r4.1<0;1,0>:ud {AccWrEn}\n"
	             "mov (8|M0) r11.0<1>:ud acc0.0<8;8,1>:ud\n"
	             "subb (8|M0) r12.0<1>:ud r4.2<0;1,0>:ud r4.1<0;1,0>:ud {AccWrEn}\n"
	             "mov (8|M0) r13.0<1>:ud acc0.0<8;8,1>:ud\n");
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 10, 0), 0);
	ck_assert_uint_eq(simh_ud(&h, 11, 0), 0);
	simh_free(&h);
	simh_load_ok(&h, "bxt", 8, 1,
	             "addc (8|M0) r10.0<1>:ud r4.0<0;1,0>:ud r4.1<0;1,0>:ud {AccWrEn}\n"
	             "mov (8|M0) r11.0<1>:ud acc0.0<8;8,1>:ud\n"
	             "subb (8|M0) r12.0<1>:ud r4.2<0;1,0>:ud r4.1<0;1,0>:ud {AccWrEn}\n"
	             "mov (8|M0) r13.0<1>:ud acc0.0<8;8,1>:ud\n");
	simh_set_ud(&h, 0, 0xFFFFFFFF);
	simh_set_ud(&h, 4, 2);
	simh_set_ud(&h, 8, 1);
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 10, 3), 1);            /* sum low */
	ck_assert_uint_eq(simh_ud(&h, 11, 3), 1);            /* carry */
	ck_assert_uint_eq(simh_ud(&h, 12, 3), 0xFFFFFFFFu);  /* 1 - 2 */
	ck_assert_uint_eq(simh_ud(&h, 13, 3), 1);            /* borrow */
	simh_free(&h);
}
END_TEST

START_TEST(shifts_and_bits)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	             "shl (1|M0) r10.0<1>:d r4.0<0;1,0>:d 33:w\n"
	             "shr (1|M0) r10.1<1>:d r4.1<0;1,0>:d 28:w\n"
	             "asr (1|M0) r10.2<1>:d r4.1<0;1,0>:d 28:w\n"
	             "bfrev (1|M0) r10.3<1>:ud r4.0<0;1,0>:ud\n"
	             "cbit (1|M0) r10.4<1>:ud r4.1<0;1,0>:ud\n"
	             "fbh (1|M0) r10.5<1>:ud r4.0<0;1,0>:ud\n"
	             "fbl (1|M0) r10.6<1>:ud r4.1<0;1,0>:ud\n"
	             "lzd (1|M0) r10.7<1>:ud r4.2<0;1,0>:ud\n"
	             "bfe (8|M0) r11.0<1>:ud r4.3<0;0>:ud r4.4<0;0>:ud r4.1<0>:ud\n"
	             "bfe (8|M0) r12.0<1>:d r4.3<0;0>:d r4.4<0;0>:d r4.1<0>:d\n"
	             "fbh (1|M0) r13.0<1>:d r4.1<0;1,0>:d\n"
	             "and (1|M0) r13.1<1>:d ~r4.0<0;1,0>:d r4.1<0;1,0>:d\n"
	             "bfi1 (1|M0) r13.2<1>:ud r4.3<0;1,0>:ud r4.4<0;1,0>:ud\n"
	             "not (1|M0) r13.3<1>:d r4.0<0;1,0>:d\n");
	simh_set_ud(&h, 0, 0x00000003);      /* r4.0 */
	simh_set_ud(&h, 4, 0xF0000010);      /* r4.1 */
	simh_set_ud(&h, 8, 0x00008000);      /* r4.2 */
	simh_set_ud(&h, 12, 4);              /* r4.3 width */
	simh_set_ud(&h, 16, 28);             /* r4.4 offset */
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 10, 0), 6);            /* 33 & 31 = 1 */
	ck_assert_uint_eq(simh_ud(&h, 10, 1), 0xF);          /* logical */
	ck_assert_uint_eq(simh_ud(&h, 10, 2), 0xFFFFFFFFu);  /* arithmetic */
	ck_assert_uint_eq(simh_ud(&h, 10, 3), 0xC0000000u);
	ck_assert_uint_eq(simh_ud(&h, 10, 4), 5);
	ck_assert_uint_eq(simh_ud(&h, 10, 5), 30);           /* bit 1 from MSB */
	ck_assert_uint_eq(simh_ud(&h, 10, 6), 4);
	ck_assert_uint_eq(simh_ud(&h, 10, 7), 16);
	ck_assert_uint_eq(simh_ud(&h, 11, 0), 0xF);          /* bits 31:28 */
	ck_assert_uint_eq(simh_ud(&h, 12, 0), 0xFFFFFFFFu);  /* sign-extended */
	ck_assert_uint_eq(simh_ud(&h, 13, 0), 4);            /* first 0 bit */
	ck_assert_uint_eq(simh_ud(&h, 13, 1), 0xF0000010u);  /* ~3 & x */
	ck_assert_uint_eq(simh_ud(&h, 13, 2), 0xF0000000u);
	ck_assert_uint_eq(simh_ud(&h, 13, 3), 0xFFFFFFFCu);
	simh_free(&h);
}
END_TEST

START_TEST(float_fused_mad)
{
	struct simh h;
	/* (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; unfused it is 0 */
	simh_load_ok(&h, "skl", 8, 1,
	             "mad (8|M0) r10.0<1>:f r4.2<0;0>:f r4.0<0;0>:f r4.1<0>:f\n"
	             "mul (1|M0) r11.0<1>:f r4.0<0;1,0>:f r4.1<0;1,0>:f\n"
	             "add (1|M0) r11.1<1>:f r11.0<0;1,0>:f r4.2<0;1,0>:f\n");
	simh_set_ud(&h, 0, 0x3F800001);
	simh_set_ud(&h, 4, 0x3F7FFFFE);
	simh_set_f(&h, 8, -1.0f);
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 10, 5), 0xA8800000u);
	ck_assert_uint_eq(simh_ud(&h, 11, 1), 0);
	simh_free(&h);
}
END_TEST

START_TEST(float_min_max_compare_nan)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	             "sel (1|M0) (lt)f0.0 r10.0<1>:f r4.0<0;1,0>:f r4.1<0;1,0>:f\n"
	             "sel (1|M0) (ge)f0.0 r10.1<1>:f r4.1<0;1,0>:f r4.0<0;1,0>:f\n"
	             "sel (1|M0) (lt)f0.0 r10.2<1>:f r4.1<0;1,0>:f r4.2<0;1,0>:f\n"
	             "mov (1|M0) f0.0<1>:uw 0x0:uw\n"
	             "cmp (8|M0) (lt)f0.0 null<1>:f r4.0<0;1,0>:f r4.1<0;1,0>:f\n"
	             "cmp (8|M0) (ne)f1.0 null<1>:f r4.0<0;1,0>:f r4.1<0;1,0>:f\n"
	             "mov (1|M0) r11.0<1>:uw f0.0<0;1,0>:uw\n"
	             "mov (1|M0) r11.2<1>:uw f1.0<0;1,0>:uw\n"
	             "cmp (8|M0) (lt)f0.1 r12.0<1>:d r4.1<0;1,0>:f r4.2<0;1,0>:f\n");
	simh_set_ud(&h, 0, 0x7FC00000);   /* NaN */
	simh_set_f(&h, 4, 2.0f);
	simh_set_f(&h, 8, -1.0f);
	simh_run_ok(&h);
	ck_assert_float_eq(simh_f(&h, 10, 0), 2.0f);  /* min(NaN, 2) */
	ck_assert_float_eq(simh_f(&h, 10, 1), 2.0f);  /* max(2, NaN) */
	ck_assert_float_eq(simh_f(&h, 10, 2), -1.0f);
	ck_assert_uint_eq(simh_uw(&h, 11, 0), 0);      /* NaN < 2 false */
	ck_assert_uint_eq(simh_uw(&h, 11, 2), 0xFF);   /* NaN != 2 true */
	ck_assert_uint_eq(simh_ud(&h, 12, 0), 0);      /* 2 < -1 false */
	simh_free(&h);
}
END_TEST

START_TEST(conversions)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	             "mov (1|M0) r10.0<1>:d r4.0<0;1,0>:f\n"
	             "mov (1|M0) r10.1<1>:d r4.1<0;1,0>:f\n"
	             "mov (1|M0) r10.2<1>:d r4.2<0;1,0>:f\n"
	             "mov (1|M0) r10.3<1>:ud r4.1<0;1,0>:f\n"
	             "mov (1|M0) r10.4<1>:f r4.3<0;1,0>:d\n"
	             "mov (1|M0) r10.10<1>:hf r4.4<0;1,0>:f\n"
	             "mov (1|M0) r10.11<1>:hf r4.5<0;1,0>:f\n"
	             "mov (1|M0) r10.12<1>:hf r4.6<0;1,0>:f\n"
	             "mov (1|M0) r10.7<1>:f r10.11<0;1,0>:hf\n"
	             "mov (1|M0) (sat)r11.0<1>:ub r4.7<0;1,0>:f\n"
	             "mov (1|M0) (sat)r11.1<1>:b r4.0<0;1,0>:f\n");
	simh_set_f(&h, 0, 3e9f);
	simh_set_f(&h, 4, -2.7f);
	simh_set_ud(&h, 8, 0x7FC00000);
	simh_set_ud(&h, 12, 16777217);
	simh_set_f(&h, 16, 65520.0f);
	simh_set_f(&h, 20, 1.0f / 3.0f);
	simh_set_f(&h, 24, 0x1p-25f * 3);   /* 1.5 * 2^-24: tie, to even */
	simh_set_f(&h, 28, 200.7f);
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 10, 0), 0x7FFFFFFFu);  /* clamped */
	ck_assert_uint_eq(simh_ud(&h, 10, 1), (uint32_t)-2); /* toward 0 */
	ck_assert_uint_eq(simh_ud(&h, 10, 2), 0);            /* NaN */
	ck_assert_uint_eq(simh_ud(&h, 10, 3), 0);            /* -2.7 -> ud */
	ck_assert_float_eq(simh_f(&h, 10, 4), 16777216.0f);  /* RNE */
	ck_assert_uint_eq(simh_uw(&h, 10, 10), 0x7C00);      /* inf */
	ck_assert_uint_eq(simh_uw(&h, 10, 11), 0x3555);
	ck_assert_uint_eq(simh_uw(&h, 10, 12), 0x0002);      /* subnormal */
	ck_assert_uint_eq(simh_ud(&h, 10, 7), simh_fbits(0x1.554p-2f));
	/* saturation into integer types clamps to their range, not [0, 1] */
	ck_assert_uint_eq(simh_ud(&h, 11, 0) & 0xFFFF, 0x7FC8);  /* 200, 127 */
	simh_free(&h);
}
END_TEST

START_TEST(half_mixed_double)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	             "add (1|M0) r10.0<1>:f r4.0<0;1,0>:hf r4.1<0;1,0>:f\n"
	             "mul (1|M0) r10.2<1>:hf r4.0<0;1,0>:hf r4.0<0;1,0>:hf\n"
	             "add (1|M0) r11.0<1>:df r5.0<0;1,0>:df r5.1<0;1,0>:df\n"
	             "mov (1|M0) r11.2<1>:f r5.0<0;1,0>:df\n"
	             "mov (1|M0) r11.3<1>:df r4.1<0;1,0>:f\n");
	simh_set_ud(&h, 0, 0x3E00);        /* 1.5 hf */
	simh_set_f(&h, 4, 0.25f);
	simh_set_df(&h, 32, 1.0 + 0x1p-40);
	simh_set_df(&h, 40, 0x1p-52);
	simh_run_ok(&h);
	ck_assert_float_eq(simh_f(&h, 10, 0), 1.75f);
	ck_assert_uint_eq(simh_uw(&h, 10, 2), 0x4080);     /* 2.25 */
	ck_assert(simh_df(&h, 11, 0) == 1.0 + 0x1p-40 + 0x1p-52);
	ck_assert_float_eq(simh_f(&h, 11, 2), 1.0f);       /* rounds */
	ck_assert(simh_df(&h, 11, 3) == 0.25);
	simh_free(&h);
}
END_TEST

/* A same-type float mov without modifier or saturation copies bits
 * (IGC packs 16-bit integer results with mov :hf -> :hf on ICLLP/TGLLP;
 * a quieted NaN changed 1% of ushort quotients): signalling NaNs keep
 * their payload; with a modifier or another type it is a conversion. */
START_TEST(raw_float_moves)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	             "mov (2|M0) r10.0<1>:hf r4.0<1;1,0>:hf\n"
	             "mov (1|M0) r12.0<1>:f r4.1<0;1,0>:f\n"
	             "mov (1|M0) r13.0<1>:df r5.0<0;1,0>:df\n"
	             "mov (1|M0) r14.0<1>:f (abs)r4.1<0;1,0>:f\n"
	             "mov (1|M0) r14.1<1>:f r4.0<0;1,0>:hf\n"
	             "(W) mov (1|M0) f0.0<1>:uw 0x1:uw\n"
	             "(f0.0) sel (2|M0) r15.0<1>:hf r4.0<1;1,0>:hf r4.1<0;1,0>:hf\n");
	simh_set_ud(&h, 0, 0x7D007C06);      /* two signalling NaNs, half */
	simh_set_ud(&h, 4, 0x7F800001);      /* signalling NaN, float */
	simh_set_uq(&h, 32, 0x7FF0000000000001ull);
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_uw(&h, 10, 0), 0x7C06);
	ck_assert_uint_eq(simh_uw(&h, 10, 1), 0x7D00);
	ck_assert_uint_eq(simh_ud(&h, 12, 0), 0x7F800001);
	ck_assert(simh_uq(&h, 13, 0) == 0x7FF0000000000001ull);
	ck_assert(isnan(simh_f(&h, 14, 0)));  /* converted: any NaN */
	ck_assert(isnan(simh_f(&h, 14, 1)));
	ck_assert_uint_eq(simh_uw(&h, 15, 0), 0x7C06);   /* sel picks bits */
	ck_assert_uint_eq(simh_uw(&h, 15, 1), 0x7D00);
	simh_free(&h);
}
END_TEST

START_TEST(rounding_and_cmod)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	             "rndd (1|M0) r10.0<1>:f r4.0<0;1,0>:f\n"
	             "rnde (1|M0) r10.1<1>:f r4.0<0;1,0>:f\n"
	             "rndz (1|M0) r10.2<1>:f r4.0<0;1,0>:f\n"
	             "frc (1|M0) r10.3<1>:f r4.0<0;1,0>:f\n"
	             "add (1|M0) (sat)r10.4<1>:f r4.1<0;1,0>:f r4.1<0;1,0>:f\n"
	             "add (1|M0) (sat)r10.5<1>:f r4.0<0;1,0>:f r4.1<0;1,0>:f\n"
	             "mov (1|M0) f1.0<1>:uw 0x0:uw\n"
	             "add (8|M0) (eq)f1.0 r11.0<1>:d r5.0<8;8,1>:d -2:w\n"
	             "mov (1|M0) r12.0<1>:uw f1.0<0;1,0>:uw\n");
	simh_set_f(&h, 0, -2.5f);
	simh_set_f(&h, 4, 0.75f);
	for (unsigned i = 0; i < 8; i++)
		simh_set_ud(&h, 32 + 4 * i, i);
	simh_run_ok(&h);
	ck_assert_float_eq(simh_f(&h, 10, 0), -3.0f);
	ck_assert_float_eq(simh_f(&h, 10, 1), -2.0f);
	ck_assert_float_eq(simh_f(&h, 10, 2), -2.0f);
	ck_assert_float_eq(simh_f(&h, 10, 3), 0.5f);
	ck_assert_float_eq(simh_f(&h, 10, 4), 1.0f);
	ck_assert_float_eq(simh_f(&h, 10, 5), 0.0f);
	ck_assert_uint_eq(simh_uw(&h, 12, 0), 0x4);     /* only lane 2 */
	simh_free(&h);
}
END_TEST

/* cr0.0[5:4]: 3 toward zero, 1 up; float to integer still truncates */
START_TEST(rounding_modes)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	             "add (1|M0) r10.0<1>:f r4.0<0;1,0>:f r4.1<0;1,0>:f\n"
	             "(W) or (1|M0) cr0.0<1>:ud cr0.0<0;1,0>:ud 0x30:uw\n"
	             "add (1|M0) r10.1<1>:f r4.0<0;1,0>:f r4.1<0;1,0>:f\n"
	             "mov (1|M0) r11.0<1>:hf r4.4<0;1,0>:f\n"
	             "(W) and (1|M0) cr0.0<1>:ud cr0.0<0;1,0>:ud 0xFFFFFFDF:ud\n"
	             "mov (1|M0) r10.2<1>:f r4.2<0;1,0>:d\n"
	             "mov (1|M0) r10.3<1>:d r4.3<0;1,0>:f\n"
	             "mov (1|M0) r11.1<1>:hf r4.4<0;1,0>:f\n"
	             "(W) and (1|M0) cr0.0<1>:ud cr0.0<0;1,0>:ud 0xFFFFFFCF:ud\n"
	             "mov (1|M0) r10.5<1>:f r4.2<0;1,0>:d\n");
	simh_set_f(&h, 0, 1.0f);
	simh_set_f(&h, 4, 0x1.8p-24f);       /* 0.75 ulp of 1.0 */
	simh_set_ud(&h, 8, 16777217);
	simh_set_f(&h, 12, 2.7f);
	simh_set_f(&h, 16, 65519.0f);        /* rounds to inf only upward */
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 10, 0), 0x3F800001u);  /* nearest */
	ck_assert_uint_eq(simh_ud(&h, 10, 1), 0x3F800000u);  /* toward 0 */
	ck_assert_uint_eq(simh_ud(&h, 10, 2), simh_fbits(16777218.0f));  /* up */
	ck_assert_uint_eq(simh_ud(&h, 10, 3), 2);            /* truncates */
	ck_assert_uint_eq(simh_ud(&h, 10, 5), simh_fbits(16777216.0f));  /* RNE */
	ck_assert_uint_eq(simh_uw(&h, 11, 0), 0x7BFF);     /* RTZ: max */
	ck_assert_uint_eq(simh_uw(&h, 11, 1), 0x7C00);     /* up: inf */
	simh_free(&h);
}
END_TEST

/* The same ALU operation on every encoding family (type codes differ). */
START_TEST(add_all_platforms)
{
	static const char *plats[] = { "bdw", "skl", "bxt", "icllp", "tgllp" };
	struct simh h;
	simh_load_ok(&h, plats[_i], 16, 1,
	             "add (16|M0) r10.0<1>:f r4.0<0;1,0>:f r5.0<8;8,1>:f\n"
	             "mul (8|M0) r12.0<1>:d r5.0<8;8,1>:d -3:w\n");
	simh_set_f(&h, 0, 0.5f);
	for (unsigned i = 0; i < 16; i++)
		simh_set_f(&h, 32 + 4 * i, (float)i);
	simh_run_ok(&h);
	ck_assert_float_eq(simh_f(&h, 10, 3), 3.5f);
	ck_assert_float_eq(simh_f(&h, 11, 7), 15.5f);
	ck_assert_uint_eq(simh_ud(&h, 12, 0), 0);
	simh_free(&h);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sim_alu");
	TCase *tc = tcase_create("alu");
	tcase_add_test(tc, int_wrap_and_saturate);
	tcase_add_test(tc, int64);
	tcase_add_test(tc, mach_and_macl);
	tcase_add_test(tc, addc_subb);
	tcase_add_test(tc, shifts_and_bits);
	tcase_add_test(tc, float_fused_mad);
	tcase_add_test(tc, float_min_max_compare_nan);
	tcase_add_test(tc, conversions);
	tcase_add_test(tc, half_mixed_double);
	tcase_add_test(tc, raw_float_moves);
	tcase_add_test(tc, rounding_and_cmod);
	tcase_add_test(tc, rounding_modes);
	tcase_add_loop_test(tc, add_all_platforms, 0, 5);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
