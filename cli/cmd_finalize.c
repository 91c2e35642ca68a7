/*
 * cmd_finalize.c - "visafin -p P IN [FUNC...] ...": finalize vISA kernels
 * into Gen machine code.
 *
 *   visafin -p skl IN.isa|IN.visaasm [FUNC.visaasm...] --raw [-k NAME] -o OUT
 *        the bare Gen binary of one kernel (the only one, or NAME); its
 *        relocations, if any, in OUT.relocs ("OFFSET R_ZE_SYM_ADDR SYM")
 *   ... -S -o OUT.asm       Gen assembly (IGA syntax) of every kernel
 *   ... --fat -o OUT.isa    the input with the binaries embedded
 *                           (gen_binary_info)
 *   ... -d LETTERS          IR dumps to stderr after passes b g l s r c
 *   ... --verify            check the register allocation
 *
 * Extra inputs are the separate vISA objects of stack-call functions;
 * a lone X.visaasm also loads X.f<K>.visaasm.  The ELF (.gen) output and
 * GenX_IR's flags are not supported yet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "err.h"
#include "fileio.h"
#include "visa_model.h"
#include "../encoder/gen.h"

#define MAX_INPUTS 64

enum fin_mode { MODE_NONE, MODE_RAW, MODE_ASM, MODE_FAT };

struct fin_args {
	const char *platform, *out, *kernel, *dump;
	int verify;
	const char *in[MAX_INPUTS];
	int nin;
	enum fin_mode mode;
};

static const char fin_usage[] =
	"usage: visafin -p P IN.isa|IN.visaasm [FUNC.visaasm...] "
	"(--raw [-k NAME] | -S | --fat) -o OUT [-d LETTERS]\n";

static bool parse(int argc, char **argv, struct fin_args *a)
{
	memset(a, 0, sizeof *a);
	for (int i = 0; i < argc; i++) {
		const char *s = argv[i];
		bool more = i + 1 < argc;
		if ((!strcmp(s, "-p") || !strcmp(s, "-platform")) && more)
			a->platform = argv[++i];
		else if (!strcmp(s, "-o") && more)
			a->out = argv[++i];
		else if (!strcmp(s, "-k") && more)
			a->kernel = argv[++i];
		else if (!strcmp(s, "-d") && more)
			a->dump = argv[++i];
		else if (!strcmp(s, "--verify"))
			a->verify = 1;
		else if (!strcmp(s, "--raw"))
			a->mode = MODE_RAW;
		else if (!strcmp(s, "-S"))
			a->mode = MODE_ASM;
		else if (!strcmp(s, "--fat"))
			a->mode = MODE_FAT;
		else if (s[0] != '-' && a->nin < MAX_INPUTS)
			a->in[a->nin++] = s;
		else
			return false;
	}
	return a->platform && a->nin > 0;
}

static void dump_to_stderr(void *ctx, const char *pass, const char *text)
{
	(void)ctx;
	fprintf(stderr, "// ---- IR after %s ----\n%s", pass, text);
}

/* Relocations of a --raw binary go next to it, one per line:
 * "OFFSET R_ZE_SYM_ADDR SYMBOL" (OFFSET: byte of the 8-byte immediate). */
static int write_relocs(const struct vf_kernel_result *r, const char *out)
{
	struct vf_error err = { 0 };
	if (!r->reloc_count)
		return 0;
	size_t cap = 64 + r->reloc_count * 96, len = 0;
	char *text = malloc(cap), path[4096];
	if (!text)
		return cli_fail(&(struct vf_error){ VF_ERR_MEMORY, "out of memory" });
	for (size_t i = 0; i < r->reloc_count; i++)
		len += (size_t)snprintf(text + len, cap - len, "%u R_ZE_SYM_ADDR %.64s\n",
		                        r->relocs[i].offset, r->relocs[i].symbol);
	snprintf(path, sizeof path, "%s.relocs", out);
	enum vf_status st = vf_file_write(path, text, len, &err);
	free(text);
	return st == VF_OK ? 0 : cli_fail(&err);
}

static int write_asm(const struct plat_info *pl, struct vf_kernel_result *r,
                     size_t n, const char *out)
{
	struct vf_error err = { 0 };
	size_t cap = 1024, len = 0;
	char *all = malloc(cap);
	if (!all)
		return cli_fail(&(struct vf_error){ VF_ERR_MEMORY, "out of memory" });
	all[0] = 0;
	for (size_t k = 0; k < n; k++) {
		char *text = NULL;
		if (gen_disasm(pl, r[k].code, r[k].code_size, r[k].name, &text,
		               &err) != VF_OK) {
			free(all);
			return cli_fail(&err);
		}
		size_t need = len + strlen(text) + strlen(r[k].name) + 64;
		if (need > cap) {
			char *na = realloc(all, need * 2);
			if (!na) {
				free(text);
				free(all);
				return cli_fail(&(struct vf_error){ VF_ERR_MEMORY,
				                                    "out of memory" });
			}
			all = na;
			cap = need * 2;
		}
		len += (size_t)sprintf(all + len, "// kernel %s\n%s", r[k].name, text);
		free(text);
	}
	enum vf_status st = vf_file_write(out, all, len, &err);
	free(all);
	return st == VF_OK ? 0 : cli_fail(&err);
}

static int write_fat(struct vf_module *m, struct vf_kernel_result *r,
                     size_t n, const char *out)
{
	struct vf_error err = { 0 };
	for (size_t k = 0; k < n; k++) {
		int idx = vf_module_kernel_index(m, r[k].name);
		if (idx < 0)
			continue;
		enum vf_gen_edit ed = VF_GEN_ADD;
		for (unsigned g = 0; g < m->kernels[idx].gen_count; g++)
			if (m->kernels[idx].gens[g].platform == r[k].platform)
				ed = VF_GEN_REPLACE;
		if (vf_module_set_gen(m, (unsigned)idx, r[k].platform, ed, r[k].code,
		                      r[k].code_size, &err) != VF_OK)
			return cli_fail(&err);
	}
	return cli_save(m, out, &err) == VF_OK ? 0 : cli_fail(&err);
}

static int finalize(struct vf_module *m, const struct fin_args *a,
                    const struct plat_info *pl)
{
	struct vf_error err = { 0 };
	struct vf_finalize_options o = { .platform = pl->visa_code,
	                                 .dump_passes = a->dump,
	                                 .dump = dump_to_stderr,
	                                 .verify = a->verify };
	struct vf_kernel_result *r = NULL;
	size_t n = 0;
	if (a->kernel) {
		int k = vf_module_kernel_index(m, a->kernel);
		if (k < 0) {
			fprintf(stderr, "visafin: no kernel '%s'\n", a->kernel);
			return 1;
		}
		r = calloc(1, sizeof *r);
		if (!r)
			return cli_fail(&(struct vf_error){ VF_ERR_MEMORY, "out of memory" });
		n = 1;
		if (vf_finalize_kernel(m, (unsigned)k, &o, r, &err) != VF_OK) {
			vf_kernel_results_free(r, 0);
			return cli_fail(&err);
		}
	} else if (vf_finalize_all(m, &o, &r, &n, &err) != VF_OK) {
		return cli_fail(&err);
	}
	int rc;
	if (a->mode == MODE_RAW) {
		if (n != 1) {
			fprintf(stderr, "visafin: --raw needs one kernel (-k NAME)\n");
			rc = 2;
		} else {
			rc = vf_file_write(a->out, r[0].code, r[0].code_size, &err) == VF_OK
			     ? write_relocs(&r[0], a->out) : cli_fail(&err);
		}
	} else if (a->mode == MODE_ASM) {
		rc = write_asm(pl, r, n, a->out);
	} else {
		rc = write_fat(m, r, n, a->out);
	}
	vf_kernel_results_free(r, n);
	return rc;
}

int cmd_finalize(int argc, char **argv);

int cmd_finalize(int argc, char **argv)
{
	struct fin_args a;
	if (!parse(argc, argv, &a)) {
		fputs(fin_usage, stderr);
		return 2;
	}
	if (a.mode == MODE_NONE || !a.out) {
		fprintf(stderr, "visafin: choose --raw, -S or --fat and -o OUT (the "
		        ".gen ELF output is not supported yet)\n");
		return 2;
	}
	const struct plat_info *pl = plat_by_name(a.platform);
	if (!pl) {
		fprintf(stderr, "visafin: unknown platform '%s'\n", a.platform);
		return 2;
	}
	struct vf_error err = { 0 };
	struct vf_module *m = NULL;
	if (cli_load(a.in, a.nin, false, &m, &err) != VF_OK)
		return cli_fail(&err);
	int rc = finalize(m, &a, pl);
	vf_module_free(m);
	return rc;
}
