/* test_fin_payload.c - guards the message payload work on SKL, on small
 * vISA texts: a sampler message whose channels are a prefix (RGB) goes
 * without a header, its parameters read where they are
 * (finalizer/build_payload.c); a typed write reads u in place and the
 * data that a vISA variable assembles part by part is computed straight
 * into the payload (finalizer/coalesce.c byte ranges); a truncating
 * integer mov folds into the shift that feeds it; a copy nobody reads
 * goes away, a computation nobody reads stays; oword block reads of a
 * binding-table surface set header dword 2 only. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "visafin.h"

static const char decls[] =
	".version 4.1\n.kernel \"k\"\n"
	".decl V0033 v_type=G type=d num_elts=8 align=hword alias=<%r0, 0>\n"
	".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
	".decl V0041 v_type=G type=d num_elts=8 align=hword\n"
	".decl V0042 v_type=G type=f num_elts=8 align=hword\n"
	".decl V0043 v_type=G type=f num_elts=8 align=hword\n"
	".decl V0044 v_type=G type=f num_elts=24 align=hword\n"
	".decl V0045 v_type=G type=f num_elts=32 align=hword\n"
	".decl V0046 v_type=G type=uw num_elts=8 align=hword\n"
	".decl V0047 v_type=G type=w num_elts=8 align=hword\n"
	".decl V0048 v_type=G type=b num_elts=16 align=hword\n"
	".decl V0049 v_type=G type=f num_elts=8 align=hword\n"
	".decl S0 v_type=S num_elts=1 v_name=S000\n"
	".decl T6 v_type=T num_elts=1 v_name=T006\n"
	".input V0040 offset=32 size=32\n"
	".input V0041 offset=64 size=32\n"
	".input V0042 offset=96 size=32\n"
	".input V0046 offset=128 size=16\n"
	".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n";

/* Finalize decls + 'body' for SKL; returns the listing (malloc'ed). */
static char *fin(const char *body)
{
	static char text[8192];
	snprintf(text, sizeof text, "%s%s    ret (M1, 1)\n", decls, body);
	struct vf_text t = { "t.visaasm", text, strlen(text) };
	struct vf_module *m = NULL;
	struct vf_error e = { 0 };
	ck_assert_msg(vf_read_visaasm(&t, 1, &m, &e) == VF_OK, "%s", e.msg);
	struct vf_finalize_options o = { .platform = VF_PLATFORM_SKL,
	                                 .verify = 1 };
	struct vf_kernel_result r;
	memset(&r, 0, sizeof r);
	ck_assert_msg(vf_finalize_kernel(m, 0, &o, &r, &e) == VF_OK, "%s",
	              e.msg);
	char *a = NULL;
	struct vf_error de = { 0 };
	ck_assert_int_eq(gen_disasm(plat_by_name("skl"), r.code, r.code_size,
	                            "k", &a, &de), VF_OK);
	vf_kernel_result_clear(&r);
	vf_module_free(m);
	return a;
}

static unsigned count(const char *a, const char *what)
{
	unsigned n = 0;
	for (const char *s = a; (s = strstr(s, what)) != NULL; s++)
		n++;
	return n;
}

START_TEST(sampler_rgb_reads_its_parameters_in_place)
{
	char *a = fin("    mov (M1, 8) V0043(0,0)<1> V0040(0,0)<1;1,0>\n"
	              "    movs (M1_NM, 1) S0(0) 0x0:ud\n"
	              "    movs (M1_NM, 1) T6(0) 0x1:ud\n"
	              "    sample_lz.RGB (M1, 8) 0x0:uw S0 T6 V0044.0 V0042.0 "
	              "V0043.0\n"
	              "    mov (M1, 8) V0049(0,0)<1> V0044(2,0)<1;1,0>\n"
	              "    movs (M1_NM, 1) T6(0) 0x2:ud\n"
	              "    scatter4_typed.R (M1, 8) T6 V0040.0 V0041.0 %null.0 "
	              "%null.0 V0049.0\n");
	/* sampler (SFID 2) sends, u and v one GRF each, no header (bit 19
	 * clear), three channels back; the only r0 copy is the EOT's */
	ck_assert_msg(strstr(a, "0x42") && strstr(a, "0x02338001"), "%s", a);
	ck_assert_msg(count(a, "r0.0<8;8,1>:ud") == 1, "%s", a);
	free(a);
}
END_TEST

START_TEST(typed_write_data_is_computed_into_the_payload)
{
	char *a = fin("    mul (M1, 8) V0045(0,0)<1> V0042(0,0)<1;1,0> 0x40000000:f\n"
	              "    mul (M1, 8) V0045(1,0)<1> V0042(0,0)<1;1,0> 0x40400000:f\n"
	              "    mul (M1, 8) V0045(2,0)<1> V0042(0,0)<1;1,0> 0x40800000:f\n"
	              "    mov (M1, 8) V0045(3,0)<1> 0x3f800000:f\n"
	              "    movs (M1_NM, 1) T6(0) 0x1:ud\n"
	              "    scatter4_typed.RGBA (M1, 8) T6 V0040.0 V0041.0 %null.0 "
	              "%null.0 V0045.0\n");
	/* u in place (src0), v copied next to the data (src1: 1 + 4 GRFs);
	 * the muls and the 1.0 write the payload itself: besides the EOT
	 * copy the v copy and the 1.0 are the only movs */
	ck_assert_msg(strstr(a, "wr:1+5"), "%s", a);
	ck_assert_msg(count(a, "mov (") == 3, "%s", a);
	ck_assert_msg(count(a, "mul (8|M0)") == 3, "%s", a);
	free(a);
}
END_TEST

START_TEST(truncating_mov_folds_into_the_shift)
{
	char *a = fin("    shr (M1, 8) V0047(0,0)<1> V0046(0,0)<1;1,0> 0x8:w\n"
	              "    mov (M1, 8) V0048(0,0)<2> V0047(0,0)<1;1,0>\n"
	              "    mov (M1, 8) V0040(0,0)<1> V0048(0,0)<2;1,0>\n"
	              "    movs (M1_NM, 1) T6(0) 0x1:ud\n"
	              "    scatter4_typed.R (M1, 8) T6 V0041.0 %null.0 %null.0 "
	              "%null.0 V0040.0\n");
	ck_assert_msg(strstr(a, "shr (8|M0)") && strstr(a, "<2>:b"), "%s", a);
	ck_assert_msg(!strstr(a, "mov (8|M0)               r2.0<2>:b"), "%s", a);
	free(a);
}
END_TEST

START_TEST(unread_copy_goes_unread_arithmetic_stays)
{
	char *a = fin("    mov (M1, 8) V0043(0,0)<1> V0042(0,0)<1;1,0>\n"
	              "    add (M1, 8) V0049(0,0)<1> V0042(0,0)<1;1,0> "
	              "0x3f800000:f\n");
	ck_assert_msg(count(a, "mov (") == 1, "%s", a);   /* the EOT copy */
	ck_assert_msg(strstr(a, "add (8|M0)"), "%s", a);
	free(a);
}
END_TEST

START_TEST(oword_read_of_a_bti_sets_dword_2_only)
{
	char *a = fin("    movs (M1_NM, 1) T6(0) 0x1:ud\n"
	              "    oword_ld (2) T6 0x4:ud V0043.0\n"
	              "    movs (M1_NM, 1) T6(0) 0x2:ud\n"
	              "    scatter4_typed.R (M1, 8) T6 V0040.0 %null.0 %null.0 "
	              "%null.0 V0043.0\n");
	ck_assert_msg(!strstr(a, "0x0:ud"), "%s", a);
	ck_assert_msg(strstr(a, ".2<1>:ud    0x4:ud"), "%s", a);
	free(a);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("fin_payload");
	TCase *t = tcase_create("payload");
	tcase_add_test(t, sampler_rgb_reads_its_parameters_in_place);
	tcase_add_test(t, typed_write_data_is_computed_into_the_payload);
	tcase_add_test(t, truncating_mov_folds_into_the_shift);
	tcase_add_test(t, unread_copy_goes_unread_arithmetic_stays);
	tcase_add_test(t, oword_read_of_a_bti_sets_dword_2_only);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	SRunner *r = srunner_create(suite());
	srunner_run_all(r, CK_NORMAL);
	int failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
