// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <check.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "keycodes.h"
#include "test-main.h"

/* Values read off linux/input-event-codes.h by hand. */
START_TEST(test_known_names)
{
	static const struct {
		const char *name;
		uint32_t code;
	} known[] = {
		{ "KEY_RESERVED", 0 },
		{ "KEY_ESC", 1 },
		{ "KEY_VOLUMEUP", 115 },
		{ "KEY_POWER", 116 },
		{ "KEY_OK", 0x160 },
		{ "KEY_SELECT", 0x161 },
		{ "BTN_LEFT", 0x110 },
		{ "BTN_MOUSE", 0x110 },
		{ "BTN_0", 0x100 },
		{ "BTN_MISC", 0x100 },
		{ "KEY_NUMERIC_0", 0x200 },
		{ "KEY_BRIGHTNESS_MAX", 0x251 },	/* a key, not a range end */
		{ "BTN_TRIGGER_HAPPY40", 0x2e7 },
	};
	uint32_t code;
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		code = 0xdead;
		ck_assert_msg(keycode_from_name(known[i].name, &code) == 0, "%s", known[i].name);
		ck_assert_uint_eq(code, known[i].code);
	}
}
END_TEST

START_TEST(test_aliases_resolve)
{
	uint32_t code;

	ck_assert_int_eq(keycode_from_name("KEY_HANGUEL", &code), 0);
	ck_assert_uint_eq(code, 122);
	ck_assert_int_eq(keycode_from_name("KEY_HANGEUL", &code), 0);
	ck_assert_uint_eq(code, 122);
	ck_assert_int_eq(keycode_from_name("BTN_A", &code), 0);
	ck_assert_uint_eq(code, 0x130);
	ck_assert_int_eq(keycode_from_name("KEY_ZOOM", &code), 0);
	ck_assert_uint_eq(code, 0x174);
	ck_assert_int_eq(keycode_from_name("KEY_SCREENLOCK", &code), 0);
	ck_assert_uint_eq(code, 152);
	ck_assert_int_eq(keycode_from_name("KEY_SCREEN", &code), 0);
	ck_assert_uint_eq(code, 0x177);
}
END_TEST

START_TEST(test_canonical_names)
{
	ck_assert_str_eq(keycode_to_name(115), "KEY_VOLUMEUP");
	ck_assert_str_eq(keycode_to_name(0x160), "KEY_OK");
	ck_assert_str_eq(keycode_to_name(0), "KEY_RESERVED");
	/* The literal definition wins over the alias... */
	ck_assert_str_eq(keycode_to_name(122), "KEY_HANGEUL");
	ck_assert_str_eq(keycode_to_name(0x130), "BTN_SOUTH");
	ck_assert_str_eq(keycode_to_name(0x174), "KEY_FULL_SCREEN");
	ck_assert_str_eq(keycode_to_name(152), "KEY_COFFEE");
	/* ...and the button over the start of its range. */
	ck_assert_str_eq(keycode_to_name(0x110), "BTN_LEFT");
	ck_assert_str_eq(keycode_to_name(0x100), "BTN_0");
	ck_assert_str_eq(keycode_to_name(0x120), "BTN_TRIGGER");
	ck_assert_str_eq(keycode_to_name(0x2c0), "BTN_TRIGGER_HAPPY1");
	/* Numbers the header leaves unnamed. */
	ck_assert_ptr_null(keycode_to_name(84));
	ck_assert_ptr_null(keycode_to_name(0x2e8));
	ck_assert_ptr_null(keycode_to_name(KEYCODE_MAX));
	ck_assert_ptr_null(keycode_to_name(KEYCODE_MAX + 1));
	ck_assert_ptr_null(keycode_to_name(UINT32_MAX));
}
END_TEST

START_TEST(test_excluded_names)
{
	uint32_t code = 7;

	ck_assert_int_eq(keycode_from_name("KEY_MAX", &code), -ENOENT);
	ck_assert_int_eq(keycode_from_name("KEY_CNT", &code), -ENOENT);
	ck_assert_int_eq(keycode_from_name("KEY_MIN_INTERESTING", &code), -ENOENT);
	ck_assert_int_eq(keycode_from_name("REL_X", &code), -ENOENT);
	ck_assert_int_eq(keycode_from_name("KEY_", &code), -ENOENT);
	ck_assert_int_eq(keycode_from_name("", &code), -ENOENT);
	ck_assert_int_eq(keycode_from_name("KEY_VOLUMEUP ", &code), -ENOENT);
	ck_assert_uint_eq(code, 7);
}
END_TEST

START_TEST(test_case_insensitive)
{
	uint32_t code;

	ck_assert_int_eq(keycode_from_name("key_volumeup", &code), 0);
	ck_assert_uint_eq(code, 115);
	ck_assert_int_eq(keycode_from_name("Btn_Left", &code), 0);
	ck_assert_uint_eq(code, 0x110);
	ck_assert_int_eq(keycode_from_name("kEy_Ok", &code), 0);
	ck_assert_uint_eq(code, 0x160);
}
END_TEST

START_TEST(test_parse_numbers)
{
	uint32_t code = 1234;

	ck_assert_int_eq(keycode_parse("0x73", &code), 0);
	ck_assert_uint_eq(code, 115);
	ck_assert_int_eq(keycode_parse("115", &code), 0);
	ck_assert_uint_eq(code, 115);
	ck_assert_int_eq(keycode_parse("0163", &code), 0);
	ck_assert_uint_eq(code, 115);
	ck_assert_int_eq(keycode_parse("0X2FF", &code), 0);
	ck_assert_uint_eq(code, 0x2ff);
	ck_assert_int_eq(keycode_parse("0", &code), 0);
	ck_assert_uint_eq(code, 0);
	ck_assert_int_eq(keycode_parse("KEY_OK", &code), 0);
	ck_assert_uint_eq(code, 0x160);

	code = 1234;
	ck_assert_int_eq(keycode_parse("0x300", &code), -ERANGE);
	ck_assert_int_eq(keycode_parse("768", &code), -ERANGE);
	ck_assert_int_eq(keycode_parse("99999999999999999999999", &code), -ERANGE);
	ck_assert_int_eq(keycode_parse("0x", &code), -EINVAL);
	ck_assert_int_eq(keycode_parse("12abc", &code), -EINVAL);
	ck_assert_int_eq(keycode_parse("09", &code), -EINVAL);
	ck_assert_int_eq(keycode_parse("KEY_NOPE", &code), -ENOENT);
	ck_assert_int_eq(keycode_parse("-1", &code), -ENOENT);
	ck_assert_uint_eq(code, 1234);
}
END_TEST

START_TEST(test_enumeration_is_sorted_and_complete)
{
	size_t i, count = keycode_name_count();
	const char *previous = NULL;
	uint32_t code, again;

	ck_assert_uint_gt(count, 600);
	for (i = 0; i < count; i++) {
		const char *name = keycode_name_at(i, &code);

		ck_assert_ptr_nonnull(name);
		ck_assert_int_eq(keycode_from_name(name, &again), 0);
		ck_assert_uint_eq(again, code);
		ck_assert_ptr_nonnull(keycode_to_name(code));
		if (previous)
			ck_assert_int_lt(strcasecmp(previous, name), 0);
		previous = name;
	}
	ck_assert_ptr_null(keycode_name_at(count, &code));
}
END_TEST

/*
 * Read the header the build used, the simple way, and check that every KEY_/BTN_ define
 * with a number, or naming another, is in the table with that number.
 */
START_TEST(test_every_header_define)
{
	char line[512], names[1024][64];
	uint32_t values[1024], code;
	size_t count = 0, checked = 0, i;
	FILE *header = fopen(INPUT_EVENT_CODES_H, "r");

	ck_assert_ptr_nonnull(header);
	while (fgets(line, sizeof(line), header)) {
		char name[64], value[64];

		if (sscanf(line, "#define %63s %63s", name, value) != 2)
			continue;
		if (strncmp(name, "KEY_", 4) != 0 && strncmp(name, "BTN_", 4) != 0)
			continue;
		if (!strcmp(name, "KEY_MAX") || !strcmp(name, "KEY_CNT") ||
		    !strcmp(name, "KEY_MIN_INTERESTING"))
			continue;
		ck_assert_uint_lt(count, 1024);
		strcpy(names[count], name);
		if (isdigit((unsigned char)value[0])) {
			values[count] = (uint32_t)strtoul(value, NULL, 0);
		} else {
			for (i = 0; i < count && strcmp(names[i], value); i++)
				;
			ck_assert_msg(i < count, "%s aliases unknown %s", name, value);
			values[count] = values[i];
		}
		count++;
	}
	fclose(header);
	for (i = 0; i < count; i++) {
		ck_assert_msg(keycode_from_name(names[i], &code) == 0, "%s missing", names[i]);
		ck_assert_uint_eq(code, values[i]);
		checked++;
	}
	ck_assert_uint_eq(checked, keycode_name_count());
}
END_TEST

static Suite *keycodes_suite(void)
{
	Suite *s = suite_create("keycodes");
	TCase *tc;

	tc = tcase_create("names");
	tcase_add_test(tc, test_known_names);
	tcase_add_test(tc, test_aliases_resolve);
	tcase_add_test(tc, test_excluded_names);
	tcase_add_test(tc, test_case_insensitive);
	suite_add_tcase(s, tc);

	tc = tcase_create("numbers");
	tcase_add_test(tc, test_canonical_names);
	tcase_add_test(tc, test_parse_numbers);
	suite_add_tcase(s, tc);

	tc = tcase_create("table");
	tcase_add_test(tc, test_enumeration_is_sorted_and_complete);
	tcase_add_test(tc, test_every_header_define);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = keycodes_suite);
