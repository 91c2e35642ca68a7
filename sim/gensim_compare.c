/*
 * gensim_compare.c - the recipes' comparison rules, applied to the final
 * contents of every output argument: per field and value "exact"
 * (identical bits; any NaN matches any NaN), "ulp" (float types: at most
 * N representable values apart, +0 and -0 equal), "abs", "rel",
 * "abs_file" (one float32 tolerance per value), several criteria meaning
 * any one may hold, "ignore".  Same semantics as the corpus's
 * tools/pocl-run.c --compare (shared/corpus/README.md "compare rules").
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gensim.h"

struct rule {
	bool ignore, exact;
	double ulp, abs, rel;
	float *abs_each;
	size_t abs_count;
};

struct val {
	double v;
	int64_t ord;
	bool nan, fl;
};

static unsigned type_size(const char *t)
{
	if (!strcmp(t, "char") || !strcmp(t, "uchar"))
		return 1;
	if (!strcmp(t, "short") || !strcmp(t, "ushort") || !strcmp(t, "half"))
		return 2;
	if (!strcmp(t, "int") || !strcmp(t, "uint") || !strcmp(t, "float"))
		return 4;
	if (!strcmp(t, "long") || !strcmp(t, "ulong") || !strcmp(t, "double"))
		return 8;
	return 0;
}

static struct val load(const char *t, const uint8_t *p)
{
	struct val r = { 0, 0, false, false };
	uint64_t u = 0;
	memcpy(&u, p, type_size(t));
	if (!strcmp(t, "float") || !strcmp(t, "double") || !strcmp(t, "half")) {
		unsigned bits = 8 * type_size(t);
		uint64_t sign = 1ull << (bits - 1);
		r.fl = true;
		r.ord = (u & sign) ? -(int64_t)(u & (sign - 1)) : (int64_t)u;
		if (bits == 32) {
			float f;
			memcpy(&f, p, 4);
			r.v = f;
		} else if (bits == 64) {
			memcpy(&r.v, p, 8);
		} else {
			r.v = sim_half_to_float((uint16_t)u);
		}
		r.nan = isnan(r.v);
		return r;
	}
	unsigned bits = 8 * type_size(t);
	bool sgn = t[0] != 'u';
	if (sgn && bits < 64 && (u >> (bits - 1)) & 1)
		r.v = (double)((int64_t)u - (int64_t)(1ull << bits));
	else
		r.v = sgn ? (double)(int64_t)u : (double)u;
	return r;
}

static bool parse_rule(struct gs_run *r, const struct json *c,
                       struct rule *ru)
{
	memset(ru, 0, sizeof(*ru));
	ru->ignore = json_bool(c, "ignore", false);
	ru->exact = json_bool(c, "exact", false);
	ru->ulp = json_num(c, "ulp", -1);
	ru->abs = json_num(c, "abs", -1);
	ru->rel = json_num(c, "rel", -1);
	const char *af = json_str(c, "abs_file", NULL);
	if (af) {
		char path[4096];
		size_t n;
		snprintf(path, sizeof(path), "%s/runs/%s/%s", r->dir,
		         json_str(r->recipe, "name", "?"), af);
		ru->abs_each = (float *)gs_read_file(path, &n);
		if (!ru->abs_each)
			return gs_fail(r, "cannot read %s", path);
		ru->abs_count = n / 4;
	}
	if (!c || (!ru->ignore && !ru->exact && ru->ulp < 0 && ru->abs < 0 &&
	    ru->rel < 0 && !ru->abs_each))
		return gs_fail(r, "comparison rule names no criterion");
	return true;
}

static bool value_ok(const struct rule *ru, const char *t, const uint8_t *e,
                     const uint8_t *a, size_t k)
{
	unsigned ts = type_size(t);
	struct val ev = load(t, e), av = load(t, a);
	if (!ev.fl || ru->exact) {
		if (!memcmp(e, a, ts) || (ev.fl && ev.nan && av.nan))
			return true;
		return !ev.fl && ru->abs >= 0 && fabs(av.v - ev.v) <= ru->abs;
	}
	if (ev.nan || av.nan)
		return ev.nan && av.nan;
	if (ev.v == av.v)
		return true;
	double ud = fabs((double)(ev.ord - av.ord)), ad = fabs(av.v - ev.v);
	return (ru->ulp >= 0 && ud <= ru->ulp) || (ru->abs >= 0 && ad <= ru->abs)
	       || (ru->rel >= 0 && ad <= ru->rel * fabs(ev.v)) ||
	       (ru->abs_each && k < ru->abs_count && ad <= ru->abs_each[k]);
}

static bool compare_field(struct gs_run *r, unsigned arg,
                          const struct json *f, const uint8_t *e,
                          const uint8_t *a, size_t count, size_t esize)
{
	const char *t = json_str(f, "type", "uchar");
	unsigned ts = type_size(t);
	size_t off = (size_t)json_num(f, "offset", 0), n = (size_t)json_num(f,
	             "n", 1);
	struct rule ru;
	if (!ts)
		return gs_fail(r, "unknown field type %s", t);
	if (!parse_rule(r, json_get(f, "compare"), &ru))
		return false;
	size_t bad = 0, first_e = 0, first_j = 0;
	for (size_t i = 0; !ru.ignore && i < count; i++)
		for (size_t j = 0; j < n; j++) {
			size_t o = i * esize + off + j * ts;
			if (o + ts > count * esize || value_ok(&ru, t, e + o, a + o,
			                                       i * n + j))
				continue;
			if (!bad++)
				first_e = i, first_j = j;
		}
	free(ru.abs_each);
	if (!bad)
		return true;
	size_t o = first_e * esize + off + first_j * ts;
	return gs_fail(r, "arg %u field %s: %zu of %zu values outside the rule "
	               "(element %zu[%zu]: expected %.9g, got %.9g)", arg,
	               json_str(f, "name", "?"), bad, count * n, first_e, first_j,
	               load(t, e + o).v, load(t, a + o).v);
}

static bool compare_output(struct gs_run *r, const struct json *out)
{
	unsigned arg = (unsigned)json_num(out, "arg", -1);
	char path[4096], key[16];
	const char *ef = json_str(out, "expected", NULL);
	if (!ef) {
		snprintf(key, sizeof(key), "%u", r->simd);
		ef = json_str(json_get(out, "expected_by_simd"), key, NULL);
	}
	if (!ef || arg >= GS_MAX_ARGS)
		return gs_fail(r, "output %u has no expected file", arg);
	snprintf(path, sizeof(path), "%s/runs/%s/%s", r->dir,
	         json_str(r->recipe, "name", "?"), ef);
	size_t elen;
	uint8_t *e = gs_read_file(path, &elen);
	if (!e)
		return gs_fail(r, "cannot read %s", path);
	const uint8_t *a = elen == r->size[arg]
	                   ? sim_host_ptr(r->c, r->addr[arg], elen) : NULL;
	size_t esize = (size_t)json_num(out, "elem_size", 0);
	bool ok = a && esize && elen % esize == 0;
	if (!ok)
		gs_fail(r, "output %u: size differs or unknown", arg);
	const struct json *fields = json_get(out, "fields");
	for (size_t i = 0; ok && i < json_len(fields); i++)
		ok = compare_field(r, arg, json_at(fields, i), e, a, elen / esize,
		                   esize);
	free(e);
	return ok;
}

bool gs_compare(struct gs_run *r)
{
	const struct json *outs = json_get(r->recipe, "outputs");
	if (!json_len(outs))
		return gs_fail(r, "recipe has no outputs");
	for (size_t i = 0; i < json_len(outs); i++)
		if (!compare_output(r, json_at(outs, i)))
			return false;
	return true;
}

bool gs_write_outputs(struct gs_run *r)
{
	const struct json *args = json_get(r->recipe, "args");
	for (size_t i = 0; i < json_len(args); i++) {
		const struct json *a = json_at(args, i);
		const char *k = json_str(a, "kind", "");
		unsigned idx = (unsigned)json_num(a, "index", 0);
		if ((strcmp(k, "buffer") && strcmp(k, "image")) ||
		    idx >= GS_MAX_ARGS || !r->size[idx])
			continue;
		char path[4096];
		snprintf(path, sizeof(path), "%s/out.%u.simd%u.bin", r->o->out_dir,
		         idx, r->simd);
		const void *d = sim_host_ptr(r->c, r->addr[idx], r->size[idx]);
		FILE *f = fopen(path, "wb");
		bool ok = f && d && fwrite(d, 1, r->size[idx], f) == r->size[idx];
		if (f && fclose(f))
			ok = false;
		if (!ok)
			return gs_fail(r, "cannot write %s", path);
	}
	return true;
}
