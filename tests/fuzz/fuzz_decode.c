/* fuzz_decode.c - libFuzzer harness for the Gen decoder and disassembler:
 * any bytes, for any platform (the first byte picks it), must decode or
 * give an input error, never crash; text that disassembles must assemble
 * again. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "platforms/platform.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned np;
	const struct plat_info *all = plat_all(&np);
	const struct plat_info *p = &all[data[0] % np];
	data++, size--;
	struct vf_error e = {0};
	for (size_t pc = 0; pc + 8 <= size; pc += 8) {
		struct gen_inst in;
		if (gen_decode(p, data, size, pc, "fuzz", &in, &e) == VF_OK) {
			struct gen_text t = {0};
			gen_format_inst(p, &in, &t);
			gen_text_free(&t);
		}
	}
	char *text = NULL;
	if (gen_disasm(p, data, size, "fuzz", &text, &e) == VF_OK) {
		uint8_t *bin = NULL;
		size_t n = 0;
		if (gen_assemble(p, text, strlen(text), "fuzz.asm", &bin, &n, &e) == VF_OK)
			free(bin);
		free(text);
	}
	return 0;
}
