/* test_parse_split.c - a text's instructions parsed on two threads
 * (visa/visaasm_split.c) give what one thread gives: the same module
 * (its binary form and every instruction's source line) or the same
 * error, for generated kernels with errors, labels, declarations,
 * scopes, comments and string-making instructions placed early, late and
 * on every line around the point where the text is split.  The split is
 * forced on these small texts with va_split_set_min(1); 0 is the
 * serial parse.  Every test runs in the three timing modes of
 * va_split_test_mode: in mode 1 the parser takes the helper's first 5
 * instructions and parses the rest itself. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visa_model.h"
#include "visaasm_split.h"
#include "visafin.h"
#include "unit.h"

/* visa/visaasm_read.h: instructions taken from helpers, all parses;
 * the timing of helpers pinned down (mode 1: the parser takes a
 * helper's first 5 instructions, as when the machine is busy; 2: all it
 * can do, as on an idle one; 0: as it happens). */
unsigned long va_split_merged(void);
void va_split_test_mode(int mode);

#define NVARS 64
#define NINST 400

/* The declarations of one kernel: V0040.. (numbered names), P1..P4, and
 * two hashed names. */
static void header(struct unit_text *t, const char *name)
{
	unit_add(t, ".kernel \"%s\"\n", name);
	for (unsigned v = 0; v < NVARS; v++)
		unit_add(t, ".decl V%04u v_type=G type=f num_elts=16 align=hword\n",
		    40 + v);
	for (unsigned k = 1; k <= 4; k++)
		unit_add(t, ".decl P%u v_type=P num_elts=16\n", k);
	unit_add(t, ".decl acc_x v_type=G type=d num_elts=16 align=hword\n");
	unit_add(t, ".decl acc_y v_type=G type=d num_elts=16 align=hword\n");
	unit_add(t, ".kernel_attr SimdSize=16\n.function \"_main_0\"\n\n_main_0:\n");
}

/* Instruction i of a kernel: ALU forms with predicates, immediates and
 * both kinds of names, the "/// $N" comment IGC writes. */
static void inst(struct unit_text *t, unsigned i)
{
	unsigned d = 40 + i % NVARS, a = 40 + (i * 7) % NVARS,
	         b = 40 + (i * 13 + 5) % NVARS, pr = 1 + i % 4;
	switch (i % 8) {
	case 0:
		unit_add(t, "    add (M1, 16) V%04u(0,0)<1> V%04u(0,0)<1;1,0> "
		    "0x3f800000:f    /// $%u\n", d, a, i);
		break;
	case 1:
		unit_add(t, "    mad (M1, 16) V%04u(0,0)<1> V%04u(0,0)<1;1,0> "
		    "V%04u(0,0)<1;1,0> V%04u(0,0)<1;1,0>\n", d, a, b, a);
		break;
	case 2:
		unit_add(t, "    cmp.lt (M1, 16) P%u V%04u(0,0)<1;1,0> "
		    "V%04u(0,0)<1;1,0>\n", pr, a, b);
		break;
	case 3:
		unit_add(t, "    (P%u) sel (M1, 16) V%04u(0,0)<1> V%04u(0,0)<1;1,0> "
		    "V%04u(0,0)<1;1,0>\n", pr, d, a, b);
		break;
	case 4:
		unit_add(t, "    mov (M1, 16) acc_x(0,0)<1> 0x%x:d\n", i);
		break;
	case 5:
		unit_add(t, "    add (M1, 16) acc_y(0,0)<1> acc_x(0,0)<1;1,0> "
		    "acc_y(0,0)<1;1,0>\n");
		break;
	case 6:
		unit_add(t, "    LOC %u\n", i);
		break;
	default:
		unit_add(t, "\tmin (M1, 16) V%04u(0,0)<1> V%04u(0,0)<1;1,0> "
		    "V%04u(0,0)<1;1,0>\n", d, a, b);
	}
}

/* Lines put in place of or before instruction 'at' (kinds below). */
enum extra {
	X_NONE, X_SYNTAX, X_UNKNOWN_VAR, X_LEXICAL, X_MNEMONIC, X_LABEL,
	X_BRANCH, X_DECL, X_SCOPE, X_FILE, X_COMMENT, X_CONTINUED, X_BLANKS,
	X_KERNEL, X_COUNT
};

static void extra(struct unit_text *t, enum extra x, unsigned i)
{
	switch (x) {
	case X_SYNTAX:
		unit_add(t, "    add (M1, 16) V0041(0,0)<1> , V0040(0,0)<1;1,0>\n");
		break;
	case X_UNKNOWN_VAR:
		unit_add(t, "    add (M1, 16) V0041(0,0)<1> V9999(0,0)<1;1,0> "
		    "V0040(0,0)<1;1,0>\n");
		break;
	case X_LEXICAL:
		unit_add(t, "    add (M1, 16) V0041(0,0)<1> V0040(0,0)<1;1,0> `\n");
		break;
	case X_MNEMONIC:
		unit_add(t, "    frobnicate (M1, 16) V0041(0,0)<1>\n");
		break;
	case X_LABEL:
		unit_add(t, "L%u:\n", i);
		break;
	case X_BRANCH:   /* a label named before it is placed */
		unit_add(t, "    (P1) goto (M1, 16) F%u\nF%u:\n", i, i);
		break;
	case X_DECL:     /* a new name, used after its declaration */
		unit_add(t, ".decl W%u v_type=G type=f num_elts=16 align=hword\n"
		    "    mov (M1, 16) W%u(0,0)<1> V0040(0,0)<1;1,0>\n", i, i);
		break;
	case X_SCOPE:    /* V0041 hidden by an inner declaration */
		unit_add(t, "{\n.decl V0041 v_type=G type=d num_elts=16 align=hword\n"
		    "    mov (M1, 16) V0041(0,0)<1> 0x1:d\n"
		    "    add (M1, 16) V0041(0,0)<1> V0041(0,0)<1;1,0> 0x2:d\n}\n");
		break;
	case X_FILE:     /* a string into the pool */
		unit_add(t, "    FILE \"f%u.cl\"\n", i);
		break;
	case X_COMMENT:  /* over several lines */
		unit_add(t, "/* a comment\n    add (M1, 16) V0041(0,0)<1>\n"
		    "over lines */    mov (M1, 16) acc_x(0,0)<1> 0x7:d\n");
		break;
	case X_CONTINUED:
		unit_add(t, "    add (M1, 16) V0041(0,0)<1> \\\n"
		    "        V0040(0,0)<1;1,0> V0042(0,0)<1;1,0>\n");
		break;
	case X_BLANKS:
		unit_add(t, "\n\n// nothing\n   \n");
		break;
	case X_KERNEL:
		unit_add(t, "    ret (M1, 1)\n");
		header(t, "second");
		break;
	default:
		break;
	}
}

/* A kernel of n instructions with extras xs[k] before instruction
 * ats[k]; 'tail' ends the text without a last newline. */
static struct unit_text kernel(unsigned n, const enum extra *xs,
                          const unsigned *ats, unsigned nx, bool tail)
{
	struct unit_text t = { 0 };
	unit_add(&t, ".version 4.1\n");
	header(&t, "k");
	for (unsigned i = 0; i < n; i++) {
		for (unsigned k = 0; k < nx; k++)
			if (ats[k] == i)
				extra(&t, xs[k], i);
		inst(&t, i);
	}
	unit_add(&t, tail ? "    ret (M1, 1)" : "    ret (M1, 1)\n");
	return t;
}

struct outcome {
	enum vf_status st;
	char msg[sizeof ((struct vf_error *)0)->msg];
	uint8_t *bin;
	size_t size;
	uint32_t *lines;
	size_t nlines;
};

/* What the binary form does not show of a parsed routine: each
 * instruction's source line and layout offset, the routine's size and
 * entry (the split parse moves lines and offsets of what it takes). */
static void add_lines(struct outcome *o, const struct vf_routine *r)
{
	o->lines = realloc(o->lines, (o->nlines + 2 * r->inst_count + 2) *
	                             sizeof *o->lines);
	ck_assert_ptr_nonnull(o->lines);
	for (uint32_t i = 0; i < r->inst_count; i++) {
		o->lines[o->nlines++] = r->insts[i].line;
		o->lines[o->nlines++] = r->insts[i].offset;
	}
	o->lines[o->nlines++] = r->size;
	o->lines[o->nlines++] = r->entry;
}

static struct outcome parse(const struct vf_text *texts, size_t n,
                            size_t split)
{
	struct outcome o = { 0 };
	struct vf_error e = { 0 };
	struct vf_module *m = NULL;
	va_split_set_min(split);
	o.st = vf_read_visaasm(texts, n, &m, &e);
	memcpy(o.msg, e.msg, sizeof o.msg);
	if (o.st != VF_OK)
		return o;
	ck_assert_int_eq(vf_write_isa(m, &o.bin, &o.size, &e), VF_OK);
	for (unsigned k = 0; k < m->kernel_count; k++)
		add_lines(&o, &m->kernels[k].body);
	for (unsigned k = 0; k < m->function_count; k++)
		add_lines(&o, &m->functions[k].body);
	vf_module_free(m);
	return o;
}

static void outcome_free(struct outcome *o)
{
	free(o->bin);
	free(o->lines);
}

/* Serial and split parses of the texts agree; returns the instructions
 * the split one took from its helpers. */
static unsigned long same_texts(const struct vf_text *texts, size_t n)
{
	struct outcome a = parse(texts, n, 0);
	unsigned long before = va_split_merged();
	struct outcome b = parse(texts, n, 1);
	unsigned long took = va_split_merged() - before;
	ck_assert_int_eq(a.st, b.st);
	ck_assert_str_eq(a.msg, b.msg);
	ck_assert_uint_eq(a.size, b.size);
	ck_assert(a.size == 0 || memcmp(a.bin, b.bin, a.size) == 0);
	ck_assert_uint_eq(a.nlines, b.nlines);
	ck_assert(a.nlines == 0 ||
	          memcmp(a.lines, b.lines, a.nlines * sizeof *a.lines) == 0);
	outcome_free(&a);
	outcome_free(&b);
	return took;
}

static unsigned long same(const struct unit_text *t)
{
	struct vf_text v = { "k.visaasm", t->s, t->n };
	return same_texts(&v, 1);
}

/* The instruction whose line holds the split point, as visaasm_split.c
 * picks it: the first line start after 13/25 of the text from the
 * first instruction on. */
static unsigned mid_inst(const struct unit_text *t)
{
	const char *first = strstr(t->s, "_main_0:\n") + 9;
	size_t start = (size_t)(first - t->s);
	size_t target = start + 4 + (t->n - start - 4) / 25 * 13;
	unsigned line = 0;
	for (size_t i = start; i < target; i++)
		line += t->s[i] == '\n';
	return line;   /* instruction lines from 0, one per line */
}

/* The timing mode of a loop test's run i. */
#define MODES 3
static int mode_of(int i)
{
	va_split_test_mode(i % MODES);
	return i % MODES;
}

/* Instructions the parser takes from the helper of a text split at
 * instruction 'mid' of n: all after it (mode 2), 5 (mode 1); in mode 0
 * any number up to all. */
static void check_took(int mode, unsigned long took, unsigned all)
{
	if (mode == 2)
		ck_assert_uint_eq(took, all);
	else if (mode == 1)
		ck_assert_uint_eq(took, 5);
	else
		ck_assert_uint_le(took, all);
}

START_TEST(clean_kernel)
{
	int mode = mode_of(_i);
	struct unit_text t = kernel(NINST, NULL, NULL, 0, false);
	/* the helper's part: from the split point on, with "ret", except
	 * when "ret" ends the text without a newline (the parser's then) */
	unsigned mid = mid_inst(&t) + 1;
	check_took(mode, same(&t), NINST - mid + 1);
	free(t.s);
	t = kernel(NINST, NULL, NULL, 0, true);
	check_took(mode, same(&t), NINST - mid);
	free(t.s);
}
END_TEST

/* Extra x before instruction 'at', where 'at' runs over the start, the
 * lines around the split point and the end. */
START_TEST(extras_everywhere)
{
	mode_of(_i);
	enum extra x = (enum extra)(1 + _i / MODES);
	struct unit_text plain = kernel(NINST, NULL, NULL, 0, false);
	unsigned mid = mid_inst(&plain);
	free(plain.s);
	unsigned ats[] = { 0, 1, NINST / 4, mid - 3, mid - 2, mid - 1, mid,
	                   mid + 1, mid + 2, mid + 3, NINST * 3 / 4, NINST - 1 };
	for (unsigned k = 0; k < sizeof ats / sizeof ats[0]; k++) {
		struct unit_text t = kernel(NINST, &x, &ats[k], 1, false);
		same(&t);
		free(t.s);
	}
}
END_TEST

/* Errors on both sides: the first one in the text is reported. */
START_TEST(first_error_wins)
{
	mode_of(_i);
	struct unit_text plain = kernel(NINST, NULL, NULL, 0, false);
	unsigned mid = mid_inst(&plain);
	free(plain.s);
	enum extra xs[] = { X_UNKNOWN_VAR, X_SYNTAX };
	unsigned pairs[][2] = { { 10, NINST - 10 }, { mid - 1, mid + 1 },
	                        { mid, mid + 1 }, { mid + 5, NINST - 2 } };
	for (unsigned k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
		struct unit_text t = kernel(NINST, xs, pairs[k], 2, false);
		same(&t);
		free(t.s);
	}
}
END_TEST

/* A late error: the helper's instructions before it were taken, then
 * the parser reports the error as a serial parse does. */
START_TEST(late_error_after_merge)
{
	int mode = mode_of(_i);
	enum extra x = X_SYNTAX;
	unsigned at = NINST - 20;
	struct unit_text t = kernel(NINST, &x, &at, 1, false);
	check_took(mode, same(&t), at - (mid_inst(&t) + 1));
	free(t.s);
}
END_TEST

/* A statement in the first part that changes what the helper reads
 * stops it (nothing taken); the result is still the serial one. */
START_TEST(first_part_changes_stop_helper)
{
	mode_of(_i);
	enum extra xs[] = { X_LABEL, X_DECL, X_SCOPE, X_FILE, X_BRANCH };
	for (unsigned k = 0; k < sizeof xs / sizeof xs[0]; k++) {
		unsigned at = 20;
		struct unit_text t = kernel(NINST, &xs[k], &at, 1, false);
		ck_assert_uint_eq(same(&t), 0);
		free(t.s);
	}
}
END_TEST

/* Two texts (a kernel and a function), each split. */
START_TEST(two_texts)
{
	int mode = mode_of(_i);
	struct unit_text k = kernel(NINST, NULL, NULL, 0, false);
	struct unit_text f = { 0 };
	unit_add(&f, ".version 4.1\n.global_function \"fn\"\n");
	for (unsigned v = 0; v < NVARS; v++)
		unit_add(&f, ".decl V%04u v_type=G type=f num_elts=16 align=hword\n",
		    40 + v);
	for (unsigned k2 = 1; k2 <= 4; k2++)
		unit_add(&f, ".decl P%u v_type=P num_elts=16\n", k2);
	unit_add(&f, ".decl acc_x v_type=G type=d num_elts=16 align=hword\n"
	    ".decl acc_y v_type=G type=d num_elts=16 align=hword\n"
	    "_main_0:\n");
	for (unsigned i = 0; i < NINST; i++)
		inst(&f, i);
	unit_add(&f, "    fret (M1, 1)\n");
	struct vf_text v[2] = { { "k.visaasm", k.s, k.n },
	                        { "k.f0.visaasm", f.s, f.n } };
	/* more than one text can give */
	/* both texts split (the function's split point is near the
	 * kernel's) */
	unsigned long took = same_texts(v, 2);
	if (mode == 1)
		ck_assert_uint_eq(took, 10);
	else if (mode == 2)
		ck_assert_uint_gt(took, NINST * 3 / 4);
	free(k.s);
	free(f.s);
}
END_TEST

/* With the default threshold, a small text is parsed on one thread. */
START_TEST(small_text_serial)
{
	struct unit_text t = kernel(NINST, NULL, NULL, 0, false);
	struct vf_text v = { "k.visaasm", t.s, t.n };
	struct vf_module *m = NULL;
	va_split_set_min((size_t)1 << 20);
	unsigned long before = va_split_merged();
	ck_assert_int_eq(vf_read_visaasm(&v, 1, &m, NULL), VF_OK);
	ck_assert_uint_eq(va_split_merged(), before);
	vf_module_free(m);
	free(t.s);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("parse_split");
	TCase *t = tcase_create("parse_split");
	tcase_set_timeout(t, 60);
	tcase_add_loop_test(t, clean_kernel, 0, MODES);
	tcase_add_loop_test(t, extras_everywhere, 0, MODES * (X_COUNT - 1));
	tcase_add_loop_test(t, first_error_wins, 0, MODES);
	tcase_add_loop_test(t, late_error_after_merge, 0, MODES);
	tcase_add_loop_test(t, first_part_changes_stop_helper, 0, MODES);
	tcase_add_loop_test(t, two_texts, 0, MODES);
	tcase_add_test(t, small_text_serial);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return unit_run(suite());
}
