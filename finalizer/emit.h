/*
 * emit.h - the emit pass (emit.c): allocated IR to the kernel's Gen code.
 */
#ifndef VISAFIN_EMIT_H
#define VISAFIN_EMIT_H

#include <stddef.h>
#include <stdint.h>

#include "../ir/ir.h"

/* The code of the allocated program 'p' into *out (malloc'ed, *size
 * bytes); relocations are appended to p->relocs.  False with p->err set
 * on an error. */
bool ir_emit_code(struct ir_prog *p, uint8_t **out, size_t *size);

/* ir_emit_code with the instruction list cut into 'parts' (1 or 2)
 * encoded at once where the platform has no software scoreboard:
 * ir_emit_code's choice by the kernel's size, named for the test that
 * compares the parts' output with one part's. */
bool ir_emit_code_parts(struct ir_prog *p, unsigned parts, uint8_t **out,
                        size_t *size);

#endif
