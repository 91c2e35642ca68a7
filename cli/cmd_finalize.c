/*
 * cmd_finalize.c - "visafin -p P IN [FUNC...] ...": finalize vISA kernels
 * into Gen machine code.
 *
 *   visafin -p skl IN.isa|IN.visaasm [FUNC.visaasm...] [-o OUT.gen]
 *        every kernel into a .gen ELF file (docs/gen-file.md; default
 *        OUT: the input's name with .gen, in the current directory)
 *   ... --raw [-k NAME] -o OUT   the bare Gen binary of one kernel (the
 *                           only one, or NAME); its relocations, if any,
 *                           in OUT.rel.json (gensim --gen reads it)
 *   ... -S -o OUT.asm       Gen assembly (IGA syntax) of every kernel
 *   ... --fat -o OUT.isa    the input with the binaries embedded
 *                           (gen_binary_info)
 *   ... -k NAME             only kernel NAME (any output form)
 *   ... -d LETTERS          IR dumps to stderr after passes b g p y l s o h r c
 *   ... --verify            verify the IR after every pass and the
 *                           register allocation
 *   ... --time-passes       each pass's time, summed over the kernels,
 *                           to stderr
 *   ... --no-compaction     leave every instruction 16 bytes
 *   ... --cache DIR         keep finalized kernels in DIR and reuse them
 *                           (default: $VISAFIN_CACHE_DIR; docs/cache.md)
 *   ... -j N                kernels of the module on N threads (default:
 *                           the processors)
 *   ... --split-parse BYTES parse a text's instructions on two threads
 *                           from this size of them on (default 1 MB;
 *                           0: never; docs/visa-text-format.md)
 *   visafin -p P [-j N] IN... -o DIR/ [--raw] [-S] [--fat]
 *        batch (cmd_batch.c): every input on its own, N at a time
 *        (default: the processors), into DIR/<input name>.gen, or .dat,
 *        .asm and .isa for each of --raw, -S and --fat given (together:
 *        GenX_IR's three outputs from one finalization); output
 *        identical to one run per input
 *
 * Extra inputs are the separate vISA objects of stack-call functions;
 * a lone X.visaasm also loads X.f<K>.visaasm.  GenX_IR's spelling
 * ("IN -platform SKL -output -binary") is handled by cmd_genx.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "err.h"
#include "fileio.h"
#include "finalize.h"
#include "visa_model.h"
#include "visaasm_split.h"
#include "../encoder/gen.h"

static const char fin_usage[] =
	"usage: visafin -p P IN.isa|IN.visaasm [FUNC.visaasm...] "
	"[--raw | -S | --fat] [-o OUT] [-k NAME] [-d LETTERS] [--verify] "
	"[--no-compaction] [--no-siblings] [--cache DIR] [-j N] "
	"[--time-passes] [--split-parse BYTES]\n"
	"       visafin -p P [-j N] IN... -o DIR/ [--raw] [-S] [--fat] "
	"[--cache DIR]\n"
	"       visafin IN -platform P [-output] [-binary] [GenX_IR options]\n";

/* The output form option 's' asks for; MODE_COUNT if it is none. */
static enum fin_mode form_flag(const char *s)
{
	return !strcmp(s, "--raw") ? MODE_RAW : !strcmp(s, "-S") ? MODE_ASM
	       : !strcmp(s, "--fat") ? MODE_FAT : MODE_COUNT;
}

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
		else if (!strcmp(s, "--cache") && more)
			a->cache = argv[++i];
		else if (!strcmp(s, "--verify"))
			a->verify = 1;
		else if (!strcmp(s, "--no-compaction"))
			a->no_compaction = 1;
		else if (!strcmp(s, "--no-siblings"))
			a->no_siblings = true;
		else if (!strcmp(s, "--time-passes"))
			a->time_passes = 1;
		else if (form_flag(s) != MODE_COUNT) {
			a->mode = form_flag(s);
			a->forms |= 1u << a->mode;
		} else if (!strcmp(s, "-j") && more) {
			char *end;
			long j = strtol(argv[++i], &end, 10);
			if (*end || j < 1 || j > VF_MAX_THREADS)
				return false;
			a->jobs = (int)j;
		} else if (!strcmp(s, "--split-parse") && more) {
			char *end;
			unsigned long long b = strtoull(argv[++i], &end, 10);
			if (*end || argv[i][0] == '-')
				return false;
			va_split_set_min((size_t)b);
		} else if (s[0] != '-') {
			if (a->nin == a->in_cap) {
				int cap = a->in_cap ? a->in_cap * 2 : 16;
				const char **na = realloc(a->in, (size_t)cap *
				                          sizeof *na);
				if (!na)
					return false;
				a->in = na;
				a->in_cap = cap;
			}
			a->in[a->nin++] = s;
		} else {
			return false;
		}
	}
	a->batch = a->out && a->out[0] && a->out[strlen(a->out) - 1] == '/';
	/* Without -o DIR/ the extra inputs are one kernel's function texts. */
	return a->platform && a->nin > 0 && (a->batch || a->nin <= MAX_INPUTS);
}

static void dump_to_stderr(void *ctx, const char *pass, const char *text)
{
	(void)ctx;
	fprintf(stderr, "// ---- IR after %s ----\n%s", pass, text);
}

/* --time-passes: milliseconds per pass name, summed over kernels. */
#define MAX_PASSES 32

struct pass_times {
	const char *name[MAX_PASSES];
	double ms[MAX_PASSES];
	unsigned n;
};

static void add_pass_time(void *ctx, const char *pass, double ms)
{
	struct pass_times *t = ctx;
	unsigned i = 0;
	while (i < t->n && strcmp(t->name[i], pass))
		i++;
	if (i == t->n) {
		if (t->n == MAX_PASSES)
			return;
		t->name[t->n++] = pass;
	}
	t->ms[i] += ms;
}

static void print_pass_times(const struct pass_times *t)
{
	double total = 0;
	for (unsigned i = 0; i < t->n; i++)
		total += t->ms[i];
	fprintf(stderr, "visafin: pass times\n");
	for (unsigned i = 0; i < t->n; i++)
		fprintf(stderr, "  %-10s %10.3f ms %5.1f%%\n", t->name[i], t->ms[i],
		        total > 0 ? 100.0 * t->ms[i] / total : 0.0);
	fprintf(stderr, "  %-10s %10.3f ms\n", "total", total);
}

static int oom(void)
{
	return cli_fail(&(struct vf_error){ VF_ERR_MEMORY, "out of memory" });
}

/* Relocations of a --raw binary OUT.dat go next to it as OUT.rel.json,
 * {"relocations": [...]} with the fields of the corpus manifest's
 * program_data (offset: byte of the 8-byte immediate), which gensim's
 * --gen mode reads (docs/gensim.md). */
static int write_relocs(const struct vf_kernel_result *r, const char *out)
{
	struct vf_error err = { 0 };
	if (!r->reloc_count)
		return 0;
	if (!strcmp(out, "-")) {
		fprintf(stderr, "visafin: the relocations of a binary written to "
		        "standard output are not written\n");
		return 0;
	}
	size_t cap = 64 + r->reloc_count * 160, len = 0;
	char *text = malloc(cap), path[4096];
	if (!text)
		return oom();
	len += (size_t)snprintf(text, cap, "{\"relocations\": [");
	for (size_t i = 0; i < r->reloc_count; i++) {
		unsigned t = r->relocs[i].type;
		len += (size_t)snprintf(text + len, cap - len,
		    "%s\n  {\"offset\": %u, \"type\": \"%s\", "
		    "\"symbol\": \"%.64s\", \"addend\": 0, \"bytes\": %u}",
		    i ? "," : "", r->relocs[i].offset,
		    t == VF_RELOC_ADDR32 ? "R_ZE_SYM_ADDR_32"
		    : t == VF_RELOC_ADDR32_HI ? "R_ZE_SYM_ADDR_32_HI"
		    : "R_ZE_SYM_ADDR", r->relocs[i].symbol,
		    t == VF_RELOC_ADDR32 || t == VF_RELOC_ADDR32_HI ? 4u : 8u);
	}
	len += (size_t)snprintf(text + len, cap - len, "\n]}\n");
	size_t n = strlen(out);
	if (n > 4 && !strcmp(out + n - 4, ".dat"))
		n -= 4;
	snprintf(path, sizeof path, "%.*s.rel.json", (int)n, out);
	enum vf_status st = cli_write(path, text, len, &err);
	free(text);
	return st == VF_OK ? 0 : cli_fail(&err);
}

int fin_write_raw(const struct vf_kernel_result *r, const char *out,
                  bool relocs)
{
	struct vf_error err = { 0 };
	if (cli_write(out, r->code, r->code_size, &err) != VF_OK)
		return cli_fail(&err);
	return relocs ? write_relocs(r, out) : 0;
}

/* Each kernel's listing after a "// kernel NAME" line, all appended
 * into one text: no listing is copied a second time (that copy was 5.7
 * MB more at the peak of straight 50k with GenX_IR's command line). */
int fin_write_asm(const struct plat_info *pl,
                  const struct vf_kernel_result *r, size_t n,
                  const char *out)
{
	struct vf_error err = { 0 };
	struct gen_text t = { 0 };
	for (size_t k = 0; k < n; k++) {
		gen_text_append(&t, "// kernel ", 10);
		gen_text_append(&t, r[k].name, strlen(r[k].name));
		gen_text_append(&t, "\n", 1);
		if (gen_disasm_append(pl, r[k].code, r[k].code_size, r[k].name,
		                      &t, &err) != VF_OK) {
			gen_text_free(&t);
			return cli_fail(&err);
		}
	}
	if (t.oom) {
		gen_text_free(&t);
		return oom();
	}
	enum vf_status st = cli_write(out, t.s ? t.s : "", t.len, &err);
	gen_text_free(&t);
	return st == VF_OK ? 0 : cli_fail(&err);
}

int fin_write_fat(struct vf_module *m, const struct vf_kernel_result *r,
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

int fin_write_gen(const struct vf_kernel_result *r, size_t n,
                  const char *out)
{
	struct vf_error err = { 0 };
	uint8_t *bytes = NULL;
	size_t size = 0;
	if (vf_gen_write(r, n, &bytes, &size, &err) != VF_OK)
		return cli_fail(&err);
	enum vf_status st = cli_write(out, bytes, size, &err);
	free(bytes);
	return st == VF_OK ? 0 : cli_fail(&err);
}

int fin_compile(const struct vf_module *m, const char *kernel,
                const struct vf_finalize_options *o,
                struct vf_kernel_result **r, size_t *n)
{
	struct vf_error err = { 0 };
	*r = NULL;
	*n = 0;
	if (!kernel)
		return vf_finalize_all(m, o, r, n, &err) == VF_OK ? 0
		       : cli_fail_input(&err);
	int k = vf_module_kernel_index(m, kernel);
	if (k < 0) {
		fprintf(stderr, "visafin: no kernel '%s'\n", kernel);
		return 1;
	}
	if (!(*r = calloc(1, sizeof **r)))
		return oom();
	if (vf_finalize_kernel(m, (unsigned)k, o, *r, &err) != VF_OK) {
		vf_kernel_results_free(*r, 0);
		*r = NULL;
		return cli_fail_input(&err);
	}
	*n = 1;
	return 0;
}

/* "dir/x.simd8.visaasm" -> "x.simd8.gen" (in the current directory). */
static char *default_out(const char *in)
{
	const char *base = strrchr(in, '/');
	base = base ? base + 1 : in;
	const char *dot = strrchr(base, '.');
	size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	char *s = malloc(n + 5);
	if (s)
		snprintf(s, n + 5, "%.*s.gen", (int)n, base);
	return s;
}

static int write_form(struct vf_module *m, const struct fin_args *a,
                      enum fin_mode mode, const char *out,
                      const struct plat_info *pl,
                      const struct vf_kernel_result *r, size_t n)
{
	if (mode == MODE_RAW) {
		if (n != 1) {
			fprintf(stderr, "visafin: --raw needs one kernel (-k NAME)\n");
			return 2;
		}
		return fin_write_raw(&r[0], out, true);
	}
	if (mode == MODE_ASM)
		return fin_write_asm(pl, r, n, out);
	if (mode == MODE_FAT)
		return fin_write_fat(m, r, n, out);
	char *def = out ? NULL : default_out(a->in[0]);
	int rc = out || def ? fin_write_gen(r, n, out ? out : def) : oom();
	free(def);
	return rc;
}

/* The forms to write: the last one given, or in batch mode each one
 * given (none: the .gen). */
static unsigned forms_of(const struct fin_args *a)
{
	if (!a->batch)
		return 1u << a->mode;
	return a->forms ? a->forms : 1u << MODE_GEN;
}

static int write_outputs(struct vf_module *m, const struct fin_args *a,
                         const struct plat_info *pl,
                         const struct vf_kernel_result *r, size_t n)
{
	if (!a->batch)
		return write_form(m, a, a->mode, a->out, pl, r, n);
	int rc = 0;
	for (int f = 0; f < MODE_COUNT && !rc; f++) {
		if (!(forms_of(a) & (1u << f)))
			continue;
		char *out = fin_batch_out(a->out, a->in[0], (enum fin_mode)f);
		rc = out ? write_form(m, a, (enum fin_mode)f, out, pl, r, n) : oom();
		free(out);
	}
	return rc;
}

/* With a cache, a hit skips parsing (except for --fat, which rewrites
 * the input) and finalizing; IR dumps (-d) always finalize. */
int fin_one(const struct fin_args *a, const struct plat_info *pl)
{
	struct pass_times times = { .n = 0 };
	struct vf_finalize_options o = { .platform = pl->visa_code,
	                                 .dump_passes = a->dump,
	                                 .dump = dump_to_stderr,
	                                 .dump_ctx = &times,
	                                 .verify = a->verify,
	                                 .no_compaction = a->no_compaction,
	                                 .pass_time = a->time_passes
	                                              ? add_pass_time : NULL,
	                                 .threads = a->batch || a->time_passes
	                                 ? 1 : a->jobs ? a->jobs : fin_cores() };
	struct fin_cache fc;
	/* Batch mode reads its inputs: its threads write outputs while
	 * others parse, and the handler of a truncated mapping ends the
	 * process at once (cli/io.c), which could leave a temporary file. */
	int rc = fin_cache_begin(&fc, a->cache, a->in, a->nin, a->no_siblings,
	                         a->kernel, &o,
	                         !a->dump && !a->time_passes, !a->batch);
	if (rc)
		return rc;
	struct vf_module *m = NULL;
	struct vf_kernel_result *r = NULL;
	size_t n = 0;
	bool hit = false;
	rc = fin_cache_lookup(&fc, &r, &n, &hit);
	if (!rc && (!hit || (forms_of(a) & (1u << MODE_FAT))))
		rc = fin_cache_module(&fc, &m);
	if (!rc && !hit) {
		rc = fin_compile(m, a->kernel, &o, &r, &n);
		if (a->time_passes)
			print_pass_times(&times);
		if (!rc)
			fin_cache_store(&fc, r, n);
	}
	if (!rc)
		rc = write_outputs(m, a, pl, r, n);
	vf_kernel_results_free(r, n);
	vf_module_free(m);
	fin_cache_end(&fc);
	return rc;
}

int cmd_finalize(int argc, char **argv);

int cmd_finalize(int argc, char **argv)
{
	if (genx_wanted(argc, argv))
		return cmd_genx(argc, argv);
	struct fin_args a;
	if (!parse(argc, argv, &a)) {
		free(a.in);
		fputs(fin_usage, stderr);
		return 2;
	}
	int rc = 2;
	const struct plat_info *pl = plat_by_name(a.platform);
	if (a.mode != MODE_GEN && !a.out)
		fprintf(stderr, "visafin: --raw, -S and --fat need -o OUT\n");
	else if (!pl)
		fprintf(stderr, "visafin: unknown platform '%s' (%s)\n", a.platform,
		        plat_name_list());
	else
		rc = a.batch ? fin_batch(&a, pl) : fin_one(&a, pl);
	free(a.in);
	return rc;
}
