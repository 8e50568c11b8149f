// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ir_error.h"

/*
 * The length of the valid UTF-8 sequence at s (2 to 4 bytes) and its code point, or 0
 * when s starts no such sequence (a lone continuation byte, an overlong form, a
 * surrogate, past U+10FFFF, cut short by the end of the string).
 */
static size_t utf8_sequence(const unsigned char *s, unsigned int *ret_cp)
{
	unsigned int cp, min;
	size_t len, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		cp = s[0] & 0x1f;
		min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		cp = s[0] & 0x0f;
		min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		cp = s[0] & 0x07;
		min = 0x10000;
	} else {
		return 0;
	}
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)	/* the terminator too */
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	*ret_cp = cp;
	return len;
}

/*
 * C0 controls and DEL, C1 controls (U+0080..U+009F) encoded in UTF-8, and bytes
 * 0x80..0x9F outside valid UTF-8: a terminal in an 8-bit mode takes a lone 0x9B for
 * CSI, one in UTF-8 takes U+009B for it. One '?' for each, the text shortened in place.
 */
void ir_error_filter_controls(char *text)
{
	unsigned char *in = (unsigned char *)text, *out = in;
	unsigned int cp;
	size_t len;

	while (*in) {
		if (*in < 0x20 || *in == 0x7f) {
			*out++ = '?';
			in++;
		} else if (*in < 0x80) {
			*out++ = *in++;
		} else if ((len = utf8_sequence(in, &cp)) != 0) {
			if (cp <= 0x9f) {
				*out++ = '?';
				in += len;
			} else {
				while (len--)
					*out++ = *in++;
			}
		} else {
			*out++ = *in <= 0x9f ? '?' : *in;
			in++;
		}
	}
	*out = '\0';
}

void ir_error_clear(struct ir_error *err)
{
	if (err)
		err->message[0] = '\0';
}

void ir_error_setv(struct ir_error *err, const char *fmt, va_list args)
{
	if (!err)
		return;
	vsnprintf(err->message, sizeof(err->message), fmt, args);
	ir_error_filter_controls(err->message);
}

void ir_error_set(struct ir_error *err, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	ir_error_setv(err, fmt, args);
	va_end(args);
}

void ir_error_set_at(struct ir_error *err, const char *file, unsigned int line,
		     unsigned int column, const char *fmt, ...)
{
	size_t used;
	int len;
	va_list args;

	if (!err)
		return;
	if (line && column)
		len = snprintf(err->message, sizeof(err->message), "%s:%u:%u: ", file, line, column);
	else if (line)
		len = snprintf(err->message, sizeof(err->message), "%s:%u: ", file, line);
	else
		len = snprintf(err->message, sizeof(err->message), "%s: ", file);
	used = len < 0 ? 0 : (size_t)len;
	if (used >= sizeof(err->message)) {
		ir_error_filter_controls(err->message);
		return;
	}
	va_start(args, fmt);
	vsnprintf(err->message + used, sizeof(err->message) - used, fmt, args);
	va_end(args);
	ir_error_filter_controls(err->message);
}

void ir_error_prefix(struct ir_error *err, const char *fmt, ...)
{
	char old[IR_ERROR_MESSAGE_MAX];
	size_t used;
	int len;
	va_list args;

	if (!err)
		return;
	memcpy(old, err->message, sizeof(old));
	va_start(args, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, args);
	va_end(args);
	/* Filtered first: a control sequence replaced makes the prefix shorter. */
	ir_error_filter_controls(err->message);
	used = strlen(err->message);
	if (!old[0] || used + 2 >= sizeof(err->message))
		return;
	memcpy(err->message + used, ": ", 2);
	used += 2;
	len = (int)strnlen(old, sizeof(old) - 1);
	if ((size_t)len > sizeof(err->message) - 1 - used)
		len = (int)(sizeof(err->message) - 1 - used);
	memcpy(err->message + used, old, (size_t)len);
	err->message[used + (size_t)len] = '\0';
}
