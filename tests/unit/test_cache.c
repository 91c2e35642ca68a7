/* test_cache.c - guards the kernel cache (lib/cache_blob.c, lib/cache.c,
 * finalizer/api_cache.c): keys change with every input that changes the
 * code and with nothing else; a packed blob unpacks to the same results;
 * every truncation, every flipped byte and a blob of another key are
 * input errors that yield no results; the directory store returns what
 * was put, removes and recompiles bad entries, keeps under its size by
 * dropping the least recently used entry; eight threads finalizing
 * through one directory get the same code as without a cache. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>
#include <time.h>

#include "visafin.h"
#include "unit.h"

/* A kernel small enough to finalize quickly; K is replaced by a digit so
 * that tests get several different kernels. */
static const char kernel_text[] =
	".version 4.1\n.kernel \"kK\"\n"
	".decl V0040 v_type=G type=f num_elts=8 align=hword\n"
	".decl V0041 v_type=G type=f num_elts=1 align=dword\n"
	".decl V0042 v_type=G type=f num_elts=8 align=hword\n"
	".input V0040 offset=32 size=32\n.input V0041 offset=64 size=4\n"
	".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
	"    mad (M1, 8) V0042(0,0)<1> V0040(0,0)<1;1,0> V0041(0,0)<0;1,0> "
	"V0040(0,0)<1;1,0>\n"
	"    add (M1, 8) V0042(0,0)<1> V0042(0,0)<1;1,0> 0xK:f\n"
	"    ret (M1, 1)\n";

static char texts[10][sizeof kernel_text];

static struct vf_module *load(int variant)
{
	char *t = texts[variant];
	memcpy(t, kernel_text, sizeof kernel_text);
	for (char *p = t; (p = strchr(p, 'K')); p++)
		*p = (char)('0' + variant);
	struct vf_text in = { "k.visaasm", t, strlen(t) };
	struct vf_module *m = NULL;
	struct vf_error e = { 0 };
	ck_assert_msg(vf_read_visaasm(&in, 1, &m, &e) == VF_OK, "%s", e.msg);
	return m;
}

static const struct vf_finalize_options skl = { .platform = VF_PLATFORM_SKL };

static void finalize(struct vf_module *m, struct vf_kernel_result **r,
                     size_t *n)
{
	struct vf_error e = { 0 };
	ck_assert_msg(vf_finalize_all(m, &skl, r, n, &e) == VF_OK, "%s", e.msg);
}

static void same(const struct vf_kernel_result *a, size_t na,
                 const struct vf_kernel_result *b, size_t nb)
{
	ck_assert_uint_eq(na, nb);
	for (size_t i = 0; i < na; i++) {
		ck_assert_str_eq(a[i].name, b[i].name);
		ck_assert_uint_eq(a[i].code_size, b[i].code_size);
		ck_assert_mem_eq(a[i].code, b[i].code, a[i].code_size);
		ck_assert_uint_eq(a[i].simd_size, b[i].simd_size);
		ck_assert_uint_eq(a[i].grf_used, b[i].grf_used);
		ck_assert_uint_eq(a[i].input_count, b[i].input_count);
		ck_assert_uint_eq(a[i].cross_thread_payload,
		                  b[i].cross_thread_payload);
	}
}

static struct vf_cache_key key_of(const char *data, const char *kernel,
                                  int platform, int no_compaction)
{
	struct vf_text t = { "x", data, strlen(data) };
	struct vf_finalize_options o = { .platform = platform,
	                                 .no_compaction = no_compaction };
	struct vf_cache_key k;
	struct vf_error e = { 0 };
	ck_assert(vf_cache_key_texts(&t, 1, kernel, &o, &k, &e) == VF_OK);
	return k;
}

START_TEST(keys_follow_what_changes_code)
{
	struct vf_cache_key a = key_of("abc", NULL, 5, 0);
	struct vf_cache_key same_again = key_of("abc", NULL, 5, 0);
	ck_assert_mem_eq(a.bytes, same_again.bytes, VF_CACHE_KEY_SIZE);
	struct vf_cache_key other[] = {
		key_of("abd", NULL, 5, 0), key_of("abc", NULL, 6, 0),
		key_of("abc", NULL, 5, 1), key_of("abc", "", 5, 0),
		key_of("abc", "k", 5, 0),
	};
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
		ck_assert_msg(memcmp(a.bytes, other[i].bytes, VF_CACHE_KEY_SIZE),
		              "key %zu equals the first", i);
	/* verify and dumps do not change code: same key */
	struct vf_text t = { "x", "abc", 3 };
	struct vf_finalize_options o = { .platform = 5, .verify = 1 };
	struct vf_cache_key v;
	ck_assert(vf_cache_key_texts(&t, 1, NULL, &o, &v, NULL) == VF_OK);
	ck_assert_mem_eq(a.bytes, v.bytes, VF_CACHE_KEY_SIZE);
	/* parts are length-delimited: "ab"+"c" is not "a"+"bc" */
	struct vf_text p1[] = { { "x", "ab", 2 }, { "y", "c", 1 } };
	struct vf_text p2[] = { { "x", "a", 1 }, { "y", "bc", 2 } };
	struct vf_cache_key k1, k2;
	ck_assert(vf_cache_key_texts(p1, 2, NULL, &skl, &k1, NULL) == VF_OK);
	ck_assert(vf_cache_key_texts(p2, 2, NULL, &skl, &k2, NULL) == VF_OK);
	ck_assert(memcmp(k1.bytes, k2.bytes, VF_CACHE_KEY_SIZE));
	char hex[33];
	vf_cache_key_hex(&a, hex);
	ck_assert_uint_eq(strlen(hex), 32);
	ck_assert_uint_eq(strspn(hex, "0123456789abcdef"), 32);
}
END_TEST

START_TEST(blob_round_trip_and_every_corruption)
{
	struct vf_module *m = load(1);
	struct vf_kernel_result *r, *back;
	size_t n, nb;
	finalize(m, &r, &n);
	struct vf_cache_key key, other;
	struct vf_error e = { 0 };
	ck_assert(vf_cache_key_module(m, NULL, &skl, &key, &e) == VF_OK);
	other = key;
	other.bytes[3] ^= 1;
	uint8_t *blob;
	size_t size;
	ck_assert_msg(vf_cache_pack(&key, r, n, &blob, &size, &e) == VF_OK,
	              "%s", e.msg);
	ck_assert_msg(vf_cache_unpack(&key, blob, size, &back, &nb, &e) == VF_OK,
	              "%s", e.msg);
	same(r, n, back, nb);
	vf_kernel_results_free(back, nb);
	/* a blob of another key is foreign */
	ck_assert_int_eq(vf_cache_unpack(&other, blob, size, &back, &nb, &e),
	                 VF_ERR_INPUT);
	ck_assert_ptr_null(back);
	/* every truncation */
	for (size_t len = 0; len < size; len++) {
		ck_assert_int_eq(vf_cache_unpack(&key, blob, len, &back, &nb, &e),
		                 VF_ERR_INPUT);
		ck_assert_ptr_null(back);
	}
	/* every byte changed */
	for (size_t i = 0; i < size; i++) {
		uint8_t *copy = malloc(size);
		memcpy(copy, blob, size);
		copy[i] ^= (uint8_t)(1u << (i % 8));
		ck_assert_msg(vf_cache_unpack(&key, copy, size, &back, &nb, &e) ==
		              VF_ERR_INPUT, "flip at %zu accepted", i);
		ck_assert_ptr_null(back);
		free(copy);
	}
	free(blob);
	vf_kernel_results_free(r, n);
	vf_module_free(m);
}
END_TEST

static char *temp_dir(void)
{
	char *d = strdup("/tmp/vf_cache_testXXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(d));
	return d;
}

static void remove_dir(const char *d)
{
	DIR *dir = opendir(d);
	struct dirent *de;
	char p[512];
	while (dir && (de = readdir(dir))) {
		if (de->d_name[0] == '.' && (!de->d_name[1] ||
		    (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		snprintf(p, sizeof p, "%s/%s", d, de->d_name);
		unlink(p);
	}
	if (dir)
		closedir(dir);
	rmdir(d);
}

/* Names of the entries in 'd' (at most 16); returns how many. */
static int entries(const char *d, char names[16][64])
{
	DIR *dir = opendir(d);
	struct dirent *de;
	int n = 0;
	while (dir && (de = readdir(dir)))
		if (strstr(de->d_name, ".vfc") && n < 16)
			snprintf(names[n++], 64, "%.60s", de->d_name);
	closedir(dir);
	return n;
}

START_TEST(store_hits_and_repairs)
{
	char *d = temp_dir();
	struct vf_cache *c = NULL;
	struct vf_error e = { 0 };
	ck_assert_msg(vf_cache_open(d, 1 << 20, &c, &e) == VF_OK, "%s", e.msg);
	ck_assert_ptr_nonnull(c);
	struct vf_module *m = load(2);
	struct vf_kernel_result *ref, *r;
	size_t nref, n;
	finalize(m, &ref, &nref);
	int hit = -1;
	ck_assert(vf_finalize_cached(c, m, NULL, &skl, &r, &n, &hit, &e) == VF_OK);
	ck_assert_int_eq(hit, 0);
	same(ref, nref, r, n);
	vf_kernel_results_free(r, n);
	ck_assert(vf_finalize_cached(c, m, NULL, &skl, &r, &n, &hit, &e) == VF_OK);
	ck_assert_int_eq(hit, 1);
	same(ref, nref, r, n);
	vf_kernel_results_free(r, n);
	/* one named kernel is another key */
	ck_assert(vf_finalize_cached(c, m, "k2", &skl, &r, &n, &hit, &e) == VF_OK);
	ck_assert_int_eq(hit, 0);
	same(ref, nref, r, n);
	vf_kernel_results_free(r, n);
	char names[16][64], path[512];
	ck_assert_int_eq(entries(d, names), 2);
	/* damage both entries: each is a miss, then a hit again */
	for (int i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/%s", d, names[i]);
		FILE *f = fopen(path, i ? "r+b" : "wb");
		if (i) {
			fseek(f, 60, SEEK_SET);
			fputc('#', f);
		} else {
			fputs("not an entry", f);
		}
		fclose(f);
	}
	for (int round = 0; round < 2; round++) {
		ck_assert(vf_finalize_cached(c, m, NULL, &skl, &r, &n, &hit, &e) ==
		          VF_OK);
		ck_assert_int_eq(hit, round);
		same(ref, nref, r, n);
		vf_kernel_results_free(r, n);
		ck_assert(vf_finalize_cached(c, m, "k2", &skl, &r, &n, &hit, &e) ==
		          VF_OK);
		ck_assert_int_eq(hit, round);
		same(ref, nref, r, n);
		vf_kernel_results_free(r, n);
	}
	/* without a cache the call still finalizes */
	ck_assert(vf_finalize_cached(NULL, m, NULL, &skl, &r, &n, &hit, &e) ==
	          VF_OK);
	ck_assert_int_eq(hit, 0);
	same(ref, nref, r, n);
	vf_kernel_results_free(r, n);
	vf_kernel_results_free(ref, nref);
	vf_module_free(m);
	vf_cache_close(c);
	remove_dir(d);
	free(d);
}
END_TEST

START_TEST(eviction_drops_least_recently_used)
{
	char *d = temp_dir();
	struct vf_cache *c = NULL;
	struct vf_error e = { 0 };
	struct vf_module *m[5];
	struct vf_kernel_result *r;
	size_t n;
	int hit;
	/* measure one entry, then allow a little over three */
	ck_assert(vf_cache_open(d, 1 << 20, &c, &e) == VF_OK);
	m[0] = load(0);
	ck_assert(vf_finalize_cached(c, m[0], NULL, &skl, &r, &n, &hit, &e) ==
	          VF_OK);
	vf_kernel_results_free(r, n);
	char names[16][64], path[512];
	ck_assert_int_eq(entries(d, names), 1);
	snprintf(path, sizeof path, "%s/%s", d, names[0]);
	struct stat sb;
	ck_assert_int_eq(stat(path, &sb), 0);
	vf_cache_close(c);
	ck_assert(vf_cache_open(d, (uint64_t)sb.st_size * 3 + sb.st_size / 2,
	                        &c, &e) == VF_OK);
	for (int i = 1; i < 3; i++) {
		m[i] = load(i);
		ck_assert(vf_finalize_cached(c, m[i], NULL, &skl, &r, &n, &hit, &e)
		          == VF_OK);
		vf_kernel_results_free(r, n);
	}
	/* mtimes must differ for the order to be seen */
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	nanosleep(&pause, NULL);
	/* use kernel 0 again: now kernel 1 is the oldest */
	ck_assert(vf_finalize_cached(c, m[0], NULL, &skl, &r, &n, &hit, &e) ==
	          VF_OK);
	ck_assert_int_eq(hit, 1);
	vf_kernel_results_free(r, n);
	nanosleep(&pause, NULL);
	m[3] = load(3);
	m[4] = load(4);
	ck_assert(vf_finalize_cached(c, m[3], NULL, &skl, &r, &n, &hit, &e) ==
	          VF_OK);
	vf_kernel_results_free(r, n);
	/* four entries > 3.5: down to 3/4 of the limit, oldest first */
	int left = entries(d, names);
	ck_assert_int_le(left, 2);
	ck_assert(vf_finalize_cached(c, m[3], NULL, &skl, &r, &n, &hit, &e) ==
	          VF_OK);
	ck_assert_int_eq(hit, 1);
	vf_kernel_results_free(r, n);
	/* kernel 0, older but used since, stayed */
	ck_assert(vf_finalize_cached(c, m[0], NULL, &skl, &r, &n, &hit, &e) ==
	          VF_OK);
	ck_assert_int_eq(hit, 1);
	vf_kernel_results_free(r, n);
	ck_assert(vf_finalize_cached(c, m[1], NULL, &skl, &r, &n, &hit, &e) ==
	          VF_OK);
	ck_assert_int_eq(hit, 0);
	vf_kernel_results_free(r, n);
	for (int i = 0; i < 5; i++)
		vf_module_free(m[i]);
	vf_cache_close(c);
	remove_dir(d);
	free(d);
}
END_TEST

struct worker {
	struct vf_cache *cache;
	struct vf_module *m;
	struct vf_kernel_result *r;
	size_t n;
	enum vf_status st;
};

static void *work(void *p)
{
	struct worker *w = p;
	struct vf_error e = { 0 };
	for (int round = 0; round < 4; round++) {
		vf_kernel_results_free(w->r, w->n);
		w->st = vf_finalize_cached(w->cache, w->m, NULL, &skl, &w->r, &w->n,
		                           NULL, &e);
		if (w->st != VF_OK)
			break;
	}
	return NULL;
}

START_TEST(threads_share_one_directory)
{
	char *d = temp_dir();
	struct vf_cache *c = NULL;
	struct vf_error e = { 0 };
	ck_assert(vf_cache_open(d, 1 << 20, &c, &e) == VF_OK);
	struct vf_module *m[3] = { load(5), load(6), load(7) };
	struct vf_kernel_result *ref[3];
	size_t nref[3];
	for (int i = 0; i < 3; i++)
		finalize(m[i], &ref[i], &nref[i]);
	struct worker w[8];
	pthread_t t[8];
	for (int i = 0; i < 8; i++) {
		w[i] = (struct worker){ .cache = c, .m = m[i % 3] };
		ck_assert_int_eq(pthread_create(&t[i], NULL, work, &w[i]), 0);
	}
	for (int i = 0; i < 8; i++) {
		pthread_join(t[i], NULL);
		ck_assert_int_eq(w[i].st, VF_OK);
		same(ref[i % 3], nref[i % 3], w[i].r, w[i].n);
		vf_kernel_results_free(w[i].r, w[i].n);
	}
	char names[16][64];
	ck_assert_int_eq(entries(d, names), 3);
	for (int i = 0; i < 3; i++) {
		vf_kernel_results_free(ref[i], nref[i]);
		vf_module_free(m[i]);
	}
	vf_cache_close(c);
	remove_dir(d);
	free(d);
}
END_TEST

START_TEST(open_without_a_directory)
{
	struct vf_cache *c = (struct vf_cache *)1;
	struct vf_error e = { 0 };
	unsetenv("VISAFIN_CACHE_DIR");
	ck_assert(vf_cache_open(NULL, 0, &c, &e) == VF_OK);
	ck_assert_ptr_null(c);
	/* a path through a regular file cannot be a cache */
	ck_assert_int_eq(vf_cache_open("/dev/null/cache", 0, &c, &e), VF_ERR_IO);
	ck_assert_ptr_null(c);
	ck_assert(strstr(e.msg, "/dev/null") != NULL);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("cache");
	TCase *t = tcase_create("cache");
	tcase_set_timeout(t, 120);
	tcase_add_test(t, keys_follow_what_changes_code);
	tcase_add_test(t, blob_round_trip_and_every_corruption);
	tcase_add_test(t, store_hits_and_repairs);
	tcase_add_test(t, eviction_drops_least_recently_used);
	tcase_add_test(t, threads_share_one_directory);
	tcase_add_test(t, open_without_a_directory);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
