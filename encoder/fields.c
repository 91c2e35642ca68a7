/*
 * fields.c - the field table: bit fragments of every instruction field
 * per encoding family (gen_get/gen_set over it are inline in gen_fields.h),
 * and the raw bit-range accessors.
 *
 * The rows are in fields.def (row format there).
 *
 * Sources (bit positions): Mesa src/intel/compiler/brw_inst.h, columns
 * "4+"/"8+" (Gen8-11) and "12+" (Gen12), for native, 3-src Align16
 * ("a16"), 3-src Align1 ("a1"), SEND and compact fields; the Gen9 Align16
 * half-dword subregister bits, Gen12 3-src dst subregister and Gen12
 * FusionCtrl (bit 33 of a send, IGA "{Serialize}") were checked with
 * "iga64 -a -Xforce-no-compact" + "-Xprint-bits" (GEN-FACTS.md 0, 2, 3).
 */
#include "config.h"

#include <assert.h>
#include <stddef.h>

#include "gen_fields.h"

/* First expansion: every fragment of every family. */
#define B(lo, len)      { lo, len, 0 }
#define V(lo, len, vlo) { lo, len, vlo }
#define E8(...)  [GEN_ENC_GEN8] = { __VA_ARGS__ }
#define E9(...)  [GEN_ENC_GEN9] = { __VA_ARGS__ }
#define E11(...) [GEN_ENC_GEN11] = { __VA_ARGS__ }
#define E12(...) [GEN_ENC_GEN12] = { __VA_ARGS__ }
#define E8_9(...)  E8(__VA_ARGS__), E9(__VA_ARGS__)
#define E9_11(...) E9(__VA_ARGS__), E11(__VA_ARGS__)
#define E8_11(...) E8(__VA_ARGS__), E9(__VA_ARGS__), E11(__VA_ARGS__)
#define E11_12(...) E11(__VA_ARGS__), E12(__VA_ARGS__)
#define EALL(...)  E8_11(__VA_ARGS__), E12(__VA_ARGS__)
#define ROW(id, nm, ...) [id] = { nm, { __VA_ARGS__ } }

const struct gen_field_row gen_field_rows[GEN_FIELD_COUNT] = {
#include "fields.def"
};

/* Second expansion: per family only the first fragment, as a mask over
 * its word, and whether the field needs the fragment loop (a second
 * fragment, or value bits not starting at bit 0).  A fragment is the
 * triple (lo, len, vlo); FAST gets the family's fragments followed by two
 * empty ones, so its second and variadic arguments always exist. */
#undef B
#undef V
#undef E8
#undef E9
#undef E11
#undef E12
#undef ROW
#define B(lo, len)      (lo, len, 0)
#define V(lo, len, vlo) (lo, len, vlo)
#define FRAG_LEN(lo, len, vlo) (len)
#define FRAG_VLO(lo, len, vlo) (vlo)
#define FRAG_WORD(lo, len, vlo) \
	.mask = (~0ull >> (64 - (len))) << ((lo) % 64), \
	.word = (lo) / 64, .shift = (lo) % 64
#define FAST(first, second, ...) \
	{ FRAG_WORD first, .slow = FRAG_VLO first != 0 || FRAG_LEN second != 0 }
#define E8(...)  [GEN_ENC_GEN8] = FAST(__VA_ARGS__, (0, 0, 0), (0, 0, 0))
#define E9(...)  [GEN_ENC_GEN9] = FAST(__VA_ARGS__, (0, 0, 0), (0, 0, 0))
#define E11(...) [GEN_ENC_GEN11] = FAST(__VA_ARGS__, (0, 0, 0), (0, 0, 0))
#define E12(...) [GEN_ENC_GEN12] = FAST(__VA_ARGS__, (0, 0, 0), (0, 0, 0))
#define ROW(id, nm, ...) [id] = { __VA_ARGS__ }

const struct gen_field_fast gen_field_fast[GEN_FIELD_COUNT][GEN_ENC_COUNT] = {
#include "fields.def"
};

uint64_t gen_bits_get(const struct gen_bits *b, unsigned hi, unsigned lo)
{
	assert(hi < 128 && lo <= hi && hi - lo < 64);
	unsigned len = hi - lo + 1;
	uint64_t mask = len == 64 ? ~0ull : (1ull << len) - 1;
	unsigned w = lo / 64, s = lo % 64;
	uint64_t v = b->w[w] >> s;
	if (s + len > 64)
		v |= b->w[1] << (64 - s);
	return v & mask;
}

void gen_bits_set(struct gen_bits *b, unsigned hi, unsigned lo, uint64_t v)
{
	assert(hi < 128 && lo <= hi && hi - lo < 64);
	unsigned len = hi - lo + 1;
	uint64_t mask = len == 64 ? ~0ull : (1ull << len) - 1;
	unsigned w = lo / 64, s = lo % 64;
	v &= mask;
	b->w[w] = (b->w[w] & ~(mask << s)) | (v << s);
	if (s + len > 64) {
		unsigned sh = 64 - s;
		b->w[1] = (b->w[1] & ~(mask >> sh)) | (v >> sh);
	}
}

const char *gen_field_name(enum gen_field f)
{
	return gen_field_rows[f].name ? gen_field_rows[f].name : "?";
}

/* Fragments of one field must not share instruction bits nor cross the
 * 64-bit word boundary (gen_get/gen_set rely on it), and every row must
 * be named. */
int gen_fields_check(void)
{
	for (int f = 0; f < GEN_FIELD_COUNT; f++) {
		if (!gen_field_rows[f].name)
			return f;
		for (int e = 0; e < GEN_ENC_COUNT; e++) {
			struct gen_bits used = { { 0, 0 } };
			for (int i = 0; i < GEN_FRAGS; i++) {
				const struct gen_frag *fr = &gen_field_rows[f].f[e][i];
				if (fr->len == 0)
					break;
				unsigned hi = fr->lo + fr->len - 1u;
				if (hi >= 128 || hi / 64 != fr->lo / 64u ||
				    gen_bits_get(&used, hi, fr->lo))
					return f;
				gen_bits_set(&used, hi, fr->lo, ~0ull);
			}
		}
	}
	return -1;
}
