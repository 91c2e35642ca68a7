/* test_sim_regions.c - guards gensim's operand regions and masks:
 * direct <VertStride;Width,HorzStride> regions (strided, repeated rows,
 * broadcast, crossing a register), destination strides, indirect
 * addressing with one address register, one per channel (Vx1) and one
 * per row (VxH), indirect destinations, the accumulator as destination
 * and source, 3-source regions of Align16 (Gen9) and Align1 (Gen11)
 * encodings, predication (normal, inverted, any/all groups, channel
 * offsets) and NoMask.  Inputs: r4 holds the words 0..15, r5 the dwords
 * 100..107; expected values are worked out from the region rules
 * (GEN-FACTS.md 2). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sim_harness.h"
#include "unit.h"

static void inputs(struct simh *h)
{
	for (unsigned i = 0; i < 16; i++) {
		uint16_t w = (uint16_t)i;
		memcpy(h->cross + 2 * i, &w, 2);
	}
	for (unsigned i = 0; i < 8; i++)
		simh_set_ud(h, 32 + 4 * i, 100 + i);
}

static void run(struct simh *h, const char *plat, unsigned simd,
                const char *text)
{
	simh_load_ok(h, plat, simd, 1, text);
	inputs(h);
	simh_run_ok(h);
}

/* dword i of r4 as the inputs lay it out */
static uint32_t r4d(unsigned i)
{
	return (2 * i) | ((2 * i + 1) << 16);
}

START_TEST(direct_regions)
{
	struct simh h;
	run(&h, "skl", 16,
	    "mov (8|M0) r10.0<1>:w r4.0<16;8,2>:w\n"
	    "mov (8|M0) r11.0<1>:d r5.0<0;4,1>:d\n"
	    "mov (4|M0) r12.0<2>:d r5.0<4;4,1>:d\n"
	    "add (16|M0) r14.0<1>:d r5.0<0;1,0>:d r4.0<16;16,1>:uw\n"
	    "mov (16|M0) r16.0<1>:d r4.0<8;8,1>:d\n");
	for (unsigned i = 0; i < 8; i++)
		ck_assert_uint_eq(simh_uw(&h, 10, i), 2 * i);
	ck_assert_uint_eq(simh_ud(&h, 11, 5), 101);
	ck_assert_uint_eq(simh_ud(&h, 12, 4), 102);
	ck_assert_uint_eq(simh_ud(&h, 12, 5), 0);           /* stride gap */
	ck_assert_uint_eq(simh_ud(&h, 15, 7), 115);         /* 100 + 15 */
	ck_assert_uint_eq(simh_ud(&h, 16, 1), r4d(1));
	ck_assert_uint_eq(simh_ud(&h, 17, 0), 100);         /* 2nd half: r5 */
	simh_free(&h);
}
END_TEST

START_TEST(indirect_regions)
{
	struct simh h;
	run(&h, "skl", 8,
	    "mov (1|M0) a0.0<1>:uw 0xA0:uw\n"            /* r5.0 */
	    "mov (4|M0) r10.0<1>:d r[a0.0,4]<4;4,1>:d\n"
	    "mov (1|M0) a0.0<1>:uw 0xBC:uw\n"
	    "mov (1|M0) a0.1<1>:uw 0xA0:uw\n"
	    "mov (1|M0) a0.2<1>:uw 0xA4:uw\n"
	    "mov (1|M0) a0.3<1>:uw 0xB0:uw\n"
	    "mov (4|M0) r11.0<1>:d r[a0.0]<1,0>:d\n"
	    "mov (1|M0) a0.4<1>:uw 0x80:uw\n"
	    "mov (1|M0) a0.5<1>:uw 0xA0:uw\n"
	    "mov (4|M0) r12.0<1>:d r[a0.4]<2,1>:d\n"
	    "mov (1|M0) a0.6<1>:uw 0x1A0:uw\n"            /* r13.0 */
	    "mov (4|M0) r[a0.6,8]<1>:d r5.0<4;4,1>:d\n");
	ck_assert_uint_eq(simh_ud(&h, 10, 0), 101);
	ck_assert_uint_eq(simh_ud(&h, 10, 3), 104);
	ck_assert_uint_eq(simh_ud(&h, 11, 0), 107);         /* Vx1 */
	ck_assert_uint_eq(simh_ud(&h, 11, 1), 100);
	ck_assert_uint_eq(simh_ud(&h, 11, 2), 101);
	ck_assert_uint_eq(simh_ud(&h, 11, 3), 104);
	ck_assert_uint_eq(simh_ud(&h, 12, 0), r4d(0));      /* VxH rows */
	ck_assert_uint_eq(simh_ud(&h, 12, 1), r4d(1));
	ck_assert_uint_eq(simh_ud(&h, 12, 2), 100);
	ck_assert_uint_eq(simh_ud(&h, 12, 3), 101);
	ck_assert_uint_eq(simh_ud(&h, 13, 1), 0);
	ck_assert_uint_eq(simh_ud(&h, 13, 2), 100);         /* r13.2.. */
	ck_assert_uint_eq(simh_ud(&h, 13, 5), 103);
	simh_free(&h);
}
END_TEST

START_TEST(accumulator)
{
	struct simh h;
	run(&h, "skl", 16,
	    "mul (16|M0) acc0.0<1>:d r4.0<16;16,1>:uw 2:w\n"
	    "add (16|M0) r10.0<1>:d acc0.0<8;8,1>:d 1:w\n"
	    "mov (8|M0) r12.0<1>:f 2.0:f\n"
	    "mov (8|M0) acc0.0<1>:f 1.0:f\n"
	    "mac (8|M0) r13.0<1>:f r12.0<8;8,1>:f r12.0<8;8,1>:f\n");
	ck_assert_uint_eq(simh_ud(&h, 10, 3), 7);
	ck_assert_uint_eq(simh_ud(&h, 11, 7), 31);          /* acc1 */
	ck_assert_float_eq(simh_f(&h, 13, 2), 5.0f);        /* 1 + 2*2 */
	simh_free(&h);
}
END_TEST

START_TEST(ternary_regions)
{
	struct simh h;
	/* Gen9 Align16: <2;1> contiguous, <0;0> and <0> scalar */
	run(&h, "skl", 8,
	    "mov (8|M0) r10.0<1>:f r5.0<8;8,1>:d\n"
	    "mad (8|M0) r11.0<1>:f r10.1<0;0>:f r10.0<2;1>:f r10.2<0>:f\n");
	ck_assert_float_eq(simh_f(&h, 11, 3), 101.0f + 103.0f * 102.0f);
	simh_free(&h);
	/* Gen11 Align1: <4;2> and <2> strides */
	run(&h, "icllp", 8,
	    "mad (8|M0) r11.0<1>:d r5.0<0;0>:w r4.0<4;2>:w r4.1<2>:w\n");
	for (unsigned i = 0; i < 8; i++)
		ck_assert_uint_eq(simh_ud(&h, 11, i), 100 + (2 * i) * (2 * i + 1));
	simh_free(&h);
}
END_TEST

START_TEST(predication)
{
	struct simh h;
	run(&h, "skl", 16,
	    "(W) mov (1|M0) f0.0<1>:uw 0xF0:uw\n"
	    "(W) mov (1|M0) f0.1<1>:uw 0xF:uw\n"
	    "(W) mov (16|M0) r10.0<1>:d 0:w\n"
	    "(f0.0) mov (8|M0) r10.0<1>:d 1:w\n"
	    "(~f0.0) mov (8|M0) r11.0<1>:d 2:w\n"
	    "(W) mov (4|M0) r12.0<1>:d 0:w\n"
	    "(W&f0.0.any4h) mov (1|M0) r12.0<1>:d 7:w\n"
	    "(W&f0.1.all4h) mov (1|M0) r12.1<1>:d 9:w\n"
	    "(W&f0.0.any8h) mov (1|M0) r12.2<1>:d 5:w\n"
	    "(W&f0.0.all8h) mov (1|M0) r12.3<1>:d 5:w\n"
	    "(W) mov (1|M0) f1.0<1>:uw 0xFF00:uw\n"
	    "(f1.0) mov (8|M8) r13.0<1>:d 3:w\n");
	ck_assert_uint_eq(simh_ud(&h, 10, 3), 0);
	ck_assert_uint_eq(simh_ud(&h, 10, 4), 1);
	ck_assert_uint_eq(simh_ud(&h, 11, 3), 2);
	ck_assert_uint_eq(simh_ud(&h, 11, 4), 0);
	ck_assert_uint_eq(simh_ud(&h, 12, 0), 0);   /* no bit of 0..3 */
	ck_assert_uint_eq(simh_ud(&h, 12, 1), 9);   /* bits 16..19 all */
	ck_assert_uint_eq(simh_ud(&h, 12, 2), 5);   /* some of 0..7 */
	ck_assert_uint_eq(simh_ud(&h, 12, 3), 0);   /* not all of 0..7 */
	ck_assert_uint_eq(simh_ud(&h, 13, 7), 3);   /* flag bits 8..15 */
	simh_free(&h);
}
END_TEST

/* Packed vector immediates are laid over each 16-byte block of the
 * destination: element = (destination byte of the channel mod 16) / 2 for
 * :v/:uv, / 4 for :vf (PRM "Immediate": destination 128-bit aligned with a
 * stride of a word for :v, a dword for :vf; IGC HWConformity
 * fixDstAlignmentWithVectorImm rewrites mov (2) r1.0<1>:d 0x21:uv into
 * 0x0201:uv, and IGC emits add (4) r5.0<1>:ud r3.8<0;1,0>:uw 0x8080400:uv
 * for lane offsets 0, 4, 8, 8; GenX_IR turns vISA mov (4) V:ud 0x8840:uv
 * into mov (4) r1.0<1>:ud 0x8080400:uv). */
START_TEST(packed_immediates)
{
	struct simh h;
	run(&h, "skl", 8,
	    "add (4|M0) r10.0<1>:ud r4.2<0;1,0>:uw 0x8080400:uv\n"
	    "mov (8|M0) r11.0<1>:w 0x76543210:v\n"
	    "(W) mov (16|M0) r12.0<1>:w 0xFEDCBA98:v\n"
	    "mov (4|M0) r13.0<1>:f 0x3F302010:vf\n"
	    "mov (2|M0) r14.0<1>:d 0x0201:uv\n"
	    "mov (4|M0) r15.0<2>:w 0x00030200:uv\n");
	ck_assert_uint_eq(simh_ud(&h, 10, 0), 2);   /* r4.2:uw = 2, + 0 */
	ck_assert_uint_eq(simh_ud(&h, 10, 1), 6);   /* nibble 2 = 4 */
	ck_assert_uint_eq(simh_ud(&h, 10, 2), 10);  /* nibble 4 = 8 */
	ck_assert_uint_eq(simh_ud(&h, 10, 3), 10);  /* nibble 6 = 8 */
	for (unsigned i = 0; i < 8; i++)
		ck_assert_uint_eq(simh_uw(&h, 11, i), i);
	/* 16 words: the second 16-byte block reads the vector again */
	ck_assert_uint_eq(simh_uw(&h, 12, 0), 0xFFF8); /* -8 */
	ck_assert_uint_eq(simh_uw(&h, 12, 8), 0xFFF8);
	ck_assert_uint_eq(simh_uw(&h, 12, 15), 0xFFFF);
	ck_assert_uint_eq(simh_ud(&h, 13, 0), simh_fbits(0.25f)); /* 0x10: 2^(1-3) */
	ck_assert_uint_eq(simh_ud(&h, 13, 3), simh_fbits(1.9375f)); /* 0x3F */
	ck_assert_uint_eq(simh_ud(&h, 14, 0), 1);
	ck_assert_uint_eq(simh_ud(&h, 14, 1), 2);
	/* word stride 2 = 4 bytes per channel: nibbles 0, 2, 4, 6 */
	ck_assert_uint_eq(simh_uw(&h, 15, 2), 2);
	ck_assert_uint_eq(simh_uw(&h, 15, 4), 3);
	simh_free(&h);
	/* a destination off a 16-byte boundary is undefined: an error */
	simh_load_ok(&h, "skl", 8, 1,
	                    "mov (4|M0) r16.2<1>:w 0x3210:uv\n");
	ck_assert_int_ne(simh_run(&h), VF_OK);
	simh_free(&h);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sim_regions");
	TCase *tc = tcase_create("regions");
	tcase_add_test(tc, direct_regions);
	tcase_add_test(tc, indirect_regions);
	tcase_add_test(tc, accumulator);
	tcase_add_test(tc, ternary_regions);
	tcase_add_test(tc, predication);
	tcase_add_test(tc, packed_immediates);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
