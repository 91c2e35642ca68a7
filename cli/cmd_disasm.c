/*
 * cmd_disasm.c - "visafin disasm": Gen machine code as IGA assembly.
 *
 *   visafin disasm -p P FILE     a raw Gen binary (e.g. IGC's .dat)
 *   visafin disasm IN.isa        every Gen binary a vISA object carries
 *                                (gen_binary_info), each under a
 *                                "// kernel NAME, PLATFORM" line;
 *                                -p P selects one platform
 *   visafin disasm OUT.gen       every kernel of a .gen file (ELF,
 *                                docs/gen-file.md), each under the same
 *                                line and its metadata as comments
 *
 * Output matches "iga64 -d -p=N" after whitespace and comment
 * normalisation (docs/gen-isa.md).  P: bdw, skl, bxt, icllp, tgllp, any
 * case.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "err.h"
#include "fileio.h"
#include "visa_model.h"
#include "../encoder/gen.h"

static const char disasm_usage[] =
	"usage: visafin disasm -p P FILE   (raw Gen binary)\n"
	"       visafin disasm [-p P] IN.isa|IN.gen\n"
	"platforms: bdw, skl, bxt, icllp, tgllp\n";

static int print_gen(const struct plat_info *p, const uint8_t *bytes,
                     size_t size, const char *name)
{
	struct vf_error err = { 0 };
	char *text = NULL;
	if (gen_disasm(p, bytes, size, name, &text, &err) != VF_OK)
		return cli_fail(&err);
	fputs(text, stdout);
	free(text);
	return 0;
}

static int disasm_isa(const char *path, const struct plat_info *only)
{
	struct vf_error err = { 0 };
	struct vf_module *m = NULL;
	if (cli_load(&path, 1, true, &m, &err) != VF_OK)
		return cli_fail(&err);
	int rc = 0, shown = 0;
	for (unsigned k = 0; k < m->kernel_count && rc == 0; k++) {
		const struct vf_kernel_info *ki = &m->kernels[k];
		for (unsigned g = 0; g < ki->gen_count && rc == 0; g++) {
			const struct vf_gen_binary *gb = &ki->gens[g];
			const struct plat_info *p = plat_by_visa_code(gb->platform);
			if (!p || (only && p != only))
				continue;
			printf("// kernel %s, %s\n", ki->name, p->name);
			rc = print_gen(p, gb->bytes, gb->size, path);
			shown++;
		}
	}
	vf_module_free(m);
	if (rc == 0 && shown == 0) {
		fprintf(stderr, "visafin disasm: %s: no Gen binary%s%s\n", path,
		        only ? " for " : "", only ? only->name : "");
		return 1;
	}
	return rc;
}

static void print_meta(const struct vf_kernel_result *r)
{
	printf("// simd %u, grf %u (used %u), spill %u, scratch %u, slm %u, "
	       "barrier %s, payload %u per thread + %u cross-thread\n",
	       r->simd_size, r->grf_count, r->grf_used, r->spill_size,
	       r->scratch_size, r->slm_size, r->uses_barrier ? "yes" : "no",
	       r->per_thread_payload, r->cross_thread_payload);
	for (size_t i = 0; i < r->input_count; i++)
		printf("// input %zu: kind %u id %u offset %d size %u\n", i,
		       r->inputs[i].kind, r->inputs[i].id, r->inputs[i].offset,
		       r->inputs[i].size);
	for (size_t i = 0; i < r->reloc_count; i++)
		printf("// reloc %u %s %s\n", r->relocs[i].offset,
		       r->relocs[i].type == VF_RELOC_ADDR32 ? "R_ZE_SYM_ADDR_32"
		       : r->relocs[i].type == VF_RELOC_ADDR32_HI
		       ? "R_ZE_SYM_ADDR_32_HI" : "R_ZE_SYM_ADDR",
		       r->relocs[i].symbol);
}

static int disasm_gen(const char *path, const uint8_t *data, size_t size,
                      const struct plat_info *only)
{
	struct vf_error err = { 0 };
	struct vf_kernel_result *r = NULL;
	size_t n = 0;
	if (vf_gen_read(data, size, path, &r, &n, &err) != VF_OK)
		return cli_fail(&err);
	int rc = 0, shown = 0;
	for (size_t k = 0; k < n && rc == 0; k++) {
		const struct plat_info *p = plat_by_visa_code(r[k].platform);
		if (!p) {
			fprintf(stderr, "visafin disasm: %s: unknown platform code "
			        "%d\n", path, r[k].platform);
			rc = 1;
			break;
		}
		if (only && p != only)
			continue;
		printf("// kernel %s, %s\n", r[k].name, p->name);
		print_meta(&r[k]);
		rc = print_gen(p, r[k].code, r[k].code_size, path);
		shown++;
	}
	vf_kernel_results_free(r, n);
	if (rc == 0 && shown == 0) {
		fprintf(stderr, "visafin disasm: %s: no kernel for %s\n", path,
		        only ? only->name : "any platform");
		return 1;
	}
	return rc;
}

int cmd_disasm(int argc, char **argv);

int cmd_disasm(int argc, char **argv)
{
	const char *pname = NULL, *in = NULL;
	for (int i = 1; i < argc; i++) {
		if ((!strcmp(argv[i], "-p") || !strcmp(argv[i], "--platform")) &&
		    i + 1 < argc)
			pname = argv[++i];
		else if (argv[i][0] != '-' && !in)
			in = argv[i];
		else {
			fputs(disasm_usage, stderr);
			return 2;
		}
	}
	const struct plat_info *p = pname ? plat_by_name(pname) : NULL;
	if (!in || (pname && !p)) {
		if (pname && !p)
			fprintf(stderr, "visafin disasm: unknown platform '%s' (%s)\n",
			        pname, plat_name_list());
		fputs(disasm_usage, stderr);
		return 2;
	}
	if (cli_has_suffix(in, ".isa"))
		return disasm_isa(in, p);
	struct vf_error err = { 0 };
	uint8_t *data = NULL;
	size_t size = 0;
	if (cli_read(in, &data, &size, &err) != VF_OK)
		return cli_fail(&err);
	int rc;
	if (size >= 4 && !memcmp(data, "\177ELF", 4))
		rc = disasm_gen(in, data, size, p);
	else if (!p) {
		fputs(disasm_usage, stderr);
		rc = 2;
	} else {
		rc = print_gen(p, data, size, in);
	}
	free(data);
	return rc;
}
