// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pathglob.h"

struct path_list {
	char **items;
	size_t count, capacity;
};

static void list_free(struct path_list *list)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		free(list->items[i]);
	free(list->items);
	memset(list, 0, sizeof(*list));
}

/* Takes path, freed on failure too. */
static int list_add(struct path_list *list, char *path)
{
	char **bigger;

	if (!path)
		return -ENOMEM;
	if (list->count == list->capacity) {
		size_t capacity = list->capacity ? list->capacity * 2 : 8;

		bigger = realloc(list->items, capacity * sizeof(*bigger));
		if (!bigger) {
			free(path);
			return -ENOMEM;
		}
		list->items = bigger;
		list->capacity = capacity;
	}
	list->items[list->count++] = path;
	return 0;
}

/* dir and name as one path: "" is the current directory, "/" the root. */
static int join(const char *dir, const char *name, size_t name_len, char **ret_path)
{
	size_t dir_len = strlen(dir);
	bool slash = dir_len && dir[dir_len - 1] != '/';
	char *path;

	if (dir_len + slash + name_len >= PATH_MAX)
		return -ENAMETOOLONG;
	path = malloc(dir_len + slash + name_len + 1);
	if (!path)
		return -ENOMEM;
	memcpy(path, dir, dir_len);
	if (slash)
		path[dir_len] = '/';
	memcpy(path + dir_len + slash, name, name_len);
	path[dir_len + slash + name_len] = '\0';
	*ret_path = path;
	return 0;
}

int pathglob_has_wildcard(const char *text)
{
	for (; *text; text++) {
		if (*text == '\\' && text[1])
			text++;
		else if (*text == '*' || *text == '?' || *text == '[')
			return 1;
	}
	return 0;
}

/* A component without a wildcard as fnmatch() would match it: backslashes undone. */
static size_t unescape(char *text)
{
	char *in = text, *out = text;

	for (; *in; in++) {
		if (*in == '\\' && in[1])
			in++;
		*out++ = *in;
	}
	*out = '\0';
	return (size_t)(out - text);
}

static int draw(struct pathglob *glob, unsigned long budget)
{
	return ++glob->work > budget ? -E2BIG : 0;
}

/* Every entry of each directory of from that component matches, into to. */
static int expand_wildcard(const struct path_list *from, const char *component,
			   unsigned long budget, struct pathglob *glob, struct path_list *to)
{
	struct dirent *entry;
	size_t i;
	DIR *dir;
	int ret = 0;

	for (i = 0; i < from->count && ret == 0; i++) {
		dir = opendir(from->items[i][0] ? from->items[i] : ".");
		if (!dir)
			continue;	/* not a directory, or not readable: as glob(3) */
		while (ret == 0 && (entry = readdir(dir))) {
			char *path;

			ret = draw(glob, budget);
			if (ret < 0 || !strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
				continue;
			if (fnmatch(component, entry->d_name, FNM_PERIOD) != 0)
				continue;
			ret = join(from->items[i], entry->d_name, strlen(entry->d_name), &path);
			if (ret == 0)
				ret = list_add(to, path);
		}
		closedir(dir);
	}
	return ret;
}

/* Each path of from with a literal component after it, into to. */
static int expand_literal(const struct path_list *from, const char *component,
			  size_t len, struct path_list *to)
{
	size_t i;
	char *path;
	int ret = 0;

	for (i = 0; i < from->count && ret == 0; i++) {
		ret = join(from->items[i], component, len, &path);
		if (ret == 0)
			ret = list_add(to, path);
	}
	return ret;
}

/* Keeps the paths that exist (a literal last component names no entry read). */
static int keep_existing(struct path_list *list, unsigned long budget, struct pathglob *glob)
{
	struct stat st;
	size_t i, kept = 0;
	int ret = 0;

	for (i = 0; i < list->count; i++) {
		if (ret == 0)
			ret = draw(glob, budget);
		if (ret == 0 && lstat(list->items[i], &st) == 0)
			list->items[kept++] = list->items[i];
		else
			free(list->items[i]);
	}
	list->count = kept;
	return ret;
}

static int compare_paths(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int pathglob_expand(const char *pattern, unsigned long budget, struct pathglob *ret)
{
	struct path_list paths = { 0 }, next = { 0 };
	const char *s = pattern, *slash;
	bool last_literal = true;
	char component[PATH_MAX];
	size_t len;
	int err;

	memset(ret, 0, sizeof(*ret));
	err = list_add(&paths, strdup(*pattern == '/' ? "/" : ""));
	while (err == 0 && *s) {
		while (*s == '/')
			s++;
		if (!*s)
			break;
		slash = strchr(s, '/');
		len = slash ? (size_t)(slash - s) : strlen(s);
		if (len >= sizeof(component)) {
			err = -ENAMETOOLONG;
			break;
		}
		memcpy(component, s, len);
		component[len] = '\0';
		s += len;
		last_literal = !pathglob_has_wildcard(component);
		if (last_literal)
			err = expand_literal(&paths, component, unescape(component), &next);
		else
			err = expand_wildcard(&paths, component, budget, ret, &next);
		list_free(&paths);
		paths = next;
		memset(&next, 0, sizeof(next));
	}
	if (err == 0 && last_literal)
		err = keep_existing(&paths, budget, ret);
	if (err < 0) {
		list_free(&paths);
		list_free(&next);
		return err;
	}
	if (paths.count > 1)
		qsort(paths.items, paths.count, sizeof(*paths.items), compare_paths);
	ret->paths = paths.items;
	ret->count = paths.count;
	return 0;
}

void pathglob_free(struct pathglob *glob)
{
	size_t i;

	for (i = 0; i < glob->count; i++)
		free(glob->paths[i]);
	free(glob->paths);
	glob->paths = NULL;
	glob->count = 0;
}
