// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"

#define FIRST_BUFFER 4096

/*
 * The first buffer: a regular file's size, and room for the terminator and for the
 * read that finds its end (or its growth); else a page, doubled as needed.
 */
static size_t first_buffer_size(int fd, size_t max)
{
	struct stat st;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0 &&
	    (unsigned long long)st.st_size <= max)
		return (size_t)st.st_size + 2;
	return FIRST_BUFFER;
}

int fileio_read_fd(int fd, size_t max, char **ret_data, size_t *ret_size)
{
	size_t used = 0, size = first_buffer_size(fd, max);
	char *data, *bigger;
	ssize_t n;
	int ret;

	if (max > SIZE_MAX / 2)
		return -EINVAL;
	data = malloc(size);
	if (!data)
		return -ENOMEM;
	for (;;) {
		/* keep room for the terminator; read up to one byte past max */
		if (size - used < 2) {
			size_t want = size > max / 2 ? max + 2 : size * 2;

			bigger = realloc(data, want);
			if (!bigger) {
				ret = -ENOMEM;
				goto fail;
			}
			data = bigger;
			size = want;
		}
		n = read(fd, data + used, size - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			goto fail;
		}
		if (n == 0)
			break;
		used += (size_t)n;
		if (used > max) {
			ret = -EFBIG;
			goto fail;
		}
	}
	data[used] = '\0';
	*ret_data = data;
	*ret_size = used;
	return 0;
fail:
	free(data);
	return ret;
}

int fileio_read_path(const char *path, size_t max, char **ret_data, size_t *ret_size)
{
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = fileio_read_fd(fd, max, ret_data, ret_size);
	close(fd);
	return ret;
}
