/*
 * cache_blob.c - cache keys and cache entries as bytes (visafin.h,
 * docs/cache.md): vf_cache_key_texts, vf_cache_key_hex, vf_cache_pack,
 * vf_cache_unpack.  lib/cache.c stores these blobs in a directory; a
 * runtime with its own store keeps them itself.
 *
 * A blob (all numbers little-endian):
 *   0   8  magic "VFCACHE\n"
 *   8   4  entry format (VF_CACHE_FORMAT)
 *   12  4  0 (reserved)
 *   16 16  the key the entry was stored under
 *   32  8  size of the payload: the results as a .gen ELF image
 *          (vf_gen_write, docs/gen-file.md), which holds code and metadata
 *   40  8  size of the zlib stream that follows the header
 *   48  8  XXH3-64 of bytes 0..47 and the zlib stream
 *   56  .. the zlib stream
 * Unpacking checks every field before it trusts the payload, and the
 * payload goes through vf_gen_read's own checks after that.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "hash.h"
#include "zio.h"

#define VF_CACHE_FORMAT 1u
#define HEADER_SIZE 56
/* No finalized kernel comes near this; a larger size is corruption. */
#define MAX_PAYLOAD (1u << 30)

static const char magic[8] = { 'V', 'F', 'C', 'A', 'C', 'H', 'E', '\n' };

static void put_le(uint8_t *p, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le(const uint8_t *p, int bytes)
{
	uint64_t v = 0;
	for (int i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* Everything in the finalize options that changes the code.  A new
 * option that changes output must be hashed here. */
static void add_options(struct vf_hasher *h,
                        const struct vf_finalize_options *opt)
{
	uint8_t o[8];
	put_le(o, (uint32_t)(opt ? opt->platform : VF_PLATFORM_SKL), 4);
	put_le(o + 4, opt && opt->no_compaction ? 1 : 0, 4);
	vf_hasher_add_sized(h, o, sizeof o);
}

enum vf_status vf_cache_key_texts(const struct vf_text *texts, size_t count,
                                  const char *kernel,
                                  const struct vf_finalize_options *opt,
                                  struct vf_cache_key *key,
                                  struct vf_error *err)
{
	static const char tag[] = "visafin " PACKAGE_VERSION " cache key";
	struct vf_hasher *h = vf_hasher_new();
	if (!h)
		return vf_err_oom(err);
	uint8_t fmt[4];
	put_le(fmt, VF_CACHE_FORMAT, 4);
	vf_hasher_add_sized(h, tag, sizeof tag - 1);
	vf_hasher_add_sized(h, fmt, sizeof fmt);
	add_options(h, opt);
	/* "every kernel" and a kernel named "" must differ */
	uint8_t which = kernel ? 1 : 0;
	vf_hasher_add(h, &which, 1);
	if (kernel)
		vf_hasher_add_sized(h, kernel, strlen(kernel));
	uint8_t n[8];
	put_le(n, count, 8);
	vf_hasher_add(h, n, sizeof n);
	for (size_t i = 0; i < count; i++)
		vf_hasher_add_sized(h, texts[i].data, texts[i].size);
	vf_hasher_end(h, key->bytes);
	return VF_OK;
}

void vf_cache_key_hex(const struct vf_cache_key *key, char hex[33])
{
	static const char digits[] = "0123456789abcdef";
	for (int i = 0; i < VF_CACHE_KEY_SIZE; i++) {
		hex[2 * i] = digits[key->bytes[i] >> 4];
		hex[2 * i + 1] = digits[key->bytes[i] & 15];
	}
	hex[32] = 0;
}

static uint64_t checksum(const uint8_t *header, const uint8_t *z, size_t zn)
{
	return vf_hash64(z, zn, vf_hash64(header, 48, 0));
}

enum vf_status vf_cache_pack(const struct vf_cache_key *key,
                             const struct vf_kernel_result *r, size_t count,
                             uint8_t **blob, size_t *size,
                             struct vf_error *err)
{
	*blob = NULL;
	*size = 0;
	uint8_t *gen = NULL, *z = NULL;
	size_t gen_size = 0, zn = 0;
	enum vf_status st = vf_gen_write(r, count, &gen, &gen_size, err);
	if (st == VF_OK)
		st = vf_zcompress(gen, gen_size, &z, &zn, err);
	free(gen);
	if (st != VF_OK)
		return st;
	uint8_t *b = malloc(HEADER_SIZE + zn);
	if (!b) {
		free(z);
		return vf_err_oom(err);
	}
	memcpy(b, magic, 8);
	put_le(b + 8, VF_CACHE_FORMAT, 4);
	put_le(b + 12, 0, 4);
	memcpy(b + 16, key->bytes, VF_CACHE_KEY_SIZE);
	put_le(b + 32, gen_size, 8);
	put_le(b + 40, zn, 8);
	memcpy(b + HEADER_SIZE, z, zn);
	free(z);
	put_le(b + 48, checksum(b, b + HEADER_SIZE, zn), 8);
	*blob = b;
	*size = HEADER_SIZE + zn;
	return VF_OK;
}

enum vf_status vf_cache_unpack(const struct vf_cache_key *key,
                               const void *blob, size_t size,
                               struct vf_kernel_result **r, size_t *count,
                               struct vf_error *err)
{
	const uint8_t *b = blob;
	*r = NULL;
	*count = 0;
	if (size < HEADER_SIZE || memcmp(b, magic, 8))
		return vf_err(err, VF_ERR_INPUT, "cache entry: not a visafin cache "
		              "entry (%zu bytes)", size);
	if (get_le(b + 8, 4) != VF_CACHE_FORMAT || get_le(b + 12, 4))
		return vf_err(err, VF_ERR_INPUT, "cache entry: format %u, expected "
		              "%u", (unsigned)get_le(b + 8, 4), VF_CACHE_FORMAT);
	if (memcmp(b + 16, key->bytes, VF_CACHE_KEY_SIZE))
		return vf_err(err, VF_ERR_INPUT, "cache entry: stored under "
		              "another key");
	uint64_t payload = get_le(b + 32, 8), zn = get_le(b + 40, 8);
	if (zn != size - HEADER_SIZE || payload > MAX_PAYLOAD)
		return vf_err(err, VF_ERR_INPUT, "cache entry: sizes do not match "
		              "(%zu bytes, stream %llu, payload %llu)", size,
		              (unsigned long long)zn, (unsigned long long)payload);
	if (checksum(b, b + HEADER_SIZE, (size_t)zn) != get_le(b + 48, 8))
		return vf_err(err, VF_ERR_INPUT, "cache entry: checksum mismatch");
	uint8_t *gen = malloc(payload ? (size_t)payload : 1);
	if (!gen)
		return vf_err_oom(err);
	enum vf_status st = vf_zdecompress(b + HEADER_SIZE, (size_t)zn, gen,
	                                   (size_t)payload, err);
	if (st == VF_OK)
		st = vf_gen_read(gen, (size_t)payload, "cache entry", r, count, err);
	free(gen);
	return st;
}
