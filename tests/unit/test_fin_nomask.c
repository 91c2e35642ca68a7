/* test_fin_nomask.c - guards TGLLP's two control-flow workarounds on
 * small vISA texts (finalizer/nomask_wa.c, finalizer/rs_wa.c):
 * a NoMask instruction under one divergent branch takes no fused-EU
 * guard, under two nested ones it does (one guard per block: mov, cmp of
 * r0 with itself, (W&f.anyNh)) but not for a block-local temporary (a register, or the
 * flag of the block's branch); a
 * loop whose counter every thread
 * computes alike (NoMask scalar compares of constants) diverges nothing,
 * so a branch inside it is not nested, while a data-dependent loop makes
 * it nested; the read-suppression csel stands before every SIMD branch
 * (IGC's cases); SKL gets neither workaround. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

static const char head[] =
	".version 4.1\n.kernel \"k\"\n"
	".decl V0033 v_type=G type=d num_elts=8 align=hword alias=<%r0, 0>\n"
	".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
	".decl V0041 v_type=G type=d num_elts=8 align=hword\n"
	".decl V0042 v_type=G type=d num_elts=1 align=dword\n"
	".decl V0043 v_type=G type=d num_elts=1 align=dword\n"
	".decl P1 v_type=P num_elts=8\n"
	".decl P2 v_type=P num_elts=8\n"
	".decl P3 v_type=P num_elts=8\n"
	".input V0040 offset=32 size=32\n"
	".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
	"    mov (M1, 8) V0041(0,0)<1> 0x0:d\n"
	"    mov (M1_NM, 1) V0042(0,0)<1> 0x0:d\n"
	"    cmp.lt (M1, 8) P1 V0040(0,0)<1;1,0> 0x3:d\n"
	"    cmp.gt (M1, 8) P2 V0040(0,0)<1;1,0> 0x1:d\n";

/* The listing of 'body' after the shared head, finalized for 'code'. */
static char *fin(const char *body, int code)
{
	static char text[8192];
	snprintf(text, sizeof text, "%s%s", head, body);
	return unit_fin_listing(text, code);
}

static char *tgl(const char *body)
{
	return fin(body, VF_PLATFORM_TGLLP);
}

static unsigned count(const char *s, const char *what)
{
	return unit_count(s, what);
}

/* the guard's compare of r0 with itself under the execution mask */
static const char guard_cmp[] =
	"null<1>:uw    r0.0<0;1,0>:uw    r0.0<0;1,0>:uw";

START_TEST(one_divergent_branch_needs_no_guard)
{
	char *a = tgl("    (P1) goto (M1, 8) L1\n"
	              "    add (M1_NM, 1) V0042(0,0)<1> V0042(0,0)<0;1,0> 0x1:d\n"
	              "    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "L1:\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "    ret (M1, 1)\n");
	ck_assert_uint_eq(count(a, guard_cmp), 0);
	ck_assert_ptr_null(strstr(a, "any8h"));
	/* the read-suppression csel before the divergent goto */
	ck_assert_uint_eq(count(a, "csel (4|M0)   (eq)f0.0   r0.0<1>:w"), 1);
	free(a);
}
END_TEST

START_TEST(nested_divergence_guards_nomask_code)
{
	char *a = tgl("    (P1) goto (M1, 8) L1\n"
	              "    (P2) goto (M1, 8) L2\n"
	              "    add (M1_NM, 1) V0042(0,0)<1> V0042(0,0)<0;1,0> 0x1:d\n"
	              "    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "L2:\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x2:d\n"
	              "L1:\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "    ret (M1, 1)\n");
	ck_assert_uint_eq(count(a, guard_cmp), 1);
	ck_assert_ptr_nonnull(strstr(a, "(W)     mov (1|M0)               f"));
	ck_assert_ptr_nonnull(strstr(a, ".any8h) add (1|M0)"));
	ck_assert_uint_eq(count(a, "csel (4|M0)"), 2);
	free(a);
}
END_TEST

START_TEST(block_local_temporary_needs_no_guard)
{
	/* V0043 is defined once and read in its own block only */
	char *a = tgl("    (P1) goto (M1, 8) L1\n"
	              "    (P2) goto (M1, 8) L2\n"
	              "    shl (M1_NM, 1) V0043(0,0)<1> V0042(0,0)<0;1,0> 0x3:d\n"
	              "    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> V0043(0,0)<0;1,0>\n"
	              "L2:\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x2:d\n"
	              "L1:\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "    ret (M1, 1)\n");
	ck_assert_ptr_nonnull(strstr(a, "(W)     shl (1|M0)"));
	ck_assert_uint_eq(count(a, guard_cmp), 0);
	free(a);
}
END_TEST

START_TEST(branch_flag_temporary_needs_no_guard)
{
	/* P3 is written by a NoMask compare and read only by the goto that
	 * ends its block: no guard, no copy of the flag */
	char *a = tgl("    (P1) goto (M1, 8) L1\n"
	              "    (P2) goto (M1, 8) L2\n"
	              "    cmp.lt (M1_NM, 8) P3 V0042(0,0)<0;1,0> 0x4:d\n"
	              "    (P3) goto (M1, 8) L2\n"
	              "    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> 0x1:d\n"
	              "L2:\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x2:d\n"
	              "L1:\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "    ret (M1, 1)\n");
	ck_assert_ptr_nonnull(strstr(a, "(W)     cmp (8|M0)    (lt)"));
	ck_assert_uint_eq(count(a, guard_cmp), 0);
	free(a);
}
END_TEST

START_TEST(loop_with_constant_bounds_does_not_diverge)
{
	char *a = tgl("    mov (M1_NM, 1) V0043(0,0)<1> 0x0:d\n"
	              "L0:\n"
	              "    (P1) goto (M1, 8) L1\n"
	              "    add (M1_NM, 1) V0042(0,0)<1> V0042(0,0)<0;1,0> 0x1:d\n"
	              "    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "L1:\n"
	              "    add (M1_NM, 1) V0043(0,0)<1> V0043(0,0)<0;1,0> 0x1:d\n"
	              "    cmp.lt (M1_NM, 8) P3 V0043(0,0)<0;1,0> 0x4:d\n"
	              "    (P3) goto (M1, 8) L0\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "    ret (M1, 1)\n");
	ck_assert_ptr_nonnull(strstr(a, "while (8|M0)"));
	/* the goto inside the loop is the only divergence: no guard; the
	 * while, alike in every channel, still gets its csel, as in IGC's
	 * binaries */
	ck_assert_uint_eq(count(a, guard_cmp), 0);
	ck_assert_uint_eq(count(a, "csel (4|M0)"), 2);
	free(a);
}
END_TEST

START_TEST(data_dependent_loop_makes_inner_branch_nested)
{
	char *a = tgl("L0:\n"
	              "    (P1) goto (M1, 8) L1\n"
	              "    add (M1_NM, 1) V0042(0,0)<1> V0042(0,0)<0;1,0> 0x1:d\n"
	              "    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "L1:\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x1:d\n"
	              "    cmp.lt (M1, 8) P3 V0041(0,0)<1;1,0> V0040(0,0)<1;1,0>\n"
	              "    (P3) goto (M1, 8) L0\n"
	              "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "    ret (M1, 1)\n");
	ck_assert_uint_eq(count(a, guard_cmp), 1);
	ck_assert_uint_eq(count(a, "csel (4|M0)"), 2);
	free(a);
}
END_TEST

START_TEST(skl_has_neither_workaround)
{
	char *a = fin("    (P1) goto (M1, 8) L1\n"
	              "    (P2) goto (M1, 8) L2\n"
	              "    add (M1_NM, 1) V0042(0,0)<1> V0042(0,0)<0;1,0> 0x1:d\n"
	              "L2:\n"
	              "L1:\n"
	              "    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
	              "    ret (M1, 1)\n", VF_PLATFORM_SKL);
	ck_assert_uint_eq(count(a, guard_cmp), 0);
	ck_assert_ptr_null(strstr(a, "csel"));
	free(a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fin_nomask");
	TCase *t = tcase_create("core");
	tcase_add_test(t, one_divergent_branch_needs_no_guard);
	tcase_add_test(t, nested_divergence_guards_nomask_code);
	tcase_add_test(t, block_local_temporary_needs_no_guard);
	tcase_add_test(t, branch_flag_temporary_needs_no_guard);
	tcase_add_test(t, loop_with_constant_bounds_does_not_diverge);
	tcase_add_test(t, data_dependent_loop_makes_inner_branch_nested);
	tcase_add_test(t, skl_has_neither_workaround);
	suite_add_tcase(s, t);
	return unit_run(s);
}
