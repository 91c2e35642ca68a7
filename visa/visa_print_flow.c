/*
 * visa_print_flow.c - vISA assembly text printer: control flow (labels,
 * subroutines, jmp, call/fccall, ret, fcall/ifcall/fret, faddr,
 * switchjmp) and the misc instructions (FILE/LOC, raw_send(s), VME,
 * urb_write_3d, dpas/dpasw, lifetime).
 *
 * Spec: shared/spec/visa/instructions/ (LABEL.md, SUBROUTINE.md, JMP.md,
 * CALL.md, FCCALL.md, RET.md, FCALL.md, IFCALL.md, FRET.md, FADDR.md,
 * SWITCHJMP.md, FILE.md, LOC.md, RAW_SEND.md, RAW_SENDS.md, VME_*.md,
 * URB_WRITE.md, DPAS.md, DPASW.md, LIFETIME.md); label and function name
 * rules in docs/visa-text-printer.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visa_ops.h"
#include "visa_print_priv.h"

enum { LABEL_KIND_SUBROUTINE = 1, LABEL_KIND_FC = 2 };

/* ---- control flow ------------------------------------------------------ */

/* A label name with '.' and '$' turned into '_' (IGC does so for labels
 * and function names so that its text parser accepts them). */
static void puts_underscored(struct vp_ctx *c, const char *s)
{
	for (; *s; s++)
		vf_buf_u8(c->out, (*s == '.' || *s == '$') ? '_' : (uint8_t)*s);
}

/* "name_<id>" as a malloc'ed string, optionally underscored. */
static char *label_with_id(const char *name, uint32_t id, bool underscore)
{
	size_t n = strlen(name);
	char *s = malloc(n + 16);
	if (!s)
		return NULL;
	for (size_t k = 0; k < n; k++) {
		bool bad = name[k] == '.' || name[k] == '$';
		s[k] = underscore && bad ? '_' : name[k];
	}
	snprintf(s + n, 16, "_%u", (unsigned)id);
	return s;
}

/* "\n.function \"f_0\"\n\nf_0:" or "\nBB_1:". */
static bool print_label_inst(struct vp_ctx *c)
{
	uint32_t id;
	if (!vp_other(c, 0, &id))
		return false;
	const struct vf_label *l = vp_label(c, id);
	const char *name = l ? vp_string(c, l->name) : NULL;
	if (!name)
		return false;
	vp_puts(c, "\n");
	if (c->in->opcode == VISA_OP_LABEL) {
		puts_underscored(c, name);
		vp_puts(c, ":");
		return true;
	}
	char *fixed = label_with_id(name, id, true);
	char *orig = label_with_id(name, id, false);
	if (fixed && orig) {
		vp_puts(c, ".function ");
		vp_literal(c, fixed);
		if (strcmp(fixed, orig) != 0) {
			vp_puts(c, " /// Original Name: ");
			vp_literal(c, orig);
		}
		vp_puts(c, "\n\n");
		vp_puts(c, fixed);
		vp_puts(c, ":");
	} else {
		c->out->oom = true;
	}
	free(fixed);
	free(orig);
	return true;
}

/* call / fccall: the target is always printed as "name_<id>".  IGC's
 * writer may leave the label id out; then the line ends after the exec
 * size (and the label kind, hence fccall, is unknown). */
static bool print_call(struct vp_ctx *c)
{
	uint32_t id = 0;
	const struct vf_label *l = NULL;
	const char *name = NULL;
	bool have = c->nfields > 0;
	if (have && (!vp_other(c, 0, &id) || !(l = vp_label(c, id)) ||
	             !(name = vp_string(c, l->name))))
		return false;
	if (!vp_pred(c))
		return false;
	vp_puts(c, l && l->kind == LABEL_KIND_FC ? "fccall " : "call ");
	if (!vp_exec(c, 0))
		return false;
	if (!have) {
		c->truncated = true;
		return false;
	}
	vp_puts(c, " ");
	puts_underscored(c, name);
	vp_printf(c, "_%u", (unsigned)id);
	return true;
}

static bool print_jump_target(struct vp_ctx *c)
{
	uint32_t id, arg, ret;
	if (!vp_other(c, 0, &id))
		return false;
	if (c->in->opcode == VISA_OP_FCALL) {
		const char *fname = vp_string(c, id);
		if (!fname)
			return false;
		vp_puts(c, " ");
		puts_underscored(c, fname);
		if (!vp_other(c, 1, &arg))
			return false;
		vp_printf(c, " %u", (unsigned)arg);
		if (!vp_other(c, 2, &ret))
			return false;
		vp_printf(c, " %u", (unsigned)ret);
		return true;
	}
	const struct vf_label *l = vp_label(c, id);
	const char *name = l ? vp_string(c, l->name) : NULL;
	if (!name)
		return false;
	vp_puts(c, " ");
	puts_underscored(c, name);
	if (l->kind == LABEL_KIND_SUBROUTINE)
		vp_printf(c, "_%u", (unsigned)id);
	return true;
}

static bool is_identifier(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
	      *s == '_'))
		return false;
	for (s++; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			return false;
	return true;
}

static bool print_faddr(struct vp_ctx *c)
{
	uint32_t sym;
	if (!vp_other(c, 0, &sym))
		return false;
	const char *name = vp_string(c, sym);
	if (!name)
		return false;
	if (is_identifier(name))
		vp_puts(c, name);
	else
		vp_literal(c, name);
	return vp_operand(c, 1);
}

/* switchjmp (M1, 1) <index> (L1, L2, ...); field 0 is the label count. */
static bool print_switchjmp(struct vp_ctx *c)
{
	if (!vp_operand(c, 1))
		return false;
	vp_puts(c, " (");
	for (unsigned i = 2; i < c->nfields; i++) {
		uint32_t id;
		if (!vp_other(c, i, &id))
			return false;
		const struct vf_label *l = vp_label(c, id);
		const char *name = l ? vp_string(c, l->name) : NULL;
		if (!name)
			return false;
		if (i > 2)
			vp_puts(c, ", ");
		vp_puts(c, name);
	}
	vp_puts(c, ")");
	return true;
}

bool vp_inst_flow(struct vp_ctx *c)
{
	unsigned op = c->in->opcode;
	uint32_t arg, ret;
	if (op == VISA_OP_SUBROUTINE || op == VISA_OP_LABEL)
		return print_label_inst(c);
	if (op == VISA_OP_CALL)
		return print_call(c);
	const char *name = vp_op_name(c);
	if (!name || !vp_pred(c))
		return false;
	vp_puts(c, name);
	vp_puts(c, " ");
	if (!vp_exec(c, 0))
		return false;
	switch (op) {
	case VISA_OP_JMP:
	case VISA_OP_GOTO:
	case VISA_OP_FCALL:
		return print_jump_target(c);
	case VISA_OP_IFCALL:
		if (!vp_operand(c, 0) || !vp_other(c, 1, &arg))
			return false;
		vp_printf(c, " %u", (unsigned)arg);
		if (!vp_other(c, 2, &ret))
			return false;
		vp_printf(c, " %u", (unsigned)ret);
		return true;
	case VISA_OP_FADDR:
		return print_faddr(c);
	case VISA_OP_SWITCHJMP:
		return print_switchjmp(c);
	default:
		return true;
	}
}

/* ---- misc ---------------------------------------------------------------- */

/* dpas precision names by GenPrecision code; NULL = invalid. */
static const char *const precision_names[13] = {
	NULL, "u1", "s1", "u2", "s2", "u4", "s4", "u8", "s8", "bf", "hf",
	NULL, "tf32",
};

/* Print the listed fields one after the other (each starts with its own
 * separator as IGC's printOperand does). */
static bool operands(struct vp_ctx *c, const uint8_t *idx, unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		if (!vp_operand(c, idx[k]))
			return false;
	return true;
}

/* Small integer field (IGC reads it as one byte). */
static bool byte_field(struct vp_ctx *c, unsigned i, unsigned *v)
{
	uint32_t x;
	if (!vp_other(c, i, &x))
		return false;
	*v = x & 0xFF;
	return true;
}

/* " T<n> " as the VME instructions print their surface (always T<n>). */
static bool vme_surface(struct vp_ctx *c, unsigned i)
{
	unsigned s;
	if (!byte_field(c, i, &s))
		return false;
	if (s >= VP_PREDEF_SURFS + (unsigned)c->r->surface_count)
		return vp_fail(c, "invalid surface id %u", s);
	vp_printf(c, " T%u ", s);
	return true;
}

static bool print_vme(struct vp_ctx *c, const char *name)
{
	unsigned a, b;
	switch (c->in->opcode) {
	case VISA_OP_VME_IME:
		if (!byte_field(c, 0, &a) || !byte_field(c, 1, &b))
			return false;
		vp_printf(c, "%s(%u,%u)", name, a, b);
		return vme_surface(c, 4) &&
		       operands(c, (const uint8_t[]){ 2, 3, 5, 6, 7, 8 }, 6);
	case VISA_OP_VME_FBR:
		vp_printf(c, "%s (", name);
		if (!vp_operand(c, 3))
			return false;
		vp_puts(c, ",");
		if (!vp_operand(c, 4))
			return false;
		vp_puts(c, ",");
		if (!vp_operand(c, 5))
			return false;
		vp_puts(c, ")");
		return vme_surface(c, 2) &&
		       operands(c, (const uint8_t[]){ 0, 1, 6 }, 3);
	default: /* vme_sic, vme_idm */
		vp_puts(c, name);
		return vme_surface(c, 2) &&
		       operands(c, (const uint8_t[]){ 0, 1, 3 }, 3);
	}
}

static bool print_raw_send(struct vp_ctx *c)
{
	uint32_t mod, ex, ns, nd;
	if (!vp_other(c, 0, &mod) || !vp_other(c, 1, &ex) ||
	    !vp_other(c, 2, &ns) || !vp_other(c, 3, &nd) || !vp_pred(c))
		return false;
	vp_puts(c, (mod & 0xFF) == 1 ? "raw_sendc " : "raw_send ");
	if (!vp_exec(c, 0))
		return false;
	vp_printf(c, " 0x%x %u %u ", (unsigned)ex, (unsigned)(ns & 0xFF),
	          (unsigned)(nd & 0xFF));
	return operands(c, (const uint8_t[]){ 4, 5, 6 }, 3);
}

static bool print_raw_sends(struct vp_ctx *c)
{
	unsigned mod, n0, n1, nd, ffid;
	if (!byte_field(c, 0, &mod) || !byte_field(c, 1, &n0) ||
	    !byte_field(c, 2, &n1) || !byte_field(c, 3, &nd) ||
	    !byte_field(c, 4, &ffid) || !vp_pred(c))
		return false;
	vp_printf(c, "%s%u.%s%u.%u.%u ",
	          (mod & 1) ? "raw_sendsc." : "raw_sends.", ffid,
	          (mod & 2) ? "eot." : "", n0, n1, nd);
	if (!vp_exec(c, 0))
		return false;
	vp_puts(c, " ");
	return operands(c, (const uint8_t[]){ 5, 6, 7, 8, 9 }, 5);
}

/* urb_write_3d: the global offset is printed before the channel mask. */
static bool print_urb_write(struct vp_ctx *c, const char *name)
{
	if (!vp_pred(c))
		return false;
	vp_puts(c, name);
	vp_puts(c, " ");
	if (!vp_exec(c, 0))
		return false;
	vp_puts(c, " ");
	if (!vp_operand(c, 0))
		return false;
	vp_puts(c, " ");
	return operands(c, (const uint8_t[]){ 2, 1, 3, 4, 5 }, 5);
}

static bool print_dpas(struct vp_ctx *c, const char *name)
{
	uint32_t info;
	vp_puts(c, name);
	if (!vp_last_other(c, &info))
		return false;
	unsigned w = info & 0xFF, a = (info >> 8) & 0xFF;
	if (w >= 13 || a >= 13 || !precision_names[w] || !precision_names[a])
		return vp_fail(c, "invalid dpas precision 0x%x",
		               (unsigned)info);
	vp_printf(c, ".%s.%s.%u.%u ", precision_names[w], precision_names[a],
	          (unsigned)((info >> 16) & 0xFF), (unsigned)(info >> 24));
	if (!vp_exec(c, 0))
		return false;
	for (unsigned i = 0; i < 3; i++) {
		const struct vf_raw *r = vp_rawf(c, i);
		if (!r || !vp_raw(c, r))
			return false;
	}
	const struct vf_vector *v = vp_vec(c, 3);
	return v && vp_vector(c, v, false);
}

static bool print_lifetime(struct vp_ctx *c, const char *name)
{
	uint32_t props, id;
	if (!vp_other(c, 0, &props) || !vp_other(c, 1, &id))
		return false;
	unsigned cls = (props >> 4) & 3;
	vp_printf(c, "%s.%s ", name, (props & 1) ? "end" : "start");
	if (cls == VISA_CLASS_GENERAL) {
		const char *var = vp_var_name(c, id);
		if (!var)
			return false;
		vp_puts(c, var);
	} else if (cls == VISA_CLASS_ADDRESS) {
		if (id >= c->r->addr_count)
			return vp_fail(c, "invalid address variable id %u",
			               (unsigned)id);
		vp_printf(c, "A%u", (unsigned)id);
	} else if (cls == VISA_CLASS_PREDICATE) {
		if (id == 0 || id > c->r->pred_count)
			return vp_fail(c, "invalid predicate variable id %u",
			               (unsigned)id);
		vp_printf(c, "P%u", (unsigned)id);
	} else {
		return vp_fail(c, "invalid lifetime operand class %u", cls);
	}
	return true;
}

bool vp_inst_misc(struct vp_ctx *c)
{
	uint32_t v;
	const char *name = vp_op_name(c);
	if (!name)
		return false;
	switch (c->in->opcode) {
	case VISA_OP_FILE: {
		const char *file;
		if (!vp_other(c, 0, &v) || !(file = vp_string(c, v)))
			return false;
		vp_puts(c, "FILE ");
		vp_literal(c, file);
		return true;
	}
	case VISA_OP_LOC:
		if (!vp_other(c, 0, &v))
			return false;
		vp_printf(c, "LOC %u", (unsigned)v);
		return true;
	case VISA_OP_RAW_SEND: return print_raw_send(c);
	case VISA_OP_RAW_SENDS: return print_raw_sends(c);
	case VISA_OP_VME_IME: case VISA_OP_VME_SIC:
	case VISA_OP_VME_FBR: case VISA_OP_VME_IDM:
		return print_vme(c, name);
	case VISA_OP_3D_URB_WRITE: return print_urb_write(c, name);
	case VISA_OP_DPAS: case VISA_OP_DPASW: return print_dpas(c, name);
	case VISA_OP_LIFETIME: return print_lifetime(c, name);
	default:
		return vp_fail(c, "opcode 0x%x is not a misc instruction",
		               (unsigned)c->in->opcode);
	}
}
