/*
 * cmd_batch.c - "visafin -p P [-j N] IN... -o DIR/": finalize many inputs,
 * N at a time (default: the processors this process may run on).
 *
 * Each input is one module on its own, exactly as "visafin -p P IN -o
 * DIR/NAME.gen" would finalize it (a text X.visaasm pulls in its function
 * texts X.f<K>.visaasm, which are therefore skipped when listed as
 * inputs), so the outputs are byte-identical to one run per input.  The
 * output is DIR/NAME.gen, or with any of --raw, -S and --fat (together
 * too: each kernel is finalized once) DIR/NAME.dat, .asm and .isa, NAME
 * the input's file name without its extension.  Threads
 * take the next input in turn; every input is tried, errors are printed
 * as they come, and the exit code is the largest of the inputs' codes.
 */
#define _GNU_SOURCE  /* sched_getaffinity, CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "finalize.h"
#include "thread.h"
#include "visa_model.h"
#include "../platforms/platform.h"

int fin_cores(void)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

struct batch {
	const struct fin_args *a;
	const struct plat_info *pl;
	atomic_int next;
	atomic_int rc;          /* largest exit code so far */
};

static bool is_function_text(const char *path)
{
	const char *dot = strrchr(path, '.');
	if (!dot || strcmp(dot, ".visaasm") != 0)
		return false;
	const char *p = dot - 1;
	while (p > path && p[0] >= '0' && p[0] <= '9')
		p--;
	return p < dot - 1 && p > path && p[0] == 'f' && p[-1] == '.';
}

char *fin_batch_out(const char *dir, const char *in, enum fin_mode mode)
{
	static const char *const ext[MODE_COUNT] = {
		[MODE_GEN] = "gen", [MODE_RAW] = "dat", [MODE_ASM] = "asm",
		[MODE_FAT] = "isa",
	};
	const char *base = strrchr(in, '/');
	base = base ? base + 1 : in;
	const char *dot = strrchr(base, '.');
	size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	size_t len = strlen(dir) + n + 8;
	char *s = malloc(len);
	if (s)
		snprintf(s, len, "%s%.*s.%s", dir, (int)n, base, ext[mode]);
	return s;
}

static int one_input(const struct batch *b, const char *in)
{
	struct fin_args a = *b->a;
	a.in = &in;
	a.nin = 1;
	a.batch = true;   /* fin_one names the outputs: fin_batch_out */
	return fin_one(&a, b->pl);
}

static void *worker(void *arg)
{
	struct batch *b = arg;
	for (;;) {
		int i = atomic_fetch_add(&b->next, 1);
		if (i >= b->a->nin)
			return NULL;
		const char *in = b->a->in[i];
		if (is_function_text(in))
			continue;
		int rc = one_input(b, in);
		int old = atomic_load(&b->rc);
		while (rc > old && !atomic_compare_exchange_weak(&b->rc, &old, rc))
			;
	}
}

int fin_batch(const struct fin_args *a, const struct plat_info *pl)
{
	if (a->kernel) {
		fprintf(stderr, "visafin: -k does not go with -o DIR/\n");
		return 2;
	}
	struct batch b = { .a = a, .pl = pl };
	atomic_init(&b.next, 0);
	atomic_init(&b.rc, 0);
	int threads = a->jobs ? a->jobs : fin_cores();
	if (threads > a->nin)
		threads = a->nin;
	pthread_t tid[VF_MAX_THREADS];
	int started = 0;
	for (int t = 1; t < threads; t++) {
		if (vf_thread_start(&tid[started], worker, &b) != 0)
			break;  /* fewer threads: the inputs still all get done */
		started++;
	}
	worker(&b);
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	return atomic_load(&b.rc);
}
