/*
 * visa_model.h - the in-memory vISA object model.
 *
 * One vf_module holds everything a vISA object file holds (spec:
 * shared/spec/visa/4_visa_header.md): the file header (kernels, functions,
 * file-scope variables, relocation tables, gen_binary_info), and for every
 * kernel and function its routine body (string pool, symbol tables, inputs,
 * attributes, instructions).
 *
 * The model is the same whatever the source: the binary reader
 * (visa_read.c) and the text parser (visaasm_read.c) both fill it, the
 * binary writer (visa_write.c) and the text printer (visa_print.c) both
 * read it.  Names are indices into the routine's string pool, exactly as
 * in the binary; the text parser interns names into the pool in the order
 * Intel's text-to-binary conversion does (docs/objmodel.md).
 *
 * Instructions are kept generically: an opcode, an optional sub-opcode,
 * the exec-size byte, the predicate word, and the remaining operands in
 * the order they appear in the binary (see visa_ops.h for the per-opcode
 * layout).  All memory belongs to the module's arena.
 */
#ifndef VISAFIN_VISA_MODEL_H
#define VISAFIN_VISA_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

/* Data types (bit_properties bits 0-3, immediate/indirect type fields). */
enum visa_type {
	VISA_TYPE_UD = 0x0, VISA_TYPE_D = 0x1, VISA_TYPE_UW = 0x2, VISA_TYPE_W = 0x3,
	VISA_TYPE_UB = 0x4, VISA_TYPE_B = 0x5, VISA_TYPE_DF = 0x6, VISA_TYPE_F = 0x7,
	VISA_TYPE_V = 0x8, VISA_TYPE_VF = 0x9, VISA_TYPE_BOOL = 0xA, VISA_TYPE_UQ = 0xB,
	VISA_TYPE_UV = 0xC, VISA_TYPE_Q = 0xD, VISA_TYPE_HF = 0xE, VISA_TYPE_BF = 0xF,
};

/* Vector operand classes (tag bits 0-2), spec 5_operands.md. */
enum visa_opnd_class {
	VISA_CLASS_GENERAL = 0, VISA_CLASS_ADDRESS = 1, VISA_CLASS_PREDICATE = 2,
	VISA_CLASS_INDIRECT = 3, VISA_CLASS_ADDRESSOF = 4, VISA_CLASS_IMMEDIATE = 5,
	VISA_CLASS_STATE = 6,
};

/* Source/destination modifiers (tag bits 3-5). */
enum visa_modifier {
	VISA_MOD_NONE = 0, VISA_MOD_ABS = 1, VISA_MOD_NEG = 2, VISA_MOD_NEG_ABS = 3,
	VISA_MOD_SAT = 4, VISA_MOD_NOT = 5,
};

/* General variable ids in operands and aliases count 32 pre-defined ids
 * first (V0..V20 are defined, V21..V31 reserved), so vars[0] is V32;
 * surfaces T0..T5 are pre-defined (surfaces[0] is T6); predicate id 0
 * means 'no predicate' (preds[0] is P1). */
#define VISA_NUM_PREDEF_VARS 32
#define VISA_NUM_DEFINED_PREDEF_VARS 21
#define VISA_NUM_PREDEF_SURFACES 6
#define VISA_NUM_PREDEF_PREDS 1

struct vf_attr {
	uint32_t name;   /* string pool index */
	uint8_t size;    /* bytes of value */
	uint8_t *value;  /* raw bytes, little endian for integers */
};

struct vf_attrs {
	uint32_t count;
	struct vf_attr *items;
};

/* A general variable (var_info). */
struct vf_var {
	uint32_t name;
	uint8_t bit_properties;  /* type bits 0-3, alignment bits 4-7 */
	uint16_t num_elements;
	uint32_t alias_index;    /* 0 = not aliased */
	uint16_t alias_offset;
	uint8_t alias_scope;     /* 0 local, 1 global */
	struct vf_attrs attrs;
};

/* address_info, predicate_info, sampler/surface/vme (state) info. */
struct vf_symvar {
	uint32_t name;
	uint16_t num_elements;
	struct vf_attrs attrs;
};

struct vf_label {
	uint32_t name;
	uint8_t kind;  /* 0 block, 1 subroutine, 2 fc (see visa_print.c) */
	struct vf_attrs attrs;
};

struct vf_input {
	uint8_t kind;    /* bits 0-1 category, bits 3-7 provenance */
	uint32_t id;
	int16_t offset;
	uint16_t size;
};

/* A vector operand (vec_operand). */
struct vf_vector {
	uint8_t tag;  /* class bits 0-2, modifier bits 3-5 */
	union {
		struct { uint32_t id; uint8_t row, col; uint16_t region; } gen;
		struct { uint16_t id; uint8_t offset, width; } addr;
		struct { uint16_t id; uint8_t addr_offset; int16_t offset;
		         uint8_t type; uint16_t region; } ind;
		struct { uint16_t id; } pred;
		struct { uint8_t type; uint64_t value; } imm;
		struct { uint8_t cls; uint16_t id; uint8_t offset; } state;
		/* ADDRESSOF: same fields as gen (id, row, col, region) */
	} u;
};

struct vf_raw {
	uint32_t id;
	uint16_t offset;
};

enum vf_opnd_kind {
	VF_OPND_OTHER = 0,  /* a plain little-endian integer of 'size' bytes */
	VF_OPND_VECTOR,
	VF_OPND_RAW,
};

struct vf_opnd {
	uint8_t kind;  /* enum vf_opnd_kind */
	uint8_t size;  /* bytes, for VF_OPND_OTHER: 1, 2, 4 or 8 */
	union {
		uint64_t other;
		struct vf_vector vec;
		struct vf_raw raw;
	} u;
};

struct vf_inst {
	uint8_t opcode;
	uint8_t subop;      /* valid when the layout has a sub-opcode */
	uint8_t exec;       /* exec-size byte: size code bits 0-3, emask bits 4-7 */
	uint16_t pred;      /* predicate word, 0 = none */
	bool has_exec, has_pred, has_subop;
	uint32_t offset;    /* byte offset of the opcode from the routine's first
	                     * instruction (binary) or 0 (text) */
	uint32_t line;      /* source line (text input), 0 if unknown */
	uint16_t nopnds;
	struct vf_opnd *opnds;  /* binary order, without exec, pred, subop */
};

/* A kernel or function body (kernel_data / function_data). */
struct vf_routine {
	bool is_kernel;
	uint32_t string_count;
	char **strings;          /* string_pool; strings[0] is "" */
	uint32_t name_index;
	uint32_t var_count;      /* excluding the pre-defined variables */
	struct vf_var *vars;
	uint16_t addr_count;
	struct vf_symvar *addrs;
	uint16_t pred_count;     /* excluding P0 */
	struct vf_symvar *preds;
	uint16_t label_count;
	struct vf_label *labels;
	uint8_t sampler_count;
	struct vf_symvar *samplers;
	uint8_t surface_count;   /* excluding the pre-defined surfaces */
	struct vf_symvar *surfaces;
	uint8_t vme_count;
	struct vf_symvar *vmes;
	uint32_t input_count;    /* kernels only */
	struct vf_input *inputs;
	uint32_t size;           /* bytes of instructions */
	uint32_t entry;          /* offset of the first instruction in the object */
	uint8_t input_size;      /* functions only: %arg GRFs */
	uint8_t return_value_size; /* functions only: %retval GRFs */
	struct vf_attrs attrs;
	uint32_t inst_count;
	struct vf_inst *insts;
	/* How the instructions are laid out in the binary (see visa_ops.h,
	 * enum visa_io_mode, and docs/objmodel.md "Two instruction layouts"):
	 * complete (the spec's layout, what Intel's reader expects) or IGC's
	 * writer's short form, whose code area ends with left-over bytes. */
	uint8_t layout;          /* enum vf_layout */
	uint32_t code_tail_size; /* IGC layout: bytes after the last instruction */
	uint8_t *code_tail;
};

enum vf_layout {
	VF_LAYOUT_COMPLETE = 0,
	VF_LAYOUT_IGC = 1,
};

struct vf_reloc {
	uint16_t symbolic_index;
	uint16_t resolved_index;
};

struct vf_relocs {
	uint16_t count;
	struct vf_reloc *items;
};

struct vf_gen_binary {
	uint8_t platform;   /* vISA platform code: BDW 3, SKL 5, BXT 6, ICLLP 10, TGLLP 12 */
	uint32_t offset;    /* as read; recomputed by the writer */
	uint32_t size;
	uint8_t *bytes;
};

struct vf_kernel_info {
	char *name;
	uint32_t offset, size, input_offset;  /* as read; recomputed by the writer */
	struct vf_relocs var_relocs, func_relocs;
	uint8_t gen_count;
	struct vf_gen_binary gens[4];
	struct vf_routine body;
};

struct vf_function_info {
	uint8_t linkage;
	char *name;
	uint32_t offset, size;
	struct vf_relocs var_relocs, func_relocs;
	struct vf_routine body;
};

struct vf_filescope_var {
	uint8_t linkage;
	char *name;
	uint8_t bit_properties;
	uint16_t num_elements;
	struct vf_attrs attrs;
};

struct vf_module {
	struct vf_arena *arena;
	uint8_t major, minor;
	uint16_t kernel_count;
	struct vf_kernel_info *kernels;
	uint16_t filescope_count;
	struct vf_filescope_var *filescope;
	uint16_t function_count;
	struct vf_function_info *functions;
	/* Bytes between the last routine and the first Gen binary, and after
	 * the last Gen binary, kept so that a read-write round trip is exact
	 * (docs/objmodel.md "layout"). */
	uint32_t tail_size;
	uint8_t *tail;
};

/* Version as one integer: (major << 8) | minor. */
static inline unsigned vf_version(const struct vf_module *m)
{
	return ((unsigned)m->major << 8) | m->minor;
}

/* Name/index fields are 4 bytes from vISA 3.4 (2 before); the input count
 * is 4 bytes from 3.5. */
static inline unsigned vf_decl_width(unsigned version)
{
	return version >= 0x0304 ? 4 : 2;
}
static inline unsigned vf_input_count_width(unsigned version)
{
	return version >= 0x0305 ? 4 : 2;
}

struct vf_module *vf_module_new(void);
void vf_module_free(struct vf_module *m);

/* Number of pre-defined general variables for the module's version. */
unsigned vf_predef_var_count(unsigned version);

/* Routine helpers. */
const char *vf_routine_string(const struct vf_routine *r, uint32_t index);
/* The integer value (little-endian, first 4 bytes) of the routine's
 * attribute 'name' in *out; false when the routine has no such attribute. */
bool vf_routine_attr_u32(const struct vf_routine *r, const char *name,
                         uint32_t *out);
/* Append a string to the pool (no de-duplication); returns its index. */
uint32_t vf_routine_add_string(struct vf_arena *a, struct vf_routine *r,
                               const char *s);
/* The same for the n bytes at s (no NUL among them), stored with a NUL. */
uint32_t vf_routine_add_string_n(struct vf_arena *a, struct vf_routine *r,
                                 const char *s, size_t n);

/* Type helpers. */
/* Declarations that would give wrong code (validate.c): inputs against
 * the .input table and the payload, aliases within their base, labels
 * that are jumped to placed once.  'where' names the routine in the
 * message; malformed input is VF_ERR_INPUT. */
struct vf_error;
enum vf_status vf_validate_routine(const struct vf_routine *r,
                                   const char *where, struct vf_error *err);
unsigned vf_type_size(unsigned type);  /* bytes; 0 for unknown */
const char *vf_type_name(unsigned type); /* lower case: "ud", "d", ... */

#endif
