/*
 * platform.c - the table of platforms and lookups by name (through the
 * one name table in names.c) or vISA code.
 *
 * Sources: vISA platform codes from shared/spec/visa/4_visa_header.md
 * (BDW 3, SKL 5, BXT 6, ICLLP 10, TGLLP 12); GenX_IR's -platform names
 * from GEN-FACTS 1 (BDW CHV SKL BXT ICLLP TGLLP); SFIDs from GEN-FACTS 6.3
 * (sampler 2, gateway 3, render 5, URB 6, thread spawner 7, DC0 10, DC1
 * 12; unchanged Gen8 to Gen12LP, Mesa brw_eu_defines.h BRW_SFID_*);
 * descriptor layout from GEN-FACTS 6.4 (Desc[28:25] mlen, [24:20] rlen,
 * [19] header, [18:14] message type; ExDesc[10:6] src1 length).
 */
#include "config.h"

#include <stddef.h>

#include "platform.h"

/* Capability and workaround columns of caps.def / workarounds.def. */
#define CAP(name, type, bdw, skl, bxt, icllp, tgllp, meaning, source) \
	.name = PICK(bdw, skl, bxt, icllp, tgllp),
#define WA(name, bdw, skl, bxt, icllp, tgllp, fixes, source) \
	.name = PICK(bdw, skl, bxt, icllp, tgllp),

#define SFIDS { .sampler = 2, .gateway = 3, .render = 5, .urb = 6, \
                .spawner = 7, .dc0 = 10, .dc1 = 12 }
#define MSG_LAYOUT { .mlen_lo = 25, .rlen_lo = 20, .header_bit = 19, \
                     .msg_type_lo = 14, .xlen_lo = 6 }

static const struct plat_info platforms[PLAT_COUNT] = {
#define PICK(bdw, skl, bxt, icllp, tgllp) bdw
	[PLAT_BDW] = { "bdw", "Gen8", "Gen8", "BDW", PLAT_CODE_BDW, GEN_ENC_GEN8,
	               &plat_compact_bdw, 128,
	               .caps = {
#include "caps.def"
	               }, .wa = {
#include "workarounds.def"
	               }, .sfid = SFIDS, .msg = MSG_LAYOUT },
#undef PICK
#define PICK(bdw, skl, bxt, icllp, tgllp) skl
	[PLAT_SKL] = { "skl", "Gen9", "Gen9", "SKL", PLAT_CODE_SKL, GEN_ENC_GEN9,
	               &plat_compact_gen9, 128,
	               .caps = {
#include "caps.def"
	               }, .wa = {
#include "workarounds.def"
	               }, .sfid = SFIDS, .msg = MSG_LAYOUT },
#undef PICK
#define PICK(bdw, skl, bxt, icllp, tgllp) bxt
	[PLAT_BXT] = { "bxt", "Gen9LP", "Gen9LP", "BXT", PLAT_CODE_BXT, GEN_ENC_GEN9,
	               &plat_compact_gen9, 128,
	               .caps = {
#include "caps.def"
	               }, .wa = {
#include "workarounds.def"
	               }, .sfid = SFIDS, .msg = MSG_LAYOUT },
#undef PICK
#define PICK(bdw, skl, bxt, icllp, tgllp) icllp
	[PLAT_ICLLP] = { "icllp", "Gen11", "Gen11", "ICLLP", PLAT_CODE_ICLLP, GEN_ENC_GEN11,
	                 &plat_compact_gen11, 128,
	                 .caps = {
#include "caps.def"
	                 }, .wa = {
#include "workarounds.def"
	                 }, .sfid = SFIDS, .msg = MSG_LAYOUT },
#undef PICK
#define PICK(bdw, skl, bxt, icllp, tgllp) tgllp
	[PLAT_TGLLP] = { "tgllp", "Gen12LP", "Gen12LP", "TGLLP", PLAT_CODE_TGLLP,
	                 GEN_ENC_GEN12, &plat_compact_gen12, 128,
	                 .caps = {
#include "caps.def"
	                 }, .wa = {
#include "workarounds.def"
	                 }, .sfid = SFIDS, .msg = MSG_LAYOUT },
#undef PICK
};

const struct plat_info *plat_by_name(const char *name)
{
	int i = plat_index_by_name(name);
	return i < 0 ? NULL : &platforms[i];
}

const struct plat_info *plat_by_visa_code(int code)
{
	for (size_t i = 0; i < PLAT_COUNT; i++)
		if (platforms[i].visa_code == code)
			return &platforms[i];
	return NULL;
}

const struct plat_info *plat_all(unsigned *count)
{
	*count = PLAT_COUNT;
	return platforms;
}

const struct plat_info *plat_default(void)
{
	return &platforms[PLAT_SKL];
}

const char *plat_name_list(void)
{
	return "bdw, skl, bxt, icllp, tgllp (or gen8, gen9, gen9lp, gen11, "
	       "gen12lp; any case)";
}
