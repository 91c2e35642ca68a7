/*
 * fin_cache.c - the finalize command's use of the kernel cache
 * (--cache DIR or VISAFIN_CACHE_DIR; docs/cache.md).
 *
 * The key is taken over the input files' bytes as read, before parsing,
 * so that a hit costs reading the inputs, hashing them and reading one
 * entry: no parse, no finalize.  On a miss the module is parsed from the
 * same bytes that were hashed, so a file changing meanwhile cannot be
 * stored under the old bytes' key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "finalize.h"

int fin_cache_begin(struct fin_cache *fc, const char *dir,
                    const char *const *in, int nin, bool no_siblings,
                    const char *kernel,
                    const struct vf_finalize_options *o, bool use, bool map)
{
	struct vf_error err = { 0 };
	memset(fc, 0, sizeof *fc);
	/* With a cache the bytes keyed must be the bytes parsed: they are
	 * read into memory then; without one, large inputs may be mapped. */
	const char *env = getenv("VISAFIN_CACHE_DIR");
	bool caching = use && ((dir && *dir) || (env && *env));
	if (cli_read_inputs(in, nin, no_siblings, map && !caching, &fc->in,
	                    &err) != VF_OK)
		return cli_fail(&err);
	fc->have_inputs = true;
	if (!use)
		return 0;
	if (vf_cache_open(dir, 0, &fc->cache, &err) != VF_OK) {
		if (dir) {   /* asked for by name: not having it is an error */
			fin_cache_end(fc);
			return cli_fail(&err);
		}
		fprintf(stderr, "visafin: warning: %s; not caching\n", err.msg);
		return 0;
	}
	if (fc->cache && vf_cache_key_texts(fc->in.texts, fc->in.n, kernel, o,
	                                    &fc->key, &err) != VF_OK) {
		fin_cache_end(fc);
		return cli_fail(&err);
	}
	return 0;
}

int fin_cache_lookup(struct fin_cache *fc, struct vf_kernel_result **r,
                     size_t *n, bool *hit)
{
	struct vf_error err = { 0 };
	int got = 0;
	*hit = false;
	if (vf_cache_get(fc->cache, &fc->key, r, n, &got, &err) != VF_OK)
		return cli_fail(&err);
	*hit = got != 0;
	return 0;
}

void fin_cache_store(struct fin_cache *fc, const struct vf_kernel_result *r,
                     size_t n)
{
	struct vf_error err = { 0 };
	if (fc->cache && vf_cache_put(fc->cache, &fc->key, r, n, &err) != VF_OK)
		fprintf(stderr, "visafin: warning: %s\n", err.msg);
}

/* The texts are dead once parsed (the key was taken in fin_cache_begin
 * and the module keeps no pointer into them): they are freed here, so
 * that they are not part of the compile's peak (7 MB at straight 50k). */
int fin_cache_module(struct fin_cache *fc, struct vf_module **m)
{
	struct vf_error err = { 0 };
	enum vf_status st = cli_parse_inputs(&fc->in, m, &err);
	cli_inputs_free(&fc->in);
	fc->have_inputs = false;
	return st == VF_OK ? 0 : cli_fail(&err);
}

void fin_cache_end(struct fin_cache *fc)
{
	if (fc->have_inputs)
		cli_inputs_free(&fc->in);
	vf_cache_close(fc->cache);
	memset(fc, 0, sizeof *fc);
}
