/*
 * visa_ops.h - vISA opcodes and the per-opcode binary layout.
 *
 * Opcode numbers are those of the vISA 4.1 binary format (IGC's
 * ISA_Opcode).  visa_ops.c holds one table row per opcode: the mnemonic
 * IGC's tables use, the instruction class, and the layout of the
 * instruction's fields in the binary.  visa_inst_io.c reads and writes
 * instructions by that layout (see docs/objmodel.md).
 *
 * Operand numbering used everywhere (reader, writer, printer, parser,
 * finalizer): struct vf_inst.opnds[] holds the instruction's fields in
 * binary order, leaving out the exec-size byte (vf_inst.exec), the
 * predicate word (vf_inst.pred) and the sub-opcode byte (vf_inst.subop).
 */
#ifndef VISAFIN_VISA_OPS_H
#define VISAFIN_VISA_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "bytes.h"
#include "visa_model.h"

enum visa_op {
	VISA_OP_ADD = 0x01, VISA_OP_AVG = 0x02, VISA_OP_DIV = 0x03,
	VISA_OP_DP2 = 0x04, VISA_OP_DP3 = 0x05, VISA_OP_DP4 = 0x06,
	VISA_OP_DPH = 0x07, VISA_OP_EXP = 0x08, VISA_OP_FRC = 0x09,
	VISA_OP_LINE = 0x0A, VISA_OP_LOG = 0x0B, VISA_OP_MAD = 0x0C,
	VISA_OP_MULH = 0x0D, VISA_OP_LRP = 0x0E, VISA_OP_MOD = 0x0F,
	VISA_OP_MUL = 0x10, VISA_OP_POW = 0x11, VISA_OP_RNDD = 0x12,
	VISA_OP_RNDU = 0x13, VISA_OP_RNDE = 0x14, VISA_OP_RNDZ = 0x15,
	VISA_OP_SAD2 = 0x16, VISA_OP_SIN = 0x17, VISA_OP_COS = 0x18,
	VISA_OP_SQRT = 0x19, VISA_OP_RSQRT = 0x1A, VISA_OP_INV = 0x1B,
	VISA_OP_DPASW = 0x1C, VISA_OP_FCVT = 0x1D, VISA_OP_SRND = 0x1E,
	VISA_OP_LZD = 0x1F, VISA_OP_AND = 0x20, VISA_OP_OR = 0x21,
	VISA_OP_XOR = 0x22, VISA_OP_NOT = 0x23, VISA_OP_SHL = 0x24,
	VISA_OP_SHR = 0x25, VISA_OP_ASR = 0x26, VISA_OP_CBIT = 0x27,
	VISA_OP_ADDR_ADD = 0x28, VISA_OP_MOV = 0x29, VISA_OP_SEL = 0x2A,
	VISA_OP_SETP = 0x2B, VISA_OP_CMP = 0x2C, VISA_OP_MOVS = 0x2D,
	VISA_OP_FBL = 0x2E, VISA_OP_FBH = 0x2F, VISA_OP_SUBROUTINE = 0x30,
	VISA_OP_LABEL = 0x31, VISA_OP_JMP = 0x32, VISA_OP_CALL = 0x33,
	VISA_OP_RET = 0x34, VISA_OP_OWORD_LD = 0x35, VISA_OP_OWORD_ST = 0x36,
	VISA_OP_MEDIA_LD = 0x37, VISA_OP_MEDIA_ST = 0x38, VISA_OP_GATHER = 0x39,
	VISA_OP_SCATTER = 0x3A, VISA_OP_OWORD_LD_UNALIGNED = 0x3C,
	VISA_OP_SAMPLE = 0x40, VISA_OP_SAMPLE_UNORM = 0x41, VISA_OP_LOAD = 0x42,
	VISA_OP_AVS = 0x43, VISA_OP_VA = 0x44, VISA_OP_FMINMAX = 0x45,
	VISA_OP_BFE = 0x46, VISA_OP_BFI = 0x47, VISA_OP_BFREV = 0x48,
	VISA_OP_ADDC = 0x49, VISA_OP_SUBB = 0x4A, VISA_OP_GATHER4_TYPED = 0x4B,
	VISA_OP_SCATTER4_TYPED = 0x4C, VISA_OP_VA_SKL_PLUS = 0x4D,
	VISA_OP_SVM = 0x4E, VISA_OP_IFCALL = 0x4F, VISA_OP_FADDR = 0x50,
	VISA_OP_FILE = 0x51, VISA_OP_LOC = 0x52, VISA_OP_VME_IME = 0x54,
	VISA_OP_VME_SIC = 0x55, VISA_OP_VME_FBR = 0x56, VISA_OP_VME_IDM = 0x57,
	VISA_OP_BARRIER = 0x59, VISA_OP_SAMPLR_CACHE_FLUSH = 0x5A,
	VISA_OP_WAIT = 0x5B, VISA_OP_FENCE = 0x5C, VISA_OP_RAW_SEND = 0x5D,
	VISA_OP_YIELD = 0x5F, VISA_OP_NBARRIER = 0x60, VISA_OP_FCALL = 0x67,
	VISA_OP_FRET = 0x68, VISA_OP_SWITCHJMP = 0x69, VISA_OP_SAD2ADD = 0x6A,
	VISA_OP_PLANE = 0x6B, VISA_OP_GOTO = 0x6C, VISA_OP_3D_SAMPLE = 0x6D,
	VISA_OP_3D_LOAD = 0x6E, VISA_OP_3D_GATHER4 = 0x6F, VISA_OP_3D_INFO = 0x70,
	VISA_OP_3D_RT_WRITE = 0x71, VISA_OP_3D_URB_WRITE = 0x72,
	VISA_OP_3D_TYPED_ATOMIC = 0x73, VISA_OP_GATHER4_SCALED = 0x74,
	VISA_OP_SCATTER4_SCALED = 0x75, VISA_OP_GATHER_SCALED = 0x78,
	VISA_OP_SCATTER_SCALED = 0x79, VISA_OP_RAW_SENDS = 0x7A,
	VISA_OP_LIFETIME = 0x7B, VISA_OP_SBARRIER = 0x7C,
	VISA_OP_DWORD_ATOMIC = 0x7D, VISA_OP_SQRTM = 0x7E, VISA_OP_DIVM = 0x7F,
	VISA_OP_ROL = 0x80, VISA_OP_ROR = 0x81, VISA_OP_DP4A = 0x82,
	VISA_OP_DPAS = 0x83, VISA_OP_ADD3 = 0x84, VISA_OP_BFN = 0x85,
	VISA_OP_QW_GATHER = 0x86, VISA_OP_QW_SCATTER = 0x87,
	VISA_OP_LSC_UNTYPED = 0x89, VISA_OP_LSC_TYPED = 0x8A,
	VISA_OP_LSC_FENCE = 0x8B, VISA_OP_MADW = 0x91, VISA_OP_ADD3O = 0x92,
	VISA_OP_COUNT = 0x93,
};

/* Instruction classes (IGC's ISA_Inst_Type). */
enum visa_op_class {
	VISA_CLASS_MOV, VISA_CLASS_ARITH, VISA_CLASS_LOGIC, VISA_CLASS_COMPARE,
	VISA_CLASS_ADDR, VISA_CLASS_FLOW, VISA_CLASS_DATAPORT,
	VISA_CLASS_SAMPLER, VISA_CLASS_MISC, VISA_CLASS_SIMD_FLOW,
	VISA_CLASS_SYNC, VISA_CLASS_SVM, VISA_CLASS_LSC, VISA_CLASS_NONE,
};

struct visa_op_info {
	const char *name;        /* IGC's table mnemonic, NULL for reserved */
	enum visa_op_class cls;
	uint8_t n_srcs, n_dsts;  /* as IGC's ISA_Inst_Info counts them */
};

/* Row for 'op', or NULL for reserved/unknown opcodes. */
const struct visa_op_info *visa_op_info(unsigned op);

/* Read one instruction at c->pos (the opcode byte) into *in; allocate its
 * operands from 'a'.  On malformed input returns false with the error set
 * on the cursor (offset and what was expected). */
bool visa_inst_read(struct vf_cursor *c, struct vf_arena *a,
                    struct vf_inst *in);
/* Append the binary form of 'in' (exactly what visa_inst_read consumed). */
void visa_inst_write(struct vf_buf *b, unsigned version,
                     const struct vf_inst *in);

/*
 * Layouts and sub-opcodes (added with visa_ops.c; the layout language is
 * described in docs/visa-binary-instructions.md).
 */

/* Layout string of 'op' for a binary of 'version' ((major << 8) | minor),
 * after the opcode byte; NULL for reserved/unknown opcodes.  "S" means a
 * sub-opcode byte follows, then visa_subop_layout(op, subop). */
const char *visa_op_layout(unsigned op, unsigned version);
/* True for the opcodes whose byte after the opcode is a sub-opcode that
 * selects the rest of the layout: svm, va, va_skl_plus, lsc_untyped,
 * lsc_typed (vf_inst.has_subop). */
bool visa_op_has_subop(unsigned op);
/* Layout after the sub-opcode byte, or NULL if 'subop' is not valid for
 * 'op'. */
const char *visa_subop_layout(unsigned op, unsigned subop);
/* IGC's name of a sub-opcode ("svm_gather", "va_minmax",
 * "va_hdc_erode", "lsc_load_quad", ...), or NULL if invalid. */
const char *visa_subop_name(unsigned op, unsigned subop);
/* Name of an LSC operation code 0x00..0x1F (LSC_OP), or NULL. */
const char *visa_lsc_op_name(unsigned lsc_op);
/* IGC's text name of a 3D sampler operation (low byte of the sub-op field
 * of sample_3d/load_3d/gather4_3d, the first byte of info_3d):
 * "sample_3d", "sample_lz", "resinfo", ...; NULL if invalid. */
const char *visa_sampler3d_op_name(unsigned op);

/* Which instruction layout to read or write.  IGC 1.0.12504.6 (IGC and
 * GenX_IR alike) writes every instruction short: the last n fields are
 * missing, n being the number of exec-size and predicate fields of the
 * instruction (docs/visa-binary-instructions.md, "Truncation").  That is
 * what visa_inst_read/visa_inst_write use.  VISA_IO_SPEC is the complete
 * layout that IGC's binary reader expects. */
enum visa_io_mode {
	VISA_IO_IGC = 0,
	VISA_IO_SPEC = 1,
};
bool visa_inst_read_ex(struct vf_cursor *c, struct vf_arena *a,
                       struct vf_inst *in, enum visa_io_mode mode);
void visa_inst_write_ex(struct vf_buf *b, unsigned version,
                        const struct vf_inst *in, enum visa_io_mode mode);
/* The bytes visa_inst_write_ex would write, without writing them. */
size_t visa_inst_size_ex(unsigned version, const struct vf_inst *in,
                         enum visa_io_mode mode);

/* The size IGC's writer counted for an instruction it wrote truncated:
 * the 'size' field of a routine it wrote is the sum of these complete
 * sizes, while only the truncated bytes were written, the rest of the
 * area being left-over memory.  For an instruction read with VISA_IO_IGC,
 * *lo..*hi bounds that complete size (opcode byte included); vector
 * operands that were cut off make the bounds differ. */
void visa_inst_igc_size(const struct vf_inst *in, unsigned version,
                        uint32_t *lo, uint32_t *hi);
/* visa_inst_write_ex(b, version, in, VISA_IO_IGC) and the *lo of
 * visa_inst_igc_size, from one write (no second pass over the layout). */
uint32_t visa_inst_write_igc(struct vf_buf *b, unsigned version,
                             const struct vf_inst *in);

/* Where the instructions end in a routine's code area [start, start +
 * size) of the file behind 'c' (c->pos is not used or moved).  IGC's
 * writer leaves left-over bytes after the instructions (see
 * visa_inst_igc_size); a reader keeps [end, start + size) as raw bytes.
 * Returns start + size when the whole area is instructions. */
size_t visa_insts_igc_end(const struct vf_cursor *c, size_t start,
                          uint32_t size);

#endif
