/*
 * sim_image.c - images: texel formats (OpenCL channel orders and data
 * types as RGBA values), the typed surface read/write messages and the
 * media block read/write messages of data port 1.
 *
 * Semantics (docs/gensim.md "Images"): normalized types convert as
 * OpenCL prescribes (unorm8 v/255, writes round to nearest even after
 * clamping), integer writes saturate, channels an order lacks read as 0
 * (alpha 1).  Typed messages (SIMD8, Desc[13:12] slot group) carry U, V,
 * R, LOD addresses, one register each, followed by the data of the
 * channels Desc[11:8] does not disable; the address count is what is
 * left of the payload.  Media block messages take X (bytes) and Y (rows)
 * from header dwords 0-1 and the block width-1 / height-1 from dword 2
 * bits [7:0] / [21:16]; rows lie in the registers at a pitch of the
 * width rounded up to a power of two (at least 4 bytes); reads outside
 * the surface return the nearest edge texel's bytes, writes outside are
 * dropped.  Sources: IGC visa/iga/IGALibrary/Backend/Messages/
 * MessageDecoderHDC.cpp (typed/media fields), vISA spec MEDIA_LD.md
 * (register pitch), the OpenCL 1.2 specification section 8.3
 * (conversion rules).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "sim_priv.h"
#include "sim_image.h"

unsigned sim_img_nchan(enum sim_chan_order o)
{
	static const unsigned n[SIM_ORDER_COUNT] = { 1, 2, 4, 4 };
	return o < SIM_ORDER_COUNT ? n[o] : 4;
}

unsigned sim_img_csize(enum sim_chan_type t)
{
	static const unsigned s[SIM_CT_COUNT] = { 1, 1, 2, 2, 1, 1, 2, 2, 4, 4,
	                                          2, 4 };
	return t < SIM_CT_COUNT ? s[t] : 4;
}

bool sim_img_is_int(enum sim_chan_type t)
{
	return t >= SIM_CT_UINT8 && t <= SIM_CT_SINT32;
}

unsigned sim_img_texel_size(const struct sim_image_desc *d)
{
	return sim_img_nchan(d->order) * sim_img_csize(d->type);
}

/* One channel's memory value as the 32-bit value a read returns. */
static uint32_t chan_read(enum sim_chan_type t, const uint8_t *p)
{
	uint32_t u = 0;
	memcpy(&u, p, sim_img_csize(t));
	switch (t) {
	case SIM_CT_UNORM8: return sim_f_to_bits((float)u / 255.0f);
	case SIM_CT_UNORM16: return sim_f_to_bits((float)u / 65535.0f);
	case SIM_CT_SNORM8:
		return sim_f_to_bits(fmaxf((float)(int8_t)u / 127.0f, -1.0f));
	case SIM_CT_SNORM16:
		return sim_f_to_bits(fmaxf((float)(int16_t)u / 32767.0f, -1.0f));
	case SIM_CT_SINT8: return (uint32_t)(int32_t)(int8_t)u;
	case SIM_CT_SINT16: return (uint32_t)(int32_t)(int16_t)u;
	case SIM_CT_HALF: return sim_f_to_bits(sim_half_to_float((uint16_t)u));
	default: return u;
	}
}

static uint32_t norm(float f, float lo, float scale)
{
	if (isnan(f))
		return 0;
	f = fminf(fmaxf(f, lo), 1.0f);
	return (uint32_t)(int32_t)sim_round_even((double)(f * scale));
}

static uint32_t clampi(int64_t v, int64_t lo, int64_t hi)
{
	return (uint32_t)(v < lo ? lo : v > hi ? hi : v);
}

static void chan_write(enum sim_chan_type t, uint8_t *p, uint32_t v)
{
	uint32_t u;
	switch (t) {
	case SIM_CT_UNORM8: u = norm(sim_bits_to_f(v), 0.0f, 255.0f); break;
	case SIM_CT_UNORM16: u = norm(sim_bits_to_f(v), 0.0f, 65535.0f); break;
	case SIM_CT_SNORM8: u = norm(sim_bits_to_f(v), -1.0f, 127.0f); break;
	case SIM_CT_SNORM16: u = norm(sim_bits_to_f(v), -1.0f, 32767.0f); break;
	case SIM_CT_UINT8: u = clampi(v, 0, 255); break;
	case SIM_CT_UINT16: u = clampi(v, 0, 65535); break;
	case SIM_CT_SINT8: u = clampi((int32_t)v, -128, 127); break;
	case SIM_CT_SINT16: u = clampi((int32_t)v, -32768, 32767); break;
	case SIM_CT_HALF: u = sim_float_to_half(sim_bits_to_f(v)); break;
	default: u = v; break;
	}
	memcpy(p, &u, sim_img_csize(t));
}

/* Memory channel index of RGBA channel k, or -1. */
static int mem_chan(enum sim_chan_order o, unsigned k)
{
	static const int map[SIM_ORDER_COUNT][4] = {
		{ 0, -1, -1, -1 }, { 0, 1, -1, -1 }, { 0, 1, 2, 3 }, { 2, 1, 0, 3 }
	};
	return o < SIM_ORDER_COUNT ? map[o][k] : (int)k;
}

void sim_img_decode(const struct sim_image_desc *d, const uint8_t *p,
                    uint32_t out[4])
{
	unsigned cs = sim_img_csize(d->type);
	bool in = sim_img_is_int(d->type);
	for (unsigned k = 0; k < 4; k++) {
		int m = mem_chan(d->order, k);
		if (m >= 0)
			out[k] = chan_read(d->type, p + (unsigned)m * cs);
		else
			out[k] = k == 3 ? (in ? 1u : sim_f_to_bits(1.0f)) : 0u;
	}
}

void sim_img_encode(const struct sim_image_desc *d, uint8_t *p,
                    const uint32_t v[4], unsigned mask)
{
	unsigned cs = sim_img_csize(d->type);
	for (unsigned k = 0; k < 4; k++) {
		int m = mem_chan(d->order, k);
		if (m >= 0 && ((mask >> k) & 1))
			chan_write(d->type, p + (unsigned)m * cs, v[k]);
	}
}

/* Texel (x, y, z) inside the image: bytes, or NULL. */
uint8_t *sim_img_texel(struct sim_ctx *c, const struct sim_surface *s,
                       int64_t x, int64_t y, int64_t z)
{
	const struct sim_image_desc *d = &s->img;
	unsigned depth = d->depth ? d->depth : 1;
	if (x < 0 || y < 0 || z < 0 || x >= d->width || y >= d->height ||
	    z >= depth)
		return NULL;
	uint64_t off = (uint64_t)z * d->slice_pitch + (uint64_t)y * d->row_pitch +
	               (uint64_t)x * sim_img_texel_size(d);
	return sim_mem_ptr(&c->mem, s->addr + off, sim_img_texel_size(d));
}

const struct sim_surface *sim_img_surface(struct sim_ctx *c,
                                          const struct sim_msg *m)
{
	const struct sim_surface *s = &c->bt[m->desc & 0xFF];
	if ((m->desc & 0xFF) >= 240 || s->kind != SIM_SURF_IMAGE)
		return NULL;
	return s;
}

/* ---- typed surface read/write ------------------------------------------ */

enum vf_status sim_msg_typed(struct sim_ctx *c, struct sim_msg *m,
                             unsigned type)
{
	const struct sim_surface *s = sim_img_surface(c, m);
	if (!s)
		return sim_msg_unsupported(c, m, "typed message on a surface "
		                           "that is not an image");
	bool write = type == 0x0D;
	unsigned en = ~(m->desc >> 8) & 0xF, nch = 0;
	for (unsigned k = 0; k < 4; k++)
		nch += (en >> k) & 1;
	unsigned hb = m->header ? 1 : 0, total = m->mlen + m->xlen;
	if (total < hb + (write ? nch : 0) + 1)
		return sim_msg_unsupported(c, m, "typed message payload");
	unsigned naddr = total - hb - (write ? nch : 0);
	for (unsigned i = 0; i < 8; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		int64_t a[3] = { 0, 0, 0 };
		for (unsigned k = 0; k < naddr && k < 3; k++)
			a[k] = (int32_t)sim_pl_ud(m, hb + k, i);
		uint8_t *p = sim_img_texel(c, s, a[0], a[1], a[2]);
		uint32_t v[4] = { 0, 0, 0, 0 };
		if (write) {
			for (unsigned k = 0, j = 0; k < 4; k++)
				if ((en >> k) & 1)
					v[k] = sim_pl_ud(m, hb + naddr + j++, i);
			if (p)
				sim_img_encode(&s->img, p, v, en);
			continue;
		}
		if (p)
			sim_img_decode(&s->img, p, v);
		for (unsigned k = 0, j = 0; k < 4; k++)
			if ((en >> k) & 1)
				sim_resp_ud(m, j++, i, v[k]);
	}
	return VF_OK;
}

/* ---- media block read/write -------------------------------------------- */

static unsigned row_pitch(unsigned w)
{
	unsigned p = 4;
	while (p < w)
		p *= 2;
	return p;
}

/* Byte x of row y, with the texel coordinates clamped to the image. */
static uint8_t edge_byte(struct sim_ctx *c, const struct sim_surface *s,
                         int64_t x, int64_t y)
{
	const struct sim_image_desc *d = &s->img;
	int64_t ts = sim_img_texel_size(d);
	int64_t tx = x >= 0 ? x / ts : -((-x + ts - 1) / ts);
	int64_t bo = x - tx * ts;
	tx = tx < 0 ? 0 : tx >= d->width ? (int64_t)d->width - 1 : tx;
	y = y < 0 ? 0 : y >= d->height ? (int64_t)d->height - 1 : y;
	uint8_t *p = sim_mem_ptr(&c->mem, s->addr + (uint64_t)y * d->row_pitch +
	                         (uint64_t)(tx * ts + bo), 1);
	return p ? *p : 0;
}

enum vf_status sim_msg_media(struct sim_ctx *c, struct sim_msg *m,
                             bool write)
{
	const struct sim_surface *s = sim_img_surface(c, m);
	if (!s || !m->header)
		return sim_msg_unsupported(c, m, "media block message without "
		                           "header or image");
	int64_t x0 = (int32_t)sim_pl_ud(m, 0, 0), y0 = (int32_t)sim_pl_ud(m, 0, 1);
	uint32_t sz = sim_pl_ud(m, 0, 2);
	unsigned w = (sz & 0xFF) + 1, h = ((sz >> 16) & 0x3F) + 1;
	unsigned pitch = row_pitch(w);
	const struct sim_image_desc *d = &s->img;
	uint64_t rowb = (uint64_t)d->width * sim_img_texel_size(d);
	if ((uint64_t)pitch * h > (write ? (m->mlen + m->xlen - 1)
	                                 : m->rlen) * SIM_GRF_SIZE)
		return sim_msg_unsupported(c, m, "media block size");
	for (unsigned r = 0; r < h; r++) {
		int64_t y = y0 + r;
		for (unsigned b = 0; b < w; b++) {
			int64_t x = x0 + b;
			unsigned at = r * pitch + b;
			if (write) {
				if (x < 0 || y < 0 || (uint64_t)x >= rowb ||
				    y >= d->height)
					continue;
				uint8_t *p = sim_mem_ptr(&c->mem, s->addr +
				             (uint64_t)y * d->row_pitch + (uint64_t)x, 1);
				if (p)
					*p = m->payload[SIM_GRF_SIZE + at];
				continue;
			}
			m->resp[at] = edge_byte(c, s, x, y);
		}
	}
	return VF_OK;
}
