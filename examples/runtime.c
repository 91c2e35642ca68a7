/*
 * runtime.c - what a GPU runtime does with libvisafin when an
 * application loads a kernel: load the vISA object, take the Gen binary
 * it carries for the device when there is one, otherwise finalize the
 * kernel through the cache, then read what dispatching it needs.
 *
 *   runtime [-p PLATFORM] [--cache DIR] [--disasm] OBJECT [KERNEL]
 *
 * PLATFORM defaults to skl; the cache is DIR, else $VISAFIN_CACHE_DIR,
 * else none.  Uses only the installed header (docs/library.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <visafin/visafin.h>

static const char *input_category(uint8_t kind)
{
	switch (kind & 3) {
	case 0: return "general";
	case 1: return "sampler";
	case 2: return "surface";
	default: return "other";
	}
}

/* Everything the runtime sets up for one dispatch. */
static void describe(const struct vf_kernel_result *r, const char *source)
{
	printf("kernel %s (%s)\n", r->name, source);
	printf("  platform      %s\n", vf_platform_name(r->platform));
	printf("  code size     %zu bytes\n", r->code_size);
	printf("  SIMD          %u\n", r->simd_size);
	if (r->grf_used)
		printf("  GRFs          %u (used %u)\n", r->grf_count, r->grf_used);
	else   /* a fat object does not record it */
		printf("  GRFs          %u\n", r->grf_count);
	printf("  scratch       %u bytes per thread (spills %u)\n",
	       r->scratch_size, r->spill_size);
	printf("  SLM           %u bytes, barrier %s\n", r->slm_size,
	       r->uses_barrier ? "yes" : "no");
	printf("  payload       r0, %u bytes per thread, %u bytes "
	       "cross-thread\n", r->per_thread_payload,
	       r->cross_thread_payload);
	for (size_t i = 0; i < r->input_count; i++)
		printf("  input %-3zu     %s id %u at byte %d, %u bytes\n", i,
		       input_category(r->inputs[i].kind), r->inputs[i].id,
		       r->inputs[i].offset, r->inputs[i].size);
	for (size_t i = 0; i < r->reloc_count; i++)
		printf("  relocation    %s at byte %u\n", r->relocs[i].symbol,
		       r->relocs[i].offset);
}

static int fail(const struct vf_error *e)
{
	fprintf(stderr, "runtime: %s\n", e->msg);
	return 1;
}

/* Embedded binary, cache hit or fresh finalization, in that order;
 * *r (*n results, the kernel first) is released by the caller. */
static int get_code(struct vf_cache *cache, const struct vf_module *m,
                    unsigned k, int platform, struct vf_kernel_result **r,
                    size_t *n, const char **source)
{
	struct vf_error e = { 0 };
	const uint8_t *bytes;
	size_t size;
	if (vf_module_get_gen(m, k, platform, &bytes, &size)) {
		*r = calloc(1, sizeof **r);
		if (!*r) {
			fputs("runtime: out of memory\n", stderr);
			return 1;
		}
		*n = 1;
		*source = "embedded";
		return vf_module_gen_result(m, k, platform, *r, &e) == VF_OK ? 0
		       : fail(&e);
	}
	struct vf_finalize_options o = { .platform = platform };
	int hit = 0;
	if (vf_finalize_cached(cache, m, vf_module_kernel_name(m, k), &o, r, n,
	                       &hit, &e) != VF_OK)
		return fail(&e);
	*source = hit ? "cache hit" : cache ? "finalized, now cached"
	                                    : "finalized";
	return 0;
}

static int load_kernel(struct vf_cache *cache, const struct vf_module *m,
                       unsigned k, int platform, int disasm)
{
	struct vf_kernel_result *r = NULL;
	size_t n = 0;
	const char *source = "";
	int rc = get_code(cache, m, k, platform, &r, &n, &source);
	if (rc == 0) {
		describe(&r[0], source);
		char *text;
		struct vf_error e = { 0 };
		if (!disasm) {
			/* nothing more */
		} else if (vf_disasm(platform, r[0].code, r[0].code_size, &text,
		                     &e) != VF_OK) {
			rc = fail(&e);
		} else {
			fputs(text, stdout);
			free(text);
		}
	}
	vf_kernel_results_free(r, n);
	return rc;
}

int main(int argc, char **argv)
{
	const char *platform = "skl", *dir = NULL, *object = NULL, *name = NULL;
	int disasm = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-p") && i + 1 < argc)
			platform = argv[++i];
		else if (!strcmp(argv[i], "--cache") && i + 1 < argc)
			dir = argv[++i];
		else if (!strcmp(argv[i], "--disasm"))
			disasm = 1;
		else if (argv[i][0] != '-' && !object)
			object = argv[i];
		else if (argv[i][0] != '-' && !name)
			name = argv[i];
		else
			object = NULL, i = argc;
	}
	if (!object) {
		fputs("usage: runtime [-p PLATFORM] [--cache DIR] [--disasm] "
		      "OBJECT [KERNEL]\n", stderr);
		return 2;
	}
	int code = vf_platform_from_name(platform);
	if (code < 0) {
		fprintf(stderr, "runtime: unknown platform '%s'\n", platform);
		return 2;
	}
	struct vf_error e = { 0 };
	struct vf_module *m = NULL;
	struct vf_cache *cache = NULL;
	if (vf_load_files(&object, 1, &m, &e) != VF_OK)
		return fail(&e);
	if (vf_cache_open(dir, 0, &cache, &e) != VF_OK) {
		vf_module_free(m);
		return fail(&e);
	}
	int rc = 0;
	unsigned count = vf_module_kernel_count(m);
	if (name) {
		int k = vf_module_kernel_index(m, name);
		if (k < 0) {
			fprintf(stderr, "runtime: no kernel '%s'\n", name);
			rc = 1;
		} else {
			rc = load_kernel(cache, m, (unsigned)k, code, disasm);
		}
	}
	for (unsigned k = 0; !name && k < count && rc == 0; k++)
		rc = load_kernel(cache, m, k, code, disasm);
	vf_cache_close(cache);
	vf_module_free(m);
	return rc;
}
