/*
 * visaasm_size.c - binary sizes of parsed instructions, remembered by
 * shape (issue 12: the layout of a parsed routine asked the binary
 * writer for every instruction, a tenth of the parse).
 *
 * In the complete layout (VISA_IO_SPEC) an instruction is its opcode
 * byte, then the fields of its layout: the execution size (1 byte), the
 * predicate (2), the sub-opcode (1) when it has them, and every operand
 * once, in order (va_emit has checked that the operands match the
 * layout field by field).  An operand's bytes follow from the operand
 * alone: an integer field is its size, a raw operand a declaration id
 * and an offset, a vector operand its tag and a body set by its class
 * (and, for an immediate, by whether its type is 64-bit).  So two
 * instructions with the same opcode, sub-opcode, exec/predicate/sub-
 * opcode presence and operand shapes have the same size: the first one
 * of each shape asks visa_inst_size_ex(), the others reuse its answer.
 * The writer stays the only place that knows the sizes.
 */
#include "visaasm_read.h"

#include <stdlib.h>
#include <string.h>

/* Instructions with more operands are not remembered (rare). */
#define VA_SHAPE_OPNDS 27
#define VA_SHAPE_SLOTS 256  /* a power of 2 */

struct va_shape {
	uint8_t len;                        /* bytes of key used; 0 = empty */
	uint8_t key[4 + VA_SHAPE_OPNDS];
	uint32_t size;
};

struct va_size_memo {
	struct va_shape slot[VA_SHAPE_SLOTS];
};

struct va_size_memo *va_size_memo_new(void)
{
	return calloc(1, sizeof(struct va_size_memo));
}

void va_size_memo_free(struct va_size_memo *m)
{
	free(m);
}

/* One byte per operand: its kind and what sets its size. */
static uint8_t va_opnd_shape(const struct vf_opnd *o)
{
	switch (o->kind) {
	case VF_OPND_OTHER:
		return (uint8_t)(0x40 | (o->size & 0x3F));
	case VF_OPND_RAW:
		return 0x80;
	default: {
		unsigned cls = o->u.vec.tag & 7, t = o->u.vec.u.imm.type & 0xF;
		bool wide = cls == VISA_CLASS_IMMEDIATE &&
		            (t == VISA_TYPE_DF || t == VISA_TYPE_Q ||
		             t == VISA_TYPE_UQ);
		return (uint8_t)(0xC0 | cls << 1 | wide);
	}
	}
}

size_t va_inst_size(struct va_size_memo *m, unsigned version,
                    const struct vf_inst *in)
{
	if (!m || in->nopnds > VA_SHAPE_OPNDS)
		return visa_inst_size_ex(version, in, VISA_IO_SPEC);
	struct va_shape s = { 0 };
	s.key[0] = in->opcode;
	s.key[1] = in->has_subop ? in->subop : 0;
	s.key[2] = (uint8_t)(in->has_exec | in->has_pred << 1 |
	                     in->has_subop << 2);
	s.key[3] = (uint8_t)in->nopnds;
	uint32_t h = 2166136261u;
	for (unsigned i = 0; i < 4; i++)
		h = (h ^ s.key[i]) * 16777619u;
	for (unsigned i = 0; i < in->nopnds; i++) {
		s.key[4 + i] = va_opnd_shape(&in->opnds[i]);
		h = (h ^ s.key[4 + i]) * 16777619u;
	}
	s.len = (uint8_t)(4 + in->nopnds);
	struct va_shape *slot = &m->slot[h & (VA_SHAPE_SLOTS - 1)];
	if (slot->len == s.len && memcmp(slot->key, s.key, s.len) == 0)
		return slot->size;
	size_t size = visa_inst_size_ex(version, in, VISA_IO_SPEC);
	if (size <= UINT32_MAX) {
		s.size = (uint32_t)size;
		*slot = s;
	}
	return size;
}
