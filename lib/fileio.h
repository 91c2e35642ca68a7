/*
 * fileio.h - whole-file reads and crash-safe writes.
 *
 * vf_file_write writes to a temporary file next to the target and renames
 * it into place, so a failed or interrupted write never leaves a partial
 * output file.
 */
#ifndef VISAFIN_FILEIO_H
#define VISAFIN_FILEIO_H

#include <stddef.h>
#include <stdint.h>

#include "visafin.h"

/* *data is malloc'ed with one extra NUL byte (not counted in *size). */
enum vf_status vf_file_read(const char *path, uint8_t **data, size_t *size,
                            struct vf_error *err);
enum vf_status vf_file_write(const char *path, const void *data, size_t size,
                             struct vf_error *err);

#endif
