/*
 * validate.c - declaration checks that make malformed vISA an input error
 * before any code is generated (visa_model.h: vf_validate_routine).
 *
 * The readers check syntax and encoding; these checks cover what only the
 * whole routine shows and what would otherwise turn into silently wrong
 * code: a kernel argument declared larger than its .input slot (its
 * variable would be placed over the next argument), inputs that overlap,
 * leave the thread payload or sit where no register region can name
 * them, an alias that reaches past the end of the variable it aliases,
 * and labels that are jumped to but never placed (or placed twice).
 * Spec: 4_visa_header.md (input_info), 5_operands.md (variables and
 * aliases), instructions/LABEL.md, JMP.md, CALL.md.
 */
#include <stdio.h>
#include <stdlib.h>

#include "err.h"
#include "visa_model.h"
#include "visa_ops.h"

#define GRF_BYTES 32u
#define PAYLOAD_BYTES (128u * GRF_BYTES)   /* r0..r127 */
#define PREDEF_R0 7u                       /* %r0: the thread header */

/* Declared bytes of general variable 'id'; 0 when not known (pre-defined
 * variables other than %r0). */
static uint32_t var_bytes(const struct vf_routine *r, uint32_t id)
{
	if (id < VISA_NUM_PREDEF_VARS)
		return id == PREDEF_R0 ? GRF_BYTES : 0;
	const struct vf_var *v = &r->vars[id - VISA_NUM_PREDEF_VARS];
	uint32_t n = v->num_elements ? v->num_elements : 1;
	return vf_type_size(v->bit_properties & 0xF) * n;
}

/* "V0034" (the declared name) or "V34". */
static const char *var_name(const struct vf_routine *r, uint32_t id,
                            char *buf, size_t n)
{
	const char *s = id >= VISA_NUM_PREDEF_VARS
	                ? vf_routine_string(r, r->vars[id - VISA_NUM_PREDEF_VARS].name)
	                : NULL;
	if (s && s[0])
		return s;
	snprintf(buf, n, id == PREDEF_R0 ? "%%r0" : "V%u", id);
	return buf;
}

static enum vf_status check_aliases(const struct vf_routine *r,
                                    const char *where, struct vf_error *err)
{
	uint32_t nvars = VISA_NUM_PREDEF_VARS + r->var_count;
	char b1[16], b2[16];
	for (uint32_t i = 0; i < r->var_count; i++) {
		const struct vf_var *v = &r->vars[i];
		uint32_t id = VISA_NUM_PREDEF_VARS + i;
		if (!v->alias_index || v->alias_scope)
			continue;
		if (v->alias_index >= nvars || v->alias_index == id)
			return vf_err(err, VF_ERR_INPUT, "%s: variable %s aliases "
			              "V%u, which is not a variable", where,
			              var_name(r, id, b1, sizeof b1), v->alias_index);
		uint32_t base = var_bytes(r, v->alias_index);
		uint32_t size = var_bytes(r, id);
		if (base && (uint64_t)v->alias_offset + size > base)
			return vf_err(err, VF_ERR_INPUT, "%s: variable %s (%u bytes at "
			              "offset %u of %s) reaches past the end of its "
			              "alias base (%u bytes)", where,
			              var_name(r, id, b1, sizeof b1), size,
			              v->alias_offset,
			              var_name(r, v->alias_index, b2, sizeof b2), base);
	}
	return VF_OK;
}

static int by_offset(const void *a, const void *b)
{
	const struct vf_input *x = *(const struct vf_input *const *)a;
	const struct vf_input *y = *(const struct vf_input *const *)b;
	/* a total order (the id breaks ties): the C libraries' qsort
	 * differ, the overlap message must not */
	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

/* Where an input may sit (4_visa_header.md, input_info): at its type's
 * natural alignment, at a GRF start when it is a GRF or larger, inside
 * one GRF when smaller.  Anything else would put its variable where no
 * register region can name it, and the allocator reserves whole GRFs of
 * large variables from their pin: an input at byte 33 leaves its last
 * byte in r2 unreserved (two values in one register, the fuzz finding
 * finalize-slm-barrier-overlap). */
static enum vf_status check_input_place(const struct vf_routine *r,
                                        const struct vf_input *in,
                                        const char *nm, const char *where,
                                        struct vf_error *err)
{
	const struct vf_var *v = &r->vars[in->id - VISA_NUM_PREDEF_VARS];
	uint32_t tsize = vf_type_size(v->bit_properties & 0xF);
	uint32_t bytes = var_bytes(r, in->id);
	uint32_t off = (uint32_t)in->offset;
	if (tsize > 1 && off % tsize)
		return vf_err(err, VF_ERR_INPUT, "%s: .input %s offset=%d is not "
		              "aligned to its %u-byte type", where, nm, in->offset,
		              tsize);
	if (bytes >= GRF_BYTES && off % GRF_BYTES)
		return vf_err(err, VF_ERR_INPUT, "%s: .input %s offset=%d: a "
		              "variable of %u bytes must start a GRF", where, nm,
		              in->offset, bytes);
	if (bytes && bytes < GRF_BYTES &&
	    off / GRF_BYTES != (off + bytes - 1) / GRF_BYTES)
		return vf_err(err, VF_ERR_INPUT, "%s: .input %s offset=%d: a "
		              "variable of %u bytes must not cross a GRF boundary",
		              where, nm, in->offset, bytes);
	return VF_OK;
}

static enum vf_status check_inputs(const struct vf_routine *r,
                                   const char *where, struct vf_error *err)
{
	uint32_t nvars = VISA_NUM_PREDEF_VARS + r->var_count;
	char b1[16], b2[16];
	const struct vf_input **sorted = calloc(r->input_count + 1, sizeof *sorted);
	if (!sorted)
		return vf_err_oom(err);
	enum vf_status st = VF_OK;
	uint32_t n = 0;
	for (uint32_t i = 0; i < r->input_count && st == VF_OK; i++) {
		const struct vf_input *in = &r->inputs[i];
		if ((in->kind & 3) != 0)
			continue;   /* samplers and surfaces: no payload bytes here */
		if (in->id < VISA_NUM_PREDEF_VARS || in->id >= nvars) {
			st = vf_err(err, VF_ERR_INPUT, "%s: .input %u names V%u, which "
			            "is not a declared variable", where, i, in->id);
			break;
		}
		const char *nm = var_name(r, in->id, b1, sizeof b1);
		if (r->vars[in->id - VISA_NUM_PREDEF_VARS].alias_index)
			st = vf_err(err, VF_ERR_INPUT, "%s: .input %s is an alias (an "
			            "input's alias_index must be zero)", where, nm);
		else if (in->offset < (int)GRF_BYTES ||
		    (uint32_t)in->offset + in->size > PAYLOAD_BYTES || !in->size)
			st = vf_err(err, VF_ERR_INPUT, "%s: .input %s offset=%d size=%u "
			            "is outside the thread payload (bytes %u..%u)", where,
			            nm, in->offset, in->size, GRF_BYTES, PAYLOAD_BYTES);
		else if (var_bytes(r, in->id) > in->size)
			st = vf_err(err, VF_ERR_INPUT, "%s: %s is declared %u bytes but "
			            "its .input slot (offset=%d) is %u bytes", where, nm,
			            var_bytes(r, in->id), in->offset, in->size);
		else
			st = check_input_place(r, in, nm, where, err);
		sorted[n++] = in;
	}
	if (st == VF_OK && n > 1) {
		qsort(sorted, n, sizeof *sorted, by_offset);
		for (uint32_t i = 1; i < n && st == VF_OK; i++) {
			const struct vf_input *a = sorted[i - 1], *b = sorted[i];
			if (a->offset + (int)a->size > b->offset)
				st = vf_err(err, VF_ERR_INPUT, "%s: .input %s (bytes %d..%d) "
				            "overlaps .input %s (bytes %d..%d)", where,
				            var_name(r, a->id, b1, sizeof b1), a->offset,
				            a->offset + (int)a->size,
				            var_name(r, b->id, b2, sizeof b2), b->offset,
				            b->offset + (int)b->size);
		}
	}
	free(sorted);
	return st;
}

/* Label operand k of instruction 'in' as an id (0 when absent). */
static uint64_t label_opnd(const struct vf_inst *in, unsigned k)
{
	return k < in->nopnds && in->opnds[k].kind == VF_OPND_OTHER
	       ? in->opnds[k].u.other : 0;
}

/* "line 83" (text) or "instruction 12" (binary) of instruction i. */
static const char *inst_where(const struct vf_routine *r, uint32_t i,
                              char *buf, size_t n)
{
	if (r->insts[i].line)
		snprintf(buf, n, "line %u", r->insts[i].line);
	else
		snprintf(buf, n, "instruction %u", i + 1);
	return buf;
}

/* Every label a jump, call, goto or switchjmp names is declared and
 * placed exactly once by a label or subroutine instruction: a call to a
 * label nothing places (a typo in the text: "call triple_plusWone")
 * would jump nowhere (the finalize fuzz finding control-flow-unplaced-label). */
static enum vf_status check_labels(const struct vf_routine *r,
                                   const char *where, struct vf_error *err)
{
	uint32_t *placed = calloc(r->label_count + 1u, sizeof *placed);
	if (!placed)
		return vf_err_oom(err);
	enum vf_status st = VF_OK;
	char b1[32], b2[32];
	for (uint32_t i = 0; i < r->inst_count && st == VF_OK; i++) {
		const struct vf_inst *in = &r->insts[i];
		if (in->opcode != VISA_OP_LABEL && in->opcode != VISA_OP_SUBROUTINE)
			continue;
		uint64_t id = label_opnd(in, 0);
		if (id >= r->label_count)
			st = vf_err(err, VF_ERR_INPUT, "%s: %s: label %llu is not "
			            "declared (%u labels)", where,
			            inst_where(r, i, b1, sizeof b1),
			            (unsigned long long)id, r->label_count);
		else if (placed[id])
			st = vf_err(err, VF_ERR_INPUT, "%s: %s: label %s is placed "
			            "again (first at %s)", where,
			            inst_where(r, i, b1, sizeof b1),
			            vf_routine_string(r, r->labels[id].name),
			            inst_where(r, placed[id] - 1, b2, sizeof b2));
		else
			placed[id] = i + 1;
	}
	for (uint32_t i = 0; i < r->inst_count && st == VF_OK; i++) {
		const struct vf_inst *in = &r->insts[i];
		unsigned first = 0, count = 0;
		if (in->opcode == VISA_OP_JMP || in->opcode == VISA_OP_CALL ||
		    in->opcode == VISA_OP_GOTO)
			count = 1;
		else if (in->opcode == VISA_OP_SWITCHJMP) {
			first = 2;   /* count, index, then the labels */
			count = in->nopnds > 2 ? in->nopnds - 2u : 0;
		}
		for (unsigned k = first; k < first + count && st == VF_OK; k++) {
			uint64_t id = label_opnd(in, k);
			const char *op = visa_op_info(in->opcode)->name;
			if (id >= r->label_count)
				st = vf_err(err, VF_ERR_INPUT, "%s: %s: %s names label "
				            "%llu, which is not declared (%u labels)",
				            where, inst_where(r, i, b1, sizeof b1), op,
				            (unsigned long long)id, r->label_count);
			else if (!placed[id])
				st = vf_err(err, VF_ERR_INPUT, "%s: %s: %s names label "
				            "%s, which no label instruction places", where,
				            inst_where(r, i, b1, sizeof b1), op,
				            vf_routine_string(r, r->labels[id].name));
		}
	}
	free(placed);
	return st;
}

enum vf_status vf_validate_routine(const struct vf_routine *r,
                                   const char *where, struct vf_error *err)
{
	enum vf_status st = check_aliases(r, where, err);
	if (st == VF_OK)
		st = check_labels(r, where, err);
	if (st == VF_OK && r->is_kernel)
		st = check_inputs(r, where, err);
	return st;
}
