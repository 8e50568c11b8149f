/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rc_maps.cfg: which keymap file to load for an rc device, by its driver and its
 * kernel keymap (table) name, as udev's "ir-keytable -a" does.
 *
 *   # driver	table			file
 *   *		rc-hauppauge		hauppauge.toml
 *   em28xx	*			/home/me/my_remote.toml
 *
 * Every line that is not blank or a comment ('#' to the end of the line) has exactly
 * three blank-separated fields. driver and table are patterns: '*' matches any run of
 * characters and '?' one character; letters match whatever their case (ASCII, whatever
 * the locale). Every matching line applies, in file order.
 */
#ifndef IRKIT_RC_MAPS_H
#define IRKIT_RC_MAPS_H

#include <stdbool.h>
#include <stddef.h>

#include "ir_error.h"

struct rc_maps_entry {
	char *driver;		/* pattern */
	char *table;		/* pattern */
	char *file;		/* a keymap file name or path, see rc_maps_find_keymap() */
	unsigned int line;
};

struct rc_maps {
	char *filename;
	struct rc_maps_entry *entries;
	size_t entry_count;
};

/* Accepts NULL. */
void rc_maps_free(struct rc_maps *maps);

/*
 * The largest rc_maps.cfg, file or buffer (-EFBIG past it): a hundred times v4l-utils'
 * own (about 7 KiB), and it bounds what reading a hostile or endless file costs.
 */
#define RC_MAPS_FILE_MAX (1024 * 1024)

/*
 * Parse an rc_maps.cfg held in memory; filename names it in errors ("FILE:LINE: ...").
 * Returns 0, -EINVAL (err set), -EFBIG past RC_MAPS_FILE_MAX bytes (err set), -ENOMEM.
 */
int rc_maps_load(const char *buf, size_t len, const char *filename,
		 struct rc_maps **ret_maps, struct ir_error *err);

/* The same from a file; also the file's open/read errno (err: "PATH: reason"). */
int rc_maps_load_file(const char *path, struct rc_maps **ret_maps, struct ir_error *err);

/* Does a pattern match a name? '*' and '?' as above, ASCII case-insensitive. */
bool rc_maps_pattern_match(const char *pattern, const char *name);

/*
 * The entries matching (driver, table), in file order: an array of pointers into maps,
 * which the caller frees (not the entries). NULL driver or table matches only "*".
 * Returns 0 (also with no match: *ret_count = 0, *ret_matches = NULL), -ENOMEM.
 */
int rc_maps_match(const struct rc_maps *maps, const char *driver, const char *table,
		  const struct rc_maps_entry ***ret_matches, size_t *ret_count);

/*
 * Where a keymap named in rc_maps.cfg (or on the command line) is: an absolute path is
 * used as it is; any other name is looked up in USERKEYMAPDIR (/etc/rc_keymaps), then in
 * KEYMAPDIR (the keymaps installed with the program), each under root (NULL or "" for
 * none: root is the --sysroot test seam). The first regular file found wins.
 * Returns 0 with *ret_path allocated, -ENOENT (err names both places), -ENOMEM.
 */
int rc_maps_find_keymap(const char *root, const char *file, char **ret_path,
			struct ir_error *err);

#endif
