/*
 * visaasm_size.c - binary sizes and layout walks of parsed instructions,
 * remembered by shape (issue 12: the layout of a parsed routine asked
 * the binary writer for every instruction, a tenth of the parse).
 *
 * In the complete layout (VISA_IO_SPEC) an instruction is its opcode
 * byte, then the fields of its layout: the execution size (1 byte), the
 * predicate (2), the sub-opcode (1) when it has them, and every operand
 * once, in order (va_emit has checked that the operands match the
 * layout field by field).  An operand's bytes follow from the operand
 * alone: an integer field is its size, a raw operand a declaration id
 * and an offset, a vector operand its tag and a body set by its class
 * (and, for an immediate, by whether its type is 64-bit).  So two
 * instructions with the same opcode, sub-opcode byte and operand shapes
 * have the same layout walk (va_emit: whether the operands match the
 * layout, which of exec size, predicate and sub-opcode it has) and the
 * same size, provided the layout reads no operand value (a count before
 * repeated fields, flags choosing optional ones): the first one of each
 * shape walks the layout and asks visa_inst_size_ex(), the others reuse
 * both answers (issue 12: walk and size were a fifth of an
 * instruction's parse).  The writer stays the only place that knows the
 * sizes.
 */
#include "visaasm_read.h"

#include <stdlib.h>
#include <string.h>

/* Instructions with more operands are not remembered (rare). */
#define VA_SHAPE_OPNDS 27
#define VA_SHAPE_SLOTS 256  /* a power of 2 */

struct va_shape {
	uint8_t len;                        /* bytes of key used; 0 = empty */
	uint8_t key[3 + VA_SHAPE_OPNDS];
	uint8_t has;                        /* VA_HAS_* of the layout walk */
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

/* The key of an instruction as its handler left it: opcode, sub-opcode
 * byte, operand count and shapes (what the layout walk and the size
 * depend on when the layout reads no operand value). */
struct va_shape_key {
	uint8_t len;
	uint8_t key[3 + VA_SHAPE_OPNDS];
	uint32_t hash;
};

static bool va_shape_key(unsigned opcode, unsigned subop,
                         const struct vf_opnd *ops, unsigned n,
                         struct va_shape_key *k)
{
	if (n > VA_SHAPE_OPNDS)
		return false;
	k->key[0] = (uint8_t)opcode;
	k->key[1] = (uint8_t)subop;
	k->key[2] = (uint8_t)n;
	uint32_t h = 2166136261u;
	for (unsigned i = 0; i < 3; i++)
		h = (h ^ k->key[i]) * 16777619u;
	for (unsigned i = 0; i < n; i++) {
		k->key[3 + i] = va_opnd_shape(&ops[i]);
		h = (h ^ k->key[3 + i]) * 16777619u;
	}
	k->len = (uint8_t)(3 + n);
	k->hash = h;
	return true;
}

static struct va_shape *va_shape_slot(struct va_size_memo *m,
                                      const struct va_shape_key *k)
{
	return &m->slot[k->hash & (VA_SHAPE_SLOTS - 1)];
}

bool va_shape_get(struct va_size_memo *m, unsigned opcode, unsigned subop,
                  const struct vf_opnd *ops, unsigned n, unsigned *has,
                  uint32_t *size)
{
	struct va_shape_key k;
	if (!m || !va_shape_key(opcode, subop, ops, n, &k))
		return false;
	const struct va_shape *s = va_shape_slot(m, &k);
	/* A few bytes: a loop, not a call to memcmp (one per instruction). */
	bool same = s->len == k.len;
	for (unsigned i = 0; same && i < k.len; i++)
		same = s->key[i] == k.key[i];
	if (!same)
		return false;
	*has = s->has;
	*size = s->size;
	return true;
}

void va_shape_put(struct va_size_memo *m, unsigned opcode, unsigned subop,
                  const struct vf_opnd *ops, unsigned n, unsigned has,
                  uint32_t size)
{
	struct va_shape_key k;
	if (!m || !va_shape_key(opcode, subop, ops, n, &k))
		return;
	struct va_shape *s = va_shape_slot(m, &k);
	s->len = k.len;
	memcpy(s->key, k.key, k.len);
	s->has = (uint8_t)has;
	s->size = size;
}
