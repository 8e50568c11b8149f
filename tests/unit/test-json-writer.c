// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * json_writer: objects of every kind of member, strings with every character that
 * RFC 8259 says must be escaped, fixed-point numbers, and a writer used again.
 */
#include "config.h"

#include <check.h>
#include <string.h>

#include "json_writer.h"
#include "test-main.h"

/* The line of w, ended; checked against expected. */
static void assert_line(struct json_writer *w, const char *expected)
{
	const char *line;
	size_t len;

	ck_assert_int_eq(json_writer_end(w, &line, &len), 0);
	ck_assert_str_eq(line, expected);
	ck_assert_uint_eq(len, strlen(expected));
}

START_TEST(test_members)
{
	struct json_writer w;
	static const uint8_t bytes[] = { 0x11, 0xda, 0x00, 0xff };

	json_writer_init(&w);
	json_writer_begin(&w);
	json_writer_fixed(&w, "time", 192980, 6);
	json_writer_string(&w, "event", "ac");
	json_writer_string(&w, "none", NULL);
	json_writer_uint(&w, "u", UINT64_MAX);
	json_writer_int(&w, "i", INT64_MIN);
	json_writer_bool(&w, "t", true);
	json_writer_bool(&w, "f", false);
	json_writer_null(&w, "n");
	json_writer_fixed(&w, "temp", 255, 1);
	json_writer_fixed(&w, "whole", 25, 0);
	json_writer_hex(&w, "bytes", bytes, sizeof(bytes));
	json_writer_hex(&w, "empty", bytes, 0);
	assert_line(&w, "{\"time\":0.192980,\"event\":\"ac\",\"none\":null,"
		    "\"u\":18446744073709551615,\"i\":-9223372036854775808,\"t\":true,"
		    "\"f\":false,\"n\":null,\"temp\":25.5,\"whole\":25,\"bytes\":\"11da00ff\","
		    "\"empty\":\"\"}\n");
	/* Used again: a new line, no comma carried over. */
	json_writer_begin(&w);
	assert_line(&w, "{}\n");
	json_writer_begin(&w);
	json_writer_uint(&w, "a", 1);
	assert_line(&w, "{\"a\":1}\n");
	json_writer_free(&w);
}
END_TEST

START_TEST(test_escapes)
{
	struct json_writer w;

	json_writer_init(&w);
	json_writer_begin(&w);
	json_writer_string(&w, "q\"k", "a\"b\\c/d\n\r\t\b\f\x01\x1f\x7f \xc3\xa9");
	assert_line(&w, "{\"q\\\"k\":\"a\\\"b\\\\c/d\\n\\r\\t\\b\\f\\u0001\\u001f\\u007f "
		    "\xc3\xa9\"}\n");
	json_writer_free(&w);
}
END_TEST

START_TEST(test_long)
{
	struct json_writer w;
	char value[5000];
	const char *line;
	size_t len;

	memset(value, 'x', sizeof(value) - 1);
	value[sizeof(value) - 1] = '\0';
	json_writer_init(&w);
	json_writer_begin(&w);
	json_writer_string(&w, "k", value);
	ck_assert_int_eq(json_writer_end(&w, &line, &len), 0);
	/* {"k":"..."}\n */
	ck_assert_uint_eq(len, sizeof(value) - 1 + 9);
	ck_assert_int_eq(memcmp(line + 6, value, sizeof(value) - 1), 0);
	json_writer_free(&w);
	/* Freed twice: the second does nothing. */
	json_writer_free(&w);
}
END_TEST

static Suite *json_writer_suite(void)
{
	Suite *s = suite_create("json_writer");
	TCase *tc = tcase_create("lines");

	tcase_add_test(tc, test_members);
	tcase_add_test(tc, test_escapes);
	tcase_add_test(tc, test_long);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = json_writer_suite);
