/*
 * pipeline.c - the finalizer's pass table and runner.
 *
 *   vf_module (one kernel)
 *     │ build      build*.c, region.c   vISA -> IR on virtual registers
 *     │ goto       goto.c               SIMD gotos -> goto/join or jmpi
 *     │ copyprop   copyprop.c           movs forwarded into their uses
 *     │ lower64    lower64.c            64-bit integers as dword pairs where caps ask
 *     │ dword_mul  dword_mul.c          D x D multiply via acc0 where caps ask
 *     │ send_join  send_join.c          one payload per send where no split send
 *     │ legalize   legalize.c           immediates, strides, 3-src, math
 *     │ split      split.c              regions, exec-size splitting
 *     │ nomask_wa  nomask_wa.c          fused-EU guard of (W) code where wa asks
 *     │ regalloc   regalloc/ (live, linscan, spill): intervals, linear scan, spills
 *     │ callsave   regalloc/callsave.c  save/restore around stack calls
 *     │ rs_wa      rs_wa.c              read-suppression csel where wa asks
 *     ▼ emit       emit.c               gen_encode + gen_compact, JIP/UIP
 *   Gen binary (emit_swsb.c adds the SWSB where caps.swsb)
 *
 * Each row has a name, the pass, and a dump letter: with the letter in
 * the options' dump string, the IR after the pass goes to the dump
 * callback (nothing is printed by the library itself).  With the verify
 * option (always in --enable-debug builds) the allocation is checked
 * right after register allocation (regalloc/ra_verify.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"
#include "pipeline.h"
#include "../regalloc/ra.h"

bool ir_build(struct ir_prog *p, const struct vf_module *m, unsigned kernel);
bool ir_lower_goto(struct ir_prog *p);
bool ir_copyprop(struct ir_prog *p);
bool ir_byte_layout(struct ir_prog *p);
bool ir_lower64(struct ir_prog *p);
bool ir_dword_mul(struct ir_prog *p);
bool ir_send_join(struct ir_prog *p);
bool ir_legalize(struct ir_prog *p);
bool ir_split(struct ir_prog *p);
bool ir_coalesce(struct ir_prog *p);
bool ir_read_suppression_wa(struct ir_prog *p);
bool ir_nomask_wa(struct ir_prog *p);
bool ir_emit_code(struct ir_prog *p, uint8_t **out, size_t *size);

#ifdef VF_DEBUG
#define VERIFY_ALWAYS 1
#else
#define VERIFY_ALWAYS 0
#endif

struct pass_row {
	const char *name;
	bool (*run)(struct ir_prog *p);
	char letter;
};

static const struct pass_row passes[] = {
	{ "goto", ir_lower_goto, 'g' },
	{ "copyprop", ir_copyprop, 'p' },
	{ "byte_layout", ir_byte_layout, 'y' },
	{ "lower64", ir_lower64, '6' },
	{ "dword_mul", ir_dword_mul, 'm' },
	{ "send_join", ir_send_join, 'j' },
	{ "legalize", ir_legalize, 'l' },
	{ "split", ir_split, 's' },
	{ "coalesce", ir_coalesce, 'o' },
	{ "nomask_wa", ir_nomask_wa, 'n' },
	{ "regalloc", ra_allocate, 'r' },
	{ "callsave", ra_callsave, 'c' },
	{ "rs_wa", ir_read_suppression_wa, 'w' },
};

static void dump(struct ir_prog *p, const struct fin_options *o,
                 const char *name, char letter)
{
	if (!o->dump || !o->dump_letters || !strchr(o->dump_letters, letter))
		return;
	char *text = ir_print(p);
	if (text) {
		o->dump(o->dump_ctx, name, text);
		free(text);
	}
}

bool fin_run(struct ir_prog *p, const struct vf_module *m, unsigned kernel,
             const struct fin_options *o, uint8_t **code, size_t *size)
{
	if (!ir_build(p, m, kernel))
		return false;
	dump(p, o, "build", 'b');
	for (size_t i = 0; i < sizeof passes / sizeof passes[0]; i++) {
		if (!passes[i].run(p))
			return false;
		dump(p, o, passes[i].name, passes[i].letter);
		if (passes[i].run == ra_allocate && (o->verify || VERIFY_ALWAYS) &&
		    !ra_verify(p))
			return false;
	}
	return ir_emit_code(p, code, size);
}
