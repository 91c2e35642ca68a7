/*
 * compact_tables.c - instruction compaction tables, as data.
 *
 * A compacted (8-byte) instruction stores small indices; each index picks
 * an entry of a table, and the entry's bits go to fixed places of the
 * native instruction.  Every table below comes with its map: pieces
 * { native bit, length, entry bit } saying where each run of entry bits
 * lands.  Comments decode each entry in IGA-like syntax: control entries
 * give mask/predicate/exec size/flags, datatype entries "dst<hs>:type
 * src0 src1" with the register file (arf/grf/imm), source entries the
 * region and modifiers.
 *
 * Table values: Mesa src/intel/compiler/brw_eu_compact.c (gfx8_* for BDW
 * and SKL/BXT, gfx11_datatype_table for ICLLP, gfx12_* for TGLLP, the
 * gfx8_3src and gfx12_3src tables); maps from the same file's
 * set_uncompacted_*() functions.  Gen11 has no 3-src compaction (iga64
 * -Xautocompact leaves ICL mad native).  The decoded comments are ours.
 */
#include "config.h"

#include "platform.h"

static const uint64_t gen8_control[32] = {
	0x00002, /* (W) (1|M0) */
	0x04000, /* (4|M0) */
	0x04001, /* (4|M0) Align16 */
	0x04002, /* (W) (4|M0) */
	0x04003, /* (W) (4|M0) Align16 */
	0x04004, /* (4|M0) NoDDClr */
	0x04005, /* (4|M0) Align16 NoDDClr */
	0x04007, /* (W) (4|M0) Align16 NoDDClr */
	0x04008, /* (4|M0) NoDDChk */
	0x04009, /* (4|M0) Align16 NoDDChk */
	0x0400D, /* (4|M0) Align16 NoDDClr NoDDChk */
	0x06000, /* (8|M0) */
	0x06001, /* (8|M0) Align16 */
	0x06002, /* (W) (8|M0) */
	0x06003, /* (W) (8|M0) Align16 */
	0x06004, /* (8|M0) NoDDClr */
	0x06005, /* (8|M0) Align16 NoDDClr */
	0x06007, /* (W) (8|M0) Align16 NoDDClr */
	0x06009, /* (8|M0) Align16 NoDDChk */
	0x0600D, /* (8|M0) Align16 NoDDClr NoDDChk */
	0x06010, /* (8|M8) */
	0x06100, /* (f0.0) (8|M0) */
	0x08000, /* (16|M0) */
	0x08002, /* (W) (16|M0) */
	0x08004, /* (16|M0) NoDDClr */
	0x08100, /* (f0.0) (16|M0) */
	0x16000, /* (8|M0) (sat) */
	0x16010, /* (8|M8) (sat) */
	0x18000, /* (16|M0) (sat) */
	0x18100, /* (f0.0) (16|M0) (sat) */
	0x28000, /* (16|M0) f0.1 */
	0x28100, /* (f0.1) (16|M0) */
};

static const uint64_t gen8_datatype[32] = {
	0x040001, /* grf<1>:ud arf:ud arf:ud */
	0x040040, /* arf<1>:ud grf:ud arf:ud */
	0x040041, /* grf<1>:ud grf:ud arf:ud */
	0x0400C1, /* grf<1>:ud imm:ud arf:ud */
	0x04015D, /* grf<1>:f grf:d arf:ud */
	0x0405DD, /* grf<1>:f imm:vf arf:ud */
	0x040741, /* grf<1>:ud grf:f arf:ud */
	0x040745, /* grf<1>:d grf:f arf:ud */
	0x04075D, /* grf<1>:f grf:f arf:ud */
	0x041041, /* grf<1>:ud grf:ud grf:ud */
	0x043040, /* arf<1>:ud grf:ud imm:ud */
	0x043041, /* grf<1>:ud grf:ud imm:ud */
	0x045145, /* grf<1>:d grf:d grf:d */
	0x047144, /* arf<1>:d grf:d imm:d */
	0x047145, /* grf<1>:d grf:d imm:d */
	0x05C75D, /* grf<1>:f grf:f arf:f */
	0x05D71D, /* grf<1>:f arf:f grf:f */
	0x05D75C, /* arf<1>:f grf:f grf:f */
	0x05D75D, /* grf<1>:f grf:f grf:f */
	0x05F75C, /* arf<1>:f grf:f imm:f */
	0x00040C, /* arf<0>:w arf:ub arf:ud */
	0x04005D, /* grf<1>:f grf:ud arf:ud */
	0x040145, /* grf<1>:d grf:d arf:ud */
	0x041040, /* arf<1>:ud grf:ud grf:ud */
	0x045144, /* arf<1>:d grf:d grf:d */
	0x047104, /* arf<1>:d arf:d imm:d */
	0x049209, /* grf<1>:uw arf:uw grf:uw */
	0x05775D, /* grf<1>:f grf:f imm:vf */
	0x05F75D, /* grf<1>:f grf:f imm:f */
	0x04F34C, /* arf<1>:w grf:w imm:w */
	0x049248, /* arf<1>:uw grf:uw grf:uw */
	0x04B248, /* arf<1>:uw grf:uw imm:uw */
};

static const uint64_t gen11_datatype[32] = {
	0x040001, /* grf<1>:ud arf:ud arf:ud */
	0x040040, /* arf<1>:ud grf:ud arf:ud */
	0x040041, /* grf<1>:ud grf:ud arf:ud */
	0x0400C1, /* grf<1>:ud imm:ud arf:ud */
	0x040165, /* grf<1>:f grf:d arf:ud */
	0x040BE5, /* grf<1>:f imm:vf arf:ud */
	0x040941, /* grf<1>:ud grf:f arf:ud */
	0x040945, /* grf<1>:d grf:f arf:ud */
	0x040965, /* grf<1>:f grf:f arf:ud */
	0x041041, /* grf<1>:ud grf:ud grf:ud */
	0x043040, /* arf<1>:ud grf:ud imm:ud */
	0x043041, /* grf<1>:ud grf:ud imm:ud */
	0x045145, /* grf<1>:d grf:d grf:d */
	0x047144, /* arf<1>:d grf:d imm:d */
	0x047145, /* grf<1>:d grf:d imm:d */
	0x064965, /* grf<1>:f grf:f arf:f */
	0x065925, /* grf<1>:f arf:f grf:f */
	0x065964, /* arf<1>:f grf:f grf:f */
	0x065965, /* grf<1>:f grf:f grf:f */
	0x067964, /* arf<1>:f grf:f imm:f */
	0x00040C, /* arf<0>:w arf:ub arf:ud */
	0x040065, /* grf<1>:f grf:ud arf:ud */
	0x040145, /* grf<1>:d grf:d arf:ud */
	0x041040, /* arf<1>:ud grf:ud grf:ud */
	0x045144, /* arf<1>:d grf:d grf:d */
	0x047104, /* arf<1>:d arf:d imm:d */
	0x049209, /* grf<1>:uw arf:uw grf:uw */
	0x06F965, /* grf<1>:f grf:f imm:vf */
	0x067965, /* grf<1>:f grf:f imm:f */
	0x04F34C, /* arf<1>:w grf:w imm:w */
	0x049248, /* arf<1>:uw grf:uw grf:uw */
	0x04B248, /* arf<1>:uw grf:uw imm:uw */
};

static const uint64_t gen8_subreg[32] = {
	0x0000, /* dst .0  src0 .0  src1 .0 (bytes) */
	0x0001, /* dst .1  src0 .0  src1 .0 (bytes) */
	0x0008, /* dst .8  src0 .0  src1 .0 (bytes) */
	0x000F, /* dst .15  src0 .0  src1 .0 (bytes) */
	0x0010, /* dst .16  src0 .0  src1 .0 (bytes) */
	0x0080, /* dst .0  src0 .4  src1 .0 (bytes) */
	0x0100, /* dst .0  src0 .8  src1 .0 (bytes) */
	0x0180, /* dst .0  src0 .12  src1 .0 (bytes) */
	0x0200, /* dst .0  src0 .16  src1 .0 (bytes) */
	0x0210, /* dst .16  src0 .16  src1 .0 (bytes) */
	0x0280, /* dst .0  src0 .20  src1 .0 (bytes) */
	0x1000, /* dst .0  src0 .0  src1 .4 (bytes) */
	0x1001, /* dst .1  src0 .0  src1 .4 (bytes) */
	0x1081, /* dst .1  src0 .4  src1 .4 (bytes) */
	0x1082, /* dst .2  src0 .4  src1 .4 (bytes) */
	0x1083, /* dst .3  src0 .4  src1 .4 (bytes) */
	0x1084, /* dst .4  src0 .4  src1 .4 (bytes) */
	0x1087, /* dst .7  src0 .4  src1 .4 (bytes) */
	0x1088, /* dst .8  src0 .4  src1 .4 (bytes) */
	0x108E, /* dst .14  src0 .4  src1 .4 (bytes) */
	0x108F, /* dst .15  src0 .4  src1 .4 (bytes) */
	0x1180, /* dst .0  src0 .12  src1 .4 (bytes) */
	0x11E8, /* dst .8  src0 .15  src1 .4 (bytes) */
	0x2000, /* dst .0  src0 .0  src1 .8 (bytes) */
	0x2180, /* dst .0  src0 .12  src1 .8 (bytes) */
	0x3000, /* dst .0  src0 .0  src1 .12 (bytes) */
	0x3C87, /* dst .7  src0 .4  src1 .15 (bytes) */
	0x4000, /* dst .0  src0 .0  src1 .16 (bytes) */
	0x5000, /* dst .0  src0 .0  src1 .20 (bytes) */
	0x6000, /* dst .0  src0 .0  src1 .24 (bytes) */
	0x7000, /* dst .0  src0 .0  src1 .28 (bytes) */
	0x701C, /* dst .28  src0 .0  src1 .28 (bytes) */
};

static const uint64_t gen8_src[32] = {
	0x000, /* r<0;1,0> */
	0x002, /* -r<0;1,0> */
	0x010, /* r<0;1,2> */
	0x012, /* -r<0;1,2> */
	0x018, /* r<0;1,4> */
	0x020, /* r<0;2,0> */
	0x028, /* r<0;2,1> */
	0x048, /* r<0;4,1> */
	0x050, /* r<0;4,2> */
	0x070, /* r<0;8,2> */
	0x078, /* r<0;8,4> */
	0x300, /* r<4;1,0> */
	0x302, /* -r<4;1,0> */
	0x308, /* r<4;1,1> */
	0x310, /* r<4;1,2> */
	0x312, /* -r<4;1,2> */
	0x320, /* r<4;2,0> */
	0x328, /* r<4;2,1> */
	0x338, /* r<4;2,4> */
	0x340, /* r<4;4,0> */
	0x342, /* -r<4;4,0> */
	0x348, /* r<4;4,1> */
	0x350, /* r<4;4,2> */
	0x360, /* r<4;8,0> */
	0x368, /* r<4;8,1> */
	0x370, /* r<4;8,2> */
	0x371, /* (abs)r<4;8,2> */
	0x378, /* r<4;8,4> */
	0x468, /* r<8;8,1> */
	0x469, /* (abs)r<8;8,1> */
	0x46A, /* -r<8;8,1> */
	0x588, /* r<16;16,1> */
};

static const uint64_t gen12_control[32] = {
	0x000004, /* (16|M0) */
	0x000003, /* (8|M0) */
	0x002000, /* (W) (1|M0) */
	0x002004, /* (W) (16|M0) */
	0x002003, /* (W) (8|M0) */
	0x080004, /* (16|M0) (ge)f0.0 */
	0x000024, /* (16|M16) */
	0x0A0004, /* (16|M0) (lt)f0.0 */
	0x000000, /* (1|M0) */
	0x010004, /* (16|M0) (sat) */
	0x000013, /* (8|M8) */
	0x060004, /* (16|M0) (gt)f0.0 */
	0x020004, /* (16|M0) (eq)f0.0 */
	0x022004, /* (W) (16|M0) (eq)f0.0 */
	0x040004, /* (16|M0) (ne)f0.0 */
	0x000104, /* (f0.0) (16|M0) */
	0x0A0003, /* (8|M0) (lt)f0.0 */
	0x000184, /* (f1.0) (16|M0) */
	0x002001, /* (W) (2|M0) */
	0x000144, /* (f0.1) (16|M0) */
	0x0001C4, /* (f1.1) (16|M0) */
	0x082004, /* (W) (16|M0) (ge)f0.0 */
	0x000023, /* (8|M16) */
	0x000033, /* (8|M24) */
	0x0A2004, /* (W) (16|M0) (lt)f0.0 */
	0x080003, /* (8|M0) (ge)f0.0 */
	0x022000, /* (W) (1|M0) (eq)f0.0 */
	0x010003, /* (8|M0) (sat) */
	0x0A0084, /* (16|M0) (lt)f1.0 */
	0x020003, /* (8|M0) (eq)f0.0 */
	0x008003, /* (8|M0) {AccWrEn} */
	0x002024, /* (W) (16|M16) */
};

static const uint64_t gen12_datatype[32] = {
	0xD6954, /* grf<1>:f grf:f grf:f */
	0x06954, /* grf<1>:f grf:f arf:ub */
	0x02B54, /* grf<1>:f imm:f arf:ub */
	0x56D54, /* grf<1>:f grf:f imm:f */
	0xD4954, /* arf<1>:f grf:f grf:f */
	0xD2954, /* grf<1>:f arf:f grf:f */
	0x54D54, /* arf<1>:f grf:f imm:f */
	0x00800, /* arf<1>:ub arf:ub arf:ub */
	0xD0954, /* arf<1>:f arf:f grf:f */
	0x2ECCC, /* grf<1>:d grf:d imm:w */
	0xB68CC, /* grf<1>:d grf:d grf:d */
	0x52D54, /* grf<1>:f arf:f imm:f */
	0x96844, /* grf<1>:ud grf:ud grf:ud */
	0x50D54, /* arf<1>:f arf:f imm:f */
	0x36CCC, /* grf<1>:d grf:d imm:d */
	0x16C44, /* grf<1>:ud grf:ud imm:ud */
	0x07154, /* grf<2>:f grf:f arf:ub */
	0x2CCCC, /* arf<1>:d grf:d imm:w */
	0x00822, /* arf<1>:uw arf:uw arf:ub */
	0x02844, /* grf<1>:ud arf:ud arf:ub */
	0x26C2A, /* grf<1>:w grf:uw imm:v */
	0x0EC22, /* grf<1>:uw grf:uw imm:uw */
	0x97044, /* grf<2>:ud grf:ud grf:ud */
	0x0694C, /* grf<1>:d grf:f arf:ub */
	0x8C8CC, /* arf<1>:d grf:d grf:uw */
	0x06854, /* grf<1>:f grf:ud arf:ub */
	0x2EC4C, /* grf<1>:d grf:ud imm:w */
	0x02822, /* grf<1>:uw arf:uw arf:ub */
	0x06834, /* grf<1>:f grf:uw arf:ub */
	0x06814, /* grf<1>:f grf:ub arf:ub */
	0x068D4, /* grf<1>:f grf:d arf:ub */
	0x02954, /* grf<1>:f arf:f arf:ub */
};

static const uint64_t gen12_subreg[32] = {
	0x0000, /* dst .0  src0 .0  src1 .0 (bytes) */
	0x4000, /* dst .0  src0 .0  src1 .16 (bytes) */
	0x1000, /* dst .0  src0 .0  src1 .4 (bytes) */
	0x3000, /* dst .0  src0 .0  src1 .12 (bytes) */
	0x0080, /* dst .0  src0 .4  src1 .0 (bytes) */
	0x2000, /* dst .0  src0 .0  src1 .8 (bytes) */
	0x5000, /* dst .0  src0 .0  src1 .20 (bytes) */
	0x0008, /* dst .8  src0 .0  src1 .0 (bytes) */
	0x0100, /* dst .0  src0 .8  src1 .0 (bytes) */
	0x6000, /* dst .0  src0 .0  src1 .24 (bytes) */
	0x7000, /* dst .0  src0 .0  src1 .28 (bytes) */
	0x0200, /* dst .0  src0 .16  src1 .0 (bytes) */
	0x0004, /* dst .4  src0 .0  src1 .0 (bytes) */
	0x0300, /* dst .0  src0 .24  src1 .0 (bytes) */
	0x0280, /* dst .0  src0 .20  src1 .0 (bytes) */
	0x0180, /* dst .0  src0 .12  src1 .0 (bytes) */
	0x0380, /* dst .0  src0 .28  src1 .0 (bytes) */
	0x001C, /* dst .28  src0 .0  src1 .0 (bytes) */
	0x0010, /* dst .16  src0 .0  src1 .0 (bytes) */
	0x000C, /* dst .12  src0 .0  src1 .0 (bytes) */
	0x0018, /* dst .24  src0 .0  src1 .0 (bytes) */
	0x0014, /* dst .20  src0 .0  src1 .0 (bytes) */
	0x0002, /* dst .2  src0 .0  src1 .0 (bytes) */
	0x0140, /* dst .0  src0 .10  src1 .0 (bytes) */
	0x0040, /* dst .0  src0 .2  src1 .0 (bytes) */
	0x0084, /* dst .4  src0 .4  src1 .0 (bytes) */
	0x005C, /* dst .28  src0 .2  src1 .0 (bytes) */
	0x0042, /* dst .2  src0 .2  src1 .0 (bytes) */
	0x018C, /* dst .12  src0 .12  src1 .0 (bytes) */
	0x0020, /* dst .0  src0 .1  src1 .0 (bytes) */
	0x0060, /* dst .0  src0 .3  src1 .0 (bytes) */
	0x6300, /* dst .0  src0 .24  src1 .24 (bytes) */
};

static const uint64_t gen12_src0[16] = {
	0x464, /* r<8;8,1> */
	0x000, /* r<0;1,0> */
	0x466, /* -r<8;8,1> */
	0x465, /* (abs)r<8;8,1> */
	0x002, /* -r<0;1,0> */
	0x200, /* r<2;1,0> */
	0x240, /* r<2;4,0> */
	0x340, /* r<4;4,0> */
	0x224, /* r<2;2,1> */
	0x300, /* r<4;1,0> */
	0x226, /* -r<2;2,1> */
	0x344, /* r<4;4,1> */
	0x467, /* -(abs)r<8;8,1> */
	0x100, /* r<1;1,0> */
	0x001, /* (abs)r<0;1,0> */
	0xF10, /* r[a]<1,0> */
};

static const uint64_t gen12_src1[16] = {
	0x119, /* r<8;8,1> */
	0x000, /* r<0;1,0> */
	0x919, /* -r<8;8,1> */
	0x800, /* -r<0;1,0> */
	0x519, /* (abs)r<8;8,1> */
	0x8D0, /* -r<4;4,0> */
	0x080, /* r<2;1,0> */
	0x089, /* r<2;2,1> */
	0x889, /* -r<2;2,1> */
	0x0D0, /* r<4;4,0> */
	0x0D1, /* r<4;4,1> */
	0x0C0, /* r<4;1,0> */
	0xD19, /* -(abs)r<8;8,1> */
	0x400, /* (abs)r<0;1,0> */
	0xC00, /* -(abs)r<0;1,0> */
	0x8D1, /* -r<4;4,1> */
};

static const uint64_t gen8_control3[4] = {
	0x0806001, /* (W) (8|M0) Align16 */
	0x0006001, /* (8|M0) Align16 */
	0x0008001, /* (16|M0) Align16 */
	0x0008021, /* (16|M16) Align16 */
};

static const uint64_t gen8_source3[4] = {
	0x007272720F000, /* dst:f .xyzw sub 0, srcs:f .xyzw .xyzw .xyzw */
	0x007272720F002, /* dst:f .xyzw sub 0, srcs:f .xyzw .xyzw .xyzw */
	0x007272720F008, /* dst:f .xyzw sub 0, srcs:f .xyzw .xyzw .xyzw */
	0x007272720F020, /* dst:f .xyzw sub 0, srcs:f .xyzw .xyzw .xyzw */
};

static const uint64_t gen12_control3[32] = {
	0x04A540004, /* (16|M0) grf<1>:f :f :f :f */
	0x04A540003, /* (8|M0) grf<1>:f :f :f :f */
	0x048540003, /* (8|M0) arf<1>:f :f :f :f */
	0x04A542003, /* (W) (8|M0) grf<1>:f :f :f :f */
	0x048542003, /* (W) (8|M0) arf<1>:f :f :f :f */
	0x048540013, /* (8|M8) arf<1>:f :f :f :f */
	0x04A540013, /* (8|M8) grf<1>:f :f :f :f */
	0x048542013, /* (W) (8|M8) arf<1>:f :f :f :f */
	0x04A542013, /* (W) (8|M8) grf<1>:f :f :f :f */
	0x04A542004, /* (W) (16|M0) grf<1>:f :f :f :f */
	0x048540004, /* (16|M0) arf<1>:f :f :f :f */
	0x04A550004, /* (16|M0) (sat) grf<1>:f :f :f :f */
	0x04A540024, /* (16|M16) grf<1>:f :f :f :f */
	0x048542004, /* (W) (16|M0) arf<1>:f :f :f :f */
	0x04A542000, /* (W) (1|M0) grf<1>:f :f :f :f */
	0x04A550003, /* (8|M0) (sat) grf<1>:f :f :f :f */
	0x048542033, /* (W) (8|M24) arf<1>:f :f :f :f */
	0x048542023, /* (W) (8|M16) arf<1>:f :f :f :f */
	0x04A542033, /* (W) (8|M24) grf<1>:f :f :f :f */
	0x04A542023, /* (W) (8|M16) grf<1>:f :f :f :f */
	0x048540023, /* (8|M16) arf<1>:f :f :f :f */
	0x048540033, /* (8|M24) arf<1>:f :f :f :f */
	0x04A540023, /* (8|M16) grf<1>:f :f :f :f */
	0x04A540033, /* (8|M24) grf<1>:f :f :f :f */
	0x048550004, /* (16|M0) (sat) arf<1>:f :f :f :f */
	0x04A552004, /* (W) (16|M0) (sat) grf<1>:f :f :f :f */
	0x04A542024, /* (W) (16|M16) grf<1>:f :f :f :f */
	0x04A442000, /* (W) (1|M0) grf<1>:ud :ud :ud :ud */
	0x048540024, /* (16|M16) arf<1>:f :f :f :f */
	0x04A550024, /* (16|M16) (sat) grf<1>:f :f :f :f */
	0x04A542002, /* (W) (4|M0) grf<1>:f :f :f :f */
	0x048550003, /* (8|M0) (sat) arf<1>:f :f :f :f */
};

static const uint64_t gen12_source3[32] = {
	0x12C300, /* grf<0;0> grf<8;1> grf<0> */
	0x12C242, /* arf<4;1> grf<8;1> grf<0> */
	0x16C343, /* grf<8;1> grf<8;1> grf<1> */
	0x12C343, /* grf<8;1> grf<8;1> grf<0> */
	0x160143, /* grf<8;1> grf<0;0> grf<1> */
	0x16C34B, /* -grf<8;1> grf<8;1> grf<1> */
	0x14C343, /* grf<8;1> arf<8;1> grf<1> */
	0x10C300, /* grf<0;0> arf<8;1> grf<0> */
	0x16C300, /* grf<0;0> grf<8;1> grf<1> */
	0x16CB43, /* grf<8;1> grf<8;1> -grf<1> */
	0x16E343, /* grf<8;1> -grf<8;1> grf<1> */
	0x160100, /* grf<0;0> grf<0;0> grf<1> */
	0x10C343, /* grf<8;1> arf<8;1> grf<0> */
	0x12E300, /* grf<0;0> -grf<8;1> grf<0> */
	0x12E343, /* grf<8;1> -grf<8;1> grf<0> */
	0x12C34B, /* -grf<8;1> grf<8;1> grf<0> */
	0x120143, /* grf<8;1> grf<0;0> grf<0> */
	0x12C308, /* -grf<0;0> grf<8;1> grf<0> */
	0x120100, /* grf<0;0> grf<0;0> grf<0> */
	0x16E300, /* grf<0;0> -grf<8;1> grf<1> */
	0x12CB00, /* grf<0;0> grf<8;1> -grf<0> */
	0x14C300, /* grf<0;0> arf<8;1> grf<1> */
	0x12CB43, /* grf<8;1> grf<8;1> -grf<0> */
	0x16CB4B, /* -grf<8;1> grf<8;1> -grf<1> */
	0x14C34B, /* -grf<8;1> arf<8;1> grf<1> */
	0x16E34B, /* -grf<8;1> -grf<8;1> grf<1> */
	0x162143, /* grf<8;1> -grf<0;0> grf<1> */
	0x160943, /* grf<8;1> grf<0;0> -grf<1> */
	0x16C308, /* -grf<0;0> grf<8;1> grf<1> */
	0x16CB00, /* grf<0;0> grf<8;1> -grf<1> */
	0x120943, /* grf<8;1> grf<0;0> -grf<0> */
	0x14CB43, /* grf<8;1> arf<8;1> -grf<1> */
};

static const uint64_t gen12_subreg3[32] = {
	0x00000, /* dst .0  src0 .0  src1 .0  src2 .0 (bytes) */
	0x20000, /* dst .0  src0 .0  src1 .0  src2 .4 (bytes) */
	0x00180, /* dst .0  src0 .12  src1 .0  src2 .0 (bytes) */
	0xA0000, /* dst .0  src0 .0  src1 .0  src2 .20 (bytes) */
	0x80380, /* dst .0  src0 .28  src1 .0  src2 .16 (bytes) */
	0x60000, /* dst .0  src0 .0  src1 .0  src2 .12 (bytes) */
	0x40000, /* dst .0  src0 .0  src1 .0  src2 .8 (bytes) */
	0x02000, /* dst .0  src0 .0  src1 .8  src2 .0 (bytes) */
	0x01000, /* dst .0  src0 .0  src1 .4  src2 .0 (bytes) */
	0xC0000, /* dst .0  src0 .0  src1 .0  src2 .24 (bytes) */
	0x80000, /* dst .0  src0 .0  src1 .0  src2 .16 (bytes) */
	0xE0000, /* dst .0  src0 .0  src1 .0  src2 .28 (bytes) */
	0x06000, /* dst .0  src0 .0  src1 .24  src2 .0 (bytes) */
	0x00080, /* dst .0  src0 .4  src1 .0  src2 .0 (bytes) */
	0x04000, /* dst .0  src0 .0  src1 .16  src2 .0 (bytes) */
	0x03000, /* dst .0  src0 .0  src1 .12  src2 .0 (bytes) */
	0x05000, /* dst .0  src0 .0  src1 .20  src2 .0 (bytes) */
	0x07000, /* dst .0  src0 .0  src1 .28  src2 .0 (bytes) */
	0x00100, /* dst .0  src0 .8  src1 .0  src2 .0 (bytes) */
	0x00200, /* dst .0  src0 .16  src1 .0  src2 .0 (bytes) */
	0x00300, /* dst .0  src0 .24  src1 .0  src2 .0 (bytes) */
	0x00280, /* dst .0  src0 .20  src1 .0  src2 .0 (bytes) */
	0x00380, /* dst .0  src0 .28  src1 .0  src2 .0 (bytes) */
	0xC0380, /* dst .0  src0 .28  src1 .0  src2 .24 (bytes) */
	0x20100, /* dst .0  src0 .8  src1 .0  src2 .4 (bytes) */
	0x20180, /* dst .0  src0 .12  src1 .0  src2 .4 (bytes) */
	0x40180, /* dst .0  src0 .12  src1 .0  src2 .8 (bytes) */
	0x80300, /* dst .0  src0 .24  src1 .0  src2 .16 (bytes) */
	0x80280, /* dst .0  src0 .20  src1 .0  src2 .16 (bytes) */
	0x60080, /* dst .0  src0 .4  src1 .0  src2 .12 (bytes) */
	0xA0380, /* dst .0  src0 .28  src1 .0  src2 .20 (bytes) */
	0x40080, /* dst .0  src0 .4  src1 .0  src2 .8 (bytes) */
};

#define T(tab) tab, (unsigned)(sizeof(tab) / sizeof(tab[0]))

/* Gen8-11: control -> AccessMode 8, MaskCtrl 34, DepCtrl 10:9,
 * QtrCtrl..ExecSize 23:12, Saturate/FlagSubReg/FlagReg 33:31. */
#define GEN8_CONTROL { T(gen8_control), \
	{ { 8, 1, 0 }, { 34, 1, 1 }, { 9, 2, 2 }, { 12, 12, 4 }, { 31, 3, 16 } } }
/* datatype -> dst/src0 file+type 46:35, src1 file+type 94:89, dst
 * AddrMode+HorzStride 63:61 */
#define GEN8_DATATYPE(tab) { T(tab), \
	{ { 35, 12, 0 }, { 89, 6, 12 }, { 61, 3, 18 } } }
/* subreg -> dst 52:48, src0 68:64, src1 100:96 */
#define GEN8_SUBREG { T(gen8_subreg), \
	{ { 48, 5, 0 }, { 64, 5, 5 }, { 96, 5, 10 } } }
/* src index -> Abs..VertStride 88:77 (src0), 120:109 (src1) */
#define GEN8_SRC0 { T(gen8_src), { { 77, 12, 0 } } }
#define GEN8_SRC1 { T(gen8_src), { { 109, 12, 0 } } }
/* 3-src control -> 28:8 and MaskCtrl/FlagReg/FlagSubReg 34:32 */
#define GEN8_CONTROL3 { T(gen8_control3), { { 8, 21, 0 }, { 32, 3, 21 } } }

const struct plat_compact plat_compact_bdw = {
	.control = GEN8_CONTROL,
	.datatype = GEN8_DATATYPE(gen8_datatype),
	.subreg = GEN8_SUBREG,
	.src0 = GEN8_SRC0,
	.src1 = GEN8_SRC1,
	.control3 = GEN8_CONTROL3,
	/* dst and shared fields 55:37, swizzles, RegNum[7] of each source */
	.source3 = { T(gen8_source3),
		{ { 37, 19, 0 }, { 65, 8, 19 }, { 86, 8, 27 }, { 107, 8, 35 },
		  { 83, 1, 43 }, { 104, 1, 44 }, { 125, 1, 45 } } },
};

const struct plat_compact plat_compact_gen9 = {
	.control = GEN8_CONTROL,
	.datatype = GEN8_DATATYPE(gen8_datatype),
	.subreg = GEN8_SUBREG,
	.src0 = GEN8_SRC0,
	.src1 = GEN8_SRC1,
	/* Gen9 adds the mixed-mode Src1Type/Src2Type bits 36:35 */
	.control3 = { T(gen8_control3),
		{ { 8, 21, 0 }, { 32, 3, 21 }, { 35, 2, 24 } } },
	/* Gen9 adds the half-dword subregister bits 84, 105, 126 */
	.source3 = { T(gen8_source3),
		{ { 37, 19, 0 }, { 65, 8, 19 }, { 86, 8, 27 }, { 107, 8, 35 },
		  { 83, 2, 43 }, { 104, 2, 45 }, { 125, 2, 47 } } },
};

const struct plat_compact plat_compact_gen11 = {
	.control = GEN8_CONTROL,
	.datatype = GEN8_DATATYPE(gen11_datatype),
	.subreg = GEN8_SUBREG,
	.src0 = GEN8_SRC0,
	.src1 = GEN8_SRC1,
};

const struct plat_compact plat_compact_gen12 = {
	/* ExecSize..PredInv 28:16, MaskCtrl..Saturate 34:31, CondMod 95:92 */
	.control = { T(gen12_control),
		{ { 16, 13, 0 }, { 31, 4, 13 }, { 92, 4, 17 } } },
	/* dst AddrMode/type, src0 type 43:35, IsImm/dst HorzStride/file
	 * 50:46, src0 file 66, src1 type 91:88, src1 file 98 */
	.datatype = { T(gen12_datatype),
		{ { 35, 9, 0 }, { 46, 5, 9 }, { 66, 1, 14 }, { 88, 4, 15 },
		  { 98, 1, 19 } } },
	.subreg = { T(gen12_subreg),
		{ { 51, 5, 0 }, { 67, 5, 5 }, { 99, 5, 10 } } },
	/* src0: Abs/Negate 45:44, HorzStride 65:64, AddrMode 80, Width
	 * 83:81, VertStride 87:84 */
	.src0 = { T(gen12_src0),
		{ { 44, 2, 0 }, { 64, 2, 2 }, { 80, 8, 4 } } },
	/* src1: HorzStride 97:96, AddrMode..VertStride 119:112, Abs/Negate */
	.src1 = { T(gen12_src1),
		{ { 96, 2, 0 }, { 112, 8, 2 }, { 120, 2, 10 } } },
	.control3 = { T(gen12_control3),
		{ { 16, 13, 0 }, { 31, 4, 13 }, { 36, 7, 17 }, { 48, 1, 24 },
		  { 50, 1, 25 }, { 80, 3, 26 }, { 88, 3, 29 }, { 92, 4, 32 } } },
	.source3 = { T(gen12_source3),
		{ { 35, 1, 0 }, { 43, 5, 1 }, { 64, 3, 6 }, { 83, 5, 9 },
		  { 91, 1, 14 }, { 96, 3, 15 }, { 112, 3, 18 } } },
	.subreg3 = { T(gen12_subreg3),
		{ { 51, 5, 0 }, { 67, 5, 5 }, { 99, 5, 10 }, { 115, 5, 15 } } },
};
