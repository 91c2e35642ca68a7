/*
 * cmd_splice.c - "visafin splice": put finalized kernels into a program
 * binary that ocloc built (docs/splice.md).
 *
 *   visafin splice PROGRAM.bin IN.gen [-k NAME]... -o OUT.bin
 *   visafin splice PROGRAM.bin --code KERNEL=CODE.bin... -o OUT.bin
 *
 * The first form takes the kernels of a .gen file (all, or those named
 * with -k) with their metadata; the second takes raw Gen code (as
 * "visafin --raw", "visafin asm" or IGC's .dat dumps write it) and keeps
 * the program's metadata and relocations.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "err.h"
#include "fileio.h"

static const char splice_usage[] =
	"usage: visafin splice PROGRAM.bin IN.gen [-k NAME]... -o OUT.bin\n"
	"       visafin splice PROGRAM.bin --code KERNEL=CODE.bin... -o OUT.bin\n"
	"Put finalized kernels into a zebin program binary (ocloc --format\n"
	"zebin): code, symbols, relocations and .ze_info (docs/splice.md).\n";

#define MAX_PICK 256

struct splice_args {
	const char *program, *gen, *out;
	const char *pick[MAX_PICK];     /* -k names */
	size_t npick;
	char *code[MAX_PICK];           /* --code KERNEL=FILE */
	size_t ncode;
};

static int usage_error(const char *msg)
{
	fprintf(stderr, "visafin splice: %s\n%s", msg, splice_usage);
	return 2;
}

static int parse_args(int argc, char **argv, struct splice_args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		bool more = i + 1 < argc;
		if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
			fputs(splice_usage, stdout);
			return 0;
		} else if (!strcmp(s, "-o") && more) {
			a->out = argv[++i];
		} else if (!strcmp(s, "-k") && more) {
			if (a->npick == MAX_PICK)
				return usage_error("too many -k");
			a->pick[a->npick++] = argv[++i];
		} else if (!strcmp(s, "--code") && more) {
			if (a->ncode == MAX_PICK)
				return usage_error("too many --code");
			a->code[a->ncode++] = argv[++i];
		} else if (s[0] == '-' && s[1]) {
			fprintf(stderr, "visafin splice: unknown option '%s'\n", s);
			return usage_error("bad arguments");
		} else if (!a->program) {
			a->program = s;
		} else if (!a->gen) {
			a->gen = s;
		} else {
			return usage_error("too many inputs");
		}
	}
	if (!a->program || !a->out)
		return usage_error("give PROGRAM.bin and -o OUT.bin");
	if (!a->gen == !a->ncode)
		return usage_error("give either IN.gen or --code KERNEL=FILE");
	if (a->npick && !a->gen)
		return usage_error("-k selects kernels of IN.gen");
	return -1;
}

/* The kernels of the .gen, only those named by -k if any. */
static enum vf_status load_gen(const struct splice_args *a,
                               struct vf_kernel_result **r, size_t *n,
                               struct vf_error *err)
{
	uint8_t *data;
	size_t size;
	enum vf_status st = cli_read(a->gen, &data, &size, err);
	if (st != VF_OK)
		return st;
	st = vf_gen_read(data, size, a->gen, r, n, err);
	free(data);
	if (st != VF_OK || !a->npick)
		return st;
	size_t keep = 0;
	for (size_t k = 0; k < *n; k++) {
		bool want = false;
		for (size_t i = 0; i < a->npick; i++)
			want |= !strcmp((*r)[k].name, a->pick[i]);
		if (want)
			(*r)[keep++] = (*r)[k];
		else
			vf_kernel_result_clear(&(*r)[k]);
	}
	if (keep < a->npick) {
		vf_kernel_results_free(*r, keep);
		*r = NULL;
		*n = 0;
		return vf_err(err, VF_ERR_INPUT, "%s: a kernel named with -k is "
		              "not in it", a->gen);
	}
	*n = keep;
	return VF_OK;
}

/* One result per --code KERNEL=FILE: name and code only. */
static enum vf_status load_code(const struct splice_args *a,
                                struct vf_kernel_result **out, size_t *n,
                                struct vf_error *err)
{
	struct vf_kernel_result *r = calloc(a->ncode, sizeof *r);
	if (!r)
		return vf_err_oom(err);
	*out = r;
	*n = a->ncode;
	for (size_t k = 0; k < a->ncode; k++) {
		char *eq = strchr(a->code[k], '=');
		if (!eq || eq == a->code[k] || !eq[1])
			return vf_err(err, VF_ERR_INPUT, "--code %s: expected "
			              "KERNEL=FILE", a->code[k]);
		if (!(r[k].name = strndup(a->code[k], (size_t)(eq - a->code[k]))))
			return vf_err_oom(err);
		enum vf_status st = cli_read(eq + 1, &r[k].code,
		                                 &r[k].code_size, err);
		if (st != VF_OK)
			return st;
		if (!r[k].code_size)
			return vf_err(err, VF_ERR_INPUT, "%s: empty", eq + 1);
	}
	return VF_OK;
}

int cmd_splice(int argc, char **argv)
{
	struct splice_args a = { 0 };
	int rc = parse_args(argc, argv, &a);
	if (rc >= 0)
		return rc;
	struct vf_error err = { 0 };
	struct vf_kernel_result *r = NULL;
	size_t n = 0, psize = 0, osize = 0;
	uint8_t *prog = NULL, *out = NULL;
	struct vf_splice_options opt = { .code_only = a.ncode > 0 };
	enum vf_status st = a.gen ? load_gen(&a, &r, &n, &err)
	                          : load_code(&a, &r, &n, &err);
	if (st == VF_OK)
		st = cli_read(a.program, &prog, &psize, &err);
	if (st == VF_OK)
		st = vf_splice(prog, psize, a.program, r, n, &opt, &out, &osize,
		               &err);
	if (st == VF_OK)
		st = cli_write(a.out, out, osize, &err);
	vf_kernel_results_free(r, n);
	free(prog);
	free(out);
	return st == VF_OK ? 0 : cli_fail(&err);
}
