/*
 * sim_alu_int.c - the integer-only ALU operations: logic, shifts and
 * rotates, bit-field and bit-count operations, average, and the
 * operations with an implicit accumulator (addc/subb carry and borrow,
 * mach).
 *
 * Semantics (docs/gensim.md "ALU"): shift counts use the low 5 bits
 * (6 for 64-bit operands); shr zero-fills from the source width, asr
 * sign-fills; addc/subb write the carry/borrow (0 or 1) to the
 * accumulator element of the channel; mach returns the high 32 bits of
 * the full 64-bit product when AccWrEn is set (the accumulator then holds
 * the low 32 bits), and the low 32 bits without AccWrEn: IGC creates the
 * latter form as "macl" (visa/BuildIRImpl.cpp createMacl, used on
 * ICLLP/TGLLP for 32x32 multiplies).  Bit-field rules follow the PRM
 * descriptions that Mesa brw_eu_emit.c and IGC's vISA spec (BFE, BFI,
 * FBH, FBL, CBIT, LZD, BFREV) restate.
 */
#include "config.h"

#include "sim_priv.h"

static unsigned bits_of(enum gen_type t)
{
	return 8 * gen_type_size(t);
}

static uint64_t umask(unsigned n)
{
	return n >= 64 ? ~0ull : (1ull << n) - 1;
}

static uint64_t shift_op(enum gen_op op, sim_i128 a, sim_i128 b,
                         enum gen_type st0, enum gen_type dt)
{
	unsigned w = bits_of(st0) > bits_of(dt) ? bits_of(st0) : bits_of(dt);
	unsigned n = (unsigned)(b & (w == 64 ? 63 : 31));
	unsigned sw = bits_of(st0);
	switch (op) {
	case GEN_OP_SHL:
		return (uint64_t)((sim_u128)a << n);
	case GEN_OP_SHR:
		return ((uint64_t)a & umask(sw)) >> n;
	default: /* ASR: a is sign- or zero-extended by its type */
		return (uint64_t)(a >> n);
	}
}

static uint64_t rotate(enum gen_op op, sim_i128 a, sim_i128 b,
                       enum gen_type dt)
{
	unsigned w = bits_of(dt);
	uint64_t v = (uint64_t)a & umask(w);
	unsigned n = (unsigned)(b & (w - 1));
	if (!n)
		return v;
	if (op == GEN_OP_ROR)
		return ((v >> n) | (v << (w - n))) & umask(w);
	return ((v << n) | (v >> (w - n))) & umask(w);
}

static uint64_t bfrev32(uint32_t v)
{
	uint32_t r = 0;
	for (unsigned i = 0; i < 32; i++)
		if (v & (1u << i))
			r |= 1u << (31 - i);
	return r;
}

static unsigned popcount64(uint64_t v)
{
	unsigned n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

/* fbh: for UD the index of the highest set bit counted from the MSB,
 * for D the first bit that differs from the sign; 0xFFFFFFFF if none. */
static uint64_t fbh(sim_i128 a, enum gen_type st)
{
	uint32_t v = (uint32_t)a;
	if (sim_type_signed(st) && (v >> 31))
		v = ~v;
	for (unsigned i = 0; i < 32; i++)
		if (v & (0x80000000u >> i))
			return i;
	return 0xFFFFFFFFu;
}

static uint64_t fbl(sim_i128 a)
{
	uint32_t v = (uint32_t)a;
	for (unsigned i = 0; i < 32; i++)
		if (v & (1u << i))
			return i;
	return 0xFFFFFFFFu;
}

static uint64_t lzd(sim_i128 a)
{
	uint32_t v = (uint32_t)a;
	unsigned n = 0;
	while (n < 32 && !(v & (0x80000000u >> n)))
		n++;
	return n;
}

/* bfe: width src0[4:0], offset src1[4:0], value src2; the field is
 * zero- or sign-extended by the destination type. */
static sim_i128 bfe(sim_i128 w, sim_i128 o, sim_i128 v, enum gen_type dt)
{
	unsigned width = (unsigned)(w & 31), off = (unsigned)(o & 31);
	uint32_t x = (uint32_t)v;
	unsigned sh = off;
	if (!width)
		return 0;
	if (width + off < 32) {
		x <<= 32 - width - off;  /* field's top bit to bit 31 */
		sh = 32 - width;
	}
	if (sim_type_signed(dt))
		return (sim_i128)((int32_t)x >> sh);
	return (sim_i128)(x >> sh);
}

static void mach(const union sim_val *s, bool accwr, union sim_val *r,
                 union sim_val *acc)
{
	sim_i128 p = s[0].i * s[1].i;
	uint64_t lo = (uint64_t)p & 0xFFFFFFFFu;
	if (accwr) {
		r->i = (sim_i128)(uint64_t)((p >> 32) & 0xFFFFFFFFu);
		acc->i = (sim_i128)lo;
	} else {
		r->i = (sim_i128)lo;
	}
}

bool sim_int_op(const struct gen_inst *in, const union sim_val *s,
                enum gen_type st0, enum gen_type dt, union sim_val *r,
                union sim_val *acc, bool *acc_wr)
{
	enum gen_op op = (enum gen_op)in->op;
	bool accwr = (in->opts & GEN_OPT_ACCWREN) != 0;
	switch (op) {
	case GEN_OP_AND: r->i = s[0].i & s[1].i; return true;
	case GEN_OP_OR: r->i = s[0].i | s[1].i; return true;
	case GEN_OP_XOR: r->i = s[0].i ^ s[1].i; return true;
	case GEN_OP_NOT: r->i = ~s[0].i; return true;
	case GEN_OP_SHL: case GEN_OP_SHR: case GEN_OP_ASR:
		r->i = (sim_i128)shift_op(op, s[0].i, s[1].i, st0, dt);
		if (op == GEN_OP_ASR)  /* keep the sign for the store */
			r->i = s[0].i >> (unsigned)(s[1].i &
			       (bits_of(st0) == 64 || bits_of(dt) == 64 ? 63 : 31));
		return true;
	case GEN_OP_ROL: case GEN_OP_ROR:
		r->i = (sim_i128)rotate(op, s[0].i, s[1].i, dt);
		return true;
	case GEN_OP_AVG: r->i = (s[0].i + s[1].i + 1) >> 1; return true;
	case GEN_OP_BFREV: r->i = (sim_i128)bfrev32((uint32_t)s[0].i);
		return true;
	case GEN_OP_CBIT:
		r->i = popcount64((uint64_t)s[0].i & umask(bits_of(st0)));
		return true;
	case GEN_OP_FBH: r->i = (sim_i128)fbh(s[0].i, st0); return true;
	case GEN_OP_FBL: r->i = (sim_i128)fbl(s[0].i); return true;
	case GEN_OP_LZD: r->i = (sim_i128)lzd(s[0].i); return true;
	case GEN_OP_BFE: r->i = bfe(s[0].i, s[1].i, s[2].i, dt); return true;
	case GEN_OP_BFI1:
		r->i = (sim_i128)((umask((unsigned)(s[0].i & 31)) <<
		                   (unsigned)(s[1].i & 31)) & 0xFFFFFFFFu);
		return true;
	case GEN_OP_BFI2: {
		/* The insert value is shifted to the mask's lowest set bit
		 * (Mesa nir_opcodes.py "bfi", which brw emits as BFI2 directly,
		 * and IGC/visafin lower vISA bfi to an unshifted bfi1 + bfi2).
		 * Without the shift every bfi with a nonzero offset was wrong
		 * (found by tests/fin/int_bits). */
		uint32_t m = (uint32_t)s[0].i, ins = (uint32_t)s[1].i;
		if (m)
			ins <<= (unsigned)__builtin_ctz(m);
		r->i = (sim_i128)((m & ins) | (~m & (uint32_t)s[2].i));
		return true;
	}
	case GEN_OP_ADDC: case GEN_OP_SUBB: {
		uint64_t a = (uint64_t)s[0].i & 0xFFFFFFFFu,
		         b = (uint64_t)s[1].i & 0xFFFFFFFFu;
		if (op == GEN_OP_ADDC) {
			r->i = (sim_i128)(a + b);
			acc->i = (a + b) >> 32;
		} else {
			r->i = (sim_i128)a - (sim_i128)b;
			acc->i = a < b;
		}
		*acc_wr = true;
		return true;
	}
	case GEN_OP_MACH:
		mach(s, accwr, r, acc);
		*acc_wr = accwr;
		return true;
	default:
		return false;
	}
}
