/* unit.h - what the Check suites share: the runner every main() calls,
 * and finalizing a small vISA text for tests that check the Gen code
 * the finalizer makes (unit.c). */
#ifndef VISAFIN_UNIT_H
#define VISAFIN_UNIT_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "visafin.h"

/* Run every test of 's' and free it: EXIT_SUCCESS when none failed,
 * else EXIT_FAILURE (what main() returns). */
int unit_run(Suite *s);

/* Parse the .visaasm 'text' (a failed test if it does not parse) and
 * finalize its kernel 0 for vISA platform code 'platform' with the IR
 * verifier on.  *r is cleared first; the caller frees it with
 * vf_kernel_result_clear when VF_OK is returned. */
enum vf_status unit_finalize(const char *text, int platform,
                             struct vf_kernel_result *r, struct vf_error *e);

/* The IGA-syntax listing of a finalized kernel (malloc'ed; a failed test
 * if its code does not disassemble). */
char *unit_listing(const struct vf_kernel_result *r);

/* unit_finalize that must succeed (else a failed test with the error):
 * the listing (malloc'ed), the result freed. */
char *unit_fin_listing(const char *text, int platform);

/* How often 'needle' occurs in 'text' (overlapping matches count). */
unsigned unit_count(const char *text, const char *needle);

/* The bytes a string of hex digit pairs spells, into 'out' (room for
 * strlen(hex) / 2); returns their count. */
size_t unit_unhex(const char *hex, uint8_t *out);

/* The first line of 'in' up to a "//" comment, blanks collapsed to one
 * space and dropped at both ends, into 'out' (NUL-terminated): assembly
 * text compared without its column layout. */
void unit_squeeze(const char *in, char *out, size_t cap);

/* A vISA text built line by line (malloc'ed s, NUL-terminated; free(s)
 * when done). */
struct unit_text {
	char *s;
	size_t n, cap;
};

/* Appends one printf-formatted piece to t. */
void unit_add(struct unit_text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
