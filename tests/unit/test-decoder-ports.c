// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The BPF ports of the kernel's decoders, run in the userspace VM on signals from the
 * test encoders (tests/encoders, written from the protocols' descriptions): every
 * variant gives back exactly the scancode, protocol and toggle it was encoded with;
 * repeats; the kernel's tolerances at their edges; noise, truncated frames,
 * back-to-back frames, timeouts and overflows.
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

#define ROUNDTRIPS	64
#define SEED		0x1c0ffee1u
#define LONG_TIMEOUT	150000
#define COUNT_OF(array) (sizeof(array) / sizeof((array)[0]))

struct port_variant {
	const char *decoder;
	uint32_t protocol;
	uint32_t mask;		/* the scancode's bits */
	bool toggle;		/* the protocol carries a toggle bit */
	/* Cutting a frame short can leave a complete frame of a shorter variant. */
	bool has_shorter;
};

static const struct port_variant variants[] = {
	{ "nec_bpf", RC_PROTO_NEC, 0xffff, false, false },
	{ "nec_bpf", RC_PROTO_NECX, 0xffffff, false, false },
	{ "nec_bpf", RC_PROTO_NEC32, 0xffffffff, false, false },
	{ "rc5_bpf", RC_PROTO_RC5, 0x1f7f, true, false },
	{ "rc5_bpf", RC_PROTO_RC5X_20, 0x1f7f3f, true, false },
	{ "rc5_bpf", RC_PROTO_RC5_SZ, 0x2fff, true, true },
	{ "rc6_bpf", RC_PROTO_RC6_0, 0xffff, true, false },
	{ "rc6_bpf", RC_PROTO_RC6_6A_20, 0xfffff, false, false },
	{ "rc6_bpf", RC_PROTO_RC6_6A_24, 0xffffff, false, true },
	{ "rc6_bpf", RC_PROTO_RC6_6A_32, 0xffffffff, false, true },
	{ "rc6_bpf", RC_PROTO_RC6_MCE, 0xffff7fff, true, true },
	{ "sony_bpf", RC_PROTO_SONY12, 0x1f007f, false, false },
	{ "sony_bpf", RC_PROTO_SONY15, 0xff007f, false, true },
	{ "sony_bpf", RC_PROTO_SONY20, 0x1fff7f, false, true },
	{ "jvc_bpf", RC_PROTO_JVC, 0xffff, false, false },
	{ "sanyo_bpf", RC_PROTO_SANYO, 0x1fffff, false, false },
	{ "sharp_bpf", RC_PROTO_SHARP, 0x1fff, false, false },
	{ "rcmm_bpf", RC_PROTO_RCMM12, 0xfff, false, false },
	{ "rcmm_bpf", RC_PROTO_RCMM24, 0xffffff, false, true },
	{ "rcmm_bpf", RC_PROTO_RCMM32, 0xffffffff, true, true },
	{ "xmp_bpf", RC_PROTO_XMP, 0xffffffff, false, false },
	{ "imon_bpf", RC_PROTO_IMON, 0x7fffffff, false, true },
	{ "mce_kbd_bpf", RC_PROTO_MCIR2_KBD, 0xffffff, false, false },
	{ "mce_kbd_bpf", RC_PROTO_MCIR2_MSE, 0x1fffff, false, false },
};

#define VARIANT_COUNT (sizeof(variants) / sizeof(variants[0]))

/* Customer codes whose 32-bit RC-6 frames are MCE (rc-protos.rst and the kernel). */
static const uint32_t rc6_mce_customers[] = { 0x800f0000, 0x80340000, 0x80460000 };

static bool is_mce_customer(uint32_t scancode)
{
	size_t i;

	for (i = 0; i < 3; i++)
		if ((scancode & 0xffff0000) == rc6_mce_customers[i])
			return true;
	return false;
}

/* A random scancode the variant can carry, and only that variant. */
static uint32_t random_scancode(const struct port_variant *v, uint32_t *state)
{
	for (;;) {
		uint32_t sc = test_random(state) & v->mask;

		switch (v->protocol) {
		case RC_PROTO_NECX:
			/* An address followed by its inverse would be plain NEC. */
			if (((sc >> 16 ^ sc >> 8) & 0xff) == 0xff)
				continue;
			break;
		case RC_PROTO_NEC32:
			/* A command followed by its inverse would be NEC or NEC-X. */
			if (((sc ^ sc >> 8) & 0xff) == 0xff)
				continue;
			break;
		case RC_PROTO_RC6_6A_32:
			if (is_mce_customer(sc))
				continue;
			break;
		case RC_PROTO_RC6_MCE:
			sc = rc6_mce_customers[test_random(state) % 3] | (sc & 0x7fff);
			break;
		case RC_PROTO_RCMM32:
			/* OEM modes carry the toggle in bit 15. */
			if ((sc & 0x000c0000) != 0x000c0000)
				sc &= ~0x8000u;
			break;
		case RC_PROTO_IMON:
			/* Every iMON PAD message ends in 0xb7 (imon_bpf.c). */
			sc = (sc & ~0xffu) | 0xb7;
			/* Stick messages and the stick mode switch are reported changed. */
			if ((sc & 0xfc0000ff) == 0x680000b7 || sc == 0x299115b7)
				continue;
			break;
		default:
			break;
		}
		return sc;
	}
}

static bool carries_toggle(const struct port_variant *v, uint32_t scancode)
{
	if (v->protocol == RC_PROTO_RCMM32)
		return (scancode & 0x000c0000) != 0x000c0000;
	return v->toggle;
}

static void encode_variant(struct ir_signal *s, const struct port_variant *v, uint32_t sc,
			   bool toggle)
{
	int ret;

	switch (v->protocol) {
	case RC_PROTO_NEC:
	case RC_PROTO_NECX:
	case RC_PROTO_NEC32:
		ret = encode_nec(s, v->protocol, sc);
		break;
	case RC_PROTO_RC5:
	case RC_PROTO_RC5X_20:
	case RC_PROTO_RC5_SZ:
		ret = encode_rc5(s, v->protocol, sc, toggle);
		break;
	case RC_PROTO_RC6_0:
	case RC_PROTO_RC6_6A_20:
	case RC_PROTO_RC6_6A_24:
	case RC_PROTO_RC6_6A_32:
	case RC_PROTO_RC6_MCE:
		ret = encode_rc6(s, v->protocol, sc, toggle);
		break;
	case RC_PROTO_SONY12:
	case RC_PROTO_SONY15:
	case RC_PROTO_SONY20:
		ret = encode_sony(s, v->protocol, sc);
		break;
	case RC_PROTO_JVC:
		ret = encode_jvc(s, sc, true);
		break;
	case RC_PROTO_SANYO:
		ret = encode_sanyo(s, sc);
		break;
	case RC_PROTO_SHARP:
		ret = encode_sharp(s, sc);
		break;
	case RC_PROTO_RCMM12:
	case RC_PROTO_RCMM24:
	case RC_PROTO_RCMM32:
		ret = encode_rcmm(s, v->protocol, sc, toggle);
		break;
	case RC_PROTO_XMP:
		ret = encode_xmp(s, sc, 0);
		break;
	case RC_PROTO_IMON:
		ret = encode_imon(s, sc);
		break;
	case RC_PROTO_MCIR2_KBD:
	case RC_PROTO_MCIR2_MSE:
		ret = encode_mcir2(s, v->protocol, sc);
		break;
	default:
		ret = -1;
		break;
	}
	ck_assert_int_eq(ret, 0);
}

/* Seven bits of two's complement, as the MCE mouse sends its movements. */
static int32_t mouse_axis(uint32_t v)
{
	v &= 0x7f;
	return v & 0x40 ? (int32_t)v - 128 : (int32_t)v;
}

/*
 * The events one decoded frame gives from index on: the keydown, after a pointer
 * movement for the MCE mouse (x in bits 7-13, y in bits 14-20). Returns the next index.
 */
static size_t expect_frame(const struct decoder_run *run, size_t index,
			   const struct port_variant *v, uint32_t sc, uint32_t toggle)
{
	if (v->protocol == RC_PROTO_MCIR2_MSE)
		expect_pointer(run, index++, mouse_axis(sc >> 7), mouse_axis(sc >> 14));
	expect_keydown(run, index, v->protocol, sc, toggle);
	return index + 1;
}

static size_t events_per_frame(const struct port_variant *v)
{
	return v->protocol == RC_PROTO_MCIR2_MSE ? 2 : 1;
}

/*
 * The toggle a frame is reported with. JVC has none in the signal: the kernel flips
 * one at every header, starting from 0, so the first press after a reset reports 1.
 */
static uint32_t reported_toggle(const struct port_variant *v, uint32_t sc, bool sent,
				unsigned int jvc_headers)
{
	if (v->protocol == RC_PROTO_JVC)
		return jvc_headers % 2;
	return carries_toggle(v, sc) ? sent : 0;
}

START_TEST(test_roundtrip)
{
	const struct port_variant *v = &variants[_i];
	struct decoder_run run;
	struct ir_signal s;
	uint32_t state = SEED + (uint32_t)_i;
	int n;

	decoder_run_open(&run, v->decoder, NULL, 0);
	ir_signal_init(&s);
	for (n = 0; n < ROUNDTRIPS; n++) {
		uint32_t sc = random_scancode(v, &state);
		bool toggle = test_random(&state) & 1;

		ir_signal_free(&s);
		encode_variant(&s, v, sc, toggle);
		decoder_run_reset(&run);
		decoder_run_feed(&run, &s);
		expect_event_count(&run, events_per_frame(v));
		expect_frame(&run, 0, v, sc, reported_toggle(v, sc, toggle, 1));
	}
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/* Several frames in a row, each with its gap: one report each, in order. */
START_TEST(test_back_to_back)
{
	const struct port_variant *v = &variants[_i];
	struct decoder_run run;
	struct ir_signal s;
	uint32_t state = SEED ^ (uint32_t)_i;
	uint32_t sc[3];
	bool toggle[3];
	size_t index = 0;
	int n;

	ir_signal_init(&s);
	for (n = 0; n < 3; n++) {
		sc[n] = random_scancode(v, &state);
		toggle[n] = n % 2;
		encode_variant(&s, v, sc[n], toggle[n]);
	}
	decoder_run_open(&run, v->decoder, NULL, 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 3 * events_per_frame(v));
	for (n = 0; n < 3; n++)
		index = expect_frame(&run, index, v, sc[n],
				     reported_toggle(v, sc[n], toggle[n], n + 1));
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/* The space that ends a frame arrives as a timeout sample: the same report. */
START_TEST(test_timeout_ends_frame)
{
	const struct port_variant *v = &variants[_i];
	struct decoder_run run;
	struct ir_signal s;
	uint32_t state = SEED + 7 * (uint32_t)_i;
	uint32_t sc = random_scancode(v, &state);
	uint32_t *last;

	ir_signal_init(&s);
	encode_variant(&s, v, sc, true);
	last = &s.samples[s.count - 1];
	ck_assert(LIRC_IS_SPACE(*last));
	*last = LIRC_TIMEOUT(LIRC_VALUE(*last));
	decoder_run_open(&run, v->decoder, NULL, 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, events_per_frame(v));
	expect_frame(&run, 0, v, sc, reported_toggle(v, sc, true, 1));
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/* Short noise pulses in the gaps between frames do not cost the frames. */
START_TEST(test_noise_between_frames)
{
	const struct port_variant *v = &variants[_i];
	struct decoder_run run;
	struct ir_signal s;
	uint32_t state = SEED + 13 * (uint32_t)_i;
	uint32_t sc1 = random_scancode(v, &state), sc2 = random_scancode(v, &state);
	size_t index;

	ir_signal_init(&s);
	ck_assert_int_eq(ir_signal_pulse(&s, 35), 0);
	ck_assert_int_eq(ir_signal_space(&s, 40000), 0);
	encode_variant(&s, v, sc1, false);
	ck_assert_int_eq(ir_signal_pulse(&s, 60), 0);
	ck_assert_int_eq(ir_signal_space(&s, 20000), 0);
	ck_assert_int_eq(ir_signal_pulse(&s, 120), 0);
	ck_assert_int_eq(ir_signal_space(&s, 30000), 0);
	encode_variant(&s, v, sc2, true);
	ck_assert_int_eq(ir_signal_pulse(&s, 50), 0);
	ck_assert_int_eq(ir_signal_timeout(&s, LONG_TIMEOUT), 0);

	decoder_run_open(&run, v->decoder, NULL, 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 2 * events_per_frame(v));
	index = expect_frame(&run, 0, v, sc1, reported_toggle(v, sc1, false, 1));
	expect_frame(&run, index, v, sc2, reported_toggle(v, sc2, true, 2));
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/*
 * A frame cut short before any of its pulses, then a long timeout, is never reported
 * as a key press. Allowed, as the kernel does them on the same signal:
 * - variants with shorter siblings (a 20-bit Sony frame cut after 15 bits is a valid
 *   15-bit frame): nothing is reported as this variant; iMON cannot tell missing low
 *   bits from 1 bits, so there only the original scancode must not come back;
 * - RC-6 and MCIR-2 count a bit at its first half and never wait for the second, so a
 *   frame missing only its last pulse (the second half of a final 0) is complete;
 * - a Sanyo frame cut after its first bit pulse is exactly a Sanyo repeat frame.
 */
START_TEST(test_truncated_frames)
{
	const struct port_variant *v = &variants[_i];
	struct decoder_run run;
	struct ir_signal frame, cut;
	uint32_t state = SEED + 17 * (uint32_t)_i;
	uint32_t sc = random_scancode(v, &state);
	size_t last_pulse = 0, k, e;

	ir_signal_init(&frame);
	ir_signal_init(&cut);
	encode_variant(&frame, v, sc, false);
	for (k = 0; k < frame.count; k++)
		if (LIRC_IS_PULSE(frame.samples[k]))
			last_pulse = k;
	if (strcmp(v->decoder, "rc6_bpf") == 0 || strcmp(v->decoder, "mce_kbd_bpf") == 0)
		last_pulse--;

	decoder_run_open(&run, v->decoder, NULL, 0);
	for (k = 1; k <= last_pulse; k++) {
		ir_signal_free(&cut);
		for (e = 0; e < k; e++)
			ck_assert_int_eq(ir_signal_append(&cut, &(struct ir_signal){
				&frame.samples[e], 1, 1 }), 0);
		ck_assert_int_eq(ir_signal_timeout(&cut, LONG_TIMEOUT), 0);
		decoder_run_reset(&run);
		decoder_run_feed(&run, &cut);
		for (e = 0; e < decoder_run_event_count(&run); e++) {
			const struct bpf_vm_event *ev = decoder_run_event(&run, e);

			if (!v->has_shorter)
				ck_assert_msg(ev->type == BPF_VM_EVENT_REPEAT &&
					      v->protocol == RC_PROTO_SANYO && k == 3,
					      "%s: frame cut to %zu samples reported", v->decoder,
					      k);
			else if (v->protocol == RC_PROTO_IMON)
				ck_assert_msg(ev->scancode != sc,
					      "%s: frame cut to %zu samples reported", v->decoder,
					      k);
			else
				ck_assert_msg(ev->type != BPF_VM_EVENT_KEYDOWN ||
					      ev->protocol != v->protocol,
					      "%s: frame cut to %zu samples reported as %u",
					      v->decoder, k, v->protocol);
		}
	}
	ir_signal_free(&frame);
	ir_signal_free(&cut);
	decoder_run_close(&run);
}
END_TEST

/* Samples lost (an overflow) in the middle of a frame: that frame is dropped. */
START_TEST(test_overflow_resets)
{
	const struct port_variant *v = &variants[_i];
	struct decoder_run run;
	struct ir_signal s, first;
	uint32_t state = SEED + 19 * (uint32_t)_i;
	uint32_t sc1 = random_scancode(v, &state), sc2 = random_scancode(v, &state);
	size_t e;

	ir_signal_init(&s);
	ir_signal_init(&first);
	encode_variant(&first, v, sc1, false);
	for (e = 0; e < first.count / 2; e++)
		ck_assert_int_eq(ir_signal_append(&s, &(struct ir_signal){
			&first.samples[e], 1, 1 }), 0);
	ck_assert_int_eq(ir_signal_append(&s, &(struct ir_signal){
		(uint32_t[]){ LIRC_OVERFLOW(LIRC_VALUE_MASK) }, 1, 1 }), 0);
	ck_assert_int_eq(ir_signal_space(&s, 50000), 0);
	encode_variant(&s, v, sc2, false);

	decoder_run_open(&run, v->decoder, NULL, 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, events_per_frame(v));
	expect_frame(&run, 0, v, sc2, reported_toggle(v, sc2, false, 2));
	ir_signal_free(&s);
	ir_signal_free(&first);
	decoder_run_close(&run);
}
END_TEST

/*
 * Tolerance edges: one sample of a frame set to a duration just inside the kernel's
 * tolerance (decodes) or just outside (does not). The kernel accepts d for an expected
 * length e and tolerance t when e - t < d < e + t.
 */
struct tolerance_case {
	size_t variant;		/* index in variants[] */
	uint32_t scancode;
	size_t sample;		/* which sample of the encoded frame */
	unsigned int inside[2];
	unsigned int outside[2];	/* 0: not tested */
};

static const struct tolerance_case tolerance_cases[] = {
	/* NEC: header pulse 16 units of 563 µs, tolerance 2 units. */
	{ 0, 0x00ff, 0, { 9008 - 1125, 9008 + 1125 }, { 9008 - 1126, 9008 + 1126 } },
	/* NEC: header space 8 units, tolerance 1 unit. */
	{ 0, 0x00ff, 1, { 4504 - 562, 4504 + 562 }, { 4504 - 563, 4504 + 563 } },
	/* NEC: the first bit (address 0x00: a 0) space, 1 unit, tolerance half a unit. */
	{ 0, 0x00ff, 3, { 563 - 280, 563 + 280 }, { 563 - 281, 563 + 281 } },
	/* RC-5: the first pulse, one 889 µs half-bit: at least half a unit. */
	{ 3, 0x0101, 1, { 889 - 443, 889 + 443 }, { 889 - 444, 0 } },
	/* RC-6: leader pulse 6 units of 444 µs, tolerance 1 unit. */
	{ 6, 0x1234, 0, { 2664 - 443, 2664 + 443 }, { 2664 - 444, 2664 + 444 } },
	/* RC-6: leader space 2 units, tolerance half a unit. */
	{ 6, 0x1234, 1, { 888 - 221, 888 + 221 }, { 888 - 222, 888 + 222 } },
	/*
	 * Sony: header pulse 4 units of 600 µs, tolerance 250 µs, and spaces 200 µs (the
	 * kernel's is half a unit, 300 µs, which takes RC-6's 2666 µs leader and 889 µs
	 * space: sony_bpf.c).
	 */
	{ 11, 0x10015, 0, { 2400 - 249, 2400 + 249 }, { 2400 - 250, 2400 + 250 } },
	{ 11, 0x10015, 1, { 600 - 199, 600 + 199 }, { 600 - 200, 600 + 200 } },
	{ 11, 0x10015, 3, { 600 - 199, 600 + 199 }, { 600 - 200, 600 + 200 } },
	/*
	 * JVC: header pulse 16 units of 525 µs, tolerance 2 units, space 8 units,
	 * tolerance 1 (the kernel's: half a unit; jvc_bpf.c). The trailer space: at
	 * least 20 units (10500 µs) less half a unit.
	 */
	{ 14, 0xa1b2, 0, { 8400 - 1049, 8400 + 1049 }, { 8400 - 1050, 8400 + 1050 } },
	{ 14, 0xa1b2, 1, { 4200 - 524, 4200 + 524 }, { 4200 - 525, 4200 + 525 } },
	{ 14, 0xa1b2, 35, { 10500 - 262 + 1, 30000 }, { 10500 - 262, 0 } },
	/*
	 * Sanyo: header pulse 16 units of 563 µs, tolerance 2 units, space 8 units,
	 * tolerance 1 (the kernel's: half a unit; sanyo_bpf.c).
	 */
	{ 15, 0x1abcde, 0, { 9008 - 1125, 9008 + 1125 }, { 9008 - 1126, 9008 + 1126 } },
	{ 15, 0x1abcde, 1, { 4504 - 562, 4504 + 562 }, { 4504 - 563, 4504 + 563 } },
	/* Sharp: the first bit pulse, 320 µs, tolerance half of it. */
	{ 16, 0x1fa5, 0, { 320 - 159, 320 + 159 }, { 320 - 160, 320 + 160 } },
	/* RC-MM: leader pulse 417 µs, tolerance 1 unit of 166 µs. */
	{ 17, 0xabc, 0, { 417 - 165, 417 + 165 }, { 417 - 166, 417 + 166 } },
	/*
	 * XMP: a nibble is read from its leader pulse and space together (xmp_bpf.c), so
	 * a pulse changed alone moves its nibble: by half a unit of 136 µs at most, 68 µs
	 * under to 67 over. The pulse's own window: test_xmp_pulse_window.
	 */
	{ 20, 0x12345678, 0, { 210 - 68, 210 + 67 }, { 0, 210 + 68 } },
	/* iMON: the header unit (bit 30 is 1: no check pulse joins it), 416 µs. */
	{ 21, 0x400000b7, 0, { 416 - 207, 416 + 207 }, { 416 - 208, 416 + 209 } },
	/* MCE keyboard: leader pulse 8 units of 333 µs, tolerance 1 unit. */
	{ 22, 0x123456, 0, { 2664 - 332, 2664 + 332 }, { 2664 - 333, 2664 + 333 } },
};

#define TOLERANCE_COUNT (sizeof(tolerance_cases) / sizeof(tolerance_cases[0]))

/* Runs the frame with one sample changed; true if the frame was reported as encoded. */
static bool decodes_with(struct decoder_run *run, const struct ir_signal *frame,
			 const struct tolerance_case *c, unsigned int duration)
{
	const struct port_variant *v = &variants[c->variant];
	struct ir_signal changed;
	size_t e;
	bool found = false;

	ir_signal_init(&changed);
	ck_assert_int_eq(ir_signal_append(&changed, frame), 0);
	ck_assert_uint_lt(c->sample, changed.count);
	changed.samples[c->sample] = LIRC_MODE2(changed.samples[c->sample]) | duration;
	ck_assert_int_eq(ir_signal_timeout(&changed, LONG_TIMEOUT), 0);
	decoder_run_reset(run);
	decoder_run_feed(run, &changed);
	for (e = 0; e < decoder_run_event_count(run); e++) {
		const struct bpf_vm_event *ev = decoder_run_event(run, e);

		if (ev->type == BPF_VM_EVENT_KEYDOWN && ev->protocol == v->protocol &&
		    ev->scancode == c->scancode)
			found = true;
	}
	ir_signal_free(&changed);
	return found;
}

START_TEST(test_tolerance_edges)
{
	const struct tolerance_case *c = &tolerance_cases[_i];
	const struct port_variant *v = &variants[c->variant];
	struct decoder_run run;
	struct ir_signal frame;
	int n;

	ir_signal_init(&frame);
	encode_variant(&frame, v, c->scancode, false);
	decoder_run_open(&run, v->decoder, NULL, 0);
	ck_assert_msg(decodes_with(&run, &frame, c, LIRC_VALUE(frame.samples[c->sample])),
		      "%s: the unchanged frame does not decode", v->decoder);
	for (n = 0; n < 2; n++) {
		ck_assert_msg(decodes_with(&run, &frame, c, c->inside[n]),
			      "%s: sample %zu at %u us (inside) not decoded", v->decoder,
			      c->sample, c->inside[n]);
		if (c->outside[n])
			ck_assert_msg(!decodes_with(&run, &frame, c, c->outside[n]),
				      "%s: sample %zu at %u us (outside) decoded", v->decoder,
				      c->sample, c->outside[n]);
	}
	ir_signal_free(&frame);
	decoder_run_close(&run);
}
END_TEST

static void feed_and_clear_ok(struct decoder_run *run, struct ir_signal *s)
{
	decoder_run_feed(run, s);
	ir_signal_free(s);
}

/* NEC: a press, two repeat frames; and the 4.5 ms-header NEC-X repeat. */
START_TEST(test_nec_repeats)
{
	struct decoder_run run;
	struct ir_signal s;

	ir_signal_init(&s);
	decoder_run_open(&run, "nec_bpf", NULL, 0);
	ck_assert_int_eq(encode_nec(&s, RC_PROTO_NEC, 0x4010), 0);
	ck_assert_int_eq(encode_nec_repeat(&s), 0);
	ck_assert_int_eq(encode_nec_repeat(&s), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, RC_PROTO_NEC, 0x4010, 0);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);

	decoder_run_reset(&run);
	ck_assert_int_eq(encode_nec_header(&s, RC_PROTO_NECX, 0x07f102, 4500), 0);
	ck_assert_int_eq(encode_necx_short_repeat(&s), 0);
	ck_assert_int_eq(encode_necx_short_repeat(&s), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, RC_PROTO_NECX, 0x07f102, 0);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);

	/* After a 9 ms header frame, the short form is no repeat. */
	decoder_run_reset(&run);
	ck_assert_int_eq(encode_nec(&s, RC_PROTO_NECX, 0x07f102), 0);
	ck_assert_int_eq(encode_necx_short_repeat(&s), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 1);
	decoder_run_close(&run);
}
END_TEST

START_TEST(test_sanyo_repeats)
{
	struct decoder_run run;
	struct ir_signal s;

	ir_signal_init(&s);
	decoder_run_open(&run, "sanyo_bpf", NULL, 0);
	ck_assert_int_eq(encode_sanyo(&s, 0x1abcde), 0);
	ck_assert_int_eq(encode_sanyo_repeat(&s), 0);
	ck_assert_int_eq(encode_sanyo_repeat(&s), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, RC_PROTO_SANYO, 0x1abcde, 0);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);
	decoder_run_close(&run);
}
END_TEST

/*
 * JVC: repeats are the frame without header; a changed frame without header is
 * nothing; every header flips the toggle.
 */
START_TEST(test_jvc_repeats_and_toggle)
{
	struct decoder_run run;
	struct ir_signal s;

	ir_signal_init(&s);
	decoder_run_open(&run, "jvc_bpf", NULL, 0);
	ck_assert_int_eq(encode_jvc(&s, 0xc1a2, true), 0);
	ck_assert_int_eq(encode_jvc(&s, 0xc1a2, false), 0);
	ck_assert_int_eq(encode_jvc(&s, 0xc1a2, false), 0);
	ck_assert_int_eq(encode_jvc(&s, 0xc1a3, false), 0);
	ck_assert_int_eq(encode_jvc(&s, 0xc1a2, true), 0);
	ck_assert_int_eq(encode_jvc(&s, 0x0e0f, true), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 5);
	expect_keydown(&run, 0, RC_PROTO_JVC, 0xc1a2, 1);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);
	expect_keydown(&run, 3, RC_PROTO_JVC, 0xc1a2, 0);
	expect_keydown(&run, 4, RC_PROTO_JVC, 0x0e0f, 1);
	decoder_run_close(&run);
}
END_TEST

/* XMP: a toggle nibble other than 0 is a repeat. */
START_TEST(test_xmp_repeats)
{
	struct decoder_run run;
	struct ir_signal s;

	ir_signal_init(&s);
	decoder_run_open(&run, "xmp_bpf", NULL, 0);
	ck_assert_int_eq(encode_xmp(&s, 0x1f2e3d4c, 0), 0);
	ck_assert_int_eq(encode_xmp(&s, 0x1f2e3d4c, 8), 0);
	ck_assert_int_eq(encode_xmp(&s, 0x1f2e3d4c, 9), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, RC_PROTO_XMP, 0x1f2e3d4c, 0);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);
	decoder_run_close(&run);
}
END_TEST

/* The space of XMP nibble i in a frame from encode_xmp(): the half-frame space follows 7. */
static size_t xmp_nibble_space(size_t i)
{
	return i < 8 ? 2 * i + 1 : 2 * i + 3;
}

/* The frame, with the listed nibbles' spaces set to us, is reported as scancode sc. */
static bool xmp_decodes(struct decoder_run *run, uint32_t sc, const size_t *nibbles,
			size_t count, unsigned int us)
{
	struct ir_signal s;
	bool found;
	size_t i;

	ir_signal_init(&s);
	ck_assert_int_eq(encode_xmp(&s, sc, 0), 0);
	for (i = 0; i < count; i++)
		s.samples[xmp_nibble_space(nibbles[i])] = LIRC_SPACE(us);
	decoder_run_reset(run);
	decoder_run_feed(run, &s);
	found = decoder_run_event_count(run) == 1;
	if (found) {
		const struct bpf_vm_event *ev = decoder_run_event(run, 0);

		found = ev->type == BPF_VM_EVENT_KEYDOWN && ev->protocol == RC_PROTO_XMP &&
			ev->scancode == sc;
	}
	ir_signal_free(&s);
	return found;
}

/* The frame with every leader pulse set to us, its space shortened by as much. */
static bool xmp_with_pulses(struct decoder_run *run, uint32_t sc, unsigned int us)
{
	struct ir_signal s;
	bool found;
	size_t i;

	ir_signal_init(&s);
	ck_assert_int_eq(encode_xmp(&s, sc, 0), 0);
	for (i = 0; i + 1 < s.count; i += 2) {
		ck_assert(LIRC_IS_PULSE(s.samples[i]) && LIRC_IS_SPACE(s.samples[i + 1]));
		s.samples[i + 1] = LIRC_SPACE(LIRC_VALUE(s.samples[i + 1]) + 210 - us);
		s.samples[i] = LIRC_PULSE(us);
	}
	decoder_run_reset(run);
	decoder_run_feed(run, &s);
	found = decoder_run_event_count(run) == 1 &&
		decoder_run_event(run, 0)->type == BPF_VM_EVENT_KEYDOWN &&
		decoder_run_event(run, 0)->scancode == sc;
	ir_signal_free(&s);
	return found;
}

/*
 * XMP nibbles on real remotes (issue 16): a 0 nibble's space a little under the 760 µs
 * prefix is a 0 (the kernel's unsigned subtraction wraps round and the checksum
 * fails), down to the shortest space taken as a nibble (760 - 136 µs, exclusive).
 */
START_TEST(test_xmp_short_zero_nibble)
{
	/* Sub-address 0x00 and toggle 0: nibbles 0, 2, 8, 10, 11 are 0. */
	static const size_t zeros[] = { 0, 2, 8, 10, 11 };
	static const unsigned int spaces[] = { 759, 753, 747, 700, 692, 625 };
	struct decoder_run run;
	size_t k;

	decoder_run_open(&run, "xmp_bpf", NULL, 0);
	for (k = 0; k < COUNT_OF(spaces); k++)
		ck_assert_msg(xmp_decodes(&run, 0x7a00c3e1, zeros, COUNT_OF(zeros), spaces[k]),
			      "zero nibbles of %u us not decoded", spaces[k]);
	ck_assert(!xmp_decodes(&run, 0x7a00c3e1, zeros, COUNT_OF(zeros), 624));
	decoder_run_close(&run);
}
END_TEST

/*
 * Each nibble is rounded to the nearest step of the 136 µs unit (calibrated on the
 * fourth nibble, 15): it reads v from 68 µs under its nominal space to 67 over; one
 * µs more either way reads another value, which the checksum rejects. The kernel
 * truncates: a space a few µs short read one less.
 */
START_TEST(test_xmp_nibble_rounding)
{
	const uint32_t sc = 0x5b3c9ad7;		/* sub-address 0x3c */
	unsigned int n[16] = { 3, 0, 0xc, 0xf, 4, 4, 5, 0xb, 3, 0, 0, 0xc, 9, 0xa, 0xd, 7 };
	struct decoder_run run;
	size_t i;

	decoder_run_open(&run, "xmp_bpf", NULL, 0);
	for (i = 0; i < 16; i++) {
		unsigned int nominal = 760 + 136 * n[i];

		/* The checksums (nibbles 1 and 9) of this scancode: computed by encode_xmp. */
		if (i == 1 || i == 9 || i == 3)
			continue;
		ck_assert_msg(xmp_decodes(&run, sc, &i, 1, nominal - 68),
			      "nibble %zu (%u) at -68 us not decoded", i, n[i]);
		ck_assert_msg(xmp_decodes(&run, sc, &i, 1, nominal - 5),
			      "nibble %zu (%u) at -5 us not decoded", i, n[i]);
		ck_assert_msg(xmp_decodes(&run, sc, &i, 1, nominal + 67),
			      "nibble %zu (%u) at +67 us not decoded", i, n[i]);
		ck_assert_msg(!xmp_decodes(&run, sc, &i, 1, nominal + 68),
			      "nibble %zu (%u) at +68 us decoded", i, n[i]);
		if (n[i])
			ck_assert_msg(!xmp_decodes(&run, sc, &i, 1, nominal - 69),
				      "nibble %zu (%u) at -69 us decoded", i, n[i]);
	}
	decoder_run_close(&run);
}
END_TEST

/*
 * XMP's leader pulses are taken within a unit (136 µs, the kernel's half of one), and
 * a nibble is read from pulse and space together: pulses stretched at the expense of
 * their spaces, as receivers do, from 75 to 345 µs, decode.
 */
START_TEST(test_xmp_pulse_window)
{
	static const unsigned int inside[] = { 75, 110, 310, 345 };
	static const unsigned int outside[] = { 74, 346 };
	struct decoder_run run;
	size_t k;

	decoder_run_open(&run, "xmp_bpf", NULL, 0);
	for (k = 0; k < COUNT_OF(inside); k++)
		ck_assert_msg(xmp_with_pulses(&run, 0x5b3c9ad7, inside[k]),
			      "pulses of %u us not decoded", inside[k]);
	for (k = 0; k < COUNT_OF(outside); k++)
		ck_assert_msg(!xmp_with_pulses(&run, 0x5b3c9ad7, outside[k]),
			      "pulses of %u us decoded", outside[k]);
	decoder_run_close(&run);
}
END_TEST

/*
 * The half-frame space: more than 10350 µs (13.8 ms less 25%: a remote 10% fast sends
 * 12.4 ms, which the kernel takes as a nibble). Below, down to the longest nibble
 * space (3500 µs, 15 units and 25%), it is neither: the frame is lost.
 */
START_TEST(test_xmp_space_windows)
{
	struct decoder_run run;
	struct ir_signal s;
	size_t half = xmp_nibble_space(7) + 2;

	ir_signal_init(&s);
	decoder_run_open(&run, "xmp_bpf", NULL, 0);
	ck_assert_int_eq(encode_xmp(&s, 0x7a00c3ff, 0), 0);
	ck_assert(LIRC_VALUE(s.samples[half]) == 13800);
	s.samples[half] = LIRC_SPACE(12420);
	decoder_run_reset(&run);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 1);
	s.samples[half] = LIRC_SPACE(10351);
	decoder_run_reset(&run);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 1);
	s.samples[half] = LIRC_SPACE(10350);
	decoder_run_reset(&run);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 0);
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/*
 * A space of 16 units where a 0 nibble is: the same checksum, but no nibble. The
 * kernel takes it, as a repeat in the toggle nibble, and as a 0 in the command's
 * low byte (its bits are masked), where it reports the frame as if the nibble were 0.
 */
START_TEST(test_xmp_nibble_over_15)
{
	static const size_t nibbles[] = { 10, 14 };
	struct decoder_run run;
	size_t i;

	decoder_run_open(&run, "xmp_bpf", NULL, 0);
	for (i = 0; i < COUNT_OF(nibbles); i++) {
		ck_assert(xmp_decodes(&run, 0x7a00c301, &nibbles[i], 1, 760));
		xmp_decodes(&run, 0x7a00c301, &nibbles[i], 1, 760 + 16 * 136);
		ck_assert_msg(decoder_run_event_count(&run) == 0,
			      "nibble %zu of 16 units reported", nibbles[i]);
	}
	decoder_run_close(&run);
}
END_TEST

/*
 * iMON: 0x299115b7 switches the stick to keyboard mode, where stick messages
 * (0x68xxxxb7) become arrow keys; in mouse mode (the start) they move the pointer.
 * In 0x68a2a2b7 both axes read +2: the magnitude is bits 19-22 (x) and 11-14 (y),
 * weighted 8, 4, 2, 1 from bit 19 (11) up, here only the 2; bits 25 and 24 are the
 * signs.
 */
START_TEST(test_imon_stick)
{
	struct decoder_run run;
	struct ir_signal s;

	ir_signal_init(&s);
	decoder_run_open(&run, "imon_bpf", NULL, 0);
	ck_assert_int_eq(encode_imon(&s, 0x68a2a2b7), 0);
	ck_assert_int_eq(encode_imon(&s, 0x299115b7), 0);
	ck_assert_int_eq(encode_imon(&s, 0x68a2a2b7), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 4);
	expect_pointer(&run, 0, 2, 2);
	expect_keydown(&run, 1, RC_PROTO_IMON, 0x68a2a2b7, 0);
	expect_keydown(&run, 2, RC_PROTO_IMON, 0x299115b7, 0);
	/* Equal movement on both axes counts as horizontal: right. */
	expect_keydown(&run, 3, RC_PROTO_IMON, 0x2ba515b7, 0);
	decoder_run_close(&run);
}
END_TEST

/*
 * RC-5 starts a frame only out of silence: the space before its first pulse (here a
 * pulse, then a space joined to the start bit's 889 us space half) must be as long as
 * a frame's trailer, 6 units, less half a unit: more than 4890 us. A Sony-15 frame
 * is no RC-5-SZ frame (the kernel reads it as 0x2fff; issue 16).
 */
START_TEST(test_rc5_starts_out_of_silence)
{
	struct decoder_run run;
	struct ir_signal s;

	ir_signal_init(&s);
	decoder_run_open(&run, "rc5_bpf", NULL, 0);
	ck_assert_int_eq(ir_signal_pulse(&s, 600), 0);
	ck_assert_int_eq(ir_signal_space(&s, 4891 - 889), 0);
	ck_assert_int_eq(encode_rc5(&s, RC_PROTO_RC5, 0x0a21, false), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, RC_PROTO_RC5, 0x0a21, 0);

	decoder_run_reset(&run);
	ck_assert_int_eq(ir_signal_pulse(&s, 600), 0);
	ck_assert_int_eq(ir_signal_space(&s, 4890 - 889), 0);
	ck_assert_int_eq(encode_rc5(&s, RC_PROTO_RC5, 0x0a21, false), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 0);

	decoder_run_reset(&run);
	ck_assert_int_eq(encode_sony(&s, RC_PROTO_SONY15, 0x9a0044), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 0);
	decoder_run_close(&run);
}
END_TEST

/*
 * iMON: only messages ending in 0xb7, as every iMON PAD message; a lone pulse of a
 * unit is the message 0x7fffffff, which the kernel reports (issue 16).
 */
START_TEST(test_imon_low_byte)
{
	static const uint32_t others[] = { 0x123456b6, 0x123456f7, 0x7fffffff };
	struct decoder_run run;
	struct ir_signal s;
	size_t i;

	ir_signal_init(&s);
	decoder_run_open(&run, "imon_bpf", NULL, 0);
	ck_assert_int_eq(encode_imon(&s, 0x123456b7), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, RC_PROTO_IMON, 0x123456b7, 0);
	for (i = 0; i < COUNT_OF(others); i++) {
		decoder_run_reset(&run);
		ck_assert_int_eq(encode_imon(&s, others[i]), 0);
		feed_and_clear_ok(&run, &s);
		expect_event_count(&run, 0);
	}
	decoder_run_reset(&run);
	ck_assert_int_eq(ir_signal_pulse(&s, 416), 0);
	ck_assert_int_eq(ir_signal_timeout(&s, LONG_TIMEOUT), 0);
	feed_and_clear_ok(&run, &s);
	expect_event_count(&run, 0);
	decoder_run_close(&run);
}
END_TEST

/*
 * RC-MM 12- and 24-bit frames end at a space past the longest bit space (778 µs and
 * half a unit, 83: 861 µs and more); the kernel takes any space that is no bit, even
 * a short one.
 */
START_TEST(test_rcmm_short_frame_gap)
{
	static const uint32_t protocols[] = { RC_PROTO_RCMM12, RC_PROTO_RCMM24 };
	static const unsigned int gaps[] = { 861, 860, 150 };
	struct decoder_run run;
	struct ir_signal s;
	size_t p, g;

	ir_signal_init(&s);
	decoder_run_open(&run, "rcmm_bpf", NULL, 0);
	for (p = 0; p < COUNT_OF(protocols); p++) {
		for (g = 0; g < COUNT_OF(gaps); g++) {
			ck_assert_int_eq(encode_rcmm(&s, protocols[p], 0xa5a, false), 0);
			ck_assert(LIRC_IS_SPACE(s.samples[s.count - 1]));
			s.samples[s.count - 1] = LIRC_SPACE(gaps[g]);
			ck_assert_int_eq(ir_signal_pulse(&s, 100), 0);
			ck_assert_int_eq(ir_signal_timeout(&s, LONG_TIMEOUT), 0);
			decoder_run_reset(&run);
			feed_and_clear_ok(&run, &s);
			expect_event_count(&run, g == 0);
			if (g == 0)
				expect_keydown(&run, 0, protocols[p], 0xa5a, 0);
		}
	}
	decoder_run_close(&run);
}
END_TEST

/* What each sample costs, on the round-trip signals of every variant. */
START_TEST(test_cost)
{
	static const char *const decoders[] = {
		"nec_bpf", "rc5_bpf", "rc6_bpf", "sony_bpf", "jvc_bpf", "sanyo_bpf",
		"sharp_bpf", "rcmm_bpf", "xmp_bpf", "imon_bpf", "mce_kbd_bpf",
	};
	size_t d, i;

	for (d = 0; d < sizeof(decoders) / sizeof(decoders[0]); d++) {
		struct decoder_run run;
		struct ir_signal s;
		uint32_t state = SEED;
		int n;

		ir_signal_init(&s);
		decoder_run_open(&run, decoders[d], NULL, 0);
		for (i = 0; i < VARIANT_COUNT; i++) {
			if (strcmp(variants[i].decoder, decoders[d]) != 0)
				continue;
			for (n = 0; n < ROUNDTRIPS; n++) {
				ir_signal_free(&s);
				encode_variant(&s, &variants[i], random_scancode(&variants[i], &state),
					       n % 2);
				decoder_run_feed(&run, &s);
			}
		}
		/* Far below the VM's budget: no decoder loops for long. */
		ck_assert_uint_lt(decoder_run_print_cost(&run), 1000);
		ir_signal_free(&s);
		decoder_run_close(&run);
	}
}
END_TEST

static Suite *decoder_ports_suite(void)
{
	Suite *s = suite_create("decoder-ports");
	TCase *tc;

	tc = tcase_create("roundtrip");
	tcase_add_loop_test(tc, test_roundtrip, 0, VARIANT_COUNT);
	suite_add_tcase(s, tc);

	tc = tcase_create("frames");
	tcase_add_loop_test(tc, test_back_to_back, 0, VARIANT_COUNT);
	tcase_add_loop_test(tc, test_timeout_ends_frame, 0, VARIANT_COUNT);
	tcase_add_loop_test(tc, test_noise_between_frames, 0, VARIANT_COUNT);
	tcase_add_loop_test(tc, test_truncated_frames, 0, VARIANT_COUNT);
	tcase_add_loop_test(tc, test_overflow_resets, 0, VARIANT_COUNT);
	suite_add_tcase(s, tc);

	tc = tcase_create("tolerance");
	tcase_add_loop_test(tc, test_tolerance_edges, 0, TOLERANCE_COUNT);
	suite_add_tcase(s, tc);

	tc = tcase_create("repeat");
	tcase_add_test(tc, test_nec_repeats);
	tcase_add_test(tc, test_sanyo_repeats);
	tcase_add_test(tc, test_jvc_repeats_and_toggle);
	tcase_add_test(tc, test_xmp_repeats);
	tcase_add_test(tc, test_xmp_short_zero_nibble);
	tcase_add_test(tc, test_xmp_nibble_rounding);
	tcase_add_test(tc, test_xmp_nibble_over_15);
	tcase_add_test(tc, test_xmp_pulse_window);
	tcase_add_test(tc, test_xmp_space_windows);
	tcase_add_test(tc, test_imon_stick);
	tcase_add_test(tc, test_rc5_starts_out_of_silence);
	tcase_add_test(tc, test_imon_low_byte);
	tcase_add_test(tc, test_rcmm_short_frame_gap);
	suite_add_tcase(s, tc);

	tc = tcase_create("cost");
	tcase_add_test(tc, test_cost);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = decoder_ports_suite);
