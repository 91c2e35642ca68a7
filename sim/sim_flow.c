/*
 * sim_flow.c - control flow with per-channel instruction pointers:
 * jmpi, if/else/endif, while/break/cont, goto/join, halt, call/calla/ret.
 *
 * Model (docs/gensim.md "Control flow"): every channel has its own
 * instruction pointer (cip); a channel is enabled at the thread's IP when
 * its cip equals the IP.  Instructions move the channels enabled at the
 * IP to the next instruction; a branch sends its channels to the branch
 * target (UIP) instead and, when no channel remains at the next
 * instruction, moves the thread to JIP (the next point where channels
 * can be waiting), which is what the hardware's JIP is for.  Channels
 * that break wait after the loop's while (UIP names the while); channels
 * that continue wait at the while; while sends its channels with a true
 * predicate back to JIP.  Before Gen11 goto moves the channels whose
 * predicate is false (IGC visa/FlowGraph.cpp: "For BDW/SKL goto, the false
 * channels are the ones that actually will take the jump", HWCaps.inc
 * gotoJumpOnTrue() = CNL+), except a backward goto (BranchCtrl set),
 * which IGC never inverts (FlowGraph.cpp and CFGStructurizer.cpp flip
 * forward gotos only) and which, like while, runs the loop again when any
 * channel jumps back.  call saves the return IP in dst.0 and the
 * calling channels in dst.1, suspends every other channel until the
 * matching ret (so recursive calls cannot wake channels waiting in an
 * outer invocation), and ret resumes at src0.0.  Jump offsets are
 * decoded into absolute targets by the instruction layer (GEN-FACTS.md
 * 2.5: jmpi counts from the next instruction before Gen12); a jmpi
 * through a register counts the same way.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "sim_priv.h"

#define CIP_SUSPENDED 0xFFFFFFFFu

struct flow {
	uint32_t here;   /* live channels at the IP (thread channel bits) */
	uint32_t part;   /* of those, the ones in the instruction's range */
	uint32_t pred;   /* predicate per thread channel */
	uint32_t next;
};

static uint32_t jip_target(const struct gen_inst *in)
{
	return (uint32_t)in->src[0].imm;
}

static uint32_t uip_target(const struct gen_inst *in)
{
	return (uint32_t)(in->nsrc > 1 ? in->src[1].imm : in->src[0].imm);
}

static void flow_init(const struct sim_thread *t, const struct gen_inst *in,
                      struct flow *f)
{
	f->here = 0;
	for (unsigned ch = 0; ch < SIM_MAX_CH; ch++)
		if (((t->dmask >> ch) & 1) && t->cip[ch] == t->ip)
			f->here |= 1u << ch;
	uint32_t range = in->exec_size >= 32 ? 0xFFFFFFFFu
	                 : ((1u << in->exec_size) - 1) << in->chan_off;
	f->part = f->here & range;
	uint32_t p = sim_pred_mask(t, in);
	f->pred = in->chan_off < 32 ? p << in->chan_off : 0;
	f->next = in->pc + in->length;
}

/* Channels of 'm' go to 'target', the other channels here to next. */
static void send_to(struct sim_thread *t, const struct flow *f, uint32_t m,
                    uint32_t target)
{
	for (unsigned ch = 0; ch < SIM_MAX_CH; ch++) {
		if (!((f->here >> ch) & 1))
			continue;
		t->cip[ch] = ((m >> ch) & 1) ? target : f->next;
	}
}

static bool someone_at(const struct sim_thread *t, uint32_t ip)
{
	for (unsigned ch = 0; ch < SIM_MAX_CH; ch++)
		if (((t->dmask >> ch) & 1) && t->cip[ch] == ip)
			return true;
	return false;
}

/* Fall through if channels continue there, else go to JIP. */
static void fall_or_jip(struct sim_thread *t, const struct flow *f,
                        const struct gen_inst *in)
{
	t->ip = someone_at(t, f->next) ? f->next : jip_target(in);
}

static enum vf_status do_jmpi(struct sim_ctx *c, struct sim_thread *t,
                              const struct gen_inst *in, struct flow *f)
{
	bool take = in->pred == GEN_PRED_NONE || (sim_pred_mask(t, in) & 1);
	uint32_t target = (uint32_t)in->src[0].imm;
	if (in->src[0].kind != GEN_OPND_LABEL) {
		/* switch jumps: a byte offset in a register, from the next
		 * instruction before Gen12 and from the jmpi itself on Gen12
		 * (IGC translateVISACFSwitchInst: "TGL+ uses pre-increment IP") */
		struct gen_opnd o = in->src[0];
		uint64_t raw;
		if (o.type == GEN_TYPE_INVALID)
			o.type = GEN_TYPE_D;  /* subregister in bytes, as for call */
		if (!sim_read_src(c, t, in, &o, 0, &raw))
			return c->err->status;
		int32_t off = (int32_t)sim_from_raw(raw, (enum gen_type)o.type,
		                                    SIM_DOM_INT).i;
		target = (c->p->enc == GEN_ENC_GEN12 ? in->pc : f->next) +
		         (uint32_t)off;
	}
	if (!take)
		target = f->next;
	for (unsigned ch = 0; ch < SIM_MAX_CH; ch++)
		if ((f->here >> ch) & 1)
			t->cip[ch] = target;
	t->ip = target;
	return VF_OK;
}

static uint32_t after(const struct sim_ctx *c, uint32_t pc)
{
	const struct gen_inst *w = sim_inst_at(c, pc);
	return w ? pc + w->length : pc + 16;
}

/* Branch register operands as :ud.  Their subregister is in bytes on
 * every encoding, Gen12 included: IGC's TGLLP call r98.2 has the field
 * value 8 (iga64 and visafin's disassembler both print r98.2), and read
 * as dwords it moved the return address of nested calls onto live data
 * (test_sim_flow nested_call_subregisters). */
static void branch_reg_ud(struct gen_opnd *o)
{
	o->type = GEN_TYPE_UD;
	o->rgn = (struct gen_region){ 0, 1, 1 };
}

static enum vf_status do_call(struct sim_ctx *c, struct sim_thread *t,
                              const struct gen_inst *in, struct flow *f)
{
	uint32_t target;
	if (in->src[0].kind == GEN_OPND_LABEL) {
		target = (uint32_t)in->src[0].imm;
	} else {
		uint64_t raw;
		if (!sim_read_src(c, t, in, &in->src[0], 0, &raw))
			return c->err->status;
		target = in->op == GEN_OP_CALLA ? (uint32_t)raw
		                                : in->pc + (uint32_t)raw;
	}
	uint32_t calling = f->part;
	if (!calling) {
		t->ip = f->next;
		return VF_OK;
	}
	if (t->nframes >= SIM_MAX_FRAMES)
		return sim_fail(c, in, VF_ERR_UNSUPPORTED, "call depth exceeds "
		                "%u", SIM_MAX_FRAMES);
	struct sim_frame *fr = &t->frames[t->nframes++];
	fr->suspended = t->dmask & ~calling;
	for (unsigned ch = 0; ch < SIM_MAX_CH; ch++) {
		fr->cip[ch] = t->cip[ch];
		if ((fr->suspended >> ch) & 1)
			t->cip[ch] = CIP_SUSPENDED;
		else if ((calling >> ch) & 1)
			t->cip[ch] = target;
	}
	struct gen_inst w = *in;  /* dst.0 = return IP, dst.1 = mask */
	branch_reg_ud(&w.dst);
	if (!sim_write_dst(c, t, &w, 0, f->next) ||
	    !sim_write_dst(c, t, &w, 1, calling >> in->chan_off))
		return c->err->status;
	t->ip = target;
	return VF_OK;
}

static enum vf_status do_ret(struct sim_ctx *c, struct sim_thread *t,
                             const struct gen_inst *in, struct flow *f)
{
	struct gen_opnd o = in->src[0];
	branch_reg_ud(&o);
	uint64_t raw;
	if (!sim_read_src(c, t, in, &o, 0, &raw))
		return c->err->status;
	if (!t->nframes)
		return sim_fail(c, in, VF_ERR_INPUT, "ret without a call");
	struct sim_frame *fr = &t->frames[--t->nframes];
	uint32_t target = (uint32_t)raw;
	for (unsigned ch = 0; ch < SIM_MAX_CH; ch++) {
		if ((fr->suspended >> ch) & 1)
			t->cip[ch] = fr->cip[ch];
		else if ((f->here >> ch) & 1)
			t->cip[ch] = target;
	}
	t->ip = target;
	return VF_OK;
}

static bool goto_jumps_on_true(const struct sim_ctx *c)
{
	return c->p->enc >= GEN_ENC_GEN11;
}

static enum vf_status structured(struct sim_ctx *c, struct sim_thread *t,
                                 const struct gen_inst *in, struct flow *f)
{
	uint32_t p = f->part & f->pred, np = f->part & ~f->pred;
	switch (in->op) {
	case GEN_OP_IF:
		send_to(t, f, np, jip_target(in));
		break;
	case GEN_OP_ELSE:
		send_to(t, f, f->part, jip_target(in));
		break;
	case GEN_OP_ENDIF: case GEN_OP_JOIN:
		send_to(t, f, 0, 0);
		break;
	case GEN_OP_WHILE:
		send_to(t, f, p, jip_target(in));
		t->ip = p ? jip_target(in) : f->next;
		return VF_OK;
	case GEN_OP_BREAK:
		send_to(t, f, p, after(c, uip_target(in)));
		break;
	case GEN_OP_CONT: case GEN_OP_HALT:
		send_to(t, f, p, uip_target(in));
		break;
	case GEN_OP_GOTO: {
		/* a backward goto (BranchCtrl) sends the channels with a true
		 * predicate back to the loop head on every platform */
		bool bwd = (in->opts & GEN_OPT_BRANCHCTRL) != 0;
		uint32_t j = in->pred == GEN_PRED_NONE ? f->part
		             : goto_jumps_on_true(c) || bwd ? p : np;
		send_to(t, f, j, uip_target(in));
		if (j && uip_target(in) <= in->pc) {
			t->ip = uip_target(in);  /* the loop runs first */
			return VF_OK;
		}
		break;
	}
	default:
		return sim_fail(c, in, VF_ERR_UNSUPPORTED, "%s is not simulated",
		                gen_op_table[in->op].mnemonic);
	}
	fall_or_jip(t, f, in);
	return VF_OK;
}

enum vf_status sim_exec_flow(struct sim_ctx *c, struct sim_thread *t,
                             const struct gen_inst *in, bool *done)
{
	struct flow f;
	*done = false;
	flow_init(t, in, &f);
	if (!t->frames) {
		t->frames = calloc(SIM_MAX_FRAMES, sizeof(*t->frames));
		if (!t->frames)
			return vf_err_oom(c->err);
	}
	switch (in->op) {
	case GEN_OP_JMPI: return do_jmpi(c, t, in, &f);
	case GEN_OP_CALL: case GEN_OP_CALLA: return do_call(c, t, in, &f);
	case GEN_OP_RET: return do_ret(c, t, in, &f);
	default: return structured(c, t, in, &f);
	}
}
