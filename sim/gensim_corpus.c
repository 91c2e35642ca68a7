/*
 * gensim_corpus.c - the oracle loop: for every (kernel, SIMD) entry of
 * manifest.<PLATFORM>.json that has a recipe in runs.json, run the Gen
 * binary in gensim and compare its outputs with the recipe's expected
 * files.  One line per run ("PASS dev name simdN", "FAIL ...: why",
 * "SKIP ...: no expected output"), then "N passed, N failed, N skipped".
 * A run fails whenever anything is unsupported; it is skipped only when
 * its recipe has no expected output.  Recipes are matched to entries by
 * "<source stem>.<kernel>" (shared/corpus/README.md "runs.json").
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "gensim.h"

uint8_t *gs_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	uint8_t *d = malloc(cap + 1);
	while (d) {
		size_t k = fread(d + n, 1, cap - n, f);
		n += k;
		if (n < cap)
			break;
		uint8_t *nd = realloc(d, 2 * cap + 1);
		if (!nd) {
			free(d);
			d = NULL;
			break;
		}
		d = nd;
		cap *= 2;
	}
	bool err = ferror(f);
	fclose(f);
	if (!d || err) {
		free(d);
		return NULL;
	}
	d[n] = 0;
	*len = n;
	return d;
}

bool gs_fail(struct gs_run *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->why, sizeof(r->why), fmt, ap);
	va_end(ap);
	return false;
}

static struct json *load_json(const char *dir, const char *file)
{
	char path[4096];
	size_t len, pos = 0;
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	uint8_t *d = gs_read_file(path, &len);
	if (!d) {
		fprintf(stderr, "gensim: cannot read %s: %s\n", path,
		        strerror(errno));
		return NULL;
	}
	struct json *j = json_parse((const char *)d, len, &pos);
	if (!j)
		fprintf(stderr, "gensim: %s: invalid JSON at byte %zu\n", path, pos);
	free(d);
	return j;
}

/* "<source stem>.<kernel>" of a manifest entry. */
static void entry_name(const struct json *e, char *buf, size_t n)
{
	const char *src = json_str(e, "source", "?");
	const char *b = strrchr(src, '/');
	char stem[256];
	snprintf(stem, sizeof(stem), "%s", b ? b + 1 : src);
	char *dot = strrchr(stem, '.');
	if (dot)
		*dot = 0;
	snprintf(buf, n, "%s.%s", stem, json_str(e, "kernel", "?"));
}

static const struct json *find_recipe(const struct json *runs,
                                      const char *name)
{
	const struct json *list = json_get(runs, "runs");
	for (size_t i = 0; i < json_len(list); i++)
		if (!strcmp(json_str(json_at(list, i), "name", ""), name))
			return json_at(list, i);
	return NULL;
}

static bool has_expected(const struct json *recipe)
{
	const struct json *v = json_get(recipe, "expected_by");
	return v && v->kind == JSON_STR;
}

struct trace_ctx {
	const struct plat_info *p;
};

static void trace_inst(void *user, unsigned group, unsigned thread,
                       uint32_t mask, const struct gen_inst *in)
{
	struct trace_ctx *t = user;
	struct gen_text tx = { 0 };
	gen_format_inst(t->p, in, &tx);
	fprintf(stderr, "g%u t%u [%04X] %08X  %s\n", group, thread, in->pc, mask,
	        tx.s ? tx.s : "?");
	gen_text_free(&tx);
}

static bool run_one(struct gs_run *r)
{
	struct trace_ctx tc = { r->plat };
	bool ok = gs_setup(r);
	if (ok && r->o->trace)
		sim_set_trace(r->c, trace_inst, &tc);
	if (ok)
		sim_set_swsb_check(r->c, r->o->swsb_check);
	if (ok) {
		struct vf_error e = { 0 };
		if (sim_run(r->c, &r->launch, &e) != VF_OK)
			ok = gs_fail(r, "%s", e.msg);
		if (r->o->verbose)
			fprintf(stderr, "%s simd%u: %llu instructions\n",
			        json_str(r->recipe, "name", "?"), r->simd,
			        (unsigned long long)sim_instruction_count(r->c));
	}
	if (ok && r->o->out_dir)
		ok = gs_write_outputs(r);
	if (ok)
		ok = gs_compare(r);
	sim_destroy(r->c);
	free(r->code);
	if (r->gen) {
		vf_kernel_results_free(r->gen, 1);
		r->gen = NULL;
	}
	r->c = NULL;
	r->code = NULL;
	return ok;
}

struct tally {
	unsigned pass, fail, skip;
};

static void one_entry(const char *dir, const char *dev,
                      const struct plat_info *p, const struct gs_opts *o,
                      const struct json *e, const struct json *runs,
                      struct tally *n)
{
	char name[512];
	entry_name(e, name, sizeof(name));
	unsigned simd = (unsigned)json_num(e, "simd", 0);
	const struct json *recipe = find_recipe(runs, name);
	if (!recipe || (o->only && strcmp(o->only, name)) ||
	    (o->only_simd && o->only_simd != simd))
		return;
	if (!has_expected(recipe)) {
		printf("SKIP %s %s simd%u: no expected output\n", dev, name, simd);
		n->skip++;
		return;
	}
	struct gs_run *r = calloc(1, sizeof(*r));
	if (!r) {
		printf("FAIL %s %s simd%u: out of memory\n", dev, name, simd);
		n->fail++;
		return;
	}
	*r = (struct gs_run){ .dir = dir, .dev = dev, .entry = e,
	                      .recipe = recipe, .plat = p, .o = o, .simd = simd };
	if (run_one(r)) {
		printf("PASS %s %s simd%u\n", dev, name, simd);
		n->pass++;
	} else {
		printf("FAIL %s %s simd%u: %s\n", dev, name, simd, r->why);
		n->fail++;
	}
	fflush(stdout);
	free(r);
}

int gs_corpus(const char *dir, const char *dev, const struct gs_opts *o)
{
	const struct plat_info *p = plat_by_name(dev);
	if (!p) {
		fprintf(stderr, "gensim: unknown platform %s\n", dev);
		return 2;
	}
	char mf[256];
	snprintf(mf, sizeof(mf), "manifest.%s.json", p->name);
	struct json *man = load_json(dir, mf), *runs = load_json(dir, "runs.json");
	if (!man || !runs) {
		json_free(man);
		json_free(runs);
		return 2;
	}
	struct tally n = { 0, 0, 0 };
	const struct json *entries = json_get(man, "entries");
	for (size_t i = 0; i < json_len(entries); i++)
		one_entry(dir, p->name, p, o, json_at(entries, i), runs, &n);
	printf("%u passed, %u failed, %u skipped\n", n.pass, n.fail, n.skip);
	json_free(man);
	json_free(runs);
	return n.fail ? 1 : 0;
}
