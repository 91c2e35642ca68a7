/*
 * inproc.c - timing helper of bench/vs-genx-ir (docs/bench.md).
 *
 *   inproc time [-n RUNS] [-p P] [-j N] [-c] KERNEL.visaasm [FUNC.visaasm...]
 *       finalizes every kernel of the texts through the library API
 *       (vf_read_visaasm + vf_finalize_all on N threads, texts already in
 *       memory; then vf_gen_write into memory) RUNS times and prints the
 *       median times and what came out:
 *       "inproc_ms=T parse_ms=T kernels=K insts=N bytes=B spill=S
 *        fin_ms=T write_ms=T visa_insts=V" (inproc_ms = parse + finalize;
 *       V: vISA instructions of the module, read from its object model;
 *       -c: times on the process CPU clock instead of the wall clock)
 *   inproc run [-n RUNS] -- COMMAND [ARGS...]
 *       runs COMMAND RUNS times (standard streams on /dev/null) and
 *       prints the median wall time of the whole process, its largest
 *       peak resident size (wait4's ru_maxrss), the last exit status and
 *       the median CPU time (user + system, steadier than the wall time
 *       on a loaded machine):
 *       "wall_ms=T maxrss_kb=M rc=R cpu_ms=C" (rc 128+N: killed by
 *       signal N)
 *
 * The public API (visafin.h) does the work; the object model (visa_model.h)
 * is read only for the vISA instruction count.  Gen instruction counts come from
 * the compaction bit of each instruction (bit 29 of its first dword on
 * Gen8-Gen11: 8-byte compacted, else 16 bytes).
 */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "visafin.h"
#include "visa_model.h"   /* vISA instruction counts */

#define MAX_RUNS 101
#define MAX_TEXTS 64

/* Clock of 'inproc time': wall (default) or, with -c, the CPU time of
 * the process (steadier on a loaded machine; with -j N it adds up the
 * threads). */
static clockid_t phase_clock = CLOCK_MONOTONIC;

static double clock_ms(clockid_t id)
{
	struct timespec t;
	clock_gettime(id, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double phase_ms(void)
{
	return clock_ms(phase_clock);
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0, got;
	char *p = malloc(cap);
	while (p && (got = fread(p + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			char *q = realloc(p, cap *= 2);
			if (!q)
				free(p);
			p = q;
		}
	}
	fclose(f);
	*size = n;
	return p;
}

static size_t count_insts(const struct vf_kernel_result *r)
{
	size_t n = 0;
	for (size_t pc = 0; pc + 8 <= r->code_size; n++) {
		const uint8_t *b = r->code + pc;
		pc += (b[3] >> 5) & 1 ? 8 : 16;   /* bit 29: CmptCtrl */
	}
	return n;
}

struct outcome {
	size_t kernels, insts, bytes, spill, visa_insts;
};

/* Times of one run, milliseconds. */
struct times {
	double parse, fin, write, total;
};

/* One parse + finalize + .gen serialisation (in memory); fills *o;
 * returns 0 or prints the error. */
static int once(const struct vf_text *t, size_t nt, int plat, int threads,
                struct times *tm, struct outcome *o)
{
	struct vf_error err = { 0 };
	struct vf_module *m = NULL;
	struct vf_kernel_result *r = NULL;
	size_t n = 0;
	double t0 = phase_ms();
	if (vf_read_visaasm(t, nt, &m, &err) != VF_OK) {
		fprintf(stderr, "inproc: %s\n", err.msg);
		return 1;
	}
	double t1 = phase_ms();
	struct vf_finalize_options opt = { .platform = plat,
	                                   .threads = threads };
	enum vf_status st = vf_finalize_all(m, &opt, &r, &n, &err);
	double t2 = phase_ms();
	uint8_t *gen = NULL;
	size_t gen_size = 0;
	if (st == VF_OK)
		st = vf_gen_write(r, n, &gen, &gen_size, &err);
	double t3 = phase_ms();
	free(gen);
	tm->parse = t1 - t0;
	tm->fin = t2 - t1;
	tm->write = t3 - t2;
	tm->total = t3 - t0;
	memset(o, 0, sizeof *o);
	for (size_t k = 0; st == VF_OK && k < n; k++) {
		o->insts += count_insts(&r[k]);
		o->bytes += r[k].code_size;
		o->spill += r[k].spill_size;
	}
	for (unsigned k = 0; k < m->kernel_count; k++)
		o->visa_insts += m->kernels[k].body.inst_count;
	for (unsigned k = 0; k < m->function_count; k++)
		o->visa_insts += m->functions[k].body.inst_count;
	o->kernels = n;
	vf_kernel_results_free(r, n);
	vf_module_free(m);
	if (st != VF_OK)
		fprintf(stderr, "inproc: %s\n", err.msg);
	return st != VF_OK;
}

static int cmd_time(int argc, char **argv, int runs)
{
	struct vf_text t[MAX_TEXTS];
	size_t nt = 0;
	int plat = VF_PLATFORM_SKL, rc = 0, threads = 1;
	for (int i = 0; i < argc && nt < MAX_TEXTS; i++) {
		if (!strcmp(argv[i], "-p") && i + 1 < argc) {
			plat = vf_platform_from_name(argv[++i]);
			continue;
		}
		if (!strcmp(argv[i], "-c")) {
			phase_clock = CLOCK_PROCESS_CPUTIME_ID;
			continue;
		}
		if (!strcmp(argv[i], "-j") && i + 1 < argc) {
			threads = atoi(argv[++i]);
			continue;
		}
		t[nt].name = argv[i];
		if (!(t[nt].data = slurp(argv[i], &t[nt].size))) {
			fprintf(stderr, "inproc: cannot read %s\n", argv[i]);
			return 1;
		}
		nt++;
	}
	double parse[MAX_RUNS], fin[MAX_RUNS], wr[MAX_RUNS], total[MAX_RUNS];
	struct outcome o = { 0 };
	for (int r = 0; r < runs && !rc; r++) {
		struct times tm = { 0 };
		rc = once(t, nt, plat, threads, &tm, &o);
		parse[r] = tm.parse;
		fin[r] = tm.fin;
		wr[r] = tm.write;
		total[r] = tm.parse + tm.fin;
	}
	if (!rc && nt)
		printf("inproc_ms=%.3f parse_ms=%.3f kernels=%zu insts=%zu "
		       "bytes=%zu spill=%zu fin_ms=%.3f write_ms=%.3f "
		       "visa_insts=%zu\n", median(total, runs),
		       median(parse, runs), o.kernels, o.insts, o.bytes, o.spill,
		       median(fin, runs), median(wr, runs), o.visa_insts);
	for (size_t i = 0; i < nt; i++)
		free((void *)t[i].data);
	return rc || !nt;
}

/* One run of argv: wall time, CPU time (user + system), peak RSS, exit
 * status. */
static int run_once(char **argv, double *ms, double *cpu, long *rss)
{
	double t0 = now_ms();
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 1);
			dup2(null, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	int status = 0;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0)
		return -1;
	*ms = now_ms() - t0;
	*cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	*rss = ru.ru_maxrss;
	return WIFEXITED(status) ? WEXITSTATUS(status)
	       : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

static int cmd_run(int argc, char **argv, int runs)
{
	if (argc < 2 || strcmp(argv[0], "--"))
		return 2;
	double ms[MAX_RUNS], cpu[MAX_RUNS];
	long rss = 0, r1;
	int rc = 0;
	for (int r = 0; r < runs; r++) {
		rc = run_once(argv + 1, &ms[r], &cpu[r], &r1);
		if (rc < 0) {
			perror("inproc: fork/wait");
			return 1;
		}
		if (r1 > rss)
			rss = r1;
	}
	printf("wall_ms=%.3f maxrss_kb=%ld rc=%d cpu_ms=%.3f\n", median(ms, runs),
	       rss, rc, median(cpu, runs));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fputs("usage: inproc time [-n RUNS] [-p P] [-j N] [-c] KERNEL.visaasm "
		      "[FUNC.visaasm...]\n"
		      "       inproc run [-n RUNS] -- COMMAND [ARGS...]\n", stderr);
		return 2;
	}
	int first = 2, runs = 1;
	if (!strcmp(argv[2], "-n") && argc > 4) {
		runs = atoi(argv[3]);
		first = 4;
	}
	if (runs < 1 || runs > MAX_RUNS)
		runs = runs < 1 ? 1 : MAX_RUNS;
	if (!strcmp(argv[1], "time"))
		return cmd_time(argc - first, argv + first, runs);
	if (!strcmp(argv[1], "run"))
		return cmd_run(argc - first, argv + first, runs);
	fprintf(stderr, "inproc: unknown command '%s'\n", argv[1]);
	return 2;
}
