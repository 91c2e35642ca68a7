/* test_fin_copyprop.c - guards finalizer/copyprop.c on small vISA texts:
 * a plain mov is forwarded into the uses after it in its block and then
 * deleted (same-type copies, byte-to-word widenings into mul, NoMask
 * immediates into scalar uses), and it is not forwarded when its source
 * is rewritten before the use, across a branch/label, into a NoMask use
 * of a masked mov, into a use reading another channel's element, or
 * when the widening would change the value (signed byte read unsigned);
 * the parts of a vector are forwarded past each other's writes; an
 * hf->f mov folds into a float mad on SKL (Gen9 mixed mode; SIMD16 as
 * two SIMD8 mads), not from a misaligned HF source nor on BDW.
 * Also finalizer/coalesce.c: a result copied by a later mov is written
 * straight to the mov's destination, unless that register is read in
 * between; and finalizer/byte_layout.c: a word register written from
 * dword arithmetic is stored at stride 2, so no packing mov follows.
 * The only other mov in these kernels is the EOT copy of r0. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

static const char header8[] =
	".version 4.1\n.kernel \"k\"\n"
	".decl V0033 v_type=G type=d num_elts=8 align=hword alias=<%r0, 0>\n"
	".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
	".decl V0041 v_type=G type=d num_elts=8 align=hword\n"
	".decl V0042 v_type=G type=d num_elts=8 align=hword\n"
	".decl V0043 v_type=G type=w num_elts=8 align=hword\n"
	".decl V0044 v_type=G type=ub num_elts=32 align=hword\n"
	".decl V0045 v_type=G type=w num_elts=8 align=hword\n"
	".decl V0046 v_type=G type=w num_elts=8 align=hword\n"
	".decl V0047 v_type=G type=b num_elts=32 align=hword alias=<V0044, 0>\n"
	".decl V0048 v_type=G type=ud num_elts=8 align=hword\n"
	".decl V0049 v_type=G type=d num_elts=16 align=hword\n"
	".input V0040 offset=32 size=32\n"
	".input V0044 offset=64 size=32\n"
	".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n";

/* Finalize header8 + 'body' for SKL; returns the listing (malloc'ed). */
static char *fin(const char *body)
{
	static char text[8192];
	snprintf(text, sizeof text, "%s%s    ret (M1, 1)\n", header8, body);
	return unit_fin_listing(text, VF_PLATFORM_SKL);
}

static unsigned movs(const char *a)
{
	return unit_count(a, "mov (");
}

/* header8 + 'body' finalizes to n movs (the EOT copy of r0 included). */
static void movs_are(const char *body, unsigned n)
{
	char *a = fin(body);
	ck_assert_msg(movs(a) == n, "%s", a);
	free(a);
}

/* Is there a line starting with 'op' that holds 'x' and then 'y'? */
static bool line_has(const char *a, const char *op, const char *x,
                     const char *y)
{
	for (const char *l = a; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : l) {
		const char *e = strchr(l, '\n'), *o = strstr(l, op);
		if (!o || (e && o > e))
			continue;
		const char *px = strstr(o, x);
		if (px && (!e || px < e)) {
			const char *py = strstr(px + strlen(x), y);
			if (py && (!e || py < e))
				return true;
		}
	}
	return false;
}

START_TEST(same_type_copy_is_forwarded)
{
	char *a = fin("    mov (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0>\n"
	              "    add (M1, 8) V0042(0,0)<1> V0041(0,0)<1;1,0> 0x1:d\n");
	ck_assert_msg(movs(a) == 1, "%s", a);
	ck_assert_msg(line_has(a, "add (8", "r1.0<8;8,1>:d", " 1:d"), "%s", a);
	free(a);
}
END_TEST

START_TEST(byte_widening_is_forwarded_into_mul)
{
	char *a = fin("    mov (M1, 8) V0043(0,0)<1> V0044(0,0)<4;1,0>\n"
	              "    mul (M1, 8) V0045(0,0)<1> V0043(0,0)<1;1,0> "
	              "V0043(0,0)<1;1,0>\n");
	ck_assert_msg(movs(a) == 1, "%s", a);
	ck_assert_msg(line_has(a, "mul (8", "r2.0<32;8,4>:ub",
	              "r2.0<32;8,4>:ub"), "%s", a);
	free(a);
}
END_TEST

START_TEST(nomask_immediate_is_forwarded_into_scalar_use)
{
	char *a = fin("    mov (M1_NM, 1) V0041(0,0)<1> 0x5:d\n"
	              "    add (M1, 8) V0042(0,0)<1> V0040(0,0)<1;1,0> "
	              "V0041(0,0)<0;1,0>\n");
	ck_assert_msg(movs(a) == 1, "%s", a);
	ck_assert_msg(line_has(a, "add (8", "r1.0<8;8,1>:d", " 5:d"), "%s", a);
	free(a);
}
END_TEST

START_TEST(not_past_a_write_of_the_source)
{
	movs_are("    mov (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0>\n"
	         "    add (M1, 8) V0040(0,0)<1> V0040(0,0)<1;1,0> 0x1:d\n"
	         "    add (M1, 8) V0042(0,0)<1> V0041(0,0)<1;1,0> "
	         "V0040(0,0)<1;1,0>\n", 2);
}
END_TEST

START_TEST(not_across_a_label)
{
	movs_are("    mov (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0>\n"
	         "    jmp (M1, 1) L1\nL1:\n"
	         "    add (M1, 8) V0042(0,0)<1> V0041(0,0)<1;1,0> 0x1:d\n", 2);
}
END_TEST

START_TEST(not_into_a_nomask_use_of_a_masked_mov)
{
	movs_are("    mov (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0>\n"
	         "    add (M1_NM, 8) V0042(0,0)<1> V0041(0,0)<1;1,0> "
	         "0x1:d\n", 2);
}
END_TEST

START_TEST(not_into_a_use_of_another_channel)
{
	/* channel k reads element 3, which a masked mov may not have written */
	movs_are("    mov (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0>\n"
	         "    add (M1, 8) V0042(0,0)<1> V0041(0,3)<0;1,0> 0x1:d\n", 2);
}
END_TEST

START_TEST(not_a_signed_widening_read_as_another_type)
{
	/* b -> ud is not value-preserving: the conversion must stay */
	movs_are("    mov (M1, 8) V0048(0,0)<1> V0047(0,0)<4;1,0>\n"
	         "    add (M1, 8) V0042(0,0)<1> V0048(0,0)<1;1,0> "
	         "V0040(0,0)<1;1,0>\n", 2);
}
END_TEST

START_TEST(result_is_written_where_the_mov_copies_it)
{
	char *a = fin("    mul (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> "
	              "V0040(0,0)<1;1,0>\n"
	              "    mov (M1, 8) V0042(0,0)<1> V0041(0,0)<1;1,0>\n"
	              /* reads another channel: copyprop keeps the mov */
	              "    add (M1_NM, 1) V0040(0,0)<1> V0042(0,3)<0;1,0> "
	              "0x1:d\n");
	ck_assert_msg(movs(a) == 1, "%s", a);
	ck_assert_msg(line_has(a, "mul (8", "r1.0<8;8,1>:d", "r1.0<8;8,1>:d"),
	              "%s", a);
	ck_assert_msg(line_has(a, "add (1", ".3<0;1,0>:d", " 1:d"), "%s", a);
	free(a);
}
END_TEST

START_TEST(not_coalesced_when_the_target_is_read_in_between)
{
	movs_are("    mul (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> "
	         "V0040(0,0)<1;1,0>\n"
	         "    add (M1, 8) V0040(0,0)<1> V0042(0,0)<1;1,0> 0x1:d\n"
	         "    mov (M1, 8) V0042(0,0)<1> V0041(0,0)<1;1,0>\n"
	         "    add (M1_NM, 1) V0040(0,0)<1> V0042(0,3)<0;1,0> "
	         "0x1:d\n", 2);
}
END_TEST

START_TEST(word_result_of_dword_math_is_stored_strided)
{
	char *a = fin("    add (M1, 8) V0045(0,0)<1> V0040(0,0)<1;1,0> 0x1:d\n"
	              "    add (M1, 8) V0046(0,0)<1> V0045(0,0)<1;1,0> "
	              "V0045(0,0)<1;1,0>\n");
	ck_assert_msg(movs(a) == 1, "%s", a);
	ck_assert_msg(line_has(a, "add (8", "<2>:w", "r1.0<8;8,1>:d"), "%s", a);
	ck_assert_msg(line_has(a, "add (8", "<16;8,2>:w", "<16;8,2>:w"), "%s", a);
	free(a);
}
END_TEST

START_TEST(parts_of_a_vector_are_forwarded)
{
	/* V0049 assembled from two parts: the first part's mov is forwarded
	 * past the write of the second (other bytes), both movs deleted */
	movs_are("    mov (M1, 8) V0049(0,0)<1> V0040(0,0)<1;1,0>\n"
	         "    mov (M1, 8) V0049(1,0)<1> 0x5:d\n"
	         "    add (M1, 8) V0041(0,0)<1> V0049(0,0)<1;1,0> "
	         "V0049(1,0)<1;1,0>\n"
	         "    add (M1, 8) V0042(0,0)<1> V0041(0,0)<1;1,0> "
	         "V0049(0,0)<1;1,0>\n", 1);
}
END_TEST

START_TEST(not_past_a_write_of_the_same_bytes)
{
	/* the second mov rewrites what the first wrote: the add reads the
	 * second value (the first mov dies, the second is forwarded) */
	char *a = fin("    mov (M1, 8) V0049(0,0)<1> V0040(0,0)<1;1,0>\n"
	              "    mov (M1, 8) V0049(0,0)<1> 0x5:d\n"
	              "    add (M1, 8) V0041(0,0)<1> V0049(0,0)<1;1,0> "
	              "V0040(0,0)<1;1,0>\n");
	ck_assert_msg(movs(a) == 1, "%s", a);
	ck_assert_msg(line_has(a, "add (8", "r1.0<8;8,1>:d", " 5:d"), "%s", a);
	free(a);
}
END_TEST

/* Gen9 mixed mode: mov f = hf folded into a float mad (packed,
 * oword-aligned HF source); SIMD16 runs as two SIMD8 mads. */
static char *mixed(unsigned simd, const char *hf_src, int platform)
{
	static char text[4096];
	snprintf(text, sizeof text,
	         ".version 4.1\n.kernel \"k\"\n"
	         ".decl V0033 v_type=G type=d num_elts=8 align=hword alias=<%%r0, 0>\n"
	         ".decl V0050 v_type=G type=hf num_elts=32 align=hword\n"
	         ".decl V0051 v_type=G type=f num_elts=16 align=hword\n"
	         ".decl V0052 v_type=G type=f num_elts=16 align=hword\n"
	         ".decl V0053 v_type=G type=f num_elts=16 align=hword\n"
	         ".input V0050 offset=32 size=64\n"
	         ".input V0053 offset=96 size=64\n"
	         ".kernel_attr SimdSize=%u\n.function \"_main_0\"\n_main_0:\n"
	         "    mov (M1, %u) V0051(0,0)<1> %s\n"
	         "    mad (M1, %u) V0052(0,0)<1> V0053(0,0)<1;1,0> "
	         "V0051(0,0)<1;1,0> V0053(0,0)<1;1,0>\n"
	         "    add (M1, %u) V0053(0,0)<1> V0052(0,0)<1;1,0> "
	         "V0052(0,0)<1;1,0>\n"
	         "    ret (M1, 1)\n", simd, simd, hf_src, simd, simd);
	return unit_fin_listing(text, platform);
}

START_TEST(hf_conversion_folds_into_a_float_mad)
{
	char *a = mixed(8, "V0050(0,8)<1;1,0>", VF_PLATFORM_SKL);
	ck_assert_msg(movs(a) == 1, "%s", a);
	ck_assert_msg(line_has(a, "mad (8|M0)", ":f", ".8<2;1>:hf"), "%s", a);
	free(a);
	a = mixed(16, "V0050(0,0)<1;1,0>", VF_PLATFORM_SKL);
	ck_assert_msg(movs(a) == 1, "%s", a);
	ck_assert_msg(line_has(a, "mad (8|M0)", ":f", ".0<2;1>:hf"), "%s", a);
	ck_assert_msg(line_has(a, "mad (8|M8)", ":f", ".8<2;1>:hf"), "%s", a);
	free(a);
	/* not oword-aligned (byte 8), or no mixed mode (BDW): converted */
	a = mixed(8, "V0050(0,4)<1;1,0>", VF_PLATFORM_SKL);
	ck_assert_msg(movs(a) == 2 && !strstr(a, "<2;1>:hf"), "%s", a);
	free(a);
	a = mixed(8, "V0050(0,0)<1;1,0>", VF_PLATFORM_BDW);
	ck_assert_msg(!strstr(a, "<2;1>:hf"), "%s", a);
	free(a);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("fin_copyprop");
	TCase *t = tcase_create("copyprop");
	tcase_add_test(t, same_type_copy_is_forwarded);
	tcase_add_test(t, byte_widening_is_forwarded_into_mul);
	tcase_add_test(t, nomask_immediate_is_forwarded_into_scalar_use);
	tcase_add_test(t, not_past_a_write_of_the_source);
	tcase_add_test(t, not_across_a_label);
	tcase_add_test(t, not_into_a_nomask_use_of_a_masked_mov);
	tcase_add_test(t, not_into_a_use_of_another_channel);
	tcase_add_test(t, not_a_signed_widening_read_as_another_type);
	tcase_add_test(t, result_is_written_where_the_mov_copies_it);
	tcase_add_test(t, not_coalesced_when_the_target_is_read_in_between);
	tcase_add_test(t, word_result_of_dword_math_is_stored_strided);
	tcase_add_test(t, parts_of_a_vector_are_forwarded);
	tcase_add_test(t, not_past_a_write_of_the_same_bytes);
	tcase_add_test(t, hf_conversion_folds_into_a_float_mad);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
