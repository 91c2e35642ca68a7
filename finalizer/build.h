/*
 * build.h - shared state of the IR builder (build*.c, region.c).
 *
 * The builder walks one vISA kernel (and the functions it calls) and
 * appends Gen-level IR to a struct ir_prog.  It maps every vISA variable
 * to (virtual register, byte offset, type), every predicate to a FLAG
 * register, every address variable to an ADDR register and every label
 * to an IR label.  Spec: shared/spec/visa/5_operands.md (operands,
 * predicates), 4_visa_header.md (declarations, inputs).
 */
#ifndef VISAFIN_BUILD_H
#define VISAFIN_BUILD_H

#include "../ir/ir.h"
#include "../encoder/msg_desc.h"
#include "visa_model.h"
#include "visa_ops.h"

/* What a vISA general variable id stands for. */
enum bld_var_kind {
	BV_UNRESOLVED, BV_GRF, BV_NULL, BV_ARF, BV_UNSUPPORTED,
};

struct bld_var {
	uint8_t kind;
	uint8_t type;       /* gen type of the variable */
	uint8_t rn, nr;     /* BV_ARF */
	uint32_t vreg;      /* BV_GRF */
	int32_t off;        /* byte offset in vreg (BV_GRF) or subreg (ARF) */
	uint32_t vsize;     /* BV_GRF: bytes of vreg (kept here: an operand's
	                     * bounds check reads no vreg, issue 12) */
};

/* A surface variable's binding-table index when known (set by movs with
 * an immediate in the same block). */
struct bld_surf {
	bool known;
	uint32_t bti;
};

struct bld {
	struct ir_prog *p;
	const struct vf_module *m;
	const struct vf_routine *r;
	struct bld_var *vars;        /* by vISA id (32 pre-defined first) */
	uint32_t nvars;
	uint32_t *preds;             /* FLAG vreg by predicate id (0 unused) */
	uint32_t *addrs;             /* ADDR vreg by address id */
	uint32_t *labels;            /* IR label by vISA label id */
	struct bld_surf *surfs;      /* by surface id (6 pre-defined first) */
	uint32_t nsurfs;
	struct bld_surf *samps;      /* sampler index by sampler id */
	uint32_t nsamps;
	uint32_t exit_label;         /* label before the EOT sequence */
	bool in_subroutine;          /* after the first subroutine label */
	uint32_t cur_sub;            /* label of the current subroutine */
	bool *called;                /* by vISA label id: a call names it */
	bool cur_sub_called;         /* the current subroutine has a caller */
	const struct vf_inst *in;    /* instruction being translated */
	uint32_t *fn_labels;         /* entry label of each module function */
	uint32_t cur_fn;             /* entry label of the function being built */
	uint8_t op_avail[256];       /* by vISA opcode: 0 not asked yet, 1 the
	                              * platform has it, 2 it lacks it */
};

/* build.c */
bool bld_setup_symbols(struct bld *b);
bool bld_walk(struct bld *b);

/* build_call.c: stack calls */
bool bld_abi_setup(struct ir_prog *p, const struct vf_module *m,
                   unsigned kernel, uint32_t **fn_labels);
void bld_abi_prologue(struct bld *b);
bool bld_stackcall(struct bld *b);
bool bld_functions(struct ir_prog *p, const struct vf_module *m,
                   uint32_t *fn_labels);

/* ---- region.c: operands ------------------------------------------------ */

enum gen_type bld_type(unsigned visa_type);
/* Execution size (codes 0-5: 1..32; 6, 7: 0), channel offset and NoMask
 * of a vISA exec byte.  (inline: asked for every instruction) */
static inline unsigned bld_exec_size(unsigned exec)
{
	return (exec & 7) < 6 ? 1u << (exec & 7) : 0;
}
static inline unsigned bld_choff(unsigned exec)
{
	return ((exec >> 4) & 7) * 4;
}
static inline bool bld_nomask(unsigned exec)
{
	return (exec >> 4) >= 8;
}
bool bld_var(struct bld *b, uint32_t id, struct bld_var **out);
/* Operand k of the current instruction as a source / destination. */
bool bld_src(struct bld *b, unsigned k, struct ir_opnd *o);
bool bld_dst(struct bld *b, unsigned k, struct ir_opnd *o, bool *sat);
/* Raw operand k: register operand at its byte offset (type of the var);
 * an input error when the message reaches past its variable. */
bool bld_raw(struct bld *b, unsigned k, struct ir_opnd *o);
/* raw_extent.c: what the message of the current instruction covers from
 * raw operand k's offset (elements of 'es' bytes where the variable's type
 * matters). */
struct bld_raw_use {
	unsigned bytes;      /* 0: the message does not say */
	const char *what;    /* the operand's role, for messages */
	unsigned elem;       /* bytes of its elements: its start's alignment */
	bool shorter_ok;     /* block store data: only its start must be
	                      * inside the variable (IGC stores a qword as
	                      * an oword) */
};
void bld_raw_use(const struct bld *b, unsigned k, unsigned es,
                 struct bld_raw_use *u);
/* Copy 'bytes' bytes of raw operand 'src' to 'dst' with NoMask moves
 * (block messages ignore the execution mask), build_send.c. */
void bld_copy_raw(struct bld *b, struct ir_opnd dst, struct ir_opnd src,
                  unsigned bytes);
/* How many of a block's 'bytes' raw operand 'o' takes from its variable
 * (fewer when block store data is shorter than its block). */
unsigned bld_raw_bytes(struct bld *b, const struct ir_opnd *o, unsigned bytes);
/* Block-store data as a payload of 'grfs' registers: the operand itself
 * when it is whole registers in place, else a copy of its first 'bytes'
 * (a block ignores the execution mask, and so does the copy).  The
 * payload register and its byte offset in *v, *off. */
void bld_block_data(struct bld *b, struct ir_opnd data, unsigned grfs,
                    unsigned bytes, uint32_t *v, int32_t *off);
/* Plain integer operand k. */
uint64_t bld_int(const struct bld *b, unsigned k);
bool bld_has(const struct bld *b, unsigned k);
/* Apply the instruction's predicate word to 'in' (inline: most have
 * none; bld_pred_word, region.c, sets one). */
bool bld_pred_word(struct bld *b, struct ir_inst *in, unsigned w);
static inline bool bld_pred(struct bld *b, struct ir_inst *in)
{
	unsigned w = b->in->has_pred ? b->in->pred : 0;
	return (w & 0xFFF) == 0 || bld_pred_word(b, in, w);
}
/* Elements of the predicate that operand K names (0: not a predicate). */
unsigned bld_pred_elements(struct bld *b, unsigned k);
/* A zeroed instruction 'op' with the current instruction's exec size,
 * mask and predicate (build_alu.c). */
bool bld_start(struct bld *b, unsigned op, struct ir_inst *in);
/* The same emitted where it is built (NULL: error set), build_alu.c. */
struct ir_inst *bld_begin(struct bld *b, unsigned op);
/* Exec size / mask of the current instruction onto 'in'. */
static inline void bld_exec(struct bld *b, struct ir_inst *in)
{
	unsigned e = b->in->exec;
	in->exec = (uint8_t)bld_exec_size(e);
	in->choff = (uint8_t)bld_choff(e);
	in->nomask = bld_nomask(e);
}

/* ---- per-class translators (true = handled, false = error set) -------- */

bool bld_alu(struct bld *b);      /* build_alu.c */
bool bld_math(struct bld *b);     /* build_math.c */
bool bld_flow(struct bld *b);     /* build_cf.c */
bool bld_send(struct bld *b);     /* build_send.c */
bool bld_svm(struct bld *b);      /* build_svm.c */
bool bld_sync(struct bld *b);     /* build_send.c */
bool bld_sampler(struct bld *b);  /* build_sampler.c */
bool bld_combined(struct bld *b); /* build_combined.c: madw, sad2 */

/* Emit the end of thread (copy r0 to the EOT payload, SEND EOT). */
void bld_emit_eot(struct bld *b);

/* Payload helpers (build_send.c) */
/* Copy 'n' elements of a raw operand into a fresh GRF payload of 'grfs'
 * registers; returns the payload vreg. */
uint32_t bld_payload(struct bld *b, unsigned grfs);
/* Where a message's response goes: into the vISA operand when it is
 * whole registers in place, else into a temporary that bld_copy_out moves
 * to the operand afterwards, 'blocks' blocks of n elements of t with the
 * instruction's mask (one block per 'per' GRFs of the temporary, blocks
 * 'stride' bytes apart in the operand). */
struct bld_dst_plan {
	struct ir_opnd dst;     /* what the SEND writes */
	struct ir_opnd user;    /* the vISA operand */
	bool copy;
	uint32_t tmp;
};
void bld_plan_dst(struct bld *b, struct bld_dst_plan *d,
                  struct ir_opnd user, unsigned rlen);
void bld_copy_out(struct bld *b, const struct bld_dst_plan *d,
                  enum gen_type t, unsigned n, unsigned blocks, unsigned per,
                  unsigned stride);
/* Bytes of whole registers a GRF-aligned vreg owns: its size rounded up
 * to GRFs (the allocator reserves them), only its size when pinned (a
 * kernel input: other inputs may share its last GRF). */
uint32_t bld_grf_room(const struct ir_vreg *v);
/* build_payload.c: a message's source parts and where the SEND reads
 * them.  A part is 'grfs' whole registers; a copy moves 'n' elements of
 * the operand's type (32-bit, else :ud) with the instruction's mask
 * (NoMask for 'nomask'). */
struct bld_part {
	struct ir_opnd o;    /* IR_O_REG, or IR_O_NONE: room left undefined */
	unsigned grfs;
	unsigned n;
	bool nomask;
	bool copy_only;      /* never read in place */
};
/* The payload(s): register v[k] from byte off[k], len[k] GRFs (len[1]
 * is 0 for a single payload). */
struct bld_msg_srcs {
	uint32_t v[2];
	int32_t off[2];
	unsigned len[2];
};
/* Can register operand 'o' serve as 'grfs' whole registers of payload? */
bool bld_in_place(struct bld *b, const struct ir_opnd *o, unsigned grfs);
/* Choose in-place runs and copy the rest (split sends only; a platform
 * without them gets one payload, copied unless the parts are one run). */
void bld_prepare_payload(struct bld *b, const struct bld_part *pt,
                         unsigned np, struct bld_msg_srcs *out);
/* SEND with immediate descriptor (dst may be IR_O_NONE for writes). */
struct ir_inst *bld_emit_send(struct bld *b, unsigned exec, bool nm,
                              struct ir_opnd dst, uint32_t src0,
                              unsigned mlen, uint32_t src1, unsigned xlen,
                              unsigned rlen, struct gen_msg m);

#endif
