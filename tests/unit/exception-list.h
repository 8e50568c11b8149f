/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The lists of known exceptions that database-wide tests keep in the tree (one
 * "NAME<TAB>reason" a line, '#' comments): a test fails on a failure that is not
 * listed and on a listed name that passes, so that a list may only shrink.
 */
#ifndef IRKIT_TEST_EXCEPTION_LIST_H
#define IRKIT_TEST_EXCEPTION_LIST_H

#include <stdbool.h>

#define EXCEPTION_LIST_MAX 256
#define EXCEPTION_NAME_MAX 64

struct exception_list {
	char names[EXCEPTION_LIST_MAX][EXCEPTION_NAME_MAX];
	unsigned int count;
};

/* Reads path into list; a Check assertion fails on a missing file or reason. */
void exception_list_read(const char *path, struct exception_list *list);

bool exception_list_has(const struct exception_list *list, const char *name);

#endif
