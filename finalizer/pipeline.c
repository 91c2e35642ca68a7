/*
 * pipeline.c - the finalizer's pass table and runner.
 *
 *   vf_module (one kernel)
 *     │ build      build*.c, region.c   vISA -> IR on virtual registers
 *     │ ifconv     ifconv.c             short SIMD branches -> predicated code
 *     │ goto       goto.c               SIMD gotos -> goto/join or jmpi
 *     │ constfold  constfold.c          integer constants folded, identities
 *     │ copyprop   copyprop.c           movs forwarded into their uses
 *     │ byte_layout byte_layout.c       byte/word registers at their writers' stride
 *     │ lower64    lower64.c            64-bit integers as dword pairs (no native Q/DF)
 *     │ dword_mul  dword_mul.c          D x D multiply via acc0 where caps ask
 *     │ send_join  send_join.c          one payload per send where no split send
 *     │ flag_fold  flag_fold.c          compares into producers, predicate logic
 *     │                                 into predicated compares
 *     │ legalize   legalize.c           immediates, strides, 3-src, math
 *     │ split      split.c              regions, exec-size splitting
 *     │ coalesce   coalesce.c           results written where a mov copies them
 *     │ schedule   schedule.c           pressure-aware list scheduling per block
 *     │ nomask_wa  nomask_wa.c          fused-EU guard of (W) code where wa asks
 *     │ regalloc   regalloc/ (live, linscan, spill): intervals, linear scan, spills
 *     │ callsave   regalloc/callsave.c  save/restore around stack calls
 *     │ rs_wa      rs_wa.c              read-suppression csel where wa asks
 *     ▼ emit       emit.c               gen_encode + gen_compact, JIP/UIP
 *   Gen binary
 *
 * Every stage is a row {name, function, enabled-when, dump letter,
 * stage reached, extra check}; the runner (as QBE's main.c func() and
 * IGC's Optimizer::runPass) skips a row whose enabled-when says no,
 * times it when the options ask for pass times, dumps the IR after it
 * when its letter is in the options' dump string (through the dump
 * callback: the library prints nothing itself), and with the verify
 * option (always in --enable-debug builds) runs the IR verifier
 * (ir/verify.c) and the row's extra check after it.
 *
 * Adding a pass: write finalizer/<name>.c with bool ir_<name>(struct
 * ir_prog *), declare it below, add a row where it belongs (docs/ir.md).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ir/ir.h"
#include "pipeline.h"
#include "../regalloc/ra.h"

bool ir_build(struct ir_prog *p, const struct vf_module *m, unsigned kernel);
bool ir_ifconv(struct ir_prog *p);
bool ir_lower_goto(struct ir_prog *p);
bool ir_constfold(struct ir_prog *p);
bool ir_copyprop(struct ir_prog *p);
bool ir_byte_layout(struct ir_prog *p);
bool ir_lower64(struct ir_prog *p);
bool ir_dword_mul(struct ir_prog *p);
bool ir_send_join(struct ir_prog *p);
bool ir_flag_fold(struct ir_prog *p);
bool ir_legalize(struct ir_prog *p);
bool ir_split(struct ir_prog *p);
bool ir_coalesce(struct ir_prog *p);
bool ir_schedule(struct ir_prog *p);
bool ir_nomask_wa(struct ir_prog *p);
bool ir_read_suppression_wa(struct ir_prog *p);
bool ir_emit_code(struct ir_prog *p, uint8_t **out, size_t *size);

#ifdef VF_DEBUG
#define VERIFY_ALWAYS 1
#else
#define VERIFY_ALWAYS 0
#endif

/* One finalization: the program and what the first and last rows read
 * and write. */
struct fin_job {
	struct ir_prog *p;
	const struct vf_module *m;
	unsigned kernel;
	uint8_t **code;
	size_t *size;
	/* a goto or jmpi after build (ifconv and goto have nothing to do
	 * without: issue 12, one walk for both instead of three) */
	bool branches;
};

static bool goto_or_jmpi(const struct ir_prog *p)
{
	for (uint32_t i = 0; i < p->insts.n; i++)
		if (p->insts.a[i].op == GEN_OP_GOTO ||
		    p->insts.a[i].op == GEN_OP_JMPI)
			return true;
	return false;
}

static bool run_build(struct fin_job *j) { return ir_build(j->p, j->m, j->kernel); }
/* ifconv removes gotos and adds no branch: none before, none after */
static bool run_ifconv(struct fin_job *j)
{
	j->branches = goto_or_jmpi(j->p);
	return !j->branches || ir_ifconv(j->p);
}
static bool run_goto(struct fin_job *j)
{
	return !j->branches || ir_lower_goto(j->p);
}
static bool run_constfold(struct fin_job *j) { return ir_constfold(j->p); }
static bool run_copyprop(struct fin_job *j) { return ir_copyprop(j->p); }
static bool run_byte_layout(struct fin_job *j) { return ir_byte_layout(j->p); }
static bool run_lower64(struct fin_job *j) { return ir_lower64(j->p); }
static bool run_dword_mul(struct fin_job *j) { return ir_dword_mul(j->p); }
static bool run_send_join(struct fin_job *j) { return ir_send_join(j->p); }
static bool run_flag_fold(struct fin_job *j) { return ir_flag_fold(j->p); }
static bool run_legalize(struct fin_job *j) { return ir_legalize(j->p); }
static bool run_split(struct fin_job *j) { return ir_split(j->p); }
static bool run_coalesce(struct fin_job *j) { return ir_coalesce(j->p); }
static bool run_schedule(struct fin_job *j) { return ir_schedule(j->p); }
/* The passes before allocation are done with the spare rewrite array
 * (ir_rewrite_begin): it goes back before the allocator's tables come
 * (issue 12, peak memory). */
static bool run_regalloc(struct fin_job *j)
{
	ir_release_spare(j->p);
	return ra_allocate(j->p);
}
static bool run_callsave(struct fin_job *j) { return ra_callsave(j->p); }
static bool run_nomask_wa(struct fin_job *j) { return ir_nomask_wa(j->p); }
static bool run_rs_wa(struct fin_job *j) { return ir_read_suppression_wa(j->p); }
static bool run_emit(struct fin_job *j) { return ir_emit_code(j->p, j->code, j->size); }

static bool has_calls(const struct ir_prog *p) { return p->has_calls; }
static bool fused_eu(const struct ir_prog *p) { return p->plat->wa.fused_eu_nomask; }
static bool read_suppression(const struct ir_prog *p) { return p->plat->wa.read_suppression; }
/* caps.def native_q / native_df: 64-bit types the hardware lacks */
static bool lacks_64bit(const struct ir_prog *p)
{
	return !p->plat->caps.native_q || !p->plat->caps.native_df;
}

struct pass_row {
	const char *name;
	bool (*run)(struct fin_job *j);
	bool (*when)(const struct ir_prog *p);   /* NULL: always */
	char letter;                             /* dump letter, 0 none */
	unsigned stage;                          /* enum ir_stage reached */
	bool (*check)(struct ir_prog *p);        /* with verify, NULL none */
};

static const struct pass_row passes[] = {
	{ "build", run_build, NULL, 'b', 0, NULL },
	{ "ifconv", run_ifconv, NULL, 'i', 0, NULL },
	{ "goto", run_goto, NULL, 'g', 0, NULL },
	{ "constfold", run_constfold, NULL, 'k', 0, NULL },
	{ "copyprop", run_copyprop, NULL, 'p', 0, NULL },
	{ "byte_layout", run_byte_layout, NULL, 'y', 0, NULL },
	{ "lower64", run_lower64, lacks_64bit, '6', 0, NULL },
	{ "dword_mul", run_dword_mul, NULL, 'm', 0, NULL },
	{ "flag_fold", run_flag_fold, NULL, 'f', 0, NULL },
	{ "legalize", run_legalize, NULL, 'l', 0, NULL },
	{ "split", run_split, NULL, 's', 0, NULL },
	{ "send_join", run_send_join, NULL, 'j', 0, NULL },
	{ "coalesce", run_coalesce, NULL, 'o', 0, NULL },
	{ "schedule", run_schedule, NULL, 'h', 0, NULL },
	{ "nomask_wa", run_nomask_wa, fused_eu, 'n', 0, NULL },
	{ "regalloc", run_regalloc, NULL, 'r', IR_STAGE_ALLOCATED, ra_verify },
	{ "callsave", run_callsave, has_calls, 'c', 0, NULL },
	{ "rs_wa", run_rs_wa, read_suppression, 'w', 0, NULL },
	{ "emit", run_emit, NULL, 0, 0, NULL },
};

#define NPASSES (sizeof passes / sizeof passes[0])

static void dump(struct ir_prog *p, const struct fin_options *o,
                 const char *name, char letter)
{
	if (!letter || !o->dump || !o->dump_letters ||
	    !strchr(o->dump_letters, letter))
		return;
	char *text = ir_print(p);
	if (text) {
		o->dump(o->dump_ctx, name, text);
		free(text);
	}
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Name the pass a verifier failure follows. */
static bool after_pass(struct ir_prog *p, const char *name)
{
	char msg[sizeof p->err->msg + 64];
	snprintf(msg, sizeof msg, "after %s: %s", name, p->err->msg);
	msg[sizeof p->err->msg - 1] = 0;
	memcpy(p->err->msg, msg, sizeof p->err->msg);
	return false;
}

bool fin_run(struct ir_prog *p, const struct vf_module *m, unsigned kernel,
             const struct fin_options *o, uint8_t **code, size_t *size)
{
	struct fin_job j = { p, m, kernel, code, size, true };
	bool verify = o->verify || VERIFY_ALWAYS;
	unsigned stages = 0;
	for (size_t i = 0; i < NPASSES; i++) {
		const struct pass_row *r = &passes[i];
		if (r->when && !r->when(p))
			continue;
		/* a result the last pass kept is for this one alone (ir.h):
		 * dropped after it unless it took it (and may have kept a
		 * result of its own for the next) */
		struct ir_carry carried = p->carry;
		double t0 = o->pass_time ? now_ms() : 0;
		/* what a pass allocates with ir_alloc is its own: freed after
		 * it (a failing pass's scope is freed by the caller) */
		ir_scratch_begin(p);
		if (!r->run(&j))
			return false;
		if (carried.arena && p->carry.arena == carried.arena &&
		    p->carry.kind == carried.kind && p->carry.what == carried.what)
			ir_carry_drop(p);
		if (o->pass_time)
			o->pass_time(o->dump_ctx, r->name, now_ms() - t0);
		stages |= r->stage;
		dump(p, o, r->name, r->letter);
		if (verify && r->run != run_emit &&
		    (!ir_verify(p, stages) || (r->check && !r->check(p))))
			return after_pass(p, r->name);
		ir_scratch_end(p);
	}
	return true;
}
