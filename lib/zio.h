/*
 * zio.h - zlib compression of cache entries; lib/zio.c is the only file
 * that includes zlib.
 */
#ifndef VISAFIN_ZIO_H
#define VISAFIN_ZIO_H

#include <stddef.h>
#include <stdint.h>

#include "visafin.h"

/* Compress 'size' bytes; *out is malloc'ed, caller frees. */
enum vf_status vf_zcompress(const void *data, size_t size, uint8_t **out,
                            size_t *out_size, struct vf_error *err);
/* Decompress into exactly 'out_size' bytes at 'out'; anything else (bad
 * stream, shorter or longer result) is VF_ERR_INPUT. */
enum vf_status vf_zdecompress(const void *data, size_t size, void *out,
                              size_t out_size, struct vf_error *err);

#endif
