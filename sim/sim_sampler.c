/*
 * sim_sampler.c - the sampler shared function for 1D/2D/3D images: sample,
 * sample_l, sample_lz (filtered reads through a sampler state) and
 * ld, ld_lz (texel loads), SIMD8 and SIMD16, with or without header.
 *
 * Layout (docs/gensim.md "Sampler"): Desc[16:12] message type,
 * Desc[18:17] SIMD mode (1 SIMD8, 2 SIMD16), Desc[11:8] sampler index,
 * Desc[7:0] binding table index, Desc[30] 16-bit return (not
 * simulated).  Parameters follow the header one per SIMD8 register
 * group, in the order Mesa's sampler payload builder emits them
 * (brw_lower_logical_sends.cpp lower_sampler_logical_send_gfx7): sample
 * u v r; sample_l lod u v r; sample_lz u v r; ld u lod v r on Gen8 and
 * u v lod r on Gen9+; ld_lz u v r; parameters past the message length
 * are 0.  The response holds one register group
 * per returned channel (R, G, B, A), without the channels header dword 2
 * bits [15:12] disable, cut at the response length.  Filtering: nearest
 * takes floor of the (unnormalized) coordinate, linear blends the 2, 4
 * or 8 texels around coordinate - 0.5 in float precision; addressing modes
 * are OpenCL's (clamp-to-edge, clamp to the border colour, repeat and
 * mirrored repeat of normalized coordinates; "none" acts as
 * clamp-to-edge).  ld ignores the sampler state
 * and returns zeros outside the image.  Sources: IGC visa/iga/
 * IGALibrary/Backend/Messages/MessageDecoderOther.cpp (tryDecodeSMPL,
 * message type names and parameter counts), GEN-FACTS.md 6.3.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "sim_image.h"

enum { MT_SAMPLE = 0, MT_SAMPLE_L = 2, MT_LD = 7, MT_SAMPLE_LZ = 0x18,
       MT_LD_LZ = 0x1A };

struct smp {
	unsigned simd, pbase;   /* lanes, first parameter register */
	int iu, iv, ir, ilod;   /* parameter index of u, v, r, lod (-1: none) */
	bool load;
};

static bool params(const struct sim_ctx *c, unsigned mt, struct smp *s)
{
	s->iu = 0, s->iv = 1, s->ir = 2, s->ilod = -1, s->load = false;
	switch (mt) {
	case MT_SAMPLE: case MT_SAMPLE_LZ: return true;
	case MT_SAMPLE_L: s->ilod = 0, s->iu = 1, s->iv = 2, s->ir = 3;
		return true;
	case MT_LD:
		s->load = true;
		s->ir = 3;
		if (c->p->enc == GEN_ENC_GEN8)
			s->ilod = 1, s->iv = 2;
		else
			s->ilod = 2;
		return true;
	case MT_LD_LZ: s->load = true; return true;
	default: return false;
	}
}

static uint32_t param(const struct sim_msg *m, const struct smp *s, int k,
                      unsigned lane)
{
	unsigned reg = s->pbase + (unsigned)k * (s->simd / 8) + lane / 8;
	if (k < 0 || reg >= m->mlen + m->xlen)
		return 0;
	return sim_pl_ud(m, reg, lane % 8);
}

/* One axis of a filtered read: texels i0 (nearest) or i0, i1 with the
 * weight w of i1 (linear), after the addressing mode; border marks texels
 * outside the image under CLK_ADDRESS_CLAMP.  The rules are the OpenCL
 * 1.2 specification's (section 8.2), which conforming hardware follows:
 * repeat and mirrored repeat wrap the normalized coordinate before it is
 * scaled. */
struct axis {
	int64_t i[2];
	float w;
};

static int64_t clampi(int64_t i, int64_t n)
{
	return i < 0 ? 0 : i >= n ? n - 1 : i;
}

static void axis_wrapped(const struct sim_sampler_desc *sd, float s,
                         int64_t n, bool lin, struct axis *a)
{
	float u;
	if (sd->addr == SIM_ADDR_REPEAT) {
		u = (s - floorf(s)) * (float)n;
	} else {
		float m = 2.0f * (float)sim_round_even(0.5 * (double)s);
		u = fabsf(s - m) * (float)n;
	}
	if (!lin) {
		int64_t i = (int64_t)floorf(u);
		a->i[0] = sd->addr == SIM_ADDR_REPEAT ? (i > n - 1 ? i - n : i)
		          : (i > n - 1 ? n - 1 : i);
		return;
	}
	int64_t i0 = (int64_t)floorf(u - 0.5f), i1 = i0 + 1;
	a->w = (u - 0.5f) - floorf(u - 0.5f);
	if (sd->addr == SIM_ADDR_REPEAT) {
		a->i[0] = i0 < 0 ? n + i0 : i0;
		a->i[1] = i1 > n - 1 ? i1 - n : i1;
	} else {
		a->i[0] = i0 < 0 ? 0 : i0;
		a->i[1] = i1 > n - 1 ? n - 1 : i1;
	}
}

static void axis_of(const struct sim_sampler_desc *sd, float s, int64_t n,
                    bool lin, struct axis *a)
{
	bool wraps = sd->normalized && (sd->addr == SIM_ADDR_REPEAT ||
	                                sd->addr == SIM_ADDR_MIRRORED_REPEAT);
	a->w = 0;
	if (wraps) {
		axis_wrapped(sd, s, n, lin, a);
		return;
	}
	float u = sd->normalized ? s * (float)n : s;
	float f = lin ? u - 0.5f : u;
	a->i[0] = (int64_t)floorf(f);
	a->i[1] = a->i[0] + 1;
	a->w = f - floorf(f);
	if (sd->addr != SIM_ADDR_CLAMP) {
		a->i[0] = clampi(a->i[0], n);
		a->i[1] = clampi(a->i[1], n);
	}
}

static void fetch(struct sim_ctx *c, const struct sim_surface *s,
                  const int64_t xyz[3], uint32_t v[4])
{
	const struct sim_image_desc *d = &s->img;
	uint8_t *p = sim_img_texel(c, s, xyz[0], xyz[1], xyz[2]);
	if (p) {
		sim_img_decode(d, p, v);
		return;
	}
	/* outside: the border colour, (0,0,0,0) or (0,0,0,1) without alpha */
	bool one_alpha = sim_img_nchan(d->order) < 4;
	bool ints = sim_img_is_int(d->type);
	v[0] = v[1] = v[2] = 0;
	v[3] = one_alpha ? (ints ? 1u : sim_f_to_bits(1.0f)) : 0u;
}

/* Nearest: the texel containing the coordinate; linear: the weighted
 * 2 (1D), 4 (2D) or 8 (3D) texels around coordinate - 0.5. */
static void filter(struct sim_ctx *c, const struct sim_surface *s,
                   const struct sim_sampler_desc *sd, const float uvr[3],
                   uint32_t out[4])
{
	const struct sim_image_desc *d = &s->img;
	unsigned size[3] = { d->width, d->height, d->depth ? d->depth : 1 };
	unsigned dims = size[2] > 1 ? 3 : size[1] > 1 ? 2 : 1;
	bool lin = sd->linear && !sim_img_is_int(d->type);
	struct axis ax[3];
	for (unsigned k = 0; k < 3; k++) {
		if (k < dims)
			axis_of(sd, uvr[k], size[k], lin, &ax[k]);
		else
			ax[k] = (struct axis){ { 0, 0 }, 0 };
	}
	float acc[4] = { 0, 0, 0, 0 };
	unsigned corners = lin ? 1u << dims : 1;
	for (unsigned n = 0; n < corners; n++) {
		int64_t p[3];
		float wt = 1.0f;
		for (unsigned k = 0; k < 3; k++) {
			bool hi = lin && k < dims && ((n >> k) & 1);
			p[k] = ax[k].i[hi];
			if (lin && k < dims)
				wt *= hi ? ax[k].w : 1.0f - ax[k].w;
		}
		uint32_t t[4];
		fetch(c, s, p, t);
		if (!lin) {
			memcpy(out, t, sizeof(t));
			return;
		}
		for (unsigned k = 0; k < 4; k++)
			acc[k] += wt * sim_bits_to_f(t[k]);
	}
	for (unsigned k = 0; k < 4; k++)
		out[k] = sim_f_to_bits(acc[k]);
}

static void load(struct sim_ctx *c, const struct sim_surface *s,
                 const int64_t xyz[3], uint32_t out[4])
{
	uint8_t *p = sim_img_texel(c, s, xyz[0], xyz[1], xyz[2]);
	if (p)
		sim_img_decode(&s->img, p, out);
	else
		memset(out, 0, 4 * sizeof(out[0]));
}

static void respond(struct sim_msg *m, const struct smp *s, unsigned lane,
                    const uint32_t v[4], unsigned dis)
{
	unsigned per = s->simd / 8, j = 0;
	for (unsigned k = 0; k < 4; k++) {
		if ((dis >> k) & 1)
			continue;
		unsigned reg = j++ * per + lane / 8;
		if (reg < m->rlen)
			sim_resp_ud(m, reg, lane % 8, v[k]);
	}
}

enum vf_status sim_msg_sampler(struct sim_ctx *c, struct sim_thread *t,
                               struct sim_msg *m)
{
	(void)t;
	unsigned mt = (m->desc >> 12) & 0x1F, sm = (m->desc >> 17) & 3;
	unsigned six = (m->desc >> 8) & 0xF;
	struct smp s;
	s.simd = sm == 1 ? 8 : sm == 2 ? 16 : 0;
	s.pbase = m->header ? 1 : 0;
	if (!s.simd || ((m->desc >> 30) & 1) || !params(c, mt, &s))
		return sim_msg_unsupported(c, m, "sampler message type or mode");
	const struct sim_surface *surf = sim_img_surface(c, m);
	if (!surf)
		return sim_msg_unsupported(c, m, "sampler access to a surface "
		                           "that is not an image");
	if (!s.load && !c->sampler_set[six])
		return sim_msg_unsupported(c, m, "sampler state of this index is "
		                           "unknown");
	unsigned dis = m->header ? (sim_pl_ud(m, 0, 2) >> 12) & 0xF : 0;
	for (unsigned i = 0; i < s.simd; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint32_t v[4];
		if (s.load) {
			int64_t p[3] = { (int32_t)param(m, &s, s.iu, i),
			                 (int32_t)param(m, &s, s.iv, i),
			                 (int32_t)param(m, &s, s.ir, i) };
			if (s.ilod >= 0 && param(m, &s, s.ilod, i) != 0)
				memset(v, 0, sizeof(v));
			else
				load(c, surf, p, v);
		} else {
			float uvr[3] = { sim_bits_to_f(param(m, &s, s.iu, i)),
			                 sim_bits_to_f(param(m, &s, s.iv, i)),
			                 sim_bits_to_f(param(m, &s, s.ir, i)) };
			filter(c, surf, &c->samplers[six], uvr, v);
		}
		respond(m, &s, i, v, dis);
	}
	return VF_OK;
}
