/*
 * visa_avail.c - which vISA instructions each platform has (the table is
 * visa_avail.def, from the spec's appendix_instruction_by_platform).
 */
#include "config.h"

#include <stddef.h>

#include "platform.h"

static const struct {
	uint8_t op;
	bool on[PLAT_COUNT];
} rows[] = {
#define VOP(op, name, bdw, skl, bxt, icllp, tgllp) \
	{ op, { bdw, skl, bxt, icllp, tgllp } },
#include "visa_avail.def"
#undef VOP
};

bool plat_has_visa_op(const struct plat_info *p, unsigned op)
{
	unsigned n;
	const struct plat_info *all = plat_all(&n);
	size_t col = (size_t)(p - all);
	if (col >= n)
		return false;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].op == op)
			return rows[i].on[col];
	return true;
}
