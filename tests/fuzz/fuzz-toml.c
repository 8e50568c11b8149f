// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: toml_parse() on any bytes. A document it accepts is walked through every
 * accessor: each value answers to its own type's accessor and to no other, keys are
 * found again by toml_table_get(), strings end with their NUL, places are 1-based.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "toml.h"

#define NAME "fuzz.toml"

/* Gregorian calendar, as RFC 3339 requires. */
static int days_in_month(int year, int month)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;

	return month == 2 && leap ? 29 : days[month - 1];
}

static void check_scalar(const struct toml_value *value, enum toml_type type)
{
	struct toml_datetime dt;
	const char *str;
	size_t len;
	int64_t integer;
	double real;
	bool boolean;
	bool is_datetime = type == TOML_OFFSET_DATETIME || type == TOML_LOCAL_DATETIME ||
			   type == TOML_LOCAL_DATE || type == TOML_LOCAL_TIME;

	FUZZ_ASSERT((toml_value_string(value, &str, &len) == 0) == (type == TOML_STRING),
		    "type %d", type);
	FUZZ_ASSERT((toml_value_integer(value, &integer) == 0) == (type == TOML_INTEGER),
		    "type %d", type);
	FUZZ_ASSERT((toml_value_float(value, &real) == 0) == (type == TOML_FLOAT),
		    "type %d", type);
	FUZZ_ASSERT((toml_value_boolean(value, &boolean) == 0) == (type == TOML_BOOLEAN),
		    "type %d", type);
	FUZZ_ASSERT((toml_value_datetime(value, &dt) == 0) == is_datetime, "type %d", type);
	if (type == TOML_STRING) {
		toml_value_string(value, &str, &len);
		FUZZ_ASSERT(str && str[len] == '\0' && strlen(str) <= len, "len %zu", len);
	}
	if (is_datetime) {
		toml_value_datetime(value, &dt);
		FUZZ_ASSERT(dt.hour >= 0 && dt.hour <= 23 && dt.minute >= 0 && dt.minute <= 59 &&
			    dt.second >= 0 && dt.second <= 60 && dt.nanosecond < 1000000000u,
			    "time %d:%d:%d.%u", dt.hour, dt.minute, dt.second, dt.nanosecond);
		if (type != TOML_LOCAL_TIME)
			FUZZ_ASSERT(dt.year >= 0 && dt.year <= 9999 && dt.month >= 1 &&
				    dt.month <= 12 && dt.day >= 1 &&
				    dt.day <= days_in_month(dt.year, dt.month),
				    "date %d-%d-%d", dt.year, dt.month, dt.day);
		if (type == TOML_OFFSET_DATETIME)
			FUZZ_ASSERT(dt.offset_minutes > -24 * 60 && dt.offset_minutes < 24 * 60,
				    "offset %d", dt.offset_minutes);
	}
}

static void walk(const struct toml_value *value, unsigned int depth)
{
	enum toml_type type = toml_value_type(value);
	size_t i, n;

	FUZZ_ASSERT(type < TOML_TYPE_MAX, "type %d", type);
	FUZZ_ASSERT(toml_type_name(type) != NULL, "type %d", type);
	FUZZ_ASSERT(toml_value_line(value) >= 1 && toml_value_column(value) >= 1,
		    "at %u:%u", toml_value_line(value), toml_value_column(value));
	/* toml.h: tables and arrays nest at most 1000 deep. */
	FUZZ_ASSERT(depth <= 1001, "depth %u", depth);
	check_scalar(value, type);
	if (type == TOML_TABLE) {
		n = toml_table_count(value);
		for (i = 0; i < n; i++) {
			const char *key = toml_table_key_at(value, i);
			size_t len = toml_table_key_length_at(value, i);
			const struct toml_value *child = toml_table_value_at(value, i);

			FUZZ_ASSERT(key && key[len] == '\0' && child, "key %zu", i);
			FUZZ_ASSERT(toml_table_key_line_at(value, i) >= 1 &&
				    toml_table_key_column_at(value, i) >= 1, "key %zu", i);
			/* Keys are unique: a key without NUL finds its own value. */
			if (strlen(key) == len)
				FUZZ_ASSERT(toml_table_get(value, key) == child, "key '%s'", key);
			walk(child, depth + 1);
		}
		FUZZ_ASSERT(toml_array_count(value) == 0, "table as array");
	} else if (type == TOML_ARRAY) {
		n = toml_array_count(value);
		for (i = 0; i < n; i++) {
			const struct toml_value *item = toml_array_at(value, i);

			FUZZ_ASSERT(item, "item %zu", i);
			walk(item, depth + 1);
		}
		FUZZ_ASSERT(toml_table_count(value) == 0, "array as table");
	} else {
		FUZZ_ASSERT(toml_table_count(value) == 0 && toml_array_count(value) == 0,
			    "scalar as container");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct toml_value *root = (struct toml_value *)&root;
	struct ir_error err = { "" };
	int ret;

	ret = toml_parse((const char *)data, size, NAME, &root, &err);
	if (ret == 0) {
		FUZZ_ASSERT(toml_value_type(root) == TOML_TABLE, "root");
		walk(root, 0);
		toml_free(root);
		return 0;
	}
	FUZZ_ASSERT(ret == -EINVAL || ret == -ENOMEM, "ret %d", ret);
	/* The out-parameter is set only on success. */
	FUZZ_ASSERT(root == (struct toml_value *)&root, "root set on failure");
	FUZZ_ASSERT(ret != -EINVAL || strncmp(err.message, NAME ":", strlen(NAME ":")) == 0,
		    "message '%s'", err.message);
	return 0;
}
