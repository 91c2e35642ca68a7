/*
 * finalize.c - library entry points of the finalizer (visafin.h):
 * vf_finalize_kernel, vf_finalize_all and the result helpers.
 *
 * Each call owns one arena for all IR and pass data, freed before it
 * returns; out of memory anywhere in the passes jumps back here (the one
 * OOM path).  No state outlives a call, so calls on different modules
 * or kernels may run in parallel threads; vf_finalize_all does so itself
 * when the options ask for threads.
 */
#include "config.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "visa_model.h"
#include "pipeline.h"
#include "thread.h"

unsigned vf_module_kernel_count(const struct vf_module *m)
{
	return m ? m->kernel_count : 0;
}

int vf_module_kernel_index(const struct vf_module *m, const char *name)
{
	for (unsigned k = 0; m && k < m->kernel_count; k++)
		if (m->kernels[k].name && !strcmp(m->kernels[k].name, name))
			return (int)k;
	return -1;
}

void vf_kernel_result_clear(struct vf_kernel_result *r)
{
	if (!r)
		return;
	free(r->name);
	free(r->code);
	for (size_t i = 0; i < r->reloc_count; i++)
		free(r->relocs[i].symbol);
	free(r->relocs);
	free(r->inputs);
	memset(r, 0, sizeof *r);
}

void vf_kernel_results_free(struct vf_kernel_result *r, size_t count)
{
	for (size_t i = 0; r && i < count; i++)
		vf_kernel_result_clear(&r[i]);
	free(r);
}

static bool copy_relocs(const struct ir_prog *p, struct vf_kernel_result *out)
{
	if (!p->relocs.n)
		return true;
	out->relocs = calloc(p->relocs.n, sizeof *out->relocs);
	if (!out->relocs)
		return false;
	out->reloc_count = p->relocs.n;
	for (uint32_t i = 0; i < p->relocs.n; i++) {
		out->relocs[i].offset = p->relocs.a[i].offset;
		out->relocs[i].type = p->relocs.a[i].type;
		out->relocs[i].symbol = strdup(p->relocs.a[i].symbol);
		if (!out->relocs[i].symbol)
			return false;
	}
	return true;
}

/* The kernel's input table: the payload layout the runtime fills. */
static bool copy_inputs(const struct vf_routine *k, struct vf_kernel_result *out)
{
	if (!k->input_count)
		return true;
	out->inputs = calloc(k->input_count, sizeof *out->inputs);
	if (!out->inputs)
		return false;
	out->input_count = k->input_count;
	for (uint32_t i = 0; i < k->input_count; i++)
		out->inputs[i] = (struct vf_kernel_input){
			.kind = k->inputs[i].kind, .id = k->inputs[i].id,
			.offset = k->inputs[i].offset, .size = k->inputs[i].size };
	return true;
}

static void fill_result(const struct ir_prog *p, struct vf_kernel_result *out)
{
	out->platform = p->plat->visa_code;
	out->simd_size = p->simd;
	out->grf_count = p->plat->caps.grf_count;
	out->grf_used = p->grf_used;
	out->spill_size = p->spill_size;
	/* the vISA's own scratch use (private memory through %scratch, the
	 * stack) lies below SpillMemOffset, spills above it */
	out->scratch_size = p->spill_base + p->spill_size;
	if (p->has_calls)   /* the register-save stack takes the rest */
		out->scratch_size = 128 * 1024;
	out->slm_size = p->slm_size;
	out->uses_barrier = p->uses_barrier;
	uint32_t per_thread = 3u * (p->simd > 16 ? 64u : 32u);
	out->per_thread_payload = per_thread;
	uint32_t after = IR_GRF_BYTES + per_thread;
	out->cross_thread_payload = p->payload_bytes > after
	                            ? p->payload_bytes - after : 0;
}

/* The part that may jump back on OOM: no automatic variables of this
 * frame are changed after setjmp. */
static enum vf_status run(struct ir_prog *p, const struct vf_module *m,
                          unsigned kernel, const struct fin_options *fo,
                          uint8_t **code, size_t *size)
{
	jmp_buf oom;
	p->oom = &oom;
	if (setjmp(oom))
		return vf_err_oom(p->err);
	if (!fin_run(p, m, kernel, fo, code, size))
		return p->err->status != VF_OK ? p->err->status
		       : vf_err(p->err, VF_ERR_INTERNAL, "finalizer failed");
	return VF_OK;
}

enum vf_status vf_finalize_kernel(const struct vf_module *m, unsigned kernel,
                                  const struct vf_finalize_options *opt,
                                  struct vf_kernel_result *out,
                                  struct vf_error *err)
{
	struct vf_error local = { 0 };
	if (!err)
		err = &local;
	err->status = VF_OK;
	err->msg[0] = 0;
	memset(out, 0, sizeof *out);
	if (!m || kernel >= m->kernel_count)
		return vf_err(err, VF_ERR_INPUT, "no kernel %u", kernel);
	const struct plat_info *plat = opt ? plat_by_visa_code(opt->platform)
	                                   : plat_default();
	if (!plat)
		return vf_err(err, VF_ERR_INPUT, "unknown platform code %d",
		              opt ? opt->platform : -1);
	/* The model says which platforms have all the passes they need
	 * (platforms/caps.def finalizer_ready). */
	if (!plat->caps.finalizer_ready)
		return vf_err(err, VF_ERR_UNSUPPORTED, "finalizing for %s (%s) is "
		              "not supported yet", plat->name, plat->family);
	/* Declarations that would give wrong code are refused first. */
	char where[300];
	snprintf(where, sizeof where, "kernel %.256s", m->kernels[kernel].name
	         ? m->kernels[kernel].name : "?");
	enum vf_status vst = vf_validate_routine(&m->kernels[kernel].body, where,
	                                         err);
	for (unsigned f = 0; vst == VF_OK && f < m->function_count; f++) {
		snprintf(where, sizeof where, "function %.256s",
		         m->functions[f].name ? m->functions[f].name : "?");
		vst = vf_validate_routine(&m->functions[f].body, where, err);
	}
	if (vst != VF_OK)
		return vst;
	struct ir_prog p = { .err = err, .plat = plat };
	p.arena = vf_arena_new();
	if (!p.arena)
		return vf_err_oom(err);
	struct fin_options fo = { 0 };
	if (opt) {
		fo.dump_letters = opt->dump_passes;
		fo.dump = opt->dump;
		fo.dump_ctx = opt->dump_ctx;
		fo.verify = opt->verify != 0;
		fo.pass_time = opt->pass_time;
		p.no_compact = opt->no_compaction != 0;
	}
	uint8_t *code = NULL;
	size_t size = 0;
	enum vf_status st = run(&p, m, kernel, &fo, &code, &size);
	ir_scratch_free_all(&p);
	if (st == VF_OK) {
		fill_result(&p, out);
		out->name = strdup(m->kernels[kernel].name ? m->kernels[kernel].name
		                                           : "");
		out->code = code;
		out->code_size = size;
		if (!out->name || !copy_relocs(&p, out) ||
		    !copy_inputs(&m->kernels[kernel].body, out)) {
			vf_kernel_result_clear(out);
			st = vf_err_oom(err);
		}
	} else {
		free(code);
	}
	vf_arena_free(p.arena);
	return st;
}

/* Kernels of one vf_finalize_all call shared by its threads: each takes
 * the next index; results and errors land in per-kernel slots, so the
 * outcome does not depend on the order the threads run in. */
struct fin_batch {
	const struct vf_module *m;
	const struct vf_finalize_options *opt;
	struct vf_kernel_result *r;
	struct vf_error *errs;
	enum vf_status *st;
	unsigned n;
	atomic_uint next;
	atomic_bool failed;
};

static void *fin_worker(void *arg)
{
	struct fin_batch *b = arg;
	for (;;) {
		unsigned k = atomic_fetch_add(&b->next, 1);
		if (k >= b->n || atomic_load(&b->failed))
			return NULL;
		b->st[k] = vf_finalize_kernel(b->m, k, b->opt, &b->r[k],
		                              &b->errs[k]);
		if (b->st[k] != VF_OK)
			atomic_store(&b->failed, true);
	}
}

/* Run the batch on 'threads' threads (the caller's among them). */
static void fin_run_threads(struct fin_batch *b, unsigned threads)
{
	pthread_t tid[VF_MAX_THREADS];
	unsigned started = 0;
	for (unsigned t = 1; t < threads; t++) {
		if (vf_thread_start(&tid[started], fin_worker, b) != 0)
			break;  /* fewer threads: the work still gets done */
		started++;
	}
	fin_worker(b);
	for (unsigned t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
}

enum vf_status vf_finalize_all(const struct vf_module *m,
                               const struct vf_finalize_options *opt,
                               struct vf_kernel_result **out, size_t *count,
                               struct vf_error *err)
{
	*out = NULL;
	*count = 0;
	unsigned n = vf_module_kernel_count(m);
	unsigned threads = opt && opt->threads > 1 ? (unsigned)opt->threads : 1;
	if (threads > VF_MAX_THREADS)
		threads = VF_MAX_THREADS;
	if (threads > n)
		threads = n;
	if (opt && opt->dump_passes)
		threads = 1;  /* dumps come in kernel order, on this thread */
	struct vf_kernel_result *r = calloc(n ? n : 1, sizeof *r);
	if (!r)
		return vf_err_oom(err);
	if (threads <= 1) {
		for (unsigned k = 0; k < n; k++) {
			enum vf_status st = vf_finalize_kernel(m, k, opt, &r[k], err);
			if (st != VF_OK) {
				vf_kernel_results_free(r, k);
				return st;
			}
		}
		*out = r;
		*count = n;
		return VF_OK;
	}
	struct fin_batch b = { .m = m, .opt = opt, .r = r, .n = n };
	b.errs = calloc(n, sizeof *b.errs);
	b.st = calloc(n, sizeof *b.st);
	if (!b.errs || !b.st) {
		free(b.errs);
		free(b.st);
		free(r);
		return vf_err_oom(err);
	}
	atomic_init(&b.next, 0);
	atomic_init(&b.failed, false);
	fin_run_threads(&b, threads);
	/* The first kernel that failed decides, as in a serial run. */
	enum vf_status st = VF_OK;
	for (unsigned k = 0; k < n && st == VF_OK; k++)
		if (b.st[k] != VF_OK) {
			st = b.st[k];
			if (err)
				*err = b.errs[k];
		}
	free(b.errs);
	free(b.st);
	if (st != VF_OK) {
		vf_kernel_results_free(r, n);
		return st;
	}
	*out = r;
	*count = n;
	return VF_OK;
}
