// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rc_maps.h"
#include "test-main.h"

static struct rc_maps *load_ok(const char *text)
{
	struct rc_maps *maps = NULL;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_msg(rc_maps_load(text, strlen(text), "rc_maps.cfg", &maps, &err) == 0,
		      "%s", err.message);
	return maps;
}

static void check_error(const char *text, size_t len, const char *expected)
{
	struct rc_maps *maps = NULL;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_int_eq(rc_maps_load(text, len, "rc_maps.cfg", &maps, &err), -EINVAL);
	ck_assert_ptr_null(maps);
	ck_assert_str_eq(err.message, expected);
}

START_TEST(test_parse_fields_comments_blanks)
{
	static const char text[] =
		"# driver\ttable\tfile\n"
		"\n"
		"*\trc-hauppauge\thauppauge.toml\n"
		"   \t  \n"
		"em28xx   *    /home/me/remote.toml   # mine\r\n"
		"#*\t*\tcommented.toml\n"
		"cx88xx rc-* cx.toml";
	struct rc_maps *maps = load_ok(text);

	ck_assert_uint_eq(maps->entry_count, 3);
	ck_assert_str_eq(maps->entries[0].driver, "*");
	ck_assert_str_eq(maps->entries[0].table, "rc-hauppauge");
	ck_assert_str_eq(maps->entries[0].file, "hauppauge.toml");
	ck_assert_uint_eq(maps->entries[0].line, 3);
	ck_assert_str_eq(maps->entries[1].driver, "em28xx");
	ck_assert_str_eq(maps->entries[1].table, "*");
	ck_assert_str_eq(maps->entries[1].file, "/home/me/remote.toml");
	ck_assert_uint_eq(maps->entries[1].line, 5);
	ck_assert_str_eq(maps->entries[2].file, "cx.toml");
	ck_assert_uint_eq(maps->entries[2].line, 7);
	rc_maps_free(maps);

	maps = load_ok("");
	ck_assert_uint_eq(maps->entry_count, 0);
	rc_maps_free(maps);
	rc_maps_free(NULL);
}
END_TEST

START_TEST(test_errors_name_line_and_column)
{
	check_error("* a b\n*\trc-foo\n", 15, "rc_maps.cfg:2:3: expected 'DRIVER TABLE FILE'");
	check_error("\n\nonly\n", 8, "rc_maps.cfg:3:1: expected 'DRIVER TABLE FILE'");
	check_error("a b c d\n", 8,
		    "rc_maps.cfg:1:7: expected 'DRIVER TABLE FILE', found more fields");
	check_error("a b c\na b\0c d\n", 14, "rc_maps.cfg:2: unexpected NUL character");
}
END_TEST

START_TEST(test_patterns)
{
	ck_assert(rc_maps_pattern_match("*", ""));
	ck_assert(rc_maps_pattern_match("*", "anything"));
	ck_assert(rc_maps_pattern_match("", ""));
	ck_assert(!rc_maps_pattern_match("", "x"));
	ck_assert(rc_maps_pattern_match("rc-*", "rc-foo"));
	ck_assert(rc_maps_pattern_match("rc-*", "rc-"));
	ck_assert(!rc_maps_pattern_match("rc-*", "rc"));
	ck_assert(rc_maps_pattern_match("RC-Hauppauge", "rc-hauppauge"));
	ck_assert(rc_maps_pattern_match("rc-hauppauge", "RC-HAUPPAUGE"));
	ck_assert(!rc_maps_pattern_match("rc-foo", "rc-foobar"));
	ck_assert(!rc_maps_pattern_match("rc-foobar", "rc-foo"));
	ck_assert(rc_maps_pattern_match("rc-?oo", "rc-zoo"));
	ck_assert(!rc_maps_pattern_match("rc-?oo", "rc-oo"));
	ck_assert(rc_maps_pattern_match("*-dvb-*", "rc-dvb-t"));
	ck_assert(rc_maps_pattern_match("a*b*c", "aXbYc"));
	ck_assert(!rc_maps_pattern_match("a*b*c", "aXbY"));
	ck_assert(rc_maps_pattern_match("*ab", "aab"));
	ck_assert(rc_maps_pattern_match("**a", "a"));
	ck_assert(!rc_maps_pattern_match("*a", "b"));
}
END_TEST

START_TEST(test_every_match_in_order)
{
	static const char text[] =
		"*\trc-hauppauge\tfirst.toml\n"
		"cx88XX\t*\tsecond.toml\n"
		"*\t*\tthird.toml\n"
		"em28xx\trc-hauppauge\tnot.toml\n"
		"*\trc-haupp*\tfifth.toml\n";
	struct rc_maps *maps = load_ok(text);
	const struct rc_maps_entry **matches = NULL;
	size_t count = 99;

	ck_assert_int_eq(rc_maps_match(maps, "cx88xx", "RC-Hauppauge", &matches, &count), 0);
	ck_assert_uint_eq(count, 4);
	ck_assert_str_eq(matches[0]->file, "first.toml");
	ck_assert_str_eq(matches[1]->file, "second.toml");
	ck_assert_str_eq(matches[2]->file, "third.toml");
	ck_assert_str_eq(matches[3]->file, "fifth.toml");
	ck_assert_uint_eq(matches[3]->line, 5);
	free(matches);

	ck_assert_int_eq(rc_maps_match(maps, "saa7134", "rc-other", &matches, &count), 0);
	ck_assert_uint_eq(count, 1);
	ck_assert_str_eq(matches[0]->file, "third.toml");
	free(matches);

	/* An unknown driver matches only a '*' driver. */
	ck_assert_int_eq(rc_maps_match(maps, NULL, "rc-hauppauge", &matches, &count), 0);
	ck_assert_uint_eq(count, 3);
	free(matches);
	rc_maps_free(maps);

	maps = load_ok("em28xx rc-a a.toml\n");
	ck_assert_int_eq(rc_maps_match(maps, "cx88xx", "rc-a", &matches, &count), 0);
	ck_assert_uint_eq(count, 0);
	ck_assert_ptr_null(matches);
	rc_maps_free(maps);
}
END_TEST

static void make_file(const char *root, const char *dir, const char *name)
{
	char path[4096];
	FILE *f;
	char *p;

	snprintf(path, sizeof(path), "%s%s/%s", root, dir, name);
	for (p = path + strlen(root) + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			ck_assert(mkdir(path, 0755) == 0 || errno == EEXIST);
			*p = '/';
		}
	}
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
}

static void remove_tree(const char *root)
{
	char command[4200];

	snprintf(command, sizeof(command), "rm -rf '%s'", root);
	ck_assert_int_eq(system(command), 0);
}

START_TEST(test_find_keymap_under_root)
{
	char root[] = "/tmp/test-rc-maps.XXXXXX", expected[4096], rooted[4200];
	struct ir_error err;
	char *path = NULL;

	ck_assert_ptr_nonnull(mkdtemp(root));
	make_file(root, USERKEYMAPDIR, "both.toml");
	make_file(root, KEYMAPDIR, "both.toml");
	make_file(root, KEYMAPDIR, "system.toml");
	make_file(root, KEYMAPDIR, "dir.toml/inside");
	make_file(root, USERKEYMAPDIR, "sub/nested.toml");

	ck_assert_int_eq(rc_maps_find_keymap(root, "both.toml", &path, &err), 0);
	snprintf(expected, sizeof(expected), "%s%s/both.toml", root, USERKEYMAPDIR);
	ck_assert_str_eq(path, expected);
	free(path);

	ck_assert_int_eq(rc_maps_find_keymap(root, "system.toml", &path, &err), 0);
	snprintf(expected, sizeof(expected), "%s%s/system.toml", root, KEYMAPDIR);
	ck_assert_str_eq(path, expected);
	free(path);

	/* A trailing slash on the root changes nothing. */
	snprintf(rooted, sizeof(rooted), "%s/", root);
	ck_assert_int_eq(rc_maps_find_keymap(rooted, "system.toml", &path, &err), 0);
	ck_assert_str_eq(path, expected);
	free(path);

	ck_assert_int_eq(rc_maps_find_keymap(root, "sub/nested.toml", &path, &err), 0);
	snprintf(expected, sizeof(expected), "%s%s/sub/nested.toml", root, USERKEYMAPDIR);
	ck_assert_str_eq(path, expected);
	free(path);

	/* A directory is not a keymap. */
	path = NULL;
	ck_assert_int_eq(rc_maps_find_keymap(root, "dir.toml", &path, &err), -ENOENT);
	ck_assert_ptr_null(path);
	snprintf(expected, sizeof(expected),
		 "keymap 'missing.toml' not found: neither %s%s/missing.toml nor %s%s/missing.toml exists",
		 root, USERKEYMAPDIR, root, KEYMAPDIR);
	ck_assert_int_eq(rc_maps_find_keymap(root, "missing.toml", &path, &err), -ENOENT);
	ck_assert_str_eq(err.message, expected);

	/* Absolute paths are taken as they are, outside the root. */
	ck_assert_int_eq(rc_maps_find_keymap(root, "/somewhere/else.toml", &path, &err), 0);
	ck_assert_str_eq(path, "/somewhere/else.toml");
	free(path);
	remove_tree(root);
}
END_TEST

START_TEST(test_find_keymap_without_root)
{
	struct ir_error err;
	char *path = NULL, expected[4096];

	/* Nothing named like this is installed: both places are named, unprefixed. */
	snprintf(expected, sizeof(expected),
		 "keymap 'no-such-keymap.toml' not found: neither %s/no-such-keymap.toml nor %s/no-such-keymap.toml exists",
		 USERKEYMAPDIR, KEYMAPDIR);
	ck_assert_int_eq(rc_maps_find_keymap(NULL, "no-such-keymap.toml", &path, &err), -ENOENT);
	ck_assert_str_eq(err.message, expected);
	ck_assert_int_eq(rc_maps_find_keymap("", "no-such-keymap.toml", &path, &err), -ENOENT);
	ck_assert_str_eq(err.message, expected);
}
END_TEST

START_TEST(test_load_file)
{
	char path[] = "/tmp/test-rc-maps-cfg.XXXXXX";
	struct rc_maps *maps = NULL;
	struct ir_error err;
	int fd = mkstemp(path);
	char expected[256];

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "* rc-a a.toml\nbad line\n", 23), 23);
	close(fd);
	ck_assert_int_eq(rc_maps_load_file(path, &maps, &err), -EINVAL);
	snprintf(expected, sizeof(expected), "%s:2:5: expected 'DRIVER TABLE FILE'", path);
	ck_assert_str_eq(err.message, expected);
	unlink(path);

	ck_assert_int_eq(rc_maps_load_file(path, &maps, &err), -ENOENT);
	snprintf(expected, sizeof(expected), "%s: No such file or directory", path);
	ck_assert_str_eq(err.message, expected);
	ck_assert_ptr_null(maps);
}
END_TEST

/* A file of the limit loads; one byte more is refused, as file and as buffer. */
START_TEST(test_size_limit)
{
	static const char line[] = "* rc-a a.toml\n";
	char path[] = "/tmp/test-rc-maps-big.XXXXXX", expected[256];
	size_t size = RC_MAPS_FILE_MAX;
	struct rc_maps *maps = NULL;
	struct ir_error err;
	char *text = malloc(size + 1);
	int fd = mkstemp(path);

	ck_assert_ptr_nonnull(text);
	ck_assert_int_ge(fd, 0);
	/* one mapping, then comment lines up to exactly the limit */
	memset(text, '#', size + 1);
	memcpy(text, line, sizeof(line) - 1);
	text[size - 1] = '\n';
	ck_assert_int_eq(write(fd, text, size), (ssize_t)size);
	ck_assert_int_eq(rc_maps_load_file(path, &maps, &err), 0);
	ck_assert_uint_eq(maps->entry_count, 1);
	rc_maps_free(maps);
	maps = NULL;

	ck_assert_int_eq(write(fd, "#", 1), 1);
	close(fd);
	ck_assert_int_eq(rc_maps_load_file(path, &maps, &err), -EFBIG);
	ck_assert_ptr_null(maps);
	snprintf(expected, sizeof(expected), "%s: larger than %u bytes", path,
		 (unsigned int)RC_MAPS_FILE_MAX);
	ck_assert_str_eq(err.message, expected);
	ck_assert_int_eq(rc_maps_load(text, size + 1, "rc_maps.cfg", &maps, &err), -EFBIG);
	ck_assert_ptr_null(maps);
	ck_assert_str_eq(err.message, "rc_maps.cfg: larger than 1048576 bytes");
	unlink(path);
	free(text);
}
END_TEST

static Suite *rc_maps_suite(void)
{
	Suite *s = suite_create("rc_maps");
	TCase *tc;

	tc = tcase_create("parse");
	tcase_add_test(tc, test_parse_fields_comments_blanks);
	tcase_add_test(tc, test_errors_name_line_and_column);
	tcase_add_test(tc, test_load_file);
	tcase_add_test(tc, test_size_limit);
	suite_add_tcase(s, tc);

	tc = tcase_create("match");
	tcase_add_test(tc, test_patterns);
	tcase_add_test(tc, test_every_match_in_order);
	suite_add_tcase(s, tc);

	tc = tcase_create("resolve");
	tcase_add_test(tc, test_find_keymap_under_root);
	tcase_add_test(tc, test_find_keymap_without_root);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = rc_maps_suite);
