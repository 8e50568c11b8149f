/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one main() of the Check unit tests (test-main.c, linked into every test program).
 * A test program builds its suite and names it once, at its end:
 *
 *	UNIT_TEST(.suite = keymap_suite);
 *
 * and, when it needs them: a setup run before the suite, returning 0 to go on,
 * UNIT_TEST_SKIP when the machine cannot run the test (no root, no /dev/uinput: the
 * test driver reports a skip), anything else to fail; a teardown run after the suite;
 * no_fork when the tests share, in one process, what the setup made.
 */
#ifndef IRKIT_TEST_MAIN_H
#define IRKIT_TEST_MAIN_H

#include <check.h>
#include <stdbool.h>

#define UNIT_TEST_SKIP 77	/* automake's "skipped" exit status */

struct unit_test {
	Suite *(*suite)(void);
	int (*setup)(void);
	void (*teardown)(void);
	bool no_fork;
};

/* Defined by the test program, with UNIT_TEST(). */
extern const struct unit_test unit_test;

#define UNIT_TEST(...) const struct unit_test unit_test = { __VA_ARGS__ }

#endif
