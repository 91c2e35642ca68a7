/*
 * arena.c - region allocator (see arena.h).
 *
 * Small requests are cut from chunks (16 KB, doubling up to 1 MB; once
 * an arena has HUGE_CHUNK_AFTER bytes of chunks, one huge page each, see
 * chunk_new).  A
 * request of BIG_MIN bytes or more gets a block of its own from malloc,
 * kept on a doubly linked list: growing it is a realloc (for the large
 * blocks glibc maps, a remap without copying), so an array that doubles
 * leaves no old copies behind, and calloc gives zeroed big blocks without
 * touching their pages.  Invariant the growth path relies on: a block is
 * a big block exactly when its size (as the caller states it) is at least
 * BIG_MIN; chunk allocations never grow in place past that size.
 *
 * A block of HUGE_MIN bytes or more (the instruction arrays of a large
 * kernel, the parser's tables) is mapped by the arena itself, its length
 * a multiple of 2 MB, with MADV_HUGEPAGE: the kernel then fills it with
 * 2 MB pages, one page fault where 4 KB pages take 512 (transparent huge
 * pages are "madvise" on the usual distributions; elsewhere the hint is
 * a no-op).  Mapping it ourselves also keeps these blocks out of glibc's
 * dynamic mmap threshold, which freeing a large malloc'ed block raises
 * (every smaller block after it then comes from the heap and stays).
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE   /* mremap */
#endif
#include "arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define ARENA_MIN_CHUNK (16u * 1024u)
#define ARENA_MAX_CHUNK (1024u * 1024u)
#define ARENA_ALIGN 16u
#define BIG_MIN (128u * 1024u)
#define HUGE_CHUNK_AFTER ((size_t)4 << 20)

struct chunk {
	struct chunk *next;
	size_t size, used;
	size_t mapped;          /* length of its own mapping, 0: malloc'ed */
	_Alignas(16) unsigned char data[];
};

struct big {
	struct big *prev, *next;
	size_t mapped;          /* length of its own mapping, 0: malloc'ed */
	_Alignas(16) unsigned char data[];
};

struct vf_arena {
	struct chunk *head;
	struct big *bigs;
	void *last;             /* the newest chunk allocation (vf_arena_grow) */
	size_t next_size;
	size_t requested;
	size_t chunk_bytes;     /* in chunks made so far (HUGE_CHUNK_AFTER) */
	bool large;             /* huge-page chunks at once (vf_arena_new_large) */
};

/* Under AddressSanitizer every allocation is a block of its own, so that
 * a read or write past the end of one is caught (inside a chunk it would
 * land in the next allocation). */
#if defined(__SANITIZE_ADDRESS__)
#define EACH_OWN_BLOCK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EACH_OWN_BLOCK 1
#endif
#endif
#ifndef EACH_OWN_BLOCK
#define EACH_OWN_BLOCK 0
#endif

/* Told of fresh huge-page mappings (vf_arena_set_map_hook). */
static void (*map_hook)(void *start, size_t len);

void vf_arena_set_map_hook(void (*hook)(void *start, size_t len))
{
	__atomic_store_n(&map_hook, hook, __ATOMIC_RELEASE);
}

/* Blocks mapped by the arena (see the top): Linux only, and not under
 * AddressSanitizer (it checks malloc'ed memory only). */
#if defined(__linux__) && defined(MADV_HUGEPAGE) && !EACH_OWN_BLOCK
#define HAVE_HUGE 1
#define HUGE_MIN ((size_t)4 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

static size_t huge_len(size_t size)
{
	size_t need = sizeof(struct big) + size;
	return need > SIZE_MAX - HUGE_PAGE ? 0
	       : (need + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
}

static void tell_map_hook(void *start, size_t len)
{
	void (*hook)(void *, size_t) = __atomic_load_n(&map_hook,
	                                               __ATOMIC_ACQUIRE);
	if (hook)
		hook(start, len);
}

/* A fresh mapping of len bytes that asks for huge pages, or NULL. */
static void *huge_map(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	(void)madvise(p, len, MADV_HUGEPAGE);
	tell_map_hook(p, len);
	return p;
}

/* A new mapped block of 'size' bytes (zero, as fresh mappings are). */
static struct big *huge_new(size_t size)
{
	size_t len = huge_len(size);
	if (!len)
		return NULL;
	struct big *b = huge_map(len);
	if (!b)
		return NULL;
	b->mapped = len;
	return b;
}

/* The block grown to 'size' bytes: in place when its mapping has room,
 * else moved by the kernel (no copy; the hint moves with it). */
static struct big *huge_grow(struct big *b, size_t size)
{
	size_t len = huge_len(size);
	if (!len)
		return NULL;
	if (len <= b->mapped)
		return b;
	void *p = mremap(b, b->mapped, len, MREMAP_MAYMOVE);
	if (p == MAP_FAILED)
		return NULL;
	b = p;
	b->mapped = len;
	return b;
}

/* A chunk of one huge page (see chunk_new), or NULL. */
static struct chunk *huge_chunk(void)
{
	struct chunk *c = huge_map(HUGE_PAGE);
	if (!c)
		return NULL;
	c->size = HUGE_PAGE - sizeof *c;
	c->mapped = HUGE_PAGE;
	return c;
}
#else
#define HAVE_HUGE 0
#define HUGE_MIN SIZE_MAX
static struct big *huge_new(size_t size)
{
	(void)size;
	return NULL;
}
static struct chunk *huge_chunk(void)
{
	return NULL;
}
static struct big *huge_grow(struct big *b, size_t size)
{
	(void)b, (void)size;
	return NULL;
}
#endif

/* A chunk or big block: unmapped when it is a mapping of its own
 * ('mapped' bytes), else freed. */
static void block_free(void *p, size_t mapped)
{
#if HAVE_HUGE
	if (mapped) {
		munmap(p, mapped);
		return;
	}
#else
	(void)mapped;
#endif
	free(p);
}

static void chunks_free(struct chunk *c)
{
	for (struct chunk *n; c; c = n) {
		n = c->next;
		block_free(c, c->mapped);
	}
}

static void bigs_free(struct big *b)
{
	for (struct big *n; b; b = n) {
		n = b->next;
		block_free(b, b->mapped);
	}
}

struct vf_arena *vf_arena_new(void)
{
	struct vf_arena *a = calloc(1, sizeof *a);
	if (a)
		a->next_size = ARENA_MIN_CHUNK;
	return a;
}

struct vf_arena *vf_arena_new_large(void)
{
	struct vf_arena *a = vf_arena_new();
	if (a)
		a->large = true;
	return a;
}

void vf_arena_free(struct vf_arena *a)
{
	if (!a)
		return;
	chunks_free(a->head);
	bigs_free(a->bigs);
	free(a);
}

void vf_arena_reset(struct vf_arena *a)
{
	struct chunk *keep = a->head;
	if (keep) {
		chunks_free(keep->next);
		keep->next = NULL;
		keep->used = 0;
	}
	bigs_free(a->bigs);
	a->bigs = NULL;
	a->last = NULL;
	a->requested = 0;
}

static struct big *big_of(void *p)
{
	return (struct big *)((unsigned char *)p - offsetof(struct big, data));
}

static void big_link(struct vf_arena *a, struct big *b)
{
	b->prev = NULL;
	b->next = a->bigs;
	if (a->bigs)
		a->bigs->prev = b;
	a->bigs = b;
}

static void big_unlink(struct vf_arena *a, struct big *b)
{
	if (b->prev)
		b->prev->next = b->next;
	else
		a->bigs = b->next;
	if (b->next)
		b->next->prev = b->prev;
}

static void *big_alloc(struct vf_arena *a, size_t size, bool zero)
{
	if (size > SIZE_MAX - sizeof(struct big))
		return NULL;
	/* (a mapping that fails falls back to malloc) */
	struct big *b = size >= HUGE_MIN ? huge_new(size) : NULL;
	if (!b) {
		b = zero ? calloc(1, sizeof *b + size) : malloc(sizeof *b + size);
		if (!b)
			return NULL;
		b->mapped = 0;
	}
	big_link(a, b);
	a->requested += size;
	return b->data;
}

/* A new chunk with room for need bytes.  An arena that has filled
 * HUGE_CHUNK_AFTER bytes of chunks (the module's of a large kernel, a
 * pass's scratch over its instructions) gets chunks of one huge page
 * from then on: one page fault where 4 KB pages take 512, and only the
 * newest chunk is partly used. */
static struct chunk *chunk_new(struct vf_arena *a, size_t need)
{
	struct chunk *c = NULL;
	if (a->chunk_bytes >= HUGE_CHUNK_AFTER || a->large)
		c = huge_chunk();
	if (!c) {
		/* a request larger than the next chunk size (up to BIG_MIN)
		 * gets a chunk that holds it */
		size_t csize = a->next_size < need ? need : a->next_size;
		c = malloc(sizeof *c + csize);
		if (!c)
			return NULL;
		c->size = csize;
		c->mapped = 0;
	}
	a->chunk_bytes += c->size;
	return c;
}

static void *alloc(struct vf_arena *a, size_t size, bool zero)
{
	if (size >= BIG_MIN || EACH_OWN_BLOCK)
		return big_alloc(a, size, zero);
	size_t need = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	struct chunk *c = a->head;
	if (!c || c->size - c->used < need) {
		c = chunk_new(a, need);
		if (!c)
			return NULL;
		c->used = 0;
		c->next = a->head;
		a->head = c;
		if (a->next_size < ARENA_MAX_CHUNK)
			a->next_size *= 2;
	}
	void *p = c->data + c->used;
	c->used += need;
	a->requested += size;
	a->last = p;
	if (zero)
		memset(p, 0, size);
	return p;
}

void *vf_arena_alloc_raw(struct vf_arena *a, size_t size)
{
	return alloc(a, size, false);
}

void *vf_arena_alloc(struct vf_arena *a, size_t size)
{
	return alloc(a, size, true);
}

void *vf_arena_array_raw(struct vf_arena *a, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	size_t total = n * size;
	return alloc(a, total ? total : 1, false);
}

void *vf_arena_array(struct vf_arena *a, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	size_t total = n * size;
	return alloc(a, total ? total : 1, true);
}

void *vf_arena_grow(struct vf_arena *a, void *p, size_t old_n, size_t new_n,
                    size_t size)
{
	if (size && new_n > SIZE_MAX / size)
		return NULL;
	size_t old_size = old_n * size, new_size = new_n * size;
	if (!p || !old_n)
		return vf_arena_array_raw(a, new_n, size);
	if (old_size >= BIG_MIN) {
		/* Its own block: realloc it (the list links move with it). */
		struct big *b = big_of(p);
		if (new_size > SIZE_MAX - sizeof *b)
			return NULL;
		struct big *prev = b->prev, *next = b->next;
		struct big *nb;
		if (b->mapped)
			nb = huge_grow(b, new_size);
		else if (new_size >= HUGE_MIN &&
		         (nb = huge_new(new_size)) != NULL) {
			/* from malloc to a mapping: the one copy */
			memcpy(nb->data, b->data, old_size);
			free(b);
		} else
			nb = realloc(b, sizeof *nb + new_size);
		if (!nb)
			return NULL;
		nb->prev = prev;
		nb->next = next;
		if (prev)
			prev->next = nb;
		else
			a->bigs = nb;
		if (next)
			next->prev = nb;
		a->requested += new_size - old_size;
		return nb->data;
	}
	struct chunk *c = a->head;
	if (p == a->last && c && new_size < BIG_MIN) {
		size_t at = (size_t)((unsigned char *)p - c->data);
		size_t need = (new_size + ARENA_ALIGN - 1) &
		              ~(size_t)(ARENA_ALIGN - 1);
		if (need <= c->size - at) {
			a->requested += new_size - old_size;
			c->used = at + need;
			return p;
		}
	}
	void *q = vf_arena_array_raw(a, new_n, size);
	if (q)
		memcpy(q, p, old_size);
	return q;
}

void vf_arena_release(struct vf_arena *a, void *p, size_t size)
{
	if (!p || size < BIG_MIN)
		return;
	struct big *b = big_of(p);
	big_unlink(a, b);
	block_free(b, b->mapped);
}

void *vf_arena_memdup(struct vf_arena *a, const void *p, size_t size)
{
	void *q = alloc(a, size ? size : 1, false);
	if (q && size)
		memcpy(q, p, size);
	return q;
}

char *vf_arena_strndup(struct vf_arena *a, const char *s, size_t len)
{
	char *q = alloc(a, len + 1, false);
	if (q) {
		memcpy(q, s, len);
		q[len] = '\0';
	}
	return q;
}

char *vf_arena_strdup(struct vf_arena *a, const char *s)
{
	return vf_arena_strndup(a, s, strlen(s));
}

size_t vf_arena_used(const struct vf_arena *a)
{
	return a->requested;
}

void vf_arena_adopt(struct vf_arena *a, struct vf_arena *from)
{
	if (!from)
		return;
	/* from's chunks go after a's newest one, which stays the one that
	 * serves a's next requests (and vf_arena_grow's in-place case). */
	if (from->head) {
		struct chunk *last = from->head;
		while (last->next)
			last = last->next;
		struct chunk **at = a->head ? &a->head->next : &a->head;
		last->next = *at;
		*at = from->head;
	}
	while (from->bigs) {
		struct big *b = from->bigs;
		big_unlink(from, b);
		big_link(a, b);
	}
	a->requested += from->requested;
	a->chunk_bytes += from->chunk_bytes;
	free(from);
}
