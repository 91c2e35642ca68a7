/*
 * gensim.h - the gensim program: the corpus oracle ("gensim corpus DIR
 * PLATFORM") that runs Gen binaries of a corpus set on the recipes of its
 * runs.json and compares the outputs with the expected files.
 *
 *   gensim_main.c     command line
 *   gensim_corpus.c   manifest x recipes loop, one line per run
 *   gensim_setup.c    arguments, payload, memory, samplers of one run
 *   gensim_compare.c  comparison rules (exact, ulp, abs, rel, abs_file)
 *   gensim_json.c     JSON reader
 *   gensim_run.c      "gensim run": one kernel with explicit inputs
 *
 * Layout and rules: shared/corpus/README.md ("manifest", "Run recipes",
 * "Global data and relocations"); docs/gensim.md.
 */
#ifndef VISAFIN_GENSIM_H
#define VISAFIN_GENSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim.h"
#include "gensim_json.h"

struct gs_opts {
	const char *gen_dir;     /* --gen: other binaries */
	const char *only;        /* --only NAME: one recipe */
	unsigned only_simd;      /* --simd N */
	bool random;             /* --random: seeded random interleaving */
	uint64_t seed;
	int verbose;
	bool trace;
	const char *out_dir;     /* --out: write out.<arg>[.simd<N>].bin */
	bool swsb_check;         /* --swsb-check: Gen12 hazard checker */
};

#define GS_MAX_ARGS 64

/* One run: a manifest entry with its recipe. */
struct gs_run {
	const char *dir, *dev;
	const struct json *entry, *recipe;
	const struct plat_info *plat;
	const struct gs_opts *o;
	unsigned simd;
	struct sim_ctx *c;
	uint8_t *code;
	size_t code_size;
	uint64_t addr[GS_MAX_ARGS];
	uint64_t size[GS_MAX_ARGS];
	uint8_t cross[4096];
	unsigned cross_size;
	unsigned slm_size;
	unsigned scratch;
	/* --gen with DIR/<base>.gen: visafin's own metadata for the kernel
	 * (scratch it needs, relocations); NULL for IGC's or a bare .dat */
	struct vf_kernel_result *gen;
	struct sim_launch launch;
	char why[1024];
};

/* Read a whole file; NULL if it cannot be read.  *len gets the size. */
uint8_t *gs_read_file(const char *path, size_t *len);
/* Set r->why (printf-style); returns false for "return gs_fail(...)". */
bool gs_fail(struct gs_run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* --swsb-check only checks platforms with a software scoreboard; on the
 * others it says so on stderr and checks nothing (so that one set of
 * flags serves every platform, e.g. checks/finalizer.sh GS_FLAGS).
 * Returns true (kept for a future refusal). */
bool gs_swsb_platform_ok(const char *platform);

int gs_corpus(const char *dir, const char *dev, const struct gs_opts *o);
/* "gensim run PLATFORM K.dat ...": one kernel with explicit inputs
 * (gensim_run.c); returns the exit status. */
int gs_run_kernel(int argc, char **argv);
/* Load the binary, lay out memory and payload: false with r->why. */
bool gs_setup(struct gs_run *r);
/* Program-level parts (gensim_program.c): the binary, global data and
 * relocations, inline samplers; the sampler state of OpenCL names. */
bool gs_load_code(struct gs_run *r);
bool gs_program_data(struct gs_run *r);
bool gs_inline_samplers(struct gs_run *r);
bool gs_sampler_desc(const char *addr, const char *filter, bool norm,
                     struct sim_sampler_desc *d);
/* Write every buffer and image argument to o->out_dir. */
bool gs_write_outputs(struct gs_run *r);
/* Compare every output of the recipe: false with r->why. */
bool gs_compare(struct gs_run *r);

#endif
