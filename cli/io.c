/*
 * io.c - the command's file reads and writes (cli.h): every file read is
 * remembered, so that an output that names one of the inputs (the same
 * file, also through a link) is refused instead of destroying the input.
 *
 * Large inputs may be mapped instead of read (cli_map).  A mapped file
 * that someone truncates while we read it makes the read past its new
 * end raise SIGBUS; the handler here turns that into an input error
 * ("changed while being read", exit code 1) instead of a crash.  Nothing
 * is written while an input is mapped (cli_load and the finalize command
 * drop the texts once parsed), so no output is left half-written.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "err.h"
#include "fileio.h"

#define MAX_INPUTS 512

/* The command is one process with one job: a plain table of the files it
 * read is enough (this is not library state). */
static struct { dev_t dev; ino_t ino; } inputs[MAX_INPUTS];
static size_t input_count;
static const char *first_input;

/* The live mappings, for the SIGBUS handler (read there without locks:
 * one thread maps, parses and unmaps; batch mode, whose threads load
 * inputs at once, reads them instead: cmd_finalize.c fin_one). */
#define MAX_MAPS 8
static struct { const uint8_t *base; size_t len; char msg[320]; } maps[MAX_MAPS];

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	const uint8_t *at = si->si_addr;
	for (size_t i = 0; i < MAX_MAPS; i++)
		if (maps[i].len && at >= maps[i].base &&
		    at < maps[i].base + maps[i].len) {
			ssize_t n = write(STDERR_FILENO, maps[i].msg,
			                  strlen(maps[i].msg));
			(void)n;
			_exit(1);
		}
	/* Not ours: the default action, when the fault happens again. */
	signal(sig, SIG_DFL);
}

/* A slot for a new mapping of 'path' (the handler installed once), or -1:
 * then the file is read instead. */
static int map_slot(const char *path)
{
	static bool installed;
	if (!installed) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGBUS, &sa, NULL) != 0)
			return -1;
		installed = true;
	}
	for (int i = 0; i < MAX_MAPS; i++)
		if (!maps[i].len) {
			snprintf(maps[i].msg, sizeof maps[i].msg, "visafin: %.256s: "
			         "the file changed (was truncated) while being "
			         "read\n", path);
			return i;
		}
	return -1;
}

static void remember_input(const char *path)
{
	struct stat sb;
	if (!first_input)
		first_input = path;
	if (input_count < MAX_INPUTS && stat(path, &sb) == 0 &&
	    S_ISREG(sb.st_mode)) {
		inputs[input_count].dev = sb.st_dev;
		inputs[input_count].ino = sb.st_ino;
		input_count++;
	}
}

enum vf_status cli_map(const char *path, uint8_t **data, size_t *size,
                       size_t *mapped, struct vf_error *err)
{
	int slot = map_slot(path);
	enum vf_status st = slot < 0 ? vf_file_read(path, data, size, err)
	                    : vf_file_map(path, data, size, mapped, err);
	if (slot < 0)
		*mapped = 0;
	if (st != VF_OK)
		return st;
	if (*mapped) {
		maps[slot].base = *data;
		maps[slot].len = *mapped;
	}
	remember_input(path);
	return VF_OK;
}

void cli_unmap(uint8_t *data, size_t mapped)
{
	for (int i = 0; mapped && i < MAX_MAPS; i++)
		if (maps[i].len && maps[i].base == data)
			maps[i].len = 0;
	vf_file_unmap(data, mapped);
}

enum vf_status cli_read(const char *path, uint8_t **data, size_t *size,
                        struct vf_error *err)
{
	enum vf_status st = vf_file_read(path, data, size, err);
	if (st == VF_OK)
		remember_input(path);
	return st;
}

const char *cli_first_input(void)
{
	return first_input;
}

enum vf_status cli_write_pieces(const char *path, const struct vf_piece *pc,
                                size_t n, struct vf_error *err)
{
	/* one look at the path for this check and the write */
	struct vf_out_probe pr;
	vf_file_probe(path, &pr);
	for (size_t i = 0; pr.exists && i < input_count; i++)
		if (inputs[i].dev == pr.st.st_dev && inputs[i].ino == pr.st.st_ino)
			return vf_err(err, VF_ERR_INPUT, "%s: the output is one of "
			              "the inputs (refused: it would be replaced)",
			              path);
	return vf_file_write_probed(path, &pr, pc, n, err);
}

enum vf_status cli_write(const char *path, const void *data, size_t size,
                         struct vf_error *err)
{
	struct vf_piece one = { data, size };
	return cli_write_pieces(path, &one, 1, err);
}
