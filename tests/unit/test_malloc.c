/*
 * test_malloc.c - the musl command's allocator (cli/malloc.c), linked
 * the way the command is (static, musl; Makefile.am).  Plain C, no
 * Check: Check's library is built for glibc.
 *
 * Patterns the command's runs make: blocks of every size class freed and
 * taken again, arrays grown by realloc across the small and large
 * blocks, calloc'ed blocks made of freed ones, aligned blocks, and the
 * large blocks that reuse_large assembles from several freed ones.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *memalign(size_t align, size_t size);
size_t malloc_usable_size(void *p);
void cli_malloc_expect(size_t input_bytes);

static int failed, passed;

#define CHECK(cond)                                                        \
	do {                                                               \
		if (cond)                                                  \
			passed++;                                          \
		else {                                                     \
			failed++;                                          \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, \
			        #cond);                                    \
		}                                                          \
	} while (0)

static void fill(unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(i * 31u + seed);
}

static int same(const unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(i * 31u + seed))
			return 0;
	return 1;
}

static int zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* Every size from 1 byte to 8 MB (doubling, and one past each), written
 * whole, then checked after all are made: no two overlap. */
static void sizes(void)
{
	enum { N = 48 };
	unsigned char *p[N];
	size_t n[N];
	unsigned k = 0;
	for (size_t s = 1; s <= ((size_t)8 << 20) && k + 1 < N; s *= 2) {
		n[k] = s;
		n[k + 1] = s + 1;
		k += 2;
	}
	for (unsigned i = 0; i < k; i++) {
		p[i] = malloc(n[i]);
		CHECK(p[i] && ((uintptr_t)p[i] & 15) == 0);
		CHECK(malloc_usable_size(p[i]) >= n[i]);
		fill(p[i], n[i], i);
	}
	for (unsigned i = 0; i < k; i++) {
		CHECK(same(p[i], n[i], i));
		free(p[i]);
	}
}

/* An array grown by realloc from 8 bytes to 16 MB keeps its contents,
 * across small classes, from small to large, and between large ones. */
static void grow(void)
{
	size_t n = 8;
	unsigned char *p = malloc(n);
	fill(p, n, 7);
	while (n < ((size_t)16 << 20)) {
		size_t m = n + n / 2 + 3;
		p = realloc(p, m);
		CHECK(p && same(p, n, 7));
		fill(p, m, 7);
		n = m;
	}
	/* shrinking keeps the block's first bytes */
	p = realloc(p, 100);
	CHECK(p && same(p, 100, 7));
	free(p);
}

/* calloc gives zeros also when it reuses a freed block. */
static void cleared(void)
{
	static const size_t sz[] = { 24, 4000, 70000, 300000, (size_t)3 << 20 };
	for (unsigned i = 0; i < sizeof sz / sizeof *sz; i++) {
		unsigned char *p = malloc(sz[i]);
		memset(p, 0xab, sz[i]);
		free(p);
		unsigned char *q = calloc(1, sz[i]);
		CHECK(q && zero(q, sz[i]));
		free(q);
	}
	/* (volatile: GCC refuses a constant product past SIZE_MAX) */
	volatile size_t huge = SIZE_MAX / 2;
	CHECK(calloc(huge, 4) == NULL);
}

/* Many large blocks freed, then a larger one asked for: reuse_large
 * makes it of freed ones moved side by side.  It is usable whole,
 * cleared by calloc, and grows by realloc with its contents (mremap
 * cannot take such a block: realloc copies it). */
static void assembled(void)
{
	enum { N = 12 };
	size_t each = 200000;
	unsigned char *p[N];
	for (unsigned i = 0; i < N; i++) {
		p[i] = malloc(each);
		memset(p[i], 0xcd, each);
	}
	for (unsigned i = 0; i < N; i++)
		free(p[i]);
	size_t big = each * N / 2;
	unsigned char *q = calloc(1, big);
	CHECK(q && zero(q, big));
	fill(q, big, 3);
	q = realloc(q, big * 4);
	CHECK(q && same(q, big, 3));
	free(q);

	for (unsigned i = 0; i < N; i++) {
		p[i] = malloc(each);
		fill(p[i], each, i);
	}
	for (unsigned i = 0; i < N; i += 2)
		free(p[i]);
	q = malloc(each * 3);
	fill(q, each * 3, 99);
	for (unsigned i = 1; i < N; i += 2) {
		CHECK(same(p[i], each, i));
		free(p[i]);
	}
	CHECK(same(q, each * 3, 99));
	free(q);
}

/* aligned_alloc, posix_memalign and memalign: aligned, usable, freed by
 * free (also through realloc). */
static void aligned(void)
{
	static const size_t al[] = { 8, 16, 32, 64, 4096, (size_t)1 << 20 };
	for (unsigned i = 0; i < sizeof al / sizeof *al; i++) {
		size_t n = 1000 + i * 100000;
		unsigned char *p = aligned_alloc(al[i], n);
		CHECK(p && ((uintptr_t)p & (al[i] - 1)) == 0);
		CHECK(malloc_usable_size(p) >= n);
		fill(p, n, i);
		p = realloc(p, n * 3);
		CHECK(p && same(p, n, i));
		free(p);
		void *q = NULL;
		CHECK(posix_memalign(&q, al[i] < sizeof(void *) ? sizeof(void *)
		                                                 : al[i], n) == 0);
		CHECK(q && ((uintptr_t)q & (al[i] - 1)) == 0);
		free(q);
		q = memalign(al[i], n);
		CHECK(q && ((uintptr_t)q & (al[i] - 1)) == 0);
		free(q);
	}
	CHECK(aligned_alloc(48, 10) == NULL);
	void *q;
	CHECK(posix_memalign(&q, 3, 10) != 0);
}

/* In a large run a block up to 4 MB is cut from the slab: blocks side
 * by side that do not overlap, a freed one cut again (cleared by calloc),
 * neighbours merged; one that grows by realloc moves to a mapping of
 * whole 2 MB pages, 2 MB-aligned, grown in place within it and past it;
 * a larger block is such a mapping from the start. */
static void large_run_blocks(void)
{
	const size_t two = (size_t)2 << 20;
	enum { N = 9 };
	unsigned char *p[N];
	for (unsigned i = 0; i < N; i++) {
		p[i] = malloc(300000 + i * 70000);
		fill(p[i], 300000 + i * 70000, i);
	}
	for (unsigned i = 0; i < N; i++)
		CHECK(same(p[i], 300000 + i * 70000, i));
	/* 2, 3 and 4 freed: merged, they hold a block of their sum */
	size_t sum = 0;
	for (unsigned i = 2; i <= 4; i++) {
		sum += malloc_usable_size(p[i]) + 16;
		free(p[i]);
	}
	unsigned char *q = calloc(1, sum - 16);
	CHECK(q == p[2] && zero(q, sum - 16));
	for (unsigned i = 0; i < N; i++)
		if (i < 2 || i > 4)
			CHECK(same(p[i], 300000 + i * 70000, i));
	/* grown: out of the slab into a 2 MB-aligned mapping */
	fill(q, sum - 16, 4);
	unsigned char *r = realloc(q, sum + 1000);
	CHECK(r && r != q && ((uintptr_t)(r - 16) & (two - 1)) == 0 &&
	      same(r, sum - 16, 4));
	CHECK(malloc_usable_size(r) + 16 == (sum + 1016 + two - 1) / two * two);
	size_t cap = malloc_usable_size(r);
	unsigned char *same_r = realloc(r, cap);
	CHECK(same_r == r);
	r = realloc(same_r, 5 * two);
	CHECK(r && ((uintptr_t)(r - 16) & (two - 1)) == 0 && same(r, sum - 16, 4));
	fill(r, 5 * two, 6);
	free(r);
	for (unsigned i = 0; i < N; i++)
		if (i < 2 || i > 4)
			free(p[i]);
	q = malloc(5 * two);
	CHECK(q && ((uintptr_t)(q - 16) & (two - 1)) == 0);
	free(q);
}

/* The patterns every run must serve. */
static void patterns(void)
{
	sizes();
	grow();
	cleared();
	assembled();
	aligned();
}

int main(void)
{
	free(NULL);
	CHECK(realloc(NULL, 10) != NULL);
	for (int round = 0; round < 3; round++)
		patterns();
	/* the same patterns in a large run, and its own */
	cli_malloc_expect((size_t)1 << 30);
	for (int round = 0; round < 3; round++) {
		patterns();
		large_run_blocks();
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
