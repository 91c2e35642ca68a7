/*
 * prefault.c - fault in the arenas' fresh huge-page mappings on a thread
 * of their own, in a large run of the command.
 *
 * Why: a 200k-instruction kernel maps some 100 MB of arena blocks of 2 MB
 * pages (the IR's instruction array alone is 42 MB), and the kernel
 * clears each page when the compile first writes it: ~0.05 ms a MB, a
 * tenth of the whole run, all on the compiling thread.  The machine's
 * other processor is mostly idle then, so the arena tells this file of
 * each fresh range (vf_arena_set_map_hook) and a worker asks the kernel
 * to fault it in with MADV_POPULATE_WRITE (the newest range first, 2 MB
 * at a time from its start),
 * running ahead of the compile, which then finds the pages there.
 *
 * Populating never changes memory's contents, so it may race the
 * compile's own writes; a range unmapped or moved in the meantime makes
 * madvise fail, which costs nothing.  The worker is detached and ends
 * with the process.  Not in the library: a runtime that links it gets
 * no thread it did not ask for.  Measured in docs/bench.md (session 7,
 * "Faulting in ahead").
 */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE   /* madvise, under musl's headers too */
#endif
#include "config.h"

#include "prefault.h"

#include <pthread.h>
#include <stdbool.h>
#include <sys/mman.h>

#include "arena.h"
#include "thread.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23   /* Linux 5.14 on; earlier ones refuse it */
#endif

#define STEP ((size_t)2 << 20)
#define QUEUE 64   /* ranges waiting: past it, the oldest is dropped */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static struct range {
	char *start;
	size_t len;
} queue[QUEUE];
/* queue[head % QUEUE] is the oldest range waiting, queue[(tail - 1) %
 * QUEUE] the newest, taken first: the compile is about to write it, while
 * an older one is in use already, faulted in by the compile itself or
 * not needed yet. */
static unsigned head, tail;
static bool started, failed;

static void *worker(void *arg)
{
	(void)arg;
	for (;;) {
		pthread_mutex_lock(&lock);
		while (head == tail)
			pthread_cond_wait(&wake, &lock);
		struct range r = queue[--tail % QUEUE];
		pthread_mutex_unlock(&lock);
		for (size_t off = 0; off < r.len; off += STEP) {
			size_t n = r.len - off < STEP ? r.len - off : STEP;
			if (madvise(r.start + off, n, MADV_POPULATE_WRITE) != 0)
				break;   /* gone, moved, or an old kernel */
		}
	}
	return NULL;
}

static void told(void *start, size_t len)
{
	pthread_mutex_lock(&lock);
	if (!started && !failed) {
		pthread_t t;
		if (vf_thread_start(&t, worker, NULL) == 0) {
			pthread_detach(t);
			started = true;
		} else {
			failed = true;
		}
	}
	if (started) {
		if (tail - head == QUEUE)
			head++;
		queue[tail++ % QUEUE] = (struct range){ start, len };
		pthread_cond_signal(&wake);
	}
	pthread_mutex_unlock(&lock);
}

void cli_prefault_expect(size_t input_bytes)
{
	if (input_bytes >= CLI_PREFAULT_FROM)
		vf_arena_set_map_hook(told);
}
