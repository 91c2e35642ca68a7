/*
 * sim_exec.c - the simulator context, kernel loading, thread dispatch
 * and scheduling: the instruction step (fetch, dispatch by operation,
 * advance of the enabled channels), the thread payload (r0 header,
 * per-thread local ids, cross-thread data), work-group scheduling with
 * gateway barriers, and the NDRange loop.
 *
 * Dispatch (docs/gensim.md "Dispatch"): thread t of a work-group holds
 * the work-items t*SIMD .. t*SIMD+SIMD-1 in linear order (x fastest,
 * unless the kernel asks for another walk order),
 * their local ids as 16-bit values from byte 32 (x, y, z one after the
 * other, 32 bytes each for SIMD8/16, 64 for SIMD32), the cross-thread
 * data where the launch puts it, and r0 with the group ids in dwords 1,
 * 6, 7 and r0.5 = scratch offset [31:10] | FFTID (= t).  Threads of a
 * group are interleaved round robin with a fixed quantum, or, in the
 * seeded random mode, a random thread runs for a random quantum; a
 * thread that waits on a barrier (wait n0.0 before Gen12, sync.bar on
 * Gen12) after signalling the gateway sleeps until every thread of the
 * group has signalled.  Sources: corpus README (payload layout),
 * GEN-FACTS.md 6.4 (barrier sequences), 7.1 (r0 fields).
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "sim_priv.h"
#include "sim_swsb.h"

#define SIM_QUANTUM 2000u

struct sim_ctx *sim_create(const struct plat_info *p, struct vf_error *err)
{
	struct sim_ctx *c = calloc(1, sizeof(*c));
	if (!c) {
		vf_err_oom(err);
		return NULL;
	}
	c->p = p;
	c->err = err;
	snprintf(c->name, sizeof(c->name), "kernel");
	return c;
}

static void free_threads(struct sim_ctx *c)
{
	for (unsigned i = 0; i < c->g.nthreads; i++)
		free(c->g.t[i].frames);
	free(c->g.t);
	c->g.t = NULL;
	c->g.nthreads = 0;
}

void sim_destroy(struct sim_ctx *c)
{
	if (!c)
		return;
	free(c->insts);
	free(c->at);
	free(c->g.slm);
	free_threads(c);
	sim_swsb_destroy(c->swsb);
	sim_mem_free(&c->mem);
	free(c);
}

void sim_set_trace(struct sim_ctx *c, sim_trace_fn fn, void *user)
{
	c->trace = fn;
	c->trace_user = user;
}

const struct gen_inst *sim_inst_at(const struct sim_ctx *c, uint32_t pc)
{
	if (pc % 8 || pc >= c->code_size)
		return NULL;
	int32_t i = c->at[pc / 8];
	return i < 0 ? NULL : &c->insts[i];
}

enum vf_status sim_load_kernel(struct sim_ctx *c, const uint8_t *code,
                               size_t size, const char *name,
                               struct vf_error *err)
{
	free(c->insts);
	free(c->at);
	c->ninsts = 0;
	c->code_size = size;
	c->bad_pc = size;
	c->bad_why[0] = 0;
	snprintf(c->name, sizeof(c->name), "%s", name ? name : "kernel");
	c->insts = calloc(size / 8 + 1, sizeof(*c->insts));
	c->at = malloc((size / 8 + 1) * sizeof(*c->at));
	if (!c->insts || !c->at)
		return vf_err_oom(err);
	for (size_t i = 0; i <= size / 8; i++)
		c->at[i] = -1;
	size_t pc = 0;
	while (pc + 8 <= size) {
		struct vf_error e = { 0 };
		struct gen_inst *in = &c->insts[c->ninsts];
		/* undecodable code (padding, data) stays unreachable: running
		 * into it is an error at that point */
		if (gen_decode(c->p, code, size, pc, c->name, in, &e) != VF_OK) {
			c->bad_pc = pc;
			snprintf(c->bad_why, sizeof(c->bad_why), "%s", e.msg);
			break;
		}
		c->at[pc / 8] = (int32_t)c->ninsts++;
		pc += in->length;
	}
	if (!c->ninsts)
		return vf_err(err, VF_ERR_INPUT, "%s: no decodable instruction",
		              c->name);
	return VF_OK;
}

unsigned sim_threads_per_group(const struct sim_launch *l)
{
	unsigned n = l->local_size[0] * l->local_size[1] * l->local_size[2];
	return l->simd ? (n + l->simd - 1) / l->simd : 0;
}

/* ---- thread payload ----------------------------------------------------- */

static void put_ud(uint8_t *grf, unsigned byte, uint32_t v)
{
	memcpy(grf + byte, &v, 4);
}

/* Local id of linear work-item li, dimensions walked in l->walk order. */
static void local_id(const struct sim_launch *l, unsigned li, uint16_t id[3])
{
	static const uint8_t def[3] = { 0, 1, 2 };
	const uint8_t *w = l->walk[0] == l->walk[1] ? def : l->walk;
	for (unsigned k = 0; k < 3; k++) {
		unsigned d = w[k] % 3, n = l->local_size[d];
		id[d] = (uint16_t)(li % n);
		li /= n;
	}
}

static void init_thread(struct sim_ctx *c, struct sim_thread *t, unsigned tid)
{
	const struct sim_launch *l = c->launch;
	memset(t, 0, offsetof(struct sim_thread, frames));
	t->tid = tid;
	t->state = SIM_T_RUN;
	put_ud(t->grf, 4, c->g.id[0]);
	put_ud(t->grf, 24, c->g.id[1]);
	put_ud(t->grf, 28, c->g.id[2]);
	uint32_t scr = (uint32_t)(c->scratch_base + (uint64_t)tid *
	                          l->scratch_per_thread);
	put_ud(t->grf, 20, (scr & ~0x3FFu) | (tid & 0x3FF));
	unsigned per_ch = l->simd == 32 ? 64 : 32;
	unsigned items = l->local_size[0] * l->local_size[1] * l->local_size[2];
	for (unsigned lane = 0; lane < l->simd; lane++) {
		unsigned li = tid * l->simd + lane;
		if (li >= items)
			break;
		t->dmask |= 1u << lane;
		uint16_t id[3];
		local_id(l, li, id);
		for (unsigned k = 0; k < 3; k++)
			memcpy(t->grf + 32 + k * per_ch + 2 * lane, &id[k], 2);
	}
	if (l->cross_thread_size && l->cross_thread_offset +
	    l->cross_thread_size <= SIM_GRF_BYTES)
		memcpy(t->grf + l->cross_thread_offset, l->cross_thread,
		       l->cross_thread_size);
	memcpy(t->sr0 + 8, &t->dmask, 4);
	memcpy(t->sr0 + 12, &t->dmask, 4);
}

/* ---- one instruction ------------------------------------------------------ */

static void advance(struct sim_thread *t, const struct gen_inst *in)
{
	uint32_t next = in->pc + in->length;
	for (unsigned ch = 0; ch < SIM_MAX_CH; ch++)
		if (((t->dmask >> ch) & 1) && t->cip[ch] == t->ip)
			t->cip[ch] = next;
	t->ip = next;
}

/* wait n0.0 / sync.bar: true if the thread may go on. */
static bool barrier_wait(struct sim_thread *t)
{
	if (t->bar_released) {
		t->bar_released = false;
		return true;
	}
	if (!t->bar_signaled)
		return true;
	t->state = SIM_T_BARRIER;
	return false;
}

static bool is_flow(const struct gen_inst *in)
{
	return gen_op_is_branch(in->op);
}

static enum vf_status dispatch(struct sim_ctx *c, struct sim_thread *t,
                               const struct gen_inst *in, bool *adv)
{
	bool eot = false;
	enum vf_status st;
	switch (in->op) {
	case GEN_OP_SEND: case GEN_OP_SENDC: case GEN_OP_SENDS:
	case GEN_OP_SENDSC:
		st = sim_exec_send(c, t, in, &eot);
		if (st == VF_OK && eot) {
			t->state = SIM_T_DONE;
			*adv = false;
		}
		return st;
	case GEN_OP_MATH: return sim_exec_math(c, t, in);
	case GEN_OP_MADM: return sim_exec_madm(c, t, in);
	case GEN_OP_NOP: return VF_OK;
	case GEN_OP_WAIT:
		*adv = barrier_wait(t);
		return VF_OK;
	case GEN_OP_SYNC:
		if (in->fc == GEN_SYNC_BAR)
			*adv = barrier_wait(t);
		return VF_OK;
	case GEN_OP_ILLEGAL: case GEN_OP_MOVI: case GEN_OP_DP2: case GEN_OP_DP3:
	case GEN_OP_DP4: case GEN_OP_DPH: case GEN_OP_LINE: case GEN_OP_PLN:
	case GEN_OP_SAD2: case GEN_OP_SADA2: case GEN_OP_DP4A:
		return sim_fail(c, in, VF_ERR_UNSUPPORTED, "%s is not simulated",
		                gen_op_table[in->op].mnemonic);
	default:
		if (is_flow(in)) {
			*adv = false;
			return sim_exec_flow(c, t, in, &eot);
		}
		return sim_exec_alu(c, t, in);
	}
}

static enum vf_status step(struct sim_ctx *c, struct sim_thread *t)
{
	const struct gen_inst *in = sim_inst_at(c, t->ip);
	if (!in)
		return sim_fail(c, NULL, VF_ERR_INPUT, "thread %u reached byte "
		                "0x%X, where no instruction decodes%s%s", t->tid,
		                t->ip, t->ip >= c->bad_pc && c->bad_why[0] ? ": " : "",
		                t->ip >= c->bad_pc ? c->bad_why : "");
	if (c->trace) {
		const struct sim_launch *l = c->launch;
		unsigned gx = l->global_size[0] / l->local_size[0];
		unsigned gy = l->global_size[1] / l->local_size[1];
		unsigned g = c->g.id[0] + gx * (c->g.id[1] + gy * c->g.id[2]);
		c->trace(c->trace_user, g, t->tid, sim_exec_mask(t, in), in);
	}
	t->icount++;
	c->icount++;
	c->cur = in;
	if (c->swsb) {
		enum vf_status sst = sim_swsb_issue(c, c->swsb, t, in);
		if (sst != VF_OK)
			return sst;
	}
	bool adv = true;
	enum vf_status st = dispatch(c, t, in, &adv);
	if (st != VF_OK)
		return st;
	if (adv)
		advance(t, in);
	return VF_OK;
}

/* ---- scheduling ------------------------------------------------------------ */

static uint64_t rng_next(struct sim_ctx *c)
{
	uint64_t x = c->rng ? c->rng : 0x9E3779B97F4A7C15ull;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	c->rng = x;
	return x;
}

static int pick_thread(struct sim_ctx *c, unsigned *cursor)
{
	unsigned n = c->g.nthreads;
	unsigned start = c->launch->sched == SIM_SCHED_RANDOM
	                 ? (unsigned)(rng_next(c) % n) : *cursor;
	for (unsigned k = 0; k < n; k++) {
		unsigned i = (start + k) % n;
		if (c->g.t[i].state == SIM_T_RUN) {
			*cursor = (i + 1) % n;
			return (int)i;
		}
	}
	return -1;
}

static enum vf_status run_slice(struct sim_ctx *c, struct sim_thread *t)
{
	const struct sim_launch *l = c->launch;
	uint64_t limit = l->max_instructions ? l->max_instructions
	                                     : SIM_DEFAULT_MAX_INST;
	unsigned q = l->sched == SIM_SCHED_RANDOM
	             ? 1 + (unsigned)(rng_next(c) % 64) : SIM_QUANTUM;
	for (unsigned i = 0; i < q && t->state == SIM_T_RUN; i++) {
		enum vf_status st = step(c, t);
		if (st != VF_OK)
			return st;
		if (t->icount > limit)
			return sim_fail(c, NULL, VF_ERR_UNSUPPORTED, "thread %u "
			                "exceeded %llu instructions (endless loop?)",
			                t->tid, (unsigned long long)limit);
	}
	return VF_OK;
}

static enum vf_status run_group(struct sim_ctx *c)
{
	unsigned cursor = 0;
	for (;;) {
		int i = pick_thread(c, &cursor);
		if (i < 0)
			break;
		enum vf_status st = run_slice(c, &c->g.t[i]);
		if (st != VF_OK)
			return st;
	}
	for (unsigned i = 0; i < c->g.nthreads; i++)
		if (c->g.t[i].state != SIM_T_DONE)
			return sim_fail(c, NULL, VF_ERR_INPUT, "work-group (%u,%u,%u): "
			                "thread %u waits on a barrier that the ended "
			                "threads never reach", c->g.id[0], c->g.id[1],
			                c->g.id[2], i);
	return VF_OK;
}

static enum vf_status setup_group(struct sim_ctx *c, const uint32_t id[3])
{
	memcpy(c->g.id, id, sizeof(c->g.id));
	memset(c->g.slm, 0, c->g.slm_size);
	c->g.bar_arrived = 0;
	if (c->swsb)
		sim_swsb_reset(c->swsb);
	for (unsigned i = 0; i < c->g.nthreads; i++) {
		struct sim_thread *t = &c->g.t[i];
		init_thread(c, t, i);
		t->nframes = 0;
	}
	return VF_OK;
}

static enum vf_status prepare(struct sim_ctx *c, const struct sim_launch *l)
{
	free_threads(c);
	free(c->g.slm);
	c->g.slm = calloc(1, l->slm_size ? l->slm_size : 1);
	c->g.slm_size = l->slm_size;
	c->g.nthreads = sim_threads_per_group(l);
	c->g.t = calloc(c->g.nthreads ? c->g.nthreads : 1, sizeof(*c->g.t));
	if (!c->g.slm || !c->g.t)
		return vf_err_oom(c->err);
	if (sim_swsb_prepare(c, c->g.nthreads) != VF_OK)
		return c->err->status;
	c->scratch_base = 0;
	if (l->scratch_per_thread) {
		uint64_t n = (uint64_t)l->scratch_per_thread * c->g.nthreads;
		enum vf_status st = sim_alloc(c, n, 1024, NULL, &c->scratch_base,
		                              c->err);
		if (st != VF_OK)
			return st;
	}
	return VF_OK;
}

static bool launch_ok(const struct sim_launch *l)
{
	if (l->simd != 8 && l->simd != 16 && l->simd != 32)
		return false;
	for (unsigned d = 0; d < 3; d++)
		if (!l->local_size[d] || l->global_size[d] % l->local_size[d])
			return false;
	return l->scratch_per_thread % 1024 == 0;
}

enum vf_status sim_run(struct sim_ctx *c, const struct sim_launch *l,
                       struct vf_error *err)
{
	c->err = err;
	err->status = VF_OK;
	c->launch = l;
	c->rng = l->seed * 0x9E3779B97F4A7C15ull + 1;
	c->icount = 0;
	if (!launch_ok(l))
		return vf_err(err, VF_ERR_INPUT, "%s: invalid launch (SIMD, "
		              "sizes or scratch size)", c->name);
	enum vf_status st = prepare(c, l);
	uint32_t n[3], id[3];
	for (unsigned d = 0; d < 3; d++)
		n[d] = l->global_size[d] / l->local_size[d];
	for (id[2] = 0; st == VF_OK && id[2] < n[2]; id[2]++)
		for (id[1] = 0; st == VF_OK && id[1] < n[1]; id[1]++)
			for (id[0] = 0; st == VF_OK && id[0] < n[0]; id[0]++) {
				st = setup_group(c, id);
				if (st == VF_OK)
					st = run_group(c);
			}
	return st;
}

const uint8_t *sim_thread_grf(const struct sim_ctx *c, unsigned t)
{
	return t < c->g.nthreads ? c->g.t[t].grf : NULL;
}

uint64_t sim_instruction_count(const struct sim_ctx *c)
{
	return c->icount;
}
