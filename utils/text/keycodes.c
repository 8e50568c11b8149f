// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/input-event-codes.h>

#include "keycodes.h"
#include "number.h"

struct keycode_name {
	const char *name;
	uint32_t code;
};

#include "keycodes-table.h"

_Static_assert(KEYCODE_MAX == KEY_MAX, "KEYCODE_MAX must follow the kernel header");

/* ASCII only: a locale (tr_TR's dotless i) must not change which names match. */
static int ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int ascii_casecmp(const char *a, const char *b)
{
	while (*a && ascii_lower((unsigned char)*a) == ascii_lower((unsigned char)*b)) {
		a++;
		b++;
	}
	return ascii_lower((unsigned char)*a) - ascii_lower((unsigned char)*b);
}

static int compare_name(const void *key, const void *element)
{
	const struct keycode_name *entry = element;

	return ascii_casecmp(key, entry->name);
}

int keycode_from_name(const char *name, uint32_t *ret_code)
{
	const struct keycode_name *entry;

	entry = bsearch(name, keycode_names, sizeof(keycode_names) / sizeof(keycode_names[0]),
			sizeof(keycode_names[0]), compare_name);
	if (!entry)
		return -ENOENT;
	*ret_code = entry->code;
	return 0;
}

int keycode_parse(const char *text, uint32_t *ret_code)
{
	uint64_t value;
	int ret;

	if (text[0] >= '0' && text[0] <= '9') {
		ret = number_parse_unsigned(text, KEYCODE_MAX, &value);
		if (ret < 0)
			return ret;
		*ret_code = (uint32_t)value;
		return 0;
	}
	return keycode_from_name(text, ret_code);
}

const char *keycode_to_name(uint32_t code)
{
	if (code > KEYCODE_MAX)
		return NULL;
	return keycode_canonical[code];
}

size_t keycode_name_count(void)
{
	return sizeof(keycode_names) / sizeof(keycode_names[0]);
}

const char *keycode_name_at(size_t index, uint32_t *ret_code)
{
	if (index >= keycode_name_count())
		return NULL;
	if (ret_code)
		*ret_code = keycode_names[index].code;
	return keycode_names[index].name;
}
