/*
 * visaasm_flow.c - control-flow, synchronisation and miscellaneous
 * instructions of vISA assembly: jmp, goto, call/fccall, ret/fret, fcall,
 * ifcall, faddr, switchjmp; barrier, sampler_cache_flush, yield, wait,
 * fence_*, sbarrier, nbarrier; lifetime, FILE/LOC; raw_send[s] and
 * urb_write_3d.
 *
 * Fields are stored in binary order with the values Intel's
 * text-to-binary conversion gives them (BuildCISAIRImpl.cpp,
 * VISAKernelImpl.cpp of IGC 1.0.12504.6): jmp and switchjmp always get
 * execution size (M1, 1); labels are numbered in order of first mention
 * (a forward jump creates its label); fcall and faddr name their symbol
 * through a new string-pool entry; fence_local sets bit 5 of the mode,
 * fence_sw is 0x80; lifetime packs the variable class into bits 4-6.
 *
 * Spec: shared/spec/visa/instructions/ (JMP.md, GOTO.md, CALL.md, RET.md,
 * FCALL.md, IFCALL.md, FADDR.md, SWITCHJMP.md, BARRIER.md, WAIT.md,
 * FENCE.md, SBARRIER.md, NBARRIER.md, LIFETIME.md, FILE.md, LOC.md,
 * RAW_SEND.md, RAW_SENDS.md, URB_WRITE.md).
 */
#include "visaasm_read.h"

#include <string.h>

#include "arena.h"

struct va_frow;
typedef bool (*va_fhandler)(struct va_inst_ctx *c, const struct va_frow *r);

struct va_frow {
	const char *name;
	uint8_t opcode;
	uint16_t arg;       /* per-row detail: label kind, fence mode, ... */
	va_fhandler fn;
};

static bool va_no_pred(struct va_inst_ctx *c)
{
	if (!c->has_pred_text)
		return true;
	return va_fail(c->p, c->mn, "an instruction that takes a predicate");
}

/* ---- control flow ---- */

static bool va_target(struct va_parser *p, const char **name, size_t *len,
                      const struct va_token **at)
{
	const struct va_token *t = va_next(p);
	*at = t;
	if (t->kind == VA_STRING) {
		*name = t->str;
		*len = t->slen;
		return true;
	}
	if (t->kind != VA_IDENT)
		return va_fail(p, t, "a label name");
	*name = p->src + t->start;
	*len = t->len;
	return true;
}

static bool va_h_branch(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	const char *name;
	size_t len;
	const struct va_token *at;
	uint32_t id;
	if (!va_exec_size(p, &c->in.exec) || !va_target(p, &name, &len, &at) ||
	    !va_label_ref(p, at, name, len, 0, &id))
		return false;
	if (r->opcode == VISA_OP_JMP)
		c->in.exec = 0;  /* jmp is always (M1, 1) */
	va_other(va_op(c), 2, id);
	return va_emit(c);
}

static bool va_h_call(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	const char *name;
	size_t len;
	const struct va_token *at;
	uint32_t id;
	if (!va_exec_size(p, &c->in.exec) || !va_target(p, &name, &len, &at) ||
	    !va_label_ref(p, at, name, len, r->arg, &id))
		return false;
	va_other(va_op(c), 2, id);
	return va_emit(c);
}

static bool va_h_ret(struct va_inst_ctx *c, const struct va_frow *r)
{
	(void)r;
	return va_exec_size(c->p, &c->in.exec) && va_emit(c);
}

static bool va_arg_byte(struct va_parser *p, struct va_inst_ctx *c,
                        const char *what)
{
	const struct va_token *t = va_next(p);
	if (t->kind != VA_INT || t->is_hex || t->ival < 0 || t->ival > 255)
		return va_fail(p, t, what);
	va_other(va_op(c), 1, (uint64_t)t->ival);
	return true;
}

static bool va_h_fcall(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	(void)r;
	if (!va_exec_size(p, &c->in.exec))
		return false;
	const struct va_token *t = va_next(p);
	if (t->kind != VA_IDENT)
		return va_fail(p, t, "a function name");
	char *name = va_token_text(p, t);
	if (!name)
		return false;
	uint32_t k = va_add_string(p, name);
	if (k == UINT32_MAX)
		return false;
	va_other(va_op(c), 2, k);
	return va_arg_byte(p, c, "the argument size in GRFs") &&
	       va_arg_byte(p, c, "the return value size in GRFs") && va_emit(c);
}

static bool va_h_ifcall(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	(void)r;
	return va_exec_size(p, &c->in.exec) &&
	       va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)) &&
	       va_arg_byte(p, c, "the argument size in GRFs") &&
	       va_arg_byte(p, c, "the return value size in GRFs") && va_emit(c);
}

static bool va_h_faddr(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	const char *name;
	size_t len;
	const struct va_token *at;
	(void)r;
	if (!va_no_pred(c) || !va_target(p, &name, &len, &at))
		return false;
	char *s = vf_arena_strndup(p->a, name, len);
	if (!s)
		return va_oom(p);
	uint32_t k = va_add_string(p, s);
	if (k == UINT32_MAX)
		return false;
	va_other(va_op(c), 2, k);
	return va_dst(p, VA_OK_GEN | VA_OK_IND, va_op(c)) && va_emit(c);
}

static bool va_h_switchjmp(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	(void)r;
	if (!va_no_pred(c) || !va_exec_size(p, &c->in.exec))
		return false;
	c->in.exec = 0;  /* always (M1, 1) */
	struct vf_opnd *count = va_op(c);
	if (!va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)) ||
	    !va_expect(p, '(', "'(' opening the label list"))
		return false;
	unsigned n = 0;
	for (;;) {
		const struct va_token *t = va_peek(p);
		if (va_accept(p, ','))
			continue;
		if (va_is_punct(t, ')'))
			break;
		if (t->kind != VA_IDENT)
			return va_fail(p, t, "a label name or ')'");
		if (n == 32)
			return va_fail(p, t, "at most 32 labels");
		uint32_t id;
		va_next(p);
		if (!va_label_ref(p, t, p->src + t->start, t->len, 0, &id))
			return false;
		va_other(va_op(c), 2, id);
		n++;
	}
	va_next(p);
	if (n == 0)
		return va_fail(p, va_peek_at(p, 0), "at least one label");
	va_other(count, 1, n);
	return va_emit(c);
}

/* ---- synchronisation and miscellaneous ---- */

static bool va_h_plain(struct va_inst_ctx *c, const struct va_frow *r)
{
	(void)r;
	return va_no_pred(c) && va_emit(c);
}

static bool va_h_wait(struct va_inst_ctx *c, const struct va_frow *r)
{
	(void)r;
	if (!va_no_pred(c) || !va_src(c->p, VA_OK_GEN | VA_OK_IMM, va_op(c)))
		return false;
	if (vf_version(c->p->m) < 0x0301)
		c->n = 0;  /* no mask operand before vISA 3.1 */
	return va_emit(c);
}

static bool va_h_fence(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	unsigned mode = r->arg;  /* 0 global, 0x20 local, 0x80 sw */
	const struct va_token *w;
	if (!va_no_pred(c))
		return false;
	if (mode != 0x80 && va_dot_word(p, &w)) {
		for (size_t i = 0; i < w->len; i++) {
			char ch = p->src[w->start + i];
			const char *bits = "EISCR";
			const char *f = strchr(bits, ch);
			if (ch == 'L' && i + 1 < w->len &&
			    p->src[w->start + i + 1] == '1') {
				mode |= 0x40;
				i++;
			} else if (f && ch) {
				mode |= 1u << (f - bits);
			} else {
				return va_fail(p, w, "fence options (E, I, S, C, R, "
				               "L1)");
			}
		}
	}
	va_other(va_op(c), 1, mode);
	return va_emit(c);
}

static bool va_h_barrier_sw(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	bool signal = va_peek_dot_word(p, "signal");
	if (!va_no_pred(c))
		return false;
	if (!signal && !va_peek_dot_word(p, "wait"))
		return va_fail(p, va_peek(p), "'.signal' or '.wait'");
	va_next(p);
	va_next(p);
	va_other(va_op(c), 1, signal);
	if (r->opcode == VISA_OP_SBARRIER)
		return va_emit(c);
	/* nbarrier.signal id count / nbarrier.wait id (id written twice). */
	struct vf_opnd *id = va_op(c);
	if (!va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, id))
		return false;
	if (signal)
		return va_src(p, VA_OK_GEN | VA_OK_IND | VA_OK_IMM, va_op(c)) &&
		       va_emit(c);
	*va_op(c) = c->ops[1];
	return va_emit(c);
}

static bool va_h_lifetime(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	(void)r;
	bool start = va_peek_dot_word(p, "start");
	if (!va_no_pred(c))
		return false;
	if (!start && !va_peek_dot_word(p, "end"))
		return va_fail(p, va_peek(p), "'.start' or '.end'");
	va_next(p);
	va_next(p);
	const struct va_token *t = va_peek(p);
	const struct va_sym *s;
	if (t->kind != VA_IDENT)
		return va_fail(p, t, "a variable name");
	if (!va_var_name(p, &s, "a variable"))
		return false;
	unsigned cls;
	uint32_t id = s->index;
	if (s->cls == VA_SYM_GENERAL)
		cls = VISA_CLASS_GENERAL;
	else if (s->cls == VA_SYM_ADDRESS)
		cls = VISA_CLASS_ADDRESS;
	else if (s->cls == VA_SYM_PREDICATE)
		cls = VISA_CLASS_PREDICATE, id &= 0xFFF;
	else
		return va_fail(p, t, "a general, address or predicate variable");
	va_other(va_op(c), 1, (start ? 0u : 1u) | cls << 4);
	va_other(va_op(c), vf_decl_width(vf_version(p->m)), id);
	return va_emit(c);
}

static bool va_h_fileloc(struct va_inst_ctx *c, const struct va_frow *r)
{
	return va_no_pred(c) && va_file_loc(c->p, c->mn, r->arg);
}

static bool va_count_byte(struct va_parser *p, struct va_inst_ctx *c,
                          bool dot, bool hex_ok, unsigned size,
                          const char *what)
{
	if (dot && !va_expect(p, '.', what))
		return false;
	const struct va_token *t = va_next(p);
	if (t->kind != VA_INT || (t->is_hex && !hex_ok) || t->ival < 0 ||
	    (size == 1 && t->ival > 255))
		return va_fail(p, t, what);
	va_other(va_op(c), size, (uint64_t)t->ival);
	return true;
}

/* raw_send[c] exec exMsgDesc numSrc numDst desc src dst */
static bool va_h_raw_send(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	va_other(va_op(c), 1, r->arg);  /* modifier: 1 for sendc */
	if (!va_exec_size(p, &c->in.exec))
		return false;
	const struct va_token *t = va_peek(p);
	if (t->kind != VA_INT || !t->is_hex)
		return va_fail(p, t, "the extended message descriptor (hex)");
	return va_count_byte(p, c, false, true, 4, "an extended descriptor") &&
	       va_count_byte(p, c, false, false, 1, "the source size in GRFs") &&
	       va_count_byte(p, c, false, false, 1, "the response size in GRFs") &&
	       va_src(p, VA_OK_GEN | VA_OK_IMM, va_op(c)) &&
	       va_raw(p, true, false, va_op(c)) &&
	       va_raw(p, true, false, va_op(c)) && va_emit(c);
}

/* raw_sends[c][_eot] .ffid .s0 .s1 .dst exec exDesc desc src0 src1 dst;
 * the c forms have no ffid. */
static bool va_h_raw_sends(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	bool sendc = r->arg & 1;
	va_other(va_op(c), 1, r->arg);  /* bit 0 sendc, bit 1 eot */
	struct vf_opnd ffid;
	va_other(&ffid, 1, 0);
	if (!sendc) {
		const struct va_token *t = va_peek_at(p, 1);
		if (!va_expect(p, '.', "'.' and the function id") ||
		    t->kind != VA_INT || t->ival < 0 || t->ival > 255)
			return va_fail(p, t, "a function id");
		va_next(p);
		va_other(&ffid, 1, (uint64_t)t->ival);
	}
	if (!va_count_byte(p, c, true, false, 1, "'.' and the src0 size") ||
	    !va_count_byte(p, c, true, false, 1, "'.' and the src1 size") ||
	    !va_count_byte(p, c, true, false, 1, "'.' and the response size"))
		return false;
	if (vf_version(p->m) > 0x0305)
		*va_op(c) = ffid;
	return va_exec_size(p, &c->in.exec) &&
	       va_src(p, VA_OK_GEN | VA_OK_IMM, va_op(c)) &&
	       va_src(p, VA_OK_GEN | VA_OK_IMM, va_op(c)) &&
	       va_raw(p, true, false, va_op(c)) &&
	       va_raw(p, true, false, va_op(c)) &&
	       va_raw(p, true, false, va_op(c)) && va_emit(c);
}

/* urb_write_3d exec numOut globalOffset channelMask handle perSlot data */
static bool va_h_urb_write(struct va_inst_ctx *c, const struct va_frow *r)
{
	struct va_parser *p = c->p;
	(void)r;
	if (!va_exec_size(p, &c->in.exec))
		return false;
	const struct va_token *n = va_next(p), *g = va_next(p);
	if (n->kind != VA_INT || n->is_hex || n->ival < 0 || n->ival > 255)
		return va_fail(p, n, "the number of output parameters");
	if (g->kind != VA_INT || g->is_hex || g->ival < 0 || g->ival > 0xFFFF)
		return va_fail(p, g, "the global offset");
	va_other(va_op(c), 1, (uint64_t)n->ival);
	if (!va_raw(p, true, false, va_op(c)))
		return false;
	va_other(va_op(c), 2, (uint64_t)g->ival);
	return va_raw(p, true, false, va_op(c)) &&
	       va_raw(p, true, false, va_op(c)) &&
	       va_raw(p, true, false, va_op(c)) && va_emit(c);
}

static bool va_h_unsupported(struct va_inst_ctx *c, const struct va_frow *r)
{
	(void)r;
	return va_fail(c->p, c->mn, "an instruction of vISA 4.1 (asin, acos "
	               "and atan have no vISA opcode)");
}

static const struct va_frow va_flow_rows[] = {
	{ "asin", 0, 0, va_h_unsupported },
	{ "acos", 0, 0, va_h_unsupported },
	{ "atan", 0, 0, va_h_unsupported },
	{ "jmp", VISA_OP_JMP, 0, va_h_branch },
	{ "goto", VISA_OP_GOTO, 0, va_h_branch },
	{ "call", VISA_OP_CALL, 1, va_h_call },
	{ "fccall", VISA_OP_CALL, 2, va_h_call },
	{ "ret", VISA_OP_RET, 0, va_h_ret },
	{ "fret", VISA_OP_FRET, 0, va_h_ret },
	{ "fcall", VISA_OP_FCALL, 0, va_h_fcall },
	{ "ifcall", VISA_OP_IFCALL, 0, va_h_ifcall },
	{ "faddr", VISA_OP_FADDR, 0, va_h_faddr },
	{ "switchjmp", VISA_OP_SWITCHJMP, 0, va_h_switchjmp },
	{ "barrier", VISA_OP_BARRIER, 0, va_h_plain },
	{ "sampler_cache_flush", VISA_OP_SAMPLR_CACHE_FLUSH, 0, va_h_plain },
	{ "yield", VISA_OP_YIELD, 0, va_h_plain },
	{ "wait", VISA_OP_WAIT, 0, va_h_wait },
	{ "fence_global", VISA_OP_FENCE, 0, va_h_fence },
	{ "fence_local", VISA_OP_FENCE, 0x20, va_h_fence },
	{ "fence_sw", VISA_OP_FENCE, 0x80, va_h_fence },
	{ "sbarrier", VISA_OP_SBARRIER, 0, va_h_barrier_sw },
	{ "nbarrier", VISA_OP_NBARRIER, 0, va_h_barrier_sw },
	{ "lifetime", VISA_OP_LIFETIME, 0, va_h_lifetime },
	{ "FILE", VISA_OP_FILE, 1, va_h_fileloc },
	{ "LOC", VISA_OP_LOC, 0, va_h_fileloc },
	{ "raw_send", VISA_OP_RAW_SEND, 0, va_h_raw_send },
	{ "raw_sendc", VISA_OP_RAW_SEND, 1, va_h_raw_send },
	{ "raw_sends", VISA_OP_RAW_SENDS, 0, va_h_raw_sends },
	{ "raw_sends_eot", VISA_OP_RAW_SENDS, 2, va_h_raw_sends },
	{ "raw_sendsc", VISA_OP_RAW_SENDS, 1, va_h_raw_sends },
	{ "raw_sendsc_eot", VISA_OP_RAW_SENDS, 3, va_h_raw_sends },
	{ "urb_write_3d", VISA_OP_3D_URB_WRITE, 0, va_h_urb_write },
};

bool va_flow_instruction(struct va_inst_ctx *c, const char *mn, size_t len,
                         bool *handled)
{
	*handled = true;
	for (size_t i = 0; i < sizeof va_flow_rows / sizeof va_flow_rows[0];
	     i++) {
		const struct va_frow *r = &va_flow_rows[i];
		if (strlen(r->name) != len || memcmp(r->name, mn, len) != 0)
			continue;
		c->in.opcode = r->opcode;
		return r->fn(c, r);
	}
	*handled = false;
	return false;
}
