/*
 * bytes.h - bounds-checked little-endian input cursor and growable output
 * buffer.
 *
 * The cursor never reads past its end: every getter returns false and
 * records an input error naming the file, the absolute byte offset and
 * 'what' was expected.  The output buffer records allocation failure in
 * 'oom' instead of failing each call, so writers check once at the end.
 */
#ifndef VISAFIN_BYTES_H
#define VISAFIN_BYTES_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"

struct vf_cursor {
	const uint8_t *buf;  /* whole file */
	size_t len;          /* bytes readable: buf[0..len) */
	size_t pos;          /* next byte, an absolute file offset */
	unsigned version;    /* (major << 8) | minor, for decl-width fields */
	const char *file;
	struct vf_error *err;
};

bool vf_cur_u8(struct vf_cursor *c, uint8_t *v, const char *what);
bool vf_cur_u16(struct vf_cursor *c, uint16_t *v, const char *what);
bool vf_cur_u32(struct vf_cursor *c, uint32_t *v, const char *what);
bool vf_cur_u64(struct vf_cursor *c, uint64_t *v, const char *what);
/* An unsigned integer of n = 1, 2, 4 or 8 bytes. */
bool vf_cur_uint(struct vf_cursor *c, unsigned n, uint64_t *v, const char *what);
/* A name/variable index: 4 bytes from vISA 3.4, 2 bytes before. */
bool vf_cur_decl(struct vf_cursor *c, uint32_t *v, const char *what);
/* Pointer to the next n bytes (not copied). */
bool vf_cur_bytes(struct vf_cursor *c, size_t n, const uint8_t **p,
                  const char *what);
/* Record an input error at the cursor's position (or at 'at'). */
bool vf_cur_fail(struct vf_cursor *c, const char *fmt, ...) VF_PRINTF(2, 3);
bool vf_cur_fail_at(struct vf_cursor *c, size_t at, const char *fmt, ...)
	VF_PRINTF(3, 4);

struct vf_buf {
	uint8_t *data;
	size_t len, cap;
	bool oom;
};

void vf_buf_free(struct vf_buf *b);
void vf_buf_u8(struct vf_buf *b, uint8_t v);
void vf_buf_u16(struct vf_buf *b, uint16_t v);
void vf_buf_u32(struct vf_buf *b, uint32_t v);
void vf_buf_u64(struct vf_buf *b, uint64_t v);
void vf_buf_uint(struct vf_buf *b, unsigned n, uint64_t v);
void vf_buf_decl(struct vf_buf *b, unsigned version, uint32_t v);
void vf_buf_bytes(struct vf_buf *b, const void *p, size_t n);
/* Overwrite 4 bytes at 'at' (fix-ups of offsets written earlier). */
void vf_buf_put_u32(struct vf_buf *b, size_t at, uint32_t v);
/* Text output; the buffer stays NUL-terminated (the NUL not in len). */
void vf_buf_puts(struct vf_buf *b, const char *s);
void vf_buf_printf(struct vf_buf *b, const char *fmt, ...) VF_PRINTF(2, 3);
void vf_buf_vprintf(struct vf_buf *b, const char *fmt, va_list ap)
	VF_PRINTF(2, 0);

#endif
