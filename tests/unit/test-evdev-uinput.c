// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * evdev against a real input device made with uinput: name, id, repeat, clock and the
 * events read back. A uinput device has no keycode table, so the keytable calls get
 * the input core's refusal (EINVAL) rather than rc-core's behaviour; rc-core itself is
 * the qemu tests' job. Skipped (77) without /dev/uinput or when no /dev/input/eventN
 * node appears for the device (no devtmpfs).
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/uinput.h>

#include "evdev.h"
#include "test-main.h"

#define DEVICE_NAME "irkit test remote"

static int uinput_fd = -1;
static char event_node[300];

static int emit(uint16_t type, uint16_t code, int32_t value)
{
	struct input_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.type = type;
	ev.code = code;
	ev.value = value;
	return write(uinput_fd, &ev, sizeof(ev)) == (ssize_t)sizeof(ev) ? 0 : -1;
}

/* The eventN child of /sys/class/input/<sysname>, as /dev/input/eventN. */
static int find_event_node(const char *sysname)
{
	char path[128];
	struct dirent *entry;
	DIR *dir;
	int found = -1;

	snprintf(path, sizeof(path), "/sys/class/input/%s", sysname);
	dir = opendir(path);
	if (!dir)
		return -1;
	while ((entry = readdir(dir))) {
		if (!strncmp(entry->d_name, "event", 5)) {
			snprintf(event_node, sizeof(event_node), "/dev/input/%s", entry->d_name);
			found = 0;
			break;
		}
	}
	closedir(dir);
	return found;
}

/* 0, or 77 when this system cannot make a uinput device with an evdev node. */
static int create_device(void)
{
	struct uinput_setup setup;
	char sysname[64];
	int i;

	uinput_fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (uinput_fd < 0)
		return UNIT_TEST_SKIP;
	memset(&setup, 0, sizeof(setup));
	setup.id.bustype = BUS_VIRTUAL;
	setup.id.vendor = 0x1234;
	setup.id.product = 0x5678;
	setup.id.version = 2;
	snprintf(setup.name, sizeof(setup.name), "%s", DEVICE_NAME);
	if (ioctl(uinput_fd, UI_SET_EVBIT, EV_KEY) || ioctl(uinput_fd, UI_SET_EVBIT, EV_REP) ||
	    ioctl(uinput_fd, UI_SET_EVBIT, EV_MSC) || ioctl(uinput_fd, UI_SET_KEYBIT, KEY_OK) ||
	    ioctl(uinput_fd, UI_SET_MSCBIT, MSC_SCAN) || ioctl(uinput_fd, UI_DEV_SETUP, &setup) ||
	    ioctl(uinput_fd, UI_DEV_CREATE) ||
	    ioctl(uinput_fd, UI_GET_SYSNAME(sizeof(sysname)), sysname) < 0)
		return UNIT_TEST_SKIP;
	/* devtmpfs (or udev) creates the node shortly after the device appears. */
	for (i = 0; i < 100; i++) {
		if (find_event_node(sysname) == 0 && access(event_node, R_OK | W_OK) == 0)
			return 0;
		usleep(10000);
	}
	return UNIT_TEST_SKIP;
}

static int open_event_node(void)
{
	int fd = open(event_node, O_RDWR | O_CLOEXEC);

	ck_assert_msg(fd >= 0, "%s: %s", event_node, strerror(errno));
	return fd;
}

START_TEST(test_name_id_repeat)
{
	unsigned int delay, period;
	struct input_id id;
	char name[64];
	int fd = open_event_node();

	ck_assert_int_eq(evdev_get_name(fd, name, sizeof(name)), 0);
	ck_assert_str_eq(name, DEVICE_NAME);
	ck_assert_int_eq(evdev_get_id(fd, &id), 0);
	ck_assert_uint_eq(id.bustype, BUS_VIRTUAL);
	ck_assert_uint_eq(id.vendor, 0x1234);
	ck_assert_uint_eq(id.product, 0x5678);
	ck_assert_uint_eq(id.version, 2);
	/* The input core's soft repeat defaults for an EV_REP device: 250 ms, 33 ms. */
	ck_assert_int_eq(evdev_get_repeat(fd, &delay, &period), 0);
	ck_assert_uint_eq(delay, 250);
	ck_assert_uint_eq(period, 33);
	ck_assert_int_eq(evdev_set_repeat(fd, 500, 125), 0);
	ck_assert_int_eq(evdev_get_repeat(fd, &delay, &period), 0);
	ck_assert_uint_eq(delay, 500);
	ck_assert_uint_eq(period, 125);
	close(fd);
}
END_TEST

START_TEST(test_keytable_refused_without_table)
{
	struct evdev_keymap_entry *entries;
	struct ir_error err;
	size_t count = 99;
	int fd = open_event_node();

	ck_assert_int_eq(evdev_keytable_read(fd, &entries, &count, &err), 0);
	ck_assert_uint_eq(count, 0);
	ck_assert_int_eq(evdev_keytable_set(fd, 0x1e, KEY_OK, &err), -EINVAL);
	ck_assert_str_eq(err.message, "setting scancode 0x1e: Invalid argument");
	close(fd);
}
END_TEST

START_TEST(test_events_on_the_monotonic_clock)
{
	struct evdev_event events[8];
	struct timespec before, after;
	uint64_t before_ns, after_ns;
	size_t count, total = 0;
	int fd = open_event_node();

	ck_assert_int_eq(evdev_set_clock_monotonic(fd), 0);
	clock_gettime(CLOCK_MONOTONIC, &before);
	ck_assert_int_eq(emit(EV_MSC, MSC_SCAN, 0x0f), 0);
	ck_assert_int_eq(emit(EV_KEY, KEY_OK, 1), 0);
	ck_assert_int_eq(emit(EV_SYN, SYN_REPORT, 0), 0);
	ck_assert_int_eq(emit(EV_KEY, KEY_OK, 0), 0);
	ck_assert_int_eq(emit(EV_SYN, SYN_REPORT, 0), 0);
	while (total < 5) {
		ck_assert_int_eq(evdev_read_events(fd, events + total, 8 - total, &count), 0);
		ck_assert_uint_gt(count, 0);
		total += count;
	}
	clock_gettime(CLOCK_MONOTONIC, &after);
	ck_assert_uint_eq(total, 5);
	ck_assert_uint_eq(events[0].type, EV_MSC);
	ck_assert_int_eq(events[0].value, 0x0f);
	ck_assert_uint_eq(events[1].type, EV_KEY);
	ck_assert_uint_eq(events[1].code, KEY_OK);
	ck_assert_int_eq(events[1].value, 1);
	ck_assert_uint_eq(events[2].type, EV_SYN);
	ck_assert_uint_eq(events[3].type, EV_KEY);
	ck_assert_int_eq(events[3].value, 0);
	before_ns = (uint64_t)before.tv_sec * 1000000000u + (uint64_t)before.tv_nsec;
	after_ns = (uint64_t)after.tv_sec * 1000000000u + (uint64_t)after.tv_nsec;
	/* Microsecond timestamps: allow the rounding down. */
	ck_assert_uint_ge(events[0].time_ns + 1000, before_ns);
	ck_assert_uint_le(events[4].time_ns, after_ns);
	close(fd);
}
END_TEST

static Suite *evdev_uinput_suite(void)
{
	Suite *s = suite_create("evdev_uinput");
	TCase *tc = tcase_create("uinput device");

	tcase_add_test(tc, test_name_id_repeat);
	tcase_add_test(tc, test_keytable_refused_without_table);
	tcase_add_test(tc, test_events_on_the_monotonic_clock);
	suite_add_tcase(s, tc);
	return s;
}

static int setup_device(void)
{
	int ret = create_device();

	if (ret && uinput_fd >= 0)
		close(uinput_fd);
	return ret;
}

static void destroy_device(void)
{
	ioctl(uinput_fd, UI_DEV_DESTROY);
	close(uinput_fd);
}

/* One process: the device must live while every test reads it. */
UNIT_TEST(.suite = evdev_uinput_suite, .setup = setup_device, .teardown = destroy_device,
	  .no_fork = true);
