/*
 * thread.h - starting the worker threads of a batch (finalizer/api.c,
 * cli/cmd_batch.c) with a stack of a known size.
 */
#ifndef VISAFIN_THREAD_H
#define VISAFIN_THREAD_H

#include <pthread.h>

/* Stack of every worker: what a main thread usually gets.  The parser
 * and the passes recurse (integer expressions nest up to 200 deep), and
 * the C library's default differs: glibc takes the stack limit (8 MB
 * here), musl (the command's, m4/vf_musl.m4) 128 KB.  Untouched pages
 * cost nothing. */
#define VF_THREAD_STACK ((size_t)8 << 20)

/* pthread_create with that stack: 0 or an error number. */
int vf_thread_start(pthread_t *t, void *(*fn)(void *), void *arg);

#endif
