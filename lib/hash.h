/*
 * hash.h - content hashing for the kernel cache (lib/cache*.c).
 *
 * A 128-bit XXH3 hash fed in pieces (the cache key) and a one-shot
 * 64-bit XXH3 (the checksum of a cache entry).  lib/hash.c is the only
 * file that includes xxHash.
 */
#ifndef VISAFIN_HASH_H
#define VISAFIN_HASH_H

#include <stddef.h>
#include <stdint.h>

struct vf_hasher;

/* NULL when out of memory. */
struct vf_hasher *vf_hasher_new(void);
void vf_hasher_add(struct vf_hasher *h, const void *data, size_t size);
/* Adds the size, then the bytes: two parts "ab","c" and "a","bc" differ. */
void vf_hasher_add_sized(struct vf_hasher *h, const void *data, size_t size);
/* Writes the 16-byte digest (big-endian high half first) and frees h. */
void vf_hasher_end(struct vf_hasher *h, uint8_t digest[16]);

/* XXH3-64 of 'size' bytes; chain pieces by passing one's hash as the
 * next one's seed. */
uint64_t vf_hash64(const void *data, size_t size, uint64_t seed);

#endif
