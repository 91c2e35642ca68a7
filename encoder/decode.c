/*
 * decode.c - native and compacted instruction bytes -> struct gen_inst.
 *
 * Reads the fields through the field table (fields.c) and the platform's
 * type and register tables, following IGA's decoder so that the result
 * prints as "iga64 -d" prints it: Align16 operands are converted to the
 * equivalent Align1 region (xyzw -> <2;1>, replicate -> <0;0>), SEND
 * descriptors are rebuilt as IGA shows them (SFID and EOT in ExDesc[5:0]
 * before Gen12), jump offsets become absolute label targets.
 *
 * Anything the hardware tables do not define (reserved opcode, type code,
 * register file or number, region code, swizzle) is an input error naming
 * the instruction's byte offset and the field.
 *
 * Sources: IGC visa/iga/IGALibrary/Backend/GED/Decoder.cpp (what IGA
 * decodes and how it normalises), Models/OpSpec.cpp (implicit regions and
 * types), Mesa brw_inst.h (fields); operand rules per GEN-FACTS.md 2-4.
 * Operand decoding lives in decode_opnd.c.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "decode_priv.h"
#include "err.h"

bool dec_fail(struct dctx *c, enum gen_field f, const char *fmt, ...)
{
	if (c->bad)
		return false;
	c->bad = gen_field_name(f);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->why, sizeof(c->why), fmt, ap);
	va_end(ap);
	return false;
}

bool dec_is_macro(const struct dctx *c)
{
	return c->in->op == GEN_OP_MADM ||
	       (c->in->op == GEN_OP_MATH &&
	        (c->in->fc == GEN_MATH_INVM || c->in->fc == GEN_MATH_RSQTM));
}

/* Gen12 keeps the high dword of a 64-bit src0 immediate where the
 * condition modifier would be. */
static bool imm64_overlaps_cmod(struct dctx *c)
{
	if (c->e != GEN_ENC_GEN12 || !GET(c, GEN_F_SRC0_IS_IMM))
		return false;
	unsigned t = plat_imm_types[c->e][GET(c, GEN_F_SRC0_TYPE)];
	return t == GEN_TYPE_DF || t == GEN_TYPE_Q || t == GEN_TYPE_UQ;
}

static bool decode_flags(struct dctx *c, bool ternary)
{
	struct gen_inst *in = c->in;
	unsigned attrs = c->oi->attrs;
	if (attrs & GEN_OA_PRED) {
		in->pred = (uint8_t)GET(c, GEN_F_PRED_CTRL);
		in->pred_inv = GET(c, GEN_F_PRED_INV) != 0;
		/* Align16 .x/.y/.z/.w/.any4h/.all4h (2-7) have no Align1
		 * spelling; iga64 shows no predicate for them */
		if (in->access == GEN_ALIGN16 && in->pred > GEN_PRED_NORMAL &&
		    in->pred <= 7)
			in->pred = GEN_PRED_NONE;
		if (in->pred > GEN_PRED_ALL32H ||
		    (in->access == GEN_ALIGN16 && in->pred > GEN_PRED_NORMAL))
			return dec_fail(c, GEN_F_PRED_CTRL, "reserved value %u",
			                in->pred);
	}
	if ((attrs & GEN_OA_CMOD) && !(!ternary && imm64_overlaps_cmod(c))) {
		unsigned cm = (unsigned)GET(c, GEN_F_COND_MOD);
		if (cm == 7 || cm > GEN_CMOD_UN)
			return dec_fail(c, GEN_F_COND_MOD, "reserved value %u", cm);
		in->cmod = (uint8_t)cm;
	} else if (in->op == GEN_OP_MATH && dec_is_macro(c)) {
		in->cmod = GEN_CMOD_EO;
	}
	if (in->pred || in->cmod) {
		in->flag_nr = (uint8_t)GET(c, GEN_F_FLAG_REG);
		in->flag_sub = (uint8_t)GET(c, GEN_F_FLAG_SUBREG);
	}
	return true;
}

static bool decode_exec(struct dctx *c)
{
	struct gen_inst *in = c->in;
	unsigned es = (unsigned)GET(c, GEN_F_EXEC_SIZE);
	if (es > 5)
		return dec_fail(c, GEN_F_EXEC_SIZE, "reserved value %u", es);
	in->exec_size = (uint8_t)(1u << es);
	if (in->op != GEN_OP_JMPI)
		in->chan_off = (uint8_t)(GET(c, GEN_F_QTR_CTRL) * 8 +
		                         GET(c, GEN_F_NIB_CTRL) * 4);
	if (gen_has_field(c->e, GEN_F_ACCESS_MODE))
		in->access = (uint8_t)GET(c, GEN_F_ACCESS_MODE);
	if (GET(c, GEN_F_MASK_CTRL))
		in->opts |= GEN_OPT_NOMASK;
	return true;
}

static bool is_send(const struct dctx *c)
{
	return gen_op_is_send(c->in->op);
}

static bool is_branch(const struct dctx *c)
{
	return gen_op_is_branch(c->in->op);
}

/* Instruction options, as IGA's decodeOptions() reads them. */
static bool decode_options(struct dctx *c)
{
	struct gen_inst *in = c->in;
	enum gen_enc e = c->e;
	bool send = is_send(c), gen12 = e == GEN_ENC_GEN12;
	bool nop = in->op == GEN_OP_NOP || in->op == GEN_OP_ILLEGAL;
	bool acc_bit = GET(c, GEN_F_ACC_WR_EN) != 0;
	if (c->oi->attrs & GEN_OA_BRCTL) {
		if (acc_bit)
			in->opts |= GEN_OPT_BRANCHCTRL;
	} else if (!is_branch(c) && !send && !nop && acc_bit) {
		in->opts |= GEN_OPT_ACCWREN;
	}
	if (in->op != GEN_OP_ILLEGAL && GET(c, GEN_F_DEBUG_CTRL))
		in->opts |= GEN_OPT_BREAKPOINT;
	if (send && GET(c, GEN_F_EOT))
		in->opts |= GEN_OPT_EOT;
	const struct plat_caps *cap = &c->p->caps;
	if (!send && cap->thread_ctrl && !nop) {
		if (GET(c, GEN_F_NODDCLR))
			in->opts |= GEN_OPT_NODDCLR;
		if (GET(c, GEN_F_NODDCHK))
			in->opts |= GEN_OPT_NODDCHK;
	}
	bool thread = send ? cap->send_thread_ctrl : !nop;
	/* Gen11 sends cannot {Switch} (GED rejects ThreadCtrl 2 there) */
	if (send && thread && cap->thread_ctrl && !cap->send_switch &&
	    GET(c, GEN_F_THREAD_CTRL) == 2)
		return dec_fail(c, GEN_F_THREAD_CTRL, "send cannot switch "
		                "threads on %s", c->p->family);
	/* ThreadCtrl 3 (NoPreempt) is Gen10+: GED rejects it on Gen8/9 */
	if (thread && cap->thread_ctrl && !cap->opt_nopreempt &&
	    GET(c, GEN_F_THREAD_CTRL) == 3)
		return dec_fail(c, GEN_F_THREAD_CTRL, "{NoPreempt} does not exist "
		                "before Gen10");
	if (thread && cap->thread_ctrl) {
		static const uint32_t tc[4] = {
			0, GEN_OPT_ATOMIC, GEN_OPT_SWITCH, GEN_OPT_NOPREEMPT
		};
		in->opts |= tc[GET(c, GEN_F_THREAD_CTRL)];
	}
	if (thread && gen12 && GET(c, GEN_F_ATOMIC_CTRL))
		in->opts |= GEN_OPT_ATOMIC;
	/* sends reuse AccWrCtrl as NoSrcDepSet on Gen9-11 */
	if (send && !gen12 && e != GEN_ENC_GEN8 && acc_bit)
		in->opts |= GEN_OPT_NOSRCDEPSET;
	if (send && gen12 && GET(c, GEN_F_SEND_FUSION))
		in->opts |= GEN_OPT_SERIALIZE;
	return true;
}

/* Gen12 SWSB byte, SingleDistPipe encoding (IGA iga_types_swsb.cpp). */
static bool decode_swsb(struct dctx *c)
{
	struct gen_inst *in = c->in;
	if (c->e != GEN_ENC_GEN12)
		return true;
	unsigned v = (unsigned)GET(c, GEN_F_SWSB);
	bool ooo = is_send(c) || in->op == GEN_OP_MATH;
	struct gen_swsb *s = &in->swsb;
	if ((v & 0xF0) == 0) {
		/* iga64 shows any low nibble, even the unusable @8..@15 */
		s->dist = (uint8_t)(v & 0xF);
		s->has_dist = s->dist != 0;
	} else if (v & 0x80) {
		s->dist = (uint8_t)((v >> 4) & 7);
		s->has_dist = true;  /* "@0,$N" can be encoded */
		s->mode = ooo ? GEN_SBID_SET : GEN_SBID_DST;
		s->sbid = (uint8_t)(v & 0xF);
	} else {
		static const uint8_t modes[8] = {
			0, 0, GEN_SBID_DST, GEN_SBID_SRC, GEN_SBID_SET, 0, 0, 0
		};
		s->mode = modes[v >> 4];
		s->sbid = (uint8_t)(v & 0xF);
		if (!s->mode)
			return dec_fail(c, GEN_F_SWSB, "reserved value 0x%02X", v);
	}
	return true;
}

/* Function control: math function, Gen12 SFID and sync function. */
static bool decode_fc(struct dctx *c)
{
	struct gen_inst *in = c->in;
	unsigned fc = (unsigned)GET(c, GEN_F_COND_MOD);
	if (in->op == GEN_OP_MATH) {
		/* Gen12 has no fdiv/pow (GED rejects the function codes) */
		bool gone = c->e == GEN_ENC_GEN12 &&
		            (fc == GEN_MATH_FDIV || fc == GEN_MATH_POW);
		if (!gen_math_nsrc(fc) || gone)
			return dec_fail(c, GEN_F_COND_MOD, "invalid math function %u",
			                fc);
		in->fc = (uint8_t)fc;
	} else if (in->op == GEN_OP_SYNC) {
		/* nop, allrd, allwr, bar, host; GED rejects fence (0xD) on
		 * TGLLP ("invalid value for field SyncFC") */
		static const bool valid[16] = {
			[0] = true, [2] = true, [3] = true, [0xE] = true, [0xF] = true,
		};
		if (!valid[fc])
			return dec_fail(c, GEN_F_COND_MOD, "invalid sync function %u",
			                fc);
		in->fc = (uint8_t)fc;
	}
	return true;
}

static bool decode_basic(struct dctx *c)
{
	struct gen_inst *in = c->in;
	if (!decode_flags(c, false) || !dec_dst(c))
		return false;
	unsigned n = 1;
	if (c->oi->fmt == GEN_FMT_BINARY)
		n = 2;
	else if (c->oi->fmt == GEN_FMT_MATH)
		n = gen_math_nsrc(in->fc);
	else if (in->op == GEN_OP_MOVI && c->p->caps.movi_two_srcs)
		n = 2;  /* movi reg reg (imm|null) */
	in->nsrc = (uint8_t)n;
	for (unsigned i = 0; i < n; i++)
		if (!dec_src(c, i, i))
			return false;
	/* with two sources only src1 may be an immediate */
	if (n == 2 && in->src[0].kind == GEN_OPND_IMM)
		return dec_fail(c, GEN_F_SRC0_FILE, "src0 of a two-source "
		                "instruction cannot be an immediate");
	return true;
}

static bool decode_body(struct dctx *c)
{
	switch (c->oi->fmt) {
	case GEN_FMT_NULLARY:
		return true;
	case GEN_FMT_UNARY: case GEN_FMT_BINARY: case GEN_FMT_MATH:
		return decode_basic(c);
	case GEN_FMT_TERNARY:
		if (!decode_flags(c, true))
			return false;
		/* Gen8/9 3-src instructions exist only in Align16 */
		if (gen_has_field(c->e, GEN_F_ACCESS_MODE) &&
		    c->in->access != GEN_ALIGN16)
			return dec_fail(c, GEN_F_ACCESS_MODE, "3-src needs Align16");
		return c->in->access == GEN_ALIGN16 ? dec_ternary_a16(c)
		                                    : dec_ternary_a1(c);
	case GEN_FMT_SEND: case GEN_FMT_SENDS:
		return decode_flags(c, false) && dec_send(c);
	case GEN_FMT_WAIT:
		c->in->nsrc = 1;
		return decode_flags(c, false) && dec_src(c, 0, 0);
	case GEN_FMT_SYNC:
		return decode_flags(c, false) && dec_sync(c);
	default:
		return decode_flags(c, false) && dec_branch(c);
	}
}

/* A little-endian 64-bit word. */
static uint64_t load_le64(const uint8_t *p)
{
	uint64_t v;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&v, p, sizeof v);
#else
	v = 0;
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)p[i] << (8 * i);
#endif
	return v;
}

/* Fetch the instruction at pc as native bits (expanding compaction). */
static bool fetch(struct dctx *c, const uint8_t *bytes, size_t size, size_t pc)
{
	struct gen_bits raw = { { 0, 0 } };
	if (size - pc < 8)
		return dec_fail(c, GEN_F_CMPT_CTRL, "truncated instruction (%zu "
		                "bytes left)", size - pc);
	raw.w[0] = load_le64(bytes + pc);
	if (gen_get(&raw, c->e, GEN_F_CMPT_CTRL)) {
		const char *field = NULL;
		c->in->length = 8;
		c->in->opts |= GEN_OPT_COMPACTED;
		if (gen_uncompact(c->p, &raw, &c->b, &field) != VF_OK) {
			c->bad = field;
			snprintf(c->why, sizeof(c->why), "no compacted form of this "
			         "instruction");
			return false;
		}
		return true;
	}
	if (size - pc < 16)
		return dec_fail(c, GEN_F_CMPT_CTRL, "truncated instruction (%zu "
		                "bytes left)", size - pc);
	raw.w[1] = load_le64(bytes + pc + 8);
	c->in->length = 16;
	c->b = raw;
	return true;
}

enum vf_status gen_decode(const struct plat_info *p, const uint8_t *bytes,
                          size_t size, size_t pc, const char *name,
                          struct gen_inst *out, struct vf_error *err)
{
	/* every field but the 128-byte message, which dec_fail writes */
	struct dctx c;
	c.p = p;
	c.e = p->enc;
	c.fields = dec_fields(p->enc);
	c.b = (struct gen_bits){ { 0, 0 } };
	c.in = out;
	c.oi = NULL;
	c.bad = NULL;
	c.why[0] = 0;
	memset(out, 0, sizeof(*out));
	out->pc = (uint32_t)pc;
	out->op = GEN_OP_INVALID;
	bool ok = fetch(&c, bytes, size, pc);
	if (ok) {
		unsigned opc = (unsigned)GET(&c, GEN_F_OPCODE);
		out->hw_opcode = (uint8_t)opc;
		out->op = (uint16_t)gen_op_from_hw(c.e, opc);
		if (out->op == GEN_OP_INVALID)
			ok = dec_fail(&c, GEN_F_OPCODE, "opcode 0x%02X is not an "
			              "instruction on %s", opc, p->gen_name);
	}
	if (ok && out->op == GEN_OP_ILLEGAL) {
		/* IGA reads nothing else of "illegal"; it has no compact form */
		if (out->length == 8)
			ok = dec_fail(&c, GEN_F_CMPT_CTRL, "illegal has no compacted "
			              "form");
		else
			return VF_OK;
	}
	if (ok) {
		c.oi = &gen_op_table[out->op];
		/* IGA keeps only options and SWSB of a nop */
		if (out->op != GEN_OP_NOP)
			ok = decode_exec(&c) && decode_fc(&c) && decode_body(&c);
		ok = ok && decode_swsb(&c);
	}
	if (ok && decode_options(&c))
		return VF_OK;
	return vf_err_at(err, name, pc, "%s instruction: %s: %s", p->name,
	                 c.bad ? c.bad : "?", c.why);
}
