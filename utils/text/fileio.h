/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whole files read into memory, with a size limit: keymaps, rc_maps.cfg, sysfs
 * attributes, BPF objects. Every reader in utils/ that wants a file whole uses this
 * one; capture files are not read whole (capture.c feeds its parser piece by piece).
 */
#ifndef IRKIT_FILEIO_H
#define IRKIT_FILEIO_H

#include <stddef.h>

/*
 * Read fd to its end: at most max bytes. A file past max is -EFBIG, found by reading
 * one byte more, so an endless file (/dev/zero, a pipe) costs max bytes and no more.
 * The data is NUL-terminated (not counted in *ret_size: text parsers and debuggers
 * like it, binary readers ignore it). Reads are retried after EINTR and short reads.
 * Returns 0, -EFBIG, -ENOMEM, -EINVAL for a max above SIZE_MAX / 2, or the negative
 * errno of read(); the out-parameters are set only on success.
 */
int fileio_read_fd(int fd, size_t max, char **ret_data, size_t *ret_size);

/* open(path) read-only, then fileio_read_fd(); or the negative errno of open(). */
int fileio_read_path(const char *path, size_t max, char **ret_data, size_t *ret_size);

#endif
