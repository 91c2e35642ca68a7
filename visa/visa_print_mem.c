/*
 * visa_print_mem.c - vISA assembly text printer: memory instructions.
 *
 * Shapes of the data-port messages (oword, media, gather/scatter, typed,
 * scaled, atomic, qword, render target write), the SVM sub-operations,
 * the sampler instructions (legacy sample/load/avs, video analytics, 3D
 * sample/load/gather4/info) as IGC prints them.  The LSC instructions
 * are in visa_print_lsc.c.
 *
 * Spec: shared/spec/visa/instructions/ (OWORD_*.md, MEDIA_*.md, GATHER*.md,
 * SCATTER*.md, SVM*.md, DWORD_ATOMIC.md, TYPED_ATOMIC.md, QW_*.md,
 * RT_WRITE.md, SAMPLE*.md, AVS.md, VA*.md, 3D_*.md, INFO.md) for the field
 * meanings; docs/visa-text-printer.md for the printing rules.
 */
#include "visa_ops.h"
#include "visa_print_priv.h"

/* Channel masks in the legacy order (bit 0 = R); 0 prints nothing. */
static const char *const channel_mask_names[16] = {
	"", "R", "G", "RG", "B", "RB", "GB", "RGB",
	"A", "RA", "GA", "RGA", "BA", "RBA", "GBA", "RGBA",
};

/* The same masks as IGC's ChannelMask prints them (0 = "0000"). */
static const char *const channel_mask_words[16] = {
	"0000", "R", "G", "RG", "B", "RB", "GB", "RGB",
	"A", "RA", "GA", "RGA", "BA", "RBA", "GBA", "RGBA",
};

/* Atomic operations (low 5 bits of the op byte), 0xd-0xf unnamed. */
static const char *const atomic_names[0x15] = {
	"add", "sub", "inc", "dec", "min", "max", "xchg", "cmpxchg",
	"and", "or", "xor", "minsint", "maxsint", "", "", "",
	"fmax", "fmin", "fcmpwr", "fadd", "fsub",
};

static const char *const media_ld_mods[6] = {
	"nomod", "modified", "top", "bottom", "top_mod", "bottom_mod",
};
static const char *const media_st_mods[4] = {
	"nomod", "reserved", "top", "bottom",
};

/* Oword counts by code; SVM block sizes and counts by code. */
static const uint8_t oword_counts[5] = { 1, 2, 4, 8, 16 };
static const uint8_t svm_block_sizes[3] = { 1, 4, 8 };
static const uint8_t block_counts[4] = { 1, 2, 4, 8 };

/* 3D sampler operation names by sub-opcode (NULL = invalid). */
static const char *const sampler3d_names[30] = {
	"sample_3d", "sample_b", "sample_l", "sample_c", "sample_d",
	"sample_b_c", "sample_l_c", "load_3d", "sample4", "lod", "resinfo",
	"sampleinfo", "sample+killpix", NULL, NULL, NULL, "sample4_c",
	"sample4_po", "sample4_po_c", NULL, "sample_d_c", NULL, NULL, NULL,
	"sample_lz", "sample_c_lz", "load_lz", NULL, "load_2dms_w", "load_mcs",
};
enum { S3D_RESINFO = 10, S3D_SAMPLEINFO = 11 };

/* Video analytics sub-operation names (va, va_skl_plus), by sub-opcode. */
static const char *const va_names[26] = {
	"avs", "convolve", "minmax", "minmaxfilter", "erode", "dilate",
	"boolcentroid", "centroid", "CONV_1D_HORIZONTAL", "CONV_1D_VERTICAL",
	"CONV_1PIXEL", "FLOOD_FILL", "LBP_CREATION", "LBP_CORRELATION", "",
	"CORRELATION_SEARCH", "HDC_CONVOLVE_2D", "HDC_MIN_MAX_FILTER",
	"HDC_ERODE", "HDC_DILATE", "HDC_LBP_CORRELATION", "HDC_LBP_CREATION",
	"HDC_CONVOLVE_1D_H", "HDC_CONVOLVE_1D_V", "HDC_CONVOLVE_1P",
	"UNDEFINED",
};
enum {
	VA_CONVOLVE = 1, VA_MINMAX = 2, VA_MINMAXFILTER = 3, VA_ERODE = 4,
	VA_DILATE = 5, VA_BOOLCENTROID = 6, VA_CENTROID = 7,
	VA_1D_CONV_V = 8, VA_1D_CONV_H = 9, VA_1PIXEL_CONV = 10,
	VA_FLOOD_FILL = 11, VA_LBP_CREATION = 12, VA_LBP_CORRELATION = 13,
	VA_CORRELATION_SEARCH = 15, HDC_CONV = 0x10, HDC_MMF = 0x11,
	HDC_LBPCORRELATION = 0x14, HDC_LBPCREATION = 0x15, HDC_1DCONV_H = 0x16,
	HDC_1DCONV_V = 0x17, HDC_1PIXELCONV = 0x18,
};

static const char *const sampler_output_names[4] = {
	"16-full", "16-downsampled", "8-full", "8-downsampled",
};
static const char *const avs_control_names[4] = {
	"AVS_16_FULL", "AVS_16_DOWN_SAMPLE", "AVS_8_FULL", "AVS_8_DOWN_SAMPLE",
};
static const char *const avs_exec_names[3] = {
	"AVS_16x4", "AVS_INVALID", "AVS_16x8",
};
static const char *const mmf_exec_names[4] = {
	"VA_MMF_16x4", "VA_MMF_INVALID", "VA_MMF_16x1", "VA_MMF_1x1",
};
static const char *const mmf_enable_names[3] = {
	"VA_MINMAX_ENABLE", "VA_MAX_ENABLE", "VA_MIN_ENABLE",
};
static const char *const ed_exec_names[4] = {
	"VA_ED_64x4", "VA_ED_32x4", "VA_ED_64x1", "VA_ED_32x1",
};
static const char *const conv_exec_names[4] = {
	"VA_CONV_16x4", "VA_CONV_INVALID", "VA_CONV_16x1", "VA_CONV_1x1",
};
static const char *const pixel_size_names[2] = {
	"VA_Y16_FORMAT", "VA_Y8_FORMAT",
};
static const char *const lbp_creation_names[3] = {
	"VA_5x5_mode", "VA_3x3_mode", "VA_BOTH_mode",
};

#define NAMES(t) (t), (unsigned)(sizeof(t) / sizeof((t)[0]))

/* ---- small helpers ------------------------------------------------------ */

static bool byte_at(struct vp_ctx *c, unsigned i, unsigned *v)
{
	uint32_t x;
	if (!vp_other(c, i, &x))
		return false;
	*v = x & 0xFF;
	return true;
}

/* Print table[v] (v already masked); error when out of range or NULL. */
static bool put_enum(struct vp_ctx *c, const char *what,
                     const char *const *table, unsigned n, unsigned v)
{
	if (v >= n || !table[v])
		return vp_fail(c, "invalid %s %u", what, v);
	vp_puts(c, table[v]);
	return true;
}

/* Operands first..last, each as IGC's printOperand. */
static bool operand_run(struct vp_ctx *c, unsigned first, unsigned last)
{
	for (unsigned i = first; i <= last; i++)
		if (!vp_operand(c, i))
			return false;
	return true;
}

static bool operands_from(struct vp_ctx *c, unsigned first)
{
	return first >= c->nfields || operand_run(c, first, c->nfields - 1);
}

/* " <surface>" from a byte field. */
static bool surface_at(struct vp_ctx *c, unsigned i)
{
	unsigned s;
	if (!byte_at(c, i, &s))
		return false;
	vp_puts(c, " ");
	return vp_surface(c, s);
}

/* " S<n>" from a byte field. */
static bool sampler_at(struct vp_ctx *c, unsigned i)
{
	unsigned s;
	if (!byte_at(c, i, &s) || !vp_sampler_ok(c, s))
		return false;
	vp_printf(c, " S%u", s);
	return true;
}

static bool exec_spaced(struct vp_ctx *c, unsigned subop)
{
	vp_puts(c, " ");
	return vp_exec(c, subop);
}

/* ".op", ".op.16" or ".op.64" of the atomic messages. */
static bool atomic_op(struct vp_ctx *c, unsigned i)
{
	unsigned v;
	if (!byte_at(c, i, &v))
		return false;
	vp_puts(c, ".");
	if (!put_enum(c, "atomic operation", NAMES(atomic_names), v & 0x1F))
		return false;
	if ((v >> 5) == 1)
		vp_puts(c, ".16");
	else if ((v >> 6) == 1)
		vp_puts(c, ".64");
	return true;
}

/* ---- SVM ---------------------------------------------------------------- */

static bool svm_block(struct vp_ctx *c, unsigned sub)
{
	unsigned props;
	if (!byte_at(c, 1, &props))
		return false;
	vp_puts(c, sub == 1 ? "block_ld" : "block_st");
	if (props & 8)
		vp_puts(c, ".unaligned");
	if ((props & 7) >= sizeof oword_counts)
		return vp_fail(c, "invalid oword count %u", props & 7);
	vp_printf(c, " (%u)", (unsigned)oword_counts[props & 7]);
	return operands_from(c, 2);
}

static bool svm_gather(struct vp_ctx *c, unsigned sub)
{
	unsigned bs, nb;
	if (!byte_at(c, 1, &bs) || !byte_at(c, 2, &nb))
		return false;
	if (bs >= sizeof svm_block_sizes || nb >= sizeof block_counts)
		return vp_fail(c, "invalid svm block size %u / count %u", bs,
		               nb);
	vp_printf(c, "%s.%u.%u", sub == 3 ? "gather" : "scatter",
	          (unsigned)svm_block_sizes[bs], (unsigned)block_counts[nb]);
	return exec_spaced(c, sub) && operands_from(c, 3);
}

/* svm_atomic prints the message operand (dst) before the two sources. */
static bool svm_atomic(struct vp_ctx *c, unsigned sub)
{
	vp_puts(c, "atomic");
	return atomic_op(c, 1) && exec_spaced(c, sub) && vp_operand(c, 2) &&
	       vp_operand(c, 5) && operand_run(c, 3, 4) && operands_from(c, 6);
}

static bool svm_scaled(struct vp_ctx *c, unsigned sub)
{
	unsigned mask;
	uint32_t scale;
	if (!byte_at(c, 1, &mask) || !vp_other(c, 2, &scale))
		return false;
	vp_puts(c, sub == 6 ? "gather4scaled." : "scatter4scaled.");
	if (!put_enum(c, "channel mask", NAMES(channel_mask_names), mask))
		return false;
	return exec_spaced(c, sub) && operands_from(c, 3);
}

bool vp_inst_svm(struct vp_ctx *c)
{
	unsigned sub;
	if (!byte_at(c, 0, &sub))
		return false;
	if (sub != 1 && sub != 2 && !vp_pred(c))
		return false;
	vp_puts(c, "svm_");
	switch (sub) {
	case 1: case 2: return svm_block(c, sub);
	case 3: case 4: return svm_gather(c, sub);
	case 5: return svm_atomic(c, sub);
	case 6: case 7: return svm_scaled(c, sub);
	default: return vp_fail(c, "invalid svm sub-opcode %u", sub);
	}
}

/* ---- data port ---------------------------------------------------------- */

static bool dp_media(struct vp_ctx *c)
{
	unsigned mod, plane, bw, bh;
	bool ld = c->in->opcode == VISA_OP_MEDIA_LD;
	if (!byte_at(c, 0, &mod) || !byte_at(c, 2, &plane) ||
	    !byte_at(c, 3, &bw) || !byte_at(c, 4, &bh))
		return false;
	vp_puts(c, ".");
	if (ld ? !put_enum(c, "media_ld modifier", NAMES(media_ld_mods), mod)
	       : !put_enum(c, "media_st modifier", NAMES(media_st_mods), mod))
		return false;
	vp_printf(c, " (%u,%u)", bw, bh);
	if (!surface_at(c, 1))
		return false;
	vp_printf(c, " %u", plane);
	return operand_run(c, 5, 7);
}

static bool dp_oword(struct vp_ctx *c)
{
	unsigned size, mod, i = 1;
	if (!byte_at(c, 0, &size))
		return false;
	if ((size & 7) >= sizeof oword_counts)
		return vp_fail(c, "invalid oword count %u", size & 7);
	if (c->in->opcode != VISA_OP_OWORD_ST) {
		if (!byte_at(c, i++, &mod))
			return false;
		if (mod & 1)
			vp_puts(c, ".mod");
	}
	vp_printf(c, " (%u)", (unsigned)oword_counts[size & 7]);
	return surface_at(c, i) && operand_run(c, i + 1, i + 2);
}

/* gather/scatter: the exec size comes from the element-count byte. */
static bool dp_gather(struct vp_ctx *c)
{
	static const uint8_t sizes[3] = { 1, 2, 4 }, execs[3] = { 8, 16, 1 };
	static const char *const emasks[16] = {
		"M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M1_NM",
		"M2_NM", "M3_NM", "M4_NM", "M5_NM", "M6_NM", "M7_NM", "M8_NM",
	};
	bool gather = c->in->opcode == VISA_OP_GATHER;
	unsigned elt, mod = 0, n, i = 1;
	if (!byte_at(c, 0, &elt) || (gather && !byte_at(c, i++, &mod)) ||
	    !byte_at(c, i++, &n))
		return false;
	if ((elt & 3) == 3 || (n & 3) == 3)
		return vp_fail(c, "invalid gather/scatter element size or "
		                  "count");
	const char *m = gather && (mod & 1) ? ".mod" : "";
	vp_printf(c, "%s.%u (%s, %u)%s", m, (unsigned)sizes[elt & 3],
	          emasks[(n >> 4) & 0xF], (unsigned)execs[n & 3], m);
	return surface_at(c, i) && operand_run(c, i + 1, i + 3);
}

/* gather4_typed, scatter4_typed, gather4_scaled, scatter4_scaled. */
static bool dp_channels(struct vp_ctx *c)
{
	unsigned mask, op = c->in->opcode, i = 1;
	bool typed = op == VISA_OP_GATHER4_TYPED ||
	             op == VISA_OP_SCATTER4_TYPED;
	if (!byte_at(c, 0, &mask))
		return false;
	vp_printf(c, ".%s", channel_mask_words[mask & 0xF]);
	if (!typed && !byte_at(c, i++, &mask))
		return false;
	if (!exec_spaced(c, 0) || !surface_at(c, i))
		return false;
	return operand_run(c, i + 1, i + (typed ? 5u : 3u));
}

static bool dp_scaled(struct vp_ctx *c)
{
	unsigned bs, nb, scale;
	if (!byte_at(c, 0, &bs) || !byte_at(c, 1, &nb))
		return false;
	if (nb >= sizeof block_counts)
		return vp_fail(c, "invalid block count %u", nb);
	vp_printf(c, ".%u", (unsigned)block_counts[nb]);
	return exec_spaced(c, 0) && byte_at(c, 2, &scale) &&
	       surface_at(c, 3) && operand_run(c, 4, 6);
}

static bool dp_rt_write(struct vp_ctx *c)
{
	static const char *const flags[11] = {
		"<RTI>", "<A>", "<O>", "<Z>", "<ST>", "<LRTW>", "<CPS>", "<PS>",
		"<CM>", "<SI>", "<NULLRT>",
	};
	uint32_t mode;
	if (!vp_other(c, 0, &mode))
		return false;
	mode &= 0xFFFF;
	if (mode) {
		vp_puts(c, ".");
		for (unsigned b = 0; b < 11; b++)
			if (mode & (1u << (b + 2)))
				vp_puts(c, flags[b]);
	}
	return exec_spaced(c, 0) && surface_at(c, 1) && operands_from(c, 2);
}

static bool dp_atomic_or_qw(struct vp_ctx *c)
{
	unsigned op = c->in->opcode, nb;
	if (op == VISA_OP_QW_GATHER || op == VISA_OP_QW_SCATTER) {
		if (!byte_at(c, 0, &nb))
			return false;
		if (nb >= sizeof block_counts)
			return vp_fail(c, "invalid block count %u", nb);
		vp_printf(c, ".%u", (unsigned)block_counts[nb]);
	} else if (!atomic_op(c, 0)) {
		return false;
	}
	if (!exec_spaced(c, 0) || !surface_at(c, 1))
		return false;
	switch (op) {
	case VISA_OP_DWORD_ATOMIC: return operand_run(c, 2, 5);
	case VISA_OP_3D_TYPED_ATOMIC: return operand_run(c, 2, 8);
	default: return operand_run(c, 2, 3);
	}
}

static bool dp_has_pred(unsigned op)
{
	switch (op) {
	case VISA_OP_3D_RT_WRITE: case VISA_OP_GATHER4_SCALED:
	case VISA_OP_SCATTER4_SCALED: case VISA_OP_GATHER_SCALED:
	case VISA_OP_SCATTER_SCALED: case VISA_OP_DWORD_ATOMIC:
	case VISA_OP_3D_TYPED_ATOMIC: case VISA_OP_QW_GATHER:
	case VISA_OP_QW_SCATTER:
		return true;
	default:
		return false;
	}
}

bool vp_inst_dataport(struct vp_ctx *c)
{
	unsigned op = c->in->opcode;
	const char *name = vp_op_name(c);
	if (!name || (dp_has_pred(op) && !vp_pred(c)))
		return false;
	vp_puts(c, name);
	switch (op) {
	case VISA_OP_MEDIA_LD: case VISA_OP_MEDIA_ST: return dp_media(c);
	case VISA_OP_OWORD_LD: case VISA_OP_OWORD_ST:
	case VISA_OP_OWORD_LD_UNALIGNED:
		return dp_oword(c);
	case VISA_OP_GATHER: case VISA_OP_SCATTER: return dp_gather(c);
	case VISA_OP_GATHER4_TYPED: case VISA_OP_SCATTER4_TYPED:
	case VISA_OP_GATHER4_SCALED: case VISA_OP_SCATTER4_SCALED:
		return dp_channels(c);
	case VISA_OP_GATHER_SCALED: case VISA_OP_SCATTER_SCALED:
		return dp_scaled(c);
	case VISA_OP_3D_RT_WRITE: return dp_rt_write(c);
	case VISA_OP_DWORD_ATOMIC: case VISA_OP_3D_TYPED_ATOMIC:
	case VISA_OP_QW_GATHER: case VISA_OP_QW_SCATTER:
		return dp_atomic_or_qw(c);
	default:
		return vp_fail(c, "opcode 0x%x is not a data-port instruction",
		               op);
	}
}

/* ---- legacy sampler ----------------------------------------------------- */

/* sample / load: the byte before the surface packs channels and SIMD. */
static bool smp_legacy(struct vp_ctx *c, const char *name)
{
	bool sample = c->in->opcode == VISA_OP_SAMPLE;
	unsigned mod, simd, surf = sample ? 2 : 1;
	if (!byte_at(c, 0, &mod))
		return false;
	simd = (mod >> 4) & 3;
	simd = simd == 0 ? 8 : simd == 1 ? 16 : simd;
	vp_printf(c, "%s.%s (%u)", name, channel_mask_names[mod & 0xF], simd);
	if (sample && !sampler_at(c, 1))
		return false;
	return surface_at(c, surf) && operand_run(c, surf + 1, surf + 4);
}

static bool smp_unorm(struct vp_ctx *c, const char *name)
{
	unsigned ch;
	if (!byte_at(c, 0, &ch))
		return false;
	vp_printf(c, "%s.%s.%s", name, channel_mask_names[ch & 0xF],
	          sampler_output_names[(ch >> 4) & 3]);
	return sampler_at(c, 1) && surface_at(c, 2) && operand_run(c, 3, 7);
}

static bool smp_avs(struct vp_ctx *c, const char *name)
{
	unsigned ch, ctrl, mode;
	if (!byte_at(c, 0, &ch))
		return false;
	vp_printf(c, "%s.", name);
	if (!put_enum(c, "channel mask", NAMES(channel_mask_names), ch) ||
	    !surface_at(c, 2) || !sampler_at(c, 1) || !operand_run(c, 3, 9) ||
	    !byte_at(c, 10, &ctrl))
		return false;
	vp_puts(c, " ");
	if (!put_enum(c, "avs output control", NAMES(avs_control_names),
	              ctrl & 0xF) ||
	    !vp_operand(c, 11) || !byte_at(c, 12, &mode))
		return false;
	vp_puts(c, " ");
	return put_enum(c, "avs exec mode", NAMES(avs_exec_names),
	                mode & 0xF) &&
	       operand_run(c, 13, 14);
}

/* ---- video analytics ---------------------------------------------------- */

/* "va.<sub> <surface>[ S<n>]" with the surface (and sampler) fields. */
static bool va_head(struct vp_ctx *c, const char *name, unsigned sub,
                    int sampler, unsigned surface)
{
	vp_printf(c, "%s.%s", name, va_names[sub]);
	if (!surface_at(c, surface))
		return false;
	return sampler < 0 || sampler_at(c, (unsigned)sampler);
}

static bool va_minmax(struct vp_ctx *c, const char *name, unsigned sub)
{
	if (!va_head(c, name, sub, -1, 1) || !operand_run(c, 2, 3))
		return false;
	const struct vf_opnd *o = vp_field(c, 4);
	if (!o)
		return false;
	if (o->kind == VF_OPND_VECTOR &&
	    (o->u.vec.tag & 7) == VISA_CLASS_IMMEDIATE) {
		vp_puts(c, " ");
		if (!put_enum(c, "minmax mode", NAMES(mmf_enable_names),
		              (unsigned)(uint32_t)o->u.vec.u.imm.value))
			return false;
	} else if (!vp_operand(c, 4)) {
		return false;
	}
	return vp_operand(c, 5);
}

static bool va_minmaxfilter(struct vp_ctx *c, const char *name, unsigned sub)
{
	unsigned ctrl, mode;
	if (!va_head(c, name, sub, 1, 2) || !operand_run(c, 3, 4) ||
	    !byte_at(c, 5, &ctrl) || !byte_at(c, 6, &mode))
		return false;
	vp_puts(c, " ");
	if (!put_enum(c, "output control", NAMES(avs_control_names),
	              ctrl & 0xF))
		return false;
	vp_puts(c, " ");
	return put_enum(c, "minmax exec mode", NAMES(mmf_exec_names),
	                mode & 0xF) && operand_run(c, 7, 8);
}

static bool va_convolve(struct vp_ctx *c, const char *name, unsigned sub)
{
	unsigned v;
	if (!va_head(c, name, sub, 1, 2) || !operand_run(c, 3, 4) ||
	    !byte_at(c, 5, &v))
		return false;
	vp_printf(c, " %s", sub == VA_CONVOLVE ? conv_exec_names[v & 3]
	                                       : ed_exec_names[v & 3]);
	if (sub == VA_CONVOLVE)
		vp_puts(c, (v & 4) ? " 31x31" : " 15x15");
	return vp_operand(c, 6);
}

static bool va_legacy(struct vp_ctx *c, const char *name, unsigned sub)
{
	switch (sub) {
	case VA_MINMAX: return va_minmax(c, name, sub);
	case VA_MINMAXFILTER: return va_minmaxfilter(c, name, sub);
	case VA_BOOLCENTROID:
		return va_head(c, name, sub, -1, 1) && operand_run(c, 2, 6);
	case VA_CENTROID:
		return va_head(c, name, sub, -1, 1) && operand_run(c, 2, 5);
	case VA_CONVOLVE: case VA_DILATE: case VA_ERODE:
		return va_convolve(c, name, sub);
	default:
		return vp_fail(c, "invalid va sub-opcode %u", sub);
	}
}

/* va_skl_plus 1D/1-pixel convolutions: mode 0 4x16, 2 1x16, 3 1x1. */
static bool va_conv1d(struct vp_ctx *c, const char *name, unsigned sub)
{
	static const char *const modes[4] = { " 4x16", "", " 1x16", " 1x1" };
	unsigned mode;
	if (!va_head(c, name, sub, 1, 2) || !operand_run(c, 3, 4) ||
	    !byte_at(c, 5, &mode))
		return false;
	vp_puts(c, modes[mode & 3]);
	return sub == VA_1PIXEL_CONV ? operand_run(c, 6, 7) : vp_operand(c, 6);
}

static bool va_lbp_creation(struct vp_ctx *c, const char *name, unsigned sub)
{
	unsigned mode;
	if (!va_head(c, name, sub, -1, 1) || !operand_run(c, 2, 3) ||
	    !byte_at(c, 4, &mode))
		return false;
	vp_puts(c, " ");
	return put_enum(c, "lbp creation mode", NAMES(lbp_creation_names),
	                mode & 0xF) && vp_operand(c, 5);
}

/* The HDC_* forms: pixel size/mode fields, then a destination surface
 * with its x and y offsets. */
static bool va_hdc_modes(struct vp_ctx *c, unsigned sub, unsigned *i)
{
	unsigned v;
	if (sub == HDC_CONV || sub == HDC_MMF || sub == HDC_1PIXELCONV ||
	    sub == HDC_1DCONV_H || sub == HDC_1DCONV_V) {
		if (!byte_at(c, (*i)++, &v))
			return false;
		unsigned size = sub == HDC_CONV ? (v & 0xF) : v;
		vp_puts(c, " ");
		if (!put_enum(c, "pixel size", NAMES(pixel_size_names), size))
			return false;
		if (sub == HDC_CONV)
			vp_puts(c, (v & 0x10) ? " 31x31" : " 15x15");
	}
	if (sub == HDC_MMF || sub == HDC_LBPCREATION) {
		if (!byte_at(c, (*i)++, &v))
			return false;
		vp_puts(c, " ");
		bool ok = sub == HDC_MMF
		        ? put_enum(c, "mmf mode", NAMES(mmf_enable_names), v)
		        : put_enum(c, "lbp mode", NAMES(lbp_creation_names), v);
		if (!ok)
			return false;
	}
	if (sub == HDC_LBPCORRELATION || sub == HDC_1PIXELCONV)
		return vp_operand(c, (*i)++);
	return true;
}

static bool va_hdc(struct vp_ctx *c, const char *name, unsigned sub)
{
	bool lbp = sub == HDC_LBPCORRELATION || sub == HDC_LBPCREATION;
	unsigned i = lbp ? 2 : 3;
	vp_printf(c, "%s.%s", name, va_names[sub]);
	if (!surface_at(c, lbp ? 1 : 2) || (!lbp && !sampler_at(c, 1)) ||
	    !operand_run(c, i, i + 1))
		return false;
	i += 2;
	if (!va_hdc_modes(c, sub, &i))
		return false;
	return surface_at(c, i) && operand_run(c, i + 1, i + 2);
}

static bool va_skl_plus(struct vp_ctx *c, const char *name, unsigned sub)
{
	unsigned v;
	switch (sub) {
	case VA_LBP_CORRELATION:
		return va_head(c, name, sub, -1, 1) && operand_run(c, 2, 5);
	case VA_1PIXEL_CONV: case VA_1D_CONV_V: case VA_1D_CONV_H:
		return va_conv1d(c, name, sub);
	case VA_LBP_CREATION: return va_lbp_creation(c, name, sub);
	case VA_FLOOD_FILL:
		if (!byte_at(c, 1, &v))
			return false;
		vp_printf(c, "%s.%s %s", name, va_names[sub],
		          (v & 1) ? "8_connect" : "4_connect");
		return operand_run(c, 2, 6);
	case VA_CORRELATION_SEARCH:
		return va_head(c, name, sub, -1, 1) && operand_run(c, 2, 10);
	default:
		if (sub >= HDC_CONV && sub <= HDC_1PIXELCONV)
			return va_hdc(c, name, sub);
		return vp_fail(c, "invalid va_skl_plus sub-opcode %u", sub);
	}
}

/* ---- 3D sampler ---------------------------------------------------------- */

/* The operation field: 16 bits from vISA 4 (op bits 0-7, pixel null mask
 * bit 8, CPS bit 9, non-uniform sampler bit 10), one byte before. */
static bool s3d_op(struct vp_ctx *c, unsigned *op, unsigned *flags)
{
	uint32_t v;
	if (!vp_other(c, 0, &v))
		return false;
	if (c->m->major >= 4) {
		*op = v & 0xFF;
		*flags = (v >> 8) & 7;
	} else {
		*op = v & 0x1F;
		*flags = (v >> 5) & 7;
	}
	return put_enum(c, "3D sampler operation", NAMES(sampler3d_names), *op);
}

static void s3d_channels(struct vp_ctx *c, unsigned ch)
{
	vp_printf(c, "%s%s%s%s", (ch & 1) ? "R" : "", (ch & 2) ? "G" : "",
	          (ch & 4) ? "B" : "", (ch & 8) ? "A" : "");
}

/* sample_3d/load_3d/gather4_3d: the surface follows the sampler, the
 * parameter count after the destination is not printed. */
static bool s3d_sample(struct vp_ctx *c)
{
	unsigned op, flags, ch, opc = c->in->opcode;
	bool sampler = opc != VISA_OP_3D_LOAD;
	if (!vp_pred(c) || !s3d_op(c, &op, &flags) || !byte_at(c, 1, &ch))
		return false;
	vp_puts(c, ".");
	if (flags & 1)
		vp_puts(c, "pixel_null_mask.");
	if (opc == VISA_OP_3D_SAMPLE && (flags & 2))
		vp_puts(c, "cps.");
	if (opc == VISA_OP_3D_SAMPLE && (flags & 4))
		vp_puts(c, "divS.");
	if (opc == VISA_OP_3D_GATHER4) {
		static const char *const one[4] = { "R", "G", "B", "A" };
		if (!put_enum(c, "gather4 channel", NAMES(one), ch))
			return false;
	} else {
		s3d_channels(c, ch);
	}
	if (!exec_spaced(c, 0))
		return false;
	if (opc != VISA_OP_3D_GATHER4)
		vp_puts(c, " ");
	if (!vp_operand(c, 2))
		return false;
	unsigned i = 3;
	if (sampler) {
		vp_puts(c, " S");
		if (!vp_operand(c, i++))
			return false;
	}
	if (!surface_at(c, i) || !vp_operand(c, i + 1))
		return false;
	return operands_from(c, i + 3);
}

static bool s3d_info(struct vp_ctx *c)
{
	unsigned op, ch, i = 1;
	if (!byte_at(c, 0, &op) ||
	    !put_enum(c, "3D sampler operation", NAMES(sampler3d_names), op))
		return false;
	if (op == S3D_RESINFO || op == S3D_SAMPLEINFO) {
		if (!byte_at(c, i++, &ch))
			return false;
		vp_printf(c, ".%s", channel_mask_words[ch & 0xF]);
	}
	if (!exec_spaced(c, 0))
		return false;
	vp_puts(c, " ");
	if (!surface_at(c, i++))
		return false;
	if (op == S3D_RESINFO && !vp_operand(c, i++))
		return false;
	return vp_operand(c, i);
}

bool vp_inst_sampler(struct vp_ctx *c)
{
	unsigned op = c->in->opcode, sub;
	const char *name = vp_op_name(c);
	if (!name)
		return false;
	switch (op) {
	case VISA_OP_SAMPLE: case VISA_OP_LOAD: return smp_legacy(c, name);
	case VISA_OP_SAMPLE_UNORM: return smp_unorm(c, name);
	case VISA_OP_AVS: return smp_avs(c, name);
	case VISA_OP_VA: case VISA_OP_VA_SKL_PLUS:
		if (!byte_at(c, 0, &sub))
			return false;
		if (sub >= sizeof va_names / sizeof va_names[0])
			return vp_fail(c, "invalid va sub-opcode %u", sub);
		return op == VISA_OP_VA ? va_legacy(c, name, sub)
		                        : va_skl_plus(c, name, sub);
	case VISA_OP_3D_SAMPLE: case VISA_OP_3D_LOAD: case VISA_OP_3D_GATHER4:
		return s3d_sample(c);
	case VISA_OP_3D_INFO: return s3d_info(c);
	default:
		return vp_fail(c, "opcode 0x%x is not a sampler instruction",
		               op);
	}
}
