/* test_fin_ra.c - guards register allocation: with more live values than
 * the 128 GRFs hold the kernel still finalizes, spills through scratch
 * block messages whose offsets all lie at or above the kernel's
 * SpillMemOffset, reports the spill size, and passes the allocation
 * check (no two live values share a register byte); more live predicates
 * than the four flag registers hold are kept in general registers. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "unit.h"

static enum vf_status fin(const struct unit_text *t, struct vf_kernel_result *r,
                          struct vf_error *e)
{
	return unit_finalize(t->s, VF_PLATFORM_SKL, r, e);
}

/* n SIMD16 float vectors (two GRFs each), all live, then summed.  With
 * 'label' a label between the definitions and the sum keeps the pre-RA
 * scheduler (finalizer/schedule.c) from interleaving them, so all n are
 * live at once; without it the scheduler may sum each one as it is made. */
static void pressure_kernel(struct unit_text *t, unsigned n, unsigned spill_at,
                            bool label)
{
	unit_add(t, ".version 4.1\n.kernel \"k\"\n");
	for (unsigned i = 0; i <= n; i++)
		unit_add(t, ".decl V%04u v_type=G type=f num_elts=16 align=hword\n",
		    100 + i);
	unit_add(t, ".kernel_attr SimdSize=16\n.kernel_attr SpillMemOffset=%u\n",
	    spill_at);
	unit_add(t, ".function \"_main_0\"\n_main_0:\n");
	/* each from the one before (an add: copy propagation would forward
	 * immediate movs into the adds below and leave no pressure) */
	unit_add(t, "    mov (M1, 16) V0100(0,0)<1> 0x3f800000:f\n");
	for (unsigned i = 1; i < n; i++)
		unit_add(t, "    add (M1, 16) V%04u(0,0)<1> V%04u(0,0)<1;1,0> 0x%x:f\n",
		    100 + i, 99 + i, 0x3f800000u + (i << 16));
	if (label)
		unit_add(t, "SUM:\n");
	unit_add(t, "    mov (M1, 16) V%04u(0,0)<1> V0100(0,0)<1;1,0>\n", 100 + n);
	for (unsigned i = 1; i < n; i++)
		unit_add(t, "    add (M1, 16) V%04u(0,0)<1> V%04u(0,0)<1;1,0> "
		    "V%04u(0,0)<1;1,0>\n", 100 + n, 100 + n, 100 + i);
	unit_add(t, "    ret (M1, 1)\n");
}

START_TEST(spills_land_at_spill_mem_offset)
{
	struct unit_text t = { 0 };
	pressure_kernel(&t, 90, 4096, true);
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	ck_assert_msg(fin(&t, &r, &e) == VF_OK, "%s", e.msg);
	ck_assert_uint_gt(r.spill_size, 0);
	ck_assert_uint_ge(r.scratch_size, 4096 + r.spill_size);
	const struct plat_info *p = plat_by_name("skl");
	unsigned scratch = 0;
	for (size_t pc = 0; pc < r.code_size;) {
		struct gen_inst g;
		struct vf_error de = { 0 };
		ck_assert_int_eq(gen_decode(p, r.code, r.code_size, pc, "k", &g,
		                            &de), VF_OK);
		bool block = g.sfid == 10 && !g.desc.is_reg &&
		             ((g.desc.imm >> 18) & 1);
		if ((g.op == GEN_OP_SEND || g.op == GEN_OP_SENDS) && block) {
			scratch++;
			ck_assert_uint_ge((g.desc.imm & 0xFFF) * 32, 4096);
			ck_assert_uint_lt((g.desc.imm & 0xFFF) * 32,
			                  4096 + r.spill_size);
		}
		pc += g.length;
	}
	ck_assert_uint_gt(scratch, 0);
	vf_kernel_result_clear(&r);
	free(t.s);
}
END_TEST

/* pressure_kernel(n, spill_at, label) finalizes without a spill. */
static void fits_without_spills(unsigned n, unsigned spill_at, bool label)
{
	struct unit_text t = { 0 };
	pressure_kernel(&t, n, spill_at, label);
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	ck_assert_msg(fin(&t, &r, &e) == VF_OK, "%s", e.msg);
	ck_assert_uint_eq(r.spill_size, 0);
	ck_assert_uint_le(r.grf_used, 128);
	vf_kernel_result_clear(&r);
	free(t.s);
}

START_TEST(fits_without_spills_when_registers_suffice)
{
	fits_without_spills(40, 0, true);
}
END_TEST

/* The same 90 vectors (180 GRFs in the vISA order) in one block: the
 * scheduler sums each as soon as it is made and nothing spills. */
START_TEST(scheduler_removes_spills_of_straight_line_code)
{
	fits_without_spills(90, 4096, false);
}
END_TEST

START_TEST(many_live_predicates)
{
	struct unit_text t = { 0 };
	unit_add(&t, ".version 4.1\n.kernel \"k\"\n"
	    ".decl V0040 v_type=G type=d num_elts=16 align=hword\n"
	    ".decl V0041 v_type=G type=d num_elts=16 align=hword\n"
	    ".input V0040 offset=32 size=64\n");
	for (unsigned i = 1; i <= 10; i++)
		unit_add(&t, ".decl P%u v_type=P num_elts=16\n", i);
	unit_add(&t, ".kernel_attr SimdSize=16\n.function \"_main_0\"\n_main_0:\n"
	    "    mov (M1, 16) V0041(0,0)<1> 0x0:d\n");
	for (unsigned i = 1; i <= 10; i++)
		unit_add(&t, "    cmp.lt (M1, 16) P%u V0040(0,0)<1;1,0> 0x%x:d\n", i, i);
	for (unsigned i = 1; i <= 10; i++)
		unit_add(&t, "    (P%u) add (M1, 16) V0041(0,0)<1> V0041(0,0)<1;1,0> "
		    "0x1:d\n", i);
	unit_add(&t, "    ret (M1, 1)\n");
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	ck_assert_msg(fin(&t, &r, &e) == VF_OK, "%s", e.msg);
	vf_kernel_result_clear(&r);
	free(t.s);
}
END_TEST

/* Three 42-GRF private arrays written and read through a0 one after the
 * other: an indirect access touches only the array its address points
 * into, so they never need 126 GRFs at once (regalloc/addr_targets.c). */
START_TEST(indirect_arrays_in_turn_fit)
{
	struct unit_text t = { 0 };
	unit_add(&t, ".version 4.1\n.kernel \"k\"\n"
	    ".decl V0040 v_type=G type=uw num_elts=16 align=hword\n"
	    ".decl V0041 v_type=G type=f num_elts=16 align=hword\n");
	for (unsigned a = 0; a < 3; a++)
		unit_add(&t, ".decl V%04u v_type=G type=f num_elts=336 align=hword\n"
		    ".decl A%u v_type=A num_elts=16\n", 50 + a, a);
	unit_add(&t, ".input V0040 offset=32 size=32\n"
	    ".kernel_attr SimdSize=16\n.function \"_main_0\"\n_main_0:\n"
	    "    mov (M1, 16) V0041(0,0)<1> 0x0:f\n");
	for (unsigned a = 0; a < 3; a++) {
		for (unsigned row = 0; row < 42; row += 2)
			unit_add(&t, "    add (M1, 16) V%04u(%u,0)<1> V0041(0,0)<1;1,0> "
			    "0x%x:f\n", 50 + a, row, 0x3f800000u + (row << 16));
		unit_add(&t, "    addr_add (M1, 16) A%u(0)<1> &V%04u V0040(0,0)<1;1,0>\n"
		    "    add (M1, 16) V0041(0,0)<1> V0041(0,0)<1;1,0> "
		    "r[A%u(0),0]<1,0>:f\n", a, 50 + a, a);
	}
	unit_add(&t, "    ret (M1, 1)\n");
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	ck_assert_msg(fin(&t, &r, &e) == VF_OK, "%s", e.msg);
	ck_assert_uint_eq(r.spill_size, 0);
	vf_kernel_result_clear(&r);
	free(t.s);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("fin_ra");
	TCase *t = tcase_create("regalloc");
	tcase_set_timeout(t, 60);
	tcase_add_test(t, spills_land_at_spill_mem_offset);
	tcase_add_test(t, fits_without_spills_when_registers_suffice);
	tcase_add_test(t, scheduler_removes_spills_of_straight_line_code);
	tcase_add_test(t, many_live_predicates);
	tcase_add_test(t, indirect_arrays_in_turn_fit);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
