/*
 * print.c - the finalizer IR as text, in a Gen-assembly-like syntax with
 * virtual registers ("v12+32:d<8;8,1>"), for dumps and tests.
 *
 * Input: a struct ir_prog at any stage.  Output: a malloc'ed string.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../encoder/gen.h"
#include "ir.h"

struct pbuf {
	char *s;
	size_t n, cap;
	bool oom;
};

static void pf(struct pbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void pf(struct pbuf *b, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		size_t room = b->cap - b->n;
		va_start(ap, fmt);
		int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? room : 0, fmt, ap);
		va_end(ap);
		if (k < 0 || b->oom)
			return;
		if ((size_t)k < room) {
			b->n += (size_t)k;
			return;
		}
		size_t nc = (b->cap ? b->cap * 2 : 4096) + (size_t)k;
		char *ns = realloc(b->s, nc);
		if (!ns) {
			b->oom = true;
			return;
		}
		b->s = ns;
		b->cap = nc;
	}
}

static const char *file_letter(const struct ir_prog *p, uint32_t v)
{
	static const char *const l[IR_RF_COUNT] = { "v", "f", "a" };
	return l[p->vregs.a[v].file];
}

static void print_opnd(struct pbuf *b, const struct ir_prog *p,
                       const struct ir_opnd *o, bool dst)
{
	const char *neg = o->mods & GEN_MOD_NEG ? "-" : "";
	const char *abs = o->mods & GEN_MOD_ABS ? "(abs)" : "";
	const char *t = gen_type_name((enum gen_type)o->type);
	switch (o->kind) {
	case IR_O_REG:
		pf(b, "%s%s%s%u+%d", neg, abs, file_letter(p, o->v), o->v, o->off);
		break;
	case IR_O_IND:
		pf(b, "%s%sr[a%u+%u,%d]", neg, abs, o->v, o->aoff, o->off);
		break;
	case IR_O_IMM:
		pf(b, "0x%llx:%s", (unsigned long long)o->imm, t);
		return;
	case IR_O_STACKTOP:
		pf(b, "stacktop:%s", t);
		return;
	case IR_O_ADDROF:
		pf(b, "&v%u+%d:%s", o->v, o->off, t);
		return;
	case IR_O_LABEL:
		pf(b, "%s", p->labels.a[o->v].name ? p->labels.a[o->v].name : "?");
		return;
	case IR_O_ARF:
		pf(b, "%s%s%s%u.%d", neg, abs, plat_regname((enum gen_regname)o->rn),
		   o->nr, o->off);
		break;
	default:
		pf(b, "?");
		return;
	}
	if (dst)
		pf(b, "<%u>:%s", o->rgn.hs, t);
	else if (o->rgn.vs == GEN_VS_VXH)
		pf(b, "<%u,%u>:%s", o->rgn.w, o->rgn.hs, t);
	else
		pf(b, "<%u;%u,%u>:%s", o->rgn.vs, o->rgn.w, o->rgn.hs, t);
}

/* SWSB as IGA writes it: {@2 $3} distance (with a pipe letter when one
 * is named: F@2), token set $3, wait $3.dst / $3.src. */
static void print_swsb(struct pbuf *b, const struct ir_swsb *w)
{
	static const char *const pipe[] = { "", "F", "I", "L", "M" };
	static const char *const mode[] = { "", "", ".dst", ".src" };
	if (!w->dist && !w->mode)
		return;
	pf(b, " {");
	if (w->dist)
		pf(b, "%s@%u", w->pipe < 5 ? pipe[w->pipe] : "?", w->dist);
	if (w->mode)
		pf(b, "%s$%u%s", w->dist ? " " : "", w->sbid,
		   w->mode < 4 ? mode[w->mode] : "?");
	pf(b, "}");
}

static void print_inst(struct pbuf *b, const struct ir_prog *p,
                       const struct ir_inst *in)
{
	if (in->op == IR_OP_LABEL) {
		pf(b, "%s:\n", p->labels.a[in->src[0].v].name);
		return;
	}
	pf(b, "    ");
	if (in->nomask || in->pred)
		pf(b, "(%s%s%sf%u) ", in->nomask ? "W" : "", in->pred ? "&" : "",
		   in->pinv ? "~" : "", in->pred ? in->flag : 0);
	const char *mn = in->op < GEN_OP_COUNT ? gen_op_table[in->op].mnemonic
	                                       : "?";
	pf(b, "%s", mn);
	if (in->op == GEN_OP_MATH)
		pf(b, ".%s", gen_math_name(in->fc) ? gen_math_name(in->fc) : "?");
	pf(b, " (%u|M%u)", in->exec, in->choff);
	if (in->cmod)
		pf(b, " (%s)f%u", gen_cmod_name(in->cmod), in->flag);
	if (in->sat)
		pf(b, " (sat)");
	if (in->dst.kind != IR_O_NONE) {
		pf(b, " ");
		print_opnd(b, p, &in->dst, true);
	}
	for (unsigned s = 0; s < in->nsrc; s++) {
		pf(b, " ");
		print_opnd(b, p, &in->src[s], false);
	}
	if (ir_is_send(in->op))
		pf(b, " sfid=%u desc=0x%08x%s exdesc=0x%x m%u x%u r%u%s", in->sfid,
		   in->desc, in->desc_reg ? "+a" : "", in->exdesc, in->mlen,
		   in->xlen, in->rlen, in->opts & GEN_OPT_EOT ? " EOT" : "");
	if (in->jip >= 0)
		pf(b, " jip=%s", p->labels.a[in->jip].name);
	if (in->uip >= 0)
		pf(b, " uip=%s", p->labels.a[in->uip].name);
	print_swsb(b, &in->swsb);
	pf(b, "   // $%u\n", in->loc);
}

char *ir_print(const struct ir_prog *p)
{
	struct pbuf b = { 0 };
	for (uint32_t v = 1; v < p->vregs.n; v++) {
		const struct ir_vreg *r = &p->vregs.a[v];
		pf(&b, "// %s%u size=%u align=%u%s%s", file_letter(p, v), v, r->size,
		   r->align, r->pin >= 0 ? " pin=" : "", "");
		if (r->pin >= 0)
			pf(&b, "%d", r->pin);
		if (r->loc >= 0)
			pf(&b, " loc=%d", r->loc);
		if (r->flags & IR_V_SPILLED)
			pf(&b, " spilled@%d", r->slot);
		pf(&b, "%s%s\n", r->name ? " " : "", r->name ? r->name : "");
	}
	for (uint32_t i = 0; i < p->insts.n; i++)
		print_inst(&b, p, &p->insts.a[i]);
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	return b.s ? b.s : calloc(1, 1);
}
