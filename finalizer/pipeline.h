/*
 * pipeline.h - running the finalizer passes on one kernel (pipeline.c),
 * for the library entry points in lib/finalize.c.
 */
#ifndef VISAFIN_PIPELINE_H
#define VISAFIN_PIPELINE_H

#include <stddef.h>
#include <stdint.h>

#include "../ir/ir.h"
#include "visa_model.h"

struct fin_options {
	const char *dump_letters;   /* passes to dump: b g l s r */
	void (*dump)(void *ctx, const char *pass, const char *text);
	void *dump_ctx;
	bool verify;                /* check the allocation (ra_verify.c) */
};

/* Build, transform, allocate and encode kernel 'kernel' of 'm' into
 * *code (malloc'ed).  'p' has its arena, error, platform and OOM jump
 * buffer set by the caller. */
bool fin_run(struct ir_prog *p, const struct vf_module *m, unsigned kernel,
             const struct fin_options *o, uint8_t **code, size_t *size);

#endif
