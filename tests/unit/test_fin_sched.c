/* test_fin_sched.c - guards finalizer/schedule.c's second thread: a
 * kernel whose windows the scheduler reorders (values all defined
 * before any is used, in groups, so that the pressure model asks for a
 * new order in several windows) finalizes to the same bytes when the
 * later windows are scheduled on a worker thread as when every window
 * is scheduled on the calling thread; the worker did schedule windows
 * and some new order was kept (else the comparison would prove
 * nothing). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "visafin.h"
#include "unit.h"

void ir_schedule_threads(unsigned n);
void ir_schedule_last(unsigned *worker_windows, unsigned *kept);

#define LIVE 96
#define GROUPS 6

/* 'groups' groups of LIVE SIMD16 floats: all defined, all scaled, then
 * summed (tests/fin/gen_sched_straight.py, its compile-time shape). */
static char *kernel_text(unsigned groups)
{
	size_t cap = 4096 + (size_t)groups * LIVE * 512;
	char *t = malloc(cap);
	ck_assert_ptr_nonnull(t);
	size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(t + n, cap - n, __VA_ARGS__))
	PUT(".version 4.1\n.kernel \"sched\"\n"
	    ".decl X v_type=G type=f num_elts=16 align=hword\n"
	    ".decl S v_type=G type=f num_elts=16 align=hword\n"
	    ".decl IN v_type=G type=uq num_elts=1 align=qword\n"
	    ".decl OUT v_type=G type=uq num_elts=1 align=qword\n");
	for (unsigned g = 0; g < groups; g++)
		for (unsigned i = 0; i < LIVE; i++)
			PUT(".decl A%u_%u v_type=G type=f num_elts=16 align=hword\n",
			    i, g);
	PUT(".input IN offset=64 size=8\n.input OUT offset=72 size=8\n"
	    ".kernel_attr SimdSize=16\n.function \"_main_0\"\n_main_0:\n"
	    "    svm_block_ld (4) IN(0,0)<0;1,0> X.0\n");
	for (unsigned g = 0; g < groups; g++) {
		for (unsigned i = 0; i < LIVE; i++)
			PUT("    add (M1, 16) A%u_%u(0,0)<1> X(0,0)<1;1,0> 0x%x:f\n",
			    i, g, 0x3f800000u + ((i + g) << 16));
		for (unsigned i = 0; i < LIVE; i++)
			PUT("    mul (M1, 16) A%u_%u(0,0)<1> A%u_%u(0,0)<1;1,0> "
			    "0x40400000:f\n", i, g, i, g);
		PUT("    mov (M1, 16) S(0,0)<1> A0_%u(0,0)<1;1,0>\n", g);
		for (unsigned i = 1; i < LIVE; i++)
			PUT("    add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> "
			    "A%u_%u(0,0)<1;1,0>\n", i, g);
		if (g)
			PUT("    add (M1_NM, 1) OUT(0,0)<1> OUT(0,0)<0;1,0> 0x40:uq\n");
		PUT("    svm_block_st (4) OUT(0,0)<0;1,0> S.0\n");
	}
	PUT("    ret (M1, 1)\n");
#undef PUT
	ck_assert_uint_lt(n, cap);
	return t;
}

/* The kernel's code finalized with 'threads' scheduler threads. */
static uint8_t *code_with(const char *text, unsigned threads, size_t *size,
                          unsigned *worker, unsigned *kept)
{
	struct vf_kernel_result r;
	struct vf_error e;
	memset(&e, 0, sizeof e);
	ir_schedule_threads(threads);
	enum vf_status st = unit_finalize(text, VF_PLATFORM_SKL, &r, &e);
	ir_schedule_threads(0);
	ck_assert_msg(st == VF_OK, "%s", e.msg);
	ir_schedule_last(worker, kept);
	uint8_t *c = malloc(r.code_size ? r.code_size : 1);
	ck_assert_ptr_nonnull(c);
	memcpy(c, r.code, r.code_size);
	*size = r.code_size;
	vf_kernel_result_clear(&r);
	return c;
}

START_TEST(threaded_schedule_same_code)
{
	char *text = kernel_text(GROUPS);
	size_t n1, n2;
	unsigned w1, k1, w2, k2;
	uint8_t *serial = code_with(text, 1, &n1, &w1, &k1);
	uint8_t *threaded = code_with(text, 2, &n2, &w2, &k2);
	ck_assert_uint_eq(w1, 0);
	ck_assert_msg(w2 > 0, "no window scheduled on the worker");
	ck_assert_msg(k1 > 1, "%u windows reordered", k1);
	ck_assert_uint_eq(k1, k2);
	ck_assert_uint_eq(n1, n2);
	ck_assert_msg(memcmp(serial, threaded, n1) == 0,
	              "threaded scheduling changed the code");
	free(serial);
	free(threaded);
	free(text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fin_sched");
	TCase *c = tcase_create("threads");
	tcase_set_timeout(c, 60);
	tcase_add_test(c, threaded_schedule_same_code);
	suite_add_tcase(s, c);
	return unit_run(s);
}
