/*
 * platform.h - the Gen platforms visafin encodes for, as data.
 *
 * One struct plat_info per platform: names, vISA platform code, encoding
 * family, capabilities (caps.def), workarounds (workarounds.def), SFIDs,
 * message descriptor layout and the tables the encoder and decoder reach
 * through it (type codes, compaction tables).  Code asks the platform
 * what it can do; it never compares platform ids (docs/platforms.md).
 *
 * Sources: vISA platform codes from shared/spec/visa/4_visa_header.md
 * (BDW 3, SKL 5, BXT 6, ICLLP 10, TGLLP 12); compaction table choice per
 * Mesa brw_eu_compact.c compaction_state_init() (BDW and SKL/BXT share
 * the Gen8 tables, ICLLP swaps the datatype table, TGLLP has its own).
 */
#ifndef VISAFIN_PLATFORM_H
#define VISAFIN_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "gen_defs.h"

/* Compaction: a table of entries and the map of where each entry's bits
 * go in the native instruction (pieces of { native bit, length, entry
 * bit }). */
#define PLAT_CMAP_MAX 8

struct plat_cmap {
	uint8_t lo, len, vlo;
};

struct plat_ctable {
	const uint64_t *entries;
	unsigned count;             /* 0: the family has no such table */
	struct plat_cmap map[PLAT_CMAP_MAX];
};

struct plat_compact {
	struct plat_ctable control, datatype, subreg, src0, src1;
	struct plat_ctable control3, source3, subreg3;  /* 3-src */
};

/* Capabilities (caps.def) and workarounds (workarounds.def) of one
 * platform: one member per row. */
struct plat_caps {
#define CAP(name, type, bdw, skl, bxt, icllp, tgllp, meaning, source) type name;
#include "caps.def"
#undef CAP
};

struct plat_wa {
#define WA(name, bdw, skl, bxt, icllp, tgllp, fixes, source) bool name;
#include "workarounds.def"
#undef WA
};

/* Shared function IDs (SFID) of the messages visafin sends. */
struct plat_sfids {
	uint8_t sampler, gateway, render, urb, spawner, dc0, dc1;
};

/* Where the generic SEND descriptor fields sit (Desc and ExDesc bits);
 * each message family's function-control bits are built by
 * encoder/msg_desc.c from these and the family's own layout. */
struct plat_msg_layout {
	uint8_t mlen_lo;        /* Desc[28:25] message length */
	uint8_t rlen_lo;        /* Desc[24:20] response length */
	uint8_t header_bit;     /* Desc[19] header present */
	uint8_t msg_type_lo;    /* Desc[18:14] data-port message type */
	uint8_t xlen_lo;        /* ExDesc[10:6] src1 length (split send) */
};

struct plat_info {
	const char *name;        /* bdw, skl, bxt, icllp, tgllp */
	const char *gen_name;    /* Gen8, Gen9, Gen9LP, Gen11, Gen12LP */
	const char *family;      /* Gen8, Gen9, Gen9LP, Gen11, Gen12LP */
	const char *genx_name;   /* GenX_IR's -platform spelling: SKL, ... */
	int visa_code;           /* gen_platform code in vISA objects */
	enum gen_enc enc;        /* instruction bit layout (encoder/ only) */
	const struct plat_compact *compact;
	unsigned grf_count;
	struct plat_caps caps;
	struct plat_wa wa;
	struct plat_sfids sfid;
	struct plat_msg_layout msg;
};

/* Index of each platform in the tables (columns of caps.def). */
enum plat_index {
	PLAT_BDW, PLAT_SKL, PLAT_BXT, PLAT_ICLLP, PLAT_TGLLP, PLAT_COUNT
};

/* vISA platform codes (gen_platform, 4_visa_header.md). */
enum plat_visa_code {
	PLAT_CODE_BDW = 3, PLAT_CODE_SKL = 5, PLAT_CODE_BXT = 6,
	PLAT_CODE_ICLLP = 10, PLAT_CODE_TGLLP = 12,
};

/* The name table (names.c; it needs nothing else, so the object layer
 * links it alone): platform index of a name or alias, any case, or -1;
 * vISA code of a platform index. */
int plat_index_by_name(const char *name);
int plat_visa_code_at(unsigned index);

/* By name or alias, any case ("skl", "SKL", "gen9", "GEN12LP"), or NULL.
 * The one name table behind every command's platform option. */
const struct plat_info *plat_by_name(const char *name);
/* By vISA platform code, or NULL. */
const struct plat_info *plat_by_visa_code(int code);
/* All platforms, for loops in tests. */
const struct plat_info *plat_all(unsigned *count);
/* The platform used when none is given (skl). */
const struct plat_info *plat_default(void);
/* The i-th name or alias of the name table (NULL past the end), for
 * help texts and tests; plat_by_name() of it gives its platform. */
const char *plat_name_at(unsigned i);
/* "bdw, skl, bxt, icllp, tgllp" for error messages. */
const char *plat_name_list(void);

/* Is vISA opcode 'op' available on 'p' (spec appendix
 * appendix_instruction_by_platform; visa_avail.def)? */
bool plat_has_visa_op(const struct plat_info *p, unsigned op);

/* ARF classes (RegNum[7:4]) per family; name NULL = reserved class. */
struct plat_arf {
	uint8_t rn;        /* enum gen_regname */
	const char *name;
	uint8_t nregs;     /* 0: a single register written without number */
	uint8_t base;
};
extern const struct plat_arf plat_arfs[16][GEN_ENC_COUNT];
extern const uint8_t plat_mme_base[GEN_ENC_COUNT];
const char *plat_regname(enum gen_regname rn);
/* IGA prints a number after the name (r5, acc1, but null, ce, sp, ip). */
bool plat_reg_has_number(enum gen_regname rn);
/* The register has subregisters (not ip, ce, null). */
bool plat_reg_has_subregs(enum gen_regname rn);
/* Subregister fields count bytes that print as elements of the type. */
bool plat_reg_is_scaled(enum gen_regname rn);

extern const uint8_t plat_reg_types[GEN_ENC_COUNT][16];
extern const uint8_t plat_imm_types[GEN_ENC_COUNT][16];
extern const uint8_t plat_a16_types[8];
extern const uint8_t plat_a1_types[GEN_ENC_COUNT][2][8];

extern const struct plat_compact plat_compact_bdw;
extern const struct plat_compact plat_compact_gen9;
extern const struct plat_compact plat_compact_gen11;
extern const struct plat_compact plat_compact_gen12;

#endif
