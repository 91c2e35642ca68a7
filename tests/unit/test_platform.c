/*
 * test_platform.c - the platform model: the one name table (every name
 * and alias, as -p, -platform and fat --platform read it), capability
 * and workaround columns, vISA instruction availability, and the SEND
 * descriptor builders (exact bits per family, taken from IGC's binaries
 * in shared/corpus/<platform>/ *.igc.asm; the comment after each value
 * is the line's decoded text there).
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "visafin.h"
#include "../platforms/platform.h"
#include "../encoder/msg_desc.h"
#include "../visa/visa_ops.h"
#include "unit.h"

static const struct plat_info *P(const char *n)
{
	const struct plat_info *p = plat_by_name(n);
	ck_assert_msg(p != NULL, "%s", n);
	return p;
}

START_TEST(every_alias_names_its_platform)
{
	static const struct { const char *alias, *plat; int code; } t[] = {
		{ "bdw", "bdw", 3 },     { "skl", "skl", 5 },
		{ "bxt", "bxt", 6 },     { "icllp", "icllp", 10 },
		{ "tgllp", "tgllp", 12 },
		/* GenX_IR's -platform spellings */
		{ "BDW", "bdw", 3 },     { "SKL", "skl", 5 },
		{ "BXT", "bxt", 6 },     { "ICLLP", "icllp", 10 },
		{ "TGLLP", "tgllp", 12 },
		{ "GEN8", "bdw", 3 },    { "GEN9", "skl", 5 },
		{ "GEN11", "icllp", 10 }, { "GEN12LP", "tgllp", 12 },
		/* other names in use */
		{ "gen9lp", "bxt", 6 },  { "apl", "bxt", 6 },
		{ "gen11lp", "icllp", 10 }, { "gen12", "tgllp", 12 },
		{ "tgl", "tgllp", 12 },  { "Skl", "skl", 5 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		const struct plat_info *p = P(t[i].alias);
		ck_assert_str_eq(p->name, t[i].plat);
		ck_assert_int_eq(p->visa_code, t[i].code);
		/* the public API reads the same table */
		ck_assert_int_eq(vf_platform_from_name(t[i].alias), t[i].code);
		ck_assert_str_eq(vf_platform_name(t[i].code), t[i].plat);
		ck_assert_ptr_eq(plat_by_visa_code(t[i].code), p);
	}
	/* every entry of the table is covered above, and each resolves */
	unsigned n = 0;
	for (const char *a; (a = plat_name_at(n)) != NULL; n++)
		ck_assert_ptr_nonnull(plat_by_name(a));
	ck_assert_uint_eq(n, 14);
}
END_TEST

START_TEST(unknown_names_are_refused)
{
	static const char *bad[] = { "", "chv", "gen10", "skl ", "dg2", "xe",
	                             "gen7", "icl" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_ptr_null(plat_by_name(bad[i]));
		ck_assert_int_eq(vf_platform_from_name(bad[i]), -1);
	}
	ck_assert_ptr_null(plat_by_name(NULL));
	ck_assert_ptr_null(plat_by_visa_code(4));
	ck_assert_ptr_null(vf_platform_name(7));
	ck_assert_str_eq(plat_default()->name, "skl");
}
END_TEST

/* BXT has its own rules, not SKL's (GEN-FACTS 8; IGC HWConformity.cpp). */
START_TEST(bxt_is_not_skl)
{
	const struct plat_info *skl = P("skl"), *bxt = P("bxt");
	ck_assert_int_eq(skl->enc, bxt->enc);          /* same bit layout */
	ck_assert(skl->caps.dw_mul_vector && !bxt->caps.dw_mul_vector);
	ck_assert(bxt->caps.dw_mul_scalar);
	ck_assert(!skl->caps.region_64bit_restricted);
	ck_assert(bxt->caps.region_64bit_restricted);
	ck_assert(bxt->wa.dw_mul_counts_as_64bit && !skl->wa.dw_mul_counts_as_64bit);
	ck_assert_uint_eq(bxt->caps.threads_per_eu, 6);
	ck_assert_uint_eq(skl->caps.threads_per_eu, 7);
	ck_assert(skl->caps.finalizer_ready && bxt->caps.finalizer_ready);
	ck_assert(!bxt->caps.dw_mul_to_q && skl->caps.dw_mul_to_q);
}
END_TEST

START_TEST(family_columns)
{
	unsigned n;
	const struct plat_info *all = plat_all(&n);
	ck_assert_uint_eq(n, 5);
	for (unsigned i = 0; i < n; i++) {
		const struct plat_caps *c = &all[i].caps;
		ck_assert_uint_eq(c->grf_count, 128);
		ck_assert_uint_eq(c->eot_grf_first, 112);
		/* every platform finalizes (TGLLP since issue 10) */
		ck_assert(c->finalizer_ready);
		/* Gen12's rules: exactly where the platform has SWSB */
		bool gen12 = c->swsb;
		ck_assert_int_eq(gen12, !strcmp(all[i].name, "tgllp"));
		ck_assert_int_eq(c->math_pow_fdiv, !gen12);
		ck_assert_int_eq(c->sync_bar, gen12);
		ck_assert_int_eq(c->reloc_addr32, gen12);
		ck_assert_int_eq(c->thread_ctrl, !gen12);
		ck_assert_int_eq(all[i].wa.read_suppression, gen12);
		ck_assert_int_eq(all[i].wa.fused_eu_nomask, gen12);
		/* without native Q, lower64.c needs the acc0 multiply */
		ck_assert(c->native_q || !c->dw_mul_to_q);
		/* split sends have an opcode exactly where both exist */
		ck_assert(!c->sends_opcode || c->split_send);
		/* no native 64-bit types without 64-bit region rules there */
		ck_assert(c->native_q || c->region_64bit_restricted);
	}
	ck_assert(!P("bdw")->caps.split_send);
	ck_assert(!P("bdw")->caps.mixed_float && P("skl")->caps.mixed_float);
	ck_assert(!P("bdw")->caps.a16_hf_replicate && P("skl")->caps.a16_hf_replicate);
	ck_assert(P("icllp")->caps.three_src_align1 && !P("skl")->caps.three_src_align1);
	ck_assert(P("tgllp")->caps.swsb && !P("icllp")->caps.swsb);
	ck_assert(!P("icllp")->caps.native_df && P("bxt")->caps.native_df);
	ck_assert(!P("icllp")->caps.native_q && P("skl")->caps.native_q);
	ck_assert(P("icllp")->caps.mach_low && !P("bxt")->caps.mach_low);
	ck_assert(P("icllp")->caps.native_rotate && !P("skl")->caps.native_rotate);
	ck_assert(P("icllp")->caps.slm_fence && !P("skl")->caps.slm_fence);
	ck_assert_uint_eq(P("skl")->caps.barrier_id_mask, 0x8F000000u);
	ck_assert_uint_eq(P("icllp")->caps.barrier_id_mask, 0x7F000000u);
	ck_assert(P("icllp")->caps.goto_jumps_on_true && !P("skl")->caps.goto_jumps_on_true);
}
END_TEST

START_TEST(visa_instruction_availability)
{
	ck_assert(!plat_has_visa_op(P("skl"), VISA_OP_ROL));
	ck_assert(plat_has_visa_op(P("icllp"), VISA_OP_ROR));
	ck_assert(plat_has_visa_op(P("bxt"), VISA_OP_DIVM));
	ck_assert(!plat_has_visa_op(P("tgllp"), VISA_OP_SQRTM));
	ck_assert(!plat_has_visa_op(P("tgllp"), VISA_OP_SWITCHJMP));
	ck_assert(plat_has_visa_op(P("icllp"), VISA_OP_SWITCHJMP));
	ck_assert(plat_has_visa_op(P("tgllp"), VISA_OP_LRP));
	ck_assert(!plat_has_visa_op(P("skl"), VISA_OP_DPAS));
	ck_assert(plat_has_visa_op(P("bdw"), VISA_OP_ADD));
	ck_assert(!plat_has_visa_op(P("skl"), VISA_OP_LSC_UNTYPED));
}
END_TEST

/* desc with lengths; exdesc with xlen. */
static void want(const struct plat_info *p, struct gen_msg m, unsigned mlen,
                 unsigned rlen, unsigned xlen, uint8_t sfid, uint32_t desc,
                 uint32_t exdesc)
{
	uint32_t d = m.desc | gen_desc_lengths(p, mlen, rlen);
	uint32_t x = gen_exdesc(p, m.sfid, xlen);
	ck_assert_msg(m.sfid == sfid && d == desc && x == exdesc,
	              "%s: sfid %u desc 0x%08X exdesc 0x%X, want %u 0x%08X 0x%X",
	              p->name, m.sfid, d, x, sfid, desc, exdesc);
}

static const char *const all5[] = { "bdw", "skl", "bxt", "icllp", "tgllp" };

START_TEST(data_port_a32_descriptors)
{
	for (int i = 0; i < 5; i++) {
		const struct plat_info *p = P(all5[i]);
		bool g12 = !strcmp(p->name, "tgllp");
		/* untyped surface read with x, SIMD16 (all five) */
		want(p, gen_msg_untyped_rw(p, false, 16, 0x1, 0), 2, 2, 0, 12,
		     0x04205E00, g12 ? 0x0 : 0xC);
		/* oword block read x2 (stack fill) */
		want(p, gen_msg_oword_block(p, GEN_BLOCK_READ, 2, 0xFF), 1, 1, 0, 10,
		     0x021802FF, g12 ? 0x0 : 0xA);
		/* hword scratch block read x1 at 1 */
		want(p, gen_msg_scratch(p, false, 1, 1), 1, 1, 0, 10, 0x021C0001,
		     g12 ? 0x0 : 0xA);
		/* media block read */
		want(p, gen_msg_media_block(p, false, 0, 0), 1, 1, 0, 12,
		     0x02190000, g12 ? 0x0 : 0xC);
	}
	const char *split[] = { "skl", "bxt", "icllp" };
	for (int i = 0; i < 3; i++) {
		const struct plat_info *p = P(split[i]);
		/* untyped surface write with xyzw, SIMD8: wr:1+4 */
		want(p, gen_msg_untyped_rw(p, true, 8, 0xF, 1), 1, 0, 4, 12,
		     0x02026001, 0x10C);
		/* untyped atomic signed-integer max, SIMD8: wr:1+1 */
		want(p, gen_msg_untyped_atomic(p, false, 8, false, 0xA, 0xFE), 1, 0,
		     1, 12, 0x02009AFE, 0x4C);
		/* oword block write x8: wr:1h+4 */
		want(p, gen_msg_oword_block(p, GEN_BLOCK_WRITE, 8, 1), 1, 0, 4, 10,
		     0x020A0401, 0x10A);
		/* hword scratch block write x1 at 2: wr:1h+1 */
		want(p, gen_msg_scratch(p, true, 1, 2), 1, 0, 1, 10, 0x020F0002,
		     0x4A);
		/* media block write: wr:1h+1 */
		want(p, gen_msg_media_block(p, true, 0, 1), 1, 0, 1, 12, 0x020A8001,
		     0x4C);
	}
	const struct plat_info *bdw = P("bdw");
	/* BDW has no sends: data follows the header in src0 (wr:2+0) */
	want(bdw, gen_msg_untyped_atomic(bdw, false, 16, false, 5, 0xFE), 2, 0,
	     0, 12, 0x040085FE, 0xC);
	want(bdw, gen_msg_media_block(bdw, true, 0, 1), 2, 0, 0, 12, 0x040A8001,
	     0xC);
	want(bdw, gen_msg_untyped_rw(bdw, false, 8, 0x1, 1), 1, 1, 0, 12,
	     0x02106E01, 0xC);
	/* skl byte scattered read, 4 bytes, SIMD8, SLM */
	const struct plat_info *skl = P("skl");
	want(skl, gen_msg_byte_scattered(skl, false, 8, 2, 0xFE), 1, 1, 0, 10,
	     0x021108FE, 0xA);
	/* synchronized SLM fence (icllp), global fence (tgllp) */
	const struct plat_info *icl = P("icllp"), *tgl = P("tgllp");
	want(icl, gen_msg_fence(icl, true, 0, true), 1, 1, 0, 10, 0x0219E0FE,
	     0xA);
	want(tgl, gen_msg_fence(tgl, true, 0, false), 1, 1, 0, 10, 0x0219E000,
	     0x0);
	want(tgl, gen_msg_oword_block(tgl, GEN_BLOCK_WRITE, 8, 0xFF), 1, 0, 4,
	     10, 0x020A04FF, 0x100);
}
END_TEST

START_TEST(data_port_a64_descriptors)
{
	const char *split[] = { "skl", "bxt", "icllp" };
	for (int i = 0; i < 3; i++) {
		const struct plat_info *p = P(split[i]);
		/* untyped a64 atomic int32 integer add: wr:2+1 */
		want(p, gen_msg_a64_atomic(p, false, false, false, 7), 2, 0, 1, 12,
		     0x040487FF, 0x4C);
		/* a64 untyped surface read with xyz, SIMD16 */
		want(p, gen_msg_a64_untyped_rw(p, false, 16, 0x7), 4, 6, 0, 12,
		     0x086458FF, 0xC);
		/* a64 byte scattered read, dword blocks, SIMD16 */
		want(p, gen_msg_a64_scattered(p, false, 16, 1, 0), 4, 2, 0, 12,
		     0x082411FF, 0xC);
		/* a64 (unaligned) oword block write x1: wr:1h+1 */
		want(p, gen_msg_a64_block(p, GEN_BLOCK_WRITE, 1), 1, 0, 1, 12,
		     0x020D40FF, 0x4C);
	}
	const struct plat_info *skl = P("skl"), *bdw = P("bdw"), *tgl = P("tgllp");
	want(skl, gen_msg_a64_block(skl, GEN_BLOCK_WRITE, 4), 1, 0, 2, 12,
	     0x020D43FF, 0x8C);
	want(bdw, gen_msg_a64_block(bdw, GEN_BLOCK_WRITE, 8), 5, 0, 0, 12,
	     0x0A0D44FF, 0xC);
	want(bdw, gen_msg_a64_untyped_rw(bdw, false, 8, 0x7), 2, 3, 0, 12,
	     0x043468FF, 0xC);
	want(tgl, gen_msg_a64_atomic(tgl, false, false, false, 7), 2, 0, 1, 12,
	     0x040487FF, 0x40);
	want(tgl, gen_msg_a64_block(tgl, GEN_BLOCK_WRITE, 1), 1, 0, 1, 12,
	     0x020D40FF, 0x40);
}
END_TEST

START_TEST(sampler_gateway_spawner_descriptors)
{
	for (int i = 0; i < 5; i++) {
		const struct plat_info *p = P(all5[i]);
		bool g12 = !strcmp(p->name, "tgllp");
		/* gateway: signal barrier */
		want(p, gen_msg_barrier(p), 1, 0, 0, 3, 0x02000004, g12 ? 0 : 0x3);
		/* spawner: end of thread (the EOT bit 5 of ExDesc is the
		 * instruction's, set by the encoder) */
		want(p, gen_msg_eot(p), 1, 0, 0, 7, 0x02000010, g12 ? 0 : 0x7);
	}
	const struct plat_info *skl = P("skl"), *bxt = P("bxt"), *icl = P("icllp");
	const struct plat_info *bdw = P("bdw");
	/* simd16 sample with lod forced to 0: wr:1h+4, rd:6 */
	want(skl, gen_msg_sampler(skl, 0x18, 16, 0, 0, true), 1, 6, 4, 2,
	     0x026D8000, 0x102);
	want(bxt, gen_msg_sampler(bxt, 0x1A, 16, 0, 0, true), 1, 4, 4, 2,
	     0x024DA000, 0x102);
	/* ICLLP: the same message without header, wr:2+2 */
	want(icl, gen_msg_sampler(icl, 0x18, 16, 0, 0, false), 2, 6, 2, 2,
	     0x04658000, 0x82);
	/* BDW simd16 sample load: wr:7h+0, rd:4 */
	want(bdw, gen_msg_sampler(bdw, 0x07, 16, 0, 0, true), 7, 4, 0, 2,
	     0x0E4C7000, 0x2);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("platform");
	TCase *t = tcase_create("model");
	tcase_add_test(t, every_alias_names_its_platform);
	tcase_add_test(t, unknown_names_are_refused);
	tcase_add_test(t, bxt_is_not_skl);
	tcase_add_test(t, family_columns);
	tcase_add_test(t, visa_instruction_availability);
	tcase_add_test(t, data_port_a32_descriptors);
	tcase_add_test(t, data_port_a64_descriptors);
	tcase_add_test(t, sampler_gateway_spawner_descriptors);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
