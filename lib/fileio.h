/*
 * fileio.h - whole-file reads and crash-safe writes.
 *
 * vf_file_write replaces a regular file atomically: it writes a temporary
 * file next to the target and renames it into place (keeping the old
 * file's mode), so a failed or interrupted write never leaves a partial
 * output file.  A symbolic link is written through: its target is
 * replaced, the link stays.  Devices and FIFOs are written in place,
 * never replaced; "-" is standard output.  A read-only file is refused.
 */
#ifndef VISAFIN_FILEIO_H
#define VISAFIN_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "visafin.h"

/* *data is malloc'ed with one extra NUL byte (not counted in *size). */
enum vf_status vf_file_read(const char *path, uint8_t **data, size_t *size,
                            struct vf_error *err);
enum vf_status vf_file_write(const char *path, const void *data, size_t size,
                             struct vf_error *err);
/* True when both paths exist and name the same file (device and inode). */
bool vf_file_same(const char *a, const char *b);

#endif
