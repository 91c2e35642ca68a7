/*
 * cfg.c - basic blocks, edges, reverse postorder, back edges and loop
 * depth of the IR (cfg.h).
 *
 * Arena memory comes zeroed (lib/arena.c), so counters start at 0.
 *
 * Needs: any IR (virtual or allocated registers); labels placed at most
 * once.  Changes nothing.  Cost: linear in instructions and edges, plus
 * one walk per loop head for the loop bodies.
 */
#include "config.h"

#include "cfg.h"

int32_t ir_branch_target(const struct ir_inst *in)
{
	switch (in->op) {
	case GEN_OP_JMPI: case GEN_OP_WHILE: case GEN_OP_CALL:
		if (in->op == GEN_OP_CALL && (in->opts & IR_OPT_STACKCALL))
			return -1;
		return in->src[0].kind == IR_O_LABEL ? (int32_t)in->src[0].v : -1;
	case GEN_OP_GOTO:
		return in->uip;
	default:
		return -1;
	}
}

/* (inline: asked of every instruction) */
static inline __attribute__((always_inline)) bool
ends_block(const struct ir_inst *in)
{
	return ir_is_branch(in->op) || (in->opts & GEN_OPT_EOT);
}

/* One walk: each instruction's block, the labels' blocks, where blocks
 * start (issue 12: a counting walk and a filling walk, each asking
 * ends_block, cost five times this). */
static void make_blocks(struct ir_prog *p, struct ir_cfg *c)
{
	uint32_t ni = p->insts.n, b = 0;
	c->blk_of = ir_alloc_raw(p, (ni + 1) * sizeof *c->blk_of);
	c->label_block = ir_alloc(p, (p->labels.n + 1) * sizeof *c->label_block);
	c->label_pos = ir_alloc(p, (p->labels.n + 1) * sizeof *c->label_pos);
	for (uint32_t l = 0; l < p->labels.n; l++)
		c->label_block[l] = c->label_pos[l] = -1;
	uint32_t *first = ir_alloc_raw(p, (ni + 1) * sizeof *first);
	first[0] = 0;
	bool cut = false;   /* the instruction before ends a block */
	for (uint32_t i = 0; i < ni; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (i > 0 && (cut || in->op == IR_OP_LABEL))
			first[++b] = i;
		c->blk_of[i] = b;
		if (in->op == IR_OP_LABEL && in->src[0].v < p->labels.n) {
			c->label_block[in->src[0].v] = (int32_t)b;
			c->label_pos[in->src[0].v] = (int32_t)i;
		}
		cut = ends_block(in);
	}
	c->blk_of[ni] = 0;   /* as a zeroed array had it */
	uint32_t nb = ni ? b + 1 : 0;
	c->nb = nb;
	c->b = ir_alloc(p, (nb + 1) * sizeof *c->b);   /* zeroed */
	for (uint32_t k = 0; k < nb; k++) {
		c->b[k].first = first[k];
		c->b[k].end = k + 1 < nb ? first[k + 1] : ni;
	}
}

static void add_succ(struct ir_block *b, uint32_t s)
{
	for (uint32_t k = 0; k < b->nsucc; k++)
		if (b->succ[k] == s)
			return;
	b->succ[b->nsucc++] = s;
}

static void make_edges(struct ir_prog *p, struct ir_cfg *c)
{
	uint32_t nret = 0;   /* return points of subroutine calls */
	for (uint32_t i = 0; i + 1 < p->insts.n; i++)
		if (p->insts.a[i].op == GEN_OP_CALL &&
		    !(p->insts.a[i].opts & IR_OPT_STACKCALL))
			nret++;
	size_t room = 0;
	for (uint32_t b = 0; b < c->nb; b++)
		room += p->insts.a[c->b[b].end - 1].op == GEN_OP_RET ? nret : 2;
	uint32_t *s = ir_alloc(p, (room + 1) * sizeof *s);
	for (uint32_t b = 0; b < c->nb; b++) {
		struct ir_block *bl = &c->b[b];
		const struct ir_inst *last = &p->insts.a[bl->end - 1];
		bl->succ = s;
		bool fall = b + 1 < c->nb && !(last->opts & GEN_OPT_EOT) &&
		            !(last->op == GEN_OP_JMPI && !last->pred) &&
		            last->op != GEN_OP_RET;
		int32_t t = ir_branch_target(last);
		if (t >= 0 && (uint32_t)t < p->labels.n && c->label_block[t] >= 0)
			add_succ(bl, (uint32_t)c->label_block[t]);
		if (last->op == GEN_OP_RET && !(last->opts & IR_OPT_STACKCALL))
			for (uint32_t i = 0; i + 1 < p->insts.n; i++)
				if (p->insts.a[i].op == GEN_OP_CALL &&
				    !(p->insts.a[i].opts & IR_OPT_STACKCALL))
					add_succ(bl, c->blk_of[i + 1]);
		if (fall)
			add_succ(bl, b + 1);
		s += bl->nsucc;
	}
	/* predecessors: count, place, fill */
	c->calls = ir_alloc(p, (c->nb + 1) * sizeof *c->calls);
	for (uint32_t b = 0; b < c->nb; b++) {
		const struct ir_inst *last = &p->insts.a[c->b[b].end - 1];
		if (last->op == GEN_OP_CALL && (last->opts & IR_OPT_STACKCALL) &&
		    last->src[0].kind == IR_O_LABEL &&
		    last->src[0].v < p->labels.n &&
		    c->label_block[last->src[0].v] >= 0)
			c->calls[c->ncalls++] = (struct ir_stack_call){
				b, (uint32_t)c->label_block[last->src[0].v] };
	}
	for (uint32_t b = 0; b < c->nb; b++)
		for (uint32_t k = 0; k < c->b[b].nsucc; k++)
			c->b[c->b[b].succ[k]].npred++;
	uint32_t *pr = ir_alloc(p, (room + 1) * sizeof *pr);
	for (uint32_t b = 0; b < c->nb; b++) {
		c->b[b].pred = pr;
		pr += c->b[b].npred;
		c->b[b].npred = 0;
	}
	for (uint32_t b = 0; b < c->nb; b++)
		for (uint32_t k = 0; k < c->b[b].nsucc; k++) {
			struct ir_block *t = &c->b[c->b[b].succ[k]];
			t->pred[t->npred++] = b;
		}
}

/* Iterative DFS from block 0, then from every block not reached yet:
 * reverse postorder per root, roots in layout order; back edges. */
static void order(struct ir_prog *p, struct ir_cfg *c)
{
	uint32_t nb = c->nb;
	uint8_t *state = ir_alloc(p, nb + 1);   /* 0 new, 1 on path, 2 done */
	uint32_t *stack = ir_alloc(p, (nb + 1) * sizeof *stack);
	uint32_t *next = ir_alloc(p, (nb + 1) * sizeof *next);
	uint32_t *post = ir_alloc(p, (nb + 1) * sizeof *post);
	c->rpo = ir_alloc(p, (nb + 1) * sizeof *c->rpo);
	uint32_t nback = 0, npost = 0;
	for (uint32_t b = 0; b < nb; b++)
		for (uint32_t k = 0; k < c->b[b].nsucc; k++)
			nback++;
	c->back = ir_alloc(p, (nback + 1) * sizeof *c->back);
	c->nback = 0;
	uint32_t nrpo = 0;
	for (uint32_t root = 0; root < nb; root++) {
		if (state[root])
			continue;
		uint32_t seg = npost, sp = 0;
		stack[sp++] = root;
		next[root] = 0;
		state[root] = 1;
		while (sp) {
			uint32_t b = stack[sp - 1];
			if (next[b] < c->b[b].nsucc) {
				uint32_t s = c->b[b].succ[next[b]++];
				if (state[s] == 1)
					c->back[c->nback++] = (struct ir_back_edge){ b, s };
				else if (!state[s]) {
					state[s] = 1;
					next[s] = 0;
					stack[sp++] = s;
				}
				continue;
			}
			state[b] = 2;
			post[npost++] = b;
			sp--;
		}
		/* this root's blocks in reverse postorder, after earlier roots' */
		for (uint32_t k = npost; k-- > seg;) {
			c->rpo[nrpo] = post[k];
			c->b[post[k]].rpo = nrpo++;
		}
	}
}

/* Loop depth: every block of the natural loop of a back edge t -> h
 * (h and the blocks reaching t without passing h) is one level deeper;
 * back edges sharing a head form one loop.  The back edges are grouped
 * by head first (issue 12: finding each head's edges by a scan of all
 * of them was quadratic in loops); the depths do not depend on the order
 * the loops are walked in. */
static void loops(struct ir_prog *p, struct ir_cfg *c)
{
	if (!c->nback)
		return;
	uint32_t nb = c->nb;
	uint32_t *mark = ir_alloc_raw(p, (nb + 1) * sizeof *mark);
	uint32_t *work = ir_alloc_raw(p, (nb + 1) * sizeof *work);
	for (uint32_t b = 0; b < nb; b++)
		mark[b] = IR_NO_BLOCK;
	/* tails of head h: tails[at[h] .. at[h + 1]) */
	uint32_t *at = ir_alloc(p, (nb + 2) * sizeof *at);   /* zeroed */
	uint32_t *put = ir_alloc_raw(p, (nb + 1) * sizeof *put);
	uint32_t *tails = ir_alloc_raw(p, (c->nback + 1) * sizeof *tails);
	for (uint32_t e = 0; e < c->nback; e++)
		at[c->back[e].head + 1]++;
	for (uint32_t h = 0; h < nb; h++) {
		at[h + 1] += at[h];
		put[h] = at[h];
	}
	for (uint32_t e = 0; e < c->nback; e++)
		tails[put[c->back[e].head]++] = c->back[e].tail;
	for (uint32_t h = 0; h < nb; h++) {
		if (at[h] == at[h + 1])
			continue;
		/* the body of the loop headed by h: from every tail backwards */
		uint32_t nw = 0;
		mark[h] = h;
		c->b[h].loop_depth++;
		for (uint32_t k = at[h]; k < at[h + 1]; k++) {
			uint32_t t = tails[k];
			if (mark[t] == h)
				continue;
			mark[t] = h;
			c->b[t].loop_depth++;
			work[nw++] = t;
		}
		while (nw) {
			const struct ir_block *bl = &c->b[work[--nw]];
			for (uint32_t k = 0; k < bl->npred; k++) {
				uint32_t q = bl->pred[k];
				if (mark[q] == h)
					continue;
				mark[q] = h;
				c->b[q].loop_depth++;
				work[nw++] = q;
			}
		}
	}
}

struct ir_cfg *ir_cfg_build(struct ir_prog *p)
{
	struct ir_cfg *c = ir_alloc(p, sizeof *c);
	make_blocks(p, c);
	if (!c->nb)
		return c;
	make_edges(p, c);
	order(p, c);
	loops(p, c);
	return c;
}

bool ir_cfg_moved(const struct ir_prog *p, const struct ir_cfg *c,
                  const uint32_t *lo, const uint32_t *self)
{
	for (uint32_t b = 0; b < c->nb; b++) {
		/* only a block's last instruction may end it (a rewrite keeps
		 * ops and options): nothing may follow it in its group */
		uint32_t last = c->b[b].end - 1;
		if (ends_block(&p->insts.a[self[last]]) &&
		    self[last] + 1 != lo[last + 1])
			return false;
	}
	return true;
}

void ir_cfg_move(struct ir_prog *p, struct ir_cfg *c, const uint32_t *lo,
                 uint32_t old_n, uint32_t *blk_of)
{
	uint32_t ni = lo[old_n];
	c->blk_of = blk_of;   /* the old one is not read */
	c->blk_of[ni] = 0;
	for (uint32_t b = 0; b < c->nb; b++) {
		c->b[b].first = lo[c->b[b].first];
		c->b[b].end = lo[c->b[b].end];
		for (uint32_t i = c->b[b].first; i < c->b[b].end; i++)
			c->blk_of[i] = b;
	}
	for (uint32_t l = 0; l < p->labels.n; l++)
		if (c->label_pos[l] >= 0)   /* a label is a group of its own */
			c->label_pos[l] = (int32_t)lo[c->label_pos[l]];
}
