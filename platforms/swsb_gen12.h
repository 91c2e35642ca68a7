/*
 * swsb_gen12.h - the software scoreboard model of Gen12LP (TGLLP) as
 * data: which instructions run out of order (and so take an SBID token),
 * which ones count in the in-order RegDist counter, how many tokens there
 * are, the largest encodable distance and how many in-order instructions
 * later a write is known to be complete.
 *
 * Both the SWSB pass (encoder/swsb.c) and gensim's hazard checker
 * (sim/sim_swsb.c) read this table, so they agree on one model.  Where
 * Intel's sources differ the value chosen and the others are named:
 *
 *   in-order latency  Mesa brw_fs_scoreboard.cpp ordered_dependency_swsb():
 *                     a RegDist is needed while the distance is <= 10;
 *                     IGA SWSBSetter.hpp m_LatencyInOrderPipe = 10 (drops a
 *                     producer at distance >= 10); IGC SWSB_G4IR.h
 *                     SWSB_MAX_ALU_DEPENDENCE_DISTANCE = 11 (drops it at
 *                     > 11, more conservative).  Model: complete at 11.
 *   64-bit dst        IGA m_LatencyLong64Pipe = 14, IGC ..._64BIT = 15.
 *                     Model: complete at 15 (TGLLP has no 64-bit ALU
 *                     arithmetic; 64-bit moves are the only users).
 *   max distance      3-bit RegDist field, 7 (GEN-FACTS 4; IGC
 *                     SWSB_MAX_ALU_DEPENDENCE_DISTANCE_VALUE).
 *   tokens            16 ($0..$15; IGC "numSWSB=16", IGA default).
 *   out of order      send and math (IGC tokenHonourInstruction on XeLP,
 *                     Mesa is_unordered(), GEN-FACTS 4).
 *   no in-order slot  sync, nop, wait, illegal: IGC
 *                     distanceHonourInstruction() excludes nop/wait/halt,
 *                     IGA gives sync no in-order id, Mesa ordered_unit()
 *                     returns 0 for SYNC.  halt: IGC excludes it too.
 *   token reuse       setting a token that is still in flight waits for its
 *                     previous owner (IGC reuseTokenSelection() picks the
 *                     reuse "which causes the least stall delay"; Mesa
 *                     hands tokens out round robin, correct only so).
 */
#ifndef VISAFIN_SWSB_GEN12_H
#define VISAFIN_SWSB_GEN12_H

#include <stdbool.h>

#include "gen_defs.h"

struct swsb_model {
	unsigned tokens;          /* SBIDs $0..tokens-1 */
	unsigned max_dist;        /* largest @N the field holds */
	unsigned inorder_done;    /* a 32-bit in-order write is complete this
	                             many in-order instructions later */
	unsigned inorder_done64;  /* the same for a 64-bit destination */
};

/* The model of a platform's encoding family, or NULL if the family has
 * a hardware scoreboard (Gen8-11). */
const struct swsb_model *swsb_model_for(enum gen_enc enc);

/* Out-of-order operation (takes an SBID with {$N}). */
bool swsb_is_ooo(enum gen_op op);
/* Takes a slot in the in-order RegDist counter. */
bool swsb_counts_inorder(enum gen_op op);

#endif
