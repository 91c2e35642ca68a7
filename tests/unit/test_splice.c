/* test_splice.c - guards vf_splice (lib/splice.c, zebin.c, zeinfo.c) on a
 * synthetic zebin built here: the .ze_info edits of one kernel line by
 * line (barrier inserted in key order, SIMD size, local ids, a scratch
 * buffer added where IGC puts it), code padding, symbol sizes, an inner
 * symbol emptied, relocations rewritten, the sections after the code
 * moved with their alignment; splicing a kernel's original code and
 * metadata over a splice gives back the original file byte for byte;
 * refusals (argument layout, platform, unknown execution_env field, a
 * malformed value, an undefined relocation symbol); and every truncation
 * and corrupted byte of the program is an error or a result, never a
 * crash. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visafin.h"
#include "unit.h"

static const char zeinfo[] =
	"---\n"
	"version:         '1.20'\n"
	"kernels:\n"
	"  - name:            k1\n"
	"    execution_env:\n"
	"      grf_count:       128\n"
	"      has_no_stateless_write: true\n"
	"      simd_size:       32\n"
	"      subgroup_independent_forward_progress: true\n"
	"    payload_arguments:\n"
	"      - arg_type:        global_id_offset\n"
	"        offset:          0\n"
	"        size:            12\n"
	"      - arg_type:        local_size\n"
	"        offset:          12\n"
	"        size:            12\n"
	"      - arg_type:        arg_byvalue\n"
	"        offset:          32\n"
	"        size:            16\n"
	"        arg_index:       0\n"
	"      - arg_type:        buffer_address\n"
	"        offset:          48\n"
	"        size:            8\n"
	"        arg_index:       1\n"
	"    per_thread_payload_arguments:\n"
	"      - arg_type:        local_id\n"
	"        offset:          0\n"
	"        size:            192\n"
	"    binding_table_indices:\n"
	"      - bti_value:       0\n"
	"        arg_index:       1\n"
	"  - name:            k2\n"
	"    execution_env:\n"
	"      barrier_count:   1\n"
	"      grf_count:       128\n"
	"      simd_size:       16\n"
	"      slm_size:        256\n"
	"    per_thread_payload_arguments:\n"
	"      - arg_type:        local_id\n"
	"        offset:          0\n"
	"        size:            96\n"
	"    per_thread_memory_buffers:\n"
	"      - type:            scratch\n"
	"        usage:           single_space\n"
	"        size:            2048\n"
	"kernels_misc_info:\n"
	"  - name:            k1\n"
	"...\n";

/* k1 after splicing visafin_k1(): the lines that change. */
static const char k1_spliced[] =
	"  - name:            k1\n"
	"    execution_env:\n"
	"      barrier_count:   1\n"
	"      grf_count:       128\n"
	"      has_no_stateless_write: true\n"
	"      simd_size:       16\n"
	"      subgroup_independent_forward_progress: true\n";
static const char k1_local_ids[] =
	"      - arg_type:        local_id\n"
	"        offset:          0\n"
	"        size:            96\n"
	"    binding_table_indices:\n"
	"      - bti_value:       0\n"
	"        arg_index:       1\n"
	"    per_thread_memory_buffers:\n"
	"      - type:            scratch\n"
	"        usage:           single_space\n"
	"        size:            1024\n"
	"  - name:            k2\n";

/* ---- a small ELF writer for the synthetic program ------------------ */

struct img { uint8_t b[8192]; size_t n; };

static void put(struct img *m, const void *p, size_t n)
{
	ck_assert_uint_le(m->n + n, sizeof m->b);
	memcpy(m->b + m->n, p, n);
	m->n += n;
}
static void put_le(struct img *m, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		uint8_t c = i < 8 ? (uint8_t)(v >> 8 * i) : 0;   /* n > 8: zeros */
		put(m, &c, 1);
	}
}
static void pad_to(struct img *m, size_t a)
{
	while (m->n % a)
		put_le(m, 0, 1);
}
static uint64_t get_le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[i] << 8 * i;
	return v;
}

enum { S_K1 = 1, S_K2, S_DATA, S_SYM, S_REL, S_ZE, S_NOTE, S_STR, NSEC };
static const char *const names[NSEC] = { "", ".text.k1", ".text.k2",
	".data.const", ".symtab", ".rel.text.k1", ".ze_info",
	".note.intelgt.compat", ".strtab" };

static uint8_t code1[40], code2[64];

/* The program: sections packed as IGC packs them (code from 0x40, notes
 * on 4 bytes, the rest unaligned), the section headers last. */
static size_t program(uint8_t *out, const char *yaml, unsigned family)
{
	static struct img m;
	uint64_t off[NSEC] = { 0 }, size[NSEC] = { 0 };
	char str[256];
	uint32_t name_at[NSEC], sym_name[7];
	size_t sn = 1;
	str[0] = 0;
	for (int i = 1; i < NSEC; i++) {
		name_at[i] = (uint32_t)sn;
		sn += (size_t)sprintf(str + sn, "%s", names[i]) + 1;
	}
	const char *syms[7] = { "", "k1", "_entry", "k1_helper", "k2",
	                        "_entry", "table" };
	for (int i = 1; i < 7; i++) {
		sym_name[i] = (uint32_t)sn;
		sn += (size_t)sprintf(str + sn, "%s", syms[i]) + 1;
	}
	for (size_t i = 0; i < sizeof code1; i++)
		code1[i] = (uint8_t)(i * 3 + 1);
	for (size_t i = 0; i < sizeof code2; i++)
		code2[i] = (uint8_t)(200 - i);
	m.n = 0;
	put_le(&m, 0, 64);                               /* header, later */
	off[S_K1] = m.n;
	put(&m, code1, sizeof code1);
	put_le(&m, 0, 192 - sizeof code1);
	off[S_K2] = m.n;
	put(&m, code2, sizeof code2);
	put_le(&m, 0, 192 - sizeof code2);
	off[S_DATA] = m.n;
	put(&m, "abcdefghijk", 11);
	off[S_SYM] = m.n;
	struct { uint32_t name; uint8_t info; uint16_t shndx; uint64_t value,
	         size; } sy[7] = {
		{ 0, 0, 0, 0, 0 },
		{ sym_name[1], 2, S_K1, 0, sizeof code1 },
		{ sym_name[2], 2, S_K1, 0, sizeof code1 },
		{ sym_name[3], 2, S_K1, 16, 8 },
		{ sym_name[4], 2, S_K2, 0, sizeof code2 },
		{ sym_name[5], 2, S_K2, 0, sizeof code2 },
		{ sym_name[6], 0x11, S_DATA, 0, 11 } };
	for (int i = 0; i < 7; i++) {
		put_le(&m, sy[i].name, 4);
		put_le(&m, sy[i].info, 1);
		put_le(&m, 0, 1);
		put_le(&m, sy[i].shndx, 2);
		put_le(&m, sy[i].value, 8);
		put_le(&m, sy[i].size, 8);
	}
	off[S_REL] = m.n;
	put_le(&m, 8, 8);
	put_le(&m, (uint64_t)6 << 32 | 1, 8);
	off[S_ZE] = m.n;
	put(&m, yaml, strlen(yaml));
	pad_to(&m, 4);
	off[S_NOTE] = m.n;
	put_le(&m, 8, 4);
	put_le(&m, 4, 4);
	put_le(&m, 1, 4);
	put(&m, "IntelGT", 8);
	put_le(&m, family, 4);
	off[S_STR] = m.n;
	put(&m, str, sn);
	for (int i = 1; i < NSEC; i++)
		size[i] = (i < NSEC - 1 ? off[i + 1] : m.n) - off[i];
	size[S_ZE] = strlen(yaml);
	uint64_t shoff = m.n;
	static const uint32_t type[NSEC] = { 0, 1, 1, 1, 2, 9, 0xff000011, 7, 3 };
	for (int i = 0; i < NSEC; i++) {
		put_le(&m, i ? name_at[i] : 0, 4);
		put_le(&m, type[i], 4);
		put_le(&m, i == S_K1 || i == S_K2 ? 6 : i == S_DATA ? 2 : 0, 8);
		put_le(&m, 0, 8);
		put_le(&m, i ? off[i] : 64, 8);
		put_le(&m, size[i], 8);
		put_le(&m, i == S_SYM ? S_STR : i == S_REL ? S_SYM : 0, 4);
		put_le(&m, i == S_SYM ? 6 : i == S_REL ? S_K1 : 0, 4);
		put_le(&m, 0, 8);
		put_le(&m, i == S_SYM ? 24 : i == S_REL ? 16 : 0, 8);
	}
	static const uint8_t ident[16] = { 0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 1 };
	memcpy(m.b, ident, 16);
	uint8_t *h = m.b + 16;
	h[0] = 1;                        /* ET_REL */
	h[2] = 205;                      /* EM_INTELGT */
	h[4] = 1;                        /* e_version */
	for (int i = 0; i < 8; i++)
		m.b[40 + i] = (uint8_t)(shoff >> 8 * i);
	m.b[52] = 64;                    /* e_ehsize */
	m.b[58] = 64;                    /* e_shentsize */
	m.b[60] = NSEC;
	m.b[62] = S_STR;
	memcpy(out, m.b, m.n);
	return m.n;
}

/* Section 'name' of an image: its bytes and size. */
static const uint8_t *section(const uint8_t *img, size_t n, const char *name,
                              uint64_t *size, uint64_t *off)
{
	uint64_t shoff = get_le(img + 40, 8);
	unsigned shnum = (unsigned)get_le(img + 60, 2);
	unsigned shstr = (unsigned)get_le(img + 62, 2);
	ck_assert_uint_le(shoff + shnum * 64, n);
	const uint8_t *strs = img + get_le(img + shoff + shstr * 64 + 24, 8);
	for (unsigned i = 1; i < shnum; i++) {
		const uint8_t *h = img + shoff + i * 64;
		if (strcmp((const char *)strs + get_le(h, 4), name))
			continue;
		*off = get_le(h + 24, 8);
		*size = get_le(h + 32, 8);
		ck_assert_uint_le(*off + *size, n);
		return img + *off;
	}
	ck_abort_msg("no section %s", name);
	return NULL;
}

/* ---- kernels ----------------------------------------------------------- */

static uint8_t new_code[100];
static struct vf_code_reloc rel_table[] = { { 24, "table", VF_RELOC_ADDR } };
static struct vf_kernel_input in_k1[] = {
	{ 0, 1, 32, 32 }, { 0, 2, 64, 32 }, { 0, 3, 96, 32 },
	{ 0, 4, 128, 32 },      /* global_id_offset, local_size, padding */
	{ 0, 5, 160, 4 },       /* a field of the by-value struct */
	{ 0, 6, 164, 12 },
	{ 0, 7, 176, 8 },       /* the buffer address */
};

/* k1 as visafin would finalize it at SIMD16. */
static struct vf_kernel_result visafin_k1(void)
{
	for (size_t i = 0; i < sizeof new_code; i++)
		new_code[i] = (uint8_t)(i ^ 0x5a);
	return (struct vf_kernel_result){
		.name = "k1", .platform = VF_PLATFORM_SKL, .code = new_code,
		.code_size = sizeof new_code, .simd_size = 16, .grf_count = 128,
		.spill_size = 800, .scratch_size = 800, .uses_barrier = 1,
		.per_thread_payload = 96, .cross_thread_payload = 56,
		.relocs = rel_table, .reloc_count = 1, .inputs = in_k1,
		.input_count = sizeof in_k1 / sizeof in_k1[0] };
}

static struct vf_kernel_result k2_as(uint8_t *code, size_t n, unsigned simd,
                                     int barrier, uint32_t scratch)
{
	return (struct vf_kernel_result){
		.name = "k2", .platform = VF_PLATFORM_SKL, .code = code,
		.code_size = n, .simd_size = simd, .grf_count = 128,
		.scratch_size = scratch, .uses_barrier = barrier,
		.per_thread_payload = simd == 32 ? 192 : 96 };
}

static uint8_t *splice(const uint8_t *p, size_t n,
                       const struct vf_kernel_result *r, size_t count,
                       size_t *out_n, struct vf_error *err)
{
	uint8_t *out = NULL;
	memset(err, 0, sizeof *err);
	enum vf_status st = vf_splice(p, n, "prog", r, count, NULL, &out, out_n,
	                              err);
	if (st != VF_OK) {
		ck_assert_ptr_null(out);
		ck_assert(err->msg[0]);
	}
	return out;
}

START_TEST(edits_one_kernel)
{
	static uint8_t prog[8192];
	size_t n = program(prog, zeinfo, 18), m;
	struct vf_kernel_result r = visafin_k1();
	struct vf_error err;
	uint8_t *out = splice(prog, n, &r, 1, &m, &err);
	ck_assert_msg(out != NULL, "%s", err.msg);
	uint64_t size, off;
	const uint8_t *zi = section(out, m, ".ze_info", &size, &off);
	char *text = strndup((const char *)zi, size);
	ck_assert_ptr_nonnull(strstr(text, k1_spliced));
	ck_assert_ptr_nonnull(strstr(text, k1_local_ids));
	/* k2 and the rest untouched. */
	ck_assert_ptr_nonnull(strstr(text, strstr(zeinfo, "  - name:            k2")));
	/* Four lines more, "192" became "96". */
	ck_assert_uint_eq(size, strlen(zeinfo) - 1 +
	                  strlen("      barrier_count:   1\n") +
	                  strlen("    per_thread_memory_buffers:\n") +
	                  strlen("      - type:            scratch\n") +
	                  strlen("        usage:           single_space\n") +
	                  strlen("        size:            1024\n"));
	free(text);
	/* The code, padded to 256, and what follows it moved by 64. */
	const uint8_t *t = section(out, m, ".text.k1", &size, &off);
	ck_assert_uint_eq(size, 256);
	ck_assert_uint_eq(off, 64);
	ck_assert_mem_eq(t, new_code, sizeof new_code);
	for (uint64_t i = sizeof new_code; i < size; i++)
		ck_assert_uint_eq(t[i], 0);
	section(out, m, ".text.k2", &size, &off);
	ck_assert_uint_eq(off, 64 + 256);
	section(out, m, ".note.intelgt.compat", &size, &off);
	ck_assert_uint_eq(off % 4, 0);
	/* Symbols: k1 and _entry sized, the inner one emptied, k2 kept. */
	const uint8_t *sy = section(out, m, ".symtab", &size, &off);
	ck_assert_uint_eq(get_le(sy + 24 + 16, 8), sizeof new_code);
	ck_assert_uint_eq(get_le(sy + 48 + 16, 8), sizeof new_code);
	ck_assert_uint_eq(get_le(sy + 72 + 8, 8), 0);
	ck_assert_uint_eq(get_le(sy + 72 + 16, 8), 0);
	ck_assert_uint_eq(get_le(sy + 96 + 16, 8), sizeof code2);
	/* The relocation: visafin's offset, the program's symbol 6. */
	const uint8_t *rel = section(out, m, ".rel.text.k1", &size, &off);
	ck_assert_uint_eq(size, 16);
	ck_assert_uint_eq(get_le(rel, 8), 24);
	ck_assert_uint_eq(get_le(rel + 8, 8), (uint64_t)6 << 32 | 1);
	free(out);
}
END_TEST

START_TEST(original_over_splice_gives_the_file_back)
{
	static uint8_t prog[8192];
	size_t n = program(prog, zeinfo, 18), m1, m2;
	static uint8_t big[300];
	memset(big, 0x33, sizeof big);
	struct vf_kernel_result v = k2_as(big, sizeof big, 32, 0, 0);
	struct vf_kernel_result o = k2_as(code2, sizeof code2, 16, 1, 2048);
	o.slm_size = 256;
	struct vf_error err;
	uint8_t *a = splice(prog, n, &v, 1, &m1, &err);
	ck_assert_msg(a != NULL, "%s", err.msg);
	ck_assert_uint_ne(m1, n);
	uint64_t size, off;
	const uint8_t *zi = section(a, m1, ".ze_info", &size, &off);
	char *text = strndup((const char *)zi, size);
	ck_assert_ptr_null(strstr(text, "per_thread_memory_buffers"));
	ck_assert_ptr_null(strstr(text, "barrier_count"));
	ck_assert_ptr_nonnull(strstr(text, "      slm_size:        256\n"));
	ck_assert_ptr_nonnull(strstr(text, "      simd_size:       32\n"));
	free(text);
	uint8_t *b = splice(a, m1, &o, 1, &m2, &err);
	ck_assert_msg(b != NULL, "%s", err.msg);
	ck_assert_uint_eq(m2, n);
	ck_assert_mem_eq(b, prog, n);
	/* The code alone, over the original: the same file. */
	struct vf_splice_options code_only = { 1 };
	struct vf_kernel_result c = { .name = "k1", .code = code1,
	                              .code_size = sizeof code1 };
	uint8_t *d = NULL;
	size_t md;
	ck_assert_int_eq(vf_splice(prog, n, "prog", &c, 1, &code_only, &d, &md,
	                           &err), VF_OK);
	ck_assert_uint_eq(md, n);
	ck_assert_mem_eq(d, prog, n);
	free(a);
	free(b);
	free(d);
}
END_TEST

static void refused(const char *yaml, struct vf_kernel_result *r,
                    unsigned family, const char *want)
{
	static uint8_t prog[8192];
	size_t n = program(prog, yaml, family), m;
	struct vf_error err;
	uint8_t *out = splice(prog, n, r, 1, &m, &err);
	ck_assert_msg(out == NULL, "accepted, wanted: %s", want);
	ck_assert_msg(strstr(err.msg, want) != NULL, "'%s' lacks '%s'", err.msg,
	              want);
}

static char *yaml_with(const char *from, const char *to)
{
	static char buf[4096];
	const char *at = strstr(zeinfo, from);
	ck_assert_ptr_nonnull(at);
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - zeinfo), zeinfo, to,
	         at + strlen(from));
	return buf;
}

START_TEST(refusals)
{
	struct vf_kernel_result r = visafin_k1();
	refused(zeinfo, &r, 29, "finalized for skl, the program is for tgllp");
	refused(zeinfo, &r, 77, "product family 77");
	refused(yaml_with("      simd_size:       32\n",
	                  "      simd_size:       3x\n"), &r, 18,
	        "line 8: simd_size: expected an unsigned integer, found '3x'");
	refused(yaml_with("      simd_size:       32\n",
	                  "      offset_to_skip_per_thread_data_load: 64\n"
	                  "      simd_size:       32\n"), &r, 18,
	        "'offset_to_skip_per_thread_data_load' may depend");
	refused(yaml_with("  - name:            k1\n", "  - name:            k9\n"),
	        &r, 18, ".ze_info has no kernel k1");
	struct vf_kernel_input moved[7];
	memcpy(moved, in_k1, sizeof moved);
	moved[4].offset = 150;    /* across local_size's end */
	r.inputs = moved;
	refused(zeinfo, &r, 18, "the argument layout differs from the "
	        "program's: input 4 (payload offset 150, 4 bytes) lies");
	r = visafin_k1();
	struct vf_code_reloc nothere = { 24, "nothere", VF_RELOC_ADDR };
	r.relocs = &nothere;
	refused(zeinfo, &r, 18, "needs the address of nothere");
	r = visafin_k1();
	r.name = "k3";
	refused(zeinfo, &r, 18, "no kernel k3");
}
END_TEST

/* Every truncation and corrupted byte: an error or a result. */
START_TEST(damaged_programs_never_crash)
{
	static uint8_t prog[8192], bad[8192];
	size_t n = program(prog, zeinfo, 18), m;
	struct vf_kernel_result r = visafin_k1();
	struct vf_error err;
	unsigned ok = 0, refused_n = 0;
	for (size_t cut = 0; cut < n; cut++) {
		uint8_t *out = splice(prog, cut, &r, 1, &m, &err);
		ok += out != NULL;
		refused_n += out == NULL;
		free(out);
	}
	ck_assert_uint_eq(ok, 0);
	static const uint8_t vals[] = { 0x00, 0xff, 0x80, 0x0a, 0x20, 0x2d };
	for (size_t i = 0; i < n; i++)
		for (size_t v = 0; v < sizeof vals; v++) {
			memcpy(bad, prog, n);
			if (bad[i] == vals[v])
				continue;
			bad[i] = vals[v];
			uint8_t *out = splice(bad, n, &r, 1, &m, &err);
			ok += out != NULL;
			refused_n += out == NULL;
			free(out);
		}
	ck_assert_uint_gt(ok, 0);
	ck_assert_uint_gt(refused_n, n);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("splice");
	TCase *t = tcase_create("splice");
	tcase_set_timeout(t, 120);
	tcase_add_test(t, edits_one_kernel);
	tcase_add_test(t, original_over_splice_gives_the_file_back);
	tcase_add_test(t, refusals);
	tcase_add_test(t, damaged_programs_never_crash);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
