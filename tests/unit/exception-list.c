// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "exception-list.h"

void exception_list_read(const char *path, struct exception_list *list)
{
	FILE *f = fopen(path, "r");
	char line[512];

	ck_assert_msg(f != NULL, "%s", path);
	list->count = 0;
	while (fgets(line, sizeof(line), f)) {
		char *tab = strchr(line, '\t');

		if (line[0] == '#' || line[0] == '\n')
			continue;
		ck_assert_msg(tab != NULL && tab[1] != '\n', "%s: no reason: %s", path, line);
		*tab = '\0';
		ck_assert_uint_lt(list->count, EXCEPTION_LIST_MAX);
		snprintf(list->names[list->count++], sizeof(list->names[0]), "%.63s", line);
	}
	fclose(f);
}

bool exception_list_has(const struct exception_list *list, const char *name)
{
	unsigned int i;

	for (i = 0; i < list->count; i++)
		if (strcmp(list->names[i], name) == 0)
			return true;
	return false;
}
