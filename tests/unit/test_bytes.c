/* test_bytes.c - guards the bounds-checked cursor and the output buffer:
 * little-endian values, decl widths by version, and clean failure with the
 * right offset at the end of the data. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "unit.h"

static const uint8_t data[] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                               0x08, 0x09, 0x0a};

START_TEST(reads_little_endian)
{
	struct vf_error e = {0};
	struct vf_cursor c = {.buf = data, .len = sizeof data, .file = "t",
	                      .err = &e, .version = 0x0401};
	uint8_t b;
	uint16_t w;
	uint32_t d;
	ck_assert(vf_cur_u8(&c, &b, "b"));
	ck_assert_uint_eq(b, 0x01);
	ck_assert(vf_cur_u16(&c, &w, "w"));
	ck_assert_uint_eq(w, 0x0302);
	ck_assert(vf_cur_u32(&c, &d, "d"));
	ck_assert_uint_eq(d, 0x07060504);
	ck_assert_uint_eq(c.pos, 7);
}
END_TEST

START_TEST(decl_width_follows_version)
{
	struct vf_error e = {0};
	struct vf_cursor c = {.buf = data, .len = sizeof data, .err = &e,
	                      .version = 0x0303};
	uint32_t v;
	ck_assert(vf_cur_decl(&c, &v, "id"));
	ck_assert_uint_eq(v, 0x0201);
	ck_assert_uint_eq(c.pos, 2);
	c.version = 0x0304;
	ck_assert(vf_cur_decl(&c, &v, "id"));
	ck_assert_uint_eq(v, 0x06050403);
}
END_TEST

START_TEST(truncation_names_offset_and_field)
{
	struct vf_error e = {0};
	struct vf_cursor c = {.buf = data, .len = sizeof data, .file = "f.isa",
	                      .err = &e, .version = 0x0401, .pos = 8};
	uint32_t d;
	ck_assert(!vf_cur_u32(&c, &d, "kernel size"));
	ck_assert_int_eq(e.status, VF_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(e.msg, "f.isa: offset 8"));
	ck_assert_ptr_nonnull(strstr(e.msg, "kernel size"));
	ck_assert_uint_eq(c.pos, 8);  /* nothing consumed on failure */
}
END_TEST

START_TEST(buffer_writes_and_patches)
{
	struct vf_buf b = {0};
	vf_buf_u16(&b, 0xBEEF);
	vf_buf_u32(&b, 0);
	vf_buf_decl(&b, 0x0303, 7);
	vf_buf_put_u32(&b, 2, 0x11223344);
	ck_assert(!b.oom);
	ck_assert_uint_eq(b.len, 8);
	const uint8_t want[] = {0xEF, 0xBE, 0x44, 0x33, 0x22, 0x11, 7, 0};
	ck_assert_mem_eq(b.data, want, sizeof want);
	vf_buf_printf(&b, "%s-%d", "x", 42);
	ck_assert_uint_eq(b.len, 12);
	ck_assert_str_eq((char *)b.data + 8, "x-42");
	vf_buf_free(&b);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("bytes");
	TCase *t = tcase_create("core");
	tcase_add_test(t, reads_little_endian);
	tcase_add_test(t, decl_width_follows_version);
	tcase_add_test(t, truncation_names_offset_and_field);
	tcase_add_test(t, buffer_writes_and_patches);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
