/*
 * err.h - building error reports (struct vf_error in visafin.h).
 *
 * Input errors always say where: "FILE: offset N (0xN): what" for binary
 * input, "FILE:LINE:COL: what" for text.  All setters return the status
 * they store, so callers can 'return vf_err_at(...)'.
 */
#ifndef VISAFIN_ERR_H
#define VISAFIN_ERR_H

#include <stddef.h>

#include "visafin.h"

#if defined(__GNUC__)
#define VF_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define VF_PRINTF(f, a)
#endif

enum vf_status vf_err(struct vf_error *e, enum vf_status st,
                      const char *fmt, ...) VF_PRINTF(3, 4);
/* Malformed binary input at byte 'offset' of 'file'. */
enum vf_status vf_err_at(struct vf_error *e, const char *file, size_t offset,
                         const char *fmt, ...) VF_PRINTF(4, 5);
/* Malformed text input at line:col of 'file'. */
enum vf_status vf_err_line(struct vf_error *e, const char *file,
                           unsigned line, unsigned col,
                           const char *fmt, ...) VF_PRINTF(5, 6);
enum vf_status vf_err_oom(struct vf_error *e);

#endif
