// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rc_device on fake sysfs trees built the way rc-core lays them out: the class entry a
 * symlink into /sys/devices, the lirc and input devices children of the rc device, the
 * evdev node a child of the input device. Expected values are the ones written into
 * the trees here, and the protocols file's syntax is the kernel's (rc-main.c).
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rc_device.h"
#include "sysfs-tree.h"
#include "test-main.h"

#define LOOPBACK "/sys/devices/virtual/rc/rc0"
#define USB "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/rc/rc1"

static char *tree;

/*
 * rc0: rc-loopback, one lirc and one input device with its evdev node.
 * rc1: a scancode-only USB receiver with two input devices, input7 (no id files, no
 *      evdev node) and input12, and no lirc device or default keymap.
 * rc2: a transmit-only device: no protocols, no input; lirc1 without a uevent file.
 * rc10: a protocols file with an unbalanced bracket. rc11: an input id that is not hex.
 */
static void build_tree(void)
{
	tree = sysfs_tree_new();
	sysfs_tree_write(tree, LOOPBACK "/uevent",
			 "NAME=rc-empty\nDRV_NAME=rc-loopback\nDEV_NAME=RC loopback device\n");
	sysfs_tree_write(tree, LOOPBACK "/protocols",
			 "rc-5 [nec] rc-6 jvc sony rc-5-sz sanyo sharp mce_kbd xmp imon "
			 "rc-mm [lirc]\n");
	sysfs_tree_symlink(tree, LOOPBACK "/subsystem", "../../../../class/rc");
	sysfs_tree_write(tree, LOOPBACK "/lirc0/uevent", "MAJOR=251\nMINOR=0\nDEVNAME=lirc0\n");
	sysfs_tree_write(tree, LOOPBACK "/input5/name", "RC loopback device\n");
	sysfs_tree_write(tree, LOOPBACK "/input5/id/bustype", "0006\n");
	sysfs_tree_write(tree, LOOPBACK "/input5/id/vendor", "0000\n");
	sysfs_tree_write(tree, LOOPBACK "/input5/id/product", "0000\n");
	sysfs_tree_write(tree, LOOPBACK "/input5/id/version", "0001\n");
	sysfs_tree_write(tree, LOOPBACK "/input5/event3/uevent",
			 "MAJOR=13\nMINOR=67\nDEVNAME=input/event3\n");
	sysfs_tree_write(tree, LOOPBACK "/input5/mouse0/uevent", "DEVNAME=input/mouse0\n");
	sysfs_tree_symlink(tree, "/sys/class/rc/rc0", "../../devices/virtual/rc/rc0");

	sysfs_tree_write(tree, USB "/uevent", "DRV_NAME=dvb_usb_af9015\nDEV_NAME=Leadtek\n");
	sysfs_tree_write(tree, USB "/protocols", "[nec]\n");
	sysfs_tree_write(tree, USB "/input12/name", "Leadtek remote\n");
	sysfs_tree_write(tree, USB "/input12/id/bustype", "0003\n");
	sysfs_tree_write(tree, USB "/input12/id/vendor", "0413\n");
	sysfs_tree_write(tree, USB "/input12/id/product", "6029\n");
	sysfs_tree_write(tree, USB "/input12/id/version", "0200\n");
	sysfs_tree_write(tree, USB "/input12/event14/uevent", "DEVNAME=input/event14\n");
	sysfs_tree_write(tree, USB "/input7/name", "Leadtek keys\n");
	sysfs_tree_symlink(tree, "/sys/class/rc/rc1",
			   "../../devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/rc/rc1");

	sysfs_tree_write(tree, "/sys/devices/virtual/rc/rc2/uevent", "DRV_NAME=gpio-ir-tx\n");
	sysfs_tree_mkdir(tree, "/sys/devices/virtual/rc/rc2/lirc1");
	sysfs_tree_symlink(tree, "/sys/class/rc/rc2", "../../devices/virtual/rc/rc2");

	sysfs_tree_write(tree, "/sys/class/rc/rc10/protocols", "nec [rc-5\n");
	sysfs_tree_write(tree, "/sys/class/rc/rc11/input1/id/bustype", "zz\n");
	/* Not rc devices. */
	sysfs_tree_write(tree, "/sys/class/rc/rcx", "");
	sysfs_tree_mkdir(tree, "/sys/class/rc/input3");
	/* Device nodes, as plain files. */
	sysfs_tree_write(tree, "/dev/lirc0", "");
}

static void remove_tree(void)
{
	sysfs_tree_free(tree);
	tree = NULL;
}

START_TEST(test_list_sorted_by_number)
{
	struct ir_error err;
	char **names;
	size_t count;

	ck_assert_int_eq(rc_device_list(tree, &names, &count, &err), 0);
	ck_assert_uint_eq(count, 5);
	ck_assert_str_eq(names[0], "rc0");
	ck_assert_str_eq(names[1], "rc1");
	ck_assert_str_eq(names[2], "rc2");
	ck_assert_str_eq(names[3], "rc10");
	ck_assert_str_eq(names[4], "rc11");
	rc_device_list_free(names, count);
}
END_TEST

START_TEST(test_list_without_rc_core)
{
	char *empty = sysfs_tree_new();
	struct ir_error err;
	char **names = (char **)&names;
	size_t count = 7;

	sysfs_tree_mkdir(empty, "/sys/class");
	ck_assert_int_eq(rc_device_list(empty, &names, &count, &err), 0);
	ck_assert_uint_eq(count, 0);
	ck_assert_ptr_null(names);
	sysfs_tree_free(empty);
}
END_TEST

START_TEST(test_read_loopback)
{
	struct rc_device *dev;
	struct ir_error err;
	const struct rc_device_input *in;

	ck_assert_int_eq(rc_device_read(tree, "rc0", &dev, &err), 0);
	ck_assert_str_eq(dev->sysname, "rc0");
	ck_assert_str_eq(dev->syspath, "/sys/class/rc/rc0");
	ck_assert_str_eq(dev->name, "RC loopback device");
	ck_assert_str_eq(dev->driver, "rc-loopback");
	ck_assert_str_eq(dev->keymap, "rc-empty");
	ck_assert_str_eq(dev->lirc_sysname, "lirc0");
	ck_assert_str_eq(dev->lirc_devnode, "/dev/lirc0");
	ck_assert(dev->has_protocols);
	ck_assert_uint_eq(dev->protocols.count, 13);
	ck_assert_str_eq(dev->protocols.protocols[0].name, "rc-5");
	ck_assert(!dev->protocols.protocols[0].enabled);
	ck_assert_str_eq(dev->protocols.protocols[1].name, "nec");
	ck_assert(dev->protocols.protocols[1].enabled);
	ck_assert_str_eq(dev->protocols.protocols[12].name, "lirc");
	ck_assert(dev->protocols.protocols[12].enabled);
	ck_assert_uint_eq(dev->input_count, 1);
	in = &dev->inputs[0];
	ck_assert_str_eq(in->sysname, "input5");
	ck_assert_str_eq(in->name, "RC loopback device");
	ck_assert(in->has_id);
	ck_assert_uint_eq(in->id.bustype, 6);
	ck_assert_uint_eq(in->id.vendor, 0);
	ck_assert_uint_eq(in->id.product, 0);
	ck_assert_uint_eq(in->id.version, 1);
	ck_assert_str_eq(in->event_sysname, "event3");
	ck_assert_str_eq(in->event_devnode, "/dev/input/event3");
	rc_device_free(dev);
}
END_TEST

START_TEST(test_read_two_inputs_no_lirc)
{
	struct rc_device *dev;
	struct ir_error err;

	ck_assert_int_eq(rc_device_read(tree, "rc1", &dev, &err), 0);
	ck_assert_str_eq(dev->name, "Leadtek");
	ck_assert_str_eq(dev->driver, "dvb_usb_af9015");
	ck_assert_ptr_null(dev->keymap);
	ck_assert_ptr_null(dev->lirc_sysname);
	ck_assert_ptr_null(dev->lirc_devnode);
	ck_assert_uint_eq(dev->protocols.count, 1);
	ck_assert_str_eq(dev->protocols.protocols[0].name, "nec");
	ck_assert(dev->protocols.protocols[0].enabled);
	ck_assert_uint_eq(dev->input_count, 2);
	ck_assert_str_eq(dev->inputs[0].sysname, "input7");
	ck_assert_str_eq(dev->inputs[0].name, "Leadtek keys");
	ck_assert(!dev->inputs[0].has_id);
	ck_assert_ptr_null(dev->inputs[0].event_sysname);
	ck_assert_ptr_null(dev->inputs[0].event_devnode);
	ck_assert_str_eq(dev->inputs[1].sysname, "input12");
	ck_assert(dev->inputs[1].has_id);
	ck_assert_uint_eq(dev->inputs[1].id.bustype, 3);
	ck_assert_uint_eq(dev->inputs[1].id.vendor, 0x0413);
	ck_assert_uint_eq(dev->inputs[1].id.product, 0x6029);
	ck_assert_uint_eq(dev->inputs[1].id.version, 0x0200);
	ck_assert_str_eq(dev->inputs[1].event_devnode, "/dev/input/event14");
	rc_device_free(dev);
}
END_TEST

START_TEST(test_read_transmit_only)
{
	struct rc_device *dev;
	struct ir_error err;

	ck_assert_int_eq(rc_device_read(tree, "rc2", &dev, &err), 0);
	ck_assert_ptr_null(dev->name);
	ck_assert_str_eq(dev->driver, "gpio-ir-tx");
	ck_assert(!dev->has_protocols);
	ck_assert_uint_eq(dev->input_count, 0);
	ck_assert_ptr_null(dev->inputs);
	/* No uevent in lirc1: the node is named after the device. */
	ck_assert_str_eq(dev->lirc_devnode, "/dev/lirc1");
	ck_assert_int_eq(rc_device_read_protocols(tree, dev, &dev->protocols, &err), -ENOENT);
	ck_assert_str_eq(err.message, "/sys/class/rc/rc2 has no protocols file");
	rc_device_free(dev);
}
END_TEST

START_TEST(test_read_errors)
{
	struct rc_device *dev = NULL;
	struct ir_error err;

	ck_assert_int_eq(rc_device_read(tree, "rc9", &dev, &err), -ENODEV);
	ck_assert_str_eq(err.message, "no rc device \"rc9\" (/sys/class/rc/rc9)");
	ck_assert_int_eq(rc_device_read(tree, "rcx", &dev, &err), -ENODEV);
	ck_assert_int_eq(rc_device_read(tree, "../rc0", &dev, &err), -EINVAL);
	ck_assert_str_eq(err.message, "invalid rc device name \"../rc0\"");
	ck_assert_int_eq(rc_device_read(tree, "", &dev, &err), -EINVAL);
	ck_assert_int_eq(rc_device_read(tree, "rc10", &dev, &err), -EINVAL);
	ck_assert_str_eq(err.message, "/sys/class/rc/rc10/protocols: unbalanced bracket in "
			 "\"[rc-5\"");
	ck_assert_int_eq(rc_device_read(tree, "rc11", &dev, &err), -EINVAL);
	ck_assert_str_eq(err.message, "/sys/class/rc/rc11/input1/id/bustype: not a 16-bit "
			 "hexadecimal number");
	ck_assert_ptr_null(dev);
}
END_TEST

START_TEST(test_open_node)
{
	struct ir_error err;
	int fd;

	fd = rc_device_open_node(tree, "/dev/lirc0", O_RDONLY, &err);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(fcntl(fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	close(fd);
	ck_assert_int_eq(rc_device_open_node(tree, "/dev/lirc9", O_RDONLY, &err), -ENOENT);
	ck_assert_str_eq(err.message, "/dev/lirc9: No such file or directory");
}
END_TEST

START_TEST(test_open_char_node)
{
	struct ir_error err;
	int fd;

	/* A fake tree's node is a plain file: no ioctl may reach it. */
	ck_assert_int_eq(rc_device_open_char_node(tree, "/dev/lirc0", O_RDONLY, &err), -ENOTTY);
	ck_assert_str_eq(err.message, "/dev/lirc0: not a character device");
	ck_assert_int_eq(rc_device_open_char_node(tree, "/dev/lirc9", O_RDONLY, &err), -ENOENT);
	ck_assert_str_eq(err.message, "/dev/lirc9: No such file or directory");
	fd = rc_device_open_char_node("", "/dev/null", O_RDONLY, &err);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(fcntl(fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	close(fd);
}
END_TEST

START_TEST(test_event_input)
{
	struct rc_device_input inputs[2] = {
		{ .sysname = "input4" },
		{ .sysname = "input5", .event_sysname = "event3",
		  .event_devnode = "/dev/input/event3" },
	};
	struct rc_device device = { .sysname = "rc0", .inputs = inputs, .input_count = 2 };

	/* The first input that has an evdev node, not the first input. */
	ck_assert_ptr_eq(rc_device_event_input(&device), &inputs[1]);
	device.input_count = 1;
	ck_assert_ptr_null(rc_device_event_input(&device));
	device.input_count = 0;
	ck_assert_ptr_null(rc_device_event_input(&device));
}
END_TEST

START_TEST(test_write_protocols)
{
	const char *const two[] = { "nec", "rc-5" };
	const char *const bad[] = { "nec", "+rc-6" };
	struct rc_device *dev;
	struct ir_error err;
	char *text;

	ck_assert_int_eq(rc_device_read(tree, "rc0", &dev, &err), 0);
	ck_assert_int_eq(rc_device_write_protocols(tree, dev, two, 2, &err), 0);
	text = sysfs_tree_read(tree, LOOPBACK "/protocols");
	ck_assert_str_eq(text, "nec +rc-5\n");
	free(text);
	ck_assert_int_eq(rc_device_write_protocols(tree, dev, NULL, 0, &err), 0);
	text = sysfs_tree_read(tree, LOOPBACK "/protocols");
	ck_assert_str_eq(text, "none\n");
	free(text);
	/* A bad name is refused before the file is touched. */
	ck_assert_int_eq(rc_device_write_protocols(tree, dev, bad, 2, &err), -EINVAL);
	ck_assert_str_eq(err.message, "invalid protocol name \"+rc-6\"");
	text = sysfs_tree_read(tree, LOOPBACK "/protocols");
	ck_assert_str_eq(text, "none\n");
	free(text);
	rc_device_free(dev);

	ck_assert_int_eq(rc_device_read(tree, "rc2", &dev, &err), 0);
	ck_assert_int_eq(rc_device_write_protocols(tree, dev, two, 2, &err), -ENOENT);
	ck_assert_str_eq(err.message, "/sys/class/rc/rc2/protocols: No such file or directory");
	rc_device_free(dev);
}
END_TEST

START_TEST(test_protocols_parse)
{
	struct rc_protocols p;
	struct ir_error err;

	/* The ABI document's example, with the kernel's trailing newline. */
	ck_assert_int_eq(rc_protocols_parse("rc5 [rc6] nec jvc [sony]\n", &p, &err), 0);
	ck_assert_uint_eq(p.count, 5);
	ck_assert_str_eq(p.protocols[0].name, "rc5");
	ck_assert(!p.protocols[0].enabled);
	ck_assert_str_eq(p.protocols[1].name, "rc6");
	ck_assert(p.protocols[1].enabled);
	ck_assert_str_eq(p.protocols[2].name, "nec");
	ck_assert_str_eq(p.protocols[3].name, "jvc");
	ck_assert(!p.protocols[3].enabled);
	ck_assert_str_eq(p.protocols[4].name, "sony");
	ck_assert(p.protocols[4].enabled);
	ck_assert_int_eq(rc_protocols_parse("  \t[lirc]  mce_kbd\r\n", &p, &err), 0);
	ck_assert_uint_eq(p.count, 2);
	ck_assert_str_eq(p.protocols[0].name, "lirc");
	ck_assert(p.protocols[0].enabled);
	ck_assert_str_eq(p.protocols[1].name, "mce_kbd");
	ck_assert_int_eq(rc_protocols_parse("\n", &p, &err), 0);
	ck_assert_uint_eq(p.count, 0);
}
END_TEST

START_TEST(test_protocols_parse_errors)
{
	struct rc_protocols p;
	struct ir_error err;
	char many[RC_PROTOCOLS_MAX * 4 + 8] = "";
	int i;

	ck_assert_int_eq(rc_protocols_parse("nec [rc-5", &p, &err), -EINVAL);
	ck_assert_str_eq(err.message, "unbalanced bracket in \"[rc-5\"");
	ck_assert_int_eq(rc_protocols_parse("nec]", &p, &err), -EINVAL);
	ck_assert_str_eq(err.message, "unbalanced bracket in \"nec]\"");
	ck_assert_int_eq(rc_protocols_parse("[", &p, &err), -EINVAL);
	ck_assert_int_eq(rc_protocols_parse("[]", &p, &err), -EINVAL);
	ck_assert_str_eq(err.message, "invalid protocol name \"\"");
	ck_assert_int_eq(rc_protocols_parse("[[nec]]", &p, &err), -EINVAL);
	ck_assert_str_eq(err.message, "invalid protocol name \"[nec]\"");
	ck_assert_int_eq(rc_protocols_parse("abcdefghijklmnopqrstuvwxyz012345", &p, &err),
			 -EINVAL);
	ck_assert_int_eq(rc_protocols_parse("abcdefghijklmnopqrstuvwxyz01234", &p, &err), 0);
	for (i = 0; i <= RC_PROTOCOLS_MAX; i++)
		strcat(many, "nec ");
	ck_assert_int_eq(rc_protocols_parse(many, &p, &err), -E2BIG);
	ck_assert_str_eq(err.message, "more than 64 protocols");
}
END_TEST

START_TEST(test_protocols_find)
{
	struct rc_protocols p;

	ck_assert_int_eq(rc_protocols_parse("rc-5 [nec] [lirc]", &p, NULL), 0);
	ck_assert_ptr_eq(rc_protocols_find(&p, "NEC"), &p.protocols[1]);
	ck_assert_ptr_eq(rc_protocols_find(&p, "rc-5"), &p.protocols[0]);
	ck_assert_ptr_null(rc_protocols_find(&p, "rc-6"));
}
END_TEST

START_TEST(test_protocols_format)
{
	const char *const one[] = { "nec" };
	const char *const three[] = { "nec", "rc-5", "rc-6" };
	const char *const bad[][1] = { { "" }, { "+nec" }, { "-nec" }, { "n ec" }, { "[nec]" } };
	struct ir_error err;
	char buf[64], expected[64];
	size_t i;

	ck_assert_int_eq(rc_protocols_format(one, 1, buf, sizeof(buf), &err), 0);
	ck_assert_str_eq(buf, "nec\n");
	ck_assert_int_eq(rc_protocols_format(three, 3, buf, sizeof(buf), &err), 0);
	ck_assert_str_eq(buf, "nec +rc-5 +rc-6\n");
	ck_assert_int_eq(rc_protocols_format(NULL, 0, buf, sizeof(buf), &err), 0);
	ck_assert_str_eq(buf, "none\n");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(rc_protocols_format(bad[i], 1, buf, sizeof(buf), &err), -EINVAL);
		snprintf(expected, sizeof(expected), "invalid protocol name \"%s\"", bad[i][0]);
		ck_assert_str_eq(err.message, expected);
	}
	ck_assert_int_eq(rc_protocols_format(one, 1, buf, 4, &err), -ENOSPC);
	ck_assert_str_eq(err.message, "protocol list too long");
	ck_assert_int_eq(rc_protocols_format(one, 1, buf, 5, &err), 0);
	ck_assert_str_eq(buf, "nec\n");
	ck_assert_int_eq(rc_protocols_format(NULL, 0, buf, 5, &err), -ENOSPC);
}
END_TEST

START_TEST(test_uevent_value)
{
	const char text[] = "NAME=rc-cec\nDRV_NAME=pulse8-cec\nDEV_NAME=Pulse-Eight\nX=a=b";
	char *value;

	ck_assert_int_eq(rc_uevent_value(text, "NAME", &value), 0);
	ck_assert_str_eq(value, "rc-cec");
	free(value);
	ck_assert_int_eq(rc_uevent_value(text, "DEV_NAME", &value), 0);
	ck_assert_str_eq(value, "Pulse-Eight");
	free(value);
	ck_assert_int_eq(rc_uevent_value(text, "X", &value), 0);
	ck_assert_str_eq(value, "a=b");
	free(value);
	ck_assert_int_eq(rc_uevent_value(text, "DRV", &value), -ENOENT);
	ck_assert_int_eq(rc_uevent_value(text, "MAJOR", &value), -ENOENT);
	ck_assert_int_eq(rc_uevent_value("NAME=\n", "NAME", &value), 0);
	ck_assert_str_eq(value, "");
	free(value);
	ck_assert_int_eq(rc_uevent_value("", "NAME", &value), -ENOENT);
}
END_TEST

static Suite *rc_device_suite(void)
{
	Suite *s = suite_create("rc_device");
	TCase *tc;

	tc = tcase_create("sysfs tree");
	tcase_add_unchecked_fixture(tc, build_tree, remove_tree);
	tcase_add_test(tc, test_list_sorted_by_number);
	tcase_add_test(tc, test_list_without_rc_core);
	tcase_add_test(tc, test_read_loopback);
	tcase_add_test(tc, test_read_two_inputs_no_lirc);
	tcase_add_test(tc, test_read_transmit_only);
	tcase_add_test(tc, test_read_errors);
	tcase_add_test(tc, test_open_node);
	tcase_add_test(tc, test_open_char_node);
	tcase_add_test(tc, test_event_input);
	suite_add_tcase(s, tc);

	tc = tcase_create("protocols file");
	tcase_add_unchecked_fixture(tc, build_tree, remove_tree);
	tcase_add_test(tc, test_write_protocols);
	tcase_add_test(tc, test_protocols_parse);
	tcase_add_test(tc, test_protocols_parse_errors);
	tcase_add_test(tc, test_protocols_find);
	tcase_add_test(tc, test_protocols_format);
	suite_add_tcase(s, tc);

	tc = tcase_create("uevent");
	tcase_add_test(tc, test_uevent_value);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = rc_device_suite);
