/* test_sim_msg.c - guards gensim's messages: untyped surface read/write
 * through a binding table entry (with out-of-bounds reads returning 0),
 * SLM, A64 gather and atomics (old values returned in lane order), oword
 * block write/read through the stateless BTI with a header, scratch
 * block write/read addressed by r0.5, a gateway barrier between two
 * threads, a sampler ld_lz of an RGBA8 image, OpenCL's mirrored-repeat
 * addressing of a normalized sample_lz, typed surface read and write,
 * and the error for a
 * message gensim does not know.  Descriptors are built from the field
 * layout (GEN-FACTS.md 6) and checked against IGC's own (corpus
 * listings); expected memory contents are worked out by hand. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sim_harness.h"
#include "unit.h"

static uint64_t buffer(struct simh *h, unsigned n_ud, unsigned mul,
                       unsigned bti)
{
	uint32_t d[64];
	for (unsigned i = 0; i < n_ud && i < 64; i++)
		d[i] = i * mul;
	uint64_t a;
	ck_assert(sim_alloc(h->c, 4 * n_ud, 64, d, &a, &h->err) == VF_OK);
	if (bti < 240)
		ck_assert(sim_bind_buffer(h->c, bti, a, 4 * n_ud, &h->err) == VF_OK);
	return a;
}

static uint32_t mem_ud(struct simh *h, uint64_t a, unsigned i)
{
	uint32_t v;
	memcpy(&v, sim_host_ptr(h->c, a + 4 * i, 4), 4);
	return v;
}

START_TEST(untyped_and_slm)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "mov (8|M0) r10.0<1>:d r1.0<8;8,1>:uw\n"
	    "shl (8|M0) r10.0<1>:d r10.0<8;8,1>:d 2:w\n"
	    "send (8|M0) r12:ud r10 0xC 0x02106E01\n"
	    "mov (8|M0) r14.0<1>:d r10.0<8;8,1>:d\n"
	    "add (8|M0) r15.0<1>:d r12.0<8;8,1>:d 1:w\n"
	    "send (8|M0) null r14 0xC 0x04026E01\n"
	    "add (8|M0) r16.0<1>:d r10.0<8;8,1>:d 0x3C:w\n"
	    "send (8|M0) r17:ud r16 0xC 0x02106E01\n"
	    "send (8|M0) null r14 0xC 0x04026EFE\n"
	    "add (8|M0) r18.0<1>:d -r10.0<8;8,1>:d 0x1C:w\n"
	    "send (8|M0) r19:ud r18 0xC 0x02106EFE\n");
	uint64_t a = buffer(&h, 16, 10, 1);
	h.l.slm_size = 64;
	simh_run_ok(&h);
	ck_assert_uint_eq(mem_ud(&h, a, 3), 31);           /* 3*10 + 1 */
	ck_assert_uint_eq(mem_ud(&h, a, 8), 80);           /* untouched */
	ck_assert_uint_eq(simh_ud(&h, 17, 0), 150);        /* index 15 */
	ck_assert_uint_eq(simh_ud(&h, 17, 1), 0);          /* past the end */
	ck_assert_uint_eq(simh_ud(&h, 19, 0), 71);         /* SLM reversed */
	simh_free(&h);
}
END_TEST

START_TEST(a64_gather_atomic)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "mov (8|M0) r10.0<1>:d r1.0<8;8,1>:uw\n"
	    "shl (8|M0) r10.0<1>:d r10.0<8;8,1>:d 2:w\n"
	    "add (8|M0) r20.0<1>:q r4.0<0;1,0>:q r10.0<8;8,1>:ud\n"
	    "send (8|M0) r22:ud r20 0xC 0x041401FF\n"
	    "mov (8|M0) r30.0<1>:q r4.1<0;1,0>:q\n"
	    "add (8|M0) r32.0<1>:d r1.0<8;8,1>:uw 1:w\n"
	    "send (8|M0) r34:ud r30 0xC 0x0614A7FF\n");
	uint64_t a = buffer(&h, 16, 3, 240), b = buffer(&h, 1, 0, 240);
	memcpy(sim_host_ptr(h.c, b, 4), &(uint32_t){ 10 }, 4);
	simh_set_uq(&h, 0, a);
	simh_set_uq(&h, 8, b);
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 22, 5), 15);
	ck_assert_uint_eq(simh_ud(&h, 34, 0), 10);
	ck_assert_uint_eq(simh_ud(&h, 34, 3), 16);         /* 10+1+2+3 */
	ck_assert_uint_eq(mem_ud(&h, b, 0), 46);           /* 10 + 36 */
	simh_free(&h);
}
END_TEST

START_TEST(block_and_scratch)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "(W) mov (8|M0) r30.0<1>:ud 0x0:ud\n"
	    "(W) shr (1|M0) r30.2<1>:ud r4.0<0;1,0>:ud 4:w\n"
	    "(W) mov (8|M0) r31.0<1>:d r1.0<8;8,1>:uw\n"
	    "(W) send (8|M0) null r30 0xA 0x040A02FF\n"
	    "(W) add (1|M0) r30.2<1>:ud r30.2<0;1,0>:ud 1:w\n"
	    "(W) send (8|M0) r32:ud r30 0xA 0x021802FF\n"
	    "(W) mov (8|M0) r40.0<1>:ud r0.0<8;8,1>:ud\n"
	    "(W) add (8|M0) r41.0<1>:d r1.0<8;8,1>:uw 50:w\n"
	    "(W) send (8|M0) null r40 0xA 0x040E0003\n"
	    "(W) send (8|M0) r42:ud r40 0xA 0x021C0003\n");
	uint64_t a = buffer(&h, 16, 0, 240);
	simh_set_uq(&h, 0, a);
	h.l.scratch_per_thread = 1024;
	simh_run_ok(&h);
	ck_assert_uint_eq(mem_ud(&h, a, 7), 7);
	ck_assert_uint_eq(simh_ud(&h, 32, 0), 4);          /* oword 1 */
	ck_assert_uint_eq(simh_ud(&h, 32, 3), 7);
	ck_assert_uint_eq(simh_ud(&h, 42, 6), 56);
	simh_free(&h);
}
END_TEST

/* A block running past the end of a bound buffer: the in-bounds dwords
 * are read (the rest are 0) and written (the rest dropped).  IGC reads a
 * 384-byte constant buffer with 8-oword blocks, the last 32 bytes past
 * its end, and its kernels need the in-bounds data (docs/gensim.md
 * "Messages"). */
START_TEST(block_partly_out_of_bounds)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "(W) mov (8|M0) r30.0<1>:ud 0x0:ud\n"
	    "(W) mov (16|M0) r52.0<1>:ud 0xDEAD:ud\n"
	    "(W) mov (1|M0) r30.2<1>:ud 0x2:ud\n"
	    "(W) send (16|M0) r50:uw r30 0xA 0x02480401\n"
	    "(W) mov (1|M0) r30.2<1>:ud 0x5:ud\n"
	    "(W) add (8|M0) r31.0<1>:d r1.0<8;8,1>:uw 100:w\n"
	    "(W) send (8|M0) null r30 0xA 0x040A0201\n");
	uint64_t a = buffer(&h, 24, 3, 1);
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud(&h, 50, 0), 24);         /* dword 8 */
	ck_assert_uint_eq(simh_ud(&h, 51, 7), 69);         /* dword 23, last */
	ck_assert_uint_eq(simh_ud(&h, 52, 0), 0);          /* past the end */
	ck_assert_uint_eq(simh_ud(&h, 53, 7), 0);
	ck_assert_uint_eq(mem_ud(&h, a, 19), 57);          /* before the write */
	ck_assert_uint_eq(mem_ud(&h, a, 20), 100);         /* in bounds */
	ck_assert_uint_eq(mem_ud(&h, a, 23), 103);
	simh_free(&h);
}
END_TEST

START_TEST(barrier_two_threads)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 2,
	    "(W) and (1|M0) r9.0<1>:ud r0.5<0;1,0>:ud 0x3FF:ud\n"
	    "mov (8|M0) r10.0<1>:d r1.0<8;8,1>:uw\n"
	    "shl (8|M0) r10.0<1>:d r10.0<8;8,1>:d 2:w\n"
	    "mov (8|M0) r14.0<1>:d r10.0<8;8,1>:d\n"
	    "add (8|M0) r15.0<1>:d r9.0<0;1,0>:d 1:w\n"
	    "send (8|M0) null r14 0xC 0x04026EFE\n"
	    "(W) and (8|M0) r3.0<1>:ud r0.2<0;1,0>:ud 0x8F000000:ud\n"
	    "(W) send (1|M0) null r3 0x3 0x02000004\n"
	    "(W) wait n0.0<0;1,0>:ud\n"
	    "xor (8|M0) r16.0<1>:d r10.0<8;8,1>:d 32:w\n"
	    "send (8|M0) r17:ud r16 0xC 0x02106EFE\n");
	h.l.slm_size = 64;
	simh_run_ok(&h);
	ck_assert_uint_eq(simh_ud_t(&h, 0, 17, 3), 2);     /* thread 1's */
	ck_assert_uint_eq(simh_ud_t(&h, 1, 17, 3), 1);     /* thread 0's */
	simh_free(&h);
}
END_TEST

START_TEST(sampler_ld)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "mov (8|M0) r48.0<1>:d 1:w\n"
	    "mov (8|M0) r49.0<1>:d 2:w\n"
	    "send (8|M0) r50:f r48 0x2 0x0443A002\n");
	uint8_t img[4 * 4 * 4] = { 0 };
	memcpy(img + (2 * 4 + 1) * 4, (uint8_t[]){ 51, 102, 0, 255 }, 4);
	uint64_t a;
	ck_assert(sim_alloc(h.c, sizeof(img), 64, img, &a, &h.err) == VF_OK);
	struct sim_image_desc d = { 4, 4, 1, 16, 64, SIM_ORDER_RGBA,
	                            SIM_CT_UNORM8 };
	ck_assert(sim_bind_image(h.c, 2, a, &d, &h.err) == VF_OK);
	simh_run_ok(&h);
	ck_assert_float_eq(simh_f(&h, 50, 0), 0.2f);       /* 51/255 */
	ck_assert_float_eq(simh_f(&h, 51, 7), 0.4f);
	ck_assert_float_eq(simh_f(&h, 53, 1), 1.0f);
	simh_free(&h);
}
END_TEST

/* sample_lz, normalized coordinates, mirrored repeat, nearest: OpenCL 1.2
 * section 8.2 gives texels 3 2 1 0 1 2 3 3 for u = -0.75 .. 1.0 */
START_TEST(sampler_mirrored_repeat)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "mov (8|M0) r48.0<1>:f r1.0<8;8,1>:uw\n"
	    "mad (8|M0) r48.0<1>:f r4.0<0;0>:f r48.0<2;1>:f r4.1<0>:f\n"
	    "mov (8|M0) r49.0<1>:f 0.1:f\n"
	    "send (8|M0) r50:f r48 0x2 0x04438002\n");
	uint8_t img[4 * 4 * 4];
	for (unsigned i = 0; i < 16; i++)
		memcpy(img + 4 * i, (uint8_t[]){ (uint8_t)(50 * (i % 4)), 0, 0, 255 }, 4);
	uint64_t a;
	ck_assert(sim_alloc(h.c, sizeof(img), 64, img, &a, &h.err) == VF_OK);
	struct sim_image_desc d = { 4, 4, 1, 16, 64, SIM_ORDER_RGBA,
	                            SIM_CT_UNORM8 };
	ck_assert(sim_bind_image(h.c, 2, a, &d, &h.err) == VF_OK);
	sim_set_sampler(h.c, 0, &(struct sim_sampler_desc){ true, false,
	                SIM_ADDR_MIRRORED_REPEAT });
	simh_set_f(&h, 0, -0.75f);
	simh_set_f(&h, 4, 0.25f);
	simh_run_ok(&h);
	static const unsigned x[8] = { 3, 2, 1, 0, 1, 2, 3, 3 };
	for (unsigned i = 0; i < 8; i++)
		ck_assert_float_eq(simh_f(&h, 50, i), (float)(50 * x[i]) / 255.0f);
	simh_free(&h);
}
END_TEST

/* typed read (u, v) and typed write (u, v, xyzw) of an RGBA float
 * image, SIMD8, no header: lane i moves texel (i, 1) to (i, 2) doubled */
START_TEST(typed_read_write)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "mov (8|M0) r20.0<1>:d r1.0<8;8,1>:uw\n"
	    "mov (8|M0) r21.0<1>:d 1:w\n"
	    "send (8|M0) r30:ud r20 0xC 0x04415003\n"
	    "mov (8|M0) r40.0<1>:d r20.0<8;8,1>:d\n"
	    "mov (8|M0) r41.0<1>:d 2:w\n"
	    "add (8|M0) r42.0<1>:f r30.0<8;8,1>:f r30.0<8;8,1>:f\n"
	    "add (8|M0) r43.0<1>:f r31.0<8;8,1>:f r31.0<8;8,1>:f\n"
	    "add (8|M0) r44.0<1>:f r32.0<8;8,1>:f r32.0<8;8,1>:f\n"
	    "add (8|M0) r45.0<1>:f r33.0<8;8,1>:f r33.0<8;8,1>:f\n"
	    "send (8|M0) null r40 0xC 0x0C035003\n");
	float img[8 * 4 * 4] = { 0 };
	for (unsigned x = 0; x < 8; x++)
		for (unsigned k = 0; k < 4; k++)
			img[(8 + x) * 4 + k] = (float)(x * 10 + k);
	uint64_t a;
	ck_assert(sim_alloc(h.c, sizeof(img), 64, img, &a, &h.err) == VF_OK);
	struct sim_image_desc d = { 8, 4, 1, 128, 512, SIM_ORDER_RGBA,
	                            SIM_CT_FLOAT };
	ck_assert(sim_bind_image(h.c, 3, a, &d, &h.err) == VF_OK);
	simh_run_ok(&h);
	const float *m = sim_host_ptr(h.c, a, sizeof(img));
	ck_assert_float_eq(m[(16 + 5) * 4 + 2], 2.0f * 52.0f);
	ck_assert_float_eq(m[(16 + 7) * 4 + 3], 2.0f * 73.0f);
	ck_assert_float_eq(m[(24 + 0) * 4 + 0], 0.0f);       /* row 3 intact */
	simh_free(&h);
}
END_TEST

START_TEST(unknown_message)
{
	struct simh h;
	simh_load_ok(&h, "skl", 8, 1,
	    "send (8|M0) r12:ud r10 0x5 0x02106E01\n");
	ck_assert_int_eq(simh_run(&h), VF_ERR_UNSUPPORTED);
	ck_assert_ptr_nonnull(strstr(h.err.msg, "SFID 5"));
	ck_assert_ptr_nonnull(strstr(h.err.msg, "0x02106E01"));
	simh_free(&h);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sim_msg");
	TCase *tc = tcase_create("msg");
	tcase_add_test(tc, untyped_and_slm);
	tcase_add_test(tc, a64_gather_atomic);
	tcase_add_test(tc, block_and_scratch);
	tcase_add_test(tc, block_partly_out_of_bounds);
	tcase_add_test(tc, barrier_two_threads);
	tcase_add_test(tc, sampler_ld);
	tcase_add_test(tc, sampler_mirrored_repeat);
	tcase_add_test(tc, typed_read_write);
	tcase_add_test(tc, unknown_message);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
