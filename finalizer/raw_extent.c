/*
 * raw_extent.c - how many bytes of its variable each raw operand of a
 * message instruction covers: the one bounds rule of every message
 * builder (region.c bld_raw checks it for every raw operand it hands
 * out, so no builder can forget it), and where it may start: at a byte
 * aligned to the elements the message moves (a dword operand at byte 3
 * of its variable has no register region; the offset was dropped).
 *
 * A raw operand names a variable and a byte offset; the message decides
 * how much follows: exec-size elements per address or data channel in
 * the vISA layout (channel c of a SIMD1-8 operand at 32 c bytes, of a
 * SIMD16 one at 64 c), a block of owords, a media block, the GRF counts
 * of a raw send, or the registers a response is written to in place.
 * An operand that reaches past its variable would read or overwrite the
 * neighbour the allocator placed there (the svm_block_ld fuzz finding):
 * an input error naming the instruction's line, never wrong code.
 *
 * One exception, from IGC's own output (the corpus wins over the spec):
 * the data of a block store ("data": svm_block_st, oword_st) may
 * be shorter than the block - IGC stores one oword from a qword variable
 * (p_stackcall.depth_of, 16 times).  It must start inside its variable;
 * the builders copy only the variable's bytes (bld_copy_raw), the rest
 * of the block is undefined.
 *
 * The sizes are those the builders use (build_send.c, build_svm.c,
 * build_sampler.c).  Spec: shared/spec/visa/instructions/ GATHER4_SCALED,
 * GATHER_SCALED, DWORD_ATOMIC, OWORD_LD, OWORD_ST, MEDIA_LD, MEDIA_ST,
 * RAW_SEND, RAW_SENDS, SVM_*, 3D_SAMPLE, 3D_LOAD, GATHER4_TYPED,
 * SCATTER4_TYPED.  Operand numbers: visa/visa_ops.h order (binary order
 * without exec size, predicate and sub-opcode).
 */
#include "config.h"

#include "build.h"

/* Integer operand k of the current instruction (0 when absent). */
static unsigned ival(const struct bld *b, unsigned k)
{
	return (unsigned)bld_int(b, k);
}

static unsigned channels(unsigned mask)
{
	return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1);
}

/* 'nch' channels of n elements of 'es' bytes, channel c at c * 8 or
 * c * n elements (n < 8 still spaces channels a GRF of dwords apart). */
static unsigned chans(unsigned nch, unsigned n, unsigned es)
{
	return nch ? (nch - 1) * (n < 8 ? 8 : n) * es + n * es : 0;
}

/* Media block bytes: rows of the width rounded to a power of two of
 * elements of the data variable's type (build_send.c media()). */
static unsigned media_bytes(const struct bld *b, unsigned es)
{
	unsigned w = ival(b, 3), h = ival(b, 4);
	if (w == 0 || w > 64 || h == 0 || h > 64 || es == 0)
		return 0;
	unsigned elems = ((w + 3) & ~3u) / es, p2 = 1;
	while (p2 < elems)
		p2 *= 2;
	return p2 * es * h;
}

static unsigned svm_extent(const struct bld *b, unsigned k, unsigned n,
                           const char **what)
{
	switch (b->in->subop) {
	case 1:   /* svm_block_ld / st: size code, address, data */
	case 2: {
		unsigned sz = ival(b, 0) & 7;
		*what = b->in->subop == 1 ? "response" : "data";
		return k == 2 && sz <= 3 ? 16u << sz : 0;
	}
	case 3:   /* svm_gather / scatter: block size, blocks, addresses, data */
	case 4: {
		unsigned bs = ival(b, 0) & 3, nb = ival(b, 1) & 3;
		if (k == 2) {
			*what = "addresses";
			return 8 * n;
		}
		*what = b->in->subop == 3 ? "response" : "data";
		if (k != 3 || bs == 3)
			return 0;
		return bs == 0 ? 4 * n : (bs == 2 ? 8 : 4) * n * (1u << nb);
	}
	case 5: { /* svm_atomic: op, addresses, src0, src1, dst */
		unsigned op = ival(b, 0);
		static const char *const role[] = { "", "addresses", "source 0",
		                                    "source 1", "response" };
		if (k < 1 || k > 4 || (op & 0x20))
			return 0;
		*what = role[k];
		return k == 1 ? 8 * n : (op & 0x40 ? 8 : 4) * n;
	}
	case 6:   /* svm_gather4scaled / scatter4scaled: channels, scale,
	           * address, offsets, data */
	case 7:
		if (k == 3) {
			*what = "offsets";
			return 8 * n;
		}
		*what = b->in->subop == 6 ? "response" : "data";
		return k == 4 ? chans(channels(ival(b, 0)), n, 4) : 0;
	default:
		return 0;
	}
}

static unsigned raw_bytes(const struct bld *b, unsigned k, unsigned es,
                          const char **what)
{
	unsigned n = bld_exec_size(b->in->exec);
	unsigned op = b->in->opcode;
	*what = "data";
	switch (op) {
	case VISA_OP_GATHER4_SCALED:   /* channels, scale, surface, global
	                                * offset, offsets, data */
	case VISA_OP_SCATTER4_SCALED:
		if (k == 4) {
			*what = "offsets";
			return 4 * n;
		}
		if (op == VISA_OP_GATHER4_SCALED)
			*what = "response";
		return k == 5 ? chans(channels(ival(b, 0)), n, 4) : 0;
	case VISA_OP_GATHER_SCALED:    /* block size, blocks, scale, surface,
	                                * global offset, offsets, data */
	case VISA_OP_SCATTER_SCALED:
		*what = k == 5 ? "offsets"
		        : op == VISA_OP_GATHER_SCALED ? "response" : "data";
		return k == 5 || k == 6 ? 4 * n : 0;
	case VISA_OP_DWORD_ATOMIC: {   /* op, surface, offsets, src0, src1, dst */
		static const char *const role[] = { "", "", "offsets", "source 0",
		                                    "source 1", "response" };
		if (k < 2 || k > 5 || (ival(b, 0) >> 5))
			return 0;
		*what = role[k];
		return 4 * n;
	}
	case VISA_OP_OWORD_LD:         /* size, modifier, surface, offset, dst */
	case VISA_OP_OWORD_LD_UNALIGNED:
		*what = "response";
		return k == 4 && ival(b, 0) <= 3 ? 16u << ival(b, 0) : 0;
	case VISA_OP_OWORD_ST:         /* size, surface, offset, src */
		*what = "data";
		return k == 3 && ival(b, 0) <= 3 ? 16u << ival(b, 0) : 0;
	case VISA_OP_MEDIA_LD:         /* modifier, surface, plane, width,
	                                * height, x, y, data */
	case VISA_OP_MEDIA_ST:
		if (op == VISA_OP_MEDIA_LD)
			*what = "response";
		return k == 7 ? media_bytes(b, es) : 0;
	case VISA_OP_RAW_SEND:         /* modifier, ex desc, #src, #dst, desc,
	                                * src, dst */
		*what = k == 5 ? "payload" : "response";
		return k == 5 ? 32 * ival(b, 2) : k == 6 ? 32 * ival(b, 3) : 0;
	case VISA_OP_RAW_SENDS:        /* modifier, #src0, #src1, #dst, sfid,
	                                * ex desc, desc, src0, src1, dst */
		*what = k == 7 ? "payload" : k == 8 ? "extended payload"
		        : "response";
		return k >= 7 && k <= 9 ? 32 * ival(b, k - 6) : 0;
	case VISA_OP_SVM:
		return svm_extent(b, k, n, what);
	case VISA_OP_3D_SAMPLE:        /* op, channels, offsets, sampler,
	                                * surface, dst, #params, params */
	case VISA_OP_3D_LOAD: {        /* the same without the sampler */
		unsigned dk = op == VISA_OP_3D_LOAD ? 4 : 5;
		unsigned np = ival(b, dk + 1);
		if (k == dk) {
			/* written in place: one GRF per 8 lanes per channel */
			*what = "response";
			return channels(ival(b, 1)) * (n > 8 ? 2 : 1) * 32;
		}
		*what = "parameter";
		return k > dk + 1 && k < dk + 2 + np ? 4 * n : 0;
	}
	case VISA_OP_GATHER4_TYPED:    /* channels, surface, u, v, r, lod,
	                                * data */
	case VISA_OP_SCATTER4_TYPED:
		if (k >= 2 && k <= 5) {
			*what = "coordinate";
			return 4 * n;
		}
		if (k != 6)
			return 0;
		if (op == VISA_OP_SCATTER4_TYPED)
			return chans(channels(ival(b, 0)), n, 4);
		*what = "response";   /* written in place, a GRF per channel */
		return channels(ival(b, 0)) * 32;
	default:
		return 0;
	}
}

/* Bytes of the elements the message moves through operand k: qwords for
 * A64 addresses and 64-bit data, dwords for everything else (the
 * builders copy payloads by dwords). */
static unsigned raw_elem(const struct bld *b, unsigned k)
{
	if (b->in->opcode != VISA_OP_SVM)
		return 4;
	switch (b->in->subop) {
	case 3:
	case 4:
		return k == 2 || (k == 3 && (ival(b, 0) & 3) == 2) ? 8 : 4;
	case 5:
		return k == 1 || (k <= 4 && (ival(b, 0) & 0x40)) ? 8 : 4;
	case 6:
	case 7:
		return k == 3 ? 8 : 4;
	default:
		return 4;
	}
}

void bld_raw_use(const struct bld *b, unsigned k, unsigned es,
                 struct bld_raw_use *u)
{
	u->bytes = raw_bytes(b, k, es, &u->what);
	u->elem = raw_elem(b, k);
	u->shorter_ok = (b->in->opcode == VISA_OP_OWORD_ST && k == 3) ||
	                (b->in->opcode == VISA_OP_SVM && b->in->subop == 2 &&
	                 k == 2);
}
