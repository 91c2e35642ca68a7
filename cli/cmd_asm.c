/*
 * cmd_asm.c - "visafin asm -p P IN.asm -o OUT": Gen assembly in IGA
 * syntax (as "visafin disasm" or "iga64 -d" print it) to raw machine
 * code.  The output is written through a temporary file, so a failed
 * run leaves no partial OUT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "err.h"
#include "fileio.h"
#include "../encoder/gen.h"

static const char asm_usage[] =
	"usage: visafin asm -p P IN.asm -o OUT\n"
	"platforms: bdw, skl, bxt, icllp, tgllp\n";

int cmd_asm(int argc, char **argv);

int cmd_asm(int argc, char **argv)
{
	const char *pname = NULL, *in = NULL, *out = NULL;
	for (int i = 1; i < argc; i++) {
		bool more = i + 1 < argc;
		if ((!strcmp(argv[i], "-p") || !strcmp(argv[i], "--platform")) &&
		    more)
			pname = argv[++i];
		else if (!strcmp(argv[i], "-o") && more)
			out = argv[++i];
		else if (argv[i][0] != '-' && !in)
			in = argv[i];
		else {
			fputs(asm_usage, stderr);
			return 2;
		}
	}
	const struct plat_info *p = pname ? plat_by_name(pname) : NULL;
	if (!in || !out || !p) {
		if (pname && !p)
			fprintf(stderr, "visafin asm: unknown platform '%s' (%s)\n",
			        pname, plat_name_list());
		fputs(asm_usage, stderr);
		return 2;
	}
	struct vf_error err = { 0 };
	uint8_t *text = NULL, *bin = NULL;
	size_t len = 0, size = 0;
	if (cli_read(in, &text, &len, &err) != VF_OK ||
	    gen_assemble(p, (const char *)text, len, in, &bin, &size, &err) != VF_OK ||
	    cli_write(out, bin, size, &err) != VF_OK) {
		free(text);
		free(bin);
		return cli_fail(&err);
	}
	free(text);
	free(bin);
	return 0;
}
