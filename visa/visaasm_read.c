/*
 * visaasm_read.c - vf_read_visaasm(): vISA assembly texts -> vf_module.
 *
 * Drives the parse of one or more texts (each: ".version", then one or
 * more routines started by ".kernel" or ".global_function"), keeps the
 * per-routine state (string pool, symbol tables with { } scopes, labels)
 * and finally lays every routine out as the binary writer will: the
 * instruction offsets and vf_routine.size come from visa_inst_write(),
 * vf_routine.entry from the size of the routine header.  Kernels go to
 * m->kernels and functions to m->functions, in text order.
 *
 * The model is filled the way Intel's text-to-binary conversion
 * (GenX_IR, BuildCISAIRImpl.cpp / VISAKernelImpl.cpp of IGC 1.0.12504.6)
 * fills its object: strings enter the pool in the order the text
 * introduces them, variables are numbered in declaration order after the
 * pre-defined ones.  Where the text lacks what IGC's own binary carries,
 * docs/visa-text-format.md lists what is filled in.
 *
 * Spec: shared/spec/visa/4_visa_header.md (kernel_data, function_data,
 * string pool, pre-defined variables and surfaces),
 * 8_appendix_visa_assembly_syntax.md (file structure).
 */
#include "visaasm_read.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "bytes.h"

#define VA_SLOTS 256u  /* initial symbol table size (a power of 2; 2 KB) */
#define VA_NONE UINT32_MAX

/* The pre-defined general variables V0..V20 (4_visa_header.md), with the
 * type and element count %sizeof and .input use. */
static const struct {
	const char *name;
	uint8_t type;
	uint16_t elems;
} va_predef_vars[VISA_NUM_DEFINED_PREDEF_VARS] = {
	{ "%null", VISA_TYPE_UD, 1 }, { "%thread_x", VISA_TYPE_UW, 1 },
	{ "%thread_y", VISA_TYPE_UW, 1 }, { "%group_id_x", VISA_TYPE_UD, 1 },
	{ "%group_id_y", VISA_TYPE_UD, 1 }, { "%group_id_z", VISA_TYPE_UD, 1 },
	{ "%tsc", VISA_TYPE_UD, 5 }, { "%r0", VISA_TYPE_UD, 8 },
	{ "%arg", VISA_TYPE_UD, 256 }, { "%retval", VISA_TYPE_UD, 96 },
	{ "%sp", VISA_TYPE_UQ, 1 }, { "%fp", VISA_TYPE_UQ, 1 },
	{ "%hw_id", VISA_TYPE_UD, 1 }, { "%sr0", VISA_TYPE_UD, 4 },
	{ "%cr0", VISA_TYPE_UD, 1 }, { "%ce0", VISA_TYPE_UD, 1 },
	{ "%dbg0", VISA_TYPE_UD, 2 }, { "%color", VISA_TYPE_UW, 1 },
	{ "%impl_arg_buf_ptr", VISA_TYPE_UQ, 1 },
	{ "%local_id_buf_ptr", VISA_TYPE_UQ, 1 }, { "%msg0", VISA_TYPE_UD, 3 },
};

/* The pre-defined surfaces T0..T5 as the text names them. */
static const char *const va_predef_surfaces[VISA_NUM_PREDEF_SURFACES] = {
	"%slm", "T1", "T2", "TSS", "%bss", "%scratch",
};

/* ---- errors ---- */

static bool va_failv(struct va_parser *p, const struct va_token *at,
                     const char *fmt, va_list ap)
{
	/* After a lexical error the parser sees an end of file; the
	 * lexer's message is the one to keep.  A lexical error further on
	 * the line also wins, as when lines were cut whole: the rest of a
	 * paused line is cut first. */
	if (p->lx.paused)
		va_lex_upto(p, SIZE_MAX);
	if (p->lx.failed)
		return false;
	char what[256], buf[128];
	vsnprintf(what, sizeof what, fmt, ap);
	vf_err_line(p->err, p->file, at->line, at->col, "expected %s, found %s",
	            what, va_describe(p, at, buf, sizeof buf));
	return false;
}

bool va_fail(struct va_parser *p, const struct va_token *at,
             const char *expected)
{
	return va_fail_msg(p, at, "%s", expected);
}

bool va_fail_msg(struct va_parser *p, const struct va_token *at,
                 const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	va_failv(p, at, fmt, ap);
	va_end(ap);
	return false;
}

bool va_oom(struct va_parser *p)
{
	vf_err_oom(p->err);
	return false;
}

/* ---- token helpers ---- */

bool va_expect_failed(struct va_parser *p, const char *what)
{
	return va_fail(p, va_peek(p), what);
}

int va_token_in(const struct va_parser *p, const struct va_token *t,
                const char *const *names, unsigned n)
{
	const char *w = p->src + t->start;
	for (unsigned i = 0; i < n; i++) {
		const char *s = names[i];
		if (s[0] != w[0])
			continue;
		/* Stops at the name's NUL, so s[t->len] is inside it. */
		size_t k = 0;
		while (k < t->len && s[k] && s[k] == w[k])
			k++;
		if (k == t->len && s[k] == '\0')
			return (int)i;
	}
	return -1;
}

char *va_token_text(struct va_parser *p, const struct va_token *t)
{
	char *s = vf_arena_strndup(p->a, p->src + t->start, t->len);
	if (!s)
		va_oom(p);
	return s;
}

size_t va_glued(const struct va_parser *p, size_t *end_tok)
{
	size_t k = p->pos, len = 0;
	for (;;) {
		const struct va_token *t = va_peek_at(p, k - p->pos);
		bool word = t->kind == VA_IDENT || (t->kind == VA_INT) ||
		            va_is_punct(t, '.');
		if (!word || (k > p->pos && t->space_before) ||
		    (k > p->pos && t->start != p->toks[k - 1].start +
		                               p->toks[k - 1].len))
			break;
		len += t->len;
		k++;
	}
	*end_tok = k;
	return len;
}

bool va_at_stmt_end(const struct va_parser *p)
{
	const struct va_token *t = va_peek(p);
	return t->kind == VA_NL || t->kind == VA_EOF || va_is_punct(t, '}');
}

/* ---- growable arrays in the arena ---- */

void *va_push(struct va_parser *p, void **arr, uint32_t *count,
              uint32_t *cap, size_t elem)
{
	char *slot = va_push_raw(p, arr, count, cap, elem);
	if (slot)
		memset(slot, 0, elem);
	return slot;
}

void *va_push_raw(struct va_parser *p, void **arr, uint32_t *count,
                  uint32_t *cap, size_t elem)
{
	return va_push_n_raw(p, arr, count, cap, elem, 1);
}

void *va_push_n_raw(struct va_parser *p, void **arr, uint32_t *count,
                    uint32_t *cap, size_t elem, uint32_t n)
{
	if (n > *cap - *count) {
		/* the room doubles: at most 2^31 elements */
		if (*count > UINT32_MAX / 2 || n > UINT32_MAX / 2 + 1 - *count) {
			va_oom(p);
			return NULL;
		}
		uint32_t ncap = *cap ? *cap * 2 : 8;
		while (ncap < *count + n)
			ncap *= 2;
		void *na = vf_arena_grow(p->a, *count ? *arr : NULL, *count,
		                         ncap, elem);
		if (!na) {
			va_oom(p);
			return NULL;
		}
		*arr = na;
		*cap = ncap;
	}
	char *at = (char *)*arr + (size_t)*count * elem;
	*count += n;
	return at;
}

uint32_t va_add_string(struct va_parser *p, const char *s)
{
	/* Like IGC's addStringPool(): the empty string is index 0, unstored. */
	if (!s[0])
		return 0;
	if (!va_split_guard(p))
		return UINT32_MAX;
	uint32_t k = vf_routine_add_string(p->a, &p->rt->r, s);
	if (k == UINT32_MAX)
		va_oom(p);
	else
		p->rt->pool_bytes += strlen(s) + 1;
	return k;
}

uint32_t va_add_token_text(struct va_parser *p, const struct va_token *t,
                           const char **copy)
{
	/* As va_add_string: the empty string is index 0, unstored. */
	if (!t->len) {
		if (copy)
			*copy = "";
		return 0;
	}
	if (!va_split_guard(p))
		return UINT32_MAX;
	struct vf_routine *r = &p->rt->r;
	uint32_t k = vf_routine_add_string_n(p->a, r, p->src + t->start, t->len);
	if (k == UINT32_MAX)
		return va_oom(p), k;
	if (copy)
		*copy = r->strings[k];
	/* The pool keeps the text up to a NUL, which only a string
	 * literal's bytes can hold. */
	p->rt->pool_bytes += (t->kind == VA_STRING ? strlen(r->strings[k])
	                                           : t->len) + 1;
	return k;
}

/* ---- symbols ---- */

/* Label kinds share one table with variables, in their own namespace. */
static unsigned va_namespace(unsigned cls)
{
	if (cls == VA_SYM_BLOCK_LABEL)
		return 1;
	if (cls == VA_SYM_FUNC_LABEL)
		return 2;
	return 0;
}

/* Same bytes; names are short, a loop beats a call to memcmp. */
static bool va_same_name(const char *a, const char *b, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/* The symbol table is open addressing with linear probing: a slot holds
 * a name's hash beside the index of its newest symbol, so a probe
 * compares hashes in one array and touches a symbol (and its name) only
 * when the hashes agree (issue 12: at 200k names every link of the
 * chained table it replaces was a cache miss, and the lexer prefetches
 * the slot of each identifier it cuts, which a chain cannot use past
 * its head).  An older symbol of the same
 * name that an inner scope hides is reached through the newer one's
 * 'next'.  Symbols leave only from the top of rt->syms (va_pop_scope),
 * so a slot a symbol took empty can be emptied again when it goes: no
 * symbol still in the table was placed past it. */

/* The slot of the newest symbol named name in namespace ns, or the empty
 * slot where such a symbol would go. */
static struct va_slot *va_probe(const struct va_routine *rt,
                                const char *name, size_t len, unsigned ns,
                                uint32_t hash)
{
	uint32_t mask = rt->nslots - 1;
	for (uint32_t i = hash & mask;; i = (i + 1) & mask) {
		struct va_slot *sl = &rt->slots[i];
		if (sl->sym == VA_NONE)
			return sl;
		if (sl->hash != hash)
			continue;
		const struct va_sym *s = &rt->syms[sl->sym];
		if (s->len == len && va_namespace(s->cls) == ns &&
		    va_same_name(s->name, name, len))
			return sl;
	}
}

/* General variables, which are most of a big kernel's names, go to a
 * second table instead: IGC names them "V%04d" of their number, and the
 * number of a name in exactly that spelling indexes rt->vnum (issue 12).
 * Instructions name variables declared shortly before, so their entries
 * are near one another where the slots of their hashes are spread over
 * the whole table, each a cache miss at 200k names.  Only that spelling
 * (4 digits, more without a leading 0) maps a name to a number one to
 * one; any other (V32, V00032, P7) is hashed.  A name keeps one table
 * whatever the scope, so both find the same symbols.  The lexer still
 * prefetches the slot of these names: skipping it measured no faster
 * and cost more instructions than it saved (docs/bench.md, s6-sym). */
#define VA_VNUM_DIGITS 6  /* up to V999999: vnum at most 4 MB */

/* The number of a name spelt V%04d, or VA_NONE. */
static inline uint32_t va_vnum_key(const char *name, size_t len)
{
	if (len == 5 && name[0] == 'V') {
		/* V%04d, the usual spelling, without the loop. */
		unsigned a = (unsigned)(unsigned char)name[1] - '0',
		         b = (unsigned)(unsigned char)name[2] - '0',
		         c = (unsigned)(unsigned char)name[3] - '0',
		         d = (unsigned)(unsigned char)name[4] - '0';
		if (a > 9 || b > 9 || c > 9 || d > 9)
			return VA_NONE;
		return ((a * 10 + b) * 10 + c) * 10 + d;
	}
	if (len < 5 || len > 1 + VA_VNUM_DIGITS || name[0] != 'V' ||
	    (len > 5 && name[1] == '0'))
		return VA_NONE;
	uint32_t v = 0;
	for (size_t i = 1; i < len; i++) {
		unsigned d = (unsigned)(unsigned char)name[i] - '0';
		if (d > 9)
			return VA_NONE;
		v = v * 10 + d;
	}
	return v;
}

/* The newest symbol of number key, or NULL. */
static inline const struct va_sym *va_find_vnum(const struct va_routine *rt,
                                                uint32_t key)
{
	if (key >= rt->nvnum || !rt->vnum[key])
		return NULL;
	return &rt->syms[rt->vnum[key] - 1];
}

/* Room in rt->vnum for number key. */
static bool va_grow_vnum(struct va_parser *p, struct va_routine *rt,
                         uint32_t key)
{
	uint32_t n = rt->nvnum ? rt->nvnum : 64;
	while (n <= key)
		n *= 2;
	uint32_t *v = realloc(rt->vnum, (size_t)n * sizeof *v);
	if (!v)
		return va_oom(p);
	memset(v + rt->nvnum, 0, (size_t)(n - rt->nvnum) * sizeof *v);
	rt->vnum = v;
	rt->nvnum = n;
	return true;
}

static const struct va_sym *va_find(const struct va_routine *rt,
                                    const char *name, size_t len,
                                    unsigned ns)
{
	if (ns == 0) {
		uint32_t key = va_vnum_key(name, len);
		if (key != VA_NONE)
			return va_find_vnum(rt, key);
	}
	const struct va_slot *sl = va_probe(rt, name, len, ns,
	                                    va_name_hash(name, len, ns));
	return sl->sym == VA_NONE ? NULL : &rt->syms[sl->sym];
}

const struct va_sym *va_lookup(const struct va_parser *p, const char *name,
                               size_t len, bool labels_func,
                               bool labels_block)
{
	if (!p->rt)
		return NULL;
	unsigned ns = labels_func ? 2 : labels_block ? 1 : 0;
	return va_find(p->rt, name, len, ns);
}

const struct va_sym *va_lookup_tok(const struct va_parser *p,
                                   const struct va_token *t)
{
	if (!p->rt)
		return NULL;
	const char *name = p->src + t->start;
	uint32_t key = va_vnum_key(name, t->len);
	if (key != VA_NONE)
		return va_find_vnum(p->rt, key);
	/* The lexer leaves names starting with 'V' unhashed (lex_common). */
	uint32_t hash = (t->kind == VA_IDENT || t->kind == VA_BUILTIN) &&
	                name[0] != 'V' ? t->hash
	                               : va_name_hash(name, t->len, 0);
	const struct va_slot *sl = va_probe(p->rt, name, t->len, 0, hash);
	return sl->sym == VA_NONE ? NULL : &p->rt->syms[sl->sym];
}

/* A table of n slots (a power of 2), all empty. */
static bool va_new_slots(struct va_parser *p, struct va_routine *rt,
                         uint32_t n)
{
	struct va_slot *sl = malloc((size_t)n * sizeof *sl);
	if (!sl)
		return va_oom(p);
	memset(sl, 0xFF, (size_t)n * sizeof *sl);
	free(rt->slots);
	rt->slots = sl;
	rt->nslots = n;
	return true;
}

/* Double the table when it is three quarters full, so probes stay short
 * however many names a routine declares.  The symbols go back in
 * declaration order, which leaves every slot with the newest symbol of
 * its name and the table as adding them one by one would have made it
 * (what va_pop_scope relies on). */
static bool va_rehash(struct va_parser *p, struct va_routine *rt)
{
	if (rt->nslots > UINT32_MAX / 4)
		return va_oom(p);
	if (!va_new_slots(p, rt, rt->nslots * 2))
		return false;
	for (uint32_t k = 0; k < rt->nsyms; k++) {
		const struct va_sym *s = &rt->syms[k];
		if (s->numbered)
			continue;
		struct va_slot *sl = va_probe(rt, s->name, s->len,
		                              va_namespace(s->cls), s->hash);
		sl->hash = s->hash;
		sl->sym = k;
	}
	return true;
}

bool va_declare(struct va_parser *p, const struct va_token *at,
                const char *name, size_t len, enum va_sym_class cls,
                uint32_t index, bool unique)
{
	if (!va_split_guard(p))
		return false;
	struct va_routine *rt = p->rt;
	unsigned ns = va_namespace(cls);
	uint32_t key = ns == 0 ? va_vnum_key(name, len) : VA_NONE;
	uint32_t full = 0, newest;
	struct va_slot *sl = NULL;
	if (key != VA_NONE) {
		if (key >= rt->nvnum && !va_grow_vnum(p, rt, key))
			return false;
		newest = rt->vnum[key] - 1;  /* 0 (none) wraps to VA_NONE */
	} else {
		if ((uint64_t)(rt->nhashed + 1) * 4 >
		            (uint64_t)rt->nslots * 3 &&
		    !va_rehash(p, rt))
			return false;
		full = va_name_hash(name, len, ns);
		sl = va_probe(rt, name, len, ns, full);
		newest = sl->sym;
	}
	/* Every live symbol of the name, newest first. */
	for (uint32_t k = newest; k != VA_NONE; k = rt->syms[k].next) {
		const struct va_sym *s = &rt->syms[k];
		if (s->unique || s->scope == rt->scope || unique) {
			if (s->line)
				return va_fail_msg(p, at, "a name not declared "
				                   "yet (first declared on line %u)",
				                   s->line);
			return va_fail(p, at, "a name that is not pre-defined");
		}
	}
	uint32_t cap = rt->nsyms;
	if ((cap & (cap - 1)) == 0) {
		uint32_t ncap = cap ? cap * 2 : 64;
		struct va_sym *ns2 = realloc(rt->syms, (size_t)ncap * sizeof *ns2);
		if (!ns2)
			return va_oom(p);
		rt->syms = ns2;
	}
	/* The name is not copied: every caller passes one that lives as
	 * long as the module (arena or static; see va_declare). */
	struct va_sym *s = &rt->syms[rt->nsyms];
	*s = (struct va_sym){ .name = name, .len = len, .cls = (uint8_t)cls,
	                      .unique = unique, .numbered = !sl,
	                      .scope = rt->scope, .index = index,
	                      .next = newest, .line = at ? at->line : 0,
	                      .hash = full };
	if (sl) {
		sl->hash = full;
		sl->sym = rt->nsyms;
		rt->nhashed++;
	} else {
		rt->vnum[key] = rt->nsyms + 1;
	}
	rt->nsyms++;
	return true;
}

/* Leave a { } scope: drop its symbols (they are the newest ones); the
 * slot of each goes back to the symbol it hid, or becomes empty. */
static void va_pop_scope(struct va_routine *rt)
{
	while (rt->nsyms) {
		struct va_sym *s = &rt->syms[rt->nsyms - 1];
		if (s->scope < rt->scope || va_namespace(s->cls) != 0)
			break;
		if (s->numbered) {
			rt->vnum[va_vnum_key(s->name, s->len)] = s->next + 1;
		} else {
			struct va_slot *sl = va_probe(rt, s->name, s->len, 0,
			                              s->hash);
			sl->sym = s->next;
			rt->nhashed--;
		}
		rt->nsyms--;
	}
	rt->scope--;
}

unsigned va_var_type(const struct va_parser *p, uint32_t id)
{
	if (id < VISA_NUM_DEFINED_PREDEF_VARS)
		return va_predef_vars[id].type;
	if (id < VISA_NUM_PREDEF_VARS ||
	    id - VISA_NUM_PREDEF_VARS >= p->rt->r.var_count)
		return VISA_TYPE_UD;
	return p->rt->r.vars[id - VISA_NUM_PREDEF_VARS].bit_properties & 0xF;
}

uint32_t va_var_bytes(const struct va_parser *p, uint32_t id)
{
	uint32_t n = 1;
	if (id < VISA_NUM_DEFINED_PREDEF_VARS)
		n = va_predef_vars[id].elems;
	else if (id >= VISA_NUM_PREDEF_VARS &&
	         id - VISA_NUM_PREDEF_VARS < p->rt->r.var_count)
		n = p->rt->r.vars[id - VISA_NUM_PREDEF_VARS].num_elements;
	return n * vf_type_size(va_var_type(p, id));
}

/* ---- labels ---- */

/* IGC prints a subroutine label as "<name>_<label id>"; give the label
 * its own name back when the suffix is the id it gets here. */
static size_t va_strip_label_id(const char *name, size_t len, uint32_t id)
{
	char suffix[16];
	int n = snprintf(suffix, sizeof suffix, "_%u", (unsigned)id);
	if (n > 0 && (size_t)n < len &&
	    memcmp(name + len - (size_t)n, suffix, (size_t)n) == 0)
		return len - (size_t)n;
	return len;
}

bool va_label_ref(struct va_parser *p, const struct va_token *at,
                  const char *name, size_t len, unsigned kind, uint32_t *id)
{
	if (!va_split_guard(p))
		return false;
	struct va_routine *rt = p->rt;
	enum va_sym_class cls = kind == 0 ? VA_SYM_BLOCK_LABEL
	                                  : VA_SYM_FUNC_LABEL;
	const struct va_sym *s = va_find(rt, name, len, va_namespace(cls));
	if (s) {
		*id = s->index;
		return true;
	}
	if (rt->nlabels >= UINT16_MAX)
		return va_fail(p, at, "at most 65535 labels");
	uint32_t n = rt->nlabels;
	struct vf_label *l = va_push(p, (void **)&rt->r.labels, &rt->nlabels,
	                             &rt->label_cap, sizeof *l);
	struct va_label_use *d = va_push(p, (void **)&rt->label_uses,
	                                 &rt->ndefined, &rt->def_cap, sizeof *d);
	if (!l || !d)
		return false;
	d->line = at->line;
	d->col = at->col;
	l->kind = (uint8_t)kind;
	size_t keep = kind == 0 ? len : va_strip_label_id(name, len, n);
	char *nm = vf_arena_strndup(p->a, name, keep);
	char *key = vf_arena_strndup(p->a, name, len);
	if (!nm || !key)
		return va_oom(p);
	l->name = va_add_string(p, nm);
	*id = n;
	return l->name != UINT32_MAX &&
	       va_declare(p, NULL, key, len, cls, n, false);
}

/* ---- routines ---- */

static bool va_predeclare(struct va_parser *p)
{
	char alias[8];
	for (unsigned i = 0; i < VISA_NUM_DEFINED_PREDEF_VARS; i++) {
		const char *nm = va_predef_vars[i].name;
		if (va_add_string(p, nm) == UINT32_MAX)
			return false;
		snprintf(alias, sizeof alias, "V%u", i);
		char *a = vf_arena_strdup(p->a, alias);
		if (!a)
			return va_oom(p);
		if (!va_declare(p, NULL, a, strlen(a), VA_SYM_GENERAL, i, true) ||
		    !va_declare(p, NULL, nm, strlen(nm), VA_SYM_GENERAL, i, true))
			return false;
	}
	for (unsigned i = 0; i < VISA_NUM_PREDEF_SURFACES; i++) {
		const char *nm = va_predef_surfaces[i];
		if (va_add_string(p, nm) == UINT32_MAX ||
		    !va_declare(p, NULL, nm, strlen(nm), VA_SYM_SURFACE, i, true))
			return false;
	}
	/* The bindless sampler S31. */
	return va_add_string(p, "S31") != UINT32_MAX &&
	       va_declare(p, NULL, "S31", 3, VA_SYM_SAMPLER, 31, true);
}

bool va_begin_routine(struct va_parser *p, bool kernel, const char *name)
{
	struct va_routine *rt = vf_arena_alloc(p->a, sizeof *rt);
	if (!rt)
		return va_oom(p);
	if (!va_new_slots(p, rt, VA_SLOTS))
		return false;
	rt->name = name;
	rt->file = p->file;
	rt->r.is_kernel = kernel;
	if (p->last)
		p->last->next = rt;
	else
		p->first = rt;
	p->last = rt;
	p->rt = rt;
	if (kernel)
		p->nkernels++;
	else
		p->nfunctions++;
	rt->r.name_index = va_add_string(p, name);
	return rt->r.name_index != UINT32_MAX && va_predeclare(p);
}

/* ---- layout: sizes as visa_write.c writes them ---- */

static size_t va_attrs_size(unsigned w, const struct vf_attrs *a)
{
	size_t n = 0;
	for (uint32_t i = 0; i < a->count; i++)
		n += w + 1 + a->items[i].size;
	return n;
}

static size_t va_symvars_size(unsigned w, uint32_t n,
                              const struct vf_symvar *v)
{
	size_t s = 0;
	for (uint32_t i = 0; i < n; i++)
		s += w + 2 + 1 + va_attrs_size(w, &v[i].attrs);
	return s;
}

/* Bytes from the start of the body to the first instruction.  The
 * string pool and the general variables, by far the largest tables,
 * come from the sums kept as they were filled. */
static size_t va_header_size(unsigned version, const struct va_routine *rt)
{
	const struct vf_routine *r = &rt->r;
	unsigned w = vf_decl_width(version);
	size_t n = w;
	n += rt->pool_bytes;
	n += w + w;
	n += (size_t)r->var_count * (w + 1 + 2 + w + 2 + 1 + 1) +
	     rt->var_attrs * (w + 1) + rt->var_attr_bytes;
	n += 2 + va_symvars_size(w, r->addr_count, r->addrs);
	n += 2 + va_symvars_size(w, r->pred_count, r->preds);
	n += 2;
	for (uint32_t i = 0; i < r->label_count; i++)
		n += w + 1 + 1 + va_attrs_size(w, &r->labels[i].attrs);
	n += 1 + va_symvars_size(w, r->sampler_count, r->samplers);
	n += 1 + va_symvars_size(w, r->surface_count, r->surfaces);
	n += 1 + va_symvars_size(w, r->vme_count, r->vmes);
	if (r->is_kernel)
		n += vf_input_count_width(version) +
		     (size_t)r->input_count * (1 + w + 2 + 2);
	n += 4 + 4;
	if (!r->is_kernel)
		n += 2;
	return n + 2 + va_attrs_size(w, &r->attrs);
}

/* Every block label that an instruction names must be placed. */
static bool va_labels_placed(struct va_parser *p, struct va_routine *rt)
{
	for (uint32_t i = 0; i < rt->nlabels; i++) {
		const struct va_label_use *u = &rt->label_uses[i];
		if (rt->r.labels[i].kind != 0 || u->defined)
			continue;
		vf_err_line(p->err, p->file, u->line, u->col, "expected a label "
		            "placed in routine '%s' (\"%s:\"), found none",
		            rt->name, vf_routine_string(&rt->r,
		                                        rt->r.labels[i].name));
		return false;
	}
	return true;
}

/* Like IGC's finalizeAttributes(): a routine without a Target attribute
 * gets Target=1 (3d, IGC's default) after everything else. */
static bool va_default_target(struct va_parser *p, struct va_routine *rt)
{
	for (uint32_t i = 0; i < rt->r.attrs.count; i++) {
		const char *n = vf_routine_string(&rt->r, rt->r.attrs.items[i].name);
		if (n && strcmp(n, "Target") == 0)
			return true;
	}
	p->rt = rt;
	return va_kernel_attr_num(p, "Target", 1);
}

/* Instruction offsets and the routine's size and entry.  A parsed
 * routine has every field of every instruction: it is laid out in the
 * complete layout (docs/objmodel.md, "Two instruction layouts"). */
static bool va_layout(struct va_parser *p, struct va_routine *rt)
{
	struct vf_routine *r = &rt->r;
	unsigned version = vf_version(p->m);
	/* va_emit gave every instruction its offset, from the sizes of
	 * those before it (counted without writing them: the encoding
	 * does not depend on the offset). */
	uint64_t size = rt->code_size;
	r->layout = VF_LAYOUT_COMPLETE;
	if (size > UINT32_MAX)
		return va_fail_msg(p, va_peek(p), "a routine whose binary form "
		                   "is below 4 GB (%llu bytes)",
		                   (unsigned long long)size);
	r->size = (uint32_t)size;
	r->entry = (uint32_t)va_header_size(version, rt);
	return true;
}

/* ---- statements ---- */

static bool va_statement_end(struct va_parser *p)
{
	const struct va_token *t = va_peek(p);
	if (t->kind == VA_NL) {
		va_next(p);
		return true;
	}
	if (t->kind == VA_EOF || va_is_punct(t, '}'))
		return true;
	return va_fail(p, t, "end of line");
}

static bool va_statement(struct va_parser *p)
{
	const struct va_token *t = va_peek(p);
	/* Only instructions leave a helper's view unchanged: any other
	 * statement stops one first (va_split_guard). */
	if (va_is_punct(t, '{')) {
		va_split_guard(p);
		if (!p->rt)
			return va_fail(p, t, "'.kernel' or '.global_function'");
		va_next(p);
		p->rt->scope++;
		return true;
	}
	if (va_is_punct(t, '}')) {
		va_split_guard(p);
		if (!p->rt || p->rt->scope == 0)
			return va_fail(p, t, "a statement ('}' closes no '{')");
		va_next(p);
		va_pop_scope(p->rt);
		return true;
	}
	if (va_is_punct(t, '.') && va_peek_at(p, 1)->kind == VA_IDENT &&
	    !va_peek_at(p, 1)->space_before)
		return va_split_guard(p) && va_directive(p) &&
		       va_statement_end(p);
	if (!p->rt)
		return va_fail(p, t, "'.kernel' or '.global_function'");
	if (t->kind == VA_LABEL)
		return va_split_guard(p) && va_label_line(p) &&
		       va_statement_end(p);
	if (!p->split_tried)
		va_split_start(p);
	return va_instruction(p) && va_statement_end(p);
}

static void va_skip_newlines(struct va_parser *p)
{
	while (va_peek(p)->kind == VA_NL)
		va_next(p);
}

static bool va_version(struct va_parser *p, bool first_text)
{
	const struct va_token *t = va_peek(p);
	if (!va_is_punct(t, '.') || !va_is_ident(p, va_peek_at(p, 1), "version"))
		return va_fail(p, t, "'.version' at the start of the text");
	va_next(p);
	va_next(p);
	const struct va_token *maj = va_next(p);
	if (maj->kind != VA_INT || maj->is_hex || maj->ival < 0 ||
	    maj->ival > 255)
		return va_fail(p, maj, "a major version number");
	if (!va_expect(p, '.', "'.' between the version numbers"))
		return false;
	const struct va_token *min = va_next(p);
	if (min->kind != VA_INT || min->is_hex || min->ival < 0 ||
	    min->ival > 255)
		return va_fail(p, min, "a minor version number");
	unsigned v = ((unsigned)maj->ival << 8) | (unsigned)min->ival;
	if (v < 0x0300 || v > 0x0401)
		return va_fail(p, maj, "a version from 3.0 to 4.1");
	if (!first_text && v != vf_version(p->m))
		return va_fail_msg(p, maj, "version %u.%u as in the first text",
		                   p->m->major, p->m->minor);
	p->m->major = (uint8_t)maj->ival;
	p->m->minor = (uint8_t)min->ival;
	p->have_version = true;
	return va_statement_end(p);
}

static bool va_parse_text(struct va_parser *p, bool first_text)
{
	va_skip_newlines(p);
	if (!va_version(p, first_text))
		return false;
	p->rt = NULL;
	for (;;) {
		va_skip_newlines(p);
		const struct va_token *t = va_peek(p);
		/* A helper parsed on from split_mid: take its work. */
		if (p->split && t->start >= p->split_mid) {
			if (!va_split_join(p))
				return false;
			continue;
		}
		if (t->kind == VA_EOF)
			break;
		if (!va_statement(p))
			return false;
	}
	if (p->rt && p->rt->scope)
		return va_fail(p, va_peek(p), "'}' closing an open scope");
	for (struct va_routine *rt = p->first; rt; rt = rt->next)
		if (rt->file == p->file && !va_labels_placed(p, rt))
			return false;
	if (!p->rt)
		return va_fail(p, va_peek(p), "'.kernel' or '.global_function'");
	return true;
}

/* ---- the module ---- */

/* Lay out every routine and hand it to the module, in text order. */
static enum vf_status va_build_routines(struct va_parser *p)
{
	struct vf_module *m = p->m;
	for (struct va_routine *rt = p->first; rt; rt = rt->next) {
		rt->r.addr_count = (uint16_t)rt->naddrs;
		rt->r.pred_count = (uint16_t)rt->npreds;
		rt->r.label_count = (uint16_t)rt->nlabels;
		rt->r.sampler_count = (uint8_t)rt->nsamplers;
		rt->r.surface_count = (uint8_t)rt->nsurfaces;
		if (!va_default_target(p, rt) || !va_layout(p, rt))
			return p->err->status;
		char *name = vf_arena_strdup(p->a, rt->name);
		if (!name)
			return vf_err_oom(p->err);
		if (rt->r.is_kernel) {
			struct vf_kernel_info *k = &m->kernels[m->kernel_count++];
			k->name = name;
			k->body = rt->r;
		} else {
			struct vf_function_info *f =
				&m->functions[m->function_count++];
			f->name = name;
			f->body = rt->r;
		}
	}
	return VF_OK;
}

static enum vf_status va_build_module(struct va_parser *p)
{
	struct vf_module *m = p->m;
	if (p->nkernels > UINT16_MAX || p->nfunctions > UINT16_MAX)
		return vf_err(p->err, VF_ERR_UNSUPPORTED,
		              "more than 65535 kernels or functions");
	m->kernels = vf_arena_array(p->a, p->nkernels ? p->nkernels : 1,
	                            sizeof *m->kernels);
	m->functions = vf_arena_array(p->a, p->nfunctions ? p->nfunctions : 1,
	                              sizeof *m->functions);
	if (!m->kernels || !m->functions)
		return vf_err_oom(p->err);
	return va_build_routines(p);
}

/* The symbol tables serve only while their routine's text is parsed
 * (a routine ends with its text): they live outside the module's arena
 * and go when the text is done, not with the module (at 200k
 * declarations they and their dead doubled copies were about 15 MB of
 * it). */
static void va_drop_symbols(struct va_parser *p)
{
	for (struct va_routine *rt = p->first; rt; rt = rt->next) {
		free(rt->syms);
		free(rt->slots);
		free(rt->vnum);
		rt->syms = NULL;
		rt->slots = NULL;
		rt->vnum = NULL;
		rt->nsyms = rt->nslots = rt->nhashed = rt->nvnum = 0;
	}
}

static enum vf_status va_read_one(struct va_parser *p, const struct vf_text *t,
                                  bool first)
{
	struct vf_arena *scratch = vf_arena_new();
	if (!scratch)
		return vf_err_oom(p->err);
	p->file = t->name ? t->name : "<text>";
	p->src = t->data ? t->data : "";
	p->size = t->data ? t->size : 0;
	p->split_tried = false;
	enum vf_status st = va_lex(p, scratch);
	if (st == VF_OK && (!va_parse_text(p, first) || p->lx.failed))
		st = p->err->status != VF_OK ? p->err->status : VF_ERR_INPUT;
	va_split_end(p);
	va_lex_end(p);
	va_drop_symbols(p);
	vf_arena_free(scratch);
	return st;
}

enum vf_status vf_read_visaasm(const struct vf_text *texts, size_t count,
                               struct vf_module **out, struct vf_error *err)
{
	struct vf_error local;
	if (!err)
		err = &local;
	err->status = VF_OK;
	err->msg[0] = '\0';
	if (out)
		*out = NULL;
	if (!out || (!texts && count))
		return vf_err(err, VF_ERR_INTERNAL, "vf_read_visaasm: no output");
	if (count == 0)
		return vf_err(err, VF_ERR_INPUT, "no vISA assembly text given");
	struct vf_module *m = vf_module_new();
	if (!m)
		return vf_err_oom(err);
	struct va_parser p = { .m = m, .a = m->arena, .err = err };
	enum vf_status st = VF_OK;
	for (size_t i = 0; i < count && st == VF_OK; i++)
		st = va_read_one(&p, &texts[i], i == 0);
	if (st == VF_OK)
		st = va_build_module(&p);
	free(p.ictx);
	va_size_memo_free(p.sizes);
	if (st != VF_OK) {
		vf_module_free(m);
		return st;
	}
	*out = m;
	return VF_OK;
}
