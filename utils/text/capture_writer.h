/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * LIRC mode2 samples, as they are received, into the text ir-ctl --receive prints and
 * capture.h reads back (ir-keytable --decode, ir-ctl --send), one sample at a time:
 *
 *   CAPTURE_STYLE_LIST (v4l-utils' ir-ctl -r): a message on one line, pulses "+N" and
 *   spaces "-N", ended by the timeout's note "# timeout N" ("# carrier NHz, timeout N"
 *   when the device measured a carrier in the message), e.g.
 *	+9000 -4500 +560 -560 +560 # timeout 125000
 *   An overflow of the receiver ends the line with "# overflow".
 *   CAPTURE_STYLE_MODE2 (--mode2, LIRC's mode2): a line per sample, "pulse N",
 *   "space N", "timeout N", "carrier N", and "overflow".
 *
 * Other sample types (none in Linux 6.12) are left out. In a list, the space before a
 * message's first pulse (the silence since the last timeout, which the kernel reports
 * when IR resumes) and a timeout with no message are left out too; mode2 keeps every
 * sample, as LIRC's mode2 prints them.
 */
#ifndef IRKIT_CAPTURE_WRITER_H
#define IRKIT_CAPTURE_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum capture_style {
	CAPTURE_STYLE_LIST,
	CAPTURE_STYLE_MODE2,
	CAPTURE_STYLE_MAX,
};

/* Enough for the text of any one sample, with the line's end. */
#define CAPTURE_WRITER_TEXT_MAX 64

struct capture_writer {
	enum capture_style style;
	bool mid_line;		/* list: a message's line begun */
	uint32_t carrier;	/* list: measured in this message, for its note; 0 if none */
};

void capture_writer_init(struct capture_writer *writer, enum capture_style style);

/*
 * The text of sample into out (CAPTURE_WRITER_TEXT_MAX bytes, NUL-terminated); its
 * length, 0 for a sample left out.
 */
size_t capture_writer_sample(struct capture_writer *writer, uint32_t sample, char *out);

/* The end of what was received: a newline when a line is left open; its length. */
size_t capture_writer_finish(struct capture_writer *writer, char *out);

#endif
