// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ir_error.h"
#include "test-main.h"

START_TEST(test_set_at_formats_location)
{
	struct ir_error err;

	ir_error_set_at(&err, "remote.toml", 12, 5, "expected '%c'", '=');
	ck_assert_str_eq(err.message, "remote.toml:12:5: expected '='");
	ir_error_set_at(&err, "rc_maps.cfg", 3, 0, "bad line");
	ck_assert_str_eq(err.message, "rc_maps.cfg:3: bad line");
	ir_error_set_at(&err, "foo.o", 0, 0, "not an ELF file");
	ck_assert_str_eq(err.message, "foo.o: not an ELF file");
}
END_TEST

START_TEST(test_prefix_adds_context)
{
	struct ir_error err;

	ir_error_set(&err, "unknown keycode '%s'", "KEY_FOO");
	ir_error_prefix(&err, "%s:%d", "a.toml", 7);
	ck_assert_str_eq(err.message, "a.toml:7: unknown keycode 'KEY_FOO'");
	ir_error_clear(&err);
	ck_assert_str_eq(err.message, "");
	ir_error_prefix(&err, "only");
	ck_assert_str_eq(err.message, "only");
}
END_TEST

/*
 * Names from files reach the terminal in messages: every setter turns control
 * characters (an escape sequence's ESC, a carriage return, DEL) into '?' (issue 13).
 */
START_TEST(test_control_characters_filtered)
{
	struct ir_error err;
	char text[] = "a\x1b[2Jb\r\x7f\tc\xc3\xa9";

	ir_error_set(&err, "map '%s'", "evil\x1b]0;title\x07");
	ck_assert_str_eq(err.message, "map 'evil?]0;title?'");
	ir_error_set_at(&err, "x\x1b.o", 0, 0, "section '%s'", "\x1b[31mred");
	ck_assert_str_eq(err.message, "x?.o: section '?[31mred'");
	ir_error_set(&err, "reason");
	ir_error_prefix(&err, "decoder '%s'", "\x1b[1K");
	ck_assert_str_eq(err.message, "decoder '?[1K': reason");
	/* UTF-8 stays as it is. */
	ir_error_filter_controls(text);
	ck_assert_str_eq(text, "a?[2Jb???c\xc3\xa9");
}
END_TEST

/*
 * C1 controls too (issue 27): U+009B in UTF-8 (C2 9B) and a raw 0x9B are CSI to a
 * terminal, as ESC [ is. Each becomes one '?'; valid UTF-8 around them stays, and so
 * do bytes 0xA0..0xFF outside UTF-8 (Latin-1 letters, not controls).
 */
START_TEST(test_c1_controls_filtered)
{
	struct ir_error err;
	char utf8[] = "a\xc2\x9b" "2Jb\xc2\x80\xc2\x9f\xc2\xa0\xe2\x80\x9b\xf0\x9f\x98\x80";
	char raw[] = "a\x9b" "2J\x80\x9f\xa0\xff\xc2";
	char mixed[] = "\xe2\x80\xc2\x9b\xed\xa0\x80\xc0\x9b";

	ir_error_filter_controls(utf8);
	ck_assert_str_eq(utf8, "a?2Jb??\xc2\xa0\xe2\x80\x9b\xf0\x9f\x98\x80");
	ir_error_filter_controls(raw);
	ck_assert_str_eq(raw, "a?2J??\xa0\xff\xc2");
	/*
	 * A sequence cut short, a surrogate (ED A0 80) and an overlong form (C0 9B) are not
	 * UTF-8: their 0x80..0x9F bytes are replaced, the others kept.
	 */
	ir_error_filter_controls(mixed);
	ck_assert_str_eq(mixed, "\xe2??\xed\xa0?\xc0?");
	ir_error_set(&err, "remote '%s'", "x\xc2\x9b" "31mred");
	ck_assert_str_eq(err.message, "remote 'x?31mred'");
	ir_error_set_at(&err, "f\x9b.conf", 1, 2, "button '%s'", "\x9b" "1K");
	ck_assert_str_eq(err.message, "f?.conf:1:2: button '?1K'");
	ir_error_set(&err, "reason");
	ir_error_prefix(&err, "decoder '%s'", "\xc2\x9b" "1K");
	ck_assert_str_eq(err.message, "decoder '?1K': reason");
}
END_TEST

START_TEST(test_null_is_accepted)
{
	ir_error_set(NULL, "x");
	ir_error_set_at(NULL, "f", 1, 1, "x");
	ir_error_prefix(NULL, "x");
	ir_error_clear(NULL);
}
END_TEST

START_TEST(test_long_message_is_truncated)
{
	struct ir_error err;
	char big[2000];

	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ir_error_set(&err, "%s", big);
	ck_assert_uint_eq(strlen(err.message), IR_ERROR_MESSAGE_MAX - 1);
	ir_error_prefix(&err, "p");
	ck_assert_uint_eq(strlen(err.message), IR_ERROR_MESSAGE_MAX - 1);
	ck_assert(strncmp(err.message, "p: aaa", 6) == 0);
}
END_TEST

static Suite *ir_error_suite(void)
{
	Suite *s = suite_create("ir_error");
	TCase *tc = tcase_create("format");

	tcase_add_test(tc, test_set_at_formats_location);
	tcase_add_test(tc, test_prefix_adds_context);
	tcase_add_test(tc, test_null_is_accepted);
	tcase_add_test(tc, test_control_characters_filtered);
	tcase_add_test(tc, test_c1_controls_filtered);
	tcase_add_test(tc, test_long_message_is_truncated);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = ir_error_suite);
