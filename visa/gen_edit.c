/*
 * gen_edit.c - adding, replacing and removing the Gen binaries a kernel
 * carries in its gen_binary_info (vISA fat binaries, 4_visa_header.md).
 */
#include <string.h>

#include "err.h"
#include "visa_model.h"
#include "visafin.h"

static int find_gen(const struct vf_kernel_info *k, int platform)
{
	for (unsigned j = 0; j < k->gen_count; j++)
		if (k->gens[j].platform == platform)
			return (int)j;
	return -1;
}

enum vf_status vf_module_set_gen(struct vf_module *m, unsigned kernel,
                                 int platform, enum vf_gen_edit edit,
                                 const void *bytes, size_t size,
                                 struct vf_error *err)
{
	if (kernel >= m->kernel_count)
		return vf_err(err, VF_ERR_INPUT, "no kernel %u (the object has %u)",
		              kernel, m->kernel_count);
	const char *pname = vf_platform_name(platform);
	if (!pname)
		return vf_err(err, VF_ERR_INPUT, "unknown platform code %d", platform);
	struct vf_kernel_info *k = &m->kernels[kernel];
	int at = find_gen(k, platform);
	if (edit == VF_GEN_REMOVE) {
		if (at < 0)
			return vf_err(err, VF_ERR_INPUT,
			    "kernel '%s' has no Gen binary for %s", k->name, pname);
		memmove(&k->gens[at], &k->gens[at + 1],
		        (k->gen_count - (unsigned)at - 1) * sizeof k->gens[0]);
		k->gen_count--;
		return VF_OK;
	}
	if (edit == VF_GEN_ADD && at >= 0)
		return vf_err(err, VF_ERR_INPUT,
		    "kernel '%s' already has a Gen binary for %s (use --replace)",
		    k->name, pname);
	if (edit == VF_GEN_REPLACE && at < 0)
		return vf_err(err, VF_ERR_INPUT,
		    "kernel '%s' has no Gen binary for %s to replace (use --add)",
		    k->name, pname);
	if (size > UINT32_MAX)
		return vf_err(err, VF_ERR_UNSUPPORTED, "Gen binary of %zu bytes is "
		              "too large for gen_binary_info", size);
	if (at < 0) {
		if (k->gen_count == 4)
			return vf_err(err, VF_ERR_INPUT,
			    "kernel '%s' already carries 4 Gen binaries, the maximum",
			    k->name);
		at = k->gen_count++;
	}
	uint8_t *copy = vf_arena_memdup(m->arena, bytes, size);
	if (!copy)
		return vf_err_oom(err);
	k->gens[at] = (struct vf_gen_binary){
		.platform = (uint8_t)platform, .size = (uint32_t)size, .bytes = copy,
	};
	return VF_OK;
}
