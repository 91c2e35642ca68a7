/* err.c - formatting of error reports (see err.h). */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>

static void vset(struct vf_error *e, enum vf_status st, int used,
                 const char *fmt, va_list ap)
{
	if (!e)
		return;
	e->status = st;
	if (used < 0 || (size_t)used >= sizeof e->msg)
		used = 0;
	vsnprintf(e->msg + used, sizeof e->msg - (size_t)used, fmt, ap);
}

enum vf_status vf_err(struct vf_error *e, enum vf_status st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vset(e, st, 0, fmt, ap);
	va_end(ap);
	return st;
}

enum vf_status vf_err_at(struct vf_error *e, const char *file, size_t offset,
                         const char *fmt, ...)
{
	int n = 0;
	if (e)
		n = snprintf(e->msg, sizeof e->msg, "%s: offset %zu (0x%zx): ",
		             file ? file : "<input>", offset, offset);
	va_list ap;
	va_start(ap, fmt);
	vset(e, VF_ERR_INPUT, n, fmt, ap);
	va_end(ap);
	return VF_ERR_INPUT;
}

enum vf_status vf_err_line(struct vf_error *e, const char *file, unsigned line,
                           unsigned col, const char *fmt, ...)
{
	int n = 0;
	if (e)
		n = snprintf(e->msg, sizeof e->msg, "%s:%u:%u: ",
		             file ? file : "<input>", line, col);
	va_list ap;
	va_start(ap, fmt);
	vset(e, VF_ERR_INPUT, n, fmt, ap);
	va_end(ap);
	return VF_ERR_INPUT;
}

enum vf_status vf_err_oom(struct vf_error *e)
{
	return vf_err(e, VF_ERR_MEMORY, "out of memory");
}
