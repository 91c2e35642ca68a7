/* test_print.c - guards the vISA text printer: hand-built routines print
 * exactly as IGC prints them (header, declarations, column-80 "/// $N"
 * trailers, labels, sub-opcode instructions, kernel + function modules),
 * instructions cut short by IGC's binary writer print their prefix, and
 * every unprintable id or enum value is an input error naming the
 * routine and the instruction, never a crash. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visa_model.h"
#include "visa_ops.h"
#include "visa_print.h"
#include "visafin.h"
#include "unit.h"

/* The header every 4.1 routine prints after its title line. */
#define PREDEF                                                   \
	"\n/// VISA Predefined Variables"                            \
	"\n// .decl V0 v_type=G v_name=%null"                        \
	"\n// .decl V1 v_type=G v_name=%thread_x"                    \
	"\n// .decl V2 v_type=G v_name=%thread_y"                    \
	"\n// .decl V3 v_type=G v_name=%group_id_x"                  \
	"\n// .decl V4 v_type=G v_name=%group_id_y"                  \
	"\n// .decl V5 v_type=G v_name=%group_id_z"                  \
	"\n// .decl V6 v_type=G v_name=%tsc"                         \
	"\n// .decl V7 v_type=G v_name=%r0"                          \
	"\n// .decl V8 v_type=G v_name=%arg"                         \
	"\n// .decl V9 v_type=G v_name=%retval"                      \
	"\n// .decl V10 v_type=G v_name=%sp"                         \
	"\n// .decl V11 v_type=G v_name=%fp"                         \
	"\n// .decl V12 v_type=G v_name=%hw_id"                      \
	"\n// .decl V13 v_type=G v_name=%sr0"                        \
	"\n// .decl V14 v_type=G v_name=%cr0"                        \
	"\n// .decl V15 v_type=G v_name=%ce0"                        \
	"\n// .decl V16 v_type=G v_name=%dbg0"                       \
	"\n// .decl V17 v_type=G v_name=%color"                      \
	"\n// .decl V18 v_type=G v_name=%impl_arg_buf_ptr"           \
	"\n// .decl V19 v_type=G v_name=%local_id_buf_ptr"           \
	"\n// .decl V20 v_type=G v_name=%msg0"                       \
	"\n// .decl T0 v_type=T v_name=%slm"                         \
	"\n// .decl T1 v_type=T v_name=T1"                           \
	"\n// .decl T2 v_type=T v_name=T2"                           \
	"\n// .decl T3 v_type=T v_name=TSS"                          \
	"\n// .decl T4 v_type=T v_name=%bss"                         \
	"\n// .decl T5 v_type=T v_name=%scratch"                     \
	"\n"

/* ---- builders ------------------------------------------------------- */

static struct vf_arena *A;

static struct vf_opnd other(uint64_t v)
{
	return (struct vf_opnd){ .kind = VF_OPND_OTHER, .size = 1,
	                         .u.other = v };
}

/* General variable operand V<id>(row,col) with a region code word. */
static struct vf_opnd gen(uint32_t id, uint8_t mod, uint16_t region)
{
	struct vf_opnd o = { .kind = VF_OPND_VECTOR };
	o.u.vec.tag = (uint8_t)(VISA_CLASS_GENERAL | mod << 3);
	o.u.vec.u.gen.id = id;
	o.u.vec.u.gen.region = region;
	return o;
}

static struct vf_opnd imm(uint8_t type, uint64_t v)
{
	struct vf_opnd o = { .kind = VF_OPND_VECTOR };
	o.u.vec.tag = VISA_CLASS_IMMEDIATE;
	o.u.vec.u.imm.type = type;
	o.u.vec.u.imm.value = v;
	return o;
}

static struct vf_opnd pred_opnd(uint16_t id)
{
	struct vf_opnd o = { .kind = VF_OPND_VECTOR };
	o.u.vec.tag = VISA_CLASS_PREDICATE;
	o.u.vec.u.pred.id = id;
	return o;
}

static struct vf_opnd raw(uint32_t id, uint16_t off)
{
	return (struct vf_opnd){ .kind = VF_OPND_RAW, .u.raw = { id, off } };
}

static void add_inst(struct vf_routine *r, uint8_t op, uint8_t exec,
                     uint16_t pred, const struct vf_opnd *ops, unsigned n)
{
	struct vf_inst *in = &r->insts[r->inst_count++];
	in->opcode = op;
	in->exec = exec;
	in->has_exec = true;
	in->pred = pred;
	in->nopnds = (uint16_t)n;
	in->opnds = vf_arena_memdup(A, ops, n * sizeof *ops);
}

static void set_attr(struct vf_routine *r, unsigned k, const char *name,
                     uint8_t size, const void *value)
{
	r->attrs.items[k] = (struct vf_attr){
		.name = vf_routine_add_string(A, r, name), .size = size,
		.value = size ? vf_arena_memdup(A, value, size) : NULL };
}

/* A kernel "k" with V32 (d x 16), V33 (uw x 16 aliasing V32), P1, a
 * block label, a subroutine label and room for 16 instructions. */
static struct vf_module *kernel_module(void)
{
	struct vf_module *m = vf_module_new();
	A = m->arena;
	m->kernel_count = 1;
	m->kernels = vf_arena_array(A, 1, sizeof *m->kernels);
	m->kernels[0].name = vf_arena_strdup(A, "k");
	struct vf_routine *r = &m->kernels[0].body;
	r->is_kernel = true;
	vf_routine_add_string(A, r, "");
	r->name_index = vf_routine_add_string(A, r, "k");
	r->var_count = 2;
	r->vars = vf_arena_array(A, 2, sizeof *r->vars);
	r->vars[0] = (struct vf_var){ .name = vf_routine_add_string(A, r, "V32"),
	                              .bit_properties = 0x71,
	                              .num_elements = 16 };
	r->vars[1] = (struct vf_var){ .name = vf_routine_add_string(A, r, "V33"),
	                              .bit_properties = 0x02,
	                              .num_elements = 16, .alias_index = 32,
	                              .alias_offset = 4 };
	r->pred_count = 1;
	r->preds = vf_arena_array(A, 1, sizeof *r->preds);
	r->preds[0].num_elements = 16;
	r->label_count = 2;
	r->labels = vf_arena_array(A, 2, sizeof *r->labels);
	r->labels[0] = (struct vf_label){
		.name = vf_routine_add_string(A, r, "_main"), .kind = 1 };
	r->labels[1] = (struct vf_label){
		.name = vf_routine_add_string(A, r, "BB.1"), .kind = 0 };
	r->input_count = 1;
	r->inputs = vf_arena_array(A, 1, sizeof *r->inputs);
	r->inputs[0] = (struct vf_input){ .id = 32, .offset = 64, .size = 64 };
	r->attrs.count = 2;
	r->attrs.items = vf_arena_array(A, 2, sizeof *r->attrs.items);
	set_attr(r, 0, "OutputAsmPath", 4, "a.as");
	uint8_t one = 1;
	set_attr(r, 1, "Target", 1, &one);
	r->insts = vf_arena_array(A, 16, sizeof *r->insts);
	return m;
}

static char *print(const struct vf_module *m, struct vf_error *e)
{
	char *t = NULL;
	size_t n = 0;
	memset(e, 0, sizeof *e);
	if (vf_print_visaasm(m, &t, &n, e) != VF_OK)
		return NULL;
	ck_assert_uint_eq(strlen(t), n);
	return t;
}

/* One instruction line as IGC pads it: the text from column 4, the
 * trailer after column 80. */
static const char *line(const char *text, unsigned id)
{
	static char buf[8][256];
	static unsigned next;
	char *b = buf[next++ % 8];
	snprintf(b, sizeof buf[0], "    %-76s /// $%u\n", text, id);
	return b;
}

/* ---- tests ---------------------------------------------------------- */

/* Region words (vstride | width << 4 | hstride << 8, value codes 1 = 0,
 * 2 = 1): <0;1,0>, <1;1,0> and the destination stride <1>. */
#define R_SCALAR 0x121
#define R_SEQ 0x122
#define R_DST1 0x200

/* A whole kernel: header, declarations, padding, labels, .sat, cmp. */
START_TEST(alu_and_labels_print_like_igc)
{
	struct vf_module *m = kernel_module();
	struct vf_routine *r = &m->kernels[0].body;
	add_inst(r, VISA_OP_SUBROUTINE, 0, 0, (struct vf_opnd[]){ other(0) }, 1);
	add_inst(r, VISA_OP_ADD, 0x04, 0,
	         (struct vf_opnd[]){ gen(32, VISA_MOD_SAT, R_DST1),
	                             gen(32, VISA_MOD_NEG, R_SEQ),
	                             imm(VISA_TYPE_D, 0xffffffff) }, 3);
	add_inst(r, VISA_OP_CMP, 0x04, 0,
	         (struct vf_opnd[]){ other(4), pred_opnd(1),
	                             gen(32, 0, R_SEQ), imm(VISA_TYPE_D, 0) },
	         4);
	add_inst(r, VISA_OP_GOTO, 0x04, 0x8001, (struct vf_opnd[]){ other(1) },
	         1);
	add_inst(r, VISA_OP_LABEL, 0, 0, (struct vf_opnd[]){ other(1) }, 1);
	add_inst(r, VISA_OP_MOV, 0x80, 0,
	         (struct vf_opnd[]){ gen(7, 0, R_DST1), gen(33, 0, R_SCALAR) },
	         2);
	add_inst(r, VISA_OP_RET, 0, 0, NULL, 0);
	struct vf_error e;
	char *t = print(m, &e);
	ck_assert_msg(t != NULL, "%s", e.msg);
	char want[4096];
	snprintf(want, sizeof want, "%s%s%s%s%s%s%s",
	         ".version 4.1\n.kernel \"k\"\n" PREDEF
	         "\n.decl V32 v_type=G type=d num_elts=16 align=hword"
	         "\n.decl V33 v_type=G type=uw num_elts=16 alias=<V32, 4>"
	         "\n.decl P1 v_type=P num_elts=16"
	         "\n.input V32 offset=64 size=64"
	         "\n.kernel_attr Target=\"3d\"    "
	         "\n.function \"_main_0\"\n\n_main_0:\n",
	         line("add.sat (M1, 16) V32(0,0)<1> (-)V32(0,0)<1;1,0> "
	              "0xffffffff:d", 1),
	         line("cmp.lt (M1, 16) P1 V32(0,0)<1;1,0> 0x0:d", 2),
	         line("(!P1) goto (M1, 16) BB.1", 3),
	         "\nBB_1:\n",
	         line("mov (M1_NM, 1) %r0(0,0)<1> V33(0,0)<0;1,0>", 5),
	         line("ret (M1, 1)", 6));
	ck_assert_str_eq(t, want);
	free(t);
	vf_module_free(m);
}
END_TEST

/* Kernel then function; .funcdecl, dotted names, hidden OutputAsmPath. */
START_TEST(function_gets_default_target_and_no_funcdecl)
{
	struct vf_module *m = kernel_module();
	m->function_count = 1;
	m->functions = vf_arena_array(A, 1, sizeof *m->functions);
	m->functions[0].name = vf_arena_strdup(A, "f.x");
	struct vf_routine *f = &m->functions[0].body;
	vf_routine_add_string(A, f, "");
	f->name_index = vf_routine_add_string(A, f, "f.x");
	f->attrs.count = 1;
	f->attrs.items = vf_arena_array(A, 1, sizeof *f->attrs.items);
	uint8_t sz = 8;
	set_attr(f, 0, "ArgSize", 1, &sz);
	f->insts = vf_arena_array(A, 1, sizeof *f->insts);
	add_inst(f, VISA_OP_FRET, 0x04, 0, NULL, 0);
	struct vf_error e;
	char *t = print(m, &e);
	ck_assert_msg(t != NULL, "%s", e.msg);
	/* The kernel lists the function; the function text follows it. */
	ck_assert_ptr_nonnull(strstr(t, ".kernel \"k\"\n.funcdecl \"f.x\"\n"));
	const char *fn = strstr(t, ".version 4.1\n.global_function \"f x\"\n");
	ck_assert_ptr_nonnull(fn);
	/* No label first: the header's last line runs into the first
	 * instruction, as in IGC's text. */
	ck_assert_ptr_nonnull(strstr(fn, "\n.kernel_attr ArgSize=8"
	                                 "\n.kernel_attr Target=\"3d\"    "
	                                 "fret (M1, 16)"));
	ck_assert_ptr_null(strstr(t, "OutputAsmPath"));
	free(t);
	vf_module_free(m);
}
END_TEST

/* The sub-opcode counts as field 0 whether kept apart or not. */
START_TEST(sub_opcode_and_raw_operands)
{
	struct vf_module *m = kernel_module();
	struct vf_routine *r = &m->kernels[0].body;
	/* svm_gather.4.2 (M1, 16) V32.0 V33.0 with the sub-opcode kept apart. */
	add_inst(r, VISA_OP_SVM, 0x04, 0,
	         (struct vf_opnd[]){ other(1), other(1), raw(32, 0), raw(33, 0) },
	         4);
	r->insts[0].has_subop = true;
	r->insts[0].subop = 3;
	/* svm_block_st (4) with the sub-opcode as the first field. */
	add_inst(r, VISA_OP_SVM, 0, 0,
	         (struct vf_opnd[]){ other(2), other(2),
	                             gen(32, 0, R_SCALAR), raw(33, 0) },
	         4);
	struct vf_error e;
	char *t = print(m, &e);
	ck_assert_msg(t != NULL, "%s", e.msg);
	ck_assert_ptr_nonnull(strstr(t, line("svm_gather.4.2 (M1, 16) V32.0 "
	                                     "V33.0", 0)));
	ck_assert_ptr_nonnull(strstr(t, "\n    svm_block_st (4) "
	                                "V32(0,0)<0;1,0> V33.0"));
	free(t);
	vf_module_free(m);
}
END_TEST

/* Each case breaks one field of a valid mov; all must fail cleanly. */
START_TEST(unprintable_fields_are_errors)
{
	static const struct { uint32_t src_id; uint8_t exec; uint16_t region;
	                      uint8_t op; const char *what; } cases[] = {
		{ 99, 0x04, R_SEQ, VISA_OP_MOV, "invalid general variable id 99" },
		{ 25, 0x04, R_SEQ, VISA_OP_MOV, "reserved pre-defined variable" },
		{ 32, 0x07, R_SEQ, VISA_OP_MOV, "invalid exec size code 7" },
		{ 32, 0x04, 0x0f22, VISA_OP_MOV, "invalid region" },
		{ 32, 0x04, R_SEQ, 0x3B, "invalid opcode 0x3b" },
	};
	for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct vf_module *m = kernel_module();
		struct vf_routine *r = &m->kernels[0].body;
		add_inst(r, VISA_OP_RET, 0, 0, NULL, 0);
		add_inst(r, cases[k].op, cases[k].exec, 0,
		         (struct vf_opnd[]){ gen(32, 0, R_DST1),
		                             gen(cases[k].src_id, 0,
		                                 cases[k].region) }, 2);
		struct vf_error e;
		char *t = print(m, &e);
		ck_assert_ptr_null(t);
		ck_assert_int_eq(e.status, VF_ERR_INPUT);
		ck_assert_msg(strstr(e.msg, "routine \"k\", instruction $1") &&
		              strstr(e.msg, cases[k].what), "%s", e.msg);
		vf_module_free(m);
	}
}
END_TEST

/* IGC's writer leaves the last fields out of most instructions: such
 * lines print up to the first missing field, without an error. */
START_TEST(truncated_instructions_print_their_prefix)
{
	struct vf_module *m = kernel_module();
	struct vf_routine *r = &m->kernels[0].body;
	add_inst(r, VISA_OP_CMP, 0x04, 0, (struct vf_opnd[]){ other(4),
	                                                      pred_opnd(1) }, 2);
	add_inst(r, VISA_OP_MOV, 0x04, 0, NULL, 0);
	add_inst(r, VISA_OP_FCALL, 0x04, 0, (struct vf_opnd[]){ other(1) }, 1);
	add_inst(r, VISA_OP_RET, 0, 0, NULL, 0);
	r->insts[3].has_exec = false;
	struct vf_error e;
	char *t = print(m, &e);
	ck_assert_msg(t != NULL, "%s", e.msg);
	ck_assert_ptr_nonnull(strstr(t, line("cmp.lt (M1, 16) P1", 0)));
	ck_assert_ptr_nonnull(strstr(t, line("mov (M1, 16)", 1)));
	ck_assert_ptr_nonnull(strstr(t, line("fcall (M1, 16) k", 2)));
	ck_assert_ptr_nonnull(strstr(t, line("ret ", 3)));
	free(t);
	vf_module_free(m);
}
END_TEST

/* Ids outside their tables are errors, not reads out of bounds. */
START_TEST(bad_labels_and_state_operands_are_errors)
{
	struct vf_module *m = kernel_module();
	struct vf_routine *r = &m->kernels[0].body;
	add_inst(r, VISA_OP_JMP, 0x04, 0, (struct vf_opnd[]){ other(7) }, 1);
	struct vf_error e;
	ck_assert_ptr_null(print(m, &e));
	ck_assert_msg(strstr(e.msg, "instruction $0: invalid label id 7") != NULL,
	              "%s", e.msg);
	struct vf_opnd st = { .kind = VF_OPND_VECTOR };
	st.u.vec.tag = VISA_CLASS_STATE;
	st.u.vec.u.state.cls = 0;  /* surface */
	st.u.vec.u.state.id = 7;   /* only T0..T5 exist */
	r->inst_count = 0;
	add_inst(r, VISA_OP_MOVS, 0x80, 0,
	         (struct vf_opnd[]){ st, imm(VISA_TYPE_UD, 1) }, 2);
	ck_assert_ptr_null(print(m, &e));
	ck_assert_msg(strstr(e.msg, "invalid surface id 7") != NULL, "%s",
	              e.msg);
	vf_module_free(m);
}
END_TEST

/* Attribute values, attrs={...}, string escapes, unknown names. */
START_TEST(attributes_and_literals)
{
	struct vf_module *m = kernel_module();
	struct vf_routine *r = &m->kernels[0].body;
	uint8_t minus[2] = { 0xfe, 0xff };
	set_attr(r, 1, "SpillMemOffset", 2, minus);
	r->vars[0].attrs.count = 2;
	r->vars[0].attrs.items = vf_arena_array(A, 2, sizeof(struct vf_attr));
	r->vars[0].attrs.items[0] = (struct vf_attr){
		.name = vf_routine_add_string(A, r, "Input") };
	r->vars[0].attrs.items[1] = (struct vf_attr){
		.name = vf_routine_add_string(A, r, "Scope"), .size = 1,
		.value = vf_arena_memdup(A, "\x01", 1) };
	uint32_t s = vf_routine_add_string(A, r, "a\"b\x01");
	add_inst(r, VISA_OP_FILE, 0, 0, (struct vf_opnd[]){ other(s) }, 1);
	struct vf_error e;
	char *t = print(m, &e);
	ck_assert_msg(t != NULL, "%s", e.msg);
	ck_assert_ptr_nonnull(strstr(t, "align=hword attrs={Input, Scope=1}\n"));
	ck_assert_ptr_nonnull(strstr(t, "\n.kernel_attr SpillMemOffset=-2"
	                                "\n.kernel_attr Target=\"3d\"    "
	                                "FILE \"a\\\"b\\x01\"\n"));
	free(t);
	r->vars[0].attrs.items[0].name = vf_routine_add_string(A, r, "Bogus");
	ck_assert_ptr_null(print(m, &e));
	ck_assert_msg(strstr(e.msg, "unknown attribute \"Bogus\"") != NULL,
	              "%s", e.msg);
	vf_module_free(m);
}
END_TEST

/* LSC syntax; hex turns upper case after an immediate, as in IGC. */
START_TEST(lsc_load_prints_igc_syntax)
{
	struct vf_module *m = kernel_module();
	struct vf_routine *r = &m->kernels[0].body;
	/* sfid ugm, default caching, flat, scale 1, offset 0x40, a64,
	 * d32, non-transposed, x4, chmask 0; surface, dst, src0-2. */
	struct vf_opnd ops[] = {
		other(0), other(0), other(0), other(1), other(1), other(0x40),
		other(3), other(3), other(1), other(4), other(0),
		imm(VISA_TYPE_UD, 0), raw(32, 0), raw(33, 0), raw(0, 0),
		raw(0, 0),
	};
	unsigned n = sizeof ops / sizeof ops[0];
	add_inst(r, VISA_OP_LSC_UNTYPED, 0x04, 0, ops, n);
	r->insts[0].has_subop = true;   /* lsc_load */
	ops[3] = other(4);              /* bti(surface) */
	ops[5] = other(0x1ab);
	ops[11] = imm(VISA_TYPE_UD, 10);
	add_inst(r, VISA_OP_LSC_UNTYPED, 0x04, 0, ops, n);
	r->insts[1].has_subop = true;
	struct vf_error e;
	char *t = print(m, &e);
	ck_assert_msg(t != NULL, "%s", e.msg);
	ck_assert_ptr_nonnull(strstr(t, line("lsc_load.ugm (M1, 16)  V32:d32x4  "
	                                     "flat[V33+0x40]:a64", 0)));
	ck_assert_ptr_nonnull(strstr(t, line("lsc_load.ugm (M1, 16)  V32:d32x4  "
	                                     "bti(0xA)[V33+0x1AB]:a64", 1)));
	free(t);
	vf_module_free(m);
}
END_TEST

static Suite *print_suite(void)
{
	Suite *s = suite_create("print");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, alu_and_labels_print_like_igc);
	tcase_add_test(tc, function_gets_default_target_and_no_funcdecl);
	tcase_add_test(tc, sub_opcode_and_raw_operands);
	tcase_add_test(tc, unprintable_fields_are_errors);
	tcase_add_test(tc, truncated_instructions_print_their_prefix);
	tcase_add_test(tc, bad_labels_and_state_operands_are_errors);
	tcase_add_test(tc, attributes_and_literals);
	tcase_add_test(tc, lsc_load_prints_igc_syntax);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(print_suite());
}
