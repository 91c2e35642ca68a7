/*
 * igc_view.c - the object as a vISA 4.1 binary written by Intel's tools
 * holds it.
 *
 * IGC's writer stores every instruction short: its last one or two fields
 * are not written (docs/objmodel.md, "Two instruction layouts").  A .isa
 * that IGC wrote and the .visaasm it printed for the same kernel therefore
 * describe the same object only up to those fields.  vf_module_igc_view()
 * gives a module whose instructions hold exactly what the short layout
 * stores, so both sources can be compared field for field; "visafin dump"
 * prints this view.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "err.h"
#include "visa_model.h"
#include "visa_ops.h"
#include "visafin.h"

/* Replaces the routine's instructions (in the view's arena) by their
 * short form: each is written in IGC's layout and read back. */
static enum vf_status shorten(struct vf_arena *a, unsigned version,
                              struct vf_routine *rt, struct vf_error *err)
{
	if (rt->layout == VF_LAYOUT_IGC)
		return VF_OK;
	struct vf_inst *out = vf_arena_array(a, rt->inst_count, sizeof *out);
	if (!out && rt->inst_count)
		return vf_err_oom(err);
	struct vf_buf b = { 0 };
	enum vf_status st = VF_OK;
	for (uint32_t i = 0; i < rt->inst_count && st == VF_OK; i++) {
		b.len = 0;
		visa_inst_write_ex(&b, version, &rt->insts[i], VISA_IO_IGC);
		if (b.oom) {
			st = vf_err_oom(err);
			break;
		}
		struct vf_cursor c = { .buf = b.data, .len = b.len,
		                       .version = version, .file = "<view>",
		                       .err = err };
		if (!visa_inst_read_ex(&c, a, &out[i], VISA_IO_IGC) || c.pos != b.len)
			st = vf_err(err, VF_ERR_INTERNAL, "instruction %u does not "
			            "read back in IGC's layout", i);
		out[i].offset = rt->insts[i].offset;
		out[i].line = rt->insts[i].line;
	}
	vf_buf_free(&b);
	rt->insts = out;
	rt->layout = VF_LAYOUT_IGC;
	return st;
}

/* True when 'name' is empty or spells the declared id: the letter, then
 * digits whose value is 'id' (S0, S000, T6, T006). */
static bool names_own_id(const char *name, char letter, unsigned id)
{
	if (!name || !name[0])
		return true;
	if (name[0] != letter || !name[1])
		return false;
	char *end;
	unsigned long v = strtoul(name + 1, &end, 10);
	return !*end && name[1] >= '0' && name[1] <= '9' && v == id;
}

/* IGC names samplers and surfaces it creates without a name S<nnn> and
 * T<nnn> (the id, three digits) in its text, but a binary may hold the
 * bare id (S0, T6) or no name, e.g. for the state variables of kernels
 * with stack-call functions (docs/objmodel.md "State variable names").
 * The view spells them all the generated way, so that a text and a binary
 * of one kernel compare equal. */
static enum vf_status state_names(struct vf_arena *a, struct vf_routine *rt,
                                  struct vf_error *err)
{
	bool any = false;
	for (unsigned i = 0; i < rt->sampler_count; i++)
		any |= names_own_id(vf_routine_string(rt, rt->samplers[i].name), 'S', i);
	for (unsigned i = 0; i < rt->surface_count; i++)
		any |= names_own_id(vf_routine_string(rt, rt->surfaces[i].name), 'T',
		                    i + VISA_NUM_PREDEF_SURFACES);
	if (!any)
		return VF_OK;
	/* A private string pool and symbol tables (the original is shared):
	 * room up to the next power of two, as vf_routine_add_string expects. */
	uint32_t n = rt->string_count, cap = 16;
	while (cap < n)
		cap *= 2;
	char **pool = vf_arena_array(a, cap, sizeof *pool);
	struct vf_symvar *smp = rt->sampler_count
		? vf_arena_memdup(a, rt->samplers, rt->sampler_count * sizeof *smp)
		: NULL;
	struct vf_symvar *srf = rt->surface_count
		? vf_arena_memdup(a, rt->surfaces, rt->surface_count * sizeof *srf)
		: NULL;
	if (!pool || (rt->sampler_count && !smp) || (rt->surface_count && !srf))
		return vf_err_oom(err);
	if (n)
		memcpy(pool, rt->strings, n * sizeof *pool);
	rt->strings = pool;
	rt->samplers = smp;
	rt->surfaces = srf;
	char name[16];
	for (unsigned i = 0; i < rt->sampler_count; i++) {
		if (!names_own_id(vf_routine_string(rt, smp[i].name), 'S', i))
			continue;
		snprintf(name, sizeof name, "S%03u", i);
		if ((smp[i].name = vf_routine_add_string(a, rt, name)) == UINT32_MAX)
			return vf_err_oom(err);
	}
	for (unsigned i = 0; i < rt->surface_count; i++) {
		unsigned id = i + VISA_NUM_PREDEF_SURFACES;
		if (!names_own_id(vf_routine_string(rt, srf[i].name), 'T', id))
			continue;
		snprintf(name, sizeof name, "T%03u", id);
		if ((srf[i].name = vf_routine_add_string(a, rt, name)) == UINT32_MAX)
			return vf_err_oom(err);
	}
	return VF_OK;
}

enum vf_status vf_module_igc_view(const struct vf_module *m,
                                  struct vf_module **out,
                                  struct vf_error *err)
{
	*out = NULL;
	struct vf_module *v = vf_module_new();
	if (!v)
		return vf_err_oom(err);
	struct vf_arena *a = v->arena;
	*v = *m;
	v->arena = a;
	/* Shallow copies: names, symbols and operands stay shared with 'm',
	 * which must outlive the view. */
	v->kernels = vf_arena_memdup(a, m->kernels,
	                             m->kernel_count * sizeof *m->kernels);
	v->functions = vf_arena_memdup(a, m->functions,
	                               m->function_count * sizeof *m->functions);
	if (!v->kernels || !v->functions) {
		vf_module_free(v);
		return vf_err_oom(err);
	}
	unsigned ver = vf_version(m);
	enum vf_status st = VF_OK;
	for (unsigned i = 0; i < v->kernel_count && st == VF_OK; i++)
		if ((st = shorten(a, ver, &v->kernels[i].body, err)) == VF_OK)
			st = state_names(a, &v->kernels[i].body, err);
	for (unsigned i = 0; i < v->function_count && st == VF_OK; i++)
		if ((st = shorten(a, ver, &v->functions[i].body, err)) == VF_OK)
			st = state_names(a, &v->functions[i].body, err);
	if (st != VF_OK) {
		vf_module_free(v);
		return st;
	}
	*out = v;
	return VF_OK;
}
