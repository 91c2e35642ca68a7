/*
 * string.c - memchr, memcpy, memmove and memset for the visafin command
 * built against musl (m4/vf_musl.m4; docs/build.md).  Not in the library.
 *
 * musl's are small and slow: memchr goes a byte at a time to an 8-byte
 * boundary and then 8 bytes a step (the text parser finds the end of
 * every line with it: about 175 instructions for a line of the corpus,
 * 6.7 M of a 20k kernel's 301 M); memcpy and memset start a `rep movsq`
 * or `rep stosq` even for a few bytes, which costs tens of cycles (3% and
 * 2% of a 200k kernel's samples, against under 1% for glibc's).  These
 * work 16 bytes at once (SSE2, in every x86-64), a short length with two
 * overlapping loads or stores.  Defining them replaces musl's in the
 * static link; memmove too, because musl's jumps into its memcpy's
 * object, which would then be linked beside this memcpy.
 *
 * The loops must not be turned back into calls of the functions they
 * implement (GCC recognizes copy and fill loops): hence the pragma; the
 * musl build is built with GCC (its specs file).
 */
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#include <emmintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* memchr reads whole aligned 16-byte blocks, so also the bytes of the
 * first and last block outside [s, s + n): an aligned block never
 * crosses a page, so those reads cannot fault, and their matches are
 * ignored. */
void *memchr(const void *s, int c, size_t n)
{
	if (!n)
		return NULL;
	const unsigned char *p = s;
	size_t off = (size_t)((uintptr_t)p & 15);
	const unsigned char *a = p - off;       /* the aligned block of p */
	const __m128i want = _mm_set1_epi8((char)c);
	/* the first block: bytes before p shifted out of the mask */
	unsigned m = (unsigned)_mm_movemask_epi8(
		_mm_cmpeq_epi8(_mm_load_si128((const __m128i *)a), want)) >> off;
	size_t left = 16 - off;                 /* bytes of [p, ..) in it */
	if (m) {
		size_t i = (size_t)__builtin_ctz(m);
		return i < n ? (void *)(p + i) : NULL;
	}
	if (n <= left)
		return NULL;
	n -= left;
	for (a += 16;; a += 16, n -= 16) {
		m = (unsigned)_mm_movemask_epi8(
			_mm_cmpeq_epi8(_mm_load_si128((const __m128i *)a), want));
		if (m) {
			size_t i = (size_t)__builtin_ctz(m);
			return i < n ? (void *)(a + i) : NULL;
		}
		if (n <= 16)
			return NULL;
	}
}

/* Copy n bytes forward; the last 16 are loaded first, so a destination
 * below the source may overlap it (memmove's forward case). */
static void copy_forward(unsigned char *d, const unsigned char *s, size_t n)
{
	if (n <= 16) {
		/* all loads before the stores: any overlap is fine */
		if (n >= 8) {
			uint64_t a, b;
			__builtin_memcpy(&a, s, 8);
			__builtin_memcpy(&b, s + n - 8, 8);
			__builtin_memcpy(d, &a, 8);
			__builtin_memcpy(d + n - 8, &b, 8);
		} else if (n >= 4) {
			uint32_t a, b;
			__builtin_memcpy(&a, s, 4);
			__builtin_memcpy(&b, s + n - 4, 4);
			__builtin_memcpy(d, &a, 4);
			__builtin_memcpy(d + n - 4, &b, 4);
		} else if (n) {
			unsigned char a = s[0], b = s[n / 2], c = s[n - 1];
			d[0] = a;
			d[n / 2] = b;
			d[n - 1] = c;
		}
		return;
	}
	__m128i last = _mm_loadu_si128((const __m128i *)(s + n - 16));
	for (size_t i = 0; i + 16 < n; i += 16)
		_mm_storeu_si128((__m128i *)(d + i),
		                 _mm_loadu_si128((const __m128i *)(s + i)));
	_mm_storeu_si128((__m128i *)(d + n - 16), last);
}

void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
	copy_forward(d, s, n);
	return d;
}

void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;
	/* forward unless the destination starts inside the source */
	if ((uintptr_t)dp - (uintptr_t)sp >= n || n <= 16) {
		copy_forward(dp, sp, n);
		return d;
	}
	/* backward: the first 16 loaded first, then 16 a step from the end */
	__m128i first = _mm_loadu_si128((const __m128i *)sp);
	size_t i = n - 16;
	while (i > 16) {
		_mm_storeu_si128((__m128i *)(dp + i),
		                 _mm_loadu_si128((const __m128i *)(sp + i)));
		i -= 16;
	}
	_mm_storeu_si128((__m128i *)(dp + i),
	                 _mm_loadu_si128((const __m128i *)(sp + i)));
	_mm_storeu_si128((__m128i *)dp, first);
	return d;
}

void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;
	if (n < 16) {
		uint64_t v = 0x0101010101010101ull * (unsigned char)c;
		if (n >= 8) {
			__builtin_memcpy(p, &v, 8);
			__builtin_memcpy(p + n - 8, &v, 8);
		} else if (n >= 4) {
			uint32_t w = (uint32_t)v;
			__builtin_memcpy(p, &w, 4);
			__builtin_memcpy(p + n - 4, &w, 4);
		} else if (n) {
			p[0] = (unsigned char)c;
			p[n / 2] = (unsigned char)c;
			p[n - 1] = (unsigned char)c;
		}
		return d;
	}
	__m128i v = _mm_set1_epi8((char)c);
	for (size_t i = 0; i + 16 < n; i += 16)
		_mm_storeu_si128((__m128i *)(p + i), v);
	_mm_storeu_si128((__m128i *)(p + n - 16), v);
	return d;
}
