/*
 * names.c - the one table of platform names.
 *
 * Every command's platform option (visafin -p, GenX_IR-style -platform,
 * visafin fat --platform, asm/disasm -p, gensim) and the public
 * vf_platform_from_name()/vf_platform_name() read this table, so all
 * accept the same set.  It depends on nothing but platform.h's enums, so
 * the object layer (and its fuzzers) link it without the platform tables.
 *
 * Sources: vISA codes from shared/spec/visa/4_visa_header.md; GenX_IR's
 * -platform names from GEN-FACTS 1 (BDW SKL BXT ICLLP TGLLP; CHV is not a
 * visafin platform).
 */
#include "config.h"

#include <stddef.h>
#include <strings.h>

#include "platform.h"
#include "visafin.h"

/* Canonical names first (vf_platform_name() returns the first name of a
 * platform), then GenX_IR's family names and the short names other Intel
 * tools use.  Matching ignores case, so GenX_IR's "SKL", "GEN9" and
 * "TGLLP" match too. */
static const struct {
	const char *name;
	enum plat_index plat;
} names[] = {
	{ "bdw", PLAT_BDW },       { "skl", PLAT_SKL },
	{ "bxt", PLAT_BXT },       { "icllp", PLAT_ICLLP },
	{ "tgllp", PLAT_TGLLP },
	{ "gen8", PLAT_BDW },      { "gen9", PLAT_SKL },
	{ "gen9lp", PLAT_BXT },    { "apl", PLAT_BXT },
	{ "gen11", PLAT_ICLLP },   { "gen11lp", PLAT_ICLLP },
	{ "gen12lp", PLAT_TGLLP }, { "gen12", PLAT_TGLLP },
	{ "tgl", PLAT_TGLLP },
};

#define NNAMES (sizeof names / sizeof names[0])

static const int codes[PLAT_COUNT] = {
	[PLAT_BDW] = PLAT_CODE_BDW,     [PLAT_SKL] = PLAT_CODE_SKL,
	[PLAT_BXT] = PLAT_CODE_BXT,     [PLAT_ICLLP] = PLAT_CODE_ICLLP,
	[PLAT_TGLLP] = PLAT_CODE_TGLLP,
};

int plat_index_by_name(const char *name)
{
	if (!name)
		return -1;
	for (size_t i = 0; i < NNAMES; i++)
		if (!strcasecmp(name, names[i].name))
			return (int)names[i].plat;
	return -1;
}

int plat_visa_code_at(unsigned index)
{
	return index < PLAT_COUNT ? codes[index] : -1;
}

const char *plat_name_at(unsigned i)
{
	return i < NNAMES ? names[i].name : NULL;
}

/* Public API (visafin.h). */
int vf_platform_from_name(const char *name)
{
	int i = plat_index_by_name(name);
	return i < 0 ? -1 : codes[i];
}

const char *vf_platform_name(int code)
{
	for (unsigned i = 0; i < PLAT_COUNT; i++)
		if (codes[i] == code)
			return names[i].name;   /* canonical names come first */
	return NULL;
}
