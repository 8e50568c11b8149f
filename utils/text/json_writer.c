// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_writer.h"

void json_writer_init(struct json_writer *w)
{
	w->buf = NULL;
	w->len = 0;
	w->size = 0;
	w->members = false;
	w->error = 0;
}

void json_writer_free(struct json_writer *w)
{
	if (!w)
		return;
	free(w->buf);
	json_writer_init(w);
}

/* Room for len more bytes and a NUL; false (the error kept) when there is none. */
static bool reserve(struct json_writer *w, size_t len)
{
	size_t size;
	char *grown;

	if (w->error)
		return false;
	if (w->size - w->len > len)
		return true;
	if (len > SIZE_MAX / 2 - w->len) {
		w->error = -ENOMEM;
		return false;
	}
	size = w->size ? w->size : 128;
	while (size - w->len <= len)
		size *= 2;
	grown = realloc(w->buf, size);
	if (!grown) {
		w->error = -ENOMEM;
		return false;
	}
	w->buf = grown;
	w->size = size;
	return true;
}

static void put(struct json_writer *w, const char *s, size_t len)
{
	if (!reserve(w, len))
		return;
	memcpy(w->buf + w->len, s, len);
	w->len += len;
}

/* The string's characters between quotes: the quote, backslash and controls escaped. */
static void put_escaped(struct json_writer *w, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	char esc[6] = { '\\', 'u', '0', '0', 0, 0 };

	put(w, "\"", 1);
	for (; *p; p++) {
		switch (*p) {
		case '"':
			put(w, "\\\"", 2);
			break;
		case '\\':
			put(w, "\\\\", 2);
			break;
		case '\n':
			put(w, "\\n", 2);
			break;
		case '\r':
			put(w, "\\r", 2);
			break;
		case '\t':
			put(w, "\\t", 2);
			break;
		case '\b':
			put(w, "\\b", 2);
			break;
		case '\f':
			put(w, "\\f", 2);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f) {
				esc[4] = hex[*p >> 4];
				esc[5] = hex[*p & 15];
				put(w, esc, sizeof(esc));
			} else {
				put(w, (const char *)p, 1);
			}
		}
	}
	put(w, "\"", 1);
}

static void put_key(struct json_writer *w, const char *key)
{
	if (w->members)
		put(w, ",", 1);
	w->members = true;
	put_escaped(w, key);
	put(w, ":", 1);
}

void json_writer_begin(struct json_writer *w)
{
	w->len = 0;
	w->members = false;
	put(w, "{", 1);
}

void json_writer_string(struct json_writer *w, const char *key, const char *value)
{
	put_key(w, key);
	if (value)
		put_escaped(w, value);
	else
		put(w, "null", 4);
}

void json_writer_hex(struct json_writer *w, const char *key, const uint8_t *bytes,
		     size_t size)
{
	static const char hex[] = "0123456789abcdef";
	size_t i;

	put_key(w, key);
	if (size > SIZE_MAX / 4 || !reserve(w, 2 * size + 2))
		return;
	w->buf[w->len++] = '"';
	for (i = 0; i < size; i++) {
		w->buf[w->len++] = hex[bytes[i] >> 4];
		w->buf[w->len++] = hex[bytes[i] & 15];
	}
	w->buf[w->len++] = '"';
}

static __attribute__((format(printf, 2, 3)))
void put_number(struct json_writer *w, const char *fmt, ...)
{
	char text[48];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < sizeof(text))
		put(w, text, (size_t)n);
}

void json_writer_uint(struct json_writer *w, const char *key, uint64_t value)
{
	put_key(w, key);
	put_number(w, "%" PRIu64, value);
}

void json_writer_int(struct json_writer *w, const char *key, int64_t value)
{
	put_key(w, key);
	put_number(w, "%" PRId64, value);
}

void json_writer_bool(struct json_writer *w, const char *key, bool value)
{
	put_key(w, key);
	if (value)
		put(w, "true", 4);
	else
		put(w, "false", 5);
}

void json_writer_null(struct json_writer *w, const char *key)
{
	put_key(w, key);
	put(w, "null", 4);
}

void json_writer_fixed(struct json_writer *w, const char *key, uint64_t value,
		       unsigned int decimals)
{
	uint64_t scale = 1;
	unsigned int i;

	if (decimals > 9)
		decimals = 9;
	for (i = 0; i < decimals; i++)
		scale *= 10;
	put_key(w, key);
	if (!decimals)
		put_number(w, "%" PRIu64, value);
	else
		put_number(w, "%" PRIu64 ".%0*" PRIu64, value / scale, (int)decimals,
			   value % scale);
}

int json_writer_end(struct json_writer *w, const char **ret_line, size_t *ret_len)
{
	put(w, "}\n", 2);
	if (w->error)
		return w->error;
	w->buf[w->len] = '\0';
	*ret_line = w->buf;
	*ret_len = w->len;
	return 0;
}
