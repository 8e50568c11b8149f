/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Paths under a root prefix. --sysroot DIR (or IR_KEYTABLE_SYSROOT) puts every /sys,
 * /dev and keymap directory path under DIR, so that the tests, or anyone, can run the
 * program on a copy of a system's tree; a NULL or empty root is the real system.
 * Trailing slashes of the root are dropped: "dir/" and "dir" give "dir/etc", and "/"
 * gives "/etc", never "//etc" (harmless, but ugly in messages).
 */
#ifndef IRKIT_SYSROOT_H
#define IRKIT_SYSROOT_H

#include <stdbool.h>

/* root + path (an absolute path: "/sys/class/rc"), in a new string; 0 or -ENOMEM. */
int sysroot_path(const char *root, const char *path, char **ret_path);

/* root + dir + "/" + name (a file name or relative path); 0 or -ENOMEM. */
int sysroot_path_in(const char *root, const char *dir, const char *name, char **ret_path);

/*
 * Does path, as given (already under the root, or a user's own path), name a regular
 * file, after symbolic links? False for anything else and for any error.
 */
bool sysroot_is_regular_file(const char *path);

#endif
