/*
 * arena.c - region allocator (see arena.h).  Chunks grow geometrically;
 * a request larger than a chunk gets a chunk of its own.
 */
#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_MIN_CHUNK (64u * 1024u)
#define ARENA_ALIGN 16u

struct chunk {
	struct chunk *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

struct vf_arena {
	struct chunk *head;
	void *last;             /* the newest allocation (vf_arena_grow) */
	size_t next_size;
	size_t requested;
};

struct vf_arena *vf_arena_new(void)
{
	struct vf_arena *a = calloc(1, sizeof *a);
	if (a)
		a->next_size = ARENA_MIN_CHUNK;
	return a;
}

void vf_arena_free(struct vf_arena *a)
{
	if (!a)
		return;
	for (struct chunk *c = a->head, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	free(a);
}

void *vf_arena_alloc_raw(struct vf_arena *a, size_t size)
{
	size_t need = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	if (need < size)
		return NULL;
	struct chunk *c = a->head;
	if (!c || c->size - c->used < need) {
		size_t csize = a->next_size;
		if (csize < need)
			csize = need;
		c = malloc(sizeof *c + csize);
		if (!c)
			return NULL;
		c->size = csize;
		c->used = 0;
		c->next = a->head;
		a->head = c;
		if (a->next_size < (64u << 20))
			a->next_size *= 2;
	}
	void *p = c->data + c->used;
	c->used += need;
	a->requested += size;
	a->last = p;
	return p;
}

void *vf_arena_alloc(struct vf_arena *a, size_t size)
{
	void *p = vf_arena_alloc_raw(a, size);
	if (p)
		memset(p, 0, size);
	return p;
}

void *vf_arena_array_raw(struct vf_arena *a, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	size_t total = n * size;
	return vf_arena_alloc_raw(a, total ? total : 1);
}

void *vf_arena_array(struct vf_arena *a, size_t n, size_t size)
{
	void *p = vf_arena_array_raw(a, n, size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

void *vf_arena_grow(struct vf_arena *a, void *p, size_t old_n, size_t new_n,
                    size_t size)
{
	if (size && new_n > SIZE_MAX / size)
		return NULL;
	struct chunk *c = a->head;
	if (p && p == a->last && c) {
		size_t at = (size_t)((unsigned char *)p - c->data);
		size_t need = (new_n * size + ARENA_ALIGN - 1) &
		              ~(size_t)(ARENA_ALIGN - 1);
		if (need >= new_n * size && need <= c->size - at) {
			a->requested += (new_n - old_n) * size;
			c->used = at + need;
			return p;
		}
	}
	void *q = vf_arena_array_raw(a, new_n, size);
	if (q && old_n)
		memcpy(q, p, old_n * size);
	return q;
}

void *vf_arena_memdup(struct vf_arena *a, const void *p, size_t size)
{
	void *q = vf_arena_alloc_raw(a, size ? size : 1);
	if (q && size)
		memcpy(q, p, size);
	return q;
}

char *vf_arena_strndup(struct vf_arena *a, const char *s, size_t len)
{
	char *q = vf_arena_alloc_raw(a, len + 1);
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
