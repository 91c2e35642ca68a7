/*
 * swsb_tool.c - test driver for the Gen12 SWSB pass and gensim's hazard
 * checker, on raw Gen binaries (IGC's .igc.dat):
 *
 *   swsb_tool recompute IN.dat OUT.dat [MAP]
 *                                        strip IGC's SWSB (fields and its
 *                                        sync.nop/allrd/allwr), recompute
 *                                        it with swsb_assign, re-encode
 *                                        (compacted where IGC compacted);
 *                                        prints the pass's figures; MAP
 *                                        gets "OLDPC NEWPC" of every kept
 *                                        instruction (to move relocations)
 *   swsb_tool strip IN.dat OUT.dat       strip only
 *   swsb_tool stats IN.dat               figures of the SWSB a binary has:
 *                                        instructions, sync.nop, @N, sum
 *                                        of N, token waits (fields+syncs),
 *                                        sync.allrd/allwr
 *   swsb_tool candidates IN.dat          how many weakenings "weaken" has
 *   swsb_tool weaken IN.dat OUT.dat K    the K-th weakening (0-based) of
 *                                        an annotation whose dependence is
 *                                        certain (producer in the same
 *                                        block): prints "PC REG HOW", or
 *                                        "none" when K is past the last
 *
 * Weakenings: drop the $t.dst/$t.src wait of an instruction that touches
 * a register the token's send/math (earlier in its block, no other wait
 * on $t between) owns; or raise @N to @N+1 (drop @7) on an instruction
 * that reads what the in-order instruction exactly N back in its block
 * wrote, with no wait between that covers it (not for indirect operands,
 * whose registers are only known at run time).  gensim --swsb-check must
 * then fail at PC naming REG when the block runs.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "gen_footprint.h"
#include "../../swsb/swsb.h"
#include "../../platforms/swsb_gen12.h"

static uint8_t *read_all(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, len = 0;
	uint8_t *b = malloc(cap);
	size_t k;
	while (b && (k = fread(b + len, 1, cap - len, f)) > 0) {
		len += k;
		if (len == cap) {
			uint8_t *nb = realloc(b, cap *= 2);
			if (!nb) {
				free(b);
				b = NULL;
			}
			b = nb;
		}
	}
	fclose(f);
	*n = len;
	return b;
}

static struct gen_inst *decode_all(const struct plat_info *p, const uint8_t *b,
                                   size_t size, const char *name, size_t *n)
{
	struct gen_inst *a = calloc(size / 8 + 1, sizeof(*a));
	size_t pc = 0, k = 0;
	bool eot = false;
	while (a && pc + 8 <= size) {
		struct vf_error e = { 0 };
		if (gen_decode(p, b, size, pc, name, &a[k], &e) != VF_OK) {
			/* padding after the code (zebin sections are padded) */
			if (eot)
				break;
			fprintf(stderr, "swsb_tool: %s\n", e.msg);
			free(a);
			return NULL;
		}
		eot |= (a[k].opts & GEN_OPT_EOT) != 0;
		pc += a[k++].length;
	}
	*n = k;
	return a;
}

static int write_all(const struct plat_info *p, const struct gen_inst *a,
                     size_t n, const char *path)
{
	FILE *f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "swsb_tool: cannot write %s\n", path);
		return 2;
	}
	for (size_t i = 0; i < n; i++) {
		struct gen_bits b, c;
		struct vf_error e = { 0 };
		if (gen_encode(p, &a[i], &b, &e) != VF_OK) {
			fprintf(stderr, "swsb_tool: [0x%04X] %s\n", a[i].pc, e.msg);
			fclose(f);
			remove(path);
			return 2;
		}
		if (a[i].length == 8) {
			if (!gen_compact(p, &b, &c)) {
				fprintf(stderr, "swsb_tool: [0x%04X] no longer "
				        "compacts\n", a[i].pc);
				fclose(f);
				remove(path);
				return 2;
			}
			b = c;
		}
		uint8_t bytes[16];
		for (unsigned j = 0; j < a[i].length; j++)
			bytes[j] = (uint8_t)(b.w[j / 8] >> (8 * (j % 8)));
		fwrite(bytes, 1, a[i].length, f);
	}
	return fclose(f) ? 2 : 0;
}

static bool scoreboard_sync(const struct gen_inst *in)
{
	return in->op == GEN_OP_SYNC && in->fc != GEN_SYNC_BAR &&
	       in->fc != GEN_SYNC_HOST;
}

/* The instructions that are not scoreboard syncs correspond one to one,
 * in order, in the input and the output. */
static int write_map(const struct gen_inst *a, size_t n,
                     const struct gen_inst *o, size_t on, const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return 2;
	size_t j = 0;
	for (size_t i = 0; i < n; i++) {
		if (scoreboard_sync(&a[i]))
			continue;
		while (j < on && scoreboard_sync(&o[j]))
			j++;
		if (j == on)
			break;
		fprintf(f, "%u %u\n", a[i].pc, o[j++].pc);
	}
	return fclose(f) ? 2 : 0;
}

/* Branch targets, by instruction index (filled once in main). */
static bool *targets;

static void find_targets(const struct gen_inst *a, size_t n)
{
	targets = calloc(n + 1, sizeof(*targets));
	for (size_t i = 0; targets && i < n; i++)
		for (unsigned k = 0; k < a[i].nsrc && k < 3; k++)
			if (a[i].src[k].kind == GEN_OPND_LABEL)
				for (size_t j = 0; j < n; j++)
					if (a[j].pc == a[i].src[k].imm)
						targets[j] = true;
}

static bool is_target(const struct gen_inst *a, size_t n, size_t j)
{
	(void)a;
	(void)n;
	return targets && targets[j];
}

/* Straight line from i (exclusive) to j (exclusive): no branch, no
 * branch target. */
static bool straight(const struct gen_inst *a, size_t n, size_t i, size_t j)
{
	for (size_t k = i; k < j; k++)
		if (gen_op_is_branch(a[k].op) || (k > i && is_target(a, n, k)))
			return false;
	return !is_target(a, n, j);
}

static bool token_candidate(const struct gen_inst *a, size_t n, size_t j,
                            int *reg)
{
	const struct gen_swsb *w = &a[j].swsb;
	if ((w->mode != GEN_SBID_DST && w->mode != GEN_SBID_SRC) ||
	    a[j].op == GEN_OP_SYNC)
		return false;
	for (size_t i = j; i-- > 0;) {
		const struct gen_swsb *v = &a[i].swsb;
		if (v->sbid == w->sbid && v->mode == GEN_SBID_SET &&
		    swsb_is_ooo((enum gen_op)a[i].op)) {
			if (!straight(a, n, i, j))
				return false;
			struct gen_fp r1, w1, r2, w2;
			gen_inst_footprint(&a[i], NULL, &r1, &w1);
			gen_inst_footprint(&a[j], NULL, &r2, &w2);
			if (r1.all || w1.all || r2.all || w2.all)
				return false;   /* indirect: register not known */
			int r = -1;
			if (w->mode == GEN_SBID_DST) {
				r = gen_fp_overlap(&r2, &w1);
				if (r < 0)
					r = gen_fp_overlap(&w2, &w1);
			} else if (!swsb_is_ooo((enum gen_op)a[j].op)) {
				r = gen_fp_overlap(&w2, &r1);
			}
			*reg = r;
			return r >= 0;
		}
		if (v->sbid == w->sbid && v->mode != GEN_SBID_NONE)
			return false;   /* another wait on it in between */
		if (a[i].op == GEN_OP_SYNC && a[i].fc != GEN_SYNC_NOP)
			return false;
	}
	return false;
}

static bool dist_candidate(const struct gen_inst *a, size_t n, size_t j,
                           int *reg)
{
	const struct gen_swsb *w = &a[j].swsb;
	if (!w->has_dist || !w->dist || a[j].op == GEN_OP_SYNC)
		return false;
	unsigned seen = 0;
	for (size_t i = j; i-- > 0;) {
		if (!swsb_counts_inorder((enum gen_op)a[i].op)) {
			if (a[i].swsb.has_dist && a[i].swsb.dist)
				return false;   /* a sync/send wait in between */
			continue;
		}
		if (++seen < w->dist) {
			if (a[i].swsb.has_dist && a[i].swsb.dist &&
			    seen + a[i].swsb.dist <= w->dist)
				return false;
			continue;
		}
		if (!straight(a, n, i, j))
			return false;
		struct gen_fp r1, w1, r2, w2;
		gen_inst_footprint(&a[i], NULL, &r1, &w1);
		gen_inst_footprint(&a[j], NULL, &r2, &w2);
		if (r1.all || w1.all || r2.all || w2.all)
			return false;   /* indirect: register not known */
		int r = gen_fp_overlap(&r2, &w1);
		if (r < 0 && swsb_is_ooo((enum gen_op)a[j].op))
			r = gen_fp_overlap(&w2, &w1);
		*reg = r;
		return r >= 0;
	}
	return false;
}

int main(int argc, char **argv)
{
	if (argc < 3 || (argc < 4 && strcmp(argv[1], "stats") &&
	                 strcmp(argv[1], "candidates"))) {
		fprintf(stderr, "usage: swsb_tool recompute|strip IN OUT | "
		        "weaken IN OUT K\n");
		return 2;
	}
	const struct plat_info *p = plat_by_name("tgllp");
	size_t size, n;
	uint8_t *bytes = read_all(argv[2], &size);
	if (!bytes) {
		fprintf(stderr, "swsb_tool: cannot read %s\n", argv[2]);
		return 2;
	}
	struct gen_inst *a = decode_all(p, bytes, size, argv[2], &n);
	free(bytes);
	if (!a)
		return 2;
	int rc = 2;
	struct vf_error e = { 0 };
	struct gen_inst *o = NULL;
	size_t on = 0;
	if (!strcmp(argv[1], "stats")) {
		unsigned syncs = 0, dists = 0, dsum = 0, waits = 0, all = 0;
		for (size_t i = 0; i < n; i++) {
			const struct gen_swsb *w = &a[i].swsb;
			if (a[i].op == GEN_OP_SYNC && a[i].fc == GEN_SYNC_NOP)
				syncs++;
			if (a[i].op == GEN_OP_SYNC && (a[i].fc == GEN_SYNC_ALLRD ||
			                               a[i].fc == GEN_SYNC_ALLWR))
				all++;
			if (w->has_dist && w->dist)
				dists++, dsum += w->dist;
			if (w->mode == GEN_SBID_DST || w->mode == GEN_SBID_SRC ||
			    (a[i].op == GEN_OP_SYNC && (a[i].fc == GEN_SYNC_ALLRD ||
			                                a[i].fc == GEN_SYNC_ALLWR)))
				waits++;
		}
		printf("insts %zu syncs %u dists %u distsum %u token_waits %u "
		       "allrdwr %u\n", n, syncs, dists, dsum, waits, all);
		rc = 0;
	} else if (!strcmp(argv[1], "recompute") || !strcmp(argv[1], "strip")) {
		struct swsb_stats st = { 0 };
		enum vf_status s = !strcmp(argv[1], "strip")
		                   ? swsb_strip(p, a, n, &o, &on, &e)
		                   : swsb_assign(p, a, n, &o, &on, &st, &e);
		if (s != VF_OK)
			fprintf(stderr, "swsb_tool: %s: %s\n", argv[2], e.msg);
		else
			rc = write_all(p, o, on, argv[3]);
		if (rc == 0 && argv[1][0] == 'r' && argc > 4)
			rc = write_map(a, n, o, on, argv[4]);
		if (rc == 0 && argv[1][0] == 'r')
			printf("insts %u syncs %u dists %u token_waits %u "
			       "tokens_set %u blocks %u sweeps %u\n", st.insts,
			       st.syncs, st.dists, st.token_waits, st.tokens_set,
			       st.blocks, st.iterations);
	} else if (!strcmp(argv[1], "candidates")) {
		find_targets(a, n);
		unsigned long seen = 0;
		int reg;
		for (size_t j = 0; j < n; j++) {
			seen += token_candidate(a, n, j, &reg);
			seen += dist_candidate(a, n, j, &reg);
		}
		printf("%lu\n", seen);
		rc = 0;
	} else if (!strcmp(argv[1], "weaken") && argc == 5) {
		find_targets(a, n);
		unsigned long k = strtoul(argv[4], NULL, 10), seen = 0;
		rc = 0;
		size_t j;
		int reg = -1;
		const char *how = NULL;
		for (j = 0; j < n && !how; j++) {
			if (token_candidate(a, n, j, &reg) && seen++ == k)
				how = "drop-token";
			else if (!how && dist_candidate(a, n, j, &reg) &&
			         seen++ == k)
				how = "shrink-dist";
		}
		if (!how) {
			printf("none\n");
		} else {
			struct gen_inst *m = &a[j - 1];
			if (how[0] == 'd') {
				m->swsb.mode = GEN_SBID_NONE;
				m->swsb.sbid = 0;
			} else if (m->swsb.dist >= 7) {
				m->swsb.has_dist = false;
				m->swsb.dist = 0;
			} else {
				m->swsb.dist++;
			}
			rc = write_all(p, a, n, argv[3]);
			if (!rc)
				printf("0x%X r%d %s\n", m->pc, reg, how);
		}
	} else {
		fprintf(stderr, "swsb_tool: unknown mode %s\n", argv[1]);
	}
	free(o);
	free(a);
	free(targets);
	return rc;
}
