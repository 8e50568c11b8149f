// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * main() for a fuzz target built without libFuzzer: feed it files, as "make check" does
 * with the committed seed corpus and every input that once crashed a target.
 *
 *   replay-NAME [FILE|DIR]...
 *
 * Without arguments: every file of $top_srcdir/tests/fuzz/corpus/NAME and of
 * $top_srcdir/tests/fuzz/regressions/NAME. A broken promise aborts (the test fails);
 * otherwise the closing line "replay-NAME: N passed, 0 failed" counts each regression
 * as a test, and the whole corpus as one (it is coverage, not N separate cases).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

#ifndef FUZZ_TARGET
#error "FUZZ_TARGET names the target (\"toml\", \"keymap\", ...)"
#endif

static int read_whole(const char *path, uint8_t **ret_data, size_t *ret_size)
{
	size_t size = 0, capacity = 4096;
	uint8_t *data = malloc(capacity), *bigger;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;
	ssize_t n;

	if (fd < 0 || !data) {
		ret = fd < 0 ? -errno : -ENOMEM;
		goto out;
	}
	for (;;) {
		if (size == capacity) {
			bigger = realloc(data, capacity * 2);
			if (!bigger) {
				ret = -ENOMEM;
				goto out;
			}
			data = bigger;
			capacity *= 2;
		}
		n = read(fd, data + size, capacity - size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			goto out;
		}
		if (n == 0)
			break;
		size += (size_t)n;
	}
	/* An exact-size copy, so that ASan sees a read past the end of the input. */
	bigger = malloc(size ? size : 1);
	if (!bigger) {
		ret = -ENOMEM;
		goto out;
	}
	memcpy(bigger, data, size);
	*ret_data = bigger;
	*ret_size = size;
out:
	if (fd >= 0)
		close(fd);
	free(data);
	return ret;
}

static int replay_file(const char *path, unsigned int *count)
{
	uint8_t *data = NULL;
	size_t size = 0;
	int ret = read_whole(path, &data, &size);

	if (ret < 0) {
		fprintf(stderr, "replay-%s: %s: %s\n", FUZZ_TARGET, path, strerror(-ret));
		return ret;
	}
	printf("%s\n", path);
	fflush(stdout);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	(*count)++;
	return 0;
}

/* The regular files of a directory, in name order (not recursive). */
static int replay_dir(const char *dir, unsigned int *count)
{
	struct dirent **entries = NULL;
	int ret = 0, found, k;

	found = scandir(dir, &entries, NULL, alphasort);
	if (found < 0)
		return errno == ENOENT ? 0 : -errno;
	for (k = 0; k < found; k++) {
		struct stat st;
		char *path = NULL;

		if (ret == 0 && entries[k]->d_name[0] != '.') {
			if (asprintf(&path, "%s/%s", dir, entries[k]->d_name) < 0) {
				path = NULL;
				ret = -ENOMEM;
			} else if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
				ret = replay_file(path, count);
			}
		}
		free(path);
		free(entries[k]);
	}
	free(entries);
	return ret;
}

static int replay_path(const char *path, unsigned int *count)
{
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return replay_dir(path, count);
	return replay_file(path, count);
}

int main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir");
	unsigned int count = 0;
	int ret = 0, i;

	if (argc > 1) {
		for (i = 1; ret == 0 && i < argc; i++)
			ret = replay_path(argv[i], &count);
	} else {
		static const char *const dirs[] = { "corpus", "regressions" };
		unsigned int in_dir[2] = { 0, 0 };
		char *dir;
		size_t d;

		if (!top)
			top = TOP_SRCDIR;
		for (d = 0; ret == 0 && d < sizeof(dirs) / sizeof(dirs[0]); d++) {
			if (asprintf(&dir, "%s/tests/fuzz/%s/%s", top, dirs[d], FUZZ_TARGET) < 0)
				return 99;
			/* A target may have no regressions yet. */
			ret = replay_dir(dir, &in_dir[d]);
			free(dir);
		}
		printf("replay-%s: corpus of %u files, %u regressions\n", FUZZ_TARGET, in_dir[0],
		       in_dir[1]);
		count = (in_dir[0] > 0) + in_dir[1];
	}
	printf("replay-%s: %u passed, %d failed\n", FUZZ_TARGET, count, ret < 0);
	return ret < 0 ? 99 : 0;
}
