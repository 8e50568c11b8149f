/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Error context carried up to the caller.
 *
 * Library functions return 0 or a negative errno and, when the caller passes a
 * struct ir_error, describe the failure there ("remote.toml:12:5: expected '='").
 * They never print: the program reports each error once.
 *
 * Messages quote names from files (a decoder object's map and section names, keymap
 * keys): every setter below puts them through ir_error_filter_controls(), so that no
 * file can send a terminal control sequence (ESC, or a C1 control such as CSI) to the
 * user's terminal with an error.
 */
#ifndef IRKIT_IR_ERROR_H
#define IRKIT_IR_ERROR_H

#include <stdarg.h>

#define IR_ERROR_MESSAGE_MAX 512

struct ir_error {
	char message[IR_ERROR_MESSAGE_MAX];
};

/*
 * Replace each control character of text with one '?', in place (the text may get
 * shorter): C0 controls (below 0x20) and DEL, C1 controls (U+0080..U+009F) written in
 * UTF-8, and bytes 0x80..0x9F that are no part of valid UTF-8 (a terminal in an 8-bit
 * mode takes 0x9B for CSI). Other UTF-8, and other bytes, stay as they are. For any
 * text from a file that is printed otherwise than through an ir_error.
 */
void ir_error_filter_controls(char *text);

/* Each of these accepts err == NULL and then does nothing. */
void ir_error_clear(struct ir_error *err);

__attribute__((format(printf, 2, 3)))
void ir_error_set(struct ir_error *err, const char *fmt, ...);

__attribute__((format(printf, 2, 0)))
void ir_error_setv(struct ir_error *err, const char *fmt, va_list args);

/* "FILE:LINE:COLUMN: message"; a zero column is left out, and so is a zero line. */
__attribute__((format(printf, 5, 6)))
void ir_error_set_at(struct ir_error *err, const char *file, unsigned int line,
		     unsigned int column, const char *fmt, ...);

/* Put context in front of the message already set: "PREFIX: old message". */
__attribute__((format(printf, 2, 3)))
void ir_error_prefix(struct ir_error *err, const char *fmt, ...);

#endif
