/*
 * cli.h - shared pieces of the visafin command: loading and saving
 * modules by file type, and the subcommands' entry points.
 */
#ifndef VISAFIN_CLI_H
#define VISAFIN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "visafin.h"

/* Load one module from 'n' input files.  A binary object (magic "CISA")
 * must come alone; texts are combined.  Unless 'no_siblings', a text
 * X.visaasm also pulls in X.f0.visaasm, X.f1.visaasm, ... (the stack-call
 * functions of the kernel, as the corpus stores them). */
enum vf_status cli_load(const char *const *paths, int n, bool no_siblings,
                        struct vf_module **out, struct vf_error *err);
/* The same in two steps, so that the bytes can be looked at (the cache
 * key) before they are parsed: the files cli_load reads, then the
 * module made of them.  A binary object is the one entry, 'binary' set. */
#define CLI_MAX_TEXTS 256
struct cli_inputs {
	struct vf_text texts[CLI_MAX_TEXTS];
	uint8_t *data[CLI_MAX_TEXTS];
	size_t mapped[CLI_MAX_TEXTS];   /* cli_map's length, 0: malloc'ed */
	char *names[CLI_MAX_TEXTS];
	size_t n;
	bool binary;
};
/* 'map': large inputs may be mapped (cli_map) rather than read, when
 * nothing needs the bytes kept as they were read (a cache key does). */
enum vf_status cli_read_inputs(const char *const *paths, int n,
                               bool no_siblings, bool map,
                               struct cli_inputs *in, struct vf_error *err);
enum vf_status cli_parse_inputs(const struct cli_inputs *in,
                                struct vf_module **out, struct vf_error *err);
void cli_inputs_free(struct cli_inputs *in);
/* Save by the extension of 'path': .visaasm text, anything else binary. */
enum vf_status cli_save(const struct vf_module *m, const char *path,
                        struct vf_error *err);
/* Whole-file read that remembers the file as an input. */
enum vf_status cli_read(const char *path, uint8_t **data, size_t *size,
                        struct vf_error *err);
/* cli_read that may map a large regular file instead (*mapped its
 * length, else 0); a truncation while mapped is an input error, not a
 * crash (io.c).  Release with cli_unmap. */
enum vf_status cli_map(const char *path, uint8_t **data, size_t *size,
                       size_t *mapped, struct vf_error *err);
void cli_unmap(uint8_t *data, size_t mapped);
/* vf_file_write (safe replace, links written through, "-" standard
 * output), refused when 'path' is a file this command read. */
enum vf_status cli_write(const char *path, const void *data, size_t size,
                         struct vf_error *err);
/* The same for an output made of pieces (fileio.h vf_file_write_pieces). */
struct vf_piece;
enum vf_status cli_write_pieces(const char *path, const struct vf_piece *pc,
                                size_t n, struct vf_error *err);
/* The first file cli_read read (the command's main input), or NULL. */
const char *cli_first_input(void);
/* cli_fail for errors of finalizing: the message names the input file. */
int cli_fail_input(const struct vf_error *err);
bool cli_has_suffix(const char *s, const char *suffix);
/* Prints "visafin: MSG" to stderr and returns the exit code for 'st'. */
int cli_fail(const struct vf_error *err);

/* The subcommands, one file each (cmd_NAME.c; dump is in cmd_convert.c):
 * argv[0] is the subcommand's name (the finalize spellings: its first
 * argument), the result the exit code. */
int cmd_convert(int argc, char **argv);
int cmd_dump(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_asm(int argc, char **argv);
int cmd_fat(int argc, char **argv);
int cmd_splice(int argc, char **argv);
int cmd_finalize(int argc, char **argv);

#endif
