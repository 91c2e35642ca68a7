/*
 * visa_print.c - vISA assembly text printer: module and routine level.
 *
 * Input: a vf_module (visa_model.h).  Output: text identical to what
 * Intel's IGC dumps as *.visaasm for the same routines: ".version",
 * ".kernel"/".global_function", the ".funcdecl" lines, the commented list
 * of pre-defined variables, ".decl" lines for general, address, predicate,
 * sampler and surface variables, ".input" lines, ".kernel_attr" lines and
 * then one line per instruction (visa_print_inst.c, visa_print_mem.c).
 *
 * Spec: shared/spec/visa/4_visa_header.md (object layout, attributes),
 * 5_operands.md (variables), 8_appendix_visa_assembly_syntax.md (text
 * syntax).  The printing rules that the spec does not state (names,
 * hidden attributes, padding) are listed in docs/visa-text-printer.md.
 */
#include "visa_print.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visa_print_priv.h"

/* Names of V0..V20 in the numbering of vISA 4.1 (spec 5_operands.md);
 * V21..V31 are reserved. */
static const char *const predef_var_names[VP_DEFINED_VARS] = {
	"%null", "%thread_x", "%thread_y", "%group_id_x", "%group_id_y",
	"%group_id_z", "%tsc", "%r0", "%arg", "%retval", "%sp", "%fp",
	"%hw_id", "%sr0", "%cr0", "%ce0", "%dbg0", "%color",
	"%impl_arg_buf_ptr", "%local_id_buf_ptr", "%msg0",
};

/* Element types of V0..V20 (needed for addr_add byte offsets). */
static const uint8_t predef_var_types[VP_DEFINED_VARS] = {
	VISA_TYPE_UD, VISA_TYPE_UW, VISA_TYPE_UW, VISA_TYPE_UD, VISA_TYPE_UD,
	VISA_TYPE_UD, VISA_TYPE_UD, VISA_TYPE_UD, VISA_TYPE_UD, VISA_TYPE_UD,
	VISA_TYPE_UQ, VISA_TYPE_UQ, VISA_TYPE_UD, VISA_TYPE_UD, VISA_TYPE_UD,
	VISA_TYPE_UD, VISA_TYPE_UD, VISA_TYPE_UW, VISA_TYPE_UQ, VISA_TYPE_UQ,
	VISA_TYPE_UD,
};

/* Names of the pre-defined surfaces T0..T5. */
static const char *const predef_surf_names[VP_PREDEF_SURFS] = {
	"%slm", "T1", "T2", "TSS", "%bss", "%scratch",
};

/* Variable alignment names, indexed by bit_properties bits 4-7
 * (0 = byte alignment, which is not printed). */
static const char *const align_names[10] = {
	"byte", "word", "dword", "qword", "oword", "GRF", "GRFx2", "hword",
	"wordx32", "wordx64",
};

/* Names of implicit input kinds (input kind bits 3-7), 0x10 is pseudo. */
static const char *const implicit_names[5] = {
	"EXPLICIT", "LOCAL_SIZE", "GROUP_COUNT", "LOCAL_ID", "PSEUDO_INPUT",
};

/* Attributes IGC knows (include/VISAAttributes.h): value kind by name. */
enum attr_kind { ATTR_BOOL, ATTR_INT32, ATTR_CSTR };
enum attr_role { ROLE_PLAIN, ROLE_TARGET, ROLE_ASM_PATH };

static const struct attr_info {
	const char *name;
	uint8_t kind, role;
} attr_table[] = {
	{ "Extern", ATTR_BOOL, ROLE_PLAIN },
	{ "NoBarrier", ATTR_BOOL, ROLE_PLAIN },
	{ "Callable", ATTR_BOOL, ROLE_PLAIN },
	{ "Caller", ATTR_BOOL, ROLE_PLAIN },
	{ "Composable", ATTR_BOOL, ROLE_PLAIN },
	{ "Entry", ATTR_BOOL, ROLE_PLAIN },
	{ "Input", ATTR_BOOL, ROLE_PLAIN },
	{ "Output", ATTR_BOOL, ROLE_PLAIN },
	{ "PayloadLiveOut", ATTR_BOOL, ROLE_PLAIN },
	{ "Input_Output", ATTR_BOOL, ROLE_PLAIN },
	{ "NoWidening", ATTR_BOOL, ROLE_PLAIN },
	{ "DoNotSpill", ATTR_BOOL, ROLE_PLAIN },
	{ "SepSpillPvtSS", ATTR_BOOL, ROLE_PLAIN },
	{ "LTO_InvokeOptTarget", ATTR_BOOL, ROLE_PLAIN },
	{ "Target", ATTR_INT32, ROLE_TARGET },
	{ "SLMSize", ATTR_INT32, ROLE_PLAIN },
	{ "SpillMemOffset", ATTR_INT32, ROLE_PLAIN },
	{ "ArgSize", ATTR_INT32, ROLE_PLAIN },
	{ "RetValSize", ATTR_INT32, ROLE_PLAIN },
	{ "PerThreadInputSize", ATTR_INT32, ROLE_PLAIN },
	{ "SimdSize", ATTR_INT32, ROLE_PLAIN },
	{ "Scope", ATTR_INT32, ROLE_PLAIN },
	{ "SurfaceUsage", ATTR_INT32, ROLE_PLAIN },
	{ "CrossThreadInputSize", ATTR_INT32, ROLE_PLAIN },
	{ "NBarrierCnt", ATTR_INT32, ROLE_PLAIN },
	{ "OutputAsmPath", ATTR_CSTR, ROLE_ASM_PATH },
	/* Old spellings IGC still maps onto the attributes above. */
	{ "AsmName", ATTR_CSTR, ROLE_ASM_PATH },
	{ "perThreadInputSize", ATTR_INT32, ROLE_PLAIN },
	{ "crossThreadInputSize", ATTR_INT32, ROLE_PLAIN },
};

/* ---- errors and output ------------------------------------------------ */

bool vp_fail(struct vp_ctx *c, const char *fmt, ...)
{
	if (c->failed)
		return false;
	c->failed = true;
	char what[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	const char *name = NULL;
	if (c->r && c->r->name_index < c->r->string_count && c->r->strings)
		name = c->r->strings[c->r->name_index];
	if (!name)
		name = "?";
	if (c->in)
		vf_err(c->err, VF_ERR_INPUT,
		       "routine \"%s\", instruction $%u: %s", name,
		       (unsigned)c->inst_id, what);
	else
		vf_err(c->err, VF_ERR_INPUT, "routine \"%s\": %s", name, what);
	return false;
}

void vp_puts(struct vp_ctx *c, const char *s)
{
	vf_buf_puts(c->out, s);
}

void vp_printf(struct vp_ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vf_buf_vprintf(c->out, fmt, ap);
	va_end(ap);
}

/* The escapes IGC's encodeStringLiteral writes; 0 = none. */
static char escape_letter(unsigned char ch)
{
	switch (ch) {
	case '\a': return 'a';
	case '\b': return 'b';
	case 0x1B: return 'e';
	case '\f': return 'f';
	case '\n': return 'n';
	case '\r': return 'r';
	case '\t': return 't';
	case '\v': return 'v';
	case '\'': return '\'';
	case '"': return '"';
	case '\\': return '\\';
	default: return 0;
	}
}

bool vp_literal(struct vp_ctx *c, const char *s)
{
	bool hex = false;
	vf_buf_u8(c->out, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		char e = escape_letter(*p);
		if (e) {
			char t[2] = { '\\', e };
			vf_buf_bytes(c->out, t, 2);
		} else if (*p >= 0x20 && *p < 0x7F) {
			vf_buf_u8(c->out, *p);
		} else {
			vp_printf(c, "\\x%02x", (unsigned)*p);
			hex = true;
		}
	}
	vf_buf_u8(c->out, '"');
	return hex;
}

/* ---- names ------------------------------------------------------------ */

const char *vp_string(struct vp_ctx *c, uint32_t index)
{
	const struct vf_routine *r = c->r;
	if (index >= r->string_count || !r->strings || !r->strings[index]) {
		vp_fail(c, "invalid string pool index %u", (unsigned)index);
		return NULL;
	}
	return r->strings[index];
}

/* Ids 21..31 are reserved pre-defined ids: IGC has no name for them. */
static bool reserved_id(struct vp_ctx *c, uint32_t id)
{
	if (id < VP_DEFINED_VARS || id >= VP_PREDEF_VARS)
		return false;
	vp_fail(c, "reserved pre-defined variable id %u", (unsigned)id);
	return true;
}

const char *vp_var_name(struct vp_ctx *c, uint32_t id)
{
	if (reserved_id(c, id))
		return NULL;
	if (id < VP_PREDEF_VARS)
		return predef_var_names[id];
	uint32_t k = id - VP_PREDEF_VARS;
	if (k >= c->r->var_count) {
		vp_fail(c, "invalid general variable id %u", (unsigned)id);
		return NULL;
	}
	return vp_string(c, c->r->vars[k].name);
}

bool vp_var_type(struct vp_ctx *c, uint32_t id, unsigned *type)
{
	if (reserved_id(c, id))
		return false;
	if (id < VP_PREDEF_VARS) {
		*type = predef_var_types[id];
		return true;
	}
	uint32_t k = id - VP_PREDEF_VARS;
	if (k >= c->r->var_count)
		return vp_fail(c, "invalid general variable id %u",
		               (unsigned)id);
	*type = c->r->vars[k].bit_properties & 0xF;
	return true;
}

bool vp_surface(struct vp_ctx *c, uint32_t id)
{
	if (id < VP_PREDEF_SURFS) {
		vp_puts(c, predef_surf_names[id]);
		return true;
	}
	if (id - VP_PREDEF_SURFS >= c->r->surface_count)
		return vp_fail(c, "invalid surface id %u", (unsigned)id);
	vp_printf(c, "T%u", (unsigned)id);
	return true;
}

bool vp_sampler_ok(struct vp_ctx *c, uint32_t id)
{
	if (id >= c->r->sampler_count)
		return vp_fail(c, "invalid sampler id %u", (unsigned)id);
	return true;
}

const struct vf_label *vp_label(struct vp_ctx *c, uint32_t id)
{
	if (id >= c->r->label_count || !c->r->labels) {
		vp_fail(c, "invalid label id %u", (unsigned)id);
		return NULL;
	}
	return &c->r->labels[id];
}

/* ---- attributes ------------------------------------------------------- */

static const struct attr_info *attr_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof attr_table / sizeof attr_table[0]; i++)
		if (strcmp(attr_table[i].name, name) == 0)
			return &attr_table[i];
	return NULL;
}

/* Integer attribute value as IGC keeps it: sign-extended, 1 if empty. */
static bool attr_int(struct vp_ctx *c, const struct vf_attr *a, int32_t *v)
{
	const uint8_t *b = a->value;
	if (a->size && !b)
		return vp_fail(c, "attribute without value bytes");
	switch (a->size) {
	case 0: *v = 1; return true;
	case 1: *v = (int8_t)b[0]; return true;
	case 2: *v = (int16_t)(uint16_t)(b[0] | b[1] << 8); return true;
	case 4:
		*v = (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 |
		               (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24);
		return true;
	default:
		return vp_fail(c, "integer attribute of %u bytes",
		               (unsigned)a->size);
	}
}

/* "name", "name=value" or "name=\"text\"" as IGC's printOneAttribute. */
static bool print_attr(struct vp_ctx *c, const struct vf_attr *a,
                       const struct attr_info *info, const char *name)
{
	vp_puts(c, name);
	if (info->kind == ATTR_INT32) {
		int32_t v;
		if (!attr_int(c, a, &v))
			return false;
		if (info->role == ROLE_TARGET && (v == 0 || v == 1))
			vp_puts(c, v ? "=\"3d\"" : "=\"cm\"");
		else
			vp_printf(c, "=%d", (int)v);
	} else if (info->kind == ATTR_CSTR && a->size > 0) {
		char *s = malloc((size_t)a->size + 1);
		if (!s) {
			c->out->oom = true;
			return true;
		}
		if (a->value)
			memcpy(s, a->value, a->size);
		else
			memset(s, 0, a->size);
		s[a->size] = 0;
		vp_puts(c, "=");
		vp_literal(c, s);
		free(s);
	}
	return true;
}

static const struct attr_info *attr_check(struct vp_ctx *c,
                                          const struct vf_attr *a,
                                          const char **name)
{
	*name = vp_string(c, a->name);
	if (!*name)
		return NULL;
	const struct attr_info *info = attr_lookup(*name);
	if (!info)
		vp_fail(c, "unknown attribute \"%s\"", *name);
	return info;
}

/* " attrs={a, b=1}" after a declaration, nothing without attributes. */
static bool print_decl_attrs(struct vp_ctx *c, const struct vf_attrs *as)
{
	if (as->count == 0)
		return true;
	if (!as->items)
		return vp_fail(c, "attribute list without items");
	vp_puts(c, " attrs={");
	for (uint32_t i = 0; i < as->count; i++) {
		const char *name;
		const struct attr_info *info;
		if (!(info = attr_check(c, &as->items[i], &name)))
			return false;
		if (i)
			vp_puts(c, ", ");
		if (!print_attr(c, &as->items[i], info, name))
			return false;
	}
	vp_puts(c, "}");
	return true;
}

/* The .kernel_attr lines; OutputAsmPath is never shown and a missing
 * Target is printed as IGC's builder default (3d). */
static bool print_kernel_attrs(struct vp_ctx *c)
{
	const struct vf_attrs *as = &c->r->attrs;
	bool target = false;
	if (as->count && !as->items)
		return vp_fail(c, "attribute list without items");
	for (uint32_t i = 0; i < as->count; i++) {
		const char *name;
		const struct attr_info *info;
		if (!(info = attr_check(c, &as->items[i], &name)))
			return false;
		if (info->role == ROLE_ASM_PATH)
			continue;
		if (info->role == ROLE_TARGET)
			target = true;
		vp_puts(c, "\n.kernel_attr ");
		if (!print_attr(c, &as->items[i], info, name))
			return false;
	}
	if (!target)
		vp_puts(c, "\n.kernel_attr Target=\"3d\"");
	return true;
}

/* ---- declarations ----------------------------------------------------- */

static bool print_var_decl(struct vp_ctx *c, uint32_t k)
{
	const struct vf_var *v = &c->r->vars[k];
	const char *name = vp_var_name(c, k + VP_PREDEF_VARS);
	unsigned align = v->bit_properties >> 4;
	if (!name)
		return false;
	if (align >= sizeof align_names / sizeof align_names[0])
		return vp_fail(c, "variable %s: invalid alignment %u", name,
		               align);
	vp_puts(c, "\n.decl ");
	vp_puts(c, name);
	vp_printf(c, " v_type=G type=%s num_elts=%u",
	          vp_type_name(v->bit_properties & 0xF),
	          (unsigned)v->num_elements);
	if (align)
		vp_printf(c, " align=%s", align_names[align]);
	if (v->alias_index) {
		const char *alias = vp_var_name(c, v->alias_index);
		if (!alias)
			return false;
		vp_puts(c, " alias=<");
		vp_puts(c, alias);
		vp_printf(c, ", %u>", (unsigned)v->alias_offset);
	}
	return print_decl_attrs(c, &v->attrs);
}

static bool print_symvar_decls(struct vp_ctx *c)
{
	const struct vf_routine *r = c->r;
	for (uint16_t i = 0; i < r->addr_count; i++) {
		vp_printf(c, "\n.decl A%u v_type=A num_elts=%u", (unsigned)i,
		          (unsigned)r->addrs[i].num_elements);
		if (!print_decl_attrs(c, &r->addrs[i].attrs))
			return false;
	}
	for (uint16_t i = 0; i < r->pred_count; i++) {
		vp_printf(c, "\n.decl P%u v_type=P num_elts=%u", i + 1u,
		          (unsigned)r->preds[i].num_elements);
		if (!print_decl_attrs(c, &r->preds[i].attrs))
			return false;
	}
	for (unsigned i = 0; i < r->sampler_count; i++) {
		const char *name = vp_string(c, r->samplers[i].name);
		if (!name)
			return false;
		vp_printf(c, "\n.decl S%u v_type=S num_elts=%u v_name=", i,
		          (unsigned)r->samplers[i].num_elements);
		vp_puts(c, name);
		if (!print_decl_attrs(c, &r->samplers[i].attrs))
			return false;
	}
	for (unsigned i = 0; i < r->surface_count; i++) {
		const char *name = vp_string(c, r->surfaces[i].name);
		if (!name)
			return false;
		vp_printf(c, "\n.decl T%u v_type=T num_elts=%u v_name=",
		          i + VP_PREDEF_SURFS,
		          (unsigned)r->surfaces[i].num_elements);
		vp_puts(c, name);
		if (!print_decl_attrs(c, &r->surfaces[i].attrs))
			return false;
	}
	return true;
}

static bool print_input(struct vp_ctx *c, const struct vf_input *in,
                        bool is_kernel)
{
	unsigned cls = in->kind & 0x7, implicit = in->kind >> 3;
	if (!is_kernel)
		vp_puts(c, "\n.parameter ");
	else if (implicit == 0)
		vp_puts(c, "\n.input ");
	else if (implicit == 0x10)
		vp_printf(c, "\n.implicit_%s ", implicit_names[4]);
	else if (implicit >= 5)
		vp_printf(c, "\n.implicit_UNDEFINED_%u ", implicit);
	else
		vp_printf(c, "\n.implicit_%s ", implicit_names[implicit]);
	if (cls == 0) {
		const char *name = vp_var_name(c, in->id);
		if (!name)
			return false;
		vp_puts(c, name);
	} else if (cls <= 2) {
		vp_printf(c, "%s%u", cls == 1 ? "S" : "T", (unsigned)in->id);
	} else {
		return vp_fail(c, "input with invalid class %u", cls);
	}
	if (is_kernel)
		vp_printf(c, " offset=%d", (int)in->offset);
	vp_printf(c, " size=%u", (unsigned)in->size);
	return true;
}

/* ".version", ".kernel"/".global_function" and ".funcdecl" lines; returns
 * in *hex whether a \x escape left IGC's stream in hexadecimal mode. */
static bool print_title(struct vp_ctx *c, bool is_kernel, bool *hex)
{
	const char *name = vp_string(c, c->r->name_index);
	*hex = false;
	if (!name)
		return false;
	char *dotless = malloc(strlen(name) + 1);
	if (!dotless) {
		c->out->oom = true;
		return true;
	}
	size_t i = 0;
	for (; name[i]; i++)
		dotless[i] = name[i] == '.' ? ' ' : name[i];
	dotless[i] = 0;
	vp_printf(c, ".version %u.%u\n", (unsigned)c->m->major,
	          (unsigned)c->m->minor);
	vp_puts(c, is_kernel ? ".kernel " : ".global_function ");
	vp_literal(c, dotless);
	free(dotless);
	vp_puts(c, "\n");
	for (uint16_t f = 0; is_kernel && f < c->m->function_count; f++) {
		const char *fname = c->m->functions[f].name;
		vp_puts(c, ".funcdecl ");
		if (vp_literal(c, fname ? fname : ""))
			*hex = true;
		vp_puts(c, "\n");
	}
	return true;
}

static void print_predefined(struct vp_ctx *c, bool hex)
{
	vp_puts(c, "\n/// VISA Predefined Variables");
	for (unsigned i = 0; i < VP_DEFINED_VARS; i++)
		vp_printf(c, hex ? "\n// .decl V%x v_type=G v_name=%s"
		                 : "\n// .decl V%u v_type=G v_name=%s",
		          i, predef_var_names[i]);
	for (unsigned i = 0; i < VP_PREDEF_SURFS; i++)
		vp_printf(c, hex ? "\n// .decl T%x v_type=T v_name=%s"
		                 : "\n// .decl T%u v_type=T v_name=%s",
		          i, predef_surf_names[i]);
	vp_puts(c, "\n");
}

static bool tables_present(struct vp_ctx *c)
{
	const struct vf_routine *r = c->r;
	if ((r->var_count && !r->vars) || (r->addr_count && !r->addrs) ||
	    (r->pred_count && !r->preds) ||
	    (r->sampler_count && !r->samplers) ||
	    (r->surface_count && !r->surfaces) ||
	    (r->input_count && !r->inputs) || (r->inst_count && !r->insts))
		return vp_fail(c, "symbol table count without entries");
	return true;
}

/* Everything before the first instruction; no newline at its end. */
static bool print_header(struct vp_ctx *c, bool is_kernel)
{
	bool hex = false;
	if (!tables_present(c) || !print_title(c, is_kernel, &hex))
		return false;
	print_predefined(c, hex);
	for (uint32_t k = 0; k < c->r->var_count; k++)
		if (!print_var_decl(c, k))
			return false;
	if (!print_symvar_decls(c))
		return false;
	for (uint32_t i = 0; i < c->r->input_count; i++)
		if (!print_input(c, &c->r->inputs[i], is_kernel))
			return false;
	return print_kernel_attrs(c);
}

/* ---- entry points ----------------------------------------------------- */

enum vf_status visa_print_routine(const struct vf_module *m,
                                  const struct vf_routine *r, bool is_kernel,
                                  struct vf_buf *out, struct vf_error *err)
{
	struct vp_ctx c = { .m = m, .r = r, .out = out, .err = err };
	if (!print_header(&c, is_kernel))
		return VF_ERR_INPUT;
	for (uint32_t i = 0; i < r->inst_count; i++) {
		c.in = &r->insts[i];
		c.inst_id = i;
		if (!vp_instruction(&c))
			return VF_ERR_INPUT;
		vp_puts(&c, "\n");
	}
	if (out->oom)
		return vf_err_oom(err);
	return VF_OK;
}

enum vf_status visa_print_module(const struct vf_module *m,
                                 struct vf_buf *out, struct vf_error *err)
{
	enum vf_status st = VF_OK;
	if ((m->kernel_count && !m->kernels) ||
	    (m->function_count && !m->functions))
		return vf_err(err, VF_ERR_INPUT,
		              "module tables without entries");
	for (uint16_t k = 0; st == VF_OK && k < m->kernel_count; k++)
		st = visa_print_routine(m, &m->kernels[k].body, true, out, err);
	for (uint16_t f = 0; st == VF_OK && f < m->function_count; f++)
		st = visa_print_routine(m, &m->functions[f].body, false, out,
		                        err);
	return st;
}

enum vf_status vf_print_visaasm(const struct vf_module *m, char **out,
                                size_t *size, struct vf_error *err)
{
	struct vf_buf b = { 0 };
	*out = NULL;
	if (size)
		*size = 0;
	enum vf_status st = visa_print_module(m, &b, err);
	if (st == VF_OK && !b.data)
		vf_buf_puts(&b, "");
	if (st == VF_OK && b.oom)
		st = vf_err_oom(err);
	if (st != VF_OK) {
		vf_buf_free(&b);
		return st;
	}
	*out = (char *)b.data;
	if (size)
		*size = b.len;
	return VF_OK;
}
