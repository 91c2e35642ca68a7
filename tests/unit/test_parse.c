/* test_parse.c - the vISA assembly parser (lib/visaasm_*.c): small texts
 * give the expected model fields (ids, names, regions, immediates,
 * labels, attributes, encoded fields); malformed texts give
 * "FILE:LINE:COL: expected X, found Y" at the right place; every prefix
 * of a valid text parses or fails cleanly, never reading past its size. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visa_model.h"
#include "visa_ops.h"
#include "visafin.h"
#include "unit.h"

static struct vf_module *parse2(const char *a, const char *b,
                                struct vf_error *e)
{
	struct vf_text t[2] = { { "t.visaasm", a, strlen(a) },
	                        { "f.visaasm", b, b ? strlen(b) : 0 } };
	struct vf_module *m = NULL;
	if (vf_read_visaasm(t, b ? 2 : 1, &m, e) != VF_OK)
		return NULL;
	return m;
}

static struct vf_module *parse_ok(const char *text)
{
	struct vf_error e = { 0 };
	struct vf_module *m = parse2(text, NULL, &e);
	if (!m)
		ck_abort_msg("parse failed: %s", e.msg);
	return m;
}

static const char *str(const struct vf_routine *r, uint32_t i)
{
	const char *s = vf_routine_string(r, i);
	return s ? s : "<none>";
}

#define HDR ".version 4.1\n.kernel \"k\"\n"

START_TEST(declarations)
{
	struct vf_module *m = parse_ok(HDR
		".decl V0032 v_type=G type=d num_elts=8 align=hword\n"
		".decl V0033 v_type=G type=uw num_elts=16 alias=<V0032, 0> "
		"attrs={Output, Scope=2}\n"
		".decl A0 v_type=A num_elts=2\n"
		".decl P1 v_type=P num_elts=16\n"
		".decl S0 v_type=S num_elts=1 v_name=S000\n"
		".decl T6 v_type=T num_elts=1 v_name=T006\n"
		".input V0032 offset=32 size=32\n"
		".implicit_LOCAL_ID V0033 offset=64 size=32\n"
		".kernel_attr SimdSize=8\n"
		".kernel_attr SpillMemOffset=4096\n"
		"    ret (M1, 1)\n");
	ck_assert_uint_eq(m->kernel_count, 1);
	const struct vf_routine *r = &m->kernels[0].body;
	ck_assert(r->is_kernel);
	ck_assert_str_eq(str(r, 0), "k");
	ck_assert_str_eq(str(r, 1), "%null");
	ck_assert_str_eq(str(r, 28), "S31");
	ck_assert_uint_eq(r->var_count, 2);
	ck_assert_str_eq(str(r, r->vars[0].name), "V0032");
	ck_assert_uint_eq(r->vars[0].bit_properties, 0x71);  /* d, hword */
	ck_assert_uint_eq(r->vars[1].bit_properties, 0x02);  /* uw, byte */
	ck_assert_uint_eq(r->vars[1].alias_index, 32);
	ck_assert_uint_eq(r->vars[1].attrs.count, 2);
	ck_assert_uint_eq(r->vars[1].attrs.items[0].size, 0);
	ck_assert_uint_eq(r->vars[1].attrs.items[1].size, 4);
	ck_assert_uint_eq(r->vars[1].attrs.items[1].value[0], 2);
	ck_assert_uint_eq(r->addr_count, 1);
	ck_assert_uint_eq(r->addrs[0].num_elements, 2);
	ck_assert_uint_eq(r->pred_count, 1);
	ck_assert_str_eq(str(r, r->samplers[0].name), "S000");
	ck_assert_str_eq(str(r, r->surfaces[0].name), "T006");
	ck_assert_uint_eq(r->input_count, 2);
	ck_assert_uint_eq(r->inputs[0].id, 32);
	ck_assert_int_eq(r->inputs[0].offset, 32);
	ck_assert_uint_eq(r->inputs[1].kind, 3 << 3);
	/* SimdSize is one byte (as IGC writes it); Target=3d is added. */
	ck_assert_uint_eq(r->attrs.count, 3);
	ck_assert_uint_eq(r->attrs.items[0].size, 1);
	ck_assert_uint_eq(r->attrs.items[1].size, 4);
	ck_assert_str_eq(str(r, r->attrs.items[2].name), "Target");
	ck_assert_uint_eq(r->attrs.items[2].value[0], 1);
	vf_module_free(m);
}
END_TEST

START_TEST(operands)
{
	struct vf_module *m = parse_ok(HDR
		".decl V32 v_type=G type=f num_elts=16 align=hword\n"
		".decl V33 v_type=G type=d num_elts=16 align=hword\n"
		".decl A0 v_type=A num_elts=2\n"
		".decl P1 v_type=P num_elts=16\n"
		"    (!P1.any) add.sat (M5_NM, 8) V32(1,2)<2> (-)V32(0,0)<8;8,1> "
		"-1.5:f\n"
		"    mov (M1, 4) r[A0(1), -4]<1>:d (abs)r[A0(0)]<4,1>:w\n"
		"    mov (M1, 1) V33(0,0)<1> 0xffff:w\n"
		"    mov (M1, 1) A0(0)<1> &V33[8]\n"
		"    cmp.lt (M1, 16) P1 V33(0,0)<1;1,0> -0x3f800000:f\n"
		"    mov (M1, 16) V33(0,0)<1> P1\n"
		"    ret (M1, 1)\n");
	const struct vf_routine *r = &m->kernels[0].body;
	ck_assert_uint_eq(r->inst_count, 7);
	const struct vf_inst *in = &r->insts[0];
	ck_assert_uint_eq(in->opcode, VISA_OP_ADD);
	ck_assert(in->has_exec && in->has_pred && !in->has_subop);
	ck_assert_uint_eq(in->exec, 0xC3);           /* M5_NM, 8 */
	ck_assert_uint_eq(in->pred, 1 | 1 << 13 | 1 << 15);
	ck_assert_uint_eq(in->nopnds, 3);
	const struct vf_vector *d = &in->opnds[0].u.vec;
	ck_assert_uint_eq(d->tag, VISA_MOD_SAT << 3);
	ck_assert_uint_eq(d->u.gen.id, 32);
	ck_assert_uint_eq(d->u.gen.row, 1);
	ck_assert_uint_eq(d->u.gen.col, 2);
	ck_assert_uint_eq(d->u.gen.region, 3 << 8);  /* <2> */
	const struct vf_vector *s0 = &in->opnds[1].u.vec;
	ck_assert_uint_eq(s0->tag, VISA_MOD_NEG << 3);
	ck_assert_uint_eq(s0->u.gen.region, 5 | 5 << 4 | 2 << 8);
	const struct vf_vector *s1 = &in->opnds[2].u.vec;
	ck_assert_uint_eq(s1->tag, VISA_CLASS_IMMEDIATE);
	ck_assert_uint_eq(s1->u.imm.type, VISA_TYPE_F);
	ck_assert_uint_eq(s1->u.imm.value, 0xBFC00000u);
	/* indirect operands */
	in = &r->insts[1];
	ck_assert_uint_eq(in->opnds[0].u.vec.tag, VISA_CLASS_INDIRECT);
	ck_assert_uint_eq(in->opnds[0].u.vec.u.ind.addr_offset, 1);
	ck_assert_int_eq(in->opnds[0].u.vec.u.ind.offset, -4);
	ck_assert_uint_eq(in->opnds[0].u.vec.u.ind.type, VISA_TYPE_D);
	ck_assert_uint_eq(in->opnds[1].u.vec.tag,
	                  VISA_CLASS_INDIRECT | VISA_MOD_ABS << 3);
	ck_assert_uint_eq(in->opnds[1].u.vec.u.ind.region, 4 << 4 | 2 << 8);
	/* 16-bit immediates keep the 32 bits written */
	ck_assert_uint_eq(r->insts[2].opnds[1].u.vec.u.imm.value, 0xffff);
	/* &V33[8] is the general operand V33(0,2)<0;1,0> */
	const struct vf_vector *ao = &r->insts[3].opnds[1].u.vec;
	ck_assert_uint_eq(ao->tag, VISA_CLASS_GENERAL);
	ck_assert_uint_eq(ao->u.gen.col, 2);
	ck_assert_uint_eq(ao->u.gen.region, 0x121);
	/* cmp: relation byte, predicate destination, no predicate field */
	in = &r->insts[4];
	ck_assert(!in->has_pred);
	ck_assert_uint_eq(in->opnds[0].u.other, 4);
	ck_assert_uint_eq(in->opnds[1].u.vec.tag, VISA_CLASS_PREDICATE);
	ck_assert_uint_eq(in->opnds[3].u.vec.u.imm.value, 0xBF800000u);
	/* a move from a predicate is always (M1_NM, 1) */
	ck_assert_uint_eq(r->insts[5].exec, 0x80);
	vf_module_free(m);
}
END_TEST

START_TEST(labels_and_layout)
{
	struct vf_module *m = parse_ok(HDR
		".decl V32 v_type=G type=d num_elts=1\n"
		".function \"_main_0\"\n"
		"\n"
		"_main_0:\n"
		"    call (M1, 1) helper_1\n"
		"    jmp (M1, 8) L\n"
		"L:\n"
		"    switchjmp (M1, 1) V32(0,0)<0;1,0> (L, L)\n"
		"    ret (M1, 1)\n"
		".function \"helper_1\"\n"
		"helper_1:\n"
		"    ret (M1, 1)\n");
	const struct vf_routine *r = &m->kernels[0].body;
	ck_assert_uint_eq(r->label_count, 3);
	ck_assert_str_eq(str(r, r->labels[0].name), "_main");
	ck_assert_uint_eq(r->labels[0].kind, 1);
	ck_assert_str_eq(str(r, r->labels[1].name), "helper");
	ck_assert_str_eq(str(r, r->labels[2].name), "L");
	ck_assert_uint_eq(r->labels[2].kind, 0);
	/* .function emits a func instruction; "_main_0:" adds nothing */
	ck_assert_uint_eq(r->insts[0].opcode, VISA_OP_SUBROUTINE);
	ck_assert_uint_eq(r->insts[1].opcode, VISA_OP_CALL);
	ck_assert_uint_eq(r->insts[2].exec, 0);  /* jmp is (M1, 1) */
	ck_assert_uint_eq(r->insts[3].opcode, VISA_OP_LABEL);
	ck_assert_uint_eq(r->insts[4].opnds[0].u.other, 2);
	ck_assert_uint_eq(r->insts[4].nopnds, 4);
	/* offsets and size as the writer lays the code out; the object
	 * written from the model reads back with the same entry. */
	ck_assert_uint_eq(r->insts[1].offset, 3);
	uint8_t *bytes;
	size_t n;
	struct vf_error e = { 0 };
	struct vf_module *m2 = NULL;
	ck_assert_int_eq(vf_write_isa(m, &bytes, &n, &e), VF_OK);
	ck_assert_int_eq(vf_read_isa(bytes, n, "mem", &m2, &e), VF_OK);
	ck_assert_uint_eq(m2->kernels[0].body.entry, r->entry);
	ck_assert_uint_eq(m2->kernels[0].body.size, r->size);
	free(bytes);
	vf_module_free(m2);
	vf_module_free(m);
}
END_TEST

START_TEST(kernel_and_function_texts)
{
	struct vf_error e = { 0 };
	struct vf_module *m = parse2(HDR
		".decl V32 v_type=G type=uq num_elts=1 align=qword\n"
		"    fcall (M1, 8) fn 4 1\n"
		"    faddr sym V32(0,0)<1>\n"
		"    ret (M1, 1)\n",
		".version 4.1\n.global_function \"fn\"\n"
		".kernel_attr ArgSize=4\n"
		"    fret (M1, 8)\n", &e);
	ck_assert_msg(m != NULL, "%s", e.msg);
	ck_assert_uint_eq(m->kernel_count, 1);
	ck_assert_uint_eq(m->function_count, 1);
	ck_assert_str_eq(m->functions[0].name, "fn");
	const struct vf_routine *k = &m->kernels[0].body;
	ck_assert_str_eq(str(k, (uint32_t)k->insts[0].opnds[0].u.other), "fn");
	ck_assert_uint_eq(k->insts[0].opnds[1].u.other, 4);
	ck_assert_str_eq(str(k, (uint32_t)k->insts[1].opnds[0].u.other), "sym");
	ck_assert(!m->functions[0].body.is_kernel);
	vf_module_free(m);
}
END_TEST

START_TEST(memory_instructions)
{
	struct vf_module *m = parse_ok(HDR
		".decl V32 v_type=G type=ud num_elts=64 align=hword\n"
		".decl T6 v_type=T num_elts=1\n"
		"    svm_atomic.add.64 (M1, 8) V32.0 V32.64 V32.128 %null.0\n"
		"    gather4_scaled.RB (M1, 16) T6 0x0:ud V32.0 V32.64\n"
		"    svm_gather.4.2 (M1, 8) V32.0 V32.64\n"
		"    ret (M1, 1)\n");
	const struct vf_routine *r = &m->kernels[0].body;
	const struct vf_inst *a = &r->insts[0];
	ck_assert(a->has_subop);
	ck_assert_uint_eq(a->subop, 5);
	ck_assert_uint_eq(a->opnds[0].u.other, 0x40);  /* add | 64-bit */
	/* text: address, dst, src0, src1; binary: address, src0, src1, dst */
	ck_assert_uint_eq(a->opnds[1].u.raw.offset, 0);
	ck_assert_uint_eq(a->opnds[2].u.raw.offset, 128);
	ck_assert_uint_eq(a->opnds[3].u.raw.id, 0);
	ck_assert_uint_eq(a->opnds[4].u.raw.offset, 64);
	const struct vf_inst *g = &r->insts[1];
	ck_assert_uint_eq(g->opnds[0].u.other, 5);   /* R | B */
	ck_assert_uint_eq(g->opnds[2].u.other, 6);   /* surface T6 */
	ck_assert_uint_eq(r->insts[2].opnds[0].u.other, 1);  /* dword */
	ck_assert_uint_eq(r->insts[2].opnds[1].u.other, 1);  /* 2 blocks */
	vf_module_free(m);
}
END_TEST

START_TEST(scopes)
{
	struct vf_module *m = parse_ok(HDR
		".decl V32 v_type=G type=d num_elts=1\n"
		"{\n"
		".decl V32 v_type=G type=w num_elts=1\n"
		"    mov (M1, 1) V32(0,0)<1> 0x1:w\n"
		"}\n"
		"    mov (M1, 1) V32(0,0)<1> 0x1:d\n");
	const struct vf_routine *r = &m->kernels[0].body;
	ck_assert_uint_eq(r->insts[0].opnds[0].u.vec.u.gen.id, 33);
	ck_assert_uint_eq(r->insts[1].opnds[0].u.vec.u.gen.id, 32);
	vf_module_free(m);
}
END_TEST

/* Names spelt V%04d are found by number (visaasm_read.c): hidden and
 * restored by scopes like any other, and distinct from the same number
 * spelt otherwise, which is hashed. */
START_TEST(numbered_names)
{
	struct vf_module *m = parse_ok(HDR
		".decl V0032 v_type=G type=d num_elts=1\n"
		".decl V32 v_type=G type=d num_elts=1\n"
		".decl V00032 v_type=G type=d num_elts=1\n"
		".decl V10000 v_type=G type=d num_elts=1\n"
		".decl V999999 v_type=G type=d num_elts=1\n"
		".decl V1000000 v_type=G type=d num_elts=1\n"
		"{\n"
		".decl V0032 v_type=G type=w num_elts=1\n"
		"    mov (M1, 1) V0032(0,0)<1> 0x1:w\n"
		"}\n"
		"    mov (M1, 1) V0032(0,0)<1> 0x1:d\n"
		"    mov (M1, 1) V32(0,0)<1> 0x1:d\n"
		"    mov (M1, 1) V00032(0,0)<1> 0x1:d\n"
		"    mov (M1, 1) V10000(0,0)<1> 0x1:d\n"
		"    mov (M1, 1) V999999(0,0)<1> 0x1:d\n"
		"    mov (M1, 1) V1000000(0,0)<1> 0x1:d\n");
	const struct vf_routine *r = &m->kernels[0].body;
	static const uint32_t ids[] = { 38, 32, 33, 34, 35, 36, 37 };
	for (unsigned i = 0; i < sizeof ids / sizeof ids[0]; i++)
		ck_assert_uint_eq(r->insts[i].opnds[0].u.vec.u.gen.id, ids[i]);
	vf_module_free(m);
}
END_TEST

/* Malformed texts: the message starts "t.visaasm:LINE:COL: expected". */
static const struct {
	const char *text;
	const char *where;
	const char *found;
} bad_texts[] = {
	{ ".kernel \"k\"\n", "t.visaasm:1:1:", "'.'" },
	{ HDR "    mov (M1, 1) V99(0,0)<1> 0x0:d\n", "t.visaasm:3:17:",
	  "'V99'" },
	{ HDR ".decl V32 v_type=G type=d num_elts=1\n"
	  "    mov (M1, 1) V32(0,0)<1> V32(0,0)<3;1,0>\n", "t.visaasm:4:38:",
	  "'3'" },
	{ HDR "    frob (M1, 1)\n", "t.visaasm:3:5:", "'frob'" },
	{ HDR ".decl V32 v_type=G type=d num_elts=1\n"
	  "    add (M1, 1) V32(0,0)<1> V32(0,0)<0;1,0>\n", "t.visaasm:4:44:",
	  "end of line" },
	{ HDR "    ret (M1, 1) junk\n", "t.visaasm:3:17:", "'junk'" },
	{ HDR ".decl V32 v_type=G type=d num_elts=1\n"
	  ".decl V32 v_type=G type=w num_elts=1\n", "t.visaasm:4:7:",
	  "'V32'" },
	{ HDR ".decl V7 v_type=G type=d num_elts=1\n", "t.visaasm:3:7:",
	  "'V7'" },
	{ HDR ".decl V0032 v_type=G type=d num_elts=1\n"
	  ".decl V0032 v_type=G type=w num_elts=1\n", "t.visaasm:4:7:",
	  "line 3), found 'V0032'" },
	{ HDR "    mov (M1, 1) V0099(0,0)<1> 0x0:d\n", "t.visaasm:3:17:",
	  "'V0099'" },
	{ HDR "{\n.decl V0032 v_type=G type=d num_elts=1\n}\n"
	  "    mov (M1, 1) V0032(0,0)<1> 0x0:d\n", "t.visaasm:6:17:",
	  "'V0032'" },
	{ HDR "    ret (M1, 3)\n", "t.visaasm:3:14:", "'3'" },
	{ ".version 4.1\n    ret (M1, 1)\n", "t.visaasm:2:5:", "'ret'" },
	{ HDR ".decl P1 v_type=P num_elts=1\n"
	  ".decl V32 v_type=G type=d num_elts=1\n"
	  "    (P1) cmp.lt (M1, 1) P1 V32(0,0)<0;1,0> 0x0:d\n",
	  "t.visaasm:5:10:", "'cmp'" },
	{ HDR "    goto (M1, 1) nowhere\n    ret (M1, 1)\n", "t.visaasm:3:18:",
	  "none" },
	{ HDR ".kernel_attr OutputAsmPath=\"abc\n", "t.visaasm:3:32:",
	  "end of line" },
	{ HDR ".decl V32 v_type=G type=d num_elts=1\n"
	  "    mov (M1, 1) V32(0,0)<1> 0x1:q 0x2:d\n", "t.visaasm:4:35:",
	  "'0x2'" },
	{ HDR "L:\nL:\n", "t.visaasm:4:1:", "label 'L:'" },
	{ HDR "{\n    ret (M1, 1)\n", "t.visaasm:5:1:", "end of file" },
	{ HDR ".decl V32 v_type=G type=d num_elts=1\n"
	  "    mov (M1, 1) V32(0,0)<1> 0x1:zz\n", "t.visaasm:4:33:", "'zz'" },
	/* Numbers from 2^32 up: an error where they start, not a wrap to
	 * num_elts=0 or an execution size of 8. */
	{ HDR ".decl V32 v_type=G type=d num_elts=4294967296\n",
	  "t.visaasm:3:36:", "'4'" },
	{ HDR ".decl V32 v_type=G type=d num_elts=1\n"
	  "    mov (M1, 4294967304) V32(0,0)<1> 0x1:d\n", "t.visaasm:4:14:",
	  "'4'" },
	{ HDR "    ret (M1, 99999999999999999999999)\n", "t.visaasm:3:14:",
	  "'9'" },
	/* A lexical error after many lines (the text is cut a line at a
	 * time): its own place and message. */
	{ HDR "\n\n// c\n\n    ret (M1, 1) @\n", "t.visaasm:7:17:", "'@'" },
	/* A parse error before a lexical one further down: the first. */
	{ HDR "    frob (M1, 1)\n    ret (M1, 1) @\n", "t.visaasm:3:5:",
	  "'frob'" },
};

START_TEST(malformed)
{
	struct vf_error e = { 0 };
	const char *text = bad_texts[_i].text;
	ck_assert_ptr_null(parse2(text, NULL, &e));
	ck_assert_int_eq(e.status, VF_ERR_INPUT);
	char want[128];
	snprintf(want, sizeof want, "%s expected", bad_texts[_i].where);
	ck_assert_msg(strncmp(e.msg, want, strlen(want)) == 0,
	              "case %d: got \"%s\", want prefix \"%s\"", _i, e.msg, want);
	ck_assert_msg(strstr(e.msg, bad_texts[_i].found) != NULL,
	              "case %d: \"%s\" lacks \"%s\"", _i, e.msg,
	              bad_texts[_i].found);
}
END_TEST

/* Every prefix of a valid text, copied to a buffer of exactly that size
 * (so reading past the end is caught by sanitizers), parses or fails
 * with an input error. */
START_TEST(every_prefix)
{
	static const char text[] = HDR
		".decl V32 v_type=G type=f num_elts=16 align=hword\n"
		".decl P1 v_type=P num_elts=16\n"
		"/* block\n comment */ .kernel_attr SimdSize=16\n"
		"    (P1) add.sat (M1, 16) V32(0,0)<1> V32(0,0)<1;1,0> 1.5e+0:f\n"
		"    cmp.ne (M1, 16) P1 V32(0,0)<1;1,0> 0x3f800000:f // c\n"
		"    (!P1) goto (M1, 16) L0\nL0:\n    ret (M1, 1)\n";
	size_t n = sizeof text - 1;
	for (size_t len = 0; len <= n; len++) {
		char *buf = malloc(len ? len : 1);
		memcpy(buf, text, len);
		struct vf_text t = { "p", buf, len };
		struct vf_module *m = NULL;
		struct vf_error e = { 0 };
		enum vf_status st = vf_read_visaasm(&t, 1, &m, &e);
		ck_assert_msg(st == VF_OK || st == VF_ERR_INPUT, "len %zu: %s",
		              len, e.msg);
		vf_module_free(m);
		free(buf);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("parse");
	TCase *t = tcase_create("parse");
	tcase_add_test(t, declarations);
	tcase_add_test(t, operands);
	tcase_add_test(t, labels_and_layout);
	tcase_add_test(t, kernel_and_function_texts);
	tcase_add_test(t, memory_instructions);
	tcase_add_test(t, scopes);
	tcase_add_test(t, numbered_names);
	tcase_add_loop_test(t, malformed, 0,
	                    (int)(sizeof bad_texts / sizeof bad_texts[0]));
	tcase_add_test(t, every_prefix);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
