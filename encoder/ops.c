/*
 * ops.c - the operation table built from platforms/gen_ops.def, and
 * lookups by hardware opcode.
 *
 * Source: see gen_ops.def (IGA bxml models); math operand counts from
 * IGC visa/iga/IGALibrary/IR/Types.hpp GetSourceCount(MathFC).
 */
#include "config.h"

#include <pthread.h>
#include <string.h>

#include "gen.h"

#define A_P GEN_OA_PRED
#define A_C GEN_OA_CMOD
#define A_S GEN_OA_SAT
#define A_M GEN_OA_SRCMOD
#define A_B GEN_OA_BRCTL
#define A_L GEN_OA_BITWISE
#define A_X GEN_OA_SELECT
#define A_N 0  /* mach: saturation handled in decode.c */

const struct gen_op_info gen_op_table[GEN_OP_COUNT] = {
#define GEN_OP(name, mnem, fmt, attrs, g8, g9, g11, g12) \
	[GEN_OP_##name] = { mnem, GEN_FMT_##fmt, attrs, { g8, g9, g11, g12 } },
#include "../platforms/gen_ops.def"
#undef GEN_OP
};

/* Hardware opcode -> operation, per family: the decoder and the
 * compactor ask for every instruction, so the table is inverted once
 * (the first operation of gen_ops.def with an opcode wins, as a search
 * in table order would give). */
static uint8_t op_of_hw[GEN_ENC_COUNT][128];
static pthread_once_t op_of_hw_once = PTHREAD_ONCE_INIT;

static void invert_op_table(void)
{
	_Static_assert(GEN_OP_COUNT <= 255, "operations fit a byte");
	memset(op_of_hw, 0xFF, sizeof op_of_hw);
	for (unsigned e = 0; e < GEN_ENC_COUNT; e++)
		for (unsigned i = GEN_OP_COUNT; i-- > 0;) {
			int hw = gen_op_table[i].hw[e];
			if (hw >= 0 && hw < 128)
				op_of_hw[e][hw] = (uint8_t)i;
		}
}

enum gen_op gen_op_from_hw(enum gen_enc enc, unsigned opcode)
{
	pthread_once(&op_of_hw_once, invert_op_table);
	if (opcode >= 128 || op_of_hw[enc][opcode] == 0xFF)
		return GEN_OP_INVALID;
	return (enum gen_op)op_of_hw[enc][opcode];
}

/* Which families have a compacted form of each operation format: GED's
 * per-opcode format tables (IGC visa/iga/GEDLibrary/.../ged_model_8.cpp,
 * _9, _11, _tgl: Opcodes[128], third column "...CompactDecoding"). */
#define F8  (1u << GEN_ENC_GEN8)
#define F9  (1u << GEN_ENC_GEN9)
#define F11 (1u << GEN_ENC_GEN11)
#define F12 (1u << GEN_ENC_GEN12)
static const uint8_t compact_fmts[] = {
	[GEN_FMT_NULLARY] = 0,                       /* nop, illegal */
	[GEN_FMT_UNARY] = F8 | F9 | F11 | F12,
	[GEN_FMT_BINARY] = F8 | F9 | F11 | F12,
	[GEN_FMT_MATH] = F8 | F9 | F11,
	[GEN_FMT_TERNARY] = F8 | F9 | F12,           /* not Align1 Gen11 */
	[GEN_FMT_SEND] = F8,                         /* send, sendc: BDW only */
	[GEN_FMT_SENDS] = 0,
	[GEN_FMT_JMP_JIP] = 0, [GEN_FMT_JMP_JIP_UIP] = 0,
	[GEN_FMT_JMPI] = F8 | F9 | F11,
	[GEN_FMT_CALL] = 0,
	[GEN_FMT_RET] = F8 | F9 | F11,
	[GEN_FMT_BRD] = 0, [GEN_FMT_BRC] = 0,
	[GEN_FMT_WAIT] = F8 | F9 | F11,
	[GEN_FMT_SYNC] = F12,
};

bool gen_op_compactable(enum gen_enc enc, enum gen_op op)
{
	return op < GEN_OP_COUNT &&
	       (compact_fmts[gen_op_table[op].fmt] & (1u << enc));
}

unsigned gen_math_nsrc(unsigned fc)
{
	switch (fc) {
	case GEN_MATH_INV: case GEN_MATH_LOG: case GEN_MATH_EXP:
	case GEN_MATH_SQT: case GEN_MATH_RSQT: case GEN_MATH_SIN:
	case GEN_MATH_COS: case GEN_MATH_RSQTM:
		return 1;
	case GEN_MATH_FDIV: case GEN_MATH_POW: case GEN_MATH_IDIV:
	case GEN_MATH_IQOT: case GEN_MATH_IREM: case GEN_MATH_INVM:
		return 2;
	default:
		return 0;
	}
}

/* ---- names (IGC visa/iga/IGALibrary/Frontend/IRToString.*) -------- */

static const char *const cmod_names[17] = {
	[GEN_CMOD_EQ] = "eq", [GEN_CMOD_NE] = "ne", [GEN_CMOD_GT] = "gt",
	[GEN_CMOD_GE] = "ge", [GEN_CMOD_LT] = "lt", [GEN_CMOD_LE] = "le",
	[GEN_CMOD_OV] = "ov", [GEN_CMOD_UN] = "un", [GEN_CMOD_EO] = "eo",
};

static const char *const pred_names[14] = {
	"", "", ".anyv", ".allv", ".any2h", ".all2h", ".any4h", ".all4h",
	".any8h", ".all8h", ".any16h", ".all16h", ".any32h", ".all32h",
};

static const char *const math_names[16] = {
	[GEN_MATH_INV] = "inv", [GEN_MATH_LOG] = "log", [GEN_MATH_EXP] = "exp",
	[GEN_MATH_SQT] = "sqt", [GEN_MATH_RSQT] = "rsqt", [GEN_MATH_SIN] = "sin",
	[GEN_MATH_COS] = "cos", [GEN_MATH_FDIV] = "fdiv", [GEN_MATH_POW] = "pow",
	[GEN_MATH_IDIV] = "idiv", [GEN_MATH_IQOT] = "iqot",
	[GEN_MATH_IREM] = "irem", [GEN_MATH_INVM] = "invm",
	[GEN_MATH_RSQTM] = "rsqtm",
};

/* Gen12 SFIDs as IGA names them (Mesa brw_eu_defines.h numbering). */
static const char *const sfid_names[16] = {
	[0] = "null", [2] = "smpl", [3] = "gtwy", [4] = "dc2", [5] = "rc",
	[6] = "urb", [7] = "ts", [8] = "vme", [9] = "dcro", [10] = "dc0",
	[11] = "pixi", [12] = "dc1", [13] = "cre",
};

/* Gen12LP sync functions; 0xD (fence, Mesa TGL_SYNC_FENCE) is not one:
 * GED rejects it on TGLLP, so it has no name here (iga64 -a refuses
 * "sync.fence" on -p=12p1). */
static const char *const sync_names[16] = {
	[GEN_SYNC_NOP] = "nop", [GEN_SYNC_ALLRD] = "allrd",
	[GEN_SYNC_ALLWR] = "allwr", [GEN_SYNC_BAR] = "bar",
	[GEN_SYNC_HOST] = "host",
};

#define NAME(tab, i) ((unsigned)(i) < sizeof(tab) / sizeof(tab[0]) ? tab[i] : NULL)

const char *gen_cmod_name(unsigned v) { return NAME(cmod_names, v); }
const char *gen_pred_name(unsigned v) { return NAME(pred_names, v); }
const char *gen_math_name(unsigned v) { return NAME(math_names, v); }
const char *gen_sync_name(unsigned v) { return NAME(sync_names, v); }
const char *gen_sfid_name(unsigned v) { return NAME(sfid_names, v); }

bool gen_op_is_macro(unsigned op, unsigned fc)
{
	return op == GEN_OP_MADM ||
	       (op == GEN_OP_MATH &&
	        (fc == GEN_MATH_INVM || fc == GEN_MATH_RSQTM));
}
