/*
 * hash_lanes.h - a fast, non-cryptographic hash of a fixed-size memo key,
 * and the keys' equality
 * (the encoder's gen_inst memo, encoder/encode_memo.c, and emit's IR
 * memo, finalizer/emit_memo.c: both hash a key of 100-200 bytes for
 * every instruction).
 *
 * Four 64-bit lanes take four words a step (lanes kept in variables: an
 * array of them stays in memory under GCC), are mixed into one word, and
 * the bytes past the last whole 32 are folded in one by one.  The
 * caller turns the result into a slot (its own fold of the high bits).
 * Not the cache's XXH3 (lib/hash.h): that one is for content identity;
 * this one only spreads memo keys.
 */
#ifndef VISAFIN_HASH_LANES_H
#define VISAFIN_HASH_LANES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t vf_hash_lanes(const void *key, size_t size)
{
	const uint64_t m = 0xC2B2AE3D27D4EB4Full;
	const uint64_t mix = 0x9E3779B97F4A7C15ull;
	const unsigned char *b = key;
	uint64_t h0 = 0x9E3779B97F4A7C15ull, h1 = 0xC2B2AE3D27D4EB4Full;
	uint64_t h2 = 0x165667B19E3779F9ull, h3 = 0x27D4EB2F165667C5ull;
	size_t i = 0;
	for (; i + 32 <= size; i += 32) {
		uint64_t w[4];
		memcpy(w, b + i, sizeof w);
		h0 = (h0 ^ w[0]) * m;
		h1 = (h1 ^ w[1]) * m;
		h2 = (h2 ^ w[2]) * m;
		h3 = (h3 ^ w[3]) * m;
	}
	uint64_t r = h0;
	r = ((r ^ (r >> 31)) ^ h1) * mix;
	r = ((r ^ (r >> 31)) ^ h2) * mix;
	r = ((r ^ (r >> 31)) ^ h3) * mix;
	for (; i < size; i++)
		r = (r ^ b[i]) * 0x100000001B3ull;
	return r;
}

/* One word of a key (a plain load). */
static inline uint64_t vf_key_word(const unsigned char *b)
{
	uint64_t w;
	memcpy(&w, b, sizeof w);
	return w;
}

/* Whether two keys of 'size' bytes are equal: four words a step (a
 * word loop costs as much in loop control as in comparing; musl's
 * memcmp, in the command built against it, goes a byte at a time; the
 * words are loaded one by one: copied into arrays, GCC keeps them in
 * memory), then words, then bytes. */
static inline __attribute__((always_inline)) bool
vf_keys_equal(const void *a, const void *b, size_t size)
{
	const unsigned char *x = a, *y = b;
	uint64_t d0 = 0, d1 = 0;
	size_t i = 0;
	for (; i + 32 <= size; i += 32) {
		d0 |= (vf_key_word(x + i) ^ vf_key_word(y + i)) |
		      (vf_key_word(x + i + 8) ^ vf_key_word(y + i + 8));
		d1 |= (vf_key_word(x + i + 16) ^ vf_key_word(y + i + 16)) |
		      (vf_key_word(x + i + 24) ^ vf_key_word(y + i + 24));
	}
	for (; i + 8 <= size; i += 8)
		d0 |= vf_key_word(x + i) ^ vf_key_word(y + i);
	for (; i < size; i++)
		d1 |= (uint64_t)(x[i] ^ y[i]);
	return (d0 | d1) == 0;
}

#endif
