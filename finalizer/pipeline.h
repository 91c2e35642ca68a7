/*
 * pipeline.h - running the finalizer passes on one kernel (pipeline.c),
 * for the library entry points in finalizer/api.c.
 */
#ifndef VISAFIN_PIPELINE_H
#define VISAFIN_PIPELINE_H

#include <stddef.h>
#include <stdint.h>

#include "../ir/ir.h"
#include "visa_model.h"

struct fin_options {
	const char *dump_letters;   /* passes to dump: b g p y l s o r c */
	void (*dump)(void *ctx, const char *pass, const char *text);
	void *dump_ctx;
	/* When set: each pass's time in milliseconds (ctx = dump_ctx). */
	void (*pass_time)(void *ctx, const char *pass, double ms);
	bool verify;                /* ir_verify after every pass, ra_verify
	                             * after allocation (always in
	                             * --enable-debug builds) */
};

/* Build, transform, allocate and encode kernel 'kernel' of 'm' into
 * *code (malloc'ed).  'p' has its arena, error, platform and OOM jump
 * buffer set by the caller. */
bool fin_run(struct ir_prog *p, const struct vf_module *m, unsigned kernel,
             const struct fin_options *o, uint8_t **code, size_t *size);

#endif
