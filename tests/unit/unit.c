/* unit.c - see unit.h. */
#include "config.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

int unit_run(Suite *s)
{
	SRunner *r = srunner_create(s);
	srunner_run_all(r, CK_NORMAL);
	int failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

enum vf_status unit_finalize(const char *text, int platform,
                             struct vf_kernel_result *r, struct vf_error *e)
{
	struct vf_text t = { "t.visaasm", text, strlen(text) };
	struct vf_module *m = NULL;
	memset(r, 0, sizeof *r);
	ck_assert_msg(vf_read_visaasm(&t, 1, &m, e) == VF_OK, "parse: %s",
	              e->msg);
	struct vf_finalize_options o = { .platform = platform, .verify = 1 };
	enum vf_status st = vf_finalize_kernel(m, 0, &o, r, e);
	vf_module_free(m);
	return st;
}

char *unit_listing(const struct vf_kernel_result *r)
{
	char *a = NULL;
	struct vf_error e = { 0 };
	ck_assert_msg(vf_disasm(r->platform, r->code, r->code_size, &a, &e) ==
	              VF_OK, "disassembly: %s", e.msg);
	return a;
}

char *unit_fin_listing(const char *text, int platform)
{
	struct vf_kernel_result r;
	struct vf_error e = { 0 };
	ck_assert_msg(unit_finalize(text, platform, &r, &e) == VF_OK, "%s",
	              e.msg);
	char *a = unit_listing(&r);
	vf_kernel_result_clear(&r);
	return a;
}

unsigned unit_count(const char *text, const char *needle)
{
	unsigned n = 0;
	for (const char *s = text; (s = strstr(s, needle)) != NULL; s++)
		n++;
	return n;
}

size_t unit_unhex(const char *hex, uint8_t *out)
{
	size_t n = strlen(hex) / 2;
	for (size_t i = 0; i < n; i++) {
		unsigned v;
		ck_assert_int_eq(sscanf(hex + 2 * i, "%2x", &v), 1);
		out[i] = (uint8_t)v;
	}
	return n;
}

void unit_squeeze(const char *in, char *out, size_t cap)
{
	size_t n = 0;
	bool blank = false;
	for (const char *p = in; *p && *p != '\n' && n + 1 < cap; p++) {
		if (p[0] == '/' && p[1] == '/')
			break;
		if (*p == ' ' || *p == '\t') {
			blank = n > 0;
			continue;
		}
		if (blank && n + 2 < cap)
			out[n++] = ' ';
		blank = false;
		out[n++] = *p;
	}
	out[n] = 0;
}

void unit_add(struct unit_text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	ck_assert_int_ge(k, 0);
	if (t->n + (size_t)k + 1 > t->cap) {
		t->cap = (t->n + (size_t)k + 1) * 2;
		t->s = realloc(t->s, t->cap);
		ck_assert_ptr_nonnull(t->s);
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->n, t->cap - t->n, fmt, ap);
	va_end(ap);
	t->n += (size_t)k;
}
