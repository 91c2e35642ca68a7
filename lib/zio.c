/* zio.c - zlib compression (zio.h); the only file that includes zlib. */
#include "zio.h"

#include <limits.h>
#include <stdlib.h>
#include <zlib.h>

#include "err.h"

enum vf_status vf_zcompress(const void *data, size_t size, uint8_t **out,
                            size_t *out_size, struct vf_error *err)
{
	*out = NULL;
	*out_size = 0;
	if (size > ULONG_MAX / 2)
		return vf_err(err, VF_ERR_UNSUPPORTED, "%zu bytes are too many to "
		              "compress", size);
	uLongf cap = compressBound((uLong)size);
	uint8_t *buf = malloc(cap ? cap : 1);
	if (!buf)
		return vf_err_oom(err);
	int z = compress2(buf, &cap, data, (uLong)size, Z_DEFAULT_COMPRESSION);
	if (z != Z_OK) {
		free(buf);
		return z == Z_MEM_ERROR ? vf_err_oom(err)
		       : vf_err(err, VF_ERR_INTERNAL, "zlib compress2 failed (%d)", z);
	}
	*out = buf;
	*out_size = cap;
	return VF_OK;
}

enum vf_status vf_zdecompress(const void *data, size_t size, void *out,
                              size_t out_size, struct vf_error *err)
{
	if (size > ULONG_MAX || out_size > ULONG_MAX)
		return vf_err(err, VF_ERR_INPUT, "compressed data too large");
	uLongf got = (uLongf)out_size;
	uLong used = (uLong)size;
	/* uncompress2 also reports how much input it consumed: trailing
	 * bytes after the stream are as wrong as a short stream. */
	int z = uncompress2(out, &got, data, &used);
	if (z == Z_MEM_ERROR)
		return vf_err_oom(err);
	if (z != Z_OK || got != out_size || used != size)
		return vf_err(err, VF_ERR_INPUT, "bad compressed data (zlib %d, "
		              "%lu of %zu bytes)", z, (unsigned long)got, out_size);
	return VF_OK;
}
