/* test_ra_rfile.c - guards the allocator's register-file occupancy
 * (regalloc/rfile.c): its first-fit search must give exactly the place
 * that testing every multiple of the alignment from byte 0 up, unit by
 * unit, gives (the search it replaced; allocation results must not
 * change), for the GRF, flag and address files, whole-GRF and partial
 * registers, odd pinned places, alignments that are not powers of two,
 * after many random marks and releases. */
#include <check.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "../../regalloc/rfile.h"
#include "unit.h"

static jmp_buf oom;
static struct ir_prog prog;

static void setup(void)
{
	memset(&prog, 0, sizeof prog);
	prog.arena = vf_arena_new();
	ck_assert_ptr_nonnull(prog.arena);
	prog.oom = &oom;
}

static void teardown(void)
{
	vf_arena_free(prog.arena);
	memset(&prog, 0, sizeof prog);
}

/* The reference: per-unit counts and the plain first-fit scan. */
struct ref {
	uint32_t bytes;
	uint8_t count[IR_GRF_COUNT * IR_GRF_BYTES / 2];
};

static void ref_mark(struct ref *r, uint32_t loc, uint32_t size, int delta)
{
	for (uint32_t u = loc / 2; u < (loc + size + 1) / 2 && u < r->bytes / 2;
	     u++)
		r->count[u] = (uint8_t)(r->count[u] + delta);
}

static bool ref_find(const struct ref *r, uint32_t size, uint32_t align,
                     bool in_row, uint32_t *loc)
{
	for (uint32_t a = 0; a + size <= r->bytes; a += align) {
		if (in_row && size < 32 && a % 32 + size > 32)
			continue;
		bool free = true;
		for (uint32_t u = a / 2; u < (a + size + 1) / 2; u++)
			free = free && !r->count[u];
		if (free) {
			*loc = a;
			return true;
		}
	}
	return false;
}

struct placed {
	uint32_t loc, size;
};

/* Random registers come and go in a file of 'bytes'; every search must
 * agree with the reference. */
static void random_file(uint32_t bytes, bool in_row, unsigned seed,
                        unsigned steps)
{
	static const uint32_t aligns[] = { 2, 2, 4, 8, 12, 16, 32, 32, 48, 64 };
	static const uint32_t sizes[] = { 2, 4, 6, 8, 12, 16, 24, 30, 32, 32,
	                                  64, 64, 96, 128, 320 };
	struct rfile f;
	struct ref *r = calloc(1, sizeof *r);
	struct placed live[512];
	unsigned nlive = 0, found = 0;
	ck_assert_ptr_nonnull(r);
	rfile_init(&prog, &f, bytes);
	r->bytes = bytes;
	srand(seed);
	for (unsigned i = 0; i < steps; i++) {
		if (nlive && (rand() % 3 == 0 || nlive == 512)) {
			unsigned k = (unsigned)rand() % nlive;
			rfile_mark(&f, live[k].loc, live[k].size, -1);
			ref_mark(r, live[k].loc, live[k].size, -1);
			live[k] = live[--nlive];
			continue;
		}
		if (rand() % 16 == 0) {   /* pinned: any byte, may overlap */
			uint32_t loc = (uint32_t)rand() % bytes;
			uint32_t size = 1 + (uint32_t)rand() % 40;
			rfile_mark(&f, loc, size, 1);
			ref_mark(r, loc, size, 1);
			live[nlive++] = (struct placed){ loc, size };
			continue;
		}
		uint32_t size;
		do   /* sizes that fit the file: the small ones get tested */
			size = sizes[(unsigned)rand() % (sizeof sizes / sizeof *sizes)];
		while (size > bytes);
		uint32_t align = aligns[(unsigned)rand() % (sizeof aligns / sizeof *aligns)];
		if (in_row && size >= 32 && align < 32)
			align = 32;   /* as linscan.c asks */
		uint32_t got = 0, want = 0;
		bool g = rfile_find(&f, size, align, in_row, &got);
		bool w = ref_find(r, size, align, in_row, &want);
		ck_assert_int_eq(g, w);
		if (!g)
			continue;
		ck_assert_uint_eq(got, want);
		found++;
		rfile_mark(&f, got, size, 1);
		ref_mark(r, got, size, 1);
		live[nlive++] = (struct placed){ got, size };
	}
	ck_assert_uint_gt(found, steps / 20);   /* the test placed things */
	free(r);
}

static void grf_seeds(void)
{
	for (unsigned seed = 1; seed <= 8; seed++)
		random_file(IR_GRF_COUNT * IR_GRF_BYTES, true, seed, 4000);
}

static void small_seeds(void)
{
	for (unsigned seed = 1; seed <= 8; seed++) {
		random_file(IR_FLAG_BYTES, false, seed, 500);
		random_file(IR_ADDR_BYTES, false, seed, 500);
	}
}

START_TEST(grf_file_matches_first_fit)
{
	if (setjmp(oom))
		ck_abort_msg("out of memory");
	grf_seeds();
}
END_TEST

START_TEST(small_files_match_first_fit)
{
	if (setjmp(oom))
		ck_abort_msg("out of memory");
	small_seeds();
}
END_TEST

/* A row pinned at an odd byte by two registers stays busy until both
 * leave; whole GRFs then fit from its start. */
static void shared_units(void)
{
	struct rfile f;
	uint32_t loc;
	rfile_init(&prog, &f, IR_GRF_COUNT * IR_GRF_BYTES);
	rfile_mark(&f, 32, 1, 1);
	rfile_mark(&f, 33, 1, 1);
	ck_assert(rfile_find(&f, 64, 32, true, &loc));
	ck_assert_uint_eq(loc, 64);
	rfile_mark(&f, 32, 1, -1);
	ck_assert(rfile_find(&f, 2, 2, true, &loc));
	ck_assert_uint_eq(loc, 0);
	ck_assert(rfile_find(&f, 32, 32, true, &loc));
	ck_assert_uint_eq(loc, 0);
	ck_assert(rfile_find(&f, 64, 64, true, &loc));
	ck_assert_uint_eq(loc, 64);
	rfile_mark(&f, 33, 1, -1);
	ck_assert(rfile_find(&f, 64, 32, true, &loc));
	ck_assert_uint_eq(loc, 0);
}

START_TEST(shared_units_counted)
{
	if (setjmp(oom))
		ck_abort_msg("out of memory");
	shared_units();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ra_rfile");
	TCase *c = tcase_create("rfile");
	tcase_add_checked_fixture(c, setup, teardown);
	tcase_add_test(c, grf_file_matches_first_fit);
	tcase_add_test(c, small_files_match_first_fit);
	tcase_add_test(c, shared_units_counted);
	suite_add_tcase(s, c);
	return unit_run(s);
}
