/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the parts of the lircd.conf reader share, and nothing else includes.
 *
 * lircd_conf.c       the reader of lines: tokens, keywords and their values, buttons,
 *                    the checks of a remote when it ends, include lines; also
 *                    lircd_conf_free(), lircd_conf_detect() and the model's helpers
 * lircd_conf_load.c  the loads: lircd_conf_parse() from memory, lircd_conf_load_file(),
 *                    and each file a load reads, looked at before it is opened
 *
 * One load has one struct loader; each file it reads has its own struct parser. A file
 * is read by conf_parse_buffer(), whose include lines load each file they name by
 * conf_load_one(), which reads it by conf_parse_buffer() again, one level deeper.
 */
#ifndef IRKIT_LIRCD_CONF_INTERNAL_H
#define IRKIT_LIRCD_CONF_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "ir_error.h"
#include "lircd_conf.h"

/* A token of a line: not NUL-terminated. */
struct token {
	const char *text;
	size_t len;
	unsigned int column;
};

enum keyword {
	KW_NAME,
	KW_DRIVER,
	KW_FLAGS,
	KW_BITS,
	KW_EPS,
	KW_AEPS,
	KW_HEADER,
	KW_THREE,
	KW_TWO,
	KW_ONE,
	KW_ZERO,
	KW_PTRAIL,
	KW_PLEAD,
	KW_PRE,
	KW_POST,
	KW_FOOT,
	KW_REPEAT,
	KW_PRE_DATA_BITS,
	KW_PRE_DATA,
	KW_POST_DATA_BITS,
	KW_POST_DATA,
	KW_GAP,
	KW_REPEAT_GAP,
	KW_MIN_REPEAT,
	KW_MIN_CODE_REPEAT,
	KW_SUPPRESS_REPEAT,
	KW_TOGGLE_BIT,
	KW_TOGGLE_BIT_MASK,
	KW_TOGGLE_MASK,
	KW_REPEAT_MASK,
	KW_IGNORE_MASK,
	KW_RC6_MASK,
	KW_FREQUENCY,
	KW_DUTY_CYCLE,
	KW_BAUD,
	KW_SERIAL_MODE,
	KW_MANUAL_SORT,
	KW_DYNCODES_NAME,
	KW_MAX,
};

/* Shared by every file of one load. */
struct loader {
	struct lircd_conf *conf;
	struct ir_error *err;
	bool follow_includes;
	bool to_send;		/* lircd_conf_load_file_to_send(): no decoding checks */
	unsigned int depth;
	/* The files being read, outermost first: what an include may not name again. */
	struct {
		dev_t dev;
		ino_t ino;
	} open[LIRCD_CONF_INCLUDE_DEPTH_MAX + 1];
};

struct position {
	unsigned int line, column;
};

enum section {
	SECTION_TOP,
	SECTION_REMOTE,
	SECTION_CODES,
	SECTION_RAW_CODES,
};

/* One file's parse. */
struct parser {
	struct loader *loader;
	const char *filename;		/* owned by the conf */
	unsigned int line;
	enum section section;
	struct lircd_remote remote;	/* the remote being read, owned here until appended */
	size_t button_capacity;
	size_t duration_capacity;	/* of the last raw button */
	struct position remote_at;	/* its "begin remote" */
	struct position section_at;	/* its "begin codes" or "begin raw_codes" */
	struct position raw_name_at;	/* the last raw button's name */
	struct position keyword_at[KW_MAX];	/* line 0: not given */
	bool has_codes, has_raw_codes;
};

int conf_parse_buffer(struct loader *loader, const char *buf, size_t len,
		      const char *filename);
bool conf_starts_like_lircd_conf(const char *buf, size_t len);
int conf_load_one(struct loader *loader, const char *path, const struct parser *includer,
		  const struct token *at);

#endif
