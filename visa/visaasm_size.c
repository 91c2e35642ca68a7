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
#define VA_SHAPE_OPNDS 29
#define VA_SHAPE_SLOTS 256  /* a power of 2 */

/* A shape as bytes (opcode, sub-opcode byte, operand count, one byte
 * per operand, then zeros) packed into words: hashed and compared a word
 * at a time, not byte by byte. */
struct va_shape_key {
	uint64_t w[4];
};
_Static_assert(3 + VA_SHAPE_OPNDS <= sizeof(struct va_shape_key),
               "va_shape_key too small");

struct va_shape {
	struct va_shape_key key;
	bool used;
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
static bool va_shape_key(unsigned opcode, unsigned subop,
                         const struct vf_opnd *ops, unsigned n,
                         struct va_shape_key *k)
{
	if (n > VA_SHAPE_OPNDS)
		return false;
	/* Byte j goes to bits 8 * (j % 8) of word j / 8, shifted in a
	 * register: bytes stored one by one and read back as words
	 * stalled (store forwarding). */
	uint64_t w = (uint64_t)(opcode & 0xFF) | (uint64_t)(subop & 0xFF) << 8 |
	             (uint64_t)n << 16;
	unsigned j = 3;
	*k = (struct va_shape_key){ { 0 } };
	for (unsigned i = 0; i < n; i++, j++) {
		if (j % 8 == 0) {
			k->w[j / 8 - 1] = w;
			w = 0;
		}
		w |= (uint64_t)va_opnd_shape(&ops[i]) << (8 * (j % 8));
	}
	k->w[(j - 1) / 8] = w;
	return true;
}

static struct va_shape *va_shape_slot(struct va_size_memo *m,
                                      const struct va_shape_key *k)
{
	uint64_t h = k->w[0] * 0x9E3779B97F4A7C15ull ^
	             k->w[1] * 0xC2B2AE3D27D4EB4Full ^
	             k->w[2] * 0x165667B19E3779F9ull ^
	             k->w[3] * 0xD6E8FEB86659FD93ull;
	_Static_assert(VA_SHAPE_SLOTS == 256, "the top 8 bits pick the slot");
	return &m->slot[h >> 56];
}

static bool va_same_key(const struct va_shape_key *a,
                        const struct va_shape_key *b)
{
	return a->w[0] == b->w[0] && a->w[1] == b->w[1] &&
	       a->w[2] == b->w[2] && a->w[3] == b->w[3];
}

bool va_shape_get(struct va_size_memo *m, unsigned opcode, unsigned subop,
                  const struct vf_opnd *ops, unsigned n, unsigned *has,
                  uint32_t *size)
{
	struct va_shape_key k;
	if (!m || !va_shape_key(opcode, subop, ops, n, &k))
		return false;
	const struct va_shape *s = va_shape_slot(m, &k);
	if (!s->used || !va_same_key(&s->key, &k))
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
	s->used = true;
	s->key = k;
	s->has = (uint8_t)has;
	s->size = size;
}
