/*
 * ra.h - register allocation: live intervals (live.c), linear scan onto
 * the GRF, flag and address files (linscan.c), spill code (spill.c).
 *
 * The allocator works on the IR (ir/ir.h, CFG and liveness in ir/cfg.h) after
 * legalization.  Intervals are convex hulls of the instruction positions
 * where a virtual register may hold a value that is still needed.
 */
#ifndef VISAFIN_RA_H
#define VISAFIN_RA_H

#include "../ir/ir.h"

struct ra_interval {
	int32_t start, end;   /* instruction positions; start < 0: unused */
};

/* Live intervals of every virtual register (array indexed by vreg id,
 * allocated in the program's arena). */
struct ra_interval *ra_intervals(struct ir_prog *p);
/* The same for the scheduler, whose code the allocator gets next: what
 * they are made of is kept for the allocator's first round (live.c,
 * ir_carry_keep).  ra_seed_reorder tells it that instructions [b, e),
 * with no label or branch among them, now stand in 'order' (new place
 * b + k holds old b + order[k]; 'w': a copy of them in the old order),
 * each register's reads and writes in the same order as before. */
struct ra_interval *ra_seed_intervals(struct ir_prog *p);
void ra_seed_reorder(struct ir_prog *p, const struct ir_inst *w, uint32_t b,
                     uint32_t e, const uint32_t *order);

/* For each address vreg, the address-taken GRF vregs ('taken', ntaken of
 * them) an indirect operand through it may touch: 'nwords' words of bits
 * per vreg, row v at v * nwords (addr_targets.c); NULL when ntaken is 0. */
uint64_t *ra_addr_targets(struct ir_prog *p, const uint32_t *taken,
                          uint32_t ntaken, uint32_t *nwords);

/* Per indirect operand (index 4 * instruction + operand, 3 = dst): the
 * variable it points into by its address register's last write in the
 * block, or 0 when only the whole-program sets tell (addr_targets.c).
 * NULL when the program has no address register (so no indirect
 * operand): all 0. */
uint32_t *ra_addr_local_bases(struct ir_prog *p);

/* Address-taken GRF vregs the spiller can move to scratch, by vreg
 * (addr_targets.c). */
bool *ra_arrays_spillable(struct ir_prog *p);

enum ra_buf_use {
	RA_BUF_ACTIVE, RA_BUF_WHERE, RA_BUF_SIZE, RA_BUF_END_NEXT,
	RA_BUF_END_HEAD, RA_BUF_TODO, RA_BUF_ORDER, RA_BUF_FIRST, RA_BUF_LIST,
	RA_BUF_GRFS, RA_BUF_BUSY, RA_BUF_COUNT
};

/* An array each round makes again, kept for the next (ra_buf_get):
 * a fresh one took a page fault every 4 KB, round after round (issue
 * 12: at 200k about a third of the allocator's time). */
struct ra_buf {
	void *a;
	size_t cap;
};

/* References of each register, the spill weights' (linscan.c): for
 * p->vregs.n registers, counted when 'valid' (ra_rounds keeps them
 * across rounds). */
struct ra_refs {
	uint32_t *n;
	bool valid;
	/* The GRF file could spill in the last round (ra_linscan's bound):
	 * nearly full, so this round takes the whole scan at once. */
	bool grf_tight;
	/* Registers from here on are new since the last round, whose hulls
	 * only moved (ra_rounds); 0: every hull is new. */
	uint32_t moved_from;
	/* The last round's survey (linscan.c), valid while hulls only move:
	 * its bound's parts, and its flag and address registers in vreg
	 * order ('fa', room for p->vregs.n, nfa of them). */
	bool surveyed;
	uint32_t kmax, most, fewest;
	uint32_t *fa, nfa;
	/* The scan's arrays, in 'keep' (the rounds' scope; NULL: none,
	 * each scan takes its own). */
	struct vf_arena *keep;
	struct ra_buf buf[RA_BUF_COUNT];
};
/* 'bytes' of array 'use' (not zeroed): the last round's when it has
 * room, else new (a quarter more); from the scratch scope without
 * refs->keep. */
void *ra_buf_get(struct ir_prog *p, struct ra_refs *refs,
                 enum ra_buf_use use, size_t bytes);
/* Add to refs[v] for v >= vmin the references instructions [first, end)
 * make. */
void ra_count_refs(const struct ir_prog *p, uint32_t *refs, uint32_t vmin,
                   uint32_t first, uint32_t end);

/*
 * The allocator's rounds (live.c): intervals, scan, spill, again.  A
 * round's hulls and CFG carry over to the next when its spill rewrite
 * allows (only flags spilled); ra_rounds_prepare makes what carries
 * over (call it where it may stay: outside the round's scratch scope)
 * and returns where ra_spill records its moves (NULL: not needed);
 * ra_rounds_intervals then gives the round's intervals, as
 * ra_intervals would.
 */
struct ra_moves {
	uint32_t *lo;       /* old instruction i: the new index of its group's
	                     * first instruction; lo[n]: the new count */
	uint32_t *self;     /* the new index of i itself */
	uint32_t *touched;  /* the old instructions the spill rewrote, in
	                     * order (room for n) */
	uint32_t n, ntouched;   /* old instructions, rewritten ones */
	bool flags_only;    /* no GRF register spilled */
	/* The references of the spill's new registers (from vmin on) in
	 * the code it wrote, in code order as ir_inst_refs reports them,
	 * noted by the flag rewrite while it had the instructions at hand:
	 * the next round counts and solves them without reading the
	 * scattered groups again (issue 12).  'noted' false: the groups
	 * are read. */
	struct ir_ref_at *refs;
	uint32_t nrefs, refs_cap, vmin;
	bool noted;
	/* The reference counts of the code before the spill (the spill
	 * weights, struct ra_refs), NULL when not counted: a bound on the
	 * uses of the spilled flags, so on the notes. */
	const uint32_t *counts;
	struct vf_arena *keep;   /* where refs grows: the rounds' scope */
	/* The instructions that reference a flag register, in increasing
	 * order, in the code after the last flag rewrite (fi_code of them
	 * when fi_ok): the next flag rewrite's uses are among them (its
	 * spilled flags are the code's, never the rewrites' temporaries),
	 * so it walks them and not the whole code (issue 12).  Kept across
	 * rounds (ra_rounds_prepare drops it unless the hulls only moved). */
	uint32_t *fi, nfi, fi_code;
	bool fi_ok;
	struct ra_buf fi_buf;
};
/* 'bytes' of b (not zeroed): its last ones when they are enough, else
 * new (a quarter more), in 'keep'. */
void *ra_keep_room(struct ir_prog *p, struct vf_arena *keep,
                   struct ra_buf *b, size_t bytes);
/* Room in mv->refs for 'more' references past nrefs. */
void ra_moves_refs_room(struct ir_prog *p, struct ra_moves *mv,
                        uint32_t more);
struct ra_rounds;
/* The rounds' state, in a scratch scope that outlives the rounds (the
 * caller ends it): the scheduler's seed when it is for this code,
 * else new. */
struct ra_rounds *ra_rounds_begin(struct ir_prog *p);
struct ra_moves *ra_rounds_prepare(struct ir_prog *p, struct ra_rounds *rs);
/* The round's reference counts (ra_linscan's 'refs'). */
struct ra_refs *ra_rounds_refs(struct ra_rounds *rs);
struct ra_interval *ra_rounds_intervals(struct ir_prog *p,
                                        struct ra_rounds *rs);

/* Allocate every virtual register; spilled GRF registers are marked
 * IR_V_SPILLED.  Returns false with an error set when a flag or address
 * register cannot be placed.  'refs' (may be NULL) holds the reference
 * counts, or receives them when a spill decision needs them. */
bool ra_linscan(struct ir_prog *p, const struct ra_interval *iv,
                struct ra_refs *refs, bool *spilled);

/* Rewrite references to spilled registers through scratch fills and
 * spills (scratch starting at p->spill_base); slots are shared between
 * registers whose intervals 'iv' (of the allocation that spilled them)
 * do not overlap.  'mv' (may be NULL) records where each instruction
 * went. */
bool ra_spill(struct ir_prog *p, const struct ra_interval *iv,
              struct ra_moves *mv);

/* Save and restore the registers live across stack calls (callsave.c). */
bool ra_callsave(struct ir_prog *p);
/* Where the platform has no split send: one two-GRF register per stack
 * call (p->call_areas), live only at its call, so the allocator always
 * leaves room for the joined save payload (callsave.c); and their
 * intervals, set by ra_intervals. */
void ra_reserve_call_areas(struct ir_prog *p);
void ra_call_area_intervals(const struct ir_prog *p, struct ra_interval *iv);

/*
 * Frames of the register-save stack (callsave.c).  With stack calls,
 * every activation (the kernel's and each function call's) has a frame
 * starting at the save pointer (ABI byte 16 of r126, 32-byte units):
 * first the program's spill slots, then the registers its calls save.
 * The kernel's frame starts at ra_frame_base_units, the first scratch
 * GRF at or after SpillMemOffset; its spill slots keep static offsets.
 */
uint32_t ra_frame_base_units(const struct ir_prog *p);
/* 32-byte units of spill slots at the start of every frame. */
uint32_t ra_frame_spill_units(const struct ir_prog *p);
/* a0.0 = save pointer + 'desc' (a scratch descriptor whose offset field
 * is relative to the current frame), for a send with desc_reg desc_a0. */
void ra_frame_desc(struct ir_prog *p, uint32_t desc);

/* Check that no two simultaneously live registers share a byte
 * (ra_verify.c); false with an internal error if they do. */
bool ra_verify(struct ir_prog *p);

/* The whole allocation: intervals, scan, spill, repeat (ra_rounds). */
bool ra_allocate(struct ir_prog *p);

#endif
