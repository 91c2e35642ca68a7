/* fuzz_isa.c - libFuzzer harness: any bytes given to the binary reader
 * must give a module or an input error, never a crash; a module that
 * reads must write and print without crashing, and what it writes must
 * read back. */
#include <stdint.h>
#include <stdlib.h>

#include "visafin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vf_module *m = NULL, *m2 = NULL;
	struct vf_error e = {0};
	if (vf_read_isa(data, size, "fuzz", &m, &e) != VF_OK)
		return 0;
	uint8_t *out;
	size_t n;
	if (vf_write_isa(m, &out, &n, &e) == VF_OK) {
		if (vf_read_isa(out, n, "rewritten", &m2, &e) != VF_OK)
			abort();  /* what we write must read back */
		vf_module_free(m2);
		free(out);
	}
	char *text = NULL;
	if (vf_print_visaasm(m, &text, &n, &e) == VF_OK)
		free(text);
	vf_module_free(m);
	return 0;
}
