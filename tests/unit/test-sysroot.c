// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysroot: paths joined under a root prefix, whatever slashes the root ends with, and
 * the regular-file test the keymap and decoder lookups rely on.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "sysroot.h"
#include "test-main.h"

static void check_path(const char *root, const char *path, const char *expected)
{
	char *joined = NULL;

	ck_assert_int_eq(sysroot_path(root, path, &joined), 0);
	ck_assert_msg(strcmp(joined, expected) == 0, "root '%s' + '%s': '%s', not '%s'",
		      root ? root : "(null)", path, joined, expected);
	free(joined);
}

static void check_path_in(const char *root, const char *dir, const char *name,
			  const char *expected)
{
	char *joined = NULL;

	ck_assert_int_eq(sysroot_path_in(root, dir, name, &joined), 0);
	ck_assert_msg(strcmp(joined, expected) == 0, "root '%s' + '%s' + '%s': '%s', not '%s'",
		      root ? root : "(null)", dir, name, joined, expected);
	free(joined);
}

START_TEST(test_no_root)
{
	check_path(NULL, "/sys/class/rc", "/sys/class/rc");
	check_path("", "/sys/class/rc", "/sys/class/rc");
	/* "/" is the real system too, and so is any run of slashes */
	check_path("/", "/dev/lirc0", "/dev/lirc0");
	check_path("///", "/dev/lirc0", "/dev/lirc0");
	check_path_in(NULL, "/etc/rc_keymaps", "nec.toml", "/etc/rc_keymaps/nec.toml");
	check_path_in("/", "/etc/rc_keymaps", "nec.toml", "/etc/rc_keymaps/nec.toml");
}
END_TEST

START_TEST(test_root_slashes)
{
	check_path("/tmp/root", "/sys/class/rc", "/tmp/root/sys/class/rc");
	check_path("/tmp/root/", "/sys/class/rc", "/tmp/root/sys/class/rc");
	check_path("/tmp/root//", "/sys/class/rc", "/tmp/root/sys/class/rc");
	/* a relative root stays relative; slashes inside it are the caller's */
	check_path("root", "/dev/input/event3", "root/dev/input/event3");
	check_path("a//b/", "/dev", "a//b/dev");
	check_path_in("/tmp/root/", "/etc/rc_keymaps", "protocols/foo.o",
		      "/tmp/root/etc/rc_keymaps/protocols/foo.o");
	check_path_in("/tmp/root", "/lib/udev/rc_keymaps", "sub/nested.toml",
		      "/tmp/root/lib/udev/rc_keymaps/sub/nested.toml");
}
END_TEST

/* A name is joined as it is: checking it is the caller's business. */
START_TEST(test_names_as_given)
{
	check_path_in("/r", "/etc", "", "/r/etc/");
	check_path_in("/r", "/etc", "../x", "/r/etc/../x");
	check_path("/r", "", "/r");
}
END_TEST

START_TEST(test_regular_file)
{
	char dir[] = "/tmp/test-sysroot.XXXXXX", file[64], link[64], dangling[64];
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/file", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	snprintf(dangling, sizeof(dangling), "%s/dangling", dir);
	f = fopen(file, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_int_eq(symlink("file", link), 0);
	ck_assert_int_eq(symlink("nothing", dangling), 0);

	ck_assert(sysroot_is_regular_file(file));
	ck_assert(sysroot_is_regular_file(link));
	ck_assert(!sysroot_is_regular_file(dangling));
	ck_assert(!sysroot_is_regular_file(dir));
	ck_assert(!sysroot_is_regular_file("/dev/null"));
	ck_assert(!sysroot_is_regular_file("/nonexistent/file"));
	ck_assert(!sysroot_is_regular_file(""));

	unlink(dangling);
	unlink(link);
	unlink(file);
	rmdir(dir);
}
END_TEST

static Suite *sysroot_suite(void)
{
	Suite *s = suite_create("sysroot");
	TCase *tc;

	tc = tcase_create("paths");
	tcase_add_test(tc, test_no_root);
	tcase_add_test(tc, test_root_slashes);
	tcase_add_test(tc, test_names_as_given);
	suite_add_tcase(s, tc);

	tc = tcase_create("files");
	tcase_add_test(tc, test_regular_file);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = sysroot_suite);
