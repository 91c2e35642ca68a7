/*
 * cache.c - the on-disk kernel cache (visafin.h, docs/cache.md):
 * vf_cache_open/close/get/put.  Entries are the blobs of cache_blob.c,
 * one file per key, DIR/<32 hex digits>.vfc.
 *
 * Many threads and processes may use one directory at once without a
 * lock: a writer fills DIR/.tmp-<key>-XXXXXX and renames it over the
 * entry (rename is atomic, so a reader sees a whole old file or a whole
 * new one); a reader checks the whole blob (magic, key, sizes, checksum,
 * zlib, .gen structure) and removes an entry that fails.  Recency is the
 * entry's mtime, refreshed on every hit; a writer that finds the
 * directory over its size removes the oldest entries.  Losing a race
 * only ever costs a recompile, never a wrong result.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "err.h"

#define DEFAULT_MAX_BYTES (256ull << 20)
/* An entry larger than this is not read (corrupt or foreign). */
#define MAX_ENTRY_BYTES (1ull << 30)
/* Temporary files older than this were left by a killed writer. */
#define STALE_TMP_SECONDS 3600
#define ENTRY_SUFFIX ".vfc"
#define ENTRY_NAME_LEN (32 + 4)

struct vf_cache {
	char *dir;
	uint64_t max_bytes;
};

/* mkdir -p; an existing directory is fine. */
static enum vf_status make_dirs(const char *dir, struct vf_error *err)
{
	char *p = strdup(dir);
	if (!p)
		return vf_err_oom(err);
	for (char *s = p + 1;; s++) {
		char c = *s;
		if (c != '/' && c != 0)
			continue;
		*s = 0;
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			enum vf_status st = vf_err(err, VF_ERR_IO, "cache %s: cannot "
			                           "create %s: %s", dir, p,
			                           strerror(errno));
			free(p);
			return st;
		}
		*s = c;
		if (!c)
			break;
	}
	free(p);
	struct stat sb;
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return vf_err(err, VF_ERR_IO, "cache %s: not a directory", dir);
	if (access(dir, R_OK | W_OK | X_OK) != 0)
		return vf_err(err, VF_ERR_IO, "cache %s: %s", dir, strerror(errno));
	return VF_OK;
}

static uint64_t env_max_bytes(void)
{
	const char *s = getenv("VISAFIN_CACHE_MAX");
	if (!s || !*s)
		return DEFAULT_MAX_BYTES;
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	switch (*end) {
	case 'k': case 'K': v <<= 10; end++; break;
	case 'm': case 'M': v <<= 20; end++; break;
	case 'g': case 'G': v <<= 30; end++; break;
	default: break;
	}
	return *end || !v ? DEFAULT_MAX_BYTES : v;
}

enum vf_status vf_cache_open(const char *dir, uint64_t max_bytes,
                             struct vf_cache **out, struct vf_error *err)
{
	*out = NULL;
	if (!dir || !*dir)
		dir = getenv("VISAFIN_CACHE_DIR");
	if (!dir || !*dir)
		return VF_OK;
	enum vf_status st = make_dirs(dir, err);
	if (st != VF_OK)
		return st;
	struct vf_cache *c = calloc(1, sizeof *c);
	if (!c || !(c->dir = strdup(dir))) {
		free(c);
		return vf_err_oom(err);
	}
	c->max_bytes = max_bytes ? max_bytes : env_max_bytes();
	*out = c;
	return VF_OK;
}

void vf_cache_close(struct vf_cache *c)
{
	if (!c)
		return;
	free(c->dir);
	free(c);
}

static char *entry_path(const struct vf_cache *c, const char *prefix,
                        const struct vf_cache_key *key, const char *suffix)
{
	char hex[33];
	vf_cache_key_hex(key, hex);
	size_t n = strlen(c->dir) + strlen(prefix) + strlen(suffix) + 40;
	char *p = malloc(n);
	if (p)
		snprintf(p, n, "%s/%s%s%s", c->dir, prefix, hex, suffix);
	return p;
}

static bool read_all(int fd, uint8_t *buf, size_t n)
{
	while (n) {
		ssize_t r = read(fd, buf, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		buf += r;
		n -= (size_t)r;
	}
	return true;
}

/* Remove a bad entry, but only the file we read: a writer may have
 * renamed a good one into its place meanwhile. */
static void remove_bad(const char *path, const struct stat *was)
{
	struct stat now;
	if (lstat(path, &now) == 0 && now.st_ino == was->st_ino &&
	    now.st_dev == was->st_dev)
		unlink(path);
}

/* The entry's bytes, or NULL (absent, unreadable or implausible; *bad
 * says the file should go).  *sb is the file read. */
static uint8_t *read_entry(const char *path, size_t *size, struct stat *sb,
                           bool *bad)
{
	*bad = false;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0) {
		/* a symlink or other non-file under our name is foreign */
		*bad = errno == ELOOP && lstat(path, sb) == 0;
		return NULL;
	}
	uint8_t *buf = NULL;
	if (fstat(fd, sb) != 0) {
		close(fd);
		return NULL;
	}
	if (!S_ISREG(sb->st_mode) || (uint64_t)sb->st_size > MAX_ENTRY_BYTES) {
		*bad = true;
	} else if ((buf = malloc(sb->st_size ? (size_t)sb->st_size : 1))) {
		*size = (size_t)sb->st_size;
		if (!read_all(fd, buf, *size)) {
			free(buf);
			buf = NULL;
			*bad = true;
		} else {
			/* recency for eviction: mtime of the last hit */
			futimens(fd, NULL);
		}
	}
	close(fd);
	return buf;
}

enum vf_status vf_cache_get(struct vf_cache *c, const struct vf_cache_key *key,
                            struct vf_kernel_result **r, size_t *count,
                            int *hit, struct vf_error *err)
{
	*r = NULL;
	*count = 0;
	*hit = 0;
	if (!c)
		return VF_OK;
	char *path = entry_path(c, "", key, ENTRY_SUFFIX);
	if (!path)
		return vf_err_oom(err);
	size_t size = 0;
	struct stat sb;
	bool bad;
	uint8_t *blob = read_entry(path, &size, &sb, &bad);
	enum vf_status st = VF_OK;
	if (blob) {
		struct vf_error local = { 0 };
		st = vf_cache_unpack(key, blob, size, r, count, &local);
		if (st == VF_OK) {
			*hit = 1;
		} else if (st == VF_ERR_MEMORY) {
			vf_err_oom(err);
		} else {
			bad = true;
			st = VF_OK;
		}
		free(blob);
	}
	if (bad)
		remove_bad(path, &sb);
	free(path);
	return st;
}

static bool write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w;
		n -= (size_t)w;
	}
	return true;
}

struct entry {
	char name[ENTRY_NAME_LEN + 1];
	struct timespec used;
	uint64_t size;
};

static int by_age(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	if (x->used.tv_sec != y->used.tv_sec)
		return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
	if (x->used.tv_nsec != y->used.tv_nsec)
		return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
	/* a total order (the name breaks ties): which of two entries used
	 * in the same instant goes first must not hang on the qsort */
	return strcmp(x->name, y->name);
}

static bool is_entry_name(const char *s)
{
	size_t n = strlen(s);
	if (n != ENTRY_NAME_LEN || strcmp(s + 32, ENTRY_SUFFIX))
		return false;
	for (int i = 0; i < 32; i++)
		if (!strchr("0123456789abcdef", s[i]))
			return false;
	return true;
}

/* Entries of the directory (and stale temporaries removed on the way);
 * false when out of memory or the directory cannot be read. */
static bool list_entries(const struct vf_cache *c, struct entry **out,
                         size_t *n, uint64_t *total)
{
	DIR *d = opendir(c->dir);
	if (!d)
		return false;
	size_t cap = 64;
	struct entry *e = malloc(cap * sizeof *e);
	*n = 0;
	*total = 0;
	time_t now = time(NULL);
	int dfd = dirfd(d);
	struct dirent *de;
	while (e && (de = readdir(d))) {
		struct stat sb;
		bool entry = is_entry_name(de->d_name);
		if (!entry && strncmp(de->d_name, ".tmp-", 5))
			continue;
		if (fstatat(dfd, de->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (!entry) {
			if (now - sb.st_mtime > STALE_TMP_SECONDS)
				unlinkat(dfd, de->d_name, 0);
			continue;
		}
		if (*n == cap) {
			struct entry *ne = realloc(e, 2 * cap * sizeof *e);
			if (!ne) {
				free(e);
				e = NULL;
				break;
			}
			e = ne;
			cap *= 2;
		}
		memcpy(e[*n].name, de->d_name, ENTRY_NAME_LEN + 1);
		e[*n].used = sb.st_mtim;
		e[*n].size = (uint64_t)sb.st_size;
		*total += e[*n].size;
		(*n)++;
	}
	closedir(d);
	*out = e;
	return e != NULL;
}

/* Least recently used first, down to 3/4 of the limit so that the next
 * few writes do not each scan and evict again. */
static void evict(const struct vf_cache *c)
{
	struct entry *e;
	size_t n;
	uint64_t total;
	if (!list_entries(c, &e, &n, &total))
		return;
	if (total > c->max_bytes) {
		qsort(e, n, sizeof *e, by_age);
		uint64_t goal = c->max_bytes / 4 * 3;
		size_t len = strlen(c->dir) + ENTRY_NAME_LEN + 2;
		char *path = malloc(len);
		for (size_t i = 0; path && i < n && total > goal; i++) {
			snprintf(path, len, "%s/%s", c->dir, e[i].name);
			if (unlink(path) == 0 || errno == ENOENT)
				total -= e[i].size;
		}
		free(path);
	}
	free(e);
}

enum vf_status vf_cache_put(struct vf_cache *c, const struct vf_cache_key *key,
                            const struct vf_kernel_result *r, size_t count,
                            struct vf_error *err)
{
	if (!c)
		return VF_OK;
	uint8_t *blob;
	size_t size;
	enum vf_status st = vf_cache_pack(key, r, count, &blob, &size, err);
	if (st != VF_OK)
		return st;
	char *path = entry_path(c, "", key, ENTRY_SUFFIX);
	char *tmp = entry_path(c, ".tmp-", key, "-XXXXXX");
	int fd = tmp && path ? mkstemp(tmp) : -1;
	if (!tmp || !path) {
		st = vf_err_oom(err);
	} else if (fd < 0) {
		st = vf_err(err, VF_ERR_IO, "cache %s: cannot create an entry: %s",
		            c->dir, strerror(errno));
	} else {
		bool ok = fchmod(fd, 0644) == 0 && write_all(fd, blob, size);
		int saved = errno;
		ok = close(fd) == 0 && ok;
		if (!ok || rename(tmp, path) != 0) {
			saved = ok ? errno : saved;
			unlink(tmp);
			st = vf_err(err, VF_ERR_IO, "cache %s: cannot write an entry: "
			            "%s", c->dir, strerror(saved));
		}
	}
	free(blob);
	free(tmp);
	free(path);
	if (st == VF_OK)
		evict(c);
	return st;
}
