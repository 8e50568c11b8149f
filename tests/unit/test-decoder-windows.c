// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The generic decoders that compare samples with windows set up from their parameters
 * on their first sample (pulse_distance, pulse_length, rc_mm, grundig, samsung36,
 * xbox_dvd; bpf_protocols/ir_decoder.h, struct ir_window): the tolerance edges of
 * every kind of bit sample, not just of the headers that test-decoders tries; the
 * windows' clamping to the durations a sample can hold; samples that are no pulse or
 * space (carrier reports, overflows, timeouts) in the middle of a frame and before
 * the first one; and frame lengths at and past 64 bits.
 *
 * Every frame here has a fixed value, so where each sample lies and what it lasts is
 * worked out by hand from the protocol's description (tests/encoders/encoders.h) and
 * given in the tables.
 */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "decoder_run.h"
#include "encoders.h"
#include "test-main.h"

#define PARAMS(...) ((const struct bpf_param_value[]){ __VA_ARGS__ })
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* Frames of fixed values; each returns the scancode its decoder must report. */

/* pulse_distance's defaults (rc_keymap(5)), 4 bits MSB first. */
static const struct pulse_distance_timings pd_defaults = {
	2125, 1875, 625, 375, 1625, 625, 4, false, 20000,
};

/*
 * 0xa: 0 header pulse, 1 header space, 2 bit pulse, 3 space 1625 (1), 4 bit pulse,
 * 5 space 375 (0), 6 bit pulse, 7 space 1625, 8 bit pulse, 9 space 375, 10 trailer.
 */
static uint64_t pd_frame(struct ir_signal *s)
{
	ck_assert_int_eq(encode_pulse_distance(s, &pd_defaults, 0xa), 0);
	return 0xa;
}

/* pulse_length's defaults: no trailer, the frame ends with its last bit pulse. */
static const struct pulse_length_timings pl_defaults = {
	2125, 1875, 625, 375, 1625, 0, 4, false, 20000,
};

/*
 * 0xa: 0 header pulse, 1 header space, 2 pulse 1625 (1), 3 bit space, 4 pulse 375 (0),
 * 5 bit space, 6 pulse 1625, 7 bit space, 8 pulse 375, 9 gap.
 */
static uint64_t pl_frame(struct ir_signal *s)
{
	ck_assert_int_eq(encode_pulse_length(s, &pl_defaults, 0xa), 0);
	return 0xa;
}

/* rc_mm's defaults, 8 bits: two per space. */
static const struct rc_mm_timings rc_mm_defaults = {
	417, 278, 167, { 278, 444, 611, 778 }, 167, 8, 20000,
};

/*
 * 0x1b, the pairs 00 01 10 11: 0 header pulse, 1 header space, 2 bit pulse, 3 space
 * 278, 4 bit pulse, 5 space 444, 6 bit pulse, 7 space 611, 8 bit pulse, 9 space 778,
 * 10 trailer.
 */
static uint64_t rc_mm_frame(struct ir_signal *s)
{
	ck_assert_int_eq(encode_rc_mm_generic(s, &rc_mm_defaults, 0x1b), 0);
	return 0x1b;
}

/*
 * 0x1b1b, the symbols 00 01 10 11 twice: 0 header pulse, 1 header space, 2 leader,
 * then each symbol a space and a pulse: 3 space 2200, 4 pulse 1139 (00), 5 space 472,
 * 6 pulse 583 (01), 7 space 1139, 8 pulse 583 (10), 9 space 1806, 10 pulse 583 (11).
 */
static uint64_t grundig_frame(struct ir_signal *s)
{
	ck_assert_int_eq(encode_grundig(s, 0x1b1b), 0);
	return 0x1b1b;
}

/*
 * Bits 35 (1), 34 (0) and 0 (1): 0 header pulse, 1 header space, bits 35 to 20 at
 * 2 to 33 (3 a space of a 1, 5 one of a 0), 34 the marker's pulse, 35 its space,
 * bits 19 to 0 at 36 to 75, 76 the trailer. The encoder sends a 1 as 1500 µs, the
 * marker as 4500 (the decoder expects 1600 and 4450).
 */
static uint64_t samsung36_frame(struct ir_signal *s)
{
	ck_assert_int_eq(encode_samsung36(s, 0x800000001ULL), 0);
	return 0x800000001ULL;
}

/*
 * Code 0x0a0, sent as 0xf5f then 0x0a0 MSB first: 0 header pulse, 1 header space,
 * 2 bit pulse, 3 space 1900 (1), ..., 11 space 900 (the first 0), 50 the trailer.
 */
static uint64_t xbox_dvd_frame(struct ir_signal *s)
{
	ck_assert_int_eq(encode_xbox_dvd(s, 0x0a0), 0);
	return 0x0a0;
}

/* The frame with sample k set to duration, its kind kept: exactly one keydown of v? */
static bool decodes_with(struct decoder_run *run, const struct ir_signal *frame, size_t k,
			 unsigned int duration, uint64_t v)
{
	struct ir_signal changed;
	bool found;

	ir_signal_init(&changed);
	ck_assert_int_eq(ir_signal_append(&changed, frame), 0);
	ck_assert_uint_lt(k, changed.count);
	changed.samples[k] = LIRC_MODE2(changed.samples[k]) | duration;
	decoder_run_reset(run);
	decoder_run_feed(run, &changed);
	found = decoder_run_event_count(run) == 1 &&
		decoder_run_event(run, 0)->type == BPF_VM_EVENT_KEYDOWN &&
		decoder_run_event(run, 0)->scancode == v;
	ir_signal_free(&changed);
	return found;
}

/*
 * A duration d matches an expected e when e - margin < d < e + margin, for every kind
 * of sample: the bit pulses and spaces (the samples most decoders see), the symbols,
 * the marker, the trailer.
 */
struct window_edge {
	const char *decoder;
	const struct bpf_param_value *params;
	size_t param_count;
	uint64_t (*frame)(struct ir_signal *s);
	size_t sample;
	unsigned int expected;		/* the decoder's, which may not be the encoder's */
	unsigned int margin;
};

static const struct window_edge window_edges[] = {
	{ "pulse_distance", NULL, 0, pd_frame, 2, 625, 200 },
	{ "pulse_distance", NULL, 0, pd_frame, 3, 1625, 200 },
	{ "pulse_distance", NULL, 0, pd_frame, 5, 375, 200 },
	{ "pulse_distance", NULL, 0, pd_frame, 10, 625, 200 },
	/* A margin of 1 takes the expected duration only. */
	{ "pulse_distance", PARAMS({ "margin", 1 }), 1, pd_frame, 7, 1625, 1 },
	{ "pulse_length", NULL, 0, pl_frame, 2, 1625, 200 },
	{ "pulse_length", NULL, 0, pl_frame, 3, 625, 200 },
	{ "pulse_length", NULL, 0, pl_frame, 8, 375, 200 },
	/* A margin of 80 keeps the four spaces apart (100 makes them overlap). */
	{ "rc_mm", PARAMS({ "margin", 80 }), 1, rc_mm_frame, 2, 167, 80 },
	{ "rc_mm", PARAMS({ "margin", 80 }), 1, rc_mm_frame, 3, 278, 80 },
	{ "rc_mm", PARAMS({ "margin", 80 }), 1, rc_mm_frame, 5, 444, 80 },
	{ "rc_mm", PARAMS({ "margin", 80 }), 1, rc_mm_frame, 7, 611, 80 },
	{ "rc_mm", PARAMS({ "margin", 80 }), 1, rc_mm_frame, 9, 778, 80 },
	{ "rc_mm", PARAMS({ "margin", 80 }), 1, rc_mm_frame, 10, 167, 80 },
	{ "grundig", NULL, 0, grundig_frame, 3, 2200, 150 },
	{ "grundig", NULL, 0, grundig_frame, 4, 1139, 150 },
	{ "grundig", NULL, 0, grundig_frame, 5, 472, 150 },
	{ "grundig", NULL, 0, grundig_frame, 6, 583, 150 },
	{ "grundig", NULL, 0, grundig_frame, 7, 1139, 150 },
	{ "grundig", NULL, 0, grundig_frame, 9, 1806, 150 },
	{ "samsung36", NULL, 0, samsung36_frame, 2, 500, 300 },
	{ "samsung36", NULL, 0, samsung36_frame, 3, 1600, 300 },
	{ "samsung36", NULL, 0, samsung36_frame, 5, 500, 300 },
	{ "samsung36", NULL, 0, samsung36_frame, 34, 500, 300 },
	{ "samsung36", NULL, 0, samsung36_frame, 35, 4450, 300 },
	{ "samsung36", NULL, 0, samsung36_frame, 76, 500, 300 },
	{ "xbox_dvd", NULL, 0, xbox_dvd_frame, 2, 550, 200 },
	{ "xbox_dvd", NULL, 0, xbox_dvd_frame, 3, 1900, 200 },
	{ "xbox_dvd", NULL, 0, xbox_dvd_frame, 11, 900, 200 },
	{ "xbox_dvd", NULL, 0, xbox_dvd_frame, 50, 550, 200 },
};

START_TEST(test_window_edges)
{
	const struct window_edge *c = &window_edges[_i];
	struct decoder_run run;
	struct ir_signal frame;
	uint64_t v;

	ir_signal_init(&frame);
	v = c->frame(&frame);
	decoder_run_open(&run, c->decoder, c->params, c->param_count);
	ck_assert_msg(decodes_with(&run, &frame, c->sample, c->expected, v),
		      "%s sample %zu: %u", c->decoder, c->sample, c->expected);
	ck_assert_msg(decodes_with(&run, &frame, c->sample, c->expected - c->margin + 1, v),
		      "%s sample %zu: %u", c->decoder, c->sample, c->expected - c->margin + 1);
	ck_assert_msg(decodes_with(&run, &frame, c->sample, c->expected + c->margin - 1, v),
		      "%s sample %zu: %u", c->decoder, c->sample, c->expected + c->margin - 1);
	ck_assert_msg(!decodes_with(&run, &frame, c->sample, c->expected - c->margin, v),
		      "%s sample %zu: %u", c->decoder, c->sample, c->expected - c->margin);
	ck_assert_msg(!decodes_with(&run, &frame, c->sample, c->expected + c->margin, v),
		      "%s sample %zu: %u", c->decoder, c->sample, c->expected + c->margin);
	ir_signal_free(&frame);
	decoder_run_close(&run);
}
END_TEST

/*
 * Where rc_mm's windows overlap (margin 100: 278 takes 179 to 377, 444 takes 345 to
 * 543, 611 takes 512 to 710, 778 takes 679 to 877), the first space wins: 360 in
 * place of 444 is the pair 00, and 0x1b becomes 0x0b; 378 is past the first window,
 * so it is 01 again. 679 in place of 778 is 10 (0x1a), 711 is 11.
 */
START_TEST(test_rc_mm_overlap)
{
	struct decoder_run run;
	struct ir_signal frame;

	ir_signal_init(&frame);
	rc_mm_frame(&frame);
	decoder_run_open(&run, "rc_mm", NULL, 0);
	ck_assert(decodes_with(&run, &frame, 5, 360, 0x0b));
	ck_assert(decodes_with(&run, &frame, 5, 377, 0x0b));
	ck_assert(decodes_with(&run, &frame, 5, 378, 0x1b));
	ck_assert(decodes_with(&run, &frame, 9, 679, 0x1a));
	ck_assert(decodes_with(&run, &frame, 9, 710, 0x1a));
	ck_assert(decodes_with(&run, &frame, 9, 711, 0x1b));
	ck_assert(decodes_with(&run, &frame, 3, 179, 0x1b));
	ck_assert(!decodes_with(&run, &frame, 3, 178, 0x1b));
	ck_assert(decodes_with(&run, &frame, 9, 877, 0x1b));
	ck_assert(!decodes_with(&run, &frame, 9, 878, 0x1b));
	ir_signal_free(&frame);
	decoder_run_close(&run);
}
END_TEST

/*
 * Spaces that do not grow from 00 to 11: 611, 444, 278, 778 (margin 100: 512 to 710,
 * 345 to 543, 179 to 377, 679 to 877). 0x1b is sent as 611, 444, 278, 778; the first
 * window that holds a space still wins: 530 in place of 444 is 00 (0x0b), 345 is 01
 * (not 10), 700 in place of 778 is 00 (0x18).
 */
START_TEST(test_rc_mm_unsorted)
{
	static const struct rc_mm_timings t = {
		417, 278, 167, { 611, 444, 278, 778 }, 167, 8, 20000,
	};
	struct decoder_run run;
	struct ir_signal frame;

	ir_signal_init(&frame);
	ck_assert_int_eq(encode_rc_mm_generic(&frame, &t, 0x1b), 0);
	decoder_run_open(&run, "rc_mm", PARAMS({ "bit_0_space", 611 }, { "bit_2_space", 278 }),
			 2);
	ck_assert(decodes_with(&run, &frame, 5, 444, 0x1b));
	ck_assert(decodes_with(&run, &frame, 5, 530, 0x0b));
	ck_assert(decodes_with(&run, &frame, 5, 345, 0x1b));
	ck_assert(decodes_with(&run, &frame, 9, 700, 0x18));
	ck_assert(decodes_with(&run, &frame, 7, 179, 0x1b));
	ck_assert(!decodes_with(&run, &frame, 7, 178, 0x1b));
	ir_signal_free(&frame);
	decoder_run_close(&run);
}
END_TEST

/*
 * A margin larger than the expected duration takes every shorter one, down to 0: with
 * a margin of 400, bit_0_space 375 takes 0 to 774. At the top, a window ends with the
 * longest duration a sample holds (0xffffff µs): header_space 16777000 with a margin of
 * 1000 takes it. With that margin bit_1_space (1625: 626 to 2624) overlaps bit_0_space
 * (0 to 1374), and is tried first: 375 is still a 0, 1625 a 1.
 */
START_TEST(test_window_clamping)
{
	struct decoder_run run;
	struct ir_signal frame;

	ir_signal_init(&frame);
	pd_frame(&frame);
	decoder_run_open(&run, "pulse_distance", PARAMS({ "margin", 400 }), 1);
	ck_assert(decodes_with(&run, &frame, 5, 0, 0xa));
	ck_assert(decodes_with(&run, &frame, 5, 1, 0xa));
	ck_assert(decodes_with(&run, &frame, 5, 774, 0xa));
	ck_assert(!decodes_with(&run, &frame, 5, 775, 0xa));
	decoder_run_close(&run);

	decoder_run_open(&run, "pulse_distance",
			 PARAMS({ "margin", 1000 }, { "header_space", 16777000 }), 2);
	ck_assert(decodes_with(&run, &frame, 1, 0xffffff, 0xa));
	ck_assert(decodes_with(&run, &frame, 1, 16776001, 0xa));
	ck_assert(!decodes_with(&run, &frame, 1, 16776000, 0xa));
	ck_assert(!decodes_with(&run, &frame, 1, 1875, 0xa));
	decoder_run_close(&run);
	ir_signal_free(&frame);
}
END_TEST

/* Samples that are no pulse and no space, each decoder with a frame of its own. */
struct rare_case {
	const char *decoder;
	uint32_t protocol;		/* as v4l-utils' decoders number them */
	uint64_t (*frame)(struct ir_signal *s);
};

static const struct rare_case rare_cases[] = {
	{ "pulse_distance", 64, pd_frame },
	{ "pulse_length", 67, pl_frame },
	{ "rc_mm", 65, rc_mm_frame },
	{ "grundig", 64, grundig_frame },
	{ "samsung36", 69, samsung36_frame },
	{ "xbox_dvd", 68, xbox_dvd_frame },
};

static void push(struct ir_signal *s, uint32_t sample)
{
	ck_assert_int_eq(ir_signal_append(s, &(struct ir_signal){ &sample, 1, 1 }), 0);
}

/* A carrier report after every pulse changes nothing: it carries no timing. */
START_TEST(test_rare_carrier_reports)
{
	const struct rare_case *c = &rare_cases[_i];
	struct decoder_run run;
	struct ir_signal frame, s;
	uint64_t v;
	size_t k;

	ir_signal_init(&frame);
	ir_signal_init(&s);
	v = c->frame(&frame);
	for (k = 0; k < frame.count; k++) {
		push(&s, frame.samples[k]);
		if (LIRC_IS_PULSE(frame.samples[k]))
			push(&s, LIRC_FREQUENCY(38000));
	}
	decoder_run_open(&run, c->decoder, NULL, 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, c->protocol, v, 0);
	decoder_run_close(&run);
	ir_signal_free(&frame);
	ir_signal_free(&s);
}
END_TEST

/*
 * Before the first pulse or space, an overflow and a carrier report: the decoder still
 * decodes the frame that follows. Then an overflow in the middle of a frame: that
 * frame is lost, the next one decodes.
 */
START_TEST(test_rare_overflow)
{
	const struct rare_case *c = &rare_cases[_i];
	struct decoder_run run;
	struct ir_signal frame, s;
	uint64_t v;
	size_t k;

	ir_signal_init(&frame);
	ir_signal_init(&s);
	v = c->frame(&frame);
	push(&s, LIRC_OVERFLOW(0xffffff));
	push(&s, LIRC_FREQUENCY(38000));
	ck_assert_int_eq(ir_signal_append(&s, &frame), 0);
	for (k = 0; k < frame.count; k++) {
		if (k == frame.count / 2)
			push(&s, LIRC_OVERFLOW(0xffffff));
		push(&s, frame.samples[k]);
	}
	ck_assert_int_eq(ir_signal_append(&s, &frame), 0);
	decoder_run_open(&run, c->decoder, NULL, 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 2);
	expect_keydown(&run, 0, c->protocol, v, 0);
	expect_keydown(&run, 1, c->protocol, v, 0);
	decoder_run_close(&run);
	ir_signal_free(&frame);
	ir_signal_free(&s);
}
END_TEST

/* A timeout is the end of a space: as any space of the frame, it decodes the same. */
START_TEST(test_rare_timeout_as_space)
{
	const struct rare_case *c = &rare_cases[_i];
	struct decoder_run run;
	struct ir_signal frame;
	uint64_t v;
	size_t k, spaces = 0;

	ir_signal_init(&frame);
	v = c->frame(&frame);
	decoder_run_open(&run, c->decoder, NULL, 0);
	/* Every space but the last (the gap), one at a time. */
	for (k = 0; k + 1 < frame.count; k++) {
		struct ir_signal changed;

		if (!LIRC_IS_SPACE(frame.samples[k]))
			continue;
		ir_signal_init(&changed);
		ck_assert_int_eq(ir_signal_append(&changed, &frame), 0);
		changed.samples[k] = LIRC_TIMEOUT(LIRC_VALUE(frame.samples[k]));
		decoder_run_reset(&run);
		decoder_run_feed(&run, &changed);
		ck_assert_msg(decoder_run_event_count(&run) == 1 &&
			      decoder_run_event(&run, 0)->scancode == v,
			      "%s: timeout at sample %zu", c->decoder, k);
		ir_signal_free(&changed);
		spaces++;
	}
	ck_assert_uint_ge(spaces, 4);
	decoder_run_close(&run);
	ir_signal_free(&frame);
}
END_TEST

/*
 * Frames of 64 bits, both bit orders (an LSB-first frame is turned round at its end),
 * and one of 65, which no decoder reports: a frame holds at most 64 bits.
 */
START_TEST(test_frame_64_bits)
{
	static const struct pulse_distance_timings pd64[2] = {
		{ 2125, 1875, 625, 375, 1625, 625, 64, false, 20000 },
		{ 2125, 1875, 625, 375, 1625, 625, 64, true, 20000 },
	};
	static const struct pulse_length_timings pl64[2] = {
		{ 2125, 1875, 625, 375, 1625, 0, 64, false, 20000 },
		{ 2125, 1875, 625, 375, 1625, 0, 64, true, 20000 },
	};
	const uint64_t v = 0x8123456789abcdefULL;
	struct decoder_run run;
	struct ir_signal s;
	int reverse, i;

	for (reverse = 0; reverse < 2; reverse++) {
		ir_signal_init(&s);
		ck_assert_int_eq(encode_pulse_distance(&s, &pd64[reverse], v), 0);
		decoder_run_open(&run, "pulse_distance",
				 PARAMS({ "bits", 64 }, { "reverse", reverse }), 2);
		decoder_run_feed(&run, &s);
		expect_event_count(&run, 1);
		expect_keydown(&run, 0, 64, v, 0);
		decoder_run_close(&run);
		ir_signal_free(&s);

		ir_signal_init(&s);
		ck_assert_int_eq(encode_pulse_length(&s, &pl64[reverse], v), 0);
		decoder_run_open(&run, "pulse_length",
				 PARAMS({ "bits", 64 }, { "reverse", reverse }), 2);
		decoder_run_feed(&run, &s);
		expect_event_count(&run, 1);
		expect_keydown(&run, 0, 67, v, 0);
		decoder_run_close(&run);
		ir_signal_free(&s);
	}

	/* 65 zeros, by hand: header, 65 bits, trailer, gap. */
	ir_signal_init(&s);
	ck_assert_int_eq(ir_signal_pulse(&s, 2125), 0);
	ck_assert_int_eq(ir_signal_space(&s, 1875), 0);
	for (i = 0; i < 65; i++) {
		ck_assert_int_eq(ir_signal_pulse(&s, 625), 0);
		ck_assert_int_eq(ir_signal_space(&s, 375), 0);
	}
	ck_assert_int_eq(ir_signal_pulse(&s, 625), 0);
	ck_assert_int_eq(ir_signal_space(&s, 20000), 0);
	decoder_run_open(&run, "pulse_distance", PARAMS({ "bits", 65 }), 1);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 0);
	decoder_run_close(&run);
	ir_signal_free(&s);
}
END_TEST

static Suite *decoder_windows_suite(void)
{
	Suite *s = suite_create("decoder-windows");
	TCase *tc;

	tc = tcase_create("edges");
	tcase_add_loop_test(tc, test_window_edges, 0, COUNT(window_edges));
	tcase_add_test(tc, test_rc_mm_overlap);
	tcase_add_test(tc, test_rc_mm_unsorted);
	tcase_add_test(tc, test_window_clamping);
	suite_add_tcase(s, tc);

	tc = tcase_create("rare samples");
	tcase_add_loop_test(tc, test_rare_carrier_reports, 0, COUNT(rare_cases));
	tcase_add_loop_test(tc, test_rare_overflow, 0, COUNT(rare_cases));
	tcase_add_loop_test(tc, test_rare_timeout_as_space, 0, COUNT(rare_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("frame length");
	tcase_add_test(tc, test_frame_64_bits);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = decoder_windows_suite);
