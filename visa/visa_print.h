/*
 * visa_print.h - print a vf_module as vISA assembly text in the dialect of
 * Intel's IGC (the text IGC dumps as *.visaasm).
 *
 * A module prints as each kernel's text followed by each function's text,
 * in header order; every routine is printed exactly as IGC prints it
 * (shared/spec/visa/8_appendix_visa_assembly_syntax.md gives the grammar,
 * docs/visa-text-printer.md lists the rules the spec does not state).
 * The model may come from a hostile file: an operand or instruction that
 * cannot be printed (unknown id, out-of-range enum) is reported through
 * 'err' naming the routine and the instruction ($N), never a crash.
 */
#ifndef VISAFIN_VISA_PRINT_H
#define VISAFIN_VISA_PRINT_H

#include <stdbool.h>

#include "bytes.h"
#include "visa_model.h"
#include "visafin.h"

/* Append the text of every kernel, then every function, to 'out'. */
enum vf_status visa_print_module(const struct vf_module *m,
                                 struct vf_buf *out, struct vf_error *err);

/* Append the text of one routine ('r' belongs to 'm'); 'is_kernel' selects
 * ".kernel" (with .funcdecl lines and .input offsets) or
 * ".global_function". */
enum vf_status visa_print_routine(const struct vf_module *m,
                                  const struct vf_routine *r, bool is_kernel,
                                  struct vf_buf *out, struct vf_error *err);

#endif
