/*
 * schedule.c - pressure-aware list scheduling before register allocation.
 *
 * Needs: coalesced IR on virtual registers.  Produces: the same
 * instructions, reordered inside stretches of straight-line code, so that
 * a value is used soon after it is defined when many values are live
 * (fewer spills), and long-latency sends start early when few are.
 *
 * A window is a run of at most WINDOW instructions between barriers.  A
 * barrier stays where it is and nothing moves across it: labels, every
 * branch, EOT, stack calls, instructions with dependency-check options
 * (NoDDClr/NoDDChk pairs must stay adjacent), thread switch/atomic/
 * serialize options, instructions naming an architecture register
 * other than null and the accumulators (a write of cr0 changes the float
 * mode of what follows), and every operation that is neither a send nor
 * on the list of plain ALU operations (alu_op).
 *
 * Inside a window the dependence DAG has an edge for each RAW, WAR and
 * WAW pair on a register key: a GRF virtual register, with every
 * partial write counted as a write; all flag registers share one key and
 * all address registers another (their uses keep the input order: no
 * more of them live at once, a0 cannot spill); all pinned
 * registers share one key (they may overlap), so do all address-taken
 * registers and every indirect operand (a0 may point into any of them),
 * and so do the accumulators and other architecture registers (explicit
 * ARF operands, math-macro operands, the ops that read or write acc
 * implicitly).  Sends keep their relative order (memory, fences and
 * barriers are sends).  Edges come from per-key "last write" and "reads
 * since the last write" lists, so their number is linear in the operands.
 *
 * Only a window where the live intervals reach HIGH_BYTES somewhere is
 * reordered; elsewhere the input order stays (code that fits is left as
 * it is).  The list scheduler picks among the ready instructions: when the
 * estimated GRF pressure is above HIGH_BYTES, the one with the lowest
 * pressure change (bytes newly live minus bytes whose last reference it
 * is), then program order;
 * otherwise sends first, then the longest latency-weighted path to the
 * end of the window, then program order.  Pressure comes from the live
 * intervals of the allocator (regalloc/live.c): what is live across the
 * window start, plus what the window defines, minus what it stops using;
 * a register live after the window is never freed in it.  The new order
 * is kept only if its peak in that model is below the input order's
 * (the model is an estimate: this keeps a reordering from making a
 * window worse, as a latency-first order could).
 */
#include "config.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "../ir/ir.h"
#include "thread.h"
#include "../regalloc/ra.h"

#define WINDOW 1024
#define HIGH_BYTES (88 * IR_GRF_BYTES)
#define SEND_LATENCY 24
#define MATH_LATENCY 8

/* A reference of one instruction to a register key. */
struct sref {
	uint32_t key;
	bool def;
};

struct sched {
	struct ir_prog *p;
	const struct ra_interval *iv;
	uint32_t nkeys, k_pinned, k_taken, k_acc, k_addr, k_flag;
	/* per key, valid when stamp == window id */
	uint32_t *stamp;
	int32_t *last_def;
	int32_t *reads;        /* head of the read list in 'rpool', -1 */
	int32_t *rem;          /* instructions of the window touching it */
	bool *alive;
	uint8_t *grf;          /* per key: a GRF register (grf_key) */
	uint32_t *size;        /* per register: its bytes (vregs.a[].size) */
	uint8_t *send;         /* per node of the window: a send */
	uint32_t *key;         /* per register: its key (key_of) */
	uint32_t window;
	/* read lists */
	struct rnode { int32_t node, next; } *rpool;
	uint32_t nrpool;
	/* per node of the window */
	struct sref *refs;     /* 'nref' per node from refs_at[node] */
	uint32_t *refs_at;
	uint32_t *npred, *height, *fill;
	uint32_t *edge_from, *edge_to, nedges, edge_cap;
	uint32_t *succ_at, *succ;
};

static bool alu_op(unsigned op)
{
	switch (op) {
	case GEN_OP_ADD: case GEN_OP_ADDC: case GEN_OP_AND: case GEN_OP_ASR:
	case GEN_OP_AVG: case GEN_OP_BFE: case GEN_OP_BFI1: case GEN_OP_BFI2:
	case GEN_OP_BFREV: case GEN_OP_CBIT: case GEN_OP_CMP: case GEN_OP_CMPN:
	case GEN_OP_CSEL: case GEN_OP_FBH: case GEN_OP_FBL: case GEN_OP_FRC:
	case GEN_OP_LZD: case GEN_OP_MAC: case GEN_OP_MACH: case GEN_OP_MAD:
	case GEN_OP_MADM: case GEN_OP_MATH: case GEN_OP_MOV: case GEN_OP_MUL:
	case GEN_OP_NOT: case GEN_OP_OR: case GEN_OP_RNDD: case GEN_OP_RNDE:
	case GEN_OP_RNDU: case GEN_OP_RNDZ: case GEN_OP_SEL: case GEN_OP_SHL:
	case GEN_OP_SHR: case GEN_OP_SUBB: case GEN_OP_XOR:
		return true;
	default:
		return false;
	}
}

/* Operations that read or write an accumulator without naming it. */
static bool implicit_acc(unsigned op)
{
	return op == GEN_OP_ADDC || op == GEN_OP_SUBB || op == GEN_OP_MAC ||
	       op == GEN_OP_MACH || op == GEN_OP_MADM;
}

/* An architecture register other than null and the accumulators
 * (control, state, timestamp, channel-enable...): its reads and writes
 * have effects beyond register dependences (cr0 sets the float mode of
 * every later instruction). */
static bool special_arf(const struct ir_opnd *o)
{
	return o->kind == IR_O_ARF && o->rn != GEN_RN_NULL &&
	       o->rn != GEN_RN_ACC && o->rn != GEN_RN_MME;
}

static bool is_barrier(const struct ir_inst *in)
{
	const uint32_t fixed = GEN_OPT_EOT | GEN_OPT_NODDCHK | GEN_OPT_NODDCLR |
	                       GEN_OPT_SWITCH | GEN_OPT_ATOMIC |
	                       GEN_OPT_SERIALIZE | GEN_OPT_BREAKPOINT |
	                       IR_OPT_STACKCALL;
	/* labels and branches are neither sends nor ALU operations */
	if ((in->opts & fixed) || (!ir_is_send(in->op) && !alu_op(in->op)))
		return true;
	if (special_arf(&in->dst))
		return true;
	for (unsigned k = 0; k < in->nsrc && k < 3; k++)
		if (special_arf(&in->src[k]))
			return true;
	return false;
}

static uint32_t compute_key(const struct sched *s, uint32_t v)
{
	const struct ir_vreg *r = &s->p->vregs.a[v];
	if (r->flags & IR_V_ADDR_TAKEN)
		return s->k_taken;
	if (r->pin >= 0 || (r->flags & IR_V_PINNED))
		return s->k_pinned;
	/* one key per small file: their accesses keep the input order, so
	 * no more flag or address registers are live at once than before
	 * (address registers cannot spill) */
	if (r->file == IR_RF_ADDR)
		return s->k_addr;
	if (r->file == IR_RF_FLAG)
		return s->k_flag;
	return v;
}

/* A register's key: looked up in a table made once with the GRF one
 * (issue 12: asked for every operand of every window). */
static uint32_t key_of(const struct sched *s, uint32_t v)
{
	return s->key[v];
}

/* At most 3 sources and a destination (each a register and, indirect,
 * the address-taken key), predicate/condition flag, descriptor and
 * accumulator: 11 keys, fewer than 16. */
struct ref_list {
	struct sref a[16];
	unsigned n;
};

static void add_ref(struct ref_list *l, uint32_t key, bool def)
{
	for (unsigned k = 0; k < l->n; k++)
		if (l->a[k].key == key) {
			l->a[k].def |= def;
			return;
		}
	if (l->n < 16)
		l->a[l->n++] = (struct sref){ key, def };
}

static void opnd_refs(const struct sched *s, struct ref_list *l,
                      const struct ir_opnd *o, bool def)
{
	if (o->kind == IR_O_REG)
		add_ref(l, key_of(s, o->v), def);
	else if (o->kind == IR_O_IND) {
		add_ref(l, key_of(s, o->v), false);
		add_ref(l, s->k_taken, def);
	} else if (o->kind == IR_O_ARF && o->rn != GEN_RN_NULL)
		add_ref(l, s->k_acc, def);
	if (o->mme)
		add_ref(l, s->k_acc, true);
}

static void inst_refs(const struct sched *s, const struct ir_inst *in,
                      struct ref_list *l)
{
	l->n = 0;
	for (unsigned k = 0; k < in->nsrc && k < 3; k++)
		opnd_refs(s, l, &in->src[k], false);
	if (in->flag && (in->pred || in->cmod)) {
		add_ref(l, key_of(s, in->flag), false);
		if (in->cmod)
			add_ref(l, key_of(s, in->flag), true);
	}
	if (in->desc_reg)
		add_ref(l, key_of(s, in->desc_reg), false);
	opnd_refs(s, l, &in->dst, true);
	if (implicit_acc(in->op) || (in->opts & GEN_OPT_ACCWREN))
		add_ref(l, s->k_acc, true);
}

/* Edges a window of n instructions can have, at most EDGES_PER_NODE * n:
 * a reference adds one RAW edge (from the key's last write), a write
 * one WAR edge per read listed since the key's last write (each read
 * is listed once), a send one to the send before: at most 2 * 16 + 1
 * per instruction (16 references, struct ref_list).  The tables are
 * made that big, so a window never allocates (a worker thread cannot:
 * the arena is the compile's, ir_alloc's OOM jump the main thread's). */
#define EDGES_PER_NODE 33

static void edge(struct sched *s, int32_t from, uint32_t to)
{
	if (from < 0 || (uint32_t)from == to)
		return;
	s->edge_from[s->nedges] = (uint32_t)from;
	s->edge_to[s->nedges++] = to;
}

static void touch_key(struct sched *s, uint32_t k)
{
	if (s->stamp[k] == s->window)
		return;
	s->stamp[k] = s->window;
	s->last_def[k] = -1;
	s->reads[k] = -1;
	s->rem[k] = 0;
	s->alive[k] = false;
}

/* A GRF register: looked up in a table made once (issue 12: asked for
 * every reference of every window in the pressure model). */
static bool grf_key(const struct sched *s, uint32_t k)
{
	return s->grf[k] != 0;
}

static uint32_t latency(const struct ir_inst *in)
{
	if (ir_is_send(in->op))
		return SEND_LATENCY;
	return in->op == GEN_OP_MATH ? MATH_LATENCY : 1;
}

/* Bytes that become live minus bytes that stop being live if node 'n'
 * is scheduled next. */
static int32_t pressure_delta(const struct sched *s, uint32_t n,
                              uint32_t end)
{
	int32_t d = 0;
	for (uint32_t r = s->refs_at[n]; r < s->refs_at[n + 1]; r++) {
		const struct sref *f = &s->refs[r];
		if (!grf_key(s, f->key))
			continue;
		int32_t size = (int32_t)s->size[f->key];
		bool born = !s->alive[f->key] && f->def;
		bool dies = s->rem[f->key] == 1 &&
		            s->iv[f->key].end < (int32_t)end;
		if (born && !dies)
			d += size;
		else if (!born && dies && s->alive[f->key])
			d -= size;
	}
	return d;
}

/* Pressure bookkeeping at the window start: references left per key,
 * and which GRF registers are live on entry. */
static void reset_state(struct sched *s, uint32_t n, uint32_t b)
{
	for (uint32_t r = 0; r < s->refs_at[n]; r++)
		s->rem[s->refs[r].key] = 0;
	for (uint32_t r = 0; r < s->refs_at[n]; r++) {
		uint32_t key = s->refs[r].key;
		if (!s->rem[key]++ && grf_key(s, key))
			s->alive[key] = s->iv[key].start < (int32_t)b &&
			                s->iv[key].end >= (int32_t)b;
	}
}

/* Schedule node 'c' in the pressure model (its change is
 * pressure_delta's, asked before). */
static void place(struct sched *s, uint32_t c, uint32_t e)
{
	for (uint32_t r = s->refs_at[c]; r < s->refs_at[c + 1]; r++) {
		const struct sref *f = &s->refs[r];
		s->rem[f->key]--;
		if (f->def)
			s->alive[f->key] = true;
		if (!s->rem[f->key] && grf_key(s, f->key) &&
		    s->iv[f->key].end < (int32_t)e)
			s->alive[f->key] = false;
	}
}

/* Put the n instructions of 'w' in the order 'order' (order[i]: the
 * one that goes to place i) where they are, a cycle of the permutation
 * at a time: each moves once, plus one copy per cycle (issue 12: not
 * the window out to a copy and back).  A place done gets order[i] = i. */
static void permute(struct ir_inst *w, uint32_t *order, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (order[i] == i)
			continue;
		struct ir_inst t = w[i];
		uint32_t j = i;
		while (order[j] != i) {
			uint32_t k = order[j];
			w[j] = w[k];
			order[j] = j;
			j = k;
		}
		w[j] = t;
		order[j] = j;
	}
}

/* Schedule instructions [b, e) of the program, which are 'w' (no
 * barrier among them), 'base' the GRF bytes live at b: the new order
 * into 'order' (order[i]: the instruction that goes to place i), and
 * whether to keep it.  Reads the program and the tables made once,
 * writes only s's own window tables and 'order' (a worker thread runs
 * it: ir_schedule_threads). */
static bool schedule_window(struct sched *s, const struct ir_inst *w,
                            uint32_t b, uint32_t e, int64_t base,
                            uint32_t *order)
{
	uint32_t n = e - b;
	s->window++;
	s->nrpool = 0;
	s->nedges = 0;
	uint32_t nref = 0;
	int32_t last_send = -1;
	for (uint32_t i = 0; i < n; i++) {
		struct ref_list l;
		inst_refs(s, &w[i], &l);
		s->refs_at[i] = nref;
		for (unsigned k = 0; k < l.n; k++) {
			uint32_t key = l.a[k].key;
			touch_key(s, key);
			/* RAW */
			edge(s, s->last_def[key], i);
			if (l.a[k].def) {
				/* WAR and WAW */
				for (int32_t r = s->reads[key]; r >= 0; r = s->rpool[r].next)
					edge(s, s->rpool[r].node, i);
				s->reads[key] = -1;
				s->last_def[key] = (int32_t)i;
			} else {
				s->rpool[s->nrpool] = (struct rnode){ (int32_t)i, s->reads[key] };
				s->reads[key] = (int32_t)s->nrpool++;
			}
			s->refs[nref++] = l.a[k];
		}
		s->send[i] = ir_is_send(w[i].op);
		if (s->send[i]) {
			edge(s, last_send, i);
			last_send = (int32_t)i;
		}
	}
	s->refs_at[n] = nref;
	/* successors, CSR */
	/* (succ has edge_cap entries, which edges never outgrow: see
	 * EDGES_PER_NODE) */
	memset(s->succ_at, 0, (n + 1) * sizeof *s->succ_at);
	memset(s->npred, 0, n * sizeof *s->npred);
	for (uint32_t k = 0; k < s->nedges; k++) {
		s->succ_at[s->edge_from[k] + 1]++;
		s->npred[s->edge_to[k]]++;
	}
	for (uint32_t i = 0; i < n; i++)
		s->succ_at[i + 1] += s->succ_at[i];
	memcpy(s->fill, s->succ_at, n * sizeof *s->fill);
	for (uint32_t k = 0; k < s->nedges; k++)
		s->succ[s->fill[s->edge_from[k]]++] = s->edge_to[k];
	/* heights: edges go forward, so one backward sweep */
	for (uint32_t i = n; i-- > 0;) {
		uint32_t h = 0;
		for (uint32_t k = s->succ_at[i]; k < s->succ_at[i + 1]; k++)
			if (s->height[s->succ[k]] > h)
				h = s->height[s->succ[k]];
		s->height[i] = h + latency(&w[i]);
	}
	/* list scheduling; 'ready' reuses edge_from (n <= edge_cap) */
	uint32_t *ready = s->edge_from, nready = 0, clock = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (!s->npred[i])
			ready[nready++] = i;
	}
	/* peak of the model in the input order */
	reset_state(s, n, b);
	int64_t pressure = base, peak_in = base, peak = base;
	for (uint32_t i = 0; i < n; i++) {
		pressure += pressure_delta(s, i, e);
		place(s, i, e);
		if (pressure > peak_in)
			peak_in = pressure;
	}
	reset_state(s, n, b);
	pressure = base;
	while (nready) {
		bool high = pressure > HIGH_BYTES;
		uint32_t best = 0;
		int32_t best_d = 0;
		for (uint32_t r = 0; r < nready; r++) {
			uint32_t c = ready[r], o = ready[best];
			if (high) {
				int32_t d = pressure_delta(s, c, e);
				if (r == 0 || d < best_d || (d == best_d && c < o)) {
					best = r;
					best_d = d;
				}
				continue;
			}
			bool cs = s->send[c], os = s->send[o];
			if (r == 0 || (cs && !os) ||
			    (cs == os && (s->height[c] > s->height[o] ||
			     (s->height[c] == s->height[o] && c < o))))
				best = r;
		}
		uint32_t c = ready[best];
		ready[best] = ready[--nready];
		/* high: the chosen one's change was just asked, in this state */
		pressure += high ? best_d : pressure_delta(s, c, e);
		place(s, c, e);
		if (pressure > peak)
			peak = pressure;
		order[clock++] = c;
		for (uint32_t k = s->succ_at[c]; k < s->succ_at[c + 1]; k++) {
			uint32_t t = s->succ[k];
			if (!--s->npred[t]) {
				ready[nready++] = t;
			}
		}
	}
	/* keep the new order only when the model says it needs less; either
	 * way the window stays where it is */
	return peak < peak_in;
}

/* One worker's tables: per key (valid when stamp == window) and per
 * node of a window of at most 'win' instructions. */
static void make_window_tables(struct sched *s, uint32_t win)
{
	struct ir_prog *p = s->p;
	s->stamp = ir_alloc(p, s->nkeys * sizeof *s->stamp);   /* zeroed */
	s->window = 0;
	s->last_def = ir_alloc(p, s->nkeys * sizeof *s->last_def);
	s->reads = ir_alloc(p, s->nkeys * sizeof *s->reads);
	s->rem = ir_alloc(p, s->nkeys * sizeof *s->rem);
	s->alive = ir_alloc(p, s->nkeys * sizeof *s->alive);
	s->rpool = ir_alloc(p, win * 16 * sizeof *s->rpool);
	s->refs = ir_alloc(p, win * 16 * sizeof *s->refs);
	s->refs_at = ir_alloc(p, (win + 1) * sizeof *s->refs_at);
	s->npred = ir_alloc(p, win * sizeof *s->npred);
	s->height = ir_alloc(p, win * sizeof *s->height);
	s->fill = ir_alloc(p, win * sizeof *s->fill);
	s->succ_at = ir_alloc(p, (win + 1) * sizeof *s->succ_at);
	s->edge_cap = win * EDGES_PER_NODE;
	s->edge_from = ir_alloc_raw(p, s->edge_cap * sizeof *s->edge_from);
	s->edge_to = ir_alloc_raw(p, s->edge_cap * sizeof *s->edge_to);
	s->succ = ir_alloc_raw(p, s->edge_cap * sizeof *s->succ);
	s->send = ir_alloc_raw(p, win);
}

/* The tables of the dependence graph and the pressure model, made for
 * the first window reordered (issue 12: a kernel whose pressure stays
 * low never touches them); 'win' the longest window.  Out of line:
 * once a kernel, and the window loop compiles tighter without it. */
static __attribute__((noinline)) void make_tables(struct sched *s, uint32_t win)
{
	struct ir_prog *p = s->p;
	uint32_t nv = p->vregs.n;
	make_window_tables(s, win);
	/* the extra keys have no interval: never GRF keys (grf_key) */
	s->grf = ir_alloc(p, s->nkeys);   /* zeroed: extra keys */
	s->key = ir_alloc_raw(p, nv * sizeof *s->key);
	s->size = ir_alloc_raw(p, nv * sizeof *s->size);
	for (uint32_t v = 0; v < nv; v++) {
		s->grf[v] = p->vregs.a[v].file == IR_RF_GRF;
		s->key[v] = compute_key(s, v);
		s->size[v] = p->vregs.a[v].size;
	}
}

/* A window to schedule: instructions [b, e), GRF bytes live at b. */
struct window {
	uint32_t b, e;
	int64_t base;
	bool keep;        /* the new order (in 'order' at b) is kept */
};

/* Windows [from, to) of 'wl' with worker tables 's'; each new order
 * goes to order + b (windows do not overlap). */
static void run_windows(struct sched *s, struct window *wl, uint32_t from,
                        uint32_t to, uint32_t *order)
{
	const struct ir_inst *a = s->p->insts.a;
	for (uint32_t k = from; k < to; k++) {
		struct window *w = &wl[k];
		w->keep = schedule_window(s, &a[w->b], w->b, w->e, w->base,
		                          order + w->b);
	}
}

struct worker {
	struct sched s;
	struct window *wl;
	uint32_t from, to;
	uint32_t *order;
};

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	run_windows(&w->s, w->wl, w->from, w->to, w->order);
	return NULL;
}

/* Two threads from this many instructions in windows to schedule (a
 * window costs ~1600 instructions per instruction, issue 12; a thread
 * ~50 us to start): below it, and for every kernel of the corpus, none
 * is started. */
#define THREAD_MIN_INSTS 16384

/* 0: decide by size and CPUs; else the threads to use (1 or 2), and
 * what the last kernel did: for the test comparing serial and threaded
 * results (tests/unit/test_fin_sched.c; one kernel at a time). */
static unsigned forced_threads, forced_worker, forced_kept;

void ir_schedule_threads(unsigned n);
void ir_schedule_last(unsigned *worker_windows, unsigned *kept);

void ir_schedule_threads(unsigned n)
{
	forced_threads = n;
}

void ir_schedule_last(unsigned *worker_windows, unsigned *kept)
{
	*worker_windows = forced_worker;
	*kept = forced_kept;
}

static bool want_thread(uint32_t insts)
{
	if (forced_threads)
		return forced_threads > 1;
	if (insts < THREAD_MIN_INSTS)
		return false;
	/* asked per big kernel only (a system call, cheap beside it) */
	return sysconf(_SC_NPROCESSORS_ONLN) > 1;
}

/* Every window's order, on two threads when 'threaded' (the later
 * windows, about half the instructions, on a worker thread with its
 * own tables; the output does not depend on who scheduled what). */
static void schedule_all(struct sched *s, struct window *wl, uint32_t nw,
                         uint32_t total, uint32_t *order, bool threaded)
{
	if (!threaded || nw < 2) {
		run_windows(s, wl, 0, nw, order);
		return;
	}
	uint32_t half = 0, sum = 0;
	while (half < nw && sum < total / 2) {
		sum += wl[half].e - wl[half].b;
		half++;
	}
	struct worker w = { *s, wl, half, nw, order };
	make_window_tables(&w.s, WINDOW);
	pthread_t t;
	bool started = vf_thread_start(&t, worker_main, &w) == 0;
	run_windows(s, wl, 0, half, order);
	if (started)
		pthread_join(t, NULL);
	else
		run_windows(s, wl, half, nw, order);
	if (forced_threads && started)
		forced_worker = nw - half;
}

bool ir_schedule(struct ir_prog *p);

bool ir_schedule(struct ir_prog *p)
{
	uint32_t ni = p->insts.n, nv = p->vregs.n;
	if (!ni)
		return true;
	struct sched s = { .p = p };
	s.iv = ra_seed_intervals(p);
	s.k_pinned = nv;
	s.k_taken = nv + 1;
	s.k_acc = nv + 2;
	s.k_addr = nv + 3;
	s.k_flag = nv + 4;
	s.nkeys = nv + 5;
	s.grf = NULL;   /* the tables: made when a window is to be reordered */
	/* GRF bytes live at each position: start < pos <= end */
	int64_t *live = ir_alloc(p, (ni + 2) * sizeof *live);   /* zeroed */
	for (uint32_t v = 1; v < nv; v++) {
		const struct ra_interval *r = &s.iv[v];
		if (r->start < 0 || p->vregs.a[v].file != IR_RF_GRF ||
		    r->end <= r->start)
			continue;
		uint32_t from = (uint32_t)r->start + 1;
		uint32_t to = (uint32_t)r->end + 1 < ni + 1 ? (uint32_t)r->end + 1 : ni + 1;
		live[from] += p->vregs.a[v].size;
		live[to] -= p->vregs.a[v].size;
	}
	int64_t most = live[0];
	for (uint32_t i = 1; i <= ni; i++) {
		live[i] += live[i - 1];
		if (live[i] > most)
			most = live[i];
	}
	/* no window's pressure gets high anywhere: nothing to reorder, and
	 * no need to find the windows (issue 12: a walk over every
	 * instruction of a kernel whose pressure stays low) */
	if (most <= HIGH_BYTES)
		return true;
	/* The windows to schedule; every other instruction stays where it
	 * is (the count never changes: the array is permuted in place). */
	const struct ir_inst *a = p->insts.a;
	struct window *wl = NULL;
	uint32_t nw = 0, wcap = 0, total = 0;
	uint32_t i = 0;
	while (i < ni) {
		if (is_barrier(&a[i])) {
			i++;
			continue;
		}
		uint32_t e = i + 1;   /* a[i] is no barrier */
		while (e < ni && e - i < WINDOW && !is_barrier(&a[e]))
			e++;
		if (e - i == WINDOW) {
			/* a full window ends where the fewest bytes are live in
			 * its second half, so that defs and uses stay together */
			uint32_t cut = e;
			for (uint32_t k = i + WINDOW / 2; k < e; k++)
				if (live[k] < live[cut])
					cut = k;
			e = cut;
		}
		/* only windows whose estimated pressure gets high are
		 * reordered: elsewhere the input order stays */
		int64_t peak = 0;
		for (uint32_t k = i; k <= e && k <= ni; k++)
			if (live[k] > peak)
				peak = live[k];
		if (e - i > 1 && peak > HIGH_BYTES) {
			ir_grow_raw(p, (void **)&wl, &wcap, nw, 64, sizeof *wl);
			wl[nw++] = (struct window){ i, e, live[i], false };
			total += e - i;
		}
		i = e;
	}
	if (!nw)
		return true;
	/* a window is never longer than the program (issue 12: a small
	 * kernel does not pay for 1024-instruction tables) */
	make_tables(&s, ni < WINDOW ? ni : WINDOW);
	uint32_t *order = ir_alloc_raw(p, ni * sizeof *order);
	if (forced_threads)
		forced_worker = forced_kept = 0;
	schedule_all(&s, wl, nw, total, order, want_thread(total));
	/* in program order, on this thread: the allocator's intervals
	 * follow each window reordered, read in its old order, so before
	 * the permutation (which resets the order) */
	for (uint32_t k = 0; k < nw; k++) {
		const struct window *w = &wl[k];
		if (!w->keep)
			continue;
		if (forced_threads)
			forced_kept++;
		ra_seed_reorder(p, &p->insts.a[w->b], w->b, w->e, order + w->b);
		permute(&p->insts.a[w->b], order + w->b, w->e - w->b);
	}
	return true;
}
