/* sim_harness.c - see sim_harness.h.  Kernels are assembled with the
 * project's assembler (gen_assemble) and end with IGC's end-of-thread
 * sequence (GEN-FACTS.md 6.3: r127 = r0, send to the thread spawner). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "sim_harness.h"

static const char eot_g8[] =
	"(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud\n"
	"(W) send (8|M0) null r127 0x27 0x02000010 {EOT}\n";
static const char eot_g12[] =
	"(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud\n"
	"(W) send.ts (8|M0) null r127 null 0x0 0x02000010 {EOT,@1}\n";

bool simh_load(struct simh *h, const char *plat, unsigned simd,
               unsigned threads, const char *text)
{
	memset(h, 0, sizeof(*h));
	h->p = plat_by_name(plat);
	if (!h->p)
		return false;
	const char *eot = h->p->enc == GEN_ENC_GEN12 ? eot_g12 : eot_g8;
	size_t n = strlen(text) + strlen(eot) + 2;
	char *src = malloc(n);
	if (!src)
		return false;
	snprintf(src, n, "%s\n%s", text, eot);
	enum vf_status st = gen_assemble(h->p, src, strlen(src), "test.asm",
	                                 &h->code, &h->size, &h->err);
	free(src);
	if (st != VF_OK)
		return false;
	h->c = sim_create(h->p, &h->err);
	if (!h->c || sim_load_kernel(h->c, h->code, h->size, "test", &h->err)
	    != VF_OK)
		return false;
	unsigned nt = threads ? threads : 1;
	h->l = (struct sim_launch){
		.simd = simd, .work_dim = 1,
		.global_size = { simd * nt, 1, 1 },
		.local_size = { simd * nt, 1, 1 },
		.cross_thread = h->cross, .cross_thread_size = sizeof(h->cross),
		.cross_thread_offset = simd == 32 ? 224 : 128,
		.max_instructions = 100000,
	};
	return true;
}

enum vf_status simh_run(struct simh *h)
{
	if (!h->c)
		return h->err.status ? h->err.status : VF_ERR_INTERNAL;
	return sim_run(h->c, &h->l, &h->err);
}

void simh_load_ok(struct simh *h, const char *plat, unsigned simd,
                  unsigned threads, const char *text)
{
	ck_assert_msg(simh_load(h, plat, simd, threads, text), "load: %s",
	              h->err.msg);
}

void simh_run_ok(struct simh *h)
{
	ck_assert_msg(simh_run(h) == VF_OK, "run: %s", h->err.msg);
}

void simh_free(struct simh *h)
{
	sim_destroy(h->c);
	free(h->code);
	h->c = NULL;
	h->code = NULL;
}

void simh_set_ud(struct simh *h, unsigned byte, uint32_t v)
{
	memcpy(h->cross + byte, &v, 4);
}

void simh_set_f(struct simh *h, unsigned byte, float v)
{
	memcpy(h->cross + byte, &v, 4);
}

void simh_set_df(struct simh *h, unsigned byte, double v)
{
	memcpy(h->cross + byte, &v, 8);
}

void simh_set_uq(struct simh *h, unsigned byte, uint64_t v)
{
	memcpy(h->cross + byte, &v, 8);
}

/* 'size' bytes at byte 'off' of register 'reg' of thread t's final
 * registers (zeros when nothing ran). */
static void grf_read(const struct simh *h, unsigned t, unsigned reg,
                     unsigned off, void *v, size_t size)
{
	static const uint8_t zero[4096];
	const uint8_t *g = h->c ? sim_thread_grf(h->c, t) : NULL;
	memcpy(v, (g ? g : zero) + reg * 32 + off, size);
}

uint32_t simh_ud_t(const struct simh *h, unsigned t, unsigned reg,
                   unsigned dw)
{
	uint32_t v;
	grf_read(h, t, reg, dw * 4, &v, sizeof v);
	return v;
}

uint32_t simh_ud(const struct simh *h, unsigned reg, unsigned dw)
{
	return simh_ud_t(h, 0, reg, dw);
}

uint16_t simh_uw(const struct simh *h, unsigned reg, unsigned w)
{
	uint16_t v;
	grf_read(h, 0, reg, w * 2, &v, sizeof v);
	return v;
}

float simh_f(const struct simh *h, unsigned reg, unsigned dw)
{
	float v;
	grf_read(h, 0, reg, dw * 4, &v, sizeof v);
	return v;
}

double simh_df(const struct simh *h, unsigned reg, unsigned q)
{
	double v;
	grf_read(h, 0, reg, q * 8, &v, sizeof v);
	return v;
}

uint64_t simh_uq(const struct simh *h, unsigned reg, unsigned q)
{
	uint64_t v;
	grf_read(h, 0, reg, q * 8, &v, sizeof v);
	return v;
}

uint32_t simh_fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

uint64_t simh_dbits(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}
