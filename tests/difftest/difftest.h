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

/* What the target platform takes (from platforms/caps.def), so that the
 * generator writes only programs both finalizers can take and agree on.
 * All true except where a platform says otherwise; on a platform with
 * every row true the programs are those of earlier versions. */
struct dt_target {
	bool df;              /* caps.native_df: DF arithmetic */
	bool native_q;        /* caps.native_q: q/uq <-> f/df conversions and
	                       * (abs) on q/uq (lower64.c takes neither) */
	/* caps.region_64bit_restricted: GenX_IR moves a 64-bit result whose
	 * GRF offset differs from a vector source's through a temporary
	 * that it copies back whole under NoMask without loading it first,
	 * so channels the instruction does not write (predicate, divergent
	 * branch) get garbage; such instructions are written only where
	 * every channel is on (docs/difftest.md "Oracle disagreements"). */
	bool offsets_64bit_any_mask;
	unsigned genx_quirks;   /* DT_GX_*: GenX_IR bugs the programs avoid */
};

/* GenX_IR bugs (the oracle, not the hardware; docs/difftest.md "Oracle
 * disagreements" has the evidence): what the generator does not write
 * for the platforms main.c lists. */
#define DT_GX_PRED_HF_COPY 1u  /* a predicated f -> hf mov: the copy out of
                                * GenX_IR's temporary drops the predicate */
#define DT_GX_MACL_SAT     2u  /* mul.sat with dword operands: GenX_IR's
                                * mul + macl sequence drops the .sat
                                * (ICLLP, TGLLP), its mul + mach + mov
                                * clamps only the low 32 bits (BXT) */
#define DT_GX_Q_STRIDED    4u  /* a q/uq <-> 32-bit conversion with a
                                * strided destination or of one channel:
                                * GenX_IR's 64-bit emulation writes both
                                * halves, or sign-extends from the wrong
                                * dword */

/* Generate program 'p' from rng state for target 't' (gen.c). */
void dt_generate(struct dt_rng *r, const struct dt_target *t,
                 struct dt_prog *p);
void dt_prog_free(struct dt_prog *p);
/* The program's text (malloc'ed). */
char *dt_text(const struct dt_prog *p);

/* Outcome of one program (run.c). */
enum dt_result { DT_PASS, DT_MISMATCH, DT_VF_ERROR, DT_GX_ERROR, DT_SIM_ERROR };

struct dt_ctx {
	const char *platform;      /* visafin's name: bdw, skl, bxt, ... */
	const char *genx_platform; /* GenX_IR's name: BDW, SKL, BXT, ... */
	struct dt_target target;
	char workdir[256];         /* GenX_IR runs here */
	char msg[512];             /* what went wrong */
	uint64_t sim_insts;
};

/* Finalize 'text' both ways, run both on 'input', compare. */
enum dt_result dt_check(struct dt_ctx *c, const char *text, unsigned simd,
                        const uint8_t input[DT_IN_BYTES]);

#endif
