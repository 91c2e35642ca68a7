/* test_model.c - guards the object container: a hand-built module writes
 * and reads back with the same fields and bytes; every truncation and byte
 * flip of a real object gives a clean input error (never a crash); Gen
 * binary edits keep the object consistent. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "visa_model.h"
#include "visafin.h"
#include "unit.h"

static struct vf_module *build_module(void)
{
	struct vf_module *m = vf_module_new();
	struct vf_arena *a = m->arena;
	m->kernel_count = 1;
	m->kernels = vf_arena_array(a, 1, sizeof *m->kernels);
	struct vf_kernel_info *k = &m->kernels[0];
	k->name = vf_arena_strdup(a, "k");
	struct vf_routine *r = &k->body;
	r->is_kernel = true;
	vf_routine_add_string(a, r, "");
	r->name_index = vf_routine_add_string(a, r, "k");
	uint32_t vname = vf_routine_add_string(a, r, "V32");
	uint32_t attr = vf_routine_add_string(a, r, "SimdSize");
	r->var_count = 1;
	r->vars = vf_arena_array(a, 1, sizeof *r->vars);
	r->vars[0] = (struct vf_var){.name = vname, .bit_properties = 0x51,
	                             .num_elements = 8};
	r->input_count = 1;
	r->inputs = vf_arena_array(a, 1, sizeof *r->inputs);
	r->inputs[0] = (struct vf_input){.id = 32, .offset = 32, .size = 32};
	r->attrs.count = 1;
	r->attrs.items = vf_arena_array(a, 1, sizeof *r->attrs.items);
	uint8_t v8 = 8;
	r->attrs.items[0] = (struct vf_attr){.name = attr, .size = 1,
	                                     .value = vf_arena_memdup(a, &v8, 1)};
	return m;
}

START_TEST(write_read_write_is_stable)
{
	struct vf_error e = {0};
	struct vf_module *m = build_module(), *m2 = NULL;
	uint8_t *b1, *b2;
	size_t n1, n2;
	ck_assert_int_eq(vf_write_isa(m, &b1, &n1, &e), VF_OK);
	ck_assert_int_eq(vf_read_isa(b1, n1, "mem", &m2, &e), VF_OK);
	const struct vf_routine *r = &m2->kernels[0].body;
	ck_assert_str_eq(m2->kernels[0].name, "k");
	ck_assert_uint_eq(r->string_count, 4);
	ck_assert_str_eq(r->strings[r->vars[0].name], "V32");
	ck_assert_uint_eq(r->vars[0].bit_properties, 0x51);
	ck_assert_uint_eq(r->vars[0].num_elements, 8);
	ck_assert_uint_eq(r->input_count, 1);
	ck_assert_int_eq(r->inputs[0].offset, 32);
	ck_assert_uint_eq(r->attrs.items[0].value[0], 8);
	ck_assert_uint_eq(m2->kernels[0].offset, n1 - m2->kernels[0].size);
	ck_assert_int_eq(vf_write_isa(m2, &b2, &n2, &e), VF_OK);
	ck_assert_uint_eq(n1, n2);
	ck_assert_mem_eq(b1, b2, n1);
	free(b1);
	free(b2);
	vf_module_free(m);
	vf_module_free(m2);
}
END_TEST

START_TEST(every_truncation_is_an_input_error)
{
	struct vf_error e = {0};
	struct vf_module *m = build_module(), *m2 = NULL;
	uint8_t *b;
	size_t n;
	ck_assert_int_eq(vf_write_isa(m, &b, &n, &e), VF_OK);
	for (size_t cut = 0; cut < n; cut++) {
		memset(&e, 0, sizeof e);
		ck_assert_int_eq(vf_read_isa(b, cut, "cut.isa", &m2, &e),
		                 VF_ERR_INPUT);
		ck_assert_ptr_null(m2);
		ck_assert_ptr_nonnull(strstr(e.msg, "cut.isa: offset"));
	}
	free(b);
	vf_module_free(m);
}
END_TEST

static uint8_t *example(size_t *n)
{
	const char *src = getenv("VF_SRC");
	char path[4096];
	snprintf(path, sizeof path, "%s/examples/saxpy.simd8.isa",
	         src ? src : ".");
	uint8_t *d;
	struct vf_error e = {0};
	ck_assert_msg(vf_file_read(path, &d, n, &e) == VF_OK, "%s", e.msg);
	return d;
}

START_TEST(real_object_cut_anywhere_fails_cleanly)
{
	size_t n;
	uint8_t *d = example(&n);
	struct vf_module *m = NULL;
	struct vf_error e = {0};
	ck_assert_int_eq(vf_read_isa(d, n, "x", &m, &e), VF_OK);
	vf_module_free(m);
	/* The Gen binary at the end is opaque; cutting anywhere before the
	 * end must fail because the header says how long each part is. */
	for (size_t cut = 0; cut < n; cut++) {
		m = NULL;
		ck_assert_int_eq(vf_read_isa(d, cut, "x", &m, &e), VF_ERR_INPUT);
		ck_assert_ptr_null(m);
	}
	free(d);
}
END_TEST

START_TEST(real_object_byte_flips_never_crash)
{
	size_t n;
	uint8_t *d = example(&n);
	unsigned ok = 0, bad = 0;
	for (size_t i = 0; i < n; i++) {
		for (unsigned f = 0; f < 2; f++) {
			uint8_t saved = d[i];
			d[i] ^= f ? 0xFF : 0x01;
			struct vf_module *m = NULL;
			struct vf_error e = {0};
			if (vf_read_isa(d, n, "x", &m, &e) == VF_OK) {
				uint8_t *b;
				size_t bn;
				ck_assert_int_eq(vf_write_isa(m, &b, &bn, &e), VF_OK);
				free(b);
				char *t = NULL;
				size_t tn;
				vf_print_visaasm(m, &t, &tn, &e);  /* may refuse, not crash */
				free(t);
				ok++;
			} else {
				ck_assert_int_eq(e.status, VF_ERR_INPUT);
				ck_assert(e.msg[0] != 0);
				bad++;
			}
			vf_module_free(m);
			d[i] = saved;
		}
	}
	ck_assert_uint_gt(bad, 0);
	ck_assert_uint_gt(ok, 0);
	free(d);
}
END_TEST

START_TEST(gen_binary_edits)
{
	struct vf_error e = {0};
	struct vf_module *m = build_module(), *m2 = NULL;
	const uint8_t gen[] = {1, 2, 3, 4, 5};
	ck_assert_int_eq(vf_module_set_gen(m, 0, VF_PLATFORM_SKL, VF_GEN_ADD, gen,
	                                   5, &e), VF_OK);
	ck_assert_int_eq(vf_module_set_gen(m, 0, VF_PLATFORM_SKL, VF_GEN_ADD, gen,
	                                   5, &e), VF_ERR_INPUT);
	ck_assert_int_eq(vf_module_set_gen(m, 0, VF_PLATFORM_TGLLP,
	                                   VF_GEN_REPLACE, gen, 5, &e),
	                 VF_ERR_INPUT);
	ck_assert_int_eq(vf_module_set_gen(m, 0, VF_PLATFORM_BDW, VF_GEN_ADD, gen,
	                                   3, &e), VF_OK);
	uint8_t *b;
	size_t n;
	ck_assert_int_eq(vf_write_isa(m, &b, &n, &e), VF_OK);
	ck_assert_int_eq(vf_read_isa(b, n, "g", &m2, &e), VF_OK);
	const struct vf_kernel_info *k = &m2->kernels[0];
	ck_assert_uint_eq(k->gen_count, 2);
	ck_assert_uint_eq(k->gens[0].platform, VF_PLATFORM_SKL);
	ck_assert_mem_eq(k->gens[0].bytes, gen, 5);
	ck_assert_uint_eq(k->gens[1].size, 3);
	ck_assert_uint_eq(k->gens[0].offset, k->offset + k->size);
	ck_assert_int_eq(vf_module_set_gen(m2, 0, VF_PLATFORM_SKL, VF_GEN_REMOVE,
	                                   NULL, 0, &e), VF_OK);
	ck_assert_uint_eq(m2->kernels[0].gen_count, 1);
	ck_assert_uint_eq(m2->kernels[0].gens[0].platform, VF_PLATFORM_BDW);
	free(b);
	vf_module_free(m);
	vf_module_free(m2);
}
END_TEST

START_TEST(platform_names)
{
	ck_assert_int_eq(vf_platform_from_name("SKL"), 5);
	ck_assert_int_eq(vf_platform_from_name("tgllp"), 12);
	ck_assert_int_eq(vf_platform_from_name("ICLLP"), 10);
	ck_assert_int_eq(vf_platform_from_name("gen7"), -1);
	ck_assert_str_eq(vf_platform_name(6), "bxt");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("model");
	TCase *t = tcase_create("container");
	tcase_set_timeout(t, 120);
	tcase_add_test(t, write_read_write_is_stable);
	tcase_add_test(t, every_truncation_is_an_input_error);
	tcase_add_test(t, real_object_cut_anywhere_fails_cleanly);
	tcase_add_test(t, real_object_byte_flips_never_crash);
	tcase_add_test(t, gen_binary_edits);
	tcase_add_test(t, platform_names);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
