/* thread.c - worker threads with a stack of a known size (thread.h). */
#include "thread.h"

int vf_thread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	int e = pthread_attr_init(&attr);
	if (e)
		return e;
	e = pthread_attr_setstacksize(&attr, VF_THREAD_STACK);
	if (!e)
		e = pthread_create(t, &attr, fn, arg);
	pthread_attr_destroy(&attr);
	return e;
}
