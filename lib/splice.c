/*
 * splice.c - put finalized kernels into Intel's program binaries
 * (visafin.h: vf_splice; docs/splice.md).
 *
 * For each kernel: the code goes into .text.<kernel> (padded as IGC pads
 * it), the symbols of that section get the new code size, the
 * relocations of the section are rewritten from the kernel's own list,
 * and .ze_info gets the execution-environment fields the code decides
 * (SIMD size, GRF count, barrier, SLM, scratch).  Everything the program
 * says that the code does not decide (arguments, binding table, inline
 * samplers, other kernels, the SPIR-V, notes) stays byte for byte; the
 * kernel's argument layout is checked against the program's first.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "zebin.h"

#define SHT_SYMTAB_ 2
#define SHT_RELA_ 4
#define SHT_REL_ 9
#define STT_FUNC_ 2
#define STB_LOCAL_ 0
#define SYM_SIZE 24
#define R_ZE_SYM_ADDR 1            /* 64-bit address */
#define R_ZE_SYM_ADDR_32 2         /* low 32 bits */
#define R_ZE_SYM_ADDR_32_HI 3      /* high 32 bits */
#define CODE_PAD 128               /* IGC's zero bytes after the code */
#define CODE_ALIGN 64
#define GRF_BYTES 32               /* r0: the payload starts after it */
#define MAX_ARGS 1024

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}
static uint64_t rd64(const uint8_t *p)
{
	return rd32(p) | (uint64_t)rd32(p + 4) << 32;
}
static void wr64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}

struct splice {
	struct zb_file f;
	struct zi_doc zi;
	bool have_zi;
	const char *file;
	const struct vf_splice_options *opt;
	struct vf_error *err;
};

/* vISA platform of a program's device (its IntelGT product family, the
 * PRODUCT_FAMILY numbers ocloc writes); 0 when splice does not know it. */
static int platform_of_family(unsigned family)
{
	switch (family) {
	case 16: return VF_PLATFORM_BDW;        /* bdw */
	case 18: case 19: case 20:              /* skl, kbl, cfl: Gen9 */
		return VF_PLATFORM_SKL;
	case 22: case 23:                       /* bxt, glk: Gen9 LP */
		return VF_PLATFORM_BXT;
	case 26: return VF_PLATFORM_ICLLP;      /* icllp */
	case 29: return VF_PLATFORM_TGLLP;      /* tgllp */
	default: return 0;
	}
}

/* A copy of section i the splice may edit in place. */
static uint8_t *editable(struct splice *s, size_t i)
{
	struct zb_section *sec = &s->f.sec[i];
	if (sec->owned)
		return sec->owned;
	uint8_t *p = malloc(sec->size ? sec->size : 1);
	if (!p)
		return NULL;
	memcpy(p, sec->bytes, sec->size);
	zb_set(&s->f, i, p, sec->size);
	return p;
}

/* ---- code, symbols, relocations -------------------------------------- */

static enum vf_status put_code(struct splice *s, size_t text,
                               const struct vf_kernel_result *r)
{
	size_t n = (r->code_size + CODE_PAD + CODE_ALIGN - 1) / CODE_ALIGN *
	           CODE_ALIGN;
	uint8_t *p = calloc(1, n);
	if (!p)
		return vf_err_oom(s->err);
	memcpy(p, r->code, r->code_size);
	zb_set(&s->f, text, p, n);
	return VF_OK;
}

/* Is symbol k of symbol table 'symtab' the target of a relocation? */
static bool referenced(const struct splice *s, size_t symtab, size_t k)
{
	for (size_t i = 1; i < s->f.shnum; i++) {
		const struct zb_section *sec = &s->f.sec[i];
		size_t esz = sec->type == SHT_REL_ ? 16 : 24;
		if ((sec->type != SHT_REL_ && sec->type != SHT_RELA_) ||
		    sec->link != symtab)
			continue;
		for (size_t j = 0; j + esz <= sec->size; j += esz)
			if (rd32(sec->bytes + j + 12) == k)
				return true;
	}
	return false;
}

/* Symbols in the kernel's section.  At its start: FUNC symbols (the
 * kernel, _entry) get the new code size.  Inside IGC's code (a stack-call
 * function): its place in the new code is unknown, so a local symbol no
 * relocation uses (NEO reads local symbols only as relocation targets)
 * becomes empty at 0 (kept as it is with code_only, if it fits); any
 * other is refused. */
static enum vf_status fix_symbols(struct splice *s, size_t text,
                                  const struct vf_kernel_result *r)
{
	for (size_t i = 1; i < s->f.shnum; i++) {
		struct zb_section *sec = &s->f.sec[i];
		if (sec->type != SHT_SYMTAB_)
			continue;
		if (sec->entsize != SYM_SIZE || sec->size % SYM_SIZE)
			return vf_err_at(s->err, s->file, sec->offset, "zebin: "
			                 "symbol table entry size is not 24");
		for (size_t k = 0; k < sec->size / SYM_SIZE; k++) {
			const uint8_t *e = sec->bytes + k * SYM_SIZE;
			if ((size_t)(e[6] | e[7] << 8) != text)
				continue;
			uint64_t value = rd64(e + 8), size = rd64(e + 16);
			uint64_t want = value ? 0 : r->code_size;
			/* Code with IGC's metadata (code_only) is IGC's code, with
			 * its functions where they were. */
			if (value && s->opt->code_only && value <= r->code_size &&
			    size <= r->code_size - value)
				continue;
			if (value && ((e[4] >> 4) != STB_LOCAL_ ||
			              referenced(s, i, k)))
				return vf_err(s->err, VF_ERR_UNSUPPORTED, "%s: symbol "
				              "%zu points inside the code of kernel %s "
				              "and is global or a relocation target: not "
				              "supported by splice", s->file, k, r->name);
			if ((e[4] & 15) != STT_FUNC_ || (size == want && !value))
				continue;
			uint8_t *p = editable(s, i);
			if (!p)
				return vf_err_oom(s->err);
			wr64(p + k * SYM_SIZE + 8, 0);
			wr64(p + k * SYM_SIZE + 16, want);
		}
	}
	return VF_OK;
}

/* Index of the symbol called 'name' in symbol table 'symtab'. */
static bool find_symbol(struct splice *s, size_t symtab, const char *name,
                        uint64_t *idx)
{
	const struct zb_section *st = &s->f.sec[symtab];
	if (st->link >= s->f.shnum)
		return false;
	const struct zb_section *str = &s->f.sec[st->link];
	size_t nlen = strlen(name);
	for (size_t k = 1; k < st->size / SYM_SIZE; k++) {
		uint32_t at = rd32(st->bytes + k * SYM_SIZE);
		if (at < str->size && str->size - at > nlen &&
		    !memcmp(str->bytes + at, name, nlen + 1)) {
			*idx = k;
			return true;
		}
	}
	return false;
}

static enum vf_status check_relocs(struct splice *s, size_t i, size_t esz,
                                   const struct vf_kernel_result *r)
{
	const struct zb_section *sec = &s->f.sec[i];
	for (size_t k = 0; k < sec->size / esz; k++) {
		const uint8_t *e = sec->bytes + k * esz;
		uint64_t off = rd64(e);
		uint32_t type = rd32(e + 8);
		size_t need = type == R_ZE_SYM_ADDR ? 8 : 4;
		if (type != R_ZE_SYM_ADDR && type != R_ZE_SYM_ADDR_32 &&
		    type != R_ZE_SYM_ADDR_32_HI)
			return vf_err(s->err, VF_ERR_UNSUPPORTED, "%s: kernel %s has "
			              "a relocation of type %u: not supported by "
			              "splice", s->file, r->name, type);
		if (s->opt->code_only &&
		    (off > r->code_size || r->code_size - off < need))
			return vf_err(s->err, VF_ERR_INPUT, "%s: relocation at "
			              "offset %llu lies outside the new code of "
			              "kernel %s", s->file, (unsigned long long)off,
			              r->name);
	}
	return VF_OK;
}

/* The relocation section of the kernel's code, rewritten from r's list
 * (unless code_only: then only checked). */
static enum vf_status fix_relocs(struct splice *s, size_t text,
                                 const struct vf_kernel_result *r)
{
	size_t found = 0;
	for (size_t i = 1; i < s->f.shnum; i++) {
		struct zb_section *sec = &s->f.sec[i];
		if ((sec->type != SHT_REL_ && sec->type != SHT_RELA_) ||
		    sec->info != text)
			continue;
		size_t esz = sec->type == SHT_REL_ ? 16 : 24;
		if (sec->entsize != esz || sec->size % esz ||
		    sec->link >= s->f.shnum ||
		    s->f.sec[sec->link].type != SHT_SYMTAB_)
			return vf_err_at(s->err, s->file, sec->offset, "zebin: bad "
			                 "relocation section %s", zb_name(&s->f, i));
		if (found++)
			return vf_err(s->err, VF_ERR_UNSUPPORTED, "%s: kernel %s has "
			              "two relocation sections: not supported by "
			              "splice", s->file, r->name);
		enum vf_status st = check_relocs(s, i, esz, r);
		if (st != VF_OK || s->opt->code_only)
			return st;
		uint8_t *p = calloc(r->reloc_count ? r->reloc_count : 1, esz);
		if (!p)
			return vf_err_oom(s->err);
		for (size_t k = 0; k < r->reloc_count; k++) {
			uint64_t sym;
			if (!find_symbol(s, sec->link, r->relocs[k].symbol, &sym)) {
				free(p);
				return vf_err(s->err, VF_ERR_INPUT, "%s: kernel %s needs "
				              "the address of %s, which the program does "
				              "not define", s->file, r->name,
				              r->relocs[k].symbol);
			}
			wr64(p + k * esz, r->relocs[k].offset);
			wr64(p + k * esz + 8, sym << 32 | (r->relocs[k].type
			     ? r->relocs[k].type : R_ZE_SYM_ADDR));
		}
		zb_set(&s->f, i, p, r->reloc_count * esz);
	}
	if (!found && r->reloc_count && !s->opt->code_only)
		return vf_err(s->err, VF_ERR_UNSUPPORTED, "%s: kernel %s has "
		              "relocations, the program has no relocation section "
		              "for its code (was it built from the same source?)",
		              s->file, r->name);
	return VF_OK;
}

/* ---- .ze_info --------------------------------------------------------- */

/* execution_env fields: the ones splice sets, and the ones that describe
 * the source program rather than the code (kept).  Any other field may
 * depend on IGC's code, so the kernel is refused. */
static const char *const env_set[] = {
	"barrier_count", "grf_count", "simd_size", "slm_size", NULL };
static const char *const env_keep[] = {
	"disable_mid_thread_preemption", "has_4gb_buffers",
	"has_device_enqueue", "has_fence_for_image_access",
	"has_global_atomics", "has_multi_scratch_spaces",
	"has_no_stateless_write", "has_stack_calls", "has_sample",
	"require_disable_eufusion", "required_sub_group_size",
	"required_work_group_size", "subgroup_independent_forward_progress",
	"work_group_walk_order_dimensions", NULL };

static bool in_list(const char *const *l, const char *k, size_t n)
{
	for (; *l; l++)
		if (strlen(*l) == n && !memcmp(*l, k, n))
			return true;
	return false;
}

static enum vf_status bad_zi(struct splice *s, const struct vf_kernel_result *r,
                             const char *what)
{
	return vf_err(s->err, VF_ERR_INPUT, "%s: .ze_info of kernel %s: %s",
	              s->file, r->name, what);
}

static enum vf_status check_env_keys(struct splice *s,
                                     const struct zi_range *env,
                                     const struct vf_kernel_result *r)
{
	for (size_t i = env->begin; i < env->end; i++) {
		const struct zi_line *l = &s->zi.line[i];
		if (l->n <= env->col || l->p[env->col - 1] != ' ' ||
		    l->p[env->col] == ' ' || l->p[env->col] == '-')
			continue;        /* not a key of execution_env itself */
		const char *k = l->p + env->col, *c = memchr(k, ':', l->n - env->col);
		if (!c)
			continue;
		size_t n = (size_t)(c - k);
		char shown[64];
		if (!in_list(env_set, k, n) && !in_list(env_keep, k, n))
			return vf_err(s->err, VF_ERR_UNSUPPORTED, "%s: kernel %s: "
			              "execution_env field '%s' may depend on IGC's "
			              "code: not supported by splice", s->file, r->name,
			              zi_printable(k, n, shown, sizeof shown));
	}
	return VF_OK;
}

static bool set_uint(struct splice *s, struct zi_range *r, const char *key,
                     uint64_t v)
{
	char num[24];
	snprintf(num, sizeof num, "%llu", (unsigned long long)v);
	return zi_set(&s->zi, r, key, num);
}

/* Remove 'key: value' from mapping r, if there. */
static void drop_key(struct splice *s, struct zi_range *r, const char *key)
{
	size_t n, line;
	if (zi_scalar(&s->zi, r, key, &n, &line)) {
		zi_delete(&s->zi, line, line + 1);
		r->end--;
	}
}

static enum vf_status set_env(struct splice *s, struct zi_range *kern,
                              const struct vf_kernel_result *r)
{
	struct zi_range env;
	if (!zi_child(&s->zi, kern, "execution_env", &env, NULL) ||
	    env.begin == env.end)
		return bad_zi(s, r, "no execution_env");
	enum vf_status st = check_env_keys(s, &env, r);
	if (st != VF_OK)
		return st;
	uint64_t v;
	bool have;
	if (!zi_uint(&s->zi, &env, "simd_size", &v, &have, s->err) && have)
		return VF_ERR_INPUT;
	if (!zi_uint(&s->zi, &env, "barrier_count", &v, &have, s->err) && have)
		return VF_ERR_INPUT;
	bool ok = set_uint(s, &env, "simd_size", r->simd_size) &&
	          set_uint(s, &env, "grf_count", r->grf_count);
	if (r->uses_barrier && !(have && v >= 1))
		ok = ok && set_uint(s, &env, "barrier_count", 1);
	else if (!r->uses_barrier)
		drop_key(s, &env, "barrier_count");
	/* SLM: the front end sizes the kernel's __local variables (vISA
	 * rarely carries SLMSize); a larger SLMSize of the kernel wins. */
	uint64_t slm;
	if (!zi_uint(&s->zi, &env, "slm_size", &slm, &have, s->err) && have)
		return VF_ERR_INPUT;
	if (r->slm_size > slm)
		ok = ok && set_uint(s, &env, "slm_size", r->slm_size);
	return ok ? VF_OK : vf_err_oom(s->err);
}

/* Per-thread scratch as the hardware allocates it: a power of two from
 * 1 KB (the per-thread scratch field is log2(size / 1 KB)). */
static uint64_t scratch_alloc(uint64_t bytes)
{
	uint64_t a = 1024;
	while (a < bytes)
		a *= 2;
	return bytes ? a : 0;
}

/* Where a new per_thread_memory_buffers key goes: after the last of the
 * keys IGC writes before it. */
static size_t ptmb_place(struct splice *s, const struct zi_range *kern)
{
	static const char *const before[] = { "execution_env",
		"payload_arguments", "per_thread_payload_arguments",
		"binding_table_indices" };
	size_t at = kern->end;
	for (size_t i = 0; i < 4; i++) {
		struct zi_range sub;
		size_t line;
		if (zi_child(&s->zi, kern, before[i], &sub, &line))
			at = sub.end > line + 1 ? sub.end : line + 1;
	}
	return at;
}

static enum vf_status set_scratch(struct splice *s, struct zi_range *kern,
                                  const struct vf_kernel_result *r)
{
	uint64_t want = scratch_alloc(r->scratch_size);
	struct zi_range bufs = { 0, 0, 0 }, it[8], env;
	size_t line, n = 0, scratch = SIZE_MAX, count = 0;
	if (zi_child(&s->zi, kern, "per_thread_memory_buffers", &bufs, &line)) {
		n = zi_items(&s->zi, &bufs, it, 8);
		if (n > 8)
			return bad_zi(s, r, "more than 8 per_thread_memory_buffers");
		for (size_t i = 0; i < n; i++) {
			size_t vn;
			const char *v = zi_scalar(&s->zi, &it[i], "type", &vn, NULL);
			if (v && vn == 7 && !memcmp(v, "scratch", 7)) {
				scratch = i;
				count++;
			}
		}
	}
	if (count > 1)
		return vf_err(s->err, VF_ERR_UNSUPPORTED, "%s: kernel %s has "
		              "several scratch spaces: not supported by splice",
		              s->file, r->name);
	if (scratch != SIZE_MAX) {
		uint64_t v;
		bool have;
		if (!zi_uint(&s->zi, &it[scratch], "size", &v, &have, s->err))
			return have ? VF_ERR_INPUT
			       : bad_zi(s, r, "scratch buffer without a size");
		if (want)
			return set_uint(s, &it[scratch], "size", want) ? VF_OK
			       : vf_err_oom(s->err);
		if (n == 1)     /* the only buffer: drop the key with it */
			zi_delete(&s->zi, line, bufs.end);
		else
			zi_delete(&s->zi, it[scratch].begin, it[scratch].end);
		return VF_OK;
	}
	if (!want)
		return VF_OK;
	const char *sc = zi_child(&s->zi, kern, "execution_env", &env, NULL)
	                 ? zi_scalar(&s->zi, &env, "has_stack_calls", &n, NULL)
	                 : NULL;
	bool calls = sc && n == 4 && !memcmp(sc, "true", 4);
	unsigned col = kern->col;
	char size[24], *l1, *l2, *l3, *l0 = NULL;
	snprintf(size, sizeof size, "%llu", (unsigned long long)want);
	l1 = zi_format(col + 4, true, "type", "scratch");
	l2 = zi_format(col + 4, false, "usage",
	               calls ? "spill_fill_space" : "single_space");
	l3 = zi_format(col + 4, false, "size", size);
	size_t at = bufs.end;
	bool ok = l1 && l2 && l3;
	if (scratch == SIZE_MAX && !zi_child(&s->zi, kern,
	                                     "per_thread_memory_buffers",
	                                     &bufs, &line)) {
		at = ptmb_place(s, kern);
		l0 = zi_format(col, false, "per_thread_memory_buffers", NULL);
		ok = ok && l0 && zi_insert(&s->zi, at++, l0);
	}
	ok = ok && zi_insert(&s->zi, at, l1) && zi_insert(&s->zi, at + 1, l2) &&
	     zi_insert(&s->zi, at + 2, l3);
	free(l0);
	free(l1);
	free(l2);
	free(l3);
	return ok ? VF_OK : vf_err_oom(s->err);
}

/* The program's local ids must be the kernel's: same size, or the size
 * of the program's SIMD width becoming the kernel's. */
static enum vf_status set_local_ids(struct splice *s, struct zi_range *kern,
                                    const struct vf_kernel_result *r,
                                    unsigned prog_simd, uint64_t *per_thread)
{
	struct zi_range seq, it[4];
	*per_thread = 0;
	if (!zi_child(&s->zi, kern, "per_thread_payload_arguments", &seq, NULL))
		return VF_OK;
	size_t n = zi_items(&s->zi, &seq, it, 4);
	for (size_t i = 0; i < n && i < 4; i++) {
		size_t vn;
		const char *v = zi_scalar(&s->zi, &it[i], "arg_type", &vn, NULL);
		uint64_t off, size;
		bool h1 = false, h2 = false;
		char shown[64];
		if (!v || vn != 8 || memcmp(v, "local_id", 8))
			return vf_err(s->err, VF_ERR_UNSUPPORTED, "%s: kernel %s: "
			              "per-thread argument '%s': not supported by "
			              "splice", s->file, r->name,
			              v ? zi_printable(v, vn, shown, sizeof shown) : "?");
		if (!zi_uint(&s->zi, &it[i], "offset", &off, &h1, s->err) ||
		    !zi_uint(&s->zi, &it[i], "size", &size, &h2, s->err))
			return h1 && h2 ? VF_ERR_INPUT
			       : bad_zi(s, r, "local_id without offset or size");
		uint32_t of_prog = 3u * (prog_simd > 16 ? 64u : 32u);
		if (off != 0 || (size != r->per_thread_payload && size != of_prog))
			return vf_err(s->err, VF_ERR_INPUT, "%s: kernel %s: the "
			              "program's local ids (%llu bytes) are not the "
			              "kernel's (%u bytes)", s->file, r->name,
			              (unsigned long long)size, r->per_thread_payload);
		if (!set_uint(s, &it[i], "size", r->per_thread_payload))
			return vf_err_oom(s->err);
		*per_thread = r->per_thread_payload;
	}
	return n > 4 ? bad_zi(s, r, "too many per-thread arguments") : VF_OK;
}

struct arg { uint64_t off, size; };

static enum vf_status read_args(struct splice *s, struct zi_range *kern,
                                const struct vf_kernel_result *r,
                                struct arg *a, size_t *na)
{
	struct zi_range seq;
	*na = 0;
	if (!zi_child(&s->zi, kern, "payload_arguments", &seq, NULL))
		return VF_OK;
	size_t n = zi_items(&s->zi, &seq, NULL, 0);
	if (n > MAX_ARGS)
		return bad_zi(s, r, "too many payload arguments");
	struct zi_range *it = calloc(n ? n : 1, sizeof *it);
	if (!it)
		return vf_err_oom(s->err);
	zi_items(&s->zi, &seq, it, n);
	enum vf_status st = VF_OK;
	for (size_t i = 0; i < n && st == VF_OK; i++) {
		bool h1 = false, h2 = false;
		if (!zi_uint(&s->zi, &it[i], "offset", &a[i].off, &h1, s->err) ||
		    !zi_uint(&s->zi, &it[i], "size", &a[i].size, &h2, s->err))
			st = h1 && h2 ? VF_ERR_INPUT
			     : bad_zi(s, r, "payload argument without offset or size");
	}
	free(it);
	*na = n;
	return st;
}

/* Why cross-thread input bytes [lo, lo + size) do not fit the program's
 * arguments, or NULL: they must lie inside one argument (a field of a
 * struct passed by value), or start where one starts and cover whole
 * arguments (IGC reads neighbours, and the padding, as one input). */
static const char *fit_args(const struct arg *a, size_t na, uint64_t lo,
                            uint64_t size, uint64_t extent)
{
	uint64_t hi = lo + size;
	bool starts = false;
	for (size_t i = 0; i < na; i++)
		if (a[i].size && a[i].off <= lo && hi <= a[i].off + a[i].size)
			return NULL;
	for (size_t i = 0; i < na; i++) {
		if (!a[i].size || a[i].off + a[i].size <= lo || a[i].off >= hi)
			continue;
		if (a[i].off < lo || a[i].off + a[i].size > hi)
			return "overlapping an argument partly";
		starts |= a[i].off == lo;
	}
	if (!starts)
		return "where no argument starts";
	return hi > extent ? "beyond the program's arguments" : NULL;
}

/* Every input of the kernel after the local ids must fit the program's
 * arguments (fit_args). */
static enum vf_status check_args(struct splice *s, struct zi_range *kern,
                                 const struct vf_kernel_result *r,
                                 uint64_t per_thread)
{
	struct arg *a = calloc(MAX_ARGS, sizeof *a);
	size_t na;
	if (!a)
		return vf_err_oom(s->err);
	enum vf_status st = read_args(s, kern, r, a, &na);
	uint64_t extent = 0, cross = GRF_BYTES + per_thread;
	for (size_t i = 0; i < na; i++)
		if (a[i].size && a[i].off + a[i].size > extent)
			extent = a[i].off + a[i].size;
	extent = (extent + GRF_BYTES - 1) / GRF_BYTES * GRF_BYTES;
	for (size_t k = 0; k < r->input_count && st == VF_OK; k++) {
		const struct vf_kernel_input *in = &r->inputs[k];
		const char *why = NULL;
		if (in->offset < GRF_BYTES)
			why = "inside r0";
		else if ((uint64_t)in->offset < cross)
			why = (uint64_t)in->offset + in->size > cross
			      ? "across the end of the local ids" : NULL;
		else
			why = fit_args(a, na, (uint64_t)in->offset - cross, in->size,
			               extent);
		if (why)
			st = vf_err(s->err, VF_ERR_INPUT, "%s: kernel %s: the argument "
			            "layout differs from the program's: input %zu "
			            "(payload offset %d, %u bytes) lies %s", s->file,
			            r->name, k, (int)in->offset, in->size, why);
	}
	free(a);
	return st;
}

static enum vf_status edit_zeinfo(struct splice *s,
                                  const struct vf_kernel_result *r)
{
	struct zi_range kern, env;
	if (!zi_kernel(&s->zi, r->name, &kern))
		return vf_err(s->err, VF_ERR_INPUT, "%s: .ze_info has no kernel %s",
		              s->file, r->name);
	uint64_t simd;
	bool have = false;
	if (!zi_child(&s->zi, &kern, "execution_env", &env, NULL) ||
	    !zi_uint(&s->zi, &env, "simd_size", &simd, &have, s->err))
		return have ? VF_ERR_INPUT : bad_zi(s, r, "no simd_size");
	uint64_t per_thread;
	enum vf_status st = set_local_ids(s, &kern, r, (unsigned)simd,
	                                  &per_thread);
	if (st == VF_OK)
		st = check_args(s, &kern, r, per_thread);
	if (st == VF_OK)
		st = zi_kernel(&s->zi, r->name, &kern) ? set_env(s, &kern, r)
		     : VF_ERR_INTERNAL;
	if (st == VF_OK)
		st = zi_kernel(&s->zi, r->name, &kern) ? set_scratch(s, &kern, r)
		     : VF_ERR_INTERNAL;
	return st;
}

/* ---- the whole program ------------------------------------------------ */

static enum vf_status check_program(struct splice *s,
                                    const struct vf_kernel_result *r,
                                    size_t count)
{
	for (size_t i = 1; i < s->f.shnum; i++)
		if (!strncmp(zb_name(&s->f, i), ".debug", 6))
			return vf_err(s->err, VF_ERR_UNSUPPORTED, "%s: the program "
			              "has debug information (%s), which describes "
			              "IGC's code: build it without -g", s->file,
			              zb_name(&s->f, i));
	for (size_t k = 0; k < count; k++) {
		if (!r[k].name || !r[k].code_size)
			return vf_err(s->err, VF_ERR_INPUT, "splice: kernel %zu has "
			              "no name or no code", k);
		for (size_t j = 0; j < k; j++)
			if (!strcmp(r[j].name, r[k].name))
				return vf_err(s->err, VF_ERR_INPUT, "splice: kernel %s "
				              "given twice", r[k].name);
		if (s->opt->code_only)
			continue;
		int want = platform_of_family(s->f.product_family);
		if (!want)
			return vf_err(s->err, VF_ERR_UNSUPPORTED, "%s: the program's "
			              "device (IntelGT product family %u) is not one "
			              "splice knows", s->file, s->f.product_family);
		if (r[k].platform != want)
			return vf_err(s->err, VF_ERR_INPUT, "%s: kernel %s was "
			              "finalized for %s, the program is for %s",
			              s->file, r[k].name,
			              vf_platform_name(r[k].platform),
			              vf_platform_name(want));
	}
	return VF_OK;
}

static enum vf_status splice_kernel(struct splice *s,
                                    const struct vf_kernel_result *r)
{
	char name[1100];
	if (strlen(r->name) > 1024)
		return vf_err(s->err, VF_ERR_INPUT, "splice: kernel name too long");
	snprintf(name, sizeof name, ".text.%s", r->name);
	size_t text = zb_find(&s->f, name);
	if (!text)
		return vf_err(s->err, VF_ERR_INPUT, "%s: the program has no "
		              "kernel %s (no section %s)", s->file, r->name, name);
	enum vf_status st = VF_OK;
	if (!s->opt->code_only)
		st = edit_zeinfo(s, r);
	if (st == VF_OK)
		st = fix_relocs(s, text, r);
	if (st == VF_OK)
		st = fix_symbols(s, text, r);
	if (st == VF_OK)
		st = put_code(s, text, r);
	return st;
}

enum vf_status vf_splice(const void *program, size_t size, const char *name,
                         const struct vf_kernel_result *r, size_t count,
                         const struct vf_splice_options *opt,
                         uint8_t **out, size_t *out_size,
                         struct vf_error *err)
{
	static const struct vf_splice_options none;
	struct splice s = { .file = name ? name : "<program>",
	                    .opt = opt ? opt : &none, .err = err };
	*out = NULL;
	*out_size = 0;
	enum vf_status st = zb_parse(program, size, s.file, &s.f, err);
	if (st == VF_OK)
		st = check_program(&s, r, count);
	size_t zi = st == VF_OK ? zb_find(&s.f, ".ze_info") : 0;
	if (st == VF_OK && !s.opt->code_only) {
		if (!zi)
			st = vf_err(err, VF_ERR_INPUT, "%s: no .ze_info section "
			            "(splice reads zebin, ocloc --format zebin)", s.file);
		else if ((st = zi_parse(s.f.sec[zi].bytes, s.f.sec[zi].size, s.file,
		                        &s.zi, err)) == VF_OK)
			s.have_zi = true;
	}
	for (size_t k = 0; k < count && st == VF_OK; k++)
		st = splice_kernel(&s, &r[k]);
	if (st == VF_OK && s.have_zi) {
		uint8_t *text;
		size_t n;
		if ((st = zi_text(&s.zi, &text, &n, err)) == VF_OK)
			zb_set(&s.f, zi, text, n);
	}
	if (st == VF_OK)
		st = zb_write(&s.f, out, out_size, err);
	if (s.have_zi)
		zi_free(&s.zi);
	zb_free(&s.f);
	if (st != VF_OK && !err->msg[0])
		vf_err(err, st, "%s: splice failed", s.file);
	return st;
}
