/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Remote controllers as rc-core shows them in sysfs, and their protocols file.
 *
 * Every path goes through a root prefix (root "" or NULL is the real system), so that
 * tests and --sysroot work on a copy of a sysfs tree. Paths in the results and in
 * messages are the system's ("/sys/class/rc/rc0", "/dev/lirc0"), without the prefix.
 *
 * What rc-core puts there (drivers/media/rc/rc-main.c, lirc_dev.c, the input core):
 *   /sys/class/rc/rcN -> ../../devices/.../rcN   a symlink to the device directory
 *   rcN/uevent      NAME=<default keymap>, DRV_NAME=<driver>, DEV_NAME=<device name>
 *                   (each only when the driver set it)
 *   rcN/protocols   "rc-5 [nec] rc-6 [lirc]": the protocols the device can decode,
 *                   the enabled ones in brackets; raw (IR_RAW) devices end with
 *                   "[lirc]". Absent for transmit-only devices; read-only for
 *                   devices whose protocol cannot be changed.
 *   rcN/lircM/      the LIRC character device, /dev/lircM (uevent DEVNAME=lircM)
 *   rcN/inputK/     the input device: name, id/{bustype,vendor,product,version}
 *                   (hexadecimal), and its evdev child eventJ (DEVNAME=input/eventJ)
 * A device may have no lirc child (scancode-only hardware) and no input child
 * (transmit-only hardware). More than one input child is reported, not refused.
 *
 * libudev is not used: on a live system it would read this same sysfs tree (its
 * enumeration is a directory walk of /sys/class/rc), and device nodes are named by the
 * kernel (DEVNAME, created by devtmpfs), which udev cannot rename. One code path, the
 * one the tests run, serves both the live system and --sysroot.
 */
#ifndef IRKIT_RC_DEVICE_H
#define IRKIT_RC_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"

/* Room for every protocol the kernel knows (17, and "lirc") with plenty to spare. */
#define RC_PROTOCOLS_MAX 64
#define RC_PROTOCOL_NAME_MAX 32

struct rc_protocol {
	char name[RC_PROTOCOL_NAME_MAX];	/* as the kernel spells it: "rc-5", "mce_kbd" */
	bool enabled;
};

/* The protocols file, in the kernel's order. */
struct rc_protocols {
	size_t count;
	struct rc_protocol protocols[RC_PROTOCOLS_MAX];
};

struct rc_input_id {
	uint16_t bustype;
	uint16_t vendor;
	uint16_t product;
	uint16_t version;
};

struct rc_device_input {
	char *sysname;		/* "input5" */
	char *name;		/* its name attribute, or NULL */
	bool has_id;
	struct rc_input_id id;
	char *event_sysname;	/* "event3", or NULL when there is no evdev node */
	char *event_devnode;	/* "/dev/input/event3", or NULL */
};

struct rc_device {
	char *sysname;		/* "rc0" */
	char *syspath;		/* "/sys/class/rc/rc0" */
	char *name;		/* DEV_NAME, or NULL */
	char *driver;		/* DRV_NAME, or NULL */
	char *keymap;		/* NAME, the default keymap, or NULL */
	char *lirc_sysname;	/* "lirc0", or NULL */
	char *lirc_devnode;	/* "/dev/lirc0", or NULL */
	struct rc_device_input *inputs;	/* by number: input4 before input12 */
	size_t input_count;
	bool has_protocols;	/* the protocols file exists */
	struct rc_protocols protocols;
};

/*
 * The rc devices' names ("rc0", "rc1", ...), sorted by number. No /sys/class/rc at all
 * (no rc-core) is an empty list. *ret_names is NULL when the list is empty.
 */
int rc_device_list(const char *root, char ***ret_names, size_t *ret_count,
		   struct ir_error *err);
void rc_device_list_free(char **names, size_t count);	/* accepts NULL */

/*
 * Everything about one device. sysname is "rcN" (-EINVAL for anything with a '/').
 * -ENODEV (err says so) when there is no such device.
 */
int rc_device_read(const char *root, const char *sysname, struct rc_device **ret_device,
		   struct ir_error *err);
void rc_device_free(struct rc_device *device);	/* accepts NULL */

/* Read the protocols file again (after a write). -ENOENT when the device has none. */
int rc_device_read_protocols(const char *root, const struct rc_device *device,
			     struct rc_protocols *ret_protocols, struct ir_error *err);

/*
 * Enable exactly these protocols (kernel protocol names; none at all disables every
 * decoder), in one write of rc_protocols_format()'s text. The kernel refuses an unknown
 * protocol, or one the device cannot decode, with -EINVAL (err says so); -EACCES when
 * the file is read-only (a device whose protocol cannot be changed) or not root.
 * Reading the file back shows what the kernel really enabled: a decoder module that
 * cannot be loaded is dropped silently.
 */
int rc_device_write_protocols(const char *root, const struct rc_device *device,
			      const char *const *names, size_t count, struct ir_error *err);

/* Open a device node ("/dev/lirc0") under the root prefix; flags get O_CLOEXEC. */
int rc_device_open_node(const char *root, const char *devnode, int flags,
			struct ir_error *err);

/*
 * The same, refusing anything that is not a character device (-ENOTTY, "DEVNODE: not a
 * character device"), so that no ioctl reaches a fake tree's plain file.
 */
int rc_device_open_char_node(const char *root, const char *devnode, int flags,
			     struct ir_error *err);

/* The input device whose evdev node rc-core made for this device, or NULL. */
const struct rc_device_input *rc_device_event_input(const struct rc_device *device);

/*
 * Pure parts, exposed for tests.
 */

/*
 * Parse the protocols file's text: whitespace-separated names, "[name]" for the
 * enabled ones. -EINVAL for an unbalanced bracket, an empty or too long name;
 * -E2BIG for more than RC_PROTOCOLS_MAX names.
 */
int rc_protocols_parse(const char *text, struct rc_protocols *ret_protocols,
		       struct ir_error *err);

/* The entry called name (the kernel compares case-insensitively), or NULL. */
const struct rc_protocol *rc_protocols_find(const struct rc_protocols *protocols,
					    const char *name);

/*
 * The text that enables exactly these protocols. The kernel reads the file as tokens
 * split at single spaces and newlines and stops at the first empty token; a bare name
 * replaces the whole set, "+name" adds to it, "none" empties it. So one set is
 * "nec +rc-5 +rc-6\n", and the empty set is "none\n". -EINVAL for a name that is
 * empty, has whitespace or brackets, or starts with '+' or '-'; -ENOSPC when size is
 * too small.
 */
int rc_protocols_format(const char *const *names, size_t count, char *buf, size_t size,
			struct ir_error *err);

/*
 * The value of KEY in uevent text ("KEY=value" lines), in a new string. -ENOENT when
 * absent, -ENOMEM.
 */
int rc_uevent_value(const char *text, const char *key, char **ret_value);

#endif
