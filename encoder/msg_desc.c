/*
 * msg_desc.c - SEND message descriptors per message family (see
 * msg_desc.h).  The generic fields (header bit, message type, lengths)
 * sit where the platform's layout (struct plat_msg_layout) says; each
 * family's own fields are written below with the bit ranges they occupy.
 * Gen8 to Gen12LP share these legacy data-port layouts (GEN-FACTS 6.4;
 * IGC's binaries in shared/corpus show the same function bits on all
 * five platforms).
 */
#include "config.h"

#include "msg_desc.h"

/* Data port message types (Desc[18:14]), data cache 0 and 1. */
enum {
	DC0_OWORD_BLOCK_READ = 0x00, DC0_UNALIGNED_OWORD_BLOCK_READ = 0x01,
	DC0_BYTE_SCATTERED_READ = 0x04, DC0_FENCE = 0x07,
	DC0_OWORD_BLOCK_WRITE = 0x08, DC0_BYTE_SCATTERED_WRITE = 0x0C,
	DC1_UNTYPED_READ = 0x01, DC1_UNTYPED_ATOMIC = 0x02,
	DC1_MEDIA_READ = 0x04, DC1_TYPED_READ = 0x05, DC1_UNTYPED_WRITE = 0x09,
	DC1_MEDIA_WRITE = 0x0A, DC1_TYPED_WRITE = 0x0D,
	DC1_UNTYPED_FLOAT_ATOMIC = 0x1B,
	DC1_A64_SCATTERED_READ = 0x10, DC1_A64_UNTYPED_READ = 0x11,
	DC1_A64_ATOMIC = 0x12, DC1_A64_BLOCK_READ = 0x14,
	DC1_A64_BLOCK_WRITE = 0x15, DC1_A64_UNTYPED_WRITE = 0x19,
	DC1_A64_SCATTERED_WRITE = 0x1A, DC1_A64_FLOAT_ATOMIC = 0x1D,
};

static uint32_t header(const struct plat_info *p)
{
	return 1u << p->msg.header_bit;
}

static uint32_t type(const struct plat_info *p, unsigned t)
{
	return (uint32_t)t << p->msg.msg_type_lo;
}

/* Desc[11:8] of untyped/typed surface messages: the channels *masked
 * off* (bit set = channel not transferred). */
static uint32_t channels_off(unsigned chmask)
{
	return (~chmask & 0xFu) << 8;
}

/* Desc[13:12] SIMD mode of untyped surface messages: 1 SIMD16, 2 SIMD8. */
static uint32_t untyped_simd(unsigned simd)
{
	return (simd == 8 ? 2u : 1u) << 12;
}

/* Block size code (Desc[10:8]) of oword block messages: 1, 2, 4, 8
 * owords -> 0, 2, 3, 4 (code 1 is the low half of 2 owords). */
static uint32_t oword_code(unsigned owords)
{
	unsigned c = owords == 1 ? 0 : owords == 2 ? 2 : owords == 4 ? 3 : 4;
	return (uint32_t)c << 8;
}

static struct gen_msg msg(unsigned sfid, uint32_t desc)
{
	return (struct gen_msg){ (uint8_t)sfid, desc };
}

uint32_t gen_desc_lengths(const struct plat_info *p, unsigned mlen,
                          unsigned rlen)
{
	return (uint32_t)mlen << p->msg.mlen_lo | (uint32_t)rlen << p->msg.rlen_lo;
}

uint32_t gen_desc_with_mlen(const struct plat_info *p, uint32_t desc,
                            unsigned mlen)
{
	uint32_t field = 0xFu << p->msg.mlen_lo;   /* Desc[28:25] */
	return (desc & ~field) | ((uint32_t)mlen << p->msg.mlen_lo & field);
}

uint32_t gen_exdesc(const struct plat_info *p, unsigned sfid, unsigned xlen)
{
	uint32_t s = p->caps.sfid_in_inst ? 0 : (sfid & 0xFu);
	return s | (uint32_t)xlen << p->msg.xlen_lo;
}

/* ---- data port, A32 ----------------------------------------------------- */

struct gen_msg gen_msg_untyped_rw(const struct plat_info *p, bool write,
                                  unsigned simd, unsigned chmask, unsigned bti)
{
	return msg(p->sfid.dc1,
	           type(p, write ? DC1_UNTYPED_WRITE : DC1_UNTYPED_READ) |
	           untyped_simd(simd) | channels_off(chmask) | (bti & 0xFFu));
}

/* Desc[11:10] data size, Desc[8] SIMD16. */
struct gen_msg gen_msg_byte_scattered(const struct plat_info *p, bool write,
                                      unsigned simd, unsigned size_code,
                                      unsigned bti)
{
	return msg(p->sfid.dc0,
	           type(p, write ? DC0_BYTE_SCATTERED_WRITE
	                         : DC0_BYTE_SCATTERED_READ) |
	           (size_code & 3u) << 10 | (simd == 8 ? 0u : 1u) << 8 |
	           (bti & 0xFFu));
}

/* Desc[13] return data, Desc[12] SIMD8 (IGC sets 0 for SIMD16; GEN-FACTS
 * 6.6), Desc[11:8] operation. */
struct gen_msg gen_msg_untyped_atomic(const struct plat_info *p, bool fl,
                                      unsigned simd, bool ret, unsigned aop,
                                      unsigned bti)
{
	return msg(p->sfid.dc1,
	           type(p, fl ? DC1_UNTYPED_FLOAT_ATOMIC : DC1_UNTYPED_ATOMIC) |
	           (ret ? 1u : 0u) << 13 | (simd == 8 ? 1u : 0u) << 12 |
	           (aop & 0xFu) << 8 | (bti & 0xFFu));
}

struct gen_msg gen_msg_oword_block(const struct plat_info *p,
                                   enum gen_block_kind k, unsigned owords,
                                   unsigned bti)
{
	unsigned t = k == GEN_BLOCK_WRITE ? DC0_OWORD_BLOCK_WRITE
	             : k == GEN_BLOCK_READ_UNALIGNED
	                 ? DC0_UNALIGNED_OWORD_BLOCK_READ : DC0_OWORD_BLOCK_READ;
	return msg(p->sfid.dc0, header(p) | type(p, t) | oword_code(owords) |
	                        (bti & 0xFFu));
}

/* The plane index joins the binding table index, as the builder wrote
 * it before this helper existed (vISA MEDIA_LD.md: planes of planar
 * surfaces sit at consecutive indices); a non-zero plane of an odd index
 * is not yet checked (docs/platforms.md, open problems). */
struct gen_msg gen_msg_media_block(const struct plat_info *p, bool write,
                                   unsigned plane, unsigned bti)
{
	return msg(p->sfid.dc1, header(p) |
	           type(p, write ? DC1_MEDIA_WRITE : DC1_MEDIA_READ) |
	           ((plane | bti) & 0xFFu));
}

/* Desc[13:12] slot group: 1 = the low 8 slots. */
struct gen_msg gen_msg_typed_rw(const struct plat_info *p, bool write,
                                unsigned chmask, unsigned bti)
{
	return msg(p->sfid.dc1,
	           type(p, write ? DC1_TYPED_WRITE : DC1_TYPED_READ) |
	           1u << 12 | channels_off(chmask) | (bti & 0xFFu));
}

/* Desc[13] commit (a write-back the thread waits on), Desc[12:9] flush
 * kinds; an SLM fence addresses binding table index 0xFE. */
struct gen_msg gen_msg_fence(const struct plat_info *p, bool commit,
                             unsigned flush, bool slm)
{
	return msg(p->sfid.dc0, header(p) | type(p, DC0_FENCE) |
	           (commit ? 1u : 0u) << 13 | (flush & 0xFu) << 9 |
	           (slm ? GEN_BTI_SLM : 0u));
}

/* ---- data port, A64 ----------------------------------------------------- */

/* Desc[12] SIMD16, Desc[11:10] blocks, Desc[9:8] block size. */
struct gen_msg gen_msg_a64_scattered(const struct plat_info *p, bool write,
                                     unsigned simd, unsigned bs, unsigned nb)
{
	return msg(p->sfid.dc1,
	           type(p, write ? DC1_A64_SCATTERED_WRITE
	                         : DC1_A64_SCATTERED_READ) |
	           (simd == 8 ? 0u : 1u) << 12 | (nb & 3u) << 10 |
	           (bs & 3u) << 8 | GEN_BTI_STATELESS);
}

struct gen_msg gen_msg_a64_untyped_rw(const struct plat_info *p, bool write,
                                      unsigned simd, unsigned chmask)
{
	return msg(p->sfid.dc1,
	           type(p, write ? DC1_A64_UNTYPED_WRITE : DC1_A64_UNTYPED_READ) |
	           untyped_simd(simd) | channels_off(chmask) | GEN_BTI_STATELESS);
}

/* Desc[13] return data, Desc[12] 64-bit operands, Desc[11:8] operation. */
struct gen_msg gen_msg_a64_atomic(const struct plat_info *p, bool fl, bool q,
                                  bool ret, unsigned aop)
{
	return msg(p->sfid.dc1,
	           type(p, fl ? DC1_A64_FLOAT_ATOMIC : DC1_A64_ATOMIC) |
	           (ret ? 1u : 0u) << 13 | (q ? 1u : 0u) << 12 |
	           (aop & 0xFu) << 8 | GEN_BTI_STATELESS);
}

/* Desc[11] unaligned (reads), Desc[10:8] oword count code. */
struct gen_msg gen_msg_a64_block(const struct plat_info *p,
                                 enum gen_block_kind k, unsigned owords)
{
	uint32_t d = header(p) | oword_code(owords) | GEN_BTI_STATELESS;
	if (k == GEN_BLOCK_WRITE)
		return msg(p->sfid.dc1, d | type(p, DC1_A64_BLOCK_WRITE));
	return msg(p->sfid.dc1, d | type(p, DC1_A64_BLOCK_READ) |
	                        (k == GEN_BLOCK_READ_UNALIGNED ? 1u : 0u) << 11);
}

/* ---- sampler, gateway, thread spawner, scratch ------------------------- */

/* Desc[18:17] SIMD mode (1 SIMD8, 2 SIMD16), [16:12] message type,
 * [11:8] sampler index, [7:0] binding table index (GEN-FACTS 6.3). */
struct gen_msg gen_msg_sampler(const struct plat_info *p, unsigned op,
                               unsigned simd, unsigned sampler, unsigned bti,
                               bool hdr)
{
	return msg(p->sfid.sampler, (hdr ? header(p) : 0u) |
	                            (simd == 16 ? 2u : 1u) << 17 |
	                            (op & 0x1Fu) << 12 | (sampler & 0xFu) << 8 |
	                            (bti & 0xFFu));
}

/* Gateway message type 4: barrier signal (GEN-FACTS 6.4). */
struct gen_msg gen_msg_barrier(const struct plat_info *p)
{
	return msg(p->sfid.gateway, 0x4);
}

/* Thread spawner: Desc[4] end of thread (GEN-FACTS 6.4). */
struct gen_msg gen_msg_eot(const struct plat_info *p)
{
	return msg(p->sfid.spawner, 0x10);
}

/* Scratch block (r0 as header): Desc[18] scratch, [17] write, [16]
 * channel mode (set for writes), [13:12] 1/2/4/8 registers, [11:0]
 * offset in 32-byte units (GEN-FACTS 6.4). */
struct gen_msg gen_msg_scratch(const struct plat_info *p, bool write,
                               unsigned grfs, unsigned offset)
{
	unsigned code = grfs >= 8 ? 3 : grfs == 4 ? 2 : grfs == 2 ? 1 : 0;
	return msg(p->sfid.dc0, header(p) | 1u << 18 |
	                        (write ? 1u << 17 | 1u << 16 : 0u) |
	                        (uint32_t)code << 12 | (offset & 0xFFFu));
}
