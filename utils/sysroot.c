// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "sysroot.h"

/* The root's length without its trailing slashes; 0 for none. */
static int root_length(const char *root)
{
	size_t len = root ? strlen(root) : 0;

	while (len && root[len - 1] == '/')
		len--;
	return len > INT_MAX ? INT_MAX : (int)len;	/* for "%.*s" */
}

int sysroot_path(const char *root, const char *path, char **ret_path)
{
	char *joined;

	if (asprintf(&joined, "%.*s%s", root_length(root), root ? root : "", path) < 0)
		return -ENOMEM;
	*ret_path = joined;
	return 0;
}

int sysroot_path_in(const char *root, const char *dir, const char *name, char **ret_path)
{
	char *joined;

	if (asprintf(&joined, "%.*s%s/%s", root_length(root), root ? root : "", dir,
		     name) < 0)
		return -ENOMEM;
	*ret_path = joined;
	return 0;
}

bool sysroot_is_regular_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}
