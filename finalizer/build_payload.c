/*
 * build_payload.c - the source payloads of a message: which operands a
 * SEND can read where they are, and copies for the rest.
 *
 * A message is a list of parts (header, parameters, data), each one or
 * more whole GRFs.  A split send (sends; Gen12 send) reads two
 * payloads, each a run of consecutive GRFs; a plain send one.  Parts
 * that already sit one after the other in one register, GRF-aligned,
 * form a run the SEND can read in place.  As IGC's preparePayload
 * (visa/VisaToG4/TranslateMisc.cpp, facts only): the parts from the
 * first form the first payload as long as they are one run; the rest is
 * the second payload, in place when it is one run too, otherwise copied
 * into a new register.  Without split sends a message that is not one
 * run is copied whole.  When the first part cannot be read in place,
 * the last run still can be: the parts before it are copied into the
 * first payload.
 *
 * Copies are movs with the current instruction's execution mask (no
 * predicate): the channels the message reads are those it has.
 */
#include "config.h"

#include <string.h>

#include "build.h"

bool bld_in_place(struct bld *b, const struct ir_opnd *o, unsigned grfs)
{
	if (o->kind != IR_O_REG)
		return false;
	const struct ir_vreg *v = ir_vreg(b->p, o->v);
	if (v->file != IR_RF_GRF || o->off % IR_GRF_BYTES)
		return false;
	if (v->pin >= 0 ? v->pin % IR_GRF_BYTES != 0 : v->align < IR_GRF_BYTES)
		return false;
	return (uint32_t)o->off + grfs * IR_GRF_BYTES <= bld_grf_room(v);
}

/* Part 'i' can be read where it is. */
static bool part_in_place(struct bld *b, const struct bld_part *pt)
{
	if (pt->o.kind != IR_O_REG || pt->copy_only)
		return false;
	if (pt->n > 1 && gen_type_size((enum gen_type)pt->o.type) != 4)
		return false;
	return bld_in_place(b, &pt->o, pt->grfs);
}

/* Part 'i + 1' continues part i's run: the same register, the next GRF. */
static bool continues(const struct bld_part *a, const struct bld_part *n)
{
	return n->o.v == a->o.v &&
	       n->o.off == a->o.off + (int32_t)(a->grfs * IR_GRF_BYTES);
}

/* Length of the run of in-place parts from 'i'. */
static unsigned run_from(struct bld *b, const struct bld_part *pt,
                         unsigned np, unsigned i)
{
	if (i >= np || !part_in_place(b, &pt[i]))
		return 0;
	unsigned k = i + 1;
	while (k < np && part_in_place(b, &pt[k]) && continues(&pt[k - 1], &pt[k]))
		k++;
	return k - i;
}

static unsigned grfs_of(const struct bld_part *pt, unsigned from, unsigned to)
{
	unsigned g = 0;
	for (unsigned i = from; i < to; i++)
		g += pt[i].grfs;
	return g;
}

/* Copy parts [from, to) into a new payload. */
static uint32_t copy_parts(struct bld *b, const struct bld_part *pt,
                           unsigned from, unsigned to)
{
	uint32_t pl = bld_payload(b, grfs_of(pt, from, to));
	unsigned at = 0;
	for (unsigned i = from; i < to; i++) {
		const struct bld_part *p = &pt[i];
		if (p->o.kind == IR_O_REG) {
			struct ir_inst *in = ir_emit(b->p, GEN_OP_MOV, p->n);
			bld_exec(b, in);
			in->exec = (uint8_t)p->n;
			if (p->nomask) {
				in->nomask = true;
				in->choff = 0;
			}
			enum gen_type t = gen_type_size((enum gen_type)p->o.type) == 4
			                  ? (enum gen_type)p->o.type : GEN_TYPE_UD;
			in->dst = ir_dst(pl, (int32_t)(at * IR_GRF_BYTES), t, 1);
			in->src[0] = p->o;
			in->src[0].type = (uint8_t)t;
			in->src[0].rgn = p->n == 1 ? (struct gen_region){ 0, 1, 0 }
			                           : (struct gen_region){ 1, 1, 0 };
			in->nsrc = 1;
		}
		at += p->grfs;
	}
	return pl;
}

void bld_prepare_payload(struct bld *b, const struct bld_part *pt,
                         unsigned np, struct bld_msg_srcs *out)
{
	memset(out, 0, sizeof *out);
	bool split = b->p->plat->caps.split_send;
	unsigned r0 = run_from(b, pt, np, 0);
	if (r0 == np) {
		out->v[0] = pt[0].o.v;
		out->off[0] = pt[0].o.off;
		out->len[0] = grfs_of(pt, 0, np);
		return;
	}
	if (split && r0) {
		out->v[0] = pt[0].o.v;
		out->off[0] = pt[0].o.off;
		out->len[0] = grfs_of(pt, 0, r0);
		out->len[1] = grfs_of(pt, r0, np);
		if (run_from(b, pt, np, r0) == np - r0) {
			out->v[1] = pt[r0].o.v;
			out->off[1] = pt[r0].o.off;
		} else {
			out->v[1] = copy_parts(b, pt, r0, np);
		}
		return;
	}
	if (split && np > 1) {
		/* the last run in place, what precedes it copied */
		unsigned last = np - 1;
		while (last > 0 && part_in_place(b, &pt[last - 1]) &&
		       part_in_place(b, &pt[last]) &&
		       continues(&pt[last - 1], &pt[last]))
			last--;
		if (part_in_place(b, &pt[last]) && last > 0) {
			out->v[0] = copy_parts(b, pt, 0, last);
			out->len[0] = grfs_of(pt, 0, last);
			out->v[1] = pt[last].o.v;
			out->off[1] = pt[last].o.off;
			out->len[1] = grfs_of(pt, last, np);
			return;
		}
	}
	out->v[0] = copy_parts(b, pt, 0, np);
	out->len[0] = grfs_of(pt, 0, np);
}
