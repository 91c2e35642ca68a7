/*
 * cmd_genx.c - GenX_IR's command line, so that scripts calling Intel's
 * finalizer can call visafin instead:
 *
 *   visafin IN.visaasm|IN.isa -platform SKL [-output] [-binary]
 *           [-nocompaction] [-asmOutput NAME] [-outputCisaBinaryName PATH]
 *           [any other GenX_IR option: ignored with a note]
 *
 * Outputs are named as GenX_IR (libigc-tools 1.0.12504) names them, which
 * was checked by running it: for IN = DIR/X.visaasm, always DIR/X.isa
 * (the input with the Gen binaries embedded; -outputCisaBinaryName
 * PATH instead), with -output X.asm and with -binary X.dat, both in the
 * current directory (-asmOutput NAME: NAME.asm and NAME.dat).  For a
 * binary IN.isa GenX_IR writes no .isa (it would overwrite its input)
 * and names .asm/.dat with an empty stem (".asm"); visafin uses X as for
 * text.  With several kernels the .dat files are X.<kernel>.dat and the
 * .asm holds them all.  Like GenX_IR, this form writes no relocation
 * list (the .gen output carries relocations).  The recognised options and their value counts
 * come from GenX_IR's own table (genx_options.def); an option GenX_IR
 * does not know is an error, as in GenX_IR.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "finalize.h"
#include "visa_model.h"
#include "../encoder/gen.h"

#define MAX_INPUTS 64
#define MAX_IGNORED 128

struct genx_opt {
	const char *name;
	int values;
};

static const struct genx_opt genx_opts[] = {
#define GENX_OPT(name, values) { name, values },
#include "genx_options.def"
#undef GENX_OPT
};

/* The GenX_IR option called 's', or NULL.  Binary search: the table is
 * in strcmp order (genx_options.sh sorts it with LC_ALL=C), and every
 * argument of every run is looked up (a linear scan of the 320 names
 * cost more than all of visafin's start-up). */
static const struct genx_opt *genx_find(const char *s)
{
	size_t lo = 0, hi = sizeof genx_opts / sizeof genx_opts[0];
	if (s[0] != '-')
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(genx_opts[mid].name, s);
		if (c == 0)
			return &genx_opts[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

bool genx_wanted(int argc, char **argv)
{
	bool genx_only = false, long_platform = false;
	for (int i = 0; i < argc; i++) {
		const char *s = argv[i];
		if (!strcmp(s, "-o") || !strcmp(s, "--raw") || !strcmp(s, "-S") ||
		    !strcmp(s, "--fat"))
			return false;
		if (!strcmp(s, "-p") || !strcmp(s, "-k") || !strcmp(s, "-d")) {
			i++;
			continue;
		}
		const struct genx_opt *o = genx_find(s);
		if (!o)
			continue;
		if (!strcmp(s, "-platform"))
			long_platform = true;
		else
			genx_only = true;
		i += o->values;
	}
	return genx_only || long_platform;
}

struct genx_args {
	const char *in[MAX_INPUTS];
	int nin;
	const char *platform, *asm_name, *isa_name;
	bool output, binary, no_compaction;
	const char *ignored[MAX_IGNORED];
	int nignored;
};

/* Options visafin implements; false if 's' is none of them. */
static bool take(struct genx_args *g, const char *s, const char *value)
{
	if (!strcmp(s, "-platform"))
		g->platform = value;
	else if (!strcmp(s, "-output"))
		g->output = true;
	else if (!strcmp(s, "-binary"))
		g->binary = true;
	else if (!strcmp(s, "-nocompaction"))
		g->no_compaction = true;
	else if (!strcmp(s, "-asmOutput"))
		g->asm_name = value;
	else if (!strcmp(s, "-outputCisaBinaryName"))
		g->isa_name = value;
	else
		return false;
	return true;
}

static bool genx_parse(int argc, char **argv, struct genx_args *g)
{
	memset(g, 0, sizeof *g);
	for (int i = 0; i < argc; i++) {
		const char *s = argv[i];
		if (s[0] != '-') {
			if (g->nin == MAX_INPUTS)
				return false;
			g->in[g->nin++] = s;
			continue;
		}
		const struct genx_opt *o = genx_find(s);
		if (!o) {
			fprintf(stderr, "visafin: %s: unrecognized option\n", s);
			return false;
		}
		if (i + o->values >= argc) {
			fprintf(stderr, "visafin: %s: argument expected\n", s);
			return false;
		}
		const char *value = o->values ? argv[i + 1] : NULL;
		i += o->values;
		if (!take(g, s, value) && g->nignored < MAX_IGNORED)
			g->ignored[g->nignored++] = s;
	}
	if (!g->platform)
		fprintf(stderr, "visafin: must specify platform (-platform P)\n");
	return g->platform && g->nin > 0;
}

static void note_ignored(const struct genx_args *g)
{
	if (!g->nignored)
		return;
	fputs("visafin: note: GenX_IR options not implemented, ignored:",
	      stderr);
	for (int i = 0; i < g->nignored; i++)
		fprintf(stderr, " %s", g->ignored[i]);
	fputc('\n', stderr);
}

/* 'path' without its extension; *base points at its file name. */
static char *stem_of(const char *path, const char **base)
{
	const char *slash = strrchr(path, '/');
	const char *b = slash ? slash + 1 : path;
	const char *dot = strrchr(b, '.');
	size_t n = dot && dot != b ? (size_t)(dot - path) : strlen(path);
	char *s = malloc(n + 1);
	if (s) {
		memcpy(s, path, n);
		s[n] = 0;
		*base = s + (b - path);
	}
	return s;
}

static char *concat(const char *a, const char *b, const char *c)
{
	size_t na = strlen(a), nb = strlen(b), nc = strlen(c);
	char *s = malloc(na + nb + nc + 1);
	if (s) {
		memcpy(s, a, na);
		memcpy(s + na, b, nb);
		memcpy(s + na + nb, c, nc + 1);
	}
	return s;
}

static int oom(void)
{
	return cli_fail(&(struct vf_error){ VF_ERR_MEMORY, "out of memory" });
}

/* X.dat, or X.<kernel>.dat for each of several kernels. */
static int write_dats(const struct vf_kernel_result *r, size_t n,
                      const char *name)
{
	int rc = 0;
	for (size_t k = 0; k < n && !rc; k++) {
		char *p = n == 1 ? concat(name, ".dat", "")
		          : concat(name, ".", r[k].name);
		char *q = p && n > 1 ? concat(p, ".dat", "") : NULL;
		if (!p || (n > 1 && !q))
			rc = oom();
		else
			rc = fin_write_raw(&r[k], n == 1 ? p : q, false);
		free(p);
		free(q);
	}
	return rc;
}

/* The .isa first: the module is freed once it is written (*m = NULL), so
 * the listing's decoded instructions and text (gen_disasm) do not come on
 * top of it (straight 50k: the peak of this command line). */
static int write_outputs(struct vf_module **m, const struct genx_args *g,
                         const struct plat_info *pl,
                         const struct vf_kernel_result *r, size_t n)
{
	const char *base = NULL;
	char *stem = stem_of(g->in[0], &base);
	if (!stem)
		return oom();
	const char *name = g->asm_name ? g->asm_name : base;
	int rc = 0;
	bool binary_in = cli_has_suffix(g->in[0], ".isa");
	if (g->isa_name || !binary_in) {
		char *p = g->isa_name ? NULL : concat(stem, ".isa", "");
		rc = g->isa_name || p ? fin_write_fat(*m, r, n, g->isa_name
		                                              ? g->isa_name : p)
		     : oom();
		free(p);
	}
	vf_module_free(*m);
	*m = NULL;
	if (!rc && g->binary)
		rc = write_dats(r, n, name);
	if (!rc && g->output) {
		char *p = concat(name, ".asm", "");
		rc = p ? fin_write_asm(pl, r, n, p) : oom();
		free(p);
	}
	free(stem);
	return rc;
}

int cmd_genx(int argc, char **argv)
{
	struct genx_args g;
	if (!genx_parse(argc, argv, &g)) {
		fputs("usage: visafin IN.visaasm|IN.isa -platform P [-output] "
		      "[-binary] [-nocompaction] [-asmOutput NAME] "
		      "[-outputCisaBinaryName PATH] [GenX_IR options]\n", stderr);
		return 2;
	}
	const struct plat_info *pl = plat_by_name(g.platform);
	if (!pl) {
		fprintf(stderr, "visafin: unknown platform '%s' (%s)\n", g.platform,
		        plat_name_list());
		return 2;
	}
	note_ignored(&g);
	struct vf_error err = { 0 };
	struct vf_module *m = NULL;
	if (cli_load(g.in, g.nin, false, &m, &err) != VF_OK)
		return cli_fail(&err);
	struct vf_finalize_options o = { .platform = pl->visa_code,
	                                 .no_compaction = g.no_compaction };
	struct vf_kernel_result *r = NULL;
	size_t n = 0;
	int rc = fin_compile(m, NULL, &o, &r, &n);
	if (!rc)
		rc = write_outputs(&m, &g, pl, r, n);
	vf_kernel_results_free(r, n);
	vf_module_free(m);
	return rc;
}
