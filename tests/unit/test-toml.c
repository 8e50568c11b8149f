// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * utils/text/toml.c: values worked out by hand from the TOML 1.0 specification, and
 * invalid documents with the exact place (line:column, columns in characters) and
 * reason of the error.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "toml.h"
#include "test-main.h"

/* Parse a copy of exactly strlen(doc) bytes: no NUL after it to lean on. */
static int parse_exact(const char *doc, size_t len, struct toml_value **ret_root,
		       struct ir_error *err)
{
	char *copy = malloc(len ? len : 1);
	int r;

	ck_assert_ptr_nonnull(copy);
	memcpy(copy, doc, len);
	r = toml_parse(copy, len, "t.toml", ret_root, err);
	free(copy);
	return r;
}

static struct toml_value *parse_ok_len(const char *doc, size_t len)
{
	struct toml_value *root = NULL;
	struct ir_error err;
	int r;

	ir_error_clear(&err);
	r = parse_exact(doc, len, &root, &err);
	ck_assert_msg(r == 0, "parse failed (%d): %s", r, err.message);
	ck_assert_int_eq(toml_value_type(root), TOML_TABLE);
	return root;
}

static struct toml_value *parse_ok(const char *doc)
{
	return parse_ok_len(doc, strlen(doc));
}

/* Follow a path of bare keys "a.b.c" (no dots inside keys). */
static const struct toml_value *get(const struct toml_value *table, const char *path)
{
	char buf[256], *part, *save = NULL;
	const struct toml_value *value = table;

	snprintf(buf, sizeof(buf), "%s", path);
	for (part = strtok_r(buf, ".", &save); part; part = strtok_r(NULL, ".", &save)) {
		value = toml_table_get(value, part);
		ck_assert_msg(value != NULL, "no '%s' in path '%s'", part, path);
	}
	return value;
}

static void check_int(const struct toml_value *root, const char *path, int64_t expected)
{
	int64_t value;

	ck_assert_msg(toml_value_integer(get(root, path), &value) == 0, "%s not an integer", path);
	ck_assert_msg(value == expected, "%s: %lld != %lld", path, (long long)value,
		      (long long)expected);
}

static void check_float(const struct toml_value *root, const char *path, double expected)
{
	double value;

	ck_assert_msg(toml_value_float(get(root, path), &value) == 0, "%s not a float", path);
	ck_assert_msg(value == expected && signbit(value) == signbit(expected),
		      "%s: %.17g != %.17g", path, value, expected);
}

static void check_str_len(const struct toml_value *root, const char *path, const char *expected,
			  size_t expected_len)
{
	const char *str;
	size_t len;

	ck_assert_msg(toml_value_string(get(root, path), &str, &len) == 0, "%s not a string", path);
	ck_assert_msg(len == expected_len && !memcmp(str, expected, len),
		      "%s: \"%s\" (%zu) != \"%s\" (%zu)", path, str, len, expected, expected_len);
	ck_assert_int_eq(str[len], '\0');
}

static void check_str(const struct toml_value *root, const char *path, const char *expected)
{
	check_str_len(root, path, expected, strlen(expected));
}

static void check_position(const struct toml_value *value, unsigned int line,
			   unsigned int column)
{
	ck_assert_ptr_nonnull(value);
	ck_assert_uint_eq(toml_value_line(value), line);
	ck_assert_uint_eq(toml_value_column(value), column);
}

/* --- strings ------------------------------------------------------------------- */

START_TEST(test_basic_string_escapes)
{
	struct toml_value *root = parse_ok(
		"s = \"tab\\there \\\"q\\\" back\\\\slash \\u00E9 \\U0001F600 \\b\\f\\r\\n\"\n"
		"lower = \"\\u00e9\\ud7FF\\uE000\\U0010ffff\"\n"
		"nul = \"a\\u0000b\"\n"
		"raw = \"é中😀\ttab\"\n"
		"empty = \"\"\n");

	check_str(root, "s", "tab\there \"q\" back\\slash \xc3\xa9 \xf0\x9f\x98\x80 \b\f\r\n");
	check_str(root, "lower", "\xc3\xa9\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf");
	check_str_len(root, "nul", "a\0b", 3);
	check_str(root, "raw", "\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80\ttab");
	check_str(root, "empty", "");
	toml_free(root);
}
END_TEST

START_TEST(test_literal_strings)
{
	struct toml_value *root = parse_ok(
		"winpath = 'C:\\Users\\nodejs\\templates'\n"
		"quoted = 'Tom \"Dubs\" Preston-Werner'\n"
		"regex = '<\\i\\c*\\s*>'\n"
		"empty = ''\n");

	check_str(root, "winpath", "C:\\Users\\nodejs\\templates");
	check_str(root, "quoted", "Tom \"Dubs\" Preston-Werner");
	check_str(root, "regex", "<\\i\\c*\\s*>");
	check_str(root, "empty", "");
	toml_free(root);
}
END_TEST

START_TEST(test_multiline_basic_strings)
{
	struct toml_value *root = parse_ok(
		"a = \"\"\"\nRoses are red\nViolets are blue\"\"\"\n"
		"b = \"\"\"\\\n  The quick \\\n\n   brown \\   \n\t fox.\\\n    \"\"\"\n"
		"c = \"\"\"Here are two quotation marks: \"\". Simple enough.\"\"\"\n"
		"d = \"\"\"Here are three: \"\"\\\".\"\"\"\n"
		"e = \"\"\"\"This,\" she said, \"is just a pointless statement.\"\"\"\"\n"
		"f = \"\"\"a\"\"\"\"\"\n"
		"g = \"\"\"\"\"\"\n"
		"h = \"\"\"\n\nafter a blank line\"\"\"\n"
		"i = \"\"\"esc\\tapes \\u00e9\\n\"\"\"\n");

	check_str(root, "a", "Roses are red\nViolets are blue");
	check_str(root, "b", "The quick brown fox.");
	check_str(root, "c", "Here are two quotation marks: \"\". Simple enough.");
	check_str(root, "d", "Here are three: \"\"\".");
	check_str(root, "e", "\"This,\" she said, \"is just a pointless statement.\"");
	check_str(root, "f", "a\"\"");
	check_str(root, "g", "");
	check_str(root, "h", "\nafter a blank line");
	check_str(root, "i", "esc\tapes \xc3\xa9\n");
	toml_free(root);
}
END_TEST

START_TEST(test_multiline_literal_strings)
{
	struct toml_value *root = parse_ok(
		"a = '''I [dw]on't need \\d{2} apples'''\n"
		"b = '''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''\n"
		"c = '''Here are fifteen quotation marks: \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"'''\n"
		"d = ''''That,' she said, 'is still pointless.''''\n"
		"e = '''\\no escape\\'''\n");

	check_str(root, "a", "I [dw]on't need \\d{2} apples");
	check_str(root, "b", "The first newline is\ntrimmed in raw strings.\n   All other whitespace\n"
		  "   is preserved.\n");
	check_str(root, "c", "Here are fifteen quotation marks: \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"");
	check_str(root, "d", "'That,' she said, 'is still pointless.'");
	check_str(root, "e", "\\no escape\\");
	toml_free(root);
}
END_TEST

START_TEST(test_crlf_is_a_newline)
{
	struct toml_value *root = parse_ok(
		"a = \"\"\"\r\none\r\ntwo\"\"\"\r\n"
		"b = '''\r\nthree\r\n'''\r\n"
		"c = \"\"\"x\\\r\n   y\"\"\" # comment\r\n"
		"[t]\r\n"
		"d = 1\r\n");

	check_str(root, "a", "one\ntwo");
	check_str(root, "b", "three\n");
	check_str(root, "c", "xy");
	check_int(root, "t.d", 1);
	/* Lines: a spans 3, b 3, c 2, then [t] on 9. */
	check_position(get(root, "t.d"), 10, 5);
	toml_free(root);
}
END_TEST

/* --- numbers and booleans -------------------------------------------------------- */

START_TEST(test_integers)
{
	struct toml_value *root = parse_ok(
		"a = +99\nb = 42\nc = 0\nd = -17\ne = 1_000\nf = 5_349_221\ng = 53_49_221\n"
		"h = 1_2_3_4_5\n"
		"hex1 = 0xDEADBEEF\nhex2 = 0xdeadbeef\nhex3 = 0xdead_beef\nhex4 = 0x0000_00ff\n"
		"oct1 = 0o01234567\noct2 = 0o755\nbin1 = 0b11010110\nbin2 = 0b0\n"
		"max = 9223372036854775807\nmin = -9223372036854775808\n"
		"hexmax = 0x7FFFFFFFFFFFFFFF\noctmax = 0o777777777777777777777\n"
		"binmax = 0b111111111111111111111111111111111111111111111111111111111111111\n"
		"minus_zero = -0\nplus_zero = +0\n");

	check_int(root, "a", 99);
	check_int(root, "b", 42);
	check_int(root, "c", 0);
	check_int(root, "d", -17);
	check_int(root, "e", 1000);
	check_int(root, "f", 5349221);
	check_int(root, "g", 5349221);
	check_int(root, "h", 12345);
	check_int(root, "hex1", 3735928559);
	check_int(root, "hex2", 3735928559);
	check_int(root, "hex3", 3735928559);
	check_int(root, "hex4", 255);
	check_int(root, "oct1", 342391);
	check_int(root, "oct2", 493);
	check_int(root, "bin1", 214);
	check_int(root, "bin2", 0);
	check_int(root, "max", INT64_MAX);
	check_int(root, "min", INT64_MIN);
	check_int(root, "hexmax", INT64_MAX);
	check_int(root, "octmax", INT64_MAX);
	check_int(root, "binmax", INT64_MAX);
	check_int(root, "minus_zero", 0);
	check_int(root, "plus_zero", 0);
	toml_free(root);
}
END_TEST

START_TEST(test_floats)
{
	struct toml_value *root = parse_ok(
		"a = +1.0\nb = 3.1415\nc = -0.01\nd = 5e+22\ne = 1e06\nf = -2E-2\ng = 6.626e-34\n"
		"h = 224_617.445_991_228\ni = 0e0\nj = 0.0\nk = -0.0\nl = +0.0\nm = 1e1_0\n"
		"max = 1.7976931348623157e308\nsubnormal = 4.9e-324\nover = 1e400\n"
		"tenth = 0.1\nlong = 3.141592653589793238462643383279\n"
		"inf1 = inf\ninf2 = +inf\ninf3 = -inf\n");
	double nan1, nan2, nan3;

	check_float(root, "a", 1.0);
	check_float(root, "b", 3.1415);
	check_float(root, "c", -0.01);
	check_float(root, "d", 5e22);
	check_float(root, "e", 1e6);
	check_float(root, "f", -0.02);
	check_float(root, "g", 6.626e-34);
	check_float(root, "h", 224617.445991228);
	check_float(root, "i", 0.0);
	check_float(root, "j", 0.0);
	check_float(root, "k", -0.0);
	check_float(root, "l", 0.0);
	check_float(root, "m", 1e10);
	check_float(root, "max", 1.7976931348623157e308);
	check_float(root, "subnormal", 0x1p-1074);
	check_float(root, "over", INFINITY);
	check_float(root, "tenth", 0.1);
	check_float(root, "long", 3.141592653589793);
	check_float(root, "inf1", INFINITY);
	check_float(root, "inf2", INFINITY);
	check_float(root, "inf3", -INFINITY);
	toml_free(root);

	root = parse_ok("n1 = nan\nn2 = +nan\nn3 = -nan\n");
	ck_assert_int_eq(toml_value_float(get(root, "n1"), &nan1), 0);
	ck_assert_int_eq(toml_value_float(get(root, "n2"), &nan2), 0);
	ck_assert_int_eq(toml_value_float(get(root, "n3"), &nan3), 0);
	ck_assert(isnan(nan1) && isnan(nan2) && isnan(nan3));
	ck_assert(!signbit(nan1) && signbit(nan3));
	toml_free(root);
}
END_TEST

/*
 * Floats are read with '.' whatever LC_NUMERIC says. A locale whose decimal point
 * is ',' is compiled with localedef (libc-bin) into a temporary directory named by
 * LOCPATH; should that fail, the check cannot be made and is reported as skipped.
 */
START_TEST(test_floats_ignore_locale)
{
	char dir[] = "/tmp/test-toml-locale.XXXXXX", path[128], command[512];
	struct toml_value *root;
	const char *old;
	char *saved = NULL;
	FILE *src;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/comma.src", dir);
	src = fopen(path, "w");
	ck_assert_ptr_nonnull(src);
	fputs("LC_NUMERIC\ndecimal_point \",\"\nthousands_sep \".\"\ngrouping 3;3\n"
	      "END LC_NUMERIC\n", src);
	ck_assert_int_eq(fclose(src), 0);
	/* Missing categories are only warnings (exit 1): setlocale() tells. */
	snprintf(command, sizeof(command), "localedef -c -i %s %s/comma >/dev/null 2>&1", path, dir);
	if (system(command) < 0)
		ck_abort_msg("cannot run localedef");
	setenv("LOCPATH", dir, 1);
	old = setlocale(LC_NUMERIC, NULL);
	saved = strdup(old ? old : "C");
	ck_assert_ptr_nonnull(saved);
	if (!setlocale(LC_NUMERIC, "comma")) {
		fprintf(stderr, "SKIP test_floats_ignore_locale: localedef did not build a locale\n");
	} else {
		ck_assert_str_eq(localeconv()->decimal_point, ",");
		/* The locale is in force: strtod() alone would stop at the '.'. */
		ck_assert(strtod("1.5", NULL) == 1.0);
		root = parse_ok("f = 1.5\ng = 2.25e2\n");
		check_float(root, "f", 1.5);
		check_float(root, "g", 225.0);
		toml_free(root);
		setlocale(LC_NUMERIC, saved);
	}
	free(saved);
	unsetenv("LOCPATH");
	snprintf(command, sizeof(command), "rm -rf %s", dir);
	ck_assert_int_eq(system(command), 0);
}
END_TEST

START_TEST(test_booleans)
{
	struct toml_value *root = parse_ok("t = true\nf = false\narr = [true,false]\n");
	bool value;

	ck_assert_int_eq(toml_value_boolean(get(root, "t"), &value), 0);
	ck_assert(value);
	ck_assert_int_eq(toml_value_boolean(get(root, "f"), &value), 0);
	ck_assert(!value);
	ck_assert_int_eq(toml_value_boolean(toml_array_at(get(root, "arr"), 1), &value), 0);
	ck_assert(!value);
	toml_free(root);
}
END_TEST

/* --- dates and times ------------------------------------------------------------ */

static struct toml_datetime check_datetime(const struct toml_value *root, const char *path,
					   enum toml_type type, int year, int month, int day,
					   int hour, int minute, int second)
{
	const struct toml_value *value = get(root, path);
	struct toml_datetime dt;

	ck_assert_msg(toml_value_type(value) == type, "%s: type %s", path,
		      toml_type_name(toml_value_type(value)));
	ck_assert_int_eq(toml_value_datetime(value, &dt), 0);
	ck_assert_int_eq(dt.year, year);
	ck_assert_int_eq(dt.month, month);
	ck_assert_int_eq(dt.day, day);
	ck_assert_int_eq(dt.hour, hour);
	ck_assert_int_eq(dt.minute, minute);
	ck_assert_int_eq(dt.second, second);
	return dt;
}

START_TEST(test_offset_datetimes)
{
	struct toml_value *root = parse_ok(
		"odt1 = 1979-05-27T07:32:00Z\n"
		"odt2 = 1979-05-27T00:32:00-07:00\n"
		"odt3 = 1979-05-27T00:32:00.999999+07:30\n"
		"odt4 = 1979-05-27 07:32:00z\n"
		"odt5 = 9999-12-31t23:59:59.123456789123-23:59\n"
		"odt6 = 0000-01-01T00:00:00+00:00\n");
	struct toml_datetime dt;

	dt = check_datetime(root, "odt1", TOML_OFFSET_DATETIME, 1979, 5, 27, 7, 32, 0);
	ck_assert(dt.offset_is_z && dt.offset_minutes == 0 && dt.fraction_digits == 0);
	dt = check_datetime(root, "odt2", TOML_OFFSET_DATETIME, 1979, 5, 27, 0, 32, 0);
	ck_assert(!dt.offset_is_z && dt.offset_minutes == -420);
	dt = check_datetime(root, "odt3", TOML_OFFSET_DATETIME, 1979, 5, 27, 0, 32, 0);
	ck_assert_uint_eq(dt.nanosecond, 999999000);
	ck_assert_int_eq(dt.fraction_digits, 6);
	ck_assert_int_eq(dt.offset_minutes, 450);
	dt = check_datetime(root, "odt4", TOML_OFFSET_DATETIME, 1979, 5, 27, 7, 32, 0);
	ck_assert(dt.offset_is_z);
	dt = check_datetime(root, "odt5", TOML_OFFSET_DATETIME, 9999, 12, 31, 23, 59, 59);
	ck_assert_uint_eq(dt.nanosecond, 123456789);
	ck_assert_int_eq(dt.fraction_digits, 12);
	ck_assert_int_eq(dt.offset_minutes, -1439);
	dt = check_datetime(root, "odt6", TOML_OFFSET_DATETIME, 0, 1, 1, 0, 0, 0);
	ck_assert(!dt.offset_is_z && dt.offset_minutes == 0);
	toml_free(root);
}
END_TEST

START_TEST(test_local_dates_and_times)
{
	struct toml_value *root = parse_ok(
		"ldt1 = 1979-05-27T07:32:00\n"
		"ldt2 = 1979-05-27 00:32:00.5\n"
		"ld1 = 1979-05-27\n"
		"leap1 = 2000-02-29\nleap2 = 2024-02-29\nleap3 = 1600-02-29\n"
		"lt1 = 07:32:00\n"
		"lt2 = 00:32:00.999999\n"
		"leap_second = 23:59:60\n"
		"then = 1979-05-27 # a date, then a comment\n");
	struct toml_datetime dt;

	dt = check_datetime(root, "ldt1", TOML_LOCAL_DATETIME, 1979, 5, 27, 7, 32, 0);
	ck_assert_int_eq(dt.fraction_digits, 0);
	dt = check_datetime(root, "ldt2", TOML_LOCAL_DATETIME, 1979, 5, 27, 0, 32, 0);
	ck_assert_uint_eq(dt.nanosecond, 500000000);
	ck_assert_int_eq(dt.fraction_digits, 1);
	check_datetime(root, "ld1", TOML_LOCAL_DATE, 1979, 5, 27, 0, 0, 0);
	check_datetime(root, "leap1", TOML_LOCAL_DATE, 2000, 2, 29, 0, 0, 0);
	check_datetime(root, "leap2", TOML_LOCAL_DATE, 2024, 2, 29, 0, 0, 0);
	check_datetime(root, "leap3", TOML_LOCAL_DATE, 1600, 2, 29, 0, 0, 0);
	check_datetime(root, "lt1", TOML_LOCAL_TIME, 0, 0, 0, 7, 32, 0);
	dt = check_datetime(root, "lt2", TOML_LOCAL_TIME, 0, 0, 0, 0, 32, 0);
	ck_assert_uint_eq(dt.nanosecond, 999999000);
	check_datetime(root, "leap_second", TOML_LOCAL_TIME, 0, 0, 0, 23, 59, 60);
	check_datetime(root, "then", TOML_LOCAL_DATE, 1979, 5, 27, 0, 0, 0);
	toml_free(root);
}
END_TEST

/* --- tables and arrays ---------------------------------------------------------- */

START_TEST(test_tables_and_dotted_keys)
{
	struct toml_value *root = parse_ok(
		"name = \"Orange\"\n"
		"physical.color = \"orange\"\n"
		"physical.shape = \"round\"\n"
		"site.\"google.com\" = true\n"
		"3.14159 = \"pi\"\n"
		"[dog.\"tater.man\"]\n"
		"type.name = \"pug\"\n"
		"[ j . \"ʞ\" . 'l' ]\n"
		"[x.y.z.w]\n"
		"[x]\n"
		"k = 1\n"
		"[fruit]\n"
		"apple.color = \"red\"\n"
		"apple.taste.sweet = true\n"
		"[fruit.apple.texture]\n"
		"smooth = true\n");
	const struct toml_value *site, *x;

	check_str(root, "name", "Orange");
	check_str(root, "physical.color", "orange");
	check_str(root, "physical.shape", "round");
	site = get(root, "site");
	ck_assert_uint_eq(toml_table_count(site), 1);
	ck_assert_str_eq(toml_table_key_at(site, 0), "google.com");
	check_str(root, "3.14159", "pi");
	check_str(toml_table_get(get(root, "dog"), "tater.man"), "type.name", "pug");
	ck_assert_uint_eq(toml_table_count(toml_table_get(get(root, "j"), "ʞ")), 1);
	ck_assert_int_eq(toml_value_type(toml_table_get(toml_table_get(get(root, "j"), "ʞ"), "l")),
			 TOML_TABLE);
	x = get(root, "x");
	ck_assert_uint_eq(toml_table_count(x), 2);
	ck_assert_str_eq(toml_table_key_at(x, 0), "y");
	ck_assert_str_eq(toml_table_key_at(x, 1), "k");
	ck_assert_uint_eq(toml_table_count(get(root, "x.y.z.w")), 0);
	ck_assert(toml_table_get(get(root, "fruit.apple.taste"), "sweet") != NULL);
	ck_assert(toml_table_get(get(root, "fruit.apple.texture"), "smooth") != NULL);
	/* Keys in document order. */
	ck_assert_uint_eq(toml_table_count(root), 8);
	ck_assert_str_eq(toml_table_key_at(root, 0), "name");
	ck_assert_str_eq(toml_table_key_at(root, 3), "3");
	ck_assert_str_eq(toml_table_key_at(root, 4), "dog");
	ck_assert_str_eq(toml_table_key_at(root, 7), "fruit");
	toml_free(root);
}
END_TEST

START_TEST(test_special_keys)
{
	struct toml_value *root = parse_ok(
		"\"\" = 1\n"
		"1234 = 3\n"
		"true = 4\n"
		"inf = 5\n"
		"- = 6\n"
		"'quoted \"value\"' = 7\n"
		"\"\\u0000\" = 8\n"
		"\"é\" = 9\n");
	const struct toml_value *nul;
	int64_t integer;

	ck_assert_uint_eq(toml_table_count(root), 8);
	ck_assert_str_eq(toml_table_key_at(root, 0), "");
	check_int(root, "1234", 3);
	check_int(root, "true", 4);
	check_int(root, "inf", 5);
	check_int(root, "-", 6);
	check_int(root, "quoted \"value\"", 7);
	check_int(root, "é", 9);
	/* The NUL key: found by index, with its length. */
	ck_assert_uint_eq(toml_table_key_length_at(root, 6), 1);
	ck_assert_int_eq(toml_table_key_at(root, 6)[0], '\0');
	nul = toml_table_value_at(root, 6);
	ck_assert_int_eq(toml_value_type(nul), TOML_INTEGER);
	ck_assert_int_eq(toml_value_integer(toml_table_get(root, ""), &integer), 0);
	ck_assert_int_eq(integer, 1);
	toml_free(root);
}
END_TEST

START_TEST(test_arrays_of_tables)
{
	struct toml_value *root = parse_ok(
		"[[fruits]]\n"
		"name = \"apple\"\n"
		"[fruits.physical]\n"
		"color = \"red\"\n"
		"[[fruits.varieties]]\n"
		"name = \"red delicious\"\n"
		"[[fruits.varieties]]\n"
		"name = \"granny smith\"\n"
		"[[fruits]]\n"
		"name = \"banana\"\n"
		"[[fruits.varieties]]\n"
		"name = \"plantain\"\n"
		"[[products]]\n"
		"[[products]]\n"
		"sku = 284758393\n");
	const struct toml_value *fruits, *first, *second, *products;

	fruits = get(root, "fruits");
	ck_assert_int_eq(toml_value_type(fruits), TOML_ARRAY);
	ck_assert_uint_eq(toml_array_count(fruits), 2);
	first = toml_array_at(fruits, 0);
	second = toml_array_at(fruits, 1);
	check_str(first, "name", "apple");
	check_str(first, "physical.color", "red");
	ck_assert_uint_eq(toml_array_count(get(first, "varieties")), 2);
	check_str(toml_array_at(get(first, "varieties"), 1), "name", "granny smith");
	check_str(second, "name", "banana");
	ck_assert_uint_eq(toml_array_count(get(second, "varieties")), 1);
	check_str(toml_array_at(get(second, "varieties"), 0), "name", "plantain");
	products = get(root, "products");
	ck_assert_uint_eq(toml_array_count(products), 2);
	ck_assert_uint_eq(toml_table_count(toml_array_at(products, 0)), 0);
	check_int(toml_array_at(products, 1), "sku", 284758393);
	toml_free(root);
}
END_TEST

START_TEST(test_arrays_and_inline_tables)
{
	struct toml_value *root = parse_ok(
		"integers = [ 1, 2, 3 ]\n"
		"nested = [ [ 1, 2 ], ['a', \"b\"], [] ]\n"
		"mixed = [ 0.1, \"x\", 1979-05-27, {a = 1} ]\n"
		"multi = [\n  1, # one\n  # nothing\n  2,\n]\n"
		"empty = []\n"
		"point = { x = 1, y = 2 }\n"
		"animal = { type.name = \"pug\", type.age = 3 }\n"
		"nest = { a = { b = { c = [] } } }\n"
		"blank = {}\n"
		"ml = { s = \"\"\"two\nlines\"\"\", a = [\n1] }\n");
	const struct toml_value *nested, *mixed;
	int64_t two;

	ck_assert_uint_eq(toml_array_count(get(root, "integers")), 3);
	nested = get(root, "nested");
	ck_assert_uint_eq(toml_array_count(nested), 3);
	ck_assert_uint_eq(toml_array_count(toml_array_at(nested, 2)), 0);
	check_str(root, "ml.s", "two\nlines");
	mixed = get(root, "mixed");
	ck_assert_int_eq(toml_value_type(toml_array_at(mixed, 0)), TOML_FLOAT);
	ck_assert_int_eq(toml_value_type(toml_array_at(mixed, 1)), TOML_STRING);
	ck_assert_int_eq(toml_value_type(toml_array_at(mixed, 2)), TOML_LOCAL_DATE);
	ck_assert_int_eq(toml_value_type(toml_array_at(mixed, 3)), TOML_TABLE);
	ck_assert_uint_eq(toml_array_count(get(root, "multi")), 2);
	ck_assert_int_eq(toml_value_integer(toml_array_at(get(root, "multi"), 1), &two), 0);
	ck_assert_int_eq(two, 2);
	toml_free(root);
}
END_TEST

START_TEST(test_implicit_tables_accept_dotted_keys)
{
	/* a.b exists only implicitly: the [a] section may add to it with dotted keys. */
	struct toml_value *root = parse_ok("[a.b.c]\nz = 9\n[a]\nb.d = 1\n[a.b.e]\n");

	check_int(root, "a.b.c.z", 9);
	check_int(root, "a.b.d", 1);
	ck_assert_uint_eq(toml_table_count(get(root, "a.b")), 3);
	toml_free(root);
}
END_TEST

START_TEST(test_big_table_lookup)
{
	char *doc = malloc(20 * 5000), name[16];
	size_t len = 0;
	struct toml_value *root;
	int i;

	ck_assert_ptr_nonnull(doc);
	for (i = 0; i < 5000; i++)
		len += (size_t)sprintf(doc + len, "k%d = %d\n", (i * 7919) % 5000, i);
	root = parse_ok_len(doc, len);
	ck_assert_uint_eq(toml_table_count(root), 5000);
	for (i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "k%d", (i * 7919) % 5000);
		check_int(root, name, i);
		ck_assert_str_eq(toml_table_key_at(root, (size_t)i), name);
		ck_assert_uint_eq(toml_table_key_line_at(root, (size_t)i), (unsigned int)i + 1);
	}
	ck_assert_ptr_null(toml_table_get(root, "k5000"));
	ck_assert_ptr_null(toml_table_get(root, "k"));
	toml_free(root);
	free(doc);
}
END_TEST

/* --- positions ------------------------------------------------------------------ */

START_TEST(test_positions)
{
	struct toml_value *root = parse_ok(
		"title = \"x\"\n"			/* 1 */
		"[owner]\n"				/* 2 */
		"\tname = 'Tom'\n"			/* 3 */
		"[[items]]\n"				/* 4 */
		"  [[ items ]]\n"			/* 5 */
		"a.b = { c = [1, 2] }\n"		/* 6 */
		"\"é中\" = \"😀\" # x\n"		/* 7 */
		"[sub.table]\n"				/* 8 */
		"[sub]\n");				/* 9 */
	const struct toml_value *owner, *items, *element, *c, *second;

	check_position(get(root, "title"), 1, 9);
	ck_assert_uint_eq(toml_table_key_line_at(root, 0), 1);
	ck_assert_uint_eq(toml_table_key_column_at(root, 0), 1);
	owner = get(root, "owner");
	check_position(owner, 2, 1);
	ck_assert_uint_eq(toml_table_key_column_at(root, 1), 2);
	check_position(get(owner, "name"), 3, 9);
	ck_assert_uint_eq(toml_table_key_line_at(owner, 0), 3);
	ck_assert_uint_eq(toml_table_key_column_at(owner, 0), 2);
	items = get(root, "items");
	check_position(items, 4, 1);
	ck_assert_uint_eq(toml_table_key_column_at(root, 2), 3);
	check_position(toml_array_at(items, 0), 4, 1);
	element = toml_array_at(items, 1);
	check_position(element, 5, 3);
	/* a.b = ... went into the second element. */
	check_position(get(element, "a"), 6, 1);
	ck_assert_uint_eq(toml_table_key_column_at(get(element, "a"), 0), 3);
	check_position(get(element, "a.b"), 6, 7);
	c = get(element, "a.b.c");
	check_position(c, 6, 13);
	check_position(toml_array_at(c, 0), 6, 14);
	second = toml_array_at(c, 1);
	check_position(second, 6, 17);
	/* Columns count characters, not bytes. */
	check_position(toml_table_value_at(element, 1), 7, 8);
	ck_assert_uint_eq(toml_table_key_line_at(element, 1), 7);
	ck_assert_uint_eq(toml_table_key_column_at(element, 1), 1);
	/* An implicit table defined later is placed at its definition. */
	check_position(get(root, "sub"), 9, 1);
	ck_assert_uint_eq(toml_table_key_line_at(root, 3), 9);
	ck_assert_uint_eq(toml_table_key_column_at(root, 3), 2);
	check_position(get(root, "sub.table"), 8, 1);
	ck_assert_uint_eq(toml_value_line(root), 1);
	toml_free(root);
}
END_TEST

/* --- invalid documents ---------------------------------------------------------- */

struct invalid_case {
	const char *doc;
	size_t len;			/* documents may hold NUL bytes */
	const char *error;		/* the whole message */
};

#define DOC(literal) literal, sizeof(literal) - 1

static const struct invalid_case invalid_cases[] = {
	/* Defining things twice. */
	{ DOC("a = 1\na = 2\n"), "t.toml:2:1: duplicate key 'a', first defined at 1:1" },
	{ DOC("a = 1\n\"a\" = 2\n"), "t.toml:2:1: duplicate key 'a', first defined at 1:1" },
	{ DOC("a = 1\n'a' = 2\n"), "t.toml:2:1: duplicate key 'a', first defined at 1:1" },
	{ DOC("[t]\nx.y = 1\nx . y = 2"), "t.toml:3:5: duplicate key 'x.y', first defined at 2:3" },
	{ DOC("[a]\n[a]\n"), "t.toml:2:2: table 'a' is already defined by a [table] header at 1:2" },
	{ DOC("[a]\n[b]\n[ a ]\n"), "t.toml:3:3: table 'a' is already defined by a [table] header at 1:2" },
	{ DOC("[a.b]\n[a]\n[a]\n"), "t.toml:3:2: table 'a' is already defined by a [table] header at 2:2" },
	{ DOC("[a]\nb = 1\n[a.b]\n"), "t.toml:3:4: 'a.b' is already a value of type integer, defined at 2:1" },
	{ DOC("a.b = 1\n[a]\n"), "t.toml:2:2: table 'a' is already defined by dotted keys at 1:1" },
	{ DOC("[fruit]\napple.color = 'red'\n[fruit.apple]\n"),
	  "t.toml:3:8: table 'fruit.apple' is already defined by dotted keys at 2:1" },
	{ DOC("[fruit]\napple.taste.sweet = true\n[fruit.apple.taste]\n"),
	  "t.toml:3:14: table 'fruit.apple.taste' is already defined by dotted keys at 2:7" },
	{ DOC("[a.b.c]\nz = 9\n[a]\nb.c.t = 1\n"),
	  "t.toml:4:3: table 'b.c' is already defined by a [table] header at 1:6" },
	{ DOC("[a.b.c.d]\nz = 9\n[a]\nb.c.d.k.t = 1\n"),
	  "t.toml:4:5: table 'b.c.d' is already defined by a [table] header at 1:8" },
	{ DOC("[a]\nb.c = 1\n[a.b.c]\n"), "t.toml:3:6: 'a.b.c' is already a value of type integer, defined at 2:3" },
	{ DOC("a = {b = 1}\n[a]\n"), "t.toml:2:2: table 'a' is already defined by an inline table at 1:1" },
	{ DOC("a = {b = 1}\na.c = 2\n"), "t.toml:2:1: table 'a' is already defined by an inline table at 1:1" },
	{ DOC("a = {b = 1}\n[a.c]\n"), "t.toml:2:2: table 'a' is already defined by an inline table at 1:1" },
	{ DOC("a = {}\n[[a.b]]\n"), "t.toml:2:3: table 'a' is already defined by an inline table at 1:1" },
	{ DOC("a = {b = {c = 1}}\n[a.b]\n"), "t.toml:2:2: table 'a' is already defined by an inline table at 1:1" },
	{ DOC("a = {b.c = 1, b = 2}"), "t.toml:1:15: duplicate key 'b', first defined at 1:6" },
	{ DOC("a = {b = {}, b.c = 1}"), "t.toml:1:14: table 'b' is already defined by an inline table at 1:6" },
	{ DOC("a = {b = 1, b = 2}"), "t.toml:1:13: duplicate key 'b', first defined at 1:6" },
	{ DOC("a = [1]\n[[a]]\n"), "t.toml:2:3: 'a' is already a static array, defined at 1:1" },
	{ DOC("a = []\n[a.b]\n"), "t.toml:2:2: 'a' is already a static array, defined at 1:1" },
	{ DOC("a = [{}]\n[a.b]\n"), "t.toml:2:2: 'a' is already a static array, defined at 1:1" },
	{ DOC("a = [{b = 1}]\na.c = 2\n"), "t.toml:2:1: 'a' is already a static array, defined at 1:1" },
	{ DOC("[[a]]\n[a]\n"), "t.toml:2:2: 'a' is already an array of tables, from 1:3" },
	{ DOC("[[a]]\n[[a.b]]\n[a.b]\n"), "t.toml:3:4: 'a.b' is already an array of tables, from 2:5" },
	{ DOC("[[a]]\nb.c = 1\n[a.b]\n"), "t.toml:3:4: table 'a.b' is already defined by dotted keys at 2:1" },
	{ DOC("[x]\n[[x.a]]\n[x]\na.b = 1\n"), "t.toml:3:2: table 'x' is already defined by a [table] header at 1:2" },
	{ DOC("[[x.a]]\n[x]\na.b = 1\n"), "t.toml:3:1: 'a' is already an array of tables, from 1:5" },
	{ DOC("[a]\n[[a]]\n"), "t.toml:2:3: table 'a' is already defined by a [table] header at 1:2" },
	{ DOC("[a.b]\n[[a]]\n"), "t.toml:2:3: table 'a' is already defined by a [table] header below it at 1:2" },
	{ DOC("a = 1\n[a]\n"), "t.toml:2:2: 'a' is already a value of type integer, defined at 1:1" },
	{ DOC("a = 'x'\n[a.b]\n"), "t.toml:2:2: 'a' is already a value of type string, defined at 1:1" },
	{ DOC("a = 1\na.b = 2\n"), "t.toml:2:1: 'a' is already a value of type integer, defined at 1:1" },
	{ DOC("a = 1979-05-27\n[[a]]\n"), "t.toml:2:3: 'a' is already a value of type local date, defined at 1:1" },
	{ DOC("x.y = 1\nx.y.z = 2"), "t.toml:2:3: 'x.y' is already a value of type integer, defined at 1:3" },
	{ DOC("[t]\n[t.a]\n[t]\n"), "t.toml:3:2: table 't' is already defined by a [table] header at 1:2" },

	/* Strings. */
	{ DOC("a = \"abc"), "t.toml:1:5: unterminated string" },
	{ DOC("a = \"abc\nb = 1"), "t.toml:1:5: unterminated string (strings in \"...\" cannot span lines)" },
	{ DOC("a = 'abc"), "t.toml:1:5: unterminated string" },
	{ DOC("a = 'abc\n'"), "t.toml:1:5: unterminated string ('...' strings cannot span lines)" },
	{ DOC("a = \"\"\"abc\n\ndef"), "t.toml:1:5: unterminated multi-line string" },
	{ DOC("a = '''abc"), "t.toml:1:5: unterminated multi-line string" },
	{ DOC("a = \"\\x41\""), "t.toml:1:6: invalid escape sequence: backslash followed by 'x'" },
	{ DOC("a = \"\\e\""), "t.toml:1:6: invalid escape sequence: backslash followed by 'e'" },
	{ DOC("a = \"\\\""), "t.toml:1:5: unterminated string" },
	{ DOC("a = \"\\"), "t.toml:1:6: unterminated escape sequence" },
	{ DOC("a = \"\\uD800\""), "t.toml:1:6: \\u escape U+D800 is not a Unicode scalar value" },
	{ DOC("a = \"\\uDfFf\""), "t.toml:1:6: \\u escape U+DFFF is not a Unicode scalar value" },
	{ DOC("a = \"\\U00110000\""), "t.toml:1:6: \\U escape U+110000 is not a Unicode scalar value" },
	{ DOC("a = \"\\UFFFFFFFF\""), "t.toml:1:6: \\U escape U+FFFFFFFF is not a Unicode scalar value" },
	{ DOC("a = \"\\u12G4\""), "t.toml:1:10: \\u escape needs 4 hexadecimal digits, found 'G'" },
	{ DOC("a = \"\\u12\""), "t.toml:1:10: \\u escape needs 4 hexadecimal digits, found '\"'" },
	{ DOC("a = \"\\U0001F60\""), "t.toml:1:15: \\U escape needs 8 hexadecimal digits, found '\"'" },
	{ DOC("a = \"\"\"\\u00\"\"\""), "t.toml:1:12: \\u escape needs 4 hexadecimal digits, found '\"'" },
	{ DOC("a = \"tab\\ \""), "t.toml:1:9: invalid escape sequence: backslash followed by ' '" },
	{ DOC("a = \"x\\\ny\""), "t.toml:1:7: invalid escape sequence: backslash followed by end of line" },
	{ DOC("a = \"\"\"x\\ y\"\"\""), "t.toml:1:9: invalid escape sequence: backslash followed by ' '" },
	{ DOC("a = \"x\x01\""), "t.toml:1:7: control character U+0001 in a string" },
	{ DOC("a = \"x\x7f\""), "t.toml:1:7: control character U+007F in a string" },
	{ DOC("a = \"x\x1f\""), "t.toml:1:7: control character U+001F in a string" },
	{ DOC("a = \"x\ry\""), "t.toml:1:5: unterminated string (strings in \"...\" cannot span lines)" },
	{ DOC("a = 'x\x7f'"), "t.toml:1:7: control character U+007F in a string" },
	{ DOC("a = 'x\x00'"), "t.toml:1:7: control character U+0000 in a string" },
	{ DOC("a = 'x\x08'"), "t.toml:1:7: control character U+0008 in a string" },
	{ DOC("a = \"\"\"\x0b\"\"\""), "t.toml:1:8: control character U+000B in a string" },
	{ DOC("a = \"\"\"x\ry\"\"\""), "t.toml:1:9: control character U+000D in a string" },
	{ DOC("a = '''x\ry'''"), "t.toml:1:9: control character U+000D in a string" },
	{ DOC("a = '''\x00'''"), "t.toml:1:8: control character U+0000 in a string" },
	{ DOC("a = \"\x00\""), "t.toml:1:6: control character U+0000 in a string" },
	{ DOC("a = \"\"\"\x00\"\"\""), "t.toml:1:8: control character U+0000 in a string" },
	{ DOC("a = '''\x7f'''"), "t.toml:1:8: control character U+007F in a string" },
	{ DOC("a = \"\"\"\"\"\"\"\"\""), "t.toml:1:13: too many quotes at the end of a multi-line string" },
	{ DOC("a = '''x''''''"), "t.toml:1:14: too many quotes at the end of a multi-line string" },
	{ DOC("a = \"\"\"x\"\"\"\"\"\"\""), "t.toml:1:14: too many quotes at the end of a multi-line string" },
	{ DOC("\"\"\"key\"\"\" = 1"), "t.toml:1:1: a multi-line string cannot be a key" },
	{ DOC("'''key''' = 1"), "t.toml:1:1: a multi-line string cannot be a key" },
	{ DOC("a = \"x\" \"y\""), "t.toml:1:9: expected the end of the line after a key/value pair, found '\"'" },

	/* Comments and control characters. */
	{ DOC("# c\x00\n"), "t.toml:1:4: control character U+0000 in a comment" },
	{ DOC("a = 1 # \x7f\n"), "t.toml:1:9: control character U+007F in a comment" },
	{ DOC("# \x0c\n"), "t.toml:1:3: control character U+000C in a comment" },
	{ DOC("# a\rb\n"), "t.toml:1:4: control character U+000D in a comment" },
	{ DOC("a = [ # \x1b\n]"), "t.toml:1:9: control character U+001B in a comment" },
	{ DOC("a = 1\rb = 2"), "t.toml:1:6: carriage return not followed by a line feed" },
	{ DOC("\r"), "t.toml:1:1: carriage return not followed by a line feed" },
	{ DOC("\x0b = 1"), "t.toml:1:1: expected a key, found U+000B" },
	{ DOC("a = 1\x0c"), "t.toml:1:6: expected the end of the line after a key/value pair, found U+000C" },
	{ DOC("\x00"), "t.toml:1:1: expected a key, found U+0000" },
	{ DOC("a = 1\n\x00 = 2"), "t.toml:2:1: expected a key, found U+0000" },
	{ DOC("a\x00 = 1"), "t.toml:1:2: expected '=' after a key, found U+0000" },

	/* Encoding. */
	{ DOC("\xff"), "t.toml:1:1: invalid UTF-8" },
	{ DOC("a = \"\xc3\xa9\xc3\""), "t.toml:1:7: invalid UTF-8" },
	{ DOC("a = '\xed\xa0\x80'"), "t.toml:1:6: invalid UTF-8" },
	{ DOC("a = '\xc0\x80'"), "t.toml:1:6: invalid UTF-8" },
	{ DOC("a = '\xe0\x80\x80'"), "t.toml:1:6: invalid UTF-8" },
	{ DOC("a = '\xf0\x80\x80\x80'"), "t.toml:1:6: invalid UTF-8" },
	{ DOC("a = '\xf4\x90\x80\x80'"), "t.toml:1:6: invalid UTF-8" },
	{ DOC("# \xe4\xb8\n"), "t.toml:1:3: invalid UTF-8" },
	{ DOC("a = 1\n# ok\nb = '\xf0\x9f\x98'"), "t.toml:3:6: invalid UTF-8" },
	{ DOC("a = 1 \xef\xbb\xbf"), "t.toml:1:7: expected the end of the line after a key/value pair, found U+FEFF" },

	/* Integers. */
	{ DOC("a = 01"), "t.toml:1:5: leading zeros are not allowed" },
	{ DOC("a = +01"), "t.toml:1:6: leading zeros are not allowed" },
	{ DOC("a = -0_1"), "t.toml:1:6: leading zeros are not allowed" },
	{ DOC("a = 00"), "t.toml:1:5: leading zeros are not allowed" },
	{ DOC("a = 1__2"), "t.toml:1:6: an underscore must be between two digits" },
	{ DOC("a = 1_"), "t.toml:1:6: an underscore must be between two digits" },
	{ DOC("a = _1"), "t.toml:1:5: invalid value '_1'" },
	{ DOC("a = 0x_1"), "t.toml:1:7: an underscore must be between two digits" },
	{ DOC("a = 0x1_"), "t.toml:1:8: an underscore must be between two digits" },
	{ DOC("a = 0x"), "t.toml:1:7: expected a digit, found end of file" },
	{ DOC("a = 0b"), "t.toml:1:7: expected a digit, found end of file" },
	{ DOC("a = +0x1"), "t.toml:1:5: a sign is not allowed on 0x, 0o or 0b integers" },
	{ DOC("a = -0o7"), "t.toml:1:5: a sign is not allowed on 0x, 0o or 0b integers" },
	{ DOC("a = 0X1"), "t.toml:1:6: invalid character 'X' in an integer" },
	{ DOC("a = 0O7"), "t.toml:1:6: invalid character 'O' in an integer" },
	{ DOC("a = 0B1"), "t.toml:1:6: invalid character 'B' in an integer" },
	{ DOC("a = 0o8"), "t.toml:1:7: expected a digit, found '8'" },
	{ DOC("a = 0b102"), "t.toml:1:9: invalid character '2' in an integer" },
	{ DOC("a = 0xG"), "t.toml:1:7: expected a digit, found 'G'" },
	{ DOC("a = 12a"), "t.toml:1:7: invalid character 'a' in an integer" },
	{ DOC("a = 1-2"), "t.toml:1:6: invalid character '-' in an integer" },
	{ DOC("a = +-1"), "t.toml:1:5: invalid value '+-1'" },
	{ DOC("a = ++1"), "t.toml:1:5: invalid value '++1'" },
	{ DOC("a = -"), "t.toml:1:6: expected a digit, found end of file" },
	{ DOC("a = 9223372036854775808"), "t.toml:1:5: integer does not fit in 64 bits" },
	{ DOC("a = -9223372036854775809"), "t.toml:1:5: integer does not fit in 64 bits" },
	{ DOC("a = 99999999999999999999999"), "t.toml:1:5: integer does not fit in 64 bits" },
	{ DOC("a = 0x8000000000000000"), "t.toml:1:5: integer does not fit in 64 bits" },
	{ DOC("a = 0xFFFFFFFFFFFFFFFF"), "t.toml:1:5: integer does not fit in 64 bits" },
	{ DOC("a = 0o1000000000000000000000"), "t.toml:1:5: integer does not fit in 64 bits" },
	{ DOC("a = 1 2"), "t.toml:1:7: expected the end of the line after a key/value pair, found '2'" },

	/* Floats. */
	{ DOC("a = 1."), "t.toml:1:7: expected a digit, found end of file" },
	{ DOC("a = .5"), "t.toml:1:5: expected a value, found '.'" },
	{ DOC("a = -.5"), "t.toml:1:5: invalid value '-.5'" },
	{ DOC("a = 1.e5"), "t.toml:1:7: expected a digit, found 'e'" },
	{ DOC("a = 1e"), "t.toml:1:7: expected a digit, found end of file" },
	{ DOC("a = 1e+"), "t.toml:1:8: expected a digit, found end of file" },
	{ DOC("a = 1e_5"), "t.toml:1:7: an underscore must be between two digits" },
	{ DOC("a = 1e5_"), "t.toml:1:8: an underscore must be between two digits" },
	{ DOC("a = 1.5_"), "t.toml:1:8: an underscore must be between two digits" },
	{ DOC("a = 1_.5"), "t.toml:1:6: an underscore must be between two digits" },
	{ DOC("a = 1._5"), "t.toml:1:7: an underscore must be between two digits" },
	{ DOC("a = 01.5"), "t.toml:1:5: leading zeros are not allowed" },
	{ DOC("a = -01.5"), "t.toml:1:6: leading zeros are not allowed" },
	{ DOC("a = 1.2.3"), "t.toml:1:8: invalid character '.' in a float" },
	{ DOC("a = 1e2e3"), "t.toml:1:8: invalid character 'e' in a float" },
	{ DOC("a = 1e2.5"), "t.toml:1:8: invalid character '.' in a float" },
	{ DOC("a = 1e++2"), "t.toml:1:8: expected a digit, found '+'" },
	{ DOC("a = 0x1.5"), "t.toml:1:8: invalid character '.' in an integer" },
	{ DOC("a = Inf"), "t.toml:1:5: invalid value 'Inf'" },
	{ DOC("a = NaN"), "t.toml:1:5: invalid value 'NaN'" },
	{ DOC("a = infinity"), "t.toml:1:5: invalid value 'infinity'" },
	{ DOC("a = in"), "t.toml:1:5: invalid value 'in'" },
	{ DOC("a = -nan_"), "t.toml:1:5: invalid value '-nan_'" },
	{ DOC("a = +inf1"), "t.toml:1:5: invalid value '+inf1'" },

	/* Booleans and other words. */
	{ DOC("a = True"), "t.toml:1:5: invalid value 'True'" },
	{ DOC("a = truex"), "t.toml:1:5: invalid value 'truex'" },
	{ DOC("a = fals"), "t.toml:1:5: invalid value 'fals'" },
	{ DOC("a = yes"), "t.toml:1:5: invalid value 'yes'" },
	{ DOC("a = @"), "t.toml:1:5: expected a value, found '@'" },
	{ DOC("a = \xc3\xa9"), "t.toml:1:5: expected a value, found U+00E9" },

	/* Dates and times. */
	{ DOC("a = 1979-13-01"), "t.toml:1:10: month 13 out of range 01-12" },
	{ DOC("a = 1979-00-01"), "t.toml:1:10: month 00 out of range 01-12" },
	{ DOC("a = 1979-01-00"), "t.toml:1:13: day 00 out of range 01-31" },
	{ DOC("a = 1979-01-32"), "t.toml:1:13: day 32 out of range 01-31" },
	{ DOC("a = 1979-04-31"), "t.toml:1:13: day 31 does not exist in 1979-04" },
	{ DOC("a = 2023-02-29"), "t.toml:1:13: day 29 does not exist in 2023-02" },
	{ DOC("a = 1900-02-29"), "t.toml:1:13: day 29 does not exist in 1900-02" },
	{ DOC("a = 2000-02-30"), "t.toml:1:13: day 30 does not exist in 2000-02" },
	{ DOC("a = 1979-05-27T24:00:00"), "t.toml:1:16: hour 24 out of range 00-23" },
	{ DOC("a = 07:60:00"), "t.toml:1:8: minute 60 out of range 00-59" },
	{ DOC("a = 07:32:61"), "t.toml:1:11: second 61 out of range 00-60" },
	{ DOC("a = 07:32"), "t.toml:1:10: expected ':' in a time, found end of file" },
	{ DOC("a = 7:32:00"), "t.toml:1:6: expected the end of the line after a key/value pair, found ':'" },
	{ DOC("a = 07:3:00"), "t.toml:1:9: expected a digit of the minute, found ':'" },
	{ DOC("a = 1979-05-27T07:32:00+24:00"), "t.toml:1:25: offset hour 24 out of range 00-23" },
	{ DOC("a = 1979-05-27T07:32:00+07:60"), "t.toml:1:28: offset minute 60 out of range 00-59" },
	{ DOC("a = 1979-05-27T07:32:00+0700"), "t.toml:1:27: expected ':' in a time offset, found '0'" },
	{ DOC("a = 1979-05-27T07:32:00+7:00"), "t.toml:1:26: expected a digit of the offset hour, found ':'" },
	{ DOC("a = 1979-05-27T07:32:00Zx"), "t.toml:1:25: unexpected 'x' after a date or time" },
	{ DOC("a = 1979-05-27T07:32:00Z1"), "t.toml:1:25: unexpected '1' after a date or time" },
	{ DOC("a = 1979-5-27"), "t.toml:1:11: expected a digit of the month, found '-'" },
	{ DOC("a = 1979-05-7"), "t.toml:1:14: expected a digit of the day, found end of file" },
	{ DOC("a = 1979-05-27T"), "t.toml:1:16: expected a digit of the hour, found end of file" },
	{ DOC("a = 1979-05-27T7:32:00"), "t.toml:1:17: expected a digit of the hour, found ':'" },
	{ DOC("a = 1979-05-27 07:32"), "t.toml:1:21: expected ':' in a time, found end of file" },
	{ DOC("a = 1979-05-27 7:32:00"), "t.toml:1:16: expected the end of the line after a key/value pair, found '7'" },
	{ DOC("a = 1979-05-27_07:32:00"), "t.toml:1:15: unexpected '_' after a date or time" },
	{ DOC("a = 07:32:00."), "t.toml:1:14: expected a digit of the fraction of a second, found end of file" },
	{ DOC("a = 07:32:00Z"), "t.toml:1:13: unexpected 'Z' after a date or time" },
	{ DOC("a = 07:32:00+01:00"), "t.toml:1:13: unexpected '+' after a date or time" },
	{ DOC("a = 1979-05-27.5"), "t.toml:1:15: unexpected '.' after a date or time" },
	{ DOC("a = 1979/05/27"), "t.toml:1:9: expected the end of the line after a key/value pair, found '/'" },

	/* Arrays and inline tables. */
	{ DOC("a = [1, 2"), "t.toml:1:5: unterminated array" },
	{ DOC("a = [1, 2,\n# x\n"), "t.toml:1:5: unterminated array" },
	{ DOC("a = [1 2]"), "t.toml:1:8: expected ',' or ']' in an array, found '2'" },
	{ DOC("a = [1,,2]"), "t.toml:1:8: expected a value, found ','" },
	{ DOC("a = [,]"), "t.toml:1:6: expected a value, found ','" },
	{ DOC("a = [1\n2]"), "t.toml:2:1: expected ',' or ']' in an array, found '2'" },
	{ DOC("a = [1]]"), "t.toml:1:8: expected the end of the line after a key/value pair, found ']'" },
	{ DOC("a = [1}"), "t.toml:1:7: expected ',' or ']' in an array, found '}'" },
	{ DOC("a = {b = 1"), "t.toml:1:5: unterminated inline table" },
	{ DOC("a = {b = 1\n}"), "t.toml:1:11: expected ',' or '}' in an inline table, found end of line" },
	{ DOC("a = {\nb = 1}"), "t.toml:1:6: expected a key, found end of line" },
	{ DOC("a = {b = 1 c = 2}"), "t.toml:1:12: expected ',' or '}' in an inline table, found 'c'" },
	{ DOC("a = {b = 1,}"), "t.toml:1:12: trailing comma in an inline table" },
	{ DOC("a = {b = 1, }"), "t.toml:1:13: trailing comma in an inline table" },
	{ DOC("a = {,}"), "t.toml:1:6: expected a key, found ','" },
	{ DOC("a = {b}"), "t.toml:1:7: expected '=' after a key, found '}'" },
	{ DOC("a = {b = }"), "t.toml:1:10: expected a value, found '}'" },
	{ DOC("a = {b = 1 # c\n}"), "t.toml:1:12: expected ',' or '}' in an inline table, found '#'" },
	{ DOC("a = {"), "t.toml:1:5: unterminated inline table" },

	/* Keys and the shape of lines. */
	{ DOC("a = 1 b = 2"), "t.toml:1:7: expected the end of the line after a key/value pair, found 'b'" },
	{ DOC("a ="), "t.toml:1:4: expected a value, found end of file" },
	{ DOC("a =\n1"), "t.toml:1:4: expected a value, found end of line" },
	{ DOC("a\n= 1"), "t.toml:1:2: expected '=' after a key, found end of line" },
	{ DOC("a"), "t.toml:1:2: expected '=' after a key, found end of file" },
	{ DOC("= 1"), "t.toml:1:1: expected a key, found '='" },
	{ DOC("a b = 1"), "t.toml:1:3: expected '=' after a key, found 'b'" },
	{ DOC("a. = 1"), "t.toml:1:4: expected a key, found '='" },
	{ DOC(".a = 1"), "t.toml:1:1: expected a key, found '.'" },
	{ DOC("a..b = 1"), "t.toml:1:3: expected a key, found '.'" },
	{ DOC("a = = 1"), "t.toml:1:5: expected a value, found '='" },
	{ DOC("a == 1"), "t.toml:1:4: expected a value, found '='" },
	{ DOC("a: 1"), "t.toml:1:2: expected '=' after a key, found ':'" },
	{ DOC("a$b = 1"), "t.toml:1:2: expected '=' after a key, found '$'" },
	{ DOC("\xc3\xa9 = 1"), "t.toml:1:1: expected a key, found U+00E9" },
	{ DOC("\"a\nb\" = 1"), "t.toml:1:1: unterminated string (strings in \"...\" cannot span lines)" },
	{ DOC("'a'b = 1"), "t.toml:1:4: expected '=' after a key, found 'b'" },
	{ DOC("a = 1 # ok\n  \tb c = 1"), "t.toml:2:6: expected '=' after a key, found 'c'" },

	/* Headers. */
	{ DOC("[a]b = 1"), "t.toml:1:4: expected the end of the line after a table header, found 'b'" },
	{ DOC("[]"), "t.toml:1:2: expected a key, found ']'" },
	{ DOC("[[]]"), "t.toml:1:3: expected a key, found ']'" },
	{ DOC("[a"), "t.toml:1:3: expected ']' at the end of the header, found end of file" },
	{ DOC("[a\n]"), "t.toml:1:3: expected ']' at the end of the header, found end of line" },
	{ DOC("[[a]"), "t.toml:1:4: expected ']]' at the end of the header, found ']'" },
	{ DOC("[[a] ]"), "t.toml:1:4: expected ']]' at the end of the header, found ']'" },
	{ DOC("[a]]"), "t.toml:1:4: expected the end of the line after a table header, found ']'" },
	{ DOC("[ [a] ]"), "t.toml:1:3: expected a key, found '['" },
	{ DOC("[a.]"), "t.toml:1:4: expected a key, found ']'" },
	{ DOC("[.a]"), "t.toml:1:2: expected a key, found '.'" },
	{ DOC("[a b]"), "t.toml:1:4: expected ']' at the end of the header, found 'b'" },
	{ DOC("[a] = 1"), "t.toml:1:5: expected the end of the line after a table header, found '='" },
	{ DOC("[a#b]"), "t.toml:1:3: expected ']' at the end of the header, found '#'" },
	{ DOC("a = 1\n[a.b]\n"), "t.toml:2:2: 'a' is already a value of type integer, defined at 1:1" },
	{ DOC("[a]\nb = 1\n[b]]\n"), "t.toml:3:4: expected the end of the line after a table header, found ']'" },

	/* Positions: lines, CRLF, tabs, characters. */
	{ DOC("a = 1\r\nb = 2\r\nb = 3\r\n"), "t.toml:3:1: duplicate key 'b', first defined at 2:1" },
	{ DOC("a = \"\"\"\nline\nline\"\"\" x"), "t.toml:3:9: expected the end of the line after a key/value pair, found 'x'" },
	{ DOC("a = '''\r\n\r\n''' x"), "t.toml:3:5: expected the end of the line after a key/value pair, found 'x'" },
	{ DOC("a = [\n1,\n2,\n3 4]"), "t.toml:4:3: expected ',' or ']' in an array, found '4'" },
	{ DOC("\ta = 1\n\ta = 2"), "t.toml:2:2: duplicate key 'a', first defined at 1:2" },
	{ DOC("\"é中😀\" = 1 x"), "t.toml:1:11: expected the end of the line after a key/value pair, found 'x'" },
	{ DOC("# é\nb = \"\\q\""), "t.toml:2:6: invalid escape sequence: backslash followed by 'q'" },
	{ DOC("a = \"\"\"\\\n   \n  \\q\"\"\""), "t.toml:3:3: invalid escape sequence: backslash followed by 'q'" },
	{ DOC("\xef\xbb\xbf" "a = 1\na = 2"), "t.toml:2:1: duplicate key 'a', first defined at 1:1" },
	{ DOC("\xef\xbb\xbf" "a = 1 x"), "t.toml:1:7: expected the end of the line after a key/value pair, found 'x'" },
	{ DOC("\"\\u0000\\n\" = 1\n\"\\u0000\\n\" = 2"), "t.toml:2:1: duplicate key '\"\\u0000\\u000A\"', first defined at 1:1" },
	{ DOC("\"a b\".'c\"d' = 1\n\"a b\".'c\"d' = 2"), "t.toml:2:7: duplicate key '\"a b\".\"c\\\"d\"', first defined at 1:7" },

};

START_TEST(test_invalid)
{
	const struct invalid_case *c = &invalid_cases[_i];
	struct toml_value *root = (struct toml_value *)&root;	/* must stay untouched */
	struct ir_error err;
	int r;

	ir_error_clear(&err);
	r = parse_exact(c->doc, c->len, &root, &err);
	ck_assert_msg(r == -EINVAL, "case %d accepted: %s", _i, c->doc);
	ck_assert_ptr_eq(root, (struct toml_value *)&root);
	ck_assert_msg(!strcmp(err.message, c->error), "case %d: got \"%s\", want \"%s\"", _i,
		      err.message, c->error);
}
END_TEST

/* Arrays and tables may nest 1000 deep, not 1001; an array counts from its key. */
START_TEST(test_nesting_limit)
{
	char *doc = malloc(8000);
	struct ir_error err;
	struct toml_value *root = NULL;
	size_t len;
	int i;

	ck_assert_ptr_nonnull(doc);
	/* a is at depth 1, its 999 nested arrays reach depth 1000. */
	len = (size_t)sprintf(doc, "a = ");
	for (i = 0; i < 1000; i++)
		doc[len++] = '[';
	for (i = 0; i < 1000; i++)
		doc[len++] = ']';
	root = parse_ok_len(doc, len);
	toml_free(root);

	len = (size_t)sprintf(doc, "a = ");
	for (i = 0; i < 1001; i++)
		doc[len++] = '[';
	ck_assert_int_eq(parse_exact(doc, len, &root, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t.toml:1:1005: nesting deeper than 1000 levels");

	len = (size_t)sprintf(doc, "a = ");
	for (i = 0; i < 1001; i++)
		len += (size_t)sprintf(doc + len, "{b=");
	ck_assert_int_eq(parse_exact(doc, len, &root, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t.toml:1:3005: nesting deeper than 1000 levels");

	/* A header of 1000 parts is the deepest table; a value table below it is too deep. */
	len = (size_t)sprintf(doc, "[a");
	for (i = 1; i < 1000; i++)
		len += (size_t)sprintf(doc + len, ".a");
	len += (size_t)sprintf(doc + len, "]\nb = 1\n");
	root = parse_ok_len(doc, len);
	toml_free(root);
	len += (size_t)sprintf(doc + len, "c = []\n");
	ck_assert_int_eq(parse_exact(doc, len, &root, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t.toml:3:5: nesting deeper than 1000 levels");

	/* A very deep document is refused without exhausting the stack. */
	free(doc);
	doc = malloc(1000000);
	ck_assert_ptr_nonnull(doc);
	memset(doc, '[', 1000000);
	memcpy(doc, "a =", 3);
	ck_assert_int_eq(parse_exact(doc, 1000000, &root, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t.toml:1:1004: nesting deeper than 1000 levels");

	/* A key of 1001 parts is refused at its last part. */
	len = 0;
	for (i = 0; i < 1001; i++)
		len += (size_t)sprintf(doc + len, "a.");
	len--;
	len += (size_t)sprintf(doc + len, " = 1\n");
	ck_assert_int_eq(parse_exact(doc, len, &root, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t.toml:1:2001: a key of more than 1000 parts");
	free(doc);
}
END_TEST

/* Every prefix of a document that uses every feature parses or fails cleanly. */
START_TEST(test_every_prefix)
{
	static const char doc[] =
		"\xef\xbb\xbf# comment é\r\n"
		"title = \"TOML \\\"x\\\" \\u00e9\\U0001F600\"\n"
		"lit = 'C:\\path'\n"
		"ml = \"\"\"\nline \\\n  joined \"\" end\"\"\"\n"
		"mll = '''\n'raw' ''\n'''\n"
		"ints = [0, +1, -2_000, 0xdead_BEEF, 0o17, 0b101]\n"
		"floats = [1.5, -2e-3, 6.02E+23, inf, -nan, 1_000.000_1]\n"
		"dates = [1979-05-27T07:32:00Z, 1979-05-27 07:32:00.999-07:00, 1979-05-27T07:32:00,\n"
		"  1979-05-27, 07:32:00.5] # trailing\n"
		"inline = { a = 1, b.c = \"x\", d = { e = [true, false] } }\n"
		"a.b.c = 1\n"
		"[table . \"quoted key\"]\n"
		"x = 1\n"
		"[[aot]]\n"
		"[aot.sub]\n"
		"[[aot]]\n"
		"y = 2020-02-29\n";
	struct ir_error err;
	size_t len;
	int r;

	for (len = 0; len <= sizeof(doc) - 1; len++) {
		struct toml_value *root = NULL;

		r = parse_exact(doc, len, &root, &err);
		if (r == 0) {
			ck_assert_ptr_nonnull(root);
			toml_free(root);
		} else {
			ck_assert_int_eq(r, -EINVAL);
			ck_assert_msg(!strncmp(err.message, "t.toml:", 7), "%s", err.message);
		}
	}
	/* And the whole document is valid. */
	toml_free(parse_ok(doc));
}
END_TEST

/* --- API ------------------------------------------------------------------------ */

START_TEST(test_api_edges)
{
	struct toml_value *root = parse_ok("s = 'x'\ni = 1\narr = [1]\n");
	const struct toml_value *s = get(root, "s"), *arr = get(root, "arr");
	struct toml_datetime dt;
	const char *str;
	int64_t integer;
	double real;
	bool boolean;

	ck_assert_int_eq(toml_value_integer(s, &integer), -EINVAL);
	ck_assert_int_eq(toml_value_float(s, &real), -EINVAL);
	ck_assert_int_eq(toml_value_boolean(s, &boolean), -EINVAL);
	ck_assert_int_eq(toml_value_datetime(s, &dt), -EINVAL);
	ck_assert_int_eq(toml_value_string(get(root, "i"), &str, NULL), -EINVAL);
	ck_assert_int_eq(toml_value_string(NULL, &str, NULL), -EINVAL);
	ck_assert_ptr_null(toml_table_get(s, "x"));
	ck_assert_ptr_null(toml_table_get(NULL, "x"));
	ck_assert_ptr_null(toml_table_get(root, NULL));
	ck_assert_uint_eq(toml_table_count(arr), 0);
	ck_assert_ptr_null(toml_table_key_at(root, 3));
	ck_assert_ptr_null(toml_table_value_at(root, 3));
	ck_assert_uint_eq(toml_table_key_line_at(root, 3), 0);
	ck_assert_uint_eq(toml_array_count(root), 0);
	ck_assert_ptr_null(toml_array_at(arr, 1));
	ck_assert_ptr_null(toml_array_at(root, 0));
	ck_assert_str_eq(toml_type_name(TOML_TABLE), "table");
	ck_assert_str_eq(toml_type_name(TOML_BOOLEAN), "boolean");
	ck_assert_str_eq(toml_type_name(TOML_OFFSET_DATETIME), "offset date-time");
	ck_assert_str_eq(toml_type_name(TOML_LOCAL_TIME), "local time");
	/* Not the root: ignored. */
	toml_free((struct toml_value *)arr);
	toml_free(root);
	toml_free(NULL);
}
END_TEST

START_TEST(test_empty_and_null_error)
{
	struct toml_value *root;

	root = parse_ok_len("", 0);
	ck_assert_uint_eq(toml_table_count(root), 0);
	toml_free(root);
	root = parse_ok("\n\n  # only a comment\n\t\n");
	ck_assert_uint_eq(toml_table_count(root), 0);
	toml_free(root);
	ck_assert_int_eq(toml_parse(NULL, 0, "x", &root, NULL), 0);
	toml_free(root);
	/* A caller may pass no error context. */
	ck_assert_int_eq(toml_parse("a = ", 4, "x", &root, NULL), -EINVAL);
}
END_TEST

static Suite *toml_suite(void)
{
	Suite *s = suite_create("toml");
	TCase *tc;

	tc = tcase_create("strings");
	tcase_add_test(tc, test_basic_string_escapes);
	tcase_add_test(tc, test_literal_strings);
	tcase_add_test(tc, test_multiline_basic_strings);
	tcase_add_test(tc, test_multiline_literal_strings);
	tcase_add_test(tc, test_crlf_is_a_newline);
	suite_add_tcase(s, tc);

	tc = tcase_create("numbers");
	tcase_add_test(tc, test_integers);
	tcase_add_test(tc, test_floats);
	tcase_add_test(tc, test_floats_ignore_locale);
	tcase_add_test(tc, test_booleans);
	suite_add_tcase(s, tc);

	tc = tcase_create("datetimes");
	tcase_add_test(tc, test_offset_datetimes);
	tcase_add_test(tc, test_local_dates_and_times);
	suite_add_tcase(s, tc);

	tc = tcase_create("tables");
	tcase_add_test(tc, test_tables_and_dotted_keys);
	tcase_add_test(tc, test_special_keys);
	tcase_add_test(tc, test_arrays_of_tables);
	tcase_add_test(tc, test_arrays_and_inline_tables);
	tcase_add_test(tc, test_implicit_tables_accept_dotted_keys);
	tcase_add_test(tc, test_big_table_lookup);
	suite_add_tcase(s, tc);

	tc = tcase_create("positions");
	tcase_add_test(tc, test_positions);
	suite_add_tcase(s, tc);

	tc = tcase_create("invalid");
	tcase_add_loop_test(tc, test_invalid, 0, (int)(sizeof(invalid_cases) / sizeof(invalid_cases[0])));
	tcase_add_test(tc, test_nesting_limit);
	tcase_add_test(tc, test_every_prefix);
	suite_add_tcase(s, tc);

	tc = tcase_create("api");
	tcase_add_test(tc, test_api_edges);
	tcase_add_test(tc, test_empty_and_null_error);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = toml_suite);
