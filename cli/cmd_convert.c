/*
 * cmd_convert.c - "visafin convert IN... -o OUT" and "visafin dump IN...".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "visa_model.h"

/* Text has no place for Gen binaries: say so instead of dropping them
 * silently. */
static void note_dropped_gens(const struct vf_module *m, const char *out)
{
	unsigned n = 0;
	for (unsigned i = 0; i < m->kernel_count; i++)
		n += m->kernels[i].gen_count;
	if (n && cli_has_suffix(out, ".visaasm"))
		fprintf(stderr, "visafin: note: %s: %u embedded Gen binar%s not "
		        "written (text cannot hold them)\n", out, n,
		        n == 1 ? "y" : "ies");
}

/* Splits argv into inputs, -o OUT and --no-siblings; returns false on a
 * usage error (message printed). */
static bool parse_io(int argc, char **argv, const char **ins, int *nin,
                     const char **out, bool *no_sib, bool *full,
                     const char *cmd)
{
	*nin = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc && out)
			*out = argv[++i];
		else if (!strcmp(argv[i], "--no-siblings"))
			*no_sib = true;
		else if (!strcmp(argv[i], "--full") && full)
			*full = true;
		else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "visafin %s: unknown option '%s'\n", cmd, argv[i]);
			return false;
		} else
			ins[(*nin)++] = argv[i];
	}
	if (*nin == 0 || (out && !*out)) {
		fprintf(stderr, "usage: visafin %s IN...%s\n", cmd,
		        out ? " -o OUT" : "");
		return false;
	}
	return true;
}

int cmd_convert(int argc, char **argv)
{
	const char **ins = calloc((size_t)argc + 1, sizeof *ins);
	const char *out = NULL;
	bool no_sib = false;
	int nin, rc = 2;
	struct vf_error err = { 0 };
	struct vf_module *m = NULL;
	if (ins &&
	    parse_io(argc, argv, ins, &nin, &out, &no_sib, NULL, "convert")) {
		if (cli_load(ins, nin, no_sib, &m, &err) != VF_OK ||
		    cli_save(m, out, &err) != VF_OK)
			rc = cli_fail(&err);
		else {
			note_dropped_gens(m, out);
			rc = 0;
		}
	}
	vf_module_free(m);
	free(ins);
	return rc;
}

/*
 * By default the dump shows the object as a vISA binary written by Intel's
 * tools stores it (vf_module_igc_view), so a .isa from IGC and the .visaasm
 * IGC printed for the same kernel dump the same; --full prints every field
 * the model holds.
 */
int cmd_dump(int argc, char **argv)
{
	const char **ins = calloc((size_t)argc + 1, sizeof *ins);
	bool no_sib = false, full = false;
	int nin, rc = 2;
	struct vf_error err = { 0 };
	struct vf_module *m = NULL, *view = NULL;
	char *text = NULL;
	size_t size;
	if (ins && parse_io(argc, argv, ins, &nin, NULL, &no_sib, &full, "dump")) {
		if (cli_load(ins, nin, no_sib, &m, &err) != VF_OK ||
		    (!full && vf_module_igc_view(m, &view, &err) != VF_OK) ||
		    vf_print_visaasm(view ? view : m, &text, &size, &err) != VF_OK)
			rc = cli_fail(&err);
		else
			rc = fwrite(text, 1, size, stdout) == size ? 0 : 1;
	}
	free(text);
	vf_module_free(view);
	vf_module_free(m);
	free(ins);
	return rc;
}
