/*
 * hash.c - XXH3 hashing (hash.h); the only file that includes xxHash.
 *
 * XXH3 is not a cryptographic hash: the cache trusts its directory's
 * owner, and a 128-bit digest makes accidental collisions negligible.
 */
#include "hash.h"

#include <stdlib.h>
#ifdef VF_XXHASH_INLINE
/* The musl-built command compiles xxHash in from its header: Debian's
 * libxxhash.a needs glibc's __memcpy_chk (m4/vf_musl.m4). */
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

struct vf_hasher {
	XXH3_state_t *state;
};

struct vf_hasher *vf_hasher_new(void)
{
	struct vf_hasher *h = malloc(sizeof *h);
	if (!h)
		return NULL;
	h->state = XXH3_createState();
	if (!h->state || XXH3_128bits_reset(h->state) != XXH_OK) {
		XXH3_freeState(h->state);
		free(h);
		return NULL;
	}
	return h;
}

void vf_hasher_add(struct vf_hasher *h, const void *data, size_t size)
{
	if (size)
		XXH3_128bits_update(h->state, data, size);
}

void vf_hasher_add_sized(struct vf_hasher *h, const void *data, size_t size)
{
	uint8_t len[8];
	for (int i = 0; i < 8; i++)
		len[i] = (uint8_t)((uint64_t)size >> (8 * i));
	vf_hasher_add(h, len, sizeof len);
	vf_hasher_add(h, data, size);
}

void vf_hasher_end(struct vf_hasher *h, uint8_t digest[16])
{
	XXH128_hash_t v = XXH3_128bits_digest(h->state);
	for (int i = 0; i < 8; i++) {
		digest[i] = (uint8_t)(v.high64 >> (56 - 8 * i));
		digest[8 + i] = (uint8_t)(v.low64 >> (56 - 8 * i));
	}
	XXH3_freeState(h->state);
	free(h);
}

uint64_t vf_hash64(const void *data, size_t size, uint64_t seed)
{
	return XXH3_64bits_withSeed(data, size, seed);
}
