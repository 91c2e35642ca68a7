/*
 * visaasm_mem.c - memory, sampler and media instructions of vISA
 * assembly: oword/media/gather/scatter data port messages, typed and
 * scaled messages, atomics, shared virtual memory (svm_*), qword
 * gather/scatter, the legacy and 3D sampler messages, render-target and
 * URB writes, VME and AVS.
 *
 * The text gives these operands in an order of its own (e.g. svm_atomic
 * lists the destination second); each handler stores them in binary
 * order, with the encoded fields (channel masks, block sizes and counts,
 * atomic operation with its width bits, 3D sampler sub-op word) computed
 * as Intel's text-to-binary conversion does (BuildCISAIRImpl.cpp,
 * VISAKernelImpl.cpp of IGC 1.0.12504.6).
 *
 * Spec: shared/spec/visa/instructions/ (OWORD_LD.md, MEDIA_LD.md,
 * GATHER.md, GATHER4_TYPED.md, GATHER4_SCALED.md, GATHER_SCALED.md,
 * DWORD_ATOMIC.md, TYPED_ATOMIC.md, SVM*.md, QW_GATHER.md, 3D_SAMPLE.md,
 * 3D_LOAD.md, 3D_SAMPLE4.md, INFO.md, RT_WRITE.md, URB_WRITE.md,
 * SAMPLE_UNORM.md, AVS.md, VME_*.md), 5_operands.md.
 */
#include "visaasm_read.h"

#include <string.h>

/* ---- shared pieces ---- */

static bool va_mem_no_pred(struct va_inst_ctx *c)
{
	if (!c->has_pred_text)
		return true;
	return va_fail(c->p, c->mn, "an instruction that takes a predicate");
}

/* '.' number: a decimal value in 'vals'; stores its index in *code. */
static bool va_dot_number(struct va_parser *p, const int *vals, unsigned n,
                          unsigned *code, const char *what)
{
	const struct va_token *t = va_peek_at(p, 1);
	if (va_is_punct(va_peek(p), '.') && t->kind == VA_INT && !t->is_hex)
		for (unsigned i = 0; i < n; i++)
			if (t->ival == vals[i]) {
				va_next(p), va_next(p);
				*code = i;
				return true;
			}
	return va_fail(p, va_is_punct(va_peek(p), '.') ? t : va_peek(p), what);
}

/* .add .sub ... (IGC's CISAAtomicOpNames; the index is the encoding). */
static bool va_atomic_op(struct va_parser *p, unsigned *op)
{
	static const char *const names[] = {
		"add", "sub", "inc", "dec", "min", "max", "xchg", "cmpxchg",
		"and", "or", "xor", "minsint", "maxsint", "", "", "", "fmax",
		"fmin", "fcmpwr", "fadd", "fsub",
	};
	const struct va_token *w;
	if (va_dot_word(p, &w))
		for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
			if (names[i][0] && va_token_is(p, w, names[i])) {
				*op = i;
				return true;
			}
	return va_fail(p, va_peek(p), "an atomic operation (.add, .sub, .inc, "
	               ".dec, .min, .max, .xchg, .cmpxchg, .and, .or, .xor, "
	               ".minsint, .maxsint, .fmax, .fmin, .fcmpwr, .fadd, "
	               ".fsub)");
}

static bool va_raws(struct va_inst_ctx *c, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (!va_raw(c->p, true, false, va_op(c)))
			return false;
	return true;
}

/* Raw operands into given slots (text order differs from binary). */
static bool va_raw_into(struct va_inst_ctx *c, struct vf_opnd *o)
{
	return va_raw(c->p, true, false, o);
}

static const unsigned va_src_kinds = VA_OK_GEN | VA_OK_IND | VA_OK_IMM;

/* ---- surface data port ---- */

/* oword_ld[_unaligned] / oword_st [.mod] (size) surface offset data */
static bool va_h_oword(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	if (!va_mem_no_pred(c))
		return false;
	if (va_peek_dot_word(p, "mod"))
		va_next(p), va_next(p);  /* IGC ignores it */
	const struct va_token *t = va_peek_at(p, 1);
	uint8_t exec;
	if (!va_exec_size(p, &exec))
		return false;
	unsigned size = exec & 0xF;
	if (size > 4)
		return va_fail(p, t, "an oword count of 1, 2, 4, 8 or 16");
	va_other(va_op(c), 1, size);
	if (c->in.opcode != VISA_OP_OWORD_ST)
		va_other(va_op(c), 1, 0);
	return va_surface(p, va_op(c)) && va_src(p, va_src_kinds, va_op(c)) &&
	       va_raws(c, 1) && va_emit(c);
}

/* media_ld.<mode> (width,height) surface [plane] x y data */
static bool va_h_media(struct va_inst_ctx *c)
{
	static const char *const modes[] = {
		"nomod", "modified", "top", "bottom", "top_mod", "bottom_mod",
	};
	struct va_parser *p = c->p;
	const struct va_token *w;
	unsigned mode = 6;
	if (!va_mem_no_pred(c))
		return false;
	if (va_dot_word(p, &w))
		for (unsigned i = 0; i < 6; i++)
			if (va_token_is(p, w, modes[i]))
				mode = i;
	if (mode == 6)
		return va_fail(p, va_peek(p), "a media mode (.nomod, .modified, "
		               ".top, .bottom, .top_mod, .bottom_mod)");
	int64_t bw, bh;
	const struct va_token *t = va_peek_at(p, 1);
	if (!va_expect(p, '(', "'(' and the block width") ||
	    !va_int_expr(p, &bw) || !va_expect(p, ',', "','") ||
	    !va_int_expr(p, &bh) || !va_expect(p, ')', "')'"))
		return false;
	if (bw < 0 || bw > 255 || bh < 0 || bh > 255)
		return va_fail(p, t, "a block width and height from 0 to 255");
	va_other(va_op(c), 1, mode);
	if (!va_surface(p, va_op(c)))
		return false;
	unsigned plane = 0;
	t = va_peek(p);
	if (t->kind == VA_INT && !t->is_hex && !va_is_punct(va_peek_at(p, 1), ':')) {
		if (t->ival < 0 || t->ival > 15)
			return va_fail(p, t, "a plane id from 0 to 15");
		plane = (unsigned)t->ival;
		va_next(p);
	}
	va_other(va_op(c), 1, plane);
	va_other(va_op(c), 1, (uint64_t)bw);
	va_other(va_op(c), 1, (uint64_t)bh);
	return va_src(p, va_src_kinds, va_op(c)) &&
	       va_src(p, va_src_kinds, va_op(c)) && va_raws(c, 1) && va_emit(c);
}

/* gather.<elt size> (mask, n) [.mod] surface global_offset offsets data */
static bool va_h_gather(struct va_inst_ctx *c)
{
	static const int sizes[] = { 1, 2, 4 };
	struct va_parser *p = c->p;
	unsigned esize;
	if (!va_mem_no_pred(c) ||
	    !va_dot_number(p, sizes, 3, &esize, "'.' and an element size of "
	                   "1, 2 or 4"))
		return false;
	const struct va_token *t = va_peek_at(p, 1);
	uint8_t exec;
	if (!va_exec_size(p, &exec))
		return false;
	unsigned sz = exec & 0xF, n;
	if (sz == 3)
		n = 0;
	else if (sz == 4)
		n = 1;
	else if (sz == 0)
		n = 2;
	else
		return va_fail(p, t, "an element count of 1, 8 or 16");
	if (va_peek_dot_word(p, "mod"))
		va_next(p), va_next(p);  /* IGC ignores it */
	va_other(va_op(c), 1, esize);
	if (c->in.opcode == VISA_OP_GATHER)
		va_other(va_op(c), 1, 0);
	va_other(va_op(c), 1, n | (exec & 0xF0u));
	return va_surface(p, va_op(c)) && va_src(p, va_src_kinds, va_op(c)) &&
	       va_raws(c, 2) && va_emit(c);
}

/* gather4_typed.<ch> (exec) surface u v r lod data */
static bool va_h_typed(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	unsigned mask;
	if (!va_channels(p, &mask) || !va_exec_size(p, &c->in.exec))
		return false;
	va_other(va_op(c), 1, mask);
	if (!va_surface(p, va_op(c)) || !va_raws(c, 5))
		return false;
	if (vf_version(p->m) < 0x0302) {
		/* Before vISA 3.2 there is no lod operand. */
		c->ops[5] = c->ops[6];
		c->n--;
	}
	return va_emit(c);
}

/* gather4_scaled.<ch> (exec) surface global_offset offsets data */
static bool va_h_scaled4(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	unsigned mask;
	if (!va_channels(p, &mask) || !va_exec_size(p, &c->in.exec))
		return false;
	va_other(va_op(c), 1, mask);
	va_other(va_op(c), 2, 0);
	return va_surface(p, va_op(c)) && va_src(p, va_src_kinds, va_op(c)) &&
	       va_raws(c, 2) && va_emit(c);
}

static const int va_block_nums[] = { 1, 2, 4, 8 };

/* gather_scaled.<blocks> (exec) surface global_offset offsets data */
static bool va_h_scaled(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	unsigned nb;
	if (!va_dot_number(p, va_block_nums, 4, &nb, "'.' and a block count of "
	                   "1, 2, 4 or 8") ||
	    !va_exec_size(p, &c->in.exec))
		return false;
	va_other(va_op(c), 1, 0);
	va_other(va_op(c), 1, nb);
	va_other(va_op(c), 2, 0);
	return va_surface(p, va_op(c)) && va_src(p, va_src_kinds, va_op(c)) &&
	       va_raws(c, 2) && va_emit(c);
}

/* .16 after an atomic operation: bit 5 of the operation byte. */
static bool va_atomic16(struct va_parser *p, unsigned *op)
{
	if (!va_is_punct(va_peek(p), '.'))
		return true;
	static const int sixteen[] = { 16 };
	unsigned k;
	if (!va_dot_number(p, sixteen, 1, &k, "'.16'"))
		return false;
	*op |= 0x20;
	return true;
}

/* <op>.<atomic>[.16] (exec) surface, then 'nraws' raw operands. */
static bool va_atomic_common(struct va_inst_ctx *c, unsigned nraws)
{
	struct va_parser *p = c->p;
	unsigned op;
	if (!va_atomic_op(p, &op) || !va_atomic16(p, &op) ||
	    !va_exec_size(p, &c->in.exec))
		return false;
	va_other(va_op(c), 1, op);
	return va_surface(p, va_op(c)) && va_raws(c, nraws) && va_emit(c);
}

/* dword_atomic.<op>[.16] (exec) surface offsets src0 src1 dst */
static bool va_h_dword_atomic(struct va_inst_ctx *c)
{
	return va_atomic_common(c, 4);
}

/* typed_atomic.<op>[.16] (exec) surface u v r lod src0 src1 dst */
static bool va_h_typed_atomic(struct va_inst_ctx *c)
{
	return va_atomic_common(c, 7);
}

/* qw_gather.<blocks> (exec) surface offsets data */
static bool va_h_qw(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	unsigned nb;
	if (!va_dot_number(p, va_block_nums, 4, &nb, "'.' and a block count of "
	                   "1, 2, 4 or 8") ||
	    !va_exec_size(p, &c->in.exec))
		return false;
	va_other(va_op(c), 1, nb);
	return va_surface(p, va_op(c)) && va_raws(c, 2) && va_emit(c);
}

/* ---- shared virtual memory (svm sub-opcodes) ---- */

/* svm_block_ld/st (owords) address data */
static bool va_h_svm_block(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	const struct va_token *t = va_peek_at(p, 1);
	uint8_t exec;
	if (!va_mem_no_pred(c) || !va_exec_size(p, &exec))
		return false;
	if ((exec & 0xF) > 4)
		return va_fail(p, t, "an oword count of 1, 2, 4, 8 or 16");
	va_other(va_op(c), 1, exec & 0xF);
	return va_src(p, va_src_kinds, va_op(c)) && va_raws(c, 1) && va_emit(c);
}

/* svm_gather.<block size>.<blocks> (exec) addresses data */
static bool va_h_svm_scatter(struct va_inst_ctx *c)
{
	static const int bsizes[] = { 1, 4, 8 };
	struct va_parser *p = c->p;
	unsigned bs, nb;
	if (!va_dot_number(p, bsizes, 3, &bs, "'.' and a block size of 1, 4 "
	                   "or 8") ||
	    !va_dot_number(p, va_block_nums, 4, &nb, "'.' and a block count "
	                   "of 1, 2, 4 or 8") ||
	    !va_exec_size(p, &c->in.exec))
		return false;
	va_other(va_op(c), 1, bs);
	va_other(va_op(c), 1, nb);
	return va_raws(c, 2) && va_emit(c);
}

/* svm_atomic.<op>[.16|.32|.64] (exec) addresses dst src0 src1 */
static bool va_h_svm_atomic(struct va_inst_ctx *c)
{
	static const int widths[] = { 16, 32, 64 };
	static const unsigned bits[] = { 0x20, 0, 0x40 };
	struct va_parser *p = c->p;
	unsigned op, w = 1;
	if (!va_atomic_op(p, &op))
		return false;
	if (va_is_punct(va_peek(p), '.') &&
	    !va_dot_number(p, widths, 3, &w, "'.16', '.32' or '.64'"))
		return false;
	if (!va_exec_size(p, &c->in.exec))
		return false;
	va_other(va_op(c), 1, op | bits[w]);
	struct vf_opnd *addr = va_op(c), *s0 = va_op(c), *s1 = va_op(c),
	               *dst = va_op(c);
	return va_raw_into(c, addr) && va_raw_into(c, dst) &&
	       va_raw_into(c, s0) && va_raw_into(c, s1) && va_emit(c);
}

/* svm_gather4scaled.<ch> (exec) address offsets data */
static bool va_h_svm_scaled(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	unsigned mask;
	if (!va_channels(p, &mask) || !va_exec_size(p, &c->in.exec))
		return false;
	va_other(va_op(c), 1, mask);
	va_other(va_op(c), 2, 0);
	return va_src(p, va_src_kinds, va_op(c)) && va_raws(c, 2) && va_emit(c);
}

/* ---- legacy sampler, AVS, VME ---- */

/* sample.<ch> [(simd)] sampler surface u v r dst;
 * load.<ch> [(simd)] surface u v r dst */
static bool va_h_sample(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	unsigned mask;
	if (!va_mem_no_pred(c) || !va_channels(p, &mask))
		return false;
	unsigned simd16 = 0;
	if (va_accept(p, '(')) {
		const struct va_token *t = va_next(p);
		if (t->kind != VA_INT || t->is_hex ||
		    (t->ival != 8 && t->ival != 16 && t->ival != 32))
			return va_fail(p, t, "a SIMD mode of 8, 16 or 32");
		simd16 = t->ival == 16;
		if (!va_expect(p, ')', "')' after the SIMD mode"))
			return false;
	}
	va_other(va_op(c), 1, mask | simd16 << 4);
	/* Two names: sampler then surface; one name: the surface. */
	bool two = !va_is_punct(va_peek_at(p, 2), '.');
	struct vf_opnd samp, surf;
	if (two && !va_sampler(p, &samp))
		return false;
	if (!va_surface(p, &surf))
		return false;
	if (c->in.opcode == VISA_OP_SAMPLE) {
		if (!two)
			return va_fail(p, c->mn, "a sampler and a surface");
		*va_op(c) = samp;
	}
	*va_op(c) = surf;
	return va_raws(c, 4) && va_emit(c);
}

/* sample_unorm.<ch>.<output format> sampler surface u v du dv dst */
static bool va_h_sample_unorm(struct va_inst_ctx *c)
{
	static const char *const outs[] = {
		"16-full", "16-downsampled", "8-full", "8-downsampled",
	};
	struct va_parser *p = c->p;
	unsigned mask, out = 4;
	if (!va_mem_no_pred(c) || !va_channels(p, &mask))
		return false;
	size_t end;
	if (va_is_punct(va_peek(p), '.')) {
		size_t save = p->pos;
		va_next(p);
		const struct va_token *a = va_peek(p);
		size_t k = p->pos;
		for (;; k++) {
			const struct va_token *t = va_peek_at(p, k - p->pos);
			if (t->kind == VA_NL || t->kind == VA_EOF ||
			    (k > p->pos && t->space_before))
				break;
		}
		end = k;
		size_t len = p->toks[end - 1].start + p->toks[end - 1].len -
		             a->start;
		for (unsigned i = 0; i < 4; i++)
			if (strlen(outs[i]) == len &&
			    memcmp(p->src + a->start, outs[i], len) == 0)
				out = i;
		if (out == 4)
			p->pos = save;
		else
			p->pos = end;
	}
	if (out == 4)
		return va_fail(p, va_peek(p), "an output format (.16-full, "
		               ".16-downsampled, .8-full, .8-downsampled)");
	va_other(va_op(c), 1, mask | (out << 4 & 0x30));
	return va_sampler(p, va_op(c)) && va_surface(p, va_op(c)) &&
	       va_src(p, va_src_kinds, va_op(c)) &&
	       va_src(p, va_src_kinds, va_op(c)) &&
	       va_src(p, va_src_kinds, va_op(c)) &&
	       va_src(p, va_src_kinds, va_op(c)) && va_raws(c, 1) && va_emit(c);
}

static bool va_named_value(struct va_parser *p, const char *const *names,
                           unsigned n, unsigned *v, const char *what)
{
	const struct va_token *t = va_next(p);
	for (unsigned i = 0; i < n; i++)
		if (names[i] && va_is_ident(p, t, names[i])) {
			*v = i;
			return true;
		}
	return va_fail(p, t, what);
}

/* avs.<ch> surface sampler u v du dv u2d group vblock CNTRL v2d EXECMODE
 * iefbypass dst */
static bool va_h_avs(struct va_inst_ctx *c)
{
	static const char *const cntrls[] = {
		"AVS_16_FULL", "AVS_16_DOWN_SAMPLE", "AVS_8_FULL",
		"AVS_8_DOWN_SAMPLE",
	};
	static const char *const modes[] = { "AVS_16x4", NULL, "AVS_16x8" };
	struct va_parser *p = c->p;
	unsigned mask, cntrl = 0, mode = 0;
	struct vf_opnd surf;
	if (!va_mem_no_pred(c) || !va_channels(p, &mask))
		return false;
	va_other(va_op(c), 1, mask);
	if (!va_surface(p, &surf) || !va_sampler(p, va_op(c)))
		return false;
	*va_op(c) = surf;
	for (int i = 0; i < 7; i++)
		if (!va_src(p, va_src_kinds, va_op(c)))
			return false;
	if (!va_named_value(p, cntrls, 4, &cntrl, "an output format control "
	                    "(AVS_16_FULL, AVS_16_DOWN_SAMPLE, AVS_8_FULL, "
	                    "AVS_8_DOWN_SAMPLE)"))
		return false;
	va_other(va_op(c), 1, cntrl);
	if (!va_src(p, va_src_kinds, va_op(c)) ||
	    !va_named_value(p, modes, 3, &mode, "an execution mode (AVS_16x4, "
	                    "AVS_16x8)"))
		return false;
	va_other(va_op(c), 1, mode);
	return va_src(p, va_src_kinds, va_op(c)) && va_raws(c, 1) && va_emit(c);
}

static bool va_small_int(struct va_parser *p, unsigned *v, const char *what)
{
	const struct va_token *t = va_next(p);
	if (t->kind != VA_INT || t->is_hex || t->ival < 0 || t->ival > 255)
		return va_fail(p, t, what);
	*v = (unsigned)t->ival;
	return true;
}

/* vme_ime (stream, search) surface uni ime ref0 ref1 cost dst */
static bool va_h_vme_ime(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	unsigned sm = 0, sc = 0;
	struct vf_opnd surf;
	if (!va_mem_no_pred(c) || !va_expect(p, '(', "'(' and the stream mode") ||
	    !va_small_int(p, &sm, "a stream mode") ||
	    !va_expect(p, ',', "','") ||
	    !va_small_int(p, &sc, "a search control") ||
	    !va_expect(p, ')', "')'") || !va_surface(p, &surf))
		return false;
	va_other(va_op(c), 1, sm);
	va_other(va_op(c), 1, sc);
	if (!va_raws(c, 2))
		return false;
	*va_op(c) = surf;
	return va_raws(c, 4) && va_emit(c);
}

/* vme_sic surface uni sic dst */
static bool va_h_vme_sic(struct va_inst_ctx *c)
{
	struct vf_opnd surf;
	if (!va_mem_no_pred(c) || !va_surface(c->p, &surf) || !va_raws(c, 2))
		return false;
	*va_op(c) = surf;
	return va_raws(c, 1) && va_emit(c);
}

/* vme_fbr (mb mode, sub mb shape, sub pred mode) surface uni fbr dst */
static bool va_h_vme_fbr(struct va_inst_ctx *c)
{
	struct va_parser *p = c->p;
	struct vf_opnd modes[3], surf;
	if (!va_mem_no_pred(c) || !va_expect(p, '(', "'(' and the MB mode"))
		return false;
	for (int i = 0; i < 3; i++)
		if ((i && !va_expect(p, ',', "','")) ||
		    !va_src(p, va_src_kinds, &modes[i]))
			return false;
	if (!va_expect(p, ')', "')'") || !va_surface(p, &surf) ||
	    !va_raws(c, 2))
		return false;
	*va_op(c) = surf;
	for (int i = 0; i < 3; i++)
		*va_op(c) = modes[i];
	return va_raws(c, 1) && va_emit(c);
}

/* ---- 3D sampler ---- */

struct va_s3d {
	const char *name;
	uint8_t op;       /* VISASampler3DSubOpCode */
	uint8_t opcode;   /* sample_3d, load_3d or gather4_3d */
};

static const struct va_s3d va_s3d_ops[] = {
	{ "sample_3d", 0x00, VISA_OP_3D_SAMPLE },
	{ "sample_b", 0x01, VISA_OP_3D_SAMPLE },
	{ "sample_l", 0x02, VISA_OP_3D_SAMPLE },
	{ "sample_c", 0x03, VISA_OP_3D_SAMPLE },
	{ "sample_d", 0x04, VISA_OP_3D_SAMPLE },
	{ "sample_b_c", 0x05, VISA_OP_3D_SAMPLE },
	{ "sample_l_c", 0x06, VISA_OP_3D_SAMPLE },
	{ "sample_d_c", 0x14, VISA_OP_3D_SAMPLE },
	{ "sample_lz", 0x18, VISA_OP_3D_SAMPLE },
	{ "sample_c_lz", 0x19, VISA_OP_3D_SAMPLE },
	{ "load_3d", 0x07, VISA_OP_3D_LOAD },
	{ "load_mcs", 0x1D, VISA_OP_3D_LOAD },
	{ "load_2dms_w", 0x1C, VISA_OP_3D_LOAD },
	{ "load_lz", 0x1A, VISA_OP_3D_LOAD },
	{ "sample4", 0x08, VISA_OP_3D_GATHER4 },
	{ "sample4_c", 0x10, VISA_OP_3D_GATHER4 },
	{ "sample4_po", 0x11, VISA_OP_3D_GATHER4 },
	{ "sample4_po_c", 0x12, VISA_OP_3D_GATHER4 },
};

/* Optional .pixel_null_mask / .cps / .divS flags, in this order. */
static void va_s3d_flags(struct va_parser *p, bool sample, unsigned *flags)
{
	static const char *const names[] = { "pixel_null_mask", "cps", "divS" };
	for (unsigned i = 0; i < (sample ? 3u : 1u); i++)
		if (va_peek_dot_word(p, names[i])) {
			va_next(p), va_next(p);
			*flags |= 1u << i;
		}
}

/* sample_*, load_*, sample4*: [flags].<ch> (exec) aoffimmi [sampler]
 * surface dst params... */
static bool va_h_3d(struct va_inst_ctx *c, const struct va_s3d *s)
{
	struct va_parser *p = c->p;
	bool sample = s->opcode == VISA_OP_3D_SAMPLE;
	bool load = s->opcode == VISA_OP_3D_LOAD;
	unsigned flags = 0, mask;
	c->in.opcode = s->opcode;
	va_s3d_flags(p, sample, &flags);
	const struct va_token *ct = va_peek_at(p, 1);
	if (!va_channels(p, &mask) || !va_exec_size(p, &c->in.exec))
		return false;
	/* Pixel null mask bit 8, cps bit 9, non-uniform sampler (.divS) bit
	 * 10, as IGC's reader and printer read the word (IGC's builder never
	 * sets bit 10; the printer shows it as .divS). */
	if (vf_version(p->m) >= 0x0400)
		va_other(va_op(c), 2, s->op | (flags & 1) << 8 |
		         (flags >> 1 & 1) << 9 | (flags >> 2 & 1) << 10);
	else
		va_other(va_op(c), 1, s->op | (flags & 1) << 5 |
		         (flags >> 1 & 1) << 6 | (flags >> 2 & 1) << 7);
	if (s->opcode == VISA_OP_3D_GATHER4) {
		/* One channel, written as its index R=0 .. A=3. */
		if (mask != 1 && mask != 2 && mask != 4 && mask != 8)
			return va_fail(p, ct, "exactly one channel for sample4");
		mask = mask == 1 ? 0 : mask == 2 ? 1 : mask == 4 ? 2 : 3;
	}
	va_other(va_op(c), 1, mask);
	struct vf_opnd *aoff = va_op(c);
	const struct va_token *at = va_peek(p);
	if (!va_src(p, va_src_kinds, aoff))
		return false;
	if (vf_version(p->m) < 0x0304) {
		/* Before vISA 3.4 the offsets are a plain 16-bit field. */
		if ((aoff->u.vec.tag & 7) != VISA_CLASS_IMMEDIATE)
			return va_fail(p, at, "an immediate aoffimmi (vISA < 3.4)");
		va_other(aoff, 2, aoff->u.vec.u.imm.value);
	}
	if (!load && !va_sampler(p, va_op(c)))
		return false;
	if (!va_surface(p, va_op(c)) || !va_raws(c, 1))
		return false;
	struct vf_opnd *count = va_op(c);
	unsigned n = 0, max = s->opcode == VISA_OP_3D_GATHER4 ? 7 : 15;
	while (!va_at_stmt_end(p)) {
		if (n == max)
			return va_fail_msg(p, va_peek(p), "at most %u parameters",
			                   max);
		if (!va_raws(c, 1))
			return false;
		n++;
	}
	va_other(count, 1, n);
	return va_emit(c);
}

/* resinfo.<ch> (exec) surface lod dst; sampleinfo.<ch> (exec) surface dst */
static bool va_h_info(struct va_inst_ctx *c, bool resinfo)
{
	struct va_parser *p = c->p;
	unsigned mask;
	c->in.opcode = VISA_OP_3D_INFO;
	if (!va_mem_no_pred(c) || !va_channels(p, &mask) ||
	    !va_exec_size(p, &c->in.exec))
		return false;
	va_other(va_op(c), 1, resinfo ? 0x0A : 0x0B);
	va_other(va_op(c), 1, mask);
	return va_surface(p, va_op(c)) && va_raws(c, resinfo ? 2 : 1) &&
	       va_emit(c);
}

/* Mode options of rt_write_3d: .<A><O>... */
static bool va_rt_options(struct va_parser *p, unsigned *opts)
{
	static const char *const names[] = {
		"SI", "CPS", "RTI", "A", "O", "Z", "ST", "LRTW", "PS", "CM",
		"NULLRT",
	};
	*opts = 0;
	if (!va_is_punct(va_peek(p), '.') || !va_is_punct(va_peek_at(p, 1), '<'))
		return true;
	va_next(p);
	while (va_is_punct(va_peek(p), '<') && !va_peek(p)->space_before) {
		va_next(p);
		const struct va_token *t = va_next(p);
		bool found = false;
		for (unsigned i = 0; i < 11 && t->kind == VA_IDENT; i++)
			if (va_token_is(p, t, names[i]))
				*opts |= 1u << i, found = true;
		if (!found)
			return va_fail(p, t, "a render target write option (SI, "
			               "CPS, RTI, A, O, Z, ST, LRTW, PS, CM, NULLRT)");
		if (!va_expect(p, '>', "'>' after the option"))
			return false;
	}
	return true;
}

/* One operand of rt_write_3d: raw (Var.off) or vector. */
static bool va_rt_operand(struct va_parser *p, struct vf_opnd *o)
{
	const struct va_token *n = va_peek_at(p, 1);
	const struct va_token *t = va_peek(p);
	if ((t->kind == VA_IDENT || t->kind == VA_BUILTIN) && va_is_punct(n, '.'))
		return va_raw(p, true, false, o);
	return va_src(p, VA_OK_GEN | VA_OK_IMM, o);
}

static bool va_rt_want(struct va_parser *p, const struct va_token *at,
                       const struct vf_opnd *o, unsigned kind)
{
	if (o->kind == kind)
		return true;
	return va_fail(p, at, kind == VF_OPND_RAW ? "a raw operand"
	                                          : "a vector operand");
}

/* rt_write_3d[.<opts>] (exec) surface r1header [si] [cps] [rti] [s0a]
 * [oM] R G B A [Z] [stencil] */
static bool va_h_rt_write(struct va_inst_ctx *c)
{
	enum { SI = 1, CPS = 2, RTI = 4, A = 8, O = 16, Z = 32, ST = 64,
	       LRTW = 128, PS = 256, CM = 512, NULLRT = 1024 };
	struct va_parser *p = c->p;
	unsigned o;
	if (!va_rt_options(p, &o) || !va_exec_size(p, &c->in.exec))
		return false;
	unsigned mode = (o & NULLRT ? 1u << 12 : 0) | (o & CM ? 1u << 10 : 0) |
	                (o & PS ? 1u << 9 : 0) | (o & CPS ? 1u << 8 : 0) |
	                (o & LRTW ? 1u << 7 : 0) | (o & ST ? 1u << 6 : 0) |
	                (o & Z ? 1u << 5 : 0) | (o & O ? 1u << 4 : 0) |
	                (o & A ? 1u << 3 : 0) | (o & RTI ? 1u << 2 : 0);
	va_other(va_op(c), 2, mode);
	if (!va_surface(p, va_op(c)))
		return false;
	/* Operands in text order; the sample index is read but, as in IGC's
	 * reader, not written (its mode bit is never set from text). */
	static const unsigned order[] = { 0, SI, CPS, RTI, A, O, 0, 0, 0, 0, Z,
	                                  ST };
	for (unsigned i = 0; i < 12; i++) {
		if (order[i] && !(o & order[i]))
			continue;
		const struct va_token *t = va_peek(p);
		struct vf_opnd tmp;
		if (!va_rt_operand(p, &tmp))
			return false;
		bool vec = order[i] == SI || order[i] == CPS || order[i] == RTI;
		if (!va_rt_want(p, t, &tmp, vec ? VF_OPND_VECTOR : VF_OPND_RAW))
			return false;
		if (order[i] != SI)
			*va_op(c) = tmp;
	}
	return va_emit(c);
}

/* ---- dispatch ---- */

typedef bool (*va_mem_fn)(struct va_inst_ctx *c);

static const struct {
	const char *name;
	uint8_t opcode, subop;
	va_mem_fn fn;
} va_mem_rows[] = {
	{ "oword_ld", VISA_OP_OWORD_LD, 0, va_h_oword },
	{ "oword_st", VISA_OP_OWORD_ST, 0, va_h_oword },
	{ "oword_ld_unaligned", VISA_OP_OWORD_LD_UNALIGNED, 0, va_h_oword },
	{ "media_ld", VISA_OP_MEDIA_LD, 0, va_h_media },
	{ "media_st", VISA_OP_MEDIA_ST, 0, va_h_media },
	{ "gather", VISA_OP_GATHER, 0, va_h_gather },
	{ "scatter", VISA_OP_SCATTER, 0, va_h_gather },
	{ "gather4_typed", VISA_OP_GATHER4_TYPED, 0, va_h_typed },
	{ "scatter4_typed", VISA_OP_SCATTER4_TYPED, 0, va_h_typed },
	{ "gather4_scaled", VISA_OP_GATHER4_SCALED, 0, va_h_scaled4 },
	{ "scatter4_scaled", VISA_OP_SCATTER4_SCALED, 0, va_h_scaled4 },
	{ "gather_scaled", VISA_OP_GATHER_SCALED, 0, va_h_scaled },
	{ "scatter_scaled", VISA_OP_SCATTER_SCALED, 0, va_h_scaled },
	{ "dword_atomic", VISA_OP_DWORD_ATOMIC, 0, va_h_dword_atomic },
	{ "typed_atomic", VISA_OP_3D_TYPED_ATOMIC, 0, va_h_typed_atomic },
	{ "qw_gather", VISA_OP_QW_GATHER, 0, va_h_qw },
	{ "qw_scatter", VISA_OP_QW_SCATTER, 0, va_h_qw },
	{ "svm_block_ld", VISA_OP_SVM, 1, va_h_svm_block },
	{ "svm_block_st", VISA_OP_SVM, 2, va_h_svm_block },
	{ "svm_gather", VISA_OP_SVM, 3, va_h_svm_scatter },
	{ "svm_scatter", VISA_OP_SVM, 4, va_h_svm_scatter },
	{ "svm_atomic", VISA_OP_SVM, 5, va_h_svm_atomic },
	{ "svm_gather4scaled", VISA_OP_SVM, 6, va_h_svm_scaled },
	{ "svm_scatter4scaled", VISA_OP_SVM, 7, va_h_svm_scaled },
	{ "sample", VISA_OP_SAMPLE, 0, va_h_sample },
	{ "load", VISA_OP_LOAD, 0, va_h_sample },
	{ "sample_unorm", VISA_OP_SAMPLE_UNORM, 0, va_h_sample_unorm },
	{ "avs", VISA_OP_AVS, 0, va_h_avs },
	{ "vme_ime", VISA_OP_VME_IME, 0, va_h_vme_ime },
	{ "vme_sic", VISA_OP_VME_SIC, 0, va_h_vme_sic },
	{ "vme_fbr", VISA_OP_VME_FBR, 0, va_h_vme_fbr },
	{ "rt_write_3d", VISA_OP_3D_RT_WRITE, 0, va_h_rt_write },
};

bool va_mem_instruction(struct va_inst_ctx *c, const char *mn, size_t len,
                        bool *handled)
{
	*handled = true;
	for (size_t i = 0; i < sizeof va_mem_rows / sizeof va_mem_rows[0]; i++) {
		if (strlen(va_mem_rows[i].name) != len ||
		    memcmp(va_mem_rows[i].name, mn, len) != 0)
			continue;
		c->in.opcode = va_mem_rows[i].opcode;
		c->in.subop = va_mem_rows[i].subop;
		return va_mem_rows[i].fn(c);
	}
	for (size_t i = 0; i < sizeof va_s3d_ops / sizeof va_s3d_ops[0]; i++)
		if (strlen(va_s3d_ops[i].name) == len &&
		    memcmp(va_s3d_ops[i].name, mn, len) == 0)
			return va_h_3d(c, &va_s3d_ops[i]);
	if (len == 7 && memcmp(mn, "resinfo", 7) == 0)
		return va_h_info(c, true);
	if (len == 10 && memcmp(mn, "sampleinfo", 10) == 0)
		return va_h_info(c, false);
	*handled = false;
	return false;
}
