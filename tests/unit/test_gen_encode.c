/* test_gen_encode.c - guards the Gen encoder, compaction and assembler:
 * iga64-made vectors assemble from their text to the same bytes (native
 * and compacted, all four encodings, a control-flow kernel with labels);
 * decode -> encode reproduces the native bits; compaction leaves its
 * output untouched when it fails; assembling every decodable bit-flipped
 * vector gives an instruction that disassembles to the same text; bad
 * assembly is an error naming line and column. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "unit.h"

struct vec {
	const char *plat;
	const char *hex;
	const char *text;
};

/* iga64 -a -p=N [-Xforce-no-compact | -Xautocompact] (GEN-FACTS.md 9) */
static const struct vec vecs[] = {
	{ "skl", "01006000280a402180028d0000000000", "mov (8|M0) r10.0<1>:d r20.0<8;8,1>:d" },
	{ "skl", "40008000e83a8021c0418d3a00228d00", "add (16|M0) r12.0<1>:f -r14.0<8;8,1>:f (abs)r16.0<8;8,1>:f" },
	{ "skl", "40006080e83a8021c0018d3e0000803f", "add (8|M0) (sat)r12.0<1>:f r14.0<8;8,1>:f 1.0:f" },
	{ "skl", "010000000c06a8200000000078563412", "(W) mov (1|M0) r5.2<1>:ud 0x12345678:ud" },
	{ "skl", "01106100691a40218002ae0000000000", "(f0.1) mov (8|M8) r10.0<1>:w r20.0<16;8,2>:w" },
	{ "skl", "10006005200a002040018d0e05000000", "cmp (8|M0) (lt)f0.0 null<1>:d r10.0<8;8,1>:d 5:d" },
	{ "skl", "38006009e83a402180018d3ac0018d00", "math.fdiv (8|M0) r10.0<1>:f r12.0<8;8,1>:f r14.0<8;8,1>:f" },
	{ "skl", "01006000280a402140808d0000000000", "mov (8|M0) r10.0<1>:d r[a0.0,64]<8;8,1>:d" },
	{ "skl", "01006000280a00a480028d0000000000", "mov (8|M0) r[a0.2]<1>:d r20.0<8;8,1>:d" },
	{ "skl", "01000000c8564021000000000000f03f", "mov (1|M0) r10.0<1>:df 1.0:df" },
	{ "skl", "5b018080c0001e0ac8b1003918246703", "mad (16|M0) (sat)r10.0<1>:f -r11.0<2;1>:f (abs)r12.0<2;1>:f r13.4<0>:f" },
	{ "icllp", "5b008080c840000a39b0200718046003", "mad (16|M0) (sat)r10.0<1>:f -r11.0<8;1>:f (abs)r12.0<8;1>:f r13.4<0>:f" },
	{ "skl", "3100600704020020e00f000610000082", "(W) send (8|M0) null r127 0x27 0x02000010 {EOT}" },
	{ "skl", "3300800c70c0000082000000005e0204", "sends (16|M0) null:w r4 r12 0x8C 0x04025E00" },
	{ "tgllp", "40020400a02a050c050e460a05104601", "add (16|M0) r12.0<1>:f -r14.0<8;8,1>:f (abs)r16.0<8;8,1>:f {@2}" },
	{ "tgllp", "62339311a00a050a050b460a050c4600", "(~f1.0) sel (8|M8) r10.0<1>:f r11.0<8;8,1>:f r12.0<8;8,1>:f {$3.src}" },
	{ "tgllp", "61000000b04b050a0000f03f00000000", "mov (1|M0) r10.0<1>:df 1.0:df" },
	{ "tgllp", "31a4040000000000140500cc14159600", "send.dc1 (16|M0) null r5 r21 0x80 0x04025E00 {@2,$4}" },
	{ "tgllp", "0100000000420100000000200a000000", "sync.allrd ($1,$3)" },
	{ "skl", "01cb0220070a1400", "mov (8|M0) r10.0<1>:d r20.0<8;8,1>:d {Compacted}" },
	{ "skl", "5ba600301028e4f3", "mad (16|M0) r10.0<1>:f -r5.4<0;0>:f r121.0<2;1>:f r121.0<1>:f {Compacted}" },
	{ "bdw", "5ba100200058301a", "mad (8|M0) r10.0<1>:f r11.0<2;1>:f r12.0<2;1>:f r13.0<1>:f {Compacted}" },
	{ "icllp", "40560220e70a0b0c", "add (16|M0) r10.0<1>:f r11.0<8;8,1>:f r12.0<8;8,1>:f {Compacted}" },
	{ "tgllp", "410020a0010e4040", "mul (16|M0) acc0.0<1>:f r14.0<8;8,1>:f 3.0:f {Compacted}" },
	{ "tgllp", "5b0014209f050c0c", "mad (16|M0) r20.0<1>:f -r5.4<0;0>:f r12.0<8;1>:f r12.0<1>:f {Compacted}" },
	{ "tgllp", "013300e801001100", "sync.nop null {Compacted,$3.src}" },
	/* found by tests/prop: brc through a 64-bit register has one
	 * source, region <2;2,1>; brd/brc write dst ip:d; wait n0.1 writes
	 * n0.1; an Align16 DF scalar is a .xyxy/.zwzw swizzle, not RepCtrl */
	{ "skl", "23008000200a00348401450000000000", "brc (16|M0) r12.1" },
	{ "tgllp", "2300040000000000240c000000000000", "brc (16|M0) r12.1" },
	{ "skl", "21008000200a00348401000000000000", "brd (16|M0) r12.1" },
	{ "skl", "30000000000004320412000000000000", "wait n0.1<0;1,0>:ud" },
	{ "skl", "5b01400000d81e68c87104391670271e",
	  "mad (4|M0) r104.0<1>:df r71.0<2;1>:df r11.0<2;1>:df r120.3<0>:df" },
	{ "skl", "5b01400000d81e68dc7104391620071e",
	  "mad (4|M0) r104.0<1>:df r71.1<0;0>:df r11.0<2;1>:df r120.0<1>:df" },
	/* BDW send src0 regions no syntax shows, IGC's convention rather
	 * than iga64 -a's <0;1,0>: <4;4,1> for a SIMD8 A64 gather (corpus),
	 * <2;2,1> at SIMD2 (issue 9 item 7: a SIMD2 :f send must survive
	 * disassembly and assembly byte for byte) */
	{ "bdw", "3100600ce83ac022c0026906ff011404", "send (8|M0) r22:f r22:f 0xC 0x041401FF" },
	{ "bdw", "3100200ce83a402180024506005e2004", "send (2|M0) r10:f r20:f 0xC 0x04205E00" },
};

#define NVEC(a) (sizeof(a) / sizeof((a)[0]))

static uint8_t *assemble(const char *plat, const char *text, size_t *n,
                         struct vf_error *e)
{
	uint8_t *out = NULL;
	if (gen_assemble(plat_by_name(plat), text, strlen(text), "t.asm", &out, n,
	                 e) != VF_OK)
		return NULL;
	return out;
}

START_TEST(vectors_assemble_to_iga_bytes)
{
	const struct vec *v = &vecs[_i];
	uint8_t want[16];
	size_t nw = unit_unhex(v->hex, want), n = 0;
	struct vf_error e = { 0 };
	uint8_t *got = assemble(v->plat, v->text, &n, &e);
	ck_assert_msg(got != NULL, "%s: %s", v->text, e.msg);
	ck_assert_uint_eq(n, nw);
	ck_assert_msg(!memcmp(got, want, n), "%s", v->text);
	free(got);
}
END_TEST

/* GEN-FACTS.md 9 control-flow vector: labels become JIP/UIP */
static const char cf_text[] =
	"(W) jmpi L176\nL16:\n(f0.0) if (16|M0) L48 L80\n"
	"mov (16|M0) r10.0<1>:f 1.0:f\nL48:\nelse (16|M0) L80 L80\n"
	"mov (16|M0) r10.0<1>:f 2.0:f\nL80:\nendif (16|M0) L96\nL96:\n"
	"(f0.0) goto (16|M0) L128 L128\nmov (16|M0) r11.0<1>:f 2.0:f\n"
	"L128:\njoin (16|M0) L144\nL144:\n(W) call (1|M0) r120.0:ud L192\n"
	"(W) halt (1|M0) L192 L192\nL176:\n(W) jmpi L16\nL192:\n"
	"(W) ret (1|M0) r120.0:ud\n";

START_TEST(labels_become_jumps)
{
	/* JIP at bytes 12..15, UIP at 8..11 (Gen8-11), jmpi from next inst */
	static const struct { size_t pc; int32_t jip, uip; } want[] = {
		{ 0x00, 160, 0 }, { 0x10, 32, 64 }, { 0x30, 32, 32 },
		{ 0x50, 16, 0 }, { 0x60, 32, 32 }, { 0x80, 16, 0 },
		{ 0x90, 48, 0 }, { 0xA0, 32, 32 }, { 0xB0, -176, 0 },
	};
	size_t n = 0;
	struct vf_error e = { 0 };
	uint8_t *b = assemble("skl", cf_text, &n, &e);
	ck_assert_msg(b != NULL, "%s", e.msg);
	ck_assert_uint_eq(n, 0xD0);
	for (size_t i = 0; i < NVEC(want); i++) {
		int32_t jip, uip;
		memcpy(&jip, b + want[i].pc + 12, 4);
		memcpy(&uip, b + want[i].pc + 8, 4);
		ck_assert_int_eq(jip, want[i].jip);
		if (want[i].uip)
			ck_assert_int_eq(uip, want[i].uip);
	}
	free(b);
}
END_TEST

START_TEST(decode_encode_reproduces_native)
{
	const struct vec *v = &vecs[_i];
	const struct plat_info *p = plat_by_name(v->plat);
	uint8_t b[16];
	size_t n = unit_unhex(v->hex, b);
	struct gen_inst in;
	struct gen_bits raw = { { 0, 0 } }, nat, enc, cmp = { { 0, 0 } };
	struct vf_error e = { 0 };
	const char *field;
	for (size_t i = 0; i < n; i++)
		raw.w[i / 8] |= (uint64_t)b[i] << (8 * (i % 8));
	ck_assert(gen_decode(p, b, n, 0, "t", &in, &e) == VF_OK);
	if (n == 8)
		ck_assert(gen_uncompact(p, &raw, &nat, &field) == VF_OK);
	else
		nat = raw;
	ck_assert(gen_encode(p, &in, &enc, &e) == VF_OK);
	ck_assert(enc.w[0] == nat.w[0] && enc.w[1] == nat.w[1]);
	if (n == 8) {
		ck_assert(gen_compact(p, &enc, &cmp));
		ck_assert(cmp.w[0] == raw.w[0]);
	}
}
END_TEST

START_TEST(failed_compaction_leaves_output)
{
	/* a send cannot be compacted on Gen9: the output keeps its value */
	uint8_t b[16];
	struct gen_bits in = { { 0, 0 } }, out = { { 0x1234, 0x5678 } };
	size_t n = unit_unhex(vecs[12].hex, b);
	for (size_t i = 0; i < n; i++)
		in.w[i / 8] |= (uint64_t)b[i] << (8 * (i % 8));
	ck_assert(!gen_compact(plat_by_name("skl"), &in, &out));
	ck_assert(out.w[0] == 0x1234 && out.w[1] == 0x5678);
}
END_TEST

/* The compaction memo answers as gen_compact does: every vector in its
 * native form and each of its one-bit and two-bit flips (which change
 * register numbers, types, regions, files, immediates) goes through one
 * memo per vector, so that later instructions hit entries made by
 * earlier ones that differ from them in a few bits. */
START_TEST(compaction_memo_agrees)
{
	const struct vec *v = &vecs[_i];
	const struct plat_info *p = plat_by_name(v->plat);
	uint8_t b[16];
	size_t n = unit_unhex(v->hex, b);
	struct gen_bits raw = { { 0, 0 } }, nat;
	const char *field;
	for (size_t i = 0; i < n; i++)
		raw.w[i / 8] |= (uint64_t)b[i] << (8 * (i % 8));
	if (n == 8)
		ck_assert(gen_uncompact(p, &raw, &nat, &field) == VF_OK);
	else
		nat = raw;
	static struct gen_compact_memo memo;
	gen_compact_memo_init(&memo, p);
	for (unsigned i = 0; i <= 128; i++) {
		for (unsigned j = i; j <= 128; j += 7) {
			struct gen_bits x = nat;
			struct gen_bits a = { { 1, 2 } }, m = { { 1, 2 } };
			if (i < 128)
				x.w[i / 64] ^= 1ull << (i % 64);
			if (j < 128 && j != i)
				x.w[j / 64] ^= 1ull << (j % 64);
			bool ok = gen_compact(p, &x, &a);
			ck_assert_int_eq(gen_compact_memo(&memo, &x, &m), ok);
			ck_assert_msg(a.w[0] == m.w[0] && a.w[1] == m.w[1],
			              "%s bits %u %u", v->text, i, j);
		}
	}
}
END_TEST

static void text_of(const struct plat_info *p, const uint8_t *b, size_t n,
                    char *out, size_t cap, bool *ok)
{
	char *t = NULL;
	struct vf_error e = { 0 };
	*ok = gen_disasm(p, b, n, "t", &t, &e) == VF_OK;
	if (*ok)
		snprintf(out, cap, "%s", t);
	free(t);
}

/* Any decodable bit pattern: disasm -> asm -> disasm gives the same text
 * (or the assembler reports an error; it never crashes). */
START_TEST(flipped_vectors_round_trip)
{
	const struct vec *v = &vecs[_i];
	const struct plat_info *p = plat_by_name(v->plat);
	uint8_t b[16], x[16];
	size_t n = unit_unhex(v->hex, b);
	for (unsigned i = 0; i < n * 8; i++) {
		char t1[512], t2[512];
		bool ok;
		memcpy(x, b, n);
		x[i / 8] ^= (uint8_t)(1u << (i % 8));
		text_of(p, x, n, t1, sizeof(t1), &ok);
		if (!ok)
			continue;
		size_t m = 0;
		struct vf_error e = { 0 };
		uint8_t *y = NULL;
		if (gen_assemble(p, t1, strlen(t1), "t", &y, &m, &e) != VF_OK)
			continue;
		text_of(p, y, m, t2, sizeof(t2), &ok);
		ck_assert(ok);
		ck_assert_str_eq(t1, t2);
		free(y);
	}
}
END_TEST

START_TEST(errors_name_line_and_column)
{
	static const struct { const char *text, *where; } bad[] = {
		{ "mov (8|M0) r1.0<1>:d r2.0<8;8,1>:d\nfrob (8|M0) r1.0<1>:d\n",
		  "t.asm:2:" },
		{ "mov (8|M0) r1.0<1>:zz r2.0<8;8,1>:d\n", "t.asm:1:" },
		{ "jmpi L8\n", "undefined label" },
		{ "send (8|M0) null r1 0xA 0x02000010 {Compacted}\n",
		  "no compacted form" },
	};
	for (size_t i = 0; i < NVEC(bad); i++) {
		size_t n;
		struct vf_error e = { 0 };
		uint8_t *out = assemble("skl", bad[i].text, &n, &e);
		ck_assert_ptr_null(out);
		ck_assert_msg(strstr(e.msg, bad[i].where), "%s", e.msg);
	}
}
END_TEST

/* ---- regressions found by the property test (tests/prop/run.sh) ---- */

/* Disassembly of one instruction, label lines skipped, squeezed. */
static bool one_line(const char *plat, const uint8_t *b, size_t n, char *out,
                     size_t cap)
{
	char *t = NULL;
	struct vf_error e = { 0 };
	if (gen_disasm(plat_by_name(plat), b, n, "t", &t, &e) != VF_OK)
		return false;
	const char *s = t;
	while (s[0] == 'L' && strchr(s, '\n'))
		s = strchr(s, '\n') + 1;
	unit_squeeze(s, out, cap);
	free(t);
	return true;
}

/* brc with a register lists one source as iga64 does (IGA's
 * Instruction::getSourceCount), and that text assembles back: a
 * trailing "null" (older listings) is accepted. */
START_TEST(brc_register_has_one_source)
{
	static const char *const plats[] = { "skl", "tgllp" };
	static const char *const hexes[] = {
		"23008000200a00348401450000000000", "2300040000000000240c000000000000",
	};
	uint8_t want[16], *got;
	char text[256];
	size_t n = unit_unhex(hexes[_i], want), m = 0;
	struct vf_error e = { 0 };
	ck_assert(one_line(plats[_i], want, n, text, sizeof(text)));
	ck_assert_str_eq(text, "brc (16|M0) r12.1");
	got = assemble(plats[_i], "brc (16|M0) r12.1 null\n", &m, &e);
	ck_assert_msg(got != NULL, "%s", e.msg);
	ck_assert(m == n && !memcmp(got, want, n));
	free(got);
}
END_TEST

/* movi reads src1 (null or an immediate) from Gen11 on: compaction must
 * keep it (it used to drop it as for a one-source instruction, turning
 * "null<1;1,0>:f" into "r0.0<8;8,1>:f"). */
START_TEST(movi_compaction_keeps_src1)
{
	static const char *const texts[] = {
		"movi (16|M0) r12.0<1>:f r[a0.0,24]<1,0>:f null<1;1,0>:f {@6}\n",
		"movi (1|M0) null<1>:f r[a0.10,48]<1,0>:f null<0;1,0>:f {$9.src}\n",
		"movi (8|M0) r10.0<1>:ud r[a0.0]<1,0>:ud 0x5:ud\n",
	};
	static const char *const plats[] = { "icllp", "tgllp" };
	for (size_t p = 0; p < NVEC(plats); p++) {
		for (size_t i = 0; i < NVEC(texts); i++) {
			const struct plat_info *pi = plat_by_name(plats[p]);
			struct vf_error e = { 0 };
			struct gen_bits nat = { { 0, 0 } }, cmp = { { 0, 0 } };
			size_t n = 0;
			char t1[256], t2[256];
			if (pi->enc != GEN_ENC_GEN12 && texts[i][strlen(texts[i]) - 2] == '}')
				continue;  /* SWSB: Gen12 only */
			uint8_t *b = assemble(plats[p], texts[i], &n, &e), c8[8];
			ck_assert_msg(b && n == 16, "%s: %s", texts[i], e.msg);
			for (size_t k = 0; k < 16; k++)
				nat.w[k / 8] |= (uint64_t)b[k] << (8 * (k % 8));
			ck_assert(one_line(plats[p], b, n, t1, sizeof(t1)));
			if (gen_compact(pi, &nat, &cmp)) {
				for (size_t k = 0; k < 8; k++)
					c8[k] = (uint8_t)(cmp.w[0] >> (8 * k));
				ck_assert(one_line(plats[p], c8, 8, t2, sizeof(t2)));
				ck_assert_msg(strstr(t2, "Compacted"), "%s", t2);
				*strstr(t2, "Compacted") = 0;
				ck_assert_msg(!strncmp(t1, t2, strlen(t2) - 2), "%s / %s",
				              t1, t2);
			}
			free(b);
		}
	}
}
END_TEST

/* GED rejects these encodings and options, so the layer does too:
 * ThreadCtrl 3 ({NoPreempt}) before Gen10, ThreadCtrl on a BDW send,
 * {Switch} on a Gen11 send or anywhere on Gen12, sync FC 0xD (fence) on
 * TGLLP. */
START_TEST(options_ged_rejects)
{
	static const struct { const char *plat, *text; bool ok; } cases[] = {
		{ "bdw", "mov (8|M0) r10.0<1>:f r11.0<8;8,1>:f {NoPreempt}", false },
		{ "skl", "mov (8|M0) r10.0<1>:f r11.0<8;8,1>:f {NoPreempt}", false },
		{ "icllp", "mov (8|M0) r10.0<1>:f r11.0<8;8,1>:f {NoPreempt}", true },
		{ "bdw", "send (8|M0) r10 r12 0xA 0x02100000 {Switch}", false },
		{ "skl", "send (8|M0) r10 r12 0xA 0x02100000 {Switch}", true },
		{ "icllp", "send (8|M0) r10 r12 0xA 0x02100000 {Switch}", false },
		{ "tgllp", "mov (8|M0) r10.0<1>:f r11.0<8;8,1>:f {Switch}", false },
		{ "tgllp", "sync.fence null", false },
		{ "tgllp", "sync.bar null", true },
	};
	for (size_t i = 0; i < NVEC(cases); i++) {
		size_t n;
		struct vf_error e = { 0 };
		uint8_t *b = assemble(cases[i].plat, cases[i].text, &n, &e);
		ck_assert_msg((b != NULL) == cases[i].ok, "%s %s: %s", cases[i].plat,
		              cases[i].text, e.msg);
		free(b);
	}
	/* iga64 -a -p=9 of "mov (8|M0) r10.0<1>:f r11.0<8;8,1>:f" with
	 * ThreadCtrl set to 3; the same sync.nop with FC 0xD on -p=12p1 */
	uint8_t b[16];
	char t[256];
	size_t n = unit_unhex("01c06000e83a402160018d0000000000", b);
	ck_assert(!one_line("skl", b, n, t, sizeof(t)));
	ck_assert(one_line("icllp", b, n, t, sizeof(t)));
	n = unit_unhex("0100000000000100000000d000000000", b);
	ck_assert(!one_line("tgllp", b, n, t, sizeof(t)));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gen_encode");
	TCase *t = tcase_create("encode");
	tcase_add_loop_test(t, vectors_assemble_to_iga_bytes, 0, (int)NVEC(vecs));
	tcase_add_loop_test(t, decode_encode_reproduces_native, 0,
	                    (int)NVEC(vecs));
	tcase_add_test(t, labels_become_jumps);
	tcase_add_test(t, failed_compaction_leaves_output);
	tcase_add_loop_test(t, compaction_memo_agrees, 0, (int)NVEC(vecs));
	tcase_add_test(t, errors_name_line_and_column);
	tcase_add_loop_test(t, flipped_vectors_round_trip, 0, (int)NVEC(vecs));
	tcase_add_loop_test(t, brc_register_has_one_source, 0, 2);
	tcase_add_test(t, movi_compaction_keeps_src1);
	tcase_add_test(t, options_ged_rejects);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
