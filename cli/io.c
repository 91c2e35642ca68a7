/*
 * io.c - the command's file reads and writes (cli.h): every file read is
 * remembered, so that an output that names one of the inputs (the same
 * file, also through a link) is refused instead of destroying the input.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "err.h"
#include "fileio.h"

#define MAX_INPUTS 512

/* The command is one process with one job: a plain table of the files it
 * read is enough (this is not library state). */
static struct { dev_t dev; ino_t ino; } inputs[MAX_INPUTS];
static size_t input_count;
static const char *first_input;

enum vf_status cli_read(const char *path, uint8_t **data, size_t *size,
                        struct vf_error *err)
{
	enum vf_status st = vf_file_read(path, data, size, err);
	struct stat sb;
	if (st == VF_OK && !first_input)
		first_input = path;
	if (st == VF_OK && input_count < MAX_INPUTS && stat(path, &sb) == 0 &&
	    S_ISREG(sb.st_mode)) {
		inputs[input_count].dev = sb.st_dev;
		inputs[input_count].ino = sb.st_ino;
		input_count++;
	}
	return st;
}

const char *cli_first_input(void)
{
	return first_input;
}

enum vf_status cli_write(const char *path, const void *data, size_t size,
                         struct vf_error *err)
{
	struct stat sb;
	if (strcmp(path, "-") && stat(path, &sb) == 0)
		for (size_t i = 0; i < input_count; i++)
			if (inputs[i].dev == sb.st_dev && inputs[i].ino == sb.st_ino)
				return vf_err(err, VF_ERR_INPUT, "%s: the output is one of "
				              "the inputs (refused: it would be replaced)",
				              path);
	return vf_file_write(path, data, size, err);
}
