/* test_gen_file.c - guards the .gen file (lib/elf.c): results written with
 * vf_gen_write read back with vf_gen_read field for field (code, metadata,
 * input layout, relocations, several kernels sharing a relocation
 * symbol), also for a kernel the finalizer made; the writer refuses
 * results it cannot describe; the reader turns every truncation of a
 * valid file and every corrupted byte of its metadata into an input error
 * or a valid result, never a crash. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visafin.h"
#include "unit.h"

static uint8_t code_a[48], code_b[32];
static struct vf_code_reloc relocs_a[] = {
	{ 8, "table_one", VF_RELOC_ADDR }, { 24, "table_two", VF_RELOC_ADDR32_HI },
};
static struct vf_code_reloc relocs_b[] = { { 16, "table_one", VF_RELOC_ADDR } };
static struct vf_kernel_input inputs_a[] = {
	{ 0, 40, 32, 32 }, { 2, 7, 0, 4 }, { 0x18, 41, 160, 8 },
};

/* Two kernels with every field set to something distinct. */
static void sample(struct vf_kernel_result r[2])
{
	for (size_t i = 0; i < sizeof code_a; i++)
		code_a[i] = (uint8_t)(i * 7 + 1);
	for (size_t i = 0; i < sizeof code_b; i++)
		code_b[i] = (uint8_t)(255 - i);
	memset(r, 0, 2 * sizeof *r);
	r[0] = (struct vf_kernel_result){
		.name = "first", .platform = VF_PLATFORM_SKL, .code = code_a,
		.code_size = sizeof code_a, .simd_size = 16, .grf_count = 128,
		.grf_used = 37, .spill_size = 256, .scratch_size = 4352,
		.slm_size = 1024, .uses_barrier = 1, .per_thread_payload = 96,
		.cross_thread_payload = 84, .relocs = relocs_a, .reloc_count = 2,
		.inputs = inputs_a, .input_count = 3 };
	r[1] = (struct vf_kernel_result){
		.name = "second_kernel", .platform = VF_PLATFORM_SKL,
		.code = code_b, .code_size = sizeof code_b, .simd_size = 32,
		.grf_count = 128, .grf_used = 5, .per_thread_payload = 192,
		.relocs = relocs_b, .reloc_count = 1 };
}

static void same(const struct vf_kernel_result *a,
                 const struct vf_kernel_result *b)
{
	ck_assert_str_eq(a->name, b->name);
	ck_assert_int_eq(a->platform, b->platform);
	ck_assert_uint_eq(a->code_size, b->code_size);
	ck_assert_mem_eq(a->code, b->code, a->code_size);
	ck_assert_uint_eq(a->simd_size, b->simd_size);
	ck_assert_uint_eq(a->grf_count, b->grf_count);
	ck_assert_uint_eq(a->grf_used, b->grf_used);
	ck_assert_uint_eq(a->spill_size, b->spill_size);
	ck_assert_uint_eq(a->scratch_size, b->scratch_size);
	ck_assert_uint_eq(a->slm_size, b->slm_size);
	ck_assert_int_eq(a->uses_barrier != 0, b->uses_barrier != 0);
	ck_assert_uint_eq(a->per_thread_payload, b->per_thread_payload);
	ck_assert_uint_eq(a->cross_thread_payload, b->cross_thread_payload);
	ck_assert_uint_eq(a->reloc_count, b->reloc_count);
	for (size_t i = 0; i < a->reloc_count; i++) {
		ck_assert_uint_eq(a->relocs[i].offset, b->relocs[i].offset);
		ck_assert_str_eq(a->relocs[i].symbol, b->relocs[i].symbol);
		ck_assert_uint_eq(a->relocs[i].type, b->relocs[i].type);
	}
	ck_assert_uint_eq(a->input_count, b->input_count);
	for (size_t i = 0; i < a->input_count; i++) {
		ck_assert_uint_eq(a->inputs[i].kind, b->inputs[i].kind);
		ck_assert_uint_eq(a->inputs[i].id, b->inputs[i].id);
		ck_assert_int_eq(a->inputs[i].offset, b->inputs[i].offset);
		ck_assert_uint_eq(a->inputs[i].size, b->inputs[i].size);
	}
}

static void write_ok(const struct vf_kernel_result *r, size_t n,
                     uint8_t **img, size_t *size)
{
	struct vf_error e = { 0 };
	ck_assert_msg(vf_gen_write(r, n, img, size, &e) == VF_OK, "%s", e.msg);
	ck_assert_uint_gt(*size, 64);
	ck_assert_mem_eq(*img, "\177ELF", 4);
}

START_TEST(round_trip_two_kernels)
{
	struct vf_kernel_result r[2], *back = NULL;
	sample(r);
	uint8_t *img;
	size_t size, n = 0;
	write_ok(r, 2, &img, &size);
	struct vf_error e = { 0 };
	ck_assert_msg(vf_gen_read(img, size, "t.gen", &back, &n, &e) == VF_OK,
	              "%s", e.msg);
	ck_assert_uint_eq(n, 2);
	same(&r[0], &back[0]);
	same(&r[1], &back[1]);
	vf_kernel_results_free(back, n);
	free(img);
}
END_TEST

static const char saxpy[] =
	".version 4.1\n.kernel \"saxpy\"\n"
	".decl V0040 v_type=G type=f num_elts=8 align=hword\n"
	".decl V0041 v_type=G type=f num_elts=1 align=dword\n"
	".decl V0042 v_type=G type=f num_elts=8 align=hword\n"
	".input V0040 offset=32 size=32\n.input V0041 offset=64 size=4\n"
	".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
	"    mad (M1, 8) V0042(0,0)<1> V0040(0,0)<1;1,0> V0041(0,0)<0;1,0> "
	"V0040(0,0)<1;1,0>\n"
	"    ret (M1, 1)\n";

START_TEST(round_trip_finalized_kernel)
{
	struct vf_error e = { 0 };
	struct vf_kernel_result r, *back = NULL;
	ck_assert_msg(unit_finalize(saxpy, VF_PLATFORM_SKL, &r, &e) == VF_OK,
	              "%s", e.msg);
	ck_assert_uint_eq(r.input_count, 2);
	ck_assert_int_eq(r.inputs[1].offset, 64);
	uint8_t *img;
	size_t size, n = 0;
	write_ok(&r, 1, &img, &size);
	ck_assert_msg(vf_gen_read(img, size, "k.gen", &back, &n, &e) == VF_OK,
	              "%s", e.msg);
	ck_assert_uint_eq(n, 1);
	same(&r, &back[0]);
	vf_kernel_results_free(back, n);
	vf_kernel_result_clear(&r);
	free(img);
}
END_TEST

START_TEST(writer_refuses)
{
	struct vf_kernel_result r[2];
	uint8_t *img = NULL;
	size_t size = 0;
	struct vf_error e = { 0 };
	sample(r);
	ck_assert_int_eq(vf_gen_write(r, 0, &img, &size, &e), VF_ERR_INPUT);
	r[1].platform = VF_PLATFORM_BDW;
	ck_assert_int_eq(vf_gen_write(r, 2, &img, &size, &e), VF_ERR_INPUT);
	sample(r);
	r[1].name = "";
	ck_assert_int_eq(vf_gen_write(r, 2, &img, &size, &e), VF_ERR_INPUT);
	sample(r);
	r[0].code_size = 0;
	ck_assert_int_eq(vf_gen_write(r, 2, &img, &size, &e), VF_ERR_INPUT);
	ck_assert_ptr_null(img);
}
END_TEST

/* Read 'img' and expect an input error or a complete result. */
static void read_safely(const uint8_t *img, size_t size)
{
	struct vf_kernel_result *back = (void *)1;
	size_t n = 99;
	struct vf_error e = { 0 };
	enum vf_status st = vf_gen_read(img, size, "bad.gen", &back, &n, &e);
	if (st == VF_OK) {
		ck_assert_uint_eq(n, 2);
		vf_kernel_results_free(back, n);
		return;
	}
	ck_assert_int_eq(st, VF_ERR_INPUT);
	ck_assert_ptr_null(back);
	ck_assert_uint_eq(n, 0);
	ck_assert_ptr_nonnull(strstr(e.msg, "bad.gen"));
}

START_TEST(truncated_files_are_input_errors)
{
	struct vf_kernel_result r[2];
	sample(r);
	uint8_t *img;
	size_t size;
	write_ok(r, 2, &img, &size);
	for (size_t cut = 0; cut < size; cut++) {
		struct vf_kernel_result *back = NULL;
		size_t n = 0;
		struct vf_error e = { 0 };
		ck_assert_int_eq(vf_gen_read(img, cut, "cut.gen", &back, &n, &e),
		                 VF_ERR_INPUT);
	}
	free(img);
}
END_TEST

START_TEST(corrupted_bytes_never_crash)
{
	struct vf_kernel_result r[2];
	sample(r);
	uint8_t *img;
	size_t size;
	write_ok(r, 2, &img, &size);
	uint8_t *bad = malloc(size);
	ck_assert_ptr_nonnull(bad);
	for (size_t i = 0; i < size; i++) {
		static const uint8_t vals[] = { 0x00, 0xFF, 0x7F, 0x80, 0x01 };
		for (size_t v = 0; v < sizeof vals; v++) {
			memcpy(bad, img, size);
			if (bad[i] == vals[v])
				continue;
			bad[i] = vals[v];
			read_safely(bad, size);
		}
	}
	memcpy(bad, "not an ELF file at all", 22);
	read_safely(bad, 22);
	free(bad);
	free(img);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gen_file");
	TCase *t = tcase_create("gen_file");
	tcase_set_timeout(t, 120);
	tcase_add_test(t, round_trip_two_kernels);
	tcase_add_test(t, round_trip_finalized_kernel);
	tcase_add_test(t, writer_refuses);
	tcase_add_test(t, truncated_files_are_input_errors);
	tcase_add_test(t, corrupted_bytes_never_crash);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
