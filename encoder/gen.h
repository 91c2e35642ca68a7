/*
 * gen.h - the Gen instruction layer: operation table, decoder,
 * decompaction and the IGA-syntax disassembler.
 *
 *   bytes --gen_decode--> struct gen_inst --gen_format_inst--> text
 *   (compacted 8-byte instructions are expanded by gen_uncompact first)
 *
 * Errors are input errors (VF_ERR_INPUT) naming the byte offset of the
 * instruction and the field that is wrong; unsupported encodings are
 * VF_ERR_UNSUPPORTED.  Nothing here prints or exits.
 */
#ifndef VISAFIN_GEN_H
#define VISAFIN_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "visafin.h"
#include "gen_fields.h"
#include "gen_inst.h"
#include "../platforms/platform.h"

/* One row of platforms/gen_ops.def. */
struct gen_op_info {
	const char *mnemonic;
	uint8_t fmt;           /* enum gen_fmt */
	uint8_t attrs;         /* enum gen_op_attr */
	int16_t hw[GEN_ENC_COUNT];  /* opcode per family, -1 if absent */
};

extern const struct gen_op_info gen_op_table[GEN_OP_COUNT];

/* Opcode classes, read from the format column of gen_ops.def (the one
 * opcode-attribute table; encoder, finalizer and simulator ask these
 * instead of keeping their own lists). */
/* Inline: the passes ask them of every instruction, several times
 * (issue 12). */
static inline unsigned gen_op_fmt(unsigned op)
{
	return op < GEN_OP_COUNT ? gen_op_table[op].fmt : GEN_FMT_NULLARY;
}
/* Control flow with a jump target (jmpi, if/else/endif, while, break,
 * cont, halt, goto/join, call/calla, ret, brd, brc). */
static inline bool gen_op_is_branch(unsigned op)
{
	switch (gen_op_fmt(op)) {
	case GEN_FMT_JMP_JIP: case GEN_FMT_JMP_JIP_UIP: case GEN_FMT_JMPI:
	case GEN_FMT_CALL: case GEN_FMT_RET: case GEN_FMT_BRD: case GEN_FMT_BRC:
		return true;
	default:
		return false;
	}
}
/* send, sendc, sends, sendsc. */
static inline bool gen_op_is_send(unsigned op)
{
	unsigned f = gen_op_fmt(op);
	return f == GEN_FMT_SEND || f == GEN_FMT_SENDS;
}
/* Three sources (mad, lrp, bfe, bfi2, csel, madm, dp4a). */
static inline bool gen_op_is_three_src(unsigned op)
{
	return gen_op_fmt(op) == GEN_FMT_TERNARY;
}
/* The IEEE macro pieces that use the mme/acc2-9 registers: madm and
 * math invm/rsqtm ('fc' the math function). */
bool gen_op_is_macro(unsigned op, unsigned fc);

/* Operation for a hardware opcode, or GEN_OP_INVALID. */
enum gen_op gen_op_from_hw(enum gen_enc enc, unsigned opcode);
/* Does the family have a compacted (8-byte) form of the operation? */
bool gen_op_compactable(enum gen_enc enc, enum gen_op op);
/* Names as IGA spells them, or NULL: condition modifier ("lt"),
 * predicate suffix (".any4h", "" for normal), math function ("sqt"),
 * sync function ("allrd"), Gen12 SFID ("dc1"). */
const char *gen_cmod_name(unsigned v);
const char *gen_pred_name(unsigned v);
const char *gen_math_name(unsigned v);
const char *gen_sync_name(unsigned v);
const char *gen_sfid_name(unsigned v);
/* Number of sources a math function reads (1 or 2), 0 if invalid. */
unsigned gen_math_nsrc(unsigned fc);

/* Expand the compacted instruction in word 0 of *in into a native one.
 * Returns VF_OK, or VF_ERR_INPUT with *field naming what cannot be
 * expanded. */
enum vf_status gen_uncompact(const struct plat_info *p, const struct gen_bits *in,
                             struct gen_bits *out, const char **field);

/* Compact a native instruction: true, with *out (word 0) set, if a
 * compacted form expands back to *in (exactly; for one-source
 * instructions, if no exact form exists, up to the src1 fields they do
 * not read); *out is untouched otherwise. */
bool gen_compact(const struct plat_info *p, const struct gen_bits *in,
                 struct gen_bits *out);

/* gen_compact with a memo (compact_memo.c): the same answers, from the
 * answer for an earlier instruction that differed only in register
 * numbers where there was one.  One memo serves one platform; init it
 * before use. */
#define GEN_COMPACT_MEMO_BITS 8
struct gen_compact_slot {
	struct gen_bits key;    /* the instruction without its free bits */
	uint64_t word;          /* its compacted form, if ok */
	bool used, ok;
};
/* The register pairs a hit copies, as gen_get/gen_set's one-fragment
 * masks and shifts (compact_memo.c: made once, not looked up per
 * instruction); 'fast' false when a field has several fragments. */
struct gen_reg_copy {
	uint64_t from_mask, to_mask;
	uint8_t from_word, from_shift, to_word, to_shift;
};
struct gen_reg_copies {
	struct gen_reg_copy c[4];
	unsigned n;
	bool fast;
};
struct gen_compact_memo {
	const struct plat_info *p;
	/* native register bits left out of the key: 2-src, 2-src with an
	 * immediate, 3-src; and which register pairs to copy on a hit */
	struct gen_bits free2, free2_imm, free3;
	unsigned copy2, copy2_imm, copy3;
	struct gen_reg_copies fast2, fast2_imm, fast3;
	/* per layout (compact_memo.c enum cl): bit k when the native
	 * register field of pair k lies inside the layout's free bits */
	unsigned free_ops[4];
	/* the copies above by layout (compact_memo.c enum cl; NULL for
	 * none), for gen_compact_memo_kept */
	const struct gen_reg_copies *copies[4];
	/* per hardware opcode: 0 no compacted form, 1 two-source layout,
	 * 2 three-source (gen_op_from_hw, gen_op_compactable, asked once) */
	uint8_t layout[128];
	struct gen_compact_slot slot[1u << GEN_COMPACT_MEMO_BITS];
};
void gen_compact_memo_init(struct gen_compact_memo *m,
                           const struct plat_info *p);
bool gen_compact_memo(struct gen_compact_memo *m, const struct gen_bits *in,
                      struct gen_bits *out);
struct gen_encode_memo;
/* gen_compact_memo for the bits the encode memo 'em' has just given:
 * the same answers, kept in its slot where they hold for every
 * instruction the slot answers (compact_memo.c). */
bool gen_compact_memo_after(struct gen_compact_memo *m,
                            struct gen_encode_memo *em,
                            const struct gen_bits *in, struct gen_bits *out);

/* Self-check of the compaction tables' maps (compact.c relies on it):
 * -1 if sound, else the number of the first bad table. */
int gen_compact_check(void);

/* Native bits of one instruction (Compacted is ignored here). */
enum vf_status gen_encode(const struct plat_info *p, const struct gen_inst *in,
                          struct gen_bits *out, struct vf_error *err);

/* gen_encode with a memo (encode_memo.c): the same answers, from the
 * bits of an earlier instruction that differed only in its GRF register
 * numbers where there was one.  One memo serves one platform; init it
 * before use. */
#define GEN_ENCODE_MEMO_BITS 8
struct gen_encode_slot {
	struct gen_inst key;    /* pc and direct GRF numbers zeroed */
	struct gen_bits bits;
	/* the compact memo's answer for these bits, kept by
	 * gen_compact_memo_after (enum gen_slot_compact), its word and
	 * layout */
	uint8_t compact, clayout;
	uint64_t cword;
};
enum gen_slot_compact {
	GEN_SC_UNASKED, GEN_SC_NONE, GEN_SC_WORD, GEN_SC_ASK_ALWAYS,
};
struct gen_encode_memo {
	const struct plat_info *p;
	/* 1 << bits slots in use, fewer for a short stream: the slots a
	 * hash spreads over are pages touched, each a page fault in a
	 * fresh process (a fixed cost of every small kernel) */
	unsigned bits;
	/* apart from the slots, so that a new memo clears 256 bytes, not
	 * the 55 KB of slots */
	bool used[1u << GEN_ENCODE_MEMO_BITS];
	struct gen_encode_slot slot[1u << GEN_ENCODE_MEMO_BITS];
	/* the last answer's slot (NULL: not from the memo), which of its
	 * register fields were written (bit k: operand k, dst first) and
	 * whether in the three-source layout */
	struct gen_encode_slot *last;
	unsigned last_patch;
	bool last_three;
};
/* A memo for a stream of about 'ninst' instructions. */
void gen_encode_memo_init(struct gen_encode_memo *m, const struct plat_info *p,
                          size_t ninst);
enum vf_status gen_encode_memo(struct gen_encode_memo *m,
                               const struct gen_inst *in,
                               struct gen_bits *out, struct vf_error *err);

/* How many operands, destination first, of an instruction of 'op' with
 * 'nsrc' sources the encode memo writes direct GRF numbers of (the rest
 * of the instruction is its key); 0 where it never answers 'op'. */
static inline unsigned gen_encode_memo_nops(unsigned op, unsigned nsrc)
{
	/* what gen_encode writes: dst and every source of a 3-src
	 * instruction; dst and the nsrc sources of the others */
	unsigned fmt = gen_op_fmt(op);
	if (fmt == GEN_FMT_TERNARY)
		return 4;
	if (fmt == GEN_FMT_UNARY || fmt == GEN_FMT_BINARY ||
	    fmt == GEN_FMT_MATH)
		return nsrc < 2 ? 1 + nsrc : 3;
	return 0;
}

/* The encode memo's last answer, kept apart from the memo (a slot may be
 * taken by another key later): the bits, the operands whose GRF numbers
 * they hold (bit k: operand k, destination first) and the slot's
 * compaction answer (enum gen_slot_compact, gen_compact_memo_after's) as
 * it was when kept.  For a caller that knows, by a key of its own, that
 * an instruction equals the one answered but for those GRF numbers. */
struct gen_encode_kept {
	struct gen_bits bits;
	uint8_t patch;
	bool three;
	uint8_t compact, clayout;
	uint64_t cword;
	/* the patched register fields, one after the other (opnd: whose),
	 * as gen_field_fast's masks and shifts; fast false when a field has
	 * more fragments (gen_set then) */
	bool fast;
	uint8_t n, opnd[4], word[4], shift[4];
	uint64_t mask[4];
};
/* Keep m's last answer (false: it was not the memo's).  Ask after
 * compaction was, so that the compaction answer is kept too. */
bool gen_encode_memo_keep(const struct gen_encode_memo *m,
                          struct gen_encode_kept *k);
/* The bits of the instruction equal to the kept one but for the GRF
 * numbers nr[k] of its patched operands (each below 256).  Inline: asked
 * for nearly every instruction of a kernel (finalizer/emit_memo.c). */
void gen_encode_kept_bits_slow(const struct plat_info *p,
                               const struct gen_encode_kept *k,
                               const uint16_t nr[4], struct gen_bits *out);
static inline void gen_encode_kept_bits(const struct plat_info *p,
                                        const struct gen_encode_kept *k,
                                        const uint16_t nr[4],
                                        struct gen_bits *out)
{
	if (__builtin_expect(!k->fast, 0)) {
		gen_encode_kept_bits_slow(p, k, nr, out);
		return;
	}
	struct gen_bits b = k->bits;
	for (unsigned f = 0; f < k->n; f++) {
		uint64_t *w = &b.w[k->word[f]];
		*w = (*w & ~k->mask[f]) |
		     (((uint64_t)nr[k->opnd[f]] << k->shift[f]) & k->mask[f]);
	}
	*out = b;
}
/* gen_compact_memo_after for bits from gen_encode_kept_bits.  Inline:
 * asked for nearly every instruction (finalizer/emit_flat.c); a kept
 * word with one-fragment register fields is a few masks and shifts. */
bool gen_compact_memo_kept_slow(struct gen_compact_memo *m,
                                const struct gen_encode_kept *k,
                                const struct gen_bits *in,
                                struct gen_bits *out);
static inline bool gen_compact_memo_kept(struct gen_compact_memo *m,
                                         const struct gen_encode_kept *k,
                                         const struct gen_bits *in,
                                         struct gen_bits *out)
{
	const struct gen_reg_copies *rc =
		k->compact == GEN_SC_WORD ? m->copies[k->clayout & 3] : NULL;
	if (!rc || !rc->fast)
		return gen_compact_memo_kept_slow(m, k, in, out);
	struct gen_bits c = { { k->cword, 0 } };
	for (unsigned j = 0; j < rc->n; j++) {
		const struct gen_reg_copy *f = &rc->c[j];
		uint64_t v = (in->w[f->from_word] & f->from_mask) >> f->from_shift;
		c.w[f->to_word] = (c.w[f->to_word] & ~f->to_mask) |
		                  ((v << f->to_shift) & f->to_mask);
	}
	*out = c;
	return true;
}

/* Write in->swsb into the SWSB field of bits gen_encode (and, where
 * 'compacted', gen_compact) made from the same instruction with another
 * SWSB.  The field is a plain byte in both forms that no compaction table
 * covers (Gen12), so the result is what encoding (and compacting) the
 * instruction again would give; a family without the field is left as
 * it is.  Errors as gen_encode's for the SWSB field. */
enum vf_status gen_encode_swsb(const struct plat_info *p,
                               const struct gen_inst *in, bool compacted,
                               struct gen_bits *b, struct vf_error *err);

/* Decode the instruction at byte 'pc' of 'bytes' (size bytes long).
 * 'name' is used in error messages. */
enum vf_status gen_decode(const struct plat_info *p, const uint8_t *bytes,
                          size_t size, size_t pc, const char *name,
                          struct gen_inst *out, struct vf_error *err);

/* Growable text buffer for the disassembler. */
struct gen_text {
	char *s;
	size_t len, cap;
	bool oom;
};
void gen_text_free(struct gen_text *t);

/* Append one instruction in IGA syntax (no newline). */
void gen_format_inst(const struct plat_info *p, const struct gen_inst *in,
                     struct gen_text *out);

/* Disassemble a whole kernel the way "iga64 -d" prints it: block labels
 * "L<pc>:" and one instruction per line.  *out is malloc'ed and
 * NUL-terminated.  On a decode error nothing is returned. */
enum vf_status gen_disasm(const struct plat_info *p, const uint8_t *bytes,
                          size_t size, const char *name, char **out,
                          struct vf_error *err);
/* The same listing appended to t (several kernels into one text without
 * a copy each); on a decode error nothing is appended, out of memory
 * sets t->oom.  gen_text_append adds n bytes of s; t stays
 * NUL-terminated. */
enum vf_status gen_disasm_append(const struct plat_info *p,
                                 const uint8_t *bytes, size_t size,
                                 const char *name, struct gen_text *t,
                                 struct vf_error *err);
void gen_text_append(struct gen_text *t, const char *s, size_t n);

/* Check that 'bytes' is a whole Gen kernel for platform p: every
 * instruction decodes, every jump lands on an instruction, and the last
 * instruction ends the thread (EOT).  Anything else is VF_ERR_INPUT. */
enum vf_status gen_check_kernel(const struct plat_info *p, const uint8_t *bytes,
                                size_t size, const char *name,
                                struct vf_error *err);

/* Assemble IGA-syntax text (what gen_disasm prints) into machine code;
 * *out is malloc'ed.  Errors name FILE:LINE:COL. */
enum vf_status gen_assemble(const struct plat_info *p, const char *text,
                            size_t len, const char *name, uint8_t **out,
                            size_t *size, struct vf_error *err);

#endif
