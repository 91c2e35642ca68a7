/* test_inst_io.c - guards the instruction reader/writer (visa_inst_io.c):
 * hand-built instructions of every class read into the documented fields,
 * write back to the same bytes, fail cleanly when cut short at any byte,
 * reject bad opcodes, operand classes, immediates and sub-opcodes, and
 * follow IGC's truncated layout (the last exec/predicate-count fields
 * missing) as well as the complete one. */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "bytes.h"
#include "visa_ops.h"
#include "unit.h"

#define V41 0x0401

/* Vector operands as byte sequences (5_operands.md), vISA 4.1. */
#define GEN(id, row, col, region) \
	0x00, (id) & 0xff, ((id) >> 8) & 0xff, 0, 0, row, col, \
	(region) & 0xff, (region) >> 8
#define IMM_D(v) 0x05, VISA_TYPE_D, (v) & 0xff, ((v) >> 8) & 0xff, 0, 0
#define RAW(id, off) (id) & 0xff, ((id) >> 8) & 0xff, 0, 0, (off) & 0xff, \
	(off) >> 8

struct fixture {
	struct vf_arena *a;
	struct vf_error e;
	struct vf_cursor c;
	struct vf_inst in;
};

static void fix_init(struct fixture *f, const uint8_t *buf, size_t len,
                     unsigned version)
{
	memset(f, 0, sizeof *f);
	f->a = vf_arena_new();
	ck_assert_ptr_nonnull(f->a);
	f->c.buf = buf;
	f->c.len = len;
	f->c.file = "t.isa";
	f->c.err = &f->e;
	f->c.version = version;
}

/* Read 'buf' as exactly one instruction in 'mode', write it back in the
 * same mode and compare; returns the instruction (arena kept in *f). */
static void round_trip(struct fixture *f, const uint8_t *buf, size_t len,
                       enum visa_io_mode mode)
{
	fix_init(f, buf, len, V41);
	ck_assert_msg(visa_inst_read_ex(&f->c, f->a, &f->in, mode), "%s",
	              f->e.msg);
	ck_assert_uint_eq(f->c.pos, len);
	struct vf_buf b = { 0 };
	visa_inst_write_ex(&b, V41, &f->in, mode);
	ck_assert(!b.oom);
	ck_assert_uint_eq(b.len, len);
	ck_assert_mem_eq(b.data, buf, len);
	vf_buf_free(&b);
}

/* Every proper prefix of 'buf' must fail with an error (never a crash,
 * never an out-of-bounds read: the copy is exactly 'n' bytes long),
 * except prefixes of 'whole' bytes or more, which hold a shorter whole
 * instruction of that length. */
static void truncations_fail(const uint8_t *buf, size_t len,
                             enum visa_io_mode mode, size_t whole)
{
	for (size_t n = 0; n < len; n++) {
		uint8_t *cut = malloc(n ? n : 1);
		ck_assert_ptr_nonnull(cut);
		memcpy(cut, buf, n);
		struct fixture f;
		fix_init(&f, cut, n, V41);
		bool ok = visa_inst_read_ex(&f.c, f.a, &f.in, mode);
		if (n >= whole) {
			ck_assert(ok && f.c.pos == whole);
		} else {
			ck_assert_msg(!ok, "prefix of %zu bytes read", n);
			ck_assert(f.e.status == VF_ERR_INPUT);
			ck_assert_ptr_nonnull(strstr(f.e.msg, "t.isa"));
		}
		vf_arena_free(f.a);
		free(cut);
	}
}

/* Read, write, truncate: the three checks every case gets. */
static void check_both(const uint8_t *buf, size_t len, enum visa_io_mode mode,
                       struct fixture *f)
{
	truncations_fail(buf, len, mode, SIZE_MAX);
	round_trip(f, buf, len, mode);
}

static void expect_fail(const uint8_t *buf, size_t len, const char *needle)
{
	struct fixture f;
	fix_init(&f, buf, len, V41);
	ck_assert(!visa_inst_read(&f.c, f.a, &f.in));
	ck_assert_msg(strstr(f.e.msg, needle) != NULL, "message '%s' lacks '%s'",
	              f.e.msg, needle);
	vf_arena_free(f.a);
}

/* Arithmetic (complete layout): exec, predicate, dst, two sources. */
START_TEST(add_complete_fields)
{
	static const uint8_t add[] = {
		VISA_OP_ADD, 0x04, 0x02, 0x80,
		GEN(40, 0, 0, 0x0200), GEN(41, 1, 2, 0x0121), IMM_D(7),
	};
	struct fixture f;
	check_both(add, sizeof add, VISA_IO_SPEC, &f);
	ck_assert(f.in.has_exec && f.in.has_pred && !f.in.has_subop);
	ck_assert_uint_eq(f.in.exec, 0x04);
	ck_assert_uint_eq(f.in.pred, 0x8002);
	ck_assert_uint_eq(f.in.nopnds, 3);
	ck_assert_uint_eq(f.in.opnds[0].kind, VF_OPND_VECTOR);
	ck_assert_uint_eq(f.in.opnds[0].u.vec.u.gen.id, 40);
	ck_assert_uint_eq(f.in.opnds[1].u.vec.u.gen.row, 1);
	ck_assert_uint_eq(f.in.opnds[1].u.vec.u.gen.col, 2);
	ck_assert_uint_eq(f.in.opnds[1].u.vec.u.gen.region, 0x0121);
	ck_assert_uint_eq(f.in.opnds[2].u.vec.tag & 7, VISA_CLASS_IMMEDIATE);
	ck_assert_uint_eq(f.in.opnds[2].u.vec.u.imm.value, 7);
	vf_arena_free(f.a);
}
END_TEST

/* IGC's writer drops as many trailing fields as there are exec/predicate
 * fields: add keeps only its destination. */
START_TEST(add_igc_truncated)
{
	static const uint8_t add[] = {
		VISA_OP_ADD, 0x03, 0x00, 0x00, GEN(46, 0, 0, 0x0200),
	};
	struct fixture f;
	check_both(add, sizeof add, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.nopnds, 1);
	ck_assert_uint_eq(f.in.opnds[0].u.vec.u.gen.id, 46);
	vf_arena_free(f.a);
}
END_TEST

/* cmp: no predicate, relational-op byte first; IGC drops one source. */
START_TEST(cmp_fields)
{
	static const uint8_t cmp[] = {
		VISA_OP_CMP, 0x03, 0x04, 0x02, 0x01, 0x00,
		GEN(48, 0, 0, 0x0122),
	};
	struct fixture f;
	check_both(cmp, sizeof cmp, VISA_IO_IGC, &f);
	ck_assert(f.in.has_exec && !f.in.has_pred);
	ck_assert_uint_eq(f.in.nopnds, 3);
	ck_assert_uint_eq(f.in.opnds[0].kind, VF_OPND_OTHER);
	ck_assert_uint_eq(f.in.opnds[0].size, 1);
	ck_assert_uint_eq(f.in.opnds[0].u.other, 4);
	ck_assert_uint_eq(f.in.opnds[1].u.vec.tag & 7, VISA_CLASS_PREDICATE);
	ck_assert_uint_eq(f.in.opnds[1].u.vec.u.pred.id, 1);
	vf_arena_free(f.a);
}
END_TEST

/* Vector operands of every class, in a complete mov/addr_add/movs. */
START_TEST(vector_classes)
{
	static const uint8_t mov_ind[] = {
		VISA_OP_MOV, 0x03, 0x00, 0x00,
		0x03, 0x02, 0x00, 0x01, 0xfc, 0xff, VISA_TYPE_F, 0x21, 0x01,
		0x05, VISA_TYPE_DF, 1, 2, 3, 4, 5, 6, 7, 8,
	};
	static const uint8_t addr_add[] = {
		VISA_OP_ADDR_ADD, 0x80, 0x01, 0x00, 0x00, 0x00, 0x01,
		GEN(33, 0, 0, 0x0021), 0x05, VISA_TYPE_UW, 4, 0, 0, 0,
	};
	static const uint8_t movs[] = {
		VISA_OP_MOVS, 0x80, 0x06, 0x00, 0x06, 0x00, 0x00,
		0x06, 0x01, 0x00, 0x00, 0x00,
	};
	struct fixture f;
	check_both(mov_ind, sizeof mov_ind, VISA_IO_SPEC, &f);
	ck_assert_int_eq(f.in.opnds[0].u.vec.u.ind.offset, -4);
	ck_assert_uint_eq(f.in.opnds[0].u.vec.u.ind.type, VISA_TYPE_F);
	ck_assert_uint_eq(f.in.opnds[1].u.vec.u.imm.value, 0x0807060504030201u);
	vf_arena_free(f.a);
	check_both(addr_add, sizeof addr_add, VISA_IO_SPEC, &f);
	ck_assert_uint_eq(f.in.opnds[0].u.vec.tag & 7, VISA_CLASS_ADDRESS);
	vf_arena_free(f.a);
	check_both(movs, sizeof movs, VISA_IO_SPEC, &f);
	ck_assert_uint_eq(f.in.opnds[1].u.vec.u.state.cls, 1);
	vf_arena_free(f.a);
}
END_TEST

/* Control flow: label, goto (only exec left), fcall, switchjmp (one
 * label fewer than the count in IGC's layout), ret (just the opcode). */
START_TEST(control_flow)
{
	static const uint8_t label[] = { VISA_OP_LABEL, 0x02, 0x00 };
	static const uint8_t gto[] = { VISA_OP_GOTO, 0x03 };
	static const uint8_t fcall[] = { VISA_OP_FCALL, 0x80, 0x00, 0x00,
	                                 0x05, 0x00 };
	static const uint8_t sw[] = {
		VISA_OP_SWITCHJMP, 0x00, 0x03, GEN(39, 0, 0, 0x0021),
		0x01, 0x00, 0x02, 0x00,
	};
	static const uint8_t ret[] = { VISA_OP_RET };
	struct fixture f;
	check_both(label, sizeof label, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.opnds[0].size, 2);
	ck_assert_uint_eq(f.in.opnds[0].u.other, 2);
	vf_arena_free(f.a);
	check_both(gto, sizeof gto, VISA_IO_IGC, &f);
	ck_assert(f.in.has_exec && !f.in.has_pred);
	ck_assert_uint_eq(f.in.nopnds, 0);
	vf_arena_free(f.a);
	check_both(fcall, sizeof fcall, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.opnds[0].u.other, 5);
	vf_arena_free(f.a);
	check_both(sw, sizeof sw, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.nopnds, 4);
	ck_assert_uint_eq(f.in.opnds[0].u.other, 3);
	vf_arena_free(f.a);
	check_both(ret, sizeof ret, VISA_IO_IGC, &f);
	ck_assert(!f.in.has_exec);
	vf_arena_free(f.a);
}
END_TEST

/* Data port: gather4_scaled keeps its surface and global offset. */
START_TEST(dataport)
{
	static const uint8_t g4s[] = {
		VISA_OP_GATHER4_SCALED, 0x03, 0x00, 0x00, 0x01, 0x00, 0x00,
		0x06, 0x05, VISA_TYPE_UD, 0, 0, 0, 0,
	};
	static const uint8_t oword_st[] = {
		VISA_OP_OWORD_ST, 0x02, 0x07, 0x05, VISA_TYPE_UD, 0x10, 0, 0, 0,
		RAW(50, 0),
	};
	struct fixture f;
	check_both(g4s, sizeof g4s, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.nopnds, 4);
	ck_assert_uint_eq(f.in.opnds[1].size, 2);
	ck_assert_uint_eq(f.in.opnds[2].u.other, 0x06);
	vf_arena_free(f.a);
	check_both(oword_st, sizeof oword_st, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.opnds[3].kind, VF_OPND_RAW);
	ck_assert_uint_eq(f.in.opnds[3].u.raw.id, 50);
	vf_arena_free(f.a);
}
END_TEST

/* Sub-opcodes: svm gather keeps sub-op, exec, pred, two bytes; a complete
 * LSC untyped load. */
START_TEST(subops)
{
	static const uint8_t svm[] = {
		VISA_OP_SVM, 0x03, 0x04, 0x00, 0x00, 0x00, 0x02,
	};
	static const uint8_t lsc[] = {
		VISA_OP_LSC_UNTYPED, 0x00, 0x04, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x01,      /* sfid, l1, l3, address type */
		0x01, 0x00, 0x00, 0x00, 0x00, 0x00,  /* scale, offset */
		0x02, 0x03, 0x01, 0x01, 0x00,  /* addr size, data shape */
		0x05, VISA_TYPE_UD, 0, 0, 0, 0,
		RAW(40, 0), RAW(41, 0), RAW(0, 0), RAW(0, 0),
	};
	struct fixture f;
	check_both(svm, sizeof svm, VISA_IO_IGC, &f);
	ck_assert(f.in.has_subop);
	ck_assert_uint_eq(f.in.subop, 3);
	ck_assert_str_eq(visa_subop_name(f.in.opcode, f.in.subop), "svm_gather");
	ck_assert_uint_eq(f.in.nopnds, 2);
	vf_arena_free(f.a);
	check_both(lsc, sizeof lsc, VISA_IO_SPEC, &f);
	ck_assert_uint_eq(f.in.nopnds, 16);
	ck_assert_uint_eq(f.in.opnds[4].size, 2);
	ck_assert_uint_eq(f.in.opnds[5].size, 4);
	vf_arena_free(f.a);
}
END_TEST

/* 3D sampler: with two or more parameters the count is kept and two
 * parameters are missing (here count 3, one parameter). */
START_TEST(sampler_3d)
{
	static const uint8_t load3d[] = {
		VISA_OP_3D_LOAD, 0x1a, 0x00, 0x04, 0x00, 0x00, 0x03,
		0x05, VISA_TYPE_UW, 0, 0, 0, 0, 0x06, RAW(60, 0), 0x03,
		RAW(61, 0),
	};
	static const uint8_t info[] = {
		VISA_OP_3D_INFO, 0x0a, 0x04, 0x0f, 0x06, RAW(62, 0),
	};
	struct fixture f;
	/* Cut after dst it reads as a one-parameter message, which ends
	 * there (see io_sampler_count). */
	truncations_fail(load3d, sizeof load3d, VISA_IO_IGC, 20);
	round_trip(&f, load3d, sizeof load3d, VISA_IO_IGC);
	ck_assert_uint_eq(f.in.nopnds, 7);
	ck_assert_uint_eq(f.in.opnds[0].size, 2);
	ck_assert_uint_eq(f.in.opnds[5].u.other, 3);
	vf_arena_free(f.a);
	check_both(info, sizeof info, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.nopnds, 4);
	ck_assert_uint_eq(f.in.opnds[3].kind, VF_OPND_RAW);
	vf_arena_free(f.a);
}
END_TEST

/* Misc and sync: raw_sends, lifetime, fence, barrier, loc. */
START_TEST(misc_sync)
{
	static const uint8_t sends[] = {
		VISA_OP_RAW_SENDS, 0x00, 0x04, 0x00, 0x00, 0x02, 0x01, 0x01, 0x0a,
		0x05, VISA_TYPE_UD, 0, 0, 0, 0,
		0x05, VISA_TYPE_UD, 0, 0, 0x48, 0x02, RAW(37, 0),
	};
	static const uint8_t life[] = { VISA_OP_LIFETIME, 0x00, 33, 0, 0, 0 };
	static const uint8_t fence[] = { VISA_OP_FENCE, 0x21 };
	static const uint8_t barrier[] = { VISA_OP_BARRIER };
	static const uint8_t loc[] = { VISA_OP_LOC, 12, 0, 0, 0 };
	struct fixture f;
	check_both(sends, sizeof sends, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.nopnds, 8);
	vf_arena_free(f.a);
	check_both(life, sizeof life, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.opnds[1].size, 4);
	vf_arena_free(f.a);
	check_both(fence, sizeof fence, VISA_IO_IGC, &f);
	vf_arena_free(f.a);
	check_both(barrier, sizeof barrier, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.nopnds, 0);
	vf_arena_free(f.a);
	check_both(loc, sizeof loc, VISA_IO_IGC, &f);
	ck_assert_uint_eq(f.in.opnds[0].u.other, 12);
	vf_arena_free(f.a);
}
END_TEST

/* Malformed input: each error says what was wrong. */
START_TEST(rejects_bad_input)
{
	static const uint8_t op5e[] = { 0x5e };
	static const uint8_t op00[] = { 0x00 };
	static const uint8_t cls7[] = { VISA_OP_ADD, 0x03, 0, 0, 0x07 };
	static const uint8_t cls4[] = { VISA_OP_ADD, 0x03, 0, 0, 0x04 };
	static const uint8_t immbool[] = {
		VISA_OP_ADD, 0x03, 0, 0, GEN(40, 0, 0, 0x0200),
		0x05, VISA_TYPE_BOOL, 0, 0, 0, 0, 0x05, VISA_TYPE_D, 0, 0, 0, 0,
	};
	static const uint8_t svm9[] = { VISA_OP_SVM, 0x09 };
	static const uint8_t exec7[] = { VISA_OP_MOV, 0x07, 0, 0 };
	static const uint8_t sw0[] = { VISA_OP_SWITCHJMP, 0x00, 0x00 };
	static const uint8_t state3[] = { VISA_OP_MOVS, 0x80, 0x06, 0x03 };
	expect_fail(op5e, sizeof op5e, "unknown vISA opcode 0x5e");
	expect_fail(op00, sizeof op00, "unknown vISA opcode 0x00");
	expect_fail(cls7, sizeof cls7, "operand 0 of 'add': invalid operand "
	            "class 7");
	expect_fail(cls4, sizeof cls4, "invalid operand class 4");
	expect_fail(svm9, sizeof svm9, "invalid sub-opcode 0x09 for 'svm'");
	expect_fail(exec7, sizeof exec7, "invalid execution size");
	expect_fail(sw0, sizeof sw0, "count 0 out of range");
	expect_fail(state3, sizeof state3, "invalid state operand class 3");
	struct fixture f;
	fix_init(&f, immbool, sizeof immbool, V41);
	ck_assert(!visa_inst_read_ex(&f.c, f.a, &f.in, VISA_IO_SPEC));
	ck_assert_ptr_nonnull(strstr(f.e.msg, "invalid immediate type 0xa"));
	vf_arena_free(f.a);
}
END_TEST

/* Version 3.3: general ids in operands are two bytes. */
START_TEST(old_decl_width)
{
	static const uint8_t raw_ld[] = {
		VISA_OP_OWORD_LD, 0x01, 0x00, 0x05,
		0x00, 0x21, 0x00, 0x00, 0x00, 0x21, 0x00,  /* V33, 2-byte id */
		0x2a, 0x00, 0x00, 0x00,                    /* raw V42.0 */
	};
	struct fixture f;
	fix_init(&f, raw_ld, sizeof raw_ld, 0x0303);
	ck_assert(visa_inst_read(&f.c, f.a, &f.in));
	ck_assert_uint_eq(f.c.pos, sizeof raw_ld);
	ck_assert_uint_eq(f.in.opnds[3].u.vec.u.gen.id, 33);
	ck_assert_uint_eq(f.in.opnds[4].u.raw.id, 42);
	struct vf_buf b = { 0 };
	visa_inst_write(&b, 0x0303, &f.in);
	ck_assert_uint_eq(b.len, sizeof raw_ld);
	ck_assert_mem_eq(b.data, raw_ld, sizeof raw_ld);
	vf_buf_free(&b);
	vf_arena_free(f.a);
}
END_TEST

/* The table: names as IGC spells them, reserved opcodes absent. */
START_TEST(op_table)
{
	ck_assert_str_eq(visa_op_info(VISA_OP_ADD)->name, "add");
	ck_assert_str_eq(visa_op_info(VISA_OP_SUBROUTINE)->name, "func");
	ck_assert_str_eq(visa_op_info(VISA_OP_ADD3O)->name, "add3.o");
	ck_assert_uint_eq(visa_op_info(VISA_OP_ADDC)->n_dsts, 2);
	ck_assert_ptr_null(visa_op_info(0x00));
	ck_assert_ptr_null(visa_op_info(0x3b));
	ck_assert_ptr_null(visa_op_info(0x88));
	ck_assert_ptr_null(visa_op_info(0x93));
	ck_assert_ptr_null(visa_op_info(0xff));
	unsigned n = 0;
	for (unsigned op = 0; op < 256; op++)
		n += visa_op_info(op) != NULL;
	ck_assert_uint_eq(n, 125);
	ck_assert_str_eq(visa_sampler3d_op_name(0x18), "sample_lz");
	ck_assert_str_eq(visa_lsc_op_name(0x1f), "lsc_fence");
	ck_assert_ptr_null(visa_subop_layout(VISA_OP_LSC_UNTYPED, 0x1e));
}
END_TEST

/* Every layout uses only the letters the interpreter knows; '*' and
 * '?h' are followed by a field letter. */
static void check_layout(const char *l)
{
	const char *fields = "EPSbwdqivrnFafmoL";
	for (; *l; l++) {
		if (*l == '*') {
			l++;
		} else if (*l == '?') {
			ck_assert(strchr("0123456789abcdef", l[1]) != NULL);
			l += 2;
		}
		ck_assert_msg(*l && strchr(fields, *l), "bad letter in layout");
	}
}

START_TEST(layouts_well_formed)
{
	for (unsigned op = 0; op < 256; op++) {
		const char *l = visa_op_layout(op, V41);
		ck_assert((l != NULL) == (visa_op_info(op) != NULL));
		if (!l)
			continue;
		check_layout(l);
		ck_assert((strchr(l, 'S') != NULL) == visa_op_has_subop(op));
		for (unsigned sub = 0; sub < 256; sub++) {
			const char *sl = visa_subop_layout(op, sub);
			if (sl)
				check_layout(sl);
			ck_assert((sl != NULL) ==
			          (visa_subop_name(op, sub) != NULL));
		}
	}
}
END_TEST

/* A text-parsed instruction (all operands) is written the way IGC does:
 * the complete size, and the truncated bytes. */
START_TEST(writer_truncates_complete_inst)
{
	static const uint8_t mad_full[] = {
		VISA_OP_MAD, 0x03, 0x00, 0x00, GEN(54, 0, 0, 0x0200),
		GEN(34, 0, 0, 0x0021), GEN(52, 0, 0, 0x0122),
		GEN(54, 0, 0, 0x0122),
	};
	struct fixture f;
	round_trip(&f, mad_full, sizeof mad_full, VISA_IO_SPEC);
	struct vf_buf b = { 0 };
	visa_inst_write(&b, V41, &f.in);
	ck_assert_uint_eq(b.len, 4 + 9 + 9);
	ck_assert_mem_eq(b.data, mad_full, b.len);
	vf_buf_free(&b);
	vf_arena_free(f.a);
}
END_TEST

static Suite *inst_io_suite(void)
{
	Suite *s = suite_create("inst_io");
	TCase *t = tcase_create("core");
	tcase_add_test(t, add_complete_fields);
	tcase_add_test(t, add_igc_truncated);
	tcase_add_test(t, cmp_fields);
	tcase_add_test(t, vector_classes);
	tcase_add_test(t, control_flow);
	tcase_add_test(t, dataport);
	tcase_add_test(t, subops);
	tcase_add_test(t, sampler_3d);
	tcase_add_test(t, misc_sync);
	tcase_add_test(t, rejects_bad_input);
	tcase_add_test(t, old_decl_width);
	tcase_add_test(t, op_table);
	tcase_add_test(t, layouts_well_formed);
	tcase_add_test(t, writer_truncates_complete_inst);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(inst_io_suite());
}
