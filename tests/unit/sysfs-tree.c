// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysfs-tree.h"

static void die(const char *what, const char *path)
{
	fprintf(stderr, "sysfs-tree: %s %s: %s\n", what, path, strerror(errno));
	exit(99);	/* a hard error for the test harness, not a test failure */
}

static char *join(const char *root, const char *path)
{
	char *full;

	if (asprintf(&full, "%s%s", root, path) < 0)
		die("asprintf", path);
	return full;
}

char *sysfs_tree_new(void)
{
	const char *tmp = getenv("TMPDIR");
	char *root;

	if (asprintf(&root, "%s/irkit-sysfs-XXXXXX", tmp && tmp[0] ? tmp : "/tmp") < 0)
		die("asprintf", "");
	if (!mkdtemp(root))
		die("mkdtemp", root);
	return root;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

void sysfs_tree_free(char *root)
{
	if (!root)
		return;
	nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(root);
}

/* mkdir -p of full. */
static void make_dirs(char *full)
{
	char *slash;

	for (slash = strchr(full + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(full, 0755) && errno != EEXIST)
			die("mkdir", full);
		*slash = '/';
	}
	if (mkdir(full, 0755) && errno != EEXIST)
		die("mkdir", full);
}

static void make_parent(const char *full)
{
	char *copy = strdup(full);
	char *slash;

	if (!copy)
		die("strdup", full);
	slash = strrchr(copy, '/');
	if (slash && slash != copy) {
		*slash = '\0';
		make_dirs(copy);
	}
	free(copy);
}

void sysfs_tree_mkdir(const char *root, const char *path)
{
	char *full = join(root, path);

	make_dirs(full);
	free(full);
}

void sysfs_tree_write(const char *root, const char *path, const char *content)
{
	char *full = join(root, path);
	FILE *f;

	make_parent(full);
	f = fopen(full, "w");
	if (!f || fputs(content, f) < 0 || fclose(f))
		die("write", full);
	free(full);
}

void sysfs_tree_symlink(const char *root, const char *path, const char *target)
{
	char *full = join(root, path);

	make_parent(full);
	if (symlink(target, full))
		die("symlink", full);
	free(full);
}

char *sysfs_tree_read(const char *root, const char *path)
{
	char *full = join(root, path);
	char *text = NULL;
	size_t size = 0;
	FILE *f = fopen(full, "r");

	if (!f || getdelim(&text, &size, '\0', f) < 0) {
		if (f && feof(f)) {
			fclose(f);
			free(full);
			return strdup("");
		}
		die("read", full);
	}
	fclose(f);
	free(full);
	return text;
}
