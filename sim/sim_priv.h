/*
 * sim_priv.h - gensim internals shared by the sim/ sources: the
 * simulator context, the thread state, the memory model and the helper
 * functions of each concern (registers and regions, values and
 * conversions, ALU, math, control flow, messages, dispatch).
 *
 * Facts: GEN-FACTS.md (register files 2.1, types 2.2, flow 2.5, SEND
 * 2.6/3.4/6, payload 7); Mesa brw_eu_defines.h; IGC visa/HWCaps.inc.
 */
#ifndef VISAFIN_SIM_PRIV_H
#define VISAFIN_SIM_PRIV_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sim.h"
#include "gen.h"

#define SIM_GRF_COUNT 128
#define SIM_GRF_SIZE 32
#define SIM_GRF_BYTES (SIM_GRF_COUNT * SIM_GRF_SIZE)
#define SIM_MAX_CH 32
#define SIM_MAX_FRAMES 256
#define SIM_BTI_SLM 254
#define SIM_BTI_STATELESS 255
#define SIM_BTI_STATELESS_NC 253
#define SIM_DEFAULT_MAX_INST 200000000ull

__extension__ typedef __int128 sim_i128;
__extension__ typedef unsigned __int128 sim_u128;
/* Extended precision behind the math-macro registers (113-bit mantissa). */
__extension__ typedef __float128 sim_ext;

/* ---- memory ---------------------------------------------------------- */

struct sim_region {
	uint64_t addr;
	uint64_t size;
	uint8_t *data;
};

struct sim_mem {
	struct sim_region *r;
	unsigned n, cap;
	uint64_t next;       /* next free GPU address */
	unsigned last;       /* index of the last region hit */
};

enum sim_surf_kind { SIM_SURF_NONE, SIM_SURF_BUFFER, SIM_SURF_IMAGE };

struct sim_surface {
	uint8_t kind;
	uint64_t addr, size;
	struct sim_image_desc img;
};

/* ---- threads ----------------------------------------------------------- */

enum sim_tstate { SIM_T_RUN, SIM_T_BARRIER, SIM_T_DONE };

/* A call frame: the channels that did not take part in a call wait here
 * (suspended) until the matching return. */
struct sim_frame {
	uint32_t suspended;
	uint32_t cip[SIM_MAX_CH];
};

struct sim_thread {
	uint8_t grf[SIM_GRF_BYTES];
	uint8_t acc[64];          /* acc0, acc1 */
	uint8_t mme[8][32];       /* math macro registers (acc2..9) */
	sim_ext mmx[8][SIM_MAX_CH]; /* extra precision behind .mmeN */
	uint8_t flag[8];          /* f0.0 f0.1 f1.0 f1.1 */
	uint8_t a0[32];
	uint8_t sr0[16], cr0[16], n0[8], sp[16], tm0[16], tdr[16], dbg[16];
	uint8_t ip_reg[4], ce0[4], msg[32], fc[32];
	uint32_t cip[SIM_MAX_CH]; /* per-channel instruction pointers */
	uint32_t dmask;           /* dispatch mask */
	uint32_t ip;
	uint8_t state;            /* enum sim_tstate */
	bool bar_signaled, bar_released;
	unsigned tid;
	uint64_t icount;
	struct sim_frame *frames;
	unsigned nframes;
};

/* ---- context ----------------------------------------------------------- */

struct sim_group {
	uint32_t id[3];
	uint8_t *slm;
	unsigned slm_size;
	unsigned bar_arrived;
	struct sim_thread *t;
	unsigned nthreads;
};

struct sim_ctx {
	const struct plat_info *p;
	struct gen_inst *insts;
	int32_t *at;              /* byte offset / 8 -> instruction index */
	unsigned ninsts;
	size_t code_size;
	size_t bad_pc;            /* first byte that did not decode */
	char bad_why[VF_ERROR_MSG_MAX]; /* ... and why */
	char name[128];
	struct sim_mem mem;
	struct sim_surface bt[256];
	struct sim_sampler_desc samplers[16];
	bool sampler_set[16];
	const struct sim_launch *launch;
	struct sim_group g;
	uint64_t scratch_base;
	uint64_t scratch_size;
	uint64_t icount;
	uint64_t rng;
	sim_trace_fn trace;
	void *trace_user;
	const struct gen_inst *cur;   /* instruction being executed */
	bool swsb_on;                 /* --swsb-check (sim_swsb.c) */
	struct sim_swsb *swsb;
	struct vf_error *err;
};

/* ---- values (sim_value.c) ---------------------------------------------- */

/* Computation domain of an instruction. */
enum sim_dom { SIM_DOM_INT, SIM_DOM_F, SIM_DOM_DF };

union sim_val {
	sim_i128 i;
	float f;
	double d;
};

/* The bits of a float or double and back (no conversion). */
static inline uint32_t sim_f_to_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static inline float sim_bits_to_f(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static inline uint64_t sim_d_to_bits(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}

static inline double sim_bits_to_d(uint64_t u)
{
	double d;
	memcpy(&d, &u, 8);
	return d;
}

bool sim_type_signed(enum gen_type t);
bool sim_type_float(enum gen_type t);
uint16_t sim_float_to_half(float f);
uint16_t sim_double_to_half(double d);
/* Host rounding direction (fenv.h) for the thread's cr0.0 [5:4]. */
int sim_round_mode(const struct sim_thread *t);
/* Round to the nearest integer, ties to even, whatever the host mode. */
double sim_round_even(double x);
/* Raw element bits -> value in a domain, and back (with saturation). */
union sim_val sim_from_raw(uint64_t raw, enum gen_type t, enum sim_dom d);
uint64_t sim_to_raw(union sim_val v, enum sim_dom d, enum gen_type t,
                    bool sat);
/* Packed immediate vectors: element i of a :v/:uv/:vf immediate. */
uint64_t sim_imm_elem(const struct gen_opnd *o, unsigned i,
                      enum gen_type *t);
/* Which element of a packed vector immediate channel ch of instruction in
 * reads: the vector lies over each 16-byte block of the destination with
 * word (:v/:uv) or dword (:vf) elements, so the channel's destination byte
 * position picks it (PRM "Immediate": destination 128-bit aligned, stride
 * of a word for :v, a dword for :vf; IGC HWConformity
 * fixDstAlignmentWithVectorImm interleaves 0x21:uv into 0x0201:uv for a
 * dword destination).  False when the destination is not 16-byte aligned,
 * which the hardware does not define. */
bool sim_packed_lane(const struct gen_inst *in, const struct gen_opnd *o,
                     unsigned ch, unsigned *elem);
/* Apply source modifiers in a domain (logic ops: negate = invert). */
union sim_val sim_apply_mods(union sim_val v, unsigned mods,
                             enum sim_dom d, bool logic, enum gen_type t);

/* ---- registers and regions (sim_regs.c) --------------------------------- */

/* Register space of a direct register operand: base pointer and size
 * in bytes from that register on; NULL for null or unknown. */
uint8_t *sim_reg_space(struct sim_thread *t, enum gen_regname rn,
                       unsigned nr, unsigned *size);
/* Read/write element c of an operand (raw bits, little endian). */
bool sim_read_src(struct sim_ctx *c, struct sim_thread *t,
                  const struct gen_inst *in, const struct gen_opnd *o,
                  unsigned ch, uint64_t *raw);
bool sim_write_dst(struct sim_ctx *c, struct sim_thread *t,
                   const struct gen_inst *in, unsigned ch, uint64_t raw);
/* Channels of the instruction that execute (bit c = channel c of the
 * instruction, not the thread): execution mask and predicate. */
uint32_t sim_exec_mask(const struct sim_thread *t, const struct gen_inst *in);
uint32_t sim_enabled(const struct sim_thread *t, const struct gen_inst *in);
uint32_t sim_pred_mask(const struct sim_thread *t, const struct gen_inst *in);
uint32_t sim_flag_get(const struct sim_thread *t, unsigned nr);
void sim_flag_set_bit(struct sim_thread *t, const struct gen_inst *in,
                      unsigned ch, bool v);
uint32_t sim_grf_ud(const struct sim_thread *t, unsigned reg, unsigned dw);
uint16_t sim_a0(const struct sim_thread *t, unsigned sub);

/* ---- execution (sim_alu.c, sim_alu_int.c, sim_math.c, sim_flow.c) ------- */

enum vf_status sim_exec_alu(struct sim_ctx *c, struct sim_thread *t,
                            const struct gen_inst *in);
/* Integer-only operations: true if handled. */
bool sim_int_op(const struct gen_inst *in, const union sim_val *s,
                enum gen_type st0, enum gen_type dt, union sim_val *r,
                union sim_val *acc, bool *acc_wr);
enum vf_status sim_exec_math(struct sim_ctx *c, struct sim_thread *t,
                             const struct gen_inst *in);
enum vf_status sim_exec_madm(struct sim_ctx *c, struct sim_thread *t,
                             const struct gen_inst *in);
enum vf_status sim_exec_flow(struct sim_ctx *c, struct sim_thread *t,
                             const struct gen_inst *in, bool *done);
/* The instruction at byte offset pc, or NULL. */
const struct gen_inst *sim_inst_at(const struct sim_ctx *c, uint32_t pc);

/* ---- messages (sim_send.c, sim_dc.c, sim_a64.c, sim_sampler.c) --------- */

struct sim_msg {
	const struct gen_inst *in;
	uint32_t desc, exdesc;
	unsigned sfid;
	unsigned mlen, xlen, rlen;
	bool header;
	uint32_t lanes;          /* enabled channels of the send */
	unsigned nch;            /* exec size */
	uint8_t payload[64 * SIM_GRF_SIZE];
	uint8_t resp[32 * SIM_GRF_SIZE];
	uint32_t resp_mask;      /* response registers written (bit i) */
};

enum vf_status sim_exec_send(struct sim_ctx *c, struct sim_thread *t,
                             const struct gen_inst *in, bool *eot);
enum vf_status sim_msg_dc0(struct sim_ctx *c, struct sim_thread *t,
                           struct sim_msg *m);
enum vf_status sim_msg_dc1(struct sim_ctx *c, struct sim_thread *t,
                           struct sim_msg *m);
enum vf_status sim_msg_a64(struct sim_ctx *c, struct sim_thread *t,
                           struct sim_msg *m, unsigned type);
enum vf_status sim_msg_sampler(struct sim_ctx *c, struct sim_thread *t,
                               struct sim_msg *m);
enum vf_status sim_msg_typed(struct sim_ctx *c, struct sim_msg *m,
                             unsigned type);
enum vf_status sim_msg_media(struct sim_ctx *c, struct sim_msg *m,
                             bool write);
enum vf_status sim_msg_unsupported(struct sim_ctx *c, const struct sim_msg *m,
                                   const char *what);
uint32_t sim_pl_ud(const struct sim_msg *m, unsigned reg, unsigned dw);
uint64_t sim_pl_uq(const struct sim_msg *m, unsigned reg, unsigned q);
void sim_resp_ud(struct sim_msg *m, unsigned reg, unsigned dw, uint32_t v);
/* Atomic operation on a 32/64-bit memory value: returns the old value. */
bool sim_atomic(unsigned aop, uint8_t *p, unsigned size, uint64_t s0,
                uint64_t s1, uint64_t *old);

/* ---- memory (sim_mem.c) ---------------------------------------------- */

void sim_mem_free(struct sim_mem *m);
uint8_t *sim_mem_ptr(struct sim_mem *m, uint64_t addr, uint64_t size);
/* Global memory access; false (and *c->err) when unmapped. */
bool sim_gread(struct sim_ctx *c, uint64_t addr, void *dst, unsigned n);
bool sim_gwrite(struct sim_ctx *c, uint64_t addr, const void *src,
                unsigned n);
/* Surface access through a BTI: stateful buffers/images are bounds
 * checked (reads outside give 0, writes are dropped), SLM is the group's,
 * stateless goes to global memory at 'off'. */
bool sim_surf_read(struct sim_ctx *c, unsigned bti, uint64_t off, void *dst,
                   unsigned n);
bool sim_surf_write(struct sim_ctx *c, unsigned bti, uint64_t off,
                    const void *src, unsigned n);
/* Pointer for a read-modify-write of n bytes, or NULL (out of bounds). */
uint8_t *sim_surf_ptr(struct sim_ctx *c, unsigned bti, uint64_t off,
                      unsigned n);

/* ---- errors ---------------------------------------------------------- */

enum vf_status sim_fail(struct sim_ctx *c, const struct gen_inst *in,
                        enum vf_status st, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
