/*
 * malloc.c - the memory allocator of the visafin command when it is built
 * against musl (m4/vf_musl.m4; docs/build.md).  Not in the library.
 *
 * Why: musl's allocator hands memory back to the kernel as soon as a
 * group of blocks empties, so one small kernel's process mapped and
 * unmapped some twenty regions and took a page fault for every first
 * touch of each: ~0.19 ms of a ~0.6 ms process (issue 12), more than
 * glibc's start-up that building against musl saves.  A process of the
 * command lives for one run, so this allocator keeps what is freed for
 * the next request instead:
 *
 *   - a block up to SMALL_MAX bytes (its 16-byte header included) is a
 *     power of two, cut from regions of REGION bytes mapped once and
 *     never unmapped; freed, it goes on the free list of its size and
 *     is handed out again from there;
 *   - a larger block is a mapping of its own (page multiple), grown with
 *     mremap, as the big arrays of a large kernel want; freed, it is
 *     kept (up to KEEP_MAX bytes in KEEP_COUNT mappings, the oldest
 *     unmapped first) and made into the next large block: the smallest
 *     that holds it, trimmed, or else several moved side by side into
 *     a new mapping (reuse_large): a large kernel frees and asks again
 *     for big blocks of other sizes pass after pass, and a fresh
 *     mapping faults on every page again (glibc's heap reuses them).
 *     Blocks from 64 KB up are large: as power-of-two blocks, the
 *     64-256 KB arrays of a 50k kernel sat idle on their free lists,
 *     ~8 MB at its peak.
 *
 * A large run (an input of 16 MB or more) takes its large blocks from
 * 2 MB pages instead, from a slab or as mappings of their own that grow
 * by mremap: cli/malloc_huge.c.
 *
 * The header before each block holds its size (so free and realloc know
 * the class) and, for the pointer that aligned_alloc returns inside a
 * block, the distance back to the block's own pointer; a large block's
 * says where it comes from (OWN_*).  One mutex guards
 * the free lists and the region (batch mode's threads share them).
 * Defining malloc, free, calloc, realloc, aligned_alloc, posix_memalign,
 * memalign and malloc_usable_size replaces musl's in a static link (musl
 * keeps its own allocator for the few allocations it makes and frees
 * internally).
 */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE   /* mremap */
#endif
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "malloc_huge.h"

/* declared by <malloc.h> (musl) or not at all: the prototypes here */
void *memalign(size_t align, size_t size);
size_t malloc_usable_size(void *p);

#define MIN_SHIFT 5                     /* 32-byte blocks: 16 of data */
#define MAX_SHIFT 16                    /* 64 KB */
#define SMALL_MAX ((size_t)1 << MAX_SHIFT)
#define REGION ((size_t)4 << 20)
#define HEAD 16u
/* Freed large mappings kept: more would stay idle at a large kernel's
 * peak (a pass frees ~30 MB of arrays at 200k instructions) */
#define KEEP_COUNT 64
#define KEEP_MAX ((size_t)16 << 20)

/* A large run (cli/malloc_huge.c): a block that grows from this size on
 * is a mapping of 2 MB pages */
#define HUGE_FROM ((size_t)256 << 10)

struct head {
	size_t size;    /* the whole block; 0: an aligned pointer inside one */
	size_t back;    /* (size 0) bytes back to the block's own pointer,
	                 * (a large block) where it comes from: */
};
enum { OWN_4K, OWN_HUGE, OWN_SLAB };

struct free_block {
	struct free_block *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct free_block *free_list[MAX_SHIFT + 1];
static unsigned char *region_at, *region_end;
/* freed large mappings kept for reuse (their heads hold the length) */
static struct head *kept[KEEP_COUNT];
static unsigned nkept;
static size_t kept_bytes;

/* Take kept[i] off the list (which stays oldest first). */
static struct head *unkeep(unsigned i)
{
	struct head *h = kept[i];
	nkept--;
	memmove(kept + i, kept + i + 1, (nkept - i) * sizeof *kept);
	kept_bytes -= h->size;
	return h;
}

/* A mapping of len bytes made from kept ones, whose pages are mapped
 * already, or NULL if none is kept.  The smallest kept one of at least
 * len bytes (its tail unmapped when it is more than twice that); when
 * every kept one is smaller, a fresh mapping of len bytes with kept ones
 * moved into it side by side (mremap to a fixed address moves a
 * mapping's pages, no copy): a pass frees dozens of arrays of one size
 * and the next asks for a few of another, and this way their pages are
 * used again instead of faulting in new ones while the old stay idle. */
static struct head *reuse_large(size_t len)
{
	pthread_mutex_lock(&lock);
	struct head *best = NULL;
	unsigned at = 0;
	for (unsigned i = 0; i < nkept; i++) {
		size_t l = kept[i]->size;
		if (l >= len && (!best || l < best->size)) {
			best = kept[i];
			at = i;
		}
	}
	if (best) {
		unkeep(at);
		pthread_mutex_unlock(&lock);
		if (best->size / 2 > len) {
			munmap((unsigned char *)best + len, best->size - len);
			best->size = len;
		}
		return best;
	}
	if (!nkept) {
		pthread_mutex_unlock(&lock);
		return NULL;
	}
	unsigned char *m = mmap(NULL, len, PROT_READ | PROT_WRITE,
	                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		pthread_mutex_unlock(&lock);
		return NULL;
	}
	/* newest first: the likeliest to be in the cache */
	size_t filled = 0;
	for (unsigned i = nkept; i-- > 0;) {
		size_t l = kept[i]->size;
		if (l > len - filled)
			continue;
		struct head *k = unkeep(i);
		if (mremap(k, l, l, MREMAP_MAYMOVE | MREMAP_FIXED,
		           m + filled) == MAP_FAILED) {
			munmap(k, l);
			continue;
		}
		filled += l;
	}
	pthread_mutex_unlock(&lock);
	struct head *h = (struct head *)m;
	h->size = len;
	return h;
}

/* Keep the freed large mapping h for reuse, in place of the oldest
 * kept one when the list is full (the sizes freed last are the likely
 * next requests); unmap what is not kept.  One of 2 MB pages is not
 * kept: idle, it would add to the peak, and the kernel hands its pages
 * to the next 2 MB fault, cleared at ~0.05 ms per MB. */
static void free_large(struct head *h)
{
	struct head *oldest = NULL;
	bool keep = false;
	pthread_mutex_lock(&lock);
	if (h->size <= KEEP_MAX && h->back == OWN_4K) {
		if (nkept == KEEP_COUNT)
			oldest = unkeep(0);   /* the list is oldest first */
		keep = h->size <= KEEP_MAX - kept_bytes;
		if (keep) {
			kept[nkept++] = h;
			kept_bytes += h->size;
		}
	}
	pthread_mutex_unlock(&lock);
	if (oldest)
		munmap(oldest, oldest->size);
	if (!keep)
		munmap(h, h->size);
}

static struct head *head_of(void *p)
{
	return (struct head *)((unsigned char *)p - HEAD);
}

/* The block's own pointer of p (past aligned_alloc's offset). */
static void *own_pointer(void *p)
{
	struct head *h = head_of(p);
	return h->size ? p : (unsigned char *)p - h->back;
}

static unsigned shift_for(size_t whole)
{
	unsigned s = MIN_SHIFT;
	while (((size_t)1 << s) < whole)
		s++;
	return s;
}

static size_t page_round(size_t n)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	return n > SIZE_MAX - page ? 0 : (n + page - 1) & ~(page - 1);
}

/* n rounded up to whole 2 MB pages; 0 on overflow. */
static size_t huge_round(size_t n)
{
	return n > SIZE_MAX - HUGE_PAGE ? 0
	       : (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
}

/* A large block of len bytes (a page multiple), or NULL; grows: for
 * realloc (see cli/malloc_huge.c). */
static struct head *take_large(size_t len, bool *fresh, bool grows)
{
	struct head *h = NULL;
	unsigned own = OWN_4K;
	if (huge_large_run()) {
		if (!grows && len <= SLAB_MAX) {
			h = slab_take(len, fresh);
			own = OWN_SLAB;
		} else if (len >= HUGE_FROM) {
			if (!(len = huge_round(len)))
				return NULL;
			h = huge_map(len);
			*fresh = true;
			own = OWN_HUGE;
		}
	}
	if (!h) {
		own = OWN_4K;
		h = reuse_large(len);
		*fresh = !h;
		if (!h) {
			h = mmap(NULL, len, PROT_READ | PROT_WRITE,
			         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (h == MAP_FAILED)
				return NULL;
		}
	}
	h->size = len;
	h->back = own;
	return h;
}

/* A block for 'size' bytes of data; *fresh: never used before (zero);
 * grows: for realloc.
 * A kept large block is reused for calloc too (cleared by it): the big
 * zeroed arrays here are written whole, and clearing pages already
 * mapped costs less than faulting fresh ones in. */
static void *take(size_t size, bool *fresh, bool grows)
{
	if (size > SIZE_MAX - HEAD)
		return NULL;
	size_t whole = size + HEAD;
	if (whole > SMALL_MAX) {
		size_t len = page_round(whole);
		struct head *h = len ? take_large(len, fresh, grows) : NULL;
		return h ? (unsigned char *)h + HEAD : NULL;
	}
	unsigned s = shift_for(whole);
	size_t bsize = (size_t)1 << s;
	unsigned char *b = NULL;
	pthread_mutex_lock(&lock);
	if (free_list[s]) {
		b = (unsigned char *)free_list[s];
		free_list[s] = free_list[s]->next;
		*fresh = false;
	} else {
		if ((size_t)(region_end - region_at) < bsize) {
			/* the old region's tail is left unused (untouched
			 * pages cost nothing) */
			void *m = mmap(NULL, REGION, PROT_READ | PROT_WRITE,
			               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (m != MAP_FAILED) {
				region_at = m;
				region_end = region_at + REGION;
			}
		}
		if ((size_t)(region_end - region_at) >= bsize) {
			b = region_at;
			region_at += bsize;
			*fresh = true;
		}
	}
	pthread_mutex_unlock(&lock);
	if (!b)
		return NULL;
	struct head *h = (struct head *)b;
	h->size = bsize;
	h->back = 0;
	return b + HEAD;
}

void *malloc(size_t size)
{
	bool fresh;
	void *p = take(size, &fresh, false);
	if (!p)
		errno = ENOMEM;
	return p;
}

void free(void *p)
{
	if (!p)
		return;
	p = own_pointer(p);
	struct head *h = head_of(p);
	if (h->size > SMALL_MAX) {
		if (h->back == OWN_SLAB)
			slab_give(h, h->size);
		else
			free_large(h);
		return;
	}
	unsigned s = shift_for(h->size);
	struct free_block *f = (struct free_block *)h;
	pthread_mutex_lock(&lock);
	f->next = free_list[s];
	free_list[s] = f;
	pthread_mutex_unlock(&lock);
}

void *calloc(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size) {
		errno = ENOMEM;
		return NULL;
	}
	bool fresh;
	void *p = take(n * size, &fresh, false);
	if (!p) {
		errno = ENOMEM;
		return NULL;
	}
	if (!fresh)
		memset(p, 0, n * size);
	return p;
}

/* Bytes of data that p can hold. */
size_t malloc_usable_size(void *p)
{
	if (!p)
		return 0;
	void *own = own_pointer(p);
	return head_of(own)->size - HEAD -
	       (size_t)((unsigned char *)p - (unsigned char *)own);
}

void *realloc(void *p, size_t size)
{
	if (!p)
		return malloc(size);
	size_t cap = malloc_usable_size(p);
	if (size <= cap)
		return p;
	struct head *h = head_of(p);
	if (h->size > SMALL_MAX) {
		/* its own mapping: grown (or moved) by the kernel, no copy;
		 * copied below when that fails (a mapping made of kept ones
		 * moved side by side is several to the kernel, and mremap
		 * takes one) */
		size_t len = size > SIZE_MAX - HEAD ? 0 : page_round(size + HEAD);
		if (!len) {
			errno = ENOMEM;
			return NULL;
		}
		struct head *m = NULL;
		if (h->back == OWN_HUGE) {
			len = huge_round(len);
			m = len ? huge_grow(h, h->size, len) : NULL;
		} else if (h->back == OWN_4K &&
		           (len < HUGE_FROM || !huge_large_run())) {
			m = mremap(h, h->size, len, MREMAP_MAYMOVE);
			if (m == MAP_FAILED)
				m = NULL;
		}
		if (m) {
			m->size = len;
			return (unsigned char *)m + HEAD;
		}
	}
	/* else a block that grows, out of the slab or onto 2 MB pages
	 * (cli/malloc_huge.c), or one mremap cannot take: copied */
	bool fresh;
	void *q = take(size, &fresh, true);
	if (!q) {
		errno = ENOMEM;
		return NULL;
	}
	memcpy(q, p, cap);
	free(p);
	return q;
}

void *aligned_alloc(size_t align, size_t size)
{
	if (align <= HEAD)
		return malloc(size);
	if (align & (align - 1)) {
		errno = EINVAL;
		return NULL;
	}
	if (size > SIZE_MAX - align - HEAD) {
		errno = ENOMEM;
		return NULL;
	}
	unsigned char *q = malloc(size + align + HEAD);
	if (!q)
		return NULL;
	/* the first aligned address with room for a header after q's */
	unsigned char *p = (unsigned char *)
		(((uintptr_t)q + HEAD + align - 1) & ~(uintptr_t)(align - 1));
	struct head *h = head_of(p);
	h->size = 0;
	h->back = (size_t)(p - q);
	return p;
}

int posix_memalign(void **out, size_t align, size_t size)
{
	if (align < sizeof(void *) || (align & (align - 1)))
		return EINVAL;
	void *p = aligned_alloc(align, size);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

void *memalign(size_t align, size_t size)
{
	return aligned_alloc(align, size);
}
