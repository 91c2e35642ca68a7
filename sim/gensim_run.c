/*
 * gensim_run.c - "gensim run": one standalone kernel binary with explicit
 * inputs, for hand-written test kernels (tests/fin/, docs/gensim.md
 * "Running one kernel").
 *
 *   gensim run PLATFORM K.dat [--simd N] [--items N] [--groups N]
 *       [--buffer NAME[:BTI]=SPEC]... [--arg OFF:TYPE=VALUES]...
 *       [--slm BYTES] [--scratch BYTES] [--expect NAME=TYPE:VALUES]...
 *       [--out NAME=FILE]... [--trace] [--swsb-check] [-v]
 *
 * Buffers are allocated page-aligned in GPU memory (SPEC: a byte count,
 * TYPE:VALUES, or @FILE) and optionally bound at a binding-table index.
 * --arg writes values at a GRF byte offset of every thread (the offsets
 * of the kernel's vISA .input lines); "&NAME" or "&NAME+OFF" is a
 * buffer's 64-bit GPU address.  The args are passed as cross-thread data
 * from the lowest GRF they touch; r0 and the local ids (16-bit, from
 * r1) are set up as for any dispatch.  One dimension: --items work-items
 * per work-group (default SIMD), --groups work-groups.
 *
 * VALUES is a comma list; "V*N" repeats V N times.  Integer values are
 * C literals (strtoll/strtoull, base 0); float values are decimal
 * (strtod: "inf", "nan", "-0.0" work) or raw bits written 0x... .
 * --expect compares the buffer's first elements bit for bit.
 * Exit status: 0 every expectation holds, 1 a mismatch, 2 usage, input
 * or simulation error.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gensim.h"
#include "gen.h"

#define GR_MAX_BUF 32
#define SIM_GRF_COUNT_BYTES (128 * 32)   /* the GRF file (sim_priv.h) */

struct gr_buf {
	char name[64];
	int bti;                 /* -1: not bound */
	uint8_t *init;
	size_t size;
	uint64_t addr;
};

struct gr {
	struct sim_ctx *c;
	struct gr_buf buf[GR_MAX_BUF];
	unsigned nbuf;
	uint8_t grf[SIM_GRF_COUNT_BYTES];
	uint8_t used[SIM_GRF_COUNT_BYTES];
};

/* Element types of --arg, --buffer and --expect (vISA spelling). */
struct gr_type {
	const char *name;
	unsigned size;
	char kind;               /* 'i' signed, 'u' unsigned, 'f' float */
};

static const struct gr_type types[] = {
	{ "b", 1, 'i' }, { "ub", 1, 'u' }, { "w", 2, 'i' }, { "uw", 2, 'u' },
	{ "d", 4, 'i' }, { "ud", 4, 'u' }, { "q", 8, 'i' }, { "uq", 8, 'u' },
	{ "hf", 2, 'h' }, { "f", 4, 'f' }, { "df", 8, 'f' },
};

static const struct gr_type *type_of(const char *s, size_t n)
{
	for (unsigned i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strlen(types[i].name) == n && !strncmp(types[i].name, s, n))
			return &types[i];
	return NULL;
}

static struct gr_buf *buf_named(struct gr *g, const char *s, size_t n)
{
	for (unsigned i = 0; i < g->nbuf; i++)
		if (strlen(g->buf[i].name) == n && !strncmp(g->buf[i].name, s, n))
			return &g->buf[i];
	return NULL;
}

/* One value of type t into out[0..t->size): false if malformed. */
static bool parse_value(struct gr *g, const struct gr_type *t, const char *s,
                        uint8_t *out)
{
	char *end;
	uint64_t bits;
	if (s[0] == '&') {
		const char *plus = strchr(s, '+');
		size_t n = plus ? (size_t)(plus - s - 1) : strlen(s + 1);
		struct gr_buf *b = buf_named(g, s + 1, n);
		if (!b || t->size != 8)
			return false;
		bits = b->addr + (plus ? strtoull(plus + 1, NULL, 0) : 0);
	} else if (t->kind == 'h' || (t->kind == 'f' && s[0] == '0' &&
	           (s[1] == 'x' || s[1] == 'X') && !strpbrk(s, "pP"))) {
		bits = strtoull(s, &end, 16);
		if (*end)
			return false;
	} else if (t->kind == 'f') {
		double d = strtod(s, &end);
		if (*end || end == s)
			return false;
		if (t->size == 4) {
			float f = (float)d;
			uint32_t u;
			memcpy(&u, &f, 4);
			bits = u;
		} else {
			memcpy(&bits, &d, 8);
		}
	} else if (t->kind == 'i') {
		bits = (uint64_t)strtoll(s, &end, 0);
		if (*end || end == s)
			return false;
	} else {
		bits = strtoull(s, &end, 0);
		if (*end || end == s)
			return false;
	}
	memcpy(out, &bits, t->size);   /* little endian host */
	return true;
}

/* "TYPE:V,V*N,..." -> malloc'd bytes. */
static uint8_t *parse_list(struct gr *g, const char *spec, size_t *len,
                           const struct gr_type **tp)
{
	const char *colon = strchr(spec, ':');
	const struct gr_type *t = colon ? type_of(spec, (size_t)(colon - spec))
	                                : NULL;
	if (!t)
		return NULL;
	*tp = t;
	size_t cap = 64, n = 0;
	uint8_t *d = malloc(cap);
	char *copy = strdup(colon + 1);
	if (!d || !copy) {
		free(d);
		free(copy);
		return NULL;
	}
	char *save = NULL;
	for (char *tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		unsigned long rep = 1;
		char *star = strrchr(tok, '*');
		if (star) {
			*star = 0;
			rep = strtoul(star + 1, NULL, 0);
		}
		uint8_t v[8];
		if (!parse_value(g, t, tok, v)) {
			fprintf(stderr, "gensim run: bad %s value '%s'\n", t->name, tok);
			free(d);
			free(copy);
			return NULL;
		}
		for (unsigned long k = 0; k < rep; k++) {
			if (n + t->size > cap) {
				uint8_t *nd = realloc(d, cap * 2);
				if (!nd) {
					free(d);
					free(copy);
					return NULL;
				}
				d = nd;
				cap *= 2;
			}
			memcpy(d + n, v, t->size);
			n += t->size;
		}
	}
	free(copy);
	*len = n;
	return d;
}

/* --buffer NAME[:BTI]=SIZE|TYPE:VALUES|@FILE */
static bool add_buffer(struct gr *g, const char *a)
{
	const char *eq = strchr(a, '=');
	if (!eq || g->nbuf == GR_MAX_BUF)
		return false;
	struct gr_buf *b = &g->buf[g->nbuf];
	size_t n = (size_t)(eq - a);
	const char *colon = memchr(a, ':', n);
	b->bti = -1;
	if (colon) {
		b->bti = atoi(colon + 1);
		n = (size_t)(colon - a);
	}
	if (n == 0 || n >= sizeof(b->name))
		return false;
	memcpy(b->name, a, n);
	b->name[n] = 0;
	const char *spec = eq + 1;
	const struct gr_type *t;
	if (spec[0] == '@')
		b->init = gs_read_file(spec + 1, &b->size);
	else if (strchr(spec, ':'))
		b->init = parse_list(g, spec, &b->size, &t);
	else if ((b->size = strtoull(spec, NULL, 0)) != 0)
		b->init = calloc(1, b->size);
	if (!b->init || !b->size)
		return false;
	struct vf_error e = { 0 };
	if (sim_alloc(g->c, b->size, 4096, b->init, &b->addr, &e) != VF_OK ||
	    (b->bti >= 0 && sim_bind_buffer(g->c, (unsigned)b->bti, b->addr,
	                                    b->size, &e) != VF_OK)) {
		fprintf(stderr, "gensim run: buffer %s: %s\n", b->name, e.msg);
		return false;
	}
	g->nbuf++;
	return true;
}

/* --arg OFF:TYPE=VALUES */
static bool add_arg(struct gr *g, const char *a)
{
	char *end;
	unsigned long off = strtoul(a, &end, 0);
	if (*end != ':')
		return false;
	char spec[4096];
	snprintf(spec, sizeof(spec), "%s", end + 1);
	char *eq = strchr(spec, '=');
	if (!eq)
		return false;
	*eq = ':';
	size_t n;
	const struct gr_type *t;
	uint8_t *d = parse_list(g, spec, &n, &t);
	if (!d || off < 32 || off + n > sizeof(g->grf)) {
		free(d);
		return false;
	}
	memcpy(g->grf + off, d, n);
	memset(g->used + off, 1, n);
	free(d);
	return true;
}

static void fmt_elem(const struct gr_type *t, const uint8_t *p, char *s,
                     size_t n)
{
	uint64_t u = 0;
	memcpy(&u, p, t->size);
	if (t->kind == 'f' && t->size == 4) {
		float f;
		memcpy(&f, p, 4);
		snprintf(s, n, "%.9g (0x%08" PRIX64 ")", (double)f, u);
	} else if (t->kind == 'f') {
		double d;
		memcpy(&d, p, 8);
		snprintf(s, n, "%.17g (0x%016" PRIX64 ")", d, u);
	} else if (t->kind == 'i') {
		int64_t v = (int64_t)(u << (64 - 8 * t->size)) >> (64 - 8 * t->size);
		snprintf(s, n, "%" PRId64, v);
	} else {
		snprintf(s, n, "0x%" PRIX64, u);
	}
}

/* --expect NAME=TYPE:VALUES: 0 ok, 1 mismatch, 2 error. */
static int check_expect(struct gr *g, const char *a)
{
	const char *eq = strchr(a, '=');
	struct gr_buf *b = eq ? buf_named(g, a, (size_t)(eq - a)) : NULL;
	size_t n;
	const struct gr_type *t;
	uint8_t *want = b ? parse_list(g, eq + 1, &n, &t) : NULL;
	if (!want) {
		fprintf(stderr, "gensim run: bad --expect %s\n", a);
		return 2;
	}
	const uint8_t *got = n <= b->size ? sim_host_ptr(g->c, b->addr, n) : NULL;
	if (!got) {
		fprintf(stderr, "gensim run: --expect %s longer than the buffer\n", a);
		free(want);
		return 2;
	}
	unsigned bad = 0;
	for (size_t i = 0; i < n; i += t->size) {
		if (!memcmp(want + i, got + i, t->size))
			continue;
		if (bad++ < 8) {
			char w[64], h[64];
			fmt_elem(t, want + i, w, sizeof(w));
			fmt_elem(t, got + i, h, sizeof(h));
			printf("%s[%zu]: expected %s, got %s\n", b->name, i / t->size,
			       w, h);
		}
	}
	if (bad)
		printf("%s: %u of %zu elements differ\n", b->name, bad, n / t->size);
	free(want);
	return bad ? 1 : 0;
}

static bool write_out(struct gr *g, const char *a)
{
	const char *eq = strchr(a, '=');
	struct gr_buf *b = eq ? buf_named(g, a, (size_t)(eq - a)) : NULL;
	const uint8_t *p = b ? sim_host_ptr(g->c, b->addr, b->size) : NULL;
	FILE *f = p ? fopen(eq + 1, "wb") : NULL;
	bool ok = f && fwrite(p, 1, b->size, f) == b->size;
	if (f && fclose(f))
		ok = false;
	if (!ok)
		fprintf(stderr, "gensim run: cannot write --out %s\n", a);
	return ok;
}

static void trace_inst(void *user, unsigned group, unsigned thread,
                       uint32_t mask, const struct gen_inst *in)
{
	const struct plat_info *p = user;
	struct gen_text tx = { 0 };
	gen_format_inst(p, in, &tx);
	fprintf(stderr, "g%u t%u [%04X] %08X  %s\n", group, thread, in->pc, mask,
	        tx.s ? tx.s : "?");
	gen_text_free(&tx);
}

static int run_usage(void)
{
	fprintf(stderr,
	        "usage: gensim run PLATFORM K.dat [--simd N] [--items N] "
	        "[--groups N]\n"
	        "         [--buffer NAME[:BTI]=SIZE|TYPE:V,..|@FILE]... "
	        "[--arg OFF:TYPE=V,..]...\n"
	        "         [--slm N] [--scratch N] [--expect NAME=TYPE:V,..]... "
	        "[--out NAME=FILE]...\n"
	        "         [--trace] [--swsb-check] [-v]\n");
	return 2;
}

static int run_with(struct gr *g, const struct plat_info *p, int argc,
                    char **argv)
{
	struct sim_launch l = { .simd = 8, .work_dim = 1 };
	unsigned items = 0, groups = 1;
	bool trace = false, verbose = false, swsb = false;
	/* pass 1: launch shape and buffers (args may name buffers) */
	for (int i = 4; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool ok = true;
		if (!strcmp(a, "--trace"))
			trace = true;
		else if (!strcmp(a, "--swsb-check"))
			swsb = true;
		else if (!strcmp(a, "-v"))
			verbose = true;
		else if (!v)
			return run_usage();
		else if (!strcmp(a, "--simd"))
			l.simd = (unsigned)strtoul(v, NULL, 0);
		else if (!strcmp(a, "--items"))
			items = (unsigned)strtoul(v, NULL, 0);
		else if (!strcmp(a, "--groups"))
			groups = (unsigned)strtoul(v, NULL, 0);
		else if (!strcmp(a, "--slm"))
			l.slm_size = (unsigned)strtoul(v, NULL, 0);
		else if (!strcmp(a, "--scratch"))
			l.scratch_per_thread = (unsigned)strtoul(v, NULL, 0);
		else if (!strcmp(a, "--buffer"))
			ok = add_buffer(g, v);
		else if (strcmp(a, "--arg") && strcmp(a, "--expect") &&
		         strcmp(a, "--out"))
			return run_usage();
		if (!ok) {
			fprintf(stderr, "gensim run: bad %s %s\n", a, v);
			return 2;
		}
		if (strcmp(a, "--trace") && strcmp(a, "-v") &&
		    strcmp(a, "--swsb-check"))
			i++;
	}
	if (l.simd != 8 && l.simd != 16 && l.simd != 32)
		return run_usage();
	if (swsb && !gs_swsb_platform_ok(p->name))
		return 2;
	sim_set_swsb_check(g->c, swsb);
	if (!items)
		items = l.simd;
	for (unsigned d = 0; d < 3; d++)
		l.global_size[d] = l.local_size[d] = 1;
	l.local_size[0] = items;
	l.global_size[0] = items * groups;
	for (int i = 4; i + 1 < argc; i++)
		if (!strcmp(argv[i], "--arg") && !add_arg(g, argv[++i])) {
			fprintf(stderr, "gensim run: bad --arg %s\n", argv[i]);
			return 2;
		}
	unsigned lo = SIM_GRF_COUNT_BYTES, hi = 0;
	for (unsigned b = 0; b < SIM_GRF_COUNT_BYTES; b++)
		if (g->used[b]) {
			lo = b < lo ? b : lo;
			hi = b + 1;
		}
	if (hi) {
		lo &= ~31u;
		l.cross_thread = g->grf + lo;
		l.cross_thread_offset = lo;
		l.cross_thread_size = ((hi + 31) & ~31u) - lo;
	}
	struct vf_error e = { 0 };
	if (trace)
		sim_set_trace(g->c, trace_inst, (void *)p);
	if (sim_run(g->c, &l, &e) != VF_OK) {
		printf("simulation error: %s\n", e.msg);
		return 2;
	}
	if (verbose)
		fprintf(stderr, "%llu instructions\n",
		        (unsigned long long)sim_instruction_count(g->c));
	int rc = 0;
	for (int i = 4; i + 1 < argc; i++) {
		if (!strcmp(argv[i], "--out") && !write_out(g, argv[i + 1]))
			rc = 2;
		if (!strcmp(argv[i], "--expect")) {
			int r = check_expect(g, argv[i + 1]);
			rc = r > rc ? r : rc;
		}
	}
	return rc;
}

int gs_run_kernel(int argc, char **argv)
{
	if (argc < 4)
		return run_usage();
	const struct plat_info *p = plat_by_name(argv[2]);
	if (!p) {
		fprintf(stderr, "gensim: unknown platform %s\n", argv[2]);
		return 2;
	}
	size_t n;
	uint8_t *code = gs_read_file(argv[3], &n);
	if (!code) {
		fprintf(stderr, "gensim run: cannot read %s\n", argv[3]);
		return 2;
	}
	struct gr *g = calloc(1, sizeof(*g));
	struct vf_error e = { 0 };
	int rc = 2;
	if (g && (g->c = sim_create(p, &e)) != NULL &&
	    sim_load_kernel(g->c, code, n, argv[3], &e) == VF_OK)
		rc = run_with(g, p, argc, argv);
	else
		fprintf(stderr, "gensim run: %s\n", e.msg);
	if (g) {
		for (unsigned i = 0; i < g->nbuf; i++)
			free(g->buf[i].init);
		if (g->c)
			sim_destroy(g->c);
		free(g);
	}
	free(code);
	return rc;
}
