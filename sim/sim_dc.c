/*
 * sim_dc.c - data port messages with 32-bit addresses (binding table
 * surfaces, SLM, A32 stateless): data cache 0 (oword block read/write,
 * byte scattered read/write, memory fence, scratch block read/write) and
 * the A32 messages of data cache 1 (untyped surface read/write, untyped
 * integer and float atomics); A64, typed and media messages are routed on.
 *
 * Message layouts (docs/gensim.md "Messages"): block messages take the
 * offset in header dword 2, in owords for the oword block messages
 * (type 0, 8) and in bytes for the unaligned read (type 1), as vISA
 * oword_ld / oword_ld_unaligned pass it; the block size is Desc[10:8]
 * (1 oword low/high half, 2, 4, 8 owords).  A header on an A32
 * stateless message adds its dword 5 bits [31:10] (IGC: "For A32,
 * clearing off scratch space offset or Buffer Base Address is always
 * required once header is present"), which is how IGC's stack calls reach
 * per-thread memory with r0 as header; scattered messages add header
 * dword 2 as a global offset.  Scratch block messages address
 * r0.5[31:10] + Desc[11:0] * 32 bytes with Desc[13:12] = log2 of the
 * hword count and Desc[17] = write.  Scattered and untyped messages hold
 * one dword address per lane (eight lanes per register), data follows
 * channel by channel.  Untyped SIMD mode Desc[13:12] 1 = SIMD16,
 * 2 = SIMD8; atomics Desc[12] 1 = SIMD8, Desc[13] = return data,
 * Desc[11:8] = operation.  Sources: IGC visa/iga/IGALibrary/Backend/
 * Messages/MessageDecoderHDC.cpp (field positions and meanings),
 * visa/VisaToG4/TranslateSendLdStLegacy.cpp, GEN-FACTS.md 6.3-6.4.
 */
#include "config.h"

#include <string.h>

#include "sim_priv.h"

static unsigned bti_of(const struct sim_msg *m)
{
	return m->desc & 0xFF;
}

static bool stateless(unsigned bti)
{
	return bti == SIM_BTI_STATELESS || bti == SIM_BTI_STATELESS_NC;
}

static uint64_t a32_base(const struct sim_msg *m)
{
	if (m->header && stateless(bti_of(m)))
		return sim_pl_ud(m, 0, 5) & ~0x3FFu;
	return 0;
}

static enum vf_status io_status(struct sim_ctx *c)
{
	return c->err->status != VF_OK ? c->err->status : VF_ERR_INTERNAL;
}

/* ---- block messages ---------------------------------------------------- */

static enum vf_status oword_block(struct sim_ctx *c, struct sim_msg *m,
                                  unsigned type, bool write)
{
	unsigned bits = (m->desc >> 8) & 7;
	static const unsigned sizes[5] = { 16, 16, 32, 64, 128 };
	if (bits > 4 || !m->header)
		return sim_msg_unsupported(c, m, "oword block size or header");
	unsigned n = sizes[bits], at = bits == 1 ? 16 : 0;
	uint64_t off = sim_pl_ud(m, 0, 2);
	off = type == 1 ? off : off * 16;
	off += a32_base(m);
	unsigned bti = bti_of(m);
	if (write) {
		if (m->mlen + m->xlen < 1 + (n + at + 31) / 32)
			return sim_msg_unsupported(c, m, "short oword block write");
		if (!sim_surf_write(c, bti, off, m->payload + SIM_GRF_SIZE + at, n))
			return io_status(c);
		return VF_OK;
	}
	if (m->rlen * SIM_GRF_SIZE < n + at)
		return sim_msg_unsupported(c, m, "short oword block read");
	if (!sim_surf_read(c, bti, off, m->resp + at, n))
		return io_status(c);
	return VF_OK;
}

static enum vf_status scratch_block(struct sim_ctx *c, struct sim_msg *m)
{
	bool write = (m->desc >> 17) & 1;
	unsigned n = 1u << ((m->desc >> 12) & 3);
	uint64_t addr = (uint64_t)(sim_pl_ud(m, 0, 5) & ~0x3FFu) +
	                (uint64_t)(m->desc & 0xFFF) * 32;
	if (write) {
		if (m->mlen + m->xlen < 1 + n)
			return sim_msg_unsupported(c, m, "short scratch write");
		return sim_gwrite(c, addr, m->payload + SIM_GRF_SIZE, n * 32)
		       ? VF_OK : io_status(c);
	}
	if (m->rlen < n)
		return sim_msg_unsupported(c, m, "short scratch read");
	return sim_gread(c, addr, m->resp, n * 32) ? VF_OK : io_status(c);
}

/* ---- scattered messages ------------------------------------------------ */

/* Byte (type 4/12: Desc[11:10] = log2 bytes, Desc[8] SIMD16, byte
 * offsets) and dword (type 3/11: Desc[9:8] 2 = SIMD8, 3 = SIMD16, dword
 * offsets) scattered messages; with a header its dword 2 is a global
 * offset in the same unit (IGC translateVISAGatherInst writes the
 * element offsets unscaled for dwords and in bytes otherwise). */
static enum vf_status scattered(struct sim_ctx *c, struct sim_msg *m,
                                bool dwords, bool write)
{
	unsigned simd = (m->desc >> 8) & 1 ? 16 : 8;
	unsigned ds = (m->desc >> 10) & 3;
	if (dwords ? ((m->desc >> 9) & 1) == 0 || ds : ds == 3)
		return sim_msg_unsupported(c, m, "scattered message mode");
	unsigned size = dwords ? 4 : 1u << ds, unit = dwords ? 4 : 1;
	unsigned ab = m->header ? 1 : 0, db = ab + simd / 8;
	uint64_t base = a32_base(m) +
	                (m->header ? (uint64_t)sim_pl_ud(m, 0, 2) * unit : 0);
	for (unsigned i = 0; i < simd; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint64_t a = base + (uint64_t)sim_pl_ud(m, ab + i / 8, i % 8) * unit;
		uint32_t v = 0;
		if (write) {
			v = sim_pl_ud(m, db + i / 8, i % 8);
			if (!sim_surf_write(c, bti_of(m), a, &v, size))
				return io_status(c);
		} else {
			if (!sim_surf_read(c, bti_of(m), a, &v, size))
				return io_status(c);
			sim_resp_ud(m, i / 8, i % 8, v);
		}
	}
	return VF_OK;
}

static unsigned untyped_simd(const struct sim_msg *m)
{
	unsigned sm = (m->desc >> 12) & 3;
	return sm == 1 ? 16 : sm == 2 ? 8 : 0;
}

static enum vf_status untyped_rw(struct sim_ctx *c, struct sim_msg *m,
                                 bool write)
{
	unsigned simd = untyped_simd(m);
	if (!simd)
		return sim_msg_unsupported(c, m, "SIMD4x2 untyped message");
	unsigned dis = (m->desc >> 8) & 0xF, ab = m->header ? 1 : 0;
	unsigned per = simd / 8, db = ab + per;
	uint64_t base = a32_base(m);
	for (unsigned i = 0; i < simd; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint64_t a = base + sim_pl_ud(m, ab + i / 8, i % 8);
		unsigned j = 0;
		for (unsigned k = 0; k < 4; k++) {
			if ((dis >> k) & 1)
				continue;
			unsigned reg = j * per + i / 8;
			uint32_t v;
			if (write) {
				v = sim_pl_ud(m, db + reg, i % 8);
				if (!sim_surf_write(c, bti_of(m), a + 4 * k, &v, 4))
					return io_status(c);
			} else {
				if (!sim_surf_read(c, bti_of(m), a + 4 * k, &v, 4))
					return io_status(c);
				sim_resp_ud(m, reg, i % 8, v);
			}
			j++;
		}
	}
	return VF_OK;
}

static unsigned aop_sources(unsigned aop)
{
	if (aop == 5 || aop == 6 || aop == 15)
		return 0;
	return aop == 14 || aop == 0 ? 2 : 1;
}

static enum vf_status untyped_atomic(struct sim_ctx *c, struct sim_msg *m)
{
	unsigned simd = (m->desc >> 12) & 1 ? 8 : 16, aop = (m->desc >> 8) & 0xF;
	bool ret = (m->desc >> 13) & 1;
	unsigned ab = m->header ? 1 : 0, per = simd / 8;
	if (aop == 0 || aop_sources(aop) > 2)
		return sim_msg_unsupported(c, m, "untyped atomic operation");
	uint64_t base = a32_base(m);
	for (unsigned i = 0; i < simd; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint64_t a = base + sim_pl_ud(m, ab + i / 8, i % 8), old = 0;
		uint64_t s0 = sim_pl_ud(m, ab + per + i / 8, i % 8);
		uint64_t s1 = sim_pl_ud(m, ab + 2 * per + i / 8, i % 8);
		uint8_t *p = sim_surf_ptr(c, bti_of(m), a, 4);
		if (!p && c->err->status != VF_OK)
			return c->err->status;
		if (p && !sim_atomic(aop, p, 4, s0, s1, &old))
			return sim_msg_unsupported(c, m, "atomic operation");
		if (ret)
			sim_resp_ud(m, i / 8, i % 8, (uint32_t)old);
	}
	return VF_OK;
}

static bool float_atomic_op(unsigned aop, uint8_t *p, uint32_t s0,
                            uint32_t s1, uint32_t *old)
{
	uint32_t o;
	memcpy(&o, p, 4);
	float fo = sim_bits_to_f(o), f0 = sim_bits_to_f(s0), fn;
	uint32_t n;
	switch (aop) {
	case 1: fn = (fo != fo || f0 > fo) ? f0 : fo; memcpy(&n, &fn, 4); break;
	case 2: fn = (fo != fo || f0 < fo) ? f0 : fo; memcpy(&n, &fn, 4); break;
	case 3: n = fo == f0 ? s1 : o; break;
	default: return false;
	}
	memcpy(p, &n, 4);
	*old = o;
	return true;
}

static enum vf_status float_atomic(struct sim_ctx *c, struct sim_msg *m)
{
	unsigned simd = (m->desc >> 12) & 1 ? 8 : 16, aop = (m->desc >> 8) & 7;
	bool ret = (m->desc >> 13) & 1;
	unsigned ab = m->header ? 1 : 0, per = simd / 8;
	uint64_t base = a32_base(m);
	for (unsigned i = 0; i < simd; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint64_t a = base + sim_pl_ud(m, ab + i / 8, i % 8);
		uint32_t s0 = sim_pl_ud(m, ab + per + i / 8, i % 8);
		uint32_t s1 = sim_pl_ud(m, ab + 2 * per + i / 8, i % 8), old = 0;
		uint8_t *p = sim_surf_ptr(c, bti_of(m), a, 4);
		if (!p && c->err->status != VF_OK)
			return c->err->status;
		if (p && !float_atomic_op(aop, p, s0, s1, &old))
			return sim_msg_unsupported(c, m, "float atomic operation");
		if (ret)
			sim_resp_ud(m, i / 8, i % 8, old);
	}
	return VF_OK;
}

enum vf_status sim_msg_dc0(struct sim_ctx *c, struct sim_thread *t,
                           struct sim_msg *m)
{
	unsigned type = (m->desc >> 14) & 0x1F;
	(void)t;
	if ((m->desc >> 18) & 1)
		return scratch_block(c, m);
	switch (type) {
	case 0: case 1: return oword_block(c, m, type, false);
	case 8: return oword_block(c, m, type, true);
	case 4: return scattered(c, m, false, false);
	case 12: return scattered(c, m, false, true);
	case 3: return scattered(c, m, true, false);
	case 11: return scattered(c, m, true, true);
	case 7:  /* memory fence: accesses are already in order */
		memset(m->resp, 0, sizeof(m->resp));
		return VF_OK;
	default:
		return sim_msg_unsupported(c, m, "data port 0 message type");
	}
}

enum vf_status sim_msg_dc1(struct sim_ctx *c, struct sim_thread *t,
                           struct sim_msg *m)
{
	unsigned type = (m->desc >> 14) & 0x1F;
	switch (type) {
	case 0x01: return untyped_rw(c, m, false);
	case 0x09: return untyped_rw(c, m, true);
	case 0x02: return untyped_atomic(c, m);
	case 0x1B: return float_atomic(c, m);
	case 0x04: return sim_msg_media(c, m, false);
	case 0x0A: return sim_msg_media(c, m, true);
	case 0x05: case 0x0D: return sim_msg_typed(c, m, type);
	case 0x10: case 0x11: case 0x12: case 0x14: case 0x15: case 0x19:
	case 0x1A: case 0x1D:
		return sim_msg_a64(c, t, m, type);
	default:
		return sim_msg_unsupported(c, m, "data port 1 message type");
	}
}
