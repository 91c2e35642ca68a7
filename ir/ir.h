/*
 * ir.h - the finalizer's Gen-level IR.
 *
 * One struct ir_prog holds a kernel being finalized: a flat array of
 * Gen instructions (label pseudo-instructions mark block starts), and the
 * table of virtual registers the instructions name.  Virtual registers
 * live in one of three register files, all addressed in bytes:
 *
 *   GRF   r0..r127, 32 bytes each (4096 bytes)
 *   FLAG  f0.0 f0.1 f1.0 f1.1 (8 bytes; a 32-channel predicate is 4)
 *   ADDR  a0.0..a0.15 (32 bytes, one element is 2 bytes)
 *
 * so that one allocator serves all three (regalloc/linscan.c).  Before
 * allocation an operand names (virtual register, byte offset); after it,
 * the register's 'loc' gives the physical byte address and the emitter
 * (emit.c) turns the pair into register number and subregister.
 *
 * Instructions carry the meaning of a Gen instruction (struct gen_inst in
 * encoder/gen_inst.h): operation, execution size and channel offset,
 * predicate and condition modifier on one flag register, saturation,
 * math function, SEND fields, branch targets as label ids.
 *
 * All memory comes from the compile's arena; running out of memory
 * jumps back to the compile's entry point (ir_oom), the one OOM path.
 */
#ifndef VISAFIN_IR_H
#define VISAFIN_IR_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "arena.h"
#include "visafin.h"
#include "../encoder/gen_inst.h"
#include "../platforms/platform.h"

#define IR_GRF_BYTES 32
#define IR_GRF_COUNT 128
#define IR_FLAG_BYTES 8
#define IR_ADDR_BYTES 32

enum ir_file { IR_RF_GRF, IR_RF_FLAG, IR_RF_ADDR, IR_RF_COUNT };

/* Virtual register flags. */
enum ir_vflag {
	IR_V_PINNED = 1u << 0,    /* 'pin' is its only possible location */
	IR_V_NOSPILL = 1u << 1,   /* spill/fill temporaries, payload */
	IR_V_ADDR_TAKEN = 1u << 2,/* read/written through a0 (addr_add) */
	IR_V_SPILLED = 1u << 3,   /* lives in scratch at 'slot' */
	IR_V_WHOLE_GRF = 1u << 4, /* occupies whole GRFs (send payloads) */
	IR_V_LIVE_IN = 1u << 5,   /* defined on entry (inputs, r0) */
	IR_V_GLOBAL = 1u << 6,    /* live in the whole program (ABI registers) */
	IR_V_BLOCK_LOCAL = 1u << 7, /* spill/array temporary: all its uses in
	                             * one block; every write defines it */
	IR_V_VISA = 1u << 8,      /* holds a declared vISA variable, predicate
	                           * or address (or a copy of one): vISA lets a
	                           * kernel read it before writing it */
};

struct ir_vreg {
	uint32_t size;      /* bytes */
	uint8_t align;      /* bytes: 2..64 */
	uint8_t file;       /* enum ir_file */
	uint16_t flags;     /* enum ir_vflag */
	int32_t pin;        /* fixed byte location, -1 */
	int32_t loc;        /* allocated byte location, -1 */
	int32_t slot;       /* spilled: scratch byte offset */
	const char *name;   /* for dumps; NULL = "t<id>" */
};

/* Operand kinds. */
enum ir_okind {
	IR_O_NONE,
	IR_O_REG,     /* vreg 'v' at byte 'off' (any register file) */
	IR_O_IND,     /* r[a0 + imm]: address vreg 'v' element at 'aoff' bytes,
	               * immediate byte offset 'off'; VxH when rgn.vs == GEN_VS_VXH */
	IR_O_IMM,     /* 'imm' */
	IR_O_LABEL,   /* label 'v' */
	IR_O_ADDROF,  /* immediate: GRF byte address of vreg 'v' plus 'off' */
	IR_O_ARF,     /* fixed architecture register: rn, nr, subregister 'off' */
	IR_O_STACKTOP,/* immediate :ud: first free scratch GRF after spills */
};

struct ir_opnd {
	uint8_t kind;       /* enum ir_okind */
	uint8_t type;       /* enum gen_type */
	uint8_t mods;       /* GEN_MOD_NEG | GEN_MOD_ABS */
	uint8_t rn, nr;     /* IR_O_ARF */
	struct gen_region rgn;  /* sources; a destination uses rgn.hs */
	uint16_t aoff;      /* IR_O_IND */
	uint8_t mme;        /* math macro operand: 1 + mme0..7, IR_NOMME; 0 none */
	uint8_t zero;       /* always 0: the struct has no padding, so that an
	                     * initializer sets every byte and operands compare
	                     * with memcmp (nomask_wa.c) */
	uint32_t v;
	int32_t off;
	/* 4-byte aligned (issue 12: 28 bytes an operand, not 32; x86 and
	 * the compilers read it as one load) */
	uint64_t imm __attribute__((packed, aligned(4)));
};

#define IR_NOMME 9   /* ".nomme" operand of a math macro */

/* Pseudo operations after the Gen ones. */
enum ir_pseudo_op {
	IR_OP_LABEL = GEN_OP_COUNT + 1,  /* src[0] = label */
	IR_OP_COUNT
};

/* Software scoreboard annotation (Gen12 and later; all zero elsewhere),
 * which the emitter copies into struct gen_swsb: wait until the
 * instruction 'dist' back (in pipe 'pipe', IR_PIPE_ALL = any in-order
 * pipe) has finished, and/or the SBID token 'sbid' in 'mode' (enum
 * gen_sbid_mode: set it for this out-of-order instruction, or wait for
 * the destination / sources of the one that set it). */
enum ir_pipe { IR_PIPE_ALL, IR_PIPE_FLOAT, IR_PIPE_INT, IR_PIPE_LONG,
               IR_PIPE_MATH };

struct ir_swsb {
	uint8_t dist;       /* 0: no distance dependency, else 1..7 */
	uint8_t pipe;       /* enum ir_pipe */
	uint8_t mode;       /* enum gen_sbid_mode, GEN_SBID_NONE */
	uint8_t sbid;       /* token 0..15 */
};

/* Fields ordered by size, widest first, so that the struct has no holes
 * (issue 12: 176 bytes, from 208; two arrays of it are live during a
 * rewrite). */
struct ir_inst {
	struct ir_opnd dst, src[3];
	const char *reloc;  /* symbol whose address the immediate takes */
	uint32_t flag;      /* flag vreg for pred/cmod (0 = none) */
	/* SEND */
	uint32_t desc, exdesc;
	uint32_t desc_reg;  /* ADDR vreg holding the descriptor, 0 = imm */
	/* Branches: label ids, -1 none */
	int32_t jip, uip;
	uint32_t opts;      /* GEN_OPT_* beyond NoMask */
	uint32_t loc;       /* vISA instruction number, for messages */
	uint16_t op;        /* enum gen_op or enum ir_pseudo_op */
	uint16_t flag_off;  /* byte offset in the flag vreg */
	struct ir_swsb swsb;
	uint8_t exec;       /* 1..32 */
	uint8_t choff;      /* channel offset 0..28 */
	uint8_t pred;       /* enum gen_pred */
	bool pinv, nomask, sat;
	uint8_t cmod;       /* enum gen_cmod */
	uint8_t fc;         /* math function */
	uint8_t nsrc;
	uint8_t sfid, mlen, xlen, rlen;
	uint8_t reloc_type; /* VF_RELOC_*: all 8 bytes, or the low/high 4 */
};

enum ir_label_kind { IR_L_BLOCK, IR_L_SUBROUTINE, IR_L_FUNCTION };

/* Not a hardware option: marks the call/ret of a stack call (fcall/fret),
 * which liveness treats as a plain instruction / an end of region. */
#define IR_OPT_STACKCALL (1u << 30)
/* Not a hardware option: the predicate is the fused-EU NoMask guard
 * (finalizer/nomask_wa.c), all ones or all zeros for the whole thread;
 * a thread that runs the instruction gets a full write, so liveness
 * treats the write as unpredicated. */
#define IR_OPT_GUARD (1u << 29)

struct ir_label {
	const char *name;
	uint8_t kind;
	int32_t ret_vreg;   /* subroutine: vreg holding the return address */
};

/* An immediate the loader patches with a symbol's address. */
struct ir_reloc {
	uint32_t offset;         /* byte offset of the immediate in the code */
	const char *symbol;
	unsigned type;           /* VF_RELOC_* */
};

/* Where a relocated immediate sits in its (uncompacted) instruction: a
 * 64-bit one in bytes 8-15, a 32-bit one in bytes 12-15. */
static inline uint32_t ir_reloc_imm_at(unsigned type)
{
	return type == VF_RELOC_ADDR ? 8 : 12;
}

/* Scratch scopes that can be open at once (a pass, a register-allocation
 * round, the liveness inside it). */
#define IR_SCRATCH_DEPTH 4

/* Growable array in the arena (grown in place where the arena can). */
#define IR_VEC(T) struct { T *a; uint32_t n, cap; }

struct ir_prog {
	struct vf_arena *arena;
	jmp_buf *oom;
	struct vf_error *err;
	const struct plat_info *plat;
	const char *name;        /* kernel name, for messages */
	unsigned simd;           /* dispatch width 8, 16, 32 */
	IR_VEC(struct ir_vreg) vregs;    /* vregs.a[0] is unused */
	IR_VEC(struct ir_inst) insts;
	IR_VEC(struct ir_label) labels;
	uint32_t r0;             /* vreg of the thread payload header */
	/* Stack-call ABI registers (0 until a kernel with functions needs
	 * them): %arg, %retval, and one GRF with %sp (byte 0), %fp (byte 8)
	 * and the register-save stack pointer in 32-byte units (byte 16);
	 * %hw_id computed in the prologue. */
	uint32_t arg, retval, spfp, hwid;
	uint32_t desc_a0;        /* a0.0 kept for save/restore descriptors */
	/* Without split sends: per stack call, in program order, two GRFs
	 * the allocator keeps free at the call for the joined register-save
	 * payload (regalloc/callsave.c ra_reserve_call_areas). */
	IR_VEC(uint32_t) call_areas;
	bool has_calls;          /* fcall present: scratch holds a call stack */
	bool no_compact;         /* option: emit no compacted instruction */
	/* results for the metadata */
	uint32_t spill_base;     /* SpillMemOffset */
	uint32_t spill_size;     /* scratch bytes used by spills */
	uint32_t slm_size;
	bool uses_barrier;
	uint32_t grf_used;       /* highest GRF allocated + 1 */
	uint32_t payload_bytes;  /* bytes of GRF holding inputs (from r0) */
	IR_VEC(struct ir_reloc) relocs;  /* filled by emit.c */
	/* The array the last rewrite took out (ir_rewrite_begin): the next
	 * rewrite writes into it (two arrays in turn, no new ones). */
	struct ir_inst *rewritten;
	uint32_t rewritten_cap;
	/* An open in-place rewrite (ir_inplace_begin, rewrite.c). */
	struct ir_inplace {
		bool on;
		uint32_t free_to;     /* slots below it hold no unread old
		                       * instruction */
		uint32_t old_n;       /* instructions of the old sequence */
		struct ir_inst *q;    /* emitted ahead of free_to, in order:
		                       * a ring of qcap, qlen from qhead */
		uint32_t qhead, qlen, qcap;
		bool in_tail;         /* q is the array past old_n, else own */
		struct ir_inst *own;  /* a ring of its own, kept for the next */
		uint32_t own_cap;
	} inplace;
	/* Scratch arenas (ir_scratch_begin), innermost last: ir_alloc takes
	 * from the innermost while one is open. */
	struct vf_arena *scratch[IR_SCRATCH_DEPTH];
	unsigned nscratch;
	unsigned scratch_made;   /* scratch[nscratch..made): idle, reset */
	unsigned scratch_deep;   /* scopes opened past the depth limit */
	/* What one pass hands the next (ir_carry_keep), in a scratch arena
	 * of its own; NULL arena: nothing carried. */
	struct ir_carry {
		struct vf_arena *arena;
		void *what;
		unsigned kind;        /* enum ir_carry_kind */
	} carry;
	uint32_t loc;            /* current vISA instruction (builder) */
	uint32_t line;           /* its text line, 0 if unknown (messages) */
	const char *inst_name;   /* current vISA mnemonic (builder) */
};

/* ---- memory ----------------------------------------------------------- */

/* Zeroed memory for the compile: from the innermost open scratch scope,
 * else the program's arena. */
void *ir_alloc(struct ir_prog *p, size_t size);
/* The same, not zeroed: for arrays the caller writes before reading
 * (an upper bound's unused part is never touched). */
void *ir_alloc_raw(struct ir_prog *p, size_t size);
/* Room for one more element in a list of n taken with ir_alloc_raw:
 * when n reaches *cap, a new array of twice the room (first when empty)
 * with the n elements copied replaces *a (the old one stays in its
 * arena until the scope ends). */
void ir_grow_raw(struct ir_prog *p, void **a, uint32_t *cap, uint32_t n,
                 uint32_t first, size_t elem);
/* A pass's temporaries: between ir_scratch_begin and ir_scratch_end,
 * ir_alloc takes memory from a scratch arena whose contents the end
 * frees (issue 12: peak memory is what is live at once, not all a
 * compile ever asked for); the arena itself and its newest chunk stay
 * for the next scope at that depth (no malloc and free of a first chunk
 * per pass, which musl's malloc turns into an mmap and munmap).  The
 * program's own arrays and names (IR_VEC_PUSH, ir_emit, ir_vreg_new,
 * ir_label_new, ir_strdup) always stay in its arena; nothing ir_alloc
 * returned inside a scope may be kept after its end.  Scopes nest up
 * to IR_SCRATCH_DEPTH (deeper: the outer one is used);
 * ir_scratch_free_all frees them all, also what an OOM jump left open. */
void ir_scratch_begin(struct ir_prog *p);
void ir_scratch_end(struct ir_prog *p);
void ir_scratch_free_all(struct ir_prog *p);
/*
 * Results one pass hands the next (docs/ir.md "Results carried between
 * passes"): the innermost scratch scope, which the pass opened for them,
 * is closed without being freed and kept with 'what' (ir_carry_keep; a
 * scope past the depth limit cannot be kept: false, nothing kept).  They
 * describe the instructions as that pass left them, so they are valid
 * for the next pass only: fin_run drops them after any pass that could
 * have taken them (pipeline.c), whether it did or not.  ir_carry_take
 * returns 'what' when a result of 'kind' is kept, its arena reopened as
 * the innermost scratch scope (the taker's ir_scratch_end ends it like
 * any scope, the arena joining the idle ones),
 * else NULL; ir_carry_peek only looks.
 */
enum ir_carry_kind { IR_CARRY_NONE, IR_CARRY_RA_SEED,
                     IR_CARRY_OPNDS,     /* constfold -> copyprop */
                     IR_CARRY_NARROW };  /* copyprop -> byte_layout */
bool ir_carry_keep(struct ir_prog *p, unsigned kind, void *what);
void *ir_carry_peek(const struct ir_prog *p, unsigned kind);
void *ir_carry_take(struct ir_prog *p, unsigned kind);
/* Zeroed memory that goes with the kept result (while one is kept). */
void *ir_carry_alloc(struct ir_prog *p, size_t size);
void ir_carry_drop(struct ir_prog *p);
/* Make room for one more element; returns its index. */
#define IR_VEC_PUSH(p, vec) \
	((vec).n < (vec).cap ? (void)0 \
	 : ir_vec_grow((p), (void **)&(vec).a, &(vec).cap, (vec).n, \
	               sizeof(*(vec).a)), (vec).n++)
void ir_vec_grow(struct ir_prog *p, void **a, uint32_t *cap, uint32_t n,
                 size_t elem);
/* Room for 'want' elements at least (a builder that knows its sizes
 * fills the array without growing it). */
#define IR_VEC_RESERVE(p, vec, want) \
	ir_vec_reserve((p), (void **)&(vec).a, &(vec).cap, (want), \
	               sizeof(*(vec).a))
void ir_vec_reserve(struct ir_prog *p, void **a, uint32_t *cap, uint32_t want,
                    size_t elem);
char *ir_strdup(struct ir_prog *p, const char *s);

/* Errors: record an unsupported-input / input / internal error naming
 * the current vISA instruction; all return false. */
bool ir_unsupported(struct ir_prog *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
bool ir_bad_input(struct ir_prog *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
bool ir_internal(struct ir_prog *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- registers and labels -------------------------------------------- */

/* A register of 'size' bytes (at least 1) aligned to 'align' (2..64)
 * in file 'f'.  (inline: the builder makes one a declared variable,
 * issue 12; ir_vreg_slot, the slow part, makes room.) */
uint32_t ir_vreg_slot(struct ir_prog *p);
static inline uint32_t ir_vreg_new(struct ir_prog *p, enum ir_file f,
                                   uint32_t size, unsigned align)
{
	uint32_t id = p->vregs.n && p->vregs.n < p->vregs.cap ? p->vregs.n++
	              : ir_vreg_slot(p);
	struct ir_vreg *v = &p->vregs.a[id];
	memset(v, 0, sizeof *v);
	v->file = (uint8_t)f;
	v->size = size ? size : 1;
	v->align = (uint8_t)(align < 2 ? 2 : align);
	v->pin = -1;
	v->loc = -1;
	v->slot = -1;
	return id;
}
/* A GRF temporary of 'n' elements of 't' with a stride of 'hs' (whole
 * GRFs and GRF-aligned when 32 bytes or more). */
uint32_t ir_temp(struct ir_prog *p, enum gen_type t, unsigned n, unsigned hs);
uint32_t ir_flag_new(struct ir_prog *p, unsigned channels);
uint32_t ir_label_new(struct ir_prog *p, const char *name, unsigned kind);
static inline struct ir_vreg *ir_vreg(struct ir_prog *p, uint32_t v)
{
	return &p->vregs.a[v];
}

/* ---- operands ---------------------------------------------------------- */

/* (inline: the builder and the passes make them by the hundred
 * thousand, issue 12) ir_reg: a register at a byte offset; ir_scalar,
 * ir_vec, ir_rgn: source regions; ir_dst: a destination with horizontal
 * stride hs; ir_imm: an immediate. */
static inline struct ir_opnd ir_reg(uint32_t v, int32_t off, enum gen_type t)
{
	struct ir_opnd o = { .kind = IR_O_REG, .type = (uint8_t)t, .v = v,
	                     .off = off };
	o.rgn = (struct gen_region){ 0, 1, 0 };
	return o;
}

static inline struct ir_opnd ir_scalar(uint32_t v, int32_t off, enum gen_type t)
{
	return ir_reg(v, off, t);
}

static inline struct ir_opnd ir_vec(uint32_t v, int32_t off, enum gen_type t, unsigned hs)
{
	struct ir_opnd o = ir_reg(v, off, t);
	o.rgn = (struct gen_region){ (uint8_t)hs, 1, 0 };
	return o;
}

static inline struct ir_opnd ir_rgn(uint32_t v, int32_t off, enum gen_type t,
                      unsigned vs, unsigned w, unsigned hs)
{
	struct ir_opnd o = ir_reg(v, off, t);
	o.rgn = (struct gen_region){ (uint8_t)vs, (uint8_t)w, (uint8_t)hs };
	return o;
}

static inline struct ir_opnd ir_dst(uint32_t v, int32_t off, enum gen_type t, unsigned hs)
{
	struct ir_opnd o = ir_reg(v, off, t);
	o.rgn = (struct gen_region){ 0, 0, (uint8_t)(hs ? hs : 1) };
	return o;
}

static inline struct ir_opnd ir_imm(uint64_t bits, enum gen_type t)
{
	struct ir_opnd o = { .kind = IR_O_IMM, .type = (uint8_t)t, .imm = bits };
	return o;
}
struct ir_opnd ir_arf(enum gen_regname rn, unsigned nr, unsigned sub,
                      enum gen_type t);
struct ir_opnd ir_null(enum gen_type t);
struct ir_opnd ir_label_opnd(uint32_t label);

/* Operand shape questions, inline: most passes ask them for every
 * operand (issue 12). */
static inline bool ir_opnd_is_scalar(const struct ir_opnd *o)
{
	if (o->kind == IR_O_IMM || o->kind == IR_O_ADDROF)
		return true;
	return o->rgn.vs == 0 && o->rgn.hs == 0 && o->rgn.w == 1;
}
/* Bytes from an operand's start to the end of the last byte it touches
 * at exec size 'n': the largest ir_elem_off over i < n, in closed form.
 * Strides are unsigned, so the offset grows along a row and from row to
 * row; the largest is the last element's or, when the last row is
 * partial, the end of the row before. */
static inline unsigned ir_opnd_extent(const struct ir_opnd *o, unsigned n,
                                      bool dst)
{
	unsigned ts = gen_type_size((enum gen_type)o->type);
	if (!n)
		return ts;
	unsigned last = n - 1, hi;
	if (dst) {
		hi = last * o->rgn.hs;
	} else {
		unsigned w = o->rgn.w ? o->rgn.w : 1;
		unsigned row = last / w, col = last % w;
		hi = row * o->rgn.vs + col * o->rgn.hs;
		if (row) {
			unsigned before = (row - 1) * o->rgn.vs + (w - 1) * o->rgn.hs;
			if (before > hi)
				hi = before;
		}
	}
	return hi * ts + ts;
}
/* Where a register operand sits in its GRF: the byte offset when known
 * (GRF-aligned or pinned registers), else -1; the alignment of its first
 * byte that is known; the number of GRFs it touches at exec size n. */
static inline int ir_opnd_sub(const struct ir_prog *p, const struct ir_opnd *o)
{
	if (o->kind != IR_O_REG)
		return -1;
	const struct ir_vreg *v = &p->vregs.a[o->v];
	if (v->file != IR_RF_GRF)
		return -1;
	if (v->pin >= 0)
		return (v->pin + o->off) % IR_GRF_BYTES;
	if (v->align >= IR_GRF_BYTES)
		return o->off % IR_GRF_BYTES;
	return -1;
}
unsigned ir_opnd_align(const struct ir_prog *p, const struct ir_opnd *o);
unsigned ir_opnd_grfs(const struct ir_prog *p, const struct ir_opnd *o,
                      unsigned n, bool dst);
/* Byte offset of element 'i' of a region operand. */
int ir_elem_off(const struct ir_opnd *o, unsigned i, bool dst);

/* ---- instructions ------------------------------------------------------ */

/* Zero an instruction with 16-byte stores: GCC sets its 176 bytes with
 * 'rep stosq' for a memset, ~12 ns on this machine against ~2 ns for
 * the eleven stores (issue 12: once for every instruction emitted). */
typedef uint64_t ir_zero16 __attribute__((vector_size(16), aligned(4),
                                          may_alias));
static inline void ir_inst_clear(struct ir_inst *in)
{
	_Static_assert(sizeof *in % 16 == 0, "ir_inst is whole 16-byte units");
	ir_zero16 *q = (ir_zero16 *)(void *)in;
	const ir_zero16 z = { 0, 0 };
#pragma GCC unroll 16
	for (unsigned i = 0; i < sizeof *in / 16; i++)
		q[i] = z;
}

/* Append a zeroed instruction with op/exec; returns it (valid until the
 * next append).  (inline: one an instruction, issue 12; ir_emit_slot,
 * the slow part, writes into an in-place rewrite or makes room.) */
struct ir_inst *ir_emit_slot(struct ir_prog *p);
static inline struct ir_inst *ir_emit(struct ir_prog *p, unsigned op,
                                      unsigned exec)
{
	struct ir_inst *in = !p->inplace.on && p->insts.n < p->insts.cap
	                     ? &p->insts.a[p->insts.n++] : ir_emit_slot(p);
	ir_inst_clear(in);
	in->op = (uint16_t)op;
	in->exec = (uint8_t)exec;
	in->jip = in->uip = -1;
	in->loc = p->loc;
	return in;
}
struct ir_inst *ir_emit_copy(struct ir_prog *p, const struct ir_inst *in);
/* Common shapes.  'nm' = NoMask. */
struct ir_inst *ir_op1(struct ir_prog *p, unsigned op, unsigned exec, bool nm,
                       struct ir_opnd d, struct ir_opnd s0);
struct ir_inst *ir_op2(struct ir_prog *p, unsigned op, unsigned exec, bool nm,
                       struct ir_opnd d, struct ir_opnd s0, struct ir_opnd s1);
struct ir_inst *ir_op3(struct ir_prog *p, unsigned op, unsigned exec, bool nm,
                       struct ir_opnd d, struct ir_opnd s0, struct ir_opnd s1,
                       struct ir_opnd s2);
void ir_emit_label(struct ir_prog *p, uint32_t label);

/* Rewriting (rewrite.c): the pass reads the old sequence from the
 * returned array and appends the new one with ir_emit*. */
struct ir_insts_old {
	struct ir_inst *a;
	uint32_t n;
};
/* Two arrays: the old sequence is taken out of the program and stays
 * readable, in any order, until the next rewrite.  The array taken out
 * by the rewrite before it receives the new sequence. */
struct ir_insts_old ir_rewrite_begin(struct ir_prog *p);
/* Free that spare array (before register allocation: issue 12). */
void ir_release_spare(struct ir_prog *p);
/* In place, one array: the old sequence stays where it is and the new
 * one is written over the old instructions the pass has said it is
 * done with: before reading past old instruction i-1 the pass calls
 * ir_inplace_next(p, i) once it will read no old instruction before i
 * again (it may keep looking ahead).  What the pass emits beyond those
 * slots waits in a queue.  ir_inplace_end completes the sequence; use
 * ir_last_emitted, not p->insts, for the last emitted instruction
 * while the rewrite is open. */
struct ir_insts_old ir_inplace_begin(struct ir_prog *p);
void ir_inplace_end(struct ir_prog *p);
struct ir_inst *ir_last_emitted(struct ir_prog *p);
/* The queue's slow paths (rewrite.c): move what the freed slots take;
 * a bigger ring for one more. */
void ir_inplace_take(struct ir_prog *p);
struct ir_inst *ir_inplace_grow(struct ir_prog *p);
/* The queue is a ring of qcap slots: its k-th waiting instruction is at
 * (qhead + k) % qcap. */
static inline uint32_t ir_ring_at(const struct ir_inplace *w, uint32_t k)
{
	uint32_t at = w->qhead + k;
	return at < w->qcap ? at : at - w->qcap;
}
/* (inline: called for every instruction) */
static inline void ir_inplace_next(struct ir_prog *p, uint32_t i)
{
	p->inplace.free_to = i;
	if (p->inplace.qlen && i > p->insts.n)
		ir_inplace_take(p);
}
static inline struct ir_inst *ir_inplace_queue(struct ir_prog *p)
{
	struct ir_inplace *w = &p->inplace;
	if (w->qlen == w->qcap)
		return ir_inplace_grow(p);
	return &w->q[ir_ring_at(w, w->qlen++)];
}
/* Where ir_emit writes its next instruction during an in-place
 * rewrite: the array slot when it is free and nothing waits in the
 * queue, else the queue's end; NULL when no in-place rewrite is open. */
static inline struct ir_inst *ir_inplace_slot(struct ir_prog *p)
{
	const struct ir_inplace *w = &p->inplace;
	if (!w->on)
		return NULL;
	if (w->qlen == 0 && p->insts.n < w->free_to)
		return &p->insts.a[p->insts.n++];
	return ir_inplace_queue(p);
}
/* Is copying 'src' to the next slot of an in-place rewrite a no-op?
 * When src is that slot, nothing waits before it: it stays as it is
 * (even an old instruction not yet freed: it is kept unchanged). */
static inline bool ir_inplace_keeps(const struct ir_prog *p,
                                    const struct ir_inst *src)
{
	const struct ir_inplace *w = &p->inplace;
	return w->on && w->qlen == 0 && src == &p->insts.a[p->insts.n];
}
/* Remove the instructions marked in 'dead' (one flag per instruction),
 * keeping the order of the others. */
void ir_drop_marked(struct ir_prog *p, const bool *dead);

/* Which operands an instruction reads / writes (for liveness): calls
 * 'fn' for every register operand with 'def' false for reads. */
typedef void (*ir_opnd_fn)(void *ctx, const struct ir_inst *in,
                           const struct ir_opnd *o, bool def);
void ir_for_each_opnd(const struct ir_inst *in, ir_opnd_fn fn, void *ctx);
/* (inline: asked for every instruction by most passes, issue 12) */
static inline bool ir_is_branch(unsigned op)
{
	switch (op) {
	case GEN_OP_JMPI: case GEN_OP_GOTO: case GEN_OP_JOIN:
	case GEN_OP_CALL: case GEN_OP_RET: case GEN_OP_IF: case GEN_OP_ELSE:
	case GEN_OP_ENDIF: case GEN_OP_WHILE: case GEN_OP_BREAK:
	case GEN_OP_CONT: case GEN_OP_HALT:
		return true;
	default:
		return false;
	}
}

static inline bool ir_is_send(unsigned op)
{
	return op == GEN_OP_SEND || op == GEN_OP_SENDS || op == GEN_OP_SENDC ||
	       op == GEN_OP_SENDSC;
}

/* ---- verifier (verify.c) ---------------------------------------------- */

/* What the pipeline has established so far; the verifier checks the
 * invariants each stage promises on top of those that always hold. */
enum ir_stage {
	IR_STAGE_ALLOCATED = 1u << 0,  /* every used register has a location */
	IR_STAGE_SWSB = 1u << 1,       /* SWSB annotations are final */
};

/* Check the IR's invariants (docs/ir.md "Verifier"): operand types,
 * regions, register ids and bounds, labels, def-before-use, SWSB
 * annotations.  False with an internal error naming the instruction
 * and the broken rule. */
bool ir_verify(struct ir_prog *p, unsigned stages);

/* ---- dump (print.c) ---------------------------------------------------- */

/* IR text, malloc'ed. */
char *ir_print(const struct ir_prog *p);

#endif
