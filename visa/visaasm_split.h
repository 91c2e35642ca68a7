/*
 * visaasm_split.h - the size from which vf_read_visaasm parses a text's
 * instructions on two threads (visa/visaasm_split.c).  For the command's
 * --split-parse and the tests; not a public header.
 */
#ifndef VISAFIN_VISAASM_SPLIT_H
#define VISAFIN_VISAASM_SPLIT_H

#include <stddef.h>

/* Texts with at least 'bytes' from their first instruction on are split
 * (default 1 MB); 0: none.  For the whole process, all threads. */
void va_split_set_min(size_t bytes);

#endif
