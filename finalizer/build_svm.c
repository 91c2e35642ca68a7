/*
 * build_svm.c - shared virtual memory (stateless A64) instructions to
 * data-port SEND messages.
 *
 * Input: the current vISA svm instruction.  Output: SEND/SENDS on the
 * data cache 1 (SFID 12) with binding-table index 255 (stateless):
 * A64 scattered read/write (svm_gather/svm_scatter), A64 untyped
 * atomics (svm_atomic, SIMD8 at most), A64 oword block read/write
 * (svm_block_ld/st, header with the address in qword 0) and A64 untyped
 * surface read/write (svm_gather4scaled/scatter4scaled).
 *
 * Spec: shared/spec/visa/instructions/ SVM_GATHER.md, SVM_SCATTER.md,
 * SVM_ATOMIC.md, SVM_BLOCK_LD.md, SVM_BLOCK_ST.md, SVM_GATHER4_SCALED.md,
 * SVM_SCATTER4_SCALED.md; descriptors per GEN-FACTS 6.3 and IGC
 * visa/VisaToG4/TranslateSendLdStLegacy.cpp (facts).
 */
#include "config.h"

#include <string.h>

#include "build.h"

bool bld_atomic_code(struct bld *b, unsigned op, unsigned *aop, bool *fl);

static void mask_of(struct bld *b, struct ir_inst *in)
{
	bld_exec(b, in);
	bld_pred(b, in);
}

static uint32_t payload(struct bld *b, unsigned grfs)
{
	return bld_payload(b, grfs);
}

/* 'blocks' blocks of 'n' elements of 't' (vISA layout: block k at
 * k * ustride bytes) as a payload with each block in 'per' whole GRFs. */
static uint32_t gather_in(struct bld *b, struct ir_opnd o, enum gen_type t,
                          unsigned n, unsigned blocks, unsigned per,
                          unsigned ustride, int32_t *off)
{
	if (bld_in_place(b, &o, per * blocks) &&
	    (blocks == 1 || ustride == per * IR_GRF_BYTES)) {
		*off = o.off;
		return o.v;
	}
	*off = 0;
	uint32_t pl = payload(b, per * blocks);
	for (unsigned k = 0; k < blocks; k++) {
		struct ir_inst *in = ir_emit(b->p, GEN_OP_MOV, n);
		mask_of(b, in);
		in->dst = ir_dst(pl, (int32_t)(k * per * IR_GRF_BYTES), t, 1);
		in->src[0] = o;
		in->src[0].type = (uint8_t)t;
		in->src[0].off += (int32_t)(k * ustride);
		in->src[0].rgn = n == 1 ? (struct gen_region){ 0, 1, 0 }
		                        : (struct gen_region){ 1, 1, 0 };
		in->nsrc = 1;
	}
	return pl;
}

/* The inverse of gather_in for a message's response. */
static void scatter_out(struct bld *b, struct ir_opnd user, uint32_t tmp,
                        enum gen_type t, unsigned n, unsigned blocks,
                        unsigned per, unsigned ustride)
{
	for (unsigned k = 0; k < blocks; k++) {
		struct ir_inst *in = ir_emit(b->p, GEN_OP_MOV, n);
		mask_of(b, in);
		in->dst = user;
		in->dst.type = (uint8_t)t;
		in->dst.off += (int32_t)(k * ustride);
		in->dst.rgn = (struct gen_region){ 0, 0, 1 };
		in->src[0] = ir_vec(tmp, (int32_t)(k * per * IR_GRF_BYTES), t, 1);
		if (n == 1)
			in->src[0].rgn = (struct gen_region){ 0, 1, 0 };
		in->nsrc = 1;
	}
}

static struct ir_inst *send(struct bld *b, struct ir_opnd dst, uint32_t s0,
                            int32_t s0off, unsigned mlen, uint32_t s1,
                            int32_t s1off, unsigned xlen, unsigned rlen,
                            struct gen_msg desc)
{
	struct ir_inst *in = bld_emit_send(b, 1, false, dst, s0, mlen, s1, xlen,
	                                   rlen, desc);
	in->src[0].off = s0off;
	if (xlen)
		in->src[1].off = s1off;
	mask_of(b, in);
	return in;
}

/* Send into the user's operand if it is whole registers, else into a
 * temporary copied out afterwards. */
static void read_msg(struct bld *b, struct ir_opnd user, uint32_t pl,
                     int32_t plo, unsigned mlen, unsigned rlen, struct gen_msg desc,
                     enum gen_type t, unsigned n, unsigned blocks, unsigned per,
                     unsigned ustride)
{
	if (user.kind != IR_O_REG) {
		send(b, ir_null(GEN_TYPE_UD), pl, plo, mlen, 0, 0, 0, 0, desc);
		return;
	}
	if (bld_in_place(b, &user, rlen) &&
	    (blocks == 1 || ustride == per * IR_GRF_BYTES)) {
		struct ir_opnd d = user;
		d.rgn = (struct gen_region){ 0, 0, 1 };
		send(b, d, pl, plo, mlen, 0, 0, 0, rlen, desc);
		return;
	}
	uint32_t tmp = payload(b, rlen);
	send(b, ir_dst(tmp, 0, GEN_TYPE_UD, 1), pl, plo, mlen, 0, 0, 0, rlen,
	     desc);
	scatter_out(b, user, tmp, t, n, blocks, per, ustride);
}

static unsigned rexec(unsigned n)
{
	return n <= 8 ? 8 : 16;
}

/* svm_gather / svm_scatter: block size code (0 byte, 1 dword, 2 qword),
 * block count code (1, 2, 4, 8), addresses, data. */
static bool scattered(struct bld *b, bool write)
{
	unsigned n = bld_exec_size(b->in->exec), ex = rexec(n);
	unsigned bs = (unsigned)bld_int(b, 0) & 3, nb = (unsigned)bld_int(b, 1) & 3;
	struct ir_opnd addr, data;
	if (!bld_raw(b, 2, &addr) || !bld_raw(b, 3, &data))
		return false;
	if (bs == 0 && nb == 3)
		return ir_unsupported(b->p, "8-byte A64 byte gather/scatter");
	if (n > 16 || bs == 3)
		return ir_bad_input(b->p, "exec size %u, block size code %u", n, bs);
	unsigned blocks = bs == 0 ? 1 : 1u << nb;
	enum gen_type t = bs == 2 ? GEN_TYPE_UQ : GEN_TYPE_UD;
	unsigned per = ex * gen_type_size(t) / IR_GRF_BYTES;
	int32_t plo, dplo;
	unsigned us = n * gen_type_size(t);
	uint32_t pl = gather_in(b, addr, GEN_TYPE_UQ, n, 1, ex / 4, 0, &plo);
	struct gen_msg desc = gen_msg_a64_scattered(b->p->plat, write, ex, bs, nb);
	if (write) {
		uint32_t dpl = gather_in(b, data, t, n, blocks, per, us, &dplo);
		send(b, ir_null(GEN_TYPE_UD), pl, plo, ex / 4, dpl, dplo,
		     per * blocks, 0, desc);
		return true;
	}
	read_msg(b, data, pl, plo, ex / 4, per * blocks, desc, t, n, blocks, per,
	         us);
	return true;
}

/* svm_atomic: op (bits 0-4; bit 6 = 64-bit), addresses, src0, src1, dst.
 * A64 atomics are SIMD8; cmpxchg sources swap (vISA order differs). */
static bool atomic(struct bld *b)
{
	unsigned opb = (unsigned)bld_int(b, 0), n = bld_exec_size(b->in->exec);
	unsigned aop = 0;
	bool fl = false;
	if (opb & 0x20)
		return ir_unsupported(b->p, "16-bit svm_atomic");
	if (n > 8)
		return ir_bad_input(b->p, "svm_atomic with exec size %u", n);
	if (!bld_atomic_code(b, opb & 0x1F, &aop, &fl))
		return false;
	bool q = opb & 0x40;
	enum gen_type t = q ? GEN_TYPE_UQ : GEN_TYPE_UD;
	unsigned per = q ? 2 : 1;
	struct ir_opnd addr, s[2], dst;
	if (!bld_raw(b, 1, &addr) || !bld_raw(b, 2, &s[0]) ||
	    !bld_raw(b, 3, &s[1]) || !bld_raw(b, 4, &dst))
		return false;
	if ((opb & 0x1F) == 7 || (opb & 0x1F) == 0x12) {
		struct ir_opnd x = s[0];
		s[0] = s[1];
		s[1] = x;
	}
	int32_t plo;
	uint32_t pl = gather_in(b, addr, GEN_TYPE_UQ, n, 1, 2, 0, &plo);
	unsigned ns = 0;
	uint32_t dpl = 0;
	for (unsigned i = 0; i < 2; i++)
		ns += s[i].kind == IR_O_REG;
	if (ns) {
		dpl = payload(b, per * ns);
		for (unsigned i = 0, k = 0; i < 2; i++) {
			if (s[i].kind != IR_O_REG)
				continue;
			struct ir_inst *in = ir_emit(b->p, GEN_OP_MOV, n);
			mask_of(b, in);
			in->dst = ir_dst(dpl, (int32_t)(k++ * per * IR_GRF_BYTES), t, 1);
			in->src[0] = s[i];
			in->src[0].type = (uint8_t)t;
			in->src[0].rgn = n == 1 ? (struct gen_region){ 0, 1, 0 }
			                        : (struct gen_region){ 1, 1, 0 };
			in->nsrc = 1;
		}
	}
	bool ret = dst.kind == IR_O_REG;
	struct gen_msg desc = gen_msg_a64_atomic(b->p->plat, fl, q, ret, aop);
	if (!ret) {
		send(b, ir_null(GEN_TYPE_UD), pl, plo, 2, dpl, 0, per * ns, 0, desc);
		return true;
	}
	uint32_t tmp = payload(b, per);
	send(b, ir_dst(tmp, 0, GEN_TYPE_UD, 1), pl, plo, 2, dpl, 0, per * ns,
	     per, desc);
	scatter_out(b, dst, tmp, t, n, 1, per, 0);
	return true;
}

/* svm_block_ld/st: oword count (bits 0-2), unaligned (bit 3), address
 * (scalar :uq), data.  The header carries the address in qword 0. */
static bool block(struct bld *b, bool write)
{
	unsigned sz = (unsigned)bld_int(b, 0);
	bool unaligned = sz & 8;
	sz &= 7;
	if (sz > 3)
		return ir_unsupported(b->p, "block of %u owords", 1u << sz);
	unsigned owords = 1u << sz, grfs = (owords * 16 + 31) / 32;
	struct ir_opnd addr, data;
	if (!bld_src(b, 1, &addr) || !bld_raw(b, 2, &data))
		return false;
	uint32_t hdr = payload(b, 1);
	ir_op1(b->p, GEN_OP_MOV, 1, true, ir_dst(hdr, 0, GEN_TYPE_UQ, 1), addr);
	unsigned exec = owords > 2 ? 16 : owords * 4;
	if (write) {
		if (exec < 8)
			exec = 8;
		if (data.kind != IR_O_REG)
			return ir_bad_input(b->p, "block data from %%null");
		/* the copy takes what the variable holds (IGC stores a qword
		 * as an oword) */
		int32_t dplo;
		uint32_t dpl;
		bld_block_data(b, data, grfs, bld_raw_bytes(b, &data, owords * 16),
		               &dpl, &dplo);
		struct ir_inst *in = bld_emit_send(b, exec, true, ir_null(GEN_TYPE_UD),
		                                   hdr, 1, dpl, grfs, 0,
		                                   gen_msg_a64_block(b->p->plat,
		                                       GEN_BLOCK_WRITE, owords));
		in->src[1].off = dplo;
		return true;
	}
	struct gen_msg desc = gen_msg_a64_block(b->p->plat, unaligned
	                                        ? GEN_BLOCK_READ_UNALIGNED
	                                        : GEN_BLOCK_READ, owords);
	if (bld_in_place(b, &data, grfs)) {
		struct ir_opnd d = data;
		d.rgn = (struct gen_region){ 0, 0, 1 };
		bld_emit_send(b, exec, true, d, hdr, 1, 0, 0, grfs, desc);
		return true;
	}
	uint32_t tmp = payload(b, grfs);
	bld_emit_send(b, exec, true, ir_dst(tmp, 0, GEN_TYPE_UD, 1), hdr, 1, 0, 0,
	              grfs, desc);
	struct ir_inst *in = ir_op1(b->p, GEN_OP_MOV, owords * 4, true, data,
	                            ir_vec(tmp, 0, GEN_TYPE_UD, 1));
	in->dst.type = GEN_TYPE_UD;
	in->dst.rgn = (struct gen_region){ 0, 0, 1 };
	return true;
}

/* svm_gather4scaled / svm_scatter4scaled: channels, scale, address
 * (scalar), offsets (:uq), data; A64 untyped surface read/write. */
static bool untyped(struct bld *b, bool write)
{
	unsigned n = bld_exec_size(b->in->exec), ex = rexec(n);
	unsigned chm = (unsigned)bld_int(b, 0) & 0xF;
	unsigned nch = (chm & 1) + (chm >> 1 & 1) + (chm >> 2 & 1) + (chm >> 3 & 1);
	struct ir_opnd base, offs, data;
	if (!nch || n > 16)
		return ir_bad_input(b->p, "channel mask 0x%x", chm);
	if (!bld_src(b, 2, &base) || !bld_raw(b, 3, &offs) ||
	    !bld_raw(b, 4, &data))
		return false;
	uint32_t pl = payload(b, ex / 4);
	struct ir_inst *in = ir_emit(b->p, GEN_OP_ADD, n);
	mask_of(b, in);
	in->dst = ir_dst(pl, 0, GEN_TYPE_UQ, 1);
	in->src[0] = offs;
	in->src[0].type = GEN_TYPE_UQ;
	in->src[0].rgn = n == 1 ? (struct gen_region){ 0, 1, 0 }
	                        : (struct gen_region){ 1, 1, 0 };
	in->src[1] = base;
	in->nsrc = 2;
	unsigned per = ex / 8;
	struct gen_msg desc = gen_msg_a64_untyped_rw(b->p->plat, write, ex, chm);
	if (write) {
		int32_t dplo;
		uint32_t dpl = gather_in(b, data, GEN_TYPE_UD, n, nch, per,
		                         (n < 8 ? 8 : n) * 4, &dplo);
		send(b, ir_null(GEN_TYPE_UD), pl, 0, ex / 4, dpl, dplo, per * nch, 0,
		     desc);
		return true;
	}
	read_msg(b, data, pl, 0, ex / 4, per * nch, desc, GEN_TYPE_UD, n, nch,
	         per, (n < 8 ? 8 : n) * 4);
	return true;
}

bool bld_svm(struct bld *b)
{
	switch (b->in->subop) {
	case 1: return block(b, false);
	case 2: return block(b, true);
	case 3: return scattered(b, false);
	case 4: return scattered(b, true);
	case 5: return atomic(b);
	case 6: return untyped(b, false);
	case 7: return untyped(b, true);
	default:
		return ir_unsupported(b->p, "not supported yet");
	}
}
