/*
 * platform.c - platform names and vISA platform codes (gen_platform of
 * gen_binary_info, 4_visa_header.md).  The finalizer's platform tables
 * live under platforms/; this file only maps names for the object layer.
 */
#include <stddef.h>
#include <strings.h>

#include "visafin.h"

struct platform_name {
	const char *name;
	int code;
};

/* Canonical names first: vf_platform_name() returns the first match. */
static const struct platform_name names[] = {
	{"bdw", VF_PLATFORM_BDW},     {"skl", VF_PLATFORM_SKL},
	{"bxt", VF_PLATFORM_BXT},     {"icllp", VF_PLATFORM_ICLLP},
	{"tgllp", VF_PLATFORM_TGLLP}, {"gen8", VF_PLATFORM_BDW},
	{"gen9", VF_PLATFORM_SKL},    {"gen9lp", VF_PLATFORM_BXT},
	{"apl", VF_PLATFORM_BXT},     {"gen11lp", VF_PLATFORM_ICLLP},
	{"gen11", VF_PLATFORM_ICLLP}, {"gen12lp", VF_PLATFORM_TGLLP},
	{"gen12", VF_PLATFORM_TGLLP}, {"tgl", VF_PLATFORM_TGLLP},
};

int vf_platform_from_name(const char *name)
{
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcasecmp(name, names[i].name) == 0)
			return names[i].code;
	return -1;
}

const char *vf_platform_name(int code)
{
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].code == code)
			return names[i].name;
	return NULL;
}
