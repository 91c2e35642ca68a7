/* sim_harness.h - helpers for the gensim unit tests: assemble a kernel
 * in IGA syntax (end-of-thread appended), run it as one work-group in
 * gensim, read the final registers. */
#ifndef VISAFIN_SIM_HARNESS_H
#define VISAFIN_SIM_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "sim.h"

struct simh {
	const struct plat_info *p;
	struct sim_ctx *c;
	struct vf_error err;
	struct sim_launch l;
	uint8_t cross[256];     /* cross-thread data: r4.. (SIMD8/16) */
	uint8_t *code;
	size_t size;
};

/* Assemble 'text' (plus EOT) for platform 'plat' and load it: false with
 * h->err on failure.  SIMD width 'simd', one work-group of 'threads'
 * threads (1 if 0). */
bool simh_load(struct simh *h, const char *plat, unsigned simd,
               unsigned threads, const char *text);
/* Run it; h->err has the result. */
enum vf_status simh_run(struct simh *h);
/* simh_load and simh_run that must succeed, else the test fails with
 * h->err's message. */
void simh_load_ok(struct simh *h, const char *plat, unsigned simd,
                  unsigned threads, const char *text);
void simh_run_ok(struct simh *h);
void simh_free(struct simh *h);

/* Cross-thread data setters (byte offset from r4.0). */
void simh_set_ud(struct simh *h, unsigned byte, uint32_t v);
void simh_set_f(struct simh *h, unsigned byte, float v);
void simh_set_df(struct simh *h, unsigned byte, double v);
void simh_set_uq(struct simh *h, unsigned byte, uint64_t v);

/* Final registers of thread t (0 by default). */
uint32_t simh_ud(const struct simh *h, unsigned reg, unsigned dw);
uint16_t simh_uw(const struct simh *h, unsigned reg, unsigned w);
float simh_f(const struct simh *h, unsigned reg, unsigned dw);
double simh_df(const struct simh *h, unsigned reg, unsigned q);
uint64_t simh_uq(const struct simh *h, unsigned reg, unsigned q);
uint32_t simh_ud_t(const struct simh *h, unsigned t, unsigned reg,
                   unsigned dw);

/* Bits of a float / double. */
uint32_t simh_fbits(float f);
uint64_t simh_dbits(double d);

#endif
