// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ir_error.h"

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
	char location[256];
	char text[IR_ERROR_MESSAGE_MAX];
	va_list args;

	if (!err)
		return;
	if (line && column)
		snprintf(location, sizeof(location), "%s:%u:%u", file, line, column);
	else if (line)
		snprintf(location, sizeof(location), "%s:%u", file, line);
	else
		snprintf(location, sizeof(location), "%s", file);
	va_start(args, fmt);
	vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	snprintf(err->message, sizeof(err->message), "%s: %s", location, text);
}

void ir_error_prefix(struct ir_error *err, const char *fmt, ...)
{
	char prefix[256];
	char old[IR_ERROR_MESSAGE_MAX];
	va_list args;

	if (!err)
		return;
	va_start(args, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, args);
	va_end(args);
	memcpy(old, err->message, sizeof(old));
	if (old[0])
		snprintf(err->message, sizeof(err->message), "%s: %s", prefix, old);
	else
		snprintf(err->message, sizeof(err->message), "%s", prefix);
}
