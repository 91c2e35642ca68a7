/*
 * bitset.h - fixed-size bit sets as arrays of 64-bit words, for
 * liveness and other per-register dataflow facts (ir/live.c).
 *
 * A set over n elements takes vf_bits_words(n) words; the caller owns
 * the memory (usually the compile's arena).
 */
#ifndef VISAFIN_BITSET_H
#define VISAFIN_BITSET_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t vf_word;
#define VF_WORD_BITS 64

static inline uint32_t vf_bits_words(uint32_t n)
{
	return (n + VF_WORD_BITS - 1) / VF_WORD_BITS;
}

static inline void vf_bit_set(vf_word *s, uint32_t i)
{
	s[i / VF_WORD_BITS] |= (vf_word)1 << (i % VF_WORD_BITS);
}

static inline void vf_bit_clear(vf_word *s, uint32_t i)
{
	s[i / VF_WORD_BITS] &= ~((vf_word)1 << (i % VF_WORD_BITS));
}

static inline bool vf_bit_test(const vf_word *s, uint32_t i)
{
	return (s[i / VF_WORD_BITS] >> (i % VF_WORD_BITS)) & 1;
}

#endif
