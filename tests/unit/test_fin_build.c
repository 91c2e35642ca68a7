/* test_fin_build.c - guards the finalizer's builder, control flow and
 * legalizer on small vISA texts: every kernel ends in a SEND EOT with r0's
 * copy in r127; inputs are read at their payload offsets; vISA mad maps to
 * Gen's dst = src0 + src1 * src2; SIMD32 arithmetic is split into two
 * SIMD16 halves at M0/M16; a divergent forward goto becomes an inverted
 * goto with a join at its target while a uniform one becomes jmpi; a
 * backward goto becomes while; a subroutine nothing calls has no ret;
 * unsupported instructions fail with VF_ERR_UNSUPPORTED naming the
 * instruction; rol/ror are refused on SKL and one instruction on ICLLP;
 * lrp is native; switchjmp is a cmp + jmpi chain; gather4_typed is a data
 * cache 1 typed read (its response moved into place when it does not
 * start a GRF); the SKL rules hold for
 * narrowing conversions (strided destination then a packing move). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "region64.h"
#include "unit.h"

static const char header8[] =
	".version 4.1\n.kernel \"k\"\n"
	".decl V0033 v_type=G type=d num_elts=8 align=hword alias=<%r0, 0>\n";

static char *with(const char *body)
{
	static char buf[8192];
	snprintf(buf, sizeof buf, "%s%s", header8, body);
	return buf;
}

START_TEST(kernel_ends_in_eot_from_r127)
{
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	const char *k = with(
		".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    add (M1, 8) V0040(0,0)<1> V0040(0,0)<1;1,0> 0x1:d\n"
		"    ret (M1, 1)\n");
	ck_assert_msg(unit_finalize(k, VF_PLATFORM_SKL, &r, &e) == VF_OK, "%s",
	              e.msg);
	char *a = unit_listing(&r);
	ck_assert_ptr_nonnull(strstr(a, "mov (8|M0)               r127.0<1>:ud"
	                                "  r0.0<8;8,1>:ud"));
	/* the last instruction is the send to the thread spawner (0x27) with
	 * EOT: after its line comes only the end label */
	const char *send = strstr(a, "send (8|M0)");
	ck_assert_msg(send && strstr(send, "0x27") && strstr(send, "{EOT}"),
	              "%s", a);
	ck_assert_msg(strchr(strchr(send, '\n'), '(') == NULL, "%s", a);
	ck_assert_uint_eq(r.simd_size, 8);
	ck_assert_uint_eq(r.code_size % 8, 0);
	free(a);
	vf_kernel_result_clear(&r);
}
END_TEST

START_TEST(inputs_and_mad_operand_order)
{
	/* inputs at r1, r2, r3: vISA mad d = s0 * s1 + s2 is Gen mad with
	 * src0 = s2, so r3 comes first */
	const char *k = with(
		".decl T6 v_type=T num_elts=1 v_name=T006\n"
		".decl V0041 v_type=G type=f num_elts=8 align=hword\n"
		".decl V0042 v_type=G type=f num_elts=8 align=hword\n"
		".decl V0043 v_type=G type=f num_elts=8 align=hword\n"
		".decl V0044 v_type=G type=f num_elts=8 align=hword\n"
		".decl V0045 v_type=G type=ud num_elts=8 align=hword\n"
		".input V0041 offset=32 size=32\n.input V0042 offset=64 size=32\n"
		".input V0043 offset=96 size=32\n.input V0045 offset=128 size=32\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mad (M1, 8) V0044(0,0)<1> V0041(0,0)<1;1,0> V0042(0,0)<1;1,0> "
		"V0043(0,0)<1;1,0>\n"
		"    movs (M1_NM, 1) T6(0) 0x0:ud\n"
		"    scatter4_scaled.R (M1, 8) T6 0x0:ud V0045.0 V0044.0\n"
		"    ret (M1, 1)\n");
	char *a = unit_fin_listing(k, VF_PLATFORM_SKL);
	ck_assert_msg(strstr(a, "r3.0<2;1>:f") && strstr(a, "mad (8|M0)"), "%s", a);
	const char *mad = strstr(a, "mad (8|M0)");
	ck_assert_ptr_nonnull(strstr(mad, "r3.0<2;1>:f       r2.0<2;1>:f       r1.0<1>:f"));
	free(a);
}
END_TEST

START_TEST(simd32_splits_into_halves)
{
	const char *k = with(
		".decl V0040 v_type=G type=d num_elts=32 align=hword\n"
		".decl V0041 v_type=G type=d num_elts=32 align=hword\n"
		".kernel_attr SimdSize=32\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 32) V0041(0,0)<1> 0x5:d\n"
		"    add (M1, 32) V0040(0,0)<1> V0041(0,0)<1;1,0> 0x1:d\n"
		"    add (M1, 32) V0041(0,0)<1> V0040(0,0)<1;1,0> V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n");
	char *a = unit_fin_listing(k, VF_PLATFORM_SKL);
	ck_assert_ptr_nonnull(strstr(a, "add (16|M0)"));
	ck_assert_ptr_nonnull(strstr(a, "add (16|M16)"));
	ck_assert_ptr_null(strstr(a, "(32|M0)"));
	free(a);
}
END_TEST

static const char flow_decls[] =
	".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
	".decl V0041 v_type=G type=d num_elts=8 align=hword\n"
	".decl P1 v_type=P num_elts=8\n"
	".input V0040 offset=32 size=32\n"
	".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
	"    mov (M1, 8) V0041(0,0)<1> 0x0:d\n"
	"    cmp.lt (M1, 8) P1 V0040(0,0)<1;1,0> 0x3:d\n";

START_TEST(divergent_goto_joins_uniform_goto_jumps)
{
	char buf[8192];
	snprintf(buf, sizeof buf, "%s%s%s", header8, flow_decls,
	         "    (P1) goto (M1, 8) L1\n"
	         /* five instructions: too long to predicate (ifconv.c) */
	         "    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> 0x1:d\n"
	         "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x3:d\n"
	         "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x5:d\n"
	         "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x7:d\n"
	         "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x9:d\n"
	         "L1:\n"
	         "    goto (M1, 1) L2\n"
	         "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x2:d\n"
	         "L2:\n"
	         "    ret (M1, 1)\n");
	char *a = unit_fin_listing(buf, VF_PLATFORM_SKL);
	/* Gen9 goto moves the channels whose predicate is false */
	ck_assert_ptr_nonnull(strstr(a, "(~f0."));
	ck_assert_ptr_nonnull(strstr(a, "goto (8|M0)"));
	ck_assert_ptr_nonnull(strstr(a, "join (8|M0)"));
	ck_assert_ptr_nonnull(strstr(a, "jmpi"));
	free(a);
}
END_TEST

/* ifconv.c: a goto over one instruction becomes that instruction under
 * the inverted predicate, with no goto or join left. */
START_TEST(short_goto_is_predicated)
{
	char buf[8192];
	snprintf(buf, sizeof buf, "%s%s%s", header8, flow_decls,
	         "    (P1) goto (M1, 8) L1\n"
	         "    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> 0x1:d\n"
	         "L1:\n"
	         "    ret (M1, 1)\n");
	char *a = unit_fin_listing(buf, VF_PLATFORM_SKL);
	ck_assert_ptr_nonnull(strstr(a, "(~f0.0) add (8|M0)"));
	ck_assert_ptr_null(strstr(a, "goto"));
	ck_assert_ptr_null(strstr(a, "join"));
	free(a);
}
END_TEST

START_TEST(backward_goto_is_while)
{
	char buf[8192];
	snprintf(buf, sizeof buf, "%s%s%s", header8, flow_decls,
	         "L1:\n"
	         "    add (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x1:d\n"
	         "    cmp.lt (M1, 8) P1 V0041(0,0)<1;1,0> V0040(0,0)<1;1,0>\n"
	         "    (P1) goto (M1, 8) L1\n"
	         "    ret (M1, 1)\n");
	char *a = unit_fin_listing(buf, VF_PLATFORM_SKL);
	ck_assert_ptr_nonnull(strstr(a, "(f0.0)  while (8|M0)"));
	free(a);
}
END_TEST

START_TEST(unsupported_instruction_is_named)
{
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	const char *k = with(
		".decl V0040 v_type=G type=uw num_elts=16 align=hword\n"
		".decl V0041 v_type=G type=ub num_elts=32 align=hword\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    sad2 (M1, 1) V0040(0,0)<1> V0041(0,0)<1;1,0>"
		" V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n");
	ck_assert_int_eq(unit_finalize(k, VF_PLATFORM_SKL, &r, &e),
	                 VF_ERR_UNSUPPORTED);
	ck_assert_msg(strstr(e.msg, "sad2") != NULL, "%s", e.msg);
	ck_assert_ptr_null(r.code);
}
END_TEST

/* BXT has no vector D x D multiplier (caps.def dw_mul_vector): a SIMD16
 * dword product is (W) mul acc0 D x UW + mach {AccWrEn} + mov from acc0,
 * eight channels at a time; SKL keeps one mul; a scalar stays native
 * (IGC HWConformity.cpp fixMULInst: "scalar insts are a-ok"). */
START_TEST(dword_mul_through_acc_on_bxt)
{
	char *a, *b;
	const char *body =
		".decl V0040 v_type=G type=d num_elts=16 align=hword\n"
		".decl V0041 v_type=G type=d num_elts=16 align=hword\n"
		".decl V0042 v_type=G type=d num_elts=1 align=dword\n"
		".input V0041 offset=64 size=64\n"
		".input V0040 offset=128 size=64\n"
		".kernel_attr SimdSize=16\n.function \"_main_0\"\n_main_0:\n"
		"    mul (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0> V0041(0,0)<1;1,0>\n"
		"    mul (M1_NM, 1) V0042(0,0)<1> V0040(0,0)<0;1,0> V0041(0,1)<0;1,0>\n"
		"    add (M1, 16) V0041(0,0)<1> V0040(0,0)<1;1,0> V0042(0,0)<0;1,0>\n"
		"    ret (M1, 1)\n";
	a = unit_fin_listing(with(body), VF_PLATFORM_BXT);
	b = unit_fin_listing(with(body), VF_PLATFORM_SKL);
	/* BXT: two 8-channel accumulator sequences, mach at M0 and M8 */
	ck_assert_ptr_nonnull(strstr(a, "mach (8|M0)"));
	ck_assert_ptr_nonnull(strstr(a, "mach (8|M8)"));
	ck_assert_ptr_nonnull(strstr(a, "acc0.0<1>:d"));
	ck_assert_ptr_nonnull(strstr(a, "{AccWrEn"));
	ck_assert_ptr_nonnull(strstr(a, "(W)     mul (1|M0)"));
	ck_assert_ptr_null(strstr(a, "mul (16|M0)"));
	/* SKL: one native SIMD16 multiply, no mach */
	ck_assert_ptr_nonnull(strstr(b, "mul (16|M0)"));
	ck_assert_ptr_null(strstr(b, "mach"));
	free(a);
	free(b);
}
END_TEST

/* BDW has no split send (caps.split_send): a block store sends one
 * payload, header then data in consecutive registers, with the message
 * length of both ("wr:1+2" sends on SKL, one send of 3 on BDW); BDW
 * has no mixed mode and no HF math (caps.mixed_float, math_hf): an
 * HF + F add reads a converted F copy, HF sqrt computes in F; an HF mad
 * reads no replicated scalar (caps.a16_hf_replicate). */
START_TEST(bdw_joins_payloads_and_splits_mixed_float)
{
	const char *body =
		".decl V0040 v_type=G type=uq num_elts=1 align=qword\n"
		".decl V0041 v_type=G type=f num_elts=16 align=hword\n"
		".decl V0042 v_type=G type=hf num_elts=16 align=hword\n"
		".decl V0043 v_type=G type=hf num_elts=16 align=hword\n"
		".input V0040 offset=64 size=8\n"
		".input V0041 offset=128 size=64\n"
		".kernel_attr SimdSize=16\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 16) V0042(0,0)<1> V0041(0,0)<1;1,0>\n"
		"    add (M1, 16) V0041(0,0)<1> V0042(0,0)<1;1,0> V0041(0,0)<1;1,0>\n"
		"    sqrt (M1, 16) V0043(0,0)<1> V0042(0,0)<1;1,0>\n"
		"    add (M1, 16) V0041(0,0)<1> V0043(0,0)<1;1,0> V0041(0,0)<1;1,0>\n"
		"    mad (M1, 16) V0043(0,0)<1> V0042(0,0)<1;1,0> V0042(0,1)<0;1,0> V0043(0,0)<1;1,0>\n"
		"    mov (M1, 16) V0041(0,0)<1> V0043(0,0)<1;1,0>\n"
		"    svm_block_st (4) V0040(0,0)<0;1,0> V0041.0\n"
		"    ret (M1, 1)\n";
	char *a = unit_fin_listing(with(body), VF_PLATFORM_BDW);
	ck_assert_ptr_null(strstr(a, "sends"));
	ck_assert_ptr_nonnull(strstr(a, "wr:3+0"));
	ck_assert_ptr_nonnull(strstr(a, "math.sqt (16|M0)"));
	/* no add or math line has an HF operand; the conversions are movs */
	unsigned arith = 0;
	for (const char *l = a; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *end = strchr(l, '\n');
		size_t n = end ? (size_t)(end - l) : strlen(l);
		char line[256];
		snprintf(line, sizeof line, "%.*s", (int)(n < 255 ? n : 255), l);
		if (strstr(line, " add (") || strstr(line, " math.")) {
			arith++;
			ck_assert_msg(strstr(line, ":hf") == NULL, "%s", line);
		}
	}
	ck_assert_uint_ge(arith, 3);
	ck_assert_ptr_nonnull(strstr(a, "mad (16|M0)"));
	ck_assert_ptr_null(strstr(a, "<0>:hf"));
	ck_assert_ptr_null(strstr(a, "<0;0>:hf"));
	free(a);
}
END_TEST

/* Lines of 'a' containing all of 'want' (NULL-terminated). */
static unsigned count_lines(const char *a, const char *const *want)
{
	unsigned n = 0;
	for (const char *l = a; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *end = strchr(l, '\n');
		size_t len = end ? (size_t)(end - l) : strlen(l);
		char line[256];
		snprintf(line, sizeof line, "%.*s", (int)(len < 255 ? len : 255), l);
		int all = 1;
		for (unsigned k = 0; want[k] && all; k++)
			all = strstr(line, want[k]) != NULL;
		n += all;
	}
	return n;
}

/* A SIMD16 address computed as qwords from dwords and stored by two
 * SIMD8 A64 scatters.  BDW and SKL (caps two_grf_dst_regions, native Q
 * with free regions): the sign-extending mov folds into the shl, which
 * runs 8 channels at a time over two GRFs from one GRF of dwords (IGC's
 * `shl (8) q <- d<8;8,1>`), never 4.  BDW (no split send): each half of
 * the address is written straight into its send's joined payload (no
 * two-GRF copy); the data, written by one SIMD16 add over both halves,
 * is copied.  BXT keeps its 64-bit region rules. */
START_TEST(qword_regions_and_payload_pieces)
{
	const char *body =
		".decl V0040 v_type=G type=uq num_elts=1 align=qword\n"
		".decl V0041 v_type=G type=d num_elts=16 align=hword\n"
		".decl V0042 v_type=G type=q num_elts=16 align=hword\n"
		".decl V0043 v_type=G type=q num_elts=16 align=hword\n"
		".decl V0044 v_type=G type=d num_elts=16 align=hword\n"
		".input V0040 offset=64 size=8\n"
		".input V0041 offset=128 size=64\n"
		".kernel_attr SimdSize=16\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 16) V0042(0,0)<1> V0041(0,0)<1;1,0>\n"
		"    shl (M1, 16) V0043(0,0)<1> V0042(0,0)<1;1,0> 0x2:q\n"
		"    add (M1, 16) V0043(0,0)<1> V0043(0,0)<1;1,0> V0040(0,0)<0;1,0>\n"
		"    add (M1, 16) V0044(0,0)<1> V0041(0,0)<1;1,0> 0x1:d\n"
		"    svm_scatter.4.1 (M1, 8) V0043.0 V0044.0\n"
		"    svm_scatter.4.1 (M3, 8) V0043.64 V0044.32\n"
		"    ret (M1, 1)\n";
	char *a = unit_fin_listing(with(body), VF_PLATFORM_BDW);
	char *b = unit_fin_listing(with(body), VF_PLATFORM_SKL);
	char *x = unit_fin_listing(with(body), VF_PLATFORM_BXT);
	const char *shl_q_d[] = { "shl (8|M", "<1>:q", "<8;8,1>:d", NULL };
	const char *four[] = { "(4|M", NULL };
	const char *mov_q[] = { "mov (", "<1>:q", NULL };
	ck_assert_uint_eq(count_lines(a, shl_q_d), 2);
	ck_assert_uint_eq(count_lines(b, shl_q_d), 2);
	ck_assert_uint_eq(count_lines(a, four), 0);
	ck_assert_uint_eq(count_lines(b, four), 0);
	ck_assert_uint_eq(count_lines(a, mov_q), 0);
	/* BDW: two joined sends of address (2 GRFs) + data (1 GRF); only
	 * the data is copied, one GRF per send */
	const char *joined[] = { "send (8|M", "wr:3+0", NULL };
	const char *copy2[] = { "(W)     mov (16|M0)", NULL };
	const char *copy1[] = { "(W)     mov (8|M0)", ":ud", NULL };
	ck_assert_uint_eq(count_lines(a, joined), 2);
	ck_assert_uint_eq(count_lines(a, copy2), 0);
	ck_assert_uint_eq(count_lines(a, copy1), 3);  /* + r0 for EOT */
	/* BXT: 64-bit regions restricted, the shl reads qwords */
	ck_assert_uint_eq(count_lines(x, shl_q_d), 0);
	free(a);
	free(b);
	free(x);
}
END_TEST

/* BXT restricts 64-bit regions (caps.def region_64bit_restricted; IGC
 * HWConformity.cpp fix64bInst: "Source and Destination horizontal stride
 * must be aligned to the execution datatype", equal offsets): a float
 * vector converted to double is first spread to stride 2 at the
 * destination's offset; SKL converts it in place, in one instruction
 * (a one-GRF source may feed a two-GRF destination from Gen8 on). */
START_TEST(bxt_64bit_sources_are_qword_strided)
{
	char *a, *b;
	const char *body =
		".decl V0040 v_type=G type=f num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=df num_elts=8 align=hword\n"
		".decl V0042 v_type=G type=uq num_elts=1 align=qword\n"
		".input V0040 offset=64 size=32\n"
		".input V0042 offset=96 size=8\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0>\n"
		"    svm_block_st (4) V0042(0,0)<0;1,0> V0041.0\n"
		"    ret (M1, 1)\n";
	a = unit_fin_listing(with(body), VF_PLATFORM_BXT);
	b = unit_fin_listing(with(body), VF_PLATFORM_SKL);
	ck_assert_ptr_nonnull(strstr(a, "<2>:f"));
	ck_assert_ptr_nonnull(strstr(a, "<8;4,2>:f"));
	ck_assert_ptr_null(strstr(a, ":df    r2.4<4;4,1>:f"));
	ck_assert_msg(strstr(b, "mov (8|M0)               r4.0<1>:df    "
	                        "r2.0<8;8,1>:f") != NULL, "%s", b);
	ck_assert_ptr_null(strstr(b, "<8;4,2>:f"));
	free(a);
	free(b);
}
END_TEST

/* Broken CHV/BXT 64-bit region rules in a binary (encoder/region64.c),
 * or 0. */
static unsigned region64_breaks(const struct vf_kernel_result *r,
                                const char **first)
{
	const struct plat_info *bxt = plat_by_name("bxt");
	unsigned n = 0;
	*first = NULL;
	for (size_t pc = 0; pc < r->code_size;) {
		struct gen_inst in;
		struct vf_error e = { 0 };
		ck_assert_int_eq(gen_decode(bxt, r->code, r->code_size, pc, "k", &in,
		                            &e), VF_OK);
		static char buf[200];
		const char *why = gen_check_region64(bxt, &in, buf, sizeof buf);
		if (why && !*first)
			*first = why;
		n += why != NULL;
		pc += in.length;
	}
	return n;
}

/* 64-bit vector sources at another GRF offset than the destination (a
 * :q add from element 1, a :df multiply into element 1, a :q compare
 * with a null destination): BXT copies them as dwords to the
 * destination's offset (legalize.c copy_64bit_src) and its binary obeys
 * the rules; SKL's, checked against BXT's rules, does not (the checker
 * sees them). */
START_TEST(bxt_64bit_sources_at_destination_offset)
{
	char *a, *b;
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	const char *why;
	const char *body =
		".decl V0040 v_type=G type=q num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=q num_elts=8 align=hword\n"
		".decl V0042 v_type=G type=df num_elts=8 align=hword alias=<V0040, 0>\n"
		".decl V0043 v_type=G type=df num_elts=8 align=hword alias=<V0041, 0>\n"
		".decl P1 v_type=P num_elts=8\n"
		".input V0040 offset=64 size=64\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    cmp.lt (M1, 8) P1 V0040(0,0)<1;1,0> 0x0:q\n"
		"    (P1) add (M1, 2) V0041(0,0)<1> V0040(0,1)<1;1,0> V0040(1,0)<1;1,0>\n"
		"    mul (M1, 2) V0043(1,1)<1> V0042(0,0)<2;1,0> V0042(1,0)<1;1,0>\n"
		"    cmp.lt (M1, 2) P1 V0040(0,1)<1;1,0> V0040(1,0)<1;1,0>\n"
		"    (P1) mov (M1, 2) V0041(1,0)<1> 0x7:q\n"
		"    mov (M1, 8) V0040(0,0)<1> V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n";
	ck_assert_msg(unit_finalize(with(body), VF_PLATFORM_BXT, &r, &e) == VF_OK,
	              "%s", e.msg);
	a = unit_listing(&r);
	ck_assert_msg(region64_breaks(&r, &why) == 0, "bxt: %s", why);
	vf_kernel_result_clear(&r);
	ck_assert_msg(unit_finalize(with(body), VF_PLATFORM_SKL, &r, &e) == VF_OK,
	              "%s", e.msg);
	b = unit_listing(&r);
	ck_assert_uint_ge(region64_breaks(&r, &why), 2);
	vf_kernel_result_clear(&r);
	/* the copies move dwords under NoMask */
	ck_assert_ptr_nonnull(strstr(a, "(W)     mov (4|M0)"));
	free(a);
	free(b);
}
END_TEST

/* Indirect operands in 64-bit instructions (CHV/BXT: "indirect
 * addressing must not be used"): BXT copies indirect :q sources and
 * routes an indirect :q destination through a preloaded temporary
 * (legalize.c copy_64bit_ind_src, fix_64bit_ind_dst) and its binary
 * obeys the rules (and so does a flag read into a :q: legalize.c copies
 * it to a GRF first); SKL's, checked against BXT's rules, does not.  A :q
 * source with per-channel addresses is refused with a message
 * (tests/fin/indirect64 checks the values). */
START_TEST(bxt_indirect_64bit_operands)
{
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	const char *why;
	const char *body =
		".decl V0040 v_type=G type=q num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=q num_elts=8 align=hword\n"
		".decl A0 v_type=A num_elts=1\n"
		".decl P1 v_type=P num_elts=8\n"
		".input V0040 offset=64 size=64\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    addr_add (M1_NM, 1) A0(0)<1> &V0040 0x8:uw\n"
		"    add (M1, 8) V0041(0,0)<1> r[A0(0),0]<1;1,0>:q 0x5:q\n"
		"    mov (M1, 8) V0041(0,0)<1> r[A0(0),16]<0;1,0>:q\n"
		"    cmp.lt (M1, 8) P1 V0041(0,0)<1;1,0> 0x0:q\n"
		"    addr_add (M1_NM, 1) A0(0)<1> &V0041 0x0:uw\n"
		"    (P1) mov (M1, 8) r[A0(0),0]<1>:q V0040(0,0)<1;1,0>\n"
		"    mov (M1_NM, 1) V0041(0,1)<1> P1\n"
		"    mov (M1, 8) V0040(0,0)<1> V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n";
	ck_assert_msg(unit_finalize(with(body), VF_PLATFORM_BXT, &r, &e) == VF_OK,
	              "%s", e.msg);
	ck_assert_msg(region64_breaks(&r, &why) == 0, "bxt: %s", why);
	vf_kernel_result_clear(&r);
	ck_assert_msg(unit_finalize(with(body), VF_PLATFORM_SKL, &r, &e) == VF_OK,
	              "%s", e.msg);
	ck_assert_uint_ge(region64_breaks(&r, &why), 4);
	vf_kernel_result_clear(&r);
	const char *vxh =
		".decl V0040 v_type=G type=q num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=q num_elts=8 align=hword\n"
		".decl V0042 v_type=G type=uw num_elts=8 align=hword\n"
		".decl A8 v_type=A num_elts=8\n"
		".input V0040 offset=64 size=64\n"
		".input V0042 offset=128 size=16\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    addr_add (M1, 8) A8(0)<1> &V0040 V0042(0,0)<1;1,0>\n"
		"    mov (M1, 8) V0041(0,0)<1> r[A8(0),0]<1,0>:q\n"
		"    mov (M1, 8) V0040(0,0)<1> V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n";
	ck_assert_int_eq(unit_finalize(with(vxh), VF_PLATFORM_BXT, &r, &e),
	                 VF_ERR_UNSUPPORTED);
	ck_assert_msg(strstr(e.msg, "indirect 64-bit source with per-channel "
	                     "addresses on bxt") != NULL, "%s", e.msg);
	ck_assert_int_eq(unit_finalize(with(vxh), VF_PLATFORM_SKL, &r, &e), VF_OK);
	vf_kernel_result_clear(&r);
}
END_TEST

/* A 64-bit add of two negated sources finalizes where Q is emulated
 * (lower64.c: 0 - (a + b)); tests/fin/int64_neg_add checks the values. */
START_TEST(int64_add_of_two_negations_on_icllp)
{
	const char *body =
		".decl V0040 v_type=G type=q num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=q num_elts=8 align=hword\n"
		".input V0040 offset=64 size=64\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    add (M1, 8) V0041(0,0)<1> (-)V0040(0,0)<1;1,0> (-)V0041(0,0)<1;1,0>\n"
		"    mov (M1, 8) V0040(0,0)<1> V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n";
	for (int k = 0; k < 2; k++) {
		char *a = unit_fin_listing(with(body), k ? VF_PLATFORM_TGLLP
		                                         : VF_PLATFORM_ICLLP);
		ck_assert_ptr_nonnull(strstr(a, "subb"));
		free(a);
	}
}
END_TEST

/* The sources of the mul line of a disassembly, blanks squeezed
 * ("r3.0<8;8,1>:d -r2.0<8;8,1>:w"). */
static void mul_srcs(const char *a, char *out, size_t n)
{
	const char *m = strstr(a, " mul (");
	ck_assert_ptr_nonnull(m);
	m = strchr(m, ':');            /* the destination's type */
	ck_assert_ptr_nonnull(m);
	while (*m && *m != ' ')
		m++;
	size_t k = 0;
	for (; *m && *m != '\n' && k + 1 < n; m++)
		if (*m != ' ' || (k > 0 && out[k - 1] != ' '))
			out[k++] = *m;
	while (k > 0 && out[k - 1] == ' ')
		k--;
	out[k] = 0;
}

/* "When multiplying a DW and any lower precision integer, the DW operand
 * must be on src0" (PRM mul): a :w x :d mul has its sources swapped on
 * every platform (legalize.c fix_mul_dword_src0); on TGLLP the narrow
 * source takes no modifier (Wa_1604601757, wa.mul_narrow_srcmod): the
 * negation moves to the dword source. */
START_TEST(mul_dword_operand_first)
{
	char *a;
	char line[256];
	const char *body =
		".decl V0040 v_type=G type=w num_elts=16 align=hword\n"
		".decl V0041 v_type=G type=d num_elts=8 align=hword\n"
		".decl V0042 v_type=G type=d num_elts=8 align=hword\n"
		".input V0040 offset=64 size=32\n"
		".input V0042 offset=96 size=32\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mul (M1, 8) V0041(0,0)<1> (-)V0040(0,0)<1;1,0> V0042(0,0)<1;1,0>\n"
		"    mov (M1, 8) V0042(0,0)<1> V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n";
	a = unit_fin_listing(with(body), VF_PLATFORM_SKL);
	mul_srcs(a, line, sizeof line);
	/* src0 :d, src1 the negated :w */
	ck_assert_msg(strstr(line, "<8;8,1>:d -r") != NULL &&
	              strstr(line, ":w") > strstr(line, ":d -r"), "%s", line);
	free(a);
	a = unit_fin_listing(with(body), VF_PLATFORM_TGLLP);
	mul_srcs(a, line, sizeof line);
	/* TGLLP: the negation on the :d source, none on the :w */
	ck_assert_msg(line[0] == '-' && strstr(line, ":d r") != NULL &&
	              strstr(line, ":w") != NULL, "%s", line);
	free(a);
}
END_TEST

/* rol/ror exist from ICLLP on (spec appendix_instruction_by_platform;
 * GenX_IR -platform SKL says "vISA instruction not supported on this
 * platform"): an error naming instruction and platform, not code. */
START_TEST(rotate_is_unsupported_on_skl)
{
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	const char *k = with(
		".decl V0040 v_type=G type=ud num_elts=8 align=hword\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 8) V0040(0,0)<1> 0x12345678:ud\n"
		"    rol (M1, 8) V0040(0,0)<1> V0040(0,0)<1;1,0> 0x24:ud\n"
		"    ret (M1, 1)\n");
	ck_assert_int_eq(unit_finalize(k, VF_PLATFORM_SKL, &r, &e),
	                 VF_ERR_UNSUPPORTED);
	ck_assert_msg(strstr(e.msg, "rol is unsupported on skl") != NULL, "%s",
	              e.msg);
	ck_assert_ptr_null(r.code);
}
END_TEST

START_TEST(lrp_is_native)
{
	const char *k = with(
		".decl V0041 v_type=G type=f num_elts=8 align=hword\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 8) V0041(0,0)<1> 0x3f000000:f\n"
		"    lrp (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0>"
		" V0041(0,0)<1;1,0> V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n");
	char *a = unit_fin_listing(k, VF_PLATFORM_SKL);
	ck_assert_ptr_nonnull(strstr(a, "lrp (8|M0)"));
	free(a);
}
END_TEST

START_TEST(switchjmp_is_a_compare_chain)
{
	const char *k = with(
		".decl V0040 v_type=G type=ud num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=ud num_elts=1 align=dword\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1_NM, 1) V0041(0,0)<1> %r0(0,1)<0;1,0>\n"
		"    switchjmp (M1, 1) V0041(0,0)<0;1,0> (LA, LB)\n"
		"LA:\n"
		"    mov (M1, 8) V0040(0,0)<1> 0x1:ud\n"
		"    jmp (M1, 1) LC\n"
		"LB:\n"
		"    mov (M1, 8) V0040(0,0)<1> 0x2:ud\n"
		"LC:\n"
		"    ret (M1, 1)\n");
	char *a = unit_fin_listing(k, VF_PLATFORM_SKL);
	ck_assert_msg(strstr(a, "(eq)f0.0   null<1>:ud    r1.0<0;1,0>:ud    "
	                        "0x1:ud") != NULL, "%s", a);
	const char *j = strstr(a, "(W&f0.0) jmpi");
	ck_assert_ptr_nonnull(j);
	ck_assert_ptr_nonnull(strstr(j + 1, "(W&f0.0) jmpi"));
	free(a);
}
END_TEST

START_TEST(typed_read_is_a_dc1_message)
{
	const char *k = with(
		".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=f num_elts=24 align=hword\n"
		".decl T6 v_type=T num_elts=1 v_name=T006\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 8) V0040(0,0)<1> 0x1:d\n"
		"    movs (M1_NM, 1) T6(0) 0x3:ud\n"
		"    gather4_typed.RGB (M1, 8) T6 V0040.0 V0040.0 %null.0 %null.0"
		" V0041.0\n"
		"    ret (M1, 1)\n");
	char *a = unit_fin_listing(k, VF_PLATFORM_SKL);
	/* DC1 (0xC), typed read (5 << 14), low slots, alpha off, BTI 3;
	 * u and v are one register: a split send reads it twice in place
	 * (mlen 1 + ex_mlen 1: exdesc 0x4C), rlen 3 (r, g, b) */
	ck_assert_msg(strstr(a, "sends") && strstr(a, "0x4C") &&
	              strstr(a, "0x02315803"), "%s", a);
	free(a);
}
END_TEST

/* A typed read's (and a sampler's) response that is not whole registers
 * in place goes to a temporary and is moved to its operand channel by
 * channel: before, the SEND wrote V0041's register from its start, not
 * at byte 16 (wrong code, unseen by --verify). */
START_TEST(typed_read_off_a_grf_start_is_copied)
{
	const char *k = with(
		".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=f num_elts=24 align=hword\n"
		".decl T6 v_type=T num_elts=1 v_name=T006\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 8) V0040(0,0)<1> 0x1:d\n"
		"    movs (M1_NM, 1) T6(0) 0x3:ud\n"
		"    gather4_typed.RG (M1, 8) T6 V0040.0 %null.0 %null.0 %null.0"
		" V0041.16\n"
		"    scatter4_typed.RG (M1, 8) T6 V0040.0 %null.0 %null.0 %null.0"
		" V0041.16\n"
		"    ret (M1, 1)\n");
	char *a = unit_fin_listing(k, VF_PLATFORM_SKL);
	/* the first channel lands at dword 4 of V0041's first GRF, or (the
	 * copies forwarded into the scatter's payload, V0041 then unread)
	 * the payload is copied from the response's registers whole */
	unsigned r = 0;
	const char *snd = strstr(a, "send (8|M0)");
	ck_assert_msg(snd && sscanf(snd, "send (8|M0) r%u", &r) == 1, "%s", a);
	char lo[32], hi[32];
	snprintf(lo, sizeof lo, "r%u.0<8;8,1>:f", r);
	snprintf(hi, sizeof hi, "r%u.0<8;8,1>:f", r + 1);
	ck_assert_msg(unit_count(a, ".4<1>:ud") >= 1 ||
	              (strstr(a, lo) && strstr(a, hi)), "%s", a);
	ck_assert_msg(!strstr(a, "r2.4<4;4,1>:f"), "%s", a);
	free(a);
}
END_TEST

/* A subroutine nothing calls is unreachable: its ret has no return
 * address (before: the ret read a register nothing writes, an internal
 * error under verify; a finalize fuzz finding). */
START_TEST(uncalled_subroutine_finalizes)
{
	const char *k = with(
		".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 8) V0040(0,0)<1> 0x1:d\n"
		"    ret (M1, 1)\n"
		".function \"unused\"\nunused:\n"
		"    add (M1, 8) V0040(0,0)<1> V0040(0,0)<1;1,0> 0x1:d\n"
		"    ret (M1, 8)\n");
	char *a = unit_fin_listing(k, VF_PLATFORM_SKL);
	ck_assert_msg(!strstr(a, "ret "), "%s", a);
	free(a);
}
END_TEST

START_TEST(narrowing_conversion_uses_strided_dst)
{
	const char *k = with(
		".decl V0040 v_type=G type=d num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=w num_elts=8 align=hword\n"
		".decl V0042 v_type=G type=d num_elts=8 align=hword\n"
		".input V0040 offset=32 size=32\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    add (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0> 0x1:d\n"
		"    mov (M1, 8) V0042(0,0)<1> V0041(0,0)<1;1,0>\n"
		"    mov (M1, 8) V0040(0,0)<1> V0042(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n");
	char *a = unit_fin_listing(k, VF_PLATFORM_SKL);
	/* "the destination must specify a HorzStride equal to the ratio" */
	ck_assert_msg(strstr(a, "<2>:w") != NULL, "%s", a);
	free(a);
}
END_TEST
/* ICLLP has no Q arithmetic (caps.def native_q): a 64-bit add is addc on
 * the low dwords, the carry from acc0 into the high ones, with no :q
 * operand left (SKL adds :q natively); no DF either (native_df): DF
 * arithmetic is an error naming the platform (lower64.c). */
START_TEST(icllp_lowers_64bit_add_and_refuses_df)
{
	char *a, *b;
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	const char *body =
		".decl V0040 v_type=G type=q num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=q num_elts=8 align=hword\n"
		".input V0041 offset=64 size=64\n"
		".input V0040 offset=128 size=64\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    add (M1, 8) V0040(0,0)<1> V0040(0,0)<1;1,0> V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n";
	a = unit_fin_listing(with(body), VF_PLATFORM_ICLLP);
	b = unit_fin_listing(with(body), VF_PLATFORM_SKL);
	ck_assert_ptr_nonnull(strstr(a, "addc (4|M0)"));
	ck_assert_ptr_nonnull(strstr(a, "addc (4|M4)"));
	ck_assert_ptr_nonnull(strstr(a, "acc0.0<4;4,1>:ud"));
	ck_assert_ptr_null(strstr(a, ":q"));
	ck_assert_ptr_null(strstr(a, ":uq"));
	ck_assert_ptr_nonnull(strstr(b, ":q"));
	ck_assert_ptr_null(strstr(b, "addc"));
	free(a);
	free(b);
	const char *df =
		".decl V0040 v_type=G type=df num_elts=8 align=hword\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    add (M1, 8) V0040(0,0)<1> V0040(0,0)<1;1,0> V0040(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n";
	ck_assert_int_eq(unit_finalize(with(df), VF_PLATFORM_ICLLP, &r, &e),
	                 VF_ERR_UNSUPPORTED);
	ck_assert_msg(strstr(e.msg, "is unsupported on icllp") != NULL, "%s",
	              e.msg);
	ck_assert_ptr_null(r.code);
}
END_TEST

/* ICLLP: rol in one instruction (caps.native_rotate), float mad in the
 * Align1 3-source form with <8;1> regions (caps.three_src_align1), as in
 * IGC's icllp binaries. */
START_TEST(icllp_rotate_and_align1_mad)
{
	const char *body =
		".decl V0040 v_type=G type=ud num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=f num_elts=8 align=hword\n"
		".input V0041 offset=64 size=32\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mov (M1, 8) V0040(0,0)<1> 0x12345678:ud\n"
		"    rol (M1, 8) V0040(0,0)<1> V0040(0,0)<1;1,0> 0x4:ud\n"
		"    mad (M1, 8) V0041(0,0)<1> V0041(0,0)<1;1,0> V0041(0,0)<1;1,0>"
		" V0041(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n";
	char *a = unit_fin_listing(with(body), VF_PLATFORM_ICLLP);
	ck_assert_ptr_nonnull(strstr(a, "rol (8|M0)"));
	ck_assert_ptr_nonnull(strstr(a, "mad (8|M0)"));
	ck_assert_ptr_nonnull(strstr(a, "<8;1>:f"));
	ck_assert_ptr_null(strstr(a, ".xyzw"));
	free(a);
}
END_TEST


/* Gen12 (caps.three_src_imm16): a 16-bit immediate of the destination's
 * type stays in src0 of a 3-source instruction; ICLLP copies it. */
START_TEST(tgllp_three_src_hf_immediate_in_src0)
{
	const char *body =
		".decl V0040 v_type=G type=hf num_elts=8 align=hword\n"
		".decl V0041 v_type=G type=hf num_elts=8 align=hword\n"
		".input V0041 offset=64 size=16\n"
		".kernel_attr SimdSize=8\n.function \"_main_0\"\n_main_0:\n"
		"    mad (M1, 8) V0040(0,0)<1> V0041(0,0)<1;1,0> V0041(0,0)<1;1,0>"
		" 0x3c00:hf\n"
		"    mov (M1, 8) V0041(0,0)<1> V0040(0,0)<1;1,0>\n"
		"    ret (M1, 1)\n";
	const int codes[2] = { VF_PLATFORM_TGLLP, VF_PLATFORM_ICLLP };
	for (int k = 0; k < 2; k++) {
		char *a = unit_fin_listing(with(body), codes[k]);
		const char *mad = strstr(a, "mad (8|M0)");
		ck_assert_ptr_nonnull(mad);
		const char *eol = strchr(mad, '\n');
		const char *imm = strstr(mad, "1.0:hf");
		ck_assert_int_eq(imm != NULL && imm < eol, k == 0);
		free(a);
	}
}
END_TEST


static Suite *suite(void)
{
	Suite *s = suite_create("fin_build");
	TCase *t = tcase_create("build");
	tcase_add_test(t, kernel_ends_in_eot_from_r127);
	tcase_add_test(t, inputs_and_mad_operand_order);
	tcase_add_test(t, simd32_splits_into_halves);
	tcase_add_test(t, divergent_goto_joins_uniform_goto_jumps);
	tcase_add_test(t, short_goto_is_predicated);
	tcase_add_test(t, backward_goto_is_while);
	tcase_add_test(t, unsupported_instruction_is_named);
	tcase_add_test(t, narrowing_conversion_uses_strided_dst);
	tcase_add_test(t, rotate_is_unsupported_on_skl);
	tcase_add_test(t, dword_mul_through_acc_on_bxt);
	tcase_add_test(t, bxt_64bit_sources_at_destination_offset);
	tcase_add_test(t, bxt_indirect_64bit_operands);
	tcase_add_test(t, int64_add_of_two_negations_on_icllp);
	tcase_add_test(t, mul_dword_operand_first);
	tcase_add_test(t, bxt_64bit_sources_are_qword_strided);
	tcase_add_test(t, bdw_joins_payloads_and_splits_mixed_float);
	tcase_add_test(t, qword_regions_and_payload_pieces);
	tcase_add_test(t, lrp_is_native);
	tcase_add_test(t, switchjmp_is_a_compare_chain);
	tcase_add_test(t, typed_read_is_a_dc1_message);
	tcase_add_test(t, typed_read_off_a_grf_start_is_copied);
	tcase_add_test(t, uncalled_subroutine_finalizes);
	tcase_add_test(t, icllp_lowers_64bit_add_and_refuses_df);
	tcase_add_test(t, icllp_rotate_and_align1_mad);
	tcase_add_test(t, tgllp_three_src_hf_immediate_in_src0);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
