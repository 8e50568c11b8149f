/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TOML 1.0 parser over a memory buffer.
 *
 * toml_parse() builds an immutable tree; every value and every table key remembers the
 * line and column where it was written, so that callers (the keymap reader) can name
 * the place of a semantic error. Invalid documents are rejected with
 * "NAME:LINE:COLUMN: reason" in the ir_error.
 *
 * Lines and columns count from 1; columns count characters (not bytes), a tab counts
 * as one. A scalar, array or inline table is placed where it starts; a table made by
 * a [header] or [[header]] at the '[' of the header that defined it; a table made
 * implicitly (the "a" of [a.b] or of a.b = 1) at the first key that named it.
 * Tables and arrays may nest at most TOML_DEPTH_MAX deep, and a dotted key or header
 * has at most TOML_DEPTH_MAX parts. The size of a document is the caller's to bound
 * (keymaps: KEYMAP_FILE_MAX).
 *
 * Choices where TOML 1.0 leaves room: a UTF-8 byte order mark at the very start is
 * skipped; CRLF inside multi-line strings becomes LF; second 60 (RFC 3339 leap
 * second) and year 0000 are accepted; integers beyond 64 bits are refused; floats
 * are read the same whatever the locale, and overflow to inf.
 */
#ifndef IRKIT_TOML_H
#define IRKIT_TOML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"

/* Nesting of arrays and tables, parts of a key (the root is level 0). */
#define TOML_DEPTH_MAX 1000

enum toml_type {
	TOML_TABLE,
	TOML_ARRAY,
	TOML_STRING,
	TOML_INTEGER,
	TOML_FLOAT,
	TOML_BOOLEAN,
	TOML_OFFSET_DATETIME,
	TOML_LOCAL_DATETIME,
	TOML_LOCAL_DATE,
	TOML_LOCAL_TIME,
	TOML_TYPE_MAX,
};

struct toml_datetime {
	int year, month, day;			/* unset (0) for TOML_LOCAL_TIME */
	int hour, minute, second;		/* unset (0) for TOML_LOCAL_DATE */
	uint32_t nanosecond;			/* fraction of a second, truncated to ns */
	int fraction_digits;			/* digits written in the fraction, 0 if none */
	int offset_minutes;			/* TOML_OFFSET_DATETIME only; Z is 0 */
	bool offset_is_z;			/* written as 'Z' or 'z' */
};

struct toml_value;

/*
 * Parse len bytes of buf (need not be NUL-terminated). name is used in error messages
 * (a file name, "-" for stdin). On success *ret_root is a TOML_TABLE owned by the caller.
 * Returns 0, -EINVAL for an invalid document (err set), -ENOMEM.
 */
int toml_parse(const char *buf, size_t len, const char *name,
	       struct toml_value **ret_root, struct ir_error *err);

/*
 * Accepts NULL. Only the root returned by toml_parse() may be freed (other values
 * are ignored): the whole tree goes with it.
 */
void toml_free(struct toml_value *root);

enum toml_type toml_value_type(const struct toml_value *value);
unsigned int toml_value_line(const struct toml_value *value);
unsigned int toml_value_column(const struct toml_value *value);
const char *toml_type_name(enum toml_type type);	/* "table", "integer", ... */

/* Tables keep their keys in document order. */
size_t toml_table_count(const struct toml_value *table);
const char *toml_table_key_at(const struct toml_value *table, size_t index);
/* Length of that key: quoted keys may contain NUL bytes ("\u0000"). */
size_t toml_table_key_length_at(const struct toml_value *table, size_t index);
/* Line and column of the key itself (for "duplicate scancode" style errors). */
unsigned int toml_table_key_line_at(const struct toml_value *table, size_t index);
unsigned int toml_table_key_column_at(const struct toml_value *table, size_t index);
const struct toml_value *toml_table_value_at(const struct toml_value *table, size_t index);
/* NULL when absent (or when table is not a table). Hashed: fast on big tables. */
const struct toml_value *toml_table_get(const struct toml_value *table, const char *key);

size_t toml_array_count(const struct toml_value *array);
const struct toml_value *toml_array_at(const struct toml_value *array, size_t index);

/*
 * Scalar accessors: each returns 0 and sets the out-parameter when the value has that
 * type, -EINVAL otherwise. Strings are NUL-terminated and may also contain NUL bytes
 * (\u0000), hence the length.
 */
int toml_value_string(const struct toml_value *value, const char **ret_str, size_t *ret_len);
int toml_value_integer(const struct toml_value *value, int64_t *ret_int);
int toml_value_float(const struct toml_value *value, double *ret_float);
int toml_value_boolean(const struct toml_value *value, bool *ret_bool);
/* Any of the four date-time types. */
int toml_value_datetime(const struct toml_value *value, struct toml_datetime *ret_datetime);

#endif
