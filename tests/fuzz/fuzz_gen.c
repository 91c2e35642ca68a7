/* fuzz_gen.c - libFuzzer harness: any bytes given to the .gen (ELF)
 * reader must give kernels or an input error, never a crash; kernels that
 * read must write again and read back the same count. */
#include <stdint.h>
#include <stdlib.h>

#include "visafin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vf_kernel_result *r = NULL;
	size_t n = 0;
	struct vf_error e = {0};
	if (vf_gen_read(data, size, "fuzz.gen", &r, &n, &e) != VF_OK)
		return 0;
	uint8_t *img;
	size_t len;
	if (vf_gen_write(r, n, &img, &len, &e) == VF_OK) {
		struct vf_kernel_result *back = NULL;
		size_t nb = 0;
		if (vf_gen_read(img, len, "rewritten.gen", &back, &nb, &e) != VF_OK ||
		    nb != n)
			abort();
		vf_kernel_results_free(back, nb);
		free(img);
	}
	vf_kernel_results_free(r, n);
	return 0;
}
