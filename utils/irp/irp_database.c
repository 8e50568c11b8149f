// SPDX-License-Identifier: GPL-2.0-or-later
/* The built-in IRP protocol database: see irp_database.h. */
#include "config.h"

#include <string.h>

#include "irp_database.h"

#include "irp-database-table.h"

#define ENTRY_COUNT (sizeof(irp_database_entries) / sizeof(irp_database_entries[0]))

size_t irp_database_count(void)
{
	return ENTRY_COUNT;
}

const struct irp_database_entry *irp_database_at(size_t index)
{
	return index < ENTRY_COUNT ? &irp_database_entries[index] : NULL;
}

/* ASCII only: a locale's case rules must not change which protocol a name means. */
static bool ascii_equal_ignoring_case(const char *a, const char *b)
{
	for (;; a++, b++) {
		char ca = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
		char cb = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;

		if (ca != cb)
			return false;
		if (!ca)
			return true;
	}
}

const struct irp_database_entry *irp_database_find(const char *name)
{
	size_t i;

	for (i = 0; i < ENTRY_COUNT; i++)
		if (ascii_equal_ignoring_case(irp_database_entries[i].name, name))
			return &irp_database_entries[i];
	return NULL;
}

bool irp_database_decodable(const struct irp_database_entry *entry)
{
	const char *p = entry->parameters;
	static const char key[] = "decodable=false";

	/* Each "key=value" starts the column or follows a ';'. */
	while ((p = strstr(p, key))) {
		bool starts = p == entry->parameters || p[-1] == ';';
		char after = p[sizeof(key) - 1];

		if (starts && (after == '\0' || after == ';'))
			return false;
		p += sizeof(key) - 1;
	}
	return true;
}
