// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lirc: the protocol name table (checked against rc-main.c's tables, written out here
 * by hand), and reads and writes through pipes and other descriptors whose behaviour
 * is known; lirc_io's split of a train into the writes the kernel takes, on trains
 * cut by hand. The ioctls on a real /dev/lircN are the qemu tests' job.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/timerfd.h>

#include "lirc.h"
#include "lirc_io.h"
#include "test-main.h"

START_TEST(test_protocol_names)
{
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_UNKNOWN), "unknown");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_RC5), "rc-5");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_RC5X_20), "rc-5x-20");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_SONY15), "sony-15");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_NEC), "nec");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_NECX), "nec-x");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_NEC32), "nec-32");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_MCIR2_MSE), "mcir2-mse");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_RC6_MCE), "rc-6-mce");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_RCMM24), "rc-mm-24");
	ck_assert_str_eq(lirc_proto_name(RC_PROTO_XBOX_DVD), "xbox-dvd");
	ck_assert_ptr_null(lirc_proto_name(RC_PROTO_MAX + 1));
	ck_assert_ptr_null(lirc_proto_name(64));	/* the article's BPF decoder */

	ck_assert_str_eq(lirc_proto_sysfs_name(RC_PROTO_NEC32), "nec");
	ck_assert_str_eq(lirc_proto_sysfs_name(RC_PROTO_RC5X_20), "rc-5");
	ck_assert_str_eq(lirc_proto_sysfs_name(RC_PROTO_RC5_SZ), "rc-5-sz");
	ck_assert_str_eq(lirc_proto_sysfs_name(RC_PROTO_SONY20), "sony");
	ck_assert_str_eq(lirc_proto_sysfs_name(RC_PROTO_MCIR2_KBD), "mce_kbd");
	ck_assert_str_eq(lirc_proto_sysfs_name(RC_PROTO_RC6_6A_20), "rc-6");
	ck_assert_str_eq(lirc_proto_sysfs_name(RC_PROTO_RCMM32), "rc-mm");
	ck_assert_ptr_null(lirc_proto_sysfs_name(64));

	/* The enum's identifiers, lower case, as test mode prints them. */
	ck_assert_str_eq(lirc_proto_enum_name(RC_PROTO_RC5X_20), "rc5x_20");
	ck_assert_str_eq(lirc_proto_enum_name(RC_PROTO_NECX), "necx");
	ck_assert_str_eq(lirc_proto_enum_name(RC_PROTO_NEC32), "nec32");
	ck_assert_str_eq(lirc_proto_enum_name(RC_PROTO_MCIR2_MSE), "mcir2_mse");
	ck_assert_str_eq(lirc_proto_enum_name(RC_PROTO_RC6_6A_24), "rc6_6a_24");
	ck_assert_str_eq(lirc_proto_enum_name(RC_PROTO_RCMM12), "rcmm12");
	ck_assert_str_eq(lirc_proto_enum_name(RC_PROTO_XBOX_DVD), "xbox_dvd");
	ck_assert_ptr_null(lirc_proto_enum_name(64));

	ck_assert_int_eq(lirc_proto_from_name("nec-32"), RC_PROTO_NEC32);
	ck_assert_int_eq(lirc_proto_from_name("RC-6-MCE"), RC_PROTO_RC6_MCE);
	ck_assert_int_eq(lirc_proto_from_name("rc6_mce"), -ENOENT);
	ck_assert_int_eq(lirc_proto_from_name(""), -ENOENT);
}
END_TEST

START_TEST(test_every_protocol_named)
{
	/* The protocols file's names, from rc-main.c's proto_names[]. */
	static const char *const sysfs_names[] = {
		"other", "unknown", "rc-5", "nec", "rc-6", "jvc", "sony", "rc-5-sz", "sanyo",
		"sharp", "mce_kbd", "xmp", "cec", "imon", "rc-mm", "xbox-dvd",
	};
	uint32_t proto;
	size_t i;

	for (proto = 0; proto <= RC_PROTO_MAX; proto++) {
		const char *name = lirc_proto_name(proto);
		const char *group = lirc_proto_sysfs_name(proto);
		bool known = false;

		ck_assert_ptr_nonnull(name);
		ck_assert_int_eq(lirc_proto_from_name(name), (int)proto);
		ck_assert_ptr_nonnull(group);
		for (i = 0; i < sizeof(sysfs_names) / sizeof(sysfs_names[0]); i++)
			known |= !strcmp(group, sysfs_names[i]);
		ck_assert_msg(known, "protocol %u: \"%s\" is not a protocols-file name", proto,
			      group);
	}
}
END_TEST

START_TEST(test_read_scancodes)
{
	struct lirc_scancode in[2], out[4];
	size_t count;
	int fds[2];

	memset(in, 0, sizeof(in));
	in[0].timestamp = 855168999000ull;
	in[0].rc_proto = 64;
	in[0].scancode = 0xf;
	in[1].timestamp = 855279000000ull;
	in[1].flags = LIRC_SCANCODE_FLAG_REPEAT;
	in[1].rc_proto = RC_PROTO_NEC;
	in[1].scancode = 0x1234;
	in[1].keycode = 0x73;
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], in, sizeof(in)), (ssize_t)sizeof(in));
	ck_assert_int_eq(lirc_read_scancodes(fds[0], out, 4, &count), 0);
	ck_assert_uint_eq(count, 2);
	ck_assert_mem_eq(out, in, sizeof(in));
	ck_assert_int_eq(fcntl(fds[0], F_SETFL, O_NONBLOCK), 0);
	ck_assert_int_eq(lirc_read_scancodes(fds[0], out, 4, &count), -EAGAIN);
	ck_assert_int_eq(write(fds[1], in, 10), 10);
	ck_assert_int_eq(lirc_read_scancodes(fds[0], out, 4, &count), -EIO);
	close(fds[1]);
	ck_assert_int_eq(lirc_read_scancodes(fds[0], out, 4, &count), 0);
	ck_assert_uint_eq(count, 0);
	close(fds[0]);
}
END_TEST

START_TEST(test_read_samples)
{
	const uint32_t in[3] = { LIRC_PULSE(500), LIRC_SPACE(1500), LIRC_PULSE(500) };
	uint32_t out[2];
	size_t count;
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], in, sizeof(in)), (ssize_t)sizeof(in));
	ck_assert_int_eq(lirc_read_samples(fds[0], out, 2, &count), 0);
	ck_assert_uint_eq(count, 2);
	ck_assert_uint_eq(out[0], 0x010001f4);
	ck_assert_uint_eq(out[1], 0x000005dc);
	ck_assert_int_eq(lirc_read_samples(fds[0], out, 2, &count), 0);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(out[0], 0x010001f4);
	close(fds[0]);
	close(fds[1]);
}
END_TEST

START_TEST(test_write_pulses)
{
	const uint32_t pulses[3] = { 500, 1500, 500 };
	const uint32_t even[2] = { 500, 1500 };
	const uint32_t zero_space[3] = { 500, 0, 500 };
	const uint32_t long_pulse[3] = { 500, 1500, 0x1000000 };
	struct ir_error err;
	uint32_t back[4];
	int fds[2], tfd;

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(lirc_write_pulses(fds[1], pulses, 3, &err), 0);
	ck_assert_int_eq(read(fds[0], back, sizeof(back)), (ssize_t)sizeof(pulses));
	ck_assert_mem_eq(back, pulses, sizeof(pulses));

	ck_assert_int_eq(lirc_write_pulses(fds[1], even, 2, &err), -EINVAL);
	ck_assert_str_eq(err.message, "pulses and spaces (2 values): the count must be odd, "
			 "starting and ending with a pulse");
	ck_assert_int_eq(lirc_write_pulses(fds[1], NULL, 0, &err), -EINVAL);
	ck_assert_int_eq(lirc_write_pulses(fds[1], zero_space, 3, &err), -EINVAL);
	ck_assert_str_eq(err.message, "space 2: 0 microseconds is out of range (1 to 16777215)");
	ck_assert_int_eq(lirc_write_pulses(fds[1], long_pulse, 3, &err), -EINVAL);
	ck_assert_str_eq(err.message, "pulse 3: 16777216 microseconds is out of range "
			 "(1 to 16777215)");
	/* Nothing was written by the refused calls. */
	ck_assert_int_eq(fcntl(fds[0], F_SETFL, O_NONBLOCK), 0);
	ck_assert_int_eq(read(fds[0], back, sizeof(back)), -1);
	ck_assert_int_eq(errno, EAGAIN);
	close(fds[0]);
	close(fds[1]);

	/* A descriptor that refuses writes with EINVAL, as the kernel's LIRC limits do. */
	tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	ck_assert_int_ge(tfd, 0);
	ck_assert_int_eq(lirc_write_pulses(tfd, pulses, 3, &err), -EINVAL);
	ck_assert_str_eq(err.message, "the kernel refused the pulses and spaces (3 values): "
			 "too many at once, or too long in total");
	close(tfd);
}
END_TEST

START_TEST(test_write_scancode)
{
	struct lirc_scancode back, expected;
	struct ir_error err;
	int fds[2], tfd;

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(lirc_write_scancode(fds[1], RC_PROTO_NEC, 0x8012, &err), 0);
	ck_assert_int_eq(read(fds[0], &back, sizeof(back)), (ssize_t)sizeof(back));
	memset(&expected, 0, sizeof(expected));
	expected.rc_proto = RC_PROTO_NEC;
	expected.scancode = 0x8012;
	ck_assert_mem_eq(&back, &expected, sizeof(expected));
	ck_assert_int_eq(lirc_write_scancode(fds[1], 64, 0xf, &err), -EINVAL);
	ck_assert_str_eq(err.message, "protocol 64 is not one the kernel can encode");
	close(fds[0]);
	close(fds[1]);

	tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	ck_assert_int_ge(tfd, 0);
	ck_assert_int_eq(lirc_write_scancode(tfd, RC_PROTO_RC6_MCE, 0x800f0400, &err), -EINVAL);
	ck_assert_str_eq(err.message, "the kernel refused scancode 0x800f0400 for protocol "
			 "rc-6-mce: no encoder for it, or not a valid scancode of it");
	close(tfd);
}
END_TEST

START_TEST(test_ioctls_on_a_pipe)
{
	uint32_t value, min, max;
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(lirc_get_features(fds[0], &value), -ENOTTY);
	ck_assert_int_eq(lirc_get_rec_mode(fds[0], &value), -ENOTTY);
	ck_assert_int_eq(lirc_set_rec_mode(fds[0], LIRC_MODE_SCANCODE), -ENOTTY);
	ck_assert_int_eq(lirc_set_send_mode(fds[1], LIRC_MODE_PULSE), -ENOTTY);
	ck_assert_int_eq(lirc_get_rec_timeout(fds[0], &value), -ENOTTY);
	ck_assert_int_eq(lirc_set_rec_timeout(fds[0], 125000), -ENOTTY);
	ck_assert_int_eq(lirc_get_rec_timeout_range(fds[0], &min, &max), -ENOTTY);
	close(fds[0]);
	close(fds[1]);
}
END_TEST

/*
 * lirc_io_split(): trains cut by hand. A part is a pulse then (space, pulse) pairs; the
 * space where a train is cut is waited out after the part before it.
 */
struct want_part {
	size_t start, count;
	uint32_t pause;
};

static void check_split(const uint32_t *train, size_t count, size_t values_max,
			uint32_t duration_max, const struct want_part *want, size_t want_count)
{
	struct lirc_io_part *parts = NULL;
	struct ir_error err = { "" };
	size_t n = 0, i;

	ck_assert_int_eq(lirc_io_split(train, count, values_max, duration_max, &parts, &n,
				       &err), 0);
	ck_assert_uint_eq(n, want_count);
	for (i = 0; i < n; i++) {
		ck_assert_uint_eq(parts[i].start, want[i].start);
		ck_assert_uint_eq(parts[i].count, want[i].count);
		ck_assert_uint_eq(parts[i].pause, want[i].pause);
	}
	free(parts);
}

#define CHECK_SPLIT(train, values_max, duration_max, ...) do {			\
	static const struct want_part want_[] = { __VA_ARGS__ };		\
	check_split(train, sizeof(train) / sizeof(train[0]), values_max,	\
		    duration_max, want_, sizeof(want_) / sizeof(want_[0]));	\
} while (0)

START_TEST(test_split_by_count)
{
	static const uint32_t three[] = { 500, 700, 300 };
	static const uint32_t seven[] = { 1, 2, 3, 4, 5, 6, 7 };

	/* What fits goes in one write. */
	CHECK_SPLIT(three, LIRC_IO_WRITE_VALUES_MAX, LIRC_IO_WRITE_DURATION_MAX, { 0, 3, 0 });
	/* Three values a write: 1 2 3, wait 4, 5 6 7. */
	CHECK_SPLIT(seven, 3, 1000, { 0, 3, 4 }, { 4, 3, 0 });
	/* An even limit cannot end on a pulse: it is one less. */
	CHECK_SPLIT(seven, 4, 1000, { 0, 3, 4 }, { 4, 3, 0 });
	/* One value a write: every pulse alone, every space waited out. */
	CHECK_SPLIT(seven, 1, 1000, { 0, 1, 2 }, { 2, 1, 4 }, { 4, 1, 6 }, { 6, 1, 0 });
	CHECK_SPLIT(three, 0, 1000, { 0, 1, 700 }, { 2, 1, 0 });
}
END_TEST

START_TEST(test_split_by_duration)
{
	static const uint32_t longest[] = { 300000, 100000, 150000, 20000, 40000, 1, 100000 };
	static const uint32_t exact[] = { 250000, 1, 249999, 1, 1 };
	static const uint32_t too_long[] = { 100, 200, 500001 };
	struct lirc_io_part *parts = (struct lirc_io_part *)0x1;
	struct ir_error err = { "" };
	size_t n = 7;

	/* 300000 + 100000 + 150000 is past 500 ms: cut at the 100 ms space. */
	CHECK_SPLIT(longest, 1024, 500000, { 0, 1, 100000 }, { 2, 5, 0 });
	/* 500 ms exactly fits; one microsecond more does not. */
	CHECK_SPLIT(exact, 1024, 500000, { 0, 3, 1 }, { 4, 1, 0 });
	ck_assert_int_eq(lirc_io_split(too_long, 3, 1024, 500000, &parts, &n, &err), -EINVAL);
	ck_assert_str_eq(err.message, "pulse 3: 500001 microseconds is longer than a device "
		       "sends at once (500000)");
	ck_assert_ptr_eq(parts, (struct lirc_io_part *)0x1);
	ck_assert_uint_eq(n, 7);
}
END_TEST

static Suite *lirc_suite(void)
{
	Suite *s = suite_create("lirc");
	TCase *tc;

	tc = tcase_create("protocol names");
	tcase_add_test(tc, test_protocol_names);
	tcase_add_test(tc, test_every_protocol_named);
	suite_add_tcase(s, tc);

	tc = tcase_create("reading");
	tcase_add_test(tc, test_read_scancodes);
	tcase_add_test(tc, test_read_samples);
	suite_add_tcase(s, tc);

	tc = tcase_create("writing");
	tcase_add_test(tc, test_write_pulses);
	tcase_add_test(tc, test_write_scancode);
	tcase_add_test(tc, test_ioctls_on_a_pipe);
	suite_add_tcase(s, tc);

	tc = tcase_create("split");
	tcase_add_test(tc, test_split_by_count);
	tcase_add_test(tc, test_split_by_duration);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = lirc_suite);
