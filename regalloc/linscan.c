/*
 * linscan.c - linear-scan register allocation onto the GRF (r0-r127),
 * the flag registers (f0.0-f1.1) and the address register (a0.0-a0.15).
 *
 * Needs: live intervals (live.c).  Leaves: 'loc' set for every used
 * virtual register, or IR_V_SPILLED for GRF registers that did not fit.
 *
 * All three files are byte arrays allocated in 2-byte units.  Pinned
 * registers (r0, kernel inputs at their payload offsets, the EOT payload
 * in r127 - "the EOT source must be in r112-r127", IGC
 * hasEOTGRFBinding) take their place before anything else.  Registers of
 * a GRF or more start a GRF and own whole GRFs; smaller ones never cross
 * a GRF boundary (the vISA layout rule, 5_operands.md).  When nothing
 * fits, the spillable interval with the fewest references per
 * instruction of its range is spilled (an active one, or the new one).
 * Flag registers spill into general registers; address registers are not
 * spilled: running out of them is an "unsupported" error.  When no GRF
 * register can spill, the flag and address files are scanned alone and
 * the GRF file only in a round that spills nothing (ra_linscan,
 * docs/finalizer.md "Allocation rounds").
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ra.h"
#include "rfile.h"

/* Active intervals, in the order the scan keeps them: the victim among
 * equally cheap ones is the first in this order, so expiry and release
 * keep the original discipline (a released entry's place goes to the
 * last one) exactly, with 'where' and the per-end lists only to find
 * the entries to release without testing all of them. */
#define NOT_ACTIVE UINT32_MAX
#define EXPIRE_SORT_MAX 32

struct ls {
	struct ir_prog *p;
	const struct ra_interval *iv;
	struct rfile f[IR_RF_COUNT];
	uint32_t *active;
	uint32_t nactive;
	uint32_t *where;     /* per vreg: index in active, or NOT_ACTIVE */
	uint32_t *end_head;  /* per position: first active vreg ending there */
	uint32_t *end_next;  /* per vreg: next in its end list (0 ends) */
	int32_t swept;       /* end lists below this are expired */
	uint32_t *size;      /* per vreg: bytes it takes (alloc_size) */
	uint32_t *refs;      /* references of each vreg in the program */
	bool *array_ok;      /* address-taken vreg that spill.c can spill */
	                     /* (both NULL until spill_tables) */
	bool spilled;
	/* A scan of some files only (fast_files), that gives up (retry)
	 * where the whole scan could decide otherwise. */
	bool fast, retry;
	unsigned files;      /* a bit per file scanned */
	bool small;          /* no GRF: few intervals, few active at once;
	                      * nothing indexed by position (no end lists) */
	struct ra_refs *carry;   /* reference counts kept across rounds */
};

static uint32_t alloc_size(const struct ir_vreg *v)
{
	uint32_t s = v->size;
	if (v->file == IR_RF_GRF && (v->align >= IR_GRF_BYTES ||
	                             (v->flags & IR_V_WHOLE_GRF) ||
	                             s > IR_GRF_BYTES))
		s = (s + IR_GRF_BYTES - 1) & ~(uint32_t)(IR_GRF_BYTES - 1);
	return (s + 1) & ~1u;
}

/* The lowest aligned place where v fits; registers of a GRF or more
 * start a GRF, smaller ones do not cross one. */
static bool find_slot(const struct ls *s, const struct ir_vreg *v,
                      uint32_t *loc)
{
	uint32_t size = alloc_size(v);
	uint32_t align = v->align < 2 ? 2 : v->align;
	if (v->file == IR_RF_GRF && size >= IR_GRF_BYTES && align < IR_GRF_BYTES)
		align = IR_GRF_BYTES;
	return rfile_find(&s->f[v->file], size, align, v->file == IR_RF_GRF,
	                  loc);
}

/* (inline, as release: twice a register, the scan's inner steps) */
static inline __attribute__((always_inline)) void
activate(struct ls *s, uint32_t v, uint32_t loc)
{
	struct ir_vreg *r = ir_vreg(s->p, v);
	r->loc = (int32_t)loc;
	rfile_mark(&s->f[r->file], loc, s->size[v], 1);
	s->where[v] = s->nactive;
	s->active[s->nactive++] = v;
	if (s->small)
		return;
	uint32_t e = (uint32_t)s->iv[v].end;
	s->end_next[v] = s->end_head[e];
	s->end_head[e] = v;
}

static inline __attribute__((always_inline)) void
release(struct ls *s, uint32_t k)
{
	uint32_t v = s->active[k];
	struct ir_vreg *r = ir_vreg(s->p, v);
	rfile_mark(&s->f[r->file], (uint32_t)r->loc, s->size[v], -1);
	s->where[v] = NOT_ACTIVE;
	uint32_t last = s->active[--s->nactive];
	if (k < s->nactive) {
		s->active[k] = last;
		s->where[last] = k;
	}
}

static bool expired(const struct ls *s, uint32_t k, int32_t pos)
{
	return s->iv[s->active[k]].end < pos;
}

/*
 * Release the active intervals that end before pos, as a scan of the
 * active array from index 0 would: an expired entry's place goes to the
 * last entry, which is tested in turn.  Only the places of expired
 * entries matter to that scan, so they are visited in increasing order;
 * many at once (rare) take the plain scan.
 */
static void expire_all(struct ls *s, int32_t pos)
{
	for (uint32_t k = 0; k < s->nactive;) {
		if (expired(s, k, pos))
			release(s, k);
		else
			k++;
	}
}

static void expire(struct ls *s, int32_t pos)
{
	uint32_t k_of[EXPIRE_SORT_MAX], m = 0;
	if (s->small) {   /* the plain scan: a few flags and addresses */
		expire_all(s, pos);
		return;
	}
	for (; s->swept < pos; s->swept++)
		for (uint32_t v = s->end_head[s->swept]; v; v = s->end_next[v])
			if (s->where[v] != NOT_ACTIVE) {
				if (m < EXPIRE_SORT_MAX)
					k_of[m] = s->where[v];
				m++;
			}
	if (m > EXPIRE_SORT_MAX) {
		expire_all(s, pos);
		return;
	}
	for (uint32_t j = 1; j < m; j++)   /* insertion sort: m is small */
		for (uint32_t i = j; i > 0 && k_of[i - 1] > k_of[i]; i--) {
			uint32_t t = k_of[i];
			k_of[i] = k_of[i - 1];
			k_of[i - 1] = t;
		}
	for (uint32_t j = 0; j < m && k_of[j] < s->nactive; j++) {
		/* untouched so far: below the shrinking tail and above the
		 * places already handled */
		uint32_t k = k_of[j];
		do
			release(s, k);
		while (k < s->nactive && expired(s, k, pos));
	}
}

/* References of each vreg: the register operands ir_for_each_opnd
 * reports (sources, the predicate's and the condition's flag, the
 * descriptor, the destination; not an indirect operand's address),
 * counted without a callback per operand; with 'from', only of
 * registers from vmin on. */
static inline __attribute__((always_inline)) void
count_refs(const struct ir_prog *p, uint32_t *refs, bool from, uint32_t vmin,
           uint32_t first, uint32_t end)
{
#define COUNT(v) do { if (!from || (v) >= vmin) refs[v]++; } while (0)
	for (uint32_t i = first; i < end; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL)
			continue;
		for (unsigned k = 0; k < in->nsrc; k++)
			if (in->src[k].kind == IR_O_REG)
				COUNT(in->src[k].v);
		if (in->flag && in->pred)
			COUNT(in->flag);
		if (in->flag && in->cmod && in->op != GEN_OP_SEL)
			COUNT(in->flag);
		if (in->desc_reg)
			COUNT(in->desc_reg);
		if (in->dst.kind == IR_O_REG)
			COUNT(in->dst.v);
	}
#undef COUNT
}

void ra_count_refs(const struct ir_prog *p, uint32_t *refs, uint32_t vmin,
                   uint32_t first, uint32_t end)
{
	count_refs(p, refs, true, vmin, first, end);
}

/* The tables spill decisions read, made at the first one of a round
 * (most rounds, the last above all, make none). */
static void spill_tables(struct ls *s)
{
	if (s->refs)
		return;
	struct ra_refs *c = s->carry;
	if (c && c->valid) {
		s->refs = c->n;
	} else {
		uint32_t nv = s->p->vregs.n;
		s->refs = c ? c->n : ir_alloc_raw(s->p, nv * sizeof *s->refs);
		memset(s->refs, 0, nv * sizeof *s->refs);
		count_refs(s->p, s->refs, false, 0, 0, s->p->insts.n);
		if (c)
			c->valid = true;
	}
	/* only GRF registers are address-taken (ir_addr_taken) */
	if (s->files & 1u << IR_RF_GRF)
		s->array_ok = ra_arrays_spillable(s->p);
}

/* GRF registers spill to scratch, flag registers to a GRF (spill.c);
 * an address-taken array only when spill.c can rewrite its indirect
 * accesses (array_ok). */
static bool spillable(const struct ls *s, uint32_t v)
{
	const struct ir_vreg *r = ir_vreg(s->p, v);
	if (r->file == IR_RF_ADDR || (r->flags & (IR_V_PINNED | IR_V_NOSPILL)))
		return false;
	return !(r->flags & IR_V_ADDR_TAKEN) || s->array_ok[v];
}

static void spill(struct ls *s, uint32_t v)
{
	struct ir_vreg *r = ir_vreg(s->p, v);
	r->flags |= IR_V_SPILLED;
	r->loc = -1;
	s->spilled = true;
}

/* Spill weight: references per instruction of the interval, so a value
 * read often in a short range stays and a long-lived, rarely touched one
 * goes (each reference of a spilled value costs a scratch message). */
static double weight(const struct ls *s, uint32_t v)
{
	int32_t len = s->iv[v].end - s->iv[v].start + 1;
	double w = (double)s->refs[v] / (double)(len > 0 ? len : 1);
	/* a spilled array is filled whole at every indirect access: last */
	if (ir_vreg(s->p, v)->flags & IR_V_ADDR_TAKEN)
		w += 1e6;
	return w;
}

/* Place v, spilling the cheapest active interval while nothing fits. */
static bool place(struct ls *s, uint32_t v)
{
	struct ir_vreg *r = ir_vreg(s->p, v);
	uint32_t loc;
	while (!find_slot(s, r, &loc)) {
		if (s->fast && r->file == IR_RF_GRF) {
			/* fast_files made sure no GRF register spills */
			s->retry = true;
			return false;
		}
		spill_tables(s);
		int32_t best = -1;
		bool tie = false;   /* another candidate as cheap as best */
		for (uint32_t k = 0; k < s->nactive; k++) {
			const struct ir_vreg *a = ir_vreg(s->p, s->active[k]);
			if (a->file != r->file || !spillable(s, s->active[k]))
				continue;
			if (best < 0 || weight(s, s->active[k]) <
			                weight(s, s->active[(uint32_t)best])) {
				best = (int32_t)k;
				tie = false;
			} else if (weight(s, s->active[k]) ==
			           weight(s, s->active[(uint32_t)best])) {
				tie = true;
			}
		}
		if (spillable(s, v) &&
		    (best < 0 || weight(s, v) <= weight(s, s->active[best]))) {
			spill(s, v);
			return true;
		}
		if (s->fast && (best < 0 || tie)) {
			/* the victim among equals (or the error) depends on the
			 * order of the active array, which the other files' entries
			 * shape: only the whole scan knows it */
			s->retry = true;
			return false;
		}
		if (best < 0) {
			static const char *const names[IR_RF_COUNT] = {
				"general registers", "flag registers", "address registers" };
			return ir_unsupported(s->p, "out of %s (%s needs %u bytes)",
			                      names[r->file], r->name ? r->name : "a temporary",
			                      r->size);
		}
		uint32_t victim = s->active[best];
		release(s, (uint32_t)best);
		spill(s, victim);
	}
	activate(s, v, loc);
	return true;
}

/* 'todo' (n registers in vreg order) into 'order' by start, then by vreg:
 * a counting sort over positions, or for a few (small) in a long kernel
 * two over 16-bit digits of the start, not indexed by position.  Each
 * digit pass clears and sums 65536 counters, so a kernel of fewer
 * positions than the two passes count sorts by position (a small
 * kernel's two flag rounds had cost twice its whole compile). */
static void by_start(struct ir_prog *p, struct ra_refs *refs,
                     const struct ra_interval *iv, const uint32_t *todo,
                     uint32_t n, uint32_t *order, bool small)
{
	uint32_t ni = p->insts.n;
	if (!small || ni < 2 * 65536) {
		/* first[t + 1]: intervals starting at t */
		size_t bytes = ((size_t)ni + 2) * sizeof(uint32_t);
		uint32_t *first = ra_buf_get(p, refs, RA_BUF_FIRST, bytes);
		memset(first, 0, bytes);
		for (uint32_t k = 0; k < n; k++)
			first[iv[todo[k]].start + 1]++;
		for (uint32_t t = 0; t <= ni; t++)
			first[t + 1] += first[t];
		for (uint32_t k = 0; k < n; k++)
			order[first[iv[todo[k]].start]++] = todo[k];
		return;
	}
	uint32_t *mid = ir_alloc_raw(p, (n ? n : 1) * sizeof *mid);
	uint32_t *at = ir_alloc_raw(p, (65536 + 1) * sizeof *at);
	for (unsigned pass = 0; pass < 2; pass++) {
		const uint32_t *from = pass ? mid : todo;
		uint32_t *to = pass ? order : mid, shift = pass * 16;
		memset(at, 0, (65536 + 1) * sizeof *at);
		for (uint32_t k = 0; k < n; k++)
			at[((uint32_t)iv[from[k]].start >> shift & 0xffff) + 1]++;
		for (uint32_t d = 0; d < 65536; d++)
			at[d + 1] += at[d];
		for (uint32_t k = 0; k < n; k++)   /* stable: vreg order kept */
			to[at[(uint32_t)iv[from[k]].start >> shift & 0xffff]++] = from[k];
	}
}

/*
 * Linear scan over the intervals by start (then by vreg) of 'list' (the
 * registers of the files in s->files to place: unspilled, with an
 * interval; n of them, in vreg order; the caller has set every
 * register of those files to no place).  Positions run from 0 to
 * p->insts.n (ra_intervals), so the order is a counting sort (by_start)
 * and the per-end lists are indexed by position (not in a small scan:
 * a plain expiry scan of the few active ones); pinned
 * registers take their place first, in vreg order.  With s->fast, false
 * with s->retry set where the scan of all files could decide otherwise.
 */
#define SCAN_AHEAD 8

static bool scan(struct ls *s, const uint32_t *list, uint32_t n)
{
	struct ir_prog *p = s->p;
	const struct ra_interval *iv = s->iv;
	static const uint32_t sizes[IR_RF_COUNT] = {
		IR_GRF_COUNT * IR_GRF_BYTES, IR_FLAG_BYTES, IR_ADDR_BYTES };
	for (unsigned f = 0; f < IR_RF_COUNT; f++)
		if (s->files & 1u << f)
			rfile_init(p, &s->f[f], sizes[f]);
	uint32_t nv = p->vregs.n, ni = p->insts.n, nt = 0;
	/* written before read: not zeroed (a byte each costs as much as
	 * the rest of a round's scan); the last round's arrays (ra_buf_get) */
	struct ra_refs *c = s->carry;
	s->active = ra_buf_get(p, c, RA_BUF_ACTIVE, nv * sizeof *s->active);
	s->where = ra_buf_get(p, c, RA_BUF_WHERE, nv * sizeof *s->where);
	s->size = ra_buf_get(p, c, RA_BUF_SIZE, nv * sizeof *s->size);
	s->small = !(s->files & 1u << IR_RF_GRF);
	if (!s->small) {
		size_t heads = ((size_t)ni + 1) * sizeof *s->end_head;
		s->end_next = ra_buf_get(p, c, RA_BUF_END_NEXT,
		                         nv * sizeof *s->end_next);
		s->end_head = ra_buf_get(p, c, RA_BUF_END_HEAD, heads);
		memset(s->end_head, 0, heads);
	}
	uint32_t *todo = ra_buf_get(p, c, RA_BUF_TODO,
	                            (n ? n : 1) * sizeof *todo);
	for (uint32_t k = 0; k < n; k++) {
		uint32_t v = list[k];
		const struct ir_vreg *r = ir_vreg(p, v);
		s->where[v] = NOT_ACTIVE;
		s->size[v] = alloc_size(r);
		if ((uint32_t)iv[v].end > ni) {
			if (s->fast) {
				s->retry = true;
				return false;
			}
			return ir_internal(p, "live interval of v%u past the code", v);
		}
		if (r->pin >= 0)
			activate(s, v, (uint32_t)r->pin);
		else
			todo[nt++] = v;
	}
	uint32_t *order = ra_buf_get(p, c, RA_BUF_ORDER,
	                             (nt ? nt : 1) * sizeof *order);
	by_start(p, c, iv, todo, nt, order, s->small);
	for (uint32_t k = 0; k < nt; k++) {
		/* registers in order of start lie all over the tables indexed
		 * by register: ask for the next ones' entries early (issue 12:
		 * the scan waited on those loads most of its time) */
		if (k + SCAN_AHEAD < nt) {
			uint32_t w = order[k + SCAN_AHEAD];
			__builtin_prefetch(&p->vregs.a[w], 1);
			__builtin_prefetch(&iv[w]);
			__builtin_prefetch(&s->where[w], 1);
			__builtin_prefetch(&s->size[w]);
			if (!s->small)
				__builtin_prefetch(&s->end_next[w], 1);
		}
		expire(s, iv[order[k]].start);
		if (!place(s, order[k]))
			return false;
	}
	if (s->files & 1u << IR_RF_GRF) {
		p->grf_used = 0;
		for (uint32_t k = 0; k < n; k++) {
			const struct ir_vreg *r = ir_vreg(p, list[k]);
			if (r->file == IR_RF_GRF && r->loc >= 0) {
				uint32_t top = ((uint32_t)r->loc + s->size[list[k]] + 31) / 32;
				if (top > p->grf_used)
					p->grf_used = top;
			}
		}
	}
	return true;
}

/* Whether a register gets a place in this round: it has an interval
 * (it is used) and is not spilled. */
static inline bool to_be_placed(const struct ra_interval *iv,
                                const struct ir_vreg *r)
{
	return iv->start >= 0 && !(r->flags & IR_V_SPILLED);
}

/* Set every register of 'files' to no place; the ones to place into
 * list, in vreg order; their count. */
static uint32_t to_place(struct ir_prog *p, const struct ra_interval *iv,
                         unsigned files, uint32_t *list)
{
	uint32_t n = 0;
	for (uint32_t v = 1; v < p->vregs.n; v++) {
		struct ir_vreg *r = ir_vreg(p, v);
		if (!(files & 1u << r->file))
			continue;
		r->loc = -1;
		if (to_be_placed(&iv[v], r))
			list[n++] = v;
	}
	return n;
}

/*
 * Can no GRF register spill, whatever the places of the others?  A
 * register of n whole GRFs at a multiple of 'step' GRFs fits when one of
 * the W = (128 - n) / step + 1 candidate places has no busy GRF; each
 * busy GRF rules out at most ceil(n / step) of them, and at most K GRFs
 * are busy, K the GRFs the other registers live there may touch (all
 * intervals covering its start, a bound of those still active).  A
 * smaller one fits in any empty GRF.  Checked for the worst request and
 * the most GRFs live at any point at once.  Then the GRF file decides
 * nothing the flag and address files see but the order of the active
 * array (victims among equally cheap flags, which the fast scan
 * refuses).
 *
 * The same walk over the registers sets every register to no place and
 * lists those to place (to_place): flag and address ones in list, GRF
 * ones in grf.
 */
/* The bound's parts: the most candidate places one busy GRF rules out,
 * the fewest candidates, the most GRFs busy at once. */
struct bound {
	uint32_t most, fewest, seen_n, seen_align;
	bool ok;
};

/* Add the request shape of GRF register r (size bytes, rows GRFs, not
 * pinned) to b. */
static inline __attribute__((always_inline)) void
grf_shape(struct bound *b, const struct ir_vreg *r, uint32_t size,
          uint32_t rows)
{
	uint32_t align = r->align < 2 ? 2 : r->align;
	if (size < IR_GRF_BYTES) {   /* any empty GRF */
		if (size && IR_GRF_BYTES % align)
			b->ok = false;
		return;
	}
	if (align < IR_GRF_BYTES)
		align = IR_GRF_BYTES;
	if (rows == b->seen_n && align == b->seen_align)
		return;
	b->seen_n = rows;
	b->seen_align = align;
	uint32_t step = align / IR_GRF_BYTES;
	if (align % IR_GRF_BYTES || rows > IR_GRF_COUNT) {
		b->ok = false;
		return;
	}
	uint32_t w = (IR_GRF_COUNT - rows) / step + 1;
	uint32_t c = (rows + step - 1) / step;
	if (w < b->fewest)
		b->fewest = w;
	if (c > b->most)
		b->most = c;
}

static bool bound_holds(struct ra_refs *refs, const struct bound *b,
                        uint32_t kmax)
{
	if (!b->ok)
		return false;
	if (refs) {   /* for the next round's survey_moved */
		refs->surveyed = true;
		refs->kmax = kmax;
		refs->most = b->most;
		refs->fewest = b->fewest;
	}
	return (uint64_t)kmax * b->most < b->fewest;
}

/*
 * Can no GRF register spill, whatever the places of the others?  A
 * register of n whole GRFs at a multiple of 'step' GRFs fits when one of
 * the W = (128 - n) / step + 1 candidate places has no busy GRF; each
 * busy GRF rules out at most ceil(n / step) of them, and at most K GRFs
 * are busy, K the GRFs the other registers live there may touch (all
 * intervals covering its start, a bound of those still active).  A
 * smaller one fits in any empty GRF.  Checked for the worst request and
 * the most GRFs live at any point at once.  Then the GRF file decides
 * nothing the flag and address files see but the order of the active
 * array (victims among equally cheap flags, which the fast scan
 * refuses).
 *
 * The same walk over the registers sets every register to no place and
 * lists those to place (to_place): flag and address ones in list, GRF
 * ones in grf (and all flag and address ones in refs->fa).
 */
static bool survey(struct ir_prog *p, const struct ra_interval *iv,
                   struct ra_refs *refs, uint32_t *list, uint32_t *n,
                   uint32_t *grf, uint32_t *ngrf)
{
	uint32_t nv = p->vregs.n, ni = p->insts.n, nl = 0, ng = 0, nfa = 0;
	size_t bytes = ((size_t)ni + 2) * sizeof(int32_t);
	int32_t *busy = ra_buf_get(p, refs, RA_BUF_BUSY, bytes);
	memset(busy, 0, bytes);
	/* the worst request over the kernel (one request shape at a time:
	 * most registers have the last one's) */
	struct bound b = { 1, IR_GRF_COUNT, 0, 0, true };
	for (uint32_t v = 1; v < nv; v++) {
		struct ir_vreg *r = ir_vreg(p, v);
		if (r->file != IR_RF_GRF) {
			r->loc = -1;
			if (refs)
				refs->fa[nfa++] = v;
			if (to_be_placed(&iv[v], r))
				list[nl++] = v;
			continue;
		}
		r->loc = -1;
		if (!to_be_placed(&iv[v], r))
			continue;
		grf[ng++] = v;
		if (!b.ok)
			continue;
		if ((uint32_t)iv[v].end > ni) {
			b.ok = false;
			continue;
		}
		uint32_t size = alloc_size(r), rows;
		if (r->pin >= 0) {   /* placed before the scan starts */
			rows = size ? ((uint32_t)r->pin + size - 1) / RF_ROW_BYTES -
			              (uint32_t)r->pin / RF_ROW_BYTES + 1 : 0;
			busy[0] += (int32_t)rows;
			busy[iv[v].end + 1] -= (int32_t)rows;
			continue;
		}
		rows = (size + RF_ROW_BYTES - 1) / RF_ROW_BYTES;
		busy[iv[v].start] += (int32_t)rows;
		busy[iv[v].end + 1] -= (int32_t)rows;
		grf_shape(&b, r, size, rows);
	}
	*n = nl;
	*ngrf = ng;
	if (refs)
		refs->nfa = nfa;
	if (!b.ok)
		return false;
	int32_t k = 0, kmax = 0;
	for (uint32_t t = 0; t <= ni; t++) {
		k += busy[t];
		if (k > kmax)
			kmax = k;
	}
	return bound_holds(refs, &b, (uint32_t)kmax);
}

/*
 * survey after a round whose hulls only moved (refs->moved_from): the
 * old registers' intervals keep their order (points that were apart
 * stay apart, ra_rounds), so no more of them are live at once than
 * before, and the new ones (the spill's) are counted as live everywhere.
 * A bound, not the count: where it fails, the whole scan decides as
 * always.  Only the flag and address registers are listed (*ngrf = 0:
 * grf_list makes the GRF list when a scan needs it); the GRF registers
 * have no place since the last survey (no GRF scan ran: it would have
 * been the last round).
 */
static bool survey_moved(struct ir_prog *p, const struct ra_interval *iv,
                         struct ra_refs *refs, uint32_t *list, uint32_t *n)
{
	uint32_t nv = p->vregs.n, ni = p->insts.n, nl = 0;
	uint32_t kmax = refs->kmax;
	struct bound b = { refs->most, refs->fewest, 0, 0, true };
	for (uint32_t v = refs->moved_from; v < nv; v++) {
		struct ir_vreg *r = ir_vreg(p, v);
		if (r->file != IR_RF_GRF) {
			refs->fa[refs->nfa++] = v;
			continue;
		}
		r->loc = -1;
		if (!to_be_placed(&iv[v], r))
			continue;
		if ((uint32_t)iv[v].end > ni || r->pin >= 0) {
			b.ok = false;
			continue;
		}
		uint32_t size = alloc_size(r);
		uint32_t rows = (size + RF_ROW_BYTES - 1) / RF_ROW_BYTES;
		kmax += rows;
		grf_shape(&b, r, size, rows);
	}
	for (uint32_t k = 0; k < refs->nfa; k++) {
		uint32_t v = refs->fa[k];
		struct ir_vreg *r = ir_vreg(p, v);
		r->loc = -1;
		if (to_be_placed(&iv[v], r))
			list[nl++] = v;
	}
	*n = nl;
	return bound_holds(refs, &b, kmax);
}

/* The GRF registers to place, in vreg order, each set to no place. */
static uint32_t grf_list(struct ir_prog *p, const struct ra_interval *iv,
                         uint32_t *grf)
{
	uint32_t ng = 0;
	for (uint32_t v = 1; v < p->vregs.n; v++) {
		struct ir_vreg *r = ir_vreg(p, v);
		if (r->file != IR_RF_GRF)
			continue;
		r->loc = -1;
		if (to_be_placed(&iv[v], r))
			grf[ng++] = v;
	}
	return ng;
}

/*
 * The whole scan places every file at once.  Most rounds that spill
 * spill flags only (docs/ir.md), and when no GRF register can spill
 * (survey) the flag and address files come out the same scanned alone,
 * unless a spill victim is chosen among equally cheap flags (retry); the
 * GRF file is then scanned only when nothing spilled, as the last round
 * needs its places (issue 12: a spilling round's GRF places were made and
 * thrown away).
 */
bool ra_linscan(struct ir_prog *p, const struct ra_interval *iv,
                struct ra_refs *refs, bool *spilled)
{
	const unsigned grf = 1u << IR_RF_GRF, all = (1u << IR_RF_COUNT) - 1;
	size_t bytes = ((size_t)p->vregs.n + 1) * sizeof(uint32_t);
	uint32_t *list = ra_buf_get(p, refs, RA_BUF_LIST, bytes), n;
	uint32_t *grfs = ra_buf_get(p, refs, RA_BUF_GRFS, bytes), ng;
	/* when the bound failed in the last round, the GRF file is nearly
	 * full: no bound again (a heuristic; the whole scan is always
	 * right) */
	bool tight = refs && refs->grf_tight, listed = true;
	if (!tight && refs && refs->moved_from && refs->surveyed) {
		tight = !survey_moved(p, iv, refs, list, &n);
		listed = false;
	} else if (!tight) {
		tight = !survey(p, iv, refs, list, &n, grfs, &ng);
	}
	if (refs) {
		refs->grf_tight = tight;
		refs->surveyed &= !tight;
	}
	if (!tight) {
		struct ls s = { .p = p, .iv = iv, .fast = true, .files = all & ~grf,
		                .carry = refs };
		if (scan(&s, list, n)) {
			if (s.spilled) {
				/* the next round places the GRF file */
				*spilled = true;
				return true;
			}
			if (!listed)
				ng = grf_list(p, iv, grfs);
			struct ls g = { .p = p, .iv = iv, .fast = true, .files = grf,
			                .carry = refs };
			if (scan(&g, grfs, ng)) {
				*spilled = false;
				return true;
			}
		}
	}
	struct ls s = { .p = p, .iv = iv, .files = all, .carry = refs };
	if (refs)   /* GRF registers get places: the next survey is whole */
		refs->surveyed = false;
	if (!scan(&s, list, to_place(p, iv, all, list)))
		return false;
	*spilled = s.spilled;
	return true;
}
