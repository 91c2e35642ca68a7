/*
 * disasm.c - struct gen_inst -> Gen assembly in IGA syntax, and whole
 * kernels the way "iga64 -d" lists them.
 *
 * The layout follows IGA's formatter: columns (predication 7, opcode and
 * execution size 13, flag modifier 9, destination 12 (send 7), sources
 * 16 (send 6), descriptors 10) padded with spaces, where an overlong
 * column borrows from the padding of later ones; operands print only
 * what is not implied (implicit send/branch regions and types are
 * omitted), immediates by type (signed types in decimal, unsigned in
 * hex, floats in the shortest "%g"/"%e" form that reads back exactly).
 * Kernels get block labels "L<pc>:" at offset 0, at every branch target,
 * after every branch and after EOT.
 *
 * Sources: IGC visa/iga/IGALibrary/Frontend/Formatter.cpp (syntax,
 * columns, what is omitted), IRToString.hpp (names), Floats.cpp (float
 * printing), Models/OpSpec.cpp (implicit regions and types),
 * IR/Block.cpp (block starts).  Text helpers are in disasm_text.c.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "disasm_priv.h"

static void fmt_flag(struct dfmt *f, const struct gen_inst *in)
{
	tx_putc(f, 'f');
	tx_uint(f, in->flag_nr);
	tx_putc(f, '.');
	tx_uint(f, in->flag_sub);
}

static void fmt_pred(struct dfmt *f, const struct gen_inst *in)
{
	bool nomask = in->opts & GEN_OPT_NOMASK;
	col_start(f, 7);
	if (nomask || in->pred) {
		tx_putc(f, '(');
		if (nomask)
			tx_puts(f, in->pred ? "W&" : "W");
		if (in->pred) {
			if (in->pred_inv)
				tx_putc(f, '~');
			fmt_flag(f, in);
			tx_puts(f, gen_pred_name(in->pred));
		}
		tx_putc(f, ')');
	}
	col_finish(f);
}

static void fmt_mnemonic(struct dfmt *f, const struct gen_inst *in)
{
	const struct gen_op_info *oi = &gen_op_table[in->op];
	col_start(f, 13);
	tx_puts(f, oi->mnemonic);
	const char *sub = NULL;
	if (in->op == GEN_OP_MATH)
		sub = gen_math_name(in->fc);
	else if (in->op == GEN_OP_SYNC)
		sub = gen_sync_name(in->fc);
	else if ((in->op == GEN_OP_SEND || in->op == GEN_OP_SENDC) &&
	         f->p->caps.sfid_in_inst)
		sub = gen_sfid_name(in->sfid);
	else if (in->opts & GEN_OPT_BRANCHCTRL)
		sub = "b";
	if (sub) {
		tx_putc(f, '.');
		tx_puts(f, sub);
	}
	tx_putc(f, ' ');
	bool implicit_em = in->op == GEN_OP_SYNC || in->op == GEN_OP_NOP ||
	                   in->op == GEN_OP_ILLEGAL || in->op == GEN_OP_JMPI ||
	                   in->op == GEN_OP_WAIT;
	if (!implicit_em) {
		/* "(%u|M%u)" without printf: one per instruction */
		tx_putc(f, '(');
		tx_uint(f, in->exec_size);
		tx_puts(f, "|M");
		tx_uint(f, in->chan_off);
		tx_putc(f, ')');
	}
	col_finish(f);
}

static void fmt_flag_mod(struct dfmt *f, const struct gen_inst *in)
{
	col_start(f, 9);
	if (in->cmod && !f->send && gen_cmod_name(in->cmod)) {
		tx_putc(f, '(');
		tx_puts(f, gen_cmod_name(in->cmod));
		tx_putc(f, ')');
		fmt_flag(f, in);
	}
	col_finish(f);
}

static bool has_opt_tokens(const struct dfmt *f, const struct gen_inst *in)
{
	uint32_t shown = in->opts & ~(GEN_OPT_NOMASK | GEN_OPT_BRANCHCTRL);
	return shown || (f->p->caps.swsb &&
	                 (in->swsb.has_dist || in->swsb.mode));
}

static void fmt_opts(struct dfmt *f, const struct gen_inst *in)
{
	static const struct { uint32_t bit; const char *name; } order[] = {
		{ GEN_OPT_ACCWREN, "AccWrEn" }, { GEN_OPT_ATOMIC, "Atomic" },
		{ GEN_OPT_BREAKPOINT, "Breakpoint" },
		{ GEN_OPT_COMPACTED, "Compacted" }, { GEN_OPT_EOT, "EOT" },
		{ GEN_OPT_NODDCHK, "NoDDChk" }, { GEN_OPT_NODDCLR, "NoDDClr" },
		{ GEN_OPT_NOPREEMPT, "NoPreempt" },
		{ GEN_OPT_NOSRCDEPSET, "NoSrcDepSet" }, { GEN_OPT_SWITCH, "Switch" },
		{ GEN_OPT_SERIALIZE, "Serialize" },
	};
	if (!has_opt_tokens(f, in))
		return;
	bool first = true;
	tx_puts(f, " {");
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		if (!(in->opts & order[i].bit))
			continue;
		tx_puts(f, first ? "" : ",");
		tx_puts(f, order[i].name);
		first = false;
	}
	const struct gen_swsb *s = &in->swsb;
	if (f->p->caps.swsb && (s->has_dist || s->mode)) {
		if (!first)
			tx_putc(f, ',');
		if (s->has_dist) {
			tx_putc(f, '@');
			tx_uint(f, s->dist);
		}
		if (s->has_dist && s->mode)
			tx_putc(f, ',');
		if (s->mode) {
			tx_putc(f, '$');
			tx_uint(f, s->sbid);
			tx_puts(f, s->mode == GEN_SBID_DST ? ".dst"
			        : s->mode == GEN_SBID_SRC ? ".src" : "");
		}
	}
	tx_putc(f, '}');
}

static void fmt_desc(struct dfmt *f, const struct gen_desc *d,
                     unsigned digits)
{
	col_start(f, 10);
	if (d->is_reg) {
		tx_puts(f, "a0.");
		tx_uint(f, d->a0_sub);
	} else {
		tx_puts(f, "0x");
		tx_hex(f, d->imm, digits);
	}
	col_finish(f);
}

/* IGA's comment starts with the payload lengths (the message decoding
 * after them is not reproduced). */
static void fmt_send_comment(struct dfmt *f, const struct gen_inst *in)
{
	if (in->desc.is_reg || in->exdesc.is_reg)
		return;
	tx_puts(f, " // wr:");
	tx_uint(f, in->src0_len);
	tx_putc(f, '+');
	tx_uint(f, in->src1_len);
	tx_puts(f, ", rd:");
	tx_uint(f, in->dst_len);
}

static void fmt_sync_list(struct dfmt *f, const struct gen_inst *in)
{
	uint32_t m = (uint32_t)in->src[0].imm;
	bool first = true;
	tx_putc(f, '(');
	for (unsigned i = 0; i < 32; i++) {
		if (!(m & (1u << i)))
			continue;
		tx_puts(f, first ? "$" : ",$");
		tx_uint(f, i);
		first = false;
	}
	tx_putc(f, ')');
}

static void fmt_sources(struct dfmt *f, const struct gen_inst *in)
{
	bool sync_list = in->op == GEN_OP_SYNC && in->src[0].kind == GEN_OPND_IMM &&
	                 (in->fc == GEN_SYNC_ALLRD || in->fc == GEN_SYNC_ALLWR);
	tx_puts(f, "  ");
	if (sync_list)
		fmt_sync_list(f, in);
	else
		dis_src(f, in, 0);
	if (in->nsrc >= 2) {
		tx_puts(f, "  ");
		dis_src(f, in, 1);
	} else if (in->op != GEN_OP_SEND && in->op != GEN_OP_SENDC) {
		col_start(f, 16);
		col_finish(f);
	}
	if (in->nsrc >= 3) {
		tx_puts(f, "  ");
		dis_src(f, in, 2);
	}
}

void gen_format_inst(const struct plat_info *p, const struct gen_inst *in,
                     struct gen_text *out)
{
	struct dfmt f = { .p = p, .t = out, .col = (size_t)-1 };
	dis_facts(&f, in);
	fmt_pred(&f, in);
	tx_putc(&f, ' ');
	fmt_mnemonic(&f, in);
	tx_putc(&f, ' ');
	fmt_flag_mod(&f, in);
	bool opts = has_opt_tokens(&f, in);
	if (dis_has_dst(in)) {
		tx_puts(&f, "  ");
		dis_dst(&f, in);
	} else if (in->nsrc > 0 || opts) {
		tx_spaces(&f, 12);
	}
	if (in->nsrc == 0) {
		if (opts)
			tx_spaces(&f, 16);
	} else {
		fmt_sources(&f, in);
	}
	if (f.send) {
		tx_puts(&f, "  ");
		fmt_desc(&f, &in->exdesc, 0);
		tx_puts(&f, "  ");
		fmt_desc(&f, &in->desc, 8);
	}
	fmt_opts(&f, in);
	if (f.send)
		fmt_send_comment(&f, in);
	text_end(out);
}

/* ---- kernels ----------------------------------------------------------- */

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static bool is_branching(const struct gen_inst *in)
{
	return gen_op_is_branch(in->op);
}

/* Block starts as IGA infers them; returns a sorted, unique array. */
static uint32_t *block_starts(const struct gen_inst *insts, size_t n,
                              size_t *count)
{
	uint32_t *b = malloc(sizeof(*b) * (3 * n + 1));
	size_t k = 0;
	if (!b)
		return NULL;
	b[k++] = 0;
	for (size_t i = 0; i < n; i++) {
		const struct gen_inst *in = &insts[i];
		uint32_t next = in->pc + in->length;
		if (is_branching(in)) {
			b[k++] = next;
			for (unsigned s = 0; s < in->nsrc && s < 2; s++)
				if (in->src[s].kind == GEN_OPND_LABEL)
					b[k++] = (uint32_t)in->src[s].imm;
		} else if (in->opts & GEN_OPT_EOT) {
			b[k++] = next;
		}
	}
	qsort(b, k, sizeof(*b), cmp_u32);
	size_t u = 0;
	for (size_t i = 0; i < k; i++)
		if (u == 0 || b[u - 1] != b[i])
			b[u++] = b[i];
	*count = u;
	return b;
}

static void print_label(struct gen_text *t, uint32_t pc)
{
	text_mem(t, "L", 1);
	text_uint(t, pc);
	text_mem(t, ":\n", 2);
}

static void print_kernel(const struct plat_info *p, const struct gen_inst *insts,
                         size_t n, struct gen_text *t)
{
	size_t nb = 0, bi = 0;
	uint32_t *blocks = block_starts(insts, n, &nb);
	if (!blocks) {
		t->oom = true;
		return;
	}
	/* about 100 characters a line: one allocation for most kernels */
	text_reserve(t, 128 * n + 16 * nb);
	for (size_t i = 0; i < n; i++) {
		while (bi < nb && blocks[bi] <= insts[i].pc)
			print_label(t, blocks[bi++]);
		gen_format_inst(p, &insts[i], t);
		text_mem(t, "\n", 1);
	}
	while (bi < nb)
		print_label(t, blocks[bi++]);
	text_end(t);
	free(blocks);
}

static bool is_inst_start(const struct gen_inst *insts, size_t n, uint32_t pc)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (insts[mid].pc < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && insts[lo].pc == pc;
}

/* Every label must be an instruction start or the end of the kernel
 * (IGA's block inference reports the same errors). */
static enum vf_status check_targets(const struct gen_inst *insts, size_t n,
                                    size_t size, const char *name,
                                    struct vf_error *err)
{
	for (size_t i = 0; i < n; i++) {
		for (unsigned s = 0; s < insts[i].nsrc && s < 2; s++) {
			const struct gen_opnd *o = &insts[i].src[s];
			if (o->kind != GEN_OPND_LABEL)
				continue;
			int64_t t = (int64_t)o->imm;
			const char *why = t < 0 ? "before the kernel"
			                  : t > (int64_t)size ? "after the kernel"
			                  : t < (int64_t)size &&
			                    !is_inst_start(insts, n, (uint32_t)t)
			                  ? "inside an instruction" : NULL;
			if (why)
				return vf_err_at(err, name, insts[i].pc, "%s: target %lld "
				                 "is %s", s ? "UIP" : "JIP", (long long)t,
				                 why);
		}
	}
	return VF_OK;
}

void gen_text_append(struct gen_text *t, const char *s, size_t n)
{
	text_mem(t, s, n);
	text_end(t);
}

enum vf_status gen_disasm_append(const struct plat_info *p,
                                 const uint8_t *bytes, size_t size,
                                 const char *name, struct gen_text *t,
                                 struct vf_error *err)
{
	size_t cap = size / 8 + 1, n = 0;
	struct gen_inst *insts = malloc(sizeof(*insts) * cap);
	if (!insts)
		return vf_err_oom(err);
	for (size_t pc = 0; pc < size; pc += insts[n++].length) {
		enum vf_status st = gen_decode(p, bytes, size, pc, name, &insts[n],
		                               err);
		if (st != VF_OK) {
			free(insts);
			return st;
		}
	}
	enum vf_status st = check_targets(insts, n, size, name, err);
	if (st != VF_OK) {
		free(insts);
		return st;
	}
	print_kernel(p, insts, n, t);
	free(insts);
	if (!t->oom && !t->s)
		text_printf(t, "%s", "");
	return t->oom ? vf_err_oom(err) : VF_OK;
}

enum vf_status gen_disasm(const struct plat_info *p, const uint8_t *bytes,
                          size_t size, const char *name, char **out,
                          struct vf_error *err)
{
	struct gen_text t = { 0 };
	enum vf_status st = gen_disasm_append(p, bytes, size, name, &t, err);
	if (st != VF_OK) {
		gen_text_free(&t);
		return st;
	}
	*out = t.s;
	return VF_OK;
}

enum vf_status gen_check_kernel(const struct plat_info *p, const uint8_t *bytes,
                                size_t size, const char *name,
                                struct vf_error *err)
{
	if (size == 0 || size % 8)
		return vf_err(err, VF_ERR_INPUT, "%s: %zu bytes is not a Gen kernel "
		              "(whole 8- or 16-byte instructions)", name, size);
	size_t cap = size / 8 + 1, n = 0;
	struct gen_inst *insts = malloc(sizeof(*insts) * cap);
	if (!insts)
		return vf_err_oom(err);
	enum vf_status st = VF_OK;
	for (size_t pc = 0; pc < size && st == VF_OK; pc += insts[n++].length)
		st = gen_decode(p, bytes, size, pc, name, &insts[n], err);
	if (st == VF_OK)
		st = check_targets(insts, n, size, name, err);
	/* A thread ends with a send carrying EOT.  The kernel's code comes
	 * first; subroutines and stack-call functions after it end in ret. */
	bool eot = false;
	for (size_t i = 0; i < n; i++)
		eot |= (insts[i].opts & GEN_OPT_EOT) != 0;
	if (st == VF_OK && !eot)
		st = vf_err(err, VF_ERR_INPUT, "%s: not a %s kernel: no instruction "
		            "ends the thread (EOT)", name, p->name);
	else if (st == VF_OK && !(insts[n - 1].opts & GEN_OPT_EOT) &&
	         insts[n - 1].op != GEN_OP_RET)
		st = vf_err(err, VF_ERR_INPUT, "%s: not a %s kernel: it ends at byte "
		            "%u with neither EOT nor ret", name, p->name,
		            insts[n - 1].pc);
	free(insts);
	return st;
}
