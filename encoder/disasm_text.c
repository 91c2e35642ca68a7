/*
 * disasm_text.c - the disassembler's text buffer, column padding and
 * float formatting.
 *
 * Columns: after a column's text, pad to its width; an overlong column
 * leaves a debt that later columns' padding pays back (so the line
 * realigns), as IGA's BasicFormatter startColumn()/finishColumn() do.
 * Floats: the C++ default stream form ("%g", 6 digits) if it reads back
 * to the same value (with ".0" added when it has neither '.' nor an
 * exponent), else "%e", else the raw bits in hex; NaNs print as
 * [-]qnan(0x..) / snan(0x..) with the payload below the quiet bit.
 *
 * Sources: IGC visa/iga/IGALibrary/Frontend/Formatter.hpp,
 * Frontend/Floats.cpp (FormatFloat, TryFormatFloatImplNonHex).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disasm_priv.h"

bool text_reserve(struct gen_text *t, size_t more)
{
	if (t->oom)
		return false;
	if (t->len + more + 1 <= t->cap)
		return true;
	size_t cap = t->cap ? t->cap : 256;
	while (cap < t->len + more + 1)
		cap *= 2;
	char *s = realloc(t->s, cap);
	if (!s) {
		t->oom = true;
		return false;
	}
	t->s = s;
	t->cap = cap;
	return true;
}

/* One vsnprintf into the room there is (the buffer grows ahead), a
 * second only when the text did not fit. */
static void text_vprintf(struct gen_text *t, const char *fmt, va_list ap)
{
	if (!text_reserve(t, 64))
		return;
	va_list cp;
	va_copy(cp, ap);
	size_t room = t->cap - t->len;
	int n = vsnprintf(t->s + t->len, room, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	if ((size_t)n >= room) {
		if (!text_reserve(t, (size_t)n))
			return;
		vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
	}
	t->len += (size_t)n;
}

void text_printf(struct gen_text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	text_vprintf(t, fmt, ap);
	va_end(ap);
}

void gen_text_free(struct gen_text *t)
{
	free(t->s);
	t->s = NULL;
	t->len = t->cap = 0;
}

void tx_printf(struct dfmt *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	text_vprintf(f->t, fmt, ap);
	va_end(ap);
}

/* "%u" without printf (operands are most of a listing): the digits are
 * counted, then written in place from the last one. */
void text_uint(struct gen_text *t, uint64_t v)
{
	size_t n = 1;
	for (uint64_t x = v; x >= 10; x /= 10)
		n++;
	if (!tx_room(t, n))
		return;
	char *d = t->s + t->len + n;
	t->len += n;
	do {
		*--d = (char)('0' + v % 10);
		v /= 10;
	} while (v);
}

void tx_int(struct dfmt *f, int64_t v)
{
	if (v < 0) {
		tx_putc(f, '-');
		text_uint(f->t, 0 - (uint64_t)v);
	} else {
		text_uint(f->t, (uint64_t)v);
	}
}

void tx_hex(struct dfmt *f, uint64_t v, unsigned digits)
{
	static const char hex[16] = "0123456789ABCDEF";
	char buf[24];
	size_t i = sizeof buf;
	do {
		buf[--i] = hex[v & 0xF];
		v >>= 4;
	} while (v || sizeof buf - i < digits);
	tx_mem(f, buf + i, sizeof buf - i);
}

/* "%g" then "%e"; false if neither reads back exactly. */
static bool try_decimal(char *buf, size_t n, double x, bool is_float)
{
	static const char *const fmts[2] = { "%g", "%e" };
	for (int i = 0; i < 2; i++) {
		snprintf(buf, n, fmts[i], x);
		double y = strtod(buf, NULL);
		bool same = is_float ? (float)y == (float)x : y == x;
		if (!same)
			continue;
		if (i == 0 && !strpbrk(buf, ".eE"))
			strncat(buf, ".0", n - strlen(buf) - 1);
		return true;
	}
	return false;
}

static void fmt_nan(struct dfmt *f, uint64_t bits, unsigned mant, unsigned expo)
{
	uint64_t qbit = 1ull << (mant - 1);
	if (bits & (1ull << (mant + expo)))
		tx_putc(f, '-');
	tx_printf(f, "%s(0x%llX)", bits & qbit ? "qnan" : "snan",
	          (unsigned long long)(bits & (qbit - 1)));
}

static void fmt_real(struct dfmt *f, double x, bool is_float, uint64_t bits)
{
	char buf[64];
	if (isinf(x)) {
		tx_puts(f, x < 0 ? "-inf" : "inf");
	} else if (try_decimal(buf, sizeof(buf), x, is_float)) {
		tx_puts(f, buf);
	} else {
		tx_printf(f, "0x%llX", (unsigned long long)bits);
	}
}

void fmt_f32(struct dfmt *f, uint32_t bits)
{
	float x;
	memcpy(&x, &bits, sizeof(x));
	if (isnan(x))
		fmt_nan(f, bits, 23, 8);
	else
		fmt_real(f, x, true, bits);
}

void fmt_f64(struct dfmt *f, uint64_t bits)
{
	double x;
	memcpy(&x, &bits, sizeof(x));
	if (isnan(x))
		fmt_nan(f, bits, 52, 11);
	else
		fmt_real(f, x, false, bits);
}

static float half_to_float(uint16_t h)
{
	unsigned sign = h >> 15, e = (h >> 10) & 0x1F, m = h & 0x3FF;
	float v;
	if (e == 0)
		v = ldexpf((float)m, -24);
	else if (e == 31)
		v = m ? NAN : INFINITY;
	else
		v = ldexpf((float)(m | 0x400), (int)e - 25);
	return sign ? -v : v;
}

void fmt_f16(struct dfmt *f, uint16_t bits)
{
	if (((bits >> 10) & 0x1F) == 0x1F && (bits & 0x3FF))
		fmt_nan(f, bits, 10, 5);
	else
		fmt_real(f, half_to_float(bits), true, bits);
}
