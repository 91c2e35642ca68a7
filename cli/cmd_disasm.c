/*
 * cmd_disasm.c - "visafin disasm": Gen machine code as IGA assembly.
 *
 *   visafin disasm -p P FILE     a raw Gen binary (e.g. IGC's .dat)
 *   visafin disasm IN.isa        every Gen binary a vISA object carries
 *                                (gen_binary_info), each under a
 *                                "// kernel NAME, PLATFORM" line;
 *                                -p P selects one platform
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
	"       visafin disasm [-p P] IN.isa\n"
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
			fprintf(stderr, "visafin disasm: unknown platform '%s'\n", pname);
		fputs(disasm_usage, stderr);
		return 2;
	}
	if (cli_has_suffix(in, ".isa"))
		return disasm_isa(in, p);
	if (!p) {
		fputs(disasm_usage, stderr);
		return 2;
	}
	struct vf_error err = { 0 };
	uint8_t *data = NULL;
	size_t size = 0;
	if (vf_file_read(in, &data, &size, &err) != VF_OK)
		return cli_fail(&err);
	int rc = print_gen(p, data, size, in);
	free(data);
	return rc;
}
