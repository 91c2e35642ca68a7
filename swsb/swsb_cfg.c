/*
 * swsb_cfg.c - basic blocks and their successors from a stream's branch
 * targets.  Conservative where the hardware's choice depends on the
 * channels: every label operand (JIP and UIP) is a successor and so is
 * the next instruction, except after an unpredicated jmpi, a call (its
 * next instruction is where the returns go), a ret (it goes to the
 * instruction after every call of the stream: the pass does not know
 * which function a ret belongs to) and an EOT send.  Register targets
 * (jmpi/call/brd/brc through a register) are not supported.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "../encoder/gen.h"
#include "swsb_priv.h"

static bool ends_block(const struct gen_inst *in)
{
	return gen_op_is_branch(in->op) || (in->opts & GEN_OPT_EOT);
}

static bool falls_through(const struct gen_inst *in)
{
	if (in->opts & GEN_OPT_EOT)
		return false;
	if (in->op == GEN_OP_JMPI && in->pred == GEN_PRED_NONE)
		return false;
	return in->op != GEN_OP_CALL && in->op != GEN_OP_RET;
}

void swsb_cfg_free(struct swsb_cfg *g)
{
	free(g->b);
	free(g->block_of);
	free(g->succ_pool);
	memset(g, 0, sizeof(*g));
}

static void add_succ(struct swsb_block *b, uint32_t s)
{
	for (unsigned i = 0; i < b->nsucc; i++)
		if (b->succ[i] == s)
			return;
	b->succ[b->nsucc++] = s;
}

enum vf_status swsb_cfg_build(const struct swsb_stream *s, struct swsb_cfg *g,
                              struct vf_error *err)
{
	memset(g, 0, sizeof(*g));
	size_t n = s->n;
	unsigned ncalls = 0;
	bool *lead = calloc(n + 1, sizeof(*lead));
	g->block_of = calloc(n + 1, sizeof(*g->block_of));
	if (!lead || !g->block_of)
		goto oom;
	if (n)
		lead[0] = true;
	for (size_t i = 0; i < n; i++) {
		const struct gen_inst *in = &s->a[i];
		bool has_label = false;
		for (unsigned k = 0; k < 3; k++)
			if (s->tgt[i][k] >= 0) {
				lead[s->tgt[i][k]] = true;
				has_label = true;
			}
		unsigned fmt = gen_op_table[in->op].fmt;
		if (!has_label && (fmt == GEN_FMT_JMPI || fmt == GEN_FMT_CALL ||
		                   fmt == GEN_FMT_BRD || fmt == GEN_FMT_BRC)) {
			free(lead);
			swsb_cfg_free(g);
			return vf_err(err, VF_ERR_UNSUPPORTED, "[0x%04X] %s through a "
			              "register: the SWSB pass needs the target",
			              in->pc, gen_op_table[in->op].mnemonic);
		}
		if (in->op == GEN_OP_CALL)
			ncalls++;
		if (ends_block(in))
			lead[i + 1] = true;
	}
	for (size_t i = 0; i < n; i++)
		g->nb += lead[i];
	g->b = calloc(g->nb ? g->nb : 1, sizeof(*g->b));
	/* each block: its label targets (<= 3), fall-through, or the
	 * return sites of every call */
	size_t pool = (size_t)g->nb * (4 + ncalls);
	g->succ_pool = calloc(pool ? pool : 1, sizeof(*g->succ_pool));
	if (!g->b || !g->succ_pool)
		goto oom;
	unsigned bi = 0;
	for (size_t i = 0; i < n; i++) {
		if (lead[i] && i) {
			g->b[bi].end = (uint32_t)i;
			bi++;
		}
		if (lead[i]) {
			g->b[bi].first = (uint32_t)i;
			g->b[bi].succ = g->succ_pool + (size_t)bi * (4 + ncalls);
		}
		g->block_of[i] = bi;
	}
	if (n)
		g->b[bi].end = (uint32_t)n;
	g->block_of[n] = g->nb;   /* the end of the code: no block */
	for (unsigned b = 0; b < g->nb; b++) {
		struct swsb_block *blk = &g->b[b];
		uint32_t last = blk->end - 1;
		const struct gen_inst *in = &s->a[last];
		for (unsigned k = 0; k < 3; k++)
			if (s->tgt[last][k] >= 0 && (size_t)s->tgt[last][k] < n)
				add_succ(blk, g->block_of[s->tgt[last][k]]);
		if (falls_through(in) && blk->end < n)
			add_succ(blk, g->block_of[blk->end]);
		if (in->op == GEN_OP_RET)
			for (size_t c = 0; c < n; c++)
				if (s->a[c].op == GEN_OP_CALL && c + 1 < n)
					add_succ(blk, g->block_of[c + 1]);
	}
	free(lead);
	return VF_OK;
oom:
	free(lead);
	swsb_cfg_free(g);
	return vf_err_oom(err);
}
