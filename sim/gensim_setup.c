/*
 * gensim_setup.c - everything the runtime does before a kernel runs:
 * load the Gen binary (applying the program's relocations), place the
 * recipe's buffers, images and program data in GPU memory, fill the
 * binding table and the sampler states, build the cross-thread data
 * from the manifest's argument pieces, and size SLM, scratch and private
 * memory.
 *
 * Sources: shared/corpus/README.md ("The thread payload", "Global data
 * and relocations", "Run recipes"), the manifests' payload records (IGC's
 * .ze_info), GEN-FACTS.md 7.1 (private memory = base + FFTID * size per
 * thread, IGC PrivateMemoryResolution.cpp).  Runtime choices that no
 * corpus file states are listed in docs/gensim.md "Runtime choices":
 * buffers page-aligned below 4 GB, local arguments 16-byte aligned after
 * the kernel's own SLM, scratch per thread rounded up to a power of two,
 * private memory 1 KB per work-item when the kernel declares none,
 * sampler pieces as NEO patches them (snap_wa all ones only for clamp +
 * nearest), and inline samplers read from the OpenCL source
 * (gensim_program.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gensim.h"

static const struct json *recipe_arg(const struct gs_run *r, unsigned idx)
{
	const struct json *args = json_get(r->recipe, "args");
	for (size_t i = 0; i < json_len(args); i++)
		if (json_num(json_at(args, i), "index", -1) == idx)
			return json_at(args, i);
	return NULL;
}

static bool put(struct gs_run *r, const struct json *piece, const void *v,
                size_t n)
{
	double off = json_num(piece, "offset", -1);
	size_t size = (size_t)json_num(piece, "size", 0);
	if (off < 0 || off + (double)size > sizeof(r->cross))
		return gs_fail(r, "payload piece %s outside the cross-thread "
		               "data", json_str(piece, "kind", "?"));
	memset(r->cross + (size_t)off, 0, size);
	memcpy(r->cross + (size_t)off, v, n < size ? n : size);
	return true;
}

static uint8_t *arg_file(struct gs_run *r, const struct json *ra, size_t *n)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/runs/%s/%s", r->dir,
	         json_str(r->recipe, "name", "?"), json_str(ra, "file", "?"));
	uint8_t *d = gs_read_file(path, n);
	if (!d)
		gs_fail(r, "cannot read %s", path);
	return d;
}

static bool alloc_arg(struct gs_run *r, unsigned idx, const struct json *ra)
{
	size_t n;
	uint8_t *d = arg_file(r, ra, &n);
	if (!d)
		return false;
	struct vf_error e = { 0 };
	enum vf_status st = sim_alloc(r->c, n, 4096, d, &r->addr[idx], &e);
	free(d);
	r->size[idx] = n;
	return st == VF_OK || gs_fail(r, "%s", e.msg);
}

static bool buffer_arg(struct gs_run *r, const struct json *a,
                       const struct json *ra, unsigned idx)
{
	if (strcmp(json_str(ra, "kind", ""), "buffer") || !alloc_arg(r, idx, ra))
		return r->why[0] ? false : gs_fail(r, "argument %u is not a "
		                                   "buffer in the recipe", idx);
	const struct json *ps = json_get(a, "pieces");
	for (size_t i = 0; i < json_len(ps); i++) {
		const struct json *p = json_at(ps, i);
		const char *k = json_str(p, "kind", "");
		uint64_t zero = 0;
		bool ok = true;
		if (!strcmp(k, "buffer_address") || (!strcmp(k, "arg_bypointer") &&
		    json_num(p, "size", 0) == 8))
			ok = put(r, p, &r->addr[idx], 8);
		else if (!strcmp(k, "buffer_offset"))
			ok = put(r, p, &zero, 8);
		else if (!strcmp(k, "buffer_size"))
			ok = put(r, p, &r->size[idx], 8);
		else if (json_num(p, "size", 0) != 0)
			return gs_fail(r, "buffer payload piece %s", k);
		if (!ok)
			return false;
	}
	const struct json *bti = json_get(a, "bti");
	if (bti && bti->kind == JSON_NUM) {
		struct vf_error e = { 0 };
		if (sim_bind_buffer(r->c, (unsigned)bti->num, r->addr[idx],
		                    r->size[idx], &e) != VF_OK)
			return gs_fail(r, "%s", e.msg);
	}
	return true;
}

static bool value_arg(struct gs_run *r, const struct json *a,
                      const struct json *ra)
{
	size_t n;
	uint8_t *d = arg_file(r, ra, &n);
	if (!d)
		return false;
	const struct json *ps = json_get(a, "pieces");
	bool ok = true;
	for (size_t i = 0; ok && i < json_len(ps); i++) {
		const struct json *p = json_at(ps, i);
		size_t so = (size_t)json_num(p, "source_offset", 0);
		size_t sz = (size_t)json_num(p, "size", 0);
		/* a piece may be wider than the value (a char in 4 bytes) */
		if (strcmp(json_str(p, "kind", ""), "arg_byvalue") || so > n)
			ok = gs_fail(r, "by-value payload piece %s",
			             json_str(p, "kind", "?"));
		else
			ok = put(r, p, d + so, so + sz <= n ? sz : n - so);
	}
	free(d);
	return ok;
}

static bool local_arg(struct gs_run *r, const struct json *a,
                      const struct json *ra)
{
	uint64_t off = (r->slm_size + 15) & ~15u;
	r->slm_size = (unsigned)(off + (uint64_t)json_num(ra, "bytes", 0));
	const struct json *ps = json_get(a, "pieces");
	for (size_t i = 0; i < json_len(ps); i++) {
		const struct json *p = json_at(ps, i);
		if (json_num(p, "size", 0) && !put(r, p, &off, 8))
			return false;
	}
	return true;
}

static bool image_fmt(struct gs_run *r, const struct json *ra,
                      struct sim_image_desc *d)
{
	static const char *orders[] = { "CL_R", "CL_RG", "CL_RGBA", "CL_BGRA" };
	static const char *types[] = {
		"CL_UNORM_INT8", "CL_SNORM_INT8", "CL_UNORM_INT16", "CL_SNORM_INT16",
		"CL_UNSIGNED_INT8", "CL_SIGNED_INT8", "CL_UNSIGNED_INT16",
		"CL_SIGNED_INT16", "CL_UNSIGNED_INT32", "CL_SIGNED_INT32",
		"CL_HALF_FLOAT", "CL_FLOAT" };
	const char *o = json_str(ra, "channel_order", ""),
	           *t = json_str(ra, "channel_data_type", "");
	unsigned i;
	for (i = 0; i < SIM_ORDER_COUNT && strcmp(orders[i], o); i++)
		;
	if (i == SIM_ORDER_COUNT)
		return gs_fail(r, "image channel order %s", o);
	d->order = (enum sim_chan_order)i;
	for (i = 0; i < SIM_CT_COUNT && strcmp(types[i], t); i++)
		;
	if (i == SIM_CT_COUNT)
		return gs_fail(r, "image channel data type %s", t);
	d->type = (enum sim_chan_type)i;
	d->width = (unsigned)json_num(ra, "width", 0);
	d->height = (unsigned)json_num(ra, "height", 1);
	d->depth = (unsigned)json_num(ra, "depth", 1);
	d->row_pitch = (unsigned)json_num(ra, "row_pitch", 0);
	d->slice_pitch = d->row_pitch * d->height;
	const char *it = json_str(ra, "image_type", "image2d");
	if (strcmp(it, "image1d") && strcmp(it, "image2d") &&
	    strcmp(it, "image3d"))
		return gs_fail(r, "image type %s", it);
	return true;
}

/* Image payload pieces: sizes, and the OpenCL enum values that
 * get_image_channel_data_type / _order return (cl.h). */
static bool image_piece(const struct sim_image_desc *d, const char *k,
                        uint32_t *v)
{
	static const uint32_t order[SIM_ORDER_COUNT] = { 0x10B0, 0x10B2, 0x10B5,
	                                                 0x10B6 };
	static const uint32_t type[SIM_CT_COUNT] = {
		0x10D2, 0x10D0, 0x10D3, 0x10D1, 0x10DA, 0x10D7, 0x10DB, 0x10D8,
		0x10DC, 0x10D9, 0x10DD, 0x10DE };
	if (!strcmp(k, "image_width"))
		*v = d->width;
	else if (!strcmp(k, "image_height"))
		*v = d->height;
	else if (!strcmp(k, "image_depth"))
		*v = d->depth;
	else if (!strcmp(k, "image_channel_order"))
		*v = order[d->order];
	else if (!strcmp(k, "image_channel_data_type"))
		*v = type[d->type];
	else if (!strcmp(k, "image_array_size") ||
	         !strcmp(k, "image_num_samples") ||
	         !strcmp(k, "image_num_mip_levels"))
		*v = 0;
	else
		return false;
	return true;
}

static bool image_arg(struct gs_run *r, const struct json *a,
                      const struct json *ra, unsigned idx)
{
	struct sim_image_desc d;
	if (strcmp(json_str(ra, "kind", ""), "image"))
		return gs_fail(r, "argument %u is not an image in the recipe", idx);
	if (!image_fmt(r, ra, &d) || !alloc_arg(r, idx, ra))
		return false;
	struct vf_error e = { 0 };
	if (sim_bind_image(r->c, (unsigned)json_num(a, "bti", 0), r->addr[idx],
	                   &d, &e) != VF_OK)
		return gs_fail(r, "%s", e.msg);
	const struct json *ps = json_get(a, "pieces");
	for (size_t i = 0; i < json_len(ps); i++) {
		const struct json *p = json_at(ps, i);
		const char *k = json_str(p, "kind", "");
		uint32_t v;
		if (!json_num(p, "size", 0))
			continue;
		if (!image_piece(&d, k, &v))
			return gs_fail(r, "image payload piece %s", k);
		if (!put(r, p, &v, 4))
			return false;
	}
	return true;
}

static bool sampler_arg(struct gs_run *r, const struct json *a,
                        const struct json *ra)
{
	struct sim_sampler_desc d;
	const char *am = json_str(ra, "addressing_mode", "");
	if (!gs_sampler_desc(am, json_str(ra, "filter_mode", ""),
	                     json_bool(ra, "normalized_coords", false), &d))
		return gs_fail(r, "sampler %s", am);
	sim_set_sampler(r->c, (unsigned)json_num(a, "sampler_index", 0), &d);
	/* what NEO patches (Sampler::getSnapWaValue, SamplerPatchValues) */
	static const uint32_t addr_code[] = { 0, 2, 1, 3, 4 };
	uint32_t vals[3] = { d.addr == SIM_ADDR_CLAMP && !d.linear ? ~0u : 0,
	                     addr_code[d.addr], d.normalized ? 8u : 0u };
	static const char *kinds[3] = { "sampler_snap_wa", "sampler_address",
	                                "sampler_normalized" };
	const struct json *ps = json_get(a, "pieces");
	for (size_t i = 0; i < json_len(ps); i++) {
		const struct json *p = json_at(ps, i);
		const char *k = json_str(p, "kind", "");
		unsigned j = 0;
		if (!json_num(p, "size", 0))
			continue;
		while (j < 3 && strcmp(k, kinds[j]))
			j++;
		if (j == 3)
			return gs_fail(r, "sampler payload piece %s", k);
		if (!put(r, p, &vals[j], 4))
			return false;
	}
	return true;
}

static bool explicit_args(struct gs_run *r)
{
	const struct json *args = json_get(json_get(r->entry, "payload"),
	                                   "explicit_args");
	for (size_t i = 0; i < json_len(args); i++) {
		const struct json *a = json_at(args, i);
		unsigned idx = (unsigned)json_num(a, "index", 0);
		const char *cls = json_str(a, "class", "");
		const struct json *ra = recipe_arg(r, idx);
		bool ok;
		if (idx >= GS_MAX_ARGS || !ra)
			return gs_fail(r, "argument %u has no recipe", idx);
		if (!strcmp(cls, "buffer"))
			ok = buffer_arg(r, a, ra, idx);
		else if (!strcmp(cls, "by_value"))
			ok = value_arg(r, a, ra);
		else if (!strcmp(cls, "local_pointer"))
			ok = local_arg(r, a, ra);
		else if (!strcmp(cls, "image"))
			ok = image_arg(r, a, ra, idx);
		else if (!strcmp(cls, "sampler"))
			ok = sampler_arg(r, a, ra);
		else if (!strcmp(cls, "unused"))
			ok = strcmp(json_str(ra, "kind", ""), "buffer") ||
			     alloc_arg(r, idx, ra);
		else
			ok = gs_fail(r, "argument class %s", cls);
		if (!ok)
			return false;
	}
	return true;
}

/* ---- implicit arguments, private memory, scratch ---------------------- */

static uint64_t per_thread_private(const struct gs_run *r)
{
	const struct json *b = json_get(r->entry, "per_thread_memory_buffers");
	for (size_t i = 0; i < json_len(b); i++) {
		const struct json *x = json_at(b, i);
		if (!strcmp(json_str(x, "usage", ""), "private_space"))
			return (uint64_t)json_num(x, "size", 0) *
			       (json_bool(x, "is_simt_thread", false) ? r->simd : 1);
	}
	return 1024ull * r->simd;
}

static bool private_base(struct gs_run *r, const struct json *p)
{
	uint64_t n = per_thread_private(r) * sim_threads_per_group(&r->launch);
	uint64_t addr;
	struct vf_error e = { 0 };
	if (sim_alloc(r->c, n, 4096, NULL, &addr, &e) != VF_OK)
		return gs_fail(r, "%s", e.msg);
	return put(r, p, &addr, 8);
}

/* printf output is not compared; the buffer only has to take it: 1 MB
 * whose first dword (the write offset IGC's printf advances atomically)
 * starts past itself. */
static bool printf_buffer(struct gs_run *r, const struct json *p)
{
	uint64_t addr;
	struct vf_error e = { 0 };
	if (sim_alloc(r->c, 1 << 20, 4096, NULL, &addr, &e) != VF_OK)
		return gs_fail(r, "%s", e.msg);
	uint32_t *head = sim_host_ptr(r->c, addr, 4);
	if (head)
		*head = 8;
	return put(r, p, &addr, 8);
}

static bool implicit_arg(struct gs_run *r, const struct json *p)
{
	const char *k = json_str(p, "kind", "");
	const struct sim_launch *l = &r->launch;
	uint32_t v[3];
	for (unsigned d = 0; d < 3; d++) {
		if (!strcmp(k, "global_id_offset"))
			v[d] = l->global_offset[d];
		else if (!strcmp(k, "local_size") ||
		         !strcmp(k, "enqueued_local_size"))
			v[d] = l->local_size[d];
		else if (!strcmp(k, "global_size"))
			v[d] = l->global_size[d];
		else if (!strcmp(k, "group_count"))
			v[d] = l->global_size[d] / l->local_size[d];
		else
			v[d] = l->work_dim;
	}
	if (!strcmp(k, "private_base_stateless"))
		return private_base(r, p);
	if (!strcmp(k, "printf_buffer"))
		return printf_buffer(r, p);
	if (strcmp(k, "global_id_offset") && strcmp(k, "local_size") &&
	    strcmp(k, "enqueued_local_size") && strcmp(k, "global_size") &&
	    strcmp(k, "group_count") && strcmp(k, "work_dimensions"))
		return gs_fail(r, "implicit payload piece %s", k);
	return put(r, p, v, sizeof(v));
}

static unsigned scratch_size(const struct gs_run *r)
{
	const struct json *b = json_get(r->entry, "per_thread_memory_buffers");
	uint64_t need = r->gen ? r->gen->scratch_size : 0;
	for (size_t i = 0; !r->gen && i < json_len(b); i++) {
		const struct json *x = json_at(b, i);
		uint64_t s = (uint64_t)json_num(x, "size", 0);
		if (!strcmp(json_str(x, "type", ""), "scratch") && s > need)
			need = s;
	}
	if (!need)
		return 0;
	unsigned n = 1024;
	while (n < need)
		n *= 2;
	return n;
}

static bool launch_from_recipe(struct gs_run *r)
{
	const struct json *nd = json_get(r->recipe, "ndrange");
	const char *keys[3] = { "global_offset", "global_size", "local_size" };
	uint32_t *dst[3] = { r->launch.global_offset, r->launch.global_size,
	                     r->launch.local_size };
	r->launch.simd = r->simd;
	r->launch.work_dim = (unsigned)json_num(nd, "work_dim", 1);
	for (unsigned k = 0; k < 3; k++) {
		const struct json *a = json_get(nd, keys[k]);
		if (json_len(a) != 3)
			return gs_fail(r, "recipe ndrange %s", keys[k]);
		for (unsigned d = 0; d < 3; d++)
			dst[k][d] = (uint32_t)json_at(a, d)->num;
	}
	return true;
}

bool gs_setup(struct gs_run *r)
{
	const struct json *pl = json_get(r->entry, "payload");
	const struct json *env = json_get(r->entry, "execution_env");
	struct vf_error e = { 0 };
	r->c = sim_create(r->plat, &e);
	if (!r->c)
		return gs_fail(r, "%s", e.msg);
	if (!gs_load_code(r) || !launch_from_recipe(r) || !gs_program_data(r))
		return false;
	if (sim_load_kernel(r->c, r->code, r->code_size,
	                    json_str(r->recipe, "name", "kernel"), &e) != VF_OK)
		return gs_fail(r, "%s", e.msg);
	r->slm_size = (unsigned)json_num(env, "slm_size", 0);
	if (!explicit_args(r))
		return false;
	const struct json *imp = json_get(pl, "implicit_args");
	for (size_t i = 0; i < json_len(imp); i++)
		if (!implicit_arg(r, json_at(imp, i)))
			return false;
	if (!gs_inline_samplers(r))
		return false;
	r->cross_size = (unsigned)json_num(pl, "cross_thread_bytes_used", 0);
	r->launch.cross_thread = r->cross;
	r->launch.cross_thread_size = (r->cross_size + 31) & ~31u;
	r->launch.cross_thread_offset = (unsigned)json_num(pl,
	                                  "cross_thread_grf_offset", 128);
	r->launch.slm_size = r->slm_size;
	r->launch.scratch_per_thread = scratch_size(r);
	const struct json *walk = json_get(env, "work_group_walk_order_dimensions");
	for (unsigned k = 0; k < 3 && json_len(walk) == 3; k++)
		r->launch.walk[k] = (uint8_t)json_at(walk, k)->num;
	r->launch.sched = r->o->random ? SIM_SCHED_RANDOM : SIM_SCHED_ORDERED;
	r->launch.seed = r->o->seed;
	return true;
}
