/*
 * sim_a64.c - data port 1 messages with 64-bit (stateless, SVM)
 * addresses: scattered byte/dword/qword gather and scatter, untyped
 * surface read/write, integer and float atomics, and oword/hword block
 * read/write.
 *
 * Layouts (docs/gensim.md "Messages"): addresses are one qword per lane
 * (four lanes per register); scattered messages use Desc[9:8] for the
 * element kind (0 byte, 1 dword, 2 qword), Desc[11:10] for the bytes per
 * lane (byte kind) or elements per address (1, 2, 4, 8), Desc[12] for
 * SIMD16; data and responses are element-major, each element one dword
 * (qword) per lane.  Untyped messages take the channel-disable mask from
 * Desc[11:8] and the SIMD mode from Desc[13:12] (1 SIMD16, 2 SIMD8).
 * Integer atomics are SIMD8 with Desc[12] = 64-bit data, Desc[11:8] the
 * operation and Desc[13] return; float atomics take the operation from
 * Desc[10:8] and SIMD16 from Desc[12].  Block messages hold the address
 * in header qword 0, Desc[12:11] the subtype (0 oword unaligned,
 * 1 oword aligned, 3 hword) and Desc[10:8] the size.  Sources: IGC
 * visa/iga/IGALibrary/Backend/Messages/MessageDecoderHDC.cpp
 * (tryDecodeDC1), Mesa brw_eu_defines.h (GFX8_DATAPORT_DC_PORT1_A64_*).
 */
#include "config.h"

#include <string.h>

#include "sim_priv.h"

static enum vf_status io_status(struct sim_ctx *c)
{
	return c->err->status != VF_OK ? c->err->status : VF_ERR_INTERNAL;
}

static uint64_t lane_addr(const struct sim_msg *m, unsigned base, unsigned i)
{
	return sim_pl_uq(m, base + i / 4, i % 4);
}

static enum vf_status a64_byte(struct sim_ctx *c, struct sim_msg *m,
                               bool write, unsigned simd)
{
	unsigned size = 1u << ((m->desc >> 10) & 3);
	unsigned db = simd / 4;
	if (size > 4)
		return sim_msg_unsupported(c, m, "A64 byte scattered size");
	for (unsigned i = 0; i < simd; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint64_t a = lane_addr(m, 0, i);
		uint32_t v = 0;
		if (write) {
			v = sim_pl_ud(m, db + i / 8, i % 8);
			if (!sim_gwrite(c, a, &v, size))
				return io_status(c);
		} else {
			if (!sim_gread(c, a, &v, size))
				return io_status(c);
			sim_resp_ud(m, i / 8, i % 8, v);
		}
	}
	return VF_OK;
}

/* Element e of lane i in a dword (esz 4) or qword (esz 8) data block. */
static unsigned elem_at(unsigned simd, unsigned esz, unsigned e, unsigned i,
                        unsigned *reg)
{
	unsigned per_reg = SIM_GRF_SIZE / esz;
	unsigned regs = (simd + per_reg - 1) / per_reg;
	*reg = e * regs + i / per_reg;
	return (i % per_reg) * esz;
}

static enum vf_status a64_scattered(struct sim_ctx *c, struct sim_msg *m,
                                    bool write)
{
	unsigned simd = (m->desc >> 12) & 1 ? 16 : 8;
	unsigned kind = (m->desc >> 8) & 3;
	if (kind == 0)
		return a64_byte(c, m, write, simd);
	if (kind != 1 && kind != 2)
		return sim_msg_unsupported(c, m, "A64 scattered subtype");
	unsigned esz = kind == 1 ? 4 : 8, n = 1u << ((m->desc >> 10) & 3);
	unsigned db = simd / 4;
	for (unsigned i = 0; i < simd; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint64_t a = lane_addr(m, 0, i);
		for (unsigned e = 0; e < n; e++) {
			unsigned reg, at = elem_at(simd, esz, e, i, &reg);
			if (write) {
				uint8_t *src = m->payload + (db + reg) * SIM_GRF_SIZE + at;
				if (!sim_gwrite(c, a + e * esz, src, esz))
					return io_status(c);
			} else {
				if (reg >= 32 || !sim_gread(c, a + e * esz,
				    m->resp + reg * SIM_GRF_SIZE + at, esz))
					return io_status(c);
			}
		}
	}
	return VF_OK;
}

static enum vf_status a64_untyped(struct sim_ctx *c, struct sim_msg *m,
                                  bool write)
{
	unsigned sm = (m->desc >> 12) & 3;
	unsigned simd = sm == 1 ? 16 : sm == 2 ? 8 : 0;
	if (!simd)
		return sim_msg_unsupported(c, m, "A64 untyped SIMD mode");
	unsigned dis = (m->desc >> 8) & 0xF, per = simd / 8, db = simd / 4;
	for (unsigned i = 0; i < simd; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint64_t a = lane_addr(m, 0, i);
		for (unsigned k = 0, j = 0; k < 4; k++) {
			if ((dis >> k) & 1)
				continue;
			unsigned reg = j++ * per + i / 8;
			uint32_t v;
			if (write) {
				v = sim_pl_ud(m, db + reg, i % 8);
				if (!sim_gwrite(c, a + 4 * k, &v, 4))
					return io_status(c);
			} else {
				if (!sim_gread(c, a + 4 * k, &v, 4))
					return io_status(c);
				sim_resp_ud(m, reg, i % 8, v);
			}
		}
	}
	return VF_OK;
}

static enum vf_status a64_atomic(struct sim_ctx *c, struct sim_msg *m)
{
	bool q = (m->desc >> 12) & 1, ret = (m->desc >> 13) & 1;
	unsigned aop = (m->desc >> 8) & 0xF, esz = q ? 8 : 4;
	unsigned dregs = q ? 2 : 1;  /* per source, SIMD8 */
	if (aop == 0 && !q)
		q = true, esz = 8, dregs = 2;  /* 64-bit compare-exchange */
	unsigned op = aop == 0 ? 14 : aop;
	for (unsigned i = 0; i < 8; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint64_t a = lane_addr(m, 0, i), s0 = 0, s1 = 0, old = 0;
		memcpy(&s0, m->payload + (2 + i * esz / 32) * SIM_GRF_SIZE +
		       (i * esz) % 32, esz);
		memcpy(&s1, m->payload + (2 + dregs + i * esz / 32) *
		       SIM_GRF_SIZE + (i * esz) % 32, esz);
		uint8_t *p = sim_mem_ptr(&c->mem, a, esz);
		if (!p)
			return sim_fail(c, m->in, VF_ERR_INPUT, "A64 atomic at "
			                "unmapped address 0x%llx",
			                (unsigned long long)a);
		if (!sim_atomic(op, p, esz, s0, s1, &old))
			return sim_msg_unsupported(c, m, "A64 atomic operation");
		if (ret)
			memcpy(m->resp + (i * esz / 32) * SIM_GRF_SIZE +
			       (i * esz) % 32, &old, esz);
	}
	return VF_OK;
}

static enum vf_status a64_float_atomic(struct sim_ctx *c, struct sim_msg *m)
{
	unsigned simd = (m->desc >> 12) & 1 ? 16 : 8, aop = (m->desc >> 8) & 7;
	bool ret = (m->desc >> 13) & 1;
	unsigned sb = simd / 4, per = simd / 8;
	for (unsigned i = 0; i < simd; i++) {
		if (!((m->lanes >> i) & 1))
			continue;
		uint64_t a = lane_addr(m, 0, i);
		uint32_t s0 = sim_pl_ud(m, sb + i / 8, i % 8), o, n;
		uint32_t s1 = sim_pl_ud(m, sb + per + i / 8, i % 8);
		uint8_t *p = sim_mem_ptr(&c->mem, a, 4);
		if (!p)
			return sim_fail(c, m->in, VF_ERR_INPUT, "A64 atomic at "
			                "unmapped address 0x%llx",
			                (unsigned long long)a);
		memcpy(&o, p, 4);
		float fo, f0;
		memcpy(&fo, &o, 4);
		memcpy(&f0, &s0, 4);
		if (aop == 1)
			n = (fo != fo || f0 > fo) ? s0 : o;
		else if (aop == 2)
			n = (fo != fo || f0 < fo) ? s0 : o;
		else if (aop == 3)
			n = fo == f0 ? s1 : o;
		else
			return sim_msg_unsupported(c, m, "A64 float atomic "
			                           "operation");
		memcpy(p, &n, 4);
		if (ret)
			sim_resp_ud(m, i / 8, i % 8, o);
	}
	return VF_OK;
}

static enum vf_status a64_block(struct sim_ctx *c, struct sim_msg *m,
                                bool write)
{
	unsigned sub = (m->desc >> 11) & 3, bits = (m->desc >> 8) & 7;
	unsigned n, at = 0;
	if (sub == 3) {
		n = 32u << bits;
	} else if (sub <= 1 && bits <= 4) {
		static const unsigned ow[5] = { 16, 16, 32, 64, 128 };
		n = ow[bits];
		at = bits == 1 ? 16 : 0;
	} else {
		return sim_msg_unsupported(c, m, "A64 block subtype");
	}
	if (n + at > 8 * SIM_GRF_SIZE)
		return sim_msg_unsupported(c, m, "A64 block size");
	uint64_t a = sim_pl_uq(m, 0, 0);
	if (write)
		return sim_gwrite(c, a, m->payload + SIM_GRF_SIZE + at, n)
		       ? VF_OK : io_status(c);
	return sim_gread(c, a, m->resp + at, n) ? VF_OK : io_status(c);
}

enum vf_status sim_msg_a64(struct sim_ctx *c, struct sim_thread *t,
                           struct sim_msg *m, unsigned type)
{
	(void)t;
	switch (type) {
	case 0x10: return a64_scattered(c, m, false);
	case 0x1A: return a64_scattered(c, m, true);
	case 0x11: return a64_untyped(c, m, false);
	case 0x19: return a64_untyped(c, m, true);
	case 0x12: return a64_atomic(c, m);
	case 0x1D: return a64_float_atomic(c, m);
	case 0x14: return a64_block(c, m, false);
	case 0x15: return a64_block(c, m, true);
	default: return sim_msg_unsupported(c, m, "A64 message type");
	}
}
