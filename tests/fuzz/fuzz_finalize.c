/* fuzz_finalize.c - libFuzzer harness for the whole finalize path: text
 * that parses must finalize into Gen code or fail with an error, never
 * crash, and the .gen image of what finalizes must read back.  The first
 * byte picks the platform; the rest is .visaasm text. */
#include <stdint.h>
#include <stdlib.h>

#include "visafin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const plats[] = { "skl", "bdw", "icllp", "tgllp" };
	if (size < 1)
		return 0;
	int plat = vf_platform_from_name(plats[data[0] % 4]);
	struct vf_module *m = NULL;
	struct vf_error e = {0};
	struct vf_text t = {"fuzz.visaasm", (const char *)data + 1, size - 1};
	if (vf_read_visaasm(&t, 1, &m, &e) != VF_OK)
		return 0;
	struct vf_finalize_options opt = { .platform = plat, .verify = 1 };
	struct vf_kernel_result *r = NULL;
	size_t n = 0;
	if (vf_finalize_all(m, &opt, &r, &n, &e) == VF_OK) {
		if (e.status == VF_ERR_INTERNAL)
			abort();
		uint8_t *img;
		size_t len;
		if (vf_gen_write(r, n, &img, &len, &e) == VF_OK) {
			struct vf_kernel_result *back = NULL;
			size_t nb = 0;
			if (vf_gen_read(img, len, "fuzz.gen", &back, &nb, &e) != VF_OK ||
			    nb != n)
				abort();  /* what we write must read back */
			vf_kernel_results_free(back, nb);
			free(img);
		}
		vf_kernel_results_free(r, n);
	} else if (e.status == VF_ERR_INTERNAL) {
		abort();  /* bad input is an input error, not an internal one */
	}
	vf_module_free(m);
	return 0;
}
