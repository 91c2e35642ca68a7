/*
 * cmd_fat.c - "visafin fat": add, replace, extract or remove the Gen
 * binary of one platform in a kernel's gen_binary_info.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "err.h"
#include "fileio.h"
#include "../encoder/gen.h"
#include "../platforms/platform.h"
#include "visa_model.h"
#include "../platforms/platform.h"

static const char fat_usage[] =
	"usage: visafin fat IN --platform P [--kernel NAME] "
	"(--add GEN | --replace GEN | --remove | --extract) -o OUT\n";

struct fat_args {
	const char *in, *out, *gen, *kernel;
	int platform;
	enum { FAT_NONE, FAT_ADD, FAT_REPLACE, FAT_REMOVE, FAT_EXTRACT } action;
};

static bool set_action(struct fat_args *a, int act)
{
	if (a->action != FAT_NONE) {
		fprintf(stderr, "visafin fat: give only one of --add, --replace, "
		        "--remove, --extract\n");
		return false;
	}
	a->action = act;
	return true;
}

static bool parse_fat(int argc, char **argv, struct fat_args *a)
{
	const char *pname = NULL;
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		bool more = i + 1 < argc;
		if (!strcmp(s, "--platform") && more)
			pname = argv[++i];
		else if (!strcmp(s, "--kernel") && more)
			a->kernel = argv[++i];
		else if (!strcmp(s, "-o") && more)
			a->out = argv[++i];
		else if (!strcmp(s, "--add") && more) {
			if (!set_action(a, FAT_ADD))
				return false;
			a->gen = argv[++i];
		} else if (!strcmp(s, "--replace") && more) {
			if (!set_action(a, FAT_REPLACE))
				return false;
			a->gen = argv[++i];
		} else if (!strcmp(s, "--remove")) {
			if (!set_action(a, FAT_REMOVE))
				return false;
		} else if (!strcmp(s, "--extract")) {
			if (!set_action(a, FAT_EXTRACT))
				return false;
		} else if (s[0] != '-' && !a->in)
			a->in = s;
		else {
			fprintf(stderr, "visafin fat: unexpected argument '%s'\n%s", s,
			        fat_usage);
			return false;
		}
	}
	if (!a->in || !pname || !a->out || a->action == FAT_NONE) {
		fputs(fat_usage, stderr);
		return false;
	}
	a->platform = vf_platform_from_name(pname);
	if (a->platform < 0) {
		fprintf(stderr, "visafin fat: unknown platform '%s' (%s)\n", pname,
		        plat_name_list());
		return false;
	}
	if (a->action != FAT_EXTRACT && cli_has_suffix(a->out, ".visaasm")) {
		fprintf(stderr, "visafin fat: %s: Gen binaries can only be stored "
		        "in a binary .isa object\n", a->out);
		return false;
	}
	return true;
}

static int pick_kernel(const struct vf_module *m, const char *name,
                       struct vf_error *err)
{
	if (!name) {
		if (m->kernel_count == 1)
			return 0;
		vf_err(err, VF_ERR_INPUT, "the object has %u kernels: choose one "
		       "with --kernel NAME", m->kernel_count);
		return -1;
	}
	for (unsigned i = 0; i < m->kernel_count; i++)
		if (!strcmp(m->kernels[i].name, name))
			return (int)i;
	vf_err(err, VF_ERR_INPUT, "no kernel named '%s'", name);
	return -1;
}

static enum vf_status run_fat(struct vf_module *m, const struct fat_args *a,
                              int k, struct vf_error *err)
{
	if (a->action == FAT_EXTRACT) {
		const struct vf_kernel_info *ki = &m->kernels[k];
		for (unsigned j = 0; j < ki->gen_count; j++)
			if (ki->gens[j].platform == a->platform)
				return cli_write(a->out, ki->gens[j].bytes,
				                     ki->gens[j].size, err);
		return vf_err(err, VF_ERR_INPUT, "kernel '%s' has no Gen binary for "
		              "%s", ki->name, vf_platform_name(a->platform));
	}
	enum vf_status st;
	if (a->action == FAT_REMOVE) {
		st = vf_module_set_gen(m, (unsigned)k, a->platform, VF_GEN_REMOVE,
		                       NULL, 0, err);
	} else {
		uint8_t *bytes;
		size_t size;
		st = cli_read(a->gen, &bytes, &size, err);
		if (st != VF_OK)
			return st;
		/* Only a decodable kernel for the platform goes into the object. */
		const struct plat_info *pl = plat_by_visa_code(a->platform);
		st = pl ? gen_check_kernel(pl, bytes, size, a->gen, err)
		        : vf_err(err, VF_ERR_INPUT, "no platform %d", a->platform);
		if (st != VF_OK) {
			free(bytes);
			return st;
		}
		st = vf_module_set_gen(m, (unsigned)k, a->platform,
		                       a->action == FAT_ADD ? VF_GEN_ADD
		                                            : VF_GEN_REPLACE,
		                       bytes, size, err);
		free(bytes);
	}
	return st == VF_OK ? cli_save(m, a->out, err) : st;
}

int cmd_fat(int argc, char **argv)
{
	struct fat_args a = { .action = FAT_NONE };
	if (!parse_fat(argc, argv, &a))
		return 2;
	struct vf_error err = { 0 };
	struct vf_module *m = NULL;
	int rc = 0;
	if (cli_load(&a.in, 1, false, &m, &err) != VF_OK) {
		rc = cli_fail(&err);
	} else {
		int k = pick_kernel(m, a.kernel, &err);
		if (k < 0 || run_fat(m, &a, k, &err) != VF_OK)
			rc = cli_fail(&err);
	}
	vf_module_free(m);
	return rc;
}
