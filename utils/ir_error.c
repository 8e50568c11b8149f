// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ir_error.h"

void ir_error_filter_controls(char *text)
{
	for (; *text; text++)
		if ((unsigned char)*text < 0x20 || *text == 0x7f)
			*text = '?';
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
	len = vsnprintf(err->message, sizeof(err->message), fmt, args);
	va_end(args);
	used = len < 0 ? 0 : (size_t)len;
	ir_error_filter_controls(err->message);
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
