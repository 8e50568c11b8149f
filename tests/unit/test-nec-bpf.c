// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nec_bpf, the port of the kernel's NEC decoder, at the edge of every window it
 * compares samples with: each kind of sample of a frame just inside the kernel's
 * tolerance (the frame decodes) and just outside (nothing at all is reported), at the
 * default margin and at others; bits in the first states of a frame and in the later
 * ones; the trailer space, which has only a lower edge; repeat frames; and the rules
 * by which the kernel expects, then stops expecting, the short NEC-X repeat.
 *
 * Frames are built here, sample by sample, from the protocol's description: a unit of
 * 563 µs; a 9 ms (16 units) or 4.5 ms (8 units) header pulse, a 4.5 ms space; 32 bits
 * LSB first, each a unit pulse and a space of one unit (0) or three (1); a unit
 * trailer pulse and a space of at least 10 units. A repeat frame is a 9 ms pulse, a
 * 2.25 ms space (4 units) and the trailer. The kernel (drivers/media/rc/
 * ir-nec-decoder.c) accepts a duration d for an expected e with a tolerance t when
 * e - t < d < e + t, and a trailer space when d > e - t; t is two units for the 9 ms
 * header pulse, one unit for the header space, half a unit (281 µs, the default of
 * `margin`) everywhere else.
 */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stdlib.h>
#include <linux/lirc.h>

#include "decoder_run.h"
#include "ir_signal.h"
#include "test-main.h"

#define UNIT		563
#define HALF_UNIT	281
#define GAP		40000	/* after a frame: well past the trailer space */

#define PARAMS(...) ((const struct bpf_param_value[]){ __VA_ARGS__ })

/*
 * The frame every window test changes: address 0x05, command 0x02, NEC (each followed
 * by its inverse), scancode 0x0502. Bytes 0x05 0xfa 0x02 0xfd, bit i of the frame is
 * bit i of FRAME_BITS: bits 0 to 2 are 1, 0, 1; bit 3 is 0, bit 9 is 1, bit 31 is 1.
 * Sample 0 is the header pulse, 1 the header space, 2 + 2i the pulse of bit i,
 * 3 + 2i its space, 66 the trailer pulse, 67 the space after it.
 */
#define FRAME_BITS	0xfd02fa05u
#define FRAME_SCANCODE	0x0502
#define SAMPLE_TRAILER_PULSE	66
#define SAMPLE_TRAILER_SPACE	67

static void frame(struct ir_signal *s, unsigned int header_pulse, uint32_t bits,
		  unsigned int gap)
{
	int i;

	ck_assert_int_eq(ir_signal_pulse(s, header_pulse), 0);
	ck_assert_int_eq(ir_signal_space(s, 8 * UNIT), 0);
	for (i = 0; i < 32; i++) {
		ck_assert_int_eq(ir_signal_pulse(s, UNIT), 0);
		ck_assert_int_eq(ir_signal_space(s, (bits >> i & 1) ? 3 * UNIT : UNIT), 0);
	}
	ck_assert_int_eq(ir_signal_pulse(s, UNIT), 0);
	ck_assert_int_eq(ir_signal_space(s, gap), 0);
}

/* The repeat frame: 9 ms pulse, 2.25 ms space, trailer pulse, gap. */
static void repeat_frame(struct ir_signal *s, unsigned int gap)
{
	ck_assert_int_eq(ir_signal_pulse(s, 16 * UNIT), 0);
	ck_assert_int_eq(ir_signal_space(s, 4 * UNIT), 0);
	ck_assert_int_eq(ir_signal_pulse(s, UNIT), 0);
	ck_assert_int_eq(ir_signal_space(s, gap), 0);
}

/* The short NEC-X repeat: 4.5 ms header, one bit, a unit pulse, a long space. */
static void necx_short_repeat(struct ir_signal *s, unsigned int bit_space, unsigned int gap)
{
	ck_assert_int_eq(ir_signal_pulse(s, 8 * UNIT), 0);
	ck_assert_int_eq(ir_signal_space(s, 8 * UNIT), 0);
	ck_assert_int_eq(ir_signal_pulse(s, UNIT), 0);
	ck_assert_int_eq(ir_signal_space(s, bit_space), 0);
	ck_assert_int_eq(ir_signal_pulse(s, UNIT), 0);
	ck_assert_int_eq(ir_signal_space(s, gap), 0);
}

/* Sample index of s set to duration, of the kind it has. */
static void set_duration(struct ir_signal *s, size_t index, unsigned int duration)
{
	ck_assert_uint_lt(index, s->count);
	s->samples[index] = LIRC_MODE2(s->samples[index]) | duration;
}

/* Runs s from a freshly loaded state. */
static void run_fresh(struct decoder_run *run, const struct ir_signal *s)
{
	decoder_run_reset(run);
	decoder_run_feed(run, s);
}

struct window_case {
	const char *what;
	int margin;		/* the parameter; 0: its default */
	unsigned int header_pulse;
	size_t sample;		/* of the frame */
	unsigned int inside[2];
	unsigned int outside[2];	/* 0: none on that side */
};

#define M HALF_UNIT
static const struct window_case window_cases[] = {
	{ "9 ms header pulse", 0, 16 * UNIT, 0,
	  { 9008 - 1125, 9008 + 1125 }, { 9008 - 1126, 9008 + 1126 } },
	{ "4.5 ms header pulse", 0, 8 * UNIT, 0,
	  { 4504 - (M - 1), 4504 + (M - 1) }, { 4504 - M, 4504 + M } },
	{ "header space", 0, 16 * UNIT, 1,
	  { 4504 - 562, 4504 + 562 }, { 4504 - 563, 4504 + 563 } },
	{ "first bit pulse", 0, 16 * UNIT, 2,
	  { 563 - (M - 1), 563 + (M - 1) }, { 563 - M, 563 + M } },
	{ "first bit space (1)", 0, 16 * UNIT, 3,
	  { 1689 - (M - 1), 1689 + (M - 1) }, { 1689 - M, 1689 + M } },
	{ "second bit space (0)", 0, 16 * UNIT, 5,
	  { 563 - (M - 1), 563 + (M - 1) }, { 563 - M, 563 + M } },
	{ "third bit pulse", 0, 16 * UNIT, 6,
	  { 563 - (M - 1), 563 + (M - 1) }, { 563 - M, 563 + M } },
	{ "third bit space (1)", 0, 16 * UNIT, 7,
	  { 1689 - (M - 1), 1689 + (M - 1) }, { 1689 - M, 1689 + M } },
	{ "fourth bit space (0)", 0, 16 * UNIT, 9,
	  { 563 - (M - 1), 563 + (M - 1) }, { 563 - M, 563 + M } },
	{ "tenth bit space (1)", 0, 16 * UNIT, 21,
	  { 1689 - (M - 1), 1689 + (M - 1) }, { 1689 - M, 1689 + M } },
	{ "21st bit pulse", 0, 16 * UNIT, 42,
	  { 563 - (M - 1), 563 + (M - 1) }, { 563 - M, 563 + M } },
	{ "last bit space (1)", 0, 16 * UNIT, 65,
	  { 1689 - (M - 1), 1689 + (M - 1) }, { 1689 - M, 1689 + M } },
	{ "trailer pulse", 0, 16 * UNIT, SAMPLE_TRAILER_PULSE,
	  { 563 - (M - 1), 563 + (M - 1) }, { 563 - M, 563 + M } },
	{ "trailer space", 0, 16 * UNIT, SAMPLE_TRAILER_SPACE,
	  { 5630 - (M - 1), LIRC_VALUE_MASK }, { 5630 - M, 0 } },
	/* margin 100: the header keeps the kernel's tolerances, the rest follows margin. */
	{ "9 ms header pulse, margin 100", 100, 16 * UNIT, 0,
	  { 9008 - 1125, 9008 + 1125 }, { 9008 - 1126, 9008 + 1126 } },
	{ "header space, margin 100", 100, 16 * UNIT, 1,
	  { 4504 - 562, 4504 + 562 }, { 4504 - 563, 4504 + 563 } },
	{ "4.5 ms header pulse, margin 100", 100, 8 * UNIT, 0,
	  { 4504 - 99, 4504 + 99 }, { 4504 - 100, 4504 + 100 } },
	{ "21st bit pulse, margin 100", 100, 16 * UNIT, 42,
	  { 563 - 99, 563 + 99 }, { 563 - 100, 563 + 100 } },
	{ "second bit space (0), margin 100", 100, 16 * UNIT, 5,
	  { 563 - 99, 563 + 99 }, { 563 - 100, 563 + 100 } },
	{ "tenth bit space (1), margin 100", 100, 16 * UNIT, 21,
	  { 1689 - 99, 1689 + 99 }, { 1689 - 100, 1689 + 100 } },
	{ "trailer space, margin 100", 100, 16 * UNIT, SAMPLE_TRAILER_SPACE,
	  { 5630 - 99, LIRC_VALUE_MASK }, { 5630 - 100, 0 } },
	{ "trailer space, margin 500", 500, 16 * UNIT, SAMPLE_TRAILER_SPACE,
	  { 5630 - 499, LIRC_VALUE_MASK }, { 5630 - 500, 0 } },
};
#undef M

#define WINDOW_CASE_COUNT (sizeof(window_cases) / sizeof(window_cases[0]))

static void open_with_margin(struct decoder_run *run, int margin)
{
	if (margin)
		decoder_run_open(run, "nec_bpf", PARAMS({ "margin", margin }), 1);
	else
		decoder_run_open(run, "nec_bpf", NULL, 0);
}

START_TEST(test_window_edges)
{
	const struct window_case *c = &window_cases[_i];
	struct decoder_run run;
	struct ir_signal s;
	int n;

	open_with_margin(&run, c->margin);
	for (n = 0; n < 2; n++) {
		ir_signal_init(&s);
		frame(&s, c->header_pulse, FRAME_BITS, GAP);
		set_duration(&s, c->sample, c->inside[n]);
		run_fresh(&run, &s);
		ck_assert_msg(decoder_run_event_count(&run) == 1,
			      "%s at %u us (inside): %zu events", c->what, c->inside[n],
			      decoder_run_event_count(&run));
		expect_keydown(&run, 0, RC_PROTO_NEC, FRAME_SCANCODE, 0);
		ir_signal_free(&s);
		if (!c->outside[n])
			continue;
		ir_signal_init(&s);
		frame(&s, c->header_pulse, FRAME_BITS, GAP);
		set_duration(&s, c->sample, c->outside[n]);
		run_fresh(&run, &s);
		ck_assert_msg(decoder_run_event_count(&run) == 0,
			      "%s at %u us (outside): %zu events", c->what, c->outside[n],
			      decoder_run_event_count(&run));
		ir_signal_free(&s);
	}
	decoder_run_close(&run);
}
END_TEST

/* The trailer space as a timeout, at its edge: the kernel takes a timeout as a space. */
START_TEST(test_trailer_timeout)
{
	struct decoder_run run;
	struct ir_signal s;

	decoder_run_open(&run, "nec_bpf", NULL, 0);
	ir_signal_init(&s);
	frame(&s, 16 * UNIT, FRAME_BITS, GAP);
	s.samples[SAMPLE_TRAILER_SPACE] = LIRC_MODE2_TIMEOUT | (5630 - (HALF_UNIT - 1));
	run_fresh(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, RC_PROTO_NEC, FRAME_SCANCODE, 0);
	s.samples[SAMPLE_TRAILER_SPACE] = LIRC_MODE2_TIMEOUT | (5630 - HALF_UNIT);
	run_fresh(&run, &s);
	expect_event_count(&run, 0);
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/*
 * Margin 700: the windows of a 0 (strictly between -137 and 1263 µs) and of a 1
 * (strictly between 989 and 2389) overlap, and the kernel tries a 1 first. The second
 * bit (a 0) at 989 µs stays a 0; at 990 it is a 1, the address becomes 0x07 and no
 * longer matches its inverse 0xfa: NEC-X 0x07fa02.
 */
START_TEST(test_overlapping_bit_windows)
{
	struct decoder_run run;
	struct ir_signal s;

	decoder_run_open(&run, "nec_bpf", PARAMS({ "margin", 700 }), 1);
	ir_signal_init(&s);
	frame(&s, 16 * UNIT, FRAME_BITS, GAP);
	set_duration(&s, 5, 989);
	run_fresh(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, RC_PROTO_NEC, FRAME_SCANCODE, 0);
	set_duration(&s, 5, 990);
	run_fresh(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, RC_PROTO_NECX, 0x07fa02, 0);
	/* The same in a later bit: the fourth (a 0) makes the address 0x0d. */
	set_duration(&s, 5, UNIT);
	set_duration(&s, 9, 1262);
	run_fresh(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, RC_PROTO_NECX, 0x0dfa02, 0);
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/* The repeat frame's space and trailer at their edges, after a press. */
START_TEST(test_repeat_frame_edges)
{
	static const struct {
		size_t sample;		/* of the repeat frame */
		unsigned int duration;
		bool repeats;
	} cases[] = {
		{ 1, 2252 - 280, true }, { 1, 2252 + 280, true },
		{ 1, 2252 - 281, false }, { 1, 2252 + 281, false },
		{ 2, 563 - 280, true }, { 2, 563 + 280, true },
		{ 2, 563 - 281, false }, { 2, 563 + 281, false },
		{ 3, 5630 - 280, true }, { 3, 5630 - 281, false },
	};
	struct decoder_run run;
	struct ir_signal press, s;
	size_t i;

	decoder_run_open(&run, "nec_bpf", NULL, 0);
	ir_signal_init(&press);
	frame(&press, 16 * UNIT, FRAME_BITS, GAP);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ir_signal_init(&s);
		repeat_frame(&s, GAP);
		set_duration(&s, cases[i].sample, cases[i].duration);
		decoder_run_reset(&run);
		decoder_run_feed(&run, &press);
		decoder_run_feed(&run, &s);
		ck_assert_msg(decoder_run_event_count(&run) == (cases[i].repeats ? 2 : 1),
			      "repeat frame, sample %zu at %u us: %zu events", cases[i].sample,
			      cases[i].duration, decoder_run_event_count(&run));
		expect_keydown(&run, 0, RC_PROTO_NEC, FRAME_SCANCODE, 0);
		if (cases[i].repeats)
			expect_repeat(&run, 1);
		ir_signal_free(&s);
	}
	ir_signal_free(&press);
	decoder_run_close(&run);
}
END_TEST

/*
 * The short NEC-X repeat after a frame with a 4.5 ms header (here one of NEC bytes:
 * the header, not the bytes, decides). Its long space has the trailer space's edge; a
 * space that is neither that nor a bit ends the attempt without an event.
 */
START_TEST(test_necx_short_repeat_edges)
{
	struct decoder_run run;
	struct ir_signal s;

	decoder_run_open(&run, "nec_bpf", NULL, 0);
	ir_signal_init(&s);
	frame(&s, 8 * UNIT, FRAME_BITS, GAP);
	necx_short_repeat(&s, UNIT, 5630 - 280);
	necx_short_repeat(&s, 3 * UNIT, GAP);
	run_fresh(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, RC_PROTO_NEC, FRAME_SCANCODE, 0);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);
	ir_signal_free(&s);

	ir_signal_init(&s);
	frame(&s, 8 * UNIT, FRAME_BITS, GAP);
	necx_short_repeat(&s, UNIT, 5630 - 281);
	run_fresh(&run, &s);
	expect_event_count(&run, 1);
	ir_signal_free(&s);

	/* The long space as a timeout. */
	ir_signal_init(&s);
	frame(&s, 8 * UNIT, FRAME_BITS, GAP);
	ck_assert_int_eq(ir_signal_pulse(&s, 8 * UNIT), 0);
	ck_assert_int_eq(ir_signal_space(&s, 8 * UNIT), 0);
	ck_assert_int_eq(ir_signal_pulse(&s, UNIT), 0);
	ck_assert_int_eq(ir_signal_space(&s, UNIT), 0);
	ck_assert_int_eq(ir_signal_pulse(&s, UNIT), 0);
	ck_assert_int_eq(ir_signal_timeout(&s, 5630 - 280), 0);
	run_fresh(&run, &s);
	expect_event_count(&run, 2);
	expect_repeat(&run, 1);
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/*
 * When the kernel stops expecting the short NEC-X repeat: on a 9 ms header pulse, and
 * on any space where the third bit's space belongs (a bit or not); not on a pulse
 * there, nor on a wrong second bit space, nor on a repeat it reported.
 */
START_TEST(test_necx_repeat_expectation)
{
	static const struct {
		const char *what;
		size_t sample;		/* of a 4.5 ms header frame cut after it, or none */
		uint32_t value;		/* that sample's kind and duration */
		bool nine_ms;		/* a 9 ms header pulse alone instead */
		bool repeats;		/* the short repeat that follows is one */
	} cases[] = {
		{ "a 9 ms header pulse", 0, 0, true, false },
		{ "a space of 3000 us for the third bit", 7, LIRC_MODE2_SPACE | 3000, false,
		  false },
		{ "a timeout for the third bit", 7, LIRC_MODE2_TIMEOUT | 3000, false, false },
		{ "the third bit a 1", 7, LIRC_MODE2_SPACE | 1689, false, false },
		{ "a pulse for the third bit space", 7, LIRC_MODE2_PULSE | 563, false, true },
		{ "a space of 3000 us for the second bit", 5, LIRC_MODE2_SPACE | 3000, false,
		  true },
		{ "the second bit a 0", 5, LIRC_MODE2_SPACE | 563, false, true },
		{ "a bad third bit pulse", 6, LIRC_MODE2_PULSE | 1200, false, true },
	};
	struct decoder_run run;
	struct ir_signal s, cut;
	size_t i, k;

	decoder_run_open(&run, "nec_bpf", NULL, 0);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ir_signal_init(&s);
		frame(&s, 8 * UNIT, FRAME_BITS, GAP);
		if (cases[i].nine_ms) {
			ck_assert_int_eq(ir_signal_pulse(&s, 16 * UNIT), 0);
			ck_assert_int_eq(ir_signal_space(&s, GAP), 0);
		} else {
			/* The frame again, up to the changed sample, then a gap. */
			ir_signal_init(&cut);
			frame(&cut, 8 * UNIT, FRAME_BITS, GAP);
			cut.samples[cases[i].sample] = cases[i].value;
			cut.count = cases[i].sample + 1;
			for (k = 0; k < cut.count; k++) {
				/* A timeout is never merged with its neighbour: then replaced. */
				ck_assert_int_eq(ir_signal_timeout(&s, 1), 0);
				s.samples[s.count - 1] = cut.samples[k];
			}
			ir_signal_free(&cut);
			ck_assert_int_eq(ir_signal_timeout(&s, GAP), 0);
		}
		necx_short_repeat(&s, UNIT, GAP);
		run_fresh(&run, &s);
		ck_assert_msg(decoder_run_event_count(&run) == (cases[i].repeats ? 2 : 1),
			      "after %s: %zu events", cases[i].what,
			      decoder_run_event_count(&run));
		expect_keydown(&run, 0, RC_PROTO_NEC, FRAME_SCANCODE, 0);
		if (cases[i].repeats)
			expect_repeat(&run, 1);
		ir_signal_free(&s);
	}
	decoder_run_close(&run);
}
END_TEST

static Suite *nec_bpf_suite(void)
{
	Suite *s = suite_create("nec-bpf");
	TCase *tc;

	tc = tcase_create("windows");
	tcase_add_loop_test(tc, test_window_edges, 0, WINDOW_CASE_COUNT);
	tcase_add_test(tc, test_trailer_timeout);
	tcase_add_test(tc, test_overlapping_bit_windows);
	suite_add_tcase(s, tc);

	tc = tcase_create("repeats");
	tcase_add_test(tc, test_repeat_frame_edges);
	tcase_add_test(tc, test_necx_short_repeat_edges);
	tcase_add_test(tc, test_necx_repeat_expectation);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = nec_bpf_suite);
