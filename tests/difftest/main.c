/*
 * main.c - difftest: random valid vISA kernels finalized by visafin and by
 * GenX_IR, run in gensim on random inputs, results compared
 * (docs/difftest.md).
 *
 *   difftest -p PLATFORM -n N [--seed S] [--keep DIR] [-v]
 *
 * Program i uses its own seed (from S and i), so any program can be made
 * again alone with --seed S --first i -n 1.  A program that fails is
 * minimized (body units removed while it still fails the same way) and
 * saved as DIR/difftest-S-i.visaasm (DIR: --keep, default the current
 * directory) with the input and the gensim command line in its comments.
 * The last line is "P passed, F failed"; the exit status is 0 when
 * nothing failed.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "difftest.h"
#include "fileio.h"
#include "platforms/platform.h"
#include "visafin.h"

static const char *const result_name[] = {
	"pass", "MISMATCH", "visafin error", "GenX_IR error", "simulation error"
};

static void make_input(struct dt_rng *r, uint8_t *in)
{
	/* rows 0-3: integers (small and any), rows 4-7: ordinary floats */
	for (unsigned i = 0; i < 128; i += 4) {
		uint32_t v = (uint32_t)dt_rand(r);
		if (dt_below(r, 3) == 0)
			v %= 100;
		memcpy(in + i, &v, 4);
	}
	for (unsigned i = 128; i < DT_IN_BYTES; i += 4) {
		float f = (float)((int)dt_below(r, 20001) - 10000) /
		          (float)(1 + dt_below(r, 100));
		memcpy(in + i, &f, 4);
	}
}

/* Drop units one at a time while the program still fails the same way. */
static void minimize(struct dt_ctx *c, struct dt_prog *p, enum dt_result want,
                     const uint8_t *in)
{
	bool progress = true;
	while (progress) {
		progress = false;
		for (size_t u = 0; u < p->nunits; u++) {
			if (p->dropped[u])
				continue;
			p->dropped[u] = true;
			char *text = dt_text(p);
			char saved[sizeof c->msg];
			memcpy(saved, c->msg, sizeof saved);
			if (dt_check(c, text, p->simd, in) == want) {
				progress = true;
			} else {
				p->dropped[u] = false;
				memcpy(c->msg, saved, sizeof saved);
			}
			free(text);
		}
	}
}

static void save(const char *dir, uint64_t seed, unsigned i,
                 const struct dt_prog *p, const uint8_t *in,
                 const struct dt_ctx *c)
{
	char path[512];
	snprintf(path, sizeof path, "%s/difftest-%llu-%u.visaasm", dir,
	         (unsigned long long)seed, i);
	char *text = dt_text(p);
	size_t cap = strlen(text) + 8192, n = 0;
	char *all = malloc(cap);
	if (!text || !all) {
		free(text);
		free(all);
		return;
	}
	n += (size_t)snprintf(all + n, cap - n,
	    "// difftest --seed %llu --first %u -n 1 -p %s: %s\n// %s\n"
	    "// gensim run %s K.dat --simd %u --buffer in=ub:",
	    (unsigned long long)seed, i, c->platform,
	    c->msg[0] ? "fails" : "", c->msg, c->platform, p->simd);
	for (unsigned b = 0; b < DT_IN_BYTES; b++)
		n += (size_t)snprintf(all + n, cap - n, "%s%u", b ? "," : "", in[b]);
	n += (size_t)snprintf(all + n, cap - n,
	    " --buffer out=%u --arg %u:uq=&in --arg %u:uq=&in+128"
	    " --arg %u:uq=&out --arg %u:uq=&out+128 --arg %u:uq=&out+256"
	    " --arg %u:uq=&out+384\n", DT_OUT_BYTES, DT_ARG_OFFSET,
	    DT_ARG_OFFSET + 8, DT_ARG_OFFSET + 16, DT_ARG_OFFSET + 24,
	    DT_ARG_OFFSET + 32, DT_ARG_OFFSET + 40);
	n += (size_t)snprintf(all + n, cap - n, "%s", text);
	struct vf_error e = { 0 };
	if (vf_file_write(path, all, n, &e) != VF_OK)
		fprintf(stderr, "difftest: %s\n", e.msg);
	else
		printf("    reproducer: %s\n", path);
	free(text);
	free(all);
}

/* --replay FILE: a saved reproducer (its input from the "in=ub:" comment)
 * checked again. */
static int replay(struct dt_ctx *c, const char *path)
{
	uint8_t *d;
	size_t n;
	struct vf_error e = { 0 };
	if (vf_file_read(path, &d, &n, &e) != VF_OK) {
		fprintf(stderr, "difftest: %s\n", e.msg);
		return 2;
	}
	uint8_t in[DT_IN_BYTES] = { 0 };
	const char *p = strstr((char *)d, "in=ub:");
	for (unsigned i = 0; p && i < DT_IN_BYTES; i++) {
		p += i ? 1 : 6;
		in[i] = (uint8_t)strtoul(p, (char **)&p, 10);
	}
	const char *sz = strstr((char *)d, "SimdSize=");
	unsigned simd = sz ? (unsigned)strtoul(sz + 9, NULL, 10) : 8;
	enum dt_result r = dt_check(c, (char *)d, simd, in);
	printf("%s: %s%s%s\n", path, result_name[r], c->msg[0] ? ": " : "",
	       c->msg);
	free(d);
	return r == DT_PASS ? 0 : 1;
}

/* The work directory holds GenX_IR's files of the last program. */
static void remove_workdir(const struct dt_ctx *c)
{
	static const char *const files[] = { "k.visaasm", "k.dat", "k.isa",
	                                     "k.asm", "genx.log", NULL };
	for (int f = 0; files[f]; f++) {
		char path[300];
		snprintf(path, sizeof path, "%s/%s", c->workdir, files[f]);
		unlink(path);
	}
	rmdir(c->workdir);
}

static int usage(void)
{
	fprintf(stderr, "usage: difftest -p PLATFORM -n N [--seed S] [--first I] "
	        "[--keep DIR] [-v]\n       difftest -p PLATFORM --replay FILE\n  platforms: bdw skl bxt icllp tgllp (what visafin finalizes)\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *plat = "skl", *keep = ".", *replay_file = NULL;
	unsigned long n = 10, first = 0;
	uint64_t seed = 1;
	bool verbose = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "-v")) {
			verbose = true;
			continue;
		}
		if (!v)
			return usage();
		if (!strcmp(a, "-p"))
			plat = v;
		else if (!strcmp(a, "-n"))
			n = strtoul(v, NULL, 0);
		else if (!strcmp(a, "--seed"))
			seed = strtoull(v, NULL, 0);
		else if (!strcmp(a, "--first"))
			first = strtoul(v, NULL, 0);
		else if (!strcmp(a, "--keep"))
			keep = v;
		else if (!strcmp(a, "--replay"))
			replay_file = v;
		else
			return usage();
		i++;
	}
	struct dt_ctx c = { .platform = plat };
	/* every platform visafin finalizes, by GenX_IR's -platform name */
	static const struct {
		const char *name, *genx;
		unsigned quirks;
	} names[] = {
		{ "bdw", "BDW", DT_GX_PRED_HF_COPY }, { "skl", "SKL", 0 },
		{ "bxt", "BXT", DT_GX_MACL_SAT },
		{ "icllp", "ICLLP", DT_GX_MACL_SAT | DT_GX_Q_STRIDED },
		{ "tgllp", "TGLLP", DT_GX_MACL_SAT | DT_GX_Q_STRIDED },
	};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
		if (!strcmp(plat, names[k].name)) {
			c.genx_platform = names[k].genx;
			c.target.genx_quirks = names[k].quirks;
		}
	if (!c.genx_platform)
		return usage();
	const struct plat_info *pi = plat_by_name(plat);
	if (!pi)
		return usage();
	c.target.df = pi->caps.native_df;
	c.target.native_q = pi->caps.native_q;
	c.target.offsets_64bit_any_mask = !pi->caps.region_64bit_restricted;
	snprintf(c.workdir, sizeof c.workdir, "/tmp/difftest.XXXXXX");
	const char *tmp = getenv("TMPDIR");
	if (tmp && strlen(tmp) < 200)
		snprintf(c.workdir, sizeof c.workdir, "%s/difftest.XXXXXX", tmp);
	if (!mkdtemp(c.workdir)) {
		perror("difftest: work directory");
		return 2;
	}
	if (replay_file) {
		int rc = replay(&c, replay_file);
		remove_workdir(&c);
		return rc;
	}
	unsigned long pass = 0, failed = 0;
	for (unsigned long i = first; i < first + n; i++) {
		struct dt_rng r = { seed * 0x9E3779B97F4A7C15ull + i * 0xD1B54A32D192ED03ull + 1 };
		for (int k = 0; k < 4; k++)
			dt_rand(&r);
		struct dt_prog p;
		dt_generate(&r, &c.target, &p);
		uint8_t in[DT_IN_BYTES];
		make_input(&r, in);
		char *text = dt_text(&p);
		enum dt_result res = dt_check(&c, text, p.simd, in);
		free(text);
		printf("program %lu (simd%u, %zu units): %s%s%s\n", i, p.simd,
		       p.nunits, result_name[res], c.msg[0] ? ": " : "", c.msg);
		if (res == DT_PASS) {
			pass++;
		} else {
			failed++;
			minimize(&c, &p, res, in);
			save(keep, seed, (unsigned)i, &p, in, &c);
		}
		if (verbose && res == DT_PASS) {
			char *t = dt_text(&p);
			fputs(t, stdout);
			free(t);
		}
		fflush(stdout);
		dt_prog_free(&p);
	}
	remove_workdir(&c);
	printf("%lu passed, %lu failed\n", pass, failed);
	return failed ? 1 : 0;
}
