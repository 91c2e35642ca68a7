/*
 * encode.c - struct gen_inst -> native (16-byte) instruction bits.
 *
 * The inverse of decode.c: every field the decoder reads is written back
 * through the field table.  Fields the representation does not carry
 * (they print nowhere) get the values IGA's encoder gives them, or the
 * convention IGC's binaries show where it differs (see docs/gen-isa.md,
 * "Fields the syntax does not show"): unused source fields are zero,
 * 16-bit immediates are replicated into both halves of the dword, jump
 * immediates are typed :d (Gen8-11), and so on.
 *
 * Sources: as decode.c (Mesa brw_inst.h positions through fields.c, IGC
 * visa/iga/IGALibrary/Backend/GED/Encoder.cpp for what IGA writes);
 * conventions checked by re-encoding every corpus instruction.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "encode_priv.h"
#include "err.h"

bool enc_fail(struct ectx *c, enum gen_field f, const char *fmt, ...)
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

static int log2u(unsigned v)
{
	int n = 0;
	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

static bool encode_header(struct ectx *c)
{
	const struct gen_inst *in = c->in;
	int es = log2u(in->exec_size);
	if (in->exec_size == 0 || (1u << es) != in->exec_size || es > 5)
		return enc_fail(c, GEN_F_EXEC_SIZE, "execution size %u",
		                in->exec_size);
	SET(c, GEN_F_OPCODE, (unsigned)c->oi->hw[c->e]);
	SET(c, GEN_F_EXEC_SIZE, (unsigned)es);
	if (in->chan_off % 4 || in->chan_off > 28)
		return enc_fail(c, GEN_F_QTR_CTRL, "channel offset M%u",
		                in->chan_off);
	SET(c, GEN_F_QTR_CTRL, in->chan_off / 8u);
	SET(c, GEN_F_NIB_CTRL, (in->chan_off % 8u) / 4u);
	if (gen_has_field(c->e, GEN_F_ACCESS_MODE))
		SET(c, GEN_F_ACCESS_MODE, in->access);
	SET(c, GEN_F_MASK_CTRL, (in->opts & GEN_OPT_NOMASK) != 0);
	if (in->pred) {
		SET(c, GEN_F_PRED_CTRL, in->pred);
		SET(c, GEN_F_PRED_INV, in->pred_inv);
	}
	if (in->pred || (in->cmod && in->cmod != GEN_CMOD_EO)) {
		SET(c, GEN_F_FLAG_REG, in->flag_nr);
		SET(c, GEN_F_FLAG_SUBREG, in->flag_sub);
	}
	if (in->cmod && in->cmod != GEN_CMOD_EO)
		SET(c, GEN_F_COND_MOD, in->cmod);
	else if (in->op == GEN_OP_MATH || in->op == GEN_OP_SYNC)
		SET(c, GEN_F_COND_MOD, in->fc);
	if (in->cmod == GEN_CMOD_EO) {
		SET(c, GEN_F_FLAG_REG, in->flag_nr);
		SET(c, GEN_F_FLAG_SUBREG, in->flag_sub);
	}
	SET(c, GEN_F_SATURATE, in->sat);
	return true;
}

/* Options the family or the format cannot encode are errors, as GED
 * refuses them: Gen12 has no ThreadCtrl and no NoDDClr/NoDDChk; ThreadCtrl
 * 3 (NoPreempt) is Gen10+; a BDW send has no ThreadCtrl field; a Gen11
 * send cannot {Switch} (iga64 -a: "GED_SetThreadCtrl: invalid"). */
static bool check_options(struct ectx *c)
{
	uint32_t o = c->in->opts;
	bool send = c->oi->fmt == GEN_FMT_SEND || c->oi->fmt == GEN_FMT_SENDS;
	uint32_t thread = GEN_OPT_ATOMIC | GEN_OPT_SWITCH | GEN_OPT_NOPREEMPT;
	const struct plat_caps *cap = &c->p->caps;
	if (!cap->thread_ctrl &&
	    (o & (GEN_OPT_SWITCH | GEN_OPT_NOPREEMPT | GEN_OPT_NODDCLR |
	          GEN_OPT_NODDCHK)))
		return enc_fail(c, GEN_F_THREAD_CTRL, "%s has no {Switch}, "
		                "{NoPreempt}, {NoDDClr} or {NoDDChk}", c->p->family);
	if ((o & GEN_OPT_NOPREEMPT) && !cap->opt_nopreempt)
		return enc_fail(c, GEN_F_THREAD_CTRL, "{NoPreempt} needs Gen10 or "
		                "later");
	if (send && !cap->send_thread_ctrl && (o & thread))
		return enc_fail(c, GEN_F_THREAD_CTRL, "a %s send has no "
		                "ThreadCtrl", c->p->family);
	if (send && !cap->send_switch && (o & GEN_OPT_SWITCH))
		return enc_fail(c, GEN_F_THREAD_CTRL, "a %s send cannot "
		                "{Switch}", c->p->family);
	return true;
}

static void encode_options(struct ectx *c)
{
	const struct gen_inst *in = c->in;
	uint32_t o = in->opts;
	bool gen12 = c->e == GEN_ENC_GEN12;
	if (o & (GEN_OPT_ACCWREN | GEN_OPT_BRANCHCTRL | GEN_OPT_NOSRCDEPSET))
		SET(c, GEN_F_ACC_WR_EN, 1);
	SET(c, GEN_F_DEBUG_CTRL, (o & GEN_OPT_BREAKPOINT) != 0);
	if (o & GEN_OPT_EOT)
		SET(c, GEN_F_EOT, 1);
	if (!gen12) {
		SET(c, GEN_F_NODDCLR, (o & GEN_OPT_NODDCLR) != 0);
		SET(c, GEN_F_NODDCHK, (o & GEN_OPT_NODDCHK) != 0);
		unsigned tc = o & GEN_OPT_ATOMIC ? 1 : o & GEN_OPT_SWITCH ? 2
		              : o & GEN_OPT_NOPREEMPT ? 3 : 0;
		SET(c, GEN_F_THREAD_CTRL, tc);
	} else {
		SET(c, GEN_F_ATOMIC_CTRL, (o & GEN_OPT_ATOMIC) != 0);
		if (o & GEN_OPT_SERIALIZE)
			SET(c, GEN_F_SEND_FUSION, 1);
	}
}

/* Gen12 SWSB byte (SingleDistPipe, IGA iga_types_swsb.cpp). */
static bool encode_swsb(struct ectx *c)
{
	const struct gen_swsb *s = &c->in->swsb;
	unsigned v = 0;
	if (c->e != GEN_ENC_GEN12)
		return true;
	if (s->has_dist && s->mode) {
		if (s->dist > 7)
			return enc_fail(c, GEN_F_SWSB, "distance %u with a token",
			                s->dist);
		v = 0x80u | (s->dist << 4) | (s->sbid & 0xFu);
	} else if (s->has_dist) {
		v = s->dist & 0xFu;
	} else if (s->mode) {
		static const unsigned flag[4] = { 0, 0x40, 0x20, 0x30 };
		v = flag[s->mode] | (s->sbid & 0xFu);
	}
	if (s->sbid > 15)
		return enc_fail(c, GEN_F_SWSB, "token $%u", s->sbid);
	SET(c, GEN_F_SWSB, v);
	return true;
}

static bool encode_basic(struct ectx *c)
{
	const struct gen_inst *in = c->in;
	if (!enc_dst(c))
		return false;
	for (unsigned i = 0; i < in->nsrc; i++)
		if (!enc_src(c, i))
			return false;
	return true;
}

static bool encode_body(struct ectx *c)
{
	switch (c->oi->fmt) {
	case GEN_FMT_NULLARY:
		return true;
	case GEN_FMT_UNARY: case GEN_FMT_BINARY: case GEN_FMT_MATH:
		return encode_basic(c);
	case GEN_FMT_TERNARY:
		return c->in->access == GEN_ALIGN16 ? enc_ternary_a16(c)
		                                    : enc_ternary_a1(c);
	case GEN_FMT_SEND: case GEN_FMT_SENDS:
		return enc_send(c);
	case GEN_FMT_WAIT:
		/* wait n0.N: the notification register is also the dst */
		SET(c, GEN_F_DST_REG, 0x90 | c->in->src[0].nr);
		SET(c, GEN_F_DST_SUBREG, c->in->src[0].sub);
		SET(c, GEN_F_DST_HSTRIDE, 1);
		return enc_src(c, 0);
	case GEN_FMT_SYNC:
		SET(c, GEN_F_DST_HSTRIDE, 1);
		return enc_sync(c);
	default:
		return enc_branch(c);
	}
}

/* A context for one instruction, member by member: the message buffer
 * is only written by enc_fail, so it is not cleared for every
 * instruction. */
static void ectx_init(struct ectx *c, const struct plat_info *p,
                      const struct gen_inst *in)
{
	c->p = p;
	c->e = p->enc;
	c->b = (struct gen_bits){ { 0, 0 } };
	c->in = in;
	c->oi = NULL;
	c->bad = NULL;
	c->why[0] = 0;
}

enum vf_status gen_encode(const struct plat_info *p, const struct gen_inst *in,
                          struct gen_bits *out, struct vf_error *err)
{
	struct ectx c;
	ectx_init(&c, p, in);
	bool ok;
	if (in->op >= GEN_OP_COUNT || gen_op_table[in->op].hw[p->enc] < 0)
		return vf_err(err, VF_ERR_UNSUPPORTED, "offset %u: %s has no %s "
		              "instruction", in->pc, p->name,
		              in->op < GEN_OP_COUNT ? gen_op_table[in->op].mnemonic
		              : "such");
	c.oi = &gen_op_table[in->op];
	if (in->op == GEN_OP_ILLEGAL) {
		SET(&c, GEN_F_OPCODE, (unsigned)c.oi->hw[c.e]);
		ok = true;
	} else if (in->op == GEN_OP_NOP) {
		SET(&c, GEN_F_OPCODE, (unsigned)c.oi->hw[c.e]);
		encode_options(&c);
		ok = encode_swsb(&c);
	} else {
		ok = encode_header(&c) && encode_body(&c) && encode_swsb(&c) &&
		     check_options(&c);
		if (ok)
			encode_options(&c);
	}
	if (!ok)
		return vf_err(err, VF_ERR_INPUT, "offset %u: %s: %s", in->pc,
		              c.bad ? c.bad : "?", c.why);
	*out = c.b;
	return VF_OK;
}

enum vf_status gen_encode_swsb(const struct plat_info *p,
                               const struct gen_inst *in, bool compacted,
                               struct gen_bits *b, struct vf_error *err)
{
	struct ectx c;
	ectx_init(&c, p, in);
	if (!encode_swsb(&c))
		return vf_err(err, VF_ERR_INPUT, "offset %u: %s: %s", in->pc,
		              c.bad ? c.bad : "?", c.why);
	if (gen_has_field(c.e, GEN_F_SWSB))
		gen_set(b, c.e, compacted ? GEN_FC_SWSB : GEN_F_SWSB,
		        gen_get(&c.b, c.e, GEN_F_SWSB));
	return VF_OK;
}
