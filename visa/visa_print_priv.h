/*
 * visa_print_priv.h - state and helpers shared by the vISA text printer's
 * files (visa_print.c: routine header and declarations; visa_print_inst.c:
 * operands, the instruction line, ALU/compare/sync instructions;
 * visa_print_flow.c: control flow and misc instructions; visa_print_mem.c:
 * data-port, SVM and sampler instructions; visa_print_lsc.c: LSC).  Not
 * part of the library API.
 *
 * Instruction fields are addressed the way IGC's printer addresses the
 * operand array of an instruction: field 0 is the sub-opcode byte when
 * the model kept it apart (vf_inst.has_subop), then the model's operands
 * in binary order.  Every accessor checks the index and the field kind and
 * records an error instead of reading out of bounds.
 *
 * Missing trailing fields are not an error: IGC's writer leaves the last
 * fields of most instructions out of its binaries (docs/visa-binary-
 * instructions.md, "Truncation"), so the model of such a file holds
 * short instructions.  Reading a field past the end sets 'truncated' and
 * returns NULL/false without an error; the printers stop there and the
 * line keeps what was printed so far.
 */
#ifndef VISAFIN_VISA_PRINT_PRIV_H
#define VISAFIN_VISA_PRINT_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "bytes.h"
#include "err.h"
#include "visa_model.h"

/* Pre-defined entities every routine has (vISA 4.1, as IGC numbers them):
 * general-variable ids 0..31 are pre-defined, of which 0..20 exist. */
#define VP_PREDEF_VARS VISA_NUM_PREDEF_VARS
#define VP_DEFINED_VARS VISA_NUM_DEFINED_PREDEF_VARS
#define VP_PREDEF_SURFS VISA_NUM_PREDEF_SURFACES
/* Bytes per GRF on every platform of vISA 4.1 up to TGLLP. */
#define VP_GRF_BYTES 32

/* IGC's instruction groups (ISA_Inst_Type); they decide the print shape. */
enum vp_group {
	VP_G_RESERVED, VP_G_MOV, VP_G_ARITH, VP_G_LOGIC, VP_G_COMPARE,
	VP_G_ADDRESS, VP_G_FLOW, VP_G_DATAPORT, VP_G_SAMPLER, VP_G_MISC,
	VP_G_SIMD_FLOW, VP_G_SYNC, VP_G_SVM, VP_G_LSC,
};

/* Operand classes of a state operand (surface/sampler). */
enum { VP_STATE_SURFACE = 0, VP_STATE_SAMPLER = 1 };

struct vp_ctx {
	const struct vf_module *m;
	const struct vf_routine *r;
	struct vf_buf *out;
	struct vf_error *err;
	bool failed;
	/* The instruction being printed. */
	const struct vf_inst *in;
	uint32_t inst_id;        /* the "$N" of IGC's trailer: list index */
	unsigned nfields;        /* fields, sub-opcode included */
	struct vf_opnd subop;    /* field 0 when in->has_subop */
	bool truncated;          /* a field was missing: the line stops there */
};

/* Record an error about the current routine/instruction; returns false. */
bool vp_fail(struct vp_ctx *c, const char *fmt, ...) VF_PRINTF(2, 3);

void vp_puts(struct vp_ctx *c, const char *s);
void vp_printf(struct vp_ctx *c, const char *fmt, ...) VF_PRINTF(2, 3);
/* IGC's quoted string literal ("..." with C escapes, \xHH otherwise);
 * returns true when a \xHH escape was written (IGC's stream then stays
 * in hexadecimal mode). */
bool vp_literal(struct vp_ctx *c, const char *s);

/* Names; NULL (error recorded) when the index is invalid. */
const char *vp_string(struct vp_ctx *c, uint32_t index);
const char *vp_var_name(struct vp_ctx *c, uint32_t id);
/* Print a surface name (%slm, T1, ..., T<id>) / check a sampler id. */
bool vp_surface(struct vp_ctx *c, uint32_t id);
bool vp_sampler_ok(struct vp_ctx *c, uint32_t id);
const struct vf_label *vp_label(struct vp_ctx *c, uint32_t id);
/* Element type of a general variable (pre-defined ones included). */
bool vp_var_type(struct vp_ctx *c, uint32_t id, unsigned *type);

/* Instruction fields. */
const struct vf_opnd *vp_field(struct vp_ctx *c, unsigned i);
bool vp_other(struct vp_ctx *c, unsigned i, uint32_t *v);
/* The last field when it is an integer (bfn, dpas); a non-integer last
 * field means the integer was cut off (truncated, no error). */
bool vp_last_other(struct vp_ctx *c, uint32_t *v);
const struct vf_vector *vp_vec(struct vp_ctx *c, unsigned i);
const struct vf_raw *vp_rawf(struct vp_ctx *c, unsigned i);

/* Pieces IGC prints the same way everywhere (each starts as IGC's does). */
bool vp_operand(struct vp_ctx *c, unsigned i);          /* printOperand */
bool vp_vector(struct vp_ctx *c, const struct vf_vector *v, bool region);
bool vp_raw(struct vp_ctx *c, const struct vf_raw *r);
bool vp_pred(struct vp_ctx *c);                         /* "(!P1.any) " */
bool vp_exec(struct vp_ctx *c, unsigned subop);         /* "(M1, 16)" */
bool vp_region(struct vp_ctx *c, uint16_t region);
const char *vp_type_name(unsigned type);
unsigned vp_type_size(unsigned type);
const char *vp_op_name(struct vp_ctx *c);
enum vp_group vp_op_group(unsigned op);
bool vp_has_exec(unsigned op, unsigned subop);

/* One printer per instruction group; the text goes to c->out. */
bool vp_inst_common(struct vp_ctx *c);
bool vp_inst_flow(struct vp_ctx *c);
bool vp_inst_misc(struct vp_ctx *c);
bool vp_inst_svm(struct vp_ctx *c);
bool vp_inst_sampler(struct vp_ctx *c);
bool vp_inst_dataport(struct vp_ctx *c);
bool vp_inst_lsc(struct vp_ctx *c);

/* Print instruction c->in (index c->inst_id) as one line, padding and
 * "/// $N" trailer included, without the final newline. */
bool vp_instruction(struct vp_ctx *c);

#endif
