/*
 * region64.h - the CHV/BXT 64-bit region rules on a decoded instruction
 * (region64.c; caps.def region_64bit_restricted).
 */
#ifndef VISAFIN_REGION64_H
#define VISAFIN_REGION64_H

#include <stddef.h>

#include "gen_inst.h"
#include "../platforms/platform.h"

/* NULL when 'in' obeys the rules on platform p (always where p has no
 * such rules), else what it breaks (a constant or 'buf'). */
const char *gen_check_region64(const struct plat_info *p,
                               const struct gen_inst *in, char *buf,
                               size_t size);

#endif
