/* fuzz_visaasm.c - libFuzzer harness: any text given to the .visaasm
 * parser must give a module or an input error with a line:col, never a
 * crash; a parsed module must print and write without crashing. */
#include <stdint.h>
#include <stdlib.h>

#include "visafin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vf_module *m = NULL;
	struct vf_error e = {0};
	struct vf_text t = {"fuzz.visaasm", (const char *)data, size};
	if (vf_read_visaasm(&t, 1, &m, &e) != VF_OK)
		return 0;
	char *text = NULL;
	size_t n;
	if (vf_print_visaasm(m, &text, &n, &e) == VF_OK)
		free(text);
	uint8_t *out;
	if (vf_write_isa(m, &out, &n, &e) == VF_OK)
		free(out);
	vf_module_free(m);
	return 0;
}
