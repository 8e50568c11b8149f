// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: rc_maps_load() on any bytes, then matching. Every entry has three
 * non-empty fields without blanks, and an entry matches its own driver and table taken
 * as names ('*' matches the '*' itself, '?' any character, letters themselves).
 * The second half of the input, split at its first NUL, also goes to
 * rc_maps_pattern_match() as a pattern and a name: it must return quickly, and agree
 * with a slow reference matcher.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "rc_maps.h"

#define NAME "fuzz.cfg"

static bool has_blank(const char *s)
{
	return strpbrk(s, " \t\r\v\f\n") != NULL;
}

static void check_entry(const struct rc_maps *maps, size_t index)
{
	const struct rc_maps_entry *entry = &maps->entries[index];
	const struct rc_maps_entry **matches = NULL;
	size_t count = 0, i;
	bool found = false;
	int ret;

	FUZZ_ASSERT(entry->driver[0] && entry->table[0] && entry->file[0], "empty field");
	FUZZ_ASSERT(!has_blank(entry->driver) && !has_blank(entry->table) &&
		    !has_blank(entry->file), "blank in a field");
	FUZZ_ASSERT(entry->driver[0] != '#' && entry->table[0] != '#' && entry->file[0] != '#',
		    "comment as a field");
	FUZZ_ASSERT(entry->line >= 1, "line %u", entry->line);
	FUZZ_ASSERT(rc_maps_pattern_match(entry->driver, entry->driver), "'%s'", entry->driver);
	ret = rc_maps_match(maps, entry->driver, entry->table, &matches, &count);
	if (ret == -ENOMEM)
		return;
	FUZZ_ASSERT(ret == 0, "rc_maps_match: %d", ret);
	for (i = 0; i < count; i++) {
		FUZZ_ASSERT(i == 0 || matches[i - 1] < matches[i], "not in file order");
		found |= matches[i] == entry;
	}
	FUZZ_ASSERT(found, "entry %zu does not match itself", index);
	free(matches);
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/*
 * The reference: dynamic programming over (pattern prefix, name prefix), written from
 * rc_maps.h's description, not from the matcher. Short inputs only.
 */
#define REFERENCE_MAX 64

static bool reference_match(const char *pattern, const char *name)
{
	static const size_t max = REFERENCE_MAX;
	bool match[REFERENCE_MAX + 1][REFERENCE_MAX + 1] = { { false } };
	size_t np = strlen(pattern), nn = strlen(name), i, j;

	FUZZ_ASSERT(np <= max && nn <= max, "reference on long input");
	/* match[i][j]: the first i pattern characters match the first j name characters. */
	match[0][0] = true;
	for (i = 1; i <= np; i++) {
		for (j = 0; j <= nn; j++) {
			char p = pattern[i - 1];

			if (p == '*')
				match[i][j] = match[i - 1][j] || (j > 0 && match[i][j - 1]);
			else if (j > 0 && (p == '?' || lower(p) == lower(name[j - 1])))
				match[i][j] = match[i - 1][j - 1];
		}
	}
	return match[np][nn];
}

static void check_pattern(const uint8_t *data, size_t size)
{
	char *pattern = malloc(size + 1);
	const char *name;
	bool got;

	if (!pattern)
		return;
	memcpy(pattern, data, size);
	pattern[size] = '\0';
	/* "pattern\0name": without a NUL the name is empty. */
	name = pattern + strlen(pattern);
	if (name < pattern + size)
		name++;
	got = rc_maps_pattern_match(pattern, name);
	if (strlen(pattern) <= REFERENCE_MAX && strlen(name) <= REFERENCE_MAX)
		FUZZ_ASSERT(got == reference_match(pattern, name), "'%s' and '%s': %d", pattern,
			    name, got);
	FUZZ_ASSERT(rc_maps_pattern_match("*", name), "'*' and '%s'", name);
	free(pattern);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rc_maps *maps = (struct rc_maps *)&maps;
	struct ir_error err = { "" };
	size_t i;
	int ret;

	ret = rc_maps_load((const char *)data, size, NAME, &maps, &err);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EINVAL || ret == -ENOMEM || ret == -EFBIG, "ret %d", ret);
		FUZZ_ASSERT(maps == (struct rc_maps *)&maps, "maps set on failure");
		FUZZ_ASSERT(strncmp(err.message, NAME ":", strlen(NAME ":")) == 0,
			    "message '%s'", err.message);
	} else {
		for (i = 0; i < maps->entry_count; i++)
			check_entry(maps, i);
		rc_maps_free(maps);
	}
	check_pattern(data + size / 2, size - size / 2);
	return 0;
}
