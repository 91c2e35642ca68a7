/*
 * sim.h - gensim, a functional simulator of Gen GPU binaries (Gen8 BDW,
 * Gen9 SKL/BXT, Gen11 ICLLP, Gen12LP TGLLP) for GPGPU dispatch.
 *
 * The simulator executes the instructions that the Gen instruction layer
 * decodes (encoder/gen.h) on a model of the EU thread state (GRF, ARF,
 * per-channel instruction pointers), a flat 64-bit GPU address space,
 * a binding table of surfaces, shared local memory per work-group and
 * scratch space per hardware thread.  One call runs a whole NDRange: the
 * work-groups one after another, the threads of a group interleaved
 * (deterministically by default, seeded-random on request) with gateway
 * barriers between them.
 *
 *   sim_create -> sim_load_kernel -> sim_alloc / sim_bind_* -> sim_run
 *   -> sim_host_ptr (read results) -> sim_destroy
 *
 * Everything reports failure through struct vf_error; the library never
 * prints and never exits.  Unsupported instructions or messages are
 * VF_ERR_UNSUPPORTED errors naming the instruction (and for messages the
 * SFID and descriptor).  Semantics and their sources: docs/gensim.md.
 */
#ifndef VISAFIN_SIM_H
#define VISAFIN_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "visafin.h"
#include "../platforms/platform.h"

struct sim_ctx;
struct gen_inst;

/* Image formats (OpenCL channel orders and data types gensim models). */
enum sim_chan_order {
	SIM_ORDER_R, SIM_ORDER_RG, SIM_ORDER_RGBA, SIM_ORDER_BGRA,
	SIM_ORDER_COUNT
};
enum sim_chan_type {
	SIM_CT_UNORM8, SIM_CT_SNORM8, SIM_CT_UNORM16, SIM_CT_SNORM16,
	SIM_CT_UINT8, SIM_CT_SINT8, SIM_CT_UINT16, SIM_CT_SINT16,
	SIM_CT_UINT32, SIM_CT_SINT32, SIM_CT_HALF, SIM_CT_FLOAT,
	SIM_CT_COUNT
};

struct sim_image_desc {
	unsigned width, height, depth;
	unsigned row_pitch, slice_pitch;   /* bytes */
	enum sim_chan_order order;
	enum sim_chan_type type;
};

enum sim_addr_mode {
	SIM_ADDR_NONE, SIM_ADDR_CLAMP_TO_EDGE, SIM_ADDR_CLAMP,
	SIM_ADDR_REPEAT, SIM_ADDR_MIRRORED_REPEAT
};

struct sim_sampler_desc {
	bool normalized;
	bool linear;             /* filter: linear, else nearest */
	enum sim_addr_mode addr;
};

/* How the threads of a work-group are interleaved. */
enum sim_sched {
	SIM_SCHED_ORDERED,  /* round robin, fixed quantum */
	SIM_SCHED_RANDOM,   /* seeded random thread and quantum */
};

struct sim_launch {
	unsigned simd;                     /* 8, 16 or 32 */
	unsigned work_dim;
	uint32_t global_offset[3];
	uint32_t global_size[3];
	uint32_t local_size[3];
	/* Cross-thread data, copied into every thread at byte offset
	 * cross_thread_offset of the register file (after r0 and the
	 * per-thread local ids). */
	const uint8_t *cross_thread;
	unsigned cross_thread_size;
	unsigned cross_thread_offset;
	unsigned slm_size;                 /* bytes of SLM per work-group */
	/* Scratch per hardware thread (bytes, power of two >= 1 KB, or 0);
	 * r0.5[31:10] points at the thread's part of it. */
	unsigned scratch_per_thread;
	/* Local id walk order: walk[0] varies fastest (default x, y, z;
	 * all zero also means the default). */
	uint8_t walk[3];
	uint64_t max_instructions;         /* per thread, 0 = default */
	enum sim_sched sched;
	uint64_t seed;
};

/* Trace hook: called before every instruction a thread executes. */
typedef void (*sim_trace_fn)(void *user, unsigned group, unsigned thread,
                             uint32_t exec_mask, const struct gen_inst *in);

struct sim_ctx *sim_create(const struct plat_info *p, struct vf_error *err);
void sim_destroy(struct sim_ctx *c);

/* Decode the kernel once (every instruction from offset 0 up to the
 * end, including code after the first EOT such as called functions). */
enum vf_status sim_load_kernel(struct sim_ctx *c, const uint8_t *code,
                               size_t size, const char *name,
                               struct vf_error *err);

/* Allocate GPU memory (below 4 GB, 'align'-aligned, zero-filled or
 * copied from 'init'); *addr receives its GPU address. */
enum vf_status sim_alloc(struct sim_ctx *c, size_t size, size_t align,
                         const void *init, uint64_t *addr,
                         struct vf_error *err);
/* Host view of [addr, addr+size) inside one allocation, or NULL. */
void *sim_host_ptr(struct sim_ctx *c, uint64_t addr, size_t size);

/* Binding table entries (BTI 0..239). */
enum vf_status sim_bind_buffer(struct sim_ctx *c, unsigned bti,
                               uint64_t addr, uint64_t size,
                               struct vf_error *err);
enum vf_status sim_bind_image(struct sim_ctx *c, unsigned bti, uint64_t addr,
                              const struct sim_image_desc *d,
                              struct vf_error *err);
/* Sampler state by sampler index (0..15). */
void sim_set_sampler(struct sim_ctx *c, unsigned index,
                     const struct sim_sampler_desc *d);

void sim_set_trace(struct sim_ctx *c, sim_trace_fn fn, void *user);

/* Gen12: check every instruction against the software scoreboard model
 * and fail the run at the first hazard (sim_swsb.c, docs/swsb.md).
 * No effect on platforms with a hardware scoreboard. */
void sim_set_swsb_check(struct sim_ctx *c, bool on);

/* Hardware threads per work-group of a launch (= FFTID range: thread i
 * of a group runs with FFTID i). */
unsigned sim_threads_per_group(const struct sim_launch *l);

/* Run every work-group of the NDRange. */
enum vf_status sim_run(struct sim_ctx *c, const struct sim_launch *l,
                       struct vf_error *err);

/* After sim_run: the final register file (128 x 32 bytes) of thread t of
 * the last work-group, or NULL; and the instructions executed. */
const uint8_t *sim_thread_grf(const struct sim_ctx *c, unsigned t);
uint64_t sim_instruction_count(const struct sim_ctx *c);

/* IEEE half bits -> float (exact). */
float sim_half_to_float(uint16_t h);

#endif
