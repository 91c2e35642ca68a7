/* test_gen_decode.c - guards the Gen instruction decoder and disassembler:
 * the 29 verified vectors of GEN-FACTS.md 9 and compacted forms made with
 * "iga64 -a [-Xautocompact]" decode to the expected fields and print as
 * iga64 prints them; bad encodings are errors naming the byte offset and
 * the field; no bit pattern (all single and double bit flips of the
 * vectors, pseudo-random words) crashes the decoder; the field table is
 * consistent. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "unit.h"

struct vec {
	const char *plat;
	const char *hex;   /* bytes in file order */
	const char *text;  /* iga64 -d, blanks collapsed, comment dropped */
};

/* Reproduce: echo 'TEXT' > t.asm; iga64 -a -p=N -Xforce-no-compact
 * t.asm -o t.bin; xxd -p t.bin  (GEN-FACTS.md 9, V01..V29). */
static const struct vec native[] = {
	{ "skl", "01006000280a402180028d0000000000", "mov (8|M0) r10.0<1>:d r20.0<8;8,1>:d" },
	{ "skl", "40008000e83a8021c0418d3a00228d00", "add (16|M0) r12.0<1>:f -r14.0<8;8,1>:f (abs)r16.0<8;8,1>:f" },
	{ "skl", "40006080e83a8021c0018d3e0000803f", "add (8|M0) (sat)r12.0<1>:f r14.0<8;8,1>:f 1.0:f" },
	{ "skl", "010000000c06a8200000000078563412", "(W) mov (1|M0) r5.2<1>:ud 0x12345678:ud" },
	{ "skl", "01106100691a40218002ae0000000000", "(f0.1) mov (8|M8) r10.0<1>:w r20.0<16;8,2>:w" },
	{ "skl", "02007100ea3a402160018d3a80018d00", "(~f1.0) sel (8|M0) r10.0<1>:f r11.0<8;8,1>:f r12.0<8;8,1>:f" },
	{ "skl", "10006005200a002040018d0e05000000", "cmp (8|M0) (lt)f0.0 null<1>:d r10.0<8;8,1>:d 5:d" },
	{ "skl", "38006009e83a402180018d3ac0018d00", "math.fdiv (8|M0) r10.0<1>:f r12.0<8;8,1>:f r14.0<8;8,1>:f" },
	{ "skl", "38006001e83a402180018d0000000000", "math.inv (8|M0) r10.0<1>:f r12.0<8;8,1>:f" },
	{ "skl", "01006000280a402140808d0000000000", "mov (8|M0) r10.0<1>:d r[a0.0,64]<8;8,1>:d" },
	{ "skl", "01006000280a00a480028d0000000000", "mov (8|M0) r[a0.2]<1>:d r20.0<8;8,1>:d" },
	{ "skl", "01000000c8564021000000000000f03f", "mov (1|M0) r10.0<1>:df 1.0:df" },
	{ "skl", "41006000200a002440018d1260018d00", "mul (8|M0) acc0.0<1>:d r10.0<8;8,1>:d r11.0<8;8,1>:uw" },
	{ "skl", "5b018080c0001e0ac8b1003918246703", "mad (16|M0) (sat)r10.0<1>:f -r11.0<2;1>:f (abs)r12.0<2;1>:f r13.4<0>:f" },
	{ "icllp", "5b008080c840000a39b0200718046003", "mad (16|M0) (sat)r10.0<1>:f -r11.0<8;1>:f (abs)r12.0<8;1>:f r13.4<0>:f" },
	{ "icllp", "01006000284b402180028d0000000000", "mov (8|M0) r10.0<1>:f r20.0<8;8,1>:f" },
	{ "skl", "3100600704020020e00f000610000082", "(W) send (8|M0) null r127 0x27 0x02000010 {EOT}" },
	{ "skl", "3100800c6802402180010006015e2004", "send (16|M0) r10:w r12 0xC 0x04205E01" },
	{ "skl", "3300800c70c0000082000000005e0204", "sends (16|M0) null:w r4 r12 0x8C 0x04025E00" },
	{ "tgllp", "610003006006050a0514460000000000", "mov (8|M0) r10.0<1>:d r20.0<8;8,1>:d" },
	{ "tgllp", "40020400a02a050c050e460a05104601", "add (16|M0) r12.0<1>:f -r14.0<8;8,1>:f (abs)r16.0<8;8,1>:f {@2}" },
	{ "tgllp", "62339311a00a050a050b460a050c4600", "(~f1.0) sel (8|M8) r10.0<1>:f r11.0<8;8,1>:f r12.0<8;8,1>:f {$3.src}" },
	{ "tgllp", "70238400a08a0100050a465a00000000", "cmp (16|M0) (lt)f1.0 null<1>:f r10.0<8;8,1>:f 0.0:f {$3.dst}" },
	{ "tgllp", "61000000b04b050a0000f03f00000000", "mov (1|M0) r10.0<1>:df 1.0:df" },
	{ "tgllp", "5b000400ac2a040a050b4a0a050c840d", "mad (16|M0) (sat)r10.0<1>:f -r11.0<8;1>:f (abs)r12.0<8;1>:f r13.4<0>:f" },
	{ "tgllp", "31a4040000000000140500cc14159600", "send.dc1 (16|M0) null r5 r21 0x80 0x04025E00 {@2,$4}" },
	{ "tgllp", "31000380040000000c7f207000000000", "(W) send.ts (8|M0) null r127 null 0x0 0x02000010 {EOT}" },
	{ "tgllp", "0100000000420100000000200a000000", "sync.allrd ($1,$3)" },
	{ "bdw", "3100800a440200204001000604200f0a", "(W) send (16|M0) null:uw r10 0xA 0x0A0F2004" },
};

/* Same recipe with -Xautocompact (8-byte forms where the tables allow). */
static const struct vec compacted[] = {
	{ "skl", "01cb0220070a1400", "mov (8|M0) r10.0<1>:d r20.0<8;8,1>:d {Compacted}" },
	{ "skl", "5ba200200058301a", "mad (16|M0) r10.0<1>:f r11.0<2;1>:f r12.0<2;1>:f r13.0<1>:f {Compacted}" },
	{ "skl", "5ba600301028e4f3", "mad (16|M0) r10.0<1>:f -r5.4<0;0>:f r121.0<2;1>:f r121.0<1>:f {Compacted}" },
	{ "bdw", "01cb0220070a1400", "mov (8|M0) r10.0<1>:d r20.0<8;8,1>:d {Compacted}" },
	{ "bdw", "5ba100200058301a", "mad (8|M0) r10.0<1>:f r11.0<2;1>:f r12.0<2;1>:f r13.0<1>:f {Compacted}" },
	{ "icllp", "40560220e70a0b0c", "add (16|M0) r10.0<1>:f r11.0<8;8,1>:f r12.0<8;8,1>:f {Compacted}" },
	{ "tgllp", "40000c20000e0010", "add (16|M0) r12.0<1>:f r14.0<8;8,1>:f r16.0<8;8,1>:f {Compacted}" },
	{ "tgllp", "410020a0010e4040", "mul (16|M0) acc0.0<1>:f r14.0<8;8,1>:f 3.0:f {Compacted}" },
	{ "tgllp", "5b0014209f050c0c", "mad (16|M0) r20.0<1>:f -r5.4<0;0>:f r12.0<8;1>:f r12.0<1>:f {Compacted}" },
	{ "tgllp", "69000a6002082000", "shl (16|M0) r10.0<1>:d r8.0<8;8,1>:d 2:w {Compacted}" },
	{ "tgllp", "013300e801001100", "sync.nop null {Compacted,$3.src}" },
};

#define NVEC(a) (sizeof(a) / sizeof((a)[0]))

static void decode_vec(const struct vec *v, struct gen_inst *in)
{
	uint8_t b[16];
	struct vf_error e = { 0 };
	const struct plat_info *p = plat_by_name(v->plat);
	size_t n = unit_unhex(v->hex, b);
	ck_assert_ptr_nonnull(p);
	ck_assert_msg(gen_decode(p, b, n, 0, "t", in, &e) == VF_OK, "%s: %s",
	              v->text, e.msg);
	ck_assert_uint_eq(in->length, n);
}

static void check_text(const struct vec *v)
{
	struct gen_inst in;
	struct gen_text t = { 0 };
	char got[256];
	decode_vec(v, &in);
	gen_format_inst(plat_by_name(v->plat), &in, &t);
	ck_assert(!t.oom);
	unit_squeeze(t.s, got, sizeof(got));
	ck_assert_str_eq(got, v->text);
	gen_text_free(&t);
}

START_TEST(native_vectors_print_as_iga)
{
	check_text(&native[_i]);
}
END_TEST

START_TEST(compacted_vectors_print_as_iga)
{
	check_text(&compacted[_i]);
}
END_TEST

static struct gen_inst dec(unsigned i)
{
	struct gen_inst in;
	decode_vec(&native[i], &in);
	return in;
}

START_TEST(gen9_alu_fields)
{
	struct gen_inst in = dec(0);  /* V01 mov (8) r10:d r20<8;8,1>:d */
	ck_assert_uint_eq(in.op, GEN_OP_MOV);
	ck_assert_uint_eq(in.exec_size, 8);
	ck_assert_uint_eq(in.dst.rn, GEN_RN_GRF);
	ck_assert_uint_eq(in.dst.nr, 10);
	ck_assert_uint_eq(in.dst.type, GEN_TYPE_D);
	ck_assert_uint_eq(in.dst.rgn.hs, 1);
	ck_assert_uint_eq(in.src[0].nr, 20);
	ck_assert_uint_eq(in.src[0].rgn.vs, 8);
	ck_assert_uint_eq(in.src[0].rgn.w, 8);
	ck_assert_uint_eq(in.src[0].rgn.hs, 1);
	in = dec(1);  /* V02 modifiers */
	ck_assert_uint_eq(in.op, GEN_OP_ADD);
	ck_assert_uint_eq(in.src[0].mods, GEN_MOD_NEG);
	ck_assert_uint_eq(in.src[1].mods, GEN_MOD_ABS);
	ck_assert_uint_eq(in.src[1].type, GEN_TYPE_F);
	in = dec(2);  /* V03 sat, imm float */
	ck_assert(in.sat);
	ck_assert_uint_eq(in.src[1].kind, GEN_OPND_IMM);
	ck_assert_uint_eq(in.src[1].imm, 0x3F800000);
	in = dec(3);  /* V04 NoMask, subregister in bytes */
	ck_assert(in.opts & GEN_OPT_NOMASK);
	ck_assert_uint_eq(in.dst.sub, 8);
	ck_assert_uint_eq(in.src[0].imm, 0x12345678);
	in = dec(4);  /* V05 predicate, quarter, region */
	ck_assert_uint_eq(in.pred, GEN_PRED_NORMAL);
	ck_assert_uint_eq(in.flag_sub, 1);
	ck_assert_uint_eq(in.chan_off, 8);
	ck_assert_uint_eq(in.src[0].rgn.vs, 16);
	ck_assert_uint_eq(in.src[0].rgn.hs, 2);
	in = dec(5);  /* V06 inverted predicate on f1 */
	ck_assert(in.pred_inv);
	ck_assert_uint_eq(in.flag_nr, 1);
	in = dec(6);  /* V07 cmp null dst, cond modifier */
	ck_assert_uint_eq(in.cmod, GEN_CMOD_LT);
	ck_assert_uint_eq(in.dst.rn, GEN_RN_NULL);
}
END_TEST

START_TEST(gen9_math_indirect_acc)
{
	struct gen_inst in = dec(7);  /* V08 math.fdiv */
	ck_assert_uint_eq(in.fc, GEN_MATH_FDIV);
	ck_assert_uint_eq(in.nsrc, 2);
	in = dec(8);  /* V09 math.inv: one source */
	ck_assert_uint_eq(in.fc, GEN_MATH_INV);
	ck_assert_uint_eq(in.nsrc, 1);
	in = dec(9);  /* V10 r[a0.0,64] */
	ck_assert_uint_eq(in.src[0].kind, GEN_OPND_INDIRECT);
	ck_assert_int_eq(in.src[0].ia_imm, 64);
	in = dec(10);  /* V11 dst r[a0.2] */
	ck_assert_uint_eq(in.dst.kind, GEN_OPND_INDIRECT);
	ck_assert_uint_eq(in.dst.ia_sub, 2);
	in = dec(11);  /* V12 64-bit immediate */
	ck_assert_uint_eq(in.src[0].type, GEN_TYPE_DF);
	ck_assert_uint_eq(in.src[0].imm, 0x3FF0000000000000ull);
	in = dec(12);  /* V13 acc0 destination */
	ck_assert_uint_eq(in.dst.rn, GEN_RN_ACC);
	ck_assert_uint_eq(in.dst.nr, 0);
}
END_TEST

START_TEST(ternary_forms)
{
	struct gen_inst in = dec(13);  /* V14 Gen9 Align16 mad */
	ck_assert_uint_eq(in.access, GEN_ALIGN16);
	ck_assert_uint_eq(in.src[0].swizzle, 0xE4);
	ck_assert(in.src[2].rep);
	ck_assert_uint_eq(in.src[2].sub, 16);
	ck_assert_uint_eq(in.src[0].mods, GEN_MOD_NEG);
	in = dec(14);  /* V15 Gen11 Align1 mad */
	ck_assert_uint_eq(in.access, GEN_ALIGN1);
	ck_assert_uint_eq(in.exec_type, 1);
	ck_assert_uint_eq(in.src[0].rgn.vs, 8);
	ck_assert_uint_eq(in.src[2].rgn.hs, 0);
	in = dec(24);  /* V25 Gen12 mad */
	ck_assert(in.sat);
	ck_assert_uint_eq(in.src[2].sub, 16);
	ck_assert_uint_eq(in.dst.type, GEN_TYPE_F);
}
END_TEST

START_TEST(send_fields)
{
	struct gen_inst in = dec(16);  /* V17 EOT send */
	ck_assert(in.opts & GEN_OPT_EOT);
	ck_assert_uint_eq(in.sfid, 7);
	ck_assert_uint_eq(in.exdesc.imm, 0x27);
	ck_assert_uint_eq(in.desc.imm, 0x02000010);
	ck_assert_uint_eq(in.src0_len, 1);
	in = dec(18);  /* V19 sends */
	ck_assert_uint_eq(in.op, GEN_OP_SENDS);
	ck_assert_uint_eq(in.src[1].nr, 12);
	ck_assert_uint_eq(in.src1_len, 2);
	in = dec(25);  /* V26 Gen12 send with SWSB */
	ck_assert_uint_eq(in.sfid, 12);
	ck_assert_uint_eq(in.swsb.dist, 2);
	ck_assert_uint_eq(in.swsb.mode, GEN_SBID_SET);
	ck_assert_uint_eq(in.swsb.sbid, 4);
	ck_assert_uint_eq(in.desc.imm, 0x04025E00);
	ck_assert_uint_eq(in.exdesc.imm, 0x80);
	in = dec(28);  /* V29 Gen8 send */
	ck_assert_uint_eq(in.desc.imm, 0x0A0F2004);
	ck_assert_uint_eq(in.sfid, 10);
}
END_TEST

START_TEST(gen12_fields)
{
	struct gen_inst in = dec(19);  /* V20 mov: renumbered opcode 0x61 */
	ck_assert_uint_eq(in.op, GEN_OP_MOV);
	ck_assert_uint_eq(in.hw_opcode, 0x61);
	in = dec(21);  /* V22 {$3.src} */
	ck_assert_uint_eq(in.swsb.mode, GEN_SBID_SRC);
	ck_assert_uint_eq(in.chan_off, 8);
	in = dec(23);  /* V24 imm64 dwords swapped */
	ck_assert_uint_eq(in.src[0].imm, 0x3FF0000000000000ull);
	in = dec(27);  /* V28 sync.allrd */
	ck_assert_uint_eq(in.fc, GEN_SYNC_ALLRD);
	ck_assert_uint_eq(in.src[0].imm, 0xA);
}
END_TEST

START_TEST(jumps_become_labels)
{
	/* Gen9 "(W) jmpi L176" at 0 (GEN-FACTS.md 9 control-flow vector):
	 * JIP 160 counts from the next instruction */
	uint8_t jmpi9[16];
	unit_unhex("20000000040000340014000ea0000000", jmpi9);
	struct gen_inst in;
	struct vf_error e = { 0 };
	ck_assert(gen_decode(plat_by_name("skl"), jmpi9, 16, 0, "t", &in, &e)
	          == VF_OK);
	ck_assert_uint_eq(in.op, GEN_OP_JMPI);
	ck_assert_uint_eq(in.src[0].kind, GEN_OPND_LABEL);
	ck_assert_uint_eq(in.src[0].imm, 176);
}
END_TEST

static void expect_error(const char *plat, const uint8_t *b, size_t n,
                         size_t pc, const char *field)
{
	struct gen_inst in;
	struct vf_error e = { 0 };
	char where[64];
	ck_assert(gen_decode(plat_by_name(plat), b, n, pc, "k.dat", &in, &e)
	          != VF_OK);
	snprintf(where, sizeof(where), "k.dat: offset %zu", pc);
	ck_assert_msg(strstr(e.msg, where), "%s", e.msg);
	ck_assert_msg(strstr(e.msg, field), "%s", e.msg);
}

START_TEST(errors_name_offset_and_field)
{
	uint8_t b[32];
	size_t n = unit_unhex(native[0].hex, b + 16);
	memset(b, 0, 16);
	b[0] = 0x7e;  /* nop at 0, the mov at 16 */
	expect_error("skl", b, 16 + n - 1, 16, "CmptCtrl");  /* truncated */
	b[16] = 0x33;  /* sends does not exist on Gen8 */
	expect_error("bdw", b, 32, 16, "Opcode");
	b[16] = 0x01;
	b[16 + 4] |= 0xE0;  /* Dst.DataType (bits 40:37) = 15, reserved */
	b[16 + 5] |= 0x01;
	expect_error("skl", b, 32, 16, "Dst.DataType");
}
END_TEST

/* Decoding must give VF_OK or an input error, never crash. */
static void survive(const struct plat_info *p, const uint8_t *b, size_t n)
{
	struct gen_inst in;
	struct vf_error e = { 0 };
	enum vf_status st = gen_decode(p, b, n, 0, "f", &in, &e);
	ck_assert(st == VF_OK || st == VF_ERR_INPUT);
	if (st == VF_OK) {
		struct gen_text t = { 0 };
		gen_format_inst(p, &in, &t);
		ck_assert(!t.oom);
		gen_text_free(&t);
	}
}

START_TEST(bit_flips_never_crash)
{
	uint8_t b[16], x[16];
	size_t n = unit_unhex(native[_i].hex, b);
	const struct plat_info *p = plat_by_name(native[_i].plat);
	for (unsigned i = 0; i < 128; i++) {
		for (unsigned j = i; j < 128; j++) {
			memcpy(x, b, n);
			x[i / 8] ^= (uint8_t)(1u << (i % 8));
			if (j != i)
				x[j / 8] ^= (uint8_t)(1u << (j % 8));
			survive(p, x, n);
		}
	}
}
END_TEST

START_TEST(random_words_never_crash)
{
	unsigned count;
	const struct plat_info *all = plat_all(&count);
	uint64_t s = 0x9E3779B97F4A7C15ull;
	uint8_t b[16];
	for (unsigned k = 0; k < 200000; k++) {
		for (int i = 0; i < 16; i++) {
			s = s * 6364136223846793005ull + 1442695040888963407ull;
			b[i] = (uint8_t)(s >> 56);
		}
		survive(&all[k % count], b, 16);
	}
}
END_TEST

START_TEST(field_table_is_consistent)
{
	ck_assert_int_eq(gen_fields_check(), -1);
	ck_assert_int_eq(gen_compact_check(), -1);
	for (int e = 0; e < GEN_ENC_COUNT; e++) {
		for (int f = 0; f < GEN_FIELD_COUNT; f++) {
			struct gen_bits b = { { 0, 0 } };
			if (!gen_has_field((enum gen_enc)e, (enum gen_field)f))
				continue;
			gen_set(&b, (enum gen_enc)e, (enum gen_field)f, ~0ull);
			uint64_t all = gen_get(&b, (enum gen_enc)e, (enum gen_field)f);
			ck_assert_uint_ne(all, 0);
			gen_set(&b, (enum gen_enc)e, (enum gen_field)f, 0);
			ck_assert_uint_eq(b.w[0] | b.w[1], 0);
		}
	}
}
END_TEST

START_TEST(every_listed_op_has_a_row)
{
	/* iga64 -Xlist-ops -p=8|9|11|12p1 lists 66, 68, 61, 58 operations */
	static const unsigned expect[GEN_ENC_COUNT] = { 66, 68, 61, 58 };
	for (int e = 0; e < GEN_ENC_COUNT; e++) {
		unsigned n = 0;
		for (int op = 0; op < GEN_OP_COUNT; op++)
			n += gen_op_table[op].hw[e] >= 0;
		ck_assert_uint_eq(n, expect[e]);
		for (unsigned hw = 0; hw < 128; hw++) {
			enum gen_op op = gen_op_from_hw((enum gen_enc)e, hw);
			if (op != GEN_OP_INVALID)
				ck_assert_int_eq(gen_op_table[op].hw[e], (int)hw);
		}
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gen_decode");
	TCase *t = tcase_create("vectors");
	tcase_add_loop_test(t, native_vectors_print_as_iga, 0, (int)NVEC(native));
	tcase_add_loop_test(t, compacted_vectors_print_as_iga, 0,
	                    (int)NVEC(compacted));
	tcase_add_test(t, gen9_alu_fields);
	tcase_add_test(t, gen9_math_indirect_acc);
	tcase_add_test(t, ternary_forms);
	tcase_add_test(t, send_fields);
	tcase_add_test(t, gen12_fields);
	tcase_add_test(t, jumps_become_labels);
	tcase_add_test(t, errors_name_offset_and_field);
	tcase_add_test(t, field_table_is_consistent);
	tcase_add_test(t, every_listed_op_has_a_row);
	suite_add_tcase(s, t);
	TCase *r = tcase_create("robustness");
	tcase_set_timeout(r, 120);
	tcase_add_loop_test(r, bit_flips_never_crash, 0, (int)NVEC(native));
	tcase_add_test(r, random_words_never_crash);
	suite_add_tcase(s, r);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
