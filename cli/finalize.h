/*
 * finalize.h - pieces shared by the two spellings of the finalize
 * command: visafin's own (cmd_finalize.c) and GenX_IR's (cmd_genx.c).
 */
#ifndef VISAFIN_CLI_FINALIZE_H
#define VISAFIN_CLI_FINALIZE_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "visafin.h"

struct plat_info;

/* The finalize command's arguments (cmd_finalize.c parses them). */
#define MAX_INPUTS 64   /* texts of one module */

enum fin_mode { MODE_GEN, MODE_RAW, MODE_ASM, MODE_FAT, MODE_COUNT };

struct fin_args {
	const char *platform, *out, *kernel, *dump, *cache;
	int verify, no_compaction, time_passes;
	bool no_siblings;       /* --no-siblings: no X.f<K>.visaasm */
	int jobs;               /* -j N, 0 = the number of processors */
	bool batch;             /* -o DIR/: each input on its own */
	const char **in;        /* malloc'ed */
	int nin, in_cap;
	enum fin_mode mode;      /* the last of --raw, -S, --fat given */
	unsigned forms;          /* bit 1 << MODE_X for each of them given
	                          * (batch: one output file for each) */
};

/* Load a->in (through the cache when there is one), finalize as 'a' asks
 * and write the output to a->out (or the default name); returns the exit
 * code after printing any error. */
int fin_one(const struct fin_args *a, const struct plat_info *pl);
/* Batch mode (cmd_batch.c): a->in each on its own into the folder a->out,
 * a->jobs at a time. */
int fin_batch(const struct fin_args *a, const struct plat_info *pl);
/* DIR/NAME.EXT, the output of batch input 'in' in the form 'mode'
 * (NAME: the input's file name without its extension); NULL when out of
 * memory. */
char *fin_batch_out(const char *dir, const char *in, enum fin_mode mode);
/* Processors this process may run on (at least 1). */
int fin_cores(void);

/* Finalize kernel 'kernel' (NULL: every kernel) of 'm'; prints the error
 * and returns its exit code, or 0 with *r (*n entries) to be released
 * with vf_kernel_results_free. */
int fin_compile(const struct vf_module *m, const char *kernel,
                const struct vf_finalize_options *o,
                struct vf_kernel_result **r, size_t *n);

/* Output writers; each returns an exit code (0 on success) after
 * printing any error.  All write a temporary and rename it. */
/* Raw binary; with 'relocs', its relocations in OUT.rel.json. */
int fin_write_raw(const struct vf_kernel_result *r, const char *out,
                  bool relocs);
int fin_write_asm(const struct plat_info *pl,
                  const struct vf_kernel_result *r, size_t n,
                  const char *out);
int fin_write_fat(struct vf_module *m, const struct vf_kernel_result *r,
                  size_t n, const char *out);
int fin_write_gen(const struct vf_kernel_result *r, size_t n,
                  const char *out);

/* The kernel cache of the finalize command (fin_cache.c).  fin_cache_begin
 * reads the inputs (with 'map' and no cache, large ones are mapped:
 * cli_map); with 'use' it opens the cache ('dir', else
 * $VISAFIN_CACHE_DIR; neither: no cache) and keys the inputs.  Functions
 * returning int return an exit code after printing any error. */
struct fin_cache {
	struct cli_inputs in;
	bool have_inputs;
	struct vf_cache *cache;   /* NULL: not caching */
	struct vf_cache_key key;
};
int fin_cache_begin(struct fin_cache *fc, const char *dir,
                    const char *const *in, int nin, bool no_siblings,
                    const char *kernel,
                    const struct vf_finalize_options *o, bool use,
                    bool map);
/* *hit with *r (*n results) when the cache holds them. */
int fin_cache_lookup(struct fin_cache *fc, struct vf_kernel_result **r,
                     size_t *n, bool *hit);
/* Store results; a cache that cannot be written only warns. */
void fin_cache_store(struct fin_cache *fc, const struct vf_kernel_result *r,
                     size_t n);
/* Parse the module from the bytes that were read, then free them. */
int fin_cache_module(struct fin_cache *fc, struct vf_module **m);
void fin_cache_end(struct fin_cache *fc);

/* GenX_IR's command line (cmd_genx.c). */
bool genx_wanted(int argc, char **argv);
int cmd_genx(int argc, char **argv);

#endif
