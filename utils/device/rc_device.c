// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"
#include "nls.h"
#include "rc_device.h"
#include "sysroot.h"

#define RC_CLASS_PATH "/sys/class/rc"
/* sysfs attributes are at most a page; a fake tree's files get some slack. */
#define ATTRIBUTE_MAX (64 * 1024)

static int out_of_memory(struct ir_error *err)
{
	ir_error_set(err, "%s", strerror(ENOMEM));
	return -ENOMEM;
}

/* An attribute's value without its trailing newline(s). */
static int read_attribute(const char *root, const char *path, char **ret_value)
{
	char *full = NULL, *text = NULL;
	size_t len;
	int ret;

	ret = sysroot_path(root, path, &full);
	if (ret < 0)
		return ret;
	ret = fileio_read_path(full, ATTRIBUTE_MAX, &text, &len);
	free(full);
	if (ret)
		return ret;
	len = strlen(text);	/* to the first NUL, if the file has one */
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		text[--len] = '\0';
	*ret_value = text;
	return 0;
}

int rc_uevent_value(const char *text, const char *key, char **ret_value)
{
	size_t key_len = strlen(key);
	const char *line = text;

	while (line && *line) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);

		if (len > key_len && line[key_len] == '=' && !strncmp(line, key, key_len)) {
			char *value = strndup(line + key_len + 1, len - key_len - 1);

			if (!value)
				return -ENOMEM;
			*ret_value = value;
			return 0;
		}
		line = end ? end + 1 : NULL;
	}
	return -ENOENT;
}

/* "prefixN" with N all digits: returns N, or -1. */
static long numbered(const char *name, const char *prefix)
{
	size_t plen = strlen(prefix);
	const char *p = name + plen;
	char *end;
	long n;

	if (strncmp(name, prefix, plen) || !isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	n = strtol(p, &end, 10);
	if (*end || errno || n < 0)
		return -1;
	return n;
}

struct numbered_name {
	long number;
	char *name;
};

static int compare_numbered(const void *a, const void *b)
{
	const struct numbered_name *x = a, *y = b;

	return x->number < y->number ? -1 : x->number > y->number;
}

/*
 * The entries "prefixN" of a directory, sorted by N. -ENOENT when the directory does
 * not exist; the list may be empty (*ret_names NULL).
 */
static int numbered_children(const char *dir_path, const char *prefix, char ***ret_names,
			     size_t *ret_count)
{
	struct numbered_name *found = NULL;
	size_t count = 0, cap = 0, i;
	struct dirent *entry;
	char **names = NULL;
	DIR *dir;
	int ret = 0;

	dir = opendir(dir_path);
	if (!dir)
		return -errno;
	while ((entry = readdir(dir))) {
		long n = numbered(entry->d_name, prefix);

		if (n < 0)
			continue;
		if (count == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			struct numbered_name *grown = realloc(found, ncap * sizeof(*found));

			if (!grown) {
				ret = -ENOMEM;
				goto out;
			}
			found = grown;
			cap = ncap;
		}
		found[count].number = n;
		found[count].name = strdup(entry->d_name);
		if (!found[count].name) {
			ret = -ENOMEM;
			goto out;
		}
		count++;
	}
	if (count) {
		qsort(found, count, sizeof(*found), compare_numbered);
		names = malloc(count * sizeof(*names));
		if (!names) {
			ret = -ENOMEM;
			goto out;
		}
		for (i = 0; i < count; i++) {
			names[i] = found[i].name;
			found[i].name = NULL;
		}
	}
	*ret_names = names;
	*ret_count = count;
out:
	for (i = 0; i < count; i++)
		free(found[i].name);
	free(found);
	closedir(dir);
	return ret;
}

void rc_device_list_free(char **names, size_t count)
{
	size_t i;

	if (!names)
		return;
	for (i = 0; i < count; i++)
		free(names[i]);
	free(names);
}

int rc_device_list(const char *root, char ***ret_names, size_t *ret_count,
		   struct ir_error *err)
{
	char *dir = NULL;
	int ret;

	if (sysroot_path(root, RC_CLASS_PATH, &dir) < 0)
		return out_of_memory(err);
	ret = numbered_children(dir, "rc", ret_names, ret_count);
	free(dir);
	if (ret == -ENOENT) {
		/* No rc-core in this kernel: no devices, not an error. */
		*ret_names = NULL;
		*ret_count = 0;
		return 0;
	}
	if (ret)
		ir_error_set(err, "%s: %s", RC_CLASS_PATH, strerror(-ret));
	return ret;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int rc_protocols_parse(const char *text, struct rc_protocols *ret_protocols,
		       struct ir_error *err)
{
	const char *p = text;

	ret_protocols->count = 0;
	while (*p) {
		struct rc_protocol *entry;
		bool enabled = false;
		const char *start;
		size_t len;

		if (is_space(*p)) {
			p++;
			continue;
		}
		start = p;
		while (*p && !is_space(*p))
			p++;
		len = (size_t)(p - start);
		if (start[0] == '[' || start[len - 1] == ']') {
			if (len < 2 || start[0] != '[' || start[len - 1] != ']') {
				ir_error_set(err, _("unbalanced bracket in \"%.*s\""), (int)len,
					     start);
				return -EINVAL;
			}
			enabled = true;
			start++;
			len -= 2;
		}
		if (!len || len >= RC_PROTOCOL_NAME_MAX || memchr(start, '[', len) ||
		    memchr(start, ']', len)) {
			ir_error_set(err, _("invalid protocol name \"%.*s\""), (int)len, start);
			return -EINVAL;
		}
		if (ret_protocols->count == RC_PROTOCOLS_MAX) {
			ir_error_set(err, _("more than %d protocols"), RC_PROTOCOLS_MAX);
			return -E2BIG;
		}
		entry = &ret_protocols->protocols[ret_protocols->count++];
		memcpy(entry->name, start, len);
		entry->name[len] = '\0';
		entry->enabled = enabled;
	}
	return 0;
}

const struct rc_protocol *rc_protocols_find(const struct rc_protocols *protocols,
					    const char *name)
{
	size_t i;

	for (i = 0; i < protocols->count; i++)
		if (!strcasecmp(protocols->protocols[i].name, name))
			return &protocols->protocols[i];
	return NULL;
}

static bool valid_protocol_name(const char *name)
{
	const char *p;

	if (!name[0] || name[0] == '+' || name[0] == '-')
		return false;
	for (p = name; *p; p++)
		if (isspace((unsigned char)*p) || *p == '[' || *p == ']' ||
		    !isprint((unsigned char)*p))
			return false;
	return true;
}

int rc_protocols_format(const char *const *names, size_t count, char *buf, size_t size,
			struct ir_error *err)
{
	size_t used = 0, i;
	int n;

	if (!count) {
		n = snprintf(buf, size, "none\n");
		goto check;
	}
	for (i = 0; i < count; i++) {
		if (!valid_protocol_name(names[i])) {
			ir_error_set(err, _("invalid protocol name \"%s\""), names[i]);
			return -EINVAL;
		}
	}
	for (i = 0; i < count; i++) {
		/* The first name replaces the kernel's set; the others add to it. */
		n = snprintf(buf + used, used < size ? size - used : 0, "%s%s%s",
			     i ? " +" : "", names[i], i + 1 == count ? "\n" : "");
		if (n < 0)
			break;
		used += (size_t)n;
	}
	n = (int)used;
check:
	if (n < 0 || (size_t)n >= size) {
		ir_error_set(err, _("protocol list too long"));
		return -ENOSPC;
	}
	return 0;
}

static int read_protocols_file(const char *root, const char *syspath,
			       struct rc_protocols *ret_protocols, struct ir_error *err)
{
	char *path, *text;
	int ret;

	if (asprintf(&path, "%s/protocols", syspath) < 0)
		return out_of_memory(err);
	ret = read_attribute(root, path, &text);
	if (ret) {
		if (ret != -ENOENT)
			ir_error_set(err, "%s: %s", path, strerror(-ret));
		free(path);
		return ret;
	}
	ret = rc_protocols_parse(text, ret_protocols, err);
	if (ret)
		ir_error_prefix(err, "%s", path);
	free(text);
	free(path);
	return ret;
}

int rc_device_read_protocols(const char *root, const struct rc_device *device,
			     struct rc_protocols *ret_protocols, struct ir_error *err)
{
	int ret = read_protocols_file(root, device->syspath, ret_protocols, err);

	if (ret == -ENOENT)
		ir_error_set(err, _("%s has no protocols file"), device->syspath);
	return ret;
}

int rc_device_write_protocols(const char *root, const struct rc_device *device,
			      const char *const *names, size_t count, struct ir_error *err)
{
	char *path = NULL, *full = NULL, *text = NULL;
	size_t size = 8, i, len;
	ssize_t written;
	int fd = -1, ret;

	for (i = 0; i < count; i++)
		size += strlen(names[i]) + 2;
	text = malloc(size);
	if (!text || asprintf(&path, "%s/protocols", device->syspath) < 0) {
		path = NULL;
		ret = out_of_memory(err);
		goto out;
	}
	ret = rc_protocols_format(names, count, text, size, err);
	if (ret)
		goto out;
	if (sysroot_path(root, path, &full) < 0) {
		ret = out_of_memory(err);
		goto out;
	}
	/* O_TRUNC: sysfs ignores it, a fake tree's plain file needs it. */
	fd = open(full, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		goto fail;
	}
	/* One write: sysfs hands each write() to the kernel's parser separately. */
	len = strlen(text);
	written = write(fd, text, len);
	if (written < 0) {
		ret = -errno;
		goto fail;
	}
	ret = (size_t)written == len ? 0 : -EIO;
	if (!ret)
		goto out;
fail:
	len = strlen(text);
	if (len && text[len - 1] == '\n')
		text[len - 1] = '\0';
	if (ret == -EINVAL)
		ir_error_set(err, _("%s: the kernel refused \"%s\": a protocol it does not "
				    "know, or one this device cannot decode"), path, text);
	else if (ret == -EACCES || ret == -EPERM)
		ir_error_set(err, _("%s: %s (the protocols of this device cannot be changed, "
				    "or not running as root)"), path, strerror(-ret));
	else
		ir_error_set(err, "%s: %s", path, strerror(-ret));
out:
	if (fd >= 0)
		close(fd);
	free(full);
	free(path);
	free(text);
	return ret;
}

int rc_device_open_node(const char *root, const char *devnode, int flags,
			struct ir_error *err)
{
	char *full = NULL;
	int fd;

	if (sysroot_path(root, devnode, &full) < 0)
		return out_of_memory(err);
	fd = open(full, flags | O_CLOEXEC);
	free(full);
	if (fd >= 0)
		return fd;
	fd = -errno;
	ir_error_set(err, "%s: %s", devnode, strerror(-fd));
	return fd;
}

int rc_device_open_char_node(const char *root, const char *devnode, int flags,
			     struct ir_error *err)
{
	struct stat st;
	int fd;

	fd = rc_device_open_node(root, devnode, flags, err);
	if (fd < 0)
		return fd;
	if (fstat(fd, &st) < 0 || !S_ISCHR(st.st_mode)) {
		close(fd);
		ir_error_set(err, _("%s: not a character device"), devnode);
		return -ENOTTY;
	}
	return fd;
}

const struct rc_device_input *rc_device_event_input(const struct rc_device *device)
{
	size_t i;

	for (i = 0; i < device->input_count; i++)
		if (device->inputs[i].event_devnode)
			return &device->inputs[i];
	return NULL;
}

/*
 * A child device's node: /dev/ + the DEVNAME of its uevent, which is what devtmpfs
 * creates; fallback_dir + its sysname when the uevent does not say (an old or a fake
 * tree).
 */
static int child_devnode(const char *root, const char *child_path, const char *sysname,
			 const char *fallback_dir, char **ret_devnode)
{
	char *uevent_path, *text = NULL, *devname = NULL;
	int ret;

	if (asprintf(&uevent_path, "%s/uevent", child_path) < 0)
		return -ENOMEM;
	ret = read_attribute(root, uevent_path, &text);
	free(uevent_path);
	if (ret && ret != -ENOENT)
		return ret;
	if (text && rc_uevent_value(text, "DEVNAME", &devname) == -ENOMEM) {
		free(text);
		return -ENOMEM;
	}
	free(text);
	if (devname)
		ret = asprintf(ret_devnode, "/dev/%s", devname);
	else
		ret = asprintf(ret_devnode, "%s/%s", fallback_dir, sysname);
	free(devname);
	return ret < 0 ? -ENOMEM : 0;
}

/* The first "prefixN" child of a sysfs directory, or NULL (and 0) when none. */
static int first_child(const char *root, const char *dir, const char *prefix,
		       char **ret_name)
{
	char *full = NULL, **names = NULL;
	size_t count = 0;
	int ret;

	*ret_name = NULL;
	ret = sysroot_path(root, dir, &full);
	if (ret < 0)
		return ret;
	ret = numbered_children(full, prefix, &names, &count);
	free(full);
	if (ret == -ENOENT || ret == -ENOTDIR)
		return 0;
	if (ret)
		return ret;
	if (count) {
		*ret_name = names[0];
		names[0] = NULL;
	}
	rc_device_list_free(names, count);
	return 0;
}

static int read_hex16(const char *root, const char *path, uint16_t *ret_value)
{
	unsigned long value;
	char *text, *end;
	int ret;

	ret = read_attribute(root, path, &text);
	if (ret)
		return ret;
	errno = 0;
	value = strtoul(text, &end, 16);
	ret = !text[0] || *end || errno || value > UINT16_MAX ? -EINVAL : 0;
	free(text);
	if (!ret)
		*ret_value = (uint16_t)value;
	return ret;
}

/* inputN/id/{bustype,vendor,product,version}; has_id stays false if any is missing. */
static int read_input_id(const char *root, const char *input_path,
			 struct rc_device_input *input, struct ir_error *err)
{
	static const char *const fields[] = { "bustype", "vendor", "product", "version" };
	uint16_t values[4];
	size_t i;
	int ret;

	for (i = 0; i < 4; i++) {
		char *path;

		if (asprintf(&path, "%s/id/%s", input_path, fields[i]) < 0)
			return out_of_memory(err);
		ret = read_hex16(root, path, &values[i]);
		if (ret == -EINVAL)
			ir_error_set(err, _("%s: not a 16-bit hexadecimal number"), path);
		else if (ret && ret != -ENOENT)
			ir_error_set(err, "%s: %s", path, strerror(-ret));
		free(path);
		if (ret == -ENOENT)
			return 0;
		if (ret)
			return ret;
	}
	input->id.bustype = values[0];
	input->id.vendor = values[1];
	input->id.product = values[2];
	input->id.version = values[3];
	input->has_id = true;
	return 0;
}

static int read_input(const char *root, const char *syspath, struct rc_device_input *input,
		      struct ir_error *err)
{
	char *input_path = NULL, *path = NULL;
	int ret;

	if (asprintf(&input_path, "%s/%s", syspath, input->sysname) < 0 ||
	    asprintf(&path, "%s/name", input_path) < 0) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = read_attribute(root, path, &input->name);
	if (ret && ret != -ENOENT)
		goto fail;
	ret = read_input_id(root, input_path, input, err);
	if (ret)
		goto out;
	ret = first_child(root, input_path, "event", &input->event_sysname);
	if (ret)
		goto fail;
	if (input->event_sysname) {
		free(path);
		if (asprintf(&path, "%s/%s", input_path, input->event_sysname) < 0) {
			path = NULL;
			ret = -ENOMEM;
			goto fail;
		}
		ret = child_devnode(root, path, input->event_sysname, "/dev/input",
				    &input->event_devnode);
		if (ret)
			goto fail;
	}
	ret = 0;
	goto out;
fail:
	ir_error_set(err, "%s: %s", path ? path : syspath, strerror(-ret));
out:
	free(path);
	free(input_path);
	return ret;
}

static int read_inputs(const char *root, struct rc_device *device, struct ir_error *err)
{
	char *full = NULL, **names = NULL;
	size_t count = 0, i;
	int ret;

	if (sysroot_path(root, device->syspath, &full) < 0)
		return out_of_memory(err);
	ret = numbered_children(full, "input", &names, &count);
	free(full);
	if (ret) {
		ir_error_set(err, "%s: %s", device->syspath, strerror(-ret));
		return ret;
	}
	if (count) {
		device->inputs = calloc(count, sizeof(*device->inputs));
		if (!device->inputs) {
			rc_device_list_free(names, count);
			return out_of_memory(err);
		}
	}
	for (i = 0; i < count; i++) {
		device->inputs[i].sysname = names[i];
		names[i] = NULL;
		device->input_count++;
		ret = read_input(root, device->syspath, &device->inputs[i], err);
		if (ret)
			break;
	}
	rc_device_list_free(names, count);
	return ret;
}

static int read_uevent(const char *root, struct rc_device *device, struct ir_error *err)
{
	static const char *const keys[] = { "DEV_NAME", "DRV_NAME", "NAME" };
	char **fields[] = { &device->name, &device->driver, &device->keymap };
	char *path, *text;
	size_t i;
	int ret;

	if (asprintf(&path, "%s/uevent", device->syspath) < 0)
		return out_of_memory(err);
	ret = read_attribute(root, path, &text);
	if (ret) {
		if (ret == -ENOENT)
			ret = 0;
		else
			ir_error_set(err, "%s: %s", path, strerror(-ret));
		free(path);
		return ret;
	}
	free(path);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		ret = rc_uevent_value(text, keys[i], fields[i]);
		if (ret == -ENOMEM)
			break;
		ret = 0;
	}
	free(text);
	return ret ? out_of_memory(err) : 0;
}

static int read_lirc(const char *root, struct rc_device *device, struct ir_error *err)
{
	char *path;
	int ret;

	ret = first_child(root, device->syspath, "lirc", &device->lirc_sysname);
	if (ret || !device->lirc_sysname)
		goto out;
	if (asprintf(&path, "%s/%s", device->syspath, device->lirc_sysname) < 0)
		return out_of_memory(err);
	ret = child_devnode(root, path, device->lirc_sysname, "/dev", &device->lirc_devnode);
	free(path);
out:
	if (ret)
		ir_error_set(err, "%s: %s", device->syspath, strerror(-ret));
	return ret;
}

static bool valid_sysname(const char *sysname)
{
	return sysname[0] && !strchr(sysname, '/') && strcmp(sysname, ".") &&
	       strcmp(sysname, "..");
}

int rc_device_read(const char *root, const char *sysname, struct rc_device **ret_device,
		   struct ir_error *err)
{
	struct rc_device *device;
	struct stat st;
	char *full;
	int ret;

	if (!valid_sysname(sysname)) {
		ir_error_set(err, _("invalid rc device name \"%s\""), sysname);
		return -EINVAL;
	}
	device = calloc(1, sizeof(*device));
	if (!device)
		return out_of_memory(err);
	device->sysname = strdup(sysname);
	if (!device->sysname || asprintf(&device->syspath, "%s/%s", RC_CLASS_PATH,
					 sysname) < 0) {
		device->syspath = NULL;
		ret = out_of_memory(err);
		goto out;
	}
	if (sysroot_path(root, device->syspath, &full) < 0) {
		ret = out_of_memory(err);
		goto out;
	}
	ret = stat(full, &st) ? -errno : S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
	free(full);
	if (ret == -ENOENT || ret == -ENOTDIR) {
		ir_error_set(err, _("no rc device \"%s\" (%s)"), sysname, device->syspath);
		ret = -ENODEV;
		goto out;
	}
	if (ret) {
		ir_error_set(err, "%s: %s", device->syspath, strerror(-ret));
		goto out;
	}
	ret = read_uevent(root, device, err);
	if (ret)
		goto out;
	ret = read_protocols_file(root, device->syspath, &device->protocols, err);
	device->has_protocols = ret == 0;
	if (ret && ret != -ENOENT)
		goto out;
	ret = read_lirc(root, device, err);
	if (ret)
		goto out;
	ret = read_inputs(root, device, err);
out:
	if (ret) {
		rc_device_free(device);
		return ret;
	}
	*ret_device = device;
	return 0;
}

void rc_device_free(struct rc_device *device)
{
	size_t i;

	if (!device)
		return;
	for (i = 0; i < device->input_count; i++) {
		free(device->inputs[i].sysname);
		free(device->inputs[i].name);
		free(device->inputs[i].event_sysname);
		free(device->inputs[i].event_devnode);
	}
	free(device->inputs);
	free(device->sysname);
	free(device->syspath);
	free(device->name);
	free(device->driver);
	free(device->keymap);
	free(device->lirc_sysname);
	free(device->lirc_devnode);
	free(device);
}
