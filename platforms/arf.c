/*
 * arf.c - architecture register file classes per encoding family.
 *
 * An ARF register number is RegNum[7:4] = class, RegNum[3:0] = register
 * within the class (minus a base for the math-macro registers, which
 * share the accumulator class).  nregs = 0 means the class has one
 * register written without a number (null, ce, sp, ip).
 *
 * Source: IGC visa/iga/IGALibrary/Models/Models.cpp
 * REGISTER_SPECIFICATIONS (platform ranges, counts, bases);
 * GEN-FACTS.md 2.1 (class numbers, verified with iga64 on -p=9, -p=12p1).
 */
#include "config.h"

#include "platform.h"

/* [class][family] */
const struct plat_arf plat_arfs[16][GEN_ENC_COUNT] = {
#define ALL(rn, nm, n) { { rn, nm, n, 0 }, { rn, nm, n, 0 }, \
                         { rn, nm, n, 0 }, { rn, nm, n, 0 } }
	[0x0] = ALL(GEN_RN_NULL, "null", 0),
	[0x1] = ALL(GEN_RN_A, "a", 1),
	/* acc0-1 on Gen8-11 (acc2-9 are mme0-7); acc0-7 on Gen12 */
	[0x2] = { { GEN_RN_ACC, "acc", 2, 0 }, { GEN_RN_ACC, "acc", 2, 0 },
	          { GEN_RN_ACC, "acc", 2, 0 }, { GEN_RN_ACC, "acc", 8, 0 } },
	[0x3] = ALL(GEN_RN_F, "f", 2),
	[0x4] = ALL(GEN_RN_CE, "ce", 0),
	[0x5] = ALL(GEN_RN_MSG, "msg", 8),
	[0x6] = ALL(GEN_RN_SP, "sp", 0),
	[0x7] = ALL(GEN_RN_SR, "sr", 2),
	[0x8] = ALL(GEN_RN_CR, "cr", 1),
	[0x9] = ALL(GEN_RN_N, "n", 1),
	[0xA] = ALL(GEN_RN_IP, "ip", 0),
	[0xB] = ALL(GEN_RN_TDR, "tdr", 1),
	[0xC] = ALL(GEN_RN_TM, "tm", 1),
	/* fc0-4 until Gen11, fc0-3 on Gen12 */
	[0xD] = { { GEN_RN_FC, "fc", 5, 0 }, { GEN_RN_FC, "fc", 5, 0 },
	          { GEN_RN_FC, "fc", 5, 0 }, { GEN_RN_FC, "fc", 4, 0 } },
	[0xF] = ALL(GEN_RN_DBG, "dbg", 1),
#undef ALL
};

/* Math macro registers: acc2-9 (Gen8-11) or acc8-15 (Gen12). */
const uint8_t plat_mme_base[GEN_ENC_COUNT] = { 2, 2, 2, 8 };

static const char *const rn_names[GEN_RN_COUNT] = {
	[GEN_RN_GRF] = "r", [GEN_RN_NULL] = "null", [GEN_RN_A] = "a",
	[GEN_RN_ACC] = "acc", [GEN_RN_MME] = "mme", [GEN_RN_F] = "f",
	[GEN_RN_CE] = "ce", [GEN_RN_MSG] = "msg", [GEN_RN_SP] = "sp",
	[GEN_RN_SR] = "sr", [GEN_RN_CR] = "cr", [GEN_RN_N] = "n",
	[GEN_RN_IP] = "ip", [GEN_RN_TDR] = "tdr", [GEN_RN_TM] = "tm",
	[GEN_RN_FC] = "fc", [GEN_RN_DBG] = "dbg",
};

const char *plat_regname(enum gen_regname rn)
{
	return rn < GEN_RN_COUNT && rn_names[rn] ? rn_names[rn] : "???";
}

bool plat_reg_has_number(enum gen_regname rn)
{
	return rn != GEN_RN_NULL && rn != GEN_RN_CE && rn != GEN_RN_SP &&
	       rn != GEN_RN_IP;
}

bool plat_reg_has_subregs(enum gen_regname rn)
{
	return rn != GEN_RN_IP && rn != GEN_RN_CE && rn != GEN_RN_NULL;
}

bool plat_reg_is_scaled(enum gen_regname rn)
{
	switch (rn) {
	case GEN_RN_GRF: case GEN_RN_NULL: case GEN_RN_A: case GEN_RN_ACC:
	case GEN_RN_MME: case GEN_RN_TM: case GEN_RN_CR: case GEN_RN_SP:
	case GEN_RN_F: case GEN_RN_N: case GEN_RN_DBG: case GEN_RN_SR:
	case GEN_RN_TDR:
		return true;
	default:
		return false;
	}
}
