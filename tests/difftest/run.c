/*
 * run.c - one difftest program: finalized by libvisafin in-process and by
 * GenX_IR (a child process on a copy in the work directory), both run in
 * gensim on the same input, the 512 result bytes compared.
 */
#include "config.h"

#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "difftest.h"
#include "fileio.h"
#include "gen.h"
#include "platforms/platform.h"
#include "region64.h"
#include "sim.h"
#include "visafin.h"

extern char **environ;

static enum dt_result fail(struct dt_ctx *c, enum dt_result r,
                           const char *what, const char *msg)
{
	snprintf(c->msg, sizeof c->msg, "%s: %.400s", what, msg);
	return r;
}

static enum dt_result by_visafin(struct dt_ctx *c, const char *text,
                                 uint8_t **code, size_t *size)
{
	struct vf_text t = { "difftest.visaasm", text, strlen(text) };
	struct vf_module *m = NULL;
	struct vf_error e = { 0 };
	struct vf_finalize_options o = {
		.platform = vf_platform_from_name(c->platform), .verify = 1 };
	struct vf_kernel_result r = { 0 };
	if (vf_read_visaasm(&t, 1, &m, &e) != VF_OK ||
	    vf_finalize_kernel(m, 0, &o, &r, &e) != VF_OK) {
		vf_module_free(m);
		return fail(c, DT_VF_ERROR, "visafin", e.msg);
	}
	vf_module_free(m);
	*code = r.code;
	*size = r.code_size;
	r.code = NULL;
	vf_kernel_result_clear(&r);
	return DT_PASS;
}

/* Rules the simulator does not model, checked on visafin's binary
 * instruction by instruction: the CHV/BXT 64-bit regions
 * (encoder/region64.c). */
static enum dt_result check_rules(struct dt_ctx *c, const uint8_t *code,
                                  size_t size)
{
	const struct plat_info *p = plat_by_name(c->platform);
	if (!p || !p->caps.region_64bit_restricted)
		return DT_PASS;
	for (size_t pc = 0; pc < size;) {
		struct gen_inst in;
		struct vf_error e = { 0 };
		if (gen_decode(p, code, size, pc, "visafin", &in, &e) != VF_OK)
			return fail(c, DT_VF_ERROR, "visafin binary", e.msg);
		char buf[200];
		const char *why = gen_check_region64(p, &in, buf, sizeof buf);
		if (why) {
			char msg[300];
			snprintf(msg, sizeof msg, "instruction at 0x%zx: %s", pc, why);
			return fail(c, DT_VF_ERROR, "visafin binary breaks a rule", msg);
		}
		pc += in.length;
	}
	return DT_PASS;
}

/* GenX_IR k.visaasm -platform P -output -binary, in the work directory;
 * its Gen binary is k.dat. */
static enum dt_result by_genx(struct dt_ctx *c, const char *text,
                              uint8_t **code, size_t *size)
{
	char path[300], dat[300], log[300];
	snprintf(path, sizeof path, "%s/k.visaasm", c->workdir);
	snprintf(dat, sizeof dat, "%s/k.dat", c->workdir);
	snprintf(log, sizeof log, "%s/genx.log", c->workdir);
	unlink(dat);
	struct vf_error e = { 0 };
	if (vf_file_write(path, text, strlen(text), &e) != VF_OK)
		return fail(c, DT_GX_ERROR, "work directory", e.msg);
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC,
	                                 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	char *argv[] = { "GenX_IR", "k.visaasm", "-platform",
	                 (char *)c->genx_platform, "-output", "-binary", NULL };
	/* GenX_IR writes next to its input: run it inside the work dir. */
	char cwd[4096];
	pid_t pid;
	int rc = -1;
	if (getcwd(cwd, sizeof cwd) && chdir(c->workdir) == 0) {
		if (posix_spawnp(&pid, "GenX_IR", &fa, NULL, argv, environ) == 0 &&
		    waitpid(pid, &rc, 0) < 0)
			rc = -1;
		if (chdir(cwd) != 0)
			rc = -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	if (rc == -1)
		return fail(c, DT_GX_ERROR, "GenX_IR", "could not run");
	/* GenX_IR may exit 1 after writing its outputs (spills) */
	if (vf_file_read(dat, code, size, &e) != VF_OK || !*size) {
		uint8_t *msg = NULL;
		size_t n = 0;
		vf_file_read(log, &msg, &n, &e);
		enum dt_result r = fail(c, DT_GX_ERROR, "GenX_IR",
		                        msg ? (char *)msg : "no output");
		free(msg);
		return r;
	}
	return DT_PASS;
}

/* Runs one binary on 'input'; the results into out[DT_OUT_BYTES]. */
static enum dt_result simulate(struct dt_ctx *c, const char *who,
                               const uint8_t *code, size_t size,
                               unsigned simd, const uint8_t *input,
                               uint8_t *out)
{
	const struct plat_info *p = plat_by_name(c->platform);
	struct vf_error e = { 0 };
	struct sim_ctx *s = sim_create(p, &e);
	if (!s)
		return fail(c, DT_SIM_ERROR, who, e.msg);
	/* Gen12: a missing software scoreboard dependency fails the run
	 * (no effect where the hardware keeps the scoreboard) */
	sim_set_swsb_check(s, true);
	uint64_t in_addr = 0, out_addr = 0;
	enum dt_result r = DT_PASS;
	if (sim_load_kernel(s, code, size, who, &e) != VF_OK ||
	    sim_alloc(s, DT_IN_BYTES, 4096, input, &in_addr, &e) != VF_OK ||
	    sim_alloc(s, DT_OUT_BYTES, 4096, NULL, &out_addr, &e) != VF_OK) {
		r = fail(c, DT_SIM_ERROR, who, e.msg);
	} else {
		uint8_t cross[64] = { 0 };
		uint64_t args[DT_ARG_COUNT] = { in_addr, in_addr + 128, out_addr,
		                                out_addr + 128, out_addr + 256,
		                                out_addr + 384 };
		memcpy(cross, args, sizeof args);
		struct sim_launch l = { .simd = simd, .work_dim = 1 };
		for (unsigned d = 0; d < 3; d++)
			l.global_size[d] = l.local_size[d] = 1;
		l.global_size[0] = l.local_size[0] = simd;
		l.cross_thread = cross;
		l.cross_thread_offset = DT_ARG_OFFSET;
		l.cross_thread_size = sizeof cross;
		l.max_instructions = 1000000;
		if (sim_run(s, &l, &e) != VF_OK) {
			r = fail(c, DT_SIM_ERROR, who, e.msg);
		} else {
			const void *res = sim_host_ptr(s, out_addr, DT_OUT_BYTES);
			if (res)
				memcpy(out, res, DT_OUT_BYTES);
			else
				r = fail(c, DT_SIM_ERROR, who, "no output buffer");
			c->sim_insts += sim_instruction_count(s);
		}
	}
	sim_destroy(s);
	return r;
}

enum dt_result dt_check(struct dt_ctx *c, const char *text, unsigned simd,
                        const uint8_t input[DT_IN_BYTES])
{
	uint8_t *vcode = NULL, *gcode = NULL;
	size_t vsize = 0, gsize = 0;
	uint8_t vout[DT_OUT_BYTES], gout[DT_OUT_BYTES];
	c->msg[0] = 0;
	enum dt_result r = by_genx(c, text, &gcode, &gsize);
	if (r == DT_PASS)
		r = by_visafin(c, text, &vcode, &vsize);
	if (r == DT_PASS)
		r = check_rules(c, vcode, vsize);
	if (r == DT_PASS)
		r = simulate(c, "GenX_IR", gcode, gsize, simd, input, gout);
	if (r == DT_PASS)
		r = simulate(c, "visafin", vcode, vsize, simd, input, vout);
	if (r == DT_PASS) {
		for (unsigned i = 0; i < DT_OUT_BYTES; i++)
			if (vout[i] != gout[i]) {
				snprintf(c->msg, sizeof c->msg, "result byte %u (R row %u): "
				         "visafin 0x%02x, GenX_IR 0x%02x", i, i / 32, vout[i],
				         gout[i]);
				r = DT_MISMATCH;
				break;
			}
	}
	free(vcode);
	free(gcode);
	return r;
}
