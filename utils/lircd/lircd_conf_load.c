// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lircd.conf loads, from memory or from a file, and each file a load reads. Apart from
 * the reader of lines (lircd_conf.c) because this part alone opens files: each looked
 * at before it is opened, opened without waiting, refused when it is not a regular file
 * outside the kernel's file systems or does not start like a lircd.conf, its identity
 * kept against include cycles, its size and the number of files bounded.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "lircd_conf.h"
#include "lircd_conf_internal.h"
#include "nls.h"

/* Keep a file's name in the conf, for its remotes. */
static int add_filename(struct loader *loader, const char *name, const char **ret_name)
{
	struct lircd_conf *conf = loader->conf;
	char **bigger, *copy;

	bigger = realloc(conf->filenames, (conf->filename_count + 1) * sizeof(*bigger));
	if (!bigger)
		return -ENOMEM;
	conf->filenames = bigger;
	copy = strdup(name);
	if (!copy)
		return -ENOMEM;
	conf->filenames[conf->filename_count++] = copy;
	*ret_name = copy;
	return 0;
}

static int loader_start(struct loader *loader, struct ir_error *err, const char *filename)
{
	memset(loader, 0, sizeof(*loader));
	loader->err = err;
	ir_error_clear(err);
	loader->conf = calloc(1, sizeof(*loader->conf));
	if (!loader->conf) {
		ir_error_set_at(err, filename, 0, 0, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	return 0;
}

static int loader_finish(struct loader *loader, int ret, struct lircd_conf **ret_conf)
{
	if (ret < 0) {
		lircd_conf_free(loader->conf);
		return ret;
	}
	*ret_conf = loader->conf;
	return 0;
}

int lircd_conf_parse(const char *buf, size_t len, const char *filename,
		     struct lircd_conf **ret_conf, struct ir_error *err)
{
	struct loader loader;
	const char *name;
	int ret;

	if (!filename)
		filename = "";
	ret = loader_start(&loader, err, filename);
	if (ret < 0)
		return ret;
	ret = add_filename(&loader, filename, &name);
	if (ret < 0) {
		ir_error_set_at(err, filename, 0, 0, "%s", strerror(-ret));
	} else if (len > LIRCD_CONF_FILE_MAX) {
		ret = -EFBIG;
		ir_error_set_at(err, filename, 0, 0, _("larger than %u bytes"),
				LIRCD_CONF_FILE_MAX);
	} else {
		ret = conf_parse_buffer(&loader, buf, len, name);
	}
	return loader_finish(&loader, ret, ret_conf);
}

/* A whole file, at most LIRCD_CONF_FILE_MAX bytes; its identity for cycle checks. */
static int read_file(int fd, char **ret_buf, size_t *ret_len)
{
	size_t len = 0, size = 0;
	char *buf = NULL, *bigger;
	ssize_t n;

	for (;;) {
		if (len == size) {
			if (size > LIRCD_CONF_FILE_MAX) {
				free(buf);
				return -EFBIG;
			}
			size = size ? size * 2 : 16384;
			bigger = realloc(buf, size);
			if (!bigger) {
				free(buf);
				return -ENOMEM;
			}
			buf = bigger;
		}
		n = read(fd, buf + len, size - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int ret = -errno;

			free(buf);
			return ret;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	if (len > LIRCD_CONF_FILE_MAX) {
		free(buf);
		return -EFBIG;
	}
	*ret_buf = buf;
	*ret_len = len;
	return 0;
}

/* Why open_regular() refused a file it could have opened. */
enum refusal {
	REFUSAL_NONE,
	REFUSAL_NOT_REGULAR,
	REFUSAL_KERNEL_FS,
	REFUSAL_MAX,
};

/*
 * The kernel's own file systems (<linux/magic.h>): their "regular" files are the
 * kernel's, some of which change when read (/proc/kmsg takes the messages it gives
 * away, and blocks) or wait for an event.
 */
static bool kernel_fs(const struct statfs *fs)
{
	static const unsigned long magics[] = {
		0x9fa0,		/* proc */
		0x62656572,	/* sysfs */
		0x64626720,	/* debugfs */
		0x74726163,	/* tracefs */
		0x73636673,	/* securityfs */
		0x62656570,	/* configfs */
		0x27e0eb,	/* cgroup */
		0x63677270,	/* cgroup2 */
		0xcafe4a11,	/* bpf */
		0xde5e81e4,	/* efivarfs */
		0x6165676c,	/* pstore */
	};
	size_t i;

	for (i = 0; i < sizeof(magics) / sizeof(magics[0]); i++)
		if ((unsigned long)fs->f_type == magics[i])
			return true;
	return false;
}

/*
 * Opens only a regular file, and never blocks: the path is looked at first, so that a
 * device is never opened (opening one may have effects), then opened without waiting
 * (a FIFO put in its place meanwhile would block a read without O_NONBLOCK) and looked
 * at again, the descriptor's own file, which must be the one looked at and not one of
 * the kernel's. -EINVAL with *ret_why set when refused.
 */
static int open_regular(const char *path, int *ret_fd, struct stat *ret_st,
			enum refusal *ret_why)
{
	struct stat before;
	struct statfs fs;
	int fd, ret;

	*ret_why = REFUSAL_NOT_REGULAR;
	if (stat(path, &before) < 0)
		return -errno;
	if (!S_ISREG(before.st_mode))
		return -EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return -errno;
	if (fstat(fd, ret_st) < 0 || fstatfs(fd, &fs) < 0) {
		ret = -errno;
		goto fail;
	}
	ret = -EINVAL;
	if (!S_ISREG(ret_st->st_mode) || ret_st->st_dev != before.st_dev ||
	    ret_st->st_ino != before.st_ino)
		goto fail;
	*ret_why = REFUSAL_KERNEL_FS;
	if (kernel_fs(&fs))
		goto fail;
	*ret_why = REFUSAL_NONE;
	*ret_fd = fd;
	return 0;
fail:
	close(fd);
	return ret;
}

/*
 * Read one file at the loader's next depth. includer is the parser of the file whose
 * include line names it (NULL for the first file), at where that line names it.
 */
int conf_load_one(struct loader *loader, const char *path, const struct parser *includer,
		  const struct token *at)
{
	const char *where = includer ? includer->filename : path;
	unsigned int line = includer ? includer->line : 0, column = includer ? at->column : 0;
	enum refusal why = REFUSAL_NONE;
	struct stat st;
	const char *name;
	char *buf = NULL;
	size_t len = 0, i;
	int fd = -1, ret;

	if (loader->conf->filename_count >= LIRCD_CONF_FILES_MAX) {
		ir_error_set_at(loader->err, where, line, column, _("more than %u files"),
				LIRCD_CONF_FILES_MAX);
		return -EINVAL;
	}
	ret = open_regular(path, &fd, &st, &why);
	if (ret < 0)
		goto fail_file;
	for (i = 0; includer && i <= loader->depth; i++) {
		if (loader->open[i].dev == st.st_dev && loader->open[i].ino == st.st_ino) {
			close(fd);
			ir_error_set_at(loader->err, where, line, column,
					_("include cycle: '%s' is already being read"), path);
			return -ELOOP;
		}
	}
	ret = read_file(fd, &buf, &len);
	close(fd);
	if (ret < 0)
		goto fail_file;
	/* Not a word of a file that is not a lircd.conf reaches a message (issue 27). */
	if (!conf_starts_like_lircd_conf(buf, len)) {
		free(buf);
		ir_error_set_at(loader->err, where, line, column,
				_("'%s' is not a lircd.conf: its first word is neither 'begin "
				  "remote' nor 'include'"), path);
		return -EINVAL;
	}
	ret = add_filename(loader, path, &name);
	if (ret < 0) {
		free(buf);
		goto fail_file;
	}
	if (includer)
		loader->depth++;
	loader->open[loader->depth].dev = st.st_dev;
	loader->open[loader->depth].ino = st.st_ino;
	ret = conf_parse_buffer(loader, buf, len, name);
	if (includer)
		loader->depth--;
	free(buf);
	return ret;
fail_file:
	if (ret == -EINVAL && why == REFUSAL_NOT_REGULAR)
		ir_error_set_at(loader->err, where, line, column,
				_("'%s' is not a regular file (a directory, device, FIFO or "
				  "socket is never read)"), path);
	else if (ret == -EINVAL && why == REFUSAL_KERNEL_FS)
		ir_error_set_at(loader->err, where, line, column,
				_("'%s' is a file of the kernel's (proc, sysfs, debugfs...), "
				  "which is never read"), path);
	else if (ret == -EFBIG)
		ir_error_set_at(loader->err, where, line, column, _("'%s' is larger than %u bytes"),
				path, LIRCD_CONF_FILE_MAX);
	else if (includer)
		ir_error_set_at(loader->err, where, line, column, _("cannot read '%s': %s"), path,
				strerror(-ret));
	else
		ir_error_set_at(loader->err, path, 0, 0, "%s", strerror(-ret));
	return ret;
}
static int load_file(const char *path, bool to_send, struct lircd_conf **ret_conf,
		     struct ir_error *err)
{
	struct loader loader;
	int ret;

	ret = loader_start(&loader, err, path);
	if (ret < 0)
		return ret;
	loader.follow_includes = true;
	loader.to_send = to_send;
	ret = conf_load_one(&loader, path, NULL, NULL);
	return loader_finish(&loader, ret, ret_conf);
}

int lircd_conf_load_file(const char *path, struct lircd_conf **ret_conf,
			 struct ir_error *err)
{
	return load_file(path, false, ret_conf, err);
}

int lircd_conf_load_file_to_send(const char *path, struct lircd_conf **ret_conf,
				 struct ir_error *err)
{
	return load_file(path, true, ret_conf, err);
}
