// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * samsung36: the 36-bit protocol of some Samsung remotes (DecodeIR's Samsung36): a
 * 4.5 ms header pulse and space, 16 bits, a 500 µs pulse and a 4.5 ms marker space,
 * 20 more bits and a trailer pulse. Every bit is a 500 µs pulse and a space of 500 µs
 * (0) or about 1.5 ms (1). The scancode is the 36 bits in the order received, first
 * highest (as v4l-utils' keymaps have it); protocol 69.
 *
 * Parameters margin and rc_protocol as v4l-utils' decoder of the same name has them.
 */
#include "ir_decoder.h"

#define SAMSUNG36_HEADER_PULSE	4500	/* µs */
#define SAMSUNG36_HEADER_SPACE	4500
#define SAMSUNG36_BIT_PULSE	500
#define SAMSUNG36_BIT_0_SPACE	500
#define SAMSUNG36_BIT_1_SPACE	1600
#define SAMSUNG36_MARKER_SPACE	4450
#define SAMSUNG36_TRAILER_PULSE	500
#define SAMSUNG36_MARKER_AFTER	16	/* bits before the marker */
#define SAMSUNG36_NBITS		36

enum samsung36_state {
	SAMSUNG36_STATE_INACTIVE,
	SAMSUNG36_STATE_HEADER_SPACE,
	SAMSUNG36_STATE_BIT_PULSE,
	SAMSUNG36_STATE_BIT_SPACE,
	SAMSUNG36_STATE_TRAILER,
	SAMSUNG36_STATE_MAX,
};

struct samsung36_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int count;
	unsigned int marker_seen;
};

IR_PARAM(int, margin) = 300;
IR_PARAM(int, rc_protocol) = 69;

static struct samsung36_decoder samsung36_state;

SEC("lirc_mode2/samsung36")
int samsung36(unsigned int *sample)
{
	struct samsung36_decoder *d = &samsung36_state;
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
	case SAMSUNG36_STATE_INACTIVE:
		if (!pulse || !ir_eq_margin(duration, SAMSUNG36_HEADER_PULSE, m))
			break;
		d->bits = 0;
		d->count = 0;
		d->marker_seen = 0;
		d->state = SAMSUNG36_STATE_HEADER_SPACE;
		return 0;

	case SAMSUNG36_STATE_HEADER_SPACE:
		if (pulse || !ir_eq_margin(duration, SAMSUNG36_HEADER_SPACE, m))
			break;
		d->state = SAMSUNG36_STATE_BIT_PULSE;
		return 0;

	case SAMSUNG36_STATE_BIT_PULSE:
		if (!pulse || !ir_eq_margin(duration, SAMSUNG36_BIT_PULSE, m))
			break;
		d->state = SAMSUNG36_STATE_BIT_SPACE;
		return 0;

	case SAMSUNG36_STATE_BIT_SPACE:
		if (pulse)
			break;
		if (d->count == SAMSUNG36_MARKER_AFTER && !d->marker_seen) {
			if (!ir_eq_margin(duration, SAMSUNG36_MARKER_SPACE, m))
				break;
			d->marker_seen = 1;
			d->state = SAMSUNG36_STATE_BIT_PULSE;
			return 0;
		}
		if (ir_eq_margin(duration, SAMSUNG36_BIT_1_SPACE, m))
			d->bits = d->bits << 1 | 1;
		else if (ir_eq_margin(duration, SAMSUNG36_BIT_0_SPACE, m))
			d->bits = d->bits << 1;
		else
			break;
		d->count++;
		d->state = d->count == SAMSUNG36_NBITS ? SAMSUNG36_STATE_TRAILER :
							 SAMSUNG36_STATE_BIT_PULSE;
		return 0;

	case SAMSUNG36_STATE_TRAILER:
		if (!pulse || !ir_eq_margin(duration, SAMSUNG36_TRAILER_PULSE, m))
			break;
		bpf_rc_keydown(sample, rc_protocol, d->bits, 0);
		d->state = SAMSUNG36_STATE_INACTIVE;
		return 0;
	}

reset:
	d->state = SAMSUNG36_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
