/* bytes.c - input cursor and output buffer (see bytes.h). */
#include "bytes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool vf_cur_fail_at(struct vf_cursor *c, size_t at, const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	vf_err_at(c->err, c->file, at, "%s", msg);
	return false;
}

bool vf_cur_fail(struct vf_cursor *c, const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	vf_err_at(c->err, c->file, c->pos, "%s", msg);
	return false;
}

static bool need(struct vf_cursor *c, size_t n, const char *what)
{
	if (c->pos <= c->len && c->len - c->pos >= n)
		return true;
	return vf_cur_fail(c, "unexpected end of file, expected %s (%zu byte%s)",
	                   what, n, n == 1 ? "" : "s");
}

bool vf_cur_uint(struct vf_cursor *c, unsigned n, uint64_t *v, const char *what)
{
	if (!need(c, n, what))
		return false;
	uint64_t x = 0;
	for (unsigned i = 0; i < n; i++)
		x |= (uint64_t)c->buf[c->pos + i] << (8 * i);
	c->pos += n;
	*v = x;
	return true;
}

bool vf_cur_u8(struct vf_cursor *c, uint8_t *v, const char *what)
{
	uint64_t x;
	if (!vf_cur_uint(c, 1, &x, what))
		return false;
	*v = (uint8_t)x;
	return true;
}

bool vf_cur_u16(struct vf_cursor *c, uint16_t *v, const char *what)
{
	uint64_t x;
	if (!vf_cur_uint(c, 2, &x, what))
		return false;
	*v = (uint16_t)x;
	return true;
}

bool vf_cur_u32(struct vf_cursor *c, uint32_t *v, const char *what)
{
	uint64_t x;
	if (!vf_cur_uint(c, 4, &x, what))
		return false;
	*v = (uint32_t)x;
	return true;
}

bool vf_cur_u64(struct vf_cursor *c, uint64_t *v, const char *what)
{
	return vf_cur_uint(c, 8, v, what);
}

bool vf_cur_decl(struct vf_cursor *c, uint32_t *v, const char *what)
{
	uint64_t x;
	unsigned n = c->version >= 0x0304 ? 4 : 2;
	if (!vf_cur_uint(c, n, &x, what))
		return false;
	*v = (uint32_t)x;
	return true;
}

bool vf_cur_bytes(struct vf_cursor *c, size_t n, const uint8_t **p,
                  const char *what)
{
	if (!need(c, n, what))
		return false;
	*p = c->buf + c->pos;
	c->pos += n;
	return true;
}

static bool grow(struct vf_buf *b, size_t extra)
{
	if (b->oom)
		return false;
	if (b->cap - b->len > extra)  /* keep room for a NUL */
		return true;
	size_t cap = b->cap ? b->cap : 256;
	while (cap - b->len <= extra) {
		if (cap > SIZE_MAX / 2) {
			b->oom = true;
			return false;
		}
		cap *= 2;
	}
	uint8_t *d = realloc(b->data, cap);
	if (!d) {
		b->oom = true;
		return false;
	}
	b->data = d;
	b->cap = cap;
	return true;
}

void vf_buf_free(struct vf_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

/* Room for n more bytes and the NUL; grow() only when it is short (the
 * writers call these for every field of every instruction). */
static bool room(struct vf_buf *b, size_t n)
{
	if (b->oom)
		return false;
	return b->cap - b->len > n || grow(b, n);
}

void vf_buf_bytes(struct vf_buf *b, const void *p, size_t n)
{
	if (!room(b, n))
		return;
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = 0;
}

void vf_buf_uint(struct vf_buf *b, unsigned n, uint64_t v)
{
	if (!room(b, n))
		return;
	uint8_t *d = b->data + b->len;
	for (unsigned i = 0; i < n; i++)
		d[i] = (uint8_t)(v >> (8 * i));
	b->len += n;
	d[n] = 0;
}

void vf_buf_u8(struct vf_buf *b, uint8_t v) { vf_buf_uint(b, 1, v); }
void vf_buf_u16(struct vf_buf *b, uint16_t v) { vf_buf_uint(b, 2, v); }
void vf_buf_u32(struct vf_buf *b, uint32_t v) { vf_buf_uint(b, 4, v); }
void vf_buf_u64(struct vf_buf *b, uint64_t v) { vf_buf_uint(b, 8, v); }

void vf_buf_decl(struct vf_buf *b, unsigned version, uint32_t v)
{
	vf_buf_uint(b, version >= 0x0304 ? 4 : 2, v);
}

void vf_buf_put_u32(struct vf_buf *b, size_t at, uint32_t v)
{
	if (b->oom || at + 4 > b->len)
		return;
	for (unsigned i = 0; i < 4; i++)
		b->data[at + i] = (uint8_t)(v >> (8 * i));
}

void vf_buf_puts(struct vf_buf *b, const char *s)
{
	vf_buf_bytes(b, s, strlen(s));
}

void vf_buf_printf(struct vf_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vf_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void vf_buf_vprintf(struct vf_buf *b, const char *fmt, va_list ap)
{
	/* most pieces are short: format once into the stack, and only a long
	 * one a second time straight into the grown buffer */
	char small[256];
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	if (n < 0) {
		b->oom = true;
	} else if ((size_t)n < sizeof small) {
		vf_buf_bytes(b, small, (size_t)n);
	} else if (grow(b, (size_t)n)) {
		vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, again);
		b->len += (size_t)n;
	}
	va_end(again);
}
