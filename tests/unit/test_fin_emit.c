/* test_fin_emit.c - guards the emit pass's two-part encoding
 * (finalizer/emit_flat.c): the code of a kernel encoded in two parts at
 * once, the second on a worker thread, is byte for byte the code of one
 * part, with the same relocations, on every platform without software
 * scoreboarding (and Gen12, which ignores the parts); a kernel whose
 * encoding fails in either part gives the same error either way. */
#include <check.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "arena.h"
#include "visafin.h"
#include "../../finalizer/emit.h"
#include "../../finalizer/pipeline.h"
#include "../../platforms/platform.h"
#include "unit.h"

/* 'loops' loops of 'body' value instructions each (adds, muls, mads,
 * compares and selects on values of the last few, float and integer
 * immediates), ending in a counter, a compare and a backward goto: labels,
 * branches, compacted and full-size instructions all through the
 * kernel. */
static char *loop_kernel(unsigned loops, unsigned body)
{
	struct unit_text t = { 0 };
	unsigned nv = loops * body + 2;
	unit_add(&t, ".version 4.1\n.kernel \"k\"\n");
	unit_add(&t, ".decl V0033 v_type=G type=d num_elts=8 align=hword "
	        "alias=<%%r0, 0>\n");
	unit_add(&t, ".decl V0036 v_type=G type=w num_elts=16 align=hword\n");
	unit_add(&t, ".decl V0040 v_type=G type=d num_elts=16 align=hword\n");
	unit_add(&t, ".decl V0041 v_type=G type=ud num_elts=16 align=hword "
	        "alias=<V0040, 0>\n");
	unit_add(&t, ".decl V0052 v_type=G type=d num_elts=1 align=dword\n");
	for (unsigned v = 0; v < nv; v++)
		unit_add(&t, ".decl V%04u v_type=G type=f num_elts=16 align=hword\n",
		    100 + v);
	unit_add(&t, ".decl P1 v_type=P num_elts=16\n.decl P2 v_type=P "
	        "num_elts=16\n.decl T6 v_type=T num_elts=1 v_name=T006\n");
	unit_add(&t, ".input V0036 offset=32 size=32\n");
	unit_add(&t, ".kernel_attr SimdSize=16\n.function \"_main_0\"\n_main_0:\n");
	unit_add(&t, "mov (M1, 16) V0040(0,0)<1> V0036(0,0)<1;1,0>\n");
	unit_add(&t, "shl (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0> 0x2:d\n");
	unit_add(&t, "movs (M1_NM, 1) T6(0) 0x0:ud\n");
	unit_add(&t, "gather4_scaled.R (M1, 16) T6 0x0:ud V0041.0 V0100.0\n");
	unit_add(&t, "add (M1, 16) V0101(0,0)<1> V0100(0,0)<1;1,0> 0x3f800000:f\n");
	unit_add(&t, "mov (M1_NM, 1) V0052(0,0)<1> 0x0:d\n");
	unsigned v = 2, seed = 12;
	for (unsigned l = 0; l < loops; l++) {
		unit_add(&t, "L%u:\n", l);
		for (unsigned i = 0; i < body; i++, v++) {
			seed = seed * 1103515245u + 12345u;
			unsigned a = 100 + v - 1 - (seed >> 8) % (v < 8 ? v : 8);
			unsigned b = 100 + v - 1 - (seed >> 16) % (v < 8 ? v : 8);
			unsigned d = 100 + v, k = (seed >> 24) % 6;
			if (k == 0)
				unit_add(&t, "mad (M1, 16) V%04u(0,0)<1> V%04u(0,0)<1;1,0> "
				    "V%04u(0,0)<1;1,0> V%04u(0,0)<1;1,0>\n", d, a, b,
				    100 + v - 1);
			else if (k == 1)
				unit_add(&t, "cmp.lt (M1, 16) P1 V%04u(0,0)<1;1,0> "
				    "V%04u(0,0)<1;1,0>\n(P1) sel (M1, 16) "
				    "V%04u(0,0)<1> V%04u(0,0)<1;1,0> "
				    "V%04u(0,0)<1;1,0>\n", a, b, d, a, b);
			else if (k == 2)
				unit_add(&t, "mul (M1, 16) V%04u(0,0)<1> V%04u(0,0)<1;1,0> "
				    "0x%08x:f\n", d, a, 0x3f800000u + (seed & 0xFF00));
			else
				unit_add(&t, "%s (M1, 16) V%04u(0,0)<1> V%04u(0,0)<1;1,0> "
				    "V%04u(0,0)<1;1,0>\n", k == 3 ? "add" : k == 4 ?
				    "min" : "max", d, a, b);
		}
		unit_add(&t, "add (M1_NM, 1) V0052(0,0)<1> V0052(0,0)<0;1,0> 0x1:w\n");
		unit_add(&t, "cmp.lt (M1, 16) P2 V0052(0,0)<0;1,0> 0x4:d\n");
		unit_add(&t, "(P2) goto (M1, 16) L%u\n", l);
	}
	unit_add(&t, "movs (M1_NM, 1) T6(0) 0x1:ud\n");
	unit_add(&t, "scatter4_scaled.R (M1, 16) T6 0x0:ud V0041.0 V%04u.0\n",
	    100 + v - 1);
	unit_add(&t, "ret (M1, 1)\n");
	return t.s;
}

static jmp_buf oom;
static struct vf_error err;
static struct ir_prog prog;
static struct vf_module *module;

static void teardown(void)
{
	ir_scratch_free_all(&prog);
	vf_arena_free(prog.arena);
	memset(&prog, 0, sizeof prog);
	vf_module_free(module);
	module = NULL;
}

/* The allocated program of kernel 'text' on 'plat', after every pass
 * (emit included: *code, *size its code as the pass chose to make it). */
static struct ir_prog *finalized(const char *text, const char *plat,
                                 uint8_t **code, size_t *size)
{
	teardown();
	memset(&err, 0, sizeof err);
	prog.arena = vf_arena_new();
	ck_assert_ptr_nonnull(prog.arena);
	prog.err = &err;
	prog.oom = &oom;
	prog.plat = plat_by_name(plat);
	ck_assert_ptr_nonnull(prog.plat);
	struct vf_text t = { "t.visaasm", text, strlen(text) };
	ck_assert_msg(vf_read_visaasm(&t, 1, &module, &err) == VF_OK, "%s",
	              err.msg);
	struct fin_options o = { 0 };
	ck_assert_msg(fin_run(&prog, module, 0, &o, code, size), "%s", err.msg);
	return &prog;
}

/* ir_emit_code_parts: true with *code, *size and the relocations it
 * added (*nrel of them, copied), or false with the message in 'msg'. */
static bool emit(struct ir_prog *p, unsigned parts, uint8_t **code,
                 size_t *size, struct ir_reloc **rel, uint32_t *nrel,
                 char *msg)
{
	uint32_t r0 = p->relocs.n;
	memset(&err, 0, sizeof err);
	bool ok = ir_emit_code_parts(p, parts, code, size);
	strcpy(msg, err.msg);
	*nrel = p->relocs.n - r0;
	*rel = malloc((*nrel + 1) * sizeof **rel);
	if (*nrel)
		memcpy(*rel, p->relocs.a + r0, *nrel * sizeof **rel);
	p->relocs.n = r0;
	return ok;
}

/* One part and two give the same result on the program as it is. */
static void same_either_way(struct ir_prog *p, bool want_ok)
{
	uint8_t *c1 = NULL, *c2 = NULL;
	size_t s1 = 0, s2 = 0;
	struct ir_reloc *r1, *r2;
	uint32_t n1, n2;
	char m1[sizeof err.msg], m2[sizeof err.msg];
	bool ok1 = emit(p, 1, &c1, &s1, &r1, &n1, m1);
	bool ok2 = emit(p, 2, &c2, &s2, &r2, &n2, m2);
	ck_assert_int_eq(ok1, want_ok);
	ck_assert_int_eq(ok2, want_ok);
	if (want_ok) {
		ck_assert_uint_eq(s1, s2);
		ck_assert_msg(memcmp(c1, c2, s1) == 0, "code differs");
		ck_assert_uint_eq(n1, n2);
		for (uint32_t i = 0; i < n1; i++) {
			ck_assert_uint_eq(r1[i].offset, r2[i].offset);
			ck_assert_ptr_eq(r1[i].symbol, r2[i].symbol);
		}
		free(c1);
		free(c2);
	} else {
		ck_assert_str_eq(m1, m2);
	}
	free(r1);
	free(r2);
}

static const char *const plats[] = { "bdw", "skl", "bxt", "icllp", "tgllp" };

START_TEST(two_parts_same_code)
{
	if (setjmp(oom))
		ck_abort_msg("out of memory");
	char *text = loop_kernel(40, 60);
	for (size_t k = 0; k < sizeof plats / sizeof plats[0]; k++) {
		uint8_t *code;
		size_t size;
		struct ir_prog *p = finalized(text, plats[k], &code, &size);
		ck_assert_uint_gt(p->insts.n, 2000);
		uint8_t *c1 = NULL;
		size_t s1 = 0;
		struct ir_reloc *r;
		uint32_t nr;
		char m[sizeof err.msg];
		/* what the pass made is one part's code (the kernel is small) */
		ck_assert(emit(p, 1, &c1, &s1, &r, &nr, m));
		ck_assert_uint_eq(s1, size);
		ck_assert_msg(memcmp(c1, code, size) == 0, "%s", plats[k]);
		free(c1);
		free(r);
		free(code);
		same_either_way(p, true);
	}
	free(text);
}
END_TEST

/* A register without a location, then one past the register file (the
 * encoder's message names the instruction's offset), in the first part
 * and in the second (the worker stops; the calling thread does the
 * instruction again and says why): the same message either way. */
START_TEST(two_parts_same_error)
{
	if (setjmp(oom))
		ck_abort_msg("out of memory");
	char *text = loop_kernel(20, 60);
	uint8_t *code;
	size_t size;
	for (unsigned t = 0; t < 4; t++) {
		unsigned half = t % 2;
		bool past = t >= 2;
		struct ir_prog *p = finalized(text, "skl", &code, &size);
		free(code);
		uint32_t at = p->insts.n / 4 + half * (p->insts.n / 2);
		while (at < p->insts.n &&
		       p->insts.a[at].dst.kind != IR_O_REG)
			at++;
		ck_assert_uint_lt(at, p->insts.n);
		p->vregs.a[p->insts.a[at].dst.v].loc = past ? 300 * 32 : -1;
		same_either_way(p, false);
		ck_assert_msg(strstr(err.msg, past ? "offset" : "has no location"),
		              "%s", err.msg);
	}
	free(text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fin_emit");
	TCase *tc = tcase_create("parts");
	tcase_set_timeout(tc, 120);
	tcase_add_unchecked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, two_parts_same_code);
	tcase_add_test(tc, two_parts_same_error);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
