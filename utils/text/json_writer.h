/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * JSON objects written into a buffer, one line at a time (JSON Lines): the members of
 * one flat object in the order given, strings escaped as RFC 8259 requires (the quote,
 * the backslash and every control character; other bytes, UTF-8 among them, as they
 * are). The writer keeps the first error (-ENOMEM) and does nothing after it, so that
 * a caller adds every member and checks once, at json_writer_end().
 */
#ifndef IRKIT_JSON_WRITER_H
#define IRKIT_JSON_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_writer {
	char *buf;
	size_t len, size;
	bool members;		/* a member written: the next one needs a comma */
	int error;		/* 0, or the first error */
};

/* An empty writer; its buffer grows as needed. Free with json_writer_free(). */
void json_writer_init(struct json_writer *w);
void json_writer_free(struct json_writer *w);

/* "{": the line starts anew. */
void json_writer_begin(struct json_writer *w);
/* "KEY":"VALUE", escaped; a NULL value is null. */
void json_writer_string(struct json_writer *w, const char *key, const char *value);
/* "KEY":"HEX", the size bytes in lower-case hex digits, two each, nothing between. */
void json_writer_hex(struct json_writer *w, const char *key, const uint8_t *bytes,
		     size_t size);
void json_writer_uint(struct json_writer *w, const char *key, uint64_t value);
void json_writer_int(struct json_writer *w, const char *key, int64_t value);
void json_writer_bool(struct json_writer *w, const char *key, bool value);
void json_writer_null(struct json_writer *w, const char *key);
/*
 * "KEY":N.D, value / 10^decimals written exactly with all its decimals (time in µs as
 * 0.192980, decimals 6); decimals 0 to 9.
 */
void json_writer_fixed(struct json_writer *w, const char *key, uint64_t value,
		       unsigned int decimals);
/*
 * "}\n": the line, NUL-terminated, in *ret_line (valid until the next call) and its
 * length; or the first error, and nothing.
 */
int json_writer_end(struct json_writer *w, const char **ret_line, size_t *ret_len);

#endif
