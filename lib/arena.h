/*
 * arena.h - a region allocator: many allocations, freed in one call.
 *
 * Every vf_module owns one arena; the reader, the parser and the passes
 * allocate from it and never free individual objects.  Allocation failure
 * is reported by returning NULL (callers turn it into VF_ERR_MEMORY).
 */
#ifndef VISAFIN_ARENA_H
#define VISAFIN_ARENA_H

#include <stddef.h>

struct vf_arena;

struct vf_arena *vf_arena_new(void);
/* An arena known to get megabytes (a parse helper's, visa/
 * visaasm_split.c): chunks of one huge page from the start, where a new
 * arena's first 4 MB of small chunks cost a page fault each 4 KB. */
struct vf_arena *vf_arena_new_large(void);
void vf_arena_free(struct vf_arena *a);
/* Told of every fresh huge-page mapping the arenas make (not of the
 * part a mapping grows by: a doubled vector uses little of it), before
 * any of it is used:
 * the command hands them to a thread that faults them in ahead
 * (cli/prefault.c).  NULL, the default, for none.  Set it before the
 * first arena is made; it must not touch the memory's contents. */
void vf_arena_set_map_hook(void (*hook)(void *start, size_t len));
/* Free everything allocated so far but keep the newest chunk for what
 * comes next: an arena used again and again (a pass's scratch) then
 * costs no malloc and free of its first chunk each time. */
void vf_arena_reset(struct vf_arena *a);
/* Zero-filled, aligned for any type; NULL when out of memory. */
void *vf_arena_alloc(struct vf_arena *a, size_t size);
/* Array of n elements of size each, zero-filled; NULL on overflow or OOM. */
void *vf_arena_array(struct vf_arena *a, size_t n, size_t size);
/* The same without the zero fill, for memory the caller writes whole. */
void *vf_arena_alloc_raw(struct vf_arena *a, size_t size);
void *vf_arena_array_raw(struct vf_arena *a, size_t n, size_t size);
/* Grow the array p, allocated for old_n elements of size bytes (its
 * whole capacity), to new_n (> old_n) elements: in place when it can be,
 * else a copy.  The new elements are not zeroed.  NULL on overflow or OOM
 * (p is then unchanged and still valid). */
void *vf_arena_grow(struct vf_arena *a, void *p, size_t old_n, size_t new_n,
                    size_t size);
/* Hand back a block allocated with size bytes that nothing uses any more:
 * large blocks are freed at once, small ones stay until vf_arena_free. */
void vf_arena_release(struct vf_arena *a, void *p, size_t size);
void *vf_arena_memdup(struct vf_arena *a, const void *p, size_t size);
/* Copy of s[0..len) with a terminating NUL. */
char *vf_arena_strndup(struct vf_arena *a, const char *s, size_t len);
char *vf_arena_strdup(struct vf_arena *a, const char *s);
/* Everything allocated from 'from' becomes a's, freed with a; 'from'
 * itself is freed.  Lets a thread allocate from an arena of its own and
 * hand the results over (visa/visaasm_split.c). */
void vf_arena_adopt(struct vf_arena *a, struct vf_arena *from);
/* Total bytes requested so far (for benchmarks). */
size_t vf_arena_used(const struct vf_arena *a);

#endif
