/*
 * malloc_huge.h - the 2 MB pages of a large run, for the musl command's
 * allocator (cli/malloc.c; cli/malloc_huge.c says why and how).
 */
#ifndef VISAFIN_CLI_MALLOC_HUGE_H
#define VISAFIN_CLI_MALLOC_HUGE_H

#include <stdbool.h>
#include <stddef.h>

#define HUGE_PAGE ((size_t)2 << 20)
/* blocks the slab holds: up to this many bytes */
#define SLAB_MAX ((size_t)4 << 20)

/* The command says how much input the run has, before it parses it
 * (cli/load.c); from LARGE_RUN bytes on, the run is a large one. */
void cli_malloc_expect(size_t input_bytes);
bool huge_large_run(void);
/* A fresh mapping of len bytes (a multiple of HUGE_PAGE), 2 MB-aligned,
 * that asks for 2 MB pages; NULL when mmap fails. */
void *huge_map(size_t len);
/* The mapping m of old bytes (from huge_map) grown to len: in place, or
 * else moved whole to a fresh 2 MB-aligned address; NULL when neither
 * works (m is then unchanged). */
void *huge_grow(void *m, size_t old, size_t len);
/* A block of len bytes (a page multiple up to SLAB_MAX) cut from the
 * slab, or NULL; *fresh: never touched (zero). */
void *slab_take(size_t len, bool *fresh);
/* Give back the slab block p of len bytes. */
void slab_give(void *p, size_t len);

#endif
