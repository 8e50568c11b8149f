// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: ir-ctl's parsers. The input's lines up to one that reads "--" are a
 * command line, a word a line, for irctl_options_parse(): it returns 0, -EINVAL with a
 * message, or -ENOMEM, and what it returns holds together (an action and only its
 * options: something to send, -r, or a receiver setting; a carrier range LOW <= HIGH;
 * a timeout of 1 to LIRC_VALUE_MASK µs). The rest is a file for -s, capture_parse()'s
 * to read; what it accepts, written back as ir-ctl --receive writes what a device
 * gives (capture_writer.h), reads back: in --mode2's lines as the same samples, in
 * the default list as the same pulses.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "capture.h"
#include "capture_writer.h"
#include "fuzz.h"
#include "options.h"

#define NAME "fuzz.irctl"
#define ARGS_MAX 64

static void check_options(const struct irctl_options *o)
{
	const struct lirc_receive_settings *r = &o->receiver;
	bool setting = r->wideband != LIRC_SWITCH_KEEP ||
		       r->measure_carrier != LIRC_SWITCH_KEEP || r->carrier_high || r->timeout;

	FUZZ_ASSERT(o->action < IRCTL_ACTION_MAX, "action %d", o->action);
	FUZZ_ASSERT(r->carrier_low <= r->carrier_high, "range %u-%u", r->carrier_low,
		    r->carrier_high);
	FUZZ_ASSERT(!r->carrier_high || r->carrier_low, "range %u-%u", r->carrier_low,
		    r->carrier_high);
	FUZZ_ASSERT(r->timeout <= LIRC_VALUE_MASK, "timeout %u", r->timeout);
	switch (o->action) {
	case IRCTL_ACTION_SEND:
		FUZZ_ASSERT(o->item_count && !o->receive && !setting, "send with %zu items",
			    o->item_count);
		break;
	case IRCTL_ACTION_RECEIVE:
		FUZZ_ASSERT(o->receive && !o->item_count && !o->dry_run, "receive");
		break;
	case IRCTL_ACTION_SET:
		FUZZ_ASSERT(setting && !o->receive && !o->item_count && !o->oneshot &&
			    !o->mode2, "settings alone");
		break;
	default:
		break;
	}
}

/* Lines up to "--" as argv; *ret_rest is what follows. */
static void run_options(char *text, size_t size, const char **ret_rest, size_t *ret_size)
{
	char *argv[ARGS_MAX + 2] = { "ir-ctl" };
	struct irctl_options options;
	struct ir_error err = { "" };
	char *line = text, *end = text + size, *nl;
	int argc = 1, ret;

	*ret_rest = end;
	*ret_size = 0;
	while (line < end && argc <= ARGS_MAX) {
		nl = memchr(line, '\n', (size_t)(end - line));
		if (!nl)
			nl = end;
		*nl = '\0';
		if (!strcmp(line, "--")) {
			*ret_rest = nl < end ? nl + 1 : end;
			*ret_size = (size_t)(end - *ret_rest);
			break;
		}
		argv[argc++] = line;
		line = nl + 1;
	}
	argv[argc] = NULL;
	ret = irctl_options_parse(argc, argv, &options, &err);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EINVAL || ret == -ENOMEM, "ret %d", ret);
		FUZZ_ASSERT(ret == -ENOMEM || err.message[0], "no message");
		return;
	}
	check_options(&options);
	irctl_options_free(&options);
}

/* The samples written in style, parsed again. */
static struct capture *write_and_read(const struct capture *c, enum capture_style style)
{
	char *text = malloc(c->count * CAPTURE_WRITER_TEXT_MAX + CAPTURE_WRITER_TEXT_MAX);
	struct capture_writer writer;
	struct capture *again = NULL;
	struct ir_error err = { "" };
	size_t i, len = 0;
	int ret;

	if (!text)
		return NULL;
	capture_writer_init(&writer, style);
	for (i = 0; i < c->count; i++)
		len += capture_writer_sample(&writer, c->samples[i], text + len);
	len += capture_writer_finish(&writer, text + len);
	ret = capture_parse(text, len, "written", &again, &err);
	FUZZ_ASSERT(ret == 0 || ret == -ENOMEM || (ret == -EINVAL && style == CAPTURE_STYLE_LIST &&
						  !len),
		    "written text refused (%d): %s\n%.*s", ret, err.message, (int)len, text);
	free(text);
	return ret == 0 ? again : NULL;
}

static void check_pulses(const struct capture *a, const struct capture *b)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < a->count && !LIRC_IS_PULSE(a->samples[i]))
			i++;
		while (j < b->count && !LIRC_IS_PULSE(b->samples[j]))
			j++;
		if (i == a->count || j == b->count)
			break;
		FUZZ_ASSERT(a->samples[i] == b->samples[j], "pulse %zu: 0x%08x, then 0x%08x",
			    i, a->samples[i], b->samples[j]);
		i++;
		j++;
	}
	FUZZ_ASSERT(i == a->count && j == b->count, "pulses left: %zu, %zu", a->count - i,
		    b->count - j);
}

static void run_file(const char *text, size_t size)
{
	struct capture *capture = NULL, *mode2, *list;
	struct ir_error err = { "" };

	if (capture_parse(text, size, NAME, &capture, &err) < 0)
		return;
	mode2 = write_and_read(capture, CAPTURE_STYLE_MODE2);
	if (mode2) {
		FUZZ_ASSERT(mode2->count == capture->count &&
			    !memcmp(mode2->samples, capture->samples,
				    capture->count * sizeof(*capture->samples)),
			    "mode2: %zu samples, then %zu", capture->count, mode2->count);
		capture_free(mode2);
	}
	list = write_and_read(capture, CAPTURE_STYLE_LIST);
	if (list)
		check_pulses(capture, list);
	capture_free(list);
	capture_free(capture);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	const char *rest;
	size_t rest_size;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	run_options(text, size, &rest, &rest_size);
	run_file(rest, rest_size);
	free(text);
	return 0;
}
