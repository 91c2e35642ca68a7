/*
 * cfg.h - control-flow graph (cfg.c) and liveness (live.c) of the IR,
 * shared by every pass that needs them: the register allocator
 * (regalloc/live.c builds its intervals on them), the verifier, and
 * later a scheduler, an SWSB pass and 64-bit lowering.
 *
 * Both are snapshots: computed from p->insts on request, in the
 * program's arena, and stale as soon as a pass adds, removes or moves
 * instructions.  A pass that changes the code and needs them again
 * builds them again (QBE's fillcfg/filluse discipline, docs/ir.md), or
 * moves the CFG over a rewrite that only added instructions inside
 * blocks (ir_cfg_move: the allocator's rounds).
 */
#ifndef VISAFIN_IR_CFG_H
#define VISAFIN_IR_CFG_H

#include "bitset.h"
#include "ir.h"

/* ---- CFG (cfg.c) ------------------------------------------------------ */

#define IR_NO_BLOCK UINT32_MAX

/* A basic block: instructions [first, end) of p->insts.  A block starts
 * at the first instruction, at every label, and after every branch
 * (ir_is_branch: jmpi, goto, join, while, call, ret, ...) or EOT send;
 * so a label is always the first instruction of its block. */
struct ir_block {
	uint32_t first, end;
	uint32_t *succ, *pred;    /* block ids (no duplicates) */
	uint32_t nsucc, npred;
	uint32_t rpo;             /* index in cfg->rpo */
	uint32_t loop_depth;      /* natural loops (of DFS back edges) around it */
};

/* A DFS back edge tail -> head: head is on the DFS path to tail. */
struct ir_back_edge {
	uint32_t tail, head;
};

/* A stack call: the block ending with an fcall and its callee's entry
 * block.  Not an edge of the CFG (see ir_cfg_build); for analyses that
 * follow values into callees (the verifier's def-before-use). */
struct ir_stack_call {
	uint32_t from, to;
};

struct ir_cfg {
	struct ir_block *b;
	uint32_t nb;
	uint32_t *blk_of;         /* block of each instruction */
	int32_t *label_block;     /* block of each label, -1 if not placed */
	int32_t *label_pos;       /* instruction index of each label, -1 */
	/* Blocks in reverse postorder of a DFS from block 0, then from each
	 * block no earlier DFS reached (in layout order: stack-call
	 * functions, dead code); every block appears once. */
	uint32_t *rpo;
	struct ir_back_edge *back;
	uint32_t nback;
	struct ir_stack_call *calls;
	uint32_t ncalls;
};

/* Edges: fall-through (not after an unpredicated jmpi, a ret or an EOT
 * send); jmpi, while and call (not a stack call) to their label; goto to
 * its UIP label (a goto's JIP is a join the channels wait at, not a new
 * path); ret of a subroutine to the instruction after every call that
 * is not a stack call.  A stack call (fcall, IR_OPT_STACKCALL) only falls
 * through: its callee is a region of its own, entered by no edge. */
struct ir_cfg *ir_cfg_build(struct ir_prog *p);

/* The same CFG after a rewrite that only added instructions inside
 * blocks: old instruction i (of c's code) is now the group of
 * instructions [lo[i], lo[i + 1]) (lo[old n] = the new count), and no
 * instruction of a group follows one that ends a block (ir_cfg_moved
 * tells).  Blocks keep their ids, edges and order; their bounds,
 * blk_of (written to 'blk_of', room for the new count + 1; may be
 * c->blk_of) and label_pos move.  Linear in blocks and
 * instructions, without reading the code (issue 12: the allocator's
 * rounds). */
void ir_cfg_move(struct ir_prog *p, struct ir_cfg *c, const uint32_t *lo,
                 uint32_t old_n, uint32_t *blk_of);
/* Does the CFG of the rewritten code keep c's blocks: does no group end
 * after an instruction that ends a block?  'self[i]': the new index of
 * old instruction i itself within its group. */
bool ir_cfg_moved(const struct ir_prog *p, const struct ir_cfg *c,
                  const uint32_t *lo, const uint32_t *self);

/* The label a branch instruction jumps to along its taken edge (jmpi,
 * while, call: src[0]; goto: UIP), or -1. */
int32_t ir_branch_target(const struct ir_inst *in);

/* ---- liveness (live.c) ------------------------------------------------ */

/* Which registers an instruction reads and writes, as liveness sees
 * them: sources, the predicate's flag, the descriptor register, then
 * the condition modifier's flag and the destination.  'full' marks a
 * write that replaces every byte of the register (unpredicated, from
 * byte 0, contiguous, covering its size; any write of an
 * IR_V_BLOCK_LOCAL register), the only kind that kills.  An indirect
 * operand reads its address register and reads (source) or writes
 * (destination) the address-taken registers it may touch (struct
 * ir_live: targets, local). */
typedef void (*ir_ref_fn)(void *ctx, uint32_t v, bool def, bool full,
                          uint32_t pos);

struct ir_live {
	uint32_t nv, nw;          /* registers, words per set */
	/* Per block (row b at b * nw): live on entry / exit (a later read
	 * may see the value), may be defined on entry / exit (some path
	 * from the kernel entry wrote it, or it is IR_V_LIVE_IN). */
	vf_word *in, *out, *def_in, *def_out;
	uint32_t *taken;          /* address-taken registers */
	uint32_t ntaken;
	/* Optional, set by an ir_narrow_fn: what indirect operands touch.
	 * targets: per address register, a row of tw words of bits over
	 * 'taken' (the variables it may point into); local: per indirect
	 * operand (4 * instruction + operand, 3 = destination) the one
	 * variable it points into, 0 when only 'targets' tells.  Without
	 * them an indirect operand touches every address-taken register. */
	const uint64_t *targets;
	uint32_t tw;
	const uint32_t *local;
};

/* Called by ir_live_build once l->taken is known, to set l->targets,
 * l->tw and l->local (regalloc/addr_targets.c computes them). */
typedef void (*ir_narrow_fn)(struct ir_prog *p, struct ir_live *l);

/* 'narrow' may be NULL: indirect operands touch every address-taken
 * register. */
struct ir_live *ir_live_build(struct ir_prog *p, const struct ir_cfg *c,
                              ir_narrow_fn narrow);

/* The address-taken GRF registers, in register order (*n of them): the
 * one list liveness, the allocator's address targets and the spiller
 * share. */
uint32_t *ir_addr_taken(struct ir_prog *p, uint32_t *n);

/* The register-reference part of ir_live only (taken, and what
 * 'narrow' sets; no per-block sets): enough for ir_inst_refs and
 * ir_live_defined. */
struct ir_live *ir_live_refs(struct ir_prog *p, ir_narrow_fn narrow);

/* Where a register is live and may be defined: fn(ctx, v, b, true) for
 * every register v live on entry to block b that may be defined there
 * (in & def_in of ir_live_build), fn(ctx, v, b, false) for exit (out &
 * def_out); in no particular order.  The same answers as the per-block
 * sets of ir_live_build, computed one register at a time over only the
 * blocks where it is live: time and memory grow with the sum of the
 * live ranges, not with blocks x registers.  'l' from ir_live_refs or
 * ir_live_build. */
typedef void (*ir_live_at_fn)(void *ctx, uint32_t v, uint32_t b, bool entry);
void ir_live_defined(struct ir_prog *p, const struct ir_cfg *c,
                     const struct ir_live *l, ir_live_at_fn fn, void *ctx);
/* The same, also calling span(ctx, v, first, last) for every register
 * v that instructions of a block reference (ir_inst_refs), with the
 * first and last of them: what the one scan of the code it makes
 * anyway sees (the allocator's intervals cover those spans). */
typedef void (*ir_live_span_fn)(void *ctx, uint32_t v, uint32_t first,
                                uint32_t last);
void ir_live_defined_spans(struct ir_prog *p, const struct ir_cfg *c,
                           const struct ir_live *l, ir_live_at_fn fn,
                           ir_live_span_fn span, void *ctx);

/* ir_live_defined_spans for the registers v >= vmin only, all of whose
 * references are in the instruction ranges [first[k], end[k]) (n of
 * them, in increasing order, none crossing a block): a rewrite's new
 * registers, scanning only the code it wrote.  Indirect operands are
 * not followed (they touch address-taken registers, never new ones). */
void ir_live_defined_spans_in(struct ir_prog *p, const struct ir_cfg *c,
                              uint32_t vmin, const uint32_t *first,
                              const uint32_t *end, uint32_t n,
                              ir_live_at_fn fn, ir_live_span_fn span,
                              void *ctx);

/* One reference as ir_inst_refs reports it, at instruction 'pos'
 * (below 2^30: 8 bytes a reference). */
struct ir_ref_at {
	uint32_t v;
	uint32_t pos : 30, def : 1, full : 1;
};
#define IR_REF_AT_MAX ((1u << 30) - 1)

/* ir_inst_refs of the registers v >= vmin, into r (room for 7: each
 * operand slot once, a condition flag twice); their count.  Indirect
 * operands are not followed (address-taken registers are never new). */
unsigned ir_inst_refs_from(const struct ir_prog *p, const struct ir_inst *in,
                           uint32_t pos, uint32_t vmin, struct ir_ref_at *r);

/* ir_live_defined_spans_in with the references given (n of them, in
 * code order, of registers v >= vmin only): a rewrite that noted what
 * it wrote while it wrote it, so the code is not read again. */
void ir_live_defined_spans_at(struct ir_prog *p, const struct ir_cfg *c,
                              uint32_t vmin, const struct ir_ref_at *r,
                              uint32_t n, ir_live_at_fn fn,
                              ir_live_span_fn span, void *ctx);

static inline const vf_word *ir_live_row(const struct ir_live *l,
                                         const vf_word *set, uint32_t b)
{
	return set + (size_t)b * l->nw;
}

/* Call 'fn' for every register instruction 'in' (at index 'pos') reads
 * or writes. */
void ir_inst_refs(const struct ir_prog *p, const struct ir_live *l,
                  const struct ir_inst *in, uint32_t pos, ir_ref_fn fn,
                  void *ctx);

#endif
