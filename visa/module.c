/*
 * module.c - creation and small queries of the vISA object model
 * (visa_model.h).
 */
#include "visa_model.h"

#include <stdlib.h>
#include <string.h>

#include "visafin.h"

struct vf_module *vf_module_new(void)
{
	struct vf_arena *a = vf_arena_new();
	if (!a)
		return NULL;
	struct vf_module *m = vf_arena_alloc(a, sizeof *m);
	if (!m) {
		vf_arena_free(a);
		return NULL;
	}
	m->arena = a;
	m->major = 4;
	m->minor = 1;
	return m;
}

void vf_module_free(struct vf_module *m)
{
	if (m)
		vf_arena_free(m->arena);
}

/* Every vISA 3.x/4.x object reserves 32 ids for pre-defined variables. */
unsigned vf_predef_var_count(unsigned version)
{
	(void)version;
	return VISA_NUM_PREDEF_VARS;
}

const char *vf_routine_string(const struct vf_routine *r, uint32_t index)
{
	if (index >= r->string_count)
		return NULL;
	return r->strings[index];
}

bool vf_routine_attr_u32(const struct vf_routine *r, const char *name,
                         uint32_t *out)
{
	for (uint32_t i = 0; i < r->attrs.count; i++) {
		const struct vf_attr *a = &r->attrs.items[i];
		const char *n = vf_routine_string(r, a->name);
		if (!n || strcmp(n, name))
			continue;
		uint32_t v = 0;
		for (unsigned k = 0; k < a->size && k < 4; k++)
			v |= (uint32_t)a->value[k] << (8 * k);
		*out = v;
		return true;
	}
	return false;
}

uint32_t vf_routine_add_string(struct vf_arena *a, struct vf_routine *r,
                               const char *s)
{
	return vf_routine_add_string_n(a, r, s, strlen(s));
}

uint32_t vf_routine_add_string_n(struct vf_arena *a, struct vf_routine *r,
                                 const char *s, size_t len)
{
	/* Grow by doubling; capacity is implied by the count (powers of 2). */
	uint32_t n = r->string_count;
	if ((n & (n - 1)) == 0) {
		uint32_t cap = n ? n * 2 : 16;
		char **ns = vf_arena_grow(a, n ? r->strings : NULL, n, cap,
		                          sizeof *ns);
		if (!ns)
			return UINT32_MAX;
		r->strings = ns;
	}
	/* Names are a few bytes: copied by a loop (a call to memcpy cost
	 * more, one per .decl of a big kernel). */
	char *copy = vf_arena_alloc_raw(a, len + 1);
	if (!copy)
		return UINT32_MAX;
	if (len <= 16) {
		for (size_t i = 0; i < len; i++)
			copy[i] = s[i];
	} else {
		memcpy(copy, s, len);
	}
	copy[len] = '\0';
	r->strings[n] = copy;
	r->string_count = n + 1;
	return n;
}

unsigned vf_type_size(unsigned type)
{
	static const unsigned char sizes[16] = {
		[VISA_TYPE_UD] = 4, [VISA_TYPE_D] = 4, [VISA_TYPE_UW] = 2,
		[VISA_TYPE_W] = 2, [VISA_TYPE_UB] = 1, [VISA_TYPE_B] = 1,
		[VISA_TYPE_DF] = 8, [VISA_TYPE_F] = 4, [VISA_TYPE_V] = 4,
		[VISA_TYPE_VF] = 4, [VISA_TYPE_BOOL] = 2, [VISA_TYPE_UQ] = 8,
		[VISA_TYPE_UV] = 4, [VISA_TYPE_Q] = 8, [VISA_TYPE_HF] = 2,
		[VISA_TYPE_BF] = 2,
	};
	return type < 16 ? sizes[type] : 0;
}

const char *vf_type_name(unsigned type)
{
	static const char *const names[16] = {
		"ud", "d", "uw", "w", "ub", "b", "df", "f",
		"v", "vf", "bool", "uq", "uv", "q", "hf", "bf",
	};
	return type < 16 ? names[type] : NULL;
}
