/*
 * swsb_stream.c - an instruction stream with branch targets as indices:
 * built from a laid-out gen_inst array, edited (instructions dropped or
 * inserted, labels following), laid out again.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "../encoder/gen.h"
#include "swsb_priv.h"

void swsb_stream_free(struct swsb_stream *s)
{
	free(s->a);
	free(s->tgt);
	s->a = NULL;
	s->tgt = NULL;
	s->n = 0;
}

static bool alloc_stream(struct swsb_stream *s, size_t n)
{
	s->n = n;
	s->a = calloc(n ? n : 1, sizeof(*s->a));
	s->tgt = calloc(n ? n : 1, sizeof(*s->tgt));
	return s->a && s->tgt;
}

enum vf_status swsb_stream_from(const struct gen_inst *in, size_t n,
                                struct swsb_stream *s, struct vf_error *err)
{
	memset(s, 0, sizeof(*s));
	if (!alloc_stream(s, n)) {
		swsb_stream_free(s);
		return vf_err_oom(err);
	}
	memcpy(s->a, in, n * sizeof(*in));
	size_t end = n ? in[n - 1].pc + in[n - 1].length : 0;
	for (size_t i = 0; i < n; i++) {
		for (unsigned k = 0; k < 3; k++) {
			s->tgt[i][k] = -1;
			const struct gen_opnd *o = &in[i].src[k];
			if (k >= in[i].nsrc || o->kind != GEN_OPND_LABEL)
				continue;
			if (in[i].op == GEN_OP_CALLA) {
				swsb_stream_free(s);
				return vf_err(err, VF_ERR_UNSUPPORTED, "[0x%04X] calla: "
				              "an absolute call target is not supported "
				              "by the SWSB pass", in[i].pc);
			}
			/* binary search for the target pc */
			size_t lo = 0, hi = n;
			while (lo < hi) {
				size_t mid = (lo + hi) / 2;
				if (in[mid].pc < o->imm)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (o->imm == end)
				lo = n;
			else if (lo == n || in[lo].pc != o->imm) {
				swsb_stream_free(s);
				return vf_err(err, VF_ERR_INPUT, "[0x%04X] %s: branch "
				              "target 0x%llX is not an instruction",
				              in[i].pc, gen_op_table[in[i].op].mnemonic,
				              (unsigned long long)o->imm);
			}
			s->tgt[i][k] = (int32_t)lo;
		}
	}
	return VF_OK;
}

void swsb_stream_layout(struct swsb_stream *s)
{
	uint32_t pc = 0;
	for (size_t i = 0; i < s->n; i++) {
		s->a[i].pc = pc;
		pc += s->a[i].length;
	}
	for (size_t i = 0; i < s->n; i++) {
		struct gen_inst *in = &s->a[i];
		for (unsigned k = 0; k < 3; k++) {
			if (s->tgt[i][k] < 0)
				continue;
			size_t t = (size_t)s->tgt[i][k];
			uint32_t tpc = t < s->n ? s->a[t].pc : pc;
			in->src[k].imm = tpc;
			if (k == 0)
				in->jip = (int32_t)(tpc - in->pc);
			else
				in->uip = (int32_t)(tpc - in->pc);
		}
	}
}

enum vf_status swsb_stream_edit(const struct swsb_stream *s, const bool *keep,
                                const unsigned *before, const unsigned *pre_at,
                                const struct gen_inst *pre,
                                struct swsb_stream *out, struct vf_error *err)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++)
		n += (before ? before[i] : 0) + (!keep || keep[i] ? 1 : 0);
	/* where an old target lands: the first instruction emitted for it,
	 * or for the next kept one */
	uint32_t *map = malloc((s->n + 1) * sizeof(*map));
	if (!map || !alloc_stream(out, n)) {
		free(map);
		swsb_stream_free(out);
		return vf_err_oom(err);
	}
	size_t j = 0;
	for (size_t i = 0; i < s->n; i++) {
		map[i] = (uint32_t)j;
		for (unsigned k = 0; before && k < before[i]; k++) {
			out->a[j] = pre[pre_at[i] + k];
			for (unsigned q = 0; q < 3; q++)
				out->tgt[j][q] = -1;
			j++;
		}
		if (keep && !keep[i])
			continue;
		out->a[j] = s->a[i];
		memcpy(out->tgt[j], s->tgt[i], sizeof(out->tgt[j]));
		j++;
	}
	map[s->n] = (uint32_t)j;
	for (size_t q = 0; q < n; q++)
		for (unsigned k = 0; k < 3; k++)
			if (out->tgt[q][k] >= 0)
				out->tgt[q][k] = (int32_t)map[out->tgt[q][k]];
	free(map);
	swsb_stream_layout(out);
	return VF_OK;
}

/* ---- strip ------------------------------------------------------------ */

static bool scoreboard_sync(const struct gen_inst *in)
{
	return in->op == GEN_OP_SYNC && (in->fc == GEN_SYNC_NOP ||
	                                 in->fc == GEN_SYNC_ALLRD ||
	                                 in->fc == GEN_SYNC_ALLWR);
}

enum vf_status swsb_strip(const struct plat_info *p, const struct gen_inst *in,
                          size_t n, struct gen_inst **out, size_t *out_n,
                          struct vf_error *err)
{
	(void)p;
	struct swsb_stream s, t;
	enum vf_status st = swsb_stream_from(in, n, &s, err);
	if (st != VF_OK)
		return st;
	bool *keep = malloc((n ? n : 1) * sizeof(*keep));
	if (!keep) {
		swsb_stream_free(&s);
		return vf_err_oom(err);
	}
	for (size_t i = 0; i < n; i++) {
		keep[i] = !scoreboard_sync(&in[i]);
		memset(&s.a[i].swsb, 0, sizeof(s.a[i].swsb));
	}
	st = swsb_stream_edit(&s, keep, NULL, NULL, NULL, &t, err);
	free(keep);
	swsb_stream_free(&s);
	if (st != VF_OK)
		return st;
	*out = t.a;
	*out_n = t.n;
	free(t.tgt);
	return VF_OK;
}
