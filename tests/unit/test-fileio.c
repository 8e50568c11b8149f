// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fileio: whole files read up to a limit. Files of the limit and of one byte more,
 * empty files, files that never end (/dev/zero, a pipe kept open), pipes that grow the
 * buffer, and errors; the out-parameters must stay untouched on every failure.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"
#include "test-main.h"

struct scratch {
	char dir[64];
	char path[128];
};

static void scratch_file(struct scratch *s, const char *data, size_t size)
{
	FILE *f;

	snprintf(s->dir, sizeof(s->dir), "/tmp/test-fileio.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(s->dir));
	snprintf(s->path, sizeof(s->path), "%s/file", s->dir);
	f = fopen(s->path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(data, 1, size, f), size);
	ck_assert_int_eq(fclose(f), 0);
}

static void scratch_remove(struct scratch *s)
{
	ck_assert_int_eq(unlink(s->path), 0);
	ck_assert_int_eq(rmdir(s->dir), 0);
}

/* size bytes of a pattern that shows any byte misplaced */
static char *pattern(size_t size)
{
	char *data = malloc(size ? size : 1);
	size_t i;

	ck_assert_ptr_nonnull(data);
	for (i = 0; i < size; i++)
		data[i] = (char)('a' + (i * 7 + i / 251) % 26);
	return data;
}

START_TEST(test_limit_exactly)
{
	static const size_t sizes[] = { 1, 100, 4095, 4096, 4097, 70000 };
	size_t i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct scratch s;
		char *expected = pattern(sizes[i]), *data = NULL;
		size_t size = 0;

		scratch_file(&s, expected, sizes[i]);
		/* at the limit: all of it, NUL-terminated */
		ck_assert_int_eq(fileio_read_path(s.path, sizes[i], &data, &size), 0);
		ck_assert_uint_eq(size, sizes[i]);
		ck_assert_mem_eq(data, expected, size);
		ck_assert_int_eq(data[size], '\0');
		free(data);
		/* one byte under it: too large, and nothing returned */
		data = (char *)&data;
		size = 12345;
		ck_assert_int_eq(fileio_read_path(s.path, sizes[i] - 1, &data, &size), -EFBIG);
		ck_assert_ptr_eq(data, (char *)&data);
		ck_assert_uint_eq(size, 12345);
		/* far above it */
		data = NULL;
		ck_assert_int_eq(fileio_read_path(s.path, 4 * 1024 * 1024, &data, &size), 0);
		ck_assert_uint_eq(size, sizes[i]);
		ck_assert_mem_eq(data, expected, size);
		free(data);
		free(expected);
		scratch_remove(&s);
	}
}
END_TEST

START_TEST(test_empty)
{
	struct scratch s;
	char *data = NULL;
	size_t size = 99;

	scratch_file(&s, "", 0);
	ck_assert_int_eq(fileio_read_path(s.path, 0, &data, &size), 0);
	ck_assert_uint_eq(size, 0);
	ck_assert_str_eq(data, "");
	free(data);
	scratch_remove(&s);
}
END_TEST

/* A NUL inside the data is data: the size says where the file ends. */
START_TEST(test_binary)
{
	static const char bytes[] = { 0x7f, 'E', 'L', 'F', 0, 0, 1, 0 };
	struct scratch s;
	char *data = NULL;
	size_t size = 0;

	scratch_file(&s, bytes, sizeof(bytes));
	ck_assert_int_eq(fileio_read_path(s.path, sizeof(bytes), &data, &size), 0);
	ck_assert_uint_eq(size, sizeof(bytes));
	ck_assert_mem_eq(data, bytes, sizeof(bytes));
	free(data);
	scratch_remove(&s);
}
END_TEST

/* /dev/zero never ends: the limit stops it. */
START_TEST(test_endless)
{
	char *data = NULL;
	size_t size = 0;

	ck_assert_int_eq(fileio_read_path("/dev/zero", 100000, &data, &size), -EFBIG);
	ck_assert_ptr_null(data);
}
END_TEST

/* A pipe has no size to start from: the buffer grows, and the limit still holds. */
START_TEST(test_pipe)
{
	size_t count = 50000, size = 0;	/* less than a pipe holds: no writer thread */
	char *expected = pattern(count), *data = NULL;
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], expected, count), (ssize_t)count);
	ck_assert_int_eq(close(fds[1]), 0);
	ck_assert_int_eq(fileio_read_fd(fds[0], count, &data, &size), 0);
	ck_assert_uint_eq(size, count);
	ck_assert_mem_eq(data, expected, count);
	ck_assert_int_eq(data[count], '\0');
	free(data);
	close(fds[0]);

	/* the same bytes against a limit one byte short, writer still open */
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], expected, count), (ssize_t)count);
	data = NULL;
	ck_assert_int_eq(fileio_read_fd(fds[0], count - 1, &data, &size), -EFBIG);
	ck_assert_ptr_null(data);
	close(fds[0]);
	close(fds[1]);
	free(expected);
}
END_TEST

START_TEST(test_errors)
{
	char *data = (char *)&data;
	size_t size = 7;
	int fd;

	ck_assert_int_eq(fileio_read_path("/nonexistent/file", 100, &data, &size), -ENOENT);
	ck_assert_int_eq(fileio_read_path("/", 100, &data, &size), -EISDIR);
	fd = open("/dev/null", O_WRONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(fileio_read_fd(fd, 100, &data, &size), -EBADF);
	close(fd);
	ck_assert_int_eq(fileio_read_fd(-1, 100, &data, &size), -EBADF);
	ck_assert_int_eq(fileio_read_path("/dev/null", SIZE_MAX, &data, &size), -EINVAL);
	ck_assert_ptr_eq(data, (char *)&data);
	ck_assert_uint_eq(size, 7);
}
END_TEST

static Suite *fileio_suite(void)
{
	Suite *s = suite_create("fileio");
	TCase *tc;

	tc = tcase_create("limits");
	tcase_add_test(tc, test_limit_exactly);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_binary);
	tcase_add_test(tc, test_endless);
	tcase_add_test(tc, test_pipe);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_test(tc, test_errors);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = fileio_suite);
