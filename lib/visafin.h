/*
 * visafin.h - public API of libvisafin (docs/library.md).
 *
 * visafin reads vISA objects (binary .isa, text .visaasm) into a module,
 * writes them back, finalizes their kernels into Gen machine code, keeps
 * finalized kernels in a cache, and reads and writes .gen files.  A
 * module is opaque here: the library's own object model is not part of
 * the installed API.  Every call that can fail returns an enum vf_status
 * and fills the struct vf_error the caller passes: the library never
 * prints and never exits.  Calls share no state, so different threads
 * may use them at once on different objects; a module read by several
 * threads at once must not be changed meanwhile.
 *
 * Include as <visafin/visafin.h>; compile and link flags come from
 * "pkg-config visafin" (add --static for a static link).
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

/* Success, or one of five kinds of failure, never mixed (docs/errors.md
 * describes each, with examples of their messages). */
enum vf_status {
	VF_OK = 0,
	VF_ERR_INPUT = 1,        /* malformed input: file, offset or line, what */
	VF_ERR_UNSUPPORTED = 2,  /* valid input visafin cannot handle (yet) */
	VF_ERR_INTERNAL = 3,     /* a visafin bug */
	VF_ERR_MEMORY = 4,       /* out of memory */
	VF_ERR_IO = 5            /* a file could not be read or written */
};

#define VF_ERROR_MSG_MAX 1024

/* What went wrong: the kind, and a one-line message (no newline) that
 * names the file and the byte offset or line:column where there is one. */
struct vf_error {
	enum vf_status status;
	char msg[VF_ERROR_MSG_MAX];
};

/* One vISA object in memory: kernels, functions, their Gen binaries. */
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

/* Read a binary vISA object from memory; 'name' is used in error
 * messages.  Release *out with vf_module_free().  Malformed bytes are
 * VF_ERR_INPUT naming the byte offset. */
VF_API enum vf_status vf_read_isa(const void *data, size_t size, const char *name,
                           struct vf_module **out, struct vf_error *err);

/* Parse vISA assembly text.  Several texts (a kernel and the functions it
 * calls, each a separate text as IGC dumps them) make one module; each
 * text may also hold several routines one after another.  Errors name
 * text:line:column. */
struct vf_text {
	const char *name;  /* for error messages */
	const char *data;
	size_t size;
};
/* Parse 'count' texts into one module (*out, vf_module_free()). */
VF_API enum vf_status vf_read_visaasm(const struct vf_text *texts, size_t count,
                               struct vf_module **out, struct vf_error *err);

/* Serialise to the binary format; *out is malloc'ed, caller frees. */
VF_API enum vf_status vf_write_isa(const struct vf_module *m, uint8_t **out,
                            size_t *size, struct vf_error *err);

/* Print as vISA assembly in IGC's dialect; *out is malloc'ed and
 * NUL-terminated, caller frees. */
VF_API enum vf_status vf_print_visaasm(const struct vf_module *m, char **out,
                                size_t *size, struct vf_error *err);

/* Release a module and everything it owns; NULL is ignored. */
VF_API void vf_module_free(struct vf_module *m);

/* The module as a vISA binary written by Intel's tools holds it: IGC's
 * writer leaves the last one or two fields of every instruction out
 * (docs/objmodel.md).  The view shares data with 'm'; free it before 'm'.
 * "visafin dump" prints this view so that an IGC .isa and the .visaasm
 * printed for the same kernel compare equal. */
VF_API enum vf_status vf_module_igc_view(const struct vf_module *m,
                                  struct vf_module **out,
                                  struct vf_error *err);

/* Edit the embedded Gen binaries (gen_binary_info) of kernel 'kernel':
 * add one for 'platform' (VF_ERR_INPUT if it has one), replace it (if it
 * has none) or remove it ('bytes' unused).  The bytes are copied. */
enum vf_gen_edit { VF_GEN_ADD, VF_GEN_REPLACE, VF_GEN_REMOVE };
VF_API enum vf_status vf_module_set_gen(struct vf_module *m, unsigned kernel,
                                 int platform, enum vf_gen_edit edit,
                                 const void *bytes, size_t size,
                                 struct vf_error *err);


/* ---- finalizer: vISA kernels to Gen machine code -------------------- */

/* Options of a finalization; zero-initialise, then set what you need.
 * (An option added here that changes the code must also enter the cache
 * key, lib/cache_blob.c.) */
struct vf_finalize_options {
	int platform;             /* vISA platform code, e.g. VF_PLATFORM_SKL */
	const char *dump_passes;  /* IR dumps after passes: b(uild) g(oto)
	                           * (copy)p(rop) (b)y(te_layout) l(egalize)
	                           * s(plit) (c)o(alesce) r(egalloc)
	                           * c(allsave); NULL none */
	void (*dump)(void *ctx, const char *pass, const char *text);
	void *dump_ctx;
	int verify;               /* verify the IR after every pass and the
	                           * register allocation (tests; always on
	                           * in --enable-debug builds) */
	int no_compaction;        /* leave every instruction 16 bytes */
	/* When set, called after each pass with its time in milliseconds
	 * (ctx = dump_ctx); pass names as in docs/ir.md's pipeline table. */
	void (*pass_time)(void *ctx, const char *pass, double ms);
	int threads;              /* vf_finalize_all: kernels finalized at
	                           * once on this many threads (0 or 1: on
	                           * the calling thread; at most
	                           * VF_MAX_THREADS); results, errors and
	                           * dumps (always serial) as in a serial run */
};

#define VF_MAX_THREADS 64

/* One kernel input as the vISA input table declares it (input_info, spec
 * 4_visa_header.md): where the runtime puts it in the thread payload. */
struct vf_kernel_input {
	uint8_t kind;             /* bits 0-1 category (0 general, 1 sampler,
	                           * 2 surface), bits 3-7 provenance */
	uint32_t id;              /* variable id (V/S/T number) */
	int32_t offset;           /* byte offset from r0.0 */
	uint32_t size;            /* bytes */
};

/* Relocation types of struct vf_code_reloc (zebin's numbers). */
enum { VF_RELOC_ADDR = 1, VF_RELOC_ADDR32 = 2, VF_RELOC_ADDR32_HI = 3 };

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
	/* Immediates (of uncompacted movs) the loader must set to a
	 * symbol's address (vISA faddr): zebin relocations.  type is the
	 * zebin's ELF relocation type: VF_RELOC_ADDR (the 8-byte address),
	 * VF_RELOC_ADDR32 / VF_RELOC_ADDR32_HI (its low / high 4 bytes, two
	 * dword moves where a 64-bit immediate is not written as one
	 * little-endian value: Gen12). */
	struct vf_code_reloc {
		uint32_t offset;          /* byte offset of the immediate */
		char *symbol;
		unsigned type;            /* VF_RELOC_* */
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
 * with vf_kernel_results_free().  Stops at the first error (with threads:
 * the error of the lowest-numbered kernel that failed). */
VF_API enum vf_status vf_finalize_all(const struct vf_module *m,
                               const struct vf_finalize_options *opt,
                               struct vf_kernel_result **out, size_t *count,
                               struct vf_error *err);
/* Free what one result owns and zero it (the struct itself stays). */
VF_API void vf_kernel_result_clear(struct vf_kernel_result *r);
/* Clear 'count' results and free the array; NULL is ignored. */
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

/* ---- loading, embedded binaries, disassembly ------------------------- */

/* Load one module from files: a binary vISA object (magic "CISA") alone,
 * or one or more .visaasm texts (a kernel and the functions it calls)
 * combined as vf_read_visaasm combines them.  Unlike the visafin
 * command, no other file is looked for. */
VF_API enum vf_status vf_load_files(const char *const *paths, size_t count,
                             struct vf_module **out, struct vf_error *err);

/* The Gen binary kernel 'kernel' carries for 'platform' (a fat object's
 * gen_binary_info): 1 with *bytes (owned by 'm') and *size, else 0. */
VF_API int vf_module_get_gen(const struct vf_module *m, unsigned kernel,
                      int platform, const uint8_t **bytes, size_t *size);
/* That binary as a result, for runtimes that treat embedded and
 * finalized code alike: code, name, platform, SIMD size (SimdSize
 * attribute), GRF count, SLM size and the payload layout from the vISA
 * kernel.  A fat object does not record registers used, spill or
 * scratch sizes, barriers or relocations: those are 0.  Release with
 * vf_kernel_result_clear(); VF_ERR_INPUT if there is no such binary. */
VF_API enum vf_status vf_module_gen_result(const struct vf_module *m, unsigned kernel,
                                    int platform, struct vf_kernel_result *out,
                                    struct vf_error *err);

/* Gen machine code for 'platform' as IGA assembly text, the way
 * "iga64 -d" prints it.  *text is malloc'ed and NUL-terminated, caller
 * frees.  Bytes that do not decode are VF_ERR_INPUT with their offset. */
VF_API enum vf_status vf_disasm(int platform, const void *code, size_t size,
                         char **text, struct vf_error *err);

/* ---- cache of finalized kernels (docs/cache.md) --------------------- */

/* A cache key: XXH3-128 over everything that decides the finalizer's
 * output (the vISA input bytes, the kernel chosen, the platform, the
 * options that change code, visafin's version and the entry format). */
#define VF_CACHE_KEY_SIZE 16
struct vf_cache_key {
	uint8_t bytes[VF_CACHE_KEY_SIZE];
};

/* Key for finalizing 'kernel' (NULL: every kernel) of the vISA objects
 * whose bytes are in texts[0..count) (the .isa, or the .visaasm texts
 * in the order vf_read_visaasm gets them; names are not hashed). */
VF_API enum vf_status vf_cache_key_texts(const struct vf_text *texts, size_t count,
                                  const char *kernel,
                                  const struct vf_finalize_options *opt,
                                  struct vf_cache_key *key,
                                  struct vf_error *err);
/* Key for a module already in memory: its binary form (vf_write_isa)
 * stands for its bytes. */
VF_API enum vf_status vf_cache_key_module(const struct vf_module *m,
                                   const char *kernel,
                                   const struct vf_finalize_options *opt,
                                   struct vf_cache_key *key,
                                   struct vf_error *err);
/* The key as 32 lower-case hex digits and a NUL. */
VF_API void vf_cache_key_hex(const struct vf_cache_key *key, char hex[33]);

/* In-memory mode, for runtimes with their own store: a blob is 'count'
 * results, zlib-compressed, with the key and a checksum.  *blob is
 * malloc'ed, caller frees. */
VF_API enum vf_status vf_cache_pack(const struct vf_cache_key *key,
                             const struct vf_kernel_result *r, size_t count,
                             uint8_t **blob, size_t *size,
                             struct vf_error *err);
/* Unpack a blob made by vf_cache_pack for 'key'.  A truncated, corrupt
 * or foreign blob (other key, other visafin version) is VF_ERR_INPUT and
 * never yields results.  *r is released with vf_kernel_results_free(). */
VF_API enum vf_status vf_cache_unpack(const struct vf_cache_key *key,
                               const void *blob, size_t size,
                               struct vf_kernel_result **r, size_t *count,
                               struct vf_error *err);

/* On-disk mode: one directory of entries, shared safely by threads and
 * processes.  'dir' NULL means $VISAFIN_CACHE_DIR; when that is unset
 * too, *out is NULL and the cache calls below treat NULL as "no cache".
 * The directory is created if missing.  'max_bytes' bounds the entries'
 * total size (0: $VISAFIN_CACHE_MAX, else 256 MiB); past it the least
 * recently used entries are removed.  A handle may be used by several
 * threads at once. */
struct vf_cache;
VF_API enum vf_status vf_cache_open(const char *dir, uint64_t max_bytes,
                             struct vf_cache **out, struct vf_error *err);
/* Release the handle (the directory stays); NULL is ignored. */
VF_API void vf_cache_close(struct vf_cache *c);
/* Look 'key' up: *hit 1 with *r (*count results) on a hit, *hit 0 on a
 * miss.  A bad entry is removed and counts as a miss; errors reading the
 * cache are misses too, so the status is VF_OK unless memory ran out. */
VF_API enum vf_status vf_cache_get(struct vf_cache *c, const struct vf_cache_key *key,
                            struct vf_kernel_result **r, size_t *count,
                            int *hit, struct vf_error *err);
/* Store results under 'key' (temporary file, then rename), then evict
 * if the directory is over its size.  VF_ERR_IO if the entry could not
 * be written; the cache stays valid either way. */
VF_API enum vf_status vf_cache_put(struct vf_cache *c, const struct vf_cache_key *key,
                            const struct vf_kernel_result *r, size_t count,
                            struct vf_error *err);
/* Finalize 'kernel' (NULL: every kernel) of 'm' through cache 'c' (NULL:
 * no cache): a hit returns the stored results, a miss finalizes and
 * stores.  A cache that cannot be written does not fail the call.
 * *hit (may be NULL) tells which happened. */
VF_API enum vf_status vf_finalize_cached(struct vf_cache *c, const struct vf_module *m,
                                  const char *kernel,
                                  const struct vf_finalize_options *opt,
                                  struct vf_kernel_result **out,
                                  size_t *count, int *hit,
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
VF_API enum vf_status vf_splice(const void *program, size_t size, const char *name,
                         const struct vf_kernel_result *r, size_t count,
                         const struct vf_splice_options *opt,
                         uint8_t **out, size_t *out_size,
                         struct vf_error *err);

/* Index of the kernel called 'name', or -1. */
VF_API int vf_module_kernel_index(const struct vf_module *m, const char *name);
/* Number of kernels in a module. */
VF_API unsigned vf_module_kernel_count(const struct vf_module *m);
/* Name of kernel 'kernel' (owned by 'm'), or NULL. */
VF_API const char *vf_module_kernel_name(const struct vf_module *m, unsigned kernel);

#ifdef __cplusplus
}
#endif

#endif
