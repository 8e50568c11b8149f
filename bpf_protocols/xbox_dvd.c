// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * xbox_dvd: the remote of the first XBox's DVD playback kit, received by an ordinary IR
 * receiver (with the kit's own USB receiver the kernel's xbox_remote driver decodes
 * it). A pulse-distance protocol: a header pulse and space, 24 bits MSB first (each a
 * bit_pulse and a bit_0_space or bit_1_space), a trailer pulse. The first half of the
 * bits is the inverse of the second half, which is the scancode (12 bits for the
 * default 24); protocol 68, as v4l-utils numbers it.
 *
 * Parameters, names and defaults as v4l-utils' decoder of the same name has them.
 */
#include "ir_decoder.h"

#define XBOX_MAX_BITS	64

enum xbox_state {
	XBOX_STATE_INACTIVE,
	XBOX_STATE_HEADER_SPACE,
	XBOX_STATE_BIT_PULSE,
	XBOX_STATE_BIT_SPACE,
	XBOX_STATE_TRAILER,
	XBOX_STATE_MAX,
};

struct xbox_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int count;
};

IR_PARAM(int, margin) = 200;
IR_PARAM(int, header_pulse) = 4000;
IR_PARAM(int, header_space) = 3900;
IR_PARAM(int, bit_pulse) = 550;
IR_PARAM(int, bit_0_space) = 900;
IR_PARAM(int, bit_1_space) = 1900;
IR_PARAM(int, trailer_pulse) = 550;
IR_PARAM(int, bits) = 24;
IR_PARAM(int, rc_protocol) = 68;

static struct xbox_decoder xbox_state;

SEC("lirc_mode2/xbox_dvd")
int xbox_dvd(unsigned int *sample)
{
	struct xbox_decoder *d = &xbox_state;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	switch (d->state) {
	case XBOX_STATE_INACTIVE:
		if (!pulse || !ir_eq_margin(duration, header_pulse, m))
			break;
		d->bits = 0;
		d->count = 0;
		d->state = XBOX_STATE_HEADER_SPACE;
		return 0;

	case XBOX_STATE_HEADER_SPACE:
		if (pulse || !ir_eq_margin(duration, header_space, m))
			break;
		d->state = XBOX_STATE_BIT_PULSE;
		return 0;

	case XBOX_STATE_BIT_PULSE:
		if (!pulse || !ir_eq_margin(duration, bit_pulse, m))
			break;
		d->state = XBOX_STATE_BIT_SPACE;
		return 0;

	case XBOX_STATE_BIT_SPACE:
		if (pulse || d->count >= XBOX_MAX_BITS)
			break;
		if (ir_eq_margin(duration, bit_1_space, m))
			d->bits = d->bits << 1 | 1;
		else if (ir_eq_margin(duration, bit_0_space, m))
			d->bits = d->bits << 1;
		else
			break;
		d->count++;
		d->state = d->count >= bits ? XBOX_STATE_TRAILER : XBOX_STATE_BIT_PULSE;
		return 0;

	case XBOX_STATE_TRAILER: {
		unsigned int half = d->count / 2;
		unsigned long long mask = (1ULL << (half & 63)) - 1;
		unsigned long long code = d->bits & mask;

		if (!pulse || !ir_eq_margin(duration, trailer_pulse, m))
			break;
		/* The first half must be the inverse of the second. */
		if ((d->bits >> half & mask) == (~code & mask))
			bpf_rc_keydown(sample, rc_protocol, code, 0);
		d->state = XBOX_STATE_INACTIVE;
		return 0;
	}
	}

reset:
	d->state = XBOX_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
