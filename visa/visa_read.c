/*
 * visa_read.c - binary vISA object (.isa) -> vf_module.
 *
 * Implements the object format of shared/spec/visa/4_visa_header.md as
 * Intel's tools write it (versions 3.x to 4.1): the common header
 * (kernels, file-scope variables, functions, gen_binary_info), then each
 * kernel/function body at its offset.  Instructions are decoded by
 * visa_inst_read() (visa_inst_io.c).  Every read is bounds-checked and
 * every malformed input is reported with its byte offset.
 */
#include <string.h>

#include "bytes.h"
#include "visa_model.h"
#include "visa_ops.h"
#include "visafin.h"

#define CISA_MAGIC 0x41534943u
#define MAX_KERNELS 512

struct reader {
	struct vf_cursor c;
	struct vf_module *m;
};

static bool oom(struct reader *r)
{
	vf_err_oom(r->c.err);
	return false;
}

static void *alloc_array(struct reader *r, size_t n, size_t size)
{
	void *p = vf_arena_array(r->m->arena, n, size);
	if (!p)
		oom(r);
	return p;
}

/* A name stored as a length (1 or 2 bytes) and that many bytes. */
static bool read_name(struct reader *r, unsigned len_bytes, char **out,
                      const char *what)
{
	uint64_t len;
	const uint8_t *p;
	if (!vf_cur_uint(&r->c, len_bytes, &len, what))
		return false;
	if (!vf_cur_bytes(&r->c, (size_t)len, &p, what))
		return false;
	*out = vf_arena_strndup(r->m->arena, (const char *)p, (size_t)len);
	return *out ? true : oom(r);
}

static bool read_relocs(struct reader *r, struct vf_relocs *rel,
                        const char *what)
{
	if (!vf_cur_u16(&r->c, &rel->count, what))
		return false;
	rel->items = alloc_array(r, rel->count, sizeof *rel->items);
	if (!rel->items)
		return false;
	for (unsigned i = 0; i < rel->count; i++)
		if (!vf_cur_u16(&r->c, &rel->items[i].symbolic_index,
		                "relocation symbolic_index") ||
		    !vf_cur_u16(&r->c, &rel->items[i].resolved_index,
		                "relocation resolved_index"))
			return false;
	return true;
}

static bool read_attrs(struct reader *r, uint32_t count, struct vf_attrs *at,
                       uint32_t string_count)
{
	at->count = count;
	at->items = alloc_array(r, count, sizeof *at->items);
	if (!at->items)
		return false;
	for (uint32_t i = 0; i < count; i++) {
		struct vf_attr *a = &at->items[i];
		size_t where = r->c.pos;
		const uint8_t *p;
		if (!vf_cur_decl(&r->c, &a->name, "attribute name index"))
			return false;
		if (string_count && a->name >= string_count)
			return vf_cur_fail_at(&r->c, where,
			    "attribute name index %u out of range (string pool has %u)",
			    a->name, string_count);
		if (!vf_cur_u8(&r->c, &a->size, "attribute size") ||
		    !vf_cur_bytes(&r->c, a->size, &p, "attribute value"))
			return false;
		a->value = vf_arena_memdup(r->m->arena, p, a->size);
		if (!a->value)
			return oom(r);
	}
	return true;
}

static bool read_gen_info(struct reader *r, struct vf_kernel_info *k)
{
	if (!vf_cur_u8(&r->c, &k->gen_count, "num_gen_binaries"))
		return false;
	if (k->gen_count > 4)
		return vf_cur_fail_at(&r->c, r->c.pos - 1,
		    "num_gen_binaries is %u, at most 4 allowed", k->gen_count);
	for (unsigned j = 0; j < k->gen_count; j++) {
		struct vf_gen_binary *g = &k->gens[j];
		if (!vf_cur_u8(&r->c, &g->platform, "gen_platform") ||
		    !vf_cur_u32(&r->c, &g->offset, "gen binary_offset") ||
		    !vf_cur_u32(&r->c, &g->size, "gen binary_size"))
			return false;
	}
	return true;
}

static bool read_kernel_info(struct reader *r, struct vf_kernel_info *k)
{
	unsigned nl = vf_version(r->m) >= 0x0307 ? 2 : 1;
	return read_name(r, nl, &k->name, "kernel name") &&
	       vf_cur_u32(&r->c, &k->offset, "kernel offset") &&
	       vf_cur_u32(&r->c, &k->size, "kernel size") &&
	       vf_cur_u32(&r->c, &k->input_offset, "kernel input_offset") &&
	       read_relocs(r, &k->var_relocs, "num_syms_variable") &&
	       read_relocs(r, &k->func_relocs, "num_syms_function") &&
	       read_gen_info(r, k);
}

static bool read_filescope(struct reader *r, struct vf_filescope_var *v)
{
	uint8_t count;
	return vf_cur_u8(&r->c, &v->linkage, "file-scope variable linkage") &&
	       read_name(r, 2, &v->name, "file-scope variable name") &&
	       vf_cur_u8(&r->c, &v->bit_properties, "file-scope bit_properties") &&
	       vf_cur_u16(&r->c, &v->num_elements, "file-scope num_elements") &&
	       vf_cur_u8(&r->c, &count, "file-scope attribute_count") &&
	       read_attrs(r, count, &v->attrs, 0);
}

static bool read_function_info(struct reader *r, struct vf_function_info *f)
{
	unsigned nl = vf_version(r->m) >= 0x0307 ? 2 : 1;
	return vf_cur_u8(&r->c, &f->linkage, "function linkage") &&
	       read_name(r, nl, &f->name, "function name") &&
	       vf_cur_u32(&r->c, &f->offset, "function offset") &&
	       vf_cur_u32(&r->c, &f->size, "function size") &&
	       read_relocs(r, &f->var_relocs, "num_syms_variable") &&
	       read_relocs(r, &f->func_relocs, "num_syms_function");
}

static bool read_header(struct reader *r)
{
	struct vf_module *m = r->m;
	uint32_t magic;
	if (!vf_cur_u32(&r->c, &magic, "magic number 'CISA'"))
		return false;
	if (magic != CISA_MAGIC)
		return vf_cur_fail_at(&r->c, 0,
		    "bad magic number 0x%08x, expected 0x%08x ('CISA')", magic,
		    CISA_MAGIC);
	if (!vf_cur_u8(&r->c, &m->major, "major_version") ||
	    !vf_cur_u8(&r->c, &m->minor, "minor_version"))
		return false;
	if (m->major != 3 && !(m->major == 4 && m->minor <= 1))
		return vf_cur_fail_at(&r->c, 4,
		    "unsupported vISA version %u.%u (3.x to 4.1 are read)",
		    m->major, m->minor);
	r->c.version = vf_version(m);
	if (!vf_cur_u16(&r->c, &m->kernel_count, "num_kernels"))
		return false;
	if (m->kernel_count > MAX_KERNELS)
		return vf_cur_fail_at(&r->c, 6, "num_kernels is %u, at most %u",
		                      m->kernel_count, MAX_KERNELS);
	m->kernels = alloc_array(r, m->kernel_count, sizeof *m->kernels);
	if (!m->kernels)
		return false;
	for (unsigned i = 0; i < m->kernel_count; i++)
		if (!read_kernel_info(r, &m->kernels[i]))
			return false;
	if (!vf_cur_u16(&r->c, &m->filescope_count, "num_variables"))
		return false;
	m->filescope = alloc_array(r, m->filescope_count, sizeof *m->filescope);
	if (!m->filescope)
		return false;
	for (unsigned i = 0; i < m->filescope_count; i++)
		if (!read_filescope(r, &m->filescope[i]))
			return false;
	if (!vf_cur_u16(&r->c, &m->function_count, "num_functions"))
		return false;
	m->functions = alloc_array(r, m->function_count, sizeof *m->functions);
	if (!m->functions)
		return false;
	for (unsigned i = 0; i < m->function_count; i++)
		if (!read_function_info(r, &m->functions[i]))
			return false;
	return true;
}

static bool read_symvars(struct reader *r, uint32_t count,
                         struct vf_symvar **out, uint32_t nstrings,
                         const char *what)
{
	struct vf_symvar *v = alloc_array(r, count, sizeof *v);
	if (!v)
		return false;
	for (uint32_t i = 0; i < count; i++) {
		size_t where = r->c.pos;
		uint8_t nattr;
		if (!vf_cur_decl(&r->c, &v[i].name, what))
			return false;
		if (v[i].name >= nstrings)
			return vf_cur_fail_at(&r->c, where,
			    "%s: name index %u out of range (string pool has %u)",
			    what, v[i].name, nstrings);
		if (!vf_cur_u16(&r->c, &v[i].num_elements, "num_elements") ||
		    !vf_cur_u8(&r->c, &nattr, "attribute_count") ||
		    !read_attrs(r, nattr, &v[i].attrs, nstrings))
			return false;
	}
	*out = v;
	return true;
}

static bool read_strings(struct reader *r, struct vf_routine *rt)
{
	size_t where = r->c.pos;
	if (!vf_cur_decl(&r->c, &rt->string_count, "string_count"))
		return false;
	/* Each string takes at least its NUL byte. */
	if (rt->string_count > r->c.len - r->c.pos)
		return vf_cur_fail_at(&r->c, where,
		    "string_count %u exceeds the bytes left in the file",
		    rt->string_count);
	rt->strings = alloc_array(r, rt->string_count, sizeof *rt->strings);
	if (!rt->strings)
		return false;
	for (uint32_t i = 0; i < rt->string_count; i++) {
		const uint8_t *s = r->c.buf + r->c.pos;
		size_t left = r->c.len - r->c.pos;
		const uint8_t *nul = memchr(s, 0, left);
		if (!nul)
			return vf_cur_fail(&r->c,
			    "string %u of the string pool has no terminating NUL", i);
		size_t len = (size_t)(nul - s);
		rt->strings[i] = vf_arena_strndup(r->m->arena, (const char *)s, len);
		if (!rt->strings[i])
			return oom(r);
		r->c.pos += len + 1;
	}
	return true;
}

static bool read_vars(struct reader *r, struct vf_routine *rt)
{
	if (!vf_cur_decl(&r->c, &rt->var_count, "variable_count"))
		return false;
	if (rt->var_count > r->c.len - r->c.pos)
		return vf_cur_fail(&r->c, "variable_count %u exceeds the file",
		                   rt->var_count);
	rt->vars = alloc_array(r, rt->var_count, sizeof *rt->vars);
	if (!rt->vars)
		return false;
	for (uint32_t i = 0; i < rt->var_count; i++) {
		struct vf_var *v = &rt->vars[i];
		size_t where = r->c.pos;
		uint8_t nattr;
		if (!vf_cur_decl(&r->c, &v->name, "variable name_index"))
			return false;
		if (v->name >= rt->string_count)
			return vf_cur_fail_at(&r->c, where,
			    "variable %u: name index %u out of range (string pool has %u)",
			    i, v->name, rt->string_count);
		if (!vf_cur_u8(&r->c, &v->bit_properties, "bit_properties") ||
		    !vf_cur_u16(&r->c, &v->num_elements, "num_elements") ||
		    !vf_cur_decl(&r->c, &v->alias_index, "alias_index") ||
		    !vf_cur_u16(&r->c, &v->alias_offset, "alias_offset") ||
		    !vf_cur_u8(&r->c, &v->alias_scope, "alias_scope_specifier") ||
		    !vf_cur_u8(&r->c, &nattr, "attribute_count") ||
		    !read_attrs(r, nattr, &v->attrs, rt->string_count))
			return false;
	}
	return true;
}

static bool read_labels(struct reader *r, struct vf_routine *rt)
{
	if (!vf_cur_u16(&r->c, &rt->label_count, "label_count"))
		return false;
	rt->labels = alloc_array(r, rt->label_count, sizeof *rt->labels);
	if (!rt->labels)
		return false;
	for (unsigned i = 0; i < rt->label_count; i++) {
		struct vf_label *l = &rt->labels[i];
		size_t where = r->c.pos;
		uint8_t nattr;
		if (!vf_cur_decl(&r->c, &l->name, "label name_index"))
			return false;
		if (l->name >= rt->string_count)
			return vf_cur_fail_at(&r->c, where,
			    "label %u: name index %u out of range", i, l->name);
		if (!vf_cur_u8(&r->c, &l->kind, "label kind") ||
		    !vf_cur_u8(&r->c, &nattr, "attribute_count") ||
		    !read_attrs(r, nattr, &l->attrs, rt->string_count))
			return false;
	}
	return true;
}

static bool read_inputs(struct reader *r, struct vf_routine *rt)
{
	uint64_t n;
	if (!vf_cur_uint(&r->c, vf_input_count_width(r->c.version), &n,
	                 "num_inputs"))
		return false;
	if (n > 256 * 1024 || n > r->c.len - r->c.pos)
		return vf_cur_fail(&r->c, "num_inputs %llu exceeds the file",
		                   (unsigned long long)n);
	rt->input_count = (uint32_t)n;
	rt->inputs = alloc_array(r, rt->input_count, sizeof *rt->inputs);
	if (!rt->inputs)
		return false;
	for (uint32_t i = 0; i < rt->input_count; i++) {
		struct vf_input *in = &rt->inputs[i];
		uint16_t off;
		if (!vf_cur_u8(&r->c, &in->kind, "input kind") ||
		    !vf_cur_decl(&r->c, &in->id, "input id") ||
		    !vf_cur_u16(&r->c, &off, "input offset") ||
		    !vf_cur_u16(&r->c, &in->size, "input size"))
			return false;
		in->offset = (int16_t)off;
	}
	return true;
}

static bool read_symbols(struct reader *r, struct vf_routine *rt)
{
	uint32_t ns = rt->string_count;
	if (!read_vars(r, rt) ||
	    !vf_cur_u16(&r->c, &rt->addr_count, "address_count") ||
	    !read_symvars(r, rt->addr_count, &rt->addrs, ns, "address variable") ||
	    !vf_cur_u16(&r->c, &rt->pred_count, "predicate_count") ||
	    !read_symvars(r, rt->pred_count, &rt->preds, ns, "predicate variable") ||
	    !read_labels(r, rt) ||
	    !vf_cur_u8(&r->c, &rt->sampler_count, "sampler_count") ||
	    !read_symvars(r, rt->sampler_count, &rt->samplers, ns, "sampler") ||
	    !vf_cur_u8(&r->c, &rt->surface_count, "surface_count") ||
	    !read_symvars(r, rt->surface_count, &rt->surfaces, ns, "surface") ||
	    !vf_cur_u8(&r->c, &rt->vme_count, "vme_count") ||
	    !read_symvars(r, rt->vme_count, &rt->vmes, ns, "vme variable"))
		return false;
	return true;
}

static bool read_insts(struct reader *r, struct vf_routine *rt, size_t start,
                       size_t end, enum visa_io_mode mode)
{
	/* Grow the instruction array by doubling. */
	uint32_t cap = 0;
	rt->inst_count = 0;
	rt->insts = NULL;
	r->c.pos = start;
	while (r->c.pos < end) {
		if (rt->inst_count == cap) {
			uint32_t ncap = cap ? cap * 2 : 64;
			struct vf_inst *ni = alloc_array(r, ncap, sizeof *ni);
			if (!ni)
				return false;
			if (cap)
				memcpy(ni, rt->insts, cap * sizeof *ni);
			rt->insts = ni;
			cap = ncap;
		}
		struct vf_inst *in = &rt->insts[rt->inst_count];
		size_t at = r->c.pos;
		if (!visa_inst_read_ex(&r->c, r->m->arena, in, mode))
			return false;
		if (r->c.pos > end)
			return vf_cur_fail_at(&r->c, at,
			    "instruction runs past the end of the routine's code "
			    "(offset %zu)", end);
		in->offset = (uint32_t)(at - start);
		rt->inst_count++;
	}
	return true;
}

/*
 * The code area [start, end) holds either complete instructions or IGC's
 * short form followed by left-over bytes (docs/objmodel.md).  The complete
 * layout is tried first and accepted only if it decodes the area exactly;
 * otherwise the area is decoded in IGC's layout, whose error is reported
 * if that fails too.
 */
static bool read_code(struct reader *r, struct vf_routine *rt, size_t start,
                      size_t end)
{
	struct vf_error saved = { 0 };
	if (r->c.err)
		saved = *r->c.err;
	if (read_insts(r, rt, start, end, VISA_IO_SPEC)) {
		rt->layout = VF_LAYOUT_COMPLETE;
		return true;
	}
	if (r->c.err) {
		if (r->c.err->status == VF_ERR_MEMORY)
			return false;
		*r->c.err = saved;
	}
	size_t iend = visa_insts_igc_end(&r->c, start, (uint32_t)(end - start));
	if (!read_insts(r, rt, start, iend, VISA_IO_IGC))
		return false;
	rt->layout = VF_LAYOUT_IGC;
	if (iend < end) {
		rt->code_tail_size = (uint32_t)(end - iend);
		rt->code_tail = vf_arena_memdup(r->m->arena, r->c.buf + iend,
		                                end - iend);
		if (!rt->code_tail)
			return oom(r);
	}
	return true;
}

/* The body of kernel or function at [off, off + size). */
static bool read_routine(struct reader *r, struct vf_routine *rt, bool kernel,
                         uint32_t off, uint32_t size, uint32_t *input_off)
{
	struct vf_cursor *c = &r->c;
	if (off > c->len || size > c->len - off)
		return vf_cur_fail_at(c, off,
		    "%s object [%u, +%u) lies outside the file (%zu bytes)",
		    kernel ? "kernel" : "function", off, size, c->len);
	c->pos = off;
	rt->is_kernel = kernel;
	if (!read_strings(r, rt))
		return false;
	size_t where = c->pos;
	if (!vf_cur_decl(c, &rt->name_index, "name_index"))
		return false;
	if (rt->name_index >= rt->string_count)
		return vf_cur_fail_at(c, where, "name_index %u out of range",
		                      rt->name_index);
	if (!read_symbols(r, rt))
		return false;
	if (kernel) {
		*input_off = (uint32_t)c->pos;
		if (!read_inputs(r, rt))
			return false;
	}
	uint16_t nattr;
	if (!vf_cur_u32(c, &rt->size, "size") || !vf_cur_u32(c, &rt->entry, "entry"))
		return false;
	if (!kernel && (!vf_cur_u8(c, &rt->input_size, "input_size") ||
	                !vf_cur_u8(c, &rt->return_value_size, "return_value_size")))
		return false;
	if (!vf_cur_u16(c, &nattr, "attribute_count") ||
	    !read_attrs(r, nattr, &rt->attrs, rt->string_count))
		return false;
	if (rt->entry != c->pos - off)
		return vf_cur_fail_at(c, c->pos,
		    "entry is %u but the instructions follow the attributes at %zu",
		    rt->entry, c->pos - off);
	if (rt->size > size - rt->entry)
		return vf_cur_fail_at(c, c->pos,
		    "instruction size %u runs past the end of the object (%u bytes)",
		    rt->size, size);
	if (rt->entry + rt->size != size)
		return vf_cur_fail_at(c, off + rt->entry + rt->size,
		    "%u stray bytes after the last instruction of the object",
		    size - rt->entry - rt->size);
	return read_code(r, rt, c->pos, c->pos + rt->size);
}

static bool read_gen_bytes(struct reader *r, struct vf_kernel_info *k)
{
	for (unsigned j = 0; j < k->gen_count; j++) {
		struct vf_gen_binary *g = &k->gens[j];
		if (g->offset > r->c.len || g->size > r->c.len - g->offset)
			return vf_cur_fail_at(&r->c, g->offset,
			    "kernel '%s': Gen binary %u [%u, +%u) lies outside the "
			    "file (%zu bytes)", k->name, j, g->offset, g->size,
			    r->c.len);
		g->bytes = vf_arena_memdup(r->m->arena, r->c.buf + g->offset,
		                           g->size);
		if (!g->bytes)
			return oom(r);
	}
	return true;
}

/* The end of the furthest block, to keep bytes that follow it. */
static size_t blocks_end(const struct vf_module *m, size_t header_end)
{
	size_t end = header_end;
	for (unsigned i = 0; i < m->kernel_count; i++) {
		const struct vf_kernel_info *k = &m->kernels[i];
		if ((size_t)k->offset + k->size > end)
			end = (size_t)k->offset + k->size;
		for (unsigned j = 0; j < k->gen_count; j++)
			if ((size_t)k->gens[j].offset + k->gens[j].size > end)
				end = (size_t)k->gens[j].offset + k->gens[j].size;
	}
	for (unsigned i = 0; i < m->function_count; i++) {
		const struct vf_function_info *f = &m->functions[i];
		if ((size_t)f->offset + f->size > end)
			end = (size_t)f->offset + f->size;
	}
	return end;
}

enum vf_status vf_read_isa(const void *data, size_t size, const char *name,
                           struct vf_module **out, struct vf_error *err)
{
	*out = NULL;
	struct vf_module *m = vf_module_new();
	if (!m)
		return vf_err_oom(err);
	struct reader r = {
		.c = { .buf = data, .len = size, .file = name, .err = err },
		.m = m,
	};
	bool ok = read_header(&r);
	size_t header_end = r.c.pos;
	for (unsigned i = 0; ok && i < m->kernel_count; i++) {
		struct vf_kernel_info *k = &m->kernels[i];
		uint32_t input_off = 0;
		ok = read_routine(&r, &k->body, true, k->offset, k->size,
		                  &input_off) &&
		     read_gen_bytes(&r, k);
		if (ok && input_off != k->input_offset)
			ok = vf_cur_fail_at(&r.c, input_off,
			    "kernel '%s': input_offset is %u but num_inputs is at %u",
			    k->name, k->input_offset, input_off);
	}
	for (unsigned i = 0; ok && i < m->function_count; i++) {
		struct vf_function_info *f = &m->functions[i];
		ok = read_routine(&r, &f->body, false, f->offset, f->size, NULL);
	}
	if (ok) {
		size_t end = blocks_end(m, header_end);
		if (end < size) {
			m->tail_size = (uint32_t)(size - end);
			m->tail = vf_arena_memdup(m->arena, r.c.buf + end, size - end);
			ok = m->tail != NULL || oom(&r);
		}
	}
	if (!ok) {
		vf_module_free(m);
		return err ? err->status : VF_ERR_INPUT;
	}
	*out = m;
	return VF_OK;
}
