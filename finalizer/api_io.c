/*
 * api_io.c - library calls a runtime needs around finalizing
 * (visafin.h): loading a vISA object from files, the Gen binaries a fat
 * object carries, and disassembly of Gen code to IGA text.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fileio.h"
#include "visa_model.h"
#include "../encoder/gen.h"
#include "../platforms/platform.h"

#define MAX_LOAD_FILES 256

static enum vf_status load_binary(const char *path, uint8_t *d, size_t size,
                                  size_t n, struct vf_module **out,
                                  struct vf_error *err)
{
	if (n != 1)
		return vf_err(err, VF_ERR_INPUT, "%s: a binary vISA object must be "
		              "the only input", path);
	return vf_read_isa(d, size, path, out, err);
}

enum vf_status vf_load_files(const char *const *paths, size_t n,
                             struct vf_module **out, struct vf_error *err)
{
	*out = NULL;
	if (n == 0 || n > MAX_LOAD_FILES)
		return vf_err(err, VF_ERR_INPUT, "%zu input files (1 to %d)", n,
		              MAX_LOAD_FILES);
	struct vf_text *texts = calloc(n, sizeof *texts);
	uint8_t **data = calloc(n, sizeof *data);
	enum vf_status st = texts && data ? VF_OK : vf_err_oom(err);
	size_t got = 0;
	bool binary = false;
	for (; st == VF_OK && got < n; got++) {
		size_t size;
		st = vf_file_read(paths[got], &data[got], &size, err);
		if (st != VF_OK)
			break;
		texts[got] = (struct vf_text){ paths[got], (const char *)data[got],
		                               size };
		if (size >= 4 && !memcmp(data[got], "CISA", 4)) {
			st = load_binary(paths[got], data[got], size, n, out, err);
			binary = true;
			got++;
			break;
		}
	}
	if (st == VF_OK && !binary)
		st = vf_read_visaasm(texts, n, out, err);
	for (size_t i = 0; data && i < got; i++)
		free(data[i]);
	free(data);
	free(texts);
	return st;
}

const char *vf_module_kernel_name(const struct vf_module *m, unsigned kernel)
{
	return m && kernel < m->kernel_count ? m->kernels[kernel].name : NULL;
}

int vf_module_get_gen(const struct vf_module *m, unsigned kernel,
                      int platform, const uint8_t **bytes, size_t *size)
{
	*bytes = NULL;
	*size = 0;
	if (!m || kernel >= m->kernel_count)
		return 0;
	const struct vf_kernel_info *k = &m->kernels[kernel];
	for (unsigned g = 0; g < k->gen_count; g++)
		if (k->gens[g].platform == platform) {
			*bytes = k->gens[g].bytes;
			*size = k->gens[g].size;
			return 1;
		}
	return 0;
}

/* The payload after r0 follows the same rules as vf_finalize_kernel's
 * results (finalizer/api.c fill_result): local ids, then the inputs. */
enum vf_status vf_module_gen_result(const struct vf_module *m, unsigned kernel,
                                    int platform, struct vf_kernel_result *out,
                                    struct vf_error *err)
{
	memset(out, 0, sizeof *out);
	const uint8_t *bytes;
	size_t size;
	if (!vf_module_get_gen(m, kernel, platform, &bytes, &size))
		return vf_err(err, VF_ERR_INPUT, "kernel %u carries no Gen binary "
		              "for platform %d", kernel, platform);
	const struct plat_info *pl = plat_by_visa_code(platform);
	const struct vf_kernel_info *k = &m->kernels[kernel];
	const struct vf_routine *r = &k->body;
	out->name = strdup(k->name ? k->name : "");
	out->code = malloc(size ? size : 1);
	out->inputs = calloc(r->input_count ? r->input_count : 1,
	                     sizeof *out->inputs);
	if (!out->name || !out->code || !out->inputs) {
		vf_kernel_result_clear(out);
		return vf_err_oom(err);
	}
	memcpy(out->code, bytes, size);
	out->code_size = size;
	out->platform = platform;
	uint32_t simd = 8, slm = 0;
	vf_routine_attr_u32(r, "SimdSize", &simd);
	vf_routine_attr_u32(r, "SLMSize", &slm);
	out->simd_size = simd;
	if (!out->simd_size)
		out->simd_size = 8;
	out->grf_count = pl && pl->grf_count ? pl->grf_count : 128;
	out->slm_size = slm;
	out->per_thread_payload = 3u * (out->simd_size > 16 ? 64u : 32u);
	uint32_t end = 32;
	for (uint32_t i = 0; i < r->input_count; i++) {
		const struct vf_input *in = &r->inputs[i];
		out->inputs[i] = (struct vf_kernel_input){ .kind = in->kind,
			.id = in->id, .offset = in->offset, .size = in->size };
		if (in->offset >= 0 && (uint32_t)(in->offset + in->size) > end)
			end = (uint32_t)(in->offset + in->size);
	}
	out->input_count = r->input_count;
	uint32_t after = 32 + out->per_thread_payload;
	out->cross_thread_payload = end > after ? end - after : 0;
	return VF_OK;
}

enum vf_status vf_disasm(int platform, const void *code, size_t size,
                         char **text, struct vf_error *err)
{
	*text = NULL;
	const struct plat_info *pl = plat_by_visa_code(platform);
	if (!pl)
		return vf_err(err, VF_ERR_INPUT, "unknown platform code %d",
		              platform);
	return gen_disasm(pl, code, size, "Gen code", text, err);
}
