/*
 * visa_write.c - vf_module -> binary vISA object (.isa).
 *
 * Layout (the one Intel's tools write, docs/objmodel.md): the common
 * header, then for each kernel its body followed by its Gen binaries,
 * then each function's body, then any trailing bytes the input had.
 * Offsets and sizes in the header are recomputed from that layout, so a
 * module read from a file written this way writes back byte-identical.
 */
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "visa_model.h"
#include "visa_ops.h"
#include "visafin.h"

struct writer {
	struct vf_buf b;
	unsigned version;
};

/* A little-endian integer of n bytes.  The symbol tables write a few
 * bytes per field for every variable: straight into the buffer when it
 * has room (and its NUL), else through vf_buf_uint. */
static inline void put(struct writer *w, unsigned n, uint64_t v)
{
	struct vf_buf *b = &w->b;
	if (b->oom || b->cap - b->len <= n) {
		vf_buf_uint(b, n, v);
		return;
	}
	uint8_t *d = b->data + b->len;
	for (unsigned i = 0; i < n; i++)
		d[i] = (uint8_t)(v >> (8 * i));
	d[n] = 0;
	b->len += n;
}

static inline void put_u8(struct writer *w, uint8_t v) { put(w, 1, v); }
static inline void put_u16(struct writer *w, uint16_t v) { put(w, 2, v); }
/* A general-variable id or count: 2 bytes before vISA 3.4, then 4. */
static inline void put_decl(struct writer *w, uint32_t v)
{
	put(w, vf_decl_width(w->version), v);
}

static void write_attrs(struct writer *w, const struct vf_attrs *at)
{
	for (uint32_t i = 0; i < at->count; i++) {
		put_decl(w, at->items[i].name);
		put_u8(w, at->items[i].size);
		vf_buf_bytes(&w->b, at->items[i].value, at->items[i].size);
	}
}

static void write_symvars(struct writer *w, uint32_t n,
                          const struct vf_symvar *v)
{
	for (uint32_t i = 0; i < n; i++) {
		put_decl(w, v[i].name);
		put_u16(w, v[i].num_elements);
		put_u8(w, (uint8_t)v[i].attrs.count);
		write_attrs(w, &v[i].attrs);
	}
}

static void write_vars(struct writer *w, const struct vf_routine *rt)
{
	put_decl(w, rt->var_count);
	for (uint32_t i = 0; i < rt->var_count; i++) {
		const struct vf_var *v = &rt->vars[i];
		put_decl(w, v->name);
		put_u8(w, v->bit_properties);
		put_u16(w, v->num_elements);
		put_decl(w, v->alias_index);
		put_u16(w, v->alias_offset);
		put_u8(w, v->alias_scope);
		put_u8(w, (uint8_t)v->attrs.count);
		write_attrs(w, &v->attrs);
	}
}

static void write_symbols(struct writer *w, const struct vf_routine *rt)
{
	write_vars(w, rt);
	put_u16(w, rt->addr_count);
	write_symvars(w, rt->addr_count, rt->addrs);
	put_u16(w, rt->pred_count);
	write_symvars(w, rt->pred_count, rt->preds);
	put_u16(w, rt->label_count);
	for (unsigned i = 0; i < rt->label_count; i++) {
		const struct vf_label *l = &rt->labels[i];
		put_decl(w, l->name);
		put_u8(w, l->kind);
		put_u8(w, (uint8_t)l->attrs.count);
		write_attrs(w, &l->attrs);
	}
	put_u8(w, rt->sampler_count);
	write_symvars(w, rt->sampler_count, rt->samplers);
	put_u8(w, rt->surface_count);
	write_symvars(w, rt->surface_count, rt->surfaces);
	put_u8(w, rt->vme_count);
	write_symvars(w, rt->vme_count, rt->vmes);
}

/*
 * Instructions in the routine's layout.  IGC's layout keeps the left-over
 * bytes read with it; a routine that has none (converted from text) gets
 * zeros up to the size IGC's writer counts, as GenX_IR writes them.
 */
static void write_code(struct writer *w, const struct vf_routine *rt)
{
	enum visa_io_mode mode = rt->layout == VF_LAYOUT_IGC ? VISA_IO_IGC
	                                                     : VISA_IO_SPEC;
	size_t start = w->b.len;
	uint64_t counted = 0;
	if (mode == VISA_IO_SPEC) {
		for (uint32_t i = 0; i < rt->inst_count; i++)
			visa_inst_write_ex(&w->b, w->version, &rt->insts[i], mode);
		return;
	}
	for (uint32_t i = 0; i < rt->inst_count; i++)
		counted += visa_inst_write_igc(&w->b, w->version, &rt->insts[i]);
	if (rt->code_tail_size) {
		vf_buf_bytes(&w->b, rt->code_tail, rt->code_tail_size);
		return;
	}
	static const uint8_t zeros[64];
	for (size_t n = w->b.len - start; n < counted;) {
		size_t k = counted - n < sizeof zeros ? counted - n : sizeof zeros;
		vf_buf_bytes(&w->b, zeros, k);
		n += k;
	}
}

/* Writes one body; returns the absolute offset of num_inputs (kernels). */
static size_t write_routine(struct writer *w, const struct vf_routine *rt,
                            bool kernel)
{
	size_t start = w->b.len, input_off = 0;
	put_decl(w, rt->string_count);
	for (uint32_t i = 0; i < rt->string_count; i++)
		vf_buf_bytes(&w->b, rt->strings[i], strlen(rt->strings[i]) + 1);
	put_decl(w, rt->name_index);
	write_symbols(w, rt);
	if (kernel) {
		input_off = w->b.len;
		vf_buf_uint(&w->b, vf_input_count_width(w->version), rt->input_count);
		for (uint32_t i = 0; i < rt->input_count; i++) {
			const struct vf_input *in = &rt->inputs[i];
			put_u8(w, in->kind);
			put_decl(w, in->id);
			put_u16(w, (uint16_t)in->offset);
			put_u16(w, in->size);
		}
	}
	size_t size_at = w->b.len;
	vf_buf_u32(&w->b, 0);  /* size, patched below */
	vf_buf_u32(&w->b, 0);  /* entry, patched below */
	if (!kernel) {
		put_u8(w, rt->input_size);
		put_u8(w, rt->return_value_size);
	}
	put_u16(w, (uint16_t)rt->attrs.count);
	write_attrs(w, &rt->attrs);
	size_t code = w->b.len;
	write_code(w, rt);
	vf_buf_put_u32(&w->b, size_at, (uint32_t)(w->b.len - code));
	vf_buf_put_u32(&w->b, size_at + 4, (uint32_t)(code - start));
	return input_off;
}

/* Where the header's offset fields sit, to patch them once known. */
struct fixups {
	size_t *kernel_at;  /* offset field of kernel i (size, input follow) */
	size_t *gen_at;     /* offset field of gen binary (4 per kernel) */
	size_t *func_at;    /* offset field of function i (size follows) */
};

static void write_name(struct writer *w, unsigned len_bytes, const char *s)
{
	size_t n = strlen(s);
	vf_buf_uint(&w->b, len_bytes, n);
	vf_buf_bytes(&w->b, s, n);
}

static void write_relocs(struct writer *w, const struct vf_relocs *rel)
{
	vf_buf_u16(&w->b, rel->count);
	for (unsigned i = 0; i < rel->count; i++) {
		vf_buf_u16(&w->b, rel->items[i].symbolic_index);
		vf_buf_u16(&w->b, rel->items[i].resolved_index);
	}
}

static void write_header(struct writer *w, const struct vf_module *m,
                         struct fixups *fx)
{
	unsigned nl = w->version >= 0x0307 ? 2 : 1;
	vf_buf_u32(&w->b, 0x41534943u);
	vf_buf_u8(&w->b, m->major);
	vf_buf_u8(&w->b, m->minor);
	vf_buf_u16(&w->b, m->kernel_count);
	for (unsigned i = 0; i < m->kernel_count; i++) {
		const struct vf_kernel_info *k = &m->kernels[i];
		write_name(w, nl, k->name);
		fx->kernel_at[i] = w->b.len;
		vf_buf_u32(&w->b, 0);
		vf_buf_u32(&w->b, 0);
		vf_buf_u32(&w->b, 0);
		write_relocs(w, &k->var_relocs);
		write_relocs(w, &k->func_relocs);
		vf_buf_u8(&w->b, k->gen_count);
		for (unsigned j = 0; j < k->gen_count; j++) {
			vf_buf_u8(&w->b, k->gens[j].platform);
			fx->gen_at[i * 4 + j] = w->b.len;
			vf_buf_u32(&w->b, 0);
			vf_buf_u32(&w->b, k->gens[j].size);
		}
	}
	vf_buf_u16(&w->b, m->filescope_count);
	for (unsigned i = 0; i < m->filescope_count; i++) {
		const struct vf_filescope_var *v = &m->filescope[i];
		vf_buf_u8(&w->b, v->linkage);
		write_name(w, 2, v->name);
		vf_buf_u8(&w->b, v->bit_properties);
		vf_buf_u16(&w->b, v->num_elements);
		vf_buf_u8(&w->b, (uint8_t)v->attrs.count);
		write_attrs(w, &v->attrs);
	}
	vf_buf_u16(&w->b, m->function_count);
	for (unsigned i = 0; i < m->function_count; i++) {
		const struct vf_function_info *f = &m->functions[i];
		vf_buf_u8(&w->b, f->linkage);
		write_name(w, nl, f->name);
		fx->func_at[i] = w->b.len;
		vf_buf_u32(&w->b, 0);
		vf_buf_u32(&w->b, 0);
		write_relocs(w, &f->var_relocs);
		write_relocs(w, &f->func_relocs);
	}
}

static void write_bodies(struct writer *w, const struct vf_module *m,
                         const struct fixups *fx)
{
	for (unsigned i = 0; i < m->kernel_count; i++) {
		const struct vf_kernel_info *k = &m->kernels[i];
		size_t start = w->b.len;
		size_t input_off = write_routine(w, &k->body, true);
		vf_buf_put_u32(&w->b, fx->kernel_at[i], (uint32_t)start);
		vf_buf_put_u32(&w->b, fx->kernel_at[i] + 4,
		               (uint32_t)(w->b.len - start));
		vf_buf_put_u32(&w->b, fx->kernel_at[i] + 8, (uint32_t)input_off);
		for (unsigned j = 0; j < k->gen_count; j++) {
			vf_buf_put_u32(&w->b, fx->gen_at[i * 4 + j],
			               (uint32_t)w->b.len);
			vf_buf_bytes(&w->b, k->gens[j].bytes, k->gens[j].size);
		}
	}
	for (unsigned i = 0; i < m->function_count; i++) {
		size_t start = w->b.len;
		write_routine(w, &m->functions[i].body, false);
		vf_buf_put_u32(&w->b, fx->func_at[i], (uint32_t)start);
		vf_buf_put_u32(&w->b, fx->func_at[i] + 4,
		               (uint32_t)(w->b.len - start));
	}
	if (m->tail_size)
		vf_buf_bytes(&w->b, m->tail, m->tail_size);
}

enum vf_status vf_write_isa(const struct vf_module *m, uint8_t **out,
                            size_t *size, struct vf_error *err)
{
	*out = NULL;
	*size = 0;
	struct writer w = { .version = vf_version(m) };
	struct fixups fx = {
		.kernel_at = calloc(m->kernel_count + 1u, sizeof(size_t)),
		.gen_at = calloc(m->kernel_count * 4u + 1u, sizeof(size_t)),
		.func_at = calloc(m->function_count + 1u, sizeof(size_t)),
	};
	enum vf_status st = VF_OK;
	if (!fx.kernel_at || !fx.gen_at || !fx.func_at) {
		st = vf_err_oom(err);
	} else {
		write_header(&w, m, &fx);
		write_bodies(&w, m, &fx);
		if (w.b.oom)
			st = vf_err_oom(err);
		else if (w.b.len > UINT32_MAX)
			st = vf_err(err, VF_ERR_UNSUPPORTED,
			            "object of %zu bytes exceeds the 4 GiB the format "
			            "can address", w.b.len);
	}
	free(fx.kernel_at);
	free(fx.gen_at);
	free(fx.func_at);
	if (st != VF_OK) {
		vf_buf_free(&w.b);
		return st;
	}
	*out = w.b.data ? w.b.data : malloc(1);
	*size = w.b.len;
	return *out ? VF_OK : vf_err_oom(err);
}
