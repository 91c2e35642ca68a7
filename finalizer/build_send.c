/*
 * build_send.c - surface and SLM memory instructions, barriers and
 * fences to SEND messages.
 *
 * Input: the current vISA instruction.  Output: payload copies where a
 * raw operand cannot serve in place, and SEND/SENDS instructions with
 * immediate descriptors (SFID, message length, response length, header
 * bit, function control, binding-table index).
 *
 * Spec: shared/spec/visa/instructions/ GATHER4_SCALED.md,
 * SCATTER4_SCALED.md, GATHER_SCALED.md, SCATTER_SCALED.md,
 * DWORD_ATOMIC.md, OWORD_LD.md, OWORD_ST.md, BARRIER.md, FENCE.md.
 * Message types and descriptor fields: GEN-FACTS 6.3/6.4 (DC0 SFID 10,
 * DC1 SFID 12, gateway SFID 3), IGC visa/VisaToG4/TranslateSendLdStLegacy
 * .cpp and TranslateSendSync.cpp (facts: which message each vISA
 * instruction uses on Gen9; SKL needs no A32 header).
 */
#include "config.h"

#include <string.h>

#include "build.h"

/* vISA atomic operations (visa_igc_common_header.h order) to the data
 * port's AOP codes; float operations use FOP codes and their own message. */
static const int8_t aop_code[0x15] = {
	[0x0] = 7, [0x1] = 8, [0x2] = 5, [0x3] = 6, [0x4] = 0xd, [0x5] = 0xc,
	[0x6] = 4, [0x7] = 0xe, [0x8] = 1, [0x9] = 2, [0xa] = 3, [0xb] = 0xb,
	[0xc] = 0xa, [0xd] = 0xf, [0x10] = 1, [0x11] = 2, [0x12] = 3,
	[0x13] = -1, [0x14] = -1,
};

bool bld_atomic_code(struct bld *b, unsigned op, unsigned *aop, bool *fl);

bool bld_atomic_code(struct bld *b, unsigned op, unsigned *aop, bool *fl)
{
	if (op >= sizeof aop_code || (op > 0xd && op < 0x10) ||
	    aop_code[op] < 0)
		return ir_unsupported(b->p, "atomic operation %u", op);
	*aop = (unsigned)aop_code[op];
	*fl = op >= 0x10;
	return true;
}

struct ir_inst *bld_emit_send(struct bld *b, unsigned exec, bool nm,
                              struct ir_opnd dst, uint32_t src0,
                              unsigned mlen, uint32_t src1, unsigned xlen,
                              unsigned rlen, struct gen_msg m)
{
	const struct plat_info *pl = b->p->plat;
	struct ir_inst *in = ir_emit(b->p, xlen ? GEN_OP_SENDS : GEN_OP_SEND,
	                             exec);
	in->nomask = nm;
	in->dst = dst.kind == IR_O_NONE ? ir_null(GEN_TYPE_UD) : dst;
	in->src[0] = ir_reg(src0, 0, GEN_TYPE_UD);
	in->nsrc = 1;
	if (xlen) {
		in->src[1] = ir_reg(src1, 0, GEN_TYPE_UD);
		in->nsrc = 2;
	}
	in->sfid = m.sfid;
	in->mlen = (uint8_t)mlen;
	in->xlen = (uint8_t)xlen;
	in->rlen = (uint8_t)rlen;
	in->desc = m.desc | gen_desc_lengths(pl, mlen, rlen);
	in->exdesc = gen_exdesc(pl, m.sfid, xlen);
	return in;
}

uint32_t bld_payload(struct bld *b, unsigned grfs)
{
	uint32_t v = ir_vreg_new(b->p, IR_RF_GRF, grfs * IR_GRF_BYTES,
	                         IR_GRF_BYTES);
	ir_vreg(b->p, v)->flags |= IR_V_WHOLE_GRF;
	return v;
}

void bld_copy_raw(struct bld *b, struct ir_opnd dst, struct ir_opnd src,
                  unsigned bytes)
{
	for (unsigned at = 0; at < bytes;) {
		unsigned left = bytes - at, room = IR_GRF_BYTES -
		               (unsigned)(dst.off + (int32_t)at) % IR_GRF_BYTES;
		enum gen_type t = left >= 4 ? GEN_TYPE_UD
		                  : left >= 2 ? GEN_TYPE_UW : GEN_TYPE_UB;
		unsigned ts = gen_type_size(t), n = 1;
		/* power-of-two moves inside one GRF of the destination */
		while (2 * n * ts <= left && 2 * n * ts <= room)
			n *= 2;
		struct ir_opnd d = dst, s = src;
		d.type = s.type = (uint8_t)t;
		d.off += (int32_t)at;
		s.off += (int32_t)at;
		d.rgn = (struct gen_region){ 0, 0, 1 };
		s.rgn = n == 1 ? (struct gen_region){ 0, 1, 0 }
		                : (struct gen_region){ 1, 1, 0 };
		ir_op1(b->p, GEN_OP_MOV, n, true, d, s);
		at += n * ts;
	}
}

/* The bytes of raw operand 'o' a block of 'bytes' takes from its
 * variable: all of them, or what the variable holds from the operand's
 * offset when it is shorter (block store data, raw_extent.c). */
unsigned bld_raw_bytes(struct bld *b, const struct ir_opnd *o, unsigned bytes)
{
	uint32_t size = ir_vreg(b->p, o->v)->size;
	if (o->off >= 0 && (uint32_t)o->off + bytes > size)
		return (uint32_t)o->off < size ? size - (uint32_t)o->off : 0;
	return bytes;
}

uint32_t bld_grf_room(const struct ir_vreg *v)
{
	if (v->pin >= 0)
		return v->size;
	return (v->size + IR_GRF_BYTES - 1) & ~(uint32_t)(IR_GRF_BYTES - 1);
}

void bld_block_data(struct bld *b, struct ir_opnd data, unsigned grfs,
                    unsigned bytes, uint32_t *v, int32_t *off)
{
	*v = data.v;
	*off = data.off;
	if (bld_in_place(b, &data, grfs))
		return;
	*v = bld_payload(b, grfs);
	*off = 0;
	bld_copy_raw(b, ir_dst(*v, 0, GEN_TYPE_UD, 1), data, bytes);
}

/* The masks and predicate of the current vISA instruction. */
static void mask_of(struct bld *b, struct ir_inst *in)
{
	bld_exec(b, in);
	bld_pred(b, in);
}

/* Copy 'blocks' blocks of 'n' elements of type 't' (block stride
 * 'stride' bytes in the source, one GRF per 'per' GRFs in the payload)
 * into a new payload; moves use the instruction's mask. */
static uint32_t copy_in(struct bld *b, struct ir_opnd src, enum gen_type t,
                        unsigned n, unsigned blocks, unsigned stride,
                        unsigned per, bool nm)
{
	unsigned ts = gen_type_size(t);
	unsigned grfs_per = (n * ts + IR_GRF_BYTES - 1) / IR_GRF_BYTES;
	if (per < grfs_per)
		per = grfs_per;
	uint32_t pl = bld_payload(b, per * blocks);
	for (unsigned k = 0; k < blocks; k++) {
		struct ir_inst *in = ir_emit(b->p, GEN_OP_MOV, n);
		mask_of(b, in);
		in->exec = (uint8_t)n;
		if (nm) {
			in->nomask = true;
			in->pred = 0;
			in->flag = 0;
			in->choff = 0;
		}
		in->dst = ir_dst(pl, (int32_t)(k * per * IR_GRF_BYTES), t, 1);
		in->src[0] = src;
		in->src[0].type = (uint8_t)t;
		in->src[0].off += (int32_t)(k * stride);
		in->src[0].rgn = n == 1 ? (struct gen_region){ 0, 1, 0 }
		                        : (struct gen_region){ 1, 1, 0 };
		in->nsrc = 1;
	}
	return pl;
}

/* Payload for a raw source operand: the operand itself when it is whole,
 * aligned registers, else a copy of 'blocks' blocks of 'n' elements. */
static uint32_t src_payload(struct bld *b, struct ir_opnd o, enum gen_type t,
                            unsigned n, unsigned blocks, unsigned grfs_each,
                            int32_t *off)
{
	unsigned ts = gen_type_size(t);
	unsigned blk = n * ts;
	unsigned pad = grfs_each * IR_GRF_BYTES;
	if (bld_in_place(b, &o, grfs_each * blocks) &&
	    (blocks == 1 || blk >= pad || n >= 8)) {
		*off = o.off;
		return o.v;
	}
	*off = 0;
	unsigned stride = blk > pad ? blk : (n < 8 && ts == 4 ? 32 : blk);
	return copy_in(b, o, t, n, blocks, stride, grfs_each, false);
}

/* Destination handling: send into the operand when possible, else into
 * a temporary that bld_copy_out() moves to the operand afterwards. */
void bld_plan_dst(struct bld *b, struct bld_dst_plan *d,
                  struct ir_opnd user, unsigned rlen)
{
	d->user = user;
	d->copy = false;
	if (user.kind != IR_O_REG || rlen == 0) {
		d->dst = ir_null(GEN_TYPE_UD);
		return;
	}
	if (bld_in_place(b, &user, rlen)) {
		d->dst = user;
		d->dst.rgn = (struct gen_region){ 0, 0, 1 };
		return;
	}
	d->copy = true;
	d->tmp = bld_payload(b, rlen);
	d->dst = ir_dst(d->tmp, 0, (enum gen_type)user.type, 1);
}

/* Move 'blocks' blocks of 'n' elements of 't' from the temporary (one
 * block per 'per' GRFs) to the user operand (blocks 'stride' apart). */
void bld_copy_out(struct bld *b, const struct bld_dst_plan *d,
                  enum gen_type t, unsigned n, unsigned blocks, unsigned per,
                  unsigned stride)
{
	if (!d->copy)
		return;
	for (unsigned k = 0; k < blocks; k++) {
		struct ir_inst *in = ir_emit(b->p, GEN_OP_MOV, n);
		mask_of(b, in);
		in->exec = (uint8_t)n;
		in->dst = d->user;
		in->dst.type = (uint8_t)t;
		in->dst.off += (int32_t)(k * stride);
		in->dst.rgn = (struct gen_region){ 0, 0, 1 };
		in->src[0] = ir_vec(d->tmp, (int32_t)(k * per * IR_GRF_BYTES), t, 1);
		if (n == 1)
			in->src[0].rgn = (struct gen_region){ 0, 1, 0 };
		in->nsrc = 1;
	}
}

static bool surface_bti(struct bld *b, unsigned k, uint32_t *bti)
{
	uint64_t s = bld_int(b, k);
	if (s >= b->nsurfs)
		return ir_bad_input(b->p, "surface T%llu out of range",
		                    (unsigned long long)s);
	if (!b->surfs[s].known)
		return ir_unsupported(b->p, "surface T%llu without a constant "
		                      "binding-table index", (unsigned long long)s);
	*bti = b->surfs[s].bti & 0xFF;
	return true;
}

static unsigned round_exec(unsigned n)
{
	return n <= 8 ? 8 : 16;
}

/* offsets (+ global offset): the address payload, 'ex' lanes of :ud. */
static bool offsets_payload(struct bld *b, unsigned goff_k, unsigned off_k,
                            unsigned ex, uint32_t *pl, int32_t *plo)
{
	struct ir_opnd goff, offs;
	if (!bld_src(b, goff_k, &goff) || !bld_raw(b, off_k, &offs))
		return false;
	unsigned n = bld_exec_size(b->in->exec);
	if (goff.kind == IR_O_IMM && goff.imm == 0) {
		*pl = src_payload(b, offs, GEN_TYPE_UD, n, 1, ex / 8, plo);
		return true;
	}
	*pl = bld_payload(b, ex / 8);
	*plo = 0;
	struct ir_inst *in = ir_emit(b->p, GEN_OP_ADD, n);
	mask_of(b, in);
	in->dst = ir_dst(*pl, 0, GEN_TYPE_UD, 1);
	in->src[0] = offs;
	in->src[0].type = GEN_TYPE_UD;
	in->src[0].rgn = n == 1 ? (struct gen_region){ 0, 1, 0 }
	                        : (struct gen_region){ 1, 1, 0 };
	in->src[1] = goff;
	in->nsrc = 2;
	return true;
}

static struct ir_inst *send_like(struct bld *b, struct ir_opnd dst,
                                 uint32_t s0, int32_t s0off, unsigned mlen,
                                 uint32_t s1, int32_t s1off, unsigned xlen,
                                 unsigned rlen, struct gen_msg m)
{
	struct ir_inst *in = bld_emit_send(b, 1, false, dst, s0, mlen, s1, xlen,
	                                   rlen, m);
	in->src[0].off = s0off;
	if (xlen)
		in->src[1].off = s1off;
	mask_of(b, in);
	return in;
}

static unsigned popcount4(unsigned m)
{
	return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
}

/* gather4_scaled / scatter4_scaled: untyped surface read/write (DC1),
 * operands: channels, scale, surface, global offset, offsets, data. */
static bool untyped_rw(struct bld *b, bool write)
{
	unsigned n = bld_exec_size(b->in->exec), ex = round_exec(n);
	unsigned chm = (unsigned)bld_int(b, 0) & 0xF, nch = popcount4(chm);
	uint32_t bti, pl, dpl;
	int32_t plo, dplo;
	struct ir_opnd data;
	if (!nch || n > 16)
		return ir_bad_input(b->p, "channel mask 0x%x, exec size %u", chm, n);
	if (!surface_bti(b, 2, &bti) || !offsets_payload(b, 3, 4, ex, &pl, &plo) ||
	    !bld_raw(b, 5, &data))
		return false;
	unsigned per = ex / 8;
	struct gen_msg m = gen_msg_untyped_rw(b->p->plat, write, ex, chm, bti);
	if (write) {
		dpl = src_payload(b, data, GEN_TYPE_UD, n, nch, per, &dplo);
		send_like(b, ir_null(GEN_TYPE_UD), pl, plo, per, dpl, dplo,
		          per * nch, 0, m);
		return true;
	}
	struct bld_dst_plan d;
	bld_plan_dst(b, &d, data, per * nch);
	send_like(b, d.dst, pl, plo, per, 0, 0, 0, per * nch, m);
	bld_copy_out(b, &d, GEN_TYPE_UD, n, nch, per, (n < 8 ? 8 : n) * 4);
	return true;
}

/* gather_scaled / scatter_scaled: byte scattered read/write (DC0), one
 * dword per lane; operands: block size, num blocks, scale, surface,
 * global offset, offsets, data. */
static bool byte_rw(struct bld *b, bool write)
{
	unsigned n = bld_exec_size(b->in->exec), ex = round_exec(n);
	unsigned nb = (unsigned)bld_int(b, 1) & 3;
	uint32_t bti, pl, dpl;
	int32_t plo, dplo;
	struct ir_opnd data;
	if (nb == 3 || n > 16)
		return ir_bad_input(b->p, "byte scattered access of 8 bytes");
	if (!surface_bti(b, 3, &bti) || !offsets_payload(b, 4, 5, ex, &pl, &plo) ||
	    !bld_raw(b, 6, &data))
		return false;
	unsigned per = ex / 8;
	struct gen_msg m = gen_msg_byte_scattered(b->p->plat, write, ex, nb, bti);
	if (write) {
		dpl = src_payload(b, data, GEN_TYPE_UD, n, 1, per, &dplo);
		send_like(b, ir_null(GEN_TYPE_UD), pl, plo, per, dpl, dplo, per, 0,
		          m);
		return true;
	}
	struct bld_dst_plan d;
	bld_plan_dst(b, &d, data, per);
	send_like(b, d.dst, pl, plo, per, 0, 0, 0, per, m);
	bld_copy_out(b, &d, GEN_TYPE_UD, n, 1, per, 0);
	return true;
}

/* dword_atomic: untyped atomic (DC1): op, surface, offsets, src0, src1,
 * dst.  cmpxchg takes its two sources in the other order. */
static bool dword_atomic(struct bld *b)
{
	unsigned opb = (unsigned)bld_int(b, 0), n = bld_exec_size(b->in->exec);
	unsigned ex = round_exec(n), per = ex / 8, aop = 0;
	bool fl = false;
	uint32_t bti, pl;
	int32_t plo;
	if ((opb >> 5) != 0)
		return ir_unsupported(b->p, "16/64-bit dword_atomic");
	if (!bld_atomic_code(b, opb & 0x1F, &aop, &fl) || !surface_bti(b, 1, &bti))
		return false;
	struct ir_opnd offs, s[2], dst;
	if (!bld_raw(b, 2, &offs) || !bld_raw(b, 3, &s[0]) ||
	    !bld_raw(b, 4, &s[1]) || !bld_raw(b, 5, &dst))
		return false;
	if ((opb & 0x1F) == 7 || (opb & 0x1F) == 0x12) {
		struct ir_opnd t = s[0];
		s[0] = s[1];
		s[1] = t;
	}
	struct ir_opnd srcs[3] = { offs };
	unsigned ns = 1;
	for (unsigned i = 0; i < 2; i++)
		if (s[i].kind == IR_O_REG)
			srcs[ns++] = s[i];
	/* header-less: offsets in src0, the data sources in src1 */
	pl = src_payload(b, srcs[0], GEN_TYPE_UD, n, 1, per, &plo);
	uint32_t dpl = 0;
	int32_t dplo = 0;
	if (ns > 1) {
		dpl = bld_payload(b, per * (ns - 1));
		for (unsigned i = 1; i < ns; i++) {
			struct ir_inst *in = ir_emit(b->p, GEN_OP_MOV, n);
			mask_of(b, in);
			in->dst = ir_dst(dpl, (int32_t)((i - 1) * per * IR_GRF_BYTES),
			                 GEN_TYPE_UD, 1);
			in->src[0] = srcs[i];
			in->src[0].type = GEN_TYPE_UD;
			in->src[0].rgn = n == 1 ? (struct gen_region){ 0, 1, 0 }
			                        : (struct gen_region){ 1, 1, 0 };
			in->nsrc = 1;
		}
	}
	bool ret = dst.kind == IR_O_REG;
	struct gen_msg m = gen_msg_untyped_atomic(b->p->plat, fl, ex, ret, aop,
	                                          bti);
	struct bld_dst_plan d;
	bld_plan_dst(b, &d, dst, ret ? per : 0);
	send_like(b, d.dst, pl, plo, per, dpl, dplo, ns > 1 ? per * (ns - 1) : 0,
	          ret ? per : 0, m);
	bld_copy_out(b, &d, GEN_TYPE_UD, n, 1, per, 0);
	return true;
}

/* oword_ld / oword_ld_unaligned / oword_st: header with the offset in
 * dword 2 (owords for the aligned forms, bytes for unaligned). */
static bool oword(struct bld *b, bool write, bool unaligned)
{
	unsigned sz = (unsigned)bld_int(b, 0);
	if (sz > 3)
		return ir_bad_input(b->p, "oword count code %u", sz);
	unsigned owords = 1u << sz, grfs = (owords * 16 + 31) / 32;
	unsigned ks = write ? 1 : 2;
	uint32_t bti;
	struct ir_opnd off, data;
	if (!surface_bti(b, ks, &bti) || !bld_src(b, ks + 1, &off) ||
	    !bld_raw(b, ks + 2, &data))
		return false;
	/* The block messages of a binding-table surface read only the
	 * offset from the header; a stateless one (BTI 255) gets a zeroed
	 * header, with no scratch offset in dword 5 (IGC
	 * TranslateSendLdStLegacy.cpp BuildStatelessSurfaceMessageHeader,
	 * facts; GenX_IR's skl code leaves the other dwords as they are). */
	uint32_t hdr = bld_payload(b, 1);
	if (bti == 255)
		ir_op1(b->p, GEN_OP_MOV, 8, true, ir_dst(hdr, 0, GEN_TYPE_UD, 1),
		       ir_imm(0, GEN_TYPE_UD));
	ir_op1(b->p, GEN_OP_MOV, 1, true, ir_dst(hdr, 8, GEN_TYPE_UD, 1), off);
	unsigned exec = owords > 2 ? 16 : owords * 4;
	const struct plat_info *plat = b->p->plat;
	if (write) {
		if (data.kind != IR_O_REG)
			return ir_bad_input(b->p, "block data from %%null");
		int32_t dplo;
		uint32_t dpl;
		bld_block_data(b, data, grfs, bld_raw_bytes(b, &data, owords * 16),
		               &dpl, &dplo);
		struct ir_inst *in = bld_emit_send(b, exec, true, ir_null(GEN_TYPE_UD),
		                                   hdr, 1, dpl, grfs, 0,
		                                   gen_msg_oword_block(plat,
		                                       GEN_BLOCK_WRITE, owords, bti));
		in->src[1].off = dplo;
		return true;
	}
	struct gen_msg m = gen_msg_oword_block(plat, unaligned
	                                       ? GEN_BLOCK_READ_UNALIGNED
	                                       : GEN_BLOCK_READ, owords, bti);
	struct bld_dst_plan d;
	bld_plan_dst(b, &d, data, grfs);
	bld_emit_send(b, exec, true, d.dst, hdr, 1, 0, 0, grfs, m);
	if (d.copy) {
		struct ir_inst *in = ir_op1(b->p, GEN_OP_MOV, owords * 4, true,
		                            d.user, ir_vec(d.tmp, 0, GEN_TYPE_UD, 1));
		in->dst.type = GEN_TYPE_UD;
		in->dst.rgn = (struct gen_region){ 0, 0, 1 };
	}
	return true;
}

/* media_ld / media_st: modifier, surface, plane, block width (bytes),
 * block height (rows), x, y, data; header = r0 with x, y in dwords 0, 1
 * and (height-1)<<16 | (width-1) in dword 2; DC1 media block read/write
 * (IGC TranslateSendMedia.cpp facts: the block occupies rows of the width
 * rounded up to a power of two of the element size). */
static bool media(struct bld *b, bool write)
{
	unsigned mod = (unsigned)bld_int(b, 0), plane = (unsigned)bld_int(b, 2);
	unsigned w = (unsigned)bld_int(b, 3), h = (unsigned)bld_int(b, 4);
	uint32_t bti;
	struct ir_opnd x, y, data;
	if (mod != 0)
		return ir_unsupported(b->p, "media block field modifiers");
	if (!surface_bti(b, 1, &bti) || !bld_src(b, 5, &x) ||
	    !bld_src(b, 6, &y) || !bld_raw(b, 7, &data))
		return false;
	if (w == 0 || w > 64 || h == 0 || h > 64)
		return ir_bad_input(b->p, "media block %ux%u", w, h);
	unsigned es = gen_type_size((enum gen_type)data.type);
	unsigned io = (w + 3) & ~3u, elems = io / es, p2 = 1;
	while (p2 < elems)
		p2 *= 2;
	unsigned obj = p2 * es * h, grfs = (obj - 1) / IR_GRF_BYTES + 1;
	uint32_t hdr = bld_payload(b, 1);
	ir_op1(b->p, GEN_OP_MOV, 8, true, ir_dst(hdr, 0, GEN_TYPE_UD, 1),
	       ir_rgn(b->p->r0, 0, GEN_TYPE_UD, 8, 8, 1));
	ir_op1(b->p, GEN_OP_MOV, 1, true, ir_dst(hdr, 8, GEN_TYPE_UD, 1),
	       ir_imm((h - 1) << 16 | (w - 1), GEN_TYPE_UD));
	ir_op1(b->p, GEN_OP_MOV, 1, true, ir_dst(hdr, 0, GEN_TYPE_UD, 1), x);
	ir_op1(b->p, GEN_OP_MOV, 1, true, ir_dst(hdr, 4, GEN_TYPE_UD, 1), y);
	if (write) {
		if (data.kind != IR_O_REG)
			return ir_bad_input(b->p, "block data from %%null");
		int32_t dplo;
		uint32_t dpl;
		bld_block_data(b, data, grfs, obj, &dpl, &dplo);
		struct ir_inst *in = bld_emit_send(b, 8, true, ir_null(GEN_TYPE_UD),
		                                   hdr, 1, dpl, grfs, 0,
		                                   gen_msg_media_block(b->p->plat,
		                                       true, plane, bti));
		in->src[1].off = dplo;
		return true;
	}
	struct bld_dst_plan d;
	bld_plan_dst(b, &d, data, grfs);
	if (obj < IR_GRF_BYTES && !d.copy) {
		d.copy = true;
		d.tmp = bld_payload(b, grfs);
		d.dst = ir_dst(d.tmp, 0, GEN_TYPE_UD, 1);
	}
	bld_emit_send(b, es == 2 ? 16 : 8, true, d.dst, hdr, 1, 0, 0, grfs,
	              gen_msg_media_block(b->p->plat, false, plane, bti));
	if (d.copy) {
		struct ir_inst *in = ir_op1(b->p, GEN_OP_MOV, obj / 4, true, d.user,
		                            ir_vec(d.tmp, 0, GEN_TYPE_UD, 1));
		in->dst.type = GEN_TYPE_UD;
		in->dst.rgn = (struct gen_region){ 0, 0, 1 };
	}
	return true;
}

/* A raw operand as SEND payload of 'grfs' whole registers, copied when it
 * is not in place. */
static uint32_t raw_payload(struct bld *b, struct ir_opnd o, unsigned grfs,
                            int32_t *off)
{
	if (bld_in_place(b, &o, grfs)) {
		*off = o.off;
		return o.v;
	}
	*off = 0;
	uint32_t pl = bld_payload(b, grfs);
	ir_op1(b->p, GEN_OP_MOV, 8, true, ir_dst(pl, 0, GEN_TYPE_UD, 1), o);
	b->p->insts.a[b->p->insts.n - 1].src[0].type = GEN_TYPE_UD;
	b->p->insts.a[b->p->insts.n - 1].src[0].rgn =
		(struct gen_region){ 8, 8, 1 };
	for (unsigned g = 1; g < grfs; g++) {
		struct ir_opnd s = o;
		s.off += (int32_t)(g * IR_GRF_BYTES);
		s.type = GEN_TYPE_UD;
		s.rgn = (struct gen_region){ 8, 8, 1 };
		ir_op1(b->p, GEN_OP_MOV, 8, true,
		       ir_dst(pl, (int32_t)(g * IR_GRF_BYTES), GEN_TYPE_UD, 1), s);
	}
	return pl;
}

/* raw_send: modifier, ex desc, #src, #dst, desc, src, dst;
 * raw_sends: modifier, #src0, #src1, #dst, sfid, ex desc, desc, src0, src1,
 * dst.  The descriptors are the hardware's; a variable descriptor goes
 * through a0.0. */
static bool raw_send(struct bld *b, bool split)
{
	unsigned mod = (unsigned)bld_int(b, 0);
	unsigned n0 = (unsigned)bld_int(b, split ? 1 : 2);
	unsigned n1 = split ? (unsigned)bld_int(b, 2) : 0;
	unsigned nd = (unsigned)bld_int(b, 3);
	unsigned k = split ? 5 : 4;
	uint32_t exdesc = split ? 0 : (uint32_t)bld_int(b, 1);
	struct ir_opnd xd, d, src0, src1 = { 0 }, dst;
	if (split && !bld_src(b, 5, &xd))
		return false;
	if (split && xd.kind != IR_O_IMM)
		return ir_unsupported(b->p, "a variable extended descriptor");
	if (split)
		exdesc = (uint32_t)xd.imm, k = 6;
	unsigned sfid = split ? (unsigned)bld_int(b, 4) & 0xF : exdesc & 0xF;
	if (!bld_src(b, k, &d) || !bld_raw(b, k + 1, &src0) ||
	    (split && !bld_raw(b, k + 2, &src1)) ||
	    !bld_raw(b, k + (split ? 3 : 2), &dst))
		return false;
	if (n0 == 0 || n0 > 15 || n1 > 15 || nd > 31)
		return ir_bad_input(b->p, "raw send lengths %u+%u, %u", n0, n1, nd);
	if ((mod & 1) || (mod & 2))
		return ir_unsupported(b->p, "sendc / EOT in a raw send");
	int32_t o0, o1 = 0;
	uint32_t p0 = raw_payload(b, src0, n0, &o0), p1 = 0;
	if (n1)
		p1 = raw_payload(b, src1, n1, &o1);
	struct bld_dst_plan dp;
	bld_plan_dst(b, &dp, dst, nd);
	if (dp.copy && nd)
		return ir_unsupported(b->p, "a raw send destination that is not "
		                      "whole registers");
	struct ir_inst *in = send_like(b, dp.dst, p0, o0, n0, p1, o1, n1, nd,
	                               (struct gen_msg){ (uint8_t)sfid, 0 });
	in->exdesc = (exdesc & ~0x3CFu) | gen_exdesc(b->p->plat, sfid, n1);
	if (d.kind == IR_O_IMM) {
		in->desc = (uint32_t)d.imm;
		return true;
	}
	uint32_t a0 = ir_vreg_new(b->p, IR_RF_ADDR, 4, 4);
	ir_vreg(b->p, a0)->pin = 0;
	ir_vreg(b->p, a0)->flags |= IR_V_PINNED;
	struct ir_inst copy = *in;
	b->p->insts.n--;   /* put the descriptor move before the send */
	struct ir_opnd ad = ir_reg(a0, 0, GEN_TYPE_UD);
	ad.rgn = (struct gen_region){ 0, 0, 1 };
	d.type = GEN_TYPE_UD;
	ir_op1(b->p, GEN_OP_MOV, 1, true, ad, d);
	copy.desc_reg = a0;
	copy.desc = 0;
	ir_emit_copy(b->p, &copy);
	return true;
}

bool bld_send(struct bld *b)
{
	switch (b->in->opcode) {
	case VISA_OP_GATHER4_SCALED: return untyped_rw(b, false);
	case VISA_OP_SCATTER4_SCALED: return untyped_rw(b, true);
	case VISA_OP_GATHER_SCALED: return byte_rw(b, false);
	case VISA_OP_SCATTER_SCALED: return byte_rw(b, true);
	case VISA_OP_DWORD_ATOMIC: return dword_atomic(b);
	case VISA_OP_OWORD_LD: return oword(b, false, false);
	case VISA_OP_OWORD_LD_UNALIGNED: return oword(b, false, true);
	case VISA_OP_OWORD_ST: return oword(b, true, false);
	case VISA_OP_MEDIA_LD: return media(b, false);
	case VISA_OP_MEDIA_ST: return media(b, true);
	case VISA_OP_RAW_SEND: return raw_send(b, false);
	case VISA_OP_RAW_SENDS: return raw_send(b, true);
	default:
		return ir_unsupported(b->p, "not supported yet");
	}
}

static void barrier_wait(struct bld *b)
{
	if (b->p->plat->caps.sync_bar) {
		/* (W) sync.bar null, as IGC's tgllp binaries */
		struct ir_inst *in = ir_emit(b->p, GEN_OP_SYNC, 1);
		in->nomask = true;
		in->fc = GEN_SYNC_BAR;
		in->src[0] = ir_null(GEN_TYPE_UD);
		in->nsrc = 1;
		return;
	}
	struct ir_inst *in = ir_emit(b->p, GEN_OP_WAIT, 1);
	in->nomask = true;
	in->src[0] = ir_arf(GEN_RN_N, 0, 0, GEN_TYPE_UD);
	in->nsrc = 1;
}

/* barrier: signal the gateway with the barrier id from r0.2 (the bits
 * caps.barrier_id_mask names), then wait on n0 (GEN-FACTS 6.4). */
static void barrier(struct bld *b, bool signal, bool wait)
{
	struct ir_prog *p = b->p;
	if (!signal) {
		barrier_wait(b);
		return;
	}
	uint32_t hdr = bld_payload(b, 1);
	ir_op2(p, GEN_OP_AND, 8, true, ir_dst(hdr, 0, GEN_TYPE_UD, 1),
	       ir_scalar(p->r0, 8, GEN_TYPE_UD), ir_imm(p->plat->caps.barrier_id_mask, GEN_TYPE_UD));
	if (!p->plat->caps.sync_bar) {
		/* clear the notification register that wait n0 reads */
		struct ir_inst *in = ir_op1(p, GEN_OP_MOV, 1, true,
		                            ir_arf(GEN_RN_N, 0, 0, GEN_TYPE_UD),
		                            ir_imm(0, GEN_TYPE_UD));
		in->dst.rgn = (struct gen_region){ 0, 0, 1 };
		in->opts |= GEN_OPT_SWITCH;
	}
	struct ir_opnd none = { 0 };
	bld_emit_send(b, 1, true, none, hdr, 1, 0, 0, 0, gen_msg_barrier(p->plat));
	if (wait)
		barrier_wait(b);
	p->uses_barrier = true;
}

/* fence: DC0 memory fence with r0 as header; with commit, wait for the
 * write-back by reading it.  Bit 7 is a scheduling-only fence; bit 5
 * (fence_local, ICLLP+) fences SLM where the platform can (caps.slm_fence:
 * binding table index 254, IGC's icllp "synchronized SLM fence"), else
 * memory as a whole. */
static void fence(struct bld *b)
{
	unsigned mask = (unsigned)bld_int(b, 0);
	if (mask & 0x80)
		return;
	struct ir_prog *p = b->p;
	bool commit = mask & 1;
	struct gen_msg m = gen_msg_fence(p->plat, commit, (mask >> 1) & 0xFu,
	                                 (mask & 0x20) && p->plat->caps.slm_fence);
	struct ir_opnd dst = { 0 };
	uint32_t t = 0;
	if (commit) {
		t = bld_payload(b, 1);
		dst = ir_dst(t, 0, GEN_TYPE_UD, 1);
	}
	bld_emit_send(b, 8, true, dst, p->r0, 1, 0, 0, commit ? 1 : 0, m);
	if (commit)
		ir_op1(p, GEN_OP_MOV, 8, true, ir_null(GEN_TYPE_UD),
		       ir_rgn(t, 0, GEN_TYPE_UD, 8, 8, 1));
}

bool bld_sync(struct bld *b)
{
	switch (b->in->opcode) {
	case VISA_OP_BARRIER: barrier(b, true, true); return true;
	case VISA_OP_SBARRIER:
		barrier(b, bld_int(b, 0) & 1, !(bld_int(b, 0) & 1));
		return true;
	case VISA_OP_FENCE: fence(b); return true;
	case VISA_OP_WAIT: {
		struct ir_opnd m;
		if (bld_has(b, 0) && (!bld_src(b, 0, &m) || m.kind != IR_O_IMM ||
		                      m.imm != 0))
			return ir_unsupported(b->p, "wait on thread dependencies");
		barrier_wait(b);
		return true;
	}
	case VISA_OP_YIELD: {
		/* a thread-switch hint on a harmless move (IGC: {Switch});
		 * nothing where instructions have no thread control */
		if (!b->p->plat->caps.thread_ctrl)
			return true;
		struct ir_inst *in = ir_op1(b->p, GEN_OP_MOV, 1, true,
		                            ir_null(GEN_TYPE_UD),
		                            ir_scalar(b->p->r0, 0, GEN_TYPE_UD));
		in->opts |= GEN_OPT_SWITCH;
		return true;
	}
	default:
		return ir_unsupported(b->p, "not supported yet");
	}
}
