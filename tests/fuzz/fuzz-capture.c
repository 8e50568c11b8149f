// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: capture_parse() on any bytes. An accepted capture holds 1 to
 * CAPTURE_SAMPLES_MAX pulses, spaces and timeouts of 1 to CAPTURE_DURATION_MAX µs,
 * never two pulses or two spaces in a row (they add up), and capture_format()'s text
 * parses back to the same samples and carrier. The same bytes fed to a
 * capture_parser in pieces (of sizes taken from the bytes) give the same result: the
 * same samples, or the same error at the same place.
 */
#include "config.h"

#include <errno.h>
#include <linux/lirc.h>
#include <string.h>

#include "capture.h"
#include "fuzz.h"

#define NAME "fuzz.capture"

static void check_capture(const struct capture *capture)
{
	uint32_t previous = 0;
	size_t i;

	FUZZ_ASSERT(capture->count >= 1 && capture->count <= CAPTURE_SAMPLES_MAX, "count %zu",
		    capture->count);
	FUZZ_ASSERT(capture->carrier <= CAPTURE_DURATION_MAX, "carrier %u", capture->carrier);
	for (i = 0; i < capture->count; i++) {
		uint32_t sample = capture->samples[i], type = LIRC_MODE2(sample);

		FUZZ_ASSERT(type == LIRC_MODE2_PULSE || type == LIRC_MODE2_SPACE ||
			    type == LIRC_MODE2_TIMEOUT, "sample %zu: 0x%08x", i, sample);
		FUZZ_ASSERT(LIRC_VALUE(sample) >= 1, "sample %zu: 0x%08x", i, sample);
		if (i > 0 && type != LIRC_MODE2_TIMEOUT)
			FUZZ_ASSERT(LIRC_MODE2(previous) != type,
				    "samples %zu and %zu: 0x%08x 0x%08x", i - 1, i, previous,
				    sample);
		previous = sample;
	}
}

static void check_round_trip(const struct capture *capture)
{
	struct capture *again = NULL;
	struct ir_error err = { "" };
	char *text = NULL;
	size_t len = 0;
	int ret;

	ret = capture_format(capture, &text, &len);
	if (ret == -ENOMEM)
		return;
	FUZZ_ASSERT(ret == 0, "capture_format: %d", ret);
	FUZZ_ASSERT(strlen(text) == len, "length %zu", len);
	ret = capture_parse(text, len, "written", &again, &err);
	FUZZ_ASSERT(ret == 0 || ret == -ENOMEM, "written capture refused: %s", err.message);
	if (ret == 0) {
		FUZZ_ASSERT(again->count == capture->count, "%zu samples, then %zu",
			    capture->count, again->count);
		FUZZ_ASSERT(memcmp(again->samples, capture->samples,
				   capture->count * sizeof(*capture->samples)) == 0,
			    "written capture differs:\n%s", text);
		FUZZ_ASSERT(again->carrier == capture->carrier, "carrier %u, then %u",
			    capture->carrier, again->carrier);
	}
	capture_free(again);
	free(text);
}

/* The bytes in pieces of 1 to 16 bytes, the sizes from the bytes themselves. */
static void check_pieces(const uint8_t *data, size_t size, int whole_ret,
			 const struct capture *whole, const struct ir_error *whole_err)
{
	struct capture_parser *parser = NULL;
	struct capture *capture = NULL;
	struct ir_error err = { "" };
	size_t at = 0, piece;
	int ret;

	if (capture_parser_new(NAME, &parser) < 0)
		return;
	while (at < size) {
		piece = 1 + (data[at] + at) % 16;
		if (piece > size - at)
			piece = size - at;
		capture_parser_feed(parser, (const char *)data + at, piece, &err);
		at += piece;
	}
	ret = capture_parser_finish(parser, &capture, &err);
	capture_parser_free(parser);
	if (whole_ret == -ENOMEM || ret == -ENOMEM) {
		capture_free(capture);
		return;
	}
	FUZZ_ASSERT(ret == whole_ret, "in pieces %d, whole %d", ret, whole_ret);
	if (ret < 0) {
		FUZZ_ASSERT(strcmp(err.message, whole_err->message) == 0,
			    "in pieces '%s', whole '%s'", err.message, whole_err->message);
		return;
	}
	FUZZ_ASSERT(capture->count == whole->count && capture->carrier == whole->carrier &&
		    memcmp(capture->samples, whole->samples,
			   whole->count * sizeof(*whole->samples)) == 0,
		    "in pieces: %zu samples, whole: %zu", capture->count, whole->count);
	capture_free(capture);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct capture *capture = (struct capture *)&capture;
	struct ir_error err = { "" };
	int ret;

	ret = capture_parse((const char *)data, size, NAME, &capture, &err);
	check_pieces(data, size, ret, ret == 0 ? capture : NULL, &err);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EINVAL || ret == -E2BIG || ret == -ENOMEM, "ret %d", ret);
		FUZZ_ASSERT(capture == (struct capture *)&capture, "capture set on failure");
		FUZZ_ASSERT(ret == -ENOMEM ||
			    strncmp(err.message, NAME ":", strlen(NAME ":")) == 0,
			    "message '%s'", err.message);
		return 0;
	}
	check_capture(capture);
	check_round_trip(capture);
	capture_free(capture);
	return 0;
}
