/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Raw IR captures: the text formats of ir-ctl and LIRC's mode2 turned into the LIRC
 * mode2 samples a decoder sees (LIRC_MODE2_PULSE, _SPACE or _TIMEOUT in the top 8
 * bits, the duration in microseconds in the low 24, as <linux/lirc.h> defines them).
 * The parser streams: capture_load_file() feeds it 64 KiB at a time
 * (capture_parser_feed()), so a capture is never held whole as text.
 *
 * Each line of a capture is one of:
 *
 *   Keyword lines, as ir-ctl --send reads them and ir-ctl --receive --mode2 and
 *   LIRC's mode2 print them (leading blanks allowed):
 *	pulse 560	space 1690	timeout 125000	carrier 38000
 *   Two pulses or two spaces in a row add up into one sample (ir-ctl does the same);
 *   a space after a timeout stays a sample of its own (it is the gap the kernel
 *   reports when IR resumes). "carrier" is recorded, not a sample. mode2's banner
 *   lines ("Using driver ... on device ...", "Using raw access on device ...",
 *   "Using device: ...", "Trying device: ...") are skipped.
 *
 *   Signed lists, as ir-ctl --receive prints them and ir-ctl --send reads them:
 *	+9000 -4500 +560 -560 ...	(',' separates too; an unsigned N is a pulse
 *					 where a pulse is due, else a space)
 *   Pulses and spaces alternate: as in ir-ctl, a pulse after a pulse or a space
 *   that does not follow a pulse or a timeout is an error.
 *
 * '#' or '//' starts a comment. A comment that reads exactly "timeout N" or
 * "carrier NHz, timeout N" is ir-ctl --receive's note of a timeout and is a timeout
 * sample; when the sample before it is a space of the same N (newer ir-ctl prints
 * the timeout as "-N" and then that note), the space becomes the timeout.
 *
 * An "overflow" line or a "# overflow" note (ir-ctl --receive's report that the
 * receiver lost IR) is a timeout of 16777215 µs: it ends every decoder's message, as
 * the kernel's overflow sample does.
 *
 * ir-ctl's "scancode PROTOCOL:SCANCODE" lines are refused: they need an IR encoder.
 * Durations are 1 to 16777215 µs (24 bits). A capture holds at most
 * CAPTURE_SAMPLES_MAX samples; capture_load_file() reads at most CAPTURE_FILE_MAX
 * bytes.
 */
#ifndef IRKIT_CAPTURE_H
#define IRKIT_CAPTURE_H

#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"

/* 10 million samples: over a day of a remote held down, 40 MB of samples. */
#define CAPTURE_SAMPLES_MAX (10 * 1000 * 1000)
#define CAPTURE_FILE_MAX (256 * 1024 * 1024)
#define CAPTURE_DURATION_MAX 0xffffff

struct capture {
	uint32_t *samples;	/* count LIRC mode2 samples, owned by the capture */
	size_t count;		/* at least 1 */
	uint32_t carrier;	/* Hz, from the first carrier line or note; 0 if none */
};

/*
 * Parse len bytes of buf (need not be NUL-terminated). name is used in error messages.
 * On success *ret_capture is owned by the caller (capture_free()).
 * Returns 0; -EINVAL for invalid text, with err as "NAME:LINE:COLUMN: reason";
 * -E2BIG past CAPTURE_SAMPLES_MAX samples; -ENOMEM ("NAME: Cannot allocate memory").
 */
int capture_parse(const char *buf, size_t len, const char *name,
		  struct capture **ret_capture, struct ir_error *err);

/*
 * The same parsing, of text given in pieces of any size: a line may be split anywhere
 * between two pieces (inside a word or a number), and the last line needs no newline.
 * Lines are parsed as soon as their newline comes, so that a long capture never has to
 * be held whole; errors are those capture_parse() gives for the whole text, at the same
 * line and column.
 *
 * capture_parser_new(): 0 or -ENOMEM; name (copied) is used in error messages.
 * capture_parser_feed(): 0, or the error of the text so far (err set as
 * capture_parse() sets it). Feeding on after an error is allowed and cheap (nothing
 * more is parsed), and may change the error: a NUL byte anywhere in the text is
 * reported rather than any other error, as capture_parse() does.
 * capture_parser_finish(): the end of the text. Returns what capture_parse() returns
 * for the whole text fed; on success *ret_capture is the caller's (capture_free()),
 * and the parser may only be freed.
 * capture_parser_free() accepts NULL.
 */
struct capture_parser;

int capture_parser_new(const char *name, struct capture_parser **ret_parser);
int capture_parser_feed(struct capture_parser *parser, const char *buf, size_t len,
			struct ir_error *err);
int capture_parser_finish(struct capture_parser *parser, struct capture **ret_capture,
			  struct ir_error *err);
void capture_parser_free(struct capture_parser *parser);

/*
 * Read and parse the file at path ("-" is standard input), a piece at a time. Returns what
 * capture_parse() returns, or -errno when the file cannot be read and -EFBIG past
 * CAPTURE_FILE_MAX bytes, err naming the file.
 */
int capture_load_file(const char *path, struct capture **ret_capture, struct ir_error *err);

/* Accepts NULL. */
void capture_free(struct capture *capture);

/*
 * The capture as keyword lines ("carrier N" first when known, then "pulse N",
 * "space N", "timeout N"), NUL-terminated, owned by the caller (free()). For every
 * capture that capture_parse() returns, parsing this text gives the same capture.
 * Returns 0, -EINVAL when a sample is not a pulse, space or timeout of 1 to
 * CAPTURE_DURATION_MAX µs, -ENOMEM.
 */
int capture_format(const struct capture *capture, char **ret_text, size_t *ret_len);

#endif
