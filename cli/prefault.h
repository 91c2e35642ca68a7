/*
 * prefault.h - the command's second thread faulting in, ahead of use,
 * the huge-page memory the arenas map in a large run (cli/prefault.c).
 */
#ifndef VISAFIN_CLI_PREFAULT_H
#define VISAFIN_CLI_PREFAULT_H

#include <stddef.h>

/* Inputs of this many bytes or more make a large run (the musl
 * allocator's LARGE_RUN, cli/malloc_huge.c, is the same size). */
#define CLI_PREFAULT_FROM ((size_t)16 << 20)

/* For inputs of 'input_bytes' in all: from CLI_PREFAULT_FROM on, the
 * arenas' fresh huge-page mappings are faulted in on a thread of their
 * own (started at the first one); below it, nothing changes. */
void cli_prefault_expect(size_t input_bytes);

#endif
