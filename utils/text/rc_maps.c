// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "nls.h"
#include "rc_maps.h"
#include "sysroot.h"

#define RC_MAPS_FIELDS 3

void rc_maps_free(struct rc_maps *maps)
{
	size_t i;

	if (!maps)
		return;
	for (i = 0; i < maps->entry_count; i++) {
		free(maps->entries[i].driver);
		free(maps->entries[i].table);
		free(maps->entries[i].file);
	}
	free(maps->entries);
	free(maps->filename);
	free(maps);
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/*
 * Split a line into at most RC_MAPS_FIELDS + 1 fields (one more, to notice it); a field
 * starting with '#' starts a comment instead. Returns the number of fields.
 */
static size_t split_fields(const char *line, size_t len, const char *fields[],
			   size_t lengths[])
{
	size_t i = 0, count = 0;

	while (count <= RC_MAPS_FIELDS) {
		while (i < len && is_blank(line[i]))
			i++;
		if (i == len || line[i] == '#')
			break;
		fields[count] = line + i;
		while (i < len && !is_blank(line[i]))
			i++;
		lengths[count] = (size_t)(line + i - fields[count]);
		count++;
	}
	return count;
}

static int add_entry(struct rc_maps *maps, const char *fields[], const size_t lengths[],
		     unsigned int line)
{
	struct rc_maps_entry *entry, *bigger;

	bigger = realloc(maps->entries, (maps->entry_count + 1) * sizeof(*maps->entries));
	if (!bigger)
		return -ENOMEM;
	maps->entries = bigger;
	entry = &maps->entries[maps->entry_count];
	entry->driver = strndup(fields[0], lengths[0]);
	entry->table = strndup(fields[1], lengths[1]);
	entry->file = strndup(fields[2], lengths[2]);
	entry->line = line;
	maps->entry_count++;
	if (!entry->driver || !entry->table || !entry->file)
		return -ENOMEM;
	return 0;
}

static int parse_line(struct rc_maps *maps, const char *line, size_t len,
		      unsigned int number, struct ir_error *err)
{
	const char *fields[RC_MAPS_FIELDS + 1];
	size_t lengths[RC_MAPS_FIELDS + 1], count;

	if (memchr(line, '\0', len)) {
		ir_error_set_at(err, maps->filename, number, 0, _("unexpected NUL character"));
		return -EINVAL;
	}
	count = split_fields(line, len, fields, lengths);
	if (count == 0)
		return 0;
	if (count != RC_MAPS_FIELDS) {
		ir_error_set_at(err, maps->filename, number,
				(unsigned int)(fields[count - 1] - line) + 1, "%s",
				count > RC_MAPS_FIELDS ? _("expected 'DRIVER TABLE FILE', found more fields")
						       : _("expected 'DRIVER TABLE FILE'"));
		return -EINVAL;
	}
	if (add_entry(maps, fields, lengths, number) < 0) {
		ir_error_set_at(err, maps->filename, 0, 0, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	return 0;
}

static int too_large(const char *filename, struct ir_error *err)
{
	ir_error_set_at(err, filename, 0, 0, _("larger than %u bytes"),
			(unsigned int)RC_MAPS_FILE_MAX);
	return -EFBIG;
}

int rc_maps_load(const char *buf, size_t len, const char *filename,
		 struct rc_maps **ret_maps, struct ir_error *err)
{
	const char *p = buf, *end = buf + len, *newline;
	struct rc_maps *maps;
	unsigned int number = 0;
	int ret = 0;

	if (len > RC_MAPS_FILE_MAX)
		return too_large(filename ? filename : "", err);

	maps = calloc(1, sizeof(*maps));
	if (!maps || !(maps->filename = strdup(filename ? filename : ""))) {
		ir_error_set_at(err, filename ? filename : "", 0, 0, "%s", strerror(ENOMEM));
		free(maps);
		return -ENOMEM;
	}
	while (p < end) {
		newline = memchr(p, '\n', (size_t)(end - p));
		number++;
		ret = parse_line(maps, p, newline ? (size_t)(newline - p) : (size_t)(end - p),
				 number, err);
		if (ret < 0)
			goto out;
		p = newline ? newline + 1 : end;
	}
	*ret_maps = maps;
	maps = NULL;
out:
	rc_maps_free(maps);
	return ret;
}

int rc_maps_load_file(const char *path, struct rc_maps **ret_maps, struct ir_error *err)
{
	char *buf = NULL;
	size_t len = 0;
	int ret;

	ret = fileio_read_path(path, RC_MAPS_FILE_MAX, &buf, &len);
	if (ret == -EFBIG)
		return too_large(path, err);
	if (ret < 0) {
		ir_error_set_at(err, path, 0, 0, "%s", strerror(-ret));
		return ret;
	}
	ret = rc_maps_load(buf, len, path, ret_maps, err);
	free(buf);
	return ret;
}

static char ascii_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

bool rc_maps_pattern_match(const char *pattern, const char *name)
{
	const char *star = NULL, *resume = NULL;

	/*
	 * On a mismatch after a '*', let that star swallow one more character and retry:
	 * linear in practice, and never recursive.
	 */
	while (*name) {
		if (*pattern == '*') {
			star = ++pattern;
			resume = name;
		} else if (*pattern == '?' || (*pattern && ascii_lower(*pattern) == ascii_lower(*name))) {
			pattern++;
			name++;
		} else if (star) {
			pattern = star;
			name = ++resume;
		} else {
			return false;
		}
	}
	while (*pattern == '*')
		pattern++;
	return *pattern == '\0';
}

int rc_maps_match(const struct rc_maps *maps, const char *driver, const char *table,
		  const struct rc_maps_entry ***ret_matches, size_t *ret_count)
{
	const struct rc_maps_entry **matches = NULL;
	size_t i, count = 0;

	for (i = 0; i < maps->entry_count; i++) {
		const struct rc_maps_entry *entry = &maps->entries[i];

		if (!rc_maps_pattern_match(entry->driver, driver ? driver : "") ||
		    !rc_maps_pattern_match(entry->table, table ? table : ""))
			continue;
		if (!matches) {
			matches = calloc(maps->entry_count, sizeof(*matches));
			if (!matches)
				return -ENOMEM;
		}
		matches[count++] = entry;
	}
	*ret_matches = matches;
	*ret_count = count;
	return 0;
}

int rc_maps_find_keymap(const char *root, const char *file, char **ret_path,
			struct ir_error *err)
{
	static const char *const dirs[] = { USERKEYMAPDIR, KEYMAPDIR };
	char *path = NULL, *places[2] = { NULL, NULL };
	size_t i;
	int ret = 0;

	if (file[0] == '/') {
		path = strdup(file);
		if (!path)
			return -ENOMEM;
		*ret_path = path;
		return 0;
	}
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		ret = sysroot_path_in(root, dirs[i], file, &places[i]);
		if (ret < 0)
			goto out;
		if (sysroot_is_regular_file(places[i])) {
			*ret_path = places[i];
			places[i] = NULL;
			goto out;
		}
	}
	ret = -ENOENT;
	ir_error_set(err, _("keymap '%s' not found: neither %s nor %s exists"), file,
		     places[0], places[1]);
out:
	free(places[0]);
	free(places[1]);
	return ret;
}
