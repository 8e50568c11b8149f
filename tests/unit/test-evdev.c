// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * evdev: scancode packing, event reading (through a pipe), and the keytable, repeat,
 * clock, name and id ioctls against a model of rc-core's input device.
 *
 * The model stands in for the kernel because this host has neither rc-core nor
 * uinput: the test binary is linked with --wrap=ioctl, and ioctls on one descriptor
 * go to a table that follows drivers/media/rc/rc-main.c (ir_getkeycode, ir_setkeycode:
 * a table sorted by scancode, scancodes of len 1/2/4/8 in machine order, reads by
 * index failing with EINVAL past the end, KEY_RESERVED deleting an entry, ENOMEM when
 * the table cannot grow) and drivers/input/evdev.c (EVIOCGNAME's truncation, ENOSYS
 * for repeat on a device without EV_REP). The real kernel is the qemu tests' job.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "evdev.h"
#include "test-main.h"

#define MODEL_TABLE_MAX 8

struct model_entry {
	uint64_t scancode;
	uint32_t keycode;
};

static struct {
	int fd;
	bool scancodes_32bit;	/* a kernel whose tables hold u32 scancodes */
	bool has_rep;
	size_t len;
	struct model_entry scan[MODEL_TABLE_MAX];
	unsigned int rep[2];
	int clock;
	const char *name;
	struct input_id id;
	/* Indexes of the set-by-index calls, in order. */
	unsigned int set_index_log[32];
	size_t set_index_count;
} model;

int __real_ioctl(int fd, unsigned long request, ...);
int __wrap_ioctl(int fd, unsigned long request, ...);

static int model_fail(int error)
{
	errno = error;
	return -1;
}

static int model_scancode(const struct input_keymap_entry *ke, uint64_t *scancode)
{
	switch (ke->len) {
	case 1:
		*scancode = ke->scancode[0];
		return 0;
	case 2: {
		uint16_t v;

		memcpy(&v, ke->scancode, 2);
		*scancode = v;
		return 0;
	}
	case 4: {
		uint32_t v;

		memcpy(&v, ke->scancode, 4);
		*scancode = v;
		return 0;
	}
	case 8: {
		uint64_t v;

		if (model.scancodes_32bit)
			return -EINVAL;
		memcpy(&v, ke->scancode, 8);
		*scancode = v;
		return 0;
	}
	}
	return -EINVAL;
}

static void model_delete(size_t index)
{
	memmove(&model.scan[index], &model.scan[index + 1],
		(model.len - index - 1) * sizeof(model.scan[0]));
	model.len--;
}

static int model_get(struct input_keymap_entry *ke)
{
	size_t index = ke->index;
	uint64_t scancode;

	if (!(ke->flags & INPUT_KEYMAP_BY_INDEX)) {
		if (model_scancode(ke, &scancode))
			return model_fail(EINVAL);
		for (index = 0; index < model.len; index++)
			if (model.scan[index].scancode == scancode)
				break;
		if (index == model.len) {
			ke->index = 0xffff;
			ke->keycode = KEY_RESERVED;
			return 0;
		}
	}
	if (index >= model.len)
		return model_fail(EINVAL);
	ke->index = (uint16_t)index;
	ke->keycode = model.scan[index].keycode;
	if (model.scancodes_32bit) {
		uint32_t v = (uint32_t)model.scan[index].scancode;

		ke->len = 4;
		memcpy(ke->scancode, &v, 4);
	} else {
		ke->len = 8;
		memcpy(ke->scancode, &model.scan[index].scancode, 8);
	}
	return 0;
}

static int model_set(const struct input_keymap_entry *ke)
{
	size_t index;
	uint64_t scancode;

	if (ke->keycode > KEY_MAX || ke->len > sizeof(ke->scancode))
		return model_fail(EINVAL);
	if (ke->flags & INPUT_KEYMAP_BY_INDEX) {
		model.set_index_log[model.set_index_count++ % 32] = ke->index;
		index = ke->index;
		if (index >= model.len)
			return model_fail(EINVAL);
	} else {
		if (model_scancode(ke, &scancode))
			return model_fail(EINVAL);
		for (index = 0; index < model.len; index++)
			if (model.scan[index].scancode >= scancode)
				break;
		if (index == model.len || model.scan[index].scancode != scancode) {
			if (model.len == MODEL_TABLE_MAX)
				return model_fail(ENOMEM);
			memmove(&model.scan[index + 1], &model.scan[index],
				(model.len - index) * sizeof(model.scan[0]));
			model.scan[index].scancode = scancode;
			model.scan[index].keycode = KEY_RESERVED;
			model.len++;
		}
	}
	if (ke->keycode == KEY_RESERVED || ke->keycode == KEY_UNKNOWN)
		model_delete(index);
	else
		model.scan[index].keycode = ke->keycode;
	return 0;
}

static int model_ioctl(unsigned long request, void *arg)
{
	if (_IOC_TYPE(request) == 'E' && _IOC_NR(request) == 0x06 &&
	    _IOC_DIR(request) == _IOC_READ) {
		size_t max = _IOC_SIZE(request), len = strlen(model.name) + 1;

		if (len > max)
			len = max;
		memcpy(arg, model.name, len);
		return (int)len;
	}
	switch (request) {
	case EVIOCGKEYCODE_V2:
		return model_get(arg);
	case EVIOCSKEYCODE_V2:
		return model_set(arg);
	case EVIOCGREP:
		if (!model.has_rep)
			return model_fail(ENOSYS);
		memcpy(arg, model.rep, sizeof(model.rep));
		return 0;
	case EVIOCSREP:
		if (!model.has_rep)
			return model_fail(ENOSYS);
		memcpy(model.rep, arg, sizeof(model.rep));
		return 0;
	case EVIOCSCLOCKID: {
		int clock = *(int *)arg;

		if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC &&
		    clock != CLOCK_BOOTTIME)
			return model_fail(EINVAL);
		model.clock = clock;
		return 0;
	}
	case EVIOCGID:
		memcpy(arg, &model.id, sizeof(model.id));
		return 0;
	}
	return model_fail(EINVAL);
}

int __wrap_ioctl(int fd, unsigned long request, ...)
{
	va_list args;
	void *arg;

	va_start(args, request);
	arg = va_arg(args, void *);
	va_end(args);
	if (fd == model.fd && fd >= 0)
		return model_ioctl(request, arg);
	return __real_ioctl(fd, request, arg);
}

static void model_setup(void)
{
	memset(&model, 0, sizeof(model));
	model.fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	ck_assert_int_ge(model.fd, 0);
	model.has_rep = true;
	model.rep[0] = 500;
	model.rep[1] = 125;
	model.clock = CLOCK_REALTIME;
	model.name = "RC loopback device";
	model.id.bustype = BUS_VIRTUAL;
	model.id.version = 1;
}

static void model_teardown(void)
{
	close(model.fd);
	model.fd = -1;
}

static void model_add(uint64_t scancode, uint32_t keycode)
{
	model.scan[model.len].scancode = scancode;
	model.scan[model.len].keycode = keycode;
	model.len++;
}

START_TEST(test_scancode_pack_unpack)
{
	struct input_keymap_entry ke;
	uint64_t scancode;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint8_t bytes8[8] = { 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11 };
	const uint8_t bytes4[4] = { 0x88, 0x77, 0x66, 0x55 };
	const uint8_t bytes2[2] = { 0x88, 0x77 };
#else
	const uint8_t bytes8[8] = { 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88 };
	const uint8_t bytes4[4] = { 0x55, 0x66, 0x77, 0x88 };
	const uint8_t bytes2[2] = { 0x77, 0x88 };
#endif
	const uint8_t zeros[32] = { 0 };

	memset(&ke, 0xaa, sizeof(ke));
	ck_assert_int_eq(evdev_scancode_pack(0x1122334455667788ull, 8, &ke), 0);
	ck_assert_uint_eq(ke.len, 8);
	ck_assert_mem_eq(ke.scancode, bytes8, 8);
	ck_assert_mem_eq(ke.scancode + 8, zeros, 24);
	ck_assert_int_eq(evdev_scancode_unpack(&ke, &scancode), 0);
	ck_assert_uint_eq(scancode, 0x1122334455667788ull);

	ck_assert_int_eq(evdev_scancode_pack(0x1122334455667788ull, 4, &ke), 0);
	ck_assert_uint_eq(ke.len, 4);
	ck_assert_mem_eq(ke.scancode, bytes4, 4);
	ck_assert_mem_eq(ke.scancode + 4, zeros, 28);
	ck_assert_int_eq(evdev_scancode_unpack(&ke, &scancode), 0);
	ck_assert_uint_eq(scancode, 0x55667788);

	ck_assert_int_eq(evdev_scancode_pack(0x7788, 2, &ke), 0);
	ck_assert_mem_eq(ke.scancode, bytes2, 2);
	ck_assert_int_eq(evdev_scancode_unpack(&ke, &scancode), 0);
	ck_assert_uint_eq(scancode, 0x7788);

	ck_assert_int_eq(evdev_scancode_pack(0x1ff, 1, &ke), 0);
	ck_assert_uint_eq(ke.scancode[0], 0xff);
	ck_assert_int_eq(evdev_scancode_unpack(&ke, &scancode), 0);
	ck_assert_uint_eq(scancode, 0xff);

	ck_assert_int_eq(evdev_scancode_pack(1, 3, &ke), -EINVAL);
	ke.len = 0;
	ck_assert_int_eq(evdev_scancode_unpack(&ke, &scancode), -EINVAL);
	ke.len = 16;
	ck_assert_int_eq(evdev_scancode_unpack(&ke, &scancode), -EINVAL);
}
END_TEST

START_TEST(test_keytable_set_read_lookup)
{
	struct evdev_keymap_entry *entries;
	struct ir_error err;
	uint32_t keycode;
	size_t count;

	ck_assert_int_eq(evdev_keytable_set(model.fd, 0x800f0400, KEY_POWER, &err), 0);
	ck_assert_int_eq(evdev_keytable_set(model.fd, 0x1122334455ull, KEY_1, &err), 0);
	ck_assert_int_eq(evdev_keytable_set(model.fd, 0x1e, KEY_OK, &err), 0);
	/* Setting a mapped scancode again replaces its keycode. */
	ck_assert_int_eq(evdev_keytable_set(model.fd, 0x1e, KEY_VOLUMEUP, &err), 0);
	ck_assert_uint_eq(model.len, 3);

	ck_assert_int_eq(evdev_keytable_read(model.fd, &entries, &count, &err), 0);
	ck_assert_uint_eq(count, 3);
	ck_assert_uint_eq(entries[0].scancode, 0x1e);
	ck_assert_uint_eq(entries[0].keycode, KEY_VOLUMEUP);
	ck_assert_uint_eq(entries[0].index, 0);
	ck_assert_uint_eq(entries[1].scancode, 0x800f0400);
	ck_assert_uint_eq(entries[1].keycode, KEY_POWER);
	ck_assert_uint_eq(entries[1].index, 1);
	ck_assert_uint_eq(entries[2].scancode, 0x1122334455ull);
	ck_assert_uint_eq(entries[2].keycode, KEY_1);
	ck_assert_uint_eq(entries[2].index, 2);
	free(entries);

	ck_assert_int_eq(evdev_keytable_lookup(model.fd, 0x800f0400, &keycode, &err), 0);
	ck_assert_uint_eq(keycode, KEY_POWER);
	ck_assert_int_eq(evdev_keytable_lookup(model.fd, 0x1122334455ull, &keycode, &err), 0);
	ck_assert_uint_eq(keycode, KEY_1);
	ck_assert_int_eq(evdev_keytable_lookup(model.fd, 0x99, &keycode, &err), 0);
	ck_assert_uint_eq(keycode, KEY_RESERVED);

	/* KEY_RESERVED removes the mapping. */
	ck_assert_int_eq(evdev_keytable_set(model.fd, 0x800f0400, KEY_RESERVED, &err), 0);
	ck_assert_uint_eq(model.len, 2);
	ck_assert_uint_eq(model.scan[1].scancode, 0x1122334455ull);
}
END_TEST

START_TEST(test_keytable_on_32bit_kernel)
{
	struct evdev_keymap_entry *entries;
	struct ir_error err;
	uint32_t keycode;
	size_t count;

	model.scancodes_32bit = true;
	ck_assert_int_eq(evdev_keytable_set(model.fd, 0xffffffff, KEY_OK, &err), 0);
	ck_assert_int_eq(evdev_keytable_set(model.fd, 0x100000000ull, KEY_BACK, &err), -EINVAL);
	/* Before Linux 5.7: the message names the kernel that takes the scancode. */
	ck_assert_str_eq(err.message, "scancode 0x100000000: this kernel only supports 32-bit "
			 "scancodes (64-bit ones need Linux 5.7 or later)");
	ck_assert_uint_eq(model.len, 1);
	ck_assert_int_eq(evdev_keytable_lookup(model.fd, 0xffffffff, &keycode, &err), 0);
	ck_assert_uint_eq(keycode, KEY_OK);
	ck_assert_int_eq(evdev_keytable_read(model.fd, &entries, &count, &err), 0);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(entries[0].scancode, 0xffffffff);
	free(entries);
}
END_TEST

START_TEST(test_keytable_clear_from_the_end)
{
	struct ir_error err;
	size_t removed = 0;

	model_add(0x01, KEY_1);
	model_add(0x02, KEY_2);
	model_add(0x03, KEY_3);
	model_add(0x04, KEY_4);
	model_add(0x05, KEY_5);
	ck_assert_int_eq(evdev_keytable_clear(model.fd, &removed, &err), 0);
	ck_assert_uint_eq(removed, 5);
	ck_assert_uint_eq(model.len, 0);
	ck_assert_uint_eq(model.set_index_count, 5);
	ck_assert_uint_eq(model.set_index_log[0], 4);
	ck_assert_uint_eq(model.set_index_log[1], 3);
	ck_assert_uint_eq(model.set_index_log[2], 2);
	ck_assert_uint_eq(model.set_index_log[3], 1);
	ck_assert_uint_eq(model.set_index_log[4], 0);
	/* An empty table is cleared without any write. */
	ck_assert_int_eq(evdev_keytable_clear(model.fd, &removed, &err), 0);
	ck_assert_uint_eq(removed, 0);
	ck_assert_uint_eq(model.set_index_count, 5);
}
END_TEST

START_TEST(test_keytable_errors)
{
	struct ir_error err;
	int i;

	ck_assert_int_eq(evdev_keytable_set(model.fd, 1, KEY_MAX + 1, &err), -EINVAL);
	ck_assert_str_eq(err.message, "keycode 0x300 is past KEY_MAX (0x2ff)");
	for (i = 0; i < MODEL_TABLE_MAX; i++)
		ck_assert_int_eq(evdev_keytable_set(model.fd, (uint64_t)i, KEY_A, &err), 0);
	ck_assert_int_eq(evdev_keytable_set(model.fd, 100, KEY_A, &err), -ENOMEM);
	ck_assert_str_eq(err.message, "scancode 0x64: the device's keytable is full");
}
END_TEST

START_TEST(test_repeat_clock_name_id)
{
	unsigned int delay, period;
	struct input_id id;
	char name[64], small[5];

	ck_assert_int_eq(evdev_get_repeat(model.fd, &delay, &period), 0);
	ck_assert_uint_eq(delay, 500);
	ck_assert_uint_eq(period, 125);
	ck_assert_int_eq(evdev_set_repeat(model.fd, 250, 33), 0);
	ck_assert_uint_eq(model.rep[0], 250);
	ck_assert_uint_eq(model.rep[1], 33);
	model.has_rep = false;
	ck_assert_int_eq(evdev_get_repeat(model.fd, &delay, &period), -ENOSYS);
	ck_assert_int_eq(evdev_set_repeat(model.fd, 1, 1), -ENOSYS);

	ck_assert_int_eq(evdev_set_clock_monotonic(model.fd), 0);
	ck_assert_int_eq(model.clock, CLOCK_MONOTONIC);

	ck_assert_int_eq(evdev_get_name(model.fd, name, sizeof(name)), 0);
	ck_assert_str_eq(name, "RC loopback device");
	memset(small, 'x', sizeof(small));
	ck_assert_int_eq(evdev_get_name(model.fd, small, sizeof(small)), 0);
	ck_assert_str_eq(small, "RC l");
	ck_assert_int_eq(evdev_get_id(model.fd, &id), 0);
	ck_assert_uint_eq(id.bustype, BUS_VIRTUAL);
	ck_assert_uint_eq(id.version, 1);
}
END_TEST

START_TEST(test_not_an_input_device)
{
	struct evdev_keymap_entry *entries;
	struct ir_error err;
	unsigned int delay, period;
	size_t count;
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(evdev_get_repeat(fds[0], &delay, &period), -ENOTTY);
	ck_assert_int_eq(evdev_set_clock_monotonic(fds[0]), -ENOTTY);
	ck_assert_int_eq(evdev_keytable_read(fds[0], &entries, &count, &err), -ENOTTY);
	ck_assert_str_eq(err.message, "reading keytable entry 0: Inappropriate ioctl for device");
	ck_assert_int_eq(evdev_keytable_set(fds[0], 0x10, KEY_OK, &err), -ENOTTY);
	ck_assert_str_eq(err.message, "setting scancode 0x10: Inappropriate ioctl for device");
	close(fds[0]);
	close(fds[1]);
}
END_TEST

static struct input_event raw_event(long sec, long usec, uint16_t type, uint16_t code,
				    int32_t value)
{
	struct input_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.input_event_sec = sec;
	ev.input_event_usec = usec;
	ev.type = type;
	ev.code = code;
	ev.value = value;
	return ev;
}

START_TEST(test_read_events)
{
	struct input_event in[3] = {
		raw_event(855, 169009, EV_MSC, MSC_SCAN, 0x0f),
		raw_event(855, 169009, EV_KEY, KEY_VOLUMEUP, 1),
		raw_event(855, 169010, EV_SYN, SYN_REPORT, 0),
	};
	struct evdev_event out[4];
	size_t count = 99;
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], in, sizeof(in)), (ssize_t)sizeof(in));
	/* Asking for two gets two, then the rest. */
	ck_assert_int_eq(evdev_read_events(fds[0], out, 2, &count), 0);
	ck_assert_uint_eq(count, 2);
	ck_assert_uint_eq(out[0].time_ns, 855169009000ull);
	ck_assert_uint_eq(out[0].type, EV_MSC);
	ck_assert_uint_eq(out[0].code, MSC_SCAN);
	ck_assert_int_eq(out[0].value, 0x0f);
	ck_assert_uint_eq(out[1].type, EV_KEY);
	ck_assert_uint_eq(out[1].code, KEY_VOLUMEUP);
	ck_assert_int_eq(out[1].value, 1);
	ck_assert_int_eq(evdev_read_events(fds[0], out, 4, &count), 0);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(out[0].time_ns, 855169010000ull);
	ck_assert_uint_eq(out[0].type, EV_SYN);

	/* Nothing there on a non-blocking descriptor. */
	ck_assert_int_eq(fcntl(fds[0], F_SETFL, O_NONBLOCK), 0);
	ck_assert_int_eq(evdev_read_events(fds[0], out, 4, &count), -EAGAIN);
	/* Half an event is an error, never a made-up event. */
	ck_assert_int_eq(write(fds[1], in, sizeof(in[0]) / 2), (ssize_t)(sizeof(in[0]) / 2));
	ck_assert_int_eq(evdev_read_events(fds[0], out, 4, &count), -EIO);
	close(fds[1]);
	ck_assert_int_eq(evdev_read_events(fds[0], out, 4, &count), 0);
	ck_assert_uint_eq(count, 0);
	close(fds[0]);
}
END_TEST

static Suite *evdev_suite(void)
{
	Suite *s = suite_create("evdev");
	TCase *tc;

	tc = tcase_create("scancodes");
	tcase_add_test(tc, test_scancode_pack_unpack);
	suite_add_tcase(s, tc);

	tc = tcase_create("keytable");
	tcase_add_checked_fixture(tc, model_setup, model_teardown);
	tcase_add_test(tc, test_keytable_set_read_lookup);
	tcase_add_test(tc, test_keytable_on_32bit_kernel);
	tcase_add_test(tc, test_keytable_clear_from_the_end);
	tcase_add_test(tc, test_keytable_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("device");
	tcase_add_checked_fixture(tc, model_setup, model_teardown);
	tcase_add_test(tc, test_repeat_clock_name_id);
	tcase_add_test(tc, test_not_an_input_device);
	suite_add_tcase(s, tc);

	tc = tcase_create("events");
	tcase_add_test(tc, test_read_events);
	suite_add_tcase(s, tc);
	return s;
}

static int no_model(void)
{
	model.fd = -1;
	return 0;
}

UNIT_TEST(.suite = evdev_suite, .setup = no_model);
