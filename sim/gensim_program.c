/*
 * gensim_program.c - the program-level parts of a run: the Gen binary
 * (IGC's .igc.dat or, with --gen, <file>.<kernel>.simd<N>.dat from
 * another directory), the program's global data sections with the
 * relocations of the kernel's code applied, and the sampler states of
 * inline samplers.
 *
 * Relocations (shared/corpus/README.md "Applying the relocations"):
 * every data section is placed in GPU memory, V = section address +
 * symbol offset (+ addend 0) overwrites the bytes at the relocation's
 * offset: 8 bytes for R_ZE_SYM_ADDR, the low / high 4 bytes for
 * R_ZE_SYM_ADDR_32 / _32_HI.  With --gen the binary may come with its own
 * list (<file>.<kernel>.simd<N>.rel.json beside it); without one the
 * manifest's relocations apply only where the code still holds IGC's
 * placeholder 0x6E10CA2E.  Inline samplers (sampler_t constants in the
 * OpenCL source) are not in the manifest: gensim reads their CLK_* flags
 * from the source and gives them the sampler indices after those of the
 * sampler arguments, in the order they appear in the file (docs/
 * gensim.md "Runtime choices").
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gensim.h"

bool gs_sampler_desc(const char *addr, const char *filter, bool norm,
                     struct sim_sampler_desc *d)
{
	static const struct { const char *n; enum sim_addr_mode m; } am[] = {
		{ "CL_ADDRESS_NONE", SIM_ADDR_NONE },
		{ "CL_ADDRESS_CLAMP_TO_EDGE", SIM_ADDR_CLAMP_TO_EDGE },
		{ "CL_ADDRESS_CLAMP", SIM_ADDR_CLAMP },
		{ "CL_ADDRESS_REPEAT", SIM_ADDR_REPEAT },
		{ "CL_ADDRESS_MIRRORED_REPEAT", SIM_ADDR_MIRRORED_REPEAT },
	};
	d->normalized = norm;
	d->linear = !strcmp(filter, "CL_FILTER_LINEAR");
	for (unsigned i = 0; i < sizeof(am) / sizeof(am[0]); i++)
		if (!strcmp(am[i].n, addr)) {
			d->addr = am[i].m;
			return true;
		}
	return false;
}

static const char *stem_of(const char *src, char *buf, size_t n)
{
	const char *b = strrchr(src, '/');
	snprintf(buf, n, "%s", b ? b + 1 : src);
	char *dot = strrchr(buf, '.');
	if (dot)
		*dot = 0;
	return buf;
}

/* DIR/<base>.gen of a --gen run: the kernel's code and visafin's own
 * metadata (docs/gen-file.md).  False with r->why on a bad file; true
 * with r->gen NULL when there is none. */
static bool load_gen_file(struct gs_run *r, const char *base)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s.gen", r->o->gen_dir, base);
	size_t len;
	uint8_t *bytes = gs_read_file(path, &len);
	if (!bytes)
		return true;
	struct vf_kernel_result *res = NULL;
	size_t n = 0;
	struct vf_error e = { 0 };
	enum vf_status st = vf_gen_read(bytes, len, path, &res, &n, &e);
	free(bytes);
	if (st != VF_OK)
		return gs_fail(r, "%s", e.msg);
	const char *kernel = json_str(r->entry, "kernel", "?");
	size_t k = 0;
	while (k < n && strcmp(res[k].name, kernel))
		k++;
	if (k == n) {
		vf_kernel_results_free(res, n);
		return gs_fail(r, "%s: no kernel %s", path, kernel);
	}
	r->code = malloc(res[k].code_size ? res[k].code_size : 1);
	if (!r->code) {
		vf_kernel_results_free(res, n);
		return gs_fail(r, "out of memory");
	}
	memcpy(r->code, res[k].code, res[k].code_size);
	r->code_size = res[k].code_size;
	/* keep only this kernel's result */
	r->gen = malloc(sizeof(*r->gen));
	if (r->gen) {
		*r->gen = res[k];
		memset(&res[k], 0, sizeof(res[k]));
	}
	vf_kernel_results_free(res, n);
	return r->gen != NULL || gs_fail(r, "out of memory");
}

bool gs_load_code(struct gs_run *r)
{
	char path[4096], stem[256], base[600];
	const char *kernel = json_str(r->entry, "kernel", "?");
	if (r->o->gen_dir) {
		snprintf(base, sizeof(base), "%s.%s.simd%u",
		         stem_of(json_str(r->entry, "source", "?"), stem,
		                 sizeof(stem)), kernel, r->simd);
		if (!load_gen_file(r, base))
			return false;
		if (r->gen)
			return true;
		snprintf(path, sizeof(path), "%s/%s.dat", r->o->gen_dir, base);
	} else {
		snprintf(path, sizeof(path), "%s/%s", r->dir,
		         json_str(json_get(r->entry, "files"), "igc_dat", "?"));
	}
	r->code = gs_read_file(path, &r->code_size);
	if (!r->code)
		return gs_fail(r, "cannot read %s", path);
	return true;
}

static bool section_addr(struct gs_run *r, const struct json *secs,
                         const char *name, const uint64_t *addr,
                         uint64_t *out)
{
	for (size_t i = 0; i < json_len(secs); i++)
		if (!strcmp(json_str(json_at(secs, i), "name", ""), name)) {
			*out = addr[i];
			return true;
		}
	return gs_fail(r, "relocation against unknown section %s", name);
}

static bool symbol_value(struct gs_run *r, const struct json *pd,
                         const uint64_t *addr, const char *sym,
                         uint64_t *v)
{
	const struct json *syms = json_get(pd, "symbols");
	for (size_t i = 0; i < json_len(syms); i++) {
		const struct json *s = json_at(syms, i);
		if (strcmp(json_str(s, "name", ""), sym))
			continue;
		uint64_t base = 0;
		if (!section_addr(r, json_get(pd, "sections"),
		                  json_str(s, "section", ""), addr, &base))
			return false;
		*v = base + (uint64_t)json_num(s, "offset", 0);
		return true;
	}
	return gs_fail(r, "relocation against unknown symbol %s", sym);
}

/* The bytes at a relocation still hold IGC's placeholder immediate. */
static bool placeholder_at(const struct gs_run *r, size_t off, unsigned n)
{
	uint32_t v;
	if (off + n > r->code_size)
		return false;
	memcpy(&v, r->code + off, 4);
	return v == 0x6E10CA2Eu;
}

static bool relocate(struct gs_run *r, const struct json *pd,
                     const struct json *rel, const uint64_t *addr,
                     bool only_placeholders)
{
	for (size_t i = 0; i < json_len(rel); i++) {
		const struct json *x = json_at(rel, i);
		const char *type = json_str(x, "type", "");
		size_t off = (size_t)json_num(x, "offset", 0);
		uint64_t v = 0;
		if (!symbol_value(r, pd, addr, json_str(x, "symbol", ""), &v))
			return false;
		v += (uint64_t)json_num(x, "addend", 0);
		unsigned n = 8;
		if (!strcmp(type, "R_ZE_SYM_ADDR_32")) {
			v &= 0xFFFFFFFFu, n = 4;
		} else if (!strcmp(type, "R_ZE_SYM_ADDR_32_HI")) {
			v >>= 32, n = 4;
		} else if (strcmp(type, "R_ZE_SYM_ADDR")) {
			return gs_fail(r, "relocation type %s", type);
		}
		if (off + n > r->code_size)
			return gs_fail(r, "relocation past the code");
		if (only_placeholders && !placeholder_at(r, off, n))
			continue;
		memcpy(r->code + off, &v, n);
	}
	return true;
}

/* --gen binaries: the relocations of DIR/<file>.<kernel>.simd<N>.rel.json
 * ({"relocations": [...]} as in the manifest) when that file exists, else
 * the manifest's where the code still holds IGC's placeholder there. */
static bool gen_relocations(struct gs_run *r, const struct json *pd,
                            const uint64_t *addr)
{
	if (r->gen) {   /* a .gen carries its own address relocations */
		for (size_t i = 0; i < r->gen->reloc_count; i++) {
			const struct vf_code_reloc *x = &r->gen->relocs[i];
			uint64_t v = 0;
			if (!symbol_value(r, pd, addr, x->symbol, &v))
				return false;
			size_t n = 8;
			if (x->type == VF_RELOC_ADDR32) {
				v &= 0xFFFFFFFFu, n = 4;
			} else if (x->type == VF_RELOC_ADDR32_HI) {
				v >>= 32, n = 4;
			}
			if ((size_t)x->offset + n > r->code_size)
				return gs_fail(r, "relocation past the code");
			memcpy(r->code + x->offset, &v, n);
		}
		return true;
	}
	char path[4096], stem[256];
	snprintf(path, sizeof(path), "%s/%s.%s.simd%u.rel.json", r->o->gen_dir,
	         stem_of(json_str(r->entry, "source", "?"), stem, sizeof(stem)),
	         json_str(r->entry, "kernel", "?"), r->simd);
	size_t len, pos = 0;
	uint8_t *text = gs_read_file(path, &len);
	if (!text)
		return relocate(r, pd, json_get(pd, "relocations"), addr, true);
	struct json *j = json_parse((const char *)text, len, &pos);
	free(text);
	if (!j)
		return gs_fail(r, "%s: invalid JSON at byte %zu", path, pos);
	bool ok = relocate(r, pd, json_get(j, "relocations"), addr, false);
	json_free(j);
	return ok;
}

bool gs_program_data(struct gs_run *r)
{
	const struct json *pd = json_get(r->entry, "program_data");
	const struct json *secs = json_get(pd, "sections");
	size_t n = json_len(secs);
	uint64_t *addr = calloc(n ? n : 1, sizeof(*addr));
	bool ok = addr != NULL;
	for (size_t i = 0; ok && i < n; i++) {
		const struct json *s = json_at(secs, i);
		const char *file = json_str(s, "file", NULL);
		size_t size = (size_t)json_num(s, "size", 0), len = 0;
		uint8_t *d = NULL;
		if (file) {
			char path[4096];
			snprintf(path, sizeof(path), "%s/%s", r->dir, file);
			d = gs_read_file(path, &len);
			if (!d || len < size)
				ok = gs_fail(r, "cannot read section %s", path);
		}
		struct vf_error e = { 0 };
		if (ok && sim_alloc(r->c, size, 4096, d, &addr[i], &e) != VF_OK)
			ok = gs_fail(r, "%s", e.msg);
		free(d);
	}
	if (ok && !r->o->gen_dir)
		ok = relocate(r, pd, json_get(pd, "relocations"), addr, false);
	else if (ok)
		ok = gen_relocations(r, pd, addr);
	free(addr);
	return ok;
}

/* ---- inline samplers ----------------------------------------------------- */

static bool flag_in(const char *s, size_t n, const char *flag)
{
	size_t fl = strlen(flag);
	for (size_t i = 0; i + fl <= n; i++)
		if (!memcmp(s + i, flag, fl) &&
		    (i + fl == n || !(s[i + fl] == '_' ||
		     (s[i + fl] >= 'A' && s[i + fl] <= 'Z'))))
			return true;
	return false;
}

static void parse_inline(const char *s, size_t n, struct sim_sampler_desc *d)
{
	const char *addr = "CL_ADDRESS_NONE";
	if (flag_in(s, n, "CLK_ADDRESS_CLAMP_TO_EDGE"))
		addr = "CL_ADDRESS_CLAMP_TO_EDGE";
	else if (flag_in(s, n, "CLK_ADDRESS_CLAMP"))
		addr = "CL_ADDRESS_CLAMP";
	else if (flag_in(s, n, "CLK_ADDRESS_MIRRORED_REPEAT"))
		addr = "CL_ADDRESS_MIRRORED_REPEAT";
	else if (flag_in(s, n, "CLK_ADDRESS_REPEAT"))
		addr = "CL_ADDRESS_REPEAT";
	gs_sampler_desc(addr, flag_in(s, n, "CLK_FILTER_LINEAR")
	                ? "CL_FILTER_LINEAR" : "CL_FILTER_NEAREST",
	                flag_in(s, n, "CLK_NORMALIZED_COORDS_TRUE"), d);
}

bool gs_inline_samplers(struct gs_run *r)
{
	unsigned next = 0;
	const struct json *args = json_get(json_get(r->entry, "payload"),
	                                   "explicit_args");
	for (size_t i = 0; i < json_len(args); i++)
		if (!strcmp(json_str(json_at(args, i), "class", ""), "sampler"))
			next++;
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s", r->dir,
	         json_str(r->recipe, "source", "?"));
	size_t len;
	char *src = (char *)gs_read_file(path, &len);
	if (!src)
		return true;  /* no source: only argument samplers */
	for (char *p = src; next < 16 && (p = strstr(p, "sampler_t")); ) {
		p += 9;
		char *eq = p, *semi = p;
		while (*semi && *semi != ';' && *semi != ')' && *semi != ',')
			semi++;
		while (eq < semi && *eq != '=')
			eq++;
		if (eq < semi && *semi == ';') {
			struct sim_sampler_desc d;
			parse_inline(eq, (size_t)(semi - eq), &d);
			sim_set_sampler(r->c, next++, &d);
		}
		p = semi;
	}
	free(src);
	return true;
}
