/* fileio.c - whole-file reads and safe writes (see fileio.h). */
/* realpath() is an X/Open function, MAP_POPULATE Linux's */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

#include "err.h"

/* Reads the rest of fd into a buffer of 'cap' bytes to start with (cap >
 * 1), growing it as needed; 0 or an errno value (-1: out of memory). */
static int read_all(int fd, size_t cap, uint8_t **data, size_t *size)
{
	size_t len = 0;
	uint8_t *buf = malloc(cap);
	while (buf) {
		if (cap - len < 2) {
			uint8_t *nb = cap < SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
			if (!nb)
				break;
			buf = nb;
			cap *= 2;
		}
		ssize_t n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			free(buf);
			return e;
		}
		if (n == 0) {
			buf[len] = 0;
			*data = buf;
			*size = len;
			return 0;
		}
		len += (size_t)n;
	}
	free(buf);
	return -1;
}

/* Reads the open file fd (closing it) into a malloc'ed buffer. */
static enum vf_status read_fd(const char *path, int fd, uint8_t **data,
                              size_t *size, struct vf_error *err)
{
	/* A regular file is read into a buffer of its size (plus the NUL and
	 * one byte to see the end in the same read); anything else, or a
	 * file that grows meanwhile, into a buffer that doubles. */
	struct stat st;
	size_t cap = 1 << 16;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uintmax_t)st.st_size < SIZE_MAX / 4)
		cap = (size_t)st.st_size + 2;
	int e = read_all(fd, cap, data, size);
	close(fd);
	if (e < 0)
		return vf_err_oom(err);
	if (e)
		return vf_err(err, VF_ERR_IO, "%s: read error: %s", path,
		              strerror(e));
	return VF_OK;
}

static int open_input(const char *path, struct vf_error *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		vf_err(err, VF_ERR_IO, "%s: cannot open: %s", path,
		       strerror(errno));
	return fd;
}

enum vf_status vf_file_read(const char *path, uint8_t **data, size_t *size,
                            struct vf_error *err)
{
	*data = NULL;
	*size = 0;
	int fd = open_input(path, err);
	return fd < 0 ? VF_ERR_IO : read_fd(path, fd, data, size, err);
}

enum vf_status vf_file_map(const char *path, uint8_t **data, size_t *size,
                           size_t *mapped, struct vf_error *err)
{
	*data = NULL;
	*size = 0;
	*mapped = 0;
	int fd = open_input(path, err);
	if (fd < 0)
		return VF_ERR_IO;
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size >= VF_FILE_MAP_MIN &&
	    (uintmax_t)st.st_size < SIZE_MAX / 4) {
		/* MAP_POPULATE maps every page now, in one call: no fault a
		 * page later, no page cleared and no copy (what read() into a
		 * fresh buffer costs). */
		size_t len = (size_t)st.st_size;
		void *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_POPULATE,
		               fd, 0);
		if (p != MAP_FAILED) {
			close(fd);
			*data = p;
			*size = len;
			*mapped = len;
			return VF_OK;
		}
	}
	return read_fd(path, fd, data, size, err);
}

void vf_file_unmap(uint8_t *data, size_t mapped)
{
	if (mapped)
		munmap(data, mapped);
	else
		free(data);
}

/* Writes all of 'size' bytes to fd; 0 or an errno value. */
static int write_all(int fd, const uint8_t *p, size_t size)
{
	while (size) {
		ssize_t w = write(fd, p, size);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return errno;
		if (w == 0)
			return EIO;
		p += w;
		size -= (size_t)w;
	}
	return 0;
}

/* Writes the pieces in order; 0 or an errno value. */
static int write_pieces(int fd, const struct vf_piece *pc, size_t n)
{
	int e = 0;
	for (size_t i = 0; i < n && !e; i++)
		e = write_all(fd, pc[i].data, pc[i].size);
	return e;
}

/* Devices, FIFOs, sockets and standard output are written in place: they
 * cannot be replaced by a rename, and replacing them is never wanted. */
static enum vf_status write_in_place(const char *path, int fd,
                                     const struct vf_piece *pc, size_t n,
                                     struct vf_error *err)
{
	bool own = fd < 0;
	if (own)
		fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return vf_err(err, VF_ERR_IO, "%s: cannot open: %s", path,
		              strerror(errno));
	int e = write_pieces(fd, pc, n);
	if (own && close(fd) != 0 && !e)
		e = errno;
	if (e)
		return vf_err(err, VF_ERR_IO, "%s: write failed: %s", path,
		              strerror(e));
	return VF_OK;
}

/* The file a path names after following symbolic links, so that writing
 * through a link replaces the link's target and keeps the link.  NULL on
 * out of memory; a path whose links do not resolve is returned as is. */
static char *resolve(const char *path)
{
	char *real = realpath(path, NULL);
	return real ? real : strdup(path);
}

/* A new file next to 'target' with a name no one else uses, created with
 * 'mode' (the umask applies, as for any new file).  The name's seed needs
 * no system call: the addresses (randomized per process) and the clock
 * differ between processes, a counter between calls, and O_EXCL turns
 * any clash into one more try. */
static int create_temp(const char *target, mode_t mode, char **tmp_out)
{
	static _Atomic unsigned long calls;
	size_t n = strlen(target);
	char *tmp = malloc(n + 24);
	if (!tmp)
		return -1;
	static const char digits[] = "0123456789abcdefghijklmnopqrstuv";
	unsigned long seed = (unsigned long)time(NULL) ^
	                     (unsigned long)(uintptr_t)tmp ^
	                     ((unsigned long)(uintptr_t)&n << 7) ^
	                     (++calls * 0x9E3779B97F4A7C15ull);
	for (int attempt = 0; attempt < 100; attempt++) {
		char suffix[8];
		for (int i = 0; i < 7; i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			suffix[i] = digits[(seed >> 33) & 31];
		}
		suffix[7] = 0;
		snprintf(tmp, n + 24, "%s.tmp%s", target, suffix);
		/* openat: musl's open() adds an fcntl for O_CLOEXEC */
		int fd = openat(AT_FDCWD, tmp, O_WRONLY | O_CREAT | O_EXCL |
		                O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST) {
			*tmp_out = tmp;
			return fd;
		}
	}
	free(tmp);
	errno = EEXIST;
	return -1;
}

/* Puts the written temporary tmp in the place of target (which exists
 * when 'exists'); 0 or an errno value.  An existing target is exchanged
 * with the temporary (renameat2 RENAME_EXCHANGE, atomic as a rename is),
 * and the temporary, now the old file, removed.  Why not rename over
 * it: ext4 (auto_da_alloc, the default) then starts writing the new file
 * to disk at once, and the next run, which replaces that output again,
 * waits in its rename for the write to finish before it can free the
 * file: 3-5 ms for a 2.5 MB output on this VM, 0.2 ms exchanged (the
 * kernel writes the file out later, and removing it before that is
 * cheap).  Killed between the two steps, a run leaves the old file as
 * the temporary.  Where exchanging is not supported, a rename. */
static int put_in_place(const char *tmp, const char *target, bool exists)
{
#if defined(__linux__) && defined(SYS_renameat2)
	if (exists && syscall(SYS_renameat2, AT_FDCWD, tmp, AT_FDCWD, target,
	                      2 /* RENAME_EXCHANGE */) == 0) {
		(void)unlink(tmp);
		return 0;
	}
#else
	(void)exists;
#endif
	return rename(tmp, target) != 0 ? errno : 0;
}

enum vf_status vf_file_write(const char *path, const void *data, size_t size,
                             struct vf_error *err)
{
	struct vf_piece one = { data, size };
	return vf_file_write_pieces(path, &one, 1, err);
}

void vf_file_probe(const char *path, struct vf_out_probe *pr)
{
	*pr = (struct vf_out_probe){ 0 };
	if (!strcmp(path, "-"))
		return;   /* standard output: nothing to look at */
	/* lstat first: only a symbolic link needs resolving, so a new or
	 * regular file (every output but a link) costs no realpath (a getcwd
	 * and a readlink per component). */
	pr->exists = lstat(path, &pr->st) == 0;
	pr->link = pr->exists && S_ISLNK(pr->st.st_mode);
	if (pr->link)
		pr->exists = stat(path, &pr->st) == 0;
}

enum vf_status vf_file_write_pieces(const char *path,
                                    const struct vf_piece *pc, size_t n,
                                    struct vf_error *err)
{
	struct vf_out_probe pr;
	vf_file_probe(path, &pr);
	return vf_file_write_probed(path, &pr, pc, n, err);
}

/* Whether the existing file (st, with some write bit) may be replaced:
 * writable to us, as access(W_OK) says; 'mine' is the new temporary
 * file's status (its owner is us).  Answered from the mode bits where they decide: root,
 * and the file's owner (whose access is its owner bits alone, ACLs or
 * not); anyone else asks access(). */
static bool writable(const char *path, const struct stat *st,
                     const struct stat *mine)
{
	if (mine->st_uid == 0)
		return true;
	if (mine->st_uid == st->st_uid)
		return (st->st_mode & S_IWUSR) != 0;
	return access(path, W_OK) == 0;
}

enum vf_status vf_file_write_probed(const char *path,
                                    const struct vf_out_probe *pr,
                                    const struct vf_piece *pc, size_t n,
                                    struct vf_error *err)
{
	if (!strcmp(path, "-"))
		return write_in_place("standard output", STDOUT_FILENO, pc, n, err);
	const struct stat *st = &pr->st;
	bool exists = pr->exists, link = pr->link;
	if (exists && !S_ISREG(st->st_mode)) {
		if (S_ISDIR(st->st_mode))
			return vf_err(err, VF_ERR_IO, "%s: is a directory", path);
		return write_in_place(path, -1, pc, n, err);
	}
	if (exists && (st->st_mode & 0222) == 0)
		return vf_err(err, VF_ERR_IO, "%s: the file is read-only", path);
	char *resolved = link ? resolve(path) : NULL;
	if (link && !resolved)
		return vf_err_oom(err);
	const char *target = link ? resolved : path;
	/* A new file gets 0666 less the umask, like any created file; an
	 * existing one keeps its mode. */
	char *tmp = NULL;
	int fd = create_temp(target, exists ? (st->st_mode & 07777) : 0666, &tmp);
	if (fd < 0) {
		int e = errno;
		free(tmp);
		free(resolved);
		return vf_err(err, VF_ERR_IO, "%s: cannot create: %s", path,
		              strerror(e));
	}
	int e = 0;
	if (exists) {
		/* the temporary's status: who we are (the read-only check)
		 * and what open() made of the mode (the umask applied) */
		struct stat mine;
		if (fstat(fd, &mine) != 0)
			e = errno;
		else if (!writable(path, st, &mine)) {
			close(fd);
			unlink(tmp);
			free(tmp);
			free(resolved);
			return vf_err(err, VF_ERR_IO, "%s: the file is read-only",
			              path);
		} else {
			/* restore the old mode and owner where they differ */
			if ((mine.st_mode & 07777) != (st->st_mode & 07777))
				(void)fchmod(fd, st->st_mode & 07777);
			if (mine.st_uid != st->st_uid || mine.st_gid != st->st_gid)
				(void)!fchown(fd, st->st_uid, st->st_gid);
		}
	}
	if (!e)
		e = write_pieces(fd, pc, n);
	if (close(fd) != 0 && !e)
		e = errno;
	if (!e)
		e = put_in_place(tmp, target, exists);
	if (e)
		unlink(tmp);
	free(tmp);
	free(resolved);
	if (e)
		return vf_err(err, VF_ERR_IO, "%s: write failed: %s", path,
		              strerror(e));
	return VF_OK;
}

bool vf_file_same(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
