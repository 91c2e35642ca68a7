/*
 * api_cache.c - finalizing through the kernel cache (visafin.h,
 * docs/cache.md): vf_cache_key_module and vf_finalize_cached.  The
 * store itself is lib/cache.c; this file joins it to the finalizer.
 */
#include "config.h"

#include <stdlib.h>

#include "err.h"

enum vf_status vf_cache_key_module(const struct vf_module *m,
                                   const char *kernel,
                                   const struct vf_finalize_options *opt,
                                   struct vf_cache_key *key,
                                   struct vf_error *err)
{
	uint8_t *bytes;
	size_t size;
	enum vf_status st = vf_write_isa(m, &bytes, &size, err);
	if (st != VF_OK)
		return st;
	struct vf_text t = { "module", (const char *)bytes, size };
	st = vf_cache_key_texts(&t, 1, kernel, opt, key, err);
	free(bytes);
	return st;
}

/* Finalize without the cache: one named kernel or all of them. */
static enum vf_status compile(const struct vf_module *m, const char *kernel,
                              const struct vf_finalize_options *opt,
                              struct vf_kernel_result **out, size_t *count,
                              struct vf_error *err)
{
	if (!kernel)
		return vf_finalize_all(m, opt, out, count, err);
	int k = vf_module_kernel_index(m, kernel);
	if (k < 0)
		return vf_err(err, VF_ERR_INPUT, "no kernel '%s'", kernel);
	struct vf_kernel_result *r = calloc(1, sizeof *r);
	if (!r)
		return vf_err_oom(err);
	enum vf_status st = vf_finalize_kernel(m, (unsigned)k, opt, r, err);
	if (st != VF_OK) {
		free(r);
		return st;
	}
	*out = r;
	*count = 1;
	return VF_OK;
}

enum vf_status vf_finalize_cached(struct vf_cache *c, const struct vf_module *m,
                                  const char *kernel,
                                  const struct vf_finalize_options *opt,
                                  struct vf_kernel_result **out,
                                  size_t *count, int *hit,
                                  struct vf_error *err)
{
	int got = 0;
	*out = NULL;
	*count = 0;
	if (hit)
		*hit = 0;
	struct vf_cache_key key;
	enum vf_status st = VF_OK;
	if (c) {
		st = vf_cache_key_module(m, kernel, opt, &key, err);
		if (st == VF_OK)
			st = vf_cache_get(c, &key, out, count, &got, err);
		if (st != VF_OK)
			return st;
		if (got) {
			if (hit)
				*hit = 1;
			return VF_OK;
		}
	}
	st = compile(m, kernel, opt, out, count, err);
	if (st == VF_OK && c) {
		struct vf_error ignored = { 0 };
		/* a cache that cannot be written costs speed, not the result */
		vf_cache_put(c, &key, *out, *count, &ignored);
	}
	return st;
}
