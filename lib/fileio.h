/*
 * fileio.h - whole-file reads and crash-safe writes.
 *
 * vf_file_write replaces a regular file atomically: it writes a temporary
 * file next to the target and puts it in place (keeping the old file's
 * mode) by exchanging the two and removing the old one, or by a rename,
 * so a failed or interrupted write never leaves a partial output file.  A symbolic link is written through: its target is
 * replaced, the link stays.  Devices and FIFOs are written in place,
 * never replaced; "-" is standard output.  A read-only file is refused.
 */
#ifndef VISAFIN_FILEIO_H
#define VISAFIN_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "visafin.h"

/* *data is malloc'ed with one extra NUL byte (not counted in *size). */
enum vf_status vf_file_read(const char *path, uint8_t **data, size_t *size,
                            struct vf_error *err);
/* Like vf_file_read, but a regular file of at least VF_FILE_MAP_MIN bytes
 * is mapped read-only (*mapped = its length, 0 when *data was read into
 * a malloc'ed buffer as by vf_file_read).  A mapped text has no NUL after
 * it.  The mapping shows the file as it is: a file truncated while
 * mapped raises SIGBUS on reading past its new end (the caller handles
 * that, cli/io.c); one rewritten meanwhile shows the new bytes.  Release
 * with vf_file_unmap. */
#define VF_FILE_MAP_MIN (1u << 20)
enum vf_status vf_file_map(const char *path, uint8_t **data, size_t *size,
                           size_t *mapped, struct vf_error *err);
void vf_file_unmap(uint8_t *data, size_t mapped);
enum vf_status vf_file_write(const char *path, const void *data, size_t size,
                             struct vf_error *err);
/* The same for an output made of pieces, written in order (no copy of
 * them into one buffer first). */
struct vf_piece {
	const void *data;
	size_t size;
};
enum vf_status vf_file_write_pieces(const char *path,
                                    const struct vf_piece *pc, size_t n,
                                    struct vf_error *err);
/* One look at an output path before writing it (lstat, and stat through
 * a symbolic link), for a caller that checks the file first (cli/io.c:
 * not one of the inputs) and then writes it with vf_file_write_probed:
 * the check and the write share the look.  "-" (standard output) is
 * never looked at: it probes as a file that does not exist. */
struct vf_out_probe {
	bool exists;        /* st holds the file (a link's target) */
	bool link;          /* the path is a symbolic link */
	struct stat st;
};
void vf_file_probe(const char *path, struct vf_out_probe *pr);
/* vf_file_write_pieces with the probe of path just taken. */
enum vf_status vf_file_write_probed(const char *path,
                                    const struct vf_out_probe *pr,
                                    const struct vf_piece *pc, size_t n,
                                    struct vf_error *err);
/* True when both paths exist and name the same file (device and inode). */
bool vf_file_same(const char *a, const char *b);

#endif
