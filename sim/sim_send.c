/*
 * sim_send.c - SEND/SENDS (and Gen12 two-source send): message assembly
 * and routing.  The payload is src0 (mlen registers) followed by src1
 * (the extended length), the response is the rlen registers at dst
 * (disabled lanes keep their old contents), and the SFID picks the
 * shared function: data port 0/1 (sim_dc.c, sim_a64.c), the sampler
 * (sim_sampler.c), the constant cache, the message gateway (barrier) and
 * the thread spawner (end of thread).  Anything else is an error naming
 * the SFID and both descriptors.
 *
 * Facts: GEN-FACTS.md 2.6 (send fields), 3.4 (Gen12 send), 6 (SFIDs,
 * descriptor layout: mlen [28:25], rlen [24:20], header [19]; catalogue
 * of IGC's messages); IGC visa/iga/IGALibrary/Backend/Messages/
 * MessageDecoderOther.cpp (gateway opcodes in Desc[2:0], barrier = 4;
 * thread spawner EOT = Desc[2:0] 0); Mesa brw_eu_defines.h (atomic
 * operation codes BRW_AOP_*).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "sim_priv.h"

enum {
	SFID_SAMPLER = 2, SFID_GATEWAY = 3, SFID_TS = 7, SFID_DCRO = 9,
	SFID_DC0 = 10, SFID_DC1 = 12
};

uint32_t sim_pl_ud(const struct sim_msg *m, unsigned reg, unsigned dw)
{
	uint32_t v;
	memcpy(&v, m->payload + (reg % 64) * SIM_GRF_SIZE + 4 * (dw & 7), 4);
	return v;
}

uint64_t sim_pl_uq(const struct sim_msg *m, unsigned reg, unsigned q)
{
	uint64_t v;
	memcpy(&v, m->payload + (reg % 64) * SIM_GRF_SIZE + 8 * (q & 3), 8);
	return v;
}

void sim_resp_ud(struct sim_msg *m, unsigned reg, unsigned dw, uint32_t v)
{
	memcpy(m->resp + (reg % 32) * SIM_GRF_SIZE + 4 * (dw & 7), &v, 4);
	m->resp_mask |= 1u << (reg % 32);
}

enum vf_status sim_msg_unsupported(struct sim_ctx *c, const struct sim_msg *m,
                                   const char *what)
{
	return sim_fail(c, m->in, VF_ERR_UNSUPPORTED, "message not simulated: "
	                "%s (SFID %u, descriptor 0x%08X, extended descriptor "
	                "0x%08X)", what, m->sfid, m->desc, m->exdesc);
}

bool sim_atomic(unsigned aop, uint8_t *p, unsigned size, uint64_t s0,
                uint64_t s1, uint64_t *old)
{
	uint64_t o = 0, n;
	memcpy(&o, p, size);
	uint64_t mask = size == 8 ? ~0ull : 0xFFFFFFFFull;
	int64_t so = size == 8 ? (int64_t)o : (int64_t)(int32_t)o;
	int64_t ss = size == 8 ? (int64_t)s0 : (int64_t)(int32_t)s0;
	switch (aop) {
	case 1: n = o & s0; break;
	case 2: n = o | s0; break;
	case 3: n = o ^ s0; break;
	case 4: n = s0; break;
	case 5: n = o + 1; break;
	case 6: case 15: n = o - 1; break;
	case 7: n = o + s0; break;
	case 8: n = o - s0; break;
	case 9: n = s0 - o; break;
	case 10: n = so > ss ? o : s0; break;
	case 11: n = so < ss ? o : s0; break;
	case 12: n = (o & mask) > (s0 & mask) ? o : s0; break;
	case 13: n = (o & mask) < (s0 & mask) ? o : s0; break;
	case 14: n = (o & mask) == (s0 & mask) ? s1 : o; break;
	default: return false;
	}
	n &= mask;
	memcpy(p, &n, size);
	*old = aop == 15 ? n : o & mask;
	return true;
}

/* Registers of a send operand: start register, or false. */
static bool send_reg(struct sim_ctx *c, struct sim_thread *t,
                     const struct gen_inst *in, const struct gen_opnd *o,
                     unsigned *reg)
{
	if (o->kind == GEN_OPND_INDIRECT) {
		unsigned a = (unsigned)((long)sim_a0(t, o->ia_sub) + o->ia_imm);
		if (a % SIM_GRF_SIZE)
			return sim_fail(c, in, VF_ERR_UNSUPPORTED, "unaligned "
			                "indirect send operand") == VF_OK;
		*reg = a / SIM_GRF_SIZE;
		return true;
	}
	if (o->rn != GEN_RN_GRF)
		return sim_fail(c, in, VF_ERR_INPUT, "send operand is not a "
		                "general register") == VF_OK;
	*reg = o->nr;
	return true;
}

static bool copy_regs(struct sim_ctx *c, const struct gen_inst *in,
                      uint8_t *dst, const uint8_t *grf, unsigned reg,
                      unsigned n)
{
	if (reg + n > SIM_GRF_COUNT)
		return sim_fail(c, in, VF_ERR_INPUT, "message registers r%u..r%u "
		                "past the register file", reg, reg + n - 1) == VF_OK;
	memcpy(dst, grf + reg * SIM_GRF_SIZE, n * SIM_GRF_SIZE);
	return true;
}

static bool build_msg(struct sim_ctx *c, struct sim_thread *t,
                      const struct gen_inst *in, struct sim_msg *m)
{
	memset(m, 0, sizeof(*m));
	m->in = in;
	m->desc = in->desc.imm;
	if (in->desc.is_reg)
		memcpy(&m->desc, t->a0, 4);
	m->exdesc = in->exdesc.imm;
	if (in->exdesc.is_reg)
		memcpy(&m->exdesc, t->a0 + 2 * (in->exdesc.a0_sub & 15), 4);
	m->sfid = in->sfid;
	m->mlen = (m->desc >> 25) & 0xF;
	m->rlen = (m->desc >> 20) & 0x1F;
	m->header = (m->desc >> 19) & 1;
	bool split = in->op == GEN_OP_SENDS || in->op == GEN_OP_SENDSC ||
	             c->p->enc == GEN_ENC_GEN12;
	m->xlen = split ? (m->exdesc >> 6) & 0x1F : 0;
	if (split && in->src[1].kind == GEN_OPND_DIRECT &&
	    in->src[1].rn == GEN_RN_NULL)
		m->xlen = 0;
	m->nch = in->exec_size;
	m->lanes = sim_enabled(t, in);
	unsigned r0, r1 = 0, rd = 0;
	if (!send_reg(c, t, in, &in->src[0], &r0) ||
	    (m->xlen && !send_reg(c, t, in, &in->src[1], &r1)))
		return false;
	if (m->mlen + m->xlen > 64 || m->rlen > 32)
		return sim_fail(c, in, VF_ERR_INPUT, "message lengths %u+%u/%u "
		                "too large", m->mlen, m->xlen, m->rlen) == VF_OK;
	if (!copy_regs(c, in, m->payload, t->grf, r0, m->mlen) ||
	    !copy_regs(c, in, m->payload + m->mlen * SIM_GRF_SIZE, t->grf, r1,
	               m->xlen))
		return false;
	if (m->rlen) {
		if (in->dst.kind == GEN_OPND_DIRECT && in->dst.rn == GEN_RN_NULL)
			return sim_fail(c, in, VF_ERR_INPUT, "response of %u "
			                "registers to null", m->rlen) == VF_OK;
		if (!send_reg(c, t, in, &in->dst, &rd) ||
		    !copy_regs(c, in, m->resp, t->grf, rd, m->rlen))
			return false;
	}
	return true;
}

static enum vf_status gateway(struct sim_ctx *c, struct sim_thread *t,
                              struct sim_msg *m)
{
	if ((m->desc & 7) != 4)
		return sim_msg_unsupported(c, m, "gateway operation");
	if (t->bar_signaled)
		return sim_fail(c, m->in, VF_ERR_INPUT, "barrier signalled twice");
	t->bar_signaled = true;
	if (++c->g.bar_arrived == c->g.nthreads) {
		for (unsigned i = 0; i < c->g.nthreads; i++) {
			struct sim_thread *o = &c->g.t[i];
			o->bar_signaled = false;
			o->bar_released = true;
			if (o->state == SIM_T_BARRIER)
				o->state = SIM_T_RUN;
		}
		c->g.bar_arrived = 0;
	}
	return VF_OK;
}

static enum vf_status route(struct sim_ctx *c, struct sim_thread *t,
                            struct sim_msg *m, bool *eot)
{
	switch (m->sfid) {
	case SFID_DC0: return sim_msg_dc0(c, t, m);
	case SFID_DC1: return sim_msg_dc1(c, t, m);
	case SFID_DCRO: {
		/* constant cache: oword block reads and dword gathers, laid
		 * out as their data port 0 namesakes */
		unsigned type = (m->desc >> 14) & 0x1F;
		if (type > 1 && type != 3)
			return sim_msg_unsupported(c, m, "constant cache message");
		return sim_msg_dc0(c, t, m);
	}
	case SFID_SAMPLER: return sim_msg_sampler(c, t, m);
	case SFID_GATEWAY: return gateway(c, t, m);
	case SFID_TS:
		if ((m->desc & 7) != 0 || !(m->in->opts & GEN_OPT_EOT))
			return sim_msg_unsupported(c, m, "thread spawner message");
		*eot = true;
		return VF_OK;
	default:
		return sim_msg_unsupported(c, m, "shared function");
	}
}

enum vf_status sim_exec_send(struct sim_ctx *c, struct sim_thread *t,
                             const struct gen_inst *in, bool *eot)
{
	struct sim_msg m;
	*eot = false;
	if (!build_msg(c, t, in, &m))
		return c->err->status;
	enum vf_status st = route(c, t, &m, eot);
	if (st != VF_OK)
		return st;
	if (in->opts & GEN_OPT_EOT)
		*eot = true;
	if (m.rlen) {
		unsigned rd;
		if (!send_reg(c, t, in, &in->dst, &rd))
			return c->err->status;
		memcpy(t->grf + rd * SIM_GRF_SIZE, m.resp, m.rlen * SIM_GRF_SIZE);
	}
	return VF_OK;
}

enum vf_status sim_fail(struct sim_ctx *c, const struct gen_inst *in,
                        enum vf_status st, const char *fmt, ...)
{
	char what[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (!in)
		return vf_err(c->err, st, "%s: %s", c->name, what);
	struct gen_text tx = { 0 };
	gen_format_inst(c->p, in, &tx);
	vf_err(c->err, st, "%s: [0x%04X] %s: %s", c->name, in->pc,
	       tx.s && !tx.oom ? tx.s : "?", what);
	gen_text_free(&tx);
	return st;
}
