/*
 * cmd_list.c - "visafin list IN": kernels and functions of an object with
 * their sizes and the Gen binaries each kernel carries.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "visa_model.h"

static void list_routine(const char *kind, const char *name,
                         const struct vf_routine *r)
{
	printf("%s %s: %u instructions, %u variables, %u labels, %u inputs%s\n",
	       kind, name, r->inst_count, r->var_count, r->label_count,
	       r->input_count,
	       r->layout == VF_LAYOUT_IGC ? " (IGC's short instruction layout)"
	                                  : "");
}

int cmd_list(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: visafin list IN\n");
		return 2;
	}
	struct vf_error err = { 0 };
	struct vf_module *m = NULL;
	const char *in = argv[1];
	if (cli_load(&in, 1, false, &m, &err) != VF_OK)
		return cli_fail(&err);
	printf("vISA %u.%u: %u kernel%s, %u function%s\n", m->major, m->minor,
	       m->kernel_count, m->kernel_count == 1 ? "" : "s",
	       m->function_count, m->function_count == 1 ? "" : "s");
	for (unsigned i = 0; i < m->kernel_count; i++) {
		const struct vf_kernel_info *k = &m->kernels[i];
		list_routine("kernel", k->name, &k->body);
		for (unsigned j = 0; j < k->gen_count; j++) {
			const char *p = vf_platform_name(k->gens[j].platform);
			if (p)
				printf("  gen %s: %u bytes\n", p, k->gens[j].size);
			else
				printf("  gen platform %u: %u bytes\n",
				       k->gens[j].platform, k->gens[j].size);
		}
	}
	for (unsigned i = 0; i < m->function_count; i++)
		list_routine("function", m->functions[i].name, &m->functions[i].body);
	vf_module_free(m);
	return 0;
}
