/*
 * malloc_huge.c - the 2 MB pages of a large run, for the allocator of the
 * musl command (cli/malloc.c).  Not in the library.
 *
 * Why: the kernel fills memory that asks for it (MADV_HUGEPAGE, 2 MB-
 * aligned) with one 2 MB page per fault, ~0.05 ms per MB, against
 * ~0.4 ms per MB for 4 KB pages (their faults and their unmapping).
 * lib/arena.c maps its blocks of 4 MB and more that way; a 200k-
 * instruction kernel still took ~12,000 faults on 4 KB pages (~48 MB) in
 * the command's own mappings: the arrays of each pass, 64 KB to 2.5 MB,
 * the parser's growing tables and the arena's first chunks.  In a large
 * run (an input of LARGE_RUN bytes or more, which the command announces
 * before it parses: cli_malloc_expect) the allocator therefore takes
 *
 *   - every large block up to SLAB_MAX bytes from the slab: mappings of
 *     SLAB_LEN bytes (virtual: a page costs only once touched) of 2 MB
 *     pages, cut one block after the other; a freed block is a hole,
 *     merged with the holes beside it and cut again (best fit), so that
 *     the next pass's arrays land on pages already faulted in.  Side by
 *     side, blocks of any size share 2 MB pages: a mapping of whole
 *     2 MB pages for each would leave most of a page empty for the
 *     700 KB arrays of a 200k kernel (peak memory 115 -> 174 MB);
 *   - a block that grows (realloc) from HUGE_FROM bytes, and any larger
 *     block, as a mapping of whole 2 MB pages of its own (huge_map),
 *     grown in place up to its length, then by mremap (huge_grow): the
 *     kernel moves its 2 MB pages as they are, no copy.  One from the
 *     slab or from 4 KB pages is copied in once (moved there, 4 KB pages
 *     keep the rest of their 2 MB range on 4 KB pages).
 *
 * A smaller run keeps 4 KB pages: a 2 MB page would mostly hold nothing
 * there, and the peak memory of a 50k kernel would grow by it (its bar is
 * 34 MB; docs/bench.md, session 7).  Straight 200k: page faults 12.8k ->
 * 0.7k.
 */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE   /* mremap */
#endif
#include "malloc_huge.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define LARGE_RUN ((size_t)16 << 20)   /* ~110k instructions of text (as
                                        * CLI_PREFAULT_FROM, prefault.h) */
#define SLAB_LEN ((size_t)64 << 20)
#define MAX_HOLES 512

static bool large_run;

/* The slab: [slab_at, slab_end) not cut yet, and from slab_clean on
 * never touched; freed blocks are holes, in address order. */
struct hole {
	unsigned char *at;
	size_t len;
};
static pthread_mutex_t slab_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned char *slab_at, *slab_end, *slab_clean;
static struct hole holes[MAX_HOLES];
static unsigned nholes;

void cli_malloc_expect(size_t input_bytes)
{
	if (input_bytes >= LARGE_RUN)
		__atomic_store_n(&large_run, true, __ATOMIC_RELAXED);
}

bool huge_large_run(void)
{
	return __atomic_load_n(&large_run, __ATOMIC_RELAXED);
}

void *huge_map(size_t len)
{
	/* map a page short of 2 MB more, keep the aligned part */
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t over = len + HUGE_PAGE - page;
	if (over < len)
		return NULL;
	unsigned char *m = mmap(NULL, over, PROT_READ | PROT_WRITE,
	                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return NULL;
	unsigned char *a = (unsigned char *)
		(((uintptr_t)m + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
	if (a > m)
		munmap(m, (size_t)(a - m));
	if (a + len < m + over)
		munmap(a + len, (size_t)(m + over - (a + len)));
	(void)madvise(a, len, MADV_HUGEPAGE);
	return a;
}

void *huge_grow(void *m, size_t old, size_t len)
{
	void *g = mremap(m, old, len, 0);
	if (g != MAP_FAILED)
		return g;
	/* moved onto a fresh aligned mapping, which it replaces (the moved
	 * mapping keeps its MADV_HUGEPAGE) */
	void *to = huge_map(len);
	if (!to)
		return NULL;
	g = mremap(m, old, len, MREMAP_MAYMOVE | MREMAP_FIXED, to);
	if (g == MAP_FAILED) {
		munmap(to, len);
		return NULL;
	}
	return g;
}

static void hole_drop(unsigned i)
{
	nholes--;
	memmove(holes + i, holes + i + 1, (nholes - i) * sizeof *holes);
}

void *slab_take(size_t len, bool *fresh)
{
	pthread_mutex_lock(&slab_lock);
	unsigned best = nholes;
	for (unsigned i = 0; i < nholes; i++)
		if (holes[i].len >= len &&
		    (best == nholes || holes[i].len < holes[best].len))
			best = i;
	unsigned char *p = NULL;
	if (best < nholes) {
		p = holes[best].at;
		holes[best].at += len;
		holes[best].len -= len;
		if (!holes[best].len)
			hole_drop(best);
		*fresh = false;
		goto out;
	}
	if ((size_t)(slab_end - slab_at) < len) {
		/* a new slab; the old one's uncut end stays unused (its
		 * untouched pages cost nothing) */
		unsigned char *m = huge_map(SLAB_LEN);
		if (!m)
			goto out;
		slab_at = slab_clean = m;
		slab_end = m + SLAB_LEN;
	}
	p = slab_at;
	slab_at += len;
	*fresh = p >= slab_clean;
	if (slab_at > slab_clean)
		slab_clean = slab_at;
out:
	pthread_mutex_unlock(&slab_lock);
	return p;
}

/* A hole that does not fit in a full list and touches no other stays
 * unused: the command's run ends soon enough. */
void slab_give(void *p, size_t len)
{
	unsigned char *at = p;
	pthread_mutex_lock(&slab_lock);
	unsigned i = 0;
	while (i < nholes && holes[i].at < at)
		i++;
	bool after_prev = i > 0 && holes[i - 1].at + holes[i - 1].len == at;
	bool before_next = i < nholes && at + len == holes[i].at;
	if (after_prev) {
		i--;
		holes[i].len += len;
		if (before_next) {
			holes[i].len += holes[i + 1].len;
			hole_drop(i + 1);
		}
	} else if (before_next) {
		holes[i].at = at;
		holes[i].len += len;
	} else if (nholes < MAX_HOLES) {
		memmove(holes + i + 1, holes + i, (nholes - i) * sizeof *holes);
		holes[i] = (struct hole){ at, len };
		nholes++;
	} else {
		pthread_mutex_unlock(&slab_lock);
		return;
	}
	/* a hole that reaches the uncut end goes back into it */
	if (holes[i].at + holes[i].len == slab_at) {
		slab_at = holes[i].at;
		hole_drop(i);
	}
	pthread_mutex_unlock(&slab_lock);
}
