/*
 * visafin.h - public API of libvisafin.
 *
 * visafin reads vISA objects (binary .isa, text .visaasm), holds them in
 * one object model (struct vf_module, see visa_model.h) and writes them
 * back.  Every call reports failure through a struct vf_error: the library
 * never prints and never exits.
 */
#ifndef VISAFIN_H
#define VISAFIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library is built with hidden symbols: only the functions marked
 * VF_API here are exported from libvisafin.so. */
#if defined(__GNUC__)
#define VF_API __attribute__((visibility("default")))
#else
#define VF_API
#endif

/* The four kinds of failure, never mixed (see docs/errors.md). */
enum vf_status {
	VF_OK = 0,
	VF_ERR_INPUT = 1,        /* malformed input: file, offset or line, what */
	VF_ERR_UNSUPPORTED = 2,  /* valid input visafin cannot handle (yet) */
	VF_ERR_INTERNAL = 3,     /* a visafin bug */
	VF_ERR_MEMORY = 4,       /* out of memory */
	VF_ERR_IO = 5,           /* a file could not be read or written */
};

#define VF_ERROR_MSG_MAX 1024

struct vf_error {
	enum vf_status status;
	char msg[VF_ERROR_MSG_MAX];
};

struct vf_module;

/* vISA platform codes as gen_binary_info stores them. */
enum vf_platform_code {
	VF_PLATFORM_BDW = 3,
	VF_PLATFORM_SKL = 5,
	VF_PLATFORM_BXT = 6,
	VF_PLATFORM_ICLLP = 10,
	VF_PLATFORM_TGLLP = 12,
};

/* Platform by name: bdw, skl, bxt, icllp, tgllp, any case; also GenX_IR's
 * spellings (BDW, SKL, BXT, ICLLP, TGLLP, GEN8, GEN9, GEN11, GEN12LP).
 * Returns the vISA platform code, or -1 if unknown. */
VF_API int vf_platform_from_name(const char *name);
/* Canonical lower-case name of a platform code, or NULL. */
VF_API const char *vf_platform_name(int code);

/* Read a binary vISA object.  'name' is used in error messages. */
VF_API enum vf_status vf_read_isa(const void *data, size_t size, const char *name,
                           struct vf_module **out, struct vf_error *err);

/* Parse vISA assembly text.  Several texts (a kernel and the functions it
 * calls, each a separate text as IGC dumps them) make one module; each
 * text may also hold several routines one after another. */
struct vf_text {
	const char *name;  /* for error messages */
	const char *data;
	size_t size;
};
VF_API enum vf_status vf_read_visaasm(const struct vf_text *texts, size_t count,
                               struct vf_module **out, struct vf_error *err);

/* Serialise to the binary format; *out is malloc'ed, caller frees. */
VF_API enum vf_status vf_write_isa(const struct vf_module *m, uint8_t **out,
                            size_t *size, struct vf_error *err);

/* Print as vISA assembly in IGC's dialect; *out is malloc'ed and
 * NUL-terminated, caller frees. */
VF_API enum vf_status vf_print_visaasm(const struct vf_module *m, char **out,
                                size_t *size, struct vf_error *err);

VF_API void vf_module_free(struct vf_module *m);

/* The module as a vISA binary written by Intel's tools holds it: IGC's
 * writer leaves the last one or two fields of every instruction out
 * (docs/objmodel.md).  The view shares data with 'm'; free it before 'm'.
 * "visafin dump" prints this view so that an IGC .isa and the .visaasm
 * printed for the same kernel compare equal. */
VF_API enum vf_status vf_module_igc_view(const struct vf_module *m,
                                  struct vf_module **out,
                                  struct vf_error *err);

/* Embedded Gen binaries (gen_binary_info) of kernel 'kernel'. */
enum vf_gen_edit { VF_GEN_ADD, VF_GEN_REPLACE, VF_GEN_REMOVE };
VF_API enum vf_status vf_module_set_gen(struct vf_module *m, unsigned kernel,
                                 int platform, enum vf_gen_edit edit,
                                 const void *bytes, size_t size,
                                 struct vf_error *err);


/* ---- finalizer: vISA kernels to Gen machine code -------------------- */

/* Options of a finalization; zero-initialise, then set what you need. */
struct vf_finalize_options {
	int platform;             /* vISA platform code, e.g. VF_PLATFORM_SKL */
	const char *dump_passes;  /* IR dumps after passes: b(uild) g(oto)
	                           * l(egalize) s(plit) r(egalloc); NULL none */
	void (*dump)(void *ctx, const char *pass, const char *text);
	void *dump_ctx;
	int verify;               /* check the register allocation (tests) */
	int no_compaction;        /* leave every instruction 16 bytes */
};

/* One kernel input as the vISA input table declares it (input_info, spec
 * 4_visa_header.md): where the runtime puts it in the thread payload. */
struct vf_kernel_input {
	uint8_t kind;             /* bits 0-1 category (0 general, 1 sampler,
	                           * 2 surface), bits 3-7 provenance */
	uint32_t id;              /* variable id (V/S/T number) */
	int32_t offset;           /* byte offset from r0.0 */
	uint32_t size;            /* bytes */
};

/* One finalized kernel: the Gen binary and what the runtime needs. */
struct vf_kernel_result {
	char *name;               /* kernel name */
	int platform;             /* vISA platform code */
	uint8_t *code;            /* Gen instructions (compacted where possible) */
	size_t code_size;
	unsigned simd_size;       /* dispatch width 8, 16 or 32 */
	unsigned grf_count;       /* GRFs in the thread (128 on SKL) */
	unsigned grf_used;        /* highest register allocated + 1 */
	uint32_t spill_size;      /* scratch bytes used by spills */
	uint32_t scratch_size;    /* SpillMemOffset + spill_size (the whole
	                           * stack-call area with stack calls) */
	uint32_t slm_size;        /* SLMSize attribute */
	int uses_barrier;
	uint32_t per_thread_payload;   /* bytes of local ids after r0 */
	uint32_t cross_thread_payload; /* bytes of inputs after them */
	/* 64-bit immediates (of uncompacted movs) the loader must set to a
	 * symbol's address (vISA faddr): R_ZE_SYM_ADDR-style relocations. */
	struct vf_code_reloc {
		uint32_t offset;          /* byte offset of the immediate */
		char *symbol;
	} *relocs;
	size_t reloc_count;
	struct vf_kernel_input *inputs;  /* the input layout, vISA order */
	size_t input_count;
};

/* Finalize kernel number 'kernel' of 'm'.  On success *out is filled and
 * must be released with vf_kernel_result_clear().  Thread-safe: all state
 * lives in the call. */
VF_API enum vf_status vf_finalize_kernel(const struct vf_module *m, unsigned kernel,
                                  const struct vf_finalize_options *opt,
                                  struct vf_kernel_result *out,
                                  struct vf_error *err);
/* Finalize every kernel; *out (malloc'ed, *count entries) is released
 * with vf_kernel_results_free().  Stops at the first error. */
VF_API enum vf_status vf_finalize_all(const struct vf_module *m,
                               const struct vf_finalize_options *opt,
                               struct vf_kernel_result **out, size_t *count,
                               struct vf_error *err);
VF_API void vf_kernel_result_clear(struct vf_kernel_result *r);
VF_API void vf_kernel_results_free(struct vf_kernel_result *r, size_t count);

/* ---- .gen files: finalized kernels in ELF (docs/gen-file.md) -------- */

/* Serialise 'count' results of one platform as a .gen ELF image: per
 * kernel a .text.<kernel> section, a symbol, relocations, and the
 * metadata in a note section.  *out is malloc'ed, caller frees. */
VF_API enum vf_status vf_gen_write(const struct vf_kernel_result *r, size_t count,
                            uint8_t **out, size_t *size,
                            struct vf_error *err);
/* Read a .gen image back into one result per kernel (in file order), to
 * be released with vf_kernel_results_free().  'name' is used in error
 * messages.  Malformed input is VF_ERR_INPUT, never a crash. */
VF_API enum vf_status vf_gen_read(const void *data, size_t size, const char *name,
                           struct vf_kernel_result **out, size_t *count,
                           struct vf_error *err);

/* ---- splicing into Intel program binaries (docs/splice.md) --------- */

struct vf_splice_options {
	/* Replace only the code (and code sizes): keep .ze_info and the
	 * program's relocations; for code with IGC's own metadata. */
	int code_only;
};

/* Put the code of each result into the zebin 'program' (ocloc --format
 * zebin): its .text.<kernel> section, symbols, relocations and, unless
 * code_only, the .ze_info fields that depend on the code.  A kernel the
 * program lacks, a different argument layout or platform, or anything
 * splice cannot update is an error.  *out is malloc'ed. */
VF_API enum vf_status vf_splice(const void *program, size_t size,
                                const char *name,
                                const struct vf_kernel_result *r,
                                size_t count,
                                const struct vf_splice_options *opt,
                                uint8_t **out, size_t *out_size,
                                struct vf_error *err);

/* Index of the kernel called 'name', or -1. */
VF_API int vf_module_kernel_index(const struct vf_module *m, const char *name);
/* Number of kernels in a module. */
VF_API unsigned vf_module_kernel_count(const struct vf_module *m);

#ifdef __cplusplus
}
#endif

#endif
