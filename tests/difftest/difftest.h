/*
 * difftest.h - random vISA programs finalized by visafin and by GenX_IR,
 * run in gensim and compared (docs/difftest.md).
 */
#ifndef VISAFIN_DIFFTEST_H
#define VISAFIN_DIFFTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Layout every generated kernel shares: two 128-byte input blocks are
 * loaded into X, the results are the 512 bytes of R, stored to four
 * output blocks.  The kernel arguments are six 64-bit addresses. */
#define DT_IN_BYTES 256
#define DT_OUT_BYTES 512
#define DT_ARG_OFFSET 128      /* r4: after r0 and the local ids */
#define DT_ARG_COUNT 6         /* IN0 IN1 OUT0..OUT3 */

/* A random program: fixed head and tail around body units.  A unit is
 * one instruction or one self-contained group (a branch with its label,
 * a loop), so that removing units keeps the program valid. */
struct dt_prog {
	unsigned simd;
	char *head, *tail;
	char **units;
	size_t nunits;
	bool *dropped;             /* minimization: units left out */
};

/* In a unit's text: what follows goes after the kernel's end (a
 * subroutine the unit calls). */
#define DT_SUB_MARK '\001'

/* xorshift64* */
struct dt_rng {
	uint64_t s;
};
uint64_t dt_rand(struct dt_rng *r);
unsigned dt_below(struct dt_rng *r, unsigned n);

/* Generate program 'p' from rng state (gen.c). */
void dt_generate(struct dt_rng *r, struct dt_prog *p);
void dt_prog_free(struct dt_prog *p);
/* The program's text (malloc'ed). */
char *dt_text(const struct dt_prog *p);

/* Outcome of one program (run.c). */
enum dt_result { DT_PASS, DT_MISMATCH, DT_VF_ERROR, DT_GX_ERROR, DT_SIM_ERROR };

struct dt_ctx {
	const char *platform;      /* visafin's name: skl, bxt */
	const char *genx_platform; /* GenX_IR's name: SKL, BXT */
	char workdir[256];         /* GenX_IR runs here */
	char msg[512];             /* what went wrong */
	uint64_t sim_insts;
};

/* Finalize 'text' both ways, run both on 'input', compare. */
enum dt_result dt_check(struct dt_ctx *c, const char *text, unsigned simd,
                        const uint8_t input[DT_IN_BYTES]);

#endif
