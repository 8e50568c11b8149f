/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A glob(3) pattern of paths expanded with a bound on its work, not only on its result.
 *
 * glob(3) reads every directory its pattern reaches before it returns: 26 bytes of
 * "/<star>" repeated walk a whole file system, however few matches the caller keeps.
 * Here the pattern is expanded one component at a time, each directory read with
 * readdir(3), and every directory entry read (and every path looked up) draws on one
 * budget: past it the expansion stops with -E2BIG, having read at most that many.
 *
 * What a pattern means is glob(3)'s without flags: components split at '/', each
 * matched with fnmatch(3) (`*`, `?`, `[...]`, backslash escapes; a leading '.' matched
 * only by a '.'), "." and ".." never matched by a wildcard; a component without a
 * wildcard is taken as written, and the paths a wildcard matched are kept only if the
 * rest exists; unreadable directories are skipped. The paths are sorted by strcmp(3),
 * so the order does not depend on the locale. No file is opened other than directories
 * (with O_DIRECTORY: a FIFO or a device is never opened).
 *
 * Its user is lircd.conf's include line (lircd_conf.h), whose pattern a hostile
 * file chooses.
 */
#ifndef IRKIT_PATHGLOB_H
#define IRKIT_PATHGLOB_H

#include <stddef.h>

struct pathglob {
	char **paths;		/* sorted, each owned */
	size_t count;
	unsigned long work;	/* directory entries read and paths looked up */
};

/* Whether text has a wildcard that pathglob_expand() would expand. */
int pathglob_has_wildcard(const char *text);

/*
 * Expand pattern into *ret, drawing at most budget units of work. Returns 0 (count may
 * be 0: nothing matched), -E2BIG past the budget, -ENAMETOOLONG for a path past
 * PATH_MAX, or -ENOMEM. ret->work is always set, to the work done (what a caller
 * reports, and what tests count); ret->paths and ret->count only on success.
 */
int pathglob_expand(const char *pattern, unsigned long budget, struct pathglob *ret);

/* Frees the paths; accepts a zeroed struct. */
void pathglob_free(struct pathglob *glob);

#endif
