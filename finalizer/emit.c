/*
 * emit.c - allocated IR to Gen machine code through the Gen instruction
 * layer (encoder/gen.h): gen_encode, then gen_compact where a compacted
 * form exists; branch offsets are filled in once every size is known.
 *
 * Needs: every virtual register allocated (loc >= 0).  Produces: the
 * kernel's bytes (malloc'ed).
 *
 * Instructions become gen_insts in emit_build.c.  Branch offsets
 * (GEN-FACTS 2.5) are computed by the encoder from absolute label
 * targets; branches stay uncompacted so that sizes do not depend on
 * offsets.  Where caps.swsb (Gen12) the laid-out stream goes through the
 * software-scoreboard pass before the final encoding (emit_swsb.c, this
 * file); elsewhere the code is written as it is laid out (emit_flat.c),
 * by two threads for a big kernel.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "emit_priv.h"
#include "emit_swsb.h"

/* Kernels from this many IR instructions on are encoded by two threads
 * (emit_flat.c).  Below, a thread costs more than it saves on a busy
 * machine, where the calling thread may wait a time slice for a worker
 * preempted inside a chunk: A/B pairs of whole processes at load 12 on
 * 2 CPUs, two threads against one, wall 1.08 at straight 20k (24k IR
 * instructions), 1.00 at 50k, 0.94 at 200k. */
#define EMIT_SPLIT_MIN 50000u

static bool layout(struct em *e)
{
	struct ir_prog *p = e->p;
	uint32_t pc = 0;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		e->pc[i] = pc;
		if (in->op == IR_OP_LABEL) {
			e->lpc[in->src[0].v] = (int32_t)pc;
			e->len[i] = 0;
			continue;
		}
		e->sidx[i] = e->ns++;
		if (ir_is_branch(in->op)) {
			e->len[i] = 16;
			pc += 16;
			continue;
		}
		struct gen_inst *gp = &e->g[e->sidx[i]];
		if (!emit_build(e, i, pc, gp))
			return false;
		struct gen_bits b;
		if (gen_encode_memo(e->enc_memo, gp, &b, p->err) != VF_OK)
			return ir_internal(p, "vISA instruction %u: encoding: %s",
			                   in->loc, p->err->msg);
		e->bits[i] = b;
		e->len[i] = 16;
		struct gen_bits c;
		if (in->reloc) {
			uint32_t r = IR_VEC_PUSH(p, p->relocs);
			p->relocs.a[r] = (struct ir_reloc){
				pc + ir_reloc_imm_at(in->reloc_type), in->reloc,
				in->reloc_type };
		} else if (!(in->opts & GEN_OPT_EOT) && !p->no_compact &&
		           gen_compact_memo_after(e->memo, e->enc_memo, &b, &c)) {
			e->bits[i] = c;
			e->len[i] = 8;
		}
		pc += e->len[i];
		gp->length = e->len[i];
	}
	return true;
}

static bool branches(struct em *e)
{
	struct ir_prog *p = e->p;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL || !ir_is_branch(in->op))
			continue;
		struct gen_inst *g = &e->g[e->sidx[i]];
		if (!emit_build(e, i, e->pc[i], g))
			return false;
		if (gen_encode(p->plat, g, &e->bits[i], p->err) != VF_OK)
			return ir_internal(p, "vISA instruction %u: encoding: %s",
			                   in->loc, p->err->msg);
	}
	return true;
}

/* The kernel as a laid-out gen_inst stream (labels out, branch targets
 * absolute, length 8 where the instruction compacts), with each one's
 * bits: the input of the SWSB pass (emit_swsb.c).  layout() and
 * branches() built it; an instruction naming a label laid out later is
 * built again now that every label has its offset. */
static bool stream(struct em *e, struct gen_bits **bits)
{
	struct ir_prog *p = e->p;
	struct gen_bits *b = ir_alloc(p, (e->ns + 1) * sizeof *b);
	for (uint32_t i = 0; i < p->insts.n; i++) {
		if (p->insts.a[i].op == IR_OP_LABEL)
			continue;
		struct gen_inst *g = &e->g[e->sidx[i]];
		if (emit_has_label(g)) {
			if (!emit_build(e, i, e->pc[i], g))
				return false;
			g->length = e->len[i];
		}
		b[e->sidx[i]] = e->bits[i];
	}
	*bits = b;
	return true;
}

/* Gen12: layout, branches, then the SWSB pass, which gives each
 * instruction its SWSB field and writes the code. */
static bool emit_swsb(struct em *e, uint8_t **out, size_t *size)
{
	struct ir_prog *p = e->p;
	uint32_t n = p->insts.n;
	e->pc = ir_alloc(p, (n + 1) * sizeof *e->pc);
	e->bits = ir_alloc(p, (n + 1) * sizeof *e->bits);
	e->g = ir_alloc(p, (n + 1) * sizeof *e->g);
	e->sidx = ir_alloc(p, (n + 1) * sizeof *e->sidx);
	struct gen_bits *bits;
	return layout(e) && branches(e) && stream(e, &bits) &&
	       ir_emit_swsb(p, e->g, bits, e->ns, out, size);
}

bool ir_emit_code_parts(struct ir_prog *p, unsigned parts, uint8_t **out,
                        size_t *size)
{
	uint32_t n = p->insts.n;
	struct em e = { .p = p, .err = p->err };
	e.lpc = ir_alloc(p, (p->labels.n + 1) * sizeof *e.lpc);
	e.len = ir_alloc(p, n + 1);
	for (uint32_t l = 0; l < p->labels.n; l++)
		e.lpc[l] = -1;
	e.memo = ir_alloc(p, sizeof *e.memo);
	gen_compact_memo_init(e.memo, p->plat);
	e.enc_memo = ir_alloc_raw(p, sizeof *e.enc_memo);
	gen_encode_memo_init(e.enc_memo, p->plat, n);
	if (p->plat->caps.swsb)
		return emit_swsb(&e, out, size);
	return emit_flat(&e, parts, out, size);
}

bool ir_emit_code(struct ir_prog *p, uint8_t **out, size_t *size)
{
	unsigned parts = p->insts.n >= EMIT_SPLIT_MIN ? 2 : 1;
	return ir_emit_code_parts(p, parts, out, size);
}
