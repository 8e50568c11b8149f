// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rc-core emulation and the -t line format. The expected sequences follow the rules of
 * Linux 6.1's rc-main.c, worked out by hand: keyup after timeout + the protocol's repeat
 * period; repeat flag when the same (protocol, scancode, toggle) is still held; the input
 * core's autorepeat after 500 ms, every 125 ms.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/input-event-codes.h>

#include "event_print.h"
#include "rc_input.h"
#include "test-main.h"

#define MS(x) ((uint64_t)(x) * 1000000ULL)

static uint32_t lookup_volumeup(void *user, uint64_t scancode)
{
	(void)user;
	if (scancode == 0xf)
		return KEY_VOLUMEUP;
	if (scancode == 0x1234)
		return KEY_OK;
	if (scancode == 0x100000000ULL)
		return KEY_MUTE;
	return KEY_RESERVED;
}

static struct rc_input *new_input_kernel(bool before_6_0)
{
	struct rc_input_config config = {
		.keydown_repeat_unflagged = before_6_0,
		.timeout_us = RC_INPUT_DEFAULT_TIMEOUT_US,
		.repeat_delay_ms = RC_INPUT_DEFAULT_REPEAT_DELAY_MS,
		.repeat_period_ms = RC_INPUT_DEFAULT_REPEAT_PERIOD_MS,
		.lookup = lookup_volumeup,
	};
	struct rc_input *input = NULL;

	ck_assert_int_eq(rc_input_new(&config, &input), 0);
	return input;
}

static struct rc_input *new_input(void)
{
	return new_input_kernel(false);
}

/* Render every record as -t lines, so that expectations read like the output. */
static char *render(const struct rc_input *input)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	size_t i;

	ck_assert_ptr_nonnull(out);
	for (i = 0; i < rc_input_record_count(input); i++) {
		const struct rc_input_record *r = rc_input_record_at(input, i);

		if (r->type == RC_INPUT_RECORD_LIRC)
			event_print_lirc(out, r->time_ns, &r->lirc,
					 r->lirc.rc_proto == RC_PROTO_NEC ? "nec" : NULL);
		else
			event_print_input(out, r->time_ns, r->event_type, r->event_code,
					  r->event_value,
					  r->event_code == KEY_VOLUMEUP ? "KEY_VOLUMEUP" :
					  r->event_code == KEY_OK ? "KEY_OK" : NULL);
	}
	fclose(out);
	return text;
}

START_TEST(test_article_keydown)
{
	struct rc_input *input = new_input();
	char *text;

	ck_assert_int_eq(rc_input_keydown(input, 855168999000ULL, 64, 0xf, 0), 0);
	ck_assert_int_eq(rc_input_finish(input), 0);
	text = render(input);
	/* 100 ms is rc-core's repeat period for protocols beyond its table. */
	ck_assert_str_eq(text,
		"855.168999: lirc protocol(64): scancode = 0xf\n"
		"855.168999: event type EV_MSC(0x04): scancode = 0x0f\n"
		"855.168999: event type EV_KEY(0x01) key_down: KEY_VOLUMEUP(0x0073)\n"
		"855.168999: event type EV_SYN(0x00).\n"
		"855.393999: event type EV_KEY(0x01) key_up: KEY_VOLUMEUP(0x0073)\n"
		"855.393999: event type EV_SYN(0x00).\n");
	free(text);
	rc_input_free(input);
}
END_TEST

START_TEST(test_held_key_repeats)
{
	struct rc_input *input = new_input();
	const struct rc_input_record *r;
	size_t i, lirc = 0, repeats = 0, autorepeats = 0, ups = 0;
	uint64_t last_up = 0;

	ck_assert_int_eq(rc_input_keydown(input, 0, RC_PROTO_NEC, 0x1234, 0), 0);
	/* NEC repeat codes every 108 ms, ten of them. */
	for (i = 1; i <= 10; i++)
		ck_assert_int_eq(rc_input_repeat(input, MS(108 * i)), 0);
	ck_assert_int_eq(rc_input_finish(input), 0);
	for (i = 0; i < rc_input_record_count(input); i++) {
		r = rc_input_record_at(input, i);
		if (r->type == RC_INPUT_RECORD_LIRC) {
			lirc++;
			if (r->lirc.flags & LIRC_SCANCODE_FLAG_REPEAT) {
				repeats++;
				ck_assert_uint_eq(r->lirc.scancode, 0x1234);
				ck_assert_uint_eq(r->lirc.keycode, KEY_OK);
			}
		} else if (r->event_type == EV_KEY && r->event_value == 2) {
			/* 500 ms delay, then every 125 ms, while held */
			ck_assert_uint_eq(r->time_ns, MS(500 + 125 * autorepeats));
			autorepeats++;
		} else if (r->event_type == EV_KEY && r->event_value == 0) {
			ups++;
			last_up = r->time_ns;
		}
	}
	ck_assert_uint_eq(lirc, 11);
	ck_assert_uint_eq(repeats, 10);
	/* Held until 1080 + 125 (timeout) + 110 (NEC) = 1315 ms: repeats at 500..1250. */
	ck_assert_uint_eq(autorepeats, 7);
	ck_assert_uint_eq(ups, 1);
	ck_assert_uint_eq(last_up, MS(1315));
	rc_input_free(input);
}
END_TEST

/* The next timer: the key up, the autorepeat when earlier, none when no key is down. */
START_TEST(test_next_timer)
{
	struct rc_input *input = new_input();

	ck_assert_uint_eq(rc_input_next_timer_ns(input), UINT64_MAX);
	/* An unmapped scancode: no key goes down, nothing to time. */
	ck_assert_int_eq(rc_input_keydown(input, 0, RC_PROTO_NEC, 0x99, 0), 0);
	ck_assert_uint_eq(rc_input_next_timer_ns(input), UINT64_MAX);
	/* KEY_OK at 10 ms: up at 10 + 125 (timeout) + 110 (NEC) ms, autorepeat at 510. */
	ck_assert_int_eq(rc_input_keydown(input, MS(10), RC_PROTO_NEC, 0x1234, 0), 0);
	ck_assert_uint_eq(rc_input_next_timer_ns(input), MS(245));
	/* Repeats every 108 ms push the key up past the autorepeat at 510 ms. */
	ck_assert_int_eq(rc_input_repeat(input, MS(118)), 0);
	ck_assert_int_eq(rc_input_repeat(input, MS(226)), 0);
	ck_assert_uint_eq(rc_input_next_timer_ns(input), MS(226 + 235));
	ck_assert_int_eq(rc_input_repeat(input, MS(334)), 0);
	ck_assert_uint_eq(rc_input_next_timer_ns(input), MS(510));
	/* Nothing fires before it: the time only moves. */
	ck_assert_int_eq(rc_input_advance(input, MS(509)), 0);
	ck_assert_uint_eq(rc_input_next_timer_ns(input), MS(510));
	ck_assert_int_eq(rc_input_finish(input), 0);
	ck_assert_uint_eq(rc_input_next_timer_ns(input), UINT64_MAX);
	rc_input_free(input);
}
END_TEST

START_TEST(test_same_frame_again_is_repeat)
{
	struct rc_input *input = new_input();
	char *text;

	ck_assert_int_eq(rc_input_keydown(input, MS(1000), RC_PROTO_NEC, 0x1234, 0), 0);
	ck_assert_int_eq(rc_input_keydown(input, MS(1100), RC_PROTO_NEC, 0x1234, 0), 0);
	rc_input_records_clear(input);
	/* A toggle change is a new press: the old key goes up first, with no SYN between. */
	ck_assert_int_eq(rc_input_keydown(input, MS(1200), RC_PROTO_NEC, 0x1234, 1), 0);
	text = render(input);
	ck_assert_str_eq(text,
		"1.200000: lirc protocol(nec): scancode = 0x1234 toggle=1\n"
		"1.200000: event type EV_KEY(0x01) key_up: KEY_OK(0x0160)\n"
		"1.200000: event type EV_MSC(0x04): scancode = 0x1234\n"
		"1.200000: event type EV_KEY(0x01) key_down: KEY_OK(0x0160)\n"
		"1.200000: event type EV_SYN(0x00).\n");
	free(text);
	rc_input_free(input);
}
END_TEST

START_TEST(test_repeat_flag_on_second_frame)
{
	struct rc_input *input = new_input();
	const struct rc_input_record *r;

	ck_assert_int_eq(rc_input_keydown(input, MS(1000), RC_PROTO_NEC, 0x1234, 0), 0);
	ck_assert_int_eq(rc_input_keydown(input, MS(1100), RC_PROTO_NEC, 0x1234, 0), 0);
	r = rc_input_record_at(input, 4);
	ck_assert_int_eq(r->type, RC_INPUT_RECORD_LIRC);
	ck_assert_uint_eq(r->lirc.flags, LIRC_SCANCODE_FLAG_REPEAT);
	/* The held key gives MSC_SCAN and SYN only: no second key_down. */
	ck_assert_uint_eq(rc_input_record_count(input), 7);
	rc_input_free(input);
}
END_TEST

/*
 * Linux 5.10's ir_do_keydown() gives the lirc event only the toggle flag; its
 * rc_repeat() sets the repeat flag as 6.1's does. Nothing else differs.
 */
START_TEST(test_before_6_0_keydown_unflagged)
{
	struct rc_input *input = new_input_kernel(true);
	char *text;

	ck_assert_int_eq(rc_input_keydown(input, MS(1000), RC_PROTO_NEC, 0x1234, 0), 0);
	ck_assert_int_eq(rc_input_keydown(input, MS(1100), RC_PROTO_NEC, 0x1234, 0), 0);
	ck_assert_int_eq(rc_input_repeat(input, MS(1200)), 0);
	text = render(input);
	ck_assert_str_eq(text,
		"1.000000: lirc protocol(nec): scancode = 0x1234\n"
		"1.000000: event type EV_MSC(0x04): scancode = 0x1234\n"
		"1.000000: event type EV_KEY(0x01) key_down: KEY_OK(0x0160)\n"
		"1.000000: event type EV_SYN(0x00).\n"
		"1.100000: lirc protocol(nec): scancode = 0x1234\n"
		"1.100000: event type EV_MSC(0x04): scancode = 0x1234\n"
		"1.100000: event type EV_SYN(0x00).\n"
		"1.200000: lirc protocol(nec): scancode = 0x1234 repeat\n"
		"1.200000: event type EV_MSC(0x04): scancode = 0x1234\n"
		"1.200000: event type EV_SYN(0x00).\n");
	free(text);
	rc_input_free(input);
}
END_TEST

START_TEST(test_unmapped_scancode)
{
	struct rc_input *input = new_input();
	char *text;

	ck_assert_int_eq(rc_input_keydown(input, MS(2000), RC_PROTO_NEC, 0x99, 0), 0);
	ck_assert_int_eq(rc_input_finish(input), 0);
	text = render(input);
	ck_assert_str_eq(text,
		"2.000000: lirc protocol(nec): scancode = 0x99\n"
		"2.000000: event type EV_MSC(0x04): scancode = 0x99\n"
		"2.000000: event type EV_SYN(0x00).\n");
	free(text);
	rc_input_free(input);
}
END_TEST

START_TEST(test_wide_scancode_has_no_msc)
{
	struct rc_input *input = new_input();
	const struct rc_input_record *r;

	ck_assert_int_eq(rc_input_keydown(input, 0, 64, 0x100000000ULL, 0), 0);
	ck_assert_uint_eq(rc_input_record_count(input), 3);
	r = rc_input_record_at(input, 1);
	ck_assert_uint_eq(r->event_type, EV_KEY);
	ck_assert_uint_eq(r->event_code, KEY_MUTE);
	rc_input_free(input);
}
END_TEST

START_TEST(test_pointer_and_clock)
{
	struct rc_input *input = new_input();
	char *text;

	ck_assert_int_eq(rc_input_pointer_rel(input, MS(5), 0, -3), 0);
	ck_assert_int_eq(rc_input_pointer_rel(input, MS(6), 0, 0), 0);
	text = render(input);
	ck_assert_str_eq(text,
		"0.005000: event type EV_REL(0x02): REL_Y = -3\n"
		"0.005000: event type EV_SYN(0x00).\n");
	free(text);
	ck_assert_int_eq(rc_input_advance(input, MS(4)), -EINVAL);
	rc_input_free(input);
}
END_TEST

START_TEST(test_repeat_periods)
{
	/* Values of Linux 6.1's protocol table. */
	ck_assert_uint_eq(rc_input_repeat_period_ms(RC_PROTO_NEC), 110);
	ck_assert_uint_eq(rc_input_repeat_period_ms(RC_PROTO_RC5), 114);
	ck_assert_uint_eq(rc_input_repeat_period_ms(RC_PROTO_SONY20), 100);
	ck_assert_uint_eq(rc_input_repeat_period_ms(RC_PROTO_XBOX_DVD), 64);
	ck_assert_uint_eq(rc_input_repeat_period_ms(64), 100);
}
END_TEST

START_TEST(test_print_lirc_flags)
{
	struct lirc_scancode sc = { .rc_proto = RC_PROTO_RC6_MCE, .scancode = 0x800f040c,
				    .flags = LIRC_SCANCODE_FLAG_REPEAT |
					     LIRC_SCANCODE_FLAG_TOGGLE };
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);

	event_print_lirc(out, 12000001000ULL, &sc, "rc6_mce");
	event_print_input(out, 12000001000ULL, EV_KEY, KEY_OK, 2, "KEY_OK");
	event_print_input(out, 12000001000ULL, EV_KEY, 0x2ff, 1, NULL);
	fclose(out);
	ck_assert_str_eq(text,
		"12.000001: lirc protocol(rc6_mce): scancode = 0x800f040c repeat toggle=1\n"
		"12.000001: event type EV_KEY(0x01) key_repeat: KEY_OK(0x0160)\n"
		"12.000001: event type EV_KEY(0x01) key_down: 0x02ff\n");
	free(text);
}
END_TEST

static Suite *rc_input_suite(void)
{
	Suite *s = suite_create("rc_input");
	TCase *keys = tcase_create("keys");
	TCase *print = tcase_create("print");

	tcase_add_test(keys, test_article_keydown);
	tcase_add_test(keys, test_held_key_repeats);
	tcase_add_test(keys, test_next_timer);
	tcase_add_test(keys, test_same_frame_again_is_repeat);
	tcase_add_test(keys, test_repeat_flag_on_second_frame);
	tcase_add_test(keys, test_before_6_0_keydown_unflagged);
	tcase_add_test(keys, test_unmapped_scancode);
	tcase_add_test(keys, test_wide_scancode_has_no_msc);
	tcase_add_test(keys, test_pointer_and_clock);
	tcase_add_test(keys, test_repeat_periods);
	tcase_add_test(print, test_print_lirc_flags);
	suite_add_tcase(s, keys);
	suite_add_tcase(s, print);
	return s;
}

UNIT_TEST(.suite = rc_input_suite);
