/*
 * platform.c - the table of platforms and lookups by name or vISA code.
 *
 * Sources: see platform.h.  GRF count 128 on all five platforms
 * (GEN-FACTS.md 8).
 */
#include "config.h"

#include <stddef.h>
#include <strings.h>

#include "platform.h"

static const struct plat_info platforms[] = {
	{ "bdw",   "Gen8",    3,  GEN_ENC_GEN8,  &plat_compact_bdw,   128 },
	{ "skl",   "Gen9",    5,  GEN_ENC_GEN9,  &plat_compact_gen9,  128 },
	{ "bxt",   "Gen9LP",  6,  GEN_ENC_GEN9,  &plat_compact_gen9,  128 },
	{ "icllp", "Gen11",   10, GEN_ENC_GEN11, &plat_compact_gen11, 128 },
	{ "tgllp", "Gen12LP", 12, GEN_ENC_GEN12, &plat_compact_gen12, 128 },
};

#define NPLAT (sizeof(platforms) / sizeof(platforms[0]))

const struct plat_info *plat_by_name(const char *name)
{
	for (size_t i = 0; i < NPLAT; i++)
		if (!strcasecmp(name, platforms[i].name))
			return &platforms[i];
	return NULL;
}

const struct plat_info *plat_by_visa_code(int code)
{
	for (size_t i = 0; i < NPLAT; i++)
		if (platforms[i].visa_code == code)
			return &platforms[i];
	return NULL;
}

const struct plat_info *plat_all(unsigned *count)
{
	*count = (unsigned)NPLAT;
	return platforms;
}
