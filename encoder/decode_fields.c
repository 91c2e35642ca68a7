/*
 * decode_fields.c - the field table (fields.c) flattened for the decoder.
 *
 * gen_get() walks a field's fragment list; the decoder reads some 25
 * fields of every instruction it lists, and almost every field is one
 * fragment.  Per family, each field becomes (word, shift, mask, vlo), so
 * reading it is one shift and one mask; a field of several fragments is
 * marked 'split' and still read by gen_get().  Built once per family and
 * process, on first use (pthread_once: batch mode decodes on threads).
 */
#include "config.h"

#include <pthread.h>

#include "decode_priv.h"

static struct dec_field tables[GEN_ENC_COUNT][GEN_FIELD_COUNT];

static void build(enum gen_enc e)
{
	for (unsigned f = 0; f < GEN_FIELD_COUNT; f++) {
		const struct gen_frag *fr = gen_field_rows[f].f[e];
		struct dec_field *d = &tables[e][f];
		if (GEN_FRAGS > 1 && fr[0].len && fr[1].len) {
			d->split = true;
			continue;
		}
		if (!fr[0].len)
			continue;  /* absent: mask 0 reads 0, as gen_get does */
		d->mask = gen_frag_mask(&fr[0]);
		d->word = (uint8_t)(fr[0].lo >> 6);
		d->shift = (uint8_t)(fr[0].lo & 63);
		d->vlo = fr[0].vlo;
	}
}

static void build_gen8(void) { build(GEN_ENC_GEN8); }
static void build_gen9(void) { build(GEN_ENC_GEN9); }
static void build_gen11(void) { build(GEN_ENC_GEN11); }
static void build_gen12(void) { build(GEN_ENC_GEN12); }

const struct dec_field *dec_fields(enum gen_enc e)
{
	static pthread_once_t once[GEN_ENC_COUNT] = {
		PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
		PTHREAD_ONCE_INIT,
	};
	static void (*const builders[GEN_ENC_COUNT])(void) = {
		build_gen8, build_gen9, build_gen11, build_gen12,
	};
	pthread_once(&once[e], builders[e]);
	return tables[e];
}
