/*
 * gen_random.c - generator of the Gen property test: random legal
 * instructions (operations x types x regions x platforms), encoded with
 * gen_encode() and compacted where possible, written with the text
 * "iga64 -d" must print for them (tests/prop/run.sh compares).
 *
 *   gen_random -p PLATFORM [-s SEED] [-n COUNT] -o PREFIX [-v]
 *     writes PREFIX.bin (the kernel), PREFIX.txt (gen_format_inst() of
 *     each generated instruction, one per line), PREFIX.dis (gen_disasm()
 *     of the kernel) and PREFIX.map ("0xPC index selfcheck" per line);
 *   gen_random -p PLATFORM [-s SEED] [-n COUNT] -c IGA_BIN
 *     compares the native bits of every instruction (all laid out
 *     native) with IGA_BIN, "iga64 -a -Xforce-no-compact" of the listing
 *     without {Compacted}: fields the syntax does not show must be
 *     IGA's, except the documented IGC conventions (convention_mask);
 *   gen_random [-s SEED] [-n COUNT]
 *     self-check only, on bdw, skl, icllp and tgllp (a make check test).
 *
 * Self-check: every instruction decoded back from the kernel
 * (gen_decode) prints as generated, and gen_disasm lists the same
 * instructions.  Failures print as "FAIL ..." lines with the bits;
 * the same seed gives the same kernel, so every failure reproduces.
 *
 * Layout: branch targets are instruction indexes until the lengths are
 * known; compaction is tried where gen_op_compactable() says the family
 * has a compacted form, and a jump whose compacted form does not exist
 * for its final offset is laid out native again (lengths only grow, so
 * the loop ends).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_random.h"

#define DEFAULT_SEED 20240611u
#define DEFAULT_COUNT 2000u

uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

unsigned rnd(struct rng *r, unsigned n)
{
	return n ? (unsigned)(rng_next(r) % n) : 0;
}

bool chance(struct rng *r, unsigned percent)
{
	return rnd(r, 100) < percent;
}

struct item {
	struct gen_inst in;
	int target[2];
	bool compact, failed, self_ok;
	uint8_t len;
	struct gen_bits bits;
	char text[512];
};

struct kernel {
	const struct plat_info *p;
	struct item *it;
	unsigned n;
	uint8_t *bytes;
	size_t size;
	unsigned enc_fail, self_fail;
	bool verbose;
};

/* ---- operation choice ----------------------------------------------- */

static unsigned op_weight(enum gen_op op)
{
	switch (op) {
	case GEN_OP_MATH: return 24;
	case GEN_OP_MOV: case GEN_OP_MAD: case GEN_OP_SEND: return 10;
	case GEN_OP_ADD: case GEN_OP_MUL: case GEN_OP_SENDS: case GEN_OP_SEL:
	case GEN_OP_CMP:
		return 6;
	case GEN_OP_ILLEGAL: return 1;
	default: break;
	}
	switch (gen_op_table[op].fmt) {
	case GEN_FMT_JMP_JIP: case GEN_FMT_JMP_JIP_UIP: case GEN_FMT_JMPI:
	case GEN_FMT_CALL: case GEN_FMT_RET: case GEN_FMT_BRD: case GEN_FMT_BRC:
	case GEN_FMT_NULLARY:
		return 2;
	default:
		return 4;
	}
}

static enum gen_op pick_op(struct gctx *c)
{
	unsigned total = 0;
	for (unsigned op = 0; op < GEN_OP_COUNT; op++)
		if (gen_op_table[op].hw[c->e] >= 0)
			total += op_weight((enum gen_op)op);
	unsigned k = rnd(&c->r, total);
	for (unsigned op = 0; op < GEN_OP_COUNT; op++) {
		if (gen_op_table[op].hw[c->e] < 0)
			continue;
		unsigned w = op_weight((enum gen_op)op);
		if (k < w)
			return (enum gen_op)op;
		k -= w;
	}
	return GEN_OP_NOP;
}

static void build_one(struct gctx *c)
{
	switch (gen_op_table[c->in->op].fmt) {
	case GEN_FMT_UNARY: case GEN_FMT_BINARY:
		build_alu(c);
		break;
	case GEN_FMT_TERNARY:
		build_ternary(c);
		break;
	case GEN_FMT_MATH:
		build_math(c);
		break;
	case GEN_FMT_SEND: case GEN_FMT_SENDS:
		build_send(c);
		break;
	case GEN_FMT_WAIT: case GEN_FMT_SYNC: case GEN_FMT_NULLARY:
		build_misc(c);
		break;
	default:
		build_branch(c);
		break;
	}
}

static void generate(struct kernel *k, uint64_t seed)
{
	struct gctx c = { .p = k->p, .e = k->p->enc, .count = k->n };
	c.r.s = seed * 0x100000001B3ull ^ (uint64_t)k->p->visa_code;
	for (unsigned i = 0; i < k->n; i++) {
		struct item *it = &k->it[i];
		memset(it, 0, sizeof(*it));
		c.in = &it->in;
		c.index = i;
		c.target[0] = c.target[1] = NO_TARGET;
		c.plain = chance(&c.r, 40);
		it->in.op = (uint16_t)pick_op(&c);
		build_one(&c);
		it->target[0] = c.target[0];
		it->target[1] = c.target[1];
		it->compact = chance(&c.r, 70);
	}
}

/* ---- layout and encoding ------------------------------------------------ */

static uint32_t pc_of(const struct kernel *k, int index)
{
	uint32_t pc = 0;
	for (int i = 0; i < index && i < (int)k->n; i++)
		pc += k->it[i].failed ? 0 : k->it[i].len;
	return pc;
}

static void hex_of(const struct item *it, char *out)
{
	for (unsigned b = 0; b < it->len; b++)
		sprintf(out + 2 * b, "%02x",
		        (unsigned)(it->bits.w[b / 8] >> (8 * (b % 8))) & 0xFFu);
}

static void report_encode_error(struct kernel *k, unsigned i,
                                const struct vf_error *e)
{
	struct item *it = &k->it[i];
	struct gen_text t = { 0 };
	gen_format_inst(k->p, &it->in, &t);
	printf("FAIL encode %s #%u: %s\n    %s\n", k->p->name, i, e->msg,
	       t.s ? t.s : "");
	gen_text_free(&t);
	it->failed = true;
	k->enc_fail++;
}

/* Encode item i at its pc; false if its length has to change. */
static bool encode_item(struct kernel *k, unsigned i)
{
	struct item *it = &k->it[i];
	struct gen_inst *in = &it->in;
	struct gen_bits nat, cmp = { { 0, 0 } };
	struct vf_error e = { 0 };
	in->pc = pc_of(k, (int)i);
	in->length = it->len;
	in->opts &= ~(uint32_t)GEN_OPT_COMPACTED;
	for (unsigned s = 0; s < 2; s++)
		if (it->target[s] != NO_TARGET)
			in->src[s].imm = pc_of(k, it->target[s]);
	if (gen_encode(k->p, in, &nat, &e) != VF_OK) {
		report_encode_error(k, i, &e);
		return false;
	}
	it->bits = nat;
	if (it->len == 16)
		return true;
	if (!gen_compact(k->p, &nat, &cmp)) {
		it->len = 16;
		return false;
	}
	it->bits = cmp;
	in->opts |= GEN_OPT_COMPACTED;
	return true;
}

static void layout(struct kernel *k)
{
	for (unsigned i = 0; i < k->n; i++) {
		struct item *it = &k->it[i];
		it->len = it->compact && gen_op_compactable(k->p->enc,
		          (enum gen_op)it->in.op) ? 8 : 16;
	}
	bool changed = true;
	for (int round = 0; changed && round < 64; round++) {
		changed = false;
		for (unsigned i = 0; i < k->n; i++)
			if (!k->it[i].failed && !encode_item(k, i))
				changed = true;
	}
	k->size = pc_of(k, (int)k->n);
	k->bytes = calloc(k->size ? k->size : 1, 1);
	for (unsigned i = 0; i < k->n; i++) {
		const struct item *it = &k->it[i];
		if (it->failed)
			continue;
		uint32_t pc = it->in.pc;
		for (unsigned b = 0; b < it->len; b++)
			k->bytes[pc + b] = (uint8_t)(it->bits.w[b / 8] >> (8 * (b % 8)));
	}
}

/* ---- self-check ---------------------------------------------------------- */

static void format_item(struct kernel *k, struct item *it)
{
	struct gen_text t = { 0 };
	gen_format_inst(k->p, &it->in, &t);
	snprintf(it->text, sizeof(it->text), "%s", t.s ? t.s : "");
	gen_text_free(&t);
}

static void self_check_item(struct kernel *k, unsigned i)
{
	struct item *it = &k->it[i];
	struct gen_inst d;
	struct vf_error e = { 0 };
	char hex[40];
	hex_of(it, hex);
	it->self_ok = false;
	if (gen_decode(k->p, k->bytes, k->size, it->in.pc, "prop", &d, &e) != VF_OK) {
		printf("FAIL decode %s #%u pc 0x%x [%s]: %s\n    %s\n", k->p->name, i,
		       it->in.pc, hex, e.msg, it->text);
		k->self_fail++;
		return;
	}
	struct gen_text t = { 0 };
	gen_format_inst(k->p, &d, &t);
	it->self_ok = t.s && !strcmp(t.s, it->text);
	if (!it->self_ok) {
		printf("FAIL roundtrip %s #%u pc 0x%x [%s]\n    generated: %s\n"
		       "    decoded:   %s\n", k->p->name, i, it->in.pc, hex, it->text,
		       t.s ? t.s : "");
		k->self_fail++;
	}
	gen_text_free(&t);
}

/* gen_disasm lists the same instructions (label lines aside). */
static void self_check_disasm(struct kernel *k, char **dis)
{
	struct vf_error e = { 0 };
	*dis = NULL;
	if (gen_disasm(k->p, k->bytes, k->size, "prop", dis, &e) != VF_OK) {
		printf("FAIL disasm %s: %s\n", k->p->name, e.msg);
		k->self_fail++;
		return;
	}
	char *line = *dis;
	for (unsigned i = 0; i < k->n; i++) {
		if (k->it[i].failed)
			continue;
		while (line && line[0] == 'L' && strchr(line, ':') &&
		       strchr(line, ':')[1] == '\n')
			line = strchr(line, '\n') + 1;
		char *end = line ? strchr(line, '\n') : NULL;
		size_t len = end ? (size_t)(end - line) : 0;
		if (!end || strlen(k->it[i].text) != len ||
		    strncmp(line, k->it[i].text, len)) {
			printf("FAIL disasm %s #%u: listing differs\n", k->p->name, i);
			k->self_fail++;
			return;
		}
		line = end + 1;
	}
}

/* Line n (1-based) of a text, without its newline, into out. */
static void line_of(const char *text, unsigned n, char *out, size_t cap)
{
	const char *s = text;
	for (unsigned i = 1; i < n && s; i++) {
		s = strchr(s, '\n');
		s = s ? s + 1 : NULL;
	}
	const char *e = s ? strchr(s, '\n') : NULL;
	size_t len = s ? (e ? (size_t)(e - s) : strlen(s)) : 0;
	snprintf(out, cap, "%.*s", (int)(len < cap ? len : cap - 1), s ? s : "");
}

/* The listing assembles (gen_assemble) to a kernel that lists the same
 * text again. */
static void self_check_asm(struct kernel *k, const char *dis)
{
	struct vf_error e = { 0 };
	uint8_t *bin = NULL;
	size_t size = 0;
	char *again = NULL;
	if (!dis)
		return;
	if (gen_assemble(k->p, dis, strlen(dis), "prop.asm", &bin, &size, &e) !=
	    VF_OK) {
		printf("FAIL asm %s: %s\n", k->p->name, e.msg);
		k->self_fail++;
		return;
	}
	if (gen_disasm(k->p, bin, size, "prop", &again, &e) != VF_OK) {
		printf("FAIL asm %s: reassembled kernel: %s\n", k->p->name, e.msg);
		k->self_fail++;
	} else if (strcmp(again, dis)) {
		unsigned n = 1;
		const char *a = dis, *b = again;
		for (; *a && *a == *b; a++, b++)
			n += *a == '\n';
		char l1[512], l2[512];
		line_of(dis, n, l1, sizeof(l1));
		line_of(again, n, l2, sizeof(l2));
		printf("FAIL asm %s line %u: disasm -> asm -> disasm differs\n"
		       "    before: %s\n    after:  %s\n", k->p->name, n, l1, l2);
		k->self_fail++;
	}
	free(again);
	free(bin);
}

static void self_check(struct kernel *k, char **dis)
{
	for (unsigned i = 0; i < k->n; i++) {
		struct item *it = &k->it[i];
		if (it->failed)
			continue;
		format_item(k, it);
		self_check_item(k, i);
		if (k->verbose) {
			char hex[40];
			hex_of(it, hex);
			printf("%5u %06x %-32s %s\n", i, it->in.pc, hex, it->text);
		}
	}
	self_check_disasm(k, dis);
	self_check_asm(k, *dis);
}

/* ---- output -------------------------------------------------------------- */

static bool write_file(const char *prefix, const char *ext, const void *data,
                       size_t len)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s%s", prefix, ext);
	FILE *f = fopen(path, "wb");
	if (!f)
		return false;
	bool ok = fwrite(data, 1, len, f) == len;
	return fclose(f) == 0 && ok;
}

static bool write_outputs(const struct kernel *k, const char *prefix,
                          const char *dis)
{
	size_t cap = (size_t)k->n * 600 + 1, len = 0, mlen = 0;
	char *txt = malloc(cap), *map = malloc((size_t)k->n * 40 + 1);
	bool ok = txt && map;
	for (unsigned i = 0; ok && i < k->n; i++) {
		const struct item *it = &k->it[i];
		if (it->failed)
			continue;
		len += (size_t)snprintf(txt + len, cap - len, "%s\n", it->text);
		mlen += (size_t)sprintf(map + mlen, "0x%x %u %d\n", it->in.pc, i,
		                        it->self_ok);
	}
	ok = ok && write_file(prefix, ".bin", k->bytes, k->size) &&
	     write_file(prefix, ".txt", txt, len) &&
	     write_file(prefix, ".map", map, mlen) &&
	     write_file(prefix, ".dis", dis ? dis : "", dis ? strlen(dis) : 0);
	free(txt);
	free(map);
	return ok;
}

/* ---- fields the syntax does not show: ours against iga64 -a ----------- */

/* Bits where our encoder follows IGC's binaries and iga64 -a does not
 * (docs/gen-isa.md, "Fields the syntax does not show"), and the dst
 * type of an indirect SEND dst, which iga64 -a drops as "implicit". */
static void convention_mask(const struct kernel *k, const struct gen_inst *in,
                            struct gen_bits *m)
{
	enum gen_enc e = k->p->enc;
	if (e == GEN_ENC_GEN12)
		return;
	switch (in->op) {
	case GEN_OP_WHILE:
		gen_set(m, e, GEN_F_ACC_WR_EN, ~0ull);
		break;
	case GEN_OP_CALL: case GEN_OP_CALLA:
		/* src0 is a placeholder: IGC writes <2;4,1> with a label,
		 * iga64 -a 0, <2;2,1> or <2;4,1> by platform and form */
		gen_set(m, e, GEN_F_SRC0_VSTRIDE, ~0ull);
		gen_set(m, e, GEN_F_SRC0_WIDTH, ~0ull);
		gen_set(m, e, GEN_F_SRC0_HSTRIDE, ~0ull);
		break;
	case GEN_OP_SEND: case GEN_OP_SENDC:
		if (e == GEN_ENC_GEN8) {
			gen_set(m, e, GEN_F_SRC0_VSTRIDE, ~0ull);
			gen_set(m, e, GEN_F_SRC0_WIDTH, ~0ull);
			gen_set(m, e, GEN_F_SRC0_HSTRIDE, ~0ull);
		}
		/* fall through */
	case GEN_OP_SENDS: case GEN_OP_SENDSC:
		if (in->dst.kind == GEN_OPND_INDIRECT)
			gen_set(m, e, GEN_F_DST_TYPE, ~0ull);
		break;
	default:
		break;
	}
}

/* Align16 1-/2-source instructions print as Align1: iga64 -a encodes
 * them in Align1, so their bits are not comparable. */
static bool comparable(const struct gen_inst *in)
{
	uint8_t fmt = gen_op_table[in->op].fmt;
	return in->access != GEN_ALIGN16 || fmt == GEN_FMT_TERNARY ||
	       (in->op == GEN_OP_MATH && in->dst.kind == GEN_OPND_MACRO);
}

/* Native bits of item i in a kernel of native instructions only. */
static bool native_bits(struct kernel *k, unsigned i, const unsigned *ord,
                        struct gen_bits *out)
{
	struct gen_inst in = k->it[i].in;
	struct vf_error e = { 0 };
	in.pc = 16 * ord[i];
	in.length = 16;
	in.opts &= ~(uint32_t)GEN_OPT_COMPACTED;
	for (unsigned s = 0; s < 2; s++)
		if (k->it[i].target[s] != NO_TARGET)
			in.src[s].imm = 16u * ord[k->it[i].target[s]];
	return gen_encode(k->p, &in, out, &e) == VF_OK;
}

static void report_hidden(struct kernel *k, unsigned i, const struct gen_bits *d)
{
	char bits[128] = "";
	size_t len = 0;
	unsigned shown = 0;
	for (unsigned b = 0; b < 128 && shown < 12; b++)
		if ((d->w[b / 64] >> (b % 64)) & 1) {
			len += (size_t)snprintf(bits + len, sizeof(bits) - len, " %u", b);
			shown++;
		}
	printf("FAIL hidden %s #%u: bits%s differ from iga64 -a\n    %s\n",
	       k->p->name, i, bits, k->it[i].text);
}

/* Compare with iga64 -a -Xforce-no-compact of our listing. */
static unsigned compare_hidden(struct kernel *k, const char *path)
{
	unsigned *ord = calloc(k->n + 1, sizeof(*ord)), kept = 0, bad = 0;
	FILE *f = fopen(path, "rb");
	uint8_t b[16];
	for (unsigned i = 0; ord && i <= k->n; i++) {
		ord[i] = kept;
		kept += i < k->n && !k->it[i].failed;
	}
	for (unsigned i = 0; f && ord && i < k->n; i++) {
		struct gen_bits nat, iga = { { 0, 0 } }, m = { { 0, 0 } };
		if (k->it[i].failed)
			continue;
		if (fseek(f, 16L * ord[i], SEEK_SET) || fread(b, 1, 16, f) != 16 ||
		    !native_bits(k, i, ord, &nat)) {
			bad++;
			break;
		}
		for (unsigned j = 0; j < 16; j++)
			iga.w[j / 8] |= (uint64_t)b[j] << (8 * (j % 8));
		convention_mask(k, &k->it[i].in, &m);
		struct gen_bits d = { { (nat.w[0] ^ iga.w[0]) & ~m.w[0],
		                        (nat.w[1] ^ iga.w[1]) & ~m.w[1] } };
		if (comparable(&k->it[i].in) && (d.w[0] || d.w[1])) {
			report_hidden(k, i, &d);
			bad++;
		}
	}
	if (!f || !ord)
		bad++;
	if (f)
		fclose(f);
	free(ord);
	return bad;
}

static unsigned run(const struct plat_info *p, uint64_t seed, unsigned n,
                    const char *prefix, const char *iga_bin, bool verbose)
{
	struct kernel k = { .p = p, .n = n, .verbose = verbose };
	char *dis = NULL;
	k.it = calloc(n ? n : 1, sizeof(*k.it));
	if (!k.it)
		return 1;
	generate(&k, seed);
	layout(&k);
	self_check(&k, &dis);
	printf("%s: %u instructions, %zu bytes, %u encode failures, %u "
	       "self-check failures\n", p->name, n, k.size, k.enc_fail,
	       k.self_fail);
	unsigned bad = k.enc_fail + k.self_fail;
	if (iga_bin) {
		unsigned h = compare_hidden(&k, iga_bin);
		printf("%s: %u hidden-field differences\n", p->name, h);
		bad += h;
	}
	if (prefix && !write_outputs(&k, prefix, dis)) {
		fprintf(stderr, "gen_random: cannot write %s.*\n", prefix);
		bad++;
	}
	free(dis);
	free(k.bytes);
	free(k.it);
	return bad;
}

int main(int argc, char **argv)
{
	const char *plat = NULL, *prefix = NULL, *iga_bin = NULL;
	uint64_t seed = DEFAULT_SEED;
	unsigned n = DEFAULT_COUNT;
	bool verbose = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "-v")) {
			verbose = true;
			continue;
		}
		if (!v || (strcmp(a, "-p") && strcmp(a, "-s") && strcmp(a, "-n") &&
		           strcmp(a, "-o") && strcmp(a, "-c"))) {
			fprintf(stderr, "usage: gen_random [-p PLATFORM] [-s SEED] "
			        "[-n COUNT] [-o PREFIX] [-c IGA_BIN] [-v]\n");
			return 2;
		}
		i++;
		if (!strcmp(a, "-p"))
			plat = v;
		else if (!strcmp(a, "-o"))
			prefix = v;
		else if (!strcmp(a, "-c"))
			iga_bin = v;
		else if (!strcmp(a, "-s"))
			seed = strtoull(v, NULL, 0);
		else
			n = (unsigned)strtoul(v, NULL, 0);
	}
	static const char *const all[] = { "bdw", "skl", "icllp", "tgllp" };
	unsigned bad = 0;
	if ((prefix || iga_bin) && !plat) {
		fprintf(stderr, "gen_random: -o and -c need -p\n");
		return 2;
	}
	for (size_t i = 0; i < NELEM(all); i++) {
		if (plat && strcmp(plat, all[i]))
			continue;
		bad += run(plat_by_name(all[i]), seed, n, prefix, iga_bin, verbose);
	}
	if (plat && !plat_by_name(plat)) {
		fprintf(stderr, "gen_random: unknown platform %s\n", plat);
		return 2;
	}
	return bad ? 1 : 0;
}
