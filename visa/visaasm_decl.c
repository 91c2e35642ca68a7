/*
 * visaasm_decl.c - the directives of vISA assembly and label lines.
 *
 * .kernel / .global_function start a routine; .decl declares general,
 * address, predicate, sampler and surface variables (numbered in
 * declaration order after the pre-defined ones); .input, .implicit_* and
 * .parameter add inputs; .kernel_attr adds routine attributes; .function
 * and "name:" lines place subroutine and block labels; .funcdecl is only
 * informational.  Names enter the string pool in the order the text
 * introduces them, as in Intel's text-to-binary conversion.
 *
 * Spec: shared/spec/visa/4_visa_header.md (var_info, address_info,
 * predicate_info, surface_info, label_info, input_info, attribute_info,
 * pre-defined attributes), 8_appendix_visa_assembly_syntax.md.
 */
#include "visaasm_read.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"

enum va_attr_type { VA_ATTR_BOOL, VA_ATTR_INT, VA_ATTR_STR };

/* Attributes IGC knows (VISAAttributes.h): type, whether variables may
 * carry it, and the value size IGC's own objects use for integers. */
static const struct {
	const char *name;
	uint8_t type;
	bool var;
	uint8_t int_size;
} va_attr_table[] = {
	{ "Extern", VA_ATTR_BOOL, false, 0 },
	{ "NoBarrier", VA_ATTR_BOOL, false, 0 },
	{ "Callable", VA_ATTR_BOOL, false, 0 },
	{ "Caller", VA_ATTR_BOOL, false, 0 },
	{ "Composable", VA_ATTR_BOOL, false, 0 },
	{ "Entry", VA_ATTR_BOOL, false, 0 },
	{ "SepSpillPvtSS", VA_ATTR_BOOL, false, 0 },
	{ "LTO_InvokeOptTarget", VA_ATTR_BOOL, false, 0 },
	{ "Input", VA_ATTR_BOOL, true, 0 },
	{ "Output", VA_ATTR_BOOL, true, 0 },
	{ "PayloadLiveOut", VA_ATTR_BOOL, true, 0 },
	{ "Input_Output", VA_ATTR_BOOL, true, 0 },
	{ "NoWidening", VA_ATTR_BOOL, true, 0 },
	{ "DoNotSpill", VA_ATTR_BOOL, true, 0 },
	/* 1-byte values: the sizes 4_visa_header.md recommends and IGC
	 * writes (a larger value still gets 4 bytes). */
	{ "Target", VA_ATTR_INT, false, 1 },
	{ "SLMSize", VA_ATTR_INT, false, 1 },
	{ "SimdSize", VA_ATTR_INT, false, 1 },
	{ "ArgSize", VA_ATTR_INT, false, 1 },
	{ "RetValSize", VA_ATTR_INT, false, 1 },
	{ "SpillMemOffset", VA_ATTR_INT, false, 4 },
	{ "PerThreadInputSize", VA_ATTR_INT, false, 4 },
	{ "perThreadInputSize", VA_ATTR_INT, false, 4 },
	{ "CrossThreadInputSize", VA_ATTR_INT, false, 4 },
	{ "crossThreadInputSize", VA_ATTR_INT, false, 4 },
	{ "NBarrierCnt", VA_ATTR_INT, false, 4 },
	{ "Scope", VA_ATTR_INT, true, 4 },
	{ "SurfaceUsage", VA_ATTR_INT, true, 4 },
	{ "OutputAsmPath", VA_ATTR_STR, false, 0 },
	{ "AsmName", VA_ATTR_STR, false, 0 },
};

static int va_attr_find(const char *name)
{
	for (size_t i = 0; i < sizeof va_attr_table / sizeof va_attr_table[0];
	     i++)
		if (strcmp(va_attr_table[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* Append one attribute (name string interned now) to a list. */
static bool va_attr_add(struct va_parser *p, struct vf_attrs *list,
                        uint32_t *cap, const char *name, const void *val,
                        unsigned size)
{
	struct vf_attr *a = va_push(p, (void **)&list->items, &list->count,
	                            cap, sizeof *a);
	if (!a)
		return false;
	a->name = va_add_string(p, name);
	a->size = (uint8_t)size;
	if (size) {
		a->value = vf_arena_memdup(p->a, val, size);
		if (!a->value)
			return va_oom(p);
	}
	return a->name != UINT32_MAX;
}

static bool va_int_attr(struct va_parser *p, struct vf_attrs *list,
                        uint32_t *cap, const char *name, unsigned size,
                        uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
	                 (uint8_t)(v >> 24) };
	if (size == 1 && v > 0xFF)
		size = 4;
	return va_attr_add(p, list, cap, name, b, size);
}

/* ---- .kernel_attr ---- */

bool va_kernel_attr_num(struct va_parser *p, const char *name, uint32_t v)
{
	int k = va_attr_find(name);
	unsigned size = 4;
	if (k >= 0 && va_attr_table[k].type == VA_ATTR_INT)
		size = va_attr_table[k].int_size;
	else if (k >= 0 && va_attr_table[k].type == VA_ATTR_BOOL)
		v = 1;  /* a boolean keeps the size given but reads as set */
	if (strcmp(name, "SimdSize") == 0 || strcmp(name, "DispatchSimdSize") == 0)
		p->rt->dispatch_simd = (int)v;
	uint32_t cap = p->rt->attr_cap;
	bool ok = va_int_attr(p, &p->rt->r.attrs, &cap, name, size, v);
	p->rt->attr_cap = cap;
	return ok;
}

static bool va_kernel_attr_str(struct va_parser *p, const struct va_token *at,
                               const char *name, const struct va_token *s)
{
	int k = va_attr_find(name);
	uint32_t cap = p->rt->attr_cap;
	bool ok;
	if (k >= 0 && strcmp(name, "Target") == 0) {
		uint8_t t;
		if (!s || (strcmp(s->str, "cm") != 0 && strcmp(s->str, "3d") != 0))
			return va_fail(p, s ? s : at, "Target=\"cm\" or \"3d\"");
		t = strcmp(s->str, "3d") == 0;
		ok = va_attr_add(p, &p->rt->r.attrs, &cap, name, &t, 1);
	} else if (k >= 0 && va_attr_table[k].type != VA_ATTR_STR && s) {
		return va_fail(p, s, "an integer attribute value");
	} else {
		if (k >= 0 && strcmp(name, "AsmName") == 0)
			name = "OutputAsmPath";
		size_t n = s ? s->slen : 0;
		if (n > 255)
			return va_fail(p, s, "a value of at most 255 bytes");
		ok = va_attr_add(p, &p->rt->r.attrs, &cap, name, s ? s->str : "",
		                 (unsigned)n);
	}
	p->rt->attr_cap = cap;
	return ok;
}

static bool va_dir_kernel_attr(struct va_parser *p)
{
	const struct va_token *t = va_next(p);
	if (t->kind != VA_IDENT)
		return va_fail(p, t, "an attribute name");
	char *name = va_token_text(p, t);
	if (!name)
		return false;
	if (!va_accept(p, '=') || va_at_stmt_end(p))
		return va_kernel_attr_str(p, t, name, NULL);
	const struct va_token *v = va_peek(p);
	if (v->kind == VA_STRING) {
		va_next(p);
		return va_kernel_attr_str(p, t, name, v);
	}
	int64_t n;
	if (!va_int_expr(p, &n))
		return false;
	int k = va_attr_find(name);
	if (k >= 0 && va_attr_table[k].type == VA_ATTR_STR)
		return va_fail(p, v, "a string attribute value");
	return va_kernel_attr_num(p, name, (uint32_t)n);
}

/* ---- attrs={...} of declarations ---- */

static bool va_one_var_attr(struct va_parser *p, struct vf_attrs *list,
                            uint32_t *cap)
{
	const struct va_token *t = va_next(p);
	if (t->kind != VA_IDENT)
		return va_fail(p, t, "an attribute name");
	char *name = va_token_text(p, t);
	if (!name)
		return false;
	int k = va_attr_find(name);
	if (k < 0 || !va_attr_table[k].var)
		return va_fail(p, t, "a variable attribute (Input, Output, "
		               "PayloadLiveOut, Input_Output, NoWidening, "
		               "DoNotSpill, Scope, SurfaceUsage)");
	int64_t v = 0;
	if (va_accept(p, '=')) {
		const struct va_token *s = va_peek(p);
		if (s->kind == VA_STRING)
			return va_fail(p, s, "an integer attribute value");
		if (!va_int_nra(p, &v))
			return false;
	}
	if (va_attr_table[k].type == VA_ATTR_BOOL)
		return va_attr_add(p, list, cap, name, NULL, 0);
	return va_int_attr(p, list, cap, name, 4, (uint32_t)v);
}

static bool va_var_attrs(struct va_parser *p, struct vf_attrs *list)
{
	const struct va_token *t = va_peek(p);
	if (!va_is_ident(p, t, "attrs"))
		return true;
	va_next(p);
	if (!va_expect(p, '=', "'=' after attrs") ||
	    !va_expect(p, '{', "'{' opening the attribute list"))
		return false;
	uint32_t cap = 0;
	do {
		if (!va_one_var_attr(p, list, &cap))
			return false;
	} while (va_accept(p, ','));
	return va_expect(p, '}', "',' or '}' in the attribute list");
}

/* ---- .decl ---- */

/* keyword '=' at the current token (e.g. num_elts=). */
static inline bool va_keyword_eq(struct va_parser *p, const char *kw)
{
	if (!va_is_ident(p, va_peek(p), kw) ||
	    !va_is_punct(va_peek_at(p, 1), '='))
		return false;
	va_next(p);
	va_next(p);
	return true;
}

static bool va_num_elts(struct va_parser *p, unsigned max, uint32_t *n)
{
	if (!va_keyword_eq(p, "num_elts"))
		return va_fail(p, va_peek(p), "num_elts=");
	const struct va_token *t = va_peek(p);
	int64_t v;
	if (!va_int_expr(p, &v))
		return false;
	if (v < 0 || v > (int64_t)max)
		return va_fail_msg(p, t, "an element count from 0 to %u", max);
	*n = (uint32_t)v;
	return true;
}

/* The type of a variable (a type name other than the vector ones), or
 * -1. */
static int va_decl_type(const char *s, size_t n)
{
	int i = va_type_code(s, n);
	if (i == VISA_TYPE_V || i == VISA_TYPE_VF || i == VISA_TYPE_UV)
		return -1;
	return i;
}

static int va_type_from_name(const struct va_parser *p,
                             const struct va_token *t)
{
	if (t->kind != VA_IDENT)
		return -1;
	return va_decl_type(p->src + t->start, t->len);
}

/* Alignment names, indexed by their code, and their lengths. */
static const char *const va_align_names[] = {
	"byte", "word", "dword", "qword", "oword", "GRF", "GRFx2",
	"hword", "wordx32", "wordx64",
};
static const uint8_t va_align_lens[] = { 4, 4, 5, 5, 5, 3, 5, 5, 7, 7 };

int va_align_code(const char *s, size_t n)
{
	/* The one name the first byte (and length) leaves, compared. */
	int i;
	if (n == 0)
		return -1;
	switch (s[0]) {
	case 'b': i = 0; break;
	case 'w': i = n == 4 ? 1 : n == 7 && s[5] == '3' ? 8 : 9; break;
	case 'd': i = 2; break;
	case 'q': i = 3; break;
	case 'o': i = 4; break;
	case 'G': i = n == 3 ? 5 : 6; break;
	case 'h': i = 7; break;
	default: return -1;
	}
	if (va_align_lens[i] != n)
		return -1;
	for (size_t k = 1; k < n; k++)
		if (va_align_names[i][k] != s[k])
			return -1;
	return i;
}

static bool va_align(struct va_parser *p, unsigned *align)
{
	*align = 0;
	if (!va_keyword_eq(p, "align"))
		return true;
	const struct va_token *t = va_peek(p);
	static const struct { const char *s; unsigned a; } kw[] = {
		{ "2GRF", 6 }, { "32word", 8 }, { "64word", 9 },
	};
	/* These names start with a digit: a number token glued to a word. */
	for (size_t i = 0; i < 3 && t->kind == VA_INT; i++) {
		size_t end, len = va_glued(p, &end);
		if (strlen(kw[i].s) == len &&
		    memcmp(p->src + t->start, kw[i].s, len) == 0) {
			p->pos = end;
			*align = kw[i].a;
			return true;
		}
	}
	if (t->kind == VA_IDENT) {
		int i = va_align_code(p->src + t->start, t->len);
		if (i >= 0) {
			va_next(p);
			*align = (unsigned)i;
			return true;
		}
		return va_fail(p, t, "an alignment (byte, word, dword, qword, "
		               "oword, GRF, GRFx2, hword, wordx32, wordx64)");
	}
	int64_t bytes;
	if (!va_int_expr(p, &bytes))
		return false;
	static const int sizes[] = { 1, 2, 4, 8, 16, 32, 64, 128 };
	static const unsigned codes[] = { 0, 1, 2, 3, 4, 7, 8, 9 };
	for (unsigned i = 0; i < 8; i++)
		if (bytes == sizes[i]) {
			*align = codes[i];
			return true;
		}
	return va_fail(p, t, "an alignment of 1, 2, 4, 8, 16, 32, 64 or 128 "
	               "bytes");
}

static bool va_alias(struct va_parser *p, struct vf_var *v)
{
	if (!va_keyword_eq(p, "alias"))
		return true;
	if (!va_expect(p, '<', "'<' after alias="))
		return false;
	const struct va_token *t = va_peek(p);
	const struct va_sym *s;
	if (!va_var_name(p, &s, "an alias base variable"))
		return false;
	if (s->cls != VA_SYM_GENERAL)
		return va_fail(p, t, "a general variable as alias base");
	int64_t off;
	if (!va_expect(p, ',', "',' after the alias base"))
		return false;
	t = va_peek(p);
	if (!va_int_nra(p, &off))
		return false;
	if (off < 0 || off > UINT16_MAX)
		return va_fail(p, t, "an alias offset from 0 to 65535");
	if (!va_expect(p, '>', "'>' closing alias="))
		return false;
	v->alias_index = s->index;
	v->alias_offset = (uint16_t)off;
	return true;
}

/* The variable of a general .decl named nt, its type, count and
 * alignment read; alias= and attrs= follow.  The name goes into the
 * string pool once: the pool's copy is also the symbol's name (issue 12:
 * one copy per declaration). */
static bool va_decl_general_var(struct va_parser *p,
                                const struct va_token *nt, int type,
                                uint32_t n, unsigned align)
{
	struct va_routine *rt = p->rt;
	uint32_t id = VISA_NUM_PREDEF_VARS + rt->r.var_count;
	struct vf_var *v = va_push(p, (void **)&rt->r.vars, &rt->r.var_count,
	                           &rt->var_cap, sizeof *v);
	if (!v)
		return false;
	v->bit_properties = (uint8_t)(type | (align << 4));
	v->num_elements = (uint16_t)n;
	const char *name;
	v->name = va_add_token_text(p, nt, &name);
	if (v->name == UINT32_MAX || !va_alias(p, v))
		return false;
	if (!va_declare(p, nt, name, nt->len, VA_SYM_GENERAL, id, false) ||
	    !va_var_attrs(p, &v->attrs))
		return false;
	/* For the routine's header size (va_layout). */
	rt->var_attrs += v->attrs.count;
	for (uint32_t i = 0; i < v->attrs.count; i++)
		rt->var_attr_bytes += v->attrs.items[i].size;
	return true;
}

static bool va_decl_general(struct va_parser *p, const struct va_token *nt)
{
	if (!va_keyword_eq(p, "type"))
		return va_fail(p, va_peek(p), "type=");
	int type = va_type_from_name(p, va_peek(p));
	if (type < 0)
		return va_fail(p, va_peek(p), "a variable type (ud, d, uw, w, "
		               "ub, b, df, f, bool, uq, q, hf, bf)");
	va_next(p);
	uint32_t n;
	unsigned align;
	if (!va_num_elts(p, UINT16_MAX, &n) || !va_align(p, &align))
		return false;
	return va_decl_general_var(p, nt, type, n, align);
}

/* The usual general .decl read from the text (va_lex_decl, issue 12),
 * the current token being "decl": the type, count and alignment are
 * those va_decl_general takes from the same tokens, under the same
 * checks.  False (nothing consumed) leaves the line to the general path;
 * true when taken, *ok telling how the rest of the line went. */
static bool va_decl_text(struct va_parser *p, bool *ok)
{
	struct va_decl_text d;
	size_t len = va_lex_decl(p, &d);
	if (!len)
		return false;
	int type = va_decl_type(p->src + d.type, d.type_len);
	int align = va_align_code(p->src + d.align, d.align_len);
	if (type < 0 || align < 0 || d.num > UINT16_MAX)
		return false;
	va_lex_take(p, len);
	va_next(p);  /* "decl"; the line is cut on after the alignment */
	*ok = va_decl_general_var(p, &d.name, type, d.num, (unsigned)align);
	return true;
}

/* Address, predicate, sampler and surface declarations. */
static bool va_decl_symvar(struct va_parser *p, const struct va_token *nt,
                           char kind)
{
	struct va_routine *rt = p->rt;
	uint32_t n, *count, *cap, base = 0, max;
	struct vf_symvar **arr;
	enum va_sym_class cls;
	switch (kind) {
	case 'A': arr = &rt->r.addrs; count = &rt->naddrs; cap = &rt->addr_cap;
		  cls = VA_SYM_ADDRESS; max = 4096; break;
	case 'P': arr = &rt->r.preds; count = &rt->npreds; cap = &rt->pred_cap;
		  cls = VA_SYM_PREDICATE; base = 1; max = 4095; break;
	case 'S': arr = &rt->r.samplers; count = &rt->nsamplers;
		  cap = &rt->samp_cap; cls = VA_SYM_SAMPLER; max = 255; break;
	default: arr = &rt->r.surfaces; count = &rt->nsurfaces;
		 cap = &rt->surf_cap; cls = VA_SYM_SURFACE;
		 base = VISA_NUM_PREDEF_SURFACES; max = 255 - base; break;
	}
	if (*count >= max)
		return va_fail_msg(p, nt, "at most %u %s variables", max,
		                   kind == 'A' ? "address" : kind == 'P' ?
		                   "predicate" : kind == 'S' ? "sampler" :
		                   "surface");
	if (!va_num_elts(p, kind == 'P' ? 32 : UINT16_MAX, &n))
		return false;
	/* The pool holds the v_name= name if there is one, else the
	 * declared name (then also the symbol's name). */
	const struct va_token *pool_tok = nt;
	const char *name = NULL;
	if ((kind == 'S' || kind == 'T') && va_keyword_eq(p, "v_name")) {
		pool_tok = va_next(p);
		if (pool_tok->kind != VA_IDENT)
			return va_fail(p, pool_tok, "a name after v_name=");
		if (!(name = va_token_text(p, nt)))
			return false;
	}
	uint32_t id = base + *count;
	struct vf_symvar *v = va_push(p, (void **)arr, count, cap, sizeof *v);
	if (!v)
		return false;
	v->num_elements = (uint16_t)n;
	v->name = va_add_token_text(p, pool_tok, name ? NULL : &name);
	if (v->name == UINT32_MAX ||
	    !va_declare(p, nt, name, nt->len, cls, id, false))
		return false;
	return va_var_attrs(p, &v->attrs);
}

static bool va_dir_decl(struct va_parser *p)
{
	const struct va_token *nt = va_next(p);
	if (nt->kind != VA_IDENT)
		return va_fail(p, nt, "a variable name after .decl");
	if (!va_keyword_eq(p, "v_type"))
		return va_fail(p, va_peek(p), "v_type=");
	const struct va_token *k = va_next(p);
	if (k->kind != VA_IDENT || k->len != 1 ||
	    !strchr("GAPST", p->src[k->start]))
		return va_fail(p, k, "a variable class (G, A, P, S or T)");
	char kind = p->src[k->start];
	if (kind == 'G')
		return va_decl_general(p, nt);
	return va_decl_symvar(p, nt, kind);
}

/* ---- inputs ---- */

/* Category of an input variable (input_info kind bits 0-1). */
static bool va_input_var(struct va_parser *p, const struct va_token *t,
                         const struct va_sym **s, unsigned *cat)
{
	if (t->kind != VA_IDENT)
		return va_fail(p, t, "an input variable name");
	*s = va_lookup_tok(p, t);
	if (!*s)
		return va_fail(p, t, "a declared variable");
	switch ((*s)->cls) {
	case VA_SYM_GENERAL: *cat = 0; return true;
	case VA_SYM_SAMPLER: *cat = 1; return true;
	case VA_SYM_SURFACE: *cat = 2; return true;
	default:
		return va_fail(p, t, "a general, sampler or surface variable");
	}
}

static bool va_add_input(struct va_parser *p, const struct va_token *t,
                         const struct va_sym *s, unsigned cat,
                         unsigned provenance, int64_t off, int64_t size)
{
	if (off < INT16_MIN || off > UINT16_MAX)
		return va_fail(p, t, "an input offset that fits 16 bits");
	if (size < 0 || size > UINT16_MAX)
		return va_fail(p, t, "an input size below 65536");
	if (!p->rt->r.is_kernel)
		return true;  /* functions have no input table */
	struct vf_input *in = va_push(p, (void **)&p->rt->r.inputs,
	                              &p->rt->r.input_count, &p->rt->input_cap,
	                              sizeof *in);
	if (!in)
		return false;
	in->kind = (uint8_t)(cat | (provenance << 3));
	in->id = s->index;
	in->offset = (int16_t)(uint16_t)off;
	in->size = (uint16_t)size;
	return true;
}

static bool va_input_size_of(struct va_parser *p, const struct va_token *t,
                             const struct va_sym *s, int64_t *size)
{
	if (s->cls != VA_SYM_GENERAL)
		return va_fail(p, t, "size= (only general variables have a "
		               "known size)");
	*size = va_var_bytes(p, s->index);
	return true;
}

static bool va_input_common(struct va_parser *p, unsigned provenance,
                            bool attrs_allowed)
{
	const struct va_token *t = va_next(p);
	const struct va_sym *s;
	unsigned cat;
	int64_t off = 0, size = 0;
	if (!va_input_var(p, t, &s, &cat))
		return false;
	if (va_keyword_eq(p, "offset") && !va_int_expr(p, &off))
		return false;
	if (va_keyword_eq(p, "size")) {
		if (!va_int_expr(p, &size))
			return false;
	} else if (!va_input_size_of(p, t, s, &size)) {
		return false;
	}
	if (attrs_allowed) {
		struct vf_attrs ignored = { 0 };
		if (!va_var_attrs(p, &ignored))
			return false;
	}
	return va_add_input(p, t, s, cat, provenance, off, size);
}

static bool va_dir_implicit(struct va_parser *p, const struct va_token *d)
{
	static const char *const kinds[] = {
		"EXPLICIT", "LOCAL_SIZE", "GROUP_COUNT", "LOCAL_ID",
	};
	const char *k = p->src + d->start + strlen("implicit");
	size_t n = d->len - strlen("implicit");
	if (n && k[0] == '_')
		k++, n--;
	unsigned prov = 0;
	bool found = false;
	for (unsigned i = 0; i < 4 && !found; i++)
		if (strlen(kinds[i]) == n && memcmp(k, kinds[i], n) == 0)
			prov = i, found = true;
	if (!found && n == 12 && memcmp(k, "PSEUDO_INPUT", 12) == 0)
		prov = 0x10, found = true;
	if (!found && n > 10 && memcmp(k, "UNDEFINED_", 10) == 0) {
		prov = 0;
		found = true;
		for (size_t i = 10; i < n && found; i++) {
			if (k[i] < '0' || k[i] > '9')
				found = false;
			else
				prov = prov * 10 + (unsigned)(k[i] - '0');
		}
		found = found && prov < 32;
	}
	if (!found)
		return va_fail(p, d, "an implicit input kind (LOCAL_SIZE, "
		               "GROUP_COUNT, LOCAL_ID, PSEUDO_INPUT, "
		               "UNDEFINED_<n>)");
	return va_input_common(p, prov, true);
}

static bool va_dir_parameter(struct va_parser *p)
{
	const struct va_token *t = va_next(p);
	const struct va_sym *s;
	unsigned cat;
	int64_t size;
	if (!va_input_var(p, t, &s, &cat))
		return false;
	if (!va_keyword_eq(p, "size"))
		return va_fail(p, va_peek(p), "size=");
	if (!va_int_expr(p, &size))
		return false;
	struct vf_attrs ignored = { 0 };
	return va_var_attrs(p, &ignored) &&
	       va_add_input(p, t, s, cat, 0, 0, size);
}

/* ---- routines, functions, labels ---- */

static bool va_name_arg(struct va_parser *p, const char *what,
                        const char **name, size_t *len)
{
	const struct va_token *t = va_next(p);
	if (t->kind == VA_STRING) {
		if (memchr(t->str, '\0', t->slen))
			return va_fail(p, t, "a name without NUL bytes");
		*name = t->str;
		*len = t->slen;
		return true;
	}
	if (t->kind != VA_IDENT)
		return va_fail(p, t, what);
	*name = p->src + t->start;
	*len = t->len;
	return true;
}

static bool va_dir_routine(struct va_parser *p, bool kernel)
{
	const char *name;
	size_t len;
	if (p->rt && p->rt->scope)
		return va_fail(p, va_peek(p), "'}' before a new routine");
	if (!va_name_arg(p, "a routine name", &name, &len))
		return false;
	char *copy = vf_arena_strndup(p->a, name, len);
	if (!copy)
		return va_oom(p);
	return va_begin_routine(p, kernel, copy);
}

/* A label instruction (func or label) for label 'id'. */
static bool va_emit_label(struct va_parser *p, const struct va_token *at,
                          unsigned opcode, uint32_t id)
{
	struct va_inst_ctx c = { .p = p, .mn = at };
	c.in.opcode = (uint8_t)opcode;
	va_other(va_op(&c), 2, id);
	return va_emit(&c);
}

static bool va_define_label(struct va_parser *p, const struct va_token *at,
                            uint32_t id)
{
	if (p->rt->label_uses[id].defined)
		return va_fail(p, at, "a label not placed yet");
	p->rt->label_uses[id].defined = true;
	return true;
}

static bool va_dir_function(struct va_parser *p)
{
	const struct va_token *t = va_peek(p);
	const char *name;
	size_t len;
	uint32_t id;
	if (!va_name_arg(p, "a function label name", &name, &len) ||
	    !va_label_ref(p, t, name, len, 1, &id) ||
	    !va_define_label(p, t, id))
		return false;
	return va_emit_label(p, t, VISA_OP_SUBROUTINE, id);
}

bool va_label_line(struct va_parser *p)
{
	const struct va_token *t = va_next(p);
	const char *name = p->src + t->start;
	uint32_t id;
	/* "name:" right after .function "name" is the same label. */
	if (va_lookup(p, name, t->len, true, false))
		return true;
	if (!va_label_ref(p, t, name, t->len, 0, &id) ||
	    !va_define_label(p, t, id))
		return false;
	return va_emit_label(p, t, VISA_OP_LABEL, id);
}

/* .file "name" and .loc line (also spelt FILE and LOC). */
bool va_file_loc(struct va_parser *p, const struct va_token *at, bool file)
{
	struct va_inst_ctx c = { .p = p, .mn = at };
	const struct va_token *t = va_next(p);
	if (file) {
		if (t->kind != VA_STRING)
			return va_fail(p, t, "a file name string");
		c.in.opcode = VISA_OP_FILE;
		uint32_t k = va_add_string(p, t->str);
		if (k == UINT32_MAX)
			return false;
		va_other(va_op(&c), vf_decl_width(vf_version(p->m)), k);
	} else {
		if (t->kind != VA_INT || t->is_hex)
			return va_fail(p, t, "a decimal line number");
		c.in.opcode = VISA_OP_LOC;
		va_other(va_op(&c), 4, (uint32_t)t->ival);
	}
	return va_emit(&c);
}

bool va_directive(struct va_parser *p)
{
	va_next(p);  /* '.' */
	bool ok;
	if (p->rt && va_is_ident(p, va_peek(p), "decl") && va_decl_text(p, &ok))
		return ok;
	const struct va_token *d = va_next(p);
	if (va_token_is(p, d, "kernel"))
		return va_dir_routine(p, true);
	if (va_token_is(p, d, "global_function"))
		return va_dir_routine(p, false);
	if (va_token_is(p, d, "funcdecl")) {
		const struct va_token *s = va_next(p);
		return s->kind == VA_STRING ? true
		                            : va_fail(p, s, "a function name string");
	}
	if (va_token_is(p, d, "version"))
		return va_fail(p, d, "a statement ('.version' comes once, "
		               "first)");
	if (!p->rt)
		return va_fail(p, d, "'.kernel' or '.global_function'");
	if (va_token_is(p, d, "decl"))
		return va_dir_decl(p);
	if (va_token_is(p, d, "kernel_attr"))
		return va_dir_kernel_attr(p);
	if (va_token_is(p, d, "input"))
		return va_input_common(p, 0, false);
	if (va_token_is(p, d, "parameter"))
		return va_dir_parameter(p);
	if (va_token_is(p, d, "function"))
		return va_dir_function(p);
	if (va_token_is(p, d, "file") || va_token_is(p, d, "loc"))
		return va_file_loc(p, d, va_token_is(p, d, "file"));
	if (d->len >= 8 && memcmp(p->src + d->start, "implicit", 8) == 0)
		return va_dir_implicit(p, d);
	return va_fail(p, d, "a directive (.decl, .input, .kernel_attr, "
	               ".function, .kernel, .global_function, ...)");
}
