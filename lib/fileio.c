/* fileio.c - whole-file reads and atomic writes (see fileio.h). */
#include "fileio.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"

enum vf_status vf_file_read(const char *path, uint8_t **data, size_t *size,
                            struct vf_error *err)
{
	*data = NULL;
	*size = 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		return vf_err(err, VF_ERR_IO, "%s: cannot open: %s", path,
		              strerror(errno));
	size_t cap = 1 << 16, len = 0;
	uint8_t *buf = malloc(cap);
	while (buf) {
		if (cap - len < 2) {
			uint8_t *nb = cap < SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap *= 2;
		}
		size_t n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (n == 0)
			break;
	}
	int rerr = ferror(f);
	fclose(f);
	if (!buf)
		return vf_err_oom(err);
	if (rerr) {
		free(buf);
		return vf_err(err, VF_ERR_IO, "%s: read error", path);
	}
	buf[len] = 0;
	*data = buf;
	*size = len;
	return VF_OK;
}

/* umask() can only be read by setting it: done once, before any other
 * thread of this process writes a file through here (threads of
 * vf_finalize_all and the batch command write their outputs in turn). */
static mode_t umask_value;
static pthread_once_t umask_once = PTHREAD_ONCE_INIT;

static void read_umask(void)
{
	umask_value = umask(0);
	umask(umask_value);
}

static mode_t process_umask(void)
{
	pthread_once(&umask_once, read_umask);
	return umask_value;
}

enum vf_status vf_file_write(const char *path, const void *data, size_t size,
                             struct vf_error *err)
{
	size_t n = strlen(path);
	char *tmp = malloc(n + 16);
	if (!tmp)
		return vf_err_oom(err);
	snprintf(tmp, n + 16, "%s.tmpXXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		enum vf_status st = vf_err(err, VF_ERR_IO, "%s: cannot create: %s",
		                           path, strerror(errno));
		free(tmp);
		return st;
	}
	const uint8_t *p = data;
	size_t left = size;
	while (left) {
		ssize_t w = write(fd, p, left);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		p += w;
		left -= (size_t)w;
	}
	int saved = errno;
	/* Output files get the usual permissions, not mkstemp's 0600. */
	fchmod(fd, 0666 & ~process_umask());
	if (close(fd) != 0 && !left)
		left = 1, saved = errno;
	if (left || rename(tmp, path) != 0) {
		if (!left)
			saved = errno;
		unlink(tmp);
		free(tmp);
		return vf_err(err, VF_ERR_IO, "%s: write failed: %s", path,
		              strerror(saved));
	}
	free(tmp);
	return VF_OK;
}
