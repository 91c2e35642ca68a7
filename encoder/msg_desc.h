/*
 * msg_desc.h - SEND message descriptors, one builder per message family.
 *
 * Each builder returns the SFID and the descriptor's function-control
 * bits (header bit, message type and the family's own fields) for the
 * platform given; gen_desc_lengths() and gen_exdesc() add the message
 * and response lengths.  The finalizer and the allocator build every
 * SEND through these; none of them writes descriptor bits itself.
 *
 * Families: data port A32 (untyped surface, byte scattered, untyped
 * atomic, oword block, media block, typed surface, fence), data port A64
 * (scattered, untyped surface, atomic, oword block), sampler, gateway
 * (barrier), thread spawner (end of thread), scratch (hword block).
 *
 * Sources: GEN-FACTS 6.3/6.4 (descriptor fields, SFIDs), IGC visa/
 * VisaToG4/TranslateSendLdStLegacy.cpp, TranslateSendSync.cpp (which
 * message each vISA instruction uses), Mesa brw_eu.h brw_dp_*_desc()
 * (field positions); values cross-checked against IGC's binaries in
 * the .igc.asm files of shared/corpus/<platform>/ (tests/unit/test_platform.c).
 */
#ifndef VISAFIN_MSG_DESC_H
#define VISAFIN_MSG_DESC_H

#include <stdbool.h>
#include <stdint.h>

#include "../platforms/platform.h"

struct gen_msg {
	uint8_t sfid;
	uint32_t desc;   /* without message and response lengths */
};

enum gen_block_kind {
	GEN_BLOCK_READ, GEN_BLOCK_READ_UNALIGNED, GEN_BLOCK_WRITE,
};

/* Stateless (A64) binding table index; SLM's. */
#define GEN_BTI_STATELESS 0xFFu
#define GEN_BTI_SLM 0xFEu

/* Message length (GRFs sent from src0, plus src1 where the platform has
 * no split send) and response length, placed in the descriptor. */
uint32_t gen_desc_lengths(const struct plat_info *p, unsigned mlen,
                          unsigned rlen);
/* 'desc' with its message length field set to 'mlen' (joining the two
 * payloads of a split send where the platform has none, caps.split_send). */
uint32_t gen_desc_with_mlen(const struct plat_info *p, uint32_t desc,
                            unsigned mlen);
/* Extended descriptor of a message to 'sfid' with 'xlen' GRFs in src1
 * (the SFID is left out where it is an instruction field,
 * caps.sfid_in_inst). */
uint32_t gen_exdesc(const struct plat_info *p, unsigned sfid, unsigned xlen);

/* ---- data port, A32 (binding table index 'bti') -------------------------
 * 'simd' is 8 or 16; 'chmask' lists the channels that are *enabled*
 * (bit 0 = x ... bit 3 = w). */
struct gen_msg gen_msg_untyped_rw(const struct plat_info *p, bool write,
                                  unsigned simd, unsigned chmask,
                                  unsigned bti);
/* 'size_code' 0/1/2 = 1/2/4 bytes per lane (vISA num_blocks). */
struct gen_msg gen_msg_byte_scattered(const struct plat_info *p, bool write,
                                      unsigned simd, unsigned size_code,
                                      unsigned bti);
/* 'aop' the data port's atomic operation code (AOP, or FOP if 'fl'). */
struct gen_msg gen_msg_untyped_atomic(const struct plat_info *p, bool fl,
                                      unsigned simd, bool ret, unsigned aop,
                                      unsigned bti);
/* 'owords' 1, 2, 4 or 8. */
struct gen_msg gen_msg_oword_block(const struct plat_info *p,
                                   enum gen_block_kind k, unsigned owords,
                                   unsigned bti);
struct gen_msg gen_msg_media_block(const struct plat_info *p, bool write,
                                   unsigned plane, unsigned bti);
/* Typed surface read/write of the low 8 slots. */
struct gen_msg gen_msg_typed_rw(const struct plat_info *p, bool write,
                                unsigned chmask, unsigned bti);
/* Memory fence; 'flush' the vISA fence mask bits 4:1 (flush kinds),
 * 'slm' for a fence on shared local memory (caps.slm_fence). */
struct gen_msg gen_msg_fence(const struct plat_info *p, bool commit,
                             unsigned flush, bool slm);

/* ---- data port, A64 (stateless) ---------------------------------------- */
/* 'bs' block size code (0 byte, 1 dword, 2 qword), 'nb' blocks code. */
struct gen_msg gen_msg_a64_scattered(const struct plat_info *p, bool write,
                                     unsigned simd, unsigned bs, unsigned nb);
struct gen_msg gen_msg_a64_untyped_rw(const struct plat_info *p, bool write,
                                      unsigned simd, unsigned chmask);
/* 'q' 64-bit operands. */
struct gen_msg gen_msg_a64_atomic(const struct plat_info *p, bool fl, bool q,
                                  bool ret, unsigned aop);
struct gen_msg gen_msg_a64_block(const struct plat_info *p,
                                 enum gen_block_kind k, unsigned owords);

/* ---- other shared functions -------------------------------------------- */
/* 'op' the sampler message type (the vISA 3D sampler op code); 'header'
 * when the payload starts with a message header. */
struct gen_msg gen_msg_sampler(const struct plat_info *p, unsigned op,
                               unsigned simd, unsigned sampler, unsigned bti,
                               bool header);
struct gen_msg gen_msg_barrier(const struct plat_info *p);
struct gen_msg gen_msg_eot(const struct plat_info *p);
/* Scratch block read/write of 'grfs' (1, 2, 4 or 8) registers at
 * 'offset' 32-byte units from the thread's scratch base. */
struct gen_msg gen_msg_scratch(const struct plat_info *p, bool write,
                               unsigned grfs, unsigned offset);

#endif
