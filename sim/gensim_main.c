/*
 * gensim_main.c - command line of gensim, the functional Gen simulator
 * and corpus oracle (docs/gensim.md, README "gensim").
 *
 *   gensim corpus DIR PLATFORM [--gen DIR] [--only NAME] [--simd N]
 *                              [--random] [--seed N] [--trace]
 *                              [--out DIR] [--swsb-check] [-v]
 *
 *   gensim run PLATFORM K.dat [--simd N] [--buffer ...] [--arg ...]
 *                             [--expect ...] [--out ...]  (gensim_run.c)
 *
 * Exit status: 0 all runs passed, 1 some failed, 2 usage or input error.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gensim.h"
#include "../platforms/swsb_gen12.h"

bool gs_swsb_platform_ok(const char *platform)
{
	const struct plat_info *p = plat_by_name(platform);
	if (p && !swsb_model_for(p->enc))
		fprintf(stderr, "gensim: --swsb-check: %s has a hardware "
		        "scoreboard, nothing to check\n", platform);
	return true;   /* an unknown platform is reported later */
}

/* Help: to standard output with status 0 when asked for (--help), to
 * standard error with status 2 after a usage error. */
static int usage_to(FILE *f, int status)
{
	fprintf(f,
	        "usage: gensim corpus DIR PLATFORM [options]\n"
	        "  run every (kernel, SIMD) of DIR/manifest.PLATFORM.json that has\n"
	        "  a recipe in DIR/runs.json and compare with the expected outputs\n"
	        "options:\n"
	        "  --gen DIR     run DIR/<file>.<kernel>.simd<N>.dat instead of IGC's\n"
	        "  --only NAME   only the recipe NAME (<file>.<kernel>)\n"
	        "  --simd N      only SIMD width N\n"
	        "  --random      seeded random thread interleaving\n"
	        "  --seed N      seed of --random (default 1)\n"
	        "  --trace       print every executed instruction to stderr\n"
	        "  --out DIR     write DIR/out.<arg>[.simd<N>].bin of every run\n"
	        "  --swsb-check  fail a run at the first software scoreboard hazard\n"
	        "                (Gen12: tgllp; docs/swsb.md)\n"
	        "   or: gensim run PLATFORM K.dat [options]  (one kernel with\n"
	        "  explicit inputs; gensim run with no more arguments for help)\n"
	        "platforms: bdw skl bxt icllp tgllp\n");
	return status;
}

static int usage(void)
{
	return usage_to(stderr, 2);
}

static bool parse_opts(int argc, char **argv, int first, struct gs_opts *o)
{
	for (int i = first; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--random")) {
			o->random = true;
		} else if (!strcmp(a, "--trace")) {
			o->trace = true;
		} else if (!strcmp(a, "--swsb-check")) {
			o->swsb_check = true;
		} else if (!strcmp(a, "-v")) {
			o->verbose++;
		} else if (v && !strcmp(a, "--gen")) {
			o->gen_dir = v, i++;
		} else if (v && !strcmp(a, "--out")) {
			o->out_dir = v, i++;
		} else if (v && !strcmp(a, "--only")) {
			o->only = v, i++;
		} else if (v && !strcmp(a, "--simd")) {
			o->only_simd = (unsigned)strtoul(v, NULL, 10), i++;
		} else if (v && !strcmp(a, "--seed")) {
			o->seed = strtoull(v, NULL, 0), i++;
		} else {
			fprintf(stderr, "gensim: unknown option %s\n", a);
			return false;
		}
	}
	return true;
}

int main(int argc, char **argv)
{
	struct gs_opts o = { .seed = 1 };
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	                  !strcmp(argv[1], "help")))
		return usage_to(stdout, 0);
	if (argc >= 2 && !strcmp(argv[1], "run"))
		return gs_run_kernel(argc, argv);
	if (argc < 4 || strcmp(argv[1], "corpus"))
		return usage();
	if (!parse_opts(argc, argv, 4, &o))
		return usage();
	if (o.swsb_check && !gs_swsb_platform_ok(argv[3]))
		return 2;
	return gs_corpus(argv[2], argv[3], &o);
}
