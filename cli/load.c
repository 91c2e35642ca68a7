/*
 * load.c - loading and saving modules for the command line (cli.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "err.h"
#include "fileio.h"
#include "prefault.h"

/* The format by the file's extension (.isa binary, .visaasm text), else by
 * its content (binary objects start with "CISA"). */
static bool is_binary(const char *path, const uint8_t *d, size_t n)
{
	if (cli_has_suffix(path, ".isa"))
		return true;
	if (cli_has_suffix(path, ".visaasm"))
		return false;
	return n >= 4 && memcmp(d, "CISA", 4) == 0;
}

/* X.visaasm -> X.f<k>.visaasm, unless X.visaasm is itself such a file. */
static char *sibling_path(const char *path, int k)
{
	size_t n = strlen(path) - strlen(".visaasm");
	char *s = malloc(n + 32);
	if (s)
		snprintf(s, n + 32, "%.*s.f%d.visaasm", (int)n, path, k);
	return s;
}

static bool is_function_text(const char *path)
{
	const char *dot = strrchr(path, '.');
	if (!dot || dot == path)
		return false;
	const char *p = dot - 1;
	while (p > path && p[0] >= '0' && p[0] <= '9')
		p--;
	return p < dot - 1 && p > path && p[0] == 'f' && p[-1] == '.';
}

static enum vf_status add_text(struct cli_inputs *ts, const char *path,
                               uint8_t *d, size_t size, size_t mapped,
                               struct vf_error *err)
{
	if (ts->n == CLI_MAX_TEXTS) {
		cli_unmap(d, mapped);
		return vf_err(err, VF_ERR_INPUT, "too many input texts (max %d)",
		              CLI_MAX_TEXTS);
	}
	ts->names[ts->n] = strdup(path);
	ts->data[ts->n] = d;
	ts->mapped[ts->n] = mapped;
	ts->texts[ts->n] = (struct vf_text){ ts->names[ts->n], (const char *)d,
	                                     size };
	ts->n++;
	return VF_OK;
}

static enum vf_status add_siblings(struct cli_inputs *ts, const char *path,
                                   bool map, struct vf_error *err)
{
	if (!cli_has_suffix(path, ".visaasm") || is_function_text(path))
		return VF_OK;
	for (int k = 0;; k++) {
		char *sp = sibling_path(path, k);
		if (!sp)
			return vf_err_oom(err);
		if (access(sp, R_OK) != 0) {
			free(sp);
			return VF_OK;
		}
		uint8_t *d;
		size_t size, mapped = 0;
		enum vf_status st = map ? cli_map(sp, &d, &size, &mapped, err)
		                    : cli_read(sp, &d, &size, err);
		if (st == VF_OK)
			st = add_text(ts, sp, d, size, mapped, err);
		free(sp);
		if (st != VF_OK)
			return st;
	}
}

enum vf_status cli_read_inputs(const char *const *paths, int n,
                               bool no_siblings, bool map,
                               struct cli_inputs *ts, struct vf_error *err)
{
	enum vf_status st = VF_OK;
	/* only the first n entries are ever read: not zeroing the 10 KB of
	 * tables saves their stack pages in every run */
	ts->n = 0;
	ts->binary = false;
	for (int i = 0; i < n && st == VF_OK; i++) {
		uint8_t *d;
		size_t size, mapped = 0;
		st = map ? cli_map(paths[i], &d, &size, &mapped, err)
		         : cli_read(paths[i], &d, &size, err);
		if (st != VF_OK)
			break;
		if (is_binary(paths[i], d, size) && n != 1) {
			cli_unmap(d, mapped);
			st = vf_err(err, VF_ERR_INPUT, "%s: a binary vISA object "
			            "must be the only input", paths[i]);
			break;
		}
		st = add_text(ts, paths[i], d, size, mapped, err);
		if (st == VF_OK && is_binary(paths[i], d, size)) {
			ts->binary = true;
			break;
		}
		if (st == VF_OK && !no_siblings && n == 1)
			st = add_siblings(ts, paths[i], map, err);
	}
	if (st != VF_OK)
		cli_inputs_free(ts);
	return st;
}

/* Defined by the musl command's allocator (cli/malloc_huge.c), which
 * gives a large run 2 MB pages; absent elsewhere (weak: then NULL). */
void cli_malloc_expect(size_t input_bytes) __attribute__((weak));

enum vf_status cli_parse_inputs(const struct cli_inputs *ts,
                                struct vf_module **out, struct vf_error *err)
{
	*out = NULL;
	size_t bytes = 0;
	for (size_t i = 0; i < ts->n; i++)
		bytes += ts->texts[i].size;
	if (cli_malloc_expect)
		cli_malloc_expect(bytes);
	cli_prefault_expect(bytes);
	if (ts->binary)
		return vf_read_isa(ts->data[0], ts->texts[0].size, ts->names[0],
		                   out, err);
	return vf_read_visaasm(ts->texts, ts->n, out, err);
}

void cli_inputs_free(struct cli_inputs *ts)
{
	for (size_t i = 0; i < ts->n; i++) {
		cli_unmap(ts->data[i], ts->mapped[i]);
		free(ts->names[i]);
	}
	ts->n = 0;
}

enum vf_status cli_load(const char *const *paths, int n, bool no_siblings,
                        struct vf_module **out, struct vf_error *err)
{
	struct cli_inputs ts;
	*out = NULL;
	enum vf_status st = cli_read_inputs(paths, n, no_siblings, true, &ts,
	                                    err);
	if (st != VF_OK)
		return st;
	st = cli_parse_inputs(&ts, out, err);
	cli_inputs_free(&ts);
	return st;
}

enum vf_status cli_save(const struct vf_module *m, const char *path,
                        struct vf_error *err)
{
	enum vf_status st;
	if (cli_has_suffix(path, ".visaasm")) {
		char *text;
		size_t size;
		st = vf_print_visaasm(m, &text, &size, err);
		if (st == VF_OK)
			st = cli_write(path, text, size, err);
		free(text);
		return st;
	}
	uint8_t *bin;
	size_t size;
	st = vf_write_isa(m, &bin, &size, err);
	if (st == VF_OK)
		st = cli_write(path, bin, size, err);
	free(bin);
	return st;
}
