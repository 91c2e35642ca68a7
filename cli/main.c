/*
 * main.c - the visafin command: dispatch to subcommands.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "cli.h"
#include "err.h"
#include "fileio.h"

static const char usage[] =
	"usage: visafin COMMAND [ARGS]\n"
	"\n"
	"commands:\n"
	"  convert IN... -o OUT   convert between .isa and .visaasm (by extension)\n"
	"  dump IN... [--full]    print a vISA object as text (as IGC's binary\n"
	"                         stores it; --full: every field of the model)\n"
	"  list IN                list kernels and functions with embedded Gen binaries\n"
	"  disasm -p P GEN | disasm IN.isa|IN.gen   Gen machine code as IGA assembly\n"
	"  asm -p P IN.asm -o OUT   assemble IGA syntax into Gen machine code\n"
	"  fat IN --platform P (--add|--replace) GEN -o OUT\n"
	"  fat IN --platform P --extract -o GEN\n"
	"  fat IN --platform P --remove -o OUT\n"
	"                         edit the Gen binaries a kernel carries\n"
	"  -p P IN [FUNC...] [--raw | -S | --fat] [-k NAME] [-o OUT]\n"
	"                         finalize vISA kernels into Gen code (default:\n"
	"                         a .gen ELF file, docs/gen-file.md)\n"
	"  splice PROGRAM.bin IN.gen -o OUT.bin   put finalized kernels into\n"
	"                         an ocloc zebin program binary (docs/splice.md)\n"
	"  IN -platform P [-output] [-binary] [GenX_IR options]\n"
	"                         the same with GenX_IR's flags and file names\n"
	"\n"
	"Text inputs: X.visaasm also loads its stack-call functions X.f<K>.visaasm\n"
	"(disable with --no-siblings).  Platforms: bdw, skl, bxt, icllp, tgllp.\n";

bool cli_has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

int cli_fail(const struct vf_error *err)
{
	fprintf(stderr, "visafin: %s\n", err->msg[0] ? err->msg : "failed");
	switch (err->status) {
	case VF_ERR_UNSUPPORTED: return 3;
	case VF_ERR_INTERNAL:    return 4;
	case VF_ERR_MEMORY:      return 5;
	default:                 return 1;
	}
}

int cli_fail_input(const struct vf_error *err)
{
	const char *in = cli_first_input();
	if (!in || !err->msg[0] || !strncmp(err->msg, in, strlen(in)))
		return cli_fail(err);
	struct vf_error e = { .status = err->status };
	snprintf(e.msg, sizeof e.msg, "%.256s: %.700s", in, err->msg);
	return cli_fail(&e);
}

/* glibc serves blocks below its mmap threshold from the heap, where freed
 * memory is reused without new page faults, and maps larger ones afresh.
 * The threshold starts at 128 KB and rises to the size of each mapped
 * block freed, so where a block of a few MB went depended on what the run
 * had freed before.  Fixed at 32 MB (the top of glibc's own range): the
 * arena maps its blocks of 4 MB or more itself (lib/arena.c, huge pages),
 * everything else reuses the heap.  Straight 200k: page faults 33.9k ->
 * 12.5k with the arena's mappings; docs/bench.md, session 5. */
static void tune_malloc(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	(void)mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
}

int main(int argc, char **argv)
{
	tune_malloc();
	if (argc < 2) {
		fputs(usage, stderr);
		return 2;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		fputs(usage, stdout);
		return 0;
	}
	if (!strcmp(cmd, "--version")) {
		puts("visafin " PACKAGE_VERSION);
		return 0;
	}
	if (!strcmp(cmd, "convert"))
		return cmd_convert(argc - 1, argv + 1);
	if (!strcmp(cmd, "dump"))
		return cmd_dump(argc - 1, argv + 1);
	if (!strcmp(cmd, "list"))
		return cmd_list(argc - 1, argv + 1);
	if (!strcmp(cmd, "disasm"))
		return cmd_disasm(argc - 1, argv + 1);
	if (!strcmp(cmd, "asm"))
		return cmd_asm(argc - 1, argv + 1);
	if (!strcmp(cmd, "splice"))
		return cmd_splice(argc - 1, argv + 1);
	if (!strcmp(cmd, "fat"))
		return cmd_fat(argc - 1, argv + 1);
	if (!strcmp(cmd, "-p") || !strcmp(cmd, "-platform") ||
	    cli_has_suffix(cmd, ".isa") || cli_has_suffix(cmd, ".visaasm"))
		return cmd_finalize(argc - 1, argv + 1);
	fprintf(stderr, "visafin: unknown command '%s'\n%s", cmd, usage);
	return 2;
}
