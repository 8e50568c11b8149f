// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <stdio.h>
#include <linux/lirc.h>

#include "capture_writer.h"

void capture_writer_init(struct capture_writer *writer, enum capture_style style)
{
	*writer = (struct capture_writer){ .style = style };
}

static size_t mode2_line(struct capture_writer *w, uint32_t sample, char *out)
{
	uint32_t value = LIRC_VALUE(sample);

	switch (LIRC_MODE2(sample)) {
	case LIRC_MODE2_PULSE:
		return (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX, "pulse %u\n", value);
	case LIRC_MODE2_SPACE:
		return (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX, "space %u\n", value);
	case LIRC_MODE2_TIMEOUT:
		return (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX, "timeout %u\n", value);
	case LIRC_MODE2_FREQUENCY:
		return (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX, "carrier %u\n", value);
	case LIRC_MODE2_OVERFLOW:
		return (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX, "overflow\n");
	default:
		return 0;
	}
}

/* The end of a message's line: its note, then the newline. */
static size_t end_line(struct capture_writer *w, const char *note, uint32_t timeout, char *out)
{
	/* After the line's last item, or alone on its line (an overflow between messages). */
	const char *blank = w->mid_line ? " " : "";
	size_t len;

	if (!note && w->carrier)
		len = (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX,
				       "%s# carrier %uHz, timeout %u\n", blank, w->carrier,
				       timeout);
	else if (!note)
		len = (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX, "%s# timeout %u\n", blank,
				       timeout);
	else
		len = (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX, "%s# %s\n", blank, note);
	w->mid_line = false;
	w->carrier = 0;
	return len;
}

/* Items are separated by a blank before each, so that a line never ends in one. */
static size_t list_item(struct capture_writer *w, uint32_t sample, char *out)
{
	uint32_t value = LIRC_VALUE(sample);
	size_t len;

	switch (LIRC_MODE2(sample)) {
	case LIRC_MODE2_PULSE:
		len = (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX, "%s+%u",
				       w->mid_line ? " " : "", value);
		w->mid_line = true;
		return len;
	case LIRC_MODE2_SPACE:
		/* Silence before a message's first pulse is not part of it. */
		if (!w->mid_line)
			return 0;
		return (size_t)snprintf(out, CAPTURE_WRITER_TEXT_MAX, " -%u", value);
	case LIRC_MODE2_TIMEOUT:
		/* A timeout with no message before it says nothing in a list. */
		if (!w->mid_line)
			return 0;
		return end_line(w, NULL, value, out);
	case LIRC_MODE2_FREQUENCY:
		w->carrier = value;
		return 0;
	case LIRC_MODE2_OVERFLOW:
		return end_line(w, "overflow", 0, out);
	default:
		return 0;
	}
}

size_t capture_writer_sample(struct capture_writer *writer, uint32_t sample, char *out)
{
	out[0] = '\0';
	if (writer->style == CAPTURE_STYLE_MODE2)
		return mode2_line(writer, sample, out);
	return list_item(writer, sample, out);
}

size_t capture_writer_finish(struct capture_writer *writer, char *out)
{
	out[0] = '\0';
	if (!writer->mid_line)
		return 0;
	writer->mid_line = false;
	out[0] = '\n';
	out[1] = '\0';
	return 1;
}
