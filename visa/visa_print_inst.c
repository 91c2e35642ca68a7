/*
 * visa_print_inst.c - vISA assembly text printer: operands and the
 * instruction line (predicate, mnemonic, exec size, operands, padding and
 * the "/// $N" trailer), the dispatch by instruction group, and the
 * ALU, compare, address, goto and sync instruction shapes.
 *
 * Input: one vf_inst of a routine (fields as listed in visa_ops.h);
 * output: one line of IGC's *.visaasm dialect appended to the context's
 * buffer.  Spec: shared/spec/visa/5_operands.md (vector, raw and state
 * operands, regions, predicates), 6_instructions.md and instructions/<OP>.md
 * (field meaning per opcode), 8_appendix_visa_assembly_syntax.md.
 */

#include "visa_ops.h"
#include "visa_print_priv.h"

#define G_RES VP_G_RESERVED
#define G_MOV VP_G_MOV
#define G_ARI VP_G_ARITH
#define G_LOG VP_G_LOGIC
#define G_CMP VP_G_COMPARE
#define G_ADR VP_G_ADDRESS
#define G_FLW VP_G_FLOW
#define G_DP VP_G_DATAPORT
#define G_SMP VP_G_SAMPLER
#define G_MSC VP_G_MISC
#define G_SFL VP_G_SIMD_FLOW
#define G_SYN VP_G_SYNC
#define G_SVM VP_G_SVM
#define G_LSC VP_G_LSC

/* IGC's instruction group per opcode (IsaDescription.cpp ISA_Inst_Table);
 * the group decides predicate, exec size and the shape of the line. */
static const uint8_t op_group[VISA_OP_COUNT] = {
	/* 0x00 reserved, 0x01 add .. 0x1B inv (0x0E lrp included) */
	G_RES, G_ARI, G_ARI, G_ARI, G_ARI, G_ARI, G_ARI, G_ARI,
	G_ARI, G_ARI, G_ARI, G_ARI, G_ARI, G_ARI, G_ARI, G_ARI,
	G_ARI, G_ARI, G_ARI, G_ARI, G_ARI, G_ARI, G_ARI, G_ARI,
	G_ARI, G_ARI, G_ARI, G_ARI,
	/* 0x1C dpasw, fcvt, srnd, lzd */
	G_MSC, G_MOV, G_ARI, G_ARI,
	/* 0x20 and, or, xor, not, shl, shr, asr, cbit */
	G_LOG, G_LOG, G_LOG, G_LOG, G_LOG, G_LOG, G_LOG, G_LOG,
	/* 0x28 addr_add, mov, sel, setp, cmp, movs, fbl, fbh */
	G_ADR, G_MOV, G_MOV, G_MOV, G_CMP, G_MOV, G_LOG, G_LOG,
	/* 0x30 subroutine, label, jmp, call, ret, oword_ld, oword_st,
	 * media_ld */
	G_FLW, G_FLW, G_FLW, G_FLW, G_FLW, G_DP, G_DP, G_DP,
	/* 0x38 media_st, gather, scatter, -, oword_ld_unaligned, -, -, - */
	G_DP, G_DP, G_DP, G_RES, G_DP, G_RES, G_RES, G_RES,
	/* 0x40 sample, sample_unorm, load, avs, va, fminmax, bfe, bfi */
	G_SMP, G_SMP, G_SMP, G_SMP, G_SMP, G_MOV, G_LOG, G_LOG,
	/* 0x48 bfrev, addc, subb, gather4_typed, scatter4_typed,
	 * va_skl_plus, svm, ifcall */
	G_LOG, G_ARI, G_ARI, G_DP, G_DP, G_SMP, G_SVM, G_FLW,
	/* 0x50 faddr, file, loc, -, vme_ime, vme_sic, vme_fbr, vme_idm */
	G_FLW, G_MSC, G_MSC, G_RES, G_MSC, G_MSC, G_MSC, G_MSC,
	/* 0x58 -, barrier, sampler_cache_flush, wait, fence, raw_send, -,
	 * yield */
	G_RES, G_SYN, G_SYN, G_SYN, G_SYN, G_MSC, G_RES, G_SYN,
	/* 0x60 nbarrier, 0x61..0x66 reserved, 0x67 fcall */
	G_SYN, G_RES, G_RES, G_RES, G_RES, G_RES, G_RES, G_FLW,
	/* 0x68 fret, switchjmp, sad2add, plane, goto, sample_3d, load_3d,
	 * gather4_3d */
	G_FLW, G_FLW, G_ARI, G_ARI, G_SFL, G_SMP, G_SMP, G_SMP,
	/* 0x70 info_3d, rt_write_3d, urb_write_3d, typed_atomic,
	 * gather4_scaled, scatter4_scaled, -, - */
	G_SMP, G_DP, G_MSC, G_DP, G_DP, G_DP, G_RES, G_RES,
	/* 0x78 gather_scaled, scatter_scaled, raw_sends, lifetime, sbarrier,
	 * dword_atomic, sqrtm, divm */
	G_DP, G_DP, G_MSC, G_MSC, G_SYN, G_DP, G_ARI, G_ARI,
	/* 0x80 rol, ror, dp4a, dpas, add3, bfn, qw_gather, qw_scatter */
	G_LOG, G_LOG, G_ARI, G_MSC, G_ARI, G_LOG, G_DP, G_DP,
	/* 0x88 -, lsc_untyped, lsc_typed, lsc_fence, 0x8C..0x8F reserved */
	G_RES, G_LSC, G_LSC, G_LSC, G_RES, G_RES, G_RES, G_RES,
	/* 0x90 -, madw, add3.o */
	G_RES, G_ARI, G_ARI,
};

/* Execution mask names, indexed by exec-size byte bits 4-7. */
static const char *const emask_names[16] = {
	"M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8",
	"M1_NM", "M2_NM", "M3_NM", "M4_NM", "M5_NM", "M6_NM", "M7_NM", "M8_NM",
};

/* Exec sizes by exec-size code (bits 0-3); codes 6-15 are invalid. */
static const uint8_t exec_sizes[6] = { 1, 2, 4, 8, 16, 32 };

/* Region field codes 0-7 (5_operands.md); 0 is "absent", printed -1. */
static const int region_values[8] = { -1, 0, 1, 2, 4, 8, 16, 32 };

/* Source modifiers as printed before a variable (tag bits 3-5); .sat is
 * printed with the mnemonic instead. */
static const char *const modifier_names[6] = {
	"", "(abs)", "(-)", "(-abs)", "sat", "(~)",
};

/* Type names and sizes indexed by the 4-bit type code (2_datatypes.md). */
static const char *const type_names[16] = {
	"ud", "d", "uw", "w", "ub", "b", "df", "f",
	"v", "vf", "bool", "uq", "uv", "q", "hf", "bf",
};
static const uint8_t type_sizes[16] = {
	4, 4, 2, 2, 1, 1, 8, 4, 4, 4, 1, 8, 4, 8, 2, 2,
};

/* cmp relations (bits 0-2 of the relation byte); 7 is invalid. */
static const char *const relop_names[7] = {
	"eq", "ne", "gt", "ge", "lt", "le", " ",
};


const char *vp_type_name(unsigned type) { return type_names[type & 0xF]; }
unsigned vp_type_size(unsigned type) { return type_sizes[type & 0xF]; }

enum vp_group vp_op_group(unsigned op)
{
	return op < VISA_OP_COUNT ? (enum vp_group)op_group[op] : VP_G_RESERVED;
}

const char *vp_op_name(struct vp_ctx *c)
{
	const struct visa_op_info *info = visa_op_info(c->in->opcode);
	if (!info || !info->name) {
		vp_fail(c, "opcode 0x%x has no mnemonic",
		        (unsigned)c->in->opcode);
		return NULL;
	}
	return info->name;
}

/* ---- fields ----------------------------------------------------------- */

const struct vf_opnd *vp_field(struct vp_ctx *c, unsigned i)
{
	if (i >= c->nfields) {
		c->truncated = true;
		return NULL;
	}
	if (c->in->has_subop) {
		if (i == 0)
			return &c->subop;
		i--;
	}
	if (!c->in->opnds) {
		vp_fail(c, "operand list missing");
		return NULL;
	}
	return &c->in->opnds[i];
}

bool vp_other(struct vp_ctx *c, unsigned i, uint32_t *v)
{
	const struct vf_opnd *o = vp_field(c, i);
	*v = 0;
	if (!o)
		return false;
	if (o->kind != VF_OPND_OTHER)
		return vp_fail(c, "operand %u is not an integer field", i);
	*v = (uint32_t)o->u.other;
	return true;
}

bool vp_last_other(struct vp_ctx *c, uint32_t *v)
{
	const struct vf_opnd *o =
		c->nfields ? vp_field(c, c->nfields - 1) : NULL;
	*v = 0;
	if (!o || o->kind != VF_OPND_OTHER) {
		c->truncated = true;
		return false;
	}
	*v = (uint32_t)o->u.other;
	return true;
}

const struct vf_vector *vp_vec(struct vp_ctx *c, unsigned i)
{
	const struct vf_opnd *o = vp_field(c, i);
	if (!o)
		return NULL;
	if (o->kind != VF_OPND_VECTOR) {
		vp_fail(c, "operand %u is not a vector operand", i);
		return NULL;
	}
	return &o->u.vec;
}

const struct vf_raw *vp_rawf(struct vp_ctx *c, unsigned i)
{
	const struct vf_opnd *o = vp_field(c, i);
	if (!o)
		return NULL;
	if (o->kind != VF_OPND_RAW) {
		vp_fail(c, "operand %u is not a raw operand", i);
		return NULL;
	}
	return &o->u.raw;
}

/* ---- operands --------------------------------------------------------- */

bool vp_region(struct vp_ctx *c, uint16_t region)
{
	unsigned v = region & 0xF, w = (region >> 4) & 0xF,
	         h = (region >> 8) & 0xF;
	if (v > 7 || w > 7 || h > 7)
		return vp_fail(c, "invalid region 0x%x", (unsigned)region);
	if (w == 0)
		vp_printf(c, "<%d>", region_values[h]);
	else if (v == 0)
		vp_printf(c, "<%d,%d>", region_values[w], region_values[h]);
	else
		vp_printf(c, "<%d;%d,%d>", region_values[v], region_values[w],
		          region_values[h]);
	return true;
}

static bool print_modifier(struct vp_ctx *c, unsigned mod)
{
	if (mod == VISA_MOD_SAT)
		mod = VISA_MOD_NONE;
	if (mod > VISA_MOD_NOT)
		return vp_fail(c, "invalid source modifier %u", mod);
	vp_puts(c, modifier_names[mod]);
	return true;
}

static bool addr_ok(struct vp_ctx *c, unsigned id)
{
	if (id >= c->r->addr_count)
		return vp_fail(c, "invalid address variable id %u", id);
	return true;
}

static bool print_immediate(struct vp_ctx *c, const struct vf_vector *v)
{
	unsigned type = v->u.imm.type & 0xF;
	if (type == VISA_TYPE_DF || type == VISA_TYPE_Q || type == VISA_TYPE_UQ)
		vp_printf(c, "0x%llx:%s", (unsigned long long)v->u.imm.value,
		          type_names[type]);
	else
		vp_printf(c, "0x%x:%s", (unsigned)(uint32_t)v->u.imm.value,
		          type_names[type]);
	return true;
}

/* Name of a surface (%slm, T6, ...) or sampler (S0) state operand. */
static bool print_state_name(struct vp_ctx *c, const struct vf_vector *v)
{
	if (v->u.state.cls == VP_STATE_SURFACE)
		return vp_surface(c, v->u.state.id);
	if (v->u.state.cls == VP_STATE_SAMPLER) {
		if (!vp_sampler_ok(c, v->u.state.id))
			return false;
		vp_printf(c, "S%u", (unsigned)v->u.state.id);
		return true;
	}
	return vp_fail(c, "invalid state operand class %u",
	               (unsigned)v->u.state.cls);
}

static bool print_state(struct vp_ctx *c, const struct vf_vector *v)
{
	if (!print_state_name(c, v))
		return false;
	vp_printf(c, "(%u)", (unsigned)v->u.state.offset);
	return true;
}

static bool print_general(struct vp_ctx *c, const struct vf_vector *v,
                          bool region)
{
	const char *name = vp_var_name(c, v->u.gen.id);
	if (!name || !print_modifier(c, (v->tag >> 3) & 7))
		return false;
	vp_puts(c, name);
	vp_printf(c, "(%u,%u)", (unsigned)v->u.gen.row, (unsigned)v->u.gen.col);
	return !region || vp_region(c, v->u.gen.region);
}

static bool print_indirect(struct vp_ctx *c, const struct vf_vector *v)
{
	if (!addr_ok(c, v->u.ind.id) || !print_modifier(c, (v->tag >> 3) & 7))
		return false;
	vp_printf(c, "r[A%u(%u),%d]", (unsigned)v->u.ind.id,
	          (unsigned)v->u.ind.addr_offset, (int)v->u.ind.offset);
	if (!vp_region(c, v->u.ind.region))
		return false;
	vp_printf(c, ":%s", type_names[v->u.ind.type & 0xF]);
	return true;
}

static bool print_address(struct vp_ctx *c, const struct vf_vector *v)
{
	unsigned w = v->u.addr.width & 0xF;
	if (!addr_ok(c, v->u.addr.id) || !print_modifier(c, (v->tag >> 3) & 7))
		return false;
	if (w >= sizeof exec_sizes)
		return vp_fail(c, "invalid address operand width %u", w);
	vp_printf(c, "A%u(%u)<%u>", (unsigned)v->u.addr.id,
	          (unsigned)v->u.addr.offset, (unsigned)exec_sizes[w]);
	return true;
}

static bool print_predicate_opnd(struct vp_ctx *c, const struct vf_vector *v)
{
	unsigned id = v->u.pred.id & 0xFFF;
	if (id == 0 || id > c->r->pred_count)
		return vp_fail(c, "invalid predicate variable id %u", id);
	if (!print_modifier(c, (v->tag >> 3) & 7))
		return false;
	vp_printf(c, "P%u", id);
	return true;
}

bool vp_vector(struct vp_ctx *c, const struct vf_vector *v, bool region)
{
	vp_puts(c, " ");
	switch (v->tag & 7) {
	case VISA_CLASS_GENERAL: return print_general(c, v, region);
	case VISA_CLASS_ADDRESS: return print_address(c, v);
	case VISA_CLASS_PREDICATE: return print_predicate_opnd(c, v);
	case VISA_CLASS_INDIRECT: return print_indirect(c, v);
	case VISA_CLASS_IMMEDIATE: return print_immediate(c, v);
	case VISA_CLASS_STATE: return print_state(c, v);
	default:
		return vp_fail(c, "invalid vector operand class %u",
		               v->tag & 7u);
	}
}

bool vp_raw(struct vp_ctx *c, const struct vf_raw *r)
{
	const char *name = vp_var_name(c, r->id);
	if (!name)
		return false;
	vp_puts(c, " ");
	vp_puts(c, name);
	vp_printf(c, ".%u", (unsigned)r->offset);
	return true;
}

bool vp_operand(struct vp_ctx *c, unsigned i)
{
	const struct vf_opnd *o = vp_field(c, i);
	if (!o)
		return false;
	switch (o->kind) {
	case VF_OPND_OTHER:
		vp_printf(c, "%u", (unsigned)(uint32_t)o->u.other);
		return true;
	case VF_OPND_VECTOR:
		return vp_vector(c, &o->u.vec, true);
	case VF_OPND_RAW:
		return vp_raw(c, &o->u.raw);
	default:
		return vp_fail(c, "operand %u has invalid kind %u", i,
		               (unsigned)o->kind);
	}
}

/* ---- predicate and exec size ------------------------------------------ */

static bool has_pred(unsigned op)
{
	switch (vp_op_group(op)) {
	case VP_G_MOV:
		return op != VISA_OP_SETP && op != VISA_OP_MOVS &&
		       op != VISA_OP_FMINMAX && op != VISA_OP_FCVT;
	case VP_G_ARITH:
	case VP_G_LOGIC:
		return op != VISA_OP_SRND;
	case VP_G_FLOW:
		return op != VISA_OP_SUBROUTINE && op != VISA_OP_LABEL &&
		       op != VISA_OP_SWITCHJMP;
	case VP_G_SIMD_FLOW:
		return op == VISA_OP_GOTO;
	case VP_G_LSC:
	case VP_G_SVM:
		return true;
	case VP_G_COMPARE: case VP_G_ADDRESS: case VP_G_DATAPORT:
	case VP_G_SAMPLER: case VP_G_MISC:
		break;
	default:
		return false;
	}
	switch (op) {
	case VISA_OP_DWORD_ATOMIC: case VISA_OP_GATHER_SCALED:
	case VISA_OP_GATHER4_SCALED: case VISA_OP_GATHER4_TYPED:
	case VISA_OP_SCATTER_SCALED: case VISA_OP_SCATTER4_SCALED:
	case VISA_OP_SCATTER4_TYPED: case VISA_OP_RAW_SEND:
	case VISA_OP_RAW_SENDS: case VISA_OP_3D_SAMPLE: case VISA_OP_3D_LOAD:
	case VISA_OP_3D_GATHER4: case VISA_OP_3D_RT_WRITE:
	case VISA_OP_3D_URB_WRITE: case VISA_OP_3D_TYPED_ATOMIC:
	case VISA_OP_QW_GATHER: case VISA_OP_QW_SCATTER:
		return true;
	default:
		return false;
	}
}

bool vp_pred(struct vp_ctx *c)
{
	uint16_t p = c->in->pred;
	unsigned id = p & 0xFFF, ctrl = (p >> 13) & 3;
	if (!has_pred(c->in->opcode) || id == 0)
		return true;
	if (id > c->r->pred_count)
		return vp_fail(c, "invalid predicate id %u", id);
	vp_printf(c, "(%sP%u%s) ", (p & 0x8000) ? "!" : "", id,
	          ctrl == 1 ? ".any" : ctrl == 2 ? ".all" : "");
	return true;
}

bool vp_has_exec(unsigned op, unsigned subop)
{
	switch (vp_op_group(op)) {
	case VP_G_MOV: case VP_G_ARITH: case VP_G_LOGIC: case VP_G_COMPARE:
	case VP_G_ADDRESS: case VP_G_LSC: case VP_G_SIMD_FLOW:
		return true;
	case VP_G_DATAPORT:
		return op != VISA_OP_MEDIA_LD && op != VISA_OP_MEDIA_ST;
	case VP_G_SVM:
		return subop != 1 && subop != 2 && subop != 0;
	case VP_G_SAMPLER:
	case VP_G_MISC:
		return op == VISA_OP_RAW_SEND || op == VISA_OP_RAW_SENDS ||
		       op == VISA_OP_3D_SAMPLE || op == VISA_OP_3D_LOAD ||
		       op == VISA_OP_3D_GATHER4 || op == VISA_OP_3D_URB_WRITE ||
		       op == VISA_OP_3D_INFO || op == VISA_OP_DPAS ||
		       op == VISA_OP_DPASW;
	case VP_G_FLOW:
		return op != VISA_OP_SUBROUTINE && op != VISA_OP_LABEL &&
		       op != VISA_OP_FADDR;
	default:
		return false;
	}
}

bool vp_exec(struct vp_ctx *c, unsigned subop)
{
	unsigned e = c->in->exec, size = e & 0xF;
	if (!vp_has_exec(c->in->opcode, subop))
		return true;
	/* Every instruction IGC prints an exec size for has one in the
	 * binary: without it, IGC's writer cut it off. */
	if (!c->in->has_exec) {
		c->truncated = true;
		return false;
	}
	if (size >= sizeof exec_sizes)
		return vp_fail(c, "invalid exec size code %u", size);
	vp_printf(c, "(%s, %u)", emask_names[e >> 4],
	          (unsigned)exec_sizes[size]);
	return true;
}

/* ---- ALU, compare, address, sync -------------------------------------- */

/* addr_add's src0 when it is a variable: "&name[byte offset]". */
static bool print_address_of(struct vp_ctx *c, const struct vf_vector *v)
{
	unsigned cls = v->tag & 7, mod = (v->tag >> 3) & 7, type;
	if (cls == VISA_CLASS_ADDRESS)
		return vp_vector(c, v, true);
	if (mod > VISA_MOD_NOT)
		return vp_fail(c, "invalid source modifier %u", mod);
	/* Other classes get the modifier and then the usual operand text. */
	if (cls != VISA_CLASS_GENERAL && cls != VISA_CLASS_STATE) {
		vp_printf(c, " %s", modifier_names[mod]);
		return vp_vector(c, v, true);
	}
	vp_printf(c, " %s&", modifier_names[mod]);
	if (cls == VISA_CLASS_STATE) {
		if (!print_state_name(c, v))
			return false;
		if (v->u.state.offset)
			vp_printf(c, "[%u]", v->u.state.offset * 4u);
		return true;
	}
	const char *name = vp_var_name(c, v->u.gen.id);
	if (!name || !vp_var_type(c, v->u.gen.id, &type))
		return false;
	vp_puts(c, name);
	int off = v->u.gen.col * (int)type_sizes[type] +
	          v->u.gen.row * VP_GRF_BYTES;
	if (off)
		vp_printf(c, "[%d]", off);
	return true;
}

/* fence_sw / fence_local.EISCR / fence_global..., sbarrier, nbarrier,
 * wait; barrier, yield and sampler_cache_flush have nothing more. */
static bool print_sync(struct vp_ctx *c)
{
	uint32_t v;
	switch (c->in->opcode) {
	case VISA_OP_FENCE:
		if (!vp_other(c, 0, &v))
			return false;
		v &= 0xFF;
		if (v & 0x80) {
			vp_puts(c, "_sw");
			return true;
		}
		vp_puts(c, (v & 0x20) ? "_local" : "_global");
		if (v)
			vp_printf(c, ".%s%s%s%s%s%s", (v & 1) ? "E" : "",
			          (v & 2) ? "I" : "", (v & 4) ? "S" : "",
			          (v & 8) ? "C" : "", (v & 16) ? "R" : "",
			          (v & 64) ? "L1" : "");
		return true;
	case VISA_OP_WAIT:
		return vp_operand(c, 0);
	case VISA_OP_SBARRIER:
		if (!vp_other(c, 0, &v))
			return false;
		vp_puts(c, (v & 0xFF) ? ".signal" : ".wait");
		return true;
	case VISA_OP_NBARRIER:
		if (!vp_other(c, 0, &v))
			return false;
		vp_puts(c, (v & 1) ? ".signal" : ".wait");
		return vp_operand(c, 1) && (!(v & 1) || vp_operand(c, 2));
	default:
		return true;
	}
}

/* ".eq", "n.lt", ... after cmp; returns the next field index in *i. */
static bool print_relation(struct vp_ctx *c, unsigned *i)
{
	uint32_t rel;
	if (!vp_other(c, (*i)++, &rel))
		return false;
	if ((rel & 7) == 7)
		return vp_fail(c, "invalid cmp relation %u",
		               (unsigned)(rel & 7));
	vp_printf(c, "%s.%s", (rel & 0x80) ? "n" : "", relop_names[rel & 7]);
	return true;
}

static bool print_goto_label(struct vp_ctx *c, unsigned i)
{
	uint32_t id;
	if (!vp_other(c, i, &id))
		return false;
	const struct vf_label *l = vp_label(c, id);
	const char *name = l ? vp_string(c, l->name) : NULL;
	if (!name)
		return false;
	vp_puts(c, " ");
	vp_puts(c, name);
	return true;
}

/* Mnemonic plus the suffixes that follow it directly (.cmp relation,
 * .x<bfn function>, .sat); *i is the first field not yet printed, *count
 * the number of fields to print as plain operands. */
static bool common_opcode(struct vp_ctx *c, unsigned *i, unsigned *count)
{
	unsigned op = c->in->opcode;
	enum vp_group g = vp_op_group(op);
	uint32_t v;
	if (op == VISA_OP_FMINMAX) {
		if (!vp_other(c, (*i)++, &v))
			return false;
		vp_puts(c, (v & 0xFF) == 0 ? "min" : "max");
	} else {
		const char *name = vp_op_name(c);
		if (!name)
			return false;
		vp_puts(c, name);
	}
	if (g == VP_G_SYNC)
		return true;
	if (g == VP_G_COMPARE && !print_relation(c, i))
		return false;
	if (op == VISA_OP_BFN) {
		if (!vp_last_other(c, &v))
			return false;
		vp_printf(c, ".x%x", (unsigned)(v & 0xFF));
		(*count)--;
	}
	/* A destination cut off by IGC's writer cannot carry .sat. */
	if ((g == VP_G_MOV || g == VP_G_ARITH || g == VP_G_LOGIC ||
	     g == VP_G_ADDRESS || g == VP_G_COMPARE) && *i < *count) {
		const struct vf_vector *dst = vp_vec(c, *i);
		if (!dst)
			return false;
		if (((dst->tag >> 3) & 7) == VISA_MOD_SAT)
			vp_puts(c, ".sat");
	}
	return true;
}

bool vp_inst_common(struct vp_ctx *c)
{
	unsigned op = c->in->opcode, i = 0, count = c->nfields;
	if (!vp_pred(c) || !common_opcode(c, &i, &count))
		return false;
	if (vp_op_group(op) == VP_G_SYNC)
		return print_sync(c);
	vp_puts(c, " ");
	if (!vp_exec(c, 0))
		return false;
	if (op == VISA_OP_GOTO && !print_goto_label(c, i++))
		return false;
	for (; i < count; i++) {
		bool ok;
		if (op == VISA_OP_ADDR_ADD && i == 1) {
			const struct vf_vector *v = vp_vec(c, i);
			ok = v && print_address_of(c, v);
		} else {
			ok = vp_operand(c, i);
		}
		if (!ok)
			return false;
	}
	return true;
}

/* ---- the line ------------------------------------------------------------ */

/* Instructions without the column-80 "/// $N" trailer. */
static bool has_trailer(unsigned op)
{
	return op != VISA_OP_LOC && op != VISA_OP_SUBROUTINE &&
	       op != VISA_OP_FILE && op != VISA_OP_LABEL;
}

static bool dispatch(struct vp_ctx *c)
{
	switch (vp_op_group(c->in->opcode)) {
	case VP_G_MOV: case VP_G_ARITH: case VP_G_LOGIC: case VP_G_COMPARE:
	case VP_G_ADDRESS: case VP_G_SYNC: case VP_G_SIMD_FLOW:
		return vp_inst_common(c);
	case VP_G_SVM: return vp_inst_svm(c);
	case VP_G_FLOW: return vp_inst_flow(c);
	case VP_G_MISC: return vp_inst_misc(c);
	case VP_G_SAMPLER: return vp_inst_sampler(c);
	case VP_G_DATAPORT: return vp_inst_dataport(c);
	case VP_G_LSC: return vp_inst_lsc(c);
	default:
		return vp_fail(c, "invalid opcode 0x%x",
		               (unsigned)c->in->opcode);
	}
}

bool vp_instruction(struct vp_ctx *c)
{
	const struct vf_inst *in = c->in;
	size_t start = c->out->len;
	c->nfields = in->nopnds + (in->has_subop ? 1u : 0u);
	c->subop = (struct vf_opnd){ .kind = VF_OPND_OTHER, .size = 1,
	                             .u.other = in->subop };
	if (in->opcode != VISA_OP_LABEL)
		vp_puts(c, "    ");
	c->truncated = false;
	if (!dispatch(c) && c->failed)
		return false;
	if (!has_trailer(in->opcode))
		return true;
	size_t len = c->out->len - start;
	for (; len < 80; len++)
		vf_buf_u8(c->out, ' ');
	vp_printf(c, " /// $%u", (unsigned)c->inst_id);
	return true;
}
